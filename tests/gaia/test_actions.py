"""Actions: GP-MINE-*, GP-GF-*, GP-UPG-*, GP-RES-*, GP-BOARD-*, GP-SPEC-*, GP-PASS-*, GP-TECH-*."""
import pytest

from rules.base import IllegalMove
from rules.gaia import GAME
from rules.gaia import engine as E

from .helpers import action_state, play, power, set_power

# 2-player reference map: 3A7 (-1,-1) Terra, 3B2 (-1,1) Ice, 3A6 (-2,0) Desert, 3A3 (-1,2) Titanium,
# 3B5 (1,-1) Gaia, 3A0 (2,0) Transdim, 1A5 (3,-1) Volcanic, 1A6 (3,-2) Oxide, 1B1 (5,-1) Terra


def test_GP_MINE_8_terraforming_cost_by_level():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    p = st["players"][0]
    p["o"] = 15
    # Terra -> Desert (3A6, distance 1) needs 3 steps at 3 ore each
    st2 = play(st, 0, "build m 3A6.")
    q = st2["players"][0]
    assert (p["o"] - q["o"], p["c"] - q["c"]) == (1 + 9, 2)
    p["research"]["terra"] = 3
    st3 = play(st, 0, "build m 3A6.")
    assert p["o"] - st3["players"][0]["o"] == 1 + 3


def test_GP_MINE_7_range_qic_paid_automatically():
    st = action_state(["ivits", "xenos"], [(0, "PI", "3A7")])
    p = st["players"][0]
    p["research"]["nav"] = 2
    # 1B1 (5,-1) is at distance 6 from (-1,-1): range 2 -> ceil(4/2) = 2 QIC; Terra for Ivits is 1 step
    p["q"] = 2
    st2 = play(st, 0, "build m 1B1.")
    assert st2["players"][0]["q"] == 0
    p["q"] = 1
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 1B1.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.resource_for", "GP-ACT-5")


def test_GP_MINE_11_gaia_planet_costs_one_qic_and_GP_FAC_GLE_2_gleens_ore():
    st = action_state(["terrans", "gleens"], [(0, "m", "3A7"), (1, "m", "3A6")])
    for p in st["players"]:
        p["research"]["nav"] = 4
    st2 = play(st, 0, "build m 3B5.")
    assert st["players"][0]["q"] - st2["players"][0]["q"] == 1
    st["current"] = 1
    st3 = play(st, 1, "build m 3B5.")
    g0, g1 = st["players"][1], st3["players"][1]
    assert g0["o"] - g1["o"] == 2 and g1["q"] == g0["q"]
    assert g1["vp"] == g0["vp"] + 2  # GP-FAC-GLE-3


def test_GP_MINE_9_step_action_must_save_ore():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")], boosters=["booster4", "booster1"])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "special step. build m 3B5.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.steps_gaia", "GP-MINE-9")
    st2 = play(st, 0, "special step. build m 3B2.")  # Ice is 1 step from Terra: free
    assert st["players"][0]["o"] - st2["players"][0]["o"] == 1


def test_GP_GF_3_gaia_project_then_GP_GAIA_1_and_GP_MINE_12():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (0, "m", "3B2"), (1, "m", "3A6")])
    p = st["players"][0]
    p["research"]["gaia"] = 3
    p["gf_total"] = 2
    set_power(p, 4, 4, 0)
    st = play(st, 0, "build gf 3A0.")
    p = st["players"][0]
    assert power(p) == (0, 4, 0, 4)
    assert E.gf_available(st, p, 0) == 1
    st["current"] = 0
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 3A0.")  # GP-GF-4: not "needs a Gaia project first"
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.gf_pending", "GP-GF-4")
    k = E.locate(st, "3A0")
    E.gaia_phase(st)  # turns the planet green, tokens back (Terrans: bowl II)
    p = st["players"][0]
    assert E.planet_of(st, k) == "g" and power(p) == (0, 8, 0, 0)
    st["phase"], st["current"] = "actions", 0
    before = dict(o=p["o"], c=p["c"], q=p["q"])
    st = play(st, 0, "build m 3A0.")
    p = st["players"][0]
    assert (before["o"] - p["o"], before["c"] - p["c"], before["q"] - p["q"]) == (1, 2, 0)
    assert k not in st["gf"] and E.gf_available(st, p, 0) == 2


