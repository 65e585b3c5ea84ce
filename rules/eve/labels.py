"""One wording per decision: the labels of one decision's moves (autocomplete choices, menu
options) say their facts in the same words.

A label is a move's phrase (``reading.wordings``: fullest first, the same facts in fewer words
after) and what the move does (``describe.description_candidates``: fullest first).  Fitted one
by one to Discord's 100 characters, a menu would mix them: "places its headquarters in R11
The Forge" beside "... in R08" (E2), a discard with its card's name beside one by code.  So
the siblings of a move (the seat's legal moves of the same kind; the cards played on the same
kind of target together) take one wording: the fullest phrase level, then the fullest
description, that every sibling's label fits in every language (each language's own length).

Siblings come from ``legal_moves``, worked out once per position and seat (autocomplete's
``choices`` too): the host completes and labels up to 25 moves of one position per
interaction, one move at a time.  A move that is not one of the seat's choices (an old move
read back, a move just made) is fitted alone, so what the others read of it follows from
their view only.
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, NamedTuple

from rules.base import DESCRIPTION_GLUE
from rules.messages import Msg

from . import moves as mv
from . import reading
from .data import tables
from .state import GameState

if TYPE_CHECKING:
    from .engine import EveGame

#: The first phrase level naming design cards by code alone (``reading._Brief``).
CARD_CODES = 4
#: How many positions keep their decisions (the host's concurrent interactions, a few games).
KEPT = 8
#: The decisions the host may offer as buttons under the announcement (``suggestions.public_choices``):
#: their labels fit a button's 80 characters, so no button is cut ("…, a vesztesnek…", newcomer 28 E1).
BUTTON_KINDS = frozenset({mv.FIRST, mv.ASK, mv.INVADE, mv.STEAL, mv.TAKEFROM, mv.REVEAL})


class Wording(NamedTuple):
    """A decision's wording: the phrase level (``reading.LEVELS``) and the description's index
    in each move's candidates (clipped to its briefest; None: no description)."""

    level: int
    description: int | None


class _Position:
    """A seat's decisions in one position: its legal moves grouped by decision, and the
    wording each group took."""

    def __init__(self, state: GameState, stamp: tuple[object, ...], texts: list[str]) -> None:
        self.state = weakref.ref(state)
        self.stamp = stamp
        self.texts = tuple(texts)
        grouped: dict[tuple[str, ...], list[str]] = {}
        for text in texts:
            grouped.setdefault(decision_key(text), []).append(text)
        self.groups = {key: tuple(members) for key, members in grouped.items()}
        self.wordings: dict[tuple[str, ...], Wording] = {}


_POSITIONS: OrderedDict[tuple[int, int], _Position] = OrderedDict()
_LOCK = threading.Lock()


def decision_key(text: str) -> tuple[str, ...]:
    """The decision a move belongs to: its kind (every discard of the hand together, every
    headquarters region together); a played card's by what it targets (``moves.CARD_ARGS``:
    the cards played alone together, the cards played on a region together, ...)."""
    words = text.split()
    if words[:1] == [mv.PLAY] and len(words) > 1:
        kind = tables().cards.get(words[1])
        return (mv.PLAY, mv.CARD_ARGS.get(kind.kind, "") if kind else words[1])
    return tuple(words[:1])


def _stamp(state: GameState, seat: int) -> tuple[object, ...]:
    """What tells a position from the same object changed in place (tests set up positions so;
    the rules never do: ``apply`` changes a clone)."""
    rnd, combat = state.round, state.combat
    return (state.phase, state.turn, state.prep_count, state.month, state.year, tuple(state.hands.cards[seat]),
            None if rnd is None else (rnd.seat, rnd.actions, rnd.acted, rnd.discarded),
            None if combat is None else combat.step)


