"""docs/pictures.py draws the README's pictures: it names every picture in docs/ (all those
README.md shows), and its docstring says where each comes from (drawing them all takes ~15 s: run
``python docs/pictures.py`` for that, it rewrites the same files)."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pictures_module():
    spec = importlib.util.spec_from_file_location("docs_pictures", ROOT / "docs" / "pictures.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_writes_every_picture_in_docs_and_so_every_one_the_readme_shows():
    shown = set(re.findall(r"\]\(docs/([\w-]+)\.png\)", (ROOT / "README.md").read_text(encoding="utf-8")))
    pictures = pictures_module()
    written = {name for names in pictures.PICTURES.values() for name in names}
    assert written == {path.stem for path in (ROOT / "docs").glob("*.png")}
    assert shown <= written
    assert set(pictures.GAMES) == set(pictures.PICTURES)
    for name in written:
        assert f"``{name}.png``" in pictures.__doc__, name           # the docstring says where it comes from
        assert (ROOT / "docs" / f"{name}.png").is_file(), name


def test_the_spacecorp_pictures_come_from_the_documented_position():
    """The cheapest game to draw: the map's two parts stacked, the table stacked, 800 px wide."""
    pictures = pictures_module().spacecorp()
    assert tuple(pictures) == ("spacecorp-map", "spacecorp-players")
    assert {image.width for image in pictures.values()} == {800}
