"""Shared drawing helpers for every game's renderer.

Everything here is pure Pillow: no Discord, no I/O except reading the bundled fonts.
Renderers build a ``PIL.Image`` with these helpers; the bot encodes it with :func:`to_png`
at the Discord edge.

Conventions
-----------
* Colours are RGB tuples.  Player colours come from :data:`PLAYER_COLOURS`, chosen from
  the Okabe-Ito palette so that they stay apart for the common colour-vision deficiencies;
  each also has a letter and a shape so colour is never the only cue.
* Text is drawn with the bundled DejaVu fonts (Pillow's default font lacks Hungarian
  accented capitals such as Ő and Ű).
* Text positions use Pillow anchors (``"mm"`` = middle/middle, ``"la"`` = left/ascender...).
"""
from __future__ import annotations

import dataclasses
import enum
import hashlib
import io
import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from PIL import Image, ImageChops, ImageDraw, ImageFont

import data

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore   # what FreeTypeFont.getmask2 returns (Pillow's C core)

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

# ----------------------------------------------------------------------------------------
# Fonts and text
# ----------------------------------------------------------------------------------------

FONT_REGULAR = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font that remembers what it measured and the glyph masks it rendered.

    The same labels (names, resource words, numbers) are drawn on every image, and text is
    most of the drawing time: cached masks draw the same pixels 3-4x faster.  A mask is
    rendered at a whole-pixel start (Pillow renders a sub-pixel start fraction: at most a
    fraction of a pixel's shift).  Each cache holds at most ``LIMIT`` entries per font and
    is emptied when full (labels repeat; a game's texts fit many times over).
    """

    LIMIT = 4096

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._masks: dict[tuple[object, ...], tuple[ImagingCore, tuple[int, int]]] = {}
        self._lengths: dict[tuple[str, str], float] = {}
        self._boxes: dict[tuple[str, str, float, str | None], tuple[float, float, float, float]] = {}

    def getmask2(self, text: str | bytes, mode: str = "", direction: str | None = None,
                 features: list[str] | None = None, language: str | None = None, stroke_width: float = 0,
                 anchor: str | None = None, ink: int = 0, start: tuple[float, float] | None = None,
                 *args: Any, **kwargs: Any) -> tuple[ImagingCore, tuple[int, int]]:
        if direction or features or language or args or mode == "RGBA" or not isinstance(text, str):
            return super().getmask2(text, mode, direction, features, language, stroke_width, anchor, ink,
                                    start, *args, **kwargs)
        key = (text, mode, stroke_width, anchor, tuple(sorted(kwargs.items())))
        hit = self._masks.get(key)
        if hit is None:
            if len(self._masks) >= self.LIMIT:
                self._masks.clear()
            hit = self._masks[key] = super().getmask2(text, mode, None, None, None, stroke_width, anchor, ink,
                                                      (0, 0), **kwargs)
        return hit

    def getlength(self, text: str | bytes, mode: str = "", direction: str | None = None,
                  features: list[str] | None = None, language: str | None = None) -> float:
        if direction or features or language or not isinstance(text, str):
            return super().getlength(text, mode, direction, features, language)
        key = (text, mode)
        hit = self._lengths.get(key)
        if hit is None:
            if len(self._lengths) >= self.LIMIT:
                self._lengths.clear()
            hit = self._lengths[key] = super().getlength(text, mode)
        return hit

    def getbbox(self, text: str | bytes | bytearray, mode: str = "", direction: str | None = None,
                features: list[str] | None = None, language: str | None = None, stroke_width: float = 0,
                anchor: str | None = None) -> tuple[float, float, float, float]:
        if direction or features or language or not isinstance(text, str):
            return super().getbbox(text, mode, direction, features, language, stroke_width, anchor)
        key = (text, mode, stroke_width, anchor)
        hit = self._boxes.get(key)
        if hit is None:
            if len(self._boxes) >= self.LIMIT:
                self._boxes.clear()
            hit = self._boxes[key] = super().getbbox(text, mode, None, None, None, stroke_width, anchor)
        return hit


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at ``size`` pixels, with cached measurements and glyph masks
    (see :class:`CachedFont`; loading a TTF costs ~1 ms)."""
    size = max(1, int(round(size)))
    name = FONT_BOLD if bold else FONT_REGULAR
    return CachedFont(str(data.path("fonts", name)), size)


_MEASURE = ImageDraw.Draw(Image.new("L", (1, 1)))   # measures multi-line text (draws nothing)


def text_size(text: str, fnt: ImageFont.FreeTypeFont, *, stroke_width: int = 0) -> tuple[float, float]:
    """Width and height of the ink of ``text`` (multi-line text is measured as a block)."""
    if "\n" in text:
        left, top, right, bottom = _MEASURE.multiline_textbbox((0, 0), text, font=fnt, stroke_width=stroke_width)
    else:
        left, top, right, bottom = fnt.getbbox(text, stroke_width=stroke_width)
    return right - left, bottom - top


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, *,
              size: int = 16, bold: bool = False, fill: RGB = (0, 0, 0),
              anchor: str = "la", fnt: ImageFont.FreeTypeFont | None = None) -> None:
    """Plain text at ``xy`` with a Pillow anchor (default left/ascender)."""
    fnt = fnt or font(size, bold)
    if "\n" in text:
        draw.multiline_text(xy, text, font=fnt, fill=fill, anchor=anchor, align=_align(anchor))
    else:
        draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)


