"""What a Hungarian newcomer met in EVE (newcomer report 2026-11-27g): named by rule ID,
asserting keys and values."""
from __future__ import annotations

from rules.eve import GAME
from rules.eve.state import PREP_SEAL, Seal
from rules.messages import Msg, from_json, render

from tests.pulsar.test_label_length import host_label

from .helpers import AMARR, MINMATAR, clear, hold, in_round, new, play, refused


def test_EVE_CMB_7_a_region_giving_several_reserves_is_named_once():
    """Two reserve units from one region read "R49 és R49" in the tactics label; each region is
    named once now, with how many it gives when the reserves come from several."""
    state = GAME.new_game({"players": 2}, 0)
    one = GAME.move_phrase(state, 0, "tac T1:R49 T1:R49 T2x1")
    assert one is not None
    reserves = one.params["spent"].items[0]
    assert reserves.params["count"] == 2 and len(reserves.params["regions"].items) == 1
    for language in ("hu", "en"):
        shown = host_label(GAME, state, 0, "tac T1:R49 T1:R49 T2x1", language)
        assert shown.count("R49") == 1, shown
    mixed = GAME.move_phrase(state, 0, "tac T1:R34 T1:R49 T1:R49")
    assert mixed is not None
    sources = mixed.params["spent"].items[0].params["regions"].items
    assert sources[0] == "R34 The Bleak Lands"
    assert sources[1].key == "eve.phrase.tac_source_times" and sources[1].params["count"] == 2
    assert host_label(GAME, state, 0, "tac T1:R34 T1:R49 T1:R49", "hu") == \
        "Használd fel a taktikai akciókat: 3 tartalék (R34 The Bleak Lands és 2× R49 The Kalevala Expanse)"
    assert render(GAME.move_phrase(state, 0, "tac T1:R34 T1:R36 T1:R49"), "hu", label=True) \
        == "Használd fel a taktikai akciókat: 3 tartalék (R34, R36 és R49)"


def test_EVE_RND_1_a_move_of_another_step_says_what_the_step_is_in_brackets():
    """"Ez a lépés nem szabályos: Most nem lehet: előkészítő kör: …" chained three colons and read
    as if the step itself were forbidden (Pulsar's wording since review 27b)."""
    state = new(2)
    error = refused(state, state.order[0], "hq R12")
    assert error.rule == "EVE-RND-1" and error.msg.key == "eve.err.not_now"
    shown = render(error.msg, "hu")
    assert shown.startswith("Ennek most nincs itt az ideje (előkészítő kör: politikai paklik felfedése)."), shown
    assert shown.endswith("Amit most tehetsz: felfed."), shown


def test_EVE_SCH_4_ending_with_a_tile_one_does_not_have_says_there_is_none():
    """"legfeljebb 0 lapka kerülhet, nem 1" read as a riddle: with no tile of the round's type in
    storage or on the schedule the refusal says so."""
    state = in_round(new(2), AMARR, "L")
    error = refused(state, AMARR, "end tiles=1")
    assert error.rule == "EVE-SCH-4" and error.msg.key == "eve.err.end_tiles_none"
    assert render(error.msg, "hu") == \
        "Nincs hadvezetési lapkád, amelyet a jegyzékre tehetnél, sem a raktárban, sem a jegyzéken."
    state.players[AMARR].storage["L"] = 1
    assert refused(state, AMARR, "end tiles=2").msg.key == "eve.err.end_tiles"


def test_EVE_LOG_4_a_region_left_without_units_is_refused_in_plain_words():
    """"Ez nem a te régiód saját egységekkel" (a region emptied by a move) reads plainly now."""
    state = new(2)
    clear(state)
    hold(state, AMARR, "R09", 2)
    hold(state, AMARR, "R05", 1)
    state = in_round(state, AMARR, "L")
    state.regions["R05"].units = 0
    error = refused(state, AMARR, "move R05 > R09:1")
    assert error.rule == "EVE-LOG-4" and error.msg.key == "eve.err.source_own"
    assert render(error.msg, "hu") == "az R05 Kador régió nem a tiéd, vagy nincs benne egységed."


