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
* Code layout (issue 27 item 4): this class only wires the contract to the mechanics, one module
  per section of the spec: ``setup`` (§4), ``turn`` (§5.1, the turn order), ``valuing`` (§7.0,
  §7.12-7.13), ``research``, ``movement``, ``exploration``, ``building``, ``progress``, ``colonies``,
  ``contracts`` (§7.2-7.14), ``edges`` (§7.15, §9.3), ``eras`` (§6.1, §6.3), ``scoring`` (§6.2,
  §6.5), ``suggestions`` (legal moves, defaults) and ``describe`` (previews, prompts, texts);
  ``common`` holds the shared constants.  The mechanics are module-level functions taking the game
  and the state, bound here as methods (``_move = movement._move``), not mixins: they call one
  another through the game (``game._value(...)``, 160 methods calling each other), which keeps
  each call site and the behaviour unchanged and lets mypy check every call without a protocol
  of the whole class.  A new mechanic goes in its module and gets one line here.
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
  (the Offer emptied, the card already poached) is skipped.  Strict mode (rules version 2) asks
  every player the trigger allows but those public facts rule out (an empty hand; no copy of a
  matching Edge left unseen that could still act: ``edges._may_hold``), so a skip reveals nothing
  of a hand; the spec says "everyone is asked".  The first window that asks a player tells them
  once of the standing order that declines an Edge's windows.  Windows nest depth-first
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
* A round of turns in which no card left the draw pile or a hand discards the pile's top card
  (SC-END-11, A-50 [designed], ``turn._stall_guard``): players who only Produce with Infra while
  holding 5+ cards would otherwise never reach an era-end trigger.
* The decision deadline's default (``default_move``): ``fulfill`` every contract that can be
  fulfilled, ``transport none``, ``draw D`` (or the first Offer card), and at the action step the
  first legal action the engine lists (Research with your own Infra when possible), else ``pass``.
* Early-finish ties (SC-VAR-4): most profit, then most bases on the board, then a shared victory.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules.base import Component, Game, GameType, Notice, OptionSpec, PreferenceSpec, players_option, spread_kinds
from rules.kit import HIDDEN, revealed_between
from rules.messages import Msg

from . import moves as mv
from . import components, phrases
from .data import ERAS, design, tables
from .serialize import state_from_json, state_to_json
from .moves import Move
from .state import LEGACY, OVER, SETUP, GameState, Pending, clone_state
from . import (building, colonies, contracts, describe, edges, eras, evaluation, exploration, movement, progress, research,
               scoring, setup, suggestions, turn, valuing)
from .common import (ASK, BOXES, DECLINE_ALWAYS, ERA_ACTIONS, ERA_SPANS, FAST, HOME, LETTER, PIONEER_SITES, PLAYED_EDGES,
                     SCORE_SOURCES, START_PROFIT, STRICT, TIME_ACTIONS, VERB_ACTION, S, Valued, _card_ids,
                     base_ability, era_edge_ids, era_span, pair_production, refuse, site_msg)

#: The names other modules and the tests import from here (the rules now live in the sibling modules).
__all__ = ["GAME", "SpaceCorpGame", "ASK", "BOXES", "DECLINE_ALWAYS", "ERA_ACTIONS", "ERA_SPANS", "FAST", "HOME",
           "LETTER", "PIONEER_SITES", "PLAYED_EDGES", "SCORE_SOURCES", "START_PROFIT", "STRICT", "TIME_ACTIONS",
           "VERB_ACTION", "S", "Valued", "base_ability", "era_edge_ids", "era_span", "pair_production", "refuse",
           "site_msg", "clone_state", "design"]


