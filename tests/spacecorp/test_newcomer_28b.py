"""Newcomer report 2026-11-28b (an English evening; Space Corp against the computer): N-5, the
Incompatibility discard names the card in each box (EG-INCOMPAT); N-6, an Upgrade into a box that
holds a card says that card goes back to the hand or leaves the game, in the menu and in the
thread (SC-UPG-3)."""
from __future__ import annotations

from rules.messages import LANGUAGES, render
from rules.spacecorp.engine import GAME

from .test_edges import answer_all
from .test_engine import game, hand_of, play


def _label(state, seat: int, text: str, language: str = "en") -> str:   # type: ignore[no-untyped-def]
    """The label the host shows (bot/cogs/base.py ``move_label``: one colon at most)."""
    from types import SimpleNamespace
    from typing import Any, cast

    from bot.cogs.base import move_label
    return move_label(cast(Any, SimpleNamespace(game=GAME, state=state)), seat, text, language)


def test_SC_UPG_3_an_upgrade_over_a_card_of_this_era_says_it_goes_back_to_the_hand() -> None:
    state = game(2)
    state.players[0].hq["1"] = "M06#1"
    hand_of(state, 0, "M08#1")
    preview = GAME.describe_move(state, 0, "upgrade M08#1 box=1")
    assert preview is not None and preview.key.startswith("spacecorp.preview.upgrade_returns")
    assert "M06#1" in _label(state, 0, "upgrade M08#1 box=1") and "back to your hand" in _label(state, 0, "upgrade M08#1 box=1")
    for language in LANGUAGES:
        assert len(_label(state, 0, "upgrade M08#1 box=1", language)) <= 100
    empty = GAME.describe_move(state, 0, "upgrade M08#1 box=2")          # an empty box: the card's gist alone
    assert empty is not None and not empty.key.startswith("spacecorp.preview.upgrade_")
    after = play(state, 0, "upgrade M08#1 box=1")
    keys = [news.key for news in after.news]
    assert "spacecorp.news.upgrade_returned" in keys and "M06#1" in after.hands.cards[0]


def test_SC_UPG_3_an_upgrade_over_an_earlier_era_card_says_it_leaves_the_game() -> None:
    state = GAME.new_game({"players": 2, "eras": "2"}, 2)
    seat = state.turn.seat
    state.players[seat].hq["1"] = "M06#1"                                # a Mariners (era 1) card
    card = "P01#1"
    hand_of(state, seat, card)
    preview = GAME.describe_move(state, seat, f"upgrade {card} box=1")
    assert preview is not None and preview.key.startswith("spacecorp.preview.upgrade_removed")
    after = play(state, seat, f"upgrade {card} box=1")
    assert "spacecorp.news.upgrade_removed" in [news.key for news in after.news]
    assert "M06#1" not in after.hands.cards[seat]


def test_EG_INCOMPAT_each_discard_names_the_card_in_its_box() -> None:
    state = game(2)
    state.players[0].hq.update({"1": "M06#1"})
    state.players[1].hq.update({"1": "M04#1", "2": "M10#1"})
    hand_of(state, 0, "M08#1")
    hand_of(state, 1, "M30#1")
    state = play(state, 0, "upgrade M08#1 box=2")
    state = play(state, 1, "edge M30#1")
    label = _label(state, 0, "choose infra-discard=box1")
    assert label.startswith("Discard the Infra card in box 1: M06#1 (Ion Drive)"), label
    other = _label(state, 0, "choose infra-discard=box2")
    assert "M08#1" in other and "M06#1" not in other
    for language in LANGUAGES:
        assert len(_label(state, 0, "choose infra-discard=box1", language)) <= 100
    answer_all(state, "choose infra-discard=box1")


def test_SC_CON_a_contract_named_in_the_thread_reads_in_the_third_person() -> None:
    """N-7: the thread said "Blue fulfils contract 7, 3 Infra cards on your HQ, for 2T"."""
    from rules.spacecorp.common import S
    line = render(S("news.contract", player="Blue", row=7, contract=S("contract.E1.7"), amount=2), "en")
    assert line == "Blue fulfils contract 7, 3 Infra cards on the HQ, for 2T."


def test_SC_RES_3_info_explains_the_offer_boxes_a_draw_names() -> None:
    """N-8 (SC-RES-3): every Research draw offers "draw O2", but `/spacecorp info O2` listed the
    Time card. The Offer has an entry, found by either language's box code."""
    from bot.lookup import find
    for typed in ("O1", "O4", "offer", "kínálat2", "kínálat"):
        found = find("spacecorp", typed)
        assert found is not None and found.id == "OFFER", typed
        assert "SC-RES-3" in render(found.text, "en") and "`húz pakli`" in render(found.text, "hu")


