"""EVE: Conquests renderer: a view of the game in, three ``PIL.Image`` out, each 800 px wide so
a phone (about 420 px) can read them one under another.

1. **The star map** (800 x 1040, then a legend): every region in play at its New Eden position
   (spread apart where the real map is crowded), stargates as lines, the region's ring colour
   (its card's VP: green 1, blue 2, orange 3, red 4) as a thick ring, the owner's empire colour
   inside (rimmed in white, apart from the ring by a dark band) with the owner's unit count, the region code under it, agents as small dots in their
   empire colours (with a count; a row beside the node that covers no region code), the outpost type (D/P/L, the notation's letters) or a star for
   the headquarters in a square, and the political-map markers (``VIO-B``) beside the regions
   they mark; ``map_labels`` places every label so none leaves the image or covers another.
   The legend under the map explains each sign (the boards ring no move: a picture changes
   only when the position does).  For chat the map comes in four overlapping quarters (``draw_map_parts``); a region
   has its pieces in its own quarter's part only, the others show it bare and dimmed.
2. **The calendar and the political map**: month and year, whose round it is (or the
   preparation step) and a battle in progress (not for chat: the post says who is to act); the twelve months with their seals in queue
   order (empire colour, type letter), the current month framed; the 3 x 3 political map with
   each square's pile size and its face-up card (region, VP), every card in one size.
3. **The empires**: one panel each: VP, supply, regions, each schedule's level with its actions
   and months, tiles in storage, tile cards, region cards and hand sizes per deck (counts only,
   so one picture serves every viewer).

For chat every image is a ``ChatPart`` (issue 26): the host draws one only when its inputs
(``map_inputs``: a part's own quarter's regions and the labels reaching into it;
``calendar_inputs``; ``empires_inputs``) differ from those of the image the thread shows; a map
part is drawn in its own window (what may reach its box), the first two of a drawing, and any
more are cut from one drawing of the whole map (tests/renderers/test_eve_map_window.py: the same
pixels).
tests/renderers/test_chat_parts_eve.py proves over random playouts that the inputs decide the
pixels.

Every word drawn comes from the catalogue (``eve.board.*`` and the game's messages); codes,
numbers and EVE region names are notation.
"""
from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Callable, Iterable

from PIL import Image, ImageDraw

from renderers.common import (RGB, ChatPart, contrast_text, draw_text, draw_text_in_box, draw_text_outlined, font,
                              labelled_panel, mix, rounded_panel)
from rules.eve.read import (COMBAT, OVER, PREP_PHASES, ROUND, TYPES, card_value, face_up_squares, marker_region,
                            owned, square_code, status_lines, tables, vp)
from rules.eve.read import empire_colours as read_empire_colours
from rules.messages import Join, Msg
from rules.messages import render as text_of

WIDTH = 800
MAP_SIZE = 800
MAP_HEIGHT = 1040                       # taller than wide: a phone scrolls, and the core gets room
MARGIN = 44
NODE_R = 19
SPACE: RGB = (14, 18, 38)
GATE: RGB = (92, 104, 140)
EMPTY: RGB = (44, 50, 74)
PANEL_BG: RGB = (236, 238, 244)
INK: RGB = (25, 28, 40)
ACCENT: RGB = (230, 40, 200)
RING: dict[str, RGB] = {"green": (70, 190, 90), "blue": (70, 140, 235), "orange": (240, 150, 40), "red": (225, 55, 55)}
NEBULA: dict[str, RGB] = {"vio": (150, 95, 210), "cya": (40, 175, 190), "mag": (205, 70, 150)}


def _t(language: str, key: str, /, **values: Any) -> str:
    return text_of(Msg(f"eve.board.{key}", **values), language)


def _say(language: str, message: Msg) -> str:
    return text_of(message, language)


def _letter(language: str, kind: str) -> str:
    """A round type's letter as the reader's language writes it (D/P/L, Hungarian F/T/H)."""
    return text_of(Msg(f"eve.letter.{kind}"), language)


@lru_cache(maxsize=1)
def empire_colours() -> dict[str, RGB]:
    return dict(read_empire_colours())


def colour_of(view: Any, seat: int) -> RGB:
    return empire_colours()[view.players[seat].empire]


@lru_cache(maxsize=2)
def node_positions(two_player: bool) -> dict[str, tuple[float, float]]:
    """Map positions in pixels: the real layout, pushed apart where regions crowd (a few
    rounds of pairwise repulsion, deterministic), scaled into the image."""
    regions = {code: r for code, r in tables().regions.items() if not two_player or r.ring in ("green", "blue")}
    xs = [r.x for r in regions.values()]
    ys = [r.y for r in regions.values()]
    span_x, span_y = (max(xs) - min(xs)) or 1, (max(ys) - min(ys)) or 1
    inner_x, inner_y = MAP_SIZE - 2 * MARGIN, MAP_HEIGHT - 2 * MARGIN   # each axis fills the image
    pos = {code: [MARGIN + (r.x - min(xs)) / span_x * inner_x, MARGIN + (r.y - min(ys)) / span_y * inner_y]
           for code, r in regions.items()}
    # the empire core is crowded: spread it (radial distance r -> R * (r / R) ** 0.6 around the
    # core's centre) before pushing pairs apart
    cx = sum(p[0] for p in pos.values()) / len(pos)
    cy = sum(p[1] for p in pos.values()) / len(pos)
    reach = max(math.hypot(p[0] - cx, p[1] - cy) for p in pos.values()) or 1
    for p in pos.values():
        dx, dy = p[0] - cx, p[1] - cy
        dist = math.hypot(dx, dy)
        if dist > 0:
            scale = reach * (dist / reach) ** 0.6 / dist
            p[0], p[1] = cx + dx * scale, cy + dy * scale
    gap = 2 * NODE_R + 38
    codes = sorted(pos)
    for _ in range(120):
        moved = False
        for i, a in enumerate(codes):
            for b in codes[i + 1:]:
                dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
                dist = math.hypot(dx, dy)
                if dist < gap:
                    moved = True
                    if dist < 1e-6:
                        dx, dy, dist = 1.0, 0.0, 1.0
                    push = (gap - dist) / 2
                    ux, uy = dx / dist, dy / dist
                    pos[a][0] -= ux * push
                    pos[a][1] -= uy * push
                    pos[b][0] += ux * push
                    pos[b][1] += uy * push
        for p in pos.values():
            p[0] = min(MAP_SIZE - MARGIN, max(MARGIN, p[0]))
            p[1] = min(MAP_HEIGHT - MARGIN - 10, max(MARGIN, p[1]))
        if not moved:
            break
    return {code: (p[0], p[1]) for code, p in pos.items()}


RING_W = 5          # the ring band (the region card's VP colour)
RING_GAP = 3        # a dark band between the ring and the owner's fill: the ring stays visible on any
                    # empire colour (Gallente green on a green ring, Caldari blue on a blue one...)
HALO_W = 2          # a light edge round an owner's fill: at 420 px the dark band alone is a pixel, and
                    # every empire's colour is near one ring colour (newcomer report N14: Caldari on blue)
HALO: RGB = (246, 247, 252)


@lru_cache(maxsize=4)
def _map_background(two_player: bool, k: int = 1) -> Image.Image:
    """Space, stargates and the region rings (``k`` times the map's size): the same for every
    position."""
    image = Image.new("RGB", (MAP_SIZE * k, MAP_HEIGHT * k), SPACE)
    draw = ImageDraw.Draw(image)
    pos = node_positions(two_player)
    adjacency = tables().adjacent2 if two_player else tables().adjacent4
    for code, near in adjacency.items():
        for other in near:
            if code < other and other in pos:
                (ax, ay), (bx, by) = pos[code], pos[other]
                draw.line((ax * k, ay * k, bx * k, by * k), fill=GATE, width=2 * k)
    for code, (x, y) in pos.items():
        ring = RING[tables().regions[code].ring]
        outer, gap = (NODE_R + RING_GAP + RING_W) * k, (NODE_R + RING_GAP) * k
        draw.ellipse((x * k - outer, y * k - outer, x * k + outer, y * k + outer), fill=ring)
        draw.ellipse((x * k - gap, y * k - gap, x * k + gap, y * k + gap), fill=SPACE)
    return image


# ----- labels: every text and badge drawn over the map, placed so none covers another ----------------------
Box = tuple[float, float, float, float]
CODE_SIZE = 15
TAG_W, TAG_H = 28, 20                    # an outpost (D/P/L) or headquarters square
MARK_W, MARK_H = 52, 20                  # a political-map marker (``VIO-B``)
AGENT_R = 8
PAD = 1                                  # labels keep this far apart


