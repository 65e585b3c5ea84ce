"""Round structure (GP-RND-1), income (GP-INC-*), Gaia phase (GP-GAIA-*), turns (GP-ACT-*), passing
(GP-PASS-*), clean-up (GP-CLEAN-*), turn order (GP-VAR-3/4), scoring (GP-SCORE-*, GP-END-*) and the
replay behaviours (GP-RPL-*)."""
import pytest

from rules.base import IllegalMove
from rules.gaia import GAME
from rules.gaia import engine as E

from .helpers import action_state, place, play, power, set_power

# boosters without a token gain, so that no income order has to be chosen after passing
QUIET = ("booster1", "booster3", "booster4", "booster6", "booster7", "booster8", "booster10")


def _free(st, prefer=None):
    free = [b for b, h in st["boosters"].items() if h is None]
    if prefer in free:
        return prefer
    return next((b for b in free if b in QUIET), free[0] if free else None)


def _boosters(n):
    return ["booster1", "booster3", "booster4", "booster6", "booster7", "booster8", "booster10"][:n]


def _game(factions, buildings=(), rounds_tiles=None):
    st = action_state(factions, buildings, boosters=_boosters(len(factions)))
    # keep only quiet boosters in play: nobody has to choose an income order
    st["boosters"] = {b: st["boosters"].get(b) for b in QUIET}
    # federation tiles by default: the tests below form no federation, so no round VP interferes
    st["round_scoring"] = list(rounds_tiles or ["score4"] * 6)
    return st


def _pass(st, seat, booster=None):
    b = None if st["round"] == 6 else _free(st, booster)
    return play(st, seat, f"pass {b}" if b else "pass")


def _pass_all(st):
    """Every player passes, in turn order, until the round (or the game) ends."""
    r = st["round"]
    while st["round"] == r and st["phase"] == "actions":
        st = _pass(st, st["current"])
    return st


# ----------------------------------------------------------------------------- turns

def test_GP_ACT_1_one_action_then_next_player_and_passed_players_are_skipped():
    st = _game(["terrans", "xenos", "geodens"])
    for p in st["players"]:
        p["k"] = 12
    st = play(st, 0, "up terra.")
    assert st["current"] == 1
    st = _pass(st, 1)
    assert st["current"] == 2
    st = play(st, 2, "up eco.")
    assert st["current"] == 0
    st = play(st, 0, "up eco.")
    assert st["current"] == 2   # seat 1 has passed: skipped
    with pytest.raises(IllegalMove):
        play(st, 1, "up terra.")


def test_GP_ACT_3_actions_repeat_but_pass_is_once_per_round():
    st = _game(["terrans", "xenos"])
    st["players"][0]["k"] = 12
    st["players"][1]["k"] = 12
    st = play(st, 0, "up terra.")
    st = play(st, 1, "up terra.")
    st = play(st, 0, "up terra.")   # the same action again in a later turn
    assert st["players"][0]["research"]["terra"] == 2
    st = _pass(st, 1)
    st = play(st, 0, "up nav.")
    assert st["players"][1]["passed"] and st["current"] == 0
    with pytest.raises(IllegalMove):
        _pass(st, 1)   # a second pass in the same round


def test_GP_ACT_4_free_actions_before_and_after_the_main_action():
    st = _game(["terrans", "xenos"])
    p = st["players"][0]
    p["k"] = 3
    set_power(p, 0, 0, 5)
    st2 = play(st, 0, "spend 4pw for 1k. up terra. spend 1pw for 1c.")
    q = st2["players"][0]
    assert q["research"]["terra"] == 1 and q["c"] == p["c"] + 1 and q["k"] == 0
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, f"pass {_free(st)}. spend 1pw for 1c")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.after_pass", "GP-PASS-4")
    with pytest.raises(IllegalMove):
        play(st, 1, "spend 1pw for 1c")   # not seat 1's turn


def test_GP_ACT_5_an_action_is_atomic():
    st = _game(["terrans", "xenos"], [(0, "m", "3A7")])
    p = st["players"][0]
    p["o"] = 3   # Desert 3A6 is 3 steps: 1 + 9 ore needed
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build m 3A6.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.resource_for", "GP-ACT-5")
    assert st["players"][0]["o"] == 3 and E.locate(st, "3A6") not in st["bld"]
    set_power(p, 0, 0, 5)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "action power2.")   # terraforming steps without a mine
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.action_build_followup", "GP-MINE-9")


