"""Planetarium board renderer: a public view of the game in, one landscape ``PIL.Image`` out.

Layout (1600 x 1000):

* left, a 1000 x 1000 square: the orbit board (star, orbits I-VII with clockwise arrows,
  connecting lines, nodes with their ids, matter tokens coloured by kind *and* lettered
  in the reader's language (G/R/W/M, Hungarian G/K/V/F), planets A-D as large discs: gas giants banded with a ring, solid planets
  cratered), a matter legend with what is left on the board, and the draw / discard pile
  counts, and a key of the marks (start spaces, one-way lines) in the bottom-right corner;
  node ids are 18 px, placed clear of tokens, planets and their rings, the star and each other;
  no node or card is ringed as the last move's: a ring would change a chat part on the next
  move that otherwise did not change (the post's text names the move);
* right, a 600 px column: whose turn it is and the phase (last-round banner), one row per
  player (score, hand size, markers left, the matter on each planet area of the mat), the
  evolution track (30 spaces, acceleration on 20, the final space F) and one row per planet
  (type, orbit, habitability token with its H/U sums and the cards played there with points,
  habitability value and the owner's marker).

For chat (``render_for_chat``, what the bot posts) the picture comes as three images a
phone (about 420 px wide) can read: the column alone (596 x 1000), then the board drawn 1.6
times larger and cut into a left and a right half (848 x 1600 each, sharing the middle 60
board pixels; a node id is ~10 px tall there and written whole in one half at least).
The halves are ``ChatPart``s of :func:`board_inputs` (issue 26): what stands on the nodes
whose ink reaches a half, its labels, and the legend's or the decks' figures where it shows
them, so the host neither draws nor encodes a half a move left alone; the column is one of
:func:`column_inputs` (it changes with nearly every move: its inputs are digested instead of
its pixels).

The renderer only reads the view (``GameState`` with hidden parts removed, or its JSON
form from ``GAME.dump_state``) and the static data through :mod:`rules.planetarium.read`:
it shows hand *sizes*, never hand contents, so every seat's view gives the same picture.  It is pure and deterministic: the same view and options give
the same pixels.  Static parts (board background, token sprites drawn at 2x and reduced for
smooth edges, label layouts per planet placement) are cached; caches are only read after
they are built, so rendering from several threads is safe.
"""
from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

from rules.messages import Join, Msg
from rules.messages import render as text_of
from rules.planetarium import read
from rules.planetarium.read import Card, GameState, PlayedCard, PlayerState

from . import common as c


def B(key: str, /, **values: Any) -> Msg:
    """A label of the board image (catalogue key ``planetarium.board.<key>``)."""
    return Msg(f"planetarium.board.{key}", **values)


def _t(language: str, key: str, /, **values: Any) -> str:
    return text_of(B(key, **values), language)

WIDTH, HEIGHT = 1600, 1000
BOARD_SIZE = 1000                     # the board square on the left
SS = 2                                # supersampling factor of the background and token sprites
COLUMN_X0, COLUMN_X1 = 1004, WIDTH - 10

# Board geometry (pixels of the final image).
CENTRE = (BOARD_SIZE / 2, BOARD_SIZE / 2 + 6)
ORBIT_R1 = 74                         # radius of orbit I
ORBIT_STEP = 63                       # distance between orbits
MATTER_R = 21                         # matter token radius
PLANET_R = 31                         # planet disc radius
STAR_R = 34

BG = (11, 15, 34)
ORBIT_COLOUR = (110, 140, 205)
LINK_COLOUR = (70, 86, 128)
NODE_COLOUR = (200, 210, 235)
LABEL_COLOUR = (196, 204, 226)

MATTER = {
    # kind: (catalogue key of the name, fill, letter colour)
    "G": ("planetarium.matter.G", (238, 176, 52), c.BLACK),
    "R": ("planetarium.matter.R", (132, 88, 56), c.WHITE),
    "W": ("planetarium.matter.W", (30, 110, 210), c.WHITE),
    "M": ("planetarium.matter.M", (214, 216, 226), c.BLACK),
}
MATTER_ORDER = ("G", "R", "W", "M")
MAT_ORDER = ("A", "C", "B", "D")

PLANET_LOOK = {
    # kind: (fill, band/crater colour, letter colour)
    "gas": ((226, 150, 104), (170, 96, 66), c.WHITE),
    "solid": ((112, 170, 150), (70, 118, 100), c.WHITE),
}
HAB_YES = (0, 120, 150)           # teal: stays apart from HAB_NO for red-green colour blindness
HAB_NO = (150, 40, 60)
PANEL = (240, 238, 230)
COLUMN_BG = (28, 33, 56)

DECK_LOOK = {
    # deck: (chip fill, text colour)
    "initial": ((250, 250, 245), c.INK),
    "major": ((214, 228, 250), c.INK),
    "final": ((86, 52, 128), c.WHITE),
}


# ------------------------------------------------------------------------------------
# Static data (from rules.planetarium.read)
# ------------------------------------------------------------------------------------

def _orbit_radius(orbit: int) -> float:
    return ORBIT_R1 + (orbit - 1) * ORBIT_STEP


def _polar(angle_deg: float, radius: float, scale: float = 1.0) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return ((CENTRE[0] + radius * math.sin(a)) * scale, (CENTRE[1] - radius * math.cos(a)) * scale)


@lru_cache(maxsize=1)
def node_positions() -> dict[str, tuple[float, float]]:
    """Pixel centre of every node (orbit radius grows with the orbit number)."""
    return {n.id: _polar(n.angle, _orbit_radius(n.orbit)) for n in read.nodes()}


@lru_cache(maxsize=None)
def _label_candidates(node_id: str, clearance: float) -> tuple[tuple[tuple[float, float], c.Box], ...]:
    """Possible label spots for a node, best first: radially outward, inward, the four
    sides, then the two tangents; each as (centre, box), ``clearance`` px from the centre."""
    fnt = c.font(LABEL_SIZE, bold=True)
    x, y = node_positions()[node_id]
    node = _nodes_by_id()[node_id]
    w, h = c.text_size(node_id, fnt)
    w, h = w + 4, h + 4
    angle = math.radians(node.angle)
    ux, uy = math.sin(angle), -math.cos(angle)
    out = []
    for dx, dy in ((ux, uy), (-ux, -uy), (0, 1), (0, -1), (1, 0), (-1, 0), (uy, -ux), (-uy, ux)):
        dist = clearance + abs(dx) * w / 2 + abs(dy) * h / 2
        cx, cy = x + dx * dist, y + dy * dist
        out.append(((cx, cy), (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)))
    return tuple(out)


@lru_cache(maxsize=1)
def _nodes_by_id() -> dict[str, read.NodeSpot]:
    return {n.id: n for n in read.nodes()}


def _label_cost(node_id: str, box: c.Box, boxes: dict[str, c.Box], planet_nodes: frozenset[str]) -> float:
    cost = 0.0
    if box[0] < 2 or box[2] > BOARD_SIZE - 2 or box[1] < 2 or box[3] > BOARD_SIZE - 2:
        cost += 1e6
    cost += _box_overlap(box, DECK_TEXT_BOX) + _box_overlap(box, KEY_BOX)
    cost += _circle_box_overlap(*CENTRE, STAR_R + 2, box)          # the star keeps the labels clear
    for letter_box in start_letter_boxes().values():
        cost += _box_overlap(box, letter_box)
    pos = node_positions()
    if node_id in planet_nodes:              # clear of its own planet's ring too
        cost += _box_overlap(box, ring_box(*pos[node_id]))
    for other_id in _near_nodes(node_id):
        ox, oy = pos[other_id]
        if other_id in planet_nodes:
            cost += _circle_box_overlap(ox, oy, PLANET_R + 2, box)
            cost += _box_overlap(box, ring_box(ox, oy))      # a gas giant's ring (any planet may be one)
        else:
            cost += _circle_box_overlap(ox, oy, MATTER_R + 2, box)
    for other_id in _near_nodes(node_id):
        other = boxes.get(other_id)
        if other is not None:
            cost += _box_overlap(box, other)
    return cost


@lru_cache(maxsize=None)
def _near_nodes(node_id: str) -> tuple[str, ...]:
    """Other nodes close enough for their token, planet ring or label to meet this node's
    label (labels sit within ~60 px of their node; a gas giant's ring reaches ~50 px)."""
    x, y = node_positions()[node_id]
    return tuple(other for other, (ox, oy) in node_positions().items()
                 if other != node_id and math.hypot(ox - x, oy - y) < 190)


