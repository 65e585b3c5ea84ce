"""Space Corp moves in words (``move_phrase``): a stored move text as a predicate the host puts
after "bob (Blue):", from the notation's syntax and the static data only (never from legality, so
an old move still reads).  Teams in the reader's colour letters, sites by the names the map shows,
cards by the reader's code (``Ű02#1`` in Hungarian) and name, bases, Edges and Progress cards by their names."""
from __future__ import annotations

from functools import lru_cache

from rules.base import DESCRIPTION_GLUE, IllegalMove
from rules.messages import Join, Localized, Msg

from . import moves as mv
from .data import ERAS, design, is_time, tables
from .moves import (Build, BuildSpot, Choose, Colonize, CpItem, Decline, Draw, Edge, Explore, Fulfill, Genetics, Idea,
                    Leg, MoveAction, Pass, Produce, Research, Sources, Special, Transport, Upgrade)


def S(key: str, /, **values: object) -> Msg:
    return Msg(f"spacecorp.{key}", **values)


def team_msg(team: str) -> Msg:
    """A team as the reader writes it: ``B1`` (English), ``K1`` (Kék, Hungarian)."""
    return S("team", colour=S(f"colour_letter.{team[:1]}"), n=team[1:])


def team_name(team: str) -> Msg:
    """A team by its colour's name in a phrase beside site names: "Lila 1", not "L1" (a
    Hungarian L1 is also a Lagrange point: "L1 Föld–Hold L5 → Föld–Hold L1")."""
    return S("team_name", colour=S(f"colour.{team[:1]}"), n=team[1:])


def site_msg(site: str) -> Msg | str:
    known = any(site in era_map.sites for era_map in tables().maps.values())
    return S(f"site.{site}") if known else site


def card_msg(card: str) -> Msg | str:
    """``M02#1 (Heavy Lifter)``; a Time card ``T3 (Time)``; an unknown id as it is.  The id in the
    reader's code (Hungarian ``Ű02#1``, ``Idő3``: :func:`moves.card_code`)."""
    if is_time(card):
        return S("card", id=mv.card_code(card), name=S("cardname.TIME"))
    if design(card) in tables().cards:
        return S("card", id=mv.card_code(card), name=S(f"cardname.{design(card)}"))
    return card


def _hq(hq: str, brief: bool = False) -> Msg:
    """Whose HQ's Infra: "their own HQ"; ``brief``: "own Infra" (the sources in brief words)."""
    suffix = "_brief" if brief else ""
    if hq == mv.SELF:
        return S(f"phrase.hq_self{suffix}")
    return S(f"phrase.hq_colour{suffix}", colour=S(f"colour.{mv.seat_colour(hq)}"))


def sources_msg(sources: Sources, names: bool = True, brief: bool = False) -> Msg | None:
    """Where the value comes from: cards (and their entries), Infra, a Time card, profit, bases.
    ``names``: each card with its name (``Ű02#1 (Nehéz teherhordozó)``), else by its code alone;
    ``brief``: the same facts in fewer words (a long label): the cards without the word "cards",
    "Shielded" without "as", the Infra, the Time card's use and the profit added in a word or two."""
    parts: list[Msg] = []
    if sources.cards:
        def named(card: str) -> Msg | str | Localized:
            return card_msg(card) if names or is_time(card) or design(card) not in tables().cards else mv.card_code(card)
        shielded = "phrase.shielded_card_brief" if brief else "phrase.shielded_card"
        parts.append(S("phrase.src.cards_brief" if brief else "phrase.src.cards", cards=Join([
            S(shielded, card=named(entry.card)) if entry.entry.startswith("s") else named(entry.card)
            for entry in sources.cards])))
    if sources.infra:
        hqs = Join([_hq(hq, brief) for hq in sources.infra], "and")
        parts.append(S("phrase.src.infra_brief", hqs=hqs) if brief else S("phrase.src.infra", hqs=hqs))
    if sources.time:
        parts.append(S(f"phrase.src.time_{sources.time.mode}{'_brief' if brief else ''}",
                       card=mv.card_code(sources.time.card)))
    if sources.pay:
        parts.append(S("phrase.src.pay_brief" if brief else "phrase.src.pay", n=sources.pay))
    if sources.use:
        parts.append(S("phrase.src.use", sites=Join([site_msg(site) for site in sources.use], "and")))
    return S("phrase.sources", parts=Join(parts)) if parts else None


