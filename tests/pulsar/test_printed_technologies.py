"""Pulsar 2849: the technologies as printed (issue 28; spec 8.6, PAT-*, A-MOD-3, 8.6.1 ABL-*).

Side A's effects are read from the public pictures (zet4080/pulsar img/A1-A3.webp); these tests
hold the engine to what those pictures say, and every technology to the public cost table."""
from __future__ import annotations

import json

import pytest

import data as game_data
from rules.base import IllegalMove
from rules.pulsar.actions import Payment, complete_hq, patent, pay
from rules.pulsar.data import tables
from rules.pulsar.economy import gyro_spin
from rules.pulsar.evaluation import projected
from rules.pulsar.flying import fly
from rules.pulsar.setup import new_game
from rules.pulsar.state import Gyrodyne


def game(players: int = 3, **options):
    state = new_game({"players": players, "first_game": True, **options}, 1)
    state.phase = "actions"
    for player in state.players:
        player.dice = [1, 2, 3, 4, 5, 6]
    return state


def test_8_6_every_technology_says_where_its_cost_mode_and_kind_come_from():
    """Every row is [public] for cost, mode, kind and place; an effect is public only when read."""
    rows = game_data.load_json("pulsar", "technologies.json")["technologies"]
    assert len(rows) == 68
    assert all(row["source"].startswith("[public] cost, patent mode, kind and place") for row in rows)
    read = [row["id"] for row in rows if "[designed]" not in row["source"]]
    assert all(tech.startswith("A") for tech in read) and len(read) == 17       # all of side A (AII-4a last)
    assert all("techActionsDictionary" in row["source"] for row in rows)


def test_8_6_the_json_rows_match_the_loaded_tables():
    rows = {row["id"]: row for row in json.loads(json.dumps(game_data.load_json("pulsar", "technologies.json")))[
        "technologies"]}
    for tech, info in tables().technologies.items():
        assert (info.cost, info.mode, info.kind, info.row) == (
            rows[tech]["cost"], rows[tech]["mode"], rows[tech]["kind"], rows[tech]["row"])


def test_ABL_ON_patent_AI_1b_pays_for_each_later_patent_not_for_itself():
    state = game()
    vp = state.players[0].vp
    patent(state, 0, "AI-1b", Payment(False, 3), 3)
    assert state.players[0].vp == vp                              # not for itself
    patent(state, 0, "AI-1c", Payment(False, 5), 5)
    assert state.players[0].vp == vp + 2


def test_ABL_ON_claim_pulsar_AI_1c_pays_when_the_ship_claims():
    state = game(4)
    player = state.players[0]
    player.patents = ["AI-1c"]
    player.ship, vp = "J04", player.vp
    fly(state, 0, ("J04", "P05"))
    assert state.pulsars["P05"] == 0 and player.vp == vp + 3


def test_A_MOD_3_AI_2a_flexes_only_the_spin_die_and_pays_3_VP_per_spin():
    """Two abilities on one technology: the flex is for spinning a gyrodyne only."""
    state = game()
    player = state.players[0]
    player.patents = ["AI-2a"]
    assert pay(state, 0, Payment(False, 4, None, ("AI-2a", 1)), "gyro_spin") == 5
    with pytest.raises(IllegalMove) as refused:
        pay(state, 0, Payment(False, 3, None, ("AI-2a", 1)), "fly")
    assert refused.value.rule == "A-MOD-3"
    state.pulsars["P05"] = 0
    state.gyros["P05"] = Gyrodyne("M")
    vp = player.vp
    gyro_spin(state, 0, "P05")
    assert player.vp == vp + 3


def test_ABL_ON_hq_AI_2c_pays_1_VP_per_project_and_flexes_the_hq_die():
    state = new_game({"players": 2}, 3)
    state.phase = "actions"
    player = state.players[0]
    player.hq_board, player.hq_side = 1, 1
    player.patents = ["AI-2c"]
    player.dice = [2]
    assert pay(state, 0, Payment(False, 2, None, ("AI-2c", -1)), "hq") == 1
    vp = player.vp
    complete_hq(state, 0, "HQ1-1.1a", 1)
    gained = tables().projects["HQ1-1.1a"].effects
    direct = sum(int(e.args[0]) for e in gained if e.name == "EFF-VP")
    assert player.vp == vp + direct + 1


def test_PAT_5_AI_2b_claims_an_isolated_pulsar_and_gives_a_gyrodyne_of_any_size():
    state = game(rules_version=2)
    state.round = 2
    patent(state, 0, "AI-2b", Payment(False, 5), 5)
    assert list(state.pulsars.items()) == [(tables().isolated("A")[0], 0)] and state.owed_gyro   # the size is asked
    old = game()
    old.round = 2
    patent(old, 0, "AI-2b", Payment(False, 5), 5)
    assert sum(old.players[0].gyro_reserve.values()) == 1


