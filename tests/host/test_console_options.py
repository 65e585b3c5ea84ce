"""Lobby options with choices as a newcomer types them in the console (newcomer report D18, D20).

Discord's client offers a choice option as a list; the console reads the value typed: the
value itself, a name in any language, or (D20) the first whole words of a name, accents and
case aside.  A value that fits no choice is refused with every value to type and its name
(D18); words that begin several names are refused with those names."""
from __future__ import annotations

from typing import Any

import pytest

from bot.console import Console, ConsoleInputError, choice_words


def options(console: Console, path: str, text: str) -> dict[str, Any]:
    command, rest = console.find_command(path.split())
    assert command is not None and not rest
    return console.parse_options(command, text)


def refusal(console: Console, path: str, text: str) -> ConsoleInputError:
    with pytest.raises(ConsoleInputError) as caught:
        options(console, path, text)
    return caught.value


def test_choice_words_fold_case_accents_and_punctuation():
    assert choice_words("Csak Bolygókutatók (2. kor)") == ["csak", "bolygokutatok", "2", "kor"]
    assert choice_words("csatlakozás sorrendjében") == ["csatlakozas", "sorrendjeben"]


async def test_D20_the_first_whole_word_of_a_name_picks_the_choice(console):
    assert options(console, "spacecorp start", "seating:csatlakozás") == {"seating": "joined"}
    assert options(console, "spacecorp start", "seating:CSATLAKOZAS") == {"seating": "joined"}
    assert options(console, "spacecorp start", "seating:véletlen") == {"seating": "random"}
    assert options(console, "spacecorp start", "seating:joined") == {"seating": "joined"}      # the value
    assert options(console, "spacecorp new", "korok:csak bolygokutatok") == {"eras": "2"}


async def test_D20_a_whole_name_beats_a_longer_name_it_begins(console):
    assert options(console, "spacecorp new", "korok:1") == {"eras": "1"}           # not 1-2 or 1-3
    assert options(console, "spacecorp new", "korok:Űrhajósok (1. kor)") == {"eras": "1"}


async def test_D20_words_that_begin_several_names_are_refused_with_those(console):
    error = refusal(console, "spacecorp new", "korok:űrhajósok")
    assert error.message.key == "console.ambiguous_choice"
    listed = error.message.params["values"]
    assert "`1` –" in listed and "`1-2` –" in listed and "`2` –" not in listed and "`3` –" not in listed


async def test_D20_part_of_a_word_is_not_a_prefix(console):
    error = refusal(console, "spacecorp start", "seating:csatl")
    assert error.message.key == "console.one_of"


async def test_D18_a_wrong_value_is_refused_with_what_to_type_and_its_name(console):
    error = refusal(console, "spacecorp new", "korok:4")
    assert error.message.key == "console.one_of"
    params = error.message.params
    assert params["value"] == "4"
    for value in ("1", "1-2", "1-3", "2", "2-3", "3"):
        assert f"`{value}` – " in params["values"]
    assert "Űrhajósok, majd Bolygókutatók" in params["values"]       # the name in the player's language


async def test_D18_word_choices_are_listed_by_the_names_the_reader_types_not_the_english_values(console):
    error = refusal(console, "spacecorp start", "seating:csatl")
    assert error.message.params["values"] == "`véletlen`; `csatlakozás sorrendjében`"



async def test_H27_an_option_name_typed_as_the_lobby_writes_it_with_a_hyphen(console):
    """Report 27g H-27: the lobby lists "győzelmipont-cél: 20"; typed back so (or with the
    English name's hyphen) it is that option, not part of the option before it."""
    assert options(console, "eve new", "játékosok:2 győzelmipont-cél:20")["vp_target"] == 20
    assert options(console, "eve new", "players:2 vp-target:20")["vp_target"] == 20
    assert options(console, "eve new", "players:2 győzelmipont_cél:20")["vp_target"] == 20


async def test_27h_an_option_typed_as_its_label_of_several_words(console):
    """Report 27h: the lobby lists "első játék: nem"; typed back so ("első játék:igen") it is
    that option, in either language, not an unknown option "játék"."""
    assert options(console, "pulsar new", "játékosok:2 első játék:igen")["first_game"] is True
    assert options(console, "pulsar new", "players:2 first game:yes")["first_game"] is True
