"""Hungarian words typed into the move box find the canonical moves (autocomplete shows the
notation; the move itself accepts either)."""
import random

import rules


def planetarium_when_a_draw_is_legal():
    game = rules.get_game("planetarium")
    state = game.new_game({"players": 2}, 5)
    rng = random.Random(5)
    while not any(m.startswith("draw") for m in game.complete(state, next(iter(game.waiting_for(state))), "", 200)):
        seat = next(iter(game.waiting_for(state)))
        state = game.apply(state, game.random_move(state, seat, rng))
    return game, state, next(iter(game.waiting_for(state)))


def gaia_at_the_first_action_turn():
    game = rules.get_game("gaia")
    state = game.new_game({"players": 2, "factions": "random"}, 3)
    rng = random.Random(3)
    while state["phase"] != "actions":      # setup played at random, up to the first action turn
        seat = min(game.waiting_for(state))
        state = game.apply(state, game.random_move(state, seat, rng))
    return game, state, min(game.waiting_for(state))


def test_planetarium_autocomplete_understands_hungarian_verbs_and_decks():
    game, state, seat = planetarium_when_a_draw_is_legal()
    assert game.complete(state, seat, "húz") == game.complete(state, seat, "draw")
    assert game.complete(state, seat, "HUZ K") == game.complete(state, seat, "draw I")


def test_gaia_autocomplete_understands_hungarian_verbs_and_buildings():
    game, state, seat = gaia_at_the_first_action_turn()
    english = game.complete(state, seat, "build m ")
    assert english and game.complete(state, seat, "épít bánya ") == english
    assert game.complete(state, seat, "EPIT BANYA ") == english


def _through_the_host(game, state, seat, typed):
    """What the host's autocomplete offers: every prefix variant the contract gives."""
    found = []
    for variant in game.prefix_variants(typed):
        found += [text for text in game.complete(state, seat, variant) if text not in found]
    return found


def test_a_hungarian_word_still_being_typed_finds_its_moves_in_every_game():
    game, state, seat = gaia_at_the_first_action_turn()
    mines = game.complete(state, seat, "build m ")
    assert set(mines) <= set(_through_the_host(game, state, seat, "épít bá"))       # "bá" of "bánya"
    assert game.prefix_variants("épít bá")[0] == "épít bá"                           # typed text first
    assert all(v == "qqq" for v in game.prefix_variants("qqq"))                       # nothing to expand ("x" finds "xenok")
    assert game.prefix_variants("build ") == ["build "]                               # a finished word

    planetarium, state, seat = planetarium_when_a_draw_is_legal()
    assert planetarium.complete(state, seat, "dr") and \
        planetarium.complete(state, seat, "draw") == _through_the_host(planetarium, state, seat, "hú")
