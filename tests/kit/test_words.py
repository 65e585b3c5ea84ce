"""The kit's one Hungarian word translator (issue 27 #5, rules/kit/words.py): word tables with
folded keys, phrases, prefixes of verbs still being typed, codes read by patterns, and the games
that read their input with it (Gaia GP-NOT §12.6, EVE §20.1, Planetarium PL-NOTATION) reading
exactly as their hand-written readers did (the expected values were recorded from them)."""
from __future__ import annotations

import random
import re

import pytest

import rules
from rules.eve import common as eve_words
from rules.eve.reading import canonical_prefix as eve_prefix
from rules.gaia import notation as gaia_words
from rules.kit import CodeTable, WordTable, translate
from rules.planetarium import moves as planetarium_words
from rules.pulsar import notation as pulsar_words
from rules.spacecorp import moves as spacecorp_words

VERBS = WordTable({"épít": "build", "dobd el": "discard", "dob": "discard", "passz": "pass"},
                  canonical=("build", "swap-PI"), groups={"up": ("kutat", "kutatás")})
WORDS = WordTable({"bánya": "m", "semmi": "none"})


# ----- WordTable ------------------------------------------------------------------------------------
def test_keys_are_folded_and_lookups_fold_what_was_typed():
    assert "epit" in VERBS and VERBS["kutatas"] == "up"
    assert VERBS.lookup("ÉPÍT") == "build" and VERBS.lookup("Swap-pi") == "swap-PI"
    assert VERBS.lookup("nothing") is None and VERBS.translate("nothing") == "nothing"


def test_a_word_table_reads_like_the_dict_it_replaced():
    assert dict(WORDS) == {"banya": "m", "semmi": "none"} and len(WORDS) == 2
    assert {**WORDS} == dict(WORDS) and WORDS.get("semmi") == "none"


def test_later_tables_win_when_merged():
    merged = WordTable({"final": "final"}) | WordTable({"final": "F"})
    assert merged["final"] == "F"


def test_the_longest_phrase_is_found_at_a_position():
    assert VERBS.phrase(["dobd", "EL", "L03"]) == ("discard", 2)
    assert VERBS.phrase(["dob", "L03"]) == ("discard", 1)
    assert VERBS.phrase(["x", "épít"], 1) == ("build", 1)
    assert VERBS.phrase(["x"]) is None


def test_a_verb_begun_completes_only_when_one_verb_starts_so():
    assert VERBS.complete("kut") == "up"
    assert VERBS.complete("do") == "discard"          # dob, dobd el: one verb
    assert VERBS.complete("") is None                   # every verb
    assert VERBS.completions("p") == {"pass"}


def test_aliases_are_the_single_words_that_are_not_the_notations_own():
    assert VERBS.aliases() == {"epit": "build", "dob": "discard", "passz": "pass", "kutat": "up",
                               "kutatas": "up"}


# ----- CodeTable ------------------------------------------------------------------------------------
UNITS = CodeTable(r"(\+?\d*)([a-z]+)(-a3|-iii)?", {2: {"energia": "pw", "ktk": "q"}, 3: {"-a3": "-a3", "-iii": "-a3"}})


def test_codes_translate_their_groups_part_by_part():
    assert UNITS.lookup("4Energia,1KTK") == "4pw,1q"
    assert UNITS.lookup("+2ktk-iii") == "+2q-a3"


def test_a_code_with_an_unknown_part_is_unknown():
    assert UNITS.lookup("4energia,1kr") is None and UNITS.translate("4x") == "4x"


# ----- translate --------------------------------------------------------------------------------------
def test_a_splitter_keeps_what_white_space_alone_would_cut():
    def split(text: str) -> list[str]:
        return [word.replace("_", " ") for word in text.split()]
    assert translate("passz a_b", VERBS, WORDS, split=split) == "pass a b"


def test_the_verb_then_the_words_after_it():
    assert translate("Épít bánya 4A10", VERBS, WORDS) == "build m 4A10"
    assert translate("dobd el semmi", VERBS, WORDS) == "discard none"


def test_spacing_is_collapsed_or_kept_as_typed():
    assert translate("  épít   bánya  ", VERBS, WORDS) == "build m "
    assert translate("épít  bánya ", VERBS, WORDS, keep_spacing=True) == "build  m "


def test_a_verb_being_typed_completes_and_an_unknown_one_stays():
    assert translate("kut", VERBS, WORDS, complete_verb=True) == "up"
    assert translate("kut ", VERBS, WORDS, complete_verb=True) == "kut "     # finished: not a verb
    assert translate("kut", VERBS, WORDS) == "kut"
    assert translate("Xá y", VERBS, WORDS, unknown_verb=str.lower) == "xá y"


