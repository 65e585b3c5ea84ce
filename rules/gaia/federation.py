"""Federation search (GP-FED-5/6): the minimality check and the enumeration of candidate federations.

The map graph is small (≤ 190 hexes) but Python is slow, so both searches work on integer-indexed
local graphs and restrict themselves to the hexes that can matter:

* ``check_minimal`` — exact: node-weighted Steiner trees (Dreyfus–Wagner) over the *building groups
  inside the proposed federation* (rarely more than 4), on the hexes within ``satellites`` steps of it.
  A federation is rejected when a subset of its groups reaches the threshold with fewer satellites.
* ``candidate_federations`` — enumeration for ``legal_moves``: value-minimal subsets of building
  groups, joined by shortest satellite paths (Prim over group-to-group 0-1 BFS distances, pruned by the
  pairwise distances and the player's satellite budget), each then validated exactly.
"""
from __future__ import annotations

from collections import deque
from typing import AbstractSet, Collection, cast

from rules.base import IllegalMove

from . import engine as E
from .state import GaiaState


def _eligible(st: GaiaState, seat: int) -> tuple[dict[str, int], set[str], set[str]]:
    """(own buildings usable in a new federation -> value, allowed satellite hexes)."""
    mi = E.minfo(st)
    p = E.P(st, seat)
    fed = set(p["fed_hexes"])
    near_fed = set(fed)
    for k in fed:
        near_fed.update(mi.neighbours[k])
    own = E.own_hexes(st, seat)
    ivits = p["faction"] == "ivits"
    bld: dict[str, int] = {}
    for k, t in own.items():
        if ivits or k not in near_fed:
            if k not in fed:
                bld[k] = E.structure_value(st, seat, k, t, for_fed=True)
    sats: set[str] = set()
    for k, pl in mi.planet.items():
        if pl != "e" or k in st["planet"] or k in own:
            continue
        if seat in st["sat"].get(k, ()):
            continue
        if not ivits and k in near_fed:
            continue
        if k in fed:
            continue
        sats.add(k)
    return bld, sats, fed


def _groups(st: GaiaState, hexes: Collection[str]) -> list[set[str]]:
    mi = E.minfo(st)
    left = set(hexes)
    out: list[set[str]] = []
    for start in sorted(hexes):
        if start not in left:
            continue
        left.discard(start)
        comp = {start}
        todo = [start]
        while todo:
            h = todo.pop()
            for n in mi.neighbours[h]:
                if n in left:
                    left.discard(n)
                    comp.add(n)
                    todo.append(n)
        out.append(comp)
    return out


def _steiner_costs(st: GaiaState, terms: list[set[str]], nodes: list[str], weight: dict[str, int], cap: int = 10 ** 6) -> list[int]:
    """Dreyfus–Wagner on a node-weighted graph (weights 0/1): cost[mask] = fewest satellites joining
    those groups.  Only costs below ``cap`` matter, so larger partial trees are dropped early."""
    mi = E.minfo(st)
    idx = {k: i for i, k in enumerate(nodes)}
    n = len(nodes)
    adj = [[idx[m] for m in mi.neighbours[k] if m in idx] for k in nodes]
    w = [weight[k] for k in nodes]
    t = len(terms)
    INF = 10 ** 6
    full = (1 << t) - 1
    dp: list[list[int] | None] = [None] * (full + 1)

    def relax(d: list[int]) -> list[int]:
        # bucket queue over the integer costs 0 .. cap-1 (0/1 node weights)
        finite = [x for x in d if x < cap]
        if not finite:
            return d
        top = min(cap, max(finite) + n + 1)
        buckets: list[list[int]] = [[] for _ in range(top)]
        for v in range(n):
            if d[v] < top:
                buckets[d[v]].append(v)
        for b in range(top):
            bucket = buckets[b]
            i = 0
            while i < len(bucket):
                v = bucket[i]
                i += 1
                if d[v] != b:
                    continue
                for u in adj[v]:
                    c = b + w[u]
                    if c < d[u] and c < top:
                        d[u] = c
                        buckets[c].append(u)
        return d

    best = [INF] * (full + 1)
    for i, g in enumerate(terms):
        d = [INF] * n
        for k in g:
            if k in idx:
                d[idx[k]] = 0
        relaxed = relax(d)
        dp[1 << i] = relaxed
        best[1 << i] = min(relaxed) if n else INF
    for mask in range(1, full + 1):
        if dp[mask] is not None:
            continue
        low = mask & -mask
        d = [INF] * n
        sub = (mask - 1) & mask
        while sub:
            if sub & low and best[sub] < cap and best[mask ^ sub] < cap:
                a, b = cast("list[int]", dp[sub]), cast("list[int]", dp[mask ^ sub])   # smaller masks: done
                d = [c if c < x else x for c, x in zip([p + q - r for p, q, r in zip(a, b, w)], d)]
            sub = (sub - 1) & mask
        d = [x if x < cap else INF for x in d]
        relaxed = relax(d)
        dp[mask] = relaxed
        best[mask] = min(relaxed)
    return [min(row) if (row := dp[m]) else INF for m in range(full + 1)]


