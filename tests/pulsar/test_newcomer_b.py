"""Pulsar 2849 as a Hungarian newcomer played it (docs/newcomer-report-2026-11-27b.md): which of the
two markers a two-player draft moves (D-MOVE-1) and what a production gave (PR-1..PR-6).  Rule
IDs as PU-<id>."""
from __future__ import annotations

import random

import pytest

from rules.base import IllegalMove
from rules.messages import render
from rules.pulsar import GAME


def play(state, seat, text):
    return GAME.apply(state, GAME.parse_move(state, seat, text))


def two_player_draft(**options):
    """A two-player game at its first draft pick (seed 3: dice 1 2 2 3 5 6 6, median on box 3,
    every marker still on its starting space)."""
    state = GAME.new_game({"players": 2, **options}, 3)
    state = play(play(state, 0, "hqside 2"), 1, "hqside 1")
    for gate in ("H14", "H24"):
        state = play(state, state.gate_queue[0], f"gate {gate}")
    return state, state.draft_queue[0]


def test_PU_D_MOVE_1_two_players_a_track_without_its_marker_is_refused_with_both_picks():
    """Newcomer N1 (2026-11-27b): ``választ 2 K`` moved marker 1 in silence and the log said only
    "a jelölője"; now both picks are offered, each with where its marker lands."""
    state, seat = two_player_draft()
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(state, seat, "választ 2 K")
    message = refused.value.msg
    assert (message.key, refused.value.rule) == ("pulsar.err.draft_which_marker", "D-MOVE-1")
    hungarian = render(message, "hu")
    assert "választ 2 K1 (1 mezőt balra, a 7. mezőre) vagy választ 2 K2" in hungarian
    assert "draft 2 I1 (1 space left, to space 7) or draft 2 I2" in render(message, "en")


def test_PU_D_MOVE_1_two_players_the_one_marker_that_can_move_is_named_in_the_stored_move():
    state, seat = two_player_draft()
    track = state.tracks["initiative"]
    for stack in track:                       # marker 1 at the left end: a 2 (left of the median) cannot move it
        if f"{seat}:1" in stack:
            stack.remove(f"{seat}:1")
    track[0].append(f"{seat}:1")
    move = GAME.parse_move(state, seat, "draft 2 I")
    assert GAME.format_move(move) == "draft 2 I2"
    assert render(GAME.move_phrase(state, seat, GAME.format_move(move)), "hu") == \
        "elvesz egy 2-es kockát, a 2. jelölője a kezdeményezéssávon lép"


def test_PU_D_MOVE_1_games_of_rules_version_2_replay_a_bare_track_as_marker_1():
    """Stored two-player games (rules version 2) hold ``draft 2 I``: it still moves marker 1."""
    state, seat = two_player_draft(rules_version=2)
    assert GAME.format_move(GAME.parse_move(state, seat, "draft 2 I")) == "draft 2 I1"


def test_PU_D_MOVE_1_two_players_the_missing_track_example_names_a_marker():
    state, seat = two_player_draft()
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, "választ 6")
    assert refused.value.msg.key == "pulsar.err.draft_no_marker"
    assert render(refused.value.msg, "hu").endswith("például: választ 6 K1.")


def test_PU_PR_1_PR_2_PR_4_the_production_is_told_player_by_player_with_the_next_turn_order():
    """Newcomer N2 (2026-11-27b): the production phase changed cubes and scores in silence."""
    state = GAME.new_game({"players": 2}, 3)
    rng = random.Random(1)
    told = []
    while state.round == 1:
        seat = sorted(GAME.waiting_for(state))[0]
        move = rng.choice(GAME.legal_moves(state, seat))
        before, state = state, GAME.apply(state, move)
        told += GAME.events(before, move, state)
    keys = [message.key for message in told]
    assert keys.count("pulsar.event.produced") + keys.count("pulsar.event.produced_nothing") == 2
    assert keys.count("pulsar.event.new_order") == 1
    texts = [render(message, "hu") for message in told if message.key.startswith("pulsar.event.produced")]
    assert all(text.startswith("1. forduló termelése – ") for text in texts)
    # 2 players, PR-2: the engineering ranks pay 2 cubes, 1 cube and 1 VP: every player gains something
    assert any("mérnökkocka" in text for text in texts)


