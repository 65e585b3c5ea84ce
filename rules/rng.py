"""A small deterministic RNG whose whole state is two JSON numbers.

Each draw derives a fresh ``random.Random`` from (seed, counter), so the state stored in a
game is tiny, readable, and replays the same on every machine and Python version ≥ 3.11
(string seeding hashes with SHA-512, and shuffle/randrange use the same algorithm).
"""
from __future__ import annotations

import random
from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")


class Rng:
    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0):
        self.seed = int(seed)
        self.counter = int(counter)

    def _draw(self) -> random.Random:
        generator = random.Random(f"{self.seed}/{self.counter}")
        self.counter += 1
        return generator

    def randint(self, low: int, high: int) -> int:
        return self._draw().randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return self._draw().choice(items)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._draw().shuffle(items)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        self.shuffle(result)
        return result

    def dice(self, count: int, sides: int = 6) -> list[int]:
        generator = self._draw()
        return [generator.randint(1, sides) for _ in range(count)]

    def copy(self) -> "Rng":
        return Rng(self.seed, self.counter)

    def to_json(self) -> dict[str, int]:
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def from_json(cls, data: dict[str, int]) -> "Rng":
        return cls(data["seed"], data["counter"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.seed, self.counter) == (other.seed, other.counter)

    def __repr__(self) -> str:
        return f"Rng(seed={self.seed}, counter={self.counter})"
