"""Pulsar 2849 pictures: three 800-px images for any view, both languages, pieces where the
state puts them."""
from __future__ import annotations

import random

import pytest
from PIL import ImageChops

from renderers.pulsar import SEATS, positions, render
from rules.pulsar import GAME
from tests.renderers.text_spy import record_strings


def position(players: int, plies: int, side: str = "A", seed: int = 4):
    state = GAME.new_game({"players": players, "cluster_side": side}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, GAME.random_move(state, rng.choice(sorted(GAME.waiting_for(state))), rng))
    return state


@pytest.mark.parametrize("players,plies,side", [(2, 0, "A"), (3, 60, "B"), (4, 110, "B"), (4, 5000, "A")])
def test_every_view_draws_three_phone_width_images_in_both_languages(players, plies, side):
    state = position(players, plies, side)
    for viewer in (None, 0):
        for language in ("en", "hu"):
            images = render(GAME.view(state, viewer), language=language)
            assert len(images) == 3 and all(image.width == 800 and image.height > 300 for image in images)


def test_a_claimed_pulsar_has_its_owners_ring_and_the_languages_differ():
    state = position(4, 170, "B")                          # a pulsar is claimed by then
    pulsar, owner = next(iter(state.pulsars.items()))
    x, y = positions()[pulsar]
    image = render(GAME.view(state, None))[0]
    ring = [image.getpixel((int(x + dx), int(y + dy))) for dx, dy in ((20, 0), (-20, 0), (0, 20), (0, -20))]
    assert ring.count(SEATS[owner]) >= 2                         # the claim ring round the pulsar
    english, hungarian = render(GAME.view(state, None), language="en")[2], render(GAME.view(state, None), language="hu")[2]
    assert ImageChops.difference(english, hungarian).getbbox() is not None


def test_location_ids_and_pieces_stay_readable_when_the_cluster_is_shown_420_px_wide():
    """A phone shows the 800-px image 420 px wide: a space's number (here gate J02's "02", drawn
    on it) must stay at least 8.5 px tall there, a ship at least 10 px across."""
    state = position(3, 40, "A")
    image = render(GAME.view(state, None))[0]
    scale = 420 / image.width
    x, y = positions()["J02"]
    digits = _ink_box(image, (int(x - 25), int(y - 15), int(x + 25), int(y + 15)))   # dark on the gate's plate
    assert digits is not None and (digits[3] - digits[1]) * scale >= 8.5, digits
    seat = next(p.seat for p in state.players if p.ship)
    sx, sy = positions()[state.players[seat].ship]
    ship = [px for px in range(int(sx - 40), int(sx + 40)) for py in range(int(sy - 60), int(sy))
            if image.getpixel((px, py)) == SEATS[seat]]
    assert ship and (max(ship) - min(ship) + 1) * scale >= 10


def _ink_box(image, box):
    """Where the ink of a jump gate's number (``INK`` on its plate) is inside ``box``, in ``box``'s
    coordinates (None: no such ink)."""
    from renderers.pulsar import INK
    return _mask(image.crop(box), INK).getbbox()


def _mask(image, colour):
    """An "L" image of ``image``: 255 where its pixel is exactly ``colour``, else 0."""
    from PIL import Image, ImageChops
    red, green, blue = ImageChops.difference(image, Image.new("RGB", image.size, colour)).split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue).point(lambda v: 255 if v == 0 else 0)


def test_the_players_image_does_not_change_when_only_dice_in_hand_do():
    """Issue 25: the dice in hand are drawn on the dice board, so taking or using a die changes
    that image alone and the thread does not post the players' panels again."""
    import dataclasses

    state = position(3, 60, "B")
    view = GAME.view(state, None)
    player = view.players[0]
    other = dataclasses.replace(view, players=(dataclasses.replace(player, dice=(*player.dice, 6), red=5),
                                               *view.players[1:]))
    before, after = render(view, player_names=["a", "b", "c"]), render(other, player_names=["a", "b", "c"])
    assert before[2].tobytes() == after[2].tobytes()
    assert before[1].tobytes() != after[1].tobytes()


