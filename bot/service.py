"""The game service: the one place that loads games, locks them, asks the rules core and
stores what happened.  It knows nothing of Discord; cogs and the console call it.

Every refusal is a :class:`UserError` carrying a catalogue key, so the caller can answer
in the player's language and nothing is changed.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
import logging
import secrets
import threading
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable

import rules
from rules.base import BadOptions, Game, IllegalMove, Notice, OptionSpec, normalize_options
from rules.messages import LANGUAGES, Join, Msg, render, to_json
from rules.rng import Rng

from .storage import (ACTIVE, ABANDONED, CANCELLED, FINISHED, LOBBY, AlreadySeated, DuplicateInteraction,
                      GameRecord, LogEntry, NotSeated, PlayerRecord, StalePly, Storage, WrongStatus)

log = logging.getLogger(__name__)

SEATING_CHOICES = ("random", "joined")
# A game's creator may give away the seat of a player who has not acted for this long;
# a present player's seat only a moderator can give away.
ABSENT_HOURS = 72
# Options of the host, not of a game: they sit beside the game's options in a lobby.
HOST_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("language", "choice", "en", "param.language", choices=LANGUAGES),
    # Hours a player has for a decision before the rules' default move is made for them (0: off).
    OptionSpec("deadline", "int", 0, "param.deadline", min=0, max=720),
    # Seats filled with computer players when the lobby opens (issue 29).
    OptionSpec("computers", "int", 0, "param.computers", min=0, max=4),
    # What a deadline plays for an absent player: the rules' default, or the computer's choice.
    OptionSpec("on_timeout", "choice", "default", "param.on_timeout", choices=("default", "computer")),
)
HOST_OPTION_NAMES = frozenset(spec.name for spec in HOST_OPTIONS)


def game_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options the rules core gets (the host's own left out)."""
    return {key: value for key, value in options.items() if key not in HOST_OPTION_NAMES}


def game_language(record: "GameRecord") -> str:
    """The language of a game's public posts and images."""
    language = record.options.get("language")
    return language if language in LANGUAGES else "en"


def is_computer_id(user_id: int | None) -> bool:
    """Computer players (issue 29) sit under negative user ids (no Discord user has one):
    computer k of a game is -k.  They are never pinged, reminded or DMed."""
    return user_id is not None and user_id < 0


def computer_number(user_id: int) -> int:
    return -user_id


def next_computer_id(record: "GameRecord") -> int:
    """The user id of the next computer player of a game: the lowest number not seated."""
    taken = {player.user_id for player in record.players}
    number = 1
    while -number in taken:
        number += 1
    return -number


def computer_move_id(game_id: int, ply: int, seat: int) -> int:
    """The idempotency id of a computer's move (stored where a person's move keeps its
    Discord interaction id): one per game, ply and seat, negative so it never meets a
    Discord snowflake.  The same decision stored twice (a restart, a race) is refused."""
    return -((game_id << 24) | ((ply & 0xFFFFF) << 4) | (seat & 0xF)) - 1


def computer_name(user_id: int, language: str) -> str:
    """"Computer 1" / "Számítógép 1": its stored name (in the game's language, for the
    database's sake only); readers get it in theirs through :func:`display_name`."""
    return render(Msg("computer_name", number=computer_number(user_id)), language)


def display_name(player: PlayerRecord) -> str | Msg:
    """A player's name as a message value: a person's as they are called, a computer's as
    the catalogue's ``computer_name``, so each reader sees it in their own language
    ("Computer 1" for an English reader of a Hungarian game), whatever was stored at join."""
    if player.computer:
        return Msg("computer_name", number=computer_number(player.user_id))
    return player.name


def name_text(player: PlayerRecord | None, language: str) -> str:
    """A player's name for a reader of ``language``."""
    if player is None:
        return "?"
    name = display_name(player)
    return name if isinstance(name, str) else render(name, language)


class UserError(Exception):
    """A refusal a player understands: ``key`` names the catalogue message."""

    def __init__(self, key: str, **values: Any):
        super().__init__(key)
        self.key = key
        self.values = values

    @property
    def msg(self) -> Msg:
        return Msg(self.key, **self.values)

    def text(self, language: str) -> str:
        """The refusal in ``language``.  A game's reason that is a sentence of its own (it
        starts with a capital: "That is not how …") or whose first sentence has a colon of its
        own ("Nem értem: `x`. Így írd: …") follows the host's opening as a sentence ("Ez a lépés
        nem szabályos. Nem értem: …"), not after a colon (a capital, or a second colon)."""
        if self.key in REFUSAL_KEYS:
            reason = render(self.values["reason"], language)
            if reason[:1].isupper() or ":" in reason.split(". ", 1)[0]:
                values = {**self.values, "reason": reason[:1].upper() + reason[1:]}
                return render(Msg(REFUSAL_KEYS[self.key], **values), language)
        return render(self.msg, language)


#: the host's openings of a game's refusal, each with the form that ends its own sentence
REFUSAL_KEYS = {"illegal_move": "illegal_move_apart", "illegal_move_rule": "illegal_move_rule_apart"}


