"""Lossless plain-JSON form of a Space Corp state (or of a view of it)."""
from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from rules.kit import Hands, Sealed, Streams
from rules.messages import from_json, to_json

from .state import GameState, Pending, Player, Turn, Window


def state_to_json(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for spec in fields(GameState):
        value = getattr(state, spec.name)
        if spec.name in ("hands", "streams"):
            data[spec.name] = value.to_json() if value is not None else None
        elif spec.name == "legacy_choice":
            data[spec.name] = value.to_json() if value is not None else None
        elif spec.name in ("windows", "pending"):
            data[spec.name] = [asdict(window) for window in value]
        elif spec.name in ("players", "turn"):
            data[spec.name] = [asdict(item) for item in value] if spec.name == "players" else asdict(value)
        elif spec.name in ("bases", "colonies"):
            data[spec.name] = {site: [owner, base] for site, (owner, base) in value.items()}
        elif spec.name == "contracts":
            data[spec.name] = {str(row): where for row, where in value.items()}
        elif spec.name == "news":
            data[spec.name] = [to_json(msg) for msg in value]
        elif spec.name == "private_news":
            data[spec.name] = [[seat, to_json(msg)] for seat, msg in value]
        elif spec.name == "final":
            data[spec.name] = None if value is None else {"bonus": {str(k): v for k, v in value["bonus"].items()}}
        else:
            data[spec.name] = value
    return data


def state_from_json(data: dict[str, Any]) -> GameState:
    values = dict(data)
    values["players"] = [Player(**{**player, "legacy": tuple(player["legacy"]) if player.get("legacy") else None})
                         for player in data["players"]]
    values["turn"] = Turn(**data["turn"])
    values["windows"] = [Window(**window) for window in data.get("windows", [])]
    values["pending"] = [Pending(**pending) for pending in data.get("pending", [])]
    if data.get("legacy_choice") is not None:
        values["legacy_choice"] = Sealed.from_json(data["legacy_choice"])
    values["hands"] = Hands.from_json(data["hands"])
    values["streams"] = Streams.from_json(data["streams"]) if data.get("streams") is not None else None
    values["bases"] = {site: (int(owner), str(base)) for site, (owner, base) in data["bases"].items()}
    values["colonies"] = {region: (int(owner), str(tile)) for region, (owner, tile) in data.get("colonies", {}).items()}
    values["contracts"] = {int(row): where for row, where in data["contracts"].items()}
    values["news"] = [from_json(msg) for msg in data["news"]]
    values["private_news"] = [(int(seat), from_json(msg)) for seat, msg in data["private_news"]]
    if data.get("final") is not None:
        values["final"] = {"bonus": {int(k): v for k, v in data["final"]["bonus"].items()}}
    return GameState(**values)
