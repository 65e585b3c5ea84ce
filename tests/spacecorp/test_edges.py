"""Space Corp Edges (SC-EDGE, §8.6) and their reaction windows (§9.3): who is asked and in which
order, every Mariners Edge's effect, fast and strict modes, standing auto-pass orders and the
deadline's default."""
from __future__ import annotations

import pytest

from rules.messages import render
from rules.spacecorp.engine import GAME
from rules.spacecorp.state import ACTION, CONTRACTS, INFRA_DISCARD, INFRA_USED, RESEARCH_DRAWS, Reward, clone_state

from .test_engine import finish_turn, game, give, hand_of, play, refused


def answer_all(state, text: str = "decline"):
    """Every open window is answered with ``text`` (decline by default)."""
    while state.windows:
        state = play(state, next(iter(GAME.waiting_for(state))), text)
    return state


def test_SC_EDGE_1_EG_HACK_an_opponent_takes_an_offer_card_when_research_is_declared():
    state = game(3)
    hand_of(state, 0, "M17#1")
    hand_of(state, 1, "M25#1")
    offered = state.offer[1]
    state.pile.append(state.offer[2])
    state.offer[2] = None
    state = play(state, 0, "research infra=self")
    window = state.windows[-1]
    assert window.event == "RESEARCH_DECLARED" and window.waiting == [1]                # fast: the holder only
    assert GAME.waiting_for(state) == {1}
    assert refused(state, 0, "draw D").rule == "SC-EDGE-3"                                   # the window waits
    assert refused(state, 1, "edge M25#1 take=O3").rule == "EG-HACK"                        # an empty box
    state = play(state, 1, "edge M25#1 take=O2")
    assert offered in state.hands.cards[1] and state.offer[1] is None                      # SC-EDGE-1
    assert "M25#1" in state.discards and "M25#1" not in state.hands.cards[1]               # SC-EDGE-2
    assert not state.windows and state.turn.step == RESEARCH_DRAWS and GAME.waiting_for(state) == {0}
    empty = refused(state, 0, "draw O2")
    assert empty.rule == "SC-RES-3" and empty.msg.key == "spacecorp.err.offer_box_empty"      # stays empty
    assert "kínálat2" in render(empty.msg, "hu") and "O2" not in render(empty.msg, "hu")    # issue 24
    state = finish_turn(state, 0)
    assert all(state.offer)                                                                  # refilled in step 5


def test_SC_EDGE_1_an_edge_is_refused_when_its_trigger_has_not_happened():
    state = game(3)
    hand_of(state, 0, "M17#1", "M25#1")
    assert refused(state, 0, "edge M25#1 take=O1").rule == "SC-EDGE-1"                       # own turn, no window
    assert refused(state, 0, "edge M17#1").rule == "SC-EDGE-1"                               # not an Edge
    assert refused(state, 0, "decline").rule == "SC-EDGE-1"                                  # nothing to decline
    assert refused(state, 1, "edge M25#1 take=O1").rule == "SC-TURN-1"                       # not their turn


def test_EG_SABOTAGE_names_an_action_the_opponent_may_not_take_this_turn():
    state = game(3)
    hand_of(state, 0, "M17#1")
    hand_of(state, 1, "M17#2", "M05#1")
    state = play(state, 0, "research infra=self")
    give(state, 2, "M27#1")
    state = finish_turn(state, 0)
    assert state.turn.seat == 1 and state.windows[-1].event == "TURN_STARTED"
    assert state.windows[-1].waiting == [2]
    assert refused(state, 2, "edge M27#1 name=fly").rule == "EG-SABOTAGE"
    state = play(state, 2, "edge M27#1 name=research")
    assert state.turn.banned == ["research"] and state.turn.step == ACTION
    assert refused(state, 1, "research infra=self").rule == "EG-SABOTAGE"
    assert all(move.verb != "research" for move in GAME.legal_moves(state, 1))
    play(state, 1, "genetics cards=M05#1/g")                                                  # another action is fine


def test_EG_DIVERT_gains_half_the_produced_profit_rounded_up_and_the_producer_keeps_it():
    state = game(3)
    state.tiles["deimos"] = ["D1-01"]
    state.stacks["f1"].remove("D1-01")
    state.bases["deimos"] = (0, "REFINERY")
    state.players[0].bases["REFINERY"] -= 1
    hand_of(state, 0, "M04#1")
    hand_of(state, 2, "M28#1")
    state = play(state, 0, "produce @deimos cards=M04#1/p")                                  # 2T
    assert state.windows[-1].event == "PRODUCE_RESOLVED" and state.windows[-1].waiting == [2]
    before = state.players[2].profit
    state = play(state, 2, "edge M28#1")
    assert state.players[2].profit == before + 1 and state.players[0].profit == 2 + 0      # ceil(2/2) = 1


