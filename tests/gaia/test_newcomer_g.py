"""Gaia Project as a newcomer met it (docs/newcomer-report-2026-11-27b.md, G2-G5).

- G3: every booster says its parts alike, wherever it is named (labels, thread lines, info, the
  pass decision's refusals): the income as income, the special action as an action, the pass VP
  as such (GP-PASS-2, GP-PASS-3, GP-PASS-7).
- G2: the labels of one decision (the boosters a pass or the first choice offers) are in one
  wording: the briefest any of them needs (GP-PASS-3, GP-SETUP-9).
- G4: conversions alone are refused with an example of a conversion written before an action
  in the same move (GP-ACT-1, GP-ACT-4).
- G5: a new round's news tells each player's income (GP-INC-1).
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from rules.base import IllegalMove
from rules.gaia import GAME
from rules.gaia import engine as E
from rules.gaia.notation import parse_commands, split_actor
from rules.gaia.tables import BOOSTERS, parse_rewards
from rules.gaia.texts import CHOSEN_ARGUMENTS, full_phrase, move_phrase
from rules.messages import LANGUAGES, Msg, message_keys, render, text_of

from tests.pulsar.test_label_length import playout_positions

from .helpers import action_state, play, set_power

# ----------------------------------------------------------------------------- G3


def _income_label(language: str) -> str:
    """What a booster's income part starts with ("income: ", "bevétel: ")."""
    text = text_of("gaia.booster.income", language) or ""
    return text[:text.index("{income}")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_GP_PASS_7_every_booster_wording_names_its_income_as_income(language: str) -> None:
    """The brief and the full wording, with or without a second part, begin alike (newcomer G3:
    "bónusz4 (2 kredit; akció: …)" beside "bónusz1 (bevétel: 1 tudás és 1 érc)")."""
    label = _income_label(language)
    assert label.strip()
    for key in ("gaia.booster.income", "gaia.booster.income_and", "gaia.booster.short"):
        assert (text_of(key, language) or "").startswith(label + "{income}"), key


def test_GP_PASS_2_every_booster_names_its_parts_in_its_gist_and_text() -> None:
    """Each booster's gist and text: the income part, then its action or its pass VP by key."""
    for bid, booster in BOOSTERS.items():
        comp = GAME.component(bid)
        assert comp is not None and comp.gist is not None
        gist_keys, text_keys = set(message_keys(comp.gist)), set(message_keys(comp.text))
        if booster["action"]:
            assert comp.gist.key == "gaia.booster.short", bid
            assert any(k.startswith("gaia.booster.short_action.") for k in gist_keys), bid
            assert any(k.startswith("gaia.booster.action.") for k in text_keys), bid
        elif booster["pass"]:
            assert comp.gist.key == "gaia.booster.short", bid
            assert "gaia.booster.short_pass" in gist_keys and "gaia.booster.pass" in text_keys, bid
        else:
            assert comp.gist.key == "gaia.booster.income", bid
        for language in LANGUAGES:
            assert render(comp.gist, language).startswith(_income_label(language)), (bid, language)
            assert _income_label(language) in render(comp.text, language), (bid, language)


def test_GP_PASS_3_every_phrase_naming_a_booster_says_its_gist() -> None:
    """Labels (every limit) and thread lines (the full phrase) name a booster by its gist."""
    for bid in BOOSTERS:
        gist = GAME.component(bid).gist
        for text in (f"pass {bid}", f"booster {bid}"):
            for state in (None, {"phase": "boosters"}, {"boosters": dict.fromkeys(BOOSTERS)}):
                for phrase in (move_phrase(state, text), full_phrase(state, text)):
                    assert phrase is not None and gist in dict(phrase.values).values(), (text, phrase)


@pytest.mark.parametrize("text, key", [("pass", "gaia.err.pass_booster"),
                                       ("pass booster99", "gaia.err.booster_not_in_play_list"),
                                       ("pass booster1", "gaia.err.booster_keep"),
                                       ("pass booster2", "gaia.err.booster_taken")])
def test_GP_PASS_3_a_refused_pass_lists_each_booster_as_its_move_with_its_gist(text: str, key: str) -> None:
    """The pass decision names boosters as the labels do: "`passz bónusz3` (bevétel: …)"."""
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")], boosters=["booster1", "booster2"])
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, text)
    assert (refused.value.msg.key, refused.value.rule) == (key, "GP-PASS-3")
    choices = dict(refused.value.msg.values)["choices"]
    free = [b for b, owner in st["boosters"].items() if owner is None]
    assert [item.key for item in choices.items] == ["gaia.booster.choice"] * len(free)
    for item, bid in zip(choices.items, free):
        assert dict(item.values)["gist"] == GAME.component(bid).gist
    hungarian = render(refused.value.msg, "hu")
    assert all(f"`passz bónusz{b[7:]}`" in hungarian for b in free) and "booster" not in hungarian


