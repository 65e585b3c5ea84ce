"""Genetics, Idea and Progress cards (spec §7.7, SC-GEN/SC-IDEA/SC-PROG), Upgrade (§7.8,
SC-UPG) and Special (§7.9, SC-SPC)."""
from __future__ import annotations

from typing import TYPE_CHECKING
from rules.kit import Term
from rules.messages import Join

from . import moves as mv
from .phrases import team_name
from .data import design, is_time, tables
from .moves import Special, Upgrade
from .state import OFFER, PREDICT, PROGRESS, GameState, Pending
from .common import S, refuse, site_msg

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# ----- Genetics (SC-GEN), Upgrade (SC-UPG), Special (SC-SPC) -----------------------------------------
def _genetics(game: SpaceCorpGame, state: GameState, seat: int, steps: int) -> None:
    """SC-GEN-1/3/4: the genetics cube moves; a lap is remembered in E1 and earns an
    Adaptation per lap from E2 on."""
    player = state.players[seat]
    player.genetics, laps = game._turn_wheel(state, seat, player.genetics, steps, "genetics")
    player.genetics_steps += steps
    if laps and state.era == "E1":
        player.genetics_lapped = True                                                   # SC-GEN-3


def _idea(game: SpaceCorpGame, state: GameState, seat: int, steps: int) -> None:
    """SC-IDEA-1: the idea cube moves; from E2 on each lap earns a Breakthrough."""
    player = state.players[seat]
    player.idea, _ = game._turn_wheel(state, seat, player.idea, steps, "idea")
    player.idea_steps += steps


def _turn_wheel(game: SpaceCorpGame, state: GameState, seat: int, position: int, steps: int, cube: str) -> tuple[int, int]:
    """A cube moves ``steps`` spaces on the Progress Wheel: its new position and the laps made;
    from E2 on each lap earns the cube's Progress card (SC-GEN-4, SC-IDEA-1)."""
    wheel = tables().wheel
    laps = (position + steps) // wheel.size
    if state.era != "E1":
        for _ in range(laps):
            game._entitle(state, seat, wheel.awards[cube])
    return (position + steps) % wheel.size, laps


# ----- Progress cards (SC-PROG) --------------------------------------------------------------------
def progress_choices(game: SpaceCorpGame, state: GameState, seat: int, kind: str, no_bonus: bool = False,
                     setup_pick: bool = False) -> list[str]:
    """SC-PROG-2: the top card of each same-name stack of ``kind`` on the Side Board whose name
    ``seat`` does not own and whose prerequisites they meet (EG-LEAK: the no-bonus copy only;
    SC-VAR-3: a Planeteers card without prerequisite)."""
    t = tables()
    found = []
    for progress_id, copies in state.side_board.items():
        card = t.progress[progress_id]
        if not copies or card.kind != kind or game._owns(state, seat, progress_id):
            continue
        if no_bonus and card.physical_ids[1] not in copies:
            continue
        if setup_pick and (card.era != "E2" or card.prerequisites):
            continue
        if all(game._prerequisite_met(state, seat, term) for term in card.prerequisites):
            found.append(progress_id)
    return found


def _prerequisite_met(game: SpaceCorpGame, state: GameState, seat: int, term: Term) -> bool:
    owned = [tables().progress[card.split("#")[0]] for card in state.players[seat].progress]
    if term.name == "BREAKTHROUGHS":
        return sum(1 for card in owned if card.kind == "BREAK") >= term.int_arg(0)
    return False


def _entitle(game: SpaceCorpGame, state: GameState, seat: int, kind: str, no_bonus: bool = False,
             setup_pick: bool = False) -> None:
    """A Progress card is owed: chosen by ``choose progress=`` before play goes on; with no
    card to choose it is lost (A-30)."""
    if not game.progress_choices(state, seat, kind, no_bonus, setup_pick):
        state.news.append(S(f"news.progress_lost.{kind}", player=game.seat_label(state, seat)))
        return
    state.pending.append(Pending(PROGRESS, seat, kind, no_bonus=no_bonus, setup_pick=setup_pick))


def _gain_progress(game: SpaceCorpGame, state: GameState, seat: int, progress_id: str, no_bonus: bool = False,
                   setup_pick: bool = False) -> None:
    """SC-PROG-3: the card goes to its owner with its profit bonus; a one-time effect resolves."""
    t = tables()
    card = t.progress[progress_id]
    copies = state.side_board[progress_id]
    physical = card.physical_ids[1] if no_bonus else copies[0]
    copies.remove(physical)
    player = state.players[seat]
    player.progress.append(physical)
    bonus = card.bonus if physical == card.physical_ids[0] and not setup_pick else 0
    game._earn(state, seat, "progress", bonus)
    state.news.append(S("news.progress_bonus" if bonus else "news.progress", player=game.seat_label(state, seat),
                        card=S(f"progress.{progress_id}"), amount=bonus))
    if card.timing == "one-time":
        for effect in card.effects:
            if effect.name == "GAIN_T_PER":                                             # AD-STARCH
                gain = len(player.progress) * effect.int_arg(1)
                game._earn(state, seat, "progress", gain)
                state.news.append(S("news.edge_gain", player=game.seat_label(state, seat), amount=gain))
            elif effect.name == "TAKE_OFFER" and any(state.offer):
                state.pending.insert(0, Pending(OFFER, seat))
            elif effect.name == "LOOK_TAKE" and state.pile:                             # BR-PREDICT
                looked = state.pile[:effect.int_arg(0)]
                assert state.streams is not None
                state.streams.reveal(len(looked))                                   # seen by the player
                state.pending.insert(0, Pending(PREDICT, seat, str(min(effect.int_arg(1), len(looked))),
                                                cards=looked))
                state.private_news.append((seat, S("notice.predict", cards=Join(
                    [game._card_msg(c) for c in looked]), n=min(effect.int_arg(1), len(looked)))))
    if card.kind == "BREAK":
        game._open(state, "PROGRESS_GAINED", seat)                                      # EG-LEAK


