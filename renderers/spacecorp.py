"""Space Corp renderer (era 1, Mariners; era 2, Planeteers; era 3, Starfarers): a view in,
800-px-wide images out, each legible when a phone shows it 420 px wide (no text under ``MIN_TEXT``
px, about 9 px there; on the map none under ``MAP_TEXT``, 10.5 px there).  The map drawn is the one of ``view.era``; each era's map has its own
:class:`MapLayout` (E3's is built by :func:`layout_e3` from its rows of cards).

1. **The map, first part**: whose turn and step (or who must choose first: a Progress card, a
   Pioneer's placement, the Legacy Production between eras), then
   - E1: the Earth–Moon space (Earth, the Moon and the four Earth–Moon Lagrange points), Venus,
     the near-Earth space and the four regions beyond it;
   - E2: the Inner Solar System (every player's home), the inner and outer Asteroid Belt (Ceres,
     Vesta, Pallas; Hygiea, Interamnia, Psyche, the Jupiter Trojans), Jupiter and its four moons;
     a legend and the table of orbital surcharges (Saturn, Uranus, Neptune, Pluto, SC-MOV-21);
   as rounded areas with their names; borders as lines with their cost in a disc; tabs at the
   bottom for the regions the map continues with.
2. **The map, second part**:
   - E1: the Halley region, the Mars orbit (Phobos, Deimos), Mars (North and South Mars with
     their link) and the Asteroid Belt with the Pioneer markers still on it; a legend;
   - E2: Saturn, Uranus, Neptune, Pluto, the Kuiper Belt and the Oort Cloud with the Pioneer
     markers still on it.
   Every site shows its name, build cost ``b#`` and gravity, its tile box (the explore cost
   ``e#`` while empty, Hungarian ``f#`` as the rulebook writes it, tinted by its discovery stack; the tile's name, production and
   base modifier once explored), the base on it in its owner's colour with the base type's name,
   and the teams there as small pieces in their colours with their ids (a gold ring: the team
   holds a claim on the site).  Regions of the radiation zone (E2) are tinted amber and carry a
   radiation badge.
   E3 draws its map over three images, one card per region (a region holds at most one site):
   the Sun among the seven inner star systems; the outer ring's north half with the Orion Arm
   (north) and the legend; its south half with the Orion Arm (south) and the discovery stacks
   (their ids ``Pa``..``A`` and counts).  A star system's card has its name, build cost ``b#`` (its
   colony instead once it has one: a dome and the tile's value in the owner's colour), a tile box
   per exploration box (Primary / Secondary tint, ``e#`` while empty; the tile's name and ongoing
   effects, ``Col #`` included, and the base on that tile in its owner's colour), the 3-space star
   track pointing at its star(s) with the teams on their spaces, the teams on the star (a gold
   ring and outline: a claim), and an "exit" chip per border to a region of another image (its
   cost and that region's name).  Borders inside an image are lines, solid when near (cost under
   20), dashed otherwise.  Empty regions are dark cards; the Orion cards state their entry
   condition and rewards.  Every E3 region is in radiation: the legend says so once.
3. **The business display**: whose turn and which step, the era-end trigger or the end of the
   game, the Offer (four boxes, card ids, names and entries), the draw pile and discard counts,
   the era's seven contracts with their reward and whether fulfilled; from E2 on, the Progress
   cards still on the Side Board (name, kind, copies left, ``+1T`` when the top copy has the
   profit bonus).
4. **E3 only, the colonies**: the colony tiles on the Side Board (name, value, ability), the
   colonies in play (tile, region, owner, value, ability) and the era-end profit by colonies.
5. **The players** (two per image): colour, name, profit, hand size (never the cards: one
   picture serves every viewer), the HQ boxes (the printed values of the HQ side in use or the
   Infra card with its entries), bases left per type, the genetics cube (a brown square) on the
   Progress Wheel and its steps, from E2 on the idea cube too (a black diamond), teams at the HQ,
   the Pioneer marker; once Progress cards or a Legacy Production pair exist (E2), the Progress
   cards owned by kind and the Legacy Production tile with its base; in E3 the colonies owned and
   their value (teams removed from the game are not listed).

Every word drawn comes from the catalogue (``spacecorp.render.*`` and the game's names); ids
and numbers are notation, card ids in the reader's code (Hungarian ``Ű02#1``, ``Idő3``).  No site
is ringed for the last move: a ring would change a picture on the next move that otherwise did
not change, against the calm thread (the post's text names the move).
"""
from __future__ import annotations

from contextvars import ContextVar

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable

from PIL import Image, ImageDraw

from renderers.common import RGB, Box, ChatPart, contrast_text, draw_text, draw_text_in_box, fit_font, font, mix, wrap_words
from rules.messages import Join, Msg, has_key
from rules.messages import render as text_of
from rules.spacecorp.read import (LEGACY, OFFER, OVER, PIONEER, PROGRESS, card_code, design, is_time, split_spot,
                                  offer_code, stack_code, tables, team_code)
from rules.spacecorp.read import winners as read_winners

WIDTH = 800
MIN_TEXT = 17                           # font size: 17 * 420 / 800 = 8.9 px on a phone
MAP_TEXT = 20                           # the map's least (C-S9's left-over): 20 * 420 / 800 = 10.5 px on a phone
PANEL_TEXT = 21                         # a player panel's lines (C-S9): 21 * 420 / 800 = 11 px on a phone
PANEL_MIN = 20                          # ... fitted down to no less (capitals ~7.6 px high there)
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
DONE: RGB = (205, 235, 205)
STACK: dict[str, RGB] = {"f1": (250, 228, 170), "f2": (245, 196, 160), "f3": (232, 170, 200)}
SEAT_RGB: dict[str, RGB] = {"B": (45, 110, 225), "Y": (240, 200, 40), "P": (150, 85, 205), "G": (40, 160, 80)}
RADIATION_REGION: RGB = (70, 50, 34)    # the radiation zone (E2): an amber-brown tint of REGION
RADIATION_EDGE: RGB = (214, 160, 40)
HAZARD: RGB = (250, 206, 40)            # the radiation badge's disc
GENETICS_CUBE: RGB = (170, 120, 70)     # brown (glossary 26)
IDEA_CUBE: RGB = (20, 20, 24)           # black (glossary 27)
PROGRESS_KINDS = ("ADAPT", "BREAK")     # Adaptation, Breakthrough
KIND_RGB: dict[str, RGB] = {"ADAPT": (214, 238, 214), "BREAK": (214, 226, 250)}

# ------------------------------------------------------------------------------------------------
# Layout: two map parts (an image each).  Regions and sites are boxes in the part's pixels.
MAP1_HEIGHT, MAP2_HEIGHT = 1184, 846
REGIONS: dict[str, tuple[int, Box]] = {
    "R1_EARTH": (1, (14, 46, 786, 494)),
    "R1_VENUS": (1, (14, 548, 262, 788)),
    "R1_NEAR": (1, (302, 548, 786, 788)),
    "R1_SE_L4": (1, (14, 848, 198, 1088)),       # Sisyphus wider, Eros narrower: each name at MAP_TEXT
    "R1_SISYPHUS": (1, (204, 848, 396, 1088)),
    "R1_EROS": (1, (420, 848, 596, 1088)),
    "R1_SE_L5": (1, (602, 848, 786, 1088)),
    "R1_HALLEY": (2, (14, 96, 262, 336)),
    "R1_MARS_ORBIT": (2, (302, 96, 786, 336)),
    "R1_MARS": (2, (342, 386, 786, 626)),
    "R1_BELT": (2, (14, 676, 786, 836)),
}
SITES: dict[str, Box] = {
    "earth": (22, 80, 232, 486),
    "moon": (238, 80, 401, 280), "em_l1": (407, 80, 590, 280), "em_l2": (596, 80, 778, 280),
    "em_l4": (238, 286, 505, 486), "em_l5": (511, 286, 778, 486),
    "venus": (22, 578, 254, 780),
    "se_l1": (310, 578, 541, 780), "se_l2": (547, 578, 778, 780),
    "se_l4": (22, 878, 190, 1080), "sisyphus": (212, 878, 388, 1080), "eros": (428, 878, 588, 1080),
    "se_l5": (610, 878, 778, 1080),
    "halley": (22, 126, 254, 328),
    "phobos": (310, 126, 541, 328), "deimos": (547, 126, 778, 328),
    "mars_n": (350, 416, 561, 618), "mars_s": (567, 416, 778, 618),
    "belt": (22, 706, 778, 828),
}
# tabs: the regions a part continues with (part, region, box, arrow key)
TABS: tuple[tuple[int, str, Box, str], ...] = (
    (1, "R1_HALLEY", (14, 1138, 262, 1178), "to_region"),
    (1, "R1_MARS_ORBIT", (302, 1138, 786, 1178), "to_region"),
    (2, "R1_SE_L4", (14, 6, 250, 46), "from_region"),
    (2, "R1_EROS", (420, 6, 580, 46), "from_region"),
    (2, "R1_SE_L5", (590, 6, 786, 46), "from_region"),
)
# borders: the regions (either order) -> (part, line from, line to) for every part it shows in
BORDER_LINES: dict[frozenset[str], tuple[tuple[int, tuple[float, float], tuple[float, float]], ...]] = {
    frozenset(("R1_EARTH", "R1_NEAR")): ((1, (544, 494), (544, 548)),),
    frozenset(("R1_NEAR", "R1_VENUS")): ((1, (262, 668), (302, 668)),),
    frozenset(("R1_NEAR", "R1_SE_L4")): ((1, (330, 788), (110, 848)),),
    frozenset(("R1_NEAR", "R1_SISYPHUS")): ((1, (400, 788), (310, 848)),),
    frozenset(("R1_NEAR", "R1_EROS")): ((1, (540, 788), (500, 848)),),
    frozenset(("R1_NEAR", "R1_SE_L5")): ((1, (720, 788), (700, 848)),),
    frozenset(("R1_SISYPHUS", "R1_EROS")): ((1, (396, 968), (420, 968)),),
    frozenset(("R1_SE_L4", "R1_HALLEY")): ((1, (100, 1088), (100, 1138)), (2, (100, 46), (100, 96))),
    frozenset(("R1_EROS", "R1_MARS_ORBIT")): ((1, (500, 1088), (500, 1138)), (2, (500, 46), (500, 96))),
    frozenset(("R1_SE_L5", "R1_MARS_ORBIT")): ((1, (700, 1088), (700, 1138)), (2, (700, 46), (700, 96))),
    frozenset(("R1_HALLEY", "R1_MARS_ORBIT")): ((2, (262, 216), (302, 216)),),
    frozenset(("R1_MARS_ORBIT", "R1_MARS")): ((2, (664, 336), (664, 386)),),
    frozenset(("R1_MARS_ORBIT", "R1_BELT")): ((2, (322, 336), (322, 676)),),
    frozenset(("R1_HALLEY", "R1_BELT")): ((2, (30, 336), (30, 676)),),
}
LEGEND_ITEMS: tuple[str, ...] = ("explore", "build", "border", "team", "claim", "base")
# The legend: each sign's meaning at LEGEND_TEXT on as many lines as it takes in any language
# (never made smaller to fit: 24 px is 12.6 px on a 420-px phone; issue 24 after D11).  E1: a strip
# in two columns under the Asteroid Belt; E2: one column under Jupiter; E3: two columns under
# part 2's cards.  Each row is as tall as its longest meaning (legend_rows).
LEGEND_TEXT = 24
LEGEND_LINE = LEGEND_TEXT + 3                   # a line of a meaning
LEGEND_SAMPLE_H = 34                            # a row of one line: the sample's height
LEGEND_PAD = 4
LEGEND_SAMPLE_W = 66                            # E1 / E2: the sample column left of the meaning
LEGEND_TOP_E1 = 846                             # under the Asteroid Belt (part 2 was 846 px tall)
TEAM_W, TEAM_H, TEAM_GAP = 40, 26, 5

