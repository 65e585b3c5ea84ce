"""What Planetarium shows a player in words, in either language: matter codes, costs,
the notation in the reader's words, moves as phrases, the components ``/planetarium info``
answers for.  Everything here comes from the notation's syntax and the static data (never
from a position), so an old move still reads the same from any later state.

Codes a player reads (matter, decks, habitability values) are catalogue messages, so a
Hungarian reader sees the rulebook's initials (gáz G, kőzet K, víz V, fém F) or words
(kezdeti / jelentős / végső) and never the English letters; the stored notation stays the
English one (``moves.format_move``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from rules.base import DESCRIPTION_GLUE, Component, IllegalMove
from rules.messages import LANGUAGES, Join, Msg, render

from . import moves as mv
from .data import ROMAN_OF, Card, board, cards, matter_mix, planet_kinds, track_info
from .state import MAT_ORDER, MATTER_KINDS, PLANETS


def P(key: str, /, **values: Any) -> Msg:
    return Msg(f"planetarium.{key}", **values)


# ----- codes and amounts ------------------------------------------------------------------------
def code(kind: str) -> Msg:
    """A matter kind's one-letter code in the reader's language (G R W M / G K V F)."""
    return P(f"code.{kind}")


def amount(kind: str, count: int) -> Msg:
    """'G2' / 'K2' (a count of one matter kind, as codes)."""
    return P("amount", code=code(kind), count=count)


def amounts(pairs: Iterable[tuple[str, int]]) -> Msg:
    """'G1 R2' in the reader's codes; '-' for nothing."""
    items = [amount(kind, count) for kind, count in pairs if count]
    if not items:
        return P("amounts.0")
    if len(items) > 4:                              # never more than four kinds
        raise ValueError(items)
    return P(f"amounts.{len(items)}", **{"abcd"[i]: item for i, item in enumerate(items)})


def cost_words(card: Card) -> Msg | Join:
    """A card's cost in words ("1 gas, 1 rock")."""
    if not card.cost:
        return P("need.no_matter")
    return Join([P("amount_word", count=count, matter=P(f"matter.{kind}")) for kind, count in card.cost], "and")


def hab_value(card: Card) -> Msg:
    """'habitable 4' / 'lakható 4', or 'no habitability value' (final cards)."""
    if card.habitability_side is None:
        return P("need.no_hab")
    return P(f"habval.{card.habitability_side}", points=card.habitability_points)


def card_needs(card: Card) -> list[Msg]:
    needs = [P(f"need.{card.planet_type}"), P("need.orbit", orbits=card.orbit_text())]
    if card.habitability_required:
        needs.append(P(f"need.{card.habitability_required}"))
    if card.marker_removal:
        needs.append(P("need.marker"))
    return needs


def hand_needs(card: Card) -> list[Msg]:
    """What a card needs, in words as the hand lists it: the planet, the orbits, the
    habitability, the marker, and last the matter it costs (never codes: the hand is read
    slowly; "ára 1 kőzet" last, so the marker is not read as part of the price)."""
    needs = card_needs(card)
    needs.append(P("need.cost", cost=cost_words(card)) if card.cost else P("need.no_matter"))
    return needs


def hand_facts(card: Card) -> list[Msg]:
    """A card's habitability value and its icons, in words ("+5 uninhabitable, gravity")."""
    return [hab_value(card)] + [P(f"need.{name}") for name in icon_names(card)]


def card_about(card_id: str) -> Msg:
    """A card in words, for where no label's limit applies (a DM, a private reply): its deck,
    points, habitability value and icons, and what it needs ("initial, 6 points, +6
    uninhabitable; needs solid, orbit I-IV, 2 rock"), as the hand lists it (report 27i, I-21;
    a ``/planetarium info`` choice's label says it briefly: the gist of :func:`card_component`)."""
    card = cards()[card_id]
    return P("card_about", deck=P(f"deck.{card.deck}"), points=card.points, facts=hand_facts(card),
             needs=hand_needs(card))


def icon_names(card: Card) -> list[str]:
    return [name for flag, name in ((card.gravity, "gravity"), (card.replaceable, "replaceable")) if flag]


