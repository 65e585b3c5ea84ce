"""EVE: Conquests rules, one test per rule (or worked example T-n of spec §22), named by rule ID."""
from __future__ import annotations

import json

import pytest

from rules.base import BadOptions
from rules.eve import GAME
from rules.eve.data import tables
from rules.eve.engine import clone_state, connected_component, face_up_squares, marker_region, vp
from rules.eve.state import (COMBAT, DICE, FIRST, INVADE, OVER, PREP_HQ, PREP_OUTPOST, PREP_PLACE, PREP_REVEAL,
                             PREP_SEAL, ROUND, STEAL, TACTICS, Seal)
from rules.messages import render

from .helpers import (AMARR, CALDARI, FACE, GALLENTE, MINMATAR, FixedDice, calendar_with, clear, give_cards, hold,
                      in_round, new, play, refused)


def faces(*values: int) -> list[int]:
    return [FACE[v] for v in values]


# ----- data and setup ---------------------------------------------------------------------------------
def test_EVE_DEF_1_the_map_has_63_regions_and_151_gates_89_in_the_2_player_map():
    tab = tables()
    assert len(tab.regions) == 63
    assert sum(len(n) for n in tab.adjacent4.values()) == 2 * 151
    assert len(tab.adjacent2) == 36 and sum(len(n) for n in tab.adjacent2.values()) == 2 * 89
    assert all(code in tab.adjacent4[other] for code, near in tab.adjacent4.items() for other in near)


def test_EVE_2P_2_T7_catch_has_four_neighbours_in_the_2_player_map():
    tab = tables()
    names = sorted(tab.regions[c].name for c in tab.adjacent2["R15"])
    assert names == ["Curse", "Khanid", "Providence", "Querious"]
    state = new(2)
    assert len(state.regions) == 36 and "R59" not in state.regions
    assert "R59" in new(4).regions


def test_EVE_SETUP_5_6_seven_cards_per_square_and_the_diagonal_face_up():
    state = new(4)
    regions = tables().regions
    for name, square in state.squares.items():
        assert len(square.pile) == 7
        assert all(regions[code].nebula == name[:3].lower() for code in square.pile)
    assert sorted(face_up_squares(state)) == ["CYA-B", "MAG-C", "VIO-A"]


def test_EVE_2P_3_T7_four_cards_per_square_all_green_or_blue():
    state = new(2)
    regions = tables().regions
    assert all(len(square.pile) == 4 for square in state.squares.values())
    assert {regions[c].ring for s in state.squares.values() for c in s.pile} == {"green", "blue"}


def test_EVE_SETUP_8_the_seat_order_starts_with_a_random_start_player_and_is_replayable():
    starts = {new(4, seed).order[0] for seed in range(12)}
    assert len(starts) > 1
    for seed in range(5):
        order = new(4, seed).order
        assert order == [(order[0] + i) % 4 for i in range(4)]
        assert new(4, seed).squares == new(4, seed).squares


def test_EVE_VAR_2_the_end_condition_is_stored_with_the_suggested_vision_target():
    assert new(4, end="vision").options["vp_target"] == 15
    assert new(3, end="vision", length="heroic").options["vp_target"] == 30
    assert new(2, end="vision", vp_target=12).options["vp_target"] == 12
    with pytest.raises(BadOptions) as refused:
        new(4, vp_target=12)            # a target needs Vision
    assert (refused.value.msg.key, refused.value.rule) == ("eve.err.target_without_vision", "EVE-VAR-2")


# ----- preparation round ---------------------------------------------------------------------------------
def test_EVE_PREP_1_T6_the_start_player_reveals_two_then_places_the_hq():
    state = new(4, seed=3)
    first = state.order[0]
    state = play(state, first, "reveal CYA-A")
    assert state.phase == PREP_REVEAL
    state = play(state, first, "reveal MAG-B")
    assert state.phase == PREP_HQ and len(face_up_squares(state)) == 5
    error = refused(state, first, "hq R13")                     # Aridia is blue
    assert error.rule == "EVE-PREP-1"
    state = play(state, first, "hq Verge")                      # a name prefix: Verge Vendor, green
    assert state.regions["R12"].hq == first and state.regions["R12"].owner == first
    for seat in state.order[1:]:
        state = play(state, seat, f"reveal {sorted(n for n, s in state.squares.items() if not s.face_up)[0]}")
        green = sorted(c for c, r in tables().regions.items() if r.ring == "green" and state.regions[c].hq is None)
        state = play(state, seat, f"hq {green[0]}")
    assert len(face_up_squares(state)) == 8 and state.phase == PREP_PLACE


def test_EVE_PREP_1_each_marker_stands_on_the_region_of_its_top_card():
    state = new(4)
    for name in face_up_squares(state):
        assert marker_region(state, name) == state.squares[name].pile[0]


def test_EVE_2P_4_T6_a_blue_hq_is_allowed_with_two_players():
    state = new(2, seed=2)
    first = state.order[0]
    state = play(play(state, first, "reveal VIO-B"), first, "reveal VIO-C")
    state = play(state, first, "hq R13")
    assert state.regions["R13"].hq == first


def test_EVE_3P_1_and_EVE_2P_5_seven_and_six_face_up_cards_after_the_reveals():
    for players, face_up in ((3, 7), (2, 6)):
        state = new(players, seed=4)
        while state.phase in (PREP_REVEAL, PREP_HQ):
            seat = next(iter(GAME.waiting_for(state)))
            state = GAME.apply(state, GAME.legal_moves(state, seat)[0])
        assert len(face_up_squares(state)) == face_up


def _after_hqs(players: int = 4, seed: int = 3):
    state = new(players, seed=seed)
    while state.phase in (PREP_REVEAL, PREP_HQ):
        seat = next(iter(GAME.waiting_for(state)))
        state = GAME.apply(state, GAME.legal_moves(state, seat)[0])
    return state


def test_EVE_PREP_2_a_unit_goes_to_an_adjacent_empty_region_an_own_region_or_becomes_an_agent():
    state = _after_hqs()
    seat = state.order[0]
    hq = state.players[seat].hq
    near = sorted(tables().adjacent4[hq])
    far = next(c for c in sorted(state.regions) if c != hq and c not in near)
    assert refused(state, seat, f"place {far}").rule == "EVE-PREP-2"
    after = play(state, seat, f"place {near[0]}")
    assert after.regions[near[0]].owner == seat and after.players[seat].supply == 59
    # an enemy region next to an own region: the unit is an agent on top
    state = clone_state(state)
    other = state.order[1]
    enemy_hq = state.players[other].hq
    hold(state, seat, next(iter(tables().adjacent4[enemy_hq])), 1)
    after = play(state, seat, f"place {enemy_hq}")
    assert after.regions[enemy_hq].agents == [seat] and after.regions[enemy_hq].owner == other


def test_EVE_PREP_2_eight_placements_each_then_outposts():
    state = _after_hqs()
    for _ in range(8 * 4):
        seat = next(iter(GAME.waiting_for(state)))
        state = play(state, seat, f"place {state.players[seat].hq}")
    assert state.phase == PREP_OUTPOST
    assert all(state.players[s].supply == 52 for s in range(4))


