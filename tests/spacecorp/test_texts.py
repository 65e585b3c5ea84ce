"""Space Corp read at the table (issues 23/24): every component has a name, a text and a gist in
both languages; the hand shows each card's values, Infra use and Edge trigger; moves read as
sentences with the reader's team letters and site names; Hungarian notation (K1, hold,
föld-hold_l1) is accepted and written back; the score is explained by source; autocomplete shows
one of every kind of move first."""
from __future__ import annotations

import random
import re

import pytest

from rules.base import IllegalMove
from rules.messages import LANGUAGES, Msg, message_keys, render
from rules.spacecorp import moves as mv
from rules.spacecorp.data import tables
from rules.spacecorp.engine import GAME, SCORE_SOURCES
from rules.spacecorp.state import ACTION


def keys(value):
    return set(message_keys(value))


def test_every_id_the_game_can_show_is_a_component_with_texts_in_both_languages():
    """§8: cards, Time, Edges, Progress cards, Specials, HQ sides, colonies, contracts, tiles, bases,
    sites and regions."""
    t = tables()
    ids = {comp.id for comp in GAME.components()}
    expected = set(t.cards) | {"TIME", "WHEEL"} | set(t.edges) | set(t.progress) | set(t.specials) \
        | {f"HQ-{side}" for side in t.hq_sides} \
        | {tile.id for tile in t.colony_tiles.values() if tile.players != (1,)} \
        | {f"{era}-{row}" for era, row in t.contracts} | set(t.discoveries) | set(t.base_types) \
        | {site for era_map in t.maps.values() for site in era_map.sites} \
        | {region for era_map in t.maps.values() for region in era_map.regions}
    assert expected <= ids
    for comp in GAME.components():
        for language in LANGUAGES:
            for part in (comp.name, comp.text) + ((comp.gist,) if comp.gist else ()):
                assert render(part, language).strip(), (comp.id, language)
            if comp.gist is not None:
                assert len(render(comp.gist, language)) <= 70, (comp.id, language)


def test_a_card_component_gives_its_entries_infra_and_edge():
    """SC-CARD-1..3, §8.6: M22 Trade Delegation carries Investor Confidence."""
    comp = GAME.component("M22")
    assert comp is not None and "M22#1" in comp.aliases
    assert {"spacecorp.entry", "spacecorp.comp.card.edge", "spacecorp.edgetext.EG-INVEST",
            "spacecorp.comp.card.infra_no"} <= keys(comp.text)
    assert "spacecorp.edge.EG-INVEST" in keys(comp.gist)
    assert "Genetics 1" in render(comp.gist, "en") and "Genetika 1" in render(comp.gist, "hu")


def test_the_hand_shows_each_card_with_its_values_and_edge_trigger():
    """The finding hand-no-card-values: M04#1 Robotic Miner shows Build 2 / Produce 1 and Infra."""
    state = GAME.new_game({"players": 3}, 3)
    seat = state.turn.seat
    lines = GAME.private_lines(GAME.view(state, seat), seat)
    assert lines[0].key == "spacecorp.private.hand_header"
    assert all(line.key in ("spacecorp.hand_card", "spacecorp.hand_card_edge", "spacecorp.hand_card_special")
               for line in lines[1:])
    miner = GAME.card_line("M04#1")
    assert "Build 2" in render(miner, "en") and "Infra" in render(miner, "en")
    edge_card = GAME.card_line("M22#1")
    assert edge_card.key == "spacecorp.hand_card_edge"
    assert "spacecorp.event.CONTRACT_FULFILLED" in keys(edge_card)


