"""Pulsar 2849: the transcribed component data, held to the public source it was read from (spec §8).

Each table below was checked face by face against the zet4080/pulsar pictures (cropped, enlarged,
looked at) and, where its code states the fact, against the code (material.inc.php, pulsarboard.js
@ f10cf07); docs/rules/pulsar-data-sources.md says which file each row comes from. A change to one
of these rows is a change to what the printed component shows, so it must come with a new reading."""
from __future__ import annotations

import data as game_data
from rules.pulsar.data import Effect, tables

SLOTS = {1: "L", 2: "TL", 3: "TR", 4: "R"}


def said(effects: tuple[Effect, ...]) -> str:
    return "; ".join(e.name + (f"({','.join(e.args)})" if e.args else "") for e in effects)


def test_PU_8_8_every_system_tile_face_as_the_picture_shows():
    """img/planetarysystems.webp @ c95e392, faces 1-17 (L, TL, TR, R = places on the arc; B blue,
    X barren, then the mark; after the bar the discovery bonus, FLY-BONUS-1). PS12's blue planet has no mark.
    Places and colours also agree with pulsarboard.js @ f10cf07 (the blue and stone token positions of each tile)."""
    faces = {
        "PS01": "L:B TL:B TR:B R:B | EFF-RED(1)",
        "PS02": "L:B TL:B R:B4 | EFF-RED(1)",
        "PS03": "L:X TL:B R:B4 | EFF-RED(2)",
        "PS04": "L:X TR:B | EFF-GYRO(S); EFF-MOD(±1)",
        "PS05": "L:X TL:B R:X | EFF-GYRO(M); EFF-MOD(±1)",
        "PS06": "L:X TL:B R:X4 | EFF-GYRO(L); EFF-MOD(±1)",
        "PS07": "L:X TL:B TR:B3+ | EFF-GYRO-ANY",
        "PS08": "L:X TL:B TR:B3+ | EFF-GYRO-CHOICE(S,M)",
        "PS09": "L:X TL:B TR:B4 R:X4 | EFF-GYRO-CHOICE(S,L)",
        "PS10": "TL:B TR:B R:X4 | EFF-GYRO-CHOICE(M,L)",
        "PS11": "L:X TL:B R:X | EFF-CUBES(2)",
        "PS12": "L:X TR:B | EFF-CUBES(1); EFF-MOD(±1)",
        "PS13": "L:X TL:B R:X | EFF-CUBES(1); EFF-MOD(+2)",
        "PS14": "TL:B TR:B3+ | EFF-MOD(±1); EFF-MOD(±1)",
        "PS15": "L:X3+ TL:B TR:B4 R:X4 | EFF-MOD(±1); EFF-MOD(+2)",
        "PS16": "TL:B TR:B R:X4 | EFF-MOD(±1); EFF-MOD(+2)",
        "PS17": "TL:B TR:B | EFF-CUBES(2)",
    }
    read = {tile: " ".join(f"{SLOTS[p.slot]}:{'B' if p.colour == 'blue' else 'X'}{p.mark or ''}" for p in info.planets)
            + " | " + said(info.bonus) for tile, info in tables().systems.items()}
    assert read == faces


def test_PU_8_1_every_gate_colour_as_the_pictures_show():
    """The colour of each jump gate icon, gates in space order (o orange, g green, p purple): side A
    img/starcluster-normal.webp, side B img/starcluster-dead.webp @ c95e392 (all 99 sampled again)."""
    printed = {"A": "pgppoooggooogggpppppgoopppggpooooggooooppppggggpogg",
               "B": "ggggoppooppooppopgggpgpppggggoogoooogogogpppppoo"}
    letter = {"orange": "o", "green": "g", "purple": "p"}
    for side, colours in printed.items():
        gates = sorted((int(loc[1:]), info.gate_colour) for loc, info in tables().on_side(side).items() if info.type == "J")
        assert "".join(letter[str(colour)] for _space, colour in gates) == colours, side
    assert [tables().locations[gate].gate_colour for gate in ("J02", "J10", "J17", "J101", "J106", "J110")] == [
        "purple", "orange", "green", "green", "orange", "purple"]


