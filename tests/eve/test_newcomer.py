"""What a newcomer met playing EVE through the console: his own secret choices in /hand, the end
condition in /status, a VP target refused without Vision, Hungarian terms, articles and verbs
typed in part, English plurals.  Named by rule ID where one applies."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from rules.base import BadOptions
from rules.eve import GAME
from rules.eve import moves as mv
from rules.eve.engine import clone_state
from rules.eve.state import DICE, ROUND
from rules.messages import Msg, fold_word, render

from .helpers import new

I18N = Path(__file__).resolve().parents[2] / "data" / "eve" / "i18n"


def catalogue(language: str) -> dict[str, str]:
    texts: dict[str, str] = {}
    for file in sorted(I18N.glob(f"{language}*.json")):
        texts.update(json.loads(file.read_text(encoding="utf-8")))
    return texts


def playout_until(condition, seed: int = 5, players: int = 4, limit: int = 6000):
    """A random game of ``players`` played until ``condition(state)`` holds."""
    state = GAME.new_game({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if condition(state):
            return state
        assert not GAME.is_over(state), "the condition never held"
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    raise AssertionError("the condition never held")


def texts_of(lines: list[Msg], language: str = "en") -> list[str]:
    return [render(line, language) for line in lines]


# ----- 1. a player sees his own secret choices ------------------------------------------------------------
def one_side_has_chosen_dice(state) -> bool:
    combat = state.combat
    return combat is not None and combat.step == DICE and len(combat.dice.choices) == 1


def test_EVE_CMB_5_hand_shows_my_sealed_dice_but_never_the_opponents():
    state = playout_until(one_side_has_chosen_dice)
    combat = state.combat
    chooser = next(iter(combat.dice.choices))
    other = combat.defender if chooser == combat.attacker else combat.attacker
    d, s, t = combat.dice.choices[chooser]
    mine = texts_of(GAME.private_lines(GAME.view(state, chooser), chooser))
    assert any(f"{d} damage, {s} shield, {t} tactics" in line for line in mine), mine
    theirs = GAME.private_lines(GAME.view(state, other), other)
    assert not any(line.key == "eve.private.dice" for line in theirs)
    # once the other side has chosen too the dice are public (rolled): nothing secret is left to show
    legal = next(m for m in GAME.legal_moves(state, other) if m.kind == mv.DICE)
    after = GAME.apply(state, legal)
    for seat in (chooser, other):
        assert not any(line.key == "eve.private.dice" for line in GAME.private_lines(GAME.view(after, seat), seat))


def test_EVE_CARD_4_hand_shows_the_pending_keep_and_order_choices_to_their_owner_only():
    state = clone_state(playout_until(lambda s: s.phase == ROUND and s.round is not None and s.combat is None))
    seat = state.round.seat
    other = (seat + 1) % state.player_count
    state.round.pending_keep = ["DV01", "DV02"]                 # LOG-H: keep one of the two drawn
    state.round.peek, state.round.peek_deck = ["PR01", "PR02", "PR03"], "P"   # LOG-K: put back in order
    mine = " ".join(texts_of(GAME.private_lines(GAME.view(state, seat), seat)))
    assert "DV01" in mine and "DV02" in mine and "PR01" in mine and "PR03" in mine
    theirs = " ".join(texts_of(GAME.private_lines(GAME.view(state, other), other)))
    assert not re.search(r"DV01|DV02|PR01|PR02|PR03", theirs)


# ----- 6. lobby options and status --------------------------------------------------------------------------
def test_EVE_VAR_2_a_vp_target_without_vision_is_refused_when_the_lobby_opens():
    with pytest.raises(BadOptions) as refused:
        GAME.normalize_options({"end": "trinity", "vp_target": 5})
    assert refused.value.msg.key == "eve.err.target_without_vision"
    text = render(refused.value.msg)
    assert "end:vision" in text and "vp_target:5" in text and "2 years" in text
    assert GAME.normalize_options({"end": "vision", "vp_target": 5})["vp_target"] == 5
    assert GAME.normalize_options({"end": "trinity"})["vp_target"] == 0


def test_EVE_END_1_2_4_status_names_the_end_condition():
    trinity = texts_of(GAME.status_lines(GAME.view(new(4, length="long"), None)))
    assert "End: Trinity, the game ends after 3 years; most VP wins." in trinity
    vision = GAME.view(new(4, end="vision"), None)
    assert any("reach 15 VP" in line and "after 4 years" in line for line in texts_of(GAME.status_lines(vision)))
    hungarian = texts_of(GAME.status_lines(vision), "hu")
    assert any("Látomás" in line and "a 15 győzelmi pontot" in line and "4 év" in line for line in hungarian)
    running = playout_until(lambda s: s.phase == ROUND)
    assert any(line.key == "eve.status.end_trinity" for line in GAME.status_lines(GAME.view(running, None)))


# ----- 3-5. catalogue wording ---------------------------------------------------------------------------------
def test_hungarian_texts_name_types_with_hungarian_letters_never_d_p_l_or_hq():
    """Issue 24: a Hungarian reads F/T/H (fejlesztés, termelés, hadvezetés), never the English D/P/L."""
    for key, text in catalogue("hu").items():
        assert "D/P/L" not in text, key
        without_notation = re.sub(r"\bhq R\d\d\b", "", text)
        assert not re.search(r"\bHQ\b", without_notation, re.IGNORECASE), key


def test_hungarian_articles_before_values_come_from_the_value():
    for key, text in catalogue("hu").items():
        assert not re.search(r"(?<![\wÀ-ž])(a|az|a\(z\))\s+[„\"]?\{", text, re.IGNORECASE), (key, text)
    assert "erő 1 az 1 ellen" in render(Msg("eve.event.combat_cards", a=1, d=1, intel="-"), "hu")
    assert "Erő: 2 az 5 ellen" in render(Msg("eve.event.attack", attacker="A", defender="B", source="R01",
                                             target="R02", a=2, d=5, intel="-"), "hu")
    assert "az 1 kockádból" in render(Msg("eve.err.reroll_which", most=2, dice=1, faces="-"), "hu")
    assert "a VIO-A pakli" in render(Msg("eve.event.doom", empire="A", region="R01", square="VIO-A"), "hu")


def test_english_texts_agree_in_number():
    for key, text in catalogue("en").items():
        assert "(s)" not in text, key
    status = render(Msg("eve.status.empire", empire="Amarr", vp=1, regions=1, supply=1, levels="1/1/1",
                        storage="0/0/0", cards="0/0/0", letters=Msg("eve.letters")))
    assert "1 region," in status and "1 unit in supply" in status
    assert render(Msg("eve.event.losses", attacker="A", a=1, defender="B", d=3)) == "Losses: A 1 unit, B 3 units."
    assert render(Msg("eve.describe.actions", cost=1)) == "costs 1 action"
    assert render(Msg("eve.board.counts", supply=2, regions=1, hand="0/0/0")).startswith("Supply 2 units · 1 region")
    # Hungarian keeps the singular after a number
    assert "1 régió," in render(Msg("eve.status.empire", empire="Amarr", vp=1, regions=1, supply=3, levels="1/1/1",
                                    storage="0/0/0", cards="0/0/0", letters=Msg("eve.letters")), "hu")


# ----- 7. Hungarian verbs typed in part ------------------------------------------------------------------------
def test_a_partly_typed_hungarian_verb_completes_to_its_moves():
    aliases = GAME.word_aliases()
    assert aliases["tamad"] == mv.ATTACK and aliases["termeles"] == "P"
    assert all(alias == fold_word(alias) for alias in aliases)
    variants = GAME.prefix_variants("tám")
    attack = [v for v in variants if GAME.canonical_prefix(v).strip() == mv.ATTACK]
    assert attack, variants

    def can_attack(state) -> bool:
        waiting = GAME.waiting_for(state)
        return len(waiting) == 1 and any(m.kind == mv.ATTACK for m in GAME.legal_moves(state, min(waiting)))

    state = playout_until(can_attack)
    seat = min(GAME.waiting_for(state))
    offered = GAME.complete(state, seat, attack[0])
    assert offered and all(text.startswith("attack ") for text in offered)
    # issue 24: the game itself matches Hungarian words, also unfinished and without accents
    assert GAME.complete(state, seat, "tám") == GAME.complete(state, seat, "tam") == offered


def test_the_notation_folds_words_with_the_shared_helper():
    assert not hasattr(mv, "fold")
    assert mv.region_code("TÉNERIFIS") == mv.region_code("tenerifis")
