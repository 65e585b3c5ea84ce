"""`decline` names at most what it declines (§12.3): junk after it is refused, not dropped."""
import pytest

from rules.base import IllegalMove
from rules.gaia.notation import parse_commands

from .helpers import GAME, action_state


@pytest.mark.parametrize("text", ["decline", "decline 2pw", "decline 4PW", "decline up", "decline tech",
                                  "elutasít", "elutasít kutatás"])
def test_GP_NOT_decline_takes_the_declined_offer_step_or_tile(text):
    assert parse_commands(text) == [["decline"]]


@pytest.mark.parametrize("text", ["decline please", "decline 2pw please", "decline now", "elutasít kérlek"])
def test_GP_NOT_decline_with_junk_after_it_is_refused(text):
    """Issue 27: "decline please" was stored as "decline"."""
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    with pytest.raises(IllegalMove) as info:
        GAME.parse_move(st, 0, text)
    assert info.value.msg.key == "gaia.err.trailing" and info.value.rule == "GP-NOT"
