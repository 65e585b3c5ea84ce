"""Every legal way to pay is accepted and none illegal is (issue 27, item 7).

A small brute-force REFERENCE of payment legality written from the spec (docs/rules/space-corp.md
§7.0 SC-VAL, §7.13 SC-RAD, SC-UPG-3/4, SC-END-8, the Progress cards of §8.7), not from the
engine's payment code: for an action whose target (team, route, site, base) is fixed, it lists
every way to pay from the player's hand cards (each in each of its entries for the action), no
Infra, their own HQ's Infra or another player's (SC-VAL-2), a Time card doubling (SC-VAL-8) and
profit 0..3 (SC-VAL-9), and says which meet the action's requirement (SC-VAL-11).  Property
tests then hold the engine to it over positions of seeded random games.

What the reference takes from the engine: the position, the data tables (cards, HQ sides,
maps, tiles: the spec's §8 data) and the targets to pay for: the suggestions' actions with their
payment stripped (kept when the engine accepts the suggestion, so every non-payment precondition
holds), and Research, Genetics, Idea and Moves of each team to every site (compared when the
engine accepts one of the ways tried).  The Move distance is the map's route length
(``EraMap.distance``, a table of §8), less gravity with AD-LOWG.

Covered: Research, Genetics, Idea, Move, Explore, Build, Produce; hand cards in each entry of
the action (Shielded and unshielded), one HQ's Infra (own or another player's; each box's
Shielded or unshielded entry; a card covering the printed value), a Time card doubling, profit
0..3 (E2/E3, P < V1, affordable with the radiation penalty); SpaceCorp math with multipliers;
one's own bases' abilities (E1 Spaceport +2 inside the doubled value, A-09; E2/E3 Spaceport
doubling any one entry; E1/E2 Industrial; Shield Generators) and Progress cards (AD-HIBER,
BR-AUTOCON, AD-SENSFOC, BR-PROBENET, BR-QMFG, AD-RADRES, BR-ENERGY, AD-LOWG); SC-END-8.

Split Time cards: Moves of two teams (pairs of the targets above), each team with its own bonus and
radiation (SC-VAL-8, A-09, SC-RAD-5).

Not covered: split Explore and Build, another player's base abilities named with
``use=`` (their Spaceports, Industrial, Shield Generators), the Race Edge (two HQs), Colonize
(Colony Points, SC-COL), Special cards and Upgrades (no value); a Move's
radiation is judged by its two ends (SC-MOV-20 also names traversed regions)."""
from __future__ import annotations

import dataclasses
import itertools
import random
import time as clock
from collections import Counter
from dataclasses import dataclass

import pytest

from rules import get_game
from rules.base import IllegalMove
from rules.spacecorp.data import Entry, tables
from rules.spacecorp.engine import LETTER, VERB_ACTION, clone_state
from rules.spacecorp.state import ACTION
from rules.spacecorp.moves import (Build, CardEntry, Explore, Genetics, Idea, Leg, MoveAction, Pass, Produce,
                                   Research, Sources, TimeUse)

from tests.spacecorp.test_legality import action_steps

GAME = get_game("spacecorp")
ACTIONS = (Research, Genetics, Idea, MoveAction, Explore, Build, Produce)
PENALTY = {"E1": 0, "E2": 2, "E3": 3}                # SC-RAD-4 / SC-MOV-35
PROFIT_MAX = 3                                        # SC-VAL-9


# ----- the reference -------------------------------------------------------------------------
@dataclass(frozen=True)
class Way:
    """One way to pay: hand cards with the entry used, the HQ whose Infra is claimed (None: no
    Infra), the Time card that doubles (None: none) and the profit added."""

    cards: tuple[tuple[str, Entry], ...]
    hq: int | None
    time: str | None
    pay: int


def design(card: str) -> str:
    return card.split("#")[0]


def owns(state, seat: int, progress: str) -> bool:
    return any(design(card) == progress for card in state.players[seat].progress)


def is_time_card(card: str) -> bool:
    return design(card) in tables().time_cards