def test_PU_8_6_every_cost_mode_and_kind_is_the_code_table():
    """material.inc.php @ f10cf07 techActionsDictionary[tier][board][index], all 68: cost, then R for
    lockable ("1/R", PAT-4) or 2, then the phase (a ability, i instant, g production = green, p end game = purple)."""
    code = {
        "AI": "1 2 a 3 2 a 5 2 a 2 R a 5 R i 6 R a", "AII": "3 R i 4 R g 2 R i 4 R i 1 R i 5 R i",
        "AIII": "4 R i 6 R p 3 R p 5 R p 3 2 p",
        "BI": "2 2 a 4 2 a 6 2 a 2 R i 3 R a 5 R a", "BII": "1 R g 2 R i 3 R i 5 R i 3 R i 4 R i",
        "BIII": "5 R p 6 R p 3 R p 4 R p 6 2 p",
        "CI": "1 2 a 3 2 a 4 2 a 1 R a 4 R a 6 R a", "CII": "2 R g 4 R a 2 R a 6 R i 1 R i 5 R i",
        "CIII": "5 R p 6 R p 2 R p 4 R p 6 2 i",
        "DI": "2 2 a 3 2 a 4 2 a 1 R a 2 R g 6 R a", "DII": "3 R g 5 R i 1 R i 3 R i 3 R i 6 R a",
        "DIII": "5 R p 6 R g 2 R p 3 R p 1 2 i",
    }
    for side, printed in code.items():
        row = sorted((t for t in tables().technologies.values() if t.side == side), key=lambda t: (t.row, t.id))
        assert " ".join(f"{t.cost} {'R' if t.mode == '1/R' else '2'} {t.kind[0]}" for t in row) == printed, side


def test_PU_8_6_side_A_effects_read_from_the_pictures():
    """img/A1-A3.webp @ c95e392 and img/komplett.webp @ 3164e72 (upright there); row heads 0, +2 / +1, 0, +2 /
    0, +2, +4 (PR-5). AIII-7b and AIII-8a as printed since session 8 (PUR-GOAL-ANY, PUR-BUY(2,9)), and AII-4a
    (EFF-VP-PER(station,1): a station in a planetary system, arrow, 1 VP): all 17 of side A as printed."""
    effects = {
        "AI-1a": "ABL-FLEX(fly,1,1); ABL-FLEX(tx,1,1)", "AI-1b": "ABL-ON(patent,EFF-VP(2))",
        "AI-1c": "ABL-ON(claim_pulsar,EFF-VP(3))", "AI-2a": "ABL-FLEX(gyro_spin,1,1); ABL-ON(gyro_spin,EFF-VP(3))",
        "AI-2b": "EFF-CLAIM-ISO; EFF-GYRO-ANY", "AI-2c": "ABL-FLEX(hq,1,1); ABL-ON(hq,EFF-VP(1))",
        "AII-3a": "EFF-DOUBLER(2,2)", "AII-3b": "GRN-PER(spinning_gyro,1)", "AII-4b": "EFF-TELEPORT(system)",
        "AII-4a": "EFF-VP-PER(station,1)", "AII-5a": "EFF-CUBES(3)", "AII-5b": "EFF-MOD(±1); EFF-MOD(+2); EFF-EXPL(2)",
        "AIII-6a": "EFF-DOUBLER(3,2)", "AIII-6b": "PUR-PER(hq_project,3)", "AIII-7a": "PUR-SIZES(4,8,16)",
        "AIII-7b": "PUR-GOAL-ANY", "AIII-8a": "PUR-BUY(2,9)",
    }
    technologies = tables().technologies
    assert {tech: said(technologies[tech].effects) for tech in effects} == effects
    assert [tables().time_row_bonus[row] for row in range(1, 9)] == [0, 2, 1, 0, 2, 0, 2, 4]
    rows = {row["id"]: row["source"] for row in game_data.load_json("pulsar", "technologies.json")["technologies"]}
    assert not any("[designed]" in rows[tech] for tech in ("AII-4a", "AIII-7b", "AIII-8a"))
    assert len(effects) == 17 and {t for t in technologies if t.startswith("A")} == set(effects)


def test_PU_8_6_5_AIII_8a_shows_9_VP_and_AIII_7b_a_goal_tile():
    """Read upright (img/komplett.webp @ 3164e72): AIII-8a is two cubes, "1x", 9 VP (read as 6 before,
    the 9 upside down); AIII-7b is a goal tile with a question mark over a green check mark and no
    number (read before as a construction award with a green 2, the "?" sideways in img/A3.webp)."""
    rows = {row["id"]: row["source"] for row in game_data.load_json("pulsar", "technologies.json")["technologies"]}
    assert "9 VP" in rows["AIII-8a"] and "2 cubes for 9 VP" in rows["AIII-8a"] and "2 cubes for 6 VP" not in rows["AIII-8a"]
    assert "goal tile" in rows["AIII-7b"] and "question mark over a green check mark" in rows["AIII-7b"]
    assert "shows a tile like a construction award" not in rows["AIII-7b"]
    assert tables().technologies["AIII-8a"].mode == "2" and tables().technologies["AIII-7b"].kind == "purple"


