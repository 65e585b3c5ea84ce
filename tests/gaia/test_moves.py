"""legal_moves / complete (autocomplete) and seeded random playouts with invariants (GP-COMP-*, GP-POW-10,
GP-SCORE-1)."""

import pytest

from rules.gaia import GAME
from rules.gaia import engine as E
from rules.gaia.playout import check_invariants, random_game
from rules.gaia.replay import replay_fixture

from .conftest import load_fixture
from .helpers import action_state


def test_complete_build_m_lists_the_legal_mine_hexes():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    got = GAME.complete(st, 0, "build m ")
    assert got and all(t.startswith("build m ") for t in got)
    hexes = {t.split()[2] for t in got}
    assert "3B2" in hexes  # Ice, 1 step, in range
    assert "1B1" not in hexes  # out of range without QIC
    for t in got:
        GAME.apply(st, GAME.parse_move(st, 0, t))
    assert GAME.complete(st, 0, "terrans build m 3B") == [t for t in got if t.startswith("build m 3B")]


def test_legal_moves_are_all_accepted_and_cover_the_recorded_move():
    fx = load_fixture("spec-fullgame-2p.json")
    st = replay_fixture(dict(fx, moves=fx["moves"][:44]))
    seat = next(iter(GAME.waiting_for(st)))
    moves = GAME.legal_moves(st, seat)
    texts = {GAME.format_move(m) for m in moves}
    assert "geodens up terra" in texts
    assert any(t.startswith("geodens pass booster") for t in texts)
    for m in moves[:60]:
        GAME.apply(st, m)


def test_legal_moves_answer_a_leech_offer():
    fx = load_fixture("spec-fullgame-2p.json")
    st = replay_fixture(dict(fx, moves=fx["moves"][:10]))
    assert GAME.waiting_for(st) == {1}
    texts = sorted(GAME.format_move(m) for m in GAME.legal_moves(st, 1))
    assert texts == ["itars charge 1pw", "itars decline"]
    assert GAME.legal_moves(st, 0) == []


def test_legal_moves_include_brainstone_answers():
    fx = load_fixture("all-families.json")
    st = replay_fixture(dict(fx, moves=fx["moves"][:18]))
    assert GAME.waiting_for(st) == {2}
    texts = sorted(GAME.format_move(m) for m in GAME.legal_moves(st, 2))
    assert texts == ["taklons brainstone area2", "taklons brainstone area3"]


@pytest.mark.parametrize("players,seed,opts", [
    (2, 1, {}), (2, 4, {"auto_income": True, "turn_order": "passOrder"}), (3, 2, {"factions": "choose"}),
    (4, 3, {"rotate_sectors": True}), (3, 6, {"strict_endings": True})])
def test_random_playout_keeps_invariants(players, seed, opts):
    st, n = random_game(players, seed, opts)
    assert GAME.is_over(st) and n > 20
    assert check_invariants(st) == []
    assert GAME.winners(st)
    for p in st["players"]:
        assert p["vp"] == sum(p["vp_src"].values())


def test_random_move_is_deterministic_for_a_seed():
    a, _ = random_game(2, 7)
    b, _ = random_game(2, 7)
    assert a == b


def test_invariant_checker_detects_breakage():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    assert check_invariants(st) == []
    st["players"][0]["power"]["area1"] += 1
    st["players"][1]["vp"] += 3
    st["players"][0]["n"]["m"] = 2
    problems = check_invariants(st)
    assert any("tokens" in p for p in problems) and any("VP" in p for p in problems)
    assert any("board says" in p for p in problems)


def test_complete_keeps_leading_free_actions():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    st["players"][0]["k"] = 3
    st["players"][0]["power"].update(area1=0, area2=2, area3=4)
    assert GAME.complete(st, 0, "up ") == []
    assert GAME.complete(st, 0, "spend 4pw for 1k. up t") == ["spend 4pw for 1k. up terra"]


def test_GP_POW_free_actions_are_offered_by_autocomplete_when_legal():
    """Free conversions (GP-POW-8/9, burning GP-POW-7) are offered as whole legal lines."""
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    p = st["players"][0]
    p["k"] = 3
    p["power"].update(area1=0, area2=2, area3=4)
    got = GAME.complete(st, 0, "spend")
    assert got and all(t.startswith("spend ") for t in got)
    assert any(t.startswith("spend 4pw for 1k. up ") for t in got)   # the conversion that enables research
    for text in got:
        GAME.apply(st, GAME.parse_move(st, 0, text))                 # every line offered is legal
    assert all(t.startswith("burn 1. ") for t in GAME.complete(st, 0, "burn"))
    assert GAME.complete(st, 0, "burn")
    assert GAME.complete(st, 0, "költ") == got                       # the Hungarian verb
    p["power"].update(area1=6, area2=0, area3=0)                      # nothing to spend or burn
    assert not any(t.startswith(("spend 1pw", "spend 3pw", "spend 4pw", "burn")) for t in GAME.complete(st, 0, "s"))
    assert not any(t.startswith("burn") for t in GAME.complete(st, 0, "b"))


