"""Pulsar 2849 data files against the facts spec §8 states (rule IDs cited as PU-<id>)."""
from __future__ import annotations

from collections import Counter, deque

from rules.pulsar import flying
from rules.pulsar.data import Effect, parse_effect, tables
from rules.pulsar.flight import is_flight


def connected(adjacency: dict[str, list[str]], nodes: list[str]) -> bool:
    seen, queue = {nodes[0]}, deque([nodes[0]])
    while queue:
        for other in adjacency[queue.popleft()]:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    return set(nodes) <= seen


def spaces(side: str, kind: str) -> list[int]:
    return sorted(int(loc[1:]) for loc, info in tables().on_side(side).items() if info.type == kind)


def test_PU_C01_side_A_is_the_public_cluster_87_spaces_4_entry_points_16_systems():
    """The numbers of zet4080/pulsar material.inc.php @ f10cf07 (the BGA studio implementation)."""
    side_a = tables().on_side("A")
    assert len(side_a) == 87 and sorted(int(loc[1:]) for loc in side_a) == list(range(1, 88))
    assert spaces("A", "H") == [1, 14, 24, 37]                                        # $this->entrypoints
    assert spaces("A", "S") == [3, 6, 9, 15, 19, 25, 30, 32, 39, 44, 52, 54, 62, 68, 75, 84]   # planetarysystems
    routed = [5, 11, 16, 22, 28, 35, 42, 47, 50, 61, 66, 87]                             # $this->pulsar
    assert spaces("A", "P") == sorted(routed + [70, 71, 76] + [78])   # isolated + 78, drawn as a pulsar
    assert tables().isolated("A") == ("P70", "P71", "P76")                               # $this->isolatedpulsar
    gates = Counter(info.gate_colour for info in side_a.values() if info.type == "J")
    assert gates == {"orange": 17, "green": 17, "purple": 17}                            # read from the picture


def test_PU_C01_side_B_is_its_own_map_84_spaces_3_isolated_pulsars():
    side_b = tables().on_side("B")
    assert len(side_b) == 84 and not set(side_b) & set(tables().on_side("A"))
    assert Counter(info.type for info in side_b.values()) == {"S": 16, "P": 16, "J": 48, "H": 4}
    assert Counter(info.gate_colour for info in side_b.values() if info.type == "J") == {
        "orange": 16, "green": 16, "purple": 16}
    assert tables().isolated("B") == ("P130", "P141", "P152")
    assert all(0 < info.x < 1 and 0 < info.y < 1 for info in tables().locations.values())


def test_PU_8_1_side_A_has_104_single_segments_side_B_six_double_lines():
    """FLY-7: side B's picture draws each of its 3 dead ends as a double line two segments deep (outer
    location = gate = dead end); the outer halves were read as single routes before."""
    segments = tables().segments
    assert len(segments["A"]) == 104 and not any(s.double for s in segments["A"])
    pairs = [frozenset((s.a, s.b)) for s in segments["A"]]
    assert len(set(pairs)) == 104 and frozenset(("P42", "J43")) in pairs     # the source's "42-42", read as 42-43
    assert len(segments["B"]) == 100 and sum(s.double for s in segments["B"]) == 6
    assert all(s.a[0] != "H" or s.b[0] == "J" for side in "AB" for s in segments[side])
    doubles = {frozenset((s.a, s.b)) for s in segments["B"] if s.double}
    assert doubles == {frozenset(pair) for pair in (("P135", "J139"), ("J139", "J142"), ("S109", "J103"),
                                                    ("J103", "S184"), ("S160", "J157"), ("J157", "J161"))}
    routes = tables().routes("B")
    assert sorted(routes["J139"]) == ["J142", "J142", "P135", "P135"] and sorted(routes["J103"]) == [
        "S109", "S109", "S184", "S184"] and sorted(routes["J157"]) == ["J161", "J161", "S160", "S160"]
    assert flying.dead_ends("B") == {"P135", "S109", "S160"}          # the inner ends; the gates have two neighbours
    for corridor in (("J142", "J139", "P135", "J139", "J142"), ("S184", "J103", "S109", "J103", "S184"),
                     ("J161", "J157", "S160", "J157", "J161")):
        assert is_flight("B", corridor), corridor                         # in to the dead end and out again
    assert not is_flight("B", ("J142", "J139", "P135", "J139", "J142", "J139"))   # no third line


