"""Space Corp as a Hungarian newcomer read it against the computer (docs/newcomer-report-2026-11-27c.md):
the automatic draw at the end of a turn is told in the thread and explained to the drawer (SC-TURN-6),
a Genetics or Idea action says how far the cube went (SC-GEN-1, SC-IDEA-1), a refused draw echoes
the box as it was typed (SC-RES-3)."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.messages import render
from rules.spacecorp.engine import GAME


def _research_turn(seed: int = 2):
    """The first player researches with their own Infra and draws twice from the pile: with two
    cards in hand before, four after, so the turn's end draws one more (SC-TURN-6)."""
    state = GAME.new_game({"players": 2}, seed)
    seat = state.turn.seat
    for text in ("research infra=self", "draw D", "draw D"):
        state = GAME.apply(state, GAME.parse_move(state, seat, text))
    return state, seat


def test_SC_TURN_6_the_end_of_turn_draw_is_told_in_the_thread_and_explained_to_the_drawer():
    """C-S1: the step-6 draw came as a second bare "Ezt húztad" and the thread said nothing, while
    the hand count in the pictures grew by one."""
    state, seat = _research_turn()
    keys = [msg.key for msg in state.news]
    assert keys == ["spacecorp.news.drew_pile", "spacecorp.news.turn_draw.hand"]
    private = [(who, msg.key) for who, msg in state.private_news]
    assert private == [(seat, "spacecorp.notice.drew"), (seat, "spacecorp.notice.turn_draw.hand")]
    line = render(state.news[-1], "hu")
    assert "a köre végén" in line and "4" in line
    for language in ("en", "hu"):           # the card's line ends the notice with one full stop at most
        text = render(state.private_news[-1][1], language)
        assert not text.endswith("..")


def test_SC_TURN_6_no_end_of_turn_news_when_the_hand_is_full():
    """With five cards or more after the action there is no draw, so no line about it."""
    state = GAME.new_game({"players": 2}, 2)
    seat = state.turn.seat
    state.hands.cards[seat] += ["M05#1", "M03#1", "M03#2", "M04#1"]
    state = GAME.apply(state, GAME.parse_move(state, seat, "genetics cards=M05#1/g"))
    assert all(not msg.key.startswith("spacecorp.news.turn_draw") for msg in state.news)


def test_SC_GEN_1_a_genetics_action_says_how_far_the_cube_moved_and_the_steps_in_all():
    """C-S2: "Genetika akciót hajt végre" alone did not say what it did; the end bonus counts the
    steps (SC-VAR-4), so the line gives them."""
    state = GAME.new_game({"players": 2}, 2)
    seat = state.turn.seat
    state.hands.cards[seat].append("M05#1")
    state = GAME.apply(state, GAME.parse_move(state, seat, "genetics cards=M05#1/g"))
    news = [msg for msg in state.news if msg.key == "spacecorp.news.genetics"]
    assert len(news) == 1 and news[0].params["n"] == 2 and news[0].params["total"] == 2
    assert render(news[0], "hu") == "Kék genetikakockája 2 mezőt lép a Folyamatkörön (összesen 2 lépés)."


def test_SC_IDEA_1_an_idea_action_says_how_far_the_idea_cube_moved():
    state = GAME.new_game({"players": 2, "eras": "2"}, 2)
    seat = state.turn.seat
    idea = next(move for move in GAME.legal_moves(state, seat) if type(move).__name__ == "Idea")
    state = GAME.apply(state, idea)
    news = [msg for msg in state.news if msg.key == "spacecorp.news.idea"]
    assert len(news) == 1 and news[0].params["n"] >= 1
    assert news[0].params["total"] == state.players[seat].idea_steps


