"""EVE setup and the preparation round (spec §4-5, EVE-SETUP, EVE-PREP): a new game, the
political reveals, HQs, placing units and the first outposts.  Functions take the game (for the
checks and steps they call) and the state."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.base import IllegalMove
from rules.kit import Deck, Hands, Streams
from rules.messages import Join

from . import moves as mv
from .data import EMPIRES, NEBULAE, TYPES, tables
from .moves import Move
from .state import (PREP_HQ, PREP_OUTPOST, PREP_PLACE, PREP_REVEAL, PREP_SEAL, ROUND, Empire, GameState,
                    PoliticalSquare, RegionState)
from .common import (E, LENGTHS, VISION_TARGETS, add_event, empire_msg, face_down_squares, has_tile_card, is_empty,
                     listing, neighbours, region_label, type_adj)

if TYPE_CHECKING:
    from .engine import EveGame


def new_game(game: EveGame, options: dict[str, Any], seed: int) -> GameState:
    options = game.normalize_options(options)
    count = int(options["players"])
    if options["end"] == "vision" and not options["vp_target"]:
        options["vp_target"] = VISION_TARGETS[count][LENGTHS.index(str(options["length"]))]
    tab = tables()
    streams = Streams(seed)
    start = streams.stream("start")
    first = start.randint(0, count - 1)                       # EVE-SETUP-8
    streams.keep("start", start)
    in_play = [code for code, region in tab.regions.items()
               if count > 2 or region.ring in ("green", "blue")]  # EVE-2P-2
    per_square = tab.constants["cards_per_square_2p" if count == 2 else "cards_per_square"]
    squares: dict[str, PoliticalSquare] = {}
    for nebula in NEBULAE:                                     # EVE-SETUP-5
        deck = streams.shuffled(f"regions:{nebula}", sorted(c for c in in_play if tab.regions[c].nebula == nebula))
        for index, column in enumerate("ABC"):
            name = f"{nebula.upper()}-{column}"
            squares[name] = PoliticalSquare(deck[index * per_square:(index + 1) * per_square],
                                            tab.squares[name].revealed_at_setup)   # EVE-SETUP-6
    decks = {kind: Deck.shuffled(f"deck:{kind}", sorted(c for c, k in tab.cards.items() if k.deck == kind), streams)
             for kind in TYPES}                                # EVE-SETUP-2
    state = GameState(
        players=[Empire(seat, EMPIRES[seat], supply=tab.constants["units_per_empire"]) for seat in range(count)],
        regions={code: RegionState() for code in in_play}, squares=squares, decks=decks,
        hands=Hands.empty(count), hand_sizes=[{kind: 0 for kind in TYPES} for _ in range(count)], options=options, order=[(first + i) % count for i in range(count)],
        pool_outposts={kind: tab.constants["outposts_per_type"] for kind in TYPES},
        pool_tiles={kind: tab.constants["tiles_per_type"] for kind in TYPES}, streams=streams)
    add_event(state, "event.setup", first=empire_msg(state, first))
    return state


def _check_reveal(game: EveGame, state: GameState, move: Move) -> None:
    square = state.squares[move.arg or ""]
    if square.face_up or not square.pile:
        raise IllegalMove("eve.err.reveal_face_down", "EVE-POL-4" if state.phase == ROUND else "EVE-PREP-1",
                          square=mv.square_value(move.arg or ""),
                          allowed=listing(mv.square_value(x) for x in face_down_squares(state)))


def _check_hq(game: EveGame, state: GameState, move: Move) -> None:
    code = move.regions[0]
    region = game._region(state, code)
    rings = ("green", "blue") if state.player_count == 2 else ("green",)
    if tables().regions[code].ring not in rings:
        raise IllegalMove("eve.err.hq_ring", "EVE-2P-4" if state.player_count == 2 else "EVE-PREP-1",
                          region=region_label(code), rings=Join([E(f"ring.{r}") for r in rings], "or"))
    if region.hq is not None:
        raise IllegalMove("eve.err.hq_taken", "EVE-DEF-7", region=region_label(code))


def _check_place(game: EveGame, state: GameState, move: Move) -> None:
    seat, code = move.seat, move.regions[0]
    region = game._region(state, code)
    if state.players[seat].supply < 1:
        raise IllegalMove("eve.err.no_supply", "EVE-DEV-7")
    if region.owner == seat:
        return                                                  # (c) own region
    near = neighbours(state, code)
    if is_empty(region):
        if any(state.regions[n].owner == seat or seat in state.regions[n].agents for n in near):
            return                                              # (a)
        raise IllegalMove("eve.err.place_empty", "EVE-PREP-2", region=region_label(code))
    if any(state.regions[n].owner == seat for n in near):
        return                                                  # (b) an agent
    raise IllegalMove("eve.err.place_enemy", "EVE-PREP-2", region=region_label(code))


def _check_outpost(game: EveGame, state: GameState, move: Move) -> None:
    seat, code, kind = move.seat, move.regions[0], move.arg or ""
    region = game._region(state, code)
    if region.owner != seat:
        raise IllegalMove("eve.err.outpost_not_own", "EVE-OUT-1", region=region_label(code))
    if region.hq is not None:
        raise IllegalMove("eve.err.outpost_hq", "EVE-DEF-7", region=region_label(code))
    if region.outpost is not None:
        raise IllegalMove("eve.err.outpost_twice", "EVE-OUT-1", region=region_label(code))
    missing = [n for n in sorted(neighbours(state, code))
               if state.regions[n].owner != seat and seat not in state.regions[n].agents]
    if missing and not (len(missing) == 1 and has_tile_card(state.players[seat], "DEV-K")):
        raise IllegalMove("eve.err.outpost_neighbours", "EVE-OUT-2", region=region_label(code),
                          missing=listing(region_label(n) for n in missing))
    if state.pool_outposts[kind] < 1 or state.pool_tiles[kind] < 1:
        raise IllegalMove("eve.err.outpost_pool", "EVE-OUT-3", type=type_adj(kind))


def _check_pass(game: EveGame, state: GameState, move: Move) -> None:
    return None


def _next_prep_turn(game: EveGame, state: GameState) -> None:
    state.turn = (state.turn + 1) % state.player_count


def _apply_reveal(game: EveGame, state: GameState, move: Move) -> None:
    game._reveal(state, move.arg or "")
    if state.phase == ROUND:
        assert state.round is not None
        state.round.reveals_due = min(state.round.reveals_due - 1, len(face_down_squares(state)))
        return
    state.prep_count += 1
    due = 2 if state.turn == 0 else 1
    if state.prep_count >= due or not face_down_squares(state):
        state.phase = PREP_HQ


def _reveal(game: EveGame, state: GameState, square: str) -> None:
    state.squares[square].face_up = True                        # EVE-POL-2: the marker follows
    assert state.streams is not None
    state.streams.reveal()                                      # a face-down region card shows
    add_event(state, "event.revealed", square=mv.square_value(square), region=region_label(state.squares[square].pile[0]))


def _apply_hq(game: EveGame, state: GameState, move: Move) -> None:
    code = move.regions[0]
    region = state.regions[code]
    region.hq = region.owner = move.seat
    state.players[move.seat].hq = code
    state.prep_count = 0
    if state.turn == state.player_count - 1:
        state.phase, state.turn = PREP_PLACE, 0
        game._skip_stuck_placers(state)
    else:
        state.turn += 1
        state.phase = PREP_REVEAL if face_down_squares(state) else PREP_HQ


def _apply_place(game: EveGame, state: GameState, move: Move) -> None:
    seat, code = move.seat, move.regions[0]
    game._add_units(state, seat, code, 1)
    game._advance_placement(state)


def _add_units(game: EveGame, state: GameState, seat: int, code: str, count: int) -> None:
    """Units from supply into ``code``: under the stack if it is his or empty, else an agent on top."""
    region = state.regions[code]
    state.players[seat].supply -= count
    if region.owner == seat or is_empty(region):
        region.owner = seat
        region.units += count
    else:
        region.agents.extend([seat] * count)


def _advance_placement(game: EveGame, state: GameState) -> None:
    state.turn += 1
    if state.turn == state.player_count:
        state.turn = 0
        state.prep_count += 1
    if state.prep_count >= tables().constants["prep_placements"]:
        state.phase, state.turn, state.prep_count = PREP_OUTPOST, 0, 0
        return
    game._skip_stuck_placers(state)


def _skip_stuck_placers(game: EveGame, state: GameState) -> None:
    seat = state.order[state.turn]
    if not any(game._legal(state, Move(seat, mv.PLACE, regions=(code,))) for code in state.regions):
        game._advance_placement(state)                          # EVE-PREP-2: no target, skip


def _apply_outpost(game: EveGame, state: GameState, move: Move) -> None:
    code, kind = move.regions[0], move.arg or ""
    state.regions[code].outpost = kind
    state.pool_outposts[kind] -= 1
    state.pool_tiles[kind] -= 1
    state.players[move.seat].storage[kind] += 1                 # EVE-OUT-3
    if state.phase == PREP_OUTPOST:
        game._next_outposter(state)
    else:
        assert state.round is not None
        state.round.acted = True


def _apply_pass(game: EveGame, state: GameState, move: Move) -> None:
    state.passed.append(move.seat)
    game._next_outposter(state)


def _next_outposter(game: EveGame, state: GameState) -> None:
    """EVE-PREP-3: cycle in seat order past the players who passed; all passed -> seals."""
    if len(state.passed) == state.player_count:
        state.phase, state.turn, state.prep_count = PREP_SEAL, 0, 0
        return
    state.turn = (state.turn + 1) % state.player_count
    while state.order[state.turn] in state.passed:
        state.turn = (state.turn + 1) % state.player_count
