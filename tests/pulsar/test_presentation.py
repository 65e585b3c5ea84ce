"""What Pulsar 2849 tells the players, found missing by a newcomer playing through the console:
the HQ sides announced when the sealed choice completes, a player's own sealed side in the
hand, precise draft refusals, tiles described in words, the help, consistent Hungarian terms,
English plurals and partly typed Hungarian verbs.  Rule IDs cited as PU-<id>."""
from __future__ import annotations

import re

import pytest

from rules.base import IllegalMove
from rules.messages import Join, Msg, catalogue, render
from rules.pulsar import GAME
from rules.pulsar.flying import draw_exploration, reveal
from rules.pulsar.setup import new_game, place_ship
from rules.pulsar.state import DRAFT, HQ_SIDE, START_GATE


def play(state, seat, text):
    return GAME.apply(state, GAME.parse_move(state, seat, text))


def texts(messages, language="en"):
    return [render(message, language) for message in messages]


# ----- 1. the sides announced ---------------------------------------------------------------------------------
def test_PU_P_SETUP_17_every_side_is_announced_when_the_last_player_chooses():
    state = GAME.new_game({"players": 3}, 1)
    state = play(state, 0, "hqside 2")
    before_last = play(state, 1, "hqside 2")
    after = play(before_last, 2, "hqside 1")
    events = GAME.events(before_last, GAME.parse_move(before_last, 2, "hqside 1"), after)
    revealed = [event for event in events if event.key == "pulsar.event.hq_revealed"]
    assert len(revealed) == 1
    sides = revealed[0].params["sides"]
    assert isinstance(sides, Join) and all(isinstance(item, Msg) for item in sides.items)
    assert render(revealed[0], "en") == "HQ sides revealed: Red 2, Green 2, Blue 1."
    assert "Piros 2, Zöld 2, Kék 1" in render(revealed[0], "hu")
    # nothing is announced while someone still chooses
    assert not [e for e in GAME.events(state, GAME.parse_move(state, 1, "hqside 2"), before_last)
                if e.key == "pulsar.event.hq_revealed"]


def test_PU_P_SETUP_17_the_players_image_shows_each_revealed_side():
    from renderers.pulsar import draw_players
    state = GAME.new_game({"players": 3}, 1)
    for seat, side in enumerate((2, 2, 1)):
        state = play(state, seat, f"hqside {side}")
    secret = GAME.view(state, None)
    for player in secret.players:
        player.hq_side = None
    shown, hidden = draw_players(GAME.view(state, None), None, "en"), draw_players(secret, None, "en")
    assert shown.tobytes() != hidden.tobytes()
    from renderers.pulsar import _hq_line
    player = GAME.view(state, None).players[2]
    assert f"HQ board {player.hq_board}, side 1" in _hq_line(player, "en")
    assert "oldal" in _hq_line(player, "hu")


# ----- 2. the own secret choice -------------------------------------------------------------------------------
def test_PU_P_SETUP_17_the_hand_shows_the_own_sealed_side_and_never_another():
    state = GAME.new_game({"players": 3}, 1)
    state = play(state, 1, "hqside 2")
    mine = " ".join(texts(GAME.private_lines(GAME.view(state, 1), 1)))
    assert "side 2" in mine and f"board {state.players[1].hq_board}" in mine
    other = " ".join(texts(GAME.private_lines(GAME.view(state, 0), 0)))
    assert "you chose" not in other and "hqside 1" in other        # seat 0 is asked to choose
    state = play(state, 0, "hqside 1")
    seat_two = " ".join(texts(GAME.private_lines(GAME.view(state, 2), 2)))
    assert "you chose" not in seat_two
    assert "oldal 1" in " ".join(texts(GAME.private_lines(GAME.view(state, 2), 2), "hu"))   # issue 24: Hungarian words


# ----- 3. draft refusals --------------------------------------------------------------------------------------
def drafting(seed=1):
    state = GAME.new_game({"players": 3, "first_game": True}, seed)
    for gate in ("H01", "H14", "H24"):
        state = play(state, state.gate_queue[0], f"gate {gate}")
    assert state.phase == DRAFT
    return state


