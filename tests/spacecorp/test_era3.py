"""The Space Corp rules core, Starfarers era (E3) and the E2 -> E3 transition: the start-at-era-3
variant, star tracks, E3 movement and the Orion Arm, star-system exploration and building, the
alien tiles, the E3 bases and Progress cards, colonies and their abilities, the E3 contracts and
the final scoring, tested from the spec's rules and examples (rule IDs in the names)."""
from __future__ import annotations

import random

import pytest

from rules.spacecorp.data import tables
from rules.spacecorp.engine import GAME
from rules.spacecorp.state import ACTION, OVER, PIONEER, PROGRESS, RESEARCH_BASE

from tests.spacecorp.test_engine import finish_turn, hand_of, play, refused


def game3(players: int = 3, seed: int = 1):
    """A game that starts with the Starfarers (SC-VAR-3) in which seat 0 starts; the setup's
    Adaptation picks are made (the first choice each)."""
    state = GAME.new_game({"players": players, "eras": "3", "first_player": 1}, seed)
    while state.pending:
        state = GAME.apply(state, GAME.legal_moves(state, min(GAME.waiting_for(state)))[0])
    return state


def own(state, seat: int, progress_id: str) -> None:
    """``seat`` owns the no-bonus copy of a Progress card (from the Side Board)."""
    state.side_board.setdefault(progress_id, [f"{progress_id}#2", f"{progress_id}#1"])
    state.side_board[progress_id].remove(f"{progress_id}#2")
    state.players[seat].progress.append(f"{progress_id}#2")


def tiles(state, site: str, *tile_ids: str) -> None:
    """These tiles lie face up in ``site``'s boxes (taken from the stacks)."""
    for tile_id in tile_ids:
        for stack in state.stacks.values():
            if tile_id in stack:
                stack.remove(tile_id)
    state.tiles[site] = list(tile_ids)


def on_top(state, stack: str, *tile_ids: str) -> None:
    for tile_id in reversed(tile_ids):
        for other in state.stacks.values():
            if tile_id in other:
                other.remove(tile_id)
        state.stacks[stack].insert(0, tile_id)


def bases(state, seat: int, site: str, **by_tile: str) -> None:
    """``seat`` has bases on the tiles of ``site`` (``D3_04="ATTRACTION"``), from their supply."""
    for tile_id, kind in by_tile.items():
        state.bases[f"{site}/{tile_id.replace('_', '-')}"] = (seat, kind)
        state.players[seat].bases[kind] -= 1


def at(state, seat: int, team: str, site: str, track: int = 0) -> None:
    state.players[seat].teams[team] = site
    state.players[seat].track.pop(team, None)
    if track:
        state.players[seat].track[team] = track


# ----- SC-VAR-3: the game starts with the Starfarers -------------------------------------------------
@pytest.mark.parametrize("players,colonies", [(2, 12), (3, 17), (4, 20)])
def test_SC_VAR_3_the_starfarers_start(players, colonies):
    state = GAME.new_game({"players": players, "eras": "3", "first_player": 1}, 3)
    t = tables()
    assert state.era == "E3" and state.hq_side == "start_e3"
    assert all(where == "E2" for where in state.contracts.values())              # E1/E2 rewards never carry over
    assert all(p.profit == 20 and p.genetics == 2 and p.idea == 0 for p in state.players)
    assert all(list(p.teams.values()).count("sun") == 3 for p in state.players)  # SC-SETUP-42
    assert {len(state.stacks[key]) for key in ("Pa", "Pb")} == {8}                # SC-SETUP-41
    assert {len(state.stacks[key]) for key in ("Sa", "Sb")} == {6} and len(state.stacks["A"]) == 5
    assert len(state.colony_supply) == colonies                                   # SC-SETUP-49
    assert all(players in t.colony_tiles[tile].players for tile in state.colony_supply)
    assert {t.progress[card].era for card in state.side_board} == {"E2", "E3"} and len(state.side_board) == 16
    # each player, the last in turn order first and counter-clockwise, picks a Planeteers Adaptation
    assert [(p.kind, p.seat, p.setup_pick) for p in state.pending] == \
        [(PROGRESS, seat, True) for seat in reversed(state.order)]
    choices = GAME.legal_moves(state, state.pending[0].seat)
    assert choices and all(t.progress[move.value].era == "E2" and t.progress[move.value].kind == "ADAPT"
                           and not t.progress[move.value].prerequisites for move in choices)
    assert "AD-STARCH" not in [move.value for move in choices]                     # it has a prerequisite
    assert GAME.invariants(state) == []