def test_GP_ACT_6_and_GP_RPL_6_offers_after_the_whole_turn_line():
    st = _game(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    p = st["players"][0]
    set_power(p, 0, 0, 2)
    st2 = play(st, 0, "build ts 3A7. spend 1pw for 1c.")   # trailing free action in the same turn
    assert st2["players"][0]["c"] == p["c"] - 3 + 1
    assert st2["offer"]["seat"] == 1 and GAME.waiting_for(st2) == {1}
    st3 = play(st2, 1, "decline")
    assert st3["offer"] is None and st3["current"] == 1


# ----------------------------------------------------------------------------- income

def test_GP_INC_1_income_sources_and_GP_PASS_7_new_booster_pays_next_round():
    st = _game(["terrans", "xenos"], [(0, "m", "3A7"), (0, "m", "3B2"), (0, "ts", "3A3")])
    p = st["players"][0]
    p["techs"] += [{"id": "tech6", "pos": "int", "covered": False}, {"id": "tech5", "pos": "gaia", "covered": True}]
    E.touch_income(p, "tech:tech6")
    p["research"].update(eco=2, sci=1)
    E.touch_income(p, "res:eco")
    E.touch_income(p, "res:sci")
    st["boosters"]["booster1"] = None
    st["boosters"]["booster4"] = 0
    p["booster"] = "booster4"
    before = dict(o=p["o"], k=p["k"], c=p["c"], q=p["q"])
    st = play(st, 0, "pass booster1")
    assert {r: st["players"][0][r] for r in "okcq"} == before   # nothing until the next income phase
    st = _pass(st, 1, "booster6")
    q = st["players"][0]
    assert st["round"] == 2 and st["phase"] == "actions"
    # base 1o 1k; mines 1o+1o; TS 3c; tech6 1k 1c (covered tech5 pays nothing); eco 2: 2c 1o 2pw; sci 1: 1k;
    # booster1: 1k 1o
    assert (q["o"] - before["o"], q["k"] - before["k"], q["c"] - before["c"]) == (5, 4, 6)
    assert power(q) == (2, 6, 0, 0)


def test_GP_INC_2_and_GP_POW_9_player_orders_tokens_and_charges():
    def income_state():
        st = action_state(["xenos", "terrans"])
        st["phase"] = "income"
        p = st["players"][0]
        set_power(p, 0, 1, 0)
        p["income_todo"] = ["o,2t", "2c,pw"]
        p["waiting"] = "income"
        return st
    a = play(income_state(), 0, "income 2t")
    assert power(a["players"][0])[:3] == (1, 2, 0)   # tokens first, then I -> II
    b = play(income_state(), 0, "income 1pw")
    assert power(b["players"][0])[:3] == (2, 0, 1)   # charge II -> III first, then tokens


def test_GP_INC_3_income_slots_follow_the_buildings_on_the_map():
    def totals(st):
        out = {}
        for ev in E.income_events(st, 0):
            for n, t in E.parse_rewards(ev):
                out[t] = out.get(t, 0) + n
        return out
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (0, "m", "3B2"), (0, "m", "3A3")])
    assert totals(st)["o"] == 1 + 2            # third mine slot is empty
    place(st, 0, "m", "1B1")
    assert totals(st)["o"] == 1 + 3
    st["players"][0]["c"] = 30
    st = play(st, 0, "build ts 1B1.")         # the mine goes back: 3 mines on the map again
    t = totals(st)
    assert t["o"] == 1 + 2 and t["c"] == 3


def test_GP_INC_5_income_respects_the_caps():
    st = _game(["terrans", "xenos"], [(0, "ts", "3A7"), (0, "ts", "3B2")])
    p = st["players"][0]
    p.update(o=15, c=27, k=15)
    st = _pass_all(st)
    q = st["players"][0]
    assert st["round"] == 2 and (q["o"], q["c"], q["k"]) == (15, 30, 15)


# ----------------------------------------------------------------------------- Gaia phase

def test_GP_GAIA_2_tokens_return_to_bowl_one_and_GP_FAC_TER_1_terrans_to_bowl_two():
    st = action_state(["xenos", "terrans"])
    set_power(st["players"][0], 1, 1, 1, 3)
    set_power(st["players"][1], 1, 1, 1, 3)
    E.gaia_phase(st)
    assert power(st["players"][0]) == (4, 1, 1, 0)
    assert power(st["players"][1]) == (1, 4, 1, 0)


def test_GP_GAIA_3_brainstone_and_baltaks_gaiaformers_come_back():
    st = action_state(["taklons", "baltaks"])
    tk = st["players"][0]
    set_power(tk, 0, 2, 0, 1)
    tk["brainstone"] = "gaia"
    bt = st["players"][1]
    bt["gf_gaia"] = 1
    assert E.gf_available(st, bt, 1) == 0
    E.gaia_phase(st)
    assert st["players"][0]["brainstone"] == "area1" and power(st["players"][0]) == (1, 2, 0, 0)
    assert E.gf_available(st, st["players"][1], 1) == 1