def test_EVE_CARD_a_hand_line_says_what_the_card_does_and_when_without_nested_brackets():
    """The hand read "H20 (…): egy mozgatás akció elköltése nélkül (… játszod ki (nem akció))":
    a gist without its noun and brackets in brackets; "T03 (…): csata: erőd +2 (csata
    kártyalépésében játszod ki (kártya))"."""
    state = new(2)
    state.hands.cards[AMARR] = ["LG20", "PR03"]
    lines = [render(line, "hu") for line in GAME.private_lines(state, AMARR)]
    assert "H20 (Stratégiai átcsoportosítás): egy mozgatás, akció elköltése nélkül – a saját hadvezetés " \
           "fordulódban, akciók között játszod ki (nem akció)" in lines, lines
    assert "T03 (Megerősített flotta): csatában erőd +2 – a csata kártyalépésében játszod ki" in lines, lines


def _seal_step():
    state = new(2)
    state.phase = PREP_SEAL
    state.turn = 0
    seat = state.order[0]
    state.players[seat].storage["P"] = 1
    return state, seat


def test_EVE_PREP_4_a_seals_label_says_its_actions_month_and_place():
    """The seal choice read "Helyezd le a termelési pecsétedet, a jegyzékre 0 lapka kerül" for
    every seal alike: it now says the actions of that type's rounds, the month the seal lands
    in (February counts as 1) and its place there (the first placed acts first), and a seal
    without a tile says "lapka nélkül"."""
    state, seat = _seal_step()
    bare = GAME.move_phrase(state, seat, "seal P")
    assert bare is not None and bare.key == "eve.phrase.seal_bare"
    preview = GAME.describe_move(state, seat, "seal P tiles=1")
    assert preview is not None and preview.key.startswith("eve.describe.seal")
    assert preview.params["actions"] == 5 and preview.params["month"].key == "eve.month.5"   # P level 2: 5 actions, 4 months
    assert preview.params["place"] == 1
    state.calendar[4].append(Seal(1 - seat, "D"))
    assert GAME.describe_move(state, seat, "seal P tiles=1").params["place"] == 2
    assert host_label(GAME, state, seat, "seal P", "hu").startswith("Helyezd le a termelési pecsétedet, lapka nélkül: 4 akció")
    texts = [GAME.format_move(move) for move in GAME.legal_moves(state, seat)]
    labels = {text: host_label(GAME, state, seat, text, "hu") for text in texts}
    assert labels and all("akció" in label and ". hely" in label for label in labels.values()), labels


def test_EVE_OUT_3_an_outposts_label_says_which_tile_it_gives():
    """"Építs termelési előőrsöt: R05 Kador: ingyenes" said nothing of the tile the outpost
    gives at once (EVE-OUT-3): the type chosen is the tile taken into storage."""
    state, seat = _seal_step()
    preview = GAME.describe_move(state, seat, "outpost R05 P")
    assert preview is not None and preview.key.startswith("eve.describe.outpost")
    assert preview.params["type"].key == "eve.type_adj.P"
    assert render(Msg("eve.describe.outpost", type=Msg("eve.type_adj.L")), "hu") == \
        "ingyenes, +1 hadvezetési lapka a raktáradba"


def test_EVE_CMB_5_dice_typed_without_their_zeros_are_understood():
    """"kocka 2 sérülés" (the dice one takes, not the zeros) was refused with the three-place
    example; the colours not named are 0 now, in any order.  The bare "s" still means nothing
    here (sérülés to a Hungarian, shield in English), and a colour named twice is refused."""
    state = new(4)
    for typed, canonical in (("kocka 2 sérülés", "dice 2d 0s 0t"), ("kocka 1 pajzs, 1 taktika", "dice 0d 1s 1t"),
                             ("kocka 1 taktika 2 sérülés", "dice 2d 0s 1t"), ("dice 3d", "dice 3d 0s 0t")):
        assert GAME.format_move(GAME.parse_move(state, AMARR, typed)) == canonical, typed
    assert refused(state, AMARR, "kocka 5s").msg.key == "eve.err.arguments"
    assert refused(state, AMARR, "kocka 1").msg.key == "eve.err.arguments"
    twice = refused(state, AMARR, "kocka 2 pajzs 1 pajzs")
    assert twice.rule == "EVE-CMB-5" and render(twice.msg, "hu") == "„pajzs” kétszer szerepel, pedig mindegyiket csak egyszer adhatod meg."
    assert "a nulla elhagyható: kocka 2 pajzs" in render(GAME.notation_help(), "hu")