def test_GP_SETUP_23_the_first_booster_choice_lists_each_booster_with_its_gist() -> None:
    st = GAME.new_game({"players": 2}, 5)
    while st["phase"] != "boosters":
        st = GAME.apply(st, GAME.legal_moves(st, min(GAME.waiting_for(st)))[0])
    seat = min(GAME.waiting_for(st))
    for text, key in (("booster booster99", "gaia.err.booster_unavailable_list"), ("pass", "gaia.err.choose_booster")):
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(st, GAME.parse_move(st, seat, text))
        assert refused.value.msg.key == key
        choices = dict(refused.value.msg.values)["choices"]
        assert {item.key for item in choices.items} == {"gaia.booster.choice"}
        assert "`bónusz bónusz" in render(refused.value.msg, "hu")


# ----------------------------------------------------------------------------- G2

BOOSTER_VERBS = ("pass", "booster")


def _decisions(players: int, seed: int, every: int) -> list[tuple[Any, int, list[str]]]:
    """(state, seat, booster moves) wherever a seat may take a booster, in a seeded playout."""
    found = []
    for game, state, seats in playout_positions("gaia", players, seed, every):
        for seat in seats:
            texts = [game.format_move(m) for m in game.legal_moves(state, seat)]
            boosters = [t for t in texts if t.split()[1:2] and t.split()[1] in BOOSTER_VERBS]
            if len(boosters) > 1:
                found.append((state, seat, boosters))
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_GP_PASS_3_GP_SETUP_9_one_decisions_booster_labels_share_one_wording(players: int) -> None:
    """The boosters one pass (or the first choice) offers are labelled in one wording, never
    "passes and takes booster 10 (…)" beside "passes, booster 2 (…)" (newcomer G2); their
    description (the gains of passing) is beside all of them or none."""
    decisions = _decisions(players, 3 + players, 2)
    assert any(text.split()[1] == "pass" for _state, _seat, texts in decisions for text in texts)
    assert any(text.split()[1] == "booster" for _state, _seat, texts in decisions for text in texts)
    for state, seat, texts in decisions:
        phrases = [GAME.move_phrase(state, seat, text) for text in texts]
        assert len({phrase.key for phrase in phrases if phrase is not None}) == 1, texts
        described = {GAME.describe_move(state, seat, text) is not None for text in texts}
        assert len(described) == 1, texts


def test_GP_PASS_3_the_briefest_need_sets_the_wording_of_all() -> None:
    """A game whose pool holds booster 9 (the longest) words booster 1's pass as briefly, though
    it alone would fit the fuller words (with room for the pass's "+1 győzelmi pont" beside it)."""
    room = (3 + len("+1 győzelmi pont"),)
    alone = move_phrase({"boosters": dict.fromkeys(["booster1", "booster3"])}, "pass booster1", room)
    beside_9 = move_phrase({"boosters": dict.fromkeys(["booster1", "booster9"])}, "pass booster1", room)
    assert alone is not None and beside_9 is not None
    assert alone.key == "gaia.phrase.pass_booster"
    assert beside_9.key == "gaia.phrase.brief.pass_booster"
    # a thread line says it in full whatever the pool
    assert full_phrase({"boosters": dict.fromkeys(["booster1", "booster9"])}, "pass booster1").key == \
        "gaia.phrase.pass_booster"