def test_sentences_each_start_with_a_verb():
    assert translate("épít bánya 4A10. passz.", VERBS, WORDS, sentence_end=".") == "build m 4A10. pass."
    assert translate("passz. kut", VERBS, WORDS, sentence_end=".", complete_verb=True) == "pass. up"


def test_the_words_after_a_verb_may_depend_on_it_and_on_their_place():
    def argument(verb: str, words, index: int) -> str:
        return f"{verb}:{index}/{len(words)}:{words[index]}"
    assert translate("passz a b", VERBS, argument) == "pass pass:0/2:a pass:1/2:b"


# ----- the games read as before -------------------------------------------------------------------------
GAIA = [
    ('', ''),
    ('kut', 'up'),
    ('kut.', 'up.'),
    ('épít bánya 4A10', 'build m 4A10'),
    ('épít bánya ', 'build m '),
    ('ÉPÍT BÁNYA 4a10. kutatás navigáció.', 'build m 4a10. up nav.'),
    ('passz bónusz3', 'pass booster3'),
    ('átvált 4energia ért 1KTK', 'spend 4pw for 1q'),
    ('spend 4pw for 1q', 'spend 4pw for 1q'),
    ('build m 4A10', 'build m 4A10'),
    ('Build M 4a10', 'build m 4a10'),
    ('x', 'x'),
    ('xyz abc', 'xyz abc'),
    ('fel', 'charge'),
    ('feltölt 2energia', 'charge 2pw'),
    ('faj terranok', 'faction terrans'),
    ('akció energia3', 'action power3'),
    ('pass. ', 'pass. '),
    ('build m 4a10 . up nav', 'build m 4a10 . up nav'),
    ('. x', '. x'),
    ('tech szabad1 kulonleges-navigacio', 'tech free1 adv-nav'),
    ('licit bal-takok 3', 'bid baltaks 3'),
    ('csere', 'swap-PI'),
    ('elutasít', 'decline'),
    ('e', 'e'),
    ('ép', 'build'),
    ('kutatás gazd', 'up eco'),
    ('fedtile szovetseg4', 'fedtile fed4'),
    ('  épít   bánya  ', 'build m '),
    ('épít bánya 7C', 'build m 7C'),
    ('spend 1KTK,2kr for 4tu', 'spend 1q,2c for 4k'),
    ('égetés 2', 'burn 2'),
    ('agykő gaia-mező', 'brainstone gaia'),
    ('épít kereskedelmi állomás 3B2', 'build ts ts 3B2'),
    ('burn 2.', 'burn 2.'),
    ('kut. épít', 'kut. build'),
]
EVE = [
    ('', ''),
    ('támad R01 R02', 'attack R01 R02'),
    ('tám', 'tám'),
    ('kocka 5 sérülés', 'dice 5 dmg'),
    ('pecsét fejlesztés 2', 'seal D 2'),
    (' attack', ' attack'),
    ('attack  R01', 'attack  R01'),
    ('húz hadvezetés ', 'draw L '),
    ('PASSZ', 'pass'),
    ('felfed x', 'reveal x'),
    ('kártya semmi', 'cards none'),
    ('Épít R06', 'build R06'),
    ('xyz semmi', 'xyz none'),
    ('kérdez pajzs', 'ask shd'),
    ('vege 2', 'end 2'),
]
PLANETARIUM = [
    ('', ''),
    ('dr', 'draw'),
    ('dó', 'dó'),
    ('Dó', 'Dó'),
    ('húz k', 'draw I'),
    ('húz K ', 'draw I '),
    ('dobd el L03', 'discard L03'),
    ('dobd', 'discard'),
    ('dobd el', 'discard'),
    ('kijá', 'play'),
    ('kijátszik L03 A gravitáció=IV-7>C', 'play L03 A grav=IV-7>C'),
    ('play L03 A jelölő=innen:L03', 'play L03 A marker=from:L03'),
    ('play L03 A jelölő=nincs', 'play L03 A marker=none'),
    ('végső F01 B jelölő=H10', 'final F01 B from=H10'),
    ('final F01 B from=H10', 'final F01 B from=H10'),
    ('mozgat nincs', 'mv none'),
    ('mv semmi', 'mv none'),
    ('mv IV-3 A', 'mv IV-3 A'),
    ('xyz abc', 'xyz abc'),
    ('Xyzá abc', 'xyza abc'),
    ('passz', 'pass'),
    ('pass ', 'pass '),
    ('draw', 'draw'),
    ('final', 'final'),
    ('v', 'v'),
    ('k', 'k'),
    ('mozgat semmi x', 'mv semmi x'),
    ('húz végső tart=F03', 'draw F tart=F03'),
    ('lecserél L04', 'replace L04'),
    ('  húz   j  ', 'draw M '),
]


