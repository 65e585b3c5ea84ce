"""Planetarium rules core: the :class:`PlanetariumGame` behind the contract of :mod:`rules.base`.

Rule IDs (``PL-*``) refer to /work/shared/rules/planetarium.md.  Every decision where the
spec is silent is made in one named place: see ``DESIGN DECISIONS`` below.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Iterable, Iterator, Sequence, cast

from rules.base import Component, Game, GameType, IllegalMove, Notice, ScorePart, players_option, spread_kinds
from rules.kit import HIDDEN, Chance, clone, draw_hidden, revealed_between
from rules.messages import Join, Localized, Msg, render

from . import evaluation, suggest
from . import moves as mv
from . import labels, texts
from .data import (DECK_OF_LETTER, DECKS, ROMAN_OF, Card, board, cards, deck_cards,
                   matter_mix, planet_kinds, track_info)
from .moves import Move, format_move
from .state import (MAT_ORDER, MATTER_KINDS, PHASE_CARD, PHASE_DRAW, PHASE_FINALS, PHASE_KEEP_FINAL,
                    PHASE_MOVE, PHASE_OVER, PHASE_SETUP, PLANETS, SEAT_COLOURS, GameState, PlanetState,
                    PlayedCard, PlayerState)

# ----- DESIGN DECISIONS (where the spec leaves a choice to the engine) ----------------------
HAND_SIZE = 5                 # PL-HAND-1
MAX_FINALS_IN_HAND = 4        # PL-DRAW-2
TURN_CAP = 400                # PL-END-4: a hard cap of turns in total starts the last round
# "draw F" is two decisions: "draw F" shows the two cards to the drawer, then "discard <card>"
# names the one going face up to the discard pile (so the move log never names the kept card);
# "keep <card>" and the spec's one-line "draw F keep=<card>" are read as the same second step.
# A played card's marker comes from the supply; with an empty supply the player must say
# marker=from:<card> (any own marker, any row) or marker=none (PL-CARD-5).
# A final card with no from= takes the marker from the earliest card of the row carrying one.
# Setup discards and the 4-final limit are the only limits on finals in hand.
# state.events holds messages (stored as rules.messages.to_json); a plain string there is the
# English text of a game saved before messages existed and is shown as it is.
# Hungarian words are accepted as aliases of the English verbs (moves.VERB_ALIASES); the
# stored notation (format_move) is always the English one.
# default_move (a decision deadline passed): setup -> discard the final card worth fewer
# points (keep the better one; on a tie the higher id goes); move step -> the token move
# autocomplete offers first (suggest.order: the most useful for the mover's own hand), or
# "mv none"; card step -> pass
# (done in the last round); draw -> draw I, else M, else F; keep a drawn final -> keep the one
# worth more; finals of the last round -> done.

MATTER_SET = frozenset(MATTER_KINDS)
PLANET_SET = frozenset(PLANETS)


# ----- messages ---------------------------------------------------------------------------------
def P(key: str, /, **values: Any) -> Msg:
    """A message of this game's catalogue (``planetarium.<key>``)."""
    return Msg(f"planetarium.{key}", **values)


def colour_msg(state: GameState, seat: int) -> Msg:
    return P(f"colour.{state.players[seat].colour.lower()}")


def card_name(card_id: str | None) -> Msg:
    return P(f"card.{card_id}")


def deck_msg(deck: str) -> Msg:
    return P(f"deck.{deck}")


def add_event(state: GameState, key: str, /, **values: Any) -> None:
    state.events.append(P(f"event.{key}", **values))


def track_spaces(numbers: list[str]) -> Localized:
    """Track spaces as the reader writes a list: "5, 6 and 7", "5, 6 és 7" (a newcomer reads
    "5,6" as a number; the spec's log notation "track 5,6" is not what the thread shows)."""
    return Localized(en=render(Join(numbers, "and"), "en"), hu=render(Join(numbers, "and"), "hu"))


def event_message(event: Msg | str) -> Msg:
    """One stored event as a message (a legacy plain string stays readable as it is)."""
    return P("event.legacy", text=event) if isinstance(event, str) else event


def event_messages(state: GameState) -> list[Msg]:
    return [event_message(event) for event in state.events]


def event_texts(state: GameState, language: str = "en") -> list[str]:
    return [render(message, language) for message in event_messages(state)]


def route_msg(path: "tuple[str, ...] | list[str]") -> Msg | str:
    """A matter token's path as the rulebook says it: from a space (mező) to a space, through the
    one between when it moves two (``II-1 → II-3`` / "a II-1 mezőről a II-3 mezőre")."""
    if len(path) < 2:
        return " ".join(path)
    if len(path) == 2:
        return P("route", node=path[0], to=path[-1])
    return P("route_via", node=path[0], via=Join(list(path[1:-1])), to=path[-1])


def listing(items: Sequence[Any], conj: str = "comma", empty: str = "none") -> Join | Msg:
    """A Join of ``items``, or the message ``planetarium.<empty>`` when there are none."""
    return Join(items, conj) if items else P(empty)


# ----- state copying --------------------------------------------------------------------------
def clone_state(state: GameState) -> GameState:
    """A deep copy (the kit's copy, generated from the fields' type hints: ``copy.deepcopy``
    is ten times slower; bench/bench_clone.py)."""
    return clone(state)


def finals_in_hand(player: PlayerState) -> list[str]:
    return [card for card in player.hand if card[0] == "F"]


def sync_public_counts(state: GameState) -> None:
    """Keep the public counters (hand sizes, deck sizes) equal to the hidden lists."""
    for player in state.players:
        if player.hand_known:
            player.hand_count = len(player.hand)
            player.final_count = len(finals_in_hand(player))
    for deck in DECKS:
        if state.rng is not None:   # a full state, not a view
            state.deck_sizes[deck] = len(state.decks[deck])


# ----- small queries ----------------------------------------------------------------------------
def colour(state: GameState, seat: int) -> str:
    return state.players[seat].colour


def matter_on_board(state: GameState) -> int:
    return sum(1 for token in state.nodes.values() if token in MATTER_SET)


def planet_orbit(state: GameState, planet: str) -> int:
    return board().orbit[state.planet_pos[planet]]


def mat_total(player: PlayerState) -> int:
    return sum(sum(area.values()) for area in player.mat.values())


def markers_on_cards(state: GameState, seat: int) -> int:
    return sum(1 for planet in state.planets.values() for played in planet.row if played.marker == seat)


def own_marker_cards(state: GameState, seat: int, planet: str | None = None) -> list[str]:
    """Cards (in row order) carrying ``seat``'s marker, in one planet's row or in all rows."""
    letters = (planet,) if planet else PLANETS
    return [played.card for letter in letters for played in state.planets[letter].row if played.marker == seat]


def lift_marker(state: GameState, card_id: str) -> None:
    """Take the marker off the played card ``card_id`` (card ids are unique on the board)."""
    for planet in state.planets.values():
        for played in planet.row:
            if played.card == card_id:
                played.marker = None


def pile_available(state: GameState, deck: str) -> int:
    return len(state.decks[deck]) + len(state.discards[deck])


def draw_options(state: GameState, seat: int) -> list[str]:
    """Legal draw letters after playing a card (PL-DRAW-1/2/4/5)."""
    options = []
    if pile_available(state, "initial"):
        options.append("I")
    if pile_available(state, "major"):
        options.append("M")
    if pile_available(state, "final") and len(finals_in_hand(state.players[seat])) + 1 <= MAX_FINALS_IN_HAND:
        options.append("F")
    return options


# ----- movement -----------------------------------------------------------------------------------
def planet_destinations(state: GameState, planet: str) -> list[str]:
    """Single steps along any line (PL-MOV-5) plus sweep stops along the own orbit (PL-MOV-7)."""
    graph, nodes = board(), state.nodes
    start = state.planet_pos[planet]
    stops: list[str] = []
    for step in graph.successors[start]:
        if nodes[step] not in PLANET_SET:
            stops.append(step)
    node = start
    while True:
        following = graph.orbit_step[node]
        if following is None or following == start:      # arc end, or a full circuit
            break
        node = following
        token = nodes[node]
        if token is None:
            if node not in stops:
                stops.append(node)
        elif token in MATTER_SET:              # must stop on the first matter
            if node not in stops:
                stops.append(node)
            break
        # another planet: pass over it, never stop on it
    return stops


