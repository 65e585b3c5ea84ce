"""Space Corp as a newcomer reads it (issue 24, docs/newcomer-report-2026-11-26.md D4-D10): a
Special card says what it does, the status shows the end bonus already certain, an explore refusal
says why, the notation's refusals cite rule IDs, a Hungarian refusal echoes what was typed."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.base import DESCRIPTION_GLUE
from rules.base import IllegalMove
from rules.messages import Localized, Msg, message_keys, render
from rules.spacecorp import moves as mv
from rules.spacecorp.data import tables
from rules.spacecorp.engine import GAME
from rules.spacecorp.scoring import end_bonus
from rules.spacecorp.state import ACTION, OVER, PLAY, clone_state

from tests.spacecorp.test_engine import give


def keys(value: object) -> set[str]:
    return set(message_keys(value))


def refusal(state, seat: int, text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, GAME.parse_move(state, seat, text))
    return caught.value


# ----- D8: a Special card says what it does (§8.8, SC-SPC-1) -------------------------------------
@pytest.mark.parametrize("card,special", [("M21#2", "SP-NEAR"), ("P10#1", "SP-ANTIMATTER"), ("S30#1", "SP-TACHYON")])
def test_SC_SPC_1_a_special_cards_hand_line_gives_its_effect_not_its_name_twice(card, special):
    line = GAME.card_line(card)
    assert line.key == "spacecorp.hand_card_special"
    assert f"spacecorp.specialtext.{special}" in keys(line)
    assert "spacecorp.entry_special" not in keys(line)
    # the Offer in the status lists several cards on one line: the gist
    brief = GAME.card_line(card, brief=True)
    assert f"spacecorp.specialgist.{special}" in keys(brief)
    for language in ("en", "hu"):
        assert render(line, language).count(render(GAME._card_msg(card).params["name"], language)) == 1


def test_SC_SPC_1_the_autocomplete_label_of_a_special_move_gives_its_effect():
    """D8: ``special M21#2 …`` in the menu is labelled with what the Near Space Probe does (issue 24:
    its effect alone, the phrase already says "plays the Special card")."""
    state = GAME.new_game({"players": 2}, 2)
    label = GAME._named_component(state, mv.Special(state.turn.seat, card="M21#2", target="deimos"))
    assert label is not None and label.key == "spacecorp.specialgist.SP-NEAR"


def test_SC_SPC_1_a_special_card_in_the_hand_reads_its_effect():
    state = GAME.new_game({"players": 2}, 2)
    seat = state.turn.seat
    state.hands.cards[seat].append("M21#2")
    lines = GAME.private_lines(GAME.view(state, seat), seat)
    assert any(line.key == "spacecorp.hand_card_special" for line in lines)


# ----- D10: the status shows the end bonus already certain (SC-VAR-4) ----------------------------
def test_SC_VAR_4_the_status_counts_banked_genetics_steps_when_the_game_ends_after_E1():
    state = GAME.new_game({"players": 2}, 2)
    state.players[1].genetics_steps = 8
    lines = GAME.status_lines(GAME.view(state, None))
    bonus = [line for line in lines if line.key == "spacecorp.status.end_bonus"]
    assert len(bonus) == 1
    assert bonus[0].params["n"] == 8 and "spacecorp.status.end_bonus.genetics" in keys(bonus[0])
    assert end_bonus(state, 1) == (8, 0) and end_bonus(state, 0) == (0, 0)
    assert GAME.scores(state)[1] == state.players[1].profit        # the score itself is unchanged


def test_SC_VAR_4_a_held_pioneer_marker_is_a_certain_bonus_too():
    state = GAME.new_game({"players": 2}, 2)
    state.players[0].pioneer = 1
    first = tables().constants.early_finish_pioneer_bonus[0]
    assert end_bonus(state, 0) == (0, first)
    line = next(line for line in GAME.status_lines(state) if line.key == "spacecorp.status.end_bonus")
    assert line.params["n"] == first and "spacecorp.status.end_bonus.pioneer" in keys(line)


def test_SC_VAR_4_no_end_bonus_line_when_the_game_goes_on_to_the_next_era():
    """Genetics steps of E1 pay nothing when E2 follows (SC-GEN-3: a Progress card at E2 setup)."""
    state = GAME.new_game({"players": 2, "eras": "1-2"}, 2)
    state.players[0].genetics_steps = 5
    assert end_bonus(state, 0) == (0, 0)
    assert not any(line.key == "spacecorp.status.end_bonus" for line in GAME.status_lines(state))


def test_SC_VAR_4_the_status_promise_is_what_the_early_finish_pays():
    """The bonus the status promises is booked as final_bonus when the era ends the game."""
    rng = random.Random(5)
    state = GAME.new_game({"players": 2}, 5)
    promised = [end_bonus(state, seat) for seat in range(2)]
    while not GAME.is_over(state):
        promised = [end_bonus(state, seat) for seat in range(2)]
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        state = GAME.apply(state, GAME.random_move(state, seat, rng))
    assert state.phase == OVER
    paid = [player.ledger.get("final_bonus", 0) for player in state.players]
    # the last move may still add genetics steps, never take any away
    assert all(sum(promise) <= got for promise, got in zip(promised, paid))
    assert all(end_bonus(state, seat) == (0, 0) for seat in range(2))


# ----- D9: an explore refusal says why (SC-MAP-4) -------------------------------------------------
def _at(state, seat: int, team: str, site: str):
    state = clone_state(state)
    state.players[seat].teams[team] = site
    return state


@pytest.mark.parametrize("site,reason", [("em_l1", "lagrange"), ("earth", "home")])
def test_SC_MAP_4_exploring_a_site_without_a_box_is_refused_with_its_reason(site, reason):
    state = GAME.new_game({"players": 2}, 2)
    seat = state.turn.seat
    team = sorted(state.players[seat].teams)[0]
    card = next(card for card in state.hands.cards[seat] if not card.startswith("T"))
    error = refusal(_at(state, seat, team, site), seat, f"explore {team} @{site} cards={card}/e")
    assert (error.msg.key, error.rule) == (f"spacecorp.err.not_explorable_{reason}", "SC-MAP-4")


def test_SC_MAP_4_every_site_without_a_box_has_a_reason():
    from rules.spacecorp.exploration import NO_EXPLORE_KINDS
    for era_map in tables().maps.values():
        for site in era_map.sites.values():
            if site.explore is None or not site.boxes:
                assert site.kind in NO_EXPLORE_KINDS, site.id


# ----- D5: a site name without "@" -----------------------------------------------------------------
def test_SC_NOT_2_a_hungarian_site_name_without_at_is_refused_asking_for_the_at():
    state = GAME.new_game({"players": 2}, 2)
    seat = state.turn.seat
    team = mv.team_code(sorted(state.players[seat].teams)[0], "hu")
    error = refusal(state, seat, f"felfedezés {team} hold kártyák=Ű01#1")
    assert error.msg.key == "spacecorp.err.site_without_at"
    assert error.msg.params["value"] == "hold"
    assert render(error.msg.params["example"], "hu").endswith("@hold")


# ----- D6: the notation's refusals cite rule IDs, not section numbers -----------------------------
@pytest.mark.parametrize("text,rule", [("hello", "SC-NOT-2"), ("move B1 earth>moon infra=enyém", "SC-NOT-1"),
                                       ("move B1 earth>moon xyz=1", "SC-NOT-2"), ("move B9 earth>moon", "SC-NOT-1")])
def test_SC_NOT_1_2_notation_refusals_cite_a_rule_id_of_the_spec(text, rule):
    with pytest.raises(IllegalMove) as caught:
        mv.parse_move(0, text)
    assert caught.value.rule == rule
    with open("docs/rules/space-corp.md", encoding="utf-8") as spec:
        assert f"| {rule} |" in spec.read()


# ----- D4: a Hungarian refusal echoes what was typed ------------------------------------------------
def test_SC_VAL_8_a_bad_time_use_echoes_the_hungarian_card_code_typed():
    with pytest.raises(IllegalMove) as caught:
        mv.parse_move(0, "mozgás K2 föld>hold kártyák=Ű02#1 infra=saját idő=Idő1:kétszer")
    value = caught.value.msg.params["value"]
    assert isinstance(value, Localized)
    assert value.text("hu") == "Idő1:kétszer" and value.text("en") == "T1:kétszer"
    assert (caught.value.msg.key, caught.value.rule) == ("spacecorp.err.time", "SC-VAL-8")


def test_the_status_lines_stay_catalogued_in_a_played_game():
    """The new lines render in both languages wherever a random E1 game goes."""
    rng = random.Random(7)
    state = GAME.new_game({"players": 3}, 7)
    for _ in range(300):
        if GAME.is_over(state):
            break
        for line in GAME.status_lines(GAME.view(state, None)):
            for language in ("en", "hu"):
                assert render(line, language)
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        if state.phase == PLAY and state.turn.step == ACTION:
            for card in state.hands.cards[seat]:
                assert render(GAME.card_line(card), "hu")
        state = GAME.apply(state, GAME.random_move(state, seat, rng))


# ----- D8: a Special card's /info says what it does ---------------------------------------------
def test_SC_CARD_special_card_info_gives_its_effect_and_a_one_entry_card_its_entry():
    """§8.8: a Special card is played for its effect; its /info said only "one of its entries:
    Special: Near-Space Probe". One-entry cards no longer say "one of its entries"."""
    from rules.spacecorp.data import tables

    info = {comp.id: comp for comp in GAME.components()}
    near = info["M21"]
    assert near.text.key == "spacecorp.comp.card.special"
    assert near.text.params["effect"].key == "spacecorp.specialtext.SP-NEAR"
    assert near.gist.key == "spacecorp.specialgist.SP-NEAR"
    for card in tables().cards.values():
        if any(entry.special for entry in card.entries):
            continue
        key = info[card.id].text.key
        expected = ("spacecorp.comp.card.start" if card.start else "spacecorp.comp.card.text") + \
            ("_one" if len(card.entries) == 1 else "")
        assert key == expected, card.id


