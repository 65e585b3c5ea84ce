"""One wording per decision (rules/eve/labels.py): the labels of one decision's moves say their
facts in the same words, fitted to the decision's longest label, and keep the names a player
chooses by.  E2 (newcomer report 2026-11-27b): the headquarters suggestions named "R11 The
Forge" but only "R08" (the English phrase left room for the Hungarian hint)."""
from __future__ import annotations

import random

import pytest

import rules
from rules.base import DESCRIPTION_GLUE
from rules.eve import describe, labels, reading
from rules.eve.common import region_label
from rules.eve.state import PREP_HQ
from rules.messages import LANGUAGES, render

from tests.pulsar.test_label_length import MENU_LIMIT, host_label, playout_positions

GAME = rules.get_game("eve")


def _at_headquarters(players: int, seed: int):
    state = GAME.new_game({"players": players}, seed)
    rng = random.Random(seed)
    while state.phase != PREP_HQ:
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    return state, min(GAME.waiting_for(state))


@pytest.mark.parametrize("players,seed", [(2, 5), (2, 4), (3, 1), (4, 2)])
def test_E2_EVE_PREP_1_every_headquarters_suggestion_names_its_region(players: int, seed: int) -> None:
    """Every HQ choice names its region in full (code and name), says where its nearest outpost
    may go in one wording for all, and fits Discord's 100 characters in both languages."""
    state, seat = _at_headquarters(players, seed)
    texts = [GAME.format_move(move) for move in GAME.legal_moves(state, seat)]
    assert texts
    descriptions = set()
    for text in texts:
        phrase = GAME.move_phrase(state, seat, text)
        code = text.split()[1]
        assert phrase is not None and phrase.key == "eve.phrase.hq"
        assert phrase.params["region"] == region_label(code) != code, text
        description = GAME.describe_move(state, seat, text)
        assert description is not None
        descriptions.add(description.key)
        for language in LANGUAGES:
            shown = host_label(GAME, state, seat, text, language)
            assert len(shown) <= MENU_LIMIT and region_label(code) in shown, shown
    assert len(descriptions) == 1, descriptions


def test_E2_the_seed_5_newcomer_game_names_R08_R12_and_R36() -> None:
    """The newcomer's game (eve-hu-computer-game.txt, seed 5): R08, R12, R25, R28, R36 and R09
    lost their names; every one now keeps it, and the outpost hint is the brief one for all."""
    state, seat = _at_headquarters(2, 5)
    for code in ("R08", "R12", "R25", "R28", "R36", "R09", "R11"):
        text = f"hq {code}"
        if GAME.parse_move(state, seat, text) not in GAME.legal_moves(state, seat):
            continue
        phrase = GAME.move_phrase(state, seat, text)
        assert phrase is not None and phrase.params["region"] == region_label(code)
        description = GAME.describe_move(state, seat, text)
        assert description is not None and description.key == "eve.describe.place_outpost_needs_brief"


def _levels(seat: int, text: str, phrase) -> set[int]:
    wordings = reading.wordings(seat, text) or ()
    return {level for level, message in enumerate(wordings) if message == phrase}


def _indexes(candidates, description) -> set[int | None]:
    """The description wordings (index into the candidates, clipped to the briefest; None: no
    description) that give ``description``; a move that describes nothing fits any."""
    if not candidates:
        return {None, 0, 1, 2, 3}
    if description is None:
        return {None}
    return {index for index in range(4) if candidates[min(index, len(candidates) - 1)] == description}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_decision_one_wording_over_seeded_playouts(players: int) -> None:
    """Each decision (a seat's legal moves of one kind; the cards played on one kind of target together) reads
    at one phrase level (``reading.LEVELS``) and one description wording: the discards of a
    hand never mix "discards X (Name)" and "discards Y" by code."""
    checked = 0
    for game, state, seats in playout_positions("eve", players, 11 + players, 3):
        for seat in seats:
            groups: dict[tuple[str, ...], list[str]] = {}
            for move in game.legal_moves(state, seat):
                text = game.format_move(move)
                groups.setdefault(labels.decision_key(text), []).append(text)
            for key, texts in groups.items():
                levels = set(range(len(reading.LEVELS)))
                indexes: set[int | None] = {None, 0, 1, 2, 3}
                for text in texts:
                    levels &= _levels(seat, text, game.move_phrase(state, seat, text))
                    indexes &= _indexes(describe.description_candidates(state, seat, text),
                                        game.describe_move(state, seat, text))
                assert levels and indexes, (key, texts[:4])
                checked += 1
    assert checked > 100


