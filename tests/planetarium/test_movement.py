"""PL-TURN-1 step 1 and PL-MOV-*: movement on the orbit graph, worked examples T-2, T-3, T-4."""
from rules.planetarium.engine import planet_destinations
from rules.planetarium.state import PHASE_CARD

from .helpers import GAME, assert_illegal, build, play, started, texts


def test_T2_opening_position_every_first_move_is_a_collision():
    state = started(2)
    red = state.active
    moves = GAME.legal_moves(state, red)
    assert moves
    for move in moves:
        end = state.nodes[move.path[-1]]
        if move.path[0] in "ABCD":
            assert end in ("G", "R", "W", "M")            # planet steps onto matter
        else:
            assert end in ("A", "B", "C", "D")            # matter into a planet
    legal = texts(state)
    assert "mv II-1 II-2" in legal and "mv A II-3" in legal
    token = state.nodes["II-1"]
    after = play(state, "mv II-1 II-2")
    assert after.nodes["II-1"] is None and after.nodes["II-2"] == "A"
    assert after.players[red].mat["A"][token] == 1
    assert_illegal(state, "mv I-1 I-2", rule="PL-MOV-3", key="planetarium.err.matter_path", reasons=("planetarium.why.cannot_move", "planetarium.why.into_matter"))


def test_PL_MOV_1_moves_follow_clockwise_lines_only():
    state = build(matter={"IV-3": "G"})
    assert_illegal(state, "mv IV-3 IV-2", rule="PL-MOV-1", key="planetarium.err.matter_path", reasons=("planetarium.nt.mv", "planetarium.why.no_line"), contains=("IV-4, III-2",))
    assert texts(state) >= {"mv IV-3 IV-4", "mv IV-3 III-2"}


def test_PL_MOV_2_one_step_before_acceleration_one_or_two_after():
    state = build(matter={"IV-3": "W"}, track=19)
    assert not any(len(m.path) == 3 for m in GAME.legal_moves(state, 0))
    assert_illegal(state, "mv IV-3 III-2 III-3", rule="PL-MOV-2", key="planetarium.err.matter_path", reasons=("planetarium.nt.mv", "planetarium.why.two_steps"))
    fast = build(matter={"IV-3": "W"}, track=20)
    legal = texts(fast)
    assert {"mv IV-3 III-2 III-3", "mv IV-3 III-2 II-3", "mv IV-3 IV-4 V-4", "mv IV-3 IV-4 IV-5"} <= legal
    assert "mv IV-3 III-2" in legal                       # one step is still allowed
    after = play(fast, "mv IV-3 III-2 III-3")
    assert after.nodes["III-3"] == "W" and after.nodes["IV-3"] is None and after.nodes["III-2"] is None


def test_T4_two_steps_need_an_empty_middle_node_and_end_empty_or_on_a_planet():
    state = build(matter={"IV-3": "W", "III-2": "R"}, track=20)
    assert_illegal(state, "mv IV-3 III-2 III-3", rule="PL-MOV-3", key="planetarium.err.matter_path", reasons=("planetarium.nt.mv", "planetarium.why.into_matter"))
    onto_planet = build(matter={"IV-3": "W"}, planets={"C": "III-3"}, track=20)
    after = play(onto_planet, "mv IV-3 III-2 III-3")
    assert after.players[0].mat["C"]["W"] == 1 and after.nodes["III-3"] == "C"


def test_PL_MOV_3_matter_never_enters_or_passes_matter():
    state = build(matter={"IV-3": "W", "IV-4": "G", "III-2": "R"}, track=20)
    legal = texts(state)
    assert not any(t.startswith("mv IV-3 IV-4") or t.startswith("mv IV-3 III-2") for t in legal)
    assert_illegal(state, "mv IV-3 IV-4 IV-5", rule="PL-MOV-3", key="planetarium.err.matter_path", reasons=("planetarium.why.cannot_move", "planetarium.why.into_matter"))


def test_PL_MOV_4_matter_entering_a_planet_goes_to_the_movers_mat_area_of_that_planet():
    state = build(matter={"II-1": "M"}, active=1)
    after = play(state, "mv II-1 II-2")
    assert after.players[1].mat["A"]["M"] == 1 and after.players[0].mat["A"]["M"] == 0
    assert after.nodes["II-1"] is None and after.nodes["II-2"] == "A"
    assert after.phase == PHASE_CARD


def test_P13_accelerated_matter_meeting_a_planet_on_the_first_step_stops_there():
    state = build(matter={"II-1": "M"}, track=25)
    assert not any(m.path[:2] == ("II-1", "II-2") and len(m.path) == 3 for m in GAME.legal_moves(state, 0))
    assert_illegal(state, "mv II-1 II-2 II-3", rule="PL-MOV-4", key="planetarium.err.matter_path", reasons=("planetarium.nt.mv", "planetarium.why.collision"))