def test_GP_GAIA_4_and_GP_GF_7_round_six_project_never_completes():
    st = _game(["terrans", "xenos"], [(0, "m", "3A7"), (0, "m", "3B2")])
    st["round"] = 6
    p = st["players"][0]
    p["research"]["nav"] = 2
    st = play(st, 0, "build gf 3A0.")
    k = E.locate(st, "3A0")
    st = _pass(st, 1)
    st = _pass(st, 0)
    assert st["phase"] == "over" and st["round"] == 6
    assert E.planet_of(st, k) == "m" and st["gf"][k] == 0


# ----------------------------------------------------------------------------- passing, clean-up

def test_GP_PASS_1_and_GP_PASS_6_first_passer_leads_next_round_GP_CLEAN_4():
    st = _game(["terrans", "xenos", "geodens"])
    st = play(st, 0, "up terra.") if st["players"][0]["k"] >= 4 else st
    st["current"] = 1
    st = _pass(st, 1)
    assert st["players"][1]["passed"] and st["current"] == 2
    st = _pass(st, 2)
    assert st["current"] == 0
    st = _pass(st, 0)
    assert st["round"] == 2 and st["order"] == [1, 2, 0]   # clockwise from the first passer
    assert GAME.waiting_for(st) == {1}


def test_GP_VAR_4_pass_order_variant_and_GP_CLEAN_4_clockwise_default():
    orders = {}
    for mode in ("clockwise", "passOrder"):
        st = _game(["terrans", "xenos", "geodens"])
        st["options"]["turn_order"] = mode
        st["current"] = 1
        st = _pass(st, 1)
        st["current"] = 0
        st = _pass(st, 0)
        assert st["current"] == 2
        st = _pass(st, 2)
        assert st["round"] == 2
        orders[mode] = st["order"]
    assert orders == {"clockwise": [1, 2, 0], "passOrder": [1, 0, 2]}


def test_GP_VAR_3_round_one_order_is_seating_order():
    st = GAME.new_game({"players": 3, "factions": "first-game", "turn_order": "passOrder"}, 2)
    while st["round"] == 0 or st["phase"] == "income":
        (seat,) = GAME.waiting_for(st)
        st = GAME.apply(st, GAME.legal_moves(st, seat)[0])
    assert st["order"] == [0, 1, 2] and GAME.waiting_for(st) == {0}


def test_GP_PASS_2_pass_vp_from_booster_and_advanced_tiles():
    st = _game(["terrans", "xenos"], [(0, "lab", "3A7"), (0, "lab", "3B2"), (0, "m", "3B5")])
    p = st["players"][0]
    st["boosters"]["booster8"] = 0
    st["boosters"]["booster1"] = None
    p["booster"] = "booster8"   # 3 VP per lab
    p["techs"] += [{"id": "advtech5", "pos": "adv-int", "covered": False},    # 3 VP per lab
                   {"id": "advtech7", "pos": "adv-eco", "covered": False},    # 1 VP per planet type
                   {"id": "advtech1", "pos": "adv-sci", "covered": True}]     # covered: nothing
    p["feds"].append({"id": "fed2", "green": True})
    st2 = play(st, 0, "pass booster1")
    assert st2["players"][0]["vp"] == 10 + 6 + 6 + 3