def _upgrade(game: SpaceCorpGame, state: GameState, move: Upgrade) -> None:
    seat = move.seat
    if not state.hands.holds(seat, move.card):
        raise refuse("not_in_hand", "SC-UPG-1", card=mv.card_code(move.card))
    if is_time(move.card) or not tables().cards[design(move.card)].infra:
        raise refuse("not_upgradeable", "SC-UPG-1", card=mv.card_code(move.card))
    player = state.players[seat]
    box = str(move.box)
    old = player.hq[box]
    state.hands.remove(seat, move.card)
    player.hq[box] = move.card
    state.turn.upgraded = move.card
    state.news.append(S("news.upgraded", player=game.seat_label(state, seat), card=game._card_msg(move.card),
                        box=move.box))
    if old is not None:                                                                 # SC-UPG-3
        returns = tables().cards[design(old)].era == state.era
        if returns:
            state.hands.add(seat, [old])
        # a card of an earlier era leaves the game; either way the thread says where it went (28b N-6),
        # naming only a card that leaves the game (the news is stored in the public view; a hand is hidden)
        state.news.append(S("news.upgrade_returned", player=game.seat_label(state, seat)) if returns else
                          S("news.upgrade_removed", player=game.seat_label(state, seat), card=game._card_msg(old)))
    game._open(state, "UPGRADE_RESOLVED", seat)


def _special(game: SpaceCorpGame, state: GameState, move: Special) -> None:
    seat = move.seat
    if not state.hands.holds(seat, move.card) or is_time(move.card):
        raise refuse("not_in_hand", "SC-SPC-1", card=mv.card_code(move.card))
    card = tables().cards[design(move.card)]
    entry = next((entry for entry in card.entries if entry.action == "SPECIAL"), None)
    if entry is None or entry.special is None:
        raise refuse("not_special", "SC-SPC-1", card=mv.card_code(move.card))
    effect = tables().specials[entry.special].effects[0]
    if effect.name == "ANTIMATTER_MOVE":
        game._antimatter(state, move)
        return
    if effect.name == "TRACKS_TO_STAR":                                                 # SP-TACHYON
        if not state.players[seat].track:
            raise refuse("tachyon_nothing", "SP-TACHYON", card=mv.card_code(move.card))
        state.hands.remove(seat, move.card)
        state.turn.played.append(move.card)
        game._advance_tracks(state, seat, to_star=True)
        return
    if effect.name not in ("PROBE", "SCOUT") or move.target is None:
        raise refuse("special_target", "SC-SPC-3", card=mv.card_code(move.card))
    site = tables().maps[state.era].sites.get(move.target)
    game._explorable(state, move.target)
    assert site is not None
    if (site.explore or 0) > effect.int_arg("max_cost"):
        raise refuse("probe_too_far", "SC-SPC-3", site=site_msg(site.id),
                     cost=effect.int_arg("max_cost"))
    if any(site.id == where for player in state.players for where in player.teams.values()):
        raise refuse("probe_not_empty", "SC-SPC-3", site=site_msg(site.id))
    state.hands.remove(seat, move.card)
    state.turn.played.append(move.card)
    game._explore_site(state, seat, site.id, [])                                        # SP-SCOUT fills all


def _antimatter(game: SpaceCorpGame, state: GameState, move: Special) -> None:
    """SP-ANTIMATTER: one team that can act moves to any site, no distance, no cards or Infra,
    shielded; it still starts or ends at a base (SC-MOV-3) and may win a Pioneer marker."""
    seat, leg = move.seat, move.leg
    if leg is None:
        raise refuse("special_leg", "SP-ANTIMATTER", card=mv.card_code(move.card), example=mv.notation(f"special {move.card} B1 iss>titan"))
    game._team_at(state, seat, leg.team, leg.origin, "SC-MOV-1")
    if leg.destination not in tables().maps[state.era].sites or leg.destination == leg.origin:
        raise refuse("no_such_site", "SC-MAP-1", site=leg.destination)
    state.turn.rewards += game._endpoint_reward(state, seat, leg)
    state.hands.remove(seat, move.card)
    state.turn.played.append(move.card)
    game._place_team(state, seat, leg.team, leg.destination)
    state.news.append(S("news.antimatter", player=game.seat_label(state, seat), team=team_name(leg.team),
                        destination=site_msg(leg.destination)))
