"""Messages instead of prose: Hungarian move words, catalogued refusals, events stored as
messages, descriptions, private notices and the default move of a missed deadline."""
import json
import random
import re
from pathlib import Path

import pytest

from rules import IllegalMove
from rules.messages import LANGUAGES, Msg, catalogue, message_keys, placeholders, render, to_json
from rules.planetarium import moves as mv_module
from rules.planetarium import texts
from rules.planetarium.engine import event_messages
from rules.planetarium.playout import choose
from rules.planetarium.state import (PHASE_CARD, PHASE_DRAW, PHASE_FINALS, PHASE_KEEP_FINAL, PHASE_MOVE,
                                     PHASE_SETUP)

from .helpers import GAME, Move, build, events, mv, play, started

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "data" / "planetarium" / "i18n"


def load(language: str) -> dict[str, str]:
    return json.loads((I18N / f"{language}.json").read_text(encoding="utf-8"))


def assert_catalogued(message: Msg) -> None:
    for key in message_keys(message):
        assert key.startswith("planetarium.") or key in ("list.and", "list.or", "seat_n"), key
        for language in LANGUAGES:
            assert key in catalogue(language), (language, key)
    for language in LANGUAGES:
        text = render(message, language)
        assert text.strip() and "planetarium." not in text, (language, text)


# ----- the catalogues ---------------------------------------------------------------------------
def test_both_catalogues_have_the_same_keys_and_placeholders():
    en, hu = load("en"), load("hu")
    assert set(en) == set(hu)
    for key in en:
        assert key.startswith("planetarium."), key
        assert en[key].strip() and hu[key].strip(), key
        assert placeholders(en[key]) == placeholders(hu[key]), key
        assert len(en[key]) <= 1500 and len(hu[key]) <= 1500, key


def test_every_key_named_in_the_code_is_catalogued():
    en = load("en")
    sources = [ROOT / "rules" / "planetarium" / name for name in ("engine.py", "moves.py", "texts.py")]
    for source in sources:
        text = source.read_text(encoding="utf-8")
        for key in re.findall(r'"planetarium\.([a-z_]+\.[a-z_]+)"', text) + re.findall(r'\bP\("([a-z_.]+)"', text):
            assert f"planetarium.{key}" in en, (source.name, key)
    renderer = (ROOT / "renderers" / "planetarium.py").read_text(encoding="utf-8")
    for key in re.findall(r'_t\(language, "([a-z_]+)"', renderer):
        assert f"planetarium.board.{key}" in en, key


def test_card_names_exist_in_both_languages():
    from rules.planetarium.data import cards
    for card_id in cards():
        assert render(Msg(f"planetarium.card.{card_id}"), "en") == cards()[card_id].name
        assert render(Msg(f"planetarium.card.{card_id}"), "hu")
    assert render(Msg("planetarium.card.H01"), "hu") == "Mágneses mező"      # the rulebook's example card


# ----- Hungarian move words -----------------------------------------------------------------------
@pytest.mark.parametrize("text, canonical", [
    ("húz I", "draw I"), ("huz i", "draw I"), ("HÚZ F", "draw F"), ("Húzz M", "draw M"),
    ("húz kezdeti", "draw I"), ("huz JELENTOS", "draw M"), ("húz végső", "draw F"),
    ("eldob F09", "discard F09"), ("ELDOB f9", "discard F09"), ("dobd el F09", "discard F09"),
    ("Dobj El F09", "discard F09"), ("megtart F03", "keep F03"), ("tartsd meg F03", "keep F03"),
    ("kijátszik H01 B", "play H01 B"), ("KIJATSZIK h1 b", "play H01 B"), ("játszd ki H01 B", "play H01 B"),
    ("kijátszik L06 A gravitáció=IV-7>C", "play L06 A grav=IV-7>C"),
    ("kijátszik L06 A jelölő=nincs", "play L06 A marker=none"),
    ("kijátszik L06 A jelölő=from:L03", "play L06 A marker=from:L03"),
    ("passz", "pass"), ("PASSZOL", "pass"), ("mozgat II-1 II-2", "mv II-1 II-2"),
    ("MOZGAT a ii-3", "mv A II-3"), ("mozgat nincs", "mv none"), ("lecserél H05", "replace H05"),
    ("lecserel h5", "replace H05"), ("végső F03 C from=H10", "final F03 C from=H10"),
    ("VEGSO F03 C jelölő=H10", "final F03 C from=H10"), ("befejez", "done"), ("kész", "done"),
])
def test_PL_NOTATION_hungarian_rulebook_words_are_aliases_of_the_english_verbs(text, canonical):
    verb, move = mv_module.parse_syntax(0, text)
    assert mv_module.format_move(move) == canonical


