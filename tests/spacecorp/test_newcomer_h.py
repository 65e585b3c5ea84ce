"""Newcomer report 2026-11-27h (a Hungarian evening against the computer): the thread said
'teljesíti a 7. szerződést (…): 2F.' beside the move's 'teljesíti a 7. sor szerződését'; an Offer
card read 'Ű25#1 (Kvantum-visszafejtés): Felfedezés 1 · Hatás: Hackelés', a third colon; Market
Influence's gist '+ a jutalom fele' did not say whose contract (EG-MARKET: the one you fulfilled)."""
from __future__ import annotations

from rules.messages import Msg, render
from rules.spacecorp import components
from rules.spacecorp.data import tables


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
    assert gist == "ha teljesült egy szerződés: megkapod a jutalma felét is, ha te teljesítetted", gist