PHRASED = ["research infra=self", "move B1 earth>moon cards=M01#1/m infra=self time=T3:double", "upgrade M01#1 box=1",
           "genetics cards=M05#1/g", "draw D", "draw O2", "build Y1 @em_l5 base=RESEARCHBASE cards=M04#1/b",
           "transport none", "transport B2 em_l4>moon", "edge M07#1", "explore Y1 @moon cards=M03#2/e",
           "special M21#1 target=deimos", "decline", "pass", "choose progress=AD-RADRES", "draw O1",
           "build P1 @lalande bases=D3-10:ATTRACTION cards=S03#1/b infra=self", "choose base=IDEA",
           "colonize R3_LAL colony=C01 cp=team:P1,build[infra=self],pay5", "produce @luyten726,legacy cards=S04#2/p",
           "edge S36#1 name=research", "fulfill 2,3", "fulfill none", "choose infra-discard=box1",
           "edge M25#1 take=O3", "choose legacy=@moon", "choose legacy=none", "choose pioneer=ceres",
           "choose predict=P06#1,P14#2", "idea cards=P22#1/i", "special P10#1 B1 iss>titan",
           "move B1 em_l4>phobos B2 earth>se_l2 cards=M07#2/sm infra=self,Y time=T3:split pay=2"]


@pytest.mark.parametrize("text", PHRASED)
def test_every_verb_reads_as_a_sentence_and_the_hungarian_notation_reads_back(text):
    """§10: move_phrase from the notation alone; localize_move parses back to the same move."""
    state = GAME.new_game({"players": 3}, 1)
    phrase = GAME.move_phrase(state, 0, text)
    assert isinstance(phrase, Msg) and phrase.key.startswith("spacecorp.phrase.")
    for language in LANGUAGES:
        assert render(phrase, language).strip()
        assert GAME.format_move(GAME.parse_move(state, 0, GAME.localize_move(text, language))) == text


def test_phrases_and_hungarian_notation_use_the_hungarian_team_letters_and_site_names():
    """Issue 24: K1 = Kék 1, the Moon is Hold; no B1, no moon for a Hungarian reader."""
    state = GAME.new_game({"players": 3}, 1)
    phrase = GAME.move_phrase(state, 0, "move B1 earth>moon cards=M01#1/m")
    assert "Kék 1 (Föld → Hold)" in render(phrase, "hu") and "Blue 1 from Earth to Moon" in render(phrase, "en")
    # a team beside sites by its colour's name: the Hungarian L1 is also a Lagrange point
    leg = render(GAME.move_phrase(state, 0, "move P1 em_l5>em_l1 cards=M01#1/m"), "hu")
    assert "Lila 1 (Föld–Hold L5 → Föld–Hold L1)" in leg
    local = GAME.localize_move("move B1 earth>em_l1 cards=M01#1/m time=T3:double", "hu")
    assert local == "mozgás K1 föld>föld-hold_l1 kártyák=Ű01#1 idő=Idő3:dupla"


@pytest.mark.parametrize("typed", ["mozgatás K1 föld>hold cards=M01#1/m", "mozgatás B1 earth>hold cards=M01#1/m",
                                   "mozgás k1 fold>Hold kartyak=M01#1", "move B1 Earth>Moon cards=M01#1/m",
                                   "move B1 earth>moon_luna cards=M01#1/m", "move B1 earth>hol cards=M01#1/m"])
def test_sites_are_typed_by_their_names_in_either_language(typed):
    """The finding hu-site-names-not-accepted: `hold` (the map's name) is the Moon."""
    assert mv.format_move(mv.parse_move(0, typed)) == "move B1 earth>moon cards=M01#1/m"


def test_a_name_shared_by_two_sites_as_a_prefix_is_not_guessed():
    """`mars` starts North and South Mars: refused as no site rather than picked (SC-MAP-1)."""
    assert mv.parse_move(0, "move B1 earth>mars").legs[0].destination == "mars"
    state = GAME.new_game({"players": 3, "first_player": 1}, 1)
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, GAME.parse_move(state, 0, "move B1 earth>mars cards=M01#1/m infra=self"))
    assert caught.value.msg.key == "spacecorp.err.no_such_site"


def test_refusal_examples_come_in_the_readers_words():
    """A refusal's example notation: English for an English reader, Hungarian for a Hungarian one."""
    with pytest.raises(IllegalMove) as caught:
        mv.parse_move(0, "move")
    assert "move B1 earth>moon" in render(caught.value.msg, "en")
    assert "mozgás K1 föld>hold" in render(caught.value.msg, "hu")
    with pytest.raises(IllegalMove) as caught:
        mv.parse_move(0, "xyzzy")
    assert "mozgás" in render(caught.value.msg, "hu") and "move" not in render(caught.value.msg, "hu").split()


