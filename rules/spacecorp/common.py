"""Space Corp: the constants and small helpers every mechanic module shares (message keys,
refusals, era spans, the Edges played, pair production)."""
from __future__ import annotations

import functools
from typing import Any, Iterable, Iterator, Mapping, NamedTuple

from rules.base import IllegalMove
from rules.kit import Term
from rules.messages import Join, Msg

from . import moves as mv
from . import phrases
from .data import tables
from .state import INFRA_USED, Reward

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


def reward_msg(key: str, player: Msg, reward: Reward, where: bool = True, brief: bool = False) -> Msg | None:
    """A reward card owed to ``player`` with why (SC-RWD-1): ``{key}.infra`` (their Infra used),
    ``{key}.base`` (a base's ability used), ``{key}.start`` / ``{key}.end`` (a Move's base,
    SC-MOV-3), ``_bases`` for a star system's several bases.  Not ``where`` (a label's few
    words, a base's reward): ``{key}.base`` / ``{key}.bases`` whatever the base was used for,
    without its site; ``brief``: ``{key}.base_any`` (their base, whichever).  None for a reward
    stored before causes were kept."""
    if not reward.cause:
        return None
    if reward.cause == INFRA_USED:
        return S(f"{key}.infra", player=player)
    if brief:
        return S(f"{key}.base_any", player=player)
    if not where:
        return S(f"{key}.base", player=player, base=S(f"base.{reward.base}")) if reward.base else \
            S(f"{key}.bases", player=player)
    if not reward.base:
        return S(f"{key}.{reward.cause}_bases", player=player, site=site_msg(reward.site))
    return S(f"{key}.{reward.cause}", player=player, base=S(f"base.{reward.base}"), site=site_msg(reward.site))


def refuse(key: str, rule: str, **values: Any) -> IllegalMove:
    return IllegalMove(f"spacecorp.err.{key}", rule, **values)


def site_msg(site: str) -> Msg | str:
    """A site by the name the map shows (an id no map knows: as typed)."""
    return phrases.site_msg(site)


class Valued(NamedTuple):
    """An action's value (SC-VAL), the opponents its sources reward, and whether it used a
    Shielded entry (SC-VAL-7)."""

    value: int
    rewards: list[Reward]
    shielded: bool


def _card_ids(msg: Msg | Join) -> Iterator[str]:
    """The card ids a news message names (``spacecorp.card`` values, also inside lists)."""
    items = msg.items if isinstance(msg, Join) else [value for _, value in msg.values]
    if isinstance(msg, Msg) and msg.key == "spacecorp.card":
        yield str(dict(msg.values)["id"])
    for value in items:
        if isinstance(value, (Msg, Join)):
            yield from _card_ids(value)
