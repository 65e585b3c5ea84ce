"""Setup (GP-SETUP-*), map geometry (GP-MAP-*), randomness (GP-RNG-*) and map variants (GP-VAR-*)."""
import math

import pytest

from rules.base import IllegalMove
from rules.gaia import GAME, board
from rules.gaia import engine as E
from rules.gaia.setup import FIRST_GAME
from rules.gaia.tables import (ADV_POS, ADV_TECHS, BOOSTERS, FED_TOKENS, FINAL_TILES, LABELS, LOCAL,
                               ROUND_TILES, STD_POS, STD_TECHS)

from .helpers import action_state, play

SMALL_CENTRES = [(0, 0), (5, -2), (2, 3), (-3, 5), (-5, 2), (-2, -3), (3, -5)]
LARGE_EXTRA = [(-1, 8), (-6, 10), (-8, 7)]


def _partner(faction):
    return "terrans" if faction not in ("terrans", "lantids") else "xenos"


def _chosen(faction):
    st = GAME.new_game({"players": 2}, 3)
    st = play(st, 0, f"faction {faction}")
    return st["players"][0]


def _centres(st):
    return [(s["center"]["q"], s["center"]["r"]) for s in st["placement"]]


# ----------------------------------------------------------------------------- map geometry

def test_GP_MAP_1_axial_coordinates_and_neighbours():
    st = GAME.new_game({"players": 2}, 1)
    mi = E.minfo(st)
    assert E.locate(st, "-1x0") == board.key(-1, 0) == "-1,0"
    centre = board.key(0, 0)
    ring = {board.key(q, r) for q, r in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))}
    assert {k for k in mi.within(centre, 1) if k != centre} == ring
    assert E.locate(st, "3A7") == "-1,-1"   # sector 3 at (0,0), A7 = local (-1,-1)