@pytest.mark.parametrize("text,hungarian", [
    ("explore G1 @dione cards=P04#1/e stack=Pa,Sb", "kupac=Ea,Mb"), ("choose stack=Sa", "kupac=Ma"),
    ("choose stack=Alien", "kupac=Idegen"), ("explore G1 @dione cards=P04#1/e stack=f2b", "kupac=f2b")])
def test_stacks_are_named_as_the_hungarian_rulebook_names_the_markers(text, hungarian):
    """SC-EXP-11, issue 24: the E3 stacks are Elsődleges (Ea/Eb), Másodlagos (Ma/Mb) and Idegen to a
    Hungarian; those words are typed and read back to the stored notation (Pa/Pb, Sa/Sb, Alien)."""
    state = GAME.new_game({"players": 3}, 1)
    local = GAME.localize_move(text, "hu")
    assert hungarian in local.split()
    assert GAME.format_move(GAME.parse_move(state, 0, local)) == text
    assert GAME.format_move(GAME.parse_move(state, 0, local.lower())) == text
    phrase = GAME.move_phrase(state, 0, text)
    assert not re.search(r"\b(?:Pa|Sb|Sa|Alien)\b", render(phrase, "hu"))
    with pytest.raises(IllegalMove) as caught:
        mv.parse_move(0, "explore G1 @dione cards=P04#1/e stack=Qx")
    assert caught.value.msg.key == "spacecorp.err.stack" and caught.value.rule == "SC-EXP-11"
    assert "Ea" in render(caught.value.msg, "hu") and "Pa" in render(caught.value.msg, "en")


def test_a_repeated_option_is_refused():
    """§10.2: `take=O1 take=O2` is refused, not logged twice."""
    with pytest.raises(IllegalMove) as caught:
        mv.parse_move(0, "edge M25#1 take=O1 take=O2")
    assert caught.value.msg.key == "spacecorp.err.option_twice"


@pytest.mark.parametrize("options", [{}, {"eras": "2"}, {"eras": "3"}])
def test_the_score_breakdown_adds_up_to_the_profit_by_source(options):
    """SC-SCORE, SC-VAR-4: every profit change is booked under a source; the parts sum to scores()."""
    state = GAME.new_game({**options, "players": 3}, 5)
    rng = random.Random(5)
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = sorted(GAME.waiting_for(state))[0]
        state = GAME.apply(state, GAME.random_move(state, seat, rng))
        breakdown = GAME.score_breakdown(GAME.view(state, None))
        for seat_parts, score in zip(breakdown, GAME.scores(state)):
            assert sum(part.points for part in seat_parts) == score
            assert all(part.label.key in {f"spacecorp.score.{s}" for s in SCORE_SOURCES} for part in seat_parts)
    assert any(part.label.key != "spacecorp.score.start" for parts in breakdown for part in parts)


def test_autocomplete_shows_every_kind_of_action_before_variants():
    """The finding autocomplete-truncation: Move variants no longer push Upgrade out."""
    state = GAME.new_game({"players": 3}, 3)
    seat = state.turn.seat
    assert state.turn.step == ACTION
    kinds = {GAME.move_kind(GAME.format_move(move)) for move in GAME.legal_moves(state, seat)}
    shown = GAME.complete(state, seat, "")
    assert len(kinds) <= 25 and kinds <= {GAME.move_kind(text) for text in shown}
    assert "upgrade" in kinds


def test_autocomplete_follows_hungarian_words_and_site_names():
    """Issue 24: a Hungarian client typing `mozgás K1 föld>ho` gets the Moon moves."""
    state = GAME.new_game({"players": 3, "first_player": 1}, 3)
    shown = GAME.complete(state, 0, "mozgás K1 föld>ho")
    assert shown and all(text.startswith("move B1 earth>moon") for text in shown)


