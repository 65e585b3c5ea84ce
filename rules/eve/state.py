"""State dataclasses of an EVE: Conquests game (spec §23, non-normative, made concrete).

Plain data only: the rules live in :mod:`rules.eve.engine`.  Renderers and the host read
these field names, so they stay stable (new fields may be added).

Conventions
-----------
* Regions are codes ``"R01"``..``"R63"`` (data/eve/map.json); squares ``"VIO-A"``..``"MAG-C"``;
  types ``"D"`` development, ``"P"`` production, ``"L"`` logistics; design cards ``DV01``..
  ``LG33``.  Seats are ``0 .. players-1``; seat ``i`` plays ``EMPIRES[i]``.
* Months are 1..12 (1 = January); ``calendar[m - 1]`` is month ``m``'s queue, innermost first.
* A *view* (``Game.view``) is the same dataclass with hidden parts replaced: other hands and
  every deck order by ``"?"`` (kit ``HIDDEN``), the face-down cards of each square by
  ``"?"``, a sealed dice selection not yet revealed by ``"?"``, and ``streams`` by None.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.kit import Deck, Hands, Sealed, Streams

# Values of GameState.phase
PREP_REVEAL = "prep_reveal"      # EVE-PREP-1 (a): reveal political squares (start player two)
PREP_HQ = "prep_hq"              # EVE-PREP-1 (b): place the HQ
PREP_PLACE = "prep_place"        # EVE-PREP-2: eight rounds of one unit each
PREP_OUTPOST = "prep_outpost"    # EVE-PREP-3: outposts in turn until everybody passed
PREP_SEAL = "prep_seal"          # EVE-PREP-4: three cycles of one seal each
FIRST = "first"                  # EVE-CAL-5: the owner of consecutive seals picks which acts first
ROUND = "round"                  # a development / production / logistics round
COMBAT = "combat"                # a battle of the active round (sub-steps in Combat.step)
OVER = "over"

PREP_PHASES = (PREP_REVEAL, PREP_HQ, PREP_PLACE, PREP_OUTPOST, PREP_SEAL)

# Values of Combat.step
CARDS_ATT = "cards_att"          # EVE-CMB-1: the attacker's combat cards
CARDS_DEF = "cards_def"          # EVE-CMB-1: the defender's combat cards
DICE = "dice"                    # EVE-CMB-4/5: secret dice selections (and the intel question)
TACTICS = "tactics"              # EVE-CMB-7: the tactics winner spends his tactic actions
TAKEFROM = "takefrom"            # EVE-CMB-12: the winner picks where a lost tile comes from
STEAL = "steal"                  # EVE-CMB-13: the winner picks the region card he steals
INVADE = "invade"                # EVE-CMB-10 step 2: the winner chooses how many units invade
REROLL = "reroll"                # PRD-G: after the roll, the players of Damage Control re-roll (attacker first)


@dataclass
class RegionState:
    """One region's stack (EVE-DEF-2)."""

    owner: int | None = None     # seat whose ordinary units hold it (HQ regions: always the HQ's seat)
    units: int = 0               # the owner's ordinary units
    agents: list[int] = field(default_factory=list)  # agents' seats, bottom-most (earliest) first
    outpost: str | None = None   # D / P / L, always the owner's
    hq: int | None = None        # seat whose HQ stands here


@dataclass
class Empire:
    """One seat's empire card, storage and holdings."""

    seat: int
    empire: str                                   # amarr / caldari / gallente / minmatar
    supply: int = 60                              # units not on the map (EVE-DEF-8)
    storage: dict[str, int] = field(default_factory=lambda: {"D": 0, "P": 0, "L": 0})   # tiles in storage
    schedule: dict[str, int] = field(default_factory=lambda: {"D": 0, "P": 0, "L": 0})  # tiles on each schedule (0-2)
    tile_cards: dict[str, str] = field(default_factory=dict)   # design card -> tile type on it (EVE-CARD-5)
    region_cards: list[str] = field(default_factory=list)      # region cards in front of him, in order taken
    hq: str | None = None                         # HQ region (None until placed)
    seals_placed: list[str] = field(default_factory=list)      # types of seals placed in EVE-PREP-4

    def level(self, kind: str) -> int:
        return self.schedule[kind] + 1


@dataclass
class PoliticalSquare:
    """One of the nine piles (EVE-POL-1); the marker stands on ``pile[0]`` while ``face_up``."""

    pile: list[str] = field(default_factory=list)   # region cards, index 0 = top ("?" when hidden in a view)
    face_up: bool = False                            # the top card is face up


@dataclass
class Seal:
    seat: int
    kind: str                    # D / P / L (the schedule it drives)


