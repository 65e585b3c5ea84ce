"""CPU cost of drawing the board after a move, per game, as the host pays it (a script, not a
test): ``python bench/bench_render_parts.py [--moves N] [--profile GAME] [--changes] [--least-of RUNS]``
from the repo root.

For each game, seeded random legal moves from the start; after each move the public view is
drawn with ``bot.service.render_parts`` exactly as ``thread_board`` calls it (``shown`` =
the digests of the images the thread shows, i.e. the previous move's), in this process.
Reported per game (CPU time of this process, the encoding threads included, so a busy
machine changes them little): the mean, median and p95 of the whole call, the mean of the
drawing alone, how many images were encoded (changed) per move, the PNG bytes per move, and
the share of the pixels (by image area) that were unchanged: what a renderer giving its
images as ``ChatPart`` could leave undrawn, at best.  Every move counts (the host draws only
when the turn passes, so its moves change more per drawing).
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import renderers  # noqa: E402
import rules  # noqa: E402
from PIL import Image  # noqa: E402

from bot.service import keep_encoded_images, render_parts  # noqa: E402
from renderers.common import ChatPart  # noqa: E402

GAMES = ("planetarium", "eve", "pulsar", "spacecorp", "gaia")


def positions(name: str, moves: int, seed: int, players: int) -> list:
    game = rules.get_game(name)
    state = game.new_game(game.normalize_options({"players": players}), seed)
    rng = random.Random(seed)
    views = [game.view(state, None)]
    for _ in range(moves):
        if game.is_over(state):
            break
        waiting = sorted(game.waiting_for(state))
        if not waiting:
            break
        move = rng.choice(list(game.legal_moves(state, waiting[0])))
        state = game.apply(state, move)
        views.append(game.view(state, None))
    return views


def drawing_only(name: str, view, names: list[str]) -> tuple[float, dict[int, int]]:
    """CPU seconds of the renderer alone (no hashing, no encoding), and each image's area by
    position."""
    start = time.process_time()
    images = renderers.get_chat_renderer(name)(view, player_names=names, language="en")
    images = [images] if isinstance(images, (Image.Image, ChatPart)) else list(images)
    images = [(item[0], item[1].draw()) if isinstance(item, tuple) and isinstance(item[1], ChatPart)
              else item.draw() if isinstance(item, ChatPart) else item for item in images]
    seconds = time.process_time() - start
    placed = [item if isinstance(item, tuple) else (index, item) for index, item in enumerate(images)]
    return seconds, {slot + 1: image.width * image.height for slot, image in placed}


def run(name: str, views: list, names: list[str]) -> dict:
    times, draws, encoded, sizes, images, unchanged_area = [], [], [], [], 0, []
    shown: dict[int, str] = {}
    render_parts(name, views[0], names, "en", {})      # warm-up: fonts, cached layers
    keep_encoded_images()     # as a worker process does, empty: the warm-up's PNGs are not counted
    for view in views:
        start = time.process_time()
        parts = render_parts(name, view, names, "en", shown)
        times.append(time.process_time() - start)
        seconds, areas = drawing_only(name, view, names)
        draws.append(seconds)
        images = len(parts)
        changed = [part for part in parts if shown.get(part.position) != part.digest]
        encoded.append(len(changed))
        sizes.append(sum(len(part.data) for part in changed if part.data is not None))
        if shown:   # the share of the pixels that the thread showed already (an upper bound's basis)
            unchanged_area.append(sum(areas[p.position] for p in parts if p not in changed) / sum(areas.values()))
        shown = {part.position: part.digest for part in parts}
    ordered = sorted(times)
    return {"median_ms": statistics.median(times) * 1000, "p95_ms": ordered[int(0.95 * (len(ordered) - 1))] * 1000,
            "mean_ms": statistics.mean(times) * 1000, "draw_ms": statistics.mean(draws) * 1000, "images": images,
            "encoded": statistics.mean(encoded), "kib": statistics.mean(sizes) / 1024,
            "unchanged_share": statistics.mean(unchanged_area) if unchanged_area else 0.0}


def breakdown(name: str, views: list, names: list[str]) -> None:
    """Print, per image of ``name``'s drawing, the mean CPU ms of each step the host may pay
    for it: drawing (a ChatPart's ``draw``; 0 for an image drawn inside the renderer call,
    whose cost the first column gives), the digest of its pixels (plain images only in the
    host), the palette (sample + quantize) and the zlib compression of the PNG, and the whole of
    ``to_png`` as the host calls it (with ``--keep-palettes``: a kept palette where it fits)."""
    import io

    from bot.service import pixel_digest
    from renderers.common import avoid_square, to_png

    def clock(fn):
        start = time.process_time()
        result = fn()
        return (time.process_time() - start) * 1000, result

    rows: dict[tuple[int, str], dict[str, list[float]]] = {}
    calls = []
    drawing_only(name, views[0], names)        # warm-up
    for view in views:
        ms, items = clock(lambda: renderers.get_chat_renderer(name)(view, player_names=names, language="en"))
        ms_list, items = clock(lambda: list([items] if isinstance(items, (Image.Image, ChatPart)) else items))
        calls.append(ms + ms_list)
        for index, item in enumerate(items):
            slot, image = item if isinstance(item, tuple) else (index, item)
            kind = "part" if isinstance(image, ChatPart) else "plain"
            draw_ms, image = clock(image.draw) if isinstance(image, ChatPart) else (0.0, image)
            row = rows.setdefault((slot + 1, kind), {key: [] for key in ("draw", "digest", "palette", "zlib", "kib",
                                                                          "to_png")})
            row["draw"].append(draw_ms)
            row["digest"].append(clock(lambda: pixel_digest(image))[0])
            padded = avoid_square(image)
            palette_ms, quantized = clock(lambda: padded.quantize(
                palette=padded.resize((max(1, padded.width // 4), max(1, padded.height // 4)),
                                      Image.Resampling.NEAREST).quantize(
                    colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE),
                dither=Image.Dither.NONE))
            row["palette"].append(palette_ms)
            buffer = io.BytesIO()
            row["zlib"].append(clock(lambda: quantized.save(buffer, format="PNG", compress_level=3))[0])
            row["kib"].append(len(buffer.getvalue()) / 1024)
            row["to_png"].append(clock(lambda: to_png(padded))[0])     # as the host encodes (kept palettes too)
    print(f"{name}: renderer call {statistics.mean(calls):.1f} ms (plain images are drawn in it)")
    for (position, kind), row in sorted(rows.items()):
        print(f"  image {position} ({kind:5s}): draw {statistics.mean(row['draw']):5.1f}  pixel digest "
              f"{statistics.mean(row['digest']):4.1f}  palette {statistics.mean(row['palette']):4.1f}  "
              f"zlib {statistics.mean(row['zlib']):4.1f} ms  {statistics.mean(row['kib']):4.0f} KiB  "
              f"(to_png {statistics.mean(row['to_png']):4.1f} ms)")


def palettes_ab(name: str, views: list, names: list[str], runs: int) -> None:
    """Print the CPU ms per image of ``to_png`` on the images the host encodes in a playout
    (each changed image, in play order) with a palette of its own and with kept palettes
    (``keep_palettes``), the two alternating image by image in this process (the least of
    ``runs`` passes each: a shared machine's load weighs on both alike), the KiB, the share of
    images that took a kept palette and the PSNR of the decoded pixels (min / mean)."""
    import io
    import math

    from PIL import ImageChops

    from renderers import common

    def psnr(image, png):
        back = Image.open(io.BytesIO(png)).convert("RGB")
        histogram = ImageChops.difference(image, back).histogram()
        error = sum(n * (level & 255) ** 2 for level, n in enumerate(histogram)) / (image.width * image.height * 3)
        return 99.0 if error == 0 else 10 * math.log10(255 * 255 / error)

    images, shown = [], {}
    for view in views:
        items = renderers.get_chat_renderer(name)(view, player_names=names, language="en")
        items = [items] if isinstance(items, (Image.Image, ChatPart)) else list(items)
        for index, item in enumerate(items):
            slot, image = item if isinstance(item, tuple) else (index, item)
            image = common.avoid_square(image.draw() if isinstance(image, ChatPart) else image)
            pixels = image.tobytes()
            if shown.get(slot) != pixels:
                shown[slot] = pixels
                images.append(image)
    best = {"fresh": float("inf"), "kept": float("inf")}
    for _ in range(runs):
        common.keep_palettes()
        kept_palettes = common._PALETTES
        spent = {"fresh": 0.0, "kept": 0.0}
        out: dict[str, list[bytes]] = {"fresh": [], "kept": []}
        taken = 0
        for number, image in enumerate(images):
            for mode in (("fresh", "kept") if number % 2 else ("kept", "fresh")):
                common._PALETTES = kept_palettes if mode == "kept" else None
                before = kept_palettes._items.get((*image.size, 256))
                start = time.process_time()
                out[mode].append(common.to_png(image))
                spent[mode] += time.process_time() - start
                if mode == "kept":
                    taken += before is not None and before is kept_palettes._items.get((*image.size, 256))
        common._PALETTES = None
        best = {mode: min(best[mode], spent[mode]) for mode in best}
    for mode in ("fresh", "kept"):
        quality = [psnr(image, png) for image, png in zip(images, out[mode])]
        print(f"{name:12s} {mode}: {best[mode] * 1000 / len(images):5.2f} ms per image, "
              f"{sum(map(len, out[mode])) / len(images) / 1024:5.1f} KiB, PSNR {min(quality):.1f} / "
              f"{statistics.mean(quality):.1f} dB" + (f", {taken} of {len(images)} images took a kept palette"
                                                    if mode == "kept" else ""))


def gaia_players_ab(moves: int, seed: int, runs: int) -> None:
    """Print the CPU ms per position of Gaia's players' images (3 and 4 players), as the host
    paid them before issue 26's kept panels (every panel drawn, the pixels hashed) and now (the
    inputs digested, the panels a move left alone pasted), alternating position by position in
    this process, the least of ``runs`` passes over consecutive positions of a playout."""
    from bot.service import part_digest, pixel_digest
    from renderers import gaia as gr

    kept_seat = gr._seat_image
    for players in (3, 4):
        names = [f"Player {seat + 1}" for seat in range(players)]
        views = positions("gaia", moves, seed, players)
        best = {"before": float("inf"), "after": float("inf")}
        for _ in range(runs):
            gr._SEAT_IMAGES.clear()
            spent = {"before": 0.0, "after": 0.0}
            for number, view in enumerate(views):
                for mode in (("before", "after") if number % 2 else ("after", "before")):
                    start = time.process_time()
                    if mode == "before":
                        gr._seat_image = gr._render_seat
                        for image in gr._in("en", gr._player_images, view, names):
                            pixel_digest(image)
                    else:
                        gr._seat_image = kept_seat
                        for index, part in enumerate(gr._table_parts(view, names, "en")):
                            part_digest("gaia", "en", names, 4 + index, part.inputs)
                            part.draw()
                    spent[mode] += time.process_time() - start
            gr._seat_image = kept_seat
            best = {mode: min(best[mode], spent[mode]) for mode in best}
        print(f"gaia {players} players' images: " + ", ".join(f"{mode} {best[mode] * 1000 / len(views):.2f} ms"
                                                          for mode in ("before", "after"))
              + f" a position ({len(views)} positions, least of {runs})")


def eve_map_ab(moves: int, seed: int, runs: int) -> None:
    """Print the CPU ms per position of EVE's chat map parts whose inputs changed (what the host
    draws), drawn as before 2026-11-27 10:00 (the whole map at chat scale, each part cut from it
    with its header and mask drawn in place) and now (each part in its own window, the first
    two, then the whole map; kept header and mask), alternating position by position in this
    process, the least of ``runs`` passes over consecutive positions of 3- and 4-player playouts.
    Both include the four parts' inputs (the host reads them at every drawing)."""
    from renderers import eve as er

    for players in (3, 4):
        names = [f"Player {seat + 1}" for seat in range(players)]
        views = positions("eve", moves, seed, players)
        changed: list[list[int]] = []
        previous: list[str] | None = None
        for view in views:
            labels = er.map_labels(view, "en")
            inputs = [er.map_inputs(view, labels, er.name_labels(view, "en", labels), index) for index in range(4)]
            changed.append([index for index in range(4) if previous is None or inputs[index] != previous[index]])
            previous = inputs
        best = {"before": float("inf"), "after": float("inf")}
        for _ in range(runs):
            spent = {"before": 0.0, "after": 0.0}
            for number, (view, indices) in enumerate(zip(views, changed)):
                for mode in (("before", "after") if number % 2 else ("after", "before")):
                    start = time.process_time()
                    labels = er.map_labels(view, "en")
                    named = er.name_labels(view, "en", labels)
                    if mode == "before" and indices:
                        for index in range(4):       # the inputs, which the host reads either way
                            er.map_inputs(view, labels, named, index)
                        whole = er._draw_chat_map(view, "en", labels, named)
                        for index in indices:
                            er._map_part(view, whole, labels, named, index, names, "en", plain=True)
                    elif indices:
                        parts = er._map_chat_parts(view, "en", names)
                        for index in indices:
                            parts[index].draw()
                    spent[mode] += time.process_time() - start
            best = {mode: min(best[mode], spent[mode]) for mode in best}
        drawn = sum(1 for indices in changed if indices)
        print(f"eve {players} players' map parts: " + ", ".join(f"{mode} {best[mode] * 1000 / len(views):.2f} ms"
                                                               for mode in ("before", "after"))
              + f" a position ({len(views)} positions, {drawn} with a part changed, "
              + f"{sum(len(indices) for indices in changed[1:]) / max(1, len(views) - 1):.2f} parts a move; least of {runs})")


