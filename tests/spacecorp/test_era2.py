"""The Space Corp rules core, Planeteers era (E2) and the E1 -> E2 transition: the variant start,
radiation and shielding, profit spending, the E2 bases, the f2 stacks and the redirect tile, the
idea cube and the Progress cards, the two new Edges, Legacy Production, the Pioneers' placements
and the early finish after E2, tested from the spec's rules and examples (rule IDs in the names)."""
from __future__ import annotations

import random

import pytest

from rules.kit import HIDDEN
from rules.messages import render
from rules.spacecorp.data import tables
from rules.spacecorp.engine import GAME
from rules.spacecorp.state import ACTION, LEGACY, PIONEER, PLAY, PREDICT, PROGRESS

from tests.spacecorp.test_engine import finish_turn, give, hand_of, play, refused


def game2(players: int = 3, seed: int = 1):
    """A game that starts with the Planeteers (SC-VAR-2) in which seat 0 starts."""
    return GAME.new_game({"players": players, "eras": "2", "first_player": 1}, seed)


def base(state, seat: int, site: str, kind: str) -> None:
    """``seat`` has a ``kind`` base on ``site`` (taken from their supply)."""
    state.bases[site] = (seat, kind)
    state.players[seat].bases[kind] -= 1


def tile(state, site: str, tile_id: str) -> None:
    """``tile_id`` lies face up on ``site`` (taken from its stack)."""
    for stack in state.stacks.values():
        if tile_id in stack:
            stack.remove(tile_id)
    state.tiles[site] = [tile_id]


def on_top(state, stack: str, tile_id: str) -> None:
    for other in state.stacks.values():
        if tile_id in other:
            other.remove(tile_id)
    state.stacks[stack].insert(0, tile_id)


# ----- SC-VAR-2: the game starts with the Planeteers ------------------------------------------------
@pytest.mark.parametrize("players,in_play", [(2, 2), (3, 5), (4, 8)])
def test_SC_VAR_2_the_planeteers_start(players, in_play):
    state = game2(players)
    t = tables()
    assert state.era == "E2" and state.hq_side == "start_e2"
    assert all(where == "E1" for where in state.contracts.values())                 # E1 rewards never carry over
    assert all(p.profit == 8 and p.genetics == 1 and p.idea == 0 for p in state.players)
    assert all(list(p.teams.values()).count("iss") == 2 for p in state.players)     # SC-SETUP-22
    for hand in state.hands.cards:                        # SC-SETUP-26/27: one Time card, two start cards
        assert sum(card.startswith("T") for card in hand) == 1 and len(hand) == 3
        assert all(t.cards[card.split("#")[0]].start for card in hand if not card.startswith("T"))
    time_in_pile = sum(card.startswith("T") for card in state.pile)
    assert time_in_pile == in_play - players and len(state.time_aside) == 8 - in_play
    assert len(state.pile) == 58 - 2 * players - 4 + time_in_pile                   # SC-SETUP-28/29
    assert {len(state.stacks[key]) for key in ("f2a", "f2b")} == {7}                # SC-SETUP-21
    for progress_id, copies in state.side_board.items():                            # SC-SETUP-30
        assert t.progress[progress_id].era == "E2" and copies == [f"{progress_id}#2", f"{progress_id}#1"]
    assert len(state.side_board) == 8 and GAME.invariants(state) == []


def test_SC_VAL_2_the_E2_start_hq_gives_its_printed_infra():
    state = game2()
    assert refused(state, 0, "move B1 iss>ceres infra=self").msg.params["value"] == 3   # printed Move 3
    after = play(state, 0, "move B1 iss>ceres infra=self pay=1")                     # distance 4
    assert after.players[0].teams["B1"] == "ceres" and after.players[0].profit == 7


# ----- SC-RAD: radiation and shielding ---------------------------------------------------------------
def radiation_state():
    state = game2()
    base(state, 0, "callisto", "RESEARCHBASE")
    state.players[0].teams["B1"] = "callisto"
    return state


