"""Space Corp 2025-2300AD commands and their text notation (spec §10).

Parsing is syntactic: card, team, site, region, tile, colony and Progress ids are checked for their
shape only (``M02#1/m``, ``B1``, ``moon``, ``R3_EERI``, ``D3-04``, ``C07``, ``AD-RADRES``); the engine
checks everything that depends on the position.  ``format_move`` writes the canonical text stored in
the log (§10.4): the targets, then ``cards= infra= time= pay= use=``, then the verb's own options.
``canonical_prefix`` turns the Hungarian words players type (§2, accents and case optional) into the
notation's; ``parse_move`` applies it itself, so it accepts both.  Hungarian readers get cards by the
rulebook's era initials (``Ű02#1``, ``B06#1``, ``Cs05#1``) and Time cards as ``Idő3`` (``card_code``), the
Offer boxes as ``kínálat1``..``kínálat4`` (``offer_code``), colony tiles as ``kolónia07`` (``colony_code``),
discovery tiles as ``lapka3-04`` (``tile_code``), Progress cards by their names as one word
(``fúziós_energia``, ``progress_code``) and HQs by colour, never by seat (``infra=P2`` -> ``infra=S``).
The E2 stacks ``f2a``/``f2b`` stay: ``f`` is the rulebook's felfedezés (its ``f2``), ``a``/``b`` as in ``Ea``/``Eb``.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import ClassVar, Sequence

from rules.base import IllegalMove
from rules.kit.words import CodeTable, WordTable, translate
from rules.messages import Join, Localized, Msg, catalogue, fold_word

from .state import COLOURS

# ----- verbs (§10.2) ------------------------------------------------------------------------------
RESEARCH, MOVE, EXPLORE, BUILD, PRODUCE = "research", "move", "explore", "build", "produce"
GENETICS, IDEA, UPGRADE, SPECIAL, COLONIZE, PASS = "genetics", "idea", "upgrade", "special", "colonize", "pass"
FULFILL, TRANSPORT, DRAW, EDGE, DECLINE, CHOOSE = "fulfill", "transport", "draw", "edge", "decline", "choose"
ACTIONS = (RESEARCH, MOVE, EXPLORE, BUILD, PRODUCE, GENETICS, IDEA, UPGRADE, SPECIAL, COLONIZE, PASS)
VERBS = ACTIONS + (FULFILL, TRANSPORT, DRAW, EDGE, DECLINE, CHOOSE)
#: The actions EG-SABOTAGE may name (§5.3).
NAMEABLE = (RESEARCH, MOVE, EXPLORE, BUILD, PRODUCE, GENETICS, IDEA, UPGRADE, SPECIAL, COLONIZE)

#: Card entry selectors each valued action accepts, the plain entry first (§10.1, SC-VAL-3, SC-VAL-7).
ENTRIES = {RESEARCH: ("r",), MOVE: ("m", "sm"), EXPLORE: ("e",), BUILD: ("b", "sb"), PRODUCE: ("p",),
           GENETICS: ("g",), IDEA: ("i",)}
SOURCE_KEYS = ("cards", "infra", "time", "pay", "use")           # canonical order (§10.3)
#: Which sources each valued action takes: Time cards only with Move/Build/Explore (SC-VAL-8); base
#: abilities (Spaceport, Industrial, Shield Generator) only help a Move or a Build (SC-VAL-4, SC-RAD).
VERB_SOURCES = {RESEARCH: ("cards", "infra", "pay"), MOVE: SOURCE_KEYS, EXPLORE: ("cards", "infra", "time", "pay"),
                BUILD: SOURCE_KEYS, PRODUCE: ("cards", "infra", "pay"), GENETICS: ("cards", "infra", "pay"),
                IDEA: ("cards", "infra", "pay")}
VERB_OPTIONS = {EXPLORE: ("stack",), BUILD: ("base", "bases"), UPGRADE: ("box",), SPECIAL: ("target",),
                COLONIZE: ("colony", "cp"), EDGE: ("take", "name")}
ALL_KEYS = frozenset(SOURCE_KEYS) | {key for keys in VERB_OPTIONS.values() for key in keys}

BASES = ("ATTRACTION", "BIOLAB", "EXTRACTOR", "INDUSTRIAL", "REFINERY", "RESEARCHBASE", "DEFENSE", "SHIELDGEN",
         "SPACEPORT")
#: Discovery tile stacks as §9.2 names them (E1: f1 f2; E2: f1 f2a f2b f3; E3: Pa Pb Sa Sb Alien).
STACKS = ("f1", "f2", "f2a", "f2b", "f3", "Pa", "Pb", "Sa", "Sb", "Alien")
#: The stacks as the Hungarian rulebook names the discovery markers (§9.2: Elsődleges, Másodlagos,
#: Idegen; ``f`` = felfedezés reads in both), also a tile's or box's kind (``P``/``S``/``A``) -> the Hungarian code.
HU_STACK_OUT = {"Pa": "Ea", "Pb": "Eb", "Sa": "Ma", "Sb": "Mb", "Alien": "Idegen", "A": "Idegen", "P": "E", "S": "M"}
HUNGARIAN_STACKS = {fold_word(hu): stack for stack, hu in HU_STACK_OUT.items() if stack in STACKS}
#: Colony Point sources in the order of SC-COL-3 (a)..(h): the canonical order of ``cp=``.
CP_KINDS = ("tiles", "near", "industrial", "two_bases", "team", "build", "pay5", "envtol")
CHOICE_KEYS = ("progress", "legacy", "pioneer", "base", "contract", "stack", "infra-discard", "predict")
OFFER = ("O1", "O2", "O3", "O4")
#: The Offer boxes as Hungarians write them: the rulebook's Kínálat (``kínálat2``, like the Infra boxes'
#: ``mező2``); no one-letter code, since ``K1`` is a Blue team (Kék) and the rulebook's words own the others.
HU_OFFER_OUT = {box: f"kínálat{box[1]}" for box in OFFER}
DECK = "D"
NONE = "none"
LEGACY = "legacy"
SELF = "self"
DOUBLE, SPLIT = "double", "split"

_TEAM = re.compile(r"[BYPG][1-4]")
_PLAYER = re.compile(r"P[1-4]|[BYPG]")
_SITE = re.compile(r"[a-z0-9_]+")
_REGION = re.compile(r"R[1-3]_[A-Z0-9_]+")
_CARD = re.compile(r"[MPS]\d{2}#\d{1,2}")
_TIME = re.compile(r"T[1-8]")
_TILE = re.compile(r"D[1-3]-\d{2}")
_COLONY = re.compile(r"C\d{2}")
_PROGRESS = re.compile(r"(?:AD|BR)-[A-Z0-9]+")
_OPTION = re.compile(r"([\w-]+)=(.*)", re.DOTALL)


# ----- the commands --------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardEntry:
    """One card played for an action and the entry used: ``M02#1/m``, ``P06#1/sm``."""

    card: str
    entry: str

    def text(self) -> str:
        return f"{self.card}/{self.entry}"


@dataclass(frozen=True)
class TimeUse:
    """``time=T3:split``: the Time card played and how (SC-VAL-8)."""

    card: str
    mode: str                                   # DOUBLE or SPLIT


@dataclass(frozen=True)
class Sources:
    """Where an action's value comes from (SC-VAL-2..9)."""

    cards: tuple[CardEntry, ...] = ()           # as played (the order the player wrote)
    infra: tuple[str, ...] = ()                 # HQs: "self", a seat "P2" or a colour "Y"; two only with EG-RACE
    time: TimeUse | None = None
    pay: int = 0                                # profit added, 0..3 (E2/E3)
    use: tuple[str, ...] = ()                   # sites whose base abilities are used, sorted

    def words(self) -> list[str]:
        out = [f"cards={','.join(entry.text() for entry in self.cards)}"] if self.cards else []
        out += [f"infra={','.join(self.infra)}"] if self.infra else []
        out += [f"time={self.time.card}:{self.time.mode}"] if self.time else []
        out += [f"pay={self.pay}"] if self.pay else []
        out += [f"use={','.join(self.use)}"] if self.use else []
        return out