def test_EVE_PREP_3_a_player_who_passed_builds_no_more_outposts():
    state = _after_hqs()
    while state.phase == PREP_PLACE:
        seat = next(iter(GAME.waiting_for(state)))
        state = play(state, seat, f"place {state.players[seat].hq}")
    first = state.order[0]
    state = play(state, first, "pass")
    assert GAME.waiting_for(state) == {state.order[1]}
    for seat in state.order[1:]:
        state = play(state, seat, "pass")
    assert state.phase == PREP_SEAL


def test_EVE_PREP_4_T2_seal_months_from_january_with_february_as_one():
    state = _after_hqs()
    while state.phase != PREP_SEAL:
        seat = next(iter(GAME.waiting_for(state)))
        state = GAME.apply(state, GAME.default_move(state, seat))
    seat = state.order[0]
    state.players[seat].storage.update({"D": 1, "P": 0, "L": 2})
    state.pool_tiles["D"] -= 1
    state.pool_tiles["L"] -= 2
    state = play(state, seat, "seal D tiles=1")
    assert [s.kind for s in state.calendar[3]] == ["D"]       # level 2: 3 months -> April
    assert refused(state, state.order[1], "seal P tiles=1").rule == "EVE-PREP-4"
    for other in state.order[1:]:
        state = play(state, other, "seal D")
    state = play(state, seat, "seal P")
    assert any(s.seat == seat and s.kind == "P" for s in state.calendar[5])   # level 1: 5 months -> June
    for other in state.order[1:]:
        state = play(state, other, "seal P")
    state = play(state, seat, "seal L tiles=2")
    assert any(s.seat == seat and s.kind == "L" for s in state.calendar[2])   # level 3: 2 months -> March
    assert refused(state, state.order[1], "seal L tiles=1").rule == "EVE-PREP-4"


def test_EVE_PREP_5_the_calendar_starts_in_the_first_month_with_a_seal():
    state = _after_hqs()
    while state.phase not in (ROUND, FIRST):
        seat = next(iter(GAME.waiting_for(state)))
        state = GAME.apply(state, GAME.default_move(state, seat))
    first_month = min(m for m in range(1, 13) if state.calendar[m - 1])
    assert state.month == first_month and state.month > 1
    assert GAME.invariants(state) == []


# ----- calendar -------------------------------------------------------------------------------------------
def test_EVE_CAL_4_T1_calendar_example():
    state = new(4)
    state = in_round(state, AMARR, "P", month=5)
    calendar_with(state, 5, [(AMARR, "P"), (MINMATAR, "D")])
    # month 6 empty, month 7: two Caldari seals first
    for month in state.calendar:
        month[:] = [s for s in month if s.seat != CALDARI or s.kind == "D"]
    state.calendar[6] = [Seal(CALDARI, "P"), Seal(CALDARI, "L")] + state.calendar[6]
    state.calendar[5] = []
    state.players[AMARR].storage["P"] = 1
    state.pool_tiles["P"] -= 1
    state = play(state, AMARR, "end tiles=1")                    # level 2: 4 months
    assert state.calendar[8][-1].seat == AMARR and state.calendar[8][-1].kind == "P"
    assert state.round.seat == MINMATAR and state.round.kind == "D" and state.round.actions == 3
    state = play(state, MINMATAR, "end")
    assert state.month == 7 and state.phase == FIRST and state.first_choices == ["P", "L"]
    state = play(state, CALDARI, "first L")
    assert state.round.seat == CALDARI and state.round.kind == "L"
    state = play(state, CALDARI, "end")
    assert state.round.seat == CALDARI and state.round.kind == "P"


def test_EVE_CAL_6_and_EVE_END_1_trinity_ends_when_the_wheel_leaves_december_of_the_last_year():
    state = in_round(new(4), AMARR, "L", month=12)
    state.year = 2
    calendar_with(state, 12, [(AMARR, "L")])
    for month in state.calendar[:11]:
        month[:] = []
    for seat in range(4):                                        # everybody else waits in December too
        for kind in "DPL":
            if (seat, kind) != (AMARR, "L"):
                state.calendar[11].append(Seal(seat, kind))
    rounds = 0
    while state.phase != OVER and rounds < 40:
        state = GAME.apply(state, GAME.default_move(state, next(iter(GAME.waiting_for(state)))))
        rounds += 1
    assert state.calendar[11] == [] and rounds >= 12
    assert state.phase == OVER and state.end_reason == "years" and state.year == 3


def test_EVE_END_4_T11_a_vision_game_stops_at_its_year_limit():
    state = in_round(new(4, end="vision"), AMARR, "L", month=12)
    state.year = 4
    for month in state.calendar[:11]:
        month[:] = []
    state.calendar[11] = [state.calendar[11][0]] if state.calendar[11] else []
    calendar_with(state, 12, [(seat, kind) for seat in range(4) for kind in "DPL"])
    state.calendar[11].insert(0, state.calendar[11].pop(state.calendar[11].index(
        next(s for s in state.calendar[11] if s.seat == AMARR and s.kind == "L"))))
    state.players[CALDARI].region_cards = ["R01"]
    while state.phase != OVER:
        state = GAME.apply(state, GAME.default_move(state, next(iter(GAME.waiting_for(state)))))
    assert state.end_reason == "year_limit" and GAME.winners(state) == [CALDARI]


def test_EVE_CAL_7_every_seat_always_has_three_seals_after_preparation():
    state = _after_hqs(3, seed=5)
    import random
    rng = random.Random(5)
    for _ in range(300):
        if GAME.is_over(state):
            break
        seat = next(iter(GAME.waiting_for(state)))
        state = GAME.apply(state, GAME.random_move(state, seat, rng))
        if state.phase not in (PREP_REVEAL, PREP_HQ, PREP_PLACE, PREP_OUTPOST, PREP_SEAL):
            for s in range(3):
                assert sorted(x.kind for m in state.calendar for x in m if x.seat == s) == ["D", "L", "P"]


# ----- rounds ------------------------------------------------------------------------------------------------
def _board() -> object:
    """Gallente holds Sinq Laison, The Citadel, Lonetrek, Essence and Placid; Amarr holds
    Domain (its HQ) and Kador."""
    state = new(4)
    clear(state)
    hold(state, GALLENTE, "R08", 6)
    hold(state, GALLENTE, "R10", 1)
    hold(state, GALLENTE, "R06", 1)
    hold(state, GALLENTE, "R02", 1)
    hold(state, GALLENTE, "R29", 1)
    hold(state, AMARR, "R01", 2, hq=True)
    hold(state, AMARR, "R05", 2)
    return state


def test_EVE_RND_2_one_card_of_the_round_type_may_be_discarded_before_the_first_action():
    state = in_round(_board(), GALLENTE, "L", actions=3)
    state.hands.cards[GALLENTE] = ["LG12", "PR01"]
    state.decks["L"].pile.remove("LG12")
    state.decks["P"].pile.remove("PR01")
    assert refused(state, GALLENTE, "discard PR01").rule == "EVE-RND-2"
    after = play(state, GALLENTE, "discard LG12")
    assert after.round.actions == 4 and after.decks["L"].discards == ["LG12"]
    moved = play(state, GALLENTE, "draw D")
    assert refused(moved, GALLENTE, "discard LG12").rule == "EVE-RND-2"


