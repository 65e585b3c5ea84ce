"""Pulsar 2849 moves in words (issue 24): a stored move text as a predicate the host puts after
"bob (Blue):", in the reader's language, with the codes that reader sees on the map (N05 for a
Hungarian reader, S05 for an English one).  Built from the notation's syntax and the static
data only (never from legality), so every move once accepted still reads from any state."""
from __future__ import annotations

import itertools
from dataclasses import replace
from functools import lru_cache
from typing import Any

from rules.base import DESCRIPTION_GLUE, IllegalMove
from rules.messages import Join, Msg, has_key

from . import describe, flying
from . import moves as mv
from .actions import Payment
from .codes import code
from .data import Effect, tables


def P(key: str, /, **values: Any) -> Msg:
    return Msg(f"pulsar.{key}", **values)


loc = describe.loc


def die(pay: Payment, short: bool = False, tiny: bool = False, bare: bool = False) -> Msg:
    """The die paid, in words: "silver 3 with a +1 token", "the bonus die"; ``short``: the
    same facts in fewer words for a long label ("a silver 3 with a +1 token, DI-1a: +1");
    ``tiny``: the token as its sign alone ("a silver 3 +1"), so a reward need not be cut (27g P-2);
    ``bare``: a silver die by its number alone ("a 6" / "6-os kocka"; the red one is "the bonus
    die"), for a flight whose path leaves no other room for what it reaches."""
    base = P("die.red") if pay.red else P("die.bare", value=describe.numeral(pay.value)) if bare else P(
        f"die.silver.{pay.value}") if 1 <= pay.value <= 6 else P("die.silver_n", value=pay.value)
    if pay.mod:
        base = P("die.mod_tiny" if tiny else "die.mod", die=base,
                 mod=pay.mod.replace("-", "\u2212"))              # a minus sign, as the texts write −1
    if pay.zero:
        base = P("die.zero", die=base)
    elif pay.flex:
        base = P("die.flex_short" if short else "die.flex", die=base, tech=pay.flex[0],
                 delta=f"{pay.flex[1]:+d}".replace("-", "\u2212"))
    return base


def fits(message: Msg, reserved: int = 0) -> bool:
    """Whether ``message`` fits a label (:data:`LABEL_LIMIT`) in every language, ``reserved``
    characters left over for what the host adds."""
    from rules.messages import LANGUAGES, render
    return all(len(render(message, language, label=True)) + reserved <= LABEL_LIMIT for language in LANGUAGES)


def first_fitting(candidates: "list[Msg]", full: bool = False, reserved: int = 0) -> Msg:
    """The first of ``candidates`` (the fullest first, the same facts in fewer words after) that
    fits a label in every language with ``reserved`` characters left over (for a description);
    the last (the briefest) when none does.  ``full``: the first (no label's limit)."""
    if full:
        return candidates[0]
    for message in candidates[:-1]:
        if fits(message, reserved):
            return message
    return candidates[-1]




def fitted_description(phrase_msg: "Msg | None", candidates: "list[Msg]") -> Msg | None:
    """The first description of ``candidates`` that fits a label after ``phrase_msg`` in every
    language (:data:`DESCRIPTION_GLUE`); None (the phrase alone) when none does."""
    from rules.messages import LANGUAGES, render
    taken = {language: len(render(phrase_msg, language, label=True)) if phrase_msg is not None else 0 for language in LANGUAGES}
    for message in candidates:
        if all(taken[language] + DESCRIPTION_GLUE + len(render(message, language, label=True)) <= LABEL_LIMIT
               for language in LANGUAGES):
            return message
    return None


def _options(move: mv.Move) -> Msg | str:
    items: list[Msg] = []
    for option in move.options:
        key, _sep, value = option.partition("=")
        if option == "take=tile":
            items.append(P("phrase.opt.take_tile"))
        elif option == "noclaim":
            items.append(P("phrase.opt.noclaim"))
        elif key == "run":
            project, _colon, colour = value.partition(":")
            items.append(P("phrase.opt.run", project=project,
                           colour=P(f"gate_colour.{colour}") if colour in ("orange", "green", "purple") else colour))
        elif key == "choice":
            items.append(P("phrase.opt.choice", size=describe.size_name(value)))
        elif key == "to":
            items.append(P("phrase.opt.to", location=loc(value)))
        elif key == "link":
            items.append(P("phrase.opt.link", point=value))
    if not any(option.startswith("to=") for option in move.options) and _teleports_now(move):
        items.append(P("phrase.opt.no_teleport"))                   # TELEPORT-3: declined (27g P-11)
    return P("phrase.options", items=Join(items, "and")) if items else ""


