"""Pulsar 2849 as a newcomer plays it (newcomer report 2026-11-26, D12-D15, D21): what the hand and
the status list, what a completed HQ project says, how the roll names the median marker, how a
Hungarian player buys a token, and what an autocomplete label puts first.  Rule IDs as PU-<id>."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.messages import Join, Localized, Msg, render
from rules.pulsar import GAME
from rules.pulsar import notation
from rules.pulsar.actions import complete_hq
from rules.pulsar.describe import hu_numeral, numeral
from rules.pulsar.setup import new_game


def play(state, seat, text):
    return GAME.apply(state, GAME.parse_move(state, seat, text))


def drafting(seed):
    """A 3-player first game at its first draft pick; the events of the roll."""
    state = GAME.new_game({"players": 3, "first_game": True}, seed)
    for gate in ("H01", "H14", "H24"):
        before, state = state, play(state, state.gate_queue[0], f"gate {gate}")
    return state, GAME.events(before, None, state)


def line(lines, key):
    found = [message for message in lines if message.key == key]
    assert len(found) == 1, [message.key for message in lines]
    return found[0]


# ----- D12: tokens and gyrodynes in reserve in the hand and the status ---------------------------------------
def test_PU_H_1_A_MOD_1_ACT_GYRO_TAKE_the_hand_lists_tokens_and_gyrodynes_in_reserve():
    state, _events = drafting(4)
    player = state.players[0]
    player.mods = {"pm1": 1, "p2": 2}
    player.gyro_reserve = {"S": 0, "M": 0, "L": 1}
    pieces = line(GAME.private_lines(GAME.view(state, 0), 0), "pulsar.private.pieces")
    tokens, gyros = pieces.params["tokens"], pieces.params["gyros"]
    assert isinstance(tokens, Join) and [(m.key, m.params["n"], m.params["token"]) for m in tokens.items] == [
        ("pulsar.count.token", 1, "±1"), ("pulsar.count.token", 2, "+2")]
    assert isinstance(gyros, Join) and [(m.key, m.params["n"], m.params["size"]) for m in gyros.items] == [
        ("pulsar.count.gyro", 1, Msg("pulsar.size.L"))]
    assert "1 nagy" in render(pieces, "hu") and "2 db +2" in render(pieces, "hu")
    assert "1 large" in render(pieces, "en")


def test_PU_H_1_the_status_lists_every_players_tokens_and_gyrodynes_and_says_none():
    state, _events = drafting(4)
    state.players[1].mods = {"pm1": 0, "p2": 0}
    state.players[1].gyro_reserve = {"S": 2, "M": 0, "L": 0}
    rows = [message for message in GAME.status_lines(GAME.view(state, None)) if message.key == "pulsar.status.player"]
    assert len(rows) == 3
    assert rows[1].params["tokens"] == Msg("pulsar.count.none")
    assert [m.params["n"] for m in rows[1].params["gyros"].items] == [2]
    assert rows[0].params["gyros"] == Msg("pulsar.count.none")
    assert "nincs" in render(rows[1], "hu") and "2 kis" in render(rows[1], "hu")


# ----- D13: a completed HQ project says what it gave and what is now possible --------------------------------
def hq_state():
    state = new_game({"players": 2}, 3)
    state.phase = "actions"
    state.players[0].hq_board, state.players[0].hq_side = 1, 1
    return state


def test_PU_HQ_4_GATERUN_1_a_gate_run_project_says_what_it_gave_and_how_a_flight_uses_it():
    state = hq_state()
    complete_hq(state, 0, "HQ1-1.1c", 3)
    events = GAME.events(state, None, state)
    reward = line(events, "pulsar.event.hq_reward")               # HQ-4: the VP at once, the run kept
    assert reward.params["project"] == "HQ1-1.1c" and reward.params["colour"] == Msg("pulsar.colour.red")
    assert [m.key for m in reward.params["gain"].items] == ["pulsar.effect.EFF-VP"]
    run = line(events, "pulsar.event.hq_gate_run")
    assert run.params["run"].key == "pulsar.effect.EFF-GATERUN"
    options = run.params["option"].items
    assert all(isinstance(option, Localized) for option in options)
    assert run.params["colour"] == Msg("pulsar.colour.red") and run.params["project"] == "HQ1-1.1c"
    said = render(run, "hu")                                      # the run is named once, not "verseny (verseny: …)"
    assert said.count("ugrókapu-verseny") == 1 and said.count(": ") == 1 and "HQ1-1.1c" in said, said
    english, hungarian = options[0].text("en"), options[0].text("hu")
    assert english == "run=HQ1-1.1c:orange" and hungarian == "verseny=HQ1-1.1c:narancs"
    assert notation.to_canonical(f"repül e3 K14>U13>N15 {hungarian}").endswith(english)   # typed back as it reads


def test_PU_HQ_2_completing_a_row_says_which_projects_it_opened():
    state = hq_state()
    for project, cost in (("HQ1-1.1a", 1), ("HQ1-1.1b", 2)):
        complete_hq(state, 0, project, cost)
    assert not [e for e in GAME.events(state, None, state) if e.key == "pulsar.event.hq_opened"]
    state.events = []
    complete_hq(state, 0, "HQ1-1.1c", 3)
    opened = line(GAME.events(state, None, state), "pulsar.event.hq_opened")
    assert list(opened.params["projects"].items) == ["HQ1-1.2a", "HQ1-1.2b"]


def test_PU_HQ_4_an_immediate_reward_is_named_in_the_post():
    state = hq_state()
    project = "HQ1-1.1a"
    complete_hq(state, 0, project, 1)
    events = GAME.events(state, None, state)
    reward = line(events, "pulsar.event.hq_reward")
    assert [m.key for m in reward.params["gain"].items] == ["pulsar.effect.EFF-GYRO"]
    assert render(reward, "hu").startswith("Piros megkapja a HQ1-1.1a HQ-projekt jutalmát: ")
    assert not [e for e in events if e.key == "pulsar.event.hq_gate_run"]


# ----- D14: the roll says where the median marker stands and what it means for the draft ---------------------
def test_PU_D_MED_3_D_MED_5_a_marker_in_a_gap_says_every_die_moves_a_marker():
    state, events = drafting(4)                       # the report's roll: 1, 2, 3, 5, 5, 5, 6
    assert state.dice_board == [1, 2, 3, 5, 5, 5, 6]
    rolled = line(events, "pulsar.event.rolled_gap")
    assert (rolled.params["low"], rolled.params["high"], rolled.params["value"]) == (numeral(4), numeral(5), 5)
    hungarian = render(rolled, "hu")
    assert "a 4-es és 5-ös doboz között" in hungarian and "egy 4-es vagy 5-ös kocka 1 mezővel" in hungarian
    assert "Median marker stands between boxes 4 and 5" in render(rolled, "en").replace("The m", "M")


def test_PU_D_MED_2_D_MOVE_2_a_marker_on_a_box_says_that_box_moves_no_marker():
    state, events = drafting(2)                       # 1, 1, 4, 4, 4, 5, 6: on box 4
    rolled = line(events, "pulsar.event.rolled_box")
    assert rolled.params["box"] == numeral(4) and state.median == 8
    assert "A középjelző a 4-es doboz közepén áll: egy 4-es kocka nem mozgat jelölőt" in render(rolled, "hu")
    assert not [e for e in events if e.key in ("pulsar.event.rolled", "pulsar.event.rolled_gap")]


@pytest.mark.parametrize("n, written", [(1, "1-es"), (2, "2-es"), (3, "3-as"), (4, "4-es"), (5, "5-ös"), (6, "6-os"),
                                        (7, "7-es"), (8, "8-as"), (9, "9-es"), (10, "10-es"), (20, "20-as"),
                                        (30, "30-as"), (40, "40-es"), (50, "50-es"), (60, "60-as"), (100, "100-as")])
def test_PU_D_MED_2_a_box_is_named_as_the_rulebook_names_it(n, written):
    """The rulebook's "a 3-as és 4-es doboz közé", not "a 3. doboz" (issue 24)."""
    assert hu_numeral(n) == written
    assert render(Msg("pulsar.board.median_box", box=numeral(n)), "hu").startswith(f"Középjelző: {'az' if n in (1, 5, 50) else 'a'} {written} doboz")