@dataclass(frozen=True)
class Leg:
    """A team going from one site to another (a Move target, a Transport, Antimatter Prototype)."""

    team: str
    origin: str
    destination: str

    def text(self) -> str:
        return f"{self.team} {self.origin}>{self.destination}"


@dataclass(frozen=True)
class Spot:
    """``G1 @dione``: the team acting at a site (Explore)."""

    team: str
    site: str

    def text(self) -> str:
        return f"{self.team} @{self.site}"


@dataclass(frozen=True)
class BuildSpot:
    """``B2 @mars_s base=BIOLAB`` or, in a star system, ``P3 @eps_eri bases=D3-04:ATTRACTION,...``."""

    team: str
    site: str
    base: str | None = None
    bases: tuple[tuple[str, str], ...] = ()     # (tile, base type), sorted by tile

    def text(self) -> str:
        if self.base:
            return f"{self.team} @{self.site} base={self.base}"
        return f"{self.team} @{self.site} bases=" + ",".join(f"{tile}:{base}" for tile, base in self.bases)


@dataclass(frozen=True)
class CpItem:
    """One Colony Point source (SC-COL-3): a kind of CP_KINDS; ``team:B1`` and ``build[...]`` carry more."""

    kind: str
    team: str | None = None
    build: Sources | None = None

    def text(self) -> str:
        if self.kind == "team":
            return f"team:{self.team}"
        if self.kind == "build":
            assert self.build is not None
            return f"build[{' '.join(self.build.words())}]"
        return self.kind


@dataclass(frozen=True)
class Move:
    """A command of one seat; every command below derives from it."""

    seat: int
    verb: ClassVar[str] = ""


@dataclass(frozen=True, kw_only=True)
class Action(Move):
    """An action with a value (Research, Move, Explore, Build, Produce, Genetics, Idea)."""

    sources: Sources = Sources()


@dataclass(frozen=True, kw_only=True)
class Research(Action):
    verb: ClassVar[str] = RESEARCH


@dataclass(frozen=True, kw_only=True)
class MoveAction(Action):
    verb: ClassVar[str] = MOVE
    legs: tuple[Leg, ...]                       # two only with a split Time card, first resolved first


@dataclass(frozen=True, kw_only=True)
class Explore(Action):
    verb: ClassVar[str] = EXPLORE
    spots: tuple[Spot, ...]
    stacks: tuple[str, ...] = ()                # stack for each tile drawn, in draw order (else a prompt)


@dataclass(frozen=True, kw_only=True)
class Build(Action):
    verb: ClassVar[str] = BUILD
    spots: tuple[BuildSpot, ...]


@dataclass(frozen=True, kw_only=True)
class Produce(Action):
    verb: ClassVar[str] = PRODUCE
    sites: tuple[str, ...]                      # sorted
    legacy: bool = False


@dataclass(frozen=True, kw_only=True)
class Genetics(Action):
    verb: ClassVar[str] = GENETICS


@dataclass(frozen=True, kw_only=True)
class Idea(Action):
    verb: ClassVar[str] = IDEA


@dataclass(frozen=True, kw_only=True)
class Upgrade(Move):
    verb: ClassVar[str] = UPGRADE
    card: str
    box: int


@dataclass(frozen=True, kw_only=True)
class Special(Move):
    """``special M21#1 target=phobos`` (probes, scout) or ``special P10#1 B1 iss>titan`` (Antimatter)."""

    verb: ClassVar[str] = SPECIAL
    card: str
    target: str | None = None
    leg: Leg | None = None


@dataclass(frozen=True, kw_only=True)
class Colonize(Move):
    verb: ClassVar[str] = COLONIZE
    region: str
    colony: str
    cp: tuple[CpItem, ...]                      # in the order of CP_KINDS


@dataclass(frozen=True, kw_only=True)
class Pass(Move):
    verb: ClassVar[str] = PASS


@dataclass(frozen=True, kw_only=True)
class Fulfill(Move):
    verb: ClassVar[str] = FULFILL
    rows: tuple[int, ...] = ()                  # in the order fulfilled; empty: "fulfill none"


@dataclass(frozen=True, kw_only=True)
class Transport(Move):
    verb: ClassVar[str] = TRANSPORT
    leg: Leg | None = None                      # None: "transport none"


@dataclass(frozen=True, kw_only=True)
class Draw(Move):
    verb: ClassVar[str] = DRAW
    source: str                                 # "D" or "O1".."O4"


@dataclass(frozen=True, kw_only=True)
class Edge(Move):
    verb: ClassVar[str] = EDGE
    card: str
    take: str | None = None                     # an Offer box, a card or a Breakthrough (§8.6)
    name: str | None = None                     # EG-SABOTAGE: an action of NAMEABLE


@dataclass(frozen=True, kw_only=True)
class Decline(Move):
    verb: ClassVar[str] = DECLINE


@dataclass(frozen=True, kw_only=True)
class Choose(Move):
    verb: ClassVar[str] = CHOOSE
    key: str                                    # one of CHOICE_KEYS
    value: str


# ----- formatting -----------------------------------------------------------------------------------
def format_move(move: Move) -> str:
    """The canonical text of a command (what the log stores)."""
    words: list[str] = [move.verb]
    if isinstance(move, MoveAction):
        words += [leg.text() for leg in move.legs]
    elif isinstance(move, Explore):
        words += [spot.text() for spot in move.spots]
    elif isinstance(move, Build):
        words += [spot.text() for spot in move.spots]
    elif isinstance(move, Produce):
        words.append(",".join([f"@{site}" for site in move.sites] + ([LEGACY] if move.legacy else [])))
    elif isinstance(move, Upgrade):
        words += [move.card, f"box={move.box}"]
    elif isinstance(move, Special):
        words.append(move.card)
        words += [move.leg.text()] if move.leg else []
        words += [f"target={move.target}"] if move.target else []
    elif isinstance(move, Colonize):
        words += [move.region, f"colony={move.colony}", "cp=" + ",".join(item.text() for item in move.cp)]
    elif isinstance(move, Fulfill):
        words.append(",".join(str(row) for row in move.rows) if move.rows else NONE)
    elif isinstance(move, Transport):
        words.append(move.leg.text() if move.leg else NONE)
    elif isinstance(move, Draw):
        words.append(move.source)
    elif isinstance(move, Edge):
        words.append(move.card)
        words += [f"take={move.take}"] if move.take else []
        words += [f"name={move.name}"] if move.name else []
    elif isinstance(move, Choose):
        words.append(f"{move.key}={move.value}")
    if isinstance(move, Action):
        words += move.sources.words()
    if isinstance(move, Explore) and move.stacks:
        words.append("stack=" + ",".join(move.stacks))
    return " ".join(words)


# ----- Hungarian words (§2) -------------------------------------------------------------------------
fold = fold_word      # lower case without accents: ``Építés`` -> ``epites`` (one helper for every game)


