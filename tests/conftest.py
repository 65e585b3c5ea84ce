"""Suite-wide scheduling: the longest tests run first.

pytest-xdist hands tests to its workers in collection order, and the top-level files
(mypy over the whole tree, a wheel build and install) are collected last: one of them alone at
the end keeps a single core busy while the other waits.  Tests marked ``slow`` and the
tests below (each one of the longest of the suite, measured in CPU seconds) are moved to the
front, in their collection order; the rest keep theirs.
"""
from __future__ import annotations

import pytest

#: Long tests that are not random playouts (nodeid prefixes).
LONG = (
    "tests/test_lint.py::test_mypy_strict_over_the_listed_packages",      # mypy --strict, no cache
    "tests/test_installed_package.py",                                    # pip wheel + pip install
    "tests/host/test_gaia_bot.py::test_GP_VAR_11_12_recorded_games",      # 17 s CPU (auction game)
    "tests/host/test_gaia_bot.py::test_a_recorded_three_player_game",     # 12 s
    "tests/host/test_eve_bot.py::test_the_example_script_plays",          # 12 s
    "tests/host/test_spacecorp_bot.py::test_the_three_era_example",       # 10 s
    "tests/host/test_planetarium_bot.py::test_the_example_script",        # 9 s
    "tests/conformance/test_games.py::test_a_random_playout_keeps_every_promise",
)


def _long(item: pytest.Item) -> bool:
    return item.get_closest_marker("slow") is not None or item.nodeid.startswith(LONG)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items[:] = [item for item in items if _long(item)] + [item for item in items if not _long(item)]