@pytest.mark.parametrize("holder,card,gain", [(1, "M22#1", 1), (0, "M22#1", 2), (0, "M29#1", 1)])
def test_EG_INVEST_and_EG_MARKET_pay_when_a_contract_is_fulfilled(holder, card, gain):
    state = game(3)
    state.players[0].hq.update({"1": "M06#1", "2": "M08#1", "3": "M10#1"})
    hand_of(state, 0, "M20#1")
    give(state, holder, card)
    state = play(state, 0, "genetics cards=M20#1/g")
    if state.windows:                                                    # Salvage-free hands: only contracts
        state = answer_all(state)
    assert state.turn.step == CONTRACTS
    state = play(state, 0, "fulfill 7")                                                      # reward 2T
    assert state.windows[-1].event == "CONTRACT_FULFILLED" and holder in state.windows[-1].waiting
    before = state.players[holder].profit
    state = play(state, holder, f"edge {card}")
    assert state.players[holder].profit == before + gain


def test_EG_MARKET_is_only_for_the_player_who_fulfilled():
    state = game(3)
    state.players[0].hq.update({"1": "M06#1", "2": "M08#1", "3": "M10#1"})
    hand_of(state, 0, "M20#1")
    hand_of(state, 1, "M29#1")
    state = play(play(state, 0, "genetics cards=M20#1/g"), 0, "fulfill 7")
    assert not state.windows                                                                 # seat 1 is not asked


def test_EG_POACH_takes_one_of_the_cards_an_opponent_discards_in_step_5():
    state = game(3)
    hand_of(state, 0, "M05#1", "M17#2")
    hand_of(state, 1, "M24#1")
    state = play(state, 0, "genetics cards=M05#1/g")
    while state.windows and state.windows[-1].event != "CARDS_DISCARDED":
        state = play(state, next(iter(GAME.waiting_for(state))), "decline")
    window = state.windows[-1]
    assert window.event == "CARDS_DISCARDED" and window.cards == ["M05#1"] and window.waiting == [1]
    assert refused(state, 1, "edge M24#1 take=M17#2").rule == "EG-POACH"                     # not discarded
    state = play(state, 1, "edge M24#1 take=M05#1")
    assert "M05#1" in state.hands.cards[1] and "M05#1" not in state.discards


def test_EG_SALVAGE_takes_the_whole_offer_after_ones_own_action():
    state = game(3)
    hand_of(state, 0, "M05#1", "M26#1")
    offer = list(state.offer)
    state = play(state, 0, "genetics cards=M05#1/g")
    assert state.windows[-1].event == "ACTION_RESOLVED" and state.windows[-1].waiting == [0]
    state = play(state, 0, "edge M26#1")                 # the turn then runs on to its end by itself
    assert all(card in state.hands.cards[0] for card in offer)
    assert all(state.offer) and not set(state.offer) & set(offer)                            # refilled in step 5


def test_EG_INTERCEPT_takes_an_extra_turn_then_play_resumes_with_the_next_player():
    state = game(3)
    hand_of(state, 0, "M05#1")
    hand_of(state, 2, "M23#1", "M20#1")
    state = play(state, 0, "genetics cards=M05#1/g")
    while not state.windows or state.windows[-1].event != "TURN_ENDED":
        seat = next(iter(GAME.waiting_for(state)))
        state = play(state, seat, "decline" if state.windows else GAME.format_move(GAME.legal_moves(state, seat)[0]))
    assert state.windows[-1].event == "TURN_ENDED" and state.windows[-1].waiting == [2]
    state = play(state, 2, "edge M23#1")
    assert state.turn.seat == 2 and state.turn.after == 0                                  # the extra turn
    state = answer_all(state)
    state = finish_turn(play(state, 2, "genetics cards=M20#1/g"), 2)
    state = answer_all(state)
    assert state.turn.seat == 1 and state.turn.after is None                                 # then seat 0's next


