"""Autocomplete offers Space Corp's actions by their worth to the seat (issue 29).

A newcomer takes the first line; offered cheapest first, two such players researched and drew
every turn and built nothing.  Ordered by worth (``rules.spacecorp.worth``) they build and
produce.  The order reads only what the seat may see (§9.1).
"""
from __future__ import annotations

import collections
import random

import pytest

from rules.spacecorp import moves as mv
from rules.spacecorp.engine import GAME
from rules.spacecorp.draw_worth import draw_worths
from rules.spacecorp.state import ACTION, OVER, PLAY, RESEARCH_DRAWS, GameState, clone_state
from rules.spacecorp.worth import worths

from .test_engine import game, hand_of, play


def _action_positions(players: int, eras: str, seed: int, count: int = 3) -> list[tuple[GameState, int]]:
    """A few mid-game action steps of a random game."""
    rng = random.Random(seed)
    state = GAME.new_game({"players": players, "eras": eras}, seed)
    found: list[tuple[GameState, int]] = []
    want = 30
    for ply in range(400):
        if GAME.is_over(state) or len(found) >= count:
            break
        seat = min(GAME.waiting_for(state))
        if ply >= want and state.phase == PLAY and state.turn.step == ACTION and not state.windows \
                and not state.pending:
            found.append((state, seat))
            want = ply + 30
        move = GAME.random_move(state, seat, rng)
        assert move is not None
        state = GAME.apply(state, move)
    return found


def _leading_actions(state: GameState, seat: int) -> list[mv.Move]:
    """The suggested actions (the cheapest-paid own actions), as the suggestions order them."""
    cheap = list(GAME._action_candidates(state, seat, cheapest=True))
    leading = GAME.suggested_moves(state, seat)[:len(cheap)]
    assert sorted(map(GAME.format_move, leading)) == sorted(map(GAME.format_move, cheap))
    return leading


@pytest.mark.parametrize(("players", "eras", "seed"), [(2, "1", 3), (3, "2", 4), (4, "3", 5)])
def test_issue_29_suggested_actions_come_in_non_increasing_worth(players: int, eras: str, seed: int) -> None:
    """SC-TURN-1: the actions autocomplete offers first are ordered by their worth to the seat,
    and no legal move is lost or added (the rest follow: pass, Edges, another HQ's Infra)."""
    for state, seat in _action_positions(players, eras, seed):
        leading = _leading_actions(state, seat)
        values = [round(value, 6) for value in worths(GAME, state, seat, leading)]
        assert values == sorted(values, reverse=True)
        suggested = set(GAME.suggested_moves(state, seat))
        legal = GAME.legal_moves(state, seat)
        assert {move.verb for move in suggested} == {move.verb for move in legal}
        for move in suggested:
            GAME.apply(state, move)                      # every suggestion is accepted


def test_issue_29_the_order_reads_only_what_the_seat_may_see() -> None:
    """§9.1: two full states the seat sees alike (other hands and the pile in another order)
    give the same suggestions in the same order."""
    _same_order_on_samples(_action_positions(3, "2", 6) + _action_positions(2, "1", 7))


def _same_order_on_samples(positions: list[tuple[GameState, int]]) -> None:
    """At each position, two full states the seat sees alike give its suggestions in one order."""
    checked = 0
    for state, seat in positions:
        view = GAME.view(state, seat)
        first, second = (GAME.sample_state(view, seat, random.Random(salt)) for salt in (1, 2))
        assert GAME.view(first, seat) == GAME.view(second, seat) == view
        assert first.pile != second.pile or first.hands.cards != second.hands.cards
        texts = [GAME.format_move(move) for move in GAME.suggested_moves(state, seat)]
        assert [GAME.format_move(move) for move in GAME.suggested_moves(first, seat)] == texts
        assert [GAME.format_move(move) for move in GAME.suggested_moves(second, seat)] == texts
        checked += 1
    assert checked >= 4


def _deimos_build() -> GameState:
    """Seat 0's team B1 on Deimos, explored (a P1 tile), with a Build card in hand."""
    state = game(2)
    state.tiles["deimos"] = ["D1-01"]                                                       # P1
    state.stacks["f1"].remove("D1-01")
    state.players[0].teams["B1"] = "deimos"
    hand_of(state, 0, "M11#1", "M14#1", "M06#1")
    return state


