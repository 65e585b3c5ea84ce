"""The message catalogues: every language has every key with the same placeholders and no
empty text; game texts are prefixed with their game; Discord's limits hold in every language;
rules cores and renderers never hand players literal prose (only catalogue keys)."""
import ast
import string
from pathlib import Path

import pytest

import data
from rules.messages import (DEFAULT_LANGUAGE, LANGUAGES, Join, Localized, Msg, catalogue, has_key, hungarian_article,
                            mentions, placeholders, render, to_json, from_json)

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE_FILES = sorted(Path(data.path()).glob("i18n/*.json")) + sorted(Path(data.path()).glob("*/i18n/*.json"))


def files_of(language):
    return [f for f in CATALOGUE_FILES if f.name == f"{language}.json" or f.name.startswith(f"{language}.")]


def test_every_language_has_every_key_with_the_same_placeholders():
    english = catalogue(DEFAULT_LANGUAGE)
    assert len(english) > 150
    for language in LANGUAGES:
        texts = catalogue(language)
        assert sorted(set(english) - set(texts)) == [], f"{language} lacks keys"
        assert sorted(set(texts) - set(english)) == [], f"{language} has keys English lacks"
        for key, text in texts.items():
            assert text.strip(), (language, key)
            assert placeholders(text) == placeholders(english[key]), (language, key)
            string.Formatter().parse(text)   # well-formed braces


def test_each_game_keeps_its_texts_under_its_own_prefix():
    for path in CATALOGUE_FILES:
        game = path.parent.parent.name
        if game == "data":   # the host's catalogue
            continue
        import json
        keys = json.loads(path.read_text(encoding="utf-8"))
        assert all(key.startswith(f"{game}.") for key in keys), path


def test_discord_limits_hold_in_every_language():
    for language in LANGUAGES:
        for key, text in catalogue(language).items():
            if key.startswith(("cmd.", "param.", "choice.", "game.")) or ".opt." in key or ".pref." in key:
                assert 1 <= len(text) <= 100 and "\n" not in text, (language, key, len(text))
            else:
                assert len(text) <= 2000, (language, key)


def test_values_are_translated_in_the_same_language_and_lists_read_naturally():
    msg = Msg("bad_options", reason=Msg("options.not_a_choice", name="map", allowed=["a", "b"], value="c"))
    assert "map" in render(msg, "en")
    assert render(Msg("illegal_move", reason=Join(["x", "y", "z"], "or")), "en").endswith("x, y or z")
    assert from_json(to_json(msg)) == msg


def test_a_localized_value_is_written_in_the_readers_language():
    """Notation quoted in a sentence (a move in a refusal) is a Localized value: each reader
    gets their own words, English where a language has none; no catalogue text hides one of
    two values with a format trick such as ``{hu:.0}`` any more."""
    move = Localized(en="build m 3A3", hu="épít bánya 3A3")
    msg = Msg("illegal_move", reason=Join([move, Localized(en="pass")], "or"))
    assert render(msg, "en").endswith("build m 3A3 or pass")
    assert render(msg, "hu").endswith("épít bánya 3A3 vagy pass")
    assert render(Msg("illegal_move", reason=move), "hu").endswith(": épít bánya 3A3")
    assert from_json(to_json(msg)) == msg and hash(msg) == hash(from_json(to_json(msg)))
    from rules.messages import _Formatter
    assert _Formatter("hu").format("{m:az}", m=Localized(en="up", hu="kutat")) == "a kutat"
    with pytest.raises(TypeError):
        Localized(hu="csak magyar")
    for language in LANGUAGES:
        for key, body in catalogue(language).items():
            for _literal, _field, spec, _conv in string.Formatter().parse(body):
                assert spec != ".0", (language, key)


def test_plural_words_agree_with_the_number():
    text = "{n:n|move|moves}, {h:n|hour|hours}"
    assert render(Msg("status_header", title="T", game_id=1, status="s", ply=1), "en").endswith("(s, 1 move)")
    assert render(Msg("status_header", title="T", game_id=1, status="s", ply=2), "en").endswith("(s, 2 moves)")
    from rules.messages import _Formatter
    assert _Formatter("en").format(text, n=1, h=0) == "1 move, 0 hours"
    for language in LANGUAGES:                      # every plural spec in the catalogues has two forms
        for key, body in catalogue(language).items():
            for _literal, _field, spec, _conv in string.Formatter().parse(body):
                if spec and spec.startswith("n|"):
                    assert len(spec.split("|")) == 3, (language, key, spec)


