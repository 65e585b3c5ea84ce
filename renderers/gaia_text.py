"""Gaia Project's images' blocks of text: word-wrapped in a box, shrunk until they fit (never
below the caller's floor), a long word wrapped at a syllable, and a line never broken between a
number and its unit ("+12" / "kr").  The texts come from renderers.gaia (the catalogue, in the
image's language); this module only lays them out."""
from __future__ import annotations

import re

from PIL import ImageDraw, ImageFont

from . import common as c

RGB = c.RGB
Box = c.Box


# A line never breaks between a number and the word after it ("+12" / "kr"): the space between
# them is kept while the text is wrapped, as Hungarian (and English) typesetting does.
_AMOUNT_SPACE = re.compile(r"(?<=\d) (?=[^\s\d])")
NBSP = "\u00a0"


def wrap_lines(text: str, fnt: ImageFont.FreeTypeFont, width: float, max_lines: int = 3) -> list[str]:
    """Lines of at most ``width``: at spaces, and a word too long for a line at a syllable
    (``energiaér-`` / ``téke``) instead of cut; what still does not fit is shortened with "…"."""
    return [c.ellipsize(line, fnt, width) for line in c.wrap_words(text, fnt, width, max_lines)]


WORDS_AT = 20     # amounts in the rulebook's words ("2 tudás") where they are this large, else abbreviated ("2 tu") if larger


def block_size(text: str, w: float, h: float, *, size: int, bold: bool, max_lines: int, min_size: int,
               syllables: bool) -> tuple[int, int]:
    """The font size :func:`text_block` writes ``text`` at in a box ``w`` by ``h``, and how it
    fits there: 2 in whole words, 1 a word wrapped at a syllable (if ``syllables``), 0 cut."""
    keep = _AMOUNT_SPACE.sub(NBSP, text)

    def fits(s: int, split: bool) -> bool:
        fnt = c.font(s, bold)
        lines = wrap_lines(keep, fnt, w, 99)
        words_fit = all(fnt.getlength(line) <= w for line in lines) if split else \
            all(fnt.getlength(word) <= w for word in keep.split(" "))   # no word cut ("kereskede…")
        return s * 1.15 * len(lines) <= h and words_fit and len(lines) <= max_lines   # no line dropped ("1 ér …")

    sizes = range(size, min_size - 1, -1)
    s = next((s for s in sizes if fits(s, False)), None)       # whole words if they fit at min_size or more
    if s is not None:
        return s, 2
    s = next((s for s in sizes if syllables and fits(s, True)), None)
    return (min_size, 0) if s is None else (s, 1)


def text_block(draw: ImageDraw.ImageDraw, box: Box, text: str, *, size: int = 16, bold: bool = False,
               fill: RGB = c.INK, max_lines: int = 3, min_size: int = 11, stroke: RGB | None = None,
               syllables: bool = False, short: str | None = None) -> None:
    """Word-wrapped text centred in box, shrinking the font until it fits; ``syllables``: a word
    too long for the box may wrap at a syllable (``energiaér-`` / ``téke``) at a font legible on
    a phone rather than shrink the whole block below it.  ``short``: the same text with its
    amounts abbreviated ("1 tu 1 ér" for "1 tudás + 1 érc"), written instead where it fits
    better (whole words where the words need a syllable break: not "know-" / "ledge") or as well
    and the words would be smaller than WORDS_AT px and than it.  A line never breaks inside an
    amount."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0

    def measure(t: str) -> tuple[int, int]:
        return block_size(t, w, h, size=size, bold=bold, max_lines=max_lines, min_size=min_size, syllables=syllables)

    s, fit = measure(text)
    if short is not None and short != text:
        s_short, short_fit = measure(short)
        if short_fit > fit or short_fit == fit and s < min(WORDS_AT, s_short):
            text, s = short, s_short
    fnt = c.font(s, bold)
    lines = [line.replace(NBSP, " ") for line in wrap_lines(_AMOUNT_SPACE.sub(NBSP, text), fnt, w, max_lines)]
    lh = s * 1.15
    total = lh * len(lines)
    y = y0 + (h - total) / 2 + lh / 2
    for line in lines:
        if stroke is not None:
            draw.text(((x0 + x1) / 2, y), line, font=fnt, fill=fill, anchor="mm", stroke_width=2, stroke_fill=stroke)
        else:
            draw.text(((x0 + x1) / 2, y), line, font=fnt, fill=fill, anchor="mm")
        y += lh
