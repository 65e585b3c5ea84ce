"""EVE: Conquests renderer: a view of the game in, three ``PIL.Image`` out, each 800 px wide so
a phone (about 420 px) can read them one under another.

1. **The star map** (800 x 1040): every region in play at its New Eden position (spread apart
   where the real map is crowded), stargates as lines, the region's ring colour (its card's VP:
   green 1, blue 2, orange 3, red 4) as a thick ring, the owner's empire colour inside with the
   owner's unit count, the region code under it, agents as small dots in their empire colours
   (with a count), the outpost type (D/P/L) or "HQ" in a tag, and the political-map markers
   (``VIO-B``) on the regions they mark.  Regions named by ``highlight`` are ringed in magenta.
2. **The calendar and the political map**: month and year, whose round it is (or the
   preparation step) and a battle in progress; the twelve months with their seals in queue
   order (empire colour, type letter), the current month framed; the 3 x 3 political map with
   each square's pile size and its face-up card (region, VP).
3. **The empires**: one panel each: VP, supply, regions, each schedule's level with its actions
   and months, tiles in storage, tile cards, region cards and hand sizes per deck (counts only,
   so one picture serves every viewer).

Every word drawn comes from the catalogue (``eve.board.*`` and the game's messages); codes,
numbers and EVE region names are notation.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import data
from renderers.common import (RGB, contrast_text, draw_text, draw_text_in_box, draw_text_outlined,
                              labelled_panel, mix, rounded_panel)
from rules.eve.data import TYPES, tables
from rules.eve.engine import face_up_squares, marker_region, owned, vp
from rules.eve.state import COMBAT, OVER, PREP_PHASES, ROUND
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
HIGHLIGHT: RGB = (230, 40, 200)
RING: dict[str, RGB] = {"green": (70, 190, 90), "blue": (70, 140, 235), "orange": (240, 150, 40), "red": (225, 55, 55)}
NEBULA: dict[str, RGB] = {"vio": (150, 95, 210), "cya": (40, 175, 190), "mag": (205, 70, 150)}


def _t(language: str, key: str, /, **values: Any) -> str:
    return text_of(Msg(f"eve.board.{key}", **values), language)


def _say(language: str, message: Msg) -> str:
    return text_of(message, language)


@lru_cache(maxsize=1)
def empire_colours() -> dict[str, RGB]:
    rows = data.load_json("eve", "tables.json")["empires"]
    return {row["empire"]: (int(row["colour"][0]), int(row["colour"][1]), int(row["colour"][2])) for row in rows}


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


@lru_cache(maxsize=2)
def _map_background(two_player: bool) -> Image.Image:
    """Space, stargates and the region rings: the same for every position."""
    image = Image.new("RGB", (MAP_SIZE, MAP_HEIGHT), SPACE)
    draw = ImageDraw.Draw(image)
    pos = node_positions(two_player)
    adjacency = tables().adjacent2 if two_player else tables().adjacent4
    for code, near in adjacency.items():
        for other in near:
            if code < other and other in pos:
                draw.line((pos[code], pos[other]), fill=GATE, width=2)
    for code, (x, y) in pos.items():
        ring = RING[tables().regions[code].ring]
        draw.ellipse((x - NODE_R - 4, y - NODE_R - 4, x + NODE_R + 4, y + NODE_R + 4), fill=ring)
    return image


def _highlighted(highlight: str | None) -> set[str]:
    if not highlight:
        return set()
    words = highlight.replace(">", " ").replace(":", " ").split()
    return {word.upper() for word in words if word.upper() in tables().regions}


def draw_map(view: Any, highlight: str | None, language: str) -> Image.Image:
    two_player = view.player_count == 2
    image = _map_background(two_player).copy()
    draw = ImageDraw.Draw(image)
    pos = node_positions(two_player)
    marks = {marker_region(view, square): square for square in face_up_squares(view)}
    lit = _highlighted(highlight)
    for code, (x, y) in pos.items():
        region = view.regions[code]
        fill = colour_of(view, region.owner) if region.owner is not None else EMPTY
        if code in lit:
            draw.ellipse((x - NODE_R - 9, y - NODE_R - 9, x + NODE_R + 9, y + NODE_R + 9), outline=HIGHLIGHT, width=4)
        draw.ellipse((x - NODE_R, y - NODE_R, x + NODE_R, y + NODE_R), fill=fill)
        if region.owner is not None:
            draw_text(draw, (x, y), str(region.units), size=20, bold=True, fill=contrast_text(fill), anchor="mm")
    for code, (x, y) in pos.items():             # labels and tags over every node
        region = view.regions[code]
        draw_text_outlined(draw, (x, y + NODE_R + 11), code, size=15, fill=(255, 255, 255), outline=SPACE)
        tag = "HQ" if region.hq is not None else region.outpost
        if tag:
            box = (x + NODE_R - 8, y - NODE_R - 10, x + NODE_R + 20, y - NODE_R + 10)
            draw.rectangle(box, fill=(250, 250, 250), outline=INK)
            draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), tag, size=14, bold=True, fill=INK,
                      anchor="mm")
        agents: dict[int, int] = {}
        for seat in region.agents:
            agents[seat] = agents.get(seat, 0) + 1
        for index, (seat, count) in enumerate(sorted(agents.items())):
            ax, ay = x - NODE_R - 2 - index * 15, y + NODE_R - 4
            draw.ellipse((ax - 8, ay - 8, ax + 8, ay + 8), fill=colour_of(view, seat), outline=(255, 255, 255))
            draw_text(draw, (ax, ay), str(count), size=11, bold=True, fill=contrast_text(colour_of(view, seat)),
                      anchor="mm")
        square = marks.get(code)
        if square:
            nebula = NEBULA[square[:3].lower()]
            box = (x - NODE_R - 34, y - NODE_R - 12, x - NODE_R + 18, y - NODE_R + 8)
            draw.rounded_rectangle(box, radius=5, fill=nebula, outline=(255, 255, 255))
            draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), square, size=12, bold=True,
                      fill=contrast_text(nebula), anchor="mm")
    return image


# ----- the calendar and the political map ---------------------------------------------------------------
HEADLINE_KEYS = ("eve.status.prep", "eve.status.calendar", "eve.status.round", "eve.status.combat", "eve.status.over")


def _headline(view: Any, language: str) -> list[str]:
    """Where the game stands: the status lines about the calendar, the round and a battle."""
    from rules.eve import GAME
    return [_say(language, line) for line in GAME.status_lines(view) if line.key in HEADLINE_KEYS]


def draw_calendar(view: Any, language: str) -> Image.Image:
    queue_len = max([len(month) for month in view.calendar] + [3])
    col_w, chip_h = 64, 26
    head = _headline(view, language)
    head_h = 30 * len(head) + 16
    cal_top = head_h + 8
    cal_h = 34 + queue_len * (chip_h + 4) + 8
    pol_top = cal_top + cal_h + 40
    cell_w, cell_h = 248, 92
    height = pol_top + 3 * (cell_h + 8) + 16
    image = Image.new("RGB", (WIDTH, height), PANEL_BG)
    draw = ImageDraw.Draw(image)
    for index, line in enumerate(head):
        draw_text_in_box(draw, (12, 8 + index * 30, WIDTH - 12, 36 + index * 30), line, max_size=22, min_size=12,
                         bold=index == 0, fill=INK, align="left")
    x0 = (WIDTH - 12 * col_w) / 2
    for month in range(1, 13):
        left = x0 + (month - 1) * col_w
        current = month == view.month and view.phase not in PREP_PHASES
        box = (left + 2, cal_top, left + col_w - 2, cal_top + cal_h)
        rounded_panel(draw, box, radius=6, fill=(255, 250, 220) if current else (250, 250, 252),
                      outline=HIGHLIGHT if current else (190, 194, 206), width=4 if current else 1)
        name = _t(language, f"month.{month}")
        draw_text_in_box(draw, (left + 4, cal_top + 4, left + col_w - 4, cal_top + 30), name, max_size=16,
                         min_size=9, bold=current, fill=INK)
        for slot, seal in enumerate(view.calendar[month - 1]):
            top = cal_top + 34 + slot * (chip_h + 4)
            colour = colour_of(view, seal.seat)
            draw.rounded_rectangle((left + 8, top, left + col_w - 8, top + chip_h), radius=6, fill=colour)
            draw_text(draw, ((2 * left + col_w) / 2, top + chip_h / 2), seal.kind, size=18, bold=True,
                      fill=contrast_text(colour), anchor="mm")
    draw_text_in_box(draw, (12, pol_top - 34, WIDTH - 12, pol_top - 4), _t(language, "political_map"), max_size=22,
                     bold=True, fill=INK, align="left")
    regions = tables().regions
    for row, nebula in enumerate(("VIO", "CYA", "MAG")):
        for col, letter in enumerate("ABC"):
            name = f"{nebula}-{letter}"
            square = view.squares[name]
            left = (WIDTH - 3 * cell_w) / 2 + col * cell_w
            top = pol_top + row * (cell_h + 8)
            body = labelled_panel(draw, (left + 4, top, left + cell_w - 4, top + cell_h),
                                  _t(language, "square", square=name, count=len(square.pile)),
                                  header_fill=NEBULA[nebula.lower()], title_size=18, radius=8)
            if square.face_up and square.pile:
                code = square.pile[0]
                region = regions[code]
                draw_text_in_box(draw, (body[0] + 8, body[1] + 2, body[2] - 8, body[3] - 4),
                                 _t(language, "face_up", region=f"{code} {region.name}", vp=region.vp),
                                 max_size=20, min_size=11, bold=True, fill=INK, align="left")
            else:
                draw_text_in_box(draw, (body[0] + 8, body[1] + 2, body[2] - 8, body[3] - 4),
                                 _t(language, "face_down" if square.pile else "empty"), max_size=18, min_size=11,
                                 fill=(110, 114, 130), align="left")
    return image


# ----- the empires ----------------------------------------------------------------------------------------
def draw_empires(view: Any, player_names: list[str] | None, language: str) -> Image.Image:
    panel_h, gap = 236, 10
    image = Image.new("RGB", (WIDTH, view.player_count * (panel_h + gap) + gap), PANEL_BG)
    draw = ImageDraw.Draw(image)
    regions = tables().regions
    for seat, player in enumerate(view.players):
        top = gap + seat * (panel_h + gap)
        empire = _say(language, Msg(f"eve.empire.{player.empire}"))
        name = player_names[seat] if player_names and seat < len(player_names) else empire
        title = _t(language, "title", name=name, empire=empire, vp=vp(view, seat))
        colour = colour_of(view, seat)
        body = labelled_panel(draw, (10, top, WIDTH - 10, top + panel_h), title, header_fill=colour,
                              fill=(255, 255, 255), title_size=24)
        x0, y = body[0] + 12, body[1] + 6
        draw_text_in_box(draw, (x0, y, body[2] - 12, y + 30), _t(
            language, "counts", supply=player.supply, regions=len(owned(view, seat)),
            hand="/".join(str(view.hand_sizes[seat][kind]) for kind in TYPES)), max_size=21, min_size=11, fill=INK,
            align="left")
        y += 36
        cell = (body[2] - body[0] - 24 - 16) / 3
        for index, kind in enumerate(TYPES):
            left = x0 + index * (cell + 8)
            level = player.level(kind)
            actions, months = tables().schedule[(kind, level)]
            rounded_panel(draw, (left, y, left + cell, y + 62), radius=8, fill=mix(colour, (255, 255, 255), 0.8),
                          outline=colour, width=2)
            draw_text_in_box(draw, (left + 6, y + 2, left + cell - 6, y + 30), _t(
                language, "schedule", type=Msg(f"eve.type.{kind}"), level=level), max_size=19, min_size=10,
                bold=True, fill=INK, align="left")
            draw_text_in_box(draw, (left + 6, y + 30, left + cell - 6, y + 60), _t(
                language, "schedule_values", actions=actions, months=months), max_size=18, min_size=10, fill=INK,
                align="left")
        y += 70
        cards = [f"{code} ({regions[code].vp})" for code in player.region_cards]
        for line in (_t(language, "storage", tiles="/".join(str(player.storage[kind]) for kind in TYPES),
                        cards=Join(sorted(player.tile_cards), "comma") if player.tile_cards else Msg("eve.none")),
                     _t(language, "region_cards", cards=Join(cards, "comma") if cards else Msg("eve.none"))):
            draw_text_in_box(draw, (x0, y, body[2] - 12, y + 30), line, max_size=20, min_size=11, fill=INK,
                             align="left")
            y += 32
        if view.phase in (ROUND, COMBAT) and view.round is not None and view.round.seat == seat:
            draw.rectangle((10, top, 18, top + panel_h), fill=HIGHLIGHT)
        elif view.phase == OVER and seat in view.winners:
            draw.rectangle((10, top, 18, top + panel_h), fill=(255, 200, 0))
    return image


def render(view: Any, *, player_names: list[str] | None = None, highlight: str | None = None,
           language: str = "en") -> list[Image.Image]:
    """The map, the calendar with the political map, and the empires (each 800 px wide)."""
    return [draw_map(view, highlight, language), draw_calendar(view, language),
            draw_empires(view, player_names, language)]


__all__ = ["render"]