def test_SC_VAR_3_the_setup_adaptation_ignores_its_profit_bonus():
    state = GAME.new_game({"players": 2, "eras": "3", "first_player": 1}, 3)
    state = play(state, 1, "choose progress=AD-LOWG")          # the no-bonus copy from the top
    state = play(state, 0, "choose progress=AD-LOWG")          # the bonus copy: its 1T is ignored
    assert [p.profit for p in state.players] == [20, 20]
    assert state.players[0].progress == ["AD-LOWG#1"] and state.turn.step == ACTION


# ----- SC-MOV E3, star tracks, the Orion Arm ----------------------------------------------------------
def test_SC_MOV_30_SC_MOV_32_a_move_costs_the_borders_and_arrives_on_the_far_track_space():
    state = game3()
    assert tables().maps["E3"].distance("kapteyn", "eps_eri") == 60                 # the seed's example
    state = play(state, 0, "move B1 sun>acen infra=self")                          # printed Sh Move 10
    assert state.players[0].teams["B1"] == "acen" and state.players[0].track == {"B1": 3}
    assert state.players[0].profit == 20                                          # shielded: no penalty


def test_SC_TURN_0_only_the_active_players_teams_advance_on_their_tracks():
    state = game3(2)
    at(state, 0, "B1", "acen", 3)
    at(state, 1, "Y1", "barnard", 3)
    state = finish_turn(play(state, 0, "research infra=self"), 0)
    assert state.turn.seat == 1 and state.players[1].track == {"Y1": 2} and state.players[0].track == {"B1": 3}
    state = finish_turn(play(state, 1, "research infra=self"), 1)
    assert state.players[0].track == {"B1": 2}
    state.players[0].track["B1"] = 1
    state = finish_turn(play(state, 0, "research infra=self"), 0)
    state = finish_turn(play(state, 1, "research infra=self"), 1)
    assert "B1" not in state.players[0].track and state.players[0].teams["B1"] == "acen"   # on the star


def test_SC_MOV_32_a_team_on_a_star_track_cannot_act():
    state = game3()
    at(state, 0, "B1", "acen", 2)
    error = refused(state, 0, "explore B1 @acen infra=self")
    assert error.msg.key == "spacecorp.err.team_on_track" and error.rule == "SC-MOV-32"


def test_BR_FTLCOM_teams_arrive_on_the_space_nearest_the_star():
    state = game3()
    own(state, 0, "BR-FTLCOM")
    assert play(state, 0, "move B1 sun>acen infra=self").players[0].track == {"B1": 1}


def test_SP_TACHYON_moves_every_team_on_a_track_onto_its_star():
    state = game3()
    at(state, 0, "B1", "acen", 3)
    at(state, 0, "B2", "sirius", 1)
    hand_of(state, 0, "S30#1")
    after = play(state, 0, "special S30#1")
    assert after.players[0].track == {} and after.players[0].teams["B2"] == "sirius"
    state.players[0].track = {}
    assert refused(state, 0, "special S30#1").msg.key == "spacecorp.err.tachyon_nothing"


def test_SC_MOV_35_an_unshielded_move_pays_3T_and_the_sun_shields():
    state = game3()
    at(state, 0, "B1", "acen")
    bases(state, 0, "acen", **{"D3_01": "RESEARCHBASE"})
    hand_of(state, 0, "S06#1", "S06#2")
    after = play(state, 0, "move B1 acen>luhman16 cards=S06#1/m")                  # Move 15 unshielded
    assert after.players[0].profit == 17
    after = play(state, 0, "move B1 acen>luhman16 cards=S06#1/sm")                 # Sh Move 10: shielded
    assert after.players[0].profit == 20
    after = play(state, 0, "move B2 sun>acen cards=S06#1/m")                       # from the Sun: shielded
    assert after.players[0].profit == 20


def test_SC_VAL_5_multipliers_multiply_the_additive_sum():
    state = game3()
    hand_of(state, 0, "S06#1", "S07#1", "S08#1", "S10#1")
    at(state, 0, "B1", "sun")
    # (15) x2 = 30 reaches Epsilon Indi (30); x3 x5 = 15 without an additive entry
    assert play(state, 0, "move B1 sun>eps_ind cards=S06#1/m,S07#1/m").players[0].teams["B1"] == "eps_ind"
    error = refused(state, 0, "move B1 sun>eps_ind cards=S08#1/m,S10#1/m")
    assert error.msg.key == "spacecorp.err.move_short" and error.msg.params["value"] == 15


