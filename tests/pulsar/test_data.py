"""Pulsar 2849 data files against the facts spec §8 states (rule IDs cited as PU-<id>)."""
from __future__ import annotations

from collections import Counter, deque

from rules.pulsar.data import Effect, parse_effect, tables


def connected(adjacency: dict[str, list[str]], nodes: list[str]) -> bool:
    seen, queue = {nodes[0]}, deque([nodes[0]])
    while queue:
        for other in adjacency[queue.popleft()]:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    return set(nodes) <= seen


def test_PU_C01_the_cluster_has_16_systems_15_pulsars_12_gates_6_starting_gates():
    counts = Counter(location.type for location in tables().locations.values())
    assert counts == {"S": 16, "P": 15, "J": 12, "H": 6}
    gates = Counter(loc.gate_colour for loc in tables().locations.values() if loc.type == "J")
    assert gates == {"orange": 4, "blue": 4, "purple": 4}


def test_PU_8_1_side_A_has_54_single_segments_side_B_six_double_lines():
    segments = tables().segments
    assert len(segments["A"]) == 54 and not any(s.double for s in segments["A"])
    assert len(segments["B"]) == 54 and sum(s.double for s in segments["B"]) == 6
    assert sum(2 if s.double else 1 for s in segments["B"]) == 60
    dead_ends = {s.a for s in segments["B"] if s.double} | {s.b for s in segments["B"] if s.double}
    assert {"P02", "S04", "P06", "S09", "S12", "P09"} <= dead_ends


def test_PU_8_1_every_location_but_the_isolated_pulsars_is_connected_on_both_sides():
    locations = tables().locations
    isolated = {f"P{n}" for n in range(11, 16)}
    for side in ("A", "B"):
        routes = tables().routes(side)
        assert all(not routes[p] for p in isolated)
        assert connected(routes, sorted(set(locations) - isolated))
        assert all(routes[h] == [f"J0{h[1]}"] for h in locations if h.startswith("H"))   # leaves


def test_PU_8_1_the_flight_examples_follow_routes():
    a, b = tables().routes("A"), tables().routes("B")
    assert a["H1"] == ["J01"] and sorted(a["J01"]) == ["H1", "P01", "S02"]
    for path in (["S01", "P01", "J01", "S02"], ["S07", "J10", "S12", "J09", "S11"]):
        assert all(y in a[x] for x, y in zip(path, path[1:]))
    assert b["P02"].count("S02") == 2                                    # S02-P02-S02 uses both lines


def test_PU_P_SETUP_6_seventeen_system_tiles_with_a_blue_planet_each():
    systems = tables().systems
    assert len(systems) == 17
    assert all(tile.planets[0].slot == 1 and tile.planets[0].colour == "blue" for tile in systems.values())
    averages = {n: sum(len(t.available(n)) for t in systems.values()) / 17 for n in (2, 3, 4)}
    assert [round(averages[n], 2) for n in (2, 3, 4)] == [1.41, 2.0, 2.47]
    assert systems["PS08"].bonus == (Effect("EFF-MOD", ("±1",)), Effect("EFF-MOD", ("+2",)))


def test_PU_8_9_transmitters_eleven_A_seven_B_six_C():
    transmitters = tables().transmitters
    assert Counter(t.letter for t in transmitters.values()) == {"A": 11, "B": 7, "C": 6}
    one_icon = sorted(t.id for t in transmitters.values() if len(t.dice) == 1)
    assert one_icon == ["TX-A01", "TX-A02", "TX-A03", "TX-A06", "TX-A09", "TX-C04"]
    assert all(len(t.dice) <= 2 for t in transmitters.values() if t.letter == "C")


def test_PU_8_6_each_side_has_two_technologies_per_row_and_rows_follow_the_time_track():
    technologies = tables().technologies
    sides = Counter(t.side for t in technologies.values())
    assert all(sides[f"{s}{tier}"] == (4 if tier == "III" else 6) for s in "ABCD" for tier in ("I", "II", "III"))
    rows = {"I": {1, 2, 3}, "II": {4, 5, 6}, "III": {7, 8}}
    assert all(t.row in rows[t.tier] for t in technologies.values())
    assert tables().time_row_bonus[6] == "M" and tables().time_row_bonus[1] == 1
    assert technologies["BI-1b"].effects == (Effect("ABL-VISIT", ("jump_gate", "EFF-VP(1)")),)


def test_PU_8_7_each_hq_side_has_seven_projects_three_of_them_gate_runs():
    projects = tables().projects
    by_side = Counter((p.board, p.side) for p in projects.values())
    assert len(by_side) == 8 and set(by_side.values()) == {7}
    for board_side in by_side:
        runs = [p for p in projects.values() if (p.board, p.side) == board_side
                and any(e.name == "EFF-GATERUN" for e in p.effects)]
        assert len(runs) == 3, board_side
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