def test_EVE_PREP_2_a_placements_hint_reads_as_the_status_says_it():
    """"Helyezz le egységet: R05 Kador: ezután előőrs legkorábban ide: R05, még 3 lehelyezés
    után" read as a telegram; the hint now says it as the status does ("a legközelebbi
    lehetséges előőrshely")."""
    state = new(2)
    while state.phase != "prep_place":                     # the reveals and the headquarters, first choices
        seat = sorted(GAME.waiting_for(state))[0]
        state = GAME.apply(state, next(iter(GAME.legal_moves(state, seat))))
    seat = sorted(GAME.waiting_for(state))[0]
    texts = [GAME.format_move(move) for move in GAME.legal_moves(state, seat)]
    hints = [GAME.describe_move(state, seat, text) for text in texts]
    needs = [hint for hint in hints if hint is not None and hint.key.startswith("eve.describe.place_outpost_needs")]
    assert needs, hints
    assert render(Msg("eve.describe.place_outpost_needs", region="R05", count=3), "hu") == \
        "ezután a legközelebbi előőrshely R05, még 3 lehelyezés után"
    for text in texts:
        label = host_label(GAME, state, seat, text, "hu")
        assert "legkorábban" not in label and len(label) <= 100, label


def test_EVE_PRD_a_build_count_typed_without_its_x_is_understood():
    """"gyárt R05 3" was answered "„3” itt nem szám" (three is a number): the count is read with
    or without the help's "x"."""
    state = new(4)
    for typed in ("gyárt R05 3", "gyárt R05 x3", "build R05 3"):
        assert GAME.format_move(GAME.parse_move(state, AMARR, typed)) == "build R05 x3", typed
    assert refused(state, AMARR, "gyárt R05 sok").msg.key == "eve.err.bad_number"


def test_EVE_POL_3_a_claim_not_in_line_names_the_squares_in_the_players_language():
    """"A két pakli (CYA-A és MAG-C) se nem egy sorban…": the English square code in a
    Hungarian refusal; the squares are named as the map shows them (CIÁ-B)."""
    from .test_rules import _claim_board
    state = in_round(_claim_board(), MINMATAR, "D")
    error = refused(state, MINMATAR, "claim R48 R56")
    assert error.rule == "EVE-POL-3" and error.msg.key == "eve.err.claim_line"
    assert render(error.msg, "hu") == "A két pakli (VIO-A és CIÁ-B) se nem egy sorban, se nem egy oszlopban van."
    assert "CYA-B" in render(error.msg, "en")


def test_EVE_CARD_6_taking_a_tile_back_reads_without_brackets_after_the_cards_name():
    """"Vedd vissza a lapkádat erről a kártyáról: T25 (Hajógyár) (a kártya a dobott lapok közé
    kerül)": two brackets in a row; the discard is a clause of the sentence now."""
    state = new(2)
    phrase = GAME.full_phrase(state, AMARR, "untile PR25")
    assert phrase is not None and phrase.key == "eve.phrase.untile"
    assert render(phrase, "hu") == \
        "visszaveszi a lapkáját erről a kártyáról: T25 (Hajógyár), a kártyát pedig eldobja"
    assert render(phrase, "hu", label=True) == \
        "Vedd vissza a lapkádat erről a kártyáról: T25 (Hajógyár), a kártyát pedig dobd el"


def test_EVE_CARD_re_roll_label_does_not_say_re_roll_twice():
    """"Dobj újra 1 kockát (sorszámuk: 1): dobd újra: 1. kocka: pajzs 0" said the verb twice; then
    "(sorszámuk: 1) – jelenleg 1. kocka: pajzs 0" had three colons: the die's face is said
    without one ("az 1. kockán pajzs 0", "shield 0 on die 1")."""
    described = Msg("eve.describe.reroll", dice=Msg("eve.die_face_on", number=1, colour=Msg("eve.die.s"), face=0))
    assert render(described, "hu", label=True) == "Jelenleg az 1. kockán pajzs 0"
    assert render(described, "hu") == "újradob, jelenleg az 1. kockán pajzs 0"
    assert render(described, "en", label=True) == "Re-roll shield 0 on die 1"
    assert render(Msg("eve.phrase.reroll", count=1, dice=1), "hu", label=True) == "Dobj újra 1 kockát (sorszám 1)"


