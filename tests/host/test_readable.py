"""What a player reads at the table, through the real command tree with the toy game: moves
in words of the reader's language (thread, confirmation, /log, autocomplete labels, values
in the reader's words), /info over the game's components, scores with their breakdown, the
plural turn ping and lobby options by their labels."""

from rules.messages import Msg, render

from .test_cogs import ALICE, BOB, CAROL, CHANNEL, contents, one_text, open_game, started_game


def phrase(key, language="en", **values):
    return render(Msg(key, **values), language)


async def test_the_thread_and_the_mover_read_the_move_in_words_not_notation(harness):
    thread, _ = await started_game(harness)
    for user in (ALICE, BOB):
        await harness.slash(user, "toy move", channel_id=thread, text="pick 2")
    sent = await harness.slash(ALICE, "toy move", channel_id=thread, text="add 3")
    public = "\n".join(s.content for s in sent if not s.ephemeral and s.content)
    assert phrase("toy.phrase.add", value="3") in public
    assert "`add 3`" not in public
    log = one_text(await harness.slash(BOB, "toy log", channel_id=thread))
    assert phrase("toy.phrase.add", value="3") in log and "add 3" not in log


async def test_a_secret_choice_is_confirmed_in_words_to_its_maker_only(harness):
    thread, _ = await started_game(harness)
    sent = await harness.slash(BOB, "toy move", channel_id=thread, text="pick 3")
    private = "\n".join(contents(sent, ephemeral=True))
    public = "\n".join(contents(sent, ephemeral=False))
    # to its maker as the choice they made, in their menu's words ("Pick a bonus (3)"), not the
    # thread's third person ("picks a bonus (3)"), in both languages
    chosen = render(Msg("toy.phrase.pick", value="3"), "en", label=True)
    assert chosen in private and phrase("toy.phrase.pick", value="3") not in private
    assert chosen not in public and phrase("toy.phrase.pick", value="3") not in public
    harness.set_locale(ALICE, "hu")
    sent = await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 2")
    private = "\n".join(contents(sent, ephemeral=True))
    assert render(Msg("toy.phrase.pick", value="2"), "hu", label=True) in private
    assert render(Msg("toy.phrase.pick", value="2"), "hu") not in private


async def test_autocomplete_sends_the_readers_words_and_shows_the_move_in_words(harness):
    thread, _ = await started_game(harness)
    harness.set_locale(ALICE, "hu")
    choices = await harness.autocomplete(ALICE, "toy move", focused="text", channel_id=thread, text="")
    values = [choice["value"] for choice in choices]
    assert "választ 2" in values and "pick 2" not in values
    names = [choice["name"] for choice in choices]
    assert render(Msg("toy.phrase.pick", value="2"), "hu", label=True) in names   # the reader's own choice
    assert phrase("toy.phrase.pick", "hu", value="2") not in names                  # not the thread's line
    # the Hungarian value is accepted as the move
    await harness.slash(ALICE, "toy move", channel_id=thread, text="választ 2")
    harness.set_locale(BOB, "en-US")
    english = await harness.autocomplete(BOB, "toy move", focused="text", channel_id=thread, text="")
    assert "pick 2" in [choice["value"] for choice in english]


async def test_info_answers_by_id_or_name_in_either_language_and_autocompletes(harness):
    thread, _ = await started_game(harness)
    for typed in ("bonus", "Bónusz", "bonu", "BONUSZ"):
        answer = one_text(await harness.slash(ALICE, "toy info", channel_id=CHANNEL, thing=typed))
        assert phrase("toy.comp.bonus.text") in answer, typed
    unknown = await harness.slash(ALICE, "toy info", channel_id=thread, thing="dragon")
    assert all(s.ephemeral for s in unknown if s.content)
    assert "dragon" in one_text(unknown)
    harness.set_locale(ALICE, "hu")
    choices = await harness.autocomplete(ALICE, "toy info", focused="thing", channel_id=thread, thing="bón")
    assert [choice["value"] for choice in choices] == ["bonus"]
    assert phrase("toy.comp.bonus.gist", "hu") in choices[0]["name"]


async def test_status_and_the_game_over_post_explain_every_score(harness):
    thread, _ = await started_game(harness)
    for user in (ALICE, BOB):
        await harness.slash(user, "toy move", channel_id=thread, text="pick 2")
    await harness.slash(ALICE, "toy move", channel_id=thread, text="add 3")
    status = one_text(await harness.slash(ALICE, "toy status", channel_id=thread))
    assert "alice (Red): 3 (" + phrase("score_part", label=Msg("toy.score.counter"), points=3) in status
    sent = []
    for _ in range(10):
        for user in (ALICE, BOB):
            sent += await harness.slash(user, "toy move", channel_id=thread, text="add 3")
    final = "\n".join(s.content for s in sent if not s.ephemeral and s.content)
    assert phrase("score_breakdown_header") in final
    assert phrase("toy.score.bonus") + " 2" in final
    # after the end the status tells the results once: each player's breakdown one time (D-H1)
    ended = one_text(await harness.slash(ALICE, "toy status", channel_id=thread))
    assert ended.count(phrase("score_breakdown_header")) == 1
    assert ended.count("alice (Red): 8 (") == 1 and ended.count("bob (Blue): 8 (") == 1, ended


