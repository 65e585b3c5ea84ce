"""Messages instead of prose (GP-NOT, §12.6 Hungarian aliases), the host helpers default_move,
auto_move, public_choices and describe_move."""
import json
import random
import re
from pathlib import Path

import pytest

from rules.base import IllegalMove
from rules.gaia import GAME
from rules.gaia import engine as E
from rules.gaia.moves import random_move
from rules.gaia.notation import parse_commands
from rules.messages import Join, Msg, message_keys, placeholders, render

from .helpers import action_state, play, set_power

I18N = Path(__file__).resolve().parents[2] / "data" / "gaia" / "i18n"
EN = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
HU = json.loads((I18N / "hu.json").read_text(encoding="utf-8"))


def keys_of(value):
    return set(message_keys(value))


# ----- the catalogue ---------------------------------------------------------------------------
def test_GP_NOT_catalogues_have_the_same_keys_and_placeholders():
    assert EN.keys() == HU.keys()
    for key in EN:
        assert key.startswith("gaia."), key
        assert EN[key].strip() and HU[key].strip(), key
        assert placeholders(EN[key]) == placeholders(HU[key]), key
        assert len(EN[key]) < 1500 and len(HU[key]) < 1500, key


def test_GP_NOT_option_and_preference_texts_fit_discord():
    for spec in GAME.options:
        assert spec.description in EN or spec.name == "players"
        for choice in spec.choices:
            assert spec.choice_key(choice) in EN
    for pref in GAME.preferences:
        assert pref.description in EN
        for choice in pref.choices:
            assert f"{pref.description}.{choice}" in EN
    for key in EN:
        if key.startswith(("gaia.opt.", "gaia.pref.")):
            assert len(EN[key]) <= 100 and len(HU[key]) <= 100, key


def test_GP_NOT_help_summary_title_and_seat_labels_are_messages():
    for value in (GAME.notation_help(), GAME.rules_summary(), GAME.title_msg()):
        assert isinstance(value, Msg)
        assert keys_of(value) <= EN.keys()
        assert render(value, "hu") != render(value, "en")
    st = GAME.new_game({"players": 3, "factions": "random"}, 4)
    label = GAME.seat_label(st, 0)
    assert label.key.startswith("gaia.faction.")
    assert render(Msg("gaia.faction.terrans"), "hu") == "Terranok"
    for line in GAME.status_lines(GAME.view(st, None)):
        assert isinstance(line, Msg) and keys_of(line) <= EN.keys()
        assert "{" not in render(line, "hu")


# ----- refusals ---------------------------------------------------------------------------------
REFUSED = [
    ("build m 9Z9", "gaia.err.unknown_hex"),
    ("up nav", "gaia.err.research_cost"),
    ("frobnicate", "gaia.err.unknown_command"),
    ("pass booster99", "gaia.err.booster_not_in_play_list"),
    ("up terra. up nav", "gaia.err.second_action"),
    ("build m 6A4 9A10", "gaia.err.trailing"),
]


@pytest.mark.parametrize("text,key", REFUSED)
def test_GP_NOT_refusals_carry_catalogued_keys(text, key):
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    st["players"][0]["k"] = 4 if "up terra." in text else 0
    with pytest.raises(IllegalMove) as info:
        play(st, 0, text)
    assert info.value.msg.key == key
    for k in keys_of(info.value.msg):
        assert k in EN and k in HU
    assert "{" not in render(info.value.msg, "hu")


def test_GP_NOT_refusals_of_random_playouts_are_all_catalogued():
    """Try a handful of wrong moves in many reachable states: every refusal is a catalogued key."""
    rng = random.Random(5)
    st = GAME.new_game({"players": 3, "factions": "random"}, 5)
    probes = ["build m 1A1", "build ts 1A1", "up terra", "action qic2", "pass", "special 4pw",
              "federation 1A1,1A2 fed1", "spend 3pw for 1q", "burn 9", "charge 9pw", "income 9t",
              "brainstone gaia", "faction terrans", "booster booster1", "decline"]
    for _ in range(250):
        if GAME.is_over(st):
            break
        seat = sorted(GAME.waiting_for(st))[0]
        for text in probes:
            try:
                GAME.apply(st, GAME.parse_move(st, seat, text))
            except IllegalMove as e:
                assert keys_of(e.msg) <= EN.keys() and keys_of(e.msg) <= HU.keys(), e.msg
                assert e.msg.key.startswith("gaia.")
        st = GAME.apply(st, random_move(st, seat, rng))


