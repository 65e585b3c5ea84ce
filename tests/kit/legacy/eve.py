"""Before the kit: Lossless plain-JSON form of an EVE: Conquests state (or of a view of it)."""
from __future__ import annotations

import copy

from dataclasses import asdict, fields, replace
from typing import Any

from rules.kit import Deck, Hands, Sealed, Streams

from rules.eve.state import Combat, Empire, GameState, PoliticalSquare, RegionState, RoundState, Seal

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


def clone_state(state: GameState) -> GameState:
    """A fast explicit deep copy (everything mutable is rebuilt; strings and ints are shared)."""
    new = copy.copy(state)
    new.players = [Empire(p.seat, p.empire, p.supply, dict(p.storage), dict(p.schedule), dict(p.tile_cards),
                          list(p.region_cards), p.hq, list(p.seals_placed)) for p in state.players]
    new.regions = {code: RegionState(r.owner, r.units, list(r.agents), r.outpost, r.hq)
                   for code, r in state.regions.items()}
    new.squares = {name: PoliticalSquare(list(sq.pile), sq.face_up) for name, sq in state.squares.items()}
    new.decks = {kind: Deck(d.label, list(d.pile), list(d.discards), d.reshuffles) for kind, d in state.decks.items()}
    new.hands = Hands([list(hand) for hand in state.hands.cards])
    new.hand_sizes = [dict(sizes) for sizes in state.hand_sizes]
    new.options = dict(state.options)
    new.order = list(state.order)
    new.pool_outposts = dict(state.pool_outposts)
    new.pool_tiles = dict(state.pool_tiles)
    new.calendar = [[Seal(s.seat, s.kind) for s in month] for month in state.calendar]
    new.passed = list(state.passed)
    new.first_choices = list(state.first_choices)
    if state.round is not None:
        r = state.round
        new.round = replace(r, locked=list(r.locked), attack_sources=list(r.attack_sources),
                            agent_targets=list(r.agent_targets), bridges=list(r.bridges), built=dict(r.built),
                            pending_keep=list(r.pending_keep), peek=list(r.peek))
    if state.combat is not None:
        c = state.combat
        new.combat = replace(c, strength=dict(c.strength), cards={k: list(v) for k, v in c.cards.items()},
                             dice=Sealed(list(c.dice.expected), {k: list(v) for k, v in c.dice.choices.items()}),
                             rolls={k: [list(x) for x in v] for k, v in c.rolls.items()},
                             totals={k: list(v) for k, v in c.totals.items()}, reserves=list(c.reserves),
                             losses=dict(c.losses), lost=list(c.lost), rerolls_left=list(c.rerolls_left))
    new.events = list(state.events)
    new.winners = list(state.winners)
    new.streams = state.streams.copy() if state.streams is not None else None
    return new