def refusal(error: IllegalMove) -> UserError:
    """The rules' refusal as the host's, with the rule ID when there is one."""
    if error.rule:
        return UserError("illegal_move_rule", reason=error.msg, rule=error.rule)
    return UserError("illegal_move", reason=error.msg)


@dataclass
class LoadedGame:
    record: GameRecord
    state: Any                 # the full state: pass it through game.view() before showing it
    game: Game

    def names(self, language: str | None = None) -> list[str]:
        """Display names by seat for a reader of ``language`` (the game's by default): a
        computer's in that language."""
        language = language or game_language(self.record)
        return [name_text(player, language) for player in sorted(self.record.players, key=lambda p: p.seat or 0)]

    def name_values(self) -> list[str | Msg]:
        """Names by seat as message values (:func:`display_name`), rendered by the reader."""
        return [display_name(player) for player in sorted(self.record.players, key=lambda p: p.seat or 0)]


@dataclass
class MoveOutcome:
    loaded: LoadedGame         # the game after the move
    seat: int
    move_text: str
    ply: int
    finished: bool
    waiting_seats: set[int]
    newly_waiting_seats: set[int]   # mention these: they were not waiting before (the mover knows)
    automatic_reason: Msg | None = None   # set when the bot made the move (standing order, deadline)
    notices: list[Notice] = field(default_factory=list)   # private news for single seats
    events: list[Msg] = field(default_factory=list)       # public news the move caused
    before: Any = None         # the full state the move was made in (what redact_move judges it by)


@dataclass
class Standing:
    seat: int
    user_id: int
    name: str
    score: int
    resigned: bool = False
    winner: bool = False


def effective_moves(entries: list[LogEntry]) -> list[LogEntry]:
    """The moves that count: every "undo" cancels the latest move still standing."""
    stack: list[LogEntry] = []
    for entry in entries:
        if entry.kind == "move":
            stack.append(entry)
        elif entry.kind == "undo" and stack:
            stack.pop()
    return stack


def apply_logged(game: Game, state: Any, entry: LogEntry) -> Any:
    """``state`` after the logged move ``entry`` (a move is always stored with its seat)."""
    if entry.seat is None:
        raise RuntimeError(f"ply {entry.ply}: a move stored without a seat")
    return game.apply(state, game.parse_move(state, entry.seat, entry.text))


