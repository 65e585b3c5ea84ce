"""Newcomer report 2026-11-28b (an English evening; Pulsar for two, first game): N-1, taking a
transmitter of two or more icons pays one icon only, so what it gives comes once the others are
paid (ACT-TX-TAKE, ACT-TX-PAY), and its label and thread line say so; N-4, an orange jump gate's
/info reads "A jump gate: … a jump-gate run of orange gates scores it", never "A orange jump gate"."""
from __future__ import annotations

from rules.messages import LANGUAGES, render
from rules.pulsar import GAME, phrases
from rules.pulsar.components import by_id
from rules.pulsar.data import tables
from rules.pulsar.setup import new_game


def _keys(message) -> set[str]:   # type: ignore[no-untyped-def]
    from rules.messages import Join, Msg
    if isinstance(message, Join):
        return set().union(*(_keys(item) for item in message.items)) if message.items else set()
    if not isinstance(message, Msg):
        return set()
    return {message.key}.union(*(_keys(value) for value in message.params.values()))


def test_ACT_TX_TAKE_a_take_of_a_two_icon_transmitter_says_the_icons_still_to_pay() -> None:
    """TX-A07 (icons 1+3, 3 VP and 1 cube → 2 VP each production): taking it with a 3 pays icon 2
    alone, so its label reads "(1 icon to go)" after what it gives and the thread's line "once 1
    more icon is paid"; the 3 VP are not scored by the take."""
    assert len(tables().transmitters["TX-A07"].dice) == 2
    state = new_game({"players": 2, "first_game": True}, 1)
    label = GAME.move_phrase(state, 0, "tx take TX-A07 s3 icon=2")
    line = GAME.full_phrase(state, 0, "tx take TX-A07 s3 icon=2")
    assert "pulsar.phrase.tx_later_short" in _keys(label) and label.params["gives"].params["left"] == 1
    assert line.params["gives"].key == "pulsar.phrase.tx_later"
    assert render(label, "en", label=True) == "Take TX-A07 (icon 2, a silver 3): 3 VP and 1 cube → 2 VP each production (1 icon to go)"
    assert render(line, "en").endswith("3 VP and 1 cube → 2 VP each production, once 1 more icon is paid")
    for language in LANGUAGES:
        assert len(render(label, language, label=True)) <= phrases.LABEL_LIMIT


def test_ACT_TX_TAKE_a_one_icon_transmitter_is_operational_at_once_and_says_nothing_to_pay() -> None:
    """TX-A06 (one icon): the take activates it, so no "to go" in its label or line."""
    state = new_game({"players": 2, "first_game": True}, 1)
    for message in (GAME.move_phrase(state, 0, "tx take TX-A06 s4 icon=1"), GAME.full_phrase(state, 0, "tx take TX-A06 s4 icon=1")):
        assert not {"pulsar.phrase.tx_later", "pulsar.phrase.tx_later_short"} & _keys(message)


def test_ACT_TX_TAKE_every_take_label_fits_and_keeps_what_it_gives_where_it_did() -> None:
    """Every transmitter, icon and plain die: the label fits, and a transmitter of two or more
    icons names at least one reward (the count of icons to go never crowds out all it gives)."""
    state = new_game({"players": 2, "first_game": True}, 1)
    for tile, info in tables().transmitters.items():
        for icon, value in enumerate(info.dice, 1):
            text = f"tx take {tile} s{value} icon={icon}"
            label = GAME.move_phrase(state, 0, text)
            for language in LANGUAGES:
                assert len(render(label, language, label=True)) <= phrases.LABEL_LIMIT, text
            if len(info.dice) > 1:
                assert "pulsar.phrase.tx_later_short" in _keys(label), text


def test_N_4_an_orange_jump_gate_reads_without_a_wrong_article() -> None:
    text = render(by_id()["j13"].text, "en")
    assert text == "A jump gate: flights pass through it; a jump-gate run of orange gates scores it."


def test_D_DRAFT_4_D_MOVE_1_info_explains_the_words_every_draft_and_payment_uses() -> None:
    """N-3: every draft names a marker ("draft 5 I2", "választ 5 K2") and every payment "a silver
    3", but `/pulsar info I1` listed technologies, `info E1`, `info silver`, `info median` found
    nothing. Each has an entry, found by either language's word, citing its rules."""
    from bot.lookup import find
    for typed, ident in (("I1", "TRACKS"), ("E2", "TRACKS"), ("K2", "TRACKS"), ("mérnöksáv", "TRACKS"),
                         ("silver", "DICE"), ("bonus die", "DICE"), ("ezüstkocka", "DICE"),
                         ("median", "MEDIAN"), ("középjelző", "MEDIAN")):
        found = find("pulsar", typed)
        assert found is not None and found.id == ident, typed
    tracks = find("pulsar", "I1")
    assert tracks is not None and "D-MOVE-1" in render(tracks.text, "en") and "`választ 5 K2`" in render(tracks.text, "hu")


