"""An action's value (spec §7.0, SC-VAL): Infra boxes, played cards, Time, HQs, bases'
abilities and Progress effects; opponents' rewards (§7.12, SC-RWD) and radiation (§7.13, SC-RAD)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Iterator

from . import moves as mv
from .data import Entry, design, is_time, tables
from .moves import CardEntry, Sources, TimeUse
from .state import BASE_USED, INFRA_USED, GameState, Reward, split_spot
from .common import BOXES, LETTER, S, TIME_ACTIONS, Valued, base_ability, refuse, site_msg

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# value: infra of one HQ, cards, Time card, base abilities, Progress bonuses, profit (SC-VAL-2..10)
def _value(game: SpaceCorpGame, state: GameState, seat: int, action: str, sources: Sources, starts: list[str],
           region: str | None = None, shield_wanted: bool = False) -> Valued:
    """The action's value before per-team bonuses, the opponents it rewards and whether a
    Shielded entry was used (SC-VAL-7).  Checks every source; plays the cards (they leave the
    hand into the turn's played cards) and pays the profit spent (SC-VAL-9)."""
    rewards: list[Reward] = []
    boxes: list[list[Entry]] = []
    if len(sources.infra) > (2 if state.turn.race else 1):
        raise refuse("one_hq", "SC-VAL-2")
    owners = [game._hq_owner(state, seat, hq) for hq in sources.infra]
    if len(set(owners)) < len(owners):
        raise refuse("hq_twice", "EG-RACE")
    for owner in owners:
        if owner != seat:
            if state.trigger is not None and not state.turn.race:                        # EG-RACE, A-04
                raise refuse("no_opponent_after_trigger", "SC-END-8", seat=game.seat_label(state, owner))
            rewards.append(Reward(owner, INFRA_USED))
        infra = _infra_boxes(game, state, owner, action)
        if not infra:
            raise refuse("no_infra", "SC-VAL-2", seat=game.seat_label(state, owner), action=S(f"action.{action}"))
        boxes += infra
    seen: set[str] = set()
    cards: list[Entry] = []
    for played in sources.cards:
        cards.append(game._card_entry(state, seat, played, action))
        if played.card in seen:
            raise refuse("card_twice", "SC-VAL-3", card=mv.card_code(played.card))
        seen.add(played.card)
    if sources.time is not None:
        game._check_time(state, seat, sources.time, action)
    doubled_entry = False
    for site in sources.use:
        owner, kinds = game._base_at(state, site)
        useful = _base_use(state, site, kinds, action, starts, region)
        if useful is None:
            raise refuse("use_nothing", "SC-VAL-4", site=site_msg(site), action=S(f"action.{action}"))
        if owner != seat:
            if state.trigger is not None:
                raise refuse("no_opponent_after_trigger", "SC-END-8", seat=game.seat_label(state, owner))
            rewards.append(Reward(owner, BASE_USED, site, useful))
    if action == "MOVE" and state.era != "E1" and starts and (boxes or cards) and \
            game._spaceport_doubles(state, seat, starts, sources.use):
        doubled_entry = True                                                            # SC-MOV-23
    bonus = game._progress_bonus(state, seat, action)                                   # SC-VAL-10
    largest = [max(options, key=lambda entry: entry.value) for options in boxes]
    picks = [largest]
    if shield_wanted and not any(entry.shielded for entry in cards + largest):          # SC-VAL-7: one
        picks = [largest[:i] + [max((e for e in options if e.shielded), key=lambda e: e.value)] + largest[i + 1:]
                 for i, options in enumerate(boxes) if any(e.shielded for e in options)] or picks
    entries = max((pick + cards for pick in picks), key=lambda chosen: _math(chosen, doubled_entry, bonus))
    value = _math(entries, doubled_entry, bonus)                                        # SC-VAL-5
    if sources.time is not None and sources.time.mode == mv.DOUBLE:
        value *= 2                                                                      # SC-VAL-6/8
    if game._progress_has(state, seat, "DOUBLE_ACTION", action):
        value *= 2                                                                      # BR-PROBENET
    if action == "BUILD" and region is not None and game._industrial(state, seat, region, sources.use):
        value *= 2                                                                      # SC-BLD-5
    if sources.pay:                                                                     # SC-VAL-9, A-08
        player = state.players[seat]
        if state.era == "E1":
            raise refuse("no_profit_spending", "SC-VAL-9", era=S(f"era.{state.era}"))
        most = min(tables().constants.profit_spend_max, value - 1, player.profit)
        if sources.pay > most:
            raise refuse("pay_too_much", "SC-VAL-9", pay=sources.pay, most=max(most, 0), value=value,
                         profit=player.profit)
        game._earn(state, seat, "spent", -sources.pay)
        value += sources.pay
    for played in sources.cards:
        state.hands.remove(seat, played.card)
        state.turn.played.append(played.card)
    if sources.time is not None:
        state.hands.remove(seat, sources.time.card)
        state.turn.played.append(sources.time.card)
    return Valued(value, rewards, any(entry.shielded for entry in entries))


def _base_use(state: GameState, site: str, kinds: list[str], action: str, starts: list[str],
              region: str | None) -> str | None:
    """The base type on ``site`` whose ability ``action`` uses when it names the site in ``use=``
    (SC-VAL-4): a Spaceport a Move starts at, an Industrial base in the Build's region (E1/E2), a
    Shield Generator in the region of the Build or of a Move's start (E2/E3); None: none."""
    sites = tables().maps[state.era].sites
    if "SPACEPORT" in kinds and action == "MOVE" and site in starts:
        return "SPACEPORT"
    if "INDUSTRIAL" in kinds and action == "BUILD" and region is not None \
            and base_ability(state.era, "INDUSTRIAL", "DOUBLE_BUILD_IN_REGION") is not None \
            and sites[site].region == region:
        return "INDUSTRIAL"
    if "SHIELDGEN" in kinds and action in ("MOVE", "BUILD") and state.era != "E1" \
            and sites[site].region in ([region] if region else [sites[start].region for start in starts]):
        return "SHIELDGEN"
    return None


def _math(entries: list[Entry], doubled_entry: bool, bonus: int) -> int:
    """SC-VAL-5 "SpaceCorp math": the additive entries and bonuses summed, times the
    multipliers.  With a Spaceport's doubling (SC-MOV-23, SC-VAL-6) the player doubles the
    entry that gives most: an additive n becomes 2n, a multiplier x m becomes x 2m."""
    if doubled_entry and entries:
        return max(_math(entries[:i] + [replace(entry, value=entry.value * 2)] + entries[i + 1:], False, bonus)
                   for i, entry in enumerate(entries))
    additive = sum(entry.value for entry in entries if not entry.multiplier) + bonus
    multipliers = [entry.value for entry in entries if entry.multiplier]
    product = 1
    for factor in multipliers:
        product *= factor
    return additive * product if additive > 0 else (product if multipliers else 0)


def _infra_boxes(game: SpaceCorpGame, state: GameState, owner: int, action: str) -> list[list[Entry]]:
    """SC-VAL-2/7: for each Infra box of ``owner``'s HQ with an entry of ``action`` (a printed
    value or the upgraded card covering it; not the card upgraded this turn, SC-UPG-4), the
    entries the player may use: a Shielded and an unshielded one, or the one."""
    t = tables()
    player = state.players[owner]
    printed = t.hq_sides[state.hq_side].boxes
    found: list[list[Entry]] = []
    for box in ("R",) + BOXES:
        card = player.hq.get(box) if box != "R" else None
        if card is not None and card == state.turn.upgraded and owner == state.turn.seat:
            continue
        entries = t.cards[design(card)].entries if card is not None else printed.get(box, ())
        matching = [entry for entry in entries if entry.action == action]
        if matching:
            found.append(matching)
    return found


def _hq_owner(game: SpaceCorpGame, state: GameState, seat: int, hq: str) -> int:
    if hq == mv.SELF:
        return seat
    for player in state.players:
        if hq in (player.colour, f"P{player.seat + 1}"):
            return player.seat
    raise refuse("no_such_hq", "SC-VAL-2", value=hq)


def _infra(game: SpaceCorpGame, state: GameState, owner: int, action: str, shield_wanted: bool = False) -> list[Entry]:
    """The Infra entries of ``owner``'s HQ for ``action`` (SC-VAL-2), one a box
    (:func:`_infra_boxes`): its Shielded entry when the action needs shielding, else the largest."""
    return [max(options, key=lambda entry: (entry.shielded == shield_wanted, entry.value))
            for options in _infra_boxes(game, state, owner, action)]


def _card_entry(game: SpaceCorpGame, state: GameState, seat: int, played: CardEntry, action: str) -> Entry:
    if not state.hands.holds(seat, played.card):
        raise refuse("not_in_hand", "SC-VAL-3", card=mv.card_code(played.card))
    if is_time(played.card):
        raise refuse("time_as_card", "SC-VAL-8", card=mv.card_code(played.card))
    wanted, shielded = LETTER[played.entry[-1]], played.entry.startswith("s")
    if wanted != action:
        raise refuse("entry_not_action", "SC-VAL-3", card=mv.card_code(played.card), action=S(f"action.{action}"))
    card = tables().cards[design(played.card)]
    for entry in card.entries:
        if entry.action == action and entry.shielded == shielded:
            return entry
    raise refuse("card_lacks_entry", "SC-CARD-1", card=mv.card_code(played.card), action=S(f"action.{action}"))


def _check_time(game: SpaceCorpGame, state: GameState, seat: int, time: TimeUse, action: str) -> None:
    if not is_time(time.card) or not state.hands.holds(seat, time.card):
        raise refuse("time_not_in_hand", "SC-VAL-8", card=mv.card_code(time.card))
    if action not in TIME_ACTIONS:
        raise refuse("time_action", "SC-VAL-8", action=S(f"action.{action}"))


def _base_at(game: SpaceCorpGame, state: GameState, site: str) -> tuple[int, list[str]]:
    """The owner of the bases on ``site`` and their types (one, or in an E3 star system one
    per tile, all built by one player in one action, SC-BLD-7)."""
    found = game._bases_at(state, site)
    if not found:
        raise refuse("no_base_there", "SC-VAL-4", site=site_msg(site))
    return found[0][1], [base for _, _, base in found]


def _spot_site(spot: str) -> str:
    return split_spot(spot)[0]


def _spot_tiles(state: GameState, spot: str) -> list[str]:
    """The tiles a base stands on: the site's (E1/E2), or its own tile in a star system."""
    site, tile = split_spot(spot)
    return [tile] if tile else state.tiles.get(site, [])


def _bases_at(game: SpaceCorpGame, state: GameState, site: str) -> list[tuple[str, int, str]]:
    """(spot, owner, base type) of every base on ``site``."""
    return [(spot, owner, base) for spot, (owner, base) in state.bases.items() if game._spot_site(spot) == site]


def _owner_at(game: SpaceCorpGame, state: GameState, site: str) -> int | None:
    found = game._bases_at(state, site)
    return found[0][1] if found else None


def _industrial(game: SpaceCorpGame, state: GameState, seat: int, region: str, used: tuple[str, ...]) -> bool:
    """An Industrial base in ``region`` doubles this Build (E1/E2): your own always, an
    opponent's when named in ``use=`` (checked and rewarded by ``_value``)."""
    if base_ability(state.era, "INDUSTRIAL", "DOUBLE_BUILD_IN_REGION") is None:
        return False
    sites = tables().maps[state.era].sites
    return any(base == "INDUSTRIAL" and sites[game._spot_site(spot)].region == region
               and (owner == seat or game._spot_site(spot) in used)
               for spot, (owner, base) in state.bases.items())


def _spaceport_bonus(game: SpaceCorpGame, state: GameState, seat: int, site: str, used: tuple[str, ...]) -> int:
    """SC-MOV-12: +2 Move for a team starting at a Spaceport (yours, or a named opponent's), E1."""
    if state.era == "E1" and site in state.bases:
        owner, base = state.bases[site]
        if base == "SPACEPORT" and (owner == seat or site in used):
            return 2
    return 0


def _spaceport_doubles(game: SpaceCorpGame, state: GameState, seat: int, starts: list[str], used: tuple[str, ...]) -> bool:
    """SC-MOV-23 (E2/E3): every moving team starts at one Spaceport (yours, or a named
    opponent's): one Move entry counts double (the largest, the player's best choice)."""
    if len(set(starts)) != 1:
        return False
    return any(base == "SPACEPORT" and (owner == seat or starts[0] in used)
               for _, owner, base in game._bases_at(state, starts[0]))


def _owns(game: SpaceCorpGame, state: GameState, seat: int, progress_id: str) -> bool:
    return any(card.split("#")[0] == progress_id for card in state.players[seat].progress)


def _progress_effects(game: SpaceCorpGame, state: GameState, seat: int) -> Iterator[Any]:
    """The ongoing effects of ``seat``'s Progress cards (SC-PROG-5)."""
    t = tables()
    for card in state.players[seat].progress:
        info = t.progress[card.split("#")[0]]
        if info.timing == "ongoing":
            yield from info.effects


def _progress_bonus(game: SpaceCorpGame, state: GameState, seat: int, action: str) -> int:
    """SC-VAL-10: Hibernation's +2 Move, Automated Construction's +2 Build, Sensory Focus's +5
    Explore at a star system (every E3 exploration is one), once per action."""
    return sum(effect.int_arg(1) if effect.name == "ACTION_BONUS" else effect.int_arg(0)
               for effect in game._progress_effects(state, seat)
               if effect.name == "ACTION_BONUS" and effect.positional[0] == action
               or effect.name == "EXPLORE_STAR_BONUS" and action == "EXPLORE" and state.era == "E3")


def _progress_has(game: SpaceCorpGame, state: GameState, seat: int, name: str, arg: str | None = None) -> bool:
    return any(effect.name == name and (arg is None or arg in effect.positional)
               for effect in game._progress_effects(state, seat))


# ----- radiation and shielding (SC-RAD) ------------------------------------------------------------
def _in_radiation(game: SpaceCorpGame, state: GameState, *sites: str) -> bool:
    """SC-RAD-1: any of these sites' regions is in the radiation zone.  A Move's route counts
    by its ends: on the E2 map the regions outside the zone border each other, so the cheapest
    route between two of them never enters it."""
    era_map = tables().maps[state.era]
    return any(era_map.regions[era_map.sites[site].region].radiation for site in sites)


def _shield_gen_in(game: SpaceCorpGame, state: GameState, seat: int, region: str, used: tuple[str, ...]) -> bool:
    """A Shield Generator in ``region``: yours always, an opponent's when named in ``use=``."""
    sites = tables().maps[state.era].sites
    return any(base == "SHIELDGEN" and sites[game._spot_site(spot)].region == region
               and (owner == seat or game._spot_site(spot) in used)
               for spot, (owner, base) in state.bases.items())


def _radiation_penalty(game: SpaceCorpGame, state: GameState, seat: int, action: str, shielded: bool, *sites: str) -> int:
    """SC-RAD-4: the profit an unshielded action in the radiation zone costs (0 if none);
    refused when the player cannot pay it.  Radiation Resistance shields (AD-RADRES)."""
    if shielded or not game._in_radiation(state, *sites) or game._progress_has(state, seat, "SHIELDED", action):
        return 0
    penalty = tables().maps[state.era].movement.unshielded_penalty
    if state.players[seat].profit < penalty:
        raise refuse("radiation_unpaid", "SC-RAD-4", penalty=penalty, profit=state.players[seat].profit)
    game._earn(state, seat, "penalties", -penalty)
    state.news.append(S("news.radiation", player=game.seat_label(state, seat), amount=penalty))
    return penalty
