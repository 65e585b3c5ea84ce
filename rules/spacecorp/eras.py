"""The end of an era and the transitions (spec §6.1 SC-END, §6.3 SC-TRANS): Legacy Production,
the next era's setup and the Pioneers."""
from __future__ import annotations

from typing import TYPE_CHECKING
from rules.kit import Hands, Sealed, draw_hidden
from rules.messages import Join

from . import moves as mv
from .phrases import team_name
from .data import ERAS, is_time, tables
from .moves import Choose, Move
from .state import LEGACY, PIONEER, PLAY, SETUP, GameState, Pending, Turn
from .common import PIONEER_SITES, S, era_span, pair_production, refuse, site_msg

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


def _end_era(game: SpaceCorpGame, state: GameState) -> None:
    """The era ends: the game's last era finishes it (SC-VAR-4), any other goes on to the
    Legacy selection and the next era (SC-TRANS)."""
    _, last = era_span(state.options)
    state.windows, state.extra_turns = [], []
    state.pile_mark, state.hands_mark, state.idle_turns = -1, 0, 0                # SC-END-11 counts within one era
    if state.era == last:
        if state.era == ERAS[-1]:
            game._final_scoring(state)
        else:
            game._early_finish(state)
        return
    state.news.append(S("news.era_over", era=S(f"era.{state.era}")))
    expected = [seat for seat in state.order if game.legacy_sites(state, seat)]
    state.turn = Turn(state.turn.seat, step="")
    if not expected:
        game._transition(state)
        return
    state.phase = LEGACY
    state.legacy_choice = Sealed(expected)
    state.news.append(S("news.legacy_open", players=Join([game.seat_label(state, seat) for seat in expected],
                                                        "and")))


def legacy_sites(game: SpaceCorpGame, state: GameState, seat: int) -> list[str]:
    """SC-TRANS-1: the sites whose tile produces (P#, an Attraction's P1; not under an
    Extractor) with one of ``seat``'s bases on it."""
    return [site for site, (owner, base) in sorted(state.bases.items())
            if owner == seat and pair_production(state.tiles.get(site, []), base) is not None]


def _choose_legacy(game: SpaceCorpGame, state: GameState, move: Move) -> None:
    """A sealed Legacy pick (SC-TRANS-1); when every pick is in, they are revealed together."""
    assert state.legacy_choice is not None
    allowed = [f"@{site}" for site in game.legacy_sites(state, move.seat)] + [mv.NONE]
    if not isinstance(move, Choose) or move.key != "legacy":
        raise refuse("legacy_first", "SC-TRANS-1", example=mv.notation(f"choose legacy={allowed[0]}"))
    if move.value not in allowed:
        raise refuse("legacy_choice", "SC-TRANS-1", value=move.value, allowed=", ".join(allowed))
    assert state.streams is not None
    state.legacy_choice.seal(move.seat, move.value, state.streams)          # the last seal opens them all
    state.news.append(S("news.legacy_sealed", player=game.seat_label(state, move.seat)))
    if not state.legacy_choice.complete():
        return
    for seat, choice in sorted(state.legacy_choice.revealed().items()):
        player = state.players[seat]
        if choice == mv.NONE:
            state.news.append(S("news.legacy_kept" if player.legacy else "news.legacy_none",
                                player=game.seat_label(state, seat)))
            continue
        site = choice[1:]
        tile, base = state.tiles[site][0], state.bases[site][1]
        if player.legacy is not None:                     # the old pair: tile out, base back
            state.tiles_out.append(player.legacy[0])
        player.legacy = (tile, base)
        state.tiles[site].remove(tile)
        del state.bases[site]
        state.news.append(S("news.legacy", player=game.seat_label(state, seat), tile=S(f"tile.{tile}"),
                            base=S(f"base.{base}"), site=site_msg(site)))
    state.legacy_choice = None
    state.phase = PLAY
    game._transition(state)
    game._advance(state)


