"""Gaia Project's federation tokens as the images draw them: a hexagon (stretched sideways in a
wide box) with its reward written as large as the box allows, in the rulebook's words where they
are large enough ("8 pont" over "1 KTK", "6 pont" over "2 tudás"), else in the image's own
abbreviations ("2 tu"); never a number glued to its unit.  The texts come from renderers.gaia
(the catalogue, in the image's language); this module only lays them out."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import ImageDraw, ImageFont

from . import common as c

RGB = c.RGB
Box = tuple[float, float, float, float]

TOKEN_WORDS_AT = 20     # a token's reward in the rulebook's words ("2 tudás") when they are this large, else "2 tu" if larger
TOKEN_STACK_BONUS = 6   # px a token's amounts on one line must gain over one a line (the supply's tokens alike)


def draw_token(d: ImageDraw.ImageDraw, box: Box, fill: RGB, ink: RGB, forms: Sequence[Sequence[str]],
               join: Callable[[Sequence[str]], str]) -> None:
    """A federation token filling ``box``: a hexagon, stretched sideways in a wide box so that its
    reward is written large enough for a phone (newcomer report N13).  ``forms``: the reward's
    amounts in words, then (optionally) abbreviated; ``join`` writes amounts on one line as a
    list ("8 pont, 1 KTK")."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    w, h = x1 - x0, y1 - y0
    if w >= h * 1.3:        # pointed left and right, flat top and bottom
        inset = h * 0.3
        d.polygon([(x0, cy), (x0 + inset, y0), (x1 - inset, y0), (x1, cy), (x1 - inset, y1), (x0 + inset, y1)],
                  fill=fill, outline=c.BLACK, width=2)
    else:
        d.polygon(c.hex_corners(cx, cy, min(w, h) / 2, pointy=True), fill=fill, outline=c.BLACK, width=2)
    text, fnt = token_layout(forms, join, w, h)
    d.multiline_text((cx, cy), text, font=fnt, fill=ink, anchor="mm", align="center",
                     spacing=0, stroke_width=1 if ink == c.WHITE else 0, stroke_fill=c.BLACK)


def token_room(w: float, h: float, lines: int) -> tuple[float, float]:
    """The room (width, height) for ``lines`` lines of text inside a token ``w`` by ``h``: a
    stretched token narrows towards its top and bottom, so two lines keep further from its
    points (three further still); a hexagon's two lines lie in its full-width band (±r/2)."""
    if w >= h * 1.3:
        return w - h * 0.3 * {1: 1.2, 2: 1.6}.get(lines, 1.9), h - 4
    r = min(w, h) / 2
    return r * (1.62 if lines == 2 else 1.55), r * 1.5


def token_layout(forms: Sequence[Sequence[str]], join: Callable[[Sequence[str]], str], w: float,
                 h: float) -> tuple[str, ImageFont.FreeTypeFont]:
    """A token's text and its font: each amount on its own line ("8 pont" over "1 KTK"), or,
    where that is larger by more than TOKEN_STACK_BONUS, every amount on one line ("8 pont,
    1 KTK") or (three amounts) two lines; a lone amount may put its number over its unit.  In
    words (the first form) when that is TOKEN_WORDS_AT px or as large as the abbreviations."""
    best: list[tuple[str, ImageFont.FreeTypeFont]] = []
    for parts in forms:
        stacked = list(parts)
        layouts = [stacked, [join(parts)]] + [[join(parts[:cut]), join(parts[cut:])] for cut in range(1, len(parts) - 1)]
        if len(parts) == 1 and " " in parts[0]:
            layouts.append(parts[0].split(" ", 1))          # "12" over "pont"
        fitted = []
        for lines in layouts:
            text = "\n".join(lines)
            room_w, room_h = token_room(w, h, len(lines))
            size = max(8, int(min(room_h / len(lines), 28)))
            fnt = c.fit_font(text, room_w, room_h, max_size=size, min_size=8, bold=True)
            fitted.append((fnt.size + (TOKEN_STACK_BONUS if lines is stacked else 0), text, fnt))   # stacked, as printed
        score = max(item[0] for item in fitted)
        best.append(next(item[1:] for item in fitted if item[0] == score))     # the first of the largest
    words = best[0]
    return words if len(best) == 1 or words[1].size >= min(TOKEN_WORDS_AT, max(f.size for _t, f in best[1:])) \
        else max(best[1:], key=lambda form: form[1].size)
