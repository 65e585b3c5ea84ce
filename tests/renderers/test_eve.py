"""EVE: Conquests pictures: three 800-px images for any view, both languages, pieces drawn
where the state puts them."""
from __future__ import annotations

import random

import pytest
from PIL import ImageChops

from renderers.eve import colour_of, node_positions, render
from rules.eve import GAME
from rules.eve.data import tables
from tests.renderers.text_spy import record_texts


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


def test_the_boards_ring_no_move_and_the_languages_differ():
    """Issue 27 item 8: a posted picture changes only when the position does (the calm thread,
    issue 26's unchanged parts), so no drawing takes a ``highlight`` (as Gaia's and Space Corp's)."""
    import inspect

    from renderers import eve
    for drawing in (eve.render, eve.render_for_chat, eve.chat_images, eve.draw_map, eve.draw_map_parts, eve.map_inputs):
        assert "highlight" not in inspect.signature(drawing).parameters, drawing
    view = GAME.view(position(4, 260), None)
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


@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_chat_legends_digits_and_letters_are_as_large_as_its_words(monkeypatch, language):
    """The legend under the last map part: its samples' digits (the rings' VP 1-4, the fill's
    units, the agents' count), the outpost's letter and the marker's code were 10-16 px on the
    880-px part (4.8-7.6 px at 420 px); now every text of it is in the legend's type
    (NAME_SIZE + 1: 9.5 px at 420 px, at least MIN_LABEL_PX), the samples drawn to match."""
    from renderers.eve import (CHAT_K, MIN_LABEL_PX, NAME_SIZE, PART_W, PHONE_W, _legend, _legend_layout, _letter,
                               square_code)
    _legend.cache_clear()
    seen = record_texts(monkeypatch)
    image = _legend(language, PART_W * CHAT_K, NAME_SIZE + 1)
    _legend.cache_clear()
    samples = ["1", "2", "3", "4", "3", "2", _letter(language, "D"), square_code("VIO-B", language)]
    drawn = [text for text, _size in seen]
    assert [text for text in drawn if text in samples] == samples
    assert min(size for _text, size in seen) == NAME_SIZE + 1
    assert (NAME_SIZE + 1) * PHONE_W / image.width >= MIN_LABEL_PX
    items, height = _legend_layout(language, image.width, NAME_SIZE + 1)
    assert image.height == int(height) and all(box[2] <= image.width - 14 for *_rest, box in items)


# ----- issue 25 (4): phone-sized parts of the star map ------------------------------------------------
def test_the_chat_map_comes_in_parts_whose_codes_and_names_are_legible_at_phone_width():
    """Region codes and names at least 9 px tall when a part is shown 420 px wide; every region
    whole in some part and named once, names never over one another."""
    from renderers.eve import (CHAT_K, CODE_SIZE, MIN_LABEL_PX, NAME_SIZE, NODE_R, PHONE_W, chat_boxes,
                               chat_images, name_labels)
    for players, plies in [(2, 150), (4, 260)]:
        view = GAME.view(position(players, plies), None)
        images = chat_images(view, player_names=[f"p{i}" for i in range(players)], language="hu")
        parts = images[:-2]
        assert len(parts) == len(chat_boxes()) and all(part.width <= 900 for part in parts)
        shown = PHONE_W / parts[0].width
        assert CODE_SIZE * CHAT_K * shown >= MIN_LABEL_PX and NAME_SIZE * shown >= MIN_LABEL_PX
        names = name_labels(view, "hu")
        assert {label.region for label in names} == set(view.regions)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                width = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
                height = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
                smaller = min((a.box[2] - a.box[0]) * (a.box[3] - a.box[1]), (b.box[2] - b.box[0]) * (b.box[3] - b.box[1]))
                assert width <= 0 or height <= 0 or width * height < 0.1 * smaller, (a.region, b.region)
        positions = node_positions(players == 2)
        for code, (x, y) in positions.items():
            assert any(left + NODE_R <= x <= right - NODE_R and top + NODE_R <= y <= bottom - NODE_R
                       for left, top, right, bottom in chat_boxes()), code


