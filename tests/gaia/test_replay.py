"""GP-RPL-1..10 / acceptance test 19: every recorded game replays and matches its figures."""
import json
import subprocess
import sys

import pytest

from rules.gaia import GAME
from rules.gaia.replay import replay_fixture, run_file, summary

from .conftest import FIXTURE_FILES, FIXTURES, load_fixture


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.stem)
def test_GP_RPL_fixture_replays_and_matches_expected(path):
    fixture = load_fixture(path.name)
    checkpoints = {c["after_move"]: c for c in fixture["checkpoints"]}
    seen = []

    def check(index, st):
        cp = checkpoints.get(index)
        if cp:
            assert [p["vp"] for p in st["players"]] == cp["vp"], f"VP after move {index}"
            assert st["round"] == cp["round"], f"round after move {index}"
            seen.append(index)

    st = replay_fixture(fixture, check)
    expected = fixture["expected"]
    got = summary(st)
    assert got["round"] == expected["round"]
    assert got["ended"] == expected["ended"]
    assert got["players"] == expected["players"]
    assert sorted(seen) == sorted(i for i in checkpoints if i > 0)


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.stem)
def test_GP_RPL_vp_equals_sum_of_sources(path):
    st = replay_fixture(load_fixture(path.name))
    for p in st["players"]:
        assert p["vp"] == sum(p["vp_src"].values())


def test_GP_RPL_state_round_trips_losslessly_mid_game(spec2p):
    nxt = spec2p["moves"][60]
    st = replay_fixture(dict(spec2p, moves=spec2p["moves"][:60]))
    dumped = json.loads(json.dumps(GAME.dump_state(st)))
    again = GAME.load_state(dumped)
    assert again == st
    move = GAME.parse_line(again, nxt)
    assert GAME.apply(again, move) == GAME.apply(st, move)


def test_GP_RPL_replay_module_prints_one_json_line_per_file():
    paths = [str(FIXTURES / "nevla-leverage.json"), str(FIXTURES / "q-range.json")]
    out = subprocess.run([sys.executable, "-m", "rules.gaia.replay", *paths], capture_output=True, text=True,
                         check=True).stdout.strip().splitlines()
    assert len(out) == 2
    first = json.loads(out[0])
    assert set(first) == {"name", "ok", "moves_applied", "error", "round", "players"}
    assert first["ok"] is True and first["error"] is None
    assert first["players"] == load_fixture("nevla-leverage.json")["expected"]["players"]


def test_GP_RPL_run_file_reports_where_a_broken_log_stops(tmp_path):
    fixture = load_fixture("spec-fullgame-2p.json")
    fixture["moves"] = fixture["moves"][:12] + ["geodens build m 9x9."] + fixture["moves"][13:]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(fixture))
    res = run_file(str(path))
    assert res["ok"] is False
    assert res["moves_applied"] == 11
    assert "move 12" in res["error"]


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.stem)
def test_GP_RPL_9_recorded_games_pass_the_strict_checks(path):
    """Federation minimality (GP-FED-6) and boardgamers line endings (§12.1) hold in every recorded game."""
    fixture = load_fixture(path.name)
    st = replay_fixture(fixture, options={"fed_check": True, "strict_endings": True})
    assert summary(st)["players"] == fixture["expected"]["players"]


def test_GP_RPL_run_file_reports_checkpoint_mismatch(tmp_path):
    fixture = load_fixture("spec-fullgame-2p.json")
    fixture["checkpoints"][2]["vp"] = [99, 99]
    path = tmp_path / "cp.json"
    path.write_text(json.dumps(fixture))
    res = run_file(str(path))
    assert res["ok"] is False and "checkpoint mismatch" in res["error"]
    assert res["moves_applied"] == 152
