"""Capacity (issue 26 item 9): the host's CPU work per drawing -- the digest of a ChatPart's
inputs and the encoding of images -- made cheaper without changing what it computes."""
import enum

from bot.service import render_parts
from renderers.common import inputs_digest
from rules.messages import Msg

from .test_render_parts import Point


class Colour(enum.Enum):
    RED = 1


class Level(enum.IntEnum):
    HIGH = 3


def test_inputs_digests_are_those_threads_already_store():
    """Issue 26 item 9: the inputs' digest is built in one piece now; its byte stream is the
    same as before, so a digest a thread stored (``shown_images``) still matches and no
    image is posted again after the change.  Expected values: the previous implementation's
    (hashing piece by piece), for every kind of value it accepts."""
    values = {
        "0dd2da3e5f0fcf76afb0e9e7c56d556d": ({"beta", "alpha", "gamma"}, {"b": 1, "a": [2, 3]},
                                             Point(1, frozenset({"x", "y", "z"})), Msg("k", n=2)),
        "d24d4f77d20d93d8b818d510ac0d9b66": ("gaia", "hu", ["Anna", "Béla"], 2,
                                             (None, True, 1.5, b"\x00\xff", "ő\"'", -7, [], (), {}, set())),
        "4969357f2bdcc17e82e40f5d4f59b516": ([Colour.RED, Level.HIGH, {Level.HIGH: (Colour.RED, None)}],
                                             frozenset({(1, 2), (2, 1)}), Msg("x", names=("a", Msg("y")))),
    }
    for expected, value in values.items():
        assert inputs_digest(value) == expected


def test_an_int_enum_is_digested_as_its_scalar_and_a_plain_enum_by_name():
    """The exact scalar types take the fast path; their subclasses keep the former encoding
    (an IntEnum as its repr, an Enum by class and name), so none of them collide."""
    assert inputs_digest(Level.HIGH) != inputs_digest(3)
    assert inputs_digest(Colour.RED) != inputs_digest(1)
    assert inputs_digest((Level.HIGH,)) == inputs_digest((Level.HIGH,))


def test_an_image_that_comes_back_is_not_encoded_again(toy_registered, monkeypatch):
    """Issue 26 item 9: a worker keeps the PNGs it encoded lately by digest; an image whose
    pixels come back (A, then B, then A again: Planetarium's players column does it in a
    fifth of its encodings) gets the same bytes without a second encoding."""
    import bot.service
    import renderers.common
    from PIL import Image, ImageDraw

    from . import toy_game

    def render(view, *, player_names=None, language="en"):
        picture = Image.new("RGB", (160, 60), "white")
        ImageDraw.Draw(picture).text((10, 10), f"look {view.counter % 2} capacity test", fill="black")
        return [picture]

    encoded: list[int] = []
    real_to_png = renderers.common.to_png

    def counting_to_png(image, **options):
        encoded.append(1)
        return real_to_png(image, **options)

    monkeypatch.setattr(toy_game, "render_for_chat", render, raising=False)
    monkeypatch.setattr(renderers.common, "to_png", counting_to_png)
    monkeypatch.setattr(bot.service, "_ENCODED", bot.service.EncodedImages(1 << 20))   # a worker process's
    state = toy_game.GAME.new_game(toy_game.GAME.normalize_options({"players": 2}), 5)
    first = render_parts("toy", toy_game.GAME.view(state, None), ["ann", "bob"], "en")
    state.counter += 1
    second = render_parts("toy", toy_game.GAME.view(state, None), ["ann", "bob"], "en",
                          {1: first[0].digest})
    state.counter += 1
    third = render_parts("toy", toy_game.GAME.view(state, None), ["ann", "bob"], "en",
                         {1: second[0].digest})
    assert len(encoded) == 2
    assert third[0].digest == first[0].digest and third[0].data == first[0].data is not None


def test_the_encoded_images_keep_within_their_byte_limit():
    from bot.service import EncodedImages

    kept = EncodedImages(250)
    for number in range(5):
        kept.keep(f"d{number}", bytes(100))
    assert kept.size <= 250 and kept.get("d4") is not None and kept.get("d0") is None
    kept.keep("huge", bytes(300))          # larger than the whole: not kept
    assert kept.get("huge") is None and kept.size <= 250


def _keeps_encoded_images() -> bool:
    import bot.service
    import renderers.common
    return bot.service._ENCODED is not None and renderers.common._PALETTES is not None


async def test_worker_processes_keep_their_pngs_and_threads_do_not():
    """The PNG cache and the kept palettes live in worker processes only (issue 26 item 9):
    where the bot draws in threads (tests, the console) nothing is kept, so a stub encoder or a
    count of encodings never meets a PNG kept from another game or test, and equal pixels give
    equal bytes."""
    from bot.workers import Workers

    assert not _keeps_encoded_images()
    workers = Workers(processes=1)
    try:
        assert await workers.run(_keeps_encoded_images)
    finally:
        workers.close()
