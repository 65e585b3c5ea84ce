"""Shared drawing helpers: fonts, text, palette, hex geometry, tracks, whole images."""
import io
import itertools

import pytest
from PIL import Image, ImageDraw

import renderers
from renderers import common as c


# ----- fonts and text -------------------------------------------------------------------

def test_font_is_cached_bundled_dejavu():
    regular, bold = c.font(20), c.font(20, bold=True)
    assert c.font(20) is regular
    assert regular.getname() == ("DejaVu Sans", "Book")
    assert bold.getname() == ("DejaVu Sans", "Bold")
    assert regular.size == 20


def test_font_has_hungarian_glyphs():
    # The bundled font must draw ő/ű/Ő/Ű as real glyphs (Pillow's default font cannot).
    fnt = c.font(40)
    for ch in "áéíóöőúüűÁÉÍÓÖŐÚÜŰ":
        w, h = c.text_size(ch, fnt)
        assert w > 5 and h > 5, ch
    # Ő is taller than O (the double acute sits above it): a real glyph, not a box.
    assert c.text_size("Ő", fnt)[1] > c.text_size("O", fnt)[1]


def _ink_box(image):
    return Image.eval(image.convert("L"), lambda v: 255 - v).getbbox()


def test_centered_text_is_centred():
    im = Image.new("RGB", (200, 100), c.WHITE)
    c.draw_text_centered(ImageDraw.Draw(im), (100, 50), "Hello", size=30)
    x0, y0, x1, y1 = _ink_box(im)
    assert abs((x0 + x1) / 2 - 100) <= 2
    assert abs((y0 + y1) / 2 - 50) <= 3


def test_outlined_text_has_halo_in_contrasting_colour():
    im = Image.new("RGB", (200, 100), (255, 0, 255))
    c.draw_text_outlined(ImageDraw.Draw(im), (100, 50), "W", size=60, fill=c.WHITE)
    colours = {colour for _, colour in im.getcolors(100000)}
    assert c.WHITE in colours and c.BLACK in colours


def test_fit_font_fits_and_is_largest():
    fnt = c.fit_font("Magnetic Field", 150, 40, max_size=60)
    w, h = c.text_size("Magnetic Field", fnt)
    assert w <= 150 and h <= 40
    w2, h2 = c.text_size("Magnetic Field", c.font(fnt.size + 1))
    assert w2 > 150 or h2 > 40
    # Respects the bounds.
    assert c.fit_font("x", 1000, 1000, max_size=30).size == 30
    assert c.fit_font("a very long text indeed", 10, 10, min_size=9).size == 9


def test_ellipsize():
    fnt = c.font(16)
    assert c.ellipsize("short", fnt, 500) == "short"
    cut = c.ellipsize("Late Heavy Bombardment", fnt, 80)
    assert cut.endswith("…") and fnt.getlength(cut) <= 80


def test_text_in_box_stays_inside():
    im = Image.new("RGB", (300, 120), c.WHITE)
    draw = ImageDraw.Draw(im)
    box = (50, 30, 200, 70)
    for align in ("left", "center", "right"):
        im.paste(c.WHITE, (0, 0, 300, 120))
        c.draw_text_in_box(draw, box, "Összetett élet", align=align, max_size=40)
        x0, y0, x1, y1 = _ink_box(im)
        assert x0 >= 50 and x1 <= 201 and y0 >= 29 and y1 <= 71, (align, (x0, y0, x1, y1))


# ----- colours --------------------------------------------------------------------------

# Machado et al. (2009) full-severity colour-vision-deficiency matrices (linear RGB).
_CVD = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(v):
    v = v / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _simulate(colour, vision):
    lin = [_linear(v) for v in colour]
    return tuple(min(1.0, max(0.0, sum(m * x for m, x in zip(row, lin)))) for row in _CVD[vision])


def _lab(lin):
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116  # noqa: E731
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _delta_e(lin_a, lin_b):
    return sum((p - q) ** 2 for p, q in zip(_lab(lin_a), _lab(lin_b))) ** 0.5


def test_player_palette_distinct_and_paired_with_letters_and_shapes():
    cols = c.PLAYER_COLOURS
    assert len(cols) >= 4
    assert len({p.letter for p in cols}) == len(cols)
    assert len({p.shape for p in cols}) == len(cols)
    assert len({p.name for p in cols}) == len(cols)
    for p in cols:
        # the letter colour reads on the fill
        assert c.contrast_ratio(p.fill, p.text) >= 3.0, p.name
    # Every pair stays apart (CIE76 delta E >= 15) in normal vision and in simulated
    # protanopia, deuteranopia and tritanopia; letters and shapes back colour up.
    for vision in _CVD:
        for a, b in itertools.combinations(cols, 2):
            dist = _delta_e(_simulate(a.fill, vision), _simulate(b.fill, vision))
            assert dist >= 15, (vision, a.name, b.name, dist)
    assert c.player_colour(5) == cols[1]