def round_to(state, seat: int):
    """Every other seat takes its first legal action and ends its turn until ``seat`` acts."""
    while state.phase != OVER and state.turn.seat != seat:
        other = state.turn.seat
        state = finish_turn(play(state, other, GAME.format_move(next(iter(GAME.legal_moves(state, other))))), other)
    return state


def test_SC_MOV_33_SC_MOV_34_the_orion_arm_needs_a_colony_next_door_and_pays_5T_then_2T():
    state = game3()
    at(state, 0, "B1", "kapteyn")
    bases(state, 0, "kapteyn", **{"D3_01": "RESEARCHBASE"})
    hand_of(state, 0, "S06#1", "S06#2")
    assert refused(state, 0, "move B1 kapteyn>orion1 cards=S06#1/sm,S06#2/sm").msg.key == "spacecorp.err.orion_colony"
    state.colonies["R3_KAP"] = (0, "C01")
    after = play(state, 0, "move B1 kapteyn>orion1 cards=S06#1/sm,S06#2/sm")      # border 20
    assert after.players[0].profit == 25 and after.players[0].track == {}
    later = round_to(finish_turn(after, 0), 0)                                      # blue's next turn
    error = refused(later, 0, "move B1 orion1>kapteyn infra=self")                  # it never acts again
    assert (error.msg.key, error.rule) == ("spacecorp.err.team_cannot_act", "SC-MOV-4")
    at(state, 1, "Y1", "orion1")                                                    # occupied by another team
    assert play(state, 0, "move B1 kapteyn>orion1 cards=S06#1/sm,S06#2/sm").players[0].profit == 20
    state.colonies["R3_C61"] = (0, "C02")
    at(state, 0, "B2", "cyg61")
    bases(state, 0, "cyg61", **{"D3_02": "RESEARCHBASE"})
    assert play(state, 0, "move B2 cyg61>orion2 cards=S06#1/sm,S06#2/sm").players[0].profit == 22


# ----- SC-EXP E3: star systems, Contact, Phobes, Introverts ------------------------------------------
def test_SC_EXP_10_one_exploration_fills_every_box_primary_first_with_the_stacks_named():
    state = game3()
    at(state, 0, "B1", "eps_eri")
    on_top(state, "Pb", "D3-01")
    on_top(state, "Sa", "D3-18")
    on_top(state, "Sb", "D3-17")
    hand_of(state, 0, "S13#1")
    after = play(state, 0, "explore B1 @eps_eri cards=S13#1/e stack=Pb,Sb,Sa")     # f10
    assert after.tiles["eps_eri"] == ["D3-01", "D3-17", "D3-18"]
    assert after.claims["eps_eri"] == "B1" and after.explored[0] == 1             # one system for the contracts
    assert after.players[0].profit == 22                                            # Earthlike Planet: 2T
    assert refused(state, 0, "explore B1 @eps_eri cards=S13#1/e stack=Sa").msg.key == "spacecorp.err.wrong_stack"


def test_SC_EXP_5_contact_is_replaced_by_an_alien_tile():
    state = game3()
    at(state, 0, "B1", "barnard")
    on_top(state, "Pa", "D3-15")
    on_top(state, "A", "D3-33")
    after = play(state, 0, "explore B1 @barnard infra=self stack=Pa")               # f5, printed Explore 5
    assert after.tiles["barnard"] == ["D3-33"] and "D3-15" in after.tiles_out
    assert after.players[0].profit == 23                                            # Alien Embassy: 3T


