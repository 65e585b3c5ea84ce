"""Every Gaia Project move label fits Discord by design: autocomplete choices and menu options
carry at most 100 characters, buttons 80, and the host clips a longer one (dropping what the
player needs).  Over seeded random playouts of every player count, in both languages, every
legal move's label (its phrase, then what it does) fits; a public choice's button (income
order, brainstone, charge offers, setup) fits 80.  A compound move (a lab, then a tech tile,
then a research step: GP-ACT-1, GP-TECH-1) says each step in fewer words when the whole would
not fit: a tech tile without its position, then the steps' brief wordings, then a tile by its
position alone; the gains and costs are left out before anything is clipped.  No two legal
moves of a seat share a label."""
from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules.messages import LANGUAGES, render

from tests.pulsar.test_label_length import BUTTON_LIMIT, MENU_LIMIT, host_label, labels_over, playout_positions


@pytest.mark.parametrize("seed", [0, 40])
def test_GP_ACT_every_gaia_label_fits_in_both_languages(seed: int) -> None:
    over = labels_over("gaia", seed, 3)
    assert not over, "\n".join(over[:10])


def _duplicates(players: int, seed: int, every: int) -> list[str]:
    """Labels two different legal moves of one seat share, at every ``every``-th position."""
    game = rules.get_game("gaia")
    state = game.new_game({"players": players}, seed)
    rng = random.Random(seed)
    found: list[str] = []
    for ply in range(3000):
        if game.is_over(state):
            return found
        seats = sorted(game.waiting_for(state))
        if ply % every == 0:
            for seat in seats:
                texts = [game.format_move(move) for move in game.legal_moves(state, seat)]
                for language in LANGUAGES:
                    seen: dict[str, str] = {}
                    for text in texts:
                        label = host_label(game, state, seat, text, language)
                        if label in seen and seen[label] != text:
                            found.append(f"{language}: [{seen[label]}] [{text}] {label}")
                        seen[label] = text
        state = game.apply(state, game.random_move(state, rng.choice(seats), rng))
    raise AssertionError("gaia: no end after 3000 moves")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_two_legal_moves_share_a_label(players: int) -> None:
    duplicates = _duplicates(players, 7 + players, 4)
    assert not duplicates, "\n".join(duplicates[:10])


def _state_with_tech(tile_at: dict[str, str]) -> Any:
    game = rules.get_game("gaia")
    state = game.new_game({"players": 2}, 0)
    return {**state, "phase": "actions", "offer": None, "tech": {**(state.get("tech") or {}), **tile_at}}


def test_GP_TECH_a_lab_tile_and_step_keeps_hex_tile_and_area() -> None:
    """A research lab, the tech tile on the AI spot and a step in AI (a 264-character Hungarian
    label before): the hex and the area stay, each step in its brief words."""
    game = rules.get_game("gaia")
    state = _state_with_tech({"int": "tech7"})
    text = "taklons build lab 9A8. tech int. up int"
    phrase = game.move_phrase(state, 0, text)
    assert phrase is not None
    for language in LANGUAGES:
        shown = render(phrase, language, label=True)
        assert len(shown) <= MENU_LIMIT, shown
        assert "9A8" in shown and ("MI" if language == "hu" else "AI") in shown, shown
    assert "gaia.phrase.brief.up" in repr(phrase), phrase


def test_GP_FED_a_long_federation_keeps_every_hex_and_its_token() -> None:
    """Eleven buildings in a federation: every hex and the token stay; the token is not said
    twice (the description gives the gains alone)."""
    game = rules.get_game("gaia")
    state = _state_with_tech({})
    text = "nevlas federation 5A0,5A1,5A4,5B1,5B2,8A2,8A7,8A8,8B1,8B2,8B3 fed3"
    phrase = game.move_phrase(state, 0, text)
    assert phrase is not None
    for language in LANGUAGES:
        shown = render(phrase, language, label=True)
        assert len(shown) <= MENU_LIMIT, shown
        for hex_code in ("5A0", "5A4", "8A2", "8B3"):
            assert hex_code in shown, (hex_code, shown)
    assert "gaia.fedgist" in repr(phrase)


