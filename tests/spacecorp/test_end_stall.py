"""An era always ends (SC-END-11 [designed]): players who only Produce with their Infra and hold
more than four cards take no card from the draw pile, so neither era-end trigger (SC-END-1
contracts, SC-END-2 the pile running out) would ever come; the stall guard discards the top card
of the pile after every round of turns in which no card left it."""
from __future__ import annotations

from rules.spacecorp.engine import GAME
from rules.spacecorp.state import ACTION, CONTRACTS, OVER, RESEARCH_DRAWS, TRANSPORT

from .test_engine import game, hand_of, play


def _producers(players: int = 2):
    """Every seat has a base on an Exotic Elements tile (P1) and a Produce 1 Infra card (Robotic
    Miner) in HQ box 2, and holds six cards: each turn it can Produce without a card and never
    draws at step 6 (SC-TURN-6)."""
    state = game(players)
    sites = ["deimos", "phobos", "moon", "ceres"][:players]
    tiles = ["D1-01", "D1-04", "D1-08", "D1-06"]
    for seat, site in enumerate(sites):
        tile = tiles[seat]
        for stack in state.stacks.values():
            if tile in stack:
                stack.remove(tile)
        state.tiles[site] = [tile]
        state.bases[site] = (seat, "REFINERY")
        state.players[seat].bases["REFINERY"] -= 1
    miners = [card for card in state.pile if card.startswith("M04#") or card.startswith("M13#")]
    for seat in range(players):
        state.players[seat].hq["2"] = miners[seat]
        state.pile.remove(miners[seat])
    others = [card for card in state.pile if not card.startswith("T")]
    for seat in range(players):
        hand_of(state, seat, *others[6 * seat:6 * seat + 6])
    state.pile_mark = len(state.pile)                    # the pile and hands as this turn began
    state.hands_mark = sum(len(hand) for hand in state.hands.cards)
    return state, dict(enumerate(sites))


def _produce_turn(state, sites):
    """The active player Produces with its Infra alone (or passes once that is allowed, SC-END-3),
    answers its later steps with nothing and declines every Edge window (§9.3)."""
    seat = state.turn.seat
    moves = [GAME.format_move(move) for move in GAME.legal_moves(state, seat)]
    state = play(state, seat, "pass" if state.deck_exhausted and "pass" in moves else f"produce @{sites[seat]} infra=self")
    while state.phase != OVER and (state.windows or state.pending or
                                   (state.turn.seat == seat and state.turn.step != ACTION)):
        waiting = min(GAME.waiting_for(state))
        text = {CONTRACTS: "fulfill none", TRANSPORT: "transport none"}.get(state.turn.step)
        if state.windows:
            text = "decline"
        state = play(state, waiting, text or GAME.format_move(GAME.legal_moves(state, waiting)[0]))
    return state


def test_SC_END_11_a_round_without_a_card_leaving_the_pile_discards_its_top_card():
    state, sites = _producers(2)
    pile, discards = len(state.pile), len(state.discards) + len(state.time_discards)
    state = _produce_turn(state, sites)
    assert len(state.pile) == pile                        # one turn: not yet a whole round
    state = _produce_turn(state, sites)
    assert len(state.pile) == pile - 1                    # the round is complete: the top card goes
    assert len(state.discards) + len(state.time_discards) == discards + 1
    assert all(len(hand) == 6 for hand in state.hands.cards)


def test_SC_END_11_players_who_only_produce_with_infra_still_end_the_era():
    for players in (2, 3):
        state, sites = _producers(players)
        for _turn in range(400):
            if state.phase == OVER:
                break
            state = _produce_turn(state, sites)
        assert state.phase == OVER, f"{players} players: the era never ended"
        assert state.deck_exhausted                                                   # SC-END-2 came


def test_SC_RES_4_research_draws_with_no_card_left_anywhere_end_by_themselves():
    """Found by a playout the stall guard changed: a Hack Edge took the last Offer card while the
    Research draws waited, with the pile already empty (SC-END-2); the draws end instead of
    leaving the player with no legal move."""
    state, _sites = _producers(2)
    state.pile, state.deck_exhausted = [], True
    state.discards += [card for card in state.offer if card]
    state.offer = [None] * len(state.offer)
    state.turn.step, state.turn.draws_left = RESEARCH_DRAWS, 2
    GAME._advance(state)
    assert state.turn.step != RESEARCH_DRAWS and state.turn.draws_left == 0
    assert GAME.legal_moves(state, min(GAME.waiting_for(state)))
