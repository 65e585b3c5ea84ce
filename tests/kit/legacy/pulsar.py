"""Before the kit: Lossless plain-JSON form of a Pulsar 2849 state (or of a view of it)."""
from __future__ import annotations

from dataclasses import asdict, fields, replace
from typing import Any

from rules.kit import Deck, Sealed, Streams

from rules.pulsar.state import GameState, Gyrodyne, OwnTransmitter, Player, System


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


def clone_state(state: GameState) -> GameState:
    """A fast explicit deep copy: every mutable part rebuilt, strings and numbers shared."""
    players = [replace(p, vp_src=dict(p.vp_src), mods=dict(p.mods), dice=list(p.dice),
                       gyro_reserve=dict(p.gyro_reserve), kept_exploration=list(p.kept_exploration),
                       gate_runs=dict(p.gate_runs), awards=list(p.awards), patents=list(p.patents),
                       hq_done=list(p.hq_done),
                       transmitters=[OwnTransmitter(t.tile, list(t.covered), t.operational) for t in p.transmitters],
                       links=[list(link) for link in p.links]) for p in state.players]
    return replace(
        state, players=players, options=dict(state.options), order=list(state.order),
        tracks={name: [list(stack) for stack in track] for name, track in state.tracks.items()},
        systems={loc: System(s.tile, s.revealed, dict(s.planets)) for loc, s in state.systems.items()},
        goals=list(state.goals), tech_sides=list(state.tech_sides), transmitters=list(state.transmitters),
        offer=list(state.offer),
        exploration=Deck(state.exploration.label, list(state.exploration.pile), list(state.exploration.discards),
                         state.exploration.reshuffles),
        hq_choice=Sealed(list(state.hq_choice.expected), dict(state.hq_choice.choices)),
        gate_queue=list(state.gate_queue), dice_board=list(state.dice_board), draft_queue=list(state.draft_queue),
        turn_queue=list(state.turn_queue), pending=list(state.pending),
        decisions={seat: list(items) for seat, items in state.decisions.items()}, winners=list(state.winners),
        pulsars=dict(state.pulsars), gyros={p: Gyrodyne(g.size, g.spinning) for p, g in state.gyros.items()},
        patent_slots={t: [list(h) for h in holders] for t, holders in state.patent_slots.items()},
        award_holders={s: list(seats) for s, seats in state.award_holders.items()},
        gyro_supply=dict(state.gyro_supply), awards={s: list(v) for s, v in state.awards.items()},
        events=list(state.events), owed_gyro=list(state.owed_gyro), reward_choice=state.reward_choice, streams=state.streams.copy() if state.streams is not None else None)
