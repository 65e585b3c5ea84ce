"""The rules-core contract shared by every game.

A game module exposes one object derived from :class:`Game`.  The host (bot, console,
tests, benchmarks) only ever talks to a game through these methods, so every game can be
hosted, stored, replayed and rendered alike.

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
"""
from __future__ import annotations

import abc
from dataclasses import dataclass
from typing import Any, Iterable


class RulesError(Exception):
    """An error whose message is meant for a player.  ``rule`` is the spec's rule ID."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:  # the player-facing text, with the rule when known
        return f"{self.message} ({self.rule})" if self.rule else self.message


class IllegalMove(RulesError):
    """The move cannot be made now; the state is unchanged."""


class BadOptions(RulesError):
    """The options given to ``new_game`` are not valid for this game."""


@dataclass(frozen=True)
class OptionSpec:
    """One lobby option.  ``kind`` is "int", "choice" or "bool"."""

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None


def players_option(min_players: int, max_players: int, default: int) -> OptionSpec:
    return OptionSpec("players", "int", default, f"number of players ({min_players}-{max_players})",
                      min=min_players, max=max_players)


class Game(abc.ABC):
    """Base class of every game's rules object (see module docstring)."""

    name: str = ""          # command name, e.g. "planetarium"
    title: str = ""         # display name, e.g. "Planetarium"
    min_players: int = 2
    max_players: int = 4
    options: tuple[OptionSpec, ...] = ()

    # ----- options -------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate; raise BadOptions with a clear message."""
        options = dict(options or {})
        known = {spec.name: spec for spec in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise BadOptions(f"Unknown option(s) {', '.join(unknown)}; this game takes: "
                             f"{', '.join(known) or 'no options'}.")
        result: dict[str, Any] = {}
        for spec in self.options:
            value = options.get(spec.name, spec.default)
            if spec.kind == "int":
                try:
                    value = int(value)
                except (TypeError, ValueError):
                    raise BadOptions(f"Option {spec.name} must be a whole number, not {value!r}.")
                if (spec.min is not None and value < spec.min) or (spec.max is not None and value > spec.max):
                    raise BadOptions(f"Option {spec.name} must be between {spec.min} and {spec.max}; got {value}.")
            elif spec.kind == "choice":
                value = str(value)
                if value not in spec.choices:
                    raise BadOptions(f"Option {spec.name} must be one of {', '.join(spec.choices)}; got {value!r}.")
            elif spec.kind == "bool":
                if isinstance(value, str):
                    if value.lower() not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                        raise BadOptions(f"Option {spec.name} must be yes or no; got {value!r}.")
                    value = value.lower() in ("true", "yes", "1", "on")
                value = bool(value)
            result[spec.name] = value
        return result

    # ----- the contract ------------------------------------------------------------------
    @abc.abstractmethod
    def new_game(self, options: dict[str, Any], seed: int) -> Any: ...

    @abc.abstractmethod
    def parse_move(self, state: Any, seat: int, text: str) -> Any:
        """Text -> Move for ``seat``; raise IllegalMove if the text cannot be understood."""

    @abc.abstractmethod
    def format_move(self, move: Any) -> str: ...

    @abc.abstractmethod
    def legal_moves(self, state: Any, seat: int) -> Iterable[Any]: ...

    @abc.abstractmethod
    def apply(self, state: Any, move: Any) -> Any: ...

    @abc.abstractmethod
    def waiting_for(self, state: Any) -> set[int]: ...

    @abc.abstractmethod
    def view(self, state: Any, seat: int | None) -> Any:
        """The state with everything ``seat`` may not see removed (None: a spectator)."""

    @abc.abstractmethod
    def scores(self, state: Any) -> list[int]: ...

    @abc.abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abc.abstractmethod
    def winners(self, state: Any) -> list[int]: ...

    @abc.abstractmethod
    def dump_state(self, state: Any) -> dict[str, Any]: ...

    @abc.abstractmethod
    def load_state(self, data: dict[str, Any]) -> Any: ...

    # ----- host helpers with sensible defaults -----------------------------------------
    def complete(self, state: Any, seat: int, prefix: str, limit: int = 25) -> list[str]:
        """Autocomplete: the legal moves whose text starts with what was typed."""
        typed = " ".join(prefix.lower().split())
        out: list[str] = []
        for move in self.legal_moves(state, seat):
            text = self.format_move(move)
            if text.lower().startswith(typed):
                out.append(text)
                if len(out) >= limit:
                    break
        return out

    def seat_label(self, state: Any, seat: int) -> str:
        """How the game names a seat (a colour, a faction)."""
        return f"Seat {seat + 1}"

    def status_lines(self, view: Any) -> list[str]:
        """Public summary for /status; gets the spectator view, so nothing private leaks."""
        return []

    def private_lines(self, view: Any, seat: int) -> list[str]:
        """What only ``seat`` may see (its hand, secret choices), for ephemeral replies."""
        return []

    def reveals_information(self, before: Any, move: Any, after: Any) -> bool:
        """True when undoing ``move`` would let a player exploit what it revealed
        (a card drawn, dice rolled, a secret choice made public).  Conservative default."""
        return True

    def redact_move(self, state: Any, seat: int, move_text: str) -> str:
        """The text of ``seat``'s move as the other players may see it in ``state`` (the
        state after the move, or now).  Secret choices return a neutral text."""
        return move_text

    def notation_help(self) -> str:
        """A short description of the move notation, for /help."""
        return ""

    def rules_summary(self) -> str:
        """A few lines about the game, for /help."""
        return ""