def test_the_players_image_says_what_each_owned_patent_transmitter_and_project_gives(monkeypatch):
    """Issue 23/24: under the panels, a legend gives the gist of every patent, transmitter and HQ
    project a player holds (the panels name them by id), in the reader's language."""
    from rules.messages import Msg
    from rules.messages import render as text_of
    from rules.pulsar.components import gist_of
    from rules.pulsar.read import code

    state = position(3, 200, "A")
    view = GAME.view(state, None)
    owned = {ident for p in view.players for ident in (*p.patents, *(t.tile for t in p.transmitters), *p.hq_done)}
    assert owned
    seen = record_strings(monkeypatch)
    for language in ("hu", "en"):
        seen.clear()
        render(view, player_names=["a", "b", "c"], language=language)
        for ident in owned:
            legend = text_of(Msg("pulsar.board.legend", id=code(ident), gist=gist_of(ident)), language)
            assert legend in seen, (language, ident)


def test_a_hungarian_board_shows_no_code_from_an_english_word(monkeypatch):
    """Issue 24: the offer (TX-OFFER), the goal tiles (GOAL-1), the owned transmitters and the
    legends read AD-A06 / C3b for a Hungarian reader; an English reader keeps TX-A06 / G3b."""
    import re

    english_code = re.compile(r"(?<![\w-])(?:TX-[ABC]\d\d|G[1-6][ab]|EX\d\d|PS\d\d)(?!\w)")
    state = position(3, 200, "A")
    seen = record_strings(monkeypatch)
    render(GAME.view(state, None), player_names=["a", "b", "c"], language="hu")
    hungarian = "\n".join(seen)
    assert "AD-" in hungarian and re.search(r"\bC[1-6][ab]\b", hungarian)
    assert not english_code.search(hungarian), english_code.findall(hungarian)
    seen.clear()
    render(GAME.view(state, None), player_names=["a", "b", "c"], language="en")
    assert "TX-" in "\n".join(seen)


# ----- newcomer report 2026-11-26: D15 (map letters), D21 (numbered discs, legible median caption) -------------
def two_players_drafting():
    state = GAME.new_game({"players": 2}, 4)
    for seat, side in ((0, 2), (1, 1)):
        state = GAME.apply(state, GAME.parse_move(state, seat, f"hqside {side}"))
    while state.phase != "draft":
        seat = state.gate_queue[0]
        state = GAME.apply(state, GAME.parse_move(state, seat, "gate " + ("H14", "H37")[seat]))
    return state


def test_PU_notation_the_map_labels_carry_the_letter_a_move_needs_in_the_readers_language():
    """D15: moves name spaces K14>U13>N15 (Hungarian) or H14>J13>S15 (English): the map shows
    those letters, not the bare number."""
    from rules.messages import render as text
    from rules.pulsar.read import location
    assert (text(location("J13"), "hu"), text(location("J13"), "en")) == ("U13", "J13")
    assert (text(location("S15"), "hu"), text(location("H14"), "hu"), text(location("P16"), "hu")) == ("N15", "K14", "P16")
    state = two_players_drafting()
    english, hungarian = (render(GAME.view(state, None), language=language)[0] for language in ("en", "hu"))
    x, y = positions()["J13"]
    around = (int(x - 30), int(y - 15), int(x + 30), int(y + 15))
    assert ImageChops.difference(english.crop(around), hungarian.crop(around)).getbbox() is not None
    label = _ink_box(english, around)                    # a jump gate's number: dark on its plate
    assert label is not None and (label[2] - label[0]) * 420 / english.width >= 14     # a letter and two digits


