"""Legal moves and suggestions: the candidates the checks filter, random playouts, public
choice buttons, the deadline default and autocomplete."""
from __future__ import annotations

from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, Iterator

from rules.base import IllegalMove

from . import guidance, labels, reading
from . import moves as mv
from .data import EMPIRES, TYPES, tables
from .moves import Move, format_move
from .state import (CARDS_ATT, CARDS_DEF, COMBAT, DICE, FIRST, INVADE, PREP_HQ, PREP_OUTPOST, PREP_PLACE, PREP_REVEAL,
                    PREP_SEAL, REROLL, ROUND, STEAL, TACTICS, TAKEFROM, GameState)
from .common import (connected_component, face_down_squares, face_up_squares, hand_of_deck, has_tile_card, is_empty,
                     marker_region, neighbours, owned)

if TYPE_CHECKING:
    from .engine import EveGame


# ----- legal moves -----------------------------------------------------------------------------------------
def legal_moves(game: EveGame, state: GameState, seat: int) -> list[Move]:
    return [move for move in game._candidates(state, seat) if game._legal(state, move)]


def search_moves(game: EveGame, state: GameState, seat: int) -> list[Move]:
    """The legal moves a computer weighs: a dice selection (EVE-CMB-4) that rolls fewer dice
    than the most the seat may is left out.  Every face of every die is 0, 1 or 2 (§18.6) and
    each total only helps its side (EVE-CMB-7/8: more damage, more shields, more tactic actions,
    all spent at the winner's choice), so one more die is never worse; with ~50 selections of
    equal value one move ahead, a short budget otherwise drew one at random (newcomer D-C1:
    attacks rolling nothing)."""
    moves = game.legal_moves(state, seat)
    dice = [sum(move.counts) for move in moves if move.kind == mv.DICE]
    if not dice:
        return moves
    most = max(dice)
    return [move for move in moves if move.kind != mv.DICE or sum(move.counts) == most]


def _legal(game: EveGame, state: GameState, move: Move) -> bool:
    try:
        game._check(state, move)
    except IllegalMove:
        return False
    return True


def _candidates(game: EveGame, state: GameState, seat: int) -> Iterator[Move]:
    if seat not in game.waiting_for(state):
        return
    regions = sorted(state.regions)
    phase = state.phase
    if phase == PREP_REVEAL or (phase == ROUND and state.round is not None and state.round.reveals_due):
        for square in face_down_squares(state):
            yield Move(seat, mv.REVEAL, arg=square)
        return
    if phase == PREP_HQ:
        for code in regions:
            yield Move(seat, mv.HQ, regions=(code,))
        return
    if phase == PREP_PLACE:
        for code in regions:
            yield Move(seat, mv.PLACE, regions=(code,))
        return
    if phase == PREP_OUTPOST:
        yield from game._outpost_candidates(state, seat)
        yield Move(seat, mv.PASS)
        return
    if phase == PREP_SEAL:
        player = state.players[seat]
        for kind in TYPES:
            for tiles in range(min(2, player.storage[kind]) + 1):
                yield Move(seat, mv.SEAL, arg=kind, number=tiles)
        return
    if phase == FIRST:
        for kind in state.first_choices:
            yield Move(seat, mv.FIRST, arg=kind)
        return
    if phase == ROUND:
        yield from game._round_candidates(state, seat)
        return
    yield from game._combat_candidates(state, seat)


def _outpost_candidates(game: EveGame, state: GameState, seat: int) -> Iterator[Move]:
    for code in owned(state, seat):
        region = state.regions[code]
        if region.outpost is None and region.hq is None:
            for kind in TYPES:
                yield Move(seat, mv.OUTPOST, regions=(code,), arg=kind)