def test_GP_MAP_2_distance_is_plain_hex_distance():
    st = GAME.new_game({"players": 4}, 1)
    mi = E.minfo(st)
    keys = [board.key(q, r) for q, r, *_ in st["map"]][::7]
    for a in keys:
        for b in keys:
            (q1, r1), (q2, r2) = board.coords(a), board.coords(b)
            dq, dr = q1 - q2, r1 - r2
            assert mi.dist(a, b) == (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    # 3A7 (-1,-1) to 1B1 (5,-1): six steps, whatever lies between
    assert mi.dist(E.locate(st, "3A7"), E.locate(st, "1B1")) == 6


def test_GP_MAP_3_flat_topped_rendering_north_is_up():
    from renderers.gaia import geometry
    st = GAME.new_game({"players": 2}, 1)
    geo = geometry(tuple(tuple(r) for r in st["map"]))
    R = geo.R
    x0, y0 = geo.pixel(0, 0)
    xn, yn = geo.pixel(1, 0)      # north
    xe, ye = geo.pixel(0, 1)      # north-east
    assert xn == pytest.approx(x0) and yn == pytest.approx(y0 - math.sqrt(3) * R)
    assert xe == pytest.approx(x0 + 1.5 * R) and ye == pytest.approx(y0 - math.sqrt(3) / 2 * R)
    cx, cy = geo.centre["0,0"]
    pts = geo.corners("0,0")
    assert any(x == pytest.approx(cx + R) and y == pytest.approx(cy) for x, y in pts)   # a corner points east
    assert any(x == pytest.approx(cx - R) and y == pytest.approx(cy) for x, y in pts)   # and west


def test_GP_MAP_4_sector_labels_and_public_names():
    assert list(zip(LABELS, LOCAL)) == [
        ("A0", (2, 0)), ("A1", (1, 1)), ("A2", (0, 2)), ("A3", (-1, 2)), ("A4", (-2, 2)), ("A5", (-2, 1)),
        ("A6", (-2, 0)), ("A7", (-1, -1)), ("A8", (0, -2)), ("A9", (1, -2)), ("A10", (2, -2)), ("A11", (2, -1)),
        ("B0", (1, 0)), ("B1", (0, 1)), ("B2", (-1, 1)), ("B3", (-1, 0)), ("B4", (0, -1)), ("B5", (1, -1)),
        ("C", (0, 0))]
    rows = board.build_map([{"sector": "5B", "rotation": 0, "center": {"q": 2, "r": 3}}])
    assert len(rows) == 19
    names = {n: (q, r) for q, r, p, s, n in rows}
    assert names["5A10"] == (4, 1) and names["5C"] == (2, 3) and names["5B3"] == (1, 3)
    assert all(board.distance((q, r), (2, 3)) <= 2 for q, r in names.values())


def test_GP_MAP_6_sector_centres_and_stored_placement():
    st2 = GAME.new_game({"players": 2}, 1)
    assert _centres(st2) == SMALL_CENTRES
    st4 = GAME.new_game({"players": 4}, 1)
    assert _centres(st4) == SMALL_CENTRES + LARGE_EXTRA
    rnd = GAME.new_game({"players": 3, "map": "method3"}, 8)
    assert sorted(_centres(rnd)) == sorted(SMALL_CENTRES + LARGE_EXTRA)
    assert all("rotation" in s and "sector" in s for s in rnd["placement"])


def test_GP_MAP_8_replay_takes_planets_from_the_recorded_hex_list():
    placement = board.standard_placement(2)
    rows = board.build_map(placement)
    recorded = [{"q": q, "r": r, "planet": p, "sector": s, "name": n} for q, r, p, s, n in rows]
    i = next(i for i, h in enumerate(recorded) if h["name"] == "3A7")
    j = next(i for i, h in enumerate(recorded) if h["name"] == "3B2")
    recorded[i]["planet"], recorded[j]["planet"] = recorded[j]["planet"], recorded[i]["planet"]  # mirrored
    base = GAME.new_game({"players": 2}, 1)
    record = {"players": 2, "setup": {"placement": placement, "map": recorded, "tech_tiles": base["tech"],
                                      "federation_tokens": base["fed_supply"], "round_scoring": base["round_scoring"],
                                      "final_scoring": base["final_scoring"], "boosters": list(base["boosters"])}}
    st = GAME.from_setup(record)
    assert E.planet_of(st, E.locate(st, "3A7")) == "i" and E.planet_of(st, E.locate(st, "3B2")) == "r"


# ----------------------------------------------------------------------------- tiles and supply

def test_GP_SETUP_3_first_game_map_is_fixed():
    a = GAME.new_game({"players": 3, "map": "standard"}, 1)
    b = GAME.new_game({"players": 3, "map": "standard"}, 99)
    assert a["map"] == b["map"] and a["placement"] == board.standard_placement(3)


def test_GP_SETUP_5_nine_standard_tiles_one_per_space():
    layouts = set()
    for seed in range(6):
        st = GAME.new_game({"players": 3}, seed)
        std = {p: st["tech"][p] for p in STD_POS}
        assert sorted(std.values()) == sorted(STD_TECHS) and len(STD_TECHS) == 9
        layouts.add(tuple(std.values()))
    assert len(layouts) > 1   # shuffled


def test_GP_SETUP_6_six_of_fifteen_advanced_tiles():
    seen = set()
    for seed in range(6):
        st = GAME.new_game({"players": 2}, seed)
        adv = [st["tech"][p] for p in ADV_POS]
        assert len(adv) == len(set(adv)) == 6 and set(adv) <= set(ADV_TECHS)
        seen.update(adv)
    assert len(ADV_TECHS) == 15 and len(seen) > 6


def test_GP_SETUP_7_terraforming_token_and_gleens_token_aside():
    terra = set()
    for seed in range(10):
        st = GAME.new_game({"players": 2}, seed)
        assert st["terra_fed"] in {f"fed{i}" for i in range(1, 7)}
        assert "gleens" not in st["fed_supply"]
        assert sum(st["fed_supply"].values()) == 17
        terra.add(st["terra_fed"])
    assert len(terra) > 1
    assert FED_TOKENS["fed1"]["green"] is False and all(FED_TOKENS[f"fed{i}"]["green"] for i in range(2, 7))


def test_GP_SETUP_8_round_and_final_scoring_tiles():
    orders = set()
    for seed in range(6):
        st = GAME.new_game({"players": 4}, seed)
        assert len(st["round_scoring"]) == len(set(st["round_scoring"])) == 6
        assert set(st["round_scoring"]) <= set(ROUND_TILES) and len(ROUND_TILES) == 10
        assert len(set(st["final_scoring"])) == 2 and set(st["final_scoring"]) <= set(FINAL_TILES)
        orders.add(tuple(st["round_scoring"]))
    assert len(FINAL_TILES) == 6 and len(orders) > 1


def test_GP_SETUP_12_first_game_factions():
    assert FIRST_GAME == {2: ["hadsch-hallas", "xenos"], 3: ["terrans", "taklons", "gleens"],
                          4: ["terrans", "hadsch-hallas", "xenos", "taklons"]}
    for n in (2, 3, 4):
        st = GAME.new_game({"players": n, "factions": "first-game"}, 5)
        assert [p["faction"] for p in st["players"]] == FIRST_GAME[n]
        assert st["phase"] == "setup"


# ----------------------------------------------------------------------------- factions and boards

RESOURCES = {  # §10.1 "Resources after setup" o/k/c/q and start power I/II/III
    "terrans": ((4, 3, 15, 1), (4, 4, 0)), "lantids": ((4, 3, 13, 1), (4, 0, 0)),
    "xenos": ((4, 3, 15, 2), (2, 4, 0)), "gleens": ((5, 3, 15, 0), (2, 4, 0)),
    "taklons": ((4, 3, 15, 1), (2, 4, 0)), "ambas": ((4, 3, 15, 2), (2, 4, 0)),
    "hadsch-hallas": ((4, 3, 15, 1), (2, 4, 0)), "ivits": ((4, 3, 15, 1), (2, 4, 0)),
    "geodens": ((6, 3, 15, 1), (2, 4, 0)), "baltaks": ((4, 3, 15, 0), (2, 2, 0)),
    "firaks": ((3, 2, 15, 1), (2, 4, 0)), "bescods": ((4, 1, 15, 1), (2, 4, 0)),
    "nevlas": ((4, 2, 15, 1), (2, 4, 0)), "itars": ((5, 3, 15, 1), (4, 4, 0)),
}
START_LEVEL = {"terrans": "gaia", "xenos": "int", "gleens": "nav", "ambas": "nav", "hadsch-hallas": "eco",
               "geodens": "terra", "baltaks": "gaia", "nevlas": "sci"}


@pytest.mark.parametrize("faction", sorted(RESOURCES))
def test_GP_SETUP_15_starting_resources_and_power(faction):
    p = _chosen(faction)
    (o, k, c, q), bowls = RESOURCES[faction]
    assert (p["o"], p["k"], p["c"], p["q"]) == (o, k, c, q)
    assert (p["power"]["area1"], p["power"]["area2"], p["power"]["area3"], p["power"]["gaia"]) == bowls + (0,)


@pytest.mark.parametrize("faction", sorted(RESOURCES))
def test_GP_SETUP_16_starting_research_level(faction):
    p = _chosen(faction)
    want = {f: 0 for f in p["research"]}
    if faction in START_LEVEL:
        want[START_LEVEL[faction]] = 1
    assert p["research"] == want


def test_GP_SETUP_16_income_levels_are_not_paid_at_setup():
    assert _chosen("hadsch-hallas")["c"] == 15      # economy 1 is income (+2c) only
    assert _chosen("nevlas")["k"] == 2              # science 1 is income (+1k) only
    assert _chosen("geodens")["o"] == 6             # terraforming 1: one-time 2 ore


def test_GP_SETUP_14_buildings_start_on_the_board_and_GP_SETUP_17_gaiaformers():
    for f in RESOURCES:
        p = _chosen(f)
        assert all(v == 0 for v in p["n"].values()), f
        assert p["gf_total"] == (1 if f in ("terrans", "baltaks") else 0), f
    st = action_state(["xenos", "terrans"])
    p = st["players"][0]
    p["k"] = 4
    st2 = play(st, 0, "up gaia.")
    assert st2["players"][0]["gf_total"] == 1 and E.gf_available(st2, st2["players"][0], 0) == 1


def test_GP_SETUP_18_everyone_starts_with_ten_vp():
    for f in RESOURCES:
        assert _chosen(f)["vp"] == 10


def test_GP_SETUP_19_faction_extras():
    assert _chosen("taklons")["brainstone"] == "area1"
    assert all(_chosen(f)["brainstone"] is None for f in RESOURCES if f != "taklons")
    assert E.COUNTS["sp"] == 6
    st = GAME.new_game({"players": 2}, 3)
    st = play(st, 0, "faction gleens")
    assert st["players"][0]["feds"] == [] and "gleens" not in st["fed_supply"]


def test_GP_SETUP_11_and_GP_SETUP_22_full_setup_order_then_round_one():
    st = GAME.new_game({"players": 3}, 5)
    for s, f in enumerate(["xenos", "terrans", "ivits"]):
        st = play(st, s, f"faction {f}")
    seats = []
    while st["phase"] == "setup":
        (seat,) = GAME.waiting_for(st)
        seats.append(seat)
        st = GAME.apply(st, GAME.legal_moves(st, seat)[0])
    assert seats == [0, 1, 1, 0, 0, 2]
    assert st["players"][2]["n"]["PI"] == 1 and st["players"][2]["n"]["m"] == 0
    assert st["players"][0]["n"]["m"] == 3 and all(p["vp"] == 10 for p in st["players"])
    assert st["offer"] is None   # initial placements never offer power
    picks = []
    while st["round"] == 0:
        (seat,) = GAME.waiting_for(st)
        picks.append(seat)
        st = GAME.apply(st, GAME.legal_moves(st, seat)[0])
    assert picks == [2, 1, 0]
    assert st["round"] == 1 and st["order"] == [0, 1, 2]
    while st["phase"] == "income":   # the Ivits PI income (+4pw, +t) needs an order (GP-INC-2)
        (seat,) = GAME.waiting_for(st)
        assert st["players"][seat]["faction"] == "ivits"
        st = GAME.apply(st, GAME.legal_moves(st, seat)[0])
    assert st["phase"] == "actions"
    assert GAME.waiting_for(st) == {0}
    assert sum(1 for h in st["boosters"].values() if h is None) == 3


def test_GP_SETUP_20_and_GP_VAR_2_free_placement_on_any_home_planet():
    st = GAME.new_game({"players": 2, "factions": "first-game"}, 3)   # Hadsch Hallas (oxide), Xenos
    oxide = [n for q, r, p, s, n in st["map"] if p == "o"]
    assert len(oxide) == 4
    for name in oxide:
        st2 = play(st, 0, f"build m {name}")
        assert st2["bld"][E.locate(st, name)] == [0, "m"]
    desert = next(n for q, r, p, s, n in st["map"] if p == "d")
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, f"build m {desert}")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.setup_planet", "GP-SETUP-21")


