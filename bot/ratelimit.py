"""Per-user rate limits, so one user cannot slow the bot down for everyone (each board is a
render; Discord gives every interaction only 3 seconds for its first answer)."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable

# kind -> (requests, per seconds): generous for a player, tight for a flood.  Moves need no
# limit: only the player to act can make one, and a refused move renders nothing.
LIMITS: dict[str, tuple[int, float]] = {
    "board": (6, 60.0),
    "lobby": (3, 300.0),
}


@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimiter:
    """Token buckets per (user, kind); ``check`` returns 0 when allowed, else the seconds to
    wait.  At most ``max_entries`` buckets are kept (the least recently used go first)."""

    def __init__(self, clock: Callable[[], float], limits: dict[str, tuple[int, float]] | None = None,
                 max_entries: int = 10_000):
        self.clock = clock
        self.limits = dict(LIMITS if limits is None else limits)
        self.max_entries = max_entries
        self._buckets: OrderedDict[tuple[int, str], _Bucket] = OrderedDict()

    def check(self, user_id: int, kind: str) -> float:
        capacity, period = self.limits[kind]
        now = self.clock()
        key = (user_id, kind)
        bucket = self._buckets.pop(key, None) or _Bucket(float(capacity), now)
        bucket.tokens = min(float(capacity), bucket.tokens + (now - bucket.updated) * capacity / period)
        bucket.updated = now
        self._buckets[key] = bucket
        while len(self._buckets) > self.max_entries:
            self._buckets.popitem(last=False)
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) * period / capacity