def test_SC_MOV_11_SC_EDGE_1_info_explains_pioneer_markers_edges_and_genetics() -> None:
    """N-11: the status says "3T for Pioneer marker 1", the thread "play an Edge" and "genetics 6",
    but `info Pioneer` and `info Edge` found nothing and `info genetics` only names containing it."""
    from bot.lookup import find
    for typed, ident in (("Pioneer", "PIONEER"), ("Úttörő", "PIONEER"), ("Edge", "EDGE"), ("reakcióablak", "EDGE"),
                         ("genetics", "WHEEL"), ("genetika", "WHEEL")):
        found = find("spacecorp", typed)
        assert found is not None and found.id == ident, typed
    assert "SC-MOV-11" in render(find("spacecorp", "Pioneer").text, "en")   # type: ignore[union-attr]
    assert "`elutasít`" in render(find("spacecorp", "Edge").text, "hu")      # type: ignore[union-attr]


def test_SC_UPG_3_one_menu_words_every_card_sent_back_alike() -> None:
    """N-6, one wording per decision (newcomer 28 S1): the upgrades of one menu name the card a box
    gives back all with its name or all by its code, never "M01#1 (Chemical Drive) goes back" beside
    "M01#1 goes back"."""
    state = game(2)
    state.players[0].hq.update({"1": "M06#1", "2": "M10#1"})
    hand_of(state, 0, "M08#1", "M16#1", "M04#1")
    upgrades = [text for text in (GAME.format_move(m) for m in GAME.suggested_moves(state, 0)) if text.startswith("upgrade ")]
    previews = [GAME.describe_move(state, 0, text) for text in upgrades]
    over = [preview for preview in previews if preview is not None and preview.key.startswith("spacecorp.preview.upgrade_")]
    assert len(over) >= 2
    assert len({(preview.key, type(preview.params["card"]).__name__) for preview in over}) == 1, over


def _nested(label: str) -> bool:
    """Brackets inside brackets: "(cards M05#1 (Gene Sequencer))"."""
    depth = 0
    for char in label:
        depth = depth + 1 if char == "(" else max(0, depth - 1) if char == ")" else depth
        if depth > 1:
            return True
    return False


def test_SC_9_4_the_sources_follow_the_action_without_brackets_in_brackets() -> None:
    """N-17: "Move Blue 1 to Moon (Luna) (M01#1, own Infra, T1 doubled): distance 4" and "Take a
    Genetics action (cards M05#1 (Gene Sequencer))": the sources follow "with" in English and a
    dash in Hungarian (whose preview then takes the brackets), a Build's sources among a colony's
    Colony Points go in square brackets, and a Hungarian rewarded opponent reads "Sárga a
    bázisáért" (no second dash before a preview with brackets); a Hungarian Upgrade names its box
    before the card (SC-UPG-3)."""
    from tests.pulsar.test_label_length import labels
    state = GAME.new_game({"players": 2, "eras": "1-2"}, 2)
    move = "move B1 earth>moon cards=M01#1/m infra=self time=T1:double"
    assert _label(state, 0, move) == "Move Blue 1 to Moon (Luna) with M01#1, own Infra, T1 doubled: distance 4"
    assert _label(state, 0, move, "hu") == "Mozgass csapatot: Kék 1 → Hold – Ű01#1, saját Infra, Idő1 dupla (4 mozgáspont)"
    genetics = GAME.move_phrase(game(3), 0, "genetics cards=M05#1/g")
    assert genetics is not None and genetics.key == "spacecorp.phrase.with"
    assert render(genetics, "en") == "takes a Genetics action with cards M05#1 (Gene Sequencer)"
    assert render(genetics, "hu") == "Genetika akciót hajt végre – Ű05#1 (Génszekvenáló) lap"
    shown = [(text, label) for eras in ("1-2", "2-3") for players in (2, 3)
             for _, text, label in labels("spacecorp", players, players, 8, {"eras": eras})]
    assert len(shown) > 1000 and any(text.startswith("colonize") for text, _ in shown)
    assert not [label for _, label in shown if _nested(label)]
    assert not [label for _, label in shown if label.count(" – ") > 1]
    # an Upgrade's box before the card: "Fejleszd Infrává az 1. Inframezőbe: Ű01#1 (Kémiai hajtómű)"
    assert not [label for text, label in shown if text.startswith("upgrade") and ") (" in label]
    assert render(GAME.move_phrase(state, 0, "upgrade M01#1 box=1"), "hu", label=True) == \
        "Fejleszd Infrává az 1. Inframezőbe: Ű01#1 (Kémiai hajtómű)"
