"""The mechanics kit: pieces several games share, written once with their hidden
information rules.  Every piece is a typed dataclass that round-trips through JSON
(``to_json`` / ``from_json``) and has a ``view`` for what one seat may see.

* :class:`Streams`: labelled random streams from one game seed (Pulsar RNG-R1/R2, Space
  Corp §9.2): drawing from one stream never changes another, so adding a die roll to one
  phase does not reshuffle a deck elsewhere.
* :class:`Chance`: one random sequence (a :class:`rules.rng.Rng`) that records what was taken
  out of hiding the way :class:`Streams` does, for a game whose stored games draw from one
  sequence (Planetarium).
* :class:`Deck`: a draw pile (order hidden) and a face-up discard pile; drawing from an
  empty pile reshuffles the discards (from the deck's own stream).
* :class:`Hands`: cards per seat; others see only how many.
* :class:`Sealed`: simultaneous secret choices, revealed together once everybody chose.
* Hidden information by construction: everything that takes something out of hiding goes
  through the kit and is counted on the game's :class:`Streams` or :class:`Chance`
  (``revealed``): a stream drawn
  from (dice, a shuffle), a card drawn from a :class:`Deck` or a plain hidden pile
  (:func:`draw_hidden`), a face-down thing turned up (:meth:`Streams.reveal`), a
  :class:`Sealed` choice completed.  :func:`revealed_between` tells whether a move did any
  of it, so a game's ``reveals_information`` (what ``undo`` refuses) follows from the
  mechanics; :func:`masked` finds what a view hides (``hidden_in_view``).
* :func:`to_json` / :func:`from_json` / :func:`clone` (:mod:`rules.kit.plumbing`): a game
  state's JSON round trip and fast deep copy, from its dataclass fields' type hints.
* :class:`Term` / :func:`parse_term`: a data-file term such as ``EFF-VP(3)`` or
  ``ON_BUILD_CHOOSE(TAKE_OFFER(1), IDEA(1))`` (nested terms stay whole arguments).
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any, Generic, Iterable, TypeVar, cast

from rules.rng import Rng

from .plumbing import FieldHook, Plumbing, clone, from_json, to_json

__all__ = ["HIDDEN", "Chance", "Deck", "FieldHook", "Hands", "Plumbing", "Sealed", "Streams", "Term", "clone",
           "draw_hidden", "from_json", "masked", "parse_term", "revealed_between", "to_json"]

T = TypeVar("T")
HIDDEN = "?"        # what a view shows in place of a hidden card or choice


_TERM = re.compile(r"^([A-Z][A-Z0-9_]*(?:-[A-Z0-9_]+)*)(?:\((.*)\))?$")


@dataclass(frozen=True)
class Term:
    """One term of a game's data files: ``PROBE(max_cost=2)`` -> Term("PROBE", ("max_cost=2",))."""

    name: str
    args: tuple[str, ...] = ()

    @property
    def positional(self) -> tuple[str, ...]:
        return tuple(arg for arg in self.args if "=" not in arg)

    @property
    def named(self) -> dict[str, str]:
        return dict(arg.split("=", 1) for arg in self.args if "=" in arg)

    def int_arg(self, key: str | int) -> int:
        """A numeric argument by position (among the positional ones) or by name."""
        try:
            return int(self.positional[key] if isinstance(key, int) else self.named[key])
        except (IndexError, KeyError, ValueError):
            raise ValueError(f"{self.name} has no numeric argument {key!r}: {self.args}") from None


def parse_term(text: str) -> Term:
    """``GAIN_T_PER(opponent_colonies, 1, per=2)`` -> Term("GAIN_T_PER", ("opponent_colonies", "1",
    "per=2")); a nested term (``ABL-VISIT(jump_gate, EFF-VP(1))``) stays one argument.  Raises
    ValueError on anything else (unbalanced parentheses, an empty argument)."""
    match = _TERM.match(text.strip())
    if not match:
        raise ValueError(f"not a term: {text!r}")
    name, inner = match.group(1), match.group(2)
    if inner is None:
        return Term(name)
    args: list[str] = []
    depth, current = 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            args.append(current.strip())
            current = ""
            continue
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            break
        current += ch
    args.append(current.strip())
    if depth != 0 or any(not arg for arg in args):
        raise ValueError(f"not a term: {text!r}")
    return Term(name, tuple(args))


