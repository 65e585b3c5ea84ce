"""One wording per decision: the labels of a seat's card plays (autocomplete choices, menu
options) say their cards and options in the same words (newcomer C-P3).

Fitted one by one to Discord's 100 characters, the last round's play list mixed "kijátssza a
H02 lapot ... a jelölőjét a ... lapról teszi át" with "kijátssza az Óceánok (H02) lapot ..."
and "jelölő innen: ...".  A play's wordings (``texts.play_wordings``) say the same facts in ever
fewer words first (``texts.PLAY_SAME_FACTS``), then name the card played by its id.  The plays
of one decision take the briefest same-facts wording any of them needs, as far as that keeps
every fact: a label that must name its card by id to fit does so alone, the others keep the
name (a card's name kept where it fits outweighs one wording).  The gravity hint after a play
("may also take a matter token by gravity") is worded alike across the decision too.

A decision is the seat's plays without the gravity option (what autocomplete lists before the
options are typed): every card of the hand (finals aside) on every planet with each marker
choice (``PlanetariumGame._marker_choices``).  It is worked out from the hand and the marker
choices alone, not the legal moves (the host labels up to 25 moves per keystroke, one at a
time; a card's playable planets cost more to find than the labels), and cached by them: a play
the rules would refuse can only make the decision's wording briefer, never drop a fact.  A move
that is not one of the seat's plays (an old move read back, a move just made, a play with the
gravity option) is fitted alone, so what the others read of it follows from their view only.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rules.base import DESCRIPTION_GLUE
from rules.messages import LANGUAGES, render

from . import moves as mv
from . import texts
from .data import cards
from .state import PLANETS, GameState

if TYPE_CHECKING:
    from .engine import PlanetariumGame

#: A decision: the hand's cards (finals aside) and the marker choices (``marker=`` values).
Decision = tuple[tuple[str, ...], tuple[str, ...]]


def _worded(text: str) -> bool:
    """Whether ``text`` is a play with its marker option and no gravity option (its phrase has
    :func:`texts.play_wordings`; cheap: autocomplete asks on every keystroke)."""
    return text.startswith(mv.PLAY + " ") and " marker=" in text and " grav=" not in text


def _hinted(text: str) -> bool:
    """Whether a play's label ends with how to add the gravity option (a gravity card played
    without it)."""
    words = text.split()
    return len(words) > 1 and words[1] in cards() and cards()[words[1]].gravity and " grav=" not in text


def _decision(game: PlanetariumGame, state: GameState, seat: int, text: str) -> Decision | None:
    """The decision play ``text`` is one choice of; None when it is not one of the seat's."""
    words = text.split()
    if not text.startswith(mv.PLAY + " ") or " grav=" in text or len(words) < 3 or seat >= len(state.players):
        return None
    hand = tuple(dict.fromkeys(card for card in state.players[seat].hand
                               if card in cards() and cards()[card].deck != "final"))
    markers = tuple("" if marker is None else "none" if marker == mv.MARKER_NONE else f"from:{marker}"
                    for marker in game._marker_choices(state, seat))
    option = next((word[len("marker="):] for word in words[3:] if word.startswith("marker=")), "")
    if words[1] not in hand or words[2] not in PLANETS or option not in markers:
        return None
    return hand, markers


def _plays(decision: Decision) -> list[str]:
    hand, markers = decision
    return [f"{mv.PLAY} {card} {planet}" + (f" marker={marker}" if marker else "")
            for card in hand for planet in PLANETS for marker in markers]


@lru_cache(maxsize=256)
def _group_level(decision: Decision) -> int:
    """The briefest same-facts wording any play of the decision needs."""
    return max((min(texts.play_level(text), texts.PLAY_SAME_FACTS - 1) for text in _plays(decision) if _worded(text)),
               default=0)


def _level(text: str, decision: Decision | None) -> int | None:
    if not _worded(text):
        return None
    own = texts.play_level(text)
    if own >= texts.PLAY_SAME_FACTS or decision is None:     # it must drop a name to fit: it alone does
        return own
    return max(own, _group_level(decision))


def play_level(game: PlanetariumGame, state: GameState, seat: int, text: str) -> int | None:
    """The wording (an index into ``texts.play_wordings``) of play ``text`` in ``seat``'s label:
    its decision's when it is one of the seat's plays, as far as that keeps every fact; None when
    ``text`` is not a play with a marker option (its phrase has one wording)."""
    if not _worded(text):
        return None
    return _level(text, _decision(game, state, seat, text))


def _fits_hint(text: str, level: int | None, words: bool) -> bool:
    said = texts.phrase(text) if level is None else texts.play_wordings(text)[level]
    hint = texts.gravity_hint(words)
    return said is not None and all(
        len(render(said, language, label=True)) + DESCRIPTION_GLUE + len(render(hint, language, label=True)) <= texts.LABEL_LIMIT
        for language in LANGUAGES)


@lru_cache(maxsize=256)
def _group_hint_words(decision: Decision) -> bool:
    return all(_fits_hint(play, _level(play, decision), True) for play in _plays(decision) if _hinted(play))


def hint_in_words(game: PlanetariumGame, state: GameState, seat: int, text: str) -> bool:
    """Whether the gravity hint after play ``text`` says "may be added" (else "too"): when it
    fits after every hinted play of the decision, so all of them say it alike."""
    decision = _decision(game, state, seat, text)
    if decision is None:
        return _fits_hint(text, _level(text, None), True)
    return _group_hint_words(decision)