def test_long_values_are_cut_in_messages_so_the_reason_stays_readable():
    shown = render(Msg("illegal_move", reason=Msg("options.not_a_choice", name="map", allowed=["a", "b"],
                                                   value="X" * 3000)), "en")
    assert len(shown) < 400 and "a, b" in shown and "…" in shown
    link = "https://discord.com/channels/123456789012345678/123456789012345678/123456789012345678"
    assert link in render(Msg("reminder_line", game="G", game_id=1, hours=5, link=link), "en")   # links stay whole


@pytest.mark.parametrize("word,article", [("Ivitsek", "az"), ("Terránok", "a"), ("5", "az"), ("1", "az"),
                                          ("10", "a"), ("1000", "az"), ("50", "az"), ("2", "a"), ("Őrzők", "az"),
                                          ("F01", "az"), ("H03", "a"), ("V-5", "az"), ("IV-3", "a"), ("I-1", "az"),
                                          ("III", "a"), ("B", "a"), ("A", "az"), ("Ivits", "az"),
                                          ("Vénusz-típusú", "a"), ("Lélegző", "a"), ("Cél", "a")])
def test_hungarian_article_follows_the_sound(word, article):
    assert hungarian_article(word) == article


def _calls(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            yield name, node


REFUSALS = {"IllegalMove", "BadOptions", "RulesError", "Msg", "err", "NotationError"}
KEY_PREFIX = __import__("re").compile(r"^[a-z0-9_.]*$")


def test_rules_cores_refuse_and_speak_only_with_catalogue_keys():
    bad = []
    for path in sorted((ROOT / "rules").rglob("*.py")):
        for name, node in _calls(path):
            if name in REFUSALS and node.args:
                first = node.args[0]
                if isinstance(first, ast.JoinedStr):
                    # a computed key ("gaia.err.{name}") is fine; prose (spaces) is not
                    literal = "".join(part.value for part in first.values if isinstance(part, ast.Constant))
                    if " " in literal or not KEY_PREFIX.match(literal):
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: f-string prose passed to {name}")
                elif isinstance(first, ast.Constant) and isinstance(first.value, str) and not has_key(first.value):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {first.value!r} is not a catalogue key")
    assert bad == []


def test_renderers_draw_no_literal_words():
    """Text drawn on an image comes from the catalogue (or is notation: ids, numbers)."""
    bad = []
    for path in sorted((ROOT / "renderers").glob("*.py")):
        for name, node in _calls(path):
            if name in ("text", "draw_text", "draw_text_centered", "draw_text_outlined", "draw_text_in_box",
                        "labelled_panel") and len(node.args) >= 3:
                arg = node.args[2] if name != "text" else node.args[1]
                if _literal_words(arg):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(arg)}")
    assert bad == []


def _literal_words(arg: ast.expr) -> bool:
    """Whether a drawn text argument spells words itself: a string constant, or the literal
    parts of an f-string (f"Round {n} of {total}" spells "Round", "of"), with four letters or
    more and a space. Separators and notation (f"{name} · {effect}", f"{x}/{y}") pass."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        literal = arg.value
    elif isinstance(arg, ast.JoinedStr):
        literal = " ".join(part.value for part in arg.values
                           if isinstance(part, ast.Constant) and isinstance(part.value, str))
    else:
        return False
    return sum(ch.isalpha() for ch in literal) >= 4 and " " in literal.strip()


@pytest.mark.parametrize("source, spells", [('"Round one"', True), ('f"Round {n} of {total}"', True),
                                            ('f"{name} · {effect}"', False), ('f"{x}/{y}"', False),
                                            ('"P1"', False), ("label", False)])
def test_the_literal_word_check_reads_f_strings_too(source, spells):
    """Issue 27: the check above used to skip f-strings."""
    assert _literal_words(ast.parse(source, mode="eval").body) is spells


def test_a_line_mentions_a_message_it_holds_at_any_depth_with_the_same_values():
    """What /status uses to say a step once (bot.cogs.base.waiting_text)."""
    step = Msg("toy.step", n=2)
    line = Msg("toy.status", now=Join([Msg("toy.other"), Msg("toy.wrap", inner=step)], "and"), pile=3)
    assert mentions(line, step) and mentions(step, step)
    assert not mentions(line, Msg("toy.step", n=3)) and not mentions(line, Msg("toy.absent"))
