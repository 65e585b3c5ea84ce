"""Reading the EVE table: moves in words (``wordings``, ``full_phrase``), the notation in Hungarian words
(``localize_move``), autocomplete that matches region names, the components ``/eve info``
answers for, and the score by category.

Everything here comes from the notation's syntax and the static tables (data/eve), never from
the position, so an old move of the log reads the same from any later state.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Iterable

from rules.base import Component, IllegalMove, ScorePart, spread_kinds
from rules.kit.words import translate
from rules.messages import Join, Msg, fold_word, has_key

from . import moves as mv
from .common import HUNGARIAN_VERBS, HUNGARIAN_WORDS
from .data import EMPIRES, RINGS, TYPES, tables


def E(key: str, /, **values: Any) -> Msg:
    return Msg(f"eve.{key}", **values)


def region_label(code: str) -> str:
    """A region as players read it on the map: its code and its EVE name (same in every language)."""
    region = tables().regions.get(code)
    return f"{code} {region.name}" if region else code


def card_label(card: str) -> Msg | str:
    kind = tables().cards.get(card)
    return E("card_named", card=mv.card_value(card), name=E(f"card.{kind.kind}")) if kind else card


def timing_msg(kind: Any) -> Msg:
    """When a design card kind is played (its window, spec §18.7)."""
    if kind.window == "TILE":
        return E("timing.TILE", type=type_adj(kind.deck))
    if kind.window == "OWN":
        return E("timing.OWN", type=E(f"type.{kind.round_type}")) if kind.round_type else E("timing.OWN_any")
    return E(f"timing.{kind.window}")


def type_adj(kind: str) -> Msg:
    """The round type as an adjective ("development" / "fejlesztési")."""
    return E(f"type_adj.{kind}")


# ----- the notation in Hungarian words -------------------------------------------------------------
#: The Hungarian word shown for each verb (each is also a key of the parser's HUNGARIAN_VERBS).
HU_VERB = {
    mv.REVEAL: "felfed", mv.HQ: "székhely", mv.PLACE: "lerak", mv.OUTPOST: "előőrs", mv.PASS: "passz",
    mv.SEAL: "pecsét", mv.FIRST: "első", mv.DISCARD: "eldob", mv.EXPAND: "terjeszkedik", mv.AGENT: "ügynök",
    mv.BUILD: "gyárt", mv.DRAW: "húz", mv.MOVE: "mozgat", mv.ATTACK: "támad", mv.CARDS: "kártya",
    mv.DICE: "kocka", mv.ASK: "kérdez", mv.TAC: "taktika", mv.INVADE: "betör", mv.STEAL: "ellop",
    mv.TAKEFROM: "elvesz", mv.CLAIM: "megszerez", mv.PLAY: "kijátszik", mv.KEEP: "megtart", mv.ORDER: "sorrend",
    mv.REROLL: "újradob", mv.UNTILE: "visszavesz", mv.END: "vége",
}
#: Round types by their Hungarian initials (fejlesztés, termelés, hadvezetés), as the Hungarian
#: map and texts show them; the parser accepts both.
HU_TYPE = {"D": "F", "P": "T", "L": "H"}
SEAL_WORDS = {"D": ("development", "fejlesztes"), "P": ("production", "termeles"), "L": ("logistics", "hadvezetes")}
#: Each seal's entry tells its schedule too: `/eve infó jegyzék` lists the three (newcomer 28 E5).
SCHEDULE_WORDS = {"D": ("development schedule", "fejlesztesi jegyzek"), "P": ("production schedule", "termelesi jegyzek"),
                  "L": ("logistics schedule", "hadvezetesi jegyzek")}
HU_ASK = {"dmg": "sérülés", "shd": "pajzs", "tac": "taktika"}
HU_DICE = ("sérülés", "pajzs", "taktika")
#: the codes a Hungarian reader sees and types in /info for the seals and dice, which have no printed
#: code (newcomer N-2: the Hungarian list showed "seal-D", "die-dmg"); the rulebook's words ("fejlesztés
#: pecsét", "sérülés kocka").  The empires keep their ids: the rulebook names them so ("Az Amarr játékos").
HU_COMPONENT_CODES = {
    "seal-D": "fejlesztési-pecsét", "seal-P": "termelési-pecsét", "seal-L": "hadvezetési-pecsét",
    "die-dmg": "sérülés-kocka", "die-shd": "pajzs-kocka", "die-tac": "taktika-kocka"}
_WORD = {"pass": "passz", "none": "semmi", mv.SCHEDULE: "jegyzék"}


def localize_move(text: str, language: str) -> str:
    """Canonical notation -> the same move in ``language``'s words: one word for one word,
    except the dice, which a Hungarian writes as a number and its noun ("kocka 5 sérülés,
    0 pajzs, 1 taktika", as the help teaches it; the parser reads it back)."""
    tokens = _local_tokens(text, language)
    if language == "hu" and tokens[0] == HU_VERB[mv.DICE] and len(tokens) == 4:
        counts = [re.fullmatch(r"(\d+)(\D+)", token) for token in tokens[1:]]
        if all(counts):
            return tokens[0] + " " + ", ".join(f"{m.group(1)} {m.group(2)}" for m in counts if m)
    return " ".join(tokens)


def _local_tokens(text: str, language: str) -> list[str]:
    """The notation's words, each in ``language`` (the dice count joined to its colour word:
    ``5sérülés``), one for one, as autocomplete matches them."""
    words = text.split(" ")
    if language != "hu" or not words or words[0] not in HU_VERB:
        return words
    verb = words[0]
    return [HU_VERB[verb]] + [_hu_word(verb, index, word) for index, word in enumerate(words[1:])]


def _hu_word(verb: str, index: int, word: str) -> str:
    if word in _WORD:
        return _WORD[word]
    if word in HU_TYPE and (verb in (mv.OUTPOST, mv.SEAL, mv.FIRST, mv.DRAW, mv.PLAY)):
        return HU_TYPE[word]
    if word.startswith("tiles="):
        return "lapka=" + word[6:]
    if word.startswith("seal="):
        empire, _, kind = word[5:].partition(":")
        return f"pecsét={empire}:{HU_TYPE.get(kind, kind)}"
    if verb == mv.DICE:
        match = re.fullmatch(r"(\d+)([dst])", word)
        if match:
            return match.group(1) + HU_DICE["dst".index(match.group(2))]
    if verb == mv.ASK and word in HU_ASK:
        return HU_ASK[word]
    if word in tables().cards:
        return mv.card_code(word, "hu")
    if word in tables().squares:
        return mv.square_code(word, "hu")
    return word


# ----- autocomplete ---------------------------------------------------------------------------------
def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", fold_word(text))


def _token_forms(token: str, local: str) -> list[str]:
    """What a typed word may be to stand for ``token``: the notation, the Hungarian word, and for
    a region code (also inside ``R06:3`` or ``T1:R07``) its name."""
    forms = [fold_word(token), fold_word(local)]
    for code in re.findall(r"R\d\d", token):
        region = tables().regions.get(code)
        if region:
            forms.append(_squash(region.name))
    return forms


def _word_matches(typed: str, token: str, local: str, partial: bool) -> bool:
    folded = fold_word(typed)
    squashed = _squash(typed)
    for form in _token_forms(token, local):
        if form == folded or (form == squashed and squashed):
            return True
        if partial and (form.startswith(folded) or (squashed and form.startswith(squashed))):
            return True
    return False


def matches(typed: str, text: str) -> bool:
    """True when ``typed`` (English or Hungarian words, region codes or names, accents or not,
    the last word possibly unfinished) is the start of the move ``text``."""
    words = typed.replace(">", " > ").split()
    if not words:
        return True
    tokens = text.replace(">", " > ").split()
    local = " ".join(_local_tokens(text, "hu")).replace(">", " > ").split()
    if len(local) != len(tokens):
        local = tokens
    finished = typed[-1:].isspace()
    if tokens[0] == mv.DICE and (words[0] == mv.DICE or _verb_alias(words[0]) == mv.DICE):
        # "kocka 5 sérülés, 0 pa": each count joins its colour word, as the parser joins them;
        # a count typed alone still waits for its colour
        words = [words[0]] + mv.dice_words(words[1:])
        finished = finished and not words[-1].isdigit()
    if len(words) > len(tokens):
        return False
    for index, word in enumerate(words):
        last = index == len(words) - 1
        if not _word_matches(word, tokens[index], local[index], last and not finished):
            if not (index == 0 and _verb_alias(word) == tokens[0]):
                return False
    return True


@lru_cache(maxsize=256)
def _verb_alias(word: str) -> str | None:
    return HUNGARIAN_VERBS.lookup(word)


def canonical_prefix(typed: str) -> str:
    """What a player typed, the Hungarian verb (first word) and words (the others) as the
    notation's, accents and case optional; every space kept as typed (the kit's translator,
    rules.kit.words, with ``common.HUNGARIAN_VERBS`` and ``HUNGARIAN_WORDS``)."""
    return translate(typed, HUNGARIAN_VERBS, HUNGARIAN_WORDS, keep_spacing=True)


def complete(texts: Iterable[str], typed: str, kind_of: Callable[[str], str], limit: int) -> list[str]:
    return spread_kinds((text for text in texts if matches(typed, text)), kind_of, limit)


# ----- moves in words -------------------------------------------------------------------------------
#: Discord's limit for an autocomplete choice or a menu option.
LABEL_LIMIT = 100
#: A button's: the decisions offered as buttons fit it (``labels.BUTTON_KINDS``).
BUTTON_LIMIT = 80


class _Brief:
    """How briefly a phrase says its facts (a long label), each level keeping what the one
    before kept: ``words``, the sentence in fewer words (``*_brief`` keys where one exists; every
    name kept); ``codes``, regions by their code alone (the map shows it); ``lists``, a
    sentence's parts as a list in the rulebook's short terms (``*_list`` keys: "tartalék R15,
    1 kivédés, 1 pajzscsökkentés", room for what the move leads to, newcomer 28 E6); ``cards``,
    design cards by their code alone (the hand names them)."""

    __slots__ = ("codes", "words", "lists", "cards")

    def __init__(self, level: int) -> None:
        self.words = level >= 1
        self.codes = level >= 2
        self.lists = level >= 3
        self.cards = level >= 4

    def region(self, code: str) -> str:
        return code if self.codes else region_label(code)

    def card(self, card: str) -> Msg | str | Any:
        return mv.card_value(card) if self.cards and card in tables().cards else card_label(card)

    def key(self, key: str) -> str:
        if self.lists and has_key(f"eve.{key}_list"):
            return f"{key}_list"
        return f"{key}_brief" if self.words and has_key(f"eve.{key}_brief") else key


#: The wordings of one phrase, from the fullest to the briefest (same facts in each).
LEVELS = (0, 1, 2, 3, 4)


def _targets(regions: tuple[str, ...], counts: tuple[int, ...], brief: _Brief | None = None) -> Join:
    brief = brief or _Brief(0)
    return Join([E("phrase.units_to", count=count, region=brief.region(code))
                 for code, count in zip(regions, counts)], "and")


def _reserve_sources(codes: tuple[str, ...], region: Callable[[str], Any], counted: bool = False) -> Join:
    """Where a battle's reserve units come from, each region once (newcomer 27g: two reserves
    from one region read "R49 és R49"): "R34 és R49 (2×)"; the count alone says how many when
    they all come from one region, unless ``counted`` (a list's "tartalék 2× R49" has no count
    of its own)."""
    counts: dict[str, int] = {}
    for code in codes:
        counts[code] = counts.get(code, 0) + 1
    if len(counts) == 1 and not counted:
        return Join([region(code) for code in counts], "and")
    return Join([region(code) if count == 1 else E("phrase.tac_source_times", region=region(code), count=count)
                 for code, count in counts.items()], "and")


@lru_cache(maxsize=8192)
def lengths(message: Msg) -> tuple[int, ...]:
    """How many characters ``message`` takes in each language (labels are fitted on every
    keystroke of autocomplete: the same texts come again and again)."""
    from rules.messages import LANGUAGES, render
    return tuple(len(render(message, language, label=True)) for language in LANGUAGES)


@lru_cache(maxsize=4096)
def wordings(seat: int, text: str) -> tuple[Msg, ...] | None:
    """``text``'s phrase in each wording of :data:`LEVELS`, fullest first (same facts in each),
    or None when it is no move; a decision's labels take one level for all its moves
    (``labels.wording``)."""
    try:
        move = mv.parse_move(seat, text)
    except IllegalMove:
        return None
    return tuple(_phrase(move, _Brief(level)) for level in LEVELS)


def full_phrase(seat: int, text: str) -> Msg | None:
    """``text`` as a predicate in its fullest wording: a thread's line or the log, where no
    label's limit applies."""
    try:
        move = mv.parse_move(seat, text)
    except IllegalMove:
        return None
    return _phrase(move, _Brief(LEVELS[0]))


def _phrase(move: mv.Move, brief: _Brief) -> Msg:
    kind = move.kind
    regions = move.regions
    region = brief.region
    if kind == mv.REVEAL:
        return E("phrase.reveal", square=mv.square_value(move.arg or ""))
    if kind in (mv.HQ, mv.PLACE, mv.EXPAND, mv.AGENT):
        return E(f"phrase.{kind}", region=region(regions[0]))
    if kind == mv.OUTPOST:
        return E("phrase.outpost", type=type_adj(move.arg or "D"), region=region(regions[0]))
    if kind == mv.PASS:
        return E("phrase.pass")
    if kind == mv.SEAL:
        if not move.number:                     # "a jegyzékre 0 lapka kerül" (newcomer 27g)
            return E("phrase.seal_bare", type=type_adj(move.arg or "D"))
        return E("phrase.seal", type=type_adj(move.arg or "D"), tiles=move.number)
    if kind == mv.FIRST:
        return E("phrase.first", type=type_adj(move.arg or "D"))
    if kind == mv.DISCARD:
        return E(brief.key("phrase.discard"), card=brief.card(move.arg or ""))
    if kind == mv.BUILD:
        return E("phrase.build", count=move.number or 1, region=region(regions[0]))
    if kind == mv.DRAW:
        return E("phrase.draw", type=type_adj(move.arg or "D"))
    if kind == mv.MOVE:
        return E(brief.key("phrase.move"), source=region(regions[0]), targets=_targets(regions[1:], move.counts, brief))
    if kind == mv.ATTACK:
        return E("phrase.attack", source=region(regions[0]), target=region(regions[1]))
    if kind == mv.CARDS:
        if not move.cards:
            return E("phrase.cards_pass")
        return E("phrase.cards", cards=Join([brief.card(card) for card in move.cards], "and"))
    if kind == mv.DICE:
        d, s, t = move.counts
        if d + s + t == 0:                      # "0 sérülés, 0 pajzs és 0 taktika kockát" (newcomer 27g)
            return E("phrase.dice_none")
        return E("phrase.dice", d=d, s=s, t=t)
    if kind == mv.ASK:
        return E("phrase.ask", question=E(f"ask.{move.arg}"))
    if kind == mv.TAC:
        spent: list[Msg] = [E(brief.key("phrase.tac_reserves"), count=len(regions),
                              regions=_reserve_sources(regions, region, counted=brief.lists))] if regions else []
        spent += [E(brief.key("phrase.tac_negate"), count=move.counts[0])] if move.counts[0] else []
        spent += [E(brief.key("phrase.tac_cut"), count=move.counts[1])] if move.counts[1] else []
        # a list's parts by commas: "tartalék R15, 1 kivédés, 1 pajzscsökkentés"
        return E("phrase.tac", spent=Join(spent, "comma" if brief.lists else "and") if spent else E("none"))
    if kind == mv.INVADE:
        return E("phrase.invade", count=move.number) if move.number else E("phrase.no_invasion")
    if kind == mv.STEAL:
        return E("phrase.steal", region=region(move.arg or ""))
    if kind == mv.TAKEFROM:
        if move.arg == mv.SCHEDULE:
            return E("phrase.takefrom_schedule")
        return E("phrase.takefrom_card", card=brief.card(move.arg or ""))
    if kind == mv.CLAIM:
        return E("phrase.claim", first=region(regions[0]), second=region(regions[1]))
    if kind == mv.PLAY:
        return _play_phrase(move, brief)
    if kind == mv.KEEP:
        return E("phrase.keep", card=brief.card(move.arg or ""))
    if kind == mv.ORDER:
        return E(brief.key("phrase.order"), cards=Join([brief.card(card) for card in move.cards]))
    if kind == mv.REROLL:
        if not move.counts:
            return E("phrase.reroll_none")
        return E("phrase.reroll", count=len(move.counts), dice=Join([str(n) for n in move.counts], "and"))
    if kind == mv.UNTILE:
        return E(brief.key("phrase.untile"), card=brief.card(move.arg or ""))
    if move.number is None:                                      # END (EVE-SCH-4): each choice its own sentence
        return E("phrase.end")
    if move.number == 0:
        return E("phrase.end_empty")
    return E("phrase.end_tiles", tiles=move.number)


def _play_phrase(move: mv.Move, brief: _Brief) -> Msg:
    card = brief.card(move.arg or "")
    if move.counts:
        target: Any = E("phrase.play_move", source=brief.region(move.regions[0]),
                        targets=_targets(move.regions[1:], move.counts, brief))
    elif move.regions:
        target = brief.region(move.regions[0])
    elif move.params and ":" in move.params[0]:
        empire, _, kind = move.params[0].partition(":")
        target = E("phrase.play_seal", empire=E(f"empire.{empire}"), type=type_adj(kind))
    elif move.params and move.params[0] in TYPES:
        target = Join([E(f"type.{kind}") for kind in move.params], "and")
    elif move.params:
        target = Join([mv.square_value(square) for square in move.params], "and")
    else:
        return E(brief.key("phrase.play"), card=card)
    return E(brief.key("phrase.play_on"), card=card, target=target)


# ----- the score by category ----------------------------------------------------------------------
def score_parts(region_cards: list[str]) -> list[ScorePart]:
    """EVE-DEF-10: the VP are the region cards in front of the player, by ring (1-4 VP each)."""
    regions = tables().regions
    parts = []
    for ring in RINGS:
        cards = [code for code in region_cards if code in regions and regions[code].ring == ring]
        if cards:
            parts.append(ScorePart(E("score.ring", ring=E(f"ring_cards.{ring}"), count=len(cards)),
                                   sum(regions[code].vp for code in cards)))
    return parts or [ScorePart(E("score.no_cards"), 0)]


# ----- components ---------------------------------------------------------------------------------------
WINDOWS = ("OWN", "COMBAT", "END", "TILE")


@lru_cache(maxsize=1)
def components() -> tuple[Component, ...]:
    tab = tables()
    out: list[Component] = []
    for kind in tab.kinds.values():                               # design cards, one per copy
        timing = timing_msg(kind)
        for card in kind.ids:
            out.append(Component(
                card, "eve.kind.card", E(f"card.{kind.kind}"),         # its code is shown beside it (``code``)
                E("comp.card", deck=E(f"type.{kind.deck}"), copies=len(kind.ids), timing=timing,
                  effect=E(f"card_text.{kind.kind}")),
                E(f"card_gist.{kind.kind}"), stand_in=True, aliases=(kind.kind, mv.card_code(card, "hu")),
                code=mv.card_value(card)))                        # H26 to a Hungarian, LG26 in English
    neighbours = tab.adjacent4
    for code, region in tab.regions.items():                      # regions and their region cards
        out.append(Component(
            code, "eve.kind.region", E("comp.region_name", code=code, name=region.name),
            E("comp.region", ring=E(f"ring.{region.ring}"), vp=region.vp, nebula=E(f"nebula.{region.nebula}"),
              neighbours=Join([region_label(other) for other in sorted(neighbours[code])]),
              two=E("comp.in_2p") if region.ring in ("green", "blue") else E("comp.not_in_2p")),
            E("comp.region_gist", ring=E(f"ring.{region.ring}"), vp=region.vp), stand_in=False,
            aliases=(region.name, _squash(region.name))))
    for name, square in tab.squares.items():                      # the political map
        out.append(Component(
            name, "eve.kind.square", E("comp.square_name", square=mv.square_value(name)),
            E("comp.square", nebula=E(f"nebula.{square.nebula}"), column=square.column,
              setup=E("comp.square_up") if square.revealed_at_setup else E("comp.square_down")),
            E("comp.square_gist", nebula=E(f"nebula.{square.nebula}"), column=square.column),
            aliases=(mv.square_code(name, "hu"),), code=mv.square_value(name)))
    for deck in TYPES:                                            # seals, rounds and their schedules
        levels = Join([E("comp.level", level=level, actions=tab.schedule[(deck, level)][0],
                         months=tab.schedule[(deck, level)][1]) for level in (1, 2, 3)])
        out.append(Component(
            f"seal-{deck}", "eve.kind.seal", E("comp.seal_name", type=type_adj(deck)),
            E(f"comp.seal.{deck}", levels=levels), E(f"comp.seal_gist.{deck}"), stand_in=True,
            aliases=(deck, HU_TYPE[deck], *SEAL_WORDS[deck], *SCHEDULE_WORDS[deck])).coded_in_hungarian(HU_COMPONENT_CODES[f"seal-{deck}"]))
    green = Join([region_label(code) for code, region in tab.regions.items() if region.ring == "green"])
    for empire in EMPIRES:              # N15: where its headquarters may go (EVE-PREP-1, EVE-2P-4)
        out.append(Component(empire, "eve.kind.empire", E(f"empire.{empire}"),
                             E("comp.empire", empire=E(f"empire.{empire}"), colour=E(f"colour.{empire}"), green=green),
                             E("comp.empire_gist")))
    faces = tab.faces
    for colour, word in zip("dst", ("dmg", "shd", "tac")):
        out.append(Component(
            f"die-{word}", "eve.kind.die", E(f"comp.die_name.{colour}"),
            E(f"comp.die.{colour}", faces=Join([str(face) for face in faces[colour]])),
            E(f"comp.die_gist.{colour}"), stand_in=True,
            aliases=(colour, word, HU_ASK[word])).coded_in_hungarian(HU_COMPONENT_CODES[f"die-{word}"]))
    return tuple(out)


def shown_ids() -> set[str]:
    """Every id of the data tables a player can meet: cards, regions, squares, seals, empires, dice."""
    tab = tables()
    return (set(tab.cards) | set(tab.regions) | set(tab.squares) | {f"seal-{k}" for k in TYPES} | set(EMPIRES)
            | {"die-dmg", "die-shd", "die-tac"})


def describe_reroll(rolls: list[list[int]], numbers: tuple[int, ...]) -> Join:
    """The dice ``numbers`` (as ``reroll`` numbers them: damage, shield, tactics) with their faces,
    each without a colon of its own ("damage 1 on die 1"): a label's description."""
    flat = [(colour, face) for colour, faces in zip("dst", rolls) for face in faces]
    return Join([E("die_face_on", number=n, colour=E(f"die.{flat[n - 1][0]}"), face=flat[n - 1][1])
                 for n in numbers if 0 < n <= len(flat)], "and")


def dice_faces(rolls: list[list[int]]) -> Join | Msg:
    """Every die rolled, numbered as ``reroll`` numbers them: "1 damage 2, 2 damage 0, 3 shield 1"."""
    flat = [(colour, face) for colour, faces in zip("dst", rolls) for face in faces]
    if not flat:
        return E("none")
    return Join([E("die_face", number=index + 1, colour=E(f"die.{colour}"), face=face)
                 for index, (colour, face) in enumerate(flat)])


def dice_faces_brief(rolls: list[list[int]]) -> Join | Msg:
    """Every die rolled by colour, in few words (a long label): "damage 1/1/2, tactics 2/0"."""
    parts = [E("die_colour_faces", colour=E(f"die.{colour}"), faces="/".join(str(face) for face in faces))
             for colour, faces in zip("dst", rolls) if faces]
    return Join(parts) if parts else E("none")
