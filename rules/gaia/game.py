"""The Gaia Project ``Game`` object behind the rules-core contract."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from rules.base import DESCRIPTION_GLUE, Component, Game, GameType, IllegalMove, OptionSpec, PreferenceSpec, RulesError, ScorePart, players_option
from rules.messages import MINUS, Join, Localized, Msg, mentions

from . import engine as E
from . import places
from . import setup as S
from .notation import NotationError, format_line, line_ended, parse_commands, split_actor
from .state import GaiaMove, GaiaState, Player, clone_state, state_from_json, state_to_json
from .tables import FIELDS, parse_rewards
from .turns import apply_line, waiting_for


#: the order a round's income names its units in (credits, ore, knowledge, QIC, tokens, charges)
INCOME_ORDER = ("c", "o", "k", "q", "t", "pw")


def _income_rank(unit: str) -> int:
    return INCOME_ORDER.index(unit) if unit in INCOME_ORDER else len(INCOME_ORDER)


@dataclass(frozen=True)
class _Description:
    """What :meth:`GaiaGame.describe_move` may say of a move, before it is fitted to the label:
    what a lone ``decline`` turns down, the taken component's gist, the gains and costs, the
    costs alone (where there are gains besides)."""
    cmds: list[list[str]]
    declined: Msg | None = None
    gist: Msg | None = None
    effect: Msg | None = None
    cost: Msg | None = None
    brief: Msg | None = None    # the costs (an income order's bowls) in the images' abbreviations
    brief_all: Msg | None = None    # the gains and costs so, where the costs alone are ``brief``


def _position_tag(state: GaiaState) -> str:
    """What tells one position from another where a state is changed in place (a test's set-up,
    ``apply_inplace``): the memo below is kept only while the tag is the same."""
    return repr((state.get("log_count"), state.get("round"), state.get("phase"), state.get("offer"),
                 state.get("passed"), state.get("current"), state.get("players")))


def _memo_of(state: GaiaState) -> None:
    """Start :data:`_MEMO` afresh unless it is ``state``'s, unchanged (once per label asked)."""
    tag = _position_tag(state)
    if _MEMO.get("state") is not state or _MEMO.get("tag") != tag:
        _MEMO.clear()
        _MEMO["state"], _MEMO["tag"] = state, tag


#: the description parts of the moves of the last position asked (its state under "state"): a
#: label's words and its description are worked out from one copy and apply
_MEMO: dict[Any, Any] = {}