def test_SC_BLD_a_build_worth_more_than_research_is_offered_first() -> None:
    """SC-BLD/SC-PRD-1: a Refinery on a P1 tile earns more than drawing two cards (SC-RES): the
    Build comes first, and of the bases the one that produces most."""
    state = _deimos_build()
    suggested = GAME.suggested_moves(state, 0)
    research = next(move for move in suggested if isinstance(move, mv.Research))
    build = suggested[0]
    assert isinstance(build, mv.Build) and build.spots[0].base == "REFINERY"
    assert worths(GAME, state, 0, [build])[0] > worths(GAME, state, 0, [research])[0]
    assert GAME.move_kind(GAME.complete(state, 0, "")[0]) == mv.BUILD
    assert GAME.complete(state, 0, "")[0] == GAME.format_move(build)


def test_SC_MOV_a_move_to_a_site_still_to_explore_comes_before_one_to_an_empty_lagrange_point() -> None:
    """SC-MOV/SC-EXP: of two flights paid alike, the one to a site a team can explore next is
    offered first."""
    state = game(2)
    hand_of(state, 0, "M06#1")                                                             # Move 3
    flights = [move for move in GAME.suggested_moves(state, 0) if isinstance(move, mv.MoveAction)]
    destinations = [move.legs[0].destination for move in flights]
    assert destinations.index("moon") < destinations.index("em_l1")


def test_issue_29_the_order_does_not_change_the_state() -> None:
    """Valuing the suggestions plays nothing on the host's state."""
    state = _deimos_build()
    before = clone_state(state)
    GAME.suggested_moves(state, 0)
    assert state == before


def _first_suggestion_game(players: int, eras: str, seed: int) -> tuple[GameState, collections.Counter[str]]:
    state = GAME.new_game({"players": players, "eras": eras}, seed)
    kinds: collections.Counter[str] = collections.Counter()
    for _ply in range(2000):
        if GAME.is_over(state):
            break
        seat = min(GAME.waiting_for(state))
        line = GAME.complete(state, seat, "")[0]
        kinds[GAME.move_kind(line)] += 1
        state = GAME.apply(state, GAME.parse_move(state, seat, line))
    return state, kinds


@pytest.mark.parametrize("seed", [5, 6])
def test_issue_29_two_newcomers_taking_the_first_suggestion_build_and_produce(seed: int) -> None:
    """Two players who always take the first line autocomplete offers finish the era with a base
    each and profit from producing (before: research and draws every turn, no base, 8-1)."""
    state, kinds = _first_suggestion_game(2, "1", seed)
    assert state.phase == OVER
    owners = collections.Counter(owner for owner, _base in state.bases.values())
    assert owners[0] >= 1 and owners[1] >= 1
    assert kinds[mv.BUILD] >= 2 and kinds[mv.PRODUCE] >= 1
    assert kinds[mv.RESEARCH] < sum(kinds[kind] for kind in (mv.BUILD, mv.PRODUCE, mv.MOVE, mv.EXPLORE))


def test_issue_29_kept_suggestions_follow_the_seat_view() -> None:
    """Autocomplete asks on every keystroke: an unchanged position is answered from the kept
    suggestions, a changed one (here the hand, changed in place) never is."""
    state = _deimos_build()
    first = GAME.suggested_moves(state, 0)
    assert GAME.suggested_moves(clone_state(state), 0) == first
    hand_of(state, 0, "M06#1")                                                             # no Build card now
    again = GAME.suggested_moves(state, 0)
    assert not any(isinstance(move, mv.Build) for move in again)
    assert again != first


def test_D7_of_flights_worth_the_same_the_cheapest_way_comes_first() -> None:
    """D7 within the worth order (SC-VAL-8): flights are ordered by worth, and of flights worth
    the same the one that spends no Time card and fewer cards comes first."""
    state = game(2)
    time = next(card for card in state.hands.cards[0] if card.startswith("T"))
    hand_of(state, 0, "M08#1", "M06#1", time)                                              # Move 4, Move 3
    flights = [move for move in GAME.suggested_moves(state, 0) if isinstance(move, mv.MoveAction)]
    values = worths(GAME, state, 0, flights)
    ranked = [(-round(value, 6), move.sources.time is not None, len(move.sources.cards))
              for value, move in zip(values, flights)]
    assert ranked == sorted(ranked)
    assert len({rank[0] for rank in ranked}) < len(ranked)                               # some are worth the same


