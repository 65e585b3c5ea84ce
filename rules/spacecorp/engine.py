"""Space Corp 2025-2300AD on the rules-core contract, 2-4 players: the Mariners (E1), the
Planeteers (E2) and the Starfarers (E3) with the transitions between them, played as the lobby
option ``eras`` says: one era, two in a row, or all three (SC-VAR-1..4).  A game that ends after
E1 or E2 ends with the early-finish scoring (SC-VAR-4), one that ends after E3 with the colony
scoring (SC-SCORE).  The twelve Edges of the three decks have their reaction windows (§9.3).

A turn is a short sequence of commands (§10.4): the action (``research``, ``move``, ``explore``,
``build``, ``produce``, ``genetics``, ``idea``, ``upgrade``, ``special``, ``colonize`` in E3, or
``pass`` when allowed), then the Research draws one by one (``draw D`` / ``draw O2``), then
``fulfill`` (step 2) and ``transport`` (step 4).  A step with nothing to decide is skipped;
rewards (step 3), discarding and refilling the Offer (step 5) and the step-6 draw happen by
themselves.

DESIGN DECISIONS (where the spec leaves the engine a choice; each in one place)
* A game ending after E1 or E2 uses the early-finish scoring of SC-VAR-4 (Pioneer bonuses; +1T per
  genetics step only when it ends after E1); one ending after E3 the colony scoring (SC-SCORE).
* E3 bases stand on tiles (one per tile, SC-MAP-5): ``state.bases`` is keyed by "site/tile" there.
  ``produce @site`` in a star system collects from every tile there with a P# and your base, each
  tile counting towards the value (SC-PRD-2).
* Phobes (SC-EXP-12) send home the team that explored when it is in the region, else the
  explorer's first team there (no decision is asked; Energy Field keeps them).  Until a Defense base
  stands on the Phobes tile, the system's tiles give no immediate reward, production, colony
  points or Extractor profit; the Defense base's builder then gets every tile's immediate rewards.
* The E3 Research base asks ``draw O1``..``O4`` (an Offer card) or ``choose base=idea``.
* Colony abilities that let the owner pick a contract (K06, K08) take the largest reward; colony
  abilities run by themselves in turn order.  Each Colony Point source named must give something.
* The Orion rewards (SC-MOV-34) follow from the board: 5T when no team stands in either Orion
  region, 2T when the one entered is empty, nothing otherwise.
* A player may pass before Trigger B when no action but an Upgrade is legal, and a pass before
  Trigger B draws the step-6 card whatever the hand holds (A-49 [designed]): without it two players
  holding more than seven cards, with nothing to do but swap Infra cards, would never end the era.
* SC-VAR-3's setup Adaptations are owed decisions, from the last player counter-clockwise.
* Decisions owed outside the turn's steps (``state.pending``: a Progress card earned by a lap,
  Star Children's Offer card, the Predictive AI pick, a Pioneer's placement at the E2 setup) are
  answered first, by the player owing them, before play or any reaction window goes on.  A
  Progress card with nothing left to choose is lost (A-30).  Several laps in one action give one
  card each, chosen one after the other.
* Legacy Production (SC-TRANS-1) is asked only of players who have a producing tile with their
  base; the picks are sealed and revealed together.  Deadline default: the first eligible site.
  A Pioneer's placement (SC-SETUP-23/24/43/44) defaults to placing the team.
* Radiation (SC-RAD): a Move is in the zone when its origin or destination is (the E2 regions
  outside the zone border each other, so no cheapest route between them passes through it).  An
  Infra box with a Shielded and an unshielded entry gives the Shielded one when the action would
  otherwise pay the penalty, else the larger.  Your own Shield Generator shields by itself; an
  opponent's only when named in ``use=`` (a reward).
* The E2 Spaceport (SC-MOV-23) doubles the largest Move entry played (the player's best choice).
* An ``f2`` box draws from the stack named with ``stack=f2a``/``f2b``; unnamed, from the first
  that is not empty.  A redirect tile (Deep Fissure) stays when the ``f3`` stack is empty.
* Predictive AI (BR-PREDICT): the cards not taken go back on the pile in the order they were in.
* Tiles of an ending era, and those a redirect replaces, are kept in ``tiles_out`` (out of the game).
* Reaction windows (§9.3): the turn's automatic steps (``START``, ``RESOLVED``, ``CLEANUP``,
  ``REFILL``, ``ENDED``) are where triggers occur; a window is answered one player at a time in
  turn order from the active player (SC-EDGE-3), so effects that compete (two Hacks on one Offer)
  resolve in that order.  A player who plays an Edge stays first in the window while they hold
  another one that could still act.  In fast mode a player whose Edge can no longer do anything
  (the Offer emptied, the card already poached) is skipped.  Windows nest depth-first
  (Incompatibility's discards inside the Upgrade's window).  Deadline default: ``decline``; the
  Incompatibility discard defaults to the lowest box.
* One CONTRACT_FULFILLED window per ``fulfill`` command: Investor Confidence pays once for it,
  Market Influence takes half of the largest reward fulfilled in it.
* Race is played on your own turn at the action step, before the action (its trigger is your own
  declaration, so no window is needed); its two HQs may include opponents' after a trigger (A-04).
* Intercept: the extra turn comes right after the turn it answered (after its step 6); play then
  resumes after the intercepted player.  It does not count against SC-END-10 or SC-END-1's last
  turns, and a player who has passed for the era (SC-END-4) cannot intercept.
* Your own bases' abilities apply by themselves (your Spaceport's +2 Move per team starting there,
  your Industrial's doubled Build); an opponent's base ability only when the move names its site
  in ``use=`` (SC-VAL-12: a player may always decline an opponent's source and its reward).
* The base a Move must start or end at (SC-MOV-3): your own (Earth, your home base, always counts);
  otherwise an opponent's base at the start, else at the end, earns its owner the reward.
* Passing (SC-TURN-1) is allowed after Trigger B, and at any time when no action is legal
  (SC-END-9): a game never stalls on a hand that cannot act.
* A Research base's card (SC-BASE, E1) is taken right after the Build with ``draw O1``-``O4``; with
  an empty Offer it is lost.  Several Research draws are made one by one (SC-RES-3).
* After Trigger B each player begins at most 3 more turns (SC-END-10); after Trigger A every player
  has exactly one more turn, the triggering player last (SC-END-1); when both are scheduled, the
  era ends at the earlier end (SC-END-6).
* The decision deadline's default (``default_move``): ``fulfill`` every contract that can be
  fulfilled, ``transport none``, ``draw D`` (or the first Offer card), and at the action step the
  first legal action the engine lists (Research with your own Infra when possible), else ``pass``.
* Early-finish ties (SC-VAR-4): most profit, then most bases on the board, then a shared victory.
"""
from __future__ import annotations

import functools
import itertools
from typing import Any, Iterable, Iterator, Mapping, NamedTuple

from rules.base import (Component, Game, IllegalMove, Notice, OptionSpec, PreferenceSpec, ScorePart, players_option,
                        spread_kinds)
from rules.kit import HIDDEN, Hands, Sealed, Streams, Term, draw_hidden, revealed_between
from rules.messages import Join, Msg

from . import moves as mv
from . import components, phrases
from .phrases import team_msg
from .data import ERAS, EdgeDef, Entry, Site, design, is_time, tables
from .serialize import state_from_json, state_to_json
from .moves import (Build, BuildSpot, CardEntry, Choose, Colonize, CpItem, Decline, Draw, Edge, Explore, Fulfill,
                    Genetics, Idea, Leg, Move, MoveAction, Pass, Produce, Research, Sources, Special, Spot, TimeUse,
                    Transport, Upgrade)
from .state import (ACTION, CLEANUP, COLOURS, CONTRACTS, ENDED, INFRA_DISCARD, LEGACY, OFFER, OFFER_TAKE, OVER,
                    PIONEER, PLAY, PREDICT, PROGRESS, REFILL, RESEARCH_BASE, RESEARCH_DRAWS, RESOLVED, SETUP, START,
                    TRANSPORT, TRIGGER_CONTRACTS, TRIGGER_DECK, GameState, Pending, Player, Turn, Window, clone_state,
                    split_spot)

HOME = "home"
LETTER = {"r": "RESEARCH", "m": "MOVE", "e": "EXPLORE", "b": "BUILD", "p": "PRODUCE", "g": "GENETICS", "i": "IDEA"}
VERB_ACTION = {mv.RESEARCH: "RESEARCH", mv.MOVE: "MOVE", mv.EXPLORE: "EXPLORE", mv.BUILD: "BUILD",
               mv.PRODUCE: "PRODUCE", mv.GENETICS: "GENETICS", mv.IDEA: "IDEA"}
TIME_ACTIONS = ("MOVE", "BUILD", "EXPLORE")          # SC-VAL-8
BOXES = ("1", "2", "3")                              # Infra boxes an Upgrade may use (SC-UPG-2)
FAST, STRICT = "fast", "strict"                      # reaction-window modes (§9.3)
ASK, DECLINE_ALWAYS = "ask", "pass"                  # standing orders per Edge (§9.3 auto-pass)
_E1_ACTIONS = frozenset({mv.RESEARCH, mv.MOVE, mv.EXPLORE, mv.BUILD, mv.PRODUCE, mv.GENETICS, mv.UPGRADE, mv.SPECIAL})
ERA_ACTIONS = {"E1": _E1_ACTIONS, "E2": _E1_ACTIONS | {mv.IDEA},     # the actions of an era (§5.3;
               "E3": _E1_ACTIONS | {mv.IDEA, mv.COLONIZE}}           # Sabotage names one)
ERA_SPANS = ("1", "1-2", "1-3", "2", "2-3", "3")     # the eras a game plays: first and last (SC-VAR-1)
#: Where the 1st and the 2nd Pioneer may start an era (SC-SETUP-23/24, SC-SETUP-43/44).
PIONEER_SITES = {"E2": ("ceres", "vesta"), "E3": ("acen", "luhman16")}
#: Where profit comes from and goes to, in the order the score breakdown lists them (SC-SCORE,
#: SC-VAR-4): each change of a player's profit is booked under one of these (``_earn``).
START_PROFIT = "start"
SCORE_SOURCES = (START_PROFIT, "produce", "contracts", "tiles", "bases", "claims", "orion", "progress", "edges",
                 "colonies", "colony_score", "final_bonus", "spent", "penalties")


def era_span(options: Mapping[str, Any]) -> tuple[str, str]:
    """The first and the last era of a game (``eras`` "1-2" -> E1, E2)."""
    span = str(options.get("eras", "1"))
    return f"E{span[0]}", f"E{span[-1]}"


@functools.cache
def era_edge_ids(era: str) -> tuple[str, ...]:
    """The Edges on the cards of an era's deck, in card order (data: ``data/spacecorp``)."""
    t = tables()
    return tuple(dict.fromkeys(edge for card in t.deck(era) if (edge := t.cards[card.id].edge) is not None))


#: The Edges of the three decks, in deck order: one standing auto-pass order each (§9.3).
PLAYED_EDGES = tuple(dict.fromkeys(era_edge_ids("E1") + era_edge_ids("E2") + era_edge_ids("E3")))


def base_ability(era: str, base: str, name: str) -> Term | None:
    """The ability ``name`` of a base type in an era (SC-BASE tables, data), or None."""
    rule = tables().base_rules.get((era, base))
    return next((effect for effect in rule.abilities if effect.name == name), None) if rule else None


def pair_production(tiles: Iterable[str], base: str) -> int | None:
    """The production of tiles with ``base`` on them (SC-PRD-3): the Attraction's P1 (P2 in E3,
    by the tile's era: a Legacy pair produces as in its own era, A-11), the Refinery's +1, none
    under an Extractor (A-44); None: nothing to produce."""
    tiles = list(tiles)
    if base == "EXTRACTOR":
        return None
    values = [p for p in (tables().discoveries[tile].production for tile in tiles) if p is not None]
    if base == "ATTRACTION" and tiles:
        grant = base_ability(tables().discoveries[tiles[0]].era, base, "GRANT_P")
        return max(values + [grant.int_arg(0) if grant else 1])
    if not values:
        return None
    return max(values) + (1 if base == "REFINERY" else 0)


def S(key: str, /, **values: Any) -> Msg:
    return Msg(f"spacecorp.{key}", **values)


def refuse(key: str, rule: str, **values: Any) -> IllegalMove:
    return IllegalMove(f"spacecorp.err.{key}", rule, **values)


def site_msg(site: str) -> Msg | str:
    """A site by the name the map shows (an id no map knows: as typed)."""
    return phrases.site_msg(site)


class Valued(NamedTuple):
    """An action's value (SC-VAL), the opponents its sources reward, and whether it used a
    Shielded entry (SC-VAL-7)."""

    value: int
    rewards: list[int]
    shielded: bool


