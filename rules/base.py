"""The rules-core contract shared by every game.

A game module exposes one object derived from :class:`Game`.  The host (bot, console,
tests, benchmarks) only ever talks to a game through these methods, so every game can be
hosted, stored, replayed and rendered alike.  Register a game in :mod:`rules` (one line);
the conformance suite (``tests/conformance``) then checks it like every other game.

Conventions
-----------
* Seats are ``0 .. players-1``.  The host maps seats to Discord users; games never see users.
* A *State* is any object the game chooses; it must round-trip losslessly through
  ``dump_state`` / ``load_state`` (plain JSON types only).  All randomness comes from a
  :class:`rules.rng.Rng` stored inside the state, so ``seed`` + the move list replay exactly.
* A *Move* is any object the game chooses; it knows which seat makes it.  Its text form
  (``format_move``) is what is stored in the log, shown in ``/log`` and offered by
  autocomplete; ``parse_move(state, seat, format_move(m))`` gives the move back.
* ``apply`` never mutates the state it is given, and raises :class:`IllegalMove` with a
  message a player understands (which rule, what is allowed) when the move is not legal.
* Everything a player reads is a :class:`rules.messages.Msg` (a catalogue key with values),
  never an English sentence: refusals, status and hand lines, seat labels, help, redacted
  moves, notices.  Notation (move texts, card ids, hex names) is plain ``str``.
"""
from __future__ import annotations

import abc
import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Generic, Iterable, Mapping, Sequence, cast

from typing_extensions import TypeVar

from .messages import Localized, Msg, fold_word

#: A game's full state, its move, and what one seat sees of the state (``view``).  A game
#: declares them on its class line, ``class EveGame(Game[GameState, Move])``, so mypy holds its
#: methods to the contract; the view defaults to the state type (a view is a state with hidden
#: parts masked).  The host, which serves every game alike, writes ``Game`` (all three ``Any``).
StateT = TypeVar("StateT", default=Any)
MoveT = TypeVar("MoveT", default=Any)
ViewT = TypeVar("ViewT", default=StateT)


#: The most the host adds between a suggested move's words and its description in a label
#: (bot/cogs/base.py ``with_description``: "{move}: {description}", "{move} ({description})"
#: or "{move} – {description}"): a game fitting its labels to Discord's limits leaves this room.
DESCRIPTION_GLUE = 3


class RulesError(Exception):
    """A refusal meant for a player: ``msg`` is the catalogue message, ``rule`` the spec's
    rule ID.  ``RulesError("gaia.err.no_power", "GP-POW-2", need=3)`` or ``RulesError(msg)``."""

    def __init__(self, message: "str | Msg", rule: str | None = None, /, **values: Any):
        self.msg = message if isinstance(message, Msg) else Msg(message, **values)
        self.rule = rule
        super().__init__(self.msg.key)

    @property
    def message(self) -> str:
        return str(self.msg)

    def __str__(self) -> str:  # English, with the rule when known (logs and tests)
        return f"{self.msg} ({self.rule})" if self.rule else str(self.msg)


class IllegalMove(RulesError):
    """The move cannot be made now; the state is unchanged."""


class BadOptions(RulesError):
    """The options given to ``new_game`` are not valid for this game."""


@dataclass(frozen=True)
class OptionSpec:
    """One lobby option.  ``kind`` is "int", "choice" or "bool".  ``description`` is a
    catalogue key (a command-option description: at most 100 characters in every language);
    each choice ``c`` is labelled by the key ``<description>.<c>``."""

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    lobby: bool = True      # offered as an option of the lobby command (False: replays/tools only)

    def choice_key(self, choice: str) -> str:
        return f"{self.description}.{choice}"


def players_option(min_players: int, max_players: int, default: int) -> OptionSpec:
    return OptionSpec("players", "int", default, "param.players", min=min_players, max=max_players)


@dataclass(frozen=True)
class Notice:
    """Private news for one seat (a card drawn, an answer to a question), delivered to that
    player only (an ephemeral follow-up or a DM), never in the thread."""

    seat: int
    msg: Msg


