"""EVE: Conquests rules (spec docs/rules/eve-conquests.md): setup, the preparation round, the
calendar, the three round types, combat, outposts, the political map and both end conditions.

Every check lives in one ``_check_<move>`` function that raises :class:`IllegalMove` with a
catalogue key and the rule ID; ``legal_moves`` filters candidates through the same checks, and
``apply`` runs the check, then changes a clone.

DESIGN DECISIONS (where the spec is silent or leaves the engine a choice; each in one place)
-------------------------------------------------------------------------------------------
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
"""
from __future__ import annotations

import copy
from collections import deque
from dataclasses import replace
from itertools import combinations, permutations
from typing import Any, Iterable, Iterator

from rules.base import BadOptions, Component, Game, IllegalMove, Notice, OptionSpec, ScorePart, players_option
from rules.kit import HIDDEN, Deck, Hands, Sealed, Streams, revealed_between
from rules.messages import Join, Msg, fold_word, from_json, to_json

from . import moves as mv
from . import reading
from .data import EMPIRES, NEBULAE, RINGS, TYPES, tables
from .moves import Move, format_move
from .state import (CARDS_ATT, CARDS_DEF, COMBAT, DICE, FIRST, INVADE, OVER, PREP_HQ, PREP_OUTPOST, PREP_PHASES,
                    PREP_PLACE, PREP_REVEAL, PREP_SEAL, REROLL, ROUND, STEAL, TACTICS, TAKEFROM, Combat, Empire, GameState,
                    PoliticalSquare, RegionState, RoundState, Seal)

MONTHS_LIMIT = (1, 11)           # EVE-CAL-4 guard: a seal always moves 1..11 months
LENGTHS = ("normal", "long", "heroic")
TRINITY_YEARS = {"normal": 2, "long": 3, "heroic": 4}           # EVE-END-1
VISION_YEAR_LIMIT = {"normal": 4, "long": 6, "heroic": 8}       # EVE-END-4
VISION_TARGETS = {4: (15, 20, 25), 3: (20, 25, 30), 2: (10, 15, 20)}  # EVE-END-2

# Design cards whose effects are implemented (spec §18.7).  The others can be drawn and
# discarded for an action, but not played yet (issue 11 stays open for them).
EXTRA_ACTIONS = {"DEV-C": 2, "PRD-J": 2, "LOG-D": 1}      # OWN: more actions this round
REROLL_DICE = 2                                           # PRD-G: dice re-rolled per card
#: The actions of each round type (EVE-DEV, EVE-PRD, EVE-LOG).
ROUND_ACTIONS = {"D": {mv.EXPAND, mv.AGENT, mv.CLAIM}, "P": {mv.BUILD}, "L": {mv.DRAW, mv.MOVE, mv.ATTACK}}


def E(key: str, /, **values: Any) -> Msg:
    return Msg(f"eve.{key}", **values)


def region_label(code: str) -> str:
    """How a region is named in messages: its code and its (untranslated) EVE name."""
    return f"{code} {tables().regions[code].name}"


def type_msg(kind: str) -> Msg:
    return E(f"type.{kind}")


def type_adj(kind: str) -> Msg:
    """The round type as an adjective ("development outpost" / "fejlesztési előőrs")."""
    return E(f"type_adj.{kind}")


def empire_msg(state: GameState, seat: int) -> Msg:
    return E(f"empire.{state.players[seat].empire}")


def card_msg(card: str) -> Msg:
    return E("card_named", card=mv.card_value(card), name=E(f"card.{tables().cards[card].kind}"))


def listing(items: Iterable[Any], conj: str = "comma") -> Join | Msg:
    items = list(items)
    return Join(items, conj) if items else E("none")


def add_event(state: GameState, key: str, /, **values: Any) -> None:
    state.events.append(to_json(E(key, **values)))


# ----- reading the position -------------------------------------------------------------------------------
def neighbours(state: GameState, code: str) -> frozenset[str]:
    tab = tables()
    return tab.adjacent2[code] if state.player_count == 2 else tab.adjacent4[code]


def owned(state: GameState, seat: int) -> list[str]:
    return [code for code, region in state.regions.items() if region.owner == seat]


def is_empty(region: RegionState) -> bool:
    """EVE-DEF-4: no units, no agents, no HQ."""
    return region.owner is None and not region.agents and region.hq is None


def is_enemy(region: RegionState, seat: int) -> bool:
    return region.owner is not None and region.owner != seat


def connected_component(state: GameState, seat: int, start: str) -> set[str]:
    """EVE-DEF-6: regions linked to ``start`` through regions owned by ``seat`` or holding his agents."""
    def member(code: str) -> bool:
        region = state.regions[code]
        return region.owner == seat or seat in region.agents

    if not member(start):
        return set()
    seen = {start}
    queue = deque([start])
    while queue:
        code = queue.popleft()
        for other in neighbours(state, code):
            if other not in seen and member(other):
                seen.add(other)
                queue.append(other)
    return seen


def agent_safe(state: GameState, seat: int, code: str) -> bool:
    """EVE-DEF-9: an agent needs an adjacent region owned by its player (DEV-J: not while Deep Cover lies)."""
    return has_tile_card(state.players[seat], "DEV-J") or any(
        state.regions[n].owner == seat for n in neighbours(state, code))


def vp(state: GameState, seat: int) -> int:
    """EVE-DEF-10: the sum of the region cards in front of the player."""
    regions = tables().regions
    return sum(regions[code].vp for code in state.players[seat].region_cards)


def units_on_map(state: GameState, seat: int) -> int:
    return sum((region.units if region.owner == seat else 0) + region.agents.count(seat)
               for region in state.regions.values())


def outposts_of(state: GameState, seat: int, kind: str) -> int:
    return sum(1 for region in state.regions.values() if region.owner == seat and region.outpost == kind)


def tiles_of(player: Empire, kind: str) -> int:
    return player.storage[kind] + player.schedule[kind] + sum(1 for t in player.tile_cards.values() if t == kind)


def face_up_squares(state: GameState) -> list[str]:
    return [name for name, square in state.squares.items() if square.face_up and square.pile]


def face_down_squares(state: GameState) -> list[str]:
    return [name for name, square in state.squares.items() if not square.face_up and square.pile]


def marker_region(state: GameState, square: str) -> str | None:
    pile = state.squares[square]
    return pile.pile[0] if pile.face_up and pile.pile else None


def months_for(player: Empire, kind: str) -> int:
    months = tables().schedule[(kind, player.level(kind))][1]
    if kind == "L" and has_tile_card(player, "LOG-J"):
        months -= 1                                               # LOG-J Fast Couriers
    return max(1, months)


def has_tile_card(player: Empire, kind: str) -> bool:
    """A TILE card of ``kind`` lies in front of the player with its tile (EVE-CARD-5)."""
    cards = tables().cards
    return any(cards[card].kind == kind for card in player.tile_cards)


def actions_for(player: Empire, kind: str) -> int:
    return tables().schedule[(kind, player.level(kind))][0]


def hand_of_deck(state: GameState, seat: int, deck: str) -> list[str]:
    cards = tables().cards
    return [card for card in state.hands.cards[seat] if cards[card].deck == deck]


def sync_public(state: GameState) -> None:
    """Refresh the public per-deck hand sizes (EVE-BOT-2) from the hands."""
    cards = tables().cards
    for seat, hand in enumerate(state.hands.cards):
        sizes = {kind: 0 for kind in TYPES}
        for card in hand:
            sizes[cards[card].deck] += 1
        state.hand_sizes[seat] = sizes


def clone_state(state: GameState) -> GameState:
    """A fast explicit deep copy (everything mutable is rebuilt; strings and ints are shared)."""
    new = copy.copy(state)
    new.players = [Empire(p.seat, p.empire, p.supply, dict(p.storage), dict(p.schedule), dict(p.tile_cards),
                          list(p.region_cards), p.hq, list(p.seals_placed)) for p in state.players]
    new.regions = {code: RegionState(r.owner, r.units, list(r.agents), r.outpost, r.hq)
                   for code, r in state.regions.items()}
    new.squares = {name: PoliticalSquare(list(sq.pile), sq.face_up) for name, sq in state.squares.items()}
    new.decks = {kind: Deck(d.label, list(d.pile), list(d.discards), d.reshuffles) for kind, d in state.decks.items()}
    new.hands = Hands([list(hand) for hand in state.hands.cards])
    new.hand_sizes = [dict(sizes) for sizes in state.hand_sizes]
    new.options = dict(state.options)
    new.order = list(state.order)
    new.pool_outposts = dict(state.pool_outposts)
    new.pool_tiles = dict(state.pool_tiles)
    new.calendar = [[Seal(s.seat, s.kind) for s in month] for month in state.calendar]
    new.passed = list(state.passed)
    new.first_choices = list(state.first_choices)
    if state.round is not None:
        r = state.round
        new.round = replace(r, locked=list(r.locked), attack_sources=list(r.attack_sources),
                            agent_targets=list(r.agent_targets), bridges=list(r.bridges), built=dict(r.built),
                            pending_keep=list(r.pending_keep), peek=list(r.peek))
    if state.combat is not None:
        c = state.combat
        new.combat = replace(c, strength=dict(c.strength), cards={k: list(v) for k, v in c.cards.items()},
                             dice=Sealed(list(c.dice.expected), {k: list(v) for k, v in c.dice.choices.items()}),
                             rolls={k: [list(x) for x in v] for k, v in c.rolls.items()},
                             totals={k: list(v) for k, v in c.totals.items()}, reserves=list(c.reserves),
                             losses=dict(c.losses), lost=list(c.lost), rerolls_left=list(c.rerolls_left))
    new.events = list(state.events)
    new.winners = list(state.winners)
    new.streams = state.streams.copy() if state.streams is not None else None
    return new