def test_EVE_RND_3_actions_run_out_and_the_round_ends_by_end():
    state = in_round(_board(), GALLENTE, "L", actions=1)
    state = play(state, GALLENTE, "draw P")
    error = refused(state, GALLENTE, "draw P")
    assert (error.rule, error.msg.key, error.msg.params["left"]) == ("EVE-RND-3", "eve.err.no_actions", 0)


def test_EVE_DEV_3_expand_chains_from_regions_gained_this_round_and_over_agent_bridges():
    state = _board()
    hold(state, CALDARI, "R14", 1, agents=(GALLENTE,))           # Black Rise: Caldari, with a Gallente agent
    state = in_round(state, GALLENTE, "D")
    assert state.round.bridges == ["R14"]
    state = play(state, GALLENTE, "expand R16")                 # Cloud Ring, next to the agent bridge R14
    state = play(state, GALLENTE, "expand R38")                 # Fade, next to Cloud Ring gained just now
    assert state.regions["R38"].owner == GALLENTE
    assert refused(state, GALLENTE, "expand R05").rule == "EVE-DEV-3"    # Kador is not empty


def test_EVE_DEV_4_and_EVE_DEV_6_one_agent_per_region_and_round_next_to_an_own_region():
    state = in_round(_board(), GALLENTE, "D")
    state = play(state, GALLENTE, "agent R01")                  # Amarr's HQ region
    assert state.regions["R01"].agents == [GALLENTE]
    assert refused(state, GALLENTE, "agent R01").rule == "EVE-DEV-6"
    assert refused(state, GALLENTE, "agent R05").rule == "EVE-DEV-4"     # Kador: no own region next to it


def _production_board():
    """_board() with a production outpost (and its tile) in Gallente's The Citadel."""
    state = _board()
    state.regions["R10"].outpost = "P"
    state.pool_outposts["P"] -= 1
    state.pool_tiles["P"] -= 1
    state.players[GALLENTE].storage["P"] = 1
    return state


def test_EVE_PRD_2_and_EVE_PRD_3_build_at_outposts_and_the_hq_three_per_round():
    state = in_round(_production_board(), GALLENTE, "P", actions=6)
    assert refused(state, GALLENTE, "build R08").rule == "EVE-PRD-2"
    state = play(state, GALLENTE, "build R10 x2")
    assert state.regions["R10"].units == 3 and state.round.actions == 4
    assert refused(state, GALLENTE, "build R10 x2").rule == "EVE-PRD-3"
    assert play(state, GALLENTE, "build R10").regions["R10"].units == 4


def test_EVE_OUT_2_every_neighbour_needs_a_unit_or_agent_of_the_builder():
    state = in_round(_board(), GALLENTE, "L")
    error = refused(state, GALLENTE, "outpost R06 D")            # Lonetrek's neighbours are not all his
    assert (error.rule, error.msg.key) == ("EVE-OUT-2", "eve.err.outpost_neighbours")
    assert any(str(region).startswith("R35") for region in error.msg.params["missing"].items)
    clear(state)
    hold(state, GALLENTE, "R03", 1)                              # Everyshore: Essence, Genesis, Sinq Laison
    for code in ("R02", "R24", "R08"):
        hold(state, GALLENTE, code, 1)
    state = play(state, GALLENTE, "outpost R03 D")
    assert state.regions["R03"].outpost == "D" and state.players[GALLENTE].storage["D"] == 1
    assert refused(state, GALLENTE, "outpost R03 P").rule == "EVE-OUT-1"


def test_EVE_LOG_4_and_EVE_LOG_6_T5_a_connected_move_locks_source_and_destinations():
    state = in_round(_board(), GALLENTE, "L")
    state = play(state, GALLENTE, "move R08 > R06:3 R29:2")
    assert (state.regions["R08"].units, state.regions["R06"].units, state.regions["R29"].units) == (1, 4, 3)
    for code in ("R08", "R06", "R29"):
        assert code in state.round.locked
    assert refused(state, GALLENTE, "move R06 > R10:1").rule == "EVE-LOG-6"
    assert refused(state, GALLENTE, "attack R08 > R01").rule == "EVE-LOG-6"
    state.regions["R02"].units = 3
    after = play(state, GALLENTE, "move R02 > R06:1")            # into a locked region: allowed
    assert after.regions["R06"].units == 5


def test_EVE_LOG_4_the_last_unit_stays_and_the_destination_must_be_connected():
    state = in_round(_board(), GALLENTE, "L")
    assert refused(state, GALLENTE, "move R08 > R06:6").rule == "EVE-LOG-4"
    state.regions["R05"].owner = None
    hold(state, GALLENTE, "R27", 1)                              # Kor-Azor: not linked to Sinq Laison
    assert refused(state, GALLENTE, "move R08 > R27:1").rule == "EVE-DEF-6"


def test_EVE_LOG_5_an_hq_region_without_defenders_cannot_be_attacked():
    state = _board()
    state.regions["R01"].units = 0
    state.players[AMARR].supply += 2
    state = in_round(state, GALLENTE, "L")
    assert refused(state, GALLENTE, "attack R08 > R01").rule == "EVE-LOG-5"


def test_EVE_DEF_6_connection_runs_through_own_regions_and_own_agents():
    state = _board()
    assert connected_component(state, GALLENTE, "R08") >= {"R10", "R06", "R02", "R29"}
    assert "R05" not in connected_component(state, GALLENTE, "R08")
    state.regions["R05"].agents.append(GALLENTE)
    hold(state, GALLENTE, "R27", 1)
    state.regions["R01"].agents.append(GALLENTE)
    assert "R27" in connected_component(state, GALLENTE, "R08")


# ----- political map --------------------------------------------------------------------------------------
def _claim_board():
    """T-3: Minmatar holds outposts in Tenerifis, Omist and Esoteria and owns Feythabolis;
    VIO-B marks Omist and CYA-B marks Esoteria."""
    state = new(4)
    clear(state)
    for square in state.squares.values():
        square.face_up = False
    for square, code in (("VIO-B", "R59"), ("CYA-B", "R56"), ("VIO-A", "R48")):
        pile = state.squares[square]
        for other in state.squares.values():
            if code in other.pile:
                other.pile.remove(code)
        pile.pile.insert(0, code)
        pile.face_up = True
    hold(state, MINMATAR, "R48", 2, outpost="D")
    hold(state, MINMATAR, "R59", 2, outpost="P")
    hold(state, MINMATAR, "R56", 2, outpost="L")
    hold(state, MINMATAR, "R57", 2)
    return state


def test_EVE_POL_3_T3_claim_two_marked_regions_in_one_column():
    state = in_round(_claim_board(), MINMATAR, "D")
    state = play(state, MINMATAR, "claim R59 R56")
    assert sorted(state.players[MINMATAR].region_cards) == ["R56", "R59"] and vp(state, MINMATAR) == 8
    assert state.round.reveals_due == 2 and "VIO-B" not in face_up_squares(state)
    error = refused(state, MINMATAR, "expand R40")
    assert error.rule == "EVE-RND-1"                             # the refill comes first
    state = play(play(state, MINMATAR, "reveal VIO-B"), MINMATAR, "reveal MAG-A")
    assert state.round.reveals_due == 0
    assert refused(state, MINMATAR, "claim R48 R59").rule == "EVE-POL-5"