# ----- the notation in the reader's words -------------------------------------------------------------
def play_options(move: mv.Move, prefix: str, source: str, brevity: int = 0) -> list[Msg]:
    """A play's gravity and marker options, as the ``prefix`` texts say them (``nt``: in the
    reader's notation, ``phrase``: in words); ``source`` names the marker card's value.  In
    words, for a label that would not fit Discord's 100 characters otherwise, ``brevity`` 1 says
    the gravity option in fewer words, 2 the marker's move too, 3 names the marker card by its id."""
    options: list[Msg] = []
    brief = prefix == "phrase" and brevity > 0
    if move.gravity:
        options.append(P("phrase.grav_short" if brief else f"{prefix}.grav", node=move.gravity[0], area=move.gravity[1]))
    if move.marker_from == mv.MARKER_NONE:
        options.append(P(f"{prefix}.marker_none"))
    elif move.marker_from:     # in words the card by its name, in notation by its id
        card: Msg | str = card_label(move.marker_from) if prefix == "phrase" and brevity < 3 else move.marker_from
        key = "phrase.marker_from_short" if brief and brevity >= 2 else f"{prefix}.marker_from"
        options.append(P(key, **{source: card}))
    return options


def notation(text: str) -> Msg | None:
    """The canonical move ``text`` as a message whose English text is ``text`` itself and whose
    Hungarian text uses the Hungarian words ``parse_move`` accepts ("húz kezdeti",
    "kijátszik H01 B gravitáció=IV-7>C"); None when the text is not notation."""
    try:
        verb, move = mv.parse_syntax(0, text)
    except IllegalMove:
        return None
    kind = move.kind
    if kind in (mv.DISCARD_FINAL, mv.KEEP_FINAL):
        return P("nt.discard" if kind == mv.DISCARD_FINAL else "nt.keep", card=move.card)
    if kind == mv.MOVE_NONE:
        return P("nt.mv_none")
    if kind == mv.MOVE:
        return P("nt.mv", path=" ".join(move.path))
    if kind == mv.PLAY:
        options = play_options(move, "nt", "card")
        return P(f"nt.play_{len(options)}", card=move.card, planet=move.planet,
                 **{"ab"[i]: option for i, option in enumerate(options)})
    if kind == mv.REPLACE:
        return P("nt.replace", card=move.card)
    if kind == mv.PASS:
        return P("nt.pass")
    if kind == mv.DONE:
        return P("nt.done")
    if kind == mv.DRAW:
        return P("nt.draw", deck=P(f"nt.deck.{move.deck}"))
    if kind == mv.FINAL:
        if move.from_card:
            return P("nt.final_from", card=move.card, planet=move.planet, source=move.from_card)
        return P("nt.final", card=move.card, planet=move.planet)
    return None


def notation_or_text(text: str) -> Msg | str:
    """``text`` as the reader's notation (a message), or as it is when it is not notation."""
    return notation(text) or text


def localize(text: str, language: str) -> str:
    message = notation(text)
    return text if message is None or language == "en" else render(message, language)


# ----- moves as phrases ----------------------------------------------------------------------------------
#: Discord's limit for an autocomplete choice or a menu option (the host shows a move as its
#: phrase, then what it does: bot/cogs/base.py ``move_label``).
LABEL_LIMIT = 100
#: The longest a matter move's phrase may be and still leave room for what the move does
#: ("a kőzet ütközik az A bolygóval → a játéklapodra", 47 characters); a longer one says the
#: path as arrows (tests/planetarium/test_label_length.py proves it on the longest space names).
MOVE_PHRASE_BUDGET = 51


def longest(message: Msg) -> int:
    """The length of ``message`` in its longest language."""
    return max(len(render(message, language, label=True)) for language in LANGUAGES)


def first_fitting(candidates: list[Msg], limit: int = LABEL_LIMIT) -> Msg:
    """The first of ``candidates`` (the fullest first, the same facts in fewer words after) that
    fits ``limit`` in every language; the last when none does.  Never clipped."""
    for message in candidates[:-1]:
        if longest(message) <= limit:
            return message
    return candidates[-1]


def card_label(card_id: str) -> Msg:
    """A card as a player reads it: its name in the reader's language and its id ("Árapályfűtés
    (L15)"), never the id alone (issue 24)."""
    return P("card_label", card=card_id, name=P(f"card.{card_id}"))


def card_values(card_id: str) -> dict[str, Any]:
    card = cards()[card_id]
    return {"card": card_id, "name": P(f"card.{card_id}"), "points": card.points}


