"""Report 27i (an English-speaking newcomer): the thread's event lines, the status and the hand
read in words, not in the spec's log shorthand ("track 1,2", "A H0<U6", "winner(s)", "pts")."""
import re

from rules.messages import Msg, render
from rules.planetarium.state import PHASE_CARD

from .helpers import GAME, build, events, play
from .test_end import _trigger_position

SHORTHAND = re.compile(r"\bH\d+\s*[<>=/]\s*U\d+|\bpts\b|\(s\)|trigger |\btrack \d")


def test_PL_HAB_2_PL_EVO_1_a_played_card_is_told_in_words():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]},
                  track=4)
    after = play(state, "play L01 A")
    keys = [event.key for event in after.events if isinstance(event, Msg)]
    assert keys == ["planetarium.event.track", "planetarium.event.plays", "planetarium.event.hab_sums"]
    assert events(after) == ["the paid matter goes onto the evolution track: spaces 5 and 6",
                             "Red plays Accretion (L01) on planet A: +4 points (4 in total)",
                             "planet A: habitable 0 < uninhabitable 4"]
    assert not any(SHORTHAND.search(line) for line in events(after))


def test_PL_END_1_PL_WIN_the_last_round_and_the_end_say_who_and_what():
    after = play(_trigger_position(), "play H04 A")
    assert "the paid matter goes onto the evolution track: spaces 29 and 30, and 1 token onto its final space" \
        in events(after)
    assert "LAST ROUND (started by Blue): every other player takes one last turn" in events(after)
    after = play(play(play(play(play(play(after, "final F09 A from=H04"), "done"), "mv B V-6"), "done"),
                      "mv C III-7"), "done")
    over = [line for line in events(after) if line.startswith("game over")]
    assert over == ["game over (Red 0, Blue 16, Green 0): Blue won"]
    status = "\n".join(render(line, "en") for line in GAME.status_lines(GAME.view(after, None)))
    assert "Blue won." in status and not SHORTHAND.search(status)


def test_PL_BOT_status_and_hand_read_in_words():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    status = "\n".join(render(line, "en") for line in GAME.status_lines(GAME.view(state, None)))
    assert "Red: 0 points, 5 cards in hand (1 final), markers: 0 on cards, 8 in supply; player mat A: G1 R1" in status
    assert "(habitable 0 / uninhabitable 0 points), no cards yet" in status and not SHORTHAND.search(status)
    hand = "\n".join(render(line, "en") for line in GAME.private_lines(GAME.view(state, 0), 0))
    assert "L01 Accretion (initial, 4 points, +4 uninhabitable; needs" in hand and not SHORTHAND.search(hand)


def test_PL_NOTATION_the_english_help_decodes_the_matter_letters():
    assert render(Msg("planetarium.help.notation"), "en").endswith(
        "Matter codes (your mat, card costs): G gas, R rock, W water, M metal.")
    assert render(Msg("planetarium.board.cubes", markers=1), "en") == "1 marker left"
    assert render(Msg("planetarium.board.cubes", markers=3), "en") == "3 markers left"


def test_PL_HAB_1_info_on_the_rules_words_names_the_part_not_a_card():
    """`info habitable` answered with the card Habitable Moon (F08); `info hostile` (the board's
    word) and `info cubes` (the board's "markers left", the box's cubes) found nothing."""
    from bot import lookup

    for typed, ident in (("habitable", "habitability"), ("hostile", "habitability"), ("uninhabitable", "habitability"),
                         ("lakható", "habitability"), ("cubes", "marker"), ("last round", "final-space")):
        found = lookup.exact("planetarium", typed)
        assert found is not None and found.id == ident, typed
    assert lookup.exact("planetarium", "Habitable Moon").id == "F08"


def test_PL_CARD_5_the_marker_refusal_counts_in_english():
    assert render(Msg("planetarium.err.marker_supply", count=1), "en").startswith("You still have 1 marker in your supply")


