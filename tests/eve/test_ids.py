"""The EVE rule IDs the worked examples do not name: one short test each."""
from __future__ import annotations

import json

from rules.eve import GAME
from rules.eve.data import tables
from rules.eve.engine import actions_for, face_down_squares, face_up_squares, is_empty, is_enemy, months_for, vp
from rules.eve.state import COMBAT, DICE, PREP_REVEAL, ROUND, RegionState, Seal
from rules.messages import Msg, render

from .helpers import AMARR, CALDARI, FACE, GALLENTE, clear, give_cards, hold, in_round, new, play, refused
from .test_rules import _battle, _board, _claim_board, _fight_to_the_end, _hand, _production_board


def test_EVE_SETUP_1_the_wheel_starts_in_january_of_year_one():
    state = new(4)
    assert (state.month, state.year, state.phase) == (1, 1, PREP_REVEAL)


def test_EVE_SETUP_2_three_shuffled_design_decks_of_33_and_empty_hands():
    state = new(4)
    assert {kind: len(deck.pile) for kind, deck in state.decks.items()} == {"D": 33, "P": 33, "L": 33}
    assert all(deck.discards == [] for deck in state.decks.values())
    assert state.hands.cards == [[], [], [], []]
    assert new(4, seed=2).decks["D"].pile != state.decks["D"].pile


def test_EVE_SETUP_3_each_bag_holds_five_dice_of_each_colour():
    assert tables().constants["dice_per_colour"] == 5
    assert set(tables().faces) == {"d", "s", "t"}


def test_EVE_SETUP_4_each_empire_starts_with_60_units_level_1_schedules_and_empty_storage():
    for player in new(4).players:
        assert player.supply == 60 and player.schedule == {"D": 0, "P": 0, "L": 0}
        assert player.storage == {"D": 0, "P": 0, "L": 0} and all(player.level(k) == 1 for k in "DPL")
    assert [p.empire for p in new(4).players] == ["amarr", "caldari", "gallente", "minmatar"]


def test_EVE_SETUP_6_the_revealed_diagonal_marks_its_regions():
    state = new(4)
    for square in ("VIO-A", "CYA-B", "MAG-C"):
        assert state.squares[square].face_up and state.squares[square].pile[0] in state.regions


def test_EVE_SETUP_7_and_EVE_VAR_1_lengths_and_end_conditions_are_options():
    options = {spec.name: spec for spec in GAME.options}
    assert options["length"].choices == ("normal", "long", "heroic")
    assert options["end"].choices == ("trinity", "vision") and options["impending_doom"].default is False
    assert options["impending_doom"].description == "eve.param.impending_doom"
    # issue 24: the rulebook's term for the variant, not "házszabály"
    assert "Fenyegető Pusztulás (játékvariáció" in render(Msg(options["impending_doom"].description), "hu")


def test_EVE_2P_1_and_EVE_2P_6_the_2_player_game_is_the_same_game_with_its_own_targets():
    assert new(2, end="vision").options["vp_target"] == 10
    assert new(2, end="vision", length="heroic").options["vp_target"] == 20


def test_EVE_CAL_1_months_run_1_to_12():
    assert len(new(4).calendar) == 12
    assert render(Msg("eve.month.12"), "hu") == "december"


def test_EVE_CAL_2_and_EVE_CAL_3_a_seal_joins_the_end_of_its_months_queue():
    state = in_round(_board(), GALLENTE, "L", month=3)
    target = state.calendar[5]
    before = list(target)
    state = play(state, GALLENTE, "end")                          # logistics level 1: 3 months, into June
    assert state.calendar[5][:len(before)] == before and state.calendar[5][-1].seat == GALLENTE


def test_EVE_CAL_5_the_innermost_seal_acts_first():
    state = in_round(_board(), GALLENTE, "L", month=3)
    state.calendar[2].append(Seal(AMARR, "P"))
    moved = [s for m in state.calendar for s in m if (s.seat, s.kind) == (AMARR, "P")]
    assert len(moved) == 2
    for month in state.calendar[3:]:
        month[:] = [s for s in month if (s.seat, s.kind) != (AMARR, "P")]
    state = play(state, GALLENTE, "end")
    assert state.round.seat == AMARR and state.round.kind == "P"


def test_EVE_SCH_1_and_EVE_SCH_2_levels_by_tiles_give_actions_and_months():
    schedule = tables().schedule
    assert schedule[("P", 2)] == (5, 4)                           # the seed's calendar example
    player = new(4).players[GALLENTE]
    assert (actions_for(player, "P"), months_for(player, "P")) == (4, 5)
    player.schedule["P"] = 2
    assert player.level("P") == 3 and actions_for(player, "P") == 6