async def test_several_players_to_act_are_pinged_in_the_plural(harness):
    thread, _ = await open_game(harness, players=3)
    await harness.slash(BOB, "toy join", channel_id=thread)
    await harness.slash(CAROL, "toy join", channel_id=thread)
    harness.world.guild_locale = "hu"
    sent = await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    pings = [s.content for s in sent if not s.ephemeral and s.content and "<@" in s.content]
    assert pings and all("ti következtek" in text or "your turn" in text for text in pings)


async def test_the_lobby_names_options_by_their_labels(harness):
    harness.world.guild_locale = "hu"
    _thread, sent = await open_game(harness)
    lobby = next(s for s in sent if s.kind == "response").content
    assert phrase("option_label.deadline", "hu") in lobby


async def test_info_on_a_word_several_components_share_lists_them_with_their_gists(harness, monkeypatch):
    import tests.host.toy_game as toy
    from bot import lookup
    from rules.base import Component

    original = toy.ToyGame.components(toy.GAME)
    extra = Component("bonus-big", "toy.kind.bonus", Msg("toy.comp.bonus.name"), Msg("toy.comp.bonus.text"),
                      Msg("toy.comp.bonus.gist"))
    monkeypatch.setattr(toy.ToyGame, "components", lambda self: tuple(original) + (extra,))
    lookup._index.cache_clear()
    try:
        thread, _ = await started_game(harness)
        answer = one_text(await harness.slash(ALICE, "toy info", channel_id=thread, thing="bonu"))
        assert "bonus-big" in answer and answer.count(phrase("toy.comp.bonus.gist")) == 2
    finally:
        lookup._index.cache_clear()


async def test_info_on_letters_found_only_inside_names_offers_them_as_guesses(harness, monkeypatch):
    """`/spacecorp infó O2` found only the Time card (its code idő2 holds "o2"): the answer
    says nothing is called that and offers the names it appears in; it does not claim that
    several things match."""
    import tests.host.toy_game as toy
    from bot import lookup

    lookup._index.cache_clear()
    thread, _ = await started_game(harness)
    found = lookup.ranked("toy", "onu", 5)
    assert found and all(rank == 3 for rank, _comp in found)
    answer = one_text(await harness.slash(ALICE, "toy info", channel_id=thread, thing="onu"))
    title = toy.GAME.title_msg()
    assert answer.startswith(phrase("info_inside", thing="onu", title=title))
    assert phrase("info_several", thing="onu") not in answer


async def test_info_shows_a_components_code_as_the_readers_notation_writes_it(harness, monkeypatch):
    """Issue 24: a component whose code differs between the notations (Space Corp's M02#1 /
    Ű02#1, Gaia's booster3 / bónusz3) is headed and listed by the reader's code; the stored
    and sent id stays the notation's."""
    from dataclasses import replace

    import tests.host.toy_game as toy
    from bot import lookup
    from rules.messages import Localized

    original = toy.ToyGame.components(toy.GAME)
    coded = tuple(replace(comp, code=Localized(en=comp.id, hu="jutalom")) for comp in original)
    monkeypatch.setattr(toy.ToyGame, "components", lambda self: coded)
    lookup._index.cache_clear()
    try:
        thread, _ = await started_game(harness)
        harness.set_locale(ALICE, "hu")
        answer = one_text(await harness.slash(ALICE, "toy info", channel_id=thread, thing="bonus")).splitlines()
        assert "`jutalom`" in answer[0] and "`bonus`" not in answer[0]
        # "bonus" is the English code: said once, under the heading (tests/host/test_info_language.py)
        assert answer[1] == phrase("info_foreign_code", "hu", thing="bonus", notation=Msg("language_name.en"),
                                   shown="jutalom")
        choices = await harness.autocomplete(ALICE, "toy info", focused="thing", channel_id=thread, thing="bon")
        # the value is the reader's code, which finds it (a code is found by its language's readers)
        assert [choice["value"] for choice in choices] == ["jutalom"] and "jutalom" in choices[0]["name"]
        english = one_text(await harness.slash(BOB, "toy info", channel_id=thread, thing="bonus"))
        assert "`bonus`" in english
    finally:
        lookup._index.cache_clear()


def test_info_takes_a_single_match_only_when_a_word_starts_with_what_was_typed():
    """A newcomer's `/spacecorp infó O2` (an Offer box) answered with the Time card, whose
    Hungarian code idő2 merely contains "o2": such a match is offered, not taken (and "O2" now
    names the Offer's boxes, report 2026-11-28b N-8, so the Time card is not offered beside
    them)."""
    from bot import lookup

    assert lookup.find("spacecorp", "dő2") is None and [c.id for c in lookup.search("spacecorp", "dő2", 3)] == ["TIME"]
    assert lookup.find("spacecorp", "O2").id == "OFFER" and [c.id for c in lookup.search("spacecorp", "O2", 3)] == ["OFFER"]
    assert lookup.find("gaia", "bónusz3").id == "booster3" and lookup.find("pulsar", "AD-A06").id == "TX-A06"


def test_a_clipped_label_ends_after_a_whole_word():
    """Newcomer report N16: autocomplete descriptions were cut mid-word at 100 characters."""
    from bot.cogs.base import clip

    label = "elvesz egy 6 értékű kockát, az 1. jelölője lép a kezdeményezéssávon: 2 mezőt jobbra, a 10. mezőre lép"
    assert len(label) > 100
    clipped = clip(label, 100)
    assert len(clipped) <= 100 and clipped.endswith("…")
    assert label.startswith(clipped[:-1]) and label[len(clipped) - 1] == " "   # ends where a word ends
    assert clip("x" * 150, 100) == "x" * 99 + "…"                             # no word to end at
    assert clip("short", 100) == "short"
