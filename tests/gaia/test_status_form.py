"""Newcomer report N16: a player's status line writes the power areas one way, whether or not
something follows (a booster, passed): ``energia (I/II/III) 4/4/0`` in setup and later."""
import re

import pytest

from rules.gaia import GAME
from rules.messages import render

from .helpers import action_state


@pytest.mark.parametrize("language", ["en", "hu"])
def test_the_status_line_of_a_player_reads_the_same_with_and_without_extras(language):
    st = action_state(["terrans", "xenos"], boosters=["booster1"])     # xenos hold no booster
    lines = [line for line in GAME.status_lines(GAME.view(st, None)) if line.key.startswith("gaia.status.player")]
    assert [line.key for line in lines] == ["gaia.status.player_extra", "gaia.status.player"]
    with_extra, plain = (re.sub(r"\d+", "#", render(line, language)).split(": ", 1)[1] for line in lines)
    # the same words up to the research levels, the figures aside
    cut = plain.index(",", plain.index("#/#/#"))
    assert with_extra[:cut] == plain[:cut]