@pytest.fixture(scope="module")
def decisions():
    """The first PR-4 decision (production) and GOAL-1 decision (final scoring) of seeded random
    two-player games: the state and the seat asked."""
    from rules.pulsar.state import GOALS, PRODUCTION
    found = {}
    for seed in range(1, 40):
        state, rng = GAME.new_game({"players": 2}, seed), random.Random(seed)
        while not GAME.is_over(state) and len(found) < 2:
            seat = sorted(GAME.waiting_for(state))[0]
            if state.phase in (PRODUCTION, GOALS):
                found.setdefault(state.phase, (state, seat))
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state, seat)))
        if len(found) == 2:
            return found
    raise AssertionError(f"no production and goals decisions found: {sorted(found)}")


def test_PU_PR_4_the_production_decision_is_asked_with_an_example_to_type(decisions):
    """Newcomer N3 (2026-11-27b): the ping said only "te következel" in the production phase."""
    state, seat = decisions["production"]
    prompt = GAME.decision_prompt(state)
    assert prompt.key == "pulsar.prompt.production"
    hungarian = render(prompt, "hu")
    assert "`termelés AD-" in hungarian and "`termelés semmi`" in hungarian
    assert GAME.format_move(GAME.parse_move(state, seat, render(prompt.params["example"], "hu"))).startswith("prod TX-")


def test_PU_GOAL_1_the_goal_decision_is_asked_and_a_wrong_goal_lists_the_choices(decisions):
    state, seat = decisions["goals"]
    prompt = GAME.decision_prompt(state)
    assert prompt.key in ("pulsar.prompt.goals", "pulsar.prompt.goals_tech") and "`célok semmi`" in render(prompt, "hu")
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, "célok C9z:1")
    assert (refused.value.msg.key, refused.value.rule) == ("pulsar.err.goal", "GOAL-1")
    choices = [render(choice, "hu") for choice in refused.value.msg.params["choices"].items]
    # a goal (C5a:1, választ=C1a) or an end-game technology (AIII-8a, AIII-7b=C3a: GOAL-6, PUR-BUY)
    assert choices and all(choice.startswith(("célok C", "célok választ=C", "célok AIII-")) for choice in choices)
    assert "céllapka:1" not in render(refused.value.msg, "hu")


def test_PU_PR_4_a_move_of_another_phase_names_the_verbs_of_this_one(decisions):
    state, seat = decisions["production"]
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, "vége")
    assert refused.value.msg.key == "pulsar.err.not_now"
    assert render(refused.value.msg, "hu").endswith("Amit most tehetsz: termelés.")


@pytest.mark.parametrize("typed, hungarian", [("K14", "K14"), ("H14", "K14"), ("N03", "N03"), ("U02", "U02")])
def test_PU_NOT_1_info_on_a_location_shows_its_Hungarian_code(typed, hungarian):
    """Newcomer N4 (2026-11-27b): `/pulsar infó K14` showed the notation's `H14` in its header."""
    component = GAME.component(typed)
    assert component is not None
    assert render(component.shown_code(), "hu") == hungarian
    assert render(component.shown_code(), "en") == component.id


def test_PU_TX_ACT_an_operational_transmitter_is_news_not_an_order():
    """Newcomer N6 (2026-11-27b): the news of the computer's transmitter read "most teleportáld a
    hajódat egy pulzárra", an order to the reader, after the computer had teleported."""
    from rules.messages import from_json
    from rules.pulsar.setup import new_game
    from rules.pulsar.transmitters import take
    state = new_game({"players": 3, "first_game": True}, 1)
    state.offer = ["TX-A06", "TX-A04", "TX-A03"]
    take(state, 0, "TX-A06", 1, 4, to="P05")                      # one icon (a 4): operational at once
    news = [render(from_json(event), "hu") for event in state.events]
    text = next(line for line in news if "üzembe lépett" in line)
    assert "Egyszeri jutalma: a hajó teleportálása egy pulzárra" in text and "teleportáld" not in text