def test_GP_PASS_5_and_GP_LEECH_7_passed_players_still_charge():
    st = _game(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A3")])
    st["current"] = 1
    st = _pass(st, 1)
    assert st["current"] == 0
    st = play(st, 0, "build m 3B2.")
    assert st["offer"]["seat"] == 1
    before = power(st["players"][1])
    st = play(st, 1, f"charge {st['offer']['offers'][0]}")
    assert power(st["players"][1]) != before


def test_GP_CLEAN_1_board_and_special_actions_come_back():
    st = _game(["terrans", "xenos"], [(0, "m", "3A7")])
    p = st["players"][0]
    set_power(p, 0, 0, 8)
    p["techs"].append({"id": "tech9", "pos": "free1", "covered": False})
    st = play(st, 0, "action power4.")
    st = _pass(st, 1)
    st = play(st, 0, "special 4pw.")
    assert "power4" in st["used_actions"] and st["players"][0]["used"]
    st = _pass(st, 0)
    assert st["round"] == 2 and st["used_actions"] == [] and st["players"][0]["used"] == []
    st["current"] = 0
    set_power(st["players"][0], 0, 0, 8)
    st = play(st, 0, "action power4.")
    st["current"] = 0
    st = play(st, 0, "special 4pw.")


def test_GP_CLEAN_2_passed_markers_are_reset():
    st = _game(["terrans", "xenos"])
    st = _pass_all(st)
    assert st["round"] == 2 and not any(p["passed"] for p in st["players"]) and st["passed"] == []
    held = [b for b, h in st["boosters"].items() if h is not None]
    assert len(held) == 2   # the boosters taken when passing stay with their holders


def test_GP_CLEAN_3_round_tile_only_in_its_round():
    st = _game(["terrans", "xenos"], [(0, "m", "3A7")], rounds_tiles=["score3", "score2", "score4", "score5",
                                                                     "score6", "score8"])
    st["players"][0]["o"] = 15
    st2 = play(st, 0, "build m 3B2.")       # score3: +2 VP per mine in round 1
    assert st2["players"][0]["vp"] == 12
    st = _pass_all(st)
    assert st["round"] == 2
    st["current"] = 0
    st["players"][0]["o"] = 15
    st3 = play(st, 0, "build m 3B2.")
    assert st3["players"][0]["vp"] == st["players"][0]["vp"]


def test_GP_RND_1_and_GP_CLEAN_5_six_rounds_then_final_scoring():
    st = _game(["terrans", "xenos"])
    rounds = []
    while st["phase"] != "over":
        rounds.append(st["round"])
        st = _pass_all(st)
    assert rounds == [1, 2, 3, 4, 5, 6] and st["round"] == 6
    assert any(k.startswith("final:") for k in st["players"][0]["vp_src"])
    assert GAME.is_over(st)


def test_GP_RPL_7_returned_booster_is_free_for_later_passers():
    st = _game(["terrans", "xenos"])
    old = st["players"][0]["booster"]
    st = play(st, 0, f"pass {_free(st)}")
    assert st["boosters"][old] is None
    st = play(st, 1, f"pass {old}")
    assert st["players"][1]["booster"] == old


# ----------------------------------------------------------------------------- scoring

def test_GP_SCORE_2_round_tile_pays_the_deed():
    st = _game(["terrans", "xenos"], [(0, "m", "3A7")], rounds_tiles=["score5", "score2", "score3", "score4",
                                                                     "score6", "score8"])
    st2 = play(st, 0, "build ts 3A7.")
    assert st2["players"][0]["vp"] == 14


def test_GP_SCORE_3_vp_from_tokens_tiles_and_gaia_level_five():
    st = _game(["terrans", "xenos"], [(0, "m", "3B5"), (0, "m", "3A0")])
    st["planet"][E.locate(st, "3A0")] = "g"
    p = st["players"][0]
    p["research"]["gaia"] = 4
    p["k"] = 4
    p["feds"].append({"id": "fed1", "green": False})
    p["feds"].append({"id": "fed6", "green": True})
    st2 = play(st, 0, "up gaia.")
    assert st2["players"][0]["vp"] == 10 + 4 + 2   # Gaia Project 5: 4 VP + 1 per Gaia planet


def test_GP_SCORE_4_and_GP_LEECH_4_charging_n_costs_n_minus_one():
    st = _game(["terrans", "xenos"], [(0, "m", "3A7"), (1, "ts", "3A6")])
    st = play(st, 0, "build m 3B2.")
    assert st["offer"]["offers"] == ["2pw"]
    with pytest.raises(IllegalMove):
        play(st, 1, "charge 1pw")           # no partial charge
    st2 = play(st, 1, "charge 2pw")
    assert st2["players"][1]["vp"] == 9


def test_GP_END_1_final_tiles_pay_18_12_6_0():
    st = action_state(["terrans", "xenos", "geodens", "firaks"],
                      [(0, "m", "3A7"), (0, "m", "3B2"), (0, "m", "3A3"), (1, "m", "3A6"), (1, "m", "1B1"),
                       (2, "m", "1A5"), (3, "m", "1A6"), (3, "m", "5A7"), (3, "m", "5A0"), (3, "m", "5A3")])
    st["final_scoring"] = ["structure", "gaia"]
    for p in st["players"]:
        set_power(p, 0, 0, 0)
        p.update(o=0, c=0, k=0, q=0)
    E.final_scoring(st)
    assert [p["vp_src"].get("final:structure", 0) for p in st["players"]] == [12, 6, 0, 18]


def test_GP_END_4_a_count_of_zero_scores_nothing():
    st = action_state(["terrans", "xenos", "geodens"], [(0, "m", "3A7"), (0, "m", "3B2"), (1, "m", "3A6")])
    st["final_scoring"] = ["structure", "gaia"]
    E.final_scoring(st)
    assert [p["vp_src"].get("final:structure", 0) for p in st["players"]] == [18, 12, 0]
    assert [p["vp_src"].get("final:gaia", 0) for p in st["players"]] == [0, 0, 0]


def test_GP_END_7_most_vp_wins_ties_share():
    st = _game(["terrans", "xenos", "geodens"])
    st["phase"] = "over"
    for s, vp in enumerate((40, 52, 52)):
        st["players"][s]["vp"] = vp
    assert GAME.winners(st) == [1, 2]
    st["players"][2]["vp"] = 30
    assert GAME.winners(st) == [1]


def test_GP_RES_9_research_vp_at_the_end():
    st = action_state(["terrans", "xenos"])
    st["final_scoring"] = ["structure", "gaia"]
    st["players"][0]["research"].update(nav=5, terra=3, eco=4, int=2)
    E.final_scoring(st)
    assert st["players"][0]["vp_src"]["final:research"] == 12 + 4 + 8


def test_GP_RPL_10_reported_end_state_after_conversion():
    st = _game(["terrans", "xenos"])
    st["round"] = 6
    p = st["players"][0]
    set_power(p, 0, 4, 3)
    p.update(c=10, o=2, k=1, q=2)
    st = _pass(st, 0)
    st = _pass(st, 1)
    q = st["players"][0]
    # burn 2 (II -> III), 5 bowl-III power -> 5 credits, 2 QIC -> 2 ore
    assert (q["c"], q["o"], q["q"]) == (15, 4, 0) and power(q)[:3] == (5, 0, 0)


INCOME_ROWS = {  # §10.1 / §10.9: base income, PI income, first two TS, three labs, knowledge academy
    "terrans": (["o,k"], ["4pw", "t"], ["3c", "4c"], ["k", "k", "k"], ["2k"]),
    "lantids": (["o,k"], ["4pw"], ["3c", "4c"], ["k", "k", "k"], ["2k"]),
    "xenos": (["o,k"], ["4pw", "q"], ["3c", "4c"], ["k", "k", "k"], ["2k"]),
    "gleens": (["o,k"], ["4pw", "o"], ["3c", "4c"], ["k", "k", "k"], ["2k"]),
    "ambas": (["2o,k"], ["4pw", "2t"], ["3c", "4c"], ["k", "k", "k"], ["2k"]),
    "hadsch-hallas": (["o,k,3c", "2c,pw"], ["4pw", "t"], ["3c", "4c"], ["k", "k", "k"], ["2k"]),
    "ivits": (["o,k,q"], ["4pw", "t"], ["3c", "4c"], ["k", "k", "k"], ["2k"]),
    "firaks": (["o,2k"], ["4pw", "t"], ["3c", "4c"], ["k", "k", "k"], ["2k"]),
    "bescods": (["o"], ["4pw", "2t"], ["k", "k"], ["3c", "4c", "5c"], ["2k"]),
    "nevlas": (["o,k", "k"], ["4pw", "t"], ["3c", "4c"], ["2pw", "2pw", "2pw"], ["2k"]),
    "itars": (["o,k,t"], ["4pw", "t"], ["3c", "4c"], ["k", "k", "k"], ["3k"]),
}


@pytest.mark.parametrize("faction", sorted(INCOME_ROWS))
def test_GP_INC_3_faction_board_income_rows(faction):
    base, pi, ts, lab, ac1 = INCOME_ROWS[faction]
    other = "xenos" if faction in ("terrans", "lantids") else "terrans"

    def extra(blds):
        st = action_state([faction, other], [(0, t, n) for t, n in blds])
        return E.income_events(st, 0)[len(base):]
    assert E.income_events(action_state([faction, other]), 0) == base
    assert extra([("PI", "3A7")]) == pi
    assert extra([("ts", "3A7"), ("ts", "3B2")]) == ts
    assert extra([("lab", "3A7"), ("lab", "3B2"), ("lab", "3A6")]) == lab
    assert extra([("ac1", "3A7")]) == ac1


def test_GP_PASS_2_round_six_pass_still_scores_the_returned_booster():
    st = _game(["terrans", "xenos"], [(0, "m", "3A7"), (0, "m", "3B2"), (0, "m", "3A3")])
    st["round"] = 6
    st["boosters"]["booster6"] = 0
    st["boosters"]["booster1"] = None
    st["players"][0]["booster"] = "booster6"   # 1 VP per mine when passing
    st2 = play(st, 0, "pass")
    assert st2["players"][0]["vp"] == 13 and st2["boosters"]["booster6"] is None
