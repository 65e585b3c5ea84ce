"""The longest flights say what they reach (G-8) within a label's 100 characters (FLY-4, FLY-10):
on side B ten locations of four characters and a silver die bent by a +2 token and a
technology left no room for it ("Repülj: N182→…→U158 (6-os ezüstkocka +2, AI-1a +1)" is 88
characters), so such a flight says its silver die by its number ("6-os kocka +2, AI-1a +1",
"a 6 +2, AI-1a +1") and keeps every location, the token, the technology and what it reaches."""
from __future__ import annotations

import pytest

from rules.messages import LANGUAGES, render
from rules.pulsar import flying, phrases
from rules.pulsar import moves as mv
from rules.pulsar.data import Effect
from tests.pulsar.test_label_length import MENU_LIMIT, host_label, playout_positions

#: A 4-player side B playout where, at ply 40, seat 3's ship can fly ten locations with a silver
#: 6, a +2 token and technology AI-1a (found by walking the label test's playouts).
PLAYERS, SEED, PLY, SEAT = 4, 7, 40, 3
LONG = "fly s6+2~AI-1a:+1 H113>J111>J110>S108>J105>J102>J101>S182>J178>J175"


@pytest.fixture(scope="module")
def position():
    for game, state, _seats in playout_positions("pulsar", PLAYERS, SEED, PLY, {"cluster_side": "B"}):
        if state.phase == "actions" and any(game.format_move(m) == LONG for m in game.legal_moves(state, SEAT)):
            return game, state
    raise AssertionError("the long flight is no longer legal in this playout")


def test_G_8_FLY_10_a_ten_location_flight_says_its_die_by_number_and_what_it_reaches(position) -> None:
    game, state = position
    assert game.describe_move(state, SEAT, LONG) is not None
    hu = host_label(game, state, SEAT, LONG, "hu")
    en = host_label(game, state, SEAT, LONG, "en")
    assert hu == "Repülj: K113→U111→U110→N108→U105→U102→U101→N182→U178→U175 (6-os kocka +2, AI-1a +1) – +2 állomás"
    assert en == "Fly H113→J111→J110→S108→J105→J102→J101→S182→J178→J175 with a 6 +2, AI-1a +1: +2 stations"
    for label in (hu, en):
        assert len(label) <= MENU_LIMIT, label
    # the thread's line keeps the die in full words
    full = game.full_phrase(state, SEAT, LONG)
    assert full is not None and "6-os ezüstkocka" in render(full, "hu")


def test_G_8_every_flight_of_the_position_says_what_it_reaches(position) -> None:
    game, state = position
    flights = [game.format_move(m) for m in game.legal_moves(state, SEAT) if m.kind == mv.FLY]
    assert len(flights) > 50
    for text in flights:
        assert game.describe_move(state, SEAT, text) is not None, text
        shown = [host_label(game, state, SEAT, text, language) for language in LANGUAGES]
        assert all(len(label) <= MENU_LIMIT for label in shown), shown
        # the bare die only where the silver die's words leave no room
        told = game.move_phrase(state, SEAT, text)
        if "ezüstkocka" not in render(told, "hu", label=True):
            assert len(mv.parse_move(SEAT, text).path) >= 9, text


@pytest.mark.parametrize("end", sorted(flying.END_KINDS))
def test_G_8_FLY_4_each_end_has_words_that_fit_the_room_a_long_flight_keeps(end: str) -> None:
    view = flying.Outlook(end=end, bonus=(Effect("EFF-VP", ("2",)),) if end == "bonus" else ())
    briefest = phrases.flight_ladder(view)[-1]
    for language in LANGUAGES:
        assert len(render(briefest, language, label=True)) <= phrases.FLY_OUTLOOK_ROOM, (end, language)


# ----- what a technology gives, whole, before "stb." -------------------------------------------------
@pytest.mark.parametrize("text, hu, en", [
    ("patent AII-5b s2+1", "Szabadalmaztasd: AII-5b (2-es ezüstkocka +1) – ±1 és +2 kockamódosító, 2 felfedezéslapka",
     "Patent AII-5b with a silver 2 +1: ±1 and +2 tokens, 2 exploration tiles"),
    ("patent AI-1a s2-1", "Szabadalmaztasd: AI-1a (2-es ezüstkocka −1) – repülés vagy adóállomás esetén −1/+1 a kockára",
     "Patent AI-1a with a silver 2 −1: a flight or a transmitter die from -1 to +1"),
    ("patent AI-2a s1+1", "Szabadalmaztasd: AI-2a (1-es ezüstkocka +1) – forgóerőmű beindítása esetén −1/+1 a kockára és 3 pont",
     "Patent AI-2a with a silver 1 +1: a die from -1 to +1 and 3 VP for spinning a gyrodyne"),
    ("patent AI-2c s6-1", "Szabadalmaztasd: AI-2c (6-os ezüstkocka −1) – HQ-projekt esetén −1/+1 a kockára és 1 pont",
     "Patent AI-2c with a silver 6 −1: a die from -1 to +1 and 1 VP for an HQ project"),
])
def test_PAT_5_MOD_BUY_1_ABL_FLEX_a_technology_label_says_all_it_gives_in_fewer_words(text: str, hu: str, en: str) -> None:
    """AII-5b (two die modifier tokens and two exploration tiles), AI-1a (a die range for two
    actions), AI-2a and AI-2c (a die range and VP on one action) said every reward only with a
    die of its own words ("±1 kockamódosító stb."); like rewards merged, the whole reward fits
    after any die."""
    import rules
    game = rules.get_game("pulsar")
    state = game.new_game({"players": 2}, 1)
    told = game.move_phrase(state, 0, text)
    assert told is not None
    assert render(told, "hu", label=True) == hu
    assert render(told, "en", label=True) == en
    assert "stb." not in hu and "and more" not in en
