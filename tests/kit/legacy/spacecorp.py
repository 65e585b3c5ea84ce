"""Before the kit: Lossless plain-JSON form of a Space Corp state (or of a view of it)."""
from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from rules.kit import Hands, Sealed, Streams
from rules.messages import from_json, to_json

from rules.spacecorp.state import GameState, Pending, Player, Reward, Turn, Window


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
    values["turn"] = Turn(**{**data["turn"], "rewards": [Reward(**reward) for reward in data["turn"]["rewards"]]})
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


def clone_state(state: GameState) -> GameState:
    """A copy deep enough that ``apply`` never changes the state it was given (tested against
    ``copy.deepcopy``); immutable parts (strings, ints, tuples, Msg) are shared."""
    turn = state.turn
    return GameState(
        options=dict(state.options),
        era=state.era,
        order=list(state.order),
        players=[Player(p.seat, p.colour, p.profit, dict(p.teams), dict(p.bases), dict(p.hq), p.genetics,
                        p.genetics_steps, p.genetics_lapped, p.idea, p.pioneer, p.passed,
                        p.turns_after_exhaustion, p.idea_steps, list(p.progress), p.legacy, dict(p.track),
                        list(p.teams_out), dict(p.ledger))
                 for p in state.players],
        hands=Hands([list(hand) for hand in state.hands.cards]),
        pile=list(state.pile),
        offer=list(state.offer),
        discards=list(state.discards),
        time_discards=list(state.time_discards),
        time_aside=list(state.time_aside),
        stacks={key: list(tiles) for key, tiles in state.stacks.items()},
        tiles={key: list(tiles) for key, tiles in state.tiles.items()},
        bases=dict(state.bases),
        claims=dict(state.claims),
        contracts=dict(state.contracts),
        explored=list(state.explored),
        explored_max=list(state.explored_max),
        pioneers_left=list(state.pioneers_left),
        turn=Turn(turn.seat, turn.step, turn.draws_left, list(turn.rewards), list(turn.acted), list(turn.played),
                  turn.produced, turn.upgraded, list(turn.banned), turn.race, turn.after, turn.stuck),
        trigger=state.trigger,
        deck_exhausted=state.deck_exhausted,
        final_turns=list(state.final_turns) if state.final_turns is not None else None,
        pile_mark=state.pile_mark,
        hands_mark=state.hands_mark,
        idle_turns=state.idle_turns,
        phase=state.phase,
        windows=[Window(w.event, w.subject, list(w.waiting), w.amount, list(w.cards)) for w in state.windows],
        extra_turns=list(state.extra_turns),
        streams=state.streams.copy() if state.streams is not None else None,
        news=[],
        private_news=[],
        final=dict(state.final) if state.final is not None else None,
        hq_side=state.hq_side,
        side_board={key: list(copies) for key, copies in state.side_board.items()},
        pending=[Pending(p.kind, p.seat, p.what, list(p.cards), p.no_bonus, p.setup_pick) for p in state.pending],
        tiles_out=list(state.tiles_out),
        time_pool=list(state.time_pool),
        windows_asked=list(state.windows_asked),
        colonies=dict(state.colonies),
        colony_supply=list(state.colony_supply),
        legacy_choice=Sealed(list(state.legacy_choice.expected), dict(state.legacy_choice.choices))
        if state.legacy_choice is not None else None,
    )