@dataclass(frozen=True)
class Label:
    """One label drawn on the map: ``kind`` code / agent / tag / marker / legend, the region
    it belongs to (legend: ""), its text and the box it covers (left, top, right, bottom)."""

    kind: str
    region: str
    text: str
    box: Box


def _text_box(xy: tuple[float, float], text: str, size: int, bold: bool, anchor: str, stroke: int = 0) -> Box:
    left, top, right, bottom = font(size, bold).getbbox(text, anchor=anchor, stroke_width=stroke)
    return (xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom)


def _overlap(a: Box, b: Box, pad: float = PAD) -> float:
    """The area ``a`` and ``b`` share (grown by ``pad``); 0 when apart."""
    width = min(a[2], b[2]) + pad - max(a[0], b[0])
    height = min(a[3], b[3]) + pad - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def _overlaps(a: Box, boxes: Iterable[Box], pad: float = PAD) -> float:
    """``sum(_overlap(a, b, pad) for b in boxes)``, the same total (the same nonzero terms,
    each computed as ``_overlap`` does, added in the same order; the zeros change no sum), in
    a fraction of the time: no call per box, a box apart leaves at its first comparison.
    Label placement is paid at every move (the chat parts' inputs hold the labels' places)."""
    a0, a1, a2, a3 = a
    terms = []
    for b0, b1, b2, b3 in boxes:
        width = (a2 if a2 <= b2 else b2) + pad - (a0 if a0 >= b0 else b0)
        if width > 0:
            height = (a3 if a3 <= b3 else b3) + pad - (a1 if a1 >= b1 else b1)
            if height > 0:
                terms.append(width * height)
    return sum(terms)


def _near(reach: Box, boxes: Iterable[Box], pad: float) -> list[Box]:
    """The boxes that can share area with a box inside ``reach`` (grown by ``pad``): summing
    overlaps over these gives the same total as over all, in a fraction of the time (label
    placement was the largest cost of drawing EVE's map, bench/bench_load_results.txt)."""
    return [b for b in boxes if b[0] < reach[2] + pad and b[2] > reach[0] - pad
            and b[1] < reach[3] + pad and b[3] > reach[1] - pad]


class _Grid:
    """Boxes in the order they were added, each listed in the square cells (``cell`` px) it
    covers, so that :meth:`near` finds what ``_near`` finds, in the same order, reading a few
    cells instead of every box."""

    def __init__(self, cell: float, boxes: Iterable[Box] = ()) -> None:
        self.cell = cell
        self.boxes: list[Box] = []
        self.cells: dict[tuple[int, int], list[int]] = {}
        for box in boxes:
            self.add(box)

    def _span(self, left: float, top: float, right: float, bottom: float) -> Iterable[tuple[int, int]]:
        c = self.cell
        return ((cx, cy) for cx in range(math.floor(left / c), math.floor(right / c) + 1)
                for cy in range(math.floor(top / c), math.floor(bottom / c) + 1))

    def add(self, box: Box) -> None:
        index = len(self.boxes)
        self.boxes.append(box)
        for key in self._span(*box):
            self.cells.setdefault(key, []).append(index)

    def near(self, reach: Box, pad: float) -> list[Box]:
        """``_near(reach, boxes, pad)``: a box sharing area with the grown ``reach`` shares one of its cells."""
        found: set[int] = set()
        for key in self._span(reach[0] - pad, reach[1] - pad, reach[2] + pad, reach[3] + pad):
            found.update(self.cells.get(key, ()))
        return _near(reach, (self.boxes[index] for index in sorted(found)), pad)


@lru_cache(maxsize=None)
def _static_near(two_player: bool, code: str, w: float, h: float) -> tuple[list[Box], list[Box]]:
    """The unit counts, and the discs of the other regions, that a ``w`` x ``h`` label of
    ``code`` at any of its candidate places could touch: the same in every position."""
    pos = node_positions(two_player)
    discs = {o: (x - NODE_R - 4, y - NODE_R - 4, x + NODE_R + 4, y + NODE_R + 4) for o, (x, y) in pos.items()}
    counts = {o: (x - 13, y - 12, x + 13, y + 12) for o, (x, y) in pos.items()}
    span = _tag_span(pos[code], w, h)
    return _near(span, (counts[o] for o in pos), 0), _near(span, (d for o, d in discs.items() if o != code), 0)


def _within(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


def _tag_span(xy: tuple[float, float], w: float, h: float) -> Box:
    """The box holding every candidate place of a ``w`` x ``h`` label of the node at ``xy``."""
    offsets = _tag_offsets(w, h)
    x, y = xy
    return (x + min(dx for dx, _ in offsets), y + min(dy for _, dy in offsets),
            x + max(dx for dx, _ in offsets) + w, y + max(dy for _, dy in offsets) + h)


def _inside(box: Box, width: float, height: float) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height


def _tag_offsets(w: float, h: float) -> list[tuple[float, float]]:
    """Top-left corners of a ``w`` x ``h`` label relative to its node's centre, best first: the
    upper corners (overlapping the ring a little, like a badge), then beside, above and below."""
    r = NODE_R
    return [(r - 8, -r - 10), (-r - w + 8, -r - 10), (r + 2, -h / 2 - 6), (-r - w - 2, -h / 2 - 6),
            (-w / 2, -r - h - 6), (r - 4, r - 10), (-r - w + 4, r - 10), (r + 6, -r - h - 2),
            (-r - w - 6, -r - h - 2), (-w / 2, -r - 2 * h - 8), (r + 8, -h / 2 + 14), (-r - w - 8, -h / 2 + 14)]


def map_labels(view: Any, language: str = "en") -> list[Label]:
    """Where every label of the map goes: region codes under the nodes and agent badges first
    (fixed), then outpost / headquarters squares and political markers, each at the first of
    its candidate places that stays in the image and clear of the labels placed so far (and,
    if possible, of other regions' discs).  ``draw_map`` draws exactly these boxes."""
    two_player = view.player_count == 2
    codes = sorted(node_positions(two_player))
    pieces = tuple((tuple(view.regions[code].agents), view.regions[code].hq is not None, view.regions[code].outpost)
                   for code in codes)
    marks = tuple((marker_region(view, square), square) for square in face_up_squares(view))
    return list(_placed_labels(two_player, language, pieces, marks))


@lru_cache(maxsize=16)
def _placed_labels(two_player: bool, language: str, pieces: tuple[tuple[tuple[int, ...], bool, str | None], ...],
                   face_up: tuple[tuple[str | None, str], ...]) -> tuple[Label, ...]:
    """``map_labels`` of everything it reads: per region (code order) its agents' seats,
    whether a headquarters stands there and its outpost; the face-up squares' (region, square).
    Most moves move units only: the labels of the position before serve again (placement is
    paid at every move, the chat parts' inputs hold the labels' places)."""
    pos = node_positions(two_player)
    region_pieces = dict(zip(sorted(pos), pieces))
    labels: list[Label] = []
    for code, (x, y) in sorted(pos.items()):
        labels.append(Label("code", code, code, _text_box((x, y + NODE_R + 11), code, CODE_SIZE, True, "mm", 2)))
    codes = [label.box for label in labels]
    for code, (x, y) in sorted(pos.items()):
        agents: dict[int, int] = {}
        for seat in region_pieces[code][0]:
            agents[seat] = agents.get(seat, 0) + 1
        if agents:
            row = _agent_row(two_player, code, len(agents), codes)
            labels += [Label("agent", code, f"{seat}:{count}", box) for (seat, count), box in zip(sorted(agents.items()), row)]
    placed = _Grid(32, (label.box for label in labels))
    marks = {region: square for region, square in face_up}
    wanted = [("tag", code, HQ_SIGN if region_pieces[code][1] else _letter(language, str(region_pieces[code][2])),
               TAG_W, TAG_H)
              for code in sorted(pos) if region_pieces[code][1] or region_pieces[code][2]]
    wanted += [("marker", code, square, MARK_W, MARK_H) for code, square in sorted(marks.items(), key=lambda m: m[1])
               if code in pos]
    for kind, code, text, w, h in wanted:
        x, y = pos[code]
        best: tuple[float, Box] | None = None
        # what any candidate could touch, found once (a candidate's sums over these equal its sums
        # over all: the rest add exact zeros)
        near_labels = placed.near(_tag_span((x, y), w, h), PAD)
        near_counts, near_discs = _static_near(two_player, code, w, h)
        own_part = chat_boxes()[quarter(x, y)]       # the chat part that shows this region whole
        for dx, dy in _tag_offsets(w, h):
            box = (x + dx, y + dy, x + dx + w, y + dy + h)
            if not _inside(box, MAP_SIZE, MAP_HEIGHT):
                continue
            cost = 1000 * _overlaps(box, near_labels, PAD)
            # a label cut by its part's edge is unreadable in the thread (newcomer report N14)
            cost += 0 if _within(box, own_part) else 500
            cost += 1000 * _overlaps(box, near_counts, 0)   # never over a unit count
            cost += _overlaps(box, near_discs, 0)
            if best is None or cost < best[0]:
                best = (cost, box)
            if cost == 0:
                break
        assert best is not None
        labels.append(Label(kind, code, text, best[1]))
        placed.add(best[1])
    return tuple(labels)


def _agent_rows(x: float, y: float, count: int) -> list[list[Box]]:
    """Where a region's ``count`` agent badges may go, in order of preference: a row leftwards
    from the node's lower left (rightwards when the image's edge is near), the other way, then
    the same at the node's upper side, then a column upwards beside it."""
    step = 2 * AGENT_R + 1
    usual = -step if x - NODE_R - 2 - step * count > 0 else step   # leftwards unless at the edge
    rows = []
    for ay in (y + NODE_R - 9, y - NODE_R + 9):
        for direction in (usual, -usual):
            first = x - NODE_R - 2 if direction < 0 else x + NODE_R + 2
            rows.append([(first + index * direction - AGENT_R, ay - AGENT_R, first + index * direction + AGENT_R,
                          ay + AGENT_R) for index in range(count)])
    for direction in (usual, -usual):          # a column upwards beside the node
        ax = x - NODE_R - 2 - AGENT_R if direction < 0 else x + NODE_R + 2 + AGENT_R
        rows.append([(ax - AGENT_R, y + NODE_R - 9 - index * step - AGENT_R, ax + AGENT_R,
                      y + NODE_R - 9 - index * step + AGENT_R) for index in range(count)])
    return rows


def _agent_row(two_player: bool, code: str, count: int, codes: list[Box]) -> list[Box]:
    """The first row of :func:`_agent_rows` that stays in the image and in its region's chat
    part, clear of every region code and of the other regions' discs (three agents at R02 once
    covered R29's code), else the one that covers least of them."""
    pos = node_positions(two_player)
    x, y = pos[code]
    reach = NODE_R + RING_GAP + RING_W
    discs = [(ox - reach, oy - reach, ox + reach, oy + reach) for other, (ox, oy) in pos.items() if other != code]
    own_part = chat_boxes()[quarter(x, y)]
    best: tuple[float, list[Box]] | None = None
    for row in _agent_rows(x, y, count):
        cost = sum(1000 * _overlaps(box, codes, 0) + _overlaps(box, discs, 0)
                   + (0 if _inside(box, MAP_SIZE, MAP_HEIGHT) else 10 ** 6)
                   + (0 if _within(box, own_part) else 500) for box in row)
        if best is None or cost < best[0]:
            best = (cost, row)
        if cost == 0:
            break
    assert best is not None
    return best[1]


HQ_SIGN = "★"     # a headquarters tag's label: drawn as a star, the same in every language


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, fill: RGB) -> None:
    """A five-pointed star: the headquarters sign (no word, so it reads the same in every language)."""
    points = []
    for index in range(10):
        r = radius if index % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    draw.polygon(points, fill=fill)


