"""Planetarium moves and their text notation (spec §14).

Parsing here is purely syntactic; :mod:`rules.planetarium.engine` resolves what depends on the
position (``keep`` in the setup means "discard the other one", a missing ``from=`` ...).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules.base import IllegalMove

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

NOTATION_FORMS = (
    "discard <final> / keep <final> (setup, and after draw F)",
    "mv <from> <to> / mv <from> <mid> <to> (matter) / mv <planet> <to> / mv none",
    "play <card> <planet> [grav=<node>><planet>] [marker=from:<card> | marker=none]",
    "replace <card>", "pass", "draw I / draw M / draw F",
    "final <card> <planet> [from=<card>]", "done",
)


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
def _unreadable(text: str, detail: str) -> IllegalMove:
    return IllegalMove(f"Cannot read {text!r}: {detail}. Allowed forms: " + "; ".join(NOTATION_FORMS) + ".",
                       rule="PL-NOTATION")


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
        raise _unreadable(text, "the move is empty")
    verb, args = words[0].lower(), words[1:]

    def card_at(index: int, what: str = "card") -> str:
        if index >= len(args):
            raise _unreadable(text, f"a {what} id (L01-L18, H01-H18, F01-F16) is missing")
        card = normalize_card(args[index])
        if card is None:
            raise _unreadable(text, f"{args[index]!r} is not a card id (L01-L18, H01-H18, F01-F16)")
        return card

    def planet_at(index: int) -> str:
        if index >= len(args):
            raise _unreadable(text, "the target planet (A, B, C or D) is missing")
        planet = normalize_planet(args[index])
        if planet is None:
            raise _unreadable(text, f"{args[index]!r} is not a planet (A, B, C or D)")
        return planet

    if verb in ("discard", "keep"):
        if len(args) != 1:
            raise _unreadable(text, f"'{verb}' takes exactly one final card")
        return verb, Move(seat, DISCARD_FINAL if verb == "discard" else KEEP_FINAL, card=card_at(0))
    if verb in ("mv", "move"):
        if len(args) == 1 and args[0].lower() == "none":
            return verb, Move(seat, MOVE_NONE)
        if len(args) in (2, 3) and normalize_planet(args[0]):
            rest = tuple(normalize_node(word) for word in args[1:])
            if None in rest:
                raise _unreadable(text, f"{args[1 + rest.index(None)]!r} is not a node like IV-3")
            return verb, Move(seat, MOVE, path=(args[0].upper(),) + rest)  # type: ignore[operator]
        if len(args) in (2, 3):
            path = tuple(normalize_node(word) for word in args)
            bad = [word for word, node in zip(args, path) if node is None]
            if bad:
                raise _unreadable(text, f"{bad[0]!r} is not a node like IV-3 (or a planet A-D as first word)")
            return verb, Move(seat, MOVE, path=path)  # type: ignore[arg-type]
        raise _unreadable(text, "'mv' takes a token (node or planet) and one or two nodes, or 'none'")
    if verb == "play":
        card, planet = card_at(0), planet_at(1)
        gravity, marker = None, None
        for option in args[2:]:
            key, _, value = option.partition("=")
            key = key.lower()
            if key in ("grav", "gravity"):
                node_text, _, area = value.partition(">")
                node, target = normalize_node(node_text), normalize_planet(area)
                if node is None or target is None:
                    raise _unreadable(text, "gravity is written grav=<node>><planet>, e.g. grav=IV-7>C")
                gravity = (node, target)
            elif key == "marker":
                if value.lower() == "none":
                    marker = MARKER_NONE
                else:
                    source = normalize_card(value.lower().removeprefix("from:"))
                    if not value.lower().startswith("from:") or source is None:
                        raise _unreadable(text, "the marker option is marker=from:<card> or marker=none")
                    marker = source
            else:
                raise _unreadable(text, f"unknown option {option!r} (allowed: grav=..., marker=...)")
        return verb, Move(seat, PLAY, card=card, planet=planet, gravity=gravity, marker_from=marker)
    if verb == "replace":
        if len(args) != 1:
            raise _unreadable(text, "'replace' takes exactly one card")
        return verb, Move(seat, REPLACE, card=card_at(0))
    if verb in ("pass", "done"):
        if args:
            raise _unreadable(text, f"'{verb}' takes nothing after it")
        return verb, Move(seat, PASS if verb == "pass" else DONE)
    if verb == "draw":
        if not args:
            raise _unreadable(text, "say which deck: draw I, draw M or draw F")
        deck = {"i": "I", "initial": "I", "low": "I", "m": "M", "major": "M", "high": "M",
                "f": "F", "final": "F"}.get(args[0].lower())
        if deck is None:
            raise _unreadable(text, f"{args[0]!r} is not a deck (I, M or F)")
        if len(args) == 2 and deck == "F" and args[1].lower().startswith("keep="):
            kept = normalize_card(args[1][5:])
            if kept is None:
                raise _unreadable(text, f"{args[1][5:]!r} is not a card id")
            return "keep", Move(seat, KEEP_FINAL, card=kept)
        if len(args) != 1:
            raise _unreadable(text, "'draw' takes one deck letter (I, M or F)")
        return verb, Move(seat, DRAW, deck=deck)
    if verb == "final":
        card, planet = card_at(0, "final card"), planet_at(1)
        from_card = None
        for option in args[2:]:
            key, _, value = option.partition("=")
            if key.lower() != "from" or normalize_card(value) is None:
                raise _unreadable(text, "a final card is written final <card> <planet> from=<card with your marker>")
            from_card = normalize_card(value)
        return verb, Move(seat, FINAL, card=card, planet=planet, from_card=from_card)
    raise _unreadable(text, f"unknown verb {verb!r}")

