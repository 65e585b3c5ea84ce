"""Report 27i (an English-speaking newcomer plays Gaia Project): the status line in words, no
"Round 0" before round 1, research areas typed by their English names, and the help decoding
the notation's units."""
import re

import pytest

from rules.gaia import GAME
from rules.gaia.notation import parse_commands
from rules.gaia.texts import move_phrase
from rules.messages import Msg, render

from .helpers import action_state, play


def test_the_status_line_names_resources_and_bowls_in_words():
    st = action_state(["terrans", "xenos"])
    lines = [line for line in GAME.status_lines(GAME.view(st, None)) if line.key == "gaia.status.player"]
    text = render(lines[0], "en")
    assert re.match(r"Terrans: 10 VP, \d+ credits, \d+ ore, \d+ knowledge, \d+ QIC, "
                    r"power \(bowls I/II/III\) \d+/\d+/\d+, Gaia area \d+, research ", text), text
    assert not re.search(r"\d+[cokq]\b", text)
    assert render(Msg("gaia.status.player", faction="X", vp=1, c=1, o=0, k=0, q=0, bowl1=0, bowl2=0, bowl3=0,
                      gaia=0, research=""), "en").startswith("X: 1 VP, 1 credit, 0 ore")


@pytest.mark.parametrize("language, head", [("en", "Setup before round 1, phase: faction selection"),
                                            ("hu", "Előkészületek az 1. forduló előtt, fázis: ")])
def test_GP_SETUP_the_status_before_round_1_is_the_setup_not_round_0(language, head):
    st = GAME.new_game({"players": 2, "factions": "choose", "map": "standard"}, 5)
    first = GAME.status_lines(GAME.view(st, None))[0]
    assert first.key == "gaia.status.setup" and render(first, language).startswith(head)
    assert not re.search(r"\b0\b", render(first, language))


@pytest.mark.parametrize("typed, field", [("up navigation", "nav"), ("up Terraforming", "terra"), ("up AI", "int"),
                                          ("up artificial intelligence", "int"), ("up gaia project", "gaia"),
                                          ("up Economy", "eco"), ("up science", "sci")])
def test_GP_RES_1_a_research_area_typed_by_its_english_name(typed, field):
    assert parse_commands(typed) == [["up", field]]


def test_GP_RES_1_up_navigation_is_played_as_up_nav():
    st = action_state(["terrans", "xenos"])
    st["players"][0]["k"] = 4
    after = play(st, 0, "up navigation")
    assert after["players"][0]["research"]["nav"] == 1 and after["players"][0]["k"] == 0
    assert parse_commands("build trading station 3A7") == [["build", "ts", "3A7"]]
    assert parse_commands("build research lab 3A7. tech terra. up navigation") == [
        ["build", "lab", "3A7"], ["tech", "terra"], ["up", "nav"]]


def test_GP_NOT_the_english_help_decodes_the_units():
    text = render(Msg("gaia.help.notation.other"), "en")
    assert "Units: c credits, o ore, k knowledge, q QIC, pw power, t power tokens." in text
    assert "`up navigation`" in text


@pytest.mark.parametrize("move, label", [
    ("action power3", "Power action “2 ore for 4 power”"),
    ("special q", "Use the special action “1 QIC”"),
    ("federation 3A3,3A7,3B2 fed1", "Federation of 3A3,3A7,3B2 for “12 victory points”"),
])
def test_GP_BOARD_1_GP_FED_a_label_has_no_colon_before_the_hosts_description(move, label):
    """"Use a special action: 1 QIC: +1 QIC", "Power action “4 power: 2 ore”: +2 ore, -4 power":
    the host adds ": <gains and costs>", so the phrase itself keeps no colon."""
    st = action_state(["terrans", "xenos"])
    text = render(move_phrase(st, move), "en", label=True)
    assert text == label and ":" not in text


@pytest.mark.parametrize("language, words", [("en", ["c credits", "k knowledge", "pw power", "tok power tokens"]),
                                             ("hu", ["kr kredit", "tu tudás", "en energia"])])
def test_GP_NOT_the_legend_image_decodes_the_short_amounts(monkeypatch, language, words):
    """The boards print "3 k", "act 4 pw", "1 o 2 tok": the legend under the players says what
    the letters are (the chat layout's strip)."""
    from PIL import Image

    import renderers.gaia as gr
    from tests.renderers.text_spy import record_strings

    seen = record_strings(monkeypatch)
    image = Image.new("RGB", (gr.NARROW, gr.LEGEND_STRIP_H + 20))
    gr._in(language, lambda: gr._draw_legend_strip(image, (10, 10, gr.NARROW - 10, 10 + gr.LEGEND_STRIP_H)))
    drawn = " ".join(seen)
    assert all(word in drawn for word in words), drawn


