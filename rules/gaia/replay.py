"""Replay recorded boardgamers games: ``python -m rules.gaia.replay FILE.json [...]``.

Each file is a fixture (``setup``, ``moves``, ``expected``); one JSON line per file is printed with
the same keys and value shapes as the fixture's ``expected`` block.
"""
from __future__ import annotations

import json
import sys
from typing import Any, Callable

from rules.base import RulesError

from .game import GAME
from .state import GaiaState
from .tables import FIELDS


class ReplayError(Exception):
    def __init__(self, index: int, line: str, error: Exception, state: GaiaState) -> None:
        super().__init__(f"move {index} ({line!r}): {error}")
        self.index, self.line, self.error, self.state = index, line, error, state


def _moves(fixture: dict[str, Any]) -> tuple[int, list[str]]:
    moves: list[str] = fixture["moves"]
    start = 1 if moves and moves[0].startswith("init") else 0
    return start, moves


def replay_fixture(fixture: dict[str, Any], on_move: Callable[[int, GaiaState], None] | None = None,
                   options: dict[str, Any] | None = None) -> GaiaState:
    """Set the game up from the fixture's ``setup`` block and apply every move after ``init``.
    Returns the final state; raises ReplayError (with the state reached) on the first bad move.
    ``options`` override the replay defaults (e.g. ``{"fed_check": True, "strict_endings": True}``)."""
    st = GAME.from_setup(fixture, options)
    start, moves = _moves(fixture)
    for i in range(start, len(moves)):
        line = moves[i]
        try:
            move = GAME.parse_line(st, line)
            st = GAME.apply_inplace(st, move)
        except (RulesError, KeyError, ValueError, IndexError, TypeError) as e:
            raise ReplayError(i, line, e, st) from e
        if on_move:
            on_move(i, st)
    return st


def summary(st: GaiaState) -> dict[str, Any]:
    out: list[dict[str, Any]] = []
    for p in st["players"]:
        if p is None:
            continue
        out.append({"faction": p["faction"], "vp": p["vp"], "credits": p["c"], "ore": p["o"],
                    "knowledge": p["k"], "qic": p["q"], "power": dict(p["power"]),
                    "brainstone": p["brainstone"] if p["brainstone"] in ("area1", "area2", "area3", "gaia") else None,
                    "research": {**{f: p["research"][f] for f in FIELDS}, "dip": 0}})
    return {"round": st["round"], "ended": st["phase"] == "over", "players": out}


def run_file(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as fh:
        fixture = json.load(fh)
    applied = 0
    error = None
    start, moves = _moves(fixture)
    checkpoints = {c["after_move"]: c for c in fixture.get("checkpoints", [])}
    mismatches: list[str] = []

    def count(i: int, st: GaiaState) -> None:
        nonlocal applied
        applied += 1
        cp = checkpoints.get(i)
        if cp:
            vp = [p["vp"] for p in st["players"]]
            if vp != cp["vp"] or st["round"] != cp["round"]:
                mismatches.append(f"after move {i}: round {st['round']} VP {vp}, expected round "
                                  f"{cp['round']} VP {cp['vp']}")

    try:
        st = replay_fixture(fixture, count)
    except ReplayError as e:
        st = e.state
        error = str(e)
    s = summary(st)
    if error is None and mismatches:
        error = "checkpoint mismatch " + "; ".join(mismatches)
    ok = error is None and s["players"] == fixture.get("expected", {}).get("players") \
        and s["round"] == fixture.get("expected", {}).get("round")
    return {"name": fixture.get("name", path), "ok": bool(ok), "moves_applied": applied, "error": error,
            "round": s["round"], "players": s["players"]}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print("usage: python -m rules.gaia.replay FILE.json [...]", file=sys.stderr)
        return 2
    bad = 0
    for path in argv:
        res = run_file(path)
        bad += not res["ok"]
        print(json.dumps(res, ensure_ascii=False))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