def _choose_labels(order: Iterable[str], boxes: dict[str, c.Box], centres: dict[str, tuple[float, float]],
                   planet_nodes: frozenset[str]) -> None:
    for node_id in order:
        clearance = (PLANET_R + 4) if node_id in planet_nodes else (MATTER_R + 3)
        best = None
        for centre, box in _label_candidates(node_id, clearance):
            cost = _label_cost(node_id, box, boxes, planet_nodes)
            if best is None or cost < best[0] - 1e-9:
                best = (cost, centre, box)
            if cost == 0:
                break
        assert best is not None
        boxes[node_id], centres[node_id] = best[2], best[1]


@lru_cache(maxsize=1)
def label_positions() -> dict[str, tuple[tuple[float, float], str]]:
    """Where each node's id is written with no planet on the board: (xy, anchor), chosen
    so that no label covers a node or another label (see :func:`_label_candidates`)."""
    boxes: dict[str, c.Box] = {}
    centres: dict[str, tuple[float, float]] = {}
    _choose_labels(list(node_positions()), boxes, centres, frozenset())
    return {node_id: (centres[node_id], "mm") for node_id in node_positions()}


@lru_cache(maxsize=512)
def labels_around_planets(planet_nodes: frozenset[str]) -> dict[str, tuple[tuple[float, float], str]]:
    """:func:`label_positions`, with the labels that a planet disc (larger than a matter
    token) would cover moved to a free spot, including the planets' own node labels."""
    base = label_positions()
    fnt = c.font(LABEL_SIZE, bold=True)
    boxes: dict[str, c.Box] = {}
    centres: dict[str, tuple[float, float]] = {}
    for node_id, ((x, y), _) in base.items():
        w, h = c.text_size(node_id, fnt)
        boxes[node_id] = (x - w / 2 - 2, y - h / 2 - 2, x + w / 2 + 2, y + h / 2 + 2)
        centres[node_id] = (x, y)
    moved = [node_id for node_id in base
             if node_id in planet_nodes or _label_cost(node_id, boxes[node_id], boxes, planet_nodes) > 0]
    for node_id in moved:
        del boxes[node_id]
    _choose_labels(moved, boxes, centres, planet_nodes)
    return {node_id: (centres[node_id], "mm") for node_id in base}


@lru_cache(maxsize=1)
def start_letter_boxes() -> dict[str, tuple[float, float, float, float]]:
    """Ink box of the letter written beside each start space (node labels keep out)."""
    fnt = c.font(START_LETTER_SIZE, bold=True)
    out = {}
    for node in read.nodes():
        if node.start_planet:
            x, y = node_positions()[node.id]
            x, y = x + START_LETTER_OFFSET[0], y + START_LETTER_OFFSET[1]
            left, top, right, bottom = fnt.getbbox(node.start_planet, anchor="mm", stroke_width=2)
            out[node.id] = (x + left, y + top, x + right, y + bottom)
    return out


def ring_box(x: float, y: float, margin: float = 2) -> tuple[float, float, float, float]:
    """The box of a gas giant's ring around a planet on (x, y), ``margin`` px wider."""
    return (x - PLANET_R * 1.55 - margin, y - PLANET_R * 0.42 - margin,
            x + PLANET_R * 1.55 + margin, y + PLANET_R * 0.42 + margin)


def _box_overlap(a: c.Box, b: c.Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _circle_box_overlap(cx: float, cy: float, r: float, box: c.Box) -> float:
    nx = min(max(cx, box[0]), box[2])
    ny = min(max(cy, box[1]), box[3])
    d = math.hypot(nx - cx, ny - cy)
    return (r - d) * 10 if d < r else 0.0


LABEL_SIZE = 18                       # node ids (at 420 px wide the chat halves show ~10 px of ink)
START_LETTER_SIZE = 15
START_LETTER_OFFSET = (15, -15)      # an empty start space shows its planet's letter up-right
# The deck counts in the board's top-right corner (see _draw_decks); node labels keep out.
DECK_TEXT_BOX = (720, 8, BOARD_SIZE, 96)


# ------------------------------------------------------------------------------------
# Reading the view
# ------------------------------------------------------------------------------------

def _seat_colour(player: PlayerState, seat: int) -> c.PlayerColour:
    return c.colour_named(player.colour, seat)


def _colour_label(player: PlayerState, seat: int, language: str) -> str:
    """The seat colour's name in ``language`` ("Red" / "Piros")."""
    name = str(player.colour or _seat_colour(player, seat).name).lower()
    return text_of(Msg(f"planetarium.colour.{name}"), language)


@lru_cache(maxsize=None)
def _code(kind: str, language: str) -> str:
    """A matter kind's letter as the reader's rulebook writes it (gáz G, kőzet K, víz V, fém F);
    the catalogue's, fixed while running: looked up once (a board writes ~65 of them)."""
    return text_of(Msg(f"planetarium.code.{kind}"), language)


def _badge(player: PlayerState, seat: int, language: str) -> str:
    """The letter on a seat's token: the initial of its colour in ``language`` (Piros: P)."""
    return _colour_label(player, seat, language)[:1].upper()


def _seat_name(view: GameState, seat: int, player_names: Sequence[str] | None, language: str = "en") -> str:
    if player_names and seat < len(player_names) and player_names[seat]:
        return str(player_names[seat])
    players = view.players
    if seat < len(players):
        return _colour_label(players[seat], seat, language)
    return text_of(Msg("seat_n", n=seat + 1), language)


def _fit(text: str, width: float, size: int, *, bold: bool = False, min_size: int = 9) -> ImageFont.FreeTypeFont:
    """The font of ``size`` (or smaller, down to ``min_size``) in which ``text`` is at most ``width`` wide."""
    fnt = c.font(size, bold=bold)
    while size > min_size and max(fnt.getlength(line) for line in text.split("\n")) > width:
        size -= 1
        fnt = c.font(size, bold=bold)
    return fnt


# ------------------------------------------------------------------------------------
# The board (left square)
# ------------------------------------------------------------------------------------

@lru_cache(maxsize=2)
def _board_background(scale: float = 1.0) -> Image.Image:
    """Star, orbits, links and direction arrows, drawn at SS x ``scale`` and reduced to
    ``scale`` (the full picture: 1, the chat parts: CHAT_SCALE); cached, pasted per use."""
    S = SS * scale
    size = round(BOARD_SIZE * S)
    im = Image.new("RGB", (size, size), BG)
    draw = ImageDraw.Draw(im)
    cx, cy = CENTRE[0] * S, CENTRE[1] * S
    # faint rings of starlight
    for i, col in enumerate([(24, 28, 56), (30, 34, 66)]):
        r = (STAR_R + 26 - i * 12) * S
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col)
    nodes = read.nodes()
    pos = {k: (x * S, y * S) for k, (x, y) in node_positions().items()}
    # orbits: closed circles I-VI, arcs for VII
    for orbit in range(1, 7):
        r = _orbit_radius(orbit) * S
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=ORBIT_COLOUR, width=round(4 * S))
    r7 = _orbit_radius(7) * S
    by_id = {n.id: n for n in nodes}
    for n in nodes:
        if n.orbit == 7 and n.orbit_step:
            a0, a1 = n.angle, by_id[n.orbit_step].angle
            # PIL angles: 0 = 3 o'clock, clockwise; ours: 0 = 12 o'clock, clockwise
            draw.arc((cx - r7, cy - r7, cx + r7, cy + r7), a0 - 90, a1 - 90, fill=ORBIT_COLOUR, width=round(4 * S))
    # links (thin lines) with an arrowhead in the middle pointing to the destination
    for n in nodes:
        x0, y0 = pos[n.id]
        for target in n.links:
            x1, y1 = pos[target]
            draw.line((x0, y0, x1, y1), fill=LINK_COLOUR, width=round(2 * S))
            _arrowhead(draw, (x0, y0), (x1, y1), 0.5, 9 * S, LINK_COLOUR)
    # clockwise chevrons on the orbits, between consecutive nodes
    for n in nodes:
        step = n.orbit_step
        if not step:
            continue
        a0, a1 = n.angle, by_id[step].angle
        if a1 < a0:
            a1 += 360
        mid = (a0 + a1) / 2
        r = _orbit_radius(n.orbit)
        p0 = _polar(mid - 1.5, r, S)
        p1 = _polar(mid + 1.5, r, S)
        _arrowhead(draw, p0, p1, 1.0, 11 * S, (150, 176, 230))
    # the star
    r = STAR_R * S
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 214, 90), outline=(255, 240, 170), width=round(3 * S))
    # every node's dot (a token covers it) and the rings of the start spaces A-D
    for n in nodes:
        X, Y = pos[n.id]
        r = 6 * S
        draw.ellipse((X - r, Y - r, X + r, Y + r), fill=NODE_COLOUR)
        if n.start_planet:
            r = 14 * S
            draw.ellipse((X - r, Y - r, X + r, Y + r), outline=NODE_COLOUR, width=round(2 * S))
    _draw_key_marks(draw, S)
    final = round(BOARD_SIZE * scale)
    return im.resize((final, final), Image.Resampling.BOX)


