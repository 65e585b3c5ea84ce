"""/info and its autocomplete find things by the reader's language first (bot/lookup.py).  A
code can mean different things in the two notations: Space Corp's "T2" is the Time card's
English code and, to a Hungarian, a production value (the rulebook's "T#"); Gaia's "booster3"
is the English code of what a Hungarian types "bónusz3".  The reader's own codes, names and
aliases rank first; another language's code or name is found only when it matches better than
anything of the reader's (a Hungarian typing "booster3" still finds the booster), and the answer
then says whose it is and gives the reader's own."""
from __future__ import annotations

import pytest

import rules
from bot import lookup
from rules.messages import LANGUAGES, Msg, render

from .script_play import hungarian_harness

SPACECORP, GAIA = rules.get_game("spacecorp"), rules.get_game("gaia")


def test_SC_PRD_1_T2_is_the_production_value_to_a_hungarian_and_the_time_card_to_an_english_reader():
    assert lookup.find("spacecorp", "T2", "hu") == SPACECORP.component("PRODUCTION")     # "T#": T and a number
    assert lookup.find("spacecorp", "T2", "en") == SPACECORP.component("TIME")
    assert lookup.find("spacecorp", "T2") == SPACECORP.component("TIME")                 # no reader: as before
    assert lookup.find("spacecorp", "T", "hu") == SPACECORP.component("T")               # the term, in each language
    assert lookup.find("spacecorp", "T", "en") == SPACECORP.component("T")
    # an English reader is not offered the Hungarian production value for T2, a Hungarian gets both
    assert [comp.id for comp in lookup.search("spacecorp", "T2", 25, "en")] == ["TIME"]
    assert [comp.id for comp in lookup.search("spacecorp", "T2", 25, "hu")] == ["PRODUCTION", "TIME"]
    assert lookup.find("spacecorp", "P2", "en") == SPACECORP.component("PRODUCTION")
    assert lookup.find("spacecorp", "T12", "hu") != SPACECORP.component("PRODUCTION")   # one digit: a value


def test_another_languages_code_is_found_when_nothing_of_the_readers_matches_and_says_so():
    booster = GAIA.component("booster3")
    found = lookup.find_match("gaia", "booster3", "hu")
    assert found is not None and found.component == booster and (found.language, found.named) == ("en", False)
    found = lookup.find_match("gaia", "bónusz3", "en")
    assert found is not None and found.component == booster and (found.language, found.named) == ("hu", False)
    found = lookup.find_match("gaia", "bónusz3", "hu")                   # the reader's own: nothing to say
    assert found is not None and found.component == booster and found.language is None
    # "bo": a Hungarian reader is offered what Hungarian writes so (bónusz...), not "booster..."
    offered = lookup.matches("gaia", "bo", 25, "hu")
    assert offered and all(match.language is None for match in offered)
    assert booster in [match.component for match in offered]
    # "boo": nothing Hungarian starts so, the English codes are offered and marked
    offered = lookup.matches("gaia", "boo", 25, "hu")
    assert offered and all(match.language == "en" for match in offered) and booster in [m.component for m in offered]


@pytest.mark.parametrize("name", rules.available_games())
def test_every_component_is_found_by_its_own_code_in_each_language(name):
    """The code /info's heading shows a reader (``shown_code``) finds that component for that
    reader, exactly, in every game and language."""
    for comp in rules.get_game(name).components():
        for language in LANGUAGES:
            code = render(comp.shown_code(), language)
            found = lookup.exact_match(name, code, language)
            assert found is not None and found.component == comp and found.language is None, (language, code)


async def test_info_and_its_autocomplete_in_both_languages(tmp_path):
    """Through the test Discord: alice reads Hungarian, bob English."""
    from bot.cogs.base import info_head
    bot, harness, users = hungarian_harness(tmp_path, 4, 2, 900, english=("bob",))
    await harness.start()
    try:
        alice, bob = users["alice"], users["bob"]

        async def info(user: int, game: str, thing: str) -> str:
            sent = await harness.slash(user, f"{game} info", thing=thing)
            assert not sent.errors and all(item.ephemeral for item in sent if item.content)
            return "\n".join(item.content for item in sent if item.content)

        production, time = SPACECORP.component("PRODUCTION"), SPACECORP.component("TIME")
        assert await info(alice, "spacecorp", "T2") == "\n".join([info_head(production, "hu"),
                                                                   render(production.text, "hu")])
        assert (await info(bob, "spacecorp", "T2")).startswith(info_head(time, "en"))
        # another language's code or name: found, and the answer says whose it is
        booster = GAIA.component("booster3")
        answer = (await info(alice, "gaia", "booster3")).splitlines()
        assert answer[0] == info_head(booster, "hu")
        assert answer[1] == render(Msg("info_foreign_code", thing="booster3", notation=Msg("language_name.en"),
                                       shown=booster.shown_code()), "hu") == "_`booster3`: angol kód, magyarul `bónusz3`._"
        answer = (await info(bob, "gaia", "bónusz3")).splitlines()
        assert answer[1] == "_`bónusz3` is the Hungarian code; in English: `booster3`._"
        answer = (await info(bob, "spacecorp", "Időkártya")).splitlines()
        assert answer[0] == info_head(time, "en") and answer[1] == "_Időkártya is the Hungarian name; in English: Time._"
        assert await info(alice, "gaia", "bónusz3") == "\n".join([info_head(booster, "hu"), render(booster.text, "hu")])
        # autocomplete: the reader's own first, typed as the reader types it
        choices = await harness.autocomplete(alice, "spacecorp info", focused="thing", thing="T2")
        assert [choice["value"] for choice in choices] == ["T#", "Idő"]           # the Time card by its Hungarian code
        choices = await harness.autocomplete(bob, "spacecorp info", focused="thing", thing="T2")
        assert [choice["value"] for choice in choices] == ["TIME"]
        choices = await harness.autocomplete(alice, "gaia info", focused="thing", thing="bo")
        assert "bónusz3" in [choice["value"] for choice in choices]
        assert not any(choice["value"].startswith("booster") for choice in choices)
    finally:
        await harness.close()