@pytest.mark.parametrize("language, label", [
    ("en", "Choose the Itars: Ice (white); burnt tokens to the Gaia area; tiles for tokens"),
    ("hu", None),
])
def test_GP_SETUP_13_a_faction_is_offered_with_its_home_planet(language, label):
    """"Choose the Terrans: Gaia tokens return to bowl II" did not say where the Terrans can
    settle; the label (the faction's gist) names the home planet and its colour first."""
    from rules.gaia.tables import FACTIONS

    st = GAME.new_game({"players": 2, "factions": "choose", "map": "standard"}, 5)
    for fid in FACTIONS:
        gist = GAME.component(fid).gist
        assert gist.key == "gaia.gist.faction_home"
        planet = render(Msg("gaia.planet." + FACTIONS[fid]["planet"]), language)
        assert render(gist, language).startswith(planet + "; ")
    if label:
        assert GAME.describe_move(st, 0, "faction itars") is not None
        text = render(move_phrase(st, "faction itars"), language, label=True) + ": " + \
            render(GAME.describe_move(st, 0, "faction itars"), language)
        assert text == label


def test_GP_SETUP_13_a_faction_already_taken_is_called_taken():
    """bob typed `faction terrans` after alice chose the Terrans and read "Terrans shares a home
    planet with Terrans, already taken"."""
    from rules.base import IllegalMove

    st = play(GAME.new_game({"players": 2}, 5), 0, "faction terrans")
    with pytest.raises(IllegalMove) as refused:
        play(st, 1, "faction terrans")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.faction_taken", "GP-SETUP-13")
    assert render(refused.value.msg, "en") == \
        "The Terrans are already taken; choose a faction whose home planet is not Terra (blue)"
    with pytest.raises(IllegalMove) as sibling:
        play(st, 1, "faction lantids")
    assert sibling.value.msg.key == "gaia.err.faction_planet_taken"


def test_GP_NOT_a_refusal_counts_in_english_without_s_in_brackets():
    """"'faction' needs 1 argument(s)"."""
    from rules.base import IllegalMove

    st = GAME.new_game({"players": 2}, 5)
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(st, 0, "faction")
    assert render(refused.value.msg, "en") == "'faction' needs 1 argument, for example `faction terrans`"
    assert render(Msg("gaia.gain.t", n=2), "en") == "gain 2 power tokens"


def test_GP_END_2_the_final_standings_split_the_final_scoring_tiles():
    """The game-over post said "final scoring tiles 21" and the image only the counts: each tile
    now has its points ("Sectors (final scoring) 9, Structures in federations (final scoring) 12")."""
    st = action_state(["terrans", "xenos"])
    st["final_scoring"] = ["sector", "structureFed"]
    p = st["players"][0]
    p["vp_src"] = {"start": 10, "final:sector": 9, "final:structureFed": 12, "final:research": 4}
    p["vp"] = 35
    parts = GAME.score_breakdown(st)[0]
    assert [(render(part.label, "en"), part.points) for part in parts] == [
        ("starting points", 10), ("Sectors (final scoring)", 9), ("Structures in federations (final scoring)", 12),
        ("research (end)", 4)]
    assert sum(part.points for part in parts) == 35


def test_GP_MINE_8_a_mine_label_says_how_many_terraforming_steps_its_ore_pays_for():
    """"Build a mine on 3A3: -2 credits, -7 ore, -1 QIC": the label now says the 2 steps first;
    a home planet or a move with a free step says none."""
    from rules.gaia import engine as E
    from rules.gaia.tables import FACTIONS, WHEEL, terraform_steps

    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    p = st["players"][0]
    p["o"], p["c"], p["q"] = 20, 20, 3
    seen = 0
    for move in GAME.legal_moves(st, 0):
        text = GAME.format_move(move).split(" ", 1)[1]       # "terrans build m 3A3": the actor aside
        if not text.startswith("build m "):
            continue
        planet = E.planet_of(st, E.locate(st, text.split()[2]))
        steps = terraform_steps(FACTIONS["terrans"]["planet"], planet) if planet in WHEEL else 0
        described = GAME.describe_move(st, 0, text)
        words = render(described, "en")
        if steps:
            seen += 1
            assert "gaia.delta.steps" in repr(described)
            assert words.startswith(f"{steps} terraforming step" + ("s, " if steps > 1 else ", ")), words
        else:
            assert "terraforming step" not in words, words
    assert seen