@lru_cache(maxsize=None)
def _sprite(what: str, detail: str, scale: float = 1.0) -> Image.Image:
    """An anti-aliased RGBA token, drawn at SS x and reduced once: ("matter", kind) or
    ("planet", "gas"/"solid"); ``scale`` times the size of the full picture."""
    S = SS * scale
    if what == "planet":
        half = PLANET_R * 1.6 + 2
    else:
        half = MATTER_R + 2
    size = int(math.ceil(half * scale)) * 2 + 2
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    X = Y = size * SS / 2
    if what == "planet":
        _draw_planet_disc(draw, X, Y, PLANET_R * S, detail)
    else:
        _, fill, _ = MATTER[detail]
        r = MATTER_R * S
        draw.ellipse((X - r, Y - r, X + r, Y + r), fill=fill, outline=(10, 10, 20), width=round(2 * S))
    return big.resize((size, size), Image.Resampling.BOX)


def _paste_sprite(im: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    im.paste(sprite, (int(round(x - sprite.width / 2)), int(round(y - sprite.height / 2))), sprite)


def _arrowhead(draw: ImageDraw.ImageDraw, p0: tuple[float, float], p1: tuple[float, float], t: float, size: float,
               colour: c.RGB) -> None:
    """A filled triangle on the segment p0->p1 at fraction t, pointing towards p1."""
    x0, y0 = p0
    x1, y1 = p1
    length = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tx, ty = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
    back_x, back_y = tx - ux * size, ty - uy * size
    half = size * 0.55
    draw.polygon([(tx, ty), (back_x - uy * half, back_y + ux * half), (back_x + uy * half, back_y - ux * half)],
                 fill=colour)


def _draw_board(im: Image.Image, view: GameState, language: str = "en", scale: float = 1.0) -> None:
    """Draw the board into the top-left square of ``im`` at ``scale`` (1: 1000 x 1000), all
    but the node labels (:func:`_draw_node_labels`: the chat parts draw them each)."""
    k = scale
    im.paste(_board_background(k), (0, 0))
    pos = {node_id: (x * k, y * k) for node_id, (x, y) in node_positions().items()}
    nodes_state: dict[str, str | None] = dict(view.nodes)
    planet_at = {node: letter for letter, node in view.planet_pos.items()}
    kinds = read.planet_kinds()
    start_of = {n.id: n.start_planet for n in read.nodes() if n.start_planet}

    for node_id, (x, y) in pos.items():
        token = nodes_state.get(node_id)
        if node_id in planet_at:
            continue                        # planets go on top of everything, below
        if token in MATTER:
            _paste_sprite(im, _sprite("matter", token, k), x, y)
    for node_id, letter in sorted(planet_at.items(), key=lambda item: item[1]):
        if node_id in pos:
            _paste_sprite(im, _sprite("planet", kinds[letter], k), *pos[node_id])

    draw = ImageDraw.Draw(im)
    # crisp text at the final size on top of the smoothed shapes
    letter_font = c.font(25 * k, bold=True)
    planet_font = c.font(36 * k, bold=True)
    start_font = c.font(START_LETTER_SIZE * k, bold=True)
    for node_id, (x, y) in pos.items():
        token = nodes_state.get(node_id)
        if node_id in planet_at:
            c.draw_text_outlined(draw, (x, y + k), planet_at[node_id], fnt=planet_font, fill=c.WHITE,
                                 outline=(20, 20, 30), outline_width=round(3 * k))
        elif token in MATTER:
            _, fill, ink = MATTER[token]
            c.draw_text_centered(draw, (x, y + k), _code(token, language), fnt=letter_font, fill=ink)
        elif node_id in start_of:
            c.draw_text_outlined(draw, (x + START_LETTER_OFFSET[0] * k, y + START_LETTER_OFFSET[1] * k),
                                 start_of[node_id], fnt=start_font, fill=NODE_COLOUR, outline=BG,
                                 outline_width=round(2 * k))
    _draw_board_legend(draw, nodes_state, language, k)
    _draw_decks(draw, view, language, k)
    _draw_key(draw, language, k)


def _node_label_boxes(planet_nodes: frozenset[str], scale: float = 1.0) -> dict[str, tuple[tuple[float, float], c.Box]]:
    """Every node label as drawn at ``scale``: (centre, ink box with its halo), in pixels of
    the board drawn at that scale."""
    fnt = c.font(LABEL_SIZE * scale, bold=True)
    halo = _label_halo(scale)
    out = {}
    for node_id, ((x, y), _anchor) in labels_around_planets(planet_nodes).items():
        x, y = x * scale, y * scale
        left, top, right, bottom = fnt.getbbox(node_id, anchor="mm", stroke_width=halo)
        out[node_id] = ((x, y), (x + left, y + top, x + right, y + bottom))
    return out


def _label_halo(scale: float) -> int:
    return max(2, round(2 * scale))


def _draw_node_labels(im: Image.Image, planet_nodes: frozenset[str], scale: float = 1.0,
                      origin: tuple[float, float] = (0, 0)) -> list[str]:
    """Write the node ids on ``im``, which shows the board drawn at ``scale`` from ``origin``
    (its top-left corner, in pixels of that board) on: only the labels wholly inside ``im``
    (a chat part leaves a label cut by its edge to the other part).  Returns their ids."""
    draw = ImageDraw.Draw(im)
    fnt = c.font(LABEL_SIZE * scale, bold=True)
    halo = _label_halo(scale)
    ox, oy = origin
    drawn = []
    for node_id, ((x, y), box) in _node_label_boxes(planet_nodes, scale).items():
        if box[0] - ox < 0 or box[1] - oy < 0 or box[2] - ox > im.width or box[3] - oy > im.height:
            continue
        c.draw_text_outlined(draw, (x - ox, y - oy), node_id, fnt=fnt, fill=LABEL_COLOUR, outline=BG,
                             outline_width=halo, anchor="mm")
        drawn.append(node_id)
    return drawn


def _draw_planet_disc(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, kind: str) -> None:
    fill, detail, _ = PLANET_LOOK.get(kind, PLANET_LOOK["solid"])
    if kind == "gas":
        # a ring behind and in front: a wide flat ellipse
        ring = (x - r * 1.55, y - r * 0.42, x + r * 1.55, y + r * 0.42)
        draw.ellipse(ring, outline=(235, 215, 170), width=int(r * 0.16))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=(250, 240, 220), width=int(r * 0.1))
        for dy, h in ((-0.55, 0.13), (-0.15, 0.11), (0.5, 0.14)):
            half_w = r * math.sqrt(max(0.0, 1 - (dy + h / 2) ** 2)) * 0.92
            draw.rectangle((x - half_w, y + r * dy, x + half_w, y + r * (dy + h)), fill=detail)
        draw.arc(ring, 0, 180, fill=(235, 215, 170), width=int(r * 0.16))
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=(250, 240, 220), width=int(r * 0.1))
        for dx, dy, cr in ((-0.45, -0.4, 0.2), (0.45, 0.35, 0.24), (0.35, -0.5, 0.13), (-0.4, 0.5, 0.15)):
            draw.ellipse((x + r * (dx - cr), y + r * (dy - cr), x + r * (dx + cr), y + r * (dy + cr)),
                         fill=detail)


def _draw_board_legend(draw: ImageDraw.ImageDraw, nodes_state: dict[str, str | None], language: str = "en",
                       scale: float = 1.0) -> None:
    """Bottom-left corner: the matter key with how many of each kind are still on the board;
    top-left, the title and the direction of moves."""
    k = scale
    counts = {kind: 0 for kind in MATTER}
    for token in nodes_state.values():
        if token in counts:
            counts[token] += 1
    x, y = 16 * k, (BOARD_SIZE - 16 - 4 * 34) * k
    legend = _t(language, "matter_legend")
    c.draw_text(draw, (x, y - 30 * k), legend, fnt=_fit(legend, 200 * k, round(18 * k), bold=True), fill=LABEL_COLOUR)
    for i, kind in enumerate(MATTER_ORDER):
        name_key, fill, ink = MATTER[kind]
        cy = y + (i * 34 + 14) * k
        draw.ellipse((x, cy - 14 * k, x + 28 * k, cy + 14 * k), fill=fill, outline=c.BLACK, width=round(2 * k))
        c.draw_text_centered(draw, (x + 14 * k, cy + k), _code(kind, language), size=round(17 * k), bold=True,
                             fill=ink)
        label = _t(language, "matter_count", name=Msg(name_key), count=counts[kind])
        c.draw_text(draw, (x + 38 * k, cy), label, fnt=_fit(label, 150 * k, round(20 * k), bold=True),
                    fill=c.WHITE, anchor="lm")
    title = _t(language, "title")
    c.draw_text(draw, (16 * k, 14 * k), title, fnt=_fit(title, 260 * k, round(26 * k), bold=True), fill=(255, 214, 90))
    hint = _t(language, "clockwise")
    c.draw_text(draw, (16 * k, 48 * k), hint, fnt=_fit(hint, 300 * k, round(17 * k)), fill=LABEL_COLOUR)


