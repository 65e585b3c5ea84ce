"""State dataclasses of a Planetarium game (spec §17, non-normative, made concrete).

Everything here is plain data: the rules live in :mod:`rules.planetarium.engine`.  The
renderer and the host read these field names, so they stay stable (new fields may be added).

Conventions
-----------
* Node ids are ``"<orbit>-<index>"`` strings, e.g. ``"IV-3"`` (data/planetarium/board.json).
* A token on a node is a one-letter string: matter ``"G"`` gas, ``"R"`` rock, ``"W"`` water,
  ``"M"`` metal; planet ``"A"``, ``"B"``, ``"C"``, ``"D"``.  The two alphabets never overlap.
* Card ids: ``L01``-``L18`` initial, ``H01``-``H18`` major, ``F01``-``F16`` final.
* Seats are ``0 .. players-1``; play is clockwise = increasing seat number.
* A *view* (``Game.view``) is the same dataclass with hidden cards masked by the kit's mark
  ``rules.kit.HIDDEN`` ("?"), one per card: ``hand`` and ``drawn_finals`` of other seats
  (``hand_known`` False; ``hand_count`` and ``final_count`` stay public), ``decks``
  (``deck_sizes`` stays), other seats' ``setup_discard`` while the setup choices are sealed;
  ``rng`` becomes ``None`` (the seed would reveal the deck order).
* Hidden information through the kit: a card drawn from a deck (``rules.kit.draw_hidden``), a
  reshuffle or tie break (a draw from ``rng``), a hand card going face up and the setup
  discards opened together (``rng.reveal``) are recorded on ``rng`` (a ``rules.kit.Chance``),
  so whether a move revealed something (what ``undo`` refuses) follows from the mechanics.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from rules.messages import Msg
from rules.kit import Chance

MATTER_KINDS = ("G", "R", "W", "M")
PLANETS = ("A", "B", "C", "D")
# The order of the planet areas printed on a player mat [public].
MAT_ORDER = ("A", "C", "B", "D")
SEAT_COLOURS = ("Red", "Blue", "Green", "Yellow")

# Values of GameState.phase
PHASE_SETUP = "setup"            # every seat secretly discards one of its two dealt finals
PHASE_MOVE = "move"              # active player moves one token (or "mv none")
PHASE_CARD = "card"              # play an initial/major card, replace, pass; last round: also finals / done
PHASE_DRAW = "draw"              # after playing a card: draw I, M or F
PHASE_KEEP_FINAL = "keep_final"  # after "draw F": keep one of the two drawn final cards
PHASE_FINALS = "finals"          # last round, after the normal card: finals one by one, then "done"
PHASE_OVER = "over"              # the game has ended


def empty_mat_area() -> dict[str, int]:
    return {kind: 0 for kind in MATTER_KINDS}


@dataclass
class PlayedCard:
    """One card lying in a planet's row (PL-BRD-7)."""

    card: str                   # card id, e.g. "H01"
    owner: int                  # seat that played it
    marker: int | None = None   # seat whose marker cube sits on it (always the owner), None = no marker


@dataclass
class PlanetState:
    """One planet: its type, habitability token and card row."""

    letter: str                 # "A".."D"
    kind: str                   # "solid" or "gas"
    habitable: bool = False     # habitability token side: False = uninhabitable (start side)
    habitable_points: int = 0   # H: sum of habitable values of the cards in the row
    uninhabitable_points: int = 0  # U: sum of uninhabitable values of the cards in the row
    row: list[PlayedCard] = field(default_factory=list)  # played cards in play order


@dataclass
class PlayerState:
    """One seat: colour, hand, mat, markers, score."""

    seat: int
    colour: str                               # "Red", "Blue", "Green", "Yellow"
    hand: list[str] = field(default_factory=list)  # card ids in hand (HIDDEN marks in a view of another seat)
    hand_known: bool = True                   # False in a view where this hand is hidden
    hand_count: int = 0                       # number of cards in hand (always public)
    final_count: int = 0                      # number of final cards in hand (public, PL-BOT-1)
    mat: dict[str, dict[str, int]] = field(   # planet letter -> matter kind -> count on the mat area
        default_factory=lambda: {planet: empty_mat_area() for planet in PLANETS})
    markers_supply: int = 8                   # marker cubes not on any card
    score: int = 0                            # current points
    points_log: list[tuple[str, str, int]] = field(default_factory=list)  # (card id, planet, points) per scored card (JSON: a list)
    setup_discard: str | None = None          # secret setup choice (final card to discard); HIDDEN in others' views
    setup_done: bool = False                  # this seat has made its setup choice
    setup_discarded: str | None = None        # the final card discarded at setup, public once all chose
    drawn_finals: list[str] = field(default_factory=list)  # the 2 finals of a pending "draw F" (private)
    last_turn_taken: bool = False             # this seat has finished its last-round turn


@dataclass
class GameState:
    """The whole game."""

    players: list[PlayerState]
    nodes: dict[str, str | None]              # node id -> token letter (matter kind or planet) or None
    planet_pos: dict[str, str]                # planet letter -> node id
    planets: dict[str, PlanetState]           # planet letter -> planet state
    track: list[str] = field(default_factory=list)        # matter kinds on spaces 1..30 (index 0 = space 1)
    final_space: list[str] = field(default_factory=list)  # matter kinds on the final space F (unlimited)
    accelerated: bool = False                 # a token lies on the acceleration space (PL-EVO-2)
    decks: dict[str, list[str]] = field(default_factory=dict)     # "initial"/"major"/"final" -> draw pile, index 0 = top (HIDDEN marks in views)
    deck_sizes: dict[str, int] = field(default_factory=dict)      # "initial"/"major"/"final" -> cards in the draw pile (public)
    discards: dict[str, list[str]] = field(default_factory=dict)  # "initial"/"major"/"final" -> face-up discard pile, last = top
    phase: str = PHASE_SETUP                  # one of the PHASE_* values above
    active: int = 0                           # seat whose turn it is (meaningless during setup)
    start_player: int | None = None           # seat chosen by PL-SETUP-7
    turn_no: int = 0                          # number of the current turn, 1 = first turn of the start player
    moved: bool = False                       # the active player has done his move step this turn
    card_played: str | None = None            # initial/major card played this turn (None: none yet)
    replaced: str | None = None               # card replaced this turn
    finals_played: list[str] = field(default_factory=list)  # finals played this turn (last round)
    last_round: bool = False                  # the last round has started
    last_round_reason: str | None = None      # "track" (F reached), "stall" (PL-END-4) or "cap" (400 turns)
    trigger_player: int | None = None         # seat that put the first token on F (None for stall/cap)
    last_round_queue: list[int] = field(default_factory=list)  # seats still to take their last turn, in order
    turn_started_without_matter: bool = False  # the current turn began with no matter on the board (PL-END-4)
    stall_turns: int = 0                      # completed turns without a card since the board ran out of matter
    events: list[Msg | str] = field(default_factory=list)  # what the last applied move did (JSON: rules.messages.to_json); a plain str is the English text of a game saved before messages
    winners: list[int] = field(default_factory=list)  # set when the game is over (PL-WIN)
    rng: Chance | None = None                 # the only source of randomness, and the record of what
                                              # was taken out of hiding (rules.kit.Chance; None in views)

    @property
    def player_count(self) -> int:
        return len(self.players)
