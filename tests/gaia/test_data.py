"""Data tables (spec §10): every record carries its source tag."""
import data
from rules.gaia.tables import ADV_TECHS, BOOSTERS, FACTIONS, FED_TOKENS, ROUND_TILES, STD_TECHS, terraform_steps

SOURCES = {"seed", "public", "designed", "seed+public"}


def _records(obj):
    if isinstance(obj, dict):
        if "id" in obj or ("count" in obj and "cost" in obj):
            yield obj
        for v in obj.values():
            yield from _records(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _records(v)


def test_every_data_record_has_a_source():
    for name in ("factions.json", "tech_tiles.json", "boosters.json", "scoring.json", "federation_tokens.json",
                 "research.json", "actions.json", "sectors.json"):
        doc = data.load_json("gaia", name)
        recs = list(_records(doc))
        assert recs or "source" in doc, name
        for r in recs:
            assert r.get("source") in SOURCES, (name, r)


def test_component_counts_10_1_to_10_13():
    assert len(FACTIONS) == 14 and len({f["planet"] for f in FACTIONS.values()}) == 7
    assert len(STD_TECHS) == 9 and len(ADV_TECHS) == 15 and len(BOOSTERS) == 10 and len(ROUND_TILES) == 10
    assert sum(f["copies"] for f in FED_TOKENS.values()) == 19


def test_GP_MINE_8_terraforming_wheel_table():
    assert terraform_steps("v", "i") == 3 and terraform_steps("v", "t") == 3 and terraform_steps("v", "s") == 2
    assert terraform_steps("r", "o") == 1 and terraform_steps("d", "r") == 3 and terraform_steps("i", "r") == 1
