"""Counting definitions (GP-CNT-*) and supply limits (GP-COMP-*), checked through the effects that use them."""
import pytest

from rules.base import IllegalMove
from rules.gaia import GAME
from rules.gaia import engine as E
from rules.gaia.tables import FED_TOKENS, STD_BUILDINGS, STD_TECHS

from .helpers import action_state, place, play, set_power


def _guest(st, seat, name):
    """A Lantids mine sharing an opponent's planet (GP-FAC-LAN-1)."""
    k = E.locate(st, name)
    st["guest"][k] = seat
    E.bump(st["players"][seat], "m", 1)
    return k


def _lost(st, seat, name):
    k = E.locate(st, name)
    st["bld"][k] = [seat, "lp"]
    st["planet"][k] = "l"
    return k


def _free_booster(st):
    return next(b for b, h in st["boosters"].items() if h is None)


def test_GP_CNT_1_mines_include_lost_planet_and_shared_mines():
    # booster6: "when passing: 1 VP per mine"
    st = action_state(["lantids", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")], boosters=["booster6", "booster1"])
    _guest(st, 0, "3A6")
    _lost(st, 0, "3B4")
    st2 = play(st, 0, f"pass {_free_booster(st)}")
    assert st2["players"][0]["vp"] == 10 + 3
    assert E.count_mines(st, 1) == 1  # the host's own mine is still one mine for the host


def test_GP_CNT_2_trading_stations_labs_and_big_buildings():
    blds = [(0, "ts", "3A7"), (0, "ts", "3A6"), (0, "lab", "3B2"), (0, "PI", "3A3"), (0, "ac1", "1A5"),
            (0, "m", "1B1")]
    for booster, vp in (("booster7", 2 * 2), ("booster8", 3 * 1), ("booster9", 4 * 2)):
        st = action_state(["terrans", "xenos"], blds, boosters=[booster, "booster1"])
        st2 = play(st, 0, f"pass {_free_booster(st)}")
        assert st2["players"][0]["vp"] == 10 + vp, booster


def test_GP_CNT_3_planet_types_main_occupant_only():
    # qic3: 3 VP + 1 VP per planet type; the Lantids guest mine on the desert planet does not count
    st = action_state(["lantids", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6"), (0, "m", "1B1")])
    _guest(st, 0, "3A6")
    _lost(st, 0, "3B4")
    st["players"][0]["q"] = 2
    st2 = play(st, 0, "action qic3.")
    assert st2["players"][0]["vp"] == 10 + 3 + 2  # Terra (twice = one type) and Lost


def test_GP_CNT_3_gaia_and_lost_are_separate_types():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (0, "m", "3B5"), (0, "m", "3B2")])
    _lost(st, 0, "3B4")
    assert E.final_count(st, 0, "planetType") == 4  # Terra, Gaia, Ice, Lost


def test_GP_CNT_4_gaia_planets_include_converted_transdim():
    # booster10: "when passing: 1 VP per Gaia planet"
    st = action_state(["lantids", "xenos"], [(0, "m", "3B5"), (0, "m", "3A0"), (1, "m", "5B5")],
                      boosters=["booster10", "booster1"])
    st["planet"][E.locate(st, "3A0")] = "g"   # a completed Gaia project
    _guest(st, 0, "5B5")                      # shared Gaia planet: not counted
    st2 = play(st, 0, f"pass {_free_booster(st)}")
    assert st2["players"][0]["vp"] == 10 + 2
    assert E.final_count(st, 0, "gaia") == 2 and E.final_count(st, 1, "gaia") == 1


def test_GP_CNT_5_sectors_count_structures_not_gaiaformers():
    st = action_state(["lantids", "xenos"], [(0, "m", "3A7"), (1, "m", "1A5")])
    _guest(st, 0, "1A5")                       # sector 1 via a shared mine
    st["gf"][E.locate(st, "5A2")] = 0          # sector 5: only a gaiaformer
    assert E.final_count(st, 0, "sector") == 2
    _lost(st, 0, "4B1")                        # Lost Planet in sector 4
    assert E.final_count(st, 0, "sector") == 3


def test_GP_CNT_6_structures_each_hex_once():
    st = action_state(["lantids", "xenos"], [(0, "m", "3A7"), (0, "ts", "3A3"), (1, "PI", "1A5")])
    _guest(st, 0, "1A5")
    _lost(st, 0, "3B4")
    st["gf"][E.locate(st, "3A0")] = 0
    assert E.final_count(st, 0, "structure") == 4
    assert E.final_count(st, 1, "structure") == 1


def test_GP_CNT_7_structures_in_federations():
    st = action_state(["terrans", "xenos"], [(0, "PI", "3A7"), (0, "ts", "3A6"), (0, "ts", "3B2"),
                                             (0, "m", "1B1")])
    set_power(st["players"][0], 4, 4, 0)
    st2 = play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed4.")
    assert E.final_count(st2, 0, "structureFed") == 3  # the satellite hex and 1B1 do not count
    assert E.final_count(st2, 0, "structure") == 4


def test_GP_CNT_8_satellites_plus_space_stations():
    st = action_state(["ivits", "xenos"], [(0, "PI", "3A7")])
    for name in ("-1x0", "0x-1", "0x0"):
        st["sat"][E.locate(st, name)] = [0]
    st["sat"][E.locate(st, "-1x0")].append(1)
    for name in ("3B4", "3B3"):
        st["station"][E.locate(st, name)] = 0
        E.bump(st["players"][0], "sp", 1)
    assert E.final_count(st, 0, "satellite") == 5
    assert E.final_count(st, 1, "satellite") == 1


def test_GP_CNT_9_federations_are_tokens_owned_green_or_grey():
    # advtech1: "when passing: 3 VP per federation token owned"
    st = action_state(["gleens", "terrans"], boosters=["booster1", "booster2"])
    p = st["players"][0]
    p["techs"].append({"id": "advtech1", "pos": "adv-terra", "covered": False})
    p["feds"] = [{"id": "fed1", "green": False}, {"id": "gleens", "green": True}, {"id": "fed3", "green": False}]
    st2 = play(st, 0, f"pass {_free_booster(st)}")
    assert st2["players"][0]["vp"] == 10 + 9


def test_GP_COMP_1_building_supply_limits():
    st = action_state(["terrans", "xenos"], [(0, "ts", n) for n in ("3A7", "3A6", "3B2", "3A3")] + [(0, "m", "1B1")])
    p = st["players"][0]
    p.update(o=15, c=30)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build ts 1B1.")               # a fifth trading station
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.none_left", "GP-COMP-1")
    place(st, 0, "PI", "1A5")
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build PI 3A7.")               # a second planetary institute
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.none_left", "GP-COMP-1")
    st = action_state(["terrans", "xenos"], [(0, "ac1", "3A7"), (0, "lab", "3A6"), (0, "lab", "3B2")])
    st["players"][0].update(o=15, c=30)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "build ac1 3A6.")              # one academy of each type
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.none_left", "GP-COMP-1")
    st2 = play(st, 0, "build ac2 3A6. tech free1. decline")
    assert st2["players"][0]["n"]["ac2"] == 1
    st2["current"] = 0
    with pytest.raises(IllegalMove) as refused:
        play(st2, 0, "build ac2 3B2. tech free2. decline")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.academies", "GP-COMP-1")
    assert STD_BUILDINGS["m"]["count"] == 8 and STD_BUILDINGS["lab"]["count"] == 3


def test_GP_COMP_1_three_gaiaformers_at_most():
    st = action_state(["terrans", "xenos"])
    p = st["players"][0]
    p["k"] = 15
    p["research"]["gaia"] = 3
    p["gf_total"] = 2
    p["feds"].append({"id": "fed6", "green": True})
    st = play(st, 0, "up gaia.")
    assert st["players"][0]["gf_total"] == 3
    st["current"] = 0
    st = play(st, 0, "up gaia.")   # level 5 gives VP, not a fourth gaiaformer
    assert st["players"][0]["gf_total"] == 3


def test_GP_COMP_2_resource_caps_and_uncapped_qic():
    st = action_state(["xenos", "terrans"])
    p = st["players"][0]
    set_power(p, 0, 0, 12)
    p["c"] = 28
    assert play(st, 0, "action power4.")["players"][0]["c"] == 30
    p["o"] = 14
    assert play(st, 0, "action power3.")["players"][0]["o"] == 15
    p["k"] = 14
    assert play(st, 0, "action power5.")["players"][0]["k"] == 15
    p["q"] = 40
    p["k"] = 4
    assert play(st, 0, "spend 4pw for 1q. up terra.")["players"][0]["q"] == 41


def test_GP_COMP_3_at_most_25_satellites():
    st = action_state(["terrans", "xenos"], [(0, "PI", "3A7"), (0, "ts", "3A6"), (0, "ts", "3B2")])
    set_power(st["players"][0], 4, 4, 0)
    far = [k for k in (E.locate(st, n) for n in ("7A0", "7A1", "7A2", "7A3", "7A4", "7A5", "7A7", "7A8",
                                                  "7A9", "7A11", "7B1", "7B3", "7B5", "7C",
                                                  "6A0", "6A2", "6A3", "6A6", "6A7", "6A8", "6A9", "6A10",
                                                  "6A11", "6B0", "6B2", "6B4"))
           if E.planet_of(st, k) == "e"]
    assert len(far) >= 24
    for k in far[:24]:
        st["sat"][k] = [0]
    st2 = play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed4.")   # the 25th satellite is fine
    assert E.satellites_of(st2, 0) == 25
    st["sat"][far[24]] = [0]
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed4.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.no_sats", "GP-COMP-3")


def test_GP_COMP_4_every_player_may_own_each_standard_kind():
    assert len(STD_TECHS) == 9
    st = action_state(["terrans", "xenos", "taklons", "firaks"],
                      [(0, "ts", "3A7"), (1, "ts", "1A9"), (2, "ts", "6A4"), (3, "ts", "7A6")])
    tid = st["tech"]["free1"]
    for s in range(4):
        st["players"][s].update(o=15, c=30)
        st["current"] = s
        st = play(st, s, "build lab %s. tech free1. decline" % ("3A7", "1A9", "6A4", "7A6")[s])
        while st["offer"]:
            st = play(st, st["offer"]["seat"], "decline")
    assert all(p["techs"][0]["id"] == tid for p in st["players"])


def test_GP_COMP_5_federation_token_piles():
    st = GAME.new_game({"players": 3}, 4)
    assert sorted(st["fed_supply"]) == [f"fed{i}" for i in range(1, 7)]
    assert all(n == (2 if t == st["terra_fed"] else 3) for t, n in st["fed_supply"].items())
    assert "gleens" in FED_TOKENS and "gleens" not in st["fed_supply"]
    st = action_state(["terrans", "xenos"], [(0, "PI", "3A7"), (0, "ts", "3A6"), (0, "ts", "3B2")])
    set_power(st["players"][0], 4, 4, 0)
    st["fed_supply"]["fed4"] = 0
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed4.")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.fed_left", "GP-COMP-5")
    st["fed_supply"]["fed4"] = 1
    st2 = play(st, 0, "federation 3A7,3A6,3B2,-1x0 fed4.")
    assert st2["fed_supply"]["fed4"] == 0