class SpaceCorpGame(Game[GameState, Move]):
    name = "spacecorp"
    title = "Space Corp 2025-2300AD"
    min_players = 2
    max_players = 4
    game_type = GameType(hidden_information=True, chance=True, simultaneous=True)   # hands, draws; sealed Legacy
    options = (players_option(2, 4, 3),
               OptionSpec("eras", "choice", "1", "spacecorp.param.eras", choices=ERA_SPANS),
               OptionSpec("windows", "choice", FAST, "spacecorp.param.windows", choices=(FAST, STRICT)),
               OptionSpec("first_player", "int", 0, "spacecorp.param.first_player", min=0, max=4, lobby=False),
               OptionSpec("rules_version", "int", 2, "spacecorp.param.rules_version", min=1, max=2, lobby=False))
    #: 2: strict mode's reaction windows skip a player whom public facts rule out (§9.3,
    #: ``edges._may_hold``); a game created before keeps asking everyone the trigger allows, so
    #: its stored declines replay.
    rules_version = 2
    conformance_options = ({}, {"eras": "1-2"}, {"eras": "2", "windows": STRICT}, {"eras": "3"},
                           {"eras": "2-3", "windows": STRICT})
    preferences = tuple(PreferenceSpec(f"autopass_{edge}", f"spacecorp.pref.{edge}", (ASK, DECLINE_ALWAYS), ASK)
                        for edge in PLAYED_EDGES)

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
        """The move in words, from its notation and the static data (``phrases``), in the wording
        its decision shares (``describe.label_features``)."""
        return phrases.phrase(text, at=describe.label_features(self, state, seat, text))

    def full_phrase(self, state: GameState, seat: int, text: str) -> Msg | None:
        """The move in its fullest words (a thread's line, the log: no label's limit)."""
        return phrases.phrase(text, full=True)

    def complete(self, state: GameState, seat: int, prefix: str, limit: int = 25) -> list[str]:
        """The legal moves whose canonical or Hungarian text starts with what was typed
        (accents optional; sites by their names), one of every kind first (``spread_kinds``)."""
        typed = " ".join(self.canonical_prefix(prefix).lower().split())
        folded = " ".join(mv.fold(prefix).split())
        texts = (self.format_move(move) for move in self.suggested_moves(state, seat))     # the cheapest ways (D7)
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

    def components(self) -> tuple[Component, ...]:
        """Cards, Time, Edges, Progress cards, Specials, HQ sides, the Wheel, colonies, contracts,
        discovery tiles, bases, sites and regions (``components``)."""
        return components.components()

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

    # ----- setup (§4, SC-SETUP, SC-VAR-2/3) (setup.py) --------------------
    new_game = setup.new_game
    _setup_e1 = setup._setup_e1
    _setup_variant = setup._setup_variant
    _first_player = staticmethod(setup._first_player)
    _reset_pieces = setup._reset_pieces
    _setup_board = setup._setup_board
    _add_progress_set = staticmethod(setup._add_progress_set)
    _home = staticmethod(setup._home)
    _deal = setup._deal

    # ----- the turn sequence (§5.1, SC-TURN) and the turn order (SC-END) (turn.py) --------------------
    apply = turn.apply
    _apply = turn._apply
    _resolve_pending = turn._resolve_pending
    _prune_pending = turn._prune_pending
    _pending_answers = turn._pending_answers
    _wrong_step = turn._wrong_step
    _action = turn._action
    _pass = turn._pass
    _advance = turn._advance
    _advance_tracks = turn._advance_tracks
    _pay_rewards = turn._pay_rewards
    _refill_and_draw = turn._refill_and_draw
    _check_passes = turn._check_passes
    _clockwise = staticmethod(turn._clockwise)
    _schedule = turn._schedule
    _next_turn = turn._next_turn

    # ----- an action's value (§7.0 SC-VAL, §7.12 SC-RWD, §7.13 SC-RAD) (valuing.py) --------------------
    _value = valuing._value
    _hq_owner = valuing._hq_owner
    _infra = valuing._infra
    _card_entry = valuing._card_entry
    _check_time = valuing._check_time
    _base_at = valuing._base_at
    _spot_site = staticmethod(valuing._spot_site)
    _spot_tiles = staticmethod(valuing._spot_tiles)
    _bases_at = valuing._bases_at
    _owner_at = valuing._owner_at
    _industrial = valuing._industrial
    _spaceport_bonus = valuing._spaceport_bonus
    _spaceport_doubles = valuing._spaceport_doubles
    _owns = valuing._owns
    _progress_effects = valuing._progress_effects
    _progress_bonus = valuing._progress_bonus
    _progress_has = valuing._progress_has
    _in_radiation = valuing._in_radiation
    _shield_gen_in = valuing._shield_gen_in
    _radiation_penalty = valuing._radiation_penalty

    # ----- Research (§7.2, SC-RES) (research.py) --------------------
    _research = research._research
    _draw = research._draw
    _take_top = research._take_top
    _check_exhausted = staticmethod(research._check_exhausted)

    # ----- Move (§7.3, SC-MOV) (movement.py) --------------------
    _move = movement._move
    _distance = movement._distance
    _move_shielded = movement._move_shielded
    _split = movement._split
    _team_at = movement._team_at
    _team_can_act = movement._team_can_act
    _endpoint_reward = movement._endpoint_reward
    _check_orion = movement._check_orion
    _relocate = movement._relocate
    _place_team = movement._place_team

    # ----- Explore (§7.4, SC-EXP) (exploration.py) --------------------
    _explore = exploration._explore
    _stack_for = exploration._stack_for
    _explorable = exploration._explorable
    _explore_site = exploration._explore_site
    _reveal = exploration._reveal
    _phobes = exploration._phobes
    _phobes_blocked = exploration._phobes_blocked
    _tile_rewards = exploration._tile_rewards

    # ----- Build and Produce (§7.5-7.6, SC-BLD, SC-BASE, SC-PRD) (building.py) --------------------
    _build = building._build
    _build_cost = building._build_cost
    _build_plan = building._build_plan
    _check_base = building._check_base
    _requirement_met = building._requirement_met
    _place_bases = building._place_bases
    _base_built = building._base_built
    _defense_gain = building._defense_gain
    _produce = building._produce
    _production = building._production

    # ----- Genetics, Idea, Progress, Upgrade, Special (§7.7-7.9) (progress.py) --------------------
    _genetics = progress._genetics
    _idea = progress._idea
    _turn_wheel = progress._turn_wheel
    progress_choices = progress.progress_choices
    _prerequisite_met = progress._prerequisite_met
    _entitle = progress._entitle
    _gain_progress = progress._gain_progress
    _upgrade = progress._upgrade
    _special = progress._special
    _antimatter = progress._antimatter

    # ----- Colonize (§7.14, SC-COL) (colonies.py) --------------------
    _colonize = colonies._colonize
    _colony_point = colonies._colony_point
    _colony_event = colonies._colony_event
    _colony_gain = colonies._colony_gain
    _colony_count = colonies._colony_count

    # ----- contracts and Transport (§7.10-7.11, SC-CON, SC-TRN) (contracts.py) --------------------
    fulfillable = contracts.fulfillable
    contract_reward = staticmethod(contracts.contract_reward)
    _meets = contracts._meets
    _fulfill = contracts._fulfill
    _transport = contracts._transport
    _check_transport = contracts._check_transport

    # ----- Edges and reaction windows (§7.15, §9.3, SC-EDGE) (edges.py) --------------------
    _era_edges = staticmethod(edges._era_edges)
    _by_matches = staticmethod(edges._by_matches)
    _edge_cards = edges._edge_cards
    _edge_usable = edges._edge_usable
    _may_answer = edges._may_answer
    _may_hold = edges._may_hold
    _open = edges._open
    _trigger_msg = edges._trigger_msg
    _prune = edges._prune
    _answer = edges._answer
    _edge = edges._edge
    _discard_infra = edges._discard_infra

    # ----- era end and transitions (§6.1, §6.3, SC-END, SC-TRANS) (eras.py) --------------------
    _end_era = eras._end_era
    legacy_sites = eras.legacy_sites
    _choose_legacy = eras._choose_legacy
    _transition = eras._transition
    _pioneer_place = eras._pioneer_place
    _finish_setup = eras._finish_setup

    # ----- scoring (§6.2, §6.5, SC-SCORE, SC-VAR-4) (scoring.py) --------------------
    scores = scoring.scores
    winners = scoring.winners
    evaluate = staticmethod(evaluation.evaluate)      # the computer players' value of a position
    _rank_key = scoring._rank_key
    _earn = staticmethod(scoring._earn)
    score_breakdown = scoring.score_breakdown
    _bases_on_board = staticmethod(scoring._bases_on_board)
    _final_scoring = scoring._final_scoring
    _early_finish = scoring._early_finish

    # ----- legal moves, suggestions and defaults (§9.3-9.4) (suggestions.py) --------------------
    _may_pass = suggestions._may_pass
    _has_action = suggestions._has_action
    _actions = suggestions._actions
    _other_hqs = staticmethod(suggestions._other_hqs)
    _transports = suggestions._transports
    legal_moves = suggestions.legal_moves
    suggested_moves = suggestions.suggested_moves
    _answers = suggestions._answers
    _action_candidates = suggestions._action_candidates
    _raw_candidates = suggestions._raw_candidates
    _shield_needed = suggestions._shield_needed
    _build_spots = suggestions._build_spots
    _colonize_candidates = suggestions._colonize_candidates
    _fund = suggestions._fund
    random_move = suggestions.random_move
    default_move = suggestions.default_move
    auto_move = suggestions.auto_move

    # ----- previews, prompts and texts (§9.4) (describe.py) --------------------
    waiting_reason = describe.waiting_reason
    decision_prompt = describe.decision_prompt
    waiting_hint = describe.waiting_hint
    describe_move = describe.describe_move
    _named_component = describe._named_component
    redact_move = describe.redact_move
    status_lines = describe.status_lines
    private_lines = describe.private_lines
    card_line = describe.card_line
    notation_help = describe.notation_help
    rules_summary = describe.rules_summary
    _card_msg = describe._card_msg
    _tile_text = describe._tile_text


GAME = SpaceCorpGame()
