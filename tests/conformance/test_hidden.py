"""Hidden information by construction (issue 27, item 6), for every registered game alike.

- Two seats' views of one position differ only where one of them shows the kit's hidden mark
  (or leaves a private entry out): nothing a seat sees is shown to another in a different,
  unmasked form; and what the view masks (``hidden_in_view``, by default found from the view
  itself) appears nowhere in the other seats' views.
- A move ``undo`` allows (``reveals_information`` False) gives the mover nothing the others
  lack: made on any state the mover cannot tell from the true one (``sample_state``), it shows
  the mover the same view afterwards.  A draw from a hidden pile, a roll, a face-down tile
  turned up or sealed choices opened would show something else on another sample.
"""
from __future__ import annotations

import json
import random
from typing import Any, Iterator

import pytest

import rules
from rules.base import IllegalMove
from rules.kit import HIDDEN, Chance, Deck, Sealed, Streams, draw_hidden, masked, revealed_between

from .test_games import cases, dumped, recorded_playout, string_values, toy  # noqa: F401  (toy: the host's toy game too)


def differences(a: Any, b: Any, path: str = "") -> Iterator[tuple[str, Any, Any]]:
    """(path, a's value, b's value) where two dumped views differ, as deep as both agree on
    the shape."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            yield from differences(a.get(key, _ABSENT), b.get(key, _ABSENT), f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and \
            not all(isinstance(item, list) and item and isinstance(item[0], int) for item in a + b):
        for index, (x, y) in enumerate(zip(a, b)):
            yield from differences(x, y, f"{path}[{index}]")
    elif a != b:
        yield path, a, b


_ABSENT = object()


def _masks(value: Any) -> bool:
    """A value a view shows in place of something hidden: the mark, a list of marks (a pile or
    hand as a count), nothing at all (a private entry left out), or "not known" (None, False:
    Planetarium's ``hand_known``)."""
    return value is _ABSENT or value is None or value is False or value == HIDDEN or \
        (isinstance(value, list) and all(v == HIDDEN for v in value))


def _private_list(mine: Any, theirs: Any, me: int, them: int | None) -> bool:
    """Lists of entries addressed to seats (``[seat, news]``, Space Corp's private news): each
    view holds only its own seat's entries."""
    if not (isinstance(mine, list) and isinstance(theirs, list)):
        return False
    only_mine = [entry for entry in mine if entry not in theirs]
    only_theirs = [entry for entry in theirs if entry not in mine]
    return all(isinstance(entry, list) and entry and entry[0] == me for entry in only_mine) and \
        all(isinstance(entry, list) and entry and entry[0] == them for entry in only_theirs)


@pytest.mark.parametrize("name,players,options", cases())
def test_two_seats_views_differ_only_where_one_is_masked(name, players, options):
    game = rules.get_game(name)
    checked = []

    def visit(state, ply):
        if ply % 4 and not game.is_over(state):
            return
        seats: list[int | None] = [None, *range(players)]
        views = {seat: json.loads(dumped(game, game.view(state, seat))) for seat in seats}
        texts = {seat: "\x00".join(string_values(views[seat])) for seat in seats}
        for viewer in seats:
            hidden = [item for item in game.hidden_in_view(state, viewer) if len(item) >= 2]
            leaked = sorted({item for item in hidden if item in texts[viewer]})
            assert not leaked, f"ply {ply}: the view of {viewer} shows {leaked[:3]}, which it hides"
        for a in range(players):
            for b in seats:
                if b == a:
                    continue
                for path, mine, theirs in differences(views[a], views[b]):
                    assert _masks(theirs) or _masks(mine) or _private_list(mine, theirs, a, b), \
                        f"ply {ply}: seats {a} and {b} see {path} differently, unmasked: {mine!r} / {theirs!r}"
        checked.append(ply)

    positions, _ = recorded_playout(name, players, options, 2700 + players)   # shared with the undo test below
    for state, ply in positions:
        visit(state, ply)
    assert checked


def _undoable(game, state, seat, rng) -> Iterator[tuple[Any, Any]]:
    moves = list(game.legal_moves(state, seat))
    picked = moves[:4] + rng.sample(moves, min(4, len(moves)))
    for move in picked:
        after = game.apply(state, move)
        if not game.reveals_information(state, move, after):
            yield move, after


@pytest.mark.parametrize("name,players,options", cases())
def test_a_move_undo_allows_shows_the_mover_nothing_hidden(name, players, options):
    """The same undo-able move made on two states the mover cannot tell apart leaves the mover
    the same view (so taking it back and trying again learns nothing)."""
    game = rules.get_game(name)
    rng = random.Random(27)
    checked = []

    def visit(state, ply):
        if ply % 3 and not game.is_over(state):
            return
        for seat in sorted(game.waiting_for(state)):
            mover_view = game.view(state, seat)
            for move, after in _undoable(game, state, seat, rng):
                text = game.format_move(move)
                expected = dumped(game, game.view(after, seat))
                for _ in range(2):
                    sampled = game.sample_state(mover_view, seat, rng)
                    try:
                        again = game.apply(sampled, game.parse_move(sampled, seat, text))
                    except IllegalMove as error:
                        raise AssertionError(f"ply {ply}: {text!r} reveals nothing yet is refused on a state "
                                             f"seat {seat} cannot tell from the true one: {error}") from None
                    assert dumped(game, game.view(again, seat)) == expected, \
                        f"ply {ply}: undo-able {text!r} shows seat {seat} something hidden"
                checked.append(text)

    positions, _ = recorded_playout(name, players, options, 2700 + players)
    for state, ply in positions:
        visit(state, ply)
    assert checked or name == "toy"


# ----- the kit's record of what was revealed ---------------------------------------------------------
def test_kit_draws_rolls_and_opened_seals_are_recorded_as_revealed():
    streams = Streams(5)
    before = streams.copy()
    assert not revealed_between(before, streams)
    deck = Deck.shuffled("d", ["a", "b", "c"], streams)
    before = streams.copy()
    assert not revealed_between(before, streams)
    deck.draw(streams)
    assert revealed_between(before, streams)
    pile = ["x", "y"]
    before = streams.copy()
    assert draw_hidden(streams, pile) == ["x"] and pile == ["y"] and revealed_between(before, streams)
    before = streams.copy()
    streams.roll("dice", 2)
    assert revealed_between(before, streams)
    sealed: Sealed[str] = Sealed([0, 1])
    before = streams.copy()
    sealed.seal(0, "A", streams)
    assert not revealed_between(before, streams)          # one choice in: still secret
    sealed.seal(1, "B", streams)
    assert revealed_between(before, streams)              # the last one opens both
    assert revealed_between(None, streams)                # a view: conservative
    assert Streams.from_json(streams.to_json()) == streams


def test_kit_chance_records_like_streams():
    """One random sequence (Planetarium's) records draws and reveals as Streams do; its JSON is
    the plain Rng's until something was revealed."""
    chance = Chance(5)
    assert chance.to_json() == {"seed": 5, "counter": 0}
    before = chance.copy()
    pile = ["x", "y"]
    assert draw_hidden(chance, pile) == ["x"] and revealed_between(before, chance)
    before = chance.copy()
    chance.shuffled(["a", "b"])
    assert revealed_between(before, chance)
    before = chance.copy()
    assert not revealed_between(before, chance)
    chance.reveal(2)
    assert revealed_between(before, chance)
    assert chance.to_json() == {"seed": 5, "counter": 1, "revealed": 3}
    assert Chance.from_json(chance.to_json()) == chance and Chance.from_json({"seed": 5, "counter": 1}).revealed == 0
    assert revealed_between(None, chance)


def test_kit_masked_finds_what_a_view_hides():
    full = {"pile": ["a", "b"], "hand": [["c"], ["d", "e"]], "top": "f", "n": 3, "streams": {"seed": 1}}
    view = {"pile": [HIDDEN, HIDDEN], "hand": [["c"], [HIDDEN, HIDDEN]], "top": "f", "n": 3, "streams": None}
    assert sorted(masked(full, view)) == ["a", "b", "d", "e"]


# ----- what the others read of a move --------------------------------------------------------------
def _shown_texts(game, state, seat, text) -> list[str]:
    """What another player reads of ``seat``'s move ``text`` in ``state`` (the state after it):
    the redacted notation or message, and its phrase, in every language."""
    from rules.messages import LANGUAGES, Msg, render
    shown = game.redact_move(state, seat, text)
    out = []
    for language in LANGUAGES:
        if isinstance(shown, Msg):
            out.append(render(shown, language))
        else:
            out.append(shown)
            for phrase in (game.move_phrase(state, seat, shown), game.full_phrase(state, seat, shown)):
                if phrase is not None:
                    out.append(render(phrase, language))
    return out


@pytest.mark.parametrize("name,players,options", cases())
def test_what_the_others_read_of_a_move_names_nothing_their_view_hides(name, players, options):
    """Redaction follows from the mechanics (issue 27 item 6): whatever a game's ``redact_move``
    declares, the others' reading of a move (its notation or message and its phrase, in every
    language) names nothing the kit hides from them in the position after it (their views'
    masked strings, ``hidden_in_view``).  A sealed choice read as "discard F12" fails here."""
    game = rules.get_game(name)
    rng = random.Random(24)
    checked = []

    def visit(state, ply):
        if ply % 2 or game.is_over(state):
            return
        for seat in sorted(game.waiting_for(state)):
            moves = list(game.legal_moves(state, seat))
            for move in moves[:3] + rng.sample(moves, min(3, len(moves))):
                text = game.format_move(move)
                after = game.apply(state, move)
                shown = _shown_texts(game, after, seat, text)
                for other in range(players):
                    if other == seat:
                        continue
                    hidden = [item for item in game.hidden_in_view(after, other) if len(item) > 1]
                    leaked = [item for item in hidden for words in shown if item in words]
                    assert not leaked, f"ply {ply}: seat {other} reads {leaked[:3]} in {shown[0]!r}"
                checked.append(text)

    positions, _ = recorded_playout(name, players, options, 2700 + players)
    for state, ply in positions:
        visit(state, ply)
    assert checked or name == "toy"


@pytest.mark.parametrize("name,players,options", cases())
def test_what_the_others_read_of_a_move_follows_from_their_view(name, players, options):
    """Not even a move's wording tells the others what they cannot see: their reading of a
    move (notation or message and phrase, every language) is the same on every full state
    their view allows (``sample_state``).  A phrase briefer or fuller by the mover's hidden
    cards (a label fitted to its description's length) would differ on another sample."""
    game = rules.get_game(name)
    rng = random.Random(31)
    checked = 0
    for state, ply, seat in _waiting_seats(game, name, players, options, 5):
        moves = list(game.legal_moves(state, seat))
        for move in rng.sample(moves, min(2, len(moves))):
            text = game.format_move(move)
            after = game.apply(state, move)
            shown = _shown_texts(game, after, seat, text)
            for other in range(players):
                if other != seat:
                    another = game.sample_state(game.view(after, other), other, rng)
                    assert _shown_texts(game, another, seat, text) == shown, \
                        f"ply {ply}: seat {other} could tell {text!r} apart"
                    checked += 1
    assert checked or name == "toy"


def _waiting_seats(game, name, players, options, every) -> Iterator[tuple[Any, int, int]]:
    """(state, ply, waiting seat) at every ``every``-th position of the recorded playout that
    is not over: the walk of the two view-follows tests."""
    positions, _ = recorded_playout(name, players, options, 2700 + players)
    for state, ply in positions[::every]:
        if not game.is_over(state):
            for seat in sorted(game.waiting_for(state)):
                yield state, ply, seat


def _labels(game, state, seat) -> dict[str, list[tuple[str | None, str | None]]]:
    """Each legal move of ``seat`` with its phrase and description in every language: what its
    menu, buttons and autocomplete show."""
    from rules.messages import LANGUAGES, render
    out = {}
    for move in game.legal_moves(state, seat):
        text = game.format_move(move)
        phrase, description = game.move_phrase(state, seat, text), game.describe_move(state, seat, text)
        out[text] = [(render(phrase, language) if phrase is not None else None,
                      render(description, language) if description is not None else None)
                     for language in LANGUAGES]
    return out


@pytest.mark.parametrize("name,players,options", cases())
def test_a_seats_choices_follow_from_its_view(name, players, options):
    """Autocomplete and buttons tell a player nothing hidden from them: the moves a waiting seat
    may make and how each is phrased and described are the same on every full state its view
    allows (``sample_state``), so no label can read another hand, a pile's order or a face-down
    tile."""
    game = rules.get_game(name)
    rng = random.Random(37)
    checked = 0
    for state, ply, seat in _waiting_seats(game, name, players, options, 9):
        another = game.sample_state(game.view(state, seat), seat, rng)
        assert _labels(game, another, seat) == _labels(game, state, seat), f"ply {ply}: seat {seat}"
        checked += 1
    assert checked or name == "toy"