# E2 (Planeteers): the Inner Solar System, the Asteroid Belt (inner, outer; two by two) and
# Jupiter on the first part with the legend and the orbital surcharges; Saturn, Uranus, Neptune,
# Pluto, the Kuiper Belt and the Oort Cloud on the second.  Sites are 201 px high (a tile, a base
# on two lines and a row of teams at MAP_TEXT), the Inner Solar System a strip of one line and
# its teams; each part at most 1200 px.
MAP1_HEIGHT_E2, MAP2_HEIGHT_E2 = 1190, 1200
REGIONS_E2: dict[str, tuple[int, Box]] = {
    "R2_INNER": (1, (14, 46, 786, 154)),
    "R2_AST_A": (1, (14, 204, 388, 648)),
    "R2_AST_B": (1, (412, 204, 786, 648)),
    "R2_JUPITER": (1, (14, 698, 786, 935)),
    "R2_SATURN": (2, (14, 96, 786, 333)),
    "R2_URANUS": (2, (14, 383, 786, 620)),
    "R2_NEPTUNE": (2, (14, 670, 388, 907)),
    "R2_PLUTO": (2, (412, 670, 786, 907)),
    "R2_KUIPER": (2, (14, 957, 388, 1194)),
    "R2_OORT": (2, (412, 957, 786, 1194)),
}
SITES_E2: dict[str, Box] = {
    "iss": (22, 76, 778, 146),
    "ceres": (22, 234, 198, 435), "vesta": (204, 234, 380, 435), "pallas": (22, 441, 380, 642),
    "hygiea": (420, 234, 596, 435), "interamnia": (602, 234, 778, 435),
    "psyche": (420, 441, 572, 642), "jup_trojans": (578, 441, 778, 642),     # a long name on two lines
    "io": (22, 728, 206, 929), "europa": (212, 728, 396, 929), "ganymede": (402, 728, 586, 929),
    "callisto": (592, 728, 778, 929),
    # Titan is wider: its costs carry the gravity ("é7" by its name, "gravitáció +1" below);
    # Enceladus and Iapetus wide enough for their names and tiles at MAP_TEXT
    "enceladus": (22, 126, 168, 327), "dione": (174, 126, 310, 327), "rhea": (316, 126, 452, 327),
    "titan": (458, 126, 626, 327), "iapetus": (632, 126, 778, 327),
    "miranda": (22, 413, 168, 614), "ariel": (174, 413, 320, 614), "umbriel": (326, 413, 472, 614),
    "titania": (478, 413, 624, 614), "oberon": (630, 413, 778, 614),
    "triton": (22, 700, 198, 901), "proteus": (204, 700, 380, 901),
    "pluto": (420, 700, 596, 901), "charon": (602, 700, 778, 901),
    "eris": (22, 987, 198, 1188), "makemake": (204, 987, 380, 1188),
    "oort": (420, 987, 778, 1188),
}
TABS_E2: tuple[tuple[int, str, Box, str], ...] = (
    (1, "R2_SATURN", (494, 965, 786, 1005), "to_region"),
    (2, "R2_JUPITER", (494, 6, 786, 46), "from_region"),
)
BORDER_LINES_E2: dict[frozenset[str], tuple[tuple[int, tuple[float, float], tuple[float, float]], ...]] = {
    frozenset(("R2_INNER", "R2_AST_A")): ((1, (200, 154), (200, 204)),),
    frozenset(("R2_INNER", "R2_AST_B")): ((1, (600, 154), (600, 204)),),
    frozenset(("R2_AST_A", "R2_AST_B")): ((1, (388, 403), (412, 403)),),
    frozenset(("R2_AST_A", "R2_JUPITER")): ((1, (200, 648), (200, 698)),),
    frozenset(("R2_AST_B", "R2_JUPITER")): ((1, (600, 648), (600, 698)),),
    frozenset(("R2_JUPITER", "R2_SATURN")): ((1, (640, 935), (640, 965)), (2, (640, 46), (640, 96))),
    frozenset(("R2_SATURN", "R2_URANUS")): ((2, (400, 333), (400, 383)),),
    frozenset(("R2_URANUS", "R2_NEPTUNE")): ((2, (200, 620), (200, 670)),),
    frozenset(("R2_NEPTUNE", "R2_PLUTO")): ((2, (388, 777), (412, 777)),),
    frozenset(("R2_PLUTO", "R2_KUIPER")): ((2, (470, 907), (340, 957)),),
    frozenset(("R2_NEPTUNE", "R2_KUIPER")): ((2, (200, 907), (200, 957)),),
    frozenset(("R2_KUIPER", "R2_OORT")): ((2, (388, 1064), (412, 1064)),),
}
LEGEND_TOP_E2, LEGEND_RIGHT_E2 = 945, 470      # left of the Saturn tab and the surcharge table
SURCHARGE_BOX_E2: Box = (480, 1013, 786, 1181)      # six rows of 22 px at MAP_TEXT, the longest pair whole
RADIATION_BADGE_H = 24


@dataclass(frozen=True)
class MapLayout:
    """One era's map over two images (E3: three): region, site and tab boxes in their part's
    pixels, the border lines (per part they show in), where the legend and the surcharge table go."""

    heights: tuple[int, ...]
    regions: dict[str, tuple[int, Box]]
    sites: dict[str, Box]
    tabs: tuple[tuple[int, str, Box, str], ...]
    border_lines: dict[frozenset[str], tuple[tuple[int, tuple[float, float], tuple[float, float]], ...]]
    legend: tuple[int, Box]
    legend_items: tuple[str, ...]
    legend_columns: int = 1
    surcharges: tuple[int, Box] | None = None     # (part, box) of the orbital surcharge table
    inline_home: bool = False                     # the home site is wide and low: its note beside its name
    wrap_names: bool = False                      # a site name too long for one line takes two
    cards: bool = False                           # E3: every region is one card (its site's box)
    exits: dict[str, tuple[tuple[str, int, bool], ...]] = field(default_factory=dict)
    #                                             # E3: region -> its borders to other parts (region, cost, near)
    stacks: tuple[int, Box] | None = None         # E3: (part, box) of the discovery stacks


LEGEND_ITEMS_E2 = LEGEND_ITEMS + ("radiation",)


def legend_text_width(box: Box, columns: int, sample_w: float) -> float:
    """The width a meaning has in a legend of ``columns`` columns in ``box``."""
    return (box[2] - box[0]) / columns - sample_w - 8


def legend_lines(text: str, width: float) -> list[str]:
    """A meaning broken into lines of ``width`` at ``LEGEND_TEXT`` (words, then syllables)."""
    return wrap_words(text, font(LEGEND_TEXT), width - 2, 4)


@lru_cache(maxsize=None)
def legend_rows(items: tuple[str, ...], columns: int, text_width: float) -> tuple[int, ...]:
    """Each row's height: its items' meanings (columns filled top to bottom) on as many lines as
    the longest takes in any language, at ``LEGEND_TEXT``, and at least a sample's height."""
    from rules.messages import LANGUAGES
    rows = -(-len(items) // columns)
    heights = []
    for row in range(rows):
        lines = max(len(legend_lines(_t(language, f"legend.{items[index]}"), text_width))
                    for index in range(row, len(items), rows) for language in LANGUAGES)
        heights.append(max(LEGEND_SAMPLE_H, lines * LEGEND_LINE + 6))
    return tuple(heights)


def legend_box(left: int, top: int, right: int, items: tuple[str, ...], columns: int, sample_w: float) -> Box:
    """The legend's box from its top: as tall as its rows."""
    width = legend_text_width((left, top, right, top), columns, sample_w)
    return (left, top, right, top + sum(legend_rows(items, columns, width)) + 2 * LEGEND_PAD)


@lru_cache(maxsize=None)
def layout_e1_e2(era: str) -> MapLayout:
    """The E1 and E2 maps' layouts: fixed boxes, and the legend as tall as its meanings."""
    if era == "E1":
        box = legend_box(14, LEGEND_TOP_E1, 786, LEGEND_ITEMS, 2, LEGEND_SAMPLE_W)
        return MapLayout((MAP1_HEIGHT, int(box[3]) + 10), REGIONS, SITES, TABS, BORDER_LINES, (2, box),
                         LEGEND_ITEMS, legend_columns=2)
    box = legend_box(14, LEGEND_TOP_E2, LEGEND_RIGHT_E2, LEGEND_ITEMS_E2, 1, LEGEND_SAMPLE_W)
    return MapLayout((max(MAP1_HEIGHT_E2, int(box[3]) + 6), MAP2_HEIGHT_E2), REGIONS_E2, SITES_E2, TABS_E2,
                     BORDER_LINES_E2, (1, box), LEGEND_ITEMS_E2, surcharges=(1, SURCHARGE_BOX_E2), inline_home=True,
                     wrap_names=True)

# E3 (Starfarers): every region holds at most one site, so each region is one card (the site's
# box; the empty regions are dark cards with their name only).  Three parts: the Sun among the
# seven inner star systems; the outer ring's north half (the Orion Arm north) with the legend;
# its south half (the Orion Arm south) with the discovery stacks.  Rows of cells; a cell is a
# column of cards (top to bottom) whose first star system, Sun or Orion card takes the row's
# spare height.  A border inside a part is a line (near: solid, else dashed); a border to
# another part is an "exit" chip at the bottom of the card, with its cost.
STACK_E3: dict[str, RGB] = {"P": (250, 222, 160), "S": (196, 224, 246), "A": (226, 206, 248)}
TRACK_SPACE: RGB = (206, 212, 230)
STAR: RGB = (255, 212, 60)
COLONY_NEUTRAL: RGB = (96, 104, 136)     # a colony tile not placed yet (the Side Board)
E3_COLUMNS: dict[str, tuple[int, int]] = {"L": (14, 386), "R": (414, 786),                # two wide
                                          "l": (14, 258), "c": (278, 522), "r": (542, 786)}  # three narrow
E3_ROWS: tuple[tuple[int, tuple[tuple[str, tuple[str, ...]], ...]], ...] = (
    (1, (("L", ("R3_ACEN",)), ("R", ("R3_LUH",)))),
    (1, (("l", ("R3_BARN",)), ("c", ("R3_SUN",)), ("r", ("R3_SIR",)))),
    (1, (("l", ("R3_LAL",)), ("c", ("R3_WOLF",)), ("r", ("R3_LUY",)))),
    (2, (("L", ("R3_EIND",)), ("R", ("R3_L9352", "R3_VOID1")))),
    (2, (("l", ("R3_EERI",)), ("c", ("R3_VOID3", "R3_ORION1")), ("r", ("R3_KAP",)))),
    (3, (("L", ("R3_TAU",)), ("R", ("R3_VOID2", "R3_PROC")))),
    (3, (("l", ("R3_C61",)), ("c", ("R3_VOID4", "R3_ORION2")), ("r", ("R3_R128",)))),
    (3, (("l", ("R3_R780",)),)),
)
E3_TOP, E3_ROW_GAP, E3_BOTTOM = 46, 42, 10
E3_LEGEND_PART, E3_STACKS_PART = 2, 3     # the legend under part 2's cards, the stacks beside part 3's last
CARD_NAME_H = 32
SLOT_WIDE, SLOT_NARROW = 54, 80           # a tile box: its base on its second line (wide) or below it
TRACK_H, ON_STAR_H, EXIT_H, CARD_PAD = 66, 34, 38, 6     # a track space holds two teams
WIDE_CARD = 330
TRACK_CELL_W, TRACK_CELL_GAP, STARS_W = 52, 8, 38
HOME_NOTE_H, ORION_TEXT_H = 46, 132          # the Orion rules: two texts, three lines each
# Two columns filled top to bottom, the meanings of two lines side by side (so three rows of two
# lines and three of one keep part 2 within 1,200 px): costs and borders left, pieces right.
LEGEND_ITEMS_E3: tuple[str, ...] = ("explore_p", "explore_s", "exit", "build", "near", "far",
                                    "base", "colony", "radiation_e3", "team", "claim", "track")
LEGEND_SAMPLE_W_E3 = 100                   # E3: a wider sample column (the star track, the exit chip)
STACKS_H = 164


def card_height(region_id: str, width: float, exits: int) -> int:
    """The least height of an E3 card ``width`` px wide with ``exits`` exit chips."""
    board = tables().maps["E3"]
    region = board.regions[region_id]
    wide = width >= WIDE_CARD
    bottom = exits * EXIT_H + CARD_PAD              # an exit chip per line
    if region.kind == "star_system":
        boxes = len(board.sites_in(region_id)[0].boxes)
        return CARD_NAME_H + boxes * (SLOT_WIDE if wide else SLOT_NARROW) + TRACK_H + (0 if wide else ON_STAR_H) \
            + bottom
    if region.kind == "void":
        return CARD_NAME_H + bottom
    if region.kind == "orion":                    # its name on two lines, the rule, a row of teams
        return 2 * CARD_NAME_H - 10 + ORION_TEXT_H + ON_STAR_H + bottom
    return CARD_NAME_H + HOME_NOTE_H + 3 * ON_STAR_H + bottom      # the Sun: 12 teams at the start


def _link(a: Box, b: Box) -> tuple[tuple[float, float], tuple[float, float]]:
    """The border line between two cards: straight across the gap where they face each other,
    else from corner to corner (the Sun to a star system diagonally below it)."""
    if a[3] <= b[1] or b[3] <= a[1]:                            # one above the other
        upper, lower = (a, b) if a[3] <= b[1] else (b, a)
        lo, hi = max(upper[0], lower[0]), min(upper[2], lower[2])
        if hi - lo >= 40:
            return ((lo + hi) / 2, upper[3]), ((lo + hi) / 2, lower[1])
        if lower[2] <= upper[0]:
            return (upper[0] + 22, upper[3]), (lower[2] - 22, lower[1])
        return (upper[2] - 22, upper[3]), (lower[0] + 22, lower[1])
    left, right = (a, b) if a[2] <= b[0] else (b, a)
    y = (max(a[1], b[1]) + min(a[3], b[3])) / 2
    return (left[2], y), (right[0], y)


@lru_cache(maxsize=1)
def layout_e3() -> MapLayout:
    """The E3 map's layout, built from ``E3_ROWS`` and the cards' contents."""
    board = tables().maps["E3"]
    part_of = {region: part for part, cells in E3_ROWS for _, column in cells for region in column}
    exits: dict[str, list[tuple[str, int, bool]]] = {region: [] for region in part_of}
    for border in board.borders:
        if part_of[border.a] != part_of[border.b]:
            near = bool(border.near)
            exits[border.a].append((border.b, border.cost, near))
            exits[border.b].append((border.a, border.cost, near))
    regions: dict[str, tuple[int, Box]] = {}
    tops = {part: E3_TOP for part in (1, 2, 3)}
    stacks: Box | None = None
    for part, cells in E3_ROWS:
        top = tops[part]
        used = [sum(card_height(region, E3_COLUMNS[column][1] - E3_COLUMNS[column][0], len(exits[region]))
                    for region in column_regions) + E3_ROW_GAP * (len(column_regions) - 1)
                for column, column_regions in cells]
        row_h = max(used)
        for (column, column_regions), height in zip(cells, used):
            x0, x1 = E3_COLUMNS[column]
            grows = next(region for region in column_regions if board.regions[region].kind != "void")
            y = top
            for region in column_regions:
                h = card_height(region, x1 - x0, len(exits[region])) + (row_h - height if region == grows else 0)
                regions[region] = (part, (x0, y, x1, y + h))
                y += h + E3_ROW_GAP
        if part == E3_STACKS_PART and len(cells) == 1:          # the last row's free right side
            stacks = (E3_COLUMNS["c"][0], top, E3_COLUMNS["r"][1], top + min(row_h, STACKS_H))
        tops[part] = top + row_h + E3_ROW_GAP
    legend = legend_box(14, tops[E3_LEGEND_PART] - E3_ROW_GAP + 12, 786, LEGEND_ITEMS_E3, 2, LEGEND_SAMPLE_W_E3)
    heights = tuple(int(legend[3] if part == E3_LEGEND_PART else tops[part] - E3_ROW_GAP) + E3_BOTTOM
                    for part in (1, 2, 3))
    sites = {site.id: regions[site.region][1] for site in board.sites.values()}
    lines: dict[frozenset[str], tuple[tuple[int, tuple[float, float], tuple[float, float]], ...]] = {
        frozenset((border.a, border.b)): ((part_of[border.a], *_link(regions[border.a][1], regions[border.b][1])),)
        for border in board.borders if part_of[border.a] == part_of[border.b]}
    return MapLayout(heights, regions, sites, (), lines, (E3_LEGEND_PART, legend), LEGEND_ITEMS_E3, 2, cards=True,
                     exits={region: tuple(found) for region, found in exits.items()},
                     stacks=(E3_STACKS_PART, stacks) if stacks is not None else None)


def layout_of(view: Any) -> MapLayout:
    return layout_e3() if view.era == "E3" else layout_e1_e2(view.era)


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
          fill: RGB = INK, align: str = "left", min_size: int = MIN_TEXT) -> None:
    """Text fitted into ``box`` at ``size`` down to ``min_size`` (shortened with … beyond)."""
    draw_text_in_box(draw, box, text, max_size=size, min_size=min_size, bold=bold, fill=fill, padding=1,
                     align=align)


