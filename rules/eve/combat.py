"""Combat (spec §12, EVE-CMB): attack, cards, the intel question, dice and re-rolls, tactics,
damage, consequences (tiles, steals, invasion) and agents' survival."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.base import IllegalMove
from rules.kit import Sealed
from rules.messages import Join

from . import moves as mv
from . import reading
from .data import RINGS, tables
from .moves import Move
from .state import (CARDS_ATT, CARDS_DEF, COMBAT, DICE, INVADE, OVER, REROLL, ROUND, STEAL, TACTICS, TAKEFROM, Combat,
                    GameState, RegionState)
from .common import (E, REROLL_DICE, add_event, agent_safe, card_msg, connected_component, empire_msg, hand_of_deck,
                     has_tile_card, is_enemy, listing, neighbours, region_label, type_adj)

if TYPE_CHECKING:
    from .engine import EveGame


def _check_attack(game: EveGame, state: GameState, move: Move) -> None:
    rnd = game._need_action(state)
    seat, source, target = move.seat, move.regions[0], move.regions[1]
    game._check_source(state, seat, source)
    if source in rnd.attack_sources:
        raise IllegalMove("eve.err.attack_once", "EVE-LOG-7", region=region_label(source))
    region = game._region(state, target)
    if target not in neighbours(state, source):
        raise IllegalMove("eve.err.attack_adjacent", "EVE-LOG-5", region=region_label(target),
                          source=region_label(source))
    if not is_enemy(region, seat):
        raise IllegalMove("eve.err.attack_enemy", "EVE-LOG-5", region=region_label(target))
    if region.units < 1:
        raise IllegalMove("eve.err.attack_empty_hq", "EVE-LOG-5", region=region_label(target))


def _check_cards(game: EveGame, state: GameState, move: Move) -> None:
    cards = tables().cards
    for card in move.cards:
        if not state.hands.holds(move.seat, card):
            raise IllegalMove("eve.err.not_in_hand", "EVE-CARD-2", card=card_msg(card))
        if cards[card].window != "COMBAT":
            raise IllegalMove("eve.err.not_combat_card", "EVE-CARD-4", card=card_msg(card))


def _check_dice(game: EveGame, state: GameState, move: Move) -> None:
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


def _check_ask(game: EveGame, state: GameState, move: Move) -> None:
    combat = state.combat
    assert combat is not None
    if combat.intel != move.seat or combat.question is not None:
        raise IllegalMove("eve.err.ask_not_yours", "EVE-CMB-5")


def _reserve_sources(game: EveGame, state: GameState, seat: int) -> list[str]:
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


def _check_tac(game: EveGame, state: GameState, move: Move) -> None:
    combat = state.combat
    assert combat is not None
    spent = len(move.regions) + sum(move.counts)
    if spent != combat.tactic_actions:
        raise IllegalMove("eve.err.tac_count", "EVE-CMB-7", have=combat.tactic_actions, spent=spent)
    sources = game._reserve_sources(state, move.seat)
    for code in set(move.regions):
        region = state.regions.get(code)
        spare = region.units - (0 if region.hq == move.seat else 1) if region else 0
        if code not in sources or move.regions.count(code) > spare:
            raise IllegalMove("eve.err.tac_reserve", "EVE-CMB-7", region=region_label(code),
                              allowed=listing(region_label(c) for c in sources))


def _invasion_max(game: EveGame, state: GameState) -> int:
    combat = state.combat
    assert combat is not None
    if not combat.invasion_allowed:
        return 0
    winner = game._winner_of(combat)
    battle = combat.source if winner == combat.attacker else combat.target
    region = state.regions[battle]
    if region.owner != winner:
        return 0
    return max(0, region.units - (0 if region.hq == winner else 1))


def _check_invade(game: EveGame, state: GameState, move: Move) -> None:
    most = game._invasion_max(state)
    if (move.number or 0) > most:
        raise IllegalMove("eve.err.invade_most", "EVE-CMB-10", most=most, count=move.number or 0)


def _steal_choices(game: EveGame, state: GameState) -> list[str]:
    """EVE-CMB-13/16: the loser's cards of the lost region's colour, else the next lower colour."""
    combat = state.combat
    assert combat is not None
    loser = state.players[game._loser_of(combat)]
    regions = tables().regions
    ring = regions[combat.lost[0]].ring
    for colour in reversed(RINGS[:RINGS.index(ring) + 1]):
        cards = sorted(card for card in loser.region_cards if regions[card].ring == colour)
        if cards:
            return cards
    return []


def _check_steal(game: EveGame, state: GameState, move: Move) -> None:
    choices = game._steal_choices(state)
    if move.arg not in choices:
        raise IllegalMove("eve.err.steal_which", "EVE-CMB-13", card=move.arg,
                          allowed=listing(region_label(c) for c in choices))


def _tile_sources(game: EveGame, state: GameState) -> list[str]:
    combat = state.combat
    assert combat is not None
    loser = state.players[game._loser_of(combat)]
    kind = combat.outpost_lost or ""
    out = [mv.SCHEDULE] if loser.schedule.get(kind, 0) > 0 else []
    return out + sorted(card for card, tile in loser.tile_cards.items() if tile == kind)


def _check_takefrom(game: EveGame, state: GameState, move: Move) -> None:
    sources = game._tile_sources(state)
    if move.arg not in sources:
        raise IllegalMove("eve.err.takefrom_which", "EVE-CMB-12",
                          allowed=Join([E("tile_source.sched_word") if source == mv.SCHEDULE else source
                                        for source in sources], "or"))


# ----- combat -------------------------------------------------------------------------------------------
def _apply_attack(game: EveGame, state: GameState, move: Move) -> None:
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
                       defender: x_region.units + game._fortification(state, defender, x_region)}
    a, d = x_region.agents.count(move.seat), s_region.agents.count(defender)
    combat.intel = move.seat if a > d else defender if d > a else None   # EVE-CMB-3
    combat.dice = Sealed([move.seat, defender])
    state.combat = combat
    state.phase = COMBAT
    add_event(state, "event.attack", attacker=empire_msg(state, move.seat), defender=empire_msg(state, defender),
              source=region_label(source), target=region_label(target),
              a=combat.strength[move.seat], d=combat.strength[defender],
              intel=empire_msg(state, combat.intel) if combat.intel is not None else E("nobody"))
    game._skip_card_steps(state)


def _skip_card_steps(game: EveGame, state: GameState) -> None:
    """EVE-CMB-1: a side without production cards has nothing to play (public hand sizes)."""
    combat = state.combat
    assert combat is not None
    if combat.step == CARDS_ATT and not hand_of_deck(state, combat.attacker, "P"):
        combat.step = CARDS_DEF
    if combat.step == CARDS_DEF and not hand_of_deck(state, combat.defender, "P"):
        combat.step = DICE
    if combat.step == DICE:
        game._card_modifiers(state)


def _played(game: EveGame, combat: Combat, seat: int, kind: str) -> int:
    cards = tables().cards
    return sum(1 for card in combat.cards.get(seat, []) if cards[card].kind == kind)


def _card_modifiers(game: EveGame, state: GameState) -> None:
    """Strength and intel once both card steps are over: PRD-A, PRD-E, PRD-F (EVE-CMB-2/3)."""
    combat = state.combat
    assert combat is not None
    if not combat.cards:
        return
    sides = (combat.attacker, combat.defender)
    for seat in sides:
        combat.strength[seat] += 2 * game._played(combat, seat, "PRD-A")
    for seat, other in (sides, sides[::-1]):
        if game._played(combat, other, "PRD-E"):
            combat.strength[seat] = max(1, combat.strength[seat] - 2 * game._played(combat, other, "PRD-E"))
    intercepts = [seat for seat in sides if game._played(combat, seat, "PRD-F")]
    if intercepts:
        combat.intel = intercepts[0] if len(intercepts) == 1 else None
    add_event(state, "event.combat_cards", a=combat.strength[combat.attacker], d=combat.strength[combat.defender],
              intel=empire_msg(state, combat.intel) if combat.intel is not None else E("nobody"))


def _fortification(game: EveGame, state: GameState, seat: int, region: RegionState) -> int:
    """+1 defence for the defender's outpost or HQ, +2 with Fortifications (PRD-I)."""
    if not (region.outpost or region.hq == seat):
        return 0
    return 2 if has_tile_card(state.players[seat], "PRD-I") else 1