def draw_text_centered(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, *,
                       size: int = 16, bold: bool = False, fill: RGB = (0, 0, 0),
                       fnt: ImageFont.FreeTypeFont | None = None) -> None:
    """Text centred (horizontally and vertically) on ``centre``."""
    draw_text(draw, centre, text, size=size, bold=bold, fill=fill, anchor="mm", fnt=fnt)


def draw_text_outlined(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, *,
                       size: int = 16, bold: bool = True, fill: RGB = (255, 255, 255),
                       outline: RGB | None = None, outline_width: int | None = None,
                       anchor: str = "mm", fnt: ImageFont.FreeTypeFont | None = None) -> None:
    """Text with a halo so it stays legible on any background.

    ``outline`` defaults to black or white, whichever contrasts with ``fill``; the halo
    width defaults to about a tenth of the font size (at least 2 px).
    """
    fnt = fnt or font(size, bold)
    if outline is None:
        outline = contrast_text(fill)
    if outline_width is None:
        outline_width = max(2, int(round(fnt.size / 10)))
    kwargs: dict[str, Any] = dict(font=fnt, fill=fill, anchor=anchor, stroke_width=outline_width, stroke_fill=outline)
    if "\n" in text:
        draw.multiline_text(xy, text, align=_align(anchor), **kwargs)
    else:
        draw.text(xy, text, **kwargs)


def _align(anchor: str) -> str:
    return {"l": "left", "m": "center", "r": "right"}.get(anchor[0], "left")


@lru_cache(maxsize=8192)
def fit_font(text: str, width: float, height: float, *, max_size: int = 48, min_size: int = 8,
             bold: bool = False) -> ImageFont.FreeTypeFont:
    """The largest font (between ``min_size`` and ``max_size``) whose ink fits the box.

    Never returns a font smaller than ``min_size``: if even that does not fit, the caller
    should shorten the text (see :func:`ellipsize`).  Cached: the same labels are fitted
    into the same boxes on every image.
    """
    lo, hi = min_size, max(min_size, max_size)
    best = font(lo, bold)
    while lo <= hi:
        mid = (lo + hi) // 2
        candidate = font(mid, bold)
        w, h = text_size(text, candidate)
        if "\n" not in text:
            w = max(w, candidate.getlength(text))   # the advance, as ellipsize() measures it
        if w <= width and h <= height:
            best, lo = candidate, mid + 1
        else:
            hi = mid - 1
    return best


