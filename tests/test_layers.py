"""The layers hold (issue 27 item 3): renderers, the host and the shared rules code read a game
only through its package root (``GAME``, what :func:`rules.get_game` returns) and its read API
``rules.<game>.read``; nothing outside a game's package imports its engine, state, data or
mechanics modules.  The imports are read from the source (ast), so a function-level import
counts as well."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parents[1]
WALKED = ("renderers", "bot", "rules")          # every module here is checked
GAMES = tuple(rules.available_games())

# (file, imported module) pairs allowed for now.  There are none: keep it that way.
EXCEPTIONS: frozenset[tuple[str, str]] = frozenset()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str) -> bool:
    """Whether ``name`` is a module or package of this tree (not a name defined in one)."""
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imported_modules(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in ``source``, the source of ``module``:
    ``from X import y`` counts as ``X.y`` when ``y`` is a module, else as ``X``."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                full = f"{origin}.{alias.name}"
                found.append((node.lineno, full if is_module(full) else origin))
    return found


def reaches_into(importer: str, target: str) -> str | None:
    """The game whose insides ``target`` is, when ``importer`` may not import it: a module of
    ``rules.<game>`` other than the package root and ``read``, from outside that package."""
    parts = target.split(".")
    if len(parts) < 3 or parts[0] != "rules" or parts[1] not in GAMES:
        return None
    game = parts[1]
    if importer == f"rules.{game}" or importer.startswith(f"rules.{game}."):
        return None                                 # a game's own modules use each other freely
    if parts[2] == "read":
        return None
    return game


def violations() -> list[str]:
    found = []
    for top in WALKED:
        for path in sorted((ROOT / top).rglob("*.py")):
            module = module_name(path)
            rel = str(path.relative_to(ROOT))
            for line, target in imported_modules(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
                if reaches_into(module, target) and (rel, target) not in EXCEPTIONS:
                    found.append(f"{rel}:{line} imports {target}")
    return found


def test_nothing_outside_a_game_imports_its_engine_state_or_mechanics():
    """Issue 27 item 3: renderers, cogs and shared code import rules.<game> or rules.<game>.read only."""
    assert violations() == []


def test_the_exceptions_are_none():
    assert EXCEPTIONS == frozenset()


def shared_modules() -> list[Path]:
    """The code every game goes through: the host (but a game's own cog), the shared rules
    (contract, kit, messages, computer players) and the renderers' common parts."""
    out = [path for path in sorted((ROOT / "bot").rglob("*.py"))
           if not (path.parent.name == "cogs" and path.stem in GAMES)]
    out += [path for top in ("rules/kit", "rules/players") for path in sorted((ROOT / top).rglob("*.py"))]
    out += [ROOT / "rules" / "base.py", ROOT / "rules" / "messages.py", ROOT / "renderers" / "common.py"]
    return out


def game_name_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of every string in ``source`` that names a game or a game's catalogue key
    ("planetarium", "eve.title"): a special case keyed on a game's name."""
    return sorted((node.lineno, node.value) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and (node.value in GAMES or node.value.partition(".")[0] in GAMES and "." in node.value))


def test_shared_code_has_no_special_case_keyed_on_a_game_name():
    """House style: what differs between games is a method of the contract (``demo_move``,
    ``evaluate``, ...), never ``if name == "planetarium"`` in shared code; only the registry
    (rules/__init__.py) and a game's own cog name a game."""
    found = [f"{path.relative_to(ROOT)}:{line} {text!r}" for path in shared_modules()
             for line, text in game_name_literals(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_game_name_check_sees_a_special_case():
    source = 'PREFERRED = {"planetarium": ("play",)}\nkey = "eve.title"\nplain = "eve is a word"\n'
    assert game_name_literals(source) == [(1, "planetarium"), (2, "eve.title")]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_read_api(game):
    assert (ROOT / "rules" / game / "read.py").is_file()


@pytest.mark.parametrize("source, expected", [
    ("from rules.eve.engine import vp", ["rules.eve.engine"]),
    ("from rules.eve import engine", ["rules.eve.engine"]),
    ("import rules.pulsar.dice", ["rules.pulsar.dice"]),
    ("def f():\n    from rules.spacecorp.engine import GAME", ["rules.spacecorp.engine"]),
    ("from ..rules.planetarium import state", ["rules.planetarium.state"]),
    ("from . import common", []),
    ("from rules.eve.read import vp", []),
    ("from rules.eve import GAME", []),
    ("from rules import eve", []),
    ("from rules.messages import Msg", []),
])
def test_the_walk_sees_every_form_of_import(source, expected):
    """The check itself: absolute, from-package, plain and function-level imports are caught."""
    targets = [target for _, target in imported_modules(source, "renderers.example", False)]
    assert [target for target in targets if reaches_into("renderers.example", target)] == expected


def test_a_games_own_modules_and_relative_imports_are_resolved():
    assert imported_modules("from . import engine", "rules.eve.read", False) == [(1, "rules.eve.engine")]
    assert reaches_into("rules.eve.read", "rules.eve.engine") is None
    assert reaches_into("rules.pulsar.engine", "rules.eve.engine") == "eve"
    assert imported_modules("from ..service import UserError", "bot.cogs.spacecorp", False) == [(1, "bot.service")]


# ----- the read APIs themselves ---------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_read_api_exports_what_it_declares(game):
    import importlib
    module = importlib.import_module(f"rules.{game}.read")
    for name in getattr(module, "__all__", ()):
        assert hasattr(module, name), f"rules.{game}.read.__all__ names {name!r}, which it lacks"


def test_planetarium_reads_a_view_or_its_json_form_and_nothing_else():
    from rules.planetarium import GAME
    from rules.planetarium import read
    view = GAME.view(GAME.new_game({"players": 3}, 4), None)
    assert read.as_view(view) is view
    assert read.as_view(GAME.dump_state(view)) == view
    with pytest.raises(TypeError):
        read.as_view(["not", "a", "view"])


def test_planetarium_renderer_fails_loudly_on_a_renamed_field():
    """A view whose field was renamed is an error, not a picture drawn from defaults (issue 27)."""
    from renderers import planetarium as pl
    from rules.planetarium import GAME
    data = GAME.dump_state(GAME.view(GAME.new_game({"players": 2}, 4), None))
    data["seats"] = data.pop("players")
    with pytest.raises((KeyError, TypeError)):
        pl.render(data)


def test_planetarium_board_nodes_agree_with_the_rules_board():
    from rules.planetarium import read
    from rules.planetarium.data import board
    rules_board = board()
    nodes = read.nodes()
    assert tuple(node.id for node in nodes) == rules_board.node_ids
    for node in nodes:
        assert node.orbit == rules_board.orbit[node.id]
        assert node.orbit_step == rules_board.orbit_step[node.id]
        assert node.links == rules_board.links[node.id]
    assert {node.start_planet: node.id for node in nodes if node.start_planet} == rules_board.start_node
