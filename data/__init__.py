"""Static game data (JSON) and fonts, shipped inside the package.

Every data record carries ``source``: ``seed`` (the rulebook), ``public`` (published
component facts) or ``designed`` (a placeholder invented by the spec, to be swapped for the
printed value when known).
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any


def path(*parts: str) -> Path:
    return Path(str(resources.files(__name__).joinpath(*parts)))


@lru_cache(maxsize=None)
def load_json(*parts: str) -> Any:
    with path(*parts).open(encoding="utf-8") as handle:
        return json.load(handle)