class GaiaGame(Game[GaiaState, GaiaMove]):
    rules_version = 2
    name = "gaia"
    title = "Gaia Project"
    min_players = 2
    max_players = 4
    game_type = GameType(hidden_information=False, chance=False, simultaneous=False)   # open; one decision at a time
    options = (
        players_option(2, 4, 3),
        OptionSpec("map", "choice", "standard", "gaia.opt.map", choices=("standard", "method1", "method2", "method3")),
        OptionSpec("factions", "choice", "choose", "gaia.opt.factions", choices=("choose", "random", "first-game")),
        OptionSpec("turn_order", "choice", "clockwise", "gaia.opt.turn_order", choices=("clockwise", "passOrder")),
        OptionSpec("rotate_sectors", "bool", False, "gaia.opt.rotate_sectors"),
        OptionSpec("auto_convert", "bool", True, "gaia.opt.auto_convert", lobby=False),
        OptionSpec("fed_check", "bool", True, "gaia.opt.fed_check", lobby=False),
        OptionSpec("strict_endings", "bool", False, "gaia.opt.strict_endings", lobby=False),
        OptionSpec("auto_income", "bool", False, "gaia.opt.auto_income"),
        OptionSpec("faction_variant", "choice", "standard", "gaia.opt.faction_variant",
                   choices=("standard", "more-balanced")),
        OptionSpec("auction", "choice", "none", "gaia.opt.auction", choices=("none", "bid-while-choosing", "choose-bid")),
        # 1: income paid to every player at once; 2: in turn order, stopping at the first player
        # who must choose (as boardgamers.space does, GP-INC-4).  Stored games keep their version.
        OptionSpec("rules_version", "int", 2, "gaia.opt.rules_version", min=1, max=2, lobby=False),
    )
    preferences = (PreferenceSpec("charge", "gaia.pref.charge", ("ask", "free", "upto", "never"), "ask", max=6),)

    # ----- creation ---------------------------------------------------------------
    def new_game(self, options: dict[str, Any], seed: int) -> GaiaState:
        return S.from_options(self.normalize_options(options), seed)

    def from_setup(self, record: dict[str, Any], options: dict[str, Any] | None = None) -> GaiaState:
        return S.from_record(record, options)

    # ----- moves ----------------------------------------------------------------------
    def actor_seat(self, state: GaiaState, actor: str) -> int | None:
        if actor.startswith("p") and actor[1:].isdigit():
            return int(actor[1:]) - 1
        return E.seat_of_faction(state, actor)

    def parse_move(self, state: GaiaState, seat: int, text: str) -> GaiaMove:
        actor, body = split_actor(text)
        if actor is not None:
            s = self.actor_seat(state, actor)
            if s is not None and s != seat:
                raise IllegalMove("gaia.err.wrong_actor", "GP-RPL-4", actor=actor, seat=seat + 1)
        try:
            cmds = parse_commands(body)
        except NotationError as e:
            raise IllegalMove(e.msg, "GP-NOT") from None
        if not cmds:
            raise IllegalMove("gaia.err.empty")
        _canonical_hexes(state, cmds)
        move: GaiaMove = {"seat": seat, "actor": self.seat_label_id(state, seat), "cmds": cmds}
        if line_ended(body):
            move["ended"] = True
        return move

    def parse_line(self, state: GaiaState, text: str) -> GaiaMove:
        """A full log line with its player prefix -> move (for replays)."""
        actor, body = split_actor(text)
        if actor is None:
            raise IllegalMove("gaia.err.no_prefix", None, text=text)
        seat = self.actor_seat(state, actor)
        if seat is None:
            raise IllegalMove("gaia.err.unknown_player", None, actor=actor)
        return self.parse_move(state, seat, text)

    def format_move(self, move: GaiaMove) -> str:
        return format_line(move.get("actor"), move["cmds"], bool(move.get("ended")))

    def seat_label_id(self, state: GaiaState, seat: int) -> str:
        p = state["players"][seat]
        return p["faction"] if p else f"p{seat + 1}"

    def apply(self, state: GaiaState, move: GaiaMove) -> GaiaState:
        st = E.clone(state)
        apply_line(st, move["seat"], move["cmds"], ended=bool(move.get("ended")))
        st["log_count"] = st.get("log_count", 0) + 1
        return st

    def apply_inplace(self, state: GaiaState, move: GaiaMove) -> GaiaState:
        apply_line(state, move["seat"], move["cmds"], ended=bool(move.get("ended")))
        state["log_count"] = state.get("log_count", 0) + 1
        return state

    def legal_moves(self, state: GaiaState, seat: int) -> list[GaiaMove]:
        from .moves import legal_moves
        return legal_moves(state, seat)

    def canonical_prefix(self, typed: str) -> str:
        """Hungarian words as the notation's ('épít bánya ' -> 'build m '), by the kit's
        translator over Gaia's word tables (rules/gaia/notation.py)."""
        from .notation import canonical_prefix
        return canonical_prefix(typed)

    def word_aliases(self) -> Mapping[str, str]:
        """The Hungarian verbs and nouns, for completing a word still being typed."""
        from .notation import WORD_ALIASES
        return WORD_ALIASES

    def complete(self, state: GaiaState, seat: int, prefix: str, limit: int = 25) -> list[str]:
        from .moves import complete
        return complete(state, seat, self.canonical_prefix(prefix), limit)

    def move_kind(self, text: str) -> str:
        """The kind of a line for spreading autocomplete: its main command after the leading free
        actions, a build by what it builds ("build m", "build ts"), an action by its board
        (power or QIC)."""
        _actor, body = split_actor(text)
        pieces = [piece.split() for piece in body.split(".") if piece.strip()]
        main = next((words for words in pieces if words[0] not in ("spend", "burn")), pieces[0] if pieces else [""])
        verb = main[0]
        if verb == "build" and len(main) > 1:
            return f"build {main[1]}"
        if verb == "action" and len(main) > 1:
            return "action " + main[1].rstrip("0123456789")
        return verb

    def random_move(self, state: GaiaState, seat: int, rng: random.Random) -> GaiaMove | None:
        from .moves import random_move
        return random_move(state, seat, rng)

    def random_moves(self, state: GaiaState, seat: int, rng: random.Random, count: int) -> list[GaiaMove]:
        from .moves import random_moves
        return random_moves(state, seat, rng, count)

    def evaluate(self, state: GaiaState, seat: int) -> float:
        from .evaluation import evaluate
        return evaluate(state, seat)

    def invariants(self, state: GaiaState) -> list[str]:
        from .playout import check_invariants
        return check_invariants(state)

    def waiting_for(self, state: GaiaState) -> set[int]:
        return waiting_for(state)

    # ----- views -------------------------------------------------------------------------
    def view(self, state: GaiaState, seat: int | None) -> GaiaState:
        return clone_state(state)  # GP-HID-1: perfect information

    def scores(self, state: GaiaState) -> list[int]:
        return [p["vp"] if p else 10 for p in state["players"]]

    def is_over(self, state: GaiaState) -> bool:
        return state["phase"] == "over"

    def winners(self, state: GaiaState) -> list[int]:
        if not self.is_over(state):
            return []
        sc = self.scores(state)
        best = max(sc)
        return [i for i, v in enumerate(sc) if v == best]

    def dump_state(self, state: GaiaState) -> dict[str, Any]:
        return state_to_json(state)

    def load_state(self, data: dict[str, Any]) -> GaiaState:
        if data.get("game") != "gaia":
            raise ValueError("not a Gaia Project state")
        return state_from_json(data)

    def seat_label(self, state: GaiaState, seat: int) -> Msg:
        p = state["players"][seat]
        return Msg("gaia.faction." + p["faction"]) if p else Msg("seat_n", n=seat + 1)

    def waiting_hint(self, state: GaiaState) -> Msg | None:
        """What the thread's "waiting for" line adds (public, the same for every seat): the
        setup step (sector rotation GP-VAR-11, factions, the auction GP-VAR-12, starting
        buildings, boosters), the income or Gaia phase decision (GP-INC-6, GP-GAIA-1), a power
        charge offered to another player (GP-LEECH-1); None where a turn of actions starts."""
        phase = state["phase"]
        if phase in ("rotate", "factions", "auction", "setup", "boosters"):
            return Msg("gaia.phase." + phase)
        if phase in ("income", "gaia"):
            kinds = {kind for p in state["players"] if p and (kind := p.get("waiting"))}
            return Msg("gaia.wait." + kinds.pop()) if len(kinds) == 1 else Msg("gaia.phase." + phase)
        if phase == "actions" and state.get("offer") and state.get("leech_q"):
            return Msg("gaia.wait.offer", player=self.seat_label(state, state["leech_q"][0]["from"]))
        return None

    def status_lines(self, view: GaiaState) -> list[Msg]:
        st = view
        phase = Msg("gaia.phase." + st["phase"])
        if 1 <= st["round"] <= 6 and st.get("round_scoring"):
            tile = st["round_scoring"][st["round"] - 1]
            comp = self.component(tile)
            lines = [Msg("gaia.status.round_scoring", round=st["round"], phase=phase,
                         scoring=comp.gist if comp else tile)]
        elif st["round"] == 0:          # factions, starting mines and boosters: no "Round 0" to a newcomer
            lines = [Msg("gaia.status.setup", phase=phase)]
        else:
            lines = [Msg("gaia.status.round", round=st["round"], phase=phase)]
        finals = [Msg("gaia.finalname." + tile) for tile in st.get("final_scoring") or () if self.component("final-" + tile)]
        if finals:
            lines.append(Msg("gaia.status.final_scoring", tiles=Join(finals, "and")))
        for s, p in enumerate(st["players"]):
            if not p:
                lines.append(Msg("gaia.status.choosing", n=s + 1))
                continue
            pw = p["power"]
            values = dict(faction=Msg("gaia.faction." + p["faction"]), vp=p["vp"], c=p["c"], o=p["o"], k=p["k"],
                          q=p["q"], bowl1=pw["area1"], bowl2=pw["area2"], bowl3=pw["area3"], gaia=pw["gaia"],
                          research=Join([Msg("gaia.status.level", field=Msg("gaia.fieldshort." + f), n=p["research"][f])
                                         for f in FIELDS]))
            extra = []
            if p["brainstone"]:
                extra.append(Msg("gaia.status.brainstone", where=Msg("gaia.bowl." + p["brainstone"])))
            if p["booster"]:
                booster = self.component(p["booster"])
                extra.append(Msg("gaia.status.booster_named", n=p["booster"][7:], gist=booster.gist)
                             if booster else Msg("gaia.status.booster", booster=p["booster"]))
            if p["passed"]:
                extra.append(Msg("gaia.status.passed"))
            if p.get("bid"):
                extra.append(Msg("gaia.status.bid", vp=p["bid"]))
            if extra:
                lines.append(Msg("gaia.status.player_extra", extra=Join(extra), **values))
            else:
                lines.append(Msg("gaia.status.player", **values))
        if st["phase"] in ("factions", "auction") and st["options"].get("auction", "none") != "none":
            held = {p["faction"] for p in st["players"] if p}
            free = [Msg("gaia.faction." + f) for f in st.get("chosen") or [] if f not in held]
            if free:
                lines.append(Msg("gaia.status.auction_free", factions=Join(free, "and")))
        return lines   # who is to act: the host adds it with the players' names

    def private_lines(self, view: GaiaState, seat: int) -> list[Msg]:
        p = view["players"][seat]
        if not p:
            return []
        out = []
        if p.get("waiting") == "income":
            choices = []
            seen = set()
            for ev in p["income_todo"]:
                for n, t in parse_rewards(ev):
                    if t in ("t", "pw") and f"{n}{t}" not in seen:
                        seen.add(f"{n}{t}")
                        choices.append(Msg("gaia.private.choice", move=code(f"income {n}{t}"),
                                           effect=Msg("gaia.gain." + t, n=n)))
            out.append(Msg("gaia.private.income", choices=Join(choices, "or")))
        if p.get("waiting") == "brainstone":
            out.append(Msg("gaia.private.brainstone", choices=Join(
                [Msg("gaia.private.choice", move=code(f"brainstone {a}"), effect=Msg("gaia.bowl." + a))
                 for a in p.get("ask") or []], "or")))
        if p.get("waiting") == "terrans":
            n = p.get("tg_left", 0)
            out.append(Msg("gaia.private.terrans", n=n, example=code(f"spend {n}tg for {n}c")))
        if p.get("waiting") == "itars":
            out.append(Msg("gaia.private.itars", example=code("spend 4tg for tech. tech terra. up terra"),
                           decline=code("decline")))
        off = view.get("offer")
        if off and off["seat"] == seat:
            out.append(Msg("gaia.private.offer", hex=E.hexname(view, off["hex"]),
                           offers=Join([_offer_choice(o) for o in off["offers"]] + [
                               Msg("gaia.private.choice", move=code("decline"), effect=Msg("gaia.gain.nothing"))], "or")))
        return out + self._own_tiles(p)   # the decision asked first, then what the player holds

    def _own_tiles(self, p: Player) -> list[Msg]:
        """The player's booster, tech tiles and federation tokens with what each does (GP-HID-1:
        public, but this is where a player looks for their own)."""
        out = []
        booster = p.get("booster")
        comp = self.component(booster) if booster else None
        if comp:
            out.append(Msg("gaia.private.own", name=comp.name, gist=comp.gist))
        for tile in p.get("techs") or ():
            comp = self.component(tile["id"])
            if comp:
                key = "gaia.private.own_covered" if tile.get("covered") else "gaia.private.own"
                out.append(Msg(key, name=comp.name, gist=comp.gist))
        for fed in p.get("feds") or ():
            comp = self.component(fed["id"]) or self.component("fed-" + fed["id"])
            if comp:
                key = "gaia.private.own_fed_green" if fed.get("green") else "gaia.private.own_fed_used"
                out.append(Msg(key, name=comp.name, gist=comp.gist))
        return [Msg("gaia.private.own_tiles")] + out if out else []

    def events(self, before: GaiaState, move: GaiaMove, after: GaiaState) -> list[Msg]:
        """What a lone ``decline`` turned down (the charge, the Itars' tile), a new round (and who
        starts it), the Gaia phase, the end of the game."""
        out = []
        if after["round"] != before["round"] and 1 <= after["round"] <= 6:
            first = next((s for s in after["order"] if after["players"][s]), None)
            scoring = after.get("round_scoring")
            tile = scoring[after["round"] - 1] if scoring else None
            comp = self.component(tile) if tile else None
            out.append(Msg("gaia.event.new_round", round=after["round"],
                           first=self.seat_label(after, first) if first is not None else "-",
                           scoring=comp.gist if comp and comp.gist else tile or "-"))
            out += self._income_news(after)
            out += self._gaia_news(before, after)
        if after["phase"] != before["phase"] and after["phase"] == "over":
            out.append(Msg("gaia.event.over"))
        declined = _declined(before, move["seat"], move["cmds"], event=True)
        if declined is not None:    # the stored "decline" says not what (newcomer L-1): the thread and log do
            out.insert(0, declined)
        return out

    def _gaia_news(self, before: GaiaState, after: GaiaState) -> list[Msg]:
        """The Gaia phase of the round that began (GP-GAIA-1..4): the transdim planets whose Gaia
        project is complete, and the power tokens that left the Gaia area (to bowl I; the
        Terrans' to bowl II); a Terrans or Itars player still deciding is asked instead.  The new
        round's line names the phase, the thread said nothing of what it did (newcomer 27i)."""
        out = []
        done = [k for k in after.get("gf") or {} if E.planet_of(before, k) == "m" and E.planet_of(after, k) == "g"]
        if done:
            out.append(Msg("gaia.event.gaia_planet" if len(done) == 1 else "gaia.event.gaia_planets",
                           hexes=Join(sorted(E.hexname(after, k) for k in done), "and")))
        for seat in after["order"]:
            old, new = before["players"][seat], after["players"][seat]
            if old and new and old["power"]["gaia"] and not new["power"]["gaia"] and not new.get("waiting"):
                bowl = "area2" if new["faction"] == "terrans" else "area1"
                out.append(Msg("gaia.event.gaia_tokens", player=self.seat_label(after, seat), n=old["power"]["gaia"],
                               bowl=Msg("gaia.bowl." + bowl)))
        return out

    def _income_news(self, state: GaiaState) -> list[Msg]:
        """What each player receives at the start of the round (GP-INC-1), in turn order: the sum
        of their income sources (faction board, buildings, booster, tech tiles, research levels;
        all public), "Income of Terrans: 3 credits, 2 ore, 1 knowledge and a charge of 4 power"
        (newcomer G5; a charge said as one, beside new power tokens).  Said as the sources give
        it: a resource cap (GP-INC-5) or a charge with no token to move may waste some of it."""
        from .texts import UNITS, amount
        out = []
        for seat in state["order"]:
            if not state["players"][seat]:
                continue
            totals: dict[str, int] = {}
            for event in E.income_events(state, seat):
                for n, unit in parse_rewards(event):
                    totals[unit] = totals.get(unit, 0) + n
            parts: list[Any] = []
            for unit in sorted(totals, key=_income_rank):
                n = totals[unit]
                if not n:
                    continue
                if unit == "pw":
                    parts.append(Msg("gaia.amt.charge", n=n))
                elif unit in UNITS:
                    parts.append(Msg("gaia.amt." + unit, n=n))
                else:
                    parts.append(amount(f"{n}{unit}"))
            income: Any = Join(parts, "and") if len(parts) > 1 else parts[0] if parts else Msg("gaia.amt.none")
            out.append(Msg("gaia.event.income", player=self.seat_label(state, seat), income=income))
        return out

    def reveals_information(self, before: GaiaState, move: GaiaMove, after: GaiaState) -> bool:
        return False

    def notation_help(self) -> Msg:
        return Msg("gaia.help.notation", actions=Msg("gaia.help.notation.actions"),
                   more=Msg("gaia.help.notation.more"), other=Msg("gaia.help.notation.other"))

    def rules_summary(self) -> Msg:
        return Msg("gaia.help.summary")

    # ----- reading the table (texts, names, breakdowns) -----------------------------------------
    def components(self) -> Sequence[Component]:
        from .texts import components
        return components()

    def describe_location(self, view: GaiaState, seat: int | None, text: str) -> Component | None:
        """A map hex (``1B1`` or ``-2x4``, GP-MAP-4): its planet, what stands there, and for
        ``seat`` what a mine there would take; a tech tile space (``free1``, ``adv-nav``,
        GP-SETUP-5, -6) with the tile lying there in this game."""
        from .texts import tech_space
        return places.describe(view, seat, text) or tech_space(view, text)

    def location_codes(self, view: GaiaState) -> Sequence[str]:
        return places.codes(view)

    def location_hint(self, text: str) -> Msg | None:
        return Msg("gaia.info.hex_needs_game", hex=text.strip()) if places.is_hex_code(text) else None

    def score_breakdown(self, state: GaiaState) -> list[list[ScorePart]] | None:
        """Points by category from the VP sources the engine records (GP-SCORE-*); the parts
        add up to the score (anything unattributed is an explicit 'other')."""
        from .texts import score_breakdown
        return score_breakdown(state)

    def move_phrase(self, state: GaiaState, seat: int, text: str) -> Msg | None:
        """The move in words, fitted to its label with room for what it does: the room its
        briefer descriptions take (:meth:`_description_rooms`: the cost, else the gains, then the
        cost in brief), so a label never loses its cost to its wording (GP-ACT-1)."""
        from .texts import move_phrase
        _memo_of(state)
        return move_phrase(state, text, self._line_rooms(state, seat, text), self._description_rooms(state, seat, text))

    def full_phrase(self, state: GaiaState, seat: int, text: str) -> Msg | None:
        from .texts import full_phrase
        return full_phrase(state, text)

    def localize_move(self, text: str, language: str) -> str:
        from .texts import localize_move
        return localize_move(text, language)

    # ----- host helpers ------------------------------------------------------------------
    def describe_move(self, state: GaiaState, seat: int, text: str) -> Msg | None:
        """What the move takes, by its component's gist (a booster, a power/QIC action, a
        federation token, a tech tile, a faction), and the mover's gains and costs ("-2 credits,
        -1 ore, +3 VP"; cheap: one copy and apply).  None for a partial or illegal text:
        autocomplete then shows the notation alone."""
        _memo_of(state)
        parts = self._description_parts(state, seat, text)
        if parts is None:
            return None
        from .texts import fitted_description
        room, group_room = self._line_rooms(state, seat, text), self._description_rooms(state, seat, text)
        if parts.declined is not None:    # what a lone "decline" turns down (newcomer L-1)
            return fitted_description(state, text, [message for message in (parts.declined, parts.brief) if message],
                                      room, group_room)
        words, gist = self._worded_candidates(state, seat, text, parts)
        # the fullest that fits the label after the move's words (never clipped): the gist and
        # the effect, the effect alone, the cost alone (a lab's "-5 credits, -3 ore" beside its
        # tile's words, whose gains they say: newcomer 27i I-20), the cost in brief ("-5 c, -3 o"),
        # the gist alone; else none.  A decision says its amounts one way: in words where every
        # line of it has room for them, else in brief in every line (:meth:`_decision_in_words`)
        candidates = words if self._decision_in_words(state, seat, text) else \
            [message for message in (parts.brief_all,) if message is not None]
        candidates += [message for message in (parts.brief, gist) if message is not None]
        alike = [message for message in (parts.cost, parts.brief) if message is not None]
        return fitted_description(state, text, candidates, room, group_room, alike)

    def _worded_candidates(self, state: GaiaState, seat: int, text: str, parts: "_Description"
                           ) -> tuple[list[Msg], Msg | None]:
        """The descriptions of move ``text`` that say its amounts in words (the fullest first:
        the gist and the effect, the effect, the cost) and its gist where its words do not name it."""
        gist, effect = parts.gist, parts.effect
        phrase = self.move_phrase(state, seat, text)
        if gist is not None and (mentions(phrase, gist) or _names_tile(phrase, state, parts.cmds)
                                 or _names_brief(phrase, parts.cmds)):
            gist = None     # the move's words already name it ("takes booster 2 (income ...)")
        words = [Msg("gaia.describe.with", gist=gist, effect=effect)] if gist is not None and effect else []
        words += [message for message in (effect, parts.cost) if message is not None]
        return words, gist

    def _decision_in_words(self, state: GaiaState, seat: int, text: str) -> bool:
        """Whether the lines of move ``text``'s decision (``decision_lines``: a lab's tiles and
        research steps, a federation's tokens) say their amounts in words: only where each legal
        line has room for them beside its words; else every line says them in brief ("-6 c, -6
        o" in all, not "-6 credits, -6 ore" beside it: a native reader's 2026-11-28 review).
        Worked out once per decision and position."""
        from .texts import decision_lines, fits_beside
        lines = decision_lines(state, text)
        if len(lines) < 2:
            return True
        key = ("words", seat, frozenset(lines))
        if key not in _MEMO:
            _MEMO[key] = True
            for line in lines:
                parts = self._description_parts(state, seat, line)
                if parts is None or parts.declined is not None:
                    continue
                words, _gist = self._worded_candidates(state, seat, line, parts)
                if words and not fits_beside(state, line, words, self._line_rooms(state, seat, line),
                                             self._description_rooms(state, seat, line),
                                             [message for message in (parts.cost,) if message is not None]):
                    _MEMO[key] = False
                    break
        return bool(_MEMO[key])

    def _description_rooms(self, state: GaiaState, seat: int, text: str) -> tuple[int, ...] | None:
        """The characters move ``text``'s briefer descriptions take after its words, glue
        included, in the longer language, the fuller first: what a declined offer turns down,
        else the cost (else the gains), then the cost in brief; none with nothing to say (the
        gist is left out: the words often name it); None for a move not legal here.  A move of a
        decision (a lab's tile, a pass's booster) keeps the room its decision's lines take, so
        they are worded alike (newcomer G2)."""
        own = self._line_rooms(state, seat, text)
        if own is None:
            return None
        from .texts import decision_lines
        rooms = [own, *(room for line in decision_lines(state, text)
                        if line != text and (room := self._line_rooms(state, seat, line)) is not None)]
        return tuple(max(room[index] for room in rooms if len(room) > index)
                     for index in range(max(len(room) for room in rooms)))

    def _line_rooms(self, state: GaiaState, seat: int, text: str) -> tuple[int, ...] | None:
        """:meth:`_description_rooms` of one line alone (worked out once per position)."""
        self._description_parts(state, seat, text)      # the memo is this position's
        key = ("rooms", seat, text)
        if key not in _MEMO:
            parts = self._description_parts(state, seat, text)
            if parts is None:
                _MEMO[key] = None
            else:
                from .texts import text_lengths
                said = [parts.declined or parts.cost or parts.effect, parts.brief]
                _MEMO[key] = tuple(DESCRIPTION_GLUE + max(text_lengths(message)) for message in said if message is not None)
        found = _MEMO[key]
        return found if isinstance(found, tuple) else None

    def _description_parts(self, state: GaiaState, seat: int, text: str) -> "_Description | None":
        """:meth:`describe_move`'s parts, worked out once per position and move (the label's
        words and its description both need them; :func:`_memo_of` starts the position's memo)."""
        if _MEMO.get("state") is not state:
            _memo_of(state)
        key = (seat, text)
        if key not in _MEMO:
            _MEMO[key] = self._work_out_description(state, seat, text)
        found = _MEMO[key]
        return found if isinstance(found, _Description) else None

    def _work_out_description(self, state: GaiaState, seat: int, text: str) -> "_Description | None":
        try:
            move = self.parse_move(state, seat, text)
            applied = self.apply(state, move)
        except RulesError:
            return None
        declined = _declined(state, seat, move["cmds"])
        if declined is not None:    # several offers: their buttons stand beside it, "neither" says enough
            several = declined.key == "gaia.phrase.decline_offer"
            return _Description(move["cmds"], declined=declined, brief=Msg("gaia.phrase.decline_offers") if several else None)
        after = applied["players"][seat]
        gist = self._taken_gist(state, move["cmds"])
        before = state["players"][seat]
        parts: list[Msg] = []
        costs: list[Msg] = []   # what the move pays: the label keeps it where its gains do not fit (I-20)
        brief: list[Msg] = []   # the same in the images' abbreviations ("-5 c, -3 o")
        gains: list[Msg] = []   # every part so, for a move that pays nothing ("+7 pont")
        # a move that ends the game brings the final scoring and its conversions (GP-END-1..6a):
        # "+4 credits, -4 power, +24 VP" read as the last pass's own gains (newcomer E-8); it
        # says the game ends instead
        ends = self.is_over(applied) and not self.is_over(state)
        ordering = any(cmd[0] == "income" for cmd in move["cmds"])
        # a move that starts a round brings the round's income (GP-INC-1): that total would
        # read as the move's own effect ("+4 ore" for a booster giving 1 ore), so none is shown
        if before is not None and after is not None and applied["round"] == state["round"] and not ends:
            steps = _terraforming_steps(state, seat, move["cmds"])
            if steps:       # what the ore pays for: "-7 ore" alone was a riddle (newcomer 27i)
                parts.append(Msg("gaia.delta.steps", n=steps))
                gains.append(parts[-1])
            token = _token_reward(move["cmds"])
            for key in ("c", "o", "k", "q"):
                change = _beside(after[key] - before[key], token.get(key, 0))
                if change:
                    parts.append(_delta(key, change))
                    gains.append(_delta(key, change, "gaia.delta_brief."))
                if change < 0:
                    costs.append(parts[-1])
                    brief.append(_delta(key, change, "gaia.delta_brief."))
            # power tokens leaving the bowls (a satellite's, GP-FED-3; a gaiaformer's to the Gaia
            # area, GP-GF-3; burnt, GP-POW-6) or gained are tokens, not power spent: a
            # federation's satellite read "−1 energia" when its token came from bowl III
            # (newcomer E-9). Tokens leave I, then II, then III (GP-POW-4).
            bowls = ("area1", "area2", "area3")
            held = sum(before["power"][a] for a in bowls)
            change = sum(after["power"][a] for a in bowls) - held
            to_gaia = after["power"]["gaia"] - before["power"]["gaia"]
            from_third = max(0, -change - before["power"]["area1"] - before["power"]["area2"])
            spent = before["power"]["area3"] - after["power"]["area3"] - from_third
            if spent > 0:
                parts.append(Msg("gaia.delta.pw", n=_signed(-spent)))
                gains.append(Msg("gaia.delta_brief.pw", n=_signed(-spent)))
                costs.append(parts[-1])
                brief.append(Msg("gaia.delta_brief.pw", n=_signed(-spent)))
            # an income order's tokens are its income's, alike in every order (and a button's
            # 80 characters hold them beside one order's words only): not said
            if to_gaia > 0:
                parts.append(Msg("gaia.delta.to_gaia", n=to_gaia))
                gains.append(parts[-1])
            tokens = _beside(change + max(0, to_gaia), token.get("t", 0))
            if tokens and not ordering:
                parts.append(_delta("t", tokens))
                gains.append(_delta("t", tokens, "gaia.delta_brief."))
                if tokens < 0:      # a federation's satellites, burnt power (GP-FED-3, GP-POW-6)
                    costs.append(parts[-1])
                    brief.append(_delta("t", tokens, "gaia.delta_brief."))
            vp = _beside(after["vp"] - before["vp"], token.get("vp", 0))
            if vp:
                parts.append(Msg("gaia.delta.vp", n=_signed(vp)))
                gains.append(Msg("gaia.delta_brief.vp", n=_signed(vp)))
            if vp < 0:      # a charge offer accepted for VP (GP-LEECH-4)
                costs.append(parts[-1])
                brief.append(Msg("gaia.delta_brief.vp", n=_signed(vp)))
            if ordering:
                # the orders of one income bring the same resources and differ only in where the
                # power tokens end up (GP-INC-2): that is what the choice is made on (newcomer L-2)
                parts = [Msg("gaia.delta.bowls", bowl1=after["power"]["area1"], bowl2=after["power"]["area2"],
                             bowl3=after["power"]["area3"])]
        effect = Msg("gaia.describe.effect", effect=Join(parts)) if parts else \
            Msg("gaia.describe.ends_game") if ends else None
        cost = Msg("gaia.describe.effect", effect=Join(costs)) if costs and len(costs) < len(parts) else None
        short = Msg("gaia.describe.effect", effect=Join(brief or gains)) if brief or gains else None
        if ordering and after is not None and parts:      # the bowls in brief where the full words do not fit
            short = Msg("gaia.delta.bowls_brief", bowl1=after["power"]["area1"], bowl2=after["power"]["area2"],
                        bowl3=after["power"]["area3"])
        whole = Msg("gaia.describe.effect", effect=Join(gains)) if brief and len(gains) > len(brief) and not ordering \
            else None
        return _Description(move["cmds"], gist=gist, effect=effect, cost=cost, brief=short, brief_all=whole)

    def _taken_gist(self, state: GaiaState, cmds: list[list[str]]) -> Msg | None:
        """The gist of the last component a line takes (None: it takes none)."""
        gist = None
        for cmd in cmds:
            ident = None
            if cmd[0] in ("pass", "booster", "action", "faction", "fedtile") and len(cmd) > 1:
                ident = cmd[1]
            elif cmd[0] == "federation" and len(cmd) > 2:
                ident = cmd[2]
            elif cmd[0] == "tech" and len(cmd) > 1:
                ident = (state.get("tech") or {}).get(cmd[1])
            comp = self.component(ident) if ident else None
            if comp is not None and comp.gist is not None:
                gist = comp.gist
        return gist

    # DESIGN DECISIONS (default_move: the move made for a player who misses the decision deadline)
    # * A power charge offer is declined (charging costs VP; declining never does).
    # * Income order and Taklons brainstone questions: the first allowed answer (the order the
    #   legal-move generator lists them in; it never changes the income amount, only its order).
    # * Terrans' Gaia-phase conversion: the first listed conversion (all tokens into credits);
    #   Itars: decline the extra tech tile.
    # * A main action turn: pass, taking the first booster still available (round 6: plain pass).
    # * Setup (rotation, faction, starting buildings, booster): the first legal choice; the
    #   rotation step keeps the map ("rotate" alone).
    def default_move(self, state: GaiaState, seat: int) -> GaiaMove | None:
        from .moves import candidate_groups, legal_moves, validate
        if seat not in waiting_for(state):
            return None
        offer = state.get("offer")
        if offer and offer["seat"] == seat:
            return validate(state, seat, [["decline"]])
        p = state["players"][seat] if state["players"][seat] else None
        if state["phase"] == "gaia" and p and p.get("waiting") == "itars":
            move = validate(state, seat, [["decline"]])
            if move is not None:
                return move
        if state["phase"] == "actions":
            for cmds in candidate_groups(state, seat, "pass").get("pass", []):
                move = validate(state, seat, cmds)
                if move is not None:
                    return move
        return next(iter(legal_moves(state, seat)), None)

    def auto_move(self, state: GaiaState, seat: int, prefs: Mapping[str, Any]) -> tuple[GaiaMove, Msg] | None:
        """The standing charge order (preference "charge"): "never" declines every offer,
        "free" takes a 1-power charge (it costs no VP), "upto" takes charges up to ``max``
        power (N power cost N-1 VP); Taklons' two-way offers always ask."""
        off = state.get("offer")
        if not off or off["seat"] != seat:
            return None
        pref = dict(prefs.get("charge") or {})
        choice = pref.get("choice") or pref.get("policy") or "ask"
        limit = int(pref.get("max") or 1)
        offers = off["offers"]
        if len(offers) != 1:        # Taklons: the order of token and charge matters, always ask
            return None
        if choice == "never":
            move = self.parse_move(state, seat, "decline")
            return move, Msg("gaia.auto.charge", policy=Msg("gaia.pref.charge.never"), move=code("decline"))
        rewards = parse_rewards(offers[0])
        if len(rewards) != 1 or rewards[0][1] != "pw":
            return None
        amount = rewards[0][0]
        if choice == "free" and amount == 1:
            policy = Msg("gaia.pref.charge.free")
        elif choice == "upto" and amount <= limit:
            policy = Msg("gaia.pref.charge.upto_n", max=limit)
        else:
            return None
        text = f"charge {offers[0]}"
        return self.parse_move(state, seat, text), Msg("gaia.auto.charge", policy=policy, move=code(text))

    def public_choices(self, state: GaiaState) -> tuple[int, list[str]] | None:
        """Buttons for small decisions (Gaia has no hidden information): a charge offer, or
        the one seat to act having 2-5 legal moves (brainstone, income order, a booster...)."""
        off = state.get("offer")
        if off:
            return off["seat"], [f"charge {o}" for o in off["offers"]] + ["decline"]
        waiting = waiting_for(state)
        if len(waiting) != 1:
            return None
        seat = next(iter(waiting))
        if state["phase"] == "actions":
            return None     # a main turn is never a choice among a few: no need to list its moves
        from .moves import iter_legal_moves
        texts = []
        for move in iter_legal_moves(state, seat):
            texts.append(self.format_move(move))
            if len(texts) > 5:
                return None
        return (seat, texts) if len(texts) >= 2 else None


