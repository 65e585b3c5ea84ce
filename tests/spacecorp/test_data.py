"""Space Corp data files against the facts spec §3, §4 and §8 state (rule IDs cited as SC-<id>)."""
from __future__ import annotations

import copy
import json
from collections import Counter, deque
from pathlib import Path

import pytest

import data as game_data
from rules.spacecorp.data import (ERAS, Effect, Entry, build_map, check_source, parse_effect, parse_entry,
                                  tables)

FILES = ("bases.json", "colonies.json", "components.json", "contracts.json", "decks.json", "discoveries.json",
         "edges.json", "hq.json", "map_e1.json", "map_e2.json", "map_e3.json", "progress.json", "specials.json")

# The derived distance charts exactly as the spec prints them (§8.1.4 from Earth, §8.2.4 from the Inner
# Solar System, §8.3.3 from the Sun); the data follows the border tables and must reproduce them.
CHART_E1 = {"moon": 4, "em_l1": 4, "em_l2": 4, "em_l4": 4, "em_l5": 4, "se_l1": 5, "se_l2": 5, "sisyphus": 6,
            "eros": 7, "venus": 10, "se_l4": 7, "se_l5": 7, "halley": 9, "phobos": 9, "deimos": 9, "mars_n": 11,
            "mars_s": 11, "belt": 11}
CHART_E2 = {"ceres": 4, "vesta": 4, "pallas": 4, "hygiea": 4, "interamnia": 4, "psyche": 4, "jup_trojans": 4,
            "io": 8, "europa": 8, "ganymede": 8, "callisto": 7, "enceladus": 11, "dione": 11, "rhea": 11,
            "titan": 12, "iapetus": 11, "miranda": 15, "ariel": 15, "umbriel": 15, "titania": 15, "oberon": 15,
            "triton": 20, "proteus": 19, "pluto": 23, "charon": 22, "eris": 22, "makemake": 22, "oort": 26}
CHART_E3 = {"R3_ACEN": 10, "R3_BARN": 10, "R3_LUH": 10, "R3_WOLF": 15, "R3_LAL": 15, "R3_SIR": 15, "R3_LUY": 15,
            "R3_R128": 35, "R3_EERI": 40, "R3_PROC": 35, "R3_C61": 30, "R3_EIND": 30, "R3_TAU": 35, "R3_KAP": 40,
            "R3_L9352": 30, "R3_R780": 40, "R3_VOID1": 30, "R3_VOID2": 35, "R3_VOID3": 45, "R3_VOID4": 35,
            "R3_ORION1": 60, "R3_ORION2": 50}


def records(node: object, in_list: bool = False):
    """Every dict that is a list element (a table row) or carries a source."""
    if isinstance(node, dict):
        if in_list or "source" in node:
            yield node
        for value in node.values():
            yield from records(value)
    elif isinstance(node, list):
        for value in node:
            yield from records(value, True)


def copies(cards) -> int:
    return sum(card.copies for card in cards)


# ---------------------------------------------------------------- §8.0 sources and identity

def test_8_0_every_record_carries_a_valid_source_mark():
    folder = Path(game_data.path("spacecorp"))
    assert sorted(p.name for p in folder.glob("*.json")) == sorted(FILES)
    rows = 0
    for name in FILES:
        doc = game_data.load_json("spacecorp", name)
        assert "spec" in doc["_about"] and doc["_about"].startswith("Space Corp"), name
        for record in records(doc):
            assert "source" in record, (name, record)
            check_source(record["source"])
            rows += 1
    assert rows > 455        # the spec's §8 alone has 455 tagged rows; Time cards are one row per card here
    for bad in ("", "seed", "[guess]", "[seed] and [guessed]"):
        with pytest.raises(ValueError):
            check_source(bad)


