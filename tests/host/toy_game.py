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

from pathlib import Path

from rules.base import Component, Game, GameType, IllegalMove, Notice, OptionSpec, PreferenceSpec, ScorePart
from rules.messages import Msg, add_catalogue_folder
from rules.rng import Rng

add_catalogue_folder(Path(__file__).with_name("toy_i18n"))


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
    game_type = GameType(hidden_information=True, chance=True, simultaneous=True)   # sealed picks, rolls
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 4
    options = (OptionSpec("players", "int", 2, "param.players", min=2, max=4),
               OptionSpec("target", "int", 10, "toy.opt.target", min=3, max=99))

    def new_game(self, options: dict[str, Any], seed: int) -> ToyState:
        options = self.normalize_options(options)
        n = options["players"]
        return ToyState(n, options["target"], Rng(seed), [None] * n, points=[0] * n)

    def _setup(self, state: ToyState) -> bool:
        return any(pick is None for pick in state.picks)

    HU_WORDS = {"pick": "választ", "add": "hozzáad", "roll": "dob"}

    def parse_move(self, state: ToyState, seat: int, text: str) -> ToyMove:
        words = text.lower().split()
        english = {hu: en for en, hu in self.HU_WORDS.items()}
        words = [english.get(word, word) for word in words]
        if words == ["roll"]:
            return ToyMove(seat, "roll")
        if len(words) == 2 and words[0] in ("pick", "add") and words[1].isdigit():
            return ToyMove(seat, words[0], int(words[1]))
        raise IllegalMove("toy.err.unreadable", "TOY-1", text=text)

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
            raise IllegalMove("toy.err.not_your_turn", "TOY-2")
        if move not in self.legal_moves(state, move.seat):
            raise IllegalMove("toy.err.not_allowed", "TOY-3", move=self.format_move(move),
                              allowed=[self.format_move(m) for m in self.legal_moves(state, move.seat)])
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

    def seat_label(self, state: ToyState, seat: int) -> Msg:
        return Msg(("toy.colour.red", "toy.colour.blue", "toy.colour.green", "toy.colour.yellow")[seat])

    def status_lines(self, view: ToyState) -> list[Msg]:
        return [Msg("toy.status.counter", counter=view.counter, target=view.target)]

    def private_lines(self, view: ToyState, seat: int) -> list[Msg]:
        pick = view.picks[seat]
        return [Msg("toy.private.bonus", bonus=pick) if pick else Msg("toy.private.no_bonus")]

    def reveals_information(self, before: ToyState, move: ToyMove, after: ToyState) -> bool:
        # a roll, and the last sealed pick (it opens every pick)
        return move.kind == "roll" or (self._setup(before) and not self._setup(after))

    def redact_move(self, state: ToyState, seat: int, move_text: str) -> str | Msg:
        if move_text.startswith("pick") and self._setup(state):
            return Msg("toy.redacted_pick")
        return move_text

    def move_phrase(self, state: ToyState, seat: int, text: str) -> Msg | None:
        words = text.split()
        if words == ["roll"]:
            return Msg("toy.phrase.roll")
        if len(words) == 2 and words[0] in ("pick", "add"):
            return Msg(f"toy.phrase.{words[0]}", value=words[1])
        return None

    def localize_move(self, text: str, language: str) -> str:
        if language != "hu":
            return text
        words = text.split()
        return " ".join([self.HU_WORDS.get(words[0], words[0])] + words[1:])

    def score_breakdown(self, state: ToyState) -> list[list[ScorePart]]:
        return [[ScorePart(Msg("toy.score.counter"), points),
                 ScorePart(Msg("toy.score.bonus"), (state.picks[seat] or 0) if state.over else 0)]
                for seat, points in enumerate(state.points)]

    def components(self) -> tuple[Component, ...]:
        return (Component("bonus", "toy.kind.bonus", Msg("toy.comp.bonus.name"), Msg("toy.comp.bonus.text"),
                          Msg("toy.comp.bonus.gist"), aliases=("bónusz",)),)

    def hidden_in_view(self, state: ToyState, viewer: int | None) -> list[str]:
        return []   # picks are numbers 1-3: the view test below checks them directly

    def notices(self, before: ToyState, move: ToyMove, after: ToyState) -> list[Notice]:
        if move.kind == "roll":
            return [Notice(move.seat, Msg("toy.notice.rolled", gain=after.counter - before.counter))]
        return []

    preferences = (PreferenceSpec("autopick", "toy.pref.autopick", ("ask", "1", "2", "3"), "ask"),)

    def auto_move(self, state: ToyState, seat: int, prefs) -> tuple[ToyMove, Msg] | None:
        choice = (prefs.get("autopick") or {}).get("choice", "ask")
        if self._setup(state) and state.picks[seat] is None and choice in ("1", "2", "3"):
            return ToyMove(seat, "pick", int(choice)), Msg("toy.pref.autopick.reason", pick=choice)
        return None

    def default_move(self, state: ToyState, seat: int) -> ToyMove | None:
        if seat not in self.waiting_for(state):
            return None
        return ToyMove(seat, "pick", 1) if self._setup(state) else ToyMove(seat, "add", 1)


GAME = ToyGame()


def render(view: ToyState, *, player_names: list[str] | None = None, language: str = "en"):
    from PIL import Image, ImageDraw
    image = Image.new("RGB", (320, 180), "white")
    ImageDraw.Draw(image).text((10, 10), f"counter {view.counter}", fill="black")
    return image