def test_ring_colours_stay_visible_on_every_empires_fill():
    """A dark band parts the ring (the region card's VP colour) from the owner's fill, and a light
    edge (halo) rims the fill, so a green ring shows around Gallente green and a blue one around
    Caldari blue, also at 420 px (newcomer report N14): every empire's colour is near one ring's."""
    from renderers.eve import HALO, NODE_R, RING, RING_GAP, RING_W, SPACE, draw_map
    state = position(4, 260)
    view = GAME.view(state, None)
    image = draw_map(view, "en")
    checked = set()
    for code, (x, y) in node_positions(False).items():
        region = view.regions[code]
        if region.owner is None:
            continue
        ring = RING[tables().regions[code].ring]
        clear_rays = 0                  # labels may cover a side of a node (a badge), never all of them
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            ray = [image.getpixel((int(x + dx * d), int(y + dy * d))) for d in range(NODE_R - 5, NODE_R + RING_GAP + RING_W)]
            fill, seen = colour_of(view, region.owner), []
            for pixel in ray:
                if not seen or seen[-1] != pixel:
                    seen.append(pixel)
            clear_rays += seen[:4] == [fill, HALO, SPACE, ring]
        assert clear_rays >= 2, code
        checked.add(view.players[region.owner].empire)
    assert checked == {"amarr", "caldari", "gallente", "minmatar"}


def test_the_chat_calendar_and_empires_keep_every_text_legible_at_phone_width():
    from renderers.eve import CHAT_LEAST, CHAT_PANEL_W, MIN_LABEL_PX, PHONE_W, chat_images
    assert CHAT_LEAST * PHONE_W / CHAT_PANEL_W >= MIN_LABEL_PX
    view = GAME.view(position(3, 90), None)
    for language in ("en", "hu"):
        calendar, empires = chat_images(view, player_names=["a", "b", "c"], language=language)[-2:]
        assert calendar.width == empires.width == CHAT_PANEL_W


def test_the_chat_images_do_not_change_with_whose_round_it_is():
    """Issue 25: the chat calendar and empires leave out whose round it is and its actions left
    (the post says who is to act), so the next action alone does not post them again."""
    import dataclasses

    from renderers.eve import chat_images, render_for_chat
    from rules.eve.state import ROUND
    state = position(3, 0)
    rng = random.Random(3)
    while not (state.phase == ROUND and state.round is not None):
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    view = GAME.view(state, None)
    other = dataclasses.replace(view, round=dataclasses.replace(view.round, seat=(view.round.seat + 1) % 3,
                                                                actions=view.round.actions + 1))
    before = chat_images(view, player_names=["a", "b", "c"], language="en")[-2:]
    after = chat_images(other, player_names=["a", "b", "c"], language="en")[-2:]
    assert [im.tobytes() for im in before] == [im.tobytes() for im in after]
    # issue 26: nor do their inputs, so the host does not even draw them
    assert ([part.inputs for part in render_for_chat(view, player_names=["a", "b", "c"])[-2:]]
            == [part.inputs for part in render_for_chat(other, player_names=["a", "b", "c"])[-2:]])


def test_a_region_near_the_middle_changes_one_chat_part_only():
    """Issue 25: the four chat parts overlap; only the part of a region's quarter draws its
    pieces (the others show it bare and dimmed), so a move there posts one map image."""
    import dataclasses

    from renderers.eve import MAP_HEIGHT, MAP_SIZE, draw_map_parts, render_for_chat
    view = GAME.view(position(3, 90), None)
    pos = node_positions(False)
    code = min((c for c in pos if c in view.regions),
               key=lambda c: abs(pos[c][0] - MAP_SIZE / 2) + abs(pos[c][1] - MAP_HEIGHT / 2))
    regions = dict(view.regions)
    regions[code] = dataclasses.replace(regions[code], owner=1, units=regions[code].units + 3)
    other = dataclasses.replace(view, regions=regions)
    before, after = draw_map_parts(view, "en"), draw_map_parts(other, "en")
    assert sum(a.tobytes() != b.tobytes() for a, b in zip(before, after)) == 1
    # issue 26: and one map part's inputs, so the host draws that part only
    inputs = [part.inputs for part in render_for_chat(view)[:4]], [part.inputs for part in render_for_chat(other)[:4]]
    assert sum(a != b for a, b in zip(*inputs)) == 1