# ----- random streams ---------------------------------------------------------------------------
@dataclass
class Streams:
    """Independent labelled RNGs derived from one seed; the state is one counter per label."""

    seed: int                                                   # the game's seed
    counters: dict[str, int] = field(default_factory=dict)      # label -> draws made so far
    revealed: int = 0                                           # things taken out of hiding so far

    def reveal(self, count: int = 1) -> None:
        """Record that ``count`` hidden things became known (a tile turned face up, a card
        drawn, sealed choices opened): a move that does so cannot be taken back."""
        self.revealed += count

    def stream(self, label: str) -> Rng:
        """The RNG of ``label``; draw from it, then :meth:`keep` it (or use :meth:`roll`...)."""
        digest = hashlib.sha256(f"{self.seed}/{label}".encode()).digest()
        return Rng(int.from_bytes(digest[:8], "big") >> 1, self.counters.get(label, 0))

    def keep(self, label: str, rng: Rng) -> None:
        self.counters[label] = rng.counter

    def roll(self, label: str, count: int, sides: int = 6) -> list[int]:
        """``count`` dice of ``sides`` sides from the stream ``label``."""
        rng = self.stream(label)
        result = rng.dice(count, sides)
        self.keep(label, rng)
        self.reveal(count)
        return result

    def shuffled(self, label: str, items: Iterable[T]) -> list[T]:
        rng = self.stream(label)
        result = rng.shuffled(list(items))
        self.keep(label, rng)
        return result

    def copy(self) -> "Streams":
        return Streams(self.seed, dict(self.counters), self.revealed)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seed": self.seed, "counters": dict(self.counters)}
        if self.revealed:
            data["revealed"] = self.revealed
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Streams":
        return cls(int(data["seed"]), {str(k): int(v) for k, v in data.get("counters", {}).items()},
                   int(data.get("revealed", 0)))


class Chance(Rng):
    """One random sequence and the count of things taken out of hiding: :class:`Streams` for a
    game whose randomness is a single :class:`rules.rng.Rng` (Planetarium: its stored games
    draw from one).  Its JSON is the Rng's, with ``revealed`` once something was revealed (so
    a stored Rng loads as a Chance that has revealed nothing yet)."""

    __slots__ = ("revealed",)

    def __init__(self, seed: int, counter: int = 0, revealed: int = 0):
        super().__init__(seed, counter)
        self.revealed = int(revealed)

    def reveal(self, count: int = 1) -> None:
        """Record that ``count`` hidden things became known (see :meth:`Streams.reveal`)."""
        self.revealed += count

    def copy(self) -> "Chance":
        return Chance(self.seed, self.counter, self.revealed)

    def to_json(self) -> dict[str, int]:
        data = super().to_json()
        if self.revealed:
            data["revealed"] = self.revealed
        return data

    @classmethod
    def from_json(cls, data: dict[str, int]) -> "Chance":
        return cls(data["seed"], data["counter"], data.get("revealed", 0))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chance) and (self.seed, self.counter, self.revealed) == \
            (other.seed, other.counter, other.revealed)

    def __repr__(self) -> str:
        return f"Chance(seed={self.seed}, counter={self.counter}, revealed={self.revealed})"


def revealed_between(before: Streams | Chance | None, after: Streams | Chance | None) -> bool:
    """Whether the states around a move differ in anything the kit counts as revealing: a
    random stream drawn from, or something taken out of hiding (:meth:`Streams.reveal`,
    :meth:`Chance.reveal`).  Without streams (a view) the answer is the conservative True."""
    if before is None or after is None:
        return True
    if isinstance(before, Chance) or isinstance(after, Chance):
        return before != after
    return before.counters != after.counters or before.revealed != after.revealed


def draw_hidden(streams: Streams | Chance, pile: list[T], count: int = 1) -> list[T]:
    """Up to ``count`` items from the top (index 0) of a hidden pile kept as a plain list (a
    tile stack, a draw pile), recorded as revealed."""
    drawn = pile[:count]
    del pile[:count]
    streams.reveal(len(drawn))
    return drawn


def masked(full: Any, view: Any) -> list[str]:
    """The strings of ``full`` (a dumped state) that ``view`` (the dump of a view of it) shows
    as :data:`HIDDEN`, compared place by place: what a view hides, found from the view itself
    (the default ``hidden_in_view``)."""
    out: list[str] = []
    if isinstance(view, str) and view == HIDDEN and full != HIDDEN:
        out += _strings(full)
    elif isinstance(full, dict) and isinstance(view, dict):
        for key, value in full.items():
            if key in view:
                out += masked(value, view[key])
    elif isinstance(full, list) and isinstance(view, list):
        for value, shown in zip(full, view):
            out += masked(value, shown)
    return out


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


