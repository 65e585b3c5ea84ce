"""Pulsar 2849: flying the survey ship and what a flight does (spec §6.1): revealing systems,
stations when passing and at the end, discovery bonuses or exploration tiles, pulsar claims,
dead ends and gate runs; plus the reward vocabulary those need (§6.8).

Refusals are catalogue messages (``pulsar.err.*``) with the rule ID."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.base import IllegalMove
from rules.messages import Join, Msg

from . import describe
from .codes import code
from .data import Effect, parse_effect, tables
from .economy import board_stations
from .flight import is_flight
from .state import GameState, Player, add_event

COLOURS = ("red", "green", "blue", "yellow")

BLOCKED = "X"


@lru_cache(maxsize=2)
def dead_ends(side: str) -> frozenset[str]:
    """Side B's dead ends: the end of a double line that has no other route (FLY-7)."""
    routes = tables().routes(side)
    return frozenset(loc for loc, near in routes.items() if near and len(set(near)) == 1 and len(near) == 2)


def side_of(state: GameState) -> str:
    return str(state.options.get("cluster_side", "A"))


def reveal(state: GameState, location: str, passing: bool = False) -> None:
    """REVEAL-1/2: the tile turns face up; planets marked for fewer players are blocked.
    ``passing``: revealed by a flight that does not end there, whose news says the discovery
    bonus it names is not gained so (D-P6, FLY-BONUS-1, STATION-PASS)."""
    system = state.systems[location]
    if system.revealed:
        return
    system.revealed = True
    assert state.streams is not None
    state.streams.reveal()
    add_event(state, "revealed_passing" if passing else "revealed", location=describe.loc(location),
              tile=code(system.tile), contents=describe.system_contents(system.tile, state.player_count))
    blocked = tables().by_players[state.player_count].blocked_marks
    for planet in tables().systems[system.tile].planets:
        if planet.mark in blocked:
            system.planets[planet.slot] = BLOCKED


def _station(state: GameState, seat: int, location: str, prefer: str) -> str | None:
    """STATION-0..4: one marker on the lowest empty planet of the preferred colour, else of the
    other; None when the player has a station there already, no marker, or no free planet."""
    player = state.players[seat]
    system = state.systems[location]
    if str(seat) in system.planets.values() or player.markers < 1:
        return None
    planets = tables().systems[system.tile].planets
    for colour in (prefer, "blue" if prefer == "barren" else "barren"):
        for planet in planets:
            if planet.colour == colour and planet.slot not in system.planets:
                system.planets[planet.slot] = str(seat)
                player.markers -= 1
                add_event(state, "station", colour=Msg(f"pulsar.colour.{COLOURS[seat]}"),
                          planet=Msg(f"pulsar.planet.{colour}"), location=describe.loc(location))
                return colour
    return None


def draw_exploration(state: GameState, seat: int, count: int = 1) -> list[str]:
    """EXPL-1/2: draw, resolve and discard (extra-station tiles are kept)."""
    assert state.streams is not None
    drawn = []
    for _ in range(count):
        tiles = state.exploration.draw(state.streams)
        if not tiles:
            break
        tile = tiles[0]
        drawn.append(tile)
        effects, kept = tables().exploration[tile]
        add_event(state, "explored_kept" if kept else "explored", colour=Msg(f"pulsar.colour.{COLOURS[seat]}"),
                  tile=code(tile), gain=describe.effects(effects))
        if kept:
            state.players[seat].kept_exploration.append(tile)
        else:
            state.exploration.discard([tile])
        gain(state, seat, effects)
    return drawn


