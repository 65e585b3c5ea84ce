"""Contracts (spec §7.10, SC-CON) and Transport (turn step 4, §7.11, SC-TRN)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from rules.messages import Join

from .phrases import team_msg, team_name
from .data import ERAS, tables
from .moves import Fulfill, Leg, Transport
from .state import CLEANUP, TRANSPORT, TRIGGER_CONTRACTS, GameState
from .common import HOME, S, refuse, site_msg

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# ----- step 2: contracts (SC-CON) ----------------------------------------------------------------
def fulfillable(game: SpaceCorpGame, state: GameState, seat: int) -> list[int]:
    return [contract.row for contract in tables().era_contracts(state.era)
            if state.contracts[contract.row] != state.era and game._meets(state, seat, contract.conditions)]


def contract_reward(state: GameState, row: int) -> int:
    """SC-CON-5: the printed reward of this era's contract, plus those of the earlier eras'
    contracts of its row that were never fulfilled (the disc still left of them)."""
    t = tables()
    disc = state.contracts[row]
    first = 0 if disc == "start" else ERAS.index(disc) + 1
    return sum(t.contracts[(era, row)].reward for era in ERAS[first:ERAS.index(state.era) + 1])


def _meets(game: SpaceCorpGame, state: GameState, seat: int, conditions: Iterable[Any]) -> bool:
    sites = tables().maps[state.era].sites
    own = [(spot, base) for spot, (owner, base) in state.bases.items() if owner == seat]
    for term in conditions:
        need = term.int_arg("at_least") if "at_least" in term.named else term.int_arg("min_gain")
        if term.name == "PRODUCED_THIS_TURN":
            ok = state.turn.produced >= need
        elif term.name == "EXPLORED_THIS_ERA" and "cost" in term.named:
            ok = state.explored_max[seat] >= term.int_arg("cost")
        elif term.name in ("EXPLORED_THIS_ERA", "STARS_EXPLORED_THIS_ERA"):    # a system counts once
            ok = state.explored[seat] >= need
        elif term.name == "COLONIES":
            ok = sum(1 for owner, _ in state.colonies.values() if owner == seat) >= need
        elif term.name == "BASES":
            kind, kind_not = term.named.get("type"), term.named.get("not_kind")
            regions = term.named["regions"].split("/") if "regions" in term.named else None
            icon = term.named.get("tile_icon")
            ok = sum(1 for spot, base in own if (kind is None or base == kind)
                     and (kind_not is None or sites[game._spot_site(spot)].kind != kind_not)
                     and (regions is None or sites[game._spot_site(spot)].region in regions)
                     and (icon is None or any(icon in tables().discoveries[tile].icons
                                              for tile in game._spot_tiles(state, spot)))) >= need
        elif term.name == "PROGRESS_CARDS":
            ok = len(state.players[seat].progress) >= need
        elif term.name == "BASE_REGIONS":
            ok = len({sites[game._spot_site(spot)].region for spot, _ in own}) >= need
        elif term.name == "HQ_INFRA_CARDS":
            ok = sum(1 for card in state.players[seat].hq.values() if card is not None) >= need
        else:
            ok = False                       # a condition of a later era's contract
        if not ok:
            return False
    return True


def _fulfill(game: SpaceCorpGame, state: GameState, move: Fulfill) -> None:
    seat = move.seat
    possible = game.fulfillable(state, seat)
    for row in move.rows:
        if row not in possible:
            raise refuse("contract_not_met", "SC-CON-2", row=row, allowed=Join(possible or ["-"]))
    best = 0
    for row in move.rows:
        reward = game.contract_reward(state, row)
        best = max(best, reward)
        game._earn(state, seat, "contracts", reward)                                   # SC-CON-3/5
        state.contracts[row] = state.era
        state.news.append(S("news.contract", player=game.seat_label(state, seat), row=row,
                            contract=S(f"contract.{state.era}.{row}"), amount=reward))
        game._colony_event(state, "CONTRACT_FULFILLED", seat)                           # K02
    done = sum(1 for where in state.contracts.values() if where == state.era)
    needed = tables().constants.contracts_to_end_era
    if done >= needed > done - len(move.rows):                                          # SC-END-1
        state.trigger = state.trigger or TRIGGER_CONTRACTS
        clockwise = game._clockwise(state, seat)
        game._schedule(state, clockwise[1:] + clockwise[:1])
        state.news.append(S("news.era_end_contracts"))
    state.turn.step = TRANSPORT
    if move.rows:
        game._open(state, "CONTRACT_FULFILLED", seat, amount=best)


# ----- step 4: transport (SC-TRN) ----------------------------------------------------------------
def _transport(game: SpaceCorpGame, state: GameState, move: Transport) -> None:
    if move.leg is not None:
        game._check_transport(state, move.seat, move.leg)
        game._relocate(state, move.seat, move.leg.team, move.leg.destination)
        state.news.append(S("news.transported", player=game.seat_label(state, move.seat), team=team_name(move.leg.team),
                            origin=site_msg(move.leg.origin),
                            destination=site_msg(move.leg.destination)))
    state.turn.step = CLEANUP


def _check_transport(game: SpaceCorpGame, state: GameState, seat: int, leg: Leg) -> None:
    player = state.players[seat]
    if player.teams.get(leg.team, "?") != leg.origin:
        raise refuse("team_not_there", "SC-TRN-1", team=team_msg(leg.team), site=site_msg(leg.origin))
    if leg.team in state.turn.acted:
        raise refuse("team_acted", "SC-TRN-1", team=team_msg(leg.team))
    if leg.team in player.track:
        raise refuse("team_on_track", "SC-TRN-5", team=team_msg(leg.team), site=site_msg(leg.origin),
                     spaces=player.track[leg.team])
    sites = tables().maps[state.era].sites
    if leg.destination not in sites:
        raise refuse("no_such_site", "SC-MAP-1", site=leg.destination)
    ends = (leg.origin, leg.destination)
    own = [site for site in ends if sites[site].kind == HOME or game._owner_at(state, site) == seat]
    if len(own) < 2:
        raise refuse("transport_own_bases", "SC-TRN-2")
    if not any(base == "SPACEPORT" for site in ends for _, owner, base in game._bases_at(state, site)
               if owner == seat):
        raise refuse("transport_spaceport", "SC-TRN-3")