def refusal(state, seat, text):
    with pytest.raises(IllegalMove) as caught:
        play(state, seat, text)
    return caught.value


def test_PU_D_DRAFT_3_a_value_no_die_shows_is_refused_with_the_values_left():
    state = drafting()
    seat = state.draft_queue[0]
    missing = next(v for v in range(1, 7) if v not in state.dice_board)
    error = refusal(state, seat, f"draft {missing} I")
    assert (error.msg.key, error.rule) == ("pulsar.err.draft_no_die", "D-DRAFT-3")
    assert error.msg.params["value"] == missing and "track" not in error.msg.params
    assert list(error.msg.params["dice"].items) == sorted(set(state.dice_board))


def test_PU_D_MOVE_1_and_D_MOVE_5_a_missing_marker_and_a_marker_off_the_track_are_told_apart():
    state = drafting()
    seat = state.draft_queue[0]
    moving = next(v for v in sorted(set(state.dice_board)) if GAME.legal_moves(state, seat) and
                  any(m.number == v and m.arg for m in GAME.legal_moves(state, seat)))
    error = refusal(state, seat, f"draft {moving}")
    assert (error.msg.key, error.rule, error.msg.params["value"]) == ("pulsar.err.draft_no_marker", "D-MOVE-1", moving)
    # push the marker to the left end of the initiative track: a die left of the median cannot move it
    track = state.tracks["initiative"]
    marker = f"{seat}:1"
    for stack in track:
        if marker in stack:
            stack.remove(marker)
    track[0].append(marker)
    left = [v for v in sorted(set(state.dice_board)) if 2 * v < state.median]
    if not left:
        pytest.skip("no die left of the median in this roll")
    error = refusal(state, seat, f"draft {left[0]} I")
    assert (error.msg.key, error.rule) == ("pulsar.err.draft_off_track", "D-MOVE-5")
    assert error.msg.params["track"].key == "pulsar.track.initiative" and error.msg.params["value"] == left[0]


# ----- 4. tiles in words, kept tiles shown --------------------------------------------------------------------
def test_PU_EXPL_1_a_drawn_exploration_tile_is_described_and_a_kept_one_is_shown():
    state = new_game({"players": 3, "first_game": True}, 1)
    state.exploration.pile[:0] = ["EX09", "EX11"]
    state.events = []
    draw_exploration(state, 0, 2)
    posts = texts(GAME.events(state, None, state))
    assert any("EX09" in p and "a small or medium gyrodyne" in p for p in posts), posts
    assert any("EX11" in p and "keeps it" in p and "extra station" in p for p in posts), posts
    view = GAME.view(state, None)
    status = " ".join(texts(GAME.status_lines(view)))
    assert "Red keeps EX11 (one extra station" in status
    assert "EX11" in " ".join(texts(GAME.private_lines(GAME.view(state, 0), 0)))
    assert "EX11" not in " ".join(texts(GAME.private_lines(GAME.view(state, 1), 1)))
    from renderers.pulsar import draw_players
    without = GAME.view(state, None)
    without.players[0].kept_exploration = []
    assert draw_players(view, None, "en").tobytes() != draw_players(without, None, "en").tobytes()


def test_PU_REVEAL_1_a_revealed_system_says_what_it_holds():
    state = new_game({"players": 3, "first_game": True}, 1)
    state.systems["S03"].tile = "PS03"                 # X B - B"4": the "4" planet blocked with 3 players
    state.events = []
    reveal(state, "S03")
    (post,) = texts(GAME.events(state, None, state))
    assert post == "S03 is revealed (tile PS03): 1 blue planet, 1 barren planet and 1 planet blocked; " \
                   "discovery bonus: a bonus die showing 2."
    state.systems["S06"].tile = "PS01"                 # B B B B
    state.events = []
    reveal(state, "S06")
    (post,) = texts(GAME.events(state, None, state))
    assert post == "S06 is revealed (tile PS01): 4 blue planets; discovery bonus: a bonus die showing 1."
    assert "kék bolygó" in render(GAME.events(state, None, state)[0], "hu")