def _draw_tag(draw: ImageDraw.ImageDraw, box: Box, text: str, k: float = 1) -> None:
    """An outpost's letter or the headquarters' star on a white square (``k``: the map's scale, or
    a legend sample's)."""
    draw.rectangle(box, fill=(250, 250, 250), outline=INK, width=max(1, round(k)))
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    if text == HQ_SIGN:
        _star(draw, centre[0], centre[1] + 0.5 * k, 8.5 * k, INK)
    else:
        draw_text(draw, centre, text, size=round(14 * k), bold=True, fill=INK, anchor="mm")


def _draw_marker(draw: ImageDraw.ImageDraw, box: Box, square: str, k: float = 1, language: str = "en") -> None:
    nebula = NEBULA[square[:3].lower()]
    draw.rounded_rectangle(box, radius=5 * k, fill=nebula, outline=(255, 255, 255), width=max(1, round(k)))
    draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), square_code(square, language), size=round(12 * k),
              bold=True, fill=contrast_text(nebula), anchor="mm")


def _draw_agent(draw: ImageDraw.ImageDraw, box: Box, colour: RGB, count: int, k: float = 1) -> None:
    draw.ellipse(box, fill=colour, outline=(255, 255, 255), width=max(1, round(k)))
    draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(count), size=round(11 * k), bold=True,
              fill=contrast_text(colour), anchor="mm")


# ----- the legend under the map -----------------------------------------------------------------------------
LEGEND_SIZE = 17
LEGEND_ROW = 30
LEGEND_ICON_GAP = 6
LEGEND_ITEM_GAP = 20
LEGEND_SAMPLE: RGB = (215, 175, 60)          # a sample owner's colour (not an empire's)
# Each sample's scale for a legend in ``size`` type: its digit or letter (the map's 10-16 px at
# scale 1) in the legend's own size, so at 420 px it reads as its meaning beside it does.
LEGEND_DIGIT = {"ring": 12.5, "fill": 16, "agents": 11, "outposts": 14, "hq": 14, "marker": 12}


def _legend_scale(item: str, size: int) -> float:
    return size / LEGEND_DIGIT[item]


def _legend_icon_width(item: str, size: int = LEGEND_SIZE) -> float:
    q = _legend_scale(item, size)
    return q * {"ring": 4 * 22, "fill": 28, "agents": 2 * AGENT_R + 2, "outposts": TAG_W, "hq": TAG_W,
                "marker": MARK_W}[item]


def _legend_row(size: int) -> float:
    """A legend row's height: its type's, and its tallest sample's (the fill's disc) with a gap."""
    return max(LEGEND_ROW + size - LEGEND_SIZE, 28 * _legend_scale("fill", size) + 8)


LEGEND_ITEMS = ("ring", "fill", "agents", "outposts", "hq", "marker")


def _legend_layout(language: str, width: int = MAP_SIZE,
                   size: int = LEGEND_SIZE) -> tuple[list[tuple[str, float, float, str, Box]], float]:
    """Each legend item (name, icon left, row centre, its text, the text's box) flowed into rows
    under the map, and the strip's height."""
    items = []
    x, row = 14.0, 0
    row_h = _legend_row(size)
    for item in LEGEND_ITEMS:
        text = _t(language, f"legend.{item}")
        text_w = font(size).getlength(text)
        item_w = _legend_icon_width(item, size) + LEGEND_ICON_GAP + text_w
        if x > 14 and x + item_w > width - 14:
            x, row = 14.0, row + 1
        cy = MAP_HEIGHT + 12 + row * row_h + row_h / 2
        text_x = x + _legend_icon_width(item, size) + LEGEND_ICON_GAP
        items.append((item, x, cy, text, _text_box((text_x, cy), text, size, False, "lm")))
        x += item_w + LEGEND_ITEM_GAP
    return items, 12 + (row + 1) * row_h + 10


def legend_labels(language: str) -> list[Label]:
    """The legend's texts as labels (the test checks them with the map's)."""
    items, _height = _legend_layout(language)
    return [Label("legend", "", text, box) for _item, _x, _cy, text, box in items]


@lru_cache(maxsize=8)
def _legend(language: str, width: int = MAP_SIZE, size: int = LEGEND_SIZE) -> Image.Image:
    """The strip under the map that explains it: ring colours (region card VP), the fill (owner,
    units), agent badges, outpost squares D/P/L, the headquarters star and political markers;
    every sample's digit or letter in the legend's type size (``size``)."""
    items, height = _legend_layout(language, width, size)
    image = Image.new("RGB", (width, int(height)), SPACE)
    draw = ImageDraw.Draw(image)
    draw.line((10, 4, width - 10, 4), fill=GATE, width=1)
    for item, x, cy, text, box in items:
        cy -= MAP_HEIGHT
        q = _legend_scale(item, size)
        if item == "ring":
            for index, ring in enumerate(("green", "blue", "orange", "red")):
                cx = x + q * (11 + index * 22)
                draw.ellipse((cx - 10 * q, cy - 10 * q, cx + 10 * q, cy + 10 * q), fill=RING[ring])
                draw.ellipse((cx - 7 * q, cy - 7 * q, cx + 7 * q, cy + 7 * q), fill=SPACE)
                draw.ellipse((cx - 6 * q, cy - 6 * q, cx + 6 * q, cy + 6 * q), fill=EMPTY)
                draw_text(draw, (cx, cy), str(index + 1), size=size, bold=True, fill=(255, 255, 255), anchor="mm")
        elif item == "fill":
            draw.ellipse((x, cy - 14 * q, x + 28 * q, cy + 14 * q), fill=LEGEND_SAMPLE, outline=HALO, width=HALO_W)
            draw_text(draw, (x + 14 * q, cy), "3", size=size, bold=True, fill=contrast_text(LEGEND_SAMPLE), anchor="mm")
        elif item == "agents":
            _draw_agent(draw, (x + q, cy - AGENT_R * q, x + q + 2 * AGENT_R * q, cy + AGENT_R * q), LEGEND_SAMPLE, 2, q)
        elif item in ("outposts", "hq"):
            _draw_tag(draw, (x, cy - TAG_H * q / 2, x + TAG_W * q, cy + TAG_H * q / 2),
                      _letter(language, "D") if item == "outposts" else HQ_SIGN, q)
        else:
            _draw_marker(draw, (x, cy - MARK_H * q / 2, x + MARK_W * q, cy + MARK_H * q / 2), "VIO-B", q, language)
        draw_text(draw, (box[0], cy), text, size=size, fill=(235, 238, 248), anchor="lm")
    return image


