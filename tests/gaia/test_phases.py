"""Leech (GP-LEECH-*), federations (GP-FED-*), income (GP-INC-6), Gaia phase (GP-GAIA-*, GP-FAC-TER-2),
final scoring (GP-END-*)."""
import pytest

from rules.base import IllegalMove
from rules.gaia import GAME
from rules.gaia import engine as E

from .helpers import action_state, place, play, power, set_power


def test_GP_LEECH_6_answers_in_seating_order_from_the_builder():
    st = action_state(["nevlas", "terrans", "xenos", "firaks"],
                      [(1, "m", "3A7"), (2, "m", "3A6"), (3, "m", "3A3"), (0, "m", "3B5")])
    st["players"][0]["research"]["nav"] = 4
    st["order"] = [2, 0, 3, 1]
    st["current"] = 0
    st = play(st, 0, "build m 3B2.")
    seen = []
    while st["offer"]:
        s = st["offer"]["seat"]
        assert GAME.waiting_for(st) == {s}
        seen.append(s)
        st = play(st, s, f"charge {st['offer']['offers'][0]}")
    assert seen == [1, 2, 3]
    assert st["current"] == 3  # next in the round's order after seat 0


def _itars_offer(b1, b2, b3, vp=10):
    st = action_state(["nevlas", "xenos"], [(1, "PI", "3A7"), (0, "m", "3B5")])
    st["players"][1]["faction"] = "itars"
    set_power(st["players"][1], b1, b2, b3)
    st["players"][1]["vp"] = st["players"][1]["vp_src"]["start"] = vp
    return play(st, 0, "build m 3B2.")


def test_GP_LEECH_5_offer_amounts_and_costs():
    st = _itars_offer(2, 4, 0)
    assert st["offer"]["offers"] == ["3pw"]  # PI value 3 within distance 2
    assert play(st, 1, "charge 3pw")["players"][1]["vp"] == 8
    st = _itars_offer(0, 1, 5)  # capacity 1: charge 1 for 0 VP
    assert st["offer"]["offers"] == ["1pw"]
    assert play(st, 1, "charge 1pw")["players"][1]["vp"] == 10
    st = _itars_offer(4, 4, 0, vp=1)  # 1 VP: charge 2 for 1 VP
    assert st["offer"]["offers"] == ["2pw"]
    with pytest.raises(IllegalMove) as refused:
        play(st, 1, "charge 3pw")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.charge_bad", "GP-LEECH-5")
    assert play(st, 1, "charge 2pw")["players"][1]["vp"] == 0
    st4 = play(st, 1, "decline")
    assert st4["players"][1]["vp"] == 1 and st4["offer"] is None


def test_GP_FAC_TAK_3_taklons_pi_two_offers():
    st = action_state(["nevlas", "taklons"], [(1, "PI", "3A7"), (0, "m", "3B5")])
    tk = st["players"][1]
    set_power(tk, 0, 1, 5)
    tk["brainstone"] = "area3"
    tk["tokens"] = 7
    st = play(st, 0, "build m 3B2.")
    assert st["offer"]["offers"] == ["1pw,1t", "1t,3pw"]
    st2 = play(st, 1, "charge 1t,3pw")
    assert power(st2["players"][1])[:3] == (0, 0, 7) and st2["players"][1]["vp"] == 8


def _fed_state():
    st = action_state(["terrans", "xenos"], [(0, "PI", "3A7"), (0, "ts", "3A6"), (0, "ts", "3B2")])
    set_power(st["players"][0], 4, 4, 0)
    return st


def test_GP_FED_2_minimal_federation_is_legal():
    st = _fed_state()
    st2 = play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed4.")
    p = st2["players"][0]
    assert sorted(p["fed_hexes"]) == sorted(E.locate(st, h) for h in ("3A7", "3A6", "3B2", "-1x0"))
    assert p["vp"] == 17 and p["o"] == st["players"][0]["o"] + 2 and p["tokens"] == 7
    assert st2["sat"][E.locate(st, "-1x0")] == [0]


def test_GP_FED_5_closure_adds_adjacent_own_buildings():
    st = _fed_state()
    place(st, 0, "m", "3A3")  # adjacent to 3B2: joins without an extra satellite
    st2 = play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed4.")
    assert E.locate(st, "3A3") in st2["players"][0]["fed_hexes"]


def test_GP_FED_6_superfluous_satellite_is_illegal():
    st = _fed_state()
    place(st, 0, "m", "3B5")
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "federation 3A7,3A6,3B2,-1x0,0x-1,3B5 fed4.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.fed_not_minimal", "GP-FED-6")