# where a command names hexes: (verb, argument index) -> a name or a comma-separated list
_HEX_ARGS = {("build", 2), ("federation", 1), ("lostPlanet", 1), ("swap-PI", 1)}


def _canonical_hexes(state: GaiaState, cmds: list[list[str]]) -> None:
    """Hex names as the map prints them ("3b2" -> "3B2"; moves are case-insensitive, the log
    shows one spelling)."""
    if not state.get("map"):
        return
    names = E.minfo(state).by_name
    for cmd in cmds:
        for verb, index in _HEX_ARGS:
            if cmd[0] == verb and len(cmd) > index:
                cmd[index] = ",".join(part.upper() if part.upper() in names else part
                                      for part in cmd[index].split(","))


def _offer_choice(offer: str) -> Msg:
    """"charge 3pw" with its effect and price (N power cost N-1 VP, GP-LEECH-3)."""
    rewards = parse_rewards(offer)
    power = sum(n for n, t in rewards if t == "pw")
    effect: Msg | Join = Join([Msg("gaia.gain." + t, n=n) for n, t in rewards], "and")
    if power > 1:
        effect = Msg("gaia.private.charge_cost", effect=effect, vp=power - 1)
    return Msg("gaia.private.choice", move=code(f"charge {offer}"), effect=effect)


