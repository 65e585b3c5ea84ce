"""Newcomer report 2026-11-27e (Gaia Project in Hungarian): what a newcomer typed and read."""
import pytest

from rules.base import IllegalMove
from rules.gaia import GAME
from rules.messages import Join, Msg, render

from .helpers import action_state, play


def _mine_spot(st, seat):
    """A hex where ``seat`` may build a mine now (the first legal mine of the position)."""
    for move in GAME.legal_moves(st, seat):
        words = GAME.format_move(move).rstrip(".").split()
        if words[1:3] == ["build", "m"]:      # "terrans build m 1A6"
            return words[3]
    raise AssertionError("no mine to build")


@pytest.mark.parametrize("words", ["építs bányát", "Építs bányát", "build mine"])
def test_GP_NOT_the_building_as_the_menus_name_it_is_read(words):
    """E-1: the menus say "bányát épít" (soon "Építs bányát"): typed back, the accusative and
    the English word name the mine, as "épít bánya" does."""
    st = action_state(["terrans", "xenos"], [(0, "m", "1A5"), (1, "m", "3A7")])
    spot = _mine_spot(st, 0)
    assert GAME.parse_move(st, 0, f"{words} {spot}") == GAME.parse_move(st, 0, f"épít bánya {spot}")


def test_GP_NOT_a_word_that_names_no_building_is_refused_as_such():
    """E-1: "épít torony 1A1" said "Ezt nem építheted akcióként: torony" (GP-ACT-2), as if a
    tower existed but could not be built; it names no building, and the refusal lists them."""
    st = action_state(["terrans", "xenos"], [(0, "m", "1A5"), (1, "m", "3A7")])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, f"épít torony {_mine_spot(st, 0)}")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.no_such_building", "GP-NOT")
    hu, en = render(refused.value.msg, "hu"), render(refused.value.msg, "en")
    assert "„torony”" in hu and "bánya" in hu and "kereskedelmi-állomás" in hu and " m," not in hu
    assert "'torony'" in en and "ts" in en


def test_GP_ACT_2_a_space_station_is_still_no_action_of_its_own():
    st = action_state(["ivits", "xenos"], [(0, "PI", "1A5"), (1, "m", "3A7")])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "épít űrállomás 1A6")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.build_type", "GP-ACT-2")


def test_GP_BOARD_1_an_unknown_action_is_echoed_in_the_readers_words_with_the_choices():
    """E-2: "akció energia" was answered "Ismeretlen akció: pw" (the notation's unit)."""
    st = action_state(["terrans", "xenos"], [(0, "m", "1A5"), (1, "m", "3A7")])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "akció energia")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.unknown_action", "GP-BOARD-1")
    hu = render(refused.value.msg, "hu")
    assert hu.startswith("Ismeretlen akció: energia.") and "pw" not in hu
    assert "energia1" in hu and "ktk3" in hu and "power" not in hu and "qic" not in hu
    assert "power1" in render(refused.value.msg, "en")


def test_GP_FED_8_an_unknown_federation_token_lists_those_left():
    """E-2: "szövetség ... szövetség99" said only "Ismeretlen szövetséglapka: szövetség99"."""
    st = action_state(["terrans", "xenos"], [(0, "m", "1A5"), (1, "m", "3A7")])
    st["fed_supply"]["fed2"] = 0
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "szövetség 1A5,1A6 szövetség99")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.unknown_fed", "GP-FED-8")
    hu = render(refused.value.msg, "hu")
    assert "szövetség1" in hu and "szövetség6" in hu and "szövetség2," not in hu and "fed" not in hu


@pytest.mark.parametrize("word", ["súgó", "help", "?"])
def test_GP_NOT_an_unknown_word_lists_the_verbs_in_the_readers_words(word):
    """E-4: "lépés súgó" was answered "Ismeretlen lépés: súgó" alone, where EVE, Pulsar and
    Space Corp list their verbs."""
    st = action_state(["terrans", "xenos"], [(0, "m", "1A5"), (1, "m", "3A7")])
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(st, 0, word)
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.unknown_command", "GP-NOT")
    hu, en = render(refused.value.msg, "hu"), render(refused.value.msg, "en")
    assert f"„{word}”" in hu and all(v in hu for v in ("épít", "kutat", "passz", "átvált", "feltölt"))
    assert "build" not in hu and "build" in en and "up" in en