class GameService:
    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time,
                 snapshot_every: int = 25, cache_size: int = 64,
                 seed_source: Callable[[], int] = lambda: secrets.randbits(63)):
        self.storage = storage
        self.clock = clock
        self.snapshot_every = snapshot_every
        self.seed_source = seed_source
        # A lock lives while someone holds or waits for it: idle games keep none.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._cache: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        # game -> (ply, the plies of the moves that stand): move numbers without reading the log
        self._standing: OrderedDict[int, tuple[int, list[int]]] = OrderedDict()
        self._cache_size = cache_size
        # game name -> factory(options, seed) for the next game of that name to start: the
        # console's --setup (a recorded game's setup) uses it; consumed once.
        self.prepared_setups: dict[str, Callable[[dict[str, Any], int], Any]] = {}

    # ----- helpers ---------------------------------------------------------------------------
    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def record(self, game_id: int) -> GameRecord:
        record = await self.storage.get_game(game_id)
        if record is None:
            raise UserError("game_not_found", game_id=game_id)
        return record

    async def game_in_thread(self, thread_id: int | None) -> GameRecord | None:
        if thread_id is None:
            return None
        return await self.storage.game_by_thread(thread_id)

    def _remember(self, game_id: int, ply: int, state: Any) -> None:
        self._cache[game_id] = (ply, state)
        self._cache.move_to_end(game_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)
        self._standing.pop(game_id, None)

    def _follow(self, game_id: int, ply: int, kind: str) -> None:
        """Keep the standing-move plies in step with an entry just appended at ``ply``."""
        known = self._standing.get(game_id)
        if known is None or known[0] != ply - 1:
            self._standing.pop(game_id, None)
            return
        plies = known[1]
        if kind == "move":
            plies.append(ply)
        elif kind == "undo" and plies:
            plies.pop()
        self._standing[game_id] = (ply, plies)

    # ----- lobby -----------------------------------------------------------------------------
    async def create_lobby(self, game_name: str, *, guild_id: int | None, channel_id: int,
                           creator_id: int, creator_name: str, options: dict[str, Any]) -> GameRecord:
        game = rules.get_game(game_name)
        try:
            host = normalize_options(HOST_OPTIONS, {k: v for k, v in options.items() if k in HOST_OPTION_NAMES})
            options = {**game.normalize_options(game_options(options)), **host}
        except BadOptions as error:
            raise UserError("bad_options", reason=error.msg) from None
        computers = int(options.get("computers", 0))
        seats = int(options.get("players", game.max_players))
        if computers >= seats:      # the creator keeps a seat
            raise UserError("too_many_computers", seats=seats)
        record = await self.storage.create_game(
            game=game_name, guild_id=guild_id, channel_id=channel_id, thread_id=None,
            creator_id=creator_id, creator_name=creator_name, options=options,
            seed=self.seed_source(), now=self.clock(), rules_version=game.rules_version)
        for _ in range(computers):
            user_id = next_computer_id(record)
            record = await self.storage.add_player(record.id, user_id, computer_name(user_id, game_language(record)),
                                                   self.clock(), computer=True)
        return record

    async def attach_thread(self, game_id: int, thread_id: int) -> None:
        await self.storage.set_thread(game_id, thread_id)

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        # Under the game's lock: the capacity check and the insert must not interleave with
        # another join (overfilled lobby) or with start (a seat order that misses a player).
        async with self.lock(game_id):
            record = await self.record(game_id)
            if record.status != LOBBY:
                raise UserError("not_a_lobby")
            if any(p.user_id == user_id for p in record.players):
                raise UserError("already_joined")
            if len(record.players) >= record.options.get("players", rules.get_game(record.game).max_players):
                raise UserError("lobby_full", seats=len(record.players))
            try:
                return await self.storage.add_player(game_id, user_id, name, self.clock())
            except AlreadySeated:
                raise UserError("already_joined") from None
            except WrongStatus:
                raise UserError("not_a_lobby") from None

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        async with self.lock(game_id):
            record = await self.record(game_id)
            if record.status != LOBBY:
                self._check_active(record)     # over or closed: say that, not "resign"
                raise UserError("leave_started")
            if user_id == record.creator_id:
                raise UserError("creator_cannot_leave")
            try:
                return await self.storage.remove_player(game_id, user_id)
            except NotSeated:
                raise UserError("not_in_lobby") from None
            except WrongStatus:
                raise UserError("leave_started") from None

    async def _creators_lobby(self, game_id: int, user_id: int) -> GameRecord:
        """The lobby ``game_id`` when ``user_id`` created it (computers are the creator's to
        add and remove); call it holding the game's lock."""
        record = await self.record(game_id)
        if record.status != LOBBY:
            raise UserError("not_a_lobby")
        if user_id != record.creator_id:
            raise UserError("only_creator_computers")
        return record

    async def add_computer(self, game_id: int, user_id: int) -> tuple[GameRecord, PlayerRecord]:
        """The lobby's creator adds a computer player to a free seat (issue 29): the lobby and
        the computer seated."""
        async with self.lock(game_id):
            record = await self._creators_lobby(game_id, user_id)
            if len(record.players) >= record.options.get("players", rules.get_game(record.game).max_players):
                raise UserError("lobby_full", seats=len(record.players))
            computer_id = next_computer_id(record)
            try:
                record = await self.storage.add_player(game_id, computer_id,
                                                       computer_name(computer_id, game_language(record)),
                                                       self.clock(), computer=True)
            except WrongStatus:
                raise UserError("not_a_lobby") from None
            return record, next(p for p in record.players if p.user_id == computer_id)

    async def remove_computer(self, game_id: int, user_id: int) -> tuple[GameRecord, PlayerRecord]:
        """The lobby's creator removes a computer player before the start (issue 29): the one
        added last (before the start computers are alike), so the others keep their numbers.
        The lobby and the computer removed."""
        async with self.lock(game_id):
            record = await self._creators_lobby(game_id, user_id)
            computers = [p for p in record.players if p.computer]
            if not computers:
                raise UserError("no_computer_in_lobby")
            removed = min(computers, key=lambda p: p.user_id)     # the highest number
            try:
                record = await self.storage.remove_player(game_id, removed.user_id)
            except NotSeated:
                raise UserError("no_computer_in_lobby") from None
            except WrongStatus:
                raise UserError("not_a_lobby") from None
            return record, removed

    async def start(self, game_id: int, user_id: int, seating: str = "random") -> LoadedGame:
        async with self.lock(game_id):
            record = await self.record(game_id)
            if record.status != LOBBY:
                raise UserError("not_a_lobby")
            if user_id != record.creator_id:
                raise UserError("only_creator_start")
            if seating not in SEATING_CHOICES:
                raise UserError("bad_seating", allowed=", ".join(SEATING_CHOICES))
            game = rules.get_game(record.game)
            count = len(record.players)
            if count < game.min_players:
                raise UserError("too_few_players", have=count, need=game.min_players)
            order = [player.user_id for player in record.players]   # join order
            if seating == "random":
                order = Rng(record.seed).shuffled(order)
            options = dict(game_options(record.options), players=count)
            if any(spec.name == "rules_version" for spec in game.options):
                # a game that changed its rules keeps the version it was created with in its
                # state, so its moves replay the same way after the code changes
                options["rules_version"] = record.rules_version
            try:
                factory = self.prepared_setups.pop(record.game, game.new_game)
                state = factory(game.normalize_options(options), record.seed)
            except BadOptions as error:
                raise UserError("bad_options", reason=error.msg) from None
            waiting = {order[seat] for seat in game.waiting_for(state)}
            try:
                record = await self.storage.start_game(game_id, order, game.dump_state(state), waiting, self.clock())
            except WrongStatus:
                raise UserError("not_a_lobby") from None
            self._remember(game_id, 0, state)
            return LoadedGame(record, state, game)

    async def cancel(self, game_id: int, user_id: int) -> GameRecord:
        record = await self.record(game_id)
        if user_id != record.creator_id:
            raise UserError("only_creator_cancel")
        if record.status != LOBBY:
            raise UserError("cancel_started")
        try:
            return await self.storage.set_status(game_id, CANCELLED, expected=(LOBBY,), now=self.clock())
        except WrongStatus:
            raise UserError("cancel_started") from None

    # ----- loading -----------------------------------------------------------------------------
    async def load(self, game_id: int) -> LoadedGame:
        record = await self.record(game_id)
        if record.status == LOBBY or record.status == CANCELLED:
            raise UserError("not_started")
        game = rules.get_game(record.game)
        if record.rules_version > game.rules_version:
            raise UserError("rules_too_new", version=record.rules_version)
        cached = self._cache.get(game_id)
        if cached is not None and cached[0] == record.ply:
            self._cache.move_to_end(game_id)
            return LoadedGame(record, cached[1], game)
        state = await self._load_state(record, game)
        self._remember(game_id, record.ply, state)
        return LoadedGame(record, state, game)

    async def _load_state(self, record: GameRecord, game: Game) -> Any:
        snapshot = await self.storage.latest_snapshot(record.id)
        if snapshot is None:
            raise RuntimeError(f"game {record.id} has no initial snapshot")
        ply, data = snapshot
        state = game.load_state(data)
        for entry in await self.storage.log(record.id, after_ply=ply):
            if entry.kind == "undo":
                # every undo is stored with a snapshot, so this means a damaged database
                return await self.replay_log(game, record, await self.storage.log(record.id))
            if entry.kind == "move":
                state = apply_logged(game, state, entry)
        return state

    async def _state_before(self, game: Game, record: GameRecord, entries: list[LogEntry]) -> Any:
        """The state before the last entry (a move), from the latest snapshot before it: every
        undo stores a snapshot, so only plain moves lie between that snapshot and the move."""
        last = entries[-1].ply
        snapshot = await self.storage.latest_snapshot(record.id, at_most_ply=last - 1)
        if snapshot is None:
            return await self.replay_log(game, record, entries[:-1])
        ply, data = snapshot
        state = game.load_state(data)
        for entry in entries:
            if ply < entry.ply < last:
                if entry.kind == "undo":   # a damaged database: replay everything instead
                    return await self.replay_log(game, record, entries[:-1])
                if entry.kind == "move":
                    state = apply_logged(game, state, entry)
        return state

    async def replay_log(self, game: Game, record: GameRecord, entries: list[LogEntry]) -> Any:
        """The state after ``entries``, replayed from the initial state stored at start (which
        may come from a recorded setup rather than the seed)."""
        initial = await self.storage.latest_snapshot(record.id, at_most_ply=0)
        if initial is None:
            raise RuntimeError(f"game {record.id} has no initial snapshot")
        state = game.load_state(initial[1])
        for entry in effective_moves(entries):
            state = apply_logged(game, state, entry)
        return state

    # ----- moves ---------------------------------------------------------------------------------
    def _seat(self, record: GameRecord, user_id: int) -> int:
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserError("not_seated")
        return seat

    def _check_active(self, record: GameRecord) -> None:
        if record.status == FINISHED:
            raise UserError("game_over")
        if record.status in (ABANDONED, CANCELLED):
            raise UserError("game_closed", status=Msg(f"status.{record.status}"))
        if record.status != ACTIVE:
            raise UserError("not_started")

    def waiting_names(self, loaded: LoadedGame) -> list[str | Msg]:
        """The names of the seats the game waits for, as message values (the reader renders)."""
        names = loaded.name_values()
        return [names[seat] for seat in sorted(loaded.game.waiting_for(loaded.state))]

    def acting_seat(self, loaded: LoadedGame, user_id: int) -> int:
        """The user's seat, if the game is running and waits for that seat; else why not."""
        self._check_active(loaded.record)
        seat = self._seat(loaded.record, user_id)
        if seat not in loaded.game.waiting_for(loaded.state):
            reason = loaded.game.waiting_reason(loaded.state)
            if reason is not None:
                raise UserError("not_your_turn_because", reason=reason)
            waiting = self.waiting_names(loaded)
            raise UserError("not_your_turn", waiting=Join(waiting) if waiting else "-")
        return seat

    async def submit(self, game_id: int, user_id: int, text: str, interaction_id: int | None = None,
                     *, expected_ply: int | None = None) -> MoveOutcome:
        """Validate and store ``user_id``'s move.  ``expected_ply``: refuse unless the game is
        still at that ply (a menu or button made for one position, a deadline default)."""
        async with self.lock(game_id):
            loaded = await self.load(game_id)
            if expected_ply is not None and loaded.record.ply != expected_ply:
                raise UserError("menu_outdated")
            seat = self.acting_seat(loaded, user_id)
            if not text or not text.strip():
                raise UserError("empty_move")
            try:
                move = loaded.game.parse_move(loaded.state, seat, text)
            except IllegalMove as error:
                raise refusal(error) from None
            return await self._store_move(loaded, seat, user_id, move, interaction_id)

    async def _store_move(self, loaded: LoadedGame, seat: int, user_id: int, move: Any,
                          interaction_id: int | None) -> MoveOutcome:
        record, game, state = loaded.record, loaded.game, loaded.state
        game_id = record.id
        waiting_before = game.waiting_for(state)
        try:
            new_state = game.apply(state, move)
        except IllegalMove as error:
            raise refusal(error) from None
        move_text = game.format_move(move)
        finished = game.is_over(new_state)
        waiting_after = set() if finished else set(game.waiting_for(new_state))
        snapshot = game.dump_state(new_state) if finished or (record.ply + 1) % self.snapshot_every == 0 else None
        events = list(game.events(state, move, new_state))
        ply = await self._append(record, seat=seat, user_id=user_id, kind="move", text=move_text,
                                 interaction_id=interaction_id, waiting_seats=waiting_after,
                                 snapshot=snapshot, finished=finished,
                                 news=json.dumps([to_json(msg) for msg in events], ensure_ascii=False) if events else None)
        self._remember(game_id, ply, new_state)
        new_record = await self.record(game_id)
        return MoveOutcome(LoadedGame(new_record, new_state, game), seat, move_text, ply, finished,
                           waiting_after, waiting_after - set(waiting_before),
                           notices=list(game.notices(state, move, new_state)),
                           events=events, before=state)

    async def automatic(self, game_id: int, prefs_of: Callable[[int], Any]) -> MoveOutcome | None:
        """One move a waiting player's standing orders make for them now (``prefs_of(user_id)``
        gives that player's stored preferences for this game), or None."""
        async with self.lock(game_id):
            loaded = await self.load(game_id)
            if loaded.record.status != ACTIVE:
                return None
            for seat in sorted(loaded.game.waiting_for(loaded.state)):
                player = loaded.record.user_at(seat)
                if player is None:
                    continue
                decided = loaded.game.auto_move(loaded.state, seat, await prefs_of(player.user_id))
                if decided is None:
                    continue
                move, reason = decided
                try:
                    outcome = await self._store_move(loaded, seat, player.user_id, move, None)
                except UserError as error:
                    log.warning("game %s: standing order of seat %s refused: %s", game_id, seat, error.key)
                    return None
                outcome.automatic_reason = Msg("automatic_standing_order", name=display_name(player), reason=reason)
                return outcome
            return None

    async def apply_default(self, game_id: int, user_id: int, expected_ply: int) -> MoveOutcome | None:
        """The rules' default move for ``user_id`` whose decision deadline passed, if the game
        is still where it was when the deadline was found (so it is never applied twice)."""
        async with self.lock(game_id):
            loaded = await self.load(game_id)
            if loaded.record.status != ACTIVE or loaded.record.ply != expected_ply:
                return None
            seat = loaded.record.seat_of(user_id)
            if seat is None or seat not in loaded.game.waiting_for(loaded.state):
                return None
            move = loaded.game.default_move(loaded.state, seat)
            if move is None:
                return None
            outcome = await self._store_move(loaded, seat, user_id, move, None)
            outcome.automatic_reason = Msg("automatic_deadline", name=name_text(loaded.record.user_at(seat), game_language(loaded.record)),
                                           hours=loaded.record.options.get("deadline", 0))
            return outcome

    async def computer_move(self, game_id: int, seat: int, text: str, expected_ply: int, *,
                            stand_in: bool = False) -> MoveOutcome | None:
        """Store the move a computer player chose for ``seat`` from the position at
        ``expected_ply``, through the same path as a person's (the ply check makes it happen
        at most once, after a restart or a race with a person too).  ``stand_in``: the seat
        is a person's whose decision deadline passed (``on_timeout: computer``).  None when
        the game moved on meanwhile or the seat no longer waits (or is a person's again);
        a move the rules refuse raises UserError."""
        async with self.lock(game_id):
            loaded = await self.load(game_id)
            if loaded.record.status != ACTIVE or loaded.record.ply != expected_ply:
                return None
            player = loaded.record.user_at(seat)
            if player is None or seat not in loaded.game.waiting_for(loaded.state) or player.computer == stand_in:
                return None
            try:
                move = loaded.game.parse_move(loaded.state, seat, text)
            except IllegalMove as error:
                raise refusal(error) from None
            try:
                outcome = await self._store_move(loaded, seat, player.user_id, move,
                                                 computer_move_id(game_id, expected_ply, seat))
            except UserError as error:
                if error.key in ("stale_move", "duplicate_interaction"):
                    return None
                raise
            if stand_in:
                outcome.automatic_reason = Msg("automatic_stand_in", name=display_name(player),
                                               hours=loaded.record.options.get("deadline", 0))
            return outcome

    async def _append(self, record: GameRecord, *, seat: int | None, user_id: int | None, kind: str, text: str,
                      interaction_id: int | None, waiting_seats: set[int], snapshot: dict[str, Any] | None,
                      finished: bool, news: str | None = None) -> int:
        waiting_users = {player.user_id for player in record.players if player.seat in waiting_seats}
        try:
            ply = await self.storage.append(
                record.id, expected_ply=record.ply, seat=seat, user_id=user_id, kind=kind, text=text,
                interaction_id=interaction_id, now=self.clock(), waiting_user_ids=waiting_users,
                snapshot=snapshot, finished=finished, news=news)
            self._follow(record.id, ply, kind)
            return ply
        except StalePly:
            self.forget(record.id)
            raise UserError("stale_move") from None
        except DuplicateInteraction:
            raise UserError("duplicate_interaction") from None
        except WrongStatus:
            self.forget(record.id)
            now = await self.record(record.id)
            if now.status == FINISHED:
                raise UserError("game_over") from None
            raise UserError("game_closed", status=Msg(f"status.{now.status}")) from None

    async def undo(self, game_id: int, user_id: int, interaction_id: int | None = None) -> LoadedGame:
        async with self.lock(game_id):
            record = await self.record(game_id)
            self._check_active(record)
            seat = self._seat(record, user_id)
            game = rules.get_game(record.game)
            entries = await self.storage.log(game_id)
            moves = effective_moves(entries)
            if not moves or entries[-1].kind != "move" or entries[-1].seat != seat or moves[-1].ply != entries[-1].ply:
                raise UserError("undo_not_last")
            before = await self._state_before(game, record, entries)
            last_move = game.parse_move(before, seat, moves[-1].text)
            if game.reveals_information(before, last_move, game.apply(before, last_move)):
                raise UserError("undo_revealed")
            waiting = set(game.waiting_for(before))
            ply = await self._append(record, seat=seat, user_id=user_id, kind="undo", text=moves[-1].text,
                                     interaction_id=interaction_id, waiting_seats=waiting,
                                     snapshot=game.dump_state(before), finished=False)
            self._remember(game_id, ply, before)
            return LoadedGame(await self.record(game_id), before, game)

    def check_can_resign(self, loaded: LoadedGame, user_id: int) -> None:
        self._check_active(loaded.record)
        self._seat(loaded.record, user_id)

    def check_can_abandon(self, record: GameRecord, actor_id: int, is_moderator: bool) -> None:
        if actor_id != record.creator_id and not is_moderator:
            raise UserError("only_creator_or_moderator")
        if record.status not in (ACTIVE, LOBBY):
            raise UserError("game_closed", status=Msg(f"status.{record.status}"))

    async def resign(self, game_id: int, user_id: int, interaction_id: int | None = None) -> LoadedGame:
        """The resigning player ends the game for everybody and ranks last; the others are
        ranked by the current scores (a decision of the host: no game here can go on with
        an empty seat)."""
        async with self.lock(game_id):
            loaded = await self.load(game_id)
            self._check_active(loaded.record)
            seat = self._seat(loaded.record, user_id)
            await self._append(loaded.record, seat=seat, user_id=user_id, kind="resign", text="resign",
                               interaction_id=interaction_id, waiting_seats=set(), snapshot=None, finished=True)
            self.forget(game_id)
            return await self.load(game_id)

    async def substitute(self, game_id: int, actor_id: int, is_moderator: bool, old_id: int,
                         new_id: int | None, new_name: str) -> GameRecord:
        """Give ``old_id``'s seat to ``new_id``, or to a computer player when ``new_id`` is
        None (issue 29); a computer's seat goes back to a person the same way."""
        async with self.lock(game_id):
            record = await self.record(game_id)
            if record.status not in (ACTIVE, LOBBY):
                raise UserError("game_closed", status=Msg(f"status.{record.status}"))
            if actor_id != record.creator_id and not is_moderator:
                raise UserError("only_creator_or_moderator")
            if not any(p.user_id == old_id for p in record.players):
                raise UserError("substitute_not_player")
            if any(p.user_id == new_id for p in record.players):
                raise UserError("substitute_already_player")
            computer = new_id is None
            if new_id is None:
                new_id = next_computer_id(record)
                new_name = computer_name(new_id, game_language(record))
            if record.status == ACTIVE and not is_moderator and old_id != actor_id:
                # A present player's seat (and with it their hidden hand) is not the creator's
                # to give away: only a player absent for ABSENT_HOURS, or a moderator.
                last_seen = max([entry.created_at for entry in await self.storage.log(game_id) if entry.user_id == old_id]
                                + [record.created_at])
                if self.clock() - last_seen < ABSENT_HOURS * 3600:
                    raise UserError("substitute_present_player", hours=ABSENT_HOURS)
            try:
                record = await self.storage.substitute(game_id, old_id, new_id, new_name, self.clock(),
                                                       computer=computer)
            except NotSeated:
                raise UserError("substitute_not_player") from None
            except AlreadySeated:
                raise UserError("substitute_already_player") from None
            self.forget(game_id)
            return record

    async def abandon(self, game_id: int, actor_id: int, is_moderator: bool) -> GameRecord:
        record = await self.record(game_id)
        self.check_can_abandon(record, actor_id, is_moderator)
        self.forget(game_id)
        try:
            return await self.storage.set_status(game_id, ABANDONED, expected=(ACTIVE, LOBBY), now=self.clock())
        except WrongStatus:
            raise UserError("game_closed", status=Msg(f"status.{record.status}")) from None

    # ----- reading -------------------------------------------------------------------------------
    async def standings(self, loaded: LoadedGame) -> list[Standing]:
        resigned = {entry.seat for entry in await self.storage.log(loaded.record.id) if entry.kind == "resign"}
        scores = loaded.game.scores(loaded.state)
        winners = set(loaded.game.winners(loaded.state)) if loaded.game.is_over(loaded.state) else set()
        if resigned:
            remaining = [seat for seat in range(len(scores)) if seat not in resigned]
            best = max((scores[seat] for seat in remaining), default=None)
            winners = {seat for seat in remaining if scores[seat] == best}
        result = []
        for player in sorted(loaded.record.players, key=lambda p: p.seat or 0):
            seat = player.seat or 0
            result.append(Standing(seat, player.user_id, name_text(player, game_language(loaded.record)), scores[seat],
                                   seat in resigned, seat in winners))
        result.sort(key=lambda s: (s.resigned, not s.winner, -s.score, s.seat))
        return result

    async def move_numbers(self, game_id: int) -> dict[int, int]:
        """Ply -> move number (1, 2, 3...) of the moves that stand: what players count, without
        the undo entries and the moves they took back."""
        record = await self.storage.get_game(game_id)
        known = self._standing.get(game_id)
        if record is None or known is None or known[0] != record.ply:
            if known is not None and record is not None and known[0] < record.ply:
                plies = list(known[1])   # only the entries since: a move pushes, an undo pops
                for entry in await self.storage.log(game_id, after_ply=known[0]):
                    if entry.kind == "move":
                        plies.append(entry.ply)
                    elif entry.kind == "undo" and plies:
                        plies.pop()
            else:
                entries = await self.storage.log(game_id)
                plies = [entry.ply for entry in effective_moves(entries)]
                record_ply = entries[-1].ply if entries else 0
                if record is None or record.ply != record_ply:
                    return {ply: number for number, ply in enumerate(plies, 1)}
            known = (record.ply, plies)
            self._standing[game_id] = known
            self._standing.move_to_end(game_id)
            while len(self._standing) > self._cache_size:
                self._standing.popitem(last=False)
        return {ply: number for number, ply in enumerate(known[1], 1)}

    async def recent_log(self, game_id: int, limit: int = 20) -> list[LogEntry]:
        return await self.storage.log(game_id, newest=True, limit=limit)

    def complete(self, loaded: LoadedGame, user_id: int, prefix: str, limit: int = 25) -> list[str]:
        """Autocomplete for ``user_id``: the legal moves starting with ``prefix`` (none when it
        is not their turn)."""
        if loaded.record.status != ACTIVE:
            return []
        seat = loaded.record.seat_of(user_id)
        if seat is None or seat not in loaded.game.waiting_for(loaded.state):
            return []
        found: list[str] = []
        for variant in loaded.game.prefix_variants(prefix):     # "tám" also looks up "támad" (attack)
            for text in loaded.game.complete(loaded.state, seat, variant, limit):
                if text not in found:
                    found.append(text)
            if len(found) >= limit:
                break
        return found[:limit]

    async def legal_move_texts(self, loaded: LoadedGame, seat: int, limit: int = 26) -> list[str]:
        texts: list[str] = []
        for move in loaded.game.legal_moves(loaded.state, seat):
            texts.append(loaded.game.format_move(move))
            if len(texts) >= limit:
                break
        return texts


