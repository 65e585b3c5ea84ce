"""Pulsar 2849 setup (spec §4, P-SETUP-1..22) and the dice phase flow (§5.1).

Random events use the kit's labelled streams (spec RNG-R1: one label per event, so replay does
not depend on the order code consumes randomness): "order" (RNG-1), "hq" (RNG-2), "goals"
(RNG-3), "tech" (RNG-4), "systems" (RNG-5), "tx:A/B/C" (RNG-6), "exploration" (RNG-7) and
"roll:<round>" (RNG-8).

DESIGN DECISIONS (spec silent)
* N = 2: the start player's rockets stand on turn-order spaces 1 and 3 (P-SETUP-18); the
  non-start player places the first ship (P-SETUP-21 interpretation).
* Track markers are ``"<seat>:1"`` (and ``"<seat>:2"`` with two players: the second marker of
  each player is stacked in the order of the second rockets).
"""
from __future__ import annotations

from typing import Any

from rules.kit import Deck, Sealed, Streams
from rules.messages import Join, Msg

from . import dice as dm
from .data import tables
from .describe import numeral
from .flying import COLOURS
from .state import ACTIONS, DRAFT, HQ_SIDE, START_GATE, GameState, Player, System, add_event

TRACKS = ("initiative", "engineering")


def new_game(options: dict[str, Any], seed: int) -> GameState:
    tab = tables()
    count = int(options["players"])
    first_game = bool(options.get("first_game", False))
    streams = Streams(seed)
    rng = streams.stream("order")
    seats = rng.shuffled(list(range(count)))                              # RNG-1
    streams.keep("order", rng)
    order = [seats[0], seats[1], seats[0], seats[1]] if count == 2 else seats  # P-SETUP-18
    players = [Player(seat) for seat in range(count)]
    board = tables().by_players[count]
    for space, seat in enumerate(order[:len(board.start_vp)] if count > 2 else seats):   # P-SETUP-20
        players[seat].score(board.start_vp[space], "start")
    if not first_game:                                                    # P-SETUP-17, RNG-2
        dealt = streams.shuffled("hq", [1, 2, 3, 4])
        for seat in range(count):
            players[seat].hq_board = dealt[seat]
    # P-SETUP-19: one stack per track in reverse turn order, bottom = space 1's marker
    markers = [f"{seat}:{order[:space + 1].count(seat)}" for space, seat in enumerate(order)]
    length, start = tab.track_len, tab.track_start                        # the printed tracks (8.2)
    tracks = {name: dm.new_track(length, start, markers) for name in TRACKS}
    tiles = streams.shuffled("systems", sorted(tab.systems))             # RNG-5, P-SETUP-6
    side = str(options.get("cluster_side", "A"))
    locations = sorted(loc for loc, info in tab.on_side(side).items() if info.type == "S")
    systems = {loc: System(tile) for loc, tile in zip(locations, tiles)}
    goals = _goals(streams, first_game, bool(players[0].hq_board))      # P-SETUP-11, RNG-3
    tech_sides = ["AI", "AII", "AIII"]                                   # P-SETUP-12, RNG-4
    if not first_game:
        rng = streams.stream("tech")
        tech_sides = [rng.choice([f"{side}{tier}" for side in "ABCD"]) for tier in ("I", "II", "III")]
        streams.keep("tech", rng)
    stack: list[str] = []
    for letter in "ABC":                                                  # P-SETUP-15, RNG-6: A on top
        stack += streams.shuffled(f"tx:{letter}", sorted(t for t, tx in tab.transmitters.items() if tx.letter == letter))
    exploration = Deck.shuffled("exploration", sorted(tab.exploration), streams)   # P-SETUP-10, RNG-7
    state = GameState(players=players, options=dict(options), order=order, tracks=tracks, systems=systems,
                      unseen_tile=tiles[16], goals=goals, tech_sides=tech_sides, transmitters=stack[3:],
                      offer=stack[:3], exploration=exploration, hq_choice=Sealed([]), streams=streams)
    for player in players:
        player.mods = {"pm1": 1, "p2": 0}                               # P-SETUP-9
    if first_game:
        start_gates(state)
    else:
        state.hq_choice = Sealed(list(range(count)))
        state.phase = HQ_SIDE
    return state


def _goals(streams: Streams, first_game: bool, hq_used: bool) -> list[str]:
    goals = tables().goals
    if first_game:
        return sorted(goal for goal, info in goals.items() if info.first_game)
    tiles = sorted({info.tile for info in goals.values() if hq_used or info.tile != "G6"})
    rng = streams.stream("goals")
    chosen = sorted(rng.shuffled(tiles)[:3])
    sides = [f"{tile}{rng.choice(['a', 'b'])}" for tile in chosen]
    streams.keep("goals", rng)
    return sides


