"""State dataclasses of a Pulsar 2849 game (spec Appendix A, made concrete).  Plain data: the
rules live in :mod:`rules.pulsar.setup` and the modules that follow it.

Conventions: seats are ``0 .. players-1``; locations, tiles and technologies use the spec's
ids (``S03``, ``PS08``, ``TX-A04``, ``AI-1b``); a track marker is ``"<seat>:<n>"`` (``n`` = 1, or
1 and 2 with two players, P-SETUP-19); sizes ``S``/``M``/``L``.  Hidden from everyone
(spec H-2): system tiles not yet revealed, the unseen 17th tile, the exploration pile's order
and the transmitter stack below the offer.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.kit import Deck, Sealed, Streams, clone

# Values of GameState.phase
HQ_SIDE = "hq_side"          # P-SETUP-17: every player picks an HQ side in secret
START_GATE = "start_gate"    # P-SETUP-21: survey ships onto starting gates, last player first
DRAFT = "draft"              # D-DRAFT: picking dice
ACTIONS = "actions"          # A-TURN: one player's turn at a time
PRODUCTION = "production"    # PR-4: owners of "1 cube -> VP" transmitters decide (parallel)
GOALS = "goals"              # FS-2: goal bonus purchases and the gyrodyne-goal choice (parallel)
OVER = "over"


@dataclass
class System:
    """One planetary system location."""

    tile: str                                        # "PS01".."PS17" ("?" in a view while face down)
    revealed: bool = False
    planets: dict[int, str] = field(default_factory=dict)   # slot -> "X" blocked or the owner's seat as str


@dataclass
class Gyrodyne:
    """A gyrodyne tile on a pulsar (ACT-GYRO-PLACE)."""

    size: str                    # S / M / L
    spinning: bool = False       # flipped by ACT-GYRO-SPIN; scores in every production (PR-5)


@dataclass
class OwnTransmitter:
    """A transmitter a player took (§6.3)."""

    tile: str                                        # "TX-A04"
    covered: list[int] = field(default_factory=list)  # die icons paid (1-based)
    operational: bool = False                        # flipped by TX-ACT


@dataclass
class Player:
    seat: int
    vp: int = 0
    vp_src: dict[str, int] = field(default_factory=dict)   # where the VP came from (sums to ``vp``)
    cubes: int = 0
    mods: dict[str, int] = field(default_factory=lambda: {"pm1": 1, "p2": 0})   # P-SETUP-9
    rings: int = 6                                   # pulsar rings left (C-11)
    markers: int = 30                                # markers left for stations (A-MARK-1)
    ship: str | None = None                          # the survey ship's location (None before P-SETUP-21)
    hq_board: int | None = None                      # dealt HQ board 1..4 (None: first game)
    hq_side: int | None = None                       # 1 or 2, once chosen
    dice: list[int] = field(default_factory=list)    # silver dice drafted this round
    bonus_used: bool = False                         # A-BONUS-1: the round's bonus die was taken
    gyro_reserve: dict[str, int] = field(default_factory=lambda: {"S": 0, "M": 0, "L": 0})
    red: int | None = None                           # the bonus die in hand this turn (A-BONUS-2), its value
    red_now: bool = False                            # A-BONUS-6: a transmitter die, to be used by the very next action
    kept_exploration: list[str] = field(default_factory=list)   # extra-station tiles (EXPL-1)
    awards: list[int] = field(default_factory=list)  # construction awards won (their VP)
    patents: list[str] = field(default_factory=list)  # technologies patented, in order
    hq_done: list[str] = field(default_factory=list)  # HQ projects completed
    transmitters: list[OwnTransmitter] = field(default_factory=list)
    links: list[list[str]] = field(default_factory=list)  # [tileA, pointA, tileB, pointB] (TX-LINK-1)
    gate_runs: dict[str, bool] = field(default_factory=dict)    # HQ project -> used (GATERUN-4)

    def score(self, amount: int, source: str) -> None:
        """Gain (or lose) VP, recorded by source; a score never drops below 0 (§7)."""
        amount = max(amount, -self.vp)
        self.vp += amount
        self.vp_src[source] = self.vp_src.get(source, 0) + amount


@dataclass
class GameState:
    players: list[Player]
    options: dict[str, object]                       # players, cluster_side, first_game, balanced_start
    order: list[int]                                 # seat of the rocket on turn-order space 1, 2, ... (2p: 4)
    tracks: dict[str, list[list[str]]]               # "initiative" / "engineering": spaces of stacks, bottom first
    systems: dict[str, System]                       # location -> system
    unseen_tile: str                                 # the 17th tile, in the box (never shown)
    goals: list[str]                                 # goal sides in play, e.g. ["G1a", "G3a", "G5a"]
    tech_sides: list[str]                            # one side per tier, e.g. ["AI", "AII", "AIII"]
    transmitters: list[str]                          # the stack below the offer, top first
    offer: list[str]                                 # this round's transmitter offer (3)
    exploration: Deck                                # kit deck: hidden pile, face-up discards
    hq_choice: Sealed[int]                           # P-SETUP-17: sides chosen in secret
    phase: str = HQ_SIDE
    round: int = 1
    gate_queue: list[int] = field(default_factory=list)   # seats still to place their ship
    dice_board: list[int] = field(default_factory=list)   # silver dice values still on the board
    median: int | None = None                        # D-MED-4 half-step position h
    draft_queue: list[int] = field(default_factory=list)  # seats still to pick, in pick order
    turn_queue: list[int] = field(default_factory=list)   # seats still to take their action turn
    free_acted: bool = False                         # A-TURN-5: the turn's player took a free action (a
                                                     # gyrodyne placed, a transmitter linked): the turn is under way
    pending: list[int] = field(default_factory=list)      # PRODUCTION / GOALS: seats still to decide
    decisions: dict[str, list[str]] = field(default_factory=dict)   # seat -> what it decided (parallel steps)
    winners: list[int] = field(default_factory=list)
    dice_spent: int = 0                              # silver dice gone to the black hole this round
    owed_gyro: list[str] = field(default_factory=list)   # sizes a won gyrodyne may take, the player to choose
    reward_choice: str | None = None                 # the move's ``choice=S/M/L`` for gyrodyne-choice rewards
    pulsars: dict[str, int] = field(default_factory=dict)  # claimed pulsar -> seat
    gyros: dict[str, Gyrodyne] = field(default_factory=dict)  # pulsar -> its gyrodyne tile
    patent_slots: dict[str, list[list[int]]] = field(default_factory=dict)  # tech -> [[seat, 0 icon / 1 lower], ...]
    award_holders: dict[str, list[int]] = field(default_factory=lambda: {s: [] for s in "SML"})  # size -> seats, 7 first
    gyro_supply: dict[str, int] = field(default_factory=lambda: {"S": 10, "M": 10, "L": 10})
    awards: dict[str, list[int]] = field(default_factory=lambda: {s: [7, 4] for s in "SML"})
    events: list[object] = field(default_factory=list)     # what the last step did: messages as JSON
    streams: Streams | None = None                   # labelled random streams (None in views)

    @property
    def player_count(self) -> int:
        return len(self.players)


def add_event(state: GameState, key: str, /, **values: object) -> None:
    """Public news of the move being applied (a roll, a revealed tile, a drawn tile): spec H-3,
    RNG-R4 (the log shows what chance decided)."""
    from rules.messages import Msg, to_json
    state.events.append(to_json(Msg(f"pulsar.event.{key}", **values)))


def clone_state(state: GameState) -> GameState:
    """A deep copy: every mutable part rebuilt, strings and numbers shared (the kit's copy,
    generated from the fields' type hints; bench/bench_clone.py)."""
    return clone(state)
