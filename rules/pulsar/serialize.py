"""Lossless plain-JSON form of a Pulsar 2849 state (or of a view of it)."""
from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from rules.kit import Deck, Sealed, Streams

from .state import GameState, Gyrodyne, OwnTransmitter, Player, System


def state_to_json(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for spec in fields(GameState):
        value = getattr(state, spec.name)
        if spec.name in ("exploration", "hq_choice", "streams"):
            data[spec.name] = value.to_json() if value is not None else None
        elif spec.name == "players":
            data[spec.name] = [asdict(player) for player in value]
        elif spec.name in ("systems", "gyros"):
            data[spec.name] = {key: asdict(item) for key, item in value.items()}
        else:
            data[spec.name] = value
    return data


def state_from_json(data: dict[str, Any]) -> GameState:
    values = dict(data)
    values["players"] = [Player(**{**p, "transmitters": [OwnTransmitter(**t) for t in p["transmitters"]]})
                         for p in data["players"]]
    values["systems"] = {loc: System(s["tile"], s["revealed"], {int(k): v for k, v in s["planets"].items()})
                         for loc, s in data["systems"].items()}
    values["gyros"] = {p: Gyrodyne(**g) for p, g in data["gyros"].items()}
    values["exploration"] = Deck.from_json(data["exploration"])
    values["hq_choice"] = Sealed.from_json(data["hq_choice"])
    values["streams"] = Streams.from_json(data["streams"]) if data.get("streams") is not None else None
    return GameState(**values)