# ----- decks -------------------------------------------------------------------------------------
@dataclass
class Deck:
    """A draw pile and its discard pile.  ``pile[0]`` is the top card."""

    label: str                                          # the stream its shuffles come from
    pile: list[str] = field(default_factory=list)       # hidden order (a view holds HIDDEN marks)
    discards: list[str] = field(default_factory=list)   # face up, newest last
    reshuffles: int = 0                                 # public: how often the discards were reshuffled

    @classmethod
    def shuffled(cls, label: str, cards: Iterable[str], streams: Streams) -> "Deck":
        return cls(label, streams.shuffled(label, cards))

    def draw(self, streams: Streams, count: int = 1) -> list[str]:
        """Up to ``count`` cards from the top; an empty pile takes the shuffled discards
        first.  Fewer cards come back when both are exhausted.  The draw is recorded as
        revealed on ``streams``."""
        drawn: list[str] = []
        for _ in range(count):
            if not self.pile and self.discards:
                self.pile = streams.shuffled(self.label, self.discards)
                self.discards = []
                self.reshuffles += 1
            if not self.pile:
                break
            drawn.append(self.pile.pop(0))
        streams.reveal(len(drawn))
        return drawn

    def discard(self, cards: Iterable[str]) -> None:
        self.discards.extend(cards)

    def copy(self) -> "Deck":
        return Deck(self.label, self.pile[:], self.discards[:], self.reshuffles)

    def view(self) -> "Deck":
        """What everyone sees: the pile's size, not its order; the discards."""
        return Deck(self.label, [HIDDEN] * len(self.pile), list(self.discards), self.reshuffles)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "pile": list(self.pile), "discards": list(self.discards),
                "reshuffles": self.reshuffles}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Deck":
        return cls(data["label"], list(data["pile"]), list(data["discards"]), int(data.get("reshuffles", 0)))


# ----- hands -------------------------------------------------------------------------------------
@dataclass
class Hands:
    """Cards per seat.  A view keeps the viewer's cards and only the size of the others'."""

    cards: list[list[str]]                              # by seat

    @classmethod
    def empty(cls, seats: int) -> "Hands":
        return cls([[] for _ in range(seats)])

    def add(self, seat: int, cards: Iterable[str]) -> None:
        self.cards[seat].extend(cards)

    def holds(self, seat: int, card: str) -> bool:
        return card in self.cards[seat]

    def remove(self, seat: int, card: str) -> None:
        """Raises ValueError when the seat does not hold the card (the rules refuse first)."""
        self.cards[seat].remove(card)

    def sizes(self) -> list[int]:
        return [len(hand) for hand in self.cards]

    def copy(self) -> "Hands":
        return Hands([hand[:] for hand in self.cards])

    def view(self, viewer: int | None) -> "Hands":
        return Hands([list(hand) if seat == viewer else [HIDDEN] * len(hand) for seat, hand in enumerate(self.cards)])

    def to_json(self) -> list[list[str]]:
        return [list(hand) for hand in self.cards]

    @classmethod
    def from_json(cls, data: list[list[str]]) -> "Hands":
        return cls([list(hand) for hand in data])


def _copied(choice: T) -> T:
    return cast(T, choice.copy()) if isinstance(choice, (list, dict)) else choice


# ----- sealed simultaneous choices ------------------------------------------------------------------
@dataclass
class Sealed(Generic[T]):
    """Choices every expected seat makes in secret; revealed together when all are in."""

    expected: list[int]                                 # the seats that must choose
    choices: dict[int, T] = field(default_factory=dict)

    def seal(self, seat: int, choice: T, streams: Streams | None = None) -> None:
        """Raises ValueError for a seat not asked, or one that already chose.  The seal that
        completes the choices reveals them all: recorded on ``streams`` (a game passes its
        streams; only a bare kit test may leave them out)."""
        if seat not in self.expected:
            raise ValueError(f"seat {seat} is not choosing")
        if seat in self.choices:
            raise ValueError(f"seat {seat} already chose")
        self.choices[seat] = choice
        if streams is not None and self.complete():
            streams.reveal(len(self.choices))

    def waiting(self) -> set[int]:
        return {seat for seat in self.expected if seat not in self.choices}

    def complete(self) -> bool:
        return not self.waiting()

    def revealed(self) -> dict[int, T]:
        """Every choice, once all are in (before that: ValueError, so nothing leaks early)."""
        if not self.complete():
            raise ValueError("not every seat has chosen yet")
        return dict(self.choices)

    def copy(self) -> "Sealed[T]":
        """A copy that shares nothing mutable with this one: a choice that is a list or a dict
        (EVE's dice selection) is copied too (a view's HIDDEN mark is a string, shared)."""
        return Sealed(self.expected[:], {seat: _copied(choice) for seat, choice in self.choices.items()})

    def view(self, viewer: int | None) -> "Sealed[Any]":
        """Before the reveal: the viewer's own choice, and who else has chosen (as HIDDEN)."""
        if self.complete():
            return Sealed(list(self.expected), dict(self.choices))
        return Sealed(list(self.expected),
                      {seat: (choice if seat == viewer else HIDDEN) for seat, choice in self.choices.items()})

    def to_json(self) -> dict[str, Any]:
        return {"expected": list(self.expected), "choices": {str(seat): c for seat, c in self.choices.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Sealed[Any]":
        return cls([int(s) for s in data["expected"]], {int(seat): c for seat, c in data["choices"].items()})
from .words import CodeTable, WordTable, translate  # noqa: E402,F401  (one Hungarian word translator, issue 27 #5)
