"""Newcomer report 2026-11-27d (a Hungarian evening with Pulsar 2849 against the computer)."""
from __future__ import annotations

import pytest

from rules.messages import LANGUAGES, render
from rules.pulsar import moves as mv
from rules.pulsar import phrases
from rules.pulsar.data import tables

#: Dice a label may pay with: a silver die, the bonus die, each with a token (DICE-MOD).
PAYMENTS = ("s1", "s3", "s6", "r", "s3-1", "s3+1", "s3+2", "r-1", "r+2")


def _texts() -> list[str]:
    tab = tables()
    texts = [f"patent {code} {pay}" for code in tab.technologies for pay in PAYMENTS]
    texts += [f"hq {code} {pay}" for code in tab.projects for pay in PAYMENTS]
    texts += [f"tx take {code} {pay} icon=1" for code in tab.transmitters for pay in PAYMENTS]
    return texts


def test_PAT_1_HQ_TX_a_label_paid_with_a_token_still_says_what_it_gives() -> None:
    """D-P1 (PAT-1, HQ-1, TX-TAKE): "szabadalmaztatja a BI-1a technológiát (3-as ezüstkocka −1
    kockamódosítóval)" told a player choosing a technology nothing of it: with a dice token the
    Hungarian label lost the technology's gift. A briefer wording (``pulsar.phrase.*_brief``)
    keeps the gift; a label goes without it only where no wording with it fits."""
    for text in _texts():
        message = phrases.phrase(text)
        assert not message.key.startswith("pulsar.phrase.raw"), text
        if message.key.endswith(("_plain", "_short")):
            if not phrases._but_teleport(mv.parse_move(0, text), _effects(text)):
                continue            # a teleport alone: "without teleporting" says it (27g P-11, TELEPORT-3)
            verb = message.key.removesuffix("_plain").removesuffix("_short")
            briefest = phrases.gives_ladder(_effects(text))[-1]
            fallback = phrases.P(verb.removeprefix("pulsar.") + "_brief", gives=briefest, **_values(message))
            assert not phrases.fits(fallback), (text, [render(fallback, lang) for lang in LANGUAGES])


def test_PAT_1_the_technology_from_the_evening_reads_with_its_gift() -> None:
    """The very label of the evening (script pulsar-patent-label.txt): BI-1a with a 3 and a −1 token."""
    message = phrases.phrase("patent BI-1a s3-1")
    assert message.key == "pulsar.phrase.patent_brief"
    hungarian = render(message, "hu")
    assert "BI-1a" in hungarian and "ugrókapu" in hungarian and len(hungarian) <= phrases.LABEL_LIMIT


@pytest.mark.parametrize("language", LANGUAGES)
def test_PAT_1_the_thread_line_keeps_the_full_wording(language: str) -> None:
    """A thread line, the log (``full``) keep the fullest wording: the brief one is for labels only."""
    assert phrases.phrase("patent BI-1a s3-1", full=True).key == "pulsar.phrase.patent"


def _effects(text: str):   # type: ignore[no-untyped-def]
    tab = tables()
    words = text.split()
    if words[0] == "patent":
        return tab.technologies[words[1]].effects
    if words[0] == "hq":
        return tab.projects[words[1]].effects
    info = tab.transmitters[words[2]]
    return info.on_activation + info.production


def _values(message):   # type: ignore[no-untyped-def]
    return {name: value for name, value in message.params.items() if name != "gives"}


def _refusal(text: str):   # type: ignore[no-untyped-def]
    import rules
    from rules.base import IllegalMove
    game = rules.get_game("pulsar")
    state = game.new_game({"players": 2}, 1)
    with pytest.raises(IllegalMove) as caught:
        game.parse_move(state, 0, text)
    return caught.value


@pytest.mark.parametrize(("typed", "echo"), [("repül e2 K24>U23>U2", "U2"), ("repül e2 K24>X9>U21", "X9"),
                                             ("kezdőkapu K99", "K99"), ("fly s2 H24>J23>J2", "J2")])
def test_NOT_1_a_wrong_location_in_a_path_is_echoed_as_typed(typed: str, echo: str) -> None:
    """D-P2 (NOT-1): `repül e2 K24>U23>U2` was refused with "Nincs „J2” nevű helyszín": the
    English notation's letter for a gate the player typed with the Hungarian U. A location inside
    a flight's path is echoed as typed, as a whole word already was."""
    error = _refusal(typed)
    assert error.msg.key == "pulsar.err.location" and error.rule == "NOT-1"
    assert error.msg.params["value"] == echo


