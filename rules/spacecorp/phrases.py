"""Space Corp moves in words (``move_phrase``): a stored move text as a predicate the host puts
after "bob (Blue):", from the notation's syntax and the static data only (never from legality, so
an old move still reads).  Teams in the reader's colour letters, sites by the names the map shows,
cards by the reader's code (``Ű02#1`` in Hungarian) and name, bases, Edges and Progress cards by their names."""
from __future__ import annotations

from rules.base import IllegalMove
from rules.messages import Join, Localized, Msg

from . import moves as mv
from .data import design, is_time, tables
from .moves import (Build, BuildSpot, Choose, Colonize, CpItem, Decline, Draw, Edge, Explore, Fulfill, Genetics, Idea,
                    Leg, MoveAction, Pass, Produce, Research, Sources, Special, Transport, Upgrade)


def S(key: str, /, **values: object) -> Msg:
    return Msg(f"spacecorp.{key}", **values)


def team_msg(team: str) -> Msg:
    """A team as the reader writes it: ``B1`` (English), ``K1`` (Kék, Hungarian)."""
    return S("team", colour=S(f"colour_letter.{team[:1]}"), n=team[1:])


def team_name(team: str) -> Msg:
    """A team by its colour's name in a phrase beside site names: "Lila 1", not "L1" (a
    Hungarian L1 is also a Lagrange point: "L1 Föld–Hold L5 → Föld–Hold L1")."""
    return S("team_name", colour=S(f"colour.{team[:1]}"), n=team[1:])


def site_msg(site: str) -> Msg | str:
    known = any(site in era_map.sites for era_map in tables().maps.values())
    return S(f"site.{site}") if known else site


def card_msg(card: str) -> Msg | str:
    """``M02#1 (Heavy Lifter)``; a Time card ``T3 (Time)``; an unknown id as it is.  The id in the
    reader's code (Hungarian ``Ű02#1``, ``Idő3``: :func:`moves.card_code`)."""
    if is_time(card):
        return S("card", id=mv.card_code(card), name=S("cardname.TIME"))
    if design(card) in tables().cards:
        return S("card", id=mv.card_code(card), name=S(f"cardname.{design(card)}"))
    return card


def _hq(hq: str) -> Msg:
    if hq == mv.SELF:
        return S("phrase.hq_self")
    return S("phrase.hq_colour", colour=S(f"colour.{mv.seat_colour(hq)}"))


def sources_msg(sources: Sources, names: bool = True, brief: bool = False) -> Msg | None:
    """Where the value comes from: cards (and their entries), Infra, a Time card, profit, bases.
    ``names``: each card with its name (``Ű02#1 (Nehéz teherhordozó)``), else by its code alone;
    ``brief``: the cards without the word "cards" and the Time card's use in a word (a long label)."""
    parts: list[Msg] = []
    if sources.cards:
        def named(card: str) -> Msg | str | Localized:
            return card_msg(card) if names or is_time(card) or design(card) not in tables().cards else mv.card_code(card)
        parts.append(S("phrase.src.cards_brief" if brief else "phrase.src.cards", cards=Join([
            S("phrase.shielded_card", card=named(entry.card)) if entry.entry.startswith("s") else named(entry.card)
            for entry in sources.cards])))
    if sources.infra:
        parts.append(S("phrase.src.infra", hqs=Join([_hq(hq) for hq in sources.infra], "and")))
    if sources.time:
        parts.append(S(f"phrase.src.time_{sources.time.mode}{'_brief' if brief else ''}",
                       card=mv.card_code(sources.time.card)))
    if sources.pay:
        parts.append(S("phrase.src.pay", n=sources.pay))
    if sources.use:
        parts.append(S("phrase.src.use", sites=Join([site_msg(site) for site in sources.use], "and")))
    return S("phrase.sources", parts=Join(parts)) if parts else None


def _leg(leg: Leg, brief: bool = False) -> Msg:
    """``Blue 1 from Sisyphus to Halley's Comet``; ``brief``: without the origin (where the team
    stands; a long label)."""
    if brief:
        return S("phrase.leg_brief", team=team_name(leg.team), destination=site_msg(leg.destination))
    return S("phrase.leg", team=team_name(leg.team), origin=site_msg(leg.origin), destination=site_msg(leg.destination))


def _base(base: str) -> Msg | str:
    return S(f"base.{base}") if base in mv.BASES else base


def _build_spot(spot: BuildSpot) -> Msg:
    if spot.base:
        return S("phrase.build_spot", base=_base(spot.base), site=site_msg(spot.site), team=team_name(spot.team))
    return S("phrase.build_spot_tiles", site=site_msg(spot.site), team=team_name(spot.team),
             bases=Join([S("phrase.tile_base", base=_base(base), tile=_tile(tile)) for tile, base in spot.bases]))


def _tile(tile: str) -> Msg | str:
    """A discovery tile by its name (an id no table knows: as typed)."""
    return S(f"tile.{tile}") if tile in tables().discoveries else tile


def _cp(item: CpItem) -> Msg:
    if item.kind == "team":
        return S("phrase.cp.team", team=team_name(item.team or ""))     # "Lila 1", not "L1" (a Lagrange point)
    if item.kind == "build":
        return S("phrase.cp.build", sources=sources_msg(item.build or Sources()) or "-")
    return S(f"phrase.cp.{item.kind}")


def _region(region: str) -> Msg | str:
    return S(f"render.region.{region}") if any(region in m.regions for m in tables().maps.values()) else region


