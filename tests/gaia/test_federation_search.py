"""GP-FED-6 search: the Dreyfus–Wagner Steiner costs agree with brute force on small regions."""
import itertools
import random

import pytest

from rules.gaia import board
from rules.gaia import federation as F

from .helpers import action_state


def _connected(st, hexes):
    mi = board.map_info(st["map"], st["map_id"])
    hexes = set(hexes)
    start = next(iter(hexes))
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in mi.neighbours[h]:
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == hexes


@pytest.mark.parametrize("seed", range(8))
def test_GP_FED_6_steiner_costs_match_brute_force(seed):
    st = action_state(["terrans", "xenos"])
    mi = board.map_info(st["map"], st["map_id"])
    rng = random.Random(seed)
    centre = rng.choice(sorted(mi.xy))
    region = sorted(mi.within(centre, 2))
    terms_hexes = rng.sample(region, 3)
    terms = [{h} for h in terms_hexes]
    others = [h for h in region if h not in terms_hexes]
    nodes = terms_hexes + [h for h in others if rng.random() < 0.7]
    weight = {h: (0 if h in terms_hexes else 1) for h in nodes}
    costs = F._steiner_costs(st, terms, nodes, weight)
    free = [h for h in nodes if h not in terms_hexes]
    for mask in range(1, 8):
        chosen = [terms_hexes[i] for i in range(3) if mask >> i & 1]
        rest = [terms_hexes[i] for i in range(3) if not mask >> i & 1]
        # other building groups may be passed through for free (they would join the federation)
        bonus = [list(c) for r in range(len(rest) + 1) for c in itertools.combinations(rest, r)]
        brute = None
        for k in range(min(len(free), 3) + 1):
            if any(_connected(st, chosen + b + list(extra))
                   for extra in itertools.combinations(free, k) for b in bonus):
                brute = k
                break
        if brute is None:
            assert costs[mask] >= 4, (mask, chosen)
        else:
            assert costs[mask] == brute, (mask, chosen)
        capped = F._steiner_costs(st, terms, nodes, weight, cap=2)
        assert capped[mask] == (costs[mask] if costs[mask] < 2 else 10 ** 6)