def test_SC_EXP_12_the_phobes_send_the_explorer_home_and_block_the_system_until_a_defense_base():
    state = game3()
    at(state, 0, "B1", "sirius")
    on_top(state, "Pa", "D3-15")
    on_top(state, "A", "D3-29")
    on_top(state, "Sa", "D3-24")                                                    # Anomaly: 1T, Idea 1
    hand_of(state, 0, "S13#1")
    after = play(state, 0, "explore B1 @sirius cards=S13#1/e stack=Pa,Sa")
    assert after.tiles["sirius"] == ["D3-29", "D3-24"]
    assert after.players[0].teams["B1"] == "sun" and "sirius" not in after.claims
    assert after.players[0].profit == 20 and after.players[0].idea == 0            # no reward: blocked
    # with Energy Field the team stays
    own(state, 0, "BR-ENERGY")
    assert play(state, 0, "explore B1 @sirius cards=S13#1/e stack=Pa,Sa").players[0].teams["B1"] == "sirius"
    # a Defense base on the Phobes tile pays every tile's immediate rewards to its builder
    blocked = finish_turn(after, 0)
    blocked.turn = type(blocked.turn)(0, step=ACTION)
    at(blocked, 0, "B2", "sirius")
    hand_of(blocked, 0, "S18#1", "S18#2")                                           # Build 12 + 12
    built = play(blocked, 0, "build B2 @sirius bases=D3-24:ATTRACTION,D3-29:DEFENSE cards=S18#1/b,S18#2/b")
    assert built.players[0].idea == 1 and built.players[0].profit == 20 - 3 + 1     # b15 + 0; Anomaly: 1T


def test_SC_EXP_13_the_introverts_let_only_empaths_build():
    state = game3()
    at(state, 0, "B1", "barnard")
    tiles(state, "barnard", "D3-30")
    hand_of(state, 0, "S18#1")
    error = refused(state, 0, "build B1 @barnard bases=D3-30:RESEARCHBASE cards=S18#1/b")
    assert error.msg.key == "spacecorp.err.introverts"
    own(state, 0, "AD-COOPEMP")
    after = play(state, 0, "build B1 @barnard bases=D3-30:RESEARCHBASE cards=S18#1/b")
    assert after.bases["barnard/D3-30"] == (0, "RESEARCHBASE")
    assert after.players[0].profit == 20 - 3 + 1                                    # unshielded; +1T alien system


# ----- SC-BLD E3 and the E3 bases -------------------------------------------------------------------------
def test_SC_BLD_7_epsilon_eridani_costs_16_and_gets_a_base_on_every_tile_and_the_claimant_2T_once():
    state = game3()
    tiles(state, "eps_eri", "D3-04", "D3-17", "D3-18")
    at(state, 0, "B1", "eps_eri")
    state.claims["eps_eri"] = "Y1"
    assert GAME._build_cost(state, "eps_eri") == 16                                  # 8 + 4 + 4 (seed)
    hand_of(state, 0, "S18#1", "S20#1")                                             # Build 12, Sh Build 8
    spec = "bases=D3-04:ATTRACTION,D3-17:REFINERY,D3-18:EXTRACTOR"
    after = play(state, 0, f"build B1 @eps_eri {spec} cards=S18#1/b,S20#1/sb")
    assert [after.bases[f"eps_eri/{tile}"][1] for tile in ("D3-04", "D3-17", "D3-18")] == \
        ["ATTRACTION", "REFINERY", "EXTRACTOR"]
    assert after.players[1].profit == 22                                            # 2T once, not per tile
    assert after.players[0].profit == 22                                            # the Extractor: Precious Dust P2
    assert GAME._production(after, 0, "eps_eri") == [2, 2]   # Attraction gives P2 in E3; Rings P1 + Refinery
    missing = refused(state, 0, "build B1 @eps_eri bases=D3-04:ATTRACTION cards=S18#1/b,S20#1/sb")
    assert missing.msg.key == "spacecorp.err.name_bases" and missing.rule == "SC-BLD-7"
    wrong = refused(state, 0, "build B1 @eps_eri bases=D3-04:ATTRACTION,D3-17:REFINERY,D3-18:SPACEPORT "
                              "cards=S18#1/b,S20#1/sb")
    assert wrong.msg.key == "spacecorp.err.base_requirement"                        # no Spaceport on Dust


def test_BR_QMFG_a_star_system_build_costs_5_less():
    state = game3()
    tiles(state, "eps_eri", "D3-04", "D3-17", "D3-18")
    own(state, 0, "BR-QMFG")
    assert GAME._build_cost(state, "eps_eri", 0) == 11 and GAME._build_cost(state, "eps_eri", 1) == 16