@dataclass(frozen=True)
class BoardPart:
    """One image of a board post: its position (1: the first image), file name, a digest of
    its drawn pixels, and its PNG, or None when it was not encoded (the thread shows it already)."""

    position: int
    name: str
    digest: str
    data: bytes | None


def pixel_digest(image: Any) -> str:
    """What two drawings are compared by: their raw pixels (mode and size included).  SHA-256
    (the CPU's SHA instructions): 1.6x faster than BLAKE2b here, a fifth of encoding the PNG."""
    digest = hashlib.sha256(f"{image.mode} {image.width}x{image.height}".encode())
    digest.update(image.tobytes())
    return digest.hexdigest()[:32]


def _digest_and_encode(image: Any, shown_digest: str | None) -> tuple[str, bytes | None]:
    from renderers.common import avoid_square, to_png

    digest = pixel_digest(image)
    if digest == shown_digest:
        return digest, None
    known = _ENCODED.get(digest) if _ENCODED is not None else None
    return digest, known if known is not None else to_png(avoid_square(image))


def _encode(image: Any, digest: str) -> tuple[str, bytes | None]:
    from renderers.common import avoid_square, to_png

    known = _ENCODED.get(digest) if _ENCODED is not None else None
    return digest, known if known is not None else to_png(avoid_square(image))


