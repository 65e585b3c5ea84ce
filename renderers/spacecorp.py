"""Space Corp renderer (era 1, Mariners): a view in, 800-px-wide images out, each legible when a
phone shows it 420 px wide (no text under ``MIN_TEXT`` px, about 9 px there).

1. **The map, inner part**: whose turn and step; the Earth–Moon space (Earth, the Moon and the
   four Earth–Moon Lagrange points), Venus, the near-Earth space and the four regions beyond it,
   as rounded areas with their names; borders as lines with their cost in a disc; tabs at the
   bottom for the regions the map continues with.
2. **The map, outer part**: the Halley region, the Mars orbit (Phobos, Deimos), Mars (North and
   South Mars with their link) and the Asteroid Belt with the Pioneer markers still on it; a
   legend.  Every site shows its name, build cost ``b#`` and gravity, its tile box (the explore
   cost ``e#`` while empty; the tile's name, production and base modifier once explored), the
   base on it in its owner's colour with the base type's name, and the teams there as small
   pieces in their colours with their ids (a gold ring: the team holds a claim on the site).
3. **The business display**: whose turn and which step, the era-end trigger or the end of the
   game, the Offer (four boxes, card ids, names and entries), the draw pile and discard counts,
   the era's seven contracts with their reward and whether fulfilled.
4. **The players** (two per image): colour, name, profit, hand size (never the cards: one
   picture serves every viewer), the HQ boxes (printed values or the Infra card with its
   entries), bases left per type, the genetics cube on the Progress Wheel and its steps, teams
   at the HQ, the Pioneer marker.

Every word drawn comes from the catalogue (``spacecorp.render.*`` and the game's names); ids
and numbers are notation.  ``highlight`` (a move's text) rings the sites it names in magenta.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from PIL import Image, ImageDraw

from renderers.common import RGB, Box, contrast_text, draw_text, draw_text_in_box, fit_font, mix
from rules.messages import Join, Msg
from rules.messages import render as text_of
from rules.spacecorp.data import design, is_time, tables
from rules.spacecorp.state import OVER

WIDTH = 800
MIN_TEXT = 17                           # font size: 17 * 420 / 800 = 8.9 px on a phone
SPACE: RGB = (12, 16, 36)
REGION: RGB = (34, 42, 76)
REGION_EDGE: RGB = (96, 112, 160)
LINE: RGB = (150, 165, 215)
SITE: RGB = (230, 233, 242)
SITE_EDGE: RGB = (150, 160, 190)
PANEL: RGB = (236, 238, 244)
INK: RGB = (24, 26, 36)
MUTED: RGB = (80, 86, 104)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (245, 180, 20)
HIGHLIGHT: RGB = (230, 40, 200)
DONE: RGB = (205, 235, 205)
STACK: dict[str, RGB] = {"f1": (250, 228, 170), "f2": (245, 196, 160)}
SEAT_RGB: dict[str, RGB] = {"B": (45, 110, 225), "Y": (240, 200, 40), "P": (150, 85, 205), "G": (40, 160, 80)}

# ------------------------------------------------------------------------------------------------
# Layout: two map parts (an image each).  Regions and sites are boxes in the part's pixels.
MAP1_HEIGHT, MAP2_HEIGHT = 1136, 846
REGIONS: dict[str, tuple[int, Box]] = {
    "R1_EARTH": (1, (14, 46, 786, 446)),
    "R1_VENUS": (1, (14, 500, 262, 740)),
    "R1_NEAR": (1, (302, 500, 786, 740)),
    "R1_SE_L4": (1, (14, 800, 189, 1040)),
    "R1_SISYPHUS": (1, (213, 800, 388, 1040)),
    "R1_EROS": (1, (412, 800, 587, 1040)),
    "R1_SE_L5": (1, (611, 800, 786, 1040)),
    "R1_HALLEY": (2, (14, 96, 262, 336)),
    "R1_MARS_ORBIT": (2, (302, 96, 786, 336)),
    "R1_MARS": (2, (342, 386, 786, 626)),
    "R1_BELT": (2, (14, 676, 786, 836)),
}
SITES: dict[str, Box] = {
    "earth": (22, 80, 262, 438),
    "moon": (270, 80, 433, 256), "em_l1": (439, 80, 602, 256), "em_l2": (608, 80, 778, 256),
    "em_l4": (270, 262, 521, 438), "em_l5": (527, 262, 778, 438),
    "venus": (22, 530, 254, 732),
    "se_l1": (310, 530, 541, 732), "se_l2": (547, 530, 778, 732),
    "se_l4": (22, 830, 181, 1032), "sisyphus": (221, 830, 380, 1032), "eros": (420, 830, 579, 1032),
    "se_l5": (619, 830, 778, 1032),
    "halley": (22, 126, 254, 328),
    "phobos": (310, 126, 541, 328), "deimos": (547, 126, 778, 328),
    "mars_n": (350, 416, 561, 618), "mars_s": (567, 416, 778, 618),
    "belt": (22, 706, 778, 828),
}
# tabs: the regions a part continues with (part, region, box, arrow key)
TABS: tuple[tuple[int, str, Box, str], ...] = (
    (1, "R1_HALLEY", (14, 1090, 262, 1130), "to_region"),
    (1, "R1_MARS_ORBIT", (302, 1090, 786, 1130), "to_region"),
    (2, "R1_SE_L4", (14, 6, 189, 46), "from_region"),
    (2, "R1_EROS", (412, 6, 587, 46), "from_region"),
    (2, "R1_SE_L5", (611, 6, 786, 46), "from_region"),
)
# borders: the regions (either order) -> (part, line from, line to) for every part it shows in
BORDER_LINES: dict[frozenset[str], tuple[tuple[int, tuple[float, float], tuple[float, float]], ...]] = {
    frozenset(("R1_EARTH", "R1_NEAR")): ((1, (544, 446), (544, 500)),),
    frozenset(("R1_NEAR", "R1_VENUS")): ((1, (262, 620), (302, 620)),),
    frozenset(("R1_NEAR", "R1_SE_L4")): ((1, (330, 740), (110, 800)),),
    frozenset(("R1_NEAR", "R1_SISYPHUS")): ((1, (400, 740), (310, 800)),),
    frozenset(("R1_NEAR", "R1_EROS")): ((1, (540, 740), (500, 800)),),
    frozenset(("R1_NEAR", "R1_SE_L5")): ((1, (720, 740), (700, 800)),),
    frozenset(("R1_SISYPHUS", "R1_EROS")): ((1, (388, 920), (412, 920)),),
    frozenset(("R1_SE_L4", "R1_HALLEY")): ((1, (100, 1040), (100, 1090)), (2, (100, 46), (100, 96))),
    frozenset(("R1_EROS", "R1_MARS_ORBIT")): ((1, (500, 1040), (500, 1090)), (2, (500, 46), (500, 96))),
    frozenset(("R1_SE_L5", "R1_MARS_ORBIT")): ((1, (700, 1040), (700, 1090)), (2, (700, 46), (700, 96))),
    frozenset(("R1_HALLEY", "R1_MARS_ORBIT")): ((2, (262, 216), (302, 216)),),
    frozenset(("R1_MARS_ORBIT", "R1_MARS")): ((2, (664, 336), (664, 386)),),
    frozenset(("R1_MARS_ORBIT", "R1_BELT")): ((2, (322, 336), (322, 676)),),
    frozenset(("R1_HALLEY", "R1_BELT")): ((2, (30, 336), (30, 676)),),
}
LEGEND_BOX: Box = (46, 386, 314, 626)
TEAM_W, TEAM_H, TEAM_GAP = 40, 26, 5


def _t(language: str, key: str, /, **values: Any) -> str:
    return text_of(Msg(f"spacecorp.render.{key}", **values), language)


def _say(language: str, key: str, /, **values: Any) -> str:
    return text_of(Msg(f"spacecorp.{key}", **values), language)


def seat_rgb(view: Any, seat: int) -> RGB:
    return SEAT_RGB[view.players[seat].colour]


def player_name(view: Any, seat: int, player_names: list[str] | None, language: str) -> str:
    if player_names and seat < len(player_names) and player_names[seat]:
        return player_names[seat]
    return _say(language, f"colour.{view.players[seat].colour}")


def _text(draw: ImageDraw.ImageDraw, box: Box, text: str, *, size: int = 19, bold: bool = False,
          fill: RGB = INK, align: str = "left") -> None:
    """Text fitted into ``box`` at ``size`` down to ``MIN_TEXT`` (shortened with … beyond)."""
    draw_text_in_box(draw, box, text, max_size=size, min_size=MIN_TEXT, bold=bold, fill=fill, padding=1,
                     align=align)


def _lines(draw: ImageDraw.ImageDraw, box: Box, text: str, *, size: int = 19, bold: bool = False,
           fill: RGB = INK, align: str = "left", lines: int = 2) -> None:
    """Text on one line if it fits at ``MIN_TEXT``, else wrapped over up to ``lines`` lines."""
    x0, y0, x1, y1 = box
    width, line_h = x1 - x0 - 2, (y1 - y0) / lines
    fnt = fit_font(text, width, max(line_h, (y1 - y0) * 0.6), max_size=size, min_size=MIN_TEXT, bold=bold)
    if fnt.getlength(text) <= width or lines == 1 or " " not in text:
        _text(draw, box if fnt.getlength(text) <= width else (x0, y0, x1, y0 + line_h), text, size=size, bold=bold,
              fill=fill, align=align)
        return
    words, rows, current = text.split(" "), [], ""
    small = fit_font("Mg", 10000, line_h, max_size=size, min_size=MIN_TEXT, bold=bold)
    for word in words:
        trial = f"{current} {word}".strip()
        if current and small.getlength(trial) > width and len(rows) < lines - 1:
            rows.append(current)
            current = word
        else:
            current = trial
    rows.append(current)
    for index, row in enumerate(rows):
        _text(draw, (x0, y0 + index * line_h, x1, y0 + (index + 1) * line_h), row, size=size, bold=bold, fill=fill,
              align=align)


# ------------------------------------------------------------------------------------------------
# Entries, tiles, cards
def entry_text(entry: Any, language: str) -> str:
    action = _say(language, f"action.{entry.action}")
    if entry.action == "SPECIAL":
        return action
    key = "entry_shielded" if entry.shielded else "entry_multiplier" if entry.multiplier else "entry"
    return _t(language, key, action=action, value=entry.value)


def card_name(card: str, language: str) -> str:
    return _say(language, "cardname.TIME" if is_time(card) else f"cardname.{design(card)}")


def card_entries(card: str) -> tuple[Any, ...]:
    info = tables().cards.get(design(card))
    return info.entries if info is not None else ()


def tile_effect(tile_id: str, language: str) -> str:
    tile = tables().discoveries[tile_id]
    parts = []
    if tile.production is not None:
        parts.append(_t(language, "production", n=tile.production))
    if tile.base_mod:
        parts.append(_t(language, "base_mod", n=f"{tile.base_mod:+d}".replace("-", "−")))
    return " · ".join(parts)


def highlighted_sites(highlight: str | None) -> set[str]:
    if not highlight:
        return set()
    words = set(re.split(r"[^A-Za-z0-9_]+", highlight))
    return {site for site in SITES if site in words}


# ------------------------------------------------------------------------------------------------
# The map
def teams_at(view: Any) -> dict[str, list[tuple[str, int]]]:
    """Site -> [(team id, seat)] in seat order."""
    out: dict[str, list[tuple[str, int]]] = {}
    for player in view.players:
        for team, site in sorted(player.teams.items()):
            if site is not None:
                out.setdefault(site, []).append((team, player.seat))
    return out


def draw_team(draw: ImageDraw.ImageDraw, view: Any, x: float, y: float, team: str, seat: int, claim: bool) -> None:
    colour = seat_rgb(view, seat)
    if claim:
        draw.rounded_rectangle((x - 4, y - 4, x + TEAM_W + 4, y + TEAM_H + 4), radius=8, fill=GOLD)
    draw.rounded_rectangle((x, y, x + TEAM_W, y + TEAM_H), radius=5, fill=colour, outline=INK, width=1)
    draw_text(draw, (x + TEAM_W / 2, y + TEAM_H / 2), team, size=18, bold=True, fill=contrast_text(colour),
              anchor="mm")


def draw_teams(draw: ImageDraw.ImageDraw, view: Any, box: Box, teams: list[tuple[str, int]],
               claimant: str | None) -> None:
    """Team pieces left to right, wrapping; what does not fit is counted ("+3")."""
    x0, y0, x1, y1 = box
    per_row = max(1, int((x1 - x0 + TEAM_GAP) // (TEAM_W + TEAM_GAP + 4)))
    rows = max(1, int((y1 - y0 + TEAM_GAP) // (TEAM_H + TEAM_GAP + 4)))
    room = per_row * rows
    shown = teams if len(teams) <= room else teams[:room - 1]
    for index, (team, seat) in enumerate(shown):
        row, col = divmod(index, per_row)
        draw_team(draw, view, x0 + 4 + col * (TEAM_W + TEAM_GAP + 4), y0 + 4 + row * (TEAM_H + TEAM_GAP + 4), team, seat,
                  team == claimant)
    if len(shown) < len(teams):
        row, col = divmod(len(shown), per_row)
        left = x0 + 4 + col * (TEAM_W + TEAM_GAP + 4)
        top = y0 + 4 + row * (TEAM_H + TEAM_GAP + 4)
        draw_text(draw, (left + TEAM_W / 2, top + TEAM_H / 2), f"+{len(teams) - len(shown)}", size=19, bold=True,
                  fill=INK, anchor="mm")


def draw_site(draw: ImageDraw.ImageDraw, view: Any, site_id: str, teams: list[tuple[str, int]], lit: bool,
              language: str) -> None:
    site = tables().maps["E1"].sites[site_id]
    x0, y0, x1, y1 = SITES[site_id]
    claimant = view.claims.get(site_id)
    outline = HIGHLIGHT if lit else GOLD if claimant else SITE_EDGE
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=SITE, outline=outline, width=4 if lit or claimant else 2)
    _text(draw, (x0 + 7, y0 + 4, x1 - 7, y0 + 30), _say(language, f"site.{site_id}"), size=21, bold=True)
    y = y0 + 30
    costs = []
    if site.build is not None:
        costs.append(_t(language, "build", n=site.build))
    if site.gravity:
        costs.append(_t(language, "gravity", n=site.gravity))
    if costs:
        _text(draw, (x0 + 7, y, x1 - 7, y + 22), "  ".join(costs), size=19, fill=MUTED)
        y += 24
    if site.kind == "home":
        _lines(draw, (x0 + 7, y, x1 - 7, y + 46), _t(language, "home"), size=18, fill=MUTED)
        y += 50
    for index, stack in enumerate(site.boxes):
        placed = view.tiles.get(site_id, [])
        box = (x0 + 6, y + 2, x1 - 6, y + 48)
        if index < len(placed):
            tile = placed[index]
            draw.rounded_rectangle(box, radius=6, fill=STACK.get(stack, STACK["f1"]), outline=INK, width=1)
            effect = tile_effect(tile, language)
            name = _say(language, f"tile.{tile}")
            if effect:
                _text(draw, (box[0] + 5, box[1] + 1, box[2] - 5, box[1] + 23), name, size=18, bold=True)
                _text(draw, (box[0] + 5, box[1] + 23, box[2] - 5, box[3] - 1), effect, size=18)
            else:
                _text(draw, (box[0] + 5, box[1], box[2] - 5, box[3]), name, size=18, bold=True)
        else:
            draw.rounded_rectangle(box, radius=6, fill=mix(STACK.get(stack, STACK["f1"]), SITE, 0.6),
                                   outline=MUTED, width=2)
            _text(draw, box, _t(language, "explore", n=site.explore or 0), size=22, bold=True, fill=MUTED,
                  align="center")
        y += 52
    base = view.bases.get(site_id)
    if base is not None:
        owner, kind = base
        colour = seat_rgb(view, owner)
        draw.rounded_rectangle((x0 + 6, y + 2, x1 - 6, y + 32), radius=15, fill=colour, outline=INK, width=1)
        _text(draw, (x0 + 14, y + 2, x1 - 14, y + 32), _say(language, f"base.{kind}"), size=19, bold=True,
              fill=contrast_text(colour), align="center")
        y += 36
    if site.kind == "pioneer":
        left = x0 + 8
        label = _t(language, "pioneers")
        _text(draw, (left, y + 2, left + 300, y + 34), label, size=19, fill=MUTED)
        left += min(300, fit_font(label, 300, 30, max_size=19, min_size=MIN_TEXT).getlength(label)) + 14
        for marker in view.pioneers_left:
            draw.ellipse((left, y + 3, left + 30, y + 33), fill=GOLD, outline=INK, width=2)
            draw_text(draw, (left + 15, y + 18), str(marker), size=19, bold=True, fill=INK, anchor="mm")
            left += 38
        draw_teams(draw, view, (left + 20, y, x1 - 6, y1 - 4), teams, claimant)
        return
    draw_teams(draw, view, (x0 + 2, y, x1 - 4, y1 - 4), teams, claimant)


def _border_badge(draw: ImageDraw.ImageDraw, at: tuple[float, float], cost: int) -> None:
    x, y = at
    draw.ellipse((x - 16, y - 16, x + 16, y + 16), fill=WHITE, outline=INK, width=2)
    draw_text(draw, (x, y), str(cost), size=20, bold=True, fill=INK, anchor="mm")


def draw_map_part(view: Any, part: int, language: str, highlight: str | None = None,
                  player_names: list[str] | None = None) -> Image.Image:
    height = MAP1_HEIGHT if part == 1 else MAP2_HEIGHT
    image = Image.new("RGB", (WIDTH, height), SPACE)
    draw = ImageDraw.Draw(image)
    e1 = tables().maps["E1"]
    badges = []
    for border in e1.borders:
        for where, start, end in BORDER_LINES[frozenset((border.a, border.b))]:
            if where == part:
                draw.line((*start, *end), fill=LINE, width=4)
                badges.append((((start[0] + end[0]) / 2, (start[1] + end[1]) / 2), border.cost))
    for where, region, box, key in TABS:
        if where == part:
            draw.rounded_rectangle(box, radius=10, fill=REGION, outline=REGION_EDGE, width=2)
            _text(draw, (box[0] + 10, box[1] + 2, box[2] - 10, box[3] - 2),
                  _t(language, key, region=Msg(f"spacecorp.render.region.{region}")), size=19, fill=WHITE)
    for region, (where, box) in REGIONS.items():
        if where != part:
            continue
        draw.rounded_rectangle(box, radius=16, fill=REGION, outline=REGION_EDGE, width=2)
        _text(draw, (box[0] + 8, box[1] + 3, box[2] - 8, box[1] + 29), _t(language, f"region.{region}"), size=20,
              bold=True, fill=WHITE)
    lit = highlighted_sites(highlight)
    teams = teams_at(view)
    for site_id in SITES:
        if REGIONS[e1.sites[site_id].region][0] == part:
            draw_site(draw, view, site_id, teams.get(site_id, []), site_id in lit, language)
    if part == 2:
        for link in e1.site_links:                 # North / South Mars (SC-MOV-10)
            a, b = SITES[link.a], SITES[link.b]
            badges.append((((a[2] + b[0]) / 2, (a[1] + a[3]) / 2), link.cost))
    for at, cost in badges:
        _border_badge(draw, at, cost)
    if part == 1:
        _text(draw, (14, 6, 786, 40), header_text(view, player_names, language), size=22, bold=True, fill=WHITE)
    else:
        draw_legend(draw, language)
    return image


def draw_legend(draw: ImageDraw.ImageDraw, language: str) -> None:
    """The signs of the map, in the free corner left of Mars: a sample and its meaning."""
    x0, y0, x1, y1 = LEGEND_BOX
    draw.rounded_rectangle(LEGEND_BOX, radius=12, fill=REGION, outline=REGION_EDGE, width=2)
    items = ("explore", "build", "border", "team", "claim", "base")
    step = (y1 - y0 - 8) / len(items)
    for index, item in enumerate(items):
        top = y0 + 4 + index * step
        cx, cy = x0 + 34, top + step / 2
        if item == "explore":
            draw.rounded_rectangle((cx - 24, cy - 14, cx + 24, cy + 14), radius=5, fill=mix(STACK["f1"], SITE, 0.6),
                                   outline=MUTED, width=2)
            draw_text(draw, (cx, cy), _t(language, "explore", n=1), size=19, bold=True, fill=MUTED, anchor="mm")
        elif item == "build":
            draw_text(draw, (cx, cy), _t(language, "build", n=2), size=20, bold=True, fill=WHITE, anchor="mm")
        elif item == "border":
            _border_badge(draw, (cx, cy), 2)
        elif item in ("team", "claim"):
            draw_team(draw, _LegendView(), cx - TEAM_W / 2, cy - TEAM_H / 2, "B1", 0, item == "claim")
        else:
            draw.rounded_rectangle((cx - 24, cy - 14, cx + 24, cy + 14), radius=14, fill=SEAT_RGB["Y"], outline=INK)
        _lines(draw, (x0 + 66, top + 1, x1 - 8, top + step - 1), _t(language, f"legend.{item}"), size=18,
               fill=WHITE)


class _LegendView:
    """Seat 0 in blue, for the legend's sample team."""

    players = (type("P", (), {"colour": "B"})(),)