def test_contrast_helpers():
    assert c.contrast_ratio(c.BLACK, c.WHITE) == pytest.approx(21, rel=1e-3)
    assert c.contrast_text((250, 250, 200)) == c.BLACK
    assert c.contrast_text((10, 20, 60)) == c.WHITE
    assert c.mix((0, 0, 0), (200, 100, 50), 0.5) == (100, 50, 25)


@pytest.mark.parametrize("shape", ["circle", "square", "triangle", "diamond"])
def test_shapes_draw_inside_their_radius(shape):
    im = Image.new("RGB", (100, 100), c.WHITE)
    c.draw_shape(ImageDraw.Draw(im), shape, 50, 50, 20, fill=c.BLACK)
    x0, y0, x1, y1 = _ink_box(im)
    assert x0 >= 29 and y0 >= 29 and x1 <= 71 and y1 <= 71
    with pytest.raises(ValueError):
        c.shape_points("star", 0, 0, 1)


def test_player_tokens_draw():
    im = Image.new("RGB", (220, 60), c.WHITE)
    draw = ImageDraw.Draw(im)
    for seat in range(4):
        c.draw_player_token(draw, seat, 30 + 50 * seat, 30, 20)
    colours = {colour for _, colour in im.getcolors(100000)}
    for p in c.PLAYER_COLOURS:
        assert p.fill in colours


def test_labelled_panel_returns_body_below_header():
    im = Image.new("RGB", (300, 200), c.WHITE)
    body = c.labelled_panel(ImageDraw.Draw(im), (10, 10, 290, 190), "Piros — Ő", header_fill=(213, 94, 0))
    assert body[0] == 10 and body[2] == 290 and 10 < body[1] < 190 and body[3] == 190
    assert im.getpixel((20, 15)) != c.WHITE


# ----- tracks ---------------------------------------------------------------------------

