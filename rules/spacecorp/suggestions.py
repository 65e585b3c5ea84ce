"""Legal moves, autocomplete candidates and the deadline default (spec §9.3-9.4): the actions
a player can take and how to pay for them, reaction-window answers, random playouts, auto-pass."""
from __future__ import annotations

import itertools
from collections import deque
from typing import TYPE_CHECKING, Any, Iterator

from rules.base import IllegalMove
from rules.messages import Join, Msg

from . import moves as mv
from .data import Site, design, is_time, tables
from .moves import (Build, BuildSpot, CardEntry, Choose, Colonize, CpItem, Decline, Draw, Edge, Explore, Fulfill,
                    Genetics, Idea, Leg, Move, MoveAction, Pass, Produce, Research, Sources, Special, Spot, TimeUse,
                    Transport, Upgrade)
from .state import (ACTION, CONTRACTS, INFRA_DISCARD, LEGACY, OFFER_TAKE, OVER, PLAY, RESEARCH_DRAWS, TRANSPORT,
                    GameState, Window, clone_state)
from .common import BOXES, DECLINE_ALWAYS, ERA_ACTIONS, HOME, LETTER, S, TIME_ACTIONS
from .draw_worth import draw_worths
from .worth import worths

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# ----- what is legal ---------------------------------------------------------------------------
def _may_pass(game: SpaceCorpGame, state: GameState, seat: int) -> bool:
    """A pass is allowed after Trigger B (SC-END-3) and when no action is legal (SC-END-9) or
    only Upgrades are (A-49): whatever way to pay, another player's Infra too (SC-VAL-2), not
    only the one way each suggestion shows."""
    return state.deck_exhausted or not any(not isinstance(action, Upgrade) for action in game._actions(state, seat))


def _has_action(game: SpaceCorpGame, state: GameState, seat: int) -> bool:
    return any(True for _ in game._actions(state, seat))


def _actions(game: SpaceCorpGame, state: GameState, seat: int) -> Iterator[Move]:
    """Every action ``seat`` can take now, each with one way to pay: the suggestions (paid
    from the player's own Infra and cards), then, only when those hold nothing but Upgrades,
    the actions another player's Infra pays for (SC-VAL-2, rewarding its owner): legality
    (passing, SC-END-9, A-49) asks this, never the suggestions alone."""
    only_upgrades = True
    for move in game._action_candidates(state, seat):
        only_upgrades = only_upgrades and isinstance(move, Upgrade)
        yield move
    if not only_upgrades:
        return
    for hq in game._other_hqs(state, seat):
        for move in game._action_candidates(state, seat, hq):
            if not isinstance(move, Upgrade):
                yield move


def _other_hqs(state: GameState, seat: int) -> list[str]:
    """The other players' HQs whose Infra ``seat`` may use now: none after the end is
    triggered, except in a race (SC-END-8, EG-RACE)."""
    if state.trigger is not None and not state.turn.race:
        return []
    return [player.colour for player in state.players if player.seat != seat]


def _transports(game: SpaceCorpGame, state: GameState, seat: int) -> list[Transport]:
    player = state.players[seat]
    sites = tables().maps[state.era].sites
    own = [site for site in sites if sites[site].kind == HOME or game._owner_at(state, site) == seat]
    out = []
    for team, where in sorted(player.teams.items()):
        if where is None or where not in own or team in state.turn.acted:
            continue
        for destination in own:
            if destination == where:
                continue
            leg = Leg(team, where, destination)
            try:
                game._check_transport(state, seat, leg)
            except IllegalMove:
                continue
            out.append(Transport(seat, leg=leg))
    return out