def draw_map(view: Any, language: str) -> Image.Image:
    legend = _legend(language)
    image = Image.new("RGB", (MAP_SIZE, MAP_HEIGHT + legend.height), SPACE)
    image.paste(_draw_star_map(view, language, 1), (0, 0))
    image.paste(legend, (0, MAP_HEIGHT))
    return image


def _draw_star_map(view: Any, language: str, k: int,
                   labels: list[Label] | None = None, window: Box | None = None) -> Image.Image:
    """The star map alone, ``k`` times the map's size (the chat parts are cut from ``k`` = 2).
    With a ``window`` (pixels of this size) only what may reach it is drawn: its pixels are
    those of the whole drawing (``_reaches``), the rest of the image is left unfinished."""
    two_player = view.player_count == 2
    image = _map_background(two_player, k).copy()
    draw = ImageDraw.Draw(image)
    pos = {code: (x * k, y * k) for code, (x, y) in node_positions(two_player).items()}
    r = NODE_R * k
    reach = (NODE_R + RING_GAP + RING_W) * k
    for code, (x, y) in pos.items():
        if window is not None and not _reaches((x - reach, y - reach, x + reach, y + reach), window):
            continue
        region = view.regions[code]
        fill = colour_of(view, region.owner) if region.owner is not None else EMPTY
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill,
                     outline=HALO if region.owner is not None else None, width=HALO_W * k)
        if region.owner is not None:
            draw_text(draw, (x, y), str(region.units), size=20 * k, bold=True, fill=contrast_text(fill), anchor="mm")
    for label in map_labels(view, language) if labels is None else labels:    # labels and tags over every node
        box = (label.box[0] * k, label.box[1] * k, label.box[2] * k, label.box[3] * k)
        if window is not None and not _reaches(box, window):
            continue
        if label.kind == "code":
            x, y = pos[label.region]
            draw_text_outlined(draw, (x, y + (NODE_R + 11) * k), label.text, size=CODE_SIZE * k,
                               fill=(255, 255, 255), outline=SPACE)
        elif label.kind == "agent":
            seat, count = label.text.split(":")
            _draw_agent(draw, box, colour_of(view, int(seat)), int(count), k)
        elif label.kind == "tag":
            _draw_tag(draw, box, label.text, k)
        else:
            _draw_marker(draw, box, label.text, k, language)
    return image


# ----- the map for chat: four parts at twice the scale, with region names ---------------------------------
# A phone shows a chat image about PHONE_W px wide: the whole 800-px map would print its region
# codes 8 px tall there and has no room for names.  So the chat map comes in four overlapping
# parts (the map's quarters), drawn at CHAT_K times the scale, each with the regions' names
# (at least MIN_LABEL_PX tall on a phone) and a small overview of where it lies in its header;
# the legend comes under the last part.
PHONE_W = 420
MIN_LABEL_PX = 9
CHAT_K = 2
PART_W, PART_H = 440, 560                  # a part's box in map pixels (before CHAT_K)
PART_HEADER_H = 84
NAME_SIZE = math.ceil(MIN_LABEL_PX * PART_W * CHAT_K / PHONE_W)
NAME_MAX_W = 160                           # a name wider than this (chat pixels) wraps
NAME_FILL: RGB = (255, 236, 160)
NAME_CLEAR = 4                             # a name keeps this far (chat pixels) from other labels: one
                                           # flush against an outpost's square read as one ("Sinq Laison"
                                           # beside R02's 'H', newcomer 28 E7) ...
NAME_COVER = 3                             # ... and covering a label or a unit count weighs this many
                                           # times a node's ring (a name over a ring stays readable)
LEADER: RGB = (150, 140, 100)              # the line from a name set beside its node to the node
CHAT_PANEL_W = 600                         # the calendar and the empires for chat: narrower ...
CHAT_LEAST = math.ceil(MIN_LABEL_PX * CHAT_PANEL_W / PHONE_W)   # ... and no text under 9 px on a phone


def chat_boxes() -> list[Box]:
    """The parts' boxes in map pixels: the four quarters, grown so neighbouring parts overlap."""
    return [(x, y, x + PART_W, y + PART_H) for y in (0, MAP_HEIGHT - PART_H) for x in (0, MAP_SIZE - PART_W)]


def _wrap_name(name: str) -> str:
    fnt = font(NAME_SIZE, True)
    lines: list[str] = []
    for word in name.split():
        if lines and fnt.getlength(f"{lines[-1]} {word}") <= NAME_MAX_W:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return "\n".join(lines)


@lru_cache(maxsize=None)
def _name_text(code: str) -> tuple[str, float, float]:
    """A region's name as the chat map writes it (wrapped), and the size of its label."""
    text = _wrap_name(tables().regions[code].name)
    left, top, right, bottom = ImageDraw.Draw(Image.new("RGB", (1, 1))).multiline_textbbox(
        (0, 0), text, font=font(NAME_SIZE, True), stroke_width=2, align="center")
    return text, right - left + 4, bottom - top + 4


def name_labels(view: Any, language: str = "en", labels: list[Label] | None = None) -> list[Label]:
    """Where each region's name goes on the chat map (chat pixels): under its code if free, else
    above, beside or under its node, wherever it covers the least of the other labels and
    nodes.  ``labels``: ``map_labels(view, language)`` when the caller has them already."""
    if labels is None:
        labels = map_labels(view, language)
    return list(_placed_names(view.player_count == 2, tuple(labels)))


@lru_cache(maxsize=16)
def _placed_names(two_player: bool, labels: tuple[Label, ...]) -> tuple[Label, ...]:
    """``name_labels`` of everything it reads: the map's labels (which most moves leave as they were).
    A place's cost is the area it covers of the labels, the names placed before and the unit
    counts (each with NAME_CLEAR around it, weighing NAME_COVER times) and of the nodes' rings."""
    k, clear = CHAT_K, NAME_CLEAR
    pos = {code: (x * k, y * k) for code, (x, y) in node_positions(two_player).items()}
    grown = {label: (label.box[0] * k - clear, label.box[1] * k - clear, label.box[2] * k + clear,
                     label.box[3] * k + clear) for label in labels}
    taken = _Grid(64, grown.values())         # the labels, the unit counts, then each name placed
    inner = NODE_R * k
    for x, y in pos.values():
        taken.add((x - inner, y - inner, x + inner, y + inner))
    reach = (NODE_R + RING_GAP + RING_W) * k
    rings = _Grid(64, [(x - reach, y - reach, x + reach, y + reach) for x, y in pos.values()])
    code_bottom = {label.region: label.box[3] * k for label in labels if label.kind == "code"}
    own_code = {label.region: grown[label] for label in labels if label.kind == "code"}
    out: list[Label] = []
    for code, (x, y) in sorted(pos.items(), key=lambda item: (item[1][1], item[0])):
        text, w, h = _name_text(code)
        under, above = code_bottom[code] + 1, y - reach - h - 2
        candidates = [(x - w / 2, under), (x - w / 2, above), (x + reach + 4, y - h / 2),
                      (x - reach - 4 - w, y - h / 2), (x + reach, y + reach - 4), (x - reach - w, y + reach - 4),
                      (x + reach, y - reach - h + 4), (x - reach - w, y - reach - h + 4),
                      (x - w / 2, code_bottom[code] + h / 2), (x - w / 2, y - reach - 1.5 * h),
                      (x + reach + 4, y - h), (x - reach - 4 - w, y - h), (x + reach + 4, y), (x - reach - 4 - w, y)]
        # last, under and above it shifted sideways, still over the node's centre: clear of a square
        # beside the neighbour's node that the centred places touch
        candidates += [(x - w / 2 + shift, top) for top in (under, above)
                       for shift in (w / 4, -w / 4, w / 2 - 12, 12 - w / 2)]
        best: tuple[float, Box] | None = None
        span = (min(cx for cx, _ in candidates), min(cy for _, cy in candidates),
                max(cx for cx, _ in candidates) + w, max(cy for _, cy in candidates) + h)
        near = [box for box in taken.near(span, 0) if box != own_code[code]]   # what any candidate could touch
        round_near = rings.near(span, 0)
        left, top, right, bottom = chat_boxes()[quarter(x / k, y / k)]     # the part showing the region whole
        own = (left * k, top * k, right * k, bottom * k)
        for cx, cy in candidates:
            box = (cx, cy, cx + w, cy + h)
            if not _inside(box, MAP_SIZE * k, MAP_HEIGHT * k):
                continue
            cost = NAME_COVER * _overlaps(box, near, 0) + _overlaps(box, round_near, 0)
            # a name cut by its part's edge is read nowhere (the other parts dim it): worse than
            # half of it over a node's corner (a 2-player R08 'Sinq Laison' was cut)
            cost += 0 if _within(box, own) else NAME_COVER * 0.5 * w * h
            if best is None or cost < best[0]:
                best = (cost, box)
            if cost == 0:
                break
        if best is None:
            continue
        left, top, right, bottom = best[1]
        taken.add((left - clear, top - clear, right + clear, bottom + clear))
        out.append(Label("name", code, text, best[1]))
    return tuple(out)