def gain(state: GameState, seat: int, effects: tuple[Effect, ...], choice: str | None = None) -> None:
    """§6.8: resolve rewards at once; one that cannot be used is lost."""
    player = state.players[seat]
    choice = choice or state.reward_choice
    for effect in effects:
        name, args = effect.name, effect.args
        if name == "EFF-VP":
            player.score(int(args[0]), "rewards")
        elif name == "EFF-VP-PER":                                # AII-4a: n VP per station, at once
            stations = board_stations(state, seat) if args[0] == "station" else 0
            player.score(int(args[1]) * stations, "rewards")
            add_event(state, "vp_per_station", colour=Msg(f"pulsar.colour.{COLOURS[seat]}"),
                      vp=int(args[1]) * stations, stations=stations)
        elif name == "EFF-CUBES":
            player.cubes += int(args[0])
        elif name == "EFF-MOD":
            player.mods["pm1" if args[0] == "±1" else "p2"] += 1      # A-MOD-6: unlimited substitutes
        elif name == "EFF-GYRO":
            _take_gyro(state, player, args[0])
        elif name in ("EFF-GYRO-CHOICE", "EFF-GYRO-ANY"):
            sizes = tuple(args) if name == "EFF-GYRO-CHOICE" else ("L", "M", "S")
            if choice in sizes:
                _take_gyro(state, player, choice)
            elif asks(state):
                _owe_gyro(state, seat, [size for size in sizes if state.gyro_supply[size]])
            else:                                                 # rules version 1: the first size in supply
                _take_gyro(state, player, next((size for size in sizes if state.gyro_supply[size]), sizes[-1]))
        elif name == "EFF-GYRO-TWO-DIFF":
            left = [size for size in ("L", "M", "S") if state.gyro_supply[size]]
            if asks(state) and len(left) == 3:                    # the player picks the two sizes
                state.owed_gyro.append("LMS/2")
                _announce_owed(state, seat)
            else:
                for size in left[:2]:
                    _take_gyro(state, player, size)
        elif name == "EFF-EXPL":
            draw_exploration(state, seat, int(args[0]))
        elif name == "EFF-RED":
            if not player.bonus_used:                             # A-BONUS-1/5
                player.bonus_used = True
                player.red = int(args[0])
        elif name == "EFF-EXTRA-STATION":
            pass                                                  # kept by draw_exploration (EXPL-1)
        else:
            raise IllegalMove("pulsar.err.reward_not_yet", None, reward=name)


def _discovery(state: GameState, seat: int, location: str) -> None:
    """FLY-BONUS-1..3: the discovery bonus, named in the post."""
    bonus = tables().systems[state.systems[location].tile].bonus
    add_event(state, "discovery", colour=Msg(f"pulsar.colour.{COLOURS[seat]}"), location=describe.loc(location),
              bonus=describe.effects(bonus))
    gain(state, seat, bonus)


def claimed(state: GameState, seat: int, pulsar: str) -> None:
    """The post names the pulsar a player claimed (a ring placed on it)."""
    add_event(state, "claimed", colour=Msg(f"pulsar.colour.{COLOURS[seat]}"), location=describe.loc(pulsar))


def asks(state: GameState) -> bool:
    """Rules version 2 on: a reward of a gyrodyne of a choice of sizes is asked, not picked."""
    return int(str(state.options.get("rules_version", 1))) >= 2


def _owe_gyro(state: GameState, seat: int, sizes: list[str]) -> None:
    """One size left: it is taken; several: the player owes the choice (``gyro choose``)."""
    if len(sizes) == 1:
        _take_gyro(state, state.players[seat], sizes[0])
    elif sizes:
        state.owed_gyro.append("".join(sizes))
        _announce_owed(state, seat)


def _announce_owed(state: GameState, seat: int) -> None:
    sizes = state.owed_gyro[0].split("/")[0]
    add_event(state, "gyro_owed", colour=Msg(f"pulsar.colour.{COLOURS[seat]}"),
              sizes=Join([describe.size_name(s) for s in sizes if state.gyro_supply[s]], "or"))