def test_EVE_SCH_3_a_tile_lost_from_the_schedule_lowers_the_next_round():
    state = _battle([FACE[2]] * 5 + [FACE[1]])
    state.players[AMARR].storage["P"] = 0
    state.players[AMARR].schedule["P"] = 1
    state = _fight_to_the_end(play(state, GALLENTE, "attack R48 > R59"))
    assert state.players[AMARR].level("P") == 1


def test_EVE_RND_4_outposts_and_claims_are_free():
    state = in_round(_claim_board(), 3, "D", actions=0)
    state = play(state, 3, "claim R59 R56")
    assert state.round.actions == 0 and vp(state, 3) == 8


def test_EVE_DEV_1_bridges_are_fixed_at_the_round_start():
    state = _board()
    hold(state, CALDARI, "R16", 1)                                # Cloud Ring, next to Gallente's Placid
    state = in_round(state, GALLENTE, "D")
    state = play(state, GALLENTE, "agent R16")
    assert state.round.bridges == []
    assert refused(state, GALLENTE, "expand R38").rule == "EVE-DEV-3"   # Fade: only next to the new agent


def test_EVE_DEV_2_a_development_round_offers_expand_and_agent_only():
    state = in_round(_board(), GALLENTE, "D")
    # issue 23: the refusal names the round the action belongs to and the round being played (EVE-RND-3)
    error = refused(state, GALLENTE, "build R08")
    assert error.rule == "EVE-RND-3" and error.msg.key == "eve.err.wrong_round"
    assert error.msg.params["needed"] == Msg("eve.type.P") and error.msg.params["type"] == Msg("eve.type.D")
    assert refused(state, GALLENTE, "draw D").rule == "EVE-RND-3"


def test_EVE_DEV_5_agents_never_move_or_attack():
    state = _board()
    hold(state, CALDARI, "R14", 1, agents=(GALLENTE,))
    state = in_round(state, GALLENTE, "L")
    assert refused(state, GALLENTE, "move R14 > R06:1").rule == "EVE-LOG-4"
    assert refused(state, GALLENTE, "attack R14 > R16").rule == "EVE-LOG-4"


def test_EVE_DEV_8_free_actions_in_a_development_round():
    state = in_round(_claim_board(), 3, "D", actions=0)
    hold(state, 3, "R40", 1)
    assert "outpost" in {move.kind for move in GAME.legal_moves(state, 3)}


def test_EVE_PRD_1_a_production_card_gives_an_action_in_a_production_round():
    state = in_round(_production_board(), GALLENTE, "P", actions=4)
    _hand(state, GALLENTE, ["PR01"])
    assert play(state, GALLENTE, "discard PR01").round.actions == 5


def test_EVE_PRD_4_no_unit_in_supply_no_building():
    state = in_round(_production_board(), GALLENTE, "P")
    state.players[GALLENTE].supply = 0
    assert refused(state, GALLENTE, "build R10").rule == "EVE-PRD-4"


def test_EVE_LOG_1_a_card_drawn_this_round_cannot_be_discarded_for_an_action():
    state = in_round(_board(), GALLENTE, "L")
    state = play(state, GALLENTE, "draw L")
    card = state.hands.cards[GALLENTE][0]
    assert refused(state, GALLENTE, f"discard {card}").rule == "EVE-RND-2"


def test_EVE_LOG_2_a_logistics_round_offers_draw_move_and_attack():
    kinds = {move.kind for move in GAME.legal_moves(in_round(_board(), GALLENTE, "L"), GALLENTE)}
    assert {"draw", "move", "attack"} <= kinds and "expand" not in kinds


def test_EVE_DEF_2_new_units_go_under_the_agents():
    state = _board()
    state.regions["R08"].agents = [AMARR]
    state.players[AMARR].supply -= 1
    state.regions["R10"].units = 3
    state.players[GALLENTE].supply -= 2
    state = play(in_round(state, GALLENTE, "L"), GALLENTE, "move R10 > R08:2")
    region = state.regions["R08"]
    assert (region.owner, region.units, region.agents) == (GALLENTE, 8, [AMARR])


def test_EVE_DEF_3_the_owner_is_the_player_of_the_ordinary_units():
    state = _board()
    state.regions["R08"].agents = [AMARR, CALDARI]
    assert state.regions["R08"].owner == GALLENTE and is_enemy(state.regions["R08"], AMARR)


def test_EVE_DEF_4_an_empty_region_has_no_units_agents_or_hq():
    assert is_empty(RegionState()) and not is_empty(RegionState(hq=0, owner=0))