def test_SC_RES_3_a_refused_draw_echoes_the_box_as_typed():
    """C-S3: ``húz kínálat9`` was answered „KÍNÁLAT9”, in capitals the player never typed."""
    state = GAME.new_game({"players": 2}, 2)
    seat = state.turn.seat
    state = GAME.apply(state, GAME.parse_move(state, seat, "research infra=self"))
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, seat, "húz kínálat9")
    assert caught.value.msg.key == "spacecorp.err.draw" and caught.value.rule == "SC-RES-3"
    assert caught.value.msg.params["value"] == "kínálat9"


def test_SC_RES_3_a_research_tells_the_thread_how_many_draws_follow():
    """C-S7: after "kutat (Infra: saját Központ)" the thread said only whom it waits for."""
    state = GAME.new_game({"players": 2}, 2)
    seat = state.turn.seat
    state = GAME.apply(state, GAME.parse_move(state, seat, "research infra=self"))
    news = [msg for msg in state.news if msg.key == "spacecorp.news.research_draws"]
    assert len(news) == 1 and news[0].params["n"] == state.turn.draws_left == 2
    assert render(news[0], "hu").startswith("Kék most 2 lapot húz egyenként")


def test_SC_BLD_a_research_base_tells_the_thread_that_an_offer_card_is_taken_now():
    """C-S7: the Research Base's Offer card (E1) was asked with "Erre vár a játék: alice" alone."""
    import random
    from rules.spacecorp import moves as mv
    state = GAME.new_game({"players": 2}, 1)
    rng = random.Random(1)
    for _ in range(400):
        seat = sorted(GAME.waiting_for(state))[0]
        moves = list(GAME.legal_moves(state, seat))
        base = [move for move in moves if isinstance(move, mv.Build)
                and any(spot.base == "RESEARCHBASE" for spot in move.spots)]
        if base and any(state.offer):
            after = GAME.apply(state, base[0])
            assert [msg.key for msg in after.news][-1] == "spacecorp.news.research_base_take"
            return
        state = GAME.apply(state, rng.choice(moves))
    pytest.fail("no Research Base was built in the playout")


COUNTED = ("spacecorp.preview.plain", "spacecorp.preview.with_rewards")


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 5)])
def test_SC_9_4_one_decisions_labels_count_the_cards_played_alike(players: int, seed: int) -> None:
    """C-S6: in one list of suggestions some moves with two cards ended "kijátszott lapok: 2" and
    others with the same two cards did not (each label kept the count where it fit 100
    characters).  The count repeats the phrase's list of cards, so a label whose phrase names
    every card played never says it: one wording, no fact lost; a label whose phrase had to
    leave its cards out keeps the count where it fits."""
    import random

    from rules.messages import LANGUAGES
    from rules.spacecorp import moves as mv

    from tests.pulsar.test_label_length import MENU_LIMIT, host_label
    state = GAME.new_game({"players": players}, seed)
    rng = random.Random(seed)
    previews = 0
    for ply in range(160):
        if GAME.is_over(state):
            break
        seats = sorted(GAME.waiting_for(state))
        if ply % 4 == 0:
            for seat in seats:
                for text in GAME.complete(state, seat, "", 25) + GAME.complete(state, seat, "move", 25):
                    preview = GAME.describe_move(state, seat, text)
                    phrase = GAME.move_phrase(state, seat, text)
                    if preview is None or phrase is None or not preview.key.startswith("spacecorp.preview."):
                        continue
                    previews += 1
                    move = GAME.parse_move(state, seat, text)
                    sources = getattr(move, "sources", None)
                    cards = [entry.card for entry in sources.cards] if sources is not None else []
                    cards += [sources.time.card] if sources is not None and sources.time else []
                    named = all(render(mv.card_code(card), language) in render(phrase, language)
                                for card in cards for language in LANGUAGES)
                    assert not (named and preview.key in COUNTED), (text, render(phrase, "hu"), render(preview, "hu"))
                    for language in LANGUAGES:
                        assert len(host_label(GAME, state, seat, text, language)) <= MENU_LIMIT
        state = GAME.apply(state, GAME.random_move(state, rng.choice(seats), rng))
    assert previews > 20
