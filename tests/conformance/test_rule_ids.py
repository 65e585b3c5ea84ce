"""House rule: a refusal cites the spec's rule ID (``IllegalMove(key, rule, ...)``), one a
player can look up in the game's spec, never a section number ("§10.1" told a newcomer
nothing, newcomer report D6).  Read from the source: every literal rule of a refusal in a
game's package must occur in that game's spec (docs/rules/)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPECS = {"gaia": "gaia-project.md", "planetarium": "planetarium.md", "eve": "eve-conquests.md",
         "pulsar": "pulsar-2849.md", "spacecorp": "space-corp.md"}
REFUSALS = {"IllegalMove", "refuse", "RulesError"}


def cited(package: str) -> list[tuple[str, int, str]]:
    found = []
    for path in sorted((ROOT / "rules" / package).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            rule = node.args[1]
            if name in REFUSALS and isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                found.append((path.name, node.lineno, rule.value))
    return found


@pytest.mark.parametrize("package", sorted(SPECS))
def test_every_refusal_cites_a_rule_id_that_the_games_spec_defines(package):
    spec = (ROOT / "docs" / "rules" / SPECS[package]).read_text(encoding="utf-8")
    rules = cited(package)
    assert rules, f"no refusal found in rules/{package}: the scan is broken"
    wrong = [(file, line, rule) for file, line, rule in rules
             if rule.startswith("§") or not re.search(r"(?<![\w-])" + re.escape(rule) + r"(?![\w-])", spec)]
    assert not wrong, f"rules/{package}: refusals citing no rule ID of {SPECS[package]}: {wrong}"