def check_minimal(st: GaiaState, seat: int, hexes_text: str) -> None:
    """GP-FED-6: reject X when a federation Y with planets(Y) ⊆ planets(X) needs fewer satellites."""
    p = E.P(st, seat)
    mi = E.minfo(st)
    chosen = []
    for part in hexes_text.split(","):
        k = mi.locate(part)
        if k is None:
            return  # form_federation reports the bad hex
        chosen.append(k)
    info = E.federation_check(st, seat, chosen)
    if isinstance(info, IllegalMove):
        return
    sats_x, members = info
    nsat = len(sats_x)
    if nsat == 0:
        return
    base = set(p["fed_hexes"]) if p["faction"] == "ivits" else set()
    why = _dominated(st, seat, set(members), nsat, base)
    if why:
        raise why


def _dominated(st: GaiaState, seat: int, members: set[str], nsat: int, base: AbstractSet[str] = frozenset()) -> IllegalMove | None:
    """Is there a federation with fewer satellites using only X's buildings?  ``base``: the Ivits'
    existing federation, which every enlargement must include (GP-FAC-IVI-2: minimality applies to
    the added part)."""
    mi = E.minfo(st)
    bld, sat_ok, _ = _eligible(st, seat)
    xb = {k for k in members if k in bld and k not in base}
    groups = _groups(st, xb)
    thr = E.fed_threshold(st, seat)
    values = [sum(bld[k] for k in g) for g in groups]
    need = 0
    if base:
        own = E.own_hexes(st, seat)
        groups.append(set(base))
        values.append(sum(E.structure_value(st, seat, k, own[k], for_fed=True) for k in base if k in own))
        need = 1 << (len(groups) - 1)
        xb = xb | set(base)
    outside = set(bld) - xb
    # satellites of Y may not touch own buildings outside X (they would join by closure)
    region: set[str] = set()
    frontier = set(members)
    region |= frontier
    for _ in range(nsat):
        nxt: set[str] = set()
        for h in frontier:
            for m in mi.neighbours[h]:
                if m not in region:
                    nxt.add(m)
        region |= nxt
        frontier = nxt
    nodes = [k for k in region if k in xb or (k in sat_ok and not any(m in outside for m in mi.neighbours[k]))]
    weight = {k: (0 if k in xb else 1) for k in nodes}
    if len(groups) > 10:
        return None
    costs = _steiner_costs(st, groups, nodes, weight, cap=nsat)
    for mask in range(1, 1 << len(groups)):
        if mask & need != need:
            continue
        val = sum(values[i] for i in range(len(groups)) if mask >> i & 1)
        if val >= thr and costs[mask] < nsat:
            return IllegalMove("gaia.err.fed_not_minimal", "GP-FED-6", used=nsat, enough=costs[mask], value=val,
                               need=thr)
    return None


def _bfs(st: GaiaState, sources: list[str], passable: dict[str, int], limit: int) -> tuple[dict[str, int], dict[str, str]]:
    """0-1 BFS from a set of building hexes through satellite hexes; returns dist and parent."""
    mi = E.minfo(st)
    dist = {k: 0 for k in sources}
    parent: dict[str, str] = {}
    dq = deque(sources)
    while dq:
        v = dq.popleft()
        dv = dist[v]
        for u in mi.neighbours[v]:
            if u not in passable:
                continue
            c = dv + passable[u]
            if c > limit:
                continue
            if c < dist.get(u, 1 << 30):
                dist[u] = c
                parent[u] = v
                if passable[u] == 0:
                    dq.appendleft(u)
                else:
                    dq.append(u)
    return dist, parent


