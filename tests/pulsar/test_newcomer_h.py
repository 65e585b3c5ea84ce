"""Newcomer report 2026-11-27h (a Hungarian evening against the computer): the roll's news said
'1. forduló: a kockák: 1, 2, 3, …', a colon after a colon (D-ROLL-1)."""
from __future__ import annotations

import pytest

from rules.messages import from_json, render
from rules.pulsar.setup import new_game, start_dice_phase


def test_D_ROLL_1_the_rolled_dice_read_with_one_colon_in_hungarian() -> None:
    state = new_game({"players": 2}, 3)
    state.events.clear()
    start_dice_phase(state)
    rolled = [msg for msg in map(from_json, state.events) if msg.key.startswith("pulsar.event.rolled")]
    assert len(rolled) == 1
    hungarian = render(rolled[0], "hu")
    first = hungarian.split(". A középjelző")[0]
    assert first.startswith("1. forduló – a kockák: ") and first.count(":") == 1, hungarian


def test_STATION_2_a_flight_to_an_own_station_says_nothing_is_gained_at_its_end_in_hungarian() -> None:
    """'ott már van állomásod, nem kapsz semmit, +1 állomás' and 'semmit sem kapsz, +2 állomás
    útközben' read as a contradiction: the Hungarian label says the nothing is at the flight's
    end ('a célban'), so the stations built on the way (STATION-PASS) still count."""
    from rules.pulsar import flying
    from rules.pulsar.data import tables
    from rules.pulsar.state import clone_state
    from tests.pulsar.test_flight_outlook import GAME, _first_flights

    state, seat, flights = _first_flights()
    move = next(m for m in flights if tables().locations[m.path[-1]].type == "S")
    state = clone_state(state)
    system = state.systems[move.path[-1]]
    system.revealed = True
    slot = next(p.slot for p in tables().systems[system.tile].planets if p.colour != "blocked")
    system.planets[slot] = str(seat)
    assert flying.outlook(state, seat, move.path).end == "own_station"
    description = GAME.describe_move(state, seat, GAME.format_move(move))
    assert description is not None
    assert render(description, "hu", label=True).lower().startswith("a célban"), render(description, "hu", label=True)


def test_GOAL_6_FS_1_the_final_scoring_prompt_offers_the_technologies_without_a_colon_question() -> None:
    """'… és használod ezt: AIII-7b? Írd be …' asked with a statement, a colon and a code: the
    prompt says what the player may do and names the technologies in parentheses."""
    from rules.pulsar import GAME
    from tests.pulsar.test_final_techs import at_the_end

    state = at_the_end(["G3a", "G4b", "G5a"], ["AIII-7b", "AIII-8a"], cubes=2)
    prompt = GAME.decision_prompt(state)
    assert prompt is not None and prompt.key == "pulsar.prompt.goals_tech"
    hungarian = render(prompt, "hu")
    assert "megveheted" in hungarian and "(AIII-7b" in hungarian and "ezt: AIII" not in hungarian, hungarian
    assert "?" not in hungarian.split("Írd be")[0], hungarian


def test_STATION_END_a_shortened_flight_to_an_unexplored_system_still_counts_its_station() -> None:
    """'… → N75 (6-os ezüstkocka): még ismeretlen felfedezés bónusz, +2 állomás' built three
    stations (N25, N68 and N75): the shorter wording keeps the station at the end, in fewer words."""
    from rules.messages import Msg

    short = render(Msg("pulsar.describe.fly_short.unexplored"), "hu")
    long = render(Msg("pulsar.describe.fly.unexplored"), "hu")
    assert short.startswith("állomás") and len(short) < len(long), short


def test_STATION_END_the_english_shortened_flight_to_an_unexplored_system_keeps_its_station() -> None:
    """English said 'unexplored: discovery bonus' where the long form says 'a station and its
    discovery bonus': the short form keeps the station, as the Hungarian does since 757a20b."""
    from rules.messages import Msg

    short = render(Msg("pulsar.describe.fly_short.unexplored"), "en")
    long = render(Msg("pulsar.describe.fly.unexplored"), "en")
    assert "station" in short and ":" not in short and len(short) < len(long), short
    assert render(Msg("pulsar.describe.fly_short.barren"), "en").startswith("a station,")