def choose_gyro(state: GameState, seat: int, size: str) -> None:
    """A won gyrodyne's size, chosen (the reward of EFF-GYRO-CHOICE / -ANY / -TWO-DIFF)."""
    if not state.owed_gyro:
        raise IllegalMove("pulsar.err.no_gyro_owed", "EFF-GYRO")
    owed, _slash, two = state.owed_gyro[0].partition("/")
    allowed = [s for s in owed if state.gyro_supply[s]]
    if size not in allowed:
        raise IllegalMove("pulsar.err.gyro_owed", "EFF-GYRO", sizes=Join([describe.size_name(s) for s in allowed], "or"))
    state.owed_gyro.pop(0)
    _take_gyro(state, state.players[seat], size)
    if two:                                                       # a second one of another size
        state.owed_gyro.insert(0, "".join(s for s in owed if s != size))
        rest = [s for s in state.owed_gyro[0] if state.gyro_supply[s]]
        state.owed_gyro.pop(0)
        _owe_gyro(state, seat, rest)
    elif state.owed_gyro:
        _announce_owed(state, seat)


def _take_gyro(state: GameState, player: Player, size: str) -> None:
    if state.gyro_supply[size] > 0:                               # lost if sold out (§6.8)
        state.gyro_supply[size] -= 1
        player.gyro_reserve[size] += 1
        add_event(state, "gyro_gained", colour=Msg(f"pulsar.colour.{COLOURS[player.seat]}"),
                  size=describe.size_name(size))


def fly(state: GameState, seat: int, path: tuple[str, ...], *, take: str = "bonus", claim: bool = True,
        run: tuple[str, str] | None = None) -> None:
    """ACT-FLY resolution (spec §6.1, in its order): reveal and pass-stations along the path,
    the end station with its discovery bonus (or an exploration tile), the pulsar claim, the
    dead-end tiles, then the gate run (``run`` = (project, colour))."""
    player = state.players[seat]
    side = side_of(state)
    if player.ship != path[0]:
        raise IllegalMove("pulsar.err.fly_start", "FLY-2", start=describe.loc(path[0]),
                          ship=describe.loc(player.ship) if player.ship else "-")
    if len(path) < 2 or not is_flight(side, path):
        raise IllegalMove("pulsar.err.fly_path", "FLY-4", path=describe.path(path))
    locations = tables().locations
    ends = dead_ends(side)
    end = path[-1]
    passed: list[str] = []
    for location in path[1:]:                                     # 1. reveal, pass stations
        if locations[location].type != "S":
            continue
        reveal(state, location, passing=location != end)
        if location != end and location not in passed:
            passed.append(location)
            built = _station(state, seat, location, "barren")
            if built:
                _on(state, seat, "station")
            if built and location in ends:
                draw_exploration(state, seat)                     # DEADEND-1
    if locations[end].type == "S":                                # 2. the end
        colour = _station(state, seat, end, "blue")
        if colour:
            _on(state, seat, "station")
        if colour == "blue":                                      # FLY-BONUS-1..3
            if take == "tile":
                draw_exploration(state, seat)
            else:
                _discovery(state, seat, end)
        if colour and end in ends:
            draw_exploration(state, seat)
    elif locations[end].type == "P" and claim and end not in state.pulsars and player.rings > 0:
        state.pulsars[end] = seat                                 # PULSAR-CLAIM-1..3
        player.rings -= 1
        claimed(state, seat, end)
        _on(state, seat, "claim_pulsar")
        if end in ends:
            draw_exploration(state, seat)
    _visits(state, seat, path)                                    # 3. visit abilities
    if run is not None:                                           # 4. GATERUN-2..4
        project, colour = run
        if player.gate_runs.get(project, True):
            raise IllegalMove("pulsar.err.gate_run", "GATERUN-4", project=project)
        per_gate = next(int(e.args[1]) for e in tables().projects[project].effects if e.name == "EFF-GATERUN")
        gates = {loc for loc in path[1:] if locations[loc].type == "J" and locations[loc].gate_colour == colour}
        player.score(per_gate * len(gates), "gate_runs")
        player.gate_runs[project] = True
    player.ship = end