# ------------------------------------------------------------------------------------------------
# The business display
def header_text(view: Any, player_names: list[str] | None, language: str) -> str:
    era = Msg(f"spacecorp.era.{view.era}")
    if view.phase == OVER:
        return f"{text_of(era, language)} · {_t(language, 'over')}"
    if view.windows:                                   # a reaction window waits for one player (§9.3)
        window = view.windows[-1]
        trigger = Msg(f"spacecorp.trigger.{window.event}",
                      player=player_name(view, window.subject, player_names, language))
        return _t(language, "header_window", era=era, trigger=trigger,
                  player=player_name(view, window.waiting[0], player_names, language))
    return _t(language, "header", era=era, player=player_name(view, view.turn.seat, player_names, language),
              step=Msg(f"spacecorp.step.{view.turn.step}"))


def draw_card_box(draw: ImageDraw.ImageDraw, box: Box, label: str, card: str | None, language: str) -> None:
    """One Offer box: its label and the card's id, name and entries (or "empty")."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=WHITE, outline=MUTED, width=2)
    if card is None:
        _text(draw, (x0 + 6, y0 + 2, x1 - 6, y0 + 26), label, size=19, bold=True, fill=MUTED)
        _text(draw, (x0 + 6, y0 + 30, x1 - 6, y1 - 6), _t(language, "empty"), size=19, fill=MUTED, align="center")
        return
    _text(draw, (x0 + 6, y0 + 2, x1 - 6, y0 + 26), f"{label} · {card}", size=19, bold=True, fill=MUTED)
    _lines(draw, (x0 + 6, y0 + 28, x1 - 6, y0 + 72), card_name(card, language), size=19, bold=True)
    for index, entry in enumerate(card_entries(card)[:2]):
        top = y0 + 74 + index * 22
        _text(draw, (x0 + 6, top, x1 - 6, top + 22), entry_text(entry, language), size=18)


def draw_business(view: Any, player_names: list[str] | None, language: str) -> Image.Image:
    t = tables()
    contracts = t.era_contracts(view.era)
    row_h = 36
    height = 318 + len(contracts) * row_h + 12
    image = Image.new("RGB", (WIDTH, height), PANEL)
    draw = ImageDraw.Draw(image)
    _text(draw, (14, 6, 786, 40), header_text(view, player_names, language), size=23, bold=True)
    note = ""
    if view.phase == OVER:
        winners = Join([player_name(view, seat, player_names, language) for seat in _winners(view)], "and")
        note = text_of(Msg("spacecorp.news.game_over", winners=winners), language)
    elif view.trigger:
        note = _say(language, f"status.trigger.{view.trigger}")
    if note:
        _lines(draw, (14, 40, 786, 84), note, size=19, fill=(170, 60, 20))
    _text(draw, (14, 88, 786, 114), _t(language, "offer"), size=21, bold=True)
    box_w = (WIDTH - 28 - 3 * 8) / 4
    for index, card in enumerate(view.offer):
        left = 14 + index * (box_w + 8)
        draw_card_box(draw, (left, 118, left + box_w, 240), f"O{index + 1}", card, language)
    _text(draw, (14, 248, 786, 274), _t(language, "piles", pile=len(view.pile), discards=len(view.discards),
                                        time=len(view.time_discards)), size=19)
    done = sum(1 for where in view.contracts.values() if where == view.era)
    _text(draw, (14, 282, 786, 310), _t(language, "contracts", done=done, needed=t.constants.contracts_to_end_era),
          size=21, bold=True)
    for index, contract in enumerate(contracts):
        top = 316 + index * row_h
        fulfilled = view.contracts.get(contract.row) == view.era
        draw.rounded_rectangle((14, top, 786, top + row_h - 4), radius=6, fill=DONE if fulfilled else WHITE,
                               outline=MUTED, width=1)
        draw_text(draw, (34, top + row_h / 2 - 2), str(contract.row), size=20, bold=True, fill=MUTED, anchor="mm")
        _text(draw, (56, top + 2, 560, top + row_h - 6), _say(language, f"contract.{view.era}.{contract.row}"),
              size=19)
        _text(draw, (566, top + 2, 630, top + row_h - 6), _t(language, "reward", n=contract.reward), size=19,
              bold=True, align="right")
        _text(draw, (640, top + 2, 780, top + row_h - 6), _t(language, "fulfilled" if fulfilled else "open"),
              size=19, bold=fulfilled, fill=(20, 110, 40) if fulfilled else MUTED, align="right")
    return image


def _winners(view: Any) -> list[int]:
    from rules.spacecorp.engine import GAME
    return list(GAME.winners(view))


# ------------------------------------------------------------------------------------------------
# The players
PANEL_H, PANEL_GAP = 300, 10


def draw_wheel(draw: ImageDraw.ImageDraw, left: float, cy: float, position: int) -> float:
    """The Progress Wheel's spaces in a row (0 = Start), the genetics cube on its space; returns
    the right edge."""
    size = tables().wheel.size
    for space in range(size):
        cx = left + 16 + space * 34
        fill = GOLD if space == tables().wheel.award_space else WHITE
        draw.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=fill, outline=MUTED, width=2)
        if space == position:
            draw.rectangle((cx - 9, cy - 9, cx + 9, cy + 9), fill=(170, 120, 70), outline=INK, width=2)
        else:
            draw_text(draw, (cx, cy), str(space), size=17, fill=MUTED, anchor="mm")
    return left + size * 34


def draw_player(draw: ImageDraw.ImageDraw, view: Any, seat: int, top: float, player_names: list[str] | None,
                language: str) -> None:
    player = view.players[seat]
    colour = seat_rgb(view, seat)
    x0, x1 = 10, WIDTH - 10
    draw.rounded_rectangle((x0, top, x1, top + PANEL_H), radius=12, fill=WHITE, outline=colour, width=3)
    draw.rounded_rectangle((x0, top, x1, top + 40), radius=12, fill=colour, corners=(True, True, False, False))
    title = _t(language, "player_title", name=player_name(view, seat, player_names, language),
               colour=Msg(f"spacecorp.colour.{player.colour}"), profit=player.profit,
               cards=len(view.hands.cards[seat]))
    if player.passed:
        title = _t(language, "passed", title=title)
    _text(draw, (x0 + 10, top + 2, x1 - 10, top + 38), title, size=22, bold=True, fill=contrast_text(colour))
    # the HQ boxes: R (printed, never covered) and the Infra boxes 1-3
    printed = tables().hq_sides["standard"].boxes
    box_w = (x1 - x0 - 20 - 3 * 8) / 4
    for index, box in enumerate(("R", "1", "2", "3")):
        left, btop = x0 + 10 + index * (box_w + 8), top + 48
        rect = (left, btop, left + box_w, btop + 116)
        card = player.hq.get(box) if box != "R" else None
        draw.rounded_rectangle(rect, radius=8, fill=(244, 240, 228) if card is None else (226, 236, 252),
                               outline=MUTED, width=2)
        label = _t(language, "hq_box.R") if box == "R" else _t(language, "hq_box", n=box)
        _text(draw, (left + 6, btop + 2, left + box_w - 6, btop + 26), label, size=18, bold=True, fill=MUTED)
        lines: list[tuple[str, bool]] = []
        if card is not None:
            lines += [(card, False), (card_name(card, language), True)]
            lines += [(entry_text(entry, language), False) for entry in card_entries(card)]
        else:
            lines += [(entry_text(entry, language), False) for entry in printed.get(box, ())]
        if not lines:
            lines.append((_t(language, "empty"), False))
        for row, (line, bold) in enumerate(lines[:4]):
            ltop = btop + 28 + row * 22
            _text(draw, (left + 6, ltop, left + box_w - 6, ltop + 22), line, size=18, bold=bold,
                  fill=INK if card is not None or lines[0][0] != _t(language, "empty") else MUTED)
    y = top + 172
    bases = Join([Msg("spacecorp.render.base_count", base=Msg(f"spacecorp.base.{kind}"), n=count)
                  for kind, count in player.bases.items()])
    _lines(draw, (x0 + 12, y, x1 - 12, y + 46), _t(language, "bases_left", bases=bases), size=19)
    y += 50
    right = draw_wheel(draw, x0 + 12, y + 18, player.genetics)
    key = "genetics_lapped" if player.genetics_lapped else "genetics"
    _text(draw, (right + 10, y + 2, x1 - 12, y + 34), _t(language, key, position=player.genetics,
                                                         steps=player.genetics_steps), size=19)
    y += 40
    parts = [_t(language, "supply", teams=Join(sorted(team for team, site in player.teams.items() if site is None))
                or "-")]
    if player.pioneer:
        parts.append(_t(language, "pioneer", n=player.pioneer))
    if view.final and seat in view.final.get("bonus", {}):
        parts.append(_t(language, "final_bonus", n=view.final["bonus"][seat]))
    _text(draw, (x0 + 12, y, x1 - 12, y + 30), " · ".join(parts), size=19)


def draw_players(view: Any, seats: Iterable[int], player_names: list[str] | None, language: str) -> Image.Image:
    seats = list(seats)
    image = Image.new("RGB", (WIDTH, len(seats) * (PANEL_H + PANEL_GAP) + PANEL_GAP), PANEL)
    draw = ImageDraw.Draw(image)
    for index, seat in enumerate(seats):
        draw_player(draw, view, seat, PANEL_GAP + index * (PANEL_H + PANEL_GAP), player_names, language)
    return image


PLAYERS_PER_IMAGE = 2


def render(view: Any, *, player_names: list[str] | None = None, highlight: str | None = None,
           language: str = "en") -> list[Image.Image]:
    """The map in two parts, the business display, the players two per image (800 px wide)."""
    seats = [player.seat for player in view.players]
    images = [draw_map_part(view, 1, language, highlight, player_names), draw_map_part(view, 2, language, highlight),
              draw_business(view, player_names, language)]
    for start in range(0, len(seats), PLAYERS_PER_IMAGE):
        images.append(draw_players(view, seats[start:start + PLAYERS_PER_IMAGE], player_names, language))
    return images