def test_PL_MOV_5_planet_single_step_along_either_line_not_onto_a_planet():
    state = build(matter={})
    assert set(planet_destinations(state, "B")) >= {"V-6", "IV-6"}      # orbit step and link
    moved = play(state, "mv B IV-6")
    assert moved.planet_pos["B"] == "IV-6" and moved.nodes["V-5"] is None
    blocked = build(matter={}, planets={"C": "IV-6"})
    assert "IV-6" not in planet_destinations(blocked, "B")
    assert_illegal(blocked, "mv B IV-6", rule="PL-MOV-7", key="planetarium.err.planet_stop", reasons=("planetarium.why.planet_there",))
    far = build(matter={})
    assert_illegal(far, "mv B III-4", rule="PL-MOV-5", key="planetarium.err.planet_stop", reasons=("planetarium.why.not_reachable",))


def test_PL_MOV_6_planet_entering_matter_collects_it_for_the_active_player():
    state = build(matter={"IV-6": "W"}, active=1)
    after = play(state, "mv B IV-6")
    assert after.players[1].mat["B"]["W"] == 1
    assert after.nodes["IV-6"] == "B" and after.planet_pos["B"] == "IV-6"


def test_T3_and_PL_MOV_7_sweep_stops_at_first_matter_and_passes_planets():
    state = build(matter={"V-10": "R", "V-12": "G"}, planets={"D": "V-8"})
    stops = planet_destinations(state, "B")
    assert {"V-6", "V-7", "V-9", "V-10"} <= set(stops)
    assert "V-8" not in stops and "V-11" not in stops
    error = assert_illegal(state, "mv B V-8", rule="PL-MOV-7", key="planetarium.err.planet_stop", reasons=("planetarium.why.planet_there",))
    assert list(error.msg.params["stops"].items) == ["V-6", "IV-6", "V-7", "V-9", "V-10"]
    assert_illegal(state, "mv B V-11", rule="PL-MOV-7", key="planetarium.err.planet_stop", reasons=("planetarium.why.sweep_matter",))
    after = play(state, "mv B V-10")
    assert after.players[0].mat["B"]["R"] == 1 and after.nodes["V-10"] == "B" and after.nodes["V-8"] == "D"
    assert after.nodes["V-5"] is None


def test_PL_MOV_7_no_full_circuit_and_not_off_the_end_of_an_arc():
    empty = build(matter={})
    stops = planet_destinations(empty, "A")                  # A on II-2, orbit II has 8 nodes
    assert "II-2" not in stops and len([s for s in stops if s.startswith("II-")]) == 7
    arc = build(matter={}, planets={"D": "VII-13"})
    assert [s for s in planet_destinations(arc, "D") if s.startswith("VII-")] == ["VII-14", "VII-15", "VII-16"]
    at_end = build(matter={}, planets={"D": "VII-16"})
    assert planet_destinations(at_end, "D") == ["VI-1"]


def test_PL_MOV_8_planets_do_not_accelerate():
    state = build(matter={}, track=25)
    assert_illegal(state, "mv B V-6 V-7", rule="PL-MOV-8", key="planetarium.err.planet_one_step")
    assert all(len(m.path) == 2 for m in GAME.legal_moves(state, 0) if m.path[0] in "ABCD")


def test_PL_MOV_9_collected_matter_stays_on_the_mat_and_is_public():
    state = build(matter={"II-1": "W"})
    after = play(state, "mv II-1 II-2")
    for seat in (None, 0, 1):
        assert GAME.view(after, seat).players[0].mat["A"]["W"] == 1
    passed = play(after, "pass")
    assert passed.players[0].mat["A"]["W"] == 1


def test_PL_MOV_10_generation_covers_matter_and_planets_and_start_spaces_become_ordinary():
    state = build(matter={"I-1": "G"})
    legal = texts(state)
    assert "mv I-1 I-2" in legal and "mv I-1 II-3" in legal
    assert {t.split()[1] for t in legal} == {"I-1", "A", "B", "C", "D"}
    moved = play(play(state, "mv A II-3"), "pass")             # A leaves its start space II-2
    assert "mv I-4 II-1" not in texts(moved)
    onto_start = build(matter={"II-1": "G"}, planets={"A": "II-3"})
    after = play(onto_start, "mv II-1 II-2")
    assert after.nodes["II-2"] == "G"                          # an ordinary empty node now


def test_PL_TURN_1_mv_none_only_when_no_token_can_move(monkeypatch):
    assert_illegal(started(2), "mv none", rule="PL-TURN-1", key="planetarium.err.mv_none", reasons=("planetarium.nt.mv",))
    # On this board a planet on a closed orbit can always sweep, so a position without any move
    # cannot be built; pretend the generator found none to show the skip.
    import rules.planetarium.engine as engine
    monkeypatch.setattr(engine, "all_token_moves", lambda state: [])
    state = started(2)
    assert texts(state) == {"mv none"}
    after = play(state, "mv none")
    assert after.phase == PHASE_CARD and after.nodes == state.nodes