# ----------------------------------------------------------------------------- randomness, variants

def test_GP_RNG_1_random_draws_only_at_setup():
    a = GAME.new_game({"players": 3, "map": "method3"}, 21)
    b = GAME.new_game({"players": 3, "map": "method3"}, 21)
    assert a == b
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")], boosters=["booster1", "booster2"])
    rng = st["rng"]
    st["players"][0]["k"] = 4
    st = play(st, 0, "up terra.")
    st = play(st, 1, f"pass {next(k for k, h in st['boosters'].items() if h is None)}")
    assert st["rng"] == rng


def test_GP_VAR_6_map_exists_before_faction_choice():
    st = GAME.new_game({"players": 3, "map": "method2"}, 4)
    assert st["phase"] == "factions" and len(st["map"]) == 10 * 19
    assert not board.same_type_adjacent(st["map"], strict=True)


def test_GP_VAR_7_three_methods_for_three_and_four_players():
    ref = {s["sector"]: s for s in board.standard_placement(4)}
    for seed in range(5):
        m1 = GAME.new_game({"players": 4, "map": "method1"}, seed)["placement"]
        for s in m1:
            if s["sector"] in ("1", "2", "3", "4"):
                assert s["center"] == ref[s["sector"]]["center"] and s["rotation"] == ref[s["sector"]]["rotation"]
        m2 = GAME.new_game({"players": 4, "map": "method2"}, seed)["placement"]
        fixed = {(s["center"]["q"], s["center"]["r"]) for s in m2 if s["sector"] in ("1", "2", "3", "4")}
        assert fixed == {(ref[n]["center"]["q"], ref[n]["center"]["r"]) for n in ("1", "2", "3", "4")}
        assert all(s["rotation"] == 0 for s in m2 if s["sector"] in ("1", "2", "3", "4"))
        for m in (m1, m2, GAME.new_game({"players": 3, "map": "method3"}, seed)["placement"]):
            assert sorted(s["sector"] for s in m) == sorted(["1", "2", "3", "4", "5A", "6A", "7A", "8", "9", "10"])