from .notation import code  # noqa: E402  (a move in the reader's words: prompts and reasons quote it)
GAME = GaiaGame()


def _token_reward(cmds: list[list[str]]) -> dict[str, int]:
    """The reward of the federation token a line takes (GP-FED-6), by unit: its label names the
    token ("… for “8 victory points and 1 QIC”"), so its description says the rest of the move
    (the satellites' tokens, a round scoring tile's VP) and fits (newcomer 27i: "-4 power tokens"
    was left out of every label but the 12-VP token's)."""
    from .tables import FED_TOKENS
    out: dict[str, int] = {}
    for cmd in cmds:
        if cmd[0] == "federation" and len(cmd) > 2 and cmd[2] in FED_TOKENS:
            for n, unit in parse_rewards(FED_TOKENS[cmd[2]]["reward"]):
                out[unit] = out.get(unit, 0) + n
    return out


def _beside(change: int, named: int) -> int:
    """``change`` less what the label already names (``named`` gained), never past nothing
    (a resource cap may have kept part of the gain)."""
    return change - min(named, change) if change > 0 and named > 0 else change


def _terraforming_steps(state: GaiaState, seat: int, cmds: list[list[str]]) -> int:
    """The terraforming steps a lone mine build pays ore for (GP-MINE-8), 0 for anything else: a
    move with a free step (booster, power action) says its step in its own words."""
    from .tables import FACTIONS, WHEEL, terraform_steps
    if len(cmds) != 1 or cmds[0][:2] != ["build", "m"] or len(cmds[0]) < 3:
        return 0
    player = state["players"][seat]
    try:
        k = E.locate(state, cmds[0][2])
    except RulesError:
        return 0
    planet = E.planet_of(state, k)
    if player is None or k in state["bld"] or planet not in WHEEL:
        return 0
    return terraform_steps(FACTIONS[player["faction"]]["planet"], planet)


