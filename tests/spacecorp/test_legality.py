"""Legality independent of suggestions (issue 27, item 7): whether a player may pass
(SC-END-3, SC-END-9, A-49) is decided from every way to pay for an action, another player's
Infra too (SC-VAL-2), not from the one way each autocomplete suggestion shows."""
from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from typing import Iterator

import pytest

from rules import get_game
from rules.base import IllegalMove
from rules.spacecorp.engine import LETTER, VERB_ACTION, clone_state
from rules.spacecorp.moves import CardEntry, Pass, Sources, Upgrade
from rules.spacecorp.state import ACTION, PLAY

GAME = get_game("spacecorp")


def action_steps(seed: int, players: int, options: dict, plies: int = 1500) -> Iterator[tuple[int, object, int]]:
    """(ply, state, seat) of a seeded random game at each action step before the pile runs out."""
    state = GAME.new_game({**options, "players": players}, seed)
    rng = random.Random(seed)
    for ply in range(plies):
        if GAME.is_over(state):
            return
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        if state.phase == PLAY and not state.pending and not state.windows and state.turn.step == ACTION \
                and not state.deck_exhausted:
            yield ply, state, seat
        state = GAME.apply(state, GAME.random_move(state, seat, rng))


@functools.cache
def only_another_hq_pays(limit: int = 3) -> list[tuple[object, int]]:
    """Positions where the player's own Infra and cards pay for nothing but Upgrades, yet another
    player's Infra pays for an action (seeds where random play reaches them)."""
    found = []
    for seed, players, options in ((5, 2, {"eras": "2-3"}), (8, 2, {"eras": "2-3"}), (2, 3, {"eras": "2-3", "windows": "strict"})):
        for _ply, state, seat in action_steps(seed, players, options, 900):
            own = [m for m in GAME._action_candidates(state, seat) if not isinstance(m, Upgrade)]
            if not own and any(not isinstance(m, Upgrade) for hq in GAME._other_hqs(state, seat)
                               for m in GAME._action_candidates(state, seat, hq)):
                found.append((state, seat))
                break
        if len(found) >= limit:
            break
    return found


def test_positions_exist_where_only_another_players_infra_pays():
    assert len(only_another_hq_pays()) == 3


@pytest.mark.parametrize("index", range(3))
def test_SC_END_9_no_pass_while_another_players_infra_pays_for_an_action(index):
    state, seat = only_another_hq_pays()[index]
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, Pass(seat))
    assert refused.value.msg.key == "spacecorp.err.pass_not_yet" and refused.value.rule == "SC-END-3"
    moves = GAME.legal_moves(state, seat)
    assert not any(isinstance(move, Pass) for move in moves)
    actions = [move for move in moves if not isinstance(move, Upgrade) and getattr(move, "sources", None)]
    assert actions, "the action another player's Infra pays for is offered"
    for move in actions:
        after = GAME.apply(state, GAME.parse_move(state, seat, GAME.format_move(move)))
        assert after is not state
    assert not isinstance(GAME.default_move(state, seat), Pass)


def payments(state, seat, move) -> Iterator[Sources]:
    """Ways to pay for ``move``'s action: no Infra, one's own or each other player's (SC-VAL-2);
    up to two cards of the hand with an entry for the action (SC-VAL-3); profit 0..2 (SC-VAL-9)."""
    action = VERB_ACTION[move.verb]
    letter = next(key for key, name in LETTER.items() if name == action)
    tables = GAME_TABLES()
    entries = []
    for card in sorted(set(state.hands.cards[seat])):
        info = tables.cards.get(card.split("#")[0])
        if info is None:
            continue
        for entry in info.entries:
            if entry.action == action:
                entries.append(CardEntry(card, ("s" if entry.shielded else "") + letter))
    hqs = [(), ("self",)] + [(p.colour,) for p in state.players if p.seat != seat]
    for infra in hqs:
        for count in range(3):
            for cards in itertools.combinations(entries, count):
                if len({entry.card for entry in cards}) < count:
                    continue
                for pay in range(3):
                    yield dataclasses.replace(move.sources, cards=cards, infra=infra, pay=pay, time=None)


def GAME_TABLES():
    from rules.spacecorp.data import tables
    return tables()


@pytest.mark.parametrize("seed,players,options", [(2, 2, {"eras": "3"}), (4, 3, {}), (5, 2, {"eras": "2-3"})])
def test_SC_END_9_no_pass_while_any_way_to_pay_is_accepted(seed, players, options):
    """At action steps of a playout: ways to pay (no Infra, each HQ's, up to two cards, profit)
    for the actions any HQ's suggestions name are tried on a copy; while one is accepted the
    pass is not legal before the pile runs out (only Upgrades allow it, A-49), and the way
    found is accepted by ``apply`` as a whole move too."""
    rng = random.Random(seed)
    checked = 0
    for ply, state, seat in action_steps(seed, players, options, 700):
        if rng.random() > 0.15:
            continue
        targets = {GAME.format_move(move): move for hq in ["self", *GAME._other_hqs(state, seat)]
                   for move in GAME._raw_candidates(state, seat, hq) if not isinstance(move, Upgrade)
                   and getattr(move, "verb", None) in VERB_ACTION and getattr(move, "sources", None) is not None}
        accepted = []
        for move in list(targets.values())[:6]:
            for sources in payments(state, seat, move):
                variant = dataclasses.replace(move, sources=sources)
                try:
                    GAME._action(clone_state(state), variant)
                except IllegalMove:
                    continue
                accepted.append(variant)
                GAME.apply(state, GAME.parse_move(state, seat, GAME.format_move(variant)))
                break
        may_pass = any(isinstance(move, Pass) for move in GAME.legal_moves(state, seat))
        if accepted:
            assert not may_pass, (ply, GAME.format_move(accepted[0]))
        checked += 1
    assert checked
