"""The shape of a Gaia Project state (issue 27), and its copy and JSON round trip.

A Gaia state stays a plain JSON dict at run time (the recorded replays and the store keep it as
JSON): these TypedDicts describe that dict so mypy checks reads and writes, and the kit's
plumbing (:mod:`rules.kit.plumbing`) copies it and writes it from them (:func:`clone_state`,
:func:`state_to_json`, :func:`state_from_json`; pickle did it before).  The keys are documented
in the package docstring (:mod:`rules.gaia`) and created by ``setup.empty_state`` /
``setup.new_player``.
"""
# No ``from __future__ import annotations`` here: the TypedDicts' required and optional keys are
# read at run time (``shape_problems``), which needs NotRequired evaluated.
from typing import Any, Mapping, NotRequired, TypedDict, cast

from rules.kit import Plumbing


class TechTile(TypedDict):
    """A tech tile a player holds: ``id`` (``tech-*`` / ``adv-*``), its board position and
    whether an advanced tile covers it (GP-TECH-*)."""

    id: str
    pos: str
    covered: bool


class FedToken(TypedDict):
    """A federation token a player holds; ``green`` while its reward side is still up."""

    id: str
    green: bool


# ``st["leech_q"]`` entry: a pending passive-charge round after a build on ``hex`` by seat
# ``from`` (GP-LEECH-*); ``todo``: seats still to be offered (None until computed).  "from" is a
# keyword, hence the functional syntax.
Leech = TypedDict("Leech", {"hex": str, "from": int, "todo": list[int] | None})


class Offer(TypedDict):
    """The open passive-charge offer: the seat asked, the hex built on, acceptable answers."""

    seat: int
    hex: str
    offers: list[str]


class Player(TypedDict):
    """``st["players"][seat]`` once the seat holds a faction (``setup.new_player``)."""

    faction: str
    vp: int
    vp_src: dict[str, int]          # VP by source; sums to vp
    c: int
    o: int
    k: int
    q: int
    power: dict[str, int]           # area1 area2 area3 gaia -> regular tokens
    brainstone: str | None          # None or the area holding the Taklons brainstone
    research: dict[str, int]        # terra nav int gaia eco sci -> level
    inc_seq: list[str]              # income sources in acquisition order
    gf_total: int
    gf_gaia: int
    techs: list[TechTile]
    feds: list[FedToken]
    booster: str | None
    used: list[str]                 # special actions used this round
    passed: bool
    n: dict[str, int]               # building type -> count on the map (incl. "sp")
    fed_hexes: list[str]
    ivits_feds: int
    income_todo: list[str]          # open income events (reward texts)
    waiting: str | None             # open decision: "income", "brainstone", "terrans", "itars"
    tg_left: int
    ask: list[str] | None           # the options of an open brainstone question
    tokens: int                     # power tokens owned
    board: NotRequired[str]         # faction board variant (absent: standard)
    board_players: NotRequired[int]
    bid: NotRequired[int]           # auction bid, paid in VP at the end


class GaiaState(TypedDict):
    """The whole game (``setup.empty_state``); optional keys appear during play."""

    game: str
    version: int
    options: dict[str, Any]
    rng: dict[str, int] | None       # Rng.to_json() (seed and counter); None in recorded games
    n: int                          # number of seats
    map: list[list[Any]]            # rows [q, r, planet, sector tile, name]
    map_id: NotRequired[str]
    map_locked: bool
    placement: list[dict[str, Any]]  # sectors: {sector, rotation, center}
    planet: dict[str, str]          # hex -> planet changed during play
    bld: dict[str, list[Any]]       # hex -> [seat, building type]
    guest: dict[str, int]           # hex -> Lantids seat
    gf: dict[str, int]              # hex -> seat of a gaiaformer
    sat: dict[str, list[int]]       # hex -> seats with a satellite
    station: dict[str, int]         # hex -> Ivits seat
    # None for a seat without a faction yet: only in the factions and auction phases, whose code
    # checks for it (typed as Player so every later phase reads seats without a check)
    players: list[Player]
    round: int
    phase: str
    round_scoring: list[str]
    final_scoring: list[str]
    boosters: dict[str, int | None]  # booster id -> holder seat
    tech: dict[str, str]            # position -> tile id
    adv_taken: list[str]
    fed_supply: dict[str, int]
    terra_fed: str | None
    used_actions: list[str]
    order: list[int]
    passed: list[int]
    current: int | None
    leech_q: list[Leech]
    offer: Offer | None
    queue: list[list[Any]]          # setup / booster steps [seat, what]
    log_count: int
    chosen: NotRequired[list[str]]  # factions in the order first chosen (auctions)
    faction_turn: NotRequired[int | None]
    table: NotRequired[list[int]]   # seats in table order
    income_queue: NotRequired[list[int]]


