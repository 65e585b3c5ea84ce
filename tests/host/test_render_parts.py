"""Capacity (issue 26 item 9): a renderer may give an image with its inputs (``ChatPart``), and
the host then neither draws nor encodes an image the thread shows already; the inputs'
digest is the same in every worker process."""
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from bot.service import render_parts
from renderers.common import ChatPart, inputs_digest
from rules.messages import Msg

from . import toy_game
from .test_calm_thread import files_of, links, posted, started
from .test_cogs import ALICE, BOB

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Point:
    x: int
    tags: frozenset


def test_the_inputs_digest_is_the_same_in_every_process():
    """Worker processes hash strings differently (PYTHONHASHSEED): sets and dicts are ordered
    by their items' encodings, so the digest does not depend on the process."""
    value = ({"beta", "alpha", "gamma"}, {"b": 1, "a": [2, 3]}, Point(1, frozenset({"x", "y", "z"})), Msg("k", n=2))
    here = inputs_digest(value)
    code = ("from tests.host.test_render_parts import Point; from renderers.common import inputs_digest; "
            "from rules.messages import Msg; "
            "print(inputs_digest(({'gamma', 'alpha', 'beta'}, {'a': [2, 3], 'b': 1}, "
            "Point(1, frozenset({'z', 'y', 'x'})), Msg('k', n=2))))")
    for seed in ("1", "2"):
        there = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                               env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip()
        assert there == here
    assert inputs_digest((1, 2)) != inputs_digest([1, 2]) != inputs_digest((1.0, 2))
    assert inputs_digest({"a": 1}) != inputs_digest({"a": 2})


def test_an_object_that_is_not_plain_data_is_refused():
    with pytest.raises(TypeError):
        inputs_digest(object())


def lazy_images(drawn: list[str]):
    """The toy's three images (counter, a fixed title, whose turn) as ChatParts; each drawing
    is recorded."""
    def image(text: str):
        def draw():
            drawn.append(text)
            picture = Image.new("RGB", (200, 90), "white")
            ImageDraw.Draw(picture).text((10, 10), text, fill="black")
            return picture
        return draw

    def render(view, *, player_names=None, language="en"):
        for inputs in (("counter", view.counter), ("title",), ("turn", view.turn)):
            yield ChatPart(inputs, image(" ".join(map(str, inputs))))
    return render


def test_a_part_whose_inputs_the_thread_shows_is_neither_drawn_nor_encoded(toy_registered, monkeypatch):
    drawn: list[str] = []
    monkeypatch.setattr(toy_game, "render_for_chat", lazy_images(drawn), raising=False)
    state = toy_game.GAME.new_game(toy_game.GAME.normalize_options({"players": 2}), 5)
    view = toy_game.GAME.view(state, None)
    first = render_parts("toy", view, ["ann", "bob"], "en")
    assert len(drawn) == 3 and all(part.data is not None and part.digest.startswith("in:") for part in first)
    shown = {part.position: part.digest for part in first}
    drawn.clear()
    state.counter += 2
    again = render_parts("toy", toy_game.GAME.view(state, None), ["ann", "bob"], "en", shown)
    assert drawn == ["counter 2"]
    assert [part.data is None for part in again] == [False, True, True]
    assert [part.digest == shown[part.position] for part in again] == [False, True, True]
    drawn.clear()   # another language or other names: drawn again (they are in every image)
    assert all(part.data is not None for part in render_parts("toy", view, ["ann", "bob"], "hu", shown))
    assert all(part.data is not None for part in render_parts("toy", view, ["ann", "cy"], "en", shown))


async def test_the_thread_gets_only_the_parts_whose_inputs_changed(harness, monkeypatch):
    """The calm thread (issue 25) holds with parts: Alice's add changes the counter and the
    turn; the title is not drawn again, and the post links it to the start post."""
    drawn: list[str] = []
    monkeypatch.setattr(toy_game, "render_for_chat", lazy_images(drawn), raising=False)
    thread, start_id = await started(harness)
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 2")
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 1")
    drawn.clear()
    sent = await harness.slash(ALICE, "toy move", channel_id=thread, text="add 2")
    [post] = posted(sent)
    assert files_of(sent) == ["toy-1.png", "toy-3.png"] and links(post.content) == {2: start_id}
    assert sorted(drawn) == ["counter 2", "turn 1"]




def test_a_warm_process_has_drawn_every_games_opening_board(monkeypatch):
    """Issue 26 item 9 (warm the caches at start): a worker's warm-up draws each game's
    opening board once, so the renderers' caches (fonts and glyph masks, map backgrounds)
    are filled before the first person waits (cold, a first board costs 2-7x a later one:
    Gaia 915 against 134 ms CPU, 2026-11-26)."""
    import bot.service
    import rules
    drawn = []
    monkeypatch.setattr(bot.service, "render_parts", lambda name, view, names, *rest: drawn.append((name, len(names))))
    bot.service.warm_drawing()
    assert sorted(name for name, _ in drawn) == sorted(rules.available_games())
    assert all(count >= 1 for _, count in drawn)


async def test_what_a_thread_shows_stays_cached_after_a_post(tmp_path, monkeypatch):
    """Issue 26 item 9 (fewer transactions a move): after a board post the storage keeps what
    the thread now shows, the earlier images merged with the new ones, so the next post of
    the game reads no table; the cached rows are those a fresh read gives."""
    from bot.storage import ShownImage
    from bot.storage_sqlite import SqliteStorage

    store = SqliteStorage(tmp_path / "shown.db", exclusive=True, cache=True)
    await store.open()
    try:
        record = await store.create_game(game="toy", guild_id=1, channel_id=2, thread_id=None, creator_id=3,
                                         creator_name="ann", options={}, seed=1, now=1.0)
        await store.remember_shown_images(record.id, [ShownImage(1, "a", 5, 6), ShownImage(2, "b", 5, 6)])
        await store.shown_images(record.id)
        await store.remember_shown_images(record.id, [ShownImage(2, "c", 5, 7), ShownImage(3, "d", 5, 7)])
        reads = []
        real_tx = store._tx
        monkeypatch.setattr(store, "_tx", lambda *args, **kwargs: (reads.append(kwargs), real_tx(*args, **kwargs))[1])
        cached = await store.shown_images(record.id)
        assert reads == []
        store._shown.clear()
        assert cached == await store.shown_images(record.id) == {
            1: ShownImage(1, "a", 5, 6), 2: ShownImage(2, "c", 5, 7), 3: ShownImage(3, "d", 5, 7)}
    finally:
        await store.close()