def _teleports_now(move: mv.Move) -> bool:
    """Whether ``move`` activates a teleport whatever the state: a technology patented, a
    one-icon transmitter taken (a payment's last icon depends on the state: ``describe_move``)."""
    tab = tables()
    if move.kind == mv.PATENT and move.arg in tab.technologies:
        effects = tab.technologies[move.arg].effects
    elif move.kind == mv.TX_TAKE and move.arg in tab.transmitters and len(tab.transmitters[move.arg].dice) == 1:
        effects = tab.transmitters[move.arg].on_activation
    else:
        return False
    return any(effect.name == "EFF-TELEPORT" for effect in effects)


def _rewards(effects: Any) -> Msg | Join:
    return describe.effects(effects, short=True) if effects else P("comp.nothing")


#: Discord's limit for an autocomplete or menu label (the host shows a suggested move as its phrase).
LABEL_LIMIT = 100


#: The reward a shortened label keeps when not all fit: a gate run or a die doubler says more
#: about a project than the victory points beside it.
_WEIGHT = {"EFF-GATERUN": 0, "EFF-DOUBLER": 1, "EFF-GYRO": 2, "EFF-GYRO-ANY": 2, "EFF-GYRO-CHOICE": 2,
           "EFF-GYRO-TWO-DIFF": 2, "EFF-VP": 9}


def gives_ladder(effects: Any, keep: str | None = None) -> "list[Msg | Join]":
    """What a component gives, the essentials first, from the fullest to the briefest: every
    reward in its brief words; every reward with like ones merged ("±1 and +2 tokens"); the
    rewards other than victory points "and more"; each reward
    alone "and more", the weightiest first.  ``keep``: only the forms that still name the
    reward of that name (a gyrodyne whose size the move chose)."""
    items = describe.ordered(effects) if effects else []
    ladder: list[Msg | Join] = [_rewards(items)]
    fewer = describe.merged(items)          # every reward still, in fewer words (AII-5b, AI-1a)
    if fewer is not None:
        ladder.append(fewer)
    more = [item for item in items if item.name != "EFF-VP"]
    if more and len(more) < len(items):
        ladder.append(P("phrase.gives_more", effects=_rewards(more)))
    groups = describe.grouped(items)
    if len(groups) > 1:
        for item, n in sorted(groups, key=lambda group: _WEIGHT.get(group[0].name, 5)):
            if keep is None or item.name == keep:
                ladder.append(P("phrase.gives_more", effects=describe.counted(item, n, short=True)))
    return ladder


def _chosen(move: mv.Move, effects: Any) -> Any:
    """``effects`` with the gyrodyne of a size to choose (EFF-GYRO-ANY, EFF-GYRO-CHOICE) as the
    size the move's ``choice=`` names (27h P-3: "a small gyrodyne and orange gate run", not
    "choose a small gyrodyne" alone); None when the move names no size."""
    size = next((option[7:] for option in move.options if option.startswith("choice=")), None)
    if size is None or not any(e.name in ("EFF-GYRO-ANY", "EFF-GYRO-CHOICE") for e in effects):
        return None
    return tuple(Effect("EFF-GYRO", (size,)) if e.name in ("EFF-GYRO-ANY", "EFF-GYRO-CHOICE") else e for e in effects)


def _fitted_choice(key: str, move: mv.Move, effects: Any, pay: Payment, extra: Msg | str, /, full: bool = False,
                   ladder: "list[Msg | Join] | None" = None, **values: Any) -> Msg:
    """:func:`_fitted`, where a label whose move chooses a gyrodyne's size says the chosen
    gyrodyne among what the component gives (and no separate "choose a small gyrodyne"), as
    long as that fits; else the head and die with the choice, as before."""
    chosen = None if full or ladder is not None else _chosen(move, effects)
    if chosen is None:
        return _fitted(key, effects, pay, full=full, ladder=ladder, extra=extra, **values)
    rest = replace(move, options=tuple(option for option in move.options if not option.startswith("choice=")))
    head, bare = label_heads(key)
    candidates = [P(head, gives=gives, die=label_die(pay), extra=_options(rest), **values)
                  for gives in gives_ladder(chosen, keep="EFF-GYRO")]
    return first_fitting(candidates + [P(bare, die=label_die(pay), extra=extra, **values)])