def test_GP_UPG_3_trading_station_discount_within_distance_two():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])  # distance 1
    st2 = play(st, 0, "build ts 3A7.")
    assert st["players"][0]["c"] - st2["players"][0]["c"] == 3
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "1B1")])  # distance 6
    st2 = play(st, 0, "build ts 3A7.")
    assert st["players"][0]["c"] - st2["players"][0]["c"] == 6
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "1B1")])
    st["gf"][E.locate(st, "3A6")] = 1  # a gaiaformer is not a structure (GP-UPG-4)
    st2 = play(st, 0, "build ts 3A7.")
    assert st["players"][0]["c"] - st2["players"][0]["c"] == 6


def test_GP_TECH_3_lab_needs_tech_and_research_step():
    st = action_state(["terrans", "xenos"], [(0, "ts", "3A7")])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build lab 3A7.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.tech_missing", "GP-TECH-1")
    pos = next(p for p in ("terra", "nav", "eco") if st["tech"][p] not in ("tech4",))
    st2 = play(st, 0, f"build lab 3A7. tech {pos}. up {pos}.")
    p = st2["players"][0]
    assert p["research"][pos] == 1 and p["techs"][0]["id"] == st["tech"][pos]
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, f"build lab 3A7. tech {pos}. up sci.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.research_only", "GP-TECH-3")


def test_GP_TECH_2_no_second_tile_of_a_kind():
    st = action_state(["terrans", "xenos"], [(0, "ts", "3A7"), (0, "ts", "3A3")])
    st["players"][0]["o"] = 15
    st = play(st, 0, "build lab 3A7. tech free1. decline")
    st["current"] = 0
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build lab 3A3. tech free1. decline")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.tech_owned", "GP-TECH-2")


def test_GP_RES_1_research_pays_knowledge_and_rewards():
    st = action_state(["xenos", "terrans"])
    p = st["players"][0]
    p["k"] = 8
    st = play(st, 0, "up terra.")
    assert st["players"][0]["o"] == p["o"] + 2 and st["players"][0]["k"] == 4


def test_GP_RES_4_level_three_charges_three():
    st = action_state(["xenos", "terrans"])
    p = st["players"][0]
    p["research"]["sci"] = 2
    p["k"] = 4
    set_power(p, 2, 4, 0)
    st = play(st, 0, "up sci.")
    assert power(st["players"][0])[:3] == (0, 5, 1)


def test_GP_RES_3_level_five_needs_green_token_and_is_unique():
    st = action_state(["xenos", "terrans"])
    p = st["players"][0]
    p["research"]["nav"] = 4
    p["k"] = 8
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "up nav.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.level5_green", "GP-RES-3")
    p["feds"].append({"id": "fed6", "green": True})
    st["players"][1]["research"]["nav"] = 5
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "up nav.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.level5_taken", "GP-RES-3")
    st["players"][1]["research"]["nav"] = 0
    p["research"]["int"] = 4
    st2 = play(st, 0, "up int.")
    q = st2["players"][0]
    assert q["research"]["int"] == 5 and q["feds"][0]["green"] is False and q["q"] == p["q"] + 4


def test_GP_RES_7_navigation_five_places_the_lost_planet():
    st = action_state(["xenos", "terrans"], [(0, "m", "3A6")])
    p = st["players"][0]
    p["research"]["nav"] = 4
    p["k"] = 4
    p["feds"].append({"id": "fed6", "green": True})
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "up nav.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.lost_missing", "GP-RES-7")
    st2 = play(st, 0, "up nav. lostPlanet 3B4")
    k = E.locate(st2, "3B4")
    assert st2["bld"][k] == [0, "lp"] and E.planet_of(st2, k) == "l"
    assert E.planet_types(st2, 0) == 2 and st2["players"][0]["n"]["m"] == 1


def test_GP_BOARD_2_power_action_once_per_round_and_GP_BOARD_4_caps():
    st = action_state(["xenos", "terrans"])
    p = st["players"][0]
    set_power(p, 0, 0, 8)
    st2 = play(st, 0, "action power3.")
    assert st2["players"][0]["o"] == p["o"] + 2
    st2["current"] = 0
    with pytest.raises(IllegalMove) as refused:
        play(st2, 0, "action power3.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.action_used", "GP-BOARD-2")
    p["o"] = 15
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "action power3.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.action_capped", "GP-BOARD-4")


