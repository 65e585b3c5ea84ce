"""Every move label fits Discord by design (issue: labels over 100 characters): autocomplete
choices and menu options carry at most 100 characters, buttons 80, and the host clips a longer
one (dropping what the player needs).  Over seeded random playouts of every player count, in
both languages, every legal move's label as the host builds it (the phrase, then what the move
does) fits; a public choice's button label fits 80.  Pulsar's long flights (FLY-1..4: up to ten
locations and a die bent by a token and a technology), transmitter payments (TX-PAY) and draft
picks (D-DRAFT-4) say the same facts in fewer words when the full words are too long.

:func:`labels_over` is the playout every game's label test uses."""
from __future__ import annotations

import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any, cast

import pytest

import rules
from rules.messages import LANGUAGES, render

MENU_LIMIT = 100     # an autocomplete choice's name, a select option's label
BUTTON_LIMIT = 80    # a button's label (public choices)


def host_label(game: Any, state: Any, seat: int, text: str, language: str) -> str:
    """The label the host shows for a move (bot/cogs/base.py ``move_label``): its phrase in
    words (label variants: the reader's own choice), then what it does, unless that repeats
    the phrase."""
    from bot.cogs.base import move_label
    return move_label(cast(Any, SimpleNamespace(game=game, state=state)), seat, text, language)


def playout_positions(name: str, players: int, seed: int, every: int, options: dict[str, Any] | None = None
                      ) -> Iterator[tuple[Any, Any, list[int]]]:
    """(game, state, waiting seats) at every ``every``-th position of a seeded random playout
    to its end: the walk every game's label test makes."""
    game = rules.get_game(name)
    state = game.new_game({**(options or {}), "players": players}, seed)
    rng = random.Random(seed)
    for ply in range(3000):
        if game.is_over(state):
            return
        seats = sorted(game.waiting_for(state))
        if ply % every == 0:
            yield game, state, seats
        state = game.apply(state, game.random_move(state, rng.choice(seats), rng))
    raise AssertionError(f"{name}: no end after 3000 moves")


def labels(name: str, players: int, seed: int, every: int, options: dict[str, Any] | None = None
           ) -> Iterator[tuple[int, str, str]]:
    """(limit, move text, label) for every legal move of every waiting seat at every ``every``-th
    position of a seeded random playout, in every language; public choices with the button limit."""
    for game, state, seats in playout_positions(name, players, seed, every, options):
        for seat in seats:
            for move in game.legal_moves(state, seat):
                text = game.format_move(move)
                for language in LANGUAGES:
                    yield MENU_LIMIT, text, host_label(game, state, seat, text, language)
        choices = game.public_choices(state)
        for text in choices[1] if choices else []:
            for language in LANGUAGES:
                yield BUTTON_LIMIT, text, host_label(game, state, choices[0], text, language)


def labels_over(name: str, seed: int, every: int, option_sets: "list[dict[str, Any]] | None" = None) -> list[str]:
    """The labels over their limit in playouts of every player count of ``name``, with each of
    ``option_sets`` (default: every option set the conformance suite plays, e.g. Space Corp's eras)."""
    game = rules.get_game(name)
    return [f"{len(label)} > {limit}: [{text}] {label}"
            for options in (option_sets if option_sets is not None else game.conformance_options)
            for players in range(game.min_players, game.max_players + 1)
            for limit, text, label in labels(name, players, seed + players, every, options) if len(label) > limit]


@pytest.mark.parametrize("seed", [0, 40])
def test_FLY_TX_DRAFT_every_pulsar_label_fits_in_both_languages(seed: int) -> None:
    over = labels_over("pulsar", seed, 3)
    assert not over, "\n".join(over[:10])


def test_FLY_4_FLY_10_a_long_flight_keeps_every_location_and_its_die() -> None:
    """A nine-step flight paid with a silver 6 bent by a +2 token and a technology: every
    location, its start (where the ship is) too, and the whole die stay in the label, written as
    every flight is (``H01→J02``, report 27h P-7); the thread's line writes the path the same way."""
    game = rules.get_game("pulsar")
    state = game.new_game({"players": 2}, 1)
    text = "fly s6+2~DI-1a:+1 J26>S25>J69>S68>J72>J73>S75>J77>P78>J79"
    for language in LANGUAGES:
        shown = host_label(game, state, 0, text, language)
        assert len(shown) <= MENU_LIMIT, shown
        assert "26→" in shown and " → " not in shown and "…" not in shown, shown
        for location in ("26", "25", "69", "68", "72", "73", "75", "77", "78", "79"):
            assert location in shown, (location, shown)
        assert "DI-1a" in shown and "+2" in shown, shown
        full = game.full_phrase(state, 0, text)
        assert full is not None
        path = render(game.move_phrase(state, 0, text), language, label=True).split(" ")[1]
        assert path in render(full, language), (path, render(full, language))


def test_TX_PAY_a_payment_label_drops_what_the_transmitter_gives_before_the_payment() -> None:
    """Paying a transmitter's icon with a bent die and a teleport: the die, the icon and the
    teleport stay; what the transmitter gives is shortened ("and more") or left to the post."""
    game = rules.get_game("pulsar")
    state = game.new_game({"players": 2}, 1)
    text = "tx pay TX-A08 icon=2 s3+1 to=S03"
    for language in LANGUAGES:
        shown = host_label(game, state, 0, text, language)
        assert len(shown) <= MENU_LIMIT, shown
        assert "A08" in shown and "03" in shown and "+1" in shown, shown