def test_EVE_POL_3_a_b_c_row_or_column_outposts_and_connection():
    state = in_round(_claim_board(), MINMATAR, "D")
    # Tenerifis (VIO-A) and Esoteria (CYA-B): neither row nor column
    assert refused(state, MINMATAR, "claim R48 R56").rule == "EVE-POL-3"
    # without the outpost in Omist
    no_outpost = clone_state(state)
    no_outpost.regions["R59"].outpost = None
    assert refused(no_outpost, MINMATAR, "claim R48 R59").msg.key == "eve.err.claim_outpost"
    # Omist and Esoteria linked only through Feythabolis: cut the link
    cut = clone_state(state)
    cut.regions["R57"].owner = CALDARI
    assert refused(cut, MINMATAR, "claim R59 R56").msg.key == "eve.err.claim_connected"
    assert play(state, MINMATAR, "claim R48 R59").players[MINMATAR].region_cards == ["R48", "R59"]


def test_EVE_END_2_a_vision_game_ends_the_moment_the_target_is_reached():
    state = _claim_board()
    state.options.update({"end": "vision", "vp_target": 8})
    state = in_round(state, MINMATAR, "D")
    state = play(state, MINMATAR, "claim R59 R56")
    assert state.phase == OVER and state.end_reason == "vision" and GAME.winners(state) == [MINMATAR]


def test_EVE_END_3_tied_leaders_share_the_win():
    state = _claim_board()
    state.options.update({"end": "vision", "vp_target": 4})
    state.players[CALDARI].region_cards = ["R62"]                 # 4 VP already
    state = in_round(state, MINMATAR, "D")
    state = play(state, MINMATAR, "claim R48 R59")                # 3 + 4 = 7
    assert GAME.winners(state) == [MINMATAR]
    state = _claim_board()
    state.players[CALDARI].region_cards = ["R52", "R62"]
    state.players[MINMATAR].region_cards = ["R53", "R58"]
    GAME._finish(state, "years")
    assert GAME.winners(state) == [CALDARI, MINMATAR]


# ----- combat -------------------------------------------------------------------------------------------------
def _battle(streams_values: list[int]):
    """T-4: Gallente (6 units in Tenerifis) attacks Amarr in Omist (4 units + production
    outpost); Gallente has two agents in Omist, Amarr none in Tenerifis."""
    state = new(4)
    clear(state)
    hold(state, GALLENTE, "R48", 6)
    hold(state, GALLENTE, "R15", 1)
    hold(state, AMARR, "R59", 4, outpost="P", agents=(GALLENTE, GALLENTE))
    hold(state, AMARR, "R57", 1)
    state.players[AMARR].storage["P"] = 1
    give_cards(state, AMARR, ["R24", "R01"])                     # a blue and a green card, no red or orange
    state = in_round(state, GALLENTE, "L")
    state.streams = FixedDice(streams_values)
    return state


def test_EVE_CMB_2_3_5_T4_strengths_and_the_intel_question():
    # Gallente rolls 5 damage (2,2,2,1,1) and 1 tactics (1); Amarr 2 damage (2,1) and 3 shields (1,1,1)
    state = _battle(faces(2, 2, 2, 1, 1) + faces(1) + faces(2, 1) + faces(1, 1, 1))
    state = play(state, GALLENTE, "attack R48 > R59")
    combat = state.combat
    assert state.phase == COMBAT and combat.step == DICE
    assert combat.strength == {GALLENTE: 6, AMARR: 5} and combat.intel == GALLENTE
    assert GAME.waiting_for(state) == {AMARR}                    # the disadvantaged side commits first
    state = play(state, AMARR, "dice 2d 3s 0t")
    assert GAME.waiting_for(state) == {GALLENTE}
    assert refused(state, GALLENTE, "dice 5d 0s 1t").rule == "EVE-CMB-5"
    state = play(state, GALLENTE, "ask dmg")
    assert state.combat.answer == 2                               # answered by the engine
    state = play(state, GALLENTE, "dice 5d 0s 1t")
    assert state.combat.totals == {GALLENTE: [8, 0, 1], AMARR: [3, 3, 0]}
    assert state.combat.step == TACTICS and state.combat.tactic_actions == 1
    state = play(state, GALLENTE, "tac T2x1")
    # hits: Amarr 8 - 3 = 5 (all 4 units), Gallente 3 - 1 = 2; Omist lost: outpost, tile from
    # storage, steal (no red or orange card: the blue one), agents -> units, invasion
    assert state.combat.losses == {AMARR: 4, GALLENTE: 2}
    assert state.players[AMARR].storage["P"] == 0 and state.regions["R59"].outpost is None
    assert state.players[GALLENTE].region_cards == ["R24"] and state.players[AMARR].region_cards == ["R01"]
    assert state.combat.step == INVADE and GAME.waiting_for(state) == {GALLENTE}
    assert refused(state, GALLENTE, "invade 4").rule == "EVE-CMB-10"
    state = play(state, GALLENTE, "invade 3")
    assert state.phase == ROUND
    omist = state.regions["R59"]
    assert (omist.owner, omist.units, omist.agents) == (GALLENTE, 5, [])
    assert state.regions["R48"].units == 1 and "R59" in state.round.locked
    assert GAME.invariants(state) == []


def test_EVE_CMB_4_dice_within_strength_and_five_per_colour():
    state = play(_battle([]), GALLENTE, "attack R48 > R59")
    state = play(state, AMARR, "dice 0d 0s 0t")
    state = play(state, GALLENTE, "ask shd")
    assert refused(state, GALLENTE, "dice 6d 0s 0t").rule == "EVE-CMB-4"
    assert refused(state, GALLENTE, "dice 4d 2s 1t").rule == "EVE-CMB-4"


def test_EVE_BOT_3_a_sealed_dice_choice_is_hidden_until_both_are_in():
    state = _battle(faces(1, 1) + faces(1, 1))
    state.regions["R59"].agents = []                              # no intel advantage: simultaneous
    state.players[GALLENTE].supply += 2
    state = play(state, GALLENTE, "attack R48 > R59")
    assert state.combat.intel is None and GAME.waiting_for(state) == {GALLENTE, AMARR}
    state = play(state, AMARR, "dice 2d 0s 0t")
    view = json.dumps(GAME.dump_state(GAME.view(state, GALLENTE)))
    assert "[2, 0, 0]" not in view
    assert "[2, 0, 0]" in json.dumps(GAME.dump_state(GAME.view(state, AMARR)))
    redacted = GAME.redact_move(state, AMARR, "dice 2d 0s 0t")
    assert not isinstance(redacted, str)
    state = play(state, GALLENTE, "dice 2d 0s 0t")
    assert GAME.redact_move(state, AMARR, "dice 2d 0s 0t") == "dice 2d 0s 0t"


def test_EVE_CMB_7_T1_a_reserve_unit_joins_from_a_connected_region():
    # Gallente wins tactics by 1 and commits a reserve from Catch (R15, 3 units)
    state = _battle(faces(0) + faces(1) + faces(0))
    state.regions["R15"].units = 3
    state.players[GALLENTE].supply -= 2
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(state, AMARR, "dice 1d 0s 0t")
    state = play(state, GALLENTE, "ask dmg")
    state = play(state, GALLENTE, "dice 1d 0s 1t")
    assert state.combat.step == TACTICS
    assert refused(state, GALLENTE, "tac T1:R57").rule == "EVE-CMB-7"     # Amarr's region
    state = play(state, GALLENTE, "tac T1:R15")
    assert state.regions["R15"].units == 2
    assert state.regions["R48"].units == 7                       # nobody hit anybody


