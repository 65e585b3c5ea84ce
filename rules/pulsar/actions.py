"""Pulsar 2849: paying with dice (§5.2 A-PAY, A-MOD, A-BONUS), patents (§6.4), HQ projects
(§6.5) and copying a leftover die (§6.7).  Refusals are catalogue messages with the rule ID."""
from __future__ import annotations

from dataclasses import dataclass

from rules.base import IllegalMove
from rules.messages import Join, Localized, Msg

from . import describe
from .data import Effect, tables
from .flying import COLOURS, claimed, gain, side_of, teleport
from .notation import COLOUR_HU
from .state import GameState, Player, add_event

MOD_DELTA = {"+1": 1, "-1": -1, "+2": 2}
MOD_TOKEN = {"+1": "pm1", "-1": "pm1", "+2": "p2"}


@dataclass(frozen=True)
class Payment:
    """One die as the notation writes it (§10.1): ``s5+2~AI-1a:+1``."""

    red: bool                      # the bonus die (``r``) instead of a silver die (``s<v>``)
    value: int                     # the silver die's value (ignored for the red die)
    mod: str | None = None         # "+1" / "-1" / "+2"
    flex: tuple[str, int] | None = None   # (technology, delta) of an ABL-FLEX
    zero: bool = False             # ABL-ZERO: a 0 die counts as 1


def abilities(player: Player, name: str) -> list[tuple[str, Effect]]:
    techs = tables().technologies
    return [(tech, effect) for tech in player.patents for effect in techs[tech].effects if effect.name == name]


def pay(state: GameState, seat: int, payment: Payment, action: str) -> int:
    """A-PAY-1..3, A-MOD-1..3, A-BONUS-2: the die's final value; the die and token are spent."""
    player = state.players[seat]
    if payment.red:
        if player.red is None:
            raise IllegalMove("pulsar.err.no_red_die", "A-BONUS-2")
        value = player.red
    elif payment.value not in player.dice:
        raise IllegalMove("pulsar.err.no_such_die", "A-PAY-1", value=payment.value, dice=Join([str(d) for d in sorted(player.dice)], "comma") if player.dice else Msg("pulsar.count.none"))
    else:
        value = payment.value
    if payment.zero:
        if value != 0 or not any(action in e.args for _t, e in abilities(player, "ABL-ZERO")):
            raise IllegalMove("pulsar.err.zero", "A-BONUS-7")
        value = 1
    if payment.mod:
        token = MOD_TOKEN[payment.mod]
        if player.mods[token] < 1:
            raise IllegalMove("pulsar.err.no_token", "A-MOD-5", token=payment.mod)
        value += MOD_DELTA[payment.mod]
    if payment.flex:
        tech, delta = payment.flex
        flex = [e for t, e in abilities(player, "ABL-FLEX") if t == tech and e.args[0] == action]
        if not flex:
            raise IllegalMove("pulsar.err.flex", "A-MOD-3", tech=tech)
        down, up = int(flex[0].args[1]), int(flex[0].args[2])
        if not -down <= delta <= up:
            raise IllegalMove("pulsar.err.flex", "A-MOD-3", tech=tech)
        value += delta
    if value <= 0:
        raise IllegalMove("pulsar.err.die_zero", "A-PAY-3")
    if payment.mod:
        player.mods[MOD_TOKEN[payment.mod]] -= 1                   # A-MOD-4
    if payment.red:
        player.red = None                                         # A-BONUS-2: back to the black hole
    else:
        player.dice.remove(payment.value)                         # A-PAY-2
        state.dice_spent += 1
    return value


def available_technologies(state: GameState) -> list[str]:
    """PAT-1: the chosen sides' technologies of rows up to the current time row."""
    return [tech for tech, info in tables().technologies.items()
            if info.side in state.tech_sides and info.row <= state.round]


