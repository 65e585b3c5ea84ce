"""Issue 28: the share of real component data is counted from the data's source marks, the
README says it, and every component whose data row is designed says it is a stand-in."""
from __future__ import annotations

import pytest

import rules
from bench.data_sources import GAMES, ROOT, designed_ids, is_designed, rewrite_readme, rows, share


def test_the_readme_status_table_gives_each_games_share_as_counted():
    """Run ``python -m bench.data_sources --readme`` after changing data/."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert rewrite_readme(readme, {game: share(game) for game in GAMES}) == readme


def test_every_row_has_a_source_mark_of_the_three_kinds():
    for game in GAMES:
        for row in rows(game):
            source = str(row["source"])
            assert any(mark in source for mark in ("seed", "public", "designed")), (game, source)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_designed_component_is_a_stand_in_and_a_real_one_is_not(game):
    """/help and /info say so through Component.stand_in."""
    components = {component.id: component for component in rules.get_game(game).components()}
    designed = designed_ids(game)
    assert all(components[ident].stand_in for ident in designed if ident in components)
    real = {str(row["id"]) for row in rows(game) if "id" in row and not is_designed(str(row["source"]))}
    assert not any(components[ident].stand_in for ident in real - designed if ident in components)