# The key of the board's marks in its bottom-right corner (see _draw_key); node labels keep out.
KEY_BOX = (784, 922, BOARD_SIZE - 8, BOARD_SIZE - 6)
KEY_ROWS = (948, 978)                  # centre lines of its two rows
KEY_TEXT_X = 832                       # where its texts start (the marks sit left of it)


def _draw_key_marks(draw: ImageDraw.ImageDraw, S: float) -> None:
    """The key's samples, drawn with the background (``S``: its pixels per board pixel): a
    start space's ring and a thin line with its arrowhead."""
    x, y = (KEY_BOX[0] + 24) * S, KEY_ROWS[0] * S
    r = 6 * S
    draw.ellipse((x - r, y - r, x + r, y + r), fill=NODE_COLOUR)
    r = 14 * S
    draw.ellipse((x - r, y - r, x + r, y + r), outline=NODE_COLOUR, width=round(2 * S))
    y = KEY_ROWS[1] * S
    x0, x1 = (KEY_BOX[0] + 2) * S, (KEY_TEXT_X - 8) * S
    draw.line((x0, y, x1, y), fill=LINK_COLOUR, width=round(2 * S))
    _arrowhead(draw, (x0, y), (x1, y), 0.5, 9 * S, LINK_COLOUR)


def _draw_key(draw: ImageDraw.ImageDraw, language: str = "en", scale: float = 1.0) -> None:
    """Bottom-right corner: what the start-space rings and the thin lines' arrows mean."""
    k = scale
    width = (KEY_BOX[2] - KEY_TEXT_X) * k
    c.draw_text_outlined(draw, ((KEY_BOX[0] + 24 + START_LETTER_OFFSET[0]) * k, (KEY_ROWS[0] + START_LETTER_OFFSET[1]) * k),
                         "A", fnt=c.font(START_LETTER_SIZE * k, bold=True), fill=NODE_COLOUR, outline=BG,
                         outline_width=round(2 * k))
    for row, key in zip(KEY_ROWS, ("key_start", "key_line")):
        text = _t(language, key)
        c.draw_text(draw, (KEY_TEXT_X * k, row * k), text, fnt=_fit(text, width, round(17 * k), min_size=round(11 * k)),
                    fill=LABEL_COLOUR, anchor="lm")


def _draw_decks(draw: ImageDraw.ImageDraw, view: GameState, language: str = "en", scale: float = 1.0) -> None:
    """Top-right corner of the board: draw piles and the face-up discard piles (public)."""
    k = scale
    sizes = view.deck_sizes
    discards = view.discards
    x = (BOARD_SIZE - 14) * k
    width = x - (DECK_TEXT_BOX[0] + 4) * k           # the texts stay inside DECK_TEXT_BOX
    c.draw_text(draw, (x, 12 * k), _t(language, "decks"), size=round(20 * k), bold=True, fill=LABEL_COLOUR, anchor="ra")
    piles = " · ".join(_t(language, "pile", deck=Msg(f"planetarium.deck.{deck}"), count=sizes[deck])
                       for deck in ("initial", "major", "final"))
    c.draw_text(draw, (x, 38 * k), piles, fnt=_fit(piles, width, round(16 * k), bold=True), fill=c.WHITE, anchor="ra")
    # one line per face-up pile: both on one line would reach the token on VII-1
    y = 60 * k
    for deck in ("major", "final"):
        pile = discards[deck]
        if pile:
            text = _t(language, "discards", deck=Msg(f"planetarium.deck.{deck}"), count=len(pile), card=pile[-1])
            c.draw_text(draw, (x, y), text, fnt=_fit(text, width, round(15 * k)), fill=LABEL_COLOUR, anchor="ra")
            y += 18 * k


# ------------------------------------------------------------------------------------
# The right column
# ------------------------------------------------------------------------------------

def _status_lines(view: GameState, names: list[str], language: str = "en", turn_shown: bool = True) -> tuple[str, str, c.RGB | None]:
    """(headline, detail, banner colour or None).  The detail is made of parts joined by
    " · " in order of importance; the header drops trailing parts that do not fit.
    ``turn_shown`` False (chat): the headline is the title, not the turn number and the mover
    (the post says who is to act; a header that changes every turn would post the column
    again every turn, issue 25)."""
    phase = view.phase
    players = view.players
    active = view.active
    turn = view.turn_no

    def t(key: str, /, **values: Any) -> str:
        return _t(language, key, **values)
    if phase == "over":
        winners = view.winners
        if len(winners) == 1:
            head = t("over_one", name=names[winners[0]])
        elif winners:
            head = t("over_shared", names=Join([names[w] for w in winners], "and"))
        else:
            head = t("over")
        ranking = sorted(range(len(players)), key=lambda i: (-players[i].score, i))
        parts = [t("final_scores", scores=[B("name_score", name=names[i], score=players[i].score)
                                           for i in ranking])]
        reason = view.last_round_reason
        if reason in ("stall", "cap"):
            parts.append(t("ended", reason=B(f"reason_{reason}")))
        return head, " · ".join(parts), (120, 90, 10)
    if phase == "setup":
        waiting = [names[i] for i, p in enumerate(players) if not p.setup_done]
        return t("setup"), t("setup_detail", names=Join(waiting, "and") if waiting else Msg("planetarium.nobody")), None
    last = view.last_round
    key = {"move": "what_move", "card": "what_card_last" if last else "what_card", "draw": "what_draw",
           "keep_final": "what_keep_final", "finals": "what_finals"}.get(phase)
    what = t(key) if key else str(phase)
    head = t("turn", turn=turn, name=names[active]) if 0 <= active < len(names) else t("turn_plain", turn=turn)
    if not turn_shown:
        head = t("title")
    if last:
        queue = view.last_round_queue
        reason = view.last_round_reason or ""
        later = [names[s] for s in queue if s != active and 0 <= s < len(names)]
        parts = [t("last_round", what=what), t("then", names=later) if later else t("final_turn")]
        if reason in ("stall", "cap"):
            parts.append(t("reason", reason=B(f"reason_{reason}")))
        return head, " · ".join(parts), (200, 40, 40)
    return head, what, None


def _draw_header(draw: ImageDraw.ImageDraw, box: c.Box, view: GameState, names: list[str], language: str = "en",
                 turn_shown: bool = True) -> None:
    x0, y0, x1, y1 = box
    head, detail, banner = _status_lines(view, names, language, turn_shown)
    players = view.players
    active = view.active
    phase = view.phase
    tx = x0 + 8
    if turn_shown and phase not in ("setup", "over") and 0 <= active < len(players):
        c.draw_player_token(draw, _seat_colour(players[active], active), x0 + 28, y0 + 28, 22,
                            letter=_badge(players[active], active, language))
        tx = x0 + 62
    c.draw_text_in_box(draw, (tx, y0, x1 - 4, y0 + 56), head, max_size=38, min_size=20, bold=True,
                       fill=c.WHITE, align="left", padding=0)
    detail_box = (x0, y0 + 60, x1, y1)
    inner = (x0 + 10, y0 + 60, x1 - 10, y1) if banner else (x0 + 4, y0 + 60, x1 - 4, y1)
    bold = banner is not None
    # drop the least important parts until the rest reads at 20 px or more
    parts = detail.split(" · ")
    while len(parts) > 1:
        fnt = c.fit_font(" · ".join(parts), inner[2] - inner[0] - 4, inner[3] - inner[1] - 4, max_size=24,
                         min_size=10, bold=bold)
        if fnt.size >= 20:
            break
        parts.pop()
    detail = " · ".join(parts)
    if banner:
        c.rounded_panel(draw, detail_box, radius=8, fill=banner, outline=None)
    c.draw_text_in_box(draw, inner, detail, max_size=24, min_size=13, bold=bold,
                       fill=c.WHITE if banner else (220, 226, 240), align="left")


