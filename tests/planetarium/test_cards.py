"""PL-CARD-*, PL-HAB-*, PL-GRAV-1, PL-REPL-*, PL-DRAW-*, PL-HAND-1, PL-TURN-*; T-1, T-5; FAQ."""
from rules.kit import HIDDEN
from rules.messages import Msg
from rules.planetarium.state import PHASE_CARD, PHASE_DRAW, PHASE_KEEP_FINAL, PHASE_MOVE

from .helpers import GAME, assert_illegal, build, events, play, texts

HAND = ["L01", "L02", "H02", "H05", "F01"]


def card_step(**kwargs):
    kwargs.setdefault("phase", PHASE_CARD)
    kwargs.setdefault("hands", {0: list(HAND), 1: ["L03", "L04", "H03", "H04", "F02"]})
    return build(**kwargs)


def test_T1_magnetic_field_seed_example():
    state = card_step(hands={0: ["H01", "L01", "L02", "H02", "F01"]}, mats={0: {"B": "G1 R1 W1 M1"}},
                      rows={"B": [("H15", 1, 1)]}, track=7)
    assert state.planets["B"].uninhabitable_points == 10 and not state.planets["B"].habitable
    after = play(state, "play H01 B")
    assert after.track == ["G"] * 7 + ["G", "R", "W", "M"]
    assert after.players[0].score == 11
    assert (after.planets["B"].habitable_points, after.planets["B"].uninhabitable_points) == (11, 10)
    assert after.planets["B"].habitable
    assert after.planets["B"].row[-1].card == "H01" and after.planets["B"].row[-1].marker == 0
    assert after.players[0].mat["B"] == {"G": 0, "R": 0, "W": 0, "M": 0}
    assert after.phase == PHASE_DRAW and after.active == 0                 # Red must then draw
    assert texts(after) == {"draw I", "draw M", "draw F"}


def test_PL_CARD_1_only_initial_and_major_cards_outside_the_last_round():
    state = card_step(mats={0: {"A": "W1"}}, rows={"A": [("H11", 0, 0)]})
    state.planets["A"].habitable = True
    assert_illegal(state, "play F01 A", rule="PL-CARD-1", key="planetarium.err.play_final_later")
    assert_illegal(state, "final F01 A from=H11", rule="PL-CARD-1", key="planetarium.err.final_not_last", reasons=("planetarium.hint.card",))
    assert_illegal(state, "play H18 A", rule="PL-CARD-1", key="planetarium.err.not_in_hand", contains=("L01, L02",))


def test_PL_CARD_2_the_target_planet_and_its_mat_area_are_checked():
    state = card_step(mats={0: {"A": "G1 R1"}})
    assert "play L01 A" in texts(state)
    assert not any(t.startswith("play L01 B") for t in texts(state))
    assert_illegal(state, "play L01 B", rule="PL-CARD-3", key="planetarium.err.cannot_play", reasons=("planetarium.req.cost", "planetarium.req.nothing", "planetarium.req.where_now"))


def test_PL_CARD_3_planet_type_requirement():
    state = card_step(hands={0: ["L08", "L04", "H02", "H05", "F01"]}, mats={0: {"A": "R2", "B": "R2"}})
    assert_illegal(state, "play L08 A", rule="PL-CARD-3", key="planetarium.err.cannot_play", reasons=("planetarium.req.gas", "planetarium.req.where_now"))   # Ring Formation
    assert_illegal(state, "play L04 B", rule="PL-CARD-3", key="planetarium.err.cannot_play", reasons=("planetarium.req.orbit", "planetarium.req.solid", "planetarium.req.where_now"))  # Volcanism
    assert {"play L08 B", "play L04 A"} <= texts(state)


def test_PL_CARD_3_orbit_range_requirement():
    # Polar Ice Cap L09 needs orbit V-VII; A is on II, B on V
    state = card_step(hands={0: ["L09", "L01", "H02", "H05", "F01"]}, mats={0: {"A": "W1", "B": "W1"}})
    assert_illegal(state, "play L09 A", rule="PL-CARD-3", key="planetarium.err.cannot_play", reasons=("planetarium.req.orbit", "planetarium.req.where_now"))
    assert "play L09 B" in texts(state)