def legal_moves(game: SpaceCorpGame, state: GameState, seat: int) -> list[Move]:
    if state.phase == OVER or seat not in game.waiting_for(state):
        return []
    if state.phase == LEGACY:
        return [Choose(seat, key="legacy", value=value)
                for value in [f"@{site}" for site in game.legacy_sites(state, seat)] + [mv.NONE]]
    if state.pending:
        return game._pending_answers(state, state.pending[0])
    if state.windows:
        return game._answers(state, seat, state.windows[-1])
    step = state.turn.step
    moves: list[Move] = []
    if step in (RESEARCH_DRAWS, OFFER_TAKE):
        if step == RESEARCH_DRAWS and state.pile:
            moves.append(Draw(seat, source=mv.DECK))
        moves += [Draw(seat, source=f"O{box + 1}") for box, card in enumerate(state.offer) if card is not None]
        return moves
    if step == CONTRACTS:
        rows = game.fulfillable(state, seat)
        moves.append(Fulfill(seat, rows=tuple(rows)))
        moves += [Fulfill(seat, rows=(row,)) for row in rows] if len(rows) > 1 else []
        return moves + [Fulfill(seat)]
    if step == TRANSPORT:
        return [Transport(seat), *game._transports(state, seat)]
    own = list(game._action_candidates(state, seat))
    return own + _besides_own(game, state, seat, own)


def _besides_own(game: SpaceCorpGame, state: GameState, seat: int, own: list[Move]) -> list[Move]:
    """The action step's legal moves besides the seat's own actions ``own`` (paid either way,
    the same actions): as ``_actions``, those another player's Infra pays for when ``own``
    holds nothing but Upgrades (SC-VAL-2); a pass (as ``_may_pass``); EG-RACE's Edge."""
    moves: list[Move] = []
    if all(isinstance(action, Upgrade) for action in own):
        for hq in game._other_hqs(state, seat):
            moves += [move for move in game._action_candidates(state, seat, hq) if not isinstance(move, Upgrade)]
    if state.deck_exhausted or all(isinstance(action, Upgrade) for action in own + moves):
        moves.append(Pass(seat))
    if not state.turn.race:
        moves += [Edge(seat, card=card) for card, _ in game._edge_cards(state, seat, "ACTION_DECLARED", seat)][:1]
    return moves


def _answers(game: SpaceCorpGame, state: GameState, seat: int, window: Window) -> list[Move]:
    """The answers to an open window: declining first (the deadline's default), then each Edge
    with each of its choices; for EG-INCOMPAT's discard, each Infra card."""
    if window.event == INFRA_DISCARD:
        return [Choose(seat, key="infra-discard", value=f"box{box}") for box in BOXES
                if state.players[seat].hq[box] is not None]
    moves: list[Move] = [Decline(seat)]
    for card, edge in game._edge_cards(state, seat, window.event, window.subject):
        if not game._edge_usable(state, seat, edge, window):
            continue
        effect = edge.effects[0]
        if effect.name == "TAKE_OFFER" and effect.positional != ("all",):
            moves += [Edge(seat, card=card, take=f"O{box + 1}") for box, held in enumerate(state.offer) if held]
        elif effect.name == "TAKE_DISCARDED":
            moves += [Edge(seat, card=card, take=taken) for taken in window.cards if taken in state.discards]
        elif effect.name == "FORBID_ACTION":
            moves += [Edge(seat, card=card, name=name) for name in mv.NAMEABLE if name in ERA_ACTIONS[state.era]]
        elif effect.name == "GAIN_PROGRESS":
            moves += [Edge(seat, card=card, take=progress_id) for progress_id in
                      game.progress_choices(state, seat, effect.positional[0], no_bonus=True)]
        else:
            moves.append(Edge(seat, card=card))
    return moves


def _action_candidates(game: SpaceCorpGame, state: GameState, seat: int, hq: str = mv.SELF,
                       cheapest: bool = False) -> Iterator[Move]:
    """Legal actions, each with one way to pay for it (the Infra of ``hq``, your own by
    default, first, then the fewest cards; with ``cheapest`` the cheapest way and the cheapest
    flights first, as autocomplete offers them).  Every candidate is checked on a copy."""
    for move in game._raw_candidates(state, seat, hq, cheapest):
        try:
            game._action(clone_state(state), move)      # the action alone: the turn does not advance
        except IllegalMove:
            continue
        yield move


