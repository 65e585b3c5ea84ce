"""A newcomer's driver: plays one game through the local console as a player who only reads the
suggestions, and writes the commands typed (a replayable script) and the whole transcript.

After each move it asks `? /<game> move` (`? /<game> lépés` in Hungarian) for whoever is waiting,
picks one suggestion (by a weight per verb, or the first preferred verb that is offered), types a
deliberate mistake now and then, shows the hand and the status every few moves, and asks `info`
about each new code it meets in the suggestions. With two or more human seats it joins them in
the lobby (`as bob`, `click <Join button>`), starts with the joining order, and switches seats
with `as` whenever the one typing has nothing to do. With computers it plays alice alone.

    python docs/newcomer_driver.py GAME SEED OUT_PREFIX [name:value ...] [--locale hu|en]
        [--computers K] [--players N] [--max-moves M] [--prefer VERB ...] [--weight VERB=W ...]
        [--mistakes FILE] [--mistake-every K] [--status-every K] [--info REGEX] [--info-per-move K]

The `name:value` words right after OUT_PREFIX are lobby options, typed as they are (`korok:1-3`,
`hossz:rövid`).
It writes OUT_PREFIX.txt (the script: replay it with the command on its second line),
OUT_PREFIX.log (the transcript) and the board images in OUT_PREFIX-boards/. Examples (the
scripts of docs/newcomer-scripts-2026-11-28/ were played so):

    # EVE in Hungarian against one computer, to the end (docs/newcomer-scripts-2026-11-28/eve-hu-computer.txt)
    python docs/newcomer_driver.py eve 21 /tmp/nh/eve --locale hu --computers 1 --max-moves 200
    # Space Corp for two humans, alice and bob both typed by the driver (.../spacecorp-hu-2p.txt)
    python docs/newcomer_driver.py spacecorp 8 /tmp/nh/sc --locale hu --max-moves 300
    # EVE preferring claims, cards and attacks; Gaia in English with Gaia's weights
    python docs/newcomer_driver.py eve 5 /tmp/nh/eve5 --computers 1 --prefer megszerez kijátszik támad
    python docs/newcomer_driver.py gaia 31 /tmp/nh/gaia --locale en --weight federation=30 build=6 pass=0.6

The first line of the script says how it was made; the second how to replay it.  Copy OUT.txt
beside the report and change the path in its two header lines.

The console runs with WORKER_PROCESSES=0 (the computer thinks in this process, by a fixed
number of simulations since --seed is given), so a game with computers replays the same.
The archived copies in docs/newcomer-scripts-2026-11-27g/ and -27i/ are what wrote the scripts
beside them; this one replaces both.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys

# The host's words in each language: the subcommands, the lobby options and the Join button.
WORDS = {
    "en": {"new": "new", "start": "start", "move": "move", "hand": "hand", "status": "status",
           "info": "info", "log": "log", "players": "players", "computers": "computers",
           "joined": "seating:joined", "join": "Join", "over": ("Game over", "This game is over")},
    "hu": {"new": "új", "start": "indítás", "move": "lépés", "hand": "kéz", "status": "állás",
           "info": "infó", "log": "napló", "players": "játékosok", "computers": "számítógépek",
           "joined": "ülésrend:csatlakozás", "join": "Csatlakozom",
           "over": ("Vége a játéknak", "Ez a játék véget ért")},
}
# Codes worth an `info` when first seen in a suggestion.
INFO = {
    "gaia": r"\b(booster\d+|fed\d|adv-\w+|free\d|power\d|qic\d)\b",
    "eve": r"\b([A-Z]\d\d|[A-ZÁÉ]{3}-[A-C])\b",
    "spacecorp": r"\b([A-Z]\d{1,2})\b",
    "pulsar": r"\b([A-Z]{1,2}\d{1,2}|AD-[A-Z]\d*)\b",
    "planetarium": r"\b([A-Z]\d\d)\b",
}
# Deliberate mistakes (the wrong code, the misspelt verb, the missing number), by game and language.
MISTAKES = {
    ("eve", "hu"): ["/eve lépés felfed ZZZ-Q", "/eve lépés székhely R99", "/eve lépés passz", "/eve lépés",
                    "/eve lépés mozgat R01 R02 9", "/eve lépés felfed", "/eve lépés vasarol X99",
                    "/eve lépés Passz.", "/eve infó R99", "/eve infó"],
    ("spacecorp", "hu"): ["/spacecorp lépés épít", "/spacecorp lépés mozgás K9 föld>mars",
                          "/spacecorp lépés kutatás infra=idegen", "/spacecorp lépés fejlesztés XX",
                          "/spacecorp lépés passz", "/spacecorp lepes mozgas", "/spacecorp infó Z9",
                          "/spacecorp lépés Épít"],
    ("pulsar", "hu"): ["/pulsar lépés repül", "/pulsar lépés választ 9 K1", "/pulsar lépés szabadalom ZZ e1",
                       "/pulsar lépés kezdőkapu K99", "/pulsar lépés vege", "/pulsar lépés adóállomás elvesz AD-A99 e1"],
    ("gaia", "en"): ["/gaia move build m 9Z9", "/gaia move up", "/gaia move up navgation", "/gaia move Build M 1a1",
                     "/gaia move action power9", "/gaia move pass booster99", "/gaia move spend 9pw for 1q",
                     "/gaia move burn 9", "/gaia move federation 1A1 fed9", "/gaia move build lab 9Z9"],
    ("planetarium", "en"): ["/planetarium move discard Z99", "/planetarium move mv", "/planetarium move foo",
                            "/planetarium move play F99", "/planetarium move mv I-1 V-9"],
}
NAMES = ["alice", "bob", "carol", "dave", "erin"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("seed", type=int)
    ap.add_argument("out", help="prefix of the files written")
    ap.add_argument("--locale", choices=sorted(WORDS), default="hu")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--computers", type=int, default=0, help="computer seats (alice plays alone if any)")
    ap.add_argument("--max-moves", type=int, default=600)
    ap.add_argument("--prefer", nargs="*", default=[], help="verbs taken first when offered (80%%)")
    ap.add_argument("--weight", nargs="*", default=[], help="VERB=W: weights for a random pick")
    ap.add_argument("--mistakes", help="a file of deliberate mistakes, one command a line")
    ap.add_argument("--mistake-every", type=int, default=6)
    ap.add_argument("--status-every", type=int, default=12)
    ap.add_argument("--info", help="regex of the codes to ask `info` about (default: per game)")
    ap.add_argument("--info-per-move", type=int, default=3, help="at most this many new codes asked a move")
    ap.add_argument("options", nargs="*", help="lobby options, name:value")
    a = ap.parse_args()

    w = WORDS[a.locale]
    game = a.game
    rng = random.Random(a.seed)
    weights = {k: float(v) for k, v in (x.split("=", 1) for x in a.weight)}
    if a.mistakes:
        with open(a.mistakes) as f:
            mistakes = [ln.strip() for ln in f if ln.strip() and not ln.startswith("#")]
    else:
        mistakes = MISTAKES.get((game, a.locale), [f"/{game} {w['move']} ???"])
    info_re = re.compile(a.info or INFO.get(game, r"(?!)"))
    boards = a.out + "-boards"
    cmd = [sys.executable, "-m", "bot", "console", "--locale", a.locale, "--seed", str(a.seed), "--boards", boards]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, bufsize=1, env={**os.environ, "WORKER_PROCESSES": "0"})
    assert proc.stdin and proc.stdout
    typed: list[str] = []
    log = open(a.out + ".log", "w")

    def run(line: str) -> str:
        """Types one line and returns what the console answered (up to a `users` marker)."""
        typed.append(line)
        proc.stdin.write(line + "\nusers\n")
        proc.stdin.flush()
        lines = []
        while True:
            out = proc.stdout.readline()
            if not out:
                break
            if out.rstrip() == "> users":
                proc.stdout.readline()
                break
            lines.append(out)
        text = "".join(lines)
        log.write(text)
        log.flush()
        return text

    humans = NAMES[: a.players - a.computers]
    new = f"/{game} {w['new']} {w['players']}:{a.players}"
    if a.computers:
        new += f" {w['computers']}:{a.computers}"
    run(" ".join([new, *a.options]))
    for name in humans[1:]:
        run(f"as {name}")
        run(f"click {w['join']}")
    if len(humans) > 1:
        run(f"as {humans[0]}")
    run(f"/{game} {w['start']}" + (f" {w['joined']}" if len(humans) > 1 else ""))
    who = humans[0]
    seen: set[str] = set()
    moves = stuck = 0
    last = ""
    while moves < a.max_moves:
        text = run(f"? /{game} {w['move']}")
        options = re.findall(r"^  (\S.*?)   \((.*)\)$", text, re.M)
        if not options:
            stuck += 1
            if stuck > len(humans) + 2 or any(s in last for s in w["over"]):
                break
            if len(humans) > 1:
                who = humans[(humans.index(who) + 1) % len(humans)]
                run(f"as {who}")
            else:
                buttons = re.findall(r"^    \S+: \[(.*?)\]", last, re.M)
                last = run(f"click {buttons[-1]}") if buttons else run(f"/{game} {w['status']}")
            continue
        stuck = 0
        if moves % a.status_every == 0:
            run(f"/{game} {w['hand']}")
            run(f"/{game} {w['status']}")
        if a.mistake_every and moves % a.mistake_every == a.mistake_every // 2:
            run(rng.choice(mistakes))
        new_codes = [c for c in dict.fromkeys(info_re.findall(" ".join(o for o, _ in options))) if c not in seen]
        for code in new_codes[: a.info_per_move]:
            seen.add(code)
            run(f"/{game} {w['info']} {code}")
        pick = None
        for verb in a.prefer:
            hits = [o for o, _ in options if o.split()[0] == verb]
            if hits and rng.random() < 0.8:
                pick = rng.choice(hits)
                break
        if pick is None:
            pick = rng.choices([o for o, _ in options], weights=[weights.get(o.split()[0], 1) for o, _ in options])[0]
        last = run(f"/{game} {w['move']} {pick}")
        moves += 1
        if any(s in last for s in w["over"]):
            break
    run(f"/{game} {w['status']}")
    run(f"/{game} {w['log']}")
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait(timeout=120)
    seats = f"alice against {a.computers} computer(s)" if a.computers else \
        f"{', '.join(humans)} all typed by the driver (switching with as)"
    with open(a.out + ".txt", "w") as f:
        f.write(f"# {game} ({a.locale}), {seats}, {moves} moves: docs/newcomer_driver.py "
                + " ".join(sys.argv[1:]) + "\n")
        f.write(f"# WORKER_PROCESSES=0 python -m bot console --locale {a.locale} --seed {a.seed} < {a.out}.txt\n")
        f.write("\n".join(typed) + "\n")


if __name__ == "__main__":
    main()
