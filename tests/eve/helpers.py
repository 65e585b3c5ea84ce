"""Building EVE positions for rule tests: a fresh game, then the pieces a test needs placed
directly (the spec's worked examples start from mid-game positions)."""
from __future__ import annotations

from rules.base import IllegalMove
from rules.eve import GAME
from rules.eve.engine import clone_state, sync_public
from rules.eve.state import ROUND, GameState, RegionState, RoundState, Seal

AMARR, CALDARI, GALLENTE, MINMATAR = 0, 1, 2, 3


def new(players: int = 4, seed: int = 1, **options) -> GameState:
    return GAME.new_game({"players": players, **options}, seed)


def play(state: GameState, seat: int, text: str) -> GameState:
    return GAME.apply(state, GAME.parse_move(state, seat, text))


def refused(state: GameState, seat: int, text: str) -> IllegalMove:
    """The refusal of ``text`` (the test fails if it is accepted)."""
    try:
        GAME.apply(state, GAME.parse_move(state, seat, text))
    except IllegalMove as error:
        return error
    raise AssertionError(f"{text!r} was accepted")


def hold(state: GameState, seat: int, code: str, units: int = 1, outpost: str | None = None,
         hq: bool = False, agents: tuple[int, ...] = ()) -> None:
    """Put ``units`` of ``seat`` (and an outpost / the HQ / agents) in ``code``, from supply."""
    region = state.regions[code]
    state.players[seat].supply -= units
    region.owner, region.units, region.outpost = seat, units, outpost
    if outpost:
        state.pool_outposts[outpost] -= 1
        state.pool_tiles[outpost] -= 1
        state.players[seat].storage[outpost] += 1
    if hq:
        region.hq = seat
        state.players[seat].hq = code
    for agent in agents:
        region.agents.append(agent)
        state.players[agent].supply -= 1


def give_cards(state: GameState, seat: int, codes: list[str]) -> None:
    """Region cards taken from the political map and put in front of ``seat``."""
    for code in codes:
        for square in state.squares.values():
            if code in square.pile:
                if square.pile[0] == code:
                    square.face_up = False
                square.pile.remove(code)
        state.players[seat].region_cards.append(code)


def clear(state: GameState) -> None:
    """An empty map (units back to supply)."""
    for code in state.regions:
        state.regions[code] = RegionState()
    for player in state.players:
        player.supply = 60
        player.hq = None


def calendar_with(state: GameState, month: int, front: list[tuple[int, str]]) -> None:
    """Every seat's three seals on the calendar: ``front`` first in ``month``, the rest spread
    over later months (so EVE-CAL-7's invariants hold)."""
    state.calendar = [[] for _ in range(12)]
    placed = set()
    for seat, kind in front:
        state.calendar[month - 1].append(Seal(seat, kind))
        placed.add((seat, kind))
    later = 0
    for seat in range(state.player_count):
        for kind in "DPL":
            if (seat, kind) not in placed:
                state.calendar[(month + 5 + later % 4) % 12].append(Seal(seat, kind))
                later += 1
    state.month = month


def in_round(state: GameState, seat: int, kind: str, actions: int = 5, month: int = 3) -> GameState:
    """``seat`` is playing a ``kind`` round with ``actions`` actions left."""
    state = clone_state(state)
    state.phase = ROUND
    for player in state.players:
        player.seals_placed = ["D", "P", "L"]
    calendar_with(state, month, [(seat, kind)])
    bridges = sorted(code for code, region in state.regions.items() if seat in region.agents) if kind == "D" else []
    state.round = RoundState(seat, kind, actions, bridges=bridges)
    sync_public(state)
    return state


class FixedDice:
    """Stands in for the game's random streams in a battle: each roll takes the next values."""

    def __init__(self, values: list[int]):
        self.values = list(values)
        self.counters: dict[str, int] = {}
        self.revealed = 0

    def reveal(self, count: int = 1) -> None:        # the kit's record of things taken out of hiding
        self.revealed += count

    def roll(self, label: str, count: int, sides: int = 6) -> list[int]:
        out, self.values = self.values[:count], self.values[count:]
        return out

    def copy(self) -> "FixedDice":
        return self


# die values (1..6) showing a face of 0, 1 or 2 (faces 0,1,1,1,2,2: data/eve/tables.json)
FACE = {0: 1, 1: 2, 2: 5}