def _raw_candidates(game: SpaceCorpGame, state: GameState, seat: int, hq: str = mv.SELF,
                    cheapest: bool = False) -> Iterator[Move]:
    t = tables()
    era_map = t.maps[state.era]
    player = state.players[seat]
    hand = state.hands.cards[seat]
    if len(hand) <= t.constants.research_max_hand and (state.pile or any(state.offer)):
        sources = game._fund(state, seat, "RESEARCH", 1, hq=hq, cheapest=cheapest)
        if sources is not None:
            yield Research(seat, sources=sources)
    sources = game._fund(state, seat, "GENETICS", 1, hq=hq, cheapest=cheapest)
    if sources is not None:
        yield Genetics(seat, sources=sources)
    if mv.IDEA in ERA_ACTIONS[state.era]:
        sources = game._fund(state, seat, "IDEA", 1, hq=hq, cheapest=cheapest)
        if sources is not None:
            yield Idea(seat, sources=sources)
    teams = [(team, site) for team, site in sorted(player.teams.items())
             if site is not None and era_map.sites[site].kind not in ("pioneer", "orion")
             and team not in player.track]
    flights: list[MoveAction] = []
    for team, origin in teams:
        for destination in era_map.sites:
            if destination == origin:
                continue
            distance = game._distance(state, seat, origin, destination)
            if distance is None:
                continue
            need = distance - game._spaceport_bonus(state, seat, origin, ())
            leg = Leg(team, origin, destination)
            sources = game._fund(state, seat, "MOVE", need, shielded=game._shield_needed(
                state, seat, not game._move_shielded(state, seat, leg, ()), origin, destination), hq=hq,
                cheapest=cheapest)
            if sources is not None:
                flights.append(MoveAction(seat, legs=(Leg(team, origin, destination),), sources=sources))
    yield from sorted(flights, key=lambda flight: _spent(flight.sources)) if cheapest else flights    # D7; stable
    for team, site_id in teams:
        site = era_map.sites[site_id]
        if site.explore is not None and site.boxes and not state.tiles.get(site_id):
            sources = game._fund(state, seat, "EXPLORE", site.explore, hq=hq, cheapest=cheapest)
            if sources is not None:
                yield Explore(seat, spots=(Spot(team, site_id),), sources=sources)
        if site.build is not None and not game._bases_at(state, site_id) \
                and len(state.tiles.get(site_id, [])) >= len(site.boxes):
            cost = game._build_cost(state, site_id, seat)
            if game._industrial(state, seat, site.region, ()):
                cost = (cost + 1) // 2
            sources = game._fund(state, seat, "BUILD", cost, shielded=game._shield_needed(
                state, seat, not game._shield_gen_in(state, seat, site.region, ()), site_id), hq=hq, cheapest=cheapest)
            if sources is not None:
                for spot in game._build_spots(state, seat, team, site):
                    yield Build(seat, spots=(spot,), sources=sources)
    eligible = []
    for site_id in sorted({game._spot_site(spot) for spot, (owner, _) in state.bases.items() if owner == seat}):
        try:
            gains = game._production(state, seat, site_id)
        except IllegalMove:
            continue
        eligible.append((-sum(gains), len(gains), site_id))
    if eligible:
        eligible.sort()
        for count in range(len(eligible), 0, -1):
            sources = game._fund(state, seat, "PRODUCE", sum(tiles for _, tiles, _ in eligible[:count]), hq=hq, cheapest=cheapest)
            if sources is not None:
                chosen = tuple(sorted(site for _, _, site in eligible[:count]))
                yield Produce(seat, sites=chosen, sources=sources)
                break
    if state.era == "E3":
        yield from game._colonize_candidates(state, seat)
    for card in sorted(set(hand)):
        if is_time(card):
            continue
        info = t.cards[design(card)]
        if info.infra:
            for box in BOXES:
                yield Upgrade(seat, card=card, box=int(box))
        special = next((entry.special for entry in info.entries if entry.special), None)
        effect = t.specials[special].effects[0].name if special is not None else None
        if effect == "ANTIMATTER_MOVE":
            for team, origin in teams:
                for site_id in sorted(era_map.sites):
                    if site_id != origin:
                        yield Special(seat, card=card, leg=Leg(team, origin, site_id))
        elif effect == "TRACKS_TO_STAR":
            yield Special(seat, card=card)
        elif effect is not None:
            for site_id in sorted(era_map.sites):
                yield Special(seat, card=card, target=site_id)