@pytest.mark.parametrize("typed, expected", GAIA)
def test_gaia_reads_a_line_being_typed_as_before(typed, expected):
    """GP-NOT §12.6: Hungarian verbs and nouns, amounts in Hungarian units, a verb begun."""
    assert gaia_words.canonical_prefix(typed) == expected
    assert rules.get_game("gaia").canonical_prefix(typed) == expected


@pytest.mark.parametrize("typed, expected", EVE)
def test_eve_reads_a_line_being_typed_as_before(typed, expected):
    """EVE §20.1: the Hungarian verb first, the Hungarian words after it, spacing kept."""
    assert eve_prefix(typed) == expected
    assert rules.get_game("eve").canonical_prefix(typed) == expected


@pytest.mark.parametrize("typed, expected", PLANETARIUM)
def test_planetarium_reads_a_line_being_typed_as_before(typed, expected):
    """PL-NOTATION: two-word verbs, decks after draw, options of play and final, a verb begun."""
    assert planetarium_words.canonical_prefix(typed) == expected
    assert rules.get_game("planetarium").canonical_prefix(typed) == expected


def test_the_games_word_tables_are_kit_tables():
    for table in (gaia_words.VERB_ALIASES, gaia_words.ALIASES, gaia_words.CANON, gaia_words.PHRASES,
                  eve_words.HUNGARIAN_VERBS, eve_words.HUNGARIAN_WORDS, planetarium_words.VERB_ALIASES,
                  planetarium_words.DECK_ALIASES):
        assert isinstance(table, WordTable)


def test_the_words_a_host_completes_to_come_from_the_tables():
    assert rules.get_game("gaia").word_aliases() == (gaia_words.VERB_ALIASES | gaia_words.ALIASES).aliases()
    assert rules.get_game("planetarium").word_aliases()["vegso"] == "F"      # the deck word wins
    assert gaia_words.WORD_ALIASES["kutatas"] == "up" and "build" not in gaia_words.WORD_ALIASES


def test_gaia_joins_two_word_terms_and_reads_amounts_by_pattern():
    assert gaia_words.parse_commands("épít kereskedelmi állomás 3B2") == [["build", "ts", "3B2"]]
    assert gaia_words.parse_commands("átvált 4energia ért 1KTK") == [["spend", "4pw", "1q"]]


def test_planetarium_reads_two_word_verbs():
    assert planetarium_words.canonical_words(["Dobd", "el", "L03"]) == ("discard", ["L03"])
    assert planetarium_words.canonical_words(["xá"]) == ("xa", [])