def test_PL_NOTATION_hungarian_words_reach_the_engine_and_the_log_stays_english():
    state = started(2)
    seat = state.active
    assert GAME.parse_move(state, seat, "Mozgat II-1 II-2") == GAME.parse_move(state, seat, "mv II-1 II-2")
    card_state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    after = play(card_state, "KIJÁTSZIK L01 A")
    assert after.phase == PHASE_DRAW and after.planets["A"].row[-1].card == "L01"
    drawn = play(after, "huz kezdeti")
    assert GAME.format_move(GAME.parse_move(after, 0, "húz kezdeti")) == "draw I"
    assert len(drawn.players[0].hand) == 5


def test_PL_SETUP_6_hungarian_keep_discards_the_other_final():
    state = GAME.new_game({"players": 2}, 3)
    finals = [c for c in state.players[0].hand if c[0] == "F"]
    move = GAME.parse_move(state, 0, f"megtart {finals[0]}")
    assert move == Move(0, mv.DISCARD_FINAL, card=finals[1])


# ----- refusals ---------------------------------------------------------------------------------------
REFUSALS = [
    (lambda: started(2), "ugrik II-1", "PL-NOTATION"),
    (lambda: started(2), "play H01", "PL-NOTATION"),
    (lambda: started(2), "pass", "PL-TURN-1"),
    (lambda: build(phase=PHASE_CARD), "mv II-1 II-2", "PL-TURN-1"),
    (lambda: build(phase=PHASE_CARD, hands={0: ["L01", "L02", "H02", "H05", "F01"]}), "play H18 A", "PL-CARD-1"),
    (lambda: build(phase=PHASE_CARD, hands={0: ["L01", "L02", "H02", "H05", "F01"]}), "play L01 B", "PL-CARD-3"),
    (lambda: build(phase=PHASE_CARD, hands={0: ["L01", "L02", "H02", "H05", "F01"]}), "replace H02", "PL-REPL-1"),
    (lambda: build(phase=PHASE_CARD, hands={0: ["L01", "L02", "H02", "H05", "F01"]}), "final F01 A", "PL-CARD-1"),
]


@pytest.mark.parametrize("make, text, rule", REFUSALS)
def test_PL_BOT_refusals_are_planetarium_messages_in_both_languages(make, text, rule):
    state = make()
    with pytest.raises(IllegalMove) as caught:
        play(state, text, seat=state.active)
    error = caught.value
    assert error.rule == rule
    assert error.msg.key.startswith("planetarium.err.")
    assert_catalogued(error.msg)
    assert render(error.msg, "hu") != render(error.msg, "en")


def test_PL_TURN_2_wrong_seat_is_refused_in_hungarian_with_colour_names():
    state = build(players=3, active=2, phase=PHASE_CARD)
    with pytest.raises(IllegalMove) as caught:
        play(state, "passz", seat=1)
    assert render(caught.value.msg, "hu") == "Most Zöld következik, nem Kék."


# ----- events ---------------------------------------------------------------------------------------
def test_PL_BOT_events_in_state_are_messages_and_survive_json():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    after = play(state, "play L01 A")
    assert after.events and all(isinstance(event, Msg) and event.key.startswith("planetarium.event.")
                                for event in after.events)
    stored = json.loads(json.dumps(GAME.dump_state(after)))["events"]
    assert stored == [to_json(event) for event in after.events]      # JSON: rules.messages.to_json
    for message in event_messages(after):
        assert_catalogued(message)
    again = GAME.load_state(json.loads(json.dumps(GAME.dump_state(after))))
    assert again.events == after.events and events(again) == events(after)
    assert "Red plays Accretion (L01) on planet A: +4 points (4 in total)" in events(after)
    # issue 24: the name, not the id only; the track spaces as a list, not "1,2"
    assert "Piros kijátssza: Akkréció (L01) → A bolygó: +4 pont (összesen 4)" in events(after, "hu")
    assert "a kifizetett anyag a Fejlődésszámláló mezőire kerül: 1 és 2" in events(after, "hu")