def _leg(leg: Leg, brief: bool = False) -> Msg:
    """``Blue 1 from Sisyphus to Halley's Comet``; ``brief``: without the origin (where the team
    stands; a long label)."""
    if brief:
        return S("phrase.leg_brief", team=team_name(leg.team), destination=site_msg(leg.destination))
    return S("phrase.leg", team=team_name(leg.team), origin=site_msg(leg.origin), destination=site_msg(leg.destination))


def _base(base: str, brief: bool = False) -> Msg | str:
    """A base type by name; ``brief``: its short name ("Research", "Kutató") for a long label."""
    return S(f"base_brief.{base}" if brief else f"base.{base}") if base in mv.BASES else base


def era_of_site(site: str) -> str | None:
    """The era whose map has ``site`` (no site is on two eras' maps); None for an id no map knows."""
    return next((era for era, era_map in tables().maps.items() if site in era_map.sites), None)


def base_effect(era: str, base: str, brief: bool = False) -> Msg | None:
    """What a base type does in an era, in a few words (SC-BASE tables): one text for each set of
    abilities, named by the first era that has it (``baseeffect.SPACEPORT.E2`` serves E2 and E3);
    ``brief``: in a word or two (``baseeffect_brief``, for a long label).  None for a type the
    era does not have."""
    rules = tables().base_rules
    if (era, base) not in rules:
        return None
    abilities = rules[era, base].abilities
    first = next(earlier for earlier in ERAS if (earlier, base) in rules and rules[earlier, base].abilities == abilities)
    return S(f"baseeffect{'_brief' if brief else ''}.{base}.{first}")


def build_effects(move: Build, brief: bool = False, counted: bool = False) -> Msg | None:
    """What each base a Build places does, in the order the phrase names them (G-7: a player
    choosing between base types sees what each does); ``brief``: in a word or two each;
    ``counted``: a base type built more than once said once with its count ("card or idea ×3",
    a star system's tiles), which says as much without the bases' names.  None for a base or
    site no table knows."""
    effects: list[Msg] = []
    for spot in move.spots:
        era = era_of_site(spot.site)
        for base in [spot.base] if spot.base else [base for _tile, base in spot.bases]:
            effect = base_effect(era, base, brief) if era and base else None
            if effect is None:
                return None
            effects.append(effect)
    if counted:
        effects = [S("preview.base_effect_times", effect=effect, n=effects.count(effect)) if effects.count(effect) > 1
                   else effect for effect in dict.fromkeys(effects)]
    return effects[0] if len(effects) == 1 else S("preview.base_effects", effects=Join(effects)) if effects else None