def test_track_boxes_rows_and_snake():
    boxes = c.track_boxes(7, (10, 20), cell=(30, 20), per_row=3, gap=5)
    assert boxes[0] == (10, 20, 40, 40)
    assert boxes[1][0] == 45
    assert boxes[3] == (10, 45, 40, 65)
    snake = c.track_boxes(7, (10, 20), cell=(30, 20), per_row=3, gap=5, snake=True)
    assert snake[3][0] == boxes[5][0] and snake[3][1] == boxes[3][1]
    # no two boxes overlap
    for a, b in itertools.combinations(snake, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_draw_track_colours_special_spaces():
    im = Image.new("RGB", (400, 60), c.WHITE)
    boxes = c.track_boxes(5, (5, 5), cell=(60, 40), gap=10)
    c.draw_track(ImageDraw.Draw(im), boxes, [str(i + 1) for i in range(5)], special={2: (255, 0, 0)})
    x0, y0, x1, y1 = boxes[2]
    assert im.getpixel((int(x1) - 8, int(y1) - 8)) == (255, 0, 0)
    assert im.getpixel((int(boxes[0][2]) - 8, int(boxes[0][3]) - 8)) == c.PAPER


# ----- hex geometry ---------------------------------------------------------------------

def test_hex_corners_pointy_and_flat():
    pointy = c.hex_corners(0, 0, 10)
    assert pointy[0] == pytest.approx((0, -10))
    assert min(y for _, y in pointy) == pytest.approx(-10)
    assert max(x for x, _ in pointy) == pytest.approx(10 * c.SQRT3 / 2)
    flat = c.hex_corners(0, 0, 10, pointy=False)
    assert flat[0] == pytest.approx((10, 0))
    assert min(y for _, y in flat) == pytest.approx(-10 * c.SQRT3 / 2)
    # Edges all have length == size.
    for pts in (pointy, flat):
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            assert ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 == pytest.approx(10)


@pytest.mark.parametrize("pointy", [True, False])
def test_axial_pixel_round_trip_and_neighbour_spacing(pointy):
    size = 17
    for q in range(-3, 4):
        for r in range(-3, 4):
            x, y = c.axial_to_pixel(q, r, size, pointy=pointy, origin=(100, 50))
            assert c.pixel_to_axial(x, y, size, pointy=pointy, origin=(100, 50)) == (q, r)
            # a point slightly off-centre still maps to the same hex
            assert c.pixel_to_axial(x + 3, y - 2, size, pointy=pointy, origin=(100, 50)) == (q, r)
            for nq, nr in c.hex_neighbours(q, r):
                nx, ny = c.axial_to_pixel(nq, nr, size, pointy=pointy, origin=(100, 50))
                assert ((nx - x) ** 2 + (ny - y) ** 2) ** 0.5 == pytest.approx(size * c.SQRT3)
                assert c.hex_distance((q, r), (nq, nr)) == 1


def test_cube_axial_conversions():
    assert c.axial_to_cube(2, -1) == (2, -1, -1)
    assert c.cube_to_axial(2, -1, -1) == (2, -1)
    assert c.cube_to_pixel(2, -1, -1, 10) == c.axial_to_pixel(2, -1, 10)
    with pytest.raises(ValueError):
        c.cube_to_pixel(1, 1, 1, 10)
    assert c.cube_round(0.6, -0.3, -0.3) == (0, 0, 0)
    assert c.cube_round(0.9, -0.2, -0.7) == (1, 0, -1)
    assert c.cube_round(0.8, -0.55, -0.25) == (1, -1, 0)
    assert c.hex_distance((0, 0), (3, -1)) == 3


def test_draw_hex_fills_centre():
    im = Image.new("RGB", (60, 60), c.WHITE)
    c.draw_hex(ImageDraw.Draw(im), 30, 30, 20, fill=(0, 0, 255))
    assert im.getpixel((30, 30)) == (0, 0, 255)
    assert im.getpixel((2, 2)) == c.WHITE


# ----- whole images ---------------------------------------------------------------------

def test_to_png_round_trips_and_flattens_opaque_rgba():
    im = Image.new("RGBA", (64, 40), (10, 20, 30, 255))
    ImageDraw.Draw(im).rectangle((10, 10, 30, 30), fill=(250, 200, 0, 255))
    png = c.to_png(im)
    assert png.startswith(b"\x89PNG")
    back = Image.open(io.BytesIO(png)).convert("RGBA")
    assert back.size == (64, 40)
    for xy, colour in (((5, 5), (10, 20, 30)), ((20, 20), (250, 200, 0))):
        assert all(abs(a - b) <= 8 for a, b in zip(back.getpixel(xy), colour)), xy
    exact = Image.open(io.BytesIO(c.to_png(im, optimize=False)))
    assert exact.mode == "RGB" and exact.getpixel((20, 20)) == (250, 200, 0)
    translucent = Image.new("RGBA", (8, 8), (0, 0, 0, 0))
    assert Image.open(io.BytesIO(c.to_png(translucent))).mode == "RGBA"


def test_to_png_optimised_is_smaller_and_deterministic():
    im = Image.new("RGB", (400, 300), c.NIGHT)
    draw = ImageDraw.Draw(im)
    for i in range(30):
        draw.ellipse((i * 12, i * 8, i * 12 + 40, i * 8 + 40), fill=c.player_colour(i).fill, outline=c.WHITE)
        c.draw_text(draw, (i * 12, 250 - i * 5), "Ő", size=20, fill=c.WHITE)
    small, exact = c.to_png(im), c.to_png(im, optimize=False)
    assert len(small) < len(exact)
    assert c.to_png(im) == small


def test_avoid_square():
    square = Image.new("RGB", (100, 100), (1, 2, 3))
    padded = c.avoid_square(square)
    assert padded.width == 100 and padded.height > 100
    assert padded.getpixel((0, 101)) == (1, 2, 3)
    wide = Image.new("RGB", (120, 100))
    assert c.avoid_square(wide) is wide


def test_stack_vertical_and_horizontal():
    a = Image.new("RGB", (50, 20), (255, 0, 0))
    b = Image.new("RGBA", (30, 10), (0, 0, 255, 255))
    out = c.stack_vertical([a, b], gap=4)
    assert out.size == (50, 34) and out.mode == "RGB"
    assert out.getpixel((25, 5)) == (255, 0, 0)
    assert out.getpixel((25, 28)) == (0, 0, 255)
    assert out.getpixel((2, 28)) == c.WHITE          # centred, background around
    left = c.stack_vertical([a, b], align="left")
    assert left.getpixel((2, 25)) == (0, 0, 255)
    side = c.stack_horizontal([a, b], gap=2)
    assert side.size == (82, 20)
    with pytest.raises(ValueError):
        c.stack_vertical([])


def test_downscale_keeps_aspect():
    im = Image.new("RGB", (1600, 1000))
    small = c.downscale(im, 420)
    assert small.size == (420, 262)
    assert c.downscale(small, 1000).size == small.size


# ----- renderer registry ----------------------------------------------------------------

def test_get_renderer_unknown_game():
    with pytest.raises(KeyError, match="nosuchgame"):
        renderers.get_renderer("nosuchgame")
    with pytest.raises(KeyError):
        renderers.get_renderer("common")
    with pytest.raises(KeyError):
        renderers.get_renderer("../etc")


def test_colour_named():
    assert c.colour_named("green").fill == (0, 158, 115)
    assert c.colour_named("Mauve", 1) == c.player_colour(1)
    assert [p.name for p in c.PLAYER_COLOURS] == ["Red", "Blue", "Green", "Yellow"]
