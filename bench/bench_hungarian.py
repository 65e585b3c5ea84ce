"""How much English notation a Hungarian player reads: a random 3-player game of each game
(``python -m bot.demo GAME --players 3 --seed 7``) replayed through the console as Hungarian
users (``--locale hu``); prints, per game, the bot's lines and how many of them hold a word of
the game's English notation, or a code of it (DV02, CYA-A, H37), that its Hungarian notation does not
use (issue 24's measure); and the upper-case codes without digits ("QIC", "PI", "HQ") those
lines hold that are not a Hungarian abbreviation of the allow-list (``HUNGARIAN_CODES``, each
with its reason), found in the lines and in the game's Hungarian catalogue texts (which the
images draw too).

    python bench/bench_hungarian.py [--save DIR | --load DIR] [GAME ...]

``--save DIR`` also writes each game's transcript to ``DIR/<game>.txt``; ``--load DIR`` measures
those files instead of replaying (a replay of all five games takes minutes).
"""
from __future__ import annotations

import asyncio
import io
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.console import console_main  # noqa: E402
from bot.demo import random_game_script  # noqa: E402
from renderers.common import ChatPart  # noqa: E402
from rules.messages import catalogue  # noqa: E402
from tests.host.language_check import _words, notation_words  # noqa: E402

#: Upper-case codes a Hungarian reader may meet, and why each is Hungarian (or no language's).
HUNGARIAN_CODES = {
    "EVE": "the game's name (EVE: Conquests), printed so on the Hungarian box",
    "VIO": "EVE nebula code from the Hungarian colour word viola (VIO-A..C)",
    "CIÁ": "EVE nebula code from the Hungarian colour word cián (CIÁ-A..C)",
    "MAG": "EVE nebula code from the Hungarian colour word magenta (MAG-A..C)",
    "KTK": "Gaia: the Hungarian rulebook's kvantuminformációs kocka (the English QIC)",
    "MI": "Gaia: mesterséges intelligencia, the Hungarian rulebook's research track",
    "HQ": "Pulsar: the Hungarian rulebook's own word HQ-tábla",
    "AI": "Pulsar: the Hungarian rulebook's name of the first-game HQ boards (AI, AII, AIII)",
    "AII": "Pulsar: as AI",
    "AIII": "Pulsar: as AI",
    "BI": "Gaia: bolygótani intézet, the Hungarian rulebook's building, drawn by its initials",
    "DNS": "the Hungarian word for DNA (dezoxiribonukleinsav)",
    "AD": "Pulsar: adóállomás (transmitter tiles, AD-A06), from the Hungarian rulebook's word",
    "FF": "Pulsar: felfedezéslapka (exploration tiles, FF12), from the Hungarian rulebook's word",
    "NR": "Pulsar: naprendszerlapka (planetary system tiles, NR17), from the Hungarian rulebook's word",
}
#: Words of a game's Hungarian texts that look like its English notation but are the Hungarian
#: rulebook's own marks, per game: Space Corp's ``T1 termelési érték`` is a tile's production (the
#: rulebook's T#), not the English Time card ``T1`` (Hungarian ``Idő1``).  The old English codes
#: (``C07``, ``D3-04``, ``T3``, ``O2``) are still counted: the notation measure finds them.
NOT_NOTATION = {"spacecorp": re.compile(r"(?<![\w#])T\d(?= termelési)")}
#: A game's English-only codes, counted wherever they appear even when the random game's moves
#: never wrote them (issue 24): Space Corp's colonies ``C07`` (Hungarian ``kolónia07``), discovery
#: tiles ``D3-04`` (``lapka3-04``), Specials, Edges and Progress cards ``SP-NEAR``, ``EG-RACE``,
#: ``BR-FUSION`` (their names), Offer boxes ``O2`` (``kínálat2``), Time cards ``T3`` (``Idő3``) and
#: the era letters ``M``/``P``/``S`` of card ids (``Ű``/``B``/``Cs``).
ENGLISH_CODES = {"spacecorp": re.compile(r"(?<![\w#-])(?:C\d{2}|D[1-3]-\d{2}|(?:SP|EG|AD|BR)-[A-Z]+|O[1-4]|T[1-8]"
                                         r"|[MPS]\d{2}(?:#\d{1,2})?)(?![\w#-])")}
#: Roman numerals (Planetarium orbits, eras) read the same in Hungarian.
ROMAN = re.compile(r"(?=[IVXLC])X{0,3}(IX|IV|V?I{0,3})")
TOKEN = re.compile(r"[A-Za-zÀ-ž0-9]+(?:-[A-Za-zÀ-ž0-9]+)*")


def upper_codes(text: str) -> list[str]:
    """The upper-case codes without digits in ``text`` ("QIC", "PI" and
    the "HQ" of "HQ-tábla"), neither allowed (``HUNGARIAN_CODES``) nor a Roman numeral; a code
    with digits (DV02) is the other measure's."""
    found = []
    tokens = TOKEN.findall(re.sub(r"<@\d+>", "", text))
    for index, token in enumerate(tokens):
        if any(ch.isdigit() for ch in token) or _in_capitals(tokens[index - 1:index] + tokens[index + 1:index + 2]):
            continue
        for part in token.split("-"):
            if (_is_abbreviation(part) and part not in HUNGARIAN_CODES and not ROMAN.fullmatch(part)):
                found.append(part)
    return found


