"""One conformance suite for every registered game (and the host's toy game): a game that
does not pass it is not hosted.  Per game and player count, a seeded random playout visits
positions; at each the contract's promises are checked.

- states survive a JSON round trip; ``apply`` never mutates its input;
- every legal move is accepted, and ``parse_move(format_move(m))`` gives it back;
- refusals (of junk text) are catalogue messages, in both languages;
- everything the contract returns for players to read is a catalogued message;
- views hide what the game declares hidden; the default move is legal;
- playouts reach the end with the game's invariants;
- the renderer draws views of the positions visited, in every language;
- every move reads as a sentence (``move_phrase``) and reads back from the Hungarian words
  autocomplete offers (``localize_move``); scores come with a breakdown that adds up;
  every component has a name and a text in every language and ``/info`` finds it.
"""
from __future__ import annotations

import importlib
import json
import random
import sys

import pytest

import rules
from rules.base import IllegalMove
from rules.messages import LANGUAGES, Msg, check_message, message_keys, render

from tests.host import toy_game

JUNK = ("", "xyzzy", "move move move", "9999", "pick", "ü ő", "build m 99Z99", "play Q99 Z", "\u0000", "-1")
MAX_PLIES = 3000


# Rules cores being built that the bot does not offer yet: the contract is checked already,
# everything but the renderer (they have none yet).
IN_PROGRESS: dict[str, str] = {}


def games() -> list[str]:
    return rules.available_games() + ["toy"] + sorted(IN_PROGRESS)


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    monkeypatch.setitem(rules._GAME_MODULES, "toy", "tests.host.toy_game")
    monkeypatch.setitem(sys.modules, "renderers.toy", toy_game)
    for name, module in IN_PROGRESS.items():
        monkeypatch.setitem(rules._GAME_MODULES, name, module)


def cases():
    out = []
    for name in games():
        game = (toy_game.GAME if name == "toy" else importlib.import_module(IN_PROGRESS[name]).GAME
                if name in IN_PROGRESS else rules.get_game(name))
        for index, options in enumerate(game.conformance_options):
            for players in range(game.min_players, game.max_players + 1):
                suffix = "-" + "-".join(f"{key}={value}" for key, value in sorted(options.items())) if index else ""
                out.append(pytest.param(name, players, options, id=f"{name}-{players}p{suffix}"))
    return out


def dumped(game, state) -> str:
    return json.dumps(game.dump_state(state), sort_keys=True)


