"""Every Space Corp component a player can look up (``/spacecorp info``): the action cards of the
three decks (their entries, Infra use and Edge), the Time cards, the Edges, Progress cards, Special
card effects, HQ sides, the Progress Wheel, colonies, contracts, discovery tiles, base types, sites
and regions.  Values (entries, costs, rewards, icons) come from the data tables, so the texts stay
true; only prose effects are written in the catalogue.  A component is a stand-in when its data
row is marked [designed] (the printed one is not known)."""
from __future__ import annotations

import functools

from rules.base import Component
from rules.messages import Join, Localized, MINUS, Msg, render

from . import moves as mv
from .data import ERAS, Card, Entry, tables
from .phrases import S, site_msg, team_msg, team_name

GIST_MAX = 70
#: The HQ sides as Hungarians name them (the rulebook's Központ; the start sides by their era's deck).
HU_HQ = {"standard": "központ-alap", "start_e2": "központ-bolygókutatók", "start_e3": "központ-csillagutazók"}


def entry_msg(entry: Entry) -> Msg:
    """``Move 2``, ``Shielded Build 2``, ``Produce x2``, ``Special: Near Space Probe``."""
    if entry.special:
        return S("entry_special", special=S(f"special.{entry.special}"))
    key = "entry_shielded" if entry.shielded else "entry_multiplier" if entry.multiplier else "entry"
    return S(key, action=S(f"action.{entry.action}"), value=entry.value)


def entries_msg(entries: tuple[Entry, ...]) -> Join:
    return Join([entry_msg(entry) for entry in entries], "or")


def _fits(msg: Msg) -> bool:
    return all(len(render(msg, language)) <= GIST_MAX for language in ("en", "hu"))


def card_gist(card: Card) -> Msg:
    """The entries, ``Infra`` when upgradeable, the Edge's name: what ``hand`` shows beside a card."""
    infra = S("comp.gist.infra") if card.infra else ""
    edge = S("comp.gist.edge", edge=S(f"edge.{card.edge}")) if card.edge else ""
    for gist in (S("comp.card.gist", entries=entries_msg(card.entries), infra=infra, edge=edge),
                 S("comp.card.gist", entries=entries_msg(card.entries), infra="", edge=edge),
                 S("comp.card.gist", entries=entries_msg(card.entries), infra="", edge="")):
        if _fits(gist):
            return gist
    return S("comp.card.gist", entries=entries_msg(card.entries[:1]), infra="", edge="")


def edge_effect(edge_id: str) -> Msg:
    edge = tables().edges[edge_id]
    return S("comp.card.edge", edge=S(f"edge.{edge_id}"), event=S(f"event.{edge.trigger.name}"),
             effect=S(f"edgetext.{edge_id}"))


def edge_gist(edge_id: str) -> Msg:
    """``when an opponent declares Research: take an Offer card``."""
    return S("comp.edge.gist", event=S(f"event.{tables().edges[edge_id].trigger.name}"),
             effect=S(f"edgegist.{edge_id}"))


def _card(card: Card) -> Component:
    """A card's /info: a Special card (one entry, no Infra, no Edge) says what it does, not "one
    of its entries: Special" (newcomer report D8); a card with one entry says "its entry"."""
    special = next((entry.special for entry in card.entries if entry.special), None)
    gist: Msg
    if special is not None:
        text = S("comp.card.special", era=S(f"era.{card.era}"), copies=card.copies,
                 effect=S(f"specialtext.{special}"))
        gist = S(f"specialgist.{special}")
    else:
        key = ("comp.card.start" if card.start else "comp.card.text") + ("_one" if len(card.entries) == 1 else "")
        text = S(key, era=S(f"era.{card.era}"), copies=card.copies, entries=entries_msg(card.entries),
                 infra=S("comp.card.infra_yes" if card.infra else "comp.card.infra_no"),
                 edge=edge_effect(card.edge) if card.edge else S("comp.card.no_edge"))
        gist = card_gist(card)
    hungarian = tuple(mv.hu_card(card_id) for card_id in (card.id, *card.physical_ids))
    return Component(card.id, "spacecorp.kind.card", S(f"cardname.{card.id}"), text, gist,
                     "[designed]" in card.source, card.physical_ids + hungarian, mv.card_code(card.id))


def _hu_named(id_: str, name_key: str, prefix: str = "") -> tuple[tuple[str, ...], Localized]:
    """The aliases and code of a component the Hungarian rulebook names but gives no code (Edges,
    Specials, regions): its Hungarian name as one word (``EG-RACE`` -> ``verseny``), like the Progress
    cards' (``progress_code``); after ``prefix`` where another component has the same name (a
    Special's card: ``speciális-közeliűr-szonda``; a star system's region: ``régió-tau_ceti``)."""
    slug = prefix + mv.site_slug(render(S(name_key), "hu"))
    return (slug,), Localized(en=id_, hu=slug)


