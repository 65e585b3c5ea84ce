"""The kit's plumbing on TypedDicts (issue 27 #5: a game whose state is a JSON dict, Gaia): the
dict's own keys in its own order, absent optional keys left absent, unknown keys refused, a copy
that shares nothing mutable, and a game's declared hint overrides and shared fields."""
# No ``from __future__ import annotations``: NotRequired must be evaluated for the TypedDicts'
# required and optional keys.
import json
from typing import Any, NotRequired, TypedDict

import pytest

from rules.kit import Plumbing
from rules.messages import Msg
from rules.messages import to_json as msg_json


class Tile(TypedDict):
    id: str
    covered: bool


class Seat(TypedDict):
    name: str
    tiles: list[Tile]
    counts: dict[str, int]
    note: Msg | None
    bid: NotRequired[int]
    history: NotRequired[list[str]]


Pending = TypedDict("Pending", {"hex": str, "from": int, "todo": list[int] | None})


class Table(TypedDict):
    seats: list[Seat]
    pending: list[Pending]
    board: list[list[Any]]
    built: dict[str, list[Any]]
    options: dict[str, Any]


def table() -> Table:
    return {"seats": [{"name": "a", "tiles": [{"id": "t1", "covered": False}], "counts": {"o": 2},
                       "note": Msg("x.note", n=1), "history": ["x"]},
                      {"name": "b", "tiles": [], "counts": {}, "note": None, "bid": 3}],
            "pending": [{"hex": "1A", "from": 0, "todo": [1, 2]}],
            "board": [[0, 1, "r"]], "built": {"1A": [0, "m"]}, "options": {"players": 2}}


def test_json_keeps_the_dicts_own_keys_in_its_own_order() -> None:
    value = table()
    value["seats"][1] = {"bid": 3, "note": None, "counts": {}, "tiles": [], "name": "b"}   # another order
    data = Plumbing().to_json(value, Table)
    assert json.dumps(data) == json.dumps({**value, "seats": [{**value["seats"][0], "note": msg_json(Msg("x.note", n=1))},
                                                               value["seats"][1]]})
    assert list(data["seats"][1]) == ["bid", "note", "counts", "tiles", "name"]
    assert "bid" not in data["seats"][0] and "history" not in data["seats"][1]     # absent stays absent
    assert Plumbing().from_json(Table, json.loads(json.dumps(data))) == value


def test_json_is_new_data_sharing_no_container() -> None:
    value = table()
    data = Plumbing().to_json(value, Table)
    assert data["seats"] is not value["seats"] and data["seats"][0]["tiles"][0] is not value["seats"][0]["tiles"][0]
    assert data["options"] is not value["options"] and data["built"]["1A"] is not value["built"]["1A"]


def test_an_unknown_key_is_refused() -> None:
    value = table()
    value["seats"][0]["extra"] = 1                      # type: ignore[typeddict-unknown-key]
    with pytest.raises(TypeError, match="Seat has no key 'extra'"):
        Plumbing().to_json(value, Table)
    with pytest.raises(TypeError, match="Seat has no key 'extra'"):
        Plumbing().from_json(Table, value)


def test_clone_shares_nothing_mutable_but_any_data() -> None:
    value = table()
    copied = Plumbing().clone(value, Table)
    assert copied == value
    assert copied["seats"][0]["tiles"][0] is not value["seats"][0]["tiles"][0]
    assert copied["seats"][0]["history"] is not value["seats"][0]["history"]
    assert copied["pending"][0]["todo"] is not value["pending"][0]["todo"]
    assert copied["seats"][0]["note"] is value["seats"][0]["note"]          # immutable
    assert copied["built"]["1A"] is not value["built"]["1A"]                # a list[Any]: copied, not its items
    assert copied["options"] is not value["options"]
    assert "bid" not in copied["seats"][0] and copied["seats"][1]["bid"] == 3


def test_declared_hint_overrides_and_shared_fields() -> None:
    """A game declares what its types cannot say: a list holding None, a part no move changes in
    place (shared)."""
    plumbing = Plumbing(hints={(Table, "seats"): list[Seat | None]}, shared=[(Table, "board")])
    value = table()
    value["seats"].append(None)                         # type: ignore[arg-type]
    copied = plumbing.clone(value, Table)
    assert copied == value and copied["seats"][2] is None
    assert copied["board"] is value["board"] and copied["seats"] is not value["seats"]
    assert plumbing.from_json(Table, json.loads(json.dumps(plumbing.to_json(value, Table)))) == value
    with pytest.raises(TypeError, match="no field 'nothing'"):
        Plumbing(hints={(Table, "nothing"): int}).clone(value, Table)
