"""Pulsar 2849 at the table (issues 23 and 24): components in words, the score explained, moves
as phrases and in Hungarian notation, choices asked not picked, refusals with the real reason."""
from __future__ import annotations

import random

import pytest

from rules.base import IllegalMove, spread_kinds
from rules.messages import LANGUAGES, message_keys, render
from rules.pulsar import GAME
from rules.pulsar.data import tables
from rules.pulsar.setup import new_game

import data as game_data


def game(players: int = 3, **options):
    state = new_game({"players": players, "first_game": True, "rules_version": 2, **options}, 1)
    state.phase = "actions"
    state.turn_queue = list(dict.fromkeys(state.order))
    return state


def play(state, seat, text):
    return GAME.apply(state, GAME.parse_move(state, seat, text))


def refusal(state, seat, text) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        play(state, seat, text)
    return caught.value


# ----- components (issue 23.1) -------------------------------------------------------------------
def test_every_id_of_the_data_tables_is_a_component_with_texts_in_both_languages():
    tab = tables()
    shown = (set(tab.technologies) | set(tab.transmitters) | set(tab.projects) | set(tab.goals) | set(tab.systems)
             | set(tab.exploration) | set(tab.locations)
             | {row["id"] for row in game_data.load_json("pulsar", "pieces.json")["awards"]}
             | {f"HQ{p.board}-{p.side}" for p in tab.projects.values()} | {t.side for t in tab.technologies.values()} | {"GS", "GM", "GL", "MOD-PM1", "MOD-P2"})
    ids = {comp.id for comp in GAME.components()}
    assert shown <= ids
    for comp in GAME.components():
        for language in LANGUAGES:
            assert render(comp.text, language) and "{" not in render(comp.text, language), (comp.id, language)
            assert len(render(comp.gist, language)) <= 70


def test_the_findings_ids_are_described_from_their_data():
    """Finding 05: AI-2b, TX-A10, HQ3-2.2b and G1b say what they do."""
    assert "isolated pulsar" in render(GAME.component("AI-2b").text)
    assert "tetszőleges méretű forgáslapka" in render(GAME.component("AI-2b").gist, "hu")
    assert "4 VP" in render(GAME.component("TX-A10").text) and "3+4" in render(GAME.component("TX-A10").gist)
    assert "green" in render(GAME.component("HQ3-2.2b").text)
    assert "10 VP" in render(GAME.component("G1b").gist) and "10 pont" in render(GAME.component("G1b").gist, "hu")


def test_designed_rows_are_stand_ins_and_locations_answer_to_their_hungarian_codes():
    assert GAME.component("AI-2b").stand_in is False and GAME.component("BII-3a").stand_in    # BII: designed effects
    assert not GAME.component("AI-2b").stand_in and not GAME.component("AII-5a").stand_in   # read from the pictures
    assert GAME.component("BII").stand_in and not GAME.component("AII").stand_in  # AII-4a read too (session 8)
    assert not GAME.component("S03").stand_in and not GAME.component("S109").stand_in    # public board data
    assert GAME.component("N03") == GAME.component("S03") and GAME.component("u02").id == "J02"
    assert "N03" in render(GAME.component("S03").name, "hu") and "S03" in render(GAME.component("S03").name, "en")


def test_gyrodyne_goal_texts_use_the_rulebooks_terms():
    hungarian = render(GAME.component("G1a").text, "hu")
    assert "forgóerőmű" in hungarian and "giroszkóp" not in hungarian and "GYP" not in hungarian


# ----- the score explained (issue 23.2, FS-1..FS-8) ---------------------------------------------
def test_FS_the_breakdown_adds_up_and_shows_the_track_penalties():
    """Finding 06: a 13-point track penalty is a line of its own."""
    state = GAME.new_game({"players": 3}, 7)
    rng = random.Random(3)
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        state = GAME.apply(state, GAME.random_move(state, seat, rng))
    state.players[0].score(-13, "penalties")
    breakdown = GAME.score_breakdown(GAME.view(state, None))
    for seat, parts in enumerate(breakdown):
        assert sum(part.points for part in parts) == GAME.scores(state)[seat]
        assert "pulsar.score.penalties" in [part.label.key for part in parts]
    assert any(part.points <= -13 for part in breakdown[0] if part.label.key == "pulsar.score.penalties")
    assert {"pulsar.score.stations", "pulsar.score.turn_order"} & {p.label.key for p in breakdown[0]}


