"""The Space Corp rules core, Mariners era (E1): setup, the turn sequence, every E1 action, contracts,
rewards, transport, the era's end and the early-finish scoring, tested from the spec's rules and
examples (rule IDs SC-* in the names)."""
from __future__ import annotations

import json
import random

import pytest

from rules.base import IllegalMove
from rules.kit import HIDDEN
from rules.messages import render
from rules.spacecorp.data import tables
from rules.spacecorp.engine import GAME, design
from rules.spacecorp.state import ACTION, CONTRACTS, OVER, RESEARCH_DRAWS, TRANSPORT, clone_state
from rules.spacecorp.worth import worths


def game(players: int = 3, seed: int = 1):
    """A new game in which seat 0 starts (the spec's seat 1)."""
    return GAME.new_game({"players": players, "first_player": 1}, seed)


def give(state, seat: int, *cards: str) -> None:
    """Put these cards into ``seat``'s hand, from wherever they are (pile, Offer, other hands)."""
    for card in cards:
        if card in state.pile:
            state.pile.remove(card)
        elif card in state.offer:
            state.offer[state.offer.index(card)] = state.pile.pop(0)
        else:
            owner = next(s for s, hand in enumerate(state.hands.cards) if card in hand)
            state.hands.remove(owner, card)
        state.hands.add(seat, [card])


def hand_of(state, seat: int, *cards: str) -> None:
    """``seat`` holds exactly these cards; what it held goes to the bottom of the draw pile."""
    for card in list(state.hands.cards[seat]):
        state.hands.remove(seat, card)
        state.pile.append(card)
    give(state, seat, *cards)


def play(state, seat: int, text: str):
    return GAME.apply(state, GAME.parse_move(state, seat, text))


def refused(state, seat: int, text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as error:
        play(state, seat, text)
    return error.value


def finish_turn(state, seat: int):
    """Answer the rest of the turn with 'nothing' (draws from the pile, no contract, no transport)."""
    while state.phase != OVER and state.turn.seat == seat and state.turn.step != ACTION:
        text = {CONTRACTS: "fulfill none", TRANSPORT: "transport none"}.get(state.turn.step)
        state = play(state, seat, text or GAME.format_move(GAME.legal_moves(state, seat)[0]))   # a draw
    return state


# ----- setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,hands,profit,pile", [(2, [2, 3], [0, 0], 39), (3, [2, 3, 3], [0, 0, 1], 39),
                                                        (4, [2, 2, 3, 3], [0, 0, 0, 1], 40)])
def test_SC_SETUP_10_to_16_the_opening_state_by_player_count(players, hands, profit, pile):
    state = game(players)
    assert [len(state.hands.cards[seat]) for seat in state.order] == hands              # SC-SETUP-11/12/14
    assert [state.players[seat].profit for seat in state.order] == profit               # SC-SETUP-15
    assert len(state.pile) == pile and all(state.offer)                                   # SC-SETUP-16
    for seat in range(players):
        hand = state.hands.cards[seat]
        assert sum(design(card) == "M01" for card in hand) >= 1         # a Chemical Drive (a spare may be drawn)
        assert sum(card.startswith("T") for card in hand) == 1                             # one Time card
        teams = state.players[seat].teams
        assert sorted(site for site in teams.values() if site) == ["earth", "earth"]     # SC-SETUP-7
    time_in_deck = {2: 0, 3: 2, 4: 4}[players]                                             # SC-SETUP-10
    assert sum(card.startswith("T") for card in state.pile + list(state.offer)) + \
        sum(card.startswith("T") for hand in state.hands.cards for card in hand) - players <= time_in_deck


def test_SC_SETUP_11_the_start_cards_lie_on_top_of_the_draw_pile():
    state = game(3)
    start = {card.id for card in tables().deck("E1") if card.start}
    dealt = 4 + 2                                                # the Offer and the compensation draws
    on_top = 12 - 3 - dealt
    assert all(design(card) in start for card in state.pile[:on_top])


