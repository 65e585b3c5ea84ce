"""The Gaia Project ``Game`` object behind the rules-core contract."""
from __future__ import annotations

import pickle
from rules.base import Game, IllegalMove, OptionSpec, players_option

from . import engine as E
from . import setup as S
from .notation import NotationError, format_line, line_ended, parse_commands, split_actor
from .tables import FACTIONS, FIELDS
from .turns import apply_line, waiting_for


def _copy(st):
    return pickle.loads(pickle.dumps(st, protocol=pickle.HIGHEST_PROTOCOL))


class GaiaGame(Game):
    name = "gaia"
    title = "Gaia Project"
    min_players = 2
    max_players = 4
    options = (
        players_option(2, 4, 3),
        OptionSpec("map", "choice", "standard", "map: reference layout or a variable map (GP-VAR-7)",
                   choices=("standard", "method1", "method2", "method3")),
        OptionSpec("factions", "choice", "choose", "faction choice: players choose, random, or the first-game lists",
                   choices=("choose", "random", "first-game")),
        OptionSpec("turn_order", "choice", "clockwise",
                   "next round: clockwise from the first passer, or in pass order (GP-VAR-4)",
                   choices=("clockwise", "passOrder")),
        OptionSpec("rotate_sectors", "bool", False, "the last player may rotate sectors before factions (GP-VAR-11)"),
        OptionSpec("auto_convert", "bool", True, "convert power and QIC automatically at game end (GP-END-6a)"),
        OptionSpec("fed_check", "bool", True, "reject non-minimal federations (GP-FED-6)"),
        OptionSpec("strict_endings", "bool", False,
                   "boardgamers line endings: action turns end with '.', pass/reactions/setup lines do not (§12.1)"),
        OptionSpec("auto_income", "bool", False,
                   "order token/charge income automatically, wasting the fewest charges (GP-INC-4)"),
    )

    # ----- creation ---------------------------------------------------------------
    def new_game(self, options, seed):
        return S.from_options(self.normalize_options(options), seed)

    def from_setup(self, record: dict, options: dict | None = None):
        return S.from_record(record, options)

    # ----- moves ----------------------------------------------------------------------
    def actor_seat(self, state, actor: str) -> int | None:
        if actor.startswith("p") and actor[1:].isdigit():
            return int(actor[1:]) - 1
        return E.seat_of_faction(state, actor)

    def parse_move(self, state, seat, text):
        actor, body = split_actor(text)
        if actor is not None:
            s = self.actor_seat(state, actor)
            if s is not None and s != seat:
                raise IllegalMove(f"This line is for {actor}, not for seat {seat + 1}")
        try:
            cmds = parse_commands(body)
        except NotationError as e:
            raise IllegalMove(str(e), "GP-NOT") from None
        if not cmds:
            raise IllegalMove("Empty move")
        move = {"seat": seat, "actor": self.seat_label_id(state, seat), "cmds": cmds}
        if line_ended(body):
            move["ended"] = True
        return move

    def parse_line(self, state, text):
        """A full log line with its player prefix -> move (for replays)."""
        actor, body = split_actor(text)
        if actor is None:
            raise IllegalMove(f"No player prefix in {text!r}")
        seat = self.actor_seat(state, actor)
        if seat is None:
            raise IllegalMove(f"Unknown player {actor!r}")
        return self.parse_move(state, seat, text)

    def format_move(self, move):
        return format_line(move.get("actor"), move["cmds"], bool(move.get("ended")))

    def seat_label_id(self, state, seat):
        p = state["players"][seat]
        return p["faction"] if p else f"p{seat + 1}"

    def apply(self, state, move):
        st = _copy(state)
        apply_line(st, move["seat"], move["cmds"], ended=bool(move.get("ended")))
        st["log_count"] = st.get("log_count", 0) + 1
        return st

    def apply_inplace(self, state, move):
        apply_line(state, move["seat"], move["cmds"], ended=bool(move.get("ended")))
        state["log_count"] = state.get("log_count", 0) + 1
        return state

    def legal_moves(self, state, seat):
        from .moves import legal_moves
        return legal_moves(state, seat)

    def complete(self, state, seat, prefix, limit=25):
        from .moves import complete
        return complete(state, seat, prefix, limit)

    def waiting_for(self, state):
        return waiting_for(state)

    # ----- views -------------------------------------------------------------------------
    def view(self, state, seat):
        return _copy(state)  # GP-HID-1: perfect information

    def scores(self, state):
        return [p["vp"] if p else 10 for p in state["players"]]

    def is_over(self, state):
        return state["phase"] == "over"

    def winners(self, state):
        if not self.is_over(state):
            return []
        sc = self.scores(state)
        best = max(sc)
        return [i for i, v in enumerate(sc) if v == best]

    def dump_state(self, state):
        return _copy(state)

    def load_state(self, data):
        if data.get("game") != "gaia":
            raise ValueError("not a Gaia Project state")
        return _copy(data)

    def seat_label(self, state, seat):
        p = state["players"][seat]
        return FACTIONS[p["faction"]]["name"] if p else f"Seat {seat + 1}"

    def status_lines(self, view):
        st = view
        lines = [f"Round {st['round']}, phase {st['phase']}"
                 + (f", scoring {st['round_scoring'][st['round'] - 1]}" if 1 <= st["round"] <= 6 else "")]
        for s, p in enumerate(st["players"]):
            if not p:
                lines.append(f"Seat {s + 1}: choosing a faction")
                continue
            pw = p["power"]
            bs = f" stone {p['brainstone']}" if p["brainstone"] else ""
            res = " ".join(f"{f}{p['research'][f]}" for f in FIELDS)
            lines.append(f"{FACTIONS[p['faction']]['name']}: {p['vp']} VP, {p['c']}c {p['o']}o {p['k']}k {p['q']}q, "
                         f"power {pw['area1']}/{pw['area2']}/{pw['area3']} gaia {pw['gaia']}{bs}, {res}"
                         + (", passed" if p["passed"] else "") + (f", {p['booster']}" if p["booster"] else ""))
        return lines   # who is to act: the host adds it with the players' names

    def private_lines(self, view, seat):
        p = view["players"][seat]
        if not p:
            return []
        out = []
        if p.get("waiting") == "income":
            out.append("Choose the order of your income: " + ", ".join(p["income_todo"]))
        if p.get("waiting") == "brainstone":
            out.append("Where does the brainstone go: " + " or ".join(p.get("ask") or []))
        off = view.get("offer")
        if off and off["seat"] == seat:
            out.append(f"Power offer from {E.hexname(view, off['hex'])}: " + " or ".join(off["offers"]))
        return out

    def reveals_information(self, before, move, after):
        return False

    def notation_help(self):
        return ("boardgamers notation: 'build m 4A10', 'build ts -2x4', 'up nav', 'action power3', "
                "'special step. build m 5B2', 'federation 1A1,1B2 fed4', 'spend 4pw for 1q', 'burn 2', "
                "'pass booster3', 'charge 2pw' / 'decline'; several sub-commands joined by '. '.")

    def rules_summary(self):
        return "Gaia Project: 6 rounds of income, Gaia phase, actions and clean-up; most VP wins."


GAME = GaiaGame()
