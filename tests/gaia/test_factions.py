"""Faction abilities and PI effects (§10.2: GP-FAC-*)."""
import pytest

from rules.base import IllegalMove
from rules.gaia import GAME
from rules.gaia import engine as E

from .helpers import action_state, itars_gaia_phase, play, power, set_power


def test_GP_FAC_LAN_1_lantids_share_a_planet_and_GP_FAC_LAN_2_pi_knowledge():
    st = action_state(["lantids", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    p = st["players"][0]
    p["n"]["PI"] = 1
    st2 = play(st, 0, "build m 3A6.")
    k = E.locate(st, "3A6")
    assert st2["guest"][k] == 0 and st2["bld"][k] == [1, "m"]
    lan = st2["players"][0]
    assert lan["k"] == p["k"] + 2 and lan["o"] == p["o"] - 1  # no terraforming for a shared planet
    assert E.planet_types(st2, 0) == 1 and E.count_mines(st2, 0) == 2
    assert st2["offer"]["seat"] == 1  # the host charges from distance 0
    with pytest.raises(IllegalMove):
        st2["offer"] = None
        st2["leech_q"] = []
        st2["current"] = 0
        play(st2, 0, "build ts 3A6.")


def test_GP_FAC_BES_2_bescods_advance_lowest_track():
    st = action_state(["bescods", "xenos"])
    st["players"][0]["research"].update(terra=1, nav=1, int=1, gaia=1, eco=0, sci=1)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "special up-lowest. up terra.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.research_only", "GP-TECH-3")
    st2 = play(st, 0, "special up-lowest. up eco.")
    assert st2["players"][0]["research"]["eco"] == 1 and st2["players"][0]["k"] == st["players"][0]["k"]


def test_GP_FAC_BES_1_bescods_swapped_rows():
    st = action_state(["bescods", "xenos"], [(0, "ts", "3A3")])
    st["players"][0].update(o=15, c=30)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build PI 3A3.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.upgrade_path", "GP-UPG-1")
    st2 = play(st, 0, "build ac1 3A3. tech free1. decline")
    assert st2["bld"][E.locate(st, "3A3")] == [0, "ac1"]


def test_GP_FAC_FIR_2_firaks_downgrade_lab():
    st = action_state(["firaks", "xenos"], [(0, "lab", "3A3"), (0, "PI", "3A7"), (1, "m", "3B2")])
    st2 = play(st, 0, "special down-lab. build ts 3A3. up sci.")
    f = st2["players"][0]
    assert st2["bld"][E.locate(st, "3A3")] == [0, "ts"] and f["n"]["lab"] == 0 and f["n"]["ts"] == 1
    assert f["research"]["sci"] == 1
    assert st2["offer"] and st2["offer"]["seat"] == 1


def test_GP_FAC_AMB_2_ambas_swap_pi_with_a_mine():
    st = action_state(["ambas", "xenos"], [(0, "PI", "3A7"), (0, "m", "3A3")])
    st2 = play(st, 0, "special swap-PI. swap-PI 3A3.")
    assert st2["bld"][E.locate(st, "3A3")] == [0, "PI"] and st2["bld"][E.locate(st, "3A7")] == [0, "m"]
    assert st2["offer"] is None


def test_GP_FAC_IVI_5_space_station_and_GP_FAC_IVI_4_qic_satellites():
    st = action_state(["ivits", "xenos"], [(0, "PI", "3A7")])
    st2 = play(st, 0, "special space-station. build sp 3B4.")
    k = E.locate(st, "3B4")
    assert st2["station"][k] == 0 and E.satellites_of(st2, 0) == 1
    with pytest.raises(IllegalMove) as refused:
        st2["current"] = 0
        st2["players"][0]["used"] = []
        play(st2, 0, "special space-station. build sp 3A6.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.station_bad", "GP-FAC-IVI-5")


def test_GP_FAC_BAL_1_baltaks_gaiaformer_for_qic():
    st = action_state(["baltaks", "xenos"])
    p = st["players"][0]
    p["k"] = 4
    assert E.gf_available(st, p, 0) == 1
    st2 = play(st, 0, "spend 1gf for 1q. up terra.")
    b = st2["players"][0]
    assert b["q"] == p["q"] + 1 and E.gf_available(st2, b, 0) == 0
    with pytest.raises(IllegalMove) as refused:
        p["research"]["nav"] = 0
        play(st, 0, "up nav.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.baltaks_nav", "GP-FAC-BAL-2")


def test_GP_FAC_NEV_1_nevlas_bowl3_token_for_knowledge():
    st = action_state(["nevlas", "xenos"])
    p = st["players"][0]
    set_power(p, 0, 0, 2)
    st2 = play(st, 0, "spend 1t-a3 for 1k. pass booster1") if st["boosters"].get("booster1", 1) is None else \
        play(st, 0, f"spend 1t-a3 for 1k. pass {next(b for b, h in st['boosters'].items() if h is None)}")
    n = st2["players"][0]
    assert n["k"] == p["k"] + 1 and power(n)[2:] == (1, 1)


def test_GP_FAC_GEO_2_geodens_pi_new_planet_type():
    st = action_state(["geodens", "xenos"], [(0, "PI", "1A5")])
    p = st["players"][0]
    p.update(o=15, research=dict(p["research"], terra=3, nav=4))
    st2 = play(st, 0, "build m 1A6.")  # oxide: a new type
    assert st2["players"][0]["k"] == p["k"] + 3


def test_GP_FAC_XEN_2_xenos_pi_federation_threshold_six():
    st = action_state(["xenos", "terrans"], [(0, "PI", "3A6"), (0, "m", "3A7"), (0, "ts", "3B2")])
    assert E.fed_threshold(st, 0) == 6
    st2 = play(st, 0, "federation 3A6,3B2,-1x0,3A7 fed4.")
    assert st2["players"][0]["feds"][0]["id"] == "fed4"


def test_GP_FAC_GLE_4_gleens_pi_gives_the_gleens_token():
    st = action_state(["gleens", "terrans"], [(0, "ts", "3A6")])
    st["players"][0].update(o=15, c=30)
    st2 = play(st, 0, "build PI 3A6.")
    g = st2["players"][0]
    assert g["feds"] == [{"id": "gleens", "green": True}]
    assert (g["o"], g["k"], g["c"]) == (15 - 4 + 1, st["players"][0]["k"] + 1, 30 - 6 + 2)


def test_GP_FAC_ITA_2_itars_pi_tiles_in_the_gaia_phase():
    st = itars_gaia_phase()
    assert GAME.waiting_for(st) == {0}
    st2 = play(st, 0, "spend 4tg for tech. tech free1. decline. decline")
    it = st2["players"][0]
    assert it["techs"][0]["pos"] == "free1" and power(it) == (5, 0, 0, 0) and st2["phase"] == "actions"
    st3 = play(st, 0, "spend 4tg for tech. tech free1. decline")
    assert st3["phase"] == "gaia"
    two = "spend 4tg for tech. tech free1. decline. spend 4tg for tech. tech free2. decline"
    assert play(st, 0, two)["phase"] == "actions"
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, two + ". decline")  # 1 token left: the line ends after the last tile
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.itars_no_decline", "GP-FAC-ITA-2")


