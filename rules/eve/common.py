"""EVE: Conquests: the constants, message helpers and board queries every rules module shares
(regions owned, VP, squares, months and actions by schedule, the state copy) and the Hungarian
words of the notation."""
from __future__ import annotations

from collections import deque
from typing import Any, Iterable

from rules.kit import clone
from rules.kit.words import WordTable
from rules.messages import Join, Msg, to_json

from . import moves as mv
from .data import TYPES, tables
from .state import Empire, GameState, RegionState

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


def months_for(player: Empire, kind: str, level: int | None = None) -> int:
    """How far a seal of ``kind`` moves at the schedule's level (its present level unless
    ``level`` is given: the end-of-round choice previews the new one, EVE-SCH-4)."""
    months = tables().schedule[(kind, player.level(kind) if level is None else level)][1]
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
    """A deep copy (everything mutable is rebuilt; strings and ints are shared): the kit's copy,
    generated from the fields' type hints (bench/bench_clone.py)."""
    return clone(state)


#: The Hungarian verbs and words of the notation (spec §20.1), folded, to the canonical ones
#: (tables of the kit's translator, rules.kit.words: ``reading.canonical_prefix`` reads with them).
HUNGARIAN_VERBS = WordTable({
    "felfed": mv.REVEAL, "felfedes": mv.REVEAL, "szekhely": mv.HQ, "lerak": mv.PLACE, "elhelyez": mv.PLACE,
    "elooors": mv.OUTPOST, "eloors": mv.OUTPOST, "passz": mv.PASS, "pecset": mv.SEAL, "elso": mv.FIRST,
    "eldob": mv.DISCARD, "dobd": mv.DISCARD, "terjeszkedes": mv.EXPAND, "terjeszkedik": mv.EXPAND,
    "ugynok": mv.AGENT, "epit": mv.BUILD, "huz": mv.DRAW, "mozgat": mv.MOVE, "tamad": mv.ATTACK,
    "tamadas": mv.ATTACK, "kartya": mv.CARDS, "kartyak": mv.CARDS, "kocka": mv.DICE, "kerdez": mv.ASK,
    "taktika": mv.TAC, "betor": mv.INVADE, "ellop": mv.STEAL, "elvesz": mv.TAKEFROM, "igenyel": mv.CLAIM,
    "igenyles": mv.CLAIM, "megszerez": mv.CLAIM, "visszavesz": mv.UNTILE, "gyart": mv.BUILD, "vege": mv.END, "befejez": mv.END, "kijatszik": mv.PLAY, "kijatsz": mv.PLAY,
    "megtart": mv.KEEP, "sorrend": mv.ORDER, "ujradob": mv.REROLL,
})
HUNGARIAN_WORDS = WordTable({
    "fejlesztes": "D", "termeles": "P", "hadvezetes": "L", "passz": "pass", "jegyzek": mv.SCHEDULE,
    "sebzes": "dmg", "serules": "dmg", "pajzs": "shd", "taktika": "tac", "semmi": "none",
})