def hq_boxes(state, seat: int, owner: int, action: str) -> list[list[Entry]]:
    """SC-VAL-2, SC-UPG-3/4: for each Infra box of ``owner``'s HQ with an entry of ``action``, the
    entries the player may choose from (a card covers the printed value; a card upgraded this turn
    is not Infra yet)."""
    printed = tables().hq_sides[state.hq_side].boxes
    out = []
    for box in ("R", "1", "2", "3"):
        card = state.players[owner].hq.get(box) if box != "R" else None
        if card is not None and owner == seat and card == state.turn.upgraded:
            continue
        entries = tables().cards[design(card)].entries if card is not None else printed.get(box, ())
        matching = [entry for entry in entries if entry.action == action]
        if matching:
            out.append(matching)
    return out


def own_base_in(state, seat: int, base: str, region: str) -> bool:
    sites = tables().maps[state.era].sites
    return any(owner == seat and kind == base and sites[spot.split("/")[0]].region == region
               for spot, (owner, kind) in state.bases.items())


def own_base_at(state, seat: int, base: str, site: str) -> bool:
    return any(owner == seat and kind == base and spot.split("/")[0] == site
               for spot, (owner, kind) in state.bases.items())


def eligible_tiles(state, seat: int, site: str) -> int:
    """SC-PRD-1/2: the tiles on ``site`` with a P# (an Attraction grants one; an Extractor's is
    ignored, A-44) under one of the player's bases: one on an E1/E2 site, one per tile in a star
    system (each tile has its own base, SC-BLD-7)."""
    count = 0
    for spot, (owner, base) in state.bases.items():
        where, _, tile = spot.partition("/")
        if where != site or owner != seat or base == "EXTRACTOR":
            continue
        tiles = [tile] if tile else state.tiles.get(site, [])
        if base == "ATTRACTION" or any(tables().discoveries[t].production is not None for t in tiles):
            count += 1
    return count


@dataclass(frozen=True)
class Need:
    """What a target asks of the value: the requirement, the per-action additive bonuses, the
    doublings, whether one entry may be doubled (E2/E3 Spaceport), and radiation."""

    requirement: int
    bonus: int = 0
    doublings: int = 0
    double_one_entry: bool = False
    radiation: bool = False                      # in the zone and not shielded by anything but entries
    time_allowed: bool = False
    team_bonus: int = 0                          # of ``bonus``, what belongs to the team (E1 Spaceport +2)


def need_of(state, seat: int, move) -> Need:
    era = state.era
    era_map = tables().maps[era]
    sites = era_map.sites
    immune = owns(state, seat, "AD-RADRES")                                             # AD-RADRES
    if isinstance(move, (Research, Genetics, Idea)):
        return Need(1)                                                                  # SC-VAL-11
    if isinstance(move, Produce):
        return Need(sum(eligible_tiles(state, seat, site) for site in move.sites) + (1 if move.legacy else 0))
    if isinstance(move, MoveAction):
        (leg,) = move.legs
        origin, destination = sites[leg.origin], sites[leg.destination]
        distance = era_map.distance(leg.origin, leg.destination)
        if owns(state, seat, "AD-LOWG") and era_map.movement.gravity:                   # AD-LOWG
            distance -= origin.gravity + destination.gravity
        bonus = 2 if owns(state, seat, "AD-HIBER") else 0                               # AD-HIBER
        if era == "E1" and own_base_at(state, seat, "SPACEPORT", leg.origin):
            bonus += 2                                                                  # SC-MOV-12, A-09
        shielded = immune or "home" in (origin.kind, destination.kind) or \
            (era != "E1" and own_base_in(state, seat, "SHIELDGEN", origin.region))      # SC-RAD-2
        rad = era_map.regions[origin.region].radiation or era_map.regions[destination.region].radiation
        return Need(distance, bonus, 0, era != "E1" and own_base_at(state, seat, "SPACEPORT", leg.origin),
                    rad and not shielded, True, 2 if era == "E1" and own_base_at(state, seat, "SPACEPORT", leg.origin) else 0)
    if isinstance(move, Explore):
        (spot,) = move.spots
        site = sites[spot.site]
        bonus = 5 if era == "E3" and site.kind == "star_system" and owns(state, seat, "AD-SENSFOC") else 0
        return Need(site.explore or 0, bonus, 1 if owns(state, seat, "BR-PROBENET") else 0, time_allowed=True)
    if isinstance(move, Build):
        (spot,) = move.spots
        site = sites[spot.site]
        cost = (site.build or 0) + sum(tables().discoveries[tile].base_mod for tile in state.tiles.get(spot.site, []))
        if site.kind == "star_system" and owns(state, seat, "BR-QMFG"):
            cost -= 5                                                                   # BR-QMFG
        bonus = 2 if owns(state, seat, "BR-AUTOCON") else 0                             # BR-AUTOCON
        doublings = 1 if era in ("E1", "E2") and own_base_in(state, seat, "INDUSTRIAL", site.region) else 0
        building = [spot.base] if spot.base else [base for _, base in spot.bases]
        shielded = immune or owns(state, seat, "BR-ENERGY") or "SHIELDGEN" in building or \
            own_base_in(state, seat, "SHIELDGEN", site.region)                          # SC-RAD-3
        return Need(max(0, cost), bonus, doublings, False,
                    era_map.regions[site.region].radiation and not shielded, True)
    raise AssertionError(move)