def _transition(game: SpaceCorpGame, state: GameState) -> None:
    """SC-TRANS-2..7 and the next era's setup up to the Pioneers' placements (SC-SETUP-20..25,
    SC-SETUP-40..44)."""
    t = tables()
    old = state.era
    held = [card for hand in state.hands.cards for card in hand] + state.pile + \
        [card for card in state.offer if card] + state.discards + state.time_discards + state.turn.played
    pool = sorted(card for card in held if is_time(card))                          # SC-TRANS-2
    state.hands = Hands.empty(len(state.players))
    state.pile, state.offer = [], [None] * t.constants.offer_size
    state.discards, state.time_discards = [], []
    state.tiles_out += [tile for placed in state.tiles.values() for tile in placed]   # SC-TRANS-3
    state.tiles_out += [tile for stack in state.stacks.values() for tile in stack]
    holders = {player.pioneer: player.seat for player in state.players if player.pioneer}
    nxt = ERAS[ERAS.index(old) + 1]
    game._setup_board(state, nxt)
    state.news.append(S("news.era_begins", era=S(f"era.{nxt}")))
    state.turn = Turn(state.order[0], step=SETUP)
    for marker, site in enumerate(PIONEER_SITES[nxt], start=1):                    # SC-SETUP-23/24, 43/44
        if marker in holders:
            state.pending.append(Pending(PIONEER, holders[marker], site))
    state.time_pool = pool


def _pioneer_place(game: SpaceCorpGame, state: GameState, seat: int, site: str) -> None:
    """SC-SETUP-23/24, 43/44: one of the player's home teams starts on Ceres (with an f1 tile,
    its rewards and a claim; not an exploration for the contracts, SC-CON-7), on Vesta, on
    Alpha Centauri's star, or on Luhman 16's star track, on the space farthest from the star."""
    player = state.players[seat]
    home = game._home(state.era)
    team = next(team for team, where in sorted(player.teams.items()) if where == home)
    player.teams[team] = site
    state.news.append(S("news.pioneer_placed", player=game.seat_label(state, seat), team=team_name(team),
                        site=site_msg(site)))
    if site == PIONEER_SITES["E3"][1]:
        player.track[team] = tables().maps[state.era].movement.track_spaces
    if site == PIONEER_SITES["E2"][0]:
        assert state.streams is not None
        tile = draw_hidden(state.streams, state.stacks["f1"])[0]
        state.tiles[site] = [tile]
        state.claims[site] = team
        state.news.append(S("news.tile", player=game.seat_label(state, seat), site=site_msg(site),
                            tile=S(f"tile.{tile}"), effect=game._tile_text(tile)))
        game._tile_rewards(state, seat, tile)


def _finish_setup(game: SpaceCorpGame, state: GameState) -> None:
    """SC-SETUP-26..32 / 45..51 after the Pioneers: the first player (a team on Ceres or on
    Alpha Centauri, else the most profit, else at random), the deal, and in E2 the Adaptation
    earned by an E1 genetics lap (E3 has no such catch-up, SC-SETUP-51)."""
    assert state.streams is not None
    count = len(state.players)
    first_site = PIONEER_SITES[state.era][0]
    on_site = [p.seat for p in state.players if first_site in p.teams.values()]
    if on_site:
        first = on_site[0]
    else:
        best = max(p.profit for p in state.players)
        tied = [p.seat for p in state.players if p.profit == best]
        first = state.streams.shuffled(f"first_player:{state.era}", tied)[0]
    state.order = [(first + i) % count for i in range(count)]
    pool = state.time_pool
    state.time_pool = []
    game._deal(state, pool)
    for player in state.players:
        player.pioneer = 0
    state.turn = Turn(first)
    for seat in state.order:                                                            # SC-SETUP-31
        if state.players[seat].genetics_lapped:
            state.players[seat].genetics_lapped = False
            game._entitle(state, seat, tables().wheel.awards["genetics"])
    state.news.append(S("news.first_player", player=game.seat_label(state, first)))
