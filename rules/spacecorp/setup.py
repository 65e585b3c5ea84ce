"""Space Corp setup (spec §4, SC-SETUP-1..44, SC-VAR-2/3): a new game, each era's board,
pieces, decks and the deal.  Functions take the game (for the mechanics they call) and the state."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.kit import Hands, Streams

from .data import ERAS, design, tables
from .state import COLOURS, GameState, Player, Turn
from .common import BOXES, HOME, START_PROFIT, era_span

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# ----- setup (SC-SETUP-1..32, SC-VAR-2) -----------------------------------------------------------
def new_game(game: SpaceCorpGame, options: dict[str, Any], seed: int) -> GameState:
    options = game.normalize_options(options)
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
        game._setup_e1(state)
    else:
        game._setup_variant(state, first_era)
    game._advance(state)                              # the first turn starts (a Sabotage may answer it)
    state.news = []
    return state


def _setup_e1(game: SpaceCorpGame, state: GameState) -> None:
    """SC-SETUP-1..17."""
    t = tables()
    assert state.streams is not None
    streams, count = state.streams, len(state.players)
    first = game._first_player(state, "E1")                                        # SC-SETUP-13
    state.order = [(first + i) % count for i in range(count)]
    state.turn = Turn(state.order[0])
    per = t.by_players[count]
    game._reset_pieces(state, "E1")
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
        game._earn(state, state.order[number - 1], START_PROFIT, profit)
    state.offer = [state.pile.pop(0) for _ in range(t.constants.offer_size)]   # SC-SETUP-16
    state.time_aside = time_cards[per.time_cards_per_deck + count:]             # SC-SETUP-12: to the box
    state.stacks = {stack: streams.shuffled(f"tiles:E1:{stack}", [tile.id for tile in t.tiles("E1", stack)])
                    for stack in ("f1", "f2")}                                  # SC-SETUP-4


def _setup_variant(game: SpaceCorpGame, state: GameState, era: str) -> None:
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
        game._earn(state, player.seat, START_PROFIT, t.constants.variant_start_profit[era])
    time_cards = sorted(t.time_cards)
    in_play = t.by_players[count].time_cards_in_play
    state.time_aside = time_cards[in_play:]                                      # returned to the box
    pool = time_cards[:in_play]
    first = game._first_player(state, era)                                       # everyone ties on profit
    game._setup_board(state, era)
    state.order = [(first + i) % count for i in range(count)]
    state.turn = Turn(state.order[0])
    game._deal(state, pool)
    if era == "E3":
        game._add_progress_set(state, "E2")
        for seat in reversed(state.order):                                       # SC-VAR-3
            game._entitle(state, seat, t.wheel.awards["genetics"], setup_pick=True)


def _first_player(state: GameState, era: str) -> int:
    """The host's choice of first player (option ``first_player``), else a seeded random one."""
    assert state.streams is not None
    chosen = int(state.options["first_player"])
    return chosen - 1 if chosen else state.streams.shuffled(f"first_player:{era}", list(range(len(state.players))))[0]


def _reset_pieces(game: SpaceCorpGame, state: GameState, era: str) -> None:
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


def _setup_board(game: SpaceCorpGame, state: GameState, era: str) -> None:
    """The board of E2 or E3 before the deal: the teams at home (SC-SETUP-22/42), the discovery
    stacks (SC-SETUP-21/41), the era's Progress cards on the Side Board (SC-SETUP-30/48) and,
    in E3, the colony tiles for the player count (SC-SETUP-49)."""
    t = tables()
    assert state.streams is not None
    state.era = era
    game._reset_pieces(state, era)
    home = game._home(era)
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
    game._add_progress_set(state, era)
    if era == "E3":
        state.colony_supply = sorted(tile.id for tile in t.colonies_for(len(state.players)))


def _add_progress_set(state: GameState, era: str) -> None:
    """SC-SETUP-30/48: an era's Progress cards face up on the Side Board, the no-bonus copy on top."""
    for card in tables().progress.values():
        if card.era == era:
            bonus, plain = card.physical_ids
            state.side_board[card.id] = [plain, bonus]


def _home(era: str) -> str:
    """The era's home site (SC-MAP-6): Earth, the Inner Solar System, the Sun."""
    return next(site.id for site in tables().maps[era].sites.values() if site.kind == HOME)


def _deal(game: SpaceCorpGame, state: GameState, pool: list[str]) -> None:
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
    # the new era's hands and Offer are seen: the move that opened the era cannot be taken back
    # and played again knowing them (§9.4; the kit's record makes it so)
    state.streams.reveal(len(state.offer) + len(state.order) * (dealt + 1))