# ----- value (SC-VAL) and Move (SC-MOV) -------------------------------------------------------------
def test_SC_VAL_2_SC_VAL_3_bobs_example_move_of_seven():
    """§8.5.1 check: M07 (Move 2) + M02 (Move 2) + Infra 3 (printed Move 1 + an upgraded M01 Move 2) = 7."""
    state = game(3)
    state.players[0].hq["2"] = "M01#2"
    hand_of(state, 0, "M07#1", "M02#1", "M06#1")
    after = play(state, 0, "move B1 earth>eros cards=M07#1/m,M02#1/m infra=self")      # Earth -> Eros is 7
    assert after.players[0].teams["B1"] == "eros"
    short = refused(state, 0, "move B1 earth>venus cards=M07#1/m,M02#1/m infra=self")   # Venus is 10
    assert short.rule == "SC-MOV-2" and short.msg.params["value"] == 7


def test_SC_MOV_6_the_seed_distances_decide_what_a_move_reaches():
    state = game(3)
    hand_of(state, 0, "M07#1", "M07#2")
    assert play(state, 0, "move B1 earth>moon cards=M07#1/m,M07#2/m").players[0].teams["B1"] == "moon"  # 4
    assert refused(state, 0, "move B1 earth>moon cards=M07#1/m").rule == "SC-MOV-2"


def test_SC_MOV_3_a_move_starts_or_ends_at_a_base_and_an_opponents_earns_a_reward():
    state = game(3)
    state.players[0].teams["B1"] = "moon"
    hand_of(state, 0, "M09#1", "M06#1", "M07#1")
    assert refused(state, 0, "move B1 moon>sisyphus cards=M09#1/m").rule == "SC-MOV-3"
    state.bases["moon"] = (1, "RESEARCHBASE")
    state.players[1].bases["RESEARCHBASE"] -= 1
    before = len(state.hands.cards[1])
    after = finish_turn(play(state, 0, "move B1 moon>sisyphus cards=M09#1/m"), 0)
    assert len(after.hands.cards[1]) == before + 1                                          # SC-RWD-1, SC-TURN-3


def test_SC_VAL_2_using_an_opponents_infra_rewards_them_once_per_action():
    state = game(3)
    state.players[1].hq["2"] = "M08#1"                                                       # Move 4
    hand_of(state, 0, "M17#1")
    before = len(state.hands.cards[1])
    after = finish_turn(play(state, 0, "move B1 earth>moon infra=Y"), 0)
    assert after.players[0].teams["B1"] == "moon" and len(after.hands.cards[1]) == before + 1


def test_SC_VAL_8_a_time_card_doubles_or_splits_a_move():
    state = game(3)
    time = next(card for card in state.hands.cards[0] if card.startswith("T"))
    hand_of(state, 0, "M07#1", time)
    after = play(state, 0, f"move B1 earth>moon cards=M07#1/m infra=self time={time}:double")   # (2+1)x2 = 6
    assert after.players[0].teams["B1"] == "moon" and time in after.time_discards
    hand_of(state, 0, "M07#1", "M07#2", time)
    split = play(state, 0, f"move B1 earth>moon B2 earth>em_l4 cards=M07#1/m,M07#2/m time={time}:split")
    assert split.players[0].teams["B1"] == "moon" and split.players[0].teams["B2"] == "em_l4"
    assert refused(state, 0, "move B1 earth>moon cards=M07#1/m,M07#2/m time=M07#1:double").rule == "SC-VAL-8"


def test_SC_MOV_11_the_asteroid_belt_gives_the_pioneer_markers_and_holds_the_team():
    state = game(3)
    state.players[0].teams["B1"] = "deimos"
    state.bases["deimos"] = (0, "RESEARCHBASE")
    state.tiles["deimos"] = [state.stacks["f1"].pop(0)]
    hand_of(state, 0, "M08#1", "M07#1")
    after = play(state, 0, "move B1 deimos>belt cards=M08#1/m")                            # distance 4
    assert after.players[0].pioneer == 1 and after.pioneers_left == [2]
    held = game(3)
    held.players[0].teams["B1"] = "belt"                      # a later turn of the same era
    hand_of(held, 0, "M08#1")
    assert refused(held, 0, "move B1 belt>deimos cards=M08#1/m").rule == "SC-MOV-4"


