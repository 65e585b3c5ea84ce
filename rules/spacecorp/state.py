"""Space Corp game state: typed dataclasses, one explicit fast clone (spec §4-§7).

Seats are 0-based here (the spec's seat 1 is seat 0).  A team is named by its colour letter and
number (``B1``); a physical card by its design id and copy (``M02#1``); a Time card by ``T1``..``T8``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.kit import Hands, Plumbing, Sealed, Streams
from rules.messages import Msg

COLOURS = ("B", "Y", "P", "G")                    # blue, yellow, purple, green (§3), by seat
PLAY, OVER = "play", "over"
LEGACY = "legacy"                                 # the phase of the Legacy selection between eras (SC-TRANS-1)
# the steps of a turn (SC-TURN) that wait for the active player
ACTION, RESEARCH_DRAWS, OFFER_TAKE, CONTRACTS, TRANSPORT = "action", "research", "offer", "contracts", "transport"
# the steps that run by themselves, each a point where a reaction window may open (§9.3)
START, RESOLVED, CLEANUP, REFILL, ENDED = "start", "resolved", "cleanup", "refill", "ended"
SETUP = "setup"                                   # an era's setup waits for the Pioneers' placements
PROGRESS, OFFER, PREDICT, PIONEER = "progress", "offer", "predict", "pioneer"   # kinds of Pending decisions
RESEARCH_BASE = "research_base"                   # E3 Research base: an Offer card or idea +1 (SC-BASE)
INFRA_DISCARD = "INFRA_DISCARD"                   # the decision window of EG-INCOMPAT (not an Edge trigger)
TRIGGER_CONTRACTS, TRIGGER_DECK = "contracts", "deck"   # SC-END-1 / SC-END-2
# why an opponent is owed a reward card (SC-RWD-1): their Infra, a base's ability, a Move's base (SC-MOV-3)
INFRA_USED, BASE_USED, MOVE_START, MOVE_END = "infra", "base", "start", "end"


@dataclass
class Player:
    seat: int
    colour: str                                   # "B", "Y", "P", "G"
    profit: int                                   # trillion credits (T), never below 0 (SC-SCORE-3)
    teams: dict[str, str | None]                  # team id -> site id; None: in the HQ supply
    bases: dict[str, int]                         # base type -> tokens left in the supply (SC-BLD-9)
    hq: dict[str, str | None]                     # Infra box "1".."3" -> physical card on it (None: printed/empty)
    genetics: int = 0                             # Progress Wheel position of the genetics cube (SC-GEN-2)
    genetics_steps: int = 0                       # every step it moved, laps included (SC-VAR-4)
    genetics_lapped: bool = False                 # reached or passed Start in E1 (SC-GEN-3)
    idea: int = 0                                 # Progress Wheel position of the idea cube
    pioneer: int = 0                              # Pioneer marker held: 0 none, 1 first, 2 second
    passed: bool = False                          # passed for the rest of the era (SC-END-4)
    turns_after_exhaustion: int = 0               # turns begun after Trigger B (SC-END-10)
    idea_steps: int = 0                           # every step the idea cube moved (E2/E3, SC-IDEA-1)
    progress: list[str] = field(default_factory=list)   # Progress cards owned, physical ids ("AD-LOWG#2")
    legacy: tuple[str, str] | None = None         # Legacy Production pair on the HQ: (tile id, base type)
    track: dict[str, int] = field(default_factory=dict)   # E3: team -> star-track space (3 far .. 1 near);
                                                  # a team in a star system but not listed stands on the star
    teams_out: list[str] = field(default_factory=list)   # teams removed from the game (SC-COL-3e)
    ledger: dict[str, int] = field(default_factory=dict)   # profit by source (SCORE_SOURCES): the breakdown


@dataclass
class Pending:
    """A decision owed outside the turn's steps, answered with ``choose`` before play goes on:
    a Progress card to pick (SC-PROG-2), the Predictive AI look (BR-PREDICT), a Pioneer's
    placement at an era's setup (SC-SETUP-23/24)."""

    kind: str                                     # PROGRESS, OFFER, PREDICT, PIONEER, RESEARCH_BASE
    seat: int
    what: str = ""                                # PROGRESS: ADAPT / BREAK; PIONEER: the site offered
    cards: list[str] = field(default_factory=list)   # PREDICT: the cards looked at (their owner's eyes only)
    no_bonus: bool = False                        # PROGRESS from EG-LEAK: only a no-bonus copy
    setup_pick: bool = False                      # PROGRESS of SC-VAR-3: a Planeteers Adaptation without
                                                  # prerequisite, its profit bonus ignored


@dataclass
class Window:
    """An open reaction window (§9.3): the players who may still play an Edge on ``event``,
    answering one at a time in turn order from the active player (SC-EDGE-3)."""

    event: str                                    # the §8.6 engine event, or INFRA_DISCARD
    subject: int                                  # the seat whose turn, action or contract caused it
    waiting: list[int]                            # seats still to answer; the first answers now
    amount: int = 0                               # PRODUCE_RESOLVED: profit produced; CONTRACT_FULFILLED: the reward
    cards: list[str] = field(default_factory=list)   # CARDS_DISCARDED: the cards that went to the discard pile


@dataclass(frozen=True)
class Reward:
    """One reward card owed to an opponent (SC-RWD-1) and why: the action used their Infra
    (INFRA_USED), the ability of their base on ``site`` (BASE_USED: a Spaceport, an Industrial
    base, a Shield Generator), or the Move started or ended at their base on ``site``
    (MOVE_START / MOVE_END, SC-MOV-3).  ``base``: that base's type ("" for a star system's
    several bases); ``cause`` "" for a reward stored before causes were kept (its seat alone)."""

    seat: int
    cause: str = ""
    site: str = ""
    base: str = ""


