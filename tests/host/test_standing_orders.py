"""Standing orders (spec §9.3 standing preferences; issue 27 #5): the commands that store them
are generated from the rules' PreferenceSpecs, as ``new`` is from the OptionSpecs, with the
names, parameters, choices and catalogue keys the hand-written commands had."""
from __future__ import annotations

import pytest

import rules
from bot.cogs.base import StandingOrder, cog_class, standing_order_command
from rules.base import PreferenceSpec
from rules.messages import catalogue


def _command(game: str, name: str):
    cog = cog_class(game)
    return next(cmd for cmd in cog.__cog_app_commands__ if cmd.name == name)


@pytest.mark.parametrize("game, name, params", [
    ("gaia", "charge", ["policy", "max"]),
    ("pulsar", "autobuy", ["policy"]),
    ("spacecorp", "autopass", ["edge", "policy"]),
])
def test_each_standing_order_command_is_generated_with_its_parameters(game, name, params):
    command = _command(game, name)
    assert [p.name for p in command.parameters] == params
    policy = next(p for p in command.parameters if p.name == "policy")
    assert policy.required
    spec_choices = {spec.choices for spec in rules.get_game(game).preferences}
    assert (tuple(c.value for c in policy.choices),) == tuple(spec_choices)


def test_gaia_charge_max_is_optional_and_bounded_by_the_spec():
    spec = next(s for s in rules.get_game("gaia").preferences if s.name == "charge")
    max_param = next(p for p in _command("gaia", "charge").parameters if p.name == "max")
    assert not max_param.required and (max_param.min_value, max_param.max_value) == (1, spec.max)


def test_spacecorp_autopass_offers_one_edge_per_autopass_spec():
    edge = next(p for p in _command("spacecorp", "autopass").parameters if p.name == "edge")
    names = [spec.name for spec in rules.get_game("spacecorp").preferences]
    assert [f"autopass_{c.value}" for c in edge.choices] == names


@pytest.mark.parametrize("game", ["gaia", "pulsar", "spacecorp"])
def test_every_generated_key_exists_in_both_languages(game):
    """The naming pattern of StandingOrder names keys that both host catalogues hold."""
    preferences = tuple(rules.get_game(game).preferences)
    for order in cog_class(game).standing_orders:
        specs = order.specs(preferences)
        first = next(iter(specs.values()))
        keys = [f"cmd.{game}_{order.command}", f"param.{game}_policy", f"{game}_bad_policy", f"{game}_policy_saved"]
        keys += [f"choice.{game}_policy.{choice}" for choice in first.choices]
        if order.which:
            keys += [f"param.{game}_{order.which}", f"{game}_bad_{order.which}"]
            keys += [f"{game}.{order.which}.{value}" for value in specs]
        if first.max:
            keys += [f"param.{game}_policy_max", f"{game}_bad_policy_max", f"{game}_policy_needs_max"]
        for language in ("en", "hu"):
            missing = [key for key in keys if key not in catalogue(language)]
            assert not missing, (language, missing)


def test_a_command_for_an_undeclared_preference_is_refused():
    with pytest.raises(ValueError):
        standing_order_command("toy", StandingOrder("auto", "nothing"), (PreferenceSpec("x", "toy.x", ("a",), "a"),))