def test_EVE_CMB_9_hq_regions_are_never_lost():
    state = _battle(faces(2, 2, 2, 2, 2) + faces(0))
    state.regions["R59"].hq = AMARR
    state.regions["R59"].outpost = None
    state.pool_outposts["P"] += 1
    state.pool_tiles["P"] += 1
    state.players[AMARR].storage["P"] = 0
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(state, AMARR, "dice 0d 0s 0t")
    state = play(state, GALLENTE, "ask dmg")
    state = play(state, GALLENTE, "dice 5d 0s 0t")
    assert state.regions["R59"].units == 0 and state.regions["R59"].owner == AMARR
    assert state.phase == ROUND


def _fight_to_the_end(state):
    while state.phase == COMBAT:
        state = GAME.apply(state, GAME.default_move(state, next(iter(GAME.waiting_for(state)))))
    return state


def test_EVE_CMB_14_the_winners_agents_become_units_and_other_agents_stay():
    state = _battle(faces(2, 2, 2, 2, 2) + faces(0) + faces(0, 0, 0, 0, 0))
    state.regions["R59"].agents = [CALDARI, GALLENTE, CALDARI]
    state.players[GALLENTE].supply += 1
    state.players[CALDARI].supply -= 2
    state.regions["R57"].owner = CALDARI                         # Feythabolis: Caldari's, next to Omist
    state.players[AMARR].supply += 1
    state.players[CALDARI].supply -= 1
    state = _fight_to_the_end(play(state, GALLENTE, "attack R48 > R59"))
    omist = state.regions["R59"]
    assert (omist.owner, omist.units, omist.agents) == (GALLENTE, 1, [CALDARI, CALDARI])
    assert GAME.invariants(state) == []


def test_EVE_CMB_10_without_the_winner_the_bottom_most_agents_player_takes_the_region():
    state = _battle(faces(2, 2, 2, 2, 2) + faces(0) + faces(0, 0, 0, 0, 0))
    state.regions["R59"].agents = [CALDARI, CALDARI]
    state.players[GALLENTE].supply += 2
    state.players[CALDARI].supply -= 2
    state.regions["R57"].owner = CALDARI
    state.players[AMARR].supply += 1
    state.players[CALDARI].supply -= 1
    state = _fight_to_the_end(play(state, GALLENTE, "attack R48 > R59"))   # invade 0 by default
    omist = state.regions["R59"]
    assert (omist.owner, omist.units, omist.agents) == (CALDARI, 2, [])
    assert GAME.invariants(state) == []


def test_EVE_CMB_13_and_EVE_CMB_16_T10_the_steal_cascade_only_goes_down():
    # a green loss while holding blue and red cards: nothing is stolen
    state = new(4)
    clear(state)
    hold(state, GALLENTE, "R08", 6)
    hold(state, AMARR, "R10", 1, outpost="D")                   # The Citadel, green
    give_cards(state, AMARR, ["R24", "R59"])
    state = in_round(state, GALLENTE, "L")
    state.streams = FixedDice(faces(2, 2, 2, 2, 2))
    state = play(state, GALLENTE, "attack R08 > R10")
    state = play(state, AMARR, "dice 0d 0s 0t")
    state = play(state, GALLENTE, "dice 5d 0s 0t")
    assert state.players[AMARR].region_cards == ["R24", "R59"]
    # an orange loss while holding green and red cards: a green card
    state = new(4)
    clear(state)
    hold(state, GALLENTE, "R15", 6)
    hold(state, AMARR, "R48", 1, outpost="D")                   # Tenerifis, orange
    give_cards(state, AMARR, ["R01", "R05", "R59"])
    state = in_round(state, GALLENTE, "L")
    state.streams = FixedDice(faces(2, 2, 2, 2, 2))
    state = play(state, GALLENTE, "attack R15 > R48")
    state = play(state, AMARR, "dice 0d 0s 0t")
    state = play(state, GALLENTE, "dice 5d 0s 0t")
    assert state.combat.step == STEAL and GAME.waiting_for(state) == {GALLENTE}
    assert refused(state, GALLENTE, "steal R59").rule == "EVE-CMB-13"
    state = play(state, GALLENTE, "steal R05")
    assert state.players[GALLENTE].region_cards == ["R05"]


def test_EVE_CMB_12_without_a_stored_tile_the_schedule_loses_it():
    state = _battle(faces(2, 2, 2, 2, 2) + faces(1))
    state.players[AMARR].storage["P"] = 0
    state.players[AMARR].schedule["P"] = 1
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(state, AMARR, "dice 0d 0s 0t")
    state = play(state, GALLENTE, "ask tac")
    state = play(state, GALLENTE, "dice 5d 0s 1t")
    state = play(state, GALLENTE, "tac T3x1") if state.combat.step == TACTICS else state
    assert state.players[AMARR].schedule["P"] == 0 and state.pool_tiles["P"] == 20


def test_EVE_DEF_9_T8_an_agent_without_an_own_neighbour_dies():
    # Caldari's agent sits in Omist (Amarr); Caldari's only neighbour there is Tenerifis, which it loses
    state = new(4)
    clear(state)
    hold(state, GALLENTE, "R15", 6)
    hold(state, CALDARI, "R48", 1)
    hold(state, AMARR, "R59", 3, agents=(CALDARI,))
    state = in_round(state, GALLENTE, "L")
    state.streams = FixedDice(faces(2, 2, 2, 2, 2))
    state = play(state, GALLENTE, "attack R15 > R48")
    state = play(state, CALDARI, "dice 0d 0s 0t")
    state = play(state, GALLENTE, "dice 5d 0s 0t")
    state = play(state, GALLENTE, "invade 2")
    assert state.regions["R59"].agents == [] and state.players[CALDARI].supply == 60
    assert GAME.invariants(state) == []


# ----- hidden information and the contract -------------------------------------------------------------------
def test_EVE_BOT_1_hands_deck_orders_and_face_down_cards_stay_hidden():
    state = in_round(_board(), GALLENTE, "L")
    state = play(state, GALLENTE, "draw D")
    card = state.hands.cards[GALLENTE][0]
    notices = GAME.notices(in_round(_board(), GALLENTE, "L"), GAME.parse_move(state, GALLENTE, "draw D"), state)
    assert [n.seat for n in notices] == [GALLENTE] and card in render(notices[0].msg, "en")
    for viewer in (None, AMARR):
        text = json.dumps(GAME.dump_state(GAME.view(state, viewer)))
        assert card not in text
        assert all(c not in text for deck in state.decks.values() for c in deck.pile)
        face_down = [c for s in state.squares.values() for c in (s.pile if not s.face_up else s.pile[1:])]
        view = GAME.view(state, viewer)
        assert all(c not in v.pile for v in view.squares.values() for c in face_down)
    assert state.hand_sizes[GALLENTE] == {"D": 1, "P": 0, "L": 0}
    assert GAME.view(state, AMARR).hand_sizes[GALLENTE] == {"D": 1, "P": 0, "L": 0}