def _round_candidates(game: EveGame, state: GameState, seat: int) -> Iterator[Move]:
    rnd = state.round
    assert rnd is not None
    player = state.players[seat]
    if not rnd.acted and not rnd.discarded:
        for card in hand_of_deck(state, seat, rnd.kind):
            yield Move(seat, mv.DISCARD, arg=card)
    mine = owned(state, seat)
    if rnd.kind == "D":
        near = {other for code in set(mine) | set(rnd.bridges) for other in neighbours(state, code)}
        for code in sorted(near):
            yield Move(seat, mv.EXPAND, regions=(code,))
            yield Move(seat, mv.AGENT, regions=(code,))
        yield from game._claim_candidates(state, seat)
    elif rnd.kind == "P":
        for code in mine:
            for count in range(1, min(rnd.actions, player.supply, 4) + 1):
                yield Move(seat, mv.BUILD, regions=(code,), number=count)
    else:
        for kind in TYPES:
            yield Move(seat, mv.DRAW, arg=kind)
        yield from game._round_moves(state, seat)
        for code in mine:
            if code not in rnd.locked and state.regions[code].units >= 1:
                for other in sorted(neighbours(state, code)):
                    yield Move(seat, mv.ATTACK, regions=(code, other))
    if rnd.pending_keep:
        for card in rnd.pending_keep:
            yield Move(seat, mv.KEEP, arg=card)
        return
    if rnd.peek:
        for order in permutations(rnd.peek):
            yield Move(seat, mv.ORDER, cards=order)
        return
    for card in state.hands.cards[seat]:
        yield from game._play_candidates(state, seat, card)
    for card in sorted(player.tile_cards):
        yield Move(seat, mv.UNTILE, arg=card)
    yield from game._outpost_candidates(state, seat)
    yield Move(seat, mv.END)
    kind = rnd.kind
    for tiles in range(min(2, player.schedule[kind] + player.storage[kind]) + 1):
        if tiles != player.schedule[kind]:
            yield Move(seat, mv.END, number=tiles)


def _round_kind_candidates(game: EveGame, state: GameState, seat: int, kind: str) -> Iterator[Move]:
    """The moves of one kind that ``_round_candidates`` yields, in its order, in a round that
    asks for no reveal, kept card or order first (tests/eve/test_playout_screen.py compares)."""
    rnd = state.round
    assert rnd is not None
    player = state.players[seat]
    if kind == mv.DISCARD:
        if not rnd.acted and not rnd.discarded:
            for card in hand_of_deck(state, seat, rnd.kind):
                yield Move(seat, mv.DISCARD, arg=card)
    elif kind in (mv.EXPAND, mv.AGENT):
        if rnd.kind == "D":
            near = {other for code in set(owned(state, seat)) | set(rnd.bridges) for other in neighbours(state, code)}
            for code in sorted(near):
                yield Move(seat, kind, regions=(code,))
    elif kind == mv.CLAIM:
        if rnd.kind == "D":
            yield from game._claim_candidates(state, seat)
    elif kind == mv.BUILD:
        if rnd.kind == "P":
            for code in owned(state, seat):
                for count in range(1, min(rnd.actions, player.supply, 4) + 1):
                    yield Move(seat, mv.BUILD, regions=(code,), number=count)
    elif kind == mv.DRAW:
        if rnd.kind not in ("D", "P"):
            for deck in TYPES:
                yield Move(seat, mv.DRAW, arg=deck)
    elif kind == mv.MOVE:
        if rnd.kind not in ("D", "P"):
            yield from game._round_moves(state, seat)
    elif kind == mv.ATTACK:
        if rnd.kind not in ("D", "P"):
            for code in owned(state, seat):
                if code not in rnd.locked and state.regions[code].units >= 1:
                    for other in sorted(neighbours(state, code)):
                        yield Move(seat, mv.ATTACK, regions=(code, other))
    elif kind == mv.PLAY:
        for card in state.hands.cards[seat]:
            yield from game._play_candidates(state, seat, card)
    elif kind == mv.UNTILE:
        for card in sorted(player.tile_cards):
            yield Move(seat, mv.UNTILE, arg=card)
    elif kind == mv.OUTPOST:
        yield from game._outpost_candidates(state, seat)
    elif kind == mv.END:
        yield Move(seat, mv.END)
        for tiles in range(min(2, player.schedule[rnd.kind] + player.storage[rnd.kind]) + 1):
            if tiles != player.schedule[rnd.kind]:
                yield Move(seat, mv.END, number=tiles)


