"""Pulsar 2849: the end-game technologies of side AIII as printed (spec §8.6.1 PUR-BUY and
PUR-GOAL-ANY, §7.3 FS-1, GOAL-5, GOAL-6; rules.pulsar.final_techs).

img/komplett.webp @ 3164e72 (upright): AIII-8a shows two engineering cubes, "1x", 9 VP; AIII-7b a
goal tile with a question mark over a green check mark."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.messages import render
from rules.pulsar import GAME
from rules.pulsar.data import tables
from rules.pulsar.evaluation import end_techs
from rules.pulsar.setup import new_game
from rules.pulsar.state import Gyrodyne


def at_the_end(goals: list[str], patents: list[str], cubes: int = 0):
    state = new_game({"players": 3, "first_game": True}, 1)
    state.phase, state.round, state.goals = "goals", 8, goals
    for player in state.players:
        player.vp, player.cubes, player.patents = 0, 0, []
    state.players[0].patents, state.players[0].cubes = patents, cubes
    state.pending = [0]
    return state


def decide(state, text: str):
    return GAME.apply(state, GAME.parse_move(state, 0, text))


def test_PUR_BUY_AIII_8a_two_cubes_buy_9_VP_once_at_the_end():
    """FS-1: the purchase is purple VP; the two cubes no longer score at FS-5 (GOAL-5 order)."""
    assert [(e.name, e.args) for e in tables().technologies["AIII-8a"].effects] == [("PUR-BUY", ("2", "9"))]
    state = at_the_end(["G3a", "G4a", "G6a"], ["AIII-8a"], cubes=3)
    assert "AIII-8a" in GAME._goal_choices(state, 0)
    bought, kept = decide(state, "goals AIII-8a"), decide(state, "goals none")
    assert (bought.players[0].cubes, kept.players[0].cubes) == (1, 3)
    assert bought.players[0].vp - kept.players[0].vp == 9 - 1        # 9 VP against one pair of cubes
    assert bought.players[0].vp_src["purple"] - kept.players[0].vp_src["purple"] == 9


def test_PUR_BUY_is_refused_without_the_technology_the_cubes_or_twice():
    state = at_the_end(["G3a", "G4a", "G6a"], [], cubes=5)
    with pytest.raises(IllegalMove) as refused:
        GAME._check_goals(state, 0, ("AIII-8a",))
    assert (refused.value.msg.key, refused.value.rule) == ("pulsar.err.goal_tech", "FS-1")
    poor = at_the_end(["G3a", "G4a", "G6a"], ["AIII-8a"], cubes=1)
    assert "AIII-8a" not in GAME._goal_choices(poor, 0)
    with pytest.raises(IllegalMove) as refused:
        GAME._check_goals(poor, 0, ("AIII-8a",))
    assert (refused.value.msg.key, refused.value.rule) == ("pulsar.err.goal_cubes", "GOAL-1")
    with pytest.raises(IllegalMove) as refused:                      # "1x"
        GAME._check_goals(at_the_end(["G3a", "G4a", "G6a"], ["AIII-8a"], cubes=5), 0, ("AIII-8a", "AIII-8a"))
    assert refused.value.rule == "PUR-BUY"


def test_PUR_BUY_and_goal_bonuses_share_the_cubes():
    """GOAL-1, GOAL-5: 6 cubes pay AIII-8a (2) and G5a's first bonus (4); not both bonuses too."""
    patents = ["AIII-8a", "AI-1a", "AI-1b", "AI-1c", "AI-2a"]        # five patents: G5a fulfilled
    state = at_the_end(["G5a", "G3a", "G4a"], patents, cubes=6)
    after = decide(state, "goals AIII-8a G5a:1")
    assert after.players[0].cubes == 0
    assert after.players[0].vp_src["goals"] == 6 + 6 and after.players[0].vp_src["purple"] == 9
    with pytest.raises(IllegalMove) as refused:
        GAME._check_goals(state, 0, ("AIII-8a", "G5a:2"))
    assert (refused.value.msg.key, refused.value.rule) == ("pulsar.err.goal_cubes", "GOAL-1")


def test_GOAL_6_AIII_7b_a_goal_of_choice_counts_as_fulfilled():
    """Named (AIII-7b=G3a) it scores its base VP; without a name the goal worth most counts."""
    assert [e.name for e in tables().technologies["AIII-7b"].effects] == ["PUR-GOAL-ANY"]
    state = at_the_end(["G3a", "G4b", "G5a"], ["AIII-7b"])
    assert {"AIII-7b=G3a", "AIII-7b=G4b", "AIII-7b=G5a"} <= set(GAME._goal_choices(state, 0))
    named, default = decide(state, "goals AIII-7b=G3a"), decide(state, "goals none")
    assert named.players[0].vp_src["goals"] == tables().goals["G3a"].base_vp == 6
    assert default.players[0].vp_src["goals"] == tables().goals["G4b"].base_vp == 10
    nobody = at_the_end(["G3a", "G4b", "G5a"], [])
    GAME._final_scoring(nobody)
    assert nobody.players[0].vp_src.get("goals", 0) == 0


def test_GOAL_6_the_goal_counted_may_have_its_bonuses_bought():
    state = at_the_end(["G3a", "G4b", "G5a"], ["AIII-7b"], cubes=5)
    after = decide(state, "goals AIII-7b=G3a G3a:2")
    assert after.players[0].vp_src["goals"] == 6 + 6 + 6 and after.players[0].cubes == 0
    with pytest.raises(IllegalMove) as refused:                      # G4b does not count: G3a was named
        GAME._check_goals(state, 0, ("AIII-7b=G3a", "G4b:1"))
    assert refused.value.rule == "GOAL-1"