def test_GP_BOARD_3_qic3_scores_planet_types():
    st = action_state(["xenos", "terrans"], [(0, "m", "3A6"), (0, "m", "3B2")])
    st["players"][0]["q"] = 2
    st2 = play(st, 0, "action qic3.")
    assert st2["players"][0]["vp"] == 10 + 3 + 2


def test_GP_SPEC_1_special_action_once_per_round():
    st = action_state(["xenos", "terrans"], boosters=["booster5", "booster4"])
    st["players"][0]["techs"].append({"id": "tech9", "pos": "int", "covered": False})
    st2 = play(st, 0, "special 4pw.")
    st2["current"] = 0
    with pytest.raises(IllegalMove) as refused:
        play(st2, 0, "special 4pw.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.special_none", "GP-SPEC-1")


def test_GP_PASS_3_returned_booster_not_retaken_and_pass_vp():
    st = action_state(["xenos", "terrans"], [(0, "m", "3A6"), (0, "m", "3B2")], boosters=["booster6", "booster4"])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "pass booster6")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.booster_keep", "GP-PASS-3")
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "pass booster4")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.booster_taken", "GP-PASS-3")
    free = next(b for b, h in st["boosters"].items() if h is None)
    st2 = play(st, 0, f"pass {free}")
    assert st2["players"][0]["vp"] == 12  # 1 VP per mine from the returned booster6
    assert st2["current"] == 1


def test_GP_PASS_3_round_six_takes_no_booster():
    st = action_state(["xenos", "terrans"], boosters=["booster1", "booster2"])
    st["round"] = 6
    free = next(b for b, h in st["boosters"].items() if h is None)
    with pytest.raises(IllegalMove):
        play(st, 0, f"pass {free}")
    st2 = play(st, 0, "pass")
    assert st2["players"][0]["booster"] is None


def test_GP_ACT_2_one_main_action_per_turn():
    st = action_state(["xenos", "terrans"], [(0, "m", "3A6")])
    st["players"][0]["k"] = 8
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "up terra. up nav.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.second_action", "GP-ACT-2")


def test_GP_FREE_1_conversions_and_chains():
    st = action_state(["xenos", "terrans"])
    p = st["players"][0]
    p["k"] = 4
    set_power(p, 0, 0, 7)
    st2 = play(st, 0, "spend 4pw for 1q. spend 3pw for 1o. spend 1q for 1c. up terra")
    q = st2["players"][0]
    assert (q["o"], q["c"], q["q"]) == (p["o"] + 1 + 2, p["c"] + 1, p["q"])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "spend 3pw for 1q. pass booster1")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.convert_rate", "GP-FREE-1")


def test_GP_FAC_HAD_2_credits_conversion_needs_pi():
    st = action_state(["hadsch-hallas", "xenos"])
    st["players"][0]["k"] = 4
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "spend 4c for 1q. up terra")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.hadsch_credits", "GP-FAC-HAD-2")
    st["players"][0]["n"]["PI"] = 1
    st2 = play(st, 0, "spend 4c for 1q. up terra")
    assert st2["players"][0]["q"] == st["players"][0]["q"] + 1


def test_GP_FAC_GLE_1_gleens_qic_become_ore():
    st = action_state(["gleens", "terrans"])
    p = st["players"][0]
    p["k"] = 4
    set_power(p, 0, 0, 4)
    st2 = play(st, 0, "spend 4pw for 1q. up terra")
    assert st2["players"][0]["q"] == p["q"] and st2["players"][0]["o"] == p["o"] + 1 + 2


def test_GP_SPEC_1_and_GP_LEECH_5_malformed_amounts_are_refused_not_crashed_on():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "special 3-k.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.bad_amount", "GP-SPEC-1")
    st = play(st, 0, "build ts 3A7.")
    assert st["offer"]["seat"] == 1
    with pytest.raises(IllegalMove) as refused:
        play(st, 1, "charge 1-pw")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.bad_amount", "GP-LEECH-5")


def test_GP_VAR_11_rotate_steps_must_be_a_number():
    st = GAME.new_game({"players": 2, "rotate_sectors": True}, 3)
    with pytest.raises(IllegalMove) as refused:
        play(st, 1, "rotate 0x0 x")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.rotate_steps", "GP-VAR-11")