def test_a_sealed_legacy_pick_reads_as_a_predicate():
    """The finding legacy-log-line: the host puts the player before it; the message has none."""
    state = GAME.new_game({"players": 3}, 1)
    shown = GAME.redact_move(state, 1, "choose legacy=@moon")
    assert isinstance(shown, Msg) and "player" not in shown.params


def test_component_parts_are_messages():
    """The host renders name, text and gist as catalogue messages (never bare lists or strings)."""
    for comp in GAME.components():
        assert all(isinstance(part, Msg) for part in (comp.name, comp.text) + ((comp.gist,) if comp.gist else ()))


ENGLISH = re.compile(r"\b(research|move|explore|build|produce|genetics|upgrade|special|colonize|fulfill|transport|draw"
                     r"|edge|decline|choose|pass|none|self|double|split)\b|\b(cards|time|target|base|bases|use|pay|stack"
                     r"|take|name|box|legacy|pioneer|progress)=|\b[BYPG][1-4]\b|\b(?:Pa|Pb|Sa|Sb|Alien)\b")


@pytest.mark.parametrize("options,plies", [({"eras": "1-2"}, 260), ({"eras": "3"}, 160)])
def test_no_english_notation_reaches_a_hungarian_player(options, plies):
    """Issue 24: phrases, previews, status, hand, prompts, news, notices and refusals read in Hungarian
    carry no English verbs, option names or team letters (B1 is K1 there)."""
    state = GAME.new_game({**options, "players": 3}, 7)
    rng = random.Random(7)
    found = {}
    for _ in range(plies):
        if GAME.is_over(state):
            break
        seat = sorted(GAME.waiting_for(state))[0]
        texts = []
        for move in GAME.legal_moves(state, seat)[:8]:
            text = GAME.format_move(move)
            texts += [GAME.move_phrase(state, seat, text), GAME.describe_move(state, seat, text)]
        texts += GAME.status_lines(GAME.view(state, None)) + GAME.private_lines(GAME.view(state, seat), seat)
        texts.append(GAME.decision_prompt(state))
        for junk in ("move B1", "xyzzy", "build Y1 @moon", "edge M25#1", "transport B1 earth>moon"):
            try:
                GAME.apply(state, GAME.parse_move(state, seat, junk))
            except IllegalMove as error:
                texts.append(error.msg)
        move = GAME.random_move(state, seat, rng)
        after = GAME.apply(state, move)
        texts += GAME.events(state, move, after) + [notice.msg for notice in GAME.notices(state, move, after)]
        for message in texts:
            if message is not None:
                text = render(message, "hu")
                found.update({hit.group(0): text for hit in ENGLISH.finditer(text)})
        state = after
    assert not found, found


def test_every_command_the_hungarian_help_shows_is_accepted():
    """§10, issue 24: the Hungarian help teaches Hungarian notation, and each example parses."""
    from rules.messages import text_of
    examples = []
    for key in ("spacecorp.help.moves", "spacecorp.help.planeteers", "spacecorp.help.starfarers"):
        examples += [snippet for snippet in re.findall(r"`([^`]+)`", text_of(key, "hu"))
                     if mv.fold(snippet.split()[0]) in mv.HUNGARIAN_VERBS and " " in snippet]
    assert len(examples) >= 20
    for example in examples:
        mv.parse_move(0, example)


def test_autocomplete_previews_fit_discords_label():
    """Issue 23: describe_move names the card, Edge, Progress card or base by its gist, within 100 characters."""
    for options in ({}, {"eras": "2"}, {"eras": "3"}):
        state = GAME.new_game({**options, "players": 3}, 4)
        rng = random.Random(4)
        for _ in range(30):
            seat = sorted(GAME.waiting_for(state))[0]
            for move in GAME.legal_moves(state, seat)[:15]:
                label = GAME.describe_move(state, seat, GAME.format_move(move))
                for language in LANGUAGES:
                    assert label is None or len(render(label, language)) <= 100, render(label, language)
            state = GAME.apply(state, GAME.random_move(state, seat, rng))