def test_SC_RAD_4_an_unshielded_move_in_the_radiation_zone_costs_2T():
    state = radiation_state()
    hand_of(state, 0, "P06#1")
    after = play(state, 0, "move B1 callisto>io cards=P06#1/m")                      # Move 5, distance 3
    assert after.players[0].teams["B1"] == "io" and after.players[0].profit == 8 - 2
    state.players[0].profit = 1
    error = refused(state, 0, "move B1 callisto>io cards=P06#1/m")
    assert error.rule == "SC-RAD-4" and error.msg.params["penalty"] == 2


def test_SC_VAL_7_a_shielded_entry_shields_the_whole_move():
    state = radiation_state()
    hand_of(state, 0, "P06#1", "P08#1")
    after = play(state, 0, "move B1 callisto>titan cards=P06#1/sm,P08#1/m")          # Sh 3 + 6 = 9 >= 7
    assert after.players[0].teams["B1"] == "titan" and after.players[0].profit == 8


def test_SC_RAD_2_a_move_from_the_home_site_or_a_shield_generator_region_is_shielded():
    state = game2()
    hand_of(state, 0, "P06#1", "P01#3")
    after = play(state, 0, "move B1 iss>callisto cards=P06#1/m,P01#3/m")             # from home: shielded
    assert after.players[0].profit == 8
    state = radiation_state()
    base(state, 1, "io", "SHIELDGEN")                                                # an opponent's
    hand_of(state, 0, "P06#1")
    assert play(state, 0, "move B1 callisto>europa cards=P06#1/m").players[0].profit == 6
    used = finish_turn(play(state, 0, "move B1 callisto>europa cards=P06#1/m use=io"), 0)
    assert used.players[0].profit == 8 and len(used.hands.cards[1]) == len(state.hands.cards[1]) + 1   # SC-RWD-1


def test_AD_RADRES_radiation_resistance_pays_no_penalty():
    state = radiation_state()
    state.side_board["AD-RADRES"].remove("AD-RADRES#2")
    state.players[0].progress.append("AD-RADRES#2")
    hand_of(state, 0, "P06#1")
    assert play(state, 0, "move B1 callisto>io cards=P06#1/m").players[0].profit == 8


# ----- SC-VAL-9: profit spending; SC-MOV-23: the E2 Spaceport; Progress bonuses ---------------------------
def test_SC_VAL_9_profit_adds_at_most_3_and_less_than_the_value_without_it():
    state = radiation_state()
    hand_of(state, 0, "P07#1", "P01#3")
    after = play(state, 0, "move B1 callisto>europa cards=P01#3/sm pay=1")           # Sh 2 + 1 = 3
    assert after.players[0].teams["B1"] == "europa" and after.players[0].profit == 7
    error = refused(state, 0, "move B1 callisto>europa cards=P01#3/sm pay=2")       # cards 2 -> at most 1
    assert error.rule == "SC-VAL-9" and error.msg.params["most"] == 1
    mariners = GAME.new_game({"players": 3, "first_player": 1}, 1)                   # not in E1
    hand_of(mariners, 0, "M05#1")
    assert refused(mariners, 0, "genetics cards=M05#1/g pay=1").rule == "SC-VAL-9"


def test_SC_MOV_23_an_E2_spaceport_doubles_one_move_entry():
    state = radiation_state()
    del state.bases["callisto"]
    base(state, 0, "callisto", "SPACEPORT")                                          # no gravity there
    hand_of(state, 0, "P01#3")
    after = play(state, 0, "move B1 callisto>titan cards=P01#3/m")                   # 4 doubled = 8 >= 7
    assert after.players[0].teams["B1"] == "titan"
    state.bases["callisto"] = (1, "SPACEPORT")                                       # an opponent's: named
    assert refused(state, 0, "move B1 callisto>titan cards=P01#3/m").rule == "SC-MOV-2"
    assert play(state, 0, "move B1 callisto>titan cards=P01#3/m use=callisto").players[0].teams["B1"] == "titan"


