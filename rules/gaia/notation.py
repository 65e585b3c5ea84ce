"""The boardgamers move notation (spec §12): lines of ". "-separated sub-commands."""
from __future__ import annotations

import re

from .tables import FACTION_IDS

VERBS = {"init", "rotate", "faction", "build", "booster", "pass", "up", "decline", "tech", "cover", "action",
         "fedtile", "special", "swap-PI", "federation", "lostPlanet", "spend", "burn", "charge", "brainstone",
         "income", "set", "bid"}
ARGS = {"faction": 1, "build": 2, "booster": 1, "up": 1, "tech": 1, "cover": 1, "action": 1, "fedtile": 1,
        "special": 1, "swap-PI": 1, "federation": 2, "lostPlanet": 1, "burn": 1, "charge": 1, "brainstone": 1,
        "income": 1, "init": 2, "bid": 2, "decline": 0}
_PLAYER = re.compile(r"^p[1-7]$")
_QXR = re.compile(r"^-?\d+x-?\d+$")

# Hungarian aliases (§12.6)
ALIASES = {"bánya": "m", "állomás": "ts", "kereskedelmi": "ts", "labor": "lab", "intézet": "PI",
           "akadémia1": "ac1", "akadémia2": "ac2", "gaiaformáló": "gf", "terraformálás": "terra",
           "navigáció": "nav", "mi": "int", "gazdaság": "eco", "tudomány": "sci"}


class NotationError(ValueError):
    pass


def split_actor(text: str) -> tuple[str | None, str]:
    text = text.strip()
    first, _, rest = text.partition(" ")
    if first in FACTION_IDS or _PLAYER.match(first):
        return first, rest
    return None, text


def parse_commands(body: str) -> list[list[str]]:
    """Split a line body into sub-commands, dropping display annotations (§12.4)."""
    cmds: list[list[str]] = []
    for piece in body.split("."):
        piece = piece.strip()
        if not piece or piece.startswith("("):
            continue
        toks = piece.split()
        verb = toks[0]
        if verb not in VERBS:
            raise NotationError(f"Unknown command {verb!r}")
        rest = []
        for t in toks[1:]:
            if t.startswith("(") or t in ("using", "returning"):
                break
            rest.append(ALIASES.get(t, t))
        if verb == "spend":
            if len(rest) < 3 or rest[1] != "for":
                raise NotationError("spend needs '<cost> for <gain>', e.g. 'spend 4pw for 1q'")
            cmd = ["spend", rest[0], rest[2]]
        elif verb == "pass":
            cmd = ["pass"] + ([rest[0]] if rest and rest[0].startswith("booster") else [])
        elif verb == "decline":
            cmd = ["decline"]
        elif verb == "rotate":
            args = []
            i = 0
            while i + 1 < len(rest) and _QXR.match(rest[i]):
                args += [rest[i], rest[i + 1]]
                i += 2
            cmd = ["rotate"] + args
        else:
            n = ARGS.get(verb, 1)
            if len(rest) < n:
                raise NotationError(f"{verb} needs {n} argument(s)")
            cmd = [verb] + rest[:n]
        cmds.append(cmd)
    return cmds


def line_ended(body: str) -> bool:
    """§12.1: a line ends its turn with a trailing "." or with a final "(...)" annotation piece."""
    pieces = [x.strip() for x in body.split(".")]
    if len(pieces) < 2:
        return False
    if pieces[-1] == "":
        return True
    return pieces[-1].startswith("(")


def format_command(cmd: list[str]) -> str:
    if cmd[0] == "spend":
        return f"spend {cmd[1]} for {cmd[2]}"
    return " ".join(cmd)


def format_line(actor: str | None, cmds: list[list[str]], ended: bool = False) -> str:
    body = ". ".join(format_command(c) for c in cmds) + ("." if ended else "")
    return f"{actor} {body}" if actor else body