def test_SC_BASE_the_E3_research_base_gives_an_offer_card_or_an_idea_step():
    state = game3()
    tiles(state, "barnard", "D3-06")
    at(state, 0, "B1", "barnard")
    hand_of(state, 0, "S18#1")
    after = play(state, 0, "build B1 @barnard bases=D3-06:RESEARCHBASE cards=S18#1/b")   # Build 12 vs b8
    assert [p.kind for p in after.pending] == [RESEARCH_BASE]
    idea = play(after, 0, "choose base=idea")
    assert idea.players[0].idea == 1 and not idea.pending
    card = after.offer[1]
    took = play(after, 0, "draw O2")
    assert card in took.hands.cards[0]


def test_SC_BASE_an_E3_defense_base_counts_opponent_bases_in_near_regions():
    state = game3()
    tiles(state, "acen", "D3-06", "D3-18", "D3-19")
    bases(state, 1, "luhman16", **{"D3_01": "RESEARCHBASE"})                       # near (10)
    bases(state, 2, "barnard", **{"D3_02": "RESEARCHBASE"})                        # near (15)
    bases(state, 2, "eps_ind", **{"D3_03": "RESEARCHBASE"})                        # cost 20: not near
    at(state, 0, "B1", "acen")
    hand_of(state, 0, "S18#1", "S18#2")
    after = play(state, 0, "build B1 @acen bases=D3-06:DEFENSE,D3-18:REFINERY,D3-19:RESEARCHBASE "
                           "cards=S18#1/b,S18#2/b")
    assert after.players[0].profit == 20 - 3 + 2


def test_AD_XENOSYM_a_bio_lab_may_stand_on_water():
    state = game3()
    tiles(state, "barnard", "D3-02")                                                # Super-Earth: Water
    at(state, 0, "B1", "barnard")
    hand_of(state, 0, "S18#1")
    assert refused(state, 0, "build B1 @barnard bases=D3-02:BIOLAB cards=S18#1/b").msg.key == \
        "spacecorp.err.base_requirement"
    own(state, 0, "AD-XENOSYM")
    assert play(state, 0, "build B1 @barnard bases=D3-02:BIOLAB cards=S18#1/b").players[0].genetics == 3


def test_AD_SENSFOC_and_BR_PROBENET_raise_the_explore_value():
    state = game3()
    at(state, 0, "B1", "sirius")                                                    # f10
    assert refused(state, 0, "explore B1 @sirius infra=self").msg.params["value"] == 5   # printed Explore 5
    own(state, 0, "AD-SENSFOC")
    assert play(state, 0, "explore B1 @sirius infra=self").tiles["sirius"]          # 5 + 5
    state.players[0].progress = []
    own(state, 0, "BR-PROBENET")
    assert play(state, 0, "explore B1 @sirius infra=self").tiles["sirius"]          # 5 x 2


# ----- SC-COL: colonies ---------------------------------------------------------------------------------
def colony_state():
    """Seat 0 owns every base of Epsilon Eridani (Col 3 + 0 + 1) with a team there."""
    state = game3()
    tiles(state, "eps_eri", "D3-01", "D3-18", "D3-20")
    bases(state, 0, "eps_eri", D3_01="INDUSTRIAL", D3_18="REFINERY", D3_20="RESEARCHBASE")
    at(state, 0, "B1", "eps_eri")
    return state


def test_SC_COL_3_colony_points_from_tiles_industrial_two_bases_team_and_profit():
    state = colony_state()
    after = play(state, 0, "colonize R3_EERI colony=C17 cp=tiles,industrial,two_bases,team:B1")   # 4+1+1+1 = 7
    assert after.colonies["R3_EERI"] == (0, "C17") and "C17" not in after.colony_supply
    assert after.players[0].teams["B1"] is None and after.players[0].teams_out == ["B1"]
    assert after.players[0].profit == 21                                            # C17 is K07: +1T
    short = refused(state, 0, "colonize R3_EERI colony=C17 cp=tiles,industrial")
    assert short.msg.key == "spacecorp.err.colonize_short" and short.msg.params["points"] == 5
    paid = play(state, 0, "colonize R3_EERI colony=C17 cp=tiles,industrial,two_bases,pay5")
    assert paid.players[0].profit == 20 - 5 + 1


def test_SC_COL_3f_a_build_value_of_8_gives_a_point_and_its_cards_are_played():
    state = colony_state()
    hand_of(state, 0, "S16#1")                                                      # Build 10
    after = play(state, 0, "colonize R3_EERI colony=C17 cp=tiles,industrial,two_bases,build[cards=S16#1/b]")
    assert "S16#1" not in after.hands.cards[0] and "S16#1" in after.discards
    hand_of(state, 0, "S20#1")
    assert refused(state, 0, "colonize R3_EERI colony=C17 cp=tiles,build[cards=S20#1/b]").msg.key in \
        ("spacecorp.err.card_lacks_entry", "spacecorp.err.cp_build_short")