# ----- Research (SC-RES) --------------------------------------------------------------------------
def test_SC_RES_6_seven_cards_infra_two_and_two_research_two_draw_six_and_end_with_eleven():
    state = game(3)
    hand_of(state, 0, "M17#1", "M17#2", "M06#1", "M07#1", "M08#1", "M09#1", "M10#1")
    state = play(state, 0, "research cards=M17#1/r,M17#2/r infra=self")
    assert state.turn.step == RESEARCH_DRAWS and state.turn.draws_left == 6
    for _ in range(6):
        state = play(state, 0, "draw D")
    state = finish_turn(state, 0)
    assert len(state.hands.cards[0]) == 11                                                  # no step-6 draw
    state.turn.seat, state.turn.step = 0, ACTION
    assert refused(state, 0, "research infra=self").rule == "SC-RES-1"


def test_SC_RES_3_SC_RES_4_a_draw_may_take_an_offer_card_and_the_box_stays_empty_until_step_5():
    state = game(3)
    hand_of(state, 0, "M17#1")
    offered = state.offer[1]
    state = play(state, 0, "research infra=self")
    state = play(state, 0, "draw O2")
    assert offered in state.hands.cards[0] and state.offer[1] is None
    assert refused(state, 0, "draw O2").rule == "SC-RES-3"
    state = finish_turn(play(state, 0, "draw D"), 0)
    assert state.offer[1] is not None                                                       # SC-TURN-5


# ----- Explore, Build, Produce (SC-EXP, SC-BLD, SC-PRD) ---------------------------------------------------------
def test_SC_EXP_3_SC_EXP_8_exploring_places_a_tile_pays_its_reward_and_claims_the_site():
    state = game(3)
    state.players[0].teams["B1"] = "moon"
    state.stacks["f1"].remove("D1-02")
    state.stacks["f1"].insert(0, "D1-02")                                                   # 1T, base -1
    hand_of(state, 0, "M03#1")
    after = play(state, 0, "explore B1 @moon cards=M03#1/e")
    assert after.tiles["moon"] == ["D1-02"] and after.claims["moon"] == "B1"
    assert after.players[0].profit == state.players[0].profit + 1 and after.explored[0] == 1
    again = game(3)
    again.tiles["moon"] = ["D1-02"]
    again.players[0].teams["B1"] = "moon"
    hand_of(again, 0, "M03#1")
    assert refused(again, 0, "explore B1 @moon cards=M03#1/e").rule == "SC-EXP-1"


def test_SC_BLD_2_the_moon_with_a_base_minus_one_tile_costs_one_and_SC_BLD_4_the_claimant_gets_2T():
    state = game(3)
    state.tiles["moon"] = ["D1-02"]
    state.stacks["f1"].remove("D1-02")
    state.claims["moon"] = "Y1"
    state.players[1].teams["Y1"] = "moon"
    state.players[0].teams["B1"] = "moon"
    hand_of(state, 0, "M11#1")                                                              # Build 1
    profit = state.players[1].profit
    after = play(state, 0, "build B1 @moon base=RESEARCHBASE cards=M11#1/b")
    assert after.bases["moon"] == (0, "RESEARCHBASE")
    assert after.players[1].profit == profit + 2                                            # compensation
    assert after.players[0].bases["RESEARCHBASE"] == 2                                      # SC-BLD-9
    assert refused(state, 0, "build B1 @moon base=SPACEPORT cards=M11#1/b").rule == "SC-BLD-3"


def test_SC_BASE_a_research_base_takes_an_offer_card_right_away():
    state = game(3)
    state.tiles["moon"] = ["D1-02"]
    state.stacks["f1"].remove("D1-02")
    state.players[0].teams["B1"] = "moon"
    hand_of(state, 0, "M11#1")
    after = play(state, 0, "build B1 @moon base=RESEARCHBASE cards=M11#1/b")
    card = after.offer[2]
    after = play(after, 0, "draw O3")
    assert card in after.hands.cards[0]
    assert refused(play(state, 0, "build B1 @moon base=RESEARCHBASE cards=M11#1/b"), 0, "draw D").rule == "SC-BASE"


def test_SC_BLD_1_nothing_is_built_before_the_site_is_explored():
    state = game(3)
    state.players[0].teams["B1"] = "moon"
    hand_of(state, 0, "M14#1")
    assert refused(state, 0, "build B1 @moon base=RESEARCHBASE cards=M14#1/b").rule == "SC-BLD-1"


