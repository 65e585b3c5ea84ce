"""Planetarium renderer: renders every kind of position the rules core can reach."""
import math
import random

import pytest
from PIL import Image

import renderers
from renderers import common as c
from renderers import planetarium as pl
from rules.planetarium import GAME

from .playout import find_game, playout


def _check_image(image):
    assert isinstance(image, Image.Image)
    assert image.mode == "RGB"
    assert image.width != image.height
    assert image.width > image.height                 # landscape
    assert image.size == (pl.WIDTH, pl.HEIGHT) == (1600, 1000)


@pytest.fixture(scope="module")
def finished_game():
    # a game that ended by reaching F on the track
    return find_game(4, lambda st: GAME.is_over(st) and st.last_round_reason == "track")


def test_get_renderer_returns_planetarium_render():
    assert renderers.get_renderer("planetarium") is pl.render


@pytest.mark.parametrize("players", [2, 3, 4])
def test_initial_state_renders(players):
    state = GAME.new_game({"players": players}, 42)
    image = pl.render(GAME.view(state, None))
    _check_image(image)


@pytest.mark.parametrize("players,steps,greedy", [(2, 30, False), (3, 90, False), (4, 160, False),
                                                  (2, 60, True), (3, 80, True), (4, 120, True)])
def test_random_positions_render_deterministically(players, steps, greedy):
    state = playout(players, 100 + steps, steps, rseed=players, greedy=greedy)
    view = GAME.view(state, None)
    first = pl.render(view, player_names=[f"P{i}" for i in range(players)])
    _check_image(first)
    again = pl.render(GAME.view(state, None), player_names=[f"P{i}" for i in range(players)])
    assert c.to_png(first) == c.to_png(again)


def test_every_seat_view_draws_the_same_public_picture():
    # Hands are secret: whatever a seat may see, the board image shows only public facts,
    # so a player's own view and a spectator's view give the same pixels.
    state = playout(3, 5, 40, rseed=1)
    spectator = c.to_png(pl.render(GAME.view(state, None)))
    for seat in range(3):
        assert c.to_png(pl.render(GAME.view(state, seat))) == spectator


def test_finished_game_renders(finished_game):
    image = pl.render(GAME.view(finished_game, None))
    _check_image(image)
    assert c.to_png(image) == c.to_png(pl.render(GAME.view(finished_game, 2)))
    head, _, _ = pl._status_lines(GAME.view(finished_game, None), ["Red", "Blue", "Green", "Yellow"])
    assert head.startswith("Game over")


def test_last_round_position_renders_with_banner():
    state = find_game(2, lambda st: st.last_round and not GAME.is_over(st), until=lambda st: st.last_round)
    view = GAME.view(state, None)
    _check_image(pl.render(view))
    _, detail, banner = pl._status_lines(view, ["Red", "Blue"])
    assert detail.startswith("LAST ROUND") and banner is not None


def test_game_ended_by_the_stall_guard_renders():
    state = find_game(3, lambda st: GAME.is_over(st) and st.last_round_reason == "stall")
    _check_image(pl.render(GAME.view(state, None)))


def test_state_changes_change_the_picture():
    state = GAME.new_game({"players": 2}, 3)
    before = pl.render(GAME.view(state, None))
    later = playout(2, 3, 12, rseed=5)
    after = pl.render(GAME.view(later, None))
    assert c.to_png(before) != c.to_png(after)


def test_player_names_are_drawn():
    state = GAME.new_game({"players": 2}, 8)
    view = GAME.view(state, None)
    plain = pl.render(view)
    named = pl.render(view, player_names=["Ágnes", "Őrs"])
    assert plain.tobytes() != named.tobytes()


def test_no_drawing_rings_a_move():
    """Issue 27 item 8: a posted picture changes only when the position does (the calm thread,
    issue 26's unchanged parts), so no drawing takes a ``highlight`` (as Gaia's, Space Corp's and
    EVE's) and no chat part's inputs name one."""
    import inspect
    for drawing in (pl.render, pl.render_board_parts, pl.render_for_chat, pl.chat_images, pl.board_inputs,
                    pl.column_inputs, pl._draw_board, pl._column_image, pl._draw_planets, pl._draw_card_row,
                    pl._draw_card_chip, pl._board_chat_parts, pl._node_ink_columns):
        parameters = inspect.signature(drawing).parameters
        assert not any(name.startswith(("highlight", "ringed")) for name in parameters), drawing
    assert not hasattr(pl, "_highlights") and not hasattr(pl, "HIGHLIGHT")
    with pytest.raises(TypeError):
        pl.render(GAME.view(GAME.new_game({"players": 2}, 8), None), highlight="B")


