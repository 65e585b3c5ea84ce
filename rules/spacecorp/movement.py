"""Move (spec §7.3, SC-MOV): legs, distances, the start/end base, Orion, relocating teams."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable
from . import moves as mv
from .phrases import team_msg, team_name
from rules.base import IllegalMove
from .data import tables
from .moves import Leg, MoveAction, Sources
from .state import MOVE_END, MOVE_START, GameState, Reward, clone_state
from .common import HOME, S, refuse, site_msg
from .valuing import _infra_boxes

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# ----- Move (SC-MOV) ---------------------------------------------------------------------------
def _move(game: SpaceCorpGame, state: GameState, move: MoveAction) -> None:
    seat = move.seat
    split = game._split(move.sources, len(move.legs))
    era_map = tables().maps[state.era]
    origins = []
    for leg in move.legs:
        game._team_at(state, seat, leg.team, leg.origin, "SC-MOV-1")
        if leg.destination not in era_map.sites:
            raise refuse("no_such_site", "SC-MAP-1", site=leg.destination)
        game._check_orion(state, seat, leg)
        origins.append(leg.origin)
    unshielded = [leg for leg in move.legs if not game._move_shielded(state, seat, leg, move.sources.use)]
    wanted = any(game._in_radiation(state, leg.origin, leg.destination) for leg in unshielded)
    wanted = _shielded_if_it_pays(game, state, seat, "MOVE", move.sources, wanted,
                                  lambda copy, shielded: _paid_move(game, copy, move, split, origins, unshielded,
                                                                    shielded))
    _paid_move(game, state, move, split, origins, unshielded, wanted)


def _shielded_if_it_pays(game: SpaceCorpGame, state: GameState, seat: int, action: str, sources: Sources,
                         wanted: bool, paid: Callable[[GameState, bool], None]) -> bool:
    """Whether ``paid`` (the action done on a state, with Shielded Infra entries or not) uses
    the Shielded entries: when shielding is ``wanted`` and a claimed box offers both, the
    Shielded one if the action is paid with it (tried on a copy, SC-VAL-7), else the
    unshielded one (the SC-RAD-4 penalty paid)."""
    if wanted and _infra_choice(game, state, seat, action, sources):
        try:
            paid(clone_state(state), True)
        except IllegalMove:
            return False
    return wanted


def _infra_choice(game: SpaceCorpGame, state: GameState, seat: int, action: str, sources: Sources) -> bool:
    """SC-VAL-7: a claimed HQ has an Infra box offering both a Shielded and an unshielded entry
    of ``action``: the player uses either (the value and the shielding differ)."""
    for hq in sources.infra:
        try:
            owner = game._hq_owner(state, seat, hq)
        except IllegalMove:
            return False
        if any(len({entry.shielded for entry in options}) == 2 for options in _infra_boxes(game, state, owner, action)):
            return True
    return False


def _paid_move(game: SpaceCorpGame, state: GameState, move: MoveAction, split: bool, origins: list[str],
               unshielded: list[Leg], wanted: bool) -> None:
    """The Move paid with ``wanted`` choosing Shielded Infra entries (SC-VAL-7), checked and done."""
    seat = move.seat
    value, rewards, shielded = game._value(state, seat, "MOVE", move.sources, origins, shield_wanted=wanted)
    rewards *= 2 if split else 1                   # each of the split actions counts (SC-RWD-2)
    for leg in move.legs:
        distance = game._distance(state, seat, leg.origin, leg.destination)
        if distance is None:
            raise refuse("no_route", "SC-MOV-5", origin=site_msg(leg.origin), destination=site_msg(leg.destination))
        bonus = game._spaceport_bonus(state, seat, leg.origin, move.sources.use)
        if move.sources.time is not None and move.sources.time.mode == mv.DOUBLE:
            bonus *= 2                             # a per-team bonus is inside the doubled value
        if value + bonus < distance:
            raise refuse("move_short", "SC-MOV-2", team=team_msg(leg.team), distance=distance, value=value + bonus)
        rewards += game._endpoint_reward(state, seat, leg)
    for leg in unshielded:                                                              # SC-RAD-4/5
        game._radiation_penalty(state, seat, "MOVE", shielded, leg.origin, leg.destination)
    for leg in move.legs:
        game._place_team(state, seat, leg.team, leg.destination)
    state.turn.rewards += rewards


def _distance(game: SpaceCorpGame, state: GameState, seat: int, origin: str, destination: str) -> int | None:
    """SC-MOV-5 with Low-Gravity Physiology ignoring gravity (AD-LOWG)."""
    era_map = tables().maps[state.era]
    distance = era_map.distance(origin, destination)
    if distance is not None and era_map.movement.gravity and game._progress_has(state, seat, "IGNORE_GRAVITY"):
        distance -= era_map.sites[origin].gravity + era_map.sites[destination].gravity
    return distance


def _move_shielded(game: SpaceCorpGame, state: GameState, seat: int, leg: Leg, used: tuple[str, ...]) -> bool:
    """SC-RAD-2 without the cards: the move starts in a region with a Shield Generator, or
    starts or ends at the home site (the E2 home bases are Shield Generators)."""
    sites = tables().maps[state.era].sites
    if leg.origin not in sites or leg.destination not in sites:
        return False
    return sites[leg.origin].kind == HOME or sites[leg.destination].kind == HOME or \
        game._shield_gen_in(state, seat, sites[leg.origin].region, used)


def _split(game: SpaceCorpGame, sources: Sources, targets: int) -> bool:
    split = sources.time is not None and sources.time.mode == mv.SPLIT
    if split and targets != 2 or not split and targets != 1:
        raise refuse("split_targets", "SC-VAL-8")
    return split


def _team_at(game: SpaceCorpGame, state: GameState, seat: int, team: str, site: str, rule: str) -> None:
    """The action's team is the player's, able to act (SC-MOV-4, SC-TRN-1) and on ``site``."""
    game._team_can_act(state, seat, team)
    if state.players[seat].teams[team] != site:
        raise refuse("team_not_there", rule, team=team_msg(team), site=site_msg(site))


def _team_can_act(game: SpaceCorpGame, state: GameState, seat: int, team: str) -> None:
    player = state.players[seat]
    if team not in player.teams:
        raise refuse("not_your_team", "SC-MOV-1", team=team_msg(team))
    site = player.teams[team]
    if site is None:
        raise refuse("team_in_supply", "SC-MOV-1", team=team_msg(team))
    if tables().maps[state.era].sites[site].kind in ("pioneer", "orion"):
        raise refuse("team_cannot_act", "SC-MOV-4", team=team_msg(team), site=site_msg(site))
    if team in player.track:
        raise refuse("team_on_track", "SC-MOV-32", team=team_msg(team), site=site_msg(site), spaces=player.track[team])
    if team in state.turn.acted:
        raise refuse("team_acted", "SC-TRN-1", team=team_msg(team))


def _endpoint_reward(game: SpaceCorpGame, state: GameState, seat: int, leg: Leg) -> list[Reward]:
    """SC-MOV-3: the move starts or ends at a base; an opponent's earns its owner a reward (SC-RWD-1),
    which says where the move started or ended and at which base."""
    sites = tables().maps[state.era].sites
    ends = (leg.origin, leg.destination)
    if any(sites[site].kind == HOME or game._owner_at(state, site) == seat for site in ends):
        return []
    for site, cause in zip(ends, (MOVE_START, MOVE_END)):
        found = game._bases_at(state, site)
        if found:
            owner = found[0][1]
            if state.trigger is not None:
                raise refuse("no_opponent_after_trigger", "SC-END-8", seat=game.seat_label(state, owner))
            return [Reward(owner, cause, site, found[0][2] if len(found) == 1 else "")]
    raise refuse("move_needs_base", "SC-MOV-3", origin=site_msg(leg.origin),
                 destination=site_msg(leg.destination))


def _check_orion(game: SpaceCorpGame, state: GameState, seat: int, leg: Leg) -> None:
    """SC-MOV-33: a team enters an Orion region only from an adjacent region in which its
    owner has a colony."""
    era_map = tables().maps[state.era]
    destination = era_map.sites[leg.destination]
    if destination.kind != "orion":
        return
    origin = era_map.sites[leg.origin].region
    if era_map.border_cost(origin, destination.region) is None or \
            state.colonies.get(origin, (-1, ""))[0] != seat:
        raise refuse("orion_colony", "SC-MOV-33", site=site_msg(leg.destination))


def _relocate(game: SpaceCorpGame, state: GameState, seat: int, team: str, site: str) -> None:
    """A team leaves its site (its claim ends, SC-EXP-8) and arrives at ``site``: in another
    star system on the far space of its track (SC-MOV-32, SC-TRN-4; FTL Communication: the
    space it names), in an Orion region with its reward (SC-MOV-34)."""
    player = state.players[seat]
    era_map = tables().maps[state.era]
    origin = player.teams[team]
    if origin is not None and state.claims.get(origin) == team:
        del state.claims[origin]                                                        # SC-EXP-8
    kind = era_map.sites[site].kind
    if kind == "orion":
        occupied = [where for other in state.players for where in other.teams.values()
                    if where is not None and era_map.sites[where].kind == "orion"]
        first, later = tables().constants.orion_rewards
        gain = first if not occupied else later if site not in occupied else 0
        if gain:
            game._earn(state, seat, "orion", gain)
            state.news.append(S("news.orion", player=game.seat_label(state, seat), team=team_name(team),
                                site=site_msg(site), amount=gain))
    player.teams[team] = site
    player.track.pop(team, None)
    if kind == "star_system" and site != origin:
        spaces = next((effect.int_arg(0) for effect in game._progress_effects(state, seat)
                       if effect.name == "ARRIVE_TRACK"), era_map.movement.track_spaces)
        player.track[team] = spaces
        state.news.append(S("news.on_track", team=team_name(team),
                            site=site_msg(site), spaces=spaces))


def _place_team(game: SpaceCorpGame, state: GameState, seat: int, team: str, site: str) -> None:
    player = state.players[seat]
    game._relocate(state, seat, team, site)
    state.turn.acted.append(team)
    if tables().maps[state.era].sites[site].kind == "pioneer" and state.pioneers_left and not player.pioneer:
        player.pioneer = state.pioneers_left.pop(0)                                     # SC-MOV-11
        state.news.append(S("news.pioneer", player=game.seat_label(state, seat), n=player.pioneer,
                            site=site_msg(site)))