def test_tags_and_markers_stay_whole_in_the_chat_part_that_shows_their_region():
    """Newcomer report N14: the political marker MAG-A beside R08 was cut by the right edge of
    map part 1; a tag or marker is placed inside the part that shows its region whole."""
    from renderers import eve as R

    game = GAME
    checked = 0
    for seed in range(1, 13):
        state, rng = game.new_game({"players": 2 + seed % 3}, seed), random.Random(seed)
        for _ in range(40 + seed * 7):
            if game.is_over(state):
                break
            seat = rng.choice(sorted(game.waiting_for(state)))
            state = game.apply(state, game.random_move(state, seat, rng))
        view = game.view(state, None)
        pos = R.node_positions(view.player_count == 2)
        for label in R.map_labels(view, "hu"):
            if label.kind in ("tag", "marker") and label.region in pos:
                checked += 1
                assert R._within(label.box, R.chat_boxes()[R.quarter(*pos[label.region])]), label
    assert checked > 50


def test_every_face_up_card_is_written_in_one_size_and_fits_its_square():
    """Newcomer report N14: the calendar printed ``R25 Great Wildlands`` smaller than ``R04
    Heimatar`` (each card's text shrunk to fit).  Now one size for every card, wrapped at spaces,
    and the squares are as tall as the longest card needs."""
    from renderers.common import font
    from renderers.eve import CHAT_LEAST, CHAT_PANEL_W, WIDTH, _face_up_layout, _face_up_lines, _face_up_width
    for language in ("en", "hu"):
        for width, least in ((WIDTH, 0), (CHAT_PANEL_W, CHAT_LEAST)):
            size, most = _face_up_layout(language, width, least)
            assert size >= least + 3
            fnt = font(size, True)
            for code in tables().regions:
                lines = _face_up_lines(language, width, least, code)
                assert 1 <= len(lines) <= most and lines[0].startswith(code)
                assert all(fnt.getlength(line) <= _face_up_width(width) for line in lines), (code, lines)


def test_no_region_name_is_cut_by_the_edge_of_the_part_that_shows_its_region():
    """Newcomer report N14 follow-up: the other parts dim a region's name, so a name cut by its
    own part's edge is read nowhere (a 2-player 'Sinq Laison' beside R08 was)."""
    from renderers.eve import CHAT_K, chat_boxes, name_labels, quarter
    for players, plies, seed in [(2, 200, 5), (2, 100, 11), (3, 300, 0), (4, 260, 11)]:
        view = GAME.view(position(players, plies, seed), None)
        positions = node_positions(players == 2)
        for label in name_labels(view, "hu"):
            left, top, right, bottom = (v * CHAT_K for v in chat_boxes()[quarter(*positions[label.region])])
            assert left <= label.box[0] and top <= label.box[1] and label.box[2] <= right and label.box[3] <= bottom, label


def test_a_region_name_keeps_clear_of_the_outpost_squares_and_markers_near_it():
    """Newcomer report 2026-11-28 E7: on a 2-player map the name "Sinq Laison", set above R08,
    touched the 'H' square of R02's outpost and read as one with it. A name now keeps NAME_CLEAR
    chat pixels from every other label where it can (then under or above its node shifted
    sideways), and in these positions from every outpost/HQ square and political marker."""
    from renderers.eve import CHAT_K, NAME_CLEAR, map_labels, name_labels
    from tests.eve.helpers import clear, hold, new

    def gap(a, b):  # type: ignore[no-untyped-def]
        return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])

    state = new(2, 21)
    clear(state)
    hold(state, 0, "R02", 3, outpost="L")
    hold(state, 1, "R08", 2)
    hold(state, 0, "R10", 2, outpost="D")
    views = [GAME.view(state, None)] + [GAME.view(position(players, plies, seed), None)
                                        for players, plies, seed in [(2, 150, 11), (3, 90, 11), (4, 260, 11)]]
    for number, view in enumerate(views):
        for language in ("hu", "en"):
            labels = map_labels(view, language)
            squares = [(label, tuple(v * CHAT_K for v in label.box)) for label in labels
                       if label.kind in ("tag", "marker")]
            names = name_labels(view, language, labels)
            for name in names:
                for label, box in squares:
                    assert gap(name.box, box) >= (NAME_CLEAR if number == 0 else 2), (name, label)
    sinq = next(name for name in name_labels(views[0], "hu") if name.region == "R08")
    r02_tag = next(label for label in map_labels(views[0], "hu") if label.kind == "tag" and label.region == "R02")
    assert r02_tag.text == "H" and gap(sinq.box, tuple(v * CHAT_K for v in r02_tag.box)) >= NAME_CLEAR
