"""Newcomer report 2026-11-27e (Planetarium in Hungarian): what a newcomer read in /info."""
from rules.messages import render
from rules.planetarium import GAME


def test_PL_SETUP_2_components_without_a_card_id_show_a_hungarian_code():
    """E-10: `? /planetarium infó gáz` offered "gas (gas · gáz (anyagtoken) ...)": the matter
    tokens, decks and parts showed their English ids in the Hungarian list."""
    coded = {c.id: c for c in GAME.components() if c.id[:1] not in "LHF" or not c.id[1:].isdigit()}
    for ident in ("gas", "rock", "water", "metal", "initial", "major", "final", "track", "final-space"):
        component = coded[ident]
        assert component.code is not None and render(component.code, "en") == ident
        shown = render(component.code, "hu")
        assert shown != ident and shown in component.aliases
    assert render(coded["gas"].code, "hu") == "gáz" and render(coded["final-space"].code, "hu") == "végső-mező"
    assert "vegso-mezo" in coded["final-space"].aliases and GAME.component("gas").id == "gas"   # the id still finds it