def test_AD_HIBER_and_AD_LOWG_change_what_a_move_reaches():
    state = game2()
    state.players[0].teams["B1"] = "iss"
    hand_of(state, 0, "P06#1")
    assert refused(state, 0, "move B1 iss>io cards=P06#1/m").rule == "SC-MOV-2"      # io: 8 (gravity 1)
    state.players[0].progress.append(state.side_board["AD-HIBER"].pop(0))
    assert refused(state, 0, "move B1 iss>io cards=P06#1/m").msg.params["value"] == 7   # 5 + 2
    state.players[0].progress.append(state.side_board["AD-LOWG"].pop(0))
    assert play(state, 0, "move B1 iss>io cards=P06#1/m").players[0].teams["B1"] == "io"   # 8 - 1 gravity


# ----- SC-EXP: the f2 stacks and the redirect tile ----------------------------------------------------
def test_SC_SETUP_21_the_explorer_chooses_an_f2_stack():
    state = game2()
    state.players[0].teams["B1"] = "io"
    hand_of(state, 0, "P12#1")
    top_b = state.stacks["f2b"][0]
    after = play(state, 0, "explore B1 @io cards=P12#1/e stack=f2b")
    assert after.tiles["io"] == [top_b] and after.claims["io"] == "B1"
    assert refused(state, 0, "explore B1 @io cards=P12#1/e stack=f3").rule == "SC-EXP-3"
    state.stacks["f2a"], state.stacks["f2b"] = [], state.stacks["f2a"] + state.stacks["f2b"]
    assert refused(state, 0, "explore B1 @io cards=P12#1/e stack=f2a").rule == "SC-EXP-4"   # an empty stack
    assert play(state, 0, "explore B1 @io cards=P12#1/e").tiles["io"]                # the one that is not empty


def test_SC_EXP_5_the_deep_fissure_is_replaced_by_an_f3_tile():
    state = game2()
    state.players[0].teams["B1"] = "io"
    on_top(state, "f2a", "D2-19")
    hand_of(state, 0, "P12#1")
    f3_top = state.stacks["f3"][0]
    after = play(state, 0, "explore B1 @io cards=P12#1/e stack=f2a")
    assert after.tiles["io"] == [f3_top] and "D2-19" in after.tiles_out and GAME.invariants(after) == []


# ----- SC-BASE (E2): Extractor, Defense, Shield Generator -----------------------------------------
def test_SC_BASE_an_extractor_pays_the_tiles_production_once_and_it_is_ignored_after():
    state = game2()
    tile(state, "ceres", "D2-05")                                                    # P2
    state.players[0].teams["B1"] = "ceres"
    hand_of(state, 0, "P14#1", "P17#1")
    after = play(state, 0, "build B1 @ceres base=EXTRACTOR cards=P14#1/b")           # b3
    assert after.players[0].profit == 8 + 2 and after.bases["ceres"] == (0, "EXTRACTOR")
    assert GAME.legacy_sites(after, 0) == []                                         # P# gone
    after.turn = type(after.turn)(0, step=ACTION)
    assert refused(after, 0, "produce @ceres cards=P17#1/p").rule == "SC-PRD-1"


def test_SC_BASE_a_defense_base_pays_1T_per_opponent_base_in_its_region_unless_one_was_there():
    state = game2()
    base(state, 1, "vesta", "RESEARCHBASE")
    base(state, 2, "pallas", "RESEARCHBASE")
    tile(state, "ceres", "D2-03")
    state.players[0].teams["B1"] = "ceres"
    hand_of(state, 0, "P14#1")
    assert play(state, 0, "build B1 @ceres base=DEFENSE cards=P14#1/b").players[0].profit == 8 + 2
    state.bases["vesta"] = (1, "DEFENSE")
    assert play(state, 0, "build B1 @ceres base=DEFENSE cards=P14#1/b").players[0].profit == 8