#: The first word: Hungarian verbs and action names (§2 rows 18, 69, 71, 79-90, 123) -> the notation's.
HUNGARIAN_VERBS = WordTable({
    "kutatas": RESEARCH, "kutat": RESEARCH, "kutass": RESEARCH,
    "mozgas": MOVE, "mozgat": MOVE, "mozgatas": MOVE, "mozog": MOVE, "mozgass": MOVE,
    "felfedezes": EXPLORE, "felfedez": EXPLORE, "felfedezz": EXPLORE,
    "epites": BUILD, "epit": BUILD, "epits": BUILD,
    "termeles": PRODUCE, "termel": PRODUCE, "termelj": PRODUCE,
    "genetika": GENETICS, "otlet": IDEA,
    "fejlesztes": UPGRADE, "fejleszt": UPGRADE, "fejlessz": UPGRADE,
    "specialis": SPECIAL, "kulonleges": SPECIAL,
    "kolonizacio": COLONIZE, "kolonizal": COLONIZE, "kolonizalj": COLONIZE,
    "passz": PASS, "passzol": PASS, "passzolok": PASS,
    "teljesit": FULFILL, "teljesites": FULFILL, "szerzodeskotes": FULFILL, "szerzodes": FULFILL,
    "transzport": TRANSPORT, "transzportal": TRANSPORT, "transzportalas": TRANSPORT, "szallit": TRANSPORT,
    "csapatmozgas": TRANSPORT, "csapatmozgatas": TRANSPORT,
    "huz": DRAW, "huzas": DRAW, "hatas": EDGE, "reagal": EDGE,
    "elutasit": DECLINE, "kihagy": DECLINE, "nem": DECLINE, "valaszt": CHOOSE, "valasztas": CHOOSE,
    "valassz": CHOOSE,
})
#: Option names (the part before ``=``).
HUNGARIAN_KEYS = WordTable({
    "kartya": "cards", "kartyak": "cards", "lapok": "cards", "ido": "time", "idokartya": "time",
    "fizet": "pay", "profit": "pay", "hasznal": "use", "bazis": "base", "bazisok": "bases", "kupac": "stack",
    "kolonia": "colony", "kp": "cp", "doboz": "box", "mezo": "box", "inframezo": "box", "cel": "target",
    "elvesz": "take", "vesz": "take", "nev": "name", "folyamat": "progress", "folyamatkartya": "progress",
    "alkalmazkodas": "progress", "attores": "progress", "orokolt": "legacy", "uttoro": "pioneer",
    "szerzodes": "contract", "infra-dobas": "infra-discard", "infra-eldobas": "infra-discard",
    "elorejelzes": "predict", "josol": "predict",
})
#: Base types (§2 rows 114-122).
HUNGARIAN_BASES = WordTable({
    "latvanyossag": "ATTRACTION", "biolabor": "BIOLAB", "kitermelo": "EXTRACTOR", "ipari": "INDUSTRIAL",
    "finomito": "REFINERY", "kutato": "RESEARCHBASE", "kutatobazis": "RESEARCHBASE", "vedelmi": "DEFENSE",
    "vedopajzs-generator": "SHIELDGEN", "vedopajzsgenerator": "SHIELDGEN", "pajzsgenerator": "SHIELDGEN",
    "urkikoto": "SPACEPORT", "otlet": "IDEA",
})
#: Colony Point sources (SC-COL-3, §2 rows 110, 113).
HUNGARIAN_CP = WordTable({
    "lapkak": "tiles", "lapka": "tiles", "kozeli": "near", "ipari": "industrial", "ket_bazis": "two_bases",
    "ketbazis": "two_bases", "csapat": "team", "epites": "build", "fizet5": "pay5",
    "kornyezet-tolerancia": "envtol", "kornyezettolerancia": "envtol",
})
#: Other words: Time card modes, "none", the deck, Legacy Production, own HQ.
HUNGARIAN_WORDS = WordTable({
    "dupla": DOUBLE, "duplaz": DOUBLE, "duplazas": DOUBLE, "oszt": SPLIT, "feloszt": SPLIT, "megoszt": SPLIT,
    "osztott": SPLIT, "semmi": NONE, "nincs": NONE, "pakli": DECK, "huzopakli": DECK, "orokolt": LEGACY,
    "sajat": SELF, "mezo1": "box1", "mezo2": "box2", "mezo3": "box3",
    **{fold_word(word): box for box, hu in HU_OFFER_OUT.items()
       for word in (hu, hu.replace("kínálat", "kínálatmező"), hu.replace("kínálat", "kí"))},
})


#: Team colour letters as the Hungarian rulebook's colours read (Kék, Sárga, Lila, Zöld) -> the notation's.
HUNGARIAN_COLOURS = {"K": "B", "S": "Y", "L": "P", "Z": "G"}
COLOUR_LETTERS = {"en": {c: c for c in HUNGARIAN_COLOURS.values()},
                  "hu": {canonical: letter for letter, canonical in HUNGARIAN_COLOURS.items()}}
#: Card entry letters (§10.1) as the Hungarian action names begin (Kutatás, Mozgás, Felfedezés, Építés,
#: Termelés, Genetika, Ötlet; ``v`` = Védett), folded, per verb -> the notation's.
HUNGARIAN_ENTRIES = {RESEARCH: {"k": "r"}, MOVE: {"m": "m", "v": "sm", "vm": "sm"},
                     EXPLORE: {"f": "e"}, BUILD: {"e": "b", "v": "sb", "ve": "sb"}, PRODUCE: {"t": "p"},
                     GENETICS: {"g": "g"}, IDEA: {"o": "i"}}
#: A team typed with its Hungarian colour letter (``K1``, ``z3``) -> the notation's (``B1``, ``G3``).
_HU_TEAM = CodeTable(r"([kslz])([1-4])", {1: {fold(letter): colour for letter, colour in HUNGARIAN_COLOURS.items()}},
                     separator="")
#: An HQ by its player's colour written out (``infra=kék``), beside the letter (``infra=K``).
HUNGARIAN_COLOUR_NAMES = {"kek": "B", "sarga": "Y", "lila": "P", "zold": "G"}
SITE_KEYS = ("target", "use", "pioneer", "legacy")
#: Action cards by the Hungarian rulebook's eras (Űrhajósok, Bolygókutatók, Csillagutazók: ``Ű02#1``,
#: ``B14#2``, ``Cs05#1``; the rulebook numbers no card, the era is its symbol) -> the notation's era letter.
HU_ERA_OUT = {"M": "Ű", "P": "B", "S": "Cs"}
#: A Time card as Hungarians write it: ``Idő3``, never ``T3``, which the rulebook reads as a tile's
#: production value ("T#", Termelés).
HU_TIME_OUT = "Idő"
#: A colony tile as Hungarians write it: the rulebook's Kolónia and the tile's number (``kolónia07``); not
#: ``K07`` (``K1`` is a Blue team) nor ``Kol7`` (the rulebook's ``Kol#`` is a discovery tile's colony bonus).
HU_COLONY_OUT = "kolónia"
#: A discovery tile as Hungarians write it: the catalogue's felfedezéslapka, its era and number
#: (``D3-04`` -> ``lapka3-04``; the ``D`` is the English Discovery).
HU_TILE_OUT = "lapka"
_HU_ERA_IN = {"u": "M", "b": "P", "cs": "S"}
#: The Hungarian codes read back (folded: ``Ű02#1`` -> ``u02#1``, ``kolónia07`` -> ``kolonia07``).
_HU_CARD = CodeTable(r"(u|b|cs)(\d{2}(?:#\d{1,2})?)", {1: _HU_ERA_IN}, separator="")
_HU_TIME = CodeTable(r"(ido)([1-8])", {1: {"ido": "T"}}, separator="")
_HU_COLONY = CodeTable(r"(kolonia)(\d{2})", {1: {"kolonia": "C"}}, separator="")
_HU_TILE = CodeTable(r"(lapka)([1-3]-\d{2})", {1: {"lapka": "D"}}, separator="")


def card_code(card: str) -> Localized:
    """A card id as each reader writes it: ``M02#1`` / Hungarian ``Ű02#1``; ``T3`` / ``Idő3``
    (a design id ``P14`` too).  Anything else as it is."""
    return Localized(en=card, hu=hu_card(card))


def hu_card(card: str) -> str:
    """``M02#1`` -> ``Ű02#1``, ``S05`` -> ``Cs05``, ``T3`` -> ``Idő3``; anything else unchanged."""
    if _TIME.fullmatch(card):
        return HU_TIME_OUT + card[1:]
    if re.fullmatch(r"[MPS]\d{2}(?:#\d{1,2})?", card):
        return HU_ERA_OUT[card[0]] + card[1:]
    return card