def test_PU_8_1_every_location_but_the_isolated_pulsars_is_connected_on_both_sides():
    for side in ("A", "B"):
        locations, isolated = tables().on_side(side), set(tables().isolated(side))
        routes = tables().routes(side)
        assert len(isolated) == 3 and all(not routes[p] for p in isolated)
        assert connected(routes, sorted(set(locations) - isolated))
        assert all(len(routes[h]) == 1 and routes[h][0][0] == "J" for h in tables().starting_gates(side))   # leaves


def test_PU_8_1_the_flight_examples_follow_routes():
    a, b = tables().routes("A"), tables().routes("B")
    assert a["H01"] == ["J02"] and sorted(a["J02"]) == ["H01", "J48", "S03"]
    for path in (["S03", "J04", "P05", "S06"], ["J48", "J02", "S03", "J04", "S06"]):
        assert all(y in a[x] for x, y in zip(path, path[1:]))
    assert b["P135"].count("J139") == 2                                  # J139-P135-J139 uses both lines


def test_PU_P_SETUP_6_seventeen_system_tiles_as_printed():
    """The public tiles: blue/stone counts of zet4080/pulsar material.inc.php $this->systems, faces
    read from img/planetarysystems.webp; every tile has a blue planet (FLY-BONUS-1)."""
    systems = tables().systems
    assert len(systems) == 17
    counts = [(sum(p.colour == "blue" for p in t.planets), sum(p.colour == "barren" for p in t.planets))
              for _, t in sorted(systems.items())]
    assert counts == [(4, 0), (3, 0), (2, 1), (1, 1), (1, 2), (1, 2), (2, 1), (2, 1), (2, 2), (2, 1), (1, 2),
                      (1, 1), (1, 2), (2, 0), (2, 2), (2, 1), (2, 0)]
    averages = {n: sum(len(t.available(n)) for t in systems.values()) / 17 for n in (2, 3, 4)}
    assert [round(averages[n], 2) for n in (2, 3, 4)] == [2.18, 2.41, 2.94]
    for n in (2, 3, 4):                                                  # PS12's blue planet is unmarked
        assert all(any(p.colour == "blue" for p in t.available(n)) for t in systems.values()), n
    assert systems["PS15"].bonus == (Effect("EFF-MOD", ("±1",)), Effect("EFF-MOD", ("+2",)))   # the seed's two tokens
    assert systems["PS03"].bonus == (Effect("EFF-RED", ("2",)),)


def test_PU_8_9_transmitters_eleven_A_seven_B_six_C():
    transmitters = tables().transmitters
    assert Counter(t.letter for t in transmitters.values()) == {"A": 11, "B": 7, "C": 6}
    one_icon = sorted(t.id for t in transmitters.values() if len(t.dice) == 1)
    assert one_icon == ["TX-A01", "TX-A02", "TX-A03", "TX-A06", "TX-A09", "TX-C04"]
    assert all(len(t.dice) <= 2 for t in transmitters.values() if t.letter == "C")


def test_PU_8_6_the_printed_layout_columns_are_the_time_rows():
    """8.6 / PAT-1 / R-2, as printed (zet4080/pulsar techActionsDictionary and img/A1-A3.webp): per side
    tier I = rows 1-2 of three, tier II = rows 3-5 of two, tier III = rows 6-8 of two, two, one."""
    technologies = tables().technologies
    sides = Counter(t.side for t in technologies.values())
    assert all(sides[f"{s}{tier}"] == {"I": 6, "II": 6, "III": 5}[tier] for s in "ABCD" for tier in ("I", "II", "III"))
    per_row = Counter((t.side[0], t.row) for t in technologies.values())
    assert all([per_row[(s, row)] for row in range(1, 9)] == [3, 3, 2, 2, 2, 2, 2, 1] for s in "ABCD")
    rows = {"I": {1, 2}, "II": {3, 4, 5}, "III": {6, 7, 8}}
    assert all(t.row in rows[t.tier] for t in technologies.values())
    assert [tables().time_row_bonus[row] for row in range(1, 9)] == [0, 2, 1, 0, 2, 0, 2, 4]   # side A's heads