def _lines(draw: ImageDraw.ImageDraw, box: Box, text: str, *, size: int = 19, bold: bool = False,
           fill: RGB = INK, align: str = "left", lines: int = 2, min_size: int = MIN_TEXT) -> None:
    """Text on one line if it fits at ``min_size``, else wrapped over up to ``lines`` lines."""
    x0, y0, x1, y1 = box
    width, line_h = x1 - x0 - 2, (y1 - y0) / lines
    fnt = fit_font(text, width, max(line_h, (y1 - y0) * 0.6), max_size=size, min_size=min_size, bold=bold)
    if fnt.getlength(text) <= width or lines == 1:
        _text(draw, box if fnt.getlength(text) <= width else (x0, y0, x1, y0 + line_h), text, size=size, bold=bold,
              fill=fill, align=align, min_size=min_size)
        return
    small = fit_font("Mg", 10000, line_h, max_size=size, min_size=min_size, bold=bold)
    rows = wrap_words(text, small, width, lines)     # a long word broken at a syllable (Lávacsator- / nák)
    for index, row in enumerate(rows):
        _text(draw, (x0, y0 + index * line_h, x1, y0 + (index + 1) * line_h), row, size=size, bold=bold, fill=fill,
              align=align, min_size=min_size)


def _map_text(draw: ImageDraw.ImageDraw, box: Box, text: str, **options: Any) -> None:
    """:func:`_text` on the map: fitted down to ``MAP_TEXT`` at least."""
    options.setdefault("min_size", MAP_TEXT)
    _text(draw, box, text, **options)


def _map_lines(draw: ImageDraw.ImageDraw, box: Box, text: str, **options: Any) -> None:
    """:func:`_lines` on the map: fitted down to ``MAP_TEXT`` at least."""
    options.setdefault("min_size", MAP_TEXT)
    _lines(draw, box, text, **options)


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
    if tile.colony:                                   # E3: colony points (SC-COL-3a)
        parts.append(_t(language, "colony_points", n=tile.colony))
    return " · ".join(parts)


def progress_name(card: str, language: str) -> str:
    """A Progress card's name from its physical or design id (the id itself while the catalogue
    has no name for it)."""
    key = f"spacecorp.progress.{design(card)}"
    return text_of(Msg(key), language) if has_key(key) else design(card)


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


def draw_team(draw: ImageDraw.ImageDraw, view: Any, x: float, y: float, team: str, seat: int, claim: bool,
              language: str = "en") -> None:
    colour = seat_rgb(view, seat)
    if claim:
        draw.rounded_rectangle((x - 4, y - 4, x + TEAM_W + 4, y + TEAM_H + 4), radius=8, fill=GOLD)
    draw.rounded_rectangle((x, y, x + TEAM_W, y + TEAM_H), radius=5, fill=colour, outline=INK, width=1)
    draw_text(draw, (x + TEAM_W / 2, y + TEAM_H / 2), team_code(team, language), size=MAP_TEXT, bold=True,
              fill=contrast_text(colour), anchor="mm")