def ellipsize(text: str, fnt: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with an ellipsis so its advance fits ``width`` (unchanged if it fits)."""
    if fnt.getlength(text) <= width:
        return text
    ell = "…"
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.getlength(text[:mid].rstrip() + ell) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ell


# Hungarian syllables (AkH. 226-230): a line may end inside a word only between syllables, with
# a hyphen: one consonant goes to the next line (a-lap), of several the last one does (kap-ta,
# temp-lom); the digraphs are one consonant (lány-ka, kas-sza is left as the rare exception).
_VOWELS = set("aáeéiíoóöőuúüűyAÁEÉIÍOÓÖŐUÚÜŰY")
_DIGRAPHS = ("dzs", "cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs")


def syllable_breaks(word: str) -> list[int]:
    """Where ``word`` may be broken at a line end (positions inside it, at least two letters
    on each side): ``syllable_breaks("Lávacsatornák")`` -> the places of Lá-va-csa-tor-nák."""
    units: list[tuple[int, str]] = []          # (start, letter), digraphs as one letter
    index = 0
    while index < len(word):
        size = next((len(d) for d in _DIGRAPHS if word[index:index + len(d)].lower() == d), 1)
        units.append((index, word[index:index + size]))
        index += size
    breaks = []
    vowels = [n for n, (_start, letter) in enumerate(units) if letter in _VOWELS]
    for first, second in zip(vowels, vowels[1:]):
        between = units[first + 1:second]
        if not all(letter.isalpha() for _start, letter in between):
            continue                            # never across a hyphen, digit or sign
        cut = units[second - 1][0] if between else units[second][0]   # before the last consonant
        if 2 <= cut <= len(word) - 2:
            breaks.append(cut)
    return breaks


def wrap_words(text: str, fnt: ImageFont.FreeTypeFont, width: float, max_lines: int = 2) -> list[str]:
    """``text`` in lines of at most ``width``: broken at spaces and after hyphens, and a word
    too long for a line at a syllable, with a hyphen (``Kvantumszámító-`` / ``gép``), so a long
    Hungarian word wraps instead of being cut.  At most ``max_lines`` lines (the last one may
    still be too long: the caller shortens it)."""
    if fnt.getlength(text) <= width:
        return [text]
    for fill in (False, True):      # first whole words on a line; if that takes too many, fill lines
        lines = _wrap(text, fnt, width, fill)
        if len(lines) <= max_lines:
            return lines
    last = lines[max_lines - 1]
    for line in lines[max_lines:]:     # the rest as the text had it (a hyphen of a syllable break goes)
        last = next((joined for joined in (f"{last} {line}", last + line, last[:-1] + line) if joined.rstrip("-") in text),
                    f"{last} {line}")
    return lines[:max_lines - 1] + [last]


def _wrap(text: str, fnt: ImageFont.FreeTypeFont, width: float, fill: bool) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        trial = f"{current} {word}" if current else word
        if fnt.getlength(trial) <= width:
            current = trial
            continue
        if current and not fill:
            lines.append(current)
            current, trial = "", word
        prefix = f"{current} " if current else ""
        rest = word
        while fnt.getlength(prefix + rest) > width:
            cuts = sorted({n + 1 for n, ch in enumerate(rest[:-1]) if ch == "-"} | set(syllable_breaks(rest)))
            heads = [rest[:cut] if rest[cut - 1] == "-" else rest[:cut] + "-" for cut in cuts]
            fitting = [(cut, head) for cut, head in zip(cuts, heads) if fnt.getlength(prefix + head) <= width]
            if not fitting:
                if prefix:                      # the word's first piece does not fit here: a new line
                    lines.append(prefix.rstrip())
                    prefix = ""
                    continue
                break                           # not even one syllable fits: left for the caller to cut
            cut, head = fitting[-1]
            lines.append(prefix + head)
            prefix, rest = "", rest[cut:]
        current = prefix + rest
    if current:
        lines.append(current)
    return lines


def draw_text_in_box(draw: ImageDraw.ImageDraw, box: Box, text: str, *, max_size: int = 48,
                     min_size: int = 8, bold: bool = False, fill: RGB = (0, 0, 0),
                     padding: float = 2, align: str = "center", outline: RGB | None = None) -> ImageFont.FreeTypeFont:
    """Text as large as fits inside ``box`` (shortened with … if even ``min_size`` is too big).

    ``align`` is "left", "center" or "right"; the text is vertically centred.  Returns the
    font used so neighbouring labels can share it.
    """
    x0, y0, x1, y1 = box
    w, h = max(1.0, x1 - x0 - 2 * padding), max(1.0, y1 - y0 - 2 * padding)
    fnt = fit_font(text, w, h, max_size=max_size, min_size=min_size, bold=bold)
    if "\n" not in text:
        text = ellipsize(text, fnt, w)
    cy = (y0 + y1) / 2
    if align == "left":
        xy, anchor = (x0 + padding, cy), "lm"
    elif align == "right":
        xy, anchor = (x1 - padding, cy), "rm"
    else:
        xy, anchor = ((x0 + x1) / 2, cy), "mm"
    if outline is not None:
        draw_text_outlined(draw, xy, text, fnt=fnt, fill=fill, outline=outline, anchor=anchor)
    else:
        draw_text(draw, xy, text, fnt=fnt, fill=fill, anchor=anchor)
    return fnt


# ----------------------------------------------------------------------------------------
# Colours
# ----------------------------------------------------------------------------------------

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
INK: RGB = (20, 22, 28)            # near-black text on light panels
PAPER: RGB = (244, 241, 232)       # light panel background
NIGHT: RGB = (14, 18, 38)          # dark board background
GREY: RGB = (128, 128, 128)
MUTED: RGB = (90, 94, 104)


@dataclass(frozen=True)
class PlayerColour:
    """A seat colour: fill, a darker edge, the text colour that reads on it, a letter and a
    shape, so players can tell seats apart without relying on hue alone."""

    name: str
    fill: RGB
    dark: RGB
    text: RGB
    letter: str
    shape: str      # "circle", "square", "triangle", "diamond"


# Okabe-Ito colours (vermillion, blue, bluish green, yellow): they stay apart under
# protanopia, deuteranopia and tritanopia and differ in lightness too; each is paired with
# a letter and a shape.  Seat order Red, Blue, Green, Yellow (the usual board-game order).
PLAYER_COLOURS: tuple[PlayerColour, ...] = (
    PlayerColour("Red", (213, 94, 0), (140, 55, 0), WHITE, "R", "circle"),
    PlayerColour("Blue", (0, 114, 178), (0, 70, 115), WHITE, "B", "square"),
    PlayerColour("Green", (0, 158, 115), (0, 95, 70), WHITE, "G", "diamond"),
    PlayerColour("Yellow", (240, 228, 66), (150, 135, 0), BLACK, "Y", "triangle"),
)


def player_colour(seat: int) -> PlayerColour:
    """The colour of ``seat`` (seats beyond the palette wrap around)."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def colour_named(name: str, default_seat: int = 0) -> PlayerColour:
    """The palette entry called ``name`` (case-insensitive), else the seat's default."""
    for colour in PLAYER_COLOURS:
        if colour.name.lower() == str(name).lower():
            return colour
    return player_colour(default_seat)


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG) of an sRGB colour, 0..1."""
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio between two colours (1..21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def contrast_text(background: RGB) -> RGB:
    """Black or white, whichever reads better on ``background``."""
    return BLACK if contrast_ratio(background, BLACK) >= contrast_ratio(background, WHITE) else WHITE


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend: t=0 gives a, t=1 gives b."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


# ----------------------------------------------------------------------------------------
# Shapes, panels, tokens
# ----------------------------------------------------------------------------------------

def circle_box(cx: float, cy: float, r: float) -> Box:
    return (cx - r, cy - r, cx + r, cy + r)


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Polygon points for "square", "triangle", "diamond" (or a 24-gon for "circle")."""
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "circle":
        return [(cx + r * math.sin(2 * math.pi * i / 24), cy - r * math.cos(2 * math.pi * i / 24))
                for i in range(24)]
    raise ValueError(f"unknown shape {shape!r}")


