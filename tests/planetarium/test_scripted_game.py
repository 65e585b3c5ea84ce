"""A fixed two-player game (seed 2026) replayed from its move texts; scores checked by hand."""
from rules.planetarium.state import PHASE_MOVE

from .helpers import GAME

SEED = 2026
MOVES = [
    (0, "discard F11"),
    (1, "discard F15"),
    (1, "mv B V-6"),
    (1, "play L09 B"),
    (1, "draw F"),
    (1, "keep F06"),
    (0, "mv III-5 III-6"),
    (0, "pass"),
    (1, "mv B V-7"),
    (1, "pass"),
    (0, "mv II-1 II-2"),
    (0, "pass"),
    (1, "mv VI-10 VI-11"),
    (1, "replace H14"),
    (0, "mv I-4 II-1"),
    (0, "replace H09"),
    (1, "mv C II-7"),
    (1, "pass"),
    (0, "mv VII-12 VI-10"),
    (0, "pass"),
    (1, "mv I-3 I-4"),
    (1, "pass"),
    (0, "mv B VI-8"),
    (0, "pass"),
    (1, "mv C III-7"),
    (1, "pass"),
    (0, "mv A II-3"),
    (0, "pass"),
    (1, "mv A I-2"),
    (1, "pass"),
    (0, "mv D VII-14"),
    (0, "play L11 A"),
    (0, "draw F"),
    (0, "keep F04"),
    (1, "mv C III-8"),
    (1, "pass"),
    (0, "mv D VII-15"),
    (0, "pass"),
    (1, "mv D VII-16"),
    (1, "pass"),
    (0, "mv VII-11 VII-12"),
    (0, "pass"),
    (1, "mv I-1 I-2"),
    (1, "pass"),
    (0, "mv C III-1"),
    (0, "pass"),
    (1, "mv B VII-10"),
    (1, "play L05 B"),
    (1, "draw I"),
    (0, "mv VII-9 VII-10"),
    (0, "pass"),
    (1, "mv B VII-12"),
    (1, "pass"),
    (0, "mv II-1 III-1"),
    (0, "play L12 C"),
    (0, "draw F"),
    (0, "keep F13"),
    (1, "mv A I-4"),
    (1, "play L03 A"),
    (1, "draw I"),
]


def test_scripted_two_player_game_scores_checked_by_hand():
    state = GAME.new_game({"players": 2}, SEED)
    assert state.players[0].hand == ["L12", "L11", "H09", "H06", "F11", "F12"]
    assert state.players[1].hand == ["L09", "L05", "H14", "H01", "F15", "F07"]
    for seat, text in MOVES:
        state = GAME.apply(state, GAME.parse_move(state, seat, text))
    # Start player: Blue discarded Garden World F15 (21 points) > Red's Super-Earth F11 (14).
    assert state.start_player == 1
    # Cards played (points from spec table 12.4):
    #   Blue: L09 Polar Ice Cap 4 on B, L05 Outgassing 5 on B, L03 Core Formation 6 on A -> 4 + 5 + 6 = 15
    #   Red:  L11 Tectonic Activity 5 on A, L12 Hydrothermal Vents 6 on C              -> 5 + 6 = 11
    assert GAME.scores(state) == [11, 15]
    # Matter paid: W1 + R2 + G1 R1 + R1 W1 + R1 M1 = 9 tokens on spaces 1-9, no acceleration yet.
    assert len(state.track) == 9 and not state.accelerated
    # Habitability: A got H5 (L11) then U6 (L03) -> 5 < 6, uninhabitable again;
    # B has U4 + U5 = U9; C has H6 (L12) -> habitable.
    assert (state.planets["A"].habitable_points, state.planets["A"].uninhabitable_points) == (5, 6)
    assert not state.planets["A"].habitable and state.planets["C"].habitable
    assert state.planets["B"].uninhabitable_points == 9 and not state.planets["B"].habitable
    # Two replacements (H14 by Blue, H09 by Red) went to the major discard pile;
    # three "draw F" discards (F08 by Blue, F16 and F09 by Red) plus the setup discards F11, F15.
    assert state.discards["major"] == ["H14", "H09"]
    assert sorted(state.discards["final"]) == ["F08", "F09", "F11", "F15", "F16"]
    assert state.phase == PHASE_MOVE and state.active == 0 and all(len(p.hand) == 5 for p in state.players)
