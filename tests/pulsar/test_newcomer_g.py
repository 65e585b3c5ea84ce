"""Newcomer report 2026-11-27g (a Hungarian evening; Pulsar against the computer): P-11, a
transmitter's last icon paid without ``to=`` forgoes its teleport (TELEPORT-3) and says so, after
the ``to=`` variants; P-1, ``tx take`` without ``icon=`` pays the icon that matches the die
(ACT-TX-TAKE); P-2/P-3, whole rewards, counted, before cut ones."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.messages import LANGUAGES, render
from rules.pulsar import GAME, phrases
from rules.pulsar.setup import new_game
from rules.pulsar.state import OwnTransmitter


def _actions(dice: list[int]):   # type: ignore[no-untyped-def]
    state = new_game({"players": 2, "first_game": True}, 1)
    state.phase = "actions"
    state.turn_queue = [0]
    state.players[0].dice = list(dice)
    state.players[0].ship = "H01"
    return state


def _label(state, text: str, language: str) -> str:   # type: ignore[no-untyped-def]
    words = render(GAME.move_phrase(state, 0, text), language, label=True)
    description = GAME.describe_move(state, 0, text)
    return words if description is None else f"{words}: {render(description, language, label=True)}"


def test_TELEPORT_3_the_last_icon_offers_the_teleport_first_and_says_when_it_is_forgone() -> None:
    """P-11: TX-A08 (icons 2, 4; on activation a teleport to a system) with icon 1 paid: the
    payments with ``to=`` come first, the one without it last, labelled "without teleporting"."""
    state = _actions([4, 6])
    state.players[0].transmitters.append(OwnTransmitter("TX-A08", [1]))
    pays = [GAME.format_move(m) for m in GAME.legal_moves(state, 0) if GAME.format_move(m).startswith("tx pay TX-A08")]
    plain = [text for text in pays if "to=" not in text]
    assert plain and pays.index(plain[0]) > max(i for i, text in enumerate(pays) if "to=" in text)
    description = GAME.describe_move(state, 0, plain[0])
    assert description is not None and description.key.startswith("pulsar.describe.no_teleport")
    for language in LANGUAGES:
        assert len(_label(state, plain[0], language)) <= phrases.LABEL_LIMIT
    assert "teleport nélkül" in _label(state, plain[0], "hu").casefold()
    with_to = next(text for text in pays if "to=" in text)
    assert "no_teleport" not in str(GAME.describe_move(state, 0, with_to))
    declined = GAME.apply(state, GAME.parse_move(state, 0, plain[0]))
    assert declined.players[0].ship == "H01" and declined.players[0].transmitters[0].operational


def test_TELEPORT_3_a_first_icon_says_nothing_of_a_teleport() -> None:
    """The first of two icons activates nothing: no "without teleporting"."""
    state = _actions([2, 6])
    state.offer = ["TX-A08", "TX-A04", "TX-A03"]
    state.players[0].transmitters.append(OwnTransmitter("TX-B01", []))
    description = GAME.describe_move(state, 0, "tx pay TX-B01 icon=1 s2")
    assert description is None or "no_teleport" not in description.key


@pytest.mark.parametrize("text", ["tx take TX-A06 s4 icon=1", "patent AII-4b s4"])
def test_TELEPORT_3_a_take_or_patent_without_to_says_it_forgoes_the_teleport(text: str) -> None:
    """TX-A06 (one icon) and AII-4b activate a teleport at once: without ``to=`` the phrase says
    "without teleporting" and does not list the teleport among what it gives."""
    message = phrases.phrase(text)
    assert "pulsar.phrase.opt.no_teleport" in repr(message.params["extra"])
    assert "EFF-TELEPORT" not in repr(message.params.get("gives", ""))
    with_to = phrases.phrase(text + " to=S06")
    assert "no_teleport" not in repr(with_to.params["extra"])


def test_ACT_TX_TAKE_without_icon_the_icon_matching_the_die_is_paid() -> None:
    """P-1: ``adóállomás elvesz AD-A04 e2`` (TX-A04: icons 1 and 2) pays icon 2, not icon 1."""
    state = _actions([2, 6])
    state.offer = ["TX-A04", "TX-A08", "TX-A03"]
    move = GAME.parse_move(state, 0, "adóállomás elvesz AD-A04 e2")
    assert GAME.format_move(move) == "tx take TX-A04 s2 icon=2"
    after = GAME.apply(state, move)
    assert after.players[0].transmitters[0].covered == [2]
    assert GAME.format_move(GAME.parse_move(state, 0, "tx take TX-A04 s1+1")) == "tx take TX-A04 s1+1 icon=2"


@pytest.mark.parametrize("text, rule", [("tx take TX-A04 s2 icon=1", "ACT-TX-TAKE"),
                                        ("tx pay TX-A04 icon=1 s2", "ACT-TX-PAY")])
def test_ACT_TX_TAKE_ACT_TX_PAY_a_wrong_icon_is_refused_naming_the_right_one(text: str, rule: str) -> None:
    """P-1: the typed icon takes another value, another free icon takes this die: say which."""
    state = _actions([2, 6])
    state.offer = ["TX-A04", "TX-A08", "TX-A03"]
    if "pay" in text:
        state.offer.remove("TX-A04")
        state.players[0].transmitters.append(OwnTransmitter("TX-A04", []))
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, GAME.parse_move(state, 0, text))
    assert refused.value.rule == rule
    assert refused.value.msg.key == "pulsar.err.tx_icon_other"
    assert refused.value.msg.params["other"] == 2 and refused.value.msg.params["icon"] == 1
    assert "ikon=2" in render(refused.value.msg, "hu")


def test_ACT_TX_TAKE_a_die_no_icon_takes_is_refused_with_the_icons() -> None:
    state = _actions([5, 6])
    state.offer = ["TX-A04", "TX-A08", "TX-A03"]
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, GAME.parse_move(state, 0, "tx take TX-A04 s5"))
    assert refused.value.rule == "ACT-TX-TAKE" and refused.value.msg.key == "pulsar.err.tx_icon"


@pytest.mark.parametrize("full", [True, False])
def test_HQ_4_a_reward_printed_twice_is_counted(full: bool) -> None:
    """P-3: HQ3-2.1a gives two ±1 tokens: "2 db ±1 kockamódosító", not the token twice."""
    message = phrases.phrase("hq HQ3-2.1a s2", full)
    shown = render(message, "hu", label=not full)
    assert "2 db ±1 kockamódosító" in shown and shown.count("±1") == 1, shown
    assert "2 ±1" in render(message, "en", label=not full)


def test_REVEAL_a_discovery_bonus_printed_twice_is_counted() -> None:
    """P-3: the system tile PS14's bonus (two ±1 tokens) in the thread and /info."""
    from rules.pulsar import describe
    from rules.pulsar.data import tables
    gain = describe.effects(tables().systems["PS14"].bonus)
    assert [item.key for item in gain.items] == ["pulsar.effect_n.EFF-MOD"]
    assert render(gain, "hu") == "2 db ±1 kockamódosító"


