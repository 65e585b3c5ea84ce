"""Issue 24: bench/bench_hungarian.py also counts upper-case codes without digits ("QIC", "PI")
that a Hungarian reader meets, sparing the allow-list's Hungarian abbreviations, Roman
numerals and words written in capitals."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from bench_hungarian import HUNGARIAN_CODES, catalogue_codes, upper_codes  # noqa: E402


def test_english_codes_are_counted_hungarian_abbreviations_numerals_and_capital_words_are_not():
    assert upper_codes("1 QIC és PI, HQ-tábla, UTOLSÓ KÖR, IV. pálya, VIO-B, CIÁ-A, DV02, <@123>, KTK") == ["QIC", "PI"]
    assert upper_codes("PASSZOLT") == [] and upper_codes("a BR-FUSION áttörés") == ["BR"]


def test_every_allowed_code_says_why_it_is_hungarian():
    assert all(len(reason) > 10 for reason in HUNGARIAN_CODES.values())


def test_no_games_hungarian_catalogue_holds_an_english_upper_case_code():
    for game in ("eve", "gaia", "planetarium", "pulsar", "spacecorp"):
        assert catalogue_codes(game) == {}, game