def part_digest(game_name: str, language: str, player_names: list[str], position: int, inputs: Any) -> str:
    """What a renderer's ``ChatPart`` is compared by: its inputs, with the game, language,
    names and position it is drawn for ("in:" tells it from a digest of pixels)."""
    from renderers.common import inputs_digest

    return "in:" + inputs_digest(game_name, language, list(player_names), position, inputs)


def render_parts(game_name: str, view: Any, player_names: list[str], language: str = "en",
                 shown: dict[int, str] | None = None) -> list[BoardPart]:
    """Draw a view and encode its images as PNG, except those the thread shows already: an
    image whose pixels equal the digest ``shown`` gives for its position is drawn but not
    encoded, and a ``ChatPart`` (a renderer's image given with its inputs) whose inputs'
    digest equals it is neither drawn nor encoded.  CPU work: the host calls it through its
    worker pool (``bot.workers.run``, a worker process in production), so it is a
    module-level function of picklable arguments (a game's view, names, digests) returning
    picklable parts."""
    import renderers
    from PIL import Image
    from renderers.common import ChatPart

    shown = shown or {}
    images = renderers.get_chat_renderer(game_name)(view, player_names=player_names, language=language)
    if isinstance(images, (Image.Image, ChatPart)):
        images = [images]
    # Pillow releases the GIL while it quantizes and compresses: each image is hashed and
    # encoded in the background while the next one is drawn (a renderer may yield its images
    # one by one).  Gaia: 113 -> ~95 ms move to reply on two cores (2026-11-24).
    # An item may be (position, image) when a renderer draws its images in another order than
    # they are shown (the larger first, so that its encoding overlaps the drawing of the rest).
    slots: dict[int, concurrent.futures.Future[tuple[str, bytes | None]]] = {}
    for index, item in enumerate(images):
        slot, image = item if isinstance(item, tuple) else (index, item)
        if isinstance(image, ChatPart):
            digest = part_digest(game_name, language, player_names, slot + 1, image.inputs)
            if digest == shown.get(slot + 1):
                slots[slot] = concurrent.futures.Future()
                slots[slot].set_result((digest, None))       # shown already: not even drawn
            else:
                slots[slot] = _ENCODERS.submit(_encode, image.draw(), digest)
        else:
            slots[slot] = _ENCODERS.submit(_digest_and_encode, image, shown.get(slot + 1))
    done = [slots[slot].result() for slot in sorted(slots)]
    if _ENCODED is not None:
        for digest, data in done:
            if data is not None:
                _ENCODED.keep(digest, data)
    return [BoardPart(position, f"{game_name}-{position}.png" if len(done) > 1 else f"{game_name}.png", digest, data)
            for position, (digest, data) in enumerate(done, 1)]