def test_EG_RACE_uses_the_infra_of_two_hqs_even_after_an_era_end_trigger():
    state = game(3)
    state.trigger = "contracts"
    hand_of(state, 0, "M07#1")
    assert refused(state, 0, "research infra=self,Y").rule == "SC-VAL-2"
    state = play(state, 0, "edge M07#1")
    assert state.turn.race and "M07#1" in state.discards
    assert refused(state, 0, "edge M07#1").rule == "SC-EDGE-1"
    state = play(state, 0, "research infra=self,Y")                                          # 2 + 2
    assert state.turn.draws_left == 4 and state.turn.rewards == [Reward(1, INFRA_USED)]      # A-04, SC-RWD-1


def test_EG_INCOMPAT_makes_every_player_with_two_infra_cards_discard_one_in_turn_order():
    state = game(3)
    state.players[0].hq.update({"1": "M06#1"})
    state.players[1].hq.update({"1": "M04#1", "2": "M10#1"})
    state.players[2].hq.update({"1": "M13#1", "3": "M16#1"})
    hand_of(state, 0, "M08#1")
    hand_of(state, 2, "M30#1")
    state = play(state, 0, "upgrade M08#1 box=2")
    assert state.windows[-1].event == "UPGRADE_RESOLVED" and state.windows[-1].waiting == [2]
    state = play(state, 2, "edge M30#1")
    window = state.windows[-1]
    assert window.event == INFRA_DISCARD and window.waiting == [0, 1, 2]                     # active player first
    assert refused(state, 0, "decline").rule == "EG-INCOMPAT"
    assert refused(state, 0, "choose infra-discard=box3").rule == "EG-INCOMPAT"
    state = play(state, 0, "choose infra-discard=box1")
    state = play(state, 1, "choose infra-discard=box2")
    state = play(state, 2, "choose infra-discard=box3")
    assert state.players[0].hq["1"] is None and state.players[0].hq["2"] == "M08#1"
    assert state.players[1].hq["2"] is None and state.players[2].hq["3"] is None
    assert {"M06#1", "M10#1", "M16#1", "M30#1"} <= set(state.discards)
    assert not state.windows


def test_SC_EDGE_3_several_holders_answer_in_turn_order_from_the_active_player():
    state = game(4)
    hand_of(state, 0, "M17#1")
    hand_of(state, 3, "M22#1")
    hand_of(state, 1, "M24#1")
    state.players[0].hq.update({"1": "M06#1", "2": "M08#1", "3": "M10#1"})
    give(state, 0, "M20#1")
    state = play(state, 0, "genetics cards=M20#1/g")
    state = play(state, 0, "fulfill 7")
    assert state.windows[-1].waiting == [3]                                                  # only the INVEST holder
    state = play(state, 3, "decline")
    assert not state.windows or state.windows[-1].event != "CONTRACT_FULFILLED"


def test_strict_mode_asks_every_player_the_trigger_allows_and_the_default_is_to_decline():
    state = GAME.new_game({"players": 3, "first_player": 1, "windows": "strict"}, 1)
    assert state.windows and state.windows[-1].event == "TURN_STARTED" and state.windows[-1].waiting == [1, 2]
    assert GAME.default_move(state, 1).verb == "decline"
    state = play(state, 1, GAME.format_move(GAME.default_move(state, 1)))
    state = play(state, 2, "decline")
    assert not state.windows and GAME.waiting_for(state) == {0}


def test_a_standing_auto_pass_order_declines_for_the_player_whatever_they_hold():
    state = GAME.new_game({"players": 3, "first_player": 1, "windows": "strict"}, 1)
    assert GAME.auto_move(state, 1, {}) is None                                              # asks by default
    move, reason = GAME.auto_move(state, 1, {"autopass_EG-SABOTAGE": {"choice": "pass"}})
    assert move.verb == "decline" and "Sabotage" in render(reason, "en")
    assert "Szabotázs" in render(reason, "hu")


def test_the_window_is_shown_in_the_status_and_announced_in_both_languages():
    state = game(3)
    hand_of(state, 0, "M17#1")
    hand_of(state, 1, "M25#1")
    state = play(state, 0, "research infra=self")
    news = [render(msg, "en") for msg in state.news]
    assert any("Reaction window" in line and "may play an Edge" in line for line in news)
    status = [render(line, "hu") for line in GAME.status_lines(GAME.view(state, None))]
    assert any("reakcióablak" in line.lower() for line in status)
    error = refused(state, 0, "draw D")
    assert "{" not in render(error.msg, "hu") and "Hackel" not in render(error.msg, "hu")   # no hint at the card