def test_GP_VAR_8_two_player_variable_map():
    for seed in range(5):
        pl = GAME.new_game({"players": 2, "map": "method3"}, seed)["placement"]
        assert sorted(s["sector"] for s in pl) == sorted(["1", "2", "3", "4", "5B", "6B", "7B"])
        assert sorted((s["center"]["q"], s["center"]["r"]) for s in pl) == sorted(SMALL_CENTRES)


def test_GP_VAR_9_usual_outline_for_every_method():
    for method in ("method1", "method2", "method3"):
        st = GAME.new_game({"players": 4, "map": method}, 2)
        assert sorted(_centres(st)) == sorted(SMALL_CENTRES + LARGE_EXTRA)


def test_GP_HID_1_every_view_shows_the_full_state():
    st = action_state(["terrans", "xenos"], boosters=["booster1", "booster2"])
    for seat in (None, 0, 1):
        assert GAME.view(st, seat) == st
    assert set(BOOSTERS) >= set(st["boosters"])


def test_GP_SETUP_1_three_and_four_players_use_all_ten_tiles_full_side():
    for n in (3, 4):
        for mapopt in ("standard", "method1", "method3"):
            st = GAME.new_game({"players": n, "map": mapopt}, n)
            assert sorted(s["sector"] for s in st["placement"]) == sorted(
                ["1", "2", "3", "4", "5A", "6A", "7A", "8", "9", "10"])


