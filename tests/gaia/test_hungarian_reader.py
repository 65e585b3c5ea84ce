"""Refusals in the reader's words (newcomer report 2026-11-27, N1-N4): a Hungarian reader is
never told to type English notation (``build m <hex>``, ``1pw``, ``terrans``) nor shown an
internal id (``power3``, ``q``); an English reader still gets the English notation."""
import re

import pytest

from rules.base import IllegalMove
from rules.gaia import GAME
from rules.messages import render

from .helpers import action_state, play, set_power

#: English notation a Hungarian refusal must not show: amounts in the notation's units,
#: English verbs and the ids of actions and factions
ENGLISH = re.compile(r"\b(\d*pw|\d+q|build|charge|spend|power\d|qic\d|terrans|lantids|hadsch-hallas)\b")


def _refused(st, seat, line):
    with pytest.raises(IllegalMove) as refused:
        play(st, seat, line)
    return refused.value


def test_GP_SETUP_13_unknown_faction_lists_the_choices_in_the_readers_words():
    refused = _refused(GAME.new_game({"players": 2}, 5), 0, "faction hadsch")
    assert (refused.msg.key, refused.rule) == ("gaia.err.unknown_faction", "GP-SETUP-13")
    hu, en = render(refused.msg, "hu"), render(refused.msg, "en")
    assert "terranok" in hu and "hadsch-hallák" in hu and not ENGLISH.search(hu.replace("hadsch", "", 1))
    assert "terrans" in en and "hadsch-hallas" in en


def test_GP_SETUP_13_planet_taken_names_the_factions():
    st = play(GAME.new_game({"players": 3}, 5), 0, "faction terrans")
    refused = _refused(st, 1, "faction lantids")
    assert refused.msg.key == "gaia.err.faction_planet_taken"
    assert {v.key for v in refused.msg.params.values()} == {"gaia.faction.terrans", "gaia.faction.lantids"}


def test_GP_SETUP_21_setup_refusal_shows_the_move_in_the_readers_notation():
    st = play(play(GAME.new_game({"players": 2}, 5), 0, "faction terrans"), 1, "faction hadsch-hallas")
    refused = _refused(st, GAME.waiting_for(st).pop(), "booster booster4")
    assert (refused.msg.key, refused.rule) == ("gaia.err.setup_place", "GP-SETUP-21")
    assert "`épít bánya <mező>`" in render(refused.msg, "hu")
    assert "build m <hex>" in render(refused.msg, "en")


def test_GP_LEECH_5_charge_refusal_names_amounts_in_words():
    st = action_state(["nevlas", "xenos"], [(1, "PI", "3A7"), (0, "m", "3B5")])
    set_power(st["players"][1], 4, 4, 0)
    st["players"][1]["vp"] = 1
    st = play(st, 0, "build m 3B2.")
    refused = _refused(st, 1, "charge 3pw")
    assert (refused.msg.key, refused.rule) == ("gaia.err.charge_bad", "GP-LEECH-5")
    assert refused.msg.params["given"].key == "gaia.amt.pw"
    hu = render(refused.msg, "hu")
    assert "2 energia" in hu and "3 energia" in hu and not ENGLISH.search(hu)


def test_GP_FREE_1_conversion_refusals_name_resources_in_words():
    st = action_state(["xenos", "terrans"])
    p = st["players"][0]
    p["q"] = 2
    set_power(p, 0, 0, 7)
    rate = _refused(st, 0, "spend 5pw for 1q")
    assert (rate.msg.key, rate.rule) == ("gaia.err.convert_rate", "GP-FREE-1")
    assert "5 energia" in render(rate.msg, "hu") and "1 KTK" in render(rate.msg, "hu")
    assert "4 energia" in render(rate.msg, "hu") and not ENGLISH.search(render(rate.msg, "hu"))
    into = _refused(st, 0, "spend 1q for 1k")
    assert (into.msg.key, into.rule) == ("gaia.err.convert_into", "GP-FREE-1")
    assert (into.msg.params["what"].key, into.msg.params["into"].key) == ("gaia.res.q", "gaia.res.k")
    assert "KTK" in render(into.msg, "hu") and "tudás" in render(into.msg, "hu") and not ENGLISH.search(render(into.msg, "hu"))


