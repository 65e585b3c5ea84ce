"""Federations (GP-FED-*), passive charging (GP-LEECH-*), faction rules (GP-FAC-*), replay behaviours
(GP-RPL-*) and the replay variants (GP-VAR-5/12/13)."""
import pytest

from rules.base import IllegalMove
from rules.gaia import GAME
from rules.gaia import engine as E
from rules.gaia.setup import setup_queue
from rules.gaia.tables import FED_TOKENS

from .helpers import action_state, place, play, power, set_power

FED = "federation 3A7,3A6,3B2,-1x0"   # PI 3A7 + TS 3A6 + TS 3B2 = 7, one satellite on -1x0


def _fed_state(faction="terrans", other="xenos", extra=()):
    st = action_state([faction, other], [(0, "PI", "3A7"), (0, "ts", "3A6"), (0, "ts", "3B2"), *extra])
    st["round_scoring"] = ["score3"] * 6
    set_power(st["players"][0], 4, 4, 0)
    return st


def _quiet(st):
    """A free booster that gives no power tokens (no income order to choose)."""
    for b in ("booster1", "booster3", "booster4", "booster6", "booster7", "booster8", "booster10"):
        if b not in st["boosters"] or st["boosters"][b] is None:
            st["boosters"].setdefault(b, None)
            return b


# ----------------------------------------------------------------------------- federations

def test_GP_FED_3_satellites_cost_one_token_and_may_share_a_hex():
    st = _fed_state()
    k = E.locate(st, "-1x0")
    st["sat"][k] = [1]                          # the opponent's satellite is already there
    st2 = play(st, 0, f"{FED} fed4.")
    assert st2["sat"][k] == [1, 0]
    p = st2["players"][0]
    assert p["tokens"] == 7 and power(p)[:3] == (3, 4, 0)   # one token discarded, from bowl I
    st3 = _fed_state()
    with pytest.raises(IllegalMove) as refused:
        play(st3, 0, "federation 3A7,3A6,3B2,3B5 fed4.")    # a satellite on an uncolonized planet
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.fed_planet", "GP-FED-4")


def test_GP_FED_7_a_hex_belongs_to_one_federation():
    st = _fed_state(extra=[(0, "PI", "1A5")])
    st = play(st, 0, f"{FED} fed4.")
    st["current"] = 0
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed5.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.fed_sat", "GP-FED-4")


@pytest.mark.parametrize("tok", ["fed1", "fed2", "fed3", "fed4", "fed5", "fed6"])
def test_GP_FED_8_token_reward_at_once(tok):
    st = _fed_state()
    p = st["players"][0]
    st2 = play(st, 0, f"{FED} {tok}.")
    q = st2["players"][0]
    want = dict.fromkeys(("vp", "o", "k", "c", "q", "t"), 0)
    for n, t in E.parse_rewards(FED_TOKENS[tok]["reward"]):
        want[t] += n
    got = {"vp": q["vp"] - p["vp"], "o": q["o"] - p["o"], "k": q["k"] - p["k"], "c": q["c"] - p["c"],
           "q": q["q"] - p["q"], "t": q["tokens"] - p["tokens"] + 1}   # +1: the satellite's token
    assert got == want
    assert q["feds"] == [{"id": tok, "green": tok != "fed1"}]


def test_GP_FED_9_score4_for_federations():
    st = _fed_state()
    st["round_scoring"] = ["score4"] * 6
    st2 = play(st, 0, f"{FED} fed4.")
    assert st2["players"][0]["vp_src"]["round:score4"] == 5


def test_GP_FED_10_several_federations():
    st = _fed_state(extra=[(0, "ac1", "1A5")])
    place(st, 0, "ts", "1A6")
    place(st, 0, "lab", "1B1")
    st = play(st, 0, f"{FED} fed4.")
    st["current"] = 0
    st = play(st, 0, "federation 1A5,1A6,1B1,4x-1 fed5.")
    assert [f["id"] for f in st["players"][0]["feds"]] == ["fed4", "fed5"]


def test_GP_FED_12_green_tokens_pay_grey_ones_do_not():
    st = action_state(["xenos", "terrans"])
    p = st["players"][0]
    p["k"] = 4
    p["research"]["int"] = 4
    p["feds"] = [{"id": "fed1", "green": False}]
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "up int.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.level5_green", "GP-RES-3")
    p["feds"].append({"id": "fed3", "green": True})
    q = play(st, 0, "up int.")["players"][0]
    assert q["research"]["int"] == 5 and [f["green"] for f in q["feds"]] == [False, False]


