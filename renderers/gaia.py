"""Gaia Project renderer: a view of the game in, two landscape ``PIL.Image`` out (``render``);
for chat (``render_for_chat``, what the bot posts) the map comes instead in two or three parts
drawn at a larger scale so a phone shows every hex name, piece and sector number legibly (see
``chat_layout``; the sectors another part has whole are dimmed there, without pieces), then
each player's panel with its VP sources, the map's legend and the shared board.  No chat
image shows whose turn it is (the post says it): each changes only when what it shows does,
so the thread posts only those (issue 25).

1. **The map** (1600 x 1040): the sector map with flat-topped hexes (GP-MAP-3 orientation:
   "north" straight up), each hex's public name as typed in moves (``4A10``, ``5C``...),
   planets in the published game's colours, sector outlines and big sector numbers on the
   centre hexes, buildings in their owner's colour (mine = house, trading station = square,
   research lab = triangle, academy = dome with k/q, planetary institute = large diamond), the
   Lantids' guest mines, gaiaformers (a ring in the owner's colour around the planet), satellites,
   Ivits space stations (4-pointed stars), federations (hexes tinted and outlined in the owner's
   colour), the Lost Planet, a header (round, phase, who is to act) and a legend column (players,
   pieces, planet colours).  No hex is ringed as the last move's: a ring would change a map part
   on the next move that otherwise did not change (the post's text names the move and its hex).
2. **The boards** (1600 wide, height grows with the player count): the research board (6 tracks,
   levels 0-5, each player's marker, the standard tile under each track, the advanced tile on
   top, the federation token on terraforming level 5, the three free tiles, who owns which
   tile), the power and QIC actions (taken ones crossed out), the six round scoring tiles (the
   current round framed, past rounds dimmed), the two final scoring tiles with every player's
   current count, the boosters in play with their holders, and one panel per player (faction,
   name, VP, turn / passed, credits / ore / knowledge / QIC, power bowls I/II/III, Gaia area
   and brainstone, income of the next income phase, buildings and gaiaformers left, tech tiles
   (covered ones crossed out), federation tokens (green / flipped), booster, academy / PI /
   faction special actions (used ones struck)); with an odd number of players the
   free slot shows where each player's VP came from.  Both headers give the round, the phase,
   who is to act and what they are asked, and this round's turn order (passed seats dimmed).

A player colour is the colour of the faction's home planet (as on the physical pieces); each
seat also has its number drawn on its markers, so colour is not the only cue.

The renderer only reads the view (the rules core's JSON-shaped state; Gaia has no hidden
information, so every seat's view draws the same picture).  It is pure and deterministic.
Cached: the static map layer for a given map (background, hex grid, sector outlines, planets
and labels, drawn at 2x and reduced), and sprites (buildings, markers, hex tiles) drawn at 3x
and reduced for smooth edges; caches are keyed by immutable values only.
"""
from __future__ import annotations

import math
import threading
from collections import OrderedDict
from contextvars import ContextVar
from functools import cache, lru_cache
from typing import Any, Callable, Iterator, ParamSpec, Protocol, Sequence, TypeVar

from PIL import Image, ImageDraw

from rules.gaia import read as G
from rules.gaia.read import (ACTIONS, BOOSTERS, FACTIONS, FED_TOKENS, FIELDS, FINAL_TILES, ROUND_TILES, STD_BUILDINGS, TECH, parse_rewards)

from rules.messages import Join, Msg
from rules.messages import render as render_message

from . import common as c
from .gaia_sprites import LOST_RIM as LOST_RIM, PLANET_COLOURS as PLANET_COLOURS, SPRITE_SS as SPRITE_SS
from .gaia_sprites import building_sprite as building_sprite, planet_sprite as planet_sprite
from .gaia_text import WORDS_AT as WORDS_AT, text_block as _text_block
from .gaia_tokens import draw_token

# The language of the image being drawn (set by render_map / render_boards): every word on
# an image comes from the catalogue (data/gaia/i18n/*.render.json), never from this module.
_LANGUAGE: ContextVar[str] = ContextVar("gaia_render_language", default="en")


def tr(key: str, **values: Any) -> str:
    """A label of the images (``gaia.render.<key>``) in the image's language."""
    return _label(_LANGUAGE.get(), Msg(f"gaia.render.{key}", **values))


@lru_cache(maxsize=4096)
def _label(language: str, message: Msg) -> str:
    return render_message(message, language)   # the same labels are drawn on every image


def faction_name(faction: str) -> str:
    return render_message(Msg(f"gaia.faction.{faction}"), _LANGUAGE.get())


View = G.View
Player = G.Player                            # one seat's record in the view (None until its faction is chosen)
RGB = c.RGB
Box = c.Box
MapRow = tuple[int, int, str, str, str]      # (q, r, planet, sector, hex name), as the view lists the map
Rows = tuple[MapRow, ...]
_P = ParamSpec("_P")
_T = TypeVar("_T")

WIDTH = 1600
SPACE_STATIONS = G.SUPPLY["sp"]   # Ivits' space stations (spec §3 components)
MAP_HEIGHT = 1040
HEADER_H = 64
LEGEND_W = 272
SS = 2            # supersampling of the static map layer

SQ3 = math.sqrt(3)
PLANET_DY = 0.16     # planets and buildings sit this far (x hex radius) above a hex's centre...
LABEL_DY = 0.5       # ...and the hex's name this far below it,
LABEL_SIZE = 0.35    # in a font this large (x hex radius)
LABEL_STROKE = 1.5   # px of dark outline round each letter
LABEL_DESCENT = 0.36  # the ink of a name reaches this far (x font size) below its middle

# ------------------------------------------------------------------------------------------
# Colours
# ------------------------------------------------------------------------------------------

# (the planets' colours and the sprites: renderers/gaia_sprites.py)
PLANET_ORDER = ("r", "o", "v", "d", "s", "t", "i", "g", "m", "l")

SPACE = (10, 13, 30)
SECTOR_TINTS = ((24, 32, 66), (18, 25, 54), (28, 30, 60))
GRID = (52, 64, 104)
SECTOR_LINE = (150, 170, 225)
SECTOR_NUMBER = (150, 168, 226)
LABEL_EMPTY = (132, 142, 182)
LABEL_PLANET = (236, 240, 252)
TO_ACT = (255, 40, 220)           # the panel of a seat the game waits for (the full picture only)
HEADER_BG = (30, 36, 70)
LEGEND_BG = (22, 27, 52)
LEGEND_TEXT = (228, 232, 245)
LEGEND_MUTED = (160, 168, 196)

BOARD_BG = (24, 28, 48)
PANEL = (242, 240, 232)
TRACK_COLOURS = {
    "terra": (150, 95, 50), "nav": (40, 120, 200), "int": (120, 130, 145),
    "gaia": (40, 150, 70), "eco": (200, 150, 30), "sci": (60, 90, 170),
}
RES_COLOURS = {"c": (232, 186, 40), "o": (118, 122, 134), "k": (52, 128, 210), "q": (40, 168, 90)}
POWER_PURPLE = (120, 66, 180)
GREEN_TOKEN = (70, 170, 90)
GREY_TOKEN = (150, 150, 150)
TAKEN = (200, 30, 30)

REWARD_WORDS = ("c", "o", "k", "q", "pw", "t", "vp", "step")   # units as the image's language writes them
ACTION_WORDS = ("2step", "1step", "tech", "fedtile", "3vp,vp/type")   # power/QIC rewards said in words


# ------------------------------------------------------------------------------------------
# Small helpers
# ------------------------------------------------------------------------------------------

def _players(view: View) -> list[Player | None]:
    return list(view.get("players") or [])


def seat_colour(view: View, seat: int) -> RGB:
    """A seat's colour: its faction's home planet colour (grey before factions are chosen)."""
    players = _players(view)
    p = players[seat] if 0 <= seat < len(players) else None
    if not p:
        return (120, 120, 120)
    return PLANET_COLOURS.get(FACTIONS[p["faction"]]["planet"], (120, 120, 120))


def seat_name(view: View, seat: int, player_names: Sequence[str] | None) -> str:
    p = _players(view)[seat]
    faction = faction_name(p["faction"]) if p else tr("seat_n", n=seat + 1)
    if player_names and seat < len(player_names) and player_names[seat]:
        return tr("seat_with_player", faction=faction, player=player_names[seat])
    return faction


def _sprite_letter(typ: str) -> str:
    """The letters on an academy (knowledge / QIC) or the planetary institute, in the image's language."""
    return tr(f"sprite.{typ}") if typ in ("ac1", "ac2", "PI") else ""


def _amounts(text: str, short: bool = True) -> list[str]:
    """'2c,o,2pw' -> ['2 kr', '1 ér', '2 en'] (``short``: the image's abbreviations; else the
    rulebook's words, ['2 kredit', '1 érc', '2 energia']): each amount a number, a space and its
    unit, from the catalogue, never glued ("2kr")."""
    try:
        items = parse_rewards(text)
    except ValueError:
        return [text]
    kind = "amount_short" if short else "amount"
    return [tr(f"{kind}.{t}", n=n) if t in REWARD_WORDS else t if n == 1 else f"{n} {t}" for n, t in items]


def _reward_text(text: str, short: bool = True) -> str:
    """'2c,o,2pw' -> '2 kr 1 ér 2 en' (the amounts apart, :func:`_amounts`)."""
    return " ".join(_amounts(text, short))