def test_SC_COL_1_every_tile_needs_your_base_and_one_colony_per_region():
    state = colony_state()
    del state.bases["eps_eri/D3-20"]
    assert refused(state, 0, "colonize R3_EERI colony=C01 cp=tiles").msg.key == "spacecorp.err.colonize_bases"
    state = colony_state()
    state.colonies["R3_EERI"] = (1, "C02")
    assert refused(state, 0, "colonize R3_EERI colony=C01 cp=tiles").msg.key == "spacecorp.err.colonize_taken"
    assert refused(colony_state(), 0, "colonize R3_EERI colony=C21 cp=tiles").msg.key == \
        "spacecorp.err.colony_not_available"                                        # a solo tile


def test_SC_COL_3b_h_a_near_colony_and_environmental_tolerance_give_a_point_each():
    state = colony_state()
    state.colonies["R3_TAU"] = (0, "C02")                                           # Tau Ceti borders at 15
    own(state, 0, "AD-ENVTOL")
    after = play(state, 0, "colonize R3_EERI colony=C16 cp=tiles,near,envtol")      # 4 + 1 + 1 >= 3
    assert after.colonies["R3_EERI"] == (0, "C16")
    assert refused(colony_state(), 0, "colonize R3_EERI colony=C16 cp=tiles,near").msg.key == "spacecorp.err.cp_nothing"


def test_K01_K05_K12_K02_colonies_pay_their_owners_when_opponents_act():
    state = colony_state()
    state.colonies["R3_TAU"] = (1, "C03")                                           # K01: +1T
    state.colonies["R3_SIR"] = (2, "C13")                                           # K05: +2T
    after = play(state, 0, "colonize R3_EERI colony=C01 cp=tiles")
    assert [p.profit for p in after.players] == [20, 21, 22]
    state.colonies["R3_PROC"] = (1, "C05")                                          # K12: an opponent produces
    hand_of(state, 0, "S21#1")
    produced = play(state, 0, "produce @eps_eri cards=S21#1/p")                     # Precious Dust P2 + Refinery
    assert [p.profit for p in produced.players] == [23, 21, 20]


def test_K16_pays_for_each_progress_card_when_placed():
    state = colony_state()
    own(state, 0, "AD-ENVTOL")
    own(state, 0, "BR-QMFG")
    after = play(state, 0, "colonize R3_EERI colony=C07 cp=tiles,industrial,two_bases,envtol")   # 4+1+1+1 >= 6
    assert after.players[0].profit == 23                         # K16: 3 Progress cards (with the setup pick)


# ----- SC-CON E3 and SC-SCORE ----------------------------------------------------------------------------
def test_SC_CON_E3_row_5_two_colonies_and_row_6_a_base_on_an_alien_tile():
    state = colony_state()
    state.colonies["R3_TAU"] = (0, "C02")
    assert 5 not in GAME.fulfillable(state, 0)
    after = play(state, 0, "colonize R3_EERI colony=C01 cp=tiles")
    assert 5 in GAME.fulfillable(after, 0) and 6 not in GAME.fulfillable(after, 0)
    bases(after, 0, "barnard", D3_33="RESEARCHBASE")
    after.tiles["barnard"] = ["D3-33"]
    assert 6 in GAME.fulfillable(after, 0)
    assert GAME.contract_reward(after, 5) == 6                                       # disc on E2: E3 only


@pytest.mark.parametrize("colonies,score", [(0, -1), (1, 1), (2, 4), (3, 8), (4, 13), (5, 13)])
def test_SC_SCORE_2_SC_SCORE_3_profit_by_the_number_of_colonies(colonies, score):
    state = game3(2)
    regions = ["R3_ACEN", "R3_BARN", "R3_LUH", "R3_WOLF", "R3_LAL"]
    for region, tile in zip(regions[:colonies], ["C01", "C02", "C03", "C04", "C05"]):
        state.colonies[region] = (0, tile)
    state.players[1].profit = 0
    GAME._final_scoring(state)
    assert state.phase == OVER and state.players[0].profit == 20 + score
    assert state.players[1].profit == 0                                             # never below 0