def test_GP_POW_2_power_action_refusal_names_the_action_not_its_id():
    st = action_state(["xenos", "terrans"])
    set_power(st["players"][0], 4, 4, 0)
    refused = _refused(st, 0, "action power3.")
    assert (refused.msg.key, refused.rule) == ("gaia.err.power3_for_what", "GP-POW-2")
    assert refused.msg.params["what"].key == "gaia.comp.power.name"
    hu = render(refused.msg, "hu")
    assert "3. energiaakció" in hu and "4 energia" in hu and "power3" not in hu


# ----------------------------------------------------------------------------- /info (N5)

@pytest.mark.parametrize("typed, found", [
    ("kül-nav", "adv-nav"), ("kul-tud", "adv-sci"), ("szabad1", "free1"), ("szabad3", "free3"),
    ("tud", "sci"), ("gazd", "eco"), ("MI", "int"), ("terra", "terra"), ("bónusz3", "booster3"),
    ("energia3", "power3"), ("kül-techlapka2", "advtech2"), ("techlapka4", "tech4"),
    ("szövetség-gleenek", "fed-gleens"), ("vég-épületek-szövetségben", "final-structureFed"),
    ("adv-nav", "adv-nav"), ("free2", "free2"), ("advtech1", "advtech1"), ("structureFed", "final-structureFed")])
def test_GP_SETUP_5_every_code_the_images_and_help_show_is_found_by_info(typed, found):
    """The research board image labels the tech spaces szabad1..3 and kül-nav..kül-tud
    (GP-SETUP-5, GP-SETUP-6); the help lists bónusz3, energia3; English ids still work."""
    from bot import lookup
    comp = lookup.find("gaia", typed)
    assert comp is not None and comp.id == found


def test_GP_NOT_info_labels_start_with_the_hungarian_code():
    """Autocomplete shows the shown code: never advtech1/tech1/final-…/fed-gleens to a Hungarian."""
    english = re.compile(r"^(advtech|tech\d|final-|fed-|adv-|free)")
    for comp in GAME.components():
        code = comp.shown_code()
        hu = code if isinstance(code, str) else code.text("hu")
        assert not english.match(hu), (comp.id, hu)
    assert GAME.component("adv-nav").shown_code().text("hu") == "kül-nav"
    assert GAME.component("free1").shown_code().text("hu") == "szabad1"
    assert "`techlapka kül-nav`" in render(GAME.component("adv-nav").text, "hu")
    assert "`tech adv-nav`" in render(GAME.component("adv-nav").text, "en")


# ----------------------------------------------------------------------------- suggestions (N11)

def test_GP_PASS_1_passing_is_suggested_last():
    """Passing ends your round (GP-PASS-1): a newcomer takes the first suggestion, so every
    other kind of move comes first; one pass stays in the list, and typing 'pass' finds them all."""
    st = action_state(["xenos", "terrans"])
    seat = GAME.waiting_for(st).pop()
    lines = GAME.complete(st, seat, "", 25)
    kinds = [GAME.move_kind(line) for line in lines]
    assert "pass" in kinds and kinds[0] != "pass"
    first_pass = kinds.index("pass")
    assert all(kind == "pass" for kind in kinds[first_pass:])
    assert GAME.complete(st, seat, "pass", 25)[0].startswith("pass booster")


def test_GP_INC_1_the_booster_that_starts_round_1_shows_no_income_as_its_effect():
    st = GAME.new_game({"players": 2}, 5)
    while st["round"] == 0:
        seat = min(GAME.waiting_for(st))
        moves = GAME.legal_moves(st, seat)
        move = moves[0]
        if st["phase"] != "factions" and GAME.apply(st, move)["round"] == 1:
            text = GAME.format_move(move)
            described = GAME.describe_move(st, seat, text)
            keys = set() if described is None else {key for key in _keys(described)}
            assert not any(key.startswith("gaia.delta.") for key in keys), (text, keys)
            return
        st = GAME.apply(st, move)
    raise AssertionError("round 1 never started")