def test_PL_CARD_3_habitability_state_requirements():
    # Outgassing L05 needs uninhabitable, Ozone Layer H11 needs habitable
    state = card_step(hands={0: ["L05", "H11", "H02", "H05", "F01"]}, mats={0: {"A": "G3 R1 W1"}})
    assert "play L05 A" in texts(state)
    assert_illegal(state, "play H11 A", rule="PL-CARD-3", key="planetarium.err.cannot_play", reasons=("planetarium.req.habitable", "planetarium.req.nowhere"))
    state.planets["A"].habitable = True
    assert "play H11 A" in texts(state)
    assert_illegal(state, "play L05 A", rule="PL-CARD-3", key="planetarium.err.cannot_play", reasons=("planetarium.req.nowhere", "planetarium.req.uninhabitable"))


def test_PL_CARD_3_matter_requirement_lists_what_is_missing():
    state = card_step(mats={0: {"A": "G1"}})
    error = assert_illegal(state, "play L01 A", rule="PL-CARD-3", key="planetarium.err.cannot_play", reasons=("planetarium.req.cost", "planetarium.req.nowhere"))
    [cost] = error.msg.params["failures"].items
    amounts = {part: [(a.params["code"].key, a.params["count"]) for a in cost.params[part].params.values()]
               for part in ("missing", "have")}
    assert amounts == {"missing": [("planetarium.code.R", 1)], "have": [("planetarium.code.G", 1)]}


def test_PL_CARD_4_payment_fills_the_next_track_spaces_with_the_exact_tokens():
    state = card_step(mats={0: {"A": "G2 R1"}}, track=12)
    after = play(state, "play L01 A")
    assert after.track[12:] == ["G", "R"] and len(after.track) == 14
    assert after.players[0].mat["A"] == {"G": 1, "R": 0, "W": 0, "M": 0}


def test_PL_CARD_5_marker_from_the_supply():
    state = card_step(mats={0: {"A": "G1 R1"}})
    after = play(state, "play L01 A")
    assert after.players[0].markers_supply == 7 and after.planets["A"].row[-1].marker == 0
    assert_illegal(state, "play L01 A marker=none", rule="PL-CARD-5", key="planetarium.err.marker_supply")


def test_FAQ_out_of_markers_move_one_from_an_earlier_card_or_play_without():
    rows = {"A": [("L11", 0, 0), ("L12", 0, 0)], "B": [("H16", 0, 0), ("H12", 0, 0)],
            "C": [("L13", 0, 0), ("H04", 0, 0)], "D": [("L14", 0, 0), ("L18", 0, 0)]}
    state = card_step(mats={0: {"A": "G1 R1"}}, rows=rows)
    assert state.players[0].markers_supply == 0
    error = assert_illegal(state, "play L01 A", rule="PL-CARD-5", key="planetarium.err.marker_needed", reasons=("planetarium.nt.marker_from", "planetarium.nt.marker_none"), contains=("marker=none",))
    assert "marker=from:L14" in error.message
    legal = texts(state)
    assert {"play L01 A marker=from:H16", "play L01 A marker=none"} <= legal
    moved = play(state, "play L01 A marker=from:L14")           # from any planet's row
    assert [p.marker for p in moved.planets["D"].row] == [None, 0]
    assert moved.planets["A"].row[-1].marker == 0 and moved.players[0].markers_supply == 0
    bare = play(state, "play L01 A marker=none")
    assert bare.planets["A"].row[-1].marker is None
    assert sum(p.marker == 0 for planet in bare.planets.values() for p in planet.row) == 8
    assert_illegal(state, "play L01 A marker=from:H02", rule="PL-CARD-5", key="planetarium.err.marker_not_there")