# ----- newcomer 27f G-1: a base is built with its article ("builds a Research Base") -------------
def test_SC_BLD_1_a_built_base_reads_with_its_article_in_english():
    """The thread's line and the menu's label name the base as English does ('alice (Blue): builds
    a Research Base at Moon (Luna) (Blue 2)', 'Build an Attraction at …'), not bare like a heading;
    Hungarian ('bázist épít: Kutatóbázis') keeps the name alone."""
    from rules.spacecorp.phrases import phrase
    words = phrase("build B2 @moon base=RESEARCHBASE cards=M04#2/b")
    assert words is not None and "spacecorp.base_a.RESEARCHBASE" in keys(words)
    assert "a Research Base at Moon (Luna)" in render(words, "en")
    assert "Kutatóbázis" in render(words, "hu")
    attraction = phrase("build B2 @moon base=ATTRACTION cards=M04#2/b")
    assert attraction is not None and "an Attraction at" in render(attraction, "en")
    state = GAME.new_game({"players": 2}, 3)
    seat = state.turn.seat
    colour = state.players[seat].colour
    team = f"{colour[0]}1"
    state.players[seat].teams[team] = "em_l2"
    state.hands.cards[seat].append("M04#2")
    state = GAME.apply(state, GAME.parse_move(state, seat, f"build {team} @em_l2 base=SPACEPORT cards=M04#2/b"))
    built = [line for line in state.news if line.key == "spacecorp.news.built"]
    assert built and render(built[0], "en").endswith("builds a Spaceport on Earth–Moon L2.")