def test_a_discard_decision_keeps_every_card_name() -> None:
    """Covert Operative's discard label with its gist is over 100 characters in English: the
    decision drops the gists of its discards, never a card's name (the hand names the gist)."""
    state, _ = _at_headquarters(2, 5)
    texts = ("discard DV07", "discard DV01")
    wording = labels.fit(state, 0, texts, describe.description_candidates)
    assert wording.level < labels.CARD_CODES
    for text in texts:
        phrase = (reading.wordings(0, text) or ())[wording.level]
        assert phrase.params["card"].key == "eve.card_named", phrase


def test_a_move_of_units_keeps_both_region_names_and_its_cost() -> None:
    """A move from R34 The Bleak Lands to R49 The Kalevala Expanse (4 players) with its cost did
    not fit in Hungarian ("innen: …; 1 egység ide: …" took the brief phrase); with the count after
    the target ("R34 The Bleak Lands → R49 The Kalevala Expanse (1 egység)") the full phrase fits
    beside the cost, every region with its name."""
    state = GAME.new_game({"players": 4}, 0)
    texts = ("move R34 > R49:1", "move R07 > R23:2")
    wording = labels.fit(state, 0, texts, describe.description_candidates)
    assert wording.description == 0 and wording.level == 0
    for text in texts:
        phrase = (reading.wordings(0, text) or ())[wording.level]
        assert phrase.key == "eve.phrase.move"
        assert phrase.params["source"] == region_label(text.split()[1])
        for language in LANGUAGES:
            target = render(region_label(text.split()[3].split(":")[0]), language)
            assert target in render(phrase, language)
            assert len(render(phrase, language)) + DESCRIPTION_GLUE + len(render(
                describe.description_candidates(state, 0, text)[0], language)) <= MENU_LIMIT


def test_EVE_DEF_1_every_region_has_the_name_of_the_specs_region_table() -> None:
    """E2's check: the spec's region table (docs/rules/eve-conquests.md §18.3, 63 regions) and
    the data agree on every code's name; a region's name is its EVE proper noun, the same in
    both languages (docs/hungarian-review-2026-11.md), so a label naming it reads alike in each."""
    import re
    from pathlib import Path

    from rules.eve.data import tables

    spec = (Path(__file__).resolve().parents[2] / "docs/rules/eve-conquests.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| \d+ \| (R\d\d) \| ([^|]+?) \|", spec, re.MULTILINE))
    names = {code: region.name for code, region in tables().regions.items()}
    assert len(table) == 63 and names == table
    assert all(region_label(code) == f"{code} {name}" and name.strip() for code, name in names.items())


def test_a_card_played_alone_keeps_its_name_and_gist_in_fewer_words() -> None:
    """Outpost Engineering (no target): its name and gist did not fit beside "kijátssza ezt a
    kártyát", so the gist was left out; the brief phrase (``phrase.play_brief``) keeps both."""
    state = GAME.new_game({"players": 2}, 0)
    text = "play DV31"
    phrase = GAME.move_phrase(state, 0, text)
    description = GAME.describe_move(state, 0, text)
    assert phrase is not None and phrase.key == "eve.phrase.play_brief"
    assert phrase.params["card"].key == "eve.card_named"
    assert description is not None and description.key.startswith("eve.card_gist.")
    for language in LANGUAGES:
        assert len(host_label(GAME, state, 0, text, language)) <= MENU_LIMIT


def test_cards_played_alone_are_one_decision_in_one_wording() -> None:
    """Extra Shift and Outpost Engineering in one hand: both "play" choices without a target are
    one decision, so they read "kijátssza: ..." alike (not one "kijátssza ezt a kártyát")."""
    assert labels.decision_key("play LG12") == labels.decision_key("play DV31") != labels.decision_key("play LG16 R08")
    state = GAME.new_game({"players": 2}, 0)
    texts = ("play LG12", "play DV31")
    wording = labels.fit(state, 0, texts, describe.description_candidates)
    keys = {(reading.wordings(0, text) or ())[wording.level].key for text in texts}
    assert keys == {"eve.phrase.play_brief"} and wording.description == 0