def test_PL_CARD_6_points_scored_immediately():
    state = card_step(mats={0: {"A": "R1 W2"}})
    after = play(state, "play H02 A")          # Oceans: SOLID II-IV, R1 W2, 10 points
    assert after.players[0].score == 10 and after.players[0].points_log == [("H02", "A", 10)]


def test_PL_CARD_7_and_PL_HAB_2_habitability_then_gravity_then_track():
    # Cometary Delivery L10: G1 W1, gravity, habitable 4; A flips at H4 > U0
    state = card_step(hands={0: ["L10", "L01", "H02", "H05", "F01"]}, mats={0: {"A": "G1 W1"}},
                      matter={"IV-7": "M"}, track=19)
    after = play(state, "play L10 A grav=IV-7>C")
    assert after.planets["A"].habitable and after.planets["A"].habitable_points == 4
    assert after.nodes["IV-7"] is None and after.players[0].mat["C"]["M"] == 1
    assert after.accelerated and len(after.track) == 21
    line = " | ".join(events(after))
    assert line.index("spaces 20 and 21") < line.index("A becomes habitable") < line.index("gravity")


def test_PL_HAB_1_values_are_the_card_points_and_finals_have_none():
    from rules.planetarium.data import cards
    assert all(c.habitability_points == c.points for c in cards().values() if c.deck != "final")
    assert all(c.habitability_side is None for c in cards().values() if c.deck == "final")


def test_PL_HAB_2_token_follows_the_larger_sum_and_stays_on_equal_sums():
    greenhouse = ["L16", "L02", "H02", "H05", "F01"]          # Greenhouse Effect L16: G2, habitable 4
    # H5 (Tectonic Activity) vs U5 (Ring Formation): equal, the token stays uninhabitable
    state = card_step(hands={0: greenhouse}, mats={0: {"A": "G2"}}, rows={"A": [("L11", 1, 1), ("L08", 1, 1)]})
    assert not state.planets["A"].habitable
    flipped = play(state, "play L16 A")                       # H9 > U5
    assert flipped.planets["A"].habitable and "planet A becomes habitable" in events(flipped)
    # habitable token, U4 in the row; +H4 makes H4 = U4: unchanged
    equal = card_step(hands={0: greenhouse}, mats={0: {"A": "G2"}}, rows={"A": [("L02", 1, 1)]})
    equal.planets["A"].habitable = True
    stays = play(equal, "play L16 A")
    assert stays.planets["A"].habitable and "planet A: habitable 4 = uninhabitable 4" in events(stays)
    # U8 in the row; +H4: H4 < U8 keeps it uninhabitable
    lower = card_step(hands={0: greenhouse}, mats={0: {"A": "G2"}}, rows={"A": [("L01", 1, 1), ("L09", 1, 1)]})
    assert not play(lower, "play L16 A").planets["A"].habitable
    # and back: a habitable planet with H5 flips when U grows above it
    back = card_step(hands={0: ["L01", "L02", "H02", "H05", "F01"]}, mats={0: {"A": "G2 R1"}},
                     rows={"A": [("L11", 1, 1), ("L09", 1, 1)]})   # H5 vs U4
    back.planets["A"].habitable = True
    assert not play(back, "play L01 A").planets["A"].habitable    # H5 < U8


def test_PL_GRAV_1_optional_any_board_matter_to_any_own_area():
    state = card_step(hands={0: ["L06", "L01", "H02", "H05", "F01"]}, mats={0: {"A": "R1"}},
                      matter={"VII-9": "W", "I-3": "G"})
    legal = texts(state)
    assert "play L06 A" in legal                                       # taking nothing is allowed
    assert {"play L06 A grav=VII-9>D", "play L06 A grav=I-3>A"} <= legal
    assert len([t for t in legal if t.startswith("play L06 A grav=")]) == 2 * 4
    after = play(state, "play L06 A grav=VII-9>D")
    assert after.players[0].mat["D"]["W"] == 1 and after.nodes["VII-9"] is None
    assert_illegal(state, "play L06 A grav=II-2>D", rule="PL-GRAV-1", key="planetarium.err.grav_no_matter")
    assert_illegal(state, "play L06 A grav=IV-1>D", rule="PL-GRAV-1", key="planetarium.err.grav_no_matter", reasons=("planetarium.why.holds_nothing",))
    no_icon = card_step(mats={0: {"A": "G1 R1"}}, matter={"VII-9": "W"})
    assert_illegal(no_icon, "play L01 A grav=VII-9>D", rule="PL-GRAV-1", key="planetarium.err.no_gravity_icon")