def _build_spot(spot: BuildSpot, brief: int = 0) -> Msg:
    """``a Research Base at Solar L1 (Blue 1)``; a star system's tiles each with its base.  ``brief``
    (a long label): one base with its team in brackets (Hungarian "Kutatóbázis – Hold (Kék 1)");
    1, each tile's base then the tile in brackets; 2, the same by the bases' short names ("Védelmi"
    for "Védelmi bázis", newcomer 27h: the full name wherever it fits); 3, the bases alone by their
    short names (which tile takes which is in the notation sent, and on the map once built); 4, the
    same without the team (its site says where it is); 5, a type built twice said once with its
    count ("Defense ×2")."""
    if spot.base:           # brief: the team in brackets, as a star system's
        return S("phrase.build_spot_brief" if brief else "phrase.build_spot",
                 base=S(f"base_a.{spot.base}") if spot.base in mv.BASES else spot.base,
                 site=site_msg(spot.site), team=team_name(spot.team))
    if brief >= 4:          # the bases alone, without the team either
        kinds = [base for _tile_id, base in spot.bases]
        return S("phrase.build_spot_bases", site=site_msg(spot.site), bases=Join(
            [S("phrase.base_times", base=_base(base, True), n=kinds.count(base)) if brief >= 5 and kinds.count(base) > 1
             else _base(base, True) for base in (dict.fromkeys(kinds) if brief >= 5 else kinds)]))
    if brief >= 3:
        bases = Join([_base(base, True) for _tile_id, base in spot.bases])
    elif brief:
        bases = Join([S("phrase.tile_base_brief", base=_base(base, brief >= 2), tile=_tile(tile))
                      for tile, base in spot.bases])
    else:
        bases = Join([S("phrase.tile_base", base=_base(base), tile=_tile(tile)) for tile, base in spot.bases])
    return S("phrase.build_spot_tiles_brief" if brief else "phrase.build_spot_tiles", site=site_msg(spot.site),
             team=team_name(spot.team), bases=bases)


def effect_forms(move: Build) -> list[Msg]:
    """What a Build's bases do (:func:`build_effects`) from the fullest to the briefest, each once:
    in full words, then a base type built twice said once with its count ("genetics +1 at once
    ×2"), then in a word or two each, counted ("card or idea ×2, produces P2": as much said as
    "card or idea, card or idea, produces P2", and in fewer words, leaving room for the cost)."""
    forms = (build_effects(move), build_effects(move, counted=True), build_effects(move, brief=True, counted=True))
    return list(dict.fromkeys(form for form in forms if form is not None))


def build_forms(move: Build) -> tuple[list[Msg], list[list[Msg]]]:
    """A Build's label phrases, from the fullest to the briefest: the fallback order in one place
    (with :func:`_with`, which tries each phrase beside each of :func:`effect_forms`).  What a
    player needs most to choose between builds is what the bases do (the preview, G-7), then
    which bases, then where; the team next, then the tiles each base takes and the sources paid
    (both in the notation sent, and on the map once built).  Returned: the phrases saying the same
    facts (each tile's base by full names, by short names with the tile in brackets), then the
    lossy groups, each tried beside every effect form (fuller words first) before the next:

    1. the bases by their short names without their tiles ("Build Extractor, Research, Defense at
       Epsilon Eridani (Yellow 3)");
    2. the same without the team (where the site is, the team building there is), then a type
       built twice said once with its count ("Build Extractor, Defense ×2 at Epsilon Eridani");
    3. a star system's count of bases alone ("Build 3 bases at Epsilon Eridani"), the preview
       saying what each does, a type built twice with its count ("card or idea ×2"): three long
       names and what each does do not fit in 100 characters beside a star system's name in
       Hungarian ("Építs bázist: Látványosság, Kutatóbázis, Kitermelő – Epszilon Eridani: …"
       takes 110 or more)."""
    builds = [S("phrase.build", spots=Join([_build_spot(spot, brief) for spot in move.spots], "and"))
              for brief in (0, 1, 2, 3, 4, 5)]
    lossy = [builds[3:4]] + ([builds[4:]] if builds[4] != builds[3] else [])   # aligned: a decision shares an index
    if len(move.spots) == 1 and len(move.spots[0].bases) > 1:
        lossy.append([S("phrase.build_count", n=len(move.spots[0].bases), site=site_msg(move.spots[0].site))])
    return builds[:3], lossy


def _tile(tile: str) -> Msg | str:
    """A discovery tile by its name (an id no table knows: as typed)."""
    return S(f"tile.{tile}") if tile in tables().discoveries else tile


def _cp(item: CpItem, brief: bool = False) -> Msg:
    """One Colony Point source; ``brief``: in fewer words (``phrase.cp_brief.*``, where one exists)."""
    from rules.messages import has_key
    if item.kind == "team":
        return S("phrase.cp_brief.team" if brief else "phrase.cp.team", team=team_name(item.team or ""))  # "Lila 1", not "L1"
    if item.kind == "build":
        return S("phrase.cp_brief.build" if brief else "phrase.cp.build",
                 sources=sources_msg(item.build or Sources(), names=not brief, brief=brief) or "-")
    if brief and has_key(f"spacecorp.phrase.cp_brief.{item.kind}"):
        return S(f"phrase.cp_brief.{item.kind}")
    return S(f"phrase.cp.{item.kind}")


