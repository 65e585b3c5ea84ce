"""Gaia Project renderer: the set-up and final positions of every recorded fixture render."""
import glob
import json
import os

import pytest
from PIL import Image

import renderers
from renderers import common as c
from renderers import gaia as gr
from rules.gaia import GAME
from rules.gaia.replay import replay_fixture

FIXTURE_DIR = os.path.join(os.path.dirname(__file__), "..", "fixtures", "gaia")
FIXTURES = sorted(glob.glob(os.path.join(FIXTURE_DIR, "*.json")))
NAMES = [os.path.basename(p)[:-5] for p in FIXTURES]


def _fixture(name):
    with open(os.path.join(FIXTURE_DIR, name + ".json"), encoding="utf-8") as fh:
        return json.load(fh)


_FINAL = {}


def _final_state(name):
    if name not in _FINAL:
        _FINAL[name] = replay_fixture(_fixture(name))
    return _FINAL[name]


def _check(images, players):
    assert isinstance(images, list) and len(images) == 2
    for im in images:
        assert isinstance(im, Image.Image)
        assert im.mode == "RGB"
        assert im.width == gr.WIDTH == 1600
        assert im.width > im.height            # landscape, never square
    assert images[0].size == (1600, gr.MAP_HEIGHT)
    rows = (players + 1) // 2
    assert images[1].height == gr.board_height(players)
    assert 900 <= images[1].height <= 1400 and rows >= 1


def test_get_renderer_returns_gaia_render():
    assert renderers.get_renderer("gaia") is gr.render


def test_fixtures_cover_two_three_and_four_players():
    assert {_fixture(n)["players"] for n in NAMES} >= {2, 3, 4}


@pytest.mark.parametrize("name", NAMES)
def test_setup_position_renders(name):
    fixture = _fixture(name)
    state = GAME.from_setup(fixture)
    images = gr.render(GAME.view(state, None))
    _check(images, fixture["players"])


@pytest.mark.parametrize("name", NAMES)
def test_final_position_renders_deterministically(name):
    fixture = _fixture(name)
    state = _final_state(name)
    names = [f"Player {i + 1}" for i in range(fixture["players"])]
    first = gr.render(GAME.view(state, None), player_names=names, highlight=fixture["setup"]["map"][0]["name"])
    _check(first, fixture["players"])
    again = gr.render(GAME.view(state, None), player_names=names, highlight=fixture["setup"]["map"][0]["name"])
    assert [c.to_png(im) for im in first] == [c.to_png(im) for im in again]


def test_every_seat_view_draws_the_spectator_picture():
    # Gaia Project has no hidden information: a seat's view shows what a spectator sees.
    state = _final_state("adv-tech-pass")
    spectator = [c.to_png(im) for im in gr.render(GAME.view(state, None))]
    for seat in range(3):
        assert [c.to_png(im) for im in gr.render(GAME.view(state, seat))] == spectator


def test_every_kind_of_decision_renders():
    # the first position of each kind (phase, pending power offer, income / brainstone /
    # Gaia-phase question) met while replaying the fixtures
    seen = set()
    for name in NAMES:
        fixture = _fixture(name)
        state = GAME.from_setup(fixture)
        for line in fixture["moves"][1:]:
            state = GAME.apply_inplace(state, GAME.parse_line(state, line))
            kind = (state["phase"], bool(state.get("offer")),
                    tuple(sorted({p.get("waiting") or "" for p in state["players"] if p})))
            if kind not in seen:
                seen.add(kind)
                _check(gr.render(GAME.view(state, None)), fixture["players"])
    phases = {k[0] for k in seen}
    assert {"factions", "setup", "boosters", "income", "gaia", "actions", "over"} <= phases
    assert any(k[1] for k in seen)                     # a power offer was pending


def test_header_says_what_a_waiting_seat_is_asked():
    fixture = _fixture("adv-tech-pass")
    state = GAME.from_setup(fixture)
    for line in fixture["moves"][1:]:
        state = GAME.apply_inplace(state, GAME.parse_line(state, line))
        if state.get("offer"):
            break
    text = gr._status_line(GAME.view(state, None), None)
    assert "charge " + state["offer"]["offers"][0] in text


def test_a_state_read_back_from_json_draws_the_same():
    # the bot stores states as JSON: lists come back where the rules core had tuples
    state = _final_state("all-families")
    again = json.loads(json.dumps(GAME.dump_state(state)))
    assert [c.to_png(im) for im in gr.render(GAME.view(state, None))] == \
        [c.to_png(im) for im in gr.render(GAME.view(GAME.load_state(again), None))]


def test_highlight_accepts_names_and_cube_form_and_ignores_unknown():
    state = _final_state("nevla-leverage")
    view = GAME.view(state, None)
    plain = c.to_png(gr.render_map(view))
    assert c.to_png(gr.render_map(view, highlight="nowhere")) == plain
    hexname = state["map"][5][4]
    q, r = state["map"][5][0], state["map"][5][1]
    by_name = c.to_png(gr.render_map(view, highlight=hexname))
    assert by_name != plain
    assert c.to_png(gr.render_map(view, highlight=f"{q}x{r}")) == by_name
    assert c.to_png(gr.render_map(view, highlight=hexname.lower())) == by_name