def teleport(state: GameState, seat: int, location: str, kind: str) -> None:
    """TELEPORT-1..3: the ship jumps to ``location`` (a pulsar / a system / anywhere, never a
    starting gate or an isolated pulsar), which counts as the end of a flight and as visited."""
    info = tables().locations.get(location)
    isolated = not tables().routes(side_of(state)).get(location)
    allowed = info is not None and info.type != "H" and not isolated and (
        kind == "any" or (kind == "pulsar" and info.type == "P") or (kind == "system" and info.type == "S"))
    if not allowed:
        raise IllegalMove("pulsar.err.teleport", "TELEPORT-2", location=describe.loc(location) if info else location,
                          kind=Msg(f"pulsar.teleport_kind.{kind}") if kind in P_KIND else kind)
    player = state.players[seat]
    ends = dead_ends(side_of(state))
    assert info is not None
    if info.type == "S":
        reveal(state, location)
        colour = _station(state, seat, location, "blue")
        if colour:
            _on(state, seat, "station")
        if colour == "blue":
            _discovery(state, seat, location)
        if colour and location in ends:
            draw_exploration(state, seat)
    elif info.type == "P" and location not in state.pulsars and player.rings > 0:
        state.pulsars[location] = seat
        player.rings -= 1
        claimed(state, seat, location)
        _on(state, seat, "claim_pulsar")
        if location in ends:
            draw_exploration(state, seat)
    player.ship = location
    _visits(state, seat, (location, location))


P_KIND = {"pulsar": "P", "system": "S", "any": "*"}


def _on(state: GameState, seat: int, event: str) -> None:
    from .actions import trigger
    trigger(state, seat, event)


def _visits(state: GameState, seat: int, path: tuple[str, ...]) -> None:
    """ABL-VISIT: once per distinct visited location of the type (A-29; an own pulsar claimed at
    the end of this flight counts, A-35)."""
    techs = tables().technologies
    locations = tables().locations
    visited = set(path[1:])
    for tech in state.players[seat].patents:
        for effect in techs[tech].effects:
            if effect.name != "ABL-VISIT":
                continue
            kind, reward = effect.args
            if kind == "jump_gate":
                count = sum(1 for loc in visited if locations[loc].type == "J")
            else:
                count = sum(1 for loc in visited if state.pulsars.get(loc) == seat)
            for _ in range(count):
                gain(state, seat, (parse_effect(reward),))


@dataclass(frozen=True)
class Outlook:
    """What a flight would give its player, read before it is flown (G-8: a flight's choice
    says what it reaches), from what the player may know: a face-down system's tile is never
    read.  ``end``: what happens where the flight ends (:data:`END_KINDS`); ``bonus``: the
    revealed end system's discovery bonus when it is gained (FLY-BONUS-1); ``passed``: the
    systems passed where a station goes (STATION-PASS); ``tiles``: exploration tiles drawn
    for dead ends (DEADEND-1); ``vp``: victory points from technologies' abilities (ABL-ON,
    ABL-VISIT) and the gate run (GATERUN-3); ``run_vp``: with no gate run declared, the most an
    unused one of the player's would add to this flight (GATERUN-2: it is written with it)."""

    end: str
    bonus: tuple[Effect, ...] = ()
    passed: tuple[str, ...] = ()
    tiles: int = 0
    vp: int = 0
    run_vp: int = 0


#: Outlook.end: a face-down system (a station and its bonus: every tile has a blue planet,
#: FLY-BONUS-1), a revealed one with its bonus (STATION-END), the exploration tile instead
#: (FLY-BONUS-3), a barren planet without bonus, nothing (STATION-2: a station there already;
#: STATION-0: no free planet, no marker), a pulsar claimed (PULSAR-CLAIM-1), one already the
#: player's, another's (PULSAR-CLAIM-3), no ring left (PULSAR-CLAIM-2), left unclaimed by
#: choice, a jump gate (no end effect).
END_KINDS = ("unexplored", "bonus", "tile", "barren", "own_station", "full", "no_marker",
             "claim", "own_pulsar", "taken", "no_ring", "noclaim", "gate")