def test_GP_INC_income_order_buttons_fit_80_with_the_bowls_after() -> None:
    """Outside the action phase the moves may be buttons (income order, brainstone): their
    labels fit a button's 80 characters.  An income order's button keeps where the power tokens
    end up (GP-INC-2: what the order is chosen on), in brief where the full words do not fit:
    "Bevétel ebben a sorrendben: 4 energia, 1 energiajelölő (I/II/III 0/2/5)"."""
    from rules.gaia.texts import move_phrase
    state = {**_state_with_tech({}), "phase": "income"}
    phrase = move_phrase(state, "taklons brainstone area1. brainstone area2")
    assert phrase is not None
    for language in LANGUAGES:
        assert len(render(phrase, language, label=True)) <= BUTTON_LIMIT
    game, state, seat, orders = _income_order_position()
    assert any(". " in order for order in orders)
    for order in orders:
        description = game.describe_move(state, seat, order)
        assert description is not None and description.key in ("gaia.describe.effect", "gaia.delta.bowls_brief"), order
        for language in LANGUAGES:
            shown = host_label(game, state, seat, order, language)
            assert len(shown) <= BUTTON_LIMIT and "I/II/III" in shown, shown


def _income_order_position() -> tuple[Any, Any, int, list[str]]:
    """The first income order asked in a seeded 4-player playout (GP-INC-2), as buttons."""
    for game, state, _seats in playout_positions("gaia", 4, 104, 1):
        choices = game.public_choices(state)
        if choices and any(text.count("income") >= 2 for text in choices[1]):
            return game, state, choices[0], choices[1]
    raise AssertionError("no income order in the playout")


def test_GP_FED_fifteen_buildings_say_each_sector_once() -> None:
    """A federation of fifteen hexes (107 characters before): each sector's number said once
    ("6A10 A4 A9 B2"), every hex kept, the token in brief units; never clipped."""
    game = rules.get_game("gaia")
    state = _state_with_tech({})
    text = "taklons federation 1A4,1B2,1B5,1C,3A1,3A2,5A8,6A10,6A4,6A9,6B2,6B3,6B4,9A8,9B4 fed3"
    from rules.gaia.texts import move_phrase
    # the satellites' tokens beside it, its cost in words and in brief (GaiaGame._description_rooms)
    room = 3 + len("−9 jelölő")
    phrase = move_phrase(state, text, (3 + len("−9 energiajelölő"), room))
    assert phrase is not None
    for language in LANGUAGES:
        shown = render(phrase, language, label=True)
        assert len(shown) <= MENU_LIMIT - room, shown
        assert "1A4 B2 B5 C" in shown and "6A10 A4 A9 B2 B3 B4" in shown and "9A8 B4" in shown, shown
        assert len(host_label(game, state, 0, text, language)) <= MENU_LIMIT


@pytest.mark.parametrize("text", [
    "taklons build ac1 6B5. tech adv-int. cover free2. up gaia",     # GP-TECH-3: an advanced tile covers one
    "firaks special down-lab. build ts 4B2. up gaia",                # GP-FAC: Firaks' lab back to a station
    "xenos action qic2. fedtile fed5",                               # GP-ACT: a token's reward again
    "bescods federation 10A0,10A11,2A5,3A5,3A8,3B3,3B4,4A0,6A6,6A7,6A8,7A0,9A8,9B4 fed3",
])
def test_GP_ACT_the_longest_moves_seen_fit(text: str) -> None:
    """The longest labels found on wider playouts (up to 134 characters before) fit, in both
    languages, with the hexes kept."""
    game = rules.get_game("gaia")
    state = _state_with_tech({})
    for language in LANGUAGES:
        shown = host_label(game, state, 0, text, language)
        assert len(shown) <= MENU_LIMIT, shown
        assert all(hex_code in shown for hex_code in ("6B5", "4B2", "10A0") if hex_code in text), shown


#: the lines a label may still say without their description: a Taklons lab that takes an advanced
#: tile, covers one, steps and moves the brainstone (six steps: "Építs labort: 7B4; lapka: „passz:
#: 3 pont/labor”; takard le: szabad2; kutatás: gazd; agykő: III" is 96 characters before its cost),
#: a Taklons federation of ten hexes or more with a brainstone step, and one of sixteen hexes
STILL_BARE = ("build lab .* cover .* brainstone", "federation .* brainstone", "federation [^ ]{60,}")


