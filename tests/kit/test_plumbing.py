"""The kit's plumbing (rules/kit/plumbing.py): a JSON round trip and a deep copy driven by a
dataclass's fields and type hints (issue 27 #5)."""
from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Literal, Optional

import pytest

from rules.kit import HIDDEN, Deck, FieldHook, Hands, Plumbing, Sealed, Streams, clone, from_json, to_json
from rules.messages import Join, Msg
from rules.rng import Rng


@dataclass(frozen=True)
class Point:
    x: int
    y: int


@dataclass
class Leaf:
    name: str
    tags: list[str] = field(default_factory=list)
    marks: dict[int, str] = field(default_factory=dict)


@dataclass
class Zoo:
    leaves: list[Leaf]
    by_seat: dict[int, list[int]]
    by_name: dict[str, Leaf]
    pair: tuple[int, str]
    pairs: dict[str, tuple[int, str]]
    many: tuple[str, ...]
    maybe: Leaf | None
    old_maybe: Optional[list[int]]
    side: Literal["a", "b"]
    ratio: float
    flag: bool
    point: Point
    news: list[Msg]
    private: list[tuple[int, Msg]]
    plain: dict[str, Any]
    events: list[object]
    streams: Streams | None
    deck: Deck
    hands: Hands
    sealed: Sealed[list[int]]
    rng: Rng | None = None
    note: str | None = None
    added_later: list[str] = field(default_factory=list)


def zoo() -> Zoo:
    streams = Streams(7)
    streams.roll("dice", 2)
    sealed: Sealed[list[int]] = Sealed([0, 1])
    sealed.seal(0, [1, 2, 3])
    return Zoo(leaves=[Leaf("a", ["x"], {1: "one"}), Leaf("b")], by_seat={0: [1, 2], 3: []},
               by_name={"c": Leaf("c", [], {2: "two"})}, pair=(1, "x"), pairs={"s": (2, "y")}, many=("p", "q"),
               maybe=None, old_maybe=[4], side="b", ratio=0.5, flag=True, point=Point(1, 2),
               news=[Msg("x.key", n=1, who=Join(["a", "b"], "and"))], private=[(1, Msg("x.secret"))],
               plain={"rounds": 3, "names": ["a"]}, events=[{"msg": "x.event", "values": {}}], streams=streams,
               deck=Deck("deck", ["c1", "c2"], ["c0"], 1), hands=Hands([["h1"], []]), sealed=sealed,
               rng=Rng(3, 4))


def test_round_trip_of_every_supported_hint() -> None:
    value = zoo()
    data = to_json(value)
    assert json.loads(json.dumps(data)) == data       # plain JSON data: no tuples, no int keys
    assert from_json(Zoo, json.loads(json.dumps(data))) == value


def test_json_form() -> None:
    """Fields in declaration order; int keys as strings; tuples as lists; kit objects and
    messages in their own JSON form."""
    data = json.loads(json.dumps(to_json(zoo())))
    assert list(data)[:3] == ["leaves", "by_seat", "by_name"]
    assert data["by_seat"] == {"0": [1, 2], "3": []}
    assert data["leaves"][0] == {"name": "a", "tags": ["x"], "marks": {"1": "one"}}
    assert data["pair"] == [1, "x"] and data["pairs"] == {"s": [2, "y"]}
    assert data["point"] == {"x": 1, "y": 2}
    assert data["news"][0]["msg"] == "x.key" and data["private"][0][0] == 1
    assert data["deck"] == Deck("deck", ["c1", "c2"], ["c0"], 1).to_json()
    assert data["sealed"] == {"expected": [0, 1], "choices": {"0": [1, 2, 3]}}
    assert data["rng"] == {"seed": 3, "counter": 4}


def test_a_missing_key_takes_the_default_an_unknown_key_is_refused() -> None:
    data = to_json(zoo())
    del data["added_later"], data["note"]
    assert from_json(Zoo, data) == zoo()
    with pytest.raises(TypeError, match="no field 'surprise'"):
        from_json(Zoo, {**to_json(zoo()), "surprise": 1})


def test_clone_shares_immutables_and_copies_the_rest() -> None:
    value = zoo()
    copied = clone(value)
    assert copied == value and copied is not value
    assert copied.leaves[0] is not value.leaves[0] and copied.leaves[0].marks is not value.leaves[0].marks
    assert copied.by_seat[0] is not value.by_seat[0]
    assert copied.maybe is None and copied.old_maybe is not value.old_maybe
    assert copied.streams is not value.streams and copied.deck.pile is not value.deck.pile
    assert copied.hands.cards[0] is not value.hands.cards[0]
    assert copied.sealed.choices[0] is not value.sealed.choices[0]
    assert copied.rng is not value.rng and copied.rng == value.rng
    assert copied.point is value.point and copied.pair is value.pair and copied.news[0] is value.news[0]
    assert copied.events[0] is value.events[0]          # Any: plain data, shared (replaced whole)
    copied.leaves[0].tags.append("new")
    copied.sealed.choices[0].append(9)
    assert value.leaves[0].tags == ["x"] and value.sealed.choices[0] == [1, 2, 3]


def test_a_views_hidden_sealed_choice_stays_hidden_in_a_copy() -> None:
    value = zoo()
    value.sealed = value.sealed.view(1)
    assert clone(value).sealed.choices == {0: HIDDEN}


@dataclass
class Tree:
    label: str
    children: list[Tree] = field(default_factory=list)


