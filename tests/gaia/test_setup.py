"""Setup (GP-SETUP-*, GP-MAP-*, GP-VAR-*), notation (§12) and the contract helpers."""
import json

import pytest

from rules.base import BadOptions, IllegalMove
from rules.gaia import GAME, board
from rules.gaia import engine as E
from rules.gaia.setup import setup_queue

from .conftest import load_fixture
from .helpers import play


def test_GP_SETUP_4_reference_layouts_match_the_test_vectors():
    small = {n: (q, r, p) for q, r, p, s, n in board.build_map(board.standard_placement(2)) if p != "e"}
    assert len(small) == 40
    assert small["3A7"] == (-1, -1, "r") and small["5A2"] == (2, 5, "m") and small["2B4"] == (3, -6, "s")
    large = {n: (q, r, p) for q, r, p, s, n in board.build_map(board.standard_placement(4)) if p != "e"}
    assert len(large) == 61
    assert large["8A2"] == (-1, 10, "r") and large["10B5"] == (-7, 6, "d") and large["7B2"] == (-6, 3, "g")
    types = [p for _, _, p in large.values()]
    assert types.count("m") == 12 and types.count("g") == 7 and all(types.count(t) == 6 for t in "rovdsti")


def test_GP_MAP_5_rotation_is_positional():
    rows = board.build_map([{"sector": "4", "rotation": 3, "center": {"q": 0, "r": 0}}])
    at = {n: (q, r, p) for q, r, p, s, n in rows}
    assert at["4A6"] == (-2, 0, "t")  # tile 4's titanium A0 after three clockwise steps


@pytest.mark.parametrize("players,method", [(2, "method3"), (3, "method1"), (4, "method2"), (4, "method3")])
def test_GP_VAR_10_random_maps_respect_GP_MAP_7(players, method):
    for seed in range(4):
        st = GAME.new_game({"players": players, "map": method}, seed)
        assert not board.same_type_adjacent(st["map"], strict=True)
        assert len({r[3] for r in st["map"]}) == (7 if players == 2 else 10)


def test_GP_SETUP_9_components_per_player_count():
    for n, boosters in ((2, 5), (3, 6), (4, 7)):
        st = GAME.new_game({"players": n}, 11)
        assert len(st["boosters"]) == boosters
        assert len(st["round_scoring"]) == 6 and len(set(st["round_scoring"])) == 6
        assert len(st["final_scoring"]) == 2
        assert sum(st["fed_supply"].values()) == 17 and st["terra_fed"] in st["fed_supply"]
        assert len([p for p in st["tech"] if p.startswith("adv")]) == 6


def test_GP_SETUP_13_one_faction_per_home_planet():
    st = GAME.new_game({"players": 3}, 5)
    st = play(st, 0, "faction terrans")
    with pytest.raises(IllegalMove) as refused:
        play(st, 1, "faction lantids")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.faction_planet_taken", "GP-SETUP-13")
    with pytest.raises(IllegalMove):
        play(st, 2, "faction xenos")  # not seat 3's turn yet


def test_GP_RPL_1_faction_prefixed_lines_while_seats_still_choose():
    # a seat without a faction yet must not break the look-up of a faction prefix
    st = play(GAME.new_game({"players": 3}, 5), 0, "faction terrans")
    st = GAME.apply(st, GAME.parse_move(st, 1, "xenos faction xenos"))
    assert st["players"][1]["faction"] == "xenos"
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(st, 2, "terrans faction ivits")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.wrong_actor", "GP-RPL-4")


def test_GP_SETUP_21_placement_order_with_xenos_and_ivits():
    st = GAME.new_game({"players": 3}, 5)
    for s, f in enumerate(["xenos", "terrans", "ivits"]):
        st = play(st, s, f"faction {f}")
    assert setup_queue(st) == [[0, "m"], [1, "m"], [1, "m"], [0, "m"], [0, "m"], [2, "PI"]]
    st = GAME.new_game({"players": 4}, 5)
    for s, f in enumerate(["terrans", "xenos", "ambas", "geodens"]):
        st = play(st, s, f"faction {f}")
    assert [s for s, _ in setup_queue(st)] == [0, 1, 2, 3, 3, 2, 1, 0, 1]


def test_GP_SETUP_23_boosters_in_reverse_order_then_round_one_income():
    st = GAME.new_game({"players": 2, "factions": "first-game"}, 3)
    assert [p["faction"] for p in st["players"]] == ["hadsch-hallas", "xenos"]
    for seat, name in ((0, "3A7"), (1, "3A6")):
        pass
    order = []
    while st["phase"] == "setup":
        seat = next(iter(GAME.waiting_for(st)))
        order.append(seat)
        st = GAME.apply(st, GAME.legal_moves(st, seat)[0])
    assert order == [0, 1, 1, 0, 1]
    assert GAME.waiting_for(st) == {1}
    st = GAME.apply(st, GAME.legal_moves(st, 1)[0])
    st = GAME.apply(st, GAME.legal_moves(st, 0)[0])
    assert st["round"] == 1 and st["phase"] == "actions" and GAME.waiting_for(st) == {0}
    xen = st["players"][1]
    assert xen["q"] == 2 and xen["research"]["int"] == 1


