"""What a move command costs the bot's own process (issue 26): the work the rules do for it is
done once, not repeated by the host."""
from __future__ import annotations

from tests.host.toy_game import ToyGame

ALICE, BOB = 11, 22
CHANNEL = 100


async def started_game(harness) -> int:
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2)
    [thread] = list(harness.threads)
    await harness.slash(BOB, "toy join", channel_id=thread)
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    return thread


async def test_a_move_is_parsed_once_and_its_secret_judged_from_the_stored_move(harness, monkeypatch):
    """The host parsed a move twice (once to tell a secret choice, once to store it): now the
    secret is judged from the stored move's notation, in the position it was made in; the
    choice is still confirmed privately and redacted in public."""
    thread = await started_game(harness)
    parsed: list[str] = []
    real = ToyGame.parse_move

    def counting(self, state, seat, text):
        parsed.append(text)
        return real(self, state, seat, text)

    monkeypatch.setattr(ToyGame, "parse_move", counting)
    sent = await harness.slash(BOB, "toy move", channel_id=thread, text="pick 3")
    assert parsed == ["pick 3"]
    private = [s for s in sent if s.ephemeral and s.content]
    public = [s for s in sent if not s.ephemeral and s.content and s.kind != "autocomplete"]
    assert private and all("pick 3" not in s.content for s in public)
    assert any("pick ?" in s.content for s in public)


async def test_a_game_without_computer_players_starts_no_computer_task_per_move(harness, monkeypatch):
    """Every announced move asked the computer players' scheduler to look at the game (a task
    and a load of the game each): now only a game with a computer seat does (issue 29's
    computers still play: tests/host/test_computers.py)."""
    thread = await started_game(harness)
    looked: list[int] = []
    monkeypatch.setattr(harness.bot.computers, "schedule", looked.append)
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 3")
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    assert looked == []