def test_GP_FED_13_and_GP_UPG_7_upgrades_keep_federation_membership():
    st = _fed_state()
    st = play(st, 0, f"{FED} fed4.")
    fed = sorted(st["players"][0]["fed_hexes"])
    st["current"] = 0
    st["players"][0].update(o=15, c=30)
    st = play(st, 0, "build lab 3A6. tech free1. decline")
    assert sorted(st["players"][0]["fed_hexes"]) == fed
    assert E.final_count(st, 0, "structureFed") == 3


# ----------------------------------------------------------------------------- passive charging

def test_GP_LEECH_2_only_structures_within_distance_two():
    st = action_state(["terrans", "xenos", "geodens"], [(0, "m", "3A7"), (1, "m", "3A3"), (2, "m", "1A5")])
    st["gf"][E.locate(st, "3A0")] = 2      # a gaiaformer next to nothing that matters
    st["players"][0]["o"] = 15
    # 3B2 (-1,1): Xenos' 3A3 at distance 1; Geodens' 1A5 at distance 5
    st = play(st, 0, "build m 3B2.")
    assert st["offer"]["seat"] == 1
    st = play(st, 1, "decline")
    assert st["offer"] is None
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    st["gf"][E.locate(st, "3A0")] = 1      # only a gaiaformer of the Xenos near 3B5
    st["players"][0]["q"] = 3
    st2 = play(st, 0, "build m 3B5.")
    assert st2["offer"] is None


def test_GP_LEECH_8_lab_offers_before_lost_planet_offers():
    st = action_state(["xenos", "terrans"], [(0, "ts", "3A6"), (1, "m", "3A7")])
    p = st["players"][0]
    p.update(o=15, c=30)
    p["research"]["nav"] = 4
    p["feds"].append({"id": "fed6", "green": True})
    st = play(st, 0, "build lab 3A6. tech nav. up nav. lostPlanet 3B4.")
    assert st["offer"]["seat"] == 1 and st["offer"]["hex"] == E.locate(st, "3A6")
    st = play(st, 1, "decline")
    assert st["offer"]["seat"] == 1 and st["offer"]["hex"] == E.locate(st, "3B4")
    st = play(st, 1, "decline")
    assert st["offer"] is None


def test_GP_LEECH_9_no_free_actions_while_reacting():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    set_power(st["players"][1], 2, 0, 4)
    st = play(st, 0, "build ts 3A7.")
    assert st["offer"]["seat"] == 1
    with pytest.raises(IllegalMove) as refused:
        play(st, 1, "spend 1pw for 1c")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.answer_offer", "GP-LEECH-4")
    for line in ("decline. spend 1pw for 1c", "charge 1pw. spend 1pw for 1c"):
        with pytest.raises(IllegalMove) as refused:
            play(st, 1, line)
        assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.unexpected", "GP-RPL-4")


def test_GP_LEECH_10_standing_charge_policies():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    st = play(st, 0, "build m 3B2.")
    assert st["offer"]["offers"] == ["1pw"]
    move, _ = GAME.auto_move(st, 1, {"charge": {"choice": "free"}})
    assert GAME.format_move(move).endswith("charge 1pw")
    move, _ = GAME.auto_move(st, 1, {"charge": {"choice": "never"}})
    assert GAME.format_move(move).endswith("decline")
    assert GAME.auto_move(st, 1, {"charge": {"choice": "ask"}}) is None
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "ts", "3A6")])
    st = play(st, 0, "build m 3B2.")
    assert st["offer"]["offers"] == ["2pw"]
    assert GAME.auto_move(st, 1, {"charge": {"choice": "free"}}) is None
    assert GAME.auto_move(st, 1, {"charge": {"choice": "upto", "max": 1}}) is None
    move, _ = GAME.auto_move(st, 1, {"charge": {"choice": "upto", "max": 2}})
    assert GAME.format_move(move).endswith("charge 2pw")


# ----------------------------------------------------------------------------- factions

def test_GP_FAC_XEN_1_xenos_third_mine_after_all_second_mines():
    st = GAME.new_game({"players": 2}, 5)
    st = play(st, 0, "faction terrans")
    st = play(st, 1, "faction xenos")
    assert setup_queue(st) == [[0, "m"], [1, "m"], [1, "m"], [0, "m"], [1, "m"]]