def test_GOAL_6_the_refusal_of_a_fulfilled_goal_names_the_technology() -> None:
    """'célok AIII-7b=C5a' (C5a already fulfilled) answered 'C5a: ezzel csak …': 'ezzel' named
    nothing; the refusal now names AIII-7b in both languages."""

    from rules.base import IllegalMove
    from tests.pulsar.test_final_techs import GAME, at_the_end

    state = at_the_end(["G5a", "G3a", "G4a"], ["AIII-7b", "AI-1a", "AI-1b", "AI-1c", "AI-2a"])   # G5a fulfilled
    with pytest.raises(IllegalMove) as refused:
        GAME._check_goals(state, 0, ("AIII-7b=G5a",))
    assert (refused.value.msg.key, refused.value.rule) == ("pulsar.err.goal_claim", "GOAL-6")
    hungarian, english = render(refused.value.msg, "hu"), render(refused.value.msg, "en")
    assert "ezzel a technológiával (AIII-7b)" in hungarian, hungarian
    assert "AIII-7b counts only" in english, english


def test_MOD_BUY_1_buying_an_unknown_token_lists_both_tokens_as_typed() -> None:
    """'vásárol semmi e1' answered 'Nem így kell írni („vásárol”). Példa: vásárol pluszmínusz e1':
    no rule ID and no 'pluszkettő'. The refusal cites MOD-BUY-1 and lists both tokens in the
    reader's words, echoing the word as typed."""

    from rules.base import IllegalMove
    from tests.pulsar.test_flight_outlook import GAME

    state = new_game({"players": 2}, 3)
    for typed, locale, words in (("vásárol semmi e1", "hu", ("„semmi”", "pluszmínusz", "pluszkettő")),
                                 ("buy none s1", "en", ('"none"', "pm", "p2"))):
        with pytest.raises(IllegalMove) as refused:
            GAME.parse_move(state, 0, typed)
        assert (refused.value.msg.key, refused.value.rule) == ("pulsar.err.buy_token", "MOD-BUY-1")
        text = render(refused.value.msg, locale)
        assert all(word in text for word in words), text


def test_PAT_4_the_patent_mode_of_a_technology_reads_without_a_contradiction() -> None:
    """'/pulsar infó BI-1a' said 'két játékos szabadalmaztathatja (két játékosnál csak egy)': a
    "2" technology may be patented by two different players in any game (PAT-3, PAT-4; the
    two-player limit is for "1/R" ones), which the text now says; the "1/R" text names the
    two-player game as such ('kétfős játékban')."""
    from rules.pulsar.components import technology
    from rules.pulsar.data import tables

    assert (tables().technologies["BI-1a"].mode, tables().technologies["BI-2a"].mode) == ("2", "1/R")
    two, one = render(technology("BI-1a").text, "hu"), render(technology("BI-2a").text, "hu")
    assert "két különböző játékos is szabadalmaztathatja" in two and "két játékosnál" not in two, two
    assert "kétfős játékban az egész játék alatt csak egy" in one, one
    english = render(technology("BI-1a").text, "en")
    assert "two different players may patent it" in english and "with two players" not in english, english


def test_PAT_3_in_a_two_player_game_both_players_may_patent_a_two_icon_technology() -> None:
    """What the "2" text promises: in a two-player game the second player may patent BI-1a after
    the first (PAT-3), while a "1/R" one held by the other player is refused (PAT-4)."""

    from rules.base import IllegalMove
    from rules.pulsar.actions import check_patent

    state = new_game({"players": 2}, 3)
    state.tech_sides = ["BI", *state.tech_sides[1:]]
    state.round = 2
    state.patent_slots["BI-1a"] = [[0, 1]]
    check_patent(state, 1, "BI-1a")                     # no refusal: the second player may
    state.patent_slots["BI-2a"] = [[0, 1]]
    with pytest.raises(IllegalMove) as refused:
        check_patent(state, 1, "BI-2a")
    assert refused.value.rule == "PAT-4"


def test_HQ_a_project_label_with_a_chosen_gyrodyne_size_says_the_projects_other_rewards() -> None:
    """'projekt HQ1-2.1a e3+1 méret=kis' was labelled 'Fejezd be: HQ1-2.1a (…); válassz kis
    forgáslapkát': the size, not the gate run. The label now says the chosen gyrodyne among what
    the project gives (EFF-GYRO-ANY as chosen), within Discord's limit; the thread's line keeps
    the printed reward and the choice."""
    from rules.pulsar import moves as mv
    from rules.pulsar import phrases

    for size, word, english in (("S", "kis", "a small"), ("L", "nagy", "a large")):
        move = mv.parse_move(0, f"hq HQ1-2.1a s3+1 choice={size}")
        hungarian = render(phrases.of_move(move), "hu", label=True)
        assert f"{word} forgáslapka és narancs ugrókapu-verseny" in hungarian and "válassz" not in hungarian, hungarian
        assert len(hungarian) <= phrases.LABEL_LIMIT
        assert f"{english} gyrodyne and orange gate run" in render(phrases.of_move(move), "en", label=True)
        thread = render(phrases.of_move(move, full=True), "hu")
        assert "tetszőleges méretű forgáslapka" in thread and f"{word} forgáslapkát választ" in thread, thread
    squeezed = render(phrases.of_move(mv.parse_move(0, "hq HQ1-2.1a s3+1 choice=M")), "hu", label=True)
    assert "közepes forgáslapka" in squeezed and len(squeezed) <= phrases.LABEL_LIMIT, squeezed   # the size always said


