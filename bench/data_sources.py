"""How much of each game's component data is real (issue 28): counts the source marks in data/.

Every data row (a JSON object with a ``source`` string) says where it comes from: ``[seed]`` (the
rulebook), ``[public]`` (a public source named in the mark) or ``[designed]`` (invented to fill a
gap; Gaia writes the bare words). A row whose mark contains "designed" anywhere counts as designed,
even when part of it is public. Run ``python -m bench.data_sources`` for the table, or with
``--readme`` to rewrite the "real data" column of the README's status table.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"planetarium": "Planetarium", "gaia": "Gaia Project", "eve": "EVE: Conquests", "pulsar": "Pulsar 2849",
         "spacecorp": "Space Corp"}


@dataclass(frozen=True)
class Share:
    game: str
    rows: int
    designed: int

    @property
    def percent_designed(self) -> int:
        return round(100 * self.designed / self.rows) if self.rows else 0

    def cell(self) -> str:
        real = self.rows - self.designed
        return f"{100 - self.percent_designed}% real ({real} of {self.rows} data rows; {self.designed} designed)"


def _marked(obj: object) -> Iterator[dict[str, object]]:
    if isinstance(obj, dict):
        if isinstance(obj.get("source"), str):
            yield obj
        for value in obj.values():
            yield from _marked(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from _marked(value)


def is_designed(source: str) -> bool:
    return "designed" in source


def rows(game: str, root: Path = ROOT) -> list[dict[str, object]]:
    """Every source-marked row of ``data/<game>/*.json`` (catalogues excluded)."""
    out: list[dict[str, object]] = []
    for path in sorted((root / "data" / game).glob("*.json")):
        out += list(_marked(json.loads(path.read_text(encoding="utf-8"))))
    return out


def share(game: str, root: Path = ROOT) -> Share:
    marked = rows(game, root)
    return Share(game, len(marked), sum(1 for row in marked if is_designed(str(row["source"]))))


def designed_ids(game: str, root: Path = ROOT) -> set[str]:
    """The ids of the designed rows that have an ``id`` (the components a stand-in mark must cover)."""
    return {str(row["id"]) for row in rows(game, root) if "id" in row and is_designed(str(row["source"]))}


README_COLUMN = "real data"


def rewrite_readme(text: str, shares: dict[str, Share]) -> str:
    """The README's status table with its "real data" column (added if missing) set from ``shares``."""
    by_name = {GAMES[game]: item for game, item in shares.items()}
    lines = text.split("\n")
    header = lines.index("## Status") + 2
    has_column = lines[header].rstrip().endswith(f" {README_COLUMN} |")
    i = header
    while i < len(lines) and lines[i].startswith("|"):
        cells = lines[i].rstrip().removesuffix("|").rstrip().split(" | ")
        if i == header:
            new = README_COLUMN
        elif i == header + 1:
            new = "---"
        else:
            name = cells[0].removeprefix("| ").strip()
            new = by_name[name].cell() if name in by_name else ""
        if i == header + 1:
            parts = lines[i].rstrip().strip("|").split("|")
            lines[i] = "|" + "|".join(parts if has_column else parts + [new]) + "|"
        else:
            kept = cells[:-1] if has_column else cells
            lines[i] = " | ".join([*kept, new]) + " |"
        i += 1
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    shares = {game: share(game) for game in GAMES}
    for item in shares.values():
        print(f"{GAMES[item.game]:16} {item.rows:5} rows {item.designed:5} designed  {item.percent_designed:3}% designed")
    if "--readme" in argv:
        readme = ROOT / "README.md"
        readme.write_text(rewrite_readme(readme.read_text(encoding="utf-8"), shares), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