# ----- the game --------------------------------------------------------------------------------------------
class EveGame(Game):
    name = "eve"
    title = "EVE: Conquests"
    min_players = 2
    max_players = 4
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

    def new_game(self, options: dict[str, Any], seed: int) -> GameState:
        options = self.normalize_options(options)
        count = int(options["players"])
        if options["end"] == "vision" and not options["vp_target"]:
            options["vp_target"] = VISION_TARGETS[count][LENGTHS.index(str(options["length"]))]
        tab = tables()
        streams = Streams(seed)
        start = streams.stream("start")
        first = start.randint(0, count - 1)                       # EVE-SETUP-8
        streams.keep("start", start)
        in_play = [code for code, region in tab.regions.items()
                   if count > 2 or region.ring in ("green", "blue")]  # EVE-2P-2
        per_square = tab.constants["cards_per_square_2p" if count == 2 else "cards_per_square"]
        squares: dict[str, PoliticalSquare] = {}
        for nebula in NEBULAE:                                     # EVE-SETUP-5
            deck = streams.shuffled(f"regions:{nebula}", sorted(c for c in in_play if tab.regions[c].nebula == nebula))
            for index, column in enumerate("ABC"):
                name = f"{nebula.upper()}-{column}"
                squares[name] = PoliticalSquare(deck[index * per_square:(index + 1) * per_square],
                                                tab.squares[name].revealed_at_setup)   # EVE-SETUP-6
        decks = {kind: Deck.shuffled(f"deck:{kind}", sorted(c for c, k in tab.cards.items() if k.deck == kind), streams)
                 for kind in TYPES}                                # EVE-SETUP-2
        state = GameState(
            players=[Empire(seat, EMPIRES[seat], supply=tab.constants["units_per_empire"]) for seat in range(count)],
            regions={code: RegionState() for code in in_play}, squares=squares, decks=decks,
            hands=Hands.empty(count), hand_sizes=[{kind: 0 for kind in TYPES} for _ in range(count)], options=options, order=[(first + i) % count for i in range(count)],
            pool_outposts={kind: tab.constants["outposts_per_type"] for kind in TYPES},
            pool_tiles={kind: tab.constants["tiles_per_type"] for kind in TYPES}, streams=streams)
        add_event(state, "event.setup", first=empire_msg(state, first))
        return state

    # ----- notation --------------------------------------------------------------------------------------
    def format_move(self, move: Move) -> str:
        return format_move(move)

    def parse_move(self, state: GameState, seat: int, text: str) -> Move:
        if not 0 <= seat < state.player_count:
            raise IllegalMove("eve.err.no_seat", None, seat=seat + 1, count=state.player_count)
        return mv.parse_move(seat, self.canonical_prefix(text))

    def canonical_prefix(self, typed: str) -> str:
        words = typed.split(" ")
        out = []
        for index, word in enumerate(words):
            folded = fold_word(word)
            if index == 0:
                out.append(HUNGARIAN_VERBS.get(folded, word))
            else:
                out.append(HUNGARIAN_WORDS.get(folded, word))
        return " ".join(out)

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

    # ----- whose turn --------------------------------------------------------------------------------------
    def waiting_for(self, state: GameState) -> set[int]:
        if state.phase == OVER:
            return set()
        if state.phase in PREP_PHASES:
            return {state.order[state.turn]}
        if state.phase == FIRST:
            return {state.calendar[state.month - 1][0].seat}
        if state.phase == ROUND:
            assert state.round is not None
            return {state.round.seat}
        combat = state.combat
        assert combat is not None
        if combat.step == CARDS_ATT:
            return {combat.attacker}
        if combat.step == CARDS_DEF:
            return {combat.defender}
        if combat.step == DICE:
            if combat.intel is None:
                return combat.dice.waiting()
            other = combat.defender if combat.intel == combat.attacker else combat.attacker
            return {other} if other in combat.dice.waiting() else {combat.intel}
        if combat.step == TACTICS:
            assert combat.tactic_seat is not None
            return {combat.tactic_seat}
        if combat.step == REROLL:
            return {combat.rerolls_left[0]}
        return {self._winner_of(combat)}

    def is_over(self, state: GameState) -> bool:
        return state.phase == OVER

    def scores(self, state: GameState) -> list[int]:
        return [vp(state, seat) for seat in range(state.player_count)]

    def winners(self, state: GameState) -> list[int]:
        return list(state.winners) if state.phase == OVER else []

    def evaluate(self, state: GameState, seat: int) -> float:
        from .evaluation import evaluate    # noqa: PLC0415 (evaluation reads the engine's helpers)
        return evaluate(state, seat)

    # ----- legal moves -----------------------------------------------------------------------------------------
    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        return [move for move in self._candidates(state, seat) if self._legal(state, move)]

    def _legal(self, state: GameState, move: Move) -> bool:
        try:
            self._check(state, move)
        except IllegalMove:
            return False
        return True

    def _candidates(self, state: GameState, seat: int) -> Iterator[Move]:
        if seat not in self.waiting_for(state):
            return
        regions = sorted(state.regions)
        phase = state.phase
        if phase == PREP_REVEAL or (phase == ROUND and state.round is not None and state.round.reveals_due):
            for square in face_down_squares(state):
                yield Move(seat, mv.REVEAL, arg=square)
            return
        if phase == PREP_HQ:
            for code in regions:
                yield Move(seat, mv.HQ, regions=(code,))
            return
        if phase == PREP_PLACE:
            for code in regions:
                yield Move(seat, mv.PLACE, regions=(code,))
            return
        if phase == PREP_OUTPOST:
            yield from self._outpost_candidates(state, seat)
            yield Move(seat, mv.PASS)
            return
        if phase == PREP_SEAL:
            player = state.players[seat]
            for kind in TYPES:
                for tiles in range(min(2, player.storage[kind]) + 1):
                    yield Move(seat, mv.SEAL, arg=kind, number=tiles)
            return
        if phase == FIRST:
            for kind in state.first_choices:
                yield Move(seat, mv.FIRST, arg=kind)
            return
        if phase == ROUND:
            yield from self._round_candidates(state, seat)
            return
        yield from self._combat_candidates(state, seat)

    def _outpost_candidates(self, state: GameState, seat: int) -> Iterator[Move]:
        for code in owned(state, seat):
            region = state.regions[code]
            if region.outpost is None and region.hq is None:
                for kind in TYPES:
                    yield Move(seat, mv.OUTPOST, regions=(code,), arg=kind)

    def _round_candidates(self, state: GameState, seat: int) -> Iterator[Move]:
        rnd = state.round
        assert rnd is not None
        player = state.players[seat]
        if not rnd.acted and not rnd.discarded:
            for card in hand_of_deck(state, seat, rnd.kind):
                yield Move(seat, mv.DISCARD, arg=card)
        mine = owned(state, seat)
        if rnd.kind == "D":
            near = {other for code in set(mine) | set(rnd.bridges) for other in neighbours(state, code)}
            for code in sorted(near):
                yield Move(seat, mv.EXPAND, regions=(code,))
                yield Move(seat, mv.AGENT, regions=(code,))
            yield from self._claim_candidates(state, seat)
        elif rnd.kind == "P":
            for code in mine:
                for count in range(1, min(rnd.actions, player.supply, 4) + 1):
                    yield Move(seat, mv.BUILD, regions=(code,), number=count)
        else:
            for kind in TYPES:
                yield Move(seat, mv.DRAW, arg=kind)
            yield from self._round_moves(state, seat)
            for code in mine:
                if code not in rnd.locked and state.regions[code].units >= 1:
                    for other in sorted(neighbours(state, code)):
                        yield Move(seat, mv.ATTACK, regions=(code, other))
        if rnd.pending_keep:
            for card in rnd.pending_keep:
                yield Move(seat, mv.KEEP, arg=card)
            return
        if rnd.peek:
            for order in permutations(rnd.peek):
                yield Move(seat, mv.ORDER, cards=order)
            return
        for card in state.hands.cards[seat]:
            yield from self._play_candidates(state, seat, card)
        for card in sorted(player.tile_cards):
            yield Move(seat, mv.UNTILE, arg=card)
        yield from self._outpost_candidates(state, seat)
        yield Move(seat, mv.END)
        kind = rnd.kind
        for tiles in range(min(2, player.schedule[kind] + player.storage[kind]) + 1):
            if tiles != player.schedule[kind]:
                yield Move(seat, mv.END, number=tiles)

    def _round_moves(self, state: GameState, seat: int) -> Iterator[Move]:
        """Moves of some units from one region to one connected own region (splits are legal too)."""
        rnd = state.round
        assert rnd is not None
        for code in owned(state, seat):
            region = state.regions[code]
            if code in rnd.locked or region.units < 1:
                continue
            spare = region.units - (0 if region.hq == seat else 1)
            for other in sorted(connected_component(state, seat, code)):
                if other != code and state.regions[other].owner == seat:
                    for count in range(1, spare + 1):
                        yield Move(seat, mv.MOVE, regions=(code, other), counts=(count,))

    def _play_candidates(self, state: GameState, seat: int, card: str) -> Iterator[Move]:
        """``play <card>`` with each argument the card could take now (checked by the caller)."""
        wants = mv.CARD_ARGS.get(tables().cards[card].kind)
        rnd = state.round
        assert rnd is not None
        if wants is None:
            yield Move(seat, mv.PLAY, arg=card)
        elif wants == "region":
            for code in sorted(state.regions):
                yield Move(seat, mv.PLAY, arg=card, regions=(code,))
        elif wants == "move":
            for step in self._round_moves(state, seat):
                yield Move(seat, mv.PLAY, arg=card, regions=step.regions, counts=step.counts)
        elif wants in ("square", "squares"):
            for square in state.squares:
                yield Move(seat, mv.PLAY, arg=card, params=(square,))
        elif wants == "seal":
            for other in range(state.player_count):
                for kind in TYPES:
                    yield Move(seat, mv.PLAY, arg=card, params=(f"{EMPIRES[other]}:{kind}",))
        elif wants == "type":
            for kind in TYPES:
                yield Move(seat, mv.PLAY, arg=card, params=(kind,))
        else:
            for pair in combinations(TYPES, 2):
                yield Move(seat, mv.PLAY, arg=card, params=pair)

    def _claim_candidates(self, state: GameState, seat: int) -> Iterator[Move]:
        up = face_up_squares(state)
        for i, first in enumerate(up):
            for second in up[i + 1:]:
                a, b = marker_region(state, first), marker_region(state, second)
                if a and b:
                    yield Move(seat, mv.CLAIM, regions=(a, b))

    def _combat_candidates(self, state: GameState, seat: int) -> Iterator[Move]:
        combat = state.combat
        assert combat is not None
        step = combat.step
        if step in (CARDS_ATT, CARDS_DEF):
            yield Move(seat, mv.CARDS)
            for card in hand_of_deck(state, seat, "P"):
                yield Move(seat, mv.CARDS, cards=(card,))
        elif step == DICE:
            if combat.intel == seat and combat.question is None and len(combat.dice.choices) == 1:
                for colour in "dst":
                    yield Move(seat, mv.ASK, arg=colour)
                return
            strength = combat.strength[seat]
            for d in range(min(5, strength) + 1):
                for s in range(min(5, strength - d) + 1):
                    for t in range(min(5, strength - d - s) + 1):
                        yield Move(seat, mv.DICE, counts=(d, s, t))
        elif step == REROLL:
            yield Move(seat, mv.REROLL)
            rolled = sum(len(r) for r in combat.rolls[seat])
            for size in (1, 2):
                for dice in combinations(range(1, rolled + 1), size):
                    yield Move(seat, mv.REROLL, counts=dice)
        elif step == TACTICS:
            n = combat.tactic_actions
            for t2 in range(n + 1):
                yield Move(seat, mv.TAC, counts=(t2, n - t2))
            for code in self._reserve_sources(state, seat):
                for t2 in range(n):
                    yield Move(seat, mv.TAC, regions=(code,), counts=(t2, n - 1 - t2))
        elif step == INVADE:
            for count in range(self._invasion_max(state) + 1):
                yield Move(seat, mv.INVADE, number=count)
        elif step == STEAL:
            for card in self._steal_choices(state):
                yield Move(seat, mv.STEAL, arg=card)
        elif step == TAKEFROM:
            for source in self._tile_sources(state):
                yield Move(seat, mv.TAKEFROM, arg=source)

    def random_move(self, state: GameState, seat: int, rng: Any) -> Move | None:
        """Playouts pick a kind of move first, then one of its moves, so attacks and claims
        happen as often as the many move splits; claims and outposts are preferred and a round
        is ended early only now and then."""
        if seat not in self.waiting_for(state):
            return None
        kinds = sorted(self._allowed_kinds(state))
        rng.shuffle(kinds)
        weight = {mv.CLAIM: 0, mv.OUTPOST: 1, mv.END: 9}
        kinds.sort(key=lambda kind: weight.get(kind, 2) + rng.random() * 4)
        marked = {marker_region(state, square) for square in face_up_squares(state)}
        for kind in kinds:
            moves = [move for move in self._candidates(state, seat) if move.kind == kind and self._legal(state, move)]
            if not moves:
                continue
            # head for the marked regions (the region cards) most of the time, as players do
            aimed = [move for move in moves if move.regions and move.regions[-1] in marked]
            if aimed and kind in (mv.OUTPOST, mv.EXPAND, mv.PLACE, mv.HQ, mv.MOVE) and rng.random() < 0.8:
                moves = aimed
            choice: Move = rng.choice(moves)
            return choice
        return None

    # ----- checks ------------------------------------------------------------------------------------------------
    def _check(self, state: GameState, move: Move) -> None:
        """Raise IllegalMove unless ``move`` can be made now (nothing is changed)."""
        if state.phase == OVER:
            raise IllegalMove("eve.err.game_over", "EVE-END-3")
        seat = move.seat
        if seat not in self.waiting_for(state):
            raise IllegalMove("eve.err.not_your_turn", "EVE-RND-1", waiting=self._names(state, self.waiting_for(state)))
        allowed = self._allowed_kinds(state)
        if move.kind not in allowed:
            rnd = state.round
            needed = next((kind for kind, verbs in ROUND_ACTIONS.items() if move.kind in verbs), None)
            if state.phase == ROUND and rnd is not None and needed is not None and needed != rnd.kind \
                    and not (rnd.reveals_due or rnd.pending_keep or rnd.peek):
                raise IllegalMove("eve.err.wrong_round", "EVE-RND-3", verb=mv.verb_msg(move.kind),
                                  needed=type_msg(needed), type=type_msg(rnd.kind),
                                  allowed=mv.verb_list(allowed, "or"))
            raise IllegalMove("eve.err.not_now", "EVE-RND-1", step=self._step_name(state),
                              allowed=mv.verb_list(allowed, "or"))
        getattr(self, f"_check_{move.kind}")(state, move)

    def _allowed_kinds(self, state: GameState) -> set[str]:
        phase = state.phase
        if phase == PREP_REVEAL:
            return {mv.REVEAL}
        if phase == PREP_HQ:
            return {mv.HQ}
        if phase == PREP_PLACE:
            return {mv.PLACE}
        if phase == PREP_OUTPOST:
            return {mv.OUTPOST, mv.PASS}
        if phase == PREP_SEAL:
            return {mv.SEAL}
        if phase == FIRST:
            return {mv.FIRST}
        if phase == ROUND:
            rnd = state.round
            assert rnd is not None
            if rnd.reveals_due:
                return {mv.REVEAL}
            if rnd.pending_keep:
                return {mv.KEEP}
            if rnd.peek:
                return {mv.ORDER}
            return {mv.DISCARD, mv.OUTPOST, mv.PLAY, mv.UNTILE, mv.END} | ROUND_ACTIONS[rnd.kind]
        combat = state.combat
        assert combat is not None
        return {CARDS_ATT: {mv.CARDS}, CARDS_DEF: {mv.CARDS},
                DICE: {mv.DICE, mv.ASK}, TACTICS: {mv.TAC}, INVADE: {mv.INVADE}, STEAL: {mv.STEAL},
                TAKEFROM: {mv.TAKEFROM}, REROLL: {mv.REROLL}}[combat.step]

    def _region(self, state: GameState, code: str) -> RegionState:
        region = state.regions.get(code)
        if region is None:
            raise IllegalMove("eve.err.region_not_in_play", "EVE-2P-2", region=region_label(code))
        return region

    def _check_reveal(self, state: GameState, move: Move) -> None:
        square = state.squares[move.arg or ""]
        if square.face_up or not square.pile:
            raise IllegalMove("eve.err.reveal_face_down", "EVE-POL-4" if state.phase == ROUND else "EVE-PREP-1",
                              square=mv.square_value(move.arg or ""),
                              allowed=listing(mv.square_value(x) for x in face_down_squares(state)))

    def _check_hq(self, state: GameState, move: Move) -> None:
        code = move.regions[0]
        region = self._region(state, code)
        rings = ("green", "blue") if state.player_count == 2 else ("green",)
        if tables().regions[code].ring not in rings:
            raise IllegalMove("eve.err.hq_ring", "EVE-2P-4" if state.player_count == 2 else "EVE-PREP-1",
                              region=region_label(code), rings=Join([E(f"ring.{r}") for r in rings], "or"))
        if region.hq is not None:
            raise IllegalMove("eve.err.hq_taken", "EVE-DEF-7", region=region_label(code))

    def _check_place(self, state: GameState, move: Move) -> None:
        seat, code = move.seat, move.regions[0]
        region = self._region(state, code)
        if state.players[seat].supply < 1:
            raise IllegalMove("eve.err.no_supply", "EVE-DEV-7")
        if region.owner == seat:
            return                                                  # (c) own region
        near = neighbours(state, code)
        if is_empty(region):
            if any(state.regions[n].owner == seat or seat in state.regions[n].agents for n in near):
                return                                              # (a)
            raise IllegalMove("eve.err.place_empty", "EVE-PREP-2", region=region_label(code))
        if any(state.regions[n].owner == seat for n in near):
            return                                                  # (b) an agent
        raise IllegalMove("eve.err.place_enemy", "EVE-PREP-2", region=region_label(code))

    def _check_outpost(self, state: GameState, move: Move) -> None:
        seat, code, kind = move.seat, move.regions[0], move.arg or ""
        region = self._region(state, code)
        if region.owner != seat:
            raise IllegalMove("eve.err.outpost_not_own", "EVE-OUT-1", region=region_label(code))
        if region.hq is not None:
            raise IllegalMove("eve.err.outpost_hq", "EVE-DEF-7", region=region_label(code))
        if region.outpost is not None:
            raise IllegalMove("eve.err.outpost_twice", "EVE-OUT-1", region=region_label(code))
        missing = [n for n in sorted(neighbours(state, code))
                   if state.regions[n].owner != seat and seat not in state.regions[n].agents]
        if missing and not (len(missing) == 1 and has_tile_card(state.players[seat], "DEV-K")):
            raise IllegalMove("eve.err.outpost_neighbours", "EVE-OUT-2", region=region_label(code),
                              missing=listing(region_label(n) for n in missing))
        if state.pool_outposts[kind] < 1 or state.pool_tiles[kind] < 1:
            raise IllegalMove("eve.err.outpost_pool", "EVE-OUT-3", type=type_adj(kind))

    def _check_pass(self, state: GameState, move: Move) -> None:
        return None

    def _check_seal(self, state: GameState, move: Move) -> None:
        player = state.players[move.seat]
        kind, tiles = move.arg or "", move.number or 0
        if kind in player.seals_placed:
            raise IllegalMove("eve.err.seal_twice", "EVE-PREP-4", type=type_msg(kind),
                              left=listing(type_msg(k) for k in TYPES if k not in player.seals_placed))
        if tiles > min(2, player.storage[kind]):
            raise IllegalMove("eve.err.seal_tiles", "EVE-PREP-4", type=type_msg(kind), tiles=tiles,
                              most=min(2, player.storage[kind]))

    def _check_first(self, state: GameState, move: Move) -> None:
        if move.arg not in state.first_choices:
            raise IllegalMove("eve.err.first_which", "EVE-CAL-5", type=type_msg(move.arg or "D"),
                              allowed=listing(type_msg(k) for k in state.first_choices))

    def _check_discard(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        card = move.arg or ""
        if rnd.discarded or rnd.acted:
            raise IllegalMove("eve.err.discard_start", "EVE-RND-2")
        if not state.hands.holds(move.seat, card):
            raise IllegalMove("eve.err.not_in_hand", "EVE-CARD-2", card=card_msg(card))
        if tables().cards[card].deck != rnd.kind:
            raise IllegalMove("eve.err.discard_deck", "EVE-RND-2", card=card_msg(card), type=type_msg(rnd.kind))

    def _need_action(self, state: GameState, cost: int = 1) -> RoundState:
        rnd = state.round
        assert rnd is not None
        if rnd.actions < cost:
            raise IllegalMove("eve.err.no_actions", "EVE-RND-3", left=rnd.actions, need=cost)
        return rnd

    def _check_expand(self, state: GameState, move: Move) -> None:
        self._need_action(state)
        self._expand_target(state, move.seat, move.regions[0])

    def _expand_target(self, state: GameState, seat: int, code: str) -> None:
        """EVE-DEV-3 (and Long-range Survey, DEV-I): where one Expand may go."""
        rnd = state.round
        assert rnd is not None
        region = self._region(state, code)
        if state.players[seat].supply < 1:
            raise IllegalMove("eve.err.no_supply", "EVE-DEV-7")
        if not is_empty(region):
            raise IllegalMove("eve.err.expand_empty", "EVE-DEV-3", region=region_label(code))
        near = neighbours(state, code)
        if any(state.regions[n].owner == seat or n in rnd.bridges for n in near):
            return
        if has_tile_card(state.players[seat], "DEV-I") and any(
                is_empty(state.regions[n]) and any(state.regions[m].owner == seat for m in neighbours(state, n))
                for n in near):
            return
        raise IllegalMove("eve.err.expand_adjacent", "EVE-DEV-3", region=region_label(code))

    def _check_agent(self, state: GameState, move: Move) -> None:
        rnd = self._need_action(state)
        self._agent_target(state, move.seat, move.regions[0])
        if move.regions[0] in rnd.agent_targets:
            raise IllegalMove("eve.err.agent_once", "EVE-DEV-6", region=region_label(move.regions[0]))

    def _agent_target(self, state: GameState, seat: int, code: str) -> None:
        """EVE-DEV-4: where one agent may go."""
        region = self._region(state, code)
        if state.players[seat].supply < 1:
            raise IllegalMove("eve.err.no_supply", "EVE-DEV-7")
        if not is_enemy(region, seat):
            raise IllegalMove("eve.err.agent_enemy", "EVE-DEV-4", region=region_label(code))
        if not any(state.regions[n].owner == seat for n in neighbours(state, code)):
            raise IllegalMove("eve.err.agent_adjacent", "EVE-DEV-4", region=region_label(code))

    def _check_build(self, state: GameState, move: Move) -> None:
        count = move.number or 1
        rnd = self._need_action(state, count)
        seat, code = move.seat, move.regions[0]
        region = self._region(state, code)
        if region.owner != seat or (region.outpost is None and region.hq != seat):
            raise IllegalMove("eve.err.build_where", "EVE-PRD-2", region=region_label(code))
        cap = tables().constants["build_cap"] + (1 if has_tile_card(state.players[seat], "PRD-H") else 0)
        done = rnd.built.get(code, 0)
        if done + count > cap:
            raise IllegalMove("eve.err.build_cap", "EVE-PRD-3", region=region_label(code), cap=cap, left=cap - done)
        if state.players[seat].supply < count:
            raise IllegalMove("eve.err.supply_short", "EVE-PRD-4", need=count, have=state.players[seat].supply)

    def _check_draw(self, state: GameState, move: Move) -> None:
        self._need_action(state)
        deck = state.decks[move.arg or ""]
        if not deck.pile and not deck.discards:
            raise IllegalMove("eve.err.deck_empty", "EVE-LOG-3", type=type_msg(move.arg or ""))

    def _check_source(self, state: GameState, seat: int, code: str) -> RegionState:
        rnd = state.round
        assert rnd is not None
        region = self._region(state, code)
        if region.owner != seat or region.units < 1:
            raise IllegalMove("eve.err.source_own", "EVE-LOG-4", region=region_label(code))
        if code in rnd.locked:
            raise IllegalMove("eve.err.locked", "EVE-LOG-6", region=region_label(code))
        return region

    def _check_move(self, state: GameState, move: Move) -> None:
        self._need_action(state)
        self._move_parts(state, move)

    def _move_parts(self, state: GameState, move: Move) -> None:
        """EVE-LOG-4: the source, how many leave it, and that every destination is connected."""
        seat, source = move.seat, move.regions[0]
        region = self._check_source(state, seat, source)
        total = sum(move.counts)
        keep = 0 if region.hq == seat else 1
        if total > region.units - keep:
            raise IllegalMove("eve.err.move_too_many", "EVE-LOG-4", region=region_label(source),
                              most=region.units - keep, count=total)
        reach = connected_component(state, seat, source)
        for code in move.regions[1:]:
            target = self._region(state, code)
            if target.owner != seat:
                raise IllegalMove("eve.err.move_own", "EVE-LOG-4", region=region_label(code))
            if code not in reach:
                raise IllegalMove("eve.err.move_connected", "EVE-DEF-6", region=region_label(code),
                                  source=region_label(source))

    def _check_attack(self, state: GameState, move: Move) -> None:
        rnd = self._need_action(state)
        seat, source, target = move.seat, move.regions[0], move.regions[1]
        self._check_source(state, seat, source)
        if source in rnd.attack_sources:
            raise IllegalMove("eve.err.attack_once", "EVE-LOG-7", region=region_label(source))
        region = self._region(state, target)
        if target not in neighbours(state, source):
            raise IllegalMove("eve.err.attack_adjacent", "EVE-LOG-5", region=region_label(target),
                              source=region_label(source))
        if not is_enemy(region, seat):
            raise IllegalMove("eve.err.attack_enemy", "EVE-LOG-5", region=region_label(target))
        if region.units < 1:
            raise IllegalMove("eve.err.attack_empty_hq", "EVE-LOG-5", region=region_label(target))

    def _check_claim(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        seat = move.seat
        if rnd.claims >= 1 + rnd.extra_claims:
            raise IllegalMove("eve.err.claim_once", "EVE-POL-5")
        markers = {marker_region(state, square): square for square in face_up_squares(state)}
        squares = []
        for code in move.regions:
            if code not in markers:
                raise IllegalMove("eve.err.claim_marker", "EVE-POL-3", region=region_label(code),
                                  marked=listing(region_label(c) for c in sorted(c for c in markers if c)))
            squares.append(markers[code])
        first, second = tables().squares[squares[0]], tables().squares[squares[1]]
        if move.regions[0] == move.regions[1] or (first.nebula != second.nebula and first.column != second.column):
            raise IllegalMove("eve.err.claim_line", "EVE-POL-3", first=squares[0], second=squares[1])
        bare = [code for code in move.regions if state.regions[code].outpost is None and state.regions[code].hq != seat]
        remote = rnd.remote_claim and len(bare) == 1 and state.regions[bare[0]].units >= 2   # DEV-G
        for code in move.regions:
            region = state.regions[code]
            if region.owner != seat or (code in bare and not remote):
                raise IllegalMove("eve.err.claim_outpost", "EVE-POL-3", region=region_label(code))
        if move.regions[1] not in connected_component(state, seat, move.regions[0]):
            raise IllegalMove("eve.err.claim_connected", "EVE-POL-3", first=region_label(move.regions[0]),
                              second=region_label(move.regions[1]))

    def _check_end(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        if move.number is None:
            return
        player = state.players[move.seat]
        most = min(2, player.schedule[rnd.kind] + player.storage[rnd.kind])
        if move.number > most:
            raise IllegalMove("eve.err.end_tiles", "EVE-SCH-4", type=type_msg(rnd.kind), most=most,
                              tiles=move.number)

    def _check_cards(self, state: GameState, move: Move) -> None:
        cards = tables().cards
        for card in move.cards:
            if not state.hands.holds(move.seat, card):
                raise IllegalMove("eve.err.not_in_hand", "EVE-CARD-2", card=card_msg(card))
            if cards[card].window != "COMBAT":
                raise IllegalMove("eve.err.not_combat_card", "EVE-CARD-4", card=card_msg(card))

    def _check_play(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        card = move.arg or ""
        kind = tables().cards[card]
        seat = move.seat
        if not state.hands.holds(seat, card):
            raise IllegalMove("eve.err.not_in_hand", "EVE-CARD-2", card=card_msg(card))
        if kind.window == "COMBAT":
            raise IllegalMove("eve.err.combat_card", "EVE-CARD-4", card=card_msg(card))
        if kind.window == "OWN" and kind.round_type not in (None, rnd.kind):
            raise IllegalMove("eve.err.card_round", "EVE-CARD-4", card=card_msg(card), type=type_msg(kind.round_type or ""))
        if kind.window == "TILE" and state.players[seat].storage[kind.deck] < 1:
            raise IllegalMove("eve.err.card_tile", "EVE-CARD-5", card=card_msg(card), type=type_adj(kind.deck))
        effect = kind.kind
        if effect == "DEV-A":
            self._expand_target(state, seat, move.regions[0])
        elif effect == "DEV-B":
            self._agent_target(state, seat, move.regions[0])
        elif effect == "LOG-F":
            self._move_parts(state, move)
        elif effect == "DEV-D":
            if move.params[0] not in face_up_squares(state):
                raise IllegalMove("eve.err.card_square_up", "EVE-CARD-4", card=card_msg(card), square=mv.square_value(move.params[0]),
                                  allowed=listing(mv.square_value(x) for x in face_up_squares(state)))
        elif effect == "DEV-F" and rnd.claims < 1 + rnd.extra_claims:
            raise IllegalMove("eve.err.card_after_claim", "EVE-CARD-4", card=card_msg(card))
        elif effect == "LOG-E":
            code = move.regions[0]
            if code not in rnd.locked or code in rnd.attack_sources or state.regions[code].owner != seat:
                raise IllegalMove("eve.err.card_unlock", "EVE-LOG-6", card=card_msg(card), region=region_label(code))
        elif effect == "LOG-K" and not state.decks[move.params[0]].pile:
            raise IllegalMove("eve.err.deck_empty", "EVE-CARD-8", type=type_msg(move.params[0]))
        elif effect in ("LOG-B", "LOG-C", "LOG-G"):
            self._check_seal_card(state, move, effect)

    def _seal_month(self, state: GameState, seat: int, kind: str) -> int:
        """The index (0..11) of the month holding ``seat``'s ``kind`` seal."""
        return next(m for m, month in enumerate(state.calendar) for seal in month if (seal.seat, seal.kind) == (seat, kind))

    def _check_seal_card(self, state: GameState, move: Move, effect: str) -> None:
        """LOG-B / LOG-C / LOG-G name seals that are not in the current month (LOG-B: an
        opponent's, at most 10 months ahead)."""
        card = card_msg(move.arg or "")
        if effect == "LOG-B":
            empire, _, kind = move.params[0].partition(":")
            seat = EMPIRES.index(empire)
            if seat == move.seat or seat >= state.player_count:
                raise IllegalMove("eve.err.card_opponent_seal", "EVE-CARD-4", card=card,
                                  empires=listing(empire_msg(state, s) for s in range(state.player_count) if s != move.seat))
            seals = [(seat, kind)]
        else:
            seals = [(move.seat, kind) for kind in move.params]
        for seat, kind in seals:
            ahead = (self._seal_month(state, seat, kind) - (state.month - 1)) % 12
            if ahead == 0 or (effect == "LOG-B" and ahead > 10):
                raise IllegalMove("eve.err.card_seal_month", "EVE-CARD-4", card=card, empire=empire_msg(state, seat),
                                  type=type_msg(kind))

    def _check_untile(self, state: GameState, move: Move) -> None:
        if move.arg not in state.players[move.seat].tile_cards:
            raise IllegalMove("eve.err.untile_none", "EVE-CARD-5", card=card_msg(move.arg or ""))

    def _check_dice(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        seat = move.seat
        if combat.intel == seat and seat in combat.dice.waiting() and len(combat.dice.choices) == 1 \
                and combat.question is None:
            raise IllegalMove("eve.err.ask_first", "EVE-CMB-5")
        strength = combat.strength[seat]
        if max(move.counts) > tables().constants["dice_per_colour"] or sum(move.counts) > strength:
            raise IllegalMove("eve.err.dice_limits", "EVE-CMB-4", strength=strength,
                              most=tables().constants["dice_per_colour"])

    def _check_ask(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        if combat.intel != move.seat or combat.question is not None:
            raise IllegalMove("eve.err.ask_not_yours", "EVE-CMB-5")

    def _reserve_sources(self, state: GameState, seat: int) -> list[str]:
        """T1: own regions connected to his battle region with a unit to spare (EVE-CMB-7)."""
        combat = state.combat
        assert combat is not None
        battle = combat.source if seat == combat.attacker else combat.target
        rnd = state.round
        out = []
        for code in sorted(connected_component(state, seat, battle)):
            region = state.regions[code]
            if code in (combat.source, combat.target) or region.owner != seat:
                continue
            if rnd is not None and rnd.seat == seat and code in rnd.locked:
                continue
            if region.units - (0 if region.hq == seat else 1) >= 1:
                out.append(code)
        return out

    def _check_tac(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        spent = len(move.regions) + sum(move.counts)
        if spent != combat.tactic_actions:
            raise IllegalMove("eve.err.tac_count", "EVE-CMB-7", have=combat.tactic_actions, spent=spent)
        sources = self._reserve_sources(state, move.seat)
        for code in set(move.regions):
            region = state.regions.get(code)
            spare = region.units - (0 if region.hq == move.seat else 1) if region else 0
            if code not in sources or move.regions.count(code) > spare:
                raise IllegalMove("eve.err.tac_reserve", "EVE-CMB-7", region=region_label(code),
                                  allowed=listing(region_label(c) for c in sources))

    def _invasion_max(self, state: GameState) -> int:
        combat = state.combat
        assert combat is not None
        if not combat.invasion_allowed:
            return 0
        winner = self._winner_of(combat)
        battle = combat.source if winner == combat.attacker else combat.target
        region = state.regions[battle]
        if region.owner != winner:
            return 0
        return max(0, region.units - (0 if region.hq == winner else 1))

    def _check_invade(self, state: GameState, move: Move) -> None:
        most = self._invasion_max(state)
        if (move.number or 0) > most:
            raise IllegalMove("eve.err.invade_most", "EVE-CMB-10", most=most, count=move.number or 0)

    def _steal_choices(self, state: GameState) -> list[str]:
        """EVE-CMB-13/16: the loser's cards of the lost region's colour, else the next lower colour."""
        combat = state.combat
        assert combat is not None
        loser = state.players[self._loser_of(combat)]
        regions = tables().regions
        ring = regions[combat.lost[0]].ring
        for colour in reversed(RINGS[:RINGS.index(ring) + 1]):
            cards = sorted(card for card in loser.region_cards if regions[card].ring == colour)
            if cards:
                return cards
        return []

    def _check_steal(self, state: GameState, move: Move) -> None:
        choices = self._steal_choices(state)
        if move.arg not in choices:
            raise IllegalMove("eve.err.steal_which", "EVE-CMB-13", card=move.arg,
                              allowed=listing(region_label(c) for c in choices))

    def _tile_sources(self, state: GameState) -> list[str]:
        combat = state.combat
        assert combat is not None
        loser = state.players[self._loser_of(combat)]
        kind = combat.outpost_lost or ""
        out = [mv.SCHEDULE] if loser.schedule.get(kind, 0) > 0 else []
        return out + sorted(card for card, tile in loser.tile_cards.items() if tile == kind)

    def _check_takefrom(self, state: GameState, move: Move) -> None:
        sources = self._tile_sources(state)
        if move.arg not in sources:
            raise IllegalMove("eve.err.takefrom_which", "EVE-CMB-12",
                              allowed=Join([E("tile_source.sched_word") if source == mv.SCHEDULE else source
                                            for source in sources], "or"))

    # ----- apply --------------------------------------------------------------------------------------------
    def apply(self, state: GameState, move: Move) -> GameState:
        self._check(state, move)
        new = clone_state(state)
        new.events = []
        getattr(self, f"_apply_{move.kind}")(new, move)
        sync_public(new)
        return new

    def _next_prep_turn(self, state: GameState) -> None:
        state.turn = (state.turn + 1) % state.player_count

    def _apply_reveal(self, state: GameState, move: Move) -> None:
        self._reveal(state, move.arg or "")
        if state.phase == ROUND:
            assert state.round is not None
            state.round.reveals_due = min(state.round.reveals_due - 1, len(face_down_squares(state)))
            return
        state.prep_count += 1
        due = 2 if state.turn == 0 else 1
        if state.prep_count >= due or not face_down_squares(state):
            state.phase = PREP_HQ

    def _reveal(self, state: GameState, square: str) -> None:
        state.squares[square].face_up = True                        # EVE-POL-2: the marker follows
        assert state.streams is not None
        state.streams.reveal()                                      # a face-down region card shows
        add_event(state, "event.revealed", square=mv.square_value(square), region=region_label(state.squares[square].pile[0]))

    def _apply_hq(self, state: GameState, move: Move) -> None:
        code = move.regions[0]
        region = state.regions[code]
        region.hq = region.owner = move.seat
        state.players[move.seat].hq = code
        state.prep_count = 0
        if state.turn == state.player_count - 1:
            state.phase, state.turn = PREP_PLACE, 0
            self._skip_stuck_placers(state)
        else:
            state.turn += 1
            state.phase = PREP_REVEAL if face_down_squares(state) else PREP_HQ

    def _apply_place(self, state: GameState, move: Move) -> None:
        seat, code = move.seat, move.regions[0]
        self._add_units(state, seat, code, 1)
        self._advance_placement(state)

    def _add_units(self, state: GameState, seat: int, code: str, count: int) -> None:
        """Units from supply into ``code``: under the stack if it is his or empty, else an agent on top."""
        region = state.regions[code]
        state.players[seat].supply -= count
        if region.owner == seat or is_empty(region):
            region.owner = seat
            region.units += count
        else:
            region.agents.extend([seat] * count)

    def _advance_placement(self, state: GameState) -> None:
        state.turn += 1
        if state.turn == state.player_count:
            state.turn = 0
            state.prep_count += 1
        if state.prep_count >= tables().constants["prep_placements"]:
            state.phase, state.turn, state.prep_count = PREP_OUTPOST, 0, 0
            return
        self._skip_stuck_placers(state)

    def _skip_stuck_placers(self, state: GameState) -> None:
        seat = state.order[state.turn]
        if not any(self._legal(state, Move(seat, mv.PLACE, regions=(code,))) for code in state.regions):
            self._advance_placement(state)                          # EVE-PREP-2: no target, skip

    def _apply_outpost(self, state: GameState, move: Move) -> None:
        code, kind = move.regions[0], move.arg or ""
        state.regions[code].outpost = kind
        state.pool_outposts[kind] -= 1
        state.pool_tiles[kind] -= 1
        state.players[move.seat].storage[kind] += 1                 # EVE-OUT-3
        if state.phase == PREP_OUTPOST:
            self._next_outposter(state)
        else:
            assert state.round is not None
            state.round.acted = True

    def _apply_pass(self, state: GameState, move: Move) -> None:
        state.passed.append(move.seat)
        self._next_outposter(state)

    def _next_outposter(self, state: GameState) -> None:
        """EVE-PREP-3: cycle in seat order past the players who passed; all passed -> seals."""
        if len(state.passed) == state.player_count:
            state.phase, state.turn, state.prep_count = PREP_SEAL, 0, 0
            return
        state.turn = (state.turn + 1) % state.player_count
        while state.order[state.turn] in state.passed:
            state.turn = (state.turn + 1) % state.player_count

    def _apply_seal(self, state: GameState, move: Move) -> None:
        player = state.players[move.seat]
        kind, tiles = move.arg or "", move.number or 0
        player.storage[kind] -= tiles
        player.schedule[kind] += tiles
        player.seals_placed.append(kind)
        self._place_seal(state, Seal(move.seat, kind), 1 + months_for(player, kind))   # EVE-PREP-4 (Feb = 1)
        state.turn += 1
        if state.turn == state.player_count:
            state.turn = 0
            state.prep_count += 1
            if state.prep_count == 3:
                add_event(state, "event.calendar_starts")
                self._next_seal(state)                               # EVE-PREP-5

    def _place_seal(self, state: GameState, seal: Seal, month: int) -> None:
        """EVE-CAL-3: the innermost free slot = the end of the month's queue."""
        state.calendar[(month - 1) % 12].append(seal)

    def _apply_first(self, state: GameState, move: Move) -> None:
        queue = state.calendar[state.month - 1]
        index = next(i for i, seal in enumerate(queue) if seal.seat == move.seat and seal.kind == move.arg)
        queue.insert(0, queue.pop(index))
        self._start_round(state)

    # ----- the calendar -----------------------------------------------------------------------------------------
    def _next_seal(self, state: GameState) -> None:
        """EVE-CAL-5/6: the next seal of this month acts, else the wheel turns to the next month
        holding seals (years counted as it leaves December)."""
        state.round = None
        state.combat = None
        for _ in range(13):
            queue = state.calendar[state.month - 1]
            if queue:
                run = []
                for seal in queue:
                    if seal.seat != queue[0].seat:
                        break
                    run.append(seal)
                if len(run) >= 2:
                    state.phase = FIRST
                    state.first_choices = [seal.kind for seal in run]
                    return
                self._start_round(state)
                return
            if state.month == 12:
                state.month = 1
                state.year += 1
                if self._year_end(state):
                    return
            else:
                state.month += 1
            if state.calendar[state.month - 1]:
                add_event(state, "event.month", month=E(f"month.{state.month}"), year=state.year)
        raise AssertionError("no seal on the calendar")

    def _year_end(self, state: GameState) -> bool:
        """The wheel left December: Trinity counts down, Vision checks its year limit (EVE-END-1/4),
        Impending Doom strikes the leaders (EVE-VAR-3).  True when the game ended."""
        length = str(state.options["length"])
        years = TRINITY_YEARS[length] if state.options["end"] == "trinity" else VISION_YEAR_LIMIT[length]
        if state.year > years:
            self._finish(state, "years" if state.options["end"] == "trinity" else "year_limit")
            return True
        add_event(state, "event.new_year", year=state.year,
                  left=years - state.year + 1)
        if state.options["impending_doom"]:
            self._impending_doom(state)
        return False

    def _impending_doom(self, state: GameState) -> None:
        regions = tables().regions
        scores = self.scores(state)
        best = max(scores)
        if best <= 0:
            return
        for seat in range(state.player_count):
            if scores[seat] != best:
                continue
            player = state.players[seat]
            card = min(player.region_cards, key=lambda c: (regions[c].vp, c))
            player.region_cards.remove(card)
            nebula = regions[card].nebula
            square = min((name for name in state.squares if name.startswith(nebula.upper())),
                         key=lambda name: (len(state.squares[name].pile), name))
            pile = state.squares[square]
            pile.pile.append(card)
            if len(pile.pile) == 1:
                pile.face_up = False
            add_event(state, "event.doom", empire=empire_msg(state, seat), region=region_label(card), square=mv.square_value(square))

    def _start_round(self, state: GameState) -> None:
        seal = state.calendar[state.month - 1][0]
        player = state.players[seal.seat]
        bridges = sorted(code for code, region in state.regions.items() if seal.seat in region.agents)
        state.round = RoundState(seal.seat, seal.kind, actions_for(player, seal.kind),
                                 bridges=bridges if seal.kind == "D" else [])
        state.phase = ROUND
        state.first_choices = []
        add_event(state, "event.round", empire=empire_msg(state, seal.seat), type=type_msg(seal.kind),
                  actions=state.round.actions, month=E(f"month.{state.month}"), year=state.year)

    # ----- rounds ----------------------------------------------------------------------------------------------
    def _apply_discard(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        card = move.arg or ""
        state.hands.remove(move.seat, card)
        state.decks[tables().cards[card].deck].discard([card])
        rnd.discarded = True
        rnd.actions += 2 if has_tile_card(state.players[move.seat], "LOG-I") else 1   # EVE-RND-2, LOG-I

    def _apply_play(self, state: GameState, move: Move) -> None:
        """EVE-CARD-4/5: an OWN or END card acts and is discarded; a TILE card stays with a tile on it."""
        rnd = state.round
        assert rnd is not None and state.streams is not None
        card = move.arg or ""
        kind = tables().cards[card]
        player = state.players[move.seat]
        state.hands.remove(move.seat, card)
        state.streams.reveal()                      # its effect may show hidden cards (LOG-K, DEV-E peeks)
        add_event(state, "event.played", empire=empire_msg(state, move.seat), card=card_msg(card),
                  text=E(f"card_text.{kind.kind}"))
        if kind.window == "TILE":
            player.storage[kind.deck] -= 1
            player.tile_cards[card] = kind.deck
            return
        state.decks[kind.deck].discard([card])
        effect = kind.kind
        rnd.actions += EXTRA_ACTIONS.get(effect, 0)
        if effect == "LOG-A":
            rnd.rush += 1
        elif effect == "DEV-A":                                      # a free Expand
            count = min(2, player.supply) if has_tile_card(player, "DEV-H") else 1
            self._add_units(state, move.seat, move.regions[0], count)
        elif effect == "DEV-B":                                      # a free agent, even a second one here
            player.supply -= 1
            state.regions[move.regions[0]].agents.append(move.seat)
        elif effect == "LOG-F":                                      # a free Move
            self._move_units(state, move)
        elif effect == "LOG-E":
            rnd.locked.remove(move.regions[0])
        elif effect == "DEV-F":
            rnd.extra_claims += 1
        elif effect == "DEV-G":
            rnd.remote_claim = True
        elif effect == "DEV-D":
            square = state.squares[move.params[0]]
            square.pile.append(square.pile.pop(0))                   # face down at the bottom, marker off
            square.face_up = False
            rnd.reveals_due = min(1, len(face_down_squares(state)))
        elif effect == "LOG-K":
            deck = state.decks[move.params[0]]
            rnd.peek, rnd.peek_deck = deck.pile[:3], move.params[0]
        elif effect == "LOG-B":
            empire, _, seal_kind = move.params[0].partition(":")
            seat = EMPIRES.index(empire)
            month = self._seal_month(state, seat, seal_kind)
            state.calendar[month] = [s for s in state.calendar[month] if (s.seat, s.kind) != (seat, seal_kind)]
            self._place_seal(state, Seal(seat, seal_kind), month + 2)         # the following month, at the end
        elif effect == "LOG-C":
            month = self._seal_month(state, move.seat, move.params[0])
            queue = state.calendar[month]
            index = next(i for i, s in enumerate(queue) if (s.seat, s.kind) == (move.seat, move.params[0]))
            queue.insert(0, queue.pop(index))
        elif effect == "LOG-G":
            first, second = move.params
            a, b = self._seal_month(state, move.seat, first), self._seal_month(state, move.seat, second)
            ia = next(i for i, s in enumerate(state.calendar[a]) if (s.seat, s.kind) == (move.seat, first))
            ib = next(i for i, s in enumerate(state.calendar[b]) if (s.seat, s.kind) == (move.seat, second))
            state.calendar[a][ia], state.calendar[b][ib] = state.calendar[b][ib], state.calendar[a][ia]

    def _check_keep(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        if move.arg not in rnd.pending_keep:
            raise IllegalMove("eve.err.keep_which", "EVE-CARD-4", allowed=listing(card_msg(c) for c in rnd.pending_keep))

    def _apply_keep(self, state: GameState, move: Move) -> None:
        """Streamlined Supply (LOG-H): the other drawn card goes to its deck's discards."""
        rnd = state.round
        assert rnd is not None
        for card in rnd.pending_keep:
            if card != move.arg:
                state.hands.remove(move.seat, card)
                state.decks[tables().cards[card].deck].discard([card])
        rnd.pending_keep = []

    def _check_order(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        if sorted(move.cards) != sorted(rnd.peek):
            raise IllegalMove("eve.err.order_which", "EVE-CARD-4", cards=listing(card_msg(c) for c in rnd.peek))

    def _apply_order(self, state: GameState, move: Move) -> None:
        """Long-range Planning (LOG-K): the looked-at cards go back on top in the chosen order."""
        rnd = state.round
        assert rnd is not None and rnd.peek_deck is not None
        deck = state.decks[rnd.peek_deck]
        deck.pile[:len(move.cards)] = list(move.cards)
        rnd.peek, rnd.peek_deck = [], None

    def _apply_untile(self, state: GameState, move: Move) -> None:
        card = move.arg or ""
        player = state.players[move.seat]
        player.storage[player.tile_cards.pop(card)] += 1
        state.decks[tables().cards[card].deck].discard([card])
        add_event(state, "event.untiled", empire=empire_msg(state, move.seat), card=card_msg(card))
        self._agent_survival(state)                                 # DEV-J leaving: check EVE-DEF-9 at once

    def _apply_expand(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        rnd.actions -= 1
        rnd.acted = True
        player = state.players[move.seat]
        count = min(2, player.supply) if has_tile_card(player, "DEV-H") else 1
        self._add_units(state, move.seat, move.regions[0], count)    # EVE-DEV-3 (DEV-H: 2 units)

    def _apply_agent(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        rnd.actions -= 1
        rnd.acted = True
        rnd.agent_targets.append(move.regions[0])
        state.players[move.seat].supply -= 1
        state.regions[move.regions[0]].agents.append(move.seat)     # EVE-DEV-4: on top of the agents

    def _apply_build(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        count, code = move.number or 1, move.regions[0]
        rnd.actions -= count
        rnd.acted = True
        rnd.built[code] = rnd.built.get(code, 0) + count
        self._add_units(state, move.seat, code, count)               # EVE-PRD-2

    def _apply_draw(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None and state.streams is not None
        rnd.actions -= 1
        rnd.acted = True
        deck = state.decks[move.arg or ""]
        before = deck.reshuffles
        streamlined = has_tile_card(state.players[move.seat], "LOG-H")
        cards = deck.draw(state.streams, 2 if streamlined else 1)   # EVE-LOG-3 / EVE-CARD-8 / LOG-H
        if deck.reshuffles != before:
            add_event(state, "event.reshuffled", type=type_msg(move.arg or ""))
        state.hands.add(move.seat, cards)
        if len(cards) == 2:
            rnd.pending_keep = list(cards)

    def _apply_move(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        rnd.actions -= 1
        rnd.acted = True
        self._move_units(state, move)

    def _move_units(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        source = move.regions[0]
        state.regions[source].units -= sum(move.counts)
        for code, count in zip(move.regions[1:], move.counts):
            state.regions[code].units += count                       # EVE-LOG-4: under the stack
        for code in move.regions:
            if code not in rnd.locked:
                rnd.locked.append(code)                              # EVE-LOG-6

    def _apply_claim(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        rnd.claims += 1
        rnd.remote_claim = False
        rnd.acted = True
        player = state.players[move.seat]
        for code in move.regions:
            square = next(name for name in face_up_squares(state) if marker_region(state, name) == code)
            pile = state.squares[square]
            pile.pile.pop(0)
            pile.face_up = False                                     # EVE-POL-2: the marker leaves
            player.region_cards.append(code)
        add_event(state, "event.claimed", empire=empire_msg(state, move.seat),
                  regions=Join([region_label(c) for c in move.regions], "and"), vp=vp(state, move.seat))
        if self._vision_reached(state):
            return
        rnd.reveals_due = min(2, len(face_down_squares(state)))     # EVE-POL-4

    def _apply_end(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        player = state.players[move.seat]
        kind = rnd.kind
        if move.number is not None:                                  # EVE-SCH-4
            total = player.schedule[kind] + player.storage[kind]
            player.schedule[kind] = move.number
            player.storage[kind] = total - move.number
        months = max(MONTHS_LIMIT[0], min(MONTHS_LIMIT[1], months_for(player, kind) - rnd.rush))   # LOG-A
        queue = state.calendar[state.month - 1]
        seal = queue.pop(0)
        self._place_seal(state, seal, state.month + months)         # EVE-CAL-4
        add_event(state, "event.seal_moved", empire=empire_msg(state, move.seat), type=type_msg(kind),
                  month=E(f"month.{(state.month + months - 1) % 12 + 1}"))
        self._next_seal(state)

    # ----- combat -------------------------------------------------------------------------------------------
    def _apply_attack(self, state: GameState, move: Move) -> None:
        rnd = state.round
        assert rnd is not None
        rnd.actions -= 1
        rnd.acted = True
        source, target = move.regions
        rnd.attack_sources.append(source)
        if source not in rnd.locked:
            rnd.locked.append(source)                                # EVE-LOG-5
        defender = state.regions[target].owner
        assert defender is not None
        s_region, x_region = state.regions[source], state.regions[target]
        combat = Combat(move.seat, defender, source, target)
        combat.strength = {move.seat: s_region.units,                # EVE-CMB-2
                           defender: x_region.units + self._fortification(state, defender, x_region)}
        a, d = x_region.agents.count(move.seat), s_region.agents.count(defender)
        combat.intel = move.seat if a > d else defender if d > a else None   # EVE-CMB-3
        combat.dice = Sealed([move.seat, defender])
        state.combat = combat
        state.phase = COMBAT
        add_event(state, "event.attack", attacker=empire_msg(state, move.seat), defender=empire_msg(state, defender),
                  source=region_label(source), target=region_label(target),
                  a=combat.strength[move.seat], d=combat.strength[defender],
                  intel=empire_msg(state, combat.intel) if combat.intel is not None else E("nobody"))
        self._skip_card_steps(state)

    def _skip_card_steps(self, state: GameState) -> None:
        """EVE-CMB-1: a side without production cards has nothing to play (public hand sizes)."""
        combat = state.combat
        assert combat is not None
        if combat.step == CARDS_ATT and not hand_of_deck(state, combat.attacker, "P"):
            combat.step = CARDS_DEF
        if combat.step == CARDS_DEF and not hand_of_deck(state, combat.defender, "P"):
            combat.step = DICE
        if combat.step == DICE:
            self._card_modifiers(state)

    def _played(self, combat: Combat, seat: int, kind: str) -> int:
        cards = tables().cards
        return sum(1 for card in combat.cards.get(seat, []) if cards[card].kind == kind)

    def _card_modifiers(self, state: GameState) -> None:
        """Strength and intel once both card steps are over: PRD-A, PRD-E, PRD-F (EVE-CMB-2/3)."""
        combat = state.combat
        assert combat is not None
        if not combat.cards:
            return
        sides = (combat.attacker, combat.defender)
        for seat in sides:
            combat.strength[seat] += 2 * self._played(combat, seat, "PRD-A")
        for seat, other in (sides, sides[::-1]):
            if self._played(combat, other, "PRD-E"):
                combat.strength[seat] = max(1, combat.strength[seat] - 2 * self._played(combat, other, "PRD-E"))
        intercepts = [seat for seat in sides if self._played(combat, seat, "PRD-F")]
        if intercepts:
            combat.intel = intercepts[0] if len(intercepts) == 1 else None
        add_event(state, "event.combat_cards", a=combat.strength[combat.attacker], d=combat.strength[combat.defender],
                  intel=empire_msg(state, combat.intel) if combat.intel is not None else E("nobody"))

    def _fortification(self, state: GameState, seat: int, region: RegionState) -> int:
        """+1 defence for the defender's outpost or HQ, +2 with Fortifications (PRD-I)."""
        if not (region.outpost or region.hq == seat):
            return 0
        return 2 if has_tile_card(state.players[seat], "PRD-I") else 1

    def _apply_cards(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        if move.cards:
            for card in move.cards:
                state.hands.remove(move.seat, card)
                state.decks["P"].discard([card])
            combat.cards[move.seat] = list(move.cards)
            add_event(state, "event.cards", empire=empire_msg(state, move.seat),
                      cards=Join([card_msg(c) for c in move.cards], "and"))
        combat.step = CARDS_DEF if combat.step == CARDS_ATT else DICE
        self._skip_card_steps(state)

    def _apply_ask(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        other = combat.defender if move.seat == combat.attacker else combat.attacker
        combat.question = move.arg
        combat.answer = combat.dice.choices[other]["dst".index(move.arg or "d")]   # EVE-CMB-5: the engine answers
        assert state.streams is not None
        state.streams.reveal()                                      # part of a sealed selection
        add_event(state, "event.asked", asker=empire_msg(state, move.seat), other=empire_msg(state, other),
                  question=E(f"ask.{move.arg}"), answer=combat.answer)

    def _apply_dice(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        assert state.streams is not None
        combat.dice.seal(move.seat, list(move.counts), state.streams)   # the last seal opens both
        if combat.dice.complete():
            self._roll(state)

    def _roll(self, state: GameState) -> None:
        """EVE-CMB-6: reveal both selections and roll (attacker's red, blue, white, then the
        defender's); Damage Control re-rolls come next, then the tactics."""
        combat = state.combat
        assert combat is not None and state.streams is not None
        faces = tables().faces
        for seat in (combat.attacker, combat.defender):
            chosen = combat.dice.revealed()[seat]
            rolls = [[faces[colour][value - 1] for value in state.streams.roll("dice", count)]
                     for colour, count in zip("dst", chosen)]
            combat.rolls[seat] = rolls
            bonus = [2 * self._played(combat, seat, kind) for kind in ("PRD-B", "PRD-C", "PRD-D")]
            combat.totals[seat] = [sum(r) + extra for r, extra in zip(rolls, bonus)]   # after the roll
            d, s, t = chosen
            add_event(state, "event.rolled", empire=empire_msg(state, seat), d=d, s=s, t=t,
                      damage=combat.totals[seat][0], shield=combat.totals[seat][1], tactics=combat.totals[seat][2],
                      faces=reading.dice_faces(rolls))
        combat.rerolls_left = [seat for seat in (combat.attacker, combat.defender)
                               if self._played(combat, seat, "PRD-G") and sum(combat.dice.revealed()[seat])]
        if combat.rerolls_left:
            combat.step = REROLL
            return
        self._tactics(state)

    def _check_reroll(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        most = REROLL_DICE * self._played(combat, move.seat, "PRD-G")
        rolled = sum(len(r) for r in combat.rolls[move.seat])
        if len(move.counts) > most or (move.counts and max(move.counts) > rolled):
            raise IllegalMove("eve.err.reroll_which", "EVE-CMB-7", most=most, dice=rolled,
                              faces=reading.dice_faces(combat.rolls[move.seat]))

    def _apply_reroll(self, state: GameState, move: Move) -> None:
        """Damage Control (PRD-G): the chosen dice are rolled again; the new results stand."""
        combat = state.combat
        assert combat is not None and state.streams is not None
        faces = tables().faces
        seat = move.seat
        flat = [(colour, index) for colour, rolls in enumerate(combat.rolls[seat]) for index in range(len(rolls))]
        for number in move.counts:
            colour, index = flat[number - 1]
            combat.rolls[seat][colour][index] = faces["dst"[colour]][state.streams.roll("dice", 1)[0] - 1]
        bonus = [2 * self._played(combat, seat, kind) for kind in ("PRD-B", "PRD-C", "PRD-D")]
        combat.totals[seat] = [sum(r) + extra for r, extra in zip(combat.rolls[seat], bonus)]
        if move.counts:
            totals = combat.totals[seat]
            add_event(state, "event.rerolled", empire=empire_msg(state, seat), count=len(move.counts),
                      damage=totals[0], shield=totals[1], tactics=totals[2],
                      faces=reading.dice_faces(combat.rolls[seat]))
        combat.rerolls_left.pop(0)
        if not combat.rerolls_left:
            self._tactics(state)

    def _tactics(self, state: GameState) -> None:
        """EVE-CMB-7: who won the tactics, and by how much."""
        combat = state.combat
        assert combat is not None
        ta, td = combat.totals[combat.attacker][2], combat.totals[combat.defender][2]
        if ta != td:
            combat.tactic_seat = combat.attacker if ta > td else combat.defender
            combat.tactic_actions = abs(ta - td)
            combat.step = TACTICS
            return
        self._damage(state)

    def _apply_tac(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        seat = move.seat
        battle = combat.source if seat == combat.attacker else combat.target
        for code in move.regions:                                    # T1: commit a reserve
            state.regions[code].units -= 1
            state.regions[battle].units += 1
            combat.reserves.append(code)
        combat.negate, combat.cut = move.counts                      # T2, T3
        add_event(state, "event.tactics", empire=empire_msg(state, seat), reserves=len(move.regions),
                  negate=combat.negate, cut=combat.cut)
        self._damage(state)

    def _damage(self, state: GameState) -> None:
        """EVE-CMB-8: simultaneous losses, then the lost regions (EVE-CMB-9)."""
        combat = state.combat
        assert combat is not None
        att, dfn = combat.attacker, combat.defender
        d_a, s_a, _ = combat.totals[att]
        d_d, s_d, _ = combat.totals[dfn]
        by_att = combat.tactic_seat == att
        by_dfn = combat.tactic_seat == dfn
        eff_s_d = max(0, s_d - (combat.cut if by_att else 0))
        hits_on_d = max(0, d_a - eff_s_d - (combat.negate if by_dfn else 0))
        eff_s_a = max(0, s_a - (combat.cut if by_dfn else 0))
        hits_on_a = max(0, d_d - eff_s_a - (combat.negate if by_att else 0))
        x, s = state.regions[combat.target], state.regions[combat.source]
        combat.losses = {dfn: min(hits_on_d, x.units), att: min(hits_on_a, s.units)}
        x.units -= combat.losses[dfn]
        s.units -= combat.losses[att]
        state.players[dfn].supply += combat.losses[dfn]
        state.players[att].supply += combat.losses[att]
        add_event(state, "event.losses", attacker=empire_msg(state, att), defender=empire_msg(state, dfn),
                  a=combat.losses[att], d=combat.losses[dfn])
        for seat, other, region in ((att, dfn, s), (dfn, att, x)):
            salvage = self._played(combat, seat, "PRD-K") * (combat.losses[other] // 2)
            salvage = min(salvage, state.players[seat].supply)
            if salvage and region.owner == seat and region.units > 0:              # PRD-K Salvage Crews
                region.units += salvage
                state.players[seat].supply -= salvage
                add_event(state, "event.salvage", empire=empire_msg(state, seat), count=salvage)
        combat.lost = [code for code, region, owner in ((combat.target, x, dfn), (combat.source, s, att))
                       if region.units == 0 and region.hq != owner]
        combat.invasion_allowed = len(combat.lost) < 2               # EVE-CMB-11
        combat.step = ""
        self._consequences(state)

    def _winner_of(self, combat: Combat) -> int:
        """The winner of the region being resolved (EVE-CMB-9: X is the defender's, S the attacker's)."""
        return combat.attacker if combat.lost and combat.lost[0] == combat.target else combat.defender

    def _loser_of(self, combat: Combat) -> int:
        return combat.defender if combat.lost and combat.lost[0] == combat.target else combat.attacker

    def _consequences(self, state: GameState) -> None:
        """EVE-CMB-10 for each lost region in turn, stopping at each decision of the winner."""
        combat = state.combat
        assert combat is not None
        while combat.lost:
            code = combat.lost[0]
            region = state.regions[code]
            loser, winner = self._loser_of(combat), self._winner_of(combat)
            if combat.step == "":                                    # step 1: the outpost
                combat.step = "begun"
                add_event(state, "event.region_lost", empire=empire_msg(state, loser), region=region_label(code))
                if region.outpost is not None:
                    kind = region.outpost
                    region.outpost = None
                    state.pool_outposts[kind] += 1
                    combat.outpost_lost = kind
                    combat.tile_due = combat.steal_due = True
                    add_event(state, "event.outpost_destroyed", region=region_label(code), type=type_adj(kind))
            if combat.tile_due:                                      # EVE-CMB-12
                kind = combat.outpost_lost or ""
                player = state.players[loser]
                if player.storage[kind] > 0:
                    player.storage[kind] -= 1
                    state.pool_tiles[kind] += 1
                    combat.tile_due = False
                else:
                    sources = self._tile_sources(state)
                    if len(sources) > 1:
                        combat.step = TAKEFROM
                        return
                    if sources:
                        self._take_tile(state, sources[0])
                    combat.tile_due = False
            if combat.steal_due:                                     # EVE-CMB-13
                choices = self._steal_choices(state)
                if len(choices) > 1:
                    combat.step = STEAL
                    return
                combat.steal_due = False
                if choices:
                    self._steal(state, choices[0])
                    if state.phase == OVER:
                        return
            if combat.step != INVADE and combat.step != "invaded" and self._invasion_max(state) > 0:
                combat.step = INVADE
                return
            self._finish_lost_region(state, code, winner)
            combat.lost.pop(0)
            combat.step = ""
            combat.outpost_lost = None
            if state.phase == OVER:
                return
        state.combat = None
        state.phase = ROUND

    def _take_tile(self, state: GameState, source: str) -> None:
        combat = state.combat
        assert combat is not None
        player = state.players[self._loser_of(combat)]
        kind = combat.outpost_lost or ""
        if source == mv.SCHEDULE:
            player.schedule[kind] -= 1                                # EVE-SCH-3: the seal stays
        else:
            del player.tile_cards[source]
            state.decks[tables().cards[source].deck].discard([source])
            self._agent_survival(state)
        state.pool_tiles[kind] += 1
        add_event(state, "event.tile_lost", empire=empire_msg(state, player.seat), type=type_adj(kind),
                  source=E("tile_source.schedule") if source == mv.SCHEDULE else card_msg(source))

    def _steal(self, state: GameState, card: str) -> None:
        combat = state.combat
        assert combat is not None
        loser, winner = self._loser_of(combat), self._winner_of(combat)
        state.players[loser].region_cards.remove(card)
        state.players[winner].region_cards.append(card)
        add_event(state, "event.stolen", winner=empire_msg(state, winner), loser=empire_msg(state, loser),
                  region=region_label(card), vp=tables().regions[card].vp)
        self._vision_reached(state)

    def _apply_takefrom(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        self._take_tile(state, move.arg or "")
        combat.tile_due = False
        combat.step = "begun"
        self._consequences(state)

    def _apply_steal(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        combat.steal_due = False
        combat.step = "begun"
        self._steal(state, move.arg or "")
        if state.phase != OVER:
            self._consequences(state)

    def _apply_invade(self, state: GameState, move: Move) -> None:
        combat = state.combat
        assert combat is not None
        winner = move.seat
        count = move.number or 0
        code = combat.lost[0]
        battle = combat.source if winner == combat.attacker else combat.target
        if count:
            state.regions[battle].units -= count
            region = state.regions[code]
            region.owner = winner
            region.units += count
            rnd = state.round
            if rnd is not None and rnd.seat == winner and code not in rnd.locked:
                rnd.locked.append(code)                              # EVE-LOG-6 (designed): invaded -> locked
            add_event(state, "event.invaded", empire=empire_msg(state, winner), count=count, region=region_label(code))
        combat.step = "invaded"
        self._consequences(state)

    def _finish_lost_region(self, state: GameState, code: str, winner: int) -> None:
        """EVE-CMB-10 steps 3-6: the winner's agents turn into units, else the bottom-most agent's
        player takes the region; then every agent without an own neighbour dies."""
        region = state.regions[code]
        if region.units == 0 or region.owner != winner:
            region.units = 0
            region.owner = None
        converted = region.agents.count(winner)
        if converted:
            region.agents = [seat for seat in region.agents if seat != winner]
            region.owner = winner
            region.units += converted                                # EVE-CMB-14
        if region.owner is None and region.agents:
            taker = region.agents[0]                                 # EVE-CMB-10 step 4 (A-24)
            region.units = region.agents.count(taker)
            region.agents = [seat for seat in region.agents if seat != taker]
            region.owner = taker
        if region.owner is None:
            region.outpost = None
        if region.owner is not None:
            add_event(state, "event.region_taken", empire=empire_msg(state, region.owner), region=region_label(code))
        self._agent_survival(state)

    def _agent_survival(self, state: GameState) -> None:
        """EVE-DEF-9: an agent needs an adjacent region owned by its player."""
        for code, region in state.regions.items():
            if not region.agents:
                continue
            keep = []
            for seat in region.agents:
                if agent_safe(state, seat, code):
                    keep.append(seat)
                else:
                    state.players[seat].supply += 1
                    add_event(state, "event.agent_died", empire=empire_msg(state, seat), region=region_label(code))
            region.agents = keep

    # ----- the end ----------------------------------------------------------------------------------------------
    def _vision_reached(self, state: GameState) -> bool:
        """EVE-END-2: a Vision game ends the moment a VP total reaches the target."""
        if state.options["end"] != "vision":
            return False
        target = int(str(state.options["vp_target"]))
        if max(self.scores(state)) >= target:
            self._finish(state, "vision")
            return True
        return False

    def _finish(self, state: GameState, reason: str) -> None:
        scores = self.scores(state)
        best = max(scores)
        state.winners = [seat for seat, score in enumerate(scores) if score == best]   # EVE-END-3: ties share
        state.phase = OVER
        state.end_reason = reason
        state.round = None
        state.combat = None
        add_event(state, f"event.over_{reason}", winners=listing((empire_msg(state, s) for s in state.winners), "and"),
                  vp=best)

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

    # ----- what players read ---------------------------------------------------------------------------------------
    def _names(self, state: GameState, seats: Iterable[int]) -> Join | Msg:
        return listing((empire_msg(state, seat) for seat in sorted(seats)), "or")

    def _step_name(self, state: GameState) -> Msg:
        if state.phase == COMBAT and state.combat is not None:
            step = state.combat.step
            named = (CARDS_ATT, CARDS_DEF, DICE, REROLL, TACTICS, TAKEFROM, STEAL, INVADE)
            return E(f"step.{step}" if step in named else "step.consequences")
        if state.phase == ROUND and state.round is not None:
            rnd = state.round
            if rnd.reveals_due:
                return E("step.refill")
            return E("step.round_of", empire=empire_msg(state, rnd.seat), type=type_msg(rnd.kind))
        return E(f"step.{state.phase}")

    def decision_prompt(self, state: GameState) -> Msg | None:
        """The battle decisions the ping names: the secret dice (EVE-CMB-5), and Damage Control
        with the faces numbered as ``reroll`` numbers them (PRD-G), so no choice is blind."""
        combat = state.combat
        if state.phase != COMBAT or combat is None:
            return None
        if combat.step == DICE:
            if combat.intel is not None and combat.question is None and self.waiting_for(state) == {combat.intel}:
                return E("prompt.ask")                     # EVE-CMB-5: the advantaged side asks first
            return E("prompt.dice")
        if combat.step == REROLL and combat.rerolls_left:
            seat = combat.rerolls_left[0]
            return E("prompt.reroll", faces=reading.dice_faces(combat.rolls.get(seat, [])))
        return None

    def events(self, before: GameState, move: Move, after: GameState) -> list[Msg]:
        return [from_json(event) for event in after.events]

    def notices(self, before: GameState, move: Move, after: GameState) -> list[Notice]:
        if move.kind == mv.DRAW:
            new = [card for card in after.hands.cards[move.seat] if card not in before.hands.cards[move.seat]]
            return [Notice(move.seat, E("notice.drew", card=card_msg(card))) for card in new]
        if move.kind == mv.PLAY and after.round is not None and after.round.peek:
            return [Notice(move.seat, E("notice.peek_deck", cards=listing(card_msg(c) for c in after.round.peek)))]
        if move.kind == mv.PLAY and tables().cards[move.arg or ""].kind == "DEV-E":
            seen = []
            for name in move.params:
                square = after.squares[name]
                hidden = square.pile[1:2] if square.face_up else square.pile[:1]
                seen += [E("notice.peek_square", square=mv.square_value(name), region=region_label(code)) for code in hidden]
            return [Notice(move.seat, E("notice.peek_squares", cards=listing(seen)))]
        return []

    def reveals_information(self, before: GameState, move: Move, after: GameState) -> bool:
        """What the kit recorded as taken out of hiding: squares turned up, cards drawn, the
        sealed dice opened or asked about, dice rolled, a card's effect played."""
        return revealed_between(before.streams, after.streams)

    def redact_move(self, state: GameState, seat: int, move_text: str) -> str | Msg:
        combat = state.combat
        if move_text.startswith("dice ") and combat is not None and combat.step == DICE \
                and seat in combat.dice.choices:
            return E("redacted.dice", empire=empire_msg(state, seat))
        if move_text.startswith(f"{mv.KEEP} "):          # the kept card stays in a secret hand
            return E("redacted.keep", empire=empire_msg(state, seat))
        if move_text.startswith(f"{mv.ORDER} "):         # the deck's order stays secret
            return E("redacted.order", empire=empire_msg(state, seat))
        return move_text

    def describe_move(self, state: GameState, seat: int, text: str) -> Msg | None:
        words = text.split()
        if not words:
            return None
        if words[0] in (mv.EXPAND, mv.AGENT, mv.DRAW, mv.MOVE, mv.ATTACK):
            return E("describe.actions", cost=1)
        if words[0] == mv.BUILD:
            return E("describe.actions", cost=int(words[2][1:]) if len(words) > 2 and words[2][1:].isdigit() else 1)
        regions = tables().regions
        if words[0] == mv.CLAIM and len(words) == 3 and all(word in regions for word in words[1:]):
            return E("describe.claim", vp=sum(regions[word].vp for word in words[1:]))
        if words[0] == mv.STEAL and len(words) == 2 and words[1] in regions:
            return E("describe.steal", vp=regions[words[1]].vp)
        if words[0] in (mv.OUTPOST, mv.CLAIM):
            return E("describe.free")
        if words[0] in (mv.PLAY, mv.DISCARD, mv.KEEP, mv.UNTILE) and len(words) > 1 and words[1] in tables().cards:
            return E(f"card_gist.{tables().cards[words[1]].kind}")
        combat = state.combat
        if words[0] == mv.REROLL and combat is not None and combat.rolls.get(seat):
            numbers = tuple(int(word) for word in words[1:] if word.isdigit())
            if numbers:
                return E("describe.reroll", dice=reading.describe_reroll(combat.rolls[seat], numbers))
            return E("describe.keep_dice", faces=reading.dice_faces(combat.rolls[seat]))
        return None

    # ----- reading the table (issues 23/24) --------------------------------------------------------------------
    def move_phrase(self, state: GameState, seat: int, text: str) -> Msg | None:
        return reading.move_phrase(seat, text)

    def localize_move(self, text: str, language: str) -> str:
        return reading.localize_move(text, language)

    def complete(self, state: GameState, seat: int, prefix: str, limit: int = 25) -> list[str]:
        """Autocomplete over the legal moves, matching the notation, the Hungarian words and
        region names (``hq ver`` offers ``hq R12``); one of every kind of move first."""
        texts = (format_move(move) for move in self.legal_moves(state, seat))
        return reading.complete(texts, prefix, self.move_kind, limit)

    def move_kind(self, text: str) -> str:
        """The verb; dice selections by their main colour, so all-tactics never hides all-damage."""
        words = text.split()
        if words and words[0] == mv.DICE and len(words) == 4:
            counts = [int(word[:-1]) if word[:-1].isdigit() else 0 for word in words[1:]]
            return f"dice-{'dst'[counts.index(max(counts))]}"
        return words[0].lower() if words else ""

    def score_breakdown(self, state: GameState) -> list[list[ScorePart]]:
        """EVE-DEF-10: each empire's VP by the rings of its region cards."""
        return [reading.score_parts(player.region_cards) for player in state.players]

    def components(self) -> tuple[Component, ...]:
        return reading.components()

    def public_choices(self, state: GameState) -> tuple[int, list[str]] | None:
        """Buttons for a small public decision of one seat (choosing which seal acts first, the
        intel question, an invasion, a steal, where a lost tile comes from, a reveal); never for
        secret ones (dice, kept or ordered cards)."""
        waiting = self.waiting_for(state)
        if len(waiting) != 1:
            return None
        seat = next(iter(waiting))
        if not self._allowed_kinds(state) & {mv.FIRST, mv.ASK, mv.INVADE, mv.STEAL, mv.TAKEFROM, mv.REVEAL}:
            return None
        if state.combat is not None and state.combat.step == DICE and state.combat.question is not None:
            return None                                                 # the advantaged side's dice now
        texts = []
        for move in self._candidates(state, seat):
            if move.kind != mv.DICE and self._legal(state, move):
                texts.append(format_move(move))
                if len(texts) > 5:
                    return None
        return (seat, texts) if len(texts) >= 2 else None

    def default_move(self, state: GameState, seat: int) -> Move | None:
        """The spec's defaults (EVE-BOT-4) when a decision deadline passes."""
        if seat not in self.waiting_for(state):
            return None
        if state.phase == PREP_PLACE and state.players[seat].hq:
            hq = Move(seat, mv.PLACE, regions=(state.players[seat].hq or "",))
            if self._legal(state, hq):
                return hq
        if state.phase == PREP_OUTPOST:
            return Move(seat, mv.PASS)
        if state.phase == PREP_SEAL:
            player = state.players[seat]
            kind = next(k for k in TYPES if k not in player.seals_placed)
            return Move(seat, mv.SEAL, arg=kind, number=min(2, player.storage[kind]))
        rnd = state.round
        if state.phase == ROUND and rnd is not None and not (rnd.reveals_due or rnd.pending_keep or rnd.peek):
            return Move(seat, mv.END)
        combat = state.combat
        if state.phase == COMBAT and combat is not None:
            if combat.step == DICE and not (combat.intel == seat and combat.question is None
                                            and len(combat.dice.choices) == 1):
                strength = combat.strength[seat]
                d = min(5, strength)
                s = min(5, strength - d)
                return Move(seat, mv.DICE, counts=(d, s, min(5, strength - d - s)))
            if combat.step == TACTICS:
                other = combat.defender if seat == combat.attacker else combat.attacker
                useful = min(combat.tactic_actions, combat.totals[other][0])
                return Move(seat, mv.TAC, counts=(useful, combat.tactic_actions - useful))
            if combat.step == INVADE:
                return Move(seat, mv.INVADE, number=0)
            if combat.step == TAKEFROM:
                return Move(seat, mv.TAKEFROM, arg=self._tile_sources(state)[0])
        return next(iter(self.legal_moves(state, seat)), None)

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

    def status_lines(self, view: GameState) -> list[Msg]:
        lines: list[Msg] = []
        if view.phase == OVER:
            lines.append(E("status.over", winners=listing((empire_msg(view, s) for s in view.winners), "and")))
        elif view.phase in PREP_PHASES:
            lines.append(E("status.prep", step=self._step_name(view), empire=empire_msg(view, view.order[view.turn])))
            lines.append(self._end_condition(view))
        else:
            lines.append(E("status.calendar", month=E(f"month.{view.month}"), year=view.year))
            lines.append(self._end_condition(view))
            if view.round is not None:
                lines.append(E("status.round", empire=empire_msg(view, view.round.seat), type=type_msg(view.round.kind),
                               actions=view.round.actions))
            if view.combat is not None:
                c = view.combat
                lines.append(E("status.combat", attacker=empire_msg(view, c.attacker), defender=empire_msg(view, c.defender),
                               source=region_label(c.source), target=region_label(c.target), step=self._step_name(view)))
                for seat in (c.attacker, c.defender):       # the faces, numbered as ``reroll`` numbers them
                    if c.rolls.get(seat):
                        lines.append(E("status.dice", empire=empire_msg(view, seat), faces=reading.dice_faces(c.rolls[seat])))
        for player in view.players:
            seat = player.seat
            sizes = view.hand_sizes[seat]
            lines.append(E("status.empire", empire=empire_msg(view, seat), vp=vp(view, seat), supply=player.supply,
                           regions=len(owned(view, seat)), cards="/".join(str(sizes[k]) for k in TYPES),
                           levels="/".join(str(player.level(k)) for k in TYPES),
                           storage="/".join(str(player.storage[k]) for k in TYPES), letters=E("letters")))
        marked = [E("status.marker", square=mv.square_value(name), region=region_label(code))
                  for name in face_up_squares(view) if (code := marker_region(view, name))]
        lines.append(E("status.markers", markers=listing(marked)))
        return lines

    def _end_condition(self, view: GameState) -> Msg:
        """How this game ends (EVE-END-1/2/4): Trinity's years, or Vision's target and year limit."""
        length = str(view.options["length"])
        if view.options["end"] == "vision":
            return E("status.end_vision", target=int(str(view.options["vp_target"])), years=VISION_YEAR_LIMIT[length])
        return E("status.end_trinity", years=TRINITY_YEARS[length])

    def private_lines(self, view: GameState, seat: int) -> list[Msg]:
        """The seat's hand, then its own secret choices not yet public: the sealed dice while
        the other side still chooses (EVE-CMB-5), the two drawn cards to keep one of (LOG-H),
        the deck's top cards to put back in order (LOG-K).  Never another seat's."""
        hand = view.hands.cards[seat]
        kinds = tables().cards
        lines = [E("private.hand", cards=listing(card_msg(card) for card in hand))]
        for card in hand:              # what each card does, when it is played (issue 23)
            if card in kinds:
                kind = kinds[card]
                lines.append(E("private.card", card=card_msg(card), gist=E(f"card_gist.{kind.kind}"),
                               timing=reading.timing_msg(kind)))
        combat = view.combat
        if combat is not None and not combat.dice.complete():
            chosen = combat.dice.choices.get(seat)
            if isinstance(chosen, list) and len(chosen) == 3:
                other = combat.defender if seat == combat.attacker else combat.attacker
                lines.append(E("private.dice", d=chosen[0], s=chosen[1], t=chosen[2], other=empire_msg(view, other)))
        rnd = view.round
        if rnd is not None and rnd.seat == seat:
            if rnd.pending_keep and HIDDEN not in rnd.pending_keep:
                lines.append(E("private.keep", cards=listing(card_msg(card) for card in rnd.pending_keep)))
            if rnd.peek and HIDDEN not in rnd.peek:
                lines.append(E("private.order", cards=listing(card_msg(card) for card in rnd.peek)))
        return lines


HUNGARIAN_VERBS = {
    "felfed": mv.REVEAL, "felfedes": mv.REVEAL, "szekhely": mv.HQ, "lerak": mv.PLACE, "elhelyez": mv.PLACE,
    "elooors": mv.OUTPOST, "eloors": mv.OUTPOST, "passz": mv.PASS, "pecset": mv.SEAL, "elso": mv.FIRST,
    "eldob": mv.DISCARD, "dobd": mv.DISCARD, "terjeszkedes": mv.EXPAND, "terjeszkedik": mv.EXPAND,
    "ugynok": mv.AGENT, "epit": mv.BUILD, "huz": mv.DRAW, "mozgat": mv.MOVE, "tamad": mv.ATTACK,
    "tamadas": mv.ATTACK, "kartya": mv.CARDS, "kartyak": mv.CARDS, "kocka": mv.DICE, "kerdez": mv.ASK,
    "taktika": mv.TAC, "betor": mv.INVADE, "ellop": mv.STEAL, "elvesz": mv.TAKEFROM, "igenyel": mv.CLAIM,
    "igenyles": mv.CLAIM, "megszerez": mv.CLAIM, "visszavesz": mv.UNTILE, "gyart": mv.BUILD, "vege": mv.END, "befejez": mv.END, "kijatszik": mv.PLAY, "kijatsz": mv.PLAY,
    "megtart": mv.KEEP, "sorrend": mv.ORDER, "ujradob": mv.REROLL,
}
HUNGARIAN_WORDS = {
    "fejlesztes": "D", "termeles": "P", "hadvezetes": "L", "passz": "pass", "jegyzek": mv.SCHEDULE,
    "sebzes": "dmg", "serules": "dmg", "pajzs": "shd", "taktika": "tac", "semmi": "none",
}