def test_SC_PRD_3_produce_one_at_deimos_with_p1_and_a_refinery_gives_2T():
    state = game(3)
    state.tiles["deimos"] = ["D1-01"]                                                       # P1
    state.stacks["f1"].remove("D1-01")
    state.bases["deimos"] = (0, "REFINERY")
    state.players[0].bases["REFINERY"] -= 1
    hand_of(state, 0, "M28#1")                                                              # Produce 1
    after = play(state, 0, "produce @deimos cards=M28#1/p")
    assert after.players[0].profit == state.players[0].profit + 2 and after.turn.produced == 2
    assert refused(state, 0, "produce @moon cards=M28#1/p").rule == "SC-PRD-1"


# ----- Genetics, Upgrade, Special, Transport ------------------------------------------------------------------
def test_SC_GEN_1_SC_GEN_3_genetics_moves_the_cube_and_a_lap_is_remembered_in_E1():
    state = game(3)
    hand_of(state, 0, "M20#1", "M05#1")                                                     # Genetics 3, 2
    after = play(state, 0, "genetics cards=M20#1/g,M05#1/g")
    player = after.players[0]
    assert player.genetics == 0 and player.genetics_steps == 5 and player.genetics_lapped


def test_SC_UPG_3_SC_UPG_4_an_upgrade_returns_a_current_era_card_and_counts_from_the_next_turn():
    state = game(3)
    state.players[0].hq["1"] = "M06#1"
    hand_of(state, 0, "M08#1", "M07#1")
    after = play(state, 0, "upgrade M08#1 box=1")
    assert after.players[0].hq["1"] == "M08#1" and "M06#1" in after.hands.cards[0]
    assert refused(state, 0, "upgrade M07#1 box=1").rule == "SC-UPG-1"                     # not upgradeable
    during = GAME.load_state(GAME.dump_state(state))
    GAME._action(during, GAME.parse_move(during, 0, "upgrade M08#1 box=1"))                # still this turn
    assert [entry.value for entry in GAME._infra(during, 0, "MOVE")] == []                  # box 1 not usable yet
    later = GAME.load_state(GAME.dump_state(during))
    later.turn.upgraded = None                                                             # the next turn
    assert [entry.value for entry in GAME._infra(later, 0, "MOVE")] == [4]


def test_SC_SPC_3_the_near_space_probe_explores_an_empty_site_up_to_cost_two():
    state = game(3)
    hand_of(state, 0, "M21#1")
    after = play(state, 0, "special M21#1 target=phobos")
    assert len(after.tiles["phobos"]) == 1 and "phobos" not in after.claims and after.explored[0] == 1
    assert refused(state, 0, "special M21#1 target=earth").rule == "SC-MAP-4"                 # no box
    state.players[1].teams["Y1"] = "halley"
    assert refused(state, 0, "special M21#1 target=halley").rule == "SC-SPC-3"                # not empty


def test_SC_TRN_2_SC_TRN_3_a_transport_links_two_own_bases_one_a_spaceport():
    state = game(3)
    state.bases["em_l4"] = (0, "SPACEPORT")
    state.players[0].bases["SPACEPORT"] -= 1
    hand_of(state, 0, "M20#1")
    state = play(state, 0, "genetics cards=M20#1/g")
    assert state.turn.step == TRANSPORT
    assert refused(state, 0, "transport B1 earth>moon").rule == "SC-TRN-2"
    after = play(state, 0, "transport B1 earth>em_l4")
    assert after.players[0].teams["B1"] == "em_l4" and after.turn.seat != 0


# ----- contracts and the era's end ----------------------------------------------------------------------------
def test_SC_CON_2_SC_CON_3_a_contract_pays_its_reward_and_cannot_be_fulfilled_again():
    state = game(3)
    state.players[0].hq.update({"1": "M06#1", "2": "M08#1", "3": "M10#1"})
    hand_of(state, 0, "M20#1")
    state = play(state, 0, "genetics cards=M20#1/g")
    assert state.turn.step == CONTRACTS and GAME.fulfillable(state, 0) == [7]
    assert refused(state, 0, "fulfill 3").rule == "SC-CON-2"
    after = play(state, 0, "fulfill 7")
    assert after.contracts[7] == "E1" and after.players[0].profit == state.players[0].profit + 2