def candidate_federations(st: GaiaState, seat: int, limit: int = 40, max_groups: int = 5) -> list[list[str]]:
    """Legal federations (hex lists) the player could form now, fewest satellites first."""
    p = E.P(st, seat)
    bld, sat_ok, fed = _eligible(st, seat)
    ivits = p["faction"] == "ivits"
    budget = p["q"] if ivits else E.tokens_available(p)
    thr = E.fed_threshold(st, seat)
    groups = _groups(st, bld)
    if ivits and fed:
        groups.append(set(fed))
    values = [sum(bld.get(k, 0) for k in g) for g in groups]
    if ivits and fed:
        own = E.own_hexes(st, seat)
        values[-1] = sum(E.structure_value(st, seat, k, own[k], for_fed=True) for k in fed if k in own)
    if sum(values) < thr:
        return []
    passable = {k: 1 for k in sat_ok}
    for k in bld:
        passable[k] = 0
    if ivits:
        for k in fed:
            passable[k] = 0
    # pairwise group distances
    g_of: dict[str, int] = {}
    for i, g in enumerate(groups):
        for k in g:
            g_of[k] = i
    pair: dict[tuple[int, int], int] = {}
    bfs_cache: list[tuple[dict[str, int], dict[str, str]]] = []
    for i, g in enumerate(groups):
        dist, parent = _bfs(st, list(g), passable, budget)
        bfs_cache.append((dist, parent))
        for j, h in enumerate(groups):
            if j != i:
                pair[i, j] = min((dist.get(k, 1 << 20) for k in h), default=1 << 20)
    order = sorted(range(len(groups)), key=lambda i: -values[i])
    subsets: list[tuple[int, ...]] = []
    mandatory = len(groups) - 1 if ivits and fed else None

    def rec(start: int, chosen: list[int], val: int) -> None:
        if val >= thr:
            if mandatory is None or mandatory in chosen:
                subsets.append(tuple(chosen))
            return
        if len(chosen) >= max_groups or len(subsets) > 4000:
            return
        for pos in range(start, len(order)):
            i = order[pos]
            if chosen and min(pair[i, j] for j in chosen) > budget:
                continue
            rec(pos + 1, chosen + [i], val + values[i])

    rec(0, [], 0)

    def estimate(sub: tuple[int, ...]) -> int:
        # Prim over the metric closure of group-to-group distances (an upper bound on the tree)
        est = 0
        inside = [sub[0]]
        rest = list(sub[1:])
        while rest:
            best = min(((pair[a, b], b) for a in inside for b in rest))
            est += best[0]
            inside.append(best[1])
            rest.remove(best[1])
        return est

    ranked = sorted((estimate(sub), len(sub), sub) for sub in subsets)
    seen: set[frozenset[str]] = set()
    out: list[list[str]] = []
    for est, _, sub in ranked:
        if est > 2 * budget:
            break
        best_tree: set[str] | None = None
        for first in sub:
            tree = set(groups[first])
            joined = True      # every group of the subset reached
            todo = [i for i in sub if i != first]
            while todo:
                dist, parent = _bfs(st, sorted(tree), passable, budget)
                bestd: int | None = None
                besti, bestk = 0, ""
                for i in todo:
                    for k in sorted(groups[i]):
                        d = dist.get(k)
                        if d is not None and (bestd is None or d < bestd):
                            bestd, besti, bestk = d, i, k
                if bestd is None:
                    joined = False
                    break
                k = bestk
                while k not in tree:
                    tree.add(k)
                    k = parent[k]
                tree |= groups[besti]
                todo.remove(besti)
            if joined and (best_tree is None or len(tree - bld.keys()) < len(best_tree - bld.keys())):
                best_tree = tree
        if best_tree is None:
            continue
        key = frozenset(best_tree)
        if key in seen:
            continue
        seen.add(key)
        info = E.federation_check(st, seat, sorted(best_tree))
        if isinstance(info, IllegalMove):
            continue
        sats, members = info
        if len(sats) > budget:
            continue
        if _dominated(st, seat, set(members), len(sats), set(fed) if ivits else frozenset()):
            continue
        out.append(sorted(best_tree))
        if len(out) >= limit:
            break
    out.sort(key=lambda h: (sum(1 for k in h if k not in bld and k not in fed), h))
    return out