# ----- moves in words and in Hungarian (issue 24) -----------------------------------------------
@pytest.mark.parametrize("text,key", [
    ("hqside 2", "pulsar.phrase.hqside"), ("gate H14", "pulsar.phrase.gate"), ("draft 4 E", "pulsar.phrase.draft"),
    ("draft 4 I2", "pulsar.phrase.draft_marker"), ("draft 3", "pulsar.phrase.draft_middle"),
    ("fly s3 H01>J02>S03>J04 take=tile", "pulsar.phrase.fly"), ("gyro take M s2", "pulsar.phrase.gyro_take"),
    ("gyro place M P05", "pulsar.phrase.gyro_place"), ("gyro spin P05 s5", "pulsar.phrase.gyro_spin"),
    ("gyro choose L", "pulsar.phrase.gyro_choose"), ("tx take TX-A04 s1 icon=1", "pulsar.phrase.tx_take_brief"),
    ("tx pay TX-A04 icon=2 s2", "pulsar.phrase.tx_pay"), ("tx link TX-A02.1 TX-A04.1", "pulsar.phrase.tx_link"),
    ("patent AII-5a s2", "pulsar.phrase.patent_brief"), ("hq HQ1-1.2b s5", "pulsar.phrase.hq_brief"),
    ("buy pm s1", "pulsar.phrase.buy"), ("copy 5", "pulsar.phrase.copy"), ("end", "pulsar.phrase.end"),
    ("prod TX-A07", "pulsar.phrase.prod"), ("prod none", "pulsar.phrase.prod_none"),
    ("goals G5a:2 pick=G1a", "pulsar.phrase.goals"), ("goals none", "pulsar.phrase.goals_none"),
])
def test_every_verb_reads_as_a_phrase_and_round_trips_through_hungarian(text, key):
    state = GAME.new_game({"players": 3}, 1)
    assert GAME.move_phrase(state, 0, text).key == key
    hungarian = GAME.localize_move(text, "hu")
    assert GAME.format_move(GAME.parse_move(state, 0, hungarian)) == text
    assert GAME.canonical_prefix(text) == text


def test_hungarian_readers_see_their_codes_not_english_letters():
    """Finding 03: K/M tracks, Hungarian sub-verbs, N/U/K locations, e/p dice."""
    state = GAME.new_game({"players": 3}, 1)
    assert GAME.localize_move("draft 2 I", "hu") == "választ 2 K"
    assert GAME.localize_move("fly r+1 H01>J02>S03", "hu") == "repül p+1 K01>U02>N03"
    assert GAME.localize_move("gyro take M s2", "hu") == "erőmű elvesz közepes e2"
    assert GAME.format_move(GAME.parse_move(state, 0, "választ 6 M")) == "draft 6 E"
    assert GAME.format_move(GAME.parse_move(state, 0, "giró vesz M s2")) == "gyro take M s2"
    assert GAME.format_move(GAME.parse_move(state, 0, "adó vesz TX-A09 s5 icon=1")) == "tx take TX-A09 s5 icon=1"
    hungarian = render(GAME.move_phrase(state, 0, "fly s3 H01>J02>S03>J04"), "hu")
    assert "K01→U02→N03→U04" in hungarian and "3-as ezüstkocka" in hungarian


# ----- autocomplete shows the variety (issue 23.4) -----------------------------------------------
def test_autocomplete_shows_one_of_every_kind_before_more_flights():
    """Finding 08: 25 flights never hide the gyrodyne, transmitter, patent, buy and end moves."""
    state = GAME.new_game({"players": 3}, 5)
    rng = random.Random(2)
    while state.phase != "actions":
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        state = GAME.apply(state, GAME.random_move(state, seat, rng))
    seat = state.turn_queue[0]
    texts = [GAME.format_move(m) for m in GAME.legal_moves(state, seat)]
    kinds = {GAME.move_kind(t) for t in texts}
    shown = GAME.complete(state, seat, "")
    assert kinds <= {GAME.move_kind(t) for t in shown} or len(kinds) > 25
    plain = [t for m, t in zip(GAME.legal_moves(state, seat), texts)        # newcomer N9 (2026-11-27b):
             if not (m.pay and (m.pay.mod or m.pay.flex or m.pay.zero))]    # a die as it is before a token
    spent = [t for t in texts if t not in plain]
    assert shown == spread_kinds(plain + spent, GAME.move_kind)
    assert GAME.move_kind("gyro take M s2") == "gyro take" and GAME.move_kind("fly s3 H01>J02") == "fly"


