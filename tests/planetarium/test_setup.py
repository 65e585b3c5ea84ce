"""PL-SETUP-*, PL-BOT-2 and PL-BOT-4: setup, secret discard, start player, seeded randomness."""
from collections import Counter

import pytest

from rules.kit import HIDDEN
from rules import BadOptions
from rules.planetarium.data import board, cards
from rules.planetarium.state import PHASE_MOVE, PHASE_SETUP
from rules.rng import Rng

from rules.messages import Msg, render

from .helpers import GAME, Move, assert_illegal, mv, play, started


def test_PL_SETUP_1_planets_on_their_start_spaces():
    state = GAME.new_game({"players": 2}, 5)
    assert state.planet_pos == {"A": "II-2", "B": "V-5", "C": "III-6", "D": "VI-11"}
    for letter, node in state.planet_pos.items():
        assert state.nodes[node] == letter


def test_PL_SETUP_2_and_PL_BOT_4_matter_placement_is_the_seeded_shuffle_in_table_order():
    state = GAME.new_game({"players": 3}, 77)
    rng = Rng(77)
    tokens = ["G"] * 22 + ["R"] * 22 + ["W"] * 16 + ["M"] * 8
    rng.shuffle(tokens)
    assert [state.nodes[node] for node in board().dot_nodes] == tokens
    # then the three decks, then the deals in seat order: 2 initial, 2 major, 2 final each
    decks = {deck: rng.shuffled(sorted(c for c in cards() if c[0] == letter))
             for deck, letter in (("initial", "L"), ("major", "H"), ("final", "F"))}
    for player in state.players:
        expected = [decks[deck].pop(0) for deck in ("initial", "major", "final") for _ in range(2)]
        assert player.hand == expected
    assert state.decks == decks
    assert GAME.new_game({"players": 3}, 78).nodes != state.nodes


def test_PL_SETUP_3_planets_start_uninhabitable_with_zero_points():
    state = GAME.new_game({"players": 2}, 1)
    for planet in state.planets.values():
        assert (planet.habitable, planet.habitable_points, planet.uninhabitable_points) == (False, 0, 0)


def test_PL_SETUP_4_each_player_has_a_colour_eight_markers_zero_points_and_an_empty_mat():
    state = GAME.new_game({"players": 4}, 1)
    assert [p.colour for p in state.players] == ["Red", "Blue", "Green", "Yellow"]
    assert [str(GAME.seat_label(state, seat)) for seat in range(4)] == ["Red", "Blue", "Green", "Yellow"]
    assert [render(GAME.seat_label(state, seat), "hu") for seat in range(4)] == ["Piros", "Kék", "Zöld", "Sárga"]
    for player in state.players:
        assert player.markers_supply == 8 and player.score == 0
        assert all(sum(area.values()) == 0 for area in player.mat.values())


def test_PL_SETUP_5_three_shuffled_decks_and_empty_discard_piles():
    state = GAME.new_game({"players": 2}, 3)
    assert {deck: len(pile) for deck, pile in state.decks.items()} == {"initial": 14, "major": 14, "final": 12}
    assert state.discards == {"initial": [], "major": [], "final": []}