def test_EVE_POL_4_a_claim_says_the_empires_points_are_its_total_now():
    """"Régiókártyák megszerzése – Amarr: R05 Kador és R03 Everyshore; győzelmi pontjai: 2"
    read as if the two cards gave 2 points; it is the total now (English: "and now has")."""
    from .test_rules import _claim_board
    state = play(in_round(_claim_board(), MINMATAR, "D"), MINMATAR, "claim R59 R56")
    claimed = [from_json(event) for event in state.events if event["msg"] == "eve.event.claimed"]
    assert claimed and claimed[-1].params["vp"] == 8
    assert render(claimed[-1], "hu").endswith("; győzelmi pontjai most: 8.")


def test_EVE_SCH_1_the_seals_info_names_each_round_as_the_rulebook_does():
    """`/eve infó pecsét` listed "fejlesztés forduló", "termelés forduló" but "hadvezetési
    forduló": the rulebook's "hadvezetés forduló" for all three."""
    for kind, word in (("D", "fejlesztés"), ("P", "termelés"), ("L", "hadvezetés")):
        assert render(Msg(f"eve.comp.seal_gist.{kind}"), "hu").startswith(f"{word} forduló (")   # one colon (newcomer 28)
        assert f"a pecsét {word} fordulót játszik" in render(Msg(f"eve.comp.seal.{kind}", levels="…"), "hu")


def test_EVE_CAL_5_the_help_says_what_first_is_for():
    """The notation help's line "Egy hónapban álló saját pecsétek: első H" named no choice."""
    assert "\nHa egy hónapban több saját pecséted áll, melyik lépjen először: első H\n" in \
        render(GAME.notation_help(), "hu")


def test_EVE_CMB_4_choosing_no_dice_says_so():
    """"Válassz 0 sérülés, 0 pajzs és 0 taktika kockát" for rolling nothing at all."""
    state = new(4)
    phrase = GAME.move_phrase(state, AMARR, "dice 0d 0s 0t")
    assert phrase is not None and phrase.key == "eve.phrase.dice_none"
    assert render(phrase, "hu", label=True) == "Ne válassz kockát, ne dobj"
    assert render(GAME.full_phrase(state, AMARR, "dice 0d 0s 0t"), "hu") == "nem választ kockát, nem dob"
    assert GAME.move_phrase(state, AMARR, "dice 0d 1s 0t").key == "eve.phrase.dice"


def test_EVE_CMB_5_a_question_names_who_asks_and_who_answers_without_brackets():
    """"Kérdés – Caldari kérdezi (Amarr): …": the one asked in brackets, for want of a case
    ending; now "Caldari kérdez, Amarr felel"."""
    asked = Msg("eve.event.asked", asker=Msg("eve.empire.caldari"), other=Msg("eve.empire.amarr"),
                question=Msg("eve.ask.d"), answer=1)
    shown = render(asked, "hu")
    assert shown.startswith("Kérdés – Caldari kérdez, Amarr felel: "), shown
    assert shown.endswith(" A válasz: 1."), shown


def test_EVE_CMB_7_8_a_tactics_label_says_the_losses_it_leads_to():
    """The tactics menu listed "az ellenfél pajzsa 3 értékkel csökkentve" first against a side
    with no shield: every way of spending says the losses it leads to (the dice are rolled)."""
    from .test_rules import GALLENTE, _battle, faces
    state = _battle(faces(2, 2, 2, 1, 1) + faces(1) + faces(2, 1) + faces(1, 1, 1))
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(state, AMARR, "dice 2d 3s 0t")
    state = play(state, GALLENTE, "ask dmg")
    state = play(state, GALLENTE, "dice 5d 0s 1t")                 # totals: Gallente 8/0/1, Amarr 3/3/0
    negate = GAME.describe_move(state, GALLENTE, "tac T2x1")
    cut = GAME.describe_move(state, GALLENTE, "tac T3x1")
    assert negate is not None and negate.key.startswith("eve.describe.tac_losses")
    assert dict(negate.params) == {"mine": 2, "theirs": 4}          # 3 - 1 on Gallente; Amarr's 4 units all lost
    assert dict(cut.params) == {"mine": 3, "theirs": 4}
    label = host_label(GAME, state, GALLENTE, "tac T2x1", "hu")
    assert label.endswith("(veszteséged 2, az övé 4)") or label.endswith("2 egységet veszítesz, az ellenfeled 4 egységet"), label
    state = play(state, GALLENTE, "tac T2x1")
    assert state.combat.losses == {AMARR: 4, GALLENTE: 2}           # as the label said