def test_EVE_BOT_4_defaults_pass_the_cards_choose_damage_first_and_never_invade():
    state = _battle(faces(1, 1, 1, 1, 1) + faces(1, 1, 1, 1, 1))
    state.regions["R59"].agents = []
    state.players[GALLENTE].supply += 2
    state = play(state, GALLENTE, "attack R48 > R59")
    assert GAME.format_move(GAME.default_move(state, AMARR)) == "dice 5d 0s 0t"
    state.combat.strength[AMARR] = 12
    assert GAME.format_move(GAME.default_move(state, AMARR)) == "dice 5d 5s 2t"


def test_EVE_NOTATION_hungarian_words_and_region_names():
    state = in_round(_board(), GALLENTE, "L")
    assert GAME.format_move(GAME.parse_move(state, GALLENTE, "mozgat sinq > lonetrek:2")) == "move R08 > R06:2"
    assert GAME.format_move(GAME.parse_move(state, GALLENTE, "húz termelés")) == "draw P"
    error = refused(state, GALLENTE, "mozgat the > R06:1")
    assert error.msg.key == "eve.err.ambiguous_region"
    assert "Tribute" not in render(error.msg, "hu") and "The Forge" in render(error.msg, "hu")


# ----- design cards ---------------------------------------------------------------------------------------------
def _hand(state, seat, cards):
    for card in cards:
        for deck in state.decks.values():
            if card in deck.pile:
                deck.pile.remove(card)
        state.hands.cards[seat].append(card)


def test_EVE_CARD_4_own_cards_give_actions_in_their_round_type():
    state = in_round(_board(), GALLENTE, "D", actions=3)
    _hand(state, GALLENTE, ["DV09", "PR30", "LG12"])
    state = play(state, GALLENTE, "play DV09")                   # Administrative Reform: +2
    assert state.round.actions == 5 and state.decks["D"].discards == ["DV09"]
    assert refused(state, GALLENTE, "play PR30").rule == "EVE-CARD-4"    # Mass Production: production rounds
    state = play(state, GALLENTE, "play LG12")                   # Extra Shift: any round, +1
    assert state.round.actions == 6
    assert GAME.invariants(state) == []


def test_EVE_CARD_4_a_card_played_without_its_target_says_how_it_is_written():
    state = in_round(_board(), GALLENTE, "L")
    _hand(state, GALLENTE, ["LG05"])
    error = refused(state, GALLENTE, "play LG05")
    assert error.msg.key == "eve.err.play_arguments" and "seal=caldari:P" in render(error.msg, "en")
    assert "kijátszik H05 pecsét=caldari:T" in render(error.msg, "hu")      # issue 24: in the reader's words and codes


def test_EVE_CARD_5_a_tile_card_works_while_its_tile_stays_PRD_H_build_cap_four():
    state = in_round(_production_board(), GALLENTE, "P", actions=6)
    _hand(state, GALLENTE, ["PR25"])
    state = play(state, GALLENTE, "play PR25")
    assert state.players[GALLENTE].tile_cards == {"PR25": "P"} and state.players[GALLENTE].storage["P"] == 0
    state = play(state, GALLENTE, "build R10 x4")
    assert state.regions["R10"].units == 5
    assert GAME.invariants(state) == []                          # EVE-SCH-5: the tile still counts
    state = play(state, GALLENTE, "untile PR25")
    assert state.players[GALLENTE].storage["P"] == 1 and state.decks["P"].discards == ["PR25"]
    assert refused(in_round(_board(), GALLENTE, "P"), GALLENTE, "untile PR25").rule == "EVE-CARD-5"


def test_EVE_RND_4_a_card_played_at_a_rounds_start_puts_the_round_under_way_in_the_waiting_line():
    """A design card played (a free action) before any action left the thread's line plain, as
    at a round's start: the line says the round's actions left."""
    state = in_round(_board(), GALLENTE, "D", actions=3)
    _hand(state, GALLENTE, ["DV09"])
    assert GAME.waiting_hint(state) is None                      # a plain round start
    state = play(state, GALLENTE, "play DV09")                   # Administrative Reform: +2
    hint = GAME.waiting_hint(state)
    assert (hint.key, hint.params["n"]) == ("eve.wait.round", 5)
    assert GAME.waiting_hint(GAME.view(state, None)) == hint     # public


def test_EVE_RND_4_a_tile_returned_at_a_rounds_start_puts_the_round_under_way_in_the_waiting_line():
    state = in_round(_production_board(), GALLENTE, "P", actions=3)
    _hand(state, GALLENTE, ["PR25"])
    state = play(state, GALLENTE, "play PR25")                   # a tile card: its tile stays
    assert GAME.waiting_hint(state).key == "eve.wait.round"
    state = in_round(state, GALLENTE, "P", actions=3)            # the next production round
    assert GAME.waiting_hint(state) is None
    state = play(state, GALLENTE, "untile PR25")
    assert GAME.waiting_hint(state).key == "eve.wait.round"


def test_EVE_RND_4_a_game_stored_before_free_actions_were_recorded_loads_as_none_taken():
    state = in_round(_board(), GALLENTE, "D", actions=3)
    _hand(state, GALLENTE, ["DV09"])
    data = GAME.dump_state(play(state, GALLENTE, "play DV09"))
    assert data["round"].pop("free_acted") is True
    assert GAME.load_state(data).round.free_acted is False


def test_EVE_CARD_5_a_tile_card_needs_a_tile_of_its_deck_type():
    state = in_round(_board(), GALLENTE, "L")
    _hand(state, GALLENTE, ["LG27"])
    assert refused(state, GALLENTE, "play LG27").rule == "EVE-CARD-5"


def test_EVE_RND_5_rush_orders_move_the_seal_one_month_less():
    state = in_round(_board(), GALLENTE, "L", month=3)
    _hand(state, GALLENTE, ["LG01"])
    state = play(play(state, GALLENTE, "play LG01"), GALLENTE, "end")
    assert any(s.seat == GALLENTE and s.kind == "L" for s in state.calendar[4])   # 3 - 1 months: May


def test_EVE_CMB_1_combat_cards_change_strength_intel_and_totals():
    # Gallente plays Reinforced Fleet and Heavy Weapons; Amarr plays Signal Intercept
    state = _battle(faces(1) + faces(0))
    _hand(state, GALLENTE, ["PR01", "PR05"])
    _hand(state, AMARR, ["PR19"])
    state = play(state, GALLENTE, "attack R48 > R59")
    assert state.combat.step == "cards_att"
    state = play(state, GALLENTE, "cards PR01 PR05")
    assert GAME.waiting_for(state) == {AMARR}
    state = play(state, AMARR, "cards PR19")
    combat = state.combat
    assert combat.strength == {GALLENTE: 8, AMARR: 5} and combat.intel == AMARR
    state = play(state, GALLENTE, "dice 1d 0s 0t")
    state = play(state, AMARR, "ask dmg")
    state = play(state, AMARR, "dice 1d 0s 0t")
    assert state.regions["R59"].units == 4 - (1 + 2)             # Heavy Weapons: +2 damage after the roll
    assert GAME.invariants(state) == []


def test_EVE_CMB_1_a_side_without_production_cards_is_not_asked():
    state = _battle([])
    _hand(state, AMARR, ["PR01"])
    state = play(state, GALLENTE, "attack R48 > R59")
    assert state.combat.step == "cards_def" and GAME.waiting_for(state) == {AMARR}
    assert refused(state, AMARR, "cards LG01").rule == "EVE-CARD-2"