def _decision_of(text: str) -> str:
    """A legal line with its chosen arguments (CHOSEN_ARGUMENTS) as "*": the lines of one
    decision share it ("build lab 2B4. tech *. up *")."""
    parts = []
    for cmd in parse_commands(split_actor(text)[1]):
        parts.append(" ".join([cmd[0], *("*" if (cmd[0], i) in CHOSEN_ARGUMENTS else arg for i, arg in enumerate(cmd[1:]))]))
    return ". ".join(parts)


def _wording(phrase: Msg) -> tuple[bool, bool, bool]:
    """Which of the brief wordings a phrase uses: the steps' brief words, a tile by its space or
    an action by its gain, a space by its code (texts.BRIEF_LEVELS 2, 4, 5)."""
    keys = [k for k in message_keys(phrase) if k.startswith("gaia.phrase.")]
    return (any(k.startswith("gaia.phrase.brief.") for k in keys), any(k.endswith(("_at", "_gain")) for k in keys),
            any(k.endswith("_code") for k in keys))


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 3)])
def test_GP_TECH_1_GP_POW_7_every_decisions_labels_share_one_wording(players: int, seed: int) -> None:
    """Beyond boosters: a lab's tiles and areas, the board actions, a federation's tokens; the
    lines of one decision (the same line but for what it chooses) use one wording (newcomer G2:
    each label was fitted alone, "uses power action 3 (…)" beside "QIC action: …") as far as
    it says every fact: a line leaves a fact to its description or the images only when its
    briefest wording with every fact does not fit (a tile's effect outweighs one wording; since
    newcomer L-3 a tile's gist always fits, so no line of these playouts needs to)."""
    from rules.gaia.texts import SAME_FACT_LEVELS, _label_key, _phrase_at, drops_facts
    mixed, seen = [], 0
    for game, state, seats in playout_positions("gaia", players, seed, 3):
        for seat in seats:
            groups: dict[str, set[tuple[bool, bool, bool]]] = {}
            for move in game.legal_moves(state, seat):
                text = game.format_move(move)
                if not any((cmd[0], i) in CHOSEN_ARGUMENTS for cmd in parse_commands(split_actor(text)[1])
                           for i in range(len(cmd) - 1)):
                    continue
                phrase = game.move_phrase(state, seat, text)
                if drops_facts(state, text):
                    body, limit, tech_items = _label_key(state, text, None)
                    every_fact = _phrase_at(body, SAME_FACT_LEVELS - 1, tech_items)[1]
                    assert _wording(phrase) != _wording(_phrase_at(body, 0, tech_items)[0]) and max(every_fact) > limit, text
                    continue
                groups.setdefault(_decision_of(text), set()).add(_wording(phrase))
            seen += sum(1 for wordings in groups.values())
            mixed += [f"{decision}: {wordings}" for decision, wordings in groups.items() if len(wordings) > 1]
    assert seen > 20 and not mixed, mixed[:5]


# ----------------------------------------------------------------------------- G4


def test_GP_ACT_4_a_lone_conversion_is_refused_with_an_example_of_it_before_an_action() -> None:
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    set_power(st["players"][0], 0, 0, 4)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "spend 3pw for o")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.need_action_free", "GP-ACT-4")
    example = dict(refused.value.msg.values)["example"]
    hungarian = render(example, "hu")
    assert hungarian.startswith("átvált 3energia -> ") and ". épít bánya " in hungarian, hungarian
    for language in LANGUAGES:      # the example, its hex filled in, is a line the parser reads
        verbs = [cmd[0] for cmd in parse_commands(render(example, language).replace("<mező>", "3A6")
                                                  .replace("<hex>", "3A6"))]
        assert verbs == ["spend", "build"], verbs