def choose_hq_side(state: GameState, seat: int, side: int) -> None:
    """P-SETUP-17: sealed until every player chose; then every side is announced at once (one
    public event naming each player's board and side) and the ships go out."""
    assert state.streams is not None
    state.hq_choice.seal(seat, side, state.streams)       # the last seal reveals them all
    if state.hq_choice.complete():
        revealed = state.hq_choice.revealed()
        for chooser, chosen in revealed.items():
            state.players[chooser].hq_side = chosen
        add_event(state, "hq_revealed", sides=Join(
            [Msg("pulsar.event.hq_side", colour=Msg(f"pulsar.colour.{COLOURS[chooser]}"), side=revealed[chooser],
                 board=state.players[chooser].hq_board or 0) for chooser in sorted(revealed)], "comma"))
        start_gates(state)


def start_gates(state: GameState) -> None:
    """P-SETUP-21: ships go out from the last turn-order space backwards."""
    seats: list[int] = []
    for seat in reversed(state.order):
        if seat not in seats:
            seats.append(seat)
    state.gate_queue = seats
    state.phase = START_GATE


def place_ship(state: GameState, seat: int, gate: str) -> None:
    state.players[seat].ship = gate
    state.gate_queue.remove(seat)
    if not state.gate_queue:
        start_dice_phase(state)


def start_dice_phase(state: GameState) -> None:
    """D-ROLL-1/2, D-MED, D-DRAFT-1/2: roll, place the median marker, set the pick order."""
    assert state.streams is not None
    count = tables().by_players[state.player_count].silver_dice
    values: list[int] = []
    if state.round == 1 and state.options.get("balanced_start"):         # D-ROLL-3
        values = [2, 3, 4, 5] if state.player_count < 4 else [1, 2, 3, 4, 5, 6]
    values += state.streams.roll(f"roll:{state.round}", count - len(values))
    state.dice_board = sorted(values)
    state.median = dm.median_position(values)
    dice = ", ".join(str(v) for v in state.dice_board)
    if state.median % 2 == 0:                                           # D-MED-2: on a box centre
        add_event(state, "rolled_box", round=state.round, dice=dice, box=numeral(state.median // 2))
    else:                                                               # D-MED-3/5: in a gap
        add_event(state, "rolled_gap", round=state.round, dice=dice, low=numeral(state.median // 2),
                  high=numeral(state.median // 2 + 1), value=dm.median_value(state.median))
    if state.player_count == 2:
        state.draft_queue = list(state.order)
    else:
        state.draft_queue = list(state.order) + list(reversed(state.order))
    for player in state.players:
        player.dice = []
    state.dice_spent = 0
    state.phase = DRAFT


def own_markers(state: GameState, seat: int) -> list[str]:
    return [f"{seat}:1", f"{seat}:2"] if state.player_count == 2 else [f"{seat}:1"]


def legal_picks(state: GameState, seat: int) -> list[tuple[int, str | None, str | None, bool]]:
    """(die, track, marker, overflow) picks for the drafting player (D-MOVE-5/6)."""
    assert state.median is not None
    picks = []
    for name in TRACKS:
        for pick in dm.legal_picks(state.dice_board, state.median, [state.tracks[name]], own_markers(state, seat)):
            picks.append((pick.die, None if pick.marker is None else name, None if pick.marker is None else str(pick.marker),
                          pick.overflow))
    free = {p for p in picks if p[1] is None}
    moving = [p for p in picks if p[1] is not None and not p[3]]
    if free or moving:
        return sorted(free) + moving
    return [p for p in picks if p[3]]


def draft(state: GameState, seat: int, die: int, track: str | None, marker: str | None) -> None:
    """D-DRAFT-3, D-MOVE-1..6: take the die, move the marker; after the last pick the action
    phase begins (the leftover dice stay on the board, D-END-1)."""
    assert state.median is not None and state.draft_queue and state.draft_queue[0] == seat
    pick = next((p for p in legal_picks(state, seat) if p[0] == die and p[1] == track and p[2] == marker), None)
    if pick is None:
        raise ValueError("not a legal pick")
    state.dice_board.remove(die)
    state.players[seat].dice.append(die)
    if track is not None and marker is not None:
        spaces, direction = dm.distance(die, state.median)
        state.tracks[track] = dm.move(state.tracks[track], marker, spaces, direction, overflow=pick[3])
    state.draft_queue.pop(0)
    if not state.draft_queue:
        state.phase = ACTIONS
