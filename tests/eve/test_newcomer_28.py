"""Newcomer report 2026-11-28 (a Hungarian board-gamer's first EVE: Conquests against the computer,
played with docs/newcomer_driver.py)."""
from __future__ import annotations

from rules.eve import GAME
from rules.eve.data import tables
from rules.eve.state import CARDS_ATT, STEAL
from rules.messages import Msg, render

from tests.pulsar.test_label_length import host_label

from .helpers import AMARR, GALLENTE, FixedDice, clear, give_cards, hold, in_round, new, play
from .test_newcomer_d import _hand
from .test_rules import faces


def _steal_position():   # type: ignore[no-untyped-def]
    """Gallente destroys Amarr's outpost in Tenerifis (orange); Amarr holds three green cards."""
    state = new(4)
    clear(state)
    hold(state, GALLENTE, "R15", 6)
    hold(state, AMARR, "R48", 1, outpost="D")
    give_cards(state, AMARR, ["R01", "R05", "R12"])
    state = in_round(state, GALLENTE, "L")
    state.streams = FixedDice(faces(2, 2, 2, 2, 2))
    state = play(state, GALLENTE, "attack R15 > R48")
    state = play(state, AMARR, "dice 0d 0s 0t")
    return play(state, GALLENTE, "dice 5d 0s 0t")


def test_EVE_CMB_13_the_steal_buttons_fit_a_button_whole() -> None:
    """E1 (EVE-CMB-13): the steal is offered as buttons, and a button holds 80 characters: "Lopd
    el ezt a régiókártyát: R04 Heimatar (neked +1 győzelmi pont, a vesztesnek…" was cut. The
    decision's labels fit 80 in both languages, every one with the points it brings."""
    state = _steal_position()
    assert state.combat is not None and state.combat.step == STEAL
    seat, texts = GAME.public_choices(state) or (None, [])
    assert seat == GALLENTE and sorted(texts) == ["steal R01", "steal R05", "steal R12"]
    for text in texts:
        assert GAME.describe_move(state, seat, text) == Msg("eve.describe.steal_brief", vp=1)
        for language in ("hu", "en"):
            label = host_label(GAME, state, seat, text, language)
            assert len(label) <= 80 and "…" not in label
    assert host_label(GAME, state, seat, "steal R12", "hu") == \
        "Lopd el ezt a régiókártyát: R12 Verge Vendor (+1 győzelmi pont)"


def test_EVE_CMB_1_a_combat_card_label_says_what_the_card_does() -> None:
    """E2 (EVE-CMB-1, the card step): "kártya T17 (Játssz ki harci kártyát: T17
    (Szenzorzavarás))" was chosen blind mid-battle; the label says what the card does, as its
    discard label did."""
    state = new(4)
    clear(state)
    hold(state, GALLENTE, "R48", 6)
    hold(state, AMARR, "R59", 4)
    _hand(state, GALLENTE, ["PR17"])
    state = in_round(state, GALLENTE, "L")
    state = play(state, GALLENTE, "attack R48 > R59")
    assert state.combat is not None and state.combat.step == CARDS_ATT
    assert GAME.describe_move(state, GALLENTE, "cards PR17") == Msg("eve.card_gist.PRD-E")
    assert host_label(GAME, state, GALLENTE, "cards PR17", "hu") == \
        "Játssz ki harci kártyát: T17 (Szenzorzavarás) – csatában az ellenfél ereje −2 (legalább 1)"


def test_EVE_LOG_3_the_drawn_card_message_says_what_it_does_and_when() -> None:
    """E3 (EVE-LOG-3): "Ezt a lapot húztad: T17 (Szenzorzavarás)." named a card the player had
    never seen; the private message says what it does and when it is played."""
    before = in_round(new(2), AMARR, "L")
    move = GAME.parse_move(before, AMARR, "draw P")
    after = GAME.apply(before, move)
    [card] = [card for card in after.hands.cards[AMARR] if card not in before.hands.cards[AMARR]]
    notices = GAME.notices(before, move, after)
    assert [(notice.seat, notice.msg.key) for notice in notices] == [(AMARR, "eve.notice.drew")]
    msg = notices[0].msg
    assert msg.params["gist"] == Msg(f"eve.card_gist.{tables().cards[card].kind}")
    assert msg.params["timing"].key.startswith("eve.timing.")
    hungarian = render(msg, "hu")
    assert hungarian.startswith("Ezt a lapot húztad: ") and " – " in hungarian and hungarian.count(":") == 1


def test_EVE_SCH_1_info_finds_the_schedules_and_says_them_with_one_colon_a_sentence() -> None:
    """E4, E5 (EVE-SCH-1): `/eve infó jegyzék` found nothing, though the status and every round's
    end speak of the schedule; the seals' entries (which tell the schedules) answer it, and they
    said "hány hónapot lép a pecsét: 1. szint: 3 akció" and "fejlesztési pecsét: fejlesztés
    forduló: terjeszkedés" (a colon after a colon)."""
    from bot.lookup import find, search
    from rules.eve.reading import components
    assert [comp.id for comp in search("eve", "jegyzék")] == ["seal-D", "seal-P", "seal-L"]
    named = find("eve", "termelési jegyzék")
    assert named is not None and named.id == "seal-P"
    for comp in components():
        if comp.id.startswith("seal-"):
            for language in ("hu", "en"):
                assert render(comp.gist, language).count(":") == 0
                text = render(comp.text, language)
                assert all(sentence.count(":") <= 1 for sentence in text.split(". ")), text
    assert "1. szinten 4 akció és 5 hónap, 2. szinten 5 akció és 4 hónap" in render(named.text, "hu")