class SpaceCorpGame(Game):
    name = "spacecorp"
    title = "Space Corp 2025-2300AD"
    min_players = 2
    max_players = 4
    options = (players_option(2, 4, 3),
               OptionSpec("eras", "choice", "1", "spacecorp.param.eras", choices=ERA_SPANS),
               OptionSpec("windows", "choice", FAST, "spacecorp.param.windows", choices=(FAST, STRICT)),
               OptionSpec("first_player", "int", 0, "spacecorp.param.first_player", min=0, max=4, lobby=False))
    conformance_options = ({}, {"eras": "1-2"}, {"eras": "2", "windows": STRICT}, {"eras": "3"},
                           {"eras": "2-3", "windows": STRICT})
    preferences = tuple(PreferenceSpec(f"autopass_{edge}", f"spacecorp.pref.{edge}", (ASK, DECLINE_ALWAYS), ASK)
                        for edge in PLAYED_EDGES)

    # ----- setup (SC-SETUP-1..32, SC-VAR-2) -----------------------------------------------------------
    def new_game(self, options: dict[str, Any], seed: int) -> GameState:
        options = self.normalize_options(options)
        count = int(options["players"])
        t = tables()
        first_era, _ = era_span(options)
        players = [Player(seat, COLOURS[seat], 0, {f"{COLOURS[seat]}{n}": None for n in range(1, 5)}, {},
                          {box: None for box in BOXES}) for seat in range(count)]
        state = GameState(
            options=options, era=first_era, order=list(range(count)), players=players, hands=Hands.empty(count),
            pile=[], offer=[None] * t.constants.offer_size, discards=[], time_discards=[],
            time_aside=sorted(t.time_cards), stacks={}, tiles={}, bases={}, claims={},
            contracts={row: "start" for row in range(1, 8)}, explored=[0] * count, explored_max=[0] * count,
            pioneers_left=[1, 2],
            turn=Turn(0), streams=Streams(seed))
        if first_era == "E1":
            self._setup_e1(state)
        else:
            self._setup_variant(state, first_era)
        self._advance(state)                              # the first turn starts (a Sabotage may answer it)
        state.news = []
        return state

    def _setup_e1(self, state: GameState) -> None:
        """SC-SETUP-1..17."""
        t = tables()
        assert state.streams is not None
        streams, count = state.streams, len(state.players)
        first = self._first_player(state, "E1")                                        # SC-SETUP-13
        state.order = [(first + i) % count for i in range(count)]
        state.turn = Turn(state.order[0])
        per = t.by_players[count]
        self._reset_pieces(state, "E1")
        for player in state.players:
            for n in range(1, t.constants.start_teams["E1"] + 1):
                player.teams[f"{player.colour}{n}"] = "earth"                          # SC-SETUP-7
        deck = t.deck("E1")
        start_cards = [pid for card in deck if card.start for pid in card.physical_ids]
        others = [pid for card in deck if not card.start for pid in card.physical_ids]
        time_cards = sorted(t.time_cards)
        in_deck, in_hand = time_cards[:per.time_cards_per_deck], \
            time_cards[per.time_cards_per_deck:per.time_cards_per_deck + count]
        chemical = [pid for pid in start_cards if design(pid) == "M01"]
        for index, seat in enumerate(state.order):                                  # SC-SETUP-11/12
            state.hands.add(seat, [chemical[index], in_hand[index]])
        rest_start = [pid for pid in start_cards if pid not in chemical[:count]]
        state.pile = streams.shuffled("start:E1", rest_start) + streams.shuffled("deck:E1", others + in_deck)
        for number in per.e1_compensation_seats:                                    # SC-SETUP-14
            state.hands.add(state.order[number - 1], [state.pile.pop(0)])
        for number, profit in per.e1_start_profit.items():                          # SC-SETUP-15
            self._earn(state, state.order[number - 1], START_PROFIT, profit)
        state.offer = [state.pile.pop(0) for _ in range(t.constants.offer_size)]   # SC-SETUP-16
        state.time_aside = time_cards[per.time_cards_per_deck + count:]             # SC-SETUP-12: to the box
        state.stacks = {stack: streams.shuffled(f"tiles:E1:{stack}", [tile.id for tile in t.tiles("E1", stack)])
                        for stack in ("f1", "f2")}                                  # SC-SETUP-4

    def _setup_variant(self, state: GameState, era: str) -> None:
        """SC-VAR-2/3: the game starts with the Planeteers or the Starfarers: every disc on the
        previous era's contract, every genetics cube one (two) spaces on, 2/5/8 Time cards, +8T
        (+20T) each, the variant HQ, a random first player; at the Starfarers start every
        Planeteers Progress card joins the Side Board and each player, from the last in turn order
        counter-clockwise, takes a Planeteers Adaptation without prerequisite, bonus ignored."""
        t = tables()
        assert state.streams is not None
        count = len(state.players)
        state.hq_side = next(side.id for side in t.hq_sides.values() if side.start_era == era)
        state.contracts = {row: ERAS[ERAS.index(era) - 1] for row in state.contracts}
        genetics, idea = t.wheel.start_positions[era]
        for player in state.players:
            player.genetics, player.idea = genetics, idea
            self._earn(state, player.seat, START_PROFIT, t.constants.variant_start_profit[era])
        time_cards = sorted(t.time_cards)
        in_play = t.by_players[count].time_cards_in_play
        state.time_aside = time_cards[in_play:]                                      # returned to the box
        pool = time_cards[:in_play]
        first = self._first_player(state, era)                                       # everyone ties on profit
        self._setup_board(state, era)
        state.order = [(first + i) % count for i in range(count)]
        state.turn = Turn(state.order[0])
        self._deal(state, pool)
        if era == "E3":
            self._add_progress_set(state, "E2")
            for seat in reversed(state.order):                                       # SC-VAR-3
                self._entitle(state, seat, t.wheel.awards["genetics"], setup_pick=True)

    @staticmethod
    def _first_player(state: GameState, era: str) -> int:
        """The host's choice of first player (option ``first_player``), else a seeded random one."""
        assert state.streams is not None
        chosen = int(state.options["first_player"])
        return chosen - 1 if chosen else state.streams.shuffled(f"first_player:{era}", list(range(len(state.players))))[0]

    def _reset_pieces(self, state: GameState, era: str) -> None:
        """SC-TRANS-3: every team and base back to its owner's supply (a Legacy base stays on its HQ)."""
        t = tables()
        for player in state.players:
            player.teams = {team: None for team in player.teams}
            player.track = {}
            player.bases = {rule.base: t.components.base_per_type for rule in t.bases_in(era)}
            if player.legacy is not None and player.legacy[1] in player.bases:
                player.bases[player.legacy[1]] -= 1
            player.passed, player.turns_after_exhaustion = False, 0
        state.tiles, state.bases, state.claims = {}, {}, {}
        state.explored = [0] * len(state.players)
        state.explored_max = [0] * len(state.players)
        state.trigger, state.deck_exhausted, state.final_turns = None, False, None
        state.pioneers_left = [1, 2]

    def _setup_board(self, state: GameState, era: str) -> None:
        """The board of E2 or E3 before the deal: the teams at home (SC-SETUP-22/42), the discovery
        stacks (SC-SETUP-21/41), the era's Progress cards on the Side Board (SC-SETUP-30/48) and,
        in E3, the colony tiles for the player count (SC-SETUP-49)."""
        t = tables()
        assert state.streams is not None
        state.era = era
        self._reset_pieces(state, era)
        home = self._home(era)
        for player in state.players:
            for n in range(1, t.constants.start_teams[era] + 1):
                if f"{player.colour}{n}" not in player.teams_out:
                    player.teams[f"{player.colour}{n}"] = home
        stacks: dict[str, list[str]] = {}
        for stack in t.components.discovery_stacks[era]:
            tiles = state.streams.shuffled(f"tiles:{era}:{stack}", [tile.id for tile in t.tiles(era, stack)])
            if era == "E2" and stack == "f2" or era == "E3" and stack in ("P", "S"):
                half = len(tiles) // 2                                              # two stacks of each
                stacks[f"{stack}a"], stacks[f"{stack}b"] = tiles[:half], tiles[half:]
            else:
                stacks[stack] = tiles
        state.stacks = stacks
        self._add_progress_set(state, era)
        if era == "E3":
            state.colony_supply = sorted(tile.id for tile in t.colonies_for(len(state.players)))

    @staticmethod
    def _add_progress_set(state: GameState, era: str) -> None:
        """SC-SETUP-30/48: an era's Progress cards face up on the Side Board, the no-bonus copy on top."""
        for card in tables().progress.values():
            if card.era == era:
                bonus, plain = card.physical_ids
                state.side_board[card.id] = [plain, bonus]

    @staticmethod
    def _home(era: str) -> str:
        """The era's home site (SC-MAP-6): Earth, the Inner Solar System, the Sun."""
        return next(site.id for site in tables().maps[era].sites.values() if site.kind == HOME)

    def _deal(self, state: GameState, pool: list[str]) -> None:
        """SC-SETUP-26..29 / 45..47: a Time card each, two start cards each, the deck and the Offer."""
        t = tables()
        assert state.streams is not None
        era = state.era
        deck = t.deck(era)
        start_cards = state.streams.shuffled(f"start:{era}", [pid for card in deck if card.start
                                                             for pid in card.physical_ids])
        others = [pid for card in deck if not card.start for pid in card.physical_ids]
        dealt = t.constants.start_cards_dealt[era]
        for index, seat in enumerate(state.order):
            state.hands.add(seat, [pool[index]] + start_cards[index * dealt:(index + 1) * dealt])
        rest = start_cards[len(state.order) * dealt:]
        state.pile = rest + state.streams.shuffled(f"deck:{era}", others + pool[len(state.order):])
        state.offer = [state.pile.pop(0) for _ in range(t.constants.offer_size)]

    # ----- notation ------------------------------------------------------------------------------
    def parse_move(self, state: GameState, seat: int, text: str) -> Move:
        return mv.parse_move(seat, text)

    def format_move(self, move: Move) -> str:
        return mv.format_move(move)

    def canonical_prefix(self, typed: str) -> str:
        return mv.canonical_prefix(typed)

    def localize_move(self, text: str, language: str) -> str:
        """Hungarian: the verbs, option names, bases, team letters (K1 = Kék 1) and site names
        (``@föld-hold_l1``) the parser reads back (§2)."""
        return mv.localize(text, language)

    def move_phrase(self, state: GameState, seat: int, text: str) -> Msg | None:
        """The move in words, from its notation and the static data (``phrases``)."""
        return phrases.phrase(text)

    def complete(self, state: GameState, seat: int, prefix: str, limit: int = 25) -> list[str]:
        """The legal moves whose canonical or Hungarian text starts with what was typed
        (accents optional; sites by their names), one of every kind first (``spread_kinds``)."""
        typed = " ".join(self.canonical_prefix(prefix).lower().split())
        folded = " ".join(mv.fold(prefix).split())
        texts = (self.format_move(move) for move in self.legal_moves(state, seat))
        return spread_kinds((text for text in texts if text.lower().startswith(typed)
                             or mv.fold(mv.localize(text, "hu")).startswith(folded)), self.move_kind, limit)

    def word_aliases(self) -> Mapping[str, str]:
        """The folded Hungarian verbs ``canonical_prefix`` understands, so that a verb still being
        typed ("kut") completes to its moves (``research``)."""
        return mv.HUNGARIAN_VERBS

    def seat_label(self, state: GameState, seat: int) -> Msg:
        return S(f"colour.{state.players[seat].colour}")

    def title_msg(self) -> Msg:
        return S("title")

    # ----- whose turn ----------------------------------------------------------------------------
    def waiting_for(self, state: GameState) -> set[int]:
        if state.phase == OVER:
            return set()
        if state.phase == LEGACY:
            assert state.legacy_choice is not None
            return state.legacy_choice.waiting()
        if state.pending:
            return {state.pending[0].seat}
        return {state.windows[-1].waiting[0]} if state.windows else {state.turn.seat}

    def is_over(self, state: GameState) -> bool:
        return state.phase == OVER

    def waiting_reason(self, state: GameState) -> Msg | None:
        """While a reaction window is open or a decision is owed: who decides and on what."""
        if state.phase == LEGACY:
            return S("err.legacy_waits")
        if state.pending:
            pending = state.pending[0]
            return S("err.pending_waits", seat=self.seat_label(state, pending.seat), what=S(f"pending.{pending.kind}"))
        if not state.windows or state.phase == OVER:
            return None
        window = state.windows[-1]
        return S("err.window_waits", seat=self.seat_label(state, window.waiting[0]),
                 event=self._trigger_msg(state, window))

    def decision_prompt(self, state: GameState) -> Msg | None:
        """What the pinged players decide when it is not simply their turn: the sealed Legacy
        pick, a decision owed outside the turn, a reaction window."""
        if state.phase == LEGACY:
            return S("prompt.legacy")
        if state.phase == OVER:
            return None
        if state.pending:
            return S("prompt.pending", what=S(f"pending.{state.pending[0].kind}"))
        if state.windows:
            window = state.windows[-1]
            if window.event == INFRA_DISCARD:
                return S("prompt.infra_discard")
            return S("prompt.window", event=self._trigger_msg(state, window))
        return None

    def scores(self, state: GameState) -> list[int]:
        return [player.profit for player in state.players]

    def evaluate(self, state: GameState, seat: int) -> float:
        from .evaluation import evaluate    # evaluation reads this module's helpers
        return evaluate(state, seat)

    def winners(self, state: GameState) -> list[int]:
        """SC-VAR-4: most profit, then most bases on the board, then shared."""
        if state.phase != OVER:
            return []
        best = max(self._rank_key(state, seat) for seat in range(len(state.players)))
        return [seat for seat in range(len(state.players)) if self._rank_key(state, seat) == best]

    def _rank_key(self, state: GameState, seat: int) -> tuple[int, ...]:
        """After the Starfarers (SC-SCORE-4): profit, the total value of the colonies owned, the
        Progress cards owned; after an early finish (SC-VAR-4): profit, bases on the board."""
        player = state.players[seat]
        if state.era == ERAS[-1]:
            value = sum(tables().colony_tiles[tile].value for owner, tile in state.colonies.values() if owner == seat)
            return player.profit, value, len(player.progress)
        return player.profit, self._bases_on_board(state, seat)

    @staticmethod
    def _earn(state: GameState, seat: int, source: str, amount: int) -> None:
        """``seat``'s profit changes by ``amount`` (negative: paid or lost), booked under
        ``source`` (one of SCORE_SOURCES) for the score breakdown."""
        player = state.players[seat]
        player.profit += amount
        if amount:
            player.ledger[source] = player.ledger.get(source, 0) + amount

    def components(self) -> tuple[Component, ...]:
        """Cards, Time, Edges, Progress cards, Specials, HQ sides, the Wheel, colonies, contracts,
        discovery tiles, bases, sites and regions (``components``)."""
        return components.components()

    def score_breakdown(self, state: GameState) -> list[list[ScorePart]]:
        """Each player's profit by where it came from (the ledger ``_earn`` keeps): start, Produce,
        contracts, discovery tiles, bases, claims, Orion, Progress cards, Edges, colonies, the
        colony scoring, the early-finish bonus, profit spent and lost (penalties, negative).
        A game stored before the ledger existed shows the rest as "earlier"."""
        out = []
        for player in state.players:
            parts = [ScorePart(S(f"score.{source}"), player.ledger[source]) for source in SCORE_SOURCES
                     if player.ledger.get(source)]
            rest = player.profit - sum(part.points for part in parts)
            if rest or not parts:
                parts.append(ScorePart(S("score.earlier" if rest else f"score.{START_PROFIT}"), rest))
            out.append(parts)
        return out

    @staticmethod
    def _bases_on_board(state: GameState, seat: int) -> int:
        """Bases on the board, home bases excluded, the Legacy base included (§6.5)."""
        legacy = 1 if state.players[seat].legacy is not None else 0
        return sum(1 for owner, _ in state.bases.values() if owner == seat) + legacy

    # ----- applying a move -----------------------------------------------------------------------
    def apply(self, state: GameState, move: Move) -> GameState:
        if state.phase == OVER:
            raise refuse("game_over", "SC-VAR-4")
        waiting_set = self.waiting_for(state)
        if state.phase == LEGACY:
            if move.seat not in waiting_set:
                raise refuse("legacy_chosen", "SC-TRANS-1")
            new = clone_state(state)
            self._choose_legacy(new, move)
            return new
        waiting = min(waiting_set)
        if move.seat != waiting:
            if state.pending:
                raise refuse("pending_waits", "SC-PROG-2", seat=self.seat_label(state, waiting),
                             what=S(f"pending.{state.pending[0].kind}"))
            if state.windows:
                raise refuse("window_waits", "SC-EDGE-3", seat=self.seat_label(state, waiting),
                             event=S(f"event.{state.windows[-1].event}"))
            raise refuse("not_your_turn", "SC-TURN-1", seat=self.seat_label(state, waiting))
        new = clone_state(state)
        self._apply(new, move)
        return new

    def _apply(self, state: GameState, move: Move) -> None:
        step = state.turn.step
        if state.pending:
            self._resolve_pending(state, move)
        elif state.windows:
            self._answer(state, move)
        elif isinstance(move, Edge):
            self._edge(state, move, None)                 # EG-RACE, declared before the action
        elif isinstance(move, Decline):
            raise refuse("nothing_to_decline", "SC-EDGE-1")
        elif isinstance(move, Choose):
            raise refuse("nothing_to_choose", "§10.2", step=S(f"step.{step}"))
        elif step == ACTION:
            self._action(state, move)
        elif step in (RESEARCH_DRAWS, OFFER_TAKE):
            if not isinstance(move, Draw):
                raise self._wrong_step(state)
            self._draw(state, move)
        elif step == CONTRACTS:
            if not isinstance(move, Fulfill):
                raise self._wrong_step(state)
            self._fulfill(state, move)
        elif step == TRANSPORT:
            if not isinstance(move, Transport):
                raise self._wrong_step(state)
            self._transport(state, move)
        self._advance(state)

    def _resolve_pending(self, state: GameState, move: Move) -> None:
        """The first owed decision (a Progress card, the Offer card of Star Children, the
        Predictive AI pick, a Pioneer's placement) is answered."""
        pending = state.pending[0]
        if pending.kind == RESEARCH_BASE and isinstance(move, Choose) and move.key == "base":
            if move.value != "IDEA":
                raise refuse("research_base_choice", "SC-BASE", value=move.value)
            state.pending.pop(0)
            state.news.append(S("news.research_base_idea", player=self.seat_label(state, move.seat)))
            self._idea(state, move.seat, 1)                                                 # SC-BASE (E3)
            return
        if pending.kind in (OFFER, RESEARCH_BASE):
            if not isinstance(move, Draw) or move.source == mv.DECK:
                raise refuse("pending_answer", "AD-STARCH" if pending.kind == OFFER else "SC-BASE",
                             what=S(f"pending.{pending.kind}"),
                             example=mv.notation("draw O1") if pending.kind == OFFER else
                             Join([mv.notation("draw O1"), mv.notation("choose base=IDEA")], "or"))
            box = int(move.source[1]) - 1
            card = state.offer[box]
            if card is None:
                raise refuse("offer_box_empty", "SC-RES-3", box=move.source)
            state.pending.pop(0)
            state.offer[box] = None
            state.hands.add(move.seat, [card])
            state.news.append(S("news.took_offer", player=self.seat_label(state, move.seat), card=self._card_msg(card)))
            return
        key = {PROGRESS: "progress", PREDICT: "predict", PIONEER: "pioneer"}[pending.kind]
        example = self.format_move(self._pending_answers(state, pending)[0])
        if not isinstance(move, Choose) or move.key != key:
            raise refuse("pending_answer", "SC-PROG-2", what=S(f"pending.{pending.kind}"), example=mv.notation(example))
        if pending.kind == PROGRESS:
            allowed = self.progress_choices(state, move.seat, pending.what, pending.no_bonus, pending.setup_pick)
            if move.value not in allowed:
                raise refuse("progress_choice", "SC-PROG-2", value=move.value, allowed=", ".join(allowed))
            state.pending.pop(0)
            self._gain_progress(state, move.seat, move.value, pending.no_bonus, pending.setup_pick)
        elif pending.kind == PREDICT:
            picked = move.value.split(",")
            if len(set(picked)) != int(pending.what) or any(card not in pending.cards for card in picked):
                raise refuse("predict_choice", "BR-PREDICT", n=int(pending.what), allowed=", ".join(pending.cards))
            state.pending.pop(0)
            for card in picked:
                state.pile.remove(card)
            state.hands.add(move.seat, picked)
            state.news.append(S("news.predicted", player=self.seat_label(state, move.seat), n=len(picked)))
            self._check_exhausted(state)
        else:
            if move.value not in (pending.what, mv.NONE):
                raise refuse("pioneer_choice", "SC-SETUP-23", value=move.value, allowed=f"{pending.what}, none")
            state.pending.pop(0)
            if move.value == pending.what:
                self._pioneer_place(state, move.seat, pending.what)

    def _prune_pending(self, state: GameState) -> None:
        """Drops owed decisions that have nothing left to choose from (the Offer emptied, the
        last eligible Progress card taken meanwhile: lost, A-30)."""
        while state.pending and not self._pending_answers(state, state.pending[0]):
            pending = state.pending.pop(0)
            if pending.kind == PROGRESS:
                state.news.append(S(f"news.progress_lost.{pending.what}",
                                    player=self.seat_label(state, pending.seat)))

    def _pending_answers(self, state: GameState, pending: Pending) -> list[Move]:
        seat = pending.seat
        if pending.kind in (OFFER, RESEARCH_BASE):
            extra: list[Move] = [Choose(seat, key="base", value="IDEA")] if pending.kind == RESEARCH_BASE else []
            return [Draw(seat, source=f"O{box + 1}") for box, card in enumerate(state.offer) if card is not None] + extra
        if pending.kind == PROGRESS:
            return [Choose(seat, key="progress", value=progress_id)
                    for progress_id in self.progress_choices(state, seat, pending.what, pending.no_bonus,
                                                             pending.setup_pick)]
        if pending.kind == PREDICT:
            return [Choose(seat, key="predict", value=",".join(combo))
                    for combo in itertools.combinations(pending.cards, int(pending.what))]
        return [Choose(seat, key="pioneer", value=pending.what), Choose(seat, key="pioneer", value=mv.NONE)]

    def _wrong_step(self, state: GameState) -> IllegalMove:
        expected = {RESEARCH_DRAWS: "draw D", OFFER_TAKE: "draw O1", CONTRACTS: "fulfill none",
                    TRANSPORT: "transport none"}[state.turn.step]
        return refuse("wrong_step", "SC-TURN", step=S(f"step.{state.turn.step}"), example=mv.notation(expected))

    # ----- step 1: the action (SC-VAL, §7) -------------------------------------------------------
    def _action(self, state: GameState, move: Move) -> None:
        seat = move.seat
        if isinstance(move, Pass):
            if not self._may_pass(state, seat):
                raise refuse("pass_not_yet", "SC-END-3")
            self._pass(state, seat)
            return
        if isinstance(move, (Draw, Fulfill, Transport)):
            raise refuse("action_first", "SC-TURN-1")
        if move.verb in state.turn.banned:
            raise refuse("sabotaged", "EG-SABOTAGE", action=S(f"action.{VERB_ACTION.get(move.verb, move.verb.upper())}"))
        if isinstance(move, Research):
            self._research(state, move)
        elif isinstance(move, MoveAction):
            self._move(state, move)
        elif isinstance(move, Explore):
            self._explore(state, move)
        elif isinstance(move, Build):
            self._build(state, move)
        elif isinstance(move, Produce):
            self._produce(state, move)
        elif isinstance(move, Genetics):
            value = self._value(state, seat, "GENETICS", move.sources, []).value
            if value < 1:
                raise refuse("no_value", "SC-VAL-11", action=S("action.GENETICS"))
            self._genetics(state, seat, value)
        elif isinstance(move, Idea) and state.era != "E1":
            value = self._value(state, seat, "IDEA", move.sources, []).value
            if value < 1:
                raise refuse("no_value", "SC-VAL-11", action=S("action.IDEA"))
            self._idea(state, seat, value)
        elif isinstance(move, Upgrade):
            self._upgrade(state, move)
        elif isinstance(move, Special):
            self._special(state, move)
        elif isinstance(move, Colonize) and state.era == "E3":
            self._colonize(state, move)
        else:
            raise refuse("not_in_era", "SC-CARD-2", verb=mv.verb_msg(move.verb), era=S(f"era.{state.era}"))
        if state.turn.step == ACTION:
            state.turn.step = RESOLVED

    def _pass(self, state: GameState, seat: int) -> None:
        """The whole turn is skipped (SC-END-3); after Trigger B the player has passed for the rest
        of the era (SC-END-4), before it only this turn (no legal action, SC-END-9)."""
        player = state.players[seat]
        state.news.append(S("news.passed", player=self.seat_label(state, seat)))
        if state.deck_exhausted and not player.passed:
            player.passed = True
            self._check_passes(state)
        elif not state.deck_exhausted:
            state.turn.stuck = True                                                         # A-49
        state.turn.step = CLEANUP

    # value: infra of one HQ, cards, Time card, base abilities, Progress bonuses, profit (SC-VAL-2..10)
    def _value(self, state: GameState, seat: int, action: str, sources: Sources, starts: list[str],
               region: str | None = None, shield_wanted: bool = False) -> Valued:
        """The action's value before per-team bonuses, the opponents it rewards and whether a
        Shielded entry was used (SC-VAL-7).  Checks every source; plays the cards (they leave the
        hand into the turn's played cards) and pays the profit spent (SC-VAL-9)."""
        t = tables()
        rewards: list[int] = []
        entries: list[Entry] = []
        if len(sources.infra) > (2 if state.turn.race else 1):
            raise refuse("one_hq", "SC-VAL-2")
        owners = [self._hq_owner(state, seat, hq) for hq in sources.infra]
        if len(set(owners)) < len(owners):
            raise refuse("hq_twice", "EG-RACE")
        for owner in owners:
            if owner != seat:
                if state.trigger is not None and not state.turn.race:                        # EG-RACE, A-04
                    raise refuse("no_opponent_after_trigger", "SC-END-8", seat=self.seat_label(state, owner))
                rewards.append(owner)
            infra = self._infra(state, owner, action, shield_wanted)
            if not infra:
                raise refuse("no_infra", "SC-VAL-2", seat=self.seat_label(state, owner), action=S(f"action.{action}"))
            entries += infra
        seen: set[str] = set()
        for played in sources.cards:
            entries.append(self._card_entry(state, seat, played, action))
            if played.card in seen:
                raise refuse("card_twice", "SC-VAL-3", card=played.card)
            seen.add(played.card)
        if sources.time is not None:
            self._check_time(state, seat, sources.time, action)
        doubled_entry = False
        for site in sources.use:
            owner, kinds = self._base_at(state, site)
            useful = ("SPACEPORT" in kinds and action == "MOVE" and site in starts) or \
                ("INDUSTRIAL" in kinds and action == "BUILD" and region is not None
                 and base_ability(state.era, "INDUSTRIAL", "DOUBLE_BUILD_IN_REGION") is not None
                 and t.maps[state.era].sites[site].region == region) or \
                ("SHIELDGEN" in kinds and action in ("MOVE", "BUILD") and state.era != "E1"
                 and t.maps[state.era].sites[site].region in ([region] if region else
                                                             [t.maps[state.era].sites[o].region for o in starts]))
            if not useful:
                raise refuse("use_nothing", "SC-VAL-4", site=site_msg(site), action=S(f"action.{action}"))
            if owner != seat:
                if state.trigger is not None:
                    raise refuse("no_opponent_after_trigger", "SC-END-8", seat=self.seat_label(state, owner))
                rewards.append(owner)
        if action == "MOVE" and state.era != "E1" and starts and entries and \
                self._spaceport_doubles(state, seat, starts, sources.use):
            doubled_entry = True                                                            # SC-MOV-23
        additive_entries = sorted((entry.value for entry in entries if not entry.multiplier), reverse=True)
        additive = sum(additive_entries) + (additive_entries[0] if doubled_entry and additive_entries else 0)
        additive += self._progress_bonus(state, seat, action)                               # SC-VAL-10
        multipliers = [entry.value for entry in entries if entry.multiplier]
        product = 1
        for factor in multipliers:
            product *= factor
        value = additive * product if additive > 0 else (product if multipliers else 0)     # SC-VAL-5
        if sources.time is not None and sources.time.mode == mv.DOUBLE:
            value *= 2                                                                      # SC-VAL-6/8
        if self._progress_has(state, seat, "DOUBLE_ACTION", action):
            value *= 2                                                                      # BR-PROBENET
        if action == "BUILD" and region is not None and self._industrial(state, seat, region, sources.use):
            value *= 2                                                                      # SC-BLD-5
        if sources.pay:                                                                     # SC-VAL-9, A-08
            player = state.players[seat]
            if state.era == "E1":
                raise refuse("no_profit_spending", "SC-VAL-9", era=S(f"era.{state.era}"))
            most = min(tables().constants.profit_spend_max, value - 1, player.profit)
            if sources.pay > most:
                raise refuse("pay_too_much", "SC-VAL-9", pay=sources.pay, most=max(most, 0), value=value,
                             profit=player.profit)
            self._earn(state, seat, "spent", -sources.pay)
            value += sources.pay
        for played in sources.cards:
            state.hands.remove(seat, played.card)
            state.turn.played.append(played.card)
        if sources.time is not None:
            state.hands.remove(seat, sources.time.card)
            state.turn.played.append(sources.time.card)
        return Valued(value, rewards, any(entry.shielded for entry in entries))

    def _hq_owner(self, state: GameState, seat: int, hq: str) -> int:
        if hq == mv.SELF:
            return seat
        for player in state.players:
            if hq in (player.colour, f"P{player.seat + 1}"):
                return player.seat
        raise refuse("no_such_hq", "SC-VAL-2", value=hq)

    def _infra(self, state: GameState, owner: int, action: str, shield_wanted: bool = False) -> list[Entry]:
        """The Infra entries of ``owner``'s HQ for ``action`` (SC-VAL-2): printed values of the
        uncovered boxes and the upgraded cards (not the one upgraded this turn, SC-UPG-4); of a
        box's entries for this action, the best one counts: its Shielded entry when the action
        needs shielding, else the largest."""
        t = tables()
        player = state.players[owner]
        printed = t.hq_sides[state.hq_side].boxes
        found: list[Entry] = []
        for box in ("R",) + BOXES:
            card = player.hq.get(box) if box != "R" else None
            if card is not None and card == state.turn.upgraded and owner == state.turn.seat:
                continue
            entries = t.cards[design(card)].entries if card is not None else printed.get(box, ())
            matching = [entry for entry in entries if entry.action == action]
            if matching:
                found.append(max(matching, key=lambda entry: (entry.shielded == shield_wanted, entry.value)))
        return found

    def _card_entry(self, state: GameState, seat: int, played: CardEntry, action: str) -> Entry:
        if not state.hands.holds(seat, played.card):
            raise refuse("not_in_hand", "SC-VAL-3", card=played.card)
        if is_time(played.card):
            raise refuse("time_as_card", "SC-VAL-8", card=played.card)
        wanted, shielded = LETTER[played.entry[-1]], played.entry.startswith("s")
        if wanted != action:
            raise refuse("entry_not_action", "SC-VAL-3", card=played.card, action=S(f"action.{action}"))
        card = tables().cards[design(played.card)]
        for entry in card.entries:
            if entry.action == action and entry.shielded == shielded:
                return entry
        raise refuse("card_lacks_entry", "SC-CARD-1", card=played.card, action=S(f"action.{action}"))

    def _check_time(self, state: GameState, seat: int, time: TimeUse, action: str) -> None:
        if not is_time(time.card) or not state.hands.holds(seat, time.card):
            raise refuse("time_not_in_hand", "SC-VAL-8", card=time.card)
        if action not in TIME_ACTIONS:
            raise refuse("time_action", "SC-VAL-8", action=S(f"action.{action}"))

    def _base_at(self, state: GameState, site: str) -> tuple[int, list[str]]:
        """The owner of the bases on ``site`` and their types (one, or in an E3 star system one
        per tile, all built by one player in one action, SC-BLD-7)."""
        found = self._bases_at(state, site)
        if not found:
            raise refuse("no_base_there", "SC-VAL-4", site=site_msg(site))
        return found[0][1], [base for _, _, base in found]

    @staticmethod
    def _spot_site(spot: str) -> str:
        return split_spot(spot)[0]

    @staticmethod
    def _spot_tiles(state: GameState, spot: str) -> list[str]:
        """The tiles a base stands on: the site's (E1/E2), or its own tile in a star system."""
        site, tile = split_spot(spot)
        return [tile] if tile else state.tiles.get(site, [])

    def _bases_at(self, state: GameState, site: str) -> list[tuple[str, int, str]]:
        """(spot, owner, base type) of every base on ``site``."""
        return [(spot, owner, base) for spot, (owner, base) in state.bases.items() if self._spot_site(spot) == site]

    def _owner_at(self, state: GameState, site: str) -> int | None:
        found = self._bases_at(state, site)
        return found[0][1] if found else None

    def _industrial(self, state: GameState, seat: int, region: str, used: tuple[str, ...]) -> bool:
        """An Industrial base in ``region`` doubles this Build (E1/E2): your own always, an
        opponent's when named in ``use=`` (checked and rewarded by ``_value``)."""
        if base_ability(state.era, "INDUSTRIAL", "DOUBLE_BUILD_IN_REGION") is None:
            return False
        sites = tables().maps[state.era].sites
        return any(base == "INDUSTRIAL" and sites[self._spot_site(spot)].region == region
                   and (owner == seat or self._spot_site(spot) in used)
                   for spot, (owner, base) in state.bases.items())

    def _spaceport_bonus(self, state: GameState, seat: int, site: str, used: tuple[str, ...]) -> int:
        """SC-MOV-12: +2 Move for a team starting at a Spaceport (yours, or a named opponent's), E1."""
        if state.era == "E1" and site in state.bases:
            owner, base = state.bases[site]
            if base == "SPACEPORT" and (owner == seat or site in used):
                return 2
        return 0

    def _spaceport_doubles(self, state: GameState, seat: int, starts: list[str], used: tuple[str, ...]) -> bool:
        """SC-MOV-23 (E2/E3): every moving team starts at one Spaceport (yours, or a named
        opponent's): one Move entry counts double (the largest, the player's best choice)."""
        if len(set(starts)) != 1:
            return False
        return any(base == "SPACEPORT" and (owner == seat or starts[0] in used)
                   for _, owner, base in self._bases_at(state, starts[0]))

    def _owns(self, state: GameState, seat: int, progress_id: str) -> bool:
        return any(card.split("#")[0] == progress_id for card in state.players[seat].progress)

    def _progress_effects(self, state: GameState, seat: int) -> Iterator[Any]:
        """The ongoing effects of ``seat``'s Progress cards (SC-PROG-5)."""
        t = tables()
        for card in state.players[seat].progress:
            info = t.progress[card.split("#")[0]]
            if info.timing == "ongoing":
                yield from info.effects

    def _progress_bonus(self, state: GameState, seat: int, action: str) -> int:
        """SC-VAL-10: Hibernation's +2 Move, Automated Construction's +2 Build, Sensory Focus's +5
        Explore at a star system (every E3 exploration is one), once per action."""
        return sum(effect.int_arg(1) if effect.name == "ACTION_BONUS" else effect.int_arg(0)
                   for effect in self._progress_effects(state, seat)
                   if effect.name == "ACTION_BONUS" and effect.positional[0] == action
                   or effect.name == "EXPLORE_STAR_BONUS" and action == "EXPLORE" and state.era == "E3")

    def _progress_has(self, state: GameState, seat: int, name: str, arg: str | None = None) -> bool:
        return any(effect.name == name and (arg is None or arg in effect.positional)
                   for effect in self._progress_effects(state, seat))

    # ----- radiation and shielding (SC-RAD) ------------------------------------------------------------
    def _in_radiation(self, state: GameState, *sites: str) -> bool:
        """SC-RAD-1: any of these sites' regions is in the radiation zone.  A Move's route counts
        by its ends: on the E2 map the regions outside the zone border each other, so the cheapest
        route between two of them never enters it."""
        era_map = tables().maps[state.era]
        return any(era_map.regions[era_map.sites[site].region].radiation for site in sites)

    def _shield_gen_in(self, state: GameState, seat: int, region: str, used: tuple[str, ...]) -> bool:
        """A Shield Generator in ``region``: yours always, an opponent's when named in ``use=``."""
        sites = tables().maps[state.era].sites
        return any(base == "SHIELDGEN" and sites[self._spot_site(spot)].region == region
                   and (owner == seat or self._spot_site(spot) in used)
                   for spot, (owner, base) in state.bases.items())

    def _radiation_penalty(self, state: GameState, seat: int, action: str, shielded: bool, *sites: str) -> int:
        """SC-RAD-4: the profit an unshielded action in the radiation zone costs (0 if none);
        refused when the player cannot pay it.  Radiation Resistance shields (AD-RADRES)."""
        if shielded or not self._in_radiation(state, *sites) or self._progress_has(state, seat, "SHIELDED", action):
            return 0
        penalty = tables().maps[state.era].movement.unshielded_penalty
        if state.players[seat].profit < penalty:
            raise refuse("radiation_unpaid", "SC-RAD-4", penalty=penalty, profit=state.players[seat].profit)
        self._earn(state, seat, "penalties", -penalty)
        state.news.append(S("news.radiation", player=self.seat_label(state, seat), amount=penalty))
        return penalty

    # ----- Research (SC-RES) -----------------------------------------------------------------------
    def _research(self, state: GameState, move: Research) -> None:
        seat = move.seat
        if len(state.hands.cards[seat]) > tables().constants.research_max_hand:
            raise refuse("research_hand", "SC-RES-1", cards=len(state.hands.cards[seat]))
        if not state.pile and not any(state.offer):
            raise refuse("research_nothing", "SC-END-9")
        value, rewards, _ = self._value(state, seat, "RESEARCH", move.sources, [])
        if value < 1:
            raise refuse("no_value", "SC-VAL-11", action=S("action.RESEARCH"))
        state.turn.rewards += rewards
        state.turn.step, state.turn.draws_left = RESEARCH_DRAWS, value
        self._open(state, "RESEARCH_DECLARED", seat)

    def _draw(self, state: GameState, move: Draw) -> None:
        seat = move.seat
        if move.source == mv.DECK:
            if state.turn.step == OFFER_TAKE:
                raise refuse("offer_only", "SC-BASE")
            if not state.pile:
                raise refuse("pile_empty", "SC-RES-4")
            card = self._take_top(state)
            state.hands.add(seat, [card])
            state.news.append(S("news.drew_pile", player=self.seat_label(state, seat), count=1))
            state.private_news.append((seat, S("notice.drew", card=self.card_line(card))))
        else:
            box = int(move.source[1]) - 1
            card_or_none = state.offer[box]
            if card_or_none is None:
                raise refuse("offer_box_empty", "SC-RES-3", box=move.source)
            state.offer[box] = None
            state.hands.add(seat, [card_or_none])
            state.news.append(S("news.took_offer", player=self.seat_label(state, seat),
                                card=self._card_msg(card_or_none)))
        state.turn.draws_left -= 1
        if state.turn.draws_left <= 0 or (not state.pile and not any(state.offer)) or \
                (state.turn.step == OFFER_TAKE and not any(state.offer)):
            state.turn.draws_left = 0
            state.turn.step = RESOLVED

    def _take_top(self, state: GameState) -> str:
        assert state.streams is not None
        card = draw_hidden(state.streams, state.pile)[0]
        self._check_exhausted(state)
        return card

    @staticmethod
    def _check_exhausted(state: GameState) -> None:
        """SC-END-2: the moment the draw pile is empty the era end is triggered."""
        if not state.pile and not state.deck_exhausted:
            state.deck_exhausted = True
            state.trigger = state.trigger or TRIGGER_DECK
            state.news.append(S("news.deck_exhausted"))

    # ----- Move (SC-MOV) ---------------------------------------------------------------------------
    def _move(self, state: GameState, move: MoveAction) -> None:
        seat = move.seat
        split = self._split(move.sources, len(move.legs))
        era_map = tables().maps[state.era]
        origins = []
        for leg in move.legs:
            self._team_at(state, seat, leg.team, leg.origin, "SC-MOV-1")
            if leg.destination not in era_map.sites:
                raise refuse("no_such_site", "SC-MAP-1", site=leg.destination)
            self._check_orion(state, seat, leg)
            origins.append(leg.origin)
        unshielded = [leg for leg in move.legs if not self._move_shielded(state, seat, leg, move.sources.use)]
        wanted = any(self._in_radiation(state, leg.origin, leg.destination) for leg in unshielded)
        value, rewards, shielded = self._value(state, seat, "MOVE", move.sources, origins, shield_wanted=wanted)
        rewards *= 2 if split else 1                   # each of the split actions counts (SC-RWD-2)
        for leg in move.legs:
            distance = self._distance(state, seat, leg.origin, leg.destination)
            if distance is None:
                raise refuse("no_route", "SC-MOV-5", origin=site_msg(leg.origin), destination=site_msg(leg.destination))
            bonus = self._spaceport_bonus(state, seat, leg.origin, move.sources.use)
            if value + bonus < distance:
                raise refuse("move_short", "SC-MOV-2", team=team_msg(leg.team), distance=distance, value=value + bonus)
            rewards += self._endpoint_reward(state, seat, leg)
        for leg in unshielded:                                                              # SC-RAD-4/5
            self._radiation_penalty(state, seat, "MOVE", shielded, leg.origin, leg.destination)
        for leg in move.legs:
            self._place_team(state, seat, leg.team, leg.destination)
        state.turn.rewards += rewards

    def _distance(self, state: GameState, seat: int, origin: str, destination: str) -> int | None:
        """SC-MOV-5 with Low-Gravity Physiology ignoring gravity (AD-LOWG)."""
        era_map = tables().maps[state.era]
        distance = era_map.distance(origin, destination)
        if distance is not None and era_map.movement.gravity and self._progress_has(state, seat, "IGNORE_GRAVITY"):
            distance -= era_map.sites[origin].gravity + era_map.sites[destination].gravity
        return distance

    def _move_shielded(self, state: GameState, seat: int, leg: Leg, used: tuple[str, ...]) -> bool:
        """SC-RAD-2 without the cards: the move starts in a region with a Shield Generator, or
        starts or ends at the home site (the E2 home bases are Shield Generators)."""
        sites = tables().maps[state.era].sites
        if leg.origin not in sites or leg.destination not in sites:
            return False
        return sites[leg.origin].kind == HOME or sites[leg.destination].kind == HOME or \
            self._shield_gen_in(state, seat, sites[leg.origin].region, used)

    def _split(self, sources: Sources, targets: int) -> bool:
        split = sources.time is not None and sources.time.mode == mv.SPLIT
        if split and targets != 2 or not split and targets != 1:
            raise refuse("split_targets", "SC-VAL-8")
        return split

    def _team_at(self, state: GameState, seat: int, team: str, site: str, rule: str) -> None:
        """The action's team is the player's, able to act (SC-MOV-4, SC-TRN-1) and on ``site``."""
        self._team_can_act(state, seat, team)
        if state.players[seat].teams[team] != site:
            raise refuse("team_not_there", rule, team=team_msg(team), site=site_msg(site))

    def _team_can_act(self, state: GameState, seat: int, team: str) -> None:
        player = state.players[seat]
        if team not in player.teams:
            raise refuse("not_your_team", "SC-MOV-1", team=team_msg(team))
        site = player.teams[team]
        if site is None:
            raise refuse("team_in_supply", "SC-MOV-1", team=team_msg(team))
        if tables().maps[state.era].sites[site].kind in ("pioneer", "orion"):
            raise refuse("team_cannot_act", "SC-MOV-4", team=team_msg(team), site=site_msg(site))
        if team in player.track:
            raise refuse("team_on_track", "SC-MOV-32", team=team_msg(team), site=site_msg(site), spaces=player.track[team])
        if team in state.turn.acted:
            raise refuse("team_acted", "SC-TRN-1", team=team_msg(team))

    def _endpoint_reward(self, state: GameState, seat: int, leg: Leg) -> list[int]:
        """SC-MOV-3: the move starts or ends at a base; an opponent's earns its owner a reward."""
        sites = tables().maps[state.era].sites
        ends = (leg.origin, leg.destination)
        if any(sites[site].kind == HOME or self._owner_at(state, site) == seat for site in ends):
            return []
        for site in ends:
            owner = self._owner_at(state, site)
            if owner is not None:
                if state.trigger is not None:
                    raise refuse("no_opponent_after_trigger", "SC-END-8", seat=self.seat_label(state, owner))
                return [owner]
        raise refuse("move_needs_base", "SC-MOV-3", origin=site_msg(leg.origin),
                     destination=site_msg(leg.destination))

    def _check_orion(self, state: GameState, seat: int, leg: Leg) -> None:
        """SC-MOV-33: a team enters an Orion region only from an adjacent region in which its
        owner has a colony."""
        era_map = tables().maps[state.era]
        destination = era_map.sites[leg.destination]
        if destination.kind != "orion":
            return
        origin = era_map.sites[leg.origin].region
        if era_map.border_cost(origin, destination.region) is None or \
                state.colonies.get(origin, (-1, ""))[0] != seat:
            raise refuse("orion_colony", "SC-MOV-33", site=site_msg(leg.destination))

    def _relocate(self, state: GameState, seat: int, team: str, site: str) -> None:
        """A team leaves its site (its claim ends, SC-EXP-8) and arrives at ``site``: in another
        star system on the far space of its track (SC-MOV-32, SC-TRN-4; FTL Communication: the
        space it names), in an Orion region with its reward (SC-MOV-34)."""
        player = state.players[seat]
        era_map = tables().maps[state.era]
        origin = player.teams[team]
        if origin is not None and state.claims.get(origin) == team:
            del state.claims[origin]                                                        # SC-EXP-8
        kind = era_map.sites[site].kind
        if kind == "orion":
            occupied = [where for other in state.players for where in other.teams.values()
                        if where is not None and era_map.sites[where].kind == "orion"]
            first, later = tables().constants.orion_rewards
            gain = first if not occupied else later if site not in occupied else 0
            if gain:
                self._earn(state, seat, "orion", gain)
                state.news.append(S("news.orion", player=self.seat_label(state, seat), team=team_msg(team),
                                    site=site_msg(site), amount=gain))
        player.teams[team] = site
        player.track.pop(team, None)
        if kind == "star_system" and site != origin:
            spaces = next((effect.int_arg(0) for effect in self._progress_effects(state, seat)
                           if effect.name == "ARRIVE_TRACK"), era_map.movement.track_spaces)
            player.track[team] = spaces
            state.news.append(S("news.on_track", player=self.seat_label(state, seat), team=team_msg(team),
                                site=site_msg(site), spaces=spaces))

    def _place_team(self, state: GameState, seat: int, team: str, site: str) -> None:
        player = state.players[seat]
        self._relocate(state, seat, team, site)
        state.turn.acted.append(team)
        if tables().maps[state.era].sites[site].kind == "pioneer" and state.pioneers_left and not player.pioneer:
            player.pioneer = state.pioneers_left.pop(0)                                     # SC-MOV-11
            state.news.append(S("news.pioneer", player=self.seat_label(state, seat), n=player.pioneer,
                                site=site_msg(site)))

    # ----- Explore (SC-EXP) ------------------------------------------------------------------------
    def _explore(self, state: GameState, move: Explore) -> None:
        """SC-EXP-1..4; in E3 one action fills every box of the star system (SC-EXP-10), with a
        stack named for each tile in draw order (``stack=Pa,Sb``)."""
        seat = move.seat
        self._split(move.sources, len(move.spots))
        sites = tables().maps[state.era].sites
        for spot in move.spots:
            if spot.site not in sites:
                raise refuse("no_such_site", "SC-MAP-1", site=spot.site)
        boxes = [len(sites[spot.site].boxes) if state.era == "E3" else 1 for spot in move.spots]
        if len(move.stacks) > sum(boxes):
            raise refuse("wrong_stack", "SC-EXP-3", stack=mv.stack_code(move.stacks[-1]), allowed="-")
        chosen: list[str | None] = [*move.stacks, *[None] * (sum(boxes) - len(move.stacks))]
        groups = []
        for spot, count in zip(move.spots, boxes):
            self._team_at(state, seat, spot.team, spot.site, "SC-EXP-1")
            group, chosen = chosen[:count], chosen[count:]
            self._explorable(state, spot.site, group)
            groups.append(group)
        value, rewards, _ = self._value(state, seat, "EXPLORE", move.sources, [])
        for spot in move.spots:
            cost = sites[spot.site].explore or 0
            if value < cost:
                raise refuse("explore_short", "SC-EXP-2", site=site_msg(spot.site), cost=cost,
                             value=value)
        for spot, group in zip(move.spots, groups):
            state.claims[spot.site] = spot.team
            state.turn.acted.append(spot.team)
            self._explore_site(state, seat, spot.site, group)
        state.turn.rewards += rewards

    def _stack_for(self, state: GameState, site_id: str, chosen: str | None, box: int | None = None) -> str:
        """The stack a site's box draws from (SC-EXP-3; the next empty box unless ``box`` is
        given): its own, or the explorer's choice of the two stacks of its kind (E2 ``f2a``/``f2b``,
        E3 ``Pa``/``Pb``, ``Sa``/``Sb``; SC-SETUP-21/41, SC-EXP-11; unnamed: the first not empty)."""
        site = tables().maps[state.era].sites[site_id]
        kind = site.boxes[len(state.tiles.get(site_id, [])) if box is None else box]
        stacks = [key for key in state.stacks if key == kind or (key[:-1] == kind and key[-1] in "ab")]
        if chosen is not None:
            if chosen not in stacks:
                raise refuse("wrong_stack", "SC-EXP-3", stack=mv.stack_code(chosen),
                             allowed=Join([mv.stack_code(key) for key in stacks]))
            if not state.stacks[chosen]:
                raise refuse("stack_empty", "SC-EXP-4", stack=mv.stack_code(chosen))
            return chosen
        full = [key for key in stacks if state.stacks[key]]
        if not full:
            raise refuse("stack_empty", "SC-EXP-4", stack=mv.stack_code(kind))
        return full[0]

    def _explorable(self, state: GameState, site_id: str, stacks: list[str | None] | None = None) -> None:
        site = tables().maps[state.era].sites.get(site_id)
        if site is None:
            raise refuse("no_such_site", "SC-MAP-1", site=site_id)
        if site.explore is None or not site.boxes:
            raise refuse("not_explorable", "SC-MAP-4", site=site_msg(site_id))
        placed = len(state.tiles.get(site_id, []))
        if placed >= len(site.boxes):
            raise refuse("explored_already", "SC-EXP-1", site=site_msg(site_id))
        for index, stack in enumerate(stacks or [None]):
            if placed + index < len(site.boxes):
                self._stack_for(state, site_id, stack, placed + index)

    def _explore_site(self, state: GameState, seat: int, site_id: str, stacks: list[str | None]) -> None:
        """Tiles go into the site's empty boxes (E1/E2 one; an E3 star system all of them, the
        Primary first, each resolved before the next, SC-EXP-10): one exploration for the
        contracts (SC-CON-7)."""
        site = tables().maps[state.era].sites[site_id]
        count = len(site.boxes) - len(state.tiles.get(site_id, [])) if state.era == "E3" else 1
        for index in range(count):
            self._reveal(state, seat, site_id, stacks[index] if index < len(stacks) else None)
        state.explored[seat] += 1
        state.explored_max[seat] = max(state.explored_max[seat], site.explore or 0)

    def _reveal(self, state: GameState, seat: int, site_id: str, stack: str | None = None) -> None:
        """SC-EXP-3/6: the next tile of the box's stack goes face up (a redirect tile is replaced
        by one of the stack it names, SC-EXP-5); its immediate rewards go to the explorer; Phobes
        send the explorer's team home (SC-EXP-12)."""
        assert state.streams is not None
        tile_id = draw_hidden(state.streams, state.stacks[self._stack_for(state, site_id, stack)])[0]
        redirect = next((effect for effect in tables().discoveries[tile_id].special
                         if effect.name == "DRAW_INSTEAD"), None)
        if redirect is not None and state.stacks.get(redirect.positional[0]):
            state.news.append(S("news.tile_redirect", tile=S(f"tile.{tile_id}"), stack=mv.stack_code(redirect.positional[0])))
            state.tiles_out.append(tile_id)
            tile_id = draw_hidden(state.streams, state.stacks[redirect.positional[0]])[0]
        state.tiles.setdefault(site_id, []).append(tile_id)
        state.news.append(S("news.tile", player=self.seat_label(state, seat), site=site_msg(site_id),
                            tile=S(f"tile.{tile_id}"), effect=self._tile_text(tile_id)))
        self._tile_rewards(state, seat, tile_id, site_id)
        if any(effect.name == "PHOBES" for effect in tables().discoveries[tile_id].special):
            self._phobes(state, seat, site_id)
        if "L" in tables().discoveries[tile_id].icons:
            self._open(state, "TILE_REVEALED", seat, cards=[site_id])                      # EG-MICROBES

    def _phobes(self, state: GameState, seat: int, site_id: str) -> None:
        """SC-EXP-12: the explorer moves one of their teams from this region to the Sun (the one
        that explored when it is there), unless they own Energy Field (BR-ENERGY)."""
        if self._progress_has(state, seat, "IMMUNE", "PHOBES"):
            return
        player = state.players[seat]
        sites = tables().maps[state.era].sites
        region = sites[site_id].region
        here = sorted(team for team, where in player.teams.items() if where is not None and sites[where].region == region)
        if not here:
            return
        claimant = state.claims.get(site_id)
        team = claimant if claimant in here else here[0]
        home = self._home(state.era)
        self._relocate(state, seat, team, home)
        state.news.append(S("news.phobes", player=self.seat_label(state, seat), team=team_msg(team), site=site_msg(home)))

    def _phobes_blocked(self, state: GameState, site_id: str) -> bool:
        """SC-EXP-12: the tiles of a system with the Phobes give nothing until a Defense base
        stands on the Phobes tile."""
        for tile in state.tiles.get(site_id, []):
            if any(effect.name == "PHOBES" for effect in tables().discoveries[tile].special):
                return state.bases.get(f"{site_id}/{tile}", (-1, ""))[1] != "DEFENSE"
        return False

    def _tile_rewards(self, state: GameState, seat: int, tile_id: str, site_id: str | None = None) -> None:
        """A tile's immediate rewards (SC-EXP-6): profit, genetics and idea steps (none in a
        system the Phobes block)."""
        if site_id is not None and self._phobes_blocked(state, site_id):
            return
        tile = tables().discoveries[tile_id]
        self._earn(state, seat, "tiles", tile.profit)
        if tile.genetics:
            self._genetics(state, seat, tile.genetics)
        if tile.idea:
            self._idea(state, seat, tile.idea)

    # ----- Build (SC-BLD) --------------------------------------------------------------------------
    def _build(self, state: GameState, move: Build) -> None:
        seat = move.seat
        self._split(move.sources, len(move.spots))
        sites = tables().maps[state.era].sites
        plans = []
        for spot in move.spots:
            self._team_at(state, seat, spot.team, spot.site, "SC-BLD-1")
            plans.append(self._build_plan(state, seat, spot))
        if len(move.spots) == 2 and move.spots[0].site == move.spots[1].site:
            raise refuse("one_base_per_site", "SC-MAP-5", site=move.spots[0].site)
        needed: dict[str, int] = {}
        for plan in plans:
            for _, base in plan:
                needed[base] = needed.get(base, 0) + 1
        for base, count in needed.items():
            if state.players[seat].bases.get(base, 0) < count:
                raise refuse("no_base_left", "SC-BLD-9", base=S(f"base.{base}"))
        region = sites[move.spots[0].site].region
        unshielded = [spot for spot, plan in zip(move.spots, plans)
                      if all(base != "SHIELDGEN" for _, base in plan) and not self._shield_gen_in(
                          state, seat, sites[spot.site].region, move.sources.use)]                 # SC-RAD-3
        wanted = any(self._in_radiation(state, spot.site) for spot in unshielded)
        value, rewards, shielded = self._value(state, seat, "BUILD", move.sources, [], region, shield_wanted=wanted)
        for spot in move.spots:
            cost = self._build_cost(state, spot.site, seat)
            if value < cost:
                raise refuse("build_short", "SC-BLD-2", site=site_msg(spot.site), cost=cost, value=value)
        for spot in unshielded:                                                             # SC-BLD-6
            self._radiation_penalty(state, seat, "BUILD", shielded, spot.site)
        for spot, plan in zip(move.spots, plans):
            self._place_bases(state, seat, spot, plan)
        state.turn.rewards += rewards

    def _build_cost(self, state: GameState, site_id: str, seat: int | None = None) -> int:
        """SC-BLD-2/7: b# plus the tiles' Base modifiers, at least 0; Quantum Manufacturing takes
        5 off a star-system Build (BR-QMFG)."""
        site = tables().maps[state.era].sites[site_id]
        mods = sum(tables().discoveries[tile].base_mod for tile in state.tiles.get(site_id, []))
        discount = 0
        if seat is not None and site.kind == "star_system":
            discount = sum(effect.int_arg(0) for effect in self._progress_effects(state, seat)
                           if effect.name == "STAR_BUILD_DISCOUNT")
        return max(0, (site.build or 0) + mods - discount)

    def _build_plan(self, state: GameState, seat: int, spot: BuildSpot) -> list[tuple[str, str]]:
        """The bases a Build places, as (spot, base type): one on the site (E1/E2), one on every
        tile of a star system (SC-BLD-7/8), each meeting its requirement (SC-BLD-3)."""
        site = tables().maps[state.era].sites.get(spot.site)
        if site is None:
            raise refuse("no_such_site", "SC-MAP-1", site=spot.site)
        if site.build is None:
            raise refuse("not_buildable", "SC-MAP-6", site=site_msg(spot.site))
        if self._bases_at(state, spot.site):
            raise refuse("base_there", "SC-BLD-1", site=site_msg(spot.site))
        tiles = state.tiles.get(spot.site, [])
        if len(tiles) < len(site.boxes):
            raise refuse("explore_first", "SC-BLD-1", site=site_msg(spot.site))
        if site.kind != "star_system":
            if spot.base is None:
                raise refuse("name_base", "SC-BLD-3", site=site_msg(spot.site))
            self._check_base(state, seat, site, spot.base, tiles)
            return [(spot.site, spot.base)]
        if any(effect.name == "INTROVERTS" for tile in tiles for effect in tables().discoveries[tile].special) \
                and not self._progress_has(state, seat, "BUILD_INTROVERTS"):
            raise refuse("introverts", "SC-EXP-13", site=site_msg(spot.site))
        assigned = dict(spot.bases) if spot.bases else ({tiles[0]: spot.base} if spot.base and len(tiles) == 1 else {})
        if sorted(assigned) != sorted(tiles) or len(spot.bases) > len(assigned):
            example = ",".join(f"{tile}:RESEARCHBASE" for tile in tiles)
            raise refuse("name_bases", "SC-BLD-7", site=site_msg(spot.site), tiles=", ".join(tiles),
                         example=mv.notation(f"bases={example}"))
        for tile in tiles:
            self._check_base(state, seat, site, assigned[tile], [tile])
        return [(f"{spot.site}/{tile}", assigned[tile]) for tile in tiles]

    def _check_base(self, state: GameState, seat: int, site: Site, base: str, tiles: list[str]) -> None:
        rule = tables().base_rules.get((state.era, base))
        if rule is None:
            raise refuse("base_not_in_era", "SC-BASE", base=S(f"base.{base}"), era=S(f"era.{state.era}"))
        if state.players[seat].bases.get(base, 0) <= 0:
            raise refuse("no_base_left", "SC-BLD-9", base=S(f"base.{base}"))
        if not self._requirement_met(state, seat, site, base, tiles):
            raise refuse("base_requirement", "SC-BLD-3", base=S(f"base.{base}"), site=site_msg(site.id),
                         requirement=S(f"require.E3.{base}" if state.era == "E3" else f"require.{base}"))

    def _requirement_met(self, state: GameState, seat: int, site: Site, base: str, tiles: list[str]) -> bool:
        """SC-BASE: one of the era's requirements holds for the site or its tile(s); Xeno-Symbiosis
        lets a Bio Lab stand on a Water tile too (AD-XENOSYM)."""
        rule = tables().base_rules[(state.era, base)]
        found = [tables().discoveries[tile] for tile in tiles]
        icons = {icon for tile in found for icon in tile.icons}
        for term in rule.requires_any:
            if term.name == "NONE":
                return True
            if term.name == "SITE_KIND" and site.kind == term.positional[0]:
                return True
            if term.name == "ICON" and term.positional[0] in icons:
                return True
            if term.name == "NOT_ICON" and found and not icons & set(term.positional):
                return True
            if term.name == "HAS_P" and any(tile.production is not None for tile in found):
                return True
            if term.name == "HAS_COL" and any(tile.colony for tile in found):
                return True
            if term.name == "NO_GRAVITY" and not site.gravity:
                return True
        return base == "BIOLAB" and any(effect.name == "BIOLAB_ON_ICON" and effect.positional[0] in icons
                                        for effect in self._progress_effects(state, seat))

    def _place_bases(self, state: GameState, seat: int, spot: BuildSpot, plan: list[tuple[str, str]]) -> None:
        """The bases go on the board; claim compensation once (SC-BLD-4/7), then each base's
        ability when built (SC-BASE)."""
        t = tables()
        player = state.players[seat]
        sites = t.maps[state.era].sites
        region = sites[spot.site].region
        before = dict(state.bases)
        for key, base in plan:
            player.bases[base] -= 1
            state.bases[key] = (seat, base)
            state.news.append(S("news.built", player=self.seat_label(state, seat), base=S(f"base.{base}"),
                                site=site_msg(spot.site)))
        state.turn.acted.append(spot.team)
        claimant = state.claims.get(spot.site)
        if claimant is not None and claimant[0] != player.colour:                           # SC-BLD-4
            owner = COLOURS.index(claimant[0])
            self._earn(state, owner, "claims", t.constants.claim_compensation)
            state.news.append(S("news.compensation", player=self.seat_label(state, owner),
                                amount=t.constants.claim_compensation))
        tiles = state.tiles.get(spot.site, [])
        if state.era == "E3" and any("X" in t.discoveries[tile].icons for tile in tiles):
            gain = sum(effect.int_arg(0) for effect in self._progress_effects(state, seat)
                       if effect.name == "BUILD_ALIEN_SYSTEM_T")                            # AD-COOPEMP
            if gain:
                self._earn(state, seat, "progress", gain)
                state.news.append(S("news.edge_gain", player=self.seat_label(state, seat), amount=gain))
        blocked = self._phobes_blocked(state, spot.site)
        for key, base in plan:
            self._base_built(state, seat, key, base, region, before, blocked)

    def _base_built(self, state: GameState, seat: int, key: str, base: str, region: str,
                    before: dict[str, tuple[int, str]], blocked: bool) -> None:
        """A base's ability when built (SC-BASE, per era)."""
        t = tables()
        gain = 0
        if base == "BIOLAB":
            extra = sum(effect.int_arg(0) for effect in self._progress_effects(state, seat)
                        if effect.name == "BIOLAB_GENETICS_BONUS")                       # AD-IMMUNE
            self._genetics(state, seat, 1 + extra)
        elif base == "EXTRACTOR":                 # the tile's P# (E3: and Col#), then ignored (A-44)
            found = [t.discoveries[tile] for tile in self._spot_tiles(state, key)]
            gain = 0 if blocked else max([tile.production or 0 for tile in found] + [0])
            if state.era == "E3" and not blocked:
                gain += sum(tile.colony for tile in found)
        elif base == "DEFENSE":
            gain = self._defense_gain(state, seat, region, before)
            phobes = [tile for tile in self._spot_tiles(state, key)
                      if any(effect.name == "PHOBES" for effect in t.discoveries[tile].special)]
            if phobes:                                                                      # SC-EXP-12
                site = self._spot_site(key)
                state.news.append(S("news.phobes_defended", player=self.seat_label(state, seat), site=site_msg(site)))
                for tile in state.tiles.get(site, []):
                    self._tile_rewards(state, seat, tile, site)
        elif base == "RESEARCHBASE":
            if base_ability(state.era, base, "ON_BUILD_CHOOSE") is not None:
                state.pending.append(Pending(RESEARCH_BASE, seat))                          # E3: card or idea
            elif any(state.offer):
                state.turn.step, state.turn.draws_left = OFFER_TAKE, 1
        if gain:
            self._earn(state, seat, "bases", gain)
            state.news.append(S("news.base_gain", player=self.seat_label(state, seat), base=S(f"base.{base}"),
                                amount=gain))

    def _defense_gain(self, state: GameState, seat: int, region: str, before: dict[str, tuple[int, str]]) -> int:
        """A Defense base's gain (SC-BASE): 1T per opponent base in its region (E3: in the near
        regions, its own included), none when a Defense base already stood there (A-32)."""
        era_map = tables().maps[state.era]
        ability = base_ability(state.era, "DEFENSE", "ON_BUILD_T_PER_OPPONENT_BASE")
        near = ability is not None and ability.positional[0] == "near"
        scope = [(owner, kind) for spot, (owner, kind) in before.items()
                 if (era_map.near(era_map.sites[self._spot_site(spot)].region, region) if near
                     else era_map.sites[self._spot_site(spot)].region == region)]
        if any(kind == "DEFENSE" for _, kind in scope):
            return 0
        return sum(1 for owner, _ in scope if owner != seat)

    # ----- Produce (SC-PRD) ------------------------------------------------------------------------
    def _produce(self, state: GameState, move: Produce) -> None:
        seat = move.seat
        if not move.sites and not move.legacy:
            raise refuse("produce_nothing", "SC-PRD-4")
        gains = [gain for site in move.sites for gain in self._production(state, seat, site)]
        if move.legacy:
            legacy = state.players[seat].legacy
            if legacy is None:
                raise refuse("no_legacy", "SC-PRD-1")
            gains.append(pair_production([legacy[0]], legacy[1]) or 0)
        value, rewards, _ = self._value(state, seat, "PRODUCE", move.sources, [])
        if value < len(gains):
            raise refuse("produce_short", "SC-PRD-2", sites=len(gains), value=value)
        gain = sum(gains)
        if gain > 0:
            gain += sum(effect.int_arg(0) for effect in self._progress_effects(state, seat)
                        if effect.name == "PRODUCE_BONUS_T")                             # BR-FUSION
        self._earn(state, seat, "produce", gain)
        state.turn.produced += gain
        state.turn.rewards += rewards
        state.news.append(S("news.produced", player=self.seat_label(state, seat), amount=gain))
        self._colony_event(state, "PRODUCE_RESOLVED", seat)                                 # K12
        if gain > 0:
            self._open(state, "PRODUCE_RESOLVED", seat, amount=gain)

    def _production(self, state: GameState, seat: int, site_id: str) -> list[int]:
        """SC-PRD-1/3: the production of each eligible tile on the site with your base on it
        (Attraction, Refinery): one tile in E1/E2, each tile with a P# in a star system (none
        while the Phobes block it, SC-EXP-12)."""
        found = self._bases_at(state, site_id)
        if not found or found[0][1] != seat:
            raise refuse("produce_no_base", "SC-PRD-1", site=site_msg(site_id))
        gains = [] if self._phobes_blocked(state, site_id) else \
            [produced for spot, _, base in found
             if (produced := pair_production(self._spot_tiles(state, spot), base)) is not None]
        if not gains:
            raise refuse("produce_no_tile", "SC-PRD-1", site=site_msg(site_id))
        return gains

    # ----- Genetics (SC-GEN), Upgrade (SC-UPG), Special (SC-SPC) -----------------------------------------
    def _genetics(self, state: GameState, seat: int, steps: int) -> None:
        """SC-GEN-1/3/4: the genetics cube moves; a lap is remembered in E1 and earns an
        Adaptation per lap from E2 on."""
        player = state.players[seat]
        player.genetics, laps = self._turn_wheel(state, seat, player.genetics, steps, "genetics")
        player.genetics_steps += steps
        if laps and state.era == "E1":
            player.genetics_lapped = True                                                   # SC-GEN-3

    def _idea(self, state: GameState, seat: int, steps: int) -> None:
        """SC-IDEA-1: the idea cube moves; from E2 on each lap earns a Breakthrough."""
        player = state.players[seat]
        player.idea, _ = self._turn_wheel(state, seat, player.idea, steps, "idea")
        player.idea_steps += steps

    def _turn_wheel(self, state: GameState, seat: int, position: int, steps: int, cube: str) -> tuple[int, int]:
        """A cube moves ``steps`` spaces on the Progress Wheel: its new position and the laps made;
        from E2 on each lap earns the cube's Progress card (SC-GEN-4, SC-IDEA-1)."""
        wheel = tables().wheel
        laps = (position + steps) // wheel.size
        if state.era != "E1":
            for _ in range(laps):
                self._entitle(state, seat, wheel.awards[cube])
        return (position + steps) % wheel.size, laps

    # ----- Progress cards (SC-PROG) --------------------------------------------------------------------
    def progress_choices(self, state: GameState, seat: int, kind: str, no_bonus: bool = False,
                         setup_pick: bool = False) -> list[str]:
        """SC-PROG-2: the top card of each same-name stack of ``kind`` on the Side Board whose name
        ``seat`` does not own and whose prerequisites they meet (EG-LEAK: the no-bonus copy only;
        SC-VAR-3: a Planeteers card without prerequisite)."""
        t = tables()
        found = []
        for progress_id, copies in state.side_board.items():
            card = t.progress[progress_id]
            if not copies or card.kind != kind or self._owns(state, seat, progress_id):
                continue
            if no_bonus and card.physical_ids[1] not in copies:
                continue
            if setup_pick and (card.era != "E2" or card.prerequisites):
                continue
            if all(self._prerequisite_met(state, seat, term) for term in card.prerequisites):
                found.append(progress_id)
        return found

    def _prerequisite_met(self, state: GameState, seat: int, term: Term) -> bool:
        owned = [tables().progress[card.split("#")[0]] for card in state.players[seat].progress]
        if term.name == "BREAKTHROUGHS":
            return sum(1 for card in owned if card.kind == "BREAK") >= term.int_arg(0)
        return False

    def _entitle(self, state: GameState, seat: int, kind: str, no_bonus: bool = False,
                 setup_pick: bool = False) -> None:
        """A Progress card is owed: chosen by ``choose progress=`` before play goes on; with no
        card to choose it is lost (A-30)."""
        if not self.progress_choices(state, seat, kind, no_bonus, setup_pick):
            state.news.append(S(f"news.progress_lost.{kind}", player=self.seat_label(state, seat)))
            return
        state.pending.append(Pending(PROGRESS, seat, kind, no_bonus=no_bonus, setup_pick=setup_pick))

    def _gain_progress(self, state: GameState, seat: int, progress_id: str, no_bonus: bool = False,
                       setup_pick: bool = False) -> None:
        """SC-PROG-3: the card goes to its owner with its profit bonus; a one-time effect resolves."""
        t = tables()
        card = t.progress[progress_id]
        copies = state.side_board[progress_id]
        physical = card.physical_ids[1] if no_bonus else copies[0]
        copies.remove(physical)
        player = state.players[seat]
        player.progress.append(physical)
        bonus = card.bonus if physical == card.physical_ids[0] and not setup_pick else 0
        self._earn(state, seat, "progress", bonus)
        state.news.append(S("news.progress_bonus" if bonus else "news.progress", player=self.seat_label(state, seat),
                            card=S(f"progress.{progress_id}"), amount=bonus))
        if card.timing == "one-time":
            for effect in card.effects:
                if effect.name == "GAIN_T_PER":                                             # AD-STARCH
                    gain = len(player.progress) * effect.int_arg(1)
                    self._earn(state, seat, "progress", gain)
                    state.news.append(S("news.edge_gain", player=self.seat_label(state, seat), amount=gain))
                elif effect.name == "TAKE_OFFER" and any(state.offer):
                    state.pending.insert(0, Pending(OFFER, seat))
                elif effect.name == "LOOK_TAKE" and state.pile:                             # BR-PREDICT
                    looked = state.pile[:effect.int_arg(0)]
                    assert state.streams is not None
                    state.streams.reveal(len(looked))                                   # seen by the player
                    state.pending.insert(0, Pending(PREDICT, seat, str(min(effect.int_arg(1), len(looked))),
                                                    cards=looked))
                    state.private_news.append((seat, S("notice.predict", cards=Join(
                        [self._card_msg(c) for c in looked]), n=min(effect.int_arg(1), len(looked)))))
        if card.kind == "BREAK":
            self._open(state, "PROGRESS_GAINED", seat)                                      # EG-LEAK

    def _upgrade(self, state: GameState, move: Upgrade) -> None:
        seat = move.seat
        if not state.hands.holds(seat, move.card):
            raise refuse("not_in_hand", "SC-UPG-1", card=move.card)
        if is_time(move.card) or not tables().cards[design(move.card)].infra:
            raise refuse("not_upgradeable", "SC-UPG-1", card=move.card)
        player = state.players[seat]
        box = str(move.box)
        old = player.hq[box]
        state.hands.remove(seat, move.card)
        player.hq[box] = move.card
        state.turn.upgraded = move.card
        if old is not None:
            if tables().cards[design(old)].era == state.era:                               # SC-UPG-3
                state.hands.add(seat, [old])
            # a card of an earlier era leaves the game
        state.news.append(S("news.upgraded", player=self.seat_label(state, seat), card=self._card_msg(move.card),
                            box=move.box))
        self._open(state, "UPGRADE_RESOLVED", seat)

    def _special(self, state: GameState, move: Special) -> None:
        seat = move.seat
        if not state.hands.holds(seat, move.card) or is_time(move.card):
            raise refuse("not_in_hand", "SC-SPC-1", card=move.card)
        card = tables().cards[design(move.card)]
        entry = next((entry for entry in card.entries if entry.action == "SPECIAL"), None)
        if entry is None or entry.special is None:
            raise refuse("not_special", "SC-SPC-1", card=move.card)
        effect = tables().specials[entry.special].effects[0]
        if effect.name == "ANTIMATTER_MOVE":
            self._antimatter(state, move)
            return
        if effect.name == "TRACKS_TO_STAR":                                                 # SP-TACHYON
            if not state.players[seat].track:
                raise refuse("tachyon_nothing", "SP-TACHYON", card=move.card)
            state.hands.remove(seat, move.card)
            state.turn.played.append(move.card)
            self._advance_tracks(state, seat, to_star=True)
            return
        if effect.name not in ("PROBE", "SCOUT") or move.target is None:
            raise refuse("special_target", "SC-SPC-3", card=move.card)
        site = tables().maps[state.era].sites.get(move.target)
        self._explorable(state, move.target)
        assert site is not None
        if (site.explore or 0) > effect.int_arg("max_cost"):
            raise refuse("probe_too_far", "SC-SPC-3", site=site_msg(site.id),
                         cost=effect.int_arg("max_cost"))
        if any(site.id == where for player in state.players for where in player.teams.values()):
            raise refuse("probe_not_empty", "SC-SPC-3", site=site_msg(site.id))
        state.hands.remove(seat, move.card)
        state.turn.played.append(move.card)
        self._explore_site(state, seat, site.id, [])                                        # SP-SCOUT fills all

    def _antimatter(self, state: GameState, move: Special) -> None:
        """SP-ANTIMATTER: one team that can act moves to any site, no distance, no cards or Infra,
        shielded; it still starts or ends at a base (SC-MOV-3) and may win a Pioneer marker."""
        seat, leg = move.seat, move.leg
        if leg is None:
            raise refuse("special_leg", "SP-ANTIMATTER", card=move.card, example=mv.notation(f"special {move.card} B1 iss>titan"))
        self._team_at(state, seat, leg.team, leg.origin, "SC-MOV-1")
        if leg.destination not in tables().maps[state.era].sites or leg.destination == leg.origin:
            raise refuse("no_such_site", "SC-MAP-1", site=leg.destination)
        state.turn.rewards += self._endpoint_reward(state, seat, leg)
        state.hands.remove(seat, move.card)
        state.turn.played.append(move.card)
        self._place_team(state, seat, leg.team, leg.destination)
        state.news.append(S("news.antimatter", player=self.seat_label(state, seat), team=team_msg(leg.team),
                            destination=site_msg(leg.destination)))

    # ----- Colonize (SC-COL, E3) and the colonies' abilities (§8.9) ----------------------------------
    def _colonize(self, state: GameState, move: Colonize) -> None:
        """SC-COL-1..5: a colony tile goes to a star system whose every box holds one of your
        bases, paid with Colony Points, each source once."""
        seat = move.seat
        t = tables()
        era_map = t.maps[state.era]
        region = era_map.regions.get(move.region)
        site = next((site for site in era_map.sites.values() if site.region == move.region), None)
        if region is None or site is None or region.kind != "star_system" or not site.boxes:
            raise refuse("colonize_where", "SC-COL-1", region=move.region)
        if move.region in state.colonies:
            raise refuse("colonize_taken", "SC-COL-1", site=site_msg(site.id))
        tiles = state.tiles.get(site.id, [])
        found = self._bases_at(state, site.id)
        if len(tiles) < len(site.boxes) or len(found) < len(tiles) or found[0][1] != seat:
            raise refuse("colonize_bases", "SC-COL-1", site=site_msg(site.id))
        if move.colony not in state.colony_supply:
            raise refuse("colony_not_available", "SC-COL-2", colony=move.colony,
                         allowed=", ".join(state.colony_supply) or "-")
        need = t.colony_tiles[move.colony].value
        points = sum(self._colony_point(state, seat, site, item) for item in move.cp)
        if points < need:
            raise refuse("colonize_short", "SC-COL-2", colony=S(f"colony.{move.colony}"), need=need, points=points)
        state.colony_supply.remove(move.colony)
        state.colonies[move.region] = (seat, move.colony)
        state.news.append(S("news.colonized", player=self.seat_label(state, seat), colony=S(f"colony.{move.colony}"),
                            site=site_msg(site.id), points=points))
        ability = t.colony_abilities[t.colony_tiles[move.colony].ability]
        if ability.trigger is not None and ability.trigger.name == "PLACED":
            for effect in ability.effects:
                self._colony_gain(state, seat, effect)
        self._colony_event(state, "COLONIZED", seat)

    def _colony_point(self, state: GameState, seat: int, site: Site, item: CpItem) -> int:
        """One Colony Point source of SC-COL-3 (a)..(h); refused when it gives nothing."""
        t = tables()
        era_map = t.maps[state.era]
        player = state.players[seat]
        region = site.region
        points = 0
        if item.kind == "tiles":                                                            # (a)
            if not self._phobes_blocked(state, site.id):
                points = sum(t.discoveries[tile].colony for spot, _, base in self._bases_at(state, site.id)
                             if base != "EXTRACTOR" for tile in self._spot_tiles(state, spot))
        elif item.kind == "near":                                                           # (b)
            points = int(any(owner == seat and other != region and era_map.near(other, region)
                             for other, (owner, _) in state.colonies.items()))
        elif item.kind == "industrial":                                                     # (c), A-34
            points = int(any(base == "INDUSTRIAL" for _, _, base in self._bases_at(state, site.id)))
        elif item.kind == "two_bases":                                                      # (d)
            points = int(len(self._bases_at(state, site.id)) >= 2)
        elif item.kind == "team":                                                           # (e)
            team = item.team or ""
            where = player.teams.get(team)
            if where is None or era_map.sites[where].region != region:
                raise refuse("cp_team", "SC-COL-3", team=team_msg(team), site=site_msg(site.id))
            if state.claims.get(where) == team:
                del state.claims[where]
            player.teams[team] = None
            player.track.pop(team, None)
            player.teams_out.append(team)
            state.news.append(S("news.team_out", player=self.seat_label(state, seat), team=team_msg(team)))
            points = 1
        elif item.kind == "build":                                                          # (f), SC-COL-4
            assert item.build is not None
            if item.build.pay or item.build.time or item.build.use:
                raise refuse("cp_build_sources", "SC-COL-4")
            value, rewards, _ = self._value(state, seat, "BUILD", item.build, [], region)
            single, multi = t.constants.colonize_build_threshold
            threshold = multi if site.multi_star else single
            if value < threshold:
                raise refuse("cp_build_short", "SC-COL-3", value=value, need=threshold)
            state.turn.rewards += rewards
            points = 1
        elif item.kind == "pay5":                                                           # (g)
            price = t.constants.colonize_pay
            if player.profit < price:
                raise refuse("cp_pay", "SC-COL-3", price=price, profit=player.profit)
            self._earn(state, seat, "spent", -price)
            points = 1
        elif item.kind == "envtol":                                                         # (h)
            points = sum(effect.int_arg(0) for effect in self._progress_effects(state, seat)
                         if effect.name == "COLONIZE_CP")
        if points <= 0:
            raise refuse("cp_nothing", "SC-COL-3", item=item.text(), site=site_msg(site.id))
        return points

    def _colony_event(self, state: GameState, event: str, subject: int) -> None:
        """The ongoing colony abilities answering ``event`` (K01, K02, K05, K07, K09, K12), in
        turn order from the active player (§9.3: automatic)."""
        t = tables()
        owned = {seat: [tile for owner, tile in state.colonies.values() if owner == seat]
                 for seat in range(len(state.players))}
        for seat in self._clockwise(state, state.turn.seat):
            for tile in sorted(owned[seat]):
                ability = t.colony_abilities[t.colony_tiles[tile].ability]
                if ability.trigger is None or ability.trigger.name != event or \
                        not self._by_matches(ability.trigger, subject, seat):
                    continue
                for effect in ability.effects:
                    self._colony_gain(state, seat, effect)

    def _colony_gain(self, state: GameState, seat: int, effect: Any) -> None:
        """A colony ability's profit (§8.9.1): a fixed amount, one per counted thing (``per=2``:
        one per two, rounded down), the printed reward of an unfulfilled Starfarers contract
        (K06: the largest), or an unfulfilled contract at the era's end (K08: the largest
        effective reward; its disc moves)."""
        t = tables()
        if effect.name == "GAIN_T":
            gain = effect.int_arg(0)
        elif effect.name == "GAIN_T_PER":
            gain = self._colony_count(state, seat, effect.positional[0]) * effect.int_arg(1) \
                // (effect.int_arg("per") if "per" in effect.named else 1)
        elif effect.name == "GAIN_T_CONTRACT":
            gain = max([contract.reward for contract in t.era_contracts(state.era)
                        if state.contracts[contract.row] != state.era] + [0])
        elif effect.name == "TAKE_CONTRACT":
            open_rows = [row for row in sorted(state.contracts) if state.contracts[row] != state.era]
            if not open_rows:
                return
            row = max(open_rows, key=lambda r: (self.contract_reward(state, r), -r))
            gain = self.contract_reward(state, row)
            state.contracts[row] = state.era
            state.news.append(S("news.contract", player=self.seat_label(state, seat), row=row,
                                contract=S(f"contract.{state.era}.{row}"), amount=gain))
            self._earn(state, seat, "colonies", gain)
            return
        else:
            return
        if gain:
            self._earn(state, seat, "colonies", gain)
            state.news.append(S("news.colony_gain", player=self.seat_label(state, seat), amount=gain))

    def _colony_count(self, state: GameState, seat: int, what: str) -> int:
        t = tables()
        era_map = t.maps[state.era]
        kinds = [t.progress[card.split("#")[0]].kind for player in state.players for card in player.progress]
        counts = {
            "own_colonies": lambda: sum(1 for owner, _ in state.colonies.values() if owner == seat),
            "opponent_colonies": lambda: sum(1 for owner, _ in state.colonies.values() if owner != seat),
            "breakthroughs_in_play": lambda: kinds.count("BREAK"),
            "adaptations_in_play": lambda: kinds.count("ADAPT"),
            "own_defense_bases": lambda: sum(1 for owner, base in state.bases.values()
                                             if owner == seat and base == "DEFENSE"),
            "own_progress_cards": lambda: len(state.players[seat].progress),
            "star_systems_without_colony": lambda: sum(1 for region in era_map.regions.values()
                                                       if region.kind == "star_system"
                                                       and region.id not in state.colonies),
        }
        return counts[what]()

    # ----- step 2: contracts (SC-CON) ----------------------------------------------------------------
    def fulfillable(self, state: GameState, seat: int) -> list[int]:
        return [contract.row for contract in tables().era_contracts(state.era)
                if state.contracts[contract.row] != state.era and self._meets(state, seat, contract.conditions)]

    @staticmethod
    def contract_reward(state: GameState, row: int) -> int:
        """SC-CON-5: the printed reward of this era's contract, plus those of the earlier eras'
        contracts of its row that were never fulfilled (the disc still left of them)."""
        t = tables()
        disc = state.contracts[row]
        first = 0 if disc == "start" else ERAS.index(disc) + 1
        return sum(t.contracts[(era, row)].reward for era in ERAS[first:ERAS.index(state.era) + 1])

    def _meets(self, state: GameState, seat: int, conditions: Iterable[Any]) -> bool:
        sites = tables().maps[state.era].sites
        own = [(spot, base) for spot, (owner, base) in state.bases.items() if owner == seat]
        for term in conditions:
            need = term.int_arg("at_least") if "at_least" in term.named else term.int_arg("min_gain")
            if term.name == "PRODUCED_THIS_TURN":
                ok = state.turn.produced >= need
            elif term.name == "EXPLORED_THIS_ERA" and "cost" in term.named:
                ok = state.explored_max[seat] >= term.int_arg("cost")
            elif term.name in ("EXPLORED_THIS_ERA", "STARS_EXPLORED_THIS_ERA"):    # a system counts once
                ok = state.explored[seat] >= need
            elif term.name == "COLONIES":
                ok = sum(1 for owner, _ in state.colonies.values() if owner == seat) >= need
            elif term.name == "BASES":
                kind, kind_not = term.named.get("type"), term.named.get("not_kind")
                regions = term.named["regions"].split("/") if "regions" in term.named else None
                icon = term.named.get("tile_icon")
                ok = sum(1 for spot, base in own if (kind is None or base == kind)
                         and (kind_not is None or sites[self._spot_site(spot)].kind != kind_not)
                         and (regions is None or sites[self._spot_site(spot)].region in regions)
                         and (icon is None or any(icon in tables().discoveries[tile].icons
                                                  for tile in self._spot_tiles(state, spot)))) >= need
            elif term.name == "PROGRESS_CARDS":
                ok = len(state.players[seat].progress) >= need
            elif term.name == "BASE_REGIONS":
                ok = len({sites[self._spot_site(spot)].region for spot, _ in own}) >= need
            elif term.name == "HQ_INFRA_CARDS":
                ok = sum(1 for card in state.players[seat].hq.values() if card is not None) >= need
            else:
                ok = False                       # a condition of a later era's contract
            if not ok:
                return False
        return True

    def _fulfill(self, state: GameState, move: Fulfill) -> None:
        seat = move.seat
        possible = self.fulfillable(state, seat)
        for row in move.rows:
            if row not in possible:
                raise refuse("contract_not_met", "SC-CON-2", row=row, allowed=Join(possible or ["-"]))
        best = 0
        for row in move.rows:
            reward = self.contract_reward(state, row)
            best = max(best, reward)
            self._earn(state, seat, "contracts", reward)                                   # SC-CON-3/5
            state.contracts[row] = state.era
            state.news.append(S("news.contract", player=self.seat_label(state, seat), row=row,
                                contract=S(f"contract.{state.era}.{row}"), amount=reward))
            self._colony_event(state, "CONTRACT_FULFILLED", seat)                           # K02
        done = sum(1 for where in state.contracts.values() if where == state.era)
        needed = tables().constants.contracts_to_end_era
        if done >= needed > done - len(move.rows):                                          # SC-END-1
            state.trigger = state.trigger or TRIGGER_CONTRACTS
            clockwise = self._clockwise(state, seat)
            self._schedule(state, clockwise[1:] + clockwise[:1])
            state.news.append(S("news.era_end_contracts"))
        state.turn.step = TRANSPORT
        if move.rows:
            self._open(state, "CONTRACT_FULFILLED", seat, amount=best)

    # ----- step 4: transport (SC-TRN) ----------------------------------------------------------------
    def _transport(self, state: GameState, move: Transport) -> None:
        if move.leg is not None:
            self._check_transport(state, move.seat, move.leg)
            self._relocate(state, move.seat, move.leg.team, move.leg.destination)
            state.news.append(S("news.transported", player=self.seat_label(state, move.seat), team=team_msg(move.leg.team),
                                origin=site_msg(move.leg.origin),
                                destination=site_msg(move.leg.destination)))
        state.turn.step = CLEANUP

    def _check_transport(self, state: GameState, seat: int, leg: Leg) -> None:
        player = state.players[seat]
        if player.teams.get(leg.team, "?") != leg.origin:
            raise refuse("team_not_there", "SC-TRN-1", team=team_msg(leg.team), site=site_msg(leg.origin))
        if leg.team in state.turn.acted:
            raise refuse("team_acted", "SC-TRN-1", team=team_msg(leg.team))
        if leg.team in player.track:
            raise refuse("team_on_track", "SC-TRN-5", team=team_msg(leg.team), site=site_msg(leg.origin),
                         spaces=player.track[leg.team])
        sites = tables().maps[state.era].sites
        if leg.destination not in sites:
            raise refuse("no_such_site", "SC-MAP-1", site=leg.destination)
        ends = (leg.origin, leg.destination)
        own = [site for site in ends if sites[site].kind == HOME or self._owner_at(state, site) == seat]
        if len(own) < 2:
            raise refuse("transport_own_bases", "SC-TRN-2")
        if not any(base == "SPACEPORT" for site in ends for _, owner, base in self._bases_at(state, site)
                   if owner == seat):
            raise refuse("transport_spaceport", "SC-TRN-3")

    # ----- the rest of the turn, the next turn, the era's end (SC-TURN-3..6, SC-END) -----------------
    def _advance(self, state: GameState) -> None:
        """Runs the turn's automatic steps until a player must decide: the active player's step, or
        the first answer of the innermost open reaction window (§9.3)."""
        while state.phase == PLAY:
            self._prune_pending(state)
            if state.pending:
                return
            self._prune(state)
            if state.windows:
                return
            turn = state.turn
            if turn.step == SETUP:
                self._finish_setup(state)
            elif turn.step == START:
                turn.step = ACTION
                self._advance_tracks(state, turn.seat)
                self._open(state, "TURN_STARTED", turn.seat)
            elif turn.step == RESOLVED:
                turn.step = CONTRACTS
                self._open(state, "ACTION_RESOLVED", turn.seat)
            elif turn.step == CONTRACTS:
                if self.fulfillable(state, turn.seat):
                    return
                turn.step = TRANSPORT
            elif turn.step == TRANSPORT:
                self._pay_rewards(state)
                if self._transports(state, turn.seat):
                    return
                turn.step = CLEANUP
            elif turn.step == CLEANUP:
                discarded = []
                for card in turn.played:                                                    # SC-TURN-5
                    (state.time_discards if is_time(card) else state.discards).append(card)
                    if not is_time(card):
                        discarded.append(card)
                turn.played = []
                turn.step = REFILL
                if discarded:
                    self._open(state, "CARDS_DISCARDED", turn.seat, cards=discarded)
            elif turn.step == REFILL:
                self._refill_and_draw(state)
                turn.step = ENDED
                self._open(state, "TURN_ENDED", turn.seat)
            elif turn.step == ENDED:
                self._next_turn(state)
            else:                                         # ACTION, RESEARCH_DRAWS, OFFER_TAKE
                return

    def _advance_tracks(self, state: GameState, seat: int, to_star: bool = False) -> None:
        """SC-TURN-0 (A-20): at the start of a player's turn each of their teams on a star track
        moves one space toward the star, from the nearest space onto it (Tachyon Relay: all of
        them onto their stars)."""
        player = state.players[seat]
        for team in sorted(player.track):
            spaces = 0 if to_star else player.track[team] - 1
            where = player.teams[team]
            assert where is not None
            if spaces <= 0:
                del player.track[team]
                state.news.append(S("news.on_star", player=self.seat_label(state, seat), team=team_msg(team),
                                    site=site_msg(where)))
            else:
                player.track[team] = spaces

    def _pay_rewards(self, state: GameState) -> None:
        """SC-TURN-3: each reward is the top card of the draw pile, in turn order after the active
        player; lost when the pile is empty."""
        if not state.turn.rewards:
            return
        rank = {seat: index for index, seat in enumerate(self._clockwise(state, state.turn.seat))}
        for seat in sorted(state.turn.rewards, key=lambda s: rank[s]):
            if not state.pile:
                state.news.append(S("news.reward_lost", player=self.seat_label(state, seat)))
                continue
            card = self._take_top(state)
            state.hands.add(seat, [card])
            state.news.append(S("news.reward", player=self.seat_label(state, seat)))
            state.private_news.append((seat, S("notice.reward", card=self.card_line(card))))
        state.turn.rewards = []

    def _refill_and_draw(self, state: GameState) -> None:
        """SC-TURN-5/6: the Offer is refilled, then the active player draws if they hold 4 or fewer."""
        seat = state.turn.seat
        for box in range(len(state.offer)):
            if state.offer[box] is None and state.pile:
                state.offer[box] = self._take_top(state)
        if not state.players[seat].passed and state.pile and \
                (len(state.hands.cards[seat]) <= tables().constants.draw_max_hand or state.turn.stuck):  # SC-TURN-6
            card = self._take_top(state)
            state.hands.add(seat, [card])
            state.private_news.append((seat, S("notice.drew", card=self.card_line(card))))

    # ----- Edges and their reaction windows (SC-EDGE, §8.6, §9.3) -------------------------------------
    @staticmethod
    def _era_edges(state: GameState) -> list[EdgeDef]:
        return [tables().edges[edge] for edge in era_edge_ids(state.era)]

    @staticmethod
    def _by_matches(trigger: Term, subject: int, seat: int) -> bool:
        """Whether ``seat`` answers a trigger caused by ``subject`` (``by=self/opponent/any``)."""
        by = trigger.named.get("by", "any")
        return by == "any" or (by == "self") == (seat == subject)

    def _edge_cards(self, state: GameState, seat: int, event: str, subject: int) -> list[tuple[str, EdgeDef]]:
        """The cards in ``seat``'s hand whose Edge answers ``event`` caused by ``subject``."""
        t = tables()
        found = []
        for card in state.hands.cards[seat]:
            edge_id = None if is_time(card) else t.cards[design(card)].edge
            if edge_id is None:
                continue
            edge = t.edges[edge_id]
            if edge.trigger.name == event and self._by_matches(edge.trigger, subject, seat):
                found.append((card, edge))
        return found

    def _edge_usable(self, state: GameState, seat: int, edge: EdgeDef, window: Window) -> bool:
        """Whether the Edge can still do something now (an emptied Offer, a card already taken...)."""
        effect = edge.effects[0].name
        if effect == "TAKE_OFFER":
            return any(state.offer)
        if effect == "TAKE_DISCARDED":
            return any(card in state.discards for card in window.cards)
        if effect == "EXTRA_TURN":
            return not state.players[seat].passed and seat not in state.extra_turns
        if effect == "GAIN_PROGRESS":
            return bool(self.progress_choices(state, seat, edge.effects[0].positional[0], no_bonus=True))
        return True

    def _may_answer(self, state: GameState, seat: int, window: Window) -> bool:
        if window.event == INFRA_DISCARD:
            return True
        return any(self._edge_usable(state, seat, edge, window)
                   for _, edge in self._edge_cards(state, seat, window.event, window.subject))

    def _open(self, state: GameState, event: str, subject: int, amount: int = 0, cards: Iterable[str] = ()) -> None:
        """A trigger occurred: open its reaction window for the players who may answer, in turn
        order from the active player (SC-EDGE-3).  Fast mode asks the holders of a matching
        Edge; strict mode every player the trigger allows (§9.3)."""
        edges = [edge for edge in self._era_edges(state) if edge.trigger.name == event]
        if not edges:
            return
        window = Window(event, subject, [], amount, list(cards))
        strict = state.options.get("windows") == STRICT
        if not strict:                  # whether it opens, and for whom, tells what the hands hold
            assert state.streams is not None
            state.streams.reveal()
        for seat in self._clockwise(state, state.turn.seat):
            if strict:
                if any(self._by_matches(edge.trigger, subject, seat) for edge in edges):
                    window.waiting.append(seat)
            elif self._may_answer(state, seat, window):
                window.waiting.append(seat)
        if window.waiting:
            state.windows.append(window)
            state.news.append(S("news.window", event=self._trigger_msg(state, window),
                                players=Join([self.seat_label(state, seat) for seat in window.waiting], "and")))

    def _trigger_msg(self, state: GameState, window: Window) -> Msg:
        """What opened the window, naming who caused it ("Purple's turn ended")."""
        return S(f"trigger.{window.event}", player=self.seat_label(state, window.subject))

    def _prune(self, state: GameState) -> None:
        """Closes answered windows; in fast mode skips players whose Edge can no longer do anything."""
        strict = state.options.get("windows") == STRICT
        while state.windows:
            window = state.windows[-1]
            while window.waiting and not strict and not self._may_answer(state, window.waiting[0], window):
                window.waiting.pop(0)
                assert state.streams is not None
                state.streams.reveal()                          # an Edge held can do nothing now
            if window.waiting:
                return
            state.windows.pop()

    def _answer(self, state: GameState, move: Move) -> None:
        window = state.windows[-1]
        if window.event == INFRA_DISCARD:
            if not isinstance(move, Choose) or move.key != "infra-discard":
                raise refuse("infra_discard_first", "EG-INCOMPAT", example=mv.notation("choose infra-discard=box1"))
            self._discard_infra(state, move)
            window.waiting.pop(0)
        elif isinstance(move, Decline):
            window.waiting.pop(0)
            state.news.append(S("news.declined", player=self.seat_label(state, move.seat),
                                event=S(f"event.{window.event}")))
        elif isinstance(move, Edge):
            self._edge(state, move, window)
            if not any(self._edge_usable(state, move.seat, edge, window) for _, edge in
                                                   self._edge_cards(state, move.seat, window.event, window.subject)):
                window.waiting.remove(move.seat)          # SC-EDGE-3: they may play another one first
        else:
            example = next((self.format_move(answer) for answer in self._answers(state, move.seat, window)
                            if isinstance(answer, Edge)), "edge")
            raise refuse("answer_window", "SC-EDGE-1", event=self._trigger_msg(state, window),
                         example=mv.notation(example))

    def _edge(self, state: GameState, move: Edge, window: Window | None) -> None:
        """SC-EDGE-1/2: the Edge's text is resolved, its action entries ignored, the card discarded."""
        seat = move.seat
        if not state.hands.holds(seat, move.card):
            raise refuse("not_in_hand", "SC-EDGE-1", card=move.card)
        edge_id = None if is_time(move.card) else tables().cards[design(move.card)].edge
        if edge_id is None:
            raise refuse("not_an_edge", "SC-EDGE-1", card=self._card_msg(move.card))
        edge = tables().edges[edge_id]
        event = edge.trigger.name
        if event == "ACTION_DECLARED":                    # EG-RACE: declared by the active player
            if window is not None or state.turn.step != ACTION or seat != state.turn.seat:
                raise refuse("edge_not_now", "SC-EDGE-1", edge=S(f"edge.{edge.id}"), event=S(f"event.{event}"))
            if state.turn.race:
                raise refuse("race_twice", "EG-RACE")
        elif window is None or window.event != event or not self._by_matches(edge.trigger, window.subject, seat):
            raise refuse("edge_not_now", "SC-EDGE-1", edge=S(f"edge.{edge.id}"), event=S(f"event.{event}"))
        elif not self._edge_usable(state, seat, edge, window):
            raise refuse("edge_useless", "SC-EDGE-1", edge=S(f"edge.{edge.id}"))
        player = self.seat_label(state, seat)
        state.news.append(S("news.edge", player=player, edge=S(f"edge.{edge.id}"), card=move.card))
        effect = edge.effects[0]
        gained = 0
        if effect.name == "INFRA_HQS":
            state.turn.race = True
        elif effect.name == "GAIN_T_FULFILLED":
            assert window is not None
            gained = effect.int_arg("own") if seat == window.subject else effect.int_arg("other")
        elif effect.name == "GAIN_T_HALF_UP":
            assert window is not None
            gained = (window.amount + 1) // 2
        elif effect.name == "TAKE_OFFER" and effect.positional == ("all",):
            taken = [card for card in state.offer if card is not None]
            state.offer = [None] * len(state.offer)
            state.hands.add(seat, taken)
            state.news.append(S("news.took_offer", player=player, card=Join([self._card_msg(c) for c in taken])))
        elif effect.name == "TAKE_OFFER":
            if move.take is None:
                raise refuse("edge_needs", "EG-HACK", edge=S(f"edge.{edge.id}"), option=mv.notation("take=O1"),
                             allowed=Join([f"O{i + 1}" for i, card in enumerate(state.offer) if card] or ["-"]))
            box = move.take
            if len(box) != 2 or box[0] != "O" or box[1] not in "1234" or state.offer[int(box[1]) - 1] is None:
                raise refuse("edge_take_offer", "EG-HACK", value=box or "-",
                             allowed=Join([f"O{i + 1}" for i, card in enumerate(state.offer) if card] or ["-"]))
            card = state.offer[int(box[1]) - 1]
            assert card is not None
            state.offer[int(box[1]) - 1] = None           # refilled in the active player's step 5
            state.hands.add(seat, [card])
            state.news.append(S("news.took_offer", player=player, card=self._card_msg(card)))
        elif effect.name == "TAKE_DISCARDED":
            assert window is not None
            allowed = [card for card in window.cards if card in state.discards]
            if move.take is None:
                raise refuse("edge_needs", "EG-POACH", edge=S(f"edge.{edge.id}"), option=mv.notation(f"take={allowed[0]}"),
                             allowed=Join(allowed))
            if move.take not in allowed:
                raise refuse("edge_take_discard", "EG-POACH", value=move.take or "-", allowed=Join(allowed))
            state.discards.remove(move.take)
            state.hands.add(seat, [move.take])
            state.news.append(S("news.took_discard", player=player, card=self._card_msg(move.take)))
        elif effect.name == "FORBID_ACTION":
            assert window is not None
            names = [name for name in mv.NAMEABLE if name in ERA_ACTIONS[state.era]]
            if move.name is None:
                raise refuse("edge_needs", "EG-SABOTAGE", edge=S(f"edge.{edge.id}"), option=mv.notation("name=research"),
                             allowed=", ".join(names))
            if move.name not in names:
                raise refuse("edge_name", "EG-SABOTAGE", value=move.name or "-", allowed=", ".join(names))
            state.turn.banned.append(move.name)
            state.news.append(S("news.sabotage", player=player, target=self.seat_label(state, window.subject),
                                action=S(f"action.{VERB_ACTION.get(move.name, move.name.upper())}")))
        elif effect.name == "EXTRA_TURN":
            state.extra_turns.append(seat)
        elif effect.name == "LOSE_T_TEAMS_IN_REGION":                                       # EG-MICROBES
            assert window is not None
            sites = tables().maps[state.era].sites
            region = sites[window.cards[0]].region
            loss = effect.int_arg(0)
            for other in self._clockwise(state, state.turn.seat):
                victim = state.players[other]
                if any(where is not None and sites[where].region == region for where in victim.teams.values()) \
                        and not self._progress_has(state, other, "IMMUNE", edge.id):
                    lost = min(loss, victim.profit)
                    self._earn(state, other, "penalties", -lost)
                    state.news.append(S("news.lost_profit", player=self.seat_label(state, other), amount=lost))
        elif effect.name == "GAIN_PROGRESS":                                                # EG-LEAK
            allowed = self.progress_choices(state, seat, effect.positional[0], no_bonus=True)
            if move.take not in allowed:
                raise refuse("edge_needs", "EG-LEAK", edge=S(f"edge.{edge.id}"), option=mv.notation(f"take={allowed[0]}"),
                             allowed=", ".join(allowed))
        elif effect.name == "DISCARD_INFRA_CARD":
            need = effect.int_arg("min_cards")
            seats = [other for other in self._clockwise(state, state.turn.seat)
                     if sum(1 for card in state.players[other].hq.values() if card) >= need]
            if seats:
                state.windows.append(Window(INFRA_DISCARD, seat, seats))
        else:
            raise refuse("edge_not_in_era", "SC-EDGE-1", edge=S(f"edge.{edge.id}"), era=S(f"era.{state.era}"))
        self._earn(state, seat, "edges", gained)
        state.hands.remove(seat, move.card)
        state.discards.append(move.card)                                                   # SC-EDGE-2
        if gained:
            state.news.append(S("news.edge_gain", player=player, amount=gained))
        if effect.name == "EXTRA_TURN":
            state.news.append(S("news.intercept", player=player))
        if effect.name == "DISCARD_INFRA_CARD" and state.windows and state.windows[-1].event == INFRA_DISCARD:
            state.news.append(S("news.infra_discard_wait", players=Join(
                [self.seat_label(state, other) for other in state.windows[-1].waiting], "and")))
        if effect.name == "GAIN_PROGRESS" and move.take is not None:
            self._gain_progress(state, seat, move.take, no_bonus=True)   # after the discard: it may open a window

    def _discard_infra(self, state: GameState, move: Choose) -> None:
        """EG-INCOMPAT: one Infra card of the player's choice leaves their HQ for the discard pile."""
        player = state.players[move.seat]
        boxes = [box for box in BOXES if player.hq[box] is not None]
        box = move.value.removeprefix("box")
        if box not in boxes:
            raise refuse("infra_discard_box", "EG-INCOMPAT", value=move.value,
                         allowed=", ".join(f"box{b}" for b in boxes))
        card = player.hq[box]
        assert card is not None
        player.hq[box] = None
        if tables().cards[design(card)].era == state.era:
            state.discards.append(card)                   # an earlier era's card leaves the game (§8.6)
        state.news.append(S("news.infra_discarded", player=self.seat_label(state, move.seat),
                            card=self._card_msg(card), box=box))

    def _check_passes(self, state: GameState) -> None:
        """SC-END-5: after Trigger B, the first pass (2 players) or the second (3-4) gives every
        player who has not passed one more turn."""
        if not state.deck_exhausted:
            return
        passed = sum(1 for player in state.players if player.passed)
        if passed >= tables().by_players[len(state.players)].passes_to_end_era:
            clockwise = self._clockwise(state, state.turn.seat)
            self._schedule(state, [seat for seat in clockwise[1:] + clockwise[:1] if not state.players[seat].passed])

    @staticmethod
    def _clockwise(state: GameState, seat: int) -> list[int]:
        """Every seat in turn order, starting with ``seat``."""
        start = state.order.index(seat)
        return state.order[start:] + state.order[:start]

    def _schedule(self, state: GameState, queue: list[int]) -> None:
        """The era ends after ``queue``'s turns, unless an earlier end is already scheduled (SC-END-6)."""
        if state.final_turns is None or len(queue) < len(state.final_turns):
            state.final_turns = queue

    def _next_turn(self, state: GameState) -> None:
        if state.extra_turns:                             # EG-INTERCEPT: an extra turn comes first
            before = state.turn.after if state.turn.after is not None else state.turn.seat
            state.turn = Turn(state.extra_turns.pop(0), after=before)
            return
        while True:
            if state.final_turns is not None:
                if not state.final_turns:
                    self._end_era(state)
                    return
                seat = state.final_turns.pop(0)
            else:
                current = state.turn.after if state.turn.after is not None else state.turn.seat
                clockwise = self._clockwise(state, current)
                waiting = [seat for seat in clockwise[1:] + clockwise[:1] if not state.players[seat].passed]
                if not waiting:
                    self._end_era(state)
                    return
                seat = waiting[0]
            state.turn = Turn(seat)
            player = state.players[seat]
            if player.passed:
                continue
            if state.deck_exhausted:
                allowance = tables().by_players[len(state.players)].post_exhaustion_turns
                if player.turns_after_exhaustion < allowance:
                    assert state.streams is not None
                    state.streams.reveal()                  # whether their hand allows an action shows
                if player.turns_after_exhaustion >= allowance or not self._has_action(state, seat):
                    self._pass(state, seat)                                                 # SC-END-4/10
                    continue
                player.turns_after_exhaustion += 1
            return

    def _end_era(self, state: GameState) -> None:
        """The era ends: the game's last era finishes it (SC-VAR-4), any other goes on to the
        Legacy selection and the next era (SC-TRANS)."""
        _, last = era_span(state.options)
        state.windows, state.extra_turns = [], []
        if state.era == last:
            if state.era == ERAS[-1]:
                self._final_scoring(state)
            else:
                self._early_finish(state)
            return
        state.news.append(S("news.era_over", era=S(f"era.{state.era}")))
        expected = [seat for seat in state.order if self.legacy_sites(state, seat)]
        state.turn = Turn(state.turn.seat, step="")
        if not expected:
            self._transition(state)
            return
        state.phase = LEGACY
        state.legacy_choice = Sealed(expected)
        state.news.append(S("news.legacy_open", players=Join([self.seat_label(state, seat) for seat in expected],
                                                            "and")))

    def legacy_sites(self, state: GameState, seat: int) -> list[str]:
        """SC-TRANS-1: the sites whose tile produces (P#, an Attraction's P1; not under an
        Extractor) with one of ``seat``'s bases on it."""
        return [site for site, (owner, base) in sorted(state.bases.items())
                if owner == seat and pair_production(state.tiles.get(site, []), base) is not None]

    def _choose_legacy(self, state: GameState, move: Move) -> None:
        """A sealed Legacy pick (SC-TRANS-1); when every pick is in, they are revealed together."""
        assert state.legacy_choice is not None
        allowed = [f"@{site}" for site in self.legacy_sites(state, move.seat)] + [mv.NONE]
        if not isinstance(move, Choose) or move.key != "legacy":
            raise refuse("legacy_first", "SC-TRANS-1", example=mv.notation(f"choose legacy={allowed[0]}"))
        if move.value not in allowed:
            raise refuse("legacy_choice", "SC-TRANS-1", value=move.value, allowed=", ".join(allowed))
        assert state.streams is not None
        state.legacy_choice.seal(move.seat, move.value, state.streams)          # the last seal opens them all
        state.news.append(S("news.legacy_sealed", player=self.seat_label(state, move.seat)))
        if not state.legacy_choice.complete():
            return
        for seat, choice in sorted(state.legacy_choice.revealed().items()):
            player = state.players[seat]
            if choice == mv.NONE:
                state.news.append(S("news.legacy_kept" if player.legacy else "news.legacy_none",
                                    player=self.seat_label(state, seat)))
                continue
            site = choice[1:]
            tile, base = state.tiles[site][0], state.bases[site][1]
            if player.legacy is not None:                     # the old pair: tile out, base back
                state.tiles_out.append(player.legacy[0])
            player.legacy = (tile, base)
            state.tiles[site].remove(tile)
            del state.bases[site]
            state.news.append(S("news.legacy", player=self.seat_label(state, seat), tile=S(f"tile.{tile}"),
                                base=S(f"base.{base}"), site=site_msg(site)))
        state.legacy_choice = None
        state.phase = PLAY
        self._transition(state)
        self._advance(state)

    def _transition(self, state: GameState) -> None:
        """SC-TRANS-2..7 and the next era's setup up to the Pioneers' placements (SC-SETUP-20..25,
        SC-SETUP-40..44)."""
        t = tables()
        old = state.era
        held = [card for hand in state.hands.cards for card in hand] + state.pile + \
            [card for card in state.offer if card] + state.discards + state.time_discards + state.turn.played
        pool = sorted(card for card in held if is_time(card))                          # SC-TRANS-2
        state.hands = Hands.empty(len(state.players))
        state.pile, state.offer = [], [None] * t.constants.offer_size
        state.discards, state.time_discards = [], []
        state.tiles_out += [tile for placed in state.tiles.values() for tile in placed]   # SC-TRANS-3
        state.tiles_out += [tile for stack in state.stacks.values() for tile in stack]
        holders = {player.pioneer: player.seat for player in state.players if player.pioneer}
        nxt = ERAS[ERAS.index(old) + 1]
        self._setup_board(state, nxt)
        state.news.append(S("news.era_begins", era=S(f"era.{nxt}")))
        state.turn = Turn(state.order[0], step=SETUP)
        for marker, site in enumerate(PIONEER_SITES[nxt], start=1):                    # SC-SETUP-23/24, 43/44
            if marker in holders:
                state.pending.append(Pending(PIONEER, holders[marker], site))
        state.time_pool = pool

    def _pioneer_place(self, state: GameState, seat: int, site: str) -> None:
        """SC-SETUP-23/24, 43/44: one of the player's home teams starts on Ceres (with an f1 tile,
        its rewards and a claim; not an exploration for the contracts, SC-CON-7), on Vesta, on
        Alpha Centauri's star, or on Luhman 16's star track, on the space farthest from the star."""
        player = state.players[seat]
        home = self._home(state.era)
        team = next(team for team, where in sorted(player.teams.items()) if where == home)
        player.teams[team] = site
        state.news.append(S("news.pioneer_placed", player=self.seat_label(state, seat), team=team_msg(team),
                            site=site_msg(site)))
        if site == PIONEER_SITES["E3"][1]:
            player.track[team] = tables().maps[state.era].movement.track_spaces
        if site == PIONEER_SITES["E2"][0]:
            assert state.streams is not None
            tile = draw_hidden(state.streams, state.stacks["f1"])[0]
            state.tiles[site] = [tile]
            state.claims[site] = team
            state.news.append(S("news.tile", player=self.seat_label(state, seat), site=site_msg(site),
                                tile=S(f"tile.{tile}"), effect=self._tile_text(tile)))
            self._tile_rewards(state, seat, tile)

    def _finish_setup(self, state: GameState) -> None:
        """SC-SETUP-26..32 / 45..51 after the Pioneers: the first player (a team on Ceres or on
        Alpha Centauri, else the most profit, else at random), the deal, and in E2 the Adaptation
        earned by an E1 genetics lap (E3 has no such catch-up, SC-SETUP-51)."""
        assert state.streams is not None
        count = len(state.players)
        first_site = PIONEER_SITES[state.era][0]
        on_site = [p.seat for p in state.players if first_site in p.teams.values()]
        if on_site:
            first = on_site[0]
        else:
            best = max(p.profit for p in state.players)
            tied = [p.seat for p in state.players if p.profit == best]
            first = state.streams.shuffled(f"first_player:{state.era}", tied)[0]
        state.order = [(first + i) % count for i in range(count)]
        pool = state.time_pool
        state.time_pool = []
        self._deal(state, pool)
        for player in state.players:
            player.pioneer = 0
        state.turn = Turn(first)
        for seat in state.order:                                                            # SC-SETUP-31
            if state.players[seat].genetics_lapped:
                state.players[seat].genetics_lapped = False
                self._entitle(state, seat, tables().wheel.awards["genetics"])
        state.news.append(S("news.first_player", player=self.seat_label(state, first)))

    def _final_scoring(self, state: GameState) -> None:
        """SC-SCORE-1..3: the colonies' era-end abilities (K08, K10) in turn order from the
        Starfarers' first player, then profit by the number of colonies owned, never below 0."""
        t = tables()
        profits = [player.profit for player in state.players]
        for seat in state.order:
            for owner, tile in sorted(state.colonies.values(), key=lambda item: item[1]):
                ability = t.colony_abilities[t.colony_tiles[tile].ability]
                if owner == seat and ability.trigger is not None and ability.trigger.name == "ERA_END":
                    for effect in ability.effects:
                        self._colony_gain(state, seat, effect)
        for player in state.players:
            owned = sum(1 for owner, _ in state.colonies.values() if owner == player.seat)
            score = t.constants.colony_points(owned)
            self._earn(state, player.seat, "colony_score", max(0, player.profit + score) - player.profit)  # SC-SCORE-3
            state.news.append(S("news.colony_score", player=self.seat_label(state, player.seat), colonies=owned,
                                amount=f"{score:+d}"))
        state.phase = OVER
        state.turn = Turn(state.turn.seat, step="")
        state.final = {"bonus": {player.seat: player.profit - profits[player.seat] for player in state.players}}
        state.news.append(S("news.game_over", winners=Join([self.seat_label(state, seat)
                                                            for seat in self.winners(state)], "and")))

    def _early_finish(self, state: GameState) -> None:
        """SC-VAR-4: Pioneer bonuses and, after E1 only, +1T per genetics step."""
        bonus = tables().constants.early_finish_pioneer_bonus
        gains: dict[int, int] = {}
        for player in state.players:
            gain = player.genetics_steps if state.era == "E1" else 0
            if player.pioneer:
                gain += bonus[player.pioneer - 1]
            self._earn(state, player.seat, "final_bonus", gain)
            gains[player.seat] = gain
        state.phase = OVER
        state.turn = Turn(state.turn.seat, step="")
        state.final = {"bonus": gains}
        state.news.append(S("news.game_over", winners=Join([self.seat_label(state, seat)
                                                            for seat in self.winners(state)], "and")))

    # ----- what is legal ---------------------------------------------------------------------------
    def _may_pass(self, state: GameState, seat: int) -> bool:
        """A pass is allowed after Trigger B (SC-END-3) and when no action is legal (SC-END-9) or
        only Upgrades are (A-49): whatever way to pay, another player's Infra too (SC-VAL-2), not
        only the one way each suggestion shows."""
        return state.deck_exhausted or not any(not isinstance(action, Upgrade) for action in self._actions(state, seat))

    def _has_action(self, state: GameState, seat: int) -> bool:
        return any(True for _ in self._actions(state, seat))

    def _actions(self, state: GameState, seat: int) -> Iterator[Move]:
        """Every action ``seat`` can take now, each with one way to pay: the suggestions (paid
        from the player's own Infra and cards), then, only when those hold nothing but Upgrades,
        the actions another player's Infra pays for (SC-VAL-2, rewarding its owner): legality
        (passing, SC-END-9, A-49) asks this, never the suggestions alone."""
        only_upgrades = True
        for move in self._action_candidates(state, seat):
            only_upgrades = only_upgrades and isinstance(move, Upgrade)
            yield move
        if not only_upgrades:
            return
        for hq in self._other_hqs(state, seat):
            for move in self._action_candidates(state, seat, hq):
                if not isinstance(move, Upgrade):
                    yield move

    @staticmethod
    def _other_hqs(state: GameState, seat: int) -> list[str]:
        """The other players' HQs whose Infra ``seat`` may use now: none after the end is
        triggered, except in a race (SC-END-8, EG-RACE)."""
        if state.trigger is not None and not state.turn.race:
            return []
        return [player.colour for player in state.players if player.seat != seat]

    def _transports(self, state: GameState, seat: int) -> list[Transport]:
        player = state.players[seat]
        sites = tables().maps[state.era].sites
        own = [site for site in sites if sites[site].kind == HOME or self._owner_at(state, site) == seat]
        out = []
        for team, where in sorted(player.teams.items()):
            if where is None or where not in own or team in state.turn.acted:
                continue
            for destination in own:
                if destination == where:
                    continue
                leg = Leg(team, where, destination)
                try:
                    self._check_transport(state, seat, leg)
                except IllegalMove:
                    continue
                out.append(Transport(seat, leg=leg))
        return out

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        if state.phase == OVER or seat not in self.waiting_for(state):
            return []
        if state.phase == LEGACY:
            return [Choose(seat, key="legacy", value=value)
                    for value in [f"@{site}" for site in self.legacy_sites(state, seat)] + [mv.NONE]]
        if state.pending:
            return self._pending_answers(state, state.pending[0])
        if state.windows:
            return self._answers(state, seat, state.windows[-1])
        step = state.turn.step
        moves: list[Move] = []
        if step in (RESEARCH_DRAWS, OFFER_TAKE):
            if step == RESEARCH_DRAWS and state.pile:
                moves.append(Draw(seat, source=mv.DECK))
            moves += [Draw(seat, source=f"O{box + 1}") for box, card in enumerate(state.offer) if card is not None]
            return moves
        if step == CONTRACTS:
            rows = self.fulfillable(state, seat)
            moves.append(Fulfill(seat, rows=tuple(rows)))
            moves += [Fulfill(seat, rows=(row,)) for row in rows] if len(rows) > 1 else []
            return moves + [Fulfill(seat)]
        if step == TRANSPORT:
            return [Transport(seat), *self._transports(state, seat)]
        moves = list(self._actions(state, seat))
        if state.deck_exhausted or all(isinstance(action, Upgrade) for action in moves):   # as _may_pass
            moves.append(Pass(seat))
        if not state.turn.race:
            moves += [Edge(seat, card=card) for card, _ in self._edge_cards(state, seat, "ACTION_DECLARED", seat)][:1]
        return moves

    def _answers(self, state: GameState, seat: int, window: Window) -> list[Move]:
        """The answers to an open window: declining first (the deadline's default), then each Edge
        with each of its choices; for EG-INCOMPAT's discard, each Infra card."""
        if window.event == INFRA_DISCARD:
            return [Choose(seat, key="infra-discard", value=f"box{box}") for box in BOXES
                    if state.players[seat].hq[box] is not None]
        moves: list[Move] = [Decline(seat)]
        for card, edge in self._edge_cards(state, seat, window.event, window.subject):
            if not self._edge_usable(state, seat, edge, window):
                continue
            effect = edge.effects[0]
            if effect.name == "TAKE_OFFER" and effect.positional != ("all",):
                moves += [Edge(seat, card=card, take=f"O{box + 1}") for box, held in enumerate(state.offer) if held]
            elif effect.name == "TAKE_DISCARDED":
                moves += [Edge(seat, card=card, take=taken) for taken in window.cards if taken in state.discards]
            elif effect.name == "FORBID_ACTION":
                moves += [Edge(seat, card=card, name=name) for name in mv.NAMEABLE if name in ERA_ACTIONS[state.era]]
            elif effect.name == "GAIN_PROGRESS":
                moves += [Edge(seat, card=card, take=progress_id) for progress_id in
                          self.progress_choices(state, seat, effect.positional[0], no_bonus=True)]
            else:
                moves.append(Edge(seat, card=card))
        return moves

    def _action_candidates(self, state: GameState, seat: int, hq: str = mv.SELF) -> Iterator[Move]:
        """Legal actions, each with one way to pay for it (the Infra of ``hq``, your own by
        default, first, then the fewest cards): the menu autocomplete offers.  Every candidate is
        checked on a copy."""
        for move in self._raw_candidates(state, seat, hq):
            try:
                self._action(clone_state(state), move)      # the action alone: the turn does not advance
            except IllegalMove:
                continue
            yield move

    def _raw_candidates(self, state: GameState, seat: int, hq: str = mv.SELF) -> Iterator[Move]:
        t = tables()
        era_map = t.maps[state.era]
        player = state.players[seat]
        hand = state.hands.cards[seat]
        if len(hand) <= t.constants.research_max_hand and (state.pile or any(state.offer)):
            sources = self._fund(state, seat, "RESEARCH", 1, hq=hq)
            if sources is not None:
                yield Research(seat, sources=sources)
        sources = self._fund(state, seat, "GENETICS", 1, hq=hq)
        if sources is not None:
            yield Genetics(seat, sources=sources)
        if mv.IDEA in ERA_ACTIONS[state.era]:
            sources = self._fund(state, seat, "IDEA", 1, hq=hq)
            if sources is not None:
                yield Idea(seat, sources=sources)
        teams = [(team, site) for team, site in sorted(player.teams.items())
                 if site is not None and era_map.sites[site].kind not in ("pioneer", "orion")
                 and team not in player.track]
        for team, origin in teams:
            for destination in era_map.sites:
                if destination == origin:
                    continue
                distance = self._distance(state, seat, origin, destination)
                if distance is None:
                    continue
                need = distance - self._spaceport_bonus(state, seat, origin, ())
                leg = Leg(team, origin, destination)
                sources = self._fund(state, seat, "MOVE", need, shielded=self._shield_needed(
                    state, seat, not self._move_shielded(state, seat, leg, ()), origin, destination), hq=hq)
                if sources is not None:
                    yield MoveAction(seat, legs=(Leg(team, origin, destination),), sources=sources)
        for team, site_id in teams:
            site = era_map.sites[site_id]
            if site.explore is not None and site.boxes and not state.tiles.get(site_id):
                sources = self._fund(state, seat, "EXPLORE", site.explore, hq=hq)
                if sources is not None:
                    yield Explore(seat, spots=(Spot(team, site_id),), sources=sources)
            if site.build is not None and not self._bases_at(state, site_id) \
                    and len(state.tiles.get(site_id, [])) >= len(site.boxes):
                cost = self._build_cost(state, site_id, seat)
                if self._industrial(state, seat, site.region, ()):
                    cost = (cost + 1) // 2
                sources = self._fund(state, seat, "BUILD", cost, shielded=self._shield_needed(
                    state, seat, not self._shield_gen_in(state, seat, site.region, ()), site_id), hq=hq)
                if sources is not None:
                    for spot in self._build_spots(state, seat, team, site):
                        yield Build(seat, spots=(spot,), sources=sources)
        eligible = []
        for site_id in sorted({self._spot_site(spot) for spot, (owner, _) in state.bases.items() if owner == seat}):
            try:
                gains = self._production(state, seat, site_id)
            except IllegalMove:
                continue
            eligible.append((-sum(gains), len(gains), site_id))
        if eligible:
            eligible.sort()
            for count in range(len(eligible), 0, -1):
                sources = self._fund(state, seat, "PRODUCE", sum(tiles for _, tiles, _ in eligible[:count]), hq=hq)
                if sources is not None:
                    chosen = tuple(sorted(site for _, _, site in eligible[:count]))
                    yield Produce(seat, sites=chosen, sources=sources)
                    break
        if state.era == "E3":
            yield from self._colonize_candidates(state, seat)
        for card in sorted(set(hand)):
            if is_time(card):
                continue
            info = t.cards[design(card)]
            if info.infra:
                for box in BOXES:
                    yield Upgrade(seat, card=card, box=int(box))
            special = next((entry.special for entry in info.entries if entry.special), None)
            effect = t.specials[special].effects[0].name if special is not None else None
            if effect == "ANTIMATTER_MOVE":
                for team, origin in teams:
                    for site_id in sorted(era_map.sites):
                        if site_id != origin:
                            yield Special(seat, card=card, leg=Leg(team, origin, site_id))
            elif effect == "TRACKS_TO_STAR":
                yield Special(seat, card=card)
            elif effect is not None:
                for site_id in sorted(era_map.sites):
                    yield Special(seat, card=card, target=site_id)

    def _shield_needed(self, state: GameState, seat: int, exposed: bool, *sites: str) -> bool:
        """Whether a candidate should use Shielded entries: the action would be exposed to the
        radiation and its owner cannot pay the unshielded cost (SC-RAD-4)."""
        return exposed and self._in_radiation(state, *sites) and \
            state.players[seat].profit < tables().maps[state.era].movement.unshielded_penalty

    def _build_spots(self, state: GameState, seat: int, team: str, site: Site) -> Iterator[BuildSpot]:
        """The base choices a Build may make at ``site``: each type allowed there (E1/E2); in a
        star system, for each type the first tile may take, the rest filled in order."""
        player = state.players[seat]
        tiles = state.tiles.get(site.id, [])
        kinds = sorted(base for base, left in player.bases.items() if left > 0)
        if site.kind != "star_system":
            for base in kinds:
                if self._requirement_met(state, seat, site, base, tiles):
                    yield BuildSpot(team, site.id, base)
            return
        seen = set()
        for first in kinds:
            left = dict(player.bases)
            plan = []
            for index, tile in enumerate(tiles):
                order = [first] + kinds if index == 0 else kinds
                fits = next((kind for kind in order if left.get(kind, 0) > 0
                             and self._requirement_met(state, seat, site, kind, [tile])), None)
                if fits is None:
                    break
                left[fits] -= 1
                plan.append((tile, fits))
            if len(plan) == len(tiles) and tuple(plan) not in seen:
                seen.add(tuple(plan))
                yield BuildSpot(team, site.id, bases=tuple(sorted(plan)))

    def _colonize_candidates(self, state: GameState, seat: int) -> Iterator[Move]:
        """For each region ``seat`` may colonize, the dearest colony tile its free Colony Points
        reach, then adding 5T, a team and a Build of Infra and cards as needed (SC-COL-3)."""
        t = tables()
        era_map = t.maps[state.era]
        player = state.players[seat]
        for site in era_map.sites.values():
            found = self._bases_at(state, site.id)
            if site.kind != "star_system" or site.region in state.colonies or not found or found[0][1] != seat \
                    or len(found) < len(site.boxes):
                continue
            items: list[CpItem] = []
            points = 0
            for kind in ("tiles", "near", "industrial", "two_bases", "envtol"):   # they change nothing
                try:
                    points += self._colony_point(state, seat, site, CpItem(kind))
                except IllegalMove:
                    continue
                items.append(CpItem(kind))
            extra: list[CpItem] = []
            if player.profit >= t.constants.colonize_pay:
                extra.append(CpItem("pay5"))
            team = next((team for team, where in sorted(player.teams.items()) if where == site.id), None)
            if team is not None:
                extra.append(CpItem("team", team=team))
            single, multi = t.constants.colonize_build_threshold
            build = self._fund(state, seat, "BUILD", multi if site.multi_star else single, time=False)
            if build is not None:
                extra.append(CpItem("build", build=build))
            for colony in sorted(state.colony_supply, key=lambda c: (-t.colony_tiles[c].value, c)):
                need = t.colony_tiles[colony].value - points
                if need <= len(extra):
                    chosen = items + extra[:max(need, 0)]
                    yield Colonize(seat, region=site.region, colony=colony,
                                   cp=tuple(sorted(chosen, key=lambda item: mv.CP_KINDS.index(item.kind))))
                    break

    def _fund(self, state: GameState, seat: int, action: str, need: int, time: bool = True,
              shielded: bool = False, hq: str = mv.SELF) -> Sources | None:
        """One way to reach ``need`` for ``action``: your own Infra and Progress bonuses, then your
        best additive cards of that type one by one, then multiplier cards (SC-VAL-5), then (Move,
        Build, Explore) a Time card doubling it, else (E2/E3) up to 3T of profit (SC-VAL-9); with
        ``shielded``, Shielded entries first (SC-VAL-7).  ``hq`` names whose Infra is used (your
        own by default; another player's only where it adds something).  None if nothing
        reaches it."""
        infra_entries = self._infra(state, self._hq_owner(state, seat, hq), action, shielded)
        infra = sum(entry.value for entry in infra_entries if not entry.multiplier)
        use_infra = (hq,) if infra_entries else ()
        if hq != mv.SELF and (need <= 0 or not infra_entries):
            return None                                     # your own way pays as well
        if need <= 0:
            return Sources(infra=use_infra) if action in ("RESEARCH", "GENETICS", "IDEA") and infra else Sources()
        base = infra + self._progress_bonus(state, seat, action)
        factor = 2 if self._progress_has(state, seat, "DOUBLE_ACTION", action) else 1
        letter = next(key for key, name in LETTER.items() if name == action)
        additive: list[tuple[int, str, str]] = []
        multipliers: list[tuple[int, str, str]] = []
        for card in state.hands.cards[seat]:
            if is_time(card):
                continue
            entries = [entry for entry in tables().cards[design(card)].entries if entry.action == action]
            if entries:
                best = max(entries, key=lambda entry: (not entry.multiplier, entry.shielded == shielded, entry.value))
                item = (best.value, card, ("s" if best.shielded else "") + letter)
                (multipliers if best.multiplier else additive).append(item)
        additive.sort(key=lambda item: (-item[0], item[1]))
        multipliers.sort(key=lambda item: (-item[0], item[1]))
        for doubled in ((1, 2) if time and action in TIME_ACTIONS else (1,)):
            total, product, chosen = base, 1, []

            def reached() -> bool:
                value = total * product if total > 0 else (product if product > 1 else 0)
                return value * factor * doubled >= need
            for value, card, entry in additive:
                if reached():
                    break
                total += value
                chosen.append(CardEntry(card, entry))
            for value, card, entry in multipliers:
                if reached():
                    break
                product *= value
                chosen.append(CardEntry(card, entry))
            if reached():
                time_card = next((card for card in state.hands.cards[seat] if is_time(card)), None)
                if doubled == 1:
                    return Sources(cards=tuple(chosen), infra=use_infra)
                if time_card is not None:
                    return Sources(cards=tuple(chosen), infra=use_infra, time=TimeUse(time_card, mv.DOUBLE))
            elif doubled == 1 and state.era != "E1":
                value = (total * product if total > 0 else (product if product > 1 else 0)) * factor
                pay = need - value
                if 0 < pay <= min(tables().constants.profit_spend_max, value - 1, state.players[seat].profit):
                    return Sources(cards=tuple(chosen), infra=use_infra, pay=pay)
        return None

    def random_move(self, state: GameState, seat: int, rng: Any) -> Move | None:
        moves = self.legal_moves(state, seat)
        if not moves:
            return None
        if state.turn.step == ACTION:                   # playouts lean to actions that change the board
            busy = [move for move in moves if not isinstance(move, (Research, Upgrade, Genetics))]
            if busy and rng.random() < 0.7:
                moves = busy
        chosen: Move = moves[int(rng.random() * len(moves)) % len(moves)]
        return chosen

    def default_move(self, state: GameState, seat: int) -> Move | None:
        moves = self.legal_moves(state, seat)
        if not moves:
            return None
        if state.turn.step == TRANSPORT and not state.windows:
            return Transport(seat)
        return moves[0]

    def describe_move(self, state: GameState, seat: int, text: str) -> Msg | None:
        """The preview of §9.4 beside a suggested action: what it reaches (draws, distance, cost,
        profit, steps), the cards it plays and the opponents it rewards; an Edge's name."""
        try:
            move = self.parse_move(state, seat, text)
        except IllegalMove:
            return None
        if isinstance(move, Edge):
            edge_id = None if is_time(move.card) or design(move.card) not in tables().cards \
                else tables().cards[design(move.card)].edge
            return S("preview.gist", what=S(f"edge.{edge_id}"), gist=components.edge_gist(edge_id)) if edge_id else None
        named = self._named_component(state, move)
        if named is not None:
            return named
        if state.windows or state.turn.step != ACTION or seat != state.turn.seat or \
                not isinstance(move, (Research, MoveAction, Explore, Build, Produce, Genetics, Colonize)):
            return None
        trial = clone_state(state)
        try:
            self._action(trial, move)
        except IllegalMove:
            return None
        era_map = tables().maps[state.era]
        if isinstance(move, Research):
            what = S("preview.research", n=trial.turn.draws_left)
        elif isinstance(move, MoveAction):
            what = S("preview.move", distance=Join([era_map.distance(leg.origin, leg.destination) or 0
                                                    for leg in move.legs]))
        elif isinstance(move, Explore):
            what = S("preview.explore", cost=Join([era_map.sites[spot.site].explore or 0 for spot in move.spots]))
        elif isinstance(move, Build):
            what = S("preview.build", cost=Join([self._build_cost(state, spot.site, seat) for spot in move.spots]))
        elif isinstance(move, Produce):
            what = S("preview.produce", amount=trial.players[seat].profit - state.players[seat].profit)
        elif isinstance(move, Colonize):
            what = S("preview.colonize", colony=S(f"colony.{move.colony}"),
                     value=tables().colony_tiles[move.colony].value)
        else:
            what = S("preview.genetics", n=trial.players[seat].genetics_steps - state.players[seat].genetics_steps)
        played = len(trial.turn.played) - len(state.turn.played)
        if trial.turn.rewards:
            return S("preview.with_rewards", what=what, cards=played,
                     players=Join([self.seat_label(state, other) for other in trial.turn.rewards], "and"))
        return S("preview.plain", what=what, cards=played)

    def _named_component(self, state: GameState, move: Move) -> Msg | None:
        """The gist of the component a move names (the card upgraded or taken, the Special, the
        Progress card or base chosen), for the autocomplete label."""
        t = tables()
        card = move.card if isinstance(move, (Upgrade, Special)) else None
        if isinstance(move, Draw) and move.source in mv.OFFER:
            card = state.offer[mv.OFFER.index(move.source)]
        if card is not None and (is_time(card) or design(card) in t.cards):
            gist = S("comp.time.gist") if is_time(card) else components.card_gist(t.cards[design(card)])
            return S("preview.gist", what=self._card_msg(card), gist=gist) if isinstance(move, Draw) else gist
        if isinstance(move, Choose) and move.key == "progress" and move.value in t.progress:
            return S("preview.gist", what=S(f"progress.{move.value}"), gist=S(f"progressgist.{move.value}"))
        if isinstance(move, Choose) and move.key == "base" and move.value in t.base_types:
            return S("preview.gist", what=S(f"base.{move.value}"), gist=S(f"basegist.{move.value}"))
        return None

    def redact_move(self, state: GameState, seat: int, move_text: str) -> str | Msg:
        """A sealed Legacy pick (revealed by the news when all are in) and the cards taken with
        Predictive AI (they join a secret hand) are not shown to the others."""
        if move_text.startswith("choose legacy="):
            return S("redacted.legacy")
        if move_text.startswith("choose predict="):
            return S("redacted.predict", n=move_text.count(",") + 1)
        return move_text

    def auto_move(self, state: GameState, seat: int, prefs: Any) -> tuple[Move, Msg] | None:
        """§9.3 standing auto-pass: a window is declined for a player whose orders say "pass" for
        every Edge that could answer it (the same whatever their hand holds)."""
        if not state.windows or state.pending or state.phase != PLAY or seat not in self.waiting_for(state) \
                or state.windows[-1].event == INFRA_DISCARD:
            return None
        window = state.windows[-1]
        edges = [edge for edge in self._era_edges(state)
                 if edge.trigger.name == window.event and self._by_matches(edge.trigger, window.subject, seat)]
        for edge in edges:
            stored = prefs.get(f"autopass_{edge.id}") if isinstance(prefs, dict) else None
            if not isinstance(stored, dict) or stored.get("choice") != DECLINE_ALWAYS:
                return None
        return Decline(seat), S("auto.declined", edges=Join([S(f"edge.{edge.id}") for edge in edges]))

    # ----- views, storage, texts -----------------------------------------------------------------------
    def sample_state(self, view: GameState, seat: int, rng: Any) -> GameState:
        from .sampling import sample_state
        return sample_state(self, view, seat, rng)

    def view(self, state: GameState, seat: int | None) -> GameState:
        """What ``seat`` may see (§9.1): its own hand, the others' hand sizes; the draw pile and the
        discovery stacks only as counts; no random streams."""
        view = clone_state(state)
        view.hands = state.hands.view(seat)
        view.pile = [HIDDEN] * len(state.pile)
        view.stacks = {stack: [HIDDEN] * len(tiles) for stack, tiles in state.stacks.items()}
        view.time_aside = [HIDDEN] * len(state.time_aside)
        view.streams = None
        if state.legacy_choice is not None:
            view.legacy_choice = state.legacy_choice.view(seat)
        view.pending = [Pending(p.kind, p.seat, p.what, p.cards if p.seat == seat else [HIDDEN] * len(p.cards),
                                p.no_bonus, p.setup_pick) for p in state.pending]
        view.news = list(state.news)
        view.private_news = [(who, msg) for who, msg in state.private_news if who == seat]
        return view

    def hidden_in_view(self, state: GameState, viewer: int | None) -> list[str]:
        """What the view masks (the draw pile, the stacks, the set-aside Time cards, the others'
        hands, their pending decision cards and sealed Legacy picks), except the cards the last
        move took face up into a hand (from the Offer or the discards, §9.1: public) and the top
        cards of the pile the viewer looked at (Predictive AI, its own pending decision)."""
        public = {value for msg in state.news if msg.key in ("spacecorp.news.took_offer", "spacecorp.news.took_discard")
                  for value in _card_ids(msg)}
        public |= {card for pending in state.pending if pending.seat == viewer for card in pending.cards}
        public.add(mv.NONE)                         # a sealed "no Legacy" pick: a word, not a thing to find
        return [item for item in super().hidden_in_view(state, viewer) if item not in public]

    def dump_state(self, state: GameState) -> dict[str, Any]:
        return state_to_json(state)

    def load_state(self, data: dict[str, Any]) -> GameState:
        return state_from_json(data)

    def events(self, before: GameState, move: Move, after: GameState) -> list[Msg]:
        return list(after.news)

    def notices(self, before: GameState, move: Move, after: GameState) -> list[Notice]:
        return [Notice(seat, msg) for seat, msg in after.private_news]

    def reveals_information(self, before: GameState, move: Move, after: GameState) -> bool:
        """A draw, a tile, a refilled Offer, a look at the pile, the opened Legacy picks cannot be
        taken back (§9.4): whatever the kit recorded as taken out of hiding."""
        return revealed_between(before.streams, after.streams)

    def invariants(self, state: GameState) -> list[str]:
        """Cards, tiles and Progress cards conserved, profit never negative, bases and teams
        within supply."""
        problems = []
        t = tables()
        era = state.era
        cards = list(state.pile) + [c for c in state.offer if c] + state.discards + state.time_discards + \
            state.time_aside + state.time_pool + state.turn.played + [c for hand in state.hands.cards for c in hand]
        on_hq = [c for p in state.players for c in p.hq.values() if c]
        cards += [c for c in on_hq if t.cards[design(c)].era == era]
        expected = sorted(list(t.physical_deck(era)) + sorted(t.time_cards))
        if sorted(cards) != expected and state.phase != LEGACY and state.turn.step != SETUP:   # not yet dealt
            problems.append(f"cards not conserved: {len(cards)} held, {len(expected)} expected")
        if any(ERAS.index(t.cards[design(c)].era) > ERAS.index(era) for c in on_hq):
            problems.append("a later era's card on an HQ")
        tiles = [tile for stack in state.stacks.values() for tile in stack] + \
            [tile for placed in state.tiles.values() for tile in placed] + \
            [tile for tile in state.tiles_out if t.discoveries[tile].era == era]
        if sorted(tiles) != sorted(tile.id for tile in t.tiles(era)) and state.phase != LEGACY:
            problems.append("discovery tiles not conserved")
        progress = sorted([c for copies in state.side_board.values() for c in copies] +
                          [c for p in state.players for c in p.progress])
        placed_sets = sorted(c for card in t.progress.values() if card.id in state.side_board or
                             any(o.split("#")[0] == card.id for p in state.players for o in p.progress)
                             for c in card.physical_ids)
        if progress != placed_sets:
            problems.append("Progress cards not conserved")
        for player in state.players:
            if player.profit < 0:
                problems.append(f"seat {player.seat} has negative profit")
            placed = sum(1 for owner, _ in state.bases.values() if owner == player.seat)
            legacy = 1 if player.legacy is not None and player.legacy[1] in player.bases else 0
            if placed + sum(player.bases.values()) + legacy != len(player.bases) * t.components.base_per_type:
                problems.append(f"seat {player.seat}: bases not conserved")
            if len(player.teams) != 4:
                problems.append(f"seat {player.seat}: teams not conserved")
            if len({c.split("#")[0] for c in player.progress}) != len(player.progress):
                problems.append(f"seat {player.seat}: two Progress cards of one name")
        return problems

    def status_lines(self, view: GameState) -> list[Msg]:
        step = "over" if view.phase == OVER else LEGACY if view.phase == LEGACY else view.turn.step or ACTION
        lines = [S("status.era", era=S(f"era.{view.era}"), pile=len(view.pile), step=S(f"step.{step}"))]
        for player in view.players:
            values = dict(player=self.seat_label(view, player.seat), profit=player.profit,
                          cards=len(view.hands.cards[player.seat]), bases=self._bases_on_board(view, player.seat),
                          genetics=player.genetics_steps)
            if view.era == "E1":
                lines.append(S("status.player", **values))
            else:                                          # the wheel positions earn Progress cards
                lines.append(S("status.player_wheel", **values, gene_at=player.genetics, idea_at=player.idea,
                               wheel=tables().wheel.size))
        for player in view.players:
            if player.progress:
                lines.append(S("status.progress", player=self.seat_label(view, player.seat),
                               cards=Join([S(f"progress.{card.split('#')[0]}") for card in player.progress])))
            if player.legacy is not None:
                lines.append(S("status.legacy", player=self.seat_label(view, player.seat),
                               tile=S(f"tile.{player.legacy[0]}"), base=S(f"base.{player.legacy[1]}")))
            owned = sorted(tile for owner, tile in view.colonies.values() if owner == player.seat)
            if owned:
                lines.append(S("status.colonies", player=self.seat_label(view, player.seat),
                               colonies=Join([S(f"colony.{tile}") for tile in owned])))
            for team, spaces in sorted(player.track.items()):
                where = player.teams[team]
                assert where is not None
                lines.append(S("status.track", player=self.seat_label(view, player.seat), team=team_msg(team),
                               site=site_msg(where), spaces=spaces))
        offer = [S("status.offer_card", box=box, card=self.card_line(card))
                 for box, card in enumerate(view.offer, start=1) if card]
        if offer and view.phase != OVER:
            lines.append(S("status.offer", cards=Join(offer, "comma")))
        done = [row for row, where in sorted(view.contracts.items()) if where == view.era]
        lines.append(S("status.contracts", count=len(done),
                       done=Join([S("status.contract_item", row=row, name=S(f"contract.{view.era}.{row}"))
                                  for row in done] or ["-"])))
        if view.trigger:
            lines.append(S(f"status.trigger.{view.trigger}"))
        if view.windows:
            window = view.windows[-1]
            lines.append(S("status.window", event=self._trigger_msg(view, window),
                           players=Join([self.seat_label(view, seat) for seat in window.waiting], "and")))
        return lines

    def private_lines(self, view: GameState, seat: int) -> list[Msg]:
        """The hand, one card a line with what it does: its entries, Infra use, its Edge and the
        Edge's trigger (a Time card: double or split)."""
        hand = view.hands.cards[seat]
        if not hand:
            return [S("private.hand", cards="-")]
        return [S("private.hand_header", n=len(hand))] + [self.card_line(card) for card in hand]

    def card_line(self, card: str) -> Msg:
        """A physical card with its values: ``M04#1 Robotic Miner: Build 2 or Produce 1 · Infra``;
        an Edge card adds the Edge and its trigger."""
        if is_time(card):
            return S("hand_card", id=card, name=S("cardname.TIME"), gist=S("comp.time.gist"))
        data = tables().cards[design(card)]
        values = S("comp.card.gist", entries=components.entries_msg(data.entries),
                   infra=S("comp.gist.infra") if data.infra else "", edge="")
        if data.edge is None:
            return S("hand_card", id=card, name=S(f"cardname.{data.id}"), gist=values)
        edge = tables().edges[data.edge]
        return S("hand_card_edge", id=card, name=S(f"cardname.{data.id}"), gist=values, edge=S(f"edge.{edge.id}"),
                 event=S(f"event.{edge.trigger.name}"), effect=S(f"edgegist.{edge.id}"))

    def notation_help(self) -> Msg:
        return S("help.notation", moves=S("help.moves"), planeteers=S("help.planeteers"),
                 starfarers=S("help.starfarers"))

    def rules_summary(self) -> Msg:
        return S("help.summary")

    # ----- texts ---------------------------------------------------------------------------------------
    def _card_msg(self, card: str) -> Msg:
        return S("card", id=card, name=S(f"cardname.{design(card) if not is_time(card) else 'TIME'}"))

    def _tile_text(self, tile_id: str) -> Msg | Join:
        return components.tile_rewards(tile_id)


def _card_ids(msg: Msg | Join) -> Iterator[str]:
    """The card ids a news message names (``spacecorp.card`` values, also inside lists)."""
    items = msg.items if isinstance(msg, Join) else [value for _, value in msg.values]
    if isinstance(msg, Msg) and msg.key == "spacecorp.card":
        yield str(dict(msg.values)["id"])
    for value in items:
        if isinstance(value, (Msg, Join)):
            yield from _card_ids(value)


GAME = SpaceCorpGame()