def check_patent(state: GameState, seat: int, tech: str) -> None:
    """PAT-1, PAT-3, PAT-4, PAT-6 (before paying)."""
    info = tables().technologies.get(tech)
    if info is None or tech not in available_technologies(state):
        raise IllegalMove("pulsar.err.patent_unavailable", "PAT-1", tech=tech)
    holders = state.patent_slots.get(tech, [])
    if any(who == seat for who, _slot in holders):
        raise IllegalMove("pulsar.err.patent_twice", "PAT-3", tech=tech)
    if len(holders) >= 2:
        raise IllegalMove("pulsar.err.patent_full", "PAT-3", tech=tech)
    if info.mode == "1/R":
        if any(slot == 0 for _who, slot in holders):
            raise IllegalMove("pulsar.err.patent_this_round", "PAT-4", tech=tech)
        if holders and tables().by_players[state.player_count].patent_limit == "one_player":
            raise IllegalMove("pulsar.err.patent_two_players", "PAT-4", tech=tech)
    player = state.players[seat]
    for effect in info.effects:
        if effect.name in ("EFF-CUBE-RED", "EFF-DOUBLER") and player.bonus_used:
            raise IllegalMove("pulsar.err.bonus_used", "PAT-6", tech=tech)
        if effect.name == "EFF-CUBE-RED" and player.cubes < 1:
            raise IllegalMove("pulsar.err.no_cube", "PAT-6", tech=tech)


def patent(state: GameState, seat: int, tech: str, paid: Payment, paid_value: int, to: str | None = None) -> None:
    """PAT-2/5: the marker goes on the icon; instant rewards at once, the rest from now on."""
    player = state.players[seat]
    trigger(state, seat, "patent")                                # ABL-ON(patent, ...): the earlier patents pay
    state.patent_slots.setdefault(tech, []).append([seat, 0])
    player.patents.append(tech)
    for effect in tables().technologies[tech].effects:
        if effect.name == "EFF-CUBE-RED":
            player.cubes -= 1
            player.bonus_used = True
            player.red = int(effect.args[0])
        elif effect.name == "EFF-DOUBLER":
            if paid.red:
                raise IllegalMove("pulsar.err.doubler_red", "A-BONUS-8")
            player.dice.append(int(effect.args[0]))               # the spent die comes back
            state.dice_spent -= 1
            player.bonus_used = True
            player.red = int(effect.args[1])
        elif effect.name.startswith("EFF-"):
            special(state, seat, effect, to)


def special(state: GameState, seat: int, effect: Effect, to: str | None = None) -> None:
    """The rewards beyond :func:`rules.pulsar.flying.gain`: isolated pulsars, gate runs and
    teleports (to ``to``; without a destination the teleport is declined, TELEPORT-3)."""
    player = state.players[seat]
    if effect.name == "EFF-TELEPORT":
        if to is not None:
            teleport(state, seat, to, effect.args[0])
        else:                                                     # said, so no one looks for the ship's jump
            add_event(state, "teleport_declined", colour=Msg(f"pulsar.colour.{COLOURS[seat]}"))
        return
    if effect.name == "EFF-CLAIM-ISO":                            # PULSAR-CLAIM-4
        free = [loc for loc in tables().isolated(side_of(state)) if loc not in state.pulsars]
        if free and player.rings > 0:
            state.pulsars[free[0]] = seat
            player.rings -= 1
            claimed(state, seat, free[0])
    elif effect.name != "EFF-GATERUN":
        gain(state, seat, (effect,))


def pat_round_end(state: GameState) -> None:
    """PR-7: a "1/R" marker on the icon slides to the lower slot when it is empty."""
    techs = tables().technologies
    for tech, holders in state.patent_slots.items():
        if techs[tech].mode == "1/R" and all(slot != 1 for _who, slot in holders):
            for holder in holders:
                holder[1] = 1


def hq_available(state: GameState, seat: int) -> list[str]:
    """HQ-2: row 1 always; a row once the row below is complete; the main project last. A printed
    side names the projects joined below each project (``needs``): those must be complete."""
    player = state.players[seat]
    if player.hq_board is None or player.hq_side is None:
        return []
    prefix = f"HQ{player.hq_board}-{player.hq_side}."
    mine = {pid: p for pid, p in tables().projects.items() if pid.startswith(prefix)}
    out = []
    for pid, project in sorted(mine.items()):
        below = list(project.needs) if project.needs is not None else [p for p in mine if mine[p].row < project.row]
        if pid not in player.hq_done and all(p in player.hq_done for p in below):
            out.append(pid)
    return out


