"""Reading the table (issues 23 and 24): every component has a text, moves read as phrases in
the reader's language, the notation has Hungarian words that parse back, scores come by
category, autocomplete shows every kind of move, and a Hungarian reader sees no English
letter codes (matter G/K/V/F, decks by name, habitability in words)."""
import json

import pytest

from rules import IllegalMove
from rules.messages import LANGUAGES, Msg, check_message, message_keys, render
from rules.planetarium.data import board, cards
from rules.planetarium.state import PHASE_CARD, PHASE_MOVE, PLANETS

from .helpers import GAME, build, play, started

SAMPLES = ["mv II-1 II-2", "mv IV-3 III-2 III-3", "mv B V-9", "mv none", "play H01 B",
           "play L10 A grav=VII-9>C", "play L10 A marker=none", "play L10 A grav=VII-9>C marker=from:L03",
           "replace H05", "pass", "draw I", "draw M", "draw F", "discard F08", "keep F07",
           "final F03 C from=H10", "final F03 C", "done"]
ENGLISH_WORDS = ("mv", "play", "replace", "pass", "draw", "discard", "keep", "final", "done", "grav", "marker",
                 "from", "none")


# ----- components (/planetarium info) ----------------------------------------------------------
def test_every_card_planet_matter_kind_and_deck_of_the_data_is_a_component():
    ids = {comp.id for comp in GAME.components()}
    assert set(cards()) <= ids
    assert set(PLANETS) <= ids
    assert {"gas", "rock", "water", "metal", "initial", "major", "final"} <= ids
    assert {"gravity", "replaceable", "habitability", "marker", "track", "acceleration", "final-space"} <= ids


def test_card_texts_come_from_the_data_and_gists_fit():
    """PL-CARD-3: the text names the requirements, the cost and the points of the data row."""
    magnetic = GAME.component("H01")
    assert magnetic is not None and not magnetic.stand_in          # the seed's Magnetic Field
    assert GAME.component("L01").stand_in                          # a designed card
    text = render(magnetic.text, "en")
    assert "1 gas, 1 rock, 1 water and 1 metal" in text and "11 points" in text
    hu = render(magnetic.text, "hu")
    assert "1 gáz, 1 kőzet, 1 víz és 1 fém" in hu and "11 pontot" in hu
    assert render(magnetic.gist, "hu") == "11 pont; bármely, I-VII pálya; ára G1 K1 V1 F1; lakható +11"
    for comp in GAME.components():
        for language in LANGUAGES:
            assert len(render(comp.gist, language)) <= 70
    assert "Mágneses mező" in magnetic.aliases and "H1" in magnetic.aliases


def test_PL_BRD_4_only_cards_are_stand_ins_never_a_planet_matter_deck_or_board_part():
    """/planetarium info planet B said "This component is a stand-in" (newcomer report, under D16):
    the planet tokens A-D are printed; only designed cards stand in for unknown printed ones."""
    for comp in GAME.components():
        if comp.stand_in:
            assert comp.kind == "planetarium.kind.card", comp.id
    assert not GAME.component("B").stand_in


# ----- moves in words ----------------------------------------------------------------------------
@pytest.mark.parametrize("text", SAMPLES)
def test_every_verb_reads_as_a_phrase_from_its_notation_alone(text):
    """The phrase comes from syntax + data: a fresh game (where the move is not legal) reads it."""
    phrase = GAME.move_phrase(started(), 0, text)
    assert phrase is not None and phrase.key.startswith("planetarium.phrase.")
    check_message(phrase, text)
    for language in LANGUAGES:
        rendered = render(phrase, language)
        assert rendered.strip() and "planetarium." not in rendered


def test_phrases_name_cards_and_spaces_in_the_rulebook_words():
    state = started()
    assert render(GAME.move_phrase(state, 0, "mv C II-7"), "hu") == "a C bolygót a II-7 mezőre mozgatja"
    assert render(GAME.move_phrase(state, 0, "mv C II-7"), "en") == "moves planet C to II-7"
    assert render(GAME.move_phrase(state, 0, "play H01 B"), "hu") == \
        "kijátssza a Mágneses mező (H01) lapot a B bolygóra: +11 pont"
    assert render(GAME.move_phrase(state, 0, "draw I"), "hu") == "húz egy kezdeti lapot"
    assert GAME.move_phrase(state, 0, "xyzzy") is None