# ----- no blind decision (issue 23.3, §6.8) ------------------------------------------------------
def test_EFF_GYRO_ANY_is_asked_then_the_post_says_what_was_gained():
    """Finding 07: a gyrodyne of any size is not picked silently."""
    state = game(3)
    seat = state.turn_queue[0]
    state.round, state.tech_sides = 4, ["AI", "CII", "AIII"]
    state.players[seat].dice = [6, 5]
    after = play(state, seat, "patent CII-4b s6")                   # EFF-GYRO-ANY, no choice= named
    assert after.players[seat].gyro_reserve == {"S": 0, "M": 0, "L": 0} and after.owed_gyro
    assert "pulsar.event.gyro_owed" in [e.key for e in GAME.events(state, None, after)]
    assert GAME.decision_prompt(after).key == "pulsar.prompt.gyro_choice"
    assert sorted(GAME.format_move(m) for m in GAME.legal_moves(after, seat)) == [
        "gyro choose L", "gyro choose M", "gyro choose S"]
    assert refusal(after, seat, "end").msg.key == "pulsar.err.gyro_owed"
    assert GAME.public_choices(after) == (seat, ["gyro choose L", "gyro choose M", "gyro choose S"])
    done = play(after, seat, "gyro choose M")
    assert done.players[seat].gyro_reserve["M"] == 1 and not done.owed_gyro
    assert "pulsar.event.gyro_gained" in [e.key for e in GAME.events(after, None, done)]
    assert GAME.default_move(after, seat) is not None


def test_EFF_GYRO_ANY_named_in_the_move_needs_no_question_and_version_1_keeps_its_default():
    state = game(3)
    seat = state.turn_queue[0]
    state.round, state.tech_sides = 4, ["AI", "CII", "AIII"]
    state.players[seat].dice = [6]
    assert play(state, seat, "patent CII-4b s6 choice=S").players[seat].gyro_reserve["S"] == 1
    old = game(3, rules_version=1)
    old.round, old.tech_sides = 4, ["AI", "CII", "AIII"]
    old.players[seat].dice = [6]
    assert play(old, seat, "patent CII-4b s6").players[seat].gyro_reserve["L"] == 1


# ----- refusals name the real reason (issue 23.6) ----------------------------------------------
def test_ACT_GYRO_SPIN_a_wrong_die_says_which_die_is_needed():
    """Finding 01: the gyrodyne is there; the die is wrong."""
    state = game(3)
    seat = state.turn_queue[0]
    state.pulsars["P05"] = seat
    from rules.pulsar.state import Gyrodyne
    state.gyros["P05"] = Gyrodyne("M")
    state.players[seat].dice = [6]
    error = refusal(state, seat, "gyro spin P05 s6")
    assert error.msg.key == "pulsar.err.spin_die" and error.msg.params["need"] == 5
    del state.gyros["P05"]
    assert refusal(state, seat, "gyro spin P05 s6").msg.key == "pulsar.err.gyro_spin"


def test_P_SETUP_17_choosing_the_hq_side_again_says_it_is_sealed():
    state = GAME.new_game({"players": 3}, 1)
    state = play(state, 0, "hqside 1")
    error = refusal(state, 0, "hqside 2")
    assert error.msg.key == "pulsar.err.hq_side_sealed" and error.rule == "P-SETUP-17"


@pytest.mark.parametrize("text", ["fly s5 H01>J02>S03 take=tile take=tile", "fly s5 H01>J02>S03 noclaim noclaim",
                                  "patent CI-1a s1 choice=S choice=M", "goals G5a:1 G5a:2", "prod TX-A07 TX-A07",
                                  "tx take TX-A04 s1 icon=1 to=S03 to=S06"])
def test_a_repeated_option_is_refused(text):
    """Finding 04 (§10.1)."""
    state = game(3)
    error = refusal(state, state.turn_queue[0], text)
    assert error.msg.key == "pulsar.err.repeated"


