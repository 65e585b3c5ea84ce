"""A card in the hand, in the drawn-card DM and in ``/planetarium info`` reads as one sentence
with one colon at most (the Hungarian review 2026-11-28: "követelmény: … ár: …", a colon inside
a colon's list): the card's facts and requirements in one bracket, the planets it can be played
on with their articles ("az A vagy a B bolygóra"), the rulebook's "lakható pont" for the value a
card gives, which is not the requirement "lakható"."""
from rules.messages import LANGUAGES, render
from rules.planetarium.state import PHASE_CARD

from .helpers import GAME, build, play

HAND = ["L01", "L09", "H01", "H05", "F04"]


def _hand(state, language):
    return [render(line, language) for line in GAME.private_lines(GAME.view(state, 0), 0)][1:]


def test_PL_CARD_3_a_hand_line_has_one_colon_and_names_the_planets_with_their_articles():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1", "B": "G1 R1"}}, hands={0: HAND})
    hu = _hand(state, "hu")
    assert hu[0] == ("• L01 Akkréció (kezdeti, 4 pont, +4 lakhatatlan pont; követelmény: bármely bolygó, "
                     "I-VII pálya, ára 1 gáz és 1 kőzet) – most kijátszható az A vagy a B bolygóra")
    assert _hand(state, "en")[0] == ("• L01 Accretion (initial, 4 points, +4 uninhabitable; needs any planet, "
                                     "orbit I-VII, 1 gas and 1 rock) — playable now on A or B")
    for language in LANGUAGES:
        for line in _hand(state, language):
            assert line.count(":") <= 1, line


def test_PL_CARD_3_PL_CARD_5_the_marker_a_final_card_needs_comes_before_its_price():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: HAND})
    [final] = [line for line in _hand(state, "hu") if "F04" in line]
    assert "követelmény: szilárd, I-III pálya, lakhatatlan, jelölőd a bolygó sorában, ára 1 kőzet)" in final
    assert final.endswith("– csak az utolsó körben"), final


def test_PL_DRAW_1_the_drawn_finals_dm_has_one_colon_a_sentence():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: HAND})
    played = play(state, "play L01 A")
    played.decks["final"], played.discards["final"] = ["F02", "F08"], []
    drew = play(played, "draw F")
    [notice] = GAME.notices(played, GAME.parse_move(played, 0, "draw F"), drew)
    hu = render(notice.msg, "hu")
    assert hu.startswith("Két végső lapot húztál. Az első az F02 Összetett élet (végső, 17 pont"), hu
    assert ". A második az F08 Lakható hold (végső, 13 pont, nincs lakhatósági érték; követelmény: gázóriás, " \
           "I-VII pálya, lakható, jelölőd a bolygó sorában, ára 1 víz). Az egyiket dobd el, a másik a kezedben marad." \
           in hu
    assert all(sentence.count(":") <= 1 for sentence in hu.split(". ")), hu


def test_PL_CARD_3_PL_CARD_4_info_says_the_price_without_a_second_colon():
    component = GAME.component("L04")
    assert component is not None
    text = render(component.text, "hu")
    assert "Követelmények: szilárd, I-IV pálya. Ára 2 kőzet; ennek a játéklapodon azon a bolygón kell lennie, " \
           "amelyre a lapot kijátszod, és a kijátszáskor a Fejlődésszámlálóra kerül." in text
    assert all(sentence.count(":") <= 1 for sentence in text.split(". ")), text
    # the /info choice: "L04 · Vulkanizmus: <gist>" (the host's colon), so the gist has none
    assert render(component.gist, "hu") == "6 pont; szilárd, I-IV pálya; ára K2; lakhatatlan +6"
    for comp in GAME.components():
        if comp.kind == "planetarium.kind.card":
            assert ":" not in render(comp.gist, "hu"), comp.id