def suggested_moves(game: SpaceCorpGame, state: GameState, seat: int) -> list[Move]:
    """What autocomplete offers: the legal moves, in the action step the actions first, each paid
    the cheapest way (D7: no Time card and fewer cards first), ordered by their worth to the
    seat (``worth``: a newcomer taking the first line builds, issue 29; ties keep the cheapest
    first), then the other legal moves; a Research draw's choices (SC-RES-3) by the card's worth
    to the seat (``draw_worth``: the pile's by the cards the seat cannot see; ties keep the
    pile first).  Legality never asks this: the legal moves (and random
    play, the computer players) keep their own list.

    The answer depends only on what the seat sees (§9.1), so the last few are kept by the
    seat's view: autocomplete asks again on every keystroke (and for each Hungarian word a
    partly typed one may become), and the view of an unchanged position compares equal."""
    step = state.turn.step
    if state.phase != PLAY or state.pending or state.windows or step not in (ACTION, RESEARCH_DRAWS, OFFER_TAKE) \
            or seat not in game.waiting_for(state):
        return game.legal_moves(state, seat)
    view = game.view(state, seat)
    for known_seat, known_view, known in _RECENT:
        if known_seat == seat and known_view == view:
            return list(known)
    if step == ACTION:
        cheap = list(game._action_candidates(state, seat, cheapest=True))
        values = worths(game, state, seat, cheap, view)
        rest = _besides_own(game, state, seat, cheap)
    else:                                                       # SC-RES-3: the pile or a face-up card
        cheap = game.legal_moves(state, seat)
        draws = [move for move in cheap if isinstance(move, Draw)]
        values = draw_worths(game, view, seat, draws) if len(draws) == len(cheap) > 1 else [0.0] * len(cheap)
        rest = []
    ranked = sorted(range(len(cheap)), key=lambda index: -round(values[index], 6))   # stable: ties keep the first
    ordered = [cheap[index] for index in ranked] + rest
    _RECENT.append((seat, view, ordered))
    return list(ordered)


_RECENT: deque[tuple[int, GameState, list[Move]]] = deque(maxlen=8)    # (seat, its view, suggestions)


def _shield_needed(game: SpaceCorpGame, state: GameState, seat: int, exposed: bool, *sites: str) -> bool:
    """Whether a candidate should use Shielded entries: the action would be exposed to the
    radiation and its owner cannot pay the unshielded cost (SC-RAD-4)."""
    return exposed and game._in_radiation(state, *sites) and \
        state.players[seat].profit < tables().maps[state.era].movement.unshielded_penalty


def _build_spots(game: SpaceCorpGame, state: GameState, seat: int, team: str, site: Site) -> Iterator[BuildSpot]:
    """The base choices a Build may make at ``site``: each type allowed there (E1/E2); in a
    star system, for each type the first tile may take, the rest filled in order."""
    player = state.players[seat]
    tiles = state.tiles.get(site.id, [])
    kinds = sorted(base for base, left in player.bases.items() if left > 0)
    if site.kind != "star_system":
        for base in kinds:
            if game._requirement_met(state, seat, site, base, tiles):
                yield BuildSpot(team, site.id, base)
        return
    seen = set()
    for first in kinds:
        left = dict(player.bases)
        plan = []
        for index, tile in enumerate(tiles):
            order = [first] + kinds if index == 0 else kinds
            fits = next((kind for kind in order if left.get(kind, 0) > 0
                         and game._requirement_met(state, seat, site, kind, [tile])), None)
            if fits is None:
                break
            left[fits] -= 1
            plan.append((tile, fits))
        if len(plan) == len(tiles) and tuple(plan) not in seen:
            seen.add(tuple(plan))
            yield BuildSpot(team, site.id, bases=tuple(sorted(plan)))


