"""Actions: mines (GP-MINE-*), Gaia projects (GP-GF-*), upgrades (GP-UPG-*), research (GP-RES-*), tech tiles
(GP-TECH-*), board, special and free actions (GP-BOARD-1, GP-SPEC-*, GP-FREE-*, GP-POW-3)."""
import pytest

from rules.base import IllegalMove
from rules.gaia import engine as E
from rules.gaia.tables import ACTIONS

from .helpers import action_state, place, play, power, set_power

# 2-player reference map: 3A7 (-1,-1) Terra, 3B2 (-1,1) Ice, 3A6 (-2,0) Desert, 3A3 (-1,2) Titanium,
# 3B5 (1,-1) Gaia, 3A0 (2,0) Transdim, 1A5 (3,-1) Volcanic, 1A6 (3,-2) Oxide, 1B1 (5,-1) Terra


def _st(factions=("terrans", "xenos"), buildings=(), tiles=None, boosters=None):
    st = action_state(list(factions), buildings, boosters=boosters)
    st["round_scoring"] = list(tiles or ["score4"] * 6)   # no federation is formed in these tests
    return st


def _spent(before, after):
    return {r: before[r] - after[r] for r in ("o", "c", "q", "k")}


# ----------------------------------------------------------------------------- mines

def test_GP_MINE_2_target_must_be_a_free_planet():
    st = _st(buildings=[(0, "m", "3A7"), (1, "m", "3A6")])
    st["players"][0].update(o=15, q=5)
    st["players"][0]["research"]["nav"] = 4
    for name, key in (("3A7", "gaia.err.colonized"), ("3A6", "gaia.err.colonized"),   # own mine, opponent's mine
                      ("3B3", "gaia.err.no_planet")):                                  # empty space
        with pytest.raises(IllegalMove) as refused:
            play(st, 0, f"build m {name}.")
        assert (refused.value.msg.key, refused.value.rule) == (key, "GP-MINE-2")
    st["gf"][E.locate(st, "3B5")] = 1       # another player's gaiaformer on the Gaia planet
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 3B5.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.other_gf", "GP-MINE-2")
    k = E.locate(st, "3B4")
    st["bld"][k] = [1, "lp"]
    st["planet"][k] = "l"
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 3B4.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.colonized", "GP-MINE-2")


def test_GP_MINE_4_mine_colonizes_and_becomes_a_range_start():
    st = _st(buildings=[(0, "m", "3A7")])
    p = st["players"][0]
    p.update(o=15, q=0)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 3A3.")            # distance 3 from 3A7: 1 QIC at range 1
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.resource_for", "GP-ACT-5")
    p["research"]["nav"] = 2
    st = play(st, 0, "build m 3B2.")
    q = st["players"][0]
    assert st["bld"][E.locate(st, "3B2")] == [0, "m"] and q["n"]["m"] == 2 and q["inc_seq"][-1] == "bld:m:1"
    q["research"]["nav"] = 0
    st["current"] = 0
    st2 = play(st, 0, "build m 3A3.")          # now next to the new mine: no QIC
    assert st2["players"][0]["q"] == 0 and st2["bld"][E.locate(st, "3A3")] == [0, "m"]


def test_GP_MINE_5_and_GP_MINE_6_range_by_navigation_from_nearest_planet():
    cases = [  # (nav level, target, distance, QIC needed)
        (0, "3A6", 1, 0), (0, "3B2", 2, 1), (1, "3B2", 2, 1), (2, "3B2", 2, 0), (2, "3A3", 3, 1),
        (3, "3A3", 3, 1), (4, "3A3", 3, 0), (4, "1A5", 4, 1), (5, "1A5", 4, 0), (5, "1B1", 6, 1)]
    for nav, target, d, qic in cases:
        st = _st(buildings=[(0, "m", "3A7")])
        p = st["players"][0]
        p.update(o=15, q=3)
        p["research"].update(nav=nav, terra=3)
        assert E.minfo(st).dist(E.locate(st, "3A7"), E.locate(st, target)) == d
        st2 = play(st, 0, f"build m {target}.")
        assert p["q"] - st2["players"][0]["q"] == qic, (nav, target)
    st = _st(buildings=[(0, "m", "3A7"), (0, "m", "3B2")])   # 3A3 is next to 3B2
    st["players"][0].update(o=15, q=0)
    st2 = play(st, 0, "build m 3A3.")
    assert st2["players"][0]["q"] == 0