def test_SC_END_1_after_the_sixth_contract_everyone_has_one_more_turn_the_trigger_last():
    state = game(3)
    for row in range(1, 6):
        state.contracts[row] = "E1"
    state.players[0].hq.update({"1": "M06#1", "2": "M08#1", "3": "M10#1"})
    hand_of(state, 0, "M20#1")
    state = play(play(state, 0, "genetics cards=M20#1/g"), 0, "fulfill 7")
    state = finish_turn(state, 0)
    assert state.trigger == "contracts"
    seen = []
    while state.phase != OVER:
        seat = state.turn.seat
        seen.append(seat)
        state = finish_turn(play(state, seat, GAME.format_move(GAME.legal_moves(state, seat)[0])), seat)
    assert seen == [1, 2, 0]


def test_SC_END_2_SC_END_5_two_players_after_the_deck_runs_out_one_pass_gives_the_other_one_last_turn():
    state = game(2)
    hand_of(state, 0, "M17#1")
    state.pile = state.pile[:1]
    state = play(play(state, 0, "research infra=self"), 0, "draw D")                       # the last card
    assert state.deck_exhausted and state.trigger == "deck"
    state = finish_turn(state, 0)
    assert state.turn.seat == 1
    state = play(state, 1, "pass")
    assert state.players[1].passed and state.turn.seat == 0 and state.phase != OVER
    state = finish_turn(play(state, 0, GAME.format_move(GAME.legal_moves(state, 0)[0])), 0)
    assert state.phase == OVER


def test_SC_END_10_after_the_deck_runs_out_each_player_begins_at_most_three_more_turns():
    rng = random.Random(4)
    state = game(3, 4)
    state.pile = state.pile[:1]
    turns_after: dict[int, int] = {}
    while state.phase != OVER:
        seat = state.turn.seat
        if state.deck_exhausted and state.turn.step == ACTION:
            turns_after[seat] = turns_after.get(seat, 0) + 1
        moves = [m for m in GAME.legal_moves(state, seat) if GAME.format_move(m) != "pass"] or \
            GAME.legal_moves(state, seat)
        state = GAME.apply(state, rng.choice(moves))
    assert turns_after and max(turns_after.values()) <= 3


def test_SC_VAR_4_the_early_finish_after_E1_pays_pioneers_and_genetics_steps():
    state = game(2)
    state.players[0].pioneer, state.players[0].genetics_steps = 1, 4
    state.players[1].pioneer, state.players[1].genetics_steps = 2, 0
    profit = [p.profit for p in state.players]
    GAME._end_era(state)
    assert state.phase == OVER
    assert [p.profit for p in state.players] == [profit[0] + 3 + 4, profit[1] + 1]
    assert GAME.winners(state) == [0]


def test_SC_VAR_4_a_profit_tie_goes_to_the_most_bases_then_is_shared():
    state = game(2)
    state.phase = OVER
    state.players[0].profit = state.players[1].profit = 5
    assert GAME.winners(state) == [0, 1]
    state.bases["moon"] = (1, "REFINERY")
    assert GAME.winners(state) == [1]