def _draw_players(image: Image.Image, draw: ImageDraw.ImageDraw, box: c.Box, view: GameState, names: list[str],
                  language: str = "en", turn_shown: bool = True) -> None:
    """One row per player.  A row is drawn once per content and reused: most moves change one
    or two rows (the mover's, and the turn marker; none without ``turn_shown``)."""
    x0, y0, x1, y1 = box
    players = view.players
    n = max(1, len(players))
    gap = 6
    row_h = (y1 - y0 - gap * (n - 1)) / n
    active = view.active if turn_shown else -1      # -1: no row is marked
    phase = view.phase
    winners = set(view.winners)
    last_round = view.last_round
    for seat, player in enumerate(players):
        top = y0 + seat * (row_h + gap)
        # drawn in a tile placed at even pixels, at the same fractional offsets: the same pixels
        # (an even shift keeps round-half-to-even rounding as it was)
        px, py = (math.floor(x0) - 2) // 2 * 2, (math.floor(top) - 2) // 2 * 2
        key = (seat, names[seat], repr(player), phase not in ("setup", "over") and seat == active,
               phase == "over" and seat in winners, last_round, phase == "over", language,
               x0 - px, top - py, x1 - x0, row_h)
        tile = _ROWS.get(key)
        if tile is None:
            tile = Image.new("RGB", (math.ceil(x1 - px) + 3, math.ceil(top + row_h - py) + 3), COLUMN_BG)
            _draw_player_row(ImageDraw.Draw(tile), (x0 - px, top - py, x1 - px), row_h, view, seat, player,
                             names, language, active, phase, winners, tile)
            if len(_ROWS) >= 512:
                _ROWS.clear()
            _ROWS[key] = tile
        image.paste(tile, (px, py))


_ROWS: dict[Any, Image.Image] = {}


def _draw_player_row(draw: ImageDraw.ImageDraw, where: tuple[float, float, float], row_h: float, view: GameState, seat: int,
                     player: PlayerState, names: list[str], language: str, active: int, phase: str, winners: set[int],
                     image: Image.Image) -> None:
    x0, top, x1 = where
    colour = _seat_colour(player, seat)
    is_active = phase not in ("setup", "over") and seat == active
    is_winner = phase == "over" and seat in winners
    fill = (255, 250, 214) if is_active else (255, 236, 170) if is_winner else PANEL
    thick = 6 if is_active or is_winner else 4
    # a dark hairline outside the colour border keeps light colours (yellow) visible
    c.rounded_panel(draw, (x0 - 1, top - 1, x1 + 1, top + row_h + 1), radius=11, fill=None,
                    outline=(10, 12, 24), width=1)
    c.rounded_panel(draw, (x0, top, x1, top + row_h), radius=10, fill=fill,
                    outline=colour.fill, width=thick)
    c.draw_player_token(draw, colour, x0 + 26, top + 24, 17, letter=_badge(player, seat, language))
    label = names[seat]
    name_w = x1 - x0 - 52 - 290
    nf = c.fit_font(label, name_w, 32, max_size=29, min_size=20, bold=True)
    label = c.ellipsize(label, nf, name_w)
    c.draw_text(draw, (x0 + 52, top + 24), label, fnt=nf, fill=c.INK, anchor="lm")
    end = x0 + 52 + nf.getlength(label)
    tags = []
    colour_label = _colour_label(player, seat, language)
    if label != colour_label:
        tags.append(_t(language, "colour_tag", colour=colour_label))     # the move log names colours
    if view.last_round and phase != "over" and player.last_turn_taken:
        tags.append(_t(language, "finished"))
    sf = c.font(16)
    for tag in reversed(tags):
        # small grey tags after the name, when there is room
        text = " ".join(tags[:tags.index(tag) + 1])
        if end + 8 + sf.getlength(text) + (34 if is_active or is_winner else 0) <= x0 + 52 + name_w:
            c.draw_text(draw, (end + 6, top + 26), text, fnt=sf, fill=c.MUTED, anchor="lm")
            end += 6 + sf.getlength(text)
            break
    if is_active or is_winner:
        c.draw_text(draw, (end + 8, top + 24), "◀" if is_active else "★", size=24,
                    bold=True, fill=(190, 30, 30) if is_active else (170, 110, 0), anchor="lm")
    # score, big, right
    score = player.score
    c.draw_text(draw, (x1 - 12, top + 26), str(score), size=40, bold=True, fill=c.INK, anchor="rm")
    # hand and markers, two lines between the name's room and the score (two digits at 40 px bold:
    # 56 px), at HAND_SIZE: legible on a phone (newcomer C-S9), fitted down to COLUMN_MIN
    hand = player.hand_count
    finals = player.final_count
    markers = player.markers_supply
    ix = x1 - 76
    room = ix - (x0 + 52 + name_w) - 6
    hand_text = _t(language, "hand", hand=hand, finals=finals)
    cubes_text = _t(language, "cubes", markers=markers)
    c.draw_text(draw, (ix, top + 15), hand_text, fnt=_fit(hand_text, room, HAND_SIZE, min_size=COLUMN_MIN),
                fill=c.INK, anchor="rm")
    c.draw_text(draw, (ix, top + 37), cubes_text, fnt=_fit(cubes_text, room, HAND_SIZE, min_size=COLUMN_MIN),
                fill=c.INK, anchor="rm")
    # mat: matter per planet area, in mat order
    mat = player.mat
    _draw_mat(image, draw, x0 + 10, top + 48, mat, max_w=x1 - x0 - 20, row_h=row_h - 52, background=fill,
              language=language)


# The chat's column is 596 px wide, shown ~420 px wide on a phone (x 0.7): its texts at COLUMN_MIN px
# or more read as ~10.5 px there (newcomer C-S9: the mat's G K V F letters and the hand line).
COLUMN_MIN = 15
HAND_SIZE = 20
EMPTY_CELL_INK = (128, 123, 112)     # an empty mat square's letter: darker than its outline, still quiet


def _draw_mat(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, mat: dict[str, dict[str, int]], *, max_w: float,
              row_h: float, background: tuple[int, int, int] = PANEL, language: str = "en") -> None:
    """Four planet areas, each: planet letter, then G R W M squares with counts."""
    cell = int(max(16, min(28, row_h - 4, (max_w - 4 * 30) / 16 - 2)))
    area_w = (max_w + 6) / 4
    for i, planet in enumerate(MAT_ORDER):
        ax = x + i * area_w
        area = mat[planet]
        c.draw_text(draw, (ax + 9, y + cell / 2), planet, size=int(cell * 0.8), bold=True, fill=c.INK, anchor="mm")
        for j, kind in enumerate(MATTER_ORDER):
            count = area[kind]
            bx = ax + 22 + j * (cell + 3)
            image.paste(_mat_cell(cell, kind, count, background, _code(kind, language)),
                        (int(round(bx)), int(round(y))))


@lru_cache(maxsize=1024)
def _mat_cell(cell: int, kind: str, count: int, background: tuple[int, int, int], letter: str = "") -> Image.Image:
    """One square of a player's mat (drawn once per size, matter, count and panel colour)."""
    im = Image.new("RGB", (cell + 1, cell + 1), background)
    draw = ImageDraw.Draw(im)
    _, fill, ink = MATTER[kind]
    if count:
        draw.rounded_rectangle((0, 0, cell, cell), radius=4, fill=fill, outline=c.BLACK, width=1)
        c.draw_text_centered(draw, (cell / 2, cell / 2 + 1), str(count), size=int(cell * 0.72), bold=True, fill=ink)
    else:
        draw.rounded_rectangle((0, 0, cell, cell), radius=4, fill=None, outline=(190, 186, 176), width=1)
        c.draw_text_centered(draw, (cell / 2, cell / 2 + 1), letter or kind, size=max(COLUMN_MIN, int(cell * 0.66)),
                             fill=EMPTY_CELL_INK)
    return im