def matter_paths(state: GameState, node: str) -> list[tuple[str, ...]]:
    """Moves of the matter token on ``node`` (PL-MOV-2/3/4, PL-MOV-10)."""
    graph, nodes = board(), state.nodes
    paths: list[tuple[str, ...]] = []
    for first in graph.successors[node]:
        token = nodes[first]
        if token is None:
            paths.append((node, first))
            if state.accelerated:
                for second in graph.successors[first]:
                    if second != node and (nodes[second] is None or nodes[second] in PLANET_SET):
                        paths.append((node, first, second))
        elif token in PLANET_SET:              # collision ends the move (PL-MOV-4, P-13)
            paths.append((node, first))
    return paths


def all_token_moves(state: GameState) -> list[tuple[str, ...]]:
    result: list[tuple[str, ...]] = []
    for node in board().node_ids:
        token = state.nodes[node]
        if token in MATTER_SET:
            result.extend(matter_paths(state, node))
    for planet in PLANETS:
        result.extend((planet, stop) for stop in planet_destinations(state, planet))
    return result


def explain_matter_path(state: GameState, path: tuple[str, ...]) -> tuple[Msg, str]:
    """(reason, rule) why a matter path is not legal."""
    graph, nodes = board(), state.nodes
    if len(path) == 3 and not state.accelerated:
        return P("why.two_steps", space=track_info()[1], count=len(state.track)), "PL-MOV-2"
    for here, there in zip(path, path[1:]):
        if there not in graph.successors[here]:
            return P("why.no_line", here=here, there=there, successors=list(graph.successors[here])), "PL-MOV-1"
    for index, node in enumerate(path[1:], start=1):
        token = nodes[node]
        if token in MATTER_SET:
            return P("why.into_matter", node=node), "PL-MOV-3"
        if token in PLANET_SET and index < len(path) - 1:
            return P("why.collision", planet=token, node=node), "PL-MOV-4"
    if len(path) == 3 and path[2] == path[0]:
        return P("why.back_to_start"), "PL-MOV-10"
    return P("why.not_legal"), "PL-MOV-10"


def explain_planet_stop(state: GameState, planet: str, to: str) -> tuple[Msg, str]:
    graph, nodes = board(), state.nodes
    start = state.planet_pos[planet]
    if nodes[to] in PLANET_SET:
        return (P("why.planet_there", planet=nodes[to]) if nodes[to] != planet else P("why.already_there")), \
            "PL-MOV-7"
    node = start
    while True:
        following = graph.orbit_step[node]
        if following is None or following == start:
            break
        node = following
        if node == to:
            break
        if nodes[node] in MATTER_SET:
            return P("why.sweep_matter", node=node), "PL-MOV-7"
    return P("why.not_reachable", to=to, start=start, orbit=ROMAN_OF[graph.orbit[start]]), "PL-MOV-5"


# ----- card requirements ----------------------------------------------------------------------------
def requirement_failures(state: GameState, seat: int, card: Card, planet: str) -> list[tuple[Msg, str]]:
    """Unmet requirements of ``card`` on ``planet`` for ``seat``, as (message, rule) pairs (PL-CARD-3)."""
    failures: list[tuple[Msg, str]] = []
    kind = planet_kinds()[planet]
    if card.planet_type == "solid" and kind != "solid":
        failures.append((P("req.solid", card=card.id, planet=planet), "PL-CARD-3"))
    elif card.planet_type == "gas" and kind != "gas":
        failures.append((P("req.gas", card=card.id, planet=planet), "PL-CARD-3"))
    orbit = planet_orbit(state, planet)
    if not card.orbit_min <= orbit <= card.orbit_max:
        failures.append((P("req.orbit", card=card.id, orbits=card.orbit_text(), planet=planet,
                           orbit=ROMAN_OF[orbit]), "PL-CARD-3"))
    habitable = state.planets[planet].habitable
    if card.habitability_required == "habitable" and not habitable:
        failures.append((P("req.habitable", card=card.id, planet=planet), "PL-CARD-3"))
    elif card.habitability_required == "uninhabitable" and habitable:
        failures.append((P("req.uninhabitable", card=card.id, planet=planet), "PL-CARD-3"))
    area = state.players[seat].mat[planet]
    missing = [(kind, count - area[kind]) for kind, count in card.cost if area[kind] < count]
    if missing:
        have = [(kind, count) for kind, count in area.items() if count]
        failures.append((P("req.cost", card=card.id, cost=texts.amounts(card.cost), planet=planet,
                           have=texts.amounts(have) if have else P("req.nothing"), missing=texts.amounts(missing)),
                         "PL-CARD-3"))
    if card.marker_removal and not own_marker_cards(state, seat, planet):
        failures.append((P("req.marker", planet=planet), "PL-FIN-2"))
    return failures


def playable_planets(state: GameState, seat: int, card_id: str) -> list[str]:
    card = cards()[card_id]
    return [planet for planet in PLANETS if not requirement_failures(state, seat, card, planet)]


# ----- randomness-consuming helpers -------------------------------------------------------------------
def draw_card(state: GameState, deck: str, events: list[Msg | str]) -> str | None:
    """Top card of ``deck``; reshuffles its discard pile first when the deck is empty (PL-DRAW-3).
    The draw (and the shuffle) is recorded on the state's ``rng`` as revealing (the kit)."""
    if not state.decks[deck] and not state.discards[deck]:
        return None
    assert state.rng is not None, "a view cannot draw"
    if not state.decks[deck]:
        state.decks[deck] = state.rng.shuffled(state.discards[deck])
        state.discards[deck] = []
        events.append(P("event.reshuffled", deck=deck_msg(deck)))
    return draw_hidden(state.rng, state.decks[deck])[0]


def goes_face_up(state: GameState, count: int = 1) -> None:
    """Hand cards turned face up (played, discarded, the setup discards opened together):
    recorded on the state's ``rng`` as revealing (the kit), so such a move cannot be undone."""
    assert state.rng is not None, "a view cannot play"
    state.rng.reveal(count)