def _choice(move: Choose) -> Msg:
    value = move.value
    if move.key == "progress":
        name = S(f"progress.{value}") if value in tables().progress else value
        return S("phrase.choose.progress", card=name)
    if move.key == "legacy":
        return S("phrase.choose.legacy_none") if value == mv.NONE else \
            S("phrase.choose.legacy", site=site_msg(value.lstrip("@")))
    if move.key == "pioneer":
        return S("phrase.choose.pioneer", site=site_msg(value))
    if move.key == "base":
        return S("phrase.choose.idea") if value == "IDEA" else S("phrase.choose.base", base=_base(value))
    if move.key == "contract":
        return S("phrase.choose.contract", row=value)
    if move.key == "stack":
        return S("phrase.choose.stack", stack=mv.stack_code(value))
    if move.key == "infra-discard":
        return S("phrase.choose.infra_discard", box=value[-1])
    return S("phrase.choose.predict", cards=Join([card_msg(card) for card in value.split(",")]))


#: A suggested action's label is its phrase and its preview (distance, cost, cards played) within
#: Discord's 100 characters: the phrase names the played cards only while it keeps this much.
PHRASE_BUDGET = 76


def _with(action: Msg, sources: Sources, brief_action: Msg | None = None) -> Msg:
    """The action with where its value comes from, within :data:`PHRASE_BUDGET` in every language
    where it can be: the cards by name; else by code alone (the hand names them); else the
    sources in brief words (:func:`sources_msg`); else also ``brief_action`` (a move's legs
    without their origins).  The same facts, fewer words, never clipped."""
    from rules.messages import LANGUAGES, render
    extra = sources_msg(sources)
    candidates = [S("phrase.with", action=action, sources=extra)] if extra else [action]
    if extra:
        candidates.append(S("phrase.with", action=action, sources=sources_msg(sources, names=False)))
        candidates.append(S("phrase.with", action=action, sources=sources_msg(sources, names=False, brief=True)))
    if brief_action is not None:
        candidates.append(S("phrase.with", action=brief_action, sources=sources_msg(sources, names=False, brief=True))
                          if extra else brief_action)
    for message in candidates[:-1]:
        if all(len(render(message, language)) <= PHRASE_BUDGET for language in LANGUAGES):
            return message
    return candidates[-1]


def phrase(text: str) -> Msg | None:
    """``text`` (canonical notation, as stored) in words; None when it does not parse."""
    try:
        move = mv.parse_move(0, text)
    except IllegalMove:
        return None
    if isinstance(move, Research):
        return _with(S("phrase.research"), move.sources)
    if isinstance(move, MoveAction):
        return _with(S("phrase.move", legs=Join([_leg(leg) for leg in move.legs], "and")), move.sources,
                     S("phrase.move", legs=Join([_leg(leg, brief=True) for leg in move.legs], "and")))
    if isinstance(move, Explore):
        spots = Join([S("phrase.spot", site=site_msg(spot.site), team=team_name(spot.team)) for spot in move.spots],
                     "and")
        action = S("phrase.explore_stacks", spots=spots, stacks=Join([mv.stack_code(x) for x in move.stacks])) if move.stacks else \
            S("phrase.explore", spots=spots)
        return _with(action, move.sources)
    if isinstance(move, Build):
        return _with(S("phrase.build", spots=Join([_build_spot(spot) for spot in move.spots], "and")), move.sources)
    if isinstance(move, Produce):
        places: list[Msg | str] = [site_msg(site) for site in move.sites]
        places += [S("phrase.legacy_pair")] if move.legacy else []
        return _with(S("phrase.produce", sites=Join(places, "and")), move.sources)
    if isinstance(move, Genetics):
        return _with(S("phrase.genetics"), move.sources)
    if isinstance(move, Idea):
        return _with(S("phrase.idea"), move.sources)
    if isinstance(move, Upgrade):
        return S("phrase.upgrade", card=card_msg(move.card), box=move.box)
    if isinstance(move, Special):
        if move.leg:
            return S("phrase.special_leg", card=card_msg(move.card), leg=_leg(move.leg))
        if move.target:
            return S("phrase.special_target", card=card_msg(move.card), site=site_msg(move.target))
        return S("phrase.special", card=card_msg(move.card))
    if isinstance(move, Colonize):
        colony = S(f"colony.{move.colony}") if move.colony in tables().colony_tiles else move.colony
        return S("phrase.colonize", region=_region(move.region), colony=colony,
                 cp=Join([_cp(item) for item in move.cp]))
    if isinstance(move, Pass):
        return S("phrase.pass")
    if isinstance(move, Fulfill):
        return S("phrase.fulfill", rows=Join([Localized(en=str(row), hu=f"{row}.") for row in move.rows], "and")) \
            if move.rows \
            else S("phrase.fulfill_none")
    if isinstance(move, Transport):
        return S("phrase.transport", leg=_leg(move.leg)) if move.leg else S("phrase.transport_none")
    if isinstance(move, Draw):
        return S("phrase.draw_deck") if move.source == mv.DECK else S("phrase.draw_offer", box=move.source[1:])
    if isinstance(move, Edge):
        edge_id = None if is_time(move.card) or design(move.card) not in tables().cards \
            else tables().cards[design(move.card)].edge
        edge: Msg | str = S(f"edge.{edge_id}") if edge_id else card_msg(move.card)
        if move.take:
            taken: Msg | str = S("phrase.offer_box", box=move.take[1:]) if move.take in mv.OFFER else \
                S(f"progress.{move.take}") if move.take in tables().progress else card_msg(move.take)
            return S("phrase.edge_take", edge=edge, card=mv.card_code(move.card), taken=taken)
        if move.name:
            return S("phrase.edge_name", edge=edge, card=mv.card_code(move.card), action=S(f"action.{move.name.upper()}"))
        return S("phrase.edge", edge=edge, card=mv.card_code(move.card))
    if isinstance(move, Decline):
        return S("phrase.decline")
    assert isinstance(move, Choose)
    return _choice(move)