def _fullest(candidates: list[Msg], limit: int = LABEL_LIMIT) -> Msg:
    return candidates[0]


@lru_cache(maxsize=4096)
def phrase(text: str, full: bool = False) -> Msg | None:
    """A stored move text as a predicate ("moves planet C to II-7"), from its syntax and the
    card data only; None for a text that is not notation.  A phrase too long for a label
    (:data:`LABEL_LIMIT`) in some language says the same facts in fewer words: the gravity
    option briefly, the marker card by its id, a matter token's path as arrows; ``full``: the
    fullest wording always (a thread's line, the log: no label's limit).  Cached by text
    (autocomplete asks for it on every keystroke, and ``describe_move`` asks again)."""
    fit = _fullest if full else first_fitting
    try:
        verb, move = mv.parse_syntax(0, text)
    except IllegalMove:
        return None
    kind = move.kind
    if kind == mv.DISCARD_FINAL and move.card:
        return P("phrase.discard", **card_values(move.card))
    if kind == mv.KEEP_FINAL and move.card:
        return P("phrase.keep", **card_values(move.card))
    if kind == mv.MOVE_NONE:
        return P("phrase.mv_none")
    if kind == mv.MOVE:
        path = move.path
        if path[0] in PLANETS:
            return P("phrase.mv_planet", planet=path[0], to=path[-1])
        if len(path) == 3:
            return fit([P("phrase.mv_matter_via", node=path[0], via=path[1], to=path[2]),
                                  P("phrase.mv_matter_via_short", node=path[0], via=path[1], to=path[2])],
                                 MOVE_PHRASE_BUDGET)
        return fit([P("phrase.mv_matter", node=path[0], to=path[-1]),
                              P("phrase.mv_matter_short", node=path[0], to=path[-1])], MOVE_PHRASE_BUDGET)
    if kind == mv.PLAY and move.card:
        if move.gravity or move.marker_from:
            wordings = play_wordings(text)
            return wordings[0] if full else wordings[play_level(text)]
        values = dict(card_values(move.card), planet=move.planet)   # a long name with the gravity hint: the name without its id
        return fit([P("phrase.play", **values), P("phrase.play_named", **values)], min(play_room(text).values()))
    if kind == mv.REPLACE and move.card:
        return P("phrase.replace", **card_values(move.card))
    if kind == mv.PASS:
        return P("phrase.pass")
    if kind == mv.DONE:
        return P("phrase.done")
    if kind == mv.DRAW and move.deck:
        return P(f"phrase.draw_{move.deck}")
    if kind == mv.FINAL and move.card:
        values = dict(card_values(move.card), planet=move.planet)
        if move.from_card:
            # fullest first; then the card played by its id (the suggestions of one card are
            # grouped: the card the marker leaves is what tells them apart); last both by id
            return fit([P("phrase.final_from", source=card_label(move.from_card), **values),
                                  P("phrase.final_from_short", source=card_label(move.from_card), **values),
                                  P("phrase.final_from_short", source=move.from_card, **values)])
        return P("phrase.final", **values)
    return None


#: How many of :func:`play_wordings` say every fact (both cards by name): the rest name the card
#: played by its id (the hand names it), last the marker's card by its id too.
PLAY_SAME_FACTS = 3


@lru_cache(maxsize=4096)
def play_wordings(text: str) -> tuple[Msg, ...]:
    """A play with options (the gravity option, the marker moved or left out) in words, fullest
    first: the same facts in ever fewer words (:data:`PLAY_SAME_FACTS`: the gravity option
    briefly, then the marker's move too), then the card played by its id with both options
    briefly, last the marker's card by its id too.  One wording of the options from the third on,
    so a label that must name the card by its id reads as its decision's others do (C-P3)."""
    _verb, move = mv.parse_syntax(0, text)
    assert move.card is not None
    values = dict(card_values(move.card), planet=move.planet)
    extras = [Join(play_options(move, "phrase", "source", brevity)) for brevity in range(4)]
    return tuple([P("phrase.play_extra", extras=extra, **values) for extra in extras[:3]]
                 + [P("phrase.play_extra_short", extras=extra, **values) for extra in extras[2:]])