# ----- the game -------------------------------------------------------------------------------------------
class PlanetariumGame(Game[GameState, Move]):
    name = "planetarium"
    title = "Planetarium"
    min_players = 2
    max_players = 4
    game_type = GameType(hidden_information=True, chance=True, simultaneous=True)   # hands, draws; setup discards
    options = (players_option(2, 4, 2),)

    # ----- setup ----------------------------------------------------------------------------------------
    def new_game(self, options: dict[str, Any], seed: int) -> GameState:
        options = self.normalize_options(options)
        count = options["players"]
        rng = Chance(seed)
        graph = board()
        # PL-BOT-4 order: matter placement, initial, major, final deck, deals, start-player tie break
        tokens = [kind for kind, amount in matter_mix() for _ in range(amount)]
        rng.shuffle(tokens)
        nodes: dict[str, str | None] = {node: None for node in graph.node_ids}
        for node, token in zip(graph.dot_nodes, tokens):
            nodes[node] = token
        for planet, node in graph.start_node.items():
            nodes[node] = planet
        decks = {deck: rng.shuffled(sorted(deck_cards(deck))) for deck in DECKS}
        players = [PlayerState(seat=seat, colour=SEAT_COLOURS[seat]) for seat in range(count)]
        for player in players:
            for deck in DECKS:
                player.hand.extend(draw_hidden(rng, decks[deck], 2))
        state = GameState(
            players=players, nodes=nodes, planet_pos=dict(graph.start_node),
            planets={letter: PlanetState(letter=letter, kind=planet_kinds()[letter]) for letter in PLANETS},
            decks=decks, discards={deck: [] for deck in DECKS}, phase=PHASE_SETUP, rng=rng,
            events=[P("event.setup_start")])
        sync_public_counts(state)
        return state

    # ----- notation -------------------------------------------------------------------------------------
    def format_move(self, move: Move) -> str:
        return format_move(move)

    def parse_move(self, state: GameState, seat: int, text: str) -> Move:
        corrected = mv.corrected_verb(text)
        if corrected is not None:           # 'pas': did you mean 'pass'? (not the whole notation)
            raise IllegalMove("planetarium.err.did_you_mean", "PL-NOTATION", text=text, word=mv.tokenize(text)[0],
                              suggestion=texts.notation_or_text(corrected))
        verb, move = mv.parse_syntax(seat, text)
        player = state.players[seat] if 0 <= seat < len(state.players) else None
        if player is None:
            raise IllegalMove("planetarium.err.no_seat", "PL-SETUP-4", seat=seat, count=len(state.players))
        if move.kind == mv.KEEP_FINAL:
            if state.phase == PHASE_SETUP:
                pair = finals_in_hand(player)
            elif state.phase == PHASE_KEEP_FINAL and seat == state.active:
                pair = list(player.drawn_finals)
            elif state.phase == PHASE_DRAW and seat == state.active:
                raise IllegalMove("planetarium.err.keep_draw_first", "PL-DRAW-1", hint=self._hint(state, seat))
            elif state.phase != PHASE_OVER and seat != state.active:
                raise IllegalMove("planetarium.err.not_your_turn", "PL-TURN-2", active=colour_msg(state, state.active),
                                  seat=colour_msg(state, seat))
            else:
                raise IllegalMove("planetarium.err.keep_when", "PL-TURN-1", hint=self._hint(state, seat))
            if move.card not in pair or len(pair) != 2:
                raise IllegalMove("planetarium.err.keep_which", "PL-SETUP-6" if state.phase == PHASE_SETUP
                                  else "PL-DRAW-1", cards=listing(pair, "or", "none_cards"), card=move.card)
            return Move(seat, mv.DISCARD_FINAL, card=[card for card in pair if card != move.card][0])
        if move.kind == mv.PASS and state.last_round:
            return Move(seat, mv.DONE)
        if move.kind == mv.DONE and not state.last_round and state.phase == PHASE_CARD:
            return Move(seat, mv.PASS)
        if move.kind == mv.MOVE and len(move.path) == 2 and state.nodes.get(move.path[0]) in PLANET_SET:
            return Move(seat, mv.MOVE, path=(cast(str, state.nodes[move.path[0]]), move.path[1]))
        if move.kind == mv.FINAL and move.from_card is None and move.planet:
            sources = own_marker_cards(state, seat, move.planet)
            if sources:
                return replace(move, from_card=sources[0])
        return move

    def notation_help(self) -> Msg:
        return P("help.notation")

    def rules_summary(self) -> Msg:
        return P("help.summary")

    def title_msg(self) -> Msg:
        return P("title")

    def seat_label(self, state: GameState, seat: int) -> Msg:
        return P(f"colour.{SEAT_COLOURS[seat].lower()}")

    # ----- whose turn ------------------------------------------------------------------------------------
    def waiting_reason(self, state: GameState) -> Msg | None:
        """While the final cards are discarded in secret (PL-SETUP-6, PL-BOT-2), everyone the
        game does not wait for has chosen: say that, not "not your turn" (newcomer 27i, I-25)."""
        if state.phase == PHASE_SETUP:
            return P("reason.setup_discarded",
                     waiting=Join([self.seat_label(state, s) for s in sorted(self.waiting_for(state))], "and"))
        return None

    def waiting_for(self, state: GameState) -> set[int]:
        if state.phase == PHASE_OVER:
            return set()
        if state.phase == PHASE_SETUP:
            return {player.seat for player in state.players if not player.setup_done}
        return {state.active}

    def is_over(self, state: GameState) -> bool:
        return state.phase == PHASE_OVER

    def scores(self, state: GameState) -> list[int]:
        return [player.score for player in state.players]

    def winners(self, state: GameState) -> list[int]:
        return list(state.winners) if state.phase == PHASE_OVER else []

    # ----- legal moves -----------------------------------------------------------------------------------
    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        return list(self.iter_legal_moves(state, seat))

    def iter_legal_moves(self, state: GameState, seat: int, expand_gravity: bool = True) -> Iterator[Move]:
        """Every legal move of ``seat``; gravity variants of card plays come last."""
        if seat not in self.waiting_for(state):
            return
        player = state.players[seat]
        phase = state.phase
        if phase == PHASE_SETUP:
            if player.hand_known:
                for final in finals_in_hand(player):
                    yield Move(seat, mv.DISCARD_FINAL, card=final)
            return
        if phase == PHASE_MOVE:
            paths = all_token_moves(state)
            if not paths:
                yield Move(seat, mv.MOVE_NONE)
            for path in paths:
                yield Move(seat, mv.MOVE, path=path)
            return
        if phase == PHASE_DRAW:
            for letter in draw_options(state, seat):
                yield Move(seat, mv.DRAW, deck=letter)
            return
        if phase == PHASE_KEEP_FINAL:
            for final in player.drawn_finals:
                yield Move(seat, mv.DISCARD_FINAL, card=final)
            return
        gravity_cards: list[Move] = []
        if phase == PHASE_CARD:
            for card_id in dict.fromkeys(player.hand):
                card = cards()[card_id]
                if card.deck == "final":
                    continue
                for planet in playable_planets(state, seat, card_id):
                    for marker in self._marker_choices(state, seat):
                        move = Move(seat, mv.PLAY, card=card_id, planet=planet, marker_from=marker)
                        yield move
                        if card.gravity:
                            gravity_cards.append(move)
            if not state.last_round:
                if pile_available(state, "initial"):
                    for card_id in dict.fromkeys(player.hand):
                        if cards()[card_id].replaceable:
                            yield Move(seat, mv.REPLACE, card=card_id)
                yield Move(seat, mv.PASS)
        if state.last_round and phase in (PHASE_CARD, PHASE_FINALS):
            for card_id in dict.fromkeys(finals_in_hand(player)):
                for planet in playable_planets(state, seat, card_id):
                    for source in own_marker_cards(state, seat, planet):
                        yield Move(seat, mv.FINAL, card=card_id, planet=planet, from_card=source)
            yield Move(seat, mv.DONE)
        if expand_gravity and gravity_cards:
            targets = [node for node in board().node_ids if state.nodes[node] in MATTER_SET]
            for move in gravity_cards:
                for node in targets:
                    for area in MAT_ORDER:
                        yield replace(move, gravity=(node, area))

    def _marker_choices(self, state: GameState, seat: int) -> list[str | None]:
        if state.players[seat].markers_supply > 0:
            return [None]
        return [*own_marker_cards(state, seat), mv.MARKER_NONE]

    def complete(self, state: GameState, seat: int, prefix: str, limit: int = 25) -> list[str]:
        """Like the default (one move of every kind first, ``move_kind``), but the moves worth
        making come first (``suggest.order``: a newcomer takes the first line) and gravity
        variants are only listed once the options of a play are typed."""
        prefix = self.canonical_prefix(prefix)
        typed = " ".join(prefix.lower().split())
        words = typed.split(" ")
        # "play <card> <planet> " with a fourth word begun (or a trailing space) asks for options
        wants_options = words[0] == "play" and (len(words) >= 4 or (len(words) == 3 and prefix.endswith(" ")))
        found = [(move, text) for move in self.iter_legal_moves(state, seat, expand_gravity=wants_options)
                 if (text := format_move(move)).lower().startswith(typed)]
        texts_ = {move: text for move, text in found}
        ranked = suggest.order(state, seat, [move for move, _text in found])   # worth making first (D16)
        return spread_kinds((texts_[move] for move in ranked), self.move_kind, limit)

    def move_kind(self, text: str) -> str:
        """Planet moves apart from matter moves, and each card's plays apart (autocomplete)."""
        return texts.move_kind(text)

    # ----- apply ------------------------------------------------------------------------------------------
    def apply(self, state: GameState, move: Move) -> GameState:
        if state.phase == PHASE_OVER:
            raise IllegalMove("planetarium.err.game_over", "PL-END-3")
        self._check_turn(state, move)
        new = clone_state(state)
        new.events = []
        handler = {
            mv.DISCARD_FINAL: (self._apply_setup_discard if state.phase == PHASE_SETUP
                               else self._apply_drawn_final_discard), mv.MOVE: self._apply_move,
            mv.MOVE_NONE: self._apply_move_none, mv.PLAY: self._apply_play, mv.REPLACE: self._apply_replace,
            mv.PASS: self._apply_pass, mv.DRAW: self._apply_draw,
            mv.FINAL: self._apply_final, mv.DONE: self._apply_done,
        }.get(move.kind)
        if handler is None:
            raise IllegalMove("planetarium.err.unknown_kind", "PL-NOTATION", kind=str(move.kind))
        handler(new, move)
        sync_public_counts(new)
        return new

    def _check_turn(self, state: GameState, move: Move) -> None:
        seat = move.seat
        if not 0 <= seat < len(state.players):
            raise IllegalMove("planetarium.err.no_seat", "PL-SETUP-4", seat=seat, count=len(state.players))
        if state.phase == PHASE_SETUP:
            if state.players[seat].setup_done:
                raise IllegalMove("planetarium.err.setup_done", "PL-SETUP-6", who=colour_msg(state, seat),
                                  waiting=self._names(state, self.waiting_for(state)))
            if move.kind != mv.DISCARD_FINAL:
                raise IllegalMove("planetarium.err.setup_first", "PL-SETUP-6", hint=self._hint(state, seat))
            return
        if seat != state.active:
            raise IllegalMove("planetarium.err.not_your_turn", "PL-TURN-2", active=colour_msg(state, state.active),
                              seat=colour_msg(state, seat))
        allowed = {
            PHASE_MOVE: (mv.MOVE, mv.MOVE_NONE),
            PHASE_CARD: ((mv.PLAY, mv.FINAL, mv.DONE) if state.last_round else (mv.PLAY, mv.REPLACE, mv.PASS)),
            PHASE_FINALS: (mv.FINAL, mv.DONE),
            PHASE_DRAW: (mv.DRAW,),
            PHASE_KEEP_FINAL: (mv.DISCARD_FINAL,),
        }[state.phase]
        if move.kind not in allowed:
            rule = "PL-TURN-1"
            if move.kind == mv.FINAL:
                rule = "PL-FIN-1" if state.last_round else "PL-CARD-1"
            elif move.kind == mv.REPLACE and state.last_round:
                rule = "PL-REPL-3"
            extra: dict[str, Any] = {}
            if move.kind == mv.FINAL and not state.last_round:
                key = "final_not_last"
            elif move.kind == mv.REPLACE and state.last_round:
                key = "replace_last"
            elif move.kind == mv.DRAW and state.phase == PHASE_CARD:
                key = "draw_after_play"
            elif move.kind == mv.DISCARD_FINAL and state.phase == PHASE_DRAW:
                key = "keep_draw_first"
                rule = "PL-DRAW-1"
            elif move.kind == mv.PLAY and state.phase == PHASE_FINALS:
                key = "one_card"
                rule = "PL-FIN-1"
            else:
                key = {PHASE_MOVE: "move_first", PHASE_DRAW: "draw_first",
                       PHASE_KEEP_FINAL: "keep_first"}.get(state.phase, "not_in_step")
                if key == "not_in_step":
                    extra["step"] = self._step_name(state)
            raise IllegalMove(f"planetarium.err.{key}", rule, hint=self._hint(state, seat), **extra)

    def _names(self, state: GameState, seats: Iterable[int]) -> Join | Msg:
        return listing([colour_msg(state, seat) for seat in sorted(seats)], "and", "nobody")

    def _hint(self, state: GameState, seat: int) -> Msg:
        """What the seat is expected to do now, for error messages."""
        player = state.players[seat]
        phase = state.phase
        if phase == PHASE_SETUP:
            return P("hint.setup", moves=Join([texts.notation_or_text(f"discard {card}")
                                                for card in finals_in_hand(player)], "or"))
        if phase == PHASE_MOVE:
            return P("hint.move")
        if phase == PHASE_CARD and not state.last_round:
            return P("hint.card")
        if phase == PHASE_CARD:
            return P("hint.card_last")
        if phase == PHASE_FINALS:
            return P("hint.finals")
        if phase == PHASE_DRAW:
            return P("hint.draw", moves=[texts.notation_or_text(f"draw {letter}") for letter in draw_options(state, seat)])
        if phase == PHASE_KEEP_FINAL:
            return P("hint.keep", choices=Join([P("hint.keep_choice", discard=texts.notation_or_text(f"discard {c}"),
                                                  keep=texts.card_label(o))
                                                for c, o in zip(player.drawn_finals, player.drawn_finals[::-1])],
                                               "or"))
        return P("hint.over")

    def waiting_hint(self, state: GameState) -> Msg | None:
        """What the thread's "waiting for" line adds (public, the same for every seat): the
        sealed setup discard (PL-SETUP-6), or the step of the turn after its token move; None at
        the move, where a turn starts."""
        if state.phase in (PHASE_MOVE, PHASE_OVER):
            return None
        if state.phase == PHASE_CARD and state.last_round:
            return P("wait.card_last")
        return P(f"wait.{state.phase}")

    # ----- setup discard ----------------------------------------------------------------------------------
    def _apply_setup_discard(self, state: GameState, move: Move) -> None:
        player = state.players[move.seat]
        finals = finals_in_hand(player)
        if move.card not in finals:
            raise IllegalMove("planetarium.err.setup_not_final", "PL-SETUP-6",
                              cards=listing(finals, "or", "none_cards"), card=move.card)
        player.setup_discard = move.card
        player.setup_done = True
        add_event(state, "chose_setup", who=colour_msg(state, move.seat))
        if all(p.setup_done for p in state.players):
            self._finish_setup(state)

    def _finish_setup(self, state: GameState) -> None:
        """Reveal the setup discards together and pick the start player (PL-SETUP-7, PL-BOT-2)."""
        goes_face_up(state, len(state.players))     # the sealed choices open together
        for player in state.players:
            discard = player.setup_discard
            assert discard is not None, "every seat has chosen"
            player.hand.remove(discard)
            state.discards["final"].append(discard)
            player.setup_discarded = discard
        values = [cards()[cast(str, p.setup_discarded)].points for p in state.players]
        best = max(values)
        tied = [seat for seat, value in enumerate(values) if value == best]
        assert state.rng is not None, "a view cannot finish the setup"
        start = tied[0] if len(tied) == 1 else state.rng.choice(tied)
        state.start_player = start
        revealed = [P("event.setup_card", who=colour_msg(state, p.seat), card=texts.card_label(cast(str, p.setup_discarded)),
                      points=cards()[cast(str, p.setup_discarded)].points) for p in state.players]
        add_event(state, "setup_revealed_tie" if len(tied) > 1 else "setup_revealed", revealed=revealed,
                  start=colour_msg(state, start))
        state.active = start
        self._begin_turn(state)

    # ----- turn flow ---------------------------------------------------------------------------------------
    def _begin_turn(self, state: GameState) -> None:
        state.turn_no += 1
        state.phase = PHASE_MOVE
        state.moved = False
        state.card_played = None
        state.replaced = None
        state.finals_played = []
        state.turn_started_without_matter = matter_on_board(state) == 0

    def _end_turn(self, state: GameState) -> None:
        count = len(state.players)
        current = state.active
        if state.last_round:
            state.players[current].last_turn_taken = True
            if not state.last_round_queue:
                self._finish_game(state)
                return
            state.active = state.last_round_queue.pop(0)
            self._begin_turn(state)
            return
        if state.turn_started_without_matter:   # PL-END-4 stall guard
            state.stall_turns = 0 if state.card_played else state.stall_turns + 1
        reason = None
        if state.stall_turns >= count:
            reason = "stall"
        elif state.turn_no >= TURN_CAP:
            reason = "cap"
        if reason:
            state.last_round = True
            state.last_round_reason = reason
            state.last_round_queue = [(current + offset) % count for offset in range(1, count + 1)]
            if reason == "stall":
                add_event(state, "last_round_stall")
            else:
                add_event(state, "last_round_cap", cap=TURN_CAP)
            state.active = state.last_round_queue.pop(0)
        else:
            state.active = (current + 1) % count
        self._begin_turn(state)

    def _start_last_round_by_track(self, state: GameState, seat: int) -> None:
        count = len(state.players)
        state.last_round = True
        state.last_round_reason = "track"
        state.trigger_player = seat
        state.last_round_queue = [(seat + offset) % count for offset in range(1, count)]
        add_event(state, "last_round_track", who=colour_msg(state, seat))

    def _finish_game(self, state: GameState) -> None:
        state.phase = PHASE_OVER
        keys = [self.ranking_key(state, seat) for seat in range(len(state.players))]
        best = max(keys)
        state.winners = [seat for seat, key in enumerate(keys) if key == best]
        add_event(state, "game_over", scores=[P("event.score", who=colour_msg(state, p.seat), score=p.score)
                                              for p in state.players],
                  winners=self._names(state, state.winners))

    @staticmethod
    def ranking_key(state: GameState, seat: int) -> tuple[int, int, int, int]:
        """PL-WIN: score, then most matter on the mat, most markers on cards, fewest cards in hand."""
        player = state.players[seat]
        cards_in_hand = len(player.hand) if player.hand_known else player.hand_count
        return (player.score, mat_total(player), markers_on_cards(state, seat), -cards_in_hand)

    # ----- movement ----------------------------------------------------------------------------------------
    def _apply_move_none(self, state: GameState, move: Move) -> None:
        paths = all_token_moves(state)
        if paths:
            raise IllegalMove("planetarium.err.mv_none", "PL-TURN-1",
                              examples=[texts.notation_or_text("mv " + " ".join(path)) for path in paths[:5]])
        add_event(state, "no_token_moves")
        state.moved = True
        state.phase = PHASE_CARD

    def _apply_move(self, state: GameState, move: Move) -> None:
        seat, path = move.seat, move.path
        player = state.players[seat]
        if path and path[0] in PLANET_SET:
            planet, to = path[0], path[-1]
            if len(path) != 2:
                raise IllegalMove("planetarium.err.planet_one_step", "PL-MOV-8")
            stops = planet_destinations(state, planet)
            if to not in stops:
                reason, rule = explain_planet_stop(state, planet, to)
                raise IllegalMove("planetarium.err.planet_stop", rule, planet=planet, to=to, reason=reason,
                                  stops=listing(stops))
            state.nodes[state.planet_pos[planet]] = None
            collected = state.nodes[to]
            state.nodes[to] = planet
            state.planet_pos[planet] = to
            if collected in MATTER_SET:
                player.mat[planet][collected] += 1
                add_event(state, "planet_collects", planet=planet, to=to, kind=P(f"matter.{collected}"),
                          who=colour_msg(state, seat))
            else:
                add_event(state, "planet_moved", planet=planet, to=to)
        else:
            start = path[0] if path else None
            token = state.nodes.get(start) if start else None
            if token not in MATTER_SET:
                what = P("why.holds_nothing") if token is None else P("why.holds_planet", planet=token)
                raise IllegalMove("planetarium.err.no_matter_on", "PL-MOV-1", node=str(start), what=what)
            assert start is not None and token is not None   # it holds matter
            legal = matter_paths(state, start)
            if tuple(path) not in legal:
                reason, rule = explain_matter_path(state, tuple(path))
                options = [texts.notation_or_text("mv " + " ".join(p)) for p in legal]
                raise IllegalMove("planetarium.err.matter_path", rule, node=start, path=route_msg(path),
                                  reason=reason, options=listing(options, "comma", "why.cannot_move"))
            end = path[-1]
            state.nodes[start] = None
            target = state.nodes[end]
            if target in PLANET_SET:
                player.mat[target][token] += 1
                add_event(state, "matter_hits", kind=P(f"matter.{token}"), route=route_msg(path), planet=target,
                          who=colour_msg(state, seat))
            else:
                state.nodes[end] = token
                add_event(state, "matter_moves", kind=P(f"matter.{token}"), route=route_msg(path))
        state.moved = True
        state.phase = PHASE_CARD

    # ----- cards -------------------------------------------------------------------------------------------------
    def _card_in_hand(self, state: GameState, seat: int, card_id: str | None) -> Card:
        player = state.players[seat]
        if card_id not in player.hand:
            raise IllegalMove("planetarium.err.not_in_hand", "PL-CARD-1", card=card_id,
                              hand=listing(list(player.hand), "comma", "none_cards"))
        assert card_id is not None   # it is in the hand
        return cards()[card_id]

    def _check_requirements(self, state: GameState, seat: int, card: Card, planet: str) -> None:
        failures = requirement_failures(state, seat, card, planet)
        if failures:
            elsewhere = playable_planets(state, seat, card.id)
            where = (P("req.where_now", card=card.id, planets=elsewhere) if elsewhere
                     else P("req.nowhere", card=card.id))
            raise IllegalMove("planetarium.err.cannot_play", failures[0][1], card=card.id, planet=planet,
                              failures=[m for m, _ in failures], where=where)

    def _apply_play(self, state: GameState, move: Move) -> None:
        seat = move.seat
        player = state.players[seat]
        card = self._card_in_hand(state, seat, move.card)
        if card.deck == "final":
            raise IllegalMove("planetarium.err.play_final_now" if state.last_round
                              else "planetarium.err.play_final_later", "PL-CARD-1", card=card.id)
        if move.planet not in PLANET_SET:
            raise IllegalMove("planetarium.err.no_planet", "PL-CARD-2")
        self._check_requirements(state, seat, card, move.planet)
        if move.gravity is not None:
            if not card.gravity:
                raise IllegalMove("planetarium.err.no_gravity_icon", "PL-GRAV-1", card=card.id)
            node, area = move.gravity
            if state.nodes.get(node) not in MATTER_SET:
                held = state.nodes.get(node)
                raise IllegalMove("planetarium.err.grav_no_matter", "PL-GRAV-1", node=node,
                                  what=held if held else P("why.holds_nothing"))
            if area not in PLANET_SET:
                raise IllegalMove("planetarium.err.grav_area", "PL-GRAV-1")
        if player.markers_supply > 0 and move.marker_from is not None:
            raise IllegalMove("planetarium.err.marker_supply", "PL-CARD-5", count=player.markers_supply)
        if player.markers_supply == 0:
            sources = own_marker_cards(state, seat)
            if move.marker_from is None:
                options = [P("nt.marker_from", card=c) for c in sources] + [P("nt.marker_none")]
                raise IllegalMove("planetarium.err.marker_needed", "PL-CARD-5", options=Join(options, "or"))
            if move.marker_from != mv.MARKER_NONE and move.marker_from not in sources:
                raise IllegalMove("planetarium.err.marker_not_there", "PL-CARD-5", card=move.marker_from,
                                  cards=listing(sources, "comma", "no_card"))
        # --- resolve: payment, placement, score, habitability, gravity, track triggers
        player.hand.remove(card.id)
        goes_face_up(state)
        triggered = self._pay(state, seat, card, move.planet)
        played = PlayedCard(card.id, seat, None)
        if player.markers_supply > 0:
            player.markers_supply -= 1
            played.marker = seat
        elif move.marker_from is not None and move.marker_from != mv.MARKER_NONE:
            lift_marker(state, move.marker_from)
            played.marker = seat
            add_event(state, "marker_moved", card=texts.card_label(move.marker_from))
        else:
            add_event(state, "no_marker")
        state.planets[move.planet].row.append(played)
        self._score(state, seat, card, move.planet)
        self._check_habitability(state, move.planet)
        if move.gravity is not None:
            node, area = move.gravity
            token = cast(str, state.nodes[node])   # checked: matter lies there
            state.nodes[node] = None
            player.mat[area][token] += 1
            add_event(state, "gravity", kind=P(f"matter.{token}"), node=node, who=colour_msg(state, seat), area=area)
        elif card.gravity and any(state.nodes.values()):
            # the icon's token is optional (PL-GRAV-1): a play without it says so and how, or a
            # newcomer who chose the plain play never learns the token was there (newcomer 28c P-1)
            add_event(state, "gravity_unused", who=colour_msg(state, seat))
        state.card_played = card.id
        if triggered:
            self._start_last_round_by_track(state, seat)
        if state.last_round:
            state.phase = PHASE_FINALS
        elif draw_options(state, seat):
            state.phase = PHASE_DRAW
        else:
            add_event(state, "hand_shrinks")
            self._end_turn(state)

    def _pay(self, state: GameState, seat: int, card: Card, planet: str) -> bool:
        """PL-CARD-4 / PL-EVO: matter from the mat area onto the track (or F).  True when this
        payment put the first token on F (PL-EVO-3: once per game, never during the last round)."""
        area = state.players[seat].mat[planet]
        spaces, acceleration_space = track_info()
        placed: list[str] = []
        triggered = False
        for kind, count in card.cost:
            area[kind] -= count
            for _ in range(count):
                if state.last_round or triggered or len(state.track) >= spaces:
                    state.final_space.append(kind)
                    placed.append("F")
                    triggered = triggered or not state.last_round
                else:
                    state.track.append(kind)
                    placed.append(str(len(state.track)))
                    if len(state.track) == acceleration_space and not state.accelerated:
                        state.accelerated = True
                        add_event(state, "acceleration")
        numbers = [space for space in placed if space != "F"]
        finals = len(placed) - len(numbers)
        one = "_one" if len(numbers) == 1 else ""     # "space 5", not "spaces 5"
        if numbers and finals:
            add_event(state, f"track_both{one}", spaces=track_spaces(numbers), count=finals)
        elif numbers:
            add_event(state, f"track{one}", spaces=track_spaces(numbers))
        elif finals:
            add_event(state, "track_final", count=finals)
        return triggered

    def _score(self, state: GameState, seat: int, card: Card, planet: str) -> None:
        player = state.players[seat]
        player.score += card.points
        player.points_log.append((card.id, planet, card.points))
        add_event(state, "plays", who=colour_msg(state, seat), card=texts.card_label(card.id), planet=planet, points=card.points,
                  score=player.score)

    def _check_habitability(self, state: GameState, planet: str) -> None:
        """PL-HAB-2: compare the H and U sums of the planet's row."""
        data = state.planets[planet]
        habitable = uninhabitable = 0
        for played in data.row:
            card = cards()[played.card]
            if card.habitability_side == "habitable":
                habitable += card.habitability_points
            elif card.habitability_side == "uninhabitable":
                uninhabitable += card.habitability_points
        data.habitable_points, data.uninhabitable_points = habitable, uninhabitable
        before = data.habitable
        if habitable > uninhabitable:
            data.habitable = True
        elif uninhabitable > habitable:
            data.habitable = False
        relation = ">" if habitable > uninhabitable else "<" if habitable < uninhabitable else "="
        add_event(state, "hab_sums", planet=planet, h=habitable, relation=relation, u=uninhabitable)
        if before != data.habitable:
            add_event(state, "becomes_habitable" if data.habitable else "becomes_uninhabitable", planet=planet)

    def _apply_replace(self, state: GameState, move: Move) -> None:
        player = state.players[move.seat]
        card = self._card_in_hand(state, move.seat, move.card)
        if not card.replaceable:
            replaceable = [c for c in player.hand if cards()[c].replaceable]
            raise IllegalMove("planetarium.err.not_replaceable", "PL-REPL-1", card=card.id,
                              cards=listing(replaceable))
        if not pile_available(state, "initial"):
            raise IllegalMove("planetarium.err.replace_empty", "PL-DRAW-4")
        player.hand.remove(card.id)
        goes_face_up(state)
        state.discards[card.deck].append(card.id)
        drawn = cast(str, draw_card(state, "initial", state.events))   # the pile is available (checked)
        player.hand.append(drawn)
        state.replaced = card.id
        add_event(state, "replaces", who=colour_msg(state, move.seat), card=texts.card_label(card.id))
        self._end_turn(state)

    def _apply_pass(self, state: GameState, move: Move) -> None:
        add_event(state, "no_card", who=colour_msg(state, move.seat))
        self._end_turn(state)

    def _apply_draw(self, state: GameState, move: Move) -> None:
        seat = move.seat
        player = state.players[seat]
        options = draw_options(state, seat)
        letter = cast(str, move.deck)   # parse_move always names the deck of a draw
        if letter not in options:
            why = {"I": "why.initial_empty", "M": "why.major_empty",
                   "F": "why.too_many_finals" if pile_available(state, "final") else "why.final_empty"}[letter]
            raise IllegalMove("planetarium.err.cannot_draw", "PL-DRAW-2" if letter == "F" else "PL-DRAW-5",
                              deck=deck_msg(DECK_OF_LETTER[letter]), why=P(why, limit=MAX_FINALS_IN_HAND),
                              allowed=listing([texts.notation_or_text(f"draw {o}") for o in options]))
        deck = DECK_OF_LETTER[letter]
        if deck != "final":
            player.hand.append(cast(str, draw_card(state, deck, state.events)))   # the pile is available
            add_event(state, "draws_initial" if deck == "initial" else "draws_major", who=colour_msg(state, seat))
            self._end_turn(state)
            return
        drawn = [cast(str, draw_card(state, "final", state.events))]   # the pile is available
        second = draw_card(state, "final", state.events)
        if second is None:   # PL-DRAW-5: only one final card left anywhere
            player.hand.append(drawn[0])
            add_event(state, "draws_last_final", who=colour_msg(state, seat))
            self._end_turn(state)
            return
        player.drawn_finals = drawn + [second]
        state.phase = PHASE_KEEP_FINAL
        add_event(state, "draws_two_finals", who=colour_msg(state, seat))

    def _apply_drawn_final_discard(self, state: GameState, move: Move) -> None:
        player = state.players[move.seat]
        if move.card not in player.drawn_finals:
            raise IllegalMove("planetarium.err.discard_drawn", "PL-DRAW-1",
                              choices=Join([texts.notation_or_text(f"discard {c}") for c in player.drawn_finals], "or"))
        kept = [card for card in player.drawn_finals if card != move.card][0]
        player.hand.append(kept)
        goes_face_up(state)                     # the other drawn final goes face up
        state.discards["final"].append(move.card)
        player.drawn_finals = []
        add_event(state, "keeps_final", who=colour_msg(state, move.seat), card=texts.card_label(move.card))
        self._end_turn(state)

    def _apply_final(self, state: GameState, move: Move) -> None:
        seat = move.seat
        player = state.players[seat]
        card = self._card_in_hand(state, seat, move.card)
        if card.deck != "final":
            raise IllegalMove("planetarium.err.not_final_card", "PL-CARD-1", card=card.id)
        if move.planet not in PLANET_SET:
            raise IllegalMove("planetarium.err.no_planet", "PL-CARD-2")
        self._check_requirements(state, seat, card, move.planet)
        sources = own_marker_cards(state, seat, move.planet)
        source = move.from_card or sources[0]
        if source not in sources:
            raise IllegalMove("planetarium.err.final_marker_not_there", "PL-FIN-2", card=source,
                              planet=move.planet, cards=listing(sources, "comma", "no_card"))
        lift_marker(state, source)
        player.markers_supply += 1
        player.hand.remove(card.id)
        goes_face_up(state)
        self._pay(state, seat, card, move.planet)
        state.planets[move.planet].row.append(PlayedCard(card.id, seat, None))
        add_event(state, "marker_removed", card=texts.card_label(source))
        self._score(state, seat, card, move.planet)
        state.finals_played.append(card.id)
        state.phase = PHASE_FINALS

    def _apply_done(self, state: GameState, move: Move) -> None:
        add_event(state, "ends_last_turn", who=colour_msg(state, move.seat))
        self._end_turn(state)

    def demo_move(self, state: GameState, seat: int, rng: random.Random) -> Move | None:
        """A card played (or a final card) when there is one: purely random play wanders for
        hundreds of turns; a demo that plays cards looks like a real game and ends sooner."""
        moves = self.legal_moves(state, seat)
        preferred = [move for move in moves if format_move(move).startswith(("final", "play"))]
        return rng.choice(preferred or moves) if moves else None

    # ----- views and persistence ---------------------------------------------------------------------------
    evaluate = staticmethod(evaluation.evaluate)      # the computer players' value of a position

    def sample_state(self, view: GameState, seat: int, rng: random.Random) -> GameState:
        from .sampling import sample_state
        return sample_state(self, view, seat, rng)

    def view(self, state: GameState, seat: int | None) -> GameState:
        """What ``seat`` sees: the others' hands, drawn finals and sealed setup discards and the
        draw piles show the kit's hidden mark (rules.kit.HIDDEN) in place of each card, so what a
        view hides follows from the view (``hidden_in_view``); the random stream is left out."""
        hidden = clone_state(state)
        sync_public_counts(hidden)      # the counts stay public once the lists are masked
        for player in hidden.players:
            if player.seat != seat:
                player.hand = [HIDDEN] * len(player.hand)
                player.hand_known = False
                player.drawn_finals = [HIDDEN] * len(player.drawn_finals)
                if hidden.phase == PHASE_SETUP and player.setup_discard is not None:
                    player.setup_discard = HIDDEN
        for deck in DECKS:
            hidden.decks[deck] = [HIDDEN] * len(hidden.decks[deck])
        hidden.rng = None
        return hidden

    def dump_state(self, state: GameState) -> dict[str, Any]:
        from .serialize import state_to_json
        return state_to_json(state)

    def load_state(self, data: dict[str, Any]) -> GameState:
        from .serialize import state_from_json
        return state_from_json(data)

    def reveals_information(self, before: GameState, move: Move, after: GameState) -> bool:
        """Drawing, reshuffling, revealing a hand card or the secret setup choices cannot be taken
        back: the kit recorded each on the states' ``rng`` (:func:`rules.kit.revealed_between`)."""
        return revealed_between(before.rng, after.rng)

    # ----- host text ------------------------------------------------------------------------------------------
    def redact_move(self, state: GameState, seat: int, move_text: str) -> str | Msg:
        """The setup discard stays secret until every seat has chosen (PL-BOT-1, PL-BOT-2);
        a discard after "draw F" goes face up, so it is public."""
        if state.phase == PHASE_SETUP:
            verb, _ = mv.canonical_words(mv.tokenize(move_text))
            if verb in ("discard", "keep"):
                return P("redacted.setup_discard")
        return move_text

    def word_aliases(self) -> dict[str, str]:
        """The Hungarian verbs and deck words, for completing a word still being typed."""
        return mv.WORD_ALIASES

    def canonical_prefix(self, typed: str) -> str:
        """Hungarian verbs and deck words as the notation's: 'húz k' -> 'draw I' (the kit's
        translator over rules/planetarium/moves.py's tables)."""
        return mv.canonical_prefix(typed)

    #: Events that only restate the move: the thread shows the move's phrase (``full_phrase``)
    #: on its own line, so these would say it twice (the §14 log line keeps them).
    RESTATING_EVENTS = frozenset(f"planetarium.event.{key}" for key in (
        "no_card", "planet_moved", "draws_initial", "draws_major", "draws_two_finals", "replaces",
        "ends_last_turn", "chose_setup", "keeps_final", "no_token_moves", "marker_moved", "no_marker"))

    #: The news on the move line's own facts, in this order ahead of the rest (``events``).
    LINE_NEWS = {"planetarium.event.new_total": 0, "planetarium.event.gravity_kind": 1}

    def events(self, before: GameState, move: Move, after: GameState) -> list[Msg]:
        """The public events of the move beyond what its phrase says (spec §14's log line):
        matter collected, track spaces, scores, habitability, acceleration, reshuffles, the last
        round, the game's end...  An event that repeats part of the move line is told by what
        it adds only (report 27i, I-22): a play by the new total (first, under the line's
        points), a matter token's move by its kind and where a collision sends it, a gravity
        option by the token's kind."""
        return self._told(event_messages(after), move)

    def stored_events(self, seat: int, text: str, events: list[Msg]) -> list[Msg]:
        """A move's news as stored with it, told as :meth:`events` tells it now: a move stored
        before report 27i's I-22 kept the events that repeat its line ("Blue plays Ozone Layer
        (H11) on planet C: +9 points (39 in total)" under "plays Ozone Layer (H11) on planet
        C: +9 points"); each is re-derived from its stored values and the move's text, so
        /log reads an old game as a new one.  News stored since reads the same (idempotent)."""
        try:
            _verb, move = mv.parse_syntax(seat, text)
        except IllegalMove:
            return events
        return self._told(events, move)

    def _told(self, events: list[Msg], move: Move) -> list[Msg]:
        out: list[Msg] = []
        for event in events:
            try:
                news = self._news(event, move)
            except KeyError:        # stored by a version whose event had other values: as stored
                news = event
            if news is not None:
                out.append(news)
        # what the line's own words lead to first (the total under its "+9 points", the kind of
        # the token its gravity option names), then what the payment and the card triggered
        return sorted(out, key=lambda news: self.LINE_NEWS.get(news.key, len(self.LINE_NEWS)))

    def _news(self, event: Msg, move: Move) -> Msg | None:
        """What ``event`` adds to the move's line (its ``full_phrase``), or None: nothing."""
        if event.key in self.RESTATING_EVENTS:
            return None
        key, values = event.key.removeprefix("planetarium.event."), event.params
        if key == "plays":              # the line: the card, the planet, the points
            return P("event.new_total", who=values["who"], score=values["score"])
        if key == "matter_moves":       # the line: the token's spaces
            return P("event.matter_kind", kind=values["kind"])
        if key == "matter_hits":
            return P("event.matter_hits_mat", kind=values["kind"], planet=values["planet"], who=values["who"])
        if key == "gravity":            # the line: the space and the mat's area
            return P("event.gravity_kind", kind=values["kind"])
        if key == "marker_removed" and move.from_card is not None:   # the line: the card it leaves
            return None
        if key == "draws_last_final":   # the line: two final cards drawn to keep one
            return P("event.last_final_only", who=values["who"])
        return event

    def log_line(self, before: GameState, move: Move, after: GameState, language: str = "en") -> str:
        """The public log line of spec §14, ``T<turn> <colour> <move> => <events>``.  A setup
        discard is secret until everyone has chosen, so its card is left out of the line."""
        who = render(colour_msg(before, move.seat), language)
        turn = f"T{before.turn_no}" if before.phase != PHASE_SETUP else render(P("log.setup"), language)
        text = render(P("redacted.setup_discard"), language) \
            if move.kind == mv.DISCARD_FINAL and before.phase == PHASE_SETUP \
            else texts.localize(format_move(move), language)
        return f"{turn} {who} {text} => {' | '.join(event_texts(after, language))}"

    def status_lines(self, view: GameState) -> list[Msg]:
        lines: list[Msg] = []
        spaces, acceleration_space = track_info()
        hint = self.waiting_hint(view)       # the step in the waiting line's words: /status says it here, once
        if view.phase == PHASE_SETUP:
            lines.append(P("status.setup", step=hint or self._step_name(view)))
        elif view.phase == PHASE_OVER:
            lines.append(P("status.over", turns=view.turn_no, winners=self._names(view, view.winners)))
        else:
            lines.append(P("status.turn", turn=view.turn_no, who=colour_msg(view, view.active),
                           step=hint or self._step_name(view)))
        key = "status.track" + ("_acc" if view.accelerated else "") + ("_f" if view.final_space else "")
        lines.append(P(key, count=len(view.track), spaces=spaces, final=len(view.final_space),
                       accel=acceleration_space))
        if view.last_round and view.phase != PHASE_OVER:
            if view.last_round_reason == "track":
                reason = (P("reason.track_by", who=colour_msg(view, view.trigger_player))
                          if view.trigger_player is not None else P("reason.track"))
            else:
                reason = P(f"reason.{view.last_round_reason}", cap=TURN_CAP)
            lines.append(P("status.last_round", reason=reason, still=self._names(view, view.last_round_queue)))
        for player in view.players:
            mat = P("mat", **{p.lower(): texts.amounts(player.mat[p].items()) for p in MAT_ORDER})
            lines.append(P("status.player", who=colour_msg(view, player.seat), score=player.score,
                           hand=player.hand_count, finals=player.final_count,
                           on_cards=markers_on_cards(view, player.seat), supply=player.markers_supply, mat=mat))
        for p in PLANETS:
            planet = view.planets[p]
            values = dict(planet=p, kind=P(f"kind.{planet.kind}"), node=view.planet_pos[p],
                          hab=P("hab.habitable" if planet.habitable else "hab.uninhabitable"),
                          h=planet.habitable_points, u=planet.uninhabitable_points)
            if planet.row:          # the cards played there by name (issue 24)
                lines.append(P("status.planet", cards=len(planet.row),
                               row=Join([texts.card_label(played.card) for played in planet.row]), **values))
            else:
                lines.append(P("status.planet_empty", **values))
        lines.append(P("status.decks", initial=view.deck_sizes.get("initial", 0),
                       major=view.deck_sizes.get("major", 0), major_discards=len(view.discards["major"]),
                       final=view.deck_sizes.get("final", 0), final_discards=len(view.discards["final"])))
        return lines

    def _step_name(self, state: GameState) -> Msg:
        return P(f"step.{state.phase}")

    def private_lines(self, view: GameState, seat: int) -> list[Msg]:
        player = view.players[seat]
        if not player.hand_known:
            return [P("private.hidden")]
        lines = [P("private.hand", count=len(player.hand))]
        for card_id in player.hand:
            card = cards()[card_id]
            # "on A or B" / "az A vagy a B bolygóra": each planet with its own article
            where = Join([P("now.planet", planet=planet) for planet in playable_planets(view, seat, card_id)], "or")
            if card.deck == "final" and not view.last_round:
                now = P("now.last_only_where", planets=where) if where.items else P("now.last_only")
            else:
                now = P("now.playable", planets=where) if where.items else P("now.not_playable")
            lines.append(P("private.card", card=card_id, name=card_name(card_id), deck=deck_msg(card.deck),
                           points=card.points, facts=texts.hand_facts(card), needs=texts.hand_needs(card),
                           now=now))
        if player.drawn_finals:
            lines.append(P("private.drawn", cards=[P("private.drawn_card", card=c, name=card_name(c),
                                                     points=cards()[c].points) for c in player.drawn_finals]))
        if view.phase == PHASE_SETUP and player.setup_discard:
            lines.append(P("private.setup_discard", card=player.setup_discard))
        return lines

    def describe_move(self, state: GameState, seat: int, text: str) -> Msg | None:
        """What a move does beyond what its phrase (``move_phrase``) already says, for the
        autocomplete label "<phrase>: <description>": the card kept, where a collided token
        goes, the matter a planet collects, the gravity option.  None when the phrase says it
        all (a label that said the same thing twice was cut off before its news)."""
        try:
            move = self.parse_move(state, seat, text)
        except IllegalMove:
            return None
        kind = move.kind
        if kind == mv.DISCARD_FINAL:
            pair = finals_in_hand(state.players[seat]) if state.phase == PHASE_SETUP \
                else list(state.players[seat].drawn_finals)
            kept = [card for card in pair if card != move.card]
            if len(kept) == 1:
                return P("describe.keeps", kept=kept[0], kept_name=card_name(kept[0]),
                         points=cards()[kept[0]].points)
            return None
        if kind == mv.MOVE and move.path:
            start, to = move.path[0], move.path[-1]
            target = state.nodes.get(to)
            if start in PLANET_SET:
                if target in MATTER_SET:
                    return P("describe.planet_collects", planet=start, matter=P(f"matter.{target}"))
                return None
            token = state.nodes.get(start)
            if token in MATTER_SET and target in PLANET_SET:
                return P("describe.matter_collides", matter=P(f"matter.{token}"), planet=target)
            return None
        if kind == mv.PLAY and move.card in cards() and cards()[move.card].gravity and not move.gravity:
            # the icon is used only when asked for: say so before the choice, alike for every
            # play of the decision (labels.hint_in_words; the phrase leaves room: texts.play_room)
            return texts.gravity_hint(labels.hint_in_words(self, state, seat, text))
        return None

    # ----- reading the table -------------------------------------------------------------------------------
    def move_phrase(self, state: GameState, seat: int, text: str) -> Msg | None:
        """The move in words (a predicate after "bob (Blue):"), from its notation and the card
        data only, so an old move reads the same from any later state; a card play among the
        seat's choices in its decision's wording (``labels``: one wording where it costs no fact)."""
        level = labels.play_level(self, state, seat, text)
        return texts.phrase(text) if level is None else texts.play_wordings(text)[level]

    def full_phrase(self, state: GameState, seat: int, text: str) -> Msg | None:
        return texts.phrase(text, full=True)

    def localize_move(self, text: str, language: str) -> str:
        """The notation with the Hungarian words the parser accepts ("húz kezdeti")."""
        return texts.localize(text, language)

    def components(self) -> tuple[Component, ...]:
        """Every card, planet, matter kind, deck, icon and board part (``/planetarium info``)."""
        return texts.components()

    def describe_location(self, view: GameState, seat: int | None, text: str) -> Component | None:
        """A board node (``II-3``): its orbit, the token on it now, its next nodes (PL-BRD-1..3)."""
        return texts.describe_node(view, text)

    def location_codes(self, view: GameState) -> Sequence[str]:
        return texts.node_codes()

    def location_hint(self, text: str) -> Msg | None:
        node = mv.normalize_node(text.strip())
        return P("info.node_needs_game", node=node) if node else None

    def score_breakdown(self, state: GameState) -> list[list[ScorePart]]:
        """Points by the deck of the cards that scored them (PL-WIN-1: all points come from
        played cards; final cards are the last round's bonus)."""
        out: list[list[ScorePart]] = []
        for player in state.players:
            by_deck = {deck: 0 for deck in DECKS}
            for card_id, _planet, points in player.points_log:
                by_deck[cards()[card_id].deck] += int(points)
            parts = [ScorePart(P(f"score.{deck}"), points) for deck, points in by_deck.items()]
            rest = player.score - sum(by_deck.values())
            if rest:
                parts.append(ScorePart(P("score.other"), rest))
            out.append(parts)
        return out

    def notices(self, before: GameState, move: Move, after: GameState) -> list[Notice]:
        """The cards a draw or a replacement put into the mover's hand, told to that player only,
        in words as the hand lists them (a DM has no label's limit: report 27i, I-21)."""
        seat = move.seat
        if not 0 <= seat < len(after.players):
            return []
        old, new = before.players[seat], after.players[seat]
        out: list[Notice] = []
        if new.drawn_finals and new.drawn_finals != old.drawn_finals:
            first, second = new.drawn_finals
            out.append(Notice(seat, P("notice.drew_finals", first=first, first_name=card_name(first),
                                      first_about=texts.card_about(first), second=second,
                                      second_name=card_name(second), second_about=texts.card_about(second))))
            return out
        if move.kind not in (mv.DRAW, mv.REPLACE, mv.DISCARD_FINAL) or before.phase == PHASE_SETUP:
            return out
        remaining = list(old.hand)
        added = []
        for card in new.hand:
            if card in remaining:
                remaining.remove(card)
            else:
                added.append(card)
        for card in added:
            key = "notice.kept" if move.kind == mv.DISCARD_FINAL else "notice.drew"
            out.append(Notice(seat, P(key, card=card, name=card_name(card), about=texts.card_about(card))))
        return out

    def default_move(self, state: GameState, seat: int) -> Move | None:
        """The move made when ``seat`` misses its decision deadline (see DESIGN DECISIONS)."""
        if seat not in self.waiting_for(state):
            return None
        player = state.players[seat]
        phase = state.phase

        def worth(card_id: str) -> tuple[int, str]:
            return cards()[card_id].points, card_id

        if phase == PHASE_SETUP:
            finals = finals_in_hand(player)
            return Move(seat, mv.DISCARD_FINAL, card=min(finals, key=worth)) if finals else None
        if phase == PHASE_KEEP_FINAL:
            return Move(seat, mv.DISCARD_FINAL, card=min(player.drawn_finals, key=worth))
        if phase == PHASE_CARD:
            return Move(seat, mv.DONE if state.last_round else mv.PASS)
        if phase == PHASE_FINALS:
            return Move(seat, mv.DONE)
        if phase == PHASE_MOVE:          # the move autocomplete offers first (suggest.order)
            return next(iter(suggest.order(state, seat, self.legal_moves(state, seat))), None)
        return next(iter(self.iter_legal_moves(state, seat, expand_gravity=False)), None)

    def hidden_in_view(self, state: GameState, viewer: int | None) -> list[str]:
        """Card ids the viewer must not find in its view: what the view masks (the kit's
        default: the other seats' hands and drawn finals, their sealed setup discards, the draw
        piles), but the setup discards shown to all (PL-BOT-1), which a reshuffle may bring back
        into a pile: their past stays public, not their place."""
        shown = {player.setup_discarded for player in state.players if player.setup_discarded}
        return [card for card in super().hidden_in_view(state, viewer) if card not in shown]