def test_PU_D_DRAFT_4_the_median_refusal_names_the_box_and_keeps_the_typed_value():
    state, _events = drafting(2)                       # on box 4
    seat = state.draft_queue[0]
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, "draft 4 I")
    message = refused.value.msg
    assert message.key == "pulsar.err.draft_median"
    hungarian = render(message, "hu")
    assert "a 4-es doboz közepén" in hungarian and "egy 4-es kocka" in hungarian and hungarian.endswith("választ 4.")


# ----- Hungarian words for the tokens bought (ACT-BUY-MOD) ---------------------------------------------------
@pytest.mark.parametrize("typed, canonical", [
    ("vásárol pluszmínusz e1", "buy pm s1"), ("vasarol pluszketto e2", "buy p2 s2"), ("vásárol plusz-mínusz e2", "buy pm s2"),
    ("vásárol ±1 e1", "buy pm s1"), ("vásárol +2 e2", "buy p2 s2"), ("vásárol pm e1", "buy pm s1"),
    ("vásárol p2 e2", "buy p2 s2"), ("buy pm s1", "buy pm s1")])
def test_PU_MOD_BUY_1_a_token_is_bought_with_hungarian_words_and_the_old_codes(typed, canonical):
    assert notation.to_canonical(typed) == canonical


def test_PU_MOD_BUY_1_autocomplete_writes_the_token_in_hungarian_words():
    assert notation.to_hungarian("buy pm s1") == "vásárol pluszmínusz e1"
    assert notation.to_hungarian("buy p2 s2") == "vásárol pluszkettő e2"
    assert GAME.localize_move("buy p2 s2", "en") == "buy p2 s2"