def _tactics_position(actions: int):   # type: ignore[no-untyped-def]
    """Gallente (6 units in Tenerifis, a reserve in Catch) wins the tactics by ``actions`` (its five
    tactics dice against none); Amarr rolled 2 damage and 2 shields."""
    from .test_rules import _battle
    tactics = [2] * (actions // 2) + [1] * (actions % 2)
    state = _battle(faces(2) + faces(*tactics, *[0] * (5 - len(tactics))) + faces(1, 1) + faces(1, 1))
    state.regions["R15"].units = 3
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(state, AMARR, "dice 2d 2s 0t")
    state = play(state, GALLENTE, "ask dmg")
    state = play(state, GALLENTE, "dice 1d 0s 5t")
    assert state.combat is not None and state.combat.tactic_actions == actions
    return state


def test_EVE_CMB_7_8_every_tactics_label_says_the_losses_with_three_actions_and_more() -> None:
    """E6 (EVE-CMB-7/8): with three tactic actions "Használd fel a taktikai akciókat: 1 tartalék
    (R15), −1 sérülés és az ellenfél pajzsa −1" left no room for the losses, so no label of the
    decision said them. The decision lists the actions in the rulebook's short terms (tartalék,
    kivédés, pajzscsökkentés) after the rulebook's verb, and every label ends with its losses, up
    to ten actions (five tactics dice of 2)."""
    state = _tactics_position(3)
    texts = [GAME.format_move(move) for move in GAME.legal_moves(state, GALLENTE)]
    assert "tac T1:R15 T2x1 T3x1" in texts and len(texts) == 7
    shown = {text: host_label(GAME, state, GALLENTE, text, "hu") for text in texts}
    assert shown["tac T1:R15 T2x1 T3x1"] == \
        "Használd fel a taktikai akciókat: tartalék R15, 1 kivédés, 1 pajzscsökkentés (veszítesz 1, ő 1)"
    assert shown["tac T2x3"] == "Használd fel a taktikai akciókat: 3 kivédés (veszítesz 0, ő 0)"
    assert host_label(GAME, state, GALLENTE, "tac T1:R15 T2x1 T3x1", "en") == \
        "Spend tactic actions: reserve from R15, 1 damage negated, 1 shield cut (you lose 1, they 1)"
    for actions in range(1, 11):
        state = _tactics_position(actions)
        texts = [GAME.format_move(move) for move in GAME.legal_moves(state, GALLENTE)]
        for text in texts:
            losses = GAME.describe_move(state, GALLENTE, text)
            assert losses is not None and losses.key.startswith("eve.describe.tac_losses")
            for language in ("hu", "en"):
                label = host_label(GAME, state, GALLENTE, text, language)
                said = render(losses, language)
                assert len(label) <= 100 and (label.endswith(f"({said})") or label.endswith(f" – {said}")), label
                assert label.startswith("Használd fel a taktikai akciókat: " if language == "hu"
                                        else "Spend tactic actions: "), label


#: Refusals whose colon introduces the list they offer ("Ezek közül lophatsz egyet: …"): kept.
LISTING_REFUSALS = {"eve.err.outpost_neighbours", "eve.err.first_which", "eve.err.steal_which",
                    "eve.err.takefrom_which", "eve.err.keep_which", "eve.err.order_which"}


def test_EVE_DEF_1_POL_4_a_refusal_says_its_reason_without_a_colon_of_its_own() -> None:
    """H1 (report 2026-11-28): "Ez a lépés nem szabályos: a felfed lépést így írd: felfed VIO-B"
    (the host's colon, then the reason's own). EVE's refusals say their first sentence without
    a colon, the region or card inside it ("az R05 Kador régió nem a tiéd, …"), the example as
    notation (`felfed VIO-B`), except those offering a list; a colon inside notation
    (birodalom:típus) is no sentence's."""
    import json
    import re
    from pathlib import Path

    from .helpers import refused
    state = new(2, 21)
    seat = min(GAME.waiting_for(state))
    error = refused(state, seat, "felfed")
    assert error.msg.key == "eve.err.arguments"
    assert render(error.msg, "hu") == "Nem így kell írni a felfed lépést; helyesen például `felfed VIO-B`."
    assert render(error.msg, "en") == "That is not how \"reveal\" is written; for example `reveal VIO-B`."
    error = refused(state, seat, "székhely")
    assert error.rule == "EVE-DEF-1" and ":" not in render(error.msg, "hu")
    error = refused(state, seat, "felfed VIO-A VIO-B")
    assert error.rule == "EVE-POL-4" and render(error.msg, "hu").endswith("; előbb `felfed VIO-A`, aztán `felfed VIO-B`.")
    catalogues = Path(__file__).resolve().parents[2] / "data" / "eve" / "i18n"
    for language in ("hu", "en"):
        texts = json.loads((catalogues / f"{language}.json").read_text(encoding="utf-8"))
        colons = {key for key, text in texts.items()
                  if key.startswith("eve.err.") and re.search(r":(\s|$)", text.split(". ", 1)[0])}
        assert colons == LISTING_REFUSALS, sorted(colons ^ LISTING_REFUSALS)