def _in_capitals(neighbours: list[str]) -> bool:
    """A short word beside a longer one in capitals is a phrase written large ("UTOLSÓ KÖR")."""
    return any(word.isalpha() and word.isupper() and len(word) > 3 for word in neighbours)


def _is_abbreviation(part: str) -> bool:
    """Two or three capitals ("QIC"), or more without a vowel; a longer word in capitals is a
    word written large on an image ("PASSZOLT"), not a code."""
    return (len(part) >= 2 and part.isalpha() and part.isupper()
            and (len(part) <= 3 or not set(part) & set("AÁEÉIÍOÓÖŐUÚÜŰY")))


def image_texts(game_name: str, players: int = 3, seed: int = 7, every: int = 100) -> list[str]:
    """Every text the game's renderers draw for a Hungarian reader (the full picture and the
    chat's images) at every ``every``-th ply of a random game: ``ImageDraw.text`` watched."""
    import random

    from PIL import ImageDraw

    import renderers

    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.multiline_text

    def watched(method: Any) -> Any:
        def draw_text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
            drawn.append(str(text))
            return method(self, xy, text, *args, **kwargs)
        return draw_text

    game = rules.get_game(game_name)
    state = game.new_game({"players": players}, seed)
    rng = random.Random(seed)
    names = [f"player{seat + 1}" for seat in range(players)]
    ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.multiline_text = (watched(method) for method in original)  # type: ignore[method-assign]
    try:
        for ply in range(3000):
            if ply % every == every // 2 or game.is_over(state):
                for draw in (renderers.get_renderer(game_name), renderers.get_chat_renderer(game_name)):
                    images = draw(game.view(state, None), player_names=names, language="hu")
                    if not hasattr(images, "size"):
                        for item in images:          # lazy parts (ChatPart) draw only when asked
                            part = item[1] if isinstance(item, tuple) else item
                            if isinstance(part, ChatPart):
                                part.draw()
            if game.is_over(state):
                break
            seat = min(game.waiting_for(state))
            state = game.apply(state, game.random_move(state, seat, rng))
    finally:
        ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.multiline_text = original  # type: ignore[method-assign]
    return drawn


def catalogue_codes(game: str) -> dict[str, list[str]]:
    """The game's Hungarian catalogue texts (``<game>.*`` keys) that hold an upper-case code."""
    found = {}
    for key, text in catalogue("hu").items():
        if key.startswith(f"{game}."):
            codes = upper_codes(re.sub(r"\{[^}]*\}", " ", text))
            if codes:
                found[key] = codes
    return found


def transcript(game: str, players: int = 3, seed: int = 7) -> list[str]:
    script, _final = random_game_script(game, players, seed)
    out = io.StringIO()
    with tempfile.TemporaryDirectory() as boards:
        asyncio.run(console_main(Settings(), db_path=None, board_dir=boards, stdin=io.StringIO(script), stdout=out,
                                 seed=seed, locale="hu"))
    # the bot's lines: not the echoed input ("> ..."), not the console's own image paths
    return [line for line in out.getvalue().splitlines()
            if line.strip() and not line.startswith("> ") and "táblakép:" not in line]


def main(argv: list[str]) -> int:
    save = load = None
    if argv[:1] in (["--save"], ["--load"]):
        folder = Path(argv[1])
        save, load = (folder, None) if argv[0] == "--save" else (None, folder)
        argv = argv[2:]
    games = argv or rules.available_games()
    print("| game | bot lines | lines with English notation | words found | lines with upper-case codes | codes found "
          "| catalogue texts with codes | image texts (distinct) with codes |")
    print("|---|---|---|---|---|---|---|---|")
    for game in games:
        drawn = sorted(set(image_texts(game)))       # before the replay: its pictures would fill the renderers' caches
        lines = (load / f"{game}.txt").read_text().splitlines() if load else transcript(game)
        if save:
            save.mkdir(parents=True, exist_ok=True)
            (save / f"{game}.txt").write_text("\n".join(lines) + "\n")
        words = notation_words(game)
        marks = NOT_NOTATION.get(game, re.compile(r"(?!x)x"))
        said = [marks.sub(" ", re.sub(r"<@\d+>", "", line)) for line in lines]
        english = ENGLISH_CODES.get(game, re.compile(r"(?!x)x"))
        hits = [line for line in said if words & set(_words(line)) or english.search(line)]
        found = sorted({word for line in hits for word in words & set(_words(line))}
                       | {code for line in hits for code in english.findall(line)})
        coded = [line for line in lines if upper_codes(line)]
        codes = sorted({code for line in coded for code in upper_codes(line)})
        texts = catalogue_codes(game)
        text_codes = sorted({code for found_codes in texts.values() for code in found_codes})
        drawn_coded = [text for text in drawn if upper_codes(text)]
        drawn_codes = sorted({code for text in drawn_coded for code in upper_codes(text)})
        print(f"| {game} | {len(lines)} | {len(hits)} | {', '.join(found[:12]) or '-'} | {len(coded)} "
              f"| {', '.join(codes[:12]) or '-'} | {len(texts)} ({', '.join(text_codes[:12]) or '-'}) "
              f"| {len(drawn_coded)} of {len(drawn)} ({', '.join(drawn_codes[:12]) or '-'}) |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
