"""Issue 24, polish: what a Hungarian reader of the demo replays still stumbled on."""
from __future__ import annotations

import rules
from rules.eve import moves as eve_moves
from rules.messages import MINUS, Msg, catalogue, number_text, render

EVE = rules.get_game("eve")


def test_a_negative_score_part_is_written_with_the_minus_sign_in_hungarian():
    """Final score lines: "energiafeltöltések −5", never a hyphen glued to the number."""
    assert render(Msg("score_part", label=Msg("gaia.score.charges"), points=-5), "hu").endswith(f"{MINUS}5")
    assert render(Msg("score_part", label=Msg("gaia.score.charges"), points=-5), "en").endswith(" -5")
    assert render(Msg("score_part", label=Msg("gaia.score.charges"), points=5), "hu").endswith(" 5")
    assert number_text(-0.5, "hu") == f"{MINUS}0,5"


def test_a_float_in_a_message_is_written_as_the_language_writes_numbers():
    """Report 27g H-25: the reminder settings read "12.0 óra"; a whole float is "12", a half
    hour "0,5" in Hungarian and "0.5" in English."""
    assert render(Msg("deadline_hours", hours=12.0), "hu") == "12 óra"
    assert render(Msg("deadline_hours", hours=0.5), "hu") == "0,5 óra"
    assert render(Msg("deadline_hours", hours=0.5), "en") == "0.5 hours"
    assert render(Msg("deadline_hours", hours=12.0), "en") == "12 hours"


def test_EVE_CMB_5_dice_are_written_and_read_as_number_and_word():
    """The Hungarian help writes "5 sérülés, 0 pajzs, 1 taktika"; that, the glued form and the
    English letters all read as the same choice (a bare "s" stays the English shield)."""
    assert "5sérülés" not in render(Msg("eve.example.dice"), "hu")
    assert "kocka 5 sérülés, 0 pajzs, 1 taktika" in catalogue("hu")["eve.help.notation"]
    for text in ("kocka 5 sérülés, 0 pajzs, 1 taktika", "kocka 5sérülés 0pajzs 1taktika", "dice 5d 0s 1t",
                 "kocka 5 sérülés 0 pajzs 1 taktika"):
        assert eve_moves.parse_move(0, EVE.canonical_prefix(text)).counts == (5, 0, 1), text
    assert eve_moves.dice_words(["5", "sérülés,", "0", "pajzs,", "1", "taktika"]) == ["5sérülés", "0pajzs", "1taktika"]


def test_eve_hungarian_texts_spell_out_victory_points():
    """terminology.md (EVE 8): győzelmi pont spelled out, no "GYP" in the EVE catalogue."""
    leaks = [key for key, text in catalogue("hu").items() if key.startswith("eve.") and "GYP" in text]
    assert leaks == []


def test_gaia_booster_label_names_the_gist_once():
    """A booster move's words carry its gist; the description (which may add the round-start
    income the last pick triggers) does not say it again (the button was "…: bevétel: 1 érc é…")."""
    import random

    from rules.messages import mentions as _says

    game = rules.get_game("gaia")
    state = game.new_game(game.normalize_options({"players": 3}), 7)
    chooser, checked = random.Random(7), 0
    for _ in range(60):
        seat = min(game.waiting_for(state))
        for move in game.legal_moves(state, seat):
            text = game.format_move(move)
            if " booster " not in f" {text} ":
                continue
            description = game.describe_move(state, seat, text)
            gist = game.component(text.split()[-1]).gist
            assert _says(game.move_phrase(state, seat, text), gist), text
            assert not _says(description, gist), (text, description)
            checked += 1
        state = game.apply(state, game.random_move(state, seat, chooser))
    assert checked


def test_long_hungarian_words_wrap_at_a_syllable_instead_of_being_cut():
    """Images: "Lávacsatorn…", "Kvantumszámít…" were cut; a word too long for its line now breaks
    between syllables with a hyphen (a-lap, kap-ta; digraphs are one letter: csa, nyag)."""
    from renderers.common import font, syllable_breaks, wrap_words

    def split(word: str) -> str:
        cuts = syllable_breaks(word)
        return "-".join(word[a:b] for a, b in zip([0, *cuts], [*cuts, len(word)]))

    assert split("Lávacsatornák") == "Lá-va-csa-tor-nák"
    assert split("Kvantumszámítógép") == "Kvan-tum-szá-mí-tó-gép"
    assert split("Ritkaföldfémek") == "Rit-ka-föld-fé-mek"
    assert syllable_breaks("L5") == [] and syllable_breaks("abc") == []
    fnt = font(17, True)
    for word in ("Lávacsatornák", "Kvantumszámítógép", "Protokollszakadás"):
        width = fnt.getlength(word) * 0.8
        rows = wrap_words(word, fnt, width)
        assert len(rows) == 2 and rows[0].endswith("-") and rows[0][:-1] + rows[1] == word, rows
        assert all(fnt.getlength(row) <= width for row in rows)
    assert wrap_words("Egzotikus elemek", fnt, fnt.getlength("Egzotikus elemek") - 1) == ["Egzotikus", "elemek"]
    assert wrap_words("torlósugár-hajtómű", fnt, fnt.getlength("torlósugár-h")) == ["torlósugár-", "hajtómű"]


