"""Lossless plain-JSON form of a Pulsar 2849 state (or of a view of it), read by the kit's
plumbing from the state's dataclass fields and their type hints (rules/kit/plumbing.py)."""
from __future__ import annotations

from typing import Any

from rules import kit

from .state import GameState


def state_to_json(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = kit.to_json(state)
    return data


def state_from_json(data: dict[str, Any]) -> GameState:
    return kit.from_json(GameState, data)