def test_SC_RAD_3_a_shield_generator_shields_its_own_build_and_later_builds_in_its_region():
    state = game2()
    tile(state, "io", "D2-13")                                                       # Water, Base -1: cost 5
    tile(state, "ganymede", "D2-05")
    state.players[0].teams.update({"B1": "io", "B2": "ganymede"})
    hand_of(state, 0, "P16#1", "P16#2")
    after = play(state, 0, "build B1 @io base=SHIELDGEN cards=P16#1/b")
    assert after.players[0].profit == 8                                              # no penalty
    assert play(state, 0, "build B1 @io base=RESEARCHBASE cards=P16#1/b").players[0].profit == 6
    after.turn = type(after.turn)(0, step=ACTION)
    assert play(after, 0, "build B2 @ganymede base=REFINERY cards=P16#2/b").players[0].profit == 8
    assert refused(state, 0, "build B1 @io base=SPACEPORT cards=P16#1/b").rule == "SC-BLD-3"   # io: gravity


# ----- SC-IDEA, SC-GEN-4, SC-PROG: the wheel and the Progress cards -------------------------------
def test_SC_IDEA_1_an_idea_lap_earns_a_breakthrough_chosen_from_the_top_cards():
    state = game2()
    state.players[0].idea = 4
    hand_of(state, 0, "P22#1")
    state = play(state, 0, "idea cards=P22#1/i")
    assert state.players[0].idea == 1 and state.pending[0].kind == PROGRESS and GAME.waiting_for(state) == {0}
    assert {move.value for move in GAME.legal_moves(state, 0)} == {"BR-FUSION", "BR-AUTOCON", "BR-PREDICT"}
    wrong = refused(state, 0, "choose progress=AD-LOWG")
    assert wrong.rule == "SC-PROG-2" and wrong.msg.key == "spacecorp.err.progress_choice"
    hungarian = render(wrong.msg, "hu")                  # issue 24: the cards by their Hungarian names
    assert "alacsony_gravitációs_fiziológia" in hungarian and "fúziós_energia, automatizált_építés" in hungarian
    assert "BR-" not in hungarian and "AD-" not in hungarian
    assert "BR-FUSION, BR-AUTOCON" in render(wrong.msg, "en")
    waits = refused(state, 0, "fulfill none")
    assert waits.rule == "SC-PROG-2" and "`választ folyamatkártya=fúziós_energia`" in render(waits.msg, "hu")
    assert GAME.localize_move("choose progress=BR-FUSION", "hu") == "választ folyamatkártya=fúziós_energia"
    state = play(state, 0, "választ folyamatkártya=fúziós_energia")
    assert state.players[0].progress == ["BR-FUSION#2"] and state.players[0].profit == 8   # the no-bonus copy
    assert state.side_board["BR-FUSION"] == ["BR-FUSION#1"] and not state.pending


def test_SC_GEN_4_a_genetics_lap_in_E2_earns_an_adaptation_and_SC_PROG_3_the_bonus_copy_pays():
    state = game2()
    state.side_board["AD-LOWG"] = ["AD-LOWG#1"]                                      # the no-bonus one is gone
    hand_of(state, 0, "P21#1", "P21#2")
    state = play(state, 0, "genetics cards=P21#1/g,P21#2/g")                         # 1 + 4 = 5: one lap
    assert state.pending[0].what == "ADAPT"
    assert "AD-STARCH" not in {move.value for move in GAME.legal_moves(state, 0)}   # needs 2 Breakthroughs
    state = play(state, 0, "choose progress=AD-LOWG")
    assert state.players[0].progress == ["AD-LOWG#1"] and state.players[0].profit == 9


def test_BR_FUSION_adds_1T_to_a_produce_that_collects_profit():
    state = game2()
    tile(state, "ceres", "D2-05")
    base(state, 0, "ceres", "REFINERY")
    state.players[0].progress.append(state.side_board["BR-FUSION"].pop(0))
    hand_of(state, 0, "P17#1")
    assert play(state, 0, "produce @ceres cards=P17#1/p").players[0].profit == 8 + 3 + 1