def test_8_0_every_id_is_unique():
    t = tables()
    card_like = [*t.cards, *t.time_cards, *t.edges, *t.progress, *t.specials, *t.colony_abilities,
                 *t.colony_tiles, *t.discoveries, *t.base_types]
    assert len(card_like) == len(set(card_like))
    regions = [r for m in t.maps.values() for r in m.regions]
    sites = [s for m in t.maps.values() for s in m.sites]
    assert len(regions) == len(set(regions)) and len(sites) == len(set(sites))   # unique across the three boards
    physical = [pid for era in ERAS for pid in t.physical_deck(era)] + list(t.time_cards)
    assert len(physical) == len(set(physical)) == 46 + 58 + 76 + 8
    assert t.physical_deck("E1")[:4] == ("M01#1", "M01#2", "M01#3", "M01#4")
    for name in FILES:      # the loader refuses duplicates too, but check the files directly
        for key in ("cards", "tiles", "edges", "specials", "abilities", "types", "sides", "components"):
            rows = game_data.load_json("spacecorp", name).get(key, [])
            ids = [row["id"] for row in rows]
            assert len(ids) == len(set(ids)), (name, key)


# ---------------------------------------------------------------- §3 components

def test_3_component_counts():
    t, c = tables(), tables().components
    assert c.counts["cards"] == 220 == copies(t.cards.values()) + len(t.time_cards) + 2 * len(t.progress)
    for era, total in (("E1", 46), ("E2", 58), ("E3", 76)):
        assert c.counts[f"action_deck_{era}"] == total == copies(t.deck(era))
        assert copies(card for card in t.deck(era) if card.start) == 12
    assert c.counts["time_card"] == len(t.time_cards) == 8
    assert c.counts["adaptation_card"] == 18 == 2 * sum(p.kind == "ADAPT" for p in t.progress.values())
    assert c.counts["breakthrough_card"] == 14 == 2 * sum(p.kind == "BREAK" for p in t.progress.values())
    assert c.counts["discovery_tile"] == 70 == len(t.discoveries)
    assert {era: len(t.tiles(era)) for era in ERAS} == {"E1": 9, "E2": 28, "E3": 33}
    for era, stacks in c.discovery_stacks.items():
        assert stacks == dict(Counter(tile.stack for tile in t.tiles(era))), era
    assert c.discovery_stacks == {"E1": {"f1": 6, "f2": 3}, "E2": {"f1": 6, "f2": 14, "f3": 8},
                                  "E3": {"P": 16, "S": 12, "A": 5}}
    assert c.counts["colony_tile"] == 32 == len(t.colony_tiles)
    assert c.counts["base_token"] == 108 == 4 * c.kit["bases"] == 4 * c.base_per_type * len(t.base_types)
    assert len(t.base_types) == 9 and c.base_per_type == 3
    assert c.counts["team_cube"] == 16 == len(c.colours) * c.kit["teams"]
    assert c.colours == ("blue", "yellow", "purple", "green")
    assert c.counts["contract_disc"] == 7 == len(t.era_contracts("E1"))
    assert c.counts["hq_board"] == 6 and set(t.hq_sides) == {"standard", "start_e2", "start_e3"}
    assert (c.counts["genetics_cube"], c.counts["idea_cube"], c.counts["profit_marker"]) == (4, 4, 4)
    assert (c.counts["pioneer_marker"], c.counts["board"], c.counts["player_aid"]) == (2, 2, 4)


# ---------------------------------------------------------------- §4 setup figures

def test_4_1_E1_opening_draw_pile_is_39_39_40():
    t = tables()
    non_start = copies(card for card in t.deck("E1") if not card.start)
    assert non_start == 34
    offer = t.constants.offer_size
    piles = {}
    for n, row in t.by_players.items():
        on_top = t.constants.start_cards_per_era - n * t.constants.start_cards_dealt["E1"]
        piles[n] = non_start + row.time_cards_per_deck + on_top - len(row.e1_compensation_seats) - offer
    assert piles == {2: 39, 3: 39, 4: 40}
    chemical = t.cards["M01"]
    assert chemical.name == "Chemical Drive" and chemical.start and chemical.copies == 4      # SC-SETUP-11


