"""Issue 24: no component code a Hungarian player reads or types comes from an English word.
Transmitters (ACT-TX-*) read ``AD-A06`` (adóállomás), goal tiles (GOAL-*) ``C3b`` (céllapka),
exploration tiles (EXPL-1) ``FF12``, planetary system tiles (REVEAL-1) ``NR17``; both codes
are accepted as input (§10.1), the stored notation keeps the English ids."""
from __future__ import annotations

import re

import pytest

from rules.messages import render
from rules.pulsar import GAME
from rules.pulsar.codes import canonical_codes, code, hu_code
from rules.pulsar.components import all_components, by_id
from rules.pulsar.data import tables
from rules.pulsar.moves import format_move, parse_move
from rules.pulsar.phrases import phrase

ENGLISH_CODE = re.compile(r"(?<![\w-])(?:TX-[ABC]\d\d|G[1-6][ab]|EX\d\d|PS\d\d|G[SML])(?![\w])")


def _ids() -> list[str]:
    tab = tables()
    return [*tab.transmitters, *tab.goals, *tab.exploration, *tab.systems]


def test_every_english_derived_id_has_a_hungarian_code_that_reads_back():
    for ident in _ids():
        hungarian = hu_code(ident)
        assert not ENGLISH_CODE.search(hungarian), ident
        assert canonical_codes(hungarian) == ident
        assert canonical_codes(hungarian.lower()) == ident            # any case
        assert canonical_codes(ident) == ident                        # the notation passes unchanged


def test_the_hungarian_codes_collide_with_no_other_id_code_or_location():
    """§10.1: a typed code names one thing; N/U/K/P locations, K/M markers, e/p dice differ."""
    hungarian = {hu_code(ident).lower() for ident in _ids()}
    assert len(hungarian) == len(_ids())
    others = {comp.id.lower() for comp in all_components()} | {
        alias.lower() for comp in all_components() if comp.kind == "pulsar.kind.location" for alias in comp.aliases}
    assert not hungarian & others
    for word in ["N17", "U07", "K2", "P11", "K1", "M2", "e3", "p", "AI-1a", "HQ1-1.2b", "S03", "pm", "p2"]:
        assert canonical_codes(word) == word


@pytest.mark.parametrize(("typed", "canonical"), [
    ("adóállomás elvesz AD-A04 e1 ikon=1", "tx take TX-A04 s1 icon=1"),          # ACT-TX-TAKE
    ("adoallomas elvesz ad-a04 e1 ikon=1", "tx take TX-A04 s1 icon=1"),
    ("adóállomás elvesz ADA04 e1", "tx take TX-A04 s1"),
    ("adóállomás fizet AD-A04 ikon=2 e2", "tx pay TX-A04 icon=2 s2"),             # ACT-TX-PAY
    ("adóállomás összeköt AD-A02.1 AD-A04.1", "tx link TX-A02.1 TX-A04.1"),       # ACT-TX-LINK
    ("termelés AD-A07 AD-B01", "prod TX-A07 TX-B01"),                             # PR-4
    ("célok C5a:2 választ=C1a", "goals G5a:2 pick=G1a"),                          # GOAL-1, GOAL-2
    ("celok c5A:1", "goals G5a:1"),
    ("tx take TX-A04 s1 icon=1", "tx take TX-A04 s1 icon=1"),                     # English still read
    ("goals G5a:2 pick=G1a", "goals G5a:2 pick=G1a"),
])
def test_S10_1_both_codes_are_read_and_the_notation_stays_english(typed, canonical):
    move = parse_move(0, GAME.canonical_prefix(typed))
    assert move == parse_move(0, canonical)
    assert format_move(move) == format_move(parse_move(0, canonical))
    assert not re.search(r"AD-|\bC\d", format_move(move))


@pytest.mark.parametrize("text", ["tx take TX-A04 s1 icon=1", "tx pay TX-A04 icon=2 s2", "tx link TX-A02.1 TX-A04.1",
                                  "prod TX-A07", "goals G5a:2 pick=G1a"])
def test_a_hungarian_autocomplete_value_and_phrase_show_no_english_code(text):
    value = GAME.localize_move(text, "hu")
    assert not ENGLISH_CODE.search(value) and ("AD-" in value or "C5a" in value)
    assert GAME.canonical_prefix(value) == text                  # the value is accepted as typed
    hungarian, english = render(phrase(text), "hu"), render(phrase(text), "en")
    assert not ENGLISH_CODE.search(hungarian), hungarian
    assert ENGLISH_CODE.search(english), english                 # an English reader keeps the printed ids