def outlook(state: GameState, seat: int, path: tuple[str, ...], *, take: str = "bonus", claim: bool = True,
            run: tuple[str, str] | None = None) -> Outlook:
    """What :func:`fly` would do for ``seat`` along ``path`` (a legal flight), in its order,
    without flying: the stations, the end, the dead ends' tiles and the points."""
    from .actions import abilities
    player = state.players[seat]
    locations = tables().locations
    ends = dead_ends(side_of(state))
    end = path[-1]
    markers = player.markers
    stations: list[str] = []

    def free(location: str, prefer: str) -> str | None:
        """The colour a station of ``seat`` would take in ``location`` (STATION-0..4), None if none."""
        system = state.systems[location]
        if not system.revealed:               # a fresh tile: its open planets are all empty
            return prefer
        if str(seat) in system.planets.values():
            return None
        planets = tables().systems[system.tile].planets
        for colour in (prefer, "blue" if prefer == "barren" else "barren"):
            if any(p.colour == colour and p.slot not in system.planets for p in planets):
                return colour
        return None

    passed: list[str] = []
    tiles = 0
    for location in path[1:-1]:
        if locations[location].type == "S" and location != end and location not in passed:
            passed.append(location)
            if markers and free(location, "barren"):
                stations.append(location)
                markers -= 1
                tiles += location in ends
    kind, claimed_end = "gate", False
    bonus: tuple[Effect, ...] = ()
    if locations[end].type == "S":
        system = state.systems[end]
        colour = free(end, "blue") if markers else None
        if colour:
            stations.append(end)
            tiles += end in ends
        if not markers and (not system.revealed or str(seat) not in system.planets.values()):
            kind = "no_marker"
        elif colour is None:
            kind = "own_station" if str(seat) in system.planets.values() else "full"
        elif colour == "barren":
            kind = "barren"
        elif take == "tile":
            kind = "tile"
        elif not system.revealed:
            kind = "unexplored"
        else:
            kind, bonus = "bonus", tables().systems[system.tile].bonus
    elif locations[end].type == "P":
        owner = state.pulsars.get(end)
        kind = ("own_pulsar" if owner == seat else "taken" if owner is not None else "noclaim" if not claim
                else "no_ring" if player.rings < 1 else "claim")
        claimed_end = kind == "claim"
        tiles += claimed_end and end in ends
    vp = 0
    for _tech, effect in abilities(player, "ABL-ON"):
        event = effect.args[0]
        count = len(stations) if event == "station" else int(claimed_end) if event == "claim_pulsar" else 0
        vp += count * _vp(effect.args[1])
    visited = set(path[1:])
    for _tech, effect in abilities(player, "ABL-VISIT"):
        if effect.args[0] == "jump_gate":
            count = sum(1 for loc in visited if locations[loc].type == "J")
        else:
            count = sum(1 for loc in visited if state.pulsars.get(loc) == seat or loc == end and claimed_end)
        vp += count * _vp(effect.args[1])
    gates = {loc for loc in path[1:] if locations[loc].type == "J"}
    runs = {project: effect for project, used in player.gate_runs.items() if not used
            for effect in tables().projects[project].effects if effect.name == "EFF-GATERUN"}
    run_vp = 0
    if run is not None and run[0] in runs:
        vp += int(runs[run[0]].args[1]) * sum(1 for gate in gates if locations[gate].gate_colour == run[1])
    elif run is None:
        for effect in runs.values():          # GATERUN-5: the colour is chosen when it is used
            colours = {describe.GATE_COLOURS[c] for c in effect.args[0].split("/")}
            best = max(sum(1 for gate in gates if locations[gate].gate_colour == colour) for colour in colours)
            run_vp = max(run_vp, int(effect.args[1]) * best)
    return Outlook(kind, bonus, tuple(s for s in stations if s != end), tiles, vp, run_vp)


def _vp(reward: str) -> int:
    """The points of an ability's reward (every ABL-ON and ABL-VISIT reward is EFF-VP, §8.6)."""
    effect = parse_effect(reward)
    return int(effect.args[0]) if effect.name == "EFF-VP" else 0
