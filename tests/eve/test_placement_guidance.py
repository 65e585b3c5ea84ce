"""Placement guidance (newcomer report N15): following the first suggestions of the eight unit
placements (EVE-PREP-2) leaves every empire a legal outpost (EVE-OUT-1/2); the placement's
suggestions and the status say what the outpost rule needs; the empire entries of /info say
where the headquarters may go (EVE-PREP-1, EVE-2P-4).  Asserting keys and values."""
from __future__ import annotations

import random

import pytest

from rules.base import IllegalMove
from rules.eve import GAME
from rules.eve.data import tables
from rules.eve.guidance import outpost_need, placements_left
from rules.eve.moves import Move
from rules.eve.state import PREP_OUTPOST, PREP_PLACE, PREP_REVEAL, GameState


def _to_placement(players: int, seed: int) -> GameState:
    state = GAME.new_game({"players": players}, seed)
    rng = random.Random(seed)
    while state.phase != PREP_PLACE:
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    return state


def _outpost_legal(state: GameState, seat: int, code: str) -> bool:
    """The outpost check itself (EVE-OUT-1/2/3), whoever's turn it is."""
    try:
        GAME._check_outpost(state, Move(seat, "outpost", regions=(code,), arg="D"))
    except IllegalMove:
        return False
    return True


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2, 5])
def test_EVE_OUT_2_following_the_first_placement_suggestion_leaves_every_empire_an_outpost(players, seed):
    """N15: bob took the first suggestions (code order) and had no legal outpost afterwards;
    now the placements nearest an outpost come first."""
    state = _to_placement(players, seed)
    while state.phase == PREP_PLACE:
        seat = min(GAME.waiting_for(state))
        first = GAME.complete(state, seat, "", 25)[0]
        state = GAME.apply(state, GAME.parse_move(state, seat, first))
    assert state.phase == PREP_OUTPOST
    for seat in range(players):
        assert any(_outpost_legal(state, seat, code) for code in state.regions), seat


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 6)])
def test_EVE_OUT_2_the_counted_placements_agree_with_the_outpost_check(players, seed):
    """``outpost_need`` says 0 placements exactly when the outpost check accepts one of the
    empire's regions, and what it counts is what the check lists as missing."""
    state = _to_placement(players, seed)
    rng = random.Random(seed)
    while state.phase == PREP_PLACE:
        for seat in range(players):
            need = outpost_need(state, seat)
            legal = [code for code in state.regions if _outpost_legal(state, seat, code)]
            assert (need is not None and need.placements == 0) == bool(legal)
            if need is not None and not need.takes_region and need.missing:
                error = None
                try:
                    GAME._check_outpost(state, Move(seat, "outpost", regions=(need.region,), arg="D"))
                except IllegalMove as refusal:
                    error = refusal
                assert error is not None and error.rule == "EVE-OUT-2"
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))


def test_EVE_PREP_2_placement_suggestions_say_what_they_leave_for_an_outpost():
    state = _to_placement(2, 5)
    seat = min(GAME.waiting_for(state))
    texts = GAME.complete(state, seat, "", 25)
    keys = [GAME.describe_move(state, seat, text).key for text in texts]
    assert set(keys) <= {"eve.describe.place_outpost_ready", "eve.describe.place_outpost_needs",
                         "eve.describe.place_outpost_needs_brief", "eve.describe.place_no_outpost",
                         "eve.describe.place_no_outpost_brief"}       # the brief wording: same facts
    first = GAME.describe_move(state, seat, texts[0])
    counts = [GAME.describe_move(state, seat, text).params.get("count", 99) for text in texts]
    assert first.key.startswith("eve.describe.place_outpost_needs") and counts == sorted(counts)
    assert first.params["region"] and first.params["count"] >= 1
    assert placements_left(state, seat) == tables().constants["prep_placements"]


def test_EVE_OUT_2_status_during_placement_states_the_outpost_rule_and_each_empires_distance():
    state = _to_placement(3, 2)
    keys = [line.key for line in GAME.status_lines(GAME.view(state, None))]
    assert "eve.status.outpost_rule" in keys
    per_empire = [key for key in keys if key in ("eve.status.outpost_ready", "eve.status.outpost_needs",
                                                 "eve.status.outpost_none")]
    assert len(per_empire) == 3
    while state.phase == PREP_PLACE:
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), random.Random(1)))
    assert "eve.status.outpost_rule" not in [line.key for line in GAME.status_lines(GAME.view(state, None))]