def _round_moves(game: EveGame, state: GameState, seat: int) -> Iterator[Move]:
    """Moves of some units from one region to one connected own region (splits are legal too)."""
    rnd = state.round
    assert rnd is not None
    reach: dict[str, list[str]] = {}          # region -> its connected component, sorted (one search per component)
    for code in owned(state, seat):
        region = state.regions[code]
        if code in rnd.locked or region.units < 1:
            continue
        spare = region.units - (0 if region.hq == seat else 1)
        if code not in reach:
            component = sorted(connected_component(state, seat, code))
            reach.update(dict.fromkeys(component, component))
        for other in reach[code]:
            if other != code and state.regions[other].owner == seat:
                for count in range(1, spare + 1):
                    yield Move(seat, mv.MOVE, regions=(code, other), counts=(count,))


def _play_candidates(game: EveGame, state: GameState, seat: int, card: str) -> Iterator[Move]:
    """``play <card>`` with each argument the card could take now (checked by the caller)."""
    wants = mv.CARD_ARGS.get(tables().cards[card].kind)
    rnd = state.round
    assert rnd is not None
    if wants is None:
        yield Move(seat, mv.PLAY, arg=card)
    elif wants == "region":
        for code in sorted(state.regions):
            yield Move(seat, mv.PLAY, arg=card, regions=(code,))
    elif wants == "move":
        for step in game._round_moves(state, seat):
            yield Move(seat, mv.PLAY, arg=card, regions=step.regions, counts=step.counts)
    elif wants == "squares":            # D-E1 (DEV-E): up to three squares, each with a card to see
        for squares in _peek_choices(state):
            yield Move(seat, mv.PLAY, arg=card, params=squares)
    elif wants == "square":
        for square in state.squares:
            yield Move(seat, mv.PLAY, arg=card, params=(square,))
    elif wants == "seal":
        for other in range(state.player_count):
            for kind in TYPES:
                yield Move(seat, mv.PLAY, arg=card, params=(f"{EMPIRES[other]}:{kind}",))
    elif wants == "type":
        for kind in TYPES:
            yield Move(seat, mv.PLAY, arg=card, params=(kind,))
    else:
        for pair in combinations(TYPES, 2):
            yield Move(seat, mv.PLAY, arg=card, params=pair)


def _peek_choices(state: GameState) -> list[tuple[str, ...]]:
    """The squares an Intelligence Dossier (DEV-E) may look into: three of those with a face-down
    card to see (under a face-up top, or the top itself), every such three; all of them when fewer
    have one; one square at a time when none has (the card is still playable)."""
    seen = [name for name, square in state.squares.items() if len(square.pile) > (1 if square.face_up else 0)]
    if not seen:
        return [(name,) for name in state.squares]
    return list(combinations(seen, min(3, len(seen))))


def _claim_candidates(game: EveGame, state: GameState, seat: int) -> Iterator[Move]:
    up = face_up_squares(state)
    for i, first in enumerate(up):
        for second in up[i + 1:]:
            a, b = marker_region(state, first), marker_region(state, second)
            if a and b:
                yield Move(seat, mv.CLAIM, regions=(a, b))