def test_a_predictive_ai_look_that_shows_a_time_card_reads_back():
    """§10.2: Predictive AI orders the top of the pile, and the pile holds Time cards too
    (a random 4-player era-2 game, seed 2904, offered `choose predict=P24#1,T7`)."""
    move = mv.parse_move(0, "choose predict=P24#1,T7")
    assert mv.format_move(move) == "choose predict=P24#1,T7"


# ----- issue 24: card codes as the Hungarian rulebook's eras and Time cards ------------------------
def every_physical_card() -> list[str]:
    return [card for design in tables().cards.values() for card in design.physical_ids] + sorted(tables().time_cards)


def test_hungarian_card_codes_carry_the_rulebooks_era_initials_and_read_back():
    """§10.1 ids stay as stored; a Hungarian reader gets Ű (Űrhajósok), B (Bolygókutatók), Cs
    (Csillagutazók) and Idő for a Time card, each parsed back to the same id, typed with or
    without accents, in any case; the English id is accepted from a Hungarian typist too."""
    era_initial = {"E1": "Ű", "E2": "B", "E3": "Cs"}
    for card in every_physical_card():
        code = mv.card_code(card)
        assert code.text("en") == card
        hungarian = code.text("hu")
        if card.startswith("T"):
            assert hungarian == "Idő" + card[1:]
        else:
            assert hungarian == era_initial[tables().cards[card.split("#")[0]].era] + card[1:]
        for typed in (hungarian, mv.fold(hungarian), hungarian.upper(), card):
            assert mv.card_word(typed) == card, typed
    assert mv.card_word("C07") == "C07" and mv.card_word("K1") == "K1"     # a colony, a team: not cards


@pytest.mark.parametrize("text", [
    "move B1 earth>moon cards=M02#1/m,P06#1/sm infra=Y time=T3:double", "special M21#1 target=phobos",
    "upgrade P14#2 box=2", "edge M25#1 take=O3", "edge M24#1 take=M13#1", "choose predict=P01#1,S02#2",
    "research cards=M17#1/r,M17#2/r infra=self",
    "build B1 @moon base=REFINERY B2 @phobos base=RESEARCHBASE cards=M02#1/b,M13#1/sb time=T8:split",
    "colonize R3_EERI colony=C07 cp=tiles,build[cards=S16#1/b infra=self]"])
def test_hungarian_notation_writes_no_english_card_id_and_parses_back(text):
    """§10.4: the stored text is unchanged; its Hungarian form names cards by Hungarian code only."""
    local = GAME.localize_move(text, "hu")
    assert not re.search(r"(?<![\w#])(?:[MPS]\d{2}#\d|T[1-8])(?![\w#])", local), local
    assert mv.format_move(mv.parse_move(0, local)) == mv.format_move(mv.parse_move(0, text))


def test_a_time_card_reads_apart_from_a_tiles_production_in_hungarian():
    """SC-VAL-8 Time card ``Idő3`` against the rulebook's production ``T#`` (``T1 termelési érték``)."""
    state = GAME.new_game({"players": 3}, 1)
    phrase = GAME.move_phrase(state, 0, "move B1 earth>moon cards=M01#1/m time=T3:double")
    sources = next(value for value in _values(phrase) if isinstance(value, Msg) and value.key.endswith("time_double"))
    assert dict(sources.values)["card"] == mv.card_code("T3")
    hungarian = render(phrase, "hu")
    assert "Idő3" in hungarian and "Ű01#1" in hungarian and not re.search(r"\bT3\b|M01#1", hungarian)
    assert "T3" in render(phrase, "en") and "M01#1" in render(phrase, "en")
    production = render(Msg("spacecorp.tilepart.production", n=3), "hu")
    assert "Idő3" not in production


def _values(value):
    """Every Msg inside a message tree."""
    if isinstance(value, Msg):
        yield value
        for _key, inner in value.values:
            yield from _values(inner)
    elif hasattr(value, "items") and not isinstance(value, dict):
        for inner in value.items:
            yield from _values(inner)