def test_GP_FAC_TAK_2_brainstone_to_the_gaia_area_returns_to_bowl1():
    st = action_state(["taklons", "xenos"])
    p = st["players"][0]
    set_power(p, 2, 4, 0)
    from rules.gaia.turns import Ctx
    E.move_to_gaia(st, 0, 6, Ctx([["brainstone", "gaia"]]))
    assert p["brainstone"] == "gaia" and power(p) == (0, 1, 0, 5)
    E.finish_gaia(st, 0)
    assert p["brainstone"] == "area1" and power(p) == (5, 1, 0, 0)


def test_GP_FAC_TAK_1_last_passer_answers_the_income_question_on_the_pass_line():
    st = action_state(["taklons", "xenos"], boosters=["booster1", "booster2"])
    st["boosters"]["booster9"] = None
    st["players"][1]["passed"] = True
    st["passed"] = [1]
    set_power(st["players"][0], 2, 4, 0)
    st2 = play(st, 0, "pass booster9. brainstone area2")
    tk = st2["players"][0]
    assert st2["round"] == 2 and tk["brainstone"] == "area2" and power(tk)[:3] == (0, 5, 1)
    st3 = play(st, 0, "pass booster9")
    assert GAME.waiting_for(st3) == {0} and st3["players"][0]["waiting"] == "brainstone"
    st4 = play(st3, 0, "brainstone area3")
    assert st4["players"][0]["brainstone"] == "area3" and st4["phase"] == "actions"
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "pass booster9. up terra")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.after_pass", "GP-PASS-4")


def test_GP_FAC_TAK_3_token_only_offer_when_nothing_can_be_charged():
    st = action_state(["nevlas", "taklons"], [(1, "PI", "3A7"), (0, "m", "3B5")])
    tk = st["players"][1]
    set_power(tk, 0, 0, 6)
    tk["brainstone"] = "area3"
    tk["tokens"] = 7
    st = play(st, 0, "build m 3B2.")
    assert st["offer"]["offers"] == ["0pw,1t", "1t,2pw"]
    st2 = play(st, 1, "charge 0pw,1t")
    assert power(st2["players"][1])[:3] == (1, 0, 6) and st2["players"][1]["vp"] == 10