def test_GOAL_6_a_fulfilled_or_foreign_goal_is_refused():
    state = at_the_end(["G5a", "G3a", "G4a"], ["AIII-7b", "AI-1a", "AI-1b", "AI-1c", "AI-2a"])   # G5a fulfilled
    assert "AIII-7b=G5a" not in GAME._goal_choices(state, 0)
    for named in ("AIII-7b=G5a", "AIII-7b=G6b"):
        with pytest.raises(IllegalMove) as refused:
            GAME._check_goals(state, 0, (named,))
        assert (refused.value.msg.key, refused.value.rule) == ("pulsar.err.goal_claim", "GOAL-6")
    with pytest.raises(IllegalMove) as refused:
        GAME._check_goals(at_the_end(["G5a", "G3a", "G4a"], []), 0, ("AIII-7b=G3a",))
    assert (refused.value.msg.key, refused.value.rule) == ("pulsar.err.goal_tech", "GOAL-6")


def test_GOAL_6_with_GOAL_2_the_default_does_not_waste_itself_on_a_second_gyrodyne_goal():
    state = at_the_end(["G1a", "G2a", "G3a"], ["AIII-7b"])
    for pulsar in ("P05", "P11"):                                       # two small spinning: G1a fulfilled
        state.pulsars[pulsar] = 0
        state.gyros[pulsar] = Gyrodyne("S", True)
    assert GAME._fulfilled(state, 0) == ["G1a"]
    after = decide(state, "goals none")
    assert after.players[0].vp_src["goals"] == 6 + 6                 # G1a and G3a (not G2a: GOAL-2)
    picked = decide(state, "goals AIII-7b=G2a")                       # named: only one gyrodyne goal scores
    assert picked.players[0].vp_src["goals"] == 6


def test_GOAL_6_the_owner_is_asked_only_when_there_is_a_choice():
    """Six patents fulfil G5a and G5b; G6a, the one goal open, counts without being asked."""
    six = ["AIII-7b", "AI-1a", "AI-1b", "AI-1c", "AI-2a", "AI-2b"]
    one_open = at_the_end(["G5a", "G5b", "G6a"], six)
    assert GAME._fulfilled(one_open, 0) == ["G5a", "G5b"]
    assert GAME._goal_choices(one_open, 0) == []
    GAME._final_scoring(one_open)
    assert one_open.players[0].vp_src["goals"] == 6 + 9 + 6
    everything = at_the_end(["G5a", "G5b", "G6a"], six)
    everything.players[0].hq_done = ["HQ1-1.1a", "HQ1-1.1b", "HQ1-1.1c", "HQ1-1.2a", "HQ1-1.2b"]
    assert GAME._fulfilled(everything, 0) == ["G5a", "G5b", "G6a"] and GAME._goal_choices(everything, 0) == []
    GAME._final_scoring(everything)
    assert everything.players[0].vp_src["goals"] == 6 + 9 + 6          # nothing open: the technology adds nothing


def test_8_6_info_says_both_effects_in_both_languages():
    for tech, key in (("AIII-8a", "pulsar.effect.PUR-BUY"), ("AIII-7b", "pulsar.effect.PUR-GOAL-ANY")):
        text = GAME.component(tech).text
        assert key in repr(text)
        for language in ("en", "hu"):
            shown = render(text, language)
            assert "PUR-" not in shown and "{" not in shown
    assert "9" in render(GAME.component("AIII-8a").text, "hu") and "mérnökkock" in render(GAME.component("AIII-8a").text, "hu")
    assert "céllapka" in render(GAME.component("AIII-7b").text, "hu")


def test_PUR_BUY_GOAL_6_the_decision_reads_as_a_phrase_and_a_prompt():
    state = at_the_end(["G3a", "G4b", "G5a"], ["AIII-7b", "AIII-8a"], cubes=2)
    prompt = GAME.decision_prompt(state)
    assert prompt is not None and prompt.key == "pulsar.prompt.goals_tech"
    assert "AIII-7b" in render(prompt, "hu") and "AIII-8a" in render(prompt, "hu")
    phrase = GAME.move_phrase(state, 0, "goals AIII-8a AIII-7b=G3a")
    keys = [item.key for item in phrase.params["items"].items]
    assert sorted(keys) == ["pulsar.phrase.goal_claim", "pulsar.phrase.goal_tech_buy"]
    assert "C3a" in render(phrase, "hu") and "9 pont" in render(phrase, "hu")
    assert GAME.format_move(GAME.parse_move(state, 0, "célok AIII-7b=C3a")) == "goals AIII-7b=G3a"


def test_evaluation_values_the_end_game_technologies():
    """The computer player: AIII-8a with the cubes is worth its 9 VP less the pair's FS-5 VP;
    AIII-7b the base VP of the goal it would make count now."""
    state = at_the_end(["G3a", "G4b", "G5a"], ["AIII-8a"], cubes=2)
    state.phase = "actions"
    assert end_techs(state, 0, 1) == 9 - 1
    state.players[0].cubes = 1
    assert 0 < end_techs(state, 0, 1) < 8 and end_techs(state, 0, 0) == 0
    state.players[0].patents = ["AIII-7b"]
    assert end_techs(state, 0, 1) == 10                                 # G4b