def _keys(msg):
    from rules.messages import message_keys
    return message_keys(msg)


# ----------------------------------------------------------------------------- what to type (N12)

@pytest.mark.parametrize("line, hu", [("épít bánya", "`épít bánya <mező>`"), ("épít 3A7", "`épít bánya <mező>`"),
                                      ("kutat", "`kutat navigáció`"), ("szövetség", "`szövetség 1A1,1A2 szövetség1`")])
def test_GP_NOT_a_command_missing_its_arguments_shows_an_example(line, hu):
    from rules.gaia.notation import NotationError, parse_commands
    with pytest.raises(NotationError) as refused:
        parse_commands(line)
    assert refused.value.msg.key == "gaia.err.needs_args_example"
    assert hu in render(refused.value.msg, "hu") and not ENGLISH.search(render(refused.value.msg, "hu"))


def test_GP_SETUP_23_an_unavailable_booster_lists_the_choices():
    st = GAME.new_game({"players": 2}, 5)
    while st["phase"] != "boosters":
        seat = min(GAME.waiting_for(st))
        st = GAME.apply(st, GAME.legal_moves(st, seat)[0])
    refused = _refused(st, min(GAME.waiting_for(st)), "booster 99")
    assert (refused.msg.key, refused.rule) == ("gaia.err.booster_unavailable_list", "GP-SETUP-23")
    free = [b for b, owner in st["boosters"].items() if owner is None]
    hu = render(refused.msg, "hu")
    assert all(f"bónusz{b[7:]}" in hu for b in free) and "booster" not in hu


def test_GP_PASS_3_a_booster_not_in_play_lists_the_choices():
    st = action_state(["xenos", "terrans"])
    seat = GAME.waiting_for(st).pop()
    refused = _refused(st, seat, "passz bónusz99")
    assert (refused.msg.key, refused.rule) == ("gaia.err.booster_not_in_play_list", "GP-PASS-3")
    own = st["players"][seat]["booster"]
    free = [b for b, owner in st["boosters"].items() if owner is None and b != own]
    hu = render(refused.msg, "hu")
    assert free and all(f"bónusz{b[7:]}" in hu for b in free) and "booster" not in hu


def test_GP_RES_1_unknown_research_area_lists_the_areas_in_the_readers_words():
    st = action_state(["xenos", "terrans"])
    st["players"][0]["k"] = 4
    refused = _refused(st, 0, "up foo")
    assert (refused.msg.key, refused.rule) == ("gaia.err.unknown_field", "GP-RES-1")
    hu = render(refused.msg, "hu")
    assert "navigáció" in hu and "terraformálás" in hu and "nav," not in hu
    assert "nav" in render(refused.msg, "en")


def test_GP_RES_1_an_unknown_area_is_refused_as_such_before_its_cost():
    """Newcomer report 2026-11-27b G1: `kutat repülés` with under 4 knowledge was refused for the
    cost; the area named is checked first."""
    st = action_state(["xenos", "terrans"])
    st["players"][0]["k"] = 1
    refused = _refused(st, 0, "kutat repülés")
    assert (refused.msg.key, refused.rule) == ("gaia.err.unknown_field", "GP-RES-1")
    assert _refused(st, 0, "kutat nav").msg.key == "gaia.err.research_cost"


def test_GP_PASS_3_a_booster_may_be_named_by_its_printed_number():
    """`bónusz 10` / `passz 3` (newcomer report N12): the number printed on the tile names it."""
    from rules.gaia.notation import parse_commands
    assert parse_commands("bónusz 10") == [["booster", "booster10"]]
    assert parse_commands("passz 3") == [["pass", "booster3"]]