def spacecorp_math(entries: list[Entry], bonus: int) -> int:
    """SC-VAL-5: V0 = A x M, M when only multipliers were played, else 0."""
    additive = sum(entry.value for entry in entries if not entry.multiplier) + bonus
    factors = [entry.value for entry in entries if entry.multiplier]
    product = 1
    for factor in factors:
        product *= factor
    return additive * product if additive > 0 else (product if factors else 0)


def reference_legal(state, seat: int, move, way: Way) -> bool:
    """The spec's verdict on paying for ``move`` with ``way``."""
    action = VERB_ACTION[move.verb]
    need = need_of(state, seat, move)
    profit = state.players[seat].profit
    if way.hq is not None and way.hq != seat and state.trigger is not None:
        return False                                                                    # SC-END-8
    if way.time is not None and not need.time_allowed:
        return False                                                                    # SC-VAL-8
    if way.pay and (state.era == "E1" or way.pay > PROFIT_MAX or way.pay > profit):
        return False                                                                    # SC-VAL-9, A-43
    boxes = hq_boxes(state, seat, way.hq, action) if way.hq is not None else []
    if way.hq is not None and not boxes:
        return False                               # an HQ with nothing of the action gives nothing to use
    for infra in itertools.product(*boxes):                                             # SC-VAL-7: each box's pick
        entries = list(infra) + [entry for _, entry in way.cards]
        shielded = any(entry.shielded for entry in entries)
        variants = [entries]
        if need.double_one_entry and entries:                                           # SC-MOV-23, SC-VAL-6
            variants += [entries[:i] + [dataclasses.replace(entry, value=entry.value * 2)] + entries[i + 1:]
                         for i, entry in enumerate(entries)]
        for chosen in variants:
            value = spacecorp_math(chosen, need.bonus)
            value *= 2 ** (need.doublings + (1 if way.time is not None else 0))         # SC-VAL-6
            if way.pay and way.pay >= value:
                continue                                                                # SC-VAL-9: P < V1
            value += way.pay
            penalty = PENALTY[state.era] if need.radiation and not shielded else 0      # SC-RAD-4
            if value >= need.requirement and profit - way.pay >= penalty:
                return True
    return False