# ----- Pulsar (PU-NOTATION, issue 24): verbs with their sub-verb as one phrase, words by their place -------------
PULSAR = [
    ('', ''),
    (' ', ' '),
    ('x', 'x'),
    ('oldal 2', 'hqside 2'),
    ('kezdőkapu K14', 'gate H14'),
    ('kezdőkapu 14', 'gate 14'),
    ('választ 4 M', 'draft 4 E'),
    ('választ 3', 'draft 3'),
    ('választ 2 K1', 'draft 2 I1'),
    ('vesz 5 M2', 'draft 5 E2'),
    ('repül e3 K01>U02>N03>U04 lapka nemkövetel verseny=HQ1-1.1c:narancs', 'fly s3 H01>J02>S03>J04 take=tile noclaim run=HQ1-1.1c:orange'),
    ('repül e3 K14>13>N15', 'fly s3 H14>13>S15'),
    ('repül p~nulla N01', 'fly r~zero S01'),
    ('repül e5~AI-1a:+1 K01', 'fly s5~AI-1a:+1 H01'),
    ('repül e3+1 U02 nemfoglal', 'fly s3+1 J02 noclaim'),
    ('repül p+2 N03 ide=N06', 'fly r+2 S03 to=S06'),
    ('erőmű elvesz közepes e2', 'gyro take M s2'),
    ('erőmű lerak közepes P05', 'gyro place M P05'),
    ('erőmű beindít P05 e5', 'gyro spin P05 s5'),
    ('erőmű választ nagy', 'gyro choose L'),
    ('erőmű elv', 'gyro elv'),
    ('erőmű  elvesz kis e1', 'gyro  elvesz kis e1'),
    ('adóállomás elvesz AD-A04 e1 ikon=1', 'tx take TX-A04 s1 icon=1'),
    ('adóállomás fizet AD-A04 ikon=2 e2', 'tx pay TX-A04 icon=2 s2'),
    ('adóállomás összeköt AD-A02.1 AD-A04.1', 'tx link TX-A02.1 TX-A04.1'),
    ('szabadalom AII-5a e2', 'patent AII-5a s2'),
    ('projekt HQ1-1.2b e5', 'hq HQ1-1.2b s5'),
    ('vásárol pluszmínusz e1', 'buy pm s1'),
    ('vásárol pluszkettő e2', 'buy p2 s2'),
    ('vásárol ±1 e1', 'buy pm s1'),
    ('vasarol +2 e2', 'buy p2 s2'),
    ('másol 5', 'copy 5'),
    ('vége', 'end'),
    ('termelés AD-A07', 'prod TX-A07'),
    ('termelés semmi', 'prod none'),
    ('célok C5a:2 választ=C1a', 'goals G5a:2 pick=G1a'),
    ('célok semmi', 'goals none'),
    ('RÉPÜL s3', 'fly s3'),
    ('Főhadiszállás x', 'hq x'),
    ('fly s3 H14>3', 'fly s3 H14>3'),
    ('gyro take M s2', 'gyro take M s2'),
    ('draft 2 I', 'draft 2 I'),
    ('fly r+1 H01>J02>S03', 'fly r+1 H01>J02>S03'),
    ('buy pm s1', 'buy pm s1'),
    ('GYRO TAKE m S2', 'gyro take m S2'),
    ('repül e3 N01 méret=közepes', 'fly s3 S01 choice=M'),
    ('erőmű elvesz ko e2 ', 'gyro take M s2 '),
    ('xyz kis e3', 'xyz kis e3'),
    ('kész ', 'end '),
    ('repül', 'fly'),
    ('repül E3~Nulla nagy', 'fly s3~zero SAGY'),
    ('erőmű lerak n n', 'gyro place L S'),
]
PULSAR_HU = [
    ('gyro take M s2', 'erőmű elvesz közepes e2'),
    ('draft 2 I', 'választ 2 K'),
    ('fly r+1 H01>J02>S03', 'repül p+1 K01>U02>N03'),
    ('buy pm s1', 'vásárol pluszmínusz e1'),
    ('buy p2 s2', 'vásárol pluszkettő e2'),
    ('fly s3~zero S01 take=tile noclaim run=HQ1-1.1c:orange', 'repül e3~nulla N01 lapka nemkövetel verseny=HQ1-1.1c:narancs'),
    ('tx take TX-A04 s1 icon=1', 'adóállomás elvesz AD-A04 e1 ikon=1'),
    ('goals G5a:2 pick=G1a', 'célok C5a:2 választ=C1a'),
    ('goals none', 'célok semmi'),
    ('gate H14', 'kezdőkapu K14'),
    ('gyro choose L', 'erőmű választ nagy'),
    ('fly s2 S06 to=S03 choice=M', 'repül e2 N06 ide=N03 méret=közepes'),
    ('vásárol pm s1', 'vásárol pluszmínusz e1'),
    ('x y', 'x y'),
    ('', ''),
]


@pytest.mark.parametrize("typed, expected", PULSAR)
def test_pulsar_reads_a_line_being_typed_as_before(typed, expected):
    """PU-NOTATION: Hungarian verbs and sub-verbs, sizes, K/M tracks, e/p dice, N/U/K locations and
    options by their place after the verb; a line the notation does not start stays as typed."""
    assert pulsar_words.to_canonical(typed) == expected
    assert rules.get_game("pulsar").canonical_prefix(typed) == expected


@pytest.mark.parametrize("text, expected", PULSAR_HU)
def test_pulsar_writes_the_hungarian_words_as_before(text, expected):
    """PU-NOTATION: autocomplete values in the Hungarian words ``to_canonical`` reads back."""
    assert pulsar_words.to_hungarian(text) == expected
    assert pulsar_words.to_canonical(expected) == pulsar_words.to_canonical(text)


def test_pulsar_tables_are_kit_tables():
    for table in (pulsar_words.VERBS, pulsar_words.VERB_ALIASES, pulsar_words.SUB_ALIASES,
                  pulsar_words.SIZE_ALIASES, pulsar_words.TOKEN_ALIASES):
        assert isinstance(table, WordTable)
    assert pulsar_words.VERBS.phrase(["Erőmű", "elvesz", "kis"]) == ("gyro take", 2)
    assert rules.get_game("pulsar").word_aliases()["oldal"] == "hqside"


def test_pulsar_reads_accents_on_every_word_as_the_other_games_do():
    """The one deliberate change: the kit folds every word, so an English notation word or code
    typed with an accent reads too (the old reader folded only the Hungarian words)."""
    assert pulsar_words.to_canonical("énd") == "end"
    assert pulsar_words.to_canonical("buy pm é3") == "buy pm s3"


