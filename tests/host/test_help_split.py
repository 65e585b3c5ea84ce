"""Newcomer report 2026-11-27e, E-7: a game's help longer than one message came as the summary
ending in the notation's heading over a lone "…", then the heading again over the notation."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("game", ["gaia", "planetarium", "eve"])
async def test_a_long_help_says_the_notations_heading_once(console, game):
    await console.handle(f"/súgó játék:{game}")
    text = console.out.getvalue()
    messages = text.split("[csak alice látja] ")[1:]
    assert len(messages) >= 2, text               # the summary, then the notation
    assert "A lépések jelölése" not in messages[0] and "…" not in messages[0]
    assert messages[1].startswith("**A lépések jelölése**")
    assert text.count("**A lépések jelölése**") == 1