def _declined(state: GaiaState, seat: int, cmds: list[list[str]], event: bool = False) -> Msg | None:
    """What a lone ``decline`` turns down in ``state``: the charge offer standing (GP-LEECH-4:
    "does not charge 3 power") or the Itars' tile for 4 Gaia-area tokens (GP-FAC-ITA-2); None
    for any other line.  The stored line is "decline" whatever it declined (the parser drops
    the named offer), so only a state-aware description can say it.  ``event``: as the thread's
    news under the move's line, a sentence of its own ("The offer to charge 1 power is
    declined."; "does not charge 1 power" there had no subject, newcomer 27i I-23)."""
    if cmds != [["decline"]]:
        return None
    offer = state.get("offer")
    if offer and offer["seat"] == seat:
        from .texts import amount
        offers = list(offer["offers"])
        amounts = [parse_rewards(o) for o in offers]
        if len(offers) == 1 and len(amounts[0]) == 1 and amounts[0][0][1] == "pw":
            return Msg("gaia.event.declined_charge" if event else "gaia.phrase.decline_charge", n=amounts[0][0][0])
        return Msg("gaia.event.declined_offer" if event else "gaia.phrase.decline_offer",
                   gain=Join([amount(o) for o in offers], "or"))
    player = state["players"][seat] if 0 <= seat < len(state["players"]) else None
    if player is not None and player.get("waiting") == "itars":
        return Msg("gaia.event.declined_tech" if event else "gaia.phrase.decline_tech")
    return None