def reference_split_legal(state, seat: int, first: MoveAction, second: MoveAction, way: Way) -> bool:
    """SC-VAL-8 split, A-09, SC-RAD-5: the Time card gives the full value (before any team's
    bonus) to the Moves of two different teams, each adding its own bonus; a Spaceport's entry
    doubling only when both start at it (SC-MOV-23); each unshielded Move in the zone pays."""
    needs = [need_of(state, seat, first), need_of(state, seat, second)]
    profit = state.players[seat].profit
    if way.time is None or first.legs[0].team == second.legs[0].team:
        return False
    if way.hq is not None and way.hq != seat and state.trigger is not None:
        return False                                                                    # SC-END-8
    if way.pay and (state.era == "E1" or way.pay > PROFIT_MAX or way.pay > profit):
        return False                                                                    # SC-VAL-9
    boxes = hq_boxes(state, seat, way.hq, "MOVE") if way.hq is not None else []
    if way.hq is not None and not boxes:
        return False
    double_one = all(need.double_one_entry for need in needs) and first.legs[0].origin == second.legs[0].origin
    for infra in itertools.product(*boxes):
        entries = list(infra) + [entry for _, entry in way.cards]
        shielded = any(entry.shielded for entry in entries)
        variants = [entries]
        if double_one and entries:
            variants += [entries[:i] + [dataclasses.replace(entry, value=entry.value * 2)] + entries[i + 1:]
                         for i, entry in enumerate(entries)]
        for chosen in variants:
            value = spacecorp_math(chosen, needs[0].bonus - needs[0].team_bonus)         # the action's bonus
            if way.pay and way.pay >= value:
                continue
            value += way.pay
            penalty = sum(PENALTY[state.era] for need in needs if need.radiation and not shielded)
            if all(value + need.team_bonus >= need.requirement for need in needs) and profit - way.pay >= penalty:
                return True
    return False


def ways(state, seat: int, move, rng: random.Random, limit: int) -> list[Way]:
    """Ways to pay for ``move``: all when there are at most ``limit``, else a seeded sample."""
    action = VERB_ACTION[move.verb]
    options = []
    for card in sorted(set(state.hands.cards[seat])):
        info = tables().cards.get(design(card))
        if info is not None and not is_time_card(card):
            entries = [entry for entry in info.entries if entry.action == action]
            if entries:
                options.append([None] + [(card, entry) for entry in entries])
    hqs = [None] + [player.seat for player in state.players]
    times = [None] + sorted({card for card in state.hands.cards[seat] if is_time_card(card)})
    pays = range(PROFIT_MAX + 2)                   # 4 is never legal (SC-VAL-9)
    total = len(hqs) * len(times) * len(pays)
    for choices in options:
        total *= len(choices)
    if total <= limit:
        return [Way(tuple(c for c in cards if c is not None), hq, time, pay)
                for cards in itertools.product(*options) for hq in hqs for time in times for pay in pays]
    out = set()
    for _ in range(limit):
        cards = tuple(c for c in (rng.choice(choices) for choices in options) if c is not None)
        out.add(Way(cards, rng.choice(hqs), rng.choice(times), rng.choice(pays)))
    return sorted(out, key=repr)


def engine_sources(state, way: Way, action: str) -> Sources:
    letter = next(key for key, name in LETTER.items() if name == action)
    cards = tuple(CardEntry(card, ("s" if entry.shielded else "") + letter) for card, entry in way.cards)
    infra = () if way.hq is None else ("self",) if way.hq == state.turn.seat else (state.players[way.hq].colour,)
    time = TimeUse(way.time, "double") if way.time is not None else None
    return Sources(cards=cards, infra=infra, time=time, pay=way.pay)


def engine_accepts(state, move) -> bool:
    try:
        GAME._action(clone_state(state), move)
    except IllegalMove:
        return False
    return True


def targets(state, seat: int) -> list:
    """The actions the suggestions name for any HQ, one target each (payment stripped), kept when
    the engine accepts the target with the payment the suggestion shows."""
    found: dict[str, object] = {}
    for hq in ["self"] + [p.colour for p in state.players if p.seat != seat]:
        for move in GAME._raw_candidates(state, seat, hq):
            if not isinstance(move, ACTIONS) or len(getattr(move, "legs", ())) > 1 or len(getattr(move, "spots", ())) > 1:
                continue
            key = GAME.format_move(dataclasses.replace(move, sources=Sources()))
            if key not in found and engine_accepts(state, move):
                found[key] = dataclasses.replace(move, sources=Sources())
    return list(found.values())


def other_targets(state, seat: int, known: list, rng: random.Random, count: int) -> list:
    """Targets the suggestions did not name: Research, Genetics and Idea, and Moves of every team
    that may act to every other site (a seeded sample of ``count``).  Whether their
    non-payment preconditions hold is not known: they are compared only when the engine accepts
    one of the ways tried (see ``compare``)."""
    era_map = tables().maps[state.era]
    names = {GAME.format_move(move) for move in known}
    out = [Research(seat), Genetics(seat)] + ([Idea(seat)] if state.era != "E1" else [])
    player = state.players[seat]
    for team, origin in sorted(player.teams.items()):
        if origin is None or team in player.track or era_map.sites[origin].kind in ("pioneer", "orion"):
            continue
        for destination in sorted(era_map.sites):
            if destination != origin and era_map.distance(origin, destination) is not None:
                out.append(MoveAction(seat, legs=(Leg(team, origin, destination),)))
    out = [move for move in out if GAME.format_move(move) not in names]
    rng.shuffle(out)
    return out[:count]


