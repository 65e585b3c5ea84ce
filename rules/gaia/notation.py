"""The boardgamers move notation (spec §12): lines of ". "-separated sub-commands.

Reading is forgiving (§12.6): verbs and named arguments are case- and accent-insensitive
(``Faction terrans``, ``BUILD M 4a10``) and the official Hungarian terms of the rulebook are
accepted as aliases (``épít bánya 4A10``, ``kutatás navigáció``, ``passz booster3``).
Writing (:func:`format_line`) always gives the canonical English notation stored in the log.

The words are tables of the kit's one translator (:mod:`rules.kit.words`): ``VERB_ALIASES``
(verbs), ``ALIASES`` (nouns), ``CANON`` (the notation's ids whatever their case), ``PHRASES``
(two-word terms) and ``HU_AMOUNTS`` (amounts in Hungarian units, a code pattern);
:func:`canonical_prefix` reads a line being typed with them.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from rules.kit.words import CodeTable, WordTable, translate
from rules.messages import Join, Localized, Msg, fold_word

from .tables import ACTIONS, ADV_POS, BOOSTERS, FACTION_IDS, FED_TOKENS, FIELDS, STD_POS

VERBS = {"init", "rotate", "faction", "build", "booster", "pass", "up", "decline", "tech", "cover", "action",
         "fedtile", "special", "swap-PI", "federation", "lostPlanet", "spend", "burn", "charge", "brainstone",
         "income", "set", "bid"}
ARGS = {"faction": 1, "build": 2, "booster": 1, "up": 1, "tech": 1, "cover": 1, "action": 1, "fedtile": 1,
        "special": 1, "swap-PI": 1, "federation": 2, "lostPlanet": 1, "burn": 1, "charge": 1, "brainstone": 1,
        "income": 1, "init": 2, "bid": 2, "decline": 0}
_PLAYER = re.compile(r"^p[1-7]$", re.IGNORECASE)
_QXR = re.compile(r"^-?\d+x-?\d+$")
_HEX = re.compile(r"^\d+[A-C]\d*$")
_SECTOR = re.compile(r"^\d{1,2}[bB]?$")
_AMOUNT = re.compile(r"^\+?(\d*[a-z]+(-a3)?)(,\d*[a-z]+(-a3)?)*$")


fold = fold_word   # lower case without accents: 'HÚZ' -> 'huz' (one helper for every game)


# Hungarian verbs of the rulebook (§2 glossary) and a few everyday forms, folded (no accents)
_HU_VERBS = {
    "build": ("epit", "epites", "epitek", "epits", "fejleszt", "fejlesztes", "fejlesztek"),
    "up": ("kutat", "kutatas", "kutatok", "fejlodes", "elorelep", "elorelepes", "lep"),
    "pass": ("passz", "passzol", "passzolas", "passzolok", "passzolok"),
    "action": ("akcio", "akciomezo", "energiaakcio"),
    "special": ("specialis", "kulonleges", "specialis-akcio"),
    "federation": ("szovetseg", "szovetsegkotes"),
    "decline": ("elutasit", "elutasitas", "elutasitom", "nem", "kihagy"),
    "charge": ("feltolt", "feltoltes", "toltes", "tolt", "feltoltok"),
    "spend": ("atvalt", "atvaltas", "költ", "kolt", "koltes", "mellekakcio"),
    "burn": ("eget", "eleget", "egetes", "elegetes"),
    "booster": ("bonusz", "bonuszlapka"),
    "faction": ("faj", "fajvalasztas"),
    "tech": ("techlapka",),
    "cover": ("letakar", "letakaras"),
    "fedtile": ("szovetseglapka",),
    "brainstone": ("agyko",),
    "income": ("bevetel",),
    "lostPlanet": ("elveszett", "elveszett-bolygo"),
    "rotate": ("forgat", "forgatas"),
    "swap-PI": ("csere",),
    "bid": ("licit", "licital", "licitalok"),
}
VERB_ALIASES = WordTable(canonical=sorted(VERBS), groups=_HU_VERBS)

# Hungarian nouns (§12.6 and the §2 glossary), folded (built here, read as the table ALIASES)
_ALIASES = {
    # buildings
    "banya": "m", "bany": "m",
    "allomas": "ts", "kereskedelmi": "ts", "kereskedelmi-allomas": "ts",
    "labor": "lab", "laboratorium": "lab", "kutatolabor": "lab", "kutatolaboratorium": "lab",
    "kutato-laboratorium": "lab",
    "intezet": "PI", "bolygotani-intezet": "PI",
    "akademia1": "ac1", "akademia2": "ac2",
    "gaiaformalo": "gf", "galaxiformalo": "gf", "gajaformalo": "gf",
    "urallomas": "sp",
    # ... as the object of "építs" (the menus' "Építs bányát"): "építs bányát 1A5"
    "banyat": "m", "allomast": "ts", "kereskedelmi-allomast": "ts", "labort": "lab", "kutatolabort": "lab",
    "laboratoriumot": "lab", "kutatolaboratoriumot": "lab", "intezetet": "PI", "bolygotani-intezetet": "PI",
    "gaiaformalot": "gf", "urallomast": "sp",
    # ... and the English names the English labels use ("builds a mine")
    "mine": "m", "trading-station": "ts", "research-lab": "lab", "planetary-institute": "PI",
    "gaiaformer": "gf",
    # research areas
    "terraformalas": "terra", "navigacio": "nav", "mi": "int", "mesterseges-intelligencia": "int",
    "gazdasag": "eco", "tudomany": "sci",
    # ... and by their English names, as the labels and the board print them ("up navigation")
    "terraforming": "terra", "navigation": "nav", "ai": "int", "artificial-intelligence": "int",
    "gaia-project": "gaia", "economy": "eco", "science": "sci",
    # brainstone answers
    "gaia-mezo": "gaia", "eldob": "discard",
    # spend separator
    "ert": "for", "->": "for", "=": "for",
    # Itars' conversion target, special actions and brainstone bowls by their Hungarian names
    "techlapka": "tech", "lepes": "step", "hatotav+3": "range+3", "legalso-fel": "up-lowest",
    "intezetcsere": "swap-PI", "labor-le": "down-lab", "urallomas-akcio": "space-station",
    "i-mezo": "area1", "ii-mezo": "area2", "iii-mezo": "area3",
}
# boosters, power/QIC actions and federation tokens by Hungarian codes: bonusz3, energia3, ktk1, szovetseg4
_ALIASES.update({f"bonusz{b[7:]}": b for b in BOOSTERS})
_ALIASES.update({("energia" if a.startswith("power") else "ktk") + a.lstrip("powerqic"): a for a in ACTIONS})
_ALIASES.update({f"szovetseg{f[3:]}": f for f in FED_TOKENS if f[3:].isdigit()})


def _faction_aliases() -> dict[str, str]:
    """The factions by their Hungarian names, one word each ("terranok", "bal-takok", "baltakok")."""
    from rules.messages import text_of
    out = {}
    for fid in FACTION_IDS:
        name = fold(text_of("gaia.faction." + fid, "hu") or fid).replace("'", "")
        for word in (name.replace(" ", "-"), name.replace(" ", "")):
            if word != fold(fid):
                out[word] = fid
    return out


_ALIASES.update(_faction_aliases())
# tech tile positions: szabad1..3 (free1..3), kulonleges-navigacio (adv-nav)
_ALIASES.update({f"szabad{i}": f"free{i}" for i in (1, 2, 3)})
_ALIASES.update({f"kulonleges-{alias}": f"adv-{field}" for alias, field in list(_ALIASES.items()) if field in FIELDS})
_ALIASES.update({f"kulonleges-{field}": f"adv-{field}" for field in FIELDS})
# the short codes the Hungarian images print (gazd, tud, kul-nav)
_ALIASES.update({"gazd": "eco", "tud": "sci"})
_ALIASES.update({f"kul-{short}": f"adv-{field}" for short, field in
                 (("terra", "terra"), ("nav", "nav"), ("mi", "int"), ("gaia", "gaia"), ("gazd", "eco"), ("tud", "sci"))})
ALIASES = WordTable(_ALIASES)

#: Hungarian amount units (folded) -> the notation's: ``4energia`` = ``4pw``, ``1KTK`` = ``1q``
#: (GP-NOT; the rulebook has no letters for resources, so Hungarian codes are short words).
HU_UNITS = {"kr": "c", "kredit": "c", "er": "o", "erc": "o", "tu": "k", "tudas": "k", "ktk": "q",
            "energia": "pw", "en": "pw", "jelolo": "t", "energiajelolo": "t", "gyp": "vp",
            "gaiajelolo": "tg", "gaiaformalo": "gf"}
#: The notation's units as a Hungarian writes them (``localize_move``; the images use the same codes).
HU_UNIT_OUT = {"c": "kr", "o": "ér", "k": "tu", "q": "KTK", "pw": "energia", "t": "jelölő", "vp": "GyP",
               "tg": "gaiajelölő", "gf": "gaiaformáló"}
#: ``4energia,1KTK`` -> ``4pw,1q``: every part of the list an amount in a Hungarian unit.
HU_AMOUNTS = CodeTable(r"(\+?\d*)([a-z]+)(-a3|-iii)?", {2: HU_UNITS, 3: {"-a3": "-a3", "-iii": "-a3"}})


def _hu_amount(token: str) -> str | None:
    """``4energia,1KTK`` -> ``4pw,1q`` (every part a Hungarian unit), else None."""
    return HU_AMOUNTS.lookup(token)


def hu_amount(text: str) -> str:
    """``4pw,1q`` -> ``4energia,1KTK`` (the notation's amount in Hungarian units)."""
    out = []
    for part in text.split(","):
        m = re.match(r"^(\+?\d*)([a-z]+)(-a3)?$", part)
        if not m or m.group(2) not in HU_UNIT_OUT:
            return text
        out.append(m.group(1) + HU_UNIT_OUT[m.group(2)] + ("-iii" if m.group(3) else ""))
    return ",".join(out)
#: The Hungarian words alone (not the notation's own), for completing a word still being typed.
WORD_ALIASES = (VERB_ALIASES | ALIASES).aliases()
# two-word terms, joined before the aliases are looked up
PHRASES = WordTable({"kereskedelmi allomas": "kereskedelmi-allomas", "bolygotani intezet": "bolygotani-intezet",
                     "kutato laboratorium": "kutato-laboratorium",
                     "mesterseges intelligencia": "mesterseges-intelligencia",
                     "elveszett bolygo": "elveszett-bolygo", "specialis akcio": "specialis-akcio",
                     "gaia mezo": "gaia-mezo", "artificial intelligence": "artificial-intelligence",
                     "gaia project": "gaia-project", "trading station": "trading-station",
                     "research lab": "research-lab", "planetary institute": "planetary-institute"})

_NAMED = ("m", "ts", "lab", "PI", "ac1", "ac2", "gf", "sp", "for", "swap-PI", "down-lab", "space-station",
          "up-lowest", "range+3", "area1", "area2", "area3", "gaia", "discard", "tech")
CANON = WordTable(canonical=(*_NAMED, *FIELDS, *FACTION_IDS, *BOOSTERS, *ACTIONS, *STD_POS, *ADV_POS, *FED_TOKENS))


#: a whole command for each verb that takes arguments, shown when some are missing
EXAMPLES = {"faction": "faction terrans", "build": "build m <hex>", "booster": "booster booster3", "up": "up nav",
            "tech": "tech terra", "cover": "cover terra", "action": "action power3", "fedtile": "fedtile fed1",
            "federation": "federation 1A1,1A2 fed1", "burn": "burn 1", "charge": "charge 1pw",
            "brainstone": "brainstone area3", "special": "special step", "lostPlanet": "lostPlanet <hex>"}


class NotationError(ValueError):
    """A line that cannot be read; ``msg`` is the catalogue message for the player."""

    def __init__(self, key: str, /, **values: Any) -> None:
        self.msg = Msg(key, **values)
        super().__init__(str(self.msg))


def split_actor(text: str) -> tuple[str | None, str]:
    text = text.strip()
    first, _, rest = text.partition(" ")
    if first.lower() in FACTION_IDS or _PLAYER.match(first):
        return first.lower(), rest
    return None, text


def _word(token: str) -> str:
    """One argument in canonical form: aliases and known ids whatever their case, amounts in
    lower case; anything else (hex names, numbers) unchanged."""
    if _HEX.match(token):   # a hex name as written ("7C" is a sector centre, "7c" seven credits)
        return token
    f = fold(token)
    if f in ALIASES:
        return ALIASES[f]
    if f in CANON:
        return CANON[f]
    hu = _hu_amount(token)
    if hu is not None:
        return hu
    if _AMOUNT.match(token.lower()) and not _QXR.match(token):
        return token.lower()
    return token


def _phrases(tokens: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(tokens):
        found = PHRASES.phrase(tokens, i)
        if found is not None:
            out.append(found[0])
            i += found[1]
        else:
            out.append(tokens[i])
            i += 1
    return out


def _prefix_word(_verb: str, words: Sequence[str], index: int) -> str:
    """A word after a verb while a line is typed: the game's words and Hungarian amounts
    ("4energia"); hex names and anything else stay as typed."""
    word = words[index]
    return ALIASES.lookup(word) or CANON.lookup(word) or _hu_amount(word) or word


def canonical_prefix(typed: str) -> str:
    """Hungarian words as the notation's ('épít bánya ' -> 'build m '); a verb being typed
    ('kut') becomes the verb it can only be; every sub-command after a '.' starts with a verb."""
    return translate(typed, VERB_ALIASES, _prefix_word, complete_verb=True, sentence_end=".")


_OFFER = re.compile(r"^\d*pw$")


def _declined_thing(word: str) -> bool:
    """What ``decline`` may name: a charge offer ("2pw"), the research step ("up") or the
    Itars tile ("tech"), in English or by a Hungarian word for them."""
    return bool(_OFFER.match(word.lower())) or VERB_ALIASES.get(fold(word)) in ("up", "tech")


#: The verbs an unknown word's refusal lists (newcomer E-4): the actions, free actions and answers.
LISTED_VERBS = ("build", "up", "action", "special", "federation", "pass", "spend", "burn", "charge", "decline",
                "income", "faction", "booster")


def parse_commands(body: str) -> list[list[str]]:
    """Split a line body into sub-commands, dropping display annotations (§12.4)."""
    cmds: list[list[str]] = []
    for piece in body.split("."):
        piece = piece.strip()
        if not piece or piece.startswith("("):
            continue
        toks = _phrases(piece.split())
        verb = VERB_ALIASES.get(fold(toks[0]))
        if verb is None:
            # the verbs a turn is made of, in the reader's words, as the other games list theirs
            raise NotationError("gaia.err.unknown_command", word=toks[0], verbs=Join([code(v) for v in LISTED_VERBS]))
        rest = []
        for t in toks[1:]:
            if t.startswith("(") or t in ("using", "returning"):
                break
            rest.append(_word(t))
        if verb in ("booster", "pass") and rest and rest[0].isdigit():
            rest[0] = f"booster{int(rest[0])}"     # "bónusz 10": the tile by its printed number
        if verb == "spend":
            if len(rest) >= 3 and rest[1] == "for":
                cmd, used = ["spend", rest[0], rest[2]], 3
            elif len(rest) >= 2 and "for" not in rest[:2]:
                cmd, used = ["spend", rest[0], rest[1]], 2
            else:
                raise NotationError("gaia.err.spend_syntax")
        elif verb == "pass":
            used = 1 if rest and (rest[0].startswith("booster") or fold(rest[0]).startswith("bonusz")) else 0
            cmd = ["pass"] + rest[:used]
        elif verb == "decline":
            # boardgamers names what is declined ("decline 2pw", "decline up", "decline tech",
            # §12.3); it is not kept. Any other word is junk, refused as trailing (GP-NOT),
            # not silently dropped: "decline please" is no move
            used = 1 if rest and _declined_thing(rest[0]) else 0
            cmd = ["decline"]
        elif verb == "rotate":
            args = []
            i = 0
            # a sector by its centre ("0x0") or by the number printed on the map ("3"), then steps
            while i + 1 < len(rest) and (_QXR.match(rest[i]) or
                                         (_SECTOR.match(rest[i]) and rest[i + 1].lstrip("-").isdigit())):
                args += [rest[i], rest[i + 1]]
                i += 2
            cmd, used = ["rotate"] + args, i
        else:
            n = ARGS.get(verb, 1)
            if len(rest) < n:
                if verb in EXAMPLES:    # what to type, with what was typed ("build m" -> "build m <hex>")
                    kept = [] if verb == "build" and rest and _HEX.match(rest[0]) else rest
                    example = " ".join([verb] + kept + EXAMPLES[verb].split()[1 + len(kept):])
                    raise NotationError("gaia.err.needs_args_example", verb=code(verb), count=n,
                                        example=code(example))
                raise NotationError("gaia.err.needs_args", verb=code(verb), count=n)
            cmd, used = [verb] + rest[:n], n
        if len(rest) > used:
            raise NotationError("gaia.err.trailing", extra=" ".join(rest[used:]), move=code(format_command(cmd)))
        if verb == "federation":
            hexes = [h.upper() for h in cmd[1].split(",")]
            twice = sorted({h for h in hexes if hexes.count(h) > 1})
            if twice:
                raise NotationError("gaia.err.fed_repeated", hexes=", ".join(twice))
        cmds.append(cmd)
    return cmds


def code(text: str) -> Localized:
    """A piece of notation as the reader writes it (Hungarian words for a Hungarian); the
    placeholder ``<hex>`` is written ``<mező>``."""
    from .texts import HU_VERBS, hu_word, localize_move
    if " " not in text.strip():     # one word (a verb): translated alone, never parsed
        return Localized(en=text, hu=HU_VERBS.get(text) or hu_word(text))
    return Localized(en=text, hu=localize_move(text, "hu").replace("<hex>", "<mező>"))


def line_ended(body: str) -> bool:
    """§12.1: a line ends its turn with a trailing "." or with a final "(...)" annotation piece."""
    pieces = [x.strip() for x in body.split(".")]
    if len(pieces) < 2:
        return False
    if pieces[-1] == "":
        return True
    return pieces[-1].startswith("(")


def format_command(cmd: list[str]) -> str:
    if cmd[0] == "spend":
        return f"spend {cmd[1]} for {cmd[2]}"
    return " ".join(cmd)


def format_line(actor: str | None, cmds: list[list[str]], ended: bool = False) -> str:
    body = ". ".join(format_command(c) for c in cmds) + ("." if ended else "")
    return f"{actor} {body}" if actor else body