@dataclass
class RoundState:
    """The round being played (EVE-RND)."""

    seat: int
    kind: str                                        # D / P / L
    actions: int                                     # actions left (EVE-RND-3)
    discarded: bool = False                          # the round-start discard was made (EVE-RND-2)
    acted: bool = False                              # an action or free action was taken (no discard after)
    free_acted: bool = False                         # a card played or a tile returned (EVE-RND-4): the round
                                                     # is under way (``acted`` alone closes the discard)
    locked: list[str] = field(default_factory=list)  # regions locked this round (EVE-LOG-6)
    attack_sources: list[str] = field(default_factory=list)   # regions that attacked this round
    agent_targets: list[str] = field(default_factory=list)    # regions that got an agent this round (EVE-DEV-6)
    bridges: list[str] = field(default_factory=list)          # regions with his agents at round start (EVE-DEV-1)
    claims: int = 0                                  # claims made this round (EVE-POL-5)
    reveals_due: int = 0                             # squares still to reveal after a claim (EVE-POL-4)
    built: dict[str, int] = field(default_factory=dict)       # region -> units built there this round
    rush: int = 0                                    # Rush Orders played: months less for the seal (LOG-A)
    extra_claims: int = 0                            # Accelerated Claim played: claims allowed beyond one (DEV-F)
    remote_claim: bool = False                       # Remote Claim waits for the next claim (DEV-G)
    pending_keep: list[str] = field(default_factory=list)   # Streamlined Supply: the two drawn, keep one (LOG-H)
    peek: list[str] = field(default_factory=list)    # Long-range Planning: top cards to put back in order (LOG-K)
    peek_deck: str | None = None                     # the deck of ``peek``


@dataclass
class Combat:
    """A battle in progress (EVE-CMB, spec §19 EVE-BOT-6: each step is stored)."""

    attacker: int
    defender: int
    source: str                                      # S, the attacker's region
    target: str                                      # X, the defender's region
    step: str = CARDS_ATT
    strength: dict[int, int] = field(default_factory=dict)    # seat -> dice it may choose (EVE-CMB-2)
    cards: dict[int, list[str]] = field(default_factory=dict)  # seat -> combat cards played (EVE-CMB-1)
    intel: int | None = None                         # seat with the intel advantage (EVE-CMB-3)
    question: str | None = None                      # d / s / t: what the advantaged side asked
    answer: int | None = None                        # the engine's truthful answer (public)
    dice: Sealed[list[int]] = field(default_factory=lambda: Sealed([]))   # seat -> [d, s, t] chosen
    rolls: dict[int, list[list[int]]] = field(default_factory=dict)     # seat -> faces rolled per colour
    totals: dict[int, list[int]] = field(default_factory=dict)          # seat -> [damage, shield, tactics]
    tactic_seat: int | None = None                   # who won the tactics (EVE-CMB-7)
    tactic_actions: int = 0
    reserves: list[str] = field(default_factory=list)  # T1: regions a reserve unit came from
    negate: int = 0                                  # T2 spent
    cut: int = 0                                     # T3 spent
    losses: dict[int, int] = field(default_factory=dict)   # seat -> units destroyed
    lost: list[str] = field(default_factory=list)    # lost regions still to resolve, X before S (EVE-CMB-9)
    outpost_lost: str | None = None                  # type of the outpost destroyed in lost[0]
    tile_due: bool = False                           # lost[0]'s tile loss is still to settle (EVE-CMB-12)
    steal_due: bool = False                          # lost[0]'s steal is still to settle (EVE-CMB-13)
    invasion_allowed: bool = True                    # False when both battle regions fell (EVE-CMB-11)
    rerolls_left: list[int] = field(default_factory=list)   # seats still to decide Damage Control re-rolls (PRD-G)


@dataclass
class GameState:
    """The whole game."""

    players: list[Empire]
    regions: dict[str, RegionState]                  # every region in play (2 players: green and blue only)
    squares: dict[str, PoliticalSquare]              # "VIO-A" .. "MAG-C"
    decks: dict[str, Deck]                           # D / P / L design decks (kit: hidden pile, face-up discards)
    hands: Hands                                     # design cards per seat (kit: others see counts)
    hand_sizes: list[dict[str, int]]                 # seat -> deck -> cards in hand (public, EVE-BOT-2)
    options: dict[str, object]                       # normalised lobby options (end, length, vp_target...)
    order: list[int]                                 # seat order, start player first (EVE-SETUP-8)
    pool_outposts: dict[str, int] = field(default_factory=dict)   # outposts left in the shared pool
    pool_tiles: dict[str, int] = field(default_factory=dict)      # resource tiles left in the pool
    calendar: list[list[Seal]] = field(default_factory=lambda: [[] for _ in range(12)])
    month: int = 1                                   # the wheel's month (EVE-CAL-1)
    year: int = 1
    phase: str = PREP_REVEAL
    turn: int = 0                                    # index into ``order`` during the preparation round
    prep_count: int = 0                              # reveals / placements / seal cycles done in this prep step
    passed: list[int] = field(default_factory=list)  # seats that passed in EVE-PREP-3
    first_choices: list[str] = field(default_factory=list)   # FIRST: the seal types the owner chooses among
    round: RoundState | None = None
    combat: Combat | None = None
    events: list[object] = field(default_factory=list)   # what the last move did: messages as JSON
    winners: list[int] = field(default_factory=list)
    end_reason: str | None = None                    # "years" / "vision" / "year_limit"
    streams: Streams | None = None                   # labelled random streams (None in views)

    @property
    def player_count(self) -> int:
        return len(self.players)
