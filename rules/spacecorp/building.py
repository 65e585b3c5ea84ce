"""Build (spec §7.5, SC-BLD, SC-BASE) and Produce (§7.6, SC-PRD)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.messages import Msg
from . import moves as mv
from .data import Site, tables
from .moves import Build, BuildSpot, Produce
from .movement import _shielded_if_it_pays
from .state import COLOURS, OFFER_TAKE, RESEARCH_BASE, GameState, Pending
from .common import S, base_ability, pair_production, refuse, site_msg

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# ----- Build (SC-BLD) --------------------------------------------------------------------------
def _build(game: SpaceCorpGame, state: GameState, move: Build) -> None:
    seat = move.seat
    game._split(move.sources, len(move.spots))
    sites = tables().maps[state.era].sites
    plans = []
    for spot in move.spots:
        game._team_at(state, seat, spot.team, spot.site, "SC-BLD-1")
        plans.append(game._build_plan(state, seat, spot))
    if len(move.spots) == 2 and move.spots[0].site == move.spots[1].site:
        raise refuse("one_base_per_site", "SC-MAP-5", site=move.spots[0].site)
    needed: dict[str, int] = {}
    for plan in plans:
        for _, base in plan:
            needed[base] = needed.get(base, 0) + 1
    for base, count in needed.items():
        if state.players[seat].bases.get(base, 0) < count:
            raise refuse("no_base_left", "SC-BLD-9", base=S(f"base.{base}"))
    region = sites[move.spots[0].site].region
    unshielded = [spot for spot, plan in zip(move.spots, plans)
                  if all(base != "SHIELDGEN" for _, base in plan) and not game._shield_gen_in(
                      state, seat, sites[spot.site].region, move.sources.use)]                 # SC-RAD-3
    wanted = any(game._in_radiation(state, spot.site) for spot in unshielded)
    wanted = _shielded_if_it_pays(game, state, seat, "BUILD", move.sources, wanted,
                                  lambda copy, shielded: _paid_build(game, copy, move, plans, region, unshielded,
                                                                     shielded))
    _paid_build(game, state, move, plans, region, unshielded, wanted)


def _paid_build(game: SpaceCorpGame, state: GameState, move: Build, plans: list[list[tuple[str, str]]], region: str,
                unshielded: list[BuildSpot], wanted: bool) -> None:
    """The Build paid with ``wanted`` choosing Shielded Infra entries (SC-VAL-7), checked and done."""
    seat = move.seat
    value, rewards, shielded = game._value(state, seat, "BUILD", move.sources, [], region, shield_wanted=wanted)
    for spot in move.spots:
        cost = game._build_cost(state, spot.site, seat)
        if value < cost:
            raise refuse("build_short", "SC-BLD-2", site=site_msg(spot.site), cost=cost, value=value)
    for spot in unshielded:                                                             # SC-BLD-6
        game._radiation_penalty(state, seat, "BUILD", shielded, spot.site)
    for spot, plan in zip(move.spots, plans):
        game._place_bases(state, seat, spot, plan)
    state.turn.rewards += rewards


def _build_cost(game: SpaceCorpGame, state: GameState, site_id: str, seat: int | None = None) -> int:
    """SC-BLD-2/7: b# plus the tiles' Base modifiers, at least 0; Quantum Manufacturing takes
    5 off a star-system Build (BR-QMFG)."""
    site = tables().maps[state.era].sites[site_id]
    mods = sum(tables().discoveries[tile].base_mod for tile in state.tiles.get(site_id, []))
    discount = 0
    if seat is not None and site.kind == "star_system":
        discount = sum(effect.int_arg(0) for effect in game._progress_effects(state, seat)
                       if effect.name == "STAR_BUILD_DISCOUNT")
    return max(0, (site.build or 0) + mods - discount)


def _build_plan(game: SpaceCorpGame, state: GameState, seat: int, spot: BuildSpot) -> list[tuple[str, str]]:
    """The bases a Build places, as (spot, base type): one on the site (E1/E2), one on every
    tile of a star system (SC-BLD-7/8), each meeting its requirement (SC-BLD-3)."""
    site = tables().maps[state.era].sites.get(spot.site)
    if site is None:
        raise refuse("no_such_site", "SC-MAP-1", site=spot.site)
    if site.build is None:
        raise refuse("not_buildable", "SC-MAP-6", site=site_msg(spot.site))
    if game._bases_at(state, spot.site):
        raise refuse("base_there", "SC-BLD-1", site=site_msg(spot.site))
    tiles = state.tiles.get(spot.site, [])
    if len(tiles) < len(site.boxes):
        raise refuse("explore_first", "SC-BLD-1", site=site_msg(spot.site))
    if site.kind != "star_system":
        if spot.base is None:
            raise refuse("name_base", "SC-BLD-3", site=site_msg(spot.site))
        game._check_base(state, seat, site, spot.base, tiles)
        return [(spot.site, spot.base)]
    if any(effect.name == "INTROVERTS" for tile in tiles for effect in tables().discoveries[tile].special) \
            and not game._progress_has(state, seat, "BUILD_INTROVERTS"):
        raise refuse("introverts", "SC-EXP-13", site=site_msg(spot.site))
    assigned = dict(spot.bases) if spot.bases else ({tiles[0]: spot.base} if spot.base and len(tiles) == 1 else {})
    if sorted(assigned) != sorted(tiles) or len(spot.bases) > len(assigned):
        example = ",".join(f"{tile}:RESEARCHBASE" for tile in tiles)
        raise refuse("name_bases", "SC-BLD-7", site=site_msg(spot.site), tiles=", ".join(tiles),
                     example=mv.notation(f"bases={example}"))
    for tile in tiles:
        game._check_base(state, seat, site, assigned[tile], [tile])
    return [(f"{spot.site}/{tile}", assigned[tile]) for tile in tiles]


def _check_base(game: SpaceCorpGame, state: GameState, seat: int, site: Site, base: str, tiles: list[str]) -> None:
    rule = tables().base_rules.get((state.era, base))
    if rule is None:
        raise refuse("base_not_in_era", "SC-BASE", base=S(f"base.{base}"), era=S(f"era.{state.era}"))
    if state.players[seat].bases.get(base, 0) <= 0:
        raise refuse("no_base_left", "SC-BLD-9", base=S(f"base.{base}"))
    if not game._requirement_met(state, seat, site, base, tiles):
        raise refuse("base_requirement", "SC-BLD-3", base=S(f"base.{base}"), site=site_msg(site.id),
                     requirement=S(f"require.E3.{base}" if state.era == "E3" else f"require.{base}"))


def _requirement_met(game: SpaceCorpGame, state: GameState, seat: int, site: Site, base: str, tiles: list[str]) -> bool:
    """SC-BASE: one of the era's requirements holds for the site or its tile(s); Xeno-Symbiosis
    lets a Bio Lab stand on a Water tile too (AD-XENOSYM)."""
    rule = tables().base_rules[(state.era, base)]
    found = [tables().discoveries[tile] for tile in tiles]
    icons = {icon for tile in found for icon in tile.icons}
    for term in rule.requires_any:
        if term.name == "NONE":
            return True
        if term.name == "SITE_KIND" and site.kind == term.positional[0]:
            return True
        if term.name == "ICON" and term.positional[0] in icons:
            return True
        if term.name == "NOT_ICON" and found and not icons & set(term.positional):
            return True
        if term.name == "HAS_P" and any(tile.production is not None for tile in found):
            return True
        if term.name == "HAS_COL" and any(tile.colony for tile in found):
            return True
        if term.name == "NO_GRAVITY" and not site.gravity:
            return True
    return base == "BIOLAB" and any(effect.name == "BIOLAB_ON_ICON" and effect.positional[0] in icons
                                    for effect in game._progress_effects(state, seat))


def _place_bases(game: SpaceCorpGame, state: GameState, seat: int, spot: BuildSpot, plan: list[tuple[str, str]]) -> None:
    """The bases go on the board; claim compensation once (SC-BLD-4/7), then each base's
    ability when built (SC-BASE)."""
    t = tables()
    player = state.players[seat]
    sites = t.maps[state.era].sites
    region = sites[spot.site].region
    before = dict(state.bases)
    for key, base in plan:
        player.bases[base] -= 1
        state.bases[key] = (seat, base)
        named: Msg = S(f"base_a.{base}")
        if "/" in key:                   # a star system's tile: which one, as the move's line says
            tile = key.split("/", 1)[1]
            named = S("phrase.tile_base", base=named, tile=S(f"tile.{tile}") if tile in t.discoveries else tile)
        state.news.append(S("news.built", player=game.seat_label(state, seat), base=named, site=site_msg(spot.site)))
    state.turn.acted.append(spot.team)
    claimant = state.claims.get(spot.site)
    if claimant is not None and claimant[0] != player.colour:                           # SC-BLD-4
        owner = COLOURS.index(claimant[0])
        game._earn(state, owner, "claims", t.constants.claim_compensation)
        state.news.append(S("news.compensation", player=game.seat_label(state, owner),
                            amount=t.constants.claim_compensation))
    tiles = state.tiles.get(spot.site, [])
    if state.era == "E3" and any("X" in t.discoveries[tile].icons for tile in tiles):
        gain = sum(effect.int_arg(0) for effect in game._progress_effects(state, seat)
                   if effect.name == "BUILD_ALIEN_SYSTEM_T")                            # AD-COOPEMP
        if gain:
            game._earn(state, seat, "progress", gain)
            state.news.append(S("news.edge_gain", player=game.seat_label(state, seat), amount=gain))
    blocked = game._phobes_blocked(state, spot.site)
    for key, base in plan:
        game._base_built(state, seat, key, base, region, before, blocked)


def _base_built(game: SpaceCorpGame, state: GameState, seat: int, key: str, base: str, region: str,
                before: dict[str, tuple[int, str]], blocked: bool) -> None:
    """A base's ability when built (SC-BASE, per era)."""
    t = tables()
    gain = 0
    if base == "BIOLAB":
        extra = sum(effect.int_arg(0) for effect in game._progress_effects(state, seat)
                    if effect.name == "BIOLAB_GENETICS_BONUS")                       # AD-IMMUNE
        game._genetics(state, seat, 1 + extra)
    elif base == "EXTRACTOR":                 # the tile's P# (E3: and Col#), then ignored
        found = [t.discoveries[tile] for tile in game._spot_tiles(state, key)]
        gain = 0 if blocked else max([tile.production or 0 for tile in found] + [0])
        if state.era == "E3" and not blocked:
            gain += sum(tile.colony for tile in found)
    elif base == "DEFENSE":
        gain = game._defense_gain(state, seat, region, before)
        phobes = [tile for tile in game._spot_tiles(state, key)
                  if any(effect.name == "PHOBES" for effect in t.discoveries[tile].special)]
        if phobes:                                                                      # SC-EXP-12
            site = game._spot_site(key)
            state.news.append(S("news.phobes_defended", player=game.seat_label(state, seat), site=site_msg(site)))
            for tile in state.tiles.get(site, []):
                game._tile_rewards(state, seat, tile, site)
    elif base == "RESEARCHBASE":
        if base_ability(state.era, base, "ON_BUILD_CHOOSE") is not None:
            state.pending.append(Pending(RESEARCH_BASE, seat))                          # E3: card or idea
        elif any(state.offer):
            state.turn.step, state.turn.draws_left = OFFER_TAKE, 1
            state.news.append(S("news.research_base_take", player=game.seat_label(state, seat)))
    if gain:
        game._earn(state, seat, "bases", gain)
        state.news.append(S("news.base_gain", player=game.seat_label(state, seat), base=S(f"base.{base}"),
                            amount=gain))