def _combat_candidates(game: EveGame, state: GameState, seat: int) -> Iterator[Move]:
    combat = state.combat
    assert combat is not None
    step = combat.step
    if step in (CARDS_ATT, CARDS_DEF):
        yield Move(seat, mv.CARDS)
        for card in hand_of_deck(state, seat, "P"):
            yield Move(seat, mv.CARDS, cards=(card,))
    elif step == DICE:
        if combat.intel == seat and combat.question is None and len(combat.dice.choices) == 1:
            for colour in "dst":
                yield Move(seat, mv.ASK, arg=colour)
            return
        strength = combat.strength[seat]
        picks = [(d, s, t) for d in range(min(5, strength) + 1) for s in range(min(5, strength - d) + 1)
                 for t in range(min(5, strength - d - s) + 1)]
        # D-E6 (EVE-CMB-4): the whole strength first, damage before shields and tactics; rolling
        # no dice at all (legal) last, not as the first suggestion
        for counts in sorted(picks, key=lambda pick: (-sum(pick), -pick[0], -pick[1])):
            yield Move(seat, mv.DICE, counts=counts)
    elif step == REROLL:
        yield Move(seat, mv.REROLL)
        rolled = sum(len(r) for r in combat.rolls[seat])
        for size in (1, 2):
            for dice in combinations(range(1, rolled + 1), size):
                yield Move(seat, mv.REROLL, counts=dice)
    elif step == TACTICS:
        n = combat.tactic_actions
        for t2 in range(n + 1):
            yield Move(seat, mv.TAC, counts=(t2, n - t2))
        for code in game._reserve_sources(state, seat):
            for t2 in range(n):
                yield Move(seat, mv.TAC, regions=(code,), counts=(t2, n - 1 - t2))
    elif step == INVADE:
        for count in range(game._invasion_max(state) + 1):
            yield Move(seat, mv.INVADE, number=count)
    elif step == STEAL:
        for card in game._steal_choices(state):
            yield Move(seat, mv.STEAL, arg=card)
    elif step == TAKEFROM:
        for source in game._tile_sources(state):
            yield Move(seat, mv.TAKEFROM, arg=source)


def random_move(game: EveGame, state: GameState, seat: int, rng: Any) -> Move | None:
    """Playouts pick a kind of move first, then one of its moves, so attacks and claims
    happen as often as the many move splits; claims and outposts are preferred and a round
    is ended early only now and then."""
    if seat not in game.waiting_for(state):
        return None
    kinds = sorted(game._allowed_kinds(state))
    rng.shuffle(kinds)
    weight = {mv.CLAIM: 0, mv.OUTPOST: 1, mv.END: 9}
    kinds.sort(key=lambda kind: weight.get(kind, 2) + rng.random() * 4)
    marked = {marker_region(state, square) for square in face_up_squares(state)}
    rnd = state.round
    by_kind: dict[str, list[Move]] | None = None
    if state.phase != ROUND or rnd is None or rnd.reveals_due or rnd.pending_keep or rnd.peek:
        by_kind = {}
        for move in game._candidates(state, seat):  # generated once, checked kind by kind
            by_kind.setdefault(move.kind, []).append(move)
    blocked = _blocked_kinds(state)
    for kind in kinds:
        # a round's many kinds: only the kinds tried are generated (the same moves in the same order)
        candidates = by_kind.get(kind, []) if by_kind is not None else list(_round_kind_candidates(game, state, seat, kind))
        rng.shuffle(candidates)
        # head for the marked regions (the region cards) most of the time, as players do
        if kind in (mv.OUTPOST, mv.EXPAND, mv.PLACE, mv.HQ, mv.MOVE) and rng.random() < 0.8:
            candidates.sort(key=lambda move: not (move.regions and move.regions[-1] in marked))
        if kind in blocked:         # (after the draws above: the same seed draws the same moves)
            continue
        # the first legal one in a shuffled list is a uniform choice, and most candidates of
        # a kind need no legality check (the check is what a playout spends its time on);
        # the ones the screen refuses at a glance skip the check and its message
        for move in candidates:
            if not _surely_refused(state, move) and game._legal(state, move):
                return move
    return None