# ----- newcomer 27f G-11: the status says "none yet", not "0 (-)" ---------------------------------
def test_SC_CON_1_the_status_says_no_contract_is_fulfilled_yet_in_words():
    state = GAME.new_game({"players": 2}, 3)
    lines = GAME.status_lines(GAME.view(state, None))
    assert any(line.key == "spacecorp.status.contracts_none" for line in lines)
    assert "Contracts fulfilled this era: none yet" in [render(line, "en") for line in lines]
    assert not any("(-)" in render(line, language) for line in lines for language in ("en", "hu"))


# ----- newcomer 27f G-7: a build choice says what its base does ---------------------------------
def _built_at_em_l2(base: str):
    """Seat to move with a team on Earth–Moon L2 (a Lagrange point: Spaceport and Research Base
    may stand there) holding M04#2, and the label's move for ``base`` there."""
    state = GAME.new_game({"players": 2}, 3)
    seat = state.turn.seat
    team = f"{state.players[seat].colour[0]}1"
    state.players[seat].teams[team] = "em_l2"
    state.hands.cards[seat].append("M04#2")
    return state, seat, f"build {team} @em_l2 base={base} cards=M04#2/b"


@pytest.mark.parametrize("base,ability", [("SPACEPORT", "MOVE_BONUS_PER_TEAM"), ("RESEARCHBASE", "ON_BUILD_TAKE_OFFER")])
def test_SC_BLD_3_a_build_suggestion_says_what_the_base_does(base, ability):
    """'Build a Spaceport at Earth–Moon L2 (Blue 1) (cards M04#2): cost 2' chose blind between the
    base types: the preview now says what the base does in this era (its SC-BASE ability; here
    without the cost, which does not fit beside it), and the whole label fits Discord's 100
    characters in both languages."""
    from rules.spacecorp.common import base_ability
    from tests.pulsar.test_label_length import host_label
    assert base_ability("E1", base, ability) is not None
    state, seat, text = _built_at_em_l2(base)
    preview = GAME.describe_move(state, seat, text)
    assert preview is not None and f"spacecorp.baseeffect.{base}.E1" in keys(preview)
    assert "spacecorp.preview.build" not in keys(preview)         # not the cost alone: the cost goes first
    for language in ("en", "hu"):
        label = host_label(GAME, state, seat, text, language)
        assert len(label) <= 100, label
        assert render(Msg(f"spacecorp.baseeffect.{base}.E1"), language, label=True).lower() in label.lower(), label