# ----- 5. help ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "hu"])
def test_the_help_explains_dice_tracks_options_and_the_hungarian_verbs(language):
    notation = render(GAME.notation_help(), language)
    words = {"en": ("oldal", "repül", "erőmű", "vásárol", "vége", "s3 =", "r =", "(E)", "(I)", "icon=", "to=", "choice="),
             "hu": ("oldal", "repül", "erőmű", "vásárol", "vége", "e3 =", "p =", "(M)", "(K)", "ikon=", "ide=", "méret=")}
    for word in words[language]:                       # issue 24: the Hungarian help teaches the Hungarian notation
        assert word in notation, (language, word)
    from rules.messages import render as r
    whole = r(Msg("help_game", title=GAME.title_msg(), game="pulsar", summary=GAME.rules_summary(),
                  notation=GAME.notation_help(), low=2, high=4), language)
    assert len(whole) <= 2000                          # one Discord message


# ----- 6. Hungarian terms -------------------------------------------------------------------------------------
def test_hungarian_texts_name_cubes_tokens_and_markers_one_way_each():
    hungarian = {key: text for key, text in catalogue("hu").items() if key.startswith("pulsar.")}
    joined = "\n".join(hungarian.values())
    assert "mérnöki kocka" not in joined and "Kockák {cubes}" not in joined
    assert not re.search(r"\bjelző", joined), "tokens are kockamódosító, markers jelölő"
    assert "mérnökkocka" in hungarian["pulsar.status.player"] and "Mérnökkockák" in hungarian["pulsar.board.resources"]
    assert "kockamódosító" in hungarian["pulsar.board.resources"] and "jelölők" in hungarian["pulsar.board.pieces"]


# ----- 7. English plurals -------------------------------------------------------------------------------------
def test_english_counts_agree_with_their_nouns():
    english = {key: text for key, text in catalogue("en").items() if key.startswith("pulsar.")}
    for key, text in english.items():
        assert not re.search(r"\{\w+\} (cubes|steps|tiles|planets|markers|players)\b", text), key
    pieces = {"tokens": "-", "gyros": "-"}
    assert "1 engineering cube," in render(Msg("pulsar.status.player", colour="Red", vp=3, cubes=1, dice="-", **pieces), "en")
    assert "2 engineering cubes," in render(Msg("pulsar.status.player", colour="Red", vp=3, cubes=2, dice="-", **pieces), "en")
    hungarian = "\n".join(text for key, text in catalogue("hu").items() if key.startswith("pulsar."))
    assert not re.search(r"(?<![\w(])[Aa]z? \{", hungarian), "write {x:az}, not a literal article"


# ----- 8. partly typed Hungarian verbs ------------------------------------------------------------------------
def test_a_partly_typed_hungarian_verb_completes_to_its_moves():
    assert GAME.word_aliases()["oldal"] == "hqside"
    state = GAME.new_game({"players": 3}, 1)
    assert state.phase == HQ_SIDE
    completions = [move for variant in GAME.prefix_variants("old") for move in GAME.complete(state, 0, variant)]
    assert "hqside 1" in completions and "hqside 2" in completions
    assert GAME.canonical_prefix("RÉPÜL s3") == "fly s3" and GAME.canonical_prefix("Főhadiszállás x") == "hq x"


def test_first_game_sends_no_hq_announcement():
    state = new_game({"players": 3, "first_game": True}, 1)
    assert state.phase == START_GATE
    place_ship(state, state.gate_queue[0], "H01")
    assert not [e for e in state.events if "hq_revealed" in str(e)]


def test_PU_P_SETUP_17_the_side_choice_says_what_each_side_is_for():
    """Nothing decided blind: the two HQ-side choices a menu or autocomplete offers name what each
    side favours (side 1 gyrodyne projects, side 2 flying, §HQ boards), as the hand does."""
    state = new_game({"players": 2}, 3)
    seat = min(GAME.waiting_for(state))
    for language, words in (("en", ("gyrodyne projects", "flying projects")),
                            ("hu", ("forgóerőmű-projektek", "repülési projektek"))):
        labels = [render(GAME.move_phrase(state, seat, f"hqside {side}"), language) for side in (1, 2)]
        assert [word in label for label, word in zip(labels, words, strict=True)] == [True, True], labels
