"""How good a Planetarium position looks for a seat, for the computer players (issue 29).

Everything in points, as the game would stand at its end (PL-WIN-1: all points come from
played cards):

* the points scored so far;
* the initial and major cards in hand (PL-CARD-1/3): each worth a share of its points, the
  larger the more of its requirements are met now on the best planet for it (planet type
  exactly; orbit and habitability softly, since planets move and flip; matter by the share of
  the cost already on that planet's mat area).  Only as many cards count as the seat can still
  expect to play: the evolution track has ``31 - filled`` spaces left before the last round
  (PL-EVO-3, §12.3), a card pays about ``PAID_PER_CARD`` tokens and the plays are shared
  between the seats, so near the end only the best card or two in hand are worth anything;
* the final cards in hand (PL-FIN-1/2): each needs one of the seat's own markers on a card of
  the target planet's row, so finals are matched (best first) to the seat's markers on planets
  of the right type; a final without a marker for it is worth little, one whose orbit and
  habitability already fit is worth most of its points;
* matter on the mat (PL-MOV-9): each token a little of its card-formula weight (§12.5), since
  it pays for future cards (and breaks ties, PL-WIN-2);
* a pending draw (PL-DRAW-1): the card about to be drawn.

In the last round (PL-END) a seat that has finished its last turn keeps only its score; the
others can still play one card and their finals.

The value for a seat is its total minus the best other seat's.
"""
from __future__ import annotations

from .data import Card, board, cards, planet_kinds, track_info
from .state import PHASE_DRAW, PHASE_KEEP_FINAL, PHASE_OVER, PLANETS, GameState, PlayerState

WEIGHT = {"G": 2.0, "R": 2.0, "W": 3.0, "M": 4.0}   # §12.5: the card formula's value of a token
PAID_PER_CARD = 2.6          # matter tokens a played initial/major card puts on the track, on average
HAND_SHARE = 0.5             # a playable card in hand: this share of its points (playing it must pay more)
MATTER_SHARE = 0.25          # a token on the mat: this share of its weight
FINAL_SHARE = 0.75           # a final with a marker and its requirements met: this share of its points
DRAW_VALUE = 2.5             # the card a pending draw brings (initial 4.8 / major 8.9 points, half counted)
ORBIT_MISS = 0.55            # an orbit requirement not met now (planets move, PL-MOV)
HAB_MISS = 0.45              # a habitability requirement not met now (planets flip, PL-HAB-2)


def _planets(state: GameState) -> list[tuple[str, str, int, bool]]:
    """(letter, kind, orbit now, habitable now) of each planet."""
    orbit, kinds = board().orbit, planet_kinds()
    return [(planet, kinds[planet], orbit[state.planet_pos[planet]], state.planets[planet].habitable)
            for planet in PLANETS]


def _feasibility(card: Card, area: dict[str, int], kind: str, orbit: int, habitable: bool) -> float:
    """0..1: how close ``card`` is to playable on a planet of ``kind`` on ``orbit`` with the
    matter ``area`` of the player's mat for it (PL-CARD-3)."""
    if card.planet_type != "any" and card.planet_type != kind:
        return 0.0
    value = 1.0
    if not card.orbit_min <= orbit <= card.orbit_max:
        value *= ORBIT_MISS
    required = card.habitability_required
    if required is not None and (required == "habitable") != habitable:
        value *= HAB_MISS
    if card.cost:
        need = have = 0
        for kind_, count in card.cost:
            need += count
            have += min(area[kind_], count)
        value *= (0.15 + 0.85 * (have / need) ** 2)
    return value


def _hand_cards(state: GameState, player: PlayerState) -> tuple[list[float], float]:
    """(values of the initial/major cards in hand, value of the finals in hand)."""
    if not player.hand_known:                 # a view: the hand is hidden, count it as average
        return [1.5] * max(0, player.hand_count - player.final_count), 3.0 * player.final_count
    table = cards()
    planets = _planets(state)
    mat = player.mat
    normal: list[float] = []
    finals: list[Card] = []
    for card_id in player.hand:
        card = table[card_id]
        if card.deck == "final":
            finals.append(card)
        else:
            best = max(_feasibility(card, mat[planet], kind, orbit, habitable)
                       for planet, kind, orbit, habitable in planets)
            normal.append(HAND_SHARE * card.points * best)
    if not finals:
        return normal, 0.0
    markers = {planet: sum(1 for played in state.planets[planet].row if played.marker == player.seat)
               for planet in PLANETS}
    total = 0.0
    for card in sorted(finals, key=lambda c: -c.points):    # the best finals claim markers first
        options = [(_feasibility(card, mat[planet], kind, orbit, habitable), planet)
                   for planet, kind, orbit, habitable in planets]
        with_marker = [(value, planet) for value, planet in options if markers[planet] > 0 and value > 0]
        if with_marker:
            value, planet = max(with_marker)
            markers[planet] -= 1
            total += FINAL_SHARE * card.points * value
        else:
            total += 0.15 * card.points * max(value for value, _ in options)
    return normal, total


def projected(state: GameState, seat: int) -> float:
    player = state.players[seat]
    total = float(player.score)
    if state.phase == PHASE_OVER or (state.last_round and player.last_turn_taken):
        return total + 0.01 * sum(sum(area.values()) for area in player.mat.values())   # PL-WIN-2
    spaces, _acceleration = track_info()
    left = max(0, spaces + 1 - len(state.track) - (1 if state.final_space else 0))
    count = len(state.players)
    if state.last_round:
        plays = 1.0                             # one initial/major card in the last turn (PL-END-2)
        matter_share = 0.0 if state.active != seat else MATTER_SHARE
    else:
        plays = 1.0 + left / PAID_PER_CARD / count
        matter_share = MATTER_SHARE * min(1.0, left / 10)
    normal, finals = _hand_cards(state, player)
    normal.sort(reverse=True)
    for value in normal:
        take = min(1.0, plays)
        if take <= 0:
            break
        total += take * value
        plays -= take
    total += finals
    total += matter_share * sum(WEIGHT[kind] * count_ for area in player.mat.values() for kind, count_ in area.items())
    if state.phase in (PHASE_DRAW, PHASE_KEEP_FINAL) and state.active == seat and not state.last_round:
        total += DRAW_VALUE
    return total


def evaluate(state: GameState, seat: int) -> float:
    """The seat's projected lead over the best other seat."""
    mine = projected(state, seat)
    others = [projected(state, s) for s in range(len(state.players)) if s != seat]
    return mine - (max(others) if others else 0.0)
