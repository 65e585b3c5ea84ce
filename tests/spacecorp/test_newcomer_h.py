"""Newcomer report 2026-11-27h (a Hungarian evening against the computer): the thread said
'teljesíti a 7. szerződést (…): 2F.' beside the move's 'teljesíti a 7. sor szerződését'; an Offer
card read 'Ű25#1 (Kvantum-visszafejtés): Felfedezés 1 · Hatás: Hackelés', a third colon; Market
Influence's gist '+ a jutalom fele' did not say whose contract (EG-MARKET: the one you fulfilled),
as Investor Confidence's '+2F, ha te teljesítetted' does."""
from __future__ import annotations

import rules
from rules.messages import Msg, message_keys, render
from rules.spacecorp import components, phrases
from rules.spacecorp.data import tables

GAME = rules.get_game("spacecorp")


def test_SC_CON_3_the_contract_news_names_the_row_as_the_move_does_and_says_the_profit() -> None:
    news = Msg("spacecorp.news.contract", player="Kék", row=7,
               contract=Msg("spacecorp.contract.1.7"), amount=2)
    hungarian = render(news, "hu")
    assert hungarian.startswith("Kék teljesíti a 7. sor szerződését (") and hungarian.endswith(", és 2F profitot kap.")
    assert hungarian.count(":") == 0, hungarian


def test_SC_EDGE_1_a_card_with_an_edge_names_it_after_its_entries_without_another_colon() -> None:
    card = next(card for card in tables().cards.values() if card.edge == "EG-HACK")
    gist = render(components.card_gist(card), "hu")
    assert gist.endswith("· Hackelés Hatás") and ": " not in gist, gist


def test_EG_MARKET_the_gist_says_the_half_reward_is_for_your_own_contract() -> None:
    gist = render(components.edge_gist("EG-MARKET"), "hu")
    assert gist == "ha teljesült egy szerződés, a jutalma fele is jár, ha te teljesítetted", gist


def test_SC_BLD_7_each_base_built_in_a_star_system_names_its_tile_in_the_thread() -> None:
    """Three bases on Epsilon Eridani read 'Kék bázist épít: Védelmi bázis – Alfa Centauri.' twice
    over; each names its tile, as the move's line does ('… a Barna törpe lapkán')."""
    from tests.spacecorp.test_era3 import at, game3, tiles
    from tests.spacecorp.test_engine import hand_of, play

    state = game3()
    tiles(state, "eps_eri", "D3-04", "D3-17", "D3-18")
    at(state, 0, "B1", "eps_eri")
    hand_of(state, 0, "S18#1", "S20#1")
    after = play(state, 0, "build B1 @eps_eri bases=D3-04:ATTRACTION,D3-17:REFINERY,D3-18:EXTRACTOR cards=S18#1/b,S20#1/sb")
    built = [render(line, "hu") for line in after.news if line.key == "spacecorp.news.built"]
    names = [render(Msg(f"spacecorp.tile.{tile}"), "hu") for tile in ("D3-04", "D3-17", "D3-18")]
    assert len(built) == 3 and all(f"{name} lapkán (" in line for name, line in zip(names, built)), built
    english = [render(line, "en") for line in after.news if line.key == "spacecorp.news.built"]
    assert all(" on " in line for line in english), english


def test_SC_NOT_1_a_time_card_typed_where_a_card_is_wanted_is_echoed_as_typed() -> None:
    """'hatás Idő1' was refused as '„T1” nem kártya': T1 is the rulebook's production value to a
    Hungarian; the refusal says 'Idő1', as typed (and 'T1' to an English reader)."""
    from rules.base import IllegalMove
    from rules.spacecorp.engine import GAME

    state = GAME.new_game({"players": 2}, 1)
    seat = min(GAME.waiting_for(state))
    for typed in ("upgrade T1 box=1", "edge T1"):
        try:
            GAME.parse_move(state, seat, typed)
        except IllegalMove as error:
            assert error.rule == "SC-NOT-1" and error.msg.key == "spacecorp.err.card"
            assert render(error.msg, "hu").startswith("„Idő1” nem kártya"), render(error.msg, "hu")
            assert render(error.msg, "en").startswith('"T1" is not a card'), render(error.msg, "en")
        else:
            raise AssertionError(typed)


def test_SC_BLD_3_a_base_s_brief_effect_spells_out_what_a_letter_would_hide() -> None:
    """Newcomer 27h: "T +1" and "T+KP F-ben" beside a Build.  The Refinery's says the production
    it raises; the Extractor's (era 3) abbreviates Colony Points as the board does ("Kol 2")."""
    refinery = render(phrases.base_effect("E1", "REFINERY", brief=True), "hu")
    assert refinery == "termelés +1" and render(phrases.base_effect("E1", "REFINERY", brief=True), "en") == "production +1"
    extractor = render(phrases.base_effect("E3", "EXTRACTOR", brief=True), "hu")
    assert extractor == "egyszer T+Kol F-ben"
    assert render(Msg("spacecorp.render.colony_points", n=2), "hu") == "Kol 2"


