"""Scoring (spec §6.2, §6.5, SC-SCORE, SC-VAR-4): profit, the ledger, the score breakdown,
the final and early-finish scoring and the tie-breaks."""
from __future__ import annotations

from typing import TYPE_CHECKING
from rules.base import ScorePart
from rules.messages import Join

from .data import ERAS, tables
from .state import OVER, GameState, Turn
from .common import S, SCORE_SOURCES, START_PROFIT, era_span

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


def scores(game: SpaceCorpGame, state: GameState) -> list[int]:
    return [player.profit for player in state.players]


def winners(game: SpaceCorpGame, state: GameState) -> list[int]:
    """SC-VAR-4: most profit, then most bases on the board, then shared."""
    if state.phase != OVER:
        return []
    best = max(game._rank_key(state, seat) for seat in range(len(state.players)))
    return [seat for seat in range(len(state.players)) if game._rank_key(state, seat) == best]


def _rank_key(game: SpaceCorpGame, state: GameState, seat: int) -> tuple[int, ...]:
    """After the Starfarers (SC-SCORE-4): profit, the total value of the colonies owned, the
    Progress cards owned; after an early finish (SC-VAR-4): profit, bases on the board."""
    player = state.players[seat]
    if state.era == ERAS[-1]:
        value = sum(tables().colony_tiles[tile].value for owner, tile in state.colonies.values() if owner == seat)
        return player.profit, value, len(player.progress)
    return player.profit, game._bases_on_board(state, seat)


def _earn(state: GameState, seat: int, source: str, amount: int) -> None:
    """``seat``'s profit changes by ``amount`` (negative: paid or lost), booked under
    ``source`` (one of SCORE_SOURCES) for the score breakdown."""
    player = state.players[seat]
    player.profit += amount
    if amount:
        player.ledger[source] = player.ledger.get(source, 0) + amount


def score_breakdown(game: SpaceCorpGame, state: GameState) -> list[list[ScorePart]]:
    """Each player's profit by where it came from (the ledger ``_earn`` keeps): start, Produce,
    contracts, discovery tiles, bases, claims, Orion, Progress cards, Edges, colonies, the
    colony scoring, the early-finish bonus, profit spent and lost (penalties, negative).
    A game stored before the ledger existed shows the rest as "earlier"."""
    out = []
    for player in state.players:
        parts = [ScorePart(S(f"score.{source}"), player.ledger[source]) for source in SCORE_SOURCES
                 if player.ledger.get(source)]
        rest = player.profit - sum(part.points for part in parts)
        if rest or not parts:
            parts.append(ScorePart(S("score.earlier" if rest else f"score.{START_PROFIT}"), rest))
        out.append(parts)
    return out


def end_bonus(state: GameState, seat: int) -> tuple[int, int]:
    """What the early finish (SC-VAR-4) will certainly pay ``seat`` for what is done already, as
    ``(genetics, pioneer)`` profit: +1 per genetics step when the game ends after E1, the bonus of
    the Pioneer marker held.  (0, 0) when the current era does not end the game early or it is
    over.  A reading for the status (what ``_early_finish`` pays, without changing the state)."""
    _, last = era_span(state.options)
    if state.phase == OVER or state.era != last or state.era == ERAS[-1]:
        return 0, 0
    player = state.players[seat]
    genetics = player.genetics_steps if state.era == "E1" else 0
    pioneer = tables().constants.early_finish_pioneer_bonus[player.pioneer - 1] if player.pioneer else 0
    return genetics, pioneer


def _bases_on_board(state: GameState, seat: int) -> int:
    """Bases on the board, home bases excluded, the Legacy base included (§6.5)."""
    legacy = 1 if state.players[seat].legacy is not None else 0
    return sum(1 for owner, _ in state.bases.values() if owner == seat) + legacy


def _final_scoring(game: SpaceCorpGame, state: GameState) -> None:
    """SC-SCORE-1..3: the colonies' era-end abilities (K08, K10) in turn order from the
    Starfarers' first player, then profit by the number of colonies owned, never below 0."""
    t = tables()
    profits = [player.profit for player in state.players]
    for seat in state.order:
        for owner, tile in sorted(state.colonies.values(), key=lambda item: item[1]):
            ability = t.colony_abilities[t.colony_tiles[tile].ability]
            if owner == seat and ability.trigger is not None and ability.trigger.name == "ERA_END":
                for effect in ability.effects:
                    game._colony_gain(state, seat, effect)
    for player in state.players:
        owned = sum(1 for owner, _ in state.colonies.values() if owner == player.seat)
        score = t.constants.colony_points(owned)
        game._earn(state, player.seat, "colony_score", max(0, player.profit + score) - player.profit)  # SC-SCORE-3
        state.news.append(S("news.colony_score", player=game.seat_label(state, player.seat), colonies=owned,
                            amount=f"{score:+d}"))
    state.phase = OVER
    state.turn = Turn(state.turn.seat, step="")
    state.final = {"bonus": {player.seat: player.profit - profits[player.seat] for player in state.players}}
    state.news.append(S("news.game_over", winners=Join([game.seat_label(state, seat)
                                                        for seat in game.winners(state)], "and")))


def _early_finish(game: SpaceCorpGame, state: GameState) -> None:
    """SC-VAR-4: Pioneer bonuses and, after E1 only, +1T per genetics step."""
    bonus = tables().constants.early_finish_pioneer_bonus
    gains: dict[int, int] = {}
    for player in state.players:
        gain = player.genetics_steps if state.era == "E1" else 0
        if player.pioneer:
            gain += bonus[player.pioneer - 1]
        game._earn(state, player.seat, "final_bonus", gain)
        gains[player.seat] = gain
    state.phase = OVER
    state.turn = Turn(state.turn.seat, step="")
    state.final = {"bonus": gains}
    state.news.append(S("news.game_over", winners=Join([game.seat_label(state, seat)
                                                        for seat in game.winners(state)], "and")))