# A move: the seat, its label (faction id or "p<n>"), the sub-commands of one notation line
# (``notation.parse_commands``) and whether the line ended the turn explicitly.
class _MoveBase(TypedDict):
    seat: int
    actor: str
    cmds: list[list[str]]


class GaiaMove(_MoveBase, total=False):
    ended: bool


# One notation line as sub-commands (``[["build", "m", "4A10"], ["brainstone", "area1"]]``) and
# candidate lines grouped by kind (``moves.candidate_groups``).
Cmds = list[list[str]]
Groups = dict[str, list[Cmds]]


def _keys(kind: Any, data: Mapping[str, Any], where: str) -> list[str]:
    required: frozenset[str] = kind.__required_keys__
    known = required | kind.__optional_keys__
    missing = sorted(required - data.keys())
    unknown = sorted(data.keys() - known)
    return ([f"{where}: keys missing from the state: {missing}"] if missing else []) + \
        ([f"{where}: keys {kind.__name__} does not describe: {unknown}"] if unknown else [])


def shape_problems(st: GaiaState) -> list[str]:
    """Where the dict differs from its TypedDicts (a key the rules write that the types do not
    know, or a required key absent): ``playout.check_invariants`` reports it, so the types stay
    in step with the state the rules really build."""
    out = _keys(GaiaState, st, "state")
    for seat, p in enumerate(st["players"]):
        if p is not None:
            out += _keys(Player, p, f"player {seat + 1}")
            for tile in p["techs"]:
                out += _keys(TechTile, tile, f"player {seat + 1} tech")
            for token in p["feds"]:
                out += _keys(FedToken, token, f"player {seat + 1} federation")
    if st["offer"]:
        out += _keys(Offer, st["offer"], "offer")
    for entry in st["leech_q"]:
        out += _keys(Leech, entry, "leech queue")
    return out


# ----- copy and JSON (the kit's plumbing) ------------------------------------------------------------
#: What the plumbing needs beyond the declared types:
#: - ``players`` holds None for a seat without a faction (factions and auction phases);
#: - the map's rows hold only numbers and names: written row by row without a look at each cell;
#: - the parts no move changes in place (a sector rotation replaces the map and the placement as
#:   a whole) are shared by a copy: ``apply`` and every candidate validation copy the state, and
#:   sharing the map makes that ~40 % cheaper.
SHARED_PARTS = ("map", "placement", "options", "round_scoring", "final_scoring")
PLUMBING = Plumbing(
    hints={(GaiaState, "players"): list[Player | None], (GaiaState, "map"): list[list[int | str | None]]},
    shared=[(GaiaState, name) for name in SHARED_PARTS])


def clone_state(st: GaiaState) -> GaiaState:
    """A copy of ``st`` that moves may change without touching ``st`` (the parts no move changes
    in place, :data:`SHARED_PARTS`, are shared)."""
    return PLUMBING.clone(st, GaiaState)


def state_to_json(st: GaiaState) -> dict[str, Any]:
    """The state as new JSON data: the dict's own keys in its own order (stored games are written
    back byte for byte)."""
    return cast("dict[str, Any]", PLUMBING.to_json(st, GaiaState))


def state_from_json(data: Mapping[str, Any]) -> GaiaState:
    """The state :func:`state_to_json` wrote (a key GaiaState does not describe: TypeError)."""
    return PLUMBING.from_json(GaiaState, data)
