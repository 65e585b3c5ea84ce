"""boardgamers.space variants: the faction auction (GP-VAR-12, GP-END-8) and the "more balanced"
faction boards (GP-VAR-13, §10.2b).  The auction cases are the platform engine's own test cases
(engine/src/auction-*.spec.ts of boardgamers/gaia-project, MIT): same moves, same outcomes."""
import random

import pytest

from rules.base import BadOptions, IllegalMove
from rules.gaia import GAME
from rules.gaia import engine as E
from rules.gaia.playout import check_invariants


def play_lines(players, auction, lines, **options):
    st = GAME.new_game(GAME.normalize_options({"players": players, "auction": auction, **options}), 1)
    for line in lines.split("\n"):
        line = line.strip()
        if line:
            st = GAME.apply(st, GAME.parse_move(st, int(line.split()[0][1:]) - 1, line))
    return st


def holdings(st):
    return [(p["faction"], p["bid"]) for p in st["players"]]


def test_GP_VAR_12_bid_while_choosing_three_players():
    st = play_lines(3, "bid-while-choosing", """
        p1 faction geodens
        p2 faction taklons
        p3 bid geodens 1
        p1 bid geodens 2
        p3 bid taklons 1
        p2 bid geodens 3
        p1 bid geodens 4
        p2 bid geodens 5
        p1 bid taklons 2
        p3 bid geodens 6
        p2 faction itars""")
    assert holdings(st) == [("taklons", 2), ("itars", 0), ("geodens", 6)]
    assert st["phase"] == "setup"


def test_GP_VAR_12_the_order_factions_were_chosen_in_is_the_table_order():
    st = play_lines(4, "bid-while-choosing", """
        p1 faction itars
        p2 faction taklons
        p3 bid itars 2
        p4 faction terrans
        p1 bid taklons 1
        p2 bid terrans 1
        p4 bid taklons 2
        p1 faction geodens""")
    assert [p["faction"] for p in st["players"]] == ["geodens", "terrans", "itars", "taklons"]
    # itars, taklons, terrans, geodens were chosen in that order: their holders build first
    assert st["table"] == [2, 3, 1, 0]
    assert [s for s, _kind in st["queue"][:4]] == [2, 3, 1, 0]
    assert [s for s, _kind in st["queue"][4:8]] == [0, 1, 3, 2]


def test_GP_VAR_12_choose_then_bid_three_players():
    st = play_lines(3, "choose-bid", """
        p1 faction geodens
        p2 faction taklons
        p3 faction itars
        p1 bid geodens 1
        p2 bid geodens 2
        p3 bid taklons 1
        p1 bid geodens 3
        p2 bid geodens 4
        p1 bid geodens 5
        p2 bid taklons 2
        p3 bid geodens 6
        p1 bid itars 1""")
    assert holdings(st) == [("itars", 1), ("taklons", 2), ("geodens", 6)]


def test_GP_VAR_12_choose_then_bid_accepts_zero_on_a_faction_nobody_holds():
    st = play_lines(2, "choose-bid", """
        p1 faction geodens
        p2 faction itars
        p1 bid itars 0
        p2 bid geodens 0""")
    assert holdings(st) == [("itars", 0), ("geodens", 0)]


@pytest.mark.parametrize("auction, lines, key", [
    ("bid-while-choosing", "p1 faction itars\np2 bid itars 0", "gaia.err.bid_range"),
    ("bid-while-choosing", "p1 faction geodens\np2 bid terrans 1", "gaia.err.bid_unchosen"),
    ("bid-while-choosing", "p1 faction geodens\np2 bid itars 1", "gaia.err.bid_unchosen"),
    ("bid-while-choosing", "p1 faction itars\np2 bid itars 1\np1 bid itars 12", "gaia.err.bid_range"),
    ("bid-while-choosing", "p1 faction itars\np2 bid itars x", "gaia.err.bid_number"),
    ("choose-bid", "p1 faction geodens\np2 faction itars\np1 bid itars 1\np2 bid itars 1", "gaia.err.bid_range"),
    ("choose-bid", "p1 faction geodens\np2 bid geodens 1", "gaia.err.bid_later"),
    ("none", "p1 faction geodens\np2 bid geodens 1", "gaia.err.no_auction"),
    ("bid-while-choosing", "p1 bid geodens 1", "gaia.err.bid_nothing_chosen"),
])
def test_GP_VAR_12_wrong_bids_are_refused_with_the_allowed_range(auction, lines, key):
    with pytest.raises(IllegalMove) as refused:
        play_lines(2, auction, lines)
    assert refused.value.msg.key == key


def test_GP_VAR_12_bids_follow_the_seat_order():
    with pytest.raises(IllegalMove) as refused:
        play_lines(4, "bid-while-choosing", "p1 faction geodens\np2 bid geodens 1\np4 bid geodens 2")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.not_your_decision", "GP-RPL-4")