def _defense_gain(game: SpaceCorpGame, state: GameState, seat: int, region: str, before: dict[str, tuple[int, str]]) -> int:
    """A Defense base's gain (SC-BASE): 1T per opponent base in its region (E3: in the near
    regions, its own included), none when a Defense base already stood there (A-32)."""
    era_map = tables().maps[state.era]
    ability = base_ability(state.era, "DEFENSE", "ON_BUILD_T_PER_OPPONENT_BASE")
    near = ability is not None and ability.positional[0] == "near"
    scope = [(owner, kind) for spot, (owner, kind) in before.items()
             if (era_map.near(era_map.sites[game._spot_site(spot)].region, region) if near
                 else era_map.sites[game._spot_site(spot)].region == region)]
    if any(kind == "DEFENSE" for _, kind in scope):
        return 0
    return sum(1 for owner, _ in scope if owner != seat)


# ----- Produce (SC-PRD) ------------------------------------------------------------------------
def _produce(game: SpaceCorpGame, state: GameState, move: Produce) -> None:
    seat = move.seat
    if not move.sites and not move.legacy:
        raise refuse("produce_nothing", "SC-PRD-4")
    gains = [gain for site in move.sites for gain in game._production(state, seat, site)]
    if move.legacy:
        legacy = state.players[seat].legacy
        if legacy is None:
            raise refuse("no_legacy", "SC-PRD-1")
        gains.append(pair_production([legacy[0]], legacy[1]) or 0)
    value, rewards, _ = game._value(state, seat, "PRODUCE", move.sources, [])
    if value < len(gains):
        raise refuse("produce_short", "SC-PRD-2", sites=len(gains), value=value)
    gain = sum(gains)
    if gain > 0:
        gain += sum(effect.int_arg(0) for effect in game._progress_effects(state, seat)
                    if effect.name == "PRODUCE_BONUS_T")                             # BR-FUSION
    game._earn(state, seat, "produce", gain)
    state.turn.produced += gain
    state.turn.rewards += rewards
    state.news.append(S("news.produced", player=game.seat_label(state, seat), amount=gain))
    game._colony_event(state, "PRODUCE_RESOLVED", seat)                                 # K12
    if gain > 0:
        game._open(state, "PRODUCE_RESOLVED", seat, amount=gain)


def _production(game: SpaceCorpGame, state: GameState, seat: int, site_id: str) -> list[int]:
    """SC-PRD-1/3: the production of each eligible tile on the site with your base on it
    (Attraction, Refinery): one tile in E1/E2, each tile with a P# in a star system (none
    while the Phobes block it, SC-EXP-12)."""
    found = game._bases_at(state, site_id)
    if not found or found[0][1] != seat:
        raise refuse("produce_no_base", "SC-PRD-1", site=site_msg(site_id))
    gains = [] if game._phobes_blocked(state, site_id) else \
        [produced for spot, _, base in found
         if (produced := pair_production(game._spot_tiles(state, spot), base)) is not None]
    if not gains:
        raise refuse("produce_no_tile", "SC-PRD-1", site=site_msg(site_id))
    return gains