@dataclass(frozen=True)
class PreferenceSpec:
    """A standing order a player may give (e.g. "accept free power charges"): ``name`` is
    stored in the player's settings, ``choices`` are labelled ``<description>.<choice>``;
    ``max`` > 0 adds a number (e.g. "up to N power")."""

    name: str
    description: str
    choices: tuple[str, ...]
    default: str
    max: int = 0


@dataclass(frozen=True)
class Component:
    """One thing of a game a player can look up with ``/<game> info``: a card, tile,
    technology, booster, region, site...  ``id`` is how the notation names it (``PR22``,
    ``booster3``, ``R08``); ``kind`` a catalogue key naming its kind ("eve.kind.card");
    ``name`` and ``text`` its name and full effect in the rulebook's words; ``gist`` a short
    line (at most ~60 characters in every language) shown beside it in ``hand`` and in
    autocomplete labels; ``stand_in`` marks a component whose data is designed (the printed
    one is not known, see the data's source marks); ``aliases`` are further words a player may
    type to find it (notation codes, other spellings), matched folded; ``code`` is the id as each
language's notation writes it where they differ (Space Corp's ``M02#1`` / ``Ű02#1``, Gaia's
``booster3`` / ``bónusz3``): shown instead of ``id``, which stays what is stored and sent."""

    id: str
    kind: str
    name: Msg
    text: Msg
    gist: Msg | None = None
    stand_in: bool = False
    aliases: tuple[str, ...] = ()
    code: Localized | None = None

    def shown_code(self) -> Localized | str:
        """The id as a reader of any language types it."""
        return self.code if self.code is not None else self.id

    def coded_in_hungarian(self, shown: str) -> "Component":
        """This component shown to a Hungarian reader by the code ``shown`` where its id is an
        English word ("gas" -> "gáz", "seal-D" -> "fejlesztési-pecsét"; newcomer N-2), which
        /info also finds it by, with accents and without; the id stays what is stored."""
        aliases = tuple(dict.fromkeys((*self.aliases, shown, fold_word(shown))))
        return replace(self, code=Localized(en=self.id, hu=shown), aliases=aliases)


@dataclass(frozen=True)
class GameType:
    """What kind of game a game is, as OpenSpiel's ``GameType`` declares it (the player counts
    are ``Game.min_players`` and ``max_players``).  The conformance suite holds the first two
    to random playouts: ``hidden_information`` - a seat's view of some position differs from
    another seat's (hands, piles, sealed choices); ``simultaneous`` - several seats are waited
    for at once (parallel or sealed decisions); and ``chance`` (declared only) - random events
    after the setup (dice, draws from shuffled piles).  The computer players draw one sampled state only for a
    game with neither hidden information nor chance (every sample would be the same)."""

    hidden_information: bool
    chance: bool
    simultaneous: bool


@dataclass(frozen=True)
class ScorePart:
    """One line of a player's score breakdown: a category (``label``) and its points."""

    label: Msg
    points: int