def test_node_labels_do_not_cover_nodes_or_each_other():
    pos = pl.node_positions()
    assert len(pos) == 72
    labels = pl.label_positions()
    fnt = c.font(pl.LABEL_SIZE, bold=True)
    boxes = {}
    for node_id, ((x, y), _anchor) in labels.items():
        w, h = c.text_size(node_id, fnt)
        boxes[node_id] = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        assert 0 <= boxes[node_id][0] and boxes[node_id][2] <= pl.BOARD_SIZE
    for node_id, box in boxes.items():
        for other, (ox, oy) in pos.items():
            if other != node_id:
                assert pl._circle_box_overlap(ox, oy, pl.MATTER_R, box) == 0, (node_id, other)
        for other, obox in boxes.items():
            if other != node_id:
                assert pl._box_overlap(box, obox) == 0, (node_id, other)
        assert pl._box_overlap(box, pl.DECK_TEXT_BOX) == 0, node_id


def test_nodes_are_far_enough_apart_for_their_tokens():
    pos = list(pl.node_positions().values())
    closest = min(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
                  for i, a in enumerate(pos) for b in pos[i + 1:])
    assert closest >= 2 * pl.MATTER_R + 8


def test_matter_tokens_are_coloured_and_lettered():
    # colour is not the only cue: every kind has a letter drawn in a contrasting colour
    from rules.messages import Msg

    for kind, (name_key, fill, ink) in pl.MATTER.items():
        assert kind == str(Msg(name_key))[0].upper()        # the English name starts with the letter
        assert c.contrast_ratio(fill, ink) >= 4.5, kind
    fills = [fill for _, fill, _ in pl.MATTER.values()]
    assert len(set(fills)) == 4


def test_habitability_colours_read_and_differ_beyond_hue():
    # white text on both badges; the two sides also differ in lightness and carry ✔/✘
    for colour in (pl.HAB_YES, pl.HAB_NO):
        assert c.contrast_ratio(colour, c.WHITE) >= 4.5
    assert pl.HAB_YES[2] > pl.HAB_YES[0] + 100    # bluish, unlike the red-brown hostile side


def test_renders_the_json_form_of_a_view_identically():
    # The host stores states as JSON; the renderer reads either form.
    view = GAME.view(playout(3, 2, 80, rseed=2), None)
    assert c.to_png(pl.render(GAME.dump_state(view))) == c.to_png(pl.render(view))


def test_extreme_position_still_renders():
    # More cards on one planet than a real game produces, big counts, long and empty names.
    import copy

    from rules.planetarium.state import PlayedCard

    view = copy.deepcopy(GAME.view(playout(4, 5, 150, rseed=5), None))
    ids = [f"L{i:02d}" for i in range(1, 19)] + [f"H{i:02d}" for i in range(1, 7)]
    view.planets["A"].row = [PlayedCard(card, i % 4, i % 4 if i % 3 else None) for i, card in enumerate(ids)]
    view.planets["A"].habitable_points, view.planets["A"].uninhabitable_points = 131, 129
    view.players[0].mat["A"] = {"G": 12, "R": 10, "W": 9, "M": 8}
    view.players[1].score = 187
    view.final_space = list("GRWM" * 5)
    image = pl.render(view, player_names=["Maximilian Alexander von Habsburg-Lothringen", "Zsófia", "", "Ő"])
    _check_image(image)


@pytest.mark.parametrize("players,seed,steps", [(2, 1, 0), (3, 2, 60), (4, 5, 150), (2, 8, 250)])
def test_labels_make_room_for_planets(players, seed, steps):
    view = GAME.view(playout(players, seed, steps, rseed=seed), None)
    planet_nodes = frozenset(view.planet_pos.values())
    labels = pl.labels_around_planets(planet_nodes)
    fnt = c.font(pl.LABEL_SIZE, bold=True)
    boxes = {}
    for node_id, ((x, y), _anchor) in labels.items():
        w, h = c.text_size(node_id, fnt)
        boxes[node_id] = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    pos = pl.node_positions()
    for node_id, box in boxes.items():
        for other in planet_nodes - {node_id}:
            assert pl._circle_box_overlap(*pos[other], pl.PLANET_R, box) == 0, (node_id, other)
        if node_id in planet_nodes:      # a planet's own node id is written outside its disc
            assert pl._circle_box_overlap(*pos[node_id], pl.PLANET_R, box) == 0, node_id
        for other, obox in boxes.items():
            if other != node_id:
                assert pl._box_overlap(box, obox) == 0, (node_id, other)
        assert pl._box_overlap(box, pl.DECK_TEXT_BOX) == 0, node_id