def test_EVE_CARD_LOG_B_G_the_thread_says_where_a_moved_seal_went():
    """Bürokratikus késleltetés (LOG-B) and Naptárcsere (LOG-G) moved seals without a word of
    where to: each moved seal gets the round end's "Pecsét áthelyezve – …, új hónap: …" line."""
    from .helpers import CALDARI
    from .test_rules import _hand
    state = in_round(new(4), CALDARI, "L", month=3)
    _hand(state, CALDARI, ["LG05", "LG21"])
    amarr_p = GAME._seal_month(state, AMARR, "P")
    state = play(state, CALDARI, "play LG05 seal=amarr:P")
    moved = [from_json(event) for event in state.events if event["msg"] == "eve.event.seal_moved"]
    assert len(moved) == 1 and moved[0].params["month"].key == f"eve.month.{(amarr_p + 1) % 12 + 1}"
    assert render(moved[0], "hu").startswith("Pecsét áthelyezve – Amarr, termelés, új hónap: ")
    d, p = GAME._seal_month(state, CALDARI, "D"), GAME._seal_month(state, CALDARI, "P")
    state = play(state, CALDARI, "play LG21 D P")
    moved = [from_json(event) for event in state.events if event["msg"] == "eve.event.seal_moved"]
    assert [(m.params["type"].key, m.params["month"].key) for m in moved] == \
        [("eve.type.D", f"eve.month.{p + 1}"), ("eve.type.P", f"eve.month.{d + 1}")]


def test_EVE_POL_3_CAL_5_an_expand_names_its_marker_and_a_first_choice_its_actions():
    """Every expand read "… 1 akcióba kerül" alike, though a region with a marker is half of a
    claim; the choice of the seal that acts first did not say how many actions its round has."""
    from .test_rules import _claim_board
    state = in_round(_claim_board(), MINMATAR, "D")
    state.regions["R59"].units, state.regions["R59"].owner, state.regions["R59"].outpost = 0, None, None
    marked = GAME.describe_move(state, MINMATAR, "expand R59")
    assert marked is not None and marked.key == "eve.describe.actions_marker"
    assert render(marked, "hu") == "1 akcióba kerül; régiójelző áll rajta (VIO-B)"
    first = GAME.describe_move(state, MINMATAR, "first P")
    assert first is not None and first.key == "eve.describe.first"
    assert state.players[MINMATAR].level("P") == 1                  # production level 1: 4 actions (§18.1)
    assert render(first, "hu") == "4 akció ebben a fordulóban"


def test_EVE_CMB_5_a_wrong_verb_in_the_dice_step_offers_ask_only_to_the_side_that_may_ask():
    """"Amit most tehetsz: kérdez vagy kocka" was said to the side without the intel advantage."""
    from .test_rules import GALLENTE, _battle
    state = play(_battle([]), GALLENTE, "attack R48 > R59")          # Gallente has the intel advantage
    assert state.combat.intel == GALLENTE
    error = refused(state, AMARR, "tac T2x1")
    assert error.msg.key == "eve.err.not_now" and render(error.msg, "hu").endswith("Amit most tehetsz: kocka.")
    state = play(state, AMARR, "dice 1d 0s 0t")
    assert render(refused(state, GALLENTE, "tac T2x1").msg, "hu").endswith("Amit most tehetsz: kérdez vagy kocka.")


def test_EVE_PREP_4_a_seal_with_a_tile_one_does_not_have_says_there_is_none():
    """The seal step had H-4's riddle too: "Legfeljebb 0 lapkát tehetsz erre a jegyzékre"."""
    state, seat = _seal_step()
    error = refused(state, seat, "seal D tiles=1")
    assert error.rule == "EVE-PREP-4" and error.msg.key == "eve.err.end_tiles_none"
    assert render(error.msg, "hu").startswith("Nincs fejlesztési lapkád, amelyet a jegyzékre tehetnél")
    assert refused(state, seat, "seal P tiles=2").msg.key == "eve.err.seal_tiles"     # one tile, two asked