def test_EFF_VP_PER_AII_4a_pays_1_VP_per_station_on_a_planet_at_once():
    """PAT-5, EFF-VP-PER(station,1) (AII-4a as printed: a station in a planetary system, arrow,
    1 VP): the stations the owner has on planets when patenting, each 1 VP; an extra station of an
    exploration tile is no marker on a planet (as GOAL-3), another player's station is not theirs."""
    state = game()
    state.round = 4
    mine = list(state.systems)[:3]
    for location in mine:
        state.systems[location].planets[tables().systems[state.systems[location].tile].planets[0].slot] = "0"
    other = state.systems[list(state.systems)[3]]
    other.planets[tables().systems[other.tile].planets[0].slot] = "1"
    player = state.players[0]
    player.kept_exploration.append("EX11")
    vp, before = player.vp, projected(state, 0)
    patent(state, 0, "AII-4a", Payment(False, 2), 2)
    assert player.vp == vp + 3
    said = [event["values"] for event in state.events if event["msg"] == "pulsar.event.vp_per_station"]
    assert [(values["vp"], values["stations"]) for values in said] == [(3, 3)]     # the post says how many
    assert projected(state, 0) - before == pytest.approx(3 + 2.0)   # the computer sees the 3 VP (and 2 a patent)
    later = game()
    later.round = 4
    vp = later.players[1].vp
    patent(later, 1, "AII-4a", Payment(False, 2), 2)                # no station yet: nothing
    assert later.players[1].vp == vp


def test_PR_6_GRN_PER_two_stations_counts_board_stations_only():
    """GRN-PER(two_stations, n) counts the stations on planets, per 2 (spec 8.6.1), as EFF-VP-PER:
    an extra station of an exploration tile counts only in FS-7."""
    from rules.pulsar import GAME
    state = game()
    for location in list(state.systems)[:3]:
        state.systems[location].planets[tables().systems[state.systems[location].tile].planets[0].slot] = "0"
    state.players[0].kept_exploration.append("EX11")
    assert GAME._count(state, 0, "two_stations") == 1


def test_EFF_VP_PER_info_says_AII_4a_in_the_rulebook_terms():
    from rules.messages import render
    from rules.pulsar import GAME
    info = GAME.component("AII-4a")
    assert not info.stand_in and info.text.params["effects"].items[0].key == "pulsar.effect.EFF-VP-PER"
    assert "1 VP per station you have on a planet" in render(info.text, "en")
    assert "azonnal 1 pont minden bolygón álló állomásod után" in render(info.text, "hu")


def test_PR_5_time_row_bonus_round_one_is_zero_as_printed():
    assert tables().time_row_bonus[1] == 0 and tables().time_row_bonus[8] == 4


def test_10_1_a_flex_names_a_technology_of_any_printed_slot():
    from rules.pulsar.moves import parse_die
    assert parse_die("s1~CI-1c:+1").flex == ("CI-1c", 1)


def test_HQ_2_a_printed_side_opens_a_project_once_the_projects_joined_below_are_done():
    """HQ board A side 2 (img/playerboardA2.webp): the second row's left project stands on the
    bottom left and middle ones, not on the bottom right one."""
    state = new_game({"players": 2}, 3)
    player = state.players[0]
    player.hq_board, player.hq_side = 1, 2
    assert act_hq(state) == ["HQ1-2.1a", "HQ1-2.1b", "HQ1-2.1c"]
    complete_hq(state, 0, "HQ1-2.1a", 4)
    complete_hq(state, 0, "HQ1-2.1b", 1)
    assert act_hq(state) == ["HQ1-2.1c", "HQ1-2.2a"]              # 2b also stands on 1c
    complete_hq(state, 0, "HQ1-2.2a", 1)
    assert act_hq(state) == ["HQ1-2.1c", "HQ1-2.3a"]
    complete_hq(state, 0, "HQ1-2.3a", 2)
    assert "HQ1-2.M" not in act_hq(state)                         # the main project needs both third-row ones


def act_hq(state):
    from rules.pulsar.actions import hq_available
    return hq_available(state, 0)


def test_A_MOD_3_AI_1a_flexes_flights_and_transmitters_by_one():
    """img/A1.webp: a transmitter, the ship and a ±1 die; two flex abilities on one technology."""
    state = game()
    state.players[0].patents = ["AI-1a"]
    assert pay(state, 0, Payment(False, 3, None, ("AI-1a", -1)), "fly") == 2
    assert pay(state, 0, Payment(False, 4, None, ("AI-1a", 1)), "tx") == 5
    with pytest.raises(IllegalMove):
        pay(state, 0, Payment(False, 5, None, ("AI-1a", 1)), "patent")


def test_FS_1_AIII_7a_scores_by_the_number_of_spinning_gyrodyne_sizes():
    """img/A3.webp: X, Y, Z gyrodynes; x1 4, x2 8, x3 16 VP."""
    from rules.pulsar.economy import size_table
    state = game()
    state.players[0].patents = ["AIII-7a"]
    assert size_table(state, 0) == 0
    for pulsar, size, spinning in (("P05", "S", True), ("P11", "S", True), ("P16", "M", True), ("P22", "L", False)):
        state.pulsars[pulsar] = 0
        state.gyros[pulsar] = Gyrodyne(size, spinning)
    assert size_table(state, 0) == 8                              # S and M spin; L is still being built
    state.gyros["P22"].spinning = True
    assert size_table(state, 0) == 16
    state.players[0].patents = []
    assert size_table(state, 0) == 0


def test_HQ_2_info_says_what_a_printed_project_stands_on():
    from rules.pulsar import GAME
    assert GAME.component("HQ1-2.2b").text.key == "pulsar.comp.project.text_needs"
    assert GAME.component("HQ1-2.1a").text.key == "pulsar.comp.project.text_open"
    assert GAME.component("HQ1-1.2a").text.key == "pulsar.comp.project.text"          # designed: HQ-2's rows
    assert GAME.component("HQ3-2").text.key == "pulsar.comp.hq_board.text_printed" and not GAME.component("HQ3-2").stand_in
    assert GAME.component("HQ2-1").stand_in