def string_values(value) -> list[str]:
    """Every string of a dumped state but its dict keys."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in string_values(item)]
    if isinstance(value, list):
        return [text for item in value for text in string_values(item)]
    return []


def check_catalogued(value, where):
    if isinstance(value, Msg):
        check_message(value, where)
        for language in LANGUAGES:
            assert render(value, language).strip(), where
    else:
        assert isinstance(value, str), f"{where}: {value!r}"


def playout(game, players, seed, visit, options=None, played=None):
    """A seeded random game, ``visit`` called at each position; ``played`` (a list) collects
    each move as (seat, text)."""
    state = game.new_game({**(options or {}), "players": players}, seed)
    rng = random.Random(seed)
    visit(state, 0)
    for ply in range(1, MAX_PLIES + 1):
        if game.is_over(state):
            return state, ply - 1
        seats = sorted(game.waiting_for(state))
        assert seats, "nobody to move but the game is not over"
        seat = rng.choice(seats)
        move = game.random_move(state, seat, rng)
        assert move is not None, f"seat {seat} waits but has no legal move"
        text = game.format_move(move)
        if played is not None:
            played.append((seat, text))
        before = dumped(game, state)
        state_after = game.apply(state, game.parse_move(state, seat, text))
        assert dumped(game, state) == before, f"apply mutated its input ({text})"
        state = state_after
        assert game.invariants(state) == [], (text, game.invariants(state))
        visit(state, ply)
    raise AssertionError(f"no end after {MAX_PLIES} moves")


_RECORDED: dict[tuple[str, int, str, int], tuple[list, list]] = {}


def recorded_playout(name, players, options, seed):
    """(positions, played): the seeded ``playout`` (its checks included) as a list of
    (state, ply) and its moves, played once per test process: the contract test and the
    sampled-state test read the same positions, and a random playout is most of their CPU.
    The states are shared read-only (the contract: ``apply`` and ``view`` never mutate)."""
    key = (name, players, json.dumps(options, sort_keys=True), seed)
    if key not in _RECORDED:
        positions: list = []
        played: list = []
        playout(rules.get_game(name), players, seed, lambda state, ply: positions.append((state, ply)),
                options, played)
        _RECORDED[key] = (positions, played)
    return _RECORDED[key]


@pytest.mark.parametrize("name,players,options", cases())
def test_a_random_playout_keeps_every_promise_of_the_contract(name, players, options):
    game = rules.get_game(name)
    seed = 1000 + players
    checked = {"positions": 0, "moves": 0}
    rendered = []

    def visit(state, ply):
        # JSON round trip
        data = json.loads(dumped(game, state))
        assert json.dumps(game.dump_state(game.load_state(data)), sort_keys=True) == json.dumps(data, sort_keys=True)
        # what players read is catalogued
        for seat in range(players):
            check_catalogued(game.seat_label(state, seat), "seat_label")
        for line in game.status_lines(game.view(state, None)):
            check_catalogued(line, "status_lines")
        prompt = game.decision_prompt(state)
        if prompt is not None:
            check_catalogued(prompt, "decision_prompt")
        if ply % 7 and not game.is_over(state):
            return
        checked["positions"] += 1
        # the score, explained: each seat's parts add up to its score
        breakdown = game.score_breakdown(game.view(state, None))
        assert breakdown is not None and len(breakdown) == players, "no score breakdown"
        for seat, parts in enumerate(breakdown):
            for part in parts:
                check_catalogued(part.label, "score_breakdown")
            assert sum(part.points for part in parts) == game.scores(state)[seat], (seat, parts)
        for seat in sorted(game.waiting_for(state)):
            view = game.view(state, seat)
            for line in game.private_lines(view, seat):
                check_catalogued(line, "private_lines")
            # views hide what the game declares hidden, from everyone else (in the view's
            # values: keys name public things, e.g. EVE's map regions, whose region cards
            # lie face down in the squares)
            for other in [None] + [s for s in range(players) if s != seat]:
                hidden = game.hidden_in_view(state, other)
                text = "\x00".join(string_values(game.dump_state(game.view(state, other))))
                leaked = [item for item in hidden if item and item in text]
                assert not leaked, f"view of {other} shows {leaked[:3]}"
            # every legal move is accepted, and its notation reads back
            moves = list(game.legal_moves(state, seat))
            for move in moves[:40]:
                text = game.format_move(move)
                again = game.parse_move(state, seat, text)
                assert game.format_move(again) == text
                assert game.canonical_prefix(text) == text, "canonical notation must stay as it is"
                game.apply(state, again)
                checked["moves"] += 1
                description = game.describe_move(state, seat, text)
                if description is not None:
                    check_catalogued(description, "describe_move")
                shown = game.redact_move(state, seat, text)
                check_catalogued(shown, "redact_move")
                # the move in words, and in the Hungarian words autocomplete sends
                if isinstance(shown, str):
                    phrase = game.move_phrase(state, seat, shown)
                    assert phrase is not None, f"no phrase for {shown!r}"
                    check_catalogued(phrase, f"move_phrase of {shown!r}")
                    full = game.full_phrase(state, seat, shown)
                    assert full is not None, f"no full phrase for {shown!r}"
                    check_catalogued(full, f"full_phrase of {shown!r}")
                for language in LANGUAGES:
                    local = game.localize_move(text, language)
                    assert game.format_move(game.parse_move(state, seat, local)) == text, (text, local)
            # the default move (a decision deadline passed) is legal
            default = game.default_move(state, seat)
            assert default is not None, "a waiting seat has no default move"
            game.apply(state, default)
            # junk is refused with a catalogued message, never a crash
            for junk in JUNK:
                try:
                    game.apply(state, game.parse_move(state, seat, junk))
                except IllegalMove as error:
                    check_catalogued(error.msg, f"refusal of {junk!r}")
                    assert all(key.split(".")[0] in (name, "options", "list") for key in message_keys(error.msg)), \
                        error.msg
        if len(rendered) < 3 and ply % 21 == 0:
            rendered.append(state)

    positions, played = recorded_playout(name, players, options, seed)
    for state, ply in positions:
        visit(state, ply)
    final, plies = positions[-1]
    # every move of the game still reads as a sentence from the final state (as /log shows it)
    for seat, move_text in played:
        shown = game.redact_move(final, seat, move_text)
        if isinstance(shown, str):
            phrase = game.move_phrase(final, seat, shown)
            assert phrase is not None, f"no phrase for the played {shown!r}"
            check_catalogued(phrase, f"move_phrase of the played {shown!r}")
    assert game.is_over(final) and plies > 0
    scores = game.scores(final)
    assert len(scores) == players and set(game.winners(final)) <= set(range(players)) and game.winners(final)
    assert checked["positions"] >= 2 and checked["moves"] > 0
    if name in IN_PROGRESS:
        return
    import renderers
    render_board = renderers.get_renderer(name)
    # each position in every language, as the public view in one and seat 0's in the other
    # (alternating, so each language draws both kinds of view; all four per position cost
    # twice the drawing for the same languages and views)
    for index, state in enumerate(rendered + [final]):
        for number, language in enumerate(LANGUAGES):
            seat = (None, 0)[(index + number) % 2]
            images = render_board(game.view(state, seat), player_names=[f"p{i}" for i in range(players)],
                                  language=language)
            images = images if isinstance(images, list) else [images]
            assert images and all(image.width > 100 and image.height > 100 for image in images)


@pytest.mark.parametrize("name", games())
def test_the_declared_game_type_matches_play(name):
    """Issue 27: every game declares its GameType, and random playouts (each option set, the
    fewest and the most players) show what it declares: hidden information when some seat's
    view of a position is not the whole state, and never otherwise; several seats waited for
    at once only when it declares simultaneous decisions (a declared one may be rare, e.g.
    Space Corp's sealed Legacy picks when two players have producing bases)."""
    game = rules.get_game(name)
    kind = game.game_type
    assert kind is not None, f"{name} declares no game_type"
    seen = {"hidden": False, "simultaneous": False}

    def visit(state, ply):
        seen["simultaneous"] |= len(game.waiting_for(state)) > 1
        if ply % 5 == 0 or game.is_over(state):
            whole = dumped(game, state)
            seen["hidden"] |= any(dumped(game, game.view(state, seat)) != whole
                                  for seat in range(len(game.scores(state))))

    for options in game.conformance_options:
        for players in sorted({game.min_players, game.max_players}):
            playout(game, players, 2000 + players, visit, options)
    assert seen["hidden"] == kind.hidden_information, seen
    assert kind.simultaneous or not seen["simultaneous"], seen


@pytest.mark.parametrize("name", games())
def test_every_component_has_a_name_and_a_text_and_info_finds_it(name):
    game = rules.get_game(name)
    components = list(game.components())
    assert components, "the game lists no components for /info"
    ids = [comp.id.lower() for comp in components]
    assert len(ids) == len(set(ids)), "component ids repeat"
    for comp in components:
        for part in (comp.name, comp.text) + ((comp.gist,) if comp.gist is not None else ()):
            check_catalogued(part, f"component {comp.id}")
        check_message(Msg(comp.kind), f"kind of {comp.id}")
        if comp.gist is not None:
            for language in LANGUAGES:
                assert len(render(comp.gist, language)) <= 70, (comp.id, language, render(comp.gist, language))
        assert game.component(comp.id) == comp


@pytest.mark.parametrize("name", games())
def test_the_game_speaks_both_languages(name):
    game = rules.get_game(name)
    for message in (game.title_msg(), game.notation_help(), game.rules_summary()):
        check_catalogued(message, name)
    for spec in game.options:
        if spec.lobby:
            check_message(Msg(spec.description), spec.name)
            for choice in spec.choices:
                check_message(Msg(spec.choice_key(choice)), f"{spec.name}={choice}")
    for spec in game.preferences:
        check_message(Msg(spec.description), spec.name)
        for choice in spec.choices:
            check_message(Msg(f"{spec.description}.{choice}"), f"{spec.name}={choice}")


@pytest.mark.parametrize("name,players,options", cases())
def test_a_sampled_state_shows_the_seat_exactly_its_view(name, players, options):
    """Issue 29 (fair computer players): ``sample_state(view(s, seat), seat, rng)`` is a full
    state the seat cannot tell from the true one: its view dumps equal to ``view(s, seat)``,
    it keeps the game's invariants, and play goes on from it (a search thinks on it)."""
    game = rules.get_game(name)
    rng = random.Random(29)
    checked = []

    def visit(state, ply):
        if ply % 5 and not game.is_over(state):
            return
        for seat in range(players):
            view = game.view(state, seat)
            sampled = game.sample_state(view, seat, rng)
            assert dumped(game, game.view(sampled, seat)) == dumped(game, view), (seat, ply)
            assert game.invariants(sampled) == [], game.invariants(sampled)
            if game.is_over(sampled):
                continue
            for waiting in sorted(game.waiting_for(sampled)):
                move = game.random_move(sampled, waiting, rng)
                assert move is not None
                game.apply(sampled, move)
            checked.append(ply)

    positions, _ = recorded_playout(name, players, options, 1000 + players)   # the contract playout's
    for state, ply in positions:
        visit(state, ply)
    assert checked