_CARD_IN_TEXT = re.compile(r"(?<![\w#])(?:(?:[MPSB]|Ű|Cs)\d{2}#\d{1,2}|Idő[1-8]|T[1-8](?! termelési))(?![\w#])")


def cards_named(text: str) -> set[str]:
    """The physical cards a text names, by either language's code (``M04#2``, ``Ű04#2``, ``T3``,
    ``Idő3``), as their ids: what a check for a hidden card looks for.  A Hungarian
    ``T1 termelési érték`` is a tile's production, not a card."""
    return {card_word(code) for code in _CARD_IN_TEXT.findall(text)}


def card_word(word: str) -> str:
    """A card typed with its Hungarian code (``Ű02#1``, ``u02#1``, ``Cs05#1``, ``Idő3``, ``ido3``) ->
    the notation's id; anything else unchanged."""
    return _HU_CARD.lookup(word) or _HU_TIME.translate(word)


def colony_code(colony: str) -> Localized:
    """A colony tile as each reader writes it: ``C07`` / Hungarian ``kolónia07``."""
    return Localized(en=colony, hu=hu_colony(colony))


def hu_colony(colony: str) -> str:
    """``C07`` -> ``kolónia07``; anything else unchanged."""
    return HU_COLONY_OUT + colony[1:] if _COLONY.fullmatch(colony) else colony


def tile_code(tile: str) -> Localized:
    """A discovery tile as each reader writes it: ``D3-04`` / Hungarian ``lapka3-04``."""
    return Localized(en=tile, hu=hu_tile(tile))


def hu_tile(tile: str) -> str:
    """``D3-04`` -> ``lapka3-04``; anything else unchanged."""
    return HU_TILE_OUT + tile[1:] if _TILE.fullmatch(tile) else tile


def thing_word(word: str) -> str:
    """A card, Time card, colony or discovery tile typed with its Hungarian code (``Ű02#1``, ``Idő3``,
    ``kolónia07``, ``lapka3-04``, accents and case optional) -> the notation's id; anything else unchanged."""
    return _HU_COLONY.lookup(word) or _HU_TILE.lookup(word) or card_word(word)


def offer_code(box: str) -> Localized:
    """An Offer box as each reader writes it: ``O2`` / Hungarian ``kínálat2`` (Kínálat, SC-RES-3)."""
    return Localized(en=box, hu=HU_OFFER_OUT.get(box, box))


@functools.cache
def _hu_progress_out() -> dict[str, str]:
    """Progress card id -> its Hungarian name written as one word (``BR-FUSION`` -> ``fúziós_energia``):
    the rulebook names the Alkalmazkodás and Áttörés cards, it gives them no code."""
    from .data import tables
    names = catalogue("hu")
    return {card: site_slug(names.get(f"spacecorp.progress.{card}", card)) for card in tables().progress}


@functools.cache
def _progress_names() -> dict[str, str]:
    """Every Progress card's id, English and Hungarian name, folded without punctuation -> its id."""
    from .data import tables
    out: dict[str, str] = {}
    for language in ("en", "hu"):
        names = catalogue(language)
        for card in tables().progress:
            out[_norm(names.get(f"spacecorp.progress.{card}", card))] = card
    return out | {_norm(card): card for card in tables().progress}


def progress_code(card: str) -> Localized:
    """A Progress card as each reader writes it: ``BR-FUSION`` / Hungarian ``fúziós_energia``."""
    return Localized(en=card, hu=_hu_progress_out().get(card, card))


def progress_word(word: str) -> str:
    """A Progress card typed by its id or its name in either language (case, accents, spaces and
    dashes optional; a prefix of three letters or more shared by no other card will do) -> its id;
    anything else unchanged."""
    names = _progress_names()
    key = _norm(word)
    if key in names:
        return names[key]
    found = {card for name, card in names.items() if name.startswith(key)} if len(key) >= 3 else set()
    return found.pop() if len(found) == 1 else word


def team_code(team: str, language: str) -> str:
    """A team as a reader of ``language`` writes it: ``B1`` -> ``K1`` (Kék) in Hungarian."""
    return COLOUR_LETTERS.get(language, COLOUR_LETTERS["en"]).get(team[:1], team[:1]) + team[1:]


def stack_code(stack: str) -> Localized:
    """A discovery stack (or a box's kind) as each reader names it: ``Pa`` / Hungarian ``Ea``."""
    return Localized(en=stack, hu=HU_STACK_OUT.get(stack, stack))


def seat_colour(hq: str) -> str:
    """An HQ named by its seat (``P2``) -> its player's colour letter (``Y``; seats have fixed colours,
    §3); anything else unchanged.  Hungarian texts name players by colour, never by a seat code."""
    return COLOURS[int(hq[1]) - 1] if re.fullmatch(r"P[1-4]", hq) else hq


def colour_code(colour: str, language: str) -> str:
    """A colour letter (``B``) as a reader of ``language`` writes it (``K``)."""
    return COLOUR_LETTERS.get(language, COLOUR_LETTERS["en"]).get(colour, colour)


def _norm(word: str) -> str:
    """A site name or id compared leniently: folded, without spaces, dashes, _, apostrophes, brackets."""
    return re.sub(r"[\s_\-–'’()]", "", fold(word))


#: Hungarian site names given up, still read: the calque of the English board's "To the Orion Arm"
#: (the rulebook says Orion-kar régió).
FORMER_HU_NAMES = {"Az Orion-karhoz (észak)": "orion1", "Az Orion-karhoz (dél)": "orion2"}


@functools.cache
def _site_names() -> dict[str, str]:
    """Every site's id, English and Hungarian name, folded without punctuation -> its id (all eras)."""
    from .data import tables
    names: dict[str, str] = {}
    for era_map in tables().maps.values():
        for site in era_map.sites.values():
            for name in (site.name, site.name_hu, re.sub(r"\s*\(.*\)", "", site.name), site.id):
                names[_norm(name)] = site.id
    return names | {_norm(name): site for name, site in FORMER_HU_NAMES.items()}


@functools.cache
def _site_slugs() -> dict[str, str]:
    """Site id -> its Hungarian name written as one word (``Föld–Hold L1`` -> ``föld-hold_l1``)."""
    from .data import tables
    return {site.id: site_slug(site.name_hu) for era_map in tables().maps.values() for site in era_map.sites.values()}


def site_slug(name: str) -> str:
    """A site name as one notation word: lower case, spaces ``_``, dashes ``-``, no brackets."""
    word = re.sub(r"[()'’.,]", "", name.lower().replace("–", "-")).strip()
    return re.sub(r"\s+", "_", word)


def _region_of(site: str) -> str | None:
    from .data import tables
    return next((era_map.sites[site].region for era_map in tables().maps.values() if site in era_map.sites), None)


def region_slug(region: str) -> str | None:
    """A star system's region (``R3_EERI``) as the Hungarian name of its system, one word."""
    from .data import tables
    sites = [site.id for site in tables().maps["E3"].sites.values() if site.region == region]
    return _site_slugs()[sites[0]] if len(sites) == 1 else None


def site_word(word: str) -> str:
    """A site typed by its id or its name in either language (case, accents and punctuation
    optional; a prefix shared by no other site will do) -> its id; anything else unchanged."""
    names = _site_names()
    key = _norm(word)
    if not key:
        return word
    if key in names:
        return names[key]
    found = {site for name, site in names.items() if name.startswith(key)}
    return found.pop() if len(found) == 1 else word


