"""GP-POW-1..10 worked table, GP-FAC-TAK-1/2 brainstone, GP-FAC-NEV-2, GP-FAC-ITA-1."""
import pytest

from rules.base import IllegalMove
from rules.gaia import engine as E

from .helpers import action_state, power, set_power, play


def _p(faction="hadsch-hallas"):
    st = action_state([faction, "xenos"] if faction != "xenos" else [faction, "terrans"])
    return st, st["players"][0]


@pytest.mark.parametrize("start,n,result", [
    ((2, 4, 0), 1, (1, 5, 0)), ((2, 4, 0), 3, (0, 5, 1)), ((2, 4, 0), 8, (0, 0, 6)), ((2, 4, 0), 9, (0, 0, 6)),
    ((1, 1, 0), 4, (0, 0, 2))])
def test_GP_POW_1_charge_table(start, n, result):
    st, p = _p()
    set_power(p, *start)
    E.charge(st, 0, n, None)
    assert power(p)[:3] == result


def test_GP_POW_6_burn_removes_tokens():
    st, p = _p()
    set_power(p, 0, 5, 1)
    E.burn(st, 0, 2)
    assert power(p) == (0, 1, 3, 0)
    assert p["tokens"] == 4
    with pytest.raises(IllegalMove):
        E.burn(st, 0, 1)


def test_GP_POW_2_spend_moves_bowl3_to_bowl1():
    st, p = _p()
    set_power(p, 0, 0, 7)
    E.spend_power(st, 0, 7, None)
    assert power(p) == (7, 0, 0, 0)
    with pytest.raises(IllegalMove):
        E.spend_power(st, 0, 1, None)


def test_GP_POW_5_gaia_project_tokens_taken_I_II_III():
    st, p = _p()
    set_power(p, 3, 2, 2)
    E.move_to_gaia(st, 0, 6, None)
    assert power(p) == (0, 0, 1, 6)


def test_GP_POW_4_discard_for_satellites_I_first():
    st, p = _p()
    set_power(p, 1, 4, 3)
    E.discard_tokens(st, 0, 2, None)
    assert power(p) == (0, 3, 3, 0)


def test_GP_POW_7_gaia_phase_terrans_to_bowl2():
    st = action_state(["terrans", "xenos"])
    t, x = st["players"]
    set_power(t, 0, 0, 1, 6)
    set_power(x, 0, 0, 1, 6)
    E.finish_gaia(st, 0)
    E.finish_gaia(st, 1)
    assert power(t) == (0, 6, 1, 0)
    assert power(x) == (6, 0, 1, 0)


def test_GP_FAC_ITA_1_itars_burn_goes_to_gaia_area():
    st = action_state(["itars", "xenos"])
    p = st["players"][0]
    set_power(p, 0, 4, 0)
    E.burn(st, 0, 2)
    assert power(p) == (0, 0, 2, 2)
    assert E.total_tokens(p) == p["tokens"]


def test_GP_FAC_TAK_1_charge_asks_where_the_stone_goes():
    st = action_state(["taklons", "xenos"])
    p = st["players"][0]
    set_power(p, 2, 4, 0)  # stone in bowl I
    from rules.gaia.turns import Ctx
    ctx = Ctx([["brainstone", "area3"]])
    E.charge(st, 0, 4, ctx)
    assert power(p)[:3] == (0, 6, 0) and p["brainstone"] == "area3"
    st = action_state(["taklons", "xenos"])
    p = st["players"][0]
    set_power(p, 2, 4, 0)
    with pytest.raises(IllegalMove) as refused:
        E.charge(st, 0, 4, Ctx([]))
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.brainstone_missing", "GP-FAC-TAK-1")
    E.charge(st, 0, 4, Ctx([["brainstone", "area2"]]))
    assert power(p)[:3] == (0, 5, 1) and p["brainstone"] == "area2"


def test_GP_FAC_TAK_1_stone_worth_three_when_spent():
    st = action_state(["taklons", "xenos"])
    p = st["players"][0]
    set_power(p, 0, 0, 1)
    p["brainstone"] = "area3"
    p["tokens"] = 2
    st = play(st, 0, "action power3.")  # 4 power: stone (3) + 1 token, automatic
    p = st["players"][0]
    assert p["brainstone"] == "area1" and power(p)[:3] == (1, 0, 0)
    assert p["o"] == 6


def test_GP_FAC_NEV_2_nevlas_pi_tokens_worth_two():
    st = action_state(["nevlas", "xenos"])
    p = st["players"][0]
    p["n"]["PI"] = 1
    set_power(p, 0, 0, 3)
    E.spend_power(st, 0, 3, None)  # ceil(3/2) = 2 tokens
    assert power(p)[:3] == (2, 0, 1)
    assert E.can_spend_power(p, 2) and not E.can_spend_power(p, 3)


from hypothesis import given, settings, strategies as hs  # noqa: E402


@settings(max_examples=200, deadline=None)
@given(hs.integers(0, 8), hs.integers(0, 8), hs.integers(0, 8), hs.integers(0, 12),
       hs.sampled_from([None, "area1", "area2", "area3"]), hs.booleans())
def test_GP_POW_1_charge_properties(b1, b2, b3, n, stone, early):
    """Charging never creates or destroys tokens, moves at most n and at most the capacity 2·b1 + b2."""
    st = action_state(["taklons", "xenos"])
    p = st["players"][0]
    p["brainstone"] = stone
    set_power(p, b1, b2, b3)
    cap = E.capacity(p)
    from rules.gaia.turns import Ctx
    ctx = Ctx([], record=True)  # answers an open brainstone question with the first option
    done = E.charge(st, 0, n, ctx)
    assert done == min(n, cap)
    assert E.total_tokens(p) == p["tokens"]
    assert min(p["power"].values()) >= 0
