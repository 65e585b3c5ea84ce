"""PL-BRD-*, the data tables of spec §12 and the sources of every record."""
from collections import Counter, deque

import data as game_data
from rules.planetarium.data import board, cards, matter_mix, planet_kinds, track_info

from .helpers import GAME, started


def test_every_data_record_has_a_spec_source_tag():
    for name in ("cards.json", "planets.json", "matter.json"):
        for record in game_data.load_json("planetarium", name):
            assert record["source"] in ("seed", "public", "designed"), (name, record)
    for node in game_data.load_json("planetarium", "board.json")["nodes"]:
        assert node["source"] == "designed"
    assert game_data.load_json("planetarium", "track.json")["source"] == "designed"
    magnetic = next(c for c in game_data.load_json("planetarium", "cards.json") if c["id"] == "H01")
    assert magnetic["source"] == "seed"


def test_PL_BRD_1_seventy_two_nodes_sixty_eight_dots_and_four_start_spaces():
    graph = board()
    assert len(graph.node_ids) == 72
    assert len(graph.dot_nodes) == 68
    assert graph.start_node == {"A": "II-2", "B": "V-5", "C": "III-6", "D": "VI-11"}


def test_PL_BRD_2_orbit_sizes_and_open_arcs_on_orbit_VII():
    graph = board()
    sizes = Counter(graph.orbit.values())
    assert sizes == {1: 4, 2: 8, 3: 8, 4: 12, 5: 12, 6: 12, 7: 16}
    arc_ends = [node for node in graph.node_ids if graph.orbit_step[node] is None]
    assert arc_ends == ["VII-4", "VII-8", "VII-12", "VII-16"]
    for node in graph.node_ids:       # orbits I-VI are closed circles: following steps comes back
        if graph.orbit[node] < 7:
            seen, here = 0, node
            while True:
                here = graph.orbit_step[here]
                seen += 1
                if here == node:
                    break
            assert seen == sizes[graph.orbit[node]]


def test_PL_BRD_3_124_clockwise_edges_and_every_node_reaches_every_node():
    graph = board()
    edges = sum(len(successors) for successors in graph.successors.values())
    assert edges == 124
    for node in graph.node_ids:
        assert graph.successors[node], node
        step = graph.orbit_step[node]
        if step:
            assert graph.orbit[step] == graph.orbit[node]
        for link in graph.links[node]:
            assert abs(graph.orbit[link] - graph.orbit[node]) == 1
    for origin in graph.node_ids:
        reached, queue = {origin}, deque([origin])
        while queue:
            for nxt in graph.successors[queue.popleft()]:
                if nxt not in reached:
                    reached.add(nxt)
                    queue.append(nxt)
        assert len(reached) == 72, origin


def test_PL_BRD_4_two_solid_and_two_gas_planets():
    assert planet_kinds() == {"A": "solid", "B": "gas", "C": "solid", "D": "gas"}


def test_PL_BRD_5_one_token_per_node_at_the_start():
    state = started(4)
    assert sum(1 for token in state.nodes.values() if token) == 72
    assert {state.nodes[node] for node in state.planet_pos.values()} == {"A", "B", "C", "D"}


def test_PL_BRD_6_track_of_30_spaces_acceleration_on_20():
    assert track_info() == (30, 20)


def test_PL_BRD_7_card_rows_start_empty_and_each_card_carries_at_most_one_marker():
    state = started(2)
    assert all(planet.row == [] for planet in state.planets.values())


def test_matter_mix_and_card_formula_of_spec_12_4():
    assert dict(matter_mix()) == {"G": 22, "R": 22, "W": 16, "M": 8}
    all_cards = cards()
    assert Counter(card.deck for card in all_cards.values()) == {"initial": 18, "major": 18, "final": 16}
    weight = {"G": 2, "R": 2, "W": 3, "M": 4}
    for card in all_cards.values():
        matter = sum(weight[kind] * count for kind, count in card.cost)
        width = card.orbit_max - card.orbit_min + 1
        if card.deck == "final":
            expected = 6 + matter + 2 * ((card.planet_type != "any") + (card.habitability_required is not None))
            expected += 4 if width <= 2 else 2 if width <= 4 else 0
            assert card.habitability_side is None and card.marker_removal
        else:
            expected = matter + (card.planet_type != "any") + (card.habitability_required is not None)
            expected += 2 if width <= 2 else 1 if width <= 4 else 0
            expected -= 1 if card.gravity else 0
            assert card.habitability_points == card.points       # P-7
        assert card.points == expected, card.id
    assert sum(c.replaceable for c in all_cards.values()) == 6
    assert all(c.deck == "major" for c in all_cards.values() if c.replaceable)
    assert sum(c.gravity for c in all_cards.values()) == 5
    magnetic = all_cards["H01"]
    assert (magnetic.cost, magnetic.points, magnetic.habitability_side) == (
        (("G", 1), ("R", 1), ("W", 1), ("M", 1)), 11, "habitable")


def test_game_is_registered_under_its_name():
    assert GAME.name == "planetarium" and GAME.title == "Planetarium"
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert GAME.normalize_options({}) == {"players": 2}