# ----- more rules ---------------------------------------------------------------------------------------------------
def test_EVE_LOG_7_each_source_attacks_once_a_target_may_be_attacked_again_from_elsewhere():
    state = _battle(faces(0) * 20)
    state.regions["R57"].units = 5                               # Feythabolis: Amarr, next to Tenerifis
    state.players[AMARR].supply -= 4
    hold(state, GALLENTE, "R40", 3)                              # Impass: Gallente, next to Tenerifis and Feythabolis
    state = play(state, GALLENTE, "attack R48 > R57")
    state = _fight_to_the_end(state)
    assert refused(state, GALLENTE, "attack R48 > R59").rule in ("EVE-LOG-6", "EVE-LOG-7")
    state = play(state, GALLENTE, "attack R40 > R57")
    assert state.phase == COMBAT


def test_EVE_DEV_7_no_unit_in_supply_no_expansion():
    state = in_round(_board(), GALLENTE, "D")
    state.players[GALLENTE].supply = 0
    assert refused(state, GALLENTE, "expand R03").rule == "EVE-DEV-7"


def test_EVE_SCH_4_the_round_end_moves_tiles_between_storage_and_schedule():
    state = _board()
    state.players[GALLENTE].storage["L"] = 2
    state.pool_tiles["L"] -= 2
    state = in_round(state, GALLENTE, "L", month=3)
    assert refused(state, GALLENTE, "end tiles=3").rule == "EVE-SCH-4"
    after = play(state, GALLENTE, "end tiles=2")
    assert after.players[GALLENTE].schedule["L"] == 2 and after.players[GALLENTE].storage["L"] == 0
    assert any(s.seat == GALLENTE and s.kind == "L" for s in after.calendar[4])   # level 3: 2 months


def test_EVE_CARD_8_an_empty_deck_is_refilled_from_its_shuffled_discards():
    state = in_round(_board(), GALLENTE, "L")
    deck = state.decks["D"]
    deck.discards, deck.pile = list(deck.pile), []
    state = play(state, GALLENTE, "draw D")
    assert state.decks["D"].reshuffles == 1 and len(state.decks["D"].pile) == 32
    assert "eve.event.reshuffled" in [event.key for event in GAME.events(state, None, state)]
    state.decks["D"].pile, state.decks["D"].discards = [], []
    assert refused(state, GALLENTE, "draw D").rule == "EVE-LOG-3"


def test_EVE_CMB_11_when_both_regions_fall_nobody_invades():
    state = _battle(faces(2, 2, 2, 2, 2) + faces(2, 2, 2, 2))
    state.regions["R59"].agents = []
    state.players[GALLENTE].supply += 2
    state.regions["R48"].units = 5
    state.players[GALLENTE].supply += 1
    state.regions["R59"].outpost = None
    state.pool_outposts["P"] += 1
    state.pool_tiles["P"] += 1
    state.players[AMARR].storage["P"] = 0
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(play(state, GALLENTE, "dice 5d 0s 0t"), AMARR, "dice 4d 0s 0t")
    assert state.phase == ROUND
    assert state.regions["R48"].owner is None and state.regions["R59"].owner is None
    assert GAME.invariants(state) == []


def test_EVE_VAR_3_impending_doom_takes_the_leaders_lowest_card_back_to_its_nebula():
    state = new(4, impending_doom=True)
    give_cards(state, CALDARI, ["R59", "R01"])
    give_cards(state, AMARR, ["R02"])
    state = in_round(state, AMARR, "L", month=12)
    state.calendar[11] = [Seal(AMARR, "L")]
    for month in state.calendar[:11]:
        month[:] = [s for s in month if not (s.seat == AMARR and s.kind == "L")]
    state = play(state, AMARR, "end")
    assert state.players[CALDARI].region_cards == ["R59"] and state.players[AMARR].region_cards == ["R02"]
    assert any("R01" in square.pile for name, square in state.squares.items() if name.startswith("VIO"))
    assert GAME.invariants(state) == []


# ----- the cards that name a target or ask a follow-up ----------------------------------------------------------
def test_EVE_CARD_DEV_A_and_DEV_B_a_free_expand_and_a_free_second_agent():
    state = in_round(_board(), GALLENTE, "D", actions=1)
    _hand(state, GALLENTE, ["DV01", "DV05"])
    state = play(state, GALLENTE, "play DV01 R03")               # Everyshore, next to Essence
    assert state.regions["R03"].owner == GALLENTE and state.round.actions == 1
    state = play(state, GALLENTE, "agent R01")
    state = play(state, GALLENTE, "play DV05 R01")               # a second agent in Domain this round
    assert state.regions["R01"].agents == [GALLENTE, GALLENTE] and state.round.actions == 0
    assert GAME.invariants(state) == []


def test_EVE_CARD_DEV_D_a_marked_card_goes_under_its_square_and_another_square_is_revealed():
    state = in_round(new(4), CALDARI, "P")
    _hand(state, CALDARI, ["DV12"])
    top = state.squares["VIO-A"].pile[0]
    state = play(state, CALDARI, "play DV12 VIO-A")
    assert state.squares["VIO-A"].pile[-1] == top and not state.squares["VIO-A"].face_up
    assert state.round.reveals_due == 1
    assert refused(state, CALDARI, "end").rule == "EVE-RND-1"
    state = play(state, CALDARI, "reveal VIO-B")
    assert "VIO-B" in face_up_squares(state) and GAME.invariants(state) == []
    assert refused(state, CALDARI, "play DV13 VIO-C").rule == "EVE-CARD-2"


def test_EVE_CARD_DEV_E_peeks_reach_only_the_player():
    before = in_round(new(4), CALDARI, "P")
    _hand(before, CALDARI, ["DV15"])
    move = GAME.parse_move(before, CALDARI, "play DV15 VIO-A VIO-B")
    after = GAME.apply(before, move)
    notices = GAME.notices(before, move, after)
    seen = [before.squares["VIO-A"].pile[1], before.squares["VIO-B"].pile[0]]
    assert [n.seat for n in notices] == [CALDARI]
    assert all(code in render(notices[0].msg, "hu") for code in seen)
    assert all(code not in render(e, "en") for e in GAME.events(before, move, after) for code in seen)


def test_EVE_CARD_DEV_F_and_DEV_G_a_second_claim_and_a_claim_without_an_outpost():
    state = _claim_board()
    state.regions["R56"].outpost = None                          # Esoteria: 2 units, no outpost
    state.pool_outposts["L"] += 1
    state.pool_tiles["L"] += 1
    state.players[MINMATAR].storage["L"] = 0
    state = in_round(state, MINMATAR, "D")
    _hand(state, MINMATAR, ["DV18", "DV21"])
    assert refused(state, MINMATAR, "play DV18").rule == "EVE-CARD-4"      # only after a claim
    assert refused(state, MINMATAR, "claim R59 R56").msg.key == "eve.err.claim_outpost"
    state = play(state, MINMATAR, "play DV21")
    state = play(state, MINMATAR, "claim R59 R56")
    assert sorted(state.players[MINMATAR].region_cards) == ["R56", "R59"]
    state = play(play(state, MINMATAR, "reveal VIO-C"), MINMATAR, "reveal MAG-A")
    assert refused(state, MINMATAR, "claim R48 R56").rule == "EVE-POL-5"
    state = play(state, MINMATAR, "play DV18")
    assert state.round.extra_claims == 1