def _region(region: str) -> Msg | str:
    return S(f"render.region.{region}") if any(region in m.regions for m in tables().maps.values()) else region


def _choice(move: Choose) -> Msg:
    value = move.value
    if move.key == "progress":
        name = S(f"progress.{value}") if value in tables().progress else value
        return S("phrase.choose.progress", card=name)
    if move.key == "legacy":
        return S("phrase.choose.legacy_none") if value == mv.NONE else \
            S("phrase.choose.legacy", site=site_msg(value.lstrip("@")))
    if move.key == "pioneer":
        return S("phrase.choose.pioneer", site=site_msg(value))
    if move.key == "base":
        return S("phrase.choose.idea") if value == "IDEA" else S("phrase.choose.base", base=_base(value))
    if move.key == "contract":
        return S("phrase.choose.contract", row=value)
    if move.key == "stack":
        return S("phrase.choose.stack", stack=mv.stack_code(value))
    if move.key == "infra-discard":
        return S("phrase.choose.infra_discard", box=value[-1])
    return S("phrase.choose.predict", cards=Join([card_msg(card) for card in value.split(",")]))


#: A suggested action's label is its phrase and its preview (distance, cost, cards played) within
#: Discord's 100 characters: the phrase names the played cards only while it keeps this much.
PHRASE_BUDGET = 76

#: Discord's limit for an autocomplete choice or menu option.
LABEL_LIMIT = 100


#: A label's wording, as a decision's labels share it (``describe.label_features``): the index of
#: the action's words (the fullest first: :func:`build_forms`' and a Move's legs without their
#: origin after), and the sources' (0 with the cards' names, 1 by code, 2 in brief words, 3 left out).
Features = tuple[int, int]


def _with(actions: "list[Msg]", sources: Sources, lossy: "list[list[Msg]] | None" = None, full: bool = False,
          rooms: "list[Msg] | None" = None, at: "Features | None" = None) -> "tuple[Msg, Features]":
    """The action with where its value comes from, the same facts in fewer words as far as needed:
    ``actions`` from the fullest to the briefest (a move's legs without their origins, where the
    teams stand), each with the cards by name, by code alone (the hand names them), then the
    sources in brief words (:func:`sources_msg`).  The first within :data:`PHRASE_BUDGET` in every
    language (room for the preview); else the first within a label (:data:`LABEL_LIMIT`), trying
    the first group of ``lossy`` actions last (a star system's bases without their tiles); else
    the briefest of that group alone (the sources are in the notation sent).  Never clipped.

    ``rooms``: a preview the label must keep room for after the phrase (what a Build's bases do,
    G-7), in fuller and briefer words: it matters more than the sources, so each limit is first
    the label's limit less the preview and the host's glue (the fuller first), and before a phrase that
    leaves no room for the briefest come the actions alone (the sources are in the notation sent),
    then each group of ``lossy`` ones in turn, beside each room (:func:`build_forms`).

    Returned with its :data:`Features`; ``at``: the wording of those features (a decision's, each
    clipped to the briefest this move has), whatever its length."""
    from rules.messages import LANGUAGES, render
    extra = sources_msg(sources)
    groups = lossy or []
    every = actions + [action for group in groups for action in group]

    def message(features: Features) -> Msg:
        action = every[min(features[0], len(every) - 1)]
        if not extra or features[1] >= 3:
            return action
        said = extra if features[1] == 0 else sources_msg(sources, names=False, brief=features[1] == 2)
        return S("phrase.with", action=action, sources=said)

    if at is not None:
        return message(at), at

    def variants(index: int, first: bool) -> list[Features]:
        if not extra:
            return [(index, 0)]        # no sources: the neutral level, so siblings' keep theirs
        return [(index, 0), (index, 1), (index, 2)] if first else [(index, 2)]

    same_facts = [features for index in range(len(actions)) for features in variants(index, index == 0)]
    if full:                # no label's limit: the fullest
        return message(same_facts[0]), same_facts[0]
    fewer: list[list[Features]] = []
    offset = len(actions)
    for group in groups:
        indices = range(offset, offset + len(group))
        offset += len(group)
        fewer.append([features for index in indices for features in variants(index, False)]
                     + [(index, 3 if extra else 0) for index in indices])
    alone = [(index, 3 if extra else 0) for index in range(len(actions))]
    tiers: list[tuple[dict[str, int], list[Features]]] = []
    kept = [{language: LABEL_LIMIT - DESCRIPTION_GLUE - len(render(room, language, label=True)) for language in LANGUAGES}
            for room in rooms or []]
    for limits in kept:
        tiers += [({language: min(PHRASE_BUDGET, limits[language]) for language in LANGUAGES}, same_facts),
                  (limits, same_facts)]
    tiers += [(limits, alone) for limits in kept] + [(limits, group) for group in fewer for limits in kept]
    first_lossy = fewer[0][:len(fewer[0]) - len(groups[0])] if groups else []
    tiers += [(dict.fromkeys(LANGUAGES, PHRASE_BUDGET), same_facts),
              (dict.fromkeys(LANGUAGES, LABEL_LIMIT), same_facts + first_lossy)]
    for limits, candidates in tiers:
        for features in candidates:
            said = message(features)
            if all(len(render(said, language, label=True)) <= limits[language] for language in LANGUAGES):
                return said, features
    last = (len(actions) + len(groups[0]) - 1 if groups else len(actions) - 1, 3) if extra \
        else (same_facts + first_lossy)[-1]
    return message(last), last