# The Pulsar reader before the kit, kept to compare with on random lines (same tables).
def _pulsar_before(text: str, hungarian: bool) -> str:
    from rules.messages import fold_word as fold_
    from rules.pulsar.codes import canonical_codes, hu_code
    from rules.pulsar.components import EN_LOCATION_LETTER, HU_LOCATION_LETTER
    p = pulsar_words
    invert = lambda table: {fold_(value): key for key, value in table.items()}     # noqa: E731
    option_keys, flags, colours = invert(p.OPTION_HU), invert(p.FLAGS_HU) | {"nemfoglal": "noclaim"}, invert(p.COLOUR_HU)
    hu_die = re.compile(r"^(?:e(\d)|p)((?:[+-][12])?)(~.*)?$", re.IGNORECASE)
    en_die = re.compile(r"^(?:s(\d)|r)((?:[+-][12])?)(~.*)?$", re.IGNORECASE)

    def location(word: str) -> str:
        code = word.upper()
        if not code:
            return word
        if hungarian:
            return HU_LOCATION_LETTER[code[0]] + code[1:] if code[0] in HU_LOCATION_LETTER else word
        return EN_LOCATION_LETTER[code[0]] + code[1:] if code[0] in EN_LOCATION_LETTER and code[0] != "P" else word

    def option(word: str) -> str | None:
        if hungarian:
            if word in p.FLAGS_HU:
                return p.FLAGS_HU[word]
            key, sep, value = word.partition("=")
            if not sep or key not in p.OPTION_HU:
                return None
            if key == "to":
                value = location(value)
            elif key == "choice":
                value = p.SIZE_HU.get(value, value)
            elif key == "run":
                project, _colon, colour = value.partition(":")
                value = f"{project}:{p.COLOUR_HU.get(colour, colour)}"
            return f"{p.OPTION_HU[key]}={value}"
        if fold_(word) in flags:
            return flags[fold_(word)]
        if word in p.FLAGS_HU or word.lower() == "none":
            return word.lower() if word.lower() == "none" else word
        key, sep, value = word.partition("=")
        if not sep:
            return None
        canonical_key = option_keys.get(fold_(key), key.lower() if key.lower() in p.OPTION_HU else None)
        if canonical_key is None:
            return None
        if canonical_key == "to":
            value = location(value)
        elif canonical_key == "choice":
            value = p.SIZE_ALIASES.get(fold_(value), value)
        elif canonical_key == "run":
            project, colon, colour = value.partition(":")
            value = f"{project}{colon}{colours.get(fold_(colour), colour)}"
        return f"{canonical_key}={value}"

    def die(word: str) -> str:
        match = (en_die if hungarian else hu_die).match(word)
        if not match:
            return word
        value, mod, flex = match.groups()
        if hungarian:
            return (f"e{value}" if value else "p") + mod + ("~nulla" if flex and flex.lower() == "~zero" else flex or "")
        return (f"s{value}" if value else "r") + mod + ("~zero" if flex and fold_(flex) == "~nulla" else flex or "")

    def by_kind(word: str, kind: str) -> str:
        if kind == "loc":
            return location(word)
        if kind == "path":
            return ">".join(location(part) for part in word.split(">"))
        if kind == "size":
            return p.SIZE_HU.get(word.upper(), word) if hungarian else p.SIZE_ALIASES.get(fold_(word), word)
        if kind == "track":
            letter, number = word[:1].upper(), word[1:]
            if hungarian:
                return p.TRACK_HU[letter] + number if letter in p.TRACK_HU else word
            back = {hu: en for en, hu in p.TRACK_HU.items()}
            return back[letter] + number if letter in back and number in ("", "1", "2") else word
        if kind == "die":
            return die(word)
        if kind == "token":
            return p.TOKEN_HU.get(word.lower(), word) if hungarian else p.TOKEN_ALIASES.get(fold_(word), word)
        return word

    words = text.split(" ")
    if not words[0]:
        return text
    verb = p.VERB_ALIASES.get(fold_(words[0]), words[0].lower() if words[0].lower() in p.VERBS_HU else None)
    if verb is None:
        return text
    out, rest, shape_key = [p.VERBS_HU[verb] if hungarian else verb], words[1:], verb
    if verb in ("gyro", "tx") and rest and rest[0]:
        sub = p.SUB_ALIASES.get(fold_(rest[0]), rest[0].lower() if rest[0].lower() in p.SUB_HU else None)
        if sub is not None:
            out.append(p.SUB_HU[sub] if hungarian else sub)
            rest, shape_key = rest[1:], f"{verb} {sub}"
    shape = list(p.SHAPES.get(shape_key, ()))
    for word in rest:
        if word:
            converted = option(word)
            if converted is None:
                kind = shape.pop(0) if shape else None
                converted = by_kind(word, kind) if kind else word
            word = hu_code(converted) if hungarian else canonical_codes(converted)
        out.append(word)
    return " ".join(out)