def test_HQ_4_PAT_1_the_whole_reward_in_fewer_words_before_a_cut_one() -> None:
    """P-2: where the whole reward fits with fewer words around the code, it is not cut."""
    message = phrases.phrase("hq HQ1-1.1c s2+1")
    assert "pulsar.phrase.gives_more" not in repr(message.params["gives"])
    assert "stb." not in render(message, "hu", label=True) and "4 pont" in render(message, "hu", label=True)


@pytest.mark.parametrize("side", ["A", "B"])
def test_P_SETUP_21_each_starting_gate_says_what_a_die_reaches_from_it(side: str) -> None:
    """P-10: the starting gates' choices are not bare: each says how many unexplored systems and
    unclaimed pulsars lie within 6 steps (a die's flight), which differ between the gates."""
    state = GAME.new_game({"players": 3, "cluster_side": side}, 5)
    while state.phase != "start_gate":
        seat = min(GAME.waiting_for(state))
        state = GAME.apply(state, GAME.legal_moves(state, seat)[0])
    seat = min(GAME.waiting_for(state))
    gates = [GAME.format_move(m) for m in GAME.legal_moves(state, seat)]
    said = []
    for text in gates:
        description = GAME.describe_move(state, seat, text)
        assert description is not None and description.key == "pulsar.describe.gate_near", text
        said.append((description.params["systems"], description.params["pulsars"]))
        for language in LANGUAGES:
            assert len(_label(state, text, language)) <= phrases.LABEL_LIMIT
    assert len(set(said)) > 1, said
    assert "6 lépésen belül" in _label(state, gates[0], "hu")


def test_PR_4_the_hand_says_a_transmitter_produces_only_once_fully_paid() -> None:
    """P-5: with a transmitter not fully paid, the hand says that only an operational one
    produces; once all are operational it does not."""
    state = _actions([2, 6])
    state.players[0].transmitters.append(OwnTransmitter("TX-A04", [1]))
    keys = [line.key for line in GAME.private_lines(GAME.view(state, 0), 0)]
    assert keys.index("pulsar.private.transmitters_unpaid") == keys.index("pulsar.private.transmitters") + 1
    lines = [render(line, "hu") for line in GAME.private_lines(GAME.view(state, 0), 0)]
    assert any("csak akkor termel, ha minden kockaikonja ki van fizetve" in line for line in lines), lines
    state.players[0].transmitters[0].covered.append(2)
    state.players[0].transmitters[0].operational = True
    keys = [line.key for line in GAME.private_lines(GAME.view(state, 0), 0)]
    assert "pulsar.private.transmitters_unpaid" not in keys


