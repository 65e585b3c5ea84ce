"""Space Corp move notation (spec §10): every §10.3 example round-trips, options come out in the
canonical order, Hungarian words (§2) give the canonical command, malformed input is refused with a
catalogue key and the rule, and parsing is pure."""
from __future__ import annotations

import dataclasses
import string

import pytest

from rules.base import IllegalMove
from rules.messages import catalogue, render
from rules.spacecorp.moves import (BuildSpot, CardEntry, Choose, Colonize, CpItem, Decline, Draw, Edge, Explore,
                                   Fulfill, Leg, MoveAction, Pass, Produce, Research, Sources, Special, Spot,
                                   TimeUse, Transport, Upgrade, canonical_prefix, format_move, parse_move)

# §10.3, one per move type (plus the §10.5 log example), exactly as the spec writes them.
EXAMPLES = [
    "draw O2",
    "draw D",
    "move B1 earth>moon cards=M02#1/m infra=Y",
    "move B1 em_l4>phobos B2 earth>se_l2 cards=M07#2/m,M02#1/m infra=self time=T3:split use=em_l4",
    "move Y2 ganymede>titan cards=P06#1/sm,P09#2/m pay=2",
    "explore G1 @dione cards=P04#1/e stack=f2b",
    "build B2 @mars_s base=BIOLAB cards=M13#1/b use=mars_n",
    "build P3 @eps_eri bases=D3-04:ATTRACTION,D3-17:REFINERY,D3-18:SPACEPORT cards=S16#1/b,S17#1/b",
    "produce @deimos,@moon,legacy cards=M28#1/p,M04#2/p infra=self",
    "genetics cards=M19#1/g",
    "idea cards=P22#1/i infra=self",
    "upgrade P14#2 box=2",
    "special M21#1 target=phobos",
    "special P10#1 B1 iss>titan",
    "colonize R3_EERI colony=C07 cp=tiles,near,two_bases,build[cards=S16#1/b],pay5",
    "pass",
    "fulfill 1,3",
    "transport B2 em_l4>moon",
    "transport none",
    "edge M24#1 take=S36#1",
    "edge M27#1 name=research",
    "edge M25#1 take=O3",
    "choose progress=AD-RADRES",
    "choose legacy=@moon",
    "choose pioneer=ceres",
    "choose infra-discard=box2",
    "move Y1 earth>moon cards=M02#1/m,M07#2/m infra=self",          # §10.5
]


def parse(text: str, seat: int = 0):
    return parse_move(seat, text)


