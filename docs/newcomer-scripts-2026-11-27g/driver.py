"""Plays alice against the computer through the Hungarian console: after each '? <game> lépés'
it takes a suggestion (preferring given verbs), types a few deliberate mistakes, shows 'kéz'
and 'állás' every tenth move, and writes the commands typed (a replayable script) and the
whole transcript.

python docs/newcomer-scripts-2026-11-27g/driver.py spacecorp 7 OUT_PREFIX [max_moves] [verb ...]
"""
import random
import re
import subprocess
import sys

game, seed, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
max_moves = int(sys.argv[4]) if len(sys.argv) > 4 else 400
prefer = [a for a in sys.argv[5:] if ":" not in a]
OPTIONS = " ".join(a for a in sys.argv[5:] if ":" in a)
rng = random.Random(seed)
proc = subprocess.Popen([sys.executable, "-m", "bot", "console", "--locale", "hu", "--seed", str(seed),
                         "--boards", "/tmp/nh10/boards"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True, bufsize=1, env={**__import__("os").environ,
                                                                            "WORKER_PROCESSES": "0"})
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


MISTAKES = {
    "spacecorp": ["/spacecorp lépés épít", "/spacecorp lépés mozgás K9 föld>mars", "/spacecorp lépés kutatás infra=idegen",
                  "/spacecorp lépés fejlesztés XX", "/spacecorp lépés passz", "/spacecorp lepes mozgas"],
    "pulsar": ["/pulsar lépés repül", "/pulsar lépés választ 9 K1", "/pulsar lépés szabadalom ZZ e1",
               "/pulsar lépés kezdőkapu K99", "/pulsar lépés vege", "/pulsar lépés adóállomás elvesz AD-A99 e1"],
}
run(f"/{game} új játékosok:2 számítógépek:1" + (" " + OPTIONS if OPTIONS else ""))
run(f"/{game} indítás")
moves = 0
stuck = 0
last = ""
while moves < max_moves:
    text = run(f"? /{game} lépés")
    options = re.findall(r"^  (\S.*?)   \(", text, re.M)
    if not options:
        buttons = re.findall(r"gombok: \[(.*?)\]", last)
        if buttons:
            last = run(f"click {buttons[-1]}")
            continue
        stuck += 1
        if stuck > 2:
            break
        run(f"/{game} állás")
        continue
    stuck = 0
    if moves % 10 == 0:
        run(f"/{game} kéz")
        run(f"/{game} állás")
    if moves % 7 == 3:
        run(rng.choice(MISTAKES[game]))
    pick = None
    for verb in prefer:
        hits = [o for o in options if o.startswith(verb) and rng.random() < 0.8]
        if hits:
            pick = rng.choice(hits)
            break
    if pick is None:
        pick = rng.choice(options[:6])
    last = run(f"/{game} lépés {pick}")
    moves += 1
run(f"/{game} állás")
proc.stdin.write("quit\n")
proc.stdin.flush()
proc.wait(timeout=60)
with open(out + ".txt", "w") as f:
    f.write(f"# {game} in Hungarian, alice against one computer, a driver's suggestions with deliberate mistakes\n")
    f.write(f"# WORKER_PROCESSES=0 python -m bot console --locale hu --seed {seed} < {out}.txt\n")
    f.write("\n".join(typed) + "\n")