def test_GP_ACT_every_label_keeps_what_the_move_costs_or_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over seeded playouts of every player count (every third position), a label whose move
    has something to say (its gains, its cost, what a decline turns down) says it beside its
    words, in full or in brief ("−6 kr, −6 ér"), in both languages: 449 labels said nothing
    over twelve playouts before (a power action and its mine, an academy's tile, an income
    order's bowls, an Itar's tile, 13-hex federations), 10 after, all of :data:`STILL_BARE`."""
    import re

    import rules.gaia.texts as texts
    bare: list[str] = []
    fitted = texts.fitted_description

    def spy(state: Any, text: str, candidates: Any, *rooms: Any) -> Any:
        found = fitted(state, text, candidates, *rooms)
        if found is None and candidates:
            bare.append(text)
        return found

    monkeypatch.setattr(texts, "fitted_description", spy)
    described = 0
    for players in (2, 3, 4):
        for game, state, seats in playout_positions("gaia", players, 100 + players, 3):
            for seat in seats:
                for move in game.legal_moves(state, seat):
                    described += game.describe_move(state, seat, game.format_move(move)) is not None
    unexpected = [text for text in bare if not any(re.search(kind, text) for kind in STILL_BARE)]
    assert described > 1000 and not unexpected, unexpected[:10]


def test_GP_POW_7_GP_LEECH_4_a_power_actions_mine_and_a_charge_offer_keep_their_cost() -> None:
    """A power action's terraforming steps before a mine ("Energiaakció: 1 terraformálási lépés;
    építs bányát: 4A9 (−2 kredit, −1 érc, −1 KTK, −3 energia)": the words left no room for it
    before) and a charge offer's VP (GP-LEECH-4: "Tölts fel 3 energiát: −2 győzelmi pont") stand
    beside the move's words within the limit, in both languages."""
    found: set[str] = set()
    for game, state, seats in playout_positions("gaia", 3, 103, 1):
        for seat in seats:
            for move in game.legal_moves(state, seat):
                text = game.format_move(move)
                body = text.split(" ", 1)[1]
                kind = "mine" if body.startswith("action power") and ". build m " in body else \
                    "charge" if body.startswith("charge") and body != "charge 1pw" else None
                if kind is None or kind in found:
                    continue
                description = game.describe_move(state, seat, text)
                assert description is not None, text
                for language in LANGUAGES:
                    shown = host_label(game, state, seat, text, language)
                    said = render(description, language, label=True)
                    assert said in shown and len(shown) <= MENU_LIMIT, shown
                    assert ("energia" if language == "hu" else "power") in said or "pont" in said or "VP" in said, said
                found.add(kind)
        if found == {"mine", "charge"}:
            return
    raise AssertionError(f"the playout offered only {found}")


#: the units whose words and brief differ ("−6 kredit" / "−6 kr"; a QIC is "KTK" in both)
TWO_FORMS = ("c", "o", "k", "pw", "t", "vp")


def _amount_forms(node: Any, found: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (form, unit) pairs a description says its amounts in: "words" (``gaia.delta.*``) or
    "brief" (``gaia.delta_brief.*``)."""
    import re

    from rules.messages import Join, Msg
    if isinstance(node, Msg):
        match = re.fullmatch(r"gaia\.delta(_brief)?\.([a-z]+?)(_one)?", node.key)
        if match and match.group(2) in TWO_FORMS:
            found.add(("brief" if match.group(1) else "words", match.group(2)))
        for _name, value in node.values:
            _amount_forms(value, found)
    elif isinstance(node, (Join, tuple)):
        for item in node.items if isinstance(node, Join) else node:
            _amount_forms(item, found)
    return found


def _decision_of(text: str) -> str:
    """A menu's decision as a player meets it: the line with its chosen arguments (a tile, an
    area, a token, a booster, an action) and a tile's research step (or its decline) left open."""
    from rules.gaia.notation import parse_commands, split_actor
    from rules.gaia.texts import CHOSEN_ARGUMENTS
    cmds = parse_commands(split_actor(text)[1])
    said = []
    for index, cmd in enumerate(cmds):
        if cmd[0] in ("up", "decline") and index and cmds[index - 1][0] in ("tech", "cover"):
            said.append("step")
            continue
        said.append(" ".join([cmd[0], *("*" if (cmd[0], at) in CHOSEN_ARGUMENTS else arg for at, arg in enumerate(cmd[1:]))]))
    return ". ".join(said)


def test_GP_TECH_GP_FED_a_decision_says_its_cost_one_way() -> None:
    """The lines of one decision say the same amounts one way: in words where every line has
    room for them, else in brief in all (a native reader, 2026-11-28: an academy's "…; kutatás
    nélkül (−6 kr, −6 ér)" beside "…; kutatás: nav (−6 kredit, −6 érc)", a federation's "(−10
    jelölő)" beside "(−10 energiajelölő)").  A tile's declined research step is a line of its
    decision (GP-TECH-3).  20 decisions mixed the forms over twelve playouts (every 2nd
    position) before, none after; these three held 8 of them."""
    from collections import defaultdict
    mixed: list[str] = []
    seen = {"words": 0, "brief": 0}
    for players, seed in ((2, 102), (3, 103), (4, 102)):
        for game, state, seats in playout_positions("gaia", players, seed, 2):
            for seat in seats:
                decisions: dict[str, list[tuple[str, Any]]] = defaultdict(list)
                for move in game.legal_moves(state, seat):
                    text = game.format_move(move)
                    decisions[_decision_of(text)].append((text, game.describe_move(state, seat, text)))
                for lines in decisions.values():
                    if len(lines) < 2:
                        continue
                    forms: set[tuple[str, str]] = set()
                    for _text, description in lines:
                        _amount_forms(description, forms)
                    for form in seen:
                        seen[form] += any(kind == form for kind, _unit in forms)
                    if {unit for kind, unit in forms if kind == "words"} & {unit for kind, unit in forms if kind == "brief"}:
                        mixed.append(lines[0][0])
    assert seen["words"] > 50 and seen["brief"] > 5 and not mixed, (seen, mixed[:5])