# ----- the whole era: playouts, views, storage, texts -------------------------------------------------------------
@pytest.mark.parametrize("windows", ["fast", "strict"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_E1_games_end_with_a_winner_and_their_invariants(players, windows):
    answers = set()
    for seed in range(6):
        state = GAME.new_game({"players": players, "windows": windows}, seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if GAME.is_over(state):
                break
            seat = next(iter(GAME.waiting_for(state)))
            move = GAME.random_move(state, seat, rng)
            text = GAME.format_move(move)
            assert GAME.format_move(GAME.parse_move(state, seat, text)) == text
            if move.verb in ("edge", "decline"):
                answers.add(move.verb)
            before = json.dumps(GAME.dump_state(state), sort_keys=True)
            after = GAME.apply(state, move)
            assert json.dumps(GAME.dump_state(state), sort_keys=True) == before           # apply is pure
            assert GAME.invariants(after) == [], text
            for msg in GAME.events(state, move, after):
                for language in ("en", "hu"):
                    assert not render(msg, language).startswith("spacecorp."), msg.key
            state = after
        assert GAME.is_over(state) and GAME.winners(state)
        data = GAME.dump_state(state)
        assert GAME.dump_state(GAME.load_state(json.loads(json.dumps(data)))) == data
    assert answers == {"edge", "decline"}                               # reaction windows opened and were answered


def test_SC_CARD_9_a_view_shows_ones_own_hand_and_only_the_sizes_of_the_others():
    state = game(3)
    view = GAME.view(state, 0)
    assert view.hands.cards[0] == state.hands.cards[0]
    assert view.hands.cards[1] == [HIDDEN] * len(state.hands.cards[1])
    assert set(view.pile) == {HIDDEN} and all(set(tiles) == {HIDDEN} for tiles in view.stacks.values())
    hidden = GAME.hidden_in_view(state, 0)
    text = json.dumps(GAME.dump_state(view))
    assert all(f'"{card}"' not in text for card in hidden)


def test_refusals_and_texts_exist_in_english_and_hungarian():
    state = game(3)
    error = refused(state, 0, "move B1 earth>venus cards=M99#1/m")
    for language in ("en", "hu"):
        assert not render(error.msg, language).startswith("spacecorp.")
    for msg in GAME.status_lines(GAME.view(state, None)) + [GAME.notation_help(), GAME.rules_summary()]:
        assert "spacecorp." not in render(msg, "hu")


def _suggested_move(state, origin: str, destination: str):
    return next(move for move in GAME.suggested_moves(state, 0)
                if getattr(move, "legs", None) and (move.legs[0].origin, move.legs[0].destination) == (origin, destination))


def test_SC_VAL_8_suggestions_pay_with_the_cheapest_cards_and_the_time_card_only_where_needed():
    """D7: a suggested Move pays with as few cards as any way needs, of those the weakest (the
    strong ones stay in hand), and doubles with the Time card only when the cards cannot reach;
    the suggestions that spend no Time card and fewer cards come first among moves of equal worth.  What is accepted does
    not change (SC-VAL-8: any Time card use is still legal; issue 27 item 7: legal_moves, random play and
    the computer players keep their own list)."""
    state = game(2)
    time = next(card for card in state.hands.cards[0] if card.startswith("T"))
    hand_of(state, 0, "M06#1", "M01#1", "M07#1", time)                  # Move 3, Move 2, Move 2
    infra = sum(entry.value for entry in GAME._infra(state, 0, "MOVE"))   # the HQ's Move 1
    assert infra == 1
    to_moon = _suggested_move(state, "earth", "moon")                   # 4 = 1 + 3: one card
    assert [entry.card for entry in to_moon.sources.cards] == ["M06#1"] and to_moon.sources.time is None
    to_sisyphus = _suggested_move(state, "earth", "sisyphus")           # 6 = 1 + 3 + 2: two cards, not three
    assert [entry.card for entry in to_sisyphus.sources.cards] == ["M06#1", "M01#1"]
    assert to_sisyphus.sources.time is None
    far = _suggested_move(state, "earth", "phobos")                     # 9 > 1 + 3 + 2 + 2: the Time card
    assert far.sources.time is not None and len(far.sources.cards) <= 2  # (1 + 3 + 2) x 2 >= 9
    hand_of(state, 0, "M08#1", "M06#1", time)                          # Move 4, Move 3
    short = _suggested_move(state, "earth", "moon")                     # 4 = 1 + 3: the weaker Move 3, not the 4
    assert [entry.card for entry in short.sources.cards] == ["M06#1"]
    moves = [move for move in GAME.suggested_moves(state, 0) if getattr(move, "legs", None)]
    spends = [(move.sources.time is not None, len(move.sources.cards)) for move in moves]
    values = worths(GAME, state, 0, moves)
    ranked = [(-round(value, 6), spend) for value, spend in zip(values, spends)]
    assert ranked == sorted(ranked)               # by worth (issue 29), of equal worth the cheapest first (D7)
    texts = GAME.complete(state, 0, "mozgás", 25)
    assert texts[0] == GAME.format_move(moves[0])                       # what autocomplete offers first
    for move in moves:                                                   # each suggestion is accepted
        play(clone_state(state), 0, GAME.format_move(move))
    assert len([move for move in GAME.legal_moves(state, 0) if getattr(move, "legs", None)]) == len(moves)
    play(clone_state(state), 0, f"move B1 earth>moon cards=M08#1/m infra=self time={time}:double")   # still accepted
