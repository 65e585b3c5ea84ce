"""What a drawing writes: every ``ImageDraw.text`` call's text and font size, for the tests
that hold an image's print legible at a phone's width (420 px)."""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PIL import ImageDraw


def record_texts(monkeypatch: Any) -> list[tuple[str, int]]:
    """From now on (until the test ends), every text drawn is appended to the returned list as
    (text, font size; 0 for a font without a size), by this thread or a thread started after
    the call (a test's own drawing workers): a drawing thread an earlier test left running in
    the same process is not this test's."""
    seen: list[tuple[str, int]] = []
    _spy(monkeypatch, lambda text, size: seen.append((text, size)))
    return seen


def record_strings(monkeypatch: Any) -> list[str]:
    """As ``record_texts``, the texts only."""
    seen: list[str] = []
    _spy(monkeypatch, lambda text, _size: seen.append(text))
    return seen


def _spy(monkeypatch: Any, record: Callable[[str, int], None]) -> None:
    original = ImageDraw.ImageDraw.text
    me = threading.get_ident()
    earlier = {thread.ident for thread in threading.enumerate()} - {me}

    def spy(self: Any, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        if threading.get_ident() not in earlier:
            font = kwargs.get("font", args[1] if len(args) > 1 else None)
            record(str(text), getattr(font, "size", 0))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
