"""The mechanics kit: decks, hands, sealed choices and labelled random streams keep every
card, hide what they must, replay from JSON, and keep streams independent."""
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.kit import HIDDEN, Deck, Hands, Sealed, Streams


def round_trip(obj):
    return type(obj).from_json(json.loads(json.dumps(obj.to_json())))


def test_streams_are_independent_and_replay():
    a, b = Streams(7), Streams(7)
    a.roll("dice", 3)
    first = a.shuffled("deck", range(20))
    assert b.shuffled("deck", range(20)) == first            # the dice did not move the deck's stream
    assert round_trip(a).roll("dice", 5) == a.copy().roll("dice", 5)
    assert Streams(7).roll("dice", 10) != Streams(8).roll("dice", 10)
    assert all(1 <= v <= 12 for v in Streams(1).roll("d12", 50, sides=12))


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(st.text(alphabet="ABCDEF0123456789", min_size=1, max_size=3), min_size=0, max_size=30),
       steps=st.lists(st.tuples(st.sampled_from(("draw", "discard")), st.integers(1, 5)), max_size=40),
       seed=st.integers(0, 2**63 - 1))
def test_a_deck_never_loses_or_duplicates_a_card(cards, steps, seed):
    streams = Streams(seed)
    deck = Deck.shuffled("d", cards, streams)
    hand: list[str] = []
    for action, count in steps:
        if action == "draw":
            hand += deck.draw(streams, count)
        else:
            deck.discard(hand[:count])
            hand = hand[count:]
        assert Counter(deck.pile + deck.discards + hand) == Counter(cards)
        deck = round_trip(deck)


def test_drawing_from_an_empty_pile_reshuffles_the_discards_then_runs_dry():
    streams = Streams(3)
    deck = Deck.shuffled("d", ["a", "b"], streams)
    drawn = deck.draw(streams, 2)
    deck.discard(drawn)
    assert sorted(deck.draw(streams, 5)) == ["a", "b"] and deck.reshuffles == 1
    assert deck.draw(streams) == []


def test_views_hide_the_pile_order_and_other_hands():
    streams = Streams(1)
    deck = Deck.shuffled("d", ["x1", "x2", "x3"], streams)
    assert deck.view().pile == [HIDDEN] * 3 and "x1" not in json.dumps(deck.view().to_json())
    hands = Hands.empty(3)
    hands.add(0, ["c1", "c2"])
    hands.add(2, ["c3"])
    view = hands.view(2)
    assert view.cards == [[HIDDEN, HIDDEN], [], ["c3"]] and view.sizes() == hands.sizes() == [2, 0, 1]
    with pytest.raises(ValueError):
        hands.remove(1, "c1")


def test_sealed_choices_are_revealed_only_when_everybody_chose():
    sealed: Sealed[str] = Sealed([0, 1, 2])
    sealed.seal(1, "side B")
    with pytest.raises(ValueError):
        sealed.revealed()
    with pytest.raises(ValueError):
        sealed.seal(1, "side A")                 # no second thoughts
    with pytest.raises(ValueError):
        sealed.seal(5, "side A")                 # not asked
    assert sealed.view(0).choices == {1: HIDDEN} and sealed.view(1).choices == {1: "side B"}
    assert sealed.waiting() == {0, 2}
    sealed.seal(0, "side A")
    sealed.seal(2, "side A")
    assert round_trip(sealed).revealed() == {0: "side A", 1: "side B", 2: "side A"}
    assert sealed.view(None).choices == sealed.revealed()


def test_a_term_keeps_nested_terms_whole_and_refuses_broken_ones():
    from rules.kit import Term, parse_term
    assert parse_term("X(a, B(1, 2), c=3)") == Term("X", ("a", "B(1, 2)", "c=3"))
    assert parse_term("X(ABL-VISIT(jump_gate, EFF-VP(1)))").args == ("ABL-VISIT(jump_gate, EFF-VP(1))",)
    assert parse_term("GAIN(2, per=3)").int_arg(0) == 2 and parse_term("GAIN(2, per=3)").int_arg("per") == 3
    for broken in ("X(a, (b)", "X(a)(", "X(a,,b)", "X()", "lower(1)"):
        with pytest.raises(ValueError):
            parse_term(broken)