def test_PL_BOT_a_game_stored_before_messages_keeps_its_text_events_and_its_json():
    """Issue 27 #2: the typed state (events ``Msg | str``, points_log tuples) reads a stored game
    whose events are plain English texts and writes it back byte for byte."""
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    data = json.loads(json.dumps(GAME.dump_state(play(state, "play L01 A"))))
    data["events"] = ["Red plays L01 on A: +4", data["events"][0]]
    text = json.dumps(data)
    loaded = GAME.load_state(json.loads(text))
    assert loaded.events[0] == "Red plays L01 on A: +4" and isinstance(loaded.events[1], Msg)
    assert loaded.players[0].points_log == [("L01", "A", 4)]
    assert json.dumps(GAME.dump_state(loaded)) == text
    assert [message.key for message in event_messages(loaded)][0] == "planetarium.event.legacy"
    assert events(loaded)[0] == "Red plays L01 on A: +4"


def test_PL_MOV_1_a_matter_tokens_path_reads_from_space_to_space_in_hungarian():
    """Issue 24: an event or refusal names a path as the rulebook does, from a space (mező) to a
    space ("a gáz a II-1 mezőről a II-2 mezőre lép"), never the bare notation "II-1 II-2"."""
    from rules.planetarium.engine import matter_paths
    state = build(matter={"II-1": "G"})
    path = sorted(matter_paths(state, "II-1"), key=len)[0]
    after = play(state, "mv " + " ".join(path))
    [moved] = [event for event in event_messages(after) if "matter" in event.key]
    assert moved.key in ("planetarium.event.matter_moves", "planetarium.event.matter_hits")
    hungarian = render(moved, "hu")
    from rules.messages import hungarian_article
    assert f"a II-1 mezőről {hungarian_article(path[-1])} {path[-1]} mezőre" in hungarian
    assert " ".join(path) not in hungarian and " ".join(path) not in render(moved, "en")
    error = None
    try:
        play(state, "mv II-1 " + ("III-1" if path[-1] != "III-1" else "IV-1") + " V-1")
    except IllegalMove as refusal:
        error = refusal
    assert error is not None and error.msg.key == "planetarium.err.matter_path" and "mezőről" in render(error.msg, "hu")


def test_a_saved_state_with_english_event_strings_still_loads_and_shows_them():
    data = GAME.dump_state(started(2))
    data["events"] = ["Red plays L01 on A: +4 (Red 4)", "A H0<U4"]
    state = GAME.load_state(json.loads(json.dumps(data)))
    assert events(state) == ["Red plays L01 on A: +4 (Red 4)", "A H0<U4"]
    assert events(state, "hu") == events(state)
    assert GAME.dump_state(state) == data