def test_PU_TELEPORT_1_a_take_that_does_not_activate_its_transmitter_teleports_nowhere():
    """Newcomer N15 (2026-11-27b): `adóállomás elvesz AD-A08 e1+1 ikon=1 ide=N107` (two icons) was
    logged "ide teleportál: N107" while the ship stayed, and twenty such `ide=` were suggested."""
    state = GAME.new_game({"players": 3, "first_game": True}, 1)   # rules version 3
    state.offer = ["TX-A08", "TX-A04", "TX-A03"]                    # TX-A08: dice 2+4, teleport to a system
    seat = 0
    state.phase, state.turn_queue = "actions", [0, 1, 2]
    state.players[seat].dice = [2, 4]
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, "adóállomás elvesz AD-A08 e2 ikon=1 ide=N03")
    assert (refused.value.msg.key, refused.value.rule) == ("pulsar.err.teleport_not_yet", "TELEPORT-1")
    assert render(refused.value.msg, "hu").startswith("A hajó most nem teleportál: az AD-A08 adóállomás")
    texts = [GAME.format_move(m) for m in GAME.legal_moves(state, seat) if m.arg == "TX-A08"]
    assert "tx take TX-A08 s2 icon=1" in texts and not any("to=" in text for text in texts if "icon=1" in text)
    state = play(state, seat, "adóállomás elvesz AD-A08 e2 ikon=1")
    paying = [GAME.format_move(m) for m in GAME.legal_moves(state, seat) if m.kind == "tx pay"]
    assert any("to=" in text for text in paying)                    # the last icon: the teleport is earned


def test_PU_TELEPORT_1_games_of_rules_version_2_still_replay_a_teleport_named_too_early():
    state = GAME.new_game({"players": 3, "first_game": True, "rules_version": 2}, 1)
    state.offer = ["TX-A08", "TX-A04", "TX-A03"]
    state.phase, state.turn_queue = "actions", [0, 1, 2]
    state.players[0].dice = [2, 4]
    after = play(state, 0, "tx take TX-A08 s2 icon=1 to=S03")
    assert after.players[0].ship == state.players[0].ship           # ignored, as those games were played


def test_PU_TELEPORT_3_a_declined_teleport_is_told():
    """Newcomer (2026-11-27b): paying AD-A08's last icon without `ide=` said only what the tile
    gives ("a hajó teleportálása egy naprendszerbe"); now the news says the ship stayed."""
    from rules.messages import from_json
    from rules.pulsar.setup import new_game
    from rules.pulsar.transmitters import take
    state = new_game({"players": 3, "first_game": True}, 1)
    state.offer = ["TX-A06", "TX-A04", "TX-A03"]
    take(state, 0, "TX-A06", 1, 4)                                # no to=: TELEPORT-3 declines it
    keys = [from_json(event).key for event in state.events]
    assert "pulsar.event.teleport_declined" in keys
    state.events.clear()
    take(state, 1, "TX-A04", 1, 1)                                # no teleport on this tile: nothing said
    assert "pulsar.event.teleport_declined" not in [from_json(event).key for event in state.events]


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("language", ["hu", "en"])
def test_PU_NOT_1_no_two_location_labels_of_the_star_map_touch(side, language):
    """Newcomer N16 (2026-11-27b): on side B "U119" ran into "U120", "U163" into "P164" and "U180"
    into "P177" (three-digit numbers); a jump gate's label now moves just off its disc."""
    from renderers.pulsar import _label_ink, _label_ys, _overlap, _shrunk, positions
    from rules.pulsar.data import tables
    printed = [loc for loc in tables().on_side(side)]
    ys, pos = _label_ys(side, language), positions()
    inks = {loc: _shrunk(_label_ink(loc, pos[loc][0], ys[loc], language)) for loc in printed}
    touching = [(a, b) for i, a in enumerate(printed) for b in printed[i + 1:] if _overlap(inks[a], inks[b])]
    assert touching == []
    if side == "B":
        assert ys["J119"] != pos["J119"][1] and ys["J120"] == pos["J120"][1]