def test_GP_MINE_10_no_mine_on_a_transdim_planet():
    st = _st(buildings=[(0, "m", "3A7")])
    st["players"][0].update(o=15, q=5)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 3A0.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.transdim", "GP-MINE-10")


@pytest.mark.parametrize("tile,target,vp", [("score1", "3A3", 4), ("score3", "3B2", 2), ("score6", "3B5", 4),
                                            ("score9", "3B5", 3), ("score6", "3B2", 0)])
def test_GP_MINE_13_round_tile_triggers(tile, target, vp):
    st = _st(buildings=[(0, "m", "3A7")], tiles=[tile] * 6)
    st["players"][0].update(o=15, q=5)
    st["players"][0]["research"]["nav"] = 2
    st2 = play(st, 0, f"build m {target}.")
    assert st2["players"][0]["vp"] == 10 + vp


def test_GP_MINE_13_tech_tile_triggers():
    st = _st(buildings=[(0, "m", "3A7")])
    p = st["players"][0]
    p.update(o=15, q=5)
    p["research"]["nav"] = 2
    p["techs"] += [{"id": "tech7", "pos": "gaia", "covered": False}, {"id": "advtech14", "pos": "adv-nav",
                                                                        "covered": False}]
    assert play(st, 0, "build m 3B5.")["players"][0]["vp"] == 10 + 3 + 3   # Gaia mine: tech7 + advtech14
    assert play(st, 0, "build m 3B2.")["players"][0]["vp"] == 10 + 3        # other mine: advtech14


def test_GP_MINE_14_unpayable_build_is_refused():
    st = _st(buildings=[(0, "m", "3A7")])
    p = st["players"][0]
    p["research"]["nav"] = 2
    p["q"] = 0
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 3B5.")           # Gaia planet: 1 QIC
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.resource_for", "GP-ACT-5")
    p["q"] = 1
    p["c"] = 1
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 3B5.")           # 2 credits
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.resource_for", "GP-ACT-5")
    assert p["q"] == 1 and E.locate(st, "3B5") not in st["bld"]


# ----------------------------------------------------------------------------- Gaia projects

def test_GP_GF_1_preconditions():
    st = _st(("xenos", "terrans"), [(0, "m", "3A6")])
    st["players"][0]["research"]["nav"] = 4
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build gf 3A0.")          # Gaia Project 0: no gaiaformer
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.no_gf", "GP-GF-1")
    st = _st(buildings=[(0, "m", "3A7")])
    st["players"][0]["research"]["nav"] = 4
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build gf 3B2.")          # not a transdim planet
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.not_transdim", "GP-GF-1")
    st["gf"][E.locate(st, "3A0")] = 1
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build gf 3A0.")          # already has a gaiaformer
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.gf_there", "GP-GF-1")
    del st["gf"][E.locate(st, "3A0")]
    set_power(st["players"][0], 2, 2, 1)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build gf 3A0.")          # 6 tokens needed at level 1
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.gf_tokens", "GP-GF-3")


def test_GP_GF_2_reachability_with_qic_and_range_booster():
    st = _st(buildings=[(0, "m", "3A7")], boosters=["booster5", "booster1"])
    p = st["players"][0]
    p["q"] = 3
    assert E.minfo(st).dist(E.locate(st, "3A7"), E.locate(st, "3A0")) == 4
    st2 = play(st, 0, "build gf 3A0.")
    assert p["q"] - st2["players"][0]["q"] == 2   # range 1, distance 4
    st3 = play(st, 0, "special range+3. build gf 3A0.")
    assert st3["players"][0]["q"] == p["q"]