def test_EVE_DEF_5_an_enemy_hq_region_without_units_is_enemy():
    state = _board()
    state.regions["R01"].units = 0
    assert is_enemy(state.regions["R01"], GALLENTE)


def test_EVE_DEF_7_the_hq_region_takes_no_outpost_and_gives_a_defence_point():
    state = in_round(_board(), AMARR, "L")
    assert refused(state, AMARR, "outpost R01 D").rule == "EVE-DEF-7"
    state = in_round(_board(), GALLENTE, "L")
    state.regions["R01"].agents.append(GALLENTE)                 # irrelevant to strength
    state.players[GALLENTE].supply -= 1
    state = play(state, GALLENTE, "attack R08 > R01")
    assert state.combat.strength[AMARR] == 2 + 1


def test_EVE_DEF_8_destroyed_units_return_to_supply():
    state = _battle([FACE[2]] * 5 + [FACE[1]])
    state = _fight_to_the_end(play(state, GALLENTE, "attack R48 > R59"))
    assert state.players[AMARR].supply + sum(r.units for r in state.regions.values() if r.owner == AMARR) == 60


def test_EVE_DEF_10_vp_is_the_sum_of_the_region_cards():
    state = new(4)
    give_cards(state, AMARR, ["R01", "R13", "R59"])
    assert vp(state, AMARR) == 1 + 2 + 4 and GAME.scores(state)[AMARR] == 7


def test_EVE_CMB_3_and_EVE_CMB_6_no_advantage_both_choose_then_both_roll():
    state = _battle([FACE[1]] * 6)
    state.regions["R59"].agents = []
    state.players[GALLENTE].supply += 2
    state = play(state, GALLENTE, "attack R48 > R59")
    assert state.combat.intel is None
    state = play(play(state, AMARR, "dice 1d 0s 0t"), GALLENTE, "dice 1d 0s 0t")
    assert state.phase == ROUND and state.regions["R59"].units == 3 and state.regions["R48"].units == 5


def test_EVE_CMB_8_shields_block_damage_point_for_point():
    state = _battle([FACE[2]] * 3 + [FACE[2]] * 2)
    state.regions["R59"].agents = []
    state.players[GALLENTE].supply += 2
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(play(state, AMARR, "dice 0d 2s 0t"), GALLENTE, "dice 3d 0s 0t")
    assert state.regions["R59"].units == 4 - (6 - 4)


def test_EVE_CMB_15_a_region_is_never_left_to_agents_alone():
    state = _battle([FACE[2]] * 5 + [FACE[0]] * 5)
    state.regions["R59"].agents = [GALLENTE]
    state.players[GALLENTE].supply += 1
    state = _fight_to_the_end(play(state, GALLENTE, "attack R48 > R59"))
    omist = state.regions["R59"]
    assert omist.owner is not None or not omist.agents


def test_EVE_CMB_17_at_most_five_dice_of_a_colour_whatever_the_strength():
    state = _battle([])
    state.regions["R48"].units = 20
    state.players[GALLENTE].supply -= 14
    state.regions["R59"].agents = []
    state.players[GALLENTE].supply += 2
    state = play(state, GALLENTE, "attack R48 > R59")
    assert refused(state, GALLENTE, "dice 6d 5s 5t").rule == "EVE-CMB-4"
    assert play(state, GALLENTE, "dice 5d 5s 5t").combat.step == DICE


def test_EVE_OUT_3_an_outpost_brings_a_tile_of_its_type_at_once():
    state = in_round(_board(), GALLENTE, "L")
    clear(state)
    for code in ("R03", "R02", "R24", "R08"):
        hold(state, GALLENTE, code, 1)
    state = play(state, GALLENTE, "outpost R03 L")
    assert state.players[GALLENTE].storage["L"] == 1 and state.pool_outposts["L"] == 19 and state.round.actions == 5


def test_EVE_OUT_4_an_outpost_adds_a_defence_point_and_a_build_site():
    state = in_round(_production_board(), GALLENTE, "P")
    assert play(state, GALLENTE, "build R10").regions["R10"].units == 2


def test_EVE_OUT_5_the_last_unit_of_an_outpost_region_cannot_leave():
    state = in_round(_production_board(), GALLENTE, "L")
    assert refused(state, GALLENTE, "move R10 > R08:1").rule == "EVE-LOG-4"


def test_EVE_POL_1_and_EVE_POL_2_nine_squares_and_markers_follow_the_top_card():
    state = new(4)
    assert sorted(state.squares) == sorted(f"{n}-{c}" for n in ("VIO", "CYA", "MAG") for c in "ABC")
    state = play(state, state.order[0], f"reveal {face_down_squares(state)[0]}")
    assert len(face_up_squares(state)) == 4


