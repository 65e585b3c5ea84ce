"""Hungarian words typed into the move box find the canonical moves (autocomplete shows the
notation; the move itself accepts either)."""
import random

import rules


def test_planetarium_autocomplete_understands_hungarian_verbs_and_decks():
    game = rules.get_game("planetarium")
    state = game.new_game({"players": 2}, 5)
    rng = random.Random(5)
    while not any(m.startswith("draw") for m in game.complete(state, next(iter(game.waiting_for(state))), "", 200)):
        seat = next(iter(game.waiting_for(state)))
        state = game.apply(state, game.random_move(state, seat, rng))
    seat = next(iter(game.waiting_for(state)))
    assert game.complete(state, seat, "húz") == game.complete(state, seat, "draw")
    assert game.complete(state, seat, "HUZ K") == game.complete(state, seat, "draw I")


def test_gaia_autocomplete_understands_hungarian_verbs_and_buildings():
    game = rules.get_game("gaia")
    state = game.new_game({"players": 2, "factions": "random"}, 3)
    rng = random.Random(3)
    while state["phase"] != "actions":      # setup played at random, up to the first action turn
        seat = min(game.waiting_for(state))
        state = game.apply(state, game.random_move(state, seat, rng))
    seat = min(game.waiting_for(state))
    english = game.complete(state, seat, "build m ")
    assert english and game.complete(state, seat, "épít bánya ") == english
    assert game.complete(state, seat, "EPIT BANYA ") == english
