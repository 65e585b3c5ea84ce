"""Pulsar 2849 renderer: a view in, three 800-px-wide images out (legible one under another on
a phone).

1. **The star cluster**: the side in play as printed (data x, y of every space): routes as lines
   (a dead end's double line drawn twice), planetary systems as gold squares with their planets
   on a dark strip (face down: "?"; revealed: an empty planet a ring of its colour, blue or
   barren, a blocked one a grey cross, a station a filled square in its owner's colour),
   pulsars as blue discs (isolated ones darker) with the claim ring in the owner's colour and a
   gyrodyne badge (filled when spinning), jump gates as plates of their colour under their
   number, entry points as grey triangles, survey ships as coloured discs above their space;
   every space carries its id as a move names it in the reader's notation (``U13`` in
   Hungarian, ``J13`` in English: the type letter and the number) in type large enough
   (``LABEL_SIZE``) to read when a phone shows the image 420 px wide.  Under the map a key
   names each piece in the reader's language (N14: shapes, not colours alone, tell stations
   and gates apart at 420 px).
2. **The dice board**: round and phase, the dice left in boxes 1-6 with the median marker and a
   caption saying where it stands, the turn order, both tracks with their spaces numbered and
   their stacks (penalty spaces marked; with two players each disc shows its marker's number),
   every player's dice in hand and bonus die, this round's transmitter offer, the goals and
   technology sides in play.
3. **The players**: VP, cubes, tokens, gyrodynes in reserve, rings
   and markers left, the HQ board with its side once revealed and the projects done, patents,
   transmitters (operational ones marked, the others with their icons paid), kept exploration tiles.

Nothing drawn changes with whose turn it is (the post says who is to act): an image changes only
when what it shows does, so the thread posts only those (issue 25).  For the thread
(``render_for_chat``) all three are ``ChatPart``s of what they show
(:func:`cluster_inputs`, :func:`dice_inputs`, :func:`players_inputs`): the host neither draws nor encodes them when a
move left them alone (issue 26).

Every word drawn comes from the catalogue (``pulsar.board.*``); ids and numbers are notation.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.common import (RGB, ChatPart, contrast_text, draw_text, draw_text_in_box, draw_text_outlined, fit_font,
                              font, labelled_panel, text_size)
from rules.messages import Join, Msg
from rules.messages import render as text_of
from rules.pulsar.read import BLOCKED, OVER, code, gist_of, location, median_value, numeral, tables

WIDTH = 800
SPACE: RGB = (12, 16, 34)
ROUTE: RGB = (110, 120, 160)
PANEL: RGB = (236, 238, 244)
INK: RGB = (25, 28, 40)
SEATS: tuple[RGB, ...] = ((215, 60, 60), (60, 170, 80), (60, 120, 220), (230, 190, 40))
# A jump gate is a plate of its colour under its number (no player's piece is a plate); the
# purple is a violet, well apart from the red and the blue seats' (N14: colours told at 420 px).
GATE: dict[str, RGB] = {"orange": (245, 140, 30), "green": (95, 200, 80), "purple": (185, 105, 240)}
GATE_EDGE: RGB = (15, 15, 25)
SYSTEM: RGB = (150, 110, 30)
STRIP: RGB = (20, 22, 40)  # the dark strip of a system's planets: every seat's station stands out on it
BLUE_PLANET: RGB = (80, 150, 235)
BARREN: RGB = (190, 165, 135)
BLOCKED_MARK: RGB = (150, 150, 160)


def _t(language: str, key: str, /, **values: Any) -> str:
    return text_of(Msg(f"pulsar.board.{key}", **values), language)


SPREAD = 1.08            # the printed spaces fill 86 % of the board picture: spread them over the image


@lru_cache(maxsize=1)
def positions() -> dict[str, tuple[float, float]]:
    """Every space at its place on the printed board (``x``, ``y`` of the data, spread a little)."""
    return {loc: (((info.x - 0.5) * SPREAD + 0.5) * WIDTH, ((info.y - 0.5) * SPREAD + 0.5) * WIDTH)
            for loc, info in tables().locations.items()}


LABEL_SIZE = 23          # space numbers: about 12 px when the 800-px image is shown 420 px wide
LETTER_SIZE = 19         # the type letter before the number (N, U, K, P / S, J, H, P): about 10 px at 420 px


@lru_cache(maxsize=None)
def _location_text(loc: str, language: str) -> str:
    """The space as a move names it in ``language`` (the catalogue's: fixed while running)."""
    return text_of(location(loc), language)


def _label(draw: ImageDraw.ImageDraw, x: float, y: float, loc: str, language: str, *,
           fill: RGB = (255, 255, 255), halo: RGB = SPACE) -> None:
    """The space as a move names it, centred on the space: its type letter in the reader's
    notation (``U13`` for a Hungarian reader, ``J13`` for an English one) and its number (white
    on a dark halo; a jump gate's dark on its plate)."""
    text = _location_text(loc, language)
    letter, number = text[:1], text[1:]                # the letter a little smaller: crowded spaces stay apart
    narrow = len(number) > 2                           # side B's three digits: a size smaller, as wide
    big, small = font(LABEL_SIZE - 3 * narrow, True), font(LETTER_SIZE - 3 * narrow, True)
    width = text_size(letter, small)[0] + text_size(number, big)[0]
    left = min(max(x - width / 2, 6), WIDTH - 6 - width)              # never cut by the image's edge
    draw_text_outlined(draw, (left, y), letter, fnt=small, fill=fill, outline=halo, outline_width=3,
                       anchor="lm")
    draw_text_outlined(draw, (left + text_size(letter, small)[0], y), number, fnt=big, fill=fill,
                       outline=halo, outline_width=3, anchor="lm")


@lru_cache(maxsize=None)
def _entry_label_y(loc: str, side: str) -> float:
    """Where an entry point's label goes: on its triangle, or under it where a neighbour's label
    would touch it there (an entry point sits on the rim with a space close inside, H01).
    Static (the board's data): worked out once per entry point (issue 26: 20 ms a drawing)."""
    pos = positions()
    x, y = pos[loc]
    left = min(max(x - 26, 6), WIDTH - 58)
    printed = tables().on_side(side)
    for label_y in (y + 2, y + 36):
        if label_y + 12 > WIDTH - 4:
            continue
        if not any(abs(ox - (left + 26)) < 50 and abs(oy - label_y) < 24
                   for other, (ox, oy) in pos.items() if other != loc and other in printed):
            return label_y
    return y + 2


@lru_cache(maxsize=None)
def _routed(side: str) -> frozenset[str]:
    """The spaces of ``side`` that a route reaches (static: once per side)."""
    return frozenset(loc for loc, others in tables().routes(side).items() if others)


def draw_cluster(view: Any, language: str) -> Image.Image:
    """The star cluster of the side in play, as printed: 84-87 spaces, so each piece is small but
    its number is in ``LABEL_SIZE`` type and pieces stay at least 10 px across at 420 px.  The
    routes and the spaces whose look never changes come from :func:`_cluster_layer`; the
    systems, the pulsars (and any space drawn over one of them) are drawn on it in the
    printed order, then the survey ships: the same pixels as drawing everything in order."""
    side = str(view.options.get("cluster_side", "A"))
    layer, on_top = _cluster_layer(side, language)
    image = layer.copy()
    draw = ImageDraw.Draw(image)
    for loc in on_top:
        _draw_space(draw, view, loc, side, language)
    _draw_ships(draw, view)
    return image


def draw_cluster_in_order(view: Any, language: str) -> Image.Image:
    """What :func:`draw_cluster` must draw, the plain way: the rim and the routes, every space
    in the printed order, the survey ships (the reference of its tests)."""
    side = str(view.options.get("cluster_side", "A"))
    image = _cluster_background(side, language)
    draw = ImageDraw.Draw(image)
    for loc in tables().on_side(side):
        _draw_space(draw, view, loc, side, language)
    _draw_ships(draw, view)
    return image


def _draw_ships(draw: ImageDraw.ImageDraw, view: Any) -> None:
    pos = positions()
    ships: dict[str, list[int]] = {}
    for player in view.players:
        if player.ship:
            ships.setdefault(player.ship, []).append(player.seat)
    for loc, seats in ships.items():
        x, y = pos[loc]
        for index, seat in enumerate(seats):          # above the space (its number is on it)
            sx, sy = x + (index - (len(seats) - 1) / 2) * 27, y - 30
            _draw_ship(draw, sx, sy, seat)


@lru_cache(maxsize=None)
def _cluster_layer(side: str, language: str) -> tuple[Image.Image, tuple[str, ...]]:
    """The cluster's picture before any piece (issue 26: drawn once per side and language): the
    rim, the black hole, the routes and every space whose look never changes (jump gates, entry
    points), with the spaces to draw on it each time, in the printed order: systems and
    pulsars, and a fixed space drawn after one of those whose ink may reach it (drawn in
    order, it would cover it)."""
    image = _cluster_background(side, language)
    draw = ImageDraw.Draw(image)
    on_top: list[str] = []
    for loc, info in tables().on_side(side).items():
        box = _space_ink(loc, side, language)
        if info.type in ("S", "P") or any(_overlap(box, _space_ink(other, side, language)) for other in on_top):
            on_top.append(loc)
        else:
            _draw_space(draw, None, loc, side, language)
    return image, tuple(on_top)


def _cluster_background(side: str, language: str) -> Image.Image:
    """The rim, the black hole and the routes of ``side``, and the key under the map (a new
    image)."""
    image = Image.new("RGB", (WIDTH, WIDTH + KEY_HEIGHT), SPACE)
    draw = ImageDraw.Draw(image)
    _draw_key(draw, WIDTH, language)
    pos = positions()
    draw.ellipse((4, 4, WIDTH - 4, WIDTH - 4), outline=(60, 70, 110), width=3)
    draw.ellipse((WIDTH / 2 - 26, WIDTH / 2 - 26, WIDTH / 2 + 26, WIDTH / 2 + 26), fill=(0, 0, 0),
                 outline=(60, 70, 110), width=2)
    for segment in tables().segments[side]:
        (x0, y0), (x1, y1) = pos[segment.a], pos[segment.b]
        if segment.double:
            dx, dy = y1 - y0, x0 - x1
            norm = math.hypot(dx, dy) or 1
            for sign in (-1, 1):
                ox, oy = sign * 4 * dx / norm, sign * 4 * dy / norm
                draw.line((x0 + ox, y0 + oy, x1 + ox, y1 + oy), fill=ROUTE, width=3)
        else:
            draw.line((x0, y0, x1, y1), fill=ROUTE, width=3)
    return image


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# How far a space's own drawing reaches from its centre (left, top, right, bottom), by type, with
# 2 px to spare: a system's square and up to four planet dots, a pulsar's claim ring and its
# gyrodyne badge (lower right), a jump gate's disc, an entry point's triangle.
_SHAPE_REACH = {"S": (29, 29, 29, 29), "P": (24, 24, 32, 32), "J": (17, 17, 17, 17), "H": (20, 21, 20, 15)}


@lru_cache(maxsize=None)
def _label_ink(loc: str, x: float, label_y: float, language: str) -> tuple[float, float, float, float]:
    """The ink of a space's label drawn at height ``label_y`` (:func:`_label`), with the halo,
    2 px wider each side (a glyph mask starts at a whole pixel)."""
    text = _location_text(loc, language)
    letter, number = text[:1], text[1:]
    narrow = len(number) > 2
    big, small = font(LABEL_SIZE - 3 * narrow, True), font(LETTER_SIZE - 3 * narrow, True)
    width = text_size(letter, small)[0] + text_size(number, big)[0]
    left = min(max(x - width / 2, 6), WIDTH - 6 - width)
    l0, t0, r0, b0 = small.getbbox(letter, anchor="lm", stroke_width=3)
    l1, t1, r1, b1 = big.getbbox(number, anchor="lm", stroke_width=3)
    after = left + text_size(letter, small)[0]
    return (min(left + l0, after + l1) - 2, label_y + min(t0, t1) - 2,
            max(left + r0, after + r1) + 2, label_y + max(b0, b1) + 2)


GATE_LABEL_SHIFT = 22    # a jump gate's label moved off its disc (just below or above it) to stay apart


def _shrunk(box: tuple[float, float, float, float], by: float = 4) -> tuple[float, float, float, float]:
    """``box`` without the 2-px margins and the halo's outer pixels: where glyphs really are."""
    return (box[0] + by, box[1] + by, box[2] - by, box[3] - by)


@lru_cache(maxsize=None)
def _label_ys(side: str, language: str) -> dict[str, float]:
    """Where each space's label is drawn (static: once per side and language): on the space (a
    system's a little above its planets, an entry point's by :func:`_entry_label_y`); a jump
    gate's label whose ink would touch another label (side B's three-digit numbers: U119 and
    U120, U163 and P164) moves just below or above its disc, where it touches no other label,
    and no system, pulsar or entry point where it can (a disc under a haloed label still reads)."""
    pos = positions()
    printed = tables().on_side(side)
    ys = {loc: (_entry_label_y(loc, side) if info.type == "H" else pos[loc][1] - SYSTEM_LABEL if info.type == "S"
                else pos[loc][1]) for loc, info in printed.items()}
    shapes = {loc: (pos[loc][0] - _SHAPE_REACH[info.type][0], pos[loc][1] - _SHAPE_REACH[info.type][1],
                    pos[loc][0] + _SHAPE_REACH[info.type][2], pos[loc][1] + _SHAPE_REACH[info.type][3])
              for loc, info in printed.items()}
    for loc, info in printed.items():
        if info.type != "J":
            continue
        x, y = pos[loc]                 # glyphs that touch, not halos that meet: the ink without its margins
        others = [_shrunk(_label_ink(other, pos[other][0], ys[other], language)) for other in printed if other != loc]
        if not any(_overlap(_shrunk(_label_ink(loc, x, ys[loc], language)), box) for box in others):
            continue
        free = [label_y for label_y in (y + GATE_LABEL_SHIFT, y - GATE_LABEL_SHIFT)
                if not any(_overlap(_shrunk(_label_ink(loc, x, label_y, language)), box) for box in others)]
        clear = [label_y for label_y in free if not any(_overlap(_label_ink(loc, x, label_y, language), shapes[other])
                                                        for other, kind in printed.items() if other != loc and kind.type != "J")]
        if clear or free:
            ys[loc] = (clear or free)[0]
    return ys


def _space_ink(loc: str, side: str, language: str) -> tuple[float, float, float, float]:
    """A box holding all that a space's drawing may ink: its shape and marks (:data:`_SHAPE_REACH`)
    and its label's ink (:func:`_label_ink`) where :func:`_label_ys` puts it."""
    x, y = positions()[loc]
    kind = tables().locations[loc].type
    reach = _SHAPE_REACH[kind]
    left, top, right, bottom = _label_ink(loc, x, _label_ys(side, language)[loc], language)
    if kind == "P":                             # the gyrodyne's badge, at the corner it takes
        dx, dy = _gyro_corner(loc, side, language)
        half = gyro_half_width(language)
        left, right = min(left, x + dx - half - 2), max(right, x + dx + half + 2)
        bottom = max(bottom, y + dy + GYRO_RADIUS + 2)
    return (min(x - reach[0], left), min(y - reach[1], top), max(x + reach[2], right), max(y + reach[3], bottom))


GYRO_RADIUS = 16         # a gyrodyne's badge: 32 px tall, 17 px at 420 px (was 26: 14 px)
GYRO_LETTER = 20         # its size letter (K / Kö / N, S / M / L): 10.5 px at 420 px (was 14-17: 7.4-8.9)
# its centre from the pulsar's, below the pulsar's own label: lower right, lower left, right under
# it, or a little nearer (crowded P35 on side A)
GYRO_CORNERS = ((24.0, 22.0), (-24.0, 22.0), (0.0, 34.0), (18.0, 22.0), (-18.0, 22.0))


@lru_cache(maxsize=None)
def gyro_half_width(language: str) -> float:
    """Half a gyrodyne badge's width: a disc, or a pill where a size letter is wider (``Kö``)."""
    widest = max(font(GYRO_LETTER, True).getlength(_t(language, f"size_letter.{size}")) for size in "SML")
    return max(float(GYRO_RADIUS), widest / 2 + 6)


@lru_cache(maxsize=None)
def _gyro_corner(loc: str, side: str, language: str) -> tuple[float, float]:
    """Where a pulsar's gyrodyne badge goes, from its centre: the lower right, or the lower left or
    right under the pulsar where the badge would cover less of other spaces' labels (side B:
    P177's badge hid the U of U180 at 420 px); above it is the survey ships' place.  Static: once
    per pulsar."""
    pos = positions()
    x, y = pos[loc]
    labels = [_shrunk(_label_ink(other, pos[other][0], _label_ys(side, language)[other], language))
              for other in tables().on_side(side) if other != loc]
    half = gyro_half_width(language)

    def covered(corner: tuple[float, float]) -> float:      # how much of other labels' glyphs the badge would cover
        dx, dy = corner
        x0, y0, x1, y1 = x + dx - half, y + dy - GYRO_RADIUS, x + dx + half, y + dy + GYRO_RADIUS
        return sum(max(0.0, min(x1, b[2]) - max(x0, b[0])) * max(0.0, min(y1, b[3]) - max(y0, b[1])) for b in labels)

    return min(GYRO_CORNERS, key=covered)


def _draw_space(draw: ImageDraw.ImageDraw, view: Any, loc: str, side: str, language: str) -> None:
    """One space as printed, with what stands on it (``view`` None: a space with nothing that
    changes, a jump gate or an entry point)."""
    x, y = positions()[loc]
    info = tables().locations[loc]
    if info.type == "S":
        system = view.systems[loc]
        half = SYSTEM_HALF
        edge, inside = _system_masks()          # the rounded square as two masks (issue 26: 16 a drawing)
        corner = (round(x - half), round(y - half))
        draw.bitmap(corner, edge, fill=(250, 210, 120))
        draw.bitmap(corner, inside, fill=SYSTEM)
        draw.rectangle((x - half + 3, y + 4, x + half - 3, y + 22), fill=STRIP)
        if system.revealed:
            planets = tables().systems[system.tile].planets
            step = 14 if len(planets) <= 3 else 12
            first = x - step * (len(planets) - 1) / 2
            for index, planet in enumerate(planets):
                who = system.planets.get(planet.slot)
                _draw_planet(draw, first + index * step, y + PLANET_Y,
                             "blocked" if who == BLOCKED else "station" if who is not None else planet.colour,
                             None if who is None or who == BLOCKED else int(who))
        else:
            draw_text(draw, (x, y + PLANET_Y), "?", size=16, bold=True, fill=(250, 230, 190), anchor="mm")
        _label(draw, x, y - SYSTEM_LABEL, loc, language)
    elif info.type == "P":
        owner = view.pulsars.get(loc)
        routed = loc in _routed(side)
        draw.ellipse((x - 17, y - 17, x + 17, y + 17), fill=(120, 150, 230) if routed else (70, 80, 120),
                     outline=(230, 240, 255), width=2)
        if owner is not None:
            draw.ellipse((x - 22, y - 22, x + 22, y + 22), outline=SEATS[owner], width=6)
        _label(draw, x, y, loc, language)
        gyro = view.gyros.get(loc)
        if gyro is not None:                    # the gyrodyne: a badge at the pulsar's lower right (or left)
            colour = SEATS[owner] if owner is not None else INK
            dx, dy = _gyro_corner(loc, side, language)
            bx, by = x + dx, y + dy
            _draw_gyro(draw, bx, by, colour, gyro.spinning, _t(language, f"size_letter.{gyro.size}"), language)
    elif info.type == "J":
        colour = GATE[info.gate_colour or "orange"]
        label_y = _label_ys(side, language)[loc]
        if label_y != y:                        # the number moved off the space: a diamond on it
            draw.polygon([(x, y - 11), (x + 11, y), (x, y + 11), (x - 11, y)], fill=colour, outline=GATE_EDGE)
        _draw_gate_plate(draw, _shrunk(_label_ink(loc, x, label_y, language), 1), colour)
        _label(draw, x, label_y, loc, language, fill=INK, halo=colour)
    else:
        draw.polygon([(x, y - 19), (x + 18, y + 13), (x - 18, y + 13)], fill=(170, 170, 180))
        _label(draw, x, _entry_label_y(loc, side), loc, language)



SYSTEM_HALF = 27         # a system's square: its number above, its planets on a dark strip below
SYSTEM_LABEL = 9         # the number this far above the centre
PLANET_Y = 13            # the planets' row this far below it


@lru_cache(maxsize=1)
def _system_masks() -> tuple[Image.Image, Image.Image]:
    """A system's rounded square: its whole (the edge's colour) and its inside (the gold), as
    masks drawn once: pasting them costs a tenth of drawing the rounded square each time."""
    size = 2 * SYSTEM_HALF + 1
    edge, inside = Image.new("L", (size, size), 0), Image.new("L", (size, size), 0)
    ImageDraw.Draw(edge).rounded_rectangle((0, 0, size - 1, size - 1), radius=7, fill=255)
    ImageDraw.Draw(inside).rounded_rectangle((2, 2, size - 3, size - 3), radius=5, fill=255)
    return edge, inside


def _draw_planet(draw: ImageDraw.ImageDraw, px: float, py: float, kind: str, seat: int | None) -> None:
    """One planet of a revealed system (N14: told apart by shape at 420 px, not only colour): a
    station as a filled square in its owner's colour with a white edge, an empty blue or barren
    planet as a ring of its colour, a blocked one as a grey cross."""
    if kind == "station" and seat is not None:
        draw.rectangle((px - 6, py - 6, px + 6, py + 6), fill=SEATS[seat], outline=(255, 255, 255))
    elif kind == "blocked":
        for sign in (-1, 1):
            draw.line((px - 5, py - 5 * sign, px + 5, py + 5 * sign), fill=BLOCKED_MARK, width=2)
    else:
        draw.ellipse((px - 6, py - 6, px + 6, py + 6), outline=BLUE_PLANET if kind == "blue" else BARREN, width=2)


def _draw_gate_plate(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB) -> None:
    """A jump gate's plate in its colour, under its number."""
    draw.rounded_rectangle(box, radius=6, fill=colour, outline=GATE_EDGE, width=2)


def _draw_ship(draw: ImageDraw.ImageDraw, sx: float, sy: float, seat: int) -> None:
    draw.ellipse((sx - 13, sy - 13, sx + 13, sy + 13), fill=SEATS[seat], outline=(255, 255, 255), width=3)


def _draw_gyro(draw: ImageDraw.ImageDraw, bx: float, by: float, colour: RGB, spinning: bool, letter: str,
               language: str) -> None:
    """A gyrodyne's badge with its size letter (GYRO_LETTER: 10.5 px type at 420 px, both
    languages): white while under construction, filled in its owner's colour once spinning; a
    disc, or a pill as wide as the language's widest letter (``Kö``)."""
    half = gyro_half_width(language)
    draw.rounded_rectangle((bx - half, by - GYRO_RADIUS, bx + half, by + GYRO_RADIUS), radius=GYRO_RADIUS,
                           fill=colour if spinning else (255, 255, 255), outline=colour, width=3)
    draw_text(draw, (bx, by), letter, size=GYRO_LETTER, bold=True,
              fill=contrast_text(colour) if spinning else INK, anchor="mm")


# The key under the map (N14), two columns, row by row: each piece as the map draws it, named in
# the reader's language (``pulsar.board.key.*``).  Its type is 30 px: about 11 px capitals at 420 px.
KEY_ITEMS = ("ship", "station", "blue", "barren", "blocked", "pulsar", "gyro_building", "gyro_spinning",
             "gate.orange", "gate.green", "gate.purple", "entry")
KEY_ROW = 44
KEY_SIZE = 30
KEY_HEIGHT = 16 + KEY_ROW * ((len(KEY_ITEMS) + 1) // 2) + 8


def _draw_key(draw: ImageDraw.ImageDraw, top: float, language: str) -> None:
    """The key: a line under the map, then each item's sample and its name."""
    draw.line((16, top + 6, WIDTH - 16, top + 6), fill=(60, 70, 110), width=2)
    column = WIDTH / 2
    for index, item in enumerate(KEY_ITEMS):
        left = 16 + (index % 2) * column
        cy = top + 16 + (index // 2) * KEY_ROW + KEY_ROW / 2
        cx = left + 26
        if item == "ship":
            _draw_ship(draw, cx, cy, 0)
        elif item == "station":
            draw.rounded_rectangle((cx - 24, cy - 11, cx + 24, cy + 11), radius=5, fill=STRIP,
                                   outline=(250, 210, 120), width=2)
            for dx, seat in ((-14, 0), (0, 2), (14, 3)):
                _draw_planet(draw, cx + dx, cy, "station", seat)
        elif item in ("blue", "barren", "blocked"):
            _draw_planet(draw, cx, cy, item, None)
        elif item == "pulsar":
            draw.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill=(120, 150, 230), outline=(230, 240, 255), width=2)
            draw.ellipse((cx - 18, cy - 18, cx + 18, cy + 18), outline=SEATS[1], width=5)
        elif item.startswith("gyro"):
            _draw_gyro(draw, cx, cy, SEATS[2], item == "gyro_spinning", _t(language, "size_letter.M"), language)
        elif item.startswith("gate."):
            colour = GATE[item.split(".")[1]]
            _draw_gate_plate(draw, (cx - 17, cy - 14, cx + 17, cy + 14), colour)
            draw_text(draw, (cx, cy), _location_text("J02", language)[:1], size=LETTER_SIZE, bold=True, fill=INK,
                      anchor="mm")
        else:
            draw.polygon([(cx, cy - 17), (cx + 16, cy + 12), (cx - 16, cy + 12)], fill=(170, 170, 180))
        draw_text_in_box(draw, (left + 60, cy - KEY_ROW / 2 + 2, left + column - 20, cy + KEY_ROW / 2 - 2),
                         _t(language, f"key.{item}"), max_size=KEY_SIZE, min_size=24, fill=(235, 238, 250),
                         align="left")


#: The legend lines under the dice board and the panels (what each tile, goal, patent and project
#: gives): 22-px type, 11.5 px on a phone 420 px wide (D-P5: 18 px read as 9.5 px there).
LEGEND_SIZE = 22
LEGEND_LINE = 34


HAND_LINE = 34
TRACKS_TOP = 226         # the two tracks: a title, the space numbers 1-15, the stacks of discs
TRACK_ROW = 150
DISC_STEP = 21           # a stack of four discs (two players' two markers, or four players') fits a cell


def draw_dice_board(view: Any, language: str, player_names: list[str] | None = None) -> Image.Image:
    """Round and step, the dice board with the median marker and where it stands (D-MED), the
    turn order, the tracks (spaces numbered as the draft labels name them; with two players each
    disc carries its marker's number, 1 or 2, as ``draft 3 I1`` names it, D-MOVE-1), every
    player's dice in hand (here, not on the players' panels: taking and using dice changes this
    image alone, issue 25), the transmitter offer and the goals."""
    legend = [item for item in list(view.offer) + list(view.goals) if gist_of(item) is not None]
    hands = HAND_LINE * view.player_count + 6
    hands_top = TRACKS_TOP + 2 * TRACK_ROW + 4
    image = Image.new("RGB", (WIDTH, hands_top + 80 + hands + LEGEND_LINE * len(legend) + 10), PANEL)
    draw = ImageDraw.Draw(image)
    draw_text_in_box(draw, (12, 8, WIDTH - 12, 40), _t(language, "round", round=view.round,
                                                       step=Msg(f"pulsar.step.{view.phase}")),
                     max_size=24, bold=True, fill=INK, align="left")
    box_w = (WIDTH - 40) / 6
    for value in range(1, 7):
        left = 20 + (value - 1) * box_w
        draw.rectangle((left, 50, left + box_w - 6, 130), fill=(255, 255, 255), outline=INK, width=2)
        draw_text(draw, (left + 8, 54), str(value), size=22, bold=True, fill=INK)
        dice = [v for v in view.dice_board if v == value]
        for index, _die in enumerate(dice):
            dx = left + 34 + (index % 4) * 22
            dy = 58 + (index // 4) * 26
            draw.rounded_rectangle((dx, dy, dx + 20, dy + 20), radius=4, fill=(200, 200, 210), outline=INK)
    if view.median is not None and view.phase != OVER:     # D-P7: no stale median after the end
        _draw_median(draw, view.median, box_w, language)
    order = Join([Msg(f"pulsar.colour.{('red', 'green', 'blue', 'yellow')[seat]}") for seat in view.order], "comma")
    draw_text_in_box(draw, (12, 192, WIDTH - 12, 220), _t(language, "order", order=order), max_size=20, fill=INK,
                     align="left")
    numbered = view.player_count == 2
    for row, name in enumerate(("initiative", "engineering")):
        top = TRACKS_TOP + row * TRACK_ROW
        draw_text_in_box(draw, (12, top, WIDTH - 12, top + 26), _t(language, f"track.{name}"), max_size=20, bold=True,
                         fill=INK, align="left")
        track = view.tracks[name]
        cell = (WIDTH - 24) / len(track)
        for index, stack in enumerate(track):
            left = 12 + index * cell
            fill = (250, 220, 220) if index >= len(track) - 2 else (255, 255, 255)
            draw.rectangle((left, top + 30, left + cell - 4, top + TRACK_ROW - 10), fill=fill, outline=INK)
            draw_text(draw, (left + (cell - 4) / 2, top + 33), str(index + 1), size=19, bold=True, fill=(90, 90, 105),
                      anchor="mt")
            for height, marker in enumerate(stack):
                seat_text, _colon, number = marker.partition(":")
                seat = int(seat_text)
                cx, cy = left + (cell - 4) / 2, top + TRACK_ROW - 24 - height * DISC_STEP
                draw.ellipse((cx - 19, cy - 12, cx + 19, cy + 12), fill=SEATS[seat], outline=INK, width=2)
                if numbered:
                    draw_text(draw, (cx, cy), number, size=20, bold=True, fill=contrast_text(SEATS[seat]), anchor="mm")
    for player in view.players:                          # the dice in hand, one line per player
        top = hands_top + player.seat * HAND_LINE
        name = _seat_name(player.seat, player_names, language)
        draw.ellipse((14, top + 5, 36, top + 27), fill=SEATS[player.seat], outline=INK, width=2)
        draw_text_in_box(draw, (44, top, 190, top + HAND_LINE - 4), name, max_size=20, min_size=12, bold=True,
                         fill=INK, align="left")
        draw_text_in_box(draw, (196, top, WIDTH - 12, top + HAND_LINE - 4),
                         _t(language, "dice", dice=", ".join(str(d) for d in player.dice) or "-",
                            red="-" if player.red is None else player.red),
                         max_size=20, min_size=12, fill=INK, align="left")
    y = hands_top + hands
    draw_text_in_box(draw, (12, y, WIDTH - 12, y + 30), _t(language, "offer", tiles=Join([code(t) for t in view.offer] or ["-"], "comma")),
                     max_size=20, fill=INK, align="left")
    draw_text_in_box(draw, (12, y + 35, WIDTH - 12, y + 65), _t(language, "goals", goals=Join([code(g) for g in view.goals], "comma"),
                                                                sides=Join(view.tech_sides, "comma")),
                     max_size=20, fill=INK, align="left")
    for index, item in enumerate(legend):                # what each offered tile and goal gives
        top = y + 75 + index * LEGEND_LINE
        gist = gist_of(item)
        assert gist is not None
        draw_text_in_box(draw, (12, top, WIDTH - 12, top + LEGEND_LINE - 4), _t(language, "legend", id=code(item), gist=gist),
                         max_size=LEGEND_SIZE, min_size=12, fill=INK, align="left")
    return image


def _draw_median(draw: ImageDraw.ImageDraw, h: int, box_w: float, language: str) -> None:
    """The median marker under the dice boxes (D-MED-4: ``h`` half-steps) and a caption legible
    at 420 px saying where it stands: on a box (a die of that box moves no marker) or between
    two boxes (every die moves one), with its value (D-MED-5)."""
    mx = 20 + (h / 2 - 1) * box_w + (box_w - 6) / 2
    draw.polygon([(mx, 134), (mx - 13, 156), (mx + 13, 156)], fill=(230, 40, 200), outline=INK)
    caption = (_t(language, "median_box", box=numeral(h // 2)) if h % 2 == 0 else
               _t(language, "median_gap", low=numeral(h // 2), high=numeral(h // 2 + 1), value=median_value(h)))
    draw_text_in_box(draw, (12, 158, WIDTH - 12, 190), caption, max_size=24, min_size=16, bold=True, fill=INK,
                     align="left")


def _hq_line(player: Any, language: str) -> str:
    """The HQ board with its side once every side is revealed (P-SETUP-17), and the projects done."""
    done = Join(player.hq_done or ["-"], "comma")
    if not player.hq_board:
        return _t(language, "hq_none")
    if player.hq_side is None:
        return _t(language, "hq_secret", board=player.hq_board, hq=done)
    return _t(language, "hq", board=player.hq_board, side=player.hq_side, hq=done)


def _seat_name(seat: int, player_names: list[str] | None, language: str) -> str:
    """The player's name, or the seat's colour when names are not given."""
    if player_names and seat < len(player_names) and player_names[seat]:
        return player_names[seat]
    return text_of(Msg(f"pulsar.colour.{('red', 'green', 'blue', 'yellow')[seat]}"), language)


def draw_players(view: Any, player_names: list[str] | None, language: str) -> Image.Image:
    """One panel per player: VP, cubes, pieces, HQ, patents, transmitters, kept tiles (the dice
    in hand are on the dice board: they change on every draft and every action)."""
    panel_h, gap = 290, 10
    # what each patent, transmitter and HQ project gives, under the panels (ids alone are opaque, issue 23)
    legend = sorted({ident for p in view.players for ident in (*p.patents, *(t.tile for t in p.transmitters),
                                                                 *p.hq_done) if gist_of(ident) is not None})
    panels = view.player_count * (panel_h + gap) + gap
    image = Image.new("RGB", (WIDTH, panels + len(legend) * LEGEND_LINE + (gap if legend else 0)), PANEL)
    draw = ImageDraw.Draw(image)
    for index, ident in enumerate(legend):
        draw_text_in_box(draw, (14, panels + index * LEGEND_LINE, WIDTH - 14, panels + (index + 1) * LEGEND_LINE - 4),
                         _t(language, "legend", id=code(ident), gist=gist_of(ident)), max_size=LEGEND_SIZE, min_size=12, fill=INK,
                         align="left")
    for player in view.players:
        seat = player.seat
        top = gap + seat * (panel_h + gap)
        colour = Msg(f"pulsar.colour.{('red', 'green', 'blue', 'yellow')[seat]}")
        name = player_names[seat] if player_names and seat < len(player_names) else text_of(colour, language)
        body = labelled_panel(draw, (10, top, WIDTH - 10, top + panel_h),
                              _t(language, "title", name=name, colour=colour, vp=player.vp),
                              header_fill=SEATS[seat], fill=(255, 255, 255), title_size=26)
        reserve = "/".join(str(player.gyro_reserve[s]) for s in "SML")
        kept = [Msg("pulsar.board.kept_tile", tile=code(tile)) for tile in player.kept_exploration]
        lines = [
            _t(language, "resources", cubes=player.cubes, pm=player.mods["pm1"], p2=player.mods["p2"]),
            _t(language, "pieces", reserve=reserve, rings=player.rings, markers=player.markers),
            _hq_line(player, language),
            _t(language, "patents", patents=Join(player.patents or ["-"], "comma")),
            _t(language, "transmitters", tiles=Join([_transmitter(t) for t in player.transmitters] or ["-"], "comma")),
            _t(language, "kept", tiles=Join(kept or ["-"], "comma")),
        ]
        line_h = (body[3] - body[1] - 8) / len(lines)
        heights = [1.0] * len(lines)
        if fit_font(lines[4], body[2] - body[0] - 28, line_h - 4, max_size=24, min_size=12).size < WRAP_BELOW:
            # many transmitters: the tiles under the header, in a line twice as tall, rather than one
            # line too small at 420 px (N-15)
            lines[4] = _t(language, "transmitters_wrapped", tiles=Join([_transmitter(t) for t in player.transmitters],
                                                                       "comma"))
            heights[4] = 2.0
        unit = (body[3] - body[1] - 8) / sum(heights)
        y = body[1] + 4
        for line, height in zip(lines, heights):
            draw_text_in_box(draw, (body[0] + 12, y, body[2] - 12, y + height * unit), line, max_size=24, min_size=12,
                             fill=INK, align="left")
            y += height * unit
    return image


WRAP_BELOW = 21          # a players' line whose one-line font would be smaller takes two lines


def _transmitter(own: Any) -> Any:
    """An owned transmitter as the players' image lists it: ``TX-A06*`` once operational,
    ``TX-A07 1/2`` while 1 of its 2 die icons is paid (N-15, 2026-11-28b: ``TX-A07`` alone did not
    say how far it was; ACT-TX-PAY, TX-ACT)."""
    if own.operational:
        return code(own.tile, "*")
    return code(own.tile, f" {len(own.covered)}/{len(tables().transmitters[own.tile].dice)}")


def render(view: Any, *, player_names: list[str] | None = None, language: str = "en") -> list[Image.Image]:
    """The star cluster, the dice board and the players (each 800 px wide)."""
    return [draw_cluster(view, language), draw_dice_board(view, language, player_names),
            draw_players(view, player_names, language)]


def cluster_inputs(view: Any) -> tuple[Any, ...]:
    """Everything :func:`draw_cluster` reads from the view (issue 26): the side in play, each
    planetary system (revealed: its tile and who holds its planets), the claimed pulsars, the
    gyrodynes (size, spinning) and the survey ships in seat order; the language is in the
    host's digest."""
    systems = tuple((loc, system.tile if system.revealed else None, tuple(sorted(system.planets.items())))
                    for loc, system in sorted(view.systems.items()))
    return ("cluster", str(view.options.get("cluster_side", "A")), systems, tuple(sorted(view.pulsars.items())),
            tuple((loc, gyro.size, gyro.spinning) for loc, gyro in sorted(view.gyros.items())),
            tuple((player.seat, player.ship) for player in view.players))


def dice_inputs(view: Any) -> tuple[Any, ...]:
    """Everything :func:`draw_dice_board` reads from the view (issue 26): the round and step, the
    dice board and the median marker, the turn order, both tracks' stacks, every player's dice
    in hand and bonus die, the offer, the goals and the technology sides; the names and the
    language are in the host's digest."""
    return ("dice", view.player_count, view.round, view.phase, tuple(view.dice_board), view.median,
            tuple(view.order), tuple((name, tuple(tuple(stack) for stack in view.tracks[name]))
                                     for name in ("initiative", "engineering")),
            tuple((player.seat, tuple(player.dice), player.red) for player in view.players),
            tuple(view.offer), tuple(view.goals), tuple(view.tech_sides))


def players_inputs(view: Any) -> tuple[Any, ...]:
    """Everything :func:`draw_players` reads from the view (issue 26): per player its VP,
    cubes, modifiers, gyrodynes in reserve, rings, markers, HQ board, side and projects,
    patents, transmitters (operational, or how many of their icons are paid) and kept tiles; the
    names are in the host's digest."""
    return ("players", view.player_count, tuple(
        (player.seat, player.vp, player.cubes, player.mods["pm1"], player.mods["p2"],
         tuple(player.gyro_reserve[size] for size in "SML"), player.rings, player.markers, player.hq_board,
         player.hq_side, tuple(player.hq_done), tuple(player.patents),
         tuple((transmitter.tile, transmitter.operational, len(transmitter.covered))
               for transmitter in player.transmitters),
         tuple(player.kept_exploration))
        for player in view.players))


def render_for_chat(view: Any, *, player_names: list[str] | None = None,
                    language: str = "en") -> list[Image.Image | ChatPart]:
    """What the thread gets: the images of :func:`render`, the star cluster and the players as
    ChatParts (issue 26): the host draws them only when their inputs (:func:`cluster_inputs`,
    :func:`players_inputs`) differ from those of the image the thread shows; so is the dice
    board (:func:`dice_inputs`), which changes with four moves in five."""
    return [ChatPart(cluster_inputs(view), lambda: draw_cluster(view, language)),
            ChatPart(dice_inputs(view), lambda: draw_dice_board(view, language, player_names)),
            ChatPart(players_inputs(view), lambda: draw_players(view, player_names, language))]


def chat_images(view: Any, *, player_names: list[str] | None = None, language: str = "en") -> list[Image.Image]:
    """Every image of :func:`render_for_chat`, its ChatParts drawn (tests, scripts)."""
    return [item.draw() if isinstance(item, ChatPart) else item
            for item in render_for_chat(view, player_names=player_names, language=language)]