def _overview(two_player: bool, index: int, height: int) -> Image.Image:
    """The whole map in miniature (its regions as dots), part ``index``'s box framed."""
    f = height / MAP_HEIGHT
    image = Image.new("RGB", (int(MAP_SIZE * f) + 1, height), SPACE)
    draw = ImageDraw.Draw(image)
    for code, (x, y) in node_positions(two_player).items():
        colour = RING[tables().regions[code].ring]
        draw.ellipse((x * f - 2, y * f - 2, x * f + 2, y * f + 2), fill=colour)
    box = chat_boxes()[index]
    draw.rectangle((box[0] * f, box[1] * f, box[2] * f - 1, box[3] * f - 1), outline=ACCENT, width=2)
    return image


def _part_header(image: Image.Image, view: Any, index: int, player_names: list[str] | None, language: str) -> None:
    """Where the part lies on the map, and which colour is which empire."""
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width, PART_HEADER_H - 1), fill=(30, 36, 62))
    overview = _overview(view.player_count == 2, index, PART_HEADER_H - 10)
    image.paste(overview, (8, 5))
    x0 = 8 + overview.width + 14
    step = (image.width - x0 - 8) / max(1, view.player_count)
    for seat, player in enumerate(view.players):
        x = x0 + seat * step
        colour = colour_of(view, seat)
        draw.ellipse((x, PART_HEADER_H / 2 - 12, x + 24, PART_HEADER_H / 2 + 12), fill=colour)
        empire = _say(language, Msg(f"eve.empire.{player.empire}"))
        name = player_names[seat] if player_names and seat < len(player_names) else empire
        draw_text_in_box(draw, (x + 30, 8, x + step - 4, PART_HEADER_H / 2), name, max_size=22, min_size=19,
                         bold=True, fill=(240, 242, 250), align="left")
        draw_text_in_box(draw, (x + 30, PART_HEADER_H / 2, x + step - 4, PART_HEADER_H - 8), empire, max_size=20,
                         min_size=19, fill=colour, align="left")


# A region near the map's middle shows in two to four parts.  Only the part of its quarter
# draws it with its pieces: the others show it bare and dimmed, so that a move there changes
# one image, and the thread posts only that one (issue 25).
OTHER_DIM = 0.6


def quarter(x: float, y: float) -> int:
    """The index of the part (``chat_boxes`` order) whose quarter of the map holds ``x, y``."""
    return 2 * (y >= MAP_HEIGHT / 2) + (x >= MAP_SIZE / 2)


@lru_cache(maxsize=4)
def _dim_background(two_player: bool, k: int) -> Image.Image:
    """The bare map (no pieces, no labels) dimmed: what a part shows of another quarter's regions."""
    bare = _map_background(two_player, k)
    return Image.blend(bare, Image.new("RGB", bare.size, SPACE), OTHER_DIM)


def _other_mask(view: Any, labels: list[Label], names: list[Label], index: int) -> Image.Image:
    """The mask (part ``index``'s box, chat pixels) of what belongs to regions of the other
    quarters: their node and ring, and their code, name, agent, tag and marker labels."""
    k = CHAT_K
    pos = node_positions(view.player_count == 2)
    reach = (NODE_R + RING_GAP + RING_W + 6) * k
    shapes: dict[str, list[tuple[str, Box]]] = {}
    for code, (x, y) in pos.items():
        shapes.setdefault(code, []).append(("disc", (x * k - reach, y * k - reach, x * k + reach, y * k + reach)))
    for label in labels:
        if label.region in pos:
            shapes[label.region].append(("box", tuple(v * k for v in label.box)))     # type: ignore[arg-type]
    for label in names:
        shapes[label.region].append(("box", label.box))
    left, top, right, bottom = chat_boxes()[index]
    ox, oy = left * k, top * k
    mask = Image.new("L", (round((right - left) * k), round((bottom - top) * k)), 0)
    draw = ImageDraw.Draw(mask)
    for code, (x, y) in pos.items():
        if quarter(x, y) != index:
            for kind, (x0, y0, x1, y1) in shapes[code]:
                if x1 < ox or y1 < oy or x0 > ox + mask.width or y0 > oy + mask.height:
                    continue
                if kind == "disc":
                    draw.ellipse((x0 - ox, y0 - oy, x1 - ox, y1 - oy), fill=255)
                else:
                    draw.rectangle((x0 - ox - 2 * k, y0 - oy - 2 * k, x1 - ox + 2 * k, y1 - oy + 2 * k), fill=255)
    return mask


def draw_map_parts(view: Any, language: str,
                   player_names: list[str] | None = None) -> list[Image.Image]:
    """The star map for chat: four parts at CHAT_K times the scale, region names on it."""
    labels = map_labels(view, language)             # placed once, for the drawing and the masks
    return _draw_map_parts(view, language, player_names, labels, name_labels(view, language, labels))


def _draw_map_parts(view: Any, language: str, player_names: list[str] | None,
                    labels: list[Label], names: list[Label]) -> list[Image.Image]:
    big = _draw_chat_map(view, language, labels, names)
    return [_map_part(view, big, labels, names, index, player_names, language) for index in range(len(chat_boxes()))]


# What a drawn thing may ink beyond its box (chat pixels): text strokes and halos, outlines, a
# leader line's width; twice the host's REACH_MARGIN (the inputs' margin, proven by the tests).
WINDOW_MARGIN = 24


def _reaches(box: Box, window: Box) -> bool:
    m = WINDOW_MARGIN
    return box[0] - m < window[2] and box[2] + m > window[0] and box[1] - m < window[3] and box[3] + m > window[1]


def _draw_chat_map(view: Any, language: str, labels: list[Label],
                   names: list[Label], window: Box | None = None) -> Image.Image:
    """The whole star map at CHAT_K times the scale with the region names: the parts' source.
    With a ``window`` (chat pixels, a part's box) only what may reach it is drawn (one part of
    four costs about a third of the whole; its pixels are the whole's: tests/renderers/
    test_eve_map_window.py)."""
    k = CHAT_K
    big = _draw_star_map(view, language, k, labels, window)
    draw = ImageDraw.Draw(big)
    pos = node_positions(view.player_count == 2)
    reach = (NODE_R + RING_GAP + RING_W) * k
    for label in names:
        box = label.box
        x, y = pos[label.region][0] * k, pos[label.region][1] * k
        if window is not None and not _reaches((min(box[0], x - reach), min(box[1], y - reach),
                                                max(box[2], x + reach), max(box[3], y + reach)), window):
            continue
        if not (box[0] <= x <= box[2] and box[1] >= y):      # not under its node: a thin leader line
            px, py = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
            dist = math.hypot(px - x, py - y) or 1.0
            if dist > reach:
                draw.line((x + (px - x) * reach / dist, y + (py - y) * reach / dist, px, py), fill=LEADER, width=k)
        draw.multiline_text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label.text, font=font(NAME_SIZE, True),
                            fill=NAME_FILL, anchor="mm", align="center", stroke_width=2, stroke_fill=SPACE)
    return big


@lru_cache(maxsize=16)
def _dim_part(two_player: bool, index: int) -> Image.Image:
    """The bare dimmed map in part ``index``'s box (chat pixels)."""
    k = CHAT_K
    left, top, right, bottom = chat_boxes()[index]
    return _dim_background(two_player, k).crop((left * k, top * k, right * k, bottom * k))


