"""Newcomer report 2026-11-28 (two Hungarian newcomers play Space Corp, both typed by
docs/newcomer_driver.py): one decision's labels say the same things one way, and no line has a
colon after a colon."""
from __future__ import annotations

from rules.messages import message_keys, render
from rules.spacecorp import phrases
from rules.spacecorp.engine import GAME

from tests.pulsar.test_label_length import host_label
from tests.spacecorp.test_engine import hand_of
from tests.spacecorp.test_era3 import at, game3, tiles


def _keys(value: object) -> set[str]:
    return set(message_keys(value))


def _suggested(state, seat: int, verb: str) -> list[str]:   # type: ignore[no-untyped-def]
    return [text for text in (GAME.format_move(move) for move in GAME.suggested_moves(state, seat))
            if text.split()[0] == verb]


def test_SC_BLD_7_one_decision_names_a_repeated_base_one_way() -> None:
    """S1 (SC-BLD-7, the known one): each build label was fitted alone, so one menu read "Űrkikötő,
    Látványosság, Látványosság" beside "Kitermelő, Látványosság ×2". The builds of one decision
    take one wording, the briefest any of them needs: every repeated base with its count."""
    state = game3()
    tiles(state, "eps_eri", "D3-07", "D3-32", "D3-33")
    at(state, 0, "B1", "eps_eri")
    hand_of(state, 0, "S18#1", "S20#1")
    builds = _suggested(state, 0, "build")
    assert len(builds) >= 3 and all("D3-32:ATTRACTION,D3-33:ATTRACTION" in text for text in builds)
    for text in builds:
        assert "spacecorp.phrase.base_times" in _keys(GAME.move_phrase(state, 0, text)), text
        hungarian, english = (host_label(GAME, state, 0, text, language) for language in ("hu", "en"))
        assert "Látványosság ×2" in hungarian and "Látványosság, Látványosság" not in hungarian, hungarian
        assert "Attraction ×2" in english and "Attraction, Attraction" not in english, english
        assert len(hungarian) <= 100 and len(english) <= 100


def test_SC_MOV_1_one_decision_says_its_legs_and_sources_one_way() -> None:
    """S1 (SC-MOV-1): one menu read "Sárga 1 (Föld → Hold) (Ű01#1, saját Infra, …)" beside "Sárga
    1 → Föld–Hold L1 (…)", and "(Ű02#2 lap, saját Központod Infrája)" beside "(Ű02#2, saját Infra)".
    Every Move of one decision names its legs and its sources in the same words; a move that is
    not one of the suggestions (an old one read back) is fitted alone, as before."""
    state = GAME.new_game({"players": 2}, 8)
    [seat] = GAME.waiting_for(state)
    moves = _suggested(state, seat, "move")
    assert len(moves) > 10
    phrased = [GAME.move_phrase(state, seat, text) for text in moves]
    legs = {key for said in phrased for key in _keys(said) if key.startswith("spacecorp.phrase.leg")}
    sources = {key for said in phrased for key in _keys(said) if key.startswith("spacecorp.phrase.src.")}
    assert legs == {"spacecorp.phrase.leg_brief"}, legs
    assert not {"spacecorp.phrase.src.cards", "spacecorp.phrase.src.infra"} & sources, sources
    for text in moves:
        for language in ("hu", "en"):
            assert len(host_label(GAME, state, seat, text, language)) <= 100
    old = "move B1 earth>moon cards=M01#1/m"
    assert old not in moves and GAME.move_phrase(state, seat, old) == phrases.phrase(old)


def test_SC_SPC_1_a_special_or_time_card_line_has_one_colon() -> None:
    """S2: "Ű21#2 Közeliűr-szonda: Speciális kártya: Felfedezel …" and "Idő1 Időkártya:
    Mozgás/Építés/Felfedezés: dupla érték vagy megosztás" (the hand, the drawn-card message):
    the kind goes in brackets, the Time card's actions after what it does."""
    special = render(GAME.card_line("M21#2"), "hu")
    assert special.startswith("Ű21#2 Közeliűr-szonda (Speciális kártya): Felfedezel ")
    assert render(GAME.card_line("M21#2", brief=True), "hu").count(":") == 1
    time = render(GAME.card_line("T1"), "hu")
    assert time == "Idő1 Időkártya: dupla érték vagy megosztás (Mozgás, Építés, Felfedezés)"
    assert render(GAME.card_line("T1"), "en").count(":") == 1