def test_GP_GF_5_gaiaformer_is_not_a_structure():
    st = _st(buildings=[(0, "m", "3A7"), (1, "m", "3B5")], tiles=["score3"] * 6)
    p = st["players"][0]
    p.update(q=5, o=15)
    p["research"]["nav"] = 4
    st = play(st, 0, "build gf 3A0.")
    assert st["offer"] is None and st["players"][0]["vp"] == 10   # no charge offer, no mine VP
    assert E.final_count(st, 0, "structure") == 1 and E.final_count(st, 0, "sector") == 1
    st["current"] = 0
    st["players"][0]["research"]["nav"] = 0
    before = st["players"][0]["q"]
    st2 = play(st, 0, "build m 1A5.")   # 1 step from the gaiaformer, 4 from 3A7: not a range start
    assert before - st2["players"][0]["q"] == 2


def test_GP_GF_6_gaiaformer_stays_until_the_mine():
    st = _st(buildings=[(0, "m", "3A7")])
    p = st["players"][0]
    p["research"]["nav"] = 4
    st = play(st, 0, "build gf 3A0.")
    E.gaia_phase(st)
    k = E.locate(st, "3A0")
    p = st["players"][0]
    assert st["gf"][k] == 0 and E.gf_available(st, p, 0) == 0
    st["phase"], st["current"] = "actions", 0
    set_power(p, 6, 2, 0)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build gf 5A2.")     # the only gaiaformer is still busy
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.no_gf", "GP-GF-1")


# ----------------------------------------------------------------------------- upgrades

def test_GP_UPG_2_building_rows():
    st = _st(buildings=[(0, "m", "3A7"), (0, "m", "3B2")])
    st = play(st, 0, "build ts 3A7.")
    p = st["players"][0]
    assert p["n"]["m"] == 1 and p["n"]["ts"] == 1 and st["bld"][E.locate(st, "3A7")] == [0, "ts"]
    assert "bld:m:1" not in p["inc_seq"] and "bld:ts:0" in p["inc_seq"]


def test_GP_UPG_1_an_upgrade_needs_a_building_of_ones_own():
    """A trading station typed on an empty planet or on another's mine cites the upgrade paths
    (GP-UPG-1), not the Lost Planet's rule (newcomer 28c G-4: "Ezen a mezőn nincs fejleszthető
    épületed: 3A6 (szabály: GP-UPG-5)")."""
    st = _st(("lantids", "xenos"), [(0, "m", "3A7"), (1, "m", "3A6")])
    st["players"][0].update(o=15, c=30)
    for hexname in ("3A6", "3B4"):
        with pytest.raises(IllegalMove) as refused:
            play(st, 0, f"build ts {hexname}.")
        assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.no_upgradable", "GP-UPG-1")


def test_GP_UPG_5_lost_planet_and_shared_mines_never_upgrade():
    st = _st(("lantids", "xenos"), [(0, "m", "3A7"), (1, "m", "3A6")])
    st["players"][0].update(o=15, c=30)
    k = E.locate(st, "3B4")
    st["bld"][k] = [0, "lp"]
    st["planet"][k] = "l"
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build ts 3B4.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.no_upgradable", "GP-UPG-5")
    st["guest"][E.locate(st, "3A6")] = 0
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build ts 3A6.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.no_upgradable", "GP-UPG-5")


@pytest.mark.parametrize("tile,new,vp", [("score8", "ts", 3), ("score7", "PI", 5), ("score10", "PI", 5)])
def test_GP_UPG_6_upgrade_triggers(tile, new, vp):
    old = "m" if new == "ts" else "ts"
    st = _st(buildings=[(0, old, "3A7")], tiles=[tile] * 6)
    st["players"][0].update(o=15, c=30)
    assert play(st, 0, f"build {new} 3A7.")["players"][0]["vp"] == 10 + vp


def test_GP_UPG_6_academy_vp_advtech15_and_passive_charge():
    st = _st(buildings=[(0, "lab", "3A7"), (1, "m", "3A6")], tiles=["score7"] * 6)
    st["players"][0].update(o=15, c=30)
    st2 = play(st, 0, "build ac1 3A7. tech free1. decline")
    assert st2["players"][0]["vp"] >= 15 and st2["offer"]["seat"] == 1
    st = _st(buildings=[(0, "m", "3A7"), (1, "m", "3A6")])
    st["players"][0]["techs"].append({"id": "advtech15", "pos": "adv-eco", "covered": False})
    st2 = play(st, 0, "build ts 3A7.")
    assert st2["players"][0]["vp"] == 13 and st2["offer"]["seat"] == 1


