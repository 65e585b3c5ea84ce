"""Lossless plain-JSON form of an EVE: Conquests state (or of a view of it)."""
from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from rules.kit import Deck, Hands, Sealed, Streams

from .state import Combat, Empire, GameState, PoliticalSquare, RegionState, RoundState, Seal

FORMAT_VERSION = 1


def state_to_json(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT_VERSION}
    for spec in fields(GameState):
        value = getattr(state, spec.name)
        if spec.name == "players":
            data[spec.name] = [asdict(player) for player in value]
        elif spec.name in ("regions", "squares"):
            data[spec.name] = {key: asdict(item) for key, item in value.items()}
        elif spec.name == "decks":
            data[spec.name] = {key: deck.to_json() for key, deck in value.items()}
        elif spec.name in ("hands", "streams"):
            data[spec.name] = value.to_json() if value is not None else None
        elif spec.name == "calendar":
            data[spec.name] = [[[seal.seat, seal.kind] for seal in month] for month in value]
        elif spec.name == "round":
            data[spec.name] = asdict(value) if value is not None else None
        elif spec.name == "combat":
            data[spec.name] = _combat_to_json(value) if value is not None else None
        else:
            data[spec.name] = value
    return data


def _combat_to_json(combat: Combat) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for spec in fields(Combat):
        value = getattr(combat, spec.name)
        if spec.name == "dice":
            data[spec.name] = value.to_json()
        elif isinstance(value, dict):
            data[spec.name] = {str(key): item for key, item in value.items()}
        else:
            data[spec.name] = value
    return data


def state_from_json(data: dict[str, Any]) -> GameState:
    values = {key: value for key, value in data.items() if key != "format"}
    values["players"] = [Empire(**{**player, "storage": dict(player["storage"]), "schedule": dict(player["schedule"]),
                                   "tile_cards": dict(player["tile_cards"]),
                                   "region_cards": list(player["region_cards"]),
                                   "seals_placed": list(player["seals_placed"])}) for player in data["players"]]
    values["regions"] = {code: RegionState(**{**region, "agents": list(region["agents"])})
                         for code, region in data["regions"].items()}
    values["squares"] = {name: PoliticalSquare(list(sq["pile"]), bool(sq["face_up"])) for name, sq in data["squares"].items()}
    values["decks"] = {kind: Deck.from_json(deck) for kind, deck in data["decks"].items()}
    values["hands"] = Hands.from_json(data["hands"])
    values["hand_sizes"] = [dict(sizes) for sizes in data["hand_sizes"]]
    values["streams"] = Streams.from_json(data["streams"]) if data.get("streams") is not None else None
    values["calendar"] = [[Seal(int(seat), str(kind)) for seat, kind in month] for month in data["calendar"]]
    if data.get("round") is not None:
        rnd = data["round"]
        values["round"] = RoundState(**{**rnd, "built": dict(rnd["built"])})
    if data.get("combat") is not None:
        values["combat"] = _combat_from_json(data["combat"])
    for key in ("order", "passed", "first_choices", "events", "winners"):
        values[key] = list(data[key])
    values["options"] = dict(data["options"])
    values["pool_outposts"] = dict(data["pool_outposts"])
    values["pool_tiles"] = dict(data["pool_tiles"])
    return GameState(**values)


def _combat_from_json(data: dict[str, Any]) -> Combat:
    values = dict(data)
    values["dice"] = Sealed.from_json(data["dice"])
    for key in ("strength", "losses"):
        values[key] = {int(seat): int(n) for seat, n in data[key].items()}
    values["rolls"] = {int(seat): [list(r) for r in rolls] for seat, rolls in data["rolls"].items()}
    values["totals"] = {int(seat): list(t) for seat, t in data["totals"].items()}
    values["cards"] = {int(seat): list(cards) for seat, cards in data.get("cards", {}).items()}
    values["reserves"] = list(data["reserves"])
    values["lost"] = list(data["lost"])
    return Combat(**values)