def test_GP_GAIA_1_GP_GAIA_2_the_thread_says_what_the_gaia_phase_did():
    """A gaiaformer's planet turned Gaia and the tokens came back without a word in the thread:
    the new round's lines now say both."""
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")], boosters=["booster1", "booster2"])
    p = st["players"][0]
    p["q"] = 3
    gf = next(text for text in (GAME.format_move(m).split(" ", 1)[1] for m in GAME.legal_moves(st, 0))
              if text.startswith("build gf "))
    st = play(st, 0, gf)
    tokens = st["players"][0]["power"]["gaia"]
    assert tokens > 0
    free = [b for b in ("booster3", "booster4", "booster5", "booster6", "booster7", "booster8", "booster9", "booster10")
            if b in st["boosters"] and st["boosters"][b] is None]
    before = play(st, 1, f"pass {free[0]}")
    move = GAME.parse_move(before, 0, f"pass {free[1]}")
    after = GAME.apply(before, move)
    assert after["round"] == 2
    news = [m for m in GAME.events(before, move, after) if m.key.startswith("gaia.event.gaia_")]
    hexname = gf.split()[-1]
    assert [render(m, "en") for m in news] == [
        f"Gaia phase: the Gaia project on {hexname} is complete; it is a Gaia planet now.",
        f"Gaia phase: {tokens} power tokens of Terrans return from the Gaia area to bowl II."]


@pytest.mark.parametrize("typed, ident", [("QIC", "qic"), ("knowledge", "knowledge"), ("k", "knowledge"),
                                          ("bowl", "power"), ("power", "power"), ("tok", "power"),
                                          ("credits", "credits"), ("ore", "ore"), ("KTK", "qic"), ("tudás", "knowledge"),
                                          ("kr", "credits"), ("ér", "ore"), ("tu", "knowledge"), ("en", "power")])
def test_GP_COMP_2_GP_POW_1_info_explains_the_resources_and_the_bowls(typed, ident):
    """`info QIC` listed the QIC actions, `info knowledge` answered with the academy, `info bowl`
    knew nothing: the units the labels and images use are components of their own (newcomer 28c
    G-3: `infó en`, the "en" of a tile's "akció: 4 en feltöltése", listed ten components)."""
    from bot import lookup

    found = lookup.exact("gaia", typed)
    assert found is not None and found.id == ident and found.kind == "gaia.kind.resource"
    for language in ("en", "hu"):
        assert render(found.text, language) and render(found.gist, language)
    assert lookup.exact("gaia", "qic1").id == "qic1"


def test_GP_FED_3_GP_FED_6_a_federation_label_keeps_the_satellites_cost_beside_the_named_token():
    """Only the 12-VP token's label said "-4 power tokens": the others named the token and
    repeated its gains in the description, which then did not fit. The description now says
    what the label does not: the tokens the satellites take."""
    from rules.gaia.game import _beside, _token_reward

    assert _token_reward([["federation", "1A1,1A2", "fed2"]]) == {"vp": 8, "q": 1}
    assert _token_reward([["build", "m", "1A1"]]) == {}
    assert _beside(9, 8) == 1 and _beside(1, 2) == 0 and _beside(-4, 2) == -4 and _beside(3, 0) == 3
    from .test_ids_fed_leech import FED, _fed_state

    st = _fed_state()           # one satellite: one power token
    for token in ("fed1", "fed2", "fed4", "fed5", "fed6"):
        assert render(GAME.describe_move(st, 0, f"{FED} {token}"), "en") == "-1 power token", token


def test_GP_FAC_IVI_5_info_titles_buildings_and_knows_the_space_station():
    """`info ac1` was headed "academy (knowledge)" (every other title is capitalised) and
    `info sp` (the notation's `build sp`) found only tech tile spaces."""
    from bot import lookup

    assert render(GAME.component("ac1").name, "en") == "Academy (knowledge)"
    assert render(GAME.component("m").name, "hu") == "Bánya"
    station = lookup.exact("gaia", "sp")
    assert station is not None and station.kind == "gaia.kind.faction_piece"
    assert lookup.exact("gaia", "space station").id == "sp" and lookup.exact("gaia", "űrállomás").id == "sp"
    assert render(station.name, "en") == "Space station" and "at most 6" in render(station.text, "en")


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2)])
def test_GP_TECH_1_every_lab_label_keeps_its_cost_and_its_tiles_effect(players, seed):
    """I-20: "Build a lab on 3A6; take tech tile “PI & academies power value 4”; no research step"
    had no cost while a sibling said "-5 credits, -3 ore". A lab's decision is now worded briefer
    as a whole (a tile's gist in the image's abbreviations, "labort" in Hungarian) so that every
    label keeps the tile's effect and its cost, within 100 characters in both languages."""
    from bot.cogs.base import move_label
    from types import SimpleNamespace

    from tests.pulsar.test_label_length import playout_positions
    from .test_newcomer_l import _gists

    seen = 0
    for game, state, seats in playout_positions("gaia", players, seed, 8):
        loaded = SimpleNamespace(game=game, state=state)
        for seat in seats:
            for move in game.legal_moves(state, seat):
                text = game.format_move(move)
                cmds = parse_commands(text.split(" ", 1)[1])
                if cmds[0][:2] != ["build", "lab"] or len(cmds) < 2 or cmds[1][0] != "tech":
                    continue
                tile = state["tech"][cmds[1][1]]
                described = game.describe_move(state, seat, text)
                assert described is not None, text
                seen += 1
                for language in ("en", "hu"):
                    label = move_label(loaded, seat, text, language)
                    cost = render(Msg("gaia.delta.c", n=-5), language).replace("-", "\u2212" if language == "hu" else "-")
                    assert len(label) <= 100 and cost in label, label
                    assert any(gist in label for gist in _gists(tile, language)), label
    assert seen > 20