def _apply_cards(game: EveGame, state: GameState, move: Move) -> None:
    combat = state.combat
    assert combat is not None
    if move.cards:
        for card in move.cards:
            state.hands.remove(move.seat, card)
            state.decks["P"].discard([card])
        combat.cards[move.seat] = list(move.cards)
        add_event(state, "event.cards", empire=empire_msg(state, move.seat),
                  cards=Join([card_msg(c) for c in move.cards], "and"))
        for card in move.cards:        # D-E5: what each card does, for the side that answers it
            add_event(state, "event.card_text", card=card_msg(card), text=E(f"card_text.{tables().cards[card].kind}"))
    combat.step = CARDS_DEF if combat.step == CARDS_ATT else DICE
    game._skip_card_steps(state)


def _apply_ask(game: EveGame, state: GameState, move: Move) -> None:
    combat = state.combat
    assert combat is not None
    other = combat.defender if move.seat == combat.attacker else combat.attacker
    combat.question = move.arg
    combat.answer = combat.dice.choices[other]["dst".index(move.arg or "d")]   # EVE-CMB-5: the engine answers
    assert state.streams is not None
    state.streams.reveal()                                      # part of a sealed selection
    add_event(state, "event.asked", asker=empire_msg(state, move.seat), other=empire_msg(state, other),
              question=E(f"ask.{move.arg}"), answer=combat.answer)