def _pulsar_random_words(rng: random.Random) -> str:
    """A line of Pulsar words in random case, some cut short, with spaces doubled or trailing."""
    p = pulsar_words
    vocabulary = sorted({word for table in (p.VERBS_HU, p.SUB_HU, p.SIZE_HU, p.COLOUR_HU, p.TOKEN_HU, p.OPTION_HU,
                                            p.FLAGS_HU, p.TRACK_HU) for pair in table.items() for word in pair}
                        | {*p.VERB_ALIASES, *p.SUB_ALIASES, *p.SIZE_ALIASES, *p.TOKEN_ALIASES}
                        | {"nemfoglal", "e3", "p", "p+1", "e4-1", "e3+2", "e5~AI-1a:+1", "p~nulla", "e2~Nulla", "s3",
                           "r~zero", "e", "e33", "p3", "K1", "M2", "k", "m", "I1", "K3", "N03", "U05>K14", "S01>J02",
                           "P05", "AD-A04", "ad-a04", "c5a", "C5a:2", "G5a", "TX-A04", "HQ1-1.2b", "ff12", "nr17", "4",
                           "", "x", "±1", "NONE", "Semmi", "take=tile", "noclaim"})
    keys = [*p.OPTION_HU, *p.OPTION_HU.values(), "Ide", "MÉRET", "x"]
    values = ["N06", "n06", "P05", "közepes", "nagy", "M", "HQ1-1.1c:narancs", "x:LILA", "HQ1:orange", "C1a", "", "ko"]
    words = []
    for _ in range(rng.randrange(7)):
        word = (f"{rng.choice(keys)}={rng.choice(values)}" if rng.random() < 0.15 else
                rng.choice([str.upper, str.capitalize, str, str, str])(rng.choice(vocabulary)))
        words.append(word[:rng.randrange(1, len(word))] if len(word) > 1 and rng.random() < 0.1 else word)
    line = " ".join(words)
    return (" " if rng.random() < 0.1 else "") + line.replace(" ", "  ", rng.random() < 0.1) + (" " if rng.random() < 0.2 else "")


def test_pulsar_reads_random_lines_as_the_reader_before_the_kit():
    """PU-NOTATION: thousands of random lines of the game's words, both ways, 0 differences."""
    rng = random.Random(27)
    for _ in range(2000):
        line = _pulsar_random_words(rng)
        assert pulsar_words.to_canonical(line) == _pulsar_before(line, False), line
        assert pulsar_words.to_hungarian(line) == _pulsar_before(line, True), line