# ----- the property tests --------------------------------------------------------------------
GAMES = [(2, 2, {"eras": "1"}, 2), (4, 3, {"eras": "1"}, 2), (6, 2, {"eras": "1"}, 2),
         (5, 2, {"eras": "2-3"}, 6), (7, 3, {"eras": "2-3", "windows": "strict"}, 6),
         (2, 2, {"eras": "3"}, 5), (8, 3, {"eras": "3"}, 5)]


@dataclass
class Tally:
    positions: int = 0
    targets: int = 0
    combinations: int = 0
    legal: int = 0
    kinds: Counter = dataclasses.field(default_factory=Counter)    # legal ways by action and source


def compare(seed: int, players: int, options: dict, every: int = 9, limit: int = 60,
            per_position: int = 5) -> tuple[Tally, list[str]]:
    rng = random.Random(seed * 31 + players)
    tally, differences = Tally(), []
    for ply, state, seat in action_steps(seed, players, options, 600):
        if ply % every or state.turn.race:
            continue
        tally.positions += 1
        named = targets(state, seat)
        rng.shuffle(named)
        chosen = [(move, True) for move in named[:per_position]] + \
            [(move, False) for move in other_targets(state, seat, named, rng, per_position)]
        any_legal = False
        viable_moves = []
        for move, viable in chosen:
            action = VERB_ACTION[move.verb]
            verdicts = []
            for way in ways(state, seat, move, rng, limit):
                variant = dataclasses.replace(move, sources=engine_sources(state, way, action))
                verdicts.append((reference_legal(state, seat, move, way), engine_accepts(state, variant), variant))
            if not viable and not any(got for _, got, _ in verdicts):
                continue                           # a precondition other than payment fails (or none paid)
            tally.targets += 1
            viable_moves.append(move)
            accepted = next((variant for expected, got, variant in verdicts if expected and got), None)
            if accepted is not None:                   # the notation carries the payment whole
                GAME.apply(state, GAME.parse_move(state, seat, GAME.format_move(accepted)))
            for expected, got, variant in verdicts:
                tally.combinations += 1
                tally.legal += expected
                any_legal |= expected
                if expected:
                    sources = variant.sources
                    tally.kinds.update([move.verb] + ["other_hq"] * any(hq != "self" for hq in sources.infra)
                                       + ["time"] * (sources.time is not None) + ["pay"] * bool(sources.pay)
                                       + ["shielded_card"] * any(c.entry.startswith("s") for c in sources.cards))
                if expected != got:
                    differences.append(f"seed {seed} ply {ply} {state.era}: {GAME.format_move(variant)} "
                                       f"reference {expected} engine {got}")
        moves = [move for move, _ in chosen if isinstance(move, MoveAction) and move in viable_moves]
        pairs = [(a, b) for a, b in itertools.permutations(moves, 2) if a.legs[0].team != b.legs[0].team]
        for first, second in rng.sample(pairs, min(2, len(pairs))):
            target = MoveAction(seat, legs=first.legs + second.legs)
            tally.targets += 1
            for way in ways(state, seat, first, rng, limit):
                if way.time is None:
                    continue
                sources = dataclasses.replace(engine_sources(state, way, "MOVE"), time=TimeUse(way.time, "split"))
                variant = dataclasses.replace(target, sources=sources)
                expected, got = reference_split_legal(state, seat, first, second, way), engine_accepts(state, variant)
                tally.combinations += 1
                tally.legal += expected
                if expected:
                    tally.kinds.update(["split"])
                if expected != got:
                    differences.append(f"seed {seed} ply {ply} {state.era}: {GAME.format_move(variant)} "
                                       f"reference {expected} engine {got}")
        if any_legal and not state.deck_exhausted:                                      # SC-END-3/9, A-49
            may_pass = GAME._may_pass(state, seat) or any(isinstance(move, Pass) for move in GAME.legal_moves(state, seat))
            if may_pass:
                differences.append(f"seed {seed} ply {ply}: a pass offered while a way to pay is legal")
    return tally, differences


