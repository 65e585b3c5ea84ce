"""The shared rules-core helpers: deterministic RNG and option validation."""
import pytest

from rules.base import BadOptions, Game, OptionSpec
from rules.rng import Rng


def test_rng_replays_from_its_json_state():
    first = Rng(42)
    first.shuffle(items := list(range(20)))
    resumed = Rng.from_json(first.to_json())
    assert Rng(42).shuffled(range(20)) == items
    assert resumed.dice(5) == first.copy().dice(5)
    assert Rng(42).shuffled(range(20)) != Rng(43).shuffled(range(20))


class _Options(Game):
    options = (OptionSpec("players", "int", 2, "players", min=2, max=4),
               OptionSpec("variant", "choice", "basic", "variant", choices=("basic", "advanced")))
    new_game = parse_move = format_move = legal_moves = apply = waiting_for = view = None
    scores = is_over = winners = dump_state = load_state = None


_Options.__abstractmethods__ = frozenset()


def test_options_fill_defaults_and_reject_bad_values():
    game = _Options()
    assert game.normalize_options({}) == {"players": 2, "variant": "basic"}
    assert game.normalize_options({"players": "3"})["players"] == 3
    with pytest.raises(BadOptions, match="between 2 and 4"):
        game.normalize_options({"players": 7})
    with pytest.raises(BadOptions, match="one of basic, advanced"):
        game.normalize_options({"variant": "x"})
    with pytest.raises(BadOptions, match="Unknown option"):
        game.normalize_options({"colour": "red"})
