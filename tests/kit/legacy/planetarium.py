"""Before the kit: Lossless plain-JSON form of a Planetarium state (or of a view of it).

Since the state is typed (issue 27 #2) ``points_log`` holds tuples and ``events`` messages: this
old reader builds those from the very JSON it read before, and the old writer writes the events
as the engine then kept them, ``rules.messages.to_json`` of each message."""
from __future__ import annotations

from dataclasses import asdict, fields, replace
from typing import Any

from rules.messages import from_json as msg_from_json
from rules.messages import to_json as msg_to_json
from rules.rng import Rng

from rules.planetarium.state import GameState, PlanetState, PlayedCard, PlayerState

FORMAT_VERSION = 1


def state_to_json(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for spec in fields(GameState):
        value = getattr(state, spec.name)
        if spec.name == "rng":
            data["rng"] = value.to_json() if value is not None else None
        elif spec.name == "players":
            data["players"] = [asdict(player) for player in value]
        elif spec.name == "planets":
            data["planets"] = {letter: asdict(planet) for letter, planet in value.items()}
        elif spec.name == "events":      # the engine kept its events as this JSON (now as messages)
            data["events"] = [msg_to_json(event) for event in value]
        else:
            data[spec.name] = _plain(value)
    data["format"] = FORMAT_VERSION
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def state_from_json(data: dict[str, Any]) -> GameState:
    values = {key: value for key, value in data.items() if key != "format"}
    values["players"] = [PlayerState(**{**player, "mat": {k: dict(v) for k, v in player["mat"].items()},
                                        "points_log": [tuple(entry) for entry in player["points_log"]]})
                         for player in data["players"]]
    values["planets"] = {letter: PlanetState(**{**planet, "row": [PlayedCard(**played) for played in planet["row"]]})
                         for letter, planet in data["planets"].items()}
    values["rng"] = Rng.from_json(data["rng"]) if data.get("rng") is not None else None
    for key in ("nodes", "planet_pos", "deck_sizes"):
        values[key] = dict(data[key])
    values["decks"] = {k: list(v) for k, v in data["decks"].items()}
    values["discards"] = {k: list(v) for k, v in data["discards"].items()}
    for key in ("track", "final_space", "last_round_queue", "winners", "finals_played"):
        values[key] = list(data[key])
    values["events"] = [msg_from_json(event) for event in data["events"]]
    return GameState(**values)


def clone_state(state: GameState) -> GameState:
    """A deep copy, written out because ``copy.deepcopy`` is ten times slower."""
    players = [replace(p, hand=list(p.hand), mat={k: dict(v) for k, v in p.mat.items()},
                       points_log=list(p.points_log), drawn_finals=list(p.drawn_finals))
               for p in state.players]
    planets = {k: replace(p, row=[PlayedCard(c.card, c.owner, c.marker) for c in p.row])
               for k, p in state.planets.items()}
    return replace(state, players=players, nodes=dict(state.nodes), planet_pos=dict(state.planet_pos),
                   planets=planets, track=list(state.track), final_space=list(state.final_space),
                   decks={k: list(v) for k, v in state.decks.items()}, deck_sizes=dict(state.deck_sizes),
                   discards={k: list(v) for k, v in state.discards.items()},
                   finals_played=list(state.finals_played), last_round_queue=list(state.last_round_queue),
                   events=list(state.events), winners=list(state.winners),
                   rng=state.rng.copy() if state.rng is not None else None)