def test_SC_BASE_each_era_says_a_base_by_the_abilities_it_has_then():
    """One text for each set of abilities (SC-BASE tables): the Spaceport's +2 Move of the
    Mariners is not the later doubling; the Refinery says the same in every era."""
    from rules.spacecorp.phrases import base_effect
    t = tables()
    for (era, base), rule in t.base_rules.items():
        for brief in (False, True):
            effect = base_effect(era, base, brief)
            assert effect is not None and all(render(effect, language) for language in ("en", "hu"))
    assert base_effect("E1", "SPACEPORT") != base_effect("E2", "SPACEPORT") == base_effect("E3", "SPACEPORT")
    assert base_effect("E1", "REFINERY") == base_effect("E2", "REFINERY") == base_effect("E3", "REFINERY")
    assert base_effect("E1", "DEFENSE") is None                      # not a Mariners base


def _possible(era: str, site, base: str) -> bool:
    """SC-BLD-10: a site without an exploration box takes only a base needing no tile."""
    if site.boxes:
        return True
    return any(term.name == "NONE" or term.name == "SITE_KIND" and site.kind == term.positional[0]
               or term.name == "NO_GRAVITY" and not site.gravity
               for term in tables().base_rules[era, base].requires_any)


#: The most the host puts between a label's phrase and its preview (": ", " (…)" or " – ").
GLUE = DESCRIPTION_GLUE


def _every_build(era: str, site, tiles, sources: str, colour: str) -> "list[str]":
    """Every Build a team of ``colour`` can make at ``site`` (star systems: any base type on each of
    ``tiles``, one text per multiset: a label's length does not depend on which tile takes which)."""
    from itertools import combinations_with_replacement
    t = tables()
    bases = [base for (rule_era, base) in t.base_rules if rule_era == era]
    if site.stars:
        return [f"build {colour}3 @{site.id} bases=" + ",".join(f"{tile.id}:{base}" for tile, base in zip(tiles, combo))
                + sources for combo in combinations_with_replacement(bases, len(site.boxes))]
    return [f"build {colour}3 @{site.id} base={base}{sources}" for base in bases if _possible(era, site, base)]