def test_SC_9_4_autocomplete_previews_what_an_action_reaches_and_whom_it_rewards():
    state = game(3)
    state.players[1].hq["2"] = "M08#1"                                                       # Move 4
    hand_of(state, 0, "M17#1", "M25#1")
    preview = GAME.describe_move(state, 0, "move B1 earth>moon infra=Y")
    # the whole preview ("distance 4, 0 cards played; reward card for Yellow") would push the
    # label past 100 characters in Hungarian: the count of cards played goes, then the distance
    # (any suggested Move covers it), the reward stays
    assert render(preview, "en") == "reward card for Yellow"
    assert render(preview, "hu") == "Sárga jutalmat kap"
    # the phrase names the card played: the preview does not count it again (C-S6)
    assert render(GAME.describe_move(state, 0, "research cards=M17#1/r"), "en") == "2 draws"
    assert GAME.describe_move(state, 0, "research cards=M99#1/r") is None                  # not legal: no preview
    assert GAME.describe_move(state, 1, "research infra=self") is None                      # not their turn


def test_newcomer_texts_while_a_window_is_open():
    """What a newcomer met: the active player is told who decides on what; the hint names the
    player's own Edge; a missing choice is asked for; the hand says which cards carry an Edge."""
    state = game(3)
    hand_of(state, 0, "M17#1")
    hand_of(state, 1, "M25#1", "M23#1")
    state = play(state, 0, "research infra=self")
    reason = render(GAME.waiting_reason(state), "en")
    assert reason == "Yellow is deciding whether to play an Edge (Blue declares Research); wait for their answer."
    assert render(GAME.waiting_reason(state), "hu").startswith("Sárga dönti el")
    hint = render(refused(state, 1, "genetics cards=M25#1/g").msg, "en")
    assert "`edge M25#1 take=O1`" in hint and "decline" in hint
    needs = refused(state, 1, "edge M25#1")
    assert needs.rule == "EG-HACK" and "take=O1" in render(needs.msg, "en") and '"-"' not in render(needs.msg, "en")
    hungarian = render(needs.msg, "hu")                  # issue 24: the Offer boxes as Kínálat, no O1
    assert "elvesz=kínálat1" in hungarian and "kínálat2" in hungarian and "O1" not in hungarian
    assert "hatás Ű25#1 elvesz=kínálat1" in render(refused(state, 1, "genetics cards=M25#1/g").msg, "hu")
    not_now = refused(state, 1, "edge M23#1").msg         # the window it needs, by key (issue 27: keys, not English)
    assert not_now.key == "spacecorp.err.edge_not_now" and dict(not_now.params)["event"].key == "spacecorp.event.TURN_ENDED"
    lines = GAME.private_lines(GAME.view(state, 1), 1)
    hand = "\n".join(render(line, "en") for line in lines)
    assert "M25#1 Quantum Decryption" in hand and "Edge Hack (when an opponent declares Research" in hand
    assert "Hackelés Hatás" in "\n".join(render(line, "hu") for line in lines)
    assert "spacecorp.hand_card_edge" in {line.key for line in lines}
    after = play(state, 1, "edge M25#1 take=O1")
    assert not GAME.reveals_information(state, GAME.parse_move(state, 1, "edge M25#1 take=O1"), after)   # face up
    assert GAME.waiting_reason(game(3)) is None


def test_partly_typed_hungarian_verbs_complete_to_their_moves():
    state = game(3)
    hand_of(state, 0, "M17#1", "M05#1")
    def suggestions(typed):                                   # as the host looks them up
        return [text for variant in GAME.prefix_variants(typed) for text in GAME.complete(state, 0, variant)]
    assert any(text.startswith("research") for text in suggestions("kut"))
    assert any(text.startswith("genetics") for text in suggestions("gen"))
    assert any(text.startswith("genetics") for text in suggestions("Genet"))


# ----- skipping a window only on public facts; the standing order told once (§9.3) ------------------
def _strict(players: int = 3):
    """A strict-mode game in which seat 0 starts, the first TURN_STARTED window answered."""
    state = GAME.new_game({"players": players, "first_player": 1, "windows": "strict"}, 1)
    return answer_all(state)


def test_9_3_strict_mode_does_not_ask_a_player_whose_hand_is_empty():
    """Hand sizes are public (SC-CARD-9): an empty hand can answer nothing, and skipping it
    tells nobody anything.  Seat 1's hand is empty; seat 2 (one card) is still asked."""
    state = _strict()
    hand_of(state, 0, "M17#1")
    hand_of(state, 1)
    hand_of(state, 2, "M05#1")
    state = play(state, 0, "research infra=self")
    assert state.windows[-1].event == "RESEARCH_DECLARED" and state.windows[-1].waiting == [2]