def flight_ladder(view: "flying.Outlook") -> list[Msg]:
    """What a flight reaches (G-8), from the fullest to the briefest: where it ends first
    (STATION-END with its discovery bonus, PULSAR-CLAIM, nothing), then the stations on the way
    (STATION-PASS), the points of abilities and a gate run, the dead ends' exploration tiles
    (DEADEND-1) and what an unused gate run would add (GATERUN-3).  Fewer words come before fewer facts; the end is always said, in its fewest
    words last (a jump gate's "nothing there" only when nothing else is gained)."""
    ends: list[Msg | None] = []
    bonus = describe.effects(view.bonus, short=True)
    for form in ("fly", "fly_short", "fly_brief", "fly_tiny"):
        if has_key(f"pulsar.describe.{form}.{view.end}"):
            ends.append(P(f"describe.{form}.{view.end}", bonus=bonus) if view.end == "bonus"
                        else P(f"describe.{form}.{view.end}"))
    n = len(view.passed)
    ways = [P("describe.fly.passed", n=n, locations=Join([loc(s) for s in view.passed], "and")),
            P("describe.fly.passed_short", n=n), P("describe.fly.passed_brief", n=n)] if n else []
    vp = [P("describe.plus_vp", vp=view.vp)] if view.vp else []
    tiles = [P("describe.fly.tiles", n=view.tiles)] if view.tiles else []
    runs = [P("describe.fly.run", vp=view.run_vp), P("describe.fly.run_short", vp=view.run_vp)] if view.run_vp else []
    if view.end == "gate" and (ways or tiles or vp):
        ends = [None]
    elif view.end == "gate" and runs:       # the run is all it would gain; else "nothing"
        ends = [None, *ends[1:]]
    # each part's forms (fullest first), then None: the part left out, at a cost by its weight
    # (an unused gate run's hint last: only where the rest fits in the same words with it)
    parts = [(ends, 0), (ways + [None] if ways else [None], 4), (vp + [None] if vp else [None], 3),
             (tiles + [None] if tiles else [None], 2), (runs + [None] if runs else [None], 0)]
    choices: list[tuple[tuple[int, int, int], list[Msg]]] = []
    for combo in itertools.product(*(range(len(forms)) for forms, _weight in parts)):
        chosen = [forms[i] for (forms, _weight), i in zip(parts, combo)]
        dropped = sum(weight for (forms, weight), i, item in zip(parts, combo, chosen) if item is None and len(forms) > 1)
        shown = [item for item in chosen if item is not None]
        if shown:               # the end's words weigh most
            choices.append(((dropped, 2 * combo[0] + sum(combo[1:-1]), combo[-1]), shown))
    choices.sort(key=lambda choice: choice[0])
    return [shown[0] if len(shown) == 1 else P("comp.gist.plain", effects=Join(shown, "comma")) for _cost, shown in choices]


def _fitted(key: str, effects: Any, pay: Payment, /, full: bool = False, ladder: "list[Msg | Join] | None" = None,
            **values: Any) -> Msg:
    """The phrase ``key`` with what the component gives (``{gives}``) after the project,
    technology or transmitter and the die paid (``pay``).  ``full`` (a thread's line): the
    fullest words.  A label: one head and one die wording for every label of the kind
    (:func:`label_heads`, :func:`label_die`: a list never mixes two forms, 27g P-4), what it
    gives the fullest of :func:`gives_ladder` (or ``ladder``) that fits (:data:`LABEL_LIMIT`),
    else nothing: the shorter forms only drop trailing parts.  The post's reward line names them all."""
    ladder = ladder if ladder is not None else gives_ladder(effects) if effects else []   # a teleport alone: its to= says it
    if full:
        return P(key, gives=ladder[0], die=die(pay), **values) if ladder else P(f"{key}_plain", die=die(pay), **values)
    head, bare = label_heads(key)
    candidates = [P(head, gives=gives, die=label_die(pay), **values) for gives in ladder]
    return first_fitting(candidates + [P(bare, die=label_die(pay), **values)])


def label_heads(key: str) -> tuple[str, str]:
    """The one head every label of a patent, an HQ project or a transmitter taken reads, and its
    bare form without what the move gives (27g P-4): "Szabadalmaztasd: BI-2b (…) – …", never also
    "Szabadalmaztasd a BI-1b technológiát (…): …" in the same list; the brief head leaves the most
    room for what the move gives.  A phrase without a brief head keeps its own."""
    return (f"{key}_brief", f"{key}_short") if has_key(f"pulsar.{key}_brief") else (key, f"{key}_plain")