def test_4_4_player_count_summary():
    t = tables()
    rows = t.by_players
    assert [rows[n].business_side for n in (2, 3, 4)] == ["1-2", "3-4", "3-4"]
    assert [rows[n].time_cards_per_deck for n in (2, 3, 4)] == [0, 2, 4]
    assert [rows[n].time_cards_in_play for n in (2, 3, 4)] == [2, 5, 8]
    assert all(rows[n].time_cards_in_play == rows[n].time_cards_per_deck + n for n in (2, 3, 4))
    assert [rows[n].e1_compensation_seats for n in (2, 3, 4)] == [(2,), (2, 3), (3, 4)]
    assert [rows[n].e1_start_profit for n in (2, 3, 4)] == [{}, {3: 1}, {4: 1}]
    assert [rows[n].passes_to_end_era for n in (2, 3, 4)] == [1, 2, 2]
    assert all(rows[n].post_exhaustion_turns == 3 for n in (2, 3, 4))          # SC-END-10
    # SC-SETUP-49: 12 / 17 / 20 colony tiles by the player-count marks
    assert [len(t.colonies_for(n)) for n in (2, 3, 4)] == [rows[n].colony_tiles for n in (2, 3, 4)] == [12, 17, 20]
    assert t.constants.start_teams == {"E1": 2, "E2": 2, "E3": 3}


# ---------------------------------------------------------------- §8.1-§8.3 maps

@pytest.mark.parametrize("era,home", [("E1", "R1_EARTH"), ("E2", "R2_INNER"), ("E3", "R3_SUN")])
def test_SC_MAP_2_every_border_names_existing_regions_and_each_map_is_connected(era, home):
    board = tables().maps[era]
    for border in board.borders:
        assert border.a in board.regions and border.b in board.regions and border.cost > 0
        assert board.neighbours(border.a)[border.b] == board.neighbours(border.b)[border.a] == border.cost
    assert all(site.region in board.regions for site in board.sites.values())
    seen, queue = {home}, deque([home])
    while queue:
        for other in board.neighbours(queue.popleft()):
            if other not in seen:
                seen.add(other)
                queue.append(other)
    assert seen == set(board.regions)
    assert set(board.region_distances[home]) == set(board.regions)


def test_8_1_4_E1_distance_chart_from_Earth():
    board = tables().maps["E1"]
    assert {site: board.distance("earth", site) for site in CHART_E1} == CHART_E1
    assert max(CHART_E1.values()) <= 14          # a doubled Move 7 reaches anywhere on the Mariners board


def test_SC_MOV_6_and_SC_MOV_10_the_seed_examples():
    board = tables().maps["E1"]
    assert board.distance("earth", "moon") == 4                 # 1 + 2 (Earth gravity) + 1
    assert board.distance("moon", "sisyphus") == 4              # 1 + 1 + 1 + 1
    assert board.border_cost("R1_HALLEY", "R1_MARS_ORBIT") == 3
    assert board.distance("mars_n", "mars_s") == board.distance("mars_s", "mars_n") == 3
    assert board.sites["earth"].gravity == 2 and board.sites["mars_s"].gravity == board.sites["mars_n"].gravity == 1
    assert board.distance("moon", "em_l1") == 2                 # same region: liftoff + landing


def test_8_2_4_E2_distance_chart_from_the_Inner_Solar_System():
    board = tables().maps["E2"]
    assert {site: board.distance("iss", site) for site in CHART_E2} == CHART_E2


def test_SC_MOV_21_orbital_surcharge_Iapetus_to_Umbriel_is_12():
    board = tables().maps["E2"]
    assert board.surcharge("R2_SATURN", "R2_URANUS") == 6
    assert board.distance("iapetus", "umbriel") == 12 == board.distance("umbriel", "iapetus")
    assert board.surcharge("R2_SATURN", "R2_SATURN") == 0 and board.surcharge("R2_JUPITER", "R2_SATURN") == 0
    assert board.distance("enceladus", "iapetus") == 2          # same region, no surcharge


def test_SC_RAD_1_E2_radiation_zone_is_beyond_the_Asteroid_Belt():
    e2 = tables().maps["E2"]
    assert {r.id for r in e2.regions.values() if not r.radiation} == {"R2_INNER", "R2_AST_A", "R2_AST_B"}
    assert {r.id for r in e2.regions.values() if r.surcharge} == {"R2_SATURN", "R2_URANUS", "R2_NEPTUNE", "R2_PLUTO"}
    assert all(r.radiation for r in tables().maps["E3"].regions.values())
    assert not any(r.radiation for r in tables().maps["E1"].regions.values())
    assert [tables().maps[era].movement.unshielded_penalty for era in ERAS] == [0, 2, 3]