def test_GP_FAC_IVI_1_ivits_place_only_the_pi_on_an_oxide_planet():
    st = GAME.new_game({"players": 2}, 5)
    st = play(st, 0, "faction ivits")
    st = play(st, 1, "faction xenos")
    assert setup_queue(st) == [[1, "m"], [1, "m"], [1, "m"], [0, "PI"]]
    desert = [n for q, r, p, s, n in st["map"] if p == "d"]
    for name in desert[:3]:
        st = play(st, 1, f"build m {name}")
    terra = next(n for q, r, p, s, n in st["map"] if p == "r")
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, f"build PI {terra}")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.setup_planet", "GP-SETUP-21")
    oxide = next(n for q, r, p, s, n in st["map"] if p == "o")
    st = play(st, 0, f"build PI {oxide}")
    iv = st["players"][0]
    assert iv["n"]["PI"] == 1 and iv["n"]["m"] == 0 and (iv["o"], iv["c"]) == (4, 15)


def test_GP_FAC_IVI_2_and_GP_FAC_IVI_3_one_growing_federation():
    st = _fed_state("ivits")
    st["players"][0]["q"] = 3
    assert E.fed_threshold(st, 0) == 7
    st = play(st, 0, f"{FED} fed4.")
    p = st["players"][0]
    assert p["ivits_feds"] == 1 and E.fed_threshold(st, 0) == 14
    assert p["tokens"] == 8   # satellites cost QIC, not power (GP-FAC-IVI-4)
    st["current"] = 0
    place(st, 0, "ts", "1A5")
    place(st, 0, "ts", "1A6")
    place(st, 0, "lab", "1B1")
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "federation 1A5,1A6,1B1,4x-1 fed5.")   # a second, separate federation
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.ivits_enlarge", "GP-FAC-IVI-2")
    place(st, 0, "ts", "3A3")                               # next to the federation: 7 + 2 < 14
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "federation 3A3 fed5.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.fed_value", "GP-FED-2")


def test_GP_FAC_BES_3_bescods_pi_adds_one_on_titanium():
    for pi, offer in ((False, "1pw"), (True, "2pw")):
        st = action_state(["terrans", "bescods"], [(0, "m", "3A7"), (1, "m", "3A3")])
        if pi:
            place(st, 1, "PI", "2A0")
        st = play(st, 0, "build m 3B2.")
        assert st["offer"]["offers"] == [offer]


# ----------------------------------------------------------------------------- replay behaviours, variants

def test_GP_VAR_5_replays_use_pass_order_new_games_clockwise():
    assert GAME.new_game({"players": 3}, 1)["options"]["turn_order"] == "clockwise"
    from .conftest import load_fixture
    st = GAME.from_setup(load_fixture("spec-fullgame-2p.json"))
    assert st["options"]["turn_order"] == "passOrder"


def test_GP_VAR_12_bid_notation():
    st = GAME.new_game({"players": 2}, 1)
    assert GAME.parse_move(st, 0, "bid terrans 3")["cmds"] == [["bid", "terrans", "3"]]


def test_GP_VAR_13_standard_games_use_standard_faction_values():
    st = GAME.new_game({"players": 3}, 1)
    st = play(st, 0, "faction lantids")
    st = play(st, 1, "faction gleens")
    st = play(st, 2, "faction firaks")
    la, gl, fi = st["players"]
    assert la["c"] == 13 and power(la)[:3] == (4, 0, 0)      # more-balanced: 15 c, 4/2/0
    assert gl["q"] == 0                                      # more-balanced: 1 QIC
    assert fi["o"] == 3 and power(fi)[:3] == (2, 4, 0)       # more-balanced: 4 ore, 4/2/0


def test_GP_RPL_3_gaia_phase_runs_without_lines():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")], boosters=["booster1", "booster3"])
    st["players"][0]["research"]["nav"] = 4
    st = play(st, 0, "build gf 3A0.")
    st = play(st, 1, f"pass {_quiet(st)}")
    st = play(st, 0, f"pass {_quiet(st)}")
    assert st["round"] == 2 and st["phase"] == "actions"
    assert E.planet_of(st, E.locate(st, "3A0")) == "g"
    assert st["players"][0]["power"]["gaia"] == 0


def test_GP_RPL_4_sub_commands_run_left_to_right():
    st = action_state(["xenos", "terrans"], [(0, "m", "3A6")])
    p = st["players"][0]
    p["q"] = 0
    p["research"]["nav"] = 4
    set_power(p, 0, 0, 4)
    st2 = play(st, 0, "spend 4pw for 1q. build m 3B5.")   # the QIC is there when the mine is paid
    assert st2["players"][0]["q"] == 0 and st2["bld"][E.locate(st, "3B5")] == [0, "m"]
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 3B5. spend 4pw for 1q.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.resource_for", "GP-ACT-5")