def test_SC_SCORE_1_K10_and_K08_pay_at_the_end_of_the_era():
    state = game3(2)
    state.colonies["R3_ACEN"] = (0, "C09")                                          # K10
    state.colonies["R3_BARN"] = (1, "C12")                                          # K08
    GAME._final_scoring(state)
    assert state.players[0].profit == 20 + 14 + 1                 # 14 systems without colony; one colony: +1T
    assert state.players[1].profit == 20 + 6 + 1                                    # the largest contract: 6T
    assert sum(where == "E3" for where in state.contracts.values()) == 1


def test_SC_SCORE_4_ties_go_to_the_colony_value_then_the_progress_cards():
    state = game3(2)
    state.colonies["R3_ACEN"] = (0, "C01")                                          # value 3
    state.colonies["R3_BARN"] = (1, "C03")                                          # value 4
    GAME._final_scoring(state)
    assert [p.profit for p in state.players] == [21, 21] and GAME.winners(state) == [1]


# ----- SC-TRANS E2 -> E3 --------------------------------------------------------------------------------
def test_SC_SETUP_43_44_50_the_pioneers_start_at_alpha_centauri_and_luhman_16():
    state = GAME.new_game({"players": 3, "eras": "2-3", "first_player": 1}, 4)
    state.players[2].pioneer, state.players[1].pioneer = 1, 2
    state.pioneers_left = []
    GAME._end_era(state)
    while state.phase != "play":
        seat = min(GAME.waiting_for(state))
        state = play(state, seat, "choose legacy=none")
    assert [(p.kind, p.seat, p.what) for p in state.pending][:2] == [(PIONEER, 2, "acen"), (PIONEER, 1, "luhman16")]
    state = play(state, 2, "choose pioneer=acen")
    state = play(state, 1, "choose pioneer=luhman16")
    assert state.era == "E3" and state.players[2].teams["P1"] == "acen" and state.players[2].track == {}
    assert state.players[1].teams["Y1"] == "luhman16" and state.players[1].track == {"Y1": 3}
    assert state.order[0] == 2 and state.turn.seat == 2                               # SC-SETUP-50
    assert len(state.side_board) == 16 and len(state.colony_supply) == 17
    assert GAME.invariants(state) == []


# ----- playouts -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("eras", ["3", "2-3", "1-3"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_through_the_starfarers_end_with_the_invariants(eras, players):
    for seed in range(2):
        state = GAME.new_game({"players": players, "eras": eras, "windows": "strict" if seed else "fast"}, seed)
        rng = random.Random(seed)
        eras_seen = {state.era}
        for _ in range(3000):
            if GAME.is_over(state):
                break
            state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
            eras_seen.add(state.era)
            assert GAME.invariants(state) == []
        assert GAME.is_over(state) and state.era == "E3" and GAME.winners(state)
        assert eras_seen == {f"E{n}" for n in range(int(eras[0]), 4)}


def test_the_status_of_a_finished_game_says_it_is_over_and_lists_colonies_and_tracks():
    state = game3(2)
    at(state, 0, "B1", "acen", 2)
    state.colonies["R3_BARN"] = (1, "C03")
    keys = [line.key for line in GAME.status_lines(GAME.view(state, None))]
    assert "spacecorp.status.track" in keys and "spacecorp.status.colonies" in keys
    GAME._final_scoring(state)
    first = GAME.status_lines(GAME.view(state, None))[0]
    assert dict(first.values)["step"].key == "spacecorp.step.over"


@pytest.mark.parametrize("cards,action,value", [
    (("M06#1/m", "M09#1/m", "S08#1/m", "S09#1/m"), "MOVE", 96),          # (3 + 5) x 3 x 4
    (("S08#1/m", "S08#2/m", "S10#1/m"), "MOVE", 45),                     # x3 x3 x5, no additive entry
    (("S22#1/p",), "PRODUCE", 2),                                        # a lone "Produce x2"
])
def test_SC_VAL_5_the_seeds_multiplier_examples(cards, action, value):
    from rules.spacecorp.moves import CardEntry, Sources
    state = game3()
    hand_of(state, 0)
    state.hands.add(0, [card.split("/")[0] for card in cards])          # era-1 cards too: the arithmetic only
    sources = Sources(cards=tuple(CardEntry(*card.split("/")) for card in cards))
    assert GAME._value(state, 0, action, sources, []).value == value
