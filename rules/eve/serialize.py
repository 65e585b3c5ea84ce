"""Lossless plain-JSON form of an EVE: Conquests state (or of a view of it), read by the kit's
plumbing from the state's dataclass fields and their type hints (rules/kit/plumbing.py), with
the format number first.  Stored games write a calendar seal as the pair ``[seat, kind]``."""
from __future__ import annotations

from typing import Any

from rules.kit import Plumbing

from .state import GameState, Seal

FORMAT_VERSION = 1
PLUMBING = Plumbing(positional={Seal})


def state_to_json(state: GameState) -> dict[str, Any]:
    return {"format": FORMAT_VERSION, **PLUMBING.to_json(state)}


def state_from_json(data: dict[str, Any]) -> GameState:
    return PLUMBING.from_json(GameState, {key: value for key, value in data.items() if key != "format"})