def test_D_DRAFT_no_dice_before_the_draft_reads_none_yet() -> None:
    """P-6: before the draft the status says "kockák: még nincs", not "kockák: -"; once spent "nincs"."""
    state = new_game({"players": 2, "first_game": True}, 1)
    state.phase = "draft"
    shown = [render(line, "hu") for line in GAME.status_lines(state)]
    assert any("kockák: még nincs" in line for line in shown), shown
    assert not any("kockák: -" in line for line in shown)
    spent = _actions([])
    assert any("kockák: nincs" in render(line, "hu") for line in GAME.status_lines(spent))


@pytest.mark.parametrize("typed, size", [("erőmű elvesz kicsi e2", "S"), ("erőmű elvesz kicsit e2", "S"),
                                         ("erőmű elvesz közepeset e2", "M"), ("erőmű elvesz nagyot e2", "L"),
                                         ("gyro take small s2", "S"), ("gyro take large s2", "L")])
def test_NOT_1_a_gyrodyne_size_may_be_typed_as_the_adjective(typed: str, size: str) -> None:
    """P-7: "kicsi", the accusative ("nagyot") and the English words are gyrodyne sizes."""
    move = GAME.parse_move(_actions([2]), 0, typed)
    assert move.arg == size


def test_TX_ACT_a_transmitter_without_a_one_time_reward_does_not_read_nothing() -> None:
    """P-9: TX-A02's gist is "kockák: 2 · termelés: …", not "kockák: 2 · semmi · …"."""
    from rules.pulsar.components import by_id
    gist = by_id()["tx-a02"].gist
    assert gist.key == "pulsar.comp.transmitter.gist_production"
    assert "semmi" not in render(gist, "hu")


def test_HQ_4_PAT_1_ACT_TX_TAKE_a_reward_is_cut_only_where_no_shorter_whole_form_fits() -> None:
    """P-2, over a playout of each player count: a label cuts what a project, technology or
    transmitter gives ("… stb.") only where even the briefest wording of the whole reward (the
    code with no article, the die's token as its sign) is over the limit; few labels are cut."""
    from tests.pulsar.test_label_length import playout_positions

    from rules.pulsar import moves as mv
    from rules.pulsar.codes import code
    from rules.pulsar.data import tables
    keys = {mv.HQ: ("phrase.hq", lambda m: tables().projects[m.arg].effects),
            mv.PATENT: ("phrase.patent", lambda m: phrases._but_teleport(m, tables().technologies[m.arg].effects)),
            mv.TX_TAKE: ("phrase.tx_take", lambda m: phrases._but_teleport(
                m, tables().transmitters[m.arg].on_activation + tables().transmitters[m.arg].production))}
    total = cut = 0
    for players in (2, 3, 4):
        for game, state, seats in playout_positions("pulsar", players, 7 + players, 2):
            for seat in seats:
                for move in game.legal_moves(state, seat):
                    if move.kind not in keys or move.pay is None:
                        continue
                    total += 1
                    phrase = phrases.of_move(move)
                    if "pulsar.phrase.gives_more" not in repr(phrase):
                        continue
                    cut += 1
                    key, effects = keys[move.kind]
                    whole = phrases.gives_ladder(effects(move))[0]
                    if move.kind == mv.TX_TAKE and len(tables().transmitters[move.arg].dice) > 1:   # 28b N-1
                        whole = phrases.P("phrase.tx_later_short", gives=whole,
                                          left=len(tables().transmitters[move.arg].dice) - 1)
                    values = {"tile": code(move.arg)} if move.kind == mv.TX_TAKE else {}
                    brief = phrases.P(f"{key}_brief", gives=whole, die=phrases.die(move.pay, True, True),
                                      extra=phrases._options(move), icon=move.number, tech=move.arg,
                                      project=move.arg, **values)
                    assert not phrases.fits(brief), mv.format_move(move)
    assert total > 200 and 0 < cut < total // 10, (cut, total)


def test_TELEPORT_3_a_technology_that_only_teleports_does_not_read_nothing() -> None:
    """AII-4b gives only a teleport: without ``to=`` its label does not say it gives "nothing"."""
    message = phrases.phrase("patent AII-4b s4")
    assert message.key == "pulsar.phrase.patent_short"          # a label's one head (P-4)
    assert "pulsar.comp.nothing" not in repr(message)