@pytest.mark.parametrize("language", ["hu", "en"])
def test_TX_TAKE_ACT_GYRO_labels_and_thread_lines_have_one_colon_after_their_head(language: str) -> None:
    """'elveszi az AD-A06 adóállomást (…): termelés: 1 pont; ide teleportál: P50' and 'Válassz
    jutalomként kis forgáslapkát: indítás: 3-as kocka · …' piled colons: the production reward
    reads '1 pont/termelés', the teleport 'a P50 helyszínre teleportál', the spin '3-as kocka
    indítja', so only the head's colon is left."""
    from rules.pulsar import moves as mv
    from rules.pulsar import phrases
    from tests.pulsar.test_labels import label

    move = mv.parse_move(0, "tx take TX-A06 s4 icon=1 to=P50")
    for shown in (render(phrases.of_move(move, full=True), language), render(phrases.of_move(move), language, label=True)):
        assert shown.count(":") == 1 and "P50" in shown, shown
    for size in "SML":
        shown = label(f"gyro choose {size}", language)
        assert shown.count(":") == 1 and len(shown) <= 80, shown
    if language == "hu":
        assert "1 pont/termelés; a P50 helyszínre teleportál" in render(phrases.of_move(move, full=True), "hu")
        assert label("gyro choose S", "hu").endswith(": 3-as kocka indítja · 1 pont/termelés")


@pytest.mark.parametrize("language", ["hu", "en"])
def test_FLY_PAT_labels_with_a_technology_die_or_an_end_game_reward_keep_one_colon_after_their_head(language: str) -> None:
    """'Repülj: … (6-os ezüstkocka, AI-1a: +1): …', 'Fly … with a silver 6 −1: unexplored: a station …'
    and 'Patent AIII-6b with a silver 6: end: 3 VP per HQ project': a die bent by a technology reads
    'AI-1a +1', and the English rewards lose their inner colon."""
    from rules.pulsar import moves as mv
    from rules.pulsar import phrases
    from rules.messages import Msg

    for text in ("fly s5~AI-1a:+1 J57>J56>J55>S54>J40", "patent AIII-6b s6", "patent AIII-8a s3", "patent BI-2b s3"):
        shown = render(phrases.of_move(mv.parse_move(0, text)), language, label=True)
        head = 1 if language == "hu" else 0                 # 'Repülj:', 'Szabadalmaztasd:'
        assert shown.count(":") <= head + 1, shown
    assert ":" not in render(Msg("pulsar.describe.fly.unexplored"), language)
    assert "AI-1a +1" in render(phrases.of_move(mv.parse_move(0, "fly s5~AI-1a:+1 J57>J56>J55>S54>J40")), language, label=True)


@pytest.mark.parametrize("language", ["hu", "en"])
def test_PAT_HQ_TX_TAKE_what_a_component_gives_reads_without_a_colon_after_the_heads(language: str) -> None:
    """'Szabadalmaztasd: AIII-6a (…) – kockaduplázó (vissza: 3, bónuszkocka: 2)', '… – repülés: a
    kocka −1 és +1 között', '… – játék vége: 3 pont/HQ-projekt' (27h, after P-1): every
    technology's, HQ project's and transmitter's label and thread line, with a plain die and a
    bent one, has no colon after its first, and says the doubler's values and the game's end."""
    from rules.pulsar import moves as mv
    from rules.pulsar import phrases
    from rules.pulsar.data import tables

    tab = tables()
    texts = [f"patent {tech} {die}" for tech in tab.technologies for die in ("s3", "s3+1~AI-1a:-1")]
    texts += [f"hq {project} s3" for project in tab.projects] + [f"tx take {tile} s1 icon=1" for tile in tab.transmitters]
    for text in texts:
        move = mv.parse_move(0, text)
        for shown in (render(phrases.of_move(move), language, label=True), render(phrases.of_move(move, full=True), language)):
            assert ":" not in shown.partition(":")[2], shown
    doubler = render(phrases.of_move(mv.parse_move(0, "patent AIII-6a s4"), full=True), language)
    assert doubler.endswith("(3-as vissza + 2-es bónuszkocka)" if language == "hu" else "(3 back + bonus die 2)"), doubler
    end = render(phrases.of_move(mv.parse_move(0, "patent AIII-6b s6")), language, label=True)
    assert end.endswith("a játék végén 3 pont/HQ-projekt" if language == "hu" else "3 VP per HQ project at game end"), end