def _position(game: EveGame, state: GameState, seat: int) -> _Position:
    key = (id(state), seat)
    stamp = _stamp(state, seat)
    with _LOCK:
        kept = _POSITIONS.get(key)
        if kept is not None and kept.state() is state and kept.stamp == stamp:
            _POSITIONS.move_to_end(key)
            return kept
    kept = _Position(state, stamp, [game.format_move(move) for move in game.legal_moves(state, seat)])
    with _LOCK:                         # the event loop and worker threads may label at once
        _POSITIONS[key] = kept
        while len(_POSITIONS) > KEPT:
            _POSITIONS.popitem(last=False)
    return kept


def choices(game: EveGame, state: GameState, seat: int) -> tuple[str, ...]:
    """The seat's legal moves as notation, in ``legal_moves`` order: autocomplete and the
    labels of its choices share one working-out per position."""
    return _position(game, state, seat).texts


Describer = Callable[[GameState, int, str], list[Msg]]


def wording(game: EveGame, state: GameState, seat: int, text: str, describe: Describer) -> Wording:
    """The wording of ``text``'s decision: fitted to every sibling's label when ``text`` is one
    of the seat's choices, else to its own."""
    position = _position(game, state, seat)
    key = decision_key(text)
    siblings = position.groups.get(key, ())
    if text not in siblings:
        return fit(state, seat, (text,), describe)
    if key not in position.wordings:
        position.wordings[key] = fit(state, seat, siblings, describe)
    return position.wordings[key]


def limit_of(texts: tuple[str, ...]) -> int:
    """The characters a label of ``texts``' decision holds: a button's for a decision offered as
    buttons (:data:`BUTTON_KINDS`), else an autocomplete choice's."""
    return reading.BUTTON_LIMIT if texts and texts[0].split()[:1] and texts[0].split()[0] in BUTTON_KINDS \
        else reading.LABEL_LIMIT


def fit(state: GameState, seat: int, texts: tuple[str, ...], describe: Describer) -> Wording:
    """The first wording in :func:`_preference` that fits every label of ``texts`` (the
    briefest phrase alone when none does)."""
    return _fit(seat, texts, tuple(tuple(describe(state, seat, text)) for text in texts), limit_of(texts))


@lru_cache(maxsize=512)
def _fit(seat: int, texts: tuple[str, ...], described: tuple[tuple[Msg, ...], ...],
         limit: int = reading.LABEL_LIMIT) -> Wording:
    """:func:`fit` by what it depends on (autocomplete asks again on every keystroke)."""
    rows: list[tuple[tuple[Msg, ...], tuple[Msg, ...]]] = []
    for text, candidates in zip(texts, described):
        phrases = reading.wordings(seat, text)
        if phrases is not None:
            rows.append((phrases, candidates))
    depth = max((len(candidates) for _, candidates in rows), default=0)
    for wording in _preference(depth):
        if all(_fits(phrases[wording.level], None if wording.description is None or not candidates
                     else candidates[min(wording.description, len(candidates) - 1)], limit)
               for phrases, candidates in rows):
            return wording
    return Wording(len(reading.LEVELS) - 1, None)


def _fits(phrase: Msg, description: Msg | None, limit: int = reading.LABEL_LIMIT) -> bool:
    """Whether ``phrase`` and ``description`` (after the host's glue) fit ``limit`` characters in
    every language."""
    if description is None:
        return all(used <= limit for used in reading.lengths(phrase))
    return all(used + DESCRIPTION_GLUE + more <= limit
               for used, more in zip(reading.lengths(phrase), reading.lengths(description)))


def _preference(depth: int) -> list[Wording]:
    """The wordings from the fullest: each phrase level that keeps the cards' names with each
    description (fullest first), then those levels without a description, then the cards by
    code (with a description, then without).  A region is found on the map by its code; a
    card is chosen by its name (the hand is another message), so its name goes last."""
    named = [level for level in range(len(reading.LEVELS)) if level < CARD_CODES]
    coded = [level for level in range(len(reading.LEVELS)) if level >= CARD_CODES]
    order: list[Wording] = []
    for levels in (named, coded):
        order += [Wording(level, index) for level in levels for index in range(depth)]
        order += [Wording(level, None) for level in levels]
    return order