def test_8_3_3_E3_distance_chart_from_the_Sun():
    board = tables().maps["E3"]
    assert {region: board.region_distance("R3_SUN", region) for region in CHART_E3} == CHART_E3
    assert board.distance("sun", "orion1") == 60 and board.distance("sun", "acen") == 10


def test_SC_MOV_30_and_SC_MOV_33_Kapteyn_to_Epsilon_Eridani_is_60_never_through_Orion():
    board = tables().maps["E3"]
    assert board.distance("kapteyn", "eps_eri") == 60           # 40 + 20, no liftoff/landing
    # through R3_ORION1 it would be 20 + 30 = 50: Orion regions are terminal
    assert board.border_cost("R3_KAP", "R3_ORION1") + board.border_cost("R3_ORION1", "R3_EERI") == 50


def test_SC_MOV_36_near_regions():
    board = tables().maps["E3"]
    assert board.near("R3_EIND", "R3_L9352") and not board.near("R3_EIND", "R3_R780")
    assert board.near("R3_SUN", "R3_SUN") and not board.near("R3_SUN", "R3_KAP")
    assert all(border.near == (border.cost < 20) for border in board.borders)


def test_8_3_1_E3_has_16_star_systems_4_empty_regions_2_Orion_regions_and_the_Sun():
    board = tables().maps["E3"]
    assert Counter(r.kind for r in board.regions.values()) == {"star_system": 16, "void": 4, "orion": 2, "home": 1}
    systems = [s for s in board.sites.values() if s.kind == "star_system"]
    assert all(s.boxes[0] == "P" and set(s.boxes[1:]) <= {"S"} and len(s.boxes) <= 3 for s in systems)
    assert board.movement.track_spaces == 3 and board.movement.near_below == 20
    eind = board.sites["eps_ind"]
    assert (eind.explore, eind.build, len(eind.boxes), eind.multi_star) == (10, 20, 3, True)
    assert not [r for r in board.regions.values() if r.kind == "void" and board.sites_in(r.id)]   # SC-MOV-31


@pytest.mark.parametrize("era", ERAS)
def test_8_1_2_8_2_2_8_3_1_exploration_boxes_match_the_tiles(era):
    board, t = tables().maps[era], tables()
    boxes = Counter(box for site in board.sites.values() for box in site.boxes)
    tiles = Counter(tile.stack for tile in t.tiles(era))
    redirects = Counter(e.positional[0] for tile in t.tiles(era) for e in tile.special if e.name == "DRAW_INSTEAD")
    if era == "E1":
        assert boxes == tiles == {"f1": 6, "f2": 3}
    elif era == "E2":       # one f2 tile redirects to f3: 13 f2 boxes, 7 f3 boxes for 14 f2 and 8 f3 tiles
        assert boxes == {"f1": 6, "f2": 13, "f3": 7} and tiles == {"f1": 6, "f2": 14, "f3": 8}
        assert redirects == {"f3": 1}
    else:                   # two Contact! Primaries redirect to the 5 Alien tiles
        assert boxes == {"P": 16, "S": 12} and tiles == {"P": 16, "S": 12, "A": 5} and redirects == {"A": 2}
    assert all(site.kind in ("home", "pioneer", "lagrange", "orion") for site in board.sites.values()
               if not site.boxes)                                                   # SC-MAP-4


def test_SC_MAP_6_home_and_pioneer_sites():
    t = tables()
    homes = {era: [s.id for s in t.maps[era].sites.values() if s.kind == "home"] for era in ERAS}
    assert homes == {"E1": ["earth"], "E2": ["iss"], "E3": ["sun"]}
    pioneers = {era: [s.id for s in t.maps[era].sites.values() if s.kind == "pioneer"] for era in ERAS}
    assert pioneers == {"E1": ["belt"], "E2": ["oort"], "E3": []}
    assert {"ceres", "vesta"} <= set(t.maps["E2"].sites) and {"acen", "luhman16"} <= set(t.maps["E3"].sites)


def test_SC_BLD_2_and_SC_BLD_7_build_cost_examples():
    t = tables()
    e1, e3 = t.maps["E1"].sites, t.maps["E3"].sites
    assert e1["mars_s"].build == 6
    assert e1["moon"].build + t.discoveries["D1-02"].base_mod == 1 and t.discoveries["D1-02"].profit == 1
    tiles = [t.discoveries[i] for i in ("D3-04", "D3-17", "D3-18")]           # Alien Ruins, Rings, Precious Dust
    assert [tile.name for tile in tiles] == ["Alien Ruins", "Rings", "Precious Dust"]
    assert e3["eps_eri"].build + sum(tile.base_mod for tile in tiles) == 16