def test_hand_refusals_and_components_name_cards_by_the_readers_code():
    """The hand (private lines), a refusal (SC-VAL-8) and /info find and show ``Ű04#2``."""
    line = GAME.card_line("M04#2")
    assert dict(line.values)["id"] == mv.card_code("M04#2")
    state = GAME.new_game({"players": 3}, 1)
    seat = min(GAME.waiting_for(state))
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, GAME.parse_move(state, seat, "mozgás K1 föld>hold kártyák=Idő8 infra=saját"))
    assert "T8" not in render(caught.value.msg, "hu").split()
    components = {comp.id: comp for comp in GAME.components()}
    assert "Ű04#2" in components["M04"].aliases and "Idő3" in components["TIME"].aliases


def test_a_check_for_hidden_cards_finds_them_by_either_code():
    """SC-CARD-9 checks look for a hand card in what others read: ``cards_named`` finds it by its
    id or its Hungarian code, and takes the rulebook's production ``T1 termelési érték`` for none."""
    text = "Ezt húztad: Ű04#2, Idő3 (Időkártya); Erósz (T1 termelési érték); M02#1, Cs05#1, B06#1/v"
    assert mv.cards_named(text) == {"M04#2", "T3", "M02#1", "S05#1", "P06#1"}
    assert mv.cards_named("Drew: T3 (Time), P14#2 (Cryo Sleep)") == {"T3", "P14#2"}


@pytest.mark.parametrize("typed", ["fejlesztés Ű", "fejlesztes u0", "mozgás L1 föld>hold kártyák=Ű",
                                   "mozgás L1 föld>hold kártyák=Ű01#1 infra=saját idő=Id"])
def test_autocomplete_completes_hungarian_card_codes_being_typed(typed):
    """Issue 24 (autocomplete in the typist's language): a card code typed in part (``Ű``,
    ``u0``, ``Id``) completes to the legal moves with that card."""
    state = GAME.new_game({"players": 3}, 1)
    seat = min(GAME.waiting_for(state))
    assert state.players[seat].colour == "P"
    assert GAME.complete(state, seat, typed, 5)


def test_SC_SETUP_16_the_status_lists_the_offer_by_each_readers_box_code():
    """Issue 24: the status line of the Offer names its boxes ``kínálat1``… to a Hungarian (what
    ``húz kínálat1`` takes), ``O1``… in English."""
    lines = [line for line in GAME.status_lines(GAME.view(GAME.new_game({"players": 3}, 1), None))
             if line.key == "spacecorp.status.offer"]
    assert len(lines) == 1
    hungarian, english = render(lines[0], "hu"), render(lines[0], "en")
    assert "kínálat1 Ű" in hungarian and "kínálat4 Ű" in hungarian and not re.search(r"\bO[1-4]\b", hungarian)
    assert "O1 M" in english and "O4 M" in english


def test_ISSUE_24_info_heads_sites_bases_and_time_cards_with_the_hungarian_words_typed():
    """A newcomer's `/spacecorp infó hold` was headed `moon`, a base `REFINERY`, a Lagrange
    point `em_l1`, the Time cards `TIME`: a Hungarian reader gets what the Hungarian notation
    types (and the English reader the English ids)."""
    from bot import lookup
    from rules.messages import render

    for typed, hungarian, english in (("hold", "hold", "moon"), ("finomító", "finomító", "REFINERY"),
                                      ("föld-hold_l1", "föld-hold_l1", "em_l1"), ("Idő1", "Idő", "TIME")):
        found = lookup.find("spacecorp", typed)
        assert found is not None, typed
        assert (render(found.shown_code(), "hu"), render(found.shown_code(), "en")) == (hungarian, english)