def test_GP_ACT_4_a_lone_burn_is_refused_with_the_burn_before_an_action() -> None:
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7")])
    set_power(st["players"][0], 0, 4, 0)
    with pytest.raises(IllegalMove) as refused:
        play(st, 0, "burn 1")
    assert (refused.value.msg.key, refused.value.rule) == ("gaia.err.need_action_free", "GP-ACT-4")
    assert render(dict(refused.value.msg.values)["example"], "hu") == "eléget 1. épít bánya <mező>"
    assert render(dict(refused.value.msg.values)["example"], "en") == "burn 1. build m <hex>"


# ----------------------------------------------------------------------------- G5

CAPS = {"c": 30, "o": 15, "k": 15}


def _income(state: Any, seat: int) -> dict[str, int]:
    totals: dict[str, int] = {}
    for event in E.income_events(state, seat):
        for n, unit in parse_rewards(event):
            totals[unit] = totals.get(unit, 0) + n
    return totals


def test_GP_INC_1_a_new_round_tells_each_players_income() -> None:
    """Under the new round's line, one line a player in turn order with the sum of their income
    sources; a player who had passed before (so the move changed nothing of theirs) received
    exactly that in credits, ore, knowledge and QIC (below the caps, GP-INC-5)."""
    rng = random.Random(5)
    state = GAME.new_game({"players": 3}, 5)
    rounds = checked = 0
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        move = GAME.random_move(state, seat, rng)
        after = GAME.apply(state, move)
        events = GAME.events(state, move, after)
        incomes = [e for e in events if e.key == "gaia.event.income"]
        if after["round"] != state["round"] and after["round"] <= 6:
            rounds += 1
            keys = [e.key for e in events]
            assert keys[0] == "gaia.event.new_round" and keys[1:1 + len(after["order"])] == \
                ["gaia.event.income"] * len(after["order"]), keys
            for s, news in zip(after["order"], incomes):
                assert dict(news.values)["player"] == GAME.seat_label(after, s)
                for language in LANGUAGES:
                    assert render(news, language)
                p = after["players"][s]
                if s == seat or state["round"] == 0 or p.get("waiting") or p["income_todo"] \
                        or s in (after.get("income_queue") or []):
                    continue    # the mover's own move, the setup, or an income not yet paid
                gains = _income(after, s)
                for unit in ("c", "o", "k", "q"):
                    if after["players"][s][unit] < CAPS.get(unit, 99):
                        assert after["players"][s][unit] - state["players"][s][unit] == gains.get(unit, 0)
                        checked += 1
        else:
            assert not incomes
        state = after
    assert rounds == 6 and checked > 10


def test_GP_INC_1_the_income_news_names_every_unit_by_its_words() -> None:
    """"Income of Hadsch Hallas: 5 credits, 2 ore, 1 knowledge and a charge of 1 power" as
    values, no notation left; a charge is said as a charge (GP-INC-2), not as power tokens."""
    state = action_state(["terrans", "hadsch-hallas"], [(0, "m", "3A7"), (1, "m", "3A6")])
    news = GAME._income_news(state)
    assert [dict(m.values)["player"] for m in news] == [GAME.seat_label(state, 0), GAME.seat_label(state, 1)]
    for message in news:
        assert isinstance(message, Msg) and message.key == "gaia.event.income"
        keys = set(message_keys(message))
        assert keys & {"gaia.amt.o", "gaia.amt.k", "gaia.amt.c"}, keys
        assert "gaia.amt.pw" not in keys and "gaia.phrase.notation" not in keys, keys
    charges = [seat for seat in (0, 1) if "pw" in ",".join(E.income_events(state, seat))]
    assert charges
    for seat in charges:
        assert "gaia.amt.charge" in set(message_keys(news[seat])), news[seat]