def _colonize_candidates(game: SpaceCorpGame, state: GameState, seat: int) -> Iterator[Move]:
    """For each region ``seat`` may colonize, the dearest colony tile its free Colony Points
    reach, then adding 5T, a team and a Build of Infra and cards as needed (SC-COL-3)."""
    t = tables()
    era_map = t.maps[state.era]
    player = state.players[seat]
    for site in era_map.sites.values():
        found = game._bases_at(state, site.id)
        if site.kind != "star_system" or site.region in state.colonies or not found or found[0][1] != seat \
                or len(found) < len(site.boxes):
            continue
        items: list[CpItem] = []
        points = 0
        for kind in ("tiles", "near", "industrial", "two_bases", "envtol"):   # they change nothing
            try:
                points += game._colony_point(state, seat, site, CpItem(kind))
            except IllegalMove:
                continue
            items.append(CpItem(kind))
        extra: list[CpItem] = []
        if player.profit >= t.constants.colonize_pay:
            extra.append(CpItem("pay5"))
        team = next((team for team, where in sorted(player.teams.items()) if where == site.id), None)
        if team is not None:
            extra.append(CpItem("team", team=team))
        single, multi = t.constants.colonize_build_threshold
        build = game._fund(state, seat, "BUILD", multi if site.multi_star else single, time=False)
        if build is not None:
            extra.append(CpItem("build", build=build))
        for colony in sorted(state.colony_supply, key=lambda c: (-t.colony_tiles[c].value, c)):
            need = t.colony_tiles[colony].value - points
            if need <= len(extra):
                chosen = items + extra[:max(need, 0)]
                yield Colonize(seat, region=site.region, colony=colony,
                               cp=tuple(sorted(chosen, key=lambda item: mv.CP_KINDS.index(item.kind))))
                break