# ----- I-22: the thread says each thing once (the move line, then only what it does not say) ------------------
def _thread(state, text, language="en", seat=None):
    """The move's line in the thread (its ``full_phrase``) and the keys and texts of the events
    shown under it, as bot/service.py stores them for the thread and ``/planetarium log``."""
    seat = state.active if seat is None else seat
    move = GAME.parse_move(state, seat, text)
    after = GAME.apply(state, move)
    news = GAME.events(state, move, after)
    line = render(GAME.full_phrase(state, seat, GAME.format_move(move)), language)
    return line, [event.key for event in news], [render(event, language) for event in news]


def test_PL_CARD_6_a_played_card_is_said_once_then_the_new_total():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]},
                  track=4)
    line, keys, news = _thread(state, "play L01 A")
    assert line == "plays Accretion (L01) on planet A: +4 points"
    assert keys == ["planetarium.event.new_total", "planetarium.event.track", "planetarium.event.hab_sums"]
    assert news == ["Red now has 4 points", "the paid matter goes onto the evolution track: spaces 5 and 6",
                    "planet A: habitable 0 < uninhabitable 4"]
    line, _keys, news = _thread(state, "play L01 A", "hu")
    assert line == "kijátssza az Akkréció (L01) lapot az A bolygóra: +4 pont"
    assert news[0] == "Piros most 4 pontnál tart"
    assert sum(text.count("Akkréció") for text in [line] + news) == 1
    # the engine's record (spec §14's log line) still holds the whole play
    assert "Red plays Accretion (L01) on planet A: +4 points (4 in total)" in events(play(state, "play L01 A"))


def test_PL_EVO_1_one_space_of_the_track_in_the_singular():
    state = build(phase=PHASE_CARD, mats={0: {"A": "M1"}}, hands={0: ["L15", "L09", "H01", "H05", "F04"]},
                  track=4)
    _line, keys, news = _thread(state, "play L15 A")
    assert "planetarium.event.track_one" in keys
    assert "the paid matter goes onto space 5 of the evolution track" in news
    assert "a kifizetett anyag a Fejlődésszámláló 5. mezőjére kerül" in _thread(state, "play L15 A", "hu")[2]


def test_PL_MOV_1_PL_MOV_4_a_matter_move_adds_the_tokens_kind_and_where_a_collision_sends_it():
    state = build(matter={"II-1": "R", "III-1": "W"}, planets={"C": "II-2"})
    line, keys, news = _thread(state, "mv II-1 II-2")
    assert line == "moves the matter token on II-1 to II-2"
    assert keys == ["planetarium.event.matter_hits_mat"]
    assert news == ["the rock collides with planet C and goes onto Red's mat (area C)"]
    assert _thread(state, "mv II-1 II-2", "hu")[2] == [
        "a kőzet a C bolygóba ütközik, és Piros játéklapjának C területére kerül"]
    [path] = [p for p in GAME.legal_moves(state, 0) if p.kind == "move" and p.path[0] == "III-1"][:1]
    line, keys, news = _thread(state, GAME.format_move(path))
    assert keys == ["planetarium.event.matter_kind"] and news == ["the token is water"]
    assert _thread(state, GAME.format_move(path), "hu")[2] == ["az anyagtoken víz"]
    assert "III-1" in line and not any("III-1" in text for text in news)


def test_PL_GRAV_1_the_gravity_option_is_said_once_then_the_tokens_kind():
    state = build(phase=PHASE_CARD, matter={"IV-7": "R"}, mats={0: {"A": "G1 W1"}},
                  hands={0: ["L10", "L09", "H01", "H05", "F04"]})
    line, keys, news = _thread(state, "play L10 A grav=IV-7>C")
    assert line.endswith("gravity: the token on IV-7 to their C area")
    assert keys[:2] == ["planetarium.event.new_total", "planetarium.event.gravity_kind"]
    assert news[1] == "the token moved by gravity is rock" and not any("IV-7" in text for text in news)
    assert _thread(state, "play L10 A grav=IV-7>C", "hu")[2][1] == "a gravitációval áttett anyagtoken kőzet"