def test_EVE_POL_4_the_refill_may_reveal_an_emptied_square():
    state = in_round(_claim_board(), 3, "D")
    state = play(state, 3, "claim R59 R56")
    assert "VIO-B" in face_down_squares(state)
    assert play(state, 3, "reveal VIO-B").squares["VIO-B"].face_up


def test_EVE_POL_6_claimed_cards_never_return_to_the_map():
    state = in_round(_claim_board(), 3, "D")
    state = play(state, 3, "claim R59 R56")
    assert all("R59" not in square.pile for square in state.squares.values())


def test_EVE_POL_7_the_face_up_count_stays_after_a_claim_and_refill():
    state = in_round(_claim_board(), 3, "D")
    before = len(face_up_squares(state))
    state = play(play(play(state, 3, "claim R59 R56"), 3, "reveal VIO-B"), 3, "reveal CYA-B")
    assert len(face_up_squares(state)) == before


def test_EVE_CARD_1_three_decks_of_33():
    decks = {}
    for card, kind in tables().cards.items():
        decks.setdefault(kind.deck, []).append(card)
    assert {deck: len(cards) for deck, cards in decks.items()} == {"D": 33, "P": 33, "L": 33}
    assert len(tables().kinds) == 33


def test_EVE_CARD_3_discarding_for_an_action_needs_the_rounds_deck():
    state = in_round(_board(), GALLENTE, "D")
    _hand(state, GALLENTE, ["PR01"])
    assert refused(state, GALLENTE, "discard PR01").rule == "EVE-RND-2"


def test_EVE_CARD_6_tiles_on_cards_count_as_held_but_not_for_levels():
    state = in_round(_production_board(), GALLENTE, "P")
    _hand(state, GALLENTE, ["PR28"])
    state = play(state, GALLENTE, "play PR28")
    assert state.players[GALLENTE].level("P") == 1 and GAME.invariants(state) == []


def test_EVE_CARD_7_the_attacker_plays_combat_cards_first_and_cannot_answer():
    state = _battle([])
    _hand(state, GALLENTE, ["PR01", "PR02"])
    _hand(state, AMARR, ["PR16"])
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(state, GALLENTE, "cards PR01")
    state = play(state, AMARR, "cards PR16")
    assert state.combat.step == DICE and refused(state, GALLENTE, "cards PR02").rule == "EVE-RND-1"


def test_EVE_BOT_2_hand_sizes_per_deck_are_public_the_cards_are_not():
    state = in_round(_board(), GALLENTE, "L")
    state = play(state, GALLENTE, "draw P")
    view = GAME.view(state, AMARR)
    assert view.hand_sizes[GALLENTE]["P"] == 1 and view.hands.cards[GALLENTE] == ["?"]
    assert any("0/1/0" in render(line, "en") for line in GAME.status_lines(view))


def test_EVE_BOT_5_a_seed_and_the_moves_replay_exactly():
    def game(seed):
        import random
        state, rng, texts = GAME.new_game({"players": 3}, seed), random.Random(1), []
        for _ in range(150):
            seat = min(GAME.waiting_for(state))
            move = GAME.random_move(state, seat, rng)
            texts.append((seat, GAME.format_move(move)))
            state = GAME.apply(state, move)
        return state, texts
    first, texts = game(8)
    again = GAME.new_game({"players": 3}, 8)
    for seat, text in texts:
        again = GAME.apply(again, GAME.parse_move(again, seat, text))
    assert json.dumps(GAME.dump_state(again)) == json.dumps(GAME.dump_state(first))


def test_EVE_BOT_6_a_battle_survives_storage_at_every_step():
    def stored(state):
        return GAME.load_state(json.loads(json.dumps(GAME.dump_state(state))))

    start = _battle([])
    start.streams = new(4).streams                                # real dice, which storage keeps
    direct = stored_path = play(start, GALLENTE, "attack R48 > R59")
    stored_path = stored(stored_path)
    for seat, text in ((AMARR, "dice 1d 1s 1t"), (GALLENTE, "ask dmg"), (GALLENTE, "dice 2d 2s 2t")):
        direct = play(direct, seat, text)
        stored_path = stored(play(stored_path, seat, text))
        assert GAME.dump_state(stored_path) == GAME.dump_state(direct)
    while direct.phase == COMBAT:
        seat = next(iter(GAME.waiting_for(direct)))
        move = GAME.default_move(direct, seat)
        direct, stored_path = GAME.apply(direct, move), stored(GAME.apply(stored_path, move))
        assert GAME.dump_state(stored_path) == GAME.dump_state(direct)