# ----- the playouts' screen: refusals seen at a glance ------------------------------------------------
#: The round's actions: each one's check starts with ``_need_action`` (EVE-RND-3).
_ACTIONS = frozenset({mv.EXPAND, mv.AGENT, mv.BUILD, mv.DRAW, mv.MOVE, mv.ATTACK})


def _blocked_kinds(state: GameState) -> frozenset[str]:
    """Kinds of move the checks refuse whatever their arguments: every action when the round
    has none left (EVE-RND-3), a claim when the round's claims are made (EVE-POL-5)."""
    rnd = state.round
    if state.phase != ROUND or rnd is None:
        return frozenset()
    blocked = _ACTIONS if rnd.actions < 1 else frozenset()
    return blocked | {mv.CLAIM} if rnd.claims >= 1 + rnd.extra_claims else blocked


def _surely_refused(state: GameState, move: Move) -> bool:
    """True only for a move ``_check`` refuses (it raises for it, on an earlier condition or on
    the one named here); False says nothing: the check decides.  The conditions are the checks'
    own, without the refusal's message: an outpost without every neighbour covered (EVE-OUT-1/2,
    DEV-K), units built where the seat has no outpost or HQ or beyond the actions left (EVE-PRD-2,
    EVE-RND-3), a claim of a region another holds (EVE-POL-3), an attack or agent on a region no enemy holds (EVE-LOG-5, EVE-DEV-4), an Expand
    into a region not empty (EVE-DEV-3), a placement with no own region or agent next to it
    (EVE-PREP-2), a card the seat does not hold or played in another round type (EVE-CARD-2/4).
    tests/eve/test_playout_screen.py holds every one to the checks."""
    kind = move.kind
    if kind == mv.OUTPOST:
        return _outpost_refused(state, move.seat, move.regions[0])
    if kind in (mv.ATTACK, mv.AGENT):
        region = state.regions.get(move.regions[-1])
        return region is None or region.owner is None or region.owner == move.seat
    if kind == mv.EXPAND:
        region = state.regions.get(move.regions[0])
        return region is None or not is_empty(region)
    if kind == mv.PLACE:
        return _place_refused(state, move.seat, move.regions[0])
    if kind == mv.BUILD:
        region = state.regions.get(move.regions[0])
        rnd = state.round
        return region is None or (rnd is not None and rnd.actions < (move.number or 1)) or region.owner != move.seat \
            or (region.outpost is None and region.hq != move.seat)
    if kind == mv.CLAIM:
        for code in move.regions:
            region = state.regions.get(code)
            if region is not None and region.owner != move.seat:
                return True
        return False
    if kind == mv.PLAY:
        card = move.arg or ""
        if not state.hands.holds(move.seat, card):
            return True
        info = tables().cards[card]
        rnd = state.round
        return info.window == "OWN" and rnd is not None and info.round_type not in (None, rnd.kind)
    return False


def _outpost_refused(state: GameState, seat: int, code: str) -> bool:
    """``_check_outpost``'s first conditions (EVE-OUT-1, EVE-DEF-7, EVE-OUT-2 with DEV-K)."""
    region = state.regions.get(code)
    if region is None or region.owner != seat or region.hq is not None or region.outpost is not None:
        return True
    regions = state.regions
    missing = 0
    for other in neighbours(state, code):
        near = regions[other]
        if near.owner != seat and seat not in near.agents:
            missing += 1
    return missing > 1 or (missing == 1 and not has_tile_card(state.players[seat], "DEV-K"))


def _place_refused(state: GameState, seat: int, code: str) -> bool:
    """``_check_place`` (EVE-DEV-7, EVE-PREP-2)."""
    region = state.regions.get(code)
    if region is None or state.players[seat].supply < 1:
        return True
    if region.owner == seat:
        return False
    regions = state.regions
    if is_empty(region):
        return not any(regions[n].owner == seat or seat in regions[n].agents for n in neighbours(state, code))
    return not any(regions[n].owner == seat for n in neighbours(state, code))