def test_SC_VAR_4_the_end_bonus_line_has_one_colon() -> None:
    """S3 (SC-VAR-4): "A játék ezzel a korral ér véget: a végén Sárga biztosan kap még 2F
    profitot: 2F a genetikakockája lépéseiért" had two colons."""
    state = GAME.new_game({"players": 2}, 2)
    state.players[1].genetics_steps = 2
    [line] = [line for line in GAME.status_lines(GAME.view(state, None)) if line.key == "spacecorp.status.end_bonus"]
    hungarian = render(line, "hu")
    assert hungarian.count(":") == 1 and hungarian.startswith("A játék ezzel a korral ér véget, és a végén ")
    assert render(line, "en").count(":") == 1


def test_SC_SETUP_7_info_explains_the_team_codes_every_move_names() -> None:
    """S4 (SC-SETUP-7, the teams): every move names teams by code ("mozgás K1 föld>hold"), but
    `/spacecorp infó K1` found nothing and `infó S1` (Sárga 1) listed ten Starfarers cards. Each
    colour's teams have an entry, found by either language's code."""
    from bot.lookup import find, search
    for typed, colour in (("K1", "B"), ("S1", "Y"), ("Z4", "G"), ("B2", "B"), ("L3", "P")):
        found = find("spacecorp", typed)
        assert found is not None and found.id == f"TEAM-{colour}", typed
    blue = find("spacecorp", "K1")
    assert blue is not None
    assert render(blue.text, "hu").startswith("A Kék játékos 4 csapata (fakocka): K1, K2, K3, K4. ")
    assert "Y1 = Yellow 1" in render(find("spacecorp", "Y1").text, "en")   # type: ignore[union-attr]
    assert {"TEAM-B", "TEAM-Y", "TEAM-P", "TEAM-G"} <= {comp.id for comp in search("spacecorp", "csapat")}
    for comp in search("spacecorp", "csapat"):
        if comp.id.startswith("TEAM-"):
            assert comp.gist is not None and ":" not in render(comp.gist, "hu")


def test_SC_EXP_2_SC_BLD_2_info_explains_the_maps_costs_and_lists_contracts_with_one_colon() -> None:
    """S5 (SC-EXP-2, SC-BLD-2): the map writes "é2" and "f2" on every site, but `/spacecorp infó é2`
    listed the era 2 contracts, each line "1. szerződés (Bolygókutatók (2. kor)): 2 Folyamatkártya:
    2 Folyamatkártya: 3F" (the name twice, three colons). The costs have an entry; a contract's
    line says its name once."""
    from bot.lookup import find, search
    for typed in ("é2", "f3", "e5", "é#", "költség"):
        found = find("spacecorp", typed)
        assert found is not None and found.id == "SITE_COSTS", typed
    blue = find("spacecorp", "B1")
    assert blue is not None and blue.id == "TEAM-B"
    contracts = [comp for comp in search("spacecorp", "szerződés2") if comp.kind == "spacecorp.kind.contract"]
    assert len(contracts) == 7
    for comp in contracts:
        assert comp.gist is not None
        line = f"{render(comp.name, 'hu')}: {render(comp.gist, 'hu')}"
        assert line.count(":") == 1 and line.startswith(f"{comp.id[-1]}. szerződés, Bolygókutatók (2. kor) – "), line


def test_SC_VAR_4_the_final_scores_part_has_no_brackets_in_brackets() -> None:
    """S6 (SC-VAR-4): the final score read "alice (Kék): 15 (szerződések 4, felfedezéslapkák 3,
    végső bónuszok (genetika, Úttörő) 8)": brackets in brackets; the part is named in words."""
    from rules.messages import Msg
    for language in ("hu", "en"):
        assert "(" not in render(Msg("spacecorp.score.final_bonus"), language)
    assert render(Msg("spacecorp.score.final_bonus"), "hu") == "genetika- és Úttörő-bónusz"