def draw_shape(draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, *,
               fill: RGB | None, outline: RGB | None = None, width: int = 1) -> None:
    if shape == "circle":
        draw.ellipse(circle_box(cx, cy, r), fill=fill, outline=outline, width=width)
    else:
        draw.polygon(shape_points(shape, cx, cy, r), fill=fill, outline=outline, width=width)


def draw_player_token(draw: ImageDraw.ImageDraw, seat: int | PlayerColour, cx: float, cy: float,
                      r: float, *, letter: str | None = None, outline: RGB = BLACK) -> None:
    """A seat's marker: its shape in its colour with its letter on top.

    ``seat`` is a seat number or a :class:`PlayerColour`; ``letter=""`` draws no letter.
    """
    colour = seat if isinstance(seat, PlayerColour) else player_colour(seat)
    draw_shape(draw, colour.shape, cx, cy, r, fill=colour.fill, outline=outline,
               width=max(1, int(r / 7)))
    text = colour.letter if letter is None else letter
    if text:
        triangle = colour.shape == "triangle"
        dy = r * 0.22 if triangle else 0
        draw_text_centered(draw, (cx, cy + dy), text, size=max(6, int(r * (0.9 if triangle else 1.15))),
                           bold=True, fill=colour.text)


def rounded_panel(draw: ImageDraw.ImageDraw, box: Box, *, radius: float = 12,
                  fill: RGB | None = PAPER, outline: RGB | None = None, width: int = 2) -> None:
    """A rounded rectangle (the background of a player mat, a legend...)."""
    x0, y0, x1, y1 = box
    radius = max(0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
    draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill, outline=outline, width=width)


def labelled_panel(draw: ImageDraw.ImageDraw, box: Box, title: str, *, header_fill: RGB,
                   fill: RGB = PAPER, outline: RGB | None = None, title_size: int = 22,
                   radius: float = 12) -> Box:
    """A rounded panel with a coloured header strip holding ``title``.

    Returns the box of the panel's body (below the header) for the caller to fill.
    """
    x0, y0, x1, y1 = box
    header_h = int(title_size * 1.5)
    rounded_panel(draw, box, radius=radius, fill=fill, outline=outline or header_fill, width=3)
    draw.rounded_rectangle((x0, y0, x1, y0 + header_h), radius=radius, fill=header_fill,
                           corners=(True, True, False, False))
    draw_text_in_box(draw, (x0 + 8, y0, x1 - 8, y0 + header_h), title, max_size=title_size,
                     min_size=10, bold=True, fill=contrast_text(header_fill), align="left")
    return (x0, y0 + header_h, x1, y1)


# ----------------------------------------------------------------------------------------
# Tracks of numbered spaces
# ----------------------------------------------------------------------------------------