# ----- D21: a draft label says the distance and the space reached within Discord's 100 characters -----------
def two_player_draft():
    state = GAME.new_game({"players": 2}, 4)
    state = play(play(state, 0, "hqside 2"), 1, "hqside 1")
    while state.phase != "draft":
        seat = state.gate_queue[0]
        state = play(state, seat, "gate " + ("H14", "H37")[seat])
    return state


def test_PU_D_DRAFT_4_D_MOVE_1_a_draft_label_names_distance_and_destination_in_100_characters():
    state = two_player_draft()
    seat = state.draft_queue[0]
    picks = [GAME.format_move(move) for move in GAME.legal_moves(state, seat)]
    assert any(text.endswith(("I1", "I2", "E1", "E2")) for text in picks)
    for text in picks:
        description = GAME.describe_move(state, seat, text)
        if len(text.split()) < 3:
            continue
        assert description is not None and description.key in ("pulsar.describe.draft", "pulsar.describe.draft_penalty")
        marker = text.split()[2]
        track = state.tracks["initiative" if marker[0] == "I" else "engineering"]
        start = next(index for index, stack in enumerate(track) if f"{seat}:{marker[1]}" in stack)
        spaces, direction = description.params["n"], 1 if description.params["way"].key.endswith("right") else -1
        assert description.params["end"] == start + 1 + spaces * direction          # spaces numbered 1-15
        for language in ("en", "hu"):
            label = f"{render(GAME.move_phrase(state, seat, text), language)}: {render(description, language)}"
            assert len(label) <= 100, label


def test_PU_PR_3_a_pick_onto_a_penalty_space_says_its_penalty():
    state = two_player_draft()
    seat = state.draft_queue[0]
    track = state.tracks["engineering"]
    for stack in track:
        if f"{seat}:1" in stack:
            stack.remove(f"{seat}:1")
    track[11].append(f"{seat}:1")                        # space 12: two to the right is space 14 (-1 VP)
    state.median, state.dice_board = 7, [1, 2, 3, 5, 5, 5, 6]           # gap 3-4: a 5 moves 2 right
    description = GAME.describe_move(state, seat, "draft 5 E1")
    assert description.key == "pulsar.describe.draft_penalty"
    assert (description.params["end"], description.params["penalty"]) == (14, -1)


# ----- D15: a bare number (as the map once showed it) is answered with the letter it needs ------------------
@pytest.mark.parametrize("typed, hungarian, english", [
    ("kezdőkapu 14", "K14", "H14"), ("repül e3 K14>13>N15", "U13", "J13"), ("fly s3 H14>3", "N03", "S03")])
def test_PU_notation_a_bare_location_number_is_refused_with_the_named_space(typed, hungarian, english):
    from rules.base import IllegalMove
    state = two_player_draft()
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(state, 0, notation.to_canonical(typed))
    assert refused.value.msg.key == "pulsar.err.location_letter"
    named = refused.value.msg.params["named"]
    assert [render(item, "hu") for item in named.items] == [hungarian]
    assert [render(item, "en") for item in named.items] == [english]


def test_PU_D_MOVE_2_a_pick_from_the_median_box_is_labelled_once():
    """``draft 4`` with the marker on box 4: the label said "from the median marker's box" twice."""
    state, _events = drafting(2)                       # on box 4
    assert GAME.describe_move(state, state.draft_queue[0], "draft 4") is None
    assert GAME.move_phrase(state, 0, "draft 4").key == "pulsar.phrase.draft_middle"


def test_PU_MOD_BUY_1_a_partly_typed_token_word_completes_to_the_purchases():
    state = two_player_draft()
    state.phase, state.turn_queue = "actions", [0]
    state.players[0].dice = [1, 2]
    offered = {text for variant in GAME.prefix_variants("vásárol plu")
               for text in GAME.complete(state, 0, variant)}
    assert {"buy pm s1", "buy pm s2", "buy p2 s2"} <= offered
    assert {GAME.localize_move(text, "hu") for text in offered} >= {"vásárol pluszmínusz e1", "vásárol pluszkettő e2"}


@pytest.mark.parametrize("move, hungarian", [
    ("draft 4 E", "elvesz egy 4-es kockát, a jelölője a mérnöksávon lép"),
    ("draft 5", "elvesz egy 5-ös kockát a középjelző dobozából"),
    ("copy 6", "lemásolja a maradék 6-os kockát bónuszkockának"),
])
def test_PU_D_DRAFT_1_ACT_COPY_a_die_is_named_as_the_rulebook_names_it(move, hungarian):
    """"Zöld egy 2-es kockát vesz el" (the rulebook), not "egy 2 értékű kockát" (issue 24)."""
    assert hungarian in render(GAME.move_phrase(new_game({"players": 3}, 1), 0, move), "hu")