def test_SC_BLD_3_SC_BASE_what_the_bases_do_fits_every_site_and_team_of_every_era():
    """The length pass of G-7: for every buildable site of the three maps, every base type that may
    stand there (a star system: any bases on its one, two or three tiles, the longest tile names),
    the longest team names (Yellow, Sárga; Purple) and sources paid with Infra and a card, the label
    says what the bases do within 100 characters in both languages (in fuller words, else briefer,
    a base type built twice said once with its count): the sources, then a star system's tiles,
    then the team go first (they are in the notation sent), then a type built twice is named once
    with its count, and at a star system of three tiles, where three bases' names and what each
    does do not fit beside the system's name in Hungarian, its bases by count (phrases.build_forms:
    'Build 3 bases at Epsilon Eridani: …').  Every label
    enumerated, none sampled; before this pass 3-tile star systems kept what their bases do in
    750 of 2,640 of these labels."""
    from itertools import product
    from rules.spacecorp import phrases
    t = tables()
    tiles = sorted((tile for tile in t.discoveries.values() if tile.era == "E3"),
                   key=lambda tile: -max(len(tile.name), len(tile.name_hu)))[:3]
    checked, by_count = Counter(), 0
    for era, era_map in t.maps.items():
        for site in era_map.sites.values():
            if site.build is None:
                continue
            for colour, sources in product("YP", ("", " cards=M04#2/b infra=self")):
                for text in _every_build(era, site, tiles, sources, colour):
                    move = mv.parse_move(0, text)
                    said = phrases.phrase(text)
                    assert said is not None
                    effects = phrases.effect_forms(move)
                    assert effects and effects[0] == phrases.build_effects(move), text
                    assert any(all(len(render(said, language, label=True)) + GLUE + len(render(effect, language, label=True))
                                   <= 100 for language in ("en", "hu")) for effect in effects), text
                    checked[len(site.boxes) if site.stars else 0] += 1
                    by_count += said.key == "spacecorp.phrase.build_count"
                    assert said.key != "spacecorp.phrase.build_count" or len(site.boxes) == 3, text
    assert checked[0] > 1200 and checked[1] + checked[2] > 1000 and checked[3] == 2640, checked
    assert 0 < by_count < checked[3]                    # the count form only where the names do not fit


def test_SC_BLD_7_a_star_systems_bases_by_count_say_what_each_does():
    """Where three bases' names and what they do do not fit, the label counts the bases and says
    what each does, in the notation's tile order: 'Építs 3 bázist (Epszilon Eridani): egyszer
    T+Kol F-ben, …' (a star system's Build places a base on every tile, SC-BLD-7)."""
    from rules.spacecorp import phrases
    text = "build Y3 @eps_eri bases=D3-07:EXTRACTOR,D3-32:DEFENSE,D3-33:RESEARCHBASE"
    said = phrases.phrase(text)
    assert said == Msg("spacecorp.phrase.build_count", n=3, site=Msg("spacecorp.site.eps_eri"))
    assert render(said, "hu", label=True) == "Építs 3 bázist (Epszilon Eridani)"
    assert render(said, "en", label=True) == "Build 3 bases at Epsilon Eridani"
    effect = phrases.build_effects(mv.parse_move(0, text), brief=True)
    assert effect is not None and [part.key for part in effect.params["effects"].items] == [
        "spacecorp.baseeffect_brief.EXTRACTOR.E3", "spacecorp.baseeffect_brief.DEFENSE.E3",
        "spacecorp.baseeffect_brief.RESEARCHBASE.E3"]
    for language in ("en", "hu"):
        assert len(render(said, language, label=True)) + GLUE + len(render(effect, language, label=True)) <= 100
    # the thread's line names every base on its tile, as before
    assert "spacecorp.phrase.tile_base" in keys(phrases.phrase(text, full=True))