def test_a_class_that_contains_itself() -> None:
    tree = Tree("root", [Tree("a", [Tree("b")]), Tree("c")])
    assert from_json(Tree, json.loads(json.dumps(to_json(tree)))) == tree
    copied = clone(tree)
    assert copied == tree and copied.children[0].children is not tree.children[0].children


@dataclass
class Odd:
    seats: set[int]


@dataclass
class OddKeys:
    where: dict[tuple[int, int], str]


@pytest.mark.parametrize("value", [Odd({1}), OddKeys({(1, 2): "x"})])
def test_an_unknown_hint_is_a_clear_type_error(value: Any) -> None:
    """No silent fallback: the first use names the hint and the field."""
    with pytest.raises(TypeError, match="no JSON form or copy for the type hint"):
        to_json(value)
    with pytest.raises(TypeError, match="no JSON form or copy for the type hint"):
        clone(value)
    with pytest.raises(TypeError, match="no JSON form or copy for the type hint"):
        from_json(type(value), {})


@dataclass
class Journal:
    entries: list[Msg | str]
    marks: list[int] | str | None = None
    leaf: Leaf | int = 0


def test_a_union_of_primitives_and_one_structured_type() -> None:
    """``Msg | str`` (a message, or a legacy plain text): a primitive is written and read as it
    is, the other option in its own JSON form; a copy copies a mutable option."""
    value = Journal([Msg("x.key", n=1), "old text"], [1, 2], Leaf("a", ["t"]))
    data = json.loads(json.dumps(to_json(value)))
    assert data == {"entries": [{"msg": "x.key", "values": {"n": 1}}, "old text"], "marks": [1, 2],
                    "leaf": {"name": "a", "tags": ["t"], "marks": {}}}
    assert from_json(Journal, data) == value
    assert from_json(Journal, {"entries": [], "marks": "none", "leaf": 3}) == Journal([], "none", 3)
    copied = clone(value)
    assert copied == value and copied.entries[0] is value.entries[0]
    assert copied.marks is not value.marks and copied.leaf is not value.leaf
    assert copied.leaf.tags is not value.leaf.tags          # type: ignore[union-attr]
    assert clone(Journal([], "none", 3)) == Journal([], "none", 3)


@dataclass
class TwoShapes:
    either: list[int] | dict[str, int]


@dataclass
class KitOrText:
    rng: Rng | str


@pytest.mark.parametrize("value", [TwoShapes([1]), KitOrText("x")])
def test_a_union_whose_json_could_be_ambiguous_is_refused(value: Any) -> None:
    """Two structured options, or a kit object (whose JSON may be anything) with a primitive:
    the JSON alone could not tell which was written."""
    with pytest.raises(TypeError, match="no JSON form or copy for the type hint"):
        to_json(value)
    with pytest.raises(TypeError, match="no JSON form or copy for the type hint"):
        from_json(type(value), {})


@dataclass
class Seal:
    seat: int
    kind: str


@dataclass
class Calendar:
    months: list[list[Seal]]
    final: dict[str, Any] | None = None
    news: list[str] = field(default_factory=list)


def _bonus_out(final: dict[str, Any] | None) -> Any:
    return None if final is None else {str(seat): bonus for seat, bonus in final["bonus"].items()}


def _bonus_in(data: Any) -> dict[str, Any] | None:
    return None if data is None else {"bonus": {int(seat): bonus for seat, bonus in data.items()}}


def test_a_games_declared_quirks() -> None:
    """A dataclass written as the list of its fields, a field's own JSON form, a field a copy
    computes: declared on the game's own Plumbing, the default one unchanged."""
    plumbing = Plumbing(positional={Seal}, fields={(Calendar, "final"): FieldHook(_bonus_out, _bonus_in)},
                        copies={(Calendar, "news"): lambda news: []})
    value = Calendar([[Seal(0, "D")], []], {"bonus": {0: 3}}, ["moved"])
    data = json.loads(json.dumps(plumbing.to_json(value)))
    assert data == {"months": [[[0, "D"]], []], "final": {"0": 3}, "news": ["moved"]}
    assert plumbing.from_json(Calendar, data) == value
    assert plumbing.clone(value).news == [] and clone(value).news == ["moved"]
    assert to_json(value)["months"] == [[{"seat": 0, "kind": "D"}], []]


@dataclass
class BadTree:
    label: str
    children: list[BadTree] = field(default_factory=list)
    seats: frozenset[int] = frozenset()


def test_a_failed_build_publishes_nothing() -> None:
    """The refusal comes again on the next use (no half-built coder left in the caches)."""
    plumbing = Plumbing()
    for _ in range(2):
        with pytest.raises(TypeError, match="no JSON form or copy"):
            plumbing.to_json(BadTree("x"))
        with pytest.raises(TypeError, match="no JSON form or copy"):
            plumbing.clone(BadTree("x"))


def test_first_use_from_many_threads() -> None:
    """Worker threads may meet a class for the first time together: each sees complete coders."""
    plumbing = Plumbing()
    barrier = threading.Barrier(6)

    def work() -> bool:
        barrier.wait()
        value = zoo()
        return plumbing.clone(value) == value and plumbing.from_json(Zoo, plumbing.to_json(value)) == value

    with ThreadPoolExecutor(6) as pool:
        results = [pool.submit(work) for _ in range(6)]
        assert all(result.result() for result in results)