# ----- notation in the reader's words ---------------------------------------------------------------
@pytest.mark.parametrize("text", [t for t in SAMPLES if not t.startswith("keep")])
def test_hungarian_notation_has_no_english_words_and_reads_back(text):
    hu = GAME.localize_move(text, "hu")
    assert GAME.localize_move(text, "en") == text
    words = set(hu.replace("=", " ").replace(":", " ").split())
    assert not words & set(ENGLISH_WORDS), hu
    assert GAME.format_move(GAME.parse_move(started(), 0, hu)) == text
    assert GAME.canonical_prefix(hu) == text


def test_hungarian_deck_words_replace_the_letters_i_m_f():
    assert GAME.localize_move("draw I", "hu") == "húz kezdeti"
    assert GAME.localize_move("draw F", "hu") == "húz végső"
    assert GAME.canonical_prefix("húz v") == "draw F"


def test_a_repeated_option_is_refused_pl_notation():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 W1"}}, hands={0: ["L10", "L01", "H02", "H05", "F01"]})
    for text in ("play L10 A grav=VII-9>C grav=VII-9>C", "play L10 A marker=none jelölő=nincs",
                 "final F03 C from=H10 from=H10"):
        with pytest.raises(IllegalMove) as error:
            GAME.parse_move(state, 0, text)
        assert error.value.rule == "PL-NOTATION"
        assert "planetarium.parse.repeated_option" in set(message_keys(error.value.msg))


# ----- scores by category ------------------------------------------------------------------------------
def test_score_breakdown_adds_up_by_deck_pl_win_1():
    state = build(phase=PHASE_CARD, mats={0: {"A": "R1 W2"}}, hands={0: ["H02", "L01", "L02", "H05", "F01"]})
    after = play(state, "play H02 A")
    parts = GAME.score_breakdown(GAME.view(after, None))
    assert [part.label.key for part in parts[0]] == ["planetarium.score.initial", "planetarium.score.major",
                                                     "planetarium.score.final"]
    assert [part.points for part in parts[0]] == [0, 10, 0]
    assert all(sum(p.points for p in seat) == score for seat, score in zip(parts, GAME.scores(after)))


# ----- autocomplete shows every kind ---------------------------------------------------------------------
def test_planet_moves_are_not_hidden_behind_matter_moves():
    spread = {node: "G" for node in board().dot_nodes[::6]}
    state = build(track=20, matter=spread)       # accelerated, room to move: matter moves by the dozen
    assert state.phase == PHASE_MOVE
    seat = state.active
    legal = [GAME.format_move(move) for move in GAME.legal_moves(state, seat)]
    assert len(legal) > 25 and not any(text.split()[1] in PLANETS for text in legal[:25])
    shown = GAME.complete(state, seat, "")
    assert len(shown) == 25
    assert any(text.split()[1] in PLANETS for text in shown)
    assert any(text.split()[1] not in PLANETS for text in shown)
    assert GAME.move_kind("mv C II-7") != GAME.move_kind("mv II-1 II-2")


def test_every_card_and_pass_are_offered_in_the_card_step():
    state = build(phase=PHASE_CARD, mats={0: {p: "G2 R2 W2 M1" for p in PLANETS}},
                  hands={0: ["L01", "L02", "L03", "H05", "F01"]})
    shown = GAME.complete(state, 0, "")
    for start in ("play L01", "play L02", "play L03", "play H05", "replace H05", "pass"):
        assert any(text.startswith(start) for text in shown), start