def complete(game: EveGame, state: GameState, seat: int, prefix: str, limit: int = 25) -> list[str]:
    """Autocomplete over the legal moves, matching the notation, the Hungarian words and
    region names (``hq ver`` offers ``hq R12``); one of every kind of move first.  Unit
    placements and headquarters come nearest-outpost first (``guidance``): following the first
    suggestions keeps an outpost possible (newcomer report N15)."""
    texts = labels.choices(game, state, seat)       # the labels' siblings: one working-out a position
    if state.phase == PREP_PLACE:     # N15: first the placements that keep an outpost possible (EVE-OUT-2)
        texts = tuple(sorted(texts, key=lambda text: guidance.placement_rank(state, seat, text.split()[1])))
    elif state.phase == PREP_HQ:      # and the headquarters whose nearest outpost needs the fewest placements
        texts = tuple(sorted(texts, key=lambda text: guidance.hq_rank(state, seat, text.split()[1])))
    return reading.complete(texts, prefix, game.move_kind, limit)


def public_choices(game: EveGame, state: GameState) -> tuple[int, list[str]] | None:
    """Buttons for a small public decision of one seat (choosing which seal acts first, the
    intel question, an invasion, a steal, where a lost tile comes from, a reveal); never for
    secret ones (dice, kept or ordered cards)."""
    waiting = game.waiting_for(state)
    if len(waiting) != 1:
        return None
    seat = next(iter(waiting))
    if not game._allowed_kinds(state) & labels.BUTTON_KINDS:
        return None
    if state.combat is not None and state.combat.step == DICE and state.combat.question is not None:
        return None                                                 # the advantaged side's dice now
    texts = []
    for move in game._candidates(state, seat):
        if move.kind != mv.DICE and game._legal(state, move):
            texts.append(format_move(move))
            if len(texts) > 5:
                return None
    return (seat, texts) if len(texts) >= 2 else None


def default_move(game: EveGame, state: GameState, seat: int) -> Move | None:
    """The spec's defaults (EVE-BOT-4) when a decision deadline passes."""
    if seat not in game.waiting_for(state):
        return None
    if state.phase == PREP_PLACE and state.players[seat].hq:
        hq = Move(seat, mv.PLACE, regions=(state.players[seat].hq or "",))
        if game._legal(state, hq):
            return hq
    if state.phase == PREP_OUTPOST:
        return Move(seat, mv.PASS)
    if state.phase == PREP_SEAL:
        player = state.players[seat]
        kind = next(k for k in TYPES if k not in player.seals_placed)
        return Move(seat, mv.SEAL, arg=kind, number=min(2, player.storage[kind]))
    rnd = state.round
    if state.phase == ROUND and rnd is not None and not (rnd.reveals_due or rnd.pending_keep or rnd.peek):
        return Move(seat, mv.END)
    combat = state.combat
    if state.phase == COMBAT and combat is not None:
        if combat.step == DICE and not (combat.intel == seat and combat.question is None
                                        and len(combat.dice.choices) == 1):
            strength = combat.strength[seat]
            d = min(5, strength)
            s = min(5, strength - d)
            return Move(seat, mv.DICE, counts=(d, s, min(5, strength - d - s)))
        if combat.step == TACTICS:
            other = combat.defender if seat == combat.attacker else combat.attacker
            useful = min(combat.tactic_actions, combat.totals[other][0])
            return Move(seat, mv.TAC, counts=(useful, combat.tactic_actions - useful))
        if combat.step == INVADE:
            return Move(seat, mv.INVADE, number=0)
        if combat.step == TAKEFROM:
            return Move(seat, mv.TAKEFROM, arg=game._tile_sources(state)[0])
    return next(iter(game.legal_moves(state, seat)), None)