def _hu_value(key: str, value: str, verb: str) -> str:
    """The value of ``key=value`` with its Hungarian words replaced (lists and ``a:b`` pairs too)."""
    if key == "cp":
        return ",".join(_hu_cp(item) for item in _split_commas(value))
    if key in SITE_KEYS:
        return ",".join(_hu_item(item, verb) if item.startswith("@") or fold(item) in HUNGARIAN_WORDS
                        else site_word(item) for item in value.split(","))
    if key == "cards":
        return ",".join(_hu_entry(item, verb) for item in value.split(","))
    if key == "infra":
        return ",".join(HUNGARIAN_WORDS.get(fold(item), HUNGARIAN_COLOURS.get(item.upper(), item))
                        if len(item) == 1 or fold(item) in HUNGARIAN_WORDS
                        else HUNGARIAN_COLOUR_NAMES.get(fold(item), item) for item in value.split(","))
    if key in ("progress", "take") and fold(value) not in HUNGARIAN_WORDS and progress_word(value) != value:
        return progress_word(value)
    table = {"base": HUNGARIAN_BASES, "bases": HUNGARIAN_BASES, "name": HUNGARIAN_VERBS,
             "stack": HUNGARIAN_STACKS}.get(key, HUNGARIAN_WORDS)
    return ",".join(":".join(table.get(fold(part), thing_word(part)) for part in item.split(":"))
                    for item in value.split(","))


def _hu_entry(item: str, verb: str) -> str:
    """``M02#1/v`` (Védett) -> ``M02#1/sm`` for a Move: the Hungarian entry letters of the verb."""
    card, slash, letter = item.partition("/")
    if not slash:
        return card_word(item)
    return f"{card_word(card)}/{HUNGARIAN_ENTRIES.get(verb, {}).get(fold(letter), letter)}"


def _hu_cp(item: str) -> str:
    head, bracket, inner = item.partition("[")
    if bracket:
        inner_words = [_hu_word(word, BUILD) for word in inner.rstrip("]").split(" ")]
        return f"{HUNGARIAN_CP.get(fold(head), head)}[{' '.join(inner_words)}" + ("]" if inner.endswith("]") else "")
    return ":".join(_hu_item(part, COLONIZE) if index else HUNGARIAN_CP.get(fold(part), part)
                    for index, part in enumerate(item.split(":")))


def _hu_item(part: str, verb: str) -> str:
    """One plain word or list item: a Hungarian team (``K1``), a site by name (``@hold``), a word."""
    team = _HU_TEAM.lookup(part)
    if team is not None:
        return team
    if verb == COLONIZE and not _REGION.fullmatch(part.upper()):
        return _region_of(site_word(part)) or part
    if part.startswith("@"):
        return "@" + site_word(part[1:])
    if fold(part) in HUNGARIAN_WORDS:
        return HUNGARIAN_WORDS[fold(part)]
    return thing_word(part)


def _hu_word(word: str, verb: str) -> str:
    match = _OPTION.fullmatch(word)
    if match:
        key = HUNGARIAN_KEYS.get(fold(match[1]), match[1])
        return f"{key}={_hu_value(fold(key), match[2], verb)}"
    if ">" in word:                                             # a leg: both ends are sites
        return ">".join(site_word(part) for part in word.split(">"))
    return ",".join(_hu_item(part, verb) for part in word.split(","))


def canonical_prefix(typed: str) -> str:
    """What a player typed with the Hungarian words (§2) turned into the notation's: ``építés K2 @dél-mars
    bázis=biolabor kártyák=M13#1/é`` -> ``build B2 @mars_s base=BIOLAB cards=M13#1/b``.  Sites may be
    typed by their names in either language.  Spacing is kept (a partial last word stays as typed),
    notation words are unchanged.  Read with the kit's one word translator (rules.kit.words): the
    verb from ``HUNGARIAN_VERBS``, each word after it by ``_hu_word``; ``[...]`` stays one word."""
    return translate(typed, HUNGARIAN_VERBS, _prefix_word, split=_split_spaced, split_keeps_spaces=True)


def _prefix_word(verb: str, words: Sequence[str], index: int) -> str:
    return _hu_word(words[index], verb.lower())


def _split_spaced(text: str) -> list[str]:
    return _split_words(text, keep_spaces=True)


#: The Hungarian words ``localize_move`` writes (each one the parser reads back).
HU_VERB_OUT = {RESEARCH: "kutatás", MOVE: "mozgás", EXPLORE: "felfedezés", BUILD: "építés", PRODUCE: "termelés",
               GENETICS: "genetika", IDEA: "ötlet", UPGRADE: "fejlesztés", SPECIAL: "speciális",
               COLONIZE: "kolonizáció", PASS: "passz", FULFILL: "teljesít", TRANSPORT: "csapatmozgás",
               DRAW: "húz", EDGE: "hatás", DECLINE: "elutasít", CHOOSE: "választ"}
HU_KEY_OUT = {"cards": "kártyák", "time": "idő", "pay": "fizet", "use": "használ", "base": "bázis",
              "bases": "bázisok", "stack": "kupac", "colony": "kolónia", "cp": "kp", "box": "mező", "target": "cél",
              "take": "elvesz", "name": "név", "progress": "folyamatkártya", "legacy": "örökölt",
              "pioneer": "úttörő", "contract": "szerződés", "infra-discard": "infra-dobás",
              "predict": "előrejelzés"}
HU_BASE_OUT = {"ATTRACTION": "látványosság", "BIOLAB": "biolabor", "EXTRACTOR": "kitermelő", "INDUSTRIAL": "ipari",
               "REFINERY": "finomító", "RESEARCHBASE": "kutatóbázis", "DEFENSE": "védelmi",
               "SHIELDGEN": "védőpajzs-generátor", "SPACEPORT": "űrkikötő", "IDEA": "ötlet"}
HU_CP_OUT = {"tiles": "lapkák", "near": "közeli", "industrial": "ipari", "two_bases": "két_bázis", "team": "csapat",
             "build": "építés", "pay5": "fizet5", "envtol": "környezet-tolerancia"}
HU_WORD_OUT = {DOUBLE: "dupla", SPLIT: "oszt", NONE: "semmi", DECK: "pakli", LEGACY: "örökölt", SELF: "saját",
               "box1": "mező1", "box2": "mező2", "box3": "mező3", **HU_OFFER_OUT}


def localize(text: str, language: str) -> str:
    """Canonical notation written with the words of ``language`` that ``parse_move`` reads back
    (Hungarian verbs, option names, bases, team letters, site names); English: unchanged."""
    if language != "hu":
        return text
    words = _split_words(text)
    if not words:
        return text
    verb = words[0]
    rest = [_hu_out(word, verb) for word in words[1:]]
    if verb == COLONIZE and rest:
        rest[0] = region_slug(rest[0]) or rest[0]
    return " ".join([HU_VERB_OUT.get(verb, verb)] + rest)


def _hu_out_item(part: str, verb: str) -> str:
    if _TEAM.fullmatch(part):
        return team_code(part, "hu")
    if part.startswith("@") and part[1:] in _site_slugs():
        return "@" + _site_slugs()[part[1:]]
    if part in _site_slugs() and verb in (MOVE, TRANSPORT, SPECIAL, CHOOSE):
        return _site_slugs()[part]
    return _hu_code(part)


def _hu_code(code: str) -> str:
    """A word of the notation that names a thing (a card, an Offer box, a Progress card, ``none``…)
    as a Hungarian writes it."""
    return HU_WORD_OUT.get(code) or _hu_progress_out().get(code) or hu_colony(hu_tile(hu_card(code)))


