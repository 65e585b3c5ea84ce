"""EVE: Conquests pictures: three 800-px images for any view, both languages, pieces drawn
where the state puts them."""
from __future__ import annotations

import random

import pytest
from PIL import ImageChops

from renderers.eve import colour_of, node_positions, render
from rules.eve import GAME


def position(players: int, plies: int, seed: int = 11):
    state = GAME.new_game({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    return state


@pytest.mark.parametrize("players,plies", [(2, 0), (2, 150), (3, 90), (4, 260), (4, 5000)])
def test_every_view_draws_three_phone_width_images_in_both_languages(players, plies):
    state = position(players, plies)
    for viewer in (None, 0):
        for language in ("en", "hu"):
            images = render(GAME.view(state, viewer), player_names=[f"p{i}" for i in range(players)],
                            language=language)
            assert len(images) == 3
            assert all(image.width == 800 and image.height > 300 for image in images)


def test_an_owned_region_is_drawn_in_its_owners_colour():
    state = position(4, 260)
    view = GAME.view(state, None)
    code = next(code for code, region in view.regions.items() if region.owner is not None)
    x, y = node_positions(False)[code]
    image = render(view)[0]
    pixel = image.getpixel((int(x), int(y) - 12))
    assert pixel == colour_of(view, view.regions[code].owner)


def test_a_highlighted_move_rings_its_regions_and_the_languages_differ():
    view = GAME.view(position(4, 260), None)
    plain, lit = render(view)[0], render(view, highlight="move R30 > R15:1")[0]
    box = ImageChops.difference(plain, lit).getbbox()
    x, y = node_positions(False)["R30"]
    assert box is not None and box[0] <= x <= box[2] and box[1] <= y <= box[3]
    english, hungarian = render(view, language="en")[2], render(view, language="hu")[2]
    assert ImageChops.difference(english, hungarian).getbbox() is not None


def example_game_states(step: int = 8):
    """Every ``step``-th position of examples/eve-4p.txt (seats in join order, seed 31)."""
    from pathlib import Path
    names = ("alice", "bob", "carol", "dave")
    state = GAME.new_game({"players": 4}, 31)
    seat, states = 0, [state]
    script = Path(__file__).resolve().parents[2] / "examples" / "eve-4p.txt"
    for line in script.read_text().splitlines():
        if line.startswith("as "):
            seat = names.index(line[3:])
        elif line.startswith("/eve move "):
            state = GAME.apply(state, GAME.parse_move(state, seat, line[len("/eve move "):]))
            states.append(state)
    return states[::step] + [states[-1]]


def test_no_map_label_leaves_the_image_or_covers_another():
    """Region codes, agent badges, outpost / headquarters squares and political markers, e.g.
    CYA-C on R43 at the left edge, MAG-C beside R58, markers next to R40 (the tester's game)."""
    from renderers.eve import MAP_HEIGHT, MAP_SIZE, legend_labels, map_labels
    views = [GAME.view(position(players, plies), None) for players, plies in
             [(2, 0), (2, 150), (3, 90), (4, 260), (4, 5000)]]
    views += [GAME.view(state, None) for state in example_game_states()]
    for view in views:
        labels = map_labels(view)
        assert {label.kind for label in labels} >= {"code"}
        for index, label in enumerate(labels):
            left, top, right, bottom = label.box
            assert 0 <= left and 0 <= top and right <= MAP_SIZE and bottom <= MAP_HEIGHT, label
            for other in labels[index + 1:]:
                apart = (label.box[2] <= other.box[0] or other.box[2] <= label.box[0]
                         or label.box[3] <= other.box[1] or other.box[3] <= label.box[1])
                assert apart, (label, other)
    markers = [label for view in views for label in map_labels(view) if label.kind == "marker"]
    assert len(markers) > 100
    for language in ("en", "hu"):
        legend = legend_labels(language)
        height = render(views[-1], language=language)[0].height
        for index, label in enumerate(legend):
            assert 0 <= label.box[0] and label.box[2] <= MAP_SIZE and MAP_HEIGHT <= label.box[1] <= label.box[3] <= height
            for other in legend[index + 1:]:
                assert (label.box[2] <= other.box[0] or other.box[2] <= label.box[0]
                        or label.box[3] <= other.box[1] or other.box[3] <= label.box[1]), (label, other)


def test_the_map_has_a_legend_from_the_catalogue_in_both_languages():
    from renderers.eve import LEGEND_ITEMS, legend_labels
    from rules.messages import Msg
    from rules.messages import render as text
    for language in ("en", "hu"):
        texts = [label.text for label in legend_labels(language)]
        assert texts == [text(Msg(f"eve.board.legend.{item}"), language) for item in LEGEND_ITEMS]
    assert legend_labels("en") != legend_labels("hu")
    english = " ".join(label.text for label in legend_labels("en"))
    assert "D development" in english and "VP" in english
