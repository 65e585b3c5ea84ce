"""The thread says what the game waits for, not only whom (C-S7 of
docs/newcomer-report-2026-11-27c.md; contract ``waiting_hint``): after a move the thread's
post ends "Erre vár a játék: alice (Kék) – a kutatás húzásai" when the same player acts again
within a turn, another player answers a window or several decide at once; a plain turn start
stays "Erre vár a játék: alice (Kék)".  The words join the post the move makes anyway: no new
post, no new ping text."""
import random

import pytest

import rules
from bot.demo import PLAYER_NAMES
from bot.i18n import t, tr
from rules.messages import Msg

from .script_play import hungarian_harness, open_game

WAITING = t("waiting_for", "hu", players="").strip()          # "Erre vár a játék:"


def waiting_line(content: str) -> str:
    [line] = [line for line in content.splitlines() if line.startswith(WAITING)]
    return line


def demo_moves(name: str, players: int, seed: int, count: int) -> list[tuple[int, str, object]]:
    """The first ``count`` moves of a demo game (seat, move text, the state after it), as the
    console's demo scripts choose them."""
    game = rules.get_game(name)
    state = game.new_game(game.normalize_options({"players": players}), seed)
    chooser = random.Random(seed)
    moves = []
    while len(moves) < count and not game.is_over(state):
        seat = min(game.waiting_for(state))
        move = game.demo_move(state, seat, chooser)
        state = game.apply(state, move)
        moves.append((seat, game.format_move(move), state))
    return moves


@pytest.mark.parametrize("name,seed,count", [("planetarium", 5, 14), ("spacecorp", 3, 24)])
async def test_each_moves_post_says_what_the_game_waits_for_within_a_turn(tmp_path, name, seed, count):
    game = rules.get_game(name)
    bot, harness, users = hungarian_harness(tmp_path, seed, 2, 700)
    await harness.start()
    hinted = plain = 0
    try:
        thread = await open_game(harness, users, name, 2)
        for seat, text, after in demo_moves(name, 2, seed, count):
            sent = await harness.slash(users[PLAYER_NAMES[seat]], f"{name} move", channel_id=thread, text=text)
            assert not sent.errors, (text, sent.errors)
            posts = [s for s in sent if s.ok and not s.ephemeral and s.content and WAITING in s.content]
            assert len(posts) == 1, (text, [s.content for s in posts])      # one post a move, as before
            line = waiting_line(posts[0].content)
            hint = game.waiting_hint(after)
            if hint is None:
                plain += 1
                assert " – " not in line, (text, line)
            else:
                hinted += 1
                assert line.endswith(" – " + tr(hint, "hu")), (text, line)
        assert hinted and plain          # both kinds of pause were met
    finally:
        await harness.close()


def test_the_line_with_what_is_awaited_is_one_sentence_in_both_languages():
    """One catalogue key with both values (not a line glued from fragments)."""
    what = Msg("spacecorp.step.research")
    assert t("waiting_for_what", "hu", players="alice (Kék)", what=what) == \
        "Erre vár a játék: alice (Kék) – a kutatás húzásai"
    assert t("waiting_for_what", "en", players="alice (Blue)", what=what) == \
        "Waiting for: alice (Blue) – the Research draws"


#: Whether a status line names the hint, as each game's demo meets it (Planetarium's first
#: status line names every step in the hint's words).
KINDS_MET = {True, False}


@pytest.mark.parametrize("name,seed,kinds", [pytest.param(name, seed, kinds, id=name) for name, seed, kinds in (
    ("spacecorp", 3, KINDS_MET), ("eve", 2, KINDS_MET), ("gaia", 2, KINDS_MET), ("pulsar", 2, KINDS_MET),
    ("planetarium", 5, {True}))])
async def test_the_status_says_what_is_awaited_once(tmp_path, name, seed, kinds):
    """`/spacecorp állás` said the step twice ("… · most: a kutatás húzásai" and "Erre vár a
    játék: alice (Kék) – a kutatás húzásai"). For every game alike: a step a status line names
    (the same message) is said there, and the waiting line names whom only; a hint no status
    line names ends the waiting line, as in the thread."""
    from rules.messages import mentions
    game = rules.get_game(name)
    bot, harness, users = hungarian_harness(tmp_path, seed, 2, 700)
    await harness.start()
    checked: set[bool] = set()
    try:
        thread = await open_game(harness, users, name, 2)
        for seat, text, after in demo_moves(name, 2, seed, 80):
            sent = await harness.slash(users[PLAYER_NAMES[seat]], f"{name} move", channel_id=thread, text=text)
            assert not sent.errors, (text, sent.errors)
            hint = game.waiting_hint(after)
            if hint is None:
                continue
            named = any(mentions(line, hint) for line in game.status_lines(game.view(after, None)))
            if named in checked:
                continue
            checked.add(named)
            status = "\n".join(s.content for s in await harness.slash(users["alice"], f"{name} status",
                                                                      channel_id=thread) if s.content)
            line = waiting_line(status)
            said = tr(hint, "hu")
            if named:
                assert status.count(said) == 1 and " – " not in line, (text, status)
            else:
                assert line.endswith(" – " + said), (text, status)
            if checked == kinds:
                break
        assert checked == kinds
    finally:
        await harness.close()
