"""The calendar, seals and the time wheel (spec §6-7, EVE-CAL): sealing schedules, the first
seal, moving seals, the year end, Impending Doom and starting a round."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.base import IllegalMove

from . import moves as mv
from .data import TYPES, tables
from .moves import Move
from .state import FIRST, ROUND, GameState, RoundState, Seal
from .common import (E, TRINITY_YEARS, VISION_YEAR_LIMIT, actions_for, add_event, empire_msg, listing, months_for,
                     region_label, type_msg)

if TYPE_CHECKING:
    from .engine import EveGame


def _check_seal(game: EveGame, state: GameState, move: Move) -> None:
    player = state.players[move.seat]
    kind, tiles = move.arg or "", move.number or 0
    if kind in player.seals_placed:
        raise IllegalMove("eve.err.seal_twice", "EVE-PREP-4", type=type_msg(kind),
                          left=listing(type_msg(k) for k in TYPES if k not in player.seals_placed))
    if tiles > 0 and player.storage[kind] == 0:         # "Legfeljebb 0 lapkát" read as a riddle (newcomer 27g)
        raise IllegalMove("eve.err.end_tiles_none", "EVE-PREP-4", type=E(f"type_adj.{kind}"))
    if tiles > min(2, player.storage[kind]):
        raise IllegalMove("eve.err.seal_tiles", "EVE-PREP-4", type=type_msg(kind), tiles=tiles,
                          most=min(2, player.storage[kind]))


def _check_first(game: EveGame, state: GameState, move: Move) -> None:
    if move.arg not in state.first_choices:
        raise IllegalMove("eve.err.first_which", "EVE-CAL-5", type=type_msg(move.arg or "D"),
                          allowed=listing(type_msg(k) for k in state.first_choices))


def _seal_month(game: EveGame, state: GameState, seat: int, kind: str) -> int:
    """The index (0..11) of the month holding ``seat``'s ``kind`` seal."""
    return next(m for m, month in enumerate(state.calendar) for seal in month if (seal.seat, seal.kind) == (seat, kind))


def _apply_seal(game: EveGame, state: GameState, move: Move) -> None:
    player = state.players[move.seat]
    kind, tiles = move.arg or "", move.number or 0
    player.storage[kind] -= tiles
    player.schedule[kind] += tiles
    player.seals_placed.append(kind)
    game._place_seal(state, Seal(move.seat, kind), 1 + months_for(player, kind))   # EVE-PREP-4 (Feb = 1)
    state.turn += 1
    if state.turn == state.player_count:
        state.turn = 0
        state.prep_count += 1
        if state.prep_count == 3:
            add_event(state, "event.calendar_starts")
            game._next_seal(state)                               # EVE-PREP-5


def _place_seal(game: EveGame, state: GameState, seal: Seal, month: int) -> None:
    """EVE-CAL-3: the innermost free slot = the end of the month's queue."""
    state.calendar[(month - 1) % 12].append(seal)


def _apply_first(game: EveGame, state: GameState, move: Move) -> None:
    queue = state.calendar[state.month - 1]
    index = next(i for i, seal in enumerate(queue) if seal.seat == move.seat and seal.kind == move.arg)
    queue.insert(0, queue.pop(index))
    game._start_round(state)


# ----- the calendar -----------------------------------------------------------------------------------------
def _next_seal(game: EveGame, state: GameState) -> None:
    """EVE-CAL-5/6: the next seal of this month acts, else the wheel turns to the next month
    holding seals (years counted as it leaves December)."""
    state.round = None
    state.combat = None
    for _ in range(13):
        queue = state.calendar[state.month - 1]
        if queue:
            run = []
            for seal in queue:
                if seal.seat != queue[0].seat:
                    break
                run.append(seal)
            if len(run) >= 2:
                state.phase = FIRST
                state.first_choices = [seal.kind for seal in run]
                return
            game._start_round(state)
            return
        if state.month == 12:
            state.month = 1
            state.year += 1
            if game._year_end(state):
                return
        else:
            state.month += 1
        if state.calendar[state.month - 1]:
            add_event(state, "event.month", month=E(f"month.{state.month}"), year=state.year)
    raise AssertionError("no seal on the calendar")


def _year_end(game: EveGame, state: GameState) -> bool:
    """The wheel left December: Trinity counts down, Vision checks its year limit (EVE-END-1/4),
    Impending Doom strikes the leaders (EVE-VAR-3).  True when the game ended."""
    length = str(state.options["length"])
    years = TRINITY_YEARS[length] if state.options["end"] == "trinity" else VISION_YEAR_LIMIT[length]
    if state.year > years:
        game._finish(state, "years" if state.options["end"] == "trinity" else "year_limit")
        return True
    add_event(state, "event.new_year", year=state.year,
              left=years - state.year + 1)
    if state.options["impending_doom"]:
        game._impending_doom(state)
    return False


def _impending_doom(game: EveGame, state: GameState) -> None:
    regions = tables().regions
    scores = game.scores(state)
    best = max(scores)
    if best <= 0:
        return
    for seat in range(state.player_count):
        if scores[seat] != best:
            continue
        player = state.players[seat]
        card = min(player.region_cards, key=lambda c: (regions[c].vp, c))
        player.region_cards.remove(card)
        nebula = regions[card].nebula
        square = min((name for name in state.squares if name.startswith(nebula.upper())),
                     key=lambda name: (len(state.squares[name].pile), name))
        pile = state.squares[square]
        pile.pile.append(card)
        if len(pile.pile) == 1:
            pile.face_up = False
        add_event(state, "event.doom", empire=empire_msg(state, seat), region=region_label(card), square=mv.square_value(square))


def _start_round(game: EveGame, state: GameState) -> None:
    seal = state.calendar[state.month - 1][0]
    player = state.players[seal.seat]
    bridges = sorted(code for code, region in state.regions.items() if seal.seat in region.agents)
    state.round = RoundState(seal.seat, seal.kind, actions_for(player, seal.kind),
                             bridges=bridges if seal.kind == "D" else [])
    state.phase = ROUND
    state.first_choices = []
    add_event(state, "event.round", empire=empire_msg(state, seal.seat), type=type_msg(seal.kind),
              actions=state.round.actions, month=E(f"month.{state.month}"), year=state.year)