def test_PAT_1_a_patent_in_the_hand_and_info_lists_says_all_it_gives_in_fewer_words() -> None:
    """N-9: the hand read "Your patents: AI-1a (die 1: a flight die from -1 to +1 and more)" and
    /info's list "AI-2a · … die 2; see /pulsar info", where the patent's own label said it all;
    a gist now takes the merged words before one reward "and more"."""
    gists = {ident: by_id()[ident].gist for ident in ("ai-1a", "ai-2a", "ai-2c")}
    for ident, gist in gists.items():
        assert gist is not None and gist.key == "pulsar.comp.gist.cost", ident
    assert render(gists["ai-1a"], "en") == "die 1 · a flight or a transmitter die from -1 to +1"   # one colon after the code (N-10)


def test_P_SETUP_HQ_side_the_secret_side_is_chosen_with_what_its_projects_give() -> None:
    """N-12: the menu offers "hqside 1 (gyrodyne projects)" or "hqside 2 (flying projects)" and
    `/pulsar info HQ4-1` listed the projects by code alone; the side's info now gives each
    project's die and reward, and the hand's line points to it."""
    from rules.messages import Msg
    text = by_id()["hq4-1"].text
    projects = text.params["projects"].items
    assert projects and all(item.key.startswith("pulsar.comp.hq_board.project") for item in projects)
    assert "HQ4-1.M (die 5 · 13 VP)" in render(text, "en")
    assert "`/pulsar info HQ4-1`" in render(Msg("pulsar.private.hq_choose", board=4), "en")


def test_A_PAY_1_a_die_not_held_says_none_rather_than_a_dash() -> None:
    """N-13: "fly s7 H01>J02" with no dice answered "You hold no 7; your dice: -."."""
    import pytest

    from rules.base import IllegalMove
    state = new_game({"players": 2, "first_game": True}, 1)
    state.phase = "actions"
    state.turn_queue = [0]
    state.players[0].dice = []
    state.players[0].ship = "H01"
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, GAME.parse_move(state, 0, "fly s3 H01>J02>S03>J04"))
    assert refused.value.rule == "A-PAY-1" and render(refused.value.msg, "en").endswith("your dice: none.")
    state.players[0].dice = [2, 5]
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, GAME.parse_move(state, 0, "fly s3 H01>J02>S03>J04"))
    assert render(refused.value.msg, "en").endswith("your dice: 2, 5.")


def test_NOT_1_a_number_out_of_range_cites_the_notation_rule() -> None:
    """N-14: "draft 9 I1" answered ""9" must be a number from 1 to 6." without a rule."""
    import pytest

    from rules.base import IllegalMove
    state = new_game({"players": 2, "first_game": True}, 1)
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(state, 0, "draft 9 I1")
    assert refused.value.rule == "NOT-1" and refused.value.msg.key == "pulsar.err.number"


def test_ACT_TX_PAY_a_middle_icon_of_the_three_icon_transmitter_says_one_to_go() -> None:
    """N-16: paying icon 2 of TX-B05 (three icons, icon 1 paid) read "6 VP and 2 VP each
    production"; the tile needs its third icon first."""
    from rules.pulsar.state import OwnTransmitter
    state = new_game({"players": 2, "first_game": True}, 1)
    state.phase = "actions"
    state.turn_queue = [0]
    state.players[0].dice = [1, 2, 3, 4, 5, 6]
    state.players[0].ship = "H01"
    state.players[0].transmitters.append(OwnTransmitter("TX-B05", [1]))
    pays = [text for text in (GAME.format_move(m) for m in GAME.legal_moves(state, 0)) if text.startswith("tx pay TX-B05")]
    assert pays
    description = GAME.describe_move(state, 0, pays[0])
    assert description is not None and description.key == "pulsar.phrase.tx_later_short" and description.params["left"] == 1
    state.players[0].transmitters[0] = OwnTransmitter("TX-B05", [1, 3])
    last = [text for text in (GAME.format_move(m) for m in GAME.legal_moves(state, 0)) if text.startswith("tx pay TX-B05")]
    described = GAME.describe_move(state, 0, last[0])
    assert described is not None and described.key != "pulsar.phrase.tx_later_short"


def test_HQ_4_a_gate_run_reward_reads_per_gate_as_every_other_per() -> None:
    """N-18: a gate run's reward read "orange gate run, 2 VP a gate", where every other reward of
    the game says "VP per goal", "VP per station"; now "2 VP per gate" (Hungarian "2 pont/kapu",
    as "pont/termelés")."""
    phrase = GAME.move_phrase(new_game({"players": 2, "first_game": True}, 1), 0, "hq HQ1-1.1c s3")
    assert "pulsar.effect_short.EFF-GATERUN" in _keys(phrase)
    assert render(phrase, "en", label=True).endswith("orange gate run, 2 VP per gate")
    assert render(phrase, "hu", label=True).endswith("narancs ugrókapu-verseny, 2 pont/kapu")
