"""What a Hungarian newcomer met in EVE (newcomer report 2026-11-27g): named by rule ID,
asserting keys and values."""
from __future__ import annotations

from rules.eve import GAME
from rules.messages import render

from tests.pulsar.test_label_length import host_label


def test_EVE_CMB_7_a_region_giving_several_reserves_is_named_once():
    """Two reserve units from one region read "R49 és R49" in the tactics label; each region is
    named once now, with how many it gives when the reserves come from several."""
    state = GAME.new_game({"players": 2}, 0)
    one = GAME.move_phrase(state, 0, "tac T1:R49 T1:R49 T2x1")
    assert one is not None
    reserves = one.params["spent"].items[0]
    assert reserves.params["count"] == 2 and len(reserves.params["regions"].items) == 1
    for language in ("hu", "en"):
        shown = host_label(GAME, state, 0, "tac T1:R49 T1:R49 T2x1", language)
        assert shown.count("R49") == 1, shown
    mixed = GAME.move_phrase(state, 0, "tac T1:R34 T1:R49 T1:R49")
    assert mixed is not None
    sources = mixed.params["spent"].items[0].params["regions"].items
    assert sources[0] == "R34 The Bleak Lands"
    assert sources[1].key == "eve.phrase.tac_source_times" and sources[1].params["count"] == 2
    assert host_label(GAME, state, 0, "tac T1:R34 T1:R49 T1:R49", "hu") == \
        "Használd fel a taktikai akciókat: 3 tartalék: R34 The Bleak Lands és R49 The Kalevala Expanse (2×)"
    assert render(GAME.move_phrase(state, 0, "tac T1:R34 T1:R36 T1:R49"), "hu", label=True) \
        == "Használd fel a taktikai akciókat: 3 tartalék: R34, R36 és R49"
