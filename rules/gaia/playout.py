"""Seeded random playouts and state invariants (used by tests and the benchmark)."""
from __future__ import annotations

import json
import random
from typing import Any

from . import engine as E
from .game import GAME
from .moves import random_move
from .state import GaiaState, shape_problems
from .turns import waiting_for

LIMITS = E.COUNTS


def check_invariants(st: GaiaState) -> list[str]:
    """No negative resources, power tokens conserved, buildings within supply and matching the map,
    one building per planet, VP equal to the sum of their sources; the dict as its TypedDicts
    describe it (``state.shape_problems``)."""
    problems: list[str] = shape_problems(st)
    for s, p in enumerate(st["players"]):
        if p is None:
            continue
        name = p["faction"]
        for r in ("c", "o", "k", "q", "vp"):
            if p[r] < 0:
                problems.append(f"{name}: negative {r}")
        for a, v in p["power"].items():
            if v < 0:
                problems.append(f"{name}: negative power in {a}")
        if E.total_tokens(p) != p["tokens"]:
            problems.append(f"{name}: power tokens {E.total_tokens(p)} != {p['tokens']}")
        if p["vp"] != sum(p["vp_src"].values()):
            problems.append(f"{name}: VP {p['vp']} != sources {sum(p['vp_src'].values())}")
        counted = {t: 0 for t in LIMITS}
        for k, (o, t) in st["bld"].items():
            if o == s and t in counted:
                counted[t] += 1
        counted["m"] += sum(1 for o in st["guest"].values() if o == s)
        counted["sp"] = sum(1 for o in st["station"].values() if o == s)
        for t, lim in LIMITS.items():
            if p["n"][t] != counted[t]:
                problems.append(f"{name}: board says {p['n'][t]} {t}, map has {counted[t]}")
            if counted[t] > lim:
                problems.append(f"{name}: {counted[t]} {t} > supply {lim}")
        if E.gf_available(st, p, s) < 0:
            problems.append(f"{name}: negative gaiaformers")
    for k, o in st["guest"].items():
        if k not in st["bld"] or st["bld"][k][0] == o:
            problems.append(f"guest mine on {k} without a host")
    for k in st["bld"]:
        if E.planet_of(st, k) in ("e", "m"):
            problems.append(f"building on non-planet {k}")
    return problems


def random_game(players: int = 3, seed: int = 1, options: dict[str, Any] | None = None, max_moves: int = 3000,
                check: bool = True) -> tuple[GaiaState, int]:
    """Play a seeded random game; returns (state, moves applied). Raises AssertionError on a broken invariant."""
    opts = {"players": players, "factions": "random", "map": "method3" if seed % 2 else "standard"}
    opts.update(options or {})
    st = GAME.new_game(opts, seed)
    rng = random.Random(seed)
    n = 0
    while not GAME.is_over(st) and n < max_moves:
        seats = sorted(waiting_for(st))
        if not seats:
            raise AssertionError("nobody to move but the game is not over")
        seat = rng.choice(seats)
        move = random_move(st, seat, rng)
        if move is None:
            raise AssertionError(f"no legal move for seat {seat} in phase {st['phase']}")
        text = GAME.format_move(move)
        again = GAME.parse_move(st, seat, text)
        st = GAME.apply(st, again)
        n += 1
        if check:
            bad = check_invariants(st)
            if json.loads(json.dumps(st)) != st:
                bad.append("state does not survive a JSON round trip")
            if bad:
                raise AssertionError(f"after {text!r}: {bad}")
    return st, n