def _map_part(view: Any, big: Image.Image, labels: list[Label], names: list[Label], index: int,
              player_names: list[str] | None, language: str, plain: bool = False) -> Image.Image:
    """Part ``index`` of the chat map, cut from ``big`` (``_draw_chat_map``, whole or drawn in
    this part's window): the other quarters' regions dimmed, the header over it, the legend
    under the last part.  The header and the mask are kept per process (``_header`` and
    ``_kept_mask``: a game's header never changes, its mask seldom); ``plain`` draws both here
    (the tests' reference)."""
    k = CHAT_K
    boxes = chat_boxes()
    left, top, right, bottom = boxes[index]
    crop = big.crop((left * k, top * k, right * k, bottom * k))
    dim = _dim_part(view.player_count == 2, index)
    if plain:
        crop.paste(dim, (0, 0), _other_mask(view, labels, names, index))
    else:
        # only where the mask has ink (the other quarters' bands): each pixel gets the same blend
        for tile, ink in _kept_mask(view, labels, names, index):
            crop.paste(dim.crop(tile), tile[:2], ink)
    legend = _legend(language, PART_W * k, NAME_SIZE + 1)
    extra = legend.height if index == len(boxes) - 1 else 0
    part = Image.new("RGB", (crop.width, PART_HEADER_H + crop.height + extra), SPACE)
    part.paste(crop, (0, PART_HEADER_H))
    if extra:
        part.paste(legend, (0, PART_HEADER_H + crop.height))
    if plain:
        _part_header(part, view, index, player_names, language)
    else:
        seats = tuple((colour_of(view, seat), player.empire,
                       player_names[seat] if player_names and seat < len(player_names) else None)
                      for seat, player in enumerate(view.players))
        part.paste(_header(view.player_count == 2, index, crop.width, seats, language), (0, 0))
    return part


class _HeaderView:
    """What ``_part_header`` reads of a view, rebuilt from ``_header``'s key."""

    def __init__(self, two_player: bool, seats: tuple[tuple[RGB, str, str | None], ...]) -> None:
        self.player_count = len(seats)
        self.players = [_HeaderSeat(empire) for _, empire, _ in seats]
        assert two_player == (self.player_count == 2)


@dataclass(frozen=True)
class _HeaderSeat:
    empire: str


@lru_cache(maxsize=64)
def _header(two_player: bool, index: int, width: int, seats: tuple[tuple[RGB, str, str | None], ...],
            language: str) -> Image.Image:
    """Part ``index``'s header strip (``_part_header``: it fills its rows whole): the same for
    every position of a game."""
    strip = Image.new("RGB", (width, PART_HEADER_H), SPACE)
    names = [name if name is not None else _say(language, Msg(f"eve.empire.{empire}")) for _, empire, name in seats]
    _part_header(strip, _HeaderView(two_player, seats), index, names, language)
    return strip


def cache_figures() -> dict[str, int]:
    """This process's hits and misses of the map's kept placements (bench/bench_load.py asks
    each worker process: what a game's home process gains)."""
    labels, names = _placed_labels.cache_info(), _placed_names.cache_info()
    return {"labels_hits": labels.hits, "labels_misses": labels.misses, "names_hits": names.hits,
            "names_misses": names.misses}


_KEPT_LOCK = threading.Lock()     # drawing in threads (no worker processes): two drawers share the kept images
_MASKS: dict[tuple[Any, ...], list[tuple[tuple[int, int, int, int], Image.Image]]] = {}
MASK_TILE = 128


def _kept_mask(view: Any, labels: list[Label], names: list[Label],
               index: int) -> list[tuple[tuple[int, int, int, int], Image.Image]]:
    """``_other_mask`` as the boxes of its ink in MASK_TILE-px tiles with the mask's pixels there
    (the rest of the part is left as it is by the masked paste; ~a third of the mask's bytes),
    kept by what the mask reads (the boxes of every label and name, by region; a move seldom
    moves one): the last 32."""
    key = (view.player_count == 2, index, tuple((label.region, label.box) for label in labels),
           tuple((label.region, label.box) for label in names))
    with _KEPT_LOCK:
        kept = _MASKS.pop(key, None)
    if kept is None:
        mask = _other_mask(view, labels, names, index)
        kept = []
        for top in range(0, mask.height, MASK_TILE):
            for left in range(0, mask.width, MASK_TILE):
                ink = mask.crop((left, top, left + MASK_TILE, top + MASK_TILE)).getbbox()
                if ink is not None:
                    tile = (left + ink[0], top + ink[1], left + ink[2], top + ink[3])
                    kept.append((tile, mask.crop(tile)))
    with _KEPT_LOCK:
        _MASKS[key] = kept
        while len(_MASKS) > 32:
            del _MASKS[next(iter(_MASKS))]
    return kept


# ----- what decides each chat part's pixels (issue 26: the host draws a part only when they changed) -----
# Every region, label and name whose drawing can reach into a part's box, with this margin (chat
# pixels) to spare: the halos of texts, the 2k the masks grow by.
REACH_MARGIN = 12


def _touches(box: Box, part: Box) -> bool:
    m = REACH_MARGIN
    return box[0] - m < part[2] and box[2] + m > part[0] and box[1] - m < part[3] and box[3] + m > part[1]


def map_inputs(view: Any, labels: list[Label], names: list[Label], index: int) -> str:
    """Everything chat part ``index``'s pixels come from (the language and player names are
    the host's to add).  The part draws the regions of its quarter with their pieces and masks
    every other region (its disc and ring, its labels' boxes grown by 2k) with the bare map
    dimmed (``_other_mask``), so it reads: the empires (fills, badges, header); of each
    region of its quarter, its owner and units; every label and name of such a
    region that reaches into the part, in drawing order; of the other regions' labels and names
    reaching into it, only their boxes (the masks; a name's leader line runs from the node's
    ring, a fixed place, to its box).  The rest is the same in every position of a game of this
    many players (space, stargates, rings, overview, legend).  Labels are placed one after the
    other over the whole map (``map_labels``), so a move far away may move a label here: the
    inputs hold the labels' places, not the regions that decided them."""
    two_player = view.player_count == 2
    regions = []
    for code in _quarter_codes(two_player, index):
        region = view.regions[code]
        regions.append((code, region.owner, region.units if region.owner is not None else 0))
    # one string (of ints, floats, strings and None: its repr is the same in every process), which
    # the host's digest takes in one piece: fed item by item, its ~2,000 items cost more than the
    # labels' placement.  The labels' and names' part of it is kept (most moves leave them be);
    # the string is repr(("map", players, empires, regions, placed, named)), built in pieces.
    placed_named = _placed_inputs(two_player, tuple(labels), tuple(names))[index]
    return (f"({'map'!r}, {view.player_count!r}, {tuple(player.empire for player in view.players)!r}, "
            f"{tuple(regions)!r}, {placed_named})")


@lru_cache(maxsize=16)
def _quarter_codes(two_player: bool, index: int) -> tuple[str, ...]:
    """The regions of part ``index``'s quarter, in code order."""
    return tuple(sorted(code for code, (x, y) in node_positions(two_player).items() if quarter(x, y) == index))


@lru_cache(maxsize=16)
def _placed_inputs(two_player: bool, labels: tuple[Label, ...], names: tuple[Label, ...]) -> tuple[str, ...]:
    """Per part, ``repr(placed) + ", " + repr(named)`` of :func:`map_inputs`: what the labels and
    names add to its inputs, the same for every position with these labels (a move of units)."""
    k = CHAT_K
    pos = node_positions(two_player)
    reach = (NODE_R + RING_GAP + RING_W) * k
    out = []
    for index, (left, top, right, bottom) in enumerate(chat_boxes()):
        part = (left * k, top * k, right * k, bottom * k)
        mine = set(_quarter_codes(two_player, index))
        placed = [(label.kind, label.region, label.text, label.box) if label.region in mine else ("mask", label.box)
                  for label in labels
                  if _touches((label.box[0] * k, label.box[1] * k, label.box[2] * k, label.box[3] * k), part)]
        named = []
        for label in names:
            x, y = pos[label.region][0] * k, pos[label.region][1] * k
            extent = (min(label.box[0], x - reach), min(label.box[1], y - reach), max(label.box[2], x + reach),
                      max(label.box[3], y + reach))
            if _touches(extent, part):
                named.append((label.region, label.text if label.region in mine else None, label.box))
        out.append(f"{tuple(placed)!r}, {tuple(named)!r}")
    return tuple(out)