def test_GP_LEECH_3_autocomplete_label_shows_what_a_charge_costs():
    st = action_state(["nevlas", "terrans"], [(1, "PI", "3A7"), (0, "m", "3B5")])
    st["players"][1]["power"].update(area1=2, area2=4, area3=0)
    st = GAME.apply(st, GAME.parse_move(st, 0, "build m 3B2."))
    off = st["offer"]
    assert off and off["seat"] == 1
    text = f"charge {off['offers'][0]}"
    label = GAME.describe_move(st, 1, text)
    n = int(off["offers"][0].rstrip("pw"))
    assert n > 1
    from rules.messages import render
    assert f"-{n - 1} VP" in render(label, "en") and f"−{n - 1} győzelmi pont" in render(label, "hu")   # the rulebook term (issue 24)
    assert GAME.describe_move(st, 1, "charge") is None and GAME.describe_move(st, 1, "zz") is None


def test_GP_FAC_XEN_2_legal_moves_offer_a_value_six_federation():
    # Xenos with PI need only 6: PI (3) + TS (2) next to it + a mine one satellite away
    st = action_state(["xenos", "terrans"], [(0, "PI", "3A6"), (0, "ts", "3A7"), (0, "m", "3B2"),
                                             (1, "m", "1B1")])
    feds = [m for m in GAME.legal_moves(st, 0) if m["cmds"][0][0] == "federation"]
    assert feds
    assert all(GAME.apply(st, m)["players"][0]["feds"] for m in feds)


def test_GP_FAC_TAK_1_legal_moves_offer_both_brainstone_answers():
    fx = load_fixture("all-families.json")
    st = replay_fixture(dict(fx, moves=fx["moves"][:30]))
    assert GAME.waiting_for(st) == {2}
    texts = sorted(GAME.format_move(m) for m in GAME.legal_moves(st, 2))
    assert "taklons charge 2pw. brainstone area3" in texts
    assert "taklons charge 2pw. brainstone area2" in texts
    assert "taklons decline" in texts


def test_GP_RNG_2_games_do_not_depend_on_python_hash_seed():
    import os
    import subprocess
    import sys
    code = ("import json,hashlib;from rules.gaia.playout import random_game;"
            "st,_=random_game(3,5);print(hashlib.sha1(json.dumps(st).encode()).hexdigest())")
    outs = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        outs.add(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                check=True).stdout)
    assert len(outs) == 1


@pytest.mark.parametrize("name", ["spec-fullgame-2p.json", "all-families.json", "adv-tech-pass.json"])
def test_legal_moves_contain_the_recorded_moves(name):
    """Every sampled recorded line without free actions is among legal_moves (hexes by name)."""
    from rules.gaia.notation import format_line
    fx = load_fixture(name)
    st = GAME.from_setup(fx)
    checked = 0
    for i, line in enumerate(fx["moves"][1:], 1):
        mv = GAME.parse_line(st, line)
        if i % 4 == 0 and not any(c[0] in ("spend", "burn", "federation", "rotate") for c in mv["cmds"]):
            want = []
            for c in mv["cmds"]:
                c = list(c)
                if c[0] == "build" or c[0] in ("swap-PI", "lostPlanet"):
                    j = 2 if c[0] == "build" else 1
                    c[j] = E.minfo(st).name[E.locate(st, c[j])]
                want.append(c)
            texts = {format_line(None, m["cmds"]) for m in GAME.legal_moves(st, mv["seat"])}
            assert format_line(None, want) in texts, line
            checked += 1
        st = GAME.apply(st, mv)
    assert checked > 10


def test_clone_shares_only_what_no_move_changes_in_place():
    """apply() clones the state sharing the map (a rotation replaces it whole): a rotation
    applied to the clone leaves the original's map and placement as they were."""
    st = GAME.new_game(GAME.normalize_options({"players": 2, "rotate_sectors": True}), 3)
    before_map, before_placement = [list(row) for row in st["map"]], [dict(p) for p in st["placement"]]
    rotated = GAME.apply(st, GAME.parse_move(st, 1, GAME.format_move(GAME.legal_moves(st, 1)[0])))
    copy = E.clone(st)
    assert copy["map"] is st["map"] and copy["players"] is not st["players"]
    assert st["map"] == before_map and st["placement"] == before_placement
    after = GAME.apply(st, GAME.parse_move(st, 1, "rotate 1 1"))
    assert after["map"] != st["map"] and st["map"] == before_map and st["placement"] == before_placement
    assert rotated["phase"] == after["phase"] == "factions"


def test_GP_MAP_4_hex_names_and_coordinates_in_any_case_are_logged_as_the_map_prints_them():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    move = GAME.parse_move(st, 0, "BUILD M 3b2")
    assert GAME.format_move(move) == "terrans build m 3B2"
    assert GAME.apply(st, move)["bld"] == GAME.apply(st, GAME.parse_move(st, 0, "build m 3B2"))["bld"]
    assert E.locate(st, "-2X4") == E.locate(st, "-2x4")
