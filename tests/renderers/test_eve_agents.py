"""EVE's map: a region's agent badges never cover a region code.  Three agents of different
empires at R02 once drew their row leftwards over R29's code; the row now goes where it covers
no code (``_agent_row``: leftwards or rightwards, under or over the node's middle, or a column
beside it)."""
from __future__ import annotations

import pytest

from renderers import eve as er


@pytest.mark.parametrize("two_player", [True, False])
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_agent_badges_cover_no_region_code_and_stay_in_the_image(two_player, count):
    codes = sorted(er.node_positions(two_player))
    for code in codes:
        pieces = tuple(((tuple(range(count)) if other == code else ()), False, None) for other in codes)
        labels = er._placed_labels(two_player, "en", pieces, ())
        agents = [label for label in labels if label.kind == "agent"]
        assert len(agents) == count
        for agent in agents:
            assert er._inside(agent.box, er.MAP_SIZE, er.MAP_HEIGHT), agent
            for label in labels:
                if label.kind == "code":
                    assert er._overlap(agent.box, label.box, 0) == 0, (agent, label.region)


def test_three_agents_at_r02_leave_r29_legible():
    """The case seen: R02 (3-4 players' map) with three empires' agents."""
    codes = sorted(er.node_positions(False))
    pieces = tuple((((0, 1, 2) if code == "R02" else ()), False, None) for code in codes)
    labels = er._placed_labels(False, "en", pieces, ())
    r29 = next(label for label in labels if label.kind == "code" and label.region == "R29")
    assert all(er._overlap(label.box, r29.box, 0) == 0 for label in labels if label.kind == "agent")