def _draw_track(draw: ImageDraw.ImageDraw, box: c.Box, view: GameState, language: str = "en") -> None:
    x0, y0, x1, y1 = box
    spaces, accel = read.track_spaces()
    track = view.track
    final = view.final_space
    title = _t(language, "track")
    count = _t(language, "track_count", count=min(len(track), spaces), spaces=spaces)
    accelerated = view.accelerated
    right = _t(language, "accelerated") if accelerated else _t(language, "accel_at", space=accel)
    # title, count and the acceleration note share one line: shrink all of them if needed
    size = 22
    while True:
        tf, cf, rf = c.font(size, bold=True), c.font(size - 4), c.font(size - 4, bold=accelerated)
        need = tf.getlength(title) + 8 + cf.getlength(count) + 16 + rf.getlength(right)
        if need <= x1 - x0 - 2 or size <= 13:
            break
        size -= 1
    c.draw_text(draw, (x0 + 2, y0), title, fnt=tf, fill=c.WHITE, anchor="la")
    c.draw_text(draw, (x0 + 10 + tf.getlength(title), y0 + 3), count, fnt=cf, fill=(200, 208, 230), anchor="la")
    c.draw_text(draw, (x1, y0 + 2), right, fnt=rf, fill=(255, 214, 90) if accelerated else (200, 208, 230),
                anchor="ra")
    top = y0 + 32
    per_row = (spaces + 1) // 2
    f_w = 92
    gap = 3
    cell_w = (x1 - x0 - f_w - 8 - gap * (per_row - 1)) / per_row
    cell_h = (y1 - top - gap) / 2
    boxes = c.track_boxes(spaces, (x0, top), cell=(cell_w, cell_h), per_row=per_row, gap=gap)
    for i, b in enumerate(boxes):
        number = i + 1
        is_accel = number == accel
        kind = track[i] if i < len(track) else None
        if kind in MATTER:
            _, fill, ink = MATTER[kind]
            draw.rounded_rectangle(b, radius=5, fill=fill, outline=(255, 214, 90) if is_accel else c.BLACK,
                                   width=4 if is_accel else 1)
            c.draw_text_centered(draw, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2 + 1), _code(kind, language),
                                 size=int(min(cell_w, cell_h) * 0.62), bold=True, fill=ink)
        else:
            fill = (70, 60, 20) if is_accel else (48, 56, 88)
            draw.rounded_rectangle(b, radius=5, fill=fill, outline=(255, 214, 90) if is_accel else (110, 122, 160),
                                   width=3 if is_accel else 1)
            text = "»»" if is_accel else str(number)
            c.draw_text_centered(draw, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), text,
                                 size=max(COLUMN_MIN, int(min(cell_w, cell_h) * (0.6 if is_accel else 0.55))),
                                 bold=is_accel,
                                 fill=(255, 214, 90) if is_accel else (170, 180, 210))
    # final space F: large, counts of each kind
    fb = (x1 - f_w, top, x1, y1)
    draw.rounded_rectangle(fb, radius=10, fill=(120, 30, 40) if final else (60, 40, 60),
                           outline=(255, 120, 120), width=3)
    final_label = _t(language, "final_space")
    c.draw_text(draw, ((fb[0] + fb[2]) / 2, top + 4), final_label, fnt=_fit(final_label, f_w - 10, 26, bold=True),
                fill=c.WHITE, anchor="ma")
    if final:
        counts = {k: final.count(k) for k in MATTER_ORDER if final.count(k)}
        c.draw_text(draw, ((fb[0] + fb[2]) / 2, top + 34), str(len(final)), size=22, bold=True, fill=c.WHITE,
                    anchor="ma")
        detail = " ".join(f"{_code(kind, language)}{n}" for kind, n in counts.items())
        c.draw_text_in_box(draw, (fb[0] + 2, y1 - 24, fb[2] - 2, y1 - 2), detail, max_size=15, min_size=9,
                           bold=True, fill=c.WHITE)
    else:
        box_text = _t(language, "last_round_box")
        c.draw_text(draw, ((fb[0] + fb[2]) / 2, top + 36), box_text, fnt=_fit(box_text, f_w - 8, 15),
                    fill=(230, 200, 210), anchor="ma")


def _draw_planets(draw: ImageDraw.ImageDraw, box: c.Box, view: GameState, language: str = "en") -> None:
    x0, y0, x1, y1 = box
    players = view.players
    gap = 6
    row_h = (y1 - y0 - gap * 3) / 4
    info_w = 178
    for i, letter in enumerate(MAT_ORDER):
        top = y0 + i * (row_h + gap)
        planet = view.planets[letter]
        kind = planet.kind
        c.rounded_panel(draw, (x0, top, x1, top + row_h), radius=10, fill=PANEL, outline=(120, 120, 130), width=2)
        # disc with letter
        r = min(21, row_h / 2 - 8)             # room right of it for the kind at 15+ px (C-S9)
        dx, dy = x0 + 8 + r * 1.55, top + 6 + r
        _draw_planet_disc(draw, dx, dy, r, kind)
        c.draw_text_outlined(draw, (dx, dy + 1), letter, size=int(r * 1.2), bold=True, fill=c.WHITE,
                             outline=(20, 20, 30), outline_width=2)
        orbit = view.planet_pos[letter].split("-")[0]
        tx = dx + r * 1.55 + 6
        kind_text = _t(language, "gas" if kind == "gas" else "solid")
        orbit_text = _t(language, "orbit", orbit=orbit)
        room = x0 + info_w - 4 - tx
        c.draw_text(draw, (tx, top + 6), kind_text, fnt=_fit(kind_text, room, 18, bold=True, min_size=COLUMN_MIN), fill=c.INK, anchor="la")
        c.draw_text(draw, (tx, top + 27), orbit_text, fnt=_fit(orbit_text, room, 18, min_size=COLUMN_MIN), fill=c.INK, anchor="la")
        # habitability token: its side, and the two sums below it (two lines at 15+ px: C-S9)
        tok_y = top + 2 * r + 10
        tok = (x0 + 8, tok_y, x0 + info_w - 4, min(tok_y + 48, top + row_h - 5))
        draw.rounded_rectangle(tok, radius=8, fill=HAB_YES if planet.habitable else HAB_NO, outline=c.BLACK, width=1)
        hab_text = _t(language, "habitable" if planet.habitable else "hostile", h=planet.habitable_points,
                      u=planet.uninhabitable_points)
        lines, fnt = token_lines(hab_text, tok[2] - tok[0] - 8, tok[3] - tok[1] - 2)
        step = (tok[3] - tok[1]) / (len(lines) + 1)
        for index, line in enumerate(lines):
            c.draw_text(draw, ((tok[0] + tok[2]) / 2, tok[1] + step * (index + 1)), line, fnt=fnt, fill=c.WHITE,
                        anchor="mm")
        # card row
        row = planet.row
        _draw_card_row(draw, (x0 + info_w + 4, top + 6, x1 - 8, top + row_h - 6), row, players, language)


TOKEN_SIZES = (18, 17, 16, 15)


def token_lines(text: str, width: float, height: float) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """A habitability token's text (``✘ lakhatatlan ✔10 : ✘17``) as the token writes it: on one
    line at the largest of TOKEN_SIZES that fits ``width``, else on two lines broken at the space
    that makes the longer line shortest (the side / the sums), never inside a word; the largest
    size at which the lines fit ``width`` and ``height`` (at least COLUMN_MIN)."""
    words = text.split(" ")
    splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))
              if not words[i].startswith(":")]
    for size in TOKEN_SIZES:
        fnt = c.font(size, bold=True)
        if fnt.getlength(text) <= width and size * 1.2 <= height:
            return [text], fnt
        if splits and size * 2.3 <= height:
            best = min(splits, key=lambda pair: max(fnt.getlength(line) for line in pair))
            if max(fnt.getlength(line) for line in best) <= width:
                return best, fnt
    fnt = c.font(COLUMN_MIN, bold=True)
    return (min(splits, key=lambda pair: max(fnt.getlength(line) for line in pair)) if splits else [text]), fnt


def _draw_card_row(draw: ImageDraw.ImageDraw, box: c.Box, row: list[PlayedCard], players: list[PlayerState],
                   language: str = "en") -> None:
    x0, y0, x1, y1 = box
    if not row:
        c.draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), _t(language, "no_cards"), size=18, fill=(150, 146, 136),
                    anchor="mm")
        return
    cards = read.cards()
    n = len(row)
    gap = 5
    avail_w, avail_h = x1 - x0, y1 - y0
    lines = 1
    chip_w = min(CHIP_MAX_W, (avail_w - gap * (n - 1)) / n)
    if chip_w < 52:
        lines = 2
        per_line = math.ceil(n / 2)
        chip_w = min(CHIP_MAX_W, (avail_w - gap * (per_line - 1)) / per_line)
    else:
        per_line = n
    chip_h = (avail_h - gap * (lines - 1)) / lines
    # a row names its cards when every name fits its chip whole (never some chips named, some not)
    with_name = (chip_w >= NAMED_MIN_W and chip_h >= NAMED_MIN_H
                 and all(chip_name_lines(played.card, chip_w - 10, chip_h - NAME_ROOM, language) for played in row))
    for idx, played in enumerate(row):
        line, col = divmod(idx, per_line)
        bx = x0 + col * (chip_w + gap)
        by = y0 + line * (chip_h + gap)
        _draw_card_chip(draw, (bx, by, bx + chip_w, by + chip_h), played, cards, players, language, with_name)


