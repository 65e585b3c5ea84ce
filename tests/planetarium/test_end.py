"""PL-EVO-*, PL-END-*, PL-FIN-*, PL-WIN-*, PL-REPL-3; worked examples T-6, T-7, T-8."""
from rules.planetarium.engine import TURN_CAP
from rules.planetarium.state import PHASE_CARD, PHASE_FINALS, PHASE_MOVE, PHASE_OVER

from .helpers import GAME, assert_illegal, build, events, play, texts


def test_PL_EVO_1_and_PL_EVO_2_track_fills_upwards_and_space_20_accelerates():
    state = build(phase=PHASE_CARD, hands={0: ["H01", "L01", "L02", "H02", "F01"]},
                  mats={0: {"A": "G1 R1 W1 M1"}}, track=17)
    assert not state.accelerated
    after = play(state, "play H01 A")
    assert len(after.track) == 21 and after.accelerated
    assert any(event.startswith("ACCELERATION") for event in events(after))
    assert "the paid matter goes onto the evolution track: spaces 18, 19, 20 and 21" in events(after)


def _trigger_position(players=3):
    # Blue (seat 1) holds Runaway Greenhouse H04 (G2 R1, solid, orbit I-III) for planet A on orbit II
    hands = {0: ["L01", "L02", "H02", "F04", "F06"], 1: ["H04", "F09", "F13", "L03", "L04"],
             2: ["L05", "L06", "H05", "F05", "F07"]}
    return build(players=players, phase=PHASE_CARD, active=1, hands=hands, mats={1: {"A": "G2 R1"}}, track=28)


def test_T6_PL_END_1_PL_END_3_last_round_trigger_finals_at_once_no_draw_then_one_turn_each_then_over():
    state = _trigger_position()
    after = play(state, "play H04 A")
    assert after.track[-2:] == ["G", "G"] and len(after.track) == 30 and after.final_space == ["R"]
    assert after.last_round and after.trigger_player == 1 and after.last_round_reason == "track"
    assert after.last_round_queue == [2, 0]
    assert after.phase == PHASE_FINALS and after.active == 1             # PL-END-1: no draw step (P-19)
    assert_illegal(after, "draw I", rule="PL-TURN-1", key="planetarium.err.not_in_step", reasons=("planetarium.hint.finals", "planetarium.step.finals"))
    assert texts(after) == {"final F09 A from=H04", "done"}                # F13 needs orbit III-V
    after = play(after, "final F09 A from=H04")
    assert after.players[1].score == 8 + 8                                # H04 8 + Dead World 8
    after = play(after, "done")
    assert after.active == 2 and after.phase == PHASE_MOVE                # Green, clockwise
    after = play(play(after, "mv B V-6"), "done")
    assert after.active == 0
    after = play(play(after, "mv C III-7"), "done")
    assert after.phase == PHASE_OVER and GAME.is_over(after) and GAME.waiting_for(after) == set()
    assert GAME.winners(after) == [1]
    assert GAME.legal_moves(after, 0) == []
    assert_illegal(after, "pass", seat=0, rule="PL-END-3", key="planetarium.err.game_over")


def test_PL_EVO_3_payments_onto_F_in_the_last_round_do_not_trigger_again():
    state = _trigger_position()
    after = play(play(play(state, "play H04 A"), "done"), "mv B V-6")
    after.players[2].mat["A"].update({"G": 1, "R": 1})
    after = play(after, "play L05 A")                                      # Green's last-turn card
    assert after.final_space == ["R", "G", "R"] and len(after.track) == 30
    assert after.trigger_player == 1 and after.last_round_queue == [0]