def test_GP_FED_2_value_refusal_keeps_its_rule():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    with pytest.raises(IllegalMove) as info:
        E.form_federation(st, 0, "3A7", "fed1", None)
    assert info.value.rule == "GP-FED-2" and info.value.msg.key == "gaia.err.fed_value"


# ----- Hungarian and capitalised notation (§12.6) -----------------------------------------------
@pytest.mark.parametrize("text,cmds", [
    ("épít bánya 4A10", [["build", "m", "4A10"]]),
    ("epit banya 4A10", [["build", "m", "4A10"]]),
    ("ÉPÍT BÁNYA 4a10", [["build", "m", "4a10"]]),
    ("Build M 4A10", [["build", "m", "4A10"]]),
    ("fejleszt kereskedelmi állomás 4A10", [["build", "ts", "4A10"]]),
    ("épít labor 4A10. tech terra. up terraformálás", [["build", "lab", "4A10"], ["tech", "terra"], ["up", "terra"]]),
    ("épít bolygótani intézet 4A10", [["build", "PI", "4A10"]]),
    ("épít intézet 4A10", [["build", "PI", "4A10"]]),
    ("épít akadémia2 4A10", [["build", "ac2", "4A10"]]),
    ("épít gaiaformáló 5B2", [["build", "gf", "5B2"]]),
    ("kutatás navigáció", [["up", "nav"]]),
    ("Kutatás MI", [["up", "int"]]),
    ("kutatás mesterséges intelligencia", [["up", "int"]]),
    ("kutatas gazdasag", [["up", "eco"]]),
    ("kutatás tudomány", [["up", "sci"]]),
    ("passz booster3", [["pass", "booster3"]]),
    ("Passz Booster3", [["pass", "booster3"]]),
    ("akció power3", [["action", "power3"]]),
    ("AKCIO QIC1", [["action", "qic1"]]),
    ("szövetség 1A1,1B2 fed4", [["federation", "1A1,1B2", "fed4"]]),
    ("elutasít", [["decline"]]),
    ("feltölt 2pw", [["charge", "2pw"]]),
    ("töltés 2PW", [["charge", "2pw"]]),
    ("átvált 4pw 1q", [["spend", "4pw", "1q"]]),
    ("Spend 4PW for 1Q", [["spend", "4pw", "1q"]]),
    ("éget 2", [["burn", "2"]]),
    ("Faction terrans", [["faction", "terrans"]]),
    ("faj Hadsch-Hallas", [["faction", "hadsch-hallas"]]),
    ("Special Swap-pi. swap-pi 4A10", [["special", "swap-PI"], ["swap-PI", "4A10"]]),
    ("agykő area1", [["brainstone", "area1"]]),
    ("bevétel 4pw", [["income", "4pw"]]),
    ("Decline 2pw", [["decline"]]),
])
def test_GP_NOT_hungarian_and_capitalised_aliases(text, cmds):
    assert parse_commands(text) == cmds


def test_GP_NOT_hungarian_move_is_stored_in_canonical_english():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    a = GAME.parse_move(st, 0, "Épít Bánya 3B2")
    b = GAME.parse_move(st, 0, "build m 3B2")
    assert a["cmds"] == [["build", "m", "3B2"]]
    assert GAME.format_move(a) == GAME.format_move(b) == "terrans build m 3B2"
    assert GAME.apply(st, a) == GAME.apply(st, b)


def test_GP_SETUP_13_capitalised_faction_choice_works():
    st = GAME.new_game({"players": 2, "factions": "choose"}, 3)
    st = GAME.apply(st, GAME.parse_move(st, 0, "Faction terrans"))
    assert st["players"][0]["faction"] == "terrans"


@pytest.mark.parametrize("text", ["build m 6A4 9A10", "up nav terra", "pass booster3 booster4", "charge 2pw 3pw",
                                  "faction terrans xenos"])
def test_GP_NOT_text_after_a_complete_move_is_refused(text):
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    with pytest.raises(IllegalMove) as info:
        GAME.parse_move(st, 0, text)
    assert info.value.msg.key == "gaia.err.trailing"
    assert info.value.rule == "GP-NOT"