# ----------------------------------------------------------------------------- research

def test_GP_RES_2_one_time_rewards_and_lasting_effects():
    st = _st(("xenos", "terrans"), [(0, "m", "3A6")])
    p = st["players"][0]
    p["k"] = 12
    assert play(st, 0, "up nav.")["players"][0]["q"] == p["q"] + 1
    p["research"]["gaia"] = 1
    p["gf_total"] = 1
    q = play(st, 0, "up gaia.")["players"][0]
    assert q["tokens"] == p["tokens"] + 3 and q["power"]["area1"] == p["power"]["area1"] + 3
    p["research"]["terra"] = 1
    st2 = play(st, 0, "up terra.")            # level 2: 2 ore per step from now on
    st2["current"] = 0
    st2["players"][0]["o"] = 15
    st3 = play(st2, 0, "build m 3A3.")        # Desert -> Titanium: 2 steps
    assert 15 - st3["players"][0]["o"] == 1 + 4


def test_GP_RES_5_score2_and_advtech2_for_every_advance():
    st = _st(("xenos", "terrans"), [(0, "ts", "3A6")], tiles=["score2"] * 6)
    p = st["players"][0]
    p["k"] = 4
    p["techs"].append({"id": "advtech2", "pos": "adv-sci", "covered": False})
    assert play(st, 0, "up terra.")["players"][0]["vp"] == 10 + 2 + 2
    p["o"], p["c"] = 15, 30
    pos = next(x for x in ("free1", "free2", "free3") if st["tech"][x] not in ("tech4",))
    st2 = play(st, 0, f"build lab 3A6. tech {pos}. up eco.")   # a research step from a tech tile
    assert st2["players"][0]["vp"] == 10 + 2 + 2


def test_GP_RES_6_terraforming_five_takes_the_token_there_and_GP_FED_9():
    st = _st(("xenos", "terrans"), tiles=["score4"] * 6)
    p = st["players"][0]
    p["k"] = 4
    p["research"]["terra"] = 4
    p["feds"].append({"id": "fed6", "green": True})
    tok = st["terra_fed"]
    st2 = play(st, 0, "up terra.")
    q = st2["players"][0]
    assert [f["id"] for f in q["feds"]] == ["fed6", tok] and q["feds"][0]["green"] is False
    assert st2["terra_fed"] is None
    assert q["vp_src"].get("round:score4") == 5


def test_GP_RES_8_baltaks_navigation_needs_the_pi():
    st = _st(("baltaks", "xenos"), [(0, "ts", "1A5")])
    st["players"][0]["k"] = 4
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "up nav.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.baltaks_nav", "GP-FAC-BAL-2")
    place(st, 0, "PI", "3A7")
    assert play(st, 0, "up nav.")["players"][0]["research"]["nav"] == 1


# ----------------------------------------------------------------------------- tech tiles

def _adv_state():
    st = _st(("xenos", "terrans"), [(0, "lab", "3A6")])
    p = st["players"][0]
    p.update(o=15, c=30)
    p["research"]["terra"] = 4
    std = st["tech"]["free2"]
    p["techs"].append({"id": std, "pos": "free2", "covered": False})
    E.touch_income(p, "tech:" + std)
    p["feds"] += [{"id": "fed6", "green": True}, {"id": "fed2", "green": True}]
    return st, std


def test_GP_TECH_1_standard_or_advanced_tile():
    st, std = _adv_state()
    a = play(st, 0, "build ac1 3A6. tech free1. decline")
    assert a["players"][0]["techs"][-1] == {"id": st["tech"]["free1"], "pos": "free1", "covered": False}
    b = play(st, 0, "build ac1 3A6. tech adv-terra. cover free2. decline")
    assert b["players"][0]["techs"][-1]["id"] == st["tech"]["adv-terra"]
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build ac1 3A6. tech nowhere. decline")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.tech_pos", "GP-TECH-1")