def normalize_options(specs: Iterable[OptionSpec], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` checked against ``specs``: defaults filled in, values converted; a bad
    value raises BadOptions naming the option and what it accepts."""
    specs = tuple(specs)
    options = dict(options or {})
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise BadOptions("options.unknown", None, names=unknown, known=list(known) or ["-"])
    result: dict[str, Any] = {}
    for spec in specs:
        value = options.get(spec.name, spec.default)
        if spec.kind == "int":
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise BadOptions("options.not_a_number", None, name=spec.name, value=str(value))
            if (spec.min is not None and value < spec.min) or (spec.max is not None and value > spec.max):
                raise BadOptions("options.out_of_range", None, name=spec.name, low=spec.min, high=spec.max,
                                 value=value)
        elif spec.kind == "choice":
            value = str(value)
            if value not in spec.choices:
                raise BadOptions("options.not_a_choice", None, name=spec.name, allowed=list(spec.choices),
                                 value=value)
        elif spec.kind == "bool":
            if isinstance(value, str):
                if value.lower() not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                    raise BadOptions("options.not_yes_no", None, name=spec.name, value=value)
                value = value.lower() in ("true", "yes", "1", "on")
            value = bool(value)
        result[spec.name] = value
    return result


def spread_kinds(texts: Iterable[str], kind_of: Callable[[str], str], limit: int = 25, scan: int = 5000) -> list[str]:
    """Up to ``limit`` of ``texts`` (in their order, at most ``scan`` looked at) so that every
    kind of move appears before a second variant of any kind, then a third...: 25 flights
    never hide the one build.  Within a kind the order is kept."""
    groups: dict[str, list[str]] = {}
    for index, text in enumerate(texts):
        if index >= scan:
            break
        groups.setdefault(kind_of(text), []).append(text)
    out: list[str] = []
    depth = 0
    while len(out) < limit:
        added = False
        for group in groups.values():
            if depth < len(group):
                out.append(group[depth])
                added = True
                if len(out) >= limit:
                    break
        if not added:
            break
        depth += 1
    return out


class Game(abc.ABC, Generic[StateT, MoveT, ViewT]):
    """Base class of every game's rules object (see module docstring), generic in the game's
    state, move and view types (``Game[State, Move]``: the view is a ``State`` too)."""

    name: str = ""          # command name, e.g. "planetarium"
    title: str = ""         # display name, e.g. "Planetarium"
    min_players: int = 2
    max_players: int = 4
    #: What kind of game it is (every game declares it; the conformance suite checks it).
    game_type: GameType | None = None
    options: tuple[OptionSpec, ...] = ()
    #: The lobby option sets the shared conformance suite plays, one playout per player count
    #: each: a game whose options change its rules (eras, variants) lists every such set.
    conformance_options: tuple[dict[str, Any], ...] = ({},)

    # ----- options -------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate; raise BadOptions with a clear message."""
        return normalize_options(self.options, options)

    # ----- the contract ------------------------------------------------------------------
    @abc.abstractmethod
    def new_game(self, options: dict[str, Any], seed: int) -> StateT: ...

    @abc.abstractmethod
    def parse_move(self, state: StateT, seat: int, text: str) -> MoveT:
        """Text -> Move for ``seat``; raise IllegalMove if the text cannot be understood."""

    @abc.abstractmethod
    def format_move(self, move: MoveT) -> str: ...

    @abc.abstractmethod
    def legal_moves(self, state: StateT, seat: int) -> Iterable[MoveT]: ...

    @abc.abstractmethod
    def apply(self, state: StateT, move: MoveT) -> StateT: ...

    @abc.abstractmethod
    def waiting_for(self, state: StateT) -> set[int]: ...

    @abc.abstractmethod
    def view(self, state: StateT, seat: int | None) -> ViewT:
        """The state with everything ``seat`` may not see removed (None: a spectator)."""

    @abc.abstractmethod
    def scores(self, state: StateT) -> list[int]: ...

    @abc.abstractmethod
    def is_over(self, state: StateT) -> bool: ...

    def waiting_reason(self, state: StateT) -> Msg | None:
        """Why the game waits now, told to a player who tries to move out of turn (a reaction
        window someone else must answer first); None: the plain "not your turn"."""
        return None

    def decision_prompt(self, state: StateT) -> Msg | None:
        """What the players the game waits for are asked now when it is not simply their turn
        (a reaction window, a choice owed outside the turn, a sealed pick): the ping names it.
        None: the plain "your turn"."""
        return None

    def waiting_hint(self, state: StateT | ViewT) -> Msg | None:
        """What the game waits for now when it is not the start of a plain turn (a step within
        a turn, a decision owed, a reaction window, a sealed pick, a setup step), as a phrase
        the thread's "waiting for" line ends with ("taking a card from the Offer").  Everyone
        reads it: public information only, the same from any seat's view and the spectator's
        (a view may be passed).  None: a plain turn start (the line names whom it waits for)."""
        return None

    @abc.abstractmethod
    def winners(self, state: StateT) -> list[int]: ...

    @abc.abstractmethod
    def dump_state(self, state: StateT | ViewT) -> dict[str, Any]: ...

    @abc.abstractmethod
    def load_state(self, data: dict[str, Any]) -> StateT: ...

    # ----- host helpers with sensible defaults -----------------------------------------
    #: Bumped by a game whenever a change would replay a stored move list differently.  The
    #: host stores the version a game was created with; a game that declares a (lobby=False)
    #: option named ``rules_version`` gets it in ``new_game`` and keeps it in its state, so
    #: old games keep their old behaviour.  The host refuses games newer than the code.
    rules_version: int = 1
    #: Standing orders this game understands (see ``auto_move``).
    preferences: tuple[PreferenceSpec, ...] = ()

    def canonical_prefix(self, typed: str) -> str:
        """What a player typed, with the game's words in other languages (Hungarian verbs and
        nouns) turned into the notation's, so autocomplete finds the canonical moves.  A
        partial last word may stay as it is.  Default: unchanged."""
        return typed

    def word_aliases(self) -> Mapping[str, str]:
        """The game's words in other languages, folded (``fold_word``: lower case, no
        accents), mapped to the word ``canonical_prefix`` turns them into, e.g.
        ``{"tamad": "attack"}``.  The host uses it to complete a word still being typed
        ("tám" offers the attack moves).  Default: none."""
        return {}

    def prefix_variants(self, typed: str) -> list[str]:
        """``typed`` itself, then ``typed`` with its last, unfinished word completed to each
        alias of ``word_aliases`` it starts (one alias per notation word, five at most): what
        autocomplete looks up so that a partly typed Hungarian word finds its moves."""
        variants = [typed]
        if not typed or typed[-1].isspace():
            return variants
        head, _space, last = typed.rpartition(" ")
        folded = fold_word(last)
        if not folded:
            return variants
        seen: set[str] = set()
        for alias, canonical in sorted(self.word_aliases().items()):
            if alias.startswith(folded) and alias != folded and canonical not in seen:
                seen.add(canonical)           # one alias per notation word is enough
                variants.append(f"{head} {alias} " if head else f"{alias} ")   # the word, finished
        return variants[:6]

    def complete(self, state: StateT, seat: int, prefix: str, limit: int = 25) -> list[str]:
        """Autocomplete: the legal moves whose text starts with what was typed, one of each
        kind (``move_kind``) first, then further variants (see :func:`spread_kinds`), each kind in
        the order of ``completion_order``."""
        typed = " ".join(self.canonical_prefix(prefix).lower().split())
        texts = (self.format_move(move) for move in self.completion_order(state, seat))
        return spread_kinds((text for text in texts if text.lower().startswith(typed)), self.move_kind, limit)

    def completion_order(self, state: StateT, seat: int) -> Iterable[MoveT]:
        """The legal moves in the order autocomplete offers them within a kind (the likelier
        first).  Default: ``legal_moves``'s order."""
        return self.legal_moves(state, seat)

    def random_move(self, state: StateT, seat: int, rng: "random.Random") -> MoveT | None:
        """A legal move for random playouts (tests, benchmarks).  Games whose legal move
        lists are large or whose uniform play never ends override it."""
        moves = list(self.legal_moves(state, seat))
        return rng.choice(moves) if moves else None

    def random_moves(self, state: StateT, seat: int, rng: "random.Random", count: int) -> list[MoveT]:
        """``count`` draws of ``random_move`` on one state, stopping at the first None (a
        computer player's rollout weighs a few draws).  A game whose draw first lists its
        candidates overrides this to list them once; the draws and the random numbers used must
        stay those of ``count`` calls of ``random_move`` (the conformance suite compares them)."""
        moves: list[MoveT] = []
        for _draw in range(count):
            move = self.random_move(state, seat, rng)
            if move is None:
                break
            moves.append(move)
        return moves

    def demo_move(self, state: StateT, seat: int, rng: "random.Random") -> MoveT | None:
        """A legal move for a demo game (``python -m bot.demo``): one that looks like a real
        game and ends in reasonable time.  Default: ``random_move``."""
        return self.random_move(state, seat, rng)

    def sample_state(self, view: ViewT, seat: int, rng: "random.Random") -> StateT:
        """A full state consistent with what ``seat`` sees in ``view`` (``view(state, seat)``):
        whatever the seat cannot see (the others' hands, deck orders, face-down tiles, sealed
        choices, the random streams that decide future draws and dice) drawn with ``rng`` from
        what the seat cannot rule out.  ``view(sample_state(view(s, seat), seat, rng), seat)``
        equals ``view(s, seat)`` (the conformance suite checks it).  Computer players think on
        such states (determinized search), so they never read the hidden truth.  Default: a
        game that hides nothing returns the view itself (its view type is its state type; a
        game with a distinct view type overrides this)."""
        return cast(StateT, view)

    def search_moves(self, state: StateT, seat: int) -> list[MoveT]:
        """The legal moves a computer player weighs: a game may leave out moves its rules make
        never better than another legal move it keeps (rolling fewer dice than allowed when a
        die can only help), so a short budget is not spent telling equals apart.  A non-empty
        part of ``legal_moves`` whenever that is non-empty (the conformance suite checks it);
        autocomplete and the random player still offer every legal move.  Default: all."""
        return list(self.legal_moves(state, seat))

    def evaluate(self, state: StateT, seat: int) -> float:
        """How good ``state`` looks for ``seat``, for computer players' searches: larger is
        better, in points.  Default: the seat's score lead (its score minus the best other
        score).  A game adds what its score does not show yet (income, end-game bonuses)."""
        scores = self.scores(state)
        others = [score for index, score in enumerate(scores) if index != seat]
        return float(scores[seat] - (max(others) if others else 0))

    def invariants(self, state: StateT) -> list[str]:
        """What is broken in ``state`` (negative resources, lost cards...); empty when sound.
        Checked after every move of the conformance playouts."""
        return []

    def describe_move(self, state: StateT, seat: int, text: str) -> Msg | None:
        """What a suggested move does, shown beside it in autocomplete and menus (its cost,
        a preview); None when there is nothing to add.  Must be cheap."""
        return None

    def default_move(self, state: StateT, seat: int) -> MoveT | None:
        """The move made for ``seat`` when its decision deadline passes: the spec's default
        (decline, pass, the safest choice).  Default: the first legal move, so a game never
        stalls; games override this with their spec's defaults.  None: nothing to do."""
        return next(iter(self.legal_moves(state, seat)), None)

    def auto_move(self, state: StateT, seat: int, prefs: Mapping[str, Any]) -> tuple[MoveT, Msg] | None:
        """A move the player's standing orders make for them now (with the reason shown in
        the thread), or None to ask them.  ``prefs`` maps preference names to the stored
        values ``{"choice": ..., "max": ...}``."""
        return None

    def public_choices(self, state: StateT) -> tuple[int, list[str]] | None:
        """(seat, 2-5 move texts) the host may offer as buttons everyone sees under the
        announcement; only for decisions that reveal nothing.  Default: none."""
        return None

    def events(self, before: StateT, move: MoveT, after: StateT) -> list[Msg]:
        """Public news the move caused beyond the move itself (a new round and who starts, a
        reshuffled deck, the last round), shown in the thread under the move."""
        return []

    def stored_events(self, seat: int, text: str, events: list[Msg]) -> list[Msg]:
        """The public news stored with the move ``text`` of ``seat`` (``events`` as the thread
        showed them when it was made), as the game tells them now: a game whose event lines
        changed re-derives them from the stored messages and the move's text, so an old game's
        /log reads like a new one.  Must be pure and idempotent (news stored by this version
        stays as it is).  Default: as stored."""
        return events

    def notices(self, before: StateT, move: MoveT, after: StateT) -> list[Notice]:
        """Private news the move produced for single seats (a drawn card...)."""
        return []

    def seat_label(self, state: StateT, seat: int) -> Msg:
        """How the game names a seat (a colour, a faction)."""
        return Msg("seat_n", n=seat + 1)

    def status_lines(self, view: ViewT) -> list[Msg]:
        """Public summary for /status; gets the spectator view, so nothing private leaks.  A line
        that names the step with the very message ``waiting_hint`` returns says it for /status:
        the waiting line under the lines then names whom only (the step is said once)."""
        return []

    def private_lines(self, view: ViewT, seat: int) -> list[Msg]:
        """What only ``seat`` may see (its hand, secret choices), for ephemeral replies."""
        return []

    def reveals_information(self, before: StateT, move: MoveT, after: StateT) -> bool:
        """True when undoing ``move`` would let a player exploit what it revealed
        (a card drawn, dice rolled, a secret choice made public).  Conservative default.
        A game on the kit answers from its mechanics: :func:`rules.kit.revealed_between` of
        the states' streams (every kit draw, roll, flip and sealed reveal is recorded there)."""
        return True

    def redact_move(self, state: StateT, seat: int, move_text: str) -> "str | Msg":
        """The text of ``seat``'s move as the other players may see it in ``state`` (the
        state after the move, or now).  Secret choices return a message instead."""
        return move_text

    def hidden_in_view(self, state: StateT, viewer: int | None) -> list[str]:
        """Strings that must never appear in ``viewer``'s view (other hands, deck order):
        the conformance suite checks the dumped view for each.  Default: every string the
        view masks with the kit's hidden mark (:func:`rules.kit.masked`), so what is hidden
        follows from ``view`` itself; a game only subtracts what is public anyway."""
        from .kit import masked
        return masked(self.dump_state(state), self.dump_state(self.view(state, viewer)))

    # ----- reading the table (texts, names, breakdowns) ---------------------------------------
    def components(self) -> Sequence[Component]:
        """Every component the game can show a player (cards, tiles, technologies, boosters,
        regions, sites...), each with its name and effect text in the catalogue; what
        ``/<game> info`` answers for.  The conformance suite checks every text exists in every
        language."""
        return ()

    def component(self, ident: str) -> Component | None:
        """The component whose id is ``ident`` (case-insensitive), or None."""
        wanted = ident.strip().lower()
        for comp in self.components():
            if comp.id.lower() == wanted:
                return comp
        return None

    def describe_location(self, view: ViewT, seat: int | None, text: str) -> Component | None:
        """``text`` as a place of this game's table that only a running game can describe (a
        map hex: each game draws its own map), as ``seat`` sees it in ``view`` (None: a
        spectator): what lies there, who built what, what it would take ``seat``.  ``/<game>
        info`` asks it first in a game's thread: a place described as it is in this game outranks
        a component of the same name (a tech tile's space and the tile lying on it).  None:
        ``text`` names no such place (the default: a game whose places are all components)."""
        return None

    def location_codes(self, view: ViewT) -> Sequence[str]:
        """The codes of the places ``describe_location`` describes in ``view`` (``1A0`` ...
        ``7C``), in the order ``info``'s autocomplete offers those a player starts typing.
        Default: none."""
        return ()

    def location_hint(self, text: str) -> Msg | None:
        """What ``/<game> info`` says outside a running game when ``text`` is written as such a
        place (``1B1``): that it needs a game's thread.  None (the default): ``text`` is no
        place, and the lookup says it knows nothing by that name."""
        return None

    def score_breakdown(self, state: StateT | ViewT) -> list[list[ScorePart]] | None:
        """Each seat's points by category (its parts add up to ``scores(state)[seat]``), for
        ``status`` and the game-over post; ``state`` may be a spectator view.  None: the game
        has no categories."""
        return None

    def move_phrase(self, state: StateT, seat: int, text: str) -> Msg | None:
        """A stored move text (as ``redact_move`` leaves it) in words, a whole sentence in the
        reader's language: "builds a mine on 10B5".  ``state`` is any state of the game (the
        current one: the move may be old), so the phrase comes from the notation's syntax and
        static data, never from legality; it must not raise for a text the game once accepted.
        None: the host shows the notation itself."""
        return None

    def full_phrase(self, state: StateT, seat: int, text: str) -> Msg | None:
        """The move in its fullest words, for where no label's limit applies: a thread's move
        line, the log, a DM.  ``move_phrase`` is what a label (autocomplete, a menu option, a
        button) shows: a game whose long moves are said in fewer words there (the same facts)
        gives the full wording here.  Same promises as ``move_phrase``.  Default: it."""
        return self.move_phrase(state, seat, text)

    def localize_move(self, text: str, language: str) -> str:
        """``text`` (canonical notation) written with the words of ``language`` that
        ``parse_move`` accepts (Hungarian verbs, codes and names), for autocomplete values a
        player of that language sees and sends.  Default: unchanged."""
        return text

    def move_kind(self, text: str) -> str:
        """The kind of a move text (its verb by default): autocomplete shows one of every kind
        before it lists more variants of one."""
        return text.split(" ", 1)[0].lower()

    def notation_help(self) -> Msg:
        """The move notation with examples, for /help."""
        return Msg(f"{self.name}.help.notation")

    def rules_summary(self) -> Msg:
        """A few lines about the game, for /help."""
        return Msg(f"{self.name}.help.summary")

    def title_msg(self) -> Msg:
        return Msg(f"{self.name}.title")