def draw_teams(draw: ImageDraw.ImageDraw, view: Any, box: Box, teams: list[tuple[str, int]],
               claimant: str | None, language: str = "en") -> None:
    """Team pieces left to right, wrapping; what does not fit is counted ("+3")."""
    x0, y0, x1, y1 = box
    per_row = max(1, int((x1 - x0 + TEAM_GAP) // (TEAM_W + TEAM_GAP + 4)))
    rows = max(1, int((y1 - y0 + TEAM_GAP) // (TEAM_H + TEAM_GAP + 4)))
    room = per_row * rows
    shown = teams if len(teams) <= room else teams[:room - 1]
    for index, (team, seat) in enumerate(shown):
        row, col = divmod(index, per_row)
        draw_team(draw, view, x0 + 4 + col * (TEAM_W + TEAM_GAP + 4), y0 + 4 + row * (TEAM_H + TEAM_GAP + 4), team, seat,
                  team == claimant, language)
    if len(shown) < len(teams):
        row, col = divmod(len(shown), per_row)
        left = x0 + 4 + col * (TEAM_W + TEAM_GAP + 4)
        top = y0 + 4 + row * (TEAM_H + TEAM_GAP + 4)
        draw_text(draw, (left + TEAM_W / 2, top + TEAM_H / 2), f"+{len(teams) - len(shown)}", size=MAP_TEXT, bold=True,
                  fill=INK, anchor="mm")


def draw_site(draw: ImageDraw.ImageDraw, view: Any, site_id: str, teams: list[tuple[str, int]],
              language: str, layout: MapLayout | None = None) -> None:
    """One site of ``view.era``'s map in its box of ``layout`` (the era's by default)."""
    layout = layout or layout_of(view)
    site = tables().maps[view.era].sites[site_id]
    x0, y0, x1, y1 = layout.sites[site_id]
    claimant = view.claims.get(site_id)
    outline = GOLD if claimant else SITE_EDGE
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=SITE, outline=outline, width=4 if claimant else 2)
    name = _say(language, f"site.{site_id}")
    y = y0 + 30
    if layout.inline_home and site.kind == "home":          # a wide, low home site: its note beside its name
        middle = (x0 + x1) / 2
        _map_text(draw, (x0 + 7, y0 + 4, middle - 7, y0 + 30), name, size=21, bold=True)
        _map_text(draw, (middle + 7, y0 + 4, x1 - 7, y0 + 30), _t(language, "home"), size=MAP_TEXT, fill=MUTED, align="right")
        draw_teams(draw, view, (x0 + 2, y0 + 34, x1 - 4, y1 - 4), teams, claimant, language)
        return
    costs = []
    if site.build is not None:
        costs.append(_t(language, "build", n=site.build))
    if site.gravity:
        costs.append(_t(language, "gravity", n=site.gravity))
    bold = font(MAP_TEXT, True)
    room = x1 - x0 - 16
    name_right = x1 - 7
    if len(costs) > 1 and bold.getlength("  ".join(costs)) > room:
        # the costs do not fit one line (é7  gravitáció +1 on a narrow moon): the build cost on
        # the name's line, at its right, when both fit there; else each cost on a line
        beside = bold.getlength(costs[0]) + 10
        if bold.getlength(name) + beside <= room:
            _map_text(draw, (x1 - 7 - beside, y0 + 4, x1 - 7, y0 + 30), costs[0], size=MAP_TEXT, bold=True, fill=MUTED,
                      align="right")
            name_right, costs = int(x1 - 7 - beside), costs[1:]
    if layout.wrap_names and fit_font(name, x1 - x0 - 16, 24, max_size=21, min_size=MAP_TEXT,
                                      bold=True).getlength(name) > x1 - x0 - 16:
        _map_lines(draw, (x0 + 7, y0 + 4, x1 - 7, y0 + 50), name, size=21, bold=True)
        y += 22
    else:
        _map_text(draw, (x0 + 6, y0 + 4, name_right, y0 + 30), name, size=21, bold=True)
    for line in costs if costs and bold.getlength("  ".join(costs)) > room else ["  ".join(costs)] if costs else []:
        _map_text(draw, (x0 + 7, y - 1, x1 - 7, y + 23), line, size=21, bold=True, fill=MUTED)
        y += 24
    if site.kind == "home":
        _map_lines(draw, (x0 + 7, y, x1 - 7, y + 46), _t(language, "home"), size=MAP_TEXT, fill=MUTED)
        y += 50
    for index, stack in enumerate(site.boxes):
        placed = view.tiles.get(site_id, [])
        box = (x0 + 6, y + 2, x1 - 6, y + 48)
        if index < len(placed):
            tile = placed[index]
            effect = tile_effect(tile, language)
            name = _say(language, f"tile.{tile}")
            width = box[2] - box[0] - 12
            rows = wrap_two(name, width, MAP_TEXT, MAP_TEXT)
            tall = len(rows) == 2 and bool(effect) and font(MAP_TEXT).getlength(f"{rows[1]} · {effect}") > width
            box = (box[0], box[1], box[2], box[3] + (22 if tall else 0))
            draw.rounded_rectangle(box, radius=6, fill=STACK.get(stack, STACK["f1"]), outline=INK, width=1)
            if tall:     # a long name on two lines and its effect on a third (Egzotikus / elemek / T1 · bázis +1)
                for row, text in enumerate((*rows, effect)):
                    _map_text(draw, (box[0] + 5, box[1] + 1 + 22 * row, box[2] - 5, box[1] + 23 + 22 * row), text,
                          size=MAP_TEXT, bold=row < 2)
                y += 22
            elif len(rows) == 2 and (not effect or font(MAP_TEXT).getlength(f"{rows[1]} · {effect}") <= width):
                # a long name on two lines, its effect after it (Felszín alatti / óceán · T1)
                _map_text(draw, (box[0] + 5, box[1] + 1, box[2] - 5, box[1] + 23), rows[0], size=MAP_TEXT, bold=True)
                _map_text(draw, (box[0] + 5, box[1] + 23, box[2] - 5, box[3] - 1),
                      f"{rows[1]} · {effect}" if effect else rows[1], size=MAP_TEXT, bold=not effect)
            elif effect:
                _map_text(draw, (box[0] + 5, box[1] + 1, box[2] - 5, box[1] + 23), name, size=MAP_TEXT, bold=True)
                _map_text(draw, (box[0] + 5, box[1] + 23, box[2] - 5, box[3] - 1), effect, size=MAP_TEXT)
            else:
                _map_text(draw, (box[0] + 5, box[1], box[2] - 5, box[3]), name, size=MAP_TEXT, bold=True)
        else:
            draw.rounded_rectangle(box, radius=6, fill=mix(STACK.get(stack, STACK["f1"]), SITE, 0.6),
                                   outline=MUTED, width=2)
            _map_text(draw, box, _t(language, "explore", n=site.explore or 0), size=22, bold=True, fill=MUTED,
                  align="center")
        y += 52
    base = view.bases.get(site_id)
    if base is not None:
        owner, kind = base
        colour = seat_rgb(view, owner)
        label = _say(language, f"base.{kind}")
        rows = wrap_two(label, x1 - x0 - 18, MAP_TEXT, MAP_TEXT)
        height = 30 if len(rows) == 1 else 46                # a long name (Védőpajzs Generátor) on two lines
        draw.rounded_rectangle((x0 + 4, y + 2, x1 - 4, y + 2 + height), radius=15, fill=colour, outline=INK, width=1)
        for row, text in enumerate(rows):
            top = y + 2 + (height - 21 * len(rows)) / 2 + row * 21
            _map_text(draw, (x0 + 8, top, x1 - 8, top + 21 if len(rows) > 1 else y + 2 + height), text,
                      size=MAP_TEXT, bold=True, fill=contrast_text(colour), align="center")
        y += height + (2 if len(rows) > 1 else 6)
    if site.kind == "pioneer":
        left = x0 + 8
        label = _t(language, "pioneers")
        _map_text(draw, (left, y + 2, left + 300, y + 34), label, size=MAP_TEXT, fill=MUTED)
        left += min(300, fit_font(label, 300, 30, max_size=MAP_TEXT, min_size=MAP_TEXT).getlength(label)) + 14
        for marker in view.pioneers_left:
            draw.ellipse((left, y + 3, left + 30, y + 33), fill=GOLD, outline=INK, width=2)
            draw_text(draw, (left + 15, y + 18), str(marker), size=MAP_TEXT, bold=True, fill=INK, anchor="mm")
            left += 38
        if x1 - 6 - (left + 20) >= TEAM_W + 12:            # a wide site (E1's Belt): the teams beside the markers
            draw_teams(draw, view, (left + 20, y, x1 - 6, y1 - 4), teams, claimant, language)
        else:                                               # a narrower one (E2's Oort Cloud): below them
            draw_teams(draw, view, (x0 + 2, y + 38, x1 - 4, y1 - 4), teams, claimant, language)
        return
    draw_teams(draw, view, (x0 + 2, y, x1 - 4, y1 - 4), teams, claimant, language)


def _border_badge(draw: ImageDraw.ImageDraw, at: tuple[float, float], cost: int) -> None:
    x, y = at
    draw.ellipse((x - 16, y - 16, x + 16, y + 16), fill=WHITE, outline=INK, width=2)
    draw_text(draw, (x, y), str(cost), size=20, bold=True, fill=INK, anchor="mm")


def _radiation_sign(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """The radiation trefoil: three black blades on a yellow disc."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=HAZARD, outline=INK, width=1)
    blade = r * 0.82
    for start in (300, 60, 180):
        draw.pieslice((cx - blade, cy - blade, cx + blade, cy + blade), start, start + 60, fill=INK)
    hub = r * 0.3
    draw.ellipse((cx - hub, cy - hub, cx + hub, cy + hub), fill=HAZARD)
    dot = r * 0.16
    draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=INK)


def _radiation_badge(draw: ImageDraw.ImageDraw, right: float, top: float, language: str) -> float:
    """A pill "☢ Radiation" whose right edge is ``right``; returns its left edge."""
    label = _t(language, "radiation")
    width = font(MAP_TEXT, True).getlength(label) + 44
    left = right - width
    draw.rounded_rectangle((left, top, right, top + RADIATION_BADGE_H), radius=RADIATION_BADGE_H // 2, fill=HAZARD,
                           outline=INK, width=1)
    _radiation_sign(draw, left + 15, top + RADIATION_BADGE_H / 2, 10)
    draw_text(draw, (left + 30, top + RADIATION_BADGE_H / 2), label, size=MAP_TEXT, bold=True, fill=INK, anchor="lm")
    return left


def draw_region(draw: ImageDraw.ImageDraw, region: Any, box: Box, language: str) -> None:
    """A region's rounded area and its name; the radiation zone (E2) tinted, with its badge."""
    if region.radiation:
        draw.rounded_rectangle(box, radius=16, fill=RADIATION_REGION, outline=RADIATION_EDGE, width=2)
        right = _radiation_badge(draw, box[2] - 10, box[1] + 4, language) - 8
    else:
        draw.rounded_rectangle(box, radius=16, fill=REGION, outline=REGION_EDGE, width=2)
        right = box[2] - 4
    _map_text(draw, (box[0] + 4, box[1] + 3, right, box[1] + 29), _t(language, f"region.{region.id}"), size=20,
          bold=True, fill=WHITE)


def draw_map_part(view: Any, part: int, language: str, player_names: list[str] | None = None) -> Image.Image:
    """One of the two map images of ``view.era`` (E3: of the three)."""
    if view.era == "E3":
        return draw_map_part_e3(view, part, language, player_names)
    layout = layout_of(view)
    image = Image.new("RGB", (WIDTH, layout.heights[part - 1]), SPACE)
    draw = ImageDraw.Draw(image)
    board = tables().maps[view.era]
    badges = []
    for border in board.borders:
        for where, start, end in layout.border_lines[frozenset((border.a, border.b))]:
            if where == part:
                draw.line((*start, *end), fill=LINE, width=4)
                badges.append((((start[0] + end[0]) / 2, (start[1] + end[1]) / 2), border.cost))
    for where, region, box, key in layout.tabs:
        if where == part:
            draw.rounded_rectangle(box, radius=10, fill=REGION, outline=REGION_EDGE, width=2)
            _map_text(draw, (box[0] + 10, box[1] + 2, box[2] - 10, box[3] - 2),
                  _t(language, key, region=Msg(f"spacecorp.render.region.{region}")), size=MAP_TEXT, fill=WHITE)
    for region, (where, box) in layout.regions.items():
        if where == part:
            draw_region(draw, board.regions[region], box, language)
    teams = teams_at(view)
    for site_id in layout.sites:
        if layout.regions[board.sites[site_id].region][0] == part:
            draw_site(draw, view, site_id, teams.get(site_id, []), language, layout)
    for link in board.site_links:                  # North / South Mars (SC-MOV-10)
        a, b = layout.sites[link.a], layout.sites[link.b]
        if layout.regions[board.sites[link.a].region][0] == part:
            # low in the gap between the two sites: halfway down it covered the edge of a tile box
            badges.append((((a[2] + b[0]) / 2, a[3] - 30), link.cost))
    for at, cost in badges:
        _border_badge(draw, at, cost)
    if part == 1:
        _map_text(draw, (14, 6, 786, 40), map_title(view, player_names, language), size=22, bold=True, fill=WHITE)
    if layout.legend[0] == part:
        draw_legend(draw, language, layout.legend[1], layout.legend_items, layout.legend_columns)
    if layout.surcharges is not None and layout.surcharges[0] == part:
        draw_surcharges(draw, view.era, layout.surcharges[1], language)
    return image


def draw_surcharges(draw: ImageDraw.ImageDraw, era: str, box: Box, language: str) -> None:
    """The orbital surcharges (SC-MOV-21): a row per pair of regions, its surcharge on the right."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=REGION, outline=REGION_EDGE, width=2)
    _map_text(draw, (x0 + 10, y0 + 4, x1 - 10, y0 + 30), _t(language, "surcharges"), size=MAP_TEXT, bold=True, fill=WHITE)
    pairs = tables().maps[era].surcharges
    step = (y1 - y0 - 36) / max(1, len(pairs))
    for index, pair in enumerate(pairs):
        top = y0 + 32 + index * step
        regions = _t(language, "surcharge_pair", a=Msg(f"spacecorp.render.region.{pair.a}"),
                     b=Msg(f"spacecorp.render.region.{pair.b}"))
        _map_text(draw, (x0 + 8, top, x1 - 46, top + step), regions, size=MAP_TEXT, fill=WHITE)
        _map_text(draw, (x1 - 46, top, x1 - 6, top + step), _t(language, "surcharge_cost", n=pair.cost), size=MAP_TEXT,
              bold=True, fill=HAZARD, align="right")


def legend_cells(box: Box, items: tuple[str, ...], columns: int, sample_w: float) -> list[tuple[str, Box]]:
    """Each legend item's cell (sample and meaning), columns filled top to bottom, rows as tall
    as :func:`legend_rows` says."""
    x0, y0, x1, _y1 = box
    column_w = (x1 - x0) / columns
    heights = legend_rows(items, columns, legend_text_width(box, columns, sample_w))
    rows = len(heights)
    cells = []
    for index, item in enumerate(items):
        column, row = divmod(index, rows)
        top = y0 + LEGEND_PAD + sum(heights[:row])
        cells.append((item, (x0 + column * column_w, top, x0 + (column + 1) * column_w, top + heights[row])))
    return cells


def draw_legend(draw: ImageDraw.ImageDraw, language: str, box: Box, items: tuple[str, ...] = LEGEND_ITEMS,
                columns: int = 1) -> None:
    """The signs of the E1 / E2 map in ``box``: a sample and its meaning."""
    draw.rounded_rectangle(box, radius=12, fill=REGION, outline=REGION_EDGE, width=2)
    for item, (left, top, right, bottom) in legend_cells(box, items, columns, LEGEND_SAMPLE_W):
        cx, cy = left + 34, (top + bottom) / 2
        if item == "explore":
            draw.rounded_rectangle((cx - 24, cy - 14, cx + 24, cy + 14), radius=5, fill=mix(STACK["f1"], SITE, 0.6),
                                   outline=MUTED, width=2)
            draw_text(draw, (cx, cy), _t(language, "explore", n=1), size=MAP_TEXT, bold=True, fill=MUTED, anchor="mm")
        elif item == "build":
            draw_text(draw, (cx, cy), _t(language, "build", n=2), size=20, bold=True, fill=WHITE, anchor="mm")
        elif item == "border":
            _border_badge(draw, (cx, cy), 2)
        elif item in ("team", "claim"):
            draw_team(draw, _LegendView(), cx - TEAM_W / 2, cy - TEAM_H / 2, "B1", 0, item == "claim", language)
        elif item == "radiation":
            draw.rounded_rectangle((cx - 24, cy - 14, cx + 24, cy + 14), radius=6, fill=RADIATION_REGION,
                                   outline=RADIATION_EDGE, width=2)
            _radiation_sign(draw, cx, cy, 11)
        else:
            draw.rounded_rectangle((cx - 24, cy - 14, cx + 24, cy + 14), radius=14, fill=SEAT_RGB["Y"], outline=INK)
        _legend_text(draw, (left + LEGEND_SAMPLE_W, top, right - 8, bottom), _t(language, f"legend.{item}"))


def _legend_text(draw: ImageDraw.ImageDraw, box: Box, text: str) -> None:
    """A legend's meaning at ``LEGEND_TEXT`` on the lines :func:`legend_rows` made room for,
    broken between words, never made smaller (D11, issue 24)."""
    x0, y0, x1, y1 = box
    rows = legend_lines(text, x1 - x0)
    top = (y0 + y1 - LEGEND_LINE * len(rows)) / 2
    for index, row in enumerate(rows):
        draw_text(draw, (x0, top + index * LEGEND_LINE + LEGEND_LINE / 2), row, size=LEGEND_TEXT, fill=WHITE,
                  anchor="lm")


class _LegendView:
    """Seat 0 in blue, for the legend's sample team."""

    players = (type("P", (), {"colour": "B"})(),)


# ------------------------------------------------------------------------------------------------
# The map of E3 (Starfarers): cards, star tracks, tiles with their bases, colonies, exits
@dataclass(frozen=True)
class StarCard:
    """Where the parts of a star system's card go: a slot per exploration box (its tile box and,
    under or beside its effect, the base on it), the star track's spaces 3, 2, 1 (farthest
    first), the star(s), the teams on the star, the exit chips."""

    slots: tuple[Box, ...]
    track: tuple[Box, ...]
    stars: Box
    on_star: Box
    exits: tuple[Box, ...]


def star_card(box: Box, boxes: int, exits: int) -> StarCard:
    x0, y0, x1, y1 = box
    wide = x1 - x0 >= WIDE_CARD
    slot_h = SLOT_WIDE if wide else SLOT_NARROW
    slots = tuple((x0 + 6, y0 + CARD_NAME_H + index * slot_h + 2, x1 - 6, y0 + CARD_NAME_H + (index + 1) * slot_h - 2)
                  for index in range(boxes))
    y = y0 + CARD_NAME_H + boxes * slot_h
    track = tuple((x0 + 8 + index * (TRACK_CELL_W + TRACK_CELL_GAP), y + 3,
                   x0 + 8 + index * (TRACK_CELL_W + TRACK_CELL_GAP) + TRACK_CELL_W, y + TRACK_H - 3)
                  for index in range(3))
    stars = (track[2][2] + 4, y, track[2][2] + 4 + STARS_W, y + TRACK_H)
    top = y1 - CARD_PAD - exits * EXIT_H
    chips = tuple((x0 + 6, top + index * EXIT_H + 2, x1 - 6, top + (index + 1) * EXIT_H - 2) for index in range(exits))
    on_star = (stars[2] + 2, y, x1 - 4, max(y + TRACK_H, top)) if wide else (x0 + 2, y + TRACK_H, x1 - 4, top)
    return StarCard(slots, track, stars, on_star, chips)


def pieces_e3(view: Any) -> dict[str, dict[int, list[tuple[str, int]]]]:
    """Site -> where on it (3, 2, 1: the star track's space; 0: the star itself, the Sun or an
    Orion site) -> [(team id, seat)] in seat order; teams out of the game are not drawn."""
    out: dict[str, dict[int, list[tuple[str, int]]]] = {}
    for player in view.players:
        gone = set(player.teams_out)
        for team, site in sorted(player.teams.items()):
            if site is not None and team not in gone:
                out.setdefault(site, {}).setdefault(player.track.get(team, 0), []).append((team, player.seat))
    return out


def bases_e3(view: Any) -> dict[str, dict[str, tuple[int, str]]]:
    """Site -> tile -> (owner, base type), from the base spots ``site/tile``."""
    out: dict[str, dict[str, tuple[int, str]]] = {}
    for spot, base in view.bases.items():
        site, tile = split_spot(spot)
        out.setdefault(site, {})[tile or ""] = base
    return out


def _dashed_line(draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float], *,
                 fill: RGB = LINE, width: int = 4, dash: float = 10, gap: float = 7) -> None:
    (x0, y0), (x1, y1) = start, end
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    if length == 0:
        return
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    at = 0.0
    while at < length:
        stop = min(length, at + dash)
        draw.line((x0 + dx * at, y0 + dy * at, x0 + dx * stop, y0 + dy * stop), fill=fill, width=width)
        at += dash + gap


def _border_line(draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float], near: bool,
                 width: int = 4) -> None:
    """A border: solid when near (cost under 20, SC-MOV-36), dashed otherwise."""
    if near:
        draw.line((*start, *end), fill=LINE, width=width)
    else:
        _dashed_line(draw, start, end, width=width, dash=10 if width >= 4 else 6, gap=7 if width >= 4 else 4)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    points = [(cx + (r if k % 2 == 0 else r * 0.45) * math.cos(math.radians(-90 + 36 * k)),
               cy + (r if k % 2 == 0 else r * 0.45) * math.sin(math.radians(-90 + 36 * k))) for k in range(10)]
    draw.polygon(points, fill=STAR, outline=INK)


def _stars(draw: ImageDraw.ImageDraw, box: Box, count: int) -> None:
    """One star, or two or three smaller ones (a multi-star system)."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    spots = {1: ((0, 0, 15),), 2: ((-8, -5, 11), (8, 6, 11)), 3: ((0, -8, 10), (-10, 7, 10), (10, 7, 10))}
    for dx, dy, r in spots.get(max(1, min(3, count or 1)), spots[1]):
        _star(draw, cx + dx, cy + dy, r)


def colony_chip(draw: ImageDraw.ImageDraw, colour: RGB, right: float, top: float, value: int) -> float:
    """A colony: a dome and its value on a pill in its owner's colour; returns its left edge."""
    label = str(value)
    width = font(MAP_TEXT, True).getlength(label) + 36
    left, bottom = right - width, top + 24
    ink = contrast_text(colour)
    draw.rounded_rectangle((left, top, right, bottom), radius=12, fill=colour, outline=INK, width=1)
    draw.pieslice((left + 8, top + 5, left + 26, top + 23), 180, 360, fill=ink)
    draw.line((left + 6, top + 15, left + 28, top + 15), fill=ink, width=2)
    draw_text(draw, (left + 32, top + 12), label, size=MAP_TEXT, bold=True, fill=ink, anchor="lm")
    return left


def _exit_chip(draw: ImageDraw.ImageDraw, box: Box, region: str, cost: int, near: bool, language: str) -> None:
    """A border to a region drawn on another part: a tab pointing away, the border's stub and
    cost, the region's name."""
    x0, y0, x1, y1 = box
    cy, tip = (y0 + y1) / 2, 12
    draw.polygon([(x0, y0), (x1 - tip, y0), (x1, cy), (x1 - tip, y1), (x0, y1)], fill=REGION, outline=REGION_EDGE,
                 width=2)
    _border_line(draw, (x0 + 4, cy), (x0 + 20, cy), near, width=3)
    _border_badge(draw, (x0 + 36, cy), cost)
    _map_text(draw, (x0 + 55, y0 + 2, x1 - tip - 2, y1 - 2), _t(language, f"region.{region}"), size=MAP_TEXT, fill=WHITE)


def _track_pieces(draw: ImageDraw.ImageDraw, view: Any, cell: Box, teams: list[tuple[str, int]],
                  claimant: str | None, language: str = "en") -> None:
    """The teams on one star-track space: one above the other; a third and more fanned over them
    (the last one on top)."""
    x0, y0, x1, y1 = cell
    rows = [teams[0::2], teams[1::2]] if len(teams) > 1 else [teams]
    row_h = (y1 - y0) / len(rows)
    for number, row in enumerate(rows):
        step = 0 if len(row) == 1 else min(TEAM_W, (x1 - x0 - TEAM_W - 4) / (len(row) - 1))
        left = (x0 + x1) / 2 - (TEAM_W + step * (len(row) - 1)) / 2
        for index, (team, seat) in enumerate(row):
            draw_team(draw, view, left + index * step, y0 + (number + 0.5) * row_h - TEAM_H / 2, team, seat,
                      team == claimant, language)


def _card_outline(claimant: str | None) -> tuple[RGB, int]:
    return (GOLD, 4) if claimant else (SITE_EDGE, 2)


def draw_star_card(draw: ImageDraw.ImageDraw, view: Any, site_id: str, box: Box,
                   pieces: dict[int, list[tuple[str, int]]], bases: dict[str, tuple[int, str]],
                   exits: tuple[tuple[str, int, bool], ...], language: str) -> None:
    """A star system: its name, build cost (or its colony), its tile boxes with the base on each
    tile, its star track with the teams on their spaces, the teams on the star, its exits."""
    site = tables().maps["E3"].sites[site_id]
    x0, y0, x1, y1 = box
    wide = x1 - x0 >= WIDE_CARD
    card = star_card(box, len(site.boxes), len(exits))
    claimant = view.claims.get(site_id)
    outline, width = _card_outline(claimant)
    draw.rounded_rectangle(box, radius=10, fill=SITE, outline=outline, width=width)
    colony = view.colonies.get(site.region)
    if colony is not None:                       # every box has a tile with a base: the build cost is moot
        owner, tile = colony
        right = colony_chip(draw, seat_rgb(view, owner), x1 - 8, y0 + 5, tables().colony_tiles[tile].value)
    else:
        label = _t(language, "build", n=site.build)
        right = x1 - 9 - font(MAP_TEXT).getlength(label) - 4
        _map_text(draw, (right, y0 + 4, x1 - 7, y0 + 30), label, size=MAP_TEXT, fill=MUTED, align="right")
    _map_text(draw, (x0 + 7, y0 + 4, right - 4, y0 + 30), _say(language, f"site.{site_id}"), size=21, bold=True)
    placed = view.tiles.get(site_id, [])
    for index, (stack, slot) in enumerate(zip(site.boxes, card.slots)):
        tile = placed[index] if index < len(placed) else None
        _tile_slot(draw, view, slot, stack, tile, bases.get(tile) if tile else None, site.explore or 0, wide,
                   language)
    for space, cell in zip((3, 2, 1), card.track):
        draw.rounded_rectangle(cell, radius=6, fill=TRACK_SPACE, outline=MUTED, width=1)
        if pieces.get(space):
            _track_pieces(draw, view, cell, pieces[space], claimant, language)
        else:
            draw_text(draw, ((cell[0] + cell[2]) / 2, (cell[1] + cell[3]) / 2), str(space), size=MAP_TEXT, fill=MUTED,
                      anchor="mm")
        if space > 1:                                       # toward the star
            cx, cy = cell[2] + TRACK_CELL_GAP / 2, (cell[1] + cell[3]) / 2
            draw.polygon([(cx - 3, cy - 5), (cx + 3, cy), (cx - 3, cy + 5)], fill=MUTED)
    _stars(draw, card.stars, site.stars or 1)
    draw_teams(draw, view, card.on_star, pieces.get(0, []), claimant, language)
    for (region, cost, near), chip in zip(exits, card.exits):
        _exit_chip(draw, chip, region, cost, near, language)


def _tile_slot(draw: ImageDraw.ImageDraw, view: Any, slot: Box, stack: str, tile: str | None,
               base: tuple[int, str] | None, explore: int, wide: bool, language: str) -> None:
    """One exploration box: empty (its explore cost, tinted by its stack), or its tile (name,
    ongoing effects) and the base on it in its owner's colour."""
    x0, y0, x1, y1 = slot
    box = slot if wide else (x0, y0, x1, y0 + 46)
    if tile is None:
        draw.rounded_rectangle(box, radius=6, fill=mix(STACK_E3.get(stack, STACK_E3["P"]), SITE, 0.6),
                               outline=MUTED, width=2)
        _map_text(draw, box, _t(language, "explore", n=explore), size=22, bold=True, fill=MUTED, align="center")
        return
    info = tables().discoveries.get(tile)
    draw.rounded_rectangle(box, radius=6, fill=STACK_E3.get(info.stack if info else stack, STACK_E3["P"]),
                           outline=INK, width=1)
    name = _say(language, f"tile.{tile}")
    effect = tile_effect(tile, language) if info is not None else ""
    pill: Box | None = None
    if base is not None:
        label = _say(language, f"base.{base[1]}")
        if wide:
            pill_w = min(200.0, max(96.0, font(MAP_TEXT, True).getlength(label) + 22))
            pill = (x1 - 5 - pill_w, y0 + 25, x1 - 5, y1 - 3)
        else:
            pill = (x0, y0 + 50, x1, y1)
        colour = seat_rgb(view, base[0])
        draw.rounded_rectangle(pill, radius=(pill[3] - pill[1]) // 2, fill=colour, outline=INK, width=1)
        _map_text(draw, (pill[0] + 8, pill[1], pill[2] - 8, pill[3]), label, size=MAP_TEXT, bold=True,
              fill=contrast_text(colour), align="center")
    if effect or (wide and pill is not None):
        right = pill[0] - 4 if wide and pill is not None else box[2] - 5
        rows = wrap_two(name, box[2] - box[0] - 12, MAP_TEXT, MAP_TEXT)
        if effect and len(rows) == 2 and font(MAP_TEXT).getlength(f"{rows[1]} · {effect}") <= right - box[0] - 7:
            name, effect = rows[0], f"{rows[1]} · {effect}"     # Kötött forgású / világ · bázis +2 · Kol 2
        # a name too long in bold for a narrow card's line (Tidally Locked World) in regular, whole
        bold = font(MAP_TEXT, True).getlength(name) <= box[2] - box[0] - 12
        _map_text(draw, (box[0] + 5, box[1] + 1, box[2] - 5, box[1] + 23), name, size=MAP_TEXT, bold=bold)
        if effect:
            _map_text(draw, (box[0] + 5, box[1] + 24, right, box[3] - 1), effect, size=MAP_TEXT)
    else:
        _map_text(draw, (box[0] + 5, box[1], box[2] - 5, box[3]), name, size=MAP_TEXT, bold=True)


def draw_void_card(draw: ImageDraw.ImageDraw, region: str, box: Box, exits: tuple[tuple[str, int, bool], ...],
                   language: str) -> None:
    """An empty region: a move may cross it but never end there (SC-MOV-31)."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=16, fill=REGION, outline=REGION_EDGE, width=2)
    _map_text(draw, (x0 + 8, y0 + 4, x1 - 8, y0 + 30), _t(language, f"region.{region}"), size=20, bold=True, fill=WHITE)
    top = y1 - CARD_PAD - len(exits) * EXIT_H
    for index, (other, cost, near) in enumerate(exits):
        _exit_chip(draw, (x0 + 6, top + index * EXIT_H + 2, x1 - 6, top + (index + 1) * EXIT_H - 2), other, cost,
                   near, language)


def draw_sun_card(draw: ImageDraw.ImageDraw, view: Any, site_id: str, box: Box, teams: list[tuple[str, int]],
                  language: str) -> None:
    """The Sun: every player's home, its teams."""
    x0, y0, x1, y1 = box
    outline, width = _card_outline(None)
    draw.rounded_rectangle(box, radius=10, fill=SITE, outline=outline, width=width)
    _star(draw, x1 - 24, y0 + 20, 15)
    _map_text(draw, (x0 + 7, y0 + 4, x1 - 44, y0 + 30), _say(language, f"site.{site_id}"), size=21, bold=True)
    _map_lines(draw, (x0 + 7, y0 + CARD_NAME_H, x1 - 7, y0 + CARD_NAME_H + HOME_NOTE_H - 2), _t(language, "home"),
           size=MAP_TEXT, fill=MUTED)
    draw_teams(draw, view, (x0 + 2, y0 + CARD_NAME_H + HOME_NOTE_H, x1 - 4, y1 - 4), teams, None, language)


def draw_orion_card(draw: ImageDraw.ImageDraw, view: Any, site_id: str, box: Box, teams: list[tuple[str, int]],
                    language: str) -> None:
    """An Orion Arm region: its name, the rewards for entering (SC-MOV-34) and the condition
    (SC-MOV-33), the teams there (they act no more)."""
    x0, y0, x1, y1 = box
    outline, width = _card_outline(None)
    draw.rounded_rectangle(box, radius=10, fill=SITE, outline=outline, width=width)
    top = y0 + 2 * CARD_NAME_H - 10
    _map_lines(draw, (x0 + 7, y0 + 4, x1 - 7, top), _say(language, f"site.{site_id}"), size=21, bold=True)
    first, later = tables().constants.orion_rewards
    _map_lines(draw, (x0 + 7, top, x1 - 7, top + 66), _t(language, "orion_reward", first=first, next=later), size=MAP_TEXT,
           lines=3)
    _map_lines(draw, (x0 + 7, top + 66, x1 - 7, top + ORION_TEXT_H), _t(language, "orion_entry"), size=MAP_TEXT, fill=MUTED,
           lines=3)
    draw_teams(draw, view, (x0 + 2, top + ORION_TEXT_H, x1 - 4, y1 - 4), teams, None, language)


def draw_map_part_e3(view: Any, part: int, language: str, player_names: list[str] | None = None) -> Image.Image:
    """One of the three map images of E3."""
    layout = layout_e3()
    board = tables().maps["E3"]
    image = Image.new("RGB", (WIDTH, layout.heights[part - 1]), SPACE)
    draw = ImageDraw.Draw(image)
    badges = []
    for border in board.borders:
        for where, start, end in layout.border_lines.get(frozenset((border.a, border.b)), ()):
            if where == part:
                _border_line(draw, start, end, bool(border.near))
                badges.append((((start[0] + end[0]) / 2, (start[1] + end[1]) / 2), border.cost))
    pieces, bases = pieces_e3(view), bases_e3(view)
    for region, (where, box) in layout.regions.items():
        if where != part:
            continue
        exits = layout.exits.get(region, ())
        kind = board.regions[region].kind
        if kind == "void":
            draw_void_card(draw, region, box, exits, language)
            continue
        site = board.sites_in(region)[0]
        here = pieces.get(site.id, {})
        if kind == "star_system":
            draw_star_card(draw, view, site.id, box, here, bases.get(site.id, {}), exits, language)
        elif kind == "orion":
            draw_orion_card(draw, view, site.id, box, here.get(0, []), language)
        else:
            draw_sun_card(draw, view, site.id, box, here.get(0, []), language)
    for at, cost in badges:
        _border_badge(draw, at, cost)
    title = map_title(view, player_names, language) if part == 1 else _t(language, f"part.E3.{part}")
    _map_text(draw, (14, 6, 786, 40), title, size=22, bold=True, fill=WHITE)
    if layout.legend[0] == part:
        draw_legend_e3(draw, language, layout.legend[1], layout.legend_items)
    if layout.stacks is not None and layout.stacks[0] == part:
        draw_stacks_e3(draw, view, layout.stacks[1], language)
    return image


def draw_legend_e3(draw: ImageDraw.ImageDraw, language: str, box: Box, items: tuple[str, ...]) -> None:
    """The signs of the E3 map in two columns: a sample and its meaning."""
    draw.rounded_rectangle(box, radius=12, fill=REGION, outline=REGION_EDGE, width=2)
    for item, (left, top, right, bottom) in legend_cells(box, items, 2, LEGEND_SAMPLE_W_E3):
        cx, cy = left + 50, (top + bottom) / 2
        if item in ("explore_p", "explore_s"):
            draw.rounded_rectangle((cx - 30, cy - 15, cx + 30, cy + 15), radius=5,
                                   fill=mix(STACK_E3[item[-1].upper()], SITE, 0.6), outline=MUTED, width=2)
            draw_text(draw, (cx, cy), _t(language, "explore", n=5), size=MAP_TEXT, bold=True, fill=MUTED, anchor="mm")
        elif item == "build":
            draw_text(draw, (cx, cy), _t(language, "build", n=8), size=20, bold=True, fill=WHITE, anchor="mm")
        elif item in ("near", "far"):
            _border_line(draw, (cx - 40, cy), (cx + 40, cy), item == "near")
            _border_badge(draw, (cx, cy), 15 if item == "near" else 20)
        elif item == "exit":
            draw.polygon([(cx - 40, cy - 15), (cx + 28, cy - 15), (cx + 40, cy), (cx + 28, cy + 15), (cx - 40, cy + 15)],
                         fill=REGION, outline=REGION_EDGE, width=2)
            _border_line(draw, (cx - 36, cy), (cx - 18, cy), False, width=3)
            _border_badge(draw, (cx, cy), 30)
        elif item in ("team", "claim"):
            draw_team(draw, _LegendView(), cx - TEAM_W / 2, cy - TEAM_H / 2, "B1", 0, item == "claim", language)
        elif item == "track":
            for space in (3, 2, 1):
                left_cell = cx - 42 + (3 - space) * 24
                draw.rounded_rectangle((left_cell, cy - 13, left_cell + 21, cy + 13), radius=4, fill=TRACK_SPACE,
                                       outline=MUTED, width=1)
                draw_text(draw, (left_cell + 10.5, cy), str(space), size=MAP_TEXT, fill=MUTED, anchor="mm")
            _star(draw, cx + 38, cy, 10)
        elif item == "colony":
            colony_chip(draw, SEAT_RGB["B"], cx + 26, cy - 12, 5)
        elif item == "radiation_e3":
            _radiation_sign(draw, cx, cy, 14)
        else:
            draw.rounded_rectangle((cx - 30, cy - 14, cx + 30, cy + 14), radius=14, fill=SEAT_RGB["Y"], outline=INK)
        _legend_text(draw, (left + LEGEND_SAMPLE_W_E3, top, right - 8, bottom), _t(language, f"legend.{item}"))


def draw_stacks_e3(draw: ImageDraw.ImageDraw, view: Any, box: Box, language: str) -> None:
    """The discovery stacks (SC-SETUP-41): each stack's id (as a move names it) and its count."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=REGION, outline=REGION_EDGE, width=2)
    _map_text(draw, (x0 + 10, y0 + 4, x1 - 10, y0 + 32), _t(language, "stacks"), size=20, bold=True, fill=WHITE)
    stacks = list(view.stacks)
    width = (x1 - x0 - 20 - 8 * (len(stacks) - 1)) / max(1, len(stacks))
    for index, stack in enumerate(stacks):
        left = x0 + 10 + index * (width + 8)
        tile = (left, y0 + 40, left + width, y0 + 104)
        draw.rounded_rectangle(tile, radius=8, fill=STACK_E3.get(stack[:1], SITE), outline=INK, width=1)
        draw_text(draw, ((tile[0] + tile[2]) / 2, tile[1] + 17), text_of(stack_code(stack), language), size=MAP_TEXT, bold=True,
                  fill=MUTED, anchor="mm")
        draw_text(draw, ((tile[0] + tile[2]) / 2, tile[1] + 44), str(len(view.stacks[stack])), size=22, bold=True,
                  fill=INK, anchor="mm")
    _map_lines(draw, (x0 + 10, y0 + 110, x1 - 10, min(y1 - 6, y0 + 160)), _t(language, "stacks_kinds"), size=MAP_TEXT,
           fill=WHITE)


# ------------------------------------------------------------------------------------------------
# The business display
_CALM: ContextVar[bool] = ContextVar("spacecorp_calm_header", default=False)


def map_title(view: Any, player_names: list[str] | None, language: str) -> str:
    """The map's title: :func:`header_text`, but in the thread only the era, the end of the game
    too (the goals image says it, with the winners): the map changes only with its pieces."""
    if _CALM.get():
        return text_of(Msg(f"spacecorp.era.{view.era}"), language)
    return header_text(view, player_names, language)


def header_text(view: Any, player_names: list[str] | None, language: str) -> str:
    era = Msg(f"spacecorp.era.{view.era}")
    if view.phase == OVER:
        return f"{text_of(era, language)} · {_t(language, 'over')}"
    if _CALM.get():          # the thread's picture: who acts is in the post, not on every image
        return text_of(era, language)
    legacy = view.legacy_choice
    if view.phase == LEGACY and legacy is not None:      # the Legacy selection between eras (SC-TRANS-1)
        waiting = [player_name(view, seat, player_names, language) for seat in sorted(legacy.waiting())]
        return _t(language, "header_legacy", era=era, players=Join(waiting, "and"))
    if view.windows:                                   # a reaction window waits for one player (§9.3)
        window = view.windows[-1]
        trigger = Msg(f"spacecorp.trigger.{window.event}",
                      player=player_name(view, window.subject, player_names, language))
        return _t(language, "header_window", era=era, trigger=trigger,
                  player=player_name(view, window.waiting[0], player_names, language))
    pending = view.pending
    if pending:                                        # a decision owed before play goes on
        first = pending[0]
        who = player_name(view, first.seat, player_names, language)
        if first.kind == PROGRESS and first.what in PROGRESS_KINDS:
            return _t(language, "pending.progress", era=era, player=who,
                      kind=Msg(f"spacecorp.render.kind.{first.what}"))
        if first.kind == PIONEER:
            return _t(language, "pending.pioneer", era=era, player=who)
        return _t(language, "pending", era=era, player=who)
    return _t(language, "header", era=era, player=player_name(view, view.turn.seat, player_names, language),
              step=Msg(f"spacecorp.step.{view.turn.step}"))


EDGE_INK = (150, 70, 10)
OFFER_HEAD: RGB = (226, 230, 240)                # the strip of an Offer box's codes
OFFER_EXTRA = 24                                # the Offer boxes' line for Infra and the Edge


def wrap_two(text: str, width: float, size: int, least: int = MIN_TEXT) -> list[str]:
    """``text`` on one line when it fits in ``width`` at ``least`` (bold), else on two, broken
    at the last space or hyphen that lets the first line fit, or inside a long word at a syllable
    (``Lávacsator-`` / ``nák``)."""
    return wrap_words(text, font(least, True), width, 2)


def _table_text(draw: ImageDraw.ImageDraw, box: Box, text: str, **options: Any) -> None:
    """:func:`_text` on the Offer, the contracts and the Side Board: fitted down to ``PANEL_MIN``."""
    options.setdefault("min_size", PANEL_MIN)
    _text(draw, box, text, **options)


def _table_lines(draw: ImageDraw.ImageDraw, box: Box, text: str, **options: Any) -> None:
    """:func:`_lines` on the Offer, the contracts and the Side Board: fitted down to ``PANEL_MIN``."""
    options.setdefault("min_size", PANEL_MIN)
    _lines(draw, box, text, **options)


def label_fits_bold(box_w: float, label: str, card: str | None, language: str) -> bool:
    """Whether an Offer box ``box_w`` wide writes its label in bold beside the card's code, both
    at ``PANEL_MIN`` (``kínálat1`` beside ``Cs32#1`` does not: the label is then regular, not
    smaller)."""
    if card is None:
        return True
    code = card_code(card).text(language)
    return font(PANEL_MIN, True).getlength(label) + font(PANEL_MIN, True).getlength(code) + 8 <= box_w - 12


def draw_card_box(draw: ImageDraw.ImageDraw, box: Box, label: str, card: str | None, language: str,
                  label_bold: bool | None = None) -> None:
    """One Offer box: its label and the card's id, name and entries (or "empty"), at 20 px
    (a name too long for a line on two), fitted down to ``MIN_TEXT`` only where a text does not
    fit its box whole (``Védett Mozgás 10`` in a narrow box).  The label and the card's code at
    ``PANEL_MIN`` or more: a label is regular (``label_bold`` False; None: bold where it fits
    beside the code) rather than smaller."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=WHITE, outline=MUTED, width=2)
    if label_bold is None:
        label_bold = label_fits_bold(x1 - x0, label, card, language)
    if card is None:
        _text(draw, (x0 + 6, y0 + 5, x1 - 6, y0 + 32), label, size=21, bold=label_bold, fill=MUTED)
        _text(draw, (x0 + 6, y0 + 30, x1 - 6, y1 - 6), _t(language, "empty"), size=20, fill=MUTED, align="center")
        return
    data = None if is_time(card) else tables().cards[design(card)]
    infra = _t(language, "infra_mark")
    bottom = [_say(language, f"edge.{data.edge}")] if data is not None and data.edge else []
    if data is not None and data.infra:        # Infra use below, beside the Edge
        bottom.insert(0, infra)
    # the box's code (what ``húz kínálat2`` names) and the card's (what the hand shows), large enough to be
    # read on a phone (D11): the card's code in ink, right-aligned, on a light strip under the box's label
    code = card_code(card).text(language)
    inner = x1 - x0 - 12                       # the code as large as the label (at PANEL_MIN) leaves room
    middle = x1 - 6 - min(font(21, True).getlength(code), inner - font(PANEL_MIN, label_bold).getlength(label) - 8) - 4
    draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 30), radius=6, fill=OFFER_HEAD)
    _text(draw, (x0 + 6, y0 + 3, middle, y0 + 31), label, size=20, bold=label_bold, fill=MUTED, min_size=PANEL_MIN)
    _text(draw, (middle + 2, y0 + 3, x1 - 6, y0 + 30), code, size=21, bold=True, fill=INK, align="right",
          min_size=PANEL_MIN)
    rows = wrap_two(card_name(card, language), x1 - x0 - 14, 20, PANEL_MIN)    # Magnetoplazma- / hajtómű
    if len(rows) == 1:
        _text(draw, (x0 + 6, y0 + 32, x1 - 6, y0 + 72), rows[0], size=20, bold=True)
    for index, row in enumerate(rows if len(rows) > 1 else []):
        _text(draw, (x0 + 6, y0 + 31 + index * 21, x1 - 6, y0 + 54 + index * 21), row, size=20, bold=True)
    entries = card_entries(card)[:2]
    for index, entry in enumerate(entries):
        top = y0 + 74 + index * 22
        _text(draw, (x0 + 6, top - 1, x1 - 6, top + 23), entry_text(entry, language), size=20)
    if bottom:                                 # the card's Edge (in orange, as the Offer's heading says)
        ink = EDGE_INK if data is not None and data.edge else MUTED
        rows = wrap_two(" · ".join(bottom), x1 - x0 - 12, 20, PANEL_MIN)
        if len(rows) == 2 and len(entries) < 2:     # a long Edge (Befektetői / bizalom) in the free row too
            for index, row in enumerate(rows):
                _text(draw, (x0 + 6, y0 + 96 + index * 23, x1 - 6, y0 + 119 + index * 23), row, size=20, bold=True,
                      fill=ink)
        else:
            _text(draw, (x0 + 6, y0 + 119, x1 - 6, y0 + 143), " · ".join(bottom), size=20, bold=True, fill=ink)


SIDE_ROW_H = 34


def side_board_of(view: Any) -> list[tuple[str, list[str]]] | None:
    """The Side Board's Progress stacks still holding a copy (top first), in the data's order;
    None where there is no Side Board (E1)."""
    board = view.side_board
    if view.era == "E1" and not any(board.values()):
        return None
    order = list(tables().progress)
    return sorted(((card, copies) for card, copies in board.items() if copies),
                  key=lambda item: order.index(item[0]) if item[0] in order else len(order))


OFFER_SECTION_H = 194 + OFFER_EXTRA            # the Offer's heading, its four boxes and the piles' line
CONTRACT_ROW_H = 36


def draw_offer(draw: ImageDraw.ImageDraw, view: Any, top: float, language: str) -> None:
    """The Offer (heading and four boxes) and under it the piles' line, from ``top`` down
    (``OFFER_SECTION_H`` tall)."""
    _table_text(draw, (14, top, 400, top + 26), _t(language, "offer"), size=21, bold=True)
    _table_text(draw, (400, top + 1, 786, top + 27), _t(language, "offer_note"), size=20, bold=True, fill=EDGE_INK,
          align="right")
    box_w = (WIDTH - 28 - 3 * 8) / 4
    labels = [offer_code(code).text(language) for code in OFFER]
    bold = all(label_fits_bold(box_w, label, card, language) for label, card in zip(labels, view.offer))   # all alike
    for index, (label, card) in enumerate(zip(labels, view.offer)):
        left = 14 + index * (box_w + 8)
        draw_card_box(draw, (left, top + 30, left + box_w, top + 152 + OFFER_EXTRA), label, card, language, bold)
    y = top + 160 + OFFER_EXTRA
    _table_text(draw, (14, y, 786, y + 26), _t(language, "piles", pile=len(view.pile), discards=len(view.discards),
                                         time=len(view.time_discards)), size=20)


def header_note(view: Any, player_names: list[str] | None, language: str) -> str:
    """The line under the era: the winners once the game is over, else the era-end trigger
    ("" when none)."""
    if view.phase == OVER:
        winners = Join([player_name(view, seat, player_names, language) for seat in _winners(view)], "and")
        return text_of(Msg("spacecorp.news.game_over", winners=winners), language)
    return _say(language, f"status.trigger.{view.trigger}") if view.trigger else ""


def draw_header_note(draw: ImageDraw.ImageDraw, view: Any, player_names: list[str] | None, language: str) -> None:
    """The era (and, outside the thread, who acts) and under it :func:`header_note` (86 px)."""
    _table_text(draw, (14, 6, 786, 40), header_text(view, player_names, language), size=23, bold=True)
    note = header_note(view, player_names, language)
    if note:
        _table_lines(draw, (14, 40, 786, 84), note, size=20, fill=(170, 60, 20))


def contracts_height(view: Any) -> int:
    """The contracts' section (title and rows) and the Side Board's, if any."""
    height = 36 + len(tables().era_contracts(view.era)) * CONTRACT_ROW_H + 12
    side = side_board_of(view)
    if side is not None:
        height += 40 + max(1, len(side)) * SIDE_ROW_H + 8
    return height


def draw_contracts(draw: ImageDraw.ImageDraw, view: Any, top: float, language: str) -> None:
    """The era's contracts (fulfilled or open) and the Side Board, from ``top`` down."""
    t = tables()
    contracts = t.era_contracts(view.era)
    row_h = CONTRACT_ROW_H
    done = sum(1 for where in view.contracts.values() if where == view.era)
    _table_text(draw, (14, top, 786, top + 28), _t(language, "contracts", done=done,
                                             needed=t.constants.contracts_to_end_era), size=21, bold=True)
    for index, contract in enumerate(contracts):
        row = top + 34 + index * row_h
        fulfilled = view.contracts.get(contract.row) == view.era
        draw.rounded_rectangle((14, row, 786, row + row_h - 4), radius=6, fill=DONE if fulfilled else WHITE,
                               outline=MUTED, width=1)
        draw_text(draw, (34, row + row_h / 2 - 2), str(contract.row), size=20, bold=True, fill=MUTED, anchor="mm")
        _table_text(draw, (56, row + 2, 560, row + row_h - 6), _say(language, f"contract.{view.era}.{contract.row}"),
              size=20)
        _table_text(draw, (566, row + 2, 630, row + row_h - 6), _t(language, "reward", n=contract.reward), size=20,
              bold=True, align="right")
        _table_text(draw, (640, row + 2, 780, row + row_h - 6), _t(language, "fulfilled" if fulfilled else "open"),
              size=20, bold=fulfilled, fill=(20, 110, 40) if fulfilled else MUTED, align="right")
    side = side_board_of(view)
    if side is not None:
        draw_side_board(draw, side, top + 34 + len(contracts) * row_h + 8, language)


def draw_business(view: Any, player_names: list[str] | None, language: str) -> Image.Image:
    """The business display: the era, the Offer and the piles, the contracts, the Side Board.
    The Offer right under the era's line when there is no note (no blank band, as the goals)."""
    offer_top = 88 if header_note(view, player_names, language) else 46
    contracts_top = offer_top + OFFER_SECTION_H
    image = Image.new("RGB", (WIDTH, contracts_top + contracts_height(view)), PANEL)
    draw = ImageDraw.Draw(image)
    draw_header_note(draw, view, player_names, language)
    draw_offer(draw, view, offer_top, language)
    draw_contracts(draw, view, contracts_top, language)
    return image


def draw_table(view: Any, seats: Iterable[int], player_names: list[str] | None, language: str) -> Image.Image:
    """The thread's picture of what is in play: the Offer and the piles, then every player's
    panel.  What a turn changes (cards played, drawn and bought, profit, the HQ) is here, so a
    turn changes this image and the map, not three or four (issue 25)."""
    seats = list(seats)
    panel_h = panel_height(view, language)
    players_top = 6 + OFFER_SECTION_H
    image = Image.new("RGB", (WIDTH, players_top + len(seats) * (panel_h + PANEL_GAP) + PANEL_GAP), PANEL)
    draw = ImageDraw.Draw(image)
    draw_offer(draw, view, 6, language)
    for index, seat in enumerate(seats):
        draw_player(draw, view, seat, players_top + PANEL_GAP + index * (panel_h + PANEL_GAP), player_names, language)
    return image


def draw_goals(view: Any, player_names: list[str] | None, language: str) -> Image.Image:
    """The thread's picture of what the era is played for: the era (with its end trigger or
    the winners), the contracts and the Side Board; it changes a few times an era."""
    top = 88 if header_note(view, player_names, language) else 46
    image = Image.new("RGB", (WIDTH, top + contracts_height(view)), PANEL)
    draw = ImageDraw.Draw(image)
    draw_header_note(draw, view, player_names, language)
    draw_contracts(draw, view, top, language)
    return image


def draw_side_board(draw: ImageDraw.ImageDraw, side: list[tuple[str, list[str]]], top: float,
                    language: str) -> None:
    """The Progress cards on the Side Board: a row per stack with its name, kind, copies left
    and ``+1T`` when the copy on top carries the profit bonus (``#1``, SC-PROG-4)."""
    _table_text(draw, (14, top, 786, top + 30), _t(language, "side_board"), size=21, bold=True)
    top += 36
    if not side:
        _table_text(draw, (14, top, 786, top + SIDE_ROW_H - 4), _t(language, "empty"), size=20, fill=MUTED)
        return
    for index, (card, copies) in enumerate(side):
        row = top + index * SIDE_ROW_H
        info = tables().progress.get(card)
        kind = info.kind if info is not None else ""
        draw.rounded_rectangle((14, row, 786, row + SIDE_ROW_H - 4), radius=6, fill=KIND_RGB.get(kind, WHITE),
                               outline=MUTED, width=1)
        _table_text(draw, (22, row + 2, 430, row + SIDE_ROW_H - 6), progress_name(card, language), size=20, bold=True)
        if kind in PROGRESS_KINDS:
            _table_text(draw, (436, row + 2, 596, row + SIDE_ROW_H - 6), _t(language, f"kind.{kind}"), size=20, fill=MUTED)
        _table_text(draw, (600, row + 2, 718, row + SIDE_ROW_H - 6), _t(language, "copies", n=len(copies)), size=20,
              fill=MUTED, align="right")
        if copies[0].endswith("#1") and info is not None and info.bonus:
            _table_text(draw, (726, row + 2, 780, row + SIDE_ROW_H - 6), _t(language, "bonus", n=info.bonus), size=20,
                  bold=True, fill=(20, 110, 40), align="right")


COLONY_ROW_H = 56


def draw_colonies(view: Any, player_names: list[str] | None, language: str) -> Image.Image:
    """E3's colonies: the colony tiles still on the Side Board (name, value, ability; two
    columns), the colonies in play (owner, region, value, ability) and the era-end profit by
    the number of colonies owned (SC-SCORE-2).  Every text at ``PANEL_MIN`` or more: an ability
    too long for its box's line takes a second line (its row grows, COLONY_LINE_H)."""
    t = tables()
    supply = list(view.colony_supply)
    order = list(t.maps["E3"].regions)
    placed = sorted(((region, owner, tile) for region, (owner, tile) in view.colonies.items()),
                    key=lambda item: (item[1], order.index(item[0]) if item[0] in order else len(order)))
    column_w = (WIDTH - 28 - 8) / 2
    supply_heights = [COLONY_ROW_H + COLONY_LINE_H * max(len(colony_ability_rows(tile, column_w, language)) - 1
                                                         for tile in supply[start:start + 2])
                      for start in range(0, len(supply), 2)] or [COLONY_ROW_H]
    placed_heights = [COLONY_ROW_H + COLONY_LINE_H * (len(colony_ability_rows(tile, WIDTH - 28, language)) - 1)
                      for _region, _owner, tile in placed] or [COLONY_ROW_H]
    height = 44 + sum(supply_heights) + 48 + sum(placed_heights) + 10 + 64
    image = Image.new("RGB", (WIDTH, height), PANEL)
    draw = ImageDraw.Draw(image)
    _table_text(draw, (14, 8, 786, 38), _t(language, "colony_supply"), size=21, bold=True)
    top = 44
    if not supply:
        _table_text(draw, (14, top, 786, top + COLONY_ROW_H - 6), _t(language, "empty"), size=20, fill=MUTED)
    for index, tile in enumerate(supply):
        row, column = divmod(index, 2)
        left, row_top = 14 + column * (column_w + 8), top + sum(supply_heights[:row])
        _colony_box(draw, (left, row_top, left + column_w, row_top + supply_heights[row] - 6), tile,
                    _say(language, f"colony.{tile}"), COLONY_NEUTRAL, WHITE, language)
    top += sum(supply_heights) + 8
    _table_text(draw, (14, top, 786, top + 32), _t(language, "colonies_in_play"), size=21, bold=True)
    top += 40
    if not placed:
        _table_text(draw, (14, top, 786, top + COLONY_ROW_H - 6), _t(language, "colonies_none"), size=20, fill=MUTED)
    for index, (region, owner, tile) in enumerate(placed):
        row_top = top + sum(placed_heights[:index])
        colour = seat_rgb(view, owner)
        title = _t(language, "colony_placed", colony=Msg(f"spacecorp.colony.{tile}"),
                   region=Msg(f"spacecorp.render.region.{region}"),
                   player=player_name(view, owner, player_names, language))
        _colony_box(draw, (14, row_top, 786, row_top + placed_heights[index] - 6), tile, title, colour,
                    mix(colour, WHITE, 0.82), language)
    top += sum(placed_heights) + 4
    scores = t.constants.colony_score
    items = [Msg("spacecorp.render.colony_score_item_max" if count == max(scores) else
                 "spacecorp.render.colony_score_item", n=count, t=f"{scores[count]:+d}".replace("-", "−"))
             for count in sorted(scores)]
    _table_lines(draw, (14, top, 786, top + 52), _t(language, "colony_score", scores=Join(items, "comma")), size=20)
    return image


COLONY_LINE_H = 22                 # a colony's ability on a second line


def colony_ability_rows(tile: str, box_w: float, language: str) -> list[str]:
    """A colony tile's ability as its box writes it: one line at PANEL_MIN, else two."""
    ability = _t(language, f"ability.{tables().colony_tiles[tile].ability}")
    return wrap_words(ability, font(PANEL_MIN), box_w - 18, 2)


def _colony_box(draw: ImageDraw.ImageDraw, box: Box, tile: str, title: str, colour: RGB, fill: RGB,
                language: str) -> None:
    """A colony tile: its title and value on the first line, its ability on the second (and third)."""
    x0, y0, x1, y1 = box
    info = tables().colony_tiles[tile]
    draw.rounded_rectangle(box, radius=8, fill=fill, outline=colour, width=3 if colour != COLONY_NEUTRAL else 1)
    left = colony_chip(draw, colour, x1 - 8, y0 + 3, info.value)
    _table_text(draw, (x0 + 8, y0 + 2, left - 6, y0 + 26), title, size=20, bold=True)
    for index, line in enumerate(colony_ability_rows(tile, x1 - x0, language)):
        _table_text(draw, (x0 + 8, y0 + 26 + index * COLONY_LINE_H, x1 - 8, y0 + 50 + index * COLONY_LINE_H), line,
                    size=20, fill=MUTED)


def _winners(view: Any) -> list[int]:
    return read_winners(view)


# ------------------------------------------------------------------------------------------------
# The players
PANEL_H, PANEL_GAP = 322, 10
PANEL_H_EXTENDED = 436          # with the idea cube, the Progress cards and the Legacy Production (E2)
WHEEL_ROW_H, WHEEL_ROW_H_E2 = 40, 56
HQ_BOX_H, HQ_LINE_H = 128, 24   # an HQ box: its label and four lines at PANEL_MIN and more
BASES_LINE_H = 26               # a line of the bases left: two (PANEL_H), three when a player's list needs them
PANEL_TEXT_W = WIDTH - 20 - 24 - 2


def bases_text(view: Any, seat: int, language: str) -> str:
    """"Bases left: Attraction 3, Bio Lab 3, ..." of a player; a base's name and count kept on one
    line (no-break spaces: "Research Base 2", "Kitermelő bázis 3" are not broken at a wrap)."""
    bases = Join([_t(language, "base_count", base=Msg(f"spacecorp.base.{kind}"), n=count).replace(" ", "\u00a0")
                  for kind, count in view.players[seat].bases.items()])
    return _t(language, "bases_left", bases=bases)


def bases_rows(view: Any, language: str) -> int:
    """The lines every panel of the view gives the bases left: two, or three when a player's list
    (Hungarian: eight long names) does not fit in two at ``PANEL_TEXT``."""
    fnt = font(PANEL_TEXT)
    return max([2] + [len(wrap_words(bases_text(view, player.seat, language), fnt, PANEL_TEXT_W, 3))
                      for player in view.players])


def panel_height(view: Any, language: str) -> int:
    """A player panel's height: E1's or the extended one, a line more when the bases take three."""
    return ((PANEL_H_EXTENDED if extended_panels(view) else PANEL_H)
            + (bases_rows(view, language) - 2) * BASES_LINE_H)


def _genetics_cube(draw: ImageDraw.ImageDraw, cx: float, cy: float, half: float) -> None:
    draw.rectangle((cx - half, cy - half, cx + half, cy + half), fill=GENETICS_CUBE, outline=INK, width=2)


def _idea_cube(draw: ImageDraw.ImageDraw, cx: float, cy: float, half: float) -> None:
    draw.polygon([(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)], fill=IDEA_CUBE,
                 outline=WHITE)


def draw_wheel(draw: ImageDraw.ImageDraw, left: float, cy: float, position: int, idea: int | None = None) -> float:
    """The Progress Wheel's spaces in a row (0 = Start), the genetics cube (a brown square) on its
    space and, from E2 on, the idea cube (a black diamond; the two side by side when they share a
    space); returns the right edge."""
    size = tables().wheel.size
    for space in range(size):
        cx = left + 16 + space * 34
        fill = GOLD if space == tables().wheel.award_space else WHITE
        draw.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=fill, outline=MUTED, width=2)
        genetics, thought = space == position, idea is not None and space == idea
        if genetics and thought:
            _genetics_cube(draw, cx - 7, cy, 6)
            _idea_cube(draw, cx + 7, cy, 7)
        elif genetics:
            draw.rectangle((cx - 9, cy - 9, cx + 9, cy + 9), fill=GENETICS_CUBE, outline=INK, width=2)
        elif thought:
            _idea_cube(draw, cx, cy, 12)
        else:
            draw_text(draw, (cx, cy), str(space), size=PANEL_MIN, fill=MUTED, anchor="mm")
    return left + size * 34