# ----- contract messages ---------------------------------------------------------------------------------
def test_status_private_lines_help_and_seat_labels_speak_hungarian():
    state = build(players=3, phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    for line in GAME.status_lines(GAME.view(state, None)) + GAME.private_lines(GAME.view(state, 0), 0):
        assert_catalogued(line)
    private = "\n".join(render(line, "hu") for line in GAME.private_lines(GAME.view(state, 0), 0))
    assert "L01 Akkréció (kezdeti, 4 pont" in private and "most kijátszható az A bolygóra" in private
    status = "\n".join(render(line, "hu") for line in GAME.status_lines(GAME.view(state, None)))
    assert "Fejlődésszámláló: 0/30" in status and "Piros: 0 pont" in status
    for message in (GAME.notation_help(), GAME.rules_summary(), GAME.title_msg(), GAME.seat_label(state, 2)):
        assert_catalogued(message)
    assert "kijátszik" in render(GAME.notation_help(), "hu") and "\n" in render(GAME.rules_summary(), "hu")


def test_PL_BOT_1_redacted_setup_discard_is_a_message():
    state = GAME.new_game({"players": 2}, 5)
    first = next(iter(GAME.legal_moves(state, 0)))
    after = GAME.apply(state, first)
    redacted = GAME.redact_move(after, 0, GAME.format_move(first))
    assert redacted == Msg("planetarium.redacted.setup_discard")
    assert render(redacted, "hu") == "eldob egy végső lapot"
    assert GAME.redact_move(after, 0, "megtart F01") == redacted


def test_describe_move_adds_to_the_phrase_never_repeats_it():
    """An autocomplete label is "<phrase>: <description>" (bot/cogs/base.py): every legal move
    has a phrase, and a description only says what the phrase does not (the kept card, the
    collision, the collected matter, the gravity option), so the news is not cut off at 100
    characters behind a repetition (newcomer play-through 2026-11-27)."""
    rng = random.Random(3)
    state = GAME.new_game({"players": 3}, 11)
    described = set()
    for _ in range(250):
        if GAME.is_over(state):
            break
        seat = min(GAME.waiting_for(state))
        legal = GAME.legal_moves(state, seat)
        for move in legal[:30]:
            text = GAME.format_move(move)
            phrase = GAME.move_phrase(state, seat, text)
            assert phrase is not None, text
            assert_catalogued(phrase)
            message = GAME.describe_move(state, seat, text)
            if message is None:
                continue
            assert_catalogued(message)
            described.add(message.key)
            for language in LANGUAGES:
                words, extra = render(phrase, language), render(message, language)
                assert extra not in words
                assert not any(node in extra for node in move.path), (words, extra)
        state = GAME.apply(state, choose(state, legal, rng))
    assert {"planetarium.describe.keeps", "planetarium.describe.matter_collides",
            "planetarium.describe.planet_collects"} <= described
    assert GAME.describe_move(state, 0, "xyzzy") is None
    card_state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    assert GAME.describe_move(card_state, 0, "play L01 A") is None
    assert GAME.describe_move(card_state, 0, "pass") is None


# ----- notices ---------------------------------------------------------------------------------------------
def test_PL_DRAW_1_a_drawn_card_is_told_only_to_the_drawer():
    state = build(players=3, phase=PHASE_CARD, mats={0: {"A": "G1 R1"}},
                  hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    played = play(state, "play L01 A")
    drawn = play(played, "draw I")
    new_card = [card for card in drawn.players[0].hand if card not in played.players[0].hand][0]
    notices = GAME.notices(played, GAME.parse_move(played, 0, "draw I"), drawn)
    assert [notice.seat for notice in notices] == [0]
    assert notices[0].msg == Msg("planetarium.notice.drew", card=new_card, name=Msg(f"planetarium.card.{new_card}"),
                                 about=texts.card_about(new_card))   # issue 24: what the card does, to decide with it
    assert_catalogued(notices[0].msg)
    # the public never sees it: not in the events, the status lines or another seat's view
    public = " ".join(events(drawn)) + " ".join(str(line) for line in GAME.status_lines(GAME.view(drawn, None)))
    assert new_card not in public
    for seat in (None, 1, 2):
        assert new_card not in json.dumps(GAME.dump_state(GAME.view(drawn, seat)))
        assert new_card in GAME.hidden_in_view(drawn, seat)
    assert new_card not in GAME.hidden_in_view(drawn, 0)


def test_PL_DRAW_1_drawing_two_finals_is_a_private_notice_and_keeping_one_too():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    played = play(state, "play L01 A")
    drew = play(played, "draw F")
    notices = GAME.notices(played, GAME.parse_move(played, 0, "draw F"), drew)
    assert [(n.seat, n.msg.key) for n in notices] == [(0, "planetarium.notice.drew_finals")]
    first, second = drew.players[0].drawn_finals
    move = GAME.parse_move(drew, 0, f"keep {first}")
    kept = GAME.apply(drew, move)
    assert [(n.seat, n.msg.params["card"]) for n in GAME.notices(drew, move, kept)] == [(0, first)]
    assert GAME.notices(state, GAME.parse_move(state, 0, "pass"), play(state, "pass")) == []


# ----- the default move of a missed deadline -------------------------------------------------------------
def test_default_move_is_legal_in_every_phase_of_random_playouts():
    phases = set()
    for seed in range(8):
        rng = random.Random(seed)
        state = GAME.new_game({"players": 2 + seed % 3}, 200 + seed)
        for _ in range(3000):
            if GAME.is_over(state):
                break
            for seat in sorted(GAME.waiting_for(state)):
                default = GAME.default_move(state, seat)
                assert default is not None, (state.phase, seat)
                legal = GAME.legal_moves(state, seat)
                assert default in legal or GAME.apply(state, default), (state.phase, default)
                GAME.apply(state, GAME.parse_move(state, seat, GAME.format_move(default)))
                phases.add(state.phase)
            seat = min(GAME.waiting_for(state))
            state = GAME.apply(state, choose(state, GAME.legal_moves(state, seat), rng))
        assert GAME.is_over(state)
    assert phases == {PHASE_SETUP, PHASE_MOVE, PHASE_CARD, PHASE_DRAW, PHASE_KEEP_FINAL, PHASE_FINALS}


def test_default_moves_follow_the_design_decisions():
    setup = GAME.new_game({"players": 2}, 3)
    from rules.planetarium.data import cards
    finals = [c for c in setup.players[0].hand if c[0] == "F"]
    assert GAME.default_move(setup, 0).card == min(finals, key=lambda c: (cards()[c].points, c))
    assert GAME.default_move(build(phase=PHASE_CARD), 0) == Move(0, mv.PASS)
    assert GAME.default_move(build(phase=PHASE_CARD, last_round=True), 0) == Move(0, mv.DONE)
    assert GAME.default_move(build(phase=PHASE_CARD), 1) is None          # not this seat's turn
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    assert GAME.default_move(play(state, "play L01 A"), 0) == Move(0, mv.DRAW, deck="I")
    drew = play(play(state, "play L01 A"), "draw F")
    pair = drew.players[0].drawn_finals
    assert drew.phase == PHASE_KEEP_FINAL
    assert GAME.default_move(drew, 0).card == min(pair, key=lambda c: (cards()[c].points, c))


def test_PL_DRAW_1_keeping_a_final_names_the_cards_the_player_decides_between():
    """Issue 24: the two drawn finals are told with their names and what they do, and the hint
    of the keep step names the card each choice keeps, not its id alone."""
    state = build(players=2, phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    played = play(state, "play L01 A")
    after = play(played, "draw F")
    assert after.phase == PHASE_KEEP_FINAL
    first, second = after.players[0].drawn_finals
    [notice] = GAME.notices(played, GAME.parse_move(played, 0, "draw F"), after)
    told = render(notice.msg, "hu")
    for card in (first, second):
        assert render(Msg(f"planetarium.card.{card}"), "hu") in told and render(texts.card_about(card), "hu") in told
    hint = render(GAME._hint(after, 0), "hu")
    assert f"{render(Msg(f'planetarium.card.{second}'), 'hu')} ({second})" in hint


def test_PL_CARD_4_the_status_names_the_cards_played_on_each_planet():
    """Issue 24: the public status lists a planet's cards by name (and id), not a bare count."""
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    after = play(state, "play L01 A")
    lines = GAME.status_lines(GAME.view(after, None))
    keys = [line.key for line in lines]
    assert "planetarium.status.planet" in keys and "planetarium.status.planet_empty" in keys
    shown = "\n".join(render(line, "hu") for line in lines)
    assert "1 lap: Akkréció (L01)" in shown and "még nincs lap" in shown


def test_PL_CARD_5_PL_FIN_2_a_marker_moved_or_taken_off_names_its_card():
    """Issue 24: the move in words names the card a marker leaves by its name; the notation
    (what is typed) keeps the id.  (A label of this gravity card leaves room for the gravity
    hint and names the card by id: tests/planetarium/test_newcomer_c.py.)"""
    moved = texts.phrase("play L10 D marker=from:L03", full=True)
    assert "a Magképződés (L03) lapról" in render(moved, "hu")
    assert "Magképződés (L03)" in render(texts.phrase("play L09 D marker=from:L03"), "hu")
    final = texts.phrase("final F01 A from=L15")
    assert "az Árapályfűtés (L15) lapról" in render(final, "hu")
    assert render(texts.notation("play L10 D marker=from:L03"), "hu").endswith("innen:L03")