@dataclass
class Turn:
    """The turn in progress (SC-TURN): its step and what it has done so far."""

    seat: int                                     # the active player
    step: str = START
    draws_left: int = 0                           # RESEARCH_DRAWS: draws still to make; OFFER_TAKE: cards to take
    rewards: list[Reward] = field(default_factory=list)   # one card owed each (SC-RWD), in the order earned
    acted: list[str] = field(default_factory=list)     # teams that performed an action (SC-TRN-1)
    played: list[str] = field(default_factory=list)    # cards played this turn, discarded in step 5
    produced: int = 0                             # profit gained by Produce in step 1 (contract E1 row 1)
    upgraded: str | None = None                   # the card upgraded this turn: no Infra until next turn (SC-UPG-4)
    banned: list[str] = field(default_factory=list)    # actions named by EG-SABOTAGE: not allowed this turn
    race: bool = False                            # EG-RACE played: Infra of two HQs, even after a trigger
    after: int | None = None                      # an EG-INTERCEPT turn: the seat whose turn came before it
    stuck: bool = False                           # passed before Trigger B with no legal action: the
                                                  # step-6 draw happens whatever the hand holds


@dataclass
class GameState:
    options: dict[str, Any]
    era: str                                      # "E1", "E2" or "E3"
    order: list[int]                              # seats in turn order from the era's first player
    players: list[Player]
    hands: Hands                                  # secret contents, public sizes (SC-CARD-9)
    pile: list[str]                               # the draw pile, top first; hidden order (§9.1)
    offer: list[str | None]                       # the four Offer boxes O1..O4, face up
    discards: list[str]                           # face up, never reshuffled (SC-CARD-10)
    time_discards: list[str]                      # played Time cards (SC-TURN-5)
    time_aside: list[str]                         # Time cards out of this era's play, kept for later eras
    stacks: dict[str, list[str]]                  # discovery stack -> tiles, top first; hidden order
    tiles: dict[str, list[str]]                   # site -> discovery tiles placed in its boxes, face up
    bases: dict[str, tuple[int, str]]             # base spot -> (owner seat, base type); home bases are implicit.
                                                  # A spot is the site (E1/E2: one base per site) or, in an
                                                  # E3 star system, "site/tile" (one base per tile, SC-MAP-5)
    claims: dict[str, str]                        # site -> team holding a claim on it (SC-EXP-8)
    contracts: dict[int, str]                     # row -> where its disc stands: "start" or the era fulfilled
    explored: list[int]                           # explorations this era, per seat (contract row 2, SC-CON-7)
    explored_max: list[int]                       # the highest explore cost each seat explored this era (E2 row 2)
    pioneers_left: list[int]                      # Pioneer markers still on the Belt: [1, 2] at setup
    turn: Turn
    trigger: str | None = None                    # the first era-end trigger that occurred
    deck_exhausted: bool = False                  # Trigger B has occurred (SC-END-2)
    final_turns: list[int] | None = None          # seats still owed their last turn, in order (SC-END-1/5)
    pile_mark: int = -1                           # the draw pile's size when the last turn ended (SC-END-11)
    hands_mark: int = 0                           # the cards in all hands when the last turn ended (SC-END-11)
    idle_turns: int = 0                           # turns in a row in which no card left the pile or a hand (SC-END-11)
    phase: str = PLAY
    windows: list[Window] = field(default_factory=list)   # open reaction windows, innermost last (§9.3)
    extra_turns: list[int] = field(default_factory=list)  # seats owed an EG-INTERCEPT turn next
    streams: Streams | None = None                # labelled random streams (§9.2); None in a view
    news: list[Msg] = field(default_factory=list)               # public events of the last move
    private_news: list[tuple[int, Msg]] = field(default_factory=list)   # (seat, news) of the last move
    final: dict[str, Any] | None = None           # the end of the game: bonuses and ranking (SC-VAR-4)
    hq_side: str = "standard"                     # the HQ side in use (SC-SETUP-2, SC-VAR-2/3)
    side_board: dict[str, list[str]] = field(default_factory=dict)   # Progress id -> copies left, top first
    pending: list[Pending] = field(default_factory=list)   # decisions owed before play goes on, first first
    legacy_choice: Sealed[str] | None = None      # LEGACY phase: each player's sealed pick ("@site" or "none")
    tiles_out: list[str] = field(default_factory=list)   # discovery tiles out of the game (SC-EXP-5, SC-TRANS-3)
    time_pool: list[str] = field(default_factory=list)   # SETUP: the Time cards collected for the next era
    colonies: dict[str, tuple[int, str]] = field(default_factory=dict)   # E3: region -> (owner, colony tile)
    colony_supply: list[str] = field(default_factory=list)   # E3: colony tiles left on the Side Board
    windows_asked: list[int] = field(default_factory=list)   # seats a reaction window has asked (told once
                                                  # how a standing order answers for them, §9.3)


def split_spot(spot: str) -> tuple[str, str | None]:
    """A base spot's site and tile: "eps_eri/D3-04" -> ("eps_eri", "D3-04"); "moon" -> ("moon", None)."""
    site, _, tile = spot.partition("/")
    return site, tile or None


def _no_news(news: list[Any]) -> list[Any]:
    return []


# a copy starts with no news: ``apply`` copies the state, then tells what the move did
_COPY = Plumbing(copies={(GameState, "news"): _no_news, (GameState, "private_news"): _no_news})


def clone_state(state: GameState) -> GameState:
    """A copy deep enough that ``apply`` never changes the state it was given (tested against
    ``copy.deepcopy``); immutable parts (strings, ints, tuples, Msg) are shared.  The kit's
    copy, generated from the fields' type hints (bench/bench_clone.py)."""
    return _COPY.clone(state)
