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
    assert "L01 Accretion (initial, 4 points, +4 uninhabitable)" in hand and not SHORTHAND.search(hand)


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
