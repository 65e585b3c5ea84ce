"""Lossless plain-JSON form of a Planetarium state (or of a view of it), read by the kit's
plumbing from the state's dataclass fields and their type hints (rules/kit/plumbing.py), with
the format number last."""
from __future__ import annotations

from typing import Any

from rules import kit

from .state import GameState

FORMAT_VERSION = 1


def state_to_json(state: GameState) -> dict[str, Any]:
    return {**kit.to_json(state), "format": FORMAT_VERSION}


def state_from_json(data: dict[str, Any]) -> GameState:
    return kit.from_json(GameState, {key: value for key, value in data.items() if key != "format"})