def test_PL_CARD_5_PL_FIN_2_a_marker_the_line_names_is_not_named_again():
    rows = {"A": [("L11", 0, 0), ("L12", 0, 0)], "B": [("H16", 0, 0), ("H12", 0, 0)],
            "C": [("L13", 0, 0), ("H04", 0, 0)], "D": [("L14", 0, 0), ("L18", 0, 0)]}
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, rows=rows,
                  hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    for text, said in (("play L01 A marker=from:L14", "marker moved over from Cloud Bands (L14)"),
                       ("play L01 A marker=none", "played without a marker")):
        line, keys, _news = _thread(state, text)
        assert said in line
        assert not {"planetarium.event.marker_moved", "planetarium.event.no_marker"} & set(keys)
    after = play(_trigger_position(), "play H04 A")
    line, keys, news = _thread(after, "final F09 A from=H04")
    assert line.endswith("taking their marker off Runaway Greenhouse (H04)")
    assert "planetarium.event.marker_removed" not in keys and news == ["Blue now has 16 points"]


def test_PL_DRAW_5_the_last_final_card_corrects_the_line_without_repeating_it():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    last = state.decks["final"][0]
    state.decks["final"], state.discards["final"] = [last], []
    played = play(state, "play L01 A")
    line, keys, news = _thread(played, "draw F")
    assert line == "draws two final cards to keep one"
    assert keys == ["planetarium.event.last_final_only"] and news == ["only one final card was left, so Red keeps it"]
    assert _thread(played, "draw F", "hu")[2] == ["csak egy végső lap maradt, így Piros megtartja"]


# ----- I-21: a drawn card is told in words where no label's limit applies ---------------------------------------
def test_PL_DRAW_1_a_drawn_card_is_told_in_words_as_the_hand_lists_it():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    played = play(state, "play L01 A")
    played.decks["initial"] = ["L04"]
    drawn = play(played, "draw I")
    [notice] = GAME.notices(played, GAME.parse_move(played, 0, "draw I"), drawn)
    assert notice.msg.params["card"] == "L04"
    assert render(notice.msg, "en") == ("You drew L04 Volcanism (initial, 6 points, +6 uninhabitable; "
                                        "needs solid planet, orbit I-IV, 2 rock).")
    assert render(notice.msg, "hu") == ("Felhúztad az L04 Vulkanizmus lapot (kezdeti, 6 pont, +6 lakhatatlan pont; "
                                        "követelmény: szilárd, I-IV pálya, ára 2 kőzet).")
    assert not SHORTHAND.search(render(notice.msg, "en")) and "R2" not in render(notice.msg, "en")
    # the hand line says the same facts; the info label keeps the short gist (100 characters)
    hand = "\n".join(render(line, "en") for line in GAME.private_lines(GAME.view(drawn, 0), 0))
    assert "L04 Volcanism (initial, 6 points, +6 uninhabitable; needs solid planet, orbit I-IV, 2 rock)" in hand
    assert render(GAME.component("L04").gist, "en") == "6 pts; solid, orbit I-IV; cost R2; uninhab. +6"


def test_PL_DRAW_1_two_drawn_finals_are_told_in_words_the_planets_by_their_kind():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    played = play(state, "play L01 A")
    played.decks["final"], played.discards["final"] = ["F02", "F08"], []
    drew = play(played, "draw F")
    [notice] = GAME.notices(played, GAME.parse_move(played, 0, "draw F"), drew)
    told = render(notice.msg, "en")
    assert "F08 Habitable Moon (final, 13 points, no habitability value; needs gas giant, orbit I-VII, habitable, " \
           "your marker in the row, 1 water)" in told
    assert "F02 Complex Life (final, 17 points" in told and "pts" not in told
    assert "gázóriás, I-VII pálya, lakható, jelölőd a bolygó sorában, ára 1 víz" in render(notice.msg, "hu")