def _fund(game: SpaceCorpGame, state: GameState, seat: int, action: str, need: int, time: bool = True,
          shielded: bool = False, hq: str = mv.SELF, cheapest: bool = False) -> Sources | None:
    """One way to reach ``need`` for ``action``: your own Infra and Progress bonuses, then your
    best additive cards of that type one by one, then multiplier cards (SC-VAL-5), then (Move,
    Build, Explore) a Time card doubling it, else (E2/E3) up to 3T of profit (SC-VAL-9), with or
    without the doubling (profit is added after it, A-08); with
    ``shielded``, Shielded entries first (SC-VAL-7).  ``hq`` names whose Infra is used (your
    own by default; another player's only where it adds something).  None if nothing
    reaches it.  With ``cheapest`` (autocomplete, D7) the cards are as few as any way needs and of
    those the weakest; whether a way exists is the same."""
    infra_entries = game._infra(state, game._hq_owner(state, seat, hq), action, shielded)
    infra = sum(entry.value for entry in infra_entries if not entry.multiplier)
    use_infra = (hq,) if infra_entries else ()
    if hq != mv.SELF and (need <= 0 or not infra_entries):
        return None                                     # your own way pays as well
    if need <= 0:
        return Sources(infra=use_infra) if action in ("RESEARCH", "GENETICS", "IDEA") and infra else Sources()
    base = infra + game._progress_bonus(state, seat, action)
    factor = 2 if game._progress_has(state, seat, "DOUBLE_ACTION", action) else 1
    letter = next(key for key, name in LETTER.items() if name == action)
    additive: list[tuple[int, str, str]] = []
    multipliers: list[tuple[int, str, str]] = []
    for card in state.hands.cards[seat]:
        if is_time(card):
            continue
        entries = [entry for entry in tables().cards[design(card)].entries if entry.action == action]
        if entries:
            best = max(entries, key=lambda entry: (not entry.multiplier, entry.shielded == shielded, entry.value))
            item = (best.value, card, ("s" if best.shielded else "") + letter)
            (multipliers if best.multiplier else additive).append(item)
    additive.sort(key=lambda item: (-item[0], item[1]))
    multipliers.sort(key=lambda item: (-item[0], item[1]))
    for doubled in ((1, 2) if time and action in TIME_ACTIONS else (1,)):
        fewest = _fewest_cards(additive, -(-need // (factor * doubled)) - base) if cheapest else None
        if fewest is not None:                          # additive cards alone reach it: the fewest, then the smallest
            if doubled == 1:
                return Sources(cards=fewest, infra=use_infra)
            time_card = next((card for card in state.hands.cards[seat] if is_time(card)), None)
            if time_card is not None:
                return Sources(cards=fewest, infra=use_infra, time=TimeUse(time_card, mv.DOUBLE))
            continue
        total, product, chosen = base, 1, []

        def reached() -> bool:
            value = total * product if total > 0 else (product if product > 1 else 0)
            return value * factor * doubled >= need
        for value, card, entry in additive:
            if reached():
                break
            total += value
            chosen.append(CardEntry(card, entry))
        for value, card, entry in multipliers:
            if reached():
                break
            product *= value
            chosen.append(CardEntry(card, entry))
        time_card = next((card for card in state.hands.cards[seat] if is_time(card)), None)
        doubling = TimeUse(time_card, mv.DOUBLE) if doubled == 2 and time_card is not None else None
        if reached():
            if doubled == 1:
                return Sources(cards=tuple(chosen), infra=use_infra)
            if doubling is not None:
                return Sources(cards=tuple(chosen), infra=use_infra, time=doubling)
        elif state.era != "E1" and (doubled == 1 or doubling is not None):    # profit, after a doubling too
            value = (total * product if total > 0 else (product if product > 1 else 0)) * factor * doubled
            pay = need - value
            if 0 < pay <= min(tables().constants.profit_spend_max, value - 1, state.players[seat].profit):
                return Sources(cards=tuple(chosen), infra=use_infra, time=doubling, pay=pay)
    return None


def _spent(sources: Sources) -> tuple[bool, int, int]:
    """What a way to pay costs, for ordering suggestions (D7): the Time card first, then the
    cards, then the profit paid."""
    return sources.time is not None, len(sources.cards), sources.pay


def _fewest_cards(additive: list[tuple[int, str, str]], target: int) -> tuple[CardEntry, ...] | None:
    """The cheapest additive cards whose values sum to ``target`` or more (D7): as few cards as
    any way needs, and of those the smallest sum, so the strong cards stay in hand; None when all
    of them together fall short.  ``additive`` is sorted strongest first, and so is the answer."""
    if target <= 0:
        return ()
    count, reach = 0, 0
    for value, _card, _entry in additive:
        if reach >= target:
            break
        reach += value
        count += 1
    if reach < target:
        return None
    best = min((combo for combo in itertools.combinations(range(len(additive)), count)
                if sum(additive[index][0] for index in combo) >= target),
               key=lambda combo: (sum(additive[index][0] for index in combo), combo))
    return tuple(CardEntry(additive[index][1], additive[index][2]) for index in best)


def random_move(game: SpaceCorpGame, state: GameState, seat: int, rng: Any) -> Move | None:
    moves = game.legal_moves(state, seat)
    if not moves:
        return None
    if state.turn.step == ACTION:                   # playouts lean to actions that change the board
        busy = [move for move in moves if not isinstance(move, (Research, Upgrade, Genetics))]
        if busy and rng.random() < 0.7:
            moves = busy
    chosen: Move = moves[int(rng.random() * len(moves)) % len(moves)]
    return chosen


def default_move(game: SpaceCorpGame, state: GameState, seat: int) -> Move | None:
    """The deadline's default: no transport (without listing the transports), else the first legal move."""
    if state.phase == PLAY and state.turn.step == TRANSPORT and not state.windows and not state.pending \
            and seat in game.waiting_for(state):
        return Transport(seat)
    moves = game.legal_moves(state, seat)
    if not moves:
        return None
    if state.turn.step == TRANSPORT and not state.windows:
        return Transport(seat)
    return moves[0]


def auto_move(game: SpaceCorpGame, state: GameState, seat: int, prefs: Any) -> tuple[Move, Msg] | None:
    """§9.3 standing auto-pass: a window is declined for a player whose orders say "pass" for
    every Edge that could answer it (the same whatever their hand holds)."""
    if not state.windows or state.pending or state.phase != PLAY or seat not in game.waiting_for(state) \
            or state.windows[-1].event == INFRA_DISCARD:
        return None
    window = state.windows[-1]
    edges = [edge for edge in game._era_edges(state)
             if edge.trigger.name == window.event and game._by_matches(edge.trigger, window.subject, seat)]
    for edge in edges:
        stored = prefs.get(f"autopass_{edge.id}") if isinstance(prefs, dict) else None
        if not isinstance(stored, dict) or stored.get("choice") != DECLINE_ALWAYS:
            return None
    return Decline(seat), S("auto.declined", edges=Join([S(f"edge.{edge.id}") for edge in edges]))