@pytest.mark.parametrize("language", ["hu", "en"])
def test_PAT_HQ_TX_info_says_what_a_component_gives_in_a_sentence_with_one_colon(language: str) -> None:
    """/info read 'It gives: at game end: 3 VP per completed HQ project', 'It gives: each
    production: 2 VP', 'Ezt adja: kockaduplázó: az elköltött kocka …' and 'ezt adja: 4 pont és
    ugrókapu-verseny: egy repülés …': no clause of a technology's, HQ project's or transmitter's
    text has a colon after a colon (PAT-1, HQ-1, TX-TAKE)."""
    import re

    import rules

    game = rules.get_game("pulsar")
    for component in game.components():
        for clause in re.split(r"(?<=[.;])\s", render(component.text, language)):
            assert clause.count(": ") <= 1, (component.id, clause)
    found = game.component("AIII-6b")
    assert found is not None
    said = render(found.text, language)
    assert ("a játék végén 3 pont" if language == "hu" else "at game end, 3 VP per completed HQ project") in said, said


@pytest.mark.parametrize("side", ["A", "B"])
def test_FLY_4_FLY_10_one_list_of_flights_writes_every_path_one_way_and_every_label_fits(side: str) -> None:
    """One list of suggested flights wrote 'K24 → U23 → U21' beside 'U20→N19→U18' and
    '…→N19→U18' (report 27h P-7): over playouts of 2-4 players, every flight a player is offered
    writes its whole path from the ship's location without spaces, the thread's line after it
    the same path, and every label fits 100 characters in both languages."""
    import re

    from rules.messages import LANGUAGES
    from rules.pulsar import moves as mv
    from tests.pulsar.test_label_length import MENU_LIMIT, host_label, playout_positions

    written = re.compile(r"^[A-Z]\d+(→[A-Z]\d+)+$")
    lists = 0
    for players in (2, 3, 4):
        for game, state, seats in playout_positions("pulsar", players, 70 + players, 5, {"cluster_side": side}):
            for seat in seats:
                flights = [game.format_move(m) for m in game.legal_moves(state, seat) if m.kind == mv.FLY]
                for language in LANGUAGES if flights else ():
                    for text in flights:
                        shown = host_label(game, state, seat, text, language)
                        assert len(shown) <= MENU_LIMIT, shown
                        path = shown.split(" ")[1]
                        assert written.match(path), shown
                        assert path.split("→")[0][1:] == state.players[seat].ship[1:], (path, state.players[seat].ship)
                        full = game.full_phrase(state, seat, text)
                        assert full is not None and f" {path} " in render(full, language), render(full, language)
                    lists += 1
    assert lists > 20


def test_FLY_4_the_longest_flights_on_side_b_keep_their_whole_path_and_die() -> None:
    """Side B's four-character codes: an eight-step flight (a silver 6 and a +2 token) keeps its
    whole path, its die and what it reaches in 100 characters; a nine-step one (a technology's +1
    on top) too, its silver die said by its number ("6-os kocka +2, BI-2b +1": 88 characters
    before what it reaches with the die's full words left it no room)."""
    import rules
    from rules.messages import LANGUAGES
    from rules.pulsar.state import clone_state
    from tests.pulsar.test_label_length import MENU_LIMIT, host_label, playout_positions

    game = rules.get_game("pulsar")
    state, seat = next((state, seats[0]) for _game, state, seats in playout_positions(
        "pulsar", 4, 3, 1, {"cluster_side": "B"}) if state.phase == "actions")
    state = clone_state(state)
    state.players[seat].ship = "J168"
    for text, reached in (("fly s6+2 J168>S170>J172>J175>J178>S182>J180>S173>J181", True),
                          ("fly s6+2~BI-2b:+1 J168>S170>J172>J175>J178>S182>J180>S173>J181>S184", True)):
        for language in LANGUAGES:
            shown = host_label(game, state, seat, text, language)
            words = render(game.move_phrase(state, seat, text), language, label=True)
            assert len(shown) <= MENU_LIMIT, shown
            assert "168→" in words and "→J181" in words.replace("U", "J") and "+2" in words, words
            assert (shown != words) == reached, shown
