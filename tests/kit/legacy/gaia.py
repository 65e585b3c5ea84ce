"""Before the kit: Gaia's state copied by pickle (rules/gaia/engine.py ``clone``, sharing the parts
no move changes in place, and rules/gaia/game.py ``_copy``, whose copy was also the dumped JSON
and the loaded state)."""
from __future__ import annotations

import pickle
from typing import Any, cast

from rules.gaia.state import GaiaState

SHARED_PARTS = ("map", "placement", "options", "round_scoring", "final_scoring")


def clone_state(st: GaiaState) -> GaiaState:
    raw = cast("dict[str, Any]", st)
    shared = {k: raw[k] for k in SHARED_PARTS if k in raw}
    out: dict[str, Any] = pickle.loads(pickle.dumps({k: v for k, v in raw.items() if k not in shared},
                                                    protocol=pickle.HIGHEST_PROTOCOL))
    out.update(shared)
    return cast(GaiaState, out)


def _copy(st: Any) -> Any:
    return pickle.loads(pickle.dumps(st, protocol=pickle.HIGHEST_PROTOCOL))


def state_to_json(st: GaiaState) -> dict[str, Any]:
    return cast("dict[str, Any]", _copy(st))


def state_from_json(data: dict[str, Any]) -> GaiaState:
    return cast(GaiaState, _copy(data))