def test_PU_8_7_printed_hq_sides_A2_and_C2_as_the_pictures_show():
    """img/playerboardA2.webp @ c95e392 and the corners of img/komplett.webp @ 3164e72: each project's die,
    rewards and the projects joined to it below (HQ-2); gate runs O orange, P purple, G green."""
    printed = {
        "HQ1-2.1a": (4, "EFF-GYRO-ANY; EFF-GATERUN(O,2)", ()),
        "HQ1-2.1b": (1, "EFF-GATERUN(G,1)", ()),
        "HQ1-2.1c": (2, "EFF-MOD(±1); EFF-MOD(+2)", ()),
        "HQ1-2.2a": (1, "EFF-CUBES(1); EFF-EXPL(1)", ("HQ1-2.1a", "HQ1-2.1b")),
        "HQ1-2.2b": (3, "EFF-DOUBLER(2,1); EFF-MOD(±1)", ("HQ1-2.1b", "HQ1-2.1c")),
        "HQ1-2.3a": (2, "EFF-GATERUN(O/P/G,2)", ("HQ1-2.2a",)),
        "HQ1-2.3b": (6, "EFF-VP(8); EFF-GATERUN(P,2)", ("HQ1-2.2b",)),
        "HQ1-2.M": (5, "EFF-VP(5); EFF-GATERUN(O/P/G,4)", ("HQ1-2.3a", "HQ1-2.3b")),
        "HQ3-2.1a": (2, "EFF-MOD(±1); EFF-MOD(±1)", ()),
        "HQ3-2.1b": (1, "EFF-CUBES(1); EFF-MOD(+2)", ()),
        "HQ3-2.1c": (4, "EFF-VP(2); EFF-GATERUN(P,2)", ()),
        "HQ3-2.2a": (3, "EFF-VP(2); EFF-GATERUN(O/P/G,2)", ("HQ3-2.1a", "HQ3-2.1b")),
        "HQ3-2.2b": (1, "EFF-GATERUN(G,1)", ("HQ3-2.1b", "HQ3-2.1c")),
        "HQ3-2.3a": (6, "EFF-DOUBLER(4,3)", ("HQ3-2.2a",)),
        "HQ3-2.3b": (4, "EFF-VP(2); EFF-MOD(+2); EFF-GATERUN(O,2)", ("HQ3-2.2b",)),
        "HQ3-2.M": (5, "EFF-VP(2); EFF-EXPL(1); EFF-GATERUN(O/P/G,4)", ("HQ3-2.3a", "HQ3-2.3b")),
    }
    projects = tables().projects
    assert {p: (projects[p].cost, said(projects[p].effects), projects[p].needs) for p in printed} == printed


def test_PU_8_2_8_3_8_5_dice_board_gyrodynes_and_modifiers_as_pictured():
    """img/Pulsar_dice_board.jpg @ 37d7f43 (2-3 player side): 13 plain spaces then -1 and -2 VP, the 8th marked
    as the start; engineering income 2 cubes, 1 cube, 1 VP (2 players) and 3, 2 cubes (3 players, PR-2);
    7 silver dice. Gyrodynes: take 1 / 2 / 4, spin 3 / 5 / 6, VP 1 / 2 / 3 (img/GyrodyneBoard.webp,
    img/AllTokens.webp @ 01850f9). Modifiers: ±1 for a die 1 or 2, +2 for a die 2 (img/ModifierBoard.webp)."""
    t = tables()
    assert (t.track_len, t.track_start) == (15, 7)
    assert game_data.load_json("pulsar", "tables.json")["dice_board"]["penalties"] == {"13": -1, "14": -2}
    assert t.by_players[2].engineering_income == (("cubes", 2), ("cubes", 1), ("vp", 1))
    assert t.by_players[3].engineering_income == (("cubes", 3), ("cubes", 2))
    assert (t.by_players[2].silver_dice, t.by_players[3].silver_dice) == (7, 7)
    assert t.gyro_costs == {"S": (1, 3), "M": (2, 5), "L": (4, 6)}
    pieces = game_data.load_json("pulsar", "pieces.json")
    assert [g["vp"] for g in pieces["gyrodynes"]] == [1, 2, 3]
    assert [m["purchase"] for m in pieces["modifiers"]] == [[1, 2], [2]]