class _TextRecorder:
    """Stands in for ImageDraw: records the ink box of every text drawn."""

    def __init__(self):
        self.boxes = []

    def text(self, xy, text, font, anchor="la", **_):
        left, top, right, bottom = font.getbbox(text, anchor=anchor)
        self.boxes.append((text, (xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom)))

    def ellipse(self, *_args, **_kwargs):
        pass


def test_deck_counts_stay_clear_of_tokens_and_planets():
    # Long piles on both discard piles: the text in the board's top-right corner must not
    # run into a matter token or a ringed planet on any node (VII-1 is the nearest).
    view = GAME.view(GAME.new_game({"players": 2}, 1), None)
    view.deck_sizes = {"initial": 18, "major": 18, "final": 16}
    view.discards = {"initial": [], "major": ["H07"] * 14, "final": ["F11"] * 14}
    recorder = _TextRecorder()
    pl._draw_decks(recorder, view)
    for text, box in recorder.boxes:
        for node, (x, y) in pl.node_positions().items():
            assert pl._circle_box_overlap(x, y, pl.PLANET_R + 2, box) == 0, (text, node)
            ring = (x - pl.PLANET_R * 1.55, y - pl.PLANET_R * 0.42, x + pl.PLANET_R * 1.55, y + pl.PLANET_R * 0.42)
            assert pl._box_overlap(box, ring) == 0, (text, node)
        assert pl._box_overlap(box, pl.DECK_TEXT_BOX) == (box[2] - box[0]) * (box[3] - box[1]), text
    assert [text for text, _ in recorder.boxes][-2:] == ["major discards 14 (top H07)", "final discards 14 (top F11)"]


@pytest.mark.parametrize("node", ["VII-1", "VII-2", "VII-3", "VI-2"])
def test_a_planet_near_the_deck_counts_moves_its_label_clear_of_them(node):
    # A planet on VII-2 used to push the VII-2 label into the deck counts.
    (x, y), _anchor = pl.labels_around_planets(frozenset({node}))[node]
    w, h = c.text_size(node, c.font(pl.LABEL_SIZE, bold=True))
    assert pl._box_overlap((x - w / 2, y - h / 2, x + w / 2, y + h / 2), pl.DECK_TEXT_BOX) == 0


@pytest.mark.parametrize("planet_nodes", [frozenset(), frozenset({"II-1", "II-3", "III-5", "V-4", "VI-10"})])
def test_node_labels_keep_clear_of_the_start_space_letters(planet_nodes):
    # The letter beside an empty start space (up-right of II-2 for A) used to touch the
    # II-2 label, which also sat up-right (radially outward).
    fnt = c.font(pl.LABEL_SIZE, bold=True)
    letters = pl.start_letter_boxes()
    assert sorted(letters) == ["II-2", "III-6", "V-5", "VI-11"]
    for node_id, ((x, y), _anchor) in pl.labels_around_planets(planet_nodes).items():
        w, h = c.text_size(node_id, fnt)
        for start, letter_box in letters.items():
            assert pl._box_overlap((x - w / 2, y - h / 2, x + w / 2, y + h / 2), letter_box) == 0, (node_id, start)


@pytest.mark.parametrize("players", [2, 4])
def test_hungarian_board_renders_with_catalogue_labels(players):
    state = playout(players, 7, 120, rseed=players, greedy=True)
    view = GAME.view(state, None)
    english = pl.render(view)
    hungarian = pl.render(view, language="hu")
    _check_image(hungarian)
    assert hungarian.tobytes() != english.tobytes()
    assert c.to_png(pl.render(view, language="hu")) == c.to_png(hungarian)        # deterministic
    head, _, _ = pl._status_lines(view, ["Piros", "Kék", "Zöld", "Sárga"][:players], "hu")
    assert "kör" in head or head.startswith("Vége")