def _paste(im: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    im.paste(sprite, (int(round(x - sprite.width / 2)), int(round(y - sprite.height / 2))), sprite)


# ------------------------------------------------------------------------------------------
# Map geometry
# ------------------------------------------------------------------------------------------

class MapGeometry:
    """Pixel layout of one map: hex radius and centre of every hex key 'q,r'."""

    def __init__(self, rows: Rows, radius: float | None = None) -> None:
        self.rows = rows
        self.radius = radius      # the cache key of this layout (None: the full picture)
        pts = {f"{q},{r}": (1.5 * r, -SQ3 * (q + r / 2)) for q, r, *_ in rows}
        xs = [x for x, _ in pts.values()]
        ys = [y for _, y in pts.values()]
        span_x = max(xs) - min(xs) + 2.0
        span_y = max(ys) - min(ys) + SQ3
        if radius is None:     # the full picture: fitted beside the legend, under the header
            area_w = WIDTH - LEGEND_W - 24
            area_h = MAP_HEIGHT - HEADER_H - 14
            self.R = R = min(area_w / span_x, area_h / span_y)
            ox = 12 + (area_w - span_x * R) / 2 + R - min(xs) * R
            oy = HEADER_H + 6 + (area_h - span_y * R) / 2 + SQ3 / 2 * R - min(ys) * R
            self.size = (WIDTH, MAP_HEIGHT)
        else:                  # the chat layout: the map alone at a given hex radius, cut in parts
            self.R = R = radius
            ox = PART_PAD + R - min(xs) * R
            oy = PART_PAD + SQ3 / 2 * R - min(ys) * R
            self.size = (int(math.ceil(span_x * R + 2 * PART_PAD)), int(math.ceil(span_y * R + 2 * PART_PAD)))
        self.centre = {k: (ox + x * R, oy + y * R) for k, (x, y) in pts.items()}
        self.ox, self.oy = ox, oy
        self.planet = {f"{q},{r}": p for q, r, p, *_ in rows}
        self.sector = {f"{q},{r}": str(s).rstrip("AB") for q, r, p, s, *_ in rows}
        self.name = {f"{q},{r}": n for q, r, p, s, n in rows}

    def pixel(self, q: float, r: float) -> tuple[float, float]:
        return self.ox + 1.5 * r * self.R, self.oy - SQ3 * (q + r / 2) * self.R

    def corners(self, k: str, scale: float = 1.0, inset: float = 0.0) -> list[tuple[float, float]]:
        cx, cy = self.centre[k]
        return [(x * scale, y * scale) for x, y in c.hex_corners(cx, cy, self.R - inset, pointy=False)]

    def edge(self, k: str, nq: int, nr: int, inset: float = 0.0) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners of hex k on its side towards axial neighbour (nq, nr), pulled ``inset``
        px towards k's centre."""
        cx, cy = self.centre[k]
        mx, my = self.pixel(nq, nr)
        mx, my = (cx + mx) / 2, (cy + my) / 2
        corners = sorted(c.hex_corners(cx, cy, self.R, pointy=False),
                         key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)[:2]
        corners.sort()
        if inset:
            out = []
            for x, y in corners:
                dx, dy = cx - x, cy - y
                n = math.hypot(dx, dy) or 1
                out.append((x + dx / n * inset, y + dy / n * inset))
            corners = out
        return corners[0], corners[1]


NEIGH = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


@lru_cache(maxsize=16)
def geometry(rows: Rows, radius: float | None = None) -> MapGeometry:
    return MapGeometry(rows, radius)


def _rows(view: View) -> Rows:
    return tuple(tuple(r) for r in view.get("map") or ())


def _sector_tint(sector: str) -> RGB:
    try:
        n = int(sector)
    except ValueError:
        n = 0
    return SECTOR_TINTS[n % len(SECTOR_TINTS)]


def _planet_r(R: float) -> int:
    return int(round(R * 0.36))


def _label_font_size(R: float) -> int:
    return max(10, int(round(R * LABEL_SIZE)))


def _draw_hex_content(draw: ImageDraw.ImageDraw, im: Image.Image, geo: MapGeometry, k: str, planet: str,
                      s: float, *, number: bool) -> None:
    """Planet and label of hex k at scale s (planet drawn with a sprite at that scale)."""
    cx, cy = geo.centre[k]
    R = geo.R
    if planet != "e":
        spr = planet_sprite(planet, int(round(_planet_r(R) * s)))
        _paste(im, spr, cx * s, (cy - PLANET_DY * R) * s)
    elif number and geo.name[k].upper().endswith("C"):
        draw.text((cx * s, (cy - PLANET_DY * R) * s), geo.sector[k], font=c.font(int(R * 0.78 * s), True),
                  fill=SECTOR_NUMBER, anchor="mm")
    size = _label_font_size(R)
    fnt = c.font(int(size * s), True)
    colour = LABEL_PLANET if planet != "e" else LABEL_EMPTY
    name = geo.name[k]
    x, y = cx * s, (cy + LABEL_DY * R) * s
    stroke = max(1, int(LABEL_STROKE * s))
    room = label_room(R, size) * s
    width = fnt.getlength(name)
    if width <= room:
        draw.text((x, y), name, font=fnt, fill=colour, anchor="mm", stroke_width=stroke, stroke_fill=SPACE)
        return
    # a five-character name (10A10, 10A11) is drawn as tall as the others, a little narrower
    pad = 2 * stroke + 2
    label = Image.new("RGBA", (int(width) + 2 * pad, int(fnt.size * 1.4) + 2 * pad), (0, 0, 0, 0))
    ImageDraw.Draw(label).text((label.width / 2, label.height / 2), name, font=fnt, fill=colour, anchor="mm",
                               stroke_width=stroke, stroke_fill=SPACE)
    label = label.resize((max(1, int(round(label.width * room / width))), label.height), Image.Resampling.LANCZOS)
    _paste(im, label, x, y)


def label_room(R: float, size: int) -> float:
    """The widest hex name (ink, without its outline) that stays inside its hex at font ``size``:
    the hex narrows below its middle, so the name's lower corners decide (the outline and the
    2.2 px a replaced hex tile keeps clear of the grid included)."""
    bottom = LABEL_DY * R + LABEL_DESCENT * size + LABEL_STROKE
    return 2 * ((R - 2.5) - bottom / SQ3) - 2 * LABEL_STROKE


@lru_cache(maxsize=8)
def map_background(rows: Rows, radius: float | None = None) -> Image.Image:
    """The static map layer: space, hexes tinted by sector, grid, sector outlines, sector
    numbers, printed planets and every hex's name (drawn at 2x, reduced)."""
    geo = geometry(rows, radius)
    s = SS
    width, height = geo.size
    im = Image.new("RGB", (width * s, height * s), SPACE)
    d = ImageDraw.Draw(im)
    for k in sorted(geo.centre):
        d.polygon(geo.corners(k, s), fill=_sector_tint(geo.sector[k]), outline=GRID, width=max(1, s))
    for k in sorted(geo.centre):
        q, r = (int(v) for v in k.split(","))
        for dq, dr in NEIGH:
            nk = f"{q + dq},{r + dr}"
            if geo.sector.get(nk) != geo.sector[k]:
                a, b = geo.edge(k, q + dq, r + dr)
                d.line([(a[0] * s, a[1] * s), (b[0] * s, b[1] * s)], fill=SECTOR_LINE, width=int(2.5 * s))
    for k in sorted(geo.centre):
        _draw_hex_content(d, im, geo, k, geo.planet[k], s, number=True)
    return im.resize((width, height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1024)
def hex_tile(rows: Rows, k: str, planet: str, tint: RGB,
             radius: float | None = None) -> tuple[Image.Image, tuple[int, int]]:
    """A replacement for one hex (a changed planet or a federation tint), with its paste origin;
    the mask stops short of the grid and sector lines so they stay visible."""
    geo = geometry(rows, radius)
    cx, cy = geo.centre[k]
    R = geo.R
    x0, y0 = int(cx - R - 2), int(cy - R - 2)
    w = h = int(2 * R + 5)
    s = SPRITE_SS
    im = Image.new("RGB", (w * s, h * s), tint)
    d = ImageDraw.Draw(im)
    shifted = MapGeometry.__new__(MapGeometry)
    shifted.__dict__.update(geo.__dict__)
    shifted.centre = {k: (cx - x0, cy - y0)}
    _draw_hex_content(d, im, shifted, k, planet, s, number=True)
    im = im.resize((w, h), Image.Resampling.LANCZOS)
    mask = Image.new("L", (w * s, h * s), 0)
    ImageDraw.Draw(mask).polygon(c.hex_corners((cx - x0) * s, (cy - y0) * s, (R - 2.2) * s, pointy=False), fill=255)
    mask = mask.resize((w, h), Image.Resampling.LANCZOS)
    im.putalpha(mask)
    return im, (x0, y0)


# ------------------------------------------------------------------------------------------
# Image 1: the map
# ------------------------------------------------------------------------------------------

def _status_line(view: View, player_names: Sequence[str] | None, waiting: bool = True) -> str:
    phase = view.get("phase", "")
    rnd = view.get("round", 0)
    parts = []
    if 1 <= rnd <= 6:
        parts.append(tr("round_of", round=rnd))
    parts.append(tr(f"phase.{phase}") if phase else "")
    if phase == "over":
        players = _players(view)
        if players and all(players):
            best = max(p["vp"] for p in players if p)
            win = [seat_name(view, s, player_names) for s, p in enumerate(players) if p and p["vp"] == best]
            parts.append(tr("winner", names=", ".join(win), vp=best))
    elif waiting and _waiting(view):
        parts.append(tr("to_act", names=", ".join(_waiting_reason(view, s, seat_name(view, s, player_names))
                                                  for s in sorted(_waiting(view)))))
    return "  ·  ".join(parts)


def _waiting_reason(view: View, seat: int, name: str) -> str:
    """The waiting seat's name, with what it is asked when it is not an ordinary turn."""
    offer = view.get("offer")
    if offer and offer.get("seat") == seat:
        geo = geometry(_rows(view))
        where = geo.name.get(offer.get("hex"), "")
        offers = render_message(Join(offer.get("offers") or [], "or"), _LANGUAGE.get())
        return tr("waiting_charge", name=name, offers=offers, where=tr("charge_from", hex=where) if where else "")
    p = _players(view)[seat] if seat < len(_players(view)) else None
    waiting = p.get("waiting") if p else None
    key = {"income": "waiting_income", "brainstone": "waiting_brainstone", "terrans": "waiting_gaia",
           "itars": "waiting_gaia"}.get(waiting or "")
    return tr(key, name=name) if key else name


def _draw_header(im: Image.Image, view: View, player_names: Sequence[str] | None, height: int, title: bool = True,
                 waiting: bool = True) -> None:
    """Title, round, phase, who is to act (unless ``waiting`` is False: the chat images leave
    that to the post's text, so that they change only when what they show changes), and this
    round's turn order with the seats that passed."""
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, im.width, height), fill=HEADER_BG)
    if title:
        d.text((16, height / 2), tr("title"), font=c.font(26, True), fill=(150, 200, 255), anchor="lm")
    left = 240 if title else 16
    order = [s for s in (view.get("order") or ()) if 0 <= s < len(_players(view))]
    right = im.width - 12
    if view.get("phase") in ("income", "gaia", "actions") and order:
        # turn order of this round; seats that passed are dimmed with their passing rank
        passed = list(view.get("passed") or ())
        rank_font = c.font(SMALL_PRINT, True)      # a passing rank under its disc, legible on a phone
        step = max([46.0] + [rank_font.getlength(tr("passed_nth", n=n + 1)) + 14 for n in range(len(passed))])
        x = right - step * (len(order) - 1) - 22
        disc_y = height / 2 - (8 if passed else 0)
        d.text((x - 26, height / 2), tr("order"), font=c.font(20, True), fill=(170, 180, 210), anchor="rm")
        for s in order:
            col = seat_colour(view, s)
            if s in passed:
                col = c.mix(col, HEADER_BG, 0.6)
            _paste(im, building_sprite("disc", col, 17, str(s + 1)), x, disc_y)
            if s in passed:
                d.text((x, height - 1), tr("passed_nth", n=passed.index(s) + 1), font=rank_font,
                       fill=(230, 230, 240), anchor="mb", stroke_width=2, stroke_fill=HEADER_BG)
            x += step
        right = int(right - step * len(order) - 100)
    text = _status_line(view, player_names, waiting)
    avail = right - left
    fnt = c.fit_font(text, avail, height - 12, max_size=34, min_size=16, bold=True)
    d.text((left, height / 2), c.ellipsize(text, fnt, avail), font=fnt, fill=c.WHITE, anchor="lm")


def _fed_owner(view: View) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for s, p in enumerate(_players(view)):
        if p:
            for k in p.get("fed_hexes") or ():
                out.setdefault(k, []).append(s)
    return out


def _render_map(view: View, *, player_names: Sequence[str] | None = None) -> Image.Image:
    rows = _rows(view)
    geo = geometry(rows)
    im = map_background(rows).copy()
    _draw_pieces(im, view, geo)
    _draw_header(im, view, player_names, HEADER_H)
    _draw_legend(im, view, player_names)
    return im


def _draw_pieces(im: Image.Image, view: View, geo: MapGeometry) -> None:
    """Everything that changes during a game, on a copy of ``map_background`` of ``geo``:
    changed planets, federations, gaiaformers, satellites, space stations and buildings."""
    rows = geo.rows
    R = geo.R
    w = R / 41            # line widths were chosen for the full picture's hexes (R = 41)
    draw = ImageDraw.Draw(im)
    overrides = view.get("planet") or {}
    feds = _fed_owner(view)
    # changed planets and federation tints
    for k in sorted(set(overrides) | set(feds)):
        if k not in geo.centre:
            continue
        planet = overrides.get(k, geo.planet[k])
        tint = _sector_tint(geo.sector[k])
        if k in feds:
            tint = c.mix(tint, seat_colour(view, feds[k][0]), 0.32)
        tile, origin = hex_tile(rows, k, planet, tint, geo.radius)
        im.paste(tile, origin, tile)
    # federation outlines (inset so neighbouring federations both show)
    for k in sorted(feds):
        if k not in geo.centre:
            continue
        q, r = (int(v) for v in k.split(","))
        for s in feds[k]:
            col = seat_colour(view, s)
            for dq, dr in NEIGH:
                nk = f"{q + dq},{r + dr}"
                if s in feds.get(nk, ()):
                    continue
                a, b = geo.edge(k, q + dq, r + dr, inset=3 * w)
                draw.line([a, b], fill=c.BLACK, width=round(6 * w))
                draw.line([a, b], fill=col, width=round(3 * w))
    pr = _planet_r(R)
    # gaiaformers: a ring round the planet
    for k, s in sorted((view.get("gf") or {}).items()):
        if k in geo.centre:
            cx, cy = geo.centre[k]
            _paste(im, building_sprite("ring", seat_colour(view, s), int(pr + R * 0.15)), cx, cy - PLANET_DY * R)
    # satellites (top of the hex) and space stations (centre)
    for k, owners in sorted((view.get("sat") or {}).items()):
        if k not in geo.centre:
            continue
        cx, cy = geo.centre[k]
        n = len(owners)
        for i, s in enumerate(owners):
            x = cx + (i - (n - 1) / 2) * R * 0.34
            _paste(im, building_sprite("sat", seat_colour(view, s), int(R * 0.15)), x, cy - 0.5 * R)
    for k, s in sorted((view.get("station") or {}).items()):
        if k in geo.centre:
            cx, cy = geo.centre[k]
            _paste(im, building_sprite("sp", seat_colour(view, s), int(R * 0.36)), cx, cy - 0.08 * R)
    # buildings
    sizes = {"m": 0.38, "lp": 0.38, "ts": 0.42, "lab": 0.46, "ac1": 0.48, "ac2": 0.48, "PI": 0.54}
    letters = {typ: _sprite_letter(typ) for typ in ("ac1", "ac2", "PI")}
    for k, (s, typ) in sorted((view.get("bld") or {}).items()):
        if k not in geo.centre:
            continue
        cx, cy = geo.centre[k]
        kind = "m" if typ == "lp" else typ
        spr = building_sprite(kind, seat_colour(view, s), int(R * sizes.get(typ, 0.36)), letters.get(typ, ""))
        _paste(im, spr, cx, cy - PLANET_DY * R + (0.03 * R if kind == "m" else 0))
    for k, s in sorted((view.get("guest") or {}).items()):
        if k in geo.centre:
            cx, cy = geo.centre[k]
            _paste(im, building_sprite("m", seat_colour(view, s), int(R * 0.26)), cx + 0.5 * R, cy - 0.42 * R)


# ------------------------------------------------------------------------------------------
# The map for chat: two or three parts at a larger scale
# ------------------------------------------------------------------------------------------
# A phone shows a chat image about PHONE_W px wide: the whole map (30 hexes across) would
# print its hex names 3-4 px tall there.  So the chat map comes in parts, each at most
# PART_MAX_W px wide, drawn from one map at a larger hex radius: the sectors are split in
# groups (each sector whole in one part; the narrowest split with the fewest parts whose hex
# names reach MIN_LABEL_PX on a phone), each part cut around its group, all parts equally wide,
# so neighbouring parts overlap.  A small overview in each part's header shows where it lies.