@pytest.mark.parametrize("seed,players,options,every", GAMES)
def test_SC_VAL_every_legal_way_to_pay_accepted_and_no_illegal_one(seed, players, options, every):
    """SC-VAL-2..11, SC-RAD-4, SC-END-8: over positions of a seeded random game, each way to pay
    (all when few, else a seeded sample) is accepted by the engine exactly when the reference
    says it is legal; and while one is legal before the pile runs out, no pass is offered."""
    started = clock.process_time()
    tally, differences = compare(seed, players, options, every)
    assert not differences, "\n".join(differences[:20])
    assert tally.positions and tally.targets and tally.legal, tally
    assert tally.combinations > tally.legal, "illegal ways were tried too"
    assert clock.process_time() - started < 10


# ----- the engine defects the reference found (SC-VAL-7) -------------------------------------------
def infra_position(profit: int, team_at: str, base_at: str, progress: tuple[str, ...] = (), box2: str | None = None):
    """An E2-start game (HQ box 1 prints "Move 3 | Sh Move 2"): the active player's team Y1 in
    the radiation zone at ``team_at``, their own base at ``base_at``."""
    state = GAME.new_game({"players": 2, "eras": "2-3"}, 1)
    seat = state.turn.seat
    player = state.players[seat]
    assert state.hq_side == "start_e2" and player.colour == "Y"
    player.profit, player.teams["Y1"] = profit, team_at
    player.progress = list(progress)
    player.hq["2"] = box2
    state.bases[base_at] = (seat, "RESEARCHBASE")
    return state, seat


def test_SC_VAL_7_unshielded_infra_entry_with_the_radiation_penalty_paid():
    """SC-VAL-7, SC-RAD-4: the player may use the unshielded "Move 3" of their Infra box and pay
    2T for radiation (titan>rhea is 3); the engine used to take the Shielded "Move 2" and refuse."""
    state, seat = infra_position(8, "titan", "rhea")
    after = GAME.apply(state, GAME.parse_move(state, seat, "move Y1 titan>rhea infra=self"))
    assert after.players[seat].teams["Y1"] == "rhea" and after.players[seat].profit == 6


def test_SC_VAL_7_one_shielded_infra_entry_shields_the_move_the_others_count_whole():
    """SC-VAL-7: with "Move 3 | Sh 2" and "Move 5 | Sh 3" boxes one Shielded entry shields the
    whole Move and the other box gives its larger entry: Sh 2 + 5 = 7 = io>rhea, no profit
    needed (all Shielded gives 5; all unshielded 8 but 2T the player lacks)."""
    state, seat = infra_position(0, "io", "rhea", box2="P06#1")
    assert tables().maps["E2"].distance("io", "rhea") == 7
    after = GAME.apply(state, GAME.parse_move(state, seat, "move Y1 io>rhea infra=self"))
    assert after.players[seat].teams["Y1"] == "rhea" and after.players[seat].profit == 0


def test_SC_VAL_7_radiation_resistance_uses_the_larger_infra_entry():
    """AD-RADRES: a player immune to radiation uses "Move 3" (no penalty) rather than "Sh Move 2"."""
    state, seat = infra_position(0, "titan", "rhea", progress=("AD-RADRES#1",))
    after = GAME.apply(state, GAME.parse_move(state, seat, "move Y1 titan>rhea infra=self"))
    assert after.players[seat].teams["Y1"] == "rhea" and after.players[seat].profit == 0


def test_SC_VAL_7_shielded_move_short_of_the_distance_still_refused():
    """The other side: with no profit for the penalty and only "Sh Move 2" shielding, a Move of 3
    is refused (the unshielded 3 would need 2T)."""
    state, seat = infra_position(0, "titan", "rhea")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, GAME.parse_move(state, seat, "move Y1 titan>rhea infra=self"))
    assert refused.value.rule in ("SC-RAD-4", "SC-MOV-2")


