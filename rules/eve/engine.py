"""EVE: Conquests rules (spec docs/rules/eve-conquests.md): setup, the preparation round, the
calendar, the three round types, combat, outposts, the political map and both end conditions.

Every check lives in one ``_check_<move>`` function that raises :class:`IllegalMove` with a
catalogue key and the rule ID; ``legal_moves`` filters candidates through the same checks, and
``apply`` runs the check, then changes a clone.

DESIGN DECISIONS (where the spec is silent or leaves the engine a choice; each in one place)
-------------------------------------------------------------------------------------------
* Code layout (issue 27 item 4): this class only wires the contract to the rules, one module per
  section of the spec: ``setup`` (§4-5, the preparation round), ``turn`` (whose turn, ``_check``
  and ``apply``), ``calendar`` (§6-7), ``rounds`` (§8-11, §13-14), ``cards`` (§15), ``combat``
  (§12), ``scoring`` (§16), ``suggestions`` (legal moves, defaults, autocomplete), ``guidance``
  (how far an empire is from an outpost during the preparation, for the suggestions' order and
  previews) and ``describe`` (prompts, previews, status); ``common`` holds the constants and board
  queries.  The rules are
  module-level functions taking the game and the state, bound here as methods
  (``_check_attack = combat._check_attack``), not mixins: they call one another through the game
  (``game._region(...)``, and ``apply``/``_check`` dispatch by name to ``_apply_<kind>`` and
  ``_check_<kind>``), which keeps each call site and the behaviour unchanged and lets mypy check
  every call without a protocol of the whole class.  A new rule goes in its module and gets one
  line here.
* A ``vp_target`` in a Trinity game is refused when the lobby opens (``normalize_options``,
  EVE-VAR-2): the target only means something for Vision, and a player who typed one most
  likely wanted Vision, so saying so beats ignoring it.  ``/eve status`` names the end
  condition (Trinity's years; Vision's target and year limit).
* Empires by seat: seat 0 Amarr, 1 Caldari, 2 Gallente, 3 Minmatar (EVE-SETUP-4 lets the
  engine assign them).
* Randomness uses the kit's labelled streams instead of one PRNG in a fixed order (spec
  EVE-BOT-5 asks for bit-exact replays, which the streams give, and a later rule change in one
  place does not reshuffle another): "start", "regions:<nebula>", "deck:<type>", "dice".
* Political reveals are one square per move (``reveal VIO-B``), so the player sees the first
  card before choosing the second (EVE-PREP-1, EVE-POL-4); a claim is followed by its reveals.
* The combat card step is skipped for a side holding no production card: hand sizes per
  deck are public (EVE-BOT-2), so skipping reveals nothing.
* Tactic actions are spent all at once and exactly (``tac`` names as many as were won); T2
  and T3 are always possible, so this never blocks.
* The steal choice is only asked when the loser holds two or more eligible cards; with one it
  is taken at once (EVE-CMB-13).
* The round ends only by ``end`` (with the schedule setting), even with no action left, so the
  player can still build outposts, claim and set the schedule (EVE-RND-4/5).
* Design cards (§18.7): playing a card is not an action, so it does not stop the round-start
  discard.  Rush Orders (END) may be played at any time of the round and count when the seal
  moves.  Cards that act at once and need a target name it in the move (``play DV01 R36``,
  ``play LG05 seal=caldari:P``, ``play LG18 R08 > R06:3``); Streamlined Supply and Long-range
  Planning ask their follow-up (``keep``, ``order``) before anything else.  Damage Control is
  decided after the roll, attacker first (``reroll 2 5`` numbers the player's dice in the order
  damage, shield, tactics, as the roll lists them).
* Labels (autocomplete choices, menu options) take one wording per decision (``labels``): the
  seat's legal moves of one kind (the cards played on one kind of target together) share the fullest phrase
  and description that fit every one of them in Discord's 100 characters, so a menu never
  shows "R11 The Forge" beside a bare "R08" (E2).  Fewer words come first, then regions by
  code (the map shows codes), then no description, and cards by code last (a card is chosen
  by its name).  The host passes one move at a time, so the siblings are the position's legal
  moves, worked out once per position and shared with autocomplete.
"""
from __future__ import annotations

from typing import Any

from rules.base import BadOptions, Component, Game, GameType, IllegalMove, OptionSpec, players_option
from rules.kit import HIDDEN, revealed_between
from rules.messages import Msg, from_json