def test_a_half_move_is_refused_without_repeating_the_hosts_words() -> None:
    """D-P3 (pulsar.err.arguments): the host says "Ez a lépés nem szabályos: {reason}"; the
    reason no longer starts with "Ezt a lépést" again, and still names the verb and an example."""
    error = _refusal("oldal")
    assert error.msg.key == "pulsar.err.arguments"
    hungarian = render(error.msg, "hu")
    assert not hungarian.startswith("Ezt a lépést") and "„oldal”" in hungarian and "oldal 2" in hungarian


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("players", "seed", "plies"), [(2, 3, 60), (3, 5, 150), (4, 7, 240)])
def test_the_legend_lines_read_at_420_px(monkeypatch, language: str, players: int, seed: int, plies: int) -> None:
    """D-P5 (images at 420 px): the lines under the dice board and the panels that say what each
    offered transmitter, goal, patent and project gives were 18-px type (9.5 px on a phone 420 px
    wide); they are drawn at 20 px or more (10.5 px there), whole."""
    import random

    import rules
    import renderers.pulsar as rp
    from tests.renderers.text_spy import record_texts

    game = rules.get_game("pulsar")
    state = game.new_game({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over(state):
            break
        state = game.apply(state, game.random_move(state, min(game.waiting_for(state)), rng))
    view = game.view(state, None)
    idents = {item for item in (*view.offer, *view.goals) if rp.gist_of(item) is not None}
    idents |= {ident for p in view.players for ident in (*p.patents, *(t.tile for t in p.transmitters), *p.hq_done)
               if rp.gist_of(ident) is not None}
    legends = {render(phrases.P("board.legend", id=rp.code(ident), gist=rp.gist_of(ident)), language) for ident in idents}
    assert legends
    seen = record_texts(monkeypatch)
    rp.draw_dice_board(view, language)
    rp.draw_players(view, None, language)
    drawn = [(text, size) for text, size in seen if text in legends]
    assert {text for text, _size in drawn} == legends
    assert min(size for _text, size in drawn) * 420 / rp.WIDTH >= 10.5


def test_FLY_BONUS_1_a_system_revealed_in_passing_says_its_bonus_is_not_gained() -> None:
    """D-P6 (FLY-BONUS-1, STATION-PASS): a flight through an unexplored system printed
    "Felfedett naprendszer: N06 (...); felfedezés bónusz: ..." as the end system's line does, and
    only the end got "megkapja": the passed system's news now says the bonus comes only to a
    flight that ends there."""
    from rules.messages import from_json
    from rules.pulsar.flying import fly
    from rules.pulsar.setup import new_game

    state = new_game({"players": 4, "first_game": True, "cluster_side": "A"}, 1)
    state.phase = "actions"
    state.players[0].ship = "J07"
    fly(state, 0, ("J07", "S06", "J04", "S03"))
    keys = [from_json(event).key for event in state.events]
    assert keys.count("pulsar.event.revealed_passing") == 1 and keys.count("pulsar.event.revealed") == 1
    assert keys.index("pulsar.event.revealed_passing") < keys.index("pulsar.event.revealed")
    passing = next(from_json(e) for e in state.events if from_json(e).key == "pulsar.event.revealed_passing")
    assert passing.params["location"] is not None and "áthaladáskor nem jár" in render(passing, "hu")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dice_board_shows_no_median_after_the_end(monkeypatch, language: str) -> None:
    """D-P7: under "8. forduló (összesen 8) · a játék véget ért" the dice board still drew the last
    round's median ("Középjelző: a 4-es és 5-ös doboz között (értéke 5)"); after the end it draws
    none (the turn order stays: it scores at the end)."""
    import random

    import rules
    import renderers.pulsar as rp
    from tests.renderers.text_spy import record_texts

    game = rules.get_game("pulsar")
    state = game.new_game({"players": 2}, 3)
    rng = random.Random(3)
    while not game.is_over(state):
        state = game.apply(state, game.random_move(state, min(game.waiting_for(state)), rng))
    view = game.view(state, None)
    assert view.median is not None
    seen = record_texts(monkeypatch)
    rp.draw_dice_board(view, language)
    starts = {render(phrases.P("board.median_gap", low=1, high=2, value=2), language)[:8]}
    assert not [text for text, _size in seen if text[:8] in starts]


def test_PR_4_GOAL_1_the_cube_purchases_say_what_they_cost_and_bring() -> None:
    """D-P8 (PR-4, GOAL-1): "a végső pontozásnál: a C5a céllapka 1 bónuszát veszi meg" and "...
    1-1 mérnökkockáért pontot kap ezektől az adóállomásoktól: AD-A07" said neither the cubes nor
    the points; the labels add them ("4 mérnökkockáért +6 pont", "+2 pont")."""
    import rules

    game = rules.get_game("pulsar")
    state = game.new_game({"players": 2}, 1)
    goal = tables().goals["G5a"]
    described = game.describe_move(state, 0, "goals G5a:2")
    assert described is not None and described.key == "pulsar.describe.cubes_for_vp"
    assert (described.params["cubes"], described.params["vp"]) == (sum(c for c, _ in goal.bonus[:2]),
                                                                   sum(v for _, v in goal.bonus[:2]))
    points = next(int(e.args[0]) for e in tables().transmitters["TX-A07"].production if e.name == "PROD-BUY")
    described = game.describe_move(state, 0, "prod TX-A07")
    assert described is not None and described.params["vp"] == points
    assert f"+{points} pont" in render(described, "hu")
    assert game.describe_move(state, 0, "goals none") is None and game.describe_move(state, 0, "prod none") is None