def _apply_dice(game: EveGame, state: GameState, move: Move) -> None:
    combat = state.combat
    assert combat is not None
    assert state.streams is not None
    combat.dice.seal(move.seat, list(move.counts), state.streams)   # the last seal opens both
    if combat.dice.complete():
        game._roll(state)


def _roll(game: EveGame, state: GameState) -> None:
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
        bonus = [2 * game._played(combat, seat, kind) for kind in ("PRD-B", "PRD-C", "PRD-D")]
        combat.totals[seat] = [sum(r) + extra for r, extra in zip(rolls, bonus)]   # after the roll
        d, s, t = chosen
        add_event(state, "event.rolled", empire=empire_msg(state, seat), d=d, s=s, t=t,
                  damage=combat.totals[seat][0], shield=combat.totals[seat][1], tactics=combat.totals[seat][2],
                  faces=reading.dice_faces(rolls))
    combat.rerolls_left = [seat for seat in (combat.attacker, combat.defender)
                           if game._played(combat, seat, "PRD-G") and sum(combat.dice.revealed()[seat])]
    if combat.rerolls_left:
        combat.step = REROLL
        return
    game._tactics(state)


def _check_reroll(game: EveGame, state: GameState, move: Move) -> None:
    combat = state.combat
    assert combat is not None
    most = REROLL_DICE * game._played(combat, move.seat, "PRD-G")
    rolled = sum(len(r) for r in combat.rolls[move.seat])
    if len(move.counts) > most or (move.counts and max(move.counts) > rolled):
        raise IllegalMove("eve.err.reroll_which", "EVE-CMB-7", most=most, dice=rolled,
                          faces=reading.dice_faces(combat.rolls[move.seat]))


def _apply_reroll(game: EveGame, state: GameState, move: Move) -> None:
    """Damage Control (PRD-G): the chosen dice are rolled again; the new results stand."""
    combat = state.combat
    assert combat is not None and state.streams is not None
    faces = tables().faces
    seat = move.seat
    flat = [(colour, index) for colour, rolls in enumerate(combat.rolls[seat]) for index in range(len(rolls))]
    for number in move.counts:
        colour, index = flat[number - 1]
        combat.rolls[seat][colour][index] = faces["dst"[colour]][state.streams.roll("dice", 1)[0] - 1]
    bonus = [2 * game._played(combat, seat, kind) for kind in ("PRD-B", "PRD-C", "PRD-D")]
    combat.totals[seat] = [sum(r) + extra for r, extra in zip(combat.rolls[seat], bonus)]
    if move.counts:
        totals = combat.totals[seat]
        add_event(state, "event.rerolled", empire=empire_msg(state, seat), count=len(move.counts),
                  damage=totals[0], shield=totals[1], tactics=totals[2],
                  faces=reading.dice_faces(combat.rolls[seat]))
    combat.rerolls_left.pop(0)
    if not combat.rerolls_left:
        game._tactics(state)