def test_GP_TECH_3_a_declined_step_is_a_line_of_its_tiles_decision() -> None:
    """An academy's tile without its research step stands in the menu of the same tile with a
    step: one decision, worded alike (the decline was a decision of its own before)."""
    from rules.gaia.texts import decision_lines
    state = _state_with_tech({"int": "tech7"})
    declined = decision_lines(state, "nevlas build ac1 3A7. tech free1. decline")
    stepped = decision_lines(state, "nevlas build ac1 3A7. tech nav. up nav")
    assert set(declined) == set(stepped)
    assert "nevlas build ac1 3A7. tech int. up int" in declined and "nevlas build ac1 3A7. tech nav. decline" in declined
    advanced = decision_lines(state, "taklons build lab 4A4. tech adv-eco. cover free1. decline")
    assert "taklons build lab 4A4. tech adv-eco. cover free1. up terra" in advanced


def test_GP_UPG_1_both_academies_are_one_decision() -> None:
    """The two academies a lab may become (GP-UPG-1) stand side by side in the menu: one
    decision, worded alike (newcomer 28c G-1: "Építs akadémiát (tudás): 5A7; …; kutatás: gaia
    (−6 kr, −6 ér)" beside "Építs akadémiát (KTK): 5A7; …; kutatás: gaia (−6 kredit, −6 érc)").
    Other buildings choose no academy: a mine's line is its own."""
    from rules.gaia.texts import decision_lines
    state = _state_with_tech({"int": "tech7"})
    lines = decision_lines(state, "nevlas build ac1 3A7. tech free1. decline")
    assert "nevlas build ac2 3A7. tech free1. decline" in lines
    assert "nevlas build ac2 3A7. tech int. up int" in lines
    assert decision_lines(state, "nevlas build m 3A7") == ("nevlas build m 3A7",)


#: an income order's wordings, one family per brief level: a step first, then a whole order
ORDER_FAMILIES = ({"gaia.phrase.income", "gaia.phrase.income_order"},
                  {"gaia.phrase.brief.income_first", "gaia.phrase.brief.income_order"},
                  {"gaia.phrase.brief.income_first_short", "gaia.phrase.brief.income_order_short"})


def _order_key(phrase: Any) -> str:
    """The key of an income order's words (a Taklons line's first part, the brainstone after it)."""
    if phrase.key in ("gaia.phrase.then", "gaia.phrase.brief.then"):
        return str(dict(phrase.values)["first"].key)
    return str(phrase.key)


def test_GP_INC_2_an_income_orders_buttons_say_it_one_way() -> None:
    """The buttons of one income order (GP-INC-2) use one phrasing: "Order: 4 power first" beside
    "Order: 4 power, 1 power token" (was "Take the income 4 power" beside "Order: …"), and a
    Taklons' "Order: 1 power first; brainstone to bowl III" beside "Order: 2 power tokens first"
    (GP-FAC-TAK-1; was "Income: 1 power; …"), in the briefer words where a whole order needs
    them; every one within a button's 80 characters."""
    lists: list[set[str]] = []
    for players, seed in ((3, 102), (3, 104), (4, 104), (4, 105)):
        for game, state, _seats in playout_positions("gaia", players, seed, 1):
            choices = game.public_choices(state)
            if not choices or not any(text.count("income") for text in choices[1]):
                continue
            seat, texts = choices
            lists.append({_order_key(phrase) for text in texts if (phrase := game.move_phrase(state, seat, text)) is not None})
            for text in texts:
                for language in LANGUAGES:
                    assert len(host_label(game, state, seat, text, language)) <= BUTTON_LIMIT
    assert len(lists) >= 10 and all(any(keys <= family for family in ORDER_FAMILIES) for keys in lists), lists
    assert sum(len(keys) > 1 for keys in lists) >= 3, lists