@pytest.mark.parametrize("typed", ["repül e2 K14-U13-U10", "repül e2 K14,U13,U10", "repül e2 K14>U13-U10"])
def test_PU_NOT_1_a_flight_path_with_another_separator_says_to_use_the_arrow(typed):
    """Newcomer N11 (2026-11-27b): `K14-U13-U10` was answered "Nincs „K14-U13-U10” nevű helyszín"
    (and `K14>U13-U10` with the English `J13-U10`)."""
    state, _seat = two_player_draft()
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(state, 0, typed)
    assert (refused.value.msg.key, refused.value.rule) == ("pulsar.err.path_separator", "NOT-1")
    assert render(refused.value.msg, "hu").startswith(f"„{typed.split()[-1]}” nem repülési útvonal")


def test_PU_ACT_HQ_a_project_label_keeps_its_reward_with_a_token_in_fewer_words():
    """Newcomer N8 (2026-11-27b): "befejezi a HQ1-2.1b projektet (2-es ezüstkocka −1
    kockamódosítóval)" lost its reward (103 characters with it); the token in fewer words keeps it."""
    from rules.pulsar import phrases
    hungarian = render(phrases.phrase("hq HQ1-2.1b s2-1"), "hu")
    assert hungarian.endswith("zöld ugrókapu-verseny, 1 pont/kapu") and len(hungarian) <= phrases.LABEL_LIMIT


def test_PU_D_MOVE_1_a_draft_tells_where_the_marker_went():
    """Newcomer N7 (2026-11-27b): the thread said only "az 1. jelölője a kezdeményezéssávon lép"."""
    state, seat = two_player_draft()
    after = play(state, seat, "választ 2 K1")
    news = [render(message, "hu") for message in GAME.events(state, None, after)]
    colour = render(GAME.seat_label(state, seat), "hu")
    assert f"{colour} 1. jelölője a kezdeményezéssávon: a 8. mezőről a 7. mezőre." in news


def test_PU_A_MOD_1_suggestions_pay_a_die_as_it_is_before_spending_a_token():
    """Newcomer N9 (2026-11-27b): the first flight suggested was "repül e2-1 K14>U13", the ±1
    token spent on a one-step flight; tokens and abilities now come after the plain payments."""
    state, _seat = two_player_draft()
    while state.phase == "draft":
        seat = state.draft_queue[0]
        state = GAME.apply(state, GAME.legal_moves(state, seat)[0])
    seat = state.turn_queue[0]
    offered = GAME.complete(state, seat, "")
    first_fly = next(text for text in offered if text.startswith("fly "))
    assert "+" not in first_fly.split()[1] and "-" not in first_fly.split()[1]
    assert sorted(offered) == sorted(set(offered)) and len(offered) <= 25


def test_PU_P_SETUP_17_a_sealed_hq_side_says_undo_takes_it_back():
    """Newcomer N17 (2026-11-27b): "nem változtathatod meg", yet `visszavonás` took it back."""
    state = GAME.new_game({"players": 2}, 3)
    state = play(state, 0, "hqside 2")
    with pytest.raises(IllegalMove) as refused:
        play(state, 0, "hqside 1")
    assert refused.value.msg.key == "pulsar.err.hq_side_sealed"
    assert "`visszavonás`" in render(refused.value.msg, "hu") and "nem változtatható" not in render(refused.value.msg, "hu")
    assert "`visszavonás`" in render(GAME.waiting_reason(state), "hu")