def test_PL_END_2_and_PL_REPL_3_last_turn_move_one_card_any_finals_no_replace_no_draw_accelerated():
    state = build(players=2, phase=PHASE_MOVE, active=0, track=30, last_round=True, matter={"IV-3": "G"},
                  hands={0: ["L01", "H05", "F13", "F16", "L02"]}, mats={0: {"C": "G1 R1"}},
                  rows={"C": [("L13", 0, 0), ("L12", 0, 0)]})
    state.last_round_queue = [1]
    assert "mv IV-3 III-2 III-3" in texts(state)                           # acceleration still applies
    assert_illegal(state, "final F13 C from=L13", rule="PL-FIN-1", key="planetarium.err.move_first", reasons=("planetarium.hint.move",))
    state = play(state, "mv C III-7")
    legal = texts(state)
    assert "play L01 C" in legal and "done" in legal and "pass" not in legal
    assert not any(t.startswith("replace") for t in legal)
    assert_illegal(state, "replace H05", rule="PL-REPL-3", key="planetarium.err.replace_last", reasons=("planetarium.hint.card_last",))
    state = play(state, "play L01 C")
    assert state.final_space == ["G", "R"] and state.phase == PHASE_FINALS   # paid onto F, no draw
    assert_illegal(state, "play L02 C", rule="PL-FIN-1", key="planetarium.err.one_card", reasons=("planetarium.hint.finals",))
    state = play(state, "final F13 C from=L13")                            # Stable Orbit III-V
    assert state.players[0].score == 4 + 8
    assert play(state, "done").active == 1


def test_PL_FIN_1_finals_follow_the_normal_card_never_precede_it():
    state = build(players=2, phase=PHASE_CARD, active=0, track=30, last_round=True,
                  hands={0: ["L01", "F13", "L02", "H02", "F16"]}, mats={0: {"C": "G1 R1"}},
                  rows={"C": [("L13", 0, 0)]})
    state.last_round_queue = [1]
    state = play(state, "final F13 C")                                      # from= defaults to the only marker
    assert state.planets["C"].row[0].marker is None
    assert_illegal(state, "play L01 C", rule="PL-FIN-1", key="planetarium.err.one_card", reasons=("planetarium.hint.finals",))


def test_T7_and_PL_FIN_2_one_final_per_own_marker_in_the_row():
    # Green (seat 2) has markers on Hydrothermal Vents L12 and Subsurface Ocean H10 in C's row
    rows = {"C": [("L12", 2, 2), ("H10", 2, 2), ("L13", 0, 0)]}
    state = build(players=3, phase=PHASE_CARD, active=2, last_round=True, track=30, rows=rows,
                  hands={2: ["F13", "F03", "F11", "L01", "L02"]}, mats={2: {"C": "R2 W1 M1"}})
    state.planets["C"].habitable = True
    state.last_round_queue = [0, 1]
    legal = texts(state)
    assert {"final F13 C from=L12", "final F13 C from=H10", "final F03 C from=L12"} <= legal
    assert not any("from=L13" in t for t in legal)                          # Red's marker is not Green's
    assert_illegal(state, "final F13 C from=L13", rule="PL-FIN-2", key="planetarium.err.final_marker_not_there")
    state = play(state, "final F13 C from=H10")
    state = play(state, "final F03 C from=L12")
    assert state.players[2].markers_supply == 8 - 2 + 2                     # PL-FIN-3: back to supply
    assert [p.marker for p in state.planets["C"].row] == [None, None, 0, None, None]
    assert_illegal(state, "final F11 C", rule="PL-FIN-2", key="planetarium.err.cannot_play", reasons=("planetarium.req.marker", "planetarium.req.nowhere"))
    assert state.players[2].score == 8 + 15


def test_PL_FIN_2_marker_placed_earlier_in_the_same_last_turn_counts():
    state = build(players=2, phase=PHASE_CARD, active=0, last_round=True, track=30,
                  hands={0: ["L01", "F13", "L02", "H02", "F16"]}, mats={0: {"C": "G1 R1"}})
    state.last_round_queue = [1]
    assert not any(t.startswith("final") for t in texts(state))
    state = play(state, "play L01 C")
    assert "final F13 C from=L01" in texts(state)


def test_PL_FIN_3_and_PL_FIN_4_final_gets_no_marker_pays_onto_F_and_never_flips():
    state = build(players=2, phase=PHASE_FINALS, active=0, last_round=True, track=30,
                  hands={0: ["F11", "L01", "L02", "H02", "F16"]}, mats={0: {"A": "R1 M1"}},
                  rows={"A": [("L11", 0, 0)]})                              # H5: habitable side is earned
    state.planets["A"].habitable = True
    state.last_round_queue = [1]
    after = play(state, "final F11 A from=L11")                             # Super-Earth R1 M1, 14
    assert after.planets["A"].row[-1].card == "F11" and after.planets["A"].row[-1].marker is None
    assert after.final_space == ["R", "M"] and after.players[0].score == 14
    assert after.planets["A"].habitable and after.planets["A"].habitable_points == 5