def test_GP_TECH_4_advanced_tile_conditions_and_cover():
    st, std = _adv_state()
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build ac1 3A6. tech adv-nav. cover free2. decline")   # Navigation below 4
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.adv_level", "GP-TECH-4")
    st2 = play(st, 0, "build ac1 3A6. tech adv-terra. cover free2. decline")
    p = st2["players"][0]
    assert p["techs"][0]["covered"] and not p["techs"][1]["covered"]
    assert [f["green"] for f in p["feds"]] == [False, True]        # the earliest green token is flipped
    assert "tech:" + std not in p["inc_seq"]                      # the covered tile lost its income
    st["players"][0]["feds"] = [{"id": "fed1", "green": False}]
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build ac1 3A6. tech adv-terra. cover free2. decline")   # no green token
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.adv_green", "GP-TECH-4")
    st, _ = _adv_state()
    st["players"][0]["techs"][0]["covered"] = True
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build ac1 3A6. tech adv-terra. cover free2. decline")   # nothing left to cover
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.cover_bad", "GP-TECH-4")


def test_GP_TECH_5_advanced_tiles_are_unique():
    st, _ = _adv_state()
    st2 = play(st, 0, "build ac1 3A6. tech adv-terra. cover free2. decline")
    assert "adv-terra" in st2["adv_taken"]
    st2["current"] = 0
    place(st2, 0, "lab", "3B2")
    with pytest.raises(IllegalMove) as refused:
        play(st2, 0, "build ac2 3B2. tech adv-terra. cover free1. decline")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.adv_gone", "GP-TECH-5")


def test_GP_TECH_6_tile_effects_apply_before_the_research_step():
    st, _ = _adv_state()
    st["tech"]["adv-terra"] = "advtech2"
    st2 = play(st, 0, "build ac1 3A6. tech adv-terra. cover free2. up sci.")
    assert st2["players"][0]["vp_src"].get("tech:advtech2") == 2


# ----------------------------------------------------------------------------- board, special, free actions

def test_GP_BOARD_1_seven_power_and_three_qic_actions():
    power_actions = [a for a in ACTIONS if a.startswith("power")]
    qic_actions = [a for a in ACTIONS if a.startswith("qic")]
    assert len(power_actions) == 7 and len(qic_actions) == 3
    st = _st(("xenos", "terrans"))
    p = st["players"][0]
    set_power(p, 4, 4, 3)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "action power3.")        # 4 power from bowl III
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.power3_for_what", "GP-POW-2")
    set_power(p, 0, 0, 4)
    assert power(play(st, 0, "action power3.")["players"][0])[:3] == (4, 0, 0)
    p["q"] = 1
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "action qic3.")          # 2 QIC
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.resource_for", "GP-ACT-5")


def test_GP_POW_3_gaining_tokens_into_bowl_one():
    st = _st(("xenos", "terrans"))
    p = st["players"][0]
    set_power(p, 1, 1, 3)
    q = play(st, 0, "action power7.")["players"][0]
    assert power(q)[:3] == (1 + 3 + 2, 1, 0) and q["tokens"] == p["tokens"] + 2


def test_GP_SPEC_2_special_action_is_the_turn_action():
    st = _st(("xenos", "terrans"))
    p = st["players"][0]
    set_power(p, 0, 0, 4)
    p["techs"].append({"id": "tech9", "pos": "free1", "covered": False})
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "special 4pw. action power3.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.second_action", "GP-ACT-2")
    p["k"] = 4
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "special 4pw. up terra.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.second_action", "GP-ACT-2")


@pytest.mark.parametrize("faction,src,action,gain", [
    ("xenos", "advtech11", "3o", {"o": 3}), ("xenos", "advtech13", "3k", {"k": 3}),
    ("xenos", "advtech3", "q,5c", {"q": 1, "c": 5}), ("xenos", "ac2", "q", {"q": 1}),
    ("baltaks", "ac2", "4c", {"c": 4})])
def test_GP_SPEC_3_special_actions(faction, src, action, gain):
    st = _st((faction, "terrans"), [(0, "ac2", "3A3")] if src == "ac2" else [])
    p = st["players"][0]
    p["k"] = p["o"] = 5
    if src != "ac2":
        p["techs"].append({"id": src, "pos": "adv-int", "covered": False})
    q = play(st, 0, f"special {action}.")["players"][0]
    assert {r: q[r] - p[r] for r in gain} == gain