def test_9_3_strict_mode_opens_no_window_when_every_copy_of_the_edge_is_face_up():
    """EG-HACK has one copy in the Mariners deck: in the discard pile (public) nobody can hold
    it, so Research opens no window for anyone.  Held, every opponent is asked."""
    state = _strict()
    hand_of(state, 0, "M17#1")
    hand_of(state, 2, "M05#1", "M25#1")
    state.hands.remove(2, "M25#1")
    state.discards.append("M25#1")
    after = play(state, 0, "research infra=self")
    assert not after.windows and after.turn.step == RESEARCH_DRAWS
    state.discards.remove("M25#1")
    state.pile.append("M25#1")
    after = play(state, 0, "research infra=self")
    assert after.windows[-1].waiting == [1, 2]


def test_9_3_strict_mode_skips_the_later_players_once_the_only_copy_is_played():
    """SC-EDGE-2: the Hack played by seat 1 goes face up to the discards: seat 2, next in the
    same window, cannot hold another, and is not asked."""
    state = _strict()
    hand_of(state, 0, "M17#1")
    hand_of(state, 1, "M25#1")
    hand_of(state, 2, "M05#1")
    state = play(state, 0, "research infra=self")
    assert state.windows[-1].waiting == [1, 2]
    state = play(state, 1, "edge M25#1 take=O1")
    assert not state.windows and GAME.waiting_for(state) == {0}


def test_9_3_the_first_window_that_asks_a_player_tells_them_of_the_standing_order_once():
    """Fast mode asks the holder (its window shows that anyway): the first time, a private notice
    tells them `/spacecorp autopass` declines an Edge's windows for them; the next window does not.
    Private (docs/newcomer-report-2026-11-27c.md C-S4): in the thread the tip was addressed to a
    computer seat too, which the host never sends private news."""
    state = game(3)
    hand_of(state, 0, "M17#1", "M17#2")
    hand_of(state, 1, "M25#1")
    state = play(state, 0, "research infra=self")
    hints = [(seat, msg) for seat, msg in state.private_news if msg.key == "spacecorp.notice.autopass_hint"]
    assert [seat for seat, _ in hints] == [1]
    assert "automatikus-kihagyás" in render(hints[0][1], "hu")
    assert all("autopass" not in msg.key for msg in state.news)
    assert state.windows_asked == [1]
    again = clone_state(state)
    again.private_news = []
    GAME._open(again, "RESEARCH_DECLARED", 0)
    assert again.windows[-1].waiting == [1]
    assert all(msg.key != "spacecorp.notice.autopass_hint" for _, msg in again.private_news)


def test_9_3_a_game_created_before_rules_version_2_asks_everyone_the_trigger_allows():
    """A strict game stored before the public-facts skip keeps asking every player the trigger
    allows (its stored declines must replay): rules_version 1, the empty hand is asked."""
    state = answer_all(GAME.new_game({"players": 3, "first_player": 1, "windows": "strict", "rules_version": 1}, 1))
    hand_of(state, 0, "M17#1")
    hand_of(state, 1)
    hand_of(state, 2, "M05#1")
    state = play(state, 0, "research infra=self")
    assert state.windows[-1].event == "RESEARCH_DECLARED" and state.windows[-1].waiting == [1, 2]
    assert GAME.new_game({"players": 3}, 1).options["rules_version"] == GAME.rules_version == 2


def test_SC_9_4_an_edge_too_long_to_explain_whole_still_says_what_it_does():
    """Newcomer 27f G-6: 'Play the Edge Investor Confidence (M22#1)' stood bare in the contract
    window (its whole gist, trigger and effect, passes 100 characters); the window already names
    the trigger, so the effect alone follows. A short one keeps its whole gist."""
    state = game(2)
    hand_of(state, 0, "M22#1", "M26#1")
    long_edge = GAME.describe_move(state, 0, "edge M22#1")
    assert long_edge is not None and long_edge.key == "spacecorp.edgegist.EG-INVEST"
    assert render(long_edge, "en") == "+2T if you fulfilled it, else +1T"
    short_edge = GAME.describe_move(state, 0, "edge M26#1")
    assert short_edge is not None and short_edge.key == "spacecorp.comp.edge.gist"