def test_PL_REPL_1_and_PL_REPL_2_replace_draws_an_initial_card_and_ends_the_card_step():
    state = card_step()
    top_initial = state.decks["initial"][0]
    after = play(state, "replace H05")                   # Great Storm carries the icon
    assert "H05" not in after.players[0].hand and top_initial in after.players[0].hand
    assert after.discards["major"] == ["H05"] and len(after.players[0].hand) == 5
    assert after.active == 1 and after.phase == PHASE_MOVE           # no play, no draw after it
    assert_illegal(state, "replace H02", rule="PL-REPL-1", key="planetarium.err.not_replaceable", contains=("H05",))


def test_PL_DRAW_4_no_replacing_once_the_initial_deck_is_empty():
    state = card_step()
    state.decks["initial"] = []
    assert not any(t.startswith("replace") for t in texts(state))
    assert_illegal(state, "replace H05", rule="PL-DRAW-4", key="planetarium.err.replace_empty")


def test_PL_TURN_1_and_FAQ_at_most_one_card_per_turn_then_a_draw_of_the_players_choice():
    state = card_step(mats={0: {"A": "G2 R1"}})
    after = play(state, "play L01 A")
    assert after.phase == PHASE_DRAW
    assert_illegal(after, "play L02 A", rule="PL-TURN-1", key="planetarium.err.draw_first", reasons=("planetarium.hint.draw", "planetarium.nt.deck.F", "planetarium.nt.deck.I", "planetarium.nt.deck.M", "planetarium.nt.draw"))
    assert_illegal(after, "pass", rule="PL-TURN-1", key="planetarium.err.draw_first", reasons=("planetarium.hint.draw", "planetarium.nt.deck.F", "planetarium.nt.deck.I", "planetarium.nt.deck.M", "planetarium.nt.draw"))
    top_major = after.decks["major"][0]
    drawn = play(after, "draw M")
    assert drawn.players[0].hand[-1] == top_major and len(drawn.players[0].hand) == 5
    assert drawn.active == 1 and drawn.phase == PHASE_MOVE and drawn.turn_no == after.turn_no + 1


def test_PL_TURN_1_the_card_step_comes_after_the_move():
    state = card_step(phase=PHASE_MOVE, mats={0: {"A": "G1 R1"}})
    assert_illegal(state, "play L01 A", rule="PL-TURN-1", key="planetarium.err.move_first", reasons=("planetarium.hint.move",))
    assert_illegal(state, "draw I", rule="PL-TURN-1", key="planetarium.err.move_first", reasons=("planetarium.hint.move",))


def test_PL_TURN_2_play_passes_clockwise():
    state = build(players=3, phase=PHASE_CARD, active=2)
    assert play(state, "pass").active == 0
    assert_illegal(state, "pass", seat=1, rule="PL-TURN-2", key="planetarium.err.not_your_turn", reasons=("planetarium.colour.blue", "planetarium.colour.green"))