def test_PU_D_MOVE_1_two_players_discs_carry_their_marker_number():
    """D21: with two players ``draft 3 I1`` / ``I2`` name a marker: each disc shows its 1 or 2."""
    from renderers.pulsar import draw_dice_board
    state = two_players_drafting()
    view = GAME.view(state, None)
    before = draw_dice_board(view, "hu")
    for track in view.tracks.values():                   # the same discs, the numbers swapped
        for stack in track:
            stack[:] = [f"{m.split(':')[0]}:{3 - int(m.split(':')[1])}" for m in stack]
    after = draw_dice_board(view, "hu")
    assert ImageChops.difference(before, after).getbbox() is not None


def test_PU_D_MED_5_the_median_caption_is_legible_at_420_px():
    """D21: the caption under the median marker was ~4 px tall on a phone; now it has a line of
    its own in the size of a title (the turn order line below it is 20-px type)."""
    from renderers.pulsar import draw_dice_board
    state = two_players_drafting()
    image = draw_dice_board(GAME.view(state, None), "hu")
    caption = image.crop((0, 158, image.width, 190)).convert("L").point(lambda v: 255 if v < 80 else 0).getbbox()
    assert caption is not None and (caption[3] - caption[1]) * 420 / image.width >= 11


# ----- newcomer report 2026-11-27b: N14 (stations and gate colours at 420 px, a key) ----------------------------
def test_PU_N14_the_maps_key_names_every_piece_from_the_catalogue_in_both_languages(monkeypatch):
    """N14: a key under the star map names the survey ship, the station, the planets, the claimed
    pulsar, the gyrodynes, each jump gate colour and the starting gate, each from the catalogue
    (``pulsar.board.key.*``) in the reader's language, in type of about 11 px at 420 px."""
    from renderers.pulsar import KEY_ITEMS, KEY_ROW, WIDTH, _cluster_layer, draw_cluster
    from rules.messages import Msg
    from rules.messages import render as text_of

    view = GAME.view(position(3, 60, "A"), None)
    seen = record_strings(monkeypatch)
    names = {}
    for language in ("en", "hu"):
        seen.clear()
        _cluster_layer.cache_clear()                                  # the key is drawn on the kept layer
        image = draw_cluster(view, language)
        names[language] = [text_of(Msg(f"pulsar.board.key.{item}"), language) for item in KEY_ITEMS]
        assert [name for name in names[language] if name not in seen] == []
        assert image.height > WIDTH                                   # under the map, covering none of it
        top, left = WIDTH + 16, int(16 + WIDTH / 2 + 60)              # the second item ("Station", "Állomás")
        ink = image.crop((left, top, left + 300, top + KEY_ROW)).convert("L").point(lambda v: 255 if v > 150 else 0)
        box = ink.getbbox()
        assert box is not None and (box[3] - box[1]) * 420 / image.width >= 11, box
    assert set(names["en"]).isdisjoint(names["hu"])
    assert KEY_ITEMS.count("station") == 1 and {"gate.orange", "gate.green", "gate.purple"} <= set(KEY_ITEMS)