PHONE_W = 420
SMALL_PRINT = 18      # the smallest font of the chat's boards (800 px wide): capitals 6.9 px tall at 420 px
MIN_LABEL_PX = 9
PART_MAX_W = 900
PART_PAD = 3          # px of space around the hexes of a part's sectors
PART_HEADER_H = 72
MAX_PARTS = 3         # with 4 players' panels, the legend and the shared board, nine images in all


class ChatLayout:
    """How the map of ``rows`` is cut for chat: the hex radius, and per part its sectors
    and its box in the pixels of ``geometry(rows, radius)``."""

    def __init__(self, radius: int, parts: tuple[tuple[tuple[str, ...], tuple[int, int, int, int]], ...]) -> None:
        self.radius = radius
        self.parts = parts

    def label_px(self) -> float:
        """The hex names' font size when a part is shown PHONE_W px wide."""
        width = self.parts[0][1][2] - self.parts[0][1][0]
        return _label_font_size(self.radius) * PHONE_W / width


def _set_partitions(rest: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every split of the bit set ``rest`` into ``k`` non-empty bit sets."""
    if k == 1:
        yield (rest,)
        return
    low = rest & -rest
    others = rest ^ low
    sub = others
    while True:
        group = low | sub
        if rest ^ group:
            for tail in _set_partitions(rest ^ group, k - 1):
                yield (group,) + tail
        if not sub:
            break
        sub = (sub - 1) & others


@lru_cache(maxsize=8)
def chat_layout(rows: Rows) -> ChatLayout:
    centres: dict[str, list[tuple[float, float]]] = {}     # in hex radii, as MapGeometry places them
    for q, r, _, sec, *_ in rows:
        centres.setdefault(str(sec).rstrip("AB"), []).append((1.5 * r, -SQ3 * (q + r / 2)))
    sectors = sorted(centres, key=lambda v: (len(v), v))
    box: dict[int, tuple[float, float, float, float]] = {}
    for i, sec in enumerate(sectors):
        xs = [x for x, _ in centres[sec]]
        ys = [y for _, y in centres[sec]]
        box[1 << i] = (min(xs) - 1, max(xs) + 1, min(ys) - SQ3 / 2, max(ys) + SQ3 / 2)

    def bbox(mask: int) -> tuple[float, float, float, float]:
        if mask not in box:
            low = mask & -mask
            a, b = bbox(low), bbox(mask ^ low)
            box[mask] = (min(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3]))
        return box[mask]

    everything = (1 << len(sectors)) - 1
    chosen = None
    for k in range(1, min(MAX_PARTS, len(sectors)) + 1):
        def cost(split: tuple[int, ...]) -> tuple[float, float, float]:
            boxes = [bbox(g) for g in split]
            return (round(max(b[1] - b[0] for b in boxes), 3), round(max(b[3] - b[2] for b in boxes), 3),
                    round(sum(b[1] - b[0] for b in boxes), 3))
        split = min(_set_partitions(everything, k), key=cost)
        span = cost(split)[0]
        radius = int((PART_MAX_W - 2 * PART_PAD) / span)
        chosen = (radius, split, span)
        if _label_font_size(radius) * PHONE_W / (span * radius + 2 * PART_PAD) >= MIN_LABEL_PX:
            break
    assert chosen is not None
    radius, split, span = chosen
    geo = geometry(rows, radius)
    full_w, full_h = geo.size
    width = min(full_w, int(math.ceil(span * radius + 2 * PART_PAD)))
    parts = []
    for group in split:
        x0, x1, y0, y1 = bbox(group)
        mid = geo.ox + (x0 + x1) / 2 * radius
        left = min(max(0, int(round(mid - width / 2))), full_w - width)
        top = max(0, int(math.floor(geo.oy + y0 * radius - PART_PAD)))
        bottom = min(full_h, int(math.ceil(geo.oy + y1 * radius + PART_PAD)))
        names = tuple(sec for i, sec in enumerate(sectors) if group >> i & 1)
        parts.append((names, (left, top, left + width, bottom)))
    parts.sort(key=lambda part: ((part[1][0] + part[1][2]) / 2, part[1][1]))
    return ChatLayout(radius, tuple(parts))


@lru_cache(maxsize=32)
def _overview(rows: Rows, index: int, height: int) -> Image.Image:
    """The whole map in miniature, the sectors of part ``index`` bright and its box framed."""
    layout = chat_layout(rows)
    geo = geometry(rows, layout.radius)
    sectors, (bx0, by0, bx1, by1) = layout.parts[index]
    f = SPRITE_SS * height / geo.size[1]
    im = Image.new("RGB", (int(geo.size[0] * f) + 1, int(geo.size[1] * f) + 1), HEADER_BG)
    d = ImageDraw.Draw(im)
    for k in sorted(geo.centre):
        mine = geo.sector[k] in sectors
        d.polygon(geo.corners(k, f), fill=(150, 170, 235) if mine else (62, 72, 116))
    d.rectangle((bx0 * f, by0 * f, bx1 * f - 1, by1 * f - 1), outline=c.WHITE, width=SPRITE_SS)
    return im.resize((im.width // SPRITE_SS, im.height // SPRITE_SS), Image.Resampling.LANCZOS)


def _draw_part_header(im: Image.Image, view: View, rows: Rows, index: int) -> None:
    """A part's header: where the part lies on the map, and which colour is which player."""
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, im.width, PART_HEADER_H - 1), fill=HEADER_BG)
    d.rectangle((0, PART_HEADER_H - 2, im.width, PART_HEADER_H - 1), fill=SECTOR_LINE)
    overview = _overview(rows, index, PART_HEADER_H - 10)
    im.paste(overview, (10, 5))
    players = _players(view)
    if not players:
        return
    # No "to act" mark and no passed dimming here: the post says who is to act and the
    # shared board's header who passed; either would make every part change with the turn
    # when only its pieces should (issue 25: post only the images whose content changed).
    x0 = 10 + overview.width + 14
    step = (im.width - 8 - x0) / len(players)
    cy = PART_HEADER_H / 2
    for s, p in enumerate(players):
        x = x0 + s * step
        _paste(im, building_sprite("disc", seat_colour(view, s), 16, str(s + 1)), x + 17, cy)
        name = faction_name(p["faction"]) if p else tr("seat_n", n=s + 1)
        avail = step - 46
        fnt = c.fit_font(name, avail, PART_HEADER_H - 24, max_size=24, min_size=16, bold=True)
        d.text((x + 40, cy), c.ellipsize(name, fnt, avail), font=fnt, fill=LEGEND_TEXT, anchor="lm")


def _chat_map(view: View) -> tuple[ChatLayout, Image.Image]:
    """The chat layout of the view's map and the whole map drawn at its scale (no words but
    the letters on academies and institutes: call it in the reader's language)."""
    rows = _rows(view)
    layout = chat_layout(rows)
    geo = geometry(rows, layout.radius)
    big = map_background(rows, layout.radius).copy()
    _draw_pieces(big, view, geo)
    return layout, big


@lru_cache(maxsize=8)
def _other_sectors(rows: Rows, index: int) -> tuple[Image.Image, Image.Image]:
    """What part ``index`` shows of the sectors another part has whole: the bare map there,
    dimmed (no pieces), and the mask of those hexes, both the size of the part's box."""
    layout = chat_layout(rows)
    geo = geometry(rows, layout.radius)
    sectors, box = layout.parts[index]
    bare = Image.blend(map_background(rows, layout.radius).crop(box), Image.new("RGB", (box[2] - box[0], box[3] - box[1]), SPACE),
                       OTHER_DIM)
    mask = Image.new("L", bare.size, 0)
    d = ImageDraw.Draw(mask)
    for k in sorted(geo.centre):
        if geo.sector[k] not in sectors:
            d.polygon([(x - box[0], y - box[1]) for x, y in geo.corners(k)], fill=255)
    return bare, mask


# How much the sectors another part shows whole are dimmed in a part (they carry no pieces
# there: a move changes only the part that has its sector, issue 25).
OTHER_DIM = 0.65


def _map_part(view: View, layout: ChatLayout, big: Image.Image, index: int) -> Image.Image:
    box = layout.parts[index][1]
    part = Image.new("RGB", (box[2] - box[0], PART_HEADER_H + box[3] - box[1]), SPACE)
    part.paste(big.crop(box), (0, PART_HEADER_H))
    bare, mask = _other_sectors(_rows(view), index)
    part.paste(bare, (0, PART_HEADER_H), mask)
    _draw_part_header(part, view, _rows(view), index)
    return c.avoid_square(part)


def _in(language: str, draw: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """``draw(*args, **kwargs)`` with the labels of the images in ``language``."""
    token = _LANGUAGE.set(language)
    try:
        return draw(*args, **kwargs)
    finally:
        _LANGUAGE.reset(token)


def render_map_parts(view: View, *, player_names: list[str] | None = None, language: str = "en") -> list[Image.Image]:
    """The map as chat shows it: two or three parts (see ``chat_layout``), left to right."""
    layout, big = _in(language, _chat_map, view)
    return [_in(language, _map_part, view, layout, big, i) for i in range(len(layout.parts))]


def _draw_legend(im: Image.Image, view: View, player_names: Sequence[str] | None) -> None:
    d = ImageDraw.Draw(im)
    x0 = WIDTH - LEGEND_W
    d.rectangle((x0, HEADER_H, WIDTH, MAP_HEIGHT), fill=LEGEND_BG)
    d.line((x0, HEADER_H, x0, MAP_HEIGHT), fill=SECTOR_LINE, width=2)
    y = HEADER_H + 14
    x = x0 + 14
    d.text((x, y), tr("players"), font=c.font(22, True), fill=LEGEND_TEXT, anchor="la")
    y += 34
    players = _players(view)
    waiting = _waiting(view)
    for s, p in enumerate(players):
        col = seat_colour(view, s)
        _paste(im, building_sprite("disc", col, 17, str(s + 1)), x + 17, y + 20)
        name = faction_name(p["faction"]) if p else tr("seat_n", n=s + 1)
        vp = f"{p['vp']}" if p else ""
        vw = c.font(24, True).getlength(vp)
        avail = WIDTH - 14 - vw - 10 - (x + 42)
        fnt = c.fit_font(name, avail, 26, max_size=21, min_size=14, bold=True)
        d.text((x + 42, y + 3), c.ellipsize(name, fnt, avail), font=fnt, fill=LEGEND_TEXT, anchor="la")
        if vp:
            d.text((WIDTH - 14, y + 2), vp, font=c.font(24, True), fill=(255, 230, 120), anchor="ra")
        sub = player_names[s] if player_names and s < len(player_names) and player_names[s] else ""
        tags = []
        if s in waiting:
            tags.append(tr("to_act_tag"))
        if p and p.get("passed"):
            tags.append(tr("passed_tag"))
        sub = "  ".join(x for x in [sub] + tags if x)
        if sub:
            d.text((x + 42, y + 28), c.ellipsize(sub, c.font(16), LEGEND_W - 60), font=c.font(16),
                   fill=(255, 170, 240) if s in waiting else LEGEND_MUTED, anchor="la")
        y += 56
    if players and all(players):
        d.text((WIDTH - 14, y - 2), tr("vp"), font=c.font(14), fill=LEGEND_MUTED, anchor="ra")
    y += 16
    d.text((x, y), tr("pieces"), font=c.font(22, True), fill=LEGEND_TEXT, anchor="la")
    y += 32
    white = (235, 235, 235)
    items = [("m", ""), ("ts", ""), ("lab", ""), ("ac1", _sprite_letter("ac1")), ("PI", _sprite_letter("PI")), ("ring", ""), ("sat", ""), ("sp", "")]
    for kind, letter in items:
        label = tr(f"piece.{kind}")
        size = {"sat": 7, "ring": 13, "PI": 15, "ac1": 14}.get(kind, 12)
        _paste(im, building_sprite(kind, white, size, letter), x + 17, y + 13)
        d.text((x + 44, y + 13), label, font=c.font(18), fill=LEGEND_TEXT, anchor="lm")
        y += 32
    d.line((x + 3, y + 12, x + 31, y + 12), fill=c.BLACK, width=7)
    d.line((x + 3, y + 12, x + 31, y + 12), fill=(255, 200, 0), width=4)
    d.text((x + 44, y + 13), tr("fed_edge"), font=c.font(18), fill=LEGEND_TEXT, anchor="lm")
    y += 44
    d.text((x, y), tr("planets"), font=c.font(22, True), fill=LEGEND_TEXT, anchor="la")
    y += 32
    for i, pl in enumerate(PLANET_ORDER):
        column, row = i % 2, i // 2
        px = x + column * 128
        py = y + row * 34
        _paste(im, planet_sprite(pl, 12), px + 13, py + 13)
        name = tr(f"planet.{pl}")
        fnt = c.fit_font(name, 94, 24, max_size=17, min_size=11)      # shrink, never cut ("Dimenzi…")
        d.text((px + 32, py + 13), c.ellipsize(name, fnt, 94), font=fnt, fill=LEGEND_TEXT, anchor="lm")
    y += 5 * 34 + 8
    if y < MAP_HEIGHT - 40:
        _text_block(d, (x0 + 8, y, WIDTH - 8, min(y + 40, MAP_HEIGHT - 6)),
                    tr("hex_names"), size=15, fill=LEGEND_MUTED, max_lines=2)
    if y + 44 < MAP_HEIGHT - 40:        # the images' short amounts ("3 k", "act 4 pw") decoded (newcomer 27i)
        _text_block(d, (x0 + 8, y + 44, WIDTH - 8, MAP_HEIGHT - 6), tr("units"), size=15, fill=LEGEND_MUTED,
                    max_lines=3)


def _waiting(view: View) -> set[int]:
    return G.waiting(view)


# ------------------------------------------------------------------------------------------
# Image 2: the boards
# ------------------------------------------------------------------------------------------

def _marker(im: Image.Image, view: View, seat: int, x: float, y: float, r: int = 13) -> None:
    _paste(im, building_sprite("disc", seat_colour(view, seat), r, str(seat + 1)), x, y)


def _tech_owners(view: View, tid: str) -> list[tuple[int, bool]]:
    out = []
    for s, p in enumerate(_players(view)):
        if p:
            for t in p.get("techs") or ():
                if t["id"] == tid:
                    out.append((s, bool(t.get("covered"))))
    return out


# tiles whose effect has amounts: in words ("income 4 credits") where they are large, else abbreviated ("income 4 c")
TECH_ABBREVIATED = ("tech1", "tech2", "tech5", "tech6", "tech8", "tech9", "advtech3", "advtech6", "advtech11", "advtech13")


def _tech_text(tid: str) -> str:
    """The tile's effect, short enough for a board space."""
    return tr(f"tech.{tid}") if tid in TECH else tid


def _draw_tech_tile(im: Image.Image, d: ImageDraw.ImageDraw, view: View, box: Box, tid: str | None, *, advanced: bool, taken: bool = False,
                    owners: list[tuple[int, bool]] | None = None, title: str = "") -> None:
    x0, y0, x1, y1 = box
    if not tid:
        c.rounded_panel(d, box, radius=8, fill=(60, 62, 80), outline=(90, 92, 110), width=2)
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), "—", font=c.font(20, True), fill=(150, 150, 160), anchor="mm")
        return
    fill = (250, 232, 190) if advanced else (214, 238, 214)
    edge = (190, 130, 30) if advanced else (40, 130, 60)
    if taken:
        fill = c.mix(fill, (90, 90, 100), 0.55)
    c.rounded_panel(d, box, radius=8, fill=fill, outline=edge, width=3)
    tag = title or (tr("adv_tag", n=tid[7:]) if tid.startswith("advtech") else tr("tech_tag", n=tid[4:]))
    d.text((x0 + 6, y0 + 4), tag, font=c.fit_font(tag, x1 - x0 - 12, 24, max_size=20, min_size=SMALL_PRINT, bold=True),
           fill=(70, 70, 80), anchor="la")
    owners = owners or []
    # the effect as large as the tile allows: a phone shows this board 420 px wide (N13), a long
    # word wrapped at a syllable rather than the whole effect in small print
    _text_block(d, (x0 + 3, y0 + 26, x1 - 3, y1 - (24 if owners else 4)), _tech_text(tid), size=22,
                short=tr(f"tech_abbr.{tid}") if tid in TECH_ABBREVIATED else None,
                bold=True, fill=c.INK, max_lines=4, min_size=SMALL_PRINT, syllables=True)
    for i, (s, covered) in enumerate(owners):
        mx = x0 + 14 + i * 24
        _marker(im, view, s, mx, y1 - 13, 10)
        if covered:
            d.line((mx - 10, y1 - 23, mx + 10, y1 - 3), fill=TAKEN, width=3)
    if taken and not owners:
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), tr("taken"), font=c.font(18, True), fill=TAKEN, anchor="mm")