def warm_drawing(game_names: list[str] | None = None) -> None:
    """Draw every game's opening position once in this process (a worker's warm-up): the
    renderers' per-process caches (fonts and glyph masks, map backgrounds, dimmed layers)
    fill before the first person waits, not during their move."""
    import rules

    for name in game_names if game_names is not None else rules.available_games():
        game = rules.get_game(name)
        state = game.new_game(game.normalize_options({"players": game.min_players}), 1)
        render_parts(name, game.view(state, None), [f"{seat + 1}" for seat in range(game.min_players)])
    if _ENCODED is not None:
        _ENCODED.clear()      # boards of no game: their PNGs would only take the room of real ones


def render_png(game_name: str, view: Any, player_names: list[str], language: str = "en") -> list[tuple[str, bytes]]:
    """Render a view to PNG files, every image (call through asyncio.to_thread)."""
    return [(part.name, part.data) for part in render_parts(game_name, view, player_names, language)
            if part.data is not None]


_ENCODERS = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="png")


class EncodedImages:
    """The PNGs this process encoded lately, by digest (of the pixels, or "in:" of a
    ChatPart's inputs), at most ``limit`` bytes of them: an image that comes back (a player
    column that alternates between two looks, a /board or whole-picture post after the
    thread's images) is not encoded again (a ChatPart is still drawn: what a part's drawing
    costs is what the thread's digests save; 2026-11-27, no part came back in 40-move games
    of the five, Planetarium's players column in 19 % of its encodings).  The bytes are those
    a new encoding would give, or (where palettes are kept, renderers.common.keep_palettes) the
    same pixels within the kept palette's fidelity: the key is the pixels or the inputs, never
    the bytes.  Read from the encoding
    threads (``get``: one dict lookup), written under a lock."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()      # drawing in threads (no worker processes): two writers

    def get(self, digest: str) -> bytes | None:
        return self._items.get(digest)

    def keep(self, digest: str, data: bytes) -> None:
        with self._lock:
            if digest in self._items:
                self._items.move_to_end(digest)
                return
            if len(data) > self.limit:
                return
            self._items[digest] = data
            self.size += len(data)
            while self.size > self.limit:
                _, dropped = self._items.popitem(last=False)
                self.size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.size = 0


# A worker process's (bot/workers.py starts every process with it); none in a process that
# draws in threads (tests, the console), where a stub encoder or a count of encodings would
# otherwise meet PNGs kept from elsewhere.
_ENCODED: EncodedImages | None = None


def keep_encoded_images(limit: int = 16 << 20) -> None:
    """Keep this process's recent PNGs (16 MiB: 150-300 images of 50-130 KiB)."""
    global _ENCODED
    _ENCODED = EncodedImages(limit)