def track_boxes(count: int, origin: tuple[float, float], *, cell: tuple[float, float],
                per_row: int | None = None, gap: float = 4, snake: bool = False) -> list[Box]:
    """Boxes of ``count`` track spaces laid out left to right in rows of ``per_row``.

    With ``snake`` every second row runs right to left (like a printed score track).
    """
    per_row = per_row or count
    w, h = cell
    ox, oy = origin
    boxes: list[Box] = []
    for i in range(count):
        row, col = divmod(i, per_row)
        if snake and row % 2 == 1:
            col = per_row - 1 - col
        x = ox + col * (w + gap)
        y = oy + row * (h + gap)
        boxes.append((x, y, x + w, y + h))
    return boxes


def draw_track(draw: ImageDraw.ImageDraw, boxes: Sequence[Box], labels: Sequence[str], *,
               fill: RGB = PAPER, outline: RGB = INK, text_fill: RGB = MUTED,
               special: dict[int, RGB] | None = None, radius: float = 5,
               label_size: int | None = None, label_anchor: str = "top") -> None:
    """Draw track spaces with a small label each (e.g. the space number).

    ``special`` maps a space index to its fill colour (e.g. an acceleration space).
    ``label_anchor`` "top" puts the label in the top-left corner (leaving room for a
    token in the middle); "center" centres it.
    """
    special = special or {}
    for i, (box, label) in enumerate(zip(boxes, labels)):
        x0, y0, x1, y1 = box
        rounded_panel(draw, box, radius=radius, fill=special.get(i, fill), outline=outline, width=2)
        if not label:
            continue
        size = label_size or max(8, int(min(x1 - x0, y1 - y0) * (0.3 if label_anchor == "top" else 0.55)))
        colour = contrast_text(special[i]) if i in special else text_fill
        if label_anchor == "top":
            draw_text(draw, (x0 + 3, y0 + 2), label, size=size, fill=colour, anchor="la")
        else:
            draw_text_centered(draw, ((x0 + x1) / 2, (y0 + y1) / 2), label, size=size, fill=colour)


# ----------------------------------------------------------------------------------------
# Hex geometry (Gaia Project and other hex maps)
# ----------------------------------------------------------------------------------------

SQRT3 = math.sqrt(3)


def hex_corners(cx: float, cy: float, size: float, *, pointy: bool = True) -> list[tuple[float, float]]:
    """The six corners of a hex of circumradius ``size`` centred on (cx, cy).

    Pointy-top hexes have a corner straight up; flat-top hexes have a flat top edge.
    Corners go clockwise on screen (y grows downwards).
    """
    offset = -90 if pointy else 0
    return [(cx + size * math.cos(math.radians(offset + 60 * i)),
             cy + size * math.sin(math.radians(offset + 60 * i))) for i in range(6)]