def test_GP_SETUP_8_round_scoring_tiles_carry_the_rulebooks_name_and_a_hungarian_code():
    """E-5: /info listed the round scoring tiles as "score3 · 3. forduló pontozólapka": the one
    English code of the list, and a name that reads "the scoring tile of round 3" while tile 3
    may score any round. The rulebook's term is "fordulópontozó-lapka"."""
    tiles = [c for c in GAME.components() if c.id.startswith("score")]
    assert len(tiles) == 10
    for tile in tiles:
        assert render(tile.code, "hu") == "fordulólapka" + tile.id[5:]
        assert render(tile.code, "en") == tile.id
        assert render(tile.name, "hu") == f"{tile.id[5:]}. fordulópontozó-lapka"
        assert "fordulolapka" + tile.id[5:] in tile.aliases     # what /info finds it by


def test_GP_END_7_the_boards_title_names_the_winner_without_two_brackets_in_a_row():
    """E-6: the finished game's image title read "Nyert: Terranok (bob) (48 pont)"."""
    import renderers.gaia as gr
    st = action_state(["terrans", "xenos"])
    st["phase"] = "over"
    st["players"][0]["vp"], st["players"][1]["vp"] = 48, 43
    view = GAME.view(st, None)
    assert gr._in("hu", gr._status_line, view, ["bob", "alice"]).endswith("Nyert: Terranok (bob), 48 ponttal")
    assert gr._in("en", gr._status_line, view, ["bob", "alice"]).endswith("Winner: Terrans (bob) with 48 VP")


def test_GP_END_6a_the_last_pass_is_described_as_the_end_not_as_the_final_scorings_gains():
    """E-8: the last pass of round 6 was offered as "passz (passzol: +4 kredit, +1 érc, −1 KTK,
    −4 energia, +24 győzelmi pont)": the final scoring and its conversions read as the pass's
    own gains. It says the game ends; a pass before the last still shows its own points."""
    st = action_state(["terrans", "xenos"], [(0, "m", "1A5"), (1, "m", "3A7")], boosters=["booster6", "booster7"])
    st["round"], st["passed"] = 6, [1]
    st["players"][1]["passed"] = True
    assert GAME.is_over(play(st, 0, "pass"))
    described = GAME.describe_move(st, 0, "pass")
    assert render(described, "hu") == "a játék véget ér, jön a végső pontozás"
    assert render(described, "en") == "the game ends with the final scoring"    # 27i: one colon in "Pass: …"
    st["passed"], st["players"][1]["passed"] = [], False
    assert render(GAME.describe_move(st, 0, "pass"), "hu") == "+1 győzelmi pont"     # booster 6: 1 VP per mine


@pytest.mark.parametrize("bowls, words", [((4, 4, 0), "−1 energiajelölő"), ((0, 0, 3), "−1 energiajelölő")])
def test_GP_FED_3_a_satellites_token_is_described_as_a_token_not_as_power_spent(bowls, words):
    """E-9: a federation whose satellite's token came from bowl III was offered with "−1 energia"
    (power spent), one from bowl I with nothing: either way a token leaves the game."""
    from .helpers import set_power
    st = action_state(["terrans", "xenos"], [(0, "PI", "3A7"), (0, "ts", "3A6"), (0, "ts", "3B2")])
    set_power(st["players"][0], *bowls)
    text = "federation 3A7,3A6,3B2,-1x0 fed4."
    described = render(GAME.describe_move(st, 0, text), "hu")
    assert words in described and "energia," not in described and not described.endswith("energia")


def test_GP_GF_3_a_gaiaformers_tokens_are_described_as_going_to_the_gaia_area():
    """E-9: "gaiaformálót helyez le: 5A2: −3 energia" (tokens from bowl III) or nothing at all
    (from bowl I): the tokens move to the Gaia area, where the rulebook puts them."""
    from .helpers import set_power
    st = action_state(["terrans", "xenos"], [(0, "m", "1A5"), (1, "m", "3A7")])
    st["players"][0]["research"]["gaia"] = 1
    st["players"][0]["gf_total"] = 1
    set_power(st["players"][0], 2, 2, 4)
    gf = next(GAME.format_move(m).split(" ", 1)[1] for m in GAME.legal_moves(st, 0) if " build gf " in GAME.format_move(m))
    described = render(GAME.describe_move(st, 0, gf), "hu")
    assert "6 energiajelölő a Gaia mezőre" in described and "energia," not in described, described