@pytest.mark.parametrize("language, move_line, news_line", [
    ("en", "**27.** bob (Xenos): declines", "  ↳ The offer to charge 1 power is declined."),
    ("hu", "**27.** bob (Xenók): nem él a lehetőséggel", "  ↳ Elutasítja az 1 energia feltöltését.")])
def test_GP_LEECH_4_the_thread_says_the_declined_charge_as_a_sentence(language, move_line, news_line):
    """I-23: under "alice (Terrans): declines" the thread read "↳ does not charge 1 power", a
    sentence without a subject. The host's line shows the move in the state after it (the offer
    gone: it cannot say what), so the move's news says what was declined, as a sentence."""
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    st = play(st, 0, "build m 3B2.")
    move = GAME.parse_move(st, 1, "decline")
    after = GAME.apply(st, move)
    news = GAME.events(st, move, after)
    assert news[0] == Msg("gaia.event.declined_charge", n=1)
    player = f"bob ({render(GAME.seat_label(after, 1), language)})"
    said = GAME.full_phrase(after, 1, "decline")
    assert render(Msg("move_done", ply=27, player=player, move=said), language) == move_line
    assert render(Msg("event_line", event=news[0]), language) == news_line


@pytest.mark.parametrize("typed, pos", [("free1", "free1"), ("szabad3", "free3"), ("adv-nav", "adv-nav"),
                                        ("kül-MI", "adv-int")])
def test_GP_SETUP_5_GP_SETUP_6_a_tech_tile_space_in_a_game_names_the_tile_lying_there(typed, pos):
    """I-24: `info free1` said "the research board image shows which tile lies there". In a game
    the space is described with its tile (number and effect, GP-SETUP-5/-6); an advanced space
    whose tile was taken says so. (The host asks ``describe_location`` only for a text that is no
    component's exact name, so `info free1` reaches this once the host asks the game first.)"""
    from rules.gaia.texts import _tech_effect

    st = GAME.new_game({"players": 2}, 3)
    tile = st["tech"][pos]
    found = GAME.describe_location(GAME.view(st, 0), 0, typed)
    assert found is not None and found.id == pos
    key = "gaia.comp.techpos.free.here" if pos.startswith("free") else "gaia.comp.techpos.adv.here"
    assert found.text.key == key and dict(found.text.values)["effect"] == _tech_effect(tile)
    for language in ("en", "hu"):
        assert render(_tech_effect(tile), language) in render(found.text, language)
    if pos.startswith("adv"):
        taken = GAME.describe_location({**st, "adv_taken": [pos]}, 0, typed)
        assert taken is not None and taken.text.key == "gaia.comp.techpos.adv.gone"
    assert GAME.describe_location(GAME.view(st, 0), 0, "terra") is None     # the track, not a space


def test_GP_SPEC_1_the_special_four_power_is_a_charge_in_words() -> None:
    """`tech9`'s special action charges 4 power (GP-SPEC-1): its label read "Hajts végre
    speciális akciót: 4 energia" and the tile "speciális akció: 4 energia", which a newcomer took
    for 4 power gained (newcomer 28c G-2); both say the charge now."""
    from rules.gaia.texts import _tech_effect, full_phrase
    from .test_label_length import _state_with_tech
    state = _state_with_tech({"int": "tech9"})
    phrase = full_phrase(state, "nevlas special 4pw")
    assert phrase is not None
    assert render(phrase, "hu") == "speciális akciót hajt végre: 4 energia feltöltése"
    assert render(phrase, "en") == "uses the special action “a charge of 4 power”"
    assert render(_tech_effect("tech9"), "hu") == "speciális akció: 4 energia feltöltése"