def test_SC_BLD_7_a_star_system_s_bases_keep_their_full_names_where_the_label_has_room() -> None:
    """Newcomer 27h: "Védelmi"/"Ipari" without "bázis".  A star system's Build names each base in
    full with its tile where the label has room; the short name only where it must, the bases
    alone after (they are in the notation sent), their count last (phrases.build_forms)."""
    from tests.spacecorp.test_era3 import game3
    state = game3()
    phrase = GAME.move_phrase(state, 0, "build B1 @barnard bases=D3-07:DEFENSE")
    assert phrase is not None
    roomy = render(phrase, "hu", label=True)
    assert roomy == "Építs bázist: Védelmi bázis (Kötött forgású világ) (Barnard-csillag, Kék 1)", roomy
    full = phrases.phrase("build B1 @acen bases=D3-07:DEFENSE,D3-17:DEFENSE,D3-18:DEFENSE infra=self")
    assert full is not None and "spacecorp.base_brief.DEFENSE" in set(message_keys(full))


def test_SC_COL_3_SC_PRD_1_the_abbreviations_a_label_uses_are_found_by_info() -> None:
    """Newcomer 27h: '/spacecorp infó KP' found nothing.  The terms a label abbreviates are
    components: Colony Points (KP, Kol, CP, Col), the production value (T, P) and profit (F)."""
    from bot import lookup
    for typed, term in (("KP", "COLONY_POINTS"), ("Kol", "COLONY_POINTS"), ("kolóniapont", "COLONY_POINTS"),
                        ("CP", "COLONY_POINTS"), ("T", "T"), ("P", "PRODUCTION"), ("termelés", "PRODUCTION"),
                        ("termelési érték", "PRODUCTION"),
                        ("F", "PROFIT"), ("profit", "PROFIT")):
        found = lookup.find("spacecorp", typed)
        assert found is not None and found.id == term and found.kind == "spacecorp.kind.term", typed
    colony_points = GAME.component("COLONY_POINTS")
    assert colony_points is not None and "SC-COL-3" in render(colony_points.text, "hu")
    assert render(colony_points.name, "hu") == "Kolóniapont (Kol)"
    production = GAME.component("PRODUCTION")
    assert production is not None and "SC-PRD-1" in render(production.text, "en")


def test_SC_PRD_1_info_T_says_what_T_means_in_the_readers_labels() -> None:
    """'T' is the production value in a Hungarian label ('T2 termelés', 'egyszer T+Kol F-ben': the
    rulebook's T#) and profit in an English one ('1T per rival base', 'P+Col in T once': the
    rulebook's 5T); /info answered the production value to both.  /info finds a word the same
    whoever asks, so 'T' is a term of its own that says in each language what T means there."""
    from bot import lookup
    found = lookup.find("spacecorp", "T")
    assert found is not None and found.id == "T" and found.kind == "spacecorp.kind.term"
    assert found.name == Msg("spacecorp.comp.term.t")
    assert render(found.name, "en") == "T (profit)" and render(found.name, "hu") == "T (termelési érték)"
    english, hungarian = render(found.text, "en"), render(found.text, "hu")
    assert "profit, in trillion credits" in english and "SC-PRD-1" in english and "Time cards" in english
    assert hungarian.startswith("A T a termelési érték") and "SC-PRD-1" in hungarian and "jele F" in hungarian
    # what the labels say, each abbreviation as the reader's language writes it
    extractor = {language: render(Msg("spacecorp.baseeffect_brief.EXTRACTOR.E3"), language) for language in ("en", "hu")}
    assert extractor == {"en": "P+Col in T once", "hu": "egyszer T+Kol F-ben"}
    for typed, term in (("P", "PRODUCTION"), ("F", "PROFIT"), ("Col", "COLONY_POINTS"), ("Kol", "COLONY_POINTS"),
                        ("CP", "COLONY_POINTS"), ("KP", "COLONY_POINTS")):
        assert lookup.find("spacecorp", typed) == GAME.component(term), typed
    production, profit = GAME.component("PRODUCTION"), GAME.component("PROFIT")
    assert production is not None and profit is not None
    assert render(production.name, "en") == "Production value (P)" and render(profit.name, "hu") == "Profit (F)"
    assert render(profit.name, "en") == "Profit (T)"                      # the English T, as /info T says


def test_SC_VAL_2_the_other_words_a_label_abbreviates_are_found_by_info() -> None:
    """'own Infra' / 'saját Infra' in a label: /info Infra found a contract ('3 Infra cards on your
    HQ'); an English 'produces P2' found nothing; a Hungarian 'T2 termelés' finds the Time card
    (T2 is its English code), whose Hungarian text now points to the production value."""
    from bot import lookup
    infra = lookup.find("spacecorp", "Infra")
    assert infra is not None and infra.id == "INFRA" and infra.kind == "spacecorp.kind.term"
    assert "SC-VAL-2" in render(infra.text, "en") and "„saját Infra” a tiéd" in render(infra.text, "hu")
    assert lookup.find("spacecorp", "P2") == GAME.component("PRODUCTION")
    time = lookup.find("spacecorp", "T2")
    assert time is not None and time.id == "TIME" and "(infó: T#)" in render(time.text, "hu")
    assert lookup.find("spacecorp", "T#") == GAME.component("PRODUCTION")