def test_GP_POW_7_an_action_giving_tokens_says_the_power_spent_and_the_tokens_gained():
    from .helpers import set_power
    st = action_state(["terrans", "xenos"], [(0, "m", "1A5"), (1, "m", "3A7")])
    set_power(st["players"][0], 2, 2, 4)
    assert render(GAME.describe_move(st, 0, "action power7"), "hu") == "−3 energia, +2 energiajelölő"


def test_GP_INC_2_an_income_orders_buttons_stay_alike():
    """E-9's token gains are not said for an income order: every order brings the same tokens,
    and with them one button's words outgrew the 80 characters and lost its description."""
    import random
    st = GAME.new_game({"players": 2, "factions": "choose"}, 0)
    st = play(play(st, 0, "faction ivits"), 1, "faction terrans")
    rng = random.Random(0)
    while True:     # the Ivits' first income: 4 power charged and a token (GP-INC-2)
        seat = min(GAME.waiting_for(st))
        texts = [GAME.format_move(m).split(" ", 1)[1] for m in GAME.legal_moves(st, seat)]
        if "income 1t" in texts:
            break
        st = play(st, seat, rng.choice(texts))
    described = [GAME.describe_move(st, seat, text) for text in texts]
    assert any(d is not None for d in described)
    assert all("energiajelölő" not in render(d, "hu") for d in described if d is not None)
    # L-2: what the orders differ in, the power bowls after them, is what each says
    # (the orders of two steps have no room left for a description in a button's 80 characters)
    shown = [(text, _inner(d, "gaia.delta.bowls").params) for text, d in zip(texts, described) if d is not None]
    assert len({tuple(sorted(b.items())) for _text, b in shown}) > 1
    for text, b in shown:
        after = GAME.apply(st, GAME.parse_move(st, seat, text))["players"][seat]["power"]
        assert (b["bowl1"], b["bowl2"], b["bowl3"]) == (after["area1"], after["area2"], after["area3"])


def _inner(value, key):
    """The message with ``key`` inside the message value ``value`` (nested values and lists)."""
    if isinstance(value, Msg):
        if value.key == key:
            return value
        for _name, inner in value.values:
            found = _inner(inner, key)
            if found is not None:
                return found
    if isinstance(value, Join):
        for item in value.items:
            found = _inner(item, key)
            if found is not None:
                return found
    return None


def test_GP_LEECH_5_a_mistyped_charge_is_echoed_as_typed():
    """E-11: "feltölt 1energi" was answered "... ezt nem választhatod: energi" (the "1" lost)."""
    from .helpers import set_power
    st = action_state(["nevlas", "xenos"], [(1, "PI", "3A7"), (0, "m", "3B5")])
    set_power(st["players"][1], 4, 4, 0)
    st = play(st, 0, "build m 3B2.")
    with pytest.raises(IllegalMove) as refused:
        play(st, 1, "feltölt 1energi")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.charge_bad", "GP-LEECH-5")
    assert render(refused.value.msg, "hu").endswith("ezt nem választhatod: 1energi")


def test_GP_LEECH_10_the_charge_orders_read_in_one_voice():
    """E-12: `/gaia töltés` offered "mindig kérdezz meg" (to the bot), "elfogadja, ha nem kerül
    győzelmi pontba" (of the bot) and "legfeljebb max energiát fogad el"; the status said "mindig
    kérdez" beside "mindig utasítsa el". The choices now all address the bot, the status describes
    what the bot does, and the choice the number goes with still begins with the word its
    refusal names ("A „legfeljebb” módhoz ...")."""
    from rules.messages import text_of
    choices = {c: text_of(f"choice.gaia_policy.{c}", "hu") for c in ("ask", "free", "upto", "never")}
    assert choices == {"ask": "mindig kérdezz meg", "free": "fogadd el, ha nem kerül győzelmi pontba",
                       "upto": "legfeljebb max energiát fogadj el", "never": "mindig utasítsd el"}
    assert "„legfeljebb”" in text_of("gaia_policy_needs_max", "hu")
    status = [text_of(f"gaia.pref.charge.{c}", "hu") for c in ("ask", "free", "upto", "never", "upto_n")]
    assert all("utasítsa" not in s and "fogadja el" not in s and "elfogadás" not in s for s in status)
    assert render(Msg("gaia.pref.charge.upto_n", max=2), "hu") == "legfeljebb 2 energiáig elfogadja a feltöltést"