def test_SC_BLD_7_a_star_systems_bases_are_named_before_they_are_counted():
    """An Extractor and two Defense bases: their names with what each does do not fit with the team,
    nor three names without it, but 'Védelmi ×2' does, before the bases are counted alone; the
    effects say the same count ('1F/ellenséges bázis ×2')."""
    from rules.spacecorp import phrases
    text = "build Y3 @eps_eri bases=D3-07:EXTRACTOR,D3-32:DEFENSE,D3-33:DEFENSE"
    said = phrases.phrase(text)
    assert said is not None and "spacecorp.phrase.base_times" in keys(said)
    assert "spacecorp.phrase.build_count" not in keys(said) and "spacecorp.team_name" not in keys(said)
    assert render(said, "hu", label=True) == "Építs bázist: Kitermelő, Védelmi ×2 (Epszilon Eridani)"
    assert render(said, "en", label=True) == "Build Extractor, Defense ×2 at Epsilon Eridani"
    counted = phrases.build_effects(mv.parse_move(0, text), brief=True, counted=True)
    assert counted is not None and render(counted, "hu") == "egyszer T+Kol F-ben, 1F/ellenséges bázis ×2"
    for language in ("en", "hu"):
        assert len(render(said, language, label=True)) + GLUE + len(render(counted, language, label=True)) <= 100


def test_SC_BLD_7_a_base_type_built_twice_is_said_once_with_its_count():
    """Three Research Bases: 'lap vagy ötlet ×3' (counted), which says as much as the three names;
    with the names the label needs no more ('Építs bázist: Kutatóbázis, Kutatóbázis, Kutatóbázis
    (Epszilon Eridani, Sárga 3) – lap vagy ötlet ×3')."""
    from rules.spacecorp import phrases
    text = "build Y3 @eps_eri bases=D3-07:RESEARCHBASE,D3-32:RESEARCHBASE,D3-33:RESEARCHBASE"
    counted = phrases.build_effects(mv.parse_move(0, text), brief=True, counted=True)
    assert counted == Msg("spacecorp.preview.base_effect_times", effect=Msg("spacecorp.baseeffect_brief.RESEARCHBASE.E3"),
                          n=3)
    assert counted in phrases.effect_forms(mv.parse_move(0, text))
    assert render(counted, "hu") == "lap vagy ötlet ×3"
    for language in ("en", "hu"):
        said = render(phrases.phrase(text), language, label=True)
        assert len(said) + GLUE + len(render(counted, language, label=True)) <= 100


# ----- newcomer 27f G-3: a reward card says why it is owed --------------------------------------
def _move_to_an_opponents_base(card: str = "M09#1"):
    """Seat 0 to act with a team on Earth–Moon L1; seat 1's Research Base on Moon (Luna): the
    demo game's ply 21 ("moves Yellow 2 from Earth–Moon L1 to Moon (Luna) ↳ Blue draws a reward
    card")."""
    state = GAME.new_game({"players": 2, "first_player": 1}, 3)
    team = f"{state.players[0].colour}1"
    state.players[0].teams[team] = "em_l1"
    state.bases["moon"] = (1, "RESEARCHBASE")
    give(state, 0, card)                                        # Plasma Engine: Move 5; M02: a Move too
    return state, f"move {team} em_l1>moon cards={card}/m"


def test_SC_RWD_1_SC_MOV_3_the_thread_says_the_move_ended_at_the_opponents_base():
    from rules.spacecorp.state import MOVE_END, Reward
    state, text = _move_to_an_opponents_base()
    trial = clone_state(state)
    GAME._action(trial, GAME.parse_move(trial, 0, text))
    assert trial.turn.rewards == [Reward(1, MOVE_END, "moon", "RESEARCHBASE")]
    after = GAME.apply(state, GAME.parse_move(state, 0, text))
    owed = [line for line in after.news if line.key.startswith("spacecorp.news.reward")]
    assert [line.key for line in owed] == ["spacecorp.news.reward_for.end"]
    assert {"spacecorp.base.RESEARCHBASE", "spacecorp.site.moon"} <= keys(owed[0])
    assert render(owed[0], "en").endswith("(the move ended at Yellow's Research Base on Moon (Luna)).")