def test_a_fulfilled_contract_reads_by_its_row_in_hungarian():
    """Issue 24 reading: "teljesíti az 5. sor szerződését", not "szerződést teljesít (sor: 5)"."""
    state = GAME.new_game({"players": 3}, 1)
    assert render(GAME.move_phrase(state, 0, "fulfill 5"), "hu") == "teljesíti az 5. sor szerződését"
    assert render(GAME.move_phrase(state, 0, "fulfill 5,6"), "hu") == "teljesíti az 5. és 6. sor szerződését"
    assert render(GAME.move_phrase(state, 0, "fulfill 5"), "en") == "fulfils contract 5"
    assert render(GAME.move_phrase(state, 0, "fulfill 5,6"), "en") == "fulfils contracts 5 and 6"


def test_SC_CON_2_a_fulfil_suggestion_says_which_contract_and_what_it_earns():
    """Newcomer 27f G-2: 'Fulfil contract 4' beside 'Fulfil no contract' was chosen blind (the row
    alone); the suggestion now says what the contract is and what it pays, as the thread does
    after it ('Blue fulfils contract 4, 2 Spaceports, for 2T')."""
    state = GAME.new_game({"players": 2}, 1)
    preview = GAME._named_component(state, mv.Fulfill(seat=state.turn.seat, rows=(4,)))
    assert preview is not None
    assert f"spacecorp.contract.{state.era}.4" in set(message_keys(preview))
    reward = GAME.contract_reward(state, 4)
    assert render(preview, "en").endswith(f"(+{reward}T)")
    assert render(preview, "hu").endswith(f"(+{reward}F)")


def test_a_drawn_special_card_ends_with_one_full_stop():
    """A Special card's text ends its sentence: the draw and reward notices add no second full stop."""
    for language in ("en", "hu"):
        for key in ("spacecorp.notice.drew", "spacecorp.notice.reward"):
            text = render(Msg(key, card=GAME.card_line("M21#1")), language)
            assert text.endswith(".") and not text.endswith("..")


def test_a_suggested_action_names_its_cards_while_its_label_keeps_room_for_the_preview():
    """Issue 24 (clipped labels): an action's phrase names the played cards while it stays within
    PHRASE_BUDGET in both languages, so the preview (distance, cost, cards played) still fits in
    100 characters; a longer one names them by code (the hand names them), its sources in brief
    words and a move's legs without their origins (where the team stands)."""
    from rules.spacecorp.phrases import PHRASE_BUDGET
    state = GAME.new_game({"players": 3}, 1)
    short = GAME.move_phrase(state, 0, "genetics cards=M05#1/g")
    assert "Ű05#1 (Génszekvenáló)" in render(short, "hu")
    assert all(len(render(short, language)) <= PHRASE_BUDGET for language in LANGUAGES)
    long = GAME.move_phrase(state, 0, "move B1 earth>moon cards=M01#1/m infra=self time=T3:double")
    assert "Kék 1 (Föld → Hold) – Ű01#1, saját Infra, Idő3 dupla" in render(long, "hu")   # no brackets after brackets (N-17)
    assert "(Chemical Drive)" not in render(long, "en")
    assert all(len(render(long, language)) <= PHRASE_BUDGET for language in LANGUAGES)


def test_era_3_texts_name_a_team_once_and_a_tile_base_in_hungarian_order():
    """Issue 24 reading (era 3): "A Sárga 2 csapat eléri a csillagot" (not "Sárga Sárga 2 csapata"),
    "Kitermelő bázis a Gyűrűk lapkán", "kolonizál: …", and a team leaving as "Lila 1" (not "L1",
    which a Hungarian reader takes for a Lagrange point)."""
    from rules.spacecorp.phrases import team_name
    star = Msg("spacecorp.news.on_star", team=team_name("Y2"), site=Msg("spacecorp.site.R3_SIR"))
    assert render(star, "hu").startswith("A Sárga 2 csapat eléri a csillagot")
    state = GAME.new_game({"players": 3, "eras": "3"}, 1)
    tile_base = Msg("spacecorp.phrase.tile_base", base=Msg("spacecorp.base.EXTRACTOR"), tile=Msg("spacecorp.tile.D3-07"))
    assert render(tile_base, "hu") == "Kitermelő bázis a Kötött forgású világ lapkán"
    # a star system's build in a label (its preview beside it): each base, then its tile; the base's
    # full name where it fits (newcomer 27h: "Kitermelő bázis", not "Kitermelő"), else its short
    # name (two tiles leave no room for what the bases do: the tiles go, G-7 in test_newcomer_reading)
    build = render(GAME.move_phrase(state, 0, "build B1 @barnard bases=D3-07:EXTRACTOR infra=self"), "hu")
    assert "Kitermelő bázis (Kötött forgású világ)" in build
    build = render(GAME.full_phrase(state, 0, "build B1 @acen bases=D3-07:EXTRACTOR,D3-17:DEFENSE infra=self"), "hu")
    assert "Kitermelő bázis a Kötött forgású világ lapkán, Védelmi bázis a Gyűrűk lapkán" in build
    colonize = render(GAME.move_phrase(state, 0, "colonize R3_ACEN colony=C01 cp=two_bases,team:P1,pay5"), "hu")
    assert colonize.startswith("kolonizál: Alfa Centauri") and "Lila 1 kilép" in colonize   # brief: a label's 100


