"""What players read beside the rules: prompts, private notices, redaction, move previews,
status and hand lines."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from rules.base import IllegalMove, Notice
from rules.kit import HIDDEN
from rules.messages import Join, Msg

from . import guidance, labels, reading
from . import moves as mv
from .combat import hits
from .data import TYPES, tables
from .moves import Move
from .state import (CARDS_ATT, CARDS_DEF, COMBAT, DICE, INVADE, OVER, PREP_HQ, PREP_PHASES, PREP_PLACE, PREP_SEAL, REROLL, ROUND,
                    STEAL, TACTICS, TAKEFROM, GameState)
from .common import (E, MONTHS_LIMIT, TRINITY_YEARS, VISION_YEAR_LIMIT, actions_for, card_msg, empire_msg,
                     face_up_squares, listing, marker_region, months_for, owned, region_label, type_msg, vp)

if TYPE_CHECKING:
    from .engine import EveGame


# ----- what players read ---------------------------------------------------------------------------------------
def _names(game: EveGame, state: GameState, seats: Iterable[int]) -> Join | Msg:
    return listing((empire_msg(state, seat) for seat in sorted(seats)), "or")


def _step_name(game: EveGame, state: GameState) -> Msg:
    if state.phase == COMBAT and state.combat is not None:
        step = state.combat.step
        named = (CARDS_ATT, CARDS_DEF, DICE, REROLL, TACTICS, TAKEFROM, STEAL, INVADE)
        return E(f"step.{step}" if step in named else "step.consequences")
    if state.phase == ROUND and state.round is not None:
        rnd = state.round
        if rnd.reveals_due:
            return E("step.refill")
        return E("step.round_of", empire=empire_msg(state, rnd.seat), type=type_msg(rnd.kind))
    if state.phase == PREP_PLACE:   # EVE-PREP-2: which of the placement rounds is under way
        return E("step.prep_place_round", round=state.prep_count + 1, rounds=tables().constants["prep_placements"])
    return E(f"step.{state.phase}")


def waiting_hint(game: EveGame, state: GameState) -> Msg | None:
    """What the thread's "waiting for" line adds (public, the same for every seat): the step of
    the preparation (EVE-PREP), of a battle (EVE-CMB) or of a round once it is under way (EVE-RND:
    a card to keep, cards to put back, squares to reveal, the actions left, also after a free
    action alone, EVE-RND-4); None where a round starts."""
    if state.phase == OVER:
        return None
    rnd = state.round
    if state.phase == ROUND and rnd is not None:
        if rnd.reveals_due:
            return E("step.refill")
        if rnd.pending_keep:
            return E("wait.keep")
        if rnd.peek:
            return E("wait.peek")
        if rnd.acted or rnd.discarded or rnd.free_acted:   # EVE-RND-4: a card played, a tile returned
            if not rnd.actions:                          # EVE-RND-3: only free actions are left
                return E("wait.round_end", type=type_msg(rnd.kind))
            return E("wait.round", type=type_msg(rnd.kind), n=rnd.actions)
        return None
    return _step_name(game, state)


def decision_prompt(game: EveGame, state: GameState) -> Msg | None:
    """The battle decisions the ping names: the secret dice (EVE-CMB-5), and Damage Control
    with the faces numbered as ``reroll`` numbers them (PRD-G), so no choice is blind."""
    combat = state.combat
    if state.phase != COMBAT or combat is None:
        return None
    if combat.step == DICE:
        if combat.intel is not None and combat.question is None and game.waiting_for(state) == {combat.intel}:
            return E("prompt.ask")                     # EVE-CMB-5: the advantaged side asks first
        return dice_prompt(state)
    if combat.step == REROLL and combat.rerolls_left:
        seat = combat.rerolls_left[0]
        return E("prompt.reroll", faces=reading.dice_faces(combat.rolls.get(seat, [])))
    return None


def dice_example(strength: int) -> Msg:
    """A selection legal for ``strength`` (EVE-CMB-4): damage first, then shield, then tactics,
    each colour at most its limit, all at most the strength."""
    most = tables().constants["dice_per_colour"]
    left = max(0, strength)
    counts = []
    for _ in range(3):
        counts.append(min(left, most))
        left -= counts[-1]
    return E("example.dice_counts", d=counts[0], s=counts[1], t=counts[2])


def dice_prompt(state: GameState) -> Msg:
    """EVE-CMB-4: the ping names each choosing side's strength, and its example is a legal
    choice for every side it pings (the smallest strength among them)."""
    combat = state.combat
    assert combat is not None
    choosing = sorted(combat.dice.waiting()) or [combat.attacker, combat.defender]
    strengths = listing(E("prompt.strength", empire=empire_msg(state, seat), strength=combat.strength[seat])
                        for seat in choosing)
    return E("prompt.dice", strengths=strengths, most=tables().constants["dice_per_colour"],
             example=dice_example(min(combat.strength[seat] for seat in choosing)))


def notices(game: EveGame, before: GameState, move: Move, after: GameState) -> list[Notice]:
    if move.kind == mv.DRAW:
        new = [card for card in after.hands.cards[move.seat] if card not in before.hands.cards[move.seat]]
        kinds = tables().cards      # what the card does and when it is played (newcomer 28 E3)
        return [Notice(move.seat, E("notice.drew", card=card_msg(card), gist=E(f"card_gist.{kinds[card].kind}"),
                                    timing=reading.timing_msg(kinds[card]))) for card in new]
    if move.kind == mv.PLAY and after.round is not None and after.round.peek:
        return [Notice(move.seat, E("notice.peek_deck", cards=listing(card_msg(c) for c in after.round.peek)))]
    if move.kind == mv.PLAY and tables().cards[move.arg or ""].kind == "DEV-E":
        seen = []
        for name in move.params:
            square = after.squares[name]
            hidden = square.pile[1:2] if square.face_up else square.pile[:1]
            seen += [E("notice.peek_square", square=mv.square_value(name), region=region_label(code)) for code in hidden]
        return [Notice(move.seat, E("notice.peek_squares", cards=listing(seen)))]
    return []


def redact_move(game: EveGame, state: GameState, seat: int, move_text: str) -> str | Msg:
    combat = state.combat
    if move_text.startswith("dice ") and combat is not None and combat.step == DICE \
            and seat in combat.dice.choices:
        return E("redacted.dice", empire=empire_msg(state, seat))
    if move_text.startswith(f"{mv.KEEP} "):          # the kept card stays in a secret hand
        return E("redacted.keep", empire=empire_msg(state, seat))
    if move_text.startswith(f"{mv.ORDER} "):         # the deck's order stays secret
        return E("redacted.order", empire=empire_msg(state, seat))
    return move_text


def describe_move(game: EveGame, state: GameState, seat: int, text: str) -> Msg | None:
    """What ``text`` does, in the wording its decision takes (``labels``: the fullest that fits
    every sibling's label after its phrase, in every language); None (the phrase alone) when
    none does."""
    candidates = description_candidates(state, seat, text)
    if not candidates:
        return None
    index = labels.wording(game, state, seat, text, description_candidates).description
    return None if index is None else candidates[min(index, len(candidates) - 1)]


def move_phrase(game: EveGame, state: GameState, seat: int, text: str) -> Msg | None:
    """The move's phrase, as brief as its decision's longest label needs (``labels``): one
    wording for every sibling, E2's headquarters all with their region's name."""
    phrases = reading.wordings(seat, text)
    if phrases is None:
        return None
    return phrases[labels.wording(game, state, seat, text, description_candidates).level]


def description_candidates(state: GameState, seat: int, text: str) -> list[Msg]:
    """What ``text`` does, the fullest wording first and the same facts in fewer words after."""
    words = text.split()
    if not words:
        return []
    if words[0] == mv.PLACE and state.phase == PREP_PLACE and len(words) == 2 and words[1] in state.regions:
        return _place_preview(state, seat, words[1])
    if words[0] == mv.HQ and state.phase == PREP_HQ and len(words) == 2 and words[1] in state.regions:
        need = guidance.outpost_need(state, seat, words[1], hq=True)
        if need is not None:
            return _needs(need.region, need.placements)
        return []
    if words[0] == mv.EXPAND and len(words) == 2:
        square = next((square for square in face_up_squares(state) if marker_region(state, square) == words[1]), None)
        if square is not None:           # a marked region: half of a claim (EVE-POL-3; newcomer 27g)
            return [E("describe.actions_marker", cost=1, square=mv.square_value(square)), E("describe.actions", cost=1)]
    if words[0] in (mv.EXPAND, mv.AGENT, mv.DRAW, mv.MOVE, mv.ATTACK):
        return [E("describe.actions", cost=1)]
    if words[0] == mv.FIRST and len(words) == 2 and words[1] in TYPES:
        return [E("describe.first", actions=actions_for(state.players[seat], words[1]))]
    if words[0] == mv.BUILD:
        return [E("describe.actions", cost=int(words[2][1:]) if len(words) > 2 and words[2][1:].isdigit() else 1)]
    regions = tables().regions
    if words[0] == mv.CLAIM and len(words) == 3 and all(word in regions for word in words[1:]):
        return [E("describe.claim", vp=sum(regions[word].vp for word in words[1:]))]
    if words[0] == mv.STEAL and len(words) == 2 and words[1] in regions:   # a button: 80 characters
        return [E("describe.steal", vp=regions[words[1]].vp), E("describe.steal_brief", vp=regions[words[1]].vp)]
    if words[0] == mv.OUTPOST and len(words) == 3 and words[2] in TYPES:
        return [E("describe.outpost", type=reading.type_adj(words[2])),
                E("describe.outpost_brief", type=reading.type_adj(words[2]))]
    if words[0] == mv.SEAL and state.phase == PREP_SEAL:
        return _seal_preview(state, seat, text)
    if words[0] in (mv.OUTPOST, mv.CLAIM):
        return [E("describe.free")]
    if words[0] in (mv.PLAY, mv.DISCARD, mv.KEEP, mv.UNTILE) and len(words) > 1 and words[1] in tables().cards:
        return [E(f"card_gist.{tables().cards[words[1]].kind}")]
    if words[0] == mv.CARDS and len(words) == 2 and words[1] in tables().cards:   # a combat card: what it does
        return [E(f"card_gist.{tables().cards[words[1]].kind}")]                  # (EVE-CMB-4; newcomer 28 E2)
    if words[0] == mv.END and state.round is not None and state.round.seat == seat:
        preview = _end_preview(state, seat, words)
        return [preview] if preview is not None else []
    combat = state.combat
    if words[0] == mv.TAC and combat is not None and combat.step == TACTICS and combat.tactic_seat == seat:
        return _tac_preview(state, seat, text)
    if words[0] == mv.REROLL and combat is not None and combat.rolls.get(seat):
        numbers = tuple(int(word) for word in words[1:] if word.isdigit())
        if numbers:
            return [E("describe.reroll", dice=reading.describe_reroll(combat.rolls[seat], numbers))]
        rolls = combat.rolls[seat]
        return [E("describe.keep_dice", faces=reading.dice_faces(rolls)),
                E("describe.keep_dice_brief", faces=reading.dice_faces_brief(rolls))]
    return []


def _needs(region: str, count: int) -> list[Msg]:
    """The placements the nearest outpost still needs, in fewer words when the label is long
    (E2: the phrase keeps its region's name)."""
    return [E("describe.place_outpost_needs", region=region, count=count),
            E("describe.place_outpost_needs_brief", region=region, count=count)]


def _place_preview(state: GameState, seat: int, code: str) -> list[Msg]:
    """N15 (EVE-PREP-2, EVE-OUT-2): what a placement leaves for the outpost step: an outpost
    possible at once, the placements the nearest one still needs, or none by the end."""
    need = guidance.outpost_need(state, seat, code)
    left = guidance.placements_left(state, seat) - 1
    if need is None or need.placements > left:
        return [E("describe.place_no_outpost"), E("describe.place_no_outpost_brief")]
    if need.placements == 0:
        return [E("describe.place_outpost_ready", region=need.region)]      # codes: the label holds 100 characters
    return _needs(need.region, need.placements)


def _seal_preview(state: GameState, seat: int, text: str) -> list[Msg]:
    """EVE-PREP-4 / EVE-SCH-2 / EVE-CAL-3: what placing a seal with these tiles gives: the
    actions of that type's rounds, the month the seal lands in and its place there (the first
    placed acts first), so choosing a seal and its tiles is not done blind (newcomer 27g)."""
    try:
        move = mv.parse_move(seat, text)
    except IllegalMove:
        return []
    kind = move.arg or ""
    if kind not in TYPES:
        return []
    player = state.players[seat]
    level = min(3, player.level(kind) + (move.number or 0))
    month = 1 + months_for(player, kind, level)                       # February counts as 1
    values = {"actions": tables().schedule[(kind, level)][0], "month": E(f"month.{month}"),
              "place": len(state.calendar[month - 1]) + 1}
    return [E("describe.seal", **values), E("describe.seal_brief", **values)]


def _tac_preview(state: GameState, seat: int, text: str) -> list[Msg]:
    """EVE-CMB-7/8: the losses each side takes if the tactic actions are spent this way (the dice
    are rolled, so they are known), so a shield cut against no shield is not chosen blind
    (newcomer 27g: "az ellenfél pajzsa 3 értékkel csökkentve" came first against a shield of 0)."""
    combat = state.combat
    assert combat is not None
    try:
        move = mv.parse_move(seat, text)
    except IllegalMove:
        return []
    on_defender, on_attacker = hits(combat, seat, *move.counts)
    reserves = len(move.regions)
    lost = {combat.defender: min(on_defender, state.regions[combat.target].units
                                 + (reserves if seat == combat.defender else 0)),
            combat.attacker: min(on_attacker, state.regions[combat.source].units
                                 + (reserves if seat == combat.attacker else 0))}
    other = combat.defender if seat == combat.attacker else combat.attacker
    values = {"mine": lost[seat], "theirs": lost[other]}
    return [E("describe.tac_losses", **values), E("describe.tac_losses_brief", **values),
            E("describe.tac_losses_short", **values)]


def _outpost_lines(view: GameState) -> list[Msg]:
    """During the placement: the outpost rule in a sentence, and how far each empire is from
    its nearest outpost (all public: units, agents and HQs are on the map)."""
    lines = [E("status.outpost_rule", rounds=tables().constants["prep_placements"])]
    for seat in range(view.player_count):
        need = guidance.outpost_need(view, seat)
        left = guidance.placements_left(view, seat)
        empire = empire_msg(view, seat)
        if need is None or need.placements > left:
            lines.append(E("status.outpost_none", empire=empire))
        elif need.placements == 0:
            lines.append(E("status.outpost_ready", empire=empire, region=region_label(need.region)))
        else:
            where = ((need.region,) if need.takes_region else ()) + need.missing
            lines.append(E("status.outpost_needs", empire=empire, region=region_label(need.region), count=need.placements,
                           where=listing(region_label(code) for code in where), left=left))
    return lines


def _end_preview(state: GameState, seat: int, words: list[str]) -> Msg | None:
    """EVE-SCH-4 / EVE-CAL-4: what ending the round this way does to the schedule's level and
    how far the seal moves, so ``end`` and ``end tiles=0`` never read alike."""
    rnd = state.round
    assert rnd is not None
    player = state.players[seat]
    kind = rnd.kind
    before = player.level(kind)
    after = before
    if len(words) > 1:
        try:
            move = mv.parse_move(seat, " ".join(words))
        except IllegalMove:
            return None
        if move.number is not None:
            after = move.number + 1
    months = max(MONTHS_LIMIT[0], min(MONTHS_LIMIT[1], months_for(player, kind, after) - rnd.rush))
    if after == before:
        return E("describe.end_same", level=before, months=months)
    return E("describe.end_level", before=before, after=after, months=months)


def status_lines(game: EveGame, view: GameState) -> list[Msg]:
    lines: list[Msg] = []
    if view.phase == OVER:
        lines.append(E("status.over", winners=listing((empire_msg(view, s) for s in view.winners), "and")))
    elif view.phase in PREP_PHASES:
        lines.append(E("status.prep", step=game._step_name(view), empire=empire_msg(view, view.order[view.turn])))
        lines.append(game._end_condition(view))
        if view.phase == PREP_PLACE:
            lines += _outpost_lines(view)
    else:
        lines.append(E("status.calendar", month=E(f"month.{view.month}"), year=view.year))
        lines.append(game._end_condition(view))
        if view.round is not None:
            lines.append(E("status.round", empire=empire_msg(view, view.round.seat), type=type_msg(view.round.kind),
                           actions=view.round.actions))
        if view.combat is not None:
            c = view.combat
            lines.append(E("status.combat", attacker=empire_msg(view, c.attacker), defender=empire_msg(view, c.defender),
                           source=region_label(c.source), target=region_label(c.target), step=game._step_name(view)))
            for seat in (c.attacker, c.defender):       # the faces, numbered as ``reroll`` numbers them
                if c.rolls.get(seat):
                    lines.append(E("status.dice", empire=empire_msg(view, seat), faces=reading.dice_faces(c.rolls[seat])))
    for player in view.players:
        seat = player.seat
        sizes = view.hand_sizes[seat]
        lines.append(E("status.empire", empire=empire_msg(view, seat), vp=vp(view, seat), supply=player.supply,
                       regions=len(owned(view, seat)), cards="/".join(str(sizes[k]) for k in TYPES),
                       levels="/".join(str(player.level(k)) for k in TYPES),
                       storage="/".join(str(player.storage[k]) for k in TYPES), letters=E("letters")))
    marked = [E("status.marker", square=mv.square_value(name), region=region_label(code))
              for name in face_up_squares(view) if (code := marker_region(view, name))]
    lines.append(E("status.markers", markers=listing(marked)))
    return lines


def _end_condition(game: EveGame, view: GameState) -> Msg:
    """How this game ends (EVE-END-1/2/4): Trinity's years, or Vision's target and year limit."""
    length = str(view.options["length"])
    if view.options["end"] == "vision":
        return E("status.end_vision", target=int(str(view.options["vp_target"])), years=VISION_YEAR_LIMIT[length])
    return E("status.end_trinity", years=TRINITY_YEARS[length])


def private_lines(game: EveGame, view: GameState, seat: int) -> list[Msg]:
    """The seat's hand, then its own secret choices not yet public: the sealed dice while
    the other side still chooses (EVE-CMB-5), the two drawn cards to keep one of (LOG-H),
    the deck's top cards to put back in order (LOG-K).  Never another seat's."""
    hand = view.hands.cards[seat]
    kinds = tables().cards
    lines = [E("private.hand", cards=listing(card_msg(card) for card in hand))]
    for card in hand:              # what each card does, when it is played (issue 23)
        if card in kinds:
            kind = kinds[card]
            lines.append(E("private.card", card=card_msg(card), gist=E(f"card_gist.{kind.kind}"),
                           timing=reading.timing_msg(kind)))
    combat = view.combat
    if combat is not None and not combat.dice.complete():
        chosen = combat.dice.choices.get(seat)
        if isinstance(chosen, list) and len(chosen) == 3:
            other = combat.defender if seat == combat.attacker else combat.attacker
            lines.append(E("private.dice", d=chosen[0], s=chosen[1], t=chosen[2], other=empire_msg(view, other)))
    rnd = view.round
    if rnd is not None and rnd.seat == seat:
        if rnd.pending_keep and HIDDEN not in rnd.pending_keep:
            lines.append(E("private.keep", cards=listing(card_msg(card) for card in rnd.pending_keep)))
        if rnd.peek and HIDDEN not in rnd.peek:
            lines.append(E("private.order", cards=listing(card_msg(card) for card in rnd.peek)))
    return lines