def test_SC_RWD_1_the_menu_says_why_an_action_rewards_an_opponent():
    """The preview said 'reward card for Yellow' (or, beside a long move, nothing of it).  Where the
    phrase already says why (Yellow's Infra, a base named in use=) it still says whom; a Move
    ending at an opponent's base says it, giving up its distance for it: '… (cards M02#1): reward
    card for Yellow (their base)', or whom alone beside a card's long name (the thread's line says
    why, above); within 100 characters in both languages."""
    from tests.pulsar.test_label_length import host_label
    state = GAME.new_game({"players": 2, "first_player": 1}, 3)
    text = f"research infra={state.players[1].colour}"
    preview = GAME.describe_move(state, 0, text)
    assert preview is not None and preview.key == "spacecorp.preview.rewards"
    assert not any(key.startswith("spacecorp.preview.rewarded") for key in keys(preview))
    assert "spacecorp.phrase.hq_colour" in keys(GAME.move_phrase(state, 0, text))
    state, text = _move_to_an_opponents_base("M02#1")
    preview = GAME.describe_move(state, 0, text)
    assert preview is not None and preview.key == "spacecorp.preview.rewards_alone"
    assert "spacecorp.preview.rewarded.base_any" in keys(preview)
    for language in ("en", "hu"):
        assert len(host_label(GAME, state, 0, text, language)) <= 100
    state, text = _move_to_an_opponents_base()
    preview = GAME.describe_move(state, 0, text)
    assert preview is not None and preview.key == "spacecorp.preview.rewards_alone"
    for language in ("en", "hu"):
        assert len(host_label(GAME, state, 0, text, language)) <= 100


def test_SC_RWD_1_an_opponents_infra_and_spaceport_are_rewards_with_their_cause():
    """Each cause of SC-RWD-1 that a Move can have: the opponent's Infra (per HQ), their Spaceport
    named in use= (its ability, SC-VAL-4) and the move's start at it (SC-MOV-3)."""
    from rules.spacecorp.state import BASE_USED, INFRA_USED, MOVE_START, Reward
    state = GAME.new_game({"players": 2, "first_player": 1}, 3)
    team = f"{state.players[0].colour}1"
    opponent = state.players[1].colour
    state.players[0].teams[team] = "em_l2"
    state.bases["em_l2"] = (1, "SPACEPORT")
    GAME._action(state, GAME.parse_move(state, 0, f"move {team} em_l2>moon infra={opponent} use=em_l2"))
    assert state.turn.rewards == [Reward(1, INFRA_USED), Reward(1, BASE_USED, "em_l2", "SPACEPORT"),
                                  Reward(1, MOVE_START, "em_l2", "SPACEPORT")]
    GAME._pay_rewards(state)
    told = [line for line in state.news if line.key.startswith("spacecorp.news.reward")]
    assert [line.key for line in told] == ["spacecorp.news.reward_for.infra", "spacecorp.news.reward_for.base",
                                           "spacecorp.news.reward_for.start"]
    assert all(render(line, "hu").startswith("Sárga jutalomkártyát húz, mert ") for line in told)


def test_SC_RWD_2_a_game_stored_with_bare_reward_seats_still_loads_and_pays():
    """A turn stored before rewards kept their cause holds seats: it loads as rewards without a
    cause, which are paid as before ('Blue draws a reward card.'); a new one round-trips whole."""
    from rules.spacecorp.state import MOVE_END, Reward
    state = GAME.new_game({"players": 2, "first_player": 1}, 3)
    data = GAME.dump_state(state)
    data["turn"]["rewards"] = [1]
    loaded = GAME.load_state(data)
    assert loaded.turn.rewards == [Reward(1)]
    GAME._pay_rewards(loaded)
    assert [line.key for line in loaded.news if "reward" in line.key] == ["spacecorp.news.reward"]
    state.turn.rewards = [Reward(1, MOVE_END, "moon", "RESEARCHBASE")]
    assert GAME.load_state(GAME.dump_state(state)).turn.rewards == state.turn.rewards