def test_PU_N14_a_station_is_a_filled_square_and_a_jump_gate_a_plate_of_its_colour_round_its_number():
    """N14: at 420 px stations and gate colours were small dots told apart by colour alone. A
    station is now a filled square (its owner's colour fills its whole bounding box, a disc
    would not); a jump gate a plate of its colour wider than its number, with the number on it
    (the old disc, 30 px, lay under the white number); no seat's colour is a gate's."""
    from renderers.pulsar import GATE, PLANET_Y, SYSTEM_HALF, _label_ink, _label_ys, draw_cluster
    from rules.pulsar.read import BLOCKED, tables

    assert set(SEATS).isdisjoint(GATE.values())
    view = GAME.view(position(4, 5000, "A"), None)                     # the game's end: stations everywhere
    image = draw_cluster(view, "en")
    stations = [(loc, int(who)) for loc, system in sorted(view.systems.items())
                for who in system.planets.values() if who not in (None, BLOCKED)]
    assert len(stations) >= 8
    for loc, seat in stations:
        x, y = positions()[loc]
        strip = (int(x - SYSTEM_HALF), int(y + PLANET_Y - 9), int(x + SYSTEM_HALF), int(y + PLANET_Y + 9))
        mask = _mask(image.crop(strip), SEATS[seat])
        box = mask.getbbox()
        assert box is not None, loc
        width, height = box[2] - box[0], box[3] - box[1]
        assert width == height >= 10 and mask.crop(box).histogram()[255] == width * height, (loc, box)
        assert width * 420 / image.width >= 5.5
    for loc, info in tables().on_side("A").items():
        if info.type != "J":
            continue
        x = positions()[loc][0]                                       # the number, on or just off the gate
        left, top, right, bottom = _label_ink(loc, x, _label_ys("A", "en")[loc], "en")
        around = (int(left) - 3, int(top) - 3, int(right) + 3, int(bottom) + 3)
        plate = _mask(image.crop(around), GATE[info.gate_colour]).getbbox()
        number = _ink_box(image, around)
        assert plate is not None and number is not None, loc
        assert plate[2] - plate[0] >= 40 and plate[0] < number[0] and number[2] < plate[2], (loc, plate, number)
        assert plate[1] < number[1] and number[3] < plate[3], (loc, plate, number)


def test_PU_N14_the_key_is_the_same_whatever_the_pieces_so_the_maps_inputs_stay_its_pieces():
    """The key is drawn with the cluster's fixed layer: two positions of a game give the same key
    (the cluster's ChatPart inputs, ``cluster_inputs``, need nothing more to say when it changes)."""
    from renderers.pulsar import WIDTH, draw_cluster
    early, late = (draw_cluster(GAME.view(position(3, plies, "B"), None), "hu") for plies in (0, 5000))
    key = (0, WIDTH, WIDTH, early.height)
    assert early.crop(key).tobytes() == late.crop(key).tobytes()
    assert early.crop((0, 0, WIDTH, WIDTH)).tobytes() != late.crop((0, 0, WIDTH, WIDTH)).tobytes()


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("language", ["hu", "en"])
def test_PU_NOT_1_a_gyrodyne_badge_covers_no_other_spaces_label(side, language):
    """N14 (420 px): the gyrodyne badge (a size larger so its letter reads) sat at the pulsar's
    lower right whatever was there: on side B P177's badge hid the "U" of U180. It now takes
    the lower left where that covers less; no badge covers more than a 2-px sliver of a label."""
    from renderers.pulsar import GYRO_RADIUS, _gyro_corner, _label_ink, _label_ys, _shrunk, gyro_half_width
    from rules.pulsar.read import tables

    pos, ys, printed = positions(), _label_ys(side, language), tables().on_side(side)
    covered = []
    for loc, info in printed.items():
        if info.type != "P":
            continue
        dx, dy = _gyro_corner(loc, side, language)
        x, y = pos[loc][0] + dx, pos[loc][1] + dy
        for other in printed:
            left, top, right, bottom = _shrunk(_label_ink(other, pos[other][0], ys[other], language))
            width = min(x + gyro_half_width(language), right) - max(x - gyro_half_width(language), left)
            height = min(y + GYRO_RADIUS, bottom) - max(y - GYRO_RADIUS, top)
            if other != loc and min(width, height) > 2:
                covered.append((loc, other))
    assert covered == []
    if side == "B":
        assert _gyro_corner("P177", side, language)[0] < 0