def label_die(pay: Payment, bare: bool = False) -> Msg:
    """The die paid as every label says it (27g P-4): its short words and the token as its sign
    ("3-as ezüstkocka −1"), so one list never says both "−1 módosítóval" and "−1
    kockamódosítóval"; the thread's lines and the log say it in full.  ``bare``: see :func:`die`."""
    return die(pay, True, True, bare)


#: The room a flight's label keeps for what it reaches (:func:`flight_ladder`, G-8): the longest
#: of the ends' briefest words in any language ("a célban semmi", "felfedezetlen", "már a tiéd"),
#: after the host's join.
FLY_OUTLOOK_ROOM = 14


def _with_die(key: str, pay: Payment, /, full: bool = False, reserved: int = 0, **values: Any) -> Msg:
    """The phrase ``key`` with the die paid (in full words on a thread's line, in a label's
    words in a label: :func:`label_die`), and last in fewer words (``<key>_short``,
    where one exists) when a label with ``reserved`` characters left for a description needs it."""
    if full:
        return P(key, die=die(pay), **values)
    candidates = [P(key, die=label_die(pay), **values)]
    if has_key(f"pulsar.{key}_short"):
        candidates.append(P(f"{key}_short", die=label_die(pay), **values))
    if reserved and not any(fits(message, reserved) for message in candidates):
        reserved = 0                            # the description is shortened anyway: the phrase in full
    return first_fitting(candidates, reserved=reserved)


def _longest(message: "Msg | Join") -> int:
    """``message``'s longest rendering as a label over the languages."""
    from rules.messages import LANGUAGES, render
    return max(len(render(message, language, label=True)) for language in LANGUAGES)


#: What a transmitter payment's label keeps for ": without teleporting" (``describe_move``, 27g P-11).
NO_TELEPORT_RESERVED = 22


def _but_teleport(move: mv.Move, effects: Any) -> Any:
    """``effects`` without the teleport a move activates now: its ``to=`` or "without
    teleporting" says it (TELEPORT-3)."""
    return tuple(e for e in effects if e.name != "EFF-TELEPORT") if _teleports_now(move) else effects


@lru_cache(maxsize=4096)
def phrase(text: str, full: bool = False, vp_now: int | None = None) -> Msg:
    """The move ``text`` (canonical notation) in words; unreadable text is quoted as it is.
    ``full``: the fullest wording (a thread's line, the log), else fitted to a label;
    ``vp_now``: what a technology's "VP per station" (EFF-VP-PER) scores the reader now."""
    try:
        move = mv.parse_move(0, text)
    except IllegalMove:
        return P("phrase.raw", text=text)
    return of_move(move, full, vp_now)


def vp_now_ladder(effects: Any, vp_now: int | None) -> "list[Msg | Join] | None":
    """A label's words for a technology that gives only VP per something at once (AII-4a,
    EFF-VP-PER, PAT-5): what it scores this player now, "+3 VP now (1 VP per station)", else
    "+3 VP now"; then its printed words.  None: no such technology or no number."""
    if vp_now is None or len(effects) != 1 or effects[0].name != "EFF-VP-PER":
        return None
    per = effects[0]
    return [P("effect_now.EFF-VP-PER", vp=vp_now, n=int(per.args[1]), per=P(f"per_short.{per.args[0]}")),
            P("effect_now_short.EFF-VP-PER", vp=vp_now), *gives_ladder(effects)]


