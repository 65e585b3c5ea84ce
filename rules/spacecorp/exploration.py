"""Explore (spec §7.4, SC-EXP): the stacks, revealing tiles, Phobes and tile rewards."""
from __future__ import annotations

from typing import TYPE_CHECKING
from rules.kit import draw_hidden
from rules.messages import Join

from . import moves as mv
from .phrases import team_name
from .data import tables
from .moves import Explore
from .state import GameState
from .common import S, refuse, site_msg

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


#: The kinds of site that never hold an exploration box (SC-MAP-4), each refused with its reason.
NO_EXPLORE_KINDS = ("lagrange", "home", "pioneer", "orion")


# ----- Explore (SC-EXP) ------------------------------------------------------------------------
def _explore(game: SpaceCorpGame, state: GameState, move: Explore) -> None:
    """SC-EXP-1..4; in E3 one action fills every box of the star system (SC-EXP-10), with a
    stack named for each tile in draw order (``stack=Pa,Sb``)."""
    seat = move.seat
    game._split(move.sources, len(move.spots))
    sites = tables().maps[state.era].sites
    for spot in move.spots:
        if spot.site not in sites:
            named = mv.site_word(spot.site)
            if named in sites:                 # a site's name without its "@": the name is taken for a code
                raise refuse("site_without_at", "SC-NOT-2", value=spot.site, site=site_msg(named),
                             example=mv.notation(f"explore {spot.team} @{named}"))
            raise refuse("no_such_site", "SC-MAP-1", site=spot.site)
    boxes = [len(sites[spot.site].boxes) if state.era == "E3" else 1 for spot in move.spots]
    if len(move.stacks) > sum(boxes):
        raise refuse("wrong_stack", "SC-EXP-3", stack=mv.stack_code(move.stacks[-1]), allowed="-")
    chosen: list[str | None] = [*move.stacks, *[None] * (sum(boxes) - len(move.stacks))]
    groups = []
    for spot, count in zip(move.spots, boxes):
        game._team_at(state, seat, spot.team, spot.site, "SC-EXP-1")
        group, chosen = chosen[:count], chosen[count:]
        game._explorable(state, spot.site, group)
        groups.append(group)
    value, rewards, _ = game._value(state, seat, "EXPLORE", move.sources, [])
    for spot in move.spots:
        cost = sites[spot.site].explore or 0
        if value < cost:
            raise refuse("explore_short", "SC-EXP-2", site=site_msg(spot.site), cost=cost,
                         value=value)
    for spot, group in zip(move.spots, groups):
        state.claims[spot.site] = spot.team
        state.turn.acted.append(spot.team)
        game._explore_site(state, seat, spot.site, group)
    state.turn.rewards += rewards


def _stack_for(game: SpaceCorpGame, state: GameState, site_id: str, chosen: str | None, box: int | None = None) -> str:
    """The stack a site's box draws from (SC-EXP-3; the next empty box unless ``box`` is
    given): its own, or the explorer's choice of the two stacks of its kind (E2 ``f2a``/``f2b``,
    E3 ``Pa``/``Pb``, ``Sa``/``Sb``; SC-SETUP-21/41, SC-EXP-11; unnamed: the first not empty)."""
    site = tables().maps[state.era].sites[site_id]
    kind = site.boxes[len(state.tiles.get(site_id, [])) if box is None else box]
    stacks = [key for key in state.stacks if key == kind or (key[:-1] == kind and key[-1] in "ab")]
    if chosen is not None:
        if chosen not in stacks:
            raise refuse("wrong_stack", "SC-EXP-3", stack=mv.stack_code(chosen),
                         allowed=Join([mv.stack_code(key) for key in stacks]))
        if not state.stacks[chosen]:
            raise refuse("stack_empty", "SC-EXP-4", stack=mv.stack_code(chosen))
        return chosen
    full = [key for key in stacks if state.stacks[key]]
    if not full:
        raise refuse("stack_empty", "SC-EXP-4", stack=mv.stack_code(kind))
    return full[0]


def _explorable(game: SpaceCorpGame, state: GameState, site_id: str, stacks: list[str | None] | None = None) -> None:
    site = tables().maps[state.era].sites.get(site_id)
    if site is None:
        raise refuse("no_such_site", "SC-MAP-1", site=site_id)
    if site.explore is None or not site.boxes:
        # SC-MAP-4: why, by the kind of site (a Lagrange point, a home or pioneer site, an Orion exit)
        reason = site.kind if site.kind in NO_EXPLORE_KINDS else ""
        raise refuse(f"not_explorable_{reason}" if reason else "not_explorable", "SC-MAP-4", site=site_msg(site_id))
    placed = len(state.tiles.get(site_id, []))
    if placed >= len(site.boxes):
        raise refuse("explored_already", "SC-EXP-1", site=site_msg(site_id))
    for index, stack in enumerate(stacks or [None]):
        if placed + index < len(site.boxes):
            game._stack_for(state, site_id, stack, placed + index)