def test_BR_PREDICT_looks_at_five_cards_takes_two_and_the_rest_stay_in_order():
    state = game2()
    state.players[0].idea = 4
    state.side_board = {"BR-PREDICT": ["BR-PREDICT#2", "BR-PREDICT#1"]}
    hand_of(state, 0, "P22#1")
    state = play(state, 0, "idea cards=P22#1/i")
    state = play(state, 0, "choose progress=BR-PREDICT")
    top = list(state.pile[:5])
    assert state.pending[0].kind == PREDICT and state.pending[0].cards == top
    assert GAME.view(state, 1).pending[0].cards == [HIDDEN] * 5                      # only its owner sees them
    assert any(seat == 0 and "predict" in msg.key for seat, msg in state.private_news)
    assert refused(state, 0, f"choose predict={top[0]}").rule == "BR-PREDICT"
    after = play(state, 0, f"choose predict={top[1]},{top[3]}")
    assert top[1] in after.hands.cards[0] and top[3] in after.hands.cards[0]
    assert top[0] in after.hands.cards[0] and after.pile[:2] == [top[2], top[4]]    # then the step-6 draw


# ----- SC-CON-5: contract rewards carry over ---------------------------------------------------------
def test_SC_CON_5_an_unfulfilled_E1_contract_adds_its_reward_in_E2():
    state = game2()
    assert GAME.contract_reward(state, 1) == 3
    state.contracts[1] = "start"
    assert GAME.contract_reward(state, 1) == 2 + 3                                    # the seed's example


def test_SC_CON_2_the_E2_contracts_count_progress_cards_and_bases_beyond_jupiter():
    state = game2()
    state.players[0].progress += [state.side_board["AD-LOWG"].pop(0), state.side_board["BR-FUSION"].pop(0)]
    for site in ("titan", "rhea", "ariel"):
        base(state, 0, site, "RESEARCHBASE")
    assert {1, 3} <= set(GAME.fulfillable(state, 0)) and 5 not in GAME.fulfillable(state, 0)


# ----- the two Planeteers Edges ------------------------------------------------------------------------
def test_EG_MICROBES_a_life_tile_costs_everyone_with_a_team_in_its_region_2T():
    state = game2()
    state.players[0].teams["B1"] = "io"
    state.players[1].teams["Y1"] = "europa"
    state.players[2].teams["P1"] = "ceres"
    on_top(state, "f2a", "D2-08")                                                    # Life
    hand_of(state, 0, "P12#1")
    give(state, 1, "P25#1")
    state = play(state, 0, "explore B1 @io cards=P12#1/e stack=f2a")
    assert GAME.waiting_for(state) == {1} and state.windows[-1].event == "TILE_REVEALED"
    after = play(state, 1, "edge P25#1")
    assert [p.profit for p in after.players] == [8 + 1 - 2, 8 - 2, 8]                # the explorer got 1T first


def test_EG_LEAK_an_opponents_breakthrough_lets_you_take_a_no_bonus_copy():
    state = game2()
    state.players[0].idea = 4
    hand_of(state, 0, "P22#1")
    give(state, 1, "P26#1")
    state = play(state, 0, "idea cards=P22#1/i")
    state = play(state, 0, "choose progress=BR-FUSION")
    assert GAME.waiting_for(state) == {1}
    gone = refused(state, 1, "edge P26#1 take=BR-FUSION")
    assert gone.rule == "EG-LEAK"                                                    # its no-bonus copy is gone
    assert "elvesz=automatizált_építés" in render(gone.msg, "hu") and "BR-" not in render(gone.msg, "hu")
    after = play(state, 1, "hatás B26#1 elvesz=automatizált_építés")                 # issue 24: by its name
    assert after.players[1].progress == ["BR-AUTOCON#2"] and "P26#1" in after.discards


# ----- SP-ANTIMATTER ----------------------------------------------------------------------------------
def test_SP_ANTIMATTER_moves_a_team_anywhere_without_cards_and_shielded():
    state = game2()
    hand_of(state, 0, "P10#1")
    after = play(state, 0, "special P10#1 B1 iss>eris")
    assert after.players[0].teams["B1"] == "eris" and after.players[0].profit == 8
    assert refused(state, 0, "special P10#1").rule == "SP-ANTIMATTER"


# ----- SC-TRANS: the end of the Mariners era, Legacy Production, the Planeteers setup ------------------
def to_legacy(seed: int = 5, players: int = 3):
    """A Mariners-then-Planeteers game played at random to its Legacy selection (seed 5: seats 0
    and 2 have a producing base; seat 0's genetics cube lapped)."""
    state = GAME.new_game({"players": players, "eras": "1-2", "first_player": 1}, seed)
    rng = random.Random(seed)
    while state.phase != LEGACY:
        assert state.era == "E1"
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    return state