# ---------------------------------------------------------------- §8.4 HQ and wheel

def test_8_4_HQ_sides_and_the_progress_wheel():
    t = tables()
    standard = t.hq_sides["standard"].boxes
    assert standard == {"R": (Entry("RESEARCH", 2, False, False),), "1": (Entry("MOVE", 1, False, False),),
                        "2": (), "3": ()}                                           # SC-SETUP-2, A-39
    e2 = t.hq_sides["start_e2"].boxes["1"]
    assert e2 == (Entry("MOVE", 3, False, False), Entry("MOVE", 2, False, True))
    assert t.hq_sides["start_e3"].boxes["1"] == (Entry("MOVE", 10, False, True),)
    assert {s.start_era for s in t.hq_sides.values()} == {None, "E2", "E3"}
    assert (t.wheel.size, t.wheel.award_space) == (5, 0)
    assert t.wheel.awards == {"genetics": "ADAPT", "idea": "BREAK"}
    assert t.wheel.start_positions == {"E2": (1, 0), "E3": (2, 0)}


# ---------------------------------------------------------------- §8.5 decks

def test_8_5_5_deck_composition():
    expected = {   # Start, Research, Move, Explore, Build, Produce, Genetics, Idea, Special, Edge, Infra, Total
        "E1": (12, 13, 15, 14, 14, 7, 7, 0, 2, 11, 15, 46),
        "E2": (12, 12, 13, 8, 14, 9, 7, 9, 3, 9, 23, 58),
        "E3": (12, 12, 20, 10, 20, 9, 7, 10, 2, 12, 22, 76),
    }
    t = tables()
    for era, row in expected.items():
        deck = t.deck(era)
        actions = tuple(copies(c for c in deck if c.has(a))
                        for a in ("RESEARCH", "MOVE", "EXPLORE", "BUILD", "PRODUCE", "GENETICS", "IDEA", "SPECIAL"))
        got = (copies(c for c in deck if c.start), *actions, copies(c for c in deck if c.edge),
               copies(c for c in deck if c.infra), copies(deck))
        assert got == row, era


def test_8_5_the_seed_card_captions_are_all_represented():
    entries = {entry for card in tables().cards.values() for entry in card.entries}
    for caption in ("Research 2", "Move 5", "Explore 3", "Build 3", "Produce 1", "Genetics 1", "Idea 1",
                    "Move x3", "Produce x2"):
        assert parse_entry(caption) in entries, caption
    assert not any(e.action == "IDEA" for card in tables().deck("E1") for e in card.entries)   # Idea: E2, E3
    assert not any(e.multiplier for era in ("E1", "E2") for card in tables().deck(era) for e in card.entries)


def test_8_5_1_Bobs_move_7():
    t = tables()
    cards = t.cards["M07"].entries[0].value + t.cards["M02"].entries[0].value
    infra = t.hq_sides["standard"].boxes["1"][0].value + t.cards["M01"].entries[0].value
    assert t.cards["M07"].edge and t.cards["M01"].infra and (cards, infra, cards + infra) == (4, 3, 7)


def test_SC_VAL_7_shielded_entries_are_move_or_build():
    shielded = [e for card in tables().cards.values() for e in card.entries if e.shielded]
    assert shielded and {e.action for e in shielded} == {"MOVE", "BUILD"}
    assert parse_entry("Sh Move x2") == Entry("MOVE", 2, True, True)
    assert parse_entry("Special (SP-NEAR)") == Entry("SPECIAL", 0, False, False, "SP-NEAR")
    for bad in ("Move", "Sh Research 2", "Teleport 3", "Move x", "Special (near)"):
        with pytest.raises(ValueError):
            parse_entry(bad)


def test_8_5_4_eight_time_cards_double_or_split():
    time_cards = tables().time_cards
    assert list(time_cards) == [f"T{n}" for n in range(1, 9)]
    assert all(c.actions == ("MOVE", "BUILD", "EXPLORE") and c.effects == (Effect("DOUBLE"), Effect("SPLIT"))
               for c in time_cards.values())