def test_GP_SETUP_2_one_or_two_players_use_tiles_one_to_seven_outlined_side():
    for mapopt in ("standard", "method3"):
        st = GAME.new_game({"players": 2, "map": mapopt}, 6)
        assert sorted(s["sector"] for s in st["placement"]) == sorted(["1", "2", "3", "4", "5B", "6B", "7B"])
        assert len(st["map"]) == 7 * 19


def test_GP_VAR_1_any_board_then_the_remaining_boards():
    from rules.gaia.tables import FACTIONS
    for f in FACTIONS:
        st = play(GAME.new_game({"players": 2}, 1), 0, f"faction {f}")
        assert st["players"][0]["faction"] == f
        twin = next(g for g in FACTIONS if g != f and FACTIONS[g]["planet"] == FACTIONS[f]["planet"])
        with pytest.raises(IllegalMove) as refused:
            play(st, 1, f"faction {twin}")
        assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.faction_planet_taken", "GP-SETUP-13")
        other = next(g for g in FACTIONS if FACTIONS[g]["planet"] != FACTIONS[f]["planet"])
        assert play(st, 1, f"faction {other}")["players"][1]["faction"] == other


def test_GP_SETUP_23_booster_income_in_round_one():
    st = GAME.new_game({"players": 2, "factions": "first-game"}, 3)   # Hadsch Hallas, Xenos
    while st["phase"] == "setup":
        (seat,) = GAME.waiting_for(st)
        st = GAME.apply(st, GAME.legal_moves(st, seat)[0])
    assert st["players"][0]["n"]["m"] == 2 and st["players"][1]["n"]["m"] == 3
    st = play(st, 1, "booster booster7")     # +1 ore
    st = play(st, 0, "booster booster10")    # +4 credits
    hh, xe = st["players"]
    assert st["round"] == 1 and st["phase"] == "actions"
    # Hadsch Hallas: base 1o 1k 3c, economy 1 (2c, 1 charge), two mines 1o + 1o, booster10 4c
    assert (hh["o"], hh["k"], hh["c"]) == (4 + 1 + 2, 3 + 1, 15 + 3 + 2 + 4)
    # Xenos: base 1o 1k, three mines 1o + 1o + nothing, booster7 1o
    assert (xe["o"], xe["k"], xe["c"], xe["q"]) == (4 + 1 + 2 + 1, 3 + 1, 15, 2)