def test_GP_FED_2_value_below_seven_is_illegal():
    st = action_state(["terrans", "xenos"], [(0, "PI", "3A7"), (0, "ts", "3A6")])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "federation 3A7,3A6 fed4.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.fed_value", "GP-FED-2")


def test_GP_FED_4_new_federation_may_not_touch_an_old_one():
    st = _fed_state()
    st = play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed4.")
    st["current"] = 0
    for name in ("3A3",):
        place(st, 0, "PI" if False else "ts", name)
    with pytest.raises(IllegalMove):
        play(st, 0, "federation 3A3 fed5.")


def test_GP_FED_11_new_mine_next_to_a_federation_joins_it():
    st = _fed_state()
    st = play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed4.")
    st["current"] = 0
    st["players"][0]["o"] = 15
    st = play(st, 0, "build m 3A3.")
    assert E.locate(st, "3A3") in st["players"][0]["fed_hexes"]


def test_GP_FED_search_finds_the_minimal_federation():
    from rules.gaia.federation import candidate_federations
    st = _fed_state()
    found = candidate_federations(st, 0)
    assert sorted(E.locate(st, h) for h in ("3A7", "3A6", "3B2", "-1x0")) in found or \
        sorted(E.locate(st, h) for h in ("3A7", "3A6", "3B2", "-2x1")) in found
    assert all(len(set(f)) - 3 == 1 for f in found)


def _income_state(events):
    st = action_state(["itars", "xenos"])
    st["phase"] = "income"
    p = st["players"][0]
    p["income_todo"] = list(events)
    p["waiting"] = "income"
    return st


def test_GP_INC_6_income_order_choices():
    events = ["o,k,t", "4pw", "t"]
    st = play(_income_state(events), 0, "income 4pw")
    assert st["phase"] != "income" and st["players"][0]["income_todo"] == []
    st = play(_income_state(events), 0, "income 1t. income 1t")
    assert st["phase"] != "income"
    st = play(_income_state(events), 0, "income 1t")
    assert st["phase"] == "income" and GAME.waiting_for(st) == {0}
    with pytest.raises(IllegalMove) as refused:
        play(_income_state(events), 0, "income 1t. income 1t. income 4pw")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.income_complete", "GP-INC-6")
    with pytest.raises(IllegalMove) as refused:
        play(_income_state(events), 0, "income 1pw")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.income_none", "GP-INC-6")
    with pytest.raises(IllegalMove) as refused:
        play(_income_state(events), 0, "income 0pw")  # matched the event without a charge
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.income_one", "GP-INC-6")


def test_GP_FAC_TER_2_terrans_convert_every_gaia_token():
    st = action_state(["terrans", "xenos"])
    p = st["players"][0]
    p["n"]["PI"] = 1
    set_power(p, 0, 0, 0, 6)
    st["phase"] = "income"
    st["players"][1]["waiting"] = None
    E.gaia_phase(st)
    assert GAME.waiting_for(st) == {0}
    half = play(st, 0, "spend 3tg for 1o")
    assert half["phase"] == "gaia"
    with pytest.raises(IllegalMove):
        play(st, 0, "decline")
    done = play(st, 0, "spend 3tg for 1o. spend 3tg for 1o")
    assert done["phase"] == "actions" and power(done["players"][0]) == (0, 6, 0, 0)
    assert done["players"][0]["o"] == p["o"] + 2


@pytest.mark.parametrize("counts,vps", [
    ([8, 8, 5], [15, 15, 6]), ([8, 8, 8], [12, 12, 12]), ([3, 2, 1, 0], [18, 12, 6, 0]), ([0, 5], [0, 18])])
def test_GP_END_2_shared_places_round_down(counts, vps):
    assert E.rank_vp(counts) == vps


def test_GP_END_3_neutral_player_in_two_player_games():
    st = action_state(["terrans", "xenos"])
    st["final_scoring"] = ["satellite", "gaia"]
    for i in range(8):
        st["sat"][f"{100 + i},0"] = [0]
    E.final_scoring(st)
    assert st["players"][0]["vp_src"]["final:satellite"] == 15  # tied first with the neutral (8)
    assert st["players"][1]["vp_src"].get("final:satellite", 0) == 0