def _map_chat_parts(view: Any, language: str,
                    player_names: list[str] | None) -> list[ChatPart]:
    """The chat map's four parts as ChatParts of :func:`map_inputs`: the labels are placed once
    (the inputs need them), the whole map drawn once, at the first part the host draws."""
    labels = map_labels(view, language)
    names = name_labels(view, language, labels)

    @cache
    def whole() -> Image.Image:
        return _draw_chat_map(view, language, labels, names)

    windows: list[int] = []

    def source(index: int) -> Image.Image:
        # a move changes one part or two (a part's window costs about a third of the whole map):
        # the first two parts drawn in their windows, any more cut from one whole drawing
        if len(windows) >= 2:
            return whole()
        windows.append(index)
        left, top, right, bottom = chat_boxes()[index]
        k = CHAT_K
        return _draw_chat_map(view, language, labels, names, (left * k, top * k, right * k, bottom * k))

    def part(index: int) -> Callable[[], Image.Image]:
        return lambda: _map_part(view, source(index), labels, names, index, player_names, language)

    return [ChatPart(map_inputs(view, labels, names, index), part(index)) for index in range(len(chat_boxes()))]


# ----- the calendar and the political map ---------------------------------------------------------------
HEADLINE_KEYS = ("eve.status.prep", "eve.status.calendar", "eve.status.end_trinity", "eve.status.end_vision",
                 "eve.status.round", "eve.status.combat", "eve.status.over")
# The chat calendar leaves out what changes with every step of a turn (who is next in the
# preparation, whose round it is and the actions left, the battle's step): the post says
# who is to act and its move lines what happened; /status has every line (issue 25).
CHAT_HEADLINE_KEYS = ("eve.status.calendar", "eve.status.end_trinity", "eve.status.end_vision", "eve.status.over")


def _headline(view: Any, language: str, keys: tuple[str, ...] = HEADLINE_KEYS) -> list[str]:
    """Where the game stands: the status lines about the calendar, the round and a battle."""
    return [_say(language, line) for line in status_lines(view) if line.key in keys]


SQUARE_TITLE = 18           # a political square's header
FACE_UP_SIZE = 18           # a face-up card's region and VP, the same size for every card
FACE_UP_LEADING = 5


def _wrap_card(text: str, fnt: Any, width: float, break_parts: bool) -> list[str]:
    """A face-up card's text (``R25 Great Wildlands · 2 VP``) in lines no wider than ``width``:
    broken at spaces, a part after `` · `` kept whole on a line where it fits (on a line of its
    own when ``break_parts``)."""
    lines: list[str] = []
    for index, part in enumerate(text.split(" · ")):
        if index and lines and not break_parts and fnt.getlength(f"{lines[-1]} · {part}") <= width:
            lines[-1] = f"{lines[-1]} · {part}"
            continue
        lines += _wrap_list([part], fnt, width)
    return lines