# A played card's chip: up to CHIP_MAX_W wide; from NAMED_MIN_W x NAMED_MIN_H on it carries the
# card's name in the reader's language, wrapped (a long word at a syllable, never cut) in
# NAME_SIZES px (at the chat's 0.7 scale on a phone: 10.5-12 px); a row where a name does not fit
# shows ids and points only.  Every text of a chip is COLUMN_MIN px or more (C-S9).
CHIP_MAX_W = 128
NAMED_MIN_W, NAMED_MIN_H = 76, 72
NAME_SIZES = (17, 16, 15)
NAME_STEP = 1.1                      # a name's line pitch, times its size
CHIP_ID_SIZE = 15                    # a named chip's id, its habitability value and "final"
NAME_ROOM = 46                       # a named chip's height above and below its name


def chip_name_lines(card_id: str, width: float, height: float, language: str) -> tuple[list[str], int] | None:
    """The card's name as a chip of inner ``width`` x ``height`` writes it: its lines and font
    size, of NAME_SIZES one in which every line fits whole (no word broken if one can be kept
    whole, then the fewest lines, then the largest size; a word too long for the chip at every
    size broken at a syllable, ``Cryovolca-`` / ``nism``); None when none does."""
    name = text_of(Msg(f"planetarium.card.{card_id}"), language)
    fitting = []
    for size in NAME_SIZES:
        fnt = c.font(size, bold=True)
        max_lines = max(1, min(3, int(height // (size * NAME_STEP))))
        lines = c.wrap_words(name, fnt, width, max_lines=max_lines)
        if len(lines) <= max_lines and all(fnt.getlength(line) <= width for line in lines):
            fitting.append((lines, size))
    whole_words = [(lines, size) for lines, size in fitting if " ".join(lines) == name]
    best = whole_words or fitting           # breaking no word if any size can, then in the fewest lines,
    return min(best, key=lambda option: (len(option[0]), -option[1])) if best else None     # then the largest


def _draw_card_chip(draw: ImageDraw.ImageDraw, box: c.Box, played: PlayedCard, cards: dict[str, Card], players: list[PlayerState],
                    language: str = "en", with_name: bool = False) -> None:
    x0, y0, x1, y1 = box
    card_id = played.card
    owner = played.owner
    marker = played.marker
    card = cards[card_id]
    fill, ink = DECK_LOOK[card.deck]
    owner_colour = _seat_colour(players[owner], owner) if owner is not None and 0 <= owner < len(players) else None
    outline = owner_colour.fill if owner_colour else (90, 90, 90)
    draw.rounded_rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), radius=8, outline=(40, 40, 50), width=1)
    draw.rounded_rectangle(box, radius=7, fill=fill, outline=outline, width=4)
    w, h = x1 - x0, y1 - y0
    tall = h >= 72
    cx = (x0 + x1) / 2
    points = card.points
    marker_seat = marker if marker is not None and 0 <= marker < len(players) else None
    has_marker = marker_seat is not None
    hab_text, hab_col = "", ink
    if card.habitability_side is not None:
        habitable = card.habitability_side == "habitable"
        hab_text = _t(language, "hab_h" if habitable else "hab_u", points=card.habitability_points)
        hab_col = HAB_YES if habitable else HAB_NO
    named = chip_name_lines(card_id, w - 10, h - NAME_ROOM, language) if with_name else None
    if named:
        # the id and the points on top, the name in the middle, the habitability value and the marker below
        c.draw_text(draw, (x0 + 6, y0 + 5), card_id, size=CHIP_ID_SIZE, bold=True, fill=ink, anchor="la")
        c.draw_text(draw, (x1 - 6, y0 + 3), str(points), size=20, bold=True, fill=ink, anchor="ra")
        lines, size = named
        step = size * NAME_STEP
        top = (y0 + 24 + y1 - 22) / 2 - step * len(lines) / 2
        for index, line in enumerate(lines):
            c.draw_text(draw, (cx, top + index * step), line, size=size, bold=True, fill=ink, anchor="ma")
        bottom = y1 - 6
        if hab_text:
            c.draw_text(draw, (x0 + 6, bottom), hab_text, size=15, bold=True, fill=hab_col, anchor="ld")
        elif card.deck == "final":
            label = _t(language, "final_card")
            c.draw_text(draw, (x0 + 6, bottom), label, size=CHIP_ID_SIZE, fill=ink, anchor="ld")
        if marker_seat is not None:
            c.draw_player_token(draw, _seat_colour(players[marker_seat], marker_seat), x1 - 13, bottom - 8, 8, letter="")
    elif tall:
        c.draw_text(draw, (cx, y0 + 6), card_id, size=16, bold=True, fill=ink, anchor="ma")
        c.draw_text(draw, (cx, y0 + h * 0.5), str(points), size=26, bold=True, fill=ink, anchor="mm")
        bottom = y1 - 7
        if hab_text:
            c.draw_text(draw, (x0 + 6, bottom), hab_text, size=15, bold=True, fill=hab_col, anchor="ld")
        elif card.deck == "final":
            label = _t(language, "final_card")
            c.draw_text(draw, (cx, bottom), label, size=CHIP_ID_SIZE, fill=ink, anchor="md")
        if marker_seat is not None:
            c.draw_player_token(draw, _seat_colour(players[marker_seat], marker_seat), x1 - 13, bottom - 8, 8, letter="")
    else:
        mid = y0 + h * 0.48
        roomy = w >= 60                     # room for the marker beside the id
        right = x1 - (20 if has_marker and roomy else 5)
        c.draw_text_in_box(draw, (x0 + 5, y0 + 1, right, mid + 2), card_id, max_size=17, min_size=COLUMN_MIN, bold=True,
                           fill=ink, align="left" if has_marker and roomy else "center", padding=1)
        if marker_seat is not None:
            colour = _seat_colour(players[marker_seat], marker_seat)
            if roomy:
                c.draw_player_token(draw, colour, x1 - 12, (y0 + mid) / 2 + 1, 7, letter="")
            else:                           # narrow chip: the marker sits on the corner
                c.draw_player_token(draw, colour, x1 - 3, y0 + 3, 6, letter="")
        psize, hsize = int(max(COLUMN_MIN, min(20, h * 0.5))), COLUMN_MIN
        while True:
            pf, hf = c.font(psize, bold=True), c.font(hsize, bold=True)
            total = pf.getlength(str(points)) + (4 + hf.getlength(hab_text) if hab_text else 0)
            if total <= w - 12 or psize <= COLUMN_MIN:
                break
            psize -= 1
        if total > w - 12 and hab_text:
            hab_text = ""                   # too narrow: the points alone
            total = pf.getlength(str(points))
        tx = cx - total / 2
        ty = (mid + y1) / 2
        c.draw_text(draw, (tx, ty), str(points), fnt=pf, fill=ink, anchor="lm")
        if hab_text:
            c.draw_text(draw, (tx + pf.getlength(str(points)) + 4, ty), hab_text, fnt=hf, fill=hab_col, anchor="lm")


# ------------------------------------------------------------------------------------
# Entry point
# ------------------------------------------------------------------------------------

def render(view: GameState | Mapping[str, Any], *, player_names: list[str] | None = None,
           language: str = "en") -> Image.Image:
    """Draw a Planetarium view (``rules.planetarium`` state as returned by ``GAME.view``, or
    its JSON form).

    ``player_names`` labels the seats (default: the seat colours); ``language`` ("en" /
    "hu") picks the catalogue texts of every label.  Nothing is ringed as the last move's
    (issue 27 item 8: a picture changes only when the position does).
    Returns a 1600 x 1000 RGB image.
    """
    view = read.as_view(view)
    image = Image.new("RGB", (WIDTH, HEIGHT), COLUMN_BG)
    _draw_board(image, view, language)
    _draw_node_labels(image, _planet_nodes(view))
    image.paste(_column_image(view, player_names, language), (COLUMN_X0, 0))
    return c.avoid_square(image)


def _planet_nodes(view: GameState) -> frozenset[str]:
    return frozenset(view.planet_pos.values())


def _column_image(view: GameState, player_names: list[str] | None, language: str,
                  turn_shown: bool = True) -> Image.Image:
    """The right column (turn, players, track, planets) as its own 596 x 1000 image: the
    full picture pastes it, chat posts it without the turn (``turn_shown`` False: no turn
    number, mover's token or row mark, so it changes only when what it shows does)."""
    image = Image.new("RGB", (WIDTH - COLUMN_X0, HEIGHT), COLUMN_BG)
    players = view.players
    names = [_seat_name(view, seat, player_names, language) for seat in range(len(players))]
    draw = ImageDraw.Draw(image)
    x0, x1 = 8, COLUMN_X1 - COLUMN_X0
    _draw_header(draw, (x0, 8, x1, 100), view, names, language, turn_shown)
    n = max(1, len(players))
    players_h = 16 + n * 86
    _draw_players(image, draw, (x0, 110, x1, 110 + players_h - 16), view, names, language, turn_shown)
    track_top = 110 + players_h
    _draw_track(draw, (x0, track_top, x1, track_top + 112), view, language)
    _draw_planets(draw, (x0, track_top + 124, x1, HEIGHT - 8), view, language)
    return image


# The chat's board: drawn CHAT_SCALE times larger and cut in two overlapping halves (board
# pixels from x0 to x1 each), so that shown 420 px wide on a phone a node label is
# LABEL_SIZE * CHAT_SCALE * 420 / part width ~ 0.8 x LABEL_SIZE px tall (its ink: ~10 px).
CHAT_SCALE = 1.6
CHAT_PARTS = ((0, 530), (470, BOARD_SIZE))


def chat_part_boxes() -> list[tuple[int, int, int, int]]:
    """The chat parts' boxes in pixels of the board drawn at CHAT_SCALE, left to right."""
    size = round(BOARD_SIZE * CHAT_SCALE)
    return [(round(x0 * CHAT_SCALE), 0, round(x1 * CHAT_SCALE), size) for x0, x1 in CHAT_PARTS]


# The columns of the board the corner texts may cover: the matter legend, title and hint on the
# left (fitted to at most 316 px from x = 16), the decks' counts on the right (DECK_TEXT_BOX).
LEGEND_X1 = 330
DECKS_X0 = DECK_TEXT_BOX[0]


def board_inputs(view: GameState, index: int, language: str = "en") -> tuple[Any, ...]:
    """Everything chat board part ``index`` (0 left, 1 right: :data:`CHAT_PARTS`) is drawn
    from (issue 26): what stands on the nodes whose drawing reaches the part (their token, the
    planet there), the node labels written whole in it and where (a planet
    anywhere may move a label), the matter left on the board when the part shows the legend,
    the piles when it shows the decks.  The background, the key and the static data are the
    same in every game; the language is in the host's digest."""
    x0, x1 = CHAT_PARTS[index]
    planet_at = {node: letter for letter, node in view.planet_pos.items()}
    box = chat_part_boxes()[index]
    near = []
    for node_id in node_positions():
        token, planet = view.nodes.get(node_id), planet_at.get(node_id)
        ink = _node_ink_columns(node_id, token, planet, language)
        if ink is not None and ink[0] < box[2] and ink[1] > box[0]:
            near.append((node_id, token, planet))
    labels = tuple((node_id, centre) for node_id, (centre, ink) in
                   _node_label_boxes(_planet_nodes(view), CHAT_SCALE).items()
                   if ink[0] >= box[0] and ink[1] >= box[1] and ink[2] <= box[2] and ink[3] <= box[3])
    counts = None
    if x0 < LEGEND_X1:
        tokens = list(view.nodes.values())
        counts = tuple(tokens.count(kind) for kind in MATTER_ORDER)
    decks = None
    if x1 > DECKS_X0:
        decks = (tuple(view.deck_sizes[deck] for deck in ("initial", "major", "final")),
                 tuple((len(view.discards[deck]), view.discards[deck][-1]) if view.discards[deck] else None
                       for deck in ("major", "final")))
    return ("board", index, tuple(near), labels, counts, decks)


@lru_cache(maxsize=None)
def _sprite_ink(what: str, detail: str) -> tuple[int, int, int]:
    """(width, first and last-but-one inked column) of a sprite drawn at CHAT_SCALE."""
    sprite = _sprite(what, detail, CHAT_SCALE)
    bbox = sprite.getchannel("A").getbbox() or (0, 0, 0, 0)
    return sprite.width, bbox[0], bbox[2]


@lru_cache(maxsize=None)
def _node_ink_columns(node_id: str, token: str | None, planet: str | None,
                      language: str) -> tuple[float, float] | None:
    """The columns of the board drawn at CHAT_SCALE that :func:`_draw_board` inks for a node
    holding ``token`` (or ``planet``): its sprites' inked columns where they
    are pasted, and its letter's ink box with its halo (2 px wider each side for the glyph
    mask's whole-pixel start); None when it draws nothing (an empty node's dot is the
    background's)."""
    k = CHAT_SCALE
    x = node_positions()[node_id][0] * k
    spans: list[tuple[float, float]] = []

    def sprite(what: str, detail: str) -> None:
        width, first, last = _sprite_ink(what, detail)
        left = int(round(x - width / 2))
        spans.append((left + first, left + last))

    def text(centre: float, letter: str, fnt: ImageFont.FreeTypeFont, stroke: int) -> None:
        left, _top, right, _bottom = fnt.getbbox(letter, anchor="mm", stroke_width=stroke)
        spans.append((centre + left - 2, centre + right + 2))

    if planet is not None:
        sprite("planet", read.planet_kinds()[planet])
        text(x, planet, c.font(36 * k, bold=True), round(3 * k))
    elif token in MATTER:
        sprite("matter", token)
        text(x, _code(token, language), c.font(25 * k, bold=True), 0)
    elif _nodes_by_id()[node_id].start_planet:
        text(x + START_LETTER_OFFSET[0] * k, _nodes_by_id()[node_id].start_planet or "",
             c.font(START_LETTER_SIZE * k, bold=True), round(2 * k))
    if not spans:
        return None
    return min(lo for lo, _ in spans), max(hi for _, hi in spans)


def _board_chat_parts(view: GameState, language: str) -> list[c.ChatPart]:
    """The board's chat halves as ChatParts of :func:`board_inputs`: the board is drawn once,
    at the first half the host draws, and each half drawn is cut from it and gets its labels."""
    @cache
    def whole() -> Image.Image:
        size = round(BOARD_SIZE * CHAT_SCALE)
        board = Image.new("RGB", (size, size), BG)
        _draw_board(board, view, language, CHAT_SCALE)
        return board

    def part(index: int) -> Callable[[], Image.Image]:
        def drawn() -> Image.Image:
            box = chat_part_boxes()[index]
            image = whole().crop(box)
            _draw_node_labels(image, _planet_nodes(view), CHAT_SCALE, origin=box[:2])
            return image
        return drawn

    return [c.ChatPart(board_inputs(view, index, language), part(index)) for index in range(len(CHAT_PARTS))]


def render_board_parts(view: GameState | Mapping[str, Any], *, language: str = "en") -> Iterator[Image.Image]:
    """The board as chat shows it: its left and right halves, drawn CHAT_SCALE times the
    full picture's size (848 x 1600 each; the halves share the middle 60 board pixels).
    Every node label is written whole in one half at least: a half leaves out the labels its
    edge would cut.  Yielded one at a time."""
    view = read.as_view(view)
    for part in _board_chat_parts(view, language):
        yield part.draw()


def render_for_chat(view: GameState | Mapping[str, Any], *, player_names: list[str] | None = None,
                    language: str = "en") -> Iterator[tuple[int, Image.Image | c.ChatPart]]:
    """What the bot posts, laid out for a phone (about 420 px wide): three images, the
    column with whose turn it is, the players, the track and the planets (596 x 1000, at 0.7
    scale there), then the board's left and right halves (:func:`render_board_parts`, node
    labels ~10 px tall there).  Yielded as (position, image) as they are drawn, the board's
    halves first: they (the larger images) are encoded while the column is drawn.  All three
    are ChatParts (issue 26): the host draws them only when their inputs (:func:`board_inputs`,
    :func:`column_inputs`) differ from those of the image the thread shows."""
    view = read.as_view(view)
    for position, part in enumerate(_board_chat_parts(view, language), start=1):
        yield position, part
    yield 0, c.ChatPart(column_inputs(view), lambda: _column_image(view, player_names, language, turn_shown=False))


def column_inputs(view: GameState) -> tuple[Any, ...]:
    """Everything the chat's column (:func:`_column_image` without the turn) reads from the view
    (issue 26): the players whole (their rows, the setup's waiting list), the planets whole and
    where they stand (orbits, tokens, card rows), the track and the final space, the phase, the
    last round's queue and reason with the seat to act then (the queue names the others), the
    winners; the names and the language are in the host's digest.  The
    column changes with nearly every move: as a part it costs a digest of these instead of
    one of its pixels."""
    return ("column", view.players, view.planets, view.planet_pos, view.track, view.final_space, view.accelerated,
            view.phase, view.winners, view.last_round, view.last_round_queue, view.last_round_reason,
            view.active if view.last_round else None)


def chat_images(view: GameState | Mapping[str, Any], **options: Any) -> list[tuple[int, Image.Image]]:
    """Every (position, image) of :func:`render_for_chat` in the order they are yielded, its
    ChatParts drawn (tests, scripts)."""
    return [(position, item.draw() if isinstance(item, c.ChatPart) else item)
            for position, item in render_for_chat(view, **options)]
