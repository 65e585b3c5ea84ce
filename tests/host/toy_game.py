"""A tiny game that exercises the whole rules contract, so the host can be tested without
depending on any real game: a simultaneous secret choice, a turn order, dice from the
state's RNG and an end.

Setup: every seat secretly picks a bonus 1-3 (``pick N``; shown to others as ``pick ?``
until everyone has picked).  Then seats take turns: ``add K`` (K = 1-3) adds K to a shared
counter and K to the mover's score; ``roll`` adds a die roll (reveals information, so it
cannot be undone).  When the counter reaches ``target`` the game ends and bonuses count.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from rules.base import Game, IllegalMove, OptionSpec
from rules.rng import Rng


@dataclass
class ToyState:
    players: int
    target: int
    rng: Rng
    picks: list[int | None]
    counter: int = 0
    turn: int = 0
    points: list[int] = field(default_factory=list)
    over: bool = False


@dataclass(frozen=True)
class ToyMove:
    seat: int
    kind: str           # pick, add, roll
    value: int = 0


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 4
    options = (OptionSpec("players", "int", 2, "players", min=2, max=4),
               OptionSpec("target", "int", 10, "counter to reach", min=3, max=99))

    def new_game(self, options: dict[str, Any], seed: int) -> ToyState:
        options = self.normalize_options(options)
        n = options["players"]
        return ToyState(n, options["target"], Rng(seed), [None] * n, points=[0] * n)

    def _setup(self, state: ToyState) -> bool:
        return any(pick is None for pick in state.picks)

    def parse_move(self, state: ToyState, seat: int, text: str) -> ToyMove:
        words = text.lower().split()
        if words == ["roll"]:
            return ToyMove(seat, "roll")
        if len(words) == 2 and words[0] in ("pick", "add") and words[1].isdigit():
            return ToyMove(seat, words[0], int(words[1]))
        raise IllegalMove(f"I cannot read {text!r}: write 'pick N', 'add N' or 'roll'.", rule="TOY-1")

    def format_move(self, move: ToyMove) -> str:
        return "roll" if move.kind == "roll" else f"{move.kind} {move.value}"

    def legal_moves(self, state: ToyState, seat: int):
        if seat not in self.waiting_for(state):
            return []
        if self._setup(state):
            return [ToyMove(seat, "pick", v) for v in (1, 2, 3)]
        return [ToyMove(seat, "add", v) for v in (1, 2, 3)] + [ToyMove(seat, "roll")]

    def apply(self, state: ToyState, move: ToyMove) -> ToyState:
        if move.seat not in self.waiting_for(state):
            raise IllegalMove("It is not your turn.", rule="TOY-2")
        if move not in self.legal_moves(state, move.seat):
            raise IllegalMove(f"{self.format_move(move)} is not allowed now; allowed: "
                              + ", ".join(self.format_move(m) for m in self.legal_moves(state, move.seat)), rule="TOY-3")
        new = copy.deepcopy(state)
        if move.kind == "pick":
            new.picks[move.seat] = move.value
            return new
        gain = move.value if move.kind == "add" else new.rng.randint(1, 3)
        new.counter += gain
        new.points[move.seat] += gain
        new.turn = (new.turn + 1) % new.players
        if new.counter >= new.target:
            new.over = True
        return new

    def waiting_for(self, state: ToyState) -> set[int]:
        if state.over:
            return set()
        if self._setup(state):
            return {seat for seat, pick in enumerate(state.picks) if pick is None}
        return {state.turn}

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        if not self._setup(state):
            return state
        hidden = copy.deepcopy(state)
        hidden.picks = [pick if s == seat else (0 if pick is not None else None) for s, pick in enumerate(state.picks)]
        hidden.rng = Rng(0, 0)
        return hidden

    def scores(self, state: ToyState) -> list[int]:
        return [p + ((state.picks[s] or 0) if state.over else 0) for s, p in enumerate(state.points)]

    def is_over(self, state: ToyState) -> bool:
        return state.over

    def winners(self, state: ToyState) -> list[int]:
        scores = self.scores(state)
        return [s for s, v in enumerate(scores) if v == max(scores)]

    def dump_state(self, state: ToyState) -> dict[str, Any]:
        return {"players": state.players, "target": state.target, "rng": state.rng.to_json(), "picks": state.picks,
                "counter": state.counter, "turn": state.turn, "points": state.points, "over": state.over}

    def load_state(self, data: dict[str, Any]) -> ToyState:
        return ToyState(data["players"], data["target"], Rng.from_json(data["rng"]), list(data["picks"]),
                        data["counter"], data["turn"], list(data["points"]), data["over"])

    def seat_label(self, state: ToyState, seat: int) -> str:
        return ("Red", "Blue", "Green", "Yellow")[seat]

    def status_lines(self, view: ToyState) -> list[str]:
        return [f"Counter {view.counter}/{view.target}"]

    def private_lines(self, view: ToyState, seat: int) -> list[str]:
        return [f"Your secret bonus: {view.picks[seat] or 'not chosen yet'}"]

    def reveals_information(self, before: ToyState, move: ToyMove, after: ToyState) -> bool:
        return move.kind == "roll"

    def redact_move(self, state: ToyState, seat: int, move_text: str) -> str:
        if move_text.startswith("pick") and self._setup(state):
            return "pick ?"
        return move_text

    def notation_help(self) -> str:
        return "pick N, add N, roll"

    def rules_summary(self) -> str:
        return "Reach the target together; the one who adds most wins."


GAME = ToyGame()


def render(view: ToyState, *, player_names: list[str] | None = None):
    from PIL import Image, ImageDraw
    image = Image.new("RGB", (320, 180), "white")
    ImageDraw.Draw(image).text((10, 10), f"counter {view.counter}", fill="black")
    return image
