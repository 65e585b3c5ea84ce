"""The Pulsar 2849 rule IDs the worked examples do not name: one short test each (PU-<id>)."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.pulsar import GAME
from rules.pulsar.actions import Payment, check_patent, complete_hq, copy_leftover, hq_available, patent, pay
from rules.pulsar.data import tables
from rules.pulsar.dice import median_value, move, new_track, ranking
from rules.pulsar.economy import final_scoring_fixed, gyro_place, gyro_spin, gyro_take, stations
from rules.pulsar.flying import draw_exploration, fly
from rules.pulsar.setup import draft, legal_picks, new_game
from rules.pulsar.transmitters import link, pay_icon, take


def game(players: int = 3, **options):
    state = new_game({"players": players, "first_game": True, **options}, 1)
    state.phase = "actions"
    state.turn_queue = list(dict.fromkeys(state.order))
    return state


def play(state, seat, text):
    return GAME.apply(state, GAME.parse_move(state, seat, text))


def seat_up(state):
    return state.turn_queue[0]


def test_PU_P_SETUP_3_P_SETUP_4_P_SETUP_5_dice_count_by_players_and_no_median_yet():
    assert tables().by_players[4].silver_dice == 9 and tables().by_players[3].silver_dice == 7
    assert new_game({"players": 3}, 1).median is None


def test_PU_P_SETUP_7_P_SETUP_8_gyrodyne_supply_and_awards():
    state = new_game({"players": 3}, 1)
    assert state.gyro_supply == {"S": 10, "M": 10, "L": 10} and state.awards == {s: [7, 4] for s in "SML"}


def test_PU_P_SETUP_9_one_pm1_token_each():
    assert all(p.mods == {"pm1": 1, "p2": 0} for p in new_game({"players": 4}, 1).players)


def test_PU_P_SETUP_10_twelve_exploration_tiles_shuffled():
    assert sorted(new_game({"players": 3}, 1).exploration.pile) == sorted(tables().exploration)
    assert new_game({"players": 3}, 1).exploration.pile != new_game({"players": 3}, 2).exploration.pile


def test_PU_P_SETUP_12_a_normal_game_picks_one_side_per_tier():
    sides = {tuple(new_game({"players": 3}, seed).tech_sides) for seed in range(8)}
    assert len(sides) > 1


def test_PU_P_SETUP_13_and_P_SETUP_22_round_one_time_row_one():
    assert new_game({"players": 3}, 1).round == 1


def test_PU_P_SETUP_14_cubes_unlimited_start_at_zero():
    assert all(p.cubes == 0 for p in new_game({"players": 3}, 1).players)


def test_PU_P_SETUP_16_six_rings_and_markers():
    assert all((p.rings, p.markers) == (6, 30) for p in new_game({"players": 3}, 1).players)


def test_PU_P_SETUP_20_starting_vp_recorded_as_a_source():
    state = new_game({"players": 4}, 1)
    assert all(p.vp == p.vp_src["start"] for p in state.players)


def test_PU_D_ROLL_2_the_board_holds_the_dice_sorted():
    state = new_game({"players": 3, "first_game": True}, 1)
    for seat in list(state.gate_queue):
        state = GAME.apply(state, GAME.legal_moves(state, seat)[0])
    assert state.dice_board == sorted(state.dice_board) and len(state.dice_board) == 7


def test_PU_D_MED_2_D_MED_4_D_MED_5_encoding():
    assert median_value(8) == 4 and median_value(9) == 5 and median_value(2) == 1


def test_PU_D_DRAFT_1_D_DRAFT_3_and_D_END_1_four_player_snake_leaves_one_die():
    state = new_game({"players": 4, "first_game": True}, 2)
    for _ in range(4):
        state = GAME.apply(state, GAME.legal_moves(state, next(iter(GAME.waiting_for(state))))[0])
    assert state.draft_queue == state.order + list(reversed(state.order))
    while state.phase == "draft":
        seat = state.draft_queue[0]
        die, track, marker, _ = legal_picks(state, seat)[0]
        draft(state, seat, die, track, marker)
    assert len(state.dice_board) == 1


def test_PU_D_MOVE_4_D_MOVE_7_D_MOVE_8_tracks_and_stacks():
    track = new_track(11, 5, ["a", "b"])
    assert move(track, "a", 1, 1)[6] == ["a"]                    # D-MOVE-4: on top of the destination
    assert ranking(track) == ["b", "a"]                          # D-MOVE-7: the higher marker leads
    assert len(track) == 11
    state = new_game({"players": 3}, 1)                           # D-MOVE-8 as printed (img/Pulsar_dice_board.jpg):
    assert all(len(t) == 15 and t[7] for t in state.tracks.values())   # 15 spaces, penalties on the last two


def test_PU_A_TURN_1_A_TURN_2_turns_in_turn_order_one_per_player():
    state = game(2)
    assert state.turn_queue == list(dict.fromkeys(state.order)) and len(state.turn_queue) == 2


def test_PU_A_TURN_3_A_TURN_4_the_same_action_twice_and_unused_dice_lost_at_end():
    state = game(3)
    seat = seat_up(state)
    state.players[seat].dice = [1, 1]
    state = play(state, seat, "gyro take S s1")
    state = play(state, seat, "gyro take S s1")
    assert state.players[seat].gyro_reserve["S"] == 2
    state.players[seat].dice = [6]
    state = play(state, seat, "end")
    assert state.players[seat].dice == []


def test_PU_A_TURN_5_placing_a_gyrodyne_is_free():
    state = game(3)
    seat = seat_up(state)
    state.pulsars["P05"] = seat
    state.players[seat].gyro_reserve["S"] = 1
    state.gyro_supply["S"] -= 1
    after = play(state, seat, "gyro place S P05")
    assert after.gyros["P05"].size == "S" and after.players[seat].dice == state.players[seat].dice


def _turn_start(seat_dice=(3, 4)):
    """The first seat's turn of actions at its start: two dice, a gyrodyne to place, two
    stand-alone transmitters (TX-A04 not yet operational: a link forms no bonus die)."""
    state = game(3)
    seat = seat_up(state)
    state.players[seat].dice = list(seat_dice)
    state.pulsars["P05"] = seat
    state.players[seat].gyro_reserve["S"] = 1
    state.gyro_supply["S"] -= 1
    state.offer = ["TX-A01", "TX-A04", "TX-A03"]
    take(state, seat, "TX-A01", 1, 1)
    take(state, seat, "TX-A04", 1, 1)
    state.players[seat].bonus_used = False
    state.players[seat].red = None
    return state, seat


@pytest.mark.parametrize("free", ["gyro place S P05", "tx link TX-A04.1 TX-A01.1"])
def test_PU_A_TURN_5_a_free_action_at_a_turns_start_puts_the_turn_under_way_in_the_waiting_line(free):
    """A free action taken first left the thread's line plain ("Waiting for: Red"), as at a
    turn's start: the state now records it, and the line says more actions or the turn's end."""
    state, seat = _turn_start()
    assert GAME.waiting_hint(state) is None                        # a plain turn start
    after = play(state, seat, free)
    assert after.players[seat].dice == [3, 4] and not after.players[seat].bonus_used   # free: no die spent
    assert GAME.waiting_hint(after).key == "pulsar.wait.actions"
    assert GAME.waiting_hint(GAME.view(after, None)).key == "pulsar.wait.actions"       # public
    ended = play(after, seat, "end")
    assert not ended.free_acted                                    # the next turn starts plain


def test_PU_A_TURN_5_a_game_stored_before_free_actions_were_recorded_loads_as_none_taken():
    state, seat = _turn_start()
    data = GAME.dump_state(play(state, seat, "gyro place S P05"))
    assert data.pop("free_acted") is True
    assert GAME.load_state(data).free_acted is False


def test_PU_A_PAY_2_a_spent_die_is_gone_and_A_MOD_4_tokens_return():
    state = game()
    state.players[0].dice = [2]
    assert pay(state, 0, Payment(False, 2, "+1"), "fly") == 3
    assert state.players[0].dice == [] and state.players[0].mods["pm1"] == 0


def test_PU_A_MOD_1_A_MOD_2_A_MOD_5_A_MOD_6_one_token_per_die_and_the_token_supply():
    with pytest.raises(IllegalMove):
        GAME.parse_move(game(), 0, "buy pm s1+1+2")                 # A-MOD-2: tokens do not combine
    state = game()
    state.players[0].dice = [2]
    with pytest.raises(IllegalMove) as refused:
        pay(state, 0, Payment(False, 2, "+2"), "fly")             # A-MOD-5: no +2 token
    assert refused.value.rule == "A-MOD-5"
    from rules.pulsar.flying import gain
    from rules.pulsar.data import Effect
    gain(state, 0, (Effect("EFF-MOD", ("+2",)),) * 12)           # A-MOD-6: substitutes, never sold out
    assert state.players[0].mods["p2"] == 12


def test_PU_A_BONUS_2_A_BONUS_3_A_BONUS_4_the_red_die_is_spent_like_a_die_and_lost_at_the_end():
    state = game()
    seat = seat_up(state)
    state.dice_board = [3]
    state.players[seat].cubes = 4
    copy_leftover(state, seat, 3)
    assert pay(state, seat, Payment(True, 0), "buy_mod") == 3 and state.players[seat].red is None
    copy_state = game()
    s2 = seat_up(copy_state)
    copy_state.dice_board, copy_state.players[s2].cubes = [2], 4
    copy_leftover(copy_state, s2, 2)
    copy_state = play(copy_state, s2, "end")
    assert copy_state.players[s2].red is None


def test_PU_A_BONUS_5_and_PAT_6_a_doubler_needs_a_free_bonus_die():
    state = game()
    state.round = 3
    state.players[0].bonus_used = True
    with pytest.raises(IllegalMove) as refused:
        check_patent(state, 0, "AII-3a")                          # EFF-DOUBLER(2,2), img/A2.webp
    assert refused.value.rule == "PAT-6"


def test_PU_A_BONUS_6_a_transmitter_die_is_used_by_the_next_action_or_lost():
    state = game()
    seat = seat_up(state)
    state.offer = ["TX-A01", "TX-A04", "TX-A03"]
    state.players[seat].dice = [1, 1, 2, 2]
    state = play(state, seat, "tx take TX-A01 s1 icon=1")
    state = play(state, seat, "tx take TX-A04 s1 icon=1 link=TX-A01.1:1")
    state = play(state, seat, "tx pay TX-A04 icon=2 s2")
    assert state.players[seat].red == 5                           # 2 + 3 pips
    state = play(state, seat, "buy pm s2")                        # not the red die: it is lost
    assert state.players[seat].red is None


def test_PU_A_BONUS_7_a_zero_die_needs_an_ability_and_A_BONUS_8_doubler_not_with_red():
    state = game()
    state.players[0].red = 0
    with pytest.raises(IllegalMove):
        pay(state, 0, Payment(True, 0), "fly")
    state.players[0].patents.append("BI-1b")                      # ABL-ZERO for every action
    assert pay(state, 0, Payment(True, 0, None, None, True), "fly") == 1
    doubler = game()
    doubler.round = 3
    doubler.players[0].red = 3
    with pytest.raises(IllegalMove) as refused:
        patent(doubler, 0, "AII-3a", Payment(True, 0), 3)
    assert refused.value.rule == "A-BONUS-8"


def test_PU_A_MARK_1_stations_need_markers():
    state = game(4)
    state.players[0].markers = 0
    state.players[0].ship = "J07"
    fly(state, 0, ("J07", "S06"))
    assert "0" not in state.systems["S06"].planets.values()


def test_PU_FLY_1_FLY_2_a_die_flies_exactly_its_value():
    state = game(4)
    seat = seat_up(state)
    state.players[seat].ship = "H01"
    state.players[seat].dice = [2]
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, "fly s2 H01>J02")
    assert refused.value.rule == "FLY-1"


def test_PU_FLY_6_isolated_pulsars_cannot_be_entered_and_FLY_8_ships_share():
    from rules.pulsar.flight import flights
    assert all("P70" not in path for start in ("S25", "S68") for path in flights("A", start, 3))
    state = game(4)
    state.players[0].ship = state.players[1].ship = "J07"
    fly(state, 0, ("J07", "S06"))
    fly(state, 1, ("J07", "S06"))
    assert state.players[0].ship == state.players[1].ship == "S06"


def test_PU_FLY_9_FLY_10_GATERUN_1_GATERUN_2_GATERUN_4_GATERUN_5_GATERUN_6_gate_runs():
    state = game(4)
    player = state.players[0]
    player.hq_board, player.hq_side = 1, 1
    complete_hq(state, 0, "HQ1-1.1a", 1)
    complete_hq(state, 0, "HQ1-1.1b", 2)
    complete_hq(state, 0, "HQ1-1.1c", 3)                          # GATERUN-1: an unused run
    assert player.gate_runs == {"HQ1-1.1c": False}
    player.ship, vp = "J12", player.vp
    fly(state, 0, ("J12", "P11", "J10"), run=("HQ1-1.1c", "orange"))   # the start J12 is not visited
    assert player.vp - vp == 2 and player.gate_runs["HQ1-1.1c"]  # GATERUN-4: used
    hq_two = [p for p in tables().projects.values() if any(e.name == "EFF-GATERUN" and "/" in e.args[0]
                                                           for e in p.effects)]
    assert hq_two                                                 # GATERUN-5: colour chosen on use


def test_PU_FLY_BONUS_1_FLY_BONUS_2_REVEAL_1_STATION_0_STATION_1_STATION_3_STATION_4():
    state = game(4)
    system = next(loc for loc, s in state.systems.items() if s.tile == "PS15")   # bonus: two tokens
    route = next(loc for loc, near in tables().routes("A").items() if system in near and loc[0] in "JP")
    state.players[0].ship = route
    fly(state, 0, (route, system))
    assert state.systems[system].revealed and state.players[0].mods == {"pm1": 2, "p2": 1}
    assert state.systems[system].planets == {2: "0"}             # lowest blue slot
    assert [p.slot for p in tables().systems["PS15"].planets] == [1, 2, 3, 4]


def test_PU_EXPL_2_an_empty_pile_reshuffles_and_then_nothing():
    state = game()
    state.exploration.discards, state.exploration.pile = list(state.exploration.pile), []
    assert len(draw_exploration(state, 0)) == 1
    state.exploration.pile, state.exploration.discards = [], []
    assert draw_exploration(state, 0) == []


def test_PU_PULSAR_CLAIM_1_PULSAR_CLAIM_2_PULSAR_CLAIM_3_PULSAR_CLAIM_4():
    state = game(4)
    state.players[0].ship = "J04"
    fly(state, 0, ("J04", "P05"))
    assert state.pulsars["P05"] == 0                             # CLAIM-1
    state.players[1].ship = "J04"
    fly(state, 1, ("J04", "P05"))
    assert state.pulsars["P05"] == 0                             # CLAIM-3
    state.players[2].rings = 0
    state.players[2].ship = "J10"
    fly(state, 2, ("J10", "P11"))
    assert "P11" not in state.pulsars                            # CLAIM-2
    from rules.pulsar.actions import special
    from rules.pulsar.data import Effect
    special(state, 1, Effect("EFF-CLAIM-ISO"))
    assert state.pulsars["P70"] == 1                             # CLAIM-4: the first isolated pulsar


def test_PU_PULSAR_CLAIM_a_claim_may_be_declined():
    state = game(4)
    state.players[0].ship = "J04"
    fly(state, 0, ("J04", "P05"), claim=False)
    assert "P05" not in state.pulsars


def test_PU_TELEPORT_2_TELEPORT_3_never_a_starting_gate_and_optional():
    from rules.pulsar.flying import teleport
    state = game()
    with pytest.raises(IllegalMove):
        teleport(state, 0, "H01", "any")
    teleport(state, 0, "P16", "pulsar")
    assert state.players[0].ship == "P16"


def test_PU_ACT_GYRO_TAKE_ACT_GYRO_SPIN_AWARD_1_AWARD_4():
    state = game()
    gyro_take(state, 0, "L")
    state.pulsars["P05"] = 0
    gyro_place(state, 0, "L", "P05")
    gyro_spin(state, 0, "P05")
    assert state.gyros["P05"].spinning and tables().gyro_costs["L"] == (4, 6)
    assert state.awards["L"] == [7, 4]                           # one tile is not two


def test_PU_TX_ACT_TX_LINK_1_TX_LINK_3_ACT_TX_LINK():
    state = game()
    state.offer = ["TX-A01", "TX-A02", "TX-A03"]
    take(state, 0, "TX-A01", 1, 1)
    take(state, 0, "TX-A02", 1, 2)
    link(state, 0, "TX-A02", 1, "TX-A01", 1)
    assert state.players[0].links == [["TX-A02", "1", "TX-A01", "1"]]
    assert all(t.operational for t in state.players[0].transmitters)    # TX-ACT kept the link
    with pytest.raises(IllegalMove):
        pay_icon(state, 0, "TX-A01", 1, 1)


def test_PU_PAT_2_PAT_3_PAT_5_a_patent_marks_the_icon_and_gives_its_reward():
    state = game()
    state.round = 5
    cubes = state.players[0].cubes
    check_patent(state, 0, "AII-5a")
    patent(state, 0, "AII-5a", Payment(False, 1), 1)              # three cubes (img/A2.webp)
    assert state.patent_slots["AII-5a"] == [[0, 0]] and state.players[0].cubes == cubes + 3
    patent(state, 1, "AII-5a", Payment(False, 1), 1)
    with pytest.raises(IllegalMove) as refused:
        check_patent(state, 2, "AII-5a")
    assert refused.value.rule == "PAT-3"


def test_PU_HQ_1_HQ_3_HQ_4_no_hq_in_the_first_game_and_projects_once():
    state = game()
    assert hq_available(state, 0) == []
    normal = new_game({"players": 3}, 1)
    normal.players[0].hq_side = 1
    first = hq_available(normal, 0)[0]
    with pytest.raises(IllegalMove) as refused:
        complete_hq(normal, 0, first, 6)
    assert refused.value.rule == "HQ-3"


def test_PU_COPY_1_COPY_2_four_cubes_and_any_leftover_value():
    state = game()
    state.dice_board = [2, 6]
    with pytest.raises(IllegalMove) as refused:
        copy_leftover(state, 0, 6)
    assert refused.value.rule == "COPY-1"


def test_PU_FS_1_FS_2_FS_4_FS_5_GOAL_3_GOAL_4_GOAL_5_end_scoring():
    state = game()
    for player in state.players:
        player.vp, player.vp_src = 0, {}
    player = state.players[0]
    player.cubes = 5
    player.patents = ["CIII-7b"]                                  # PUR-CUBE-BOOST
    player.gyro_reserve["M"] = 1
    state.gyro_supply["M"] -= 1
    state.order = [1, 2, 0]
    final_scoring_fixed(state)
    assert player.vp == 2 * 2 + 1                                 # cube pairs doubled; a reserve tile
    assert stations(state, 0) == 0                                # GOAL-3: no marker on a planet


def test_PU_PR_8_and_PB_2_defaults_end_the_turn_and_spend_nothing():
    state = game()
    seat = seat_up(state)
    assert GAME.format_move(GAME.default_move(state, seat)) == "end"
    state.phase, state.pending = "production", [seat]
    assert GAME.format_move(GAME.default_move(state, seat)) == "prod none"


def test_PU_PB_3_gyrodynes_are_placed_only_in_the_owners_turn():
    state = game()
    other = [s for s in range(3) if s != seat_up(state)][0]
    with pytest.raises(IllegalMove):
        play(state, other, "gyro place S P05")


def test_PU_RNG_R2_RNG_R3_RNG_R4_rolls_and_shuffles_are_fixed_and_logged_by_seed():
    first, second = new_game({"players": 3}, 9), new_game({"players": 3}, 9)
    assert first.exploration.pile == second.exploration.pile and first.streams.counters == second.streams.counters


def test_PU_P_SETUP_1_P_SETUP_2_players_colours_and_the_cluster_side():
    options = {spec.name: spec for spec in GAME.options}
    assert (options["players"].min, options["players"].max) == (2, 4)
    assert options["cluster_side"].choices == ("A", "B") and options["cluster_side"].default == "A"
    assert [str(GAME.seat_label(new_game({"players": 4}, 1), seat)) for seat in range(4)] == \
        ["Red", "Green", "Blue", "Yellow"]


def test_the_explicit_clone_equals_a_deep_copy_and_shares_nothing_mutable():
    import copy
    import json
    import random
    from rules.pulsar.state import clone_state
    state = GAME.new_game({"players": 4}, 5)
    rng = random.Random(5)
    for _ in range(120):
        state = GAME.apply(state, GAME.random_move(state, rng.choice(sorted(GAME.waiting_for(state))), rng))
    clone = clone_state(state)
    assert json.dumps(GAME.dump_state(clone)) == json.dumps(GAME.dump_state(copy.deepcopy(state)))
    clone.players[0].mods["pm1"] += 5
    clone.systems["S03"].planets[9] = "0"
    clone.tracks["initiative"][0].append("x")
    assert json.dumps(GAME.dump_state(state)) != json.dumps(GAME.dump_state(clone))
    assert 9 not in state.systems["S03"].planets and "x" not in state.tracks["initiative"][0]


def test_PU_RNG_R4_H_3_the_log_shows_the_roll_the_reveals_and_drawn_tiles():
    from rules.messages import render
    state = GAME.new_game({"players": 3, "first_game": True}, 1)
    for seat in list(state.gate_queue):
        before = state
        state = GAME.apply(state, GAME.legal_moves(state, seat)[0])
    rolled = [render(m, "en") for m in GAME.events(before, None, state)]
    assert len(rolled) == 1 and ", ".join(str(v) for v in state.dice_board) in rolled[0]
    assert render(GAME.events(before, None, state)[0], "hu").startswith("1. forduló")


def test_PU_EFF_GYRO_CHOICE_the_move_chooses_the_size():
    state = game(3)
    seat = seat_up(state)
    state.round = 4
    state.tech_sides = ["AI", "CII", "AIII"]
    state.players[seat].dice = [6]
    after = play(state, seat, "patent CII-4b s6 choice=L")          # EFF-GYRO-ANY
    assert after.players[seat].gyro_reserve == {"S": 0, "M": 0, "L": 1}
    assert "patent CII-4b s6 choice=M" in [GAME.format_move(m) for m in GAME.legal_moves(state, seat)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_PU_R_1_side_B_random_games_end_after_round_8_with_the_invariants(players):
    import random
    state = GAME.new_game({"players": players, "cluster_side": "B"}, 30 + players)
    rng = random.Random(players)
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        state = GAME.apply(state, GAME.random_move(state, seat, rng))
        assert GAME.invariants(state) == []
    assert state.round == 8 and GAME.winners(state)