def _tactics(game: EveGame, state: GameState) -> None:
    """EVE-CMB-7: who won the tactics, and by how much."""
    combat = state.combat
    assert combat is not None
    ta, td = combat.totals[combat.attacker][2], combat.totals[combat.defender][2]
    if ta != td:
        combat.tactic_seat = combat.attacker if ta > td else combat.defender
        combat.tactic_actions = abs(ta - td)
        combat.step = TACTICS
        return
    game._damage(state)


def _apply_tac(game: EveGame, state: GameState, move: Move) -> None:
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
    game._damage(state)


def hits(combat: Combat, tactic_seat: int | None, negate: int, cut: int) -> tuple[int, int]:
    """EVE-CMB-8: the hits on the defender and on the attacker from the rolled totals, with
    ``tactic_seat``'s negated damage (T2) and shield cut (T3)."""
    att, dfn = combat.attacker, combat.defender
    d_a, s_a, _ = combat.totals[att]
    d_d, s_d, _ = combat.totals[dfn]
    by_att = tactic_seat == att
    by_dfn = tactic_seat == dfn
    eff_s_d = max(0, s_d - (cut if by_att else 0))
    eff_s_a = max(0, s_a - (cut if by_dfn else 0))
    return (max(0, d_a - eff_s_d - (negate if by_dfn else 0)),
            max(0, d_d - eff_s_a - (negate if by_att else 0)))