def test_PU_8_6_costs_modes_and_kinds_are_the_public_table():
    """Spot checks against techActionsDictionary @ f10cf07: tier I's first column has two die icons
    (mode 2), tier II is all "1/R", tier III's last technology is mode 2; phases give the kind."""
    tech = tables().technologies
    assert [(tech[t].cost, tech[t].mode) for t in ("AI-1a", "AI-1b", "AI-1c", "AI-2a", "AI-2b", "AI-2c")] == [
        (1, "2"), (3, "2"), (5, "2"), (2, "1/R"), (5, "1/R"), (6, "1/R")]
    assert all(t.mode == "1/R" for t in tech.values() if t.tier == "II")
    assert [t.id for t in tech.values() if t.tier == "III" and t.mode == "2"] == ["AIII-8a", "BIII-8a", "CIII-8a", "DIII-8a"]
    assert (tech["DI-2b"].kind, tech["DIII-6b"].kind, tech["CIII-8a"].kind, tech["AII-3b"].kind) == (
        "green", "green", "instant", "green")
    assert (tech["DIII-8a"].cost, tech["BII-3a"].cost, tech["CII-4b"].cost) == (1, 1, 6)
    assert tech["AII-5a"].effects == (Effect("EFF-CUBES", ("3",)),)          # read from img/A2.webp


def test_PU_8_7_each_hq_side_has_its_projects_and_gate_runs():
    """Designed sides: 7 projects, 3 gate runs. Printed sides A2 and C2 (HQ1-2, HQ3-2; zet4080/pulsar
    pictures): 8 projects, 5 gate runs, each project needing the ones joined to it below."""
    projects = tables().projects
    by_side = Counter((p.board, p.side) for p in projects.values())
    assert len(by_side) == 8
    for board_side, count in by_side.items():
        printed = board_side in ((1, 2), (3, 2))
        assert count == (8 if printed else 7), board_side
        runs = [p for p in projects.values() if (p.board, p.side) == board_side
                and any(e.name == "EFF-GATERUN" for e in p.effects)]
        assert len(runs) == (5 if printed else 3), board_side
    assert projects["HQ1-2.M"].needs == ("HQ1-2.3a", "HQ1-2.3b") and projects["HQ3-2.2b"].needs == ("HQ3-2.1b", "HQ3-2.1c")
    assert projects["HQ3-2.3a"].effects == (Effect("EFF-DOUBLER", ("4", "3")),) and projects["HQ3-2.3a"].cost == 6
    assert parse_effect("EFF-GATERUN(O/B/P,3)").args == ("O/B/P", "3")


def test_PU_P_SETUP_11_three_first_game_goals_one_per_tile_and_twelve_sides():
    goals = tables().goals
    assert len(goals) == 12 and len({g.tile for g in goals.values()}) == 6
    assert sorted(g.id for g in goals.values() if g.first_game) == ["G1a", "G3a", "G5a"]
    assert goals["G5a"].metric == "patents" and goals["G5a"].at_least == 5 and goals["G5a"].base_vp == 6


def test_PU_FS_7_station_scoring():
    score = tables().station_score
    assert [score(n) for n in (0, 1, 2, 5, 13, 14, 15, 16)] == [0, 0, 2, 9, 50, 53, 56, 59]   # T-20


def test_PU_8_11_twelve_exploration_tiles_two_kept():
    exploration = tables().exploration
    assert len(exploration) == 12 and sum(kept for _effects, kept in exploration.values()) == 2