@pytest.mark.parametrize("empire", ["amarr", "caldari", "gallente", "minmatar"])
def test_EVE_PREP_1_each_empires_info_says_where_its_headquarters_may_go(empire):
    """N15: '/eve infó caldari' said nothing of the empire: now its colour and where its HQ goes
    (green regions, named; blue too with 2 players, EVE-2P-4)."""
    from rules.messages import render
    component = GAME.component(empire)
    assert component is not None and component.text.key == "eve.comp.empire"
    params = component.text.params
    assert params["empire"].key == f"eve.empire.{empire}" and params["colour"].key == f"eve.colour.{empire}"
    green = [code for code, region in tables().regions.items() if region.ring == "green"]
    text = render(component.text, "hu")
    assert all(code in text for code in green) and "EVE-PREP-1" in text and "EVE-2P-4" in text


def _help_examples(language: str) -> list[str]:
    """The move examples of the notation help, one per ``·`` or ``/``, remarks in brackets and
    ``then ...`` tails left out."""
    import re

    from rules.messages import Msg, render
    examples = []
    for line in render(Msg("eve.help.notation"), language).split("\n")[1:]:
        for part in re.split(r" · | / ", line.split(": ", 1)[1]):
            part = re.sub(r"\s*\(.*?\)", "", part)
            part = re.sub(r"^(utána|then) ", "", part)
            part = re.split(r",? (utána|then) ", part)[0].strip()
            if part:
                examples.append(part)
    return examples


@pytest.mark.parametrize("language", ["hu", "en"])
def test_every_example_of_the_notation_help_parses_and_is_written_in_the_readers_words(language):
    """Issue 24 (evefix 3): the help's examples, the dice (``kocka 5 sérülés, 0 pajzs, 1 taktika``)
    among them, are what ``localize_move`` writes for the reader: no English code reaches a
    Hungarian reader, and each parses back."""
    state = GAME.new_game({"players": 4}, 1)
    examples = _help_examples(language)
    assert len(examples) > 35
    for example in examples:
        move = GAME.parse_move(state, 0, example)
        assert GAME.localize_move(GAME.format_move(move), language) == example


@pytest.mark.parametrize("players", [2, 4])
def test_EVE_PREP_1_headquarters_suggestions_come_nearest_outpost_first_and_say_so(players):
    """N15: the HQ suggestions listed the green (2 players: and blue) regions in code order;
    now those whose nearest outpost needs the fewest placements come first, each saying so."""
    from rules.eve.state import PREP_HQ
    state = GAME.new_game({"players": players}, 4)
    rng = random.Random(4)
    while state.phase != PREP_HQ:
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    seat = min(GAME.waiting_for(state))
    texts = GAME.complete(state, seat, "", 25)
    described = [GAME.describe_move(state, seat, text) for text in texts]
    keys = {message.key for message in described}          # one wording for the decision (E2)
    assert keys in ({"eve.describe.place_outpost_needs"}, {"eve.describe.place_outpost_needs_brief"}), keys
    counts = [message.params["count"] for message in described]
    assert counts == sorted(counts)
    best = min(outpost_need(state, seat, move.regions[0], hq=True).placements for move in GAME.legal_moves(state, seat))
    assert counts[0] == best


@pytest.mark.parametrize("players", [2, 3, 4])
def test_EVE_OUT_2_first_suggestions_from_the_headquarters_on_leave_every_empire_an_outpost(players):
    state = GAME.new_game({"players": players}, 7)
    rng = random.Random(7)
    while state.phase != PREP_OUTPOST:
        seat = min(GAME.waiting_for(state))
        if state.phase == PREP_REVEAL:
            state = GAME.apply(state, GAME.random_move(state, seat, rng))
        else:
            state = GAME.apply(state, GAME.parse_move(state, seat, GAME.complete(state, seat, "", 25)[0]))
    for seat in range(players):
        assert any(_outpost_legal(state, seat, code) for code in state.regions), seat