def _damage(game: EveGame, state: GameState) -> None:
    """EVE-CMB-8: simultaneous losses, then the lost regions (EVE-CMB-9)."""
    combat = state.combat
    assert combat is not None
    att, dfn = combat.attacker, combat.defender
    hits_on_d, hits_on_a = hits(combat, combat.tactic_seat, combat.negate, combat.cut)
    x, s = state.regions[combat.target], state.regions[combat.source]
    combat.losses = {dfn: min(hits_on_d, x.units), att: min(hits_on_a, s.units)}
    x.units -= combat.losses[dfn]
    s.units -= combat.losses[att]
    state.players[dfn].supply += combat.losses[dfn]
    state.players[att].supply += combat.losses[att]
    add_event(state, "event.losses", attacker=empire_msg(state, att), defender=empire_msg(state, dfn),
              a=combat.losses[att], d=combat.losses[dfn])
    for seat, other, region in ((att, dfn, s), (dfn, att, x)):
        salvage = game._played(combat, seat, "PRD-K") * (combat.losses[other] // 2)
        salvage = min(salvage, state.players[seat].supply)
        if salvage and region.owner == seat and region.units > 0:              # PRD-K Salvage Crews
            region.units += salvage
            state.players[seat].supply -= salvage
            add_event(state, "event.salvage", empire=empire_msg(state, seat), count=salvage)
    combat.lost = [code for code, region, owner in ((combat.target, x, dfn), (combat.source, s, att))
                   if region.units == 0 and region.hq != owner]
    combat.invasion_allowed = len(combat.lost) < 2               # EVE-CMB-11
    combat.step = ""
    game._consequences(state)


def _winner_of(game: EveGame, combat: Combat) -> int:
    """The winner of the region being resolved (EVE-CMB-9: X is the defender's, S the attacker's)."""
    return combat.attacker if combat.lost and combat.lost[0] == combat.target else combat.defender


def _loser_of(game: EveGame, combat: Combat) -> int:
    return combat.defender if combat.lost and combat.lost[0] == combat.target else combat.attacker


def _consequences(game: EveGame, state: GameState) -> None:
    """EVE-CMB-10 for each lost region in turn, stopping at each decision of the winner."""
    combat = state.combat
    assert combat is not None
    while combat.lost:
        code = combat.lost[0]
        region = state.regions[code]
        loser, winner = game._loser_of(combat), game._winner_of(combat)
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
                sources = game._tile_sources(state)
                if len(sources) > 1:
                    combat.step = TAKEFROM
                    return
                if sources:
                    game._take_tile(state, sources[0])
                combat.tile_due = False
        if combat.steal_due:                                     # EVE-CMB-13
            choices = game._steal_choices(state)
            if len(choices) > 1:
                combat.step = STEAL
                return
            combat.steal_due = False
            if choices:
                game._steal(state, choices[0])
                if state.phase == OVER:
                    return
        if combat.step != INVADE and combat.step != "invaded" and game._invasion_max(state) > 0:
            combat.step = INVADE
            return
        game._finish_lost_region(state, code, winner)
        combat.lost.pop(0)
        combat.step = ""
        combat.outpost_lost = None
        if state.phase == OVER:
            return
    game._battle_outcome(state)
    state.combat = None
    state.phase = ROUND


def _battle_outcome(game: EveGame, state: GameState) -> None:
    """EVE-CMB-9/10: the battle's closing sentence, who holds the two regions now (the
    attacker repelled when neither changed hands)."""
    combat = state.combat
    assert combat is not None
    source, target = state.regions[combat.source], state.regions[combat.target]
    if target.owner == combat.defender and source.owner == combat.attacker:
        add_event(state, "event.battle_held", attacker=empire_msg(state, combat.attacker),
                  defender=empire_msg(state, combat.defender), target=region_label(combat.target))
        return
    add_event(state, "event.battle_result", target=region_label(combat.target),
              source=region_label(combat.source),
              target_holder=empire_msg(state, target.owner) if target.owner is not None else E("nobody"),
              source_holder=empire_msg(state, source.owner) if source.owner is not None else E("nobody"))


def _take_tile(game: EveGame, state: GameState, source: str) -> None:
    combat = state.combat
    assert combat is not None
    player = state.players[game._loser_of(combat)]
    kind = combat.outpost_lost or ""
    if source == mv.SCHEDULE:
        player.schedule[kind] -= 1                                # EVE-SCH-3: the seal stays
    else:
        del player.tile_cards[source]
        state.decks[tables().cards[source].deck].discard([source])
        game._agent_survival(state)
    state.pool_tiles[kind] += 1
    add_event(state, "event.tile_lost", empire=empire_msg(state, player.seat), type=type_adj(kind),
              source=E("tile_source.schedule") if source == mv.SCHEDULE else card_msg(source))


def _steal(game: EveGame, state: GameState, card: str) -> None:
    combat = state.combat
    assert combat is not None
    loser, winner = game._loser_of(combat), game._winner_of(combat)
    state.players[loser].region_cards.remove(card)
    state.players[winner].region_cards.append(card)
    add_event(state, "event.stolen", winner=empire_msg(state, winner), loser=empire_msg(state, loser),
              region=region_label(card), vp=tables().regions[card].vp)
    game._vision_reached(state)


def _apply_takefrom(game: EveGame, state: GameState, move: Move) -> None:
    combat = state.combat
    assert combat is not None
    game._take_tile(state, move.arg or "")
    combat.tile_due = False
    combat.step = "begun"
    game._consequences(state)


def _apply_steal(game: EveGame, state: GameState, move: Move) -> None:
    combat = state.combat
    assert combat is not None
    combat.steal_due = False
    combat.step = "begun"
    game._steal(state, move.arg or "")
    if state.phase != OVER:
        game._consequences(state)


def _apply_invade(game: EveGame, state: GameState, move: Move) -> None:
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
    game._consequences(state)


def _finish_lost_region(game: EveGame, state: GameState, code: str, winner: int) -> None:
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
        taker = region.agents[0]                                 # EVE-CMB-10 step 4
        region.units = region.agents.count(taker)
        region.agents = [seat for seat in region.agents if seat != taker]
        region.owner = taker
    if region.owner is None:
        region.outpost = None
    if region.owner is not None:
        add_event(state, "event.region_taken", empire=empire_msg(state, region.owner), region=region_label(code))
    game._agent_survival(state)


def _agent_survival(game: EveGame, state: GameState) -> None:
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