def test_hungarian_header_and_deck_texts_fit():
    finished = find_game(4, lambda st: GAME.is_over(st))
    head, detail, _ = pl._status_lines(GAME.view(finished, None), ["Piros", "Kék", "Zöld", "Sárga"], "hu")
    assert head.startswith("Vége") and detail.startswith("végeredmény")
    _, detail, _ = pl._status_lines(GAME.view(GAME.new_game({"players": 2}, 1), None), ["Piros", "Kék"], "hu")
    # "és" comes from the host's list.and (data/i18n/hu.json)
    assert detail == "mindenki eldob 1 végső lapot; még nem döntött: Piros és Kék", detail
    view = GAME.view(GAME.new_game({"players": 2}, 1), None)
    view.deck_sizes = {"initial": 18, "major": 18, "final": 16}
    view.discards = {"initial": [], "major": ["H07"] * 14, "final": ["F11"] * 14}
    recorder = _TextRecorder()
    pl._draw_decks(recorder, view, "hu")
    for text, box in recorder.boxes:
        assert pl._box_overlap(box, pl.DECK_TEXT_BOX) == (box[2] - box[0]) * (box[3] - box[1]), text
    assert [text for text, _ in recorder.boxes][-1] == "végső dobópakli: 14 (felül F11)"


PHONE_WIDTH = 420              # what a phone shows of a chat image's width
MIN_LABEL_PX = 9               # ink height of a node id there, at least


def _chat_images(view, **options):
    """render_for_chat's (position, image) pairs in the order they are yielded, its ChatParts
    drawn (the board's halves, issue 26)."""
    assert renderers.get_chat_renderer("planetarium") is pl.render_for_chat
    return pl.chat_images(view, **options)


def test_the_bot_posts_three_images_a_phone_can_read(finished_game):
    """At about 420 px wide the whole 1600 px picture is unreadable.  Chat gets the column
    (turn, players, track, planets: scaled by 0.7 there) and the board in two halves drawn
    1.6 times larger; the halves come first, so they are encoded while the column is drawn."""
    view = GAME.view(finished_game, None)
    pairs = _chat_images(view, language="hu")
    assert [position for position, _ in pairs] == [1, 2, 0]
    parts = [image for _, image in sorted(pairs, key=lambda pair: pair[0])]
    assert len(parts) <= 3                       # a turn is 2-3 commands, each posts the picture
    assert [p.size for p in parts] == [(pl.WIDTH - pl.COLUMN_X0, pl.HEIGHT), (848, 1600), (848, 1600)]
    assert all(p.width != p.height and p.mode == "RGB" for p in parts)
    assert PHONE_WIDTH / parts[0].width >= 0.7
    # the column is the full picture's column, pixel for pixel
    whole = pl.render(view, language="hu")
    assert parts[0].tobytes() == whole.crop((pl.COLUMN_X0, 0, pl.WIDTH, pl.HEIGHT)).tobytes()
    # the halves are the board at 1.6 x: they share its middle, and differ from each other
    assert [box[2] - box[0] for box in pl.chat_part_boxes()] == [848, 848]
    assert pl.chat_part_boxes()[0][2] > pl.chat_part_boxes()[1][0]
    assert parts[1].tobytes() != parts[2].tobytes()
    assert c.to_png(parts[1]) == c.to_png(next(iter(pl.render_board_parts(view, language="hu"))))  # deterministic


def _game_views():
    early2 = GAME.view(GAME.new_game({"players": 2}, 3), None)
    late4 = GAME.view(playout(4, 5, 150, rseed=5), None)
    greedy = GAME.view(playout(3, 8, 120, rseed=8, greedy=True), None)
    return [early2, late4, greedy]


