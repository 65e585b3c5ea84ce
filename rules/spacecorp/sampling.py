"""A full Space Corp state consistent with one seat's view (issue 29, ``Game.sample_state``).

Hidden from a seat (§9.1, ``SpaceCorpGame.view``): the others' hands (sizes public), the draw
pile's order, the discovery stacks' order, the Time cards set aside for later eras, another
seat's Predictive AI look (the pile's top cards), the others' sealed Legacy picks and the
random streams.  The era's cards the seat cannot place (its hand, the Offer, the discards,
the played and pooled Time cards and the cards on the HQs are seen) are dealt at random:
Time cards to the set-aside row, the rest to the others' hands and the pile (keeping the
top cards the seat looked at itself); each stack's unseen tiles go back into that stack; a
sealed Legacy pick is one of the picks the rules allow that seat.
"""
from __future__ import annotations

import random
from typing import Any

from rules.kit import HIDDEN, Streams

from .data import design, is_time, tables
from .state import PREDICT, GameState, clone_state


def unseen_cards(view: GameState, seat: int) -> tuple[list[str], list[str], int]:
    """The era's cards and the Time cards ``seat`` cannot see in ``view`` (sorted), the pile's
    top cards it looked at itself (Predictive AI) and how many set-aside Time cards are hidden."""
    t = tables()
    era = view.era
    seen = [c for c in view.offer if c] + view.discards + view.time_discards + view.time_pool + view.turn.played
    if 0 <= seat < len(view.hands.cards):
        seen += [c for c in view.hands.cards[seat] if c != HIDDEN]
    seen += [c for p in view.players for c in p.hq.values() if c and t.cards[design(c)].era == era]
    known_top: list[str] = []
    for pending in view.pending:
        if pending.kind == PREDICT and pending.cards and HIDDEN not in pending.cards:
            known_top = list(pending.cards)
    seen += known_top
    seen_set = set(seen)
    unseen = [c for c in sorted(list(t.physical_deck(era)) + sorted(t.time_cards)) if c not in seen_set]
    return unseen, known_top, sum(1 for card in view.time_aside if card == HIDDEN)


def sample_state(game: Any, view: GameState, seat: int, rng: random.Random) -> GameState:
    state = clone_state(view)
    state.news = list(view.news)
    state.private_news = list(view.private_news)
    if view.streams is not None:        # already a full state
        return state
    t = tables()
    era = state.era
    unseen, known_top, _aside = unseen_cards(state, seat)
    rng.shuffle(unseen)
    times = [c for c in unseen if is_time(c)]
    others = [c for c in unseen if not is_time(c)]
    aside = []
    for card in state.time_aside:
        aside.append(times.pop() if card == HIDDEN and times else card)
    state.time_aside = aside
    rest = others + times
    rng.shuffle(rest)
    for other, hand in enumerate(state.hands.cards):
        state.hands.cards[other] = [rest.pop() if card == HIDDEN and rest else card for card in hand]
    hidden = sum(1 for card in state.pile if card == HIDDEN) - len(known_top)
    state.pile = known_top + [rest.pop() for _ in range(min(max(0, hidden), len(rest)))]
    for pending in state.pending:
        if pending.kind == PREDICT and HIDDEN in pending.cards:
            pending.cards = state.pile[:len(pending.cards)]
    # discovery stacks: each stack's unseen tiles, shuffled back into it
    # (a stack split in two, f2a and f2b, shares its tiles' stack name, f2)
    placed = {tile for tiles in state.tiles.values() for tile in tiles} | set(state.tiles_out)
    placed |= {tile for tiles in state.stacks.values() for tile in tiles}
    pools: dict[str, list[str]] = {}
    for tile in t.tiles(era):
        if tile.id not in placed:
            pools.setdefault(tile.stack, []).append(tile.id)
    for pool in pools.values():
        rng.shuffle(pool)
    for stack, tiles in sorted(state.stacks.items()):
        name = max((name for name in pools if stack.startswith(name)), key=len, default=stack)
        pool = pools.get(name, [])
        state.stacks[stack] = [pool.pop() if tile == HIDDEN and pool else tile for tile in tiles]
    if state.legacy_choice is not None:
        for other, choice in list(state.legacy_choice.choices.items()):
            if choice == HIDDEN:
                allowed = [f"@{site}" for site in game.legacy_sites(state, other)] + ["none"]
                state.legacy_choice.choices[other] = rng.choice(allowed)
    state.streams = Streams(rng.getrandbits(62))
    return state