def test_player_names_appear_without_changing_size():
    state = _final_state("spec-fullgame-2p")
    view = GAME.view(state, None)
    plain = gr.render(view)
    named = gr.render(view, player_names=["Ágnes Őrs", "Űrhajós Éva with a very long name indeed"])
    assert [im.size for im in plain] == [im.size for im in named]
    assert c.to_png(plain[1]) != c.to_png(named[1])


def test_planet_colours_follow_the_published_game():
    pc = gr.PLANET_COLOURS
    assert set(pc) >= set("rdsovtigml")
    r, g, b = pc["r"]
    assert b > r and b > g                      # terra blue
    r, g, b = pc["d"]
    assert r > 200 and g > 180 and b < 100      # desert yellow
    r, g, b = pc["o"]
    assert r > 180 and g < 80                   # oxide red
    r, g, b = pc["g"]
    assert g > r and g > b                      # gaia green
    r, g, b = pc["m"]
    assert b > g and r > g                      # transdim purple
    assert min(pc["i"]) > 220                   # ice white
    assert len(set(pc.values())) == len(pc)


def test_buildings_are_drawn_in_the_owners_colour():
    state = _final_state("final-scoring")
    view = GAME.view(state, None)
    image = gr.render_map(view)
    geo = gr.geometry(gr._rows(view))
    k, (seat, typ) = next((k, v) for k, v in sorted(state["bld"].items()) if v[1] == "ts")
    x, y = geo.centre[k]
    pixel = image.getpixel((int(x), int(y - gr.PLANET_DY * geo.R)))
    assert pixel == gr.seat_colour(view, seat)


def test_vp_sources_group_every_recorded_source():
    assert gr._vp_group("start") == "start"
    assert gr._vp_group("round:score3") == "round"
    assert gr._vp_group("fed:fed1") == gr._vp_group("qic2") == "fed"
    assert gr._vp_group("final:structure") == "final-tiles"
    assert gr._vp_group("final:research") == gr._vp_group("research") == "research"
    assert gr._vp_group("charge") == "charge"
    assert gr._vp_group("something new") == "other"
    groups = set(gr.VP_GROUPS)
    for name in NAMES:
        for p in _final_state(name)["players"]:
            for src in p["vp_src"]:
                assert gr._vp_group(src) in groups


@pytest.mark.parametrize("name", ["spec-fullgame-2p", "final-scoring"])
def test_every_hex_name_fits_inside_its_hex(name):
    # names sit below the planet; the widest ("10A11") must stay inside the hex at that height
    state = GAME.from_setup(_fixture(name))
    geo = gr.geometry(gr._rows(GAME.view(state, None)))
    fnt = c.font(gr._label_font_size(geo.R), True)
    label_y = gr.LABEL_DY * geo.R
    half_height = fnt.size * 0.6
    bottom = label_y + half_height
    assert bottom < geo.R * 0.866 - 2                  # above the hex's bottom edge
    half_width_at_bottom = geo.R - bottom / 3 ** 0.5
    for hexname in geo.name.values():
        assert fnt.getlength(hexname) / 2 < half_width_at_bottom
    assert geo.R >= 40                                 # hexes stay big enough to read on a phone


def test_GP_FAC_TAK_2_a_discarded_brainstone_is_shown(monkeypatch):
    from PIL import ImageDraw
    state = _final_state("taklons-leverage")
    seat = next(s for s, p in enumerate(state["players"]) if p["faction"] == "taklons")
    view = GAME.view(state, None)
    view["players"][seat]["brainstone"] = None     # the engine's mark of a discarded stone
    seen = []
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        seen.append(text)
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    gr.render_boards(view)
    assert "brainstone gone" in seen


def test_the_renderer_reads_the_rules_only_through_their_read_api():
    """Renderers use the contract and rules.gaia.read, never the engine's internals."""
    import ast
    from pathlib import Path
    source = Path(gr.__file__).read_text(encoding="utf-8")
    imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
    imported |= {f"{node.module}.{a.name}" for node in ast.walk(ast.parse(source))
                 if isinstance(node, ast.ImportFrom) for a in node.names}
    assert not any(name and ("engine" in name or "turns" in name) for name in imported), imported


def test_chat_layout_is_legible_at_phone_width():
    """The bot posts the map, then the players' panels and the shared board at half the full
    picture's width: a phone about 420 px wide shows those at 0.52x, not 0.26x."""
    fixture = _fixture(NAMES[0])
    state = _final_state(NAMES[0])
    images = list(gr.render_for_chat(GAME.view(state, None), language="hu"))
    assert [im.width for im in images] == [gr.WIDTH, gr.NARROW, gr.NARROW]
    assert all(420 / im.width >= 0.5 for im in images[1:])
    players = images[1]
    assert players.height >= fixture["players"] * gr.PANEL_H      # one panel per player, one under the other
    assert all(im.width != im.height for im in images)              # Android crops square images
