"""Planetarium rules core: the :class:`PlanetariumGame` behind the contract of :mod:`rules.base`.

Rule IDs (``PL-*``) refer to /work/shared/rules/planetarium.md.  Every decision where the
spec is silent is made in one named place: see ``DESIGN DECISIONS`` below.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Iterator

from rules.base import Game, IllegalMove, players_option
from rules.rng import Rng

from . import moves as mv
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

MATTER_SET = frozenset(MATTER_KINDS)
PLANET_SET = frozenset(PLANETS)


# ----- state copying --------------------------------------------------------------------------
def clone_state(state: GameState) -> GameState:
    """A deep copy, written out because ``copy.deepcopy`` is ten times slower."""
    players = [replace(p, hand=list(p.hand), mat={k: dict(v) for k, v in p.mat.items()},
                       points_log=list(p.points_log), drawn_finals=list(p.drawn_finals))
               for p in state.players]
    planets = {k: replace(p, row=[PlayedCard(c.card, c.owner, c.marker) for c in p.row])
               for k, p in state.planets.items()}
    return replace(state, players=players, nodes=dict(state.nodes), planet_pos=dict(state.planet_pos),
                   planets=planets, track=list(state.track), final_space=list(state.final_space),
                   decks={k: list(v) for k, v in state.decks.items()}, deck_sizes=dict(state.deck_sizes),
                   discards={k: list(v) for k, v in state.discards.items()},
                   finals_played=list(state.finals_played), last_round_queue=list(state.last_round_queue),
                   events=list(state.events), winners=list(state.winners),
                   rng=state.rng.copy() if state.rng is not None else None)


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
        node = graph.orbit_step[node]
        if node is None or node == start:      # arc end, or a full circuit
            break
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


def explain_matter_path(state: GameState, path: tuple[str, ...]) -> tuple[str, str]:
    """(reason, rule) why a matter path is not legal."""
    graph, nodes = board(), state.nodes
    if len(path) == 3 and not state.accelerated:
        return (f"matter moves two steps only after acceleration (a token on track space "
                f"{track_info()[1]}; the track holds {len(state.track)})"), "PL-MOV-2"
    for here, there in zip(path, path[1:]):
        if there not in graph.successors[here]:
            return (f"there is no line from {here} to {there} in the clockwise direction "
                    f"(from {here}: {', '.join(graph.successors[here])})"), "PL-MOV-1"
    for index, node in enumerate(path[1:], start=1):
        token = nodes[node]
        if token in MATTER_SET:
            return f"{node} holds matter and matter never enters matter", "PL-MOV-3"
        if token in PLANET_SET and index < len(path) - 1:
            return f"planet {token} on {node} stops the move there (collision)", "PL-MOV-4"
    if len(path) == 3 and path[2] == path[0]:
        return "a move cannot bring a token back to its start node", "PL-MOV-10"
    return "that is not a legal matter move", "PL-MOV-10"


def explain_planet_stop(state: GameState, planet: str, to: str) -> tuple[str, str]:
    graph, nodes = board(), state.nodes
    start = state.planet_pos[planet]
    if nodes[to] in PLANET_SET:
        return (f"planet {nodes[to]} is there" if nodes[to] != planet else "it is already there"), "PL-MOV-7"
    node = start
    while True:
        node = graph.orbit_step[node]
        if node is None or node == start:
            break
        if node == to:
            break
        if nodes[node] in MATTER_SET:
            return f"a sweep must stop at the first matter token, on {node}", "PL-MOV-7"
    return (f"{to} is neither one step along a line from {start} nor on a sweep along orbit "
            f"{ROMAN_OF[graph.orbit[start]]}"), "PL-MOV-5"


# ----- card requirements ----------------------------------------------------------------------------
def requirement_failures(state: GameState, seat: int, card: Card, planet: str) -> list[tuple[str, str]]:
    """Unmet requirements of ``card`` on ``planet`` for ``seat``, as (message, rule) pairs (PL-CARD-3)."""
    failures: list[tuple[str, str]] = []
    kind = planet_kinds()[planet]
    if card.planet_type == "solid" and kind != "solid":
        failures.append((f"{card.id} needs a solid planet (A or C), {planet} is a gas giant", "PL-CARD-3"))
    elif card.planet_type == "gas" and kind != "gas":
        failures.append((f"{card.id} needs a gas giant (B or D), {planet} is solid", "PL-CARD-3"))
    orbit = planet_orbit(state, planet)
    if not card.orbit_min <= orbit <= card.orbit_max:
        failures.append((f"{card.id} needs orbit {card.orbit_text()}, planet {planet} is on orbit "
                         f"{ROMAN_OF[orbit]}", "PL-CARD-3"))
    habitable = state.planets[planet].habitable
    if card.habitability_required == "habitable" and not habitable:
        failures.append((f"{card.id} needs a habitable planet, {planet} is uninhabitable", "PL-CARD-3"))
    elif card.habitability_required == "uninhabitable" and habitable:
        failures.append((f"{card.id} needs an uninhabitable planet, {planet} is habitable", "PL-CARD-3"))
    area = state.players[seat].mat[planet]
    missing = [f"{kind}{count - area[kind]}" for kind, count in card.cost if area[kind] < count]
    if missing:
        have = " ".join(f"{k}{v}" for k, v in area.items() if v) or "nothing"
        failures.append((f"{card.id} costs {card.cost_text()} from your {planet} area, which holds {have} "
                         f"(missing {' '.join(missing)})", "PL-CARD-3"))
    if card.marker_removal and not own_marker_cards(state, seat, planet):
        failures.append((f"a final card on {planet} needs one of your markers on a card in {planet}'s row",
                         "PL-FIN-2"))
    return failures


def playable_planets(state: GameState, seat: int, card_id: str) -> list[str]:
    card = cards()[card_id]
    return [planet for planet in PLANETS if not requirement_failures(state, seat, card, planet)]


# ----- randomness-consuming helpers -------------------------------------------------------------------
def draw_card(state: GameState, deck: str, events: list[str]) -> str | None:
    """Top card of ``deck``; reshuffles its discard pile first when the deck is empty (PL-DRAW-3)."""
    if not state.decks[deck]:
        if not state.discards[deck]:
            return None
        state.decks[deck] = state.rng.shuffled(state.discards[deck])
        state.discards[deck] = []
        events.append(f"{deck} discard pile reshuffled into a new {deck} deck")
    return state.decks[deck].pop(0)


# ----- the game -------------------------------------------------------------------------------------------
class PlanetariumGame(Game):
    name = "planetarium"
    title = "Planetarium"
    min_players = 2
    max_players = 4
    options = (players_option(2, 4, 2),)

    # ----- setup ----------------------------------------------------------------------------------------
    def new_game(self, options: dict[str, Any], seed: int) -> GameState:
        options = self.normalize_options(options)
        count = options["players"]
        rng = Rng(seed)
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
                player.hand.extend(decks[deck].pop(0) for _ in range(2))
        state = GameState(
            players=players, nodes=nodes, planet_pos=dict(graph.start_node),
            planets={letter: PlanetState(letter=letter, kind=planet_kinds()[letter]) for letter in PLANETS},
            decks=decks, discards={deck: [] for deck in DECKS}, phase=PHASE_SETUP, rng=rng,
            events=["setup: every player discards one of his two final cards (secret)"])
        sync_public_counts(state)
        return state

    # ----- notation -------------------------------------------------------------------------------------
    def format_move(self, move: Move) -> str:
        return format_move(move)

    def parse_move(self, state: GameState, seat: int, text: str) -> Move:
        verb, move = mv.parse_syntax(seat, text)
        player = state.players[seat] if 0 <= seat < len(state.players) else None
        if player is None:
            raise IllegalMove(f"There is no seat {seat} in this {len(state.players)}-player game.", rule="PL-SETUP-4")
        if move.kind == mv.KEEP_FINAL:
            if state.phase == PHASE_SETUP:
                pair = finals_in_hand(player)
            elif state.phase == PHASE_KEEP_FINAL and seat == state.active:
                pair = list(player.drawn_finals)
            elif state.phase == PHASE_DRAW and seat == state.active:
                raise IllegalMove("Draw the two final cards first with 'draw F', then keep one of them.",
                                  rule="PL-DRAW-1")
            elif state.phase != PHASE_OVER and seat != state.active:
                raise IllegalMove(f"It is {colour(state, state.active)}'s turn, not {colour(state, seat)}'s.",
                                  rule="PL-TURN-2")
            else:
                raise IllegalMove("'keep' chooses between two final cards: in the setup, or after 'draw F'. "
                                  f"Now: {self._hint(state, seat)}.", rule="PL-TURN-1")
            if move.card not in pair or len(pair) != 2:
                raise IllegalMove(f"You can keep one of {' or '.join(pair)}, not {move.card}.",
                                  rule="PL-SETUP-6" if state.phase == PHASE_SETUP else "PL-DRAW-1")
            return Move(seat, mv.DISCARD_FINAL, card=[card for card in pair if card != move.card][0])
        if move.kind == mv.PASS and state.last_round:
            return Move(seat, mv.DONE)
        if move.kind == mv.DONE and not state.last_round and state.phase == PHASE_CARD:
            return Move(seat, mv.PASS)
        if move.kind == mv.MOVE and len(move.path) == 2 and state.nodes.get(move.path[0]) in PLANET_SET:
            return Move(seat, mv.MOVE, path=(state.nodes[move.path[0]], move.path[1]))
        if move.kind == mv.FINAL and move.from_card is None and move.planet:
            sources = own_marker_cards(state, seat, move.planet)
            if sources:
                return replace(move, from_card=sources[0])
        return move

    def notation_help(self) -> str:
        return "\n".join([
            "Planetarium moves (nodes like IV-3, planets A-D, cards L01-L18 / H01-H18 / F01-F16):",
            "  discard F09            setup: discard one of your two finals (or: keep F03)",
            "  mv II-1 II-2           move matter one step (onto a planet: it goes to your mat)",
            "  mv IV-3 III-2 III-3    two steps, after acceleration",
            "  mv B V-9               planet: one step along any line, or a sweep along its orbit",
            "  mv none                only when no token can move",
            "  play H01 B             play an initial/major card on a planet",
            "      grav=IV-7>C        ...gravity card: take matter from IV-7 to your C area",
            "      marker=from:L03    ...no markers left: move one from L03 (or marker=none)",
            "  replace H05            discard a replaceable card and draw an initial card",
            "  pass                   no card this turn",
            "  draw I | draw M | draw F   after playing a card; draw F shows you two finals, then",
            "  discard F08            ...discard one of them (or: keep F07); the log names only the discard",
            "  final F03 C from=H10   last round: final card, removing your marker from H10",
            "  done                   end your last-round turn",
        ])

    def rules_summary(self) -> str:
        return ("Planetarium (2-4 players): move one matter token or planet clockwise each turn, collect "
                "matter on your mat by collisions, then play evolution cards on planets whose type, orbit, "
                "habitability and matter match the card. Paid matter fills the evolution track; at space 20 "
                "matter moves two steps; the first token on the final space starts the last round, where "
                "final cards score big for each of your markers on a planet's row. Most points wins; ties: "
                "most matter left, most markers on cards, fewest cards in hand.")

    def seat_label(self, state: GameState, seat: int) -> str:
        return SEAT_COLOURS[seat]

    # ----- whose turn ------------------------------------------------------------------------------------
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
                for card in finals_in_hand(player):
                    yield Move(seat, mv.DISCARD_FINAL, card=card)
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
            for card in player.drawn_finals:
                yield Move(seat, mv.DISCARD_FINAL, card=card)
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
        return own_marker_cards(state, seat) + [mv.MARKER_NONE]

    def complete(self, state: GameState, seat: int, prefix: str, limit: int = 25) -> list[str]:
        """Like the default, but gravity variants are only listed once 'grav' is typed."""
        typed = " ".join(prefix.lower().split())
        words = typed.split(" ")
        # "play <card> <planet> " with a fourth word begun (or a trailing space) asks for options
        wants_options = words[0] == "play" and (len(words) >= 4 or (len(words) == 3 and prefix.endswith(" ")))
        out: list[str] = []
        for move in self.iter_legal_moves(state, seat, expand_gravity=wants_options):
            text = format_move(move)
            if text.lower().startswith(typed):
                out.append(text)
                if len(out) >= limit:
                    break
        return out

    # ----- apply ------------------------------------------------------------------------------------------
    def apply(self, state: GameState, move: Move) -> GameState:
        if state.phase == PHASE_OVER:
            raise IllegalMove("The game is over; no more moves.", rule="PL-END-3")
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
            raise IllegalMove(f"Unknown move kind {move.kind!r}.", rule="PL-NOTATION")
        handler(new, move)
        sync_public_counts(new)
        return new

    def _check_turn(self, state: GameState, move: Move) -> None:
        seat = move.seat
        if not 0 <= seat < len(state.players):
            raise IllegalMove(f"There is no seat {seat} in this game.", rule="PL-SETUP-4")
        if state.phase == PHASE_SETUP:
            if state.players[seat].setup_done:
                raise IllegalMove(f"{colour(state, seat)} has already chosen the setup discard; waiting for "
                                  f"{self._names(state, self.waiting_for(state))}.", rule="PL-SETUP-6")
            if move.kind != mv.DISCARD_FINAL:
                raise IllegalMove("The game has not started: first discard one of your two final cards "
                                  f"({self._hint(state, seat)}).", rule="PL-SETUP-6")
            return
        if seat != state.active:
            raise IllegalMove(f"It is {colour(state, state.active)}'s turn, not {colour(state, seat)}'s.",
                              rule="PL-TURN-2")
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
            if move.kind == mv.FINAL and not state.last_round:
                message = "Final cards can only be played in the last round"
            elif move.kind == mv.REPLACE and state.last_round:
                message = "No replacing in the last round (nobody draws)"
            elif move.kind == mv.DRAW and state.phase == PHASE_CARD:
                message = "You draw only after playing a card"
            elif move.kind == mv.DISCARD_FINAL and state.phase == PHASE_DRAW:
                message = "Draw the two final cards first with 'draw F', then keep one of them"
                rule = "PL-DRAW-1"
            elif move.kind == mv.PLAY and state.phase == PHASE_FINALS:
                message = "Only one initial or major card per turn, before any final card"
                rule = "PL-FIN-1"
            else:
                message = {PHASE_MOVE: "Move a token first", PHASE_DRAW: "Draw a card first",
                           PHASE_KEEP_FINAL: "Choose which drawn final card to keep first"}.get(
                    state.phase, f"That is not possible in the {self._step_name(state)}")
            raise IllegalMove(f"{message}. Now: {self._hint(state, seat)}.", rule=rule)

    def _names(self, state: GameState, seats: Iterable[int]) -> str:
        return ", ".join(colour(state, seat) for seat in sorted(seats)) or "nobody"

    def _hint(self, state: GameState, seat: int) -> str:
        """What the seat is expected to do now, for error messages."""
        player = state.players[seat]
        phase = state.phase
        if phase == PHASE_SETUP:
            return " or ".join(f"discard {card}" for card in finals_in_hand(player))
        if phase == PHASE_MOVE:
            return "move one token with mv <from> <to> (or mv <planet> <to>)"
        if phase == PHASE_CARD and not state.last_round:
            return "play an initial or major card, replace a replaceable card, or pass"
        if phase == PHASE_CARD:
            return "play one initial or major card, play final cards, or say done"
        if phase == PHASE_FINALS:
            return "play final cards (final <card> <planet> from=<card>) or say done"
        if phase == PHASE_DRAW:
            return "draw one of: " + ", ".join(f"draw {letter}" for letter in draw_options(state, seat))
        if phase == PHASE_KEEP_FINAL:
            return "keep one of the two drawn finals: " + " or ".join(
                f"discard {c} (keeps {o})" for c, o in zip(player.drawn_finals, player.drawn_finals[::-1]))
        return "nothing, the game is over"

    # ----- setup discard ----------------------------------------------------------------------------------
    def _apply_setup_discard(self, state: GameState, move: Move) -> None:
        player = state.players[move.seat]
        finals = finals_in_hand(player)
        if move.card not in finals:
            raise IllegalMove(f"You can only discard one of your two final cards: "
                              f"{' or '.join(finals)}, not {move.card}.", rule="PL-SETUP-6")
        player.setup_discard = move.card
        player.setup_done = True
        state.events.append(f"{player.colour} chose a setup discard")
        if all(p.setup_done for p in state.players):
            self._finish_setup(state)

    def _finish_setup(self, state: GameState) -> None:
        """Reveal the setup discards together and pick the start player (PL-SETUP-7, PL-BOT-2)."""
        for player in state.players:
            player.hand.remove(player.setup_discard)
            state.discards["final"].append(player.setup_discard)
            player.setup_discarded = player.setup_discard
        values = [cards()[p.setup_discarded].points for p in state.players]
        best = max(values)
        tied = [seat for seat, value in enumerate(values) if value == best]
        start = tied[0] if len(tied) == 1 else state.rng.choice(tied)
        state.start_player = start
        revealed = ", ".join(f"{p.colour} {p.setup_discarded} ({cards()[p.setup_discarded].points})"
                             for p in state.players)
        state.events.append(f"setup discards: {revealed}; start player {colour(state, start)}"
                            + (" (random among the tied)" if len(tied) > 1 else ""))
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
            why = ("a full cycle of turns without a card since the board ran out of matter" if reason == "stall"
                   else f"{TURN_CAP} turns were played")
            state.events.append(f"LAST ROUND ({why}): every player takes one last turn")
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
        state.events.append(f"LAST ROUND (trigger {colour(state, seat)})")

    def _finish_game(self, state: GameState) -> None:
        state.phase = PHASE_OVER
        keys = [self.ranking_key(state, seat) for seat in range(len(state.players))]
        best = max(keys)
        state.winners = [seat for seat, key in enumerate(keys) if key == best]
        state.events.append("game over; " + ", ".join(
            f"{p.colour} {p.score}" for p in state.players) + f"; winner(s): {self._names(state, state.winners)}")

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
            example = ", ".join("mv " + " ".join(path) for path in paths[:5])
            raise IllegalMove(f"'mv none' is only allowed when no token can move; you can move, "
                              f"e.g. {example}.", rule="PL-TURN-1")
        state.events.append("no token can move")
        state.moved = True
        state.phase = PHASE_CARD

    def _apply_move(self, state: GameState, move: Move) -> None:
        seat, path = move.seat, move.path
        player = state.players[seat]
        if path and path[0] in PLANET_SET:
            planet, to = path[0], path[-1]
            if len(path) != 2:
                raise IllegalMove("A planet moves with mv <planet> <to>; planets never accelerate.",
                                  rule="PL-MOV-8")
            stops = planet_destinations(state, planet)
            if to not in stops:
                reason, rule = explain_planet_stop(state, planet, to)
                raise IllegalMove(f"Planet {planet} cannot stop on {to}: {reason}. Legal stops: "
                                  f"{', '.join(stops) or 'none'}.", rule=rule)
            state.nodes[state.planet_pos[planet]] = None
            collected = state.nodes[to]
            state.nodes[to] = planet
            state.planet_pos[planet] = to
            text = f"planet {planet} to {to}"
            if collected in MATTER_SET:
                player.mat[planet][collected] += 1
                text += f"; {collected}→{player.colour}:{planet}"
            state.events.append(text)
        else:
            start = path[0] if path else None
            token = state.nodes.get(start) if start else None
            if token not in MATTER_SET:
                what = "nothing" if token is None else f"planet {token} (write mv {token} <to>)"
                raise IllegalMove(f"There is no matter token on {start}: it holds {what}.", rule="PL-MOV-1")
            legal = matter_paths(state, start)
            if tuple(path) not in legal:
                reason, rule = explain_matter_path(state, tuple(path))
                options = ", ".join("mv " + " ".join(p) for p in legal) or "none: it cannot move"
                raise IllegalMove(f"Matter on {start} cannot move along {' '.join(path)}: {reason}. "
                                  f"Legal moves for it: {options}.", rule=rule)
            end = path[-1]
            state.nodes[start] = None
            target = state.nodes[end]
            if target in PLANET_SET:
                player.mat[target][token] += 1
                state.events.append(f"{token} {' '.join(path)} → collides with {target}; "
                                    f"{token}→{player.colour}:{target}")
            else:
                state.nodes[end] = token
                state.events.append(f"{token} {' '.join(path)}")
        state.moved = True
        state.phase = PHASE_CARD

    # ----- cards -------------------------------------------------------------------------------------------------
    def _card_in_hand(self, state: GameState, seat: int, card_id: str) -> Card:
        player = state.players[seat]
        if card_id not in player.hand:
            raise IllegalMove(f"{card_id} is not in your hand; you hold {', '.join(player.hand) or 'no cards'}.",
                              rule="PL-CARD-1")
        return cards()[card_id]

    def _check_requirements(self, state: GameState, seat: int, card: Card, planet: str) -> None:
        failures = requirement_failures(state, seat, card, planet)
        if failures:
            elsewhere = playable_planets(state, seat, card.id)
            where = (f"{card.id} can be played now on {', '.join(elsewhere)}" if elsewhere
                     else f"{card.id} cannot be played on any planet now")
            raise IllegalMove(f"Cannot play {card.id} on {planet}: " + "; ".join(m for m, _ in failures)
                              + f". {where}.", rule=failures[0][1])

    def _apply_play(self, state: GameState, move: Move) -> None:
        seat = move.seat
        player = state.players[seat]
        card = self._card_in_hand(state, seat, move.card)
        if card.deck == "final":
            raise IllegalMove(f"{card.id} is a final card: " + (
                f"play it with 'final {card.id} <planet> from=<card>'" if state.last_round
                else "final cards are played only in the last round"), rule="PL-CARD-1")
        if move.planet not in PLANET_SET:
            raise IllegalMove("Name the target planet: A, B, C or D.", rule="PL-CARD-2")
        self._check_requirements(state, seat, card, move.planet)
        if move.gravity is not None:
            if not card.gravity:
                raise IllegalMove(f"{card.id} has no gravity icon; drop the grav= option.", rule="PL-GRAV-1")
            node, area = move.gravity
            if state.nodes.get(node) not in MATTER_SET:
                raise IllegalMove(f"Gravity takes a matter token from the board, and {node} holds "
                                  f"{state.nodes.get(node) or 'nothing'}.", rule="PL-GRAV-1")
            if area not in PLANET_SET:
                raise IllegalMove("Gravity puts the token on one of your planet areas A-D.", rule="PL-GRAV-1")
        if player.markers_supply > 0 and move.marker_from is not None:
            raise IllegalMove(f"You still have {player.markers_supply} marker(s) in your supply, so the card gets "
                              "one from there; leave out the marker= option.", rule="PL-CARD-5")
        if player.markers_supply == 0:
            sources = own_marker_cards(state, seat)
            if move.marker_from is None:
                options = [f"marker=from:{c}" for c in sources] + ["marker=none"]
                raise IllegalMove("You have no markers left: add " + " or ".join(options) + ".", rule="PL-CARD-5")
            if move.marker_from != mv.MARKER_NONE and move.marker_from not in sources:
                raise IllegalMove(f"None of your markers lies on {move.marker_from}; yours are on "
                                  f"{', '.join(sources) or 'no card'} (or say marker=none).", rule="PL-CARD-5")
        # --- resolve: payment, placement, score, habitability, gravity, track triggers
        player.hand.remove(card.id)
        triggered = self._pay(state, seat, card, move.planet)
        played = PlayedCard(card.id, seat, None)
        if player.markers_supply > 0:
            player.markers_supply -= 1
            played.marker = seat
        elif move.marker_from != mv.MARKER_NONE:
            lift_marker(state, move.marker_from)
            played.marker = seat
            state.events.append(f"marker moved from {move.marker_from}")
        else:
            state.events.append("placed without a marker")
        state.planets[move.planet].row.append(played)
        self._score(state, seat, card, move.planet)
        self._check_habitability(state, move.planet)
        if move.gravity is not None:
            node, area = move.gravity
            token = state.nodes[node]
            state.nodes[node] = None
            player.mat[area][token] += 1
            state.events.append(f"gravity: {token} from {node}→{player.colour}:{area}")
        state.card_played = card.id
        if triggered:
            self._start_last_round_by_track(state, seat)
        if state.last_round:
            state.phase = PHASE_FINALS
        elif draw_options(state, seat):
            state.phase = PHASE_DRAW
        else:
            state.events.append("nothing left to draw: hand shrinks (PL-DRAW-5)")
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
                        state.events.append("ACCELERATION: matter may now move two steps")
        if placed:
            state.events.append(f"track {','.join(placed)}")
        return triggered

    def _score(self, state: GameState, seat: int, card: Card, planet: str) -> None:
        player = state.players[seat]
        player.score += card.points
        player.points_log.append([card.id, planet, card.points])
        state.events.append(f"{player.colour} plays {card.id} on {planet}: +{card.points} ({player.colour} {player.score})")

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
        state.events.append(f"{planet} H{habitable}>U{uninhabitable}" if habitable > uninhabitable else
                            f"{planet} H{habitable}<U{uninhabitable}" if habitable < uninhabitable else
                            f"{planet} H{habitable}=U{uninhabitable}")
        if before != data.habitable:
            state.events.append(f"{planet} becomes {'habitable' if data.habitable else 'uninhabitable'}")

    def _apply_replace(self, state: GameState, move: Move) -> None:
        player = state.players[move.seat]
        card = self._card_in_hand(state, move.seat, move.card)
        if not card.replaceable:
            replaceable = [c for c in player.hand if cards()[c].replaceable]
            raise IllegalMove(f"{card.id} has no replaceable icon; replaceable in your hand: "
                              f"{', '.join(replaceable) or 'none'}.", rule="PL-REPL-1")
        if not pile_available(state, "initial"):
            raise IllegalMove("The initial deck is empty, so no card can be replaced.", rule="PL-DRAW-4")
        player.hand.remove(card.id)
        state.discards[card.deck].append(card.id)
        drawn = draw_card(state, "initial", state.events)
        player.hand.append(drawn)
        state.replaced = card.id
        state.events.append(f"{player.colour} replaces {card.id} and draws an initial card")
        self._end_turn(state)

    def _apply_pass(self, state: GameState, move: Move) -> None:
        state.events.append(f"{colour(state, move.seat)} plays no card")
        self._end_turn(state)

    def _apply_draw(self, state: GameState, move: Move) -> None:
        seat = move.seat
        player = state.players[seat]
        options = draw_options(state, seat)
        if move.deck not in options:
            why = {"I": "the initial deck is empty (PL-DRAW-4)",
                   "M": "the major deck and its discard pile are empty",
                   "F": ("you would hold more than 4 final cards" if pile_available(state, "final")
                         else "the final deck and its discard pile are empty")}[move.deck]
            raise IllegalMove(f"You cannot draw {move.deck}: {why}. Allowed: "
                              f"{', '.join(f'draw {o}' for o in options)}.",
                              rule="PL-DRAW-2" if move.deck == "F" else "PL-DRAW-5")
        deck = DECK_OF_LETTER[move.deck]
        if deck != "final":
            player.hand.append(draw_card(state, deck, state.events))
            state.events.append(f"{player.colour} draws a{'n initial' if deck == 'initial' else ' major'} card")
            self._end_turn(state)
            return
        drawn = [draw_card(state, "final", state.events)]
        second = draw_card(state, "final", state.events)
        if second is None:   # PL-DRAW-5: only one final card left anywhere
            player.hand.append(drawn[0])
            state.events.append(f"{player.colour} draws the last final card")
            self._end_turn(state)
            return
        player.drawn_finals = drawn + [second]
        state.phase = PHASE_KEEP_FINAL
        state.events.append(f"{player.colour} draws two final cards and keeps one")

    def _apply_drawn_final_discard(self, state: GameState, move: Move) -> None:
        player = state.players[move.seat]
        if move.card not in player.drawn_finals:
            raise IllegalMove("Discard one of the two drawn final cards (the other one is kept): "
                              f"{' or '.join(f'discard {c}' for c in player.drawn_finals)}.", rule="PL-DRAW-1")
        kept = [card for card in player.drawn_finals if card != move.card][0]
        player.hand.append(kept)
        state.discards["final"].append(move.card)
        player.drawn_finals = []
        state.events.append(f"{player.colour} keeps one final card and discards {move.card}")
        self._end_turn(state)

    def _apply_final(self, state: GameState, move: Move) -> None:
        seat = move.seat
        player = state.players[seat]
        card = self._card_in_hand(state, seat, move.card)
        if card.deck != "final":
            raise IllegalMove(f"{card.id} is not a final card; play it with 'play {card.id} <planet>'.",
                              rule="PL-CARD-1")
        if move.planet not in PLANET_SET:
            raise IllegalMove("Name the target planet: A, B, C or D.", rule="PL-CARD-2")
        self._check_requirements(state, seat, card, move.planet)
        sources = own_marker_cards(state, seat, move.planet)
        source = move.from_card or sources[0]
        if source not in sources:
            raise IllegalMove(f"None of your markers lies on {source} in {move.planet}'s row; yours there are on "
                              f"{', '.join(sources)}.", rule="PL-FIN-2")
        lift_marker(state, source)
        player.markers_supply += 1
        player.hand.remove(card.id)
        self._pay(state, seat, card, move.planet)
        state.planets[move.planet].row.append(PlayedCard(card.id, seat, None))
        state.events.append(f"marker removed from {source}")
        self._score(state, seat, card, move.planet)
        state.finals_played.append(card.id)
        state.phase = PHASE_FINALS

    def _apply_done(self, state: GameState, move: Move) -> None:
        state.events.append(f"{colour(state, move.seat)} ends the last turn")
        self._end_turn(state)

    # ----- views and persistence ---------------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None) -> GameState:
        hidden = clone_state(state)
        sync_public_counts(hidden)      # the counts stay public once the lists are emptied
        for player in hidden.players:
            if player.seat != seat:
                player.hand = []
                player.hand_known = False
                player.drawn_finals = []
                if hidden.phase == PHASE_SETUP:
                    player.setup_discard = None
        for deck in DECKS:
            hidden.decks[deck] = []
        hidden.rng = None
        return hidden

    def dump_state(self, state: GameState) -> dict[str, Any]:
        from .serialize import state_to_json
        return state_to_json(state)

    def load_state(self, data: dict[str, Any]) -> GameState:
        from .serialize import state_from_json
        return state_from_json(data)

    def reveals_information(self, before: GameState, move: Move, after: GameState) -> bool:
        """Drawing, reshuffling, revealing a hand card or a secret choice cannot be taken back."""
        if (before.rng is not None and after.rng is not None and before.rng != after.rng):
            return True
        if before.decks != after.decks or before.discards != after.discards:
            return True
        for old, new in zip(before.players, after.players):
            if (old.hand != new.hand or old.drawn_finals != new.drawn_finals
                    or old.setup_discarded != new.setup_discarded):
                return True
        return False

    # ----- host text ------------------------------------------------------------------------------------------
    def redact_move(self, state: GameState, seat: int, move_text: str) -> str:
        """The setup discard stays secret until every seat has chosen (PL-BOT-1, PL-BOT-2);
        a discard after "draw F" goes face up, so it is public."""
        if state.phase == PHASE_SETUP and move_text.split()[:1] in (["discard"], ["keep"]):
            return "discards a final card"
        return move_text

    def log_line(self, before: GameState, move: Move, after: GameState) -> str:
        """The public log line of spec §14, ``T<turn> <colour> <move> => <events>``.  A setup
        discard is secret until everyone has chosen, so its card is left out of the line."""
        who = colour(before, move.seat)
        turn = f"T{before.turn_no}" if before.phase != PHASE_SETUP else "Setup"
        text = "discards a final card" if move.kind == mv.DISCARD_FINAL and before.phase == PHASE_SETUP \
            else format_move(move)
        return f"{turn} {who} {text} => {' | '.join(after.events)}"

    def status_lines(self, view: GameState) -> list[str]:
        lines: list[str] = []
        spaces, acceleration_space = track_info()
        if view.phase == PHASE_SETUP:
            lines.append("Setup: waiting for the secret final-card discards of "
                         f"{self._names(view, self.waiting_for(view))}.")
        elif view.phase == PHASE_OVER:
            lines.append(f"Game over after {view.turn_no} turns. Winner(s): {self._names(view, view.winners)}.")
        else:
            lines.append(f"Turn {view.turn_no}: {colour(view, view.active)} to act ({self._step_name(view)}).")
        track = f"Evolution track: {len(view.track)}/{spaces}"
        if view.final_space:
            track += f" + {len(view.final_space)} on F"
        track += "; acceleration ON (matter may move 2)" if view.accelerated else \
            f"; acceleration at {acceleration_space}"
        lines.append(track + ".")
        if view.last_round:
            reason = {"track": f"triggered by {colour(view, view.trigger_player)}" if view.trigger_player is not None
                      else "triggered", "stall": "stall guard", "cap": f"{TURN_CAP}-turn cap"}[view.last_round_reason]
            still = self._names(view, view.last_round_queue)
            lines.append(f"LAST ROUND ({reason}); still to play after the current turn: {still}.")
        for player in view.players:
            hand = player.hand_count
            lines.append(f"{player.colour}: {player.score} pts, hand {hand} ({player.final_count} final), "
                         f"markers on cards {markers_on_cards(view, player.seat)}, supply {player.markers_supply}, "
                         f"mat " + " ".join(f"{p}:" + ("".join(f"{k}{v}" for k, v in player.mat[p].items() if v) or "-")
                                            for p in MAT_ORDER))
        lines.append("Planets: " + "; ".join(
            f"{p} ({view.planets[p].kind}) on {view.planet_pos[p]}, "
            f"{'habitable' if view.planets[p].habitable else 'uninhabitable'} "
            f"H{view.planets[p].habitable_points}/U{view.planets[p].uninhabitable_points}, "
            f"{len(view.planets[p].row)} card(s)" for p in PLANETS))
        lines.append(f"Decks: initial {view.deck_sizes.get('initial', 0)}, major {view.deck_sizes.get('major', 0)}"
                     f" (+{len(view.discards['major'])} discarded), final {view.deck_sizes.get('final', 0)}"
                     f" (+{len(view.discards['final'])} discarded).")
        return lines

    def _step_name(self, state: GameState) -> str:
        return {PHASE_MOVE: "move a token", PHASE_CARD: "card step", PHASE_FINALS: "final cards",
                PHASE_DRAW: "draw", PHASE_KEEP_FINAL: "keep a final card"}.get(state.phase, state.phase)

    def private_lines(self, view: GameState, seat: int) -> list[str]:
        player = view.players[seat]
        if not player.hand_known:
            return ["Your hand is not visible in this view."]
        lines = [f"Your hand ({len(player.hand)} cards):"]
        for card_id in player.hand:
            card = cards()[card_id]
            needs = [card.planet_type if card.planet_type != "any" else "any planet", f"orbit {card.orbit_text()}"]
            if card.habitability_required:
                needs.append(card.habitability_required)
            needs.append(card.cost_text())
            if card.marker_removal:
                needs.append("your marker in the row")
            icons = [name for flag, name in ((card.gravity, "gravity"), (card.replaceable, "replaceable")) if flag]
            where = playable_planets(view, seat, card_id)
            if card.deck == "final" and not view.last_round:
                now = "last round only" + (f" (requirements met now on {', '.join(where)})" if where else "")
            else:
                now = f"playable now on {', '.join(where)}" if where else "not playable now"
            lines.append(f"  {card_id} {card.name} ({card.deck}, {card.points} pts, {card.hab_value_text()}"
                         f"{', ' + ', '.join(icons) if icons else ''}): needs {', '.join(needs)} — {now}")
        if player.drawn_finals:
            lines.append("Drawn final cards, keep one: " + ", ".join(
                f"{c} {cards()[c].name} ({cards()[c].points} pts)" for c in player.drawn_finals))
        if view.phase == PHASE_SETUP and player.setup_discard:
            lines.append(f"Your setup discard: {player.setup_discard} (waiting for the others).")
        return lines