def play_room(text: str) -> dict[str, int]:
    """What a play's phrase may take of a label in each language: all of it, but for a gravity
    card played without the option, whose label ends with how to add it (the engine's
    ``describe_move``, :func:`gravity_hint` in its briefest words)."""
    _verb, move = mv.parse_syntax(0, text)
    hint = move.card in cards() and cards()[move.card].gravity and not move.gravity
    return {language: LABEL_LIMIT - (DESCRIPTION_GLUE + len(render(gravity_hint(False), language, label=True)) if hint else 0)
            for language in LANGUAGES}


def gravity_hint(words: bool) -> Msg:
    """What the gravity option would add to a play, in words (PL-GRAV-1): a token may be taken
    too (``words``: onto the player's mat, else briefly).  What one types for it
    (``gravitáció=IV-7>C``) is the notation help's, not a label's."""
    return P("describe.can_grav_words" if words else "describe.can_grav")


@lru_cache(maxsize=4096)
def play_level(text: str) -> int:
    """The fullest of :func:`play_wordings` that fits its label (:func:`play_room`) in every
    language; the briefest when none does."""
    room = play_room(text)
    wordings = play_wordings(text)
    for level, message in enumerate(wordings[:-1]):
        if all(len(render(message, language, label=True)) <= room[language] for language in LANGUAGES):
            return level
    return len(wordings) - 1


def move_kind(text: str) -> str:
    """Autocomplete groups: planet moves apart from matter moves, and each card apart."""
    words = text.split()
    if not words:
        return ""
    verb = words[0].lower()
    if verb == "mv" and len(words) > 1:
        return "mv planet" if words[1].upper() in PLANETS else "mv matter"
    if verb in ("play", "final", "replace", "discard", "keep") and len(words) > 1:
        return f"{verb} {words[1].upper()}"
    return verb


# ----- components (/planetarium info) ------------------------------------------------------------------
MATTER_IDS = {"G": "gas", "R": "rock", "W": "water", "M": "metal"}
HU_MATTER_CODES = {"G": "G", "R": "K", "W": "V", "M": "F"}
DECK_IDS = {"initial": ("I", "K", "kezdeti"), "major": ("M", "J", "jelentős"), "final": ("F", "V", "végső")}


def card_component(card: Card) -> Component:
    name = P(f"card.{card.id}")
    icons = icon_names(card)
    text = P("comp.card.text", deck=P(f"comp.deck_card.{card.deck}"), needs=Join(card_needs(card)),
             cost=P("comp.cost", cost=cost_words(card)) if card.cost else P("comp.cost_free"), points=card.points,
             hab=(P(f"comp.hab.{card.habitability_side}", points=card.habitability_points)
                  if card.habitability_side else P("comp.hab.none")),
             icons=P("comp.icons.some", icons=Join([P(f"comp.icon.{icon}") for icon in icons]))
             if icons else P("comp.icons.none"),
             when=P("comp.when.final" if card.deck == "final" else "comp.when.normal"))
    short_needs = [P(f"gist.{card.planet_type}"), P("gist.orbit", orbits=card.orbit_text())]
    if card.habitability_required:
        short_needs.append(P(f"gist.{card.habitability_required}"))
    gist = P("comp.card.gist", points=card.points, needs=Join(short_needs),
             cost=P("gist.cost", cost=amounts(card.cost)) if card.cost else P("gist.free"),
             hab=(P(f"gist.hab_{card.habitability_side}", points=card.habitability_points)
                  if card.habitability_side else P("gist.final")))
    number = int(card.id[1:])
    hu_name = render(name, "hu")
    aliases = (f"{card.id[0]}{number}", card.name, hu_name)
    return Component(card.id, "planetarium.kind.card", name, text, gist, stand_in=card.stand_in, aliases=aliases)