def test_the_last_draft_pick_reveals_nothing_so_it_may_be_undone():
    """Finding 02: entering the action phase shows nothing hidden."""
    state = GAME.new_game({"players": 3}, 5)
    rng = random.Random(1)
    while state.phase != "actions":
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        move = GAME.random_move(state, seat, rng)
        after = GAME.apply(state, move)
        if state.phase == "draft" and after.phase == "actions":
            assert not GAME.reveals_information(state, move, after)
        state = after
    assert all("pulsar." in key for key in message_keys(GAME.decision_prompt(state) or GAME.title_msg()))


def test_A_43_two_gyrodynes_of_different_sizes_are_both_asked():
    state = game(3)
    seat = state.turn_queue[0]
    state.tech_sides = ["AI", "BII", "AIII"]
    state.round = 5
    state.players[seat].dice = [5]
    after = play(state, seat, "patent BII-4b s5")                   # EFF-GYRO-TWO-DIFF
    assert sorted(GAME.format_move(m) for m in GAME.legal_moves(after, seat)) == [
        "gyro choose L", "gyro choose M", "gyro choose S"]
    after = play(after, seat, "gyro choose S")
    assert sorted(GAME.format_move(m) for m in GAME.legal_moves(after, seat)) == ["gyro choose L", "gyro choose M"]
    after = play(after, seat, "gyro choose L")
    assert after.players[seat].gyro_reserve == {"S": 1, "M": 0, "L": 1} and not after.owed_gyro


ENGLISH = ("gyrodyne", "transmitter", " VP", "patent", "the ", " and ", "take=", "icon=", "choice=", "noclaim",
           "hqside", "draft ", "fly ", "median", "GYP", "giroszkóp", "főhadiszállás", "kiinduló", "medián")


def test_no_english_reaches_a_hungarian_player_in_a_whole_game():
    """Issue 24: events, status, hand, move phrases, autocomplete values and labels, refusals and
    component texts of a whole game, rendered in Hungarian, hold no English word or code."""
    from rules.messages import Msg
    state = GAME.new_game({"players": 3}, 11)
    rng = random.Random(5)
    seen: list[str] = []

    def hungarian(value):
        text = render(value, "hu") if isinstance(value, Msg) else value
        seen.append(text)
        return text

    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        move = GAME.random_move(state, seat, rng)
        text = GAME.format_move(move)
        after = GAME.apply(state, move)
        for event in GAME.events(state, move, after):
            hungarian(event)
        hungarian(GAME.move_phrase(after, seat, text))
        hungarian(GAME.localize_move(text, "hu"))
        label = GAME.describe_move(state, seat, text)
        if label is not None:
            hungarian(label)
        state = after
        if rng.random() < 0.1:
            for line in GAME.status_lines(GAME.view(state, None)) + GAME.private_lines(GAME.view(state, seat), seat):
                hungarian(line)
            try:
                play(state, seat, "repül e9 K01>K14 lapka lapka")
            except IllegalMove as error:
                hungarian(error.msg)
    for comp in GAME.components():
        for part in (comp.name, comp.text, comp.gist):
            hungarian(part)
    for text in seen:
        for word in ENGLISH:
            assert word not in text, (word, text)


def test_labels_hand_and_status_name_what_components_give():
    """Issue 23.1: what components give in autocomplete labels, the hand and status.  A patent
    and a transmitter take say it in the phrase (issue 24: not twice, within 100 characters),
    a gyrodyne its spin die and VP, a transmitter payment what the transmitter gives."""
    state = game(3)
    seat = state.turn_queue[0]
    state.players[seat].patents = ["AI-1a"]
    assert GAME.describe_move(state, seat, "patent AI-1b s4") is None
    assert GAME.move_phrase(state, seat, "patent AI-1b s4").params["gives"] is not None
    assert GAME.describe_move(state, seat, "tx take TX-A10 s3 icon=1") is None
    assert GAME.describe_move(state, seat, "tx pay TX-A10 icon=2 s3").key == "pulsar.comp.gist.plain"
    assert GAME.describe_move(state, seat, "gyro take M s2").key == "pulsar.describe.gyro"
    hand = [line.key for line in GAME.private_lines(GAME.view(state, seat), seat)]
    assert "pulsar.private.patents" in hand
    status = [line.key for line in GAME.status_lines(GAME.view(state, None))]
    assert {"pulsar.status.offer", "pulsar.status.goals"} <= set(status)
    drafting = GAME.new_game({"players": 3}, 1)
    drafting.median = 7
    label = GAME.describe_move(drafting, 0, "draft 6 E")
    assert label.key == "pulsar.describe.draft" and label.params["n"] == 3