@pytest.mark.parametrize("index", [0, 1, 2])
def test_every_node_label_is_whole_and_readable_in_a_chat_half(index):
    """Every node id appears whole (never cut by an image edge) in at least one half, and
    its ink is at least MIN_LABEL_PX tall when the half is shown 420 px wide; planet letters
    and matter letters too."""
    view = _game_views()[index]
    planet_nodes = frozenset(view.planet_pos.values())
    k = pl.CHAT_SCALE
    boxes = pl._node_label_boxes(planet_nodes, k)
    seen = set()
    for box in pl.chat_part_boxes():
        width, height = box[2] - box[0], box[3] - box[1]
        drawn = pl._draw_node_labels(Image.new("RGB", (width, height)), planet_nodes, k, origin=box[:2])
        for node_id in drawn:
            left, top, right, bottom = boxes[node_id][1]
            assert box[0] <= left and right <= box[2] and box[1] <= top and bottom <= box[3], node_id
        # a label is left out only when the edge would cut it
        for node_id in set(boxes) - set(drawn):
            left, top, right, bottom = boxes[node_id][1]
            assert left < box[0] < right or left < box[2] < right or right <= box[0] or left >= box[2], node_id
        seen.update(drawn)
        scale_on_phone = PHONE_WIDTH / width
        fnt = c.font(pl.LABEL_SIZE * k, bold=True)
        for node_id in drawn:
            _, top, _, bottom = fnt.getbbox(node_id)
            assert (bottom - top) * scale_on_phone >= MIN_LABEL_PX, node_id
        for text, size in (("ABCD", 36), ("GRWM", 25)):        # planet letters, matter letters
            _, top, _, bottom = c.font(size * k, bold=True).getbbox(text)
            assert (bottom - top) * scale_on_phone >= MIN_LABEL_PX * 1.5, text
    assert seen == set(pl.node_positions())


def test_the_chat_halves_show_the_labels_they_promise():
    # pixels: each half differs from the bare board (drawn without labels) inside the box of
    # every label it promises to write, and nowhere else
    view = _game_views()[1]
    planet_nodes = frozenset(view.planet_pos.values())
    size = round(pl.BOARD_SIZE * pl.CHAT_SCALE)
    plain = Image.new("RGB", (size, size), pl.BG)
    pl._draw_board(plain, view, "en", pl.CHAT_SCALE)
    boxes = pl._node_label_boxes(planet_nodes, pl.CHAT_SCALE)
    for part, box in zip(pl.render_board_parts(view), pl.chat_part_boxes()):
        bare = plain.crop(box)
        promised = pl._draw_node_labels(Image.new("RGB", part.size), planet_nodes, pl.CHAT_SCALE, origin=box[:2])
        assert len(promised) >= 36
        mask = Image.new("L", part.size, 0)
        for node_id in promised:
            left, top, right, bottom = boxes[node_id][1]
            region = (math.floor(left - box[0]), math.floor(top), math.ceil(right - box[0]), math.ceil(bottom))
            assert part.crop(region).tobytes() != bare.crop(region).tobytes(), node_id
            mask.paste(255, region)
        outside = Image.composite(Image.new("RGB", part.size), part, mask)
        assert outside.tobytes() == Image.composite(Image.new("RGB", part.size), bare, mask).tobytes()


def test_the_halves_keep_the_legends():
    # the left half has the title and the matter key, the right half the decks and the key
    # of the board's marks; each stays clear of the cut
    cut_left, cut_right = pl.CHAT_PARTS[1][0], pl.CHAT_PARTS[0][1]
    view = GAME.view(GAME.new_game({"players": 2}, 1), None)
    for language in ("en", "hu"):
        recorder = _TextRecorder()
        pl._draw_board_legend(recorder, dict(view.nodes), language)
        assert all(box[2] <= cut_left for _, box in recorder.boxes)
        recorder = _TextRecorder()
        pl._draw_decks(recorder, view, language)
        pl._draw_key(recorder, language)
        assert all(box[0] >= cut_right for _, box in recorder.boxes)


@pytest.mark.parametrize("language", ["en", "hu"])
def test_the_key_explains_the_start_spaces_and_the_arrows(language):
    from rules.messages import Msg, render as text_of

    recorder = _TextRecorder()
    pl._draw_key(recorder, language)
    texts = [text for text, _ in recorder.boxes]
    assert texts == ["A", text_of(Msg("planetarium.board.key_start"), language),
                     text_of(Msg("planetarium.board.key_line"), language)]
    for text, box in recorder.boxes:
        assert pl._box_overlap(box, pl.KEY_BOX) == (box[2] - box[0]) * (box[3] - box[1]), text
    # no token, planet or ring ever reaches the key
    for node, (x, y) in pl.node_positions().items():
        assert pl._circle_box_overlap(x, y, pl.PLANET_R + 9, pl.KEY_BOX) == 0, node
        assert pl._box_overlap(pl.ring_box(x, y), pl.KEY_BOX) == 0, node


@pytest.mark.parametrize("planet_nodes", [frozenset({node}) for node in sorted(pl.node_positions())]
                         + [frozenset({"V-3", "IV-4", "V-4", "III-2"}), frozenset({"VI-4", "V-4", "IV-5", "VII-4"})]
                         + [frozenset(random.Random(seed).sample(sorted(pl.node_positions()), 4)) for seed in range(40)])
