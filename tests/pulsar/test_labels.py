"""Autocomplete labels of Pulsar 2849 moves fit Discord's 100 characters without clipping
(issue 24): a HQ project suggestion says the project and the die first, then what the project
gives, shortened by design (not cut) where the whole would not fit.  Rule IDs: HQ-1..4."""
from __future__ import annotations

import pytest

from rules.messages import LANGUAGES, render
from tests.pulsar.test_label_length import host_label
from rules.pulsar import GAME
from rules.pulsar.data import tables
from rules.pulsar.phrases import LABEL_LIMIT

STATE = GAME.new_game({"players": 3}, 1)
PROJECTS = sorted(tables().projects)


def payments(cost: int) -> list[str]:
    """The plain silver die, the bonus die, and silver dice bent by a token (A-MOD-1..3)."""
    return [f"s{cost}", "r", f"s{cost - 1}+1" if cost > 1 else "s2-1", f"s{cost}+2"]


def label(text: str, language: str) -> str:
    """What the host shows (bot/cogs/base.py move_label): the phrase, then the
    description when it adds something."""
    return host_label(GAME, STATE, 0, text, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("project", PROJECTS)
def test_HQ_3_every_project_label_fits_without_clipping(project: str, language: str) -> None:
    cost = tables().projects[project].cost
    for pay in payments(cost):
        for extra in ("", " choice=M"):
            shown = label(f"hq {project} {pay}{extra}", language)
            assert len(shown) <= LABEL_LIMIT, shown
            assert project in shown[:30], shown                 # the essential first: which project


@pytest.mark.parametrize("project", PROJECTS)
def test_HQ_4_a_plain_die_label_names_a_reward_after_the_project_and_die(project: str) -> None:
    phrase = GAME.move_phrase(STATE, 0, f"hq {project} s{tables().projects[project].cost}")
    assert phrase.key in ("pulsar.phrase.hq", "pulsar.phrase.hq_brief")   # never the bare "_plain" fallback
    assert GAME.describe_move(STATE, 0, f"hq {project} s1") is None   # the gist would repeat it


def test_HQ_4_a_gate_run_reads_after_the_victory_points() -> None:
    """HQ1-1.1c gives 4 VP and an orange gate run: "4 VP and orange gate run, 2 VP per gate",
    not "orange gate run, 2 VP per gate and 4 VP"."""
    shown = render(GAME.move_phrase(STATE, 0, "hq HQ1-1.1c s3"), "en")
    assert shown.index("4 VP") < shown.index("gate run")


def test_HQ_3_a_long_reward_list_is_shortened_by_design() -> None:
    """HQ3-2.M (2 VP, an exploration tile, a gate run of any colour): the gate run "and more"."""
    phrase = GAME.move_phrase(STATE, 0, "hq HQ3-2.M s5")
    assert phrase.params["gives"].key == "pulsar.phrase.gives_more"
    assert "bármely színű ugrókapu-verseny" in render(phrase, "hu")


@pytest.mark.parametrize("language", LANGUAGES)
def test_PAT_TX_patent_and_transmitter_labels_fit_with_a_plain_die(language: str) -> None:
    """A patent and a transmitter take name the die and what they give in the phrase (not a
    second time in the gist), within a label, for every technology and transmitter."""
    texts = [f"patent {tech} s{info.cost}" for tech, info in tables().technologies.items()]
    texts += [f"tx take {tile} s{info.dice[0]} icon=1" for tile, info in tables().transmitters.items()]
    for text in texts:
        shown = label(text, language)
        assert len(shown) <= LABEL_LIMIT, shown
        assert GAME.describe_move(STATE, 0, text) is None


@pytest.mark.parametrize("size", ["S", "M", "L"])
def test_ACT_GYRO_a_gyrodyne_label_says_its_spin_and_earnings_within_a_button(size: str) -> None:
    """Buttons carry 80 characters: the reward choice of a size says its spin die and VP."""
    for language in LANGUAGES:
        shown = label(f"gyro choose {size}", language)
        assert len(shown) <= 80, shown
    assert GAME.describe_move(STATE, 0, f"gyro choose {size}").key == "pulsar.describe.gyro"