def _die_keys(message) -> set[str]:   # type: ignore[no-untyped-def]
    """The die wordings (a token's, a technology's change) anywhere in ``message``."""
    from rules.messages import Join, Msg
    if isinstance(message, Join):
        return set().union(*(_die_keys(item) for item in message.items)) if message.items else set()
    if not isinstance(message, Msg):
        return set()
    own = {message.key} if message.key.startswith(("pulsar.die.mod", "pulsar.die.flex")) else set()
    return own.union(*(_die_keys(value) for value in message.params.values()))


def test_HQ_4_PAT_1_ACT_TX_TAKE_one_list_reads_one_head_and_one_die_wording() -> None:
    """P-4, over a playout of each player count: every suggestion list says each patent, HQ
    project and transmitter taken with one head ("Szabadalmaztasd: BI-2b (…) – …", never also
    "Szabadalmaztasd a BI-1b technológiát (…)") and each die with one wording ("2-es ezüstkocka
    +1", never also "+1 módosítóval" or "+1 kockamódosítóval"); a shorter label only drops
    trailing parts.  The thread's line keeps the full words."""
    from tests.pulsar.test_label_length import playout_positions

    from rules.pulsar import moves as mv
    from rules.pulsar.codes import code
    kinds = {mv.HQ: "hq", mv.PATENT: "patent", mv.TX_TAKE: "tx_take"}
    checked = modified = 0
    for players in (2, 3, 4):
        for game, state, seats in playout_positions("pulsar", players, 11 + players, 2):
            for seat in seats:
                dies: set[str] = set()
                for move in game.legal_moves(state, seat):
                    text = game.format_move(move)
                    label = game.move_phrase(state, seat, text)
                    dies |= _die_keys(label)
                    if move.kind not in kinds or move.pay is None:
                        continue
                    kind = kinds[move.kind]
                    assert label.key in (f"pulsar.phrase.{kind}_brief", f"pulsar.phrase.{kind}_short"), text
                    assert game.full_phrase(state, seat, text).key in (f"pulsar.phrase.{kind}", f"pulsar.phrase.{kind}_plain")
                    values = {"tile": code(move.arg), "icon": move.number} if kind == "tx_take" else {
                        "tech": move.arg} if kind == "patent" else {"project": move.arg}
                    bare = phrases.P(f"phrase.{kind}_short", die=phrases.label_die(move.pay), extra="", **values)
                    for language in LANGUAGES:
                        assert render(label, language, label=True).startswith(render(bare, language, label=True)), text
                    checked += 1
                    modified += bool(move.pay.mod)
                assert dies <= {"pulsar.die.mod_tiny", "pulsar.die.flex_short"}, dies
    assert checked > 200 and modified > 10, (checked, modified)


def _with_stations(count: int):   # type: ignore[no-untyped-def]
    """A turn of actions of seat 0 with ``count`` stations on planets of the cluster board."""
    state = _actions([2, 4])
    systems = list(state.systems.values())[:count]
    for index, system in enumerate(systems):
        system.revealed = True
        system.planets = {f"p{index}": "0"}
    return state


def test_PAT_5_EFF_VP_PER_the_AII_4a_label_says_what_it_scores_now() -> None:
    """AII-4a (EFF-VP-PER(station,1), at once): the label gives the number for this player now,
    "+3 pont most (1 pont/állomás)", not only "1 pont/állomás"; the thread's line (the move may
    be read later) keeps the printed words."""
    state = _with_stations(3)
    label = GAME.move_phrase(state, 0, "patent AII-4a s2")
    assert label.params["gives"].key == "pulsar.effect_now.EFF-VP-PER" and label.params["gives"].params["vp"] == 3
    assert "+3 pont most (1 pont/állomás)" in render(label, "hu", label=True)
    assert "+3 VP now" in render(label, "en", label=True)
    assert "most" not in render(GAME.full_phrase(state, 0, "patent AII-4a s2"), "hu")


def test_PAT_5_EFF_VP_PER_no_number_for_a_player_whose_turn_it_is_not() -> None:
    """The number is this player's now: a seat not at its turn reads the printed words."""
    state = _with_stations(2)
    assert GAME.move_phrase(state, 0, "patent AII-4a s2").params["gives"].params["vp"] == 2
    other = GAME.move_phrase(state, 1, "patent AII-4a s2")
    assert "pulsar.effect_now.EFF-VP-PER" not in repr(other) and "pulsar.effect_short.EFF-VP-PER" in repr(other)
    assert "pont most" not in render(other, "hu", label=True)