def test_GP_VAR_12_legal_moves_offer_the_bids_the_platform_allows():
    st = play_lines(2, "bid-while-choosing", "p1 faction geodens")
    texts = [GAME.format_move(m) for m in GAME.legal_moves(st, 1)]
    assert [t for t in texts if t.startswith("p2 bid ")] == [f"p2 bid geodens {n}" for n in range(1, 10)]
    assert "p2 faction itars" in texts and "p2 faction geodens" not in texts
    assert GAME.complete(st, 1, "bid g")[:2] == ["bid geodens 1", "bid geodens 2"]


def test_GP_VAR_12_auction_needs_chosen_factions():
    with pytest.raises(BadOptions):
        GAME.new_game(GAME.normalize_options({"players": 2, "auction": "choose-bid", "factions": "random"}), 1)


def test_GP_END_8_bids_are_paid_in_VP_at_the_end():
    st = play_lines(2, "bid-while-choosing", "p1 faction terrans\np2 bid terrans 3\np1 faction geodens")
    assert holdings(st) == [("geodens", 0), ("terrans", 3)]
    rng = random.Random(5)
    while not GAME.is_over(st):
        seat = min(GAME.waiting_for(st))
        st = GAME.apply(st, GAME.random_move(st, seat, rng))
    terrans = st["players"][1]
    assert terrans["vp_src"]["bid"] == -3 and "bid" not in st["players"][0]["vp_src"]
    assert not check_invariants(st)


@pytest.mark.parametrize("faction, changed", [
    ("gleens", {"q": 1}), ("bescods", {"k": 2}), ("firaks", {"o": 4}), ("lantids", {"c": 15})])
def test_GP_VAR_13_more_balanced_starting_resources(faction, changed):
    standard = play_lines(3, "none", f"p1 faction {faction}")["players"][0]
    balanced = play_lines(3, "none", f"p1 faction {faction}", faction_variant="more-balanced")["players"][0]
    for key, value in changed.items():
        assert balanced[key] == value and standard[key] != value


@pytest.mark.parametrize("faction", ["firaks", "lantids"])
def test_GP_VAR_13_more_balanced_power_bowls(faction):
    p = play_lines(3, "none", f"p1 faction {faction}", faction_variant="more-balanced")["players"][0]
    assert (p["power"]["area1"], p["power"]["area2"], p["power"]["area3"]) == (4, 2, 0)


def test_GP_VAR_13_more_balanced_income_changes():
    st = play_lines(3, "none", "p1 faction itars\np2 faction xenos\np3 faction ivits", faction_variant="more-balanced")
    itars, xenos, ivits = st["players"]
    assert E.fac(itars)["income"] == "o,k"                       # no power token
    assert E.building_income(itars, "ac1") == ["2k"]
    assert E.building_income(itars, "PI") == [["4pw", "2t"]]
    assert E.building_income(xenos, "PI") == [["4pw", "q", "t"]]
    assert E.building_income(ivits, "PI") == [["4pw", "t"]]        # the Ivits change is for 2 players only
    standard = play_lines(3, "none", "p1 faction itars")["players"][0]
    assert E.fac(standard)["income"] == "o,k,t" and E.building_income(standard, "ac1") == ["3k"]


def test_GP_VAR_13_two_player_ivits_place_the_pi_after_the_first_mine():
    st = play_lines(2, "none", "p1 faction terrans\np2 faction ivits", faction_variant="more-balanced")
    assert st["queue"] == [[0, "m"], [1, "PI"], [0, "m"]]
    ivits = st["players"][1]
    assert ivits["q"] == 0 and E.building_income(ivits, "PI") == [["4pw"]]
    standard = play_lines(2, "none", "p1 faction terrans\np2 faction ivits")
    assert standard["queue"] == [[0, "m"], [0, "m"], [1, "PI"]]


def test_GP_VAR_13_recorded_options_select_the_variants():
    from rules.gaia.setup import from_record
    from tests.gaia.conftest import load_fixture
    record = load_fixture("nevla-leverage.json")
    record = {**record, "options": {**record["options"], "factionVariant": "more-balanced", "auction": True}}
    st = from_record(record)
    assert st["options"]["faction_variant"] == "more-balanced"
    assert st["options"]["auction"] == "bid-while-choosing"


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_GP_VAR_12_13_random_games_with_both_variants_end_with_invariants(players):
    rng = random.Random(players)
    st = GAME.new_game(GAME.normalize_options({"players": players, "auction": "choose-bid",
                                              "faction_variant": "more-balanced"}), players)
    for _ in range(3000):
        if GAME.is_over(st):
            break
        seat = min(GAME.waiting_for(st))
        st = GAME.apply(st, GAME.random_move(st, seat, rng))
        assert not check_invariants(st)
    assert GAME.is_over(st)
    assert all(p["vp"] == sum(p["vp_src"].values()) for p in st["players"])