def test_spacecorp_hungarian_names_fit_their_boxes_in_two_lines():
    """Every Hungarian card and discovery tile name fits the Offer box, HQ box and site box widths
    on two lines at the smallest text size (no … at full size)."""
    from renderers.common import font
    from renderers.spacecorp import MIN_TEXT, wrap_two

    fnt = font(MIN_TEXT, True)
    too_long = []
    for prefix, width in (("spacecorp.cardname.", 170), ("spacecorp.tile.", 135)):   # Offer/HQ box, site
        for key, name in catalogue("hu").items():
            rows = wrap_two(name, width, 18) if key.startswith(prefix) else [""]
            if len(rows) > 2 or any(fnt.getlength(row) > width for row in rows):
                too_long.append((name, rows))
    assert too_long == []


def test_language_check_measures_codes_with_digits_or_dashes():
    """Issue 24's measure missed codes (DV02, CYA-A): a code of the English notation that the
    Hungarian notation writes otherwise is now a leak; the Hungarian codes are not."""
    from .language_check import _words, notation_leaks, notation_words

    assert {"DV02", "CYA-A", "s4-1"} <= set(_words("Kész: DV02, CYA-A és s4-1."))
    codes = {word for word in notation_words("eve") if not word.isalpha()}
    assert codes and all(any(ch.isdigit() for ch in code) or "-" in code for code in codes)
    leaked = sorted(codes)[0]
    assert notation_leaks([f"Kész: {leaked}."], "eve") and notation_leaks(["Kész: F13, CIÁ-A."], "eve") == []


def test_gaia_costs_in_hungarian_take_the_minus_sign():
    """A move's description "−2 kredit, −1 érc" (the English one keeps "-2 credits")."""
    from rules.gaia.game import _signed

    assert render(Msg("gaia.delta.c", n=_signed(-2)), "hu") == render(Msg("gaia.delta.c", n=f"{MINUS}2"), "hu")
    assert render(Msg("gaia.delta.c", n=_signed(-2)), "en").startswith("-2")
    assert render(Msg("gaia.delta.c", n=_signed(3)), "hu").startswith("+3")


def test_P8_a_refusal_opens_alike_with_and_without_a_rule_id():
    """Report 27g P-8: "Ezt a lépést nem fogadhatom el: …" (no rule ID) and "Ez a lépés nem
    szabályos: … (szabály: …)" opened the same situation two ways; English says "That move is
    not allowed:" for both, and so does Hungarian now."""
    for language in ("hu", "en"):
        plain = render(Msg("illegal_move", reason="X"), language)
        ruled = render(Msg("illegal_move_rule", reason="X", rule="R-1"), language)
        assert ruled.startswith(plain), (plain, ruled)


def test_H1_a_reason_with_a_colon_of_its_own_follows_the_opening_as_its_own_sentence():
    """Report 2026-11-28 H1: "Ez a lépés nem szabályos: a felfed lépést így írd: felfed VIO-B"
    put the host's colon before a reason with its own; such a reason now follows the opening
    as a sentence ("Ez a lépés nem szabályos. Nem értem: …"), and a reason without a colon in
    its first sentence keeps the colon's form."""
    from bot.service import UserError
    for language in ("hu", "en"):
        colon = Msg("gaia.err.power3_need", need=3)
        plain = Msg("eve.err.unknown_verb", value="x", verbs="y")   # „x” nem lépés. A lépések: y.
        for key in ("illegal_move", "illegal_move_rule"):
            apart = UserError(key, reason=colon, rule="GP-1").text(language)
            assert apart == render(Msg(key + "_apart", reason=_first_capital(render(colon, language)), rule="GP-1"),
                                   language)
            assert apart.count(":") == render(colon, language).count(":") + (key == "illegal_move_rule" and language == "hu")
            kept = UserError(key, reason=plain, rule="EVE-1").text(language)
            assert kept == render(Msg(key, reason=plain, rule="EVE-1"), language)
            # report 28b H-3: a reason that is a sentence of its own is not put after a colon
            sentence = Msg("pulsar.err.no_red_die")      # "You have no bonus die." / "Nincs bónuszkockád."
            assert UserError(key, reason=sentence, rule="T-1").text(language) == render(
                Msg(key + "_apart", reason=sentence, rule="T-1"), language)


def _first_capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def test_P9_an_info_heading_says_the_name_kind_and_code_once():
    """Report 27g P-9: "BI-1c technológia (technológia, `BI-1c`)" said the kind and the code
    twice; a name that shows its code as a word, or says its kind, is not followed by them."""
    from bot import lookup
    from bot.cogs.base import info_head
    technology = lookup.exact("pulsar", "BI-1c")
    card = lookup.exact("spacecorp", "M01")
    booster = lookup.exact("gaia", "booster3")
    assert technology is not None and card is not None and booster is not None
    assert info_head(technology, "hu") == "**BI-1c technológia**"
    assert info_head(technology, "en") == "**Technology BI-1c**"
    assert info_head(card, "hu") == "**Kémiai hajtómű** (akciókártya, `Ű01`)"        # nothing in the name
    assert info_head(booster, "en") == "**Booster 3** (`booster3`)"                   # the kind said, the code not