def test_status_and_hand_show_hungarian_codes_to_a_hungarian_reader():
    """The offer (TX-OFFER) and the goal tiles (GOAL-1) in /állás; own transmitters in /kéz."""
    state = GAME.new_game({"players": 3}, 4)
    lines = [render(line, "hu") for line in GAME.status_lines(GAME.view(state, 0))]
    joined = "\n".join(lines)
    assert "AD-" in joined and re.search(r"\bC[1-6][ab]\b", joined)
    assert not ENGLISH_CODE.search(joined), joined
    english = "\n".join(render(line, "en") for line in GAME.status_lines(GAME.view(state, 0)))
    assert "TX-" in english


@pytest.mark.parametrize(("ident", "hungarian"), [("TX-A06", "AD-A06"), ("G3b", "C3b"), ("EX12", "FF12"),
                                                  ("PS07", "NR07"), ("GS", "kis-erőmű"), ("GL", "nagy-erőmű"),
                                                  # newcomer N-2: the awards and die modifier tokens
                                                  ("AW-S7", "kis-jutalom7"), ("AW-M4", "közepes-jutalom4"),
                                                  ("MOD-PM1", "pluszmínusz"), ("MOD-P2", "pluszkettő")])
def test_info_shows_and_finds_the_hungarian_code(ident, hungarian):
    comp = by_id()[ident.lower()]
    assert comp.code is not None and comp.code.text("hu") == hungarian and comp.code.text("en") == ident
    assert hungarian in comp.aliases
    assert not ENGLISH_CODE.search(render(comp.name, "hu") + render(comp.text, "hu"))


def test_a_message_value_code_is_localized():
    value = code("TX-B03")
    assert value.text("hu") == "AD-B03" and value.text("en") == "TX-B03"


@pytest.mark.parametrize(("typed", "found"), [("AD-A0", "TX-A01"), ("ada06", "TX-A06"), ("c3", "G3a"), ("C3b", "G3b"),
                                              ("ff0", "EX01"), ("nr07", "PS07"), ("kis-er", "GS"), ("TX-A0", "TX-A01")])
def test_info_lookup_finds_a_component_by_either_code(typed, found):
    from bot import lookup
    assert found in [comp.id for comp in lookup.search("pulsar", typed, 25)]


def test_ACT_TX_TAKE_a_refusal_names_the_tiles_in_the_readers_codes():
    """A transmitter not in the offer: the refusal names it and the offer as AD-… in Hungarian."""
    from rules.base import IllegalMove
    from rules.pulsar.transmitters import take
    state = GAME.new_game({"players": 3}, 4)
    missing = next(t for t in tables().transmitters if t not in state.offer)
    with pytest.raises(IllegalMove) as error:
        take(state, 0, missing, 1, 1, None, None)
    hungarian, english = render(error.value.msg, "hu"), render(error.value.msg, "en")
    assert hu_code(missing) in hungarian and not ENGLISH_CODE.search(hungarian), hungarian
    assert missing in english


def test_a_hungarian_console_transcript_shows_no_english_derived_code(tmp_path):
    """Issue 24's measure, on the demo game (``python -m bot.demo pulsar --players 3 --seed 7``)
    replayed as Hungarian users: the moves (ACT-TX-TAKE, ACT-TX-PAY), reveals (REVEAL-1),
    status (offer, GOAL-1) and hand name transmitters AD-…, goal tiles C…, system tiles NR…."""
    import asyncio
    import io

    from bot.config import Settings
    from bot.console import console_main
    from bot.demo import random_game_script

    script, _final = random_game_script("pulsar", 3, 7)
    lines = script.splitlines()[:140] + ["as alice", "/pulsar status", "/pulsar hand"]
    out = io.StringIO()
    asyncio.run(console_main(Settings(), db_path=None, board_dir=str(tmp_path), stdin=io.StringIO("\n".join(lines) + "\n"),
                             stdout=out, seed=7, locale="hu"))
    shown = "\n".join(line for line in out.getvalue().splitlines() if not line.startswith("> "))
    assert "AD-" in shown and re.search(r"\bC[1-6][ab]\b", shown) and "NR" in shown
    assert not ENGLISH_CODE.search(shown), ENGLISH_CODE.findall(shown)