def _names_tile(phrase: Msg | None, state: GaiaState, cmds: list[list[str]]) -> bool:
    """Whether ``phrase`` names the last tech tile the line takes by its gist (a label's brief
    words, "take tech tile “7 VP”": the description then does not say it again)."""
    tiles = [(state.get("tech") or {}).get(cmd[1]) for cmd in cmds if cmd[0] == "tech" and len(cmd) > 1]
    tile = tiles[-1] if tiles else None
    return isinstance(tile, str) and any(mentions(phrase, Msg(key + tile))
                                         for key in ("gaia.techgist.", "gaia.techgist_short."))


def _names_brief(phrase: Msg | None, cmds: list[list[str]]) -> bool:
    """Whether ``phrase`` names the federation token the line takes by its brief gist (a long
    federation's "12 VP"): the description then does not say it again ("12 VP (12 victory
    points · …)")."""
    from .tables import FED_TOKENS
    from .texts import amount
    for cmd in cmds:
        arg = cmd[-1] if len(cmd) > 1 else ""
        if cmd[0] in ("federation", "fedtile") and arg in FED_TOKENS:
            gain = amount(FED_TOKENS[arg]["reward"], brief=True)
            if mentions(phrase, Msg("gaia.fedgist", gain=gain)) or isinstance(gain, Msg) and mentions(phrase, gain):
                return True
    return False


def _delta(unit: str, change: int, key: str = "gaia.delta.") -> Msg:
    """A gain or cost of ``unit`` in the description: "-1 power token", "+2 credits" (English
    agrees with one; the signed number is no plain number the catalogue's plural can count)."""
    one = "_one" if abs(change) == 1 and unit in ("c", "t") else ""
    return Msg(f"{key}{unit}{one}", n=_signed(change))


def _signed(change: int) -> Localized:
    """A gain or a cost with its sign: "+2", "-1" (Hungarian with the minus sign: "−1")."""
    return Localized(en=f"{change:+d}", hu=f"{change:+d}".replace("-", MINUS))