def test_GP_VAR_11_rotate_line_by_the_last_player():
    st = GAME.new_game({"players": 2, "rotate_sectors": True}, 3)
    assert GAME.waiting_for(st) == {1}
    before = {r[4]: r[2] for r in st["map"]}
    st2 = play(st, 1, "rotate 0x0 1")
    after = {r[4]: r[2] for r in st2["map"]}
    assert before != after and st2["phase"] == "factions"
    with pytest.raises(IllegalMove) as refused:
        play(st, 1, "rotate 0x0 1 0x0 2")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.rotate_twice", "GP-VAR-11")


def test_GP_RNG_2_setup_record_placement_as_a_list_and_not_shared():
    fx = load_fixture("spec-fullgame-2p.json")
    sectors = fx["setup"]["placement"]["sectors"]
    as_list = dict(fx["setup"], placement=sectors)
    del as_list["map"]          # rebuilt from the placement
    st = GAME.from_setup({"players": fx["players"], "setup": as_list})
    assert st["placement"] == sectors and st["placement"] is not sectors
    as_dict = dict(as_list, placement={"sectors": sectors})
    assert st["map"] == GAME.from_setup({"players": fx["players"], "setup": as_dict})["map"]


def test_notation_annotations_and_location_forms_12_4():
    fx = load_fixture("taklons-leverage.json")
    st = GAME.from_setup(fx)
    mv = GAME.parse_line(st, "p4 faction taklons (0/0/0/0 ⇒ 2,B/4/0/0)")
    assert mv["cmds"] == [["faction", "taklons"]]
    st = GAME.from_setup(load_fixture("spec-fullgame-2p.json"))
    m1 = GAME.parse_move(st, 0, "build gf 4A6 using area1: 4, area2: 2. (2/4/0/0 ⇒ 0/0/0/6)")
    assert m1["cmds"] == [["build", "gf", "4A6"]]
    assert E.locate(st, "4A6") == E.locate(st, "-2x0")
    m2 = GAME.parse_move(st, 0, "pass booster3 returning booster1")
    assert m2["cmds"] == [["pass", "booster3"]]
    m3 = GAME.parse_move(st, 0, "up terra (2 ⇒ 3). spend 4pw for 1q")
    assert m3["cmds"] == [["up", "terra"], ["spend", "4pw", "1q"]]
    assert GAME.format_move(m3) == "p1 up terra. spend 4pw for 1q"
    with pytest.raises(IllegalMove):
        GAME.parse_move(st, 0, "fly m 4A6")


def test_12_5_annotated_and_plain_logs_give_the_same_state():
    fx = load_fixture("taklons-leverage.json")
    plain = dict(fx, moves=[m.split(" (")[0].rstrip() if "⇒" in m else m for m in fx["moves"]])
    from rules.gaia.replay import replay_fixture
    assert replay_fixture(fx) == replay_fixture(plain)


def test_contract_options_and_round_trip():
    with pytest.raises(BadOptions):
        GAME.new_game({"players": 5}, 1)
    st = GAME.new_game({"players": 3, "factions": "random", "map": "method3"}, 9)
    again = GAME.load_state(json.loads(json.dumps(GAME.dump_state(st))))
    assert again == st
    assert str(GAME.seat_label(st, 0)) in [f for f in ("Terrans", "Lantids", "Xenos", "Gleens", "Taklons", "Ambas",
                                                  "Hadsch Hallas", "Ivits", "Geodens", "Bal T'aks", "Firaks",
                                                  "Bescods", "Nevlas", "Itars")]
    assert GAME.status_lines(GAME.view(st, None))
    assert GAME.new_game({"players": 3, "factions": "random", "map": "method3"}, 9) == st


def test_GP_RPL_9_strict_line_endings_12_1():
    """Acceptance test 18: with boardgamers line endings an action turn needs its '.', pass and
    reactions must not have one."""
    fx = load_fixture("spec-fullgame-2p.json")
    from rules.gaia.replay import replay_fixture
    st = GAME.from_setup(fx, {"strict_endings": True})
    for line in fx["moves"][1:47]:
        st = GAME.apply(st, GAME.parse_line(st, line))
    assert GAME.waiting_for(st) == {0}
    assert GAME.apply(st, GAME.parse_line(st, "geodens up terra."))["current"] == 1
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(st, GAME.parse_line(st, "geodens up terra"))
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.turn_unfinished", "GP-RPL-9")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(st, GAME.parse_line(st, "geodens pass booster1."))
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.no_trailing_dot", "GP-RPL-9")
    st2 = GAME.apply(st, GAME.parse_line(st, "geodens build ts -1x0."))  # next to the Itars
    assert GAME.waiting_for(st2) == {1}
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(st2, GAME.parse_line(st2, f"itars charge {st2['offer']['offers'][0]}."))
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.no_trailing_dot", "GP-RPL-9")
    lenient = replay_fixture(dict(fx, moves=fx["moves"][:47]))
    assert GAME.apply(lenient, GAME.parse_line(lenient, "geodens up terra"))["current"] == 1
    move = GAME.parse_line(st, "geodens up terra.")
    assert GAME.format_move(move) == "geodens up terra."
    assert all(m.get("ended") for m in GAME.legal_moves(st, 0) if m["cmds"][-1][0] != "pass")