def _hu_out(word: str, verb: str) -> str:
    match = _OPTION.fullmatch(word)
    if not match:
        if ">" in word:
            return ">".join(_site_slugs().get(part, part) for part in word.split(">"))
        return ",".join(_hu_out_item(part, verb) for part in word.split(","))
    key, value = match[1], match[2]
    if key == "cp":
        items = []
        for item in _split_commas(value):
            head, bracket, inner = item.partition("[")
            if bracket:
                inner_words = " ".join(_hu_out(part, BUILD) for part in inner.rstrip("]").split(" "))
                items.append(f"{HU_CP_OUT[head]}[{inner_words}]")
            else:
                kind, colon, team = item.partition(":")
                items.append(HU_CP_OUT.get(kind, kind) + (f":{team_code(team, 'hu')}" if colon else ""))
        out = ",".join(items)
    elif key in SITE_KEYS:
        out = ",".join(("@" + _site_slugs().get(v[1:], v[1:])) if v.startswith("@") else
                       _site_slugs().get(v, HU_WORD_OUT.get(v, v)) for v in value.split(","))
    elif key == "cards":
        out = ",".join(_hu_out_entry(item, verb) for item in value.split(","))
    elif key == "infra":
        out = ",".join(HU_WORD_OUT.get(v, colour_code(seat_colour(v), "hu")) for v in value.split(","))
    elif key in ("base", "bases"):
        out = ",".join(":".join(HU_BASE_OUT.get(part, hu_tile(part)) for part in item.split(":"))
                       for item in value.split(","))
    elif key == "name":
        out = HU_VERB_OUT.get(value, value)
    elif key == "stack":
        out = ",".join(HU_STACK_OUT.get(v, v) for v in value.split(","))
    elif key == "time":
        card, _, mode = value.partition(":")
        out = f"{hu_card(card)}:{HU_WORD_OUT.get(mode, mode)}"
    else:
        out = ",".join(_hu_code(v) for v in value.split(","))
    return f"{HU_KEY_OUT.get(key, key)}={out}"


def verb_msg(verb: str) -> Msg:
    """A command word in the reader's notation (``move`` / ``mozgás``)."""
    return Msg(f"spacecorp.verb.{verb}")


def notation_words(words: str, verb: str) -> Localized:
    """Part of a command (``Y1 @moon``) in the reader's notation, like :func:`notation`."""
    return Localized(en=words, hu=" ".join(_hu_out(word, verb) for word in words.split()))


def notation(text: str) -> Localized:
    """A notation example (canonical ``text``) shown in the reader's words: ``text`` to an
    English reader, its Hungarian form (``localize``) to a Hungarian one."""
    return Localized(en=text, hu=localize(text, "hu"))


def _hu_out_entry(item: str, verb: str) -> str:
    """``M02#1/m`` -> ``Ű02#1`` (the verb's plain entry needs no letter); ``/sm`` -> ``/v`` (Védett)."""
    card, _, letter = item.partition("/")
    if letter == ENTRIES.get(verb, ("",))[0]:
        return hu_card(card)
    return f"{hu_card(card)}/v" if letter.startswith("s") else hu_card(card) + item[len(card):]


# ----- parsing -------------------------------------------------------------------------------------
EXAMPLES = {
    RESEARCH: "research cards=M17#1/r,M17#2/r infra=self", MOVE: "move B1 earth>moon cards=M02#1/m infra=Y",
    EXPLORE: "explore G1 @dione cards=P04#1/e stack=f2b", BUILD: "build B2 @mars_s base=BIOLAB cards=M13#1/b",
    PRODUCE: "produce @deimos,@moon,legacy cards=M28#1/p", GENETICS: "genetics cards=M19#1/g",
    IDEA: "idea cards=P22#1/i infra=self", UPGRADE: "upgrade P14#2 box=2", SPECIAL: "special M21#1 target=phobos",
    COLONIZE: "colonize R3_EERI colony=C07 cp=tiles,near,pay5", PASS: "pass", FULFILL: "fulfill 1,3",
    TRANSPORT: "transport B2 em_l4>moon", DRAW: "draw D", EDGE: "edge M25#1 take=O3", DECLINE: "decline",
    CHOOSE: "choose progress=AD-RADRES",
}


def _split_commas(value: str) -> list[str]:
    """``a,b[c,d],e`` -> ``a``, ``b[c,d]``, ``e`` (commas inside brackets stay)."""
    items, depth, current = [], 0, ""
    for ch in value:
        depth += (ch == "[") - (ch == "]")
        if ch == "," and depth == 0:
            items.append(current)
            current = ""
        else:
            current += ch
    return items + [current]


def _split_words(text: str, keep_spaces: bool = False) -> list[str]:
    """Words separated by white space, except inside ``[...]`` (``cp=build[cards=S16#1/b infra=self]``);
    with ``keep_spaces`` the runs of spaces are kept as items too."""
    out: list[str] = []
    depth, current = 0, ""
    for ch in text:
        if ch.isspace() and depth == 0:
            if current and not current.isspace():
                out.append(current)
                current = ""
            current += ch if keep_spaces else ""
            continue
        if current.isspace():
            out.append(current)
            current = ""
        depth = max(0, depth + (ch == "[") - (ch == "]"))
        current += ch
    return out + ([current] if current else [])


def _tidy(text: str) -> str:
    """``earth > moon`` -> ``earth>moon``; ``cards = a, b`` -> ``cards=a,b``."""
    text = re.sub(r"\s*>\s*", ">", text.strip())
    text = re.sub(r"\s*=\s*", "=", text)
    return re.sub(r"\s*,\s*", ",", text)


def _team(word: str) -> str:
    if not _TEAM.fullmatch(word.upper()):
        raise IllegalMove("spacecorp.err.team", "SC-NOT-1", value=word)
    return word.upper()


def _site(word: str) -> str:
    site = word.lower()
    if not _SITE.fullmatch(site):
        raise IllegalMove("spacecorp.err.site", "SC-NOT-1", value=word)
    return site


def _at_site(word: str) -> str:
    return _site(word[1:] if word.startswith("@") else word)


def _card(word: str) -> str:
    card = word.upper()
    if not _CARD.fullmatch(card):   # echoed as typed: a Hungarian ``Idő1`` reached here as ``T1``
        hungarian = hu_card(card)
        raise IllegalMove("spacecorp.err.card", "SC-NOT-1",
                          value=Localized(en=word, hu=hungarian if hungarian != card else word))
    return card


def _leg(team: str, path: str) -> Leg:
    ends = path.split(">")
    if len(ends) != 2 or not all(ends):
        raise IllegalMove("spacecorp.err.leg", "SC-MOV-1", value=path)
    origin, destination = _site(ends[0]), _site(ends[1])
    if origin == destination:
        raise IllegalMove("spacecorp.err.same_site", "SC-MOV-1", value=path)
    return Leg(_team(team), origin, destination)


def _list(value: str) -> list[str]:
    items = value.split(",")
    if not all(items):
        raise IllegalMove("spacecorp.err.empty_item", "SC-NOT-2", value=value)
    return items


def _once(items: list[str], verb: str) -> None:
    seen: set[str] = set()
    for item in items:
        if item in seen:
            raise IllegalMove("spacecorp.err.twice", "SC-NOT-2", verb=verb_msg(verb), value=item)
        seen.add(item)


def _entry(word: str, verb: str) -> CardEntry:
    card, slash, entry = word.partition("/")
    entry = entry.lower() if slash else ENTRIES[verb][0]
    if not _CARD.fullmatch(card.upper()) or entry not in ("r", "m", "e", "b", "p", "g", "i", "sm", "sb"):
        raise IllegalMove("spacecorp.err.card_entry", "SC-NOT-1", value=word)
    if entry not in ENTRIES[verb]:
        raise IllegalMove("spacecorp.err.entry_type", "SC-VAL-3", value=word, verb=verb_msg(verb),
                          entries=[f"/{e}" for e in ENTRIES[verb]])
    return CardEntry(card.upper(), entry)


def _hq(word: str) -> str:
    if word.lower() == SELF:
        return SELF
    if not _PLAYER.fullmatch(word.upper()):
        raise IllegalMove("spacecorp.err.infra", "SC-NOT-1", value=word)
    return word.upper()