def extended_panels(view: Any) -> bool:
    """Whether the player panels have the E2 rows (idea cube, Progress cards, Legacy Production)."""
    return view.era != "E1" or any(player.progress or player.legacy is not None
                                   for player in view.players)


def progress_text(player: Any, language: str) -> str:
    """The Progress cards a player owns, by kind (Adaptations, then Breakthroughs), ``+1T`` on a
    copy with the profit bonus."""
    groups: dict[str, list[str]] = {}
    for card in player.progress:
        info = tables().progress.get(design(card))
        name = progress_name(card, language)
        if card.endswith("#1") and info is not None and info.bonus:
            name = _t(language, "with_bonus", name=name, n=info.bonus)
        groups.setdefault(info.kind if info is not None and info.kind in PROGRESS_KINDS else "", []).append(name)
    if not groups:
        return _t(language, "progress_none")
    return " · ".join(_t(language, f"progress_kind.{kind}" if kind else "progress", cards=Join(groups[kind]))
                      for kind in sorted(groups, key=lambda kind: (kind not in PROGRESS_KINDS, kind)))


def draw_legacy(draw: ImageDraw.ImageDraw, view: Any, seat: int, box: Box, language: str) -> None:
    """The Legacy Production pair on the HQ: the tile in its stack's colour, the base in the
    owner's colour (or "none")."""
    x0, y0, x1, y1 = box
    label = _t(language, "legacy")
    width = min(260.0, fit_font(label, 260, y1 - y0, max_size=PANEL_TEXT, min_size=PANEL_MIN).getlength(label) + 4)
    _text(draw, (x0, y0, x0 + width, y1), label, size=PANEL_TEXT, min_size=PANEL_MIN)
    left = x0 + width + 10
    pair = view.players[seat].legacy
    if pair is None:
        _text(draw, (left, y0, x1, y1), _t(language, "legacy_none"), size=PANEL_TEXT, fill=MUTED, min_size=PANEL_MIN)
        return
    tile, base = pair
    info = tables().discoveries.get(tile)
    effect = tile_effect(tile, language) if info is not None else ""
    name = _say(language, f"tile.{tile}")
    tile_text = f"{name} · {effect}" if effect else name
    base_text = _say(language, f"base.{base}")
    # the tile's box and the base's as wide as their texts need at PANEL_MIN (C-S9: "Carbonaceous
    # Chondrite · P1" beside "Research Base"), the room left over shared 60:40
    bold = font(PANEL_MIN, True)
    need_tile, need_base = bold.getlength(tile_text) + 16, bold.getlength(base_text) + 28
    total = x1 - left - 8
    spare = total - need_tile - need_base
    middle = left + (need_tile + spare * 0.6 if spare >= 0 else total * need_tile / (need_tile + need_base))
    draw.rounded_rectangle((left, y0, middle, y1), radius=6, fill=STACK.get(info.stack if info else "f1", STACK["f1"]),
                           outline=INK, width=1)
    _text(draw, (left + 6, y0 + 1, middle - 6, y1 - 1), tile_text, size=PANEL_MIN, bold=True, min_size=PANEL_MIN)
    colour = seat_rgb(view, seat)
    draw.rounded_rectangle((middle + 8, y0, x1, y1), radius=(y1 - y0) // 2, fill=colour, outline=INK, width=1)
    _text(draw, (middle + 16, y0 + 1, x1 - 8, y1 - 1), base_text, size=PANEL_MIN, bold=True,
          fill=contrast_text(colour), align="center", min_size=PANEL_MIN)


def hq_entry_lines(entries: Iterable[Any], width: float, room: int, language: str) -> list[tuple[str, bool]]:
    """An HQ box's entries as (line, bold) at ``PANEL_MIN``: one line each, and an entry too long
    for one (``Védett Mozgás 10``) on two when the box has ``room`` lines for all of them."""
    texts = [entry_text(entry, language) for entry in entries]
    wrapped = [row for text in texts for row in wrap_words(text, font(PANEL_MIN), width, 2)]
    return [(row, False) for row in (wrapped if len(wrapped) <= room else texts)]


def draw_player(draw: ImageDraw.ImageDraw, view: Any, seat: int, top: float, player_names: list[str] | None,
                language: str) -> None:
    player = view.players[seat]
    colour = seat_rgb(view, seat)
    x0, x1 = 10, WIDTH - 10
    extended = extended_panels(view)
    panel_h = panel_height(view, language)
    draw.rounded_rectangle((x0, top, x1, top + panel_h), radius=12, fill=WHITE, outline=colour, width=3)
    draw.rounded_rectangle((x0, top, x1, top + 40), radius=12, fill=colour, corners=(True, True, False, False))
    title = _t(language, "player_title", name=player_name(view, seat, player_names, language),
               colour=Msg(f"spacecorp.colour.{player.colour}"), profit=player.profit,
               cards=len(view.hands.cards[seat]))
    if player.passed:
        title = _t(language, "passed", title=title)
    _text(draw, (x0 + 10, top + 2, x1 - 10, top + 38), title, size=22, bold=True, fill=contrast_text(colour))
    # the HQ boxes: R (printed, never covered) and the Infra boxes 1-3
    printed = tables().hq_sides[view.hq_side].boxes
    box_w = (x1 - x0 - 20 - 3 * 8) / 4
    for index, box in enumerate(("R", "1", "2", "3")):
        left, btop = x0 + 10 + index * (box_w + 8), top + 48
        rect = (left, btop, left + box_w, btop + HQ_BOX_H)
        card = player.hq.get(box) if box != "R" else None
        draw.rounded_rectangle(rect, radius=8, fill=(244, 240, 228) if card is None else (226, 236, 252),
                               outline=MUTED, width=2)
        label = _t(language, "hq_box.R") if box == "R" else _t(language, "hq_box", n=box)
        _text(draw, (left + 6, btop + 2, left + box_w - 6, btop + 28), label, size=PANEL_TEXT, bold=True, fill=MUTED,
              min_size=PANEL_MIN)
        lines: list[tuple[str, bool]] = []
        if card is not None:
            names = [(part, True) for part in wrap_two(card_name(card, language), box_w - 14, PANEL_MIN, PANEL_MIN)]
            entries = hq_entry_lines(card_entries(card), box_w - 14, 4 - len(names), language)
            lines += ([(card_code(card).text(language), False)] if len(names) + len(entries) < 4 else []) + names + entries
        else:
            lines += hq_entry_lines(printed.get(box, ()), box_w - 14, 4, language)
        if not lines:
            lines.append((_t(language, "empty"), False))
        for row, (line, bold) in enumerate(lines[:4]):
            ltop = btop + 29 + row * HQ_LINE_H
            _text(draw, (left + 6, ltop, left + box_w - 6, ltop + HQ_LINE_H), line, size=PANEL_MIN, bold=bold,
                  fill=INK if card is not None or lines[0][0] != _t(language, "empty") else MUTED, min_size=PANEL_MIN)
    y = top + 48 + HQ_BOX_H + 8
    rows = bases_rows(view, language)
    _lines(draw, (x0 + 12, y, x1 - 12, y + rows * BASES_LINE_H), bases_text(view, seat, language), size=PANEL_TEXT,
           min_size=PANEL_MIN, lines=rows)
    y += rows * BASES_LINE_H + 4
    key = "genetics_lapped" if player.genetics_lapped else "genetics"
    genetics = _t(language, key, position=player.genetics, steps=player.genetics_steps)
    if view.era == "E1":
        right = draw_wheel(draw, x0 + 12, y + 18, player.genetics)
        _text(draw, (right + 10, y + 2, x1 - 12, y + 34), genetics, size=PANEL_TEXT, min_size=PANEL_MIN)
        y += WHEEL_ROW_H
    else:                                             # the idea cube too, each line after its marker
        idea = player.idea
        right = draw_wheel(draw, x0 + 12, y + WHEEL_ROW_H_E2 / 2, player.genetics, idea)
        _genetics_cube(draw, right + 20, y + 14, 8)
        _text(draw, (right + 34, y + 1, x1 - 12, y + 27), genetics, size=PANEL_TEXT, min_size=PANEL_MIN)
        _idea_cube(draw, right + 20, y + 42, 10)
        _text(draw, (right + 34, y + 29, x1 - 12, y + 55),
              _t(language, "idea", position=idea, steps=player.idea_steps), size=PANEL_TEXT, min_size=PANEL_MIN)
        y += WHEEL_ROW_H_E2
    gone = set(player.teams_out)                      # E3: teams removed from the game (SC-COL-3e)
    at_hq = sorted(team for team, site in player.teams.items() if site is None and team not in gone)
    teams: Msg | str = Msg("spacecorp.render.team_numbers", colour=Msg(f"spacecorp.colour.{at_hq[0][0]}"),
                           numbers=Join([team[1:] for team in at_hq])) if at_hq else "-"
    parts = [_t(language, "supply", teams=teams)]           # "Teams at HQ: Blue 3, 4" (the rulebook's colours)
    if player.pioneer:
        parts.append(_t(language, "pioneer", n=player.pioneer))
    if view.final and seat in view.final.get("bonus", {}):
        parts.append(_t(language, "final_bonus", n=f"{view.final['bonus'][seat]:+d}".replace("-", "−")))
    if view.era == "E3":
        owned = [tile for owner, tile in view.colonies.values() if owner == seat]
        parts.append(_t(language, "colonies_owned", n=len(owned),
                        value=sum(tables().colony_tiles[tile].value for tile in owned)))
    _text(draw, (x0 + 12, y, x1 - 12, y + 32), " · ".join(parts), size=PANEL_TEXT, min_size=PANEL_MIN)
    if extended:
        y += 38
        _lines(draw, (x0 + 12, y, x1 - 12, y + 52), progress_text(player, language), size=PANEL_TEXT,
               min_size=PANEL_MIN)
        y += 58
        draw_legacy(draw, view, seat, (x0 + 12, y, x1 - 12, y + 34), language)


def draw_players(view: Any, seats: Iterable[int], player_names: list[str] | None, language: str) -> Image.Image:
    seats = list(seats)
    panel_h = panel_height(view, language)
    image = Image.new("RGB", (WIDTH, len(seats) * (panel_h + PANEL_GAP) + PANEL_GAP), PANEL)
    draw = ImageDraw.Draw(image)
    for index, seat in enumerate(seats):
        draw_player(draw, view, seat, PANEL_GAP + index * (panel_h + PANEL_GAP), player_names, language)
    return image


PLAYERS_PER_IMAGE = 2


def _calm(draw: Any, *args: Any) -> Any:
    """``draw(*args)`` later, as the thread's picture (the calm headers of :data:`_CALM`): a
    :class:`ChatPart` is drawn after :func:`render_for_chat` returned."""
    def drawn() -> Image.Image:
        token = _CALM.set(True)
        try:
            image: Image.Image = draw(*args)
            return image
        finally:
            _CALM.reset(token)
    return drawn


def _colours(view: Any) -> tuple[str, ...]:
    return tuple(player.colour for player in view.players)


def map_inputs(view: Any, part: int) -> tuple[Any, ...]:
    """Everything map part ``part`` of the thread is drawn from (issue 26): the era (the layout,
    the calm title), the seat colours, and what stands on the part's sites (teams, claims,
    discovery tiles, bases, the Pioneer markers); in E3 on the part's cards (the teams on the
    star tracks, a base per tile, claims, tiles, the region's colony) and the discovery stacks'
    sizes where the part shows them."""
    colours = _colours(view)
    if view.era == "E3":
        layout, board = layout_e3(), tables().maps["E3"]
        pieces, bases = pieces_e3(view), bases_e3(view)
        cards = []
        for region, (where, _box) in layout.regions.items():
            if where == part and board.regions[region].kind != "void":
                site = board.sites_in(region)[0].id
                cards.append((region, site, pieces.get(site), bases.get(site), view.claims.get(site),
                              tuple(view.tiles.get(site, [])), view.colonies.get(region)))
        stacks = (tuple((stack, len(tiles)) for stack, tiles in view.stacks.items())
                  if layout.stacks is not None and layout.stacks[0] == part else None)
        return ("map", view.era, part, colours, tuple(cards), stacks)
    layout = layout_of(view)
    board = tables().maps[view.era]
    sites = [site for site in layout.sites if layout.regions[board.sites[site].region][0] == part]
    teams = teams_at(view)
    here = tuple((site, tuple(teams.get(site, [])), view.claims.get(site), tuple(view.tiles.get(site, [])),
                  view.bases.get(site)) for site in sites)
    pioneers = tuple(view.pioneers_left) if any(board.sites[site].kind == "pioneer" for site in sites) else None
    return ("map", view.era, part, colours, here, pioneers)


def goals_inputs(view: Any) -> tuple[Any, ...]:
    """Everything the thread's goals image is drawn from (issue 26): the era, the end of the game
    and its winners, the era-end trigger, the contracts' discs, the Side Board, the seat colours
    (a winner without a name is named by colour)."""
    over = view.phase == OVER
    return ("goals", view.era, over, tuple(_winners(view)) if over else (), view.trigger, view.contracts,
            side_board_of(view), _colours(view))


def table_inputs(view: Any) -> tuple[Any, ...]:
    """Everything the thread's table (:func:`draw_table`: the Offer, the piles, every player's
    panel) is drawn from (issue 26): the era (the panels' rows, the wheel's cubes), the HQ side
    (its printed boxes), the Offer's cards, the piles' sizes, and per seat what its panel shows:
    the colour, profit, hand size, passing, the HQ's cards, the bases left, the genetics and
    idea cubes and their steps, the teams at the HQ, the Pioneer marker, the final bonus, E3's
    colonies owned (count and value), the Progress cards and the Legacy Production pair."""
    bonus = view.final.get("bonus", {}) if view.final else {}
    players = []
    for player in view.players:
        seat = player.seat
        gone = set(player.teams_out)
        at_hq = tuple(sorted(team for team, site in player.teams.items() if site is None and team not in gone))
        colonies = None
        if view.era == "E3":
            owned = [tile for owner, tile in view.colonies.values() if owner == seat]
            colonies = (len(owned), sum(tables().colony_tiles[tile].value for tile in owned))
        players.append((seat, player.colour, player.profit, len(view.hands.cards[seat]), player.passed,
                        tuple(player.hq.items()), tuple(player.bases.items()), player.genetics,
                        player.genetics_steps, player.genetics_lapped, player.idea, player.idea_steps, at_hq,
                        player.pioneer, bonus.get(seat), colonies, tuple(player.progress), player.legacy))
    return ("table", view.era, view.hq_side, extended_panels(view), tuple(view.offer), len(view.pile),
            len(view.discards), len(view.time_discards), tuple(players))


def colonies_inputs(view: Any) -> tuple[Any, ...]:
    """Everything E3's colonies image (:func:`draw_colonies`) is drawn from (issue 26): the colony
    tiles on the Side Board in their order, the colonies in play (region -> owner and tile) and
    the seat colours (an owner's colour; one without a name is named by it)."""
    return ("colonies", tuple(view.colony_supply), dict(view.colonies), _colours(view))


def render_for_chat(view: Any, *, player_names: list[str] | None = None,
                    language: str = "en") -> list[Image.Image | ChatPart]:
    """What the thread gets (issue 25): the map in parts as in :func:`render`, then the table
    (the Offer, the piles and every player's panel: what a turn changes), the era's goals
    (the era, the contracts, the Side Board) and E3's colonies.  The headers name only the era
    (who acts and the step are in the post's text), so a turn typically changes the map part
    where it moved and the table, and the thread attaches only those.  The map parts and the
    goals, the table and the colonies are ChatParts (issue 26): the host draws them only when
    their inputs (:func:`map_inputs`, :func:`table_inputs`, :func:`goals_inputs`,
    :func:`colonies_inputs`) differ from those of the image the thread shows."""
    token = _CALM.set(True)
    try:
        seats = [player.seat for player in view.players]
        images: list[Image.Image | ChatPart] = [
            ChatPart(map_inputs(view, part), _calm(draw_map_part, view, part, language,
                                                   player_names if part == 1 else None))
            for part in range(1, len(layout_of(view).heights) + 1)]
        images.append(ChatPart(table_inputs(view), _calm(draw_table, view, seats, player_names, language)))
        images.append(ChatPart(goals_inputs(view), _calm(draw_goals, view, player_names, language)))
        if view.era == "E3":
            images.append(ChatPart(colonies_inputs(view), _calm(draw_colonies, view, player_names, language)))
        return images
    finally:
        _CALM.reset(token)


def chat_images(view: Any, *, player_names: list[str] | None = None, language: str = "en") -> list[Image.Image]:
    """Every image of :func:`render_for_chat`, its ChatParts drawn (tests, scripts)."""
    return [item.draw() if isinstance(item, ChatPart) else item
            for item in render_for_chat(view, player_names=player_names, language=language)]


def render(view: Any, *, player_names: list[str] | None = None, language: str = "en") -> list[Image.Image]:
    """The map in two parts (E3: three), the business display, E3's colonies, the players two per
    image (800 px wide)."""
    seats = [player.seat for player in view.players]
    images = [draw_map_part(view, part, language, player_names if part == 1 else None)
              for part in range(1, len(layout_of(view).heights) + 1)]
    images.append(draw_business(view, player_names, language))
    if view.era == "E3":
        images.append(draw_colonies(view, player_names, language))
    for start in range(0, len(seats), PLAYERS_PER_IMAGE):
        images.append(draw_players(view, seats[start:start + PLAYERS_PER_IMAGE], player_names, language))
    return images
