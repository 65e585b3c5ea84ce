"""Pulsar 2849 on the rules-core contract: whose turn, the round flow (dice phase, action
phase, production, final scoring), legal moves, views.  The rules themselves are in the sibling
modules (setup, flying, economy, actions, transmitters).

DESIGN DECISIONS (where the spec leaves the engine a choice; each in one place)
* Two players: each player takes one action turn at the position of their frontmost rocket
  (spec A-TURN-2).
* A teleport reward names its destination in the move that earns it (``to=S05``); without one
  it is declined (TELEPORT-3 lets a player decline).  A transmitter take or payment that does not
  make the tile operational earns no teleport: its ``to=`` is refused, and never suggested.
* ``prod`` names the "1 cube -> VP" transmitters a player pays for this production (default:
  none, the safe default of PB-2); ``goals`` names ``<goal>:<bonuses>`` (0-2), when two
  gyrodyne goals are out the one that scores (``pick=G1a``), and what an end-game technology
  does (``AIII-8a``: its purchase; ``AIII-7b=G3a``: the goal it makes count; rules.pulsar.final_techs).
* A reward "a gyrodyne of either / any size" takes the size the move names (``choice=M``);
  without one, the first size still in supply (largest first for "any").
* When the last HQ side is sealed, one public event names every player's side, in seat order
  (P-SETUP-17); until then ``/hand`` shows a player their own board and sealed side only.
* Kept exploration tiles are public (H-1): status, the hand and the player panel list them, each
  described in words (rules.pulsar.describe), as are drawn tiles and revealed systems in the posts.
* A refused draft says which of D-DRAFT-3 / D-DRAFT-4 / D-MOVE-1 / D-MOVE-5 failed, with the values
  that can be taken.
* Two players (D-MOVE-1): a draft naming the track but not which of the player's two markers
  (``draft 2 I``) moves the one marker that can; when both can, it is refused with both picks
  and where each marker would land (rules version 3; older games keep marker 1, as they were
  played).  The stored move names the marker (``draft 2 I1``), so the log says which one moved.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Iterable, Mapping

from rules.base import Component, Game, GameType, IllegalMove, OptionSpec, PreferenceSpec, ScorePart, players_option
from rules.kit import HIDDEN, draw_hidden, revealed_between
from rules.messages import Join, Localized, Msg, from_json

from . import actions as act
from . import describe
from . import dice as dm
from . import economy as eco
from . import final_techs as ft
from . import flying
from . import moves as mv
from . import notation, phrases
from . import setup as su
from . import transmitters as tx
from .codes import code
from .data import tables
from .flight import flights, is_flight
from .flying import COLOURS
from .moves import Move, format_move
from .state import ACTIONS, DRAFT, GOALS, HQ_SIDE, OVER, PRODUCTION, START_GATE, GameState, clone_state


def P(key: str, /, **values: Any) -> Msg:
    return Msg(f"pulsar.{key}", **values)


#: What separates the parts of one notation word: a flight's path (``K24>U23``), an option's value.
_PART_SEPARATORS = re.compile(r"([>=:,])")


def _as_typed(value: str, canonical: str, text: str) -> str | None:
    """The word or part of a word (a location in a flight's path: D-P2) the player typed where the
    notation holds ``value``; None when the two do not line up word by word."""
    words, typed = canonical.split(" "), text.split(" ")
    if len(words) != len(typed):
        return None
    if value in words:                  # a whole word (the last of equal ones)
        return typed[len(words) - 1 - words[::-1].index(value)]
    for word, mine in zip(reversed(words), reversed(typed)):
        parts, my_parts = _PART_SEPARATORS.split(word), _PART_SEPARATORS.split(mine)
        if value in parts and len(parts) == len(my_parts):
            return my_parts[len(parts) - 1 - parts[::-1].index(value)]
    return None


#: The most steps a flight paid with one silver die takes (FLY-1): what a starting gate's
#: choice counts in reach (27g P-10).
REACH = 6


class PulsarGame(Game[GameState, Move]):
    name = "pulsar"
    title = "Pulsar 2849"
    min_players = 2
    max_players = 4
    game_type = GameType(hidden_information=True, chance=True, simultaneous=True)   # HQ sides, dice; HQ choice
    preferences = (PreferenceSpec("prod_buy", "pulsar.pref.prod_buy", ("ask", "always", "never"), "ask"),)
    options = (
        players_option(2, 4, 3),
        OptionSpec("cluster_side", "choice", "A", "pulsar.param.cluster_side", choices=("A", "B")),
        OptionSpec("first_game", "bool", False, "pulsar.param.first_game"),
        OptionSpec("balanced_start", "bool", False, "pulsar.param.balanced_start"),
        OptionSpec("rules_version", "int", 3, "pulsar.param.rules_version", min=1, max=3, lobby=False),
    )
    #: 2: a reward of a gyrodyne of a choice of sizes is asked (``gyro choose``), not picked.
    #: 3: with two players a draft naming only the track (``draft 2 I``) is refused when both of
    #: the player's markers on it could move (before: marker 1 moved); a ``to=`` on a transmitter
    #: take or payment that does not make the tile operational is refused (before: ignored).
    rules_version = 3

    # ----- setup and notation ----------------------------------------------------------------------
    def new_game(self, options: dict[str, Any], seed: int) -> GameState:
        return su.new_game(self.normalize_options(options), seed)

    def parse_move(self, state: GameState, seat: int, text: str) -> Move:
        if not 0 <= seat < state.player_count:
            raise IllegalMove("pulsar.err.no_seat", None, seat=seat + 1, count=state.player_count)
        canonical = self.canonical_prefix(text)
        try:
            move = mv.parse_move(seat, canonical)
        except IllegalMove as error:                 # echo the word as the player typed it
            value = error.msg.params.get("value")
            typed = _as_typed(value, canonical, text) if isinstance(value, str) else None
            if typed is not None and typed != value:
                raise IllegalMove(error.msg.key, error.rule, **{**error.msg.params, "value": typed}) from None
            raise
        if move.kind == mv.DRAFT and len(move.arg) == 1 and state.player_count == 2:
            return self._named_marker(state, seat, move)
        if move.kind == mv.TX_TAKE and not any(word.lower().startswith("icon=") for word in canonical.split()):
            return self._matching_icon(state, seat, move)
        return move

    @staticmethod
    def _matching_icon(state: GameState, seat: int, move: Move) -> Move:
        """``tx take TX-A05 s3`` without ``icon=`` (27g P-1): the first icon printed with the
        die's value (ACT-TX-TAKE: any one icon); icon 1 when none matches or the value is not
        known yet (apply's refusal then names the icons)."""
        info = tables().transmitters.get(move.arg)
        value = PulsarGame._nominal_value(state, seat, move.pay)
        if info is None or value is None or value not in info.dice:
            return move
        return replace(move, number=info.dice.index(value) + 1)

    @staticmethod
    def _nominal_value(state: GameState, seat: int, pay: "act.Payment | None") -> int | None:
        """The value a payment makes (A-PAY, A-MOD, A-BONUS-7), without checking or spending it."""
        if pay is None:
            return None
        player = state.players[seat]
        value = player.red if pay.red else pay.value
        if value is None:
            return None
        if pay.zero:
            value = 1
        if pay.mod:
            value += act.MOD_DELTA[pay.mod]
        if pay.flex:
            value += pay.flex[1]
        return value

    @staticmethod
    def _named_marker(state: GameState, seat: int, move: Move) -> Move:
        """``draft 2 I`` with two players (D-MOVE-1): the marker that can move; both can: refused,
        each pick with where its marker lands.  Rules version 1-2: marker 1, as those games were
        played.  A pick no marker can make keeps the bare letter, for apply's precise refusal."""
        if PulsarGame._version(state) < 3:
            return Move(seat, mv.DRAFT, arg=f"{move.arg}1", number=move.number)
        if state.phase != DRAFT or state.median is None or seat not in state.draft_queue[:1]:
            return move
        track = "initiative" if move.arg == "I" else "engineering"
        mine = su.own_markers(state, seat)
        able = [mine.index(marker) + 1 for die, name, marker, _overflow in su.legal_picks(state, seat)
                if die == move.number and name == track and marker in mine]
        if len(able) == 1:
            return Move(seat, mv.DRAFT, arg=f"{move.arg}{able[0]}", number=move.number)
        if not able:
            return move
        choices = []
        for index in able:
            named = f"{move.arg}{index}"
            where = PulsarGame._draft_descriptions(state, seat, move.number, named)
            choices.append(P("example.draft_which", value=move.number, marker=P(f"track_letter.{move.arg}", n=index),
                             where=where[0]))
        raise IllegalMove("pulsar.err.draft_which_marker", "D-MOVE-1", value=describe.numeral(move.number),
                          track=P(f"track_on.{track}"), choices=Join(choices, "or"))

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def canonical_prefix(self, typed: str) -> str:
        """The rulebook's Hungarian words and codes (accents optional) -> the notation's
        (rules.pulsar.notation): verbs, sub-verbs, K/M tracks, sizes, e3/p dice, N/U/K
        locations, options."""
        return notation.to_canonical(typed)

    def word_aliases(self) -> Mapping[str, str]:
        """The folded Hungarian verbs and sub-verbs ``canonical_prefix`` understands, so that a
        word still being typed ("old") completes to its moves ("oldal" -> ``hqside``)."""
        return notation.word_aliases()

    def localize_move(self, text: str, language: str) -> str:
        return notation.to_hungarian(text) if language == "hu" else text

    def move_phrase(self, state: GameState, seat: int, text: str) -> Msg | None:
        return phrases.phrase(text, vp_now=self._vp_now(state, seat, text))

    def _vp_now(self, state: GameState, seat: int, text: str) -> int | None:
        """What patenting a technology that scores per station at once (AII-4a, EFF-VP-PER,
        PAT-5) would give ``seat`` now, when it is their turn of actions; None otherwise."""
        words = text.split()
        if (len(words) < 2 or words[0] != "patent" or words[1] not in tables().technologies
                or state.phase != ACTIONS or seat not in self.waiting_for(state)):
            return None
        per = [e for e in tables().technologies[words[1]].effects if e.name == "EFF-VP-PER" and e.args[0] == "station"]
        return sum(int(e.args[1]) for e in per) * eco.board_stations(state, seat) if per else None

    def full_phrase(self, state: GameState, seat: int, text: str) -> Msg | None:
        return phrases.phrase(text, full=True)

    def seat_label(self, state: GameState, seat: int) -> Msg:
        return P(f"colour.{COLOURS[seat]}")

    def title_msg(self) -> Msg:
        return P("title")

    # ----- whose turn ---------------------------------------------------------------------------------
    def waiting_reason(self, state: GameState) -> Msg | None:
        """While the HQ sides are chosen, everyone the game does not wait for has sealed theirs
        (P-SETUP-17): say that, not "not your turn"."""
        if state.phase == HQ_SIDE:
            return P("reason.hq_side_sealed",
                     waiting=Join([self.seat_label(state, s) for s in sorted(self.waiting_for(state))], "and"))
        return None

    def waiting_for(self, state: GameState) -> set[int]:
        if state.phase == HQ_SIDE:
            return state.hq_choice.waiting()
        if state.phase == START_GATE:
            return {state.gate_queue[0]}
        if state.phase == DRAFT:
            return {state.draft_queue[0]}
        if state.phase == ACTIONS:
            return {state.turn_queue[0]}
        if state.phase in (PRODUCTION, GOALS):
            return set(state.pending)
        return set()

    def decision_prompt(self, state: GameState) -> Msg | None:
        """A won gyrodyne whose size the player must choose (asked, not picked); the production's
        "1 cube for VP" (PR-4) and the goal bonuses (GOAL-1/2), which are not a turn of actions:
        what to decide and how to type it, with an example of the first player asked."""
        if state.phase == ACTIONS and state.owed_gyro:
            sizes = [s for s in state.owed_gyro[0].split("/")[0] if state.gyro_supply[s]]
            return P("prompt.gyro_choice", sizes=Join([describe.size_name(s) for s in sizes], "or"),
                     example=P(f"example.gyro_choose.{sizes[0] if sizes else 'M'}"))
        if state.phase == PRODUCTION and state.pending:
            tiles = self._buy_tiles(state, state.pending[0])
            return P("prompt.production", example=self._notation(f"prod {tiles[0]}" if tiles else "prod none"),
                     none=self._notation("prod none"))
        if state.phase == GOALS and state.pending:
            seat = state.pending[0]
            choices = self._goal_choices(state, seat)
            techs = sorted({item.partition("=")[0] for item in choices if ft.is_tech_item(item)})
            values = dict(example=self._notation(f"goals {choices[0]}" if choices else "goals none"),
                          none=self._notation("goals none"))
            return P("prompt.goals_tech", techs=Join(techs, "and"), **values) if techs else P("prompt.goals", **values)
        return None

    def waiting_hint(self, state: GameState) -> Msg | None:
        """What the thread's "waiting for" line adds (public, the same for every seat): the phase
        outside the action turns (P-SETUP-17, D-DRAFT, PR-4, GOAL-1), a won gyrodyne's size
        (EFF-GYRO), or the rest of a turn once a die, the bonus die or a free action is used
        (A-TURN, A-TURN-5); None where a turn of actions starts (two dice drafted, D-DRAFT)."""
        if state.phase == ACTIONS:
            if state.owed_gyro:
                return P("wait.gyro")
            if not state.turn_queue:
                return None
            player = state.players[state.turn_queue[0]]
            under_way = len(player.dice) < 2 or player.bonus_used or state.free_acted   # A-TURN-5: free actions too
            return P("wait.actions") if under_way else None
        if state.phase in (HQ_SIDE, START_GATE, DRAFT, PRODUCTION, GOALS):
            return P(f"step.{state.phase}")
        return None

    def public_choices(self, state: GameState) -> tuple[int, list[str]] | None:
        """The size of a won gyrodyne, as buttons (it reveals nothing)."""
        if state.phase == ACTIONS and state.owed_gyro and state.turn_queue:
            seat = state.turn_queue[0]
            texts = [self.format_move(m) for m in self.legal_moves(state, seat)]
            return (seat, texts) if 2 <= len(texts) <= 5 else None
        return None

    def is_over(self, state: GameState) -> bool:
        return state.phase == OVER

    def scores(self, state: GameState) -> list[int]:
        return [player.vp for player in state.players]

    def evaluate(self, state: GameState, seat: int) -> float:
        from .evaluation import evaluate
        return evaluate(state, seat)

    def score_breakdown(self, state: GameState) -> list[list[ScorePart]]:
        """Each player's VP by where they came from (``vp_src``, which sums to the VP): the
        categories with points, and the track penalties always (never hidden, PR-3)."""
        out = []
        for player in state.players:
            parts = [ScorePart(P(f"score.{source}"), player.vp_src.get(source, 0)) for source in SCORE_SOURCES
                     if player.vp_src.get(source, 0) or source == "penalties"]
            rest = player.vp - sum(part.points for part in parts)
            if rest:
                parts.append(ScorePart(P("score.other"), rest))
            out.append(parts)
        return out

    def components(self) -> tuple[Component, ...]:
        from .components import all_components
        return all_components()

    def component(self, ident: str) -> Component | None:
        from .components import by_id, canonical_location
        found = by_id().get(ident.strip().lower())
        return found or by_id().get(canonical_location(ident.strip()).lower())

    def describe_move(self, state: GameState, seat: int, text: str) -> Msg | None:
        """The autocomplete label's second half, where the phrase does not say it already: what a
        transmitter gives once paid, a gyrodyne's spin die and VP, where a draft pick moves the
        marker.  A patent, HQ project or transmitter take says what it gives in its phrase.
        Each in the fullest words that fit a label after the phrase in every language
        (:func:`phrases.fitted_description`), the essentials first; none when nothing fits."""
        candidates = self._descriptions(state, seat, text)
        return phrases.fitted_description(self.move_phrase(state, seat, text), candidates) if candidates else None

    def _descriptions(self, state: GameState, seat: int, text: str) -> list[Msg]:
        """The descriptions of ``text`` from the fullest to the briefest (see :meth:`describe_move`)."""
        from .components import die_of
        words = text.split()
        if not words:
            return []
        verb = words[0]
        if verb in ("hq", "patent") or verb == "tx" and words[1:2] == ["take"]:
            return []               # the phrase names the die, what it gives and a teleport forgone
        if verb == "tx" and len(words) > 2 and words[1] == "pay" and words[2] in tables().transmitters:
            info = tables().transmitters[words[2]]     # what it gives once paid in full (the icon is in the phrase)
            if self._teleport_declined(state, seat, text):     # TELEPORT-3: the rest, and that it forgoes the teleport
                rest = [e for e in info.on_activation if e.name != "EFF-TELEPORT"] + list(info.production)
                return [P("describe.no_teleport_gives", effects=gives) for gives in phrases.gives_ladder(rest)] \
                    + [P("describe.no_teleport")]
            own = next((t for t in state.players[seat].transmitters if t.tile == words[2]), None)
            icon = next((int(w[5:]) for w in words if w.startswith("icon=") and w[5:].isdigit()), 0)
            left = len(info.dice) - len(set(own.covered) | {icon}) if own is not None else 0
            if left > 0:                # a middle icon of TX-B05: the rest first (ACT-TX-PAY; 28b N-16)
                return [P("phrase.tx_later_short", gives=gives, left=left)
                        for gives in phrases.gives_ladder(info.on_activation + info.production)]
            return [P("comp.gist.plain", effects=gives) for gives in phrases.gives_ladder(info.on_activation + info.production)]
        if verb == "gyro" and len(words) > 2 and words[1] in ("take", "place", "choose"):
            size = words[2].upper()[:1]
            if size in tables().gyro_costs:       # its spin and what it then earns: the take is paid or free
                spin = die_of(tables().gyro_costs[size][1])
                return [P("describe.gyro", spin=spin, vp=eco.SIZE_VP[size]), P("describe.gyro_spin", spin=spin)]
            return []
        if verb == "draft" and len(words) == 3 and state.median is not None and words[1].isdigit():
            return self._draft_descriptions(state, seat, int(words[1]), words[2].upper())
        if verb in ("prod", "goals"):     # D-P8 (PR-4, GOAL-1): what the cubes buy, where it is decided
            return self._purchase_descriptions(verb, words[1:])
        if verb == "fly":                 # G-8: what the flight reaches (STATION-END, PULSAR-CLAIM, ...)
            return self._flight_descriptions(state, seat, text)
        if verb == "gate" and len(words) == 2 and state.phase == START_GATE:
            return self._gate_descriptions(state, words[1].upper())
        return []                   # ``draft 4`` (no marker moves): the phrase says it all

    @staticmethod
    def _gate_descriptions(state: GameState, gate: str) -> list[Msg]:
        """What is near a starting gate (P-SETUP-21, 27g P-10), which the gates differ in: the
        unexplored systems and unclaimed pulsars a flight paid with one die can reach from there
        (FLY-1: up to 6 steps)."""
        routes = tables().routes(flying.side_of(state))
        if not routes.get(gate):
            return []
        steps = {gate: 0}
        queue = [gate]
        for here in queue:                          # breadth first: each location's fewest steps
            for there in routes[here]:
                if there not in steps:
                    steps[there] = steps[here] + 1
                    queue.append(there)
        kinds = tables().locations
        reach = [loc for loc in queue if steps[loc] <= REACH]
        systems = sum(1 for loc in reach if kinds[loc].type == "S"
                      and not (loc in state.systems and state.systems[loc].revealed))
        pulsars = sum(1 for loc in reach if kinds[loc].type == "P" and routes[loc] and loc not in state.pulsars)
        return [P("describe.gate_near", steps=REACH, systems=systems, pulsars=pulsars)]

    @staticmethod
    def _teleport_declined(state: GameState, seat: int, text: str) -> bool:
        """Whether the move ``text`` activates a teleport now (a transmitter's last icon, a one-icon
        transmitter taken, a technology) without a ``to=``: it forgoes the teleport (TELEPORT-3)."""
        try:
            move = mv.parse_move(seat, text)
        except IllegalMove:
            return False
        if any(option.startswith("to=") for option in move.options):
            return False
        if move.kind == mv.PATENT and move.arg in tables().technologies:
            effects = tables().technologies[move.arg].effects
        elif move.kind in (mv.TX_TAKE, mv.TX_PAY) and move.arg in tables().transmitters:
            info = tables().transmitters[move.arg]
            own = next((t for t in state.players[seat].transmitters if t.tile == move.arg), None)
            covered = set() if move.kind == mv.TX_TAKE or own is None else set(own.covered)
            if own is not None and own.operational or len(covered | {move.number}) < len(info.dice):
                return False
            effects = info.on_activation
        else:
            return False
        return any(effect.name == "EFF-TELEPORT" for effect in effects)

    @staticmethod
    def _flight_descriptions(state: GameState, seat: int, text: str) -> list[Msg]:
        """What the flight ``text`` would give ``seat`` now (:func:`flying.outlook`), when it can
        be flown from where the ship is; nothing for another text."""
        try:
            move = mv.parse_move(seat, text)
        except IllegalMove:
            return []
        player = state.players[seat]
        if state.phase != ACTIONS or player.ship != move.path[0] or not is_flight(flying.side_of(state), move.path):
            return []
        run = next((o[4:] for o in move.options if o.startswith("run=")), None)
        project, _colon, colour = (run or "").partition(":")
        view = flying.outlook(state, seat, move.path, take="tile" if "take=tile" in move.options else "bonus",
                              claim="noclaim" not in move.options,
                              run=(project, colour) if project in tables().projects and colour else None)
        return phrases.flight_ladder(view)

    @staticmethod
    def _purchase_descriptions(verb: str, items: list[str]) -> list[Msg]:
        """``prod TX-A07 ...``: a cube each for the transmitters' production points (PR-4);
        ``goals G5a:2 ...``: the cubes the goal bonuses cost and the points they add (GOAL-1)."""
        cubes = vp = 0
        for item in items:
            if verb == "prod" and item in tables().transmitters:
                bought = [int(e.args[0]) for e in tables().transmitters[item].production if e.name == "PROD-BUY"]
                cubes, vp = cubes + len(bought), vp + sum(bought)
            elif verb == "goals" and item in tables().technologies:          # FS-1, PUR-BUY
                for effect in tables().technologies[item].effects:
                    if effect.name == "PUR-BUY":
                        cubes, vp = cubes + int(effect.args[0]), vp + int(effect.args[1])
            elif verb == "goals":
                goal, _colon, count = item.partition(":")
                if goal in tables().goals and count in ("1", "2"):
                    for cost, points in tables().goals[goal].bonus[:int(count)]:
                        cubes, vp = cubes + cost, vp + points
        return [P("describe.cubes_for_vp", cubes=cubes, vp=vp), P("describe.plus_vp", vp=vp)] if cubes else []

    @staticmethod
    def _draft_descriptions(state: GameState, seat: int, die: int, marker: str) -> list[Msg]:
        """Where a draft pick moves the marker (D-DRAFT-4, D-MOVE-1/6, D-MOVE-8): the distance and
        the space it reaches (numbered 1-15 from the left, as on the dice board image), with the
        penalty of the last two spaces (PR-3); then the space alone (the distance follows from it)."""
        assert state.median is not None
        spaces, direction = dm.distance(die, state.median)
        track = state.tracks["initiative" if marker.startswith("I") else "engineering"]
        own = f"{seat}:{marker[1:] or 1}"
        if not any(own in stack for stack in track):
            return []
        start = dm.position(track, own)
        end = min(max(start + spaces * direction, 0), len(track) - 1)              # D-MOVE-6 stops at the end
        penalty = {len(track) - 2: 1, len(track) - 1: 2}.get(end, 0)
        way = P("describe.right" if direction > 0 else "describe.left")
        if penalty:
            return [P("describe.draft_penalty", n=spaces, way=way, end=end + 1, penalty=-penalty),
                    P("describe.draft_penalty_short", end=end + 1, penalty=-penalty)]
        return [P("describe.draft", n=spaces, way=way, end=end + 1), P("describe.draft_short", end=end + 1)]

    def completion_order(self, state: GameState, seat: int) -> list[Move]:
        """The moves paying a die as it is before those spending a die modifier token or a
        technology's ability on it (newcomer N9: the first flight offered spent the ±1 token on
        a one-step flight); a stable sort, so ``legal_moves`` keeps its order otherwise."""
        return sorted(self.legal_moves(state, seat),
                      key=lambda move: bool(move.pay and (move.pay.mod or move.pay.flex or move.pay.zero)))

    def move_kind(self, text: str) -> str:
        """Autocomplete groups: the verb, and the sub-verb of gyro and tx (so one gyrodyne
        take, placement and spin each show beside the flights)."""
        words = text.lower().split()
        if len(words) > 1 and words[0] in ("gyro", "tx"):
            return f"{words[0]} {words[1]}"
        return words[0] if words else ""

    def winners(self, state: GameState) -> list[int]:
        return list(state.winners) if state.phase == OVER else []

    # ----- legal moves --------------------------------------------------------------------------------
    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        out = []
        for move in self._candidates(state, seat):
            if move.kind == mv.FLY:          # legal by construction: a flight of the paid length from the ship
                out.append(move)
                continue
            try:
                self.apply(state, move)
            except IllegalMove:
                continue
            out.append(move)
        return out

    def _candidates(self, state: GameState, seat: int) -> Iterable[Move]:
        if seat not in self.waiting_for(state):
            return
        if state.phase == HQ_SIDE:
            yield from (Move(seat, mv.HQSIDE, number=side) for side in (1, 2))
        elif state.phase == START_GATE:
            taken = {p.ship for p in state.players}
            yield from (Move(seat, mv.GATE, arg=gate) for gate in tables().starting_gates(flying.side_of(state))
                        if gate not in taken)
        elif state.phase == DRAFT:
            mine = su.own_markers(state, seat)
            for die, track, marker, _overflow in su.legal_picks(state, seat):
                code = "" if track is None else ("I" if track == "initiative" else "E") + (
                    str(mine.index(marker or "") + 1) if state.player_count == 2 else "")
                yield Move(seat, mv.DRAFT, arg=code, number=die)
        elif state.phase == ACTIONS and state.owed_gyro:
            yield from (Move(seat, mv.GYRO_CHOOSE, arg=size) for size in state.owed_gyro[0].split("/")[0]
                        if state.gyro_supply[size])
        elif state.phase == ACTIONS:
            yield from self._action_candidates(state, seat)
        elif state.phase == PRODUCTION:
            yield Move(seat, mv.PROD)
            for tile in self._buy_tiles(state, seat):
                yield Move(seat, mv.PROD, options=(tile,))
        elif state.phase == GOALS:
            yield Move(seat, mv.GOALS)
            for item in self._goal_choices(state, seat):
                yield Move(seat, mv.GOALS, options=(item,))

    def _payments(self, state: GameState, seat: int, action: str) -> dict[int, list[act.Payment]]:
        """Every way the player can pay a die for ``action`` now, by the value it makes: each
        silver die and the bonus die, alone, with one token, with one flex ability of the
        action, or with both (A-MOD-1..3, A-BONUS-7, ABL-ZERO)."""
        player = state.players[seat]
        bases: list[tuple[bool, int, int]] = [(False, value, value) for value in sorted(set(player.dice))]
        if player.red is not None:
            bases.append((True, 0, player.red))
        mods: list[tuple[str | None, int]] = [(None, 0)]
        if player.mods["pm1"] > 0:
            mods += [("+1", 1), ("-1", -1)]
        if player.mods["p2"] > 0:
            mods.append(("+2", 2))
        flexes: list[tuple[tuple[str, int] | None, int]] = [(None, 0)]
        for tech, effect in act.abilities(player, "ABL-FLEX"):
            if effect.args[0] == action:
                flexes += [((tech, delta), delta) for delta in range(-int(effect.args[1]), int(effect.args[2]) + 1) if delta]
        zero = any(action in effect.args for _tech, effect in act.abilities(player, "ABL-ZERO"))
        out: dict[int, list[act.Payment]] = {}
        for red, die, shown in bases:
            for use_zero in ((False, True) if zero and shown == 0 else (False,)):
                start = 1 if use_zero else shown
                for mod, delta in mods:
                    for flex, bend in flexes:
                        value = start + delta + bend
                        if value > 0:
                            out.setdefault(value, []).append(act.Payment(red, die, mod, flex, use_zero))
        return out

    def _action_candidates(self, state: GameState, seat: int) -> Iterable[Move]:
        """Each action with each payment that makes its printed value (flights: any value)."""
        player = state.players[seat]
        side = flying.side_of(state)
        if player.ship:
            for value, pays in sorted(self._payments(state, seat, "fly").items()):
                paths = list(flights(side, player.ship, value))
                for pay in pays:
                    for path in paths:
                        yield Move(seat, mv.FLY, path=path, pay=pay)
        for size in "SML":
            for pay in self._payments(state, seat, "gyro_take").get(eco.take_cost(size), []):
                yield Move(seat, mv.GYRO_TAKE, arg=size, pay=pay)
        spin = self._payments(state, seat, "gyro_spin")
        for pulsar in sorted(p for p, who in state.pulsars.items() if who == seat and p in state.gyros):
            for pay in spin.get(eco.spin_cost(state.gyros[pulsar].size), []):
                yield Move(seat, mv.GYRO_SPIN, arg=pulsar, pay=pay)
        tx_pays = self._payments(state, seat, "tx")
        for tile in state.offer:
            info = tables().transmitters[tile]
            for icon, cost in enumerate(info.dice, 1):
                for pay in tx_pays.get(cost, []):               # a teleport only where the take activates it
                    for to in self._destinations(state, info.on_activation) if len(info.dice) == 1 else [()]:
                        yield Move(seat, mv.TX_TAKE, arg=tile, number=icon, pay=pay, options=to)
        for own in player.transmitters:
            info = tables().transmitters[own.tile]
            for icon, cost in enumerate(info.dice, 1):
                if icon not in own.covered:
                    last = len(own.covered) + 1 == len(info.dice)      # this icon makes it operational
                    for pay in tx_pays.get(cost, []):
                        for to in self._destinations(state, info.on_activation) if last else [()]:
                            yield Move(seat, mv.TX_PAY, arg=own.tile, number=icon, pay=pay, options=to)
        patent_pays = self._payments(state, seat, "patent")
        for tech in act.available_technologies(state):
            info_t = tables().technologies[tech]
            for pay in patent_pays.get(info_t.cost, []):
                for to in self._destinations(state, info_t.effects):
                    for choice in self._choices(info_t.effects):
                        yield Move(seat, mv.PATENT, arg=tech, pay=pay, options=to + choice)
        hq_pays = self._payments(state, seat, "hq")
        for project in act.hq_available(state, seat):
            for pay in hq_pays.get(tables().projects[project].cost, []):
                for choice in self._choices(tables().projects[project].effects):
                    yield Move(seat, mv.HQ, arg=project, pay=pay, options=choice)
        buy = self._payments(state, seat, "buy_mod")
        for pay in buy.get(1, []) + buy.get(2, []):
            yield Move(seat, mv.BUY, arg="pm", pay=pay)
        for pay in buy.get(2, []):
            yield Move(seat, mv.BUY, arg="p2", pay=pay)
        for size in "SML":
            for pulsar in sorted(p for p, who in state.pulsars.items() if who == seat and p not in state.gyros):
                yield Move(seat, mv.GYRO_PLACE, arg=pulsar, options=(size,))
        for value in sorted(set(state.dice_board)):
            yield Move(seat, mv.COPY, number=value)
        yield Move(seat, mv.END)

    @staticmethod
    def _choices(effects: Iterable[Any]) -> list[tuple[str, ...]]:
        """The ``choice=`` a gyrodyne-choice reward among ``effects`` may take (none: the first
        size available)."""
        for effect in effects:
            if effect.name == "EFF-GYRO-CHOICE":
                return [()] + [(f"choice={size}",) for size in effect.args]
            if effect.name == "EFF-GYRO-ANY":
                return [()] + [(f"choice={size}",) for size in "SML"]
        return [()]

    def _destinations(self, state: GameState, effects: Iterable[Any]) -> list[tuple[str, ...]]:
        """``to=<location>`` for each place a teleport among ``effects`` may reach (TELEPORT-1/2),
        then no option (the teleport declined, TELEPORT-3) last: the suggestions offer the
        teleport first (27g P-11)."""
        out: list[tuple[str, ...]] = []
        routes = tables().routes(flying.side_of(state))
        for effect in effects:
            if effect.name == "EFF-TELEPORT":
                kind = effect.args[0]
                for loc, info in sorted(tables().locations.items()):
                    if info.type != "H" and routes[loc] and (kind == "any" or flying.P_KIND[kind] == info.type):
                        out.append((f"to={loc}",))
        return out + [()]

    def random_move(self, state: GameState, seat: int, rng: Any) -> Move | None:
        moves = self.legal_moves(state, seat)
        if not moves:
            return None
        useful = [m for m in moves if m.kind != mv.END]
        if useful and rng.random() < 0.9:
            kinds = sorted({m.kind for m in useful})
            kind = rng.choice(kinds)
            choice: Move = rng.choice([m for m in useful if m.kind == kind])
            return choice
        return moves[-1] if moves[-1].kind == mv.END else rng.choice(moves)

    # ----- apply ----------------------------------------------------------------------------------------
    def apply(self, state: GameState, move: Move) -> GameState:
        if state.phase == HQ_SIDE and move.seat in state.hq_choice.choices and 0 <= move.seat < state.player_count:
            raise IllegalMove("pulsar.err.hq_side_sealed", "P-SETUP-17",                 # sealed: no change
                              waiting=Join([self.seat_label(state, s) for s in sorted(self.waiting_for(state))], "and"))
        if move.seat not in self.waiting_for(state):
            raise IllegalMove("pulsar.err.not_your_turn", None,
                              waiting=Join([self.seat_label(state, s) for s in sorted(self.waiting_for(state))], "or")
                              if self.waiting_for(state) else P("nobody"))
        new = clone_state(state)
        new.events = []
        self._apply(new, move)
        return new

    #: The verbs each phase takes, named when a move of another phase is typed.
    PHASE_VERBS = {HQ_SIDE: ("hqside",), START_GATE: ("gate",), DRAFT: ("draft",),
                   ACTIONS: ("fly", "gyro", "tx", "patent", "hq", "buy", "copy", "end"),
                   PRODUCTION: ("prod",), GOALS: ("goals",)}

    def _expect(self, state: GameState, *phases: str) -> None:
        """A move of another phase: the refusal names the phase and the verbs it takes."""
        if state.phase not in phases:
            raise IllegalMove("pulsar.err.not_now", None, step=P(f"step.{state.phase}"), verbs=Join(
                [P(f"verb.{verb}") for verb in self.PHASE_VERBS.get(state.phase, ())], "or"))

    def _notation(self, text: str) -> Localized:
        """A move in the reader's notation, as a message value."""
        return Localized(en=text, hu=self.localize_move(text, "hu"))

    def _apply(self, state: GameState, move: Move) -> None:
        kind, seat = move.kind, move.seat
        player = state.players[seat]
        if kind == mv.HQSIDE:
            self._expect(state, HQ_SIDE)
            su.choose_hq_side(state, seat, move.number)
        elif kind == mv.GATE:
            self._expect(state, START_GATE)
            gates = tables().starting_gates(flying.side_of(state))
            if move.arg not in gates or any(p.ship == move.arg for p in state.players):
                raise IllegalMove("pulsar.err.gate", "P-SETUP-21", gate=describe.loc(move.arg))
            su.place_ship(state, seat, move.arg)
        elif kind == mv.DRAFT:
            self._expect(state, DRAFT)
            track = None if not move.arg else ("initiative" if move.arg[0] == "I" else "engineering")
            index = int(move.arg[1:]) - 1 if move.arg[1:] else 0
            marker = None if track is None else su.own_markers(state, seat)[index] if index < len(
                su.own_markers(state, seat)) else "?"
            start = dm.position(state.tracks[track], marker) if track and marker and marker != "?" else None
            try:
                su.draft(state, seat, move.number, track, marker)
            except ValueError:
                raise self._draft_refusal(state, seat, move.number, track, marker) from None
            if track and marker and start is not None and dm.position(state.tracks[track], marker) != start:   # where it went
                from .state import add_event
                end = dm.position(state.tracks[track], marker)
                values = dict(colour=P(f"colour.{COLOURS[seat]}"), track=P(f"track_on.{track}"), start=start + 1,
                              end=end + 1)
                if state.player_count == 2:
                    add_event(state, "drafted_marker", marker=marker.split(":")[1], **values)
                else:
                    add_event(state, "drafted", **values)
            if state.phase == ACTIONS:
                self._start_actions(state)
        elif kind == mv.PROD:
            self._expect(state, PRODUCTION)
            if not set(move.options) <= set(self._buy_tiles(state, seat)):
                raise IllegalMove("pulsar.err.prod", "PR-4")
            state.decisions[str(seat)] = list(move.options)
            state.pending.remove(seat)
            if not state.pending:
                self._finish_production(state)
        elif kind == mv.GOALS:
            self._expect(state, GOALS)
            self._check_goals(state, seat, move.options)
            state.decisions[str(seat)] = list(move.options)
            state.pending.remove(seat)
            if not state.pending:
                self._final_scoring(state)
        else:
            self._expect(state, ACTIONS)
            self._action(state, player.seat, move)

    def _action(self, state: GameState, seat: int, move: Move) -> None:
        kind = move.kind
        player = state.players[seat]
        if kind == mv.GYRO_CHOOSE or state.owed_gyro:
            if kind != mv.GYRO_CHOOSE:
                raise IllegalMove("pulsar.err.gyro_owed", "EFF-GYRO", sizes=Join(
                    [describe.size_name(s) for s in state.owed_gyro[0].split("/")[0] if state.gyro_supply[s]], "or"))
            flying.choose_gyro(state, seat, move.arg)
            return
        if player.red_now and kind not in (mv.GYRO_PLACE, mv.TX_LINK):   # A-BONUS-6: free actions aside,
            player.red_now = False                                          # the next action uses it or loses it
            if move.pay is None or not move.pay.red:
                player.red = None
        if kind == mv.END:
            state.dice_spent += len(player.dice)
            player.dice = []
            player.red = None                                              # A-TURN-4
            state.free_acted = False
            state.turn_queue.pop(0)
            if not state.turn_queue:
                self._production(state)
            return
        if kind == mv.GYRO_PLACE:
            eco.gyro_place(state, seat, move.options[0], move.arg)
            state.free_acted = True                                        # A-TURN-5: a free action
            return
        if kind == mv.TX_LINK:
            (tile, point), (other, other_point) = (part.rsplit(".", 1) for part in move.options)
            tx.link(state, seat, tile, int(point), other, int(other_point))
            state.free_acted = True
            return
        if kind == mv.COPY:
            act.copy_leftover(state, seat, move.number)
            return
        assert move.pay is not None
        state.reward_choice = next((o[7:] for o in move.options if o.startswith("choice=")), None)
        try:
            self._paid_action(state, seat, move)
        finally:
            state.reward_choice = None

    def _paid_action(self, state: GameState, seat: int, move: Move) -> None:
        kind = move.kind
        assert move.pay is not None
        if kind == mv.PATENT:
            act.check_patent(state, seat, move.arg)
        action = {mv.FLY: "fly", mv.GYRO_TAKE: "gyro_take", mv.GYRO_SPIN: "gyro_spin", mv.TX_TAKE: "tx",
                  mv.TX_PAY: "tx", mv.PATENT: "patent", mv.HQ: "hq", mv.BUY: "buy_mod"}[kind]
        value = act.pay(state, seat, move.pay, action)
        if kind == mv.FLY:
            if value != len(move.path) - 1:
                raise IllegalMove("pulsar.err.fly_length", "FLY-1", value=value, steps=len(move.path) - 1)
            run = next((o[4:] for o in move.options if o.startswith("run=")), None)
            flying.fly(state, seat, move.path, take="tile" if "take=tile" in move.options else "bonus",
                       claim="noclaim" not in move.options,
                       run=tuple(run.split(":", 1)) if run and ":" in run else None)     # type: ignore[arg-type]
        elif kind == mv.GYRO_TAKE:
            if value != eco.take_cost(move.arg):
                raise IllegalMove("pulsar.err.wrong_die", "ACT-GYRO-TAKE", need=eco.take_cost(move.arg), value=value)
            eco.gyro_take(state, seat, move.arg)
        elif kind == mv.GYRO_SPIN:
            gyro = state.gyros.get(move.arg)
            if gyro is None or state.pulsars.get(move.arg) != seat or gyro.spinning:
                raise IllegalMove("pulsar.err.gyro_spin", "ACT-GYRO-SPIN", pulsar=describe.loc(move.arg))
            if value != eco.spin_cost(gyro.size):                          # the real reason: the die
                raise IllegalMove("pulsar.err.spin_die", "ACT-GYRO-SPIN", need=eco.spin_cost(gyro.size), value=value,
                                  size=describe.size_name(gyro.size))
            eco.gyro_spin(state, seat, move.arg)
        elif kind == mv.TX_TAKE:
            link = next((o[5:] for o in move.options if o.startswith("link=")), None)
            linked = None
            if link:
                tile_point, _colon, new_point = link.partition(":")
                tile, _dot, point = tile_point.rpartition(".")
                linked = (tile, int(point), int(new_point or 1))
            if self._to(move) and self._version(state) >= 3 and move.arg in state.offer and \
                    len(tables().transmitters[move.arg].dice) > 1:
                raise IllegalMove("pulsar.err.teleport_not_yet", "TELEPORT-1", tile=code(move.arg))
            tx.take(state, seat, move.arg, move.number, value, linked, self._to(move))
        elif kind == mv.TX_PAY:
            own = next((t for t in state.players[seat].transmitters if t.tile == move.arg), None)
            if self._to(move) and self._version(state) >= 3 and own is not None and not own.operational and \
                    len(set(own.covered) | {move.number}) < len(tables().transmitters[move.arg].dice):
                raise IllegalMove("pulsar.err.teleport_not_yet", "TELEPORT-1", tile=code(move.arg))
            tx.pay_icon(state, seat, move.arg, move.number, value, self._to(move))
        elif kind == mv.PATENT:
            cost = tables().technologies[move.arg].cost
            if value != cost:
                raise IllegalMove("pulsar.err.wrong_die", "PAT-2", need=cost, value=value)
            act.patent(state, seat, move.arg, move.pay, value, self._to(move))
        elif kind == mv.HQ:
            act.complete_hq(state, seat, move.arg, value, move.pay.red)
        elif kind == mv.BUY:
            eco.buy_mod(state, seat, "pm1" if move.arg == "pm" else "p2", value)

    @staticmethod
    def _draft_refusal(state: GameState, seat: int, die: int, track: str | None, marker: str | None) -> IllegalMove:
        """Why a draft pick is not legal, precisely (D-DRAFT-3, D-MOVE-5/6): no die shows that
        value; the value moves a marker and none was named; it sits at the median and moves
        none; the marker is not the player's; or the marker would leave its track."""
        assert state.median is not None
        picks = su.legal_picks(state, seat)
        if die not in state.dice_board:
            return IllegalMove("pulsar.err.draft_no_die", "D-DRAFT-3", value=die,
                               dice=Join(sorted(set(state.dice_board)), "comma"))
        if marker == "?":
            return IllegalMove("pulsar.err.marker", "D-MOVE-1", value=P(f"track_letter.{(track or 'I')[0].upper()}", n=2))
        options = [p for p in picks if p[0] == die]
        if not options:
            names = {"initiative": "I", "engineering": "E"}
            return IllegalMove("pulsar.err.draft_off_track", "D-MOVE-5", value=die,
                               dice=Join(sorted({p[0] for p in picks}), "comma"),
                               track=P(f"track.{track}") if track else Join(
                                   [P(f"track.{name}") for name in names], "and"))
        if all(p[1] is None for p in options):
            return IllegalMove("pulsar.err.draft_median", "D-DRAFT-4", value=die, box=describe.numeral(die))
        if track is None:
            letter = "I" if options[0][1] == "initiative" else "E"
            example = P(f"example.draft_{letter}", value=die) if state.player_count != 2 else P(
                "example.draft_marker", value=die, marker=P(f"track_letter.{letter}",
                                                            n=su.own_markers(state, seat).index(options[0][2] or "") + 1))
            return IllegalMove("pulsar.err.draft_no_marker", "D-MOVE-1", value=die, example=example)
        return IllegalMove("pulsar.err.draft_off_track", "D-MOVE-5", value=die,
                           dice=Join(sorted({p[0] for p in picks}), "comma"), track=P(f"track.{track}"))

    @staticmethod
    def _version(state: GameState) -> int:
        """The rules version the game was created with (1: before the option existed)."""
        return int(str(state.options.get("rules_version", 1)))

    @staticmethod
    def _to(move: Move) -> str | None:
        return next((option[3:] for option in move.options if option.startswith("to=")), None)

    # ----- the round ----------------------------------------------------------------------------------
    def _start_actions(self, state: GameState) -> None:
        seen: list[int] = []
        for seat in state.order:
            if seat not in seen:
                seen.append(seat)
        state.turn_queue = seen                                            # A-TURN-1/2

    def _buy_tiles(self, state: GameState, seat: int) -> list[str]:
        player = state.players[seat]
        return [t.tile for t in player.transmitters if t.operational
                and any(e.name == "PROD-BUY" for e in tables().transmitters[t.tile].production)]

    def _production(self, state: GameState) -> None:
        """PR-1..PR-3, then the parallel PR-4 decisions.  What the whole production gave each
        player is told once (:meth:`_tell_production`): here when it waits for PR-4 decisions
        (what PR-1..PR-3 did), else after PR-7."""
        before = self._holdings(state)
        eco.new_turn_order(state)
        eco.engineering_income(state)
        eco.track_penalties(state)
        state.decisions = {}
        state.pending = [seat for seat in range(state.player_count) if self._buy_tiles(state, seat)]
        if state.pending:
            self._tell_production(state, before)
            state.phase = PRODUCTION
        else:
            self._finish_production(state, before)

    @staticmethod
    def _holdings(state: GameState) -> list[tuple[int, dict[str, int]]]:
        """Each player's cubes and VP by source: what a production step is measured against."""
        return [(player.cubes, dict(player.vp_src)) for player in state.players]

    @staticmethod
    def _tell_production(state: GameState, before: list[tuple[int, dict[str, int]]], rest: bool = False) -> None:
        """The public news of a production (PR-1..PR-6): each player's cubes and VP gained or
        lost, the VP by source as the score breakdown names them, and the next round's turn
        order (PR-1), so the thread says why the scores moved between two rolls.  ``rest``:
        only what PR-4..PR-6 added after the PR-4 decisions (the rest was told before them)."""
        from .state import add_event

        def signed(n: int) -> str:
            return f"{n:+d}".replace("-", "−")

        for seat in list(dict.fromkeys(state.order)):
            player, (cubes, sources) = state.players[seat], before[seat]
            colour = P(f"colour.{COLOURS[seat]}")
            items: list[Msg] = []
            if player.cubes != cubes:
                gained = player.cubes - cubes
                items.append(P("event.produced_cube" if abs(gained) == 1 else "event.produced_cubes", n=signed(gained)))
            moved = {name: vp - sources.get(name, 0) for name, vp in player.vp_src.items() if vp != sources.get(name, 0)}
            if moved:
                items.append(P("event.produced_vp", n=signed(sum(moved.values())), sources=Join(
                    [P("event.produced_source", source=P(f"score.{name}"), n=signed(vp)) for name, vp in moved.items()],
                    "comma")))
            if items:
                add_event(state, "produced", round=state.round, colour=colour, items=Join(items, "and"))
            elif not rest:
                add_event(state, "produced_nothing", round=state.round, colour=colour)
        if state.round < 8 and not rest:
            add_event(state, "new_order", order=Join([P(f"colour.{COLOURS[seat]}") for seat in state.order], "comma"))

    def _finish_production(self, state: GameState, before: list[tuple[int, dict[str, int]]] | None = None) -> None:
        """PR-4..PR-7, then the next round or the final scoring."""
        told = before is None            # PR-1..PR-3 were told when the PR-4 decisions were asked
        before = before or self._holdings(state)
        order = list(dict.fromkeys(state.order))
        for seat in order:
            tx.production(state, seat, set(state.decisions.get(str(seat), [])))
        eco.gyro_production(state, tables().time_row_bonus[state.round])
        for seat in order:
            self._green(state, seat)
        self._tell_production(state, before, rest=told)
        if state.round == 8:
            state.decisions = {}
            state.pending = [seat for seat in range(state.player_count) if self._goal_choices(state, seat)]
            if state.pending:
                state.phase = GOALS
            else:
                self._final_scoring(state)
            return
        assert state.streams is not None
        state.offer = draw_hidden(state.streams, state.transmitters, 3)   # PR-7: a new top shows
        act.pat_round_end(state)
        state.round += 1
        for player in state.players:
            player.bonus_used = False
            player.red = None
        state.median = None
        su.start_dice_phase(state)

    def _green(self, state: GameState, seat: int) -> None:
        """PR-6: green technologies."""
        player = state.players[seat]
        for tech in player.patents:
            for effect in tables().technologies[tech].effects:
                if effect.name == "GRN-FLAT":
                    player.score(int(effect.args[0]), "green")
                elif effect.name == "GRN-CUBES":
                    player.cubes += int(effect.args[0])
                elif effect.name == "GRN-PER":
                    player.score(int(effect.args[1]) * self._count(state, seat, effect.args[0]), "green")

    def _count(self, state: GameState, seat: int, what: str) -> int:
        player = state.players[seat]
        mine = [p for p, who in state.pulsars.items() if who == seat]
        spinning = [state.gyros[p] for p in mine if p in state.gyros and state.gyros[p].spinning]
        return {"spinning_gyro": len(spinning), "operational_tx": sum(t.operational for t in player.transmitters),
                "owned_pulsar": len(mine), "two_stations": eco.board_stations(state, seat) // 2,
                "construction_award": len(player.awards), "patent": len(player.patents),
                "hq_project": len(player.hq_done), "gyro_size": len({g.size for g in spinning})}.get(what, 0)

    def _fulfilled(self, state: GameState, seat: int) -> list[str]:
        return ft.fulfilled(state, seat)

    def _goal_choices(self, state: GameState, seat: int) -> list[str]:
        """What a player may decide at the end (GOAL-1/2, GOAL-6, FS-1): bonuses of the goals that
        count for him he can pay for, which gyrodyne goal scores when two count, and what his
        end-game technologies offer (a purchase, the goal one of them makes count)."""
        fulfilled = self._fulfilled(state, seat)
        counted = [*fulfilled, *ft.claims(state, seat, fulfilled, ()).values()]
        cubes = state.players[seat].cubes
        choices = [f"{goal}:{n}" for goal in counted for n in (1, 2) if cubes >= (4, 5)[n - 1]]
        gyro = [goal for goal in counted if ft.is_gyro_goal(goal)]
        if len(gyro) == 2:
            choices += [f"pick={goal}" for goal in gyro]
        return choices + ft.choices(state, seat, fulfilled)

    def _check_goals(self, state: GameState, seat: int, items: tuple[str, ...]) -> None:
        fulfilled = self._fulfilled(state, seat)
        counted = [*fulfilled, *ft.claims(state, seat, fulfilled, items).values()]
        choices = Join([self._notation(f"goals {choice}") for choice in self._goal_choices(state, seat)]
                       or [self._notation("goals none")], "or")

        def refuse(key: str, rule: str, item: str, tech: str = "") -> IllegalMove:
            named = {"tech": code(tech)} if tech else {}
            return IllegalMove(key, rule, item=code(item), choices=choices, **named)
        cost = ft.check(state, seat, fulfilled, items, refuse)
        for item in items:
            goal, _sep, count = item.partition(":")
            if ft.is_tech_item(item):
                continue
            if item.startswith("pick="):
                if item[5:] not in counted:
                    raise IllegalMove("pulsar.err.goal", "GOAL-2", goal=code(item[5:]), choices=choices)
                continue
            if goal not in counted or count not in ("1", "2"):
                raise IllegalMove("pulsar.err.goal", "GOAL-1", goal=code(goal), choices=choices)
            cost += (4, 5)[int(count) - 1]
        if cost > state.players[seat].cubes:
            raise IllegalMove("pulsar.err.goal_cubes", "GOAL-1", need=cost, have=state.players[seat].cubes)

    def _final_scoring(self, state: GameState) -> None:
        """FS-1 purple technologies, FS-2 goals with the bonuses bought, FS-3..FS-8."""
        goals = tables().goals
        for player in state.players:
            seat = player.seat
            for tech in player.patents:
                for effect in tables().technologies[tech].effects:
                    if effect.name == "PUR-PER":
                        player.score(int(effect.args[1]) * self._count(state, seat, effect.args[0]), "purple")
            decided = state.decisions.get(str(seat), [])
            ft.pay(state, seat, decided)                                   # FS-1: PUR-BUY, before GOAL-1
            fulfilled = self._fulfilled(state, seat)
            counted = [*fulfilled, *ft.claims(state, seat, fulfilled, decided).values()]    # GOAL-6
            pick = next((item[5:] for item in decided if item.startswith("pick=")), None)
            for goal in ft.scoring(counted, pick):                          # GOAL-2: one gyrodyne goal
                player.score(goals[goal].base_vp + eco.purple(state, seat, "PUR-GOAL-BOOST"), "goals")
                bought = next((int(item.split(":")[1]) for item in decided if item.startswith(f"{goal}:")), 0)
                for cubes, vp in goals[goal].bonus[:bought]:                # GOAL-1, GOAL-5: before FS-5
                    if player.cubes >= cubes:
                        player.cubes -= cubes
                        player.score(vp, "goals")
        eco.final_scoring_fixed(state)
        state.winners = eco.winners(state)
        state.phase = OVER

    def _goal_count(self, state: GameState, seat: int, metric: str) -> int:
        return ft.goal_count(state, seat, metric)

    # ----- views and storage -----------------------------------------------------------------------------
    def sample_state(self, view: GameState, seat: int, rng: Any) -> GameState:
        from .sampling import sample_state
        return sample_state(self, view, seat, rng)

    def view(self, state: GameState, seat: int | None) -> GameState:
        """H-2: face-down system tiles, the unseen tile, the exploration pile and the stack
        below the offer are hidden from everyone."""
        new = clone_state(state)
        for system in new.systems.values():
            if not system.revealed:
                system.tile = HIDDEN
        new.unseen_tile = HIDDEN
        new.exploration = state.exploration.view()
        # H-2 / A-27: the stack's top tile is visible, as on the table (show_next_transmitter)
        new.transmitters = state.transmitters[:1] + [HIDDEN] * max(0, len(state.transmitters) - 1)
        new.hq_choice = state.hq_choice.view(seat)
        new.streams = None
        return new

    def dump_state(self, state: GameState) -> dict[str, Any]:
        from .serialize import state_to_json
        return state_to_json(state)

    def load_state(self, data: dict[str, Any]) -> GameState:
        from .serialize import state_from_json
        return state_from_json(data)

    def auto_move(self, state: GameState, seat: int, prefs: Any) -> tuple[Move, Msg] | None:
        """The standing "1 cube for VP" order (PB-1: parallel decisions may be standing)."""
        if state.phase != PRODUCTION or seat not in state.pending:
            return None
        stored = prefs.get("prod_buy") if isinstance(prefs, dict) else None
        choice = stored.get("choice", "ask") if isinstance(stored, dict) else "ask"
        if choice == "ask":
            return None
        tiles = tuple(sorted(self._buy_tiles(state, seat))) if choice == "always" else ()
        reason = P("auto.prod_buy", colour=self.seat_label(state, seat), policy=P(f"pref.prod_buy.{choice}"))
        return Move(seat, mv.PROD, options=tiles), reason

    def redact_move(self, state: GameState, seat: int, move_text: str) -> str | Msg:
        """P-SETUP-17: an HQ side stays secret until every player chose."""
        if move_text.startswith("hqside") and state.phase == HQ_SIDE:
            return P("redacted.hqside", colour=self.seat_label(state, seat))
        return move_text

    def reveals_information(self, before: GameState, move: Move, after: GameState) -> bool:
        """Whatever the kit recorded as taken out of hiding (H-2): tiles turned face up, drawn
        exploration tiles, the transmitter stack's new top, dice rolled, the sealed HQ sides
        opened; and the end of the game."""
        return revealed_between(before.streams, after.streams) or after.phase == OVER

    def events(self, before: GameState, move: Move, after: GameState) -> list[Msg]:
        return [from_json(event) for event in after.events]

    def notation_help(self) -> Msg:
        return P("help.notation")

    def rules_summary(self) -> Msg:
        return P("help.summary")

    def default_move(self, state: GameState, seat: int) -> Move | None:
        """PB-2: a turn ends, production and goal decisions spend nothing."""
        if state.phase == ACTIONS and state.owed_gyro:                     # the largest size left
            return next(iter(self.legal_moves(state, seat)), None)
        if state.phase == ACTIONS:
            return Move(seat, mv.END)
        if state.phase == PRODUCTION:
            return Move(seat, mv.PROD)
        if state.phase == GOALS:
            return Move(seat, mv.GOALS)
        return next(iter(self.legal_moves(state, seat)), None)

    def invariants(self, state: GameState) -> list[str]:
        problems = []
        for player in state.players:
            if player.cubes < 0 or player.vp < 0 or min(player.mods.values()) < 0 or player.rings < 0:
                problems.append(f"negative resource of seat {player.seat}")
        for player in state.players:
            if player.vp != sum(player.vp_src.values()):
                problems.append(f"VP of seat {player.seat} differ from their sources")
            if player.markers + sum(1 for s in state.systems.values() for w in s.planets.values()
                                    if w == str(player.seat)) != 30:
                problems.append(f"station markers of seat {player.seat}")
            if player.rings + sum(1 for who in state.pulsars.values() if who == player.seat) != 6:
                problems.append(f"rings of seat {player.seat}")
        if state.phase in (DRAFT, ACTIONS):                                # dice conserved this round
            silver = tables().by_players[state.player_count].silver_dice
            if len(state.dice_board) + sum(len(p.dice) for p in state.players) + state.dice_spent != silver:
                problems.append("silver dice not conserved")
        for size in "SML":
            held = sum(p.gyro_reserve[size] for p in state.players) + sum(g.size == size for g in state.gyros.values())
            if held + state.gyro_supply[size] != 10:
                problems.append(f"gyrodynes {size}")
        return problems

    def status_lines(self, view: GameState) -> list[Msg]:
        """The round and step, each player's VP, cubes, dice, die modifier tokens and gyrodynes in
        reserve (A-MOD-1, ACT-GYRO-TAKE), the HQ boards with the sides
        once revealed, and the kept exploration tiles (all public, H-1)."""
        lines = [P("status.round", round=view.round, step=P(f"step.{view.phase}"))]
        for player in view.players:
            lines.append(P("status.player", colour=self.seat_label(view, player.seat), vp=player.vp, cubes=player.cubes,
                           dice=Join(list(player.dice), "comma") if player.dice else self._no_dice(view),
                           tokens=describe.tokens(player.mods),
                           gyros=describe.reserve(player.gyro_reserve)))
        if any(player.hq_board for player in view.players):
            lines.append(P("status.hq", boards=Join([P("status.hq_one", colour=self.seat_label(view, player.seat),
                                                       board=self._hq_text(player))
                                                     for player in view.players], "comma")))
        if view.offer:
            lines.append(P("status.offer", tiles=Join([named(tile) for tile in view.offer], "comma")))
        if view.goals:
            lines.append(P("status.goals", goals=Join([named(goal) for goal in view.goals], "comma")))
        for player in view.players:
            if player.kept_exploration:
                lines.append(P("status.kept", colour=self.seat_label(view, player.seat),
                               tiles=Join([describe.exploration_tile(t) for t in player.kept_exploration], "and")))
        return lines

    @staticmethod
    def _no_dice(view: GameState) -> Msg:
        """A player without dice (D-DRAFT): "none yet" until the draft hands them out, "none" once
        spent (27g P-6)."""
        return P("count.no_dice_yet" if view.phase in (HQ_SIDE, START_GATE, DRAFT) else "count.none")

    @staticmethod
    def _hq_text(player: Any) -> Msg:
        if player.hq_side is None:
            return P("hq.board_secret", board=player.hq_board)
        return P("hq.board_side", board=player.hq_board, side=player.hq_side)

    def private_lines(self, view: GameState, seat: int) -> list[Msg]:
        """The player's own HQ board and the side they sealed while others still choose
        (P-SETUP-17: only their own choice is in their view), their die modifier tokens and
        gyrodynes in reserve (A-MOD-1, ACT-GYRO-TAKE) and the exploration tiles they keep: public
        too (H-1), but the hand is what a player reads on a phone."""
        if not 0 <= seat < view.player_count:
            return []
        player = view.players[seat]
        lines: list[Msg] = []
        if player.hq_board:
            own: Any = view.hq_choice.choices.get(seat) if view.phase == HQ_SIDE else None   # HIDDEN for others
            if view.phase == HQ_SIDE and own is not None and own != HIDDEN:
                waiting = sorted(view.hq_choice.waiting())
                lines.append(P("private.hq_sealed", board=player.hq_board, side=own,
                               waiting=Join([self.seat_label(view, s) for s in waiting], "and")))
            elif view.phase == HQ_SIDE:
                lines.append(P("private.hq_choose", board=player.hq_board))
            elif player.hq_side is not None:
                lines.append(P("private.hq", board=player.hq_board, side=player.hq_side))
        lines.append(P("private.pieces", tokens=describe.tokens(player.mods), gyros=describe.reserve(player.gyro_reserve)))
        if player.patents:
            lines.append(P("private.patents", techs=Join([named(tech) for tech in player.patents], "comma")))
        if player.transmitters:
            lines.append(P("private.transmitters", tiles=Join([P(
                "private.transmitter", tile=named(own.tile), paid=len(own.covered),
                icons=len(tables().transmitters[own.tile].dice)) if not own.operational else P(
                "private.transmitter_on", tile=named(own.tile)) for own in player.transmitters], "comma")))
            if not all(own.operational for own in player.transmitters):
                lines.append(P("private.transmitters_unpaid"))      # 27g P-5: PR-4 counts operational ones only
        open_projects = act.hq_available(view, seat) if view.phase not in (HQ_SIDE, OVER) else []
        if open_projects:
            lines.append(P("private.projects", projects=Join([named(p) for p in open_projects], "comma")))
        if player.kept_exploration:
            lines.append(P("private.kept", tiles=Join([describe.exploration_tile(t) for t in player.kept_exploration],
                                                      "and")))
        return lines


def named(ident: str) -> Msg:
    """A component id with its gist: ``TX-A10 (dice 3+4 · 4 VP · production: 1 VP)``."""
    from .components import gist_of
    gist = gist_of(ident)
    return P("named", id=code(ident), gist=gist) if gist is not None else P("named_bare", id=code(ident))


#: vp_src categories in the order of the game: start, the rounds, production, the final scoring (FS-1..FS-7).
SCORE_SOURCES = ("start", "rewards", "gate_runs", "awards", "transmitters", "gyrodynes", "engineering", "green",
                 "penalties", "purple", "goals", "pulsars", "unfinished_gyrodynes", "cubes", "stations", "turn_order")