def test_GP_SPEC_4_covered_tile_and_unheld_booster_give_no_action():
    st = _st(("xenos", "terrans"), boosters=["booster1", "booster4"])
    st["players"][0]["techs"].append({"id": "tech9", "pos": "free1", "covered": True})
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "special 4pw.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.special_none", "GP-SPEC-1")
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "special step. build m 3B2.")   # booster4 is held by the other player
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.special_none", "GP-SPEC-1")


def test_GP_FREE_2_nevlas_pi_tokens_worth_two():
    st = _st(("nevlas", "xenos"))
    p = st["players"][0]
    p["k"] = 4
    set_power(p, 0, 0, 2)
    with pytest.raises(IllegalMove):
        play(st, 0, "spend 4pw for 1q. up terra.")
    p["n"]["PI"] = 1
    q = play(st, 0, "spend 4pw for 1q. up terra.")["players"][0]
    assert q["q"] == p["q"] + 1 and power(q)[:3] == (2, 0, 0)


def test_GP_FREE_3_several_units_at_once_and_caps():
    st = _st(("xenos", "terrans"))
    p = st["players"][0]
    p["k"] = 4
    set_power(p, 0, 0, 8)
    q = play(st, 0, "spend 8pw for 2q. up terra.")["players"][0]
    assert q["q"] == p["q"] + 2 and power(q)[:3] == (8, 0, 0)
    p["o"] = 14
    set_power(p, 0, 0, 6)
    q = play(st, 0, "spend 6pw for 2o. up eco.")["players"][0]
    assert q["o"] == 15


def test_GP_MINE_1_a_mine_must_be_left_on_the_board():
    names = ["3A7", "3A6", "3B2", "3A3", "1A5", "1A6", "1B1", "1A9"]
    st = _st(buildings=[(0, "m", n) for n in names])
    p = st["players"][0]
    p.update(o=15, q=5)
    p["research"]["nav"] = 2
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 3B5.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.no_mine_left", "GP-MINE-1")
    st2 = play(st, 0, "build ts 3A7.")
    st2["current"] = 0
    assert play(st2, 0, "build m 3B5.")["players"][0]["n"]["m"] == 8


def test_GP_RES_7_lost_planet_with_all_mines_built_counts_as_a_mine():
    names = ["3A7", "3B2", "3A3", "1A5", "1A6", "1B1", "1A9", "2A3"]
    st = _st(("xenos", "terrans"), [(0, "m", n) for n in names] + [(1, "ts", "3A6")], tiles=["score3"] * 6)
    p = st["players"][0]
    p["research"]["nav"] = 4
    p["k"] = 4
    p["feds"].append({"id": "fed6", "green": True})
    p["techs"].append({"id": "advtech14", "pos": "adv-nav", "covered": False})
    st2 = play(st, 0, "up nav. lostPlanet 3B4")
    q = st2["players"][0]
    assert st2["bld"][E.locate(st, "3B4")] == [0, "lp"] and q["n"]["m"] == 8
    assert q["vp_src"]["round:score3"] == 2 and q["vp_src"]["tech:advtech14"] == 3
    assert st2["offer"] == {"seat": 1, "hex": E.locate(st, "3B4"), "offers": ["2pw"]}   # the TS next to it


def test_GP_TECH_3_impossible_step_means_decline():
    st = _st(("xenos", "terrans"), [(0, "ts", "3A6")])
    p = st["players"][0]
    p.update(o=15, c=30)
    p["research"]["eco"] = 5
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build lab 3A6. tech eco. up eco.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.research_max", "GP-RES-3")
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build lab 3A6. tech eco. up sci.")    # a research-area tile only allows its own area
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.research_only", "GP-TECH-3")
    st2 = play(st, 0, "build lab 3A6. tech eco. decline")
    assert st2["players"][0]["techs"][0]["pos"] == "eco" and st2["players"][0]["research"]["eco"] == 5


def test_GP_BOARD_3_qic2_needs_a_federation_token():
    st = _st(("xenos", "terrans"))
    st["players"][0]["q"] = 5
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "action qic2. fedtile fed4.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.qic2_fed", "GP-BOARD-3")