def _face_up_width(width: int) -> float:
    """The room for a face-up card's text in a political square of a ``width``-px calendar."""
    return min(248, (width - 16) // 3) - 8 - 20


@lru_cache(maxsize=None)
def _face_up_lines(language: str, width: int, least: int, code: str) -> tuple[str, ...]:
    region = tables().regions[code]
    text = _t(language, "face_up", region=f"{code} {region.name}", vp=region.vp)
    size = _face_up_layout(language, width, least)[0]
    return tuple(_wrap_card(text, font(size, True), _face_up_width(width), bool(least)))


@lru_cache(maxsize=None)
def _face_up_layout(language: str, width: int, least: int) -> tuple[int, int]:
    """The one size every face-up card is written in (``R25 Great Wildlands`` as large as
    ``R04 Heimatar``), and the most lines a card of any region takes: the squares are as tall
    as that, so the calendar's layout is the same in every position."""
    size = max(FACE_UP_SIZE - 1 if least else FACE_UP_SIZE, least + 3)
    fnt = font(size, True)
    most = 1
    for code, region in tables().regions.items():
        text = _t(language, "face_up", region=f"{code} {region.name}", vp=region.vp)
        most = max(most, len(_wrap_card(text, fnt, _face_up_width(width), bool(least))))
    return size, most


def draw_calendar(view: Any, language: str, width: int = WIDTH, least: int = 0) -> Image.Image:
    """The calendar and the political map, ``width`` px wide, no text under ``least`` px."""
    queue_len = max([len(month) for month in view.calendar] + [3])
    per_row = 12 if width >= 12 * 60 + 16 else 6         # narrow (chat): two rows of six months
    col_w, chip_h = (width - 16) // per_row if per_row == 6 else 64, 26
    head = _headline(view, language, CHAT_HEADLINE_KEYS if least else HEADLINE_KEYS)
    head_h = 30 * len(head) + 16
    cal_top = head_h + 8
    cal_h = 34 + queue_len * (chip_h + 4) + 8
    pol_top = cal_top + (12 // per_row) * (cal_h + 8) + 32
    cell_w = min(248, (width - 16) // 3)
    card_size, card_lines = _face_up_layout(language, width, least)
    cell_h = max(92, int(SQUARE_TITLE * 1.5) + card_lines * (card_size + FACE_UP_LEADING) + 12)
    height = pol_top + 3 * (cell_h + 8) + 16
    image = Image.new("RGB", (width, height), PANEL_BG)
    draw = ImageDraw.Draw(image)
    for index, line in enumerate(head):
        draw_text_in_box(draw, (12, 8 + index * 30, width - 12, 36 + index * 30), line, max_size=22, min_size=max(12, least),
                         bold=index == 0, fill=INK, align="left")
    x0 = (width - per_row * col_w) / 2
    for month in range(1, 13):
        left = x0 + (month - 1) % per_row * col_w
        month_top = cal_top + (month - 1) // per_row * (cal_h + 8)
        current = month == view.month and view.phase not in PREP_PHASES
        box = (left + 2, month_top, left + col_w - 2, month_top + cal_h)
        rounded_panel(draw, box, radius=6, fill=(255, 250, 220) if current else (250, 250, 252),
                      outline=ACCENT if current else (190, 194, 206), width=4 if current else 1)
        name = _t(language, f"month.{month}")
        draw_text_in_box(draw, (left + 4, month_top + 4, left + col_w - 4, month_top + 30), name, max_size=16,
                         min_size=max(9, least), bold=current, fill=INK)
        for slot, seal in enumerate(view.calendar[month - 1]):
            top = month_top + 34 + slot * (chip_h + 4)
            colour = colour_of(view, seal.seat)
            draw.rounded_rectangle((left + 8, top, left + col_w - 8, top + chip_h), radius=6, fill=colour)
            draw_text(draw, ((2 * left + col_w) / 2, top + chip_h / 2), _letter(language, seal.kind), size=18, bold=True,
                      fill=contrast_text(colour), anchor="mm")
    draw_text_in_box(draw, (12, pol_top - 34, width - 12, pol_top - 4), _t(language, "political_map"), max_size=22,
                     bold=True, fill=INK, align="left")
    for row, nebula in enumerate(("VIO", "CYA", "MAG")):
        for col, letter in enumerate("ABC"):
            name = f"{nebula}-{letter}"
            square = view.squares[name]
            left = (width - 3 * cell_w) / 2 + col * cell_w
            top = pol_top + row * (cell_h + 8)
            body = labelled_panel(draw, (left + 4, top, left + cell_w - 4, top + cell_h),
                                  _t(language, "square", square=square_code(name, language), count=len(square.pile)),
                                  header_fill=NEBULA[nebula.lower()], title_size=SQUARE_TITLE, radius=8)
            if square.face_up and square.pile:
                lines = _face_up_lines(language, width, least, square.pile[0])
                fnt = font(card_size, True)
                line_h = card_size + FACE_UP_LEADING
                y = (body[1] + body[3]) / 2 - (len(lines) * line_h - FACE_UP_LEADING) / 2
                for line in lines:                     # every card in one size (newcomer report N14)
                    draw_text(draw, (body[0] + 10, y), line, fnt=fnt, fill=INK, anchor="lt")
                    y += line_h
            else:
                draw_text_in_box(draw, (body[0] + 8, body[1] + 2, body[2] - 8, body[3] - 4),
                                 _t(language, "face_down" if square.pile else "empty"), max_size=card_size,
                                 min_size=max(11, least), fill=(110, 114, 130), align="left")
    return image


# ----- the empires ----------------------------------------------------------------------------------------
def _empire_lines(view: Any, seat: int, language: str) -> list[str]:
    """The storage and tile cards, and the region cards (with their VP), of one empire."""
    player = view.players[seat]
    regions = tables().regions
    cards = [f"{code}\u00a0({regions[code].vp})" for code in player.region_cards]   # kept on one line
    tile_cards = Join([Msg("eve.card_named", card=card_value(card), name=Msg(f"eve.card.{tables().cards[card].kind}"))
                       for card in sorted(player.tile_cards)], "comma") if player.tile_cards else Msg("eve.none")
    return [_t(language, "storage", tiles="/".join(str(player.storage[kind]) for kind in TYPES), cards=tile_cards),
            _t(language, "region_cards", cards=Join(cards, "comma") if cards else Msg("eve.none"))]


def _wrap_list(lines: list[str], fnt: Any, width: float) -> list[str]:
    """Each line broken at spaces into lines no wider than ``width``."""
    out: list[str] = []
    for line in lines:
        current = ""
        for word in line.split(" "):
            candidate = f"{current} {word}" if current else word
            if current and fnt.getlength(candidate) > width:
                out.append(current)
                current = word
            else:
                current = candidate
        out.append(current)
    return out


_PANELS: dict[tuple[Any, ...], Image.Image] = {}


def draw_empires(view: Any, player_names: list[str] | None, language: str, width: int = WIDTH,
                 least: int = 0, kept: bool = True) -> Image.Image:
    """One panel per empire, ``width`` px wide, no text under ``least`` px.  A panel is drawn
    within its own rows only, from what its key holds (the seat, the panels' height, its
    empire's inputs, name and mark): the last 48 panels (~0.6 MB each) are kept per process and pasted when a
    move left one alone (``kept=False`` draws every one: the tests' reference)."""
    tall = 22 if least else 0                             # chat: the schedule titles take two lines
    size = max(18, least + 1)
    fnt = font(size)
    lines = [_empire_lines(view, seat, language) for seat in range(view.player_count)]
    texts = [_wrap_list(seat_lines, fnt, width - 20 - 24) for seat_lines in lines]
    extra = max(0, max(len(wrapped) for wrapped in texts) - 2) * (size + 8)
    panel_h, gap = 236 + tall + extra, 10
    image = Image.new("RGB", (width, view.player_count * (panel_h + gap) + gap), PANEL_BG)
    draw = ImageDraw.Draw(image)
    for seat, player in enumerate(view.players):
        top = gap + seat * (panel_h + gap)
        empire = _say(language, Msg(f"eve.empire.{player.empire}"))
        name = player_names[seat] if player_names and seat < len(player_names) else empire
        mark = ("round" if view.phase in (ROUND, COMBAT) and view.round is not None and view.round.seat == seat
                and not least else "winner" if view.phase == OVER and seat in view.winners else None)
        key = (seat, width, least, panel_h, language, name, player.empire, vp(view, seat), player.supply,
               len(owned(view, seat)), tuple(view.hand_sizes[seat][kind] for kind in TYPES),
               tuple(player.level(kind) for kind in TYPES), tuple(lines[seat]), mark)
        with _KEPT_LOCK:
            strip = _PANELS.pop(key, None) if kept else None
            if strip is not None:
                _PANELS[key] = strip
        if strip is not None:
            image.paste(strip, (0, top))
            continue
        _draw_empire(draw, view, seat, language, name, empire, top, panel_h, width, least, texts[seat], fnt, size)
        if kept:
            strip = image.crop((0, top, width, top + panel_h + 1))
            with _KEPT_LOCK:
                _PANELS[key] = strip
                while len(_PANELS) > 48:
                    del _PANELS[next(iter(_PANELS))]
    return image


def _draw_empire(draw: ImageDraw.ImageDraw, view: Any, seat: int, language: str, name: str, empire: str, top: int,
                 panel_h: int, width: int, least: int, text: list[str], fnt: Any, size: int) -> None:
    """Empire ``seat``'s panel, in rows ``top`` to ``top + panel_h`` of the empires' image."""
    tall = 22 if least else 0
    player = view.players[seat]
    title = _t(language, "title", name=name, empire=empire, vp=vp(view, seat))
    colour = colour_of(view, seat)
    body = labelled_panel(draw, (10, top, width - 10, top + panel_h), title, header_fill=colour,
                          fill=(255, 255, 255), title_size=24)
    x0, y = body[0] + 12, body[1] + 6
    draw_text_in_box(draw, (x0, y, body[2] - 12, y + 30), _t(
        language, "counts", supply=player.supply, regions=len(owned(view, seat)),
        hand="/".join(str(view.hand_sizes[seat][kind]) for kind in TYPES)), max_size=21, min_size=max(11, least), fill=INK,
        align="left")
    y += 36
    cell = (body[2] - body[0] - 24 - 16) / 3
    for index, kind in enumerate(TYPES):
        left = x0 + index * (cell + 8)
        level = player.level(kind)
        actions, months = tables().schedule[(kind, level)]
        rounded_panel(draw, (left, y, left + cell, y + 62 + tall), radius=8, fill=mix(colour, (255, 255, 255), 0.8),
                      outline=colour, width=2)
        title = _t(language, "schedule", letter=_letter(language, kind), type=Msg(f"eve.type.{kind}"), level=level)
        draw_text_in_box(draw, (left + 6, y + 2, left + cell - 6, y + 30 + tall),
                         title.replace(": ", ":\n") if tall else title, max_size=19, min_size=max(10, least),
            bold=True, fill=INK, align="left")
        draw_text_in_box(draw, (left + 6, y + 30 + tall, left + cell - 6, y + 60 + tall), _t(
            language, "schedule_values", actions=actions, months=months), max_size=18, min_size=max(10, least), fill=INK,
            align="left")
    y += 70 + tall
    for line in text:                                 # wrapped, never cut
        draw_text(draw, (x0, y + 15), line, fnt=fnt, fill=INK, anchor="lm")
        y += size + 8
    if view.phase in (ROUND, COMBAT) and view.round is not None and view.round.seat == seat and not least:
        draw.rectangle((10, top, 18, top + panel_h), fill=ACCENT)
    elif view.phase == OVER and seat in view.winners:
        draw.rectangle((10, top, 18, top + panel_h), fill=(255, 200, 0))


def render(view: Any, *, player_names: list[str] | None = None, language: str = "en") -> list[Image.Image]:
    """The map, the calendar with the political map, and the empires (each 800 px wide)."""
    return [draw_map(view, language), draw_calendar(view, language),
            draw_empires(view, player_names, language)]


def calendar_inputs(view: Any, language: str) -> Any:
    """Everything the chat calendar's pixels come from: its headline lines (as the reader's
    language writes them), the seals in each month's queue with the seats' empires (their
    colours), the current month (none in the preparation), and each political square's pile
    size and face-up card."""
    current = view.month if view.phase not in PREP_PHASES else None
    squares = tuple((name, len(square.pile), square.pile[0] if square.face_up and square.pile else None)
                    for name, square in sorted(view.squares.items()))
    return ("calendar", tuple(_headline(view, language, CHAT_HEADLINE_KEYS)),
            tuple(player.empire for player in view.players),
            tuple(tuple((seal.seat, seal.kind) for seal in month) for month in view.calendar), current, squares)


def empires_inputs(view: Any, language: str) -> Any:
    """Everything the chat empires' pixels come from, per empire: its name, VP, supply, regions
    held, hand sizes, schedule levels, the storage / tile card / region card lines, and whether
    it is a winner of a finished game (the chat image marks no round: the post says who acts)."""
    over = view.phase == OVER
    return ("empires", tuple(
        (player.empire, vp(view, seat), player.supply, len(owned(view, seat)),
         tuple(view.hand_sizes[seat][kind] for kind in TYPES), tuple(player.level(kind) for kind in TYPES),
         tuple(_empire_lines(view, seat, language)), over and seat in view.winners)
        for seat, player in enumerate(view.players)))


def render_for_chat(view: Any, *, player_names: list[str] | None = None, language: str = "en") -> list[ChatPart]:
    """What the bot posts, laid out for phones (about 420 px wide): the star map in four parts
    with region names (``draw_map_parts``), then the calendar with the political map and the
    empires.  Each is a ChatPart (issue 26): the host draws it only when its inputs
    (:func:`map_inputs`, :func:`calendar_inputs`, :func:`empires_inputs`) differ from those of
    the image the thread shows."""
    return _map_chat_parts(view, language, player_names) + [
        ChatPart(calendar_inputs(view, language), lambda: draw_calendar(view, language, CHAT_PANEL_W, CHAT_LEAST)),
        ChatPart(empires_inputs(view, language),
                 lambda: draw_empires(view, player_names, language, CHAT_PANEL_W, CHAT_LEAST))]


def chat_images(view: Any, *, player_names: list[str] | None = None, language: str = "en") -> list[Image.Image]:
    """Every image of :func:`render_for_chat`, drawn (tests, scripts)."""
    return [part.draw() for part in render_for_chat(view, player_names=player_names, language=language)]


__all__ = ["render", "render_for_chat", "chat_images"]

