"""Whose turn it is, and the one path every move takes: ``_check`` (the phase's allowed kinds,
then ``_check_<kind>``) and ``apply`` (a clone, then ``_apply_<kind>``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.base import IllegalMove

from . import moves as mv
from .moves import Move
from .state import (CARDS_ATT, CARDS_DEF, DICE, FIRST, INVADE, OVER, PREP_HQ, PREP_OUTPOST, PREP_PHASES, PREP_PLACE,
                    PREP_REVEAL, PREP_SEAL, REROLL, ROUND, STEAL, TACTICS, TAKEFROM, GameState, RegionState)
from .common import ROUND_ACTIONS, clone_state, region_label, sync_public, type_msg

if TYPE_CHECKING:
    from .engine import EveGame


# ----- whose turn --------------------------------------------------------------------------------------
def waiting_for(game: EveGame, state: GameState) -> set[int]:
    if state.phase == OVER:
        return set()
    if state.phase in PREP_PHASES:
        return {state.order[state.turn]}
    if state.phase == FIRST:
        return {state.calendar[state.month - 1][0].seat}
    if state.phase == ROUND:
        assert state.round is not None
        return {state.round.seat}
    combat = state.combat
    assert combat is not None
    if combat.step == CARDS_ATT:
        return {combat.attacker}
    if combat.step == CARDS_DEF:
        return {combat.defender}
    if combat.step == DICE:
        if combat.intel is None:
            return combat.dice.waiting()
        other = combat.defender if combat.intel == combat.attacker else combat.attacker
        return {other} if other in combat.dice.waiting() else {combat.intel}
    if combat.step == TACTICS:
        assert combat.tactic_seat is not None
        return {combat.tactic_seat}
    if combat.step == REROLL:
        return {combat.rerolls_left[0]}
    return {game._winner_of(combat)}


# ----- checks ------------------------------------------------------------------------------------------------
def _check(game: EveGame, state: GameState, move: Move) -> None:
    """Raise IllegalMove unless ``move`` can be made now (nothing is changed)."""
    if state.phase == OVER:
        raise IllegalMove("eve.err.game_over", "EVE-END-3")
    seat = move.seat
    if seat not in game.waiting_for(state):
        raise IllegalMove("eve.err.not_your_turn", "EVE-RND-1", waiting=game._names(state, game.waiting_for(state)))
    allowed = game._allowed_kinds(state)
    if move.kind not in allowed:
        rnd = state.round
        needed = next((kind for kind, verbs in ROUND_ACTIONS.items() if move.kind in verbs), None)
        if state.phase == ROUND and rnd is not None and needed is not None and needed != rnd.kind \
                and not (rnd.reveals_due or rnd.pending_keep or rnd.peek):
            raise IllegalMove("eve.err.wrong_round", "EVE-RND-3", verb=mv.verb_msg(move.kind),
                              needed=type_msg(needed), type=type_msg(rnd.kind),
                              allowed=mv.verb_list(allowed, "or"))
        combat = state.combat
        if combat is not None and combat.step == DICE and (combat.intel != seat or combat.question is not None):
            allowed = allowed - {mv.ASK}            # only the side with the intel advantage asks, once (EVE-CMB-5)
        raise IllegalMove("eve.err.not_now", "EVE-RND-1", step=game._step_name(state),
                          allowed=mv.verb_list(allowed, "or"))
    getattr(game, f"_check_{move.kind}")(state, move)


def _allowed_kinds(game: EveGame, state: GameState) -> set[str]:
    phase = state.phase
    if phase == PREP_REVEAL:
        return {mv.REVEAL}
    if phase == PREP_HQ:
        return {mv.HQ}
    if phase == PREP_PLACE:
        return {mv.PLACE}
    if phase == PREP_OUTPOST:
        return {mv.OUTPOST, mv.PASS}
    if phase == PREP_SEAL:
        return {mv.SEAL}
    if phase == FIRST:
        return {mv.FIRST}
    if phase == ROUND:
        rnd = state.round
        assert rnd is not None
        if rnd.reveals_due:
            return {mv.REVEAL}
        if rnd.pending_keep:
            return {mv.KEEP}
        if rnd.peek:
            return {mv.ORDER}
        return {mv.DISCARD, mv.OUTPOST, mv.PLAY, mv.UNTILE, mv.END} | ROUND_ACTIONS[rnd.kind]
    combat = state.combat
    assert combat is not None
    return {CARDS_ATT: {mv.CARDS}, CARDS_DEF: {mv.CARDS},
            DICE: {mv.DICE, mv.ASK}, TACTICS: {mv.TAC}, INVADE: {mv.INVADE}, STEAL: {mv.STEAL},
            TAKEFROM: {mv.TAKEFROM}, REROLL: {mv.REROLL}}[combat.step]


def _region(game: EveGame, state: GameState, code: str) -> RegionState:
    region = state.regions.get(code)
    if region is None:
        raise IllegalMove("eve.err.region_not_in_play", "EVE-2P-2", region=region_label(code))
    return region


# ----- apply --------------------------------------------------------------------------------------------
def apply(game: EveGame, state: GameState, move: Move) -> GameState:
    game._check(state, move)
    new = clone_state(state)
    new.events = []
    getattr(game, f"_apply_{move.kind}")(new, move)
    sync_public(new)
    return new