def test_PL_DRAW_1_two_finals_keep_one_discard_the_other_face_up():
    state = card_step(mats={0: {"A": "G1 R1"}})
    after = play(play(state, "play L01 A"), "draw F")
    first, second = state.decks["final"][:2]
    assert after.phase == PHASE_KEEP_FINAL and after.players[0].drawn_finals == [first, second]
    assert GAME.view(after, 1).players[0].drawn_finals == [HIDDEN] * 2  # secret to the others
    assert texts(after) == {f"discard {first}", f"discard {second}"}   # the log never names the kept card
    kept = play(after, f"draw F keep={second}")                         # the spec's one-line form
    assert kept.players[0].hand[-1] == second and kept.discards["final"][-1] == first
    assert kept.players[0].final_count == 2 and len(kept.players[0].hand) == 5
    also = play(after, f"discard {first}")
    assert GAME.dump_state(also) == GAME.dump_state(kept)
    assert_illegal(after, "keep F16" if "F16" not in (first, second) else "keep F15", rule="PL-DRAW-1", key="planetarium.err.keep_which")


def test_T5_and_PL_DRAW_2_no_final_draw_beyond_four_finals():
    state = card_step(hands={0: ["F02", "F05", "F09", "F11", "L01"]}, mats={0: {"A": "G1 R1"}})
    after = play(state, "play L01 A")
    assert texts(after) == {"draw I", "draw M"}
    assert_illegal(after, "draw F", rule="PL-DRAW-2", key="planetarium.err.cannot_draw", reasons=("planetarium.deck.final", "planetarium.nt.deck.I", "planetarium.nt.deck.M", "planetarium.nt.draw", "planetarium.why.too_many_finals"))
    assert_illegal(after, "draw F keep=F02", rule="PL-DRAW-1", key="planetarium.err.keep_draw_first", reasons=("planetarium.hint.draw", "planetarium.nt.deck.I", "planetarium.nt.deck.M", "planetarium.nt.draw"))
    assert len(play(after, "draw I").players[0].hand) == 5


def test_PL_DRAW_3_empty_deck_is_rebuilt_from_its_discard_pile_even_between_two_cards():
    state = card_step(mats={0: {"A": "G1 R1"}})
    finals_left = state.decks["final"]
    state.discards["final"] += finals_left[1:]
    state.decks["final"] = finals_left[:1]
    rng_before = state.rng.counter
    after = play(play(state, "play L01 A"), "draw F")
    assert after.players[0].drawn_finals[0] == finals_left[0]
    assert after.players[0].drawn_finals[1] in finals_left[1:]
    assert after.rng.counter == rng_before + 1 and after.discards["final"] == []
    assert any("reshuffled" in event for event in events(after))
    assert GAME.reveals_information(state, None, after)
    majors = card_step(mats={0: {"A": "G1 R1"}})
    majors.discards["major"], majors.decks["major"] = majors.decks["major"], []
    drawn = play(play(majors, "play L01 A"), "draw M")
    assert len(drawn.players[0].hand) == 5 and drawn.discards["major"] == []


def test_PL_DRAW_5_when_nothing_can_be_drawn_the_hand_shrinks():
    state = card_step(hands={0: ["F02", "F05", "F09", "F11", "L01"]}, mats={0: {"A": "G1 R1"}})
    state.decks["initial"], state.decks["major"], state.discards["major"] = [], [], []
    after = play(state, "play L01 A")
    assert after.active == 1 and len(after.players[0].hand) == 4
    assert any(isinstance(event, Msg) and event.key == "planetarium.event.hand_shrinks" for event in after.events)


def test_PL_DRAW_5_a_single_final_card_left_is_simply_kept():
    state = card_step(mats={0: {"A": "G1 R1"}})
    last = state.decks["final"][0]
    state.decks["final"], state.discards["final"] = [last], []
    after = play(play(state, "play L01 A"), "draw F")
    assert after.players[0].hand[-1] == last and after.active == 1
    assert after.players[0].drawn_finals == []


def test_PL_HAND_1_and_PL_TURN_3_five_cards_at_most_four_finals_at_every_turn_end():
    state = card_step(mats={0: {"A": "G1 R1"}})
    for text in ("play L01 A", "draw F"):
        state = play(state, text)
    state = play(state, f"keep {state.players[0].drawn_finals[0]}")
    assert len(state.players[0].hand) == 5 and state.players[0].final_count <= 4
    assert state.players[0].hand_count == 5
