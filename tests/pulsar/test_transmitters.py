"""Pulsar 2849 transmitters (spec §6.3, PR-4); rule IDs as PU-<id>."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.pulsar.setup import new_game
from rules.pulsar.transmitters import link, pay_icon, production, take


def game():
    state = new_game({"players": 3, "first_game": True}, 1)
    state.offer = ["TX-A01", "TX-A04", "TX-A03"]
    return state


def test_PU_ACT_TX_TAKE_a_one_icon_tile_activates_at_once():
    state = game()
    player = state.players[0]
    vp = player.vp
    take(state, 0, "TX-A01", 1, 1)                                # 1 icon: a 1; on activation 1 VP
    assert player.transmitters[0].operational and player.vp == vp + 1 and "TX-A01" not in state.offer


def test_PU_ACT_TX_PAY_and_TX_ACT_the_last_icon_activates():
    state = game()
    player = state.players[0]
    take(state, 0, "TX-A04", 1, 1)                                # icons 1 and 2
    assert not player.transmitters[0].operational
    with pytest.raises(IllegalMove) as refused:
        pay_icon(state, 0, "TX-A04", 2, 5)
    assert refused.value.rule == "ACT-TX-PAY"
    vp = player.vp
    pay_icon(state, 0, "TX-A04", 2, 2)
    assert player.transmitters[0].operational and player.vp == vp + 2


def test_PU_TX_BONUS_two_operational_halves_form_a_bonus_die():
    state = game()
    player = state.players[0]
    take(state, 0, "TX-A01", 1, 1)                                # operational, point 1: 2 pips
    take(state, 0, "TX-A04", 1, 1, link=("TX-A01", 1, 1))         # point 1: 3 pips
    assert player.red is None
    pay_icon(state, 0, "TX-A04", 2, 2)
    assert player.red == 5 and player.bonus_used


def test_PU_TX_LINK_2_a_stand_alone_tile_joins_but_rows_never_merge():
    state = game()
    take(state, 0, "TX-A01", 1, 1)
    take(state, 0, "TX-A04", 1, 1)
    link(state, 0, "TX-A04", 1, "TX-A01", 1)
    take(state, 0, "TX-A03", 1, 3)
    with pytest.raises(IllegalMove):
        link(state, 0, "TX-A04", 1, "TX-A03", 1)                 # TX-A04 is in a row already


def test_PU_PR_4_production_vp_cubes_and_a_bought_vp():
    state = game()
    player = state.players[0]
    take(state, 0, "TX-A01", 1, 1)                                # PROD-VP(1)
    vp = player.vp
    production(state, 0, set())
    assert player.vp == vp + 1