def _tile(state, seat, card):
    """``card`` in front of ``seat`` with a tile of its deck type (and an outpost to match)."""
    _hand(state, seat, [card])
    kind = tables().cards[card].deck
    state.players[seat].storage[kind] += 1
    state.pool_tiles[kind] -= 1
    state.pool_outposts[kind] -= 1
    return play(state, seat, f"play {card}")


def test_EVE_CARD_DEV_I_expand_two_gates_over_an_empty_region():
    state = in_round(_board(), GALLENTE, "D")
    assert refused(state, GALLENTE, "expand R13").rule == "EVE-DEV-3"      # Aridia: two gates from Essence
    state.regions["R24"] = state.regions["R24"].__class__()
    state = _tile(state, GALLENTE, "DV27")
    state.regions["R12"].owner = None                            # keep it simple: Verge Vendor stays empty
    state = play(state, GALLENTE, "expand R13")                  # over empty Genesis
    assert state.regions["R13"].owner == GALLENTE


def test_EVE_CARD_DEV_J_deep_cover_keeps_cut_off_agents_until_the_tile_leaves():
    state = _board()
    hold(state, AMARR, "R31", 2, agents=(GALLENTE,))             # Pure Blind, next to Lonetrek and Placid
    state = in_round(state, GALLENTE, "D")
    state = _tile(state, GALLENTE, "DV29")
    for code in ("R06", "R29"):                                  # Gallente loses every neighbour of Pure Blind
        state.regions[code].owner, state.regions[code].units = None, 0
        state.players[GALLENTE].supply += 1
    state.regions["R16"].owner = None
    GAME._agent_survival(state)
    assert state.regions["R31"].agents == [GALLENTE]
    state.regions["R08"].outpost = None
    state = play(state, GALLENTE, "untile DV29")
    assert state.regions["R31"].agents == []


def test_EVE_CARD_DEV_K_one_neighbour_may_lack_units():
    state = in_round(_board(), GALLENTE, "L")
    clear(state)
    hold(state, GALLENTE, "R03", 1)                              # Everyshore: Essence, Genesis, Sinq Laison
    hold(state, GALLENTE, "R02", 1)
    hold(state, GALLENTE, "R08", 1)
    assert refused(state, GALLENTE, "outpost R03 D").rule == "EVE-OUT-2"
    state = _tile(state, GALLENTE, "DV31")
    state = play(state, GALLENTE, "outpost R03 D")
    assert state.regions["R03"].outpost == "D"


def test_EVE_CARD_PRD_G_damage_control_rerolls_two_dice_after_the_roll():
    state = _battle(faces(0, 0) + faces(0, 0) + faces(2, 2))
    state.regions["R59"].agents = []
    state.players[GALLENTE].supply += 2
    _hand(state, GALLENTE, ["PR22"])
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(state, GALLENTE, "cards PR22")
    state = play(play(state, GALLENTE, "dice 2d 0s 0t"), AMARR, "dice 2d 0s 0t")
    assert state.combat.step == "reroll" and GAME.waiting_for(state) == {GALLENTE}
    assert refused(state, GALLENTE, "reroll 1 2 3").rule == "EVE-CMB-7"
    state = play(state, GALLENTE, "reroll 1 2")
    assert state.regions["R59"].units == 4 - 4                   # two re-rolled 2s: 4 damage


def test_EVE_CARD_LOG_B_C_G_seals_move_on_the_calendar():
    state = in_round(new(4), CALDARI, "L", month=3)
    _hand(state, CALDARI, ["LG05", "LG09", "LG21"])
    month_of = GAME._seal_month
    amarr_p = month_of(state, AMARR, "P")
    state = play(state, CALDARI, "play LG05 seal=amarr:P")
    assert month_of(state, AMARR, "P") == (amarr_p + 1) % 12
    assert refused(state, CALDARI, "play LG09 L").rule == "EVE-CARD-4"       # its own seal is acting now
    d, p = month_of(state, CALDARI, "D"), month_of(state, CALDARI, "P")
    state = play(state, CALDARI, "play LG21 D P")
    assert (month_of(state, CALDARI, "D"), month_of(state, CALDARI, "P")) == (p, d)
    state = play(state, CALDARI, "play LG09 P")
    assert state.calendar[month_of(state, CALDARI, "P")][0].seat == CALDARI
    assert GAME.invariants(state) == []


def test_EVE_CARD_LOG_E_and_LOG_F_unlock_a_region_and_move_for_free():
    state = in_round(_board(), GALLENTE, "L", actions=1)
    _hand(state, GALLENTE, ["LG15", "LG18"])
    state = play(state, GALLENTE, "move R08 > R10:2")
    state = play(state, GALLENTE, "play LG15 R08")               # Sinq Laison moved, never attacked
    state = play(state, GALLENTE, "play LG18 R08 > R06:1")
    assert state.regions["R06"].units == 2 and state.round.actions == 0


def test_EVE_CARD_LOG_H_draw_two_keep_one_hidden_from_the_others():
    state = in_round(_board(), GALLENTE, "L")
    state = _tile(state, GALLENTE, "LG24")
    state = play(state, GALLENTE, "draw P")
    drawn = list(state.round.pending_keep)
    assert len(drawn) == 2 and refused(state, GALLENTE, "draw P").rule == "EVE-RND-1"
    other_view = json.dumps(GAME.dump_state(GAME.view(state, AMARR)))
    assert all(card not in other_view for card in drawn)
    state = play(state, GALLENTE, f"keep {drawn[1]}")
    assert drawn[1] in state.hands.cards[GALLENTE] and state.decks["P"].discards == [drawn[0]]
    assert drawn[1] not in render(GAME.redact_move(state, GALLENTE, f"keep {drawn[1]}"), "en")   # the log hides it


def test_EVE_CARD_LOG_K_look_at_three_and_put_them_back_in_order():
    before = in_round(_board(), GALLENTE, "L")
    _hand(before, GALLENTE, ["LG31"])
    move = GAME.parse_move(before, GALLENTE, "play LG31 D")
    state = GAME.apply(before, move)
    top = before.decks["D"].pile[:3]
    assert state.round.peek == top and GAME.notices(before, move, state)[0].seat == GALLENTE
    state = play(state, GALLENTE, "order " + " ".join(reversed(top)))
    assert state.decks["D"].pile[:3] == list(reversed(top))
    assert top[0] not in render(GAME.redact_move(state, GALLENTE, "order " + " ".join(reversed(top))), "en")


def test_EVE_BOT_4_small_public_decisions_get_buttons_secret_ones_never():
    state = _battle(faces(2, 2, 2, 2))
    state.regions["R48"].units = 4
    state.players[GALLENTE].supply += 2
    state = play(state, GALLENTE, "attack R48 > R59")
    assert GAME.public_choices(state) is None                      # Amarr's secret dice
    state = play(state, AMARR, "dice 0d 0s 0t")
    assert GAME.public_choices(state) == (GALLENTE, ["ask dmg", "ask shd", "ask tac"])
    state = play(state, GALLENTE, "ask dmg")
    assert GAME.public_choices(state) is None                      # Gallente's dice
    state = play(state, GALLENTE, "dice 4d 0s 0t")
    assert GAME.public_choices(state) == (GALLENTE, ["invade 0", "invade 1", "invade 2", "invade 3"])
