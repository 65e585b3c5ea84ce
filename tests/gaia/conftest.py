import json
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "gaia"
FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))


def load_fixture(name):
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


@pytest.fixture
def spec2p():
    return load_fixture("spec-fullgame-2p.json")