def test_GP_RPL_5_range_qic_and_terraforming_ore_are_added_to_the_cost():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    p = st["players"][0]
    p.update(o=15, q=3)
    st2 = play(st, 0, "build m 1A5.")   # distance 4 (range 1: 2 QIC), Terra -> Volcanic 2 steps (6 ore)
    q = st2["players"][0]
    assert (p["c"] - q["c"], p["o"] - q["o"], p["q"] - q["q"]) == (2, 1 + 6, 2)


def test_GP_RPL_8_explicit_decisions_are_required():
    st = action_state(["xenos", "terrans"], [(0, "ts", "3A6")], boosters=["booster1", "booster3"])
    st["players"][0].update(o=15, c=30)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build lab 3A6.")                     # tile not named
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.tech_missing", "GP-TECH-1")
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build lab 3A6. tech free1.")         # neither up nor decline
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.research_followup", "GP-TECH-3")
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "pass")                               # booster not named
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.pass_booster", "GP-PASS-3")


def test_GP_RPL_2_round_start_income_in_turn_order():
    st = action_state(["terrans", "xenos"], boosters=["booster1", "booster3"])
    st["options"]["turn_order"] = "passOrder"
    st["current"] = 1
    before = [(p["o"], p["k"]) for p in st["players"]]
    st = play(st, 1, f"pass {_quiet(st)}")
    st = play(st, 0, f"pass {_quiet(st)}")
    assert st["round"] == 2 and st["order"] == [1, 0]
    assert all(p["o"] > o and p["k"] > k for p, (o, k) in zip(st["players"], before))


def test_GP_FED_1_adjacent_planets_connect_without_satellites_and_groups_must_connect():
    st = action_state(["terrans", "xenos"], [(0, "PI", "3B2"), (0, "ac1", "3A3")])
    p = st["players"][0]
    p["techs"].append({"id": "tech3", "pos": "free1", "covered": False})   # PI and academy worth 4
    st2 = play(st, 0, "federation 3B2,3A3 fed4.")
    q = st2["players"][0]
    assert q["tokens"] == p["tokens"] and sorted(q["fed_hexes"]) == sorted(E.locate(st, h) for h in ("3B2", "3A3"))
    st = action_state(["terrans", "xenos"], [(0, "PI", "3A7"), (0, "ts", "3A6"), (0, "lab", "1B1")])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "federation 3A7,3A6,1B1 fed4.")   # 7 in value, but not one connected group
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.fed_connected", "GP-FED-1")


@pytest.mark.parametrize("faction,home,line,rule", [
    ("ambas", "3A3", "special swap-PI. swap-PI 3A3.", "GP-SPEC-1"),
    ("firaks", "3A3", "special down-lab. build ts 3A3. decline", "GP-SPEC-1"),
    ("hadsch-hallas", "1A6", "spend 4c for 1q. up terra.", "GP-FAC-HAD-2"),
])
def test_GP_FAC_AMB_1_GP_FAC_FIR_1_GP_FAC_HAD_1_no_ability_before_the_pi(faction, home, line, rule):
    st = action_state([faction, "terrans"], [(0, "lab" if faction == "firaks" else "m", home)])
    st["players"][0]["k"] = 4
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, line)
    key = {"GP-SPEC-1": "gaia.err.special_none", "GP-FAC-HAD-2": "gaia.err.hadsch_credits"}[rule]
    assert (refused.value.msg.key, refused.value.rule) == (key, rule)
    set_power(st["players"][0], 0, 0, 0, 3)
    E.gaia_phase(st)
    assert power(st["players"][0]) == (3, 0, 0, 0)   # the default Gaia-phase return to bowl I


def test_GP_FAC_GEO_1_geodens_without_pi_get_no_knowledge_for_new_types():
    st = action_state(["geodens", "terrans"], [(0, "m", "1A5")])
    p = st["players"][0]
    p.update(o=15)
    p["research"].update(terra=3, nav=4)
    st2 = play(st, 0, "build m 1A6.")       # oxide: a new type, but no PI
    assert st2["players"][0]["k"] == p["k"]


def test_GP_SETUP_10_tokens_and_qic_come_from_an_unlimited_supply():
    st = action_state(["xenos", "terrans"])
    p = st["players"][0]
    set_power(p, 40, 20, 3)
    p["q"] = 35
    q = play(st, 0, "action power7.")["players"][0]   # 63 tokens owned: still 2 more
    assert q["tokens"] == 65 and q["power"]["area1"] == 45
    p["k"] = 4
    set_power(p, 0, 0, 8)
    assert play(st, 0, "spend 8pw for 2q. up terra.")["players"][0]["q"] == 37