# ----- Space Corp (SC §2): the verb, then each word by _hu_word; spacing (tabs, new lines) and [...] kept ---------
SPACECORP = [
    ('kutatás infra=saját kártyák=M17#1/r,M17#2/r', 'research infra=self cards=M17#1/r,M17#2/r'),
    ('Mozgás B1 earth>moon kártyák=M02#1/m infra=Y', 'move B1 earth>moon cards=M02#1/m infra=Y'),
    ('mozgat B1 em_l4>phobos B2 earth>se_l2 kártyák=M07#2/m idő=T3:megoszt használ=em_l4', 'move B1 em_l4>phobos B2 earth>se_l2 cards=M07#2/m time=T3:split use=em_l4'),
    ('mozgás Y2 ganymede>titan kártyák=P06#1/sm fizet=2 idő=T1:dupla', 'move Y2 ganymede>titan cards=P06#1/sm pay=2 time=T1:double'),
    ('felfedezés G1 @dione kártyák=P04#1/e kupac=f2b', 'explore G1 @dione cards=P04#1/e stack=f2b'),
    ('ÉPÍTÉS B2 @mars_s bázis=Biolabor kártyák=M13#1/b', 'build B2 @mars_s base=BIOLAB cards=M13#1/b'),
    ('épít P3 @eps_eri bázisok=D3-04:látványosság,D3-17:finomító,D3-18:űrkikötő', 'build P3 @eps_eri bases=D3-04:ATTRACTION,D3-17:REFINERY,D3-18:SPACEPORT'),
    ('termelés @deimos,@moon,örökölt kártyák=M28#1/p', 'produce @deimos,@moon,legacy cards=M28#1/p'),
    ('genetika kártyák=M19#1/g', 'genetics cards=M19#1/g'),
    ('ötlet kártyák=P22#1/i infra=saját', 'idea cards=P22#1/i infra=self'),
    ('fejlesztés P14#2 doboz=2', 'upgrade P14#2 box=2'),
    ('speciális M21#1 cél=phobos', 'special M21#1 target=phobos'),
    ('kolonizáció R3_EERI kolónia=C07 kp=lapkák,közeli,két_bázis,építés[kártyák=S16#1/b],fizet5,', 'colonize R3_EERI colony=C07 cp=tiles,near,two_bases,build[cards=S16#1/b],pay5,'),
    ('passzol', 'pass'),
    ('teljesít 1,3', 'fulfill 1,3'),
    ('szerződéskötés semmi', 'fulfill none'),
    ('transzport B2 em_l4>moon', 'transport B2 em_l4>moon'),
    ('transzport nincs', 'transport none'),
    ('húz pakli', 'draw D'),
    ('húzás O2', 'draw O2'),
    ('húz kínálat2', 'draw O2'),
    ('huz KINALAT4', 'draw O4'),
    ('húz kínálatmező1', 'draw O1'),
    ('húz kí3', 'draw O3'),
    ('hatás M25#1 elvesz=kínálat3', 'edge M25#1 take=O3'),
    ('hatás M24#1 elvesz=S36#1', 'edge M24#1 take=S36#1'),
    ('hatás M27#1 név=Építés', 'edge M27#1 name=build'),
    ('elutasít', 'decline'),
    ('választ folyamat=AD-RADRES', 'choose progress=AD-RADRES'),
    ('választás örökölt=@moon', 'choose legacy=@moon'),
    ('válassz úttörő=ceres', 'choose pioneer=ceres'),
    ('valaszt bazis=vedopajzs-generator', 'choose base=SHIELDGEN'),
    ('választ szerződés=4', 'choose contract=4'),
    ('építés B2 @mars_s bázis=finomító ', 'build B2 @mars_s base=REFINERY '),
    ('mozgás  B1 ', 'move  B1 '),
    ('választ folyamatkártya=fúziós_energia', 'choose progress=BR-FUSION'),
    ('valaszt attores=FUZIOS_ENERGIA', 'choose progress=BR-FUSION'),
    ('választ folyamat=fényn', 'choose progress=BR-FTLCOM'),
    ('hatás B26#1 elvesz=szondahálózat', 'edge P26#1 take=BR-PROBENET'),
    ('kutatás infra=saját,sárga', 'research infra=self,Y'),
    ('kutatás infra=KÉK', 'research infra=B'),
    ('kutatás infra=X', 'research infra=X'),
    ('kolonizacio epszilon_eridani kolonia=KOLONIA07 kp=lapkak', 'colonize R3_EERI colony=C07 cp=tiles'),
    ('építés L3 @eps_eri bázisok=Lapka3-04:látványosság', 'build P3 @eps_eri bases=D3-04:ATTRACTION'),
    ('kolonizáció epszilon_eridani kolónia=C07 kp=lapkák', 'colonize R3_EERI colony=C07 cp=tiles'),
    ('', ''),
    ('  ', '  '),
    ('kut', 'kut'),
    ('x y', 'x y'),
    (' építés', ' build'),
    ('\tkutatás  k1', '\tresearch  B1'),
    ('BUILD Ű02#1 z3', 'BUILD M02#1 G3'),
    ('építés kp=építés[kártyák=Ű16#1/e infra=saját] x', 'build cp=build[cards=M16#1/b infra=self] x'),
    ('kolonizáció x', 'colonize x'),
    ('xyz kolónia07 lapka3-04 Idő3', 'xyz C07 D3-04 T3'),
    ('mozgás K1 föld>hold kártyák=Ű02#1/v infra=kék,sárga', 'move B1 earth>moon cards=M02#1/sm infra=B,Y'),
    ('húz kínálatmező2', 'draw O2'),
    ('passz ', 'pass '),
    ('választ folyamatkártya=sugárzástűrés', 'choose progress=AD-RADRES'),
    ('kutatás infra=saját,S idő=Idő3:dupla', 'research infra=self,Y time=T3:double'),
]


@pytest.mark.parametrize("typed, expected", SPACECORP)
def test_spacecorp_reads_a_line_being_typed_as_before(typed, expected):
    """SC §2: Hungarian verbs, option names, bases, Colony Point sources, teams, cards and sites;
    the white space as typed, ``cp=build[...]`` one word."""
    assert spacecorp_words.canonical_prefix(typed) == expected
    assert rules.get_game("spacecorp").canonical_prefix(typed) == expected