@pytest.mark.parametrize("language", ["hu", "en"])
def test_PU_NOT_1_a_gyrodyne_badge_and_its_size_letter_read_at_420_px(monkeypatch, language):
    """The gyrodyne badges were 26 px (14 px at 420 px) with their size letter in 14-px type in
    Hungarian (``Kö``: 7.4 px on a phone) and 17 in English: now 32 px tall (17 px at 420) with
    the letter in GYRO_LETTER type (20 px: 10.5 px at 420, as the spaces' type letters) in both
    languages, on the map and in its key; a badge as wide as its language's widest letter."""
    from renderers.common import font
    from renderers.pulsar import GYRO_LETTER, GYRO_RADIUS, _cluster_layer, draw_cluster, gyro_half_width
    from rules.messages import Msg
    from rules.messages import render as text_of
    from tests.renderers.text_spy import record_texts

    view = GAME.view(position(4, 5000, "A"), None)
    assert len(view.gyros) >= 3
    letters = {size: text_of(Msg(f"pulsar.board.size_letter.{size}"), language) for size in "SML"}
    seen = record_texts(monkeypatch)
    _cluster_layer.cache_clear()                                      # the key's samples are on the kept layer
    image = draw_cluster(view, language)
    badges = [size for text, size in seen if text in letters.values() and size == GYRO_LETTER]
    assert len(badges) == len(view.gyros) + 2                         # the map's, and the key's two samples
    assert 2 * GYRO_RADIUS * 420 / image.width >= 16 and GYRO_LETTER * 420 / image.width >= 10.5
    widest = max(font(GYRO_LETTER, True).getlength(letter) for letter in letters.values())
    assert gyro_half_width(language) * 2 >= widest + 12 and gyro_half_width(language) >= GYRO_RADIUS


@pytest.mark.parametrize("language", ["en", "hu"])
def test_PU_ACT_TX_PAY_the_players_image_says_how_many_icons_of_a_transmitter_are_paid(monkeypatch, language):
    """Newcomer N-15 (2026-11-28b): the players' image read ``TX-A07`` for a transmitter one of
    whose two die icons is paid, only ``*`` marking an operational one; now ``TX-A07 1/2`` (the
    header says what 1/2 counts), and an operational one keeps its ``*`` (TX-ACT)."""
    from rules.messages import Msg
    from rules.messages import render as text_of
    from rules.pulsar.read import code
    from rules.pulsar.state import OwnTransmitter

    state = position(2, 0)
    state.players[0].transmitters = [OwnTransmitter("TX-A07", [2]), OwnTransmitter("TX-A06", [1], True)]
    seen = record_strings(monkeypatch)
    render(GAME.view(state, None), player_names=["a", "b"], language=language)
    line = text_of(Msg("pulsar.board.transmitters", tiles=""), language)
    shown = [text for text in seen if text.startswith(line)]
    assert shown == [line + text_of(code("TX-A07", " 1/2"), language) + ", " + text_of(code("TX-A06", "*"), language),
                     line + "-"]                                     # the second player holds none
    assert "1/2" in line and "*" in line


@pytest.mark.parametrize("language", ["en", "hu"])
def test_PU_ACT_TX_PAY_many_transmitters_take_a_second_line_rather_than_a_smaller_font(monkeypatch, language):
    """N-15: with the icons paid after each tile, five transmitters did not fit one line at a
    size legible at 420 px; the tiles go under the header (``pulsar.board.transmitters_wrapped``)."""
    from rules.messages import Join, Msg
    from rules.messages import render as text_of
    from rules.pulsar.read import code, tables
    from rules.pulsar.state import OwnTransmitter

    tiles = ["TX-A07", "TX-A06", "TX-B05", "TX-A09", "TX-B01"]
    state = position(2, 0)
    state.players[0].transmitters = [OwnTransmitter(tile, [1], index % 2 == 1) for index, tile in enumerate(tiles)]
    shown = [code(tile, "*") if index % 2 else code(tile, f" 1/{len(tables().transmitters[tile].dice)}")
             for index, tile in enumerate(tiles)]
    seen = record_strings(monkeypatch)
    render(GAME.view(state, None), player_names=["a", "b"], language=language)
    wrapped = text_of(Msg("pulsar.board.transmitters_wrapped", tiles=Join(shown, "comma")), language)
    assert "\n" in wrapped and wrapped in seen