def axial_to_pixel(q: float, r: float, size: float, *, pointy: bool = True,
                   origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Centre of axial hex (q, r) for hexes of circumradius ``size``."""
    if pointy:
        x = size * (SQRT3 * q + SQRT3 / 2 * r)
        y = size * (1.5 * r)
    else:
        x = size * (1.5 * q)
        y = size * (SQRT3 / 2 * q + SQRT3 * r)
    return origin[0] + x, origin[1] + y


def cube_to_pixel(x: float, y: float, z: float, size: float, *, pointy: bool = True,
                  origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Centre of cube hex (x, y, z) with x + y + z == 0 (q = x, r = z)."""
    if abs(x + y + z) > 1e-9:
        raise ValueError(f"cube coordinates must sum to 0, got {(x, y, z)}")
    return axial_to_pixel(x, z, size, pointy=pointy, origin=origin)


def axial_to_cube(q: float, r: float) -> tuple[float, float, float]:
    return q, -q - r, r


def cube_to_axial(x: float, y: float, z: float) -> tuple[float, float]:
    return x, z


def cube_round(x: float, y: float, z: float) -> tuple[int, int, int]:
    """Nearest hex to fractional cube coordinates."""
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return int(rx), int(ry), int(rz)


def pixel_to_axial(px: float, py: float, size: float, *, pointy: bool = True,
                   origin: tuple[float, float] = (0.0, 0.0)) -> tuple[int, int]:
    """The axial hex containing pixel (px, py) (inverse of :func:`axial_to_pixel`)."""
    x, y = (px - origin[0]) / size, (py - origin[1]) / size
    if pointy:
        q = SQRT3 / 3 * x - y / 3
        r = 2 / 3 * y
    else:
        q = 2 / 3 * x
        r = -x / 3 + SQRT3 / 3 * y
    cx, cy, cz = cube_round(*axial_to_cube(q, r))
    return int(cx), int(cz)


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two axial hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return int((abs(dq) + abs(dr) + abs(dq + dr)) // 2)


AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in AXIAL_DIRECTIONS]


def draw_hex(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, *, pointy: bool = True,
             fill: RGB | None = None, outline: RGB | None = BLACK, width: int = 1) -> None:
    draw.polygon(hex_corners(cx, cy, size, pointy=pointy), fill=fill, outline=outline, width=width)


# ----------------------------------------------------------------------------------------
# Whole images
# ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ChatPart:
    """An image a chat renderer gives without drawing it yet: ``inputs`` is everything its
    drawing reads from the view (plain data: numbers, strings, enums, tuples, lists, dicts,
    sets, dataclasses such as ``Msg``), ``draw`` draws it.  The host draws and encodes it only
    when the image the thread shows at its position came from other inputs (or another
    language or other player names), so a part a move did not touch costs one digest of its
    inputs instead of its drawing, a hash of its pixels and (when changed) its encoding.

    The inputs must decide the pixels: an input left out leaves a stale image in the thread.
    A renderer may mix parts and plain images, and yield ``(position, part)`` like images.
    Parts cut from one drawing (a map in quarters) share it: each ``draw`` calls one local
    ``functools.cache``-d function that draws the whole once, then crops its part; their
    inputs are then the whole drawing's, so they are drawn again together."""

    inputs: Any
    draw: Callable[[], Image.Image]


def inputs_digest(*values: Any) -> str:
    """A digest of plain data that is the same in every process and run: sets and dicts are
    ordered by their items' encodings (string hashing differs between processes), dataclasses
    by their fields.  Anything else (an object whose repr holds its address) is refused.

    The digest is SHA-256 of one byte stream (see :func:`_feed` for its grammar), built as
    text pieces and hashed in one call: the same digests as hashing it piece by piece (what
    threads store stays valid), with less of Python's per-value work."""
    stream = _Stream()
    _feed(stream, values)
    return hashlib.sha256(stream.data()).hexdigest()[:32]


def _encoded(value: Any) -> bytes:
    """The SHA-256 of one value's stream: a set's or dict's items are ordered by it."""
    stream = _Stream()
    _feed(stream, value)
    return hashlib.sha256(stream.data()).digest()


class _Stream:
    """The bytes :func:`_feed` appends: text pieces, and here and there binary ones (the
    sorted digests of a set's or dict's items) kept apart with the text position they follow."""

    __slots__ = ("text", "binary")

    def __init__(self) -> None:
        self.text: list[str] = []
        self.binary: list[tuple[int, bytes]] = []

    def data(self) -> bytes:
        if not self.binary:
            return "".join(self.text).encode()
        out = bytearray()
        start = 0
        for position, blob in self.binary:
            out += "".join(self.text[start:position]).encode()
            out += blob
            start = position
        out += "".join(self.text[start:]).encode()
        return bytes(out)


_SCALARS = frozenset({type(None), bool, int, float, str, bytes})


_SHAPES: dict[type, tuple[str, tuple[str, ...]]] = {}


def _dataclass_shape(cls: type) -> tuple[str, tuple[str, ...]]:
    """A dataclass's opening text and its fields' names, in order (looked up once per class)."""
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = (f"{cls.__module__}.{cls.__qualname__}(",
                                tuple(spec.name for spec in dataclasses.fields(cls)))
    return shape


def _feed(stream: _Stream, value: Any) -> None:
    """Append ``value``'s stream: a scalar ``type:repr;``, an enum ``enum:Class.NAME;``, a tuple
    or list ``tuple[n:`` its items ``]``, a set ``set[n:`` its items' sorted digests ``]``, a
    dict ``dict[n:`` its (key digest + value digest)s sorted ``]``, a dataclass
    ``module.Class(`` then ``name=`` and the value of each field ``)``."""
    text = stream.text
    kind = type(value)
    if kind in _SCALARS:      # the exact types first (most values): a subclass (IntEnum) below
        text.append(f"{kind.__name__}:{value!r};")
    elif kind is tuple or kind is list or (isinstance(value, (tuple, list)) and not isinstance(value, enum.Enum)):
        text.append(f"{kind.__name__}[{len(value)}:")
        for item in value:
            item_kind = type(item)
            if item_kind in _SCALARS:     # inline: most items are scalars
                text.append(f"{item_kind.__name__}:{item!r};")
            else:
                _feed(stream, item)
        text.append("]")
    elif isinstance(value, (bool, int, float, str, bytes)):
        text.append(f"{kind.__name__}:{value!r};")
    elif isinstance(value, enum.Enum):
        text.append(f"enum:{kind.__qualname__}.{value.name};")
    elif isinstance(value, (set, frozenset)):
        text.append(f"set[{len(value)}:")
        stream.binary.append((len(text), b"".join(sorted(_encoded(item) for item in value)) + b"]"))
    elif isinstance(value, dict):
        text.append(f"dict[{len(value)}:")
        stream.binary.append((len(text), b"".join(sorted(_encoded(key) + _encoded(item)
                                                         for key, item in value.items())) + b"]"))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        opening, names = _dataclass_shape(kind)
        text.append(opening)
        for name in names:
            text.append(name + "=")
            field_value = getattr(value, name)
            field_kind = type(field_value)
            if field_kind in _SCALARS:
                text.append(f"{field_kind.__name__}:{field_value!r};")
            else:
                _feed(stream, field_value)
        text.append(")")
    else:
        raise TypeError(f"not plain data, cannot be digested the same in every process: {type(value).__name__}")


def to_png(image: Image.Image, *, optimize: bool = True, colors: int = 256) -> bytes:
    """Encode as PNG bytes for Discord (the only place images become bytes).

    ``optimize`` (the default) reduces an opaque image to a palette of ``colors`` colours
    (fast octree, no dithering) before zlib level 3: for flat board art this is visually
    identical, about 2.5x smaller and faster to encode than lossless RGB (and much faster
    than Pillow's ``optimize=True`` zlib search, which saves only ~1 %).
    ``optimize=False`` stores the exact pixels.  RGBA images without any transparency are
    flattened to RGB first; translucent images are always stored losslessly.
    In a process that called :func:`keep_palettes` (the host's workers) an image may take the
    palette chosen lately for an image of its size (see there); elsewhere the bytes are a
    function of the pixels alone.
    """
    if image.mode == "RGBA":
        alpha_min, _ = image.getchannel("A").getextrema()
        if alpha_min == 255:
            image = image.convert("RGB")
    elif image.mode not in ("RGB", "L", "P", "1", "LA"):
        image = image.convert("RGB")
    if optimize and image.mode == "RGB":
        # The palette is chosen from every 4th pixel in each direction (every colour of flat
        # board art appears in large areas, antialiasing shades map to their nearest), then
        # applied to the whole image: 2-3x faster than choosing it from all pixels, with the
        # same fidelity (PSNR 40-43 dB either way on Gaia's images, 2026-11-24).
        sample = image.resize((max(1, image.width // 4), max(1, image.height // 4)), Image.Resampling.NEAREST)
        count = max(2, min(256, colors))
        kept = _PALETTES.take(image.size, count, sample) if _PALETTES is not None else None
        palette = kept.palette if kept is not None else sample.quantize(
            colors=count, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        try:
            image = image.quantize(palette=palette, dither=Image.Dither.NONE)
        finally:
            if _PALETTES is not None:
                _PALETTES.give_back(image.size, count, kept or _KeptPalette.of(palette, sample))
    buffer = io.BytesIO()
    # level 3 against 6, measured on Gaia's late-game images (2026-11-24, 2-core machine):
    # 25 vs 39 ms per image, 205 vs 184 KiB and 134 vs 112 KiB -- speed matters more here
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def _squared_error(image: Image.Image, palette: Image.Image) -> tuple[int, Image.Image]:
    """``image`` (RGB) mapped to ``palette``'s colours: the sum of its squared errors, and the
    per-pixel error (the largest of the channels' differences would do; Pillow's L of the
    difference is its weighted sum, one pass in C)."""
    mapped = image.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    difference = ImageChops.difference(image, mapped)
    histogram = difference.histogram()
    return sum(count * (level & 255) ** 2 for level, count in enumerate(histogram) if count), difference.convert("L")


# A kept palette may not show a colour of 4 or more sample pixels (an 8 x 8 px marker, a line
# of text) more than 12 levels off, nor add more than 15 % to the squared
# error its own image's sample had (2026-11-27, bench_render_parts --palettes-ab: 79-91 % of
# the changed chat images of a 60-move game of each of the five take the palette of their
# size (Gaia's 79 %), PSNR within 0.2 dB of a palette of their own, the same KiB).
_AREA_PIXELS = 4
_OFF_LEVELS = 12
_ERROR_SLACK = 1.15
_OFF = [255 if level > _OFF_LEVELS else 0 for level in range(256)]


@dataclass(frozen=True)
class _KeptPalette:
    """A palette image (mode P; Pillow keeps its nearest-colour cache in it, so a palette used
    again maps faster) and the squared error of the sample it was chosen from."""

    palette: Image.Image
    error: int

    @classmethod
    def of(cls, palette: Image.Image, sample: Image.Image) -> _KeptPalette:
        return cls(palette, _squared_error(sample, palette)[0])

    def fits(self, sample: Image.Image) -> bool:
        """Whether ``sample`` (an image's every 4th pixel) maps to this palette about as well
        as the sample it was chosen from did, with no area of a colour far off."""
        error, off = _squared_error(sample, self.palette)
        if error > self.error * _ERROR_SLACK + 1:
            return False
        off = off.point(_OFF)
        if off.getbbox() is None:
            return True
        far = Image.new("RGBA", sample.size, (0, 0, 0, 0))     # the far-off pixels' colours, opaque
        far.paste(sample, (0, 0), off)
        colours = far.getcolors(sample.width * sample.height) or []
        return not any(count >= _AREA_PIXELS and isinstance(colour, tuple) and colour[3] for count, colour in colours)


class _Palettes:
    """The palette last chosen for an image of each size (and palette length), at most
    ``limit`` sizes: a board drawn again after a move mostly has the colours of the last
    one of its size (the same game's, or another game's of the same kind), and choosing a
    palette (an octree of the sample) and filling its nearest-colour cache cost about a third
    of an image's encoding.  A palette is taken out while an encoding thread uses it."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: OrderedDict[tuple[int, int, int], _KeptPalette] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, size: tuple[int, int], count: int, sample: Image.Image) -> _KeptPalette | None:
        with self._lock:
            kept = self._items.pop((*size, count), None)
        return kept if kept is not None and kept.fits(sample) else None

    def give_back(self, size: tuple[int, int], count: int, kept: _KeptPalette) -> None:
        with self._lock:
            self._items[(*size, count)] = kept
            self._items.move_to_end((*size, count))
            while len(self._items) > self.limit:
                self._items.popitem(last=False)


_PALETTES: _Palettes | None = None


def keep_palettes(limit: int = 64) -> None:
    """Let :func:`to_png` in this process reuse the palette it chose lately for an image of
    the same size when it fits the new image (:meth:`_KeptPalette.fits`): the host's worker
    processes, whose images are the boards of a few kinds drawn again and again.  The bytes
    then depend on what was encoded before (the pixels within the fidelity above); tests and
    scripts that compare PNG bytes run without it."""
    global _PALETTES
    _PALETTES = _Palettes(limit)


def avoid_square(image: Image.Image, *, pad: int = 4, fill: RGB | tuple[int, ...] | None = None) -> Image.Image:
    """Discord's Android client crops exactly square images: pad such an image at the
    bottom by ``pad`` pixels (in ``fill``, default the bottom-left pixel's colour).

    Non-square images are returned unchanged (the same object).
    """
    width, height = image.size
    if width != height:
        return image
    colour = image.getpixel((0, height - 1)) if fill is None else fill
    padded = Image.new(image.mode, (width, height + max(1, pad)), colour)
    padded.paste(image, (0, 0))
    return padded


def _stack(images: Iterable[Image.Image], *, vertical: bool, gap: int, background: RGB, align: str,
           name: str) -> Image.Image:
    """Paste images along one axis; ``align`` places each across the other axis: at 0
    ("left" when stacking vertically, "top" horizontally), at the far edge ("right" /
    "bottom"), anything else centred."""
    images = list(images)
    if not images:
        raise ValueError(f"{name} needs at least one image")
    along = [im.height if vertical else im.width for im in images]
    across = [im.width if vertical else im.height for im in images]
    span = max(across)
    length = sum(along) + gap * (len(images) - 1)
    out = Image.new("RGB", (span, length) if vertical else (length, span), background)
    offset = 0
    for im, size_along, size_across in zip(images, along, across):
        if align == ("left" if vertical else "top"):
            side = 0
        elif align == ("right" if vertical else "bottom"):
            side = span - size_across
        else:
            side = (span - size_across) // 2
        position = (side, offset) if vertical else (offset, side)
        if im.mode == "RGBA":
            out.paste(im, position, im)
        else:
            out.paste(im.convert("RGB"), position)
        offset += size_along + gap
    return out


def stack_vertical(images: Iterable[Image.Image], *, gap: int = 0, background: RGB = WHITE,
                   align: str = "center") -> Image.Image:
    """Images one above the other (``align`` "left", "center" or "right"), RGB result."""
    return _stack(images, vertical=True, gap=gap, background=background, align=align, name="stack_vertical")


def stack_horizontal(images: Iterable[Image.Image], *, gap: int = 0, background: RGB = WHITE,
                     align: str = "top") -> Image.Image:
    """Images side by side (``align`` "top", "center" or "bottom"), RGB result."""
    return _stack(images, vertical=False, gap=gap, background=background, align=align, name="stack_horizontal")


def downscale(image: Image.Image, width: int) -> Image.Image:
    """A copy ``width`` pixels wide (aspect kept): what a phone shows of a board image."""
    if image.width <= width:
        return image.copy()
    height = max(1, round(image.height * width / image.width))
    return image.resize((width, height), Image.Resampling.LANCZOS)