# ---------------------------------------------------------------- §8.6-§8.8

def test_8_6_twelve_edges_each_on_some_card():
    t = tables()
    assert len(t.edges) == 12
    used = {card.edge for card in t.cards.values() if card.edge}
    assert used == set(t.edges)
    assert all(edge.trigger.named["by"] in ("self", "opponent", "any") for edge in t.edges.values())
    assert t.edges["EG-MICROBES"].trigger == Effect("TILE_REVEALED", ("by=any", "icon=L"))
    assert t.edges["EG-INVEST"].effects[0].int_arg("own") == 2 and t.edges["EG-RACE"].effects[0].int_arg(0) == 2


def test_8_7_progress_cards_16_names_two_copies():
    progress = tables().progress
    assert Counter((p.era, p.kind) for p in progress.values()) == {("E2", "ADAPT"): 5, ("E2", "BREAK"): 3,
                                                                  ("E3", "ADAPT"): 4, ("E3", "BREAK"): 4}
    assert {p.era: p.bonus for p in progress.values()} == {"E2": 1, "E3": 2}    # "1F" / "2F" sets
    assert progress["AD-STARCH"].prerequisites == (Effect("BREAKTHROUGHS", ("2",)),)      # SC-PROG-6
    assert progress["AD-STARCH"].timing == "one-time" and progress["BR-PROBENET"].bonus == 2
    assert progress["BR-PROBENET"].effects == (Effect("DOUBLE_ACTION", ("EXPLORE",)),)    # SC-VAL-6
    introverts = {p.id for p in progress.values() if Effect("BUILD_INTROVERTS") in p.effects}
    assert introverts == {"AD-COOPEMP", "AD-SENSFOC"}                                     # SC-EXP-13
    assert Effect("IMMUNE", ("PHOBES",)) in progress["BR-ENERGY"].effects                 # SC-EXP-12
    assert progress["AD-ENVTOL"].effects == (Effect("COLONIZE_CP", ("1",)),)             # SC-COL-3h
    assert progress["AD-LOWG"].physical_ids == ("AD-LOWG#1", "AD-LOWG#2")


def test_8_8_special_cards_are_in_their_eras_deck():
    t = tables()
    holders = {e.special: card.era for card in t.cards.values() for e in card.entries if e.special}
    assert holders == {sid: special.era for sid, special in t.specials.items()}
    assert t.specials["SP-NEAR"].effects[0].int_arg("max_cost") == 2
    assert t.specials["SP-DEEP"].effects[0].int_arg("max_cost") == 3
    assert not any(card.infra for card in t.cards.values() if card.has("SPECIAL"))


# ---------------------------------------------------------------- §8.9 colonies

def test_8_9_seventeen_abilities_and_32_colony_tiles():
    t = tables()
    assert list(t.colony_abilities) == [f"K{n:02d}" for n in range(1, 18)]
    assert list(t.colony_tiles) == [f"C{n:02d}" for n in range(1, 33)]
    marks = Counter(n for tile in t.colony_tiles.values() for n in tile.players)
    assert marks == {1: 12, 2: 12, 3: 17, 4: 20}
    assert all(tile.players == (1,) for tile in t.colony_tiles.values() if 1 in tile.players)
    c07 = t.colony_tiles["C07"]
    assert (c07.value, c07.ability) == (6, "K16")
    assert t.colony_abilities["K16"].effects == (Effect("GAIN_T_PER", ("own_progress_cards", "1")),)
    era_end = {a.id for a in t.colony_abilities.values() if a.timing == "era_end"}
    assert era_end == {"K08", "K10"}                                                      # SC-SCORE-1
    assert t.colony_abilities["K17"].trigger is None and t.colony_abilities["K17"].effects == ()
    assert t.colony_abilities["K11"].effects[0].named == {"per": "2"}


def test_SC_SCORE_2_colony_count_scoring():
    points = tables().constants.colony_points
    assert [points(n) for n in (0, 1, 2, 3, 4, 7)] == [-1, 1, 4, 8, 13, 13]


# ---------------------------------------------------------------- §8.10 contracts