def changes(name: str, views: list, names: list[str]) -> None:
    """Print how often each image of ``name`` changes from one position to the next (its digest:
    a plain image's pixels, a ChatPart's inputs), as the host compares them."""
    shown: dict[int, str] = {}
    changed: dict[int, int] = {}
    for view in views:
        parts = render_parts(name, view, names, "en", shown)
        if shown:
            for part in parts:
                changed[part.position] = changed.get(part.position, 0) + (shown.get(part.position) != part.digest)
        shown = {part.position: part.digest for part in parts}
    steps = max(1, len(views) - 1)
    print(f"{name}: " + ", ".join(f"image {position} {count / steps:.0%}" for position, count in sorted(changed.items()))
          + f" of {steps} moves changed")


def least_cpu(name: str, views: list, names: list[str], runs: int) -> float:
    """The least CPU ms per drawing of ``runs`` passes over the positions (the least disturbed by
    a shared machine's other work)."""
    render_parts(name, views[0], names, "en", {})
    best = float("inf")
    for _ in range(runs):
        shown: dict[int, str] = {}
        start = time.process_time()
        for view in views:
            shown = {part.position: part.digest for part in render_parts(name, view, names, "en", shown)}
        best = min(best, time.process_time() - start)
    return best * 1000 / len(views)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--breakdown", action="store_true",
                        help="per image (position) of each game: CPU ms of drawing, pixel digest, palette "
                             "(quantize) and PNG compression, and KiB, over every 4th position")
    parser.add_argument("--profile", help="profile this game's drawing instead (cProfile, top 30 by own time)")
    parser.add_argument("--changes", action="store_true",
                        help="how often each image changes from one position to the next (as the host compares)")
    parser.add_argument("--least-of", type=int, metavar="RUNS",
                        help="the least CPU ms per drawing of RUNS passes (A/B comparisons on a shared machine)")
    parser.add_argument("--keep-palettes", action="store_true",
                        help="encode as the host's worker processes do when they keep their palettes "
                             "(renderers.common.keep_palettes)")
    parser.add_argument("--palettes-ab", action="store_true",
                        help="to_png per changed image with a palette of its own against kept palettes, "
                             "alternating in this process (least of --least-of passes, default 3)")
    parser.add_argument("--eve-map-ab", action="store_true",
                        help="EVE's changed chat map parts drawn as before (whole map, header and mask in place) "
                             "against now (windows, kept header and mask), alternating in this process (least of "
                             "--least-of, default 3)")
    parser.add_argument("--gaia-players-ab", action="store_true",
                        help="Gaia's players' images before and after the kept panels, alternating in this process")
    args = parser.parse_args()
    if args.keep_palettes:
        from renderers.common import keep_palettes
        keep_palettes()
    names = [f"Player {seat + 1}" for seat in range(args.players)]
    if args.eve_map_ab:
        eve_map_ab(args.moves, args.seed, args.least_of or 3)
        return
    if args.gaia_players_ab:
        gaia_players_ab(args.moves if args.moves != 60 else 80, args.seed, args.least_of or 3)
        return
    if args.palettes_ab:
        for name in args.games.split(","):
            palettes_ab(name, positions(name, args.moves, args.seed, args.players), names, args.least_of or 3)
        return
    if args.changes or args.least_of:
        for name in args.games.split(","):
            views = positions(name, args.moves, args.seed, args.players)
            if args.changes:
                changes(name, views, names)
            else:
                print(f"{name}: {least_cpu(name, views, names, args.least_of):.1f} ms per drawing "
                      f"(least of {args.least_of} passes over {len(views)} positions)")
        return
    if args.breakdown:
        for name in args.games.split(","):
            breakdown(name, positions(name, args.moves, args.seed, args.players)[::4], names)
        return
    if args.profile:
        views = positions(args.profile, args.moves, args.seed, args.players)
        render_parts(args.profile, views[0], names, "en", {})
        profiler = cProfile.Profile()
        shown: dict[int, str] = {}
        profiler.enable()
        for view in views:
            shown = {part.position: part.digest for part in render_parts(args.profile, view, names, "en", shown)}
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
        return
    for name in args.games.split(","):
        views = positions(name, args.moves, args.seed, args.players)
        result = run(name, views, names)
        print(f"{name:12s} {len(views):3d} positions: render_parts CPU mean {result['mean_ms']:6.1f} ms (drawing "
              f"{result['draw_ms']:.1f}), median {result['median_ms']:6.1f}, p95 {result['p95_ms']:6.1f}; "
              f"{result['images']} images, {result['encoded']:.2f} encoded per move, {result['kib']:.0f} KiB per move; "
              f"{result['unchanged_share']:.0%} of the pixels unchanged")


if __name__ == "__main__":
    main()