def _explore_site(game: SpaceCorpGame, state: GameState, seat: int, site_id: str, stacks: list[str | None]) -> None:
    """Tiles go into the site's empty boxes (E1/E2 one; an E3 star system all of them, the
    Primary first, each resolved before the next, SC-EXP-10): one exploration for the
    contracts (SC-CON-7)."""
    site = tables().maps[state.era].sites[site_id]
    count = len(site.boxes) - len(state.tiles.get(site_id, [])) if state.era == "E3" else 1
    for index in range(count):
        game._reveal(state, seat, site_id, stacks[index] if index < len(stacks) else None)
    state.explored[seat] += 1
    state.explored_max[seat] = max(state.explored_max[seat], site.explore or 0)


def _reveal(game: SpaceCorpGame, state: GameState, seat: int, site_id: str, stack: str | None = None) -> None:
    """SC-EXP-3/6: the next tile of the box's stack goes face up (a redirect tile is replaced
    by one of the stack it names, SC-EXP-5); its immediate rewards go to the explorer; Phobes
    send the explorer's team home (SC-EXP-12)."""
    assert state.streams is not None
    tile_id = draw_hidden(state.streams, state.stacks[game._stack_for(state, site_id, stack)])[0]
    redirect = next((effect for effect in tables().discoveries[tile_id].special
                     if effect.name == "DRAW_INSTEAD"), None)
    if redirect is not None and state.stacks.get(redirect.positional[0]):
        state.news.append(S("news.tile_redirect", tile=S(f"tile.{tile_id}"), stack=mv.stack_code(redirect.positional[0])))
        state.tiles_out.append(tile_id)
        tile_id = draw_hidden(state.streams, state.stacks[redirect.positional[0]])[0]
    state.tiles.setdefault(site_id, []).append(tile_id)
    state.news.append(S("news.tile", player=game.seat_label(state, seat), site=site_msg(site_id),
                        tile=S(f"tile.{tile_id}"), effect=game._tile_text(tile_id)))
    game._tile_rewards(state, seat, tile_id, site_id)
    if any(effect.name == "PHOBES" for effect in tables().discoveries[tile_id].special):
        game._phobes(state, seat, site_id)
    if "L" in tables().discoveries[tile_id].icons:
        game._open(state, "TILE_REVEALED", seat, cards=[site_id])                      # EG-MICROBES


def _phobes(game: SpaceCorpGame, state: GameState, seat: int, site_id: str) -> None:
    """SC-EXP-12: the explorer moves one of their teams from this region to the Sun (the one
    that explored when it is there), unless they own Energy Field (BR-ENERGY)."""
    if game._progress_has(state, seat, "IMMUNE", "PHOBES"):
        return
    player = state.players[seat]
    sites = tables().maps[state.era].sites
    region = sites[site_id].region
    here = sorted(team for team, where in player.teams.items() if where is not None and sites[where].region == region)
    if not here:
        return
    claimant = state.claims.get(site_id)
    team = claimant if claimant in here else here[0]
    home = game._home(state.era)
    game._relocate(state, seat, team, home)
    state.news.append(S("news.phobes", player=game.seat_label(state, seat), team=team_name(team), site=site_msg(home)))


def _phobes_blocked(game: SpaceCorpGame, state: GameState, site_id: str) -> bool:
    """SC-EXP-12: the tiles of a system with the Phobes give nothing until a Defense base
    stands on the Phobes tile."""
    for tile in state.tiles.get(site_id, []):
        if any(effect.name == "PHOBES" for effect in tables().discoveries[tile].special):
            return state.bases.get(f"{site_id}/{tile}", (-1, ""))[1] != "DEFENSE"
    return False


def _tile_rewards(game: SpaceCorpGame, state: GameState, seat: int, tile_id: str, site_id: str | None = None) -> None:
    """A tile's immediate rewards (SC-EXP-6): profit, genetics and idea steps (none in a
    system the Phobes block)."""
    if site_id is not None and game._phobes_blocked(state, site_id):
        return
    tile = tables().discoveries[tile_id]
    game._earn(state, seat, "tiles", tile.profit)
    if tile.genetics:
        game._genetics(state, seat, tile.genetics)
    if tile.idea:
        game._idea(state, seat, tile.idea)