def _stand_in(source: str) -> bool:
    return "[designed]" in source


def _hq_box(entries: tuple[Entry, ...]) -> Msg | Join:
    return entries_msg(entries) if entries else S("comp.empty")


def tile_rewards(tile_id: str) -> Msg | Join:
    """What a discovery tile gives (the news of a revealed tile and /info say the same)."""
    tile = tables().discoveries[tile_id]
    parts: list[Msg] = []
    if tile.profit:
        parts.append(S("tilepart.profit", n=tile.profit))
    if tile.genetics:
        parts.append(S("tilepart.genetics", n=tile.genetics))
    if tile.idea:
        parts.append(S("tilepart.idea", n=tile.idea))
    if tile.production is not None:
        parts.append(S("tilepart.production", n=tile.production))
    if tile.base_mod:
        signed = f"{tile.base_mod:+d}"            # Hungarian writes a minus sign, not a hyphen
        parts.append(S("tilepart.base_mod", n=Localized(en=signed, hu=signed.replace("-", MINUS))))
    if tile.colony:
        parts.append(S("tilepart.colony", n=tile.colony))
    return Join(parts) if parts else S("tilepart.nothing")


def tile_gist(tile_id: str) -> Msg:
    return S("comp.tile.gist", rewards=tile_rewards(tile_id))


def site_gist(site_id: str, era: str) -> Msg:
    """``explore f2, build b7, gravity 2``; in a star system its boxes and stars."""
    site = tables().maps[era].sites[site_id]
    more: Msg | str = ""
    if site.stars:
        more = S("comp.site.gist_stars", boxes=" ".join(site.boxes), n=site.stars)
    elif site.gravity:
        more = S("comp.site.gist_gravity", n=site.gravity)
    return S("comp.site.gist", explore=S("render.explore", n=site.explore) if site.explore is not None else "-",
             build=S("render.build", n=site.build) if site.build is not None else "-", more=more)


def _site_details(site_id: str, era: str) -> Join:
    site = tables().maps[era].sites[site_id]
    parts: list[Msg] = [S("comp.site.explore", n=site.explore) if site.explore is not None
                        else S("comp.site.no_explore"),
                        S("comp.site.build", n=site.build) if site.build is not None else S("comp.site.no_build")]
    if site.gravity:
        parts.append(S("comp.site.gravity", n=site.gravity))
    if site.boxes:
        parts.append(S("comp.site.boxes", boxes=Join(list(site.boxes))))
    if site.stars:
        parts.append(S("comp.site.stars", n=site.stars))
    return Join(parts)


