"""Static Planetarium data (board graph, planets, track, cards, matter) loaded once from JSON."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import data as game_data

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}
ROMAN_OF = {value: key for key, value in ROMAN.items()}
DECKS = ("initial", "major", "final")
DECK_LETTER = {"initial": "I", "major": "M", "final": "F"}
DECK_OF_LETTER = {letter: deck for deck, letter in DECK_LETTER.items()}


@dataclass(frozen=True)
class Board:
    node_ids: tuple[str, ...]                  # every node, in the order of spec table §12.1
    orbit: dict[str, int]                      # node -> orbit number 1..7
    orbit_step: dict[str, str | None]          # node -> next node clockwise on its orbit (None: arc end)
    links: dict[str, tuple[str, ...]]          # node -> thin-line successors
    successors: dict[str, tuple[str, ...]]     # node -> every successor (orbit step first)
    dot_nodes: tuple[str, ...]                 # the 68 white dots, table order (matter placement order)
    start_node: dict[str, str]                 # planet -> start space


@dataclass(frozen=True)
class Card:
    id: str
    deck: str                                  # "initial" / "major" / "final"
    name: str
    planet_type: str                           # "any" / "solid" / "gas"
    orbit_min: int
    orbit_max: int
    habitability_required: str | None          # None / "habitable" / "uninhabitable"
    cost: tuple[tuple[str, int], ...]          # ((kind, count), ...) in G R W M order
    gravity: bool
    replaceable: bool
    marker_removal: bool
    points: int
    habitability_side: str | None              # "habitable" / "uninhabitable" / None (finals)
    habitability_points: int
    stand_in: bool = False                     # the printed card is not known: its data is [designed]

    @property
    def cost_count(self) -> int:
        return sum(count for _, count in self.cost)

    def cost_text(self) -> str:
        """The cost in notation, e.g. "G1 R2" ("" for a card that costs nothing)."""
        return " ".join(f"{kind}{count}" for kind, count in self.cost)

    def orbit_text(self) -> str:
        return f"{ROMAN_OF[self.orbit_min]}-{ROMAN_OF[self.orbit_max]}"

    def hab_value_text(self) -> str:
        """"H4" / "U4" (notation), "" for a card without a habitability value (finals)."""
        if self.habitability_side is None:
            return ""
        return f"{'H' if self.habitability_side == 'habitable' else 'U'}{self.habitability_points}"


@lru_cache(maxsize=None)
def board() -> Board:
    raw = game_data.load_json("planetarium", "board.json")["nodes"]
    orbit = {node["id"]: ROMAN[node["orbit"]] for node in raw}
    orbit_step = {node["id"]: node["orbit_step"] for node in raw}
    links = {node["id"]: tuple(node["links"]) for node in raw}
    successors = {nid: ((orbit_step[nid],) if orbit_step[nid] else ()) + links[nid] for nid in orbit}
    start_node = {node["start_planet"]: node["id"] for node in raw if node["start_planet"]}
    dots = tuple(node["id"] for node in raw if not node["start_planet"])
    return Board(tuple(orbit), orbit, orbit_step, links, successors, dots, start_node)


@lru_cache(maxsize=None)
def planet_kinds() -> dict[str, str]:
    return {planet["letter"]: planet["kind"] for planet in game_data.load_json("planetarium", "planets.json")}


@lru_cache(maxsize=None)
def track_info() -> tuple[int, int]:
    """(number of ordinary spaces, acceleration space)."""
    raw = game_data.load_json("planetarium", "track.json")
    return raw["spaces"], raw["acceleration_space"]


@lru_cache(maxsize=None)
def matter_mix() -> tuple[tuple[str, int], ...]:
    return tuple((entry["kind"], entry["count"]) for entry in game_data.load_json("planetarium", "matter.json"))


@lru_cache(maxsize=None)
def cards() -> dict[str, Card]:
    result: dict[str, Card] = {}
    for raw in game_data.load_json("planetarium", "cards.json"):
        value = raw["habitability_value"]
        result[raw["id"]] = Card(
            id=raw["id"], deck=raw["deck"], name=raw["name"], planet_type=raw["planet_type"],
            orbit_min=ROMAN[raw["orbit_min"]], orbit_max=ROMAN[raw["orbit_max"]],
            habitability_required=raw["habitability_required"],
            cost=tuple((kind, raw["cost"][kind]) for kind in "GRWM" if raw["cost"].get(kind)),
            gravity=raw["gravity"], replaceable=raw["replaceable"], marker_removal=raw["marker_removal"],
            points=raw["points"], habitability_side=value["side"] if value else None,
            habitability_points=value["points"] if value else 0, stand_in=raw.get("source") == "designed")
    return result


def deck_cards(deck: str) -> list[str]:
    return [card.id for card in cards().values() if card.deck == deck]
