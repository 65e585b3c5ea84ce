"""The package as installed, not the source tree: from the repository root the sources
shadow the installed package, so a data file missing from the wheel would pass every other
test.  Build the wheel, check it carries every data file, and run the installed package
from outside the repository."""
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("*.json", "*.ttf", "*.txt", "*.md")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                             "-w", str(out), str(ROOT)], capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {result.stderr[-300:]}")
    return next(out.glob("*.whl"))


def test_the_wheel_carries_every_data_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {str(path.relative_to(ROOT)) for pattern in SHIPPED for path in (ROOT / "data").rglob(pattern)}
    assert expected and sorted(expected - names) == []
    for package in ("bot", "rules", "renderers"):
        sources = {str(p.relative_to(ROOT)) for p in (ROOT / package).rglob("*.py")}
        assert sorted(sources - names) == [], package


def test_the_installed_package_runs_from_outside_the_repository(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
                   check=True, capture_output=True)
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "import rules, renderers, bot.app;"
        "from rules.messages import catalogue;"
        "assert rules.__file__.startswith(sys.argv[1]), rules.__file__;"
        "print(len(catalogue('en')), len(catalogue('hu')), ','.join(rules.available_games()))"
    )
    result = subprocess.run([sys.executable, "-c", script, str(target)], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    import json

    def keys(language: str) -> int:   # the shipped catalogues (the tests add the toy game's texts)
        files = [ROOT / "data" / "i18n" / f"{language}.json"]
        files += [f for folder in (ROOT / "data").glob("*/i18n") for f in folder.glob(f"{language}*.json")]
        return len({key for f in files for key in json.loads(f.read_text(encoding="utf-8"))})

    english, hungarian, games = result.stdout.split()
    assert int(english) == keys("en") and int(hungarian) == keys("hu")
    assert games.split(",") == __import__("rules").available_games()