@pytest.mark.parametrize("faction,bowls,res,after,vp,bowls_after", [
    ("xenos", (1, 5, 4), (5, 2, 1, 2), (11, 4, 1, 0), 5, (7, 1, 0)),
    ("nevlas", (1, 5, 4), (5, 2, 1, 2), (17, 4, 1, 0), 7, (4, 1, 3)),
    ("xenos", (0, 0, 5), (28, 14, 1, 3), (30, 15, 1, 0), 15, (5, 0, 0)),
])
def test_GP_END_6a_end_of_game_conversion(faction, bowls, res, after, vp, bowls_after):
    st = action_state([faction, "terrans" if faction != "terrans" else "xenos"])
    st["final_scoring"] = ["structure", "gaia"]
    p = st["players"][0]
    if faction == "nevlas":
        p["n"]["PI"] = 1
    set_power(p, *bowls)
    p["c"], p["o"], p["k"], p["q"] = res
    E.final_scoring(st)
    assert (p["c"], p["o"], p["k"], p["q"]) == after
    assert p["vp_src"]["final:resources"] == vp
    assert power(p)[:3] == bowls_after


def test_GP_END_6a_taklons_stone_converts_for_three():
    st = action_state(["taklons", "xenos"])
    st["final_scoring"] = ["structure", "gaia"]
    p = st["players"][0]
    set_power(p, 0, 3, 1)
    p["brainstone"] = "area2"
    p["tokens"] = 5
    p["c"], p["o"], p["k"], p["q"] = 5, 2, 1, 0
    E.final_scoring(st)
    assert (p["c"], p["o"], p["k"], p["q"]) == (10, 2, 1, 0)
    assert p["vp_src"]["final:resources"] == 4


def test_GP_END_5_research_vp():
    st = action_state(["taklons", "xenos"])
    st["final_scoring"] = ["structure", "gaia"]
    st["players"][0]["research"]["nav"] = 5
    E.final_scoring(st)
    assert st["players"][0]["vp_src"]["final:research"] == 12


def test_GP_INC_6_events_follow_acquisition_order():
    st = action_state(["taklons", "xenos"], [(0, "m", "3A7")], boosters=["booster9", "booster2"])
    p = st["players"][0]
    E.bump(p, "PI", 1)
    p["research"]["eco"] = 1
    E.touch_income(p, "res:eco")
    assert E.income_events(st, 0) == ["o,k", "o", "4pw", "4pw", "t", "2c,pw"]
    E.touch_income(p, "booster")
    assert E.income_events(st, 0)[-1] == "4pw"


def test_GP_INC_4_auto_income_wastes_fewest_charges():
    st = action_state(["itars", "xenos"])
    st["options"]["auto_income"] = True
    p = st["players"][0]
    set_power(p, 0, 1, 7)
    p["income_todo"] = ["t", "4pw"]  # token first: charge 4 has capacity 3 -> waste 1; charge first wastes 3
    E._income_auto(st, 0)
    assert p["waiting"] is None and power(p)[:3] == (0, 0, 9)
    st = action_state(["itars", "xenos"])
    p = st["players"][0]
    set_power(p, 0, 1, 7)
    p["income_todo"] = ["t", "4pw"]
    E._income_auto(st, 0)
    assert p["waiting"] == "income"


def _wealth(p):
    return (p["c"], p["o"], p["k"], p["q"], p["tokens"])


def _round_start(version):
    """Seat 0 (Itars with a PI: a token and a charge pending) is first in turn order; seat 1 next."""
    st = action_state(["itars", "xenos"], [(0, "PI", "3A7"), (1, "m", "3B5")])
    st["options"]["rules_version"] = version
    set_power(st["players"][0], 2, 2, 0)
    st["passed"] = [0, 1]
    return st


def test_GP_INC_4_income_is_paid_in_turn_order_and_waits_for_the_first_chooser():
    st = _round_start(2)
    before = _wealth(st["players"][1])
    E.start_round(st)
    assert st["order"][0] == 0 and st["phase"] == "income"
    assert GAME.waiting_for(st) == {0}
    later = st["players"][1]
    assert later["waiting"] is None and st["income_queue"] == [1]
    assert _wealth(later) == before  # not paid yet
    st = play(st, 0, "income 4pw")
    paid = st["players"][1]
    assert _wealth(paid) != before
    assert st["phase"] != "income" and not st.get("income_queue")


def test_GP_INC_4_games_created_before_version_2_pay_everybody_at_once():
    st = _round_start(1)
    before = _wealth(st["players"][1])
    E.start_round(st)
    assert GAME.waiting_for(st) == {0}
    assert _wealth(st["players"][1]) != before  # paid while seat 0 still chooses