@lru_cache(maxsize=None)
def components() -> tuple[Component, ...]:
    out: list[Component] = [card_component(card) for card in cards().values()]
    graph = board()
    for letter in PLANETS:
        kind = planet_kinds()[letter]
        out.append(Component(
            letter, "planetarium.kind.planet", P("comp.planet.name", planet=letter),
            P("comp.planet.text", planet=letter, kind=P(f"kind.{kind}"), node=graph.start_node[letter],
              orbit=ROMAN_OF[graph.orbit[graph.start_node[letter]]], position=MAT_ORDER.index(letter) + 1),
            P("comp.planet.gist", kind=P(f"kind.{kind}"), node=graph.start_node[letter]),
            aliases=(f"planet {letter}", f"{letter} bolygó")))   # printed tokens, not stand-ins
    counts = dict(matter_mix())
    for kind in MATTER_KINDS:
        ident = MATTER_IDS[kind]
        out.append(Component(
            ident, "planetarium.kind.matter", P("comp.matter.name", matter=P(f"matter.{kind}")),
            P("comp.matter.text", matter=P(f"matter.{kind}"), code=code(kind), count=counts[kind]),
            P("comp.matter.gist", code=code(kind), count=counts[kind]),
            aliases=(kind, HU_MATTER_CODES[kind], render(P(f"matter.{kind}"), "hu"))))
    for deck, (letter, hu_letter, hu_word) in DECK_IDS.items():
        size = sum(1 for card in cards().values() if card.deck == deck)
        out.append(Component(
            deck, "planetarium.kind.deck", P(f"comp.deck.{deck}.name"), P(f"comp.deck.{deck}.text", count=size),
            P(f"comp.deck.{deck}.gist", count=size), aliases=(letter, hu_letter, hu_word, f"draw {letter}")))
    spaces, acceleration = track_info()
    for ident, values in (("gravity", {}), ("replaceable", {}), ("habitability", {}), ("marker", {}),
                          ("mat", {}), ("track", {"spaces": spaces}), ("acceleration", {"space": acceleration}),
                          ("final-space", {"spaces": spaces})):
        key = ident.replace("-", "_")
        out.append(Component(ident, f"planetarium.kind.{'icon' if ident in ('gravity', 'replaceable') else 'part'}",
                             P(f"comp.{key}.name"), P(f"comp.{key}.text", **values), P(f"comp.{key}.gist", **values),
                             aliases=tuple(render(P(f"comp.{key}.name"), lang) for lang in ("en", "hu"))
                             + TERM_ALIASES.get(ident, ())))
    return tuple(_hungarian_coded(component) for component in out)


def describe_node(view: Any, text: str) -> Component | None:
    """The board node ``text`` names (``II-3``, ``iv3``; PL-BRD-1..3) in ``view``: its orbit,
    the token lying there now and where a token moves from it in one step; None when ``text``
    names no node (newcomer N-1: /info knew no node)."""
    node = mv.normalize_node(text.strip())
    if node is None:
        return None
    graph = board()
    token = (getattr(view, "nodes", None) or {}).get(node)
    if token is None:
        on = P("comp.node.empty")
    elif token in PLANETS:
        on = P("comp.planet.name", planet=token)
    else:
        on = P("comp.matter.name", matter=P(f"matter.{token}"))
    orbit = ROMAN_OF[graph.orbit[node]]
    return Component(node, "planetarium.kind.node", P("comp.node.name", node=node),
                     P("comp.node.text", orbit=orbit, on=on, next=Join(list(graph.successors[node]))),
                     P("comp.node.gist", on=on))


def node_codes() -> tuple[str, ...]:
    """Every node, orbit by orbit from the sun (I-1 ... VII-16)."""
    graph = board()
    return tuple(sorted(graph.orbit, key=lambda node: (graph.orbit[node], int(node.split("-")[1]))))


#: the words of the rules a player asks `info` about, for the part they name (newcomer 27i: `info
#: habitable` answered with the card Habitable Moon, `info hostile` with nothing)
TERM_ALIASES = {"habitability": ("habitable", "uninhabitable", "hostile", "lakható", "lakhatatlan"),
                "marker": ("cube", "cubes", "markers"), "mat": ("player mat", "area"),
                "final-space": ("last round",)}


#: the codes a Hungarian reader sees and types for the components without a card's id (newcomer
#: E-10: the Hungarian /info list showed "gas", "rock", "final", "track", "final-space")
HU_COMPONENT_CODES = {
    "gas": "gáz", "rock": "kőzet", "water": "víz", "metal": "fém",
    "initial": "kezdeti", "major": "jelentős", "final": "végső",
    "gravity": "gravitáció", "replaceable": "lecserélhető", "habitability": "lakhatóság", "marker": "jelölő",
    "mat": "játéklap", "track": "fejlődésszámláló", "acceleration": "gyorsulás", "final-space": "végső-mező"}


def _hungarian_coded(component: Component) -> Component:
    """``component`` shown to a Hungarian by its Hungarian code (:data:`HU_COMPONENT_CODES`)."""
    shown = HU_COMPONENT_CODES.get(component.id)
    return component if shown is None else component.coded_in_hungarian(shown)