def _sources(verb: str, options: dict[str, str]) -> Sources:
    cards = tuple(_entry(word, verb) for word in _list(options["cards"])) if "cards" in options else ()
    _once([entry.card for entry in cards], verb)
    infra: tuple[str, ...] = ()
    if "infra" in options:
        hqs = [_hq(word) for word in _list(options["infra"])]
        _once(hqs, verb)
        if len(hqs) > 2:
            raise IllegalMove("spacecorp.err.infra_count", "SC-VAL-2", value=options["infra"])
        infra = tuple(sorted(hqs, key=lambda hq: (hq != SELF, hq)))
    time = None
    if "time" in options:
        card, colon, mode = options["time"].partition(":")
        if not colon or not _TIME.fullmatch(card.upper()) or mode.lower() not in (DOUBLE, SPLIT):
            raise IllegalMove("spacecorp.err.time", "SC-VAL-8", value=_time_typed(options["time"]))
        time = TimeUse(card.upper(), mode.lower())
    pay = 0
    if "pay" in options:
        if options["pay"] not in ("0", "1", "2", "3"):
            raise IllegalMove("spacecorp.err.pay", "SC-VAL-9", value=options["pay"])
        pay = int(options["pay"])
    use: tuple[str, ...] = ()
    if "use" in options:
        sites = [_site(word) for word in _list(options["use"])]
        _once(sites, verb)
        use = tuple(sorted(sites))
    return Sources(cards, infra, time, pay, use)


def _time_typed(value: str) -> Localized:
    """A ``time=`` value echoed as the reader wrote it: a Hungarian ``Idő1:kétszer`` reached the
    parser as ``T1:kétszer`` (its card code translated), so it is written back with ``Idő1``."""
    card, colon, mode = value.partition(":")
    return Localized(en=value, hu=hu_card(card.upper()) + colon + HU_WORD_OUT.get(mode.lower(), mode))


class _Words:
    """The words after the verb, read left to right."""

    def __init__(self, verb: str, words: list[str]):
        self.verb, self.words, self.at = verb, words, 0

    def more(self) -> bool:
        return self.at < len(self.words)

    def peek(self) -> str:
        return self.words[self.at] if self.more() else ""

    def take(self) -> str:
        if not self.more():
            raise IllegalMove("spacecorp.err.arguments", "SC-NOT-2", verb=verb_msg(self.verb), example=notation(EXAMPLES[self.verb]))
        self.at += 1
        return self.words[self.at - 1]

    def done(self) -> None:
        if self.more():
            raise IllegalMove("spacecorp.err.not_understood", "SC-NOT-2", verb=verb_msg(self.verb), value=self.peek(),
                              example=notation(EXAMPLES[self.verb]))


def _options(verb: str, words: list[str], keep: tuple[str, ...] = ()) -> tuple[_Words, dict[str, str]]:
    """Split the words into positional ones (with the options named in ``keep``, which belong to a
    target) and ``key=value`` options (any order; each once)."""
    allowed = VERB_SOURCES.get(verb, ()) + VERB_OPTIONS.get(verb, ())
    positional: list[str] = []
    options: dict[str, str] = {}
    for word in words:
        match = _OPTION.fullmatch(word)
        key = match[1].lower() if match else ""
        if not match or key in keep:
            positional.append(word)
        elif key in allowed:
            if key in options:
                raise IllegalMove("spacecorp.err.option_twice", "SC-NOT-2", key=key, verb=verb_msg(verb))
            options[key] = match[2]
        elif key in ALL_KEYS:
            raise IllegalMove("spacecorp.err.option_not_for_verb", "SC-NOT-2", key=key, verb=verb_msg(verb),
                              example=notation(EXAMPLES[verb]))
        else:
            raise IllegalMove("spacecorp.err.not_understood", "SC-NOT-2", verb=verb_msg(verb), value=word, example=notation(EXAMPLES[verb]))
    return _Words(verb, positional), options


def _check_split(verb: str, teams: list[str], sources: Sources) -> None:
    """SC-VAL-8: a split Time card gives two targets of two different teams; only it does."""
    split = sources.time is not None and sources.time.mode == SPLIT
    if split and len(teams) != 2:
        raise IllegalMove("spacecorp.err.split_groups", "SC-VAL-8", verb=verb_msg(verb), example=notation(SPLIT_EXAMPLES[verb]))
    if not split and len(teams) > 1:
        raise IllegalMove("spacecorp.err.two_targets", "SC-VAL-8", verb=verb_msg(verb), example=notation(SPLIT_EXAMPLES[verb]))
    if len(teams) == 2 and teams[0] == teams[1]:
        raise IllegalMove("spacecorp.err.split_same_team", "SC-VAL-8", team=teams[0])


SPLIT_EXAMPLES = {MOVE: "move B1 em_l4>phobos B2 earth>se_l2 cards=M07#2/m infra=self time=T3:split",
                  EXPLORE: "explore G1 @dione G2 @rhea cards=P04#1/e time=T3:split",
                  BUILD: "build B1 @moon base=REFINERY B2 @phobos base=RESEARCHBASE cards=M02#1/b time=T3:split"}


def _bases(value: str) -> tuple[tuple[str, str], ...]:
    pairs = []
    for item in _list(value):
        tile, colon, base = item.partition(":")
        if not colon or not _TILE.fullmatch(tile.upper()):
            raise IllegalMove("spacecorp.err.tile_base", "SC-BLD-7", value=item)
        pairs.append((tile.upper(), _base(base)))
    _once([tile for tile, _ in pairs], BUILD)
    return tuple(sorted(pairs))


def _base(word: str) -> str:
    if word.upper() not in BASES:
        raise IllegalMove("spacecorp.err.base", "SC-BLD-3", value=word,      # as each reader types them
                          types=Join([Localized(en=base, hu=HU_BASE_OUT.get(base, base)) for base in BASES]))
    return word.upper()


def _stack(word: str) -> str:
    found = {stack.lower(): stack for stack in STACKS}.get(word.lower())
    if found is None:
        raise IllegalMove("spacecorp.err.stack", "SC-EXP-11", value=word, stacks=[stack_code(x) for x in STACKS])
    return found


def _row(word: str) -> int:
    if word not in ("1", "2", "3", "4", "5", "6", "7"):
        raise IllegalMove("spacecorp.err.row", "SC-CON-1", value=word)
    return int(word)


def _action(seat: int, verb: str, words: list[str]) -> Move:
    args, options = _options(verb, words, ("base", "bases") if verb == BUILD else ())
    sources = _sources(verb, options)
    if verb == MOVE:
        legs = [_leg(_team(args.take()), args.take())]
        while args.more() and _TEAM.fullmatch(args.peek().upper()):
            legs.append(_leg(args.take(), args.take()))
        args.done()
        _check_split(verb, [leg.team for leg in legs], sources)
        return MoveAction(seat, legs=tuple(legs), sources=sources)
    if verb == EXPLORE:
        team = _team(args.take())
        spots = [Spot(team, _at_site(args.take()))]
        while args.more() and _TEAM.fullmatch(args.peek().upper()):
            spots.append(Spot(_team(args.take()), _at_site(args.take())))
        args.done()
        _check_split(verb, [spot.team for spot in spots], sources)
        stacks = tuple(_stack(word) for word in _list(options["stack"])) if "stack" in options else ()
        return Explore(seat, spots=tuple(spots), stacks=stacks, sources=sources)
    if verb == BUILD:
        spots_b = [_build_spot(args)]
        while args.more() and _TEAM.fullmatch(args.peek().upper()):
            spots_b.append(_build_spot(args))
        args.done()
        _check_split(verb, [spot.team for spot in spots_b], sources)
        return Build(seat, spots=tuple(spots_b), sources=sources)
    if verb == PRODUCE:
        items: list[str] = []
        while args.more():
            items += _list(args.take())
        if not items:
            args.take()
        sites = []
        for item in items:
            if item.lower() == LEGACY:
                sites.append(LEGACY)
            elif item.startswith("@"):
                sites.append(_site(item[1:]))
            else:
                raise IllegalMove("spacecorp.err.produce_target", "SC-PRD-1", value=item)
        _once(sites, verb)
        return Produce(seat, sites=tuple(sorted(s for s in sites if s != LEGACY)), legacy=LEGACY in sites,
                       sources=sources)
    args.done()
    kind = {RESEARCH: Research, GENETICS: Genetics, IDEA: Idea}[verb]
    return kind(seat, sources=sources)