@functools.cache
def components() -> tuple[Component, ...]:
    t = tables()
    out: list[Component] = [_card(card) for card in t.cards.values()]
    out.append(Component("TIME", "spacecorp.kind.time", S("cardname.TIME"), S("comp.time.text"), S("comp.time.gist"),
                         False, tuple(sorted(t.time_cards)) + tuple(mv.hu_card(card) for card in sorted(t.time_cards)),
                         Localized(en="TIME", hu=mv.HU_TIME_OUT)))
    for edge in t.edges.values():
        cards = [card.id for card in t.cards.values() if card.edge == edge.id]
        out.append(Component(edge.id, "spacecorp.kind.edge", S(f"edge.{edge.id}"),
                             S("comp.edge.text", cards=Join([mv.card_code(card) for card in cards]), event=S(f"event.{edge.trigger.name}"),
                               effect=S(f"edgetext.{edge.id}")),
                             edge_gist(edge.id), _stand_in(edge.source), *_hu_named(edge.id, f"edge.{edge.id}")))
    for progress in t.progress.values():
        prereqs = [S(f"comp.progress.prereq.{term.name}", n=term.int_arg(0)) for term in progress.prerequisites]
        out.append(Component(progress.id, "spacecorp.kind.progress", S(f"progress.{progress.id}"),
                             S("comp.progress.text", kind=S(f"render.kind.{progress.kind}"), era=S(f"era.{progress.era}"),
                               timing=S(f"comp.progress.{progress.timing}"), effect=S(f"progresstext.{progress.id}"),
                               prereq=Join(prereqs, "and") if prereqs else S("comp.progress.no_prereq"),
                               bonus=progress.bonus),
                             S(f"progressgist.{progress.id}"), _stand_in(progress.source),
                             progress.physical_ids + (mv.progress_code(progress.id).text("hu"),),
                             mv.progress_code(progress.id)))
    for special in t.specials.values():
        cards = [card.id for card in t.cards.values() if any(entry.special == special.id for entry in card.entries)]
        out.append(Component(special.id, "spacecorp.kind.special", S(f"special.{special.id}"),
                             S("comp.special.text", era=S(f"era.{special.era}"), cards=Join([mv.card_code(card) for card in cards]),
                               effect=S(f"specialtext.{special.id}")),
                             S(f"specialgist.{special.id}"), _stand_in(special.source),
                             *_hu_named(special.id, f"special.{special.id}", "speciális-")))
    for side in t.hq_sides.values():
        boxes = side.boxes
        out.append(Component(f"HQ-{side.id}", "spacecorp.kind.hq", S(f"comp.hq.{side.id}"),
                             S("comp.hq.text", research=_hq_box(boxes["R"]), box1=_hq_box(boxes["1"]),
                               box2=_hq_box(boxes["2"]), box3=_hq_box(boxes["3"])),
                             S("comp.hq.gist", research=_hq_box(boxes["R"]),
                               boxes=Join([entry_msg(boxes[box][0]) for box in ("1", "2", "3") if boxes[box]])),
                             _stand_in(side.source), (HU_HQ[side.id],), Localized(en=f"HQ-{side.id}", hu=HU_HQ[side.id])))
    out.append(Component("WHEEL", "spacecorp.kind.wheel", S("kind.wheel"), S("comp.wheel.text", size=t.wheel.size),
                         S("comp.wheel.gist"), False, ("folyamatkör", "genetics", "genetics cube", "Progress Wheel", "genetika"), Localized(en="WHEEL", hu="folyamatkör")))
    # the abbreviations a label uses (newcomer 27h: "/spacecorp infó KP" found nothing).  "T" is
    # the production value to a Hungarian (the rulebook's T1, "egyszer T+Kol F-ben") and profit to
    # an English reader (the rulebook's 5T, "1T per rival base"), and /info finds a word the same
    # whoever asks: "T" is a term of its own, which says in each language what T means there (the
    # production value's Hungarian code is the rulebook's "T#"; an English "P2" is found, a
    # Hungarian "T2" is the Time card's English code, whose Hungarian text points to T#).  "Infra"
    # found a contract ("3 Infra cards on your HQ")
    for term, aliases, code in (("production", ("P", "P#", "P1", "P2", "P3", "T#", "termelés", "termelési érték",
                                                "production"), ("P", "T#")),
                                ("profit", ("F", "profit"), ("PROFIT", "F")),
                                ("t", (), ("T", "T")),
                                ("colony_points", ("CP", "KP", "Col", "Kol", "kolóniapont", "colony points"),
                                 ("CP", "Kol")),
                                ("infra", ("infrastructure", "infrastruktúra"), ("INFRA", "Infra")),
                                # the Offer boxes a draw names (newcomer 28b N-8: "info O2" found the Time card)
                                ("offer", ("O1", "O2", "O3", "O4", "O1-O4", "offer", "offer box", "kínálat",
                                           *(f"kínálat{n}" for n in range(1, 5))), ("O1–O4", "kínálat")),
                                # what the status and the thread name (N-11: "info Pioneer", "info Edge" found nothing)
                                ("pioneer", ("Pioneer", "Pioneer marker", "Úttörő", "Úttörő jelző", "úttörőjelző"),
                                 ("PIONEER", "Úttörő")),
                                ("edge", ("Edge", "Edges", "reaction", "reaction window", "Hatás", "reakcióablak"),
                                 ("EDGE", "Hatás")),
                                # the map's costs (newcomer 28 S5: "/spacecorp infó é2" listed the era 2
                                # contracts); one entry for both: a folded Hungarian "é2" is an English "e2"
                                ("site_costs", ("e#", "f#", "b#", "é#", "felfedezési költség", "építési költség",
                                                "explore cost", "build cost", "e#/b#", "f#/é#",
                                                *(f"{letter}{n}" for letter in "ef" for n in range(0, 17))),  # "B1": Blue 1
                                 ("e#/b#", "f#/é#"))):
        out.append(Component(term.upper(), "spacecorp.kind.term", S(f"comp.term.{term}"), S(f"comp.term.{term}.text"),
                             S(f"comp.term.{term}.gist"), False, aliases, Localized(en=code[0], hu=code[1])))
    for colour in ("B", "Y", "P", "G"):    # the teams the notation names (newcomer 28 S4: "/spacecorp infó K1"
        teams = [f"{colour}{n}" for n in range(1, 5)]       # found nothing, "S1" listed the Starfarers' cards)
        hu_teams = [render(team_msg(team), "hu") for team in teams]
        shown = Localized(en=f"{teams[0]}–{teams[-1]}", hu=f"{hu_teams[0]}–{hu_teams[-1]}")
        out.append(Component(f"TEAM-{colour}", "spacecorp.kind.team", S("comp.team.name", colour=S(f"colour.{colour}")),
                             S("comp.team.text", colour=S(f"colour.{colour}"), teams=Join([team_msg(team) for team in teams]),
                               example=team_msg(teams[0]), name=team_name(teams[0])),
                             S("comp.team.gist", teams=Join([team_msg(team) for team in teams])), False,
                             (*teams, *hu_teams, shown.text("en"), shown.text("hu")), shown))
    for colony in t.colony_tiles.values():
        if colony.players == (1,):
            continue                                        # solo tiles never reach a multiplayer game
        ability = S(f"render.ability.{colony.ability}")
        out.append(Component(colony.id, "spacecorp.kind.colony", S(f"colony.{colony.id}"),
                             S("comp.colony.text", value=colony.value, players=Join(list(colony.players), "or"),
                               ability=S(f"abilitytext.{colony.ability}")),
                             S("comp.colony.gist", value=colony.value, ability=ability), _stand_in(colony.source),
                             (mv.hu_colony(colony.id),), mv.colony_code(colony.id)))
    for contract in sorted(t.contracts.values(), key=lambda c: (c.era, c.row)):
        name = S(f"contract.{contract.era}.{contract.row}")
        era_name = S(f"era.{contract.era}")
        hu_contract = f"szerződés{contract.era[1]}-{contract.row}"       # as kolónia07, lapka3-04: no English E(ra)
        out.append(Component(f"{contract.era}-{contract.row}", "spacecorp.kind.contract",
                             S("comp.contract.name", row=contract.row, era=era_name, name=name),
                             S("comp.contract.text", era=era_name, row=contract.row, name=name,
                               reward=contract.reward),
                             S("comp.contract.gist", name=name, reward=contract.reward), _stand_in(contract.source),
                             (hu_contract,), Localized(en=f"{contract.era}-{contract.row}", hu=hu_contract)))
    for tile in t.discoveries.values():
        red = tile.special[0] if tile.special else None
        special_text: Msg | str = ""
        if red is not None:
            special_text = S(f"tilespecial.{red.name}", **({"stack": mv.stack_code(red.positional[0])}
                                                            if red.name == "DRAW_INSTEAD" else {}))
        out.append(Component(tile.id, "spacecorp.kind.tile", S(f"tile.{tile.id}"),
                             S("comp.tile.text", era=S(f"era.{tile.era}"), stack=mv.stack_code(tile.stack),
                               icons=Join([S(f"icon.{icon}") for icon in tile.icons]) if tile.icons
                               else S("comp.tile.no_icons"),
                               rewards=tile_rewards(tile.id), special=special_text),
                             tile_gist(tile.id), _stand_in(tile.source), (mv.hu_tile(tile.id),), mv.tile_code(tile.id)))
    for base in t.base_types.values():       # found by the Hungarian code it shows ("ipari", "vedopajzs-generator")
        hu_base = mv.HU_BASE_OUT.get(base.id, base.id)
        out.append(Component(base.id, "spacecorp.kind.base", S(f"base.{base.id}"), S(f"basetext.{base.id}"),
                             S(f"basegist.{base.id}"), _stand_in(base.source),
                             (base.id.lower(),)).coded_in_hungarian(hu_base))
    for era in ERAS:
        era_map = t.maps[era]
        for site in era_map.sites.values():
            slug = mv.site_slug(site.name_hu)
            out.append(Component(site.id, "spacecorp.kind.site", S(f"site.{site.id}"),
                                 S("comp.site.text", kind=S(f"sitekind.{site.kind}"),
                                   region=S(f"render.region.{site.region}"), era=S(f"era.{era}"),
                                   details=_site_details(site.id, era)),
                                 site_gist(site.id, era), _stand_in(site.source),
                                 tuple(dict.fromkeys(word for word in (slug, mv.site_slug(site.name))
                                                     if word != site.id)),
                                 Localized(en=site.id, hu=slug) if slug != site.id else None))
        for region in era_map.regions.values():
            sites = [site_msg(site.id) for site in era_map.sites_in(region.id)]
            out.append(Component(region.id, "spacecorp.kind.region", S(f"render.region.{region.id}"),
                                 S("comp.region.text", era=S(f"era.{era}"), sites=Join(sites) if sites
                                   else S("comp.region.none"),
                                   radiation=S("comp.region.radiation") if region.radiation and era != "E3" else ""),
                                 None, _stand_in(region.source),
                                 *_hu_named(region.id, f"render.region.{region.id}",
                                            "régió-" if render(S(f"render.region.{region.id}"), "hu")
                                            in [render(site_msg(site.id), "hu") for site in era_map.sites_in(region.id)]
                                            else "")))
    return tuple(out)
