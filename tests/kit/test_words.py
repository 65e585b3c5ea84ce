"""The kit's one Hungarian word translator (issue 27 #5, rules/kit/words.py): word tables with
folded keys, phrases, prefixes of verbs still being typed, codes read by patterns, and the games
that read their input with it (Gaia GP-NOT §12.6, EVE §20.1, Planetarium PL-NOTATION) reading
exactly as their hand-written readers did (the expected values were recorded from them)."""
from __future__ import annotations

import pytest

import rules
from rules.eve import common as eve_words
from rules.eve.reading import canonical_prefix as eve_prefix
from rules.gaia import notation as gaia_words
from rules.kit import CodeTable, WordTable, translate
from rules.planetarium import moves as planetarium_words

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