def test_spacecorp_tables_are_kit_tables():
    for table in (spacecorp_words.HUNGARIAN_VERBS, spacecorp_words.HUNGARIAN_KEYS, spacecorp_words.HUNGARIAN_BASES,
                  spacecorp_words.HUNGARIAN_CP, spacecorp_words.HUNGARIAN_WORDS):
        assert isinstance(table, WordTable)
    assert spacecorp_words.card_word("Cs05#1") == "S05#1" and spacecorp_words.thing_word("KOLÓNIA07") == "C07"


def test_a_splitter_may_keep_the_white_space_runs_as_items():
    """Space Corp's splitter returns the spaces between words as items: kept as typed, the first
    word the verb, and the spaces inside a verb phrase part of it."""
    def split(text: str) -> list[str]:
        return re.findall(r"\s+|\S+", text)
    assert translate(" épít\tbánya  x", VERBS, WORDS, split=split, split_keeps_spaces=True) == " build\tm  x"
    assert translate("dobd  el bánya ", VERBS, WORDS, split=split, split_keeps_spaces=True) == "discard m "
    assert translate(" \t", VERBS, WORDS, split=split, split_keeps_spaces=True) == " \t"


def _spacecorp_before(typed: str) -> str:
    """Space Corp's reading loop before the kit (the words after the verb read by the same _hu_word)."""
    out: list[str] = []
    verb = ""
    for word in spacecorp_words._split_words(typed, keep_spaces=True):
        if not word.strip():
            out.append(word)
        elif not verb:
            verb = spacecorp_words.HUNGARIAN_VERBS.get(spacecorp_words.fold(word), word)
            out.append(verb)
            verb = verb.lower()
        else:
            out.append(spacecorp_words._hu_word(word, verb))
    return "".join(out)


def _spacecorp_codes_before(word: str) -> str:
    """Space Corp's plain word before the kit's CodeTables (``_hu_item`` after a move): a team, a
    word, a colony, tile, card or Time card code."""
    if re.fullmatch(r"([KSLZ])([1-4])", word, re.IGNORECASE):
        return {"K": "B", "S": "Y", "L": "P", "Z": "G"}[word[0].upper()] + word[1]
    folded = spacecorp_words.fold(word)
    if folded in spacecorp_words.HUNGARIAN_WORDS:
        return spacecorp_words.HUNGARIAN_WORDS[folded]
    for pattern, write in ((r"kolonia(\d{2})", "C{}"), (r"lapka([1-3]-\d{2})", "D{}"), (r"ido([1-8])", "T{}")):
        match = re.fullmatch(pattern, folded)
        if match:
            return write.format(match[1])
    match = re.fullmatch(r"(u|b|cs)(\d{2}(?:#\d{1,2})?)", folded)
    return {"u": "M", "b": "P", "cs": "S"}[match[1]] + match[2] if match else word


def test_spacecorp_reads_random_lines_and_codes_as_before_the_kit():
    """SC §2: random lines of the game's words with spaces, tabs and new lines, and random codes:
    0 differences from the readers the kit replaced."""
    rng = random.Random(27)
    m = spacecorp_words
    vocabulary = sorted({*m.HUNGARIAN_VERBS, *m.HUNGARIAN_VERBS.values(), *m.HU_VERB_OUT.values(), *m.HUNGARIAN_WORDS,
                         *m.HU_WORD_OUT.values(), "Ű02#1", "cs05", "Idő3", "kolónia07", "lapka3-04", "K1", "z3", "@hold",
                         "föld>hold", "O2", "x", ""})
    keys = [*m.HUNGARIAN_KEYS, *m.HU_KEY_OUT.values(), "infra", "cp"]
    values = [*m.HUNGARIAN_BASES, *m.HUNGARIAN_CP, *m.HU_BASE_OUT.values(), "Ű16#1/e", "saját,sárga", "KÉK", "Idő3:dupla",
              "építés[kártyák=Ű16#1/e infra=saját]", "lapkák,közeli,csapat:K1", "építés[x", "fúziós_energia", "kínálat3"]
    for _ in range(300):
        words = [f"{rng.choice(keys)}={rng.choice(values)}" if rng.random() < 0.3 else
                 rng.choice([str.upper, str, str])(rng.choice(vocabulary)) for _ in range(rng.randrange(6))]
        line = "".join(word + rng.choice([" ", " ", "  ", "\t", "\n"]) for word in words)[:rng.randrange(1, 80)]
        assert m.canonical_prefix(line) == _spacecorp_before(line), line
    letters = [*"ubcsidoklnaKSLZ0123456789#-", "Ű", "Cs", "Idő", "kolónia", "lapka"]
    for _ in range(5000):
        code = "".join(rng.choice(letters) for _ in range(rng.randrange(1, 6)))
        assert m._hu_item(code, "move") == _spacecorp_codes_before(code), code