def test_GP_VAR_14_no_flexible_federations_own_neighbours_always_join():
    assert not any("flex" in o.name for o in GAME.options)
    st = action_state(["terrans", "xenos"], [(0, "PI", "3A7"), (0, "ts", "3A6"), (0, "ts", "3B2"), (0, "m", "3A3")])
    set_power(st["players"][0], 4, 4, 0)
    st2 = play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed4.")   # 3A3 touches 3B2: it cannot be left out
    assert E.locate(st, "3A3") in st2["players"][0]["fed_hexes"]


def test_GP_FED_9_qic2_rescoring_is_not_a_new_federation():
    st = action_state(["terrans", "xenos"])
    st["round_scoring"] = ["score4"] * 6
    p = st["players"][0]
    p["q"] = 3
    p["feds"].append({"id": "fed4", "green": False})
    st2 = play(st, 0, "action qic2. fedtile fed4.")
    q = st2["players"][0]
    assert q["vp"] == 10 + 7 and q["o"] == p["o"] + 2 and "round:score4" not in q["vp_src"]
    assert q["feds"] == [{"id": "fed4", "green": False}]


def test_GP_FED_3_satellite_may_share_a_hex_with_a_space_station():
    st = action_state(["terrans", "ivits"], [(0, "PI", "3A7"), (0, "ts", "3A6"), (0, "ts", "3B2"), (1, "PI", "1A5")])
    set_power(st["players"][0], 4, 4, 0)
    k = E.locate(st, "-1x0")
    st["station"][k] = 1
    st["players"][1]["n"]["sp"] = 1
    st2 = play(st, 0, f"{FED} fed4.")
    assert st2["sat"][k] == [0] and st2["station"][k] == 1


def test_GP_LEECH_3_and_GP_UPG_4_space_stations_are_not_structures():
    st = action_state(["terrans", "ivits"], [(0, "m", "3A7"), (1, "PI", "1B1")])
    st["station"][E.locate(st, "3B4")] = 1      # next to 3A7 and to 3A6
    st["players"][0]["o"] = 15
    st2 = play(st, 0, "build ts 3A7.")
    assert st["players"][0]["c"] - st2["players"][0]["c"] == 6 and st2["offer"] is None
    st3 = play(st, 0, "build m 3A6.")
    assert st3["offer"] is None


def test_GP_RES_7_lost_planet_not_on_a_satellite():
    st = action_state(["xenos", "terrans"], [(0, "m", "3A6")])
    p = st["players"][0]
    p["research"]["nav"] = 4
    p["k"] = 4
    p["feds"].append({"id": "fed6", "green": True})
    st["sat"][E.locate(st, "3B4")] = [1]
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "up nav. lostPlanet 3B4")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.lost_bad", "GP-RES-7")


def test_GP_MINE_12_own_gaiaformer_is_reachable_from_anywhere():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    k = E.locate(st, "6A1")                      # far away, in sector 6
    st["gf"][k] = 0
    st["planet"][k] = "g"
    st["players"][0]["q"] = 0
    st2 = play(st, 0, "build m 6A1.")
    assert st2["bld"][k] == [0, "m"] and k not in st2["gf"] and st2["players"][0]["q"] == 0


def test_GP_TECH_4_research_step_to_level_five_needs_a_second_green_token():
    st = action_state(["xenos", "terrans"], [(0, "lab", "3A6")])
    p = st["players"][0]
    p.update(o=15, c=30)
    p["research"]["terra"] = 4
    p["techs"].append({"id": st["tech"]["free2"], "pos": "free2", "covered": False})
    p["feds"].append({"id": "fed6", "green": True})
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build ac1 3A6. tech adv-terra. cover free2. up terra.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.level5_green", "GP-RES-3")
    assert play(st, 0, "build ac1 3A6. tech adv-terra. cover free2. up sci.")["players"][0]["research"]["sci"] == 1


def test_GP_FAC_GLE_1_qic_from_the_tile_taken_with_the_qic_academy():
    st = action_state(["gleens", "terrans"], [(0, "lab", "3A6")])
    p = st["players"][0]
    p.update(o=15, c=30)
    pos = next(x for x, t in st["tech"].items() if t == "tech1")   # 1 ore + 1 QIC
    st2 = play(st, 0, f"build ac2 3A6. tech {pos}. decline")
    q = st2["players"][0]
    assert q["q"] == p["q"] + 1 and q["o"] == 15 - 6 + 1


def test_GP_ACT_4_no_free_actions_in_the_income_phase():
    st = action_state(["xenos", "terrans"])
    st["phase"] = "income"
    p = st["players"][0]
    set_power(p, 0, 1, 2)
    p["income_todo"] = ["o,2t", "2c,pw"]
    p["waiting"] = "income"
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "spend 1pw for 1c")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.income_only", "GP-INC-6")