def _first_fitting(candidates: "list[Msg]", full: bool = False, at: "Features | None" = None) -> "tuple[Msg, Features]":
    """The first of ``candidates`` (the fullest first) within a label in every language; else the
    last.  ``full``: the first (no label's limit); ``at``: the one of those features (clipped)."""
    from rules.messages import LANGUAGES, render
    if at is not None:
        return candidates[min(at[0], len(candidates) - 1)], at
    if full:
        return candidates[0], (0, 0)
    for index, message in enumerate(candidates[:-1]):
        if all(len(render(message, language, label=True)) <= LABEL_LIMIT for language in LANGUAGES):
            return message, (index, 0)
    return candidates[-1], (len(candidates) - 1, 0)


@lru_cache(maxsize=4096)
def phrase(text: str, full: bool = False, at: "Features | None" = None) -> Msg | None:
    """``text`` (canonical notation, as stored) in words; None when it does not parse.  A label's
    phrase says a long move in fewer words (the same facts); ``full``: the fullest wording always
    (a thread's line, the log: no label's limit); ``at``: in the wording of those
    :data:`Features` (a decision's: ``describe.label_features``)."""
    worded = _worded(text, full, at)
    return None if worded is None else worded[0]


@lru_cache(maxsize=4096)
def features(text: str) -> Features:
    """The :data:`Features` of ``text``'s label phrase fitted alone ((0, 0): it does not parse, or
    has one wording)."""
    worded = _worded(text, False, None)
    return (0, 0) if worded is None else worded[1]


def _worded(text: str, full: bool, at: "Features | None") -> "tuple[Msg, Features] | None":
    try:
        move = mv.parse_move(0, text)
    except IllegalMove:
        return None
    worded = _move_worded(move, full, at)
    return worded if isinstance(worded, tuple) else (worded, (0, 0))


