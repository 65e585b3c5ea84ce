"""A move offered to the reader as their own choice (autocomplete, a menu option, a button, the
console's ``?`` list) reads as a choice: "Build a mine on 10B5" / "Építs bányát: 10B5", where a
thread line, the log and a DM tell the others what a player did: "builds a mine on 10B5" /
"bányát épít: 10B5" (newcomer report 2026-11-27b, N12).

The mechanism (rules/messages.py ``render(..., label=True)``): every catalogue key of the
message, nested ones too, reads its label variant ``<key>.label`` where it has one (games keep
them in ``data/<game>/i18n/<lang>.labels.json``), its plain text where not, and the label starts
with a capital letter (never notation's: "m 3A3" stays as it is typed)."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules
import tests.host.toy_game  # noqa: F401  (the toy game's texts: keys with and without a label variant)
from rules.messages import (LANGUAGES, Join, Msg, catalogue, label_key, message_keys, placeholders, render)
from tests.pulsar.test_label_length import playout_positions

GAMES = ("gaia", "eve", "planetarium", "pulsar", "spacecorp")
DATA = Path(__file__).resolve().parents[1] / "data"


# ----- the mechanism ---------------------------------------------------------------------------
def test_a_label_reads_the_label_variant_and_the_thread_the_plain_text():
    message = Msg("toy.phrase.add", value=2)
    assert render(message, "en") == "adds 2 to the counter"
    assert render(message, "en", label=True) == "Add 2 to the counter"
    assert render(message, "hu") == "2-t ad a számlálóhoz"
    assert render(message, "hu", label=True) == "Add hozzá a számlálóhoz: 2"


def test_nested_keys_read_their_label_variants_too_and_only_the_first_word_is_capitalised():
    nested = Msg("move_with_description", move=Msg("toy.phrase.pick", value=3),
                 description=Msg("toy.phrase.add", value=1))
    assert render(nested, "en", label=True) == "Pick a bonus (3): add 1 to the counter"
    assert render(nested, "hu", label=True) == "Válassz bónuszt (3): add hozzá a számlálóhoz: 1"
    listed = Msg("move_with_description", move=Join([Msg("toy.phrase.pick", value=3), Msg("toy.phrase.add", value=1)]),
                 description="x")
    assert render(listed, "en", label=True) == "Pick a bonus (3), add 1 to the counter: x"
    assert render(nested, "en") == "picks a bonus (3): adds 1 to the counter"     # the thread: unchanged


def test_a_label_has_one_colon_between_move_and_description_at_most():
    """bot/cogs/base.py ``with_description``: after a colon-free move a colon; after a move whose
    words have one already (a Hungarian label's head, "Válaszd ezt a fajt: Terranok") the
    description in parentheses, or after a dash where the words end in a parenthesis or the
    description has one; never more than :data:`rules.base.DESCRIPTION_GLUE` characters added."""
    from bot.cogs.base import with_description
    from rules.base import DESCRIPTION_GLUE
    cases = {
        ("Build a mine on 1A5", "-2 ore"): "Build a mine on 1A5: -2 ore",
        ("Válaszd ezt a fajt: Xenók", "három kezdőbánya"): "Válaszd ezt a fajt: Xenók (három kezdőbánya)",
        ("Mozgass csapatot: Sárga 1 (Föld → Hold)", "4 mozgáspont"): "Mozgass csapatot: Sárga 1 (Föld → Hold) – 4 mozgáspont",
        ("Repülj: U20 → N19", "+1 állomás (N19)"): "Repülj: U20 → N19 – +1 állomás (N19)",
    }
    for (words, description), shown in cases.items():
        for language in LANGUAGES:
            label = render(with_description(words, description, render(description, language, label=True)), language,
                           label=True)
            assert label == shown
            assert len(label) - len(words) - len(description) <= DESCRIPTION_GLUE
    for key in ("move_with_description", "move_with_description_aside", "move_with_description_dash"):
        for language in LANGUAGES:
            assert len(render(Msg(key, move="", description=""), language)) <= DESCRIPTION_GLUE


def test_a_lists_descriptions_are_joined_one_way(monkeypatch):
    """bot/cogs/base.py ``move_labels``: where one move of a list (an autocomplete, a row of
    buttons) has a colon in its words, every description of the list goes in brackets, not some
    after a colon and some in brackets ("no research step (-6 c, -6 o)" beside "research: terra
    (-6 c, -4 o)"); a list without one keeps the colon; a move alone is as ``move_label`` says."""
    import bot.cogs.base as base
    words = {"a": ("no research step", "-6 c, -6 o"), "b": ("research: terra", "-6 c, -4 o"),
             "c": ("pass", None)}
    monkeypatch.setattr(base, "_described", lambda loaded, seat, text, language: (
        words[text][0], words[text][1], words[text][1]))
    assert base.move_labels(None, 0, ["a", "b", "c"], "en") == [
        "no research step (-6 c, -6 o)", "research: terra (-6 c, -4 o)", "pass"]
    assert base.move_labels(None, 0, ["a", "c"], "en") == ["no research step: -6 c, -6 o", "pass"]
    assert [base.move_label(None, 0, text, "en") for text in "ab"] == [
        "no research step: -6 c, -6 o", "research: terra (-6 c, -4 o)"]


def test_only_a_labels_first_field_is_capitalised_even_after_a_counted_one():
    """Report 2026-11-28b H-2: a label starting with a counted field ("{n:n|space|spaces}")
    capitalised the next field ("3 spaces Left, to space 5"): the count is the first field."""
    shown = render(Msg("pulsar.describe.draft", n=3, way=Msg("pulsar.describe.left"), end=5), "en", label=True)
    assert shown == "3 spaces " + render(Msg("pulsar.describe.left"), "en") + ", to space 5"


def test_a_key_without_a_label_variant_falls_back_to_its_plain_text():
    assert label_key("toy.phrase.roll") not in catalogue("en")
    assert render(Msg("toy.phrase.roll"), "en", label=True) == "Rolls the die"
    assert render(Msg("toy.phrase.roll"), "hu", label=True) == "Dob a kockával"


def test_notation_is_never_capitalised():
    """A move the game has no phrase for is shown as typed, even at the start of a label."""
    assert render(Msg("move_with_description", move="m 3A3", description="x"), "en", label=True) == "m 3A3: x"
    assert render("pick 2", "en", label=True) == "pick 2"


def test_the_host_shows_labels_in_the_readers_second_person_and_the_thread_in_the_third():
    """bot/cogs/base.py ``move_words``: ``label=True`` (autocomplete, menus, buttons) reads the
    label variants; a thread line, the log and a DM read the plain texts."""
    from types import SimpleNamespace

    from bot.cogs.base import move_words
    game = rules.get_game("gaia")
    for _game, state, seats in playout_positions("gaia", 2, 3, 7):
        for seat in seats:
            for move in game.legal_moves(state, seat):
                text = game.format_move(move)
                phrase, full = game.move_phrase(state, seat, text), game.full_phrase(state, seat, text)
                assert phrase is not None and full is not None
                loaded = SimpleNamespace(game=game, state=state)
                for language in LANGUAGES:
                    assert move_words(loaded, seat, text, language) == render(full, language)
                    assert move_words(loaded, seat, text, language, label=True) == render(phrase, language, label=True)
                    assert render(phrase, language, label=True) != render(phrase, language)
                return
    raise AssertionError("no Gaia move to read")


# ----- the catalogues ----------------------------------------------------------------------------
# Phrase fragments that name no person, so a label reads them as the thread does (a label
# variant would repeat them word for word): lists, places, sources and parts of a move, and the
# brief noun forms a long label is fitted with ("research: AI", "booster 9 (…)" / "kutatás: MI",
# "9. bónuszlapka (…)"), which read as a menu's entry already and have no room for a verb.
NEUTRAL = {
    "gaia": {"gaia.phrase.rotate_one", "gaia.phrase.then", "gaia.phrase.brief.then", "gaia.phrase.brief.up",
             "gaia.phrase.brief.decline_step", "gaia.phrase.brief.booster", "gaia.phrase.brief.action_power",
             "gaia.phrase.brief.action_qic", "gaia.phrase.brief.action_power_gain", "gaia.phrase.brief.action_qic_gain",
             "gaia.phrase.brief.special", "gaia.phrase.brief.federation", "gaia.phrase.brief.brainstone",
             "gaia.phrase.brief.income", "gaia.phrase.brief.federation_gain", "gaia.phrase.brief.tech_code",
             "gaia.phrase.brief.tech_gist", "gaia.phrase.brief.income_order",
             "gaia.phrase.brief.special_brief"},
    "eve": {"eve.phrase.units_to", "eve.phrase.play_seal", "eve.phrase.tac_reserves", "eve.phrase.tac_negate",
            "eve.phrase.tac_cut", "eve.phrase.tac_cut_brief", "eve.phrase.tac_reserves_brief",
            "eve.phrase.tac_negate_brief", "eve.phrase.tac_source_times", "eve.phrase.tac_reserves_list",
            "eve.phrase.tac_negate_list", "eve.phrase.tac_cut_list"},
    "planetarium": {"planetarium.phrase.grav_short", "planetarium.phrase.marker_none",
                    "planetarium.phrase.marker_from_short"},
    "pulsar": {"pulsar.phrase.options", "pulsar.phrase.gives_more", "pulsar.phrase.goals", "pulsar.phrase.tx_later",
               "pulsar.phrase.tx_later_short"},
    "spacecorp": {"spacecorp.phrase.with", "spacecorp.phrase.sources", "spacecorp.phrase.src.cards",
                  "spacecorp.phrase.shielded_card", "spacecorp.phrase.src.infra", "spacecorp.phrase.hq_colour",
                  "spacecorp.phrase.src.time_double", "spacecorp.phrase.src.time_split", "spacecorp.phrase.src.pay",
                  "spacecorp.phrase.src.use", "spacecorp.phrase.leg", "spacecorp.phrase.spot",
                  "spacecorp.phrase.build_spot", "spacecorp.phrase.build_spot_tiles", "spacecorp.phrase.tile_base",
                  "spacecorp.phrase.cp.tiles", "spacecorp.phrase.cp.near", "spacecorp.phrase.cp.industrial",
                  "spacecorp.phrase.cp.two_bases", "spacecorp.phrase.cp.team", "spacecorp.phrase.cp.build",
                  "spacecorp.phrase.cp.pay5", "spacecorp.phrase.cp.envtol", "spacecorp.phrase.offer_box",
                  "spacecorp.phrase.src.cards_brief", "spacecorp.phrase.shielded_card_brief",
                  "spacecorp.phrase.src.infra_brief", "spacecorp.phrase.hq_self_brief", "spacecorp.phrase.hq_colour_brief",
                  "spacecorp.phrase.src.time_double_brief", "spacecorp.phrase.src.time_split_brief",
                  "spacecorp.phrase.src.pay_brief", "spacecorp.phrase.leg_brief",
                  "spacecorp.phrase.build_spot_brief", "spacecorp.phrase.build_spot_tiles_brief",
                  "spacecorp.phrase.tile_base_brief", "spacecorp.phrase.build_spot_bases", "spacecorp.phrase.base_times",
                  "spacecorp.phrase.cp_brief.team", "spacecorp.phrase.cp_brief.industrial",
                  "spacecorp.phrase.cp_brief.near", "spacecorp.phrase.cp_brief.two_bases",
                  "spacecorp.phrase.cp_brief.build", "spacecorp.phrase.cp_brief.pay5"},
}
# Not phrases, but worded for the thread inside a move's label: what the move does, said of the
# mover ("keeps the roll"), and EVE's question to the opponent, which a thread asks in the
# second person ("hány sérülés kockát választottál?") and the asker's label of the opponent.
DESCRIPTIONS = {"eve": {"eve.describe.keep_dice", "eve.describe.reroll", "eve.ask.d", "eve.ask.s", "eve.ask.t"}}
# Where a phrase is no choice of the reader's -- a redacted secret ("plays a hidden card") --
# the game returns it from ``redact_move``, which labels never show (the mover sees their own
# move: ``secret_shown``); so every phrase a label shows is the reader's own choice.


def phrase_keys(name: str) -> list[str]:
    return [key for key in catalogue("en") if key.startswith(f"{name}.") and ".phrase" in key
            and not key.endswith(".label")]


@pytest.mark.parametrize("name", GAMES)
def test_every_phrase_key_has_a_label_variant_with_the_same_placeholders(name):
    """A new move's phrase cannot forget its label: every phrase key (and the descriptions said
    of the mover) has a label variant in every language, with the plain text's placeholders;
    only the fragments that name nobody (``NEUTRAL``) read the same in both."""
    wanted = [key for key in phrase_keys(name) if key not in NEUTRAL[name]] + sorted(DESCRIPTIONS.get(name, ()))
    assert not NEUTRAL[name] - set(phrase_keys(name)), "a neutral key that is no phrase key"
    for language in LANGUAGES:
        texts = catalogue(language)
        missing = [key for key in wanted if label_key(key) not in texts]
        assert not missing, f"{name} {language}: no label variant for {missing}"
        for key in wanted:
            assert placeholders(texts[label_key(key)]) == placeholders(texts[key]), (language, key)
        stray = [key for key in texts if key.startswith(f"{name}.") and key.endswith(".label")
                 and key.removesuffix(".label") not in wanted]
        assert not stray, f"{name} {language}: label variants of no phrase: {stray}"


@pytest.mark.parametrize("name", GAMES)
def test_label_variants_live_in_their_own_file_in_the_order_of_the_phrases(name):
    """``data/<game>/i18n/<lang>.labels.json``: one label variant a phrase, in the order of the
    phrases they vary, so a reviewer reads the two side by side."""
    order = {key: index for index, key in enumerate(catalogue("en"))}
    for language in LANGUAGES:
        path = DATA / name / "i18n" / f"{language}.labels.json"
        keys = list(json.loads(path.read_text(encoding="utf-8")))
        assert all(key.endswith(".label") for key in keys)
        plain = [key.removesuffix(".label") for key in keys]
        assert plain == sorted(plain, key=order.__getitem__), f"{path}: not in the order of the phrases"


def label_messages(name: str) -> Iterator[tuple[str, Msg]]:
    """(move text, phrase) of every legal move (and public choice) at every third position of a
    seeded random playout of each player count and option set of ``name``."""
    game = rules.get_game(name)
    for options in game.conformance_options:
        for players in range(game.min_players, game.max_players + 1):
            for _game, state, seats in playout_positions(name, players, 11 + players, 3, options):
                pairs = [(seat, game.format_move(move)) for seat in seats for move in game.legal_moves(state, seat)]
                choices = game.public_choices(state)
                pairs += [(choices[0], text) for text in choices[1]] if choices else []
                for seat, text in pairs:
                    phrase = game.move_phrase(state, seat, text)
                    if phrase is not None:
                        yield text, phrase


@pytest.mark.parametrize("name", GAMES)
def test_every_label_in_random_playouts_reads_as_the_readers_own_choice(name):
    """Over random playouts, every phrase key a label shows is a label variant's or a fragment
    that names nobody, and most labels read apart from the thread's line (the rest are the brief
    noun forms, "booster 9 (…)")."""
    seen: set[str] = set()
    labels = same = 0
    for _text, phrase in label_messages(name):
        seen.update(key for key in message_keys(phrase) if ".phrase" in key)
        for language in LANGUAGES:
            labels += 1
            same += render(phrase, language, label=True).casefold() == render(phrase, language).casefold()
    undecided = sorted(key for key in seen if label_key(key) not in catalogue("en") and key not in NEUTRAL[name])
    assert not undecided, undecided
    assert seen and same < labels / 4, (name, same, labels)