def test_SC_TRANS_1_legacy_picks_are_sealed_and_revealed_together():
    state = to_legacy()
    assert GAME.waiting_for(state) == {0, 2} and state.legacy_choice.expected == [0, 2]
    site = GAME.legacy_sites(state, 0)[0]
    assert refused(state, 0, "choose legacy=@earth").rule == "SC-TRANS-1"
    assert refused(state, 1, "choose legacy=none").rule == "SC-TRANS-1"             # nothing to choose
    state = play(state, 0, f"choose legacy=@{site}")
    assert GAME.waiting_for(state) == {2} and state.phase == LEGACY
    assert GAME.view(state, 2).legacy_choice.choices == {0: HIDDEN}                 # sealed until all chose
    assert GAME.view(state, 0).legacy_choice.choices == {0: f"@{site}"}
    assert refused(state, 0, "choose legacy=none").rule == "SC-TRANS-1"             # chosen already
    tile_id, kind = state.tiles[site][0], state.bases[site][1]
    state = play(state, 2, "choose legacy=none")
    assert state.era == "E2" and state.phase == PLAY
    assert state.players[0].legacy == (tile_id, kind) and state.players[2].legacy is None
    assert state.players[0].bases[kind] == 2 and GAME.invariants(state) == []       # the base stays on the HQ


def test_SC_TRANS_2_3_the_planeteers_begin_with_the_time_cards_the_hq_cards_and_nothing_else():
    state = to_legacy()
    hq = [dict(player.hq) for player in state.players]
    profits = [player.profit for player in state.players]
    state = play(play(state, 0, "choose legacy=none"), 2, "choose legacy=none")
    assert [dict(player.hq) for player in state.players] == hq                      # Infra stays
    assert [player.profit for player in state.players][1:] == profits[1:]           # profit stays
    assert all(card.startswith("T") or card.startswith("P") for hand in state.hands.cards for card in hand)
    assert not state.bases and not state.claims and not state.discards
    assert all(list(p.teams.values()).count("iss") == 2 for p in state.players)     # SC-SETUP-22
    assert sum(card.startswith("T") for card in state.pile) == 5 - 3                 # SC-SETUP-26/28


def test_SC_SETUP_31_an_E1_genetics_lap_earns_one_adaptation_at_the_E2_setup():
    state = to_legacy()
    assert state.players[0].genetics_lapped
    state = play(play(state, 0, "choose legacy=none"), 2, "choose legacy=none")
    assert [(p.kind, p.seat, p.what) for p in state.pending] == [(PROGRESS, 0, "ADAPT")]
    state = play(state, 0, "choose progress=AD-RADRES")
    assert state.players[0].progress == ["AD-RADRES#2"] and not state.pending


def test_SC_SETUP_23_24_the_pioneers_may_start_on_ceres_and_vesta_and_SC_SETUP_32_ceres_plays_first():
    state = to_legacy()
    state.players[2].pioneer, state.players[1].pioneer = 1, 2
    state = play(play(state, 0, "choose legacy=none"), 2, "choose legacy=none")
    assert [(p.kind, p.seat, p.what) for p in state.pending] == [(PIONEER, 2, "ceres"), (PIONEER, 1, "vesta")]
    assert refused(state, 2, "choose pioneer=vesta").rule == "SC-SETUP-23"
    profit = state.players[2].profit
    state = play(state, 2, "choose pioneer=ceres")
    assert "ceres" in state.players[2].teams.values() and state.tiles["ceres"] and state.claims["ceres"]
    assert state.players[2].profit >= profit and state.explored == [0, 0, 0]        # not an exploration
    state = play(state, 1, "choose pioneer=none")
    assert "vesta" not in state.players[1].teams.values()
    assert state.order[0] == 2 and state.turn.seat == 2                               # Ceres plays first
    assert all(p.pioneer == 0 for p in state.players) and state.pioneers_left == [1, 2]   # SC-SETUP-25