def _build_spot(args: _Words) -> BuildSpot:
    team, site = _team(args.take()), _at_site(args.take())
    match = _OPTION.fullmatch(args.peek())
    key = match[1].lower() if match else ""
    if key == "base":
        args.take()
        return BuildSpot(team, site, base=_base(match[2]) if match else None)
    if key == "bases":
        args.take()
        return BuildSpot(team, site, bases=_bases(match[2]) if match else ())
    raise IllegalMove("spacecorp.err.build_base", "SC-BLD-3", value=notation_words(f"{team} @{site}", BUILD), example=notation(EXAMPLES[BUILD]))


def _colonize(seat: int, words: list[str]) -> Colonize:
    args, options = _options(COLONIZE, words)
    word = args.take()
    region = word.upper()
    if not _REGION.fullmatch(region):
        raise IllegalMove("spacecorp.err.region", "SC-NOT-1", value=word)
    args.done()
    if "colony" not in options or "cp" not in options:
        raise IllegalMove("spacecorp.err.arguments", "SC-COL-2", verb=verb_msg(COLONIZE), example=notation(EXAMPLES[COLONIZE]))
    colony = options["colony"].upper()
    if not _COLONY.fullmatch(colony):
        raise IllegalMove("spacecorp.err.colony", "SC-NOT-1", value=options["colony"])
    items = [_cp_item(item) for item in _split_commas(options["cp"])]
    _once([item.kind for item in items], COLONIZE)
    return Colonize(seat, region=region, colony=colony, cp=tuple(sorted(items, key=lambda i: CP_KINDS.index(i.kind))))


def _cp_item(item: str) -> CpItem:
    lower = item.lower()
    if lower in CP_KINDS and lower not in ("team", "build"):
        return CpItem(lower)
    if lower.startswith("team:"):
        return CpItem("team", team=_team(item[5:]))
    if lower.startswith("build[") and item.endswith("]"):
        words = item[6:-1].split()
        options: dict[str, str] = {}
        for word in words:
            match = _OPTION.fullmatch(word)
            key = match[1].lower() if match else ""
            if not match or key not in ("cards", "infra") or key in options:
                raise IllegalMove("spacecorp.err.cp_build", "SC-COL-4", value=word)
            options[key] = match[2]
        if not options:
            raise IllegalMove("spacecorp.err.cp_build", "SC-COL-4", value=item)
        return CpItem("build", build=_sources(BUILD, options))
    raise IllegalMove("spacecorp.err.cp", "SC-COL-3", value=item, items=[*CP_KINDS[:4], "team:B1", "build[...]",
                                                                         *CP_KINDS[6:]])


def _special(seat: int, words: list[str]) -> Special:
    args, options = _options(SPECIAL, words)
    card = _card(args.take())
    leg = None
    if args.more() and _TEAM.fullmatch(args.peek().upper()):
        leg = _leg(args.take(), args.take())
    args.done()
    target = _site(options["target"]) if "target" in options else None
    if leg and target:
        raise IllegalMove("spacecorp.err.special_args", "SC-SPC-1", card=card_code(card))
    return Special(seat, card=card, target=target, leg=leg)


def _edge(seat: int, words: list[str]) -> Edge:
    args, options = _options(EDGE, words)
    card = _card(args.take())
    args.done()
    take = name = None
    if "take" in options:
        take = options["take"].upper()
        if not (take in OFFER or _CARD.fullmatch(take) or _PROGRESS.fullmatch(take)):
            raise IllegalMove("spacecorp.err.edge_take", "SC-NOT-1", value=options["take"])
    if "name" in options:
        name = options["name"].lower()
        if name not in NAMEABLE:
            raise IllegalMove("spacecorp.err.action_name", "EG-SABOTAGE", value=options["name"], actions=list(NAMEABLE))
    return Edge(seat, card=card, take=take, name=name)


def _choose(seat: int, words: list[str]) -> Choose:
    args = _Words(CHOOSE, words)
    word = args.take()
    args.done()
    match = _OPTION.fullmatch(word)
    key = match[1].lower() if match else ""
    if not match or key not in CHOICE_KEYS:
        raise IllegalMove("spacecorp.err.choice_key", "SC-NOT-2", value=word, keys=[f"{k}=" for k in CHOICE_KEYS])
    raw = match[2]
    value = raw.upper() if key in ("progress", "base", "predict") else raw.lower()
    valid = {
        "progress": _PROGRESS.fullmatch(value) is not None,
        "legacy": value == NONE or (value.startswith("@") and _SITE.fullmatch(value[1:]) is not None),
        "pioneer": _SITE.fullmatch(value) is not None,
        "base": value in BASES or value == "IDEA",             # IDEA: the E3 Research base's idea step
        "contract": value in ("1", "2", "3", "4", "5", "6", "7"),
        "stack": value in {stack.lower() for stack in STACKS},
        "infra-discard": value in ("box1", "box2", "box3"),
        "predict": all(_CARD.fullmatch(card) or _TIME.fullmatch(card) for card in value.split(",")),   # the pile holds Time cards too
    }[key]
    if not valid:
        raise IllegalMove("spacecorp.err.choice_value", "SC-NOT-2", key=key, value=raw, example=notation(CHOICE_EXAMPLES[key]))
    return Choose(seat, key=key, value=_stack(value) if key == "stack" else value)


CHOICE_EXAMPLES = {"progress": "choose progress=AD-RADRES", "legacy": "choose legacy=@moon",
                   "pioneer": "choose pioneer=ceres", "base": "choose base=REFINERY", "contract": "choose contract=3",
                   "stack": "choose stack=f2b", "infra-discard": "choose infra-discard=box2",
                   "predict": "choose predict=P06#1,P14#2"}


def parse_move(seat: int, text: str) -> Move:
    """A command typed by ``seat`` (notation or Hungarian words, any case) -> its Move.  Pure: the
    same text always gives the same Move or the same refusal."""
    words = _split_words(canonical_prefix(_tidy(text)))
    if not words:
        raise IllegalMove("spacecorp.err.empty", "SC-NOT-2", verbs=Msg("spacecorp.verbs"))
    verb, rest = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise IllegalMove("spacecorp.err.unknown_verb", "SC-NOT-2", value=words[0], verbs=Msg("spacecorp.verbs"))
    if verb in ENTRIES:
        return _action(seat, verb, rest)
    if verb == COLONIZE:
        return _colonize(seat, rest)
    if verb == SPECIAL:
        return _special(seat, rest)
    if verb == EDGE:
        return _edge(seat, rest)
    if verb == CHOOSE:
        return _choose(seat, rest)
    if verb == UPGRADE:
        args, options = _options(UPGRADE, rest)
        card = _card(args.take())
        args.done()
        if "box" not in options:
            args.take()
        if options["box"] not in ("1", "2", "3"):
            raise IllegalMove("spacecorp.err.box", "SC-UPG-2", value=options["box"])
        return Upgrade(seat, card=card, box=int(options["box"]))
    args = _Words(verb, rest)
    if verb == FULFILL:
        word = args.take()
        args.done()
        if word.lower() == NONE:
            return Fulfill(seat)
        rows = [_row(item) for item in _list(word)]
        _once([str(row) for row in rows], verb)
        return Fulfill(seat, rows=tuple(rows))
    if verb == TRANSPORT:
        if args.peek().lower() == NONE:
            args.take()
            args.done()
            return Transport(seat)
        leg = _leg(_team(args.take()), args.take())
        args.done()
        return Transport(seat, leg=leg)
    if verb == DRAW:
        word = args.take()
        source = word.upper()
        args.done()
        if source != DECK and source not in OFFER:
            raise IllegalMove("spacecorp.err.draw", "SC-RES-3", value=word)     # as typed
        return Draw(seat, source=source)
    args.done()
    return {PASS: Pass, DECLINE: Decline}[verb](seat)
