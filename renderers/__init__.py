"""Board renderers: one module per game (``renderers.<game>.render``) plus shared helpers
in :mod:`renderers.common`.  Renderers know Pillow and read a game only through its read API
(``rules.<game>.read``, held by tests/test_layers.py), never Discord."""
from __future__ import annotations

import importlib
from typing import Callable, Iterator

from PIL import Image


def get_renderer(game_name: str) -> Callable[..., "Image.Image | list[Image.Image]"]:
    """The ``render`` function of ``renderers.<game_name>``.

    Raises ``KeyError`` (with the game name) when no renderer exists for that game.
    """
    if not game_name.isidentifier() or game_name == "common":
        raise KeyError(f"No renderer for game {game_name!r}")
    try:
        module = importlib.import_module(f"{__name__}.{game_name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{game_name}":
            raise KeyError(f"No renderer for game {game_name!r}") from None
        raise
    render: Callable[..., Image.Image | list[Image.Image]] = module.render
    return render


def get_chat_renderer(game_name: str) -> Callable[..., "Image.Image | list[Image.Image] | Iterator[Image.Image | tuple[int, Image.Image]]"]:
    """What the bot posts: ``render_for_chat`` when the game lays its picture out for chat
    windows as well (several images that stay legible on a phone), else ``render``.  It
    returns an image, a list of images, or an iterator yielding them as they are drawn (the
    bot encodes each one while the next is drawn); an iterator may yield ``(position, image)``
    to draw the images in another order than they are shown."""
    render = get_renderer(game_name)
    module = importlib.import_module(render.__module__)
    return getattr(module, "render_for_chat", render)


__all__ = ["get_chat_renderer", "get_renderer"]
