"""``/gaia info 1B1``: a map hex described from the running game (newcomer report N5): its
planet (GP-MAP-4), what stands there, and for the asking seat what a mine there would take
(GP-MINE-5..11)."""
from rules.gaia import GAME
from rules.gaia import engine as E
from rules.gaia import places
from rules.messages import render

from .helpers import action_state


def terrans_and_xenos():
    """Terrans (blue) with a mine on 1B1, Xenos with a trading station on 1A6 (seed 7's map:
    1A5 volcanic two hexes from 1B1, 1A9 desert, 3A0 transdim)."""
    return action_state(["terrans", "xenos"], [(0, "m", "1B1"), (1, "ts", "1A6")])


def keys(lines):
    return [line.key for line in lines]


def test_GP_MAP_4_a_hex_by_name_or_by_coordinates_is_the_same_hex_and_names_its_planet():
    st = terrans_and_xenos()
    by_name = GAME.describe_location(st, None, "1b1")
    q, r = E.minfo(st).xy[E.locate(st, "1B1")]
    by_coordinates = GAME.describe_location(st, None, f"{q}x{r}")
    assert by_name == by_coordinates
    assert (by_name.id, by_name.kind, by_name.name.key) == ("1B1", "gaia.kind.hex", "gaia.planet.r")


def test_what_is_no_hex_of_this_map_is_no_location():
    st = terrans_and_xenos()
    for text in ("booster3", "bónusz3", "1B9", "11A1", "40x40", ""):
        assert GAME.describe_location(st, 0, text) is None, text


def test_who_built_what_is_told_to_everyone():
    st = terrans_and_xenos()
    lines = places.facts(st, None, E.locate(st, "1B1"))
    assert keys(lines) == ["gaia.place.sector", "gaia.place.building"]
    assert lines[1].params["building"].key == "gaia.building.m"
    assert lines[1].params["faction"].key == "gaia.faction.terrans"
    assert keys(places.facts(st, None, E.locate(st, "1A9"))) == ["gaia.place.sector", "gaia.place.free"]


def test_GP_GF_and_federation_markers_on_a_hex_are_told():
    """A gaiaformer (GP-GF-1), satellites and a space station, a federation's hexes."""
    st = terrans_and_xenos()
    transdim, space = E.locate(st, "3A0"), E.locate(st, "1B2")
    st["gf"][transdim] = 1
    st["sat"][space] = [0, 1]
    st["station"][space] = 1
    st["players"][0]["fed_hexes"] = [space, E.locate(st, "1B1")]
    assert keys(places.facts(st, None, transdim)) == ["gaia.place.sector", "gaia.place.gaiaformer"]
    assert keys(places.facts(st, None, space)) == ["gaia.place.sector", "gaia.place.station",
                                                   "gaia.place.satellites", "gaia.place.federation"]


def test_GP_MINE_8_and_GP_MINE_7_the_asking_seat_learns_steps_ore_and_range_qic():
    """Terrans (blue) to volcanic: 2 steps at 3 ore each (Terraforming level 0); 2 hexes from
    1B1 with range 1 (Navigation 0): 1 QIC."""
    st = terrans_and_xenos()
    lines = places.facts(st, 0, E.locate(st, "1A5"))
    assert keys(lines) == ["gaia.place.sector", "gaia.place.free", "gaia.place.steps", "gaia.place.reach_qic"]
    assert (lines[2].params["steps"], lines[2].params["ore"]) == (2, 6)
    assert (lines[3].params["distance"], lines[3].params["range"], lines[3].params["qic"]) == (2, 1, 1)
    # a spectator, and a seat's own building, get no costs
    assert keys(places.facts(st, None, E.locate(st, "1A5"))) == ["gaia.place.sector", "gaia.place.free"]
    assert keys(places.facts(st, 0, E.locate(st, "1B1"))) == ["gaia.place.sector", "gaia.place.building"]


def test_GP_MINE_10_a_transdim_planet_needs_a_gaia_project_first():
    st = terrans_and_xenos()
    assert "gaia.place.transdim" in keys(places.facts(st, 0, E.locate(st, "3A0")))


def test_the_hex_reads_in_both_languages():
    st = terrans_and_xenos()
    found = GAME.describe_location(st, 0, "1A5")
    assert render(found.name, "en") == "Volcanic (orange)"
    assert render(found.name, "hu") == "vulkáni bolygó (narancssárga)"
    english, hungarian = render(found.text, "en"), render(found.text, "hu")
    assert "2 terraforming steps, 6 ore" in english and "1 QIC" in english
    assert "2 terraformálási lépés" in hungarian and "6 érc" in hungarian and "1 KTK" in hungarian
    assert len(english.splitlines()) == len(hungarian.splitlines()) == 4


def test_outside_a_game_a_hex_code_gets_the_hint_that_it_needs_a_game():
    assert GAME.location_hint("1B1").key == "gaia.info.hex_needs_game"
    assert GAME.location_hint("-2x4").key == "gaia.info.hex_needs_game"
    assert GAME.location_hint("bónusz3") is None


def test_GP_MINE_2_a_planet_another_player_holds_gets_no_costs():
    """Xenos' trading station on 1A6: the Terrans cannot build there, so nothing is priced."""
    st = terrans_and_xenos()
    assert keys(places.facts(st, 0, E.locate(st, "1A6"))) == ["gaia.place.sector", "gaia.place.building"]


def test_GP_FAC_LAN_1_lantids_may_share_a_planet_and_learn_only_the_range():
    st = action_state(["lantids", "xenos"], [(0, "m", "1B1"), (1, "ts", "1A6")])
    lines = places.facts(st, 0, E.locate(st, "1A6"))
    assert keys(lines) == ["gaia.place.sector", "gaia.place.building", "gaia.place.reach_qic"]


def test_GP_MINE_12_the_seats_own_gaiaformer():
    """Before the Gaia phase the transdim planet waits; after it, a mine there costs no QIC."""
    st = terrans_and_xenos()
    k = E.locate(st, "3A0")
    st["gf"][k] = 0
    assert keys(places.facts(st, 0, k))[-1] == "gaia.place.own_gf_pending"
    assert keys(places.facts(st, 1, k)) == ["gaia.place.sector", "gaia.place.gaiaformer"]
    st["planet"][k] = "g"
    assert keys(places.facts(st, 0, k)) == ["gaia.place.sector", "gaia.place.was", "gaia.place.gaiaformer",
                                            "gaia.place.own_gf"]


def test_empty_space_gets_no_costs():
    st = terrans_and_xenos()
    assert keys(places.facts(st, 0, E.locate(st, "1B2"))) == ["gaia.place.sector"]