def of_move(move: mv.Move, full: bool = False, vp_now: int | None = None) -> Msg:
    """The move in words, long ones fitted to a label; ``full``: the fullest always (a thread's
    line, the log: no label's limit); ``vp_now``: see :func:`phrase` (a label's only)."""
    kind = move.kind
    extra = _options(move)
    tab = tables()
    if kind == mv.HQSIDE:
        return P("phrase.hqside", side=move.number, projects=P(f"hq_projects.{move.number}"))   # P-SETUP: side 1 gyrodynes, 2 flying
    if kind == mv.GATE:
        return P("phrase.gate", location=loc(move.arg))
    if kind == mv.DRAFT:
        if not move.arg:
            return P("phrase.draft_middle", value=describe.numeral(move.number))
        track = P("track_on.initiative" if move.arg[0] == "I" else "track_on.engineering")
        if move.arg[1:]:
            return P("phrase.draft_marker", value=describe.numeral(move.number), track=track, marker=int(move.arg[1:]))
        return P("phrase.draft", value=describe.numeral(move.number), track=track)
    if kind == mv.COPY:
        return P("phrase.copy", value=describe.numeral(move.number))
    if kind == mv.END:
        return P("phrase.end")
    if kind == mv.GYRO_PLACE:
        return P("phrase.gyro_place", size=describe.size_name(move.options[0]), location=loc(move.arg))
    if kind == mv.GYRO_CHOOSE:
        return P("phrase.gyro_choose", size=describe.size_name(move.arg))
    if kind == mv.TX_LINK:
        return P("phrase.tx_link", a=code(move.options[0]), b=code(move.options[1]))
    if kind == mv.PROD:
        return P("phrase.prod", tiles=Join([code(t) for t in move.options], "and")) if move.options else P("phrase.prod_none")
    if kind == mv.GOALS:
        if not move.options:
            return P("phrase.goals_none")
        items = []
        for item in move.options:
            tech, equals, goal = item.partition("=")
            if item.startswith("pick="):
                items.append(P("phrase.goal_pick", goal=code(item[5:])))
            elif tech in tables().technologies:               # GOAL-6, FS-1 PUR-BUY (rules.pulsar.final_techs)
                bought = [e for e in tables().technologies[tech].effects if e.name == "PUR-BUY"]
                items.append(P("phrase.goal_claim", goal=code(goal), tech=tech) if equals else
                             P("phrase.goal_tech_buy", tech=tech, cubes=int(bought[0].args[0]) if bought else 0,
                               vp=int(bought[0].args[1]) if bought else 0))
            else:
                goal, _colon, count = item.partition(":")
                items.append(P("phrase.goal_bonus", goal=code(goal), n=int(count) if count.isdigit() else 0))
        return P("phrase.goals", items=Join(items, "and"))
    assert move.pay is not None
    pay = move.pay
    if kind == mv.FLY:          # every location, in one way of writing in every list and line (FLY-4, FLY-10, 27h P-7)
        path = describe.path(move.path)
        if full:
            return P("phrase.fly", path=path, die=die(pay), extra=extra)
        told = P("phrase.fly", path=path, die=label_die(pay), extra=extra)
        if pay.red or fits(told, DESCRIPTION_GLUE + FLY_OUTLOOK_ROOM):
            return told
        # a long flight (nine or ten three-digit locations of side B, a token and a technology):
        # the silver die by its number, so the label still says what the flight reaches (G-8)
        return P("phrase.fly", path=path, die=label_die(pay, bare=True), extra=extra)
    if kind == mv.GYRO_TAKE:
        return _with_die("phrase.gyro_take", pay, size=describe.size_name(move.arg), full=full)
    if kind == mv.GYRO_SPIN:
        return _with_die("phrase.gyro_spin", pay, location=loc(move.arg), full=full)
    if kind == mv.TX_TAKE:
        info = tab.transmitters[move.arg]
        effects = _but_teleport(move, info.on_activation + info.production)
        ladder: "list[Msg | Join] | None" = None
        if len(info.dice) > 1 and effects:  # taking pays one icon: the rest first (ACT-TX-TAKE, ACT-TX-PAY; 28b N-1)
            gives = gives_ladder(effects)       # the thread's line in full words, every label in brief
            left = len(info.dice) - 1
            ladder = [P("phrase.tx_later", gives=gives[0], left=left)] if full else [
                P("phrase.tx_later_short", gives=item, left=left) for item in gives]
        return _fitted("phrase.tx_take", effects, pay, ladder=ladder,
                       tile=code(move.arg), icon=move.number, extra=extra, full=full)
    if kind == mv.TX_PAY:       # room for "without teleporting" after it, where the last icon may teleport,
        info = tab.transmitters[move.arg]                  # else for all it gives in fewer words (27g P-2)
        room = NO_TELEPORT_RESERVED if not any(o.startswith("to=") for o in move.options) and any(
            e.name == "EFF-TELEPORT" for e in info.on_activation) else 0
        if not room and not full:
            room = DESCRIPTION_GLUE + _longest(gives_ladder(info.on_activation + info.production)[0])
        return _with_die("phrase.tx_pay", pay, tile=code(move.arg), icon=move.number, extra=extra, full=full,
                         reserved=room)
    if kind == mv.PATENT:
        effects = _but_teleport(move, tab.technologies[move.arg].effects)
        return _fitted_choice("phrase.patent", move, effects, pay, extra, tech=move.arg, full=full,
                              ladder=None if full else vp_now_ladder(effects, vp_now))
    if kind == mv.HQ:
        return _fitted_choice("phrase.hq", move, tab.projects[move.arg].effects, pay, extra, project=move.arg, full=full)
    if kind == mv.BUY:
        return _with_die("phrase.buy", pay, token="±1" if move.arg == "pm" else "+2", full=full)
    return P("phrase.raw", text=mv.format_move(move))
