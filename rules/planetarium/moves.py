"""Planetarium moves and their text notation (spec §14).

Parsing here is purely syntactic; :mod:`rules.planetarium.engine` resolves what depends on the
position (``keep`` in the setup means "discard the other one", a missing ``from=`` ...).
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Sequence

from rules.base import IllegalMove
from rules.kit.words import WordTable, translate
from rules.messages import Msg, fold_word

from .data import board, cards

# Move.kind values
DISCARD_FINAL = "discard_final"   # discard <final>: the setup discard (secret), or after "draw F"
#                                   the drawn final not kept (public anyway, so the log names it
#                                   and never the kept card)
MOVE = "move"                     # mv <from> [<mid>] <to> / mv <planet> <to>
MOVE_NONE = "move_none"           # mv none
PLAY = "play"                     # play <card> <planet> [grav=<node>><planet>] [marker=from:<card>|marker=none]
REPLACE = "replace"               # replace <card>
PASS = "pass"                     # pass
DRAW = "draw"                     # draw I / draw M / draw F
KEEP_FINAL = "keep_final"         # keep <final>: read only; the engine turns it into "discard <other>"
FINAL = "final"                   # final <card> <planet> from=<card>
DONE = "done"                     # done                       (end of a last-round turn)

MARKER_NONE = "none"


@dataclass(frozen=True)
class Move:
    """One decision of one seat."""

    seat: int
    kind: str
    path: tuple[str, ...] = ()             # MOVE: (node, [mid], to) for matter, (planet, to) for a planet
    card: str | None = None                # PLAY / REPLACE / FINAL / DISCARD_FINAL
    planet: str | None = None              # PLAY / FINAL target planet
    gravity: tuple[str, str] | None = None  # PLAY: (board node, mat planet area) of the gravity pick
    marker_from: str | None = None         # PLAY without markers in supply: card id to move it from, or "none"
    deck: str | None = None                # DRAW: "I", "M" or "F"
    from_card: str | None = None           # FINAL: card whose own marker is removed


def format_move(move: Move) -> str:
    kind = move.kind
    if kind == DISCARD_FINAL:
        return f"discard {move.card}"
    if kind == MOVE:
        return "mv " + " ".join(move.path)
    if kind == MOVE_NONE:
        return "mv none"
    if kind == PLAY:
        text = f"play {move.card} {move.planet}"
        if move.gravity:
            text += f" grav={move.gravity[0]}>{move.gravity[1]}"
        if move.marker_from == MARKER_NONE:
            text += " marker=none"
        elif move.marker_from:
            text += f" marker=from:{move.marker_from}"
        return text
    if kind == REPLACE:
        return f"replace {move.card}"
    if kind == PASS:
        return "pass"
    if kind == DRAW:
        return f"draw {move.deck}"
    if kind == KEEP_FINAL:
        return f"keep {move.card}"
    if kind == FINAL:
        text = f"final {move.card} {move.planet}"
        return text + (f" from={move.from_card}" if move.from_card else "")
    if kind == DONE:
        return "done"
    raise ValueError(f"unknown move kind {kind!r}")


# ----- parsing ------------------------------------------------------------------------------
FORM_VERBS = ("discard", "keep", "mv", "play", "replace", "pass", "done", "draw", "final")


def _unreadable(text: str, detail: str, **values: Any) -> IllegalMove:
    """The text cannot be read: ``detail`` names a ``planetarium.parse.*`` clause.  The allowed
    forms are those of the verb typed when it is one (``eldob`` -> the discard/keep forms), every
    form otherwise: a newcomer reads the line that answers the mistake, not the whole notation."""
    verb = canonical_words(tokenize(text))[0]
    forms = Msg(f"planetarium.notation.form.{verb}") if verb in FORM_VERBS else Msg("planetarium.notation.forms")
    return IllegalMove("planetarium.err.unreadable", "PL-NOTATION", text=text,
                       detail=Msg(f"planetarium.parse.{detail}", **values), forms=forms)


def _bad_node(text: str, word: str, detail: str = "not_node") -> IllegalMove:
    """``word`` is not a node: written like one (``II-9``, ``IX-1``) the refusal says which nodes
    the orbit has (or which orbits there are), else ``detail``."""
    match = re.fullmatch(r"([ivx]+)-?(\d+)", word.lower())
    if match is None:
        return _unreadable(text, detail, word=word)
    orbit = match.group(1).upper()
    count = sum(1 for node in board().orbit if node.partition("-")[0] == orbit)
    if count == 0:
        return _unreadable(text, "no_such_orbit", word=word)
    return _unreadable(text, "no_such_node", word=word, first=f"{orbit}-1", last=f"{orbit}-{count}", orbit=orbit)


# ----- Hungarian words (the rulebook's terms) ---------------------------------------------
fold = fold_word   # lower case without accents: 'HÚZ' -> 'huz' (one helper for every game)


# folded alias -> canonical verb.  The rulebook's verbs: eldob / dobj el (discard), megtart /
# tarts meg (keep), húz (draw), kijátszik / játszd ki (play), passzol (pass), mozgat (move),
# lecserél (replace), végső (final evolution card), befejez (done).  Tables of the kit's one
# translator (rules.kit.words); two-word verbs are entries with a space.
VERB_ALIASES = WordTable({
    "discard": "discard", "eldob": "discard", "eldobom": "discard", "eldobas": "discard", "dob": "discard",
    "dobd el": "discard", "dobj el": "discard", "dobom el": "discard",
    "keep": "keep", "megtart": "keep", "megtartom": "keep", "megtartas": "keep", "tart": "keep",
    "tartsd meg": "keep", "tarts meg": "keep", "tartom meg": "keep",
    "draw": "draw", "huz": "draw", "huzz": "draw", "huzok": "draw", "huzas": "draw",
    "play": "play", "kijatszik": "play", "kijatsz": "play", "kijatszom": "play", "kijatszas": "play",
    "jatszd ki": "play", "jatssz ki": "play", "jatszom ki": "play",
    "pass": "pass", "passz": "pass", "passzol": "pass", "passzolok": "pass",
    "mv": "mv", "move": "mv", "mozgat": "mv", "mozgass": "mv", "mozgatok": "mv", "mozgatas": "mv", "mozog": "mv",
    "replace": "replace", "lecserel": "replace", "lecserelem": "replace", "lecsereles": "replace",
    "csere": "replace", "cserel": "replace", "csereld le": "replace", "cserelj le": "replace",
    "final": "final", "vegso": "final",
    "done": "done", "befejez": "done", "befejezem": "done", "befejezes": "done", "kesz": "done", "vege": "done",
})
DECK_ALIASES = WordTable({"i": "I", "initial": "I", "low": "I", "kezdeti": "I", "k": "I",
                          "m": "M", "major": "M", "high": "M", "jelentos": "M", "j": "M",
                          "f": "F", "final": "F", "vegso": "F", "v": "F"})
#: The Hungarian verbs and deck words alone, for completing a word still being typed.
WORD_ALIASES = (VERB_ALIASES | DECK_ALIASES).aliases()
NONE_WORDS = ("none", "nincs", "semmi")
GRAV_WORDS = ("grav", "gravity", "gravitacio")
MARKER_WORDS = ("marker", "jelolo")
FROM_WORDS = ("from", "jelolo", "innen", "rol")


def canonical_words(words: list[str]) -> tuple[str, list[str]]:
    """(canonical verb or the folded first word, the other words) -- two-word Hungarian
    verbs such as 'dobd el' count as one."""
    if not words:
        return "", []
    found = VERB_ALIASES.phrase(words)
    if found is not None:
        return found[0], words[found[1]:]
    return fold(words[0]), words[1:]


def canonical_option(verb: str, word: str) -> str:
    """An option of ``play`` / ``final`` as the notation writes it: 'gravitáció=IV-7>C' ->
    'grav=IV-7>C', 'jelölő=innen:L03' -> 'marker=from:L03', 'jelölő=nincs' -> 'marker=none';
    'jelölő=H10' after 'végső' -> 'from=H10'."""
    key, sep, value = word.partition("=")
    if not sep:
        return word
    folded = fold(key)
    if verb == "final":
        return f"from={value}" if folded in FROM_WORDS else word
    if folded in GRAV_WORDS:
        return f"grav={value}"
    if folded in MARKER_WORDS:
        if fold(value) in NONE_WORDS:
            return "marker=none"
        source, colon, card = value.partition(":")
        if colon and fold(source) in FROM_WORDS:
            return f"marker=from:{card}"
        return f"marker={value}"
    return word


def _prefix_word(verb: str, words: Sequence[str], index: int) -> str:
    """A word after the verb while a move is typed: the deck of ``draw``, ``none`` of ``mv``,
    the options of ``play`` and ``final``; the rest as typed."""
    word = words[index]
    if verb == "draw" and index == 0:
        return DECK_ALIASES.translate(word)
    if verb == "mv" and len(words) == 1 and fold(word) in NONE_WORDS:
        return "none"
    if verb in ("play", "final") and index >= 2:
        return canonical_option(verb, word)
    return word


def canonical_prefix(typed: str) -> str:
    """Hungarian verbs, deck words and options as the notation's: 'húz k' -> 'draw I'; a verb
    being typed ('kijá') becomes the verb it can only be (the kit's translator)."""
    return translate(typed, VERB_ALIASES, _prefix_word, complete_verb=True, unknown_verb=fold)


#: How alike a typed verb and a known one must be (difflib's ratio) to be offered as "did you
#: mean": 'pas' / 'pass' 0.86, 'paszol' / 'passzol' 0.92, 'huy' / 'huz' 0.67 (not offered).
NEAR_VERB = 0.75


def corrected_verb(text: str) -> str | None:
    """``text`` with its first word, an unknown verb near a known one ('pas', 'plya',
    'paszol'), replaced by that verb's notation word ('pass', 'play'); None when the verb is
    known or nothing is near it."""
    words = tokenize(text)
    if not words:
        return None
    verb, args = canonical_words(words)
    if verb in VERB_ALIASES.values():
        return None
    near = difflib.get_close_matches(fold(words[0]), [alias for alias in VERB_ALIASES if " " not in alias],
                                     n=1, cutoff=NEAR_VERB)
    return " ".join([VERB_ALIASES[near[0]], *words[1:]]) if near else None


def normalize_node(word: str) -> str | None:
    """'iv-3' / 'IV3' / 'iv 3' style node names -> 'IV-3' (None when not a node)."""
    match = re.fullmatch(r"([ivx]+)-?(\d+)", word.lower())
    if not match:
        return None
    node = f"{match.group(1).upper()}-{int(match.group(2))}"
    return node if node in board().orbit else None


def normalize_card(word: str) -> str | None:
    match = re.fullmatch(r"([lhf])0?(\d{1,2})", word.lower())
    if not match:
        return None
    card = f"{match.group(1).upper()}{int(match.group(2)):02d}"
    return card if card in cards() else None


def normalize_planet(word: str) -> str | None:
    return word.upper() if word.upper() in ("A", "B", "C", "D") else None


def tokenize(text: str) -> list[str]:
    # glue "grav = IV-7 > C" and "marker = from : L03" back together before splitting
    text = " ".join(text.strip().split())
    text = re.sub(r"\s*([=>:])\s*", r"\1", text)
    return text.split(" ") if text else []


def parse_syntax(seat: int, text: str) -> tuple[str, Move]:
    """Read ``text`` into (verb, Move).  Verb 'keep' of the setup is resolved by the engine."""
    words = tokenize(text)
    if not words:
        raise _unreadable(text, "empty")
    verb, args = canonical_words(words)

    def card_at(index: int, what: str = "card") -> str:
        if index >= len(args):
            raise _unreadable(text, "final_missing" if what == "final" else "card_missing")
        card = normalize_card(args[index])
        if card is None:
            raise _unreadable(text, "not_card", word=args[index])
        return card

    def planet_at(index: int) -> str:
        if index >= len(args):
            raise _unreadable(text, "planet_missing")
        planet = normalize_planet(args[index])
        if planet is None:
            raise _unreadable(text, "not_planet", word=args[index])
        return planet

    if verb in ("discard", "keep"):
        if len(args) != 1:
            raise _unreadable(text, "one_final", verb=words[0])
        return verb, Move(seat, DISCARD_FINAL if verb == "discard" else KEEP_FINAL, card=card_at(0))
    if verb == "mv":
        if len(args) == 1 and fold(args[0]) in NONE_WORDS:
            return verb, Move(seat, MOVE_NONE)
        if len(args) in (2, 3) and normalize_planet(args[0]):
            rest = tuple(normalize_node(word) for word in args[1:])
            if None in rest:
                raise _bad_node(text, args[1 + rest.index(None)])
            return verb, Move(seat, MOVE, path=(args[0].upper(),) + rest)  # type: ignore[operator]
        if len(args) in (2, 3):
            path = tuple(normalize_node(word) for word in args)
            bad = [word for word, node in zip(args, path) if node is None]
            if bad:
                raise _bad_node(text, bad[0], "not_node_or_planet")
            return verb, Move(seat, MOVE, path=path)  # type: ignore[arg-type]
        raise _unreadable(text, "mv_takes")
    if verb == "play":
        card, planet = card_at(0), planet_at(1)
        gravity, marker = None, None
        seen: set[str] = set()
        for option in args[2:]:
            key, _, value = option.partition("=")
            key = fold(key)
            kind = "grav" if key in GRAV_WORDS else "marker" if key in MARKER_WORDS else key
            if kind in seen:                   # grav=... grav=...: which one was meant?
                raise _unreadable(text, "repeated_option", option=option.partition("=")[0])
            seen.add(kind)
            if key in GRAV_WORDS:
                node_text, _, area = value.partition(">")
                node, target = normalize_node(node_text), normalize_planet(area)
                if node is None or target is None:
                    raise _unreadable(text, "grav_form")
                gravity = (node, target)
            elif key in MARKER_WORDS:
                folded = fold(value)
                source_word = folded.partition(":")[2] if ":" in folded else ""
                if folded in NONE_WORDS:
                    marker = MARKER_NONE
                else:
                    source = normalize_card(source_word)
                    if folded.partition(":")[0] not in FROM_WORDS or source is None:
                        raise _unreadable(text, "marker_form")
                    marker = source
            else:
                raise _unreadable(text, "unknown_option", option=option)
        return verb, Move(seat, PLAY, card=card, planet=planet, gravity=gravity, marker_from=marker)
    if verb == "replace":
        if len(args) != 1:
            raise _unreadable(text, "replace_one")
        return verb, Move(seat, REPLACE, card=card_at(0))
    if verb in ("pass", "done"):
        if args:
            raise _unreadable(text, "nothing_after", verb=words[0])
        return verb, Move(seat, PASS if verb == "pass" else DONE)
    if verb == "draw":
        if not args:
            raise _unreadable(text, "which_deck")
        deck = DECK_ALIASES.get(fold(args[0]))
        if deck is None:
            raise _unreadable(text, "not_deck", word=args[0])
        if len(args) == 2 and deck == "F" and fold(args[1]).partition("=")[0] in ("keep", "megtart", "tart"):
            word = args[1].partition("=")[2]
            kept = normalize_card(word)
            if kept is None:
                raise _unreadable(text, "not_card", word=word)
            return "keep", Move(seat, KEEP_FINAL, card=kept)
        if len(args) != 1:
            raise _unreadable(text, "draw_one")
        return verb, Move(seat, DRAW, deck=deck)
    if verb == "final":
        card, planet = card_at(0, "final"), planet_at(1)
        from_card = None
        for option in args[2:]:
            key, _, value = option.partition("=")
            if fold(key) not in FROM_WORDS or normalize_card(value) is None:
                raise _unreadable(text, "final_form")
            if from_card is not None:
                raise _unreadable(text, "repeated_option", option=key)
            from_card = normalize_card(value)
        return verb, Move(seat, FINAL, card=card, planet=planet, from_card=from_card)
    raise _unreadable(text, "unknown_verb", verb=words[0])

