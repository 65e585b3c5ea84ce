"""Plays a game through the English console with two human seats (alice and bob, switching with
`as`): after each move it asks `? /<game> move` for whoever is waiting, picks a suggestion by a
weight per verb, types a deliberate mistake now and then, shows `hand`, `status` and `info` on
what it meets, and writes the commands typed (a replayable script) and the whole transcript.

python docs/newcomer-scripts-2026-11-27i/driver.py gaia 31 OUT_PREFIX [max_moves] [option:value ...]
With the option computers:1, alice plays against a computer seat instead (bob does not join).
"""
import os
import random
import re
import subprocess
import sys

game, seed, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
max_moves = int(sys.argv[4]) if len(sys.argv) > 4 else 600
OPTIONS = " ".join(sys.argv[5:])
rng = random.Random(seed)
proc = subprocess.Popen([sys.executable, "-m", "bot", "console", "--seed", str(seed), "--boards", out + "-boards"],
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                        bufsize=1, env={**os.environ, "WORKER_PROCESSES": "0"})
typed: list[str] = []
log = open(out + ".log", "w")


def run(cmd: str) -> str:
    typed.append(cmd)
    assert proc.stdin and proc.stdout
    proc.stdin.write(cmd + "\nusers\n")
    proc.stdin.flush()
    lines = []
    while True:
        line = proc.stdout.readline()
        if not line:
            break
        if line.rstrip() == "> users":
            proc.stdout.readline()
            break
        lines.append(line)
    text = "".join(lines)
    log.write(text)
    log.flush()
    return text


WEIGHTS = {
    "gaia": {"federation": 30, "build": 6, "up": 4, "action": 4, "special": 4, "spend": 1, "burn": 1,
             "charge": 3, "decline": 1, "income": 2, "pass": 0.6, "booster": 1, "faction": 1},
    "planetarium": {},
}
MISTAKES = {
    "gaia": ["/gaia move build m 9Z9", "/gaia move up", "/gaia move up navgation", "/gaia move Build M 1a1",
             "/gaia move action power9", "/gaia move pass booster99", "/gaia move spend 9pw for 1q",
             "/gaia move burn 9", "/gaia move federation 1A1 fed9", "/gaia move build lab 9Z9",
             "/gaia move charge 9pw", "/gaia move special step", "/gaia move bild m 1A1", "/gaia move pass."],
    "planetarium": ["/planetarium move discard Z99", "/planetarium move mv", "/planetarium move foo",
                    "/planetarium move play F99", "/planetarium move mv I-1 V-9"],
}
seen_info: set[str] = set()
run(f"/{game} new players:2" + (" " + OPTIONS if OPTIONS else ""))
computer = "computers:" in OPTIONS
if not computer:
    run("as bob")
    run("click join")
    run("as alice")
run(f"/{game} start" + ("" if computer else " seating:joined"))
who = "alice"
moves = 0
stuck = 0
while moves < max_moves:
    text = run(f"? /{game} move")
    options = re.findall(r"^  (\S.*?)   \((.*)\)$", text, re.M)
    if not options:
        if computer:
            last = run(f"/{game} status")
            stuck += 1
            if stuck > 3:
                break
            continue
        other = "bob" if who == "alice" else "alice"
        run(f"as {other}")
        who = other
        stuck += 1
        if stuck > 3:
            break
        continue
    stuck = 0
    if moves % 15 == 0:
        run(f"/{game} hand")
        run(f"/{game} status")
    if moves % 6 == 2:
        run(rng.choice(MISTAKES[game]))
    for word in re.findall(r"\b(booster\d+|fed\d|adv-\w+|free\d|power\d|qic\d)\b", " ".join(o for o, _ in options)):
        if word not in seen_info:
            seen_info.add(word)
            run(f"/{game} info {word}")
    weights = [WEIGHTS[game].get(o.split()[0], 1) for o, _ in options]
    pick = rng.choices([o for o, _ in options], weights=weights)[0]
    last = run(f"/{game} move {pick}")
    moves += 1
    if "has ended" in last or "Final scoring" in last and "winner" in last.lower():
        break
run(f"/{game} status")
run(f"/{game} log")
proc.stdin.write("quit\n")
proc.stdin.flush()
proc.wait(timeout=60)
with open(out + ".txt", "w") as f:
    f.write(f"# {game} in English, " + ("alice against one computer" if computer else "alice and bob both typed by the driver (switching with as)")
            + ": weighted picks among the suggestions, deliberate mistakes, hand/status/info\n")
    f.write(f"# WORKER_PROCESSES=0 python -m bot console --seed {seed} < {out}.txt\n")
    f.write("\n".join(typed) + "\n")
