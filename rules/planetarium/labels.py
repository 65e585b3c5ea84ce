"""One wording per decision: the labels of a seat's card plays (autocomplete choices, menu
options) say their cards and options in the same words (newcomer C-P3).

Fitted one by one to Discord's 100 characters, the last round's play list mixed "kijátssza a
H02 lapot ... a jelölőjét a ... lapról teszi át" with "kijátssza az Óceánok (H02) lapot ..."
and "jelölő innen: ...".  A play's wordings (``texts.play_wordings``) say the same facts in ever
fewer words first (``texts.PLAY_SAME_FACTS``), then name the card played by its id.  The plays
of one decision (the seat's legal card plays, without the gravity option: what autocomplete
lists) take the briefest same-facts wording any of them needs, as far as that keeps every
fact: a label that must name its card by id to fit does so alone, the others keep the name
(a card's name kept where it fits outweighs one wording).  The gravity hint after a play
("+grav=<space>><planet> may be added") is worded alike across the decision too.

The plays are worked out once per position and seat (the host labels up to 25 moves of one
position per keystroke, one move at a time).  A move that is not one of the seat's plays (an
old move read back, a move just made, a play with the gravity option) is fitted alone, so what
the others read of it follows from their view only.
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from typing import TYPE_CHECKING

from rules.messages import LANGUAGES, render

from . import moves as mv
from . import texts
from .data import cards
from .state import GameState

if TYPE_CHECKING:
    from .engine import PlanetariumGame

#: How many positions keep their decisions (the host's concurrent interactions, a few games).
KEPT = 8


class _Position:
    """A seat's card plays in one position and the wording they took."""

    def __init__(self, state: GameState, stamp: tuple[object, ...], plays: tuple[str, ...]) -> None:
        self.state = weakref.ref(state)
        self.stamp = stamp
        self.plays = plays
        self.members = frozenset(plays)
        self.level: int | None = None
        self.hint_words: bool | None = None


_POSITIONS: OrderedDict[tuple[int, int], _Position] = OrderedDict()
_LOCK = threading.Lock()


def _stamp(state: GameState, seat: int) -> tuple[object, ...]:
    """What tells a position from the same object changed in place (tests set up positions so;
    the rules never do: ``apply`` changes a clone)."""
    player = state.players[seat]
    return (state.phase, state.turn_no, state.active, state.card_played, state.last_round, tuple(player.hand),
            player.markers_supply, tuple(state.planet_pos.items()),
            tuple(tuple((played.card, played.marker) for played in planet.row) for planet in state.planets.values()))


def _position(game: PlanetariumGame, state: GameState, seat: int) -> _Position:
    key = (id(state), seat)
    stamp = _stamp(state, seat)
    with _LOCK:
        kept = _POSITIONS.get(key)
        if kept is not None and kept.state() is state and kept.stamp == stamp:
            _POSITIONS.move_to_end(key)
            return kept
    plays = tuple(mv.format_move(move) for move in game.iter_legal_moves(state, seat, expand_gravity=False)
                  if move.kind == mv.PLAY)
    kept = _Position(state, stamp, plays)
    with _LOCK:                         # the event loop and worker threads may label at once
        _POSITIONS[key] = kept
        while len(_POSITIONS) > KEPT:
            _POSITIONS.popitem(last=False)
    return kept


def _worded(text: str) -> bool:
    """Whether ``text`` is a play with its marker option and no gravity option (its phrase has
    :func:`texts.play_wordings`; cheap: autocomplete asks on every keystroke)."""
    return text.startswith(mv.PLAY + " ") and " marker=" in text and " grav=" not in text


def _group_level(position: _Position) -> int:
    """The briefest same-facts wording any of the position's plays needs."""
    if position.level is None:
        worded = [text for text in position.plays if _worded(text)]
        position.level = max((min(texts.play_level(text), texts.PLAY_SAME_FACTS - 1) for text in worded), default=0)
    return position.level


def play_level(game: PlanetariumGame, state: GameState, seat: int, text: str) -> int | None:
    """The wording (an index into ``texts.play_wordings``) of play ``text`` in ``seat``'s label:
    its decision's when it is one of the seat's plays, as far as that keeps every fact; None when
    ``text`` is not a play with a marker option (its phrase has one wording)."""
    if not _worded(text):
        return None
    own = texts.play_level(text)
    if own >= texts.PLAY_SAME_FACTS:        # it must drop a name to fit: it alone does
        return own
    position = _position(game, state, seat)
    return max(own, _group_level(position)) if text in position.members else own


def _hinted(text: str) -> bool:
    """Whether a play's label ends with how to add the gravity option (a gravity card played
    without it)."""
    words = text.split()
    return len(words) > 1 and words[1] in cards() and cards()[words[1]].gravity and " grav=" not in text


def _fits_hint(text: str, level: int | None, words: bool) -> bool:
    said = texts.phrase(text) if level is None else texts.play_wordings(text)[level]
    hint = texts.gravity_hint(words)
    return said is not None and all(
        len(render(said, language)) + texts.DESCRIPTION_GLUE + len(render(hint, language)) <= texts.LABEL_LIMIT
        for language in LANGUAGES)


def hint_in_words(game: PlanetariumGame, state: GameState, seat: int, text: str) -> bool:
    """Whether the gravity hint after play ``text`` says "may be added" (else "too"): when it
    fits after every hinted play of the decision, so all of them say it alike."""
    position = _position(game, state, seat)
    if text not in position.members:
        return _fits_hint(text, play_level(game, state, seat, text), True)
    if position.hint_words is None:
        position.hint_words = all(_fits_hint(play, play_level(game, state, seat, play), True)
                                  for play in position.plays if _hinted(play))
    return position.hint_words