# ----- which card to draw (SC-RES-3) ----------------------------------------------------------------
def _deimos_research(offer: tuple[str, str, str, str], *hand: str) -> GameState:
    """Seat 0's team B1 on an explored Deimos (a P1 tile) holding ``hand`` (no Build card), the
    Offer ``offer``, Research declared: its first draw is next."""
    state = _deimos_build()
    state.pile += [card for card in state.offer if card is not None]
    state.offer = [None] * 4
    hand_of(state, 0, *hand)
    for box, card in enumerate(offer):
        give_offer(state, box, card)
    state = play(state, 0, "research infra=self")
    assert state.turn.step == RESEARCH_DRAWS
    return state


def give_offer(state: GameState, box: int, card: str) -> None:
    """Put ``card`` into Offer box ``box`` from wherever it is (pile, another hand)."""
    if card in state.pile:
        state.pile.remove(card)
    else:
        owner = next(seat for seat, hand in enumerate(state.hands.cards) if card in hand)
        state.hands.remove(owner, card)
    state.offer[box] = card


def test_SC_RES_3_a_face_up_card_that_makes_a_build_possible_is_offered_before_the_pile() -> None:
    """SC-RES-3/SC-BLD: the team on Deimos cannot pay the Build without a Build card; the
    Offer's Inflatable Habitat (Build 3) pays it, so taking it comes first, before the pile
    (of whose unseen cards only some would) and the Offer's Genetics cards."""
    state = _deimos_research(("M05#1", "M14#1", "M19#1", "M22#1"), "M06#1", "M05#2")
    suggested = [GAME.format_move(move) for move in GAME.suggested_moves(state, 0)]
    assert suggested[0] == "draw O2"
    assert suggested.index("draw D") < suggested.index("draw O1")
    assert GAME.complete(state, 0, "")[0] == "draw O2"


def test_SC_RES_3_with_a_poor_offer_the_pile_comes_first() -> None:
    """SC-RES-3: an Offer of cards the hand already holds the like of (Genetics, Research)
    makes nothing new possible; the pile may hold a Build card: the pile comes first."""
    state = _deimos_research(("M05#1", "M19#1", "M19#2", "M17#2"), "M06#1", "M05#2", "M17#1", "M22#1")
    assert GAME.format_move(GAME.suggested_moves(state, 0)[0]) == "draw D"
    values = draw_worths(GAME, GAME.view(state, 0), 0, [mv.Draw(0, source=source) for source in ("D", "O1", "O2")])
    assert values[0] > 0 and values[1] == values[2] == 0


def test_SC_RES_3_every_draw_stays_offered_and_legal() -> None:
    """The order changes nothing else: the same draws as the legal moves, each accepted."""
    state = _deimos_research(("M05#1", "M14#1", "M19#1", "M22#1"), "M06#1", "M05#2")
    suggested = GAME.suggested_moves(state, 0)
    assert sorted(map(GAME.format_move, suggested)) == sorted(map(GAME.format_move, GAME.legal_moves(state, 0)))
    for move in suggested:
        GAME.apply(state, move)


def _draw_positions(players: int, eras: str, seed: int, count: int = 3) -> list[tuple[GameState, int]]:
    """A few Research draws of a random game."""
    rng = random.Random(seed)
    state = GAME.new_game({"players": players, "eras": eras}, seed)
    found: list[tuple[GameState, int]] = []
    for _ply in range(600):
        if GAME.is_over(state) or len(found) >= count:
            break
        seat = min(GAME.waiting_for(state))
        if state.phase == PLAY and state.turn.step == RESEARCH_DRAWS and not state.windows and not state.pending \
                and len(GAME.legal_moves(state, seat)) > 2:
            found.append((state, seat))
        move = GAME.random_move(state, seat, rng)
        assert move is not None
        state = GAME.apply(state, move)
    return found


def test_SC_RES_3_the_draw_order_reads_only_what_the_seat_may_see() -> None:
    """§9.1: two full states the seat sees alike (other hands and the pile in another order)
    order the draws alike."""
    _same_order_on_samples(_draw_positions(3, "2", 6) + _draw_positions(2, "1", 7))