@pytest.mark.parametrize("time,legal", [("", False), (" time=T1:double", True)])
def test_A_09_spaceport_bonus_inside_the_doubled_value(time, legal):
    """SC-VAL-8, SC-MOV-12, A-09: a team starting at its owner's E1 Spaceport gets +2, inside
    the value a Time card doubles: Infra Move 1 + 2 = 3, doubled 6 >= 5 (em_l1>eros); the engine
    used to double the 1 alone and add the 2 after (4 < 5).  Without the Time card 3 < 5."""
    state = GAME.new_game({"players": 2}, 1)
    seat = state.turn.seat
    assert state.era == "E1" and "T1" in state.hands.cards[seat]
    state.players[seat].teams["Y1"] = "em_l1"
    state.bases["em_l1"] = (seat, "SPACEPORT")
    assert tables().maps["E1"].distance("em_l1", "eros") == 5
    move = GAME.parse_move(state, seat, "move Y1 em_l1>eros infra=self" + time)
    way = Way((), seat, "T1" if time else None, 0)
    assert_move_judged_alike(state, seat, move, way, legal, "eros")


def assert_move_judged_alike(state, seat, move, way, legal, destination):
    """The reference and the engine agree on a Move of team Y1: done (the team arrives) or
    refused as too short (SC-MOV-2)."""
    assert reference_legal(state, seat, move, way) is legal
    if legal:
        assert GAME.apply(state, move).players[seat].teams["Y1"] == destination
    else:
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(state, move)
        assert refused.value.rule == "SC-MOV-2"


@pytest.mark.parametrize("cards,legal", [("S36#1/m,S07#1/m", True), ("S07#1/m", False)])
def test_SC_MOV_23_spaceport_may_double_a_multiplier_entry(cards, legal):
    """SC-MOV-23, SC-VAL-6: a Move starting at the mover's own E3 Spaceport doubles one entry,
    a multiplier x m becoming x 2m: Infra Sh Move 10 + Move 10, x2 doubled to x4 = 80 >= 70
    (ross128>eps_eri); the engine used to double an additive entry only ((10 + 10 + 10) x 2 = 60).
    With Infra 10 and x2 alone the best is 40 either way: refused."""
    state = GAME.new_game({"players": 2, "eras": "3"}, 1)
    state.pending, state.turn.step = [], ACTION
    seat = state.turn.seat
    state.players[seat].teams["Y1"] = "ross128"
    state.bases["ross128/D3-07"] = (seat, "SPACEPORT")
    state.hands.cards[seat] += ["S36#1", "S07#1"]
    assert tables().maps["E3"].distance("ross128", "eps_eri") == 70
    move = GAME.parse_move(state, seat, f"move Y1 ross128>eps_eri infra=self cards={cards}")
    way = Way(tuple((entry.card, tables().cards[design(entry.card)].entries[0]) for entry in move.sources.cards),
              seat, None, 0)
    assert_move_judged_alike(state, seat, move, way, legal, "eps_eri")


@pytest.mark.parametrize("seed", [7, 21])
def test_SC_END_9_a_pass_allowed_only_when_the_reference_finds_no_way_to_pay(seed):
    """SC-END-3/9, A-49: at every action step before the pile runs out where ``_may_pass``
    allows a pass, the reference finds no way to pay (a seeded sample) that the engine accepts
    for Research, Genetics, Idea or a Move of any team to any site.  (The suggestions used to
    miss profit added after a Time card's doubling, A-08, and let a player pass.)"""
    started = clock.process_time()
    checked = 0
    for ply, state, seat in action_steps(seed, 2, {"eras": "2-3"}, 600):
        if not GAME._may_pass(state, seat):
            continue
        checked += 1
        rng = random.Random(ply)
        for move in other_targets(state, seat, [], rng, 10**6):
            action = VERB_ACTION[move.verb]
            for way in ways(state, seat, move, rng, 120):
                if reference_legal(state, seat, move, way):
                    variant = dataclasses.replace(move, sources=engine_sources(state, way, action))
                    assert not engine_accepts(state, variant), (ply, GAME.format_move(variant))
    assert checked
    assert clock.process_time() - started < 10