# ----- default_move ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 3)])
def test_GP_RPL_default_move_is_legal_in_every_reachable_decision(seed, players):
    rng = random.Random(seed)
    st = GAME.new_game({"players": players, "factions": "random", "map": "method3" if seed % 2 else "standard"},
                       seed)
    steps = 0
    while not GAME.is_over(st) and steps < 1500:
        for seat in sorted(GAME.waiting_for(st)):
            move = GAME.default_move(st, seat)
            assert move is not None, (seat, st["phase"])
            GAME.apply(st, GAME.parse_move(st, seat, GAME.format_move(move)))   # legal
            if st.get("offer"):
                assert move["cmds"] == [["decline"]]
            elif st["phase"] == "actions":
                assert move["cmds"][-1][0] == "pass"
        seat = rng.choice(sorted(GAME.waiting_for(st)))
        st = GAME.apply(st, random_move(st, seat, rng))
        steps += 1
    assert GAME.default_move(st, 0) is None or not GAME.is_over(st)


def test_GP_PASS_3_default_move_on_a_turn_passes_with_the_first_free_booster():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")], boosters=["booster1", "booster2"])
    move = GAME.default_move(st, 0)
    assert move["cmds"][0][0] == "pass" and move["cmds"][0][1] not in ("booster1", "booster2")
    assert GAME.default_move(st, 1) is None   # not seat 1's decision


# ----- auto_move (standing charge orders) --------------------------------------------------------
def _offer(amount):
    """An action state where seat 1 is offered ``amount`` power (GP-LEECH-1)."""
    typ = {1: "m", 2: "ts", 3: "PI"}[amount]
    st = action_state(["nevlas", "terrans"], [(1, typ, "3A7"), (0, "m", "3B5")])
    st["players"][0]["research"]["nav"] = 4
    set_power(st["players"][1], 2, 4, 0)
    st = play(st, 0, "build m 3B2.")
    assert st["offer"]["seat"] == 1 and st["offer"]["offers"] == [f"{amount}pw"]
    return st


@pytest.mark.parametrize("choice,amount,expected", [
    ("ask", 1, None), ("ask", 3, None),
    ("never", 1, "decline"), ("never", 3, "decline"),
    ("free", 1, "charge 1pw"), ("free", 2, None),
    ("upto", 2, "charge 2pw"), ("upto", 3, None),
])
def test_GP_LEECH_auto_move_honours_each_charge_policy(choice, amount, expected):
    st = _offer(amount)
    result = GAME.auto_move(st, 1, {"charge": {"choice": choice, "max": 2}})
    if expected is None:
        assert result is None
        return
    move, reason = result
    assert GAME.format_move(move).endswith(expected)
    GAME.apply(st, move)
    assert isinstance(reason, Msg) and keys_of(reason) <= EN.keys()
    assert GAME.auto_move(st, 0, {"charge": {"choice": choice, "max": 2}}) is None   # not offered to seat 0


def test_GP_LEECH_auto_move_without_preferences_asks():
    assert GAME.auto_move(_offer(1), 1, {}) is None


def test_GP_FAC_TAK_1_two_way_offers_always_ask():
    st = _offer(2)
    st["offer"]["offers"] = ["2pw,1t", "1t,2pw"]
    assert GAME.auto_move(st, 1, {"charge": {"choice": "upto", "max": 6}}) is None
    assert GAME.auto_move(st, 1, {"charge": {"choice": "free"}}) is None
    assert GAME.auto_move(st, 1, {"charge": {"choice": "never"}}) is None


def test_GP_LEECH_auto_move_reason_names_the_limit():
    move, reason = GAME.auto_move(_offer(2), 1, {"charge": {"choice": "upto", "max": 3}})
    assert "3" in render(reason, "en") and "3" in render(reason, "hu")


# ----- public_choices ------------------------------------------------------------------------------
def test_GP_LEECH_public_choices_offer_charge_or_decline():
    st = _offer(2)
    assert GAME.public_choices(st) == (1, ["charge 2pw", "decline"])


def test_GP_SETUP_23_public_choices_for_a_small_decision_and_none_for_a_turn():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    assert GAME.public_choices(st) is None          # a main turn has far more than 5 moves
    st = GAME.new_game({"players": 2, "factions": "choose"}, 3)
    assert GAME.public_choices(st) is None          # 14 factions to choose from
    rng = random.Random(3)
    while st["phase"] != "boosters":
        seat = sorted(GAME.waiting_for(st))[0]
        st = GAME.apply(st, random_move(st, seat, rng))
    seat, texts = GAME.public_choices(st)
    assert seat in GAME.waiting_for(st) and 2 <= len(texts) <= 5
    assert all(" booster booster" in f" {t}" for t in texts)


