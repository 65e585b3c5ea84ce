"""Colonize (spec §7.14, SC-COL): colony points, colony events and abilities."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.messages import Join

from . import moves as mv
from .phrases import team_msg, team_name
from .data import Site, tables
from .moves import Colonize, CpItem
from .state import GameState
from .common import S, refuse, site_msg

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# ----- Colonize (SC-COL, E3) and the colonies' abilities (§8.9) ----------------------------------
def _colonize(game: SpaceCorpGame, state: GameState, move: Colonize) -> None:
    """SC-COL-1..5: a colony tile goes to a star system whose every box holds one of your
    bases, paid with Colony Points, each source once."""
    seat = move.seat
    t = tables()
    era_map = t.maps[state.era]
    region = era_map.regions.get(move.region)
    site = next((site for site in era_map.sites.values() if site.region == move.region), None)
    if region is None or site is None or region.kind != "star_system" or not site.boxes:
        raise refuse("colonize_where", "SC-COL-1", region=move.region)
    if move.region in state.colonies:
        raise refuse("colonize_taken", "SC-COL-1", site=site_msg(site.id))
    tiles = state.tiles.get(site.id, [])
    found = game._bases_at(state, site.id)
    if len(tiles) < len(site.boxes) or len(found) < len(tiles) or found[0][1] != seat:
        raise refuse("colonize_bases", "SC-COL-1", site=site_msg(site.id))
    if move.colony not in state.colony_supply:
        raise refuse("colony_not_available", "SC-COL-2", colony=mv.colony_code(move.colony),
                     allowed=Join([mv.colony_code(colony) for colony in state.colony_supply]) if state.colony_supply else "-")
    need = t.colony_tiles[move.colony].value
    points = sum(game._colony_point(state, seat, site, item) for item in move.cp)
    if points < need:
        raise refuse("colonize_short", "SC-COL-2", colony=S(f"colony.{move.colony}"), need=need, points=points)
    state.colony_supply.remove(move.colony)
    state.colonies[move.region] = (seat, move.colony)
    state.news.append(S("news.colonized", player=game.seat_label(state, seat), colony=S(f"colony.{move.colony}"),
                        site=site_msg(site.id), points=points))
    ability = t.colony_abilities[t.colony_tiles[move.colony].ability]
    if ability.trigger is not None and ability.trigger.name == "PLACED":
        for effect in ability.effects:
            game._colony_gain(state, seat, effect)
    game._colony_event(state, "COLONIZED", seat)


def _colony_point(game: SpaceCorpGame, state: GameState, seat: int, site: Site, item: CpItem) -> int:
    """One Colony Point source of SC-COL-3 (a)..(h); refused when it gives nothing."""
    t = tables()
    era_map = t.maps[state.era]
    player = state.players[seat]
    region = site.region
    points = 0
    if item.kind == "tiles":                                                            # (a)
        if not game._phobes_blocked(state, site.id):
            points = sum(t.discoveries[tile].colony for spot, _, base in game._bases_at(state, site.id)
                         if base != "EXTRACTOR" for tile in game._spot_tiles(state, spot))
    elif item.kind == "near":                                                           # (b)
        points = int(any(owner == seat and other != region and era_map.near(other, region)
                         for other, (owner, _) in state.colonies.items()))
    elif item.kind == "industrial":                                                     # (c), A-34
        points = int(any(base == "INDUSTRIAL" for _, _, base in game._bases_at(state, site.id)))
    elif item.kind == "two_bases":                                                      # (d)
        points = int(len(game._bases_at(state, site.id)) >= 2)
    elif item.kind == "team":                                                           # (e)
        team = item.team or ""
        where = player.teams.get(team)
        if where is None or era_map.sites[where].region != region:
            raise refuse("cp_team", "SC-COL-3", team=team_msg(team), site=site_msg(site.id))
        if state.claims.get(where) == team:
            del state.claims[where]
        player.teams[team] = None
        player.track.pop(team, None)
        player.teams_out.append(team)
        state.news.append(S("news.team_out", player=game.seat_label(state, seat), team=team_name(team)))
        points = 1
    elif item.kind == "build":                                                          # (f), SC-COL-4
        assert item.build is not None
        if item.build.pay or item.build.time or item.build.use:
            raise refuse("cp_build_sources", "SC-COL-4")
        value, rewards, _ = game._value(state, seat, "BUILD", item.build, [], region)
        single, multi = t.constants.colonize_build_threshold
        threshold = multi if site.multi_star else single
        if value < threshold:
            raise refuse("cp_build_short", "SC-COL-3", value=value, need=threshold)
        state.turn.rewards += rewards
        points = 1
    elif item.kind == "pay5":                                                           # (g)
        price = t.constants.colonize_pay
        if player.profit < price:
            raise refuse("cp_pay", "SC-COL-3", price=price, profit=player.profit)
        game._earn(state, seat, "spent", -price)
        points = 1
    elif item.kind == "envtol":                                                         # (h)
        points = sum(effect.int_arg(0) for effect in game._progress_effects(state, seat)
                     if effect.name == "COLONIZE_CP")
    if points <= 0:
        raise refuse("cp_nothing", "SC-COL-3", item=item.text(), site=site_msg(site.id))
    return points


def _colony_event(game: SpaceCorpGame, state: GameState, event: str, subject: int) -> None:
    """The ongoing colony abilities answering ``event`` (K01, K02, K05, K07, K09, K12), in
    turn order from the active player (§9.3: automatic)."""
    t = tables()
    owned = {seat: [tile for owner, tile in state.colonies.values() if owner == seat]
             for seat in range(len(state.players))}
    for seat in game._clockwise(state, state.turn.seat):
        for tile in sorted(owned[seat]):
            ability = t.colony_abilities[t.colony_tiles[tile].ability]
            if ability.trigger is None or ability.trigger.name != event or \
                    not game._by_matches(ability.trigger, subject, seat):
                continue
            for effect in ability.effects:
                game._colony_gain(state, seat, effect)


def _colony_gain(game: SpaceCorpGame, state: GameState, seat: int, effect: Any) -> None:
    """A colony ability's profit (§8.9.1): a fixed amount, one per counted thing (``per=2``:
    one per two, rounded down), the printed reward of an unfulfilled Starfarers contract
    (K06: the largest), or an unfulfilled contract at the era's end (K08: the largest
    effective reward; its disc moves)."""
    t = tables()
    if effect.name == "GAIN_T":
        gain = effect.int_arg(0)
    elif effect.name == "GAIN_T_PER":
        gain = game._colony_count(state, seat, effect.positional[0]) * effect.int_arg(1) \
            // (effect.int_arg("per") if "per" in effect.named else 1)
    elif effect.name == "GAIN_T_CONTRACT":
        gain = max([contract.reward for contract in t.era_contracts(state.era)
                    if state.contracts[contract.row] != state.era] + [0])
    elif effect.name == "TAKE_CONTRACT":
        open_rows = [row for row in sorted(state.contracts) if state.contracts[row] != state.era]
        if not open_rows:
            return
        row = max(open_rows, key=lambda r: (game.contract_reward(state, r), -r))
        gain = game.contract_reward(state, row)
        state.contracts[row] = state.era
        state.news.append(S("news.contract", player=game.seat_label(state, seat), row=row,
                            contract=S(f"contract.{state.era}.{row}"), amount=gain))
        game._earn(state, seat, "colonies", gain)
        return
    else:
        return
    if gain:
        game._earn(state, seat, "colonies", gain)
        state.news.append(S("news.colony_gain", player=game.seat_label(state, seat), amount=gain))


def _colony_count(game: SpaceCorpGame, state: GameState, seat: int, what: str) -> int:
    t = tables()
    era_map = t.maps[state.era]
    kinds = [t.progress[card.split("#")[0]].kind for player in state.players for card in player.progress]
    counts = {
        "own_colonies": lambda: sum(1 for owner, _ in state.colonies.values() if owner == seat),
        "opponent_colonies": lambda: sum(1 for owner, _ in state.colonies.values() if owner != seat),
        "breakthroughs_in_play": lambda: kinds.count("BREAK"),
        "adaptations_in_play": lambda: kinds.count("ADAPT"),
        "own_defense_bases": lambda: sum(1 for owner, base in state.bases.values()
                                         if owner == seat and base == "DEFENSE"),
        "own_progress_cards": lambda: len(state.players[seat].progress),
        "star_systems_without_colony": lambda: sum(1 for region in era_map.regions.values()
                                                   if region.kind == "star_system"
                                                   and region.id not in state.colonies),
    }
    return counts[what]()