def complete_hq(state: GameState, seat: int, project: str, paid_value: int, paid_red: bool = False) -> None:
    """HQ-3/4: the reward at once; a gate run is kept for a later flight (GATERUN-1)."""
    info = tables().projects.get(project)
    if project not in hq_available(state, seat) or info is None:
        raise IllegalMove("pulsar.err.hq_unavailable", "HQ-2", project=project)
    if paid_value != info.cost:
        raise IllegalMove("pulsar.err.wrong_die", "HQ-3", need=info.cost, value=paid_value)
    player = state.players[seat]
    open_before = set(hq_available(state, seat))
    player.hq_done.append(project)
    colour = Msg(f"pulsar.colour.{COLOURS[seat]}")
    now = [effect for effect in info.effects if effect.name != "EFF-GATERUN"]
    if now:                                                       # HQ-4: what it gives at once
        add_event(state, "hq_reward", colour=colour, project=project, gain=describe.effects(now))
    trigger(state, seat, "hq")                                    # ABL-ON(hq, ...)
    for effect in info.effects:
        if effect.name == "EFF-GATERUN":
            player.gate_runs[project] = False
        elif effect.name == "EFF-DOUBLER":
            if paid_red:
                raise IllegalMove("pulsar.err.doubler_red", "A-BONUS-8")
            if player.bonus_used:
                raise IllegalMove("pulsar.err.bonus_used", "A-BONUS-5", tech=project)
            player.dice.append(int(effect.args[0]))
            state.dice_spent -= 1
            player.bonus_used = True
            player.red = int(effect.args[1])
        else:
            special(state, seat, effect)
    _hq_consequences(state, seat, project, open_before, colour)


def _hq_consequences(state: GameState, seat: int, project: str, open_before: set[str], colour: Msg) -> None:
    """What a completed project makes possible (HQ-2, GATERUN-1/2), as "↳" news: the gate run it
    gave and how a later flight uses it (the option, in the reader's words), and the projects it
    opened (the move's phrase names the project; this says what followed)."""
    info = tables().projects[project]
    for effect in info.effects:
        if effect.name == "EFF-GATERUN":
            names = [describe.GATE_COLOURS[letter] for letter in effect.args[0].split("/")]
            options = [Localized(en=f"run={project}:{name}", hu=f"verseny={project}:{COLOUR_HU[name]}") for name in names]
            add_event(state, "hq_gate_run", colour=colour, project=project, run=describe.effect(effect),
                      option=Join(options, "or"))
    opened = [pid for pid in hq_available(state, seat) if pid not in open_before]
    if opened:
        add_event(state, "hq_opened", colour=colour, projects=Join(opened, "comma"))


def copy_leftover(state: GameState, seat: int, value: int) -> None:
    """COPY-1/2: 4 cubes set the red die to a leftover die's value (one bonus die per round)."""
    player = state.players[seat]
    if value not in state.dice_board:
        raise IllegalMove("pulsar.err.copy_which", "COPY-1", value=value, dice=sorted(state.dice_board) or ["-"])
    if player.bonus_used:
        raise IllegalMove("pulsar.err.bonus_used_copy", "A-BONUS-1")
    if player.cubes < 4:
        raise IllegalMove("pulsar.err.copy_cubes", "COPY-1", cubes=player.cubes)
    player.cubes -= 4
    player.bonus_used = True
    player.red = value


def trigger(state: GameState, seat: int, event: str) -> None:
    """ABL-ON(event, reward): each own technology listening for ``event`` pays its reward."""
    for _tech, effect in abilities(state.players[seat], "ABL-ON"):
        if effect.args[0] == event:
            from .data import parse_effect
            gain(state, seat, (parse_effect(effect.args[1]),))