def test_SC_PRD_1_the_legacy_pair_produces_in_the_next_era():
    state = to_legacy()
    site = GAME.legacy_sites(state, 0)[0]
    produced = sum(GAME._production(state, 0, site))
    state = play(play(state, 0, f"choose legacy=@{site}"), 2, "choose legacy=none")
    while state.pending:
        state = GAME.apply(state, GAME.legal_moves(state, min(GAME.waiting_for(state)))[0])
    state.turn = type(state.turn)(0, step=ACTION)
    hand_of(state, 0, "P17#1")
    before = state.players[0].profit
    assert play(state, 0, "produce legacy cards=P17#1/p").players[0].profit == before + produced


def test_SC_VAR_4_the_early_finish_after_E2_pays_the_pioneers_but_not_the_genetics_steps():
    state = game2(2, seed=3)
    rng = random.Random(3)
    while not GAME.is_over(state):
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    for player in state.players:
        assert state.final["bonus"][player.seat] == {0: 0, 1: 3, 2: 1}[player.pioneer]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("eras,windows", [("2", "fast"), ("1-2", "strict")])
def test_random_E2_and_two_era_games_end_with_a_winner_and_their_invariants(players, eras, windows):
    seen = set()
    for seed in range(3):
        state = GAME.new_game({"players": players, "eras": eras, "windows": windows}, seed)
        rng = random.Random(seed)
        for _ in range(4000):
            if GAME.is_over(state):
                break
            move = GAME.random_move(state, min(GAME.waiting_for(state)), rng)
            state = GAME.apply(state, move)
            seen.add(move.verb)
            assert GAME.invariants(state) == []
        assert GAME.is_over(state) and state.era == "E2" and GAME.winners(state)
    assert {"idea", "choose", "explore", "build", "produce"} <= seen


def test_SC_TRANS_1_and_BR_PREDICT_the_secret_picks_are_not_echoed_to_the_others():
    state = to_legacy()
    site = GAME.legacy_sites(state, 0)[0]
    shown = GAME.redact_move(play(state, 0, f"choose legacy=@{site}"), 0, f"choose legacy=@{site}")
    assert not isinstance(shown, str) and shown.key == "spacecorp.redacted.legacy"
    assert GAME.redact_move(state, 0, "choose predict=P01#1,P02#2").key == "spacecorp.redacted.predict"
    assert GAME.redact_move(state, 0, "choose progress=BR-FUSION") == "choose progress=BR-FUSION"


def test_a_standing_auto_pass_never_answers_a_pending_progress_choice():
    state = game2()
    state.players[0].genetics = 4
    state.players[0].teams["B1"] = "io"
    on_top(state, "f2a", "D2-08")                                  # Life and Gen 1: a lap and a window
    hand_of(state, 0, "P12#1", "P25#1")
    state = play(state, 0, "explore B1 @io cards=P12#1/e stack=f2a")
    assert state.pending and state.windows and GAME.waiting_for(state) == {0}
    orders = {"autopass_EG-MICROBES": {"choice": "pass"}}
    assert GAME.auto_move(state, 0, orders) is None                # the Adaptation first
    state = play(state, 0, "choose progress=AD-LOWG")
    assert GAME.waiting_for(state) == {0} and GAME.auto_move(state, 0, orders)[0].verb == "decline"


# ----- the candidate list (autocomplete) pays with profit and shields when it must ------------------
def test_SC_VAL_9_the_candidates_add_profit_when_the_value_falls_just_short():
    state = game2()
    hand_of(state, 0)
    texts = [GAME.format_move(move) for move in GAME.legal_moves(state, 0)]
    assert "move B1 iss>ceres infra=self pay=1" in texts                            # printed Move 3, distance 4


def test_SC_RAD_4_the_candidates_use_a_shielded_entry_when_the_penalty_cannot_be_paid():
    state = radiation_state()
    hand_of(state, 0, "P06#1")
    state.players[0].profit = 1                                                     # less than the 2T penalty
    texts = [GAME.format_move(move) for move in GAME.legal_moves(state, 0)]
    assert "move B1 callisto>io cards=P06#1/sm infra=self" in texts