def test_GP_FAC_TAK_1_public_choices_for_the_brainstone_question():
    rng = random.Random(11)
    found = False
    for seed in range(1, 6):
        st = GAME.new_game({"players": 2, "factions": "random"}, seed)
        for _ in range(600):
            if GAME.is_over(st):
                break
            choices = GAME.public_choices(st)
            if choices is not None:
                seat, texts = choices
                assert seat in GAME.waiting_for(st)
                assert 2 <= len(texts) <= 5
                for text in texts:
                    GAME.apply(st, GAME.parse_move(st, seat, text))
                found = True
            seat = rng.choice(sorted(GAME.waiting_for(st)))
            st = GAME.apply(st, random_move(st, seat, rng))
    assert found


# ----- describe_move and private lines ---------------------------------------------------------------
def test_GP_MINE_3_describe_move_shows_the_cost_of_a_mine():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    legal = [GAME.format_move(m) for m in GAME.legal_moves(st, 0) if m["cmds"][0][:2] == ["build", "m"]]
    text = legal[0].split(" ", 1)[1]
    described = GAME.describe_move(st, 0, text)
    assert described is not None and described.key == "gaia.describe.effect"
    # a mine costs 2c and ore (terraforming): the steps first (newcomer 27i), then the costs
    assert re.match(r"(\d terraforming steps?, )?-2 credits, -", render(described, "en"))
    assert re.match(r"(\d terraformálási lépés, )?−2 kredit, −", render(described, "hu"))   # the minus sign in Hungarian
    assert GAME.describe_move(st, 0, "build m") is None      # partial text: nothing to say, no exception
    assert GAME.describe_move(st, 0, "nonsense words") is None


def test_GP_INC_6_income_prompt_says_what_each_choice_gives():
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    p = st["players"][0]
    p["waiting"] = "income"
    p["income_todo"] = ["4pw", "1t"]
    lines = GAME.private_lines(GAME.view(st, 0), 0)
    text_en = render(lines[0], "en")
    text_hu = render(lines[0], "hu")
    assert "income 4pw (charge 4 power)" in text_en and "income 1t (gain 1 power token)" in text_en
    assert "4 energia feltöltése" in text_hu


def test_GP_LEECH_3_offer_prompt_names_the_vp_price():
    st = _offer(3)
    text = render(GAME.private_lines(GAME.view(st, 1), 1)[0], "en")
    assert "charge 3pw (charge 3 power for 2 VP)" in text and "decline" in text
    assert "{" not in render(GAME.private_lines(GAME.view(st, 1), 1)[0], "hu")


def test_GP_NOT_join_values_render_in_hungarian():
    from rules.messages import text_of
    msg = Msg("gaia.err.charge_bad", offers=Join(["1pw", "2pw"], "or"), given="3pw")
    word = text_of("list.or", "hu")
    assert f"1pw {word} 2pw" in render(msg, "hu") and render(msg, "hu").startswith("A lehetőség")


def test_GP_NOT_a_sector_centre_hex_is_not_read_as_credits():
    """'7C' names sector 7's centre hex; '7c' is seven credits: case-insensitive reading
    must keep the hex name as written."""
    from rules.gaia.notation import format_line, parse_commands
    cmds = parse_commands("special space-station. build sp 7C")
    assert format_line("ivits", cmds) == "ivits special space-station. build sp 7C"
    assert parse_commands("spend 7c for 1o")[0][1] == "7c"     # lower case: an amount


def test_GP_VAR_11_a_sector_can_be_rotated_by_the_number_printed_on_the_map():
    state = GAME.new_game({"players": 2, "rotate_sectors": True}, 1)
    last = state["n"] - 1
    sector = state["placement"][0]
    centre = f"{sector['center']['q']}x{sector['center']['r']}"
    for steps in range(1, 6):   # a rotation that keeps home planets apart (GP-MAP-7)
        try:
            by_centre = GAME.apply(state, GAME.parse_move(state, last, f"rotate {centre} {steps}"))
        except IllegalMove:
            continue
        by_number = GAME.apply(state, GAME.parse_move(state, last, f"rotate {sector['sector']} {steps}"))
        assert by_number["placement"] == by_centre["placement"] != state["placement"]
        break
    else:
        pytest.fail("no legal rotation of the first sector")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, GAME.parse_move(state, last, "rotate 99 1"))
    assert refused.value.msg.key == "gaia.err.rotate_no_sector"
    with pytest.raises(IllegalMove):
        GAME.parse_move(state, last, "rotate 3")       # a sector without steps is refused, not ignored