def test_PL_SETUP_6_and_PL_BOT_2_two_of_each_deck_then_one_final_discarded_in_secret_revealed_together():
    state = GAME.new_game({"players": 3}, 9)
    assert state.phase == PHASE_SETUP
    assert GAME.waiting_for(state) == {0, 1, 2}
    for player in state.players:
        assert Counter(card[0] for card in player.hand) == {"L": 2, "H": 2, "F": 2}
    blue_finals = [c for c in state.players[1].hand if c[0] == "F"]
    state = play(state, f"keep {blue_finals[0]}", seat=1)          # keep = discard the other
    assert state.players[1].setup_discard == blue_finals[1]
    assert GAME.waiting_for(state) == {0, 2}
    # the secret choice is hidden from the others and from spectators
    assert GAME.view(state, 0).players[1].setup_discard == HIDDEN
    assert GAME.view(state, None).players[1].setup_discard == HIDDEN
    assert GAME.view(state, 0).players[2].setup_discard is None         # not chosen yet
    assert GAME.view(state, 1).players[1].setup_discard == blue_finals[1]
    assert state.discards["final"] == []                              # revealed only together
    assert_illegal(state, f"discard {blue_finals[0]}", seat=1, rule="PL-SETUP-6", key="planetarium.err.setup_done", reasons=("planetarium.colour.blue", "planetarium.colour.green", "planetarium.colour.red"))
    reason = GAME.waiting_reason(state)   # what the host tells Blue, out of turn now (newcomer 27i, I-25)
    assert reason is not None and reason.key == "planetarium.reason.setup_discarded"
    assert render(reason, "en") == "you have already chosen your discard in secret; now Red and Green must choose"
    for seat in (0, 2):
        final = [c for c in state.players[seat].hand if c[0] == "F"][1]
        state = play(state, f"discard {final}", seat=seat)
    assert state.phase == PHASE_MOVE
    assert GAME.waiting_reason(state) is None                         # a plain turn again
    assert all(len(p.hand) == 5 and p.final_count == 1 for p in state.players)
    assert len(state.discards["final"]) == 3


def test_PL_SETUP_6_only_one_of_the_own_two_finals_can_be_discarded():
    state = GAME.new_game({"players": 2}, 9)
    non_final = state.players[0].hand[0]
    assert_illegal(state, f"discard {non_final}", seat=0, rule="PL-SETUP-6", key="planetarium.err.setup_not_final")
    assert_illegal(state, "mv II-1 II-2", seat=0, rule="PL-SETUP-6", key="planetarium.err.setup_first", reasons=("planetarium.hint.setup", "planetarium.nt.discard"))


def _setup_with_discards(seed: int, players: int, values: dict[int, str]) -> object:
    """Deal, then force the given final cards as each seat's pair so the discards are known."""
    state = GAME.new_game({"players": players}, seed)
    for seat, final in values.items():
        hand = state.players[seat].hand
        old = [c for c in hand if c[0] == "F"][0]
        for other in state.players:                      # swap the card in wherever it is
            if final in other.hand and other is not state.players[seat]:
                other.hand[other.hand.index(final)] = old
        if final in state.decks["final"]:
            state.decks["final"][state.decks["final"].index(final)] = old
        if final not in hand:
            hand[hand.index(old)] = final
    for seat, final in values.items():
        state = GAME.apply(state, Move(seat, mv.DISCARD_FINAL, card=final))
    return state


def test_PL_SETUP_7_start_player_discarded_the_highest_final():
    # F15 Garden World 21 points > F02 Complex Life 17 > F09 Dead World 8
    state = _setup_with_discards(4, 3, {0: "F09", 1: "F15", 2: "F02"})
    assert state.start_player == 1 and state.active == 1 and state.turn_no == 1
    revealed = [event for event in state.events
                if isinstance(event, Msg) and event.key == "planetarium.event.setup_revealed"]
    assert len(revealed) == 1 and revealed[0].params["start"] == Msg("planetarium.colour.blue")


def test_PL_SETUP_7_ties_are_broken_by_the_seeded_rng():
    # F09 Dead World and F13 Stable Orbit are both worth 8
    starters = set()
    for seed in range(12):
        state = _setup_with_discards(seed, 2, {0: "F09", 1: "F13"})
        starters.add(state.start_player)
        again = _setup_with_discards(seed, 2, {0: "F09", 1: "F13"})
        assert again.start_player == state.start_player            # replays exactly
    assert starters == {0, 1}


def test_PL_SETUP_8_same_rules_for_two_three_and_four_players():
    for players in (2, 3, 4):
        state = started(players)
        assert len(state.players) == players
        assert sum(1 for t in state.nodes.values() if t in "GRWM" and t) == 68
    with pytest.raises(BadOptions):
        GAME.new_game({"players": 5}, 1)
    with pytest.raises(BadOptions):
        GAME.new_game({"players": 1}, 1)


def test_PL_BOT_4_seed_and_moves_replay_exactly():
    first, second = started(3, seed=21), started(3, seed=21)
    assert GAME.dump_state(first) == GAME.dump_state(second)
    assert GAME.dump_state(started(3, seed=22)) != GAME.dump_state(first)