# ----- no English letter codes for a Hungarian reader -----------------------------------------------------
def test_hungarian_status_hand_and_refusals_use_the_rulebook_initials():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1", "C": "W2 M1"}},
                  hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    status = "\n".join(render(line, "hu") for line in GAME.status_lines(GAME.view(state, None)))
    assert "A: G1 K1, C: V2 F1, B: -, D: -" in status
    assert "A: G1 R1, C: W2 M1, B: -, D: -" in "\n".join(map(str, GAME.status_lines(GAME.view(state, None))))
    hand = "\n".join(render(line, "hu") for line in GAME.private_lines(GAME.view(state, 0), 0))
    assert "+4 lakhatatlan pont" in hand and "U4" not in hand and "ára 1 gáz és 1 kőzet" in hand   # the cost in words
    with pytest.raises(IllegalMove) as error:
        GAME.apply(state, GAME.parse_move(state, 0, "play H01 A"))
    refusal = render(error.value.msg, "hu")
    assert "hiányzik: V1 F1" in refusal and "ott ez van: G1 K1" in refusal


def test_hungarian_hints_show_hungarian_notation():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L02", "H02", "H05", "F01"]})
    after = play(state, "play L01 A")
    with pytest.raises(IllegalMove) as error:
        GAME.apply(after, GAME.parse_move(after, 0, "pass"))
    text = render(error.value.msg, "hu")
    assert "húz kezdeti" in text and "draw" not in text


def test_events_name_the_matter_in_words():
    state = build(matter={"II-1": "R"}, planets={"C": "II-2"})
    after = play(state, "mv II-1 II-2")
    lines = [render(event, "hu") for event in GAME.events(state, GAME.parse_move(state, 0, "mv II-1 II-2"), after)]
    assert any("kőzet" in line and "Piros játéklapjának" in line for line in lines), lines


def test_the_renderer_letters_matter_and_seats_in_the_readers_language():
    from renderers import planetarium as pl
    assert [pl._code(kind, "hu") for kind in "GRWM"] == ["G", "K", "V", "F"]
    assert [pl._code(kind, "en") for kind in "GRWM"] == ["G", "R", "W", "M"]
    state = started(players=4)
    assert [pl._badge(p, p.seat, "hu") for p in state.players] == ["P", "K", "Z", "S"]
    catalogue = json.loads(open("data/planetarium/i18n/hu.json", encoding="utf-8").read())
    assert catalogue["planetarium.board.final_space"] != "F"


def test_a_gravity_card_says_before_it_is_played_how_to_use_the_icon_pl_grav_1():
    """No blind decision: the plain play of a gravity card tells in words that gravity may take a
    token too; what one types for it stays in the notation help, not in the label (review 27d)."""
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 W1"}}, hands={0: ["L10", "L01", "H02", "H05", "F01"]})
    description = GAME.describe_move(state, 0, "play L10 A")
    assert description.key == "planetarium.describe.can_grav"
    assert not description.values
    for language in LANGUAGES:
        shown = render(description, language)
        assert "=" not in shown and "<" not in shown and len(shown) <= 100, shown
    assert "gravitációval" in render(description, "hu")
    assert "gravitáció=IV-7>C" in render(Msg("planetarium.help.notation"), "hu")


def test_status_after_the_end_does_not_list_who_still_plays():
    state = build(phase=PHASE_CARD, last_round=True)
    state.phase = "over"
    keys = [line.key for line in GAME.status_lines(GAME.view(state, None))]
    assert "planetarium.status.last_round" not in keys


def test_the_example_game_replays_move_for_move_in_hungarian_words():
    """Issue 24: every move of a whole game typed as a Hungarian player sees it (autocomplete
    values, ``localize_move``) is the same move as the stored notation."""
    from pathlib import Path
    script = (Path(__file__).resolve().parents[2] / "examples" / "planetarium-2p.txt").read_text()
    names = ["alice", "bob"]
    english = hungarian = GAME.new_game({"players": 2}, 9)
    current = "alice"
    for line in script.splitlines():
        if line.startswith("as "):
            current = line[3:].strip()
        elif line.startswith("/planetarium move "):
            seat, text = names.index(current), line[len("/planetarium move "):]
            english = GAME.apply(english, GAME.parse_move(english, seat, text))
            local = GAME.localize_move(text, "hu")
            hungarian = GAME.apply(hungarian, GAME.parse_move(hungarian, seat, local))
    assert GAME.is_over(english)
    assert json.dumps(GAME.dump_state(hungarian), sort_keys=True) == json.dumps(GAME.dump_state(english),
                                                                              sort_keys=True)