def refusal(text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        parse(text)
    return caught.value


@pytest.mark.parametrize("text", EXAMPLES)
def test_SC_10_3_every_example_parses_and_formats_back_to_the_same_text(text):
    move = parse(text, seat=2)
    assert move.seat == 2
    assert format_move(move) == text
    assert parse(format_move(move), seat=2) == move


def test_SC_10_3_research_example_is_the_one_written_in_grammar_order_and_comes_out_cards_first():
    # §10.2 lists infra= before cards=; every other §10.3/§10.5 example writes cards= first, which is canonical.
    move = parse("research infra=self cards=M17#1/r,M17#2/r")
    assert move == Research(0, sources=Sources(cards=(CardEntry("M17#1", "r"), CardEntry("M17#2", "r")),
                                               infra=("self",)))
    assert format_move(move) == "research cards=M17#1/r,M17#2/r infra=self"
    assert parse(format_move(move)) == move


def test_SC_10_2_commands_are_typed_dataclasses():
    split = parse("move B1 em_l4>phobos B2 earth>se_l2 cards=M07#2/m,M02#1/m infra=self time=T3:split use=em_l4")
    assert split == MoveAction(0, legs=(Leg("B1", "em_l4", "phobos"), Leg("B2", "earth", "se_l2")),
                               sources=Sources(cards=(CardEntry("M07#2", "m"), CardEntry("M02#1", "m")),
                                               infra=("self",), time=TimeUse("T3", "split"), use=("em_l4",)))
    assert parse("move Y2 ganymede>titan cards=P06#1/sm,P09#2/m pay=2").sources.pay == 2
    assert parse("explore G1 @dione cards=P04#1/e stack=f2b") == Explore(
        0, spots=(Spot("G1", "dione"),), stacks=("f2b",), sources=Sources(cards=(CardEntry("P04#1", "e"),)))
    assert parse("build P3 @eps_eri bases=D3-04:ATTRACTION,D3-17:REFINERY cards=S16#1/b").spots == (
        BuildSpot("P3", "eps_eri", bases=(("D3-04", "ATTRACTION"), ("D3-17", "REFINERY"))),)
    assert parse("produce @deimos,@moon,legacy") == Produce(0, sites=("deimos", "moon"), legacy=True)
    assert parse("upgrade P14#2 box=2") == Upgrade(0, card="P14#2", box=2)
    assert parse("special P10#1 B1 iss>titan") == Special(0, card="P10#1", leg=Leg("B1", "iss", "titan"))
    assert parse("special M21#1 target=phobos") == Special(0, card="M21#1", target="phobos")
    assert parse("colonize R3_EERI colony=C07 cp=tiles,team:B1,build[cards=S16#1/b infra=self],pay5") == Colonize(
        0, region="R3_EERI", colony="C07",
        cp=(CpItem("tiles"), CpItem("team", team="B1"),
            CpItem("build", build=Sources(cards=(CardEntry("S16#1", "b"),), infra=("self",))), CpItem("pay5")))
    assert parse("fulfill 3,1") == Fulfill(0, rows=(3, 1))
    assert parse("fulfill none") == Fulfill(0, rows=())
    assert parse("transport none") == Transport(0, leg=None)
    assert parse("draw O2") == Draw(0, source="O2")
    assert parse("edge M25#1 take=O3") == Edge(0, card="M25#1", take="O3")
    assert parse("edge M27#1 name=research") == Edge(0, card="M27#1", name="research")
    assert parse("decline") == Decline(0)
    assert parse("pass") == Pass(0)
    assert parse("choose legacy=@moon") == Choose(0, key="legacy", value="@moon")


@pytest.mark.parametrize("typed,canonical", [
    ("move B1 earth>moon infra=Y cards=M02#1/m", "move B1 earth>moon cards=M02#1/m infra=Y"),
    ("move use=em_l4 time=T3:split infra=self cards=M07#2/m,M02#1/m B1 em_l4>phobos B2 earth>se_l2",
     "move B1 em_l4>phobos B2 earth>se_l2 cards=M07#2/m,M02#1/m infra=self time=T3:split use=em_l4"),
    ("explore G1 @dione stack=f2b cards=P04#1/e", "explore G1 @dione cards=P04#1/e stack=f2b"),
    ("build B2 @mars_s base=BIOLAB use=mars_n cards=M13#1/b", "build B2 @mars_s base=BIOLAB cards=M13#1/b use=mars_n"),
    ("build P3 @eps_eri bases=D3-18:SPACEPORT,D3-04:ATTRACTION,D3-17:REFINERY cards=S16#1/b,S17#1/b",
     "build P3 @eps_eri bases=D3-04:ATTRACTION,D3-17:REFINERY,D3-18:SPACEPORT cards=S16#1/b,S17#1/b"),
    ("produce legacy,@moon,@deimos infra=self cards=M28#1/p,M04#2/p",
     "produce @deimos,@moon,legacy cards=M28#1/p,M04#2/p infra=self"),
    ("colonize R3_EERI cp=pay5,build[cards=S16#1/b],two_bases,near,tiles colony=C07",
     "colonize R3_EERI colony=C07 cp=tiles,near,two_bases,build[cards=S16#1/b],pay5"),
    ("colonize R3_EERI colony=C07 cp=build[infra=self cards=S16#1/b],envtol,industrial",
     "colonize R3_EERI colony=C07 cp=industrial,build[cards=S16#1/b infra=self],envtol"),
    ("move B1 earth>moon infra=Y,self cards=M02#1/m", "move B1 earth>moon cards=M02#1/m infra=self,Y"),
    ("build B2 @mars_s base=BIOLAB use=mars_n,deimos", "build B2 @mars_s base=BIOLAB use=deimos,mars_n"),
    ("special M21#1 target=phobos", "special M21#1 target=phobos"),
    ("move B1 earth > moon  cards = M02#1/m, M07#2/m", "move B1 earth>moon cards=M02#1/m,M07#2/m"),
    ("move B1 earth>moon cards=M02#1/m pay=0", "move B1 earth>moon cards=M02#1/m"),
])
def test_SC_10_3_options_typed_in_another_order_come_out_in_canonical_order(typed, canonical):
    assert format_move(parse(typed)) == canonical
    assert parse(canonical) == parse(typed)


def test_SC_10_2_split_targets_keep_the_order_written_because_the_first_team_resolves_first():
    first = parse("move B2 earth>se_l2 B1 em_l4>phobos cards=M07#2/m time=T3:split")
    assert isinstance(first, MoveAction)
    assert [leg.team for leg in first.legs] == ["B2", "B1"]
    assert format_move(first) == "move B2 earth>se_l2 B1 em_l4>phobos cards=M07#2/m time=T3:split"


@pytest.mark.parametrize("typed,canonical", [
    ("MOVE b1 EARTH>MOON CARDS=m02#1/M INFRA=y", "move B1 earth>moon cards=M02#1/m infra=Y"),
    ("Research Infra=SELF Cards=m17#1/R", "research cards=M17#1/r infra=self"),
    ("BUILD p3 @EPS_ERI BASES=d3-04:attraction", "build P3 @eps_eri bases=D3-04:ATTRACTION"),
    ("Colonize r3_eeri COLONY=c07 CP=Tiles,Team:b2,PAY5", "colonize R3_EERI colony=C07 cp=tiles,team:B2,pay5"),
    ("EXPLORE g1 @Dione STACK=F2B", "explore G1 @dione stack=f2b"),
    ("explore G1 @eps_eri stack=pa,SB,alien", "explore G1 @eps_eri stack=Pa,Sb,Alien"),
    ("DRAW o2", "draw O2"),
    ("Edge m24#1 TAKE=s36#1", "edge M24#1 take=S36#1"),
    ("edge M27#1 NAME=Research", "edge M27#1 name=research"),
    ("CHOOSE Progress=ad-radres", "choose progress=AD-RADRES"),
    ("choose INFRA-DISCARD=BOX2", "choose infra-discard=box2"),
    ("Transport NONE", "transport none"),
    ("PASS", "pass"),
])
def test_SC_10_1_case_is_ignored(typed, canonical):
    assert format_move(parse(typed)) == canonical


def test_SC_10_1_a_card_without_entry_selector_uses_the_actions_plain_entry():
    assert format_move(parse("move B1 earth>moon cards=M02#1")) == "move B1 earth>moon cards=M02#1/m"
    assert format_move(parse("build B2 @moon base=REFINERY cards=M02#1")) == "build B2 @moon base=REFINERY cards=M02#1/b"
    assert format_move(parse("research cards=M17#1")) == "research cards=M17#1/r"


@pytest.mark.parametrize("typed,canonical", [
    ("kutatás infra=saját kártyák=M17#1/r,M17#2/r", "research cards=M17#1/r,M17#2/r infra=self"),
    ("Mozgás B1 earth>moon kártyák=M02#1/m infra=Y", "move B1 earth>moon cards=M02#1/m infra=Y"),
    ("mozgat B1 em_l4>phobos B2 earth>se_l2 kártyák=M07#2/m idő=T3:megoszt használ=em_l4",
     "move B1 em_l4>phobos B2 earth>se_l2 cards=M07#2/m time=T3:split use=em_l4"),
    ("mozgás Y2 ganymede>titan kártyák=P06#1/sm fizet=2 idő=T1:dupla",
     "move Y2 ganymede>titan cards=P06#1/sm time=T1:double pay=2"),
    ("felfedezés G1 @dione kártyák=P04#1/e kupac=f2b", "explore G1 @dione cards=P04#1/e stack=f2b"),
    ("ÉPÍTÉS B2 @mars_s bázis=Biolabor kártyák=M13#1/b", "build B2 @mars_s base=BIOLAB cards=M13#1/b"),
    ("épít P3 @eps_eri bázisok=D3-04:látványosság,D3-17:finomító,D3-18:űrkikötő",
     "build P3 @eps_eri bases=D3-04:ATTRACTION,D3-17:REFINERY,D3-18:SPACEPORT"),
    ("termelés @deimos,@moon,örökölt kártyák=M28#1/p", "produce @deimos,@moon,legacy cards=M28#1/p"),
    ("genetika kártyák=M19#1/g", "genetics cards=M19#1/g"),
    ("ötlet kártyák=P22#1/i infra=saját", "idea cards=P22#1/i infra=self"),
    ("fejlesztés P14#2 doboz=2", "upgrade P14#2 box=2"),
    ("speciális M21#1 cél=phobos", "special M21#1 target=phobos"),
    ("kolonizáció R3_EERI kolónia=C07 kp=lapkák,közeli,két_bázis,építés[kártyák=S16#1/b],fizet5,"
     "környezet-tolerancia", "colonize R3_EERI colony=C07 cp=tiles,near,two_bases,build[cards=S16#1/b],pay5,envtol"),
    ("passzol", "pass"),
    ("teljesít 1,3", "fulfill 1,3"),
    ("szerződéskötés semmi", "fulfill none"),
    ("transzport B2 em_l4>moon", "transport B2 em_l4>moon"),
    ("transzport nincs", "transport none"),
    ("húz pakli", "draw D"),
    ("húzás O2", "draw O2"),
    ("húz kínálat2", "draw O2"),
    ("huz KINALAT4", "draw O4"),
    ("húz kínálatmező1", "draw O1"),
    ("húz kí3", "draw O3"),
    ("hatás M25#1 elvesz=kínálat3", "edge M25#1 take=O3"),
    ("hatás M24#1 elvesz=S36#1", "edge M24#1 take=S36#1"),
    ("hatás M27#1 név=Építés", "edge M27#1 name=build"),
    ("elutasít", "decline"),
    ("választ folyamat=AD-RADRES", "choose progress=AD-RADRES"),
    ("választás örökölt=@moon", "choose legacy=@moon"),
    ("válassz úttörő=ceres", "choose pioneer=ceres"),
    ("valaszt bazis=vedopajzs-generator", "choose base=SHIELDGEN"),
    ("választ szerződés=4", "choose contract=4"),
])
def test_SC_2_hungarian_words_give_the_canonical_command(typed, canonical):
    assert format_move(parse(typed)) == canonical


def test_SC_2_canonical_prefix_translates_whole_words_and_keeps_spacing_and_partial_words():
    assert canonical_prefix("építés B2 @mars_s bázis=finomító ") == "build B2 @mars_s base=REFINERY "
    assert canonical_prefix("kut") == "kut"                          # a verb still being typed stays
    assert canonical_prefix("mozgás  B1 ") == "move  B1 "
    assert canonical_prefix("move B1 earth>moon cards=M02#1/m infra=self") == \
        "move B1 earth>moon cards=M02#1/m infra=self"                  # notation is left alone
    for text in EXAMPLES:
        assert canonical_prefix(text) == text


@pytest.mark.parametrize("text,key,rule", [
    ("", "spacecorp.err.empty", "SC-NOT-2"),
    ("fly B1 earth>moon", "spacecorp.err.unknown_verb", "SC-NOT-2"),
    ("move", "spacecorp.err.arguments", "SC-NOT-2"),
    ("move B1", "spacecorp.err.arguments", "SC-NOT-2"),
    ("move B1 earth>moon B2", "spacecorp.err.arguments", "SC-NOT-2"),
    ("move earth>moon", "spacecorp.err.team", "SC-NOT-1"),
    ("transport earth>moon", "spacecorp.err.team", "SC-NOT-1"),
    ("explore @dione", "spacecorp.err.team", "SC-NOT-1"),
    ("special P10#1 B1", "spacecorp.err.arguments", "SC-NOT-2"),
    ("move B5 earth>moon", "spacecorp.err.team", "SC-NOT-1"),
    ("move R1 earth>moon", "spacecorp.err.team", "SC-NOT-1"),
    ("move B1 earth>moon>mars_n", "spacecorp.err.leg", "SC-MOV-1"),
    ("move B1 earth>", "spacecorp.err.leg", "SC-MOV-1"),
    ("move B1 moon>moon", "spacecorp.err.same_site", "SC-MOV-1"),
    ("move B1 earth>mo.on", "spacecorp.err.site", "SC-NOT-1"),
    ("move B1 earth>moon cards=M02/m", "spacecorp.err.card_entry", "SC-NOT-1"),
    ("move B1 earth>moon cards=M02#1/x", "spacecorp.err.card_entry", "SC-NOT-1"),
    ("move B1 earth>moon cards=M02#1/b", "spacecorp.err.entry_type", "SC-VAL-3"),
    ("research cards=M17#1/m", "spacecorp.err.entry_type", "SC-VAL-3"),
    ("build B1 @moon base=REFINERY cards=M02#1/sm", "spacecorp.err.entry_type", "SC-VAL-3"),
    ("move B1 earth>moon cards=M02#1/m,M02#1/m", "spacecorp.err.twice", "SC-NOT-2"),
    ("move B1 earth>moon cards=M02#1/m,,M07#2/m", "spacecorp.err.empty_item", "SC-NOT-2"),
    ("move B1 earth>moon cards=M02#1/m cards=M07#2/m", "spacecorp.err.option_twice", "SC-NOT-2"),
    ("move B1 earth>moon infra=X", "spacecorp.err.infra", "SC-NOT-1"),
    ("move B1 earth>moon infra=self,self", "spacecorp.err.twice", "SC-NOT-2"),
    ("move B1 earth>moon infra=self,Y,G", "spacecorp.err.infra_count", "SC-VAL-2"),
    ("move B1 earth>moon time=T9:double", "spacecorp.err.time", "SC-VAL-8"),
    ("move B1 earth>moon time=T1:triple", "spacecorp.err.time", "SC-VAL-8"),
    ("move B1 earth>moon time=T1", "spacecorp.err.time", "SC-VAL-8"),
    ("research time=T1:double", "spacecorp.err.option_not_for_verb", "SC-NOT-2"),
    ("produce @moon time=T1:double", "spacecorp.err.option_not_for_verb", "SC-NOT-2"),
    ("explore G1 @dione use=dione", "spacecorp.err.option_not_for_verb", "SC-NOT-2"),
    ("move B1 earth>moon base=REFINERY", "spacecorp.err.option_not_for_verb", "SC-NOT-2"),
    ("move B1 earth>moon pay=4", "spacecorp.err.pay", "SC-VAL-9"),
    ("move B1 earth>moon pay=-1", "spacecorp.err.pay", "SC-VAL-9"),
    ("move B1 earth>moon time=T1:split", "spacecorp.err.split_groups", "SC-VAL-8"),
    ("move B1 earth>moon B2 earth>moon", "spacecorp.err.two_targets", "SC-VAL-8"),
    ("move B1 earth>moon B2 earth>moon time=T1:double", "spacecorp.err.two_targets", "SC-VAL-8"),
    ("move B1 earth>moon B1 moon>earth time=T1:split", "spacecorp.err.split_same_team", "SC-VAL-8"),
    ("explore G1 @dione G2 @rhea", "spacecorp.err.two_targets", "SC-VAL-8"),
    ("explore G1 @dione stack=f4", "spacecorp.err.stack", "SC-EXP-11"),
    ("build B2 @mars_s cards=M13#1/b", "spacecorp.err.build_base", "SC-BLD-3"),
    ("build B2 @mars_s base=CASINO", "spacecorp.err.base", "SC-BLD-3"),
    ("build P3 @eps_eri bases=D3-04", "spacecorp.err.tile_base", "SC-BLD-7"),
    ("build P3 @eps_eri bases=X-04:REFINERY", "spacecorp.err.tile_base", "SC-BLD-7"),
    ("build P3 @eps_eri bases=D3-04:REFINERY,D3-04:SPACEPORT", "spacecorp.err.twice", "SC-NOT-2"),
    ("produce", "spacecorp.err.arguments", "SC-NOT-2"),
    ("produce moon", "spacecorp.err.produce_target", "SC-PRD-1"),
    ("produce @moon,@moon", "spacecorp.err.twice", "SC-NOT-2"),
    ("upgrade", "spacecorp.err.arguments", "SC-NOT-2"),
    ("upgrade P14#2", "spacecorp.err.arguments", "SC-NOT-2"),
    ("upgrade P14#2 box=R", "spacecorp.err.box", "SC-UPG-2"),
    ("upgrade T3 box=1", "spacecorp.err.card", "SC-NOT-1"),
    ("upgrade P14#2 box=1 cards=P14#2/m", "spacecorp.err.option_not_for_verb", "SC-NOT-2"),
    ("special M21#1 B1 iss>titan target=phobos", "spacecorp.err.special_args", "SC-SPC-1"),
    ("special M21#1 infra=self", "spacecorp.err.option_not_for_verb", "SC-NOT-2"),
    ("colonize nowhere colony=C07 cp=tiles", "spacecorp.err.region", "SC-NOT-1"),
    ("colonize R3_EERI cp=tiles", "spacecorp.err.arguments", "SC-COL-2"),
    ("colonize R3_EERI colony=K07 cp=tiles", "spacecorp.err.colony", "SC-NOT-1"),
    ("colonize R3_EERI colony=C07 cp=tiles,bribe", "spacecorp.err.cp", "SC-COL-3"),
    ("colonize R3_EERI colony=C07 cp=tiles,tiles", "spacecorp.err.twice", "SC-NOT-2"),
    ("colonize R3_EERI colony=C07 cp=team:B1,team:B2", "spacecorp.err.twice", "SC-NOT-2"),
    ("colonize R3_EERI colony=C07 cp=build[pay=2]", "spacecorp.err.cp_build", "SC-COL-4"),
    ("colonize R3_EERI colony=C07 cp=build[]", "spacecorp.err.cp_build", "SC-COL-4"),
    ("colonize R3_EERI colony=C07 cp=build[cards=S16#1/m]", "spacecorp.err.entry_type", "SC-VAL-3"),
    ("fulfill", "spacecorp.err.arguments", "SC-NOT-2"),
    ("fulfill 8", "spacecorp.err.row", "SC-CON-1"),
    ("fulfill 1,1", "spacecorp.err.twice", "SC-NOT-2"),
    ("transport B2", "spacecorp.err.arguments", "SC-NOT-2"),
    ("draw O5", "spacecorp.err.draw", "SC-RES-3"),
    ("edge M25#1 take=O9", "spacecorp.err.edge_take", "SC-NOT-1"),
    ("edge M27#1 name=fly", "spacecorp.err.action_name", "EG-SABOTAGE"),
    ("edge M27#1 name=pass", "spacecorp.err.action_name", "EG-SABOTAGE"),
    ("choose", "spacecorp.err.arguments", "SC-NOT-2"),
    ("choose colour=B", "spacecorp.err.choice_key", "SC-NOT-2"),
    ("choose progress", "spacecorp.err.choice_key", "SC-NOT-2"),
    ("choose progress=RADRES", "spacecorp.err.choice_value", "SC-NOT-2"),
    ("choose legacy=moon", "spacecorp.err.choice_value", "SC-NOT-2"),
    ("choose contract=0", "spacecorp.err.choice_value", "SC-NOT-2"),
    ("choose infra-discard=box4", "spacecorp.err.choice_value", "SC-NOT-2"),
    ("choose base=CASINO", "spacecorp.err.choice_value", "SC-NOT-2"),
])
def test_SC_NOT_1_2_malformed_commands_are_refused_with_their_key_and_rule(text, key, rule):
    error = refusal(text)
    assert (error.msg.key, error.rule) == (key, rule)
    for language in ("en", "hu"):
        assert key in catalogue(language)
        text_out = render(error.msg, language)
        assert "{" not in text_out and text_out.strip()
        names = {field for _, field, _, _ in string.Formatter().parse(catalogue(language)[key]) if field}
        assert {name.split(":")[0] for name in names} <= set(error.msg.params)


@pytest.mark.parametrize("text,junk", [
    ("move B1 earth>moon cards=M02#1/m junk", "junk"),
    ("research cards=M17#1/r extra", "extra"),
    ("explore G1 @dione moon", "moon"),
    ("build B2 @mars_s base=BIOLAB now", "now"),
    ("upgrade P14#2 box=2 please", "please"),
    ("special M21#1 target=phobos now", "now"),
    ("colonize R3_EERI colony=C07 cp=tiles R3_SIR", "R3_SIR"),
    ("pass now", "now"),
    ("fulfill 1,3 4", "4"),
    ("transport none B1", "B1"),
    ("transport B2 em_l4>moon again", "again"),
    ("draw D D", "D"),
    ("edge M24#1 take=S36#1 S37#1", "S37#1"),
    ("decline please", "please"),
    ("choose progress=AD-RADRES legacy=@moon", "legacy=@moon"),
    ("move B1 earth>moon colour=blue", "colour=blue"),
])
def test_SC_10_2_trailing_junk_is_refused_naming_what_was_not_understood(text, junk):
    error = refusal(text)
    assert error.msg.key == "spacecorp.err.not_understood"
    assert error.msg.params["value"] == junk
    assert junk in render(error.msg, "en") and junk in render(error.msg, "hu")


def test_SC_10_2_parsing_is_pure_and_commands_are_immutable_values():
    text = EXAMPLES[3]
    before = parse(text)
    for bad in ("move B1 earth>moon junk", "move B1 moon>moon", "colonize R3_EERI colony=C07 cp=tiles,tiles"):
        first, second = refusal(bad), refusal(bad)
        assert first.msg == second.msg and first.rule == second.rule
    assert parse(text) == before and hash(parse(text)) == hash(before)
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.seat = 3                                               # type: ignore[misc]
    assert parse(text, seat=1) != before                               # the seat is part of the command


def test_SC_VAL_8_a_split_time_card_works_for_explore_and_build_too():
    explore = parse("explore G1 @dione G2 @rhea cards=P04#1/e time=T1:split stack=f2b,f2a")
    assert isinstance(explore, Explore) and explore.spots == (Spot("G1", "dione"), Spot("G2", "rhea"))
    assert explore.stacks == ("f2b", "f2a")
    build = parse("build B1 @moon base=REFINERY B2 @phobos base=RESEARCHBASE cards=M02#1/b time=T2:split")
    assert format_move(build) == "build B1 @moon base=REFINERY B2 @phobos base=RESEARCHBASE cards=M02#1/b time=T2:split"


def test_SC_VAL_7_shielded_entries_only_for_move_and_build():
    assert parse("move Y2 ganymede>titan cards=P06#1/sm").sources.cards == (CardEntry("P06#1", "sm"),)
    assert parse("build Y2 @titan base=SHIELDGEN cards=P02#1/sb").sources.cards == (CardEntry("P02#1", "sb"),)
    assert refusal("explore Y2 @titan cards=P02#1/sb").msg.key == "spacecorp.err.entry_type"


def test_SC_COL_3_each_colony_point_source_has_its_place_in_the_canonical_order():
    text = "colonize R3_EERI colony=C07 cp=tiles,near,industrial,two_bases,team:B1,build[cards=S16#1/b],pay5,envtol"
    move = parse(text)
    assert isinstance(move, Colonize)
    assert [item.kind for item in move.cp] == ["tiles", "near", "industrial", "two_bases", "team", "build", "pay5",
                                               "envtol"]
    assert format_move(move) == text


def test_SC_RES_3_offer_boxes_have_a_hungarian_code_that_clashes_with_no_team():
    """Issue 24: a Hungarian reader writes the Offer boxes (Kínálat) as ``kínálat1``…``kínálat4``,
    never ``O1``; ``K1`` stays the Blue team (Kék 1) and the notation's ``O1`` is still read."""
    from rules.spacecorp.moves import OFFER, localize, offer_code
    assert [offer_code(box).text("hu") for box in OFFER] == ["kínálat1", "kínálat2", "kínálat3", "kínálat4"]
    assert [offer_code(box).text("en") for box in OFFER] == list(OFFER)
    assert localize("draw O2", "hu") == "húz kínálat2"
    assert localize("edge M25#1 take=O3", "hu") == "hatás Ű25#1 elvesz=kínálat3"
    for box in OFFER:
        assert parse(localize(f"draw {box}", "hu")) == Draw(0, source=box)
    assert parse("transport K1 em_l4>moon") == Transport(0, leg=Leg("B1", "em_l4", "moon"))


def test_SC_PROG_2_progress_cards_are_written_by_their_hungarian_names():
    """Issue 24: a Hungarian reader writes an Alkalmazkodás or Áttörés card by its name as one word
    (``fúziós_energia``), never by the English id ``BR-FUSION``, which stays the stored notation and is
    still read; a name in either language, or a prefix shared by no other card, will do."""
    from rules.spacecorp.engine import GAME
    from rules.spacecorp.moves import localize, progress_code, progress_word
    assert progress_code("BR-FUSION").text("hu") == "fúziós_energia"
    assert progress_code("AD-RADRES").text("en") == "AD-RADRES"
    assert localize("choose progress=AD-RADRES", "hu") == "választ folyamatkártya=sugárzástűrés"
    assert localize("edge P26#1 take=BR-AUTOCON", "hu") == "hatás B26#1 elvesz=automatizált_építés"
    assert parse("választ folyamatkártya=fúziós_energia") == Choose(0, key="progress", value="BR-FUSION")
    assert parse("valaszt attores=FUZIOS_ENERGIA") == Choose(0, key="progress", value="BR-FUSION")
    assert parse("választ folyamat=fényn") == Choose(0, key="progress", value="BR-FTLCOM")
    assert parse("choose progress=fusion_power") == Choose(0, key="progress", value="BR-FUSION")
    assert parse("hatás B26#1 elvesz=szondahálózat") == Edge(0, card="P26#1", take="BR-PROBENET")
    assert progress_word("k") == "k" and progress_word("ko") == "ko"          # too short / shared: unchanged
    for card in ("AD-STARCH", "AD-LOWG", "AD-IMMUNE", "BR-PREDICT", "BR-QMFG", "AD-ENVTOL"):
        text = localize(f"choose progress={card}", "hu")
        assert not text.split("=")[1].startswith(("AD-", "BR-")) and parse(text) == Choose(0, key="progress", value=card)
    components = {comp.id: comp for comp in GAME.components()}
    assert components["BR-FUSION"].shown_code() == progress_code("BR-FUSION")
    assert "fúziós_energia" in components["BR-FUSION"].aliases


def test_SC_VAL_2_an_hq_is_named_to_a_hungarian_by_its_colour_never_by_a_seat_code():
    """Issue 24: ``infra=P2`` (a seat, still read and stored) is written ``infra=S`` (Sárga, the
    second seat's fixed colour, §3) to a Hungarian, and said with the colour's name; the refusal
    names colours, not ``P2``; a colour may be typed as a word (``infra=sárga``)."""
    from rules.spacecorp.moves import localize
    from rules.spacecorp.phrases import phrase
    assert localize("research infra=self,P2", "hu") == "kutatás infra=saját,S"
    assert localize("research infra=P4", "hu") == "kutatás infra=Z"
    assert parse("kutatás infra=saját,sárga") == parse("research infra=self,Y")
    assert parse("kutatás infra=KÉK") == parse("research infra=B")
    assert parse("research infra=P2").sources.infra == ("P2",)                    # the stored notation
    said = phrase("research infra=P2")
    assert said is not None and render(said, "hu") == render(phrase("research infra=Y"), "hu")
    assert "P2" not in render(said, "en") and "Yellow" in render(said, "en")
    with pytest.raises(IllegalMove) as caught:
        parse("kutatás infra=X")
    assert caught.value.msg.key == "spacecorp.err.infra" and "P2" not in render(caught.value.msg, "hu")


def test_SC_COL_2_colonies_and_discovery_tiles_have_hungarian_codes():
    """Issue 24: a Hungarian reader writes a colony tile ``kolónia07`` (the rulebook's Kolónia; not
    ``K07``, ``K1`` is a Blue team) and a discovery tile ``lapka3-04`` (felfedezéslapka), never the
    English ``C07`` / ``D3-04``, which stay the stored notation and are still read."""
    from rules.spacecorp.moves import colony_code, localize, tile_code
    assert colony_code("C07").text("hu") == "kolónia07" and colony_code("C07").text("en") == "C07"
    assert tile_code("D3-04").text("hu") == "lapka3-04" and tile_code("D3-04").text("en") == "D3-04"
    colonize = "colonize R3_EERI colony=C07 cp=tiles,near,team:B1"
    assert localize(colonize, "hu") == "kolonizáció epszilon_eridani kolónia=kolónia07 kp=lapkák,közeli,csapat:K1"
    build = "build P3 @eps_eri bases=D3-04:ATTRACTION,D3-17:REFINERY cards=S16#1/b"
    assert localize(build, "hu") == ("építés L3 @epszilon_eridani bázisok=lapka3-04:látványosság,lapka3-17:finomító "
                                     "kártyák=Cs16#1")
    for text in (colonize, build):
        assert parse(localize(text, "hu")) == parse(text)
    assert parse("kolonizacio epszilon_eridani kolonia=KOLONIA07 kp=lapkak") == parse("colonize R3_EERI colony=C07 cp=tiles")
    assert parse("építés L3 @eps_eri bázisok=Lapka3-04:látványosság") == parse("build P3 @eps_eri bases=D3-04:ATTRACTION")
    assert parse("kolonizáció epszilon_eridani kolónia=C07 kp=lapkák") == parse("colonize R3_EERI colony=C07 cp=tiles")
    assert parse("transport K1 em_l4>moon") == Transport(0, leg=Leg("B1", "em_l4", "moon"))     # K1 stays a team


def test_SC_COL_2_info_heads_colonies_tiles_specials_and_edges_with_hungarian_codes():
    """Issue 24 (D8): ``/info`` shows a Hungarian reader the code they type, not ``C07``, ``D3-04``,
    ``SP-NEAR``, ``EG-RACE``, ``HQ-standard`` or ``WHEEL``; each Hungarian code finds its component."""
    from bot import lookup
    from rules.spacecorp.engine import GAME
    components = {comp.id: comp for comp in GAME.components()}
    expected = {"C07": "kolónia07", "D3-04": "lapka3-04", "SP-NEAR": "speciális-közeliűr-szonda", "EG-RACE": "verseny",
                "HQ-standard": "központ-alap", "WHEEL": "folyamatkör", "E1-3": "szerződés1-3"}
    for comp_id, code in expected.items():
        shown = components[comp_id].shown_code()
        assert not isinstance(shown, str) and shown.text("hu") == code and shown.text("en") == comp_id
        found = lookup.find("spacecorp", code)
        assert found is not None and found.id == comp_id
    hungarian = [comp.shown_code().text("hu") for comp in components.values() if not isinstance(comp.shown_code(), str)]
    assert len(hungarian) == len(set(hungarian))                 # no two components share a Hungarian code


def test_SC_MOV_33_the_orion_arm_regions_bear_the_rulebooks_name():
    """The Hungarian rulebook calls them Orion-kar régiók: the sites read ``Orion-kar (észak)``, not the
    calque "Az Orion-karhoz" of the English board's "To the Orion Arm"; the old slug is still read."""
    from rules.messages import render
    from rules.spacecorp.moves import localize
    from rules.spacecorp.phrases import site_msg
    assert render(site_msg("orion1"), "hu") == "Orion-kar (észak)"
    assert "Orion-karhoz" not in " ".join(text for key, text in catalogue("hu").items() if key.startswith("spacecorp."))
    assert localize("move B1 kapteyn>orion2 cards=S06#1/sm", "hu") == "mozgás K1 kapteyn-csillag>orion-kar_dél kártyák=Cs06#1/v"
    for typed in ("orion-kar_dél", "az_orion-karhoz_dél", "orion2"):
        assert parse(f"mozgás K1 kapteyn>{typed} kártyák=Cs06#1/v") == parse("move B1 kapteyn>orion2 cards=S06#1/sm")