def test_PL_END_4_stall_guard_one_full_cycle_without_cards_after_the_board_empties():
    state = build(players=2, matter={}, phase=PHASE_MOVE, active=0)
    state = play(play(state, "mv A II-3"), "pass")        # counting starts with the next turn
    assert state.turn_started_without_matter and state.stall_turns == 0
    state = play(play(state, "mv B V-6"), "pass")
    assert state.stall_turns == 1 and not state.last_round
    state = play(play(state, "mv A II-4"), "pass")
    assert state.last_round and state.last_round_reason == "stall" and state.trigger_player is None
    assert state.active == 1 and state.last_round_queue == [0]             # from the next player, all play
    state = play(play(state, "mv B V-7"), "done")
    state = play(play(state, "mv A II-5"), "done")
    assert GAME.is_over(state)


def test_PL_END_4_a_card_played_restarts_the_count():
    state = build(players=2, matter={}, phase=PHASE_MOVE, active=0,
                  hands={1: ["L01", "L02", "H02", "H03", "F01"]}, mats={1: {"B": "G1 R1"}})
    state = play(play(state, "mv A II-3"), "pass")
    state = play(play(play(state, "mv B V-6"), "play L01 B"), "draw I")
    assert state.stall_turns == 0
    state = play(play(state, "mv A II-4"), "pass")
    assert state.stall_turns == 1 and not state.last_round


def test_PL_END_4_hard_cap_of_400_turns():
    state = build(players=3, phase=PHASE_CARD, active=1)
    state.turn_no = TURN_CAP
    after = play(state, "pass")
    assert after.last_round and after.last_round_reason == "cap"
    assert after.active == 2 and after.last_round_queue == [0, 1]


def _finished(scores, mats, marker_counts, hand_sizes):
    """Two-player end position: Red ends his last turn, the game is scored."""
    rows = {"A": [], "B": []}
    spare = iter(["L01", "L02", "L03", "L04", "L05", "L06", "L07", "L08", "H01", "H02", "H03", "H04"])
    for seat, count in enumerate(marker_counts):
        for _ in range(count):
            rows["AB"[seat]].append((next(spare), seat, seat))
    state = build(players=2, phase=PHASE_FINALS, active=0, last_round=True, track=30,
                  mats={seat: {"C": text} for seat, text in enumerate(mats) if text}, rows=rows)
    for seat, (score, size) in enumerate(zip(scores, hand_sizes)):
        state.players[seat].score = score
        state.players[seat].hand = state.players[seat].hand[:size]
    state.last_round_queue = []
    return play(state, "done")


def test_PL_WIN_1_highest_score_wins():
    assert GAME.winners(_finished([40, 39], ["", ""], [0, 0], [3, 3])) == [0]
    assert GAME.winners(_finished([40, 52], ["W3", ""], [5, 0], [0, 3])) == [1]


def test_T8_and_PL_WIN_2_tie_breakers_in_order():
    # T-8: equal scores, matter Red 3 / Blue 3, markers on cards Red 4 / Blue 2 -> Red
    assert GAME.winners(_finished([50, 50], ["G3", "R1 W2"], [4, 2], [2, 2])) == [0]
    # (1) most matter left beats everything after it
    assert GAME.winners(_finished([50, 50], ["G1", "R1 W2"], [4, 2], [0, 5])) == [1]
    # (3) fewest cards in hand
    assert GAME.winners(_finished([50, 50], ["G1", "R1"], [3, 3], [3, 1])) == [1]
    # still tied: shared victory
    assert GAME.winners(_finished([50, 50], ["G1", "R1"], [3, 3], [2, 2])) == [0, 1]


def test_scores_are_the_sum_of_the_points_log():
    state = _trigger_position()
    after = play(play(state, "play H04 A"), "final F09 A from=H04")
    assert GAME.scores(after)[1] == sum(points for _, _, points in after.players[1].points_log) == 16
