"""The order in which autocomplete offers a seat's legal moves (newcomer report D16).

A newcomer takes the first line autocomplete offers, so the first lines should be moves worth
making.  The order never changes which moves are legal, only which come first:

* token moves (PL-MOV): by how much the move raises the mover's own projected points
  (:func:`rules.planetarium.evaluation.projected`: matter onto a mat area where a card in hand
  needs it, a planet onto the orbit a card needs), then matter moves by how many steps they
  bring the token nearer to a planet (where it can be collected, PL-MOV-4/9); a matter move
  away from every planet comes last.  Only the mover's own hand is read, so the order tells
  nothing about other hands.
* card plays: the card worth more points first (PL-CARD), then replacing and passing as before.
* the setup discard (PL-SETUP-6) and keeping a drawn final (PL-DRAW-1): the final worth fewer
  points is offered for discarding first (the better one is kept).

It must be cheap (autocomplete answers on every keystroke): one shallow copy of the state per
token move and one breadth-first search over the board per call.
"""
from __future__ import annotations

from collections import deque
from dataclasses import replace
from functools import lru_cache

from . import moves as mv
from .data import board, cards
from .evaluation import projected
from .moves import Move
from .state import MATTER_KINDS, PLANETS, GameState

FAR = 99            # steps from a node that reaches no planet
_MATTER = frozenset(MATTER_KINDS)
_PLANETS = frozenset(PLANETS)


@lru_cache(maxsize=None)
def predecessors() -> dict[str, tuple[str, ...]]:
    """Node -> the nodes with a line into it (the board's lines reversed)."""
    graph = board()
    into: dict[str, list[str]] = {node: [] for node in graph.node_ids}
    for node, following in graph.successors.items():
        for there in following:
            into[there].append(node)
    return {node: tuple(sources) for node, sources in into.items()}


def planet_distance(state: GameState) -> dict[str, int]:
    """Node -> the fewest single steps a matter token starting there needs to run into a planet
    over free spaces (a planet's own space: 0).  Nodes holding matter are not passed through."""
    nodes, into = state.nodes, predecessors()
    distance = {node: 0 for node in board().node_ids if nodes[node] in _PLANETS}
    queue = deque(distance)
    while queue:
        here = queue.popleft()
        for there in into[here]:
            if there not in distance and nodes[there] not in _PLANETS:
                distance[there] = distance[here] + 1
                if nodes[there] is None:         # a matter token stops the search behind it
                    queue.append(there)
    return distance


def _gain(state: GameState, seat: int, move: Move, base: float, known: dict[tuple[str, int, str | None], float]) -> float:
    """How much ``move`` (a token move) raises the seat's projected points; ``known`` keeps the
    gains already worked out by (planet, its orbit after the move, matter collected)."""
    path = move.path
    start, end = path[0], path[-1]
    orbit = board().orbit
    if start in _PLANETS:
        collected = state.nodes[end]
        area, kind = start, collected if collected in _MATTER else None
        planet_pos = {**state.planet_pos, start: end}
        situation = (area, orbit[end], kind)
    else:
        target = state.nodes[end]
        if target not in _PLANETS:
            return 0.0
        area, kind = target, state.nodes[start]
        planet_pos = state.planet_pos
        situation = (area, orbit[end], kind)
    if situation in known:
        return known[situation]
    player = state.players[seat]
    if kind is not None:
        mat = {**player.mat, area: {**player.mat[area], kind: player.mat[area][kind] + 1}}
        player = replace(player, mat=mat)
    players = list(state.players)
    players[seat] = player
    trial = replace(state, players=players, planet_pos=planet_pos)
    known[situation] = gain = projected(trial, seat) - base
    return gain


def order(state: GameState, seat: int, moves: list[Move]) -> list[Move]:
    """``moves`` (legal moves of ``seat``) with the ones worth making first; a stable order."""
    if not moves:
        return moves
    kinds = {move.kind for move in moves}
    if mv.MOVE in kinds:
        return _order_token_moves(state, seat, moves)
    if mv.PLAY in kinds or mv.FINAL in kinds:
        table = cards()
        rank = {mv.PLAY: 0, mv.FINAL: 0}
        return sorted(moves, key=lambda move: (rank.get(move.kind, 1),
                                               -table[move.card].points if move.card in table and move.kind in rank
                                               else 0))
    if kinds == {mv.DISCARD_FINAL}:
        table = cards()
        return sorted(moves, key=lambda move: table[move.card].points if move.card in table else 0)
    return moves


def _order_token_moves(state: GameState, seat: int, moves: list[Move]) -> list[Move]:
    base = projected(state, seat)
    distance = planet_distance(state)
    known: dict[tuple[str, int, str | None], float] = {}

    def key(move: Move) -> tuple[float, int]:
        if move.kind != mv.MOVE or not move.path:
            return (0.0, -FAR)
        gain = round(_gain(state, seat, move, base, known), 3)
        start, end = move.path[0], move.path[-1]
        if start in _PLANETS or state.nodes[end] in _PLANETS:
            return (gain, 0)
        return (gain, distance.get(start, FAR) - distance.get(end, FAR))

    return sorted(moves, key=key, reverse=True)