def _move_worded(move: mv.Move, full: bool, at: "Features | None") -> "tuple[Msg, Features] | Msg":
    if isinstance(move, Research):
        return _with([S("phrase.research")], move.sources, full=full, at=at)
    if isinstance(move, MoveAction):
        return _with([S("phrase.move", legs=Join([_leg(leg, brief) for leg in move.legs], "and"))
                      for brief in (False, True)], move.sources, full=full, at=at)
    if isinstance(move, Explore):
        spots = Join([S("phrase.spot", site=site_msg(spot.site), team=team_name(spot.team)) for spot in move.spots],
                     "and")
        action = S("phrase.explore_stacks", spots=spots, stacks=Join([mv.stack_code(x) for x in move.stacks])) if move.stacks else \
            S("phrase.explore", spots=spots)
        return _with([action], move.sources, full=full, at=at)
    if isinstance(move, Build):
        same_facts, lossy = build_forms(move)
        return _with(same_facts, move.sources, lossy, full=full, rooms=effect_forms(move), at=at)
    if isinstance(move, Produce):
        places: list[Msg | str] = [site_msg(site) for site in move.sites]
        places += [S("phrase.legacy_pair")] if move.legacy else []
        return _with([S("phrase.produce", sites=Join(places, "and"))], move.sources, full=full, at=at)
    if isinstance(move, Genetics):
        return _with([S("phrase.genetics")], move.sources, full=full, at=at)
    if isinstance(move, Idea):
        return _with([S("phrase.idea")], move.sources, full=full, at=at)
    if isinstance(move, Upgrade):
        return S("phrase.upgrade", card=card_msg(move.card), box=move.box)
    if isinstance(move, Special):
        if move.leg:            # a long one: the card by code, the leg without its origin
            return _first_fitting([S("phrase.special_leg", card=card_msg(move.card), leg=_leg(move.leg)),
                                   S("phrase.special_leg", card=mv.card_code(move.card), leg=_leg(move.leg, True))], full=full, at=at)
        if move.target:
            return S("phrase.special_target", card=card_msg(move.card), site=site_msg(move.target))
        return S("phrase.special", card=card_msg(move.card))
    if isinstance(move, Colonize):
        colony = S(f"colony.{move.colony}") if move.colony in tables().colony_tiles else move.colony
        return _first_fitting([S("phrase.colonize", region=_region(move.region), colony=colony,
                                 cp=Join([_cp(item) for item in move.cp])),
                               S("phrase.colonize_brief", region=_region(move.region), colony=colony,
                                 cp=Join([_cp(item, brief=True) for item in move.cp])),
                               S("phrase.colonize_plain", region=_region(move.region), colony=colony)], full=full, at=at)
    if isinstance(move, Pass):
        return S("phrase.pass")
    if isinstance(move, Fulfill):
        return S("phrase.fulfill" if len(move.rows) > 1 else "phrase.fulfill_one",
                 rows=Join([Localized(en=str(row), hu=f"{row}.") for row in move.rows], "and")) if move.rows \
            else S("phrase.fulfill_none")
    if isinstance(move, Transport):
        return S("phrase.transport", leg=_leg(move.leg)) if move.leg else S("phrase.transport_none")
    if isinstance(move, Draw):
        return S("phrase.draw_deck") if move.source == mv.DECK else S("phrase.draw_offer", box=move.source[1:])
    if isinstance(move, Edge):
        edge_id = None if is_time(move.card) or design(move.card) not in tables().cards \
            else tables().cards[design(move.card)].edge
        edge: Msg | str = S(f"edge.{edge_id}") if edge_id else card_msg(move.card)
        if move.take:
            taken: Msg | str = S("phrase.offer_box", box=move.take[1:]) if move.take in mv.OFFER else \
                S(f"progress.{move.take}") if move.take in tables().progress else card_msg(move.take)
            return S("phrase.edge_take", edge=edge, card=mv.card_code(move.card), taken=taken)
        if move.name:
            return S("phrase.edge_name", edge=edge, card=mv.card_code(move.card), action=S(f"action.{move.name.upper()}"))
        return S("phrase.edge", edge=edge, card=mv.card_code(move.card))
    if isinstance(move, Decline):
        return S("phrase.decline")
    assert isinstance(move, Choose)
    return _choice(move)