def test_status_names_a_team_on_a_star_track_once_and_a_contract_by_its_row():
    """Issue 24 reading: "A Kék 2 csapat a csillagsávon van …" (not "Kék K2 csapata") and
    "2. sor: 2 csillagrendszer felfedezése" (not "2. 2 csillagrendszer …")."""
    from rules.spacecorp.phrases import team_name
    track = Msg("spacecorp.status.track", team=team_name("B2"), site=Msg("spacecorp.site.sun"), spaces=1)
    assert render(track, "hu").startswith("A Kék 2 csapat a csillagsávon van")
    item = Msg("spacecorp.status.contract_item", row=2, name=Msg("spacecorp.contract.E3.2"))
    assert render(item, "hu").startswith("2. sor: ") and render(item, "en").startswith("row 2: ")


def test_an_edge_and_an_offer_draw_are_labelled_without_saying_a_name_twice():
    """Issue 24 (clipped labels): an Edge's label adds what it does, not its name again (the
    phrase names it); a draw from the Offer reads "elveszi a kínálat 1. lapját"."""
    state = GAME.new_game({"players": 3}, 1)
    assert render(GAME.move_phrase(state, 0, "draw O1"), "hu") == "elveszi a kínálat 1. lapját"
    label = GAME.describe_move(state, 0, "edge M07#1")                 # Solar Sail: the Edge Race
    assert label is not None and label.key == "spacecorp.comp.edge.gist"
    name = render(Msg("spacecorp.edge." + tables().cards["M07"].edge), "hu")
    assert name in render(GAME.move_phrase(state, 0, "edge M07#1"), "hu") and name not in render(label, "hu")


def test_a_long_suggestion_keeps_its_distance_and_drops_the_card_count():
    """Issue 24 (clipped labels): the preview says the distance; "cards played" only where the
    phrase does not list the cards (C-S6) and the label still fits 100 characters."""
    state = GAME.new_game({"players": 3}, 1)
    seat = min(GAME.waiting_for(state))
    for text in GAME.complete(state, seat, "move", 25):
        preview = GAME.describe_move(state, seat, text)
        phrase = GAME.move_phrase(state, seat, text)
        if preview is None or phrase is None:
            continue
        for language in LANGUAGES:
            if preview.key == "spacecorp.preview.plain":
                assert len(render(phrase, language)) + 2 + len(render(preview, language)) <= 100
            else:
                assert preview.key == "spacecorp.preview.move"


def test_a_chosen_progress_card_or_base_is_named_once_in_its_label():
    """Fluent reading round 3: the label read "elveszi a Folyamatkártyát: Kvantumgyártás:
    Kvantumgyártás: …"; the phrase names the choice, the description says what it does."""
    state = GAME.new_game({"players": 2}, 1)
    for key, values in (("progress", tables().progress), ("base", tables().base_types)):
        for value in sorted(values):
            description = GAME.describe_move(state, 0, f"choose {key}={value}")
            assert description is not None and description.key == f"spacecorp.{key}gist.{value}"
