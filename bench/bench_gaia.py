"""Gaia Project benchmark: replay time of each recorded game, per-move figures and federation search.

Run as ``python bench/bench_gaia.py`` (not a test).
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.gaia import GAME  # noqa: E402
from rules.gaia.federation import candidate_federations, check_minimal  # noqa: E402
from rules.gaia.playout import random_game  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "gaia"


def bench_fixture(path: Path):
    fx = json.loads(path.read_text(encoding="utf-8"))
    t0 = time.perf_counter()
    st = GAME.from_setup(fx)
    per_move = []
    fed_checks = []
    fed_search = []
    for line in fx["moves"][1:]:
        move = GAME.parse_line(st, line)
        for cmd in move["cmds"]:
            if cmd[0] == "federation":
                a = time.perf_counter()
                check_minimal(st, move["seat"], cmd[1])
                b = time.perf_counter()
                candidate_federations(st, move["seat"])
                c = time.perf_counter()
                fed_checks.append(b - a)
                fed_search.append(c - b)
        a = time.perf_counter()
        st = GAME.apply(st, move)
        per_move.append(time.perf_counter() - a)
    total = time.perf_counter() - t0
    return {
        "fixture": path.stem, "moves": len(per_move), "replay_s": round(total, 3),
        "apply_mean_ms": round(1000 * statistics.mean(per_move), 3),
        "apply_max_ms": round(1000 * max(per_move), 3),
        "federations": len(fed_checks),
        "fed_check_max_ms": round(1000 * max(fed_checks), 3) if fed_checks else None,
        "fed_search_mean_ms": round(1000 * statistics.mean(fed_search), 3) if fed_search else None,
        "fed_search_max_ms": round(1000 * max(fed_search), 3) if fed_search else None,
    }


def bench_legal_moves(path: Path, upto: int):
    fx = json.loads(path.read_text(encoding="utf-8"))
    st = GAME.from_setup(fx)
    for line in fx["moves"][1:upto]:
        st = GAME.apply(st, GAME.parse_line(st, line))
    seat = next(iter(GAME.waiting_for(st)))
    a = time.perf_counter()
    moves = GAME.legal_moves(st, seat)
    return {"fixture": path.stem, "after_move": upto - 1, "legal_moves": len(moves),
            "legal_moves_ms": round(1000 * (time.perf_counter() - a), 1)}


def main():
    for path in sorted(FIXTURES.glob("*.json")):
        print(json.dumps(bench_fixture(path)))
    print(json.dumps(bench_legal_moves(FIXTURES / "final-scoring.json", 290)))
    print(json.dumps(bench_legal_moves(FIXTURES / "spec-fullgame-2p.json", 124)))
    for players in (2, 3, 4):
        a = time.perf_counter()
        st, n = random_game(players, 1, check=False)
        dt = time.perf_counter() - a
        print(json.dumps({"random_game_players": players, "moves": n, "seconds": round(dt, 2),
                          "ms_per_move": round(1000 * dt / max(n, 1), 1)}))


if __name__ == "__main__":
    main()
