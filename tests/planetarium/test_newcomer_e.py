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


def test_PL_BRD_1_info_on_a_node_says_its_orbit_its_token_and_where_it_leads():
    """N-1: `/planetarium infó II-3` was "Nincs ilyen nevű elem"; Gaia describes its hexes."""
    from rules.planetarium.data import board
    state = GAME.new_game({"players": 2}, 7)
    view = GAME.view(state, 0)
    start = board().start_node["A"]
    node = GAME.describe_location(view, 0, start.lower().replace("-", ""))   # "ii2" as typed
    assert node is not None and node.id == start and node.kind == "planetarium.kind.node"
    hu = render(node.text, "hu")
    assert "Most rajta: A bolygó" in hu and all(n in hu for n in board().successors[start])
    matter = next(n for n in board().orbit if state.nodes.get(n) == "G")
    assert "gáz (anyagtoken)" in render(GAME.describe_location(view, 0, matter).text, "hu")
    assert GAME.describe_location(view, 0, "IX-1") is None and GAME.describe_location(view, 0, "F01") is None
    codes = GAME.location_codes(view)
    assert len(codes) == len(board().orbit) and codes[0] == "I-1"
    assert GAME.location_hint("II-3") is not None and GAME.location_hint("gáz") is None