def test_8_10_seven_contracts_per_era_and_the_seed_rewards():
    t = tables()
    assert all([c.row for c in t.era_contracts(era)] == list(range(1, 8)) for era in ERAS)
    assert t.contracts[("E1", 1)].reward == 2 and t.contracts[("E2", 1)].reward == 3
    assert t.contracts[("E1", 1)].reward + t.contracts[("E2", 1)].reward == 5           # SC-CON-5 example
    assert t.contracts[("E1", 3)].conditions == (Effect("BASES", ("at_least=3", "not_kind=lagrange")),)
    assert t.contracts[("E2", 1)].conditions[0].int_arg("at_least") == 2
    assert len(t.contracts[("E2", 6)].conditions) == 2
    regions = t.contracts[("E2", 3)].conditions[0].named["regions"].split("/")
    assert set(regions) <= set(t.maps["E2"].regions) and len(regions) == 5
    assert t.constants.contracts_to_end_era == 6                                         # SC-END-1


# ---------------------------------------------------------------- §8.11 discovery tiles

def test_8_11_discovery_tiles():
    d = tables().discoveries
    sample = d["D1-08"]                     # the rulebook's sample tile: 2F, Gen1, T1, Bázis+2
    assert (sample.profit, sample.genetics, sample.production, sample.base_mod) == (2, 1, 1, 2)
    assert d["D1-06"].production == 0 and d["D1-01"].production == 1 and d["D1-05"].production is None
    assert d["D1-02"].base_mod == -1 and d["D3-19"].base_mod == -2
    assert d["D2-19"].special == (Effect("DRAW_INSTEAD", ("f3",)),)
    assert [t.id for t in d.values() if Effect("DRAW_INSTEAD", ("A",)) in t.special] == ["D3-15", "D3-16"]
    assert d["D3-29"].name == "Phobes" and d["D3-29"].special == (Effect("PHOBES"),) and d["D3-29"].stack == "A"
    assert d["D3-30"].special == (Effect("INTROVERTS"),)
    assert all(t.colony == 0 for t in d.values() if t.era != "E3")                   # Col: E3 only
    assert sum(t.colony for t in d.values()) > 0 and all("X" in t.icons for t in d.values() if t.stack == "A")


# ---------------------------------------------------------------- §7.5 bases

def test_SC_BASE_base_types_per_era():
    t = tables()
    assert [len(t.bases_in(era)) for era in ERAS] == [6, 9, 9]
    assert {r.base for r in t.bases_in("E1")} == {"ATTRACTION", "BIOLAB", "INDUSTRIAL", "REFINERY", "RESEARCHBASE",
                                                  "SPACEPORT"}
    assert t.base_rules[("E1", "SPACEPORT")].requires_any == (Effect("SITE_KIND", ("lagrange",)),)
    assert t.base_rules[("E3", "ATTRACTION")].abilities == (Effect("GRANT_P", ("2",)),)
    assert t.base_rules[("E3", "RESEARCHBASE")].abilities[0].positional == ("TAKE_OFFER(1)", "IDEA(1)")


# ---------------------------------------------------------------- malformed data

def test_malformed_data_raises_a_clear_ValueError():
    for bad in ("lower(1)", "GAIN_T(", "GAIN_T(1,)", "GAIN T"):
        with pytest.raises(ValueError):
            parse_effect(bad)
    assert parse_effect("ON_BUILD_CHOOSE(TAKE_OFFER(1), IDEA(1))").args == ("TAKE_OFFER(1)", "IDEA(1)")
    with pytest.raises(ValueError):
        Effect("X", ("a",)).int_arg(0)
    doc = json.loads(json.dumps(game_data.load_json("spacecorp", "map_e1.json")))
    build_map(doc)
    broken = copy.deepcopy(doc)
    broken["borders"][0]["b"] = "R1_NOWHERE"
    with pytest.raises(ValueError, match="R1_NOWHERE|unknown"):
        build_map(broken)
    broken = copy.deepcopy(doc)
    broken["sites"][1]["boxes"] = ["f2"]                    # moon is an f1 site
    with pytest.raises(ValueError, match="moon"):
        build_map(broken)
    broken = copy.deepcopy(doc)
    broken["sites"].append(dict(broken["sites"][0]))
    with pytest.raises(ValueError, match="duplicate"):
        build_map(broken)