def test_no_planet_or_ring_covers_a_node_label(planet_nodes):
    # Reported: planet D's ring covered the IV-4 label.  Any planet may be a gas giant (the
    # layout is per placement), so every planet's ring box keeps clear of every label.
    pos = pl.node_positions()
    for node_id, (_centre, box) in pl._node_label_boxes(planet_nodes).items():
        for planet in planet_nodes:
            assert pl._box_overlap(box, pl.ring_box(*pos[planet], margin=0)) == 0, (node_id, planet)
            assert pl._circle_box_overlap(*pos[planet], pl.PLANET_R, box) == 0, (node_id, planet)
        assert pl._circle_box_overlap(*pl.CENTRE, pl.STAR_R, box) == 0, node_id
        assert 0 <= box[0] and box[2] <= pl.BOARD_SIZE and 0 <= box[1] and box[3] <= pl.BOARD_SIZE, node_id
        assert pl._box_overlap(box, pl.KEY_BOX) == 0, node_id


def test_player_rows_drawn_from_the_cache_are_the_same_pixels(finished_game):
    """Rows are reused between pictures: a picture drawn from cached rows equals one drawn afresh."""
    view = GAME.view(finished_game, None)
    pl._ROWS.clear()
    fresh = pl.render(view, language="hu").tobytes()
    assert pl._ROWS
    assert pl.render(view, language="hu").tobytes() == fresh


def test_the_chat_column_does_not_change_with_whose_turn_it_is():
    """Issue 25: the chat column shows no turn number, mover's token or row mark (the post
    says who is to act), so it is posted again only when what it shows changes."""
    import dataclasses

    state = playout(3, 5, 40)
    assert not GAME.is_over(state) and state.phase != "setup"
    view = GAME.view(state, None)
    other = dataclasses.replace(view, active=(view.active + 1) % 3, turn_no=view.turn_no + 1)
    column = dict(_chat_images(view, language="en"))[0]
    assert column.tobytes() == dict(_chat_images(other, language="en"))[0].tobytes()
    # the full picture still says whose turn it is
    assert pl.render(view).tobytes() != pl.render(other).tobytes()


def _drawn_texts(draw_picture):
    """Every text ``draw_picture()`` writes on an image."""
    from PIL import ImageDraw

    drawn = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, value, *args, **kwargs):
        drawn.append(str(value))
        return original(self, xy, value, *args, **kwargs)

    ImageDraw.ImageDraw.text = text
    try:
        draw_picture()
    finally:
        ImageDraw.ImageDraw.text = original
    return drawn


@pytest.mark.parametrize("language,names", [("hu", ["Akkréció", "Ózonréteg", "Óriás", "becsapódás"]),
                                            ("en", ["Accretion", "Ozone Layer", "Giant Impact"])])
def test_issue_24_card_chips_name_their_cards_in_the_readers_language(language, names):
    """A planet row of a few cards shows each card's name (whole: wrapped, never cut with …),
    with its id; a row too crowded for every name shows ids and points only, never some named."""
    import copy

    from rules.planetarium.state import PlayedCard

    view = copy.deepcopy(GAME.view(playout(3, 5, 40, rseed=5), None))
    view.planets["A"].row = [PlayedCard(card, 0, None) for card in ("L01", "H11", "H07")]
    view.planets["C"].row = [PlayedCard(f"L{i:02d}", 1, None) for i in range(1, 9)]
    drawn = _drawn_texts(lambda: pl.render(view, language=language))
    for name in names:
        assert name in drawn, (name, language)
    assert "H07" in drawn and not any("…" in text for text in drawn)
    assert not any(text in drawn for text in ("Magképződés", "Core Formation"))       # L03 in the crowded row


def test_issue_24_every_card_name_fits_a_chip_of_a_three_card_row_whole():
    from rules.messages import Msg
    from rules.messages import render as text_of

    for card in pl.read.cards():
        for language in ("en", "hu"):
            fitted = pl.chip_name_lines(card, 118, 56, language)
            assert fitted, (card, language)
            lines, size = fitted
            name = text_of(Msg(f"planetarium.card.{card}"), language)
            letters = "".join(lines).replace("-", "").replace(" ", "")     # a syllable's or the name's hyphen
            assert size >= min(pl.NAME_SIZES) and letters == name.replace("-", "").replace(" ", ""), (card, lines)
