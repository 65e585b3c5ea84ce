"""Gaia Project's sprites: the buildings, markers and planets the renderer pastes, drawn
supersampled, reduced and cached; and the planets' colours (a faction's colour is its home
planet's, as on the physical pieces)."""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from . import common as c

RGB = c.RGB
SPRITE_SS = 3     # supersampling of sprites

PLANET_COLOURS: dict[str, tuple[int, int, int]] = {
    "r": (38, 112, 228),     # Terra: blue
    "d": (246, 214, 52),     # Desert: yellow
    "s": (128, 82, 44),      # Swamp: brown
    "o": (214, 44, 38),      # Oxide: red
    "v": (246, 138, 28),     # Volcanic: orange
    "t": (142, 142, 152),    # Titanium: grey
    "i": (242, 246, 252),    # Ice: white
    "g": (52, 176, 72),      # Gaia: green
    "m": (138, 74, 192),     # Transdim: purple
    "l": (24, 20, 30),       # Lost Planet: black with a magenta rim
}
LOST_RIM = (236, 80, 200)



def _shape_points(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if kind in ("m", "lp", "gm"):      # a house
        return [(cx, cy - r), (cx + 0.85 * r, cy - 0.25 * r), (cx + 0.85 * r, cy + 0.85 * r),
                (cx - 0.85 * r, cy + 0.85 * r), (cx - 0.85 * r, cy - 0.25 * r)]
    if kind == "ts":
        s = 0.8 * r
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if kind == "PI":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if kind == "lab":                  # a triangle (never mistaken for a planet disc)
        return [(cx, cy - 1.05 * r), (cx + r, cy + 0.72 * r), (cx - r, cy + 0.72 * r)]
    if kind == "sp":
        pts = []
        for i in range(8):
            a = math.pi / 4 * i
            rr = r if i % 2 == 0 else r * 0.38
            pts.append((cx + rr * math.sin(a), cy - rr * math.cos(a)))
        return pts
    if kind in ("ac1", "ac2"):         # a dome: half disc on a block
        pts = [(cx - 0.9 * r, cy + 0.8 * r), (cx + 0.9 * r, cy + 0.8 * r)]
        for i in range(0, 13):
            a = math.pi * i / 12
            pts.append((cx + 0.9 * r * math.cos(a), cy - 0.1 * r - 0.9 * r * math.sin(a)))
        return pts
    raise ValueError(kind)


def _canvas(r: int) -> tuple[int, Image.Image, ImageDraw.ImageDraw, float, int]:
    """A sprite's supersampled canvas for radius ``r``: its final size, the image, its draw,
    the centre and the radius at ``SPRITE_SS`` times the size."""
    size = int(2 * r + 6)
    im = Image.new("RGBA", (size * SPRITE_SS, size * SPRITE_SS), (0, 0, 0, 0))
    return size, im, ImageDraw.Draw(im), size * SPRITE_SS / 2, r * SPRITE_SS


@lru_cache(maxsize=512)
def building_sprite(kind: str, fill: RGB, r: int, letter: str = "") -> Image.Image:
    """A building (or marker) of radius ``r`` px: its shape in ``fill`` with a black outline."""
    size, im, d, cx, rr = _canvas(r)
    cy = cx
    ow = max(2, int(round(rr * 0.16)))
    if kind in ("disc", "sat"):
        d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=fill, outline=(0, 0, 0), width=ow)
    elif kind == "ring":
        d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline=(0, 0, 0), width=int(rr * 0.42))
        d.ellipse((cx - rr + ow * 0.6, cy - rr + ow * 0.6, cx + rr - ow * 0.6, cy + rr - ow * 0.6),
                  outline=fill, width=int(rr * 0.42 - ow * 1.1))
    else:
        d.polygon(_shape_points(kind, cx, cy, rr), fill=fill, outline=(0, 0, 0), width=ow)
    if letter:
        fs = int(rr * (0.95 if len(letter) == 1 else 0.72 if len(letter) == 2 else 0.52))
        ty = cy + (0.18 * rr if kind in ("ac1", "ac2", "m") else 0)
        d.text((cx, ty), letter, font=c.font(fs, True), fill=c.contrast_text(fill), anchor="mm")
    return im.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def planet_sprite(planet: str, r: int) -> Image.Image:
    size, im, d, cx, rr = _canvas(r)
    cy = cx
    fill = PLANET_COLOURS[planet]
    if planet == "l":
        d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=fill, outline=LOST_RIM, width=int(rr * 0.22))
        d.arc((cx - rr * 0.55, cy - rr * 0.55, cx + rr * 0.55, cy + rr * 0.55), 200, 340,
              fill=(255, 255, 255), width=int(rr * 0.12))
    else:
        rim = c.mix(fill, (255, 255, 255), 0.55) if c.luminance(fill) < 0.5 else c.mix(fill, (0, 0, 0), 0.35)
        d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=fill, outline=rim, width=max(2, int(rr * 0.1)))
        # a soft highlight so a disc reads as a planet
        hl = c.mix(fill, (255, 255, 255), 0.35)
        d.ellipse((cx - rr * 0.55, cy - rr * 0.6, cx - rr * 0.1, cy - rr * 0.2), fill=hl)
        if planet == "m":      # transdim: a dashed inner ring
            for i in range(0, 360, 40):
                d.arc((cx - rr * 0.7, cy - rr * 0.7, cx + rr * 0.7, cy + rr * 0.7), i, i + 22,
                      fill=(230, 210, 255), width=max(2, int(rr * 0.09)))
    return im.resize((size, size), Image.Resampling.LANCZOS)