from . import moves as mv
from . import reading
from .data import TYPES, tables
from .moves import Move, format_move
from .state import OVER, PREP_PHASES, GameState
from . import calendar, cards, combat, describe, evaluation, rounds, scoring, setup, suggestions, turn
from .common import (E, HUNGARIAN_VERBS, HUNGARIAN_WORDS, LENGTHS, TRINITY_YEARS, actions_for, agent_safe, clone_state,
                     connected_component, empire_msg, face_down_squares, face_up_squares, is_empty, is_enemy,
                     marker_region, months_for, outposts_of, owned, sync_public, tiles_of, units_on_map, vp)

#: The names other modules and the tests import from here (the rules now live in the sibling modules).
__all__ = ["EveGame", "HUNGARIAN_VERBS", "HUNGARIAN_WORDS", "actions_for", "clone_state", "connected_component",
           "face_down_squares", "face_up_squares", "is_empty", "is_enemy", "marker_region", "months_for", "owned",
           "sync_public", "vp"]


class EveGame(Game[GameState, Move]):
    name = "eve"
    title = "EVE: Conquests"
    min_players = 2
    max_players = 4
    game_type = GameType(hidden_information=True, chance=True, simultaneous=True)   # hands, dice; sealed dice
    options = (
        players_option(2, 4, 4),
        OptionSpec("end", "choice", "trinity", "eve.param.end", choices=("trinity", "vision")),
        OptionSpec("length", "choice", "normal", "eve.param.length", choices=LENGTHS),
        OptionSpec("vp_target", "int", 0, "eve.param.vp_target", min=0, max=200),
        OptionSpec("impending_doom", "bool", False, "eve.param.impending_doom"),
    )

    # ----- setup -----------------------------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The lobby refuses a VP target without Vision when it opens (see DESIGN DECISIONS)."""
        result = super().normalize_options(options)
        if result["vp_target"] and result["end"] != "vision":
            raise BadOptions("eve.err.target_without_vision", "EVE-VAR-2", target=result["vp_target"],
                             years=TRINITY_YEARS[str(result["length"])])
        return result

    # ----- notation --------------------------------------------------------------------------------------
    def format_move(self, move: Move) -> str:
        return format_move(move)

    def parse_move(self, state: GameState, seat: int, text: str) -> Move:
        if not 0 <= seat < state.player_count:
            raise IllegalMove("eve.err.no_seat", None, seat=seat + 1, count=state.player_count)
        return mv.parse_move(seat, self.canonical_prefix(text))

    def canonical_prefix(self, typed: str) -> str:
        return reading.canonical_prefix(typed)

    def word_aliases(self) -> dict[str, str]:
        """The folded Hungarian verbs and words ``canonical_prefix`` understands, so the host
        completes a word still being typed (``tám`` -> ``tamad`` -> ``attack``)."""
        return {**HUNGARIAN_WORDS, **HUNGARIAN_VERBS}

    def notation_help(self) -> Msg:
        return E("help.notation")

    def rules_summary(self) -> Msg:
        return E("help.summary")

    def title_msg(self) -> Msg:
        return E("title")

    def seat_label(self, state: GameState, seat: int) -> Msg:
        return empire_msg(state, seat)

    def is_over(self, state: GameState) -> bool:
        return state.phase == OVER

    # ----- views and storage ----------------------------------------------------------------------------------------
    def sample_state(self, view: GameState, seat: int, rng: Any) -> GameState:
        from .sampling import sample_state
        return sample_state(self, view, seat, rng)

    def view(self, state: GameState, seat: int | None) -> GameState:
        new = clone_state(state)
        new.hands = state.hands.view(seat)
        new.decks = {kind: deck.view() for kind, deck in state.decks.items()}
        for square in new.squares.values():
            shown = square.pile[:1] if square.face_up else []
            square.pile = shown + [HIDDEN] * (len(square.pile) - len(shown))
        if new.round is not None and new.round.seat != seat:
            new.round.pending_keep = [HIDDEN] * len(new.round.pending_keep)
            new.round.peek = [HIDDEN] * len(new.round.peek)
        if new.combat is not None and not new.combat.dice.complete():
            new.combat.dice = state.combat.dice.view(seat)          # type: ignore[union-attr]
        new.streams = None
        return new

    def hidden_in_view(self, state: GameState, viewer: int | None) -> list[str]:
        """What the view masks (the others' hands, the decks' order, the face-down squares'
        piles, the cards the round peeks at, the sealed dice), but the region cards: their codes
        name the map's regions, which everybody sees; that the squares mask them is checked by
        comparing views (tests/conformance/test_hidden.py)."""
        regions = tables().regions
        return [item for item in super().hidden_in_view(state, viewer) if item not in regions]

    def dump_state(self, state: GameState) -> dict[str, Any]:
        from .serialize import state_to_json
        return state_to_json(state)

    def load_state(self, data: dict[str, Any]) -> GameState:
        from .serialize import state_from_json
        return state_from_json(data)

    def events(self, before: GameState, move: Move, after: GameState) -> list[Msg]:
        return [from_json(event) for event in after.events]

    def reveals_information(self, before: GameState, move: Move, after: GameState) -> bool:
        """What the kit recorded as taken out of hiding: squares turned up, cards drawn, the
        sealed dice opened or asked about, dice rolled, a card's effect played."""
        return revealed_between(before.streams, after.streams)

    # ----- reading the table (issues 23/24) --------------------------------------------------------------------
    def move_phrase(self, state: GameState, seat: int, text: str) -> Msg | None:
        return describe.move_phrase(self, state, seat, text)

    def full_phrase(self, state: GameState, seat: int, text: str) -> Msg | None:
        return reading.full_phrase(seat, text)

    def localize_move(self, text: str, language: str) -> str:
        return reading.localize_move(text, language)

    def move_kind(self, text: str) -> str:
        """The verb; dice selections by their main colour, so all-tactics never hides all-damage."""
        words = text.split()
        if words and words[0] == mv.DICE and len(words) == 4:
            counts = [int(word[:-1]) if word[:-1].isdigit() else 0 for word in words[1:]]
            return f"dice-{'dst'[counts.index(max(counts))]}"
        return words[0].lower() if words else ""

    def components(self) -> tuple[Component, ...]:
        return reading.components()

    def invariants(self, state: GameState) -> list[str]:
        """T-9 and the conservation laws: units, tiles = outposts, seals, agents, cards."""
        problems = []
        tab = tables()
        for player in state.players:
            seat = player.seat
            if player.supply < 0 or player.supply + units_on_map(state, seat) != tab.constants["units_per_empire"]:
                problems.append(f"units of seat {seat}")
            for kind in TYPES:
                if tiles_of(player, kind) != outposts_of(state, seat, kind):
                    problems.append(f"tiles {kind} of seat {seat}")
                if player.schedule[kind] > 2 or min(player.storage[kind], player.schedule[kind]) < 0:
                    problems.append(f"schedule {kind} of seat {seat}")
            if state.phase not in PREP_PHASES:
                seals = sorted(seal.kind for month in state.calendar for seal in month if seal.seat == seat)
                if seals != sorted(TYPES):
                    problems.append(f"seals of seat {seat}: {seals}")
        for code, region in state.regions.items():
            for seat in region.agents:
                if not agent_safe(state, seat, code):
                    problems.append(f"agent of seat {seat} in {code}")
            if region.owner is None and (region.units or region.agents or region.outpost):
                problems.append(f"ownerless stack in {code}")
            if region.hq is not None and region.owner != region.hq:
                problems.append(f"HQ region {code} changed owner")
        for kind in TYPES:
            held = sum(tiles_of(p, kind) for p in state.players)
            if held + state.pool_tiles[kind] != tab.constants["tiles_per_type"]:
                problems.append(f"tile pool {kind}")
        cards = [c for hand in state.hands.cards for c in hand] + [c for d in state.decks.values() for c in d.pile + d.discards]
        cards += [c for p in state.players for c in p.tile_cards]
        if sorted(cards) != sorted(tab.cards) and HIDDEN not in cards:
            problems.append("design cards not conserved")
        region_cards = [c for sq in state.squares.values() for c in sq.pile] + [c for p in state.players for c in p.region_cards]
        if HIDDEN not in region_cards and sorted(region_cards) != sorted(state.regions):
            problems.append("region cards not conserved")
        return problems

    # ----- setup and the preparation round (§4-5, EVE-SETUP, EVE-PREP) (setup.py) --------------------
    new_game = setup.new_game
    _check_reveal = setup._check_reveal
    _check_hq = setup._check_hq
    _check_place = setup._check_place
    _check_outpost = setup._check_outpost
    _check_pass = setup._check_pass
    _next_prep_turn = setup._next_prep_turn
    _apply_reveal = setup._apply_reveal
    _reveal = setup._reveal
    _apply_hq = setup._apply_hq
    _apply_place = setup._apply_place
    _add_units = setup._add_units
    _advance_placement = setup._advance_placement
    _skip_stuck_placers = setup._skip_stuck_placers
    _apply_outpost = setup._apply_outpost
    _apply_pass = setup._apply_pass
    _next_outposter = setup._next_outposter

    # ----- whose turn, checking and applying a move (turn.py) --------------------
    waiting_for = turn.waiting_for
    _check = turn._check
    _allowed_kinds = turn._allowed_kinds
    _region = turn._region
    apply = turn.apply

    # ----- calendar, seals and the time wheel (§6-7, EVE-CAL) (calendar.py) --------------------
    _check_seal = calendar._check_seal
    _check_first = calendar._check_first
    _seal_month = calendar._seal_month
    _apply_seal = calendar._apply_seal
    _place_seal = calendar._place_seal
    _apply_first = calendar._apply_first
    _next_seal = calendar._next_seal
    _year_end = calendar._year_end
    _impending_doom = calendar._impending_doom
    _start_round = calendar._start_round

    # ----- the round types and their actions (§8-11, §13-14, EVE-RND, EVE-POL) (rounds.py) --------------------
    _check_discard = rounds._check_discard
    _need_action = rounds._need_action
    _check_expand = rounds._check_expand
    _expand_target = rounds._expand_target
    _check_agent = rounds._check_agent
    _agent_target = rounds._agent_target
    _check_build = rounds._check_build
    _check_draw = rounds._check_draw
    _check_source = rounds._check_source
    _check_move = rounds._check_move
    _move_parts = rounds._move_parts
    _check_claim = rounds._check_claim
    _check_end = rounds._check_end
    _check_untile = rounds._check_untile
    _apply_discard = rounds._apply_discard
    _apply_untile = rounds._apply_untile
    _apply_expand = rounds._apply_expand
    _apply_agent = rounds._apply_agent
    _apply_build = rounds._apply_build
    _apply_draw = rounds._apply_draw
    _apply_move = rounds._apply_move
    _move_units = rounds._move_units
    _apply_claim = rounds._apply_claim
    _apply_end = rounds._apply_end

    # ----- design cards (§15) (cards.py) --------------------
    _check_play = cards._check_play
    _check_seal_card = cards._check_seal_card
    _apply_play = cards._apply_play
    _check_keep = cards._check_keep
    _apply_keep = cards._apply_keep
    _check_order = cards._check_order
    _apply_order = cards._apply_order

    # ----- combat (§12, EVE-CMB) (combat.py) --------------------
    _check_attack = combat._check_attack
    _check_cards = combat._check_cards
    _check_dice = combat._check_dice
    _check_ask = combat._check_ask
    _reserve_sources = combat._reserve_sources
    _check_tac = combat._check_tac
    _invasion_max = combat._invasion_max
    _check_invade = combat._check_invade
    _steal_choices = combat._steal_choices
    _check_steal = combat._check_steal
    _tile_sources = combat._tile_sources
    _check_takefrom = combat._check_takefrom
    _apply_attack = combat._apply_attack
    _skip_card_steps = combat._skip_card_steps
    _played = combat._played
    _card_modifiers = combat._card_modifiers
    _fortification = combat._fortification
    _apply_cards = combat._apply_cards
    _apply_ask = combat._apply_ask
    _apply_dice = combat._apply_dice
    _roll = combat._roll
    _check_reroll = combat._check_reroll
    _apply_reroll = combat._apply_reroll
    _tactics = combat._tactics
    _apply_tac = combat._apply_tac
    _damage = combat._damage
    _winner_of = combat._winner_of
    _loser_of = combat._loser_of
    _consequences = combat._consequences
    _take_tile = combat._take_tile
    _steal = combat._steal
    _apply_takefrom = combat._apply_takefrom
    _apply_steal = combat._apply_steal
    _apply_invade = combat._apply_invade
    _finish_lost_region = combat._finish_lost_region
    _battle_outcome = combat._battle_outcome
    _agent_survival = combat._agent_survival

    # ----- end of game and scoring (§16, EVE-END) (scoring.py) --------------------
    scores = scoring.scores
    winners = scoring.winners
    evaluate = staticmethod(evaluation.evaluate)      # the computer players' value of a position
    _vision_reached = scoring._vision_reached
    _finish = scoring._finish
    score_breakdown = scoring.score_breakdown

    # ----- legal moves, suggestions and defaults (suggestions.py) --------------------
    legal_moves = suggestions.legal_moves
    search_moves = suggestions.search_moves
    _legal = suggestions._legal
    _candidates = suggestions._candidates
    _outpost_candidates = suggestions._outpost_candidates
    _round_candidates = suggestions._round_candidates
    _round_moves = suggestions._round_moves
    _play_candidates = suggestions._play_candidates
    _claim_candidates = suggestions._claim_candidates
    _combat_candidates = suggestions._combat_candidates
    random_move = suggestions.random_move
    complete = suggestions.complete
    public_choices = suggestions.public_choices
    default_move = suggestions.default_move

    # ----- prompts, previews and status texts (describe.py) --------------------
    _names = describe._names
    _step_name = describe._step_name
    decision_prompt = describe.decision_prompt
    waiting_hint = describe.waiting_hint
    notices = describe.notices
    redact_move = describe.redact_move
    describe_move = describe.describe_move
    status_lines = describe.status_lines
    _end_condition = describe._end_condition
    private_lines = describe.private_lines
