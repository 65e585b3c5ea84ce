"""Pulsar 2849 transmitters (§6.3): taking one from the offer, paying its icons, activation with
its rewards, links between connection points and the bonus die two operational halves form;
their production (PR-4)."""
from __future__ import annotations

from rules.base import IllegalMove
from rules.messages import Msg

from . import describe
from .actions import special, trigger
from .codes import code
from .data import tables
from .flying import COLOURS
from .state import GameState, OwnTransmitter, Player, add_event


def own(player: Player, tile: str) -> OwnTransmitter:
    found = next((t for t in player.transmitters if t.tile == tile), None)
    if found is None:
        raise IllegalMove("pulsar.err.tx_not_yours", "ACT-TX-PAY", tile=code(tile))
    return found


def _free_points(player: Player, tile: str) -> list[int]:
    used = {int(point) for link in player.links for t, point in ((link[0], link[1]), (link[2], link[3])) if t == tile}
    return [p for p in range(1, len(tables().transmitters[tile].connections) + 1) if p not in used]


def _linked(player: Player, tile: str) -> bool:
    return any(tile in (link[0], link[2]) for link in player.links)


def take(state: GameState, seat: int, tile: str, icon: int, paid_value: int,
         link: tuple[str, int, int] | None = None, to: str | None = None) -> None:
    """ACT-TX-TAKE: pay one icon; attach the tile to a row (``link`` = (own tile, its point,
    the new tile's point)) or start a new row; a one-icon tile activates at once."""
    if tile not in state.offer:
        raise IllegalMove("pulsar.err.tx_offer", "ACT-TX-TAKE", tile=code(tile), offer=[code(t) for t in state.offer] or ["-"])
    info = tables().transmitters[tile]
    if not 1 <= icon <= len(info.dice) or info.dice[icon - 1] != paid_value:
        raise _icon_refusal("ACT-TX-TAKE", tile, icon, paid_value, [])
    player = state.players[seat]
    if link is not None:
        other, point, new_point = link
        own(player, other)
        if point not in _free_points(player, other) or not 1 <= new_point <= len(info.connections):
            raise IllegalMove("pulsar.err.tx_link", "TX-LINK-1", tile=code(other))
    state.offer.remove(tile)
    mine = OwnTransmitter(tile, [icon])
    player.transmitters.append(mine)
    if link is not None:
        player.links.append([link[0], str(link[1]), tile, str(link[2])])
    if len(info.dice) == 1:
        _activate(state, seat, mine, to)


def pay_icon(state: GameState, seat: int, tile: str, icon: int, paid_value: int, to: str | None = None) -> None:
    """ACT-TX-PAY, then TX-ACT when the last icon is covered."""
    player = state.players[seat]
    mine = own(player, tile)
    info = tables().transmitters[tile]
    if mine.operational or icon in mine.covered or not 1 <= icon <= len(info.dice) or info.dice[icon - 1] != paid_value:
        raise _icon_refusal("ACT-TX-PAY", tile, icon, paid_value, [] if mine.operational else mine.covered)
    mine.covered.append(icon)
    if len(mine.covered) == len(info.dice):
        _activate(state, seat, mine, to)


def _icon_refusal(rule: str, tile: str, icon: int, value: int, covered: list[int]) -> IllegalMove:
    """The icon named does not take a die of ``value``: when another free icon does, which
    ``icon=`` to type (27g P-1); else the tile's icons."""
    dice = tables().transmitters[tile].dice
    other = next((i for i, d in enumerate(dice, 1) if d == value and i not in covered and i != icon), None)
    if other is not None and 1 <= icon <= len(dice) and icon not in covered:
        return IllegalMove("pulsar.err.tx_icon_other", rule, tile=code(tile), icon=icon, need=dice[icon - 1],
                           value=value, other=other)
    return IllegalMove("pulsar.err.tx_icon", rule, tile=code(tile), dice=list(dice), value=value)


def link(state: GameState, seat: int, tile: str, point: int, other: str, other_point: int) -> None:
    """ACT-TX-LINK (free): a stand-alone tile joins a row (rows never merge, TX-LINK-2)."""
    player = state.players[seat]
    own(player, tile)
    own(player, other)
    if _linked(player, tile) or tile == other or point not in _free_points(player, tile) \
            or other_point not in _free_points(player, other):
        raise IllegalMove("pulsar.err.tx_link", "TX-LINK-2", tile=code(tile))
    player.links.append([tile, str(point), other, str(other_point)])
    _bonus_dice(state, seat, [player.links[-1]])


def _activate(state: GameState, seat: int, mine: OwnTransmitter, to: str | None = None) -> None:
    """TX-ACT: one-time rewards, the operational side, and the new red dice (TX-BONUS)."""
    mine.operational = True
    info = tables().transmitters[mine.tile]
    add_event(state, "operational", colour=Msg(f"pulsar.colour.{COLOURS[seat]}"), tile=code(mine.tile),
              gain=describe.effects(info.on_activation) if info.on_activation else Msg("pulsar.comp.nothing"),
              production=describe.effects(info.production) if info.production else Msg("pulsar.comp.nothing"))
    trigger(state, seat, "tx_activate")
    for effect in tables().transmitters[mine.tile].on_activation:
        special(state, seat, effect, to)                            # a teleport needs ``to`` (TELEPORT-3)
    player = state.players[seat]
    _bonus_dice(state, seat, [link for link in player.links if mine.tile in (link[0], link[2])])


def _bonus_dice(state: GameState, seat: int, links: list[list[str]]) -> None:
    player = state.players[seat]
    operational = {t.tile for t in player.transmitters if t.operational}
    for first, point, second, other_point in links:
        if first in operational and second in operational and not player.bonus_used:
            pips = tables().transmitters[first].connections[int(point) - 1] + \
                tables().transmitters[second].connections[int(other_point) - 1]
            player.bonus_used = True                                 # A-BONUS-1/6: used at once
            player.red = pips
            player.red_now = True
            return


def production(state: GameState, seat: int, buy: set[str]) -> None:
    """PR-4: VP, cubes, and "pay 1 cube for n VP" for the tiles in ``buy`` (cube tiles first)."""
    player = state.players[seat]
    tiles = [t.tile for t in player.transmitters if t.operational]
    for tile in tiles:
        for effect in tables().transmitters[tile].production:
            if effect.name == "PROD-VP":
                player.score(int(effect.args[0]), "transmitters")
            elif effect.name == "PROD-CUBES":
                player.cubes += int(effect.args[0])
    for tile in tiles:
        for effect in tables().transmitters[tile].production:
            if effect.name == "PROD-BUY" and tile in buy and player.cubes >= 1:
                player.cubes -= 1
                player.score(int(effect.args[0]), "transmitters")