def _draw_research(im: Image.Image, d: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    c.rounded_panel(d, box, radius=12, fill=(36, 42, 70), outline=(90, 100, 150), width=2)
    d.text((x0 + 12, y0 + 8), tr("research"), font=c.font(22, True), fill=c.WHITE, anchor="la")
    players = _players(view)
    tech = view.get("tech") or {}
    adv_taken = set(view.get("adv_taken") or ())
    colw = (x1 - x0 - 50) / 6
    top = y0 + 40
    adv_h, std_h = RESEARCH_ADV_H, RESEARCH_STD_H
    for i, f in enumerate(FIELDS):
        cx0 = x0 + 40 + i * colw
        cx1 = cx0 + colw - 6
        col = TRACK_COLOURS[f]
        # advanced tile
        atid = tech.get("adv-" + f)
        apos = "adv-" + f
        owners = _tech_owners(view, atid) if atid and apos in adv_taken else []
        _draw_tech_tile(im, d, view, (cx0, top, cx1, top + adv_h - 6), atid, advanced=True,
                        taken=apos in adv_taken, owners=owners, title=G.notation_word(apos, _LANGUAGE.get()))   # the ids moves use
        # levels 5..0
        for lv in range(5, -1, -1):
            yy = top + adv_h + _level_y(lv)
            cell = (cx0, yy, cx1, yy + _level_h(lv) - 4)
            fill = c.mix(col, c.WHITE, 0.55 if lv else 0.75)
            if lv == 5:
                fill = c.mix(col, c.WHITE, 0.25)
            c.rounded_panel(d, cell, radius=6, fill=fill, outline=c.mix(col, c.BLACK, 0.3), width=2)
            terra_fed = view.get("terra_fed")
            if lv == 5 and f == "terra" and terra_fed:     # on the level until someone reaches it: the whole cell
                _draw_fed_token(d, (cx0 + 3, yy + 1, cx1 - 3, yy + _level_h(lv) - 5), terra_fed, True)
            here = [s for s, p in enumerate(players) if p and p["research"][f] == lv]
            step = min(29, (cx1 - cx0 - 30) / max(1, len(here)))
            mx = (cx0 + cx1) / 2 - step * (len(here) - 1) / 2
            for s in here:
                _marker(im, view, s, mx, yy + (_level_h(lv) - 4) / 2, 13)
                mx += step
        # standard tile
        stid = tech.get(f)
        sy = top + adv_h + _level_y(-1) + 4
        _draw_tech_tile(im, d, view, (cx0, sy, cx1, sy + std_h - 6), stid, advanced=False,
                        owners=_tech_owners(view, stid) if stid else [],
                        title=G.notation_word(f, _LANGUAGE.get()))
        # track name, on two lines if need be ("Terrafor-" / "málás")
        _text_block(d, (cx0 - 2, sy + std_h, cx1 + 2, sy + std_h + RESEARCH_NAME_H - 2), tr(f"field.{f}"), size=20,
                    bold=True, fill=c.mix(col, c.WHITE, 0.65), max_lines=2, min_size=SMALL_PRINT, syllables=True)
    for lv in range(5, -1, -1):
        yy = top + adv_h + _level_y(lv) + (_level_h(lv) - 4) / 2
        d.text((x0 + 22, yy), str(lv), font=c.font(24, True), fill=c.WHITE, anchor="mm")
    # the free tiles, then a row of the federation tokens left in the supply
    fy = top + adv_h + _level_y(-1) + std_h + RESEARCH_NAME_H
    fw = (x1 - x0 - 12) / 3       # each tile's title names its space (szabad1 / free1)
    for j in range(3):
        tid = tech.get(f"free{j + 1}")
        fx = x0 + 10 + j * fw
        _draw_tech_tile(im, d, view, (fx, fy, fx + fw - 8, fy + RESEARCH_FREE_H), tid, advanced=False,
                        owners=_tech_owners(view, tid) if tid else [],
                        title=G.notation_word(f"free{j + 1}", _LANGUAGE.get()))
    sy = fy + RESEARCH_FREE_H + 8
    _draw_fed_supply(d, view, (x0 + 10, sy, x1 - 10, min(y1 - 6, sy + RESEARCH_SUPPLY_H)))


def _draw_fed_supply(d: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    """The federation tokens left in the supply, in one row under its title: each a stretched
    hexagon with its reward on two lines and how many are left (legible at 420 px, N13)."""
    x0, y0, x1, y1 = box
    d.text((x0, y0), tr("fed_tokens"), font=c.font(20, True), fill=c.WHITE, anchor="la")
    supply = view.get("fed_supply") or {}
    ids = sorted(supply)
    per_row = max(3, math.ceil(len(ids) / 2))       # two rows: each token wide enough for its reward
    cw = (x1 - x0) / per_row
    th = (y1 - y0 - 26 - 6) / 2
    count_font = c.font(24, True)
    for i, tok in enumerate(ids):
        row, col = divmod(i, per_row)
        tx = x0 + col * cw
        ty0 = y0 + 26 + row * (th + 6)
        left = supply[tok]
        token_w = cw - count_font.getlength("×9") - 16
        _draw_fed_token(d, (tx, ty0, tx + token_w, ty0 + th), tok,
                        bool(FED_TOKENS.get(tok, {}).get("green")) and left > 0)
        d.text((tx + token_w + 4, ty0 + th / 2), f"×{left}", font=count_font,
               fill=c.WHITE if left else (150, 150, 160), anchor="lm")


def _draw_fed_token(d: ImageDraw.ImageDraw, box: Box, tok: str, green: bool, small: bool = False) -> None:
    """A federation token filling ``box`` (:func:`gaia_tokens.draw_token`): its reward as the
    rulebook writes it ("8 pont" over "1 KTK"), or in the full picture's small ones its id (F2)."""
    info = FED_TOKENS.get(tok)
    forms = [[tok.replace("fed", "F") if info else tok]]
    if info and not small:
        forms = [token_reward_parts(info["reward"]), token_reward_parts(info["reward"], short=True)]
    draw_token(d, box, GREEN_TOKEN if green else GREY_TOKEN, c.BLACK if green else c.WHITE, forms,
               lambda parts: render_message(Join(parts, "comma"), _LANGUAGE.get()))


def token_reward_parts(reward: str, short: bool = False) -> list[str]:
    """A federation token's reward as the rulebook writes it, one amount a part: "8vp,q" ->
    ["8 pont", "1 KTK"] (``short``: the units as the image's resources abbreviate them, ["6 pont", "2 tu"])."""
    kind = "token_short" if short else "token_amount"
    return [tr(f"{kind}.{unit}", n=n) for n, unit in parse_rewards(reward)]


def _section_title(d: ImageDraw.ImageDraw, x: float, y: float, text: str) -> None:
    d.text((x, y), text, font=c.font(20, True), fill=c.WHITE, anchor="la")


def _draw_actions(im: Image.Image, d: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    _section_title(d, x0, y0, tr("power_qic"))
    used = set(view.get("used_actions") or ())
    ids = [a for a in ACTIONS]
    per_row = 4         # wide enough for the cost and the id a move names on one line, in print a phone reads
    rows = math.ceil(len(ids) / per_row)
    bw = (x1 - x0 - (per_row - 1) * 6) / per_row
    bh = (y1 - y0 - 30 - 6 * (rows - 1)) / rows
    chip_font = c.font(20, True)
    for i, aid in enumerate(ids):
        row, col = divmod(i, per_row)
        bx = x0 + col * (bw + 6)
        by = y0 + 28 + row * (bh + 6)
        a = ACTIONS[aid]
        qic = aid.startswith("qic")
        fill = (210, 238, 215) if qic else (226, 212, 244)
        edge = (40, 140, 70) if qic else POWER_PURPLE
        taken = aid in used
        if taken:
            fill = (120, 120, 128)
        c.rounded_panel(d, (bx, by, bx + bw, by + bh), radius=8, fill=fill, outline=edge, width=3)
        if taken:
            d.line((bx + 8, by + 8, bx + bw - 8, by + bh - 8), fill=TAKEN, width=6)
            d.line((bx + 8, by + bh - 8, bx + bw - 8, by + 8), fill=TAKEN, width=6)
        cost = _reward_text(a["cost"])
        chip = (bx + 6, by + 6, bx + 6 + chip_font.getlength(cost) + 12, by + 32)
        d.rounded_rectangle(chip, radius=8, fill=edge)
        d.text(((chip[0] + chip[2]) / 2, (chip[1] + chip[3]) / 2), cost, font=chip_font, fill=c.WHITE,
               anchor="mm")
        words = a["reward"] not in ACTION_WORDS     # "3 tudás" where it is large, else "3 tu"
        reward = _words_text(a["reward"]) if words else tr(f"action.{a['reward']}")
        _text_block(d, (bx + 4, by + 34, bx + bw - 4, by + bh - 3), reward, size=21, bold=True,
                    fill=(235, 235, 235) if taken else c.INK, max_lines=2, min_size=SMALL_PRINT,
                    stroke=c.BLACK if taken else None, short=_reward_text(a["reward"]) if words else None)
        if taken:
            d.text((bx + bw - 8, by + 8), tr("taken_small"), font=c.font(20, True), fill=c.WHITE, anchor="ra")
        else:   # the id a move names ("action power3")
            code = G.notation_word(aid, _LANGUAGE.get())
            d.text((bx + bw - 8, by + 9), code, font=c.fit_font(code, bw - (chip[2] - bx) - 14, 22, max_size=20,
                                                              min_size=SMALL_PRINT, bold=True), fill=(70, 70, 80), anchor="ra")


def _draw_round_tiles(im: Image.Image, d: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    _section_title(d, x0, y0, tr("round_scoring"))
    tiles = list(view.get("round_scoring") or ())
    rnd = view.get("round", 0)
    n = 6
    bw = (x1 - x0 - (n - 1) * 6) / n
    by = y0 + 28
    for i in range(n):
        bx = x0 + i * (bw + 6)
        tid = tiles[i] if i < len(tiles) else None
        current = rnd == i + 1 and view.get("phase") != "over"
        past = i + 1 < rnd or view.get("phase") == "over"
        fill = (250, 246, 226) if not past else (130, 130, 138)
        c.rounded_panel(d, (bx, by, bx + bw, y1), radius=8, fill=fill,
                        outline=(255, 200, 0) if current else (120, 120, 140), width=6 if current else 2)
        d.text((bx + 8, by + 6), tr("round_tag", n=i + 1), font=c.font(20, True), fill=(60, 60, 70), anchor="la")
        if tid and tid in ROUND_TILES:
            t = ROUND_TILES[tid]
            d.text((bx + bw - 8, by + 4), f"{t['vp']}", font=c.font(26, True), fill=(150, 60, 0), anchor="ra")
            _text_block(d, (bx + 4, by + 30, bx + bw - 4, y1 - 4), tr(f"round_event.{t['event']}"),
                        size=20, bold=True, fill=c.INK, max_lines=3, min_size=SMALL_PRINT, syllables=True)
        if current:
            d.text((bx + bw / 2, y1 + 3), tr("now"), font=c.font(20, True), fill=(255, 200, 0), anchor="ma")


def _draw_final_tiles(im: Image.Image, d: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    _section_title(d, x0, y0, tr("final_scoring"))
    tiles = list(view.get("final_scoring") or ())
    players = _players(view)
    bw = (x1 - x0 - 8) / 2
    by = y0 + 28
    for i, tid in enumerate(tiles[:2]):
        bx = x0 + i * (bw + 8)
        c.rounded_panel(d, (bx, by, bx + bw, y1), radius=8, fill=(236, 230, 250), outline=(120, 90, 170), width=3)
        d.text((bx + 8, by + 5), c.ellipsize(tr(f"final.{tid}"), c.font(20, True), bw - 16),
               font=c.font(20, True), fill=c.INK, anchor="la")
        mx = bx + 22
        for s, p in enumerate(players):
            if not p:
                continue
            cnt = G.final_count(view, s, tid)
            _marker(im, view, s, mx, y1 - 20, 14)
            d.text((mx + 18, y1 - 20), str(cnt), font=c.font(22, True), fill=c.INK, anchor="lm")
            mx += 74
        if len(players) == 2 and tid in FINAL_TILES:
            d.text((bx + bw - 8, y1 - 20), tr("neutral", n=FINAL_TILES[tid]["neutral"]), font=c.font(20),
                   fill=(80, 80, 90), anchor="rm")


def _words_text(reward: str) -> str:
    """A reward's amounts in the rulebook's words, as a list ("1 tudás, 1 érc")."""
    return render_message(Join(_amounts(reward, short=False), "comma"), _LANGUAGE.get())


def _booster_text(bid: str) -> tuple[str, str, str]:
    """A booster's income in words ("1 tudás, 1 érc") and abbreviated ("1 tu 1 ér"), and its
    special action or pass bonus ("" if none)."""
    b = BOOSTERS[bid]
    income = ",".join(b["income"])
    inc = _words_text(income)
    second = ""
    if b.get("action"):
        second = {"step": tr("act_step"), "range+3": tr("act_range")}.get(b["action"]) or \
            tr("act_other", action=b["action"])
    elif b.get("pass"):
        pc = b["pass"]
        second = tr("pass_vp", vp=pc["vp"], what=tr(f"pass_count.{pc['count']}"))
    return inc, _reward_text(income), second


BOOSTER_W = 130       # a booster tile's width at most (one row)
BOOSTER_MIN_W = 118   # narrower than this, the boosters come in two rows: "bónusz10" at 18 px fits


def _booster_rows(count: int, width: float) -> int:
    """The boosters' rows: one, or two when one row's tiles would be narrower than BOOSTER_MIN_W."""
    n = max(1, count)
    return 1 if (width - (n - 1) * 6) / n >= BOOSTER_MIN_W else 2


def _draw_boosters(im: Image.Image, d: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    _section_title(d, x0, y0, tr("boosters"))
    boosters = view.get("boosters") or {}
    ids = sorted(boosters, key=lambda b: int(b[7:]) if b[7:].isdigit() else 99)
    rows = _booster_rows(len(ids), x1 - x0)
    per_row = math.ceil(max(1, len(ids)) / rows)
    bw = min(BOOSTER_W if rows == 1 else 190, (x1 - x0 - (per_row - 1) * 6) / per_row)
    bh = (y1 - y0 - 28 - 6 * (rows - 1)) / rows
    mid, foot = (46, 28) if bh < 150 else (52, 34)    # low tiles (the full picture): the pass bonus keeps two lines
    for i, bid in enumerate(ids):
        row, col = divmod(i, per_row)
        bx = x0 + col * (bw + 6)
        by = y0 + 28 + row * (bh + 6)
        by1 = by + bh
        holder = boosters[bid]
        fill = (224, 236, 250)
        c.rounded_panel(d, (bx, by, bx + bw, by1), radius=8, fill=fill, outline=(60, 100, 160), width=3)
        inc, inc_short, second = _booster_text(bid)
        code = G.notation_word(bid, _LANGUAGE.get())
        d.text((bx + 6, by + 4), code, font=c.fit_font(code, bw - 12, 22, max_size=19, min_size=SMALL_PRINT,
                                                      bold=True),
               fill=(80, 80, 90), anchor="la")   # the id a move names ("pass booster3")
        # the income ("1 ér 2 jelölő" at 18 px takes the tile's width); without a second effect,
        # on up to two lines in the tile's middle, in words where they are large ("1 tudás," / "1 érc")
        _text_block(d, (bx + 2, by + 23, bx + bw - 2, by + mid if second else by1 - foot), inc, size=22, bold=True,
                    max_lines=1 if second else 2, min_size=SMALL_PRINT, short=inc_short)
        if second:     # the pass bonus or special action, large enough for a phone (newcomer report N13)
            _text_block(d, (bx + 3, by + mid, bx + bw - 3, by1 - foot), second, size=20, bold=True, max_lines=3,
                        min_size=SMALL_PRINT, syllables=True)
        if holder is not None:
            _marker(im, view, holder, bx + bw / 2, by1 - foot / 2, 15 if foot > 30 else 12)
        else:       # "available" (not "free": the free tech tiles are szabad1..3)
            label = tr("booster_free")
            d.text((bx + bw / 2, by1 - foot / 2), label, font=c.fit_font(label, bw - 8, 24, max_size=20,
                                                                  min_size=SMALL_PRINT, bold=True),
                   fill=(40, 120, 60), anchor="mm")


def _income(view: View, seat: int) -> dict[str, int]:
    total: dict[str, int] = {}
    events = G.income_events(view, seat)
    for ev in events:
        try:
            for n, t in parse_rewards(ev):
                total[t] = total.get(t, 0) + n
        except ValueError:
            continue
    return total


SPECIAL_WORDS = ("space-station", "swap-PI", "down-lab", "up-lowest")


def _specials(view: View, seat: int) -> list[tuple[str, bool]]:
    """Special actions of the academy, PI or faction (boosters and tiles show their own), used or not."""
    p = _players(view)[seat]
    if p is None:           # no faction yet
        return []
    sources = G.special_sources(view, seat)
    out = []
    for key, reward in sources:
        if key == "booster" or key in TECH:
            continue
        name = tr(f"special.{reward}") if reward in SPECIAL_WORDS else _reward_text(reward)
        if key == "ac2":
            name = tr("academy_prefix", name=name)
        out.append((name, key in (p.get("used") or ())))
    return out


def _resource_icon(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, r: float, letters: bool = True) -> None:
    """A resource's token; ``letters``: its unit written on it (too small for a phone: the
    player panels write the unit beside the number instead)."""
    col = RES_COLOURS[kind]
    if kind == "c":
        d.ellipse((x - r, y - r, x + r, y + r), fill=col, outline=c.BLACK, width=2)
    elif kind == "o":
        d.rectangle((x - r * 0.85, y - r * 0.85, x + r * 0.85, y + r * 0.85), fill=col, outline=c.BLACK, width=2)
    elif kind == "k":
        d.rounded_rectangle((x - r * 0.75, y - r, x + r * 0.75, y + r), radius=3, fill=col, outline=c.BLACK, width=2)
    else:
        d.polygon(c.hex_corners(x, y, r, pointy=True), fill=col, outline=c.BLACK, width=2)
    if not letters:
        return
    label = tr("icon." + kind)       # Hungarian: kr / ér / tu / KTK
    size = int(r * 1.2) if len(label) == 1 else int(r * (0.95 if len(label) == 2 else 0.75))
    d.text((x, y), label, font=c.font(size, True), fill=c.contrast_text(col), anchor="mm")


def _draw_player(im: Image.Image, d: ImageDraw.ImageDraw, view: View, seat: int, box: Box,
                 player_names: Sequence[str] | None, waiting: set[int]) -> None:
    x0, y0, x1, y1 = box
    p = _players(view)[seat]
    col = seat_colour(view, seat)
    to_act = seat in waiting
    c.rounded_panel(d, box, radius=12, fill=PANEL, outline=(255, 40, 220) if to_act else col, width=6 if to_act else 3)
    hh = 46
    d.rounded_rectangle((x0, y0, x1, y0 + hh), radius=12, fill=col, corners=(True, True, False, False))
    if to_act:
        d.rounded_rectangle((x0, y0, x1, y0 + hh), radius=12, outline=TO_ACT, width=6,
                            corners=(True, True, False, False))
    tcol = c.contrast_text(col)
    _paste(im, building_sprite("disc", c.mix(col, c.BLACK, 0.25) if c.luminance(col) > 0.5 else c.WHITE, 15,
                               str(seat + 1)), x0 + 26, y0 + hh / 2)
    name = seat_name(view, seat, player_names)
    status = ""
    if p and p.get("passed"):
        status = tr("passed_status")
    if to_act:
        status = tr("to_act_status")
    vp = tr("vp_value", vp=p["vp"]) if p else ""
    right = c.font(30, True).getlength(vp) + (c.font(20, True).getlength(status) + 20 if status else 0)
    fnt = c.fit_font(name, x1 - x0 - 70 - right - 20, hh - 6, max_size=28, min_size=14, bold=True)
    d.text((x0 + 50, y0 + hh / 2), c.ellipsize(name, fnt, x1 - x0 - 70 - right - 20), font=fnt, fill=tcol,
           anchor="lm")
    d.text((x1 - 12, y0 + hh / 2), vp, font=c.font(30, True), fill=tcol, anchor="rm")
    if status:
        sx = x1 - 24 - c.font(30, True).getlength(vp)
        sw = c.font(20, True).getlength(status) + 14
        chip = (sx - sw, y0 + 9, sx, y0 + hh - 9)
        d.rounded_rectangle(chip, radius=8, fill=TO_ACT if to_act else (60, 60, 70))
        d.text(((chip[0] + chip[2]) / 2, (chip[1] + chip[3]) / 2), status, font=c.font(20, True),
               fill=c.WHITE, anchor="mm")
    if not p:
        d.text(((x0 + x1) / 2, (y0 + hh + y1) / 2), tr("choosing_faction"), font=c.font(24, True),
               fill=(90, 90, 100), anchor="mm")
        return
    top = y0 + hh + 8
    # resources
    # each resource: its token, the amount, and the unit as the income line writes it ("12 kr"),
    # legible on a phone (newcomer report N13: letters inside a token were not)
    rx = x0 + 12
    number_font, unit_font = c.font(30, True), c.font(22, True)
    for kind in ("c", "o", "k", "q"):
        _resource_icon(d, kind, rx + 11, top + 20, 11, letters=False)
        d.text((rx + 27, top + 20), str(p[kind]), font=number_font, fill=c.INK, anchor="lm")
        ux = rx + 27 + number_font.getlength(str(p[kind])) + unit_font.getlength(" ")    # "12 kr", a space apart
        unit = tr("reward." + kind)
        d.text((ux, top + 22), unit, font=unit_font, fill=(70, 70, 82), anchor="lm")
        rx = ux + unit_font.getlength(unit) + 14
    # power bowls
    pw = p["power"]
    stone = p.get("brainstone")
    bx = x0 + 14
    by = top + 48
    bowl_r = 27
    for i, (area, label) in enumerate((("area1", "I"), ("area2", "II"), ("area3", "III"), ("gaia", tr("gaia_area")))):
        cx = bx + bowl_r + i * (2 * bowl_r + 14)
        cy = by + bowl_r + 4
        fill = (52, 150, 70) if area == "gaia" else c.mix(POWER_PURPLE, c.WHITE, 0.15 + 0.2 * (2 - i) if i < 3 else 0)
        d.ellipse((cx - bowl_r, cy - bowl_r, cx + bowl_r, cy + bowl_r), fill=fill, outline=c.BLACK, width=2)
        d.text((cx, cy - 2), str(pw[area]), font=c.font(26, True), fill=c.WHITE, anchor="mm",
               stroke_width=2, stroke_fill=c.BLACK)
        d.text((cx, cy + bowl_r + 1), label, font=c.font(SMALL_PRINT, True), fill=(60, 60, 70), anchor="ma")
        if stone == area:
            d.ellipse((cx + bowl_r - 20, cy - bowl_r - 6, cx + bowl_r + 6, cy - bowl_r + 20), fill=(250, 250, 250),
                      outline=(200, 0, 120), width=3)
            d.text((cx + bowl_r - 7, cy - bowl_r + 7), tr("brainstone_mark"), font=c.font(SMALL_PRINT, True),
                   fill=(200, 0, 120), anchor="mm")
    act_y = by + 2 * bowl_r + 32      # the row of special actions (and the Taklons' discarded brainstone)
    if p["faction"] == "taklons" and not stone:   # discarded for a satellite (GP-FAC-TAK-2)
        gone = tr("brainstone_gone")
        d.text((bx, act_y), gone, font=c.fit_font(gone, 4 * (2 * bowl_r + 14) - 8, 24, max_size=20,
                                                  min_size=SMALL_PRINT), fill=(90, 90, 100), anchor="lm")
    # income
    inc = _income(view, seat) if view.get("phase") not in ("over", "factions") else {}
    ix = bx + 4 * (2 * bowl_r + 14) + 6
    d.text((ix, by - 4), tr("income"), font=c.font(18, True), fill=(80, 80, 90), anchor="la")
    parts = []
    for t in ("c", "o", "k", "q", "pw", "t"):
        if inc.get(t):
            parts.append(tr("gain", amount=tr(f"amount_short.{t}", n=inc[t])))     # "+12 kr", never "+12kr"
    inc_text = " ".join(parts) or "—"
    _text_block(d, (ix, by + 12, min(x1 - 10, ix + 212), by + 2 * bowl_r + 21), inc_text, size=21, bold=True,
                max_lines=3, min_size=SMALL_PRINT)
    specials = _specials(view, seat)
    if specials:       # below the buildings left: the row reaches the panel's right edge
        sx = ix
        sy = act_y
        fnt = c.font(SMALL_PRINT, True)
        d.text((sx, sy), tr("act"), font=fnt, fill=(80, 80, 90), anchor="lm")
        sx += fnt.getlength(tr("act")) + 6
        for label, was_used in specials:
            w = fnt.getlength(label) + 10
            if sx + w > x1 - 12:
                break
            d.rounded_rectangle((sx, sy - 12, sx + w, sy + 12), radius=5,
                                fill=(200, 200, 200) if was_used else (255, 240, 200), outline=(120, 100, 60))
            d.text((sx + w / 2, sy), label, font=fnt, fill=(120, 120, 120) if was_used else c.INK, anchor="mm")
            if was_used:
                d.line((sx + 3, sy, sx + w - 3, sy), fill=TAKEN, width=2)
            sx += w + 4
    # right block: buildings left, booster
    lx = ix + 218
    n = p.get("n") or {}
    left = []
    for typ in ("m", "ts", "lab", "ac1", "ac2", "PI"):
        cnt = STD_BUILDINGS[typ]["count"] - n.get(typ, 0)
        left.append((typ, cnt))
    d.text((lx, top - 4), tr("left_to_build"), font=c.font(18, True), fill=(80, 80, 90), anchor="la")
    for i, (typ, cnt) in enumerate(left):
        row, colm = divmod(i, 3)
        px = lx + colm * (86 if row == 0 else 95)     # room for "1 KTK" before the next shape
        py = top + 30 + row * 36
        # the academies and the institute: their letters beside the shape, where a phone shows
        # them (inside a 26 px shape they were 4 px tall there)
        _paste(im, building_sprite(typ, col, 13), px + 14, py)
        count_font = c.font(24, True)
        d.text((px + 31, py), f"{cnt}", font=count_font, fill=c.INK if cnt else (170, 60, 60), anchor="lm")
        letter = _sprite_letter(typ)
        if letter:      # a space after the count ("1 KTK")
            letter_font = c.fit_font(letter, 46, 24, max_size=SMALL_PRINT, min_size=SMALL_PRINT, bold=True)
            d.text((px + 31 + count_font.getlength(f"{cnt}") + letter_font.getlength(" "), py + 1), letter,
                   font=letter_font, fill=(70, 70, 82), anchor="lm")
    gy = top + 30 + 2 * 36
    gf_free = G.gaiaformers_free(view, seat)
    if p.get("gf_total"):
        _paste(im, building_sprite("ring", col, 11), lx + 14, gy)
        d.text((lx + 31, gy), f"{gf_free}/{p['gf_total']}", font=c.font(22, True), fill=c.INK, anchor="lm")
    if p["faction"] == "ivits":
        _paste(im, building_sprite("sp", col, 12), lx + 86 + 14, gy)
        st_left = max(0, SPACE_STATIONS - n.get("sp", 0))
        d.text((lx + 86 + 31, gy), f"{st_left}", font=c.font(22, True),
               fill=c.INK if st_left else (170, 60, 60), anchor="lm")
    # no satellites here: they are no supply one runs out of, and a count of those on the map read
    # as "left to build" (newcomer P-1); the map shows them, the final scoring counts them
    # bottom area: booster, tech tiles, federation tokens (one or two rows)
    ry = act_y + 16
    _draw_player_tiles(d, p, (x0 + 12, ry, x1 - 12, y1 - 10))


TILE_TOKEN_W = 92           # a federation token among a player's tiles (one row)
TILE_TOKEN_WIDE = 150       # ... and as wide as it may be where the row has room (its reward in words)
TILES_TWO_ROWS_EXTRA = 50   # px more for a chat panel whose tiles take two rows: each row tall enough for print a phone reads


def _tile_items(p: Player) -> list[tuple[str, Any, float]]:
    """A player's booster, technology tiles and federation tokens, with each one's width (the tokens' 0:
    :func:`_draw_player_tiles` sizes them)."""
    items: list[tuple[str, Any, float]] = []
    if p.get("booster"):
        items.append(("booster", p["booster"], 150))
    items += [("tech", t, 104) for t in p.get("techs") or ()]
    items += [("fed", f, 0) for f in p.get("feds") or ()]
    return items


def _tile_rows(p: Player, width: float) -> int:
    """1, or 2 when a player's tiles do not fit in one row ``width`` wide."""
    items = _tile_items(p)
    feds = sum(1 for kind, _, _ in items if kind == "fed")
    return 2 if sum(w + 6 for _, _, w in items) + feds * (TILE_TOKEN_W + 4) > width else 1


def _tiles_fit(widths: Sequence[float], room: float, rows: int) -> bool:
    """Whether tiles this wide, flowed from the left (6 px apart), fit ``rows`` rows ``room`` wide."""
    x, row = 0.0, 0
    for w in widths:
        if x + w > room:
            row, x = row + 1, 0.0
            if row >= rows or w > room:
                return False
        x += w + 6
    return True


def _draw_player_tiles(d: ImageDraw.ImageDraw, p: Player, box: Box) -> None:
    x0, y0, x1, y1 = box
    feds = list(p.get("feds") or ())
    used = set(p.get("used") or ())
    items = _tile_items(p)
    full_h = y1 - y0
    rows = _tile_rows(p, x1 - x0)
    h = (full_h - 4 * (rows - 1)) / rows
    token_w = max(h, TILE_TOKEN_W if rows == 1 else 104.0)   # a low row's tokens are stretched: their text stays large
    # federation tokens stack at the right end, techs flow from the left
    nf = len(feds)
    fed_cols = math.ceil(nf / rows) if nf else 0
    tiles = [w for kind, _, w in items if kind != "fed"]
    token_w = next((float(wide) for wide in range(TILE_TOKEN_WIDE, int(token_w), -2)    # wider where the row has room:
                    if _tiles_fit(tiles, x1 - fed_cols * (wide + 4) - 6 - x0, rows)), token_w)   # the reward in words
    fed_w = token_w + 4
    fed_x0 = x1 - fed_cols * fed_w
    for i, f in enumerate(feds):
        col, row = divmod(i, rows) if rows == 2 else (i, 0)
        fx = fed_x0 + col * fed_w
        fy = y0 + row * (h + 4)
        _draw_fed_token(d, (fx, fy, fx + token_w, fy + h), f["id"], bool(f.get("green")))
    x, row = x0, 0
    for kind, obj, w in items:
        if kind == "fed":
            continue
        if x + w > fed_x0 - 6:
            if row + 1 >= rows:
                break
            row += 1
            x = x0
        y = y0 + row * (h + 4)
        tile = (x, y, x + w, y + h)
        if kind == "booster":
            inc_b, inc_short, second = _booster_text(obj)
            c.rounded_panel(d, tile, radius=6, fill=(224, 236, 250), outline=(60, 100, 160), width=2)
            # large enough for a phone (newcomer report N13): the income, then the pass bonus or
            # the special action ("passz: 1 pont / bánya")
            if rows == 1:
                _text_block(d, (x + 3, y + 2, x + w - 3, y + h * 0.4), inc_b, size=21, bold=True, max_lines=1,
                            min_size=SMALL_PRINT, short=inc_short)
                _text_block(d, (x + 3, y + h * 0.4, x + w - 3, y + h - 2), second or tr("booster_tag", n=obj[7:]),
                            size=19, bold=True, max_lines=2, min_size=SMALL_PRINT, syllables=True,
                            fill=(140, 140, 150) if "booster" in used and BOOSTERS[obj].get("action") else c.INK)
            else:
                _text_block(d, (x + 3, y + 1, x + w - 3, y + h - 1), inc_b + ("  " + second if second else ""),
                            size=19, bold=True, max_lines=2, min_size=SMALL_PRINT, syllables=True,
                            short=inc_short + ("  " + second if second else ""))
        else:
            adv = obj["id"].startswith("adv")
            covered = bool(obj.get("covered"))
            fill = (250, 232, 190) if adv else (214, 238, 214)
            if covered:
                fill = (170, 170, 172)
            elif obj["id"] in used:
                fill = c.mix(fill, (150, 150, 150), 0.5)
            c.rounded_panel(d, tile, radius=6, fill=fill, outline=(190, 130, 30) if adv else (40, 130, 60), width=2)
            dim = covered or obj["id"] in used
            mark = obj["id"] in used and not covered      # "used" over the effect
            _text_block(d, (x + 3, y + (19 if mark else 1), x + w - 3, y + h - 1),
                        tr(f"tech_short.{obj['id']}"), size=20 if rows == 1 else 19, bold=True, max_lines=2,
                        min_size=SMALL_PRINT, fill=(95, 95, 100) if dim else c.INK, syllables=True)
            if covered:
                d.line((x + 4, y + h - 4, x + w - 4, y + 4), fill=TAKEN, width=3)
            elif mark:
                d.text((x + w - 5, y + 2), tr("used"), font=c.font(SMALL_PRINT, True), fill=TAKEN, anchor="ra")
        x += w + 6


VP_GROUPS = ("start", "round", "booster", "tech", "fed", "final-tiles", "research", "resources", "qic", "faction",
             "charge", "other")


def _vp_group(source: str) -> str:
    if source == "start":
        return "start"
    head, _, tail = source.partition(":")
    if head in ("round", "booster", "tech", "fed"):
        return head
    if head == "qic2":
        return "fed"
    if head in ("qic3", "faction", "charge"):
        return {"qic3": "qic"}.get(head, head)
    if head == "final":
        return {"research": "research", "resources": "resources"}.get(tail, "final-tiles")
    if head == "research":
        return "research"
    return "other"


def _draw_vp_sources(im: Image.Image, d: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    """Where each player's VP came from (the rules core records every gain by source)."""
    x0, y0, x1, y1 = box
    c.rounded_panel(d, box, radius=12, fill=(36, 42, 70), outline=(90, 100, 150), width=2)
    d.text((x0 + 14, y0 + 8), tr("vp_sources"), font=c.font(22, True), fill=c.WHITE, anchor="la")
    players = [(s, p) for s, p in enumerate(_players(view)) if p]
    if not players:
        return
    totals: dict[int, dict[str, int]] = {s: {} for s, _ in players}
    for s, p in players:
        for src, vp in sorted((p.get("vp_src") or {}).items()):
            g = _vp_group(src)
            totals[s][g] = totals[s].get(g, 0) + vp
    groups = [(g, tr(f"vp_group.{g}")) for g in VP_GROUPS if any(totals[s].get(g) for s, _ in players)]
    col_w = min(110, (x1 - x0 - 190) / max(1, len(players)))
    row_h = min(26, (y1 - y0 - 74) / max(1, len(groups) + 1))
    top = y0 + 44
    for i, (s, p) in enumerate(players):
        cx = x0 + 180 + col_w * (i + 0.5)
        _marker(im, view, s, cx, top + 4, 13)
    y = top + 22
    fnt = c.font(min(19, int(row_h * 0.8)), True)
    for j, (g, name) in enumerate(groups + [("total", tr("vp_group.total"))]):
        if j % 2 == 0 or g == "total":
            d.rectangle((x0 + 8, y, x1 - 8, y + row_h), fill=(46, 54, 88) if g != "total" else (70, 60, 30))
        d.text((x0 + 16, y + row_h / 2), name, font=fnt, fill=c.WHITE, anchor="lm")
        for i, (s, p) in enumerate(players):
            cx = x0 + 180 + col_w * (i + 0.5)
            val = p["vp"] if g == "total" else totals[s].get(g, 0)
            d.text((cx, y + row_h / 2), str(val) if val else "·", font=fnt,
                   fill=(255, 230, 120) if g == "total" else c.WHITE, anchor="mm")
        y += row_h


PANEL_H = 300
# the research board: the advanced tiles, six levels, the standard tiles, the free tiles and
# the federation supply (legible at 420 px on a phone: large tiles, low level rows)
RESEARCH_ADV_H, RESEARCH_LEVEL_H, RESEARCH_STD_H = 138, 34, 142
RESEARCH_TOP_LEVEL_H = 54     # level 5: room for the terraforming track's federation token, its reward on two lines
RESEARCH_NAME_H = 48          # a track's name, two lines at most
RESEARCH_FREE_H = 92
RESEARCH_SUPPLY_H = 26 + 2 * 52 + 6     # its title, then two rows of tokens
BOARDS_TOP_H = 40 + RESEARCH_ADV_H + RESEARCH_TOP_LEVEL_H + 5 * RESEARCH_LEVEL_H + RESEARCH_STD_H + \
    RESEARCH_NAME_H + RESEARCH_FREE_H + 8 + RESEARCH_SUPPLY_H + 24
ACTIONS_H = 300               # the power and QIC actions: their title and three rows of four
ROUNDS_H = 130                # the round scoring: its title and six tiles


def _level_h(level: int) -> int:
    """The height of a research level's row (with its gap)."""
    return RESEARCH_TOP_LEVEL_H if level == 5 else RESEARCH_LEVEL_H


def _level_y(level: int) -> int:
    """A research level's row below the advanced tiles (level -1: below level 0)."""
    return sum(_level_h(lv) for lv in range(5, level, -1))


def board_height(players: int) -> int:
    """Height of the boards image: the top band plus one row of player panels per two seats."""
    rows = (max(1, players) + 1) // 2
    return HEADER_H + BOARDS_TOP_H + rows * (PANEL_H + 10) + 10


def _render_boards(view: View, *, player_names: Sequence[str] | None = None) -> Image.Image:
    players = _players(view)
    height = board_height(len(players))
    im = Image.new("RGB", (WIDTH, height), BOARD_BG)
    d = ImageDraw.Draw(im)
    _draw_header(im, view, player_names, HEADER_H)
    y0 = HEADER_H + 10
    _draw_research(im, d, view, (10, y0, 790, y0 + BOARDS_TOP_H - 10))
    rx0, rx1 = 806, WIDTH - 12
    _draw_actions(im, d, view, (rx0, y0, rx1, y0 + ACTIONS_H))
    ry = y0 + ACTIONS_H + 12
    _draw_round_tiles(im, d, view, (rx0, ry, rx1, ry + ROUNDS_H))
    ry += ROUNDS_H + 24          # "now" under the current round
    _draw_final_tiles(im, d, view, (rx0, ry, rx1, ry + 100))
    _draw_boosters(im, d, view, (rx0, ry + 112, rx1, y0 + BOARDS_TOP_H - 10))
    waiting = _waiting(view)
    py = HEADER_H + BOARDS_TOP_H + 6
    pw = (WIDTH - 30) / 2
    if len(players) % 2 == 1:        # the free slot beside the last panel holds the VP sources
        row = len(players) // 2
        yy = py + row * (PANEL_H + 10)
        _draw_vp_sources(im, d, view, (10 + pw + 10, yy, WIDTH - 10, yy + PANEL_H))
    for s in range(len(players)):
        row, col = divmod(s, 2)
        px = 10 + col * (pw + 10)
        yy = py + row * (PANEL_H + 10)
        _draw_player(im, d, view, s, (px, yy, px + pw, yy + PANEL_H), player_names, waiting)
    return c.avoid_square(im)


# The chat layout: phones show an image about 420 px wide, so besides the map the boards come
# as two images half as wide as the full picture (twice the scale on a phone): the players'
# panels one under the other, then the research board with the actions, scoring and boosters.
NARROW = 800


LEGEND_STRIP_H = 252


def _draw_legend_strip(im: Image.Image, box: Box) -> None:
    """The map's legend for the chat layout (below the players' panels): pieces and federation
    edge in three columns, planets in five, and how hexes are named."""
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=10, fill=LEGEND_BG, outline=SECTOR_LINE, width=2)
    white = (235, 235, 235)
    items = [("m", ""), ("ts", ""), ("lab", ""), ("ac1", _sprite_letter("ac1")), ("PI", _sprite_letter("PI")), ("ring", ""), ("sat", ""), ("sp", ""),
             ("fed", "")]
    row_h = 32
    col_w = (x1 - x0 - 20) / 3
    for i, (kind, letter) in enumerate(items):
        row, col = divmod(i, 3)
        x = x0 + 10 + col * col_w
        y = y0 + 12 + row * row_h + row_h / 2
        if kind == "fed":
            d.line((x + 3, y, x + 31, y), fill=c.BLACK, width=7)
            d.line((x + 3, y, x + 31, y), fill=(255, 200, 0), width=4)
            label = tr("fed_edge")
        else:
            size = {"sat": 7, "ring": 13, "PI": 15, "ac1": 14}.get(kind, 12)
            _paste(im, building_sprite(kind, white, size, letter), x + 17, y)
            label = tr(f"piece.{kind}")
        fnt = c.fit_font(label, col_w - 50, row_h, max_size=20, min_size=16)
        d.text((x + 42, y), c.ellipsize(label, fnt, col_w - 50), font=fnt, fill=LEGEND_TEXT, anchor="lm")
    y = y0 + 12 + math.ceil(len(items) / 3) * row_h + 6
    d.line((x0 + 12, y, x1 - 12, y), fill=(60, 70, 110), width=1)
    col_w = (x1 - x0 - 20) / 5
    for i, pl in enumerate(PLANET_ORDER):
        row, col = divmod(i, 5)
        x = x0 + 10 + col * col_w
        yy = y + 6 + row * row_h + row_h / 2
        _paste(im, planet_sprite(pl, 12), x + 15, yy)
        label = tr(f"planet.{pl}")
        fnt = c.fit_font(label, col_w - 32, row_h, max_size=20, min_size=SMALL_PRINT)   # "Dimenzióközi" whole
        d.text((x + 30, yy), c.ellipsize(label, fnt, col_w - 32), font=fnt, fill=LEGEND_TEXT, anchor="lm")
    y = y + 6 + 2 * row_h + 2
    _text_block(d, (x0 + 10, y, x1 - 10, y + 26), tr("hex_names"), size=18, fill=LEGEND_MUTED, max_lines=1,
                min_size=14)
    # the images' short amounts ("3 k", "act 4 pw") decoded (newcomer 27i)
    _text_block(d, (x0 + 10, y + 28, x1 - 10, y1 - 6), tr("units"), size=18, fill=LEGEND_MUTED, max_lines=1,
                min_size=14)


def _render_players(view: View, *, player_names: Sequence[str] | None = None) -> Image.Image:
    players = _players(view)
    rows = len(players) + (1 if len(players) % 2 == 1 else 0)
    im = Image.new("RGB", (NARROW, HEADER_H + 10 + rows * (PANEL_H + 10) + LEGEND_STRIP_H + 10), BOARD_BG)
    d = ImageDraw.Draw(im)
    _draw_header(im, view, player_names, HEADER_H, title=False, waiting=False)
    y = HEADER_H + 10
    for s in range(len(players)):
        _draw_player(im, d, view, s, (10, y, NARROW - 10, y + PANEL_H), player_names, set())
        y += PANEL_H + 10
    if len(players) % 2 == 1:
        _draw_vp_sources(im, d, view, (10, y, NARROW - 10, y + PANEL_H))
        y += PANEL_H + 10
    _draw_legend_strip(im, (10, y, NARROW - 10, y + LEGEND_STRIP_H))
    return c.avoid_square(im)


SEAT_VP_LINE = 25    # the seat's VP sources under its panel (chat): a title, then lines of chips


def _seat_vp_chips(view: View, seat: int, start: float = 0.0) -> list[tuple[float, int, str, str]]:
    """Where one player's VP came from: (x offset, line, group name, value) chips, wrapped; the
    first line starts ``start`` px in (after the title)."""
    p = _players(view)[seat] if seat < len(_players(view)) else None
    if not p:
        return []
    totals: dict[str, int] = {}
    for src, vp in sorted((p.get("vp_src") or {}).items()):
        totals[_vp_group(src)] = totals.get(_vp_group(src), 0) + vp
    name_font, value_font = c.font(19), c.font(19, True)
    chips: list[tuple[float, int, str, str]] = []
    x, line, room = start, 0, NARROW - 44
    for g in VP_GROUPS:
        if not totals.get(g):
            continue
        name, value = tr(f"vp_group.{g}"), str(totals[g])
        w = name_font.getlength(name) + 6 + value_font.getlength(value)
        if x + w > room and x > 0:
            x, line = 0.0, line + 1
        chips.append((x, line, name, value))
        x += w + 22
    return chips


def _render_seat(view: View, seat: int, player_names: Sequence[str] | None = None) -> Image.Image:
    """One player's panel, and under it where its VP came from (the title on the first line of
    chips): the players' image of the chat stacks these."""
    title_font = c.font(18, True)
    title = tr("vp_sources")
    chips = _seat_vp_chips(view, seat, title_font.getlength(title) + 18)
    lines = 1 + max((line for _, line, _, _ in chips), default=0)
    box_h = 12 + lines * SEAT_VP_LINE
    p = _players(view)[seat]
    panel_h = PANEL_H + (TILES_TWO_ROWS_EXTRA if p and _tile_rows(p, NARROW - 44) == 2 else 0)
    im = Image.new("RGB", (NARROW, panel_h + box_h + 26), BOARD_BG)
    d = ImageDraw.Draw(im)
    _draw_player(im, d, view, seat, (10, 10, NARROW - 10, 10 + panel_h), player_names, set())
    x0, y0 = 10, panel_h + 16
    c.rounded_panel(d, (x0, y0, NARROW - 10, y0 + box_h), radius=10, fill=(36, 42, 70), outline=(90, 100, 150), width=2)
    d.text((x0 + 12, y0 + 7), title, font=title_font, fill=LEGEND_MUTED, anchor="la")
    name_font, value_font = c.font(19), c.font(19, True)
    for x, line, name, value in chips:
        cx, cy = x0 + 12 + x, y0 + 6 + line * SEAT_VP_LINE
        d.text((cx, cy), name, font=name_font, fill=LEGEND_TEXT, anchor="la")
        d.text((cx + name_font.getlength(name) + 6, cy), value, font=value_font, fill=(255, 230, 120), anchor="la")
    return im


def seat_inputs(view: View, seat: int, player_names: Sequence[str] | None) -> tuple[Any, ...]:
    """Everything one seat's panel in the players' image (:func:`_render_seat`) is drawn from
    (issue 26), besides the language: the seat, its colour and name; then, once it has a
    faction, whether it passed, its VP, faction, resources, power bowls and brainstone, the
    income of the next income phase, its special actions (used or not), the buildings it has
    built, its gaiaformers (unlocked and free), booster, technology tiles,
    federation tokens, what it used this round and where its VP came from."""
    p = _players(view)[seat]
    head = ("seat", seat, seat_colour(view, seat), seat_name(view, seat, player_names))
    if not p:
        return head
    income = _income(view, seat) if view.get("phase") not in ("over", "factions") else {}
    return (*head, bool(p.get("passed")), p["vp"], p["faction"], tuple(p[kind] for kind in ("c", "o", "k", "q")),
            p["power"], p.get("brainstone"), income, _specials(view, seat), p.get("n") or {}, p.get("gf_total"),
            G.gaiaformers_free(view, seat), p.get("booster"), p.get("techs") or [], p.get("feds") or [],
            p.get("used") or [], p.get("vp_src") or {})


# One seat's panel as last drawn for each of the latest inputs (issue 26): a move changes the
# mover's panel, seldom another's, so the players' image pastes the others' panels drawn
# before.  About 0.85 MB a panel (800 x ~350 RGB): 64 of them (~55 MB) are every panel of
# 16 or more Gaia games; a worker process that draws more games' boards in turn than its
# panels cover finds none kept (least recently drawn goes first).
_SEAT_IMAGES: OrderedDict[str, Image.Image] = OrderedDict()
_SEAT_IMAGES_MAX = 64
_SEAT_IMAGES_LOCK = threading.Lock()     # drawing in threads (no worker processes): two drawers


def _seat_image(view: View, seat: int, player_names: Sequence[str] | None) -> Image.Image:
    """:func:`_render_seat`'s picture, drawn only when no panel of the same inputs
    (:func:`seat_inputs`, in the same language) was kept; callers only read it."""
    key = c.inputs_digest(_LANGUAGE.get(), seat_inputs(view, seat, player_names))
    with _SEAT_IMAGES_LOCK:
        image = _SEAT_IMAGES.get(key)
        if image is not None:
            _SEAT_IMAGES.move_to_end(key)
            return image
    image = _render_seat(view, seat, player_names)
    with _SEAT_IMAGES_LOCK:
        _SEAT_IMAGES[key] = image
        while len(_SEAT_IMAGES) > _SEAT_IMAGES_MAX:
            _SEAT_IMAGES.popitem(last=False)
    return image


def _render_legend(view: View, *, player_names: Sequence[str] | None = None) -> Image.Image:
    """The map's legend (chat): the same all game long, so the thread shows it once."""
    im = Image.new("RGB", (NARROW, LEGEND_STRIP_H + 20), BOARD_BG)
    _draw_legend_strip(im, (10, 10, NARROW - 10, 10 + LEGEND_STRIP_H))
    return im


def _render_common(view: View, *, player_names: Sequence[str] | None = None, header: bool = False) -> Image.Image:
    x0, x1 = 10, NARROW - 10
    top = HEADER_H if header else 0
    im = Image.new("RGB", (NARROW, top + BOARDS_TOP_H + ACTIONS_H + ROUNDS_H + 100 + 180 + 4 * 12 + 10), BOARD_BG)
    d = ImageDraw.Draw(im)
    if header:       # round, phase, turn order and who passed; who is to act is the post's text
        _draw_header(im, view, player_names, HEADER_H, title=False, waiting=False)
    y = top + 6
    _draw_research(im, d, view, (x0, y, x1, y + BOARDS_TOP_H - 10))
    y += BOARDS_TOP_H
    _draw_actions(im, d, view, (x0, y, x1, y + ACTIONS_H))
    y += ACTIONS_H + 12
    _draw_round_tiles(im, d, view, (x0, y, x1, y + ROUNDS_H))
    y += ROUNDS_H + 12
    _draw_final_tiles(im, d, view, (x0, y, x1, y + 100))
    y += 112
    _draw_boosters(im, d, view, (x0, y, x1, y + 180))
    return c.avoid_square(im)


PLAYERS_IMAGE_MAX = 3     # seats in one players' image (chat); four come as two images of two
BOOSTERS_H = 184          # the boosters' section in the players' image (its title and the tiles)
BOOSTERS_ROW_H = 168      # a second row of boosters (more than four players' boosters do not fit one row at 800 px)


def _boosters_h(view: View) -> int:
    """The boosters' section of the players' image: one row, or two (see :func:`_booster_rows`)."""
    return BOOSTERS_H + (BOOSTERS_ROW_H if _booster_rows(len(view.get("boosters") or {}), NARROW - 20) == 2 else 0)


def _render_table(view: View, *, player_names: Sequence[str] | None = None, seats: Sequence[int] | None = None,
                  header: bool = True, final: bool = True, boosters: bool = True) -> Image.Image:
    """The thread's picture of the players (chat): round, phase, turn order and who passed,
    each player's panel with where its VP came from, the final scoring with each player's
    count, and the boosters with their holders.  What a turn changes besides the map is
    nearly always here, so a turn typically changes this image and one map part (issue 25).
    With four players the seats come as two images (``seats``; the header and the final
    scoring in the first, the boosters in the second): a phone shows each whole."""
    seats = range(len(_players(view))) if seats is None else seats
    panels = [_seat_image(view, seat, player_names) for seat in seats]   # kept ones pasted
    top = HEADER_H + 4 if header else 0
    boosters_h = _boosters_h(view) if boosters else 0      # only an image that shows the boosters reads them
    height = top + sum(panel.height for panel in panels) + (112 if final else 0) + (boosters_h + 12 if boosters else 0) + 10
    im = Image.new("RGB", (NARROW, height), BOARD_BG)
    d = ImageDraw.Draw(im)
    if header:
        _draw_header(im, view, player_names, HEADER_H, title=False, waiting=False)
    y = top
    for panel in panels:
        im.paste(panel, (0, y))
        y += panel.height
    x0, x1 = 10, NARROW - 10
    if final:
        _draw_final_tiles(im, d, view, (x0, y, x1, y + 100))
        y += 112
    if boosters:
        _draw_boosters(im, d, view, (x0, y, x1, y + boosters_h))
    return c.avoid_square(im)


def _table_layouts(view: View) -> list[tuple[range, bool, bool, bool]]:
    """The players' images: (seats, header, final scoring, boosters) of each; one image, or
    two with four players (see :func:`_render_table`)."""
    count = len(_players(view))
    if count <= PLAYERS_IMAGE_MAX:
        return [(range(count), True, True, True)]
    half = (count + 1) // 2
    return [(range(half), True, True, False), (range(half, count), False, False, True)]


def _player_images(view: View, player_names: Sequence[str] | None) -> list[Image.Image]:
    """The players' image, or two of them with four players (see :func:`_render_table`)."""
    return [_render_table(view, player_names=player_names, seats=seats, header=header, final=final, boosters=boosters)
            for seats, header, final, boosters in _table_layouts(view)]


def table_inputs(view: View, player_names: Sequence[str] | None, seats: Sequence[int], header: bool, final: bool,
                 boosters: bool) -> tuple[Any, ...]:
    """Everything a players' image (:func:`_render_table`) is drawn from (issue 26), besides the
    language: the seats' factions (the markers' colours); for the header the phase, round,
    turn order and who passed (and each seat's VP at the end: the winners); each of its
    seats' panel (:func:`seat_inputs`); for the final scoring the two tiles and each seat's
    count; for the boosters which are in play and who holds each."""
    players = _players(view)
    head = None
    if header:
        phase = view.get("phase", "")
        head = (phase, view.get("round", 0), tuple(view.get("order") or ()), tuple(view.get("passed") or ()),
                tuple(p["vp"] if p else None for p in players) if phase == "over" else None)
    finals = None
    if final:
        tiles = tuple(view.get("final_scoring") or ())[:2]
        finals = (tiles, tuple(tuple(G.final_count(view, s, tile) for tile in tiles) if p else None
                               for s, p in enumerate(players)))
    return ("players", len(players), tuple(p["faction"] if p else None for p in players), head,
            tuple(seat_inputs(view, seat, player_names) for seat in seats), finals,
            (view.get("boosters") or {}) if boosters else None)


def _table_parts(view: View, player_names: Sequence[str] | None, language: str) -> list[c.ChatPart]:
    """The players' images as ChatParts of :func:`table_inputs` (they change with nearly every
    move: a digest of their inputs instead of one of their pixels)."""
    def part(seats: range, header: bool, final: bool, boosters: bool) -> c.ChatPart:
        inputs = _in(language, table_inputs, view, player_names, seats, header, final, boosters)
        return c.ChatPart(inputs, lambda: _in(language, _render_table, view, player_names=player_names, seats=seats,
                                              header=header, final=final, boosters=boosters))
    return [part(*layout) for layout in _table_layouts(view)]


def _render_shared(view: View, *, player_names: Sequence[str] | None = None) -> Image.Image:
    """The shared board (chat): the research board with the technology and federation tiles,
    the power and QIC actions and the round scoring."""
    x0, x1 = 10, NARROW - 10
    im = Image.new("RGB", (NARROW, 6 + BOARDS_TOP_H + ACTIONS_H + 12 + ROUNDS_H + 30 + 10), BOARD_BG)
    d = ImageDraw.Draw(im)
    y = 6
    _draw_research(im, d, view, (x0, y, x1, y + BOARDS_TOP_H - 10))
    y += BOARDS_TOP_H
    _draw_actions(im, d, view, (x0, y, x1, y + ACTIONS_H))
    y += ACTIONS_H + 12
    _draw_round_tiles(im, d, view, (x0, y, x1, y + ROUNDS_H))
    return c.avoid_square(im)


class _Drawing(Protocol):
    """One image of the view (``_render_map``, ``_render_boards``...), in the current language."""

    def __call__(self, view: View, *, player_names: Sequence[str] | None = None) -> Image.Image: ...


class _LanguageDrawing(Protocol):
    """The same drawing with a ``language`` keyword (``render_map``, ``render_boards``...)."""

    def __call__(self, view: View, *, player_names: Sequence[str] | None = None,
                 language: str = "en") -> Image.Image: ...


def _in_language(draw: _Drawing) -> _LanguageDrawing:
    """``draw`` with a ``language`` keyword: the labels of the image are in that language."""
    def drawn(view: View, *, player_names: Sequence[str] | None = None, language: str = "en") -> Image.Image:
        token = _LANGUAGE.set(language)
        try:
            return draw(view, player_names=player_names)
        finally:
            _LANGUAGE.reset(token)
    drawn.__doc__ = draw.__doc__
    return drawn


render_map = _in_language(_render_map)
render_boards = _in_language(_render_boards)
render_players = _in_language(_render_players)
render_common = _in_language(_render_common)


def render(view: View, *, player_names: list[str] | None = None, language: str = "en") -> list[Image.Image]:
    """The map and the boards for ``view`` (``GAME.view(state, seat)``).

    ``player_names`` (by seat) are shown beside the factions.
    """
    return [c.avoid_square(render_map(view, player_names=player_names, language=language)),
            render_boards(view, player_names=player_names, language=language)]


@lru_cache(maxsize=16)
def _part_hexes(rows: Rows, index: int) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The hexes whose pieces reach part ``index``'s pixels: for the sprites (buildings,
    gaiaformers, satellites, stations, guests: inside their hex) those of its sectors (the
    sectors the part shows dimmed are masked); for a changed planet's hex tile those and their
    neighbours (its edge can fall a pixel onto the neighbour); for the federations two rings
    round them (an outline is drawn at a hex's edge, and whether it is drawn depends on the
    hex's neighbours)."""
    layout = chat_layout(rows)
    geo = geometry(rows, layout.radius)
    sectors = layout.parts[index][0]

    def around(hexes: frozenset[str]) -> frozenset[str]:
        out = set(hexes)
        for k in hexes:
            q, r = (int(v) for v in k.split(","))
            out.update(f"{q + dq},{r + dr}" for dq, dr in NEIGH)
        return frozenset(out)

    own = frozenset(k for k in geo.centre if geo.sector[k] in sectors)
    near = around(own)
    return own, near, around(near)


def map_inputs(view: View, index: int) -> tuple[Any, ...]:
    """Everything chat map part ``index`` is drawn from (issue 26): the map's rows (the layout,
    the background, the overview), each seat's faction (its colour, the part's header), and
    the pieces ``_draw_pieces`` places on the hexes that reach the part (``_part_hexes``):
    changed planets, gaiaformers, satellites, space stations, buildings, lost-planet guests,
    and the federations' hexes."""
    rows = _rows(view)
    own, near, far = _part_hexes(rows, index)
    players = tuple((p["faction"], tuple(sorted(far.intersection(p.get("fed_hexes") or ())))) if p else None
                    for p in _players(view))
    sprites: tuple[Any, ...] = (view.get("gf"), view.get("sat"), view.get("station"), view.get("bld"),
                                view.get("guest"))
    pieces = tuple({k: v for k, v in (mapping or {}).items() if k in own} for mapping in sprites)
    planets = {k: v for k, v in (view.get("planet") or {}).items() if k in near}
    return ("map", rows, index, players, planets, pieces)


def _map_parts(view: View, language: str) -> list[c.ChatPart]:
    """The chat map's parts as ChatParts of :func:`map_inputs`: the whole map is drawn once,
    at the first part the host draws, and every part drawn is cut from it."""
    @cache
    def whole() -> tuple[ChatLayout, Image.Image]:
        return _in(language, _chat_map, view)

    def part(index: int) -> Callable[[], Image.Image]:
        return lambda: _in(language, _map_part, view, *whole(), index)

    return [c.ChatPart(map_inputs(view, index), part(index)) for index in range(len(chat_layout(_rows(view)).parts))]


def shared_inputs(view: View) -> tuple[Any, ...]:
    """Everything the shared board (:func:`_render_shared`) is drawn from (issue 26): per seat
    its faction (the markers' colour), research levels and technology tiles (covered or not);
    the tiles on the research board, the advanced tiles taken, the terraforming track's
    federation token, the federation supply, the power and QIC actions used, the round scoring
    tiles, the round and whether the game is over."""
    players = tuple((p["faction"], tuple(p["research"][f] for f in FIELDS),
                     tuple((t["id"], bool(t.get("covered"))) for t in p.get("techs") or ())) if p else None
                    for p in _players(view))
    return ("shared", players, view.get("tech") or {}, tuple(sorted(set(view.get("adv_taken") or ()))),
            view.get("terra_fed"), view.get("fed_supply") or {}, tuple(sorted(set(view.get("used_actions") or ()))),
            tuple(view.get("round_scoring") or ()), view.get("round", 0), view.get("phase") == "over")


def render_for_chat(view: View, *, player_names: list[str] | None = None,
                    language: str = "en") -> Iterator[Image.Image | c.ChatPart]:
    """What the bot posts, laid out for phones (about 420 px wide): the map in two or three
    parts at a larger scale (``chat_layout``: every sector whole in one part, hex names at
    least MIN_LABEL_PX tall on a phone), the players (round, phase, turn order and who
    passed; each player's panel with where its VP came from; the final scoring and the
    boosters; two images with four players), the legend of the map, then the shared board (research board, actions, round
    scoring); all but the map half as wide as the full picture.  Seven images at most.  Each
    image changes only when what it shows does (no "to act" marks: the post says who is to
    act), and what a turn changes besides the map is nearly always in the players' image, so
    a turn typically posts that image and one map part (issue 25: 2.3 -> 1.8 images per change
    of player in a random 3-player game).  Yielded one at a time: each is encoded while the
    next is drawn.  The map parts, the legend and the shared board are ChatParts (issue 26):
    the host draws them only when their inputs (:func:`map_inputs`, :func:`shared_inputs`; the
    legend has none but the language) differ from those of the image the thread shows; so are
    the players' images (:func:`table_inputs`), which change with nearly every move."""
    yield from _map_parts(view, language)
    yield from _table_parts(view, player_names, language)
    yield c.ChatPart(("legend",), lambda: _in(language, lambda: _render_legend(view, player_names=player_names)))
    yield c.ChatPart(shared_inputs(view), lambda: _in(language, lambda: _render_shared(view, player_names=player_names)))


def chat_images(view: View, *, player_names: list[str] | None = None, language: str = "en") -> list[Image.Image]:
    """Every image of :func:`render_for_chat`, its ChatParts drawn (tests, scripts)."""
    return [item.draw() if isinstance(item, c.ChatPart) else item
            for item in render_for_chat(view, player_names=player_names, language=language)]


__all__ = ["render", "render_for_chat", "chat_images", "render_map", "render_map_parts", "render_boards", "render_players", "render_common",
           "PLANET_COLOURS", "seat_colour"]
