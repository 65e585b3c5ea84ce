"""Lossless plain-JSON form of a Space Corp state (or of a view of it), read by the kit's
plumbing from the state's dataclass fields and their type hints (rules/kit/plumbing.py).
``final`` (plain data) writes its bonus by seat with the seats as JSON keys; a turn's rewards
stored as bare seats (before each kept its cause, SC-RWD-1) load as rewards without a cause."""
from __future__ import annotations

from dataclasses import asdict
from typing import Any

from rules.kit import FieldHook, Plumbing

from .state import GameState, Reward, Turn


def _final_to_json(final: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if final is None else {"bonus": {str(seat): bonus for seat, bonus in final["bonus"].items()}}


def _final_from_json(data: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if data is None else {"bonus": {int(seat): bonus for seat, bonus in data["bonus"].items()}}


def _rewards_to_json(rewards: list[Reward]) -> list[dict[str, Any]]:
    return [asdict(reward) for reward in rewards]


def _rewards_from_json(data: list[Any]) -> list[Reward]:
    """A stored reward: its fields; one stored before rewards kept their cause, its seat alone."""
    return [Reward(item) if isinstance(item, int) else Reward(**item) for item in data]


PLUMBING = Plumbing(fields={(GameState, "final"): FieldHook(_final_to_json, _final_from_json),
                            (Turn, "rewards"): FieldHook(_rewards_to_json, _rewards_from_json)})


def state_to_json(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = PLUMBING.to_json(state)
    return data


def state_from_json(data: dict[str, Any]) -> GameState:
    return PLUMBING.from_json(GameState, data)
