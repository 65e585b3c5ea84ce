"""Settings: defaults, every malformed value stops start-up with one clear line, and
`python -m bot` without a token explains what is missing."""
import subprocess
import sys

import pytest

from bot.config import ConfigError, load_settings


def test_defaults_are_safe():
    settings = load_settings({})
    assert settings.token is None and settings.database_path == "boardgames.db"
    assert settings.reminder_after_hours == 12 and settings.dev_guild_id is None


def test_values_are_read_and_converted(tmp_path):
    settings = load_settings({"DISCORD_TOKEN": "abc.def", "DATABASE_PATH": str(tmp_path / "x.db"),
                              "DEV_GUILD_ID": "123", "REMINDER_AFTER_HOURS": "6.5", "OWNER_IDS": "1, 2",
                              "LOG_LEVEL": "debug", "REMINDER_MAX_COUNT": ""})
    assert settings.token == "abc.def" and settings.dev_guild_id == 123
    assert settings.reminder_after_hours == 6.5 and settings.owner_ids == {1, 2} and settings.log_level == "DEBUG"


@pytest.mark.parametrize("name, value, expected", [
    ("DEV_GUILD_ID", "my server", "DEV_GUILD_ID"),
    ("REMINDER_AFTER_HOURS", "-3", "out of range"),
    ("REMINDER_MAX_COUNT", "2.5", "REMINDER_MAX_COUNT"),
    ("LOG_LEVEL", "LOUD", "LOG_LEVEL"),
    ("DATABASE_PATH", "/no/such/folder/x.db", "does not exist"),
    ("DISCORD_TOKEN", "Bot abc", "malformed"),
    ("OWNER_IDS", "me", "OWNER_IDS"),
])
def test_malformed_settings_name_the_setting_and_the_fix(name, value, expected):
    with pytest.raises(ConfigError, match=expected) as caught:
        load_settings({name: value})
    assert "\n" not in str(caught.value)


def test_env_file_is_read_and_environment_wins(tmp_path, monkeypatch):
    env_file = tmp_path / ".env"
    env_file.write_text("REMINDER_AFTER_HOURS=3\nSNAPSHOT_EVERY=7\n")
    monkeypatch.setenv("SNAPSHOT_EVERY", "9")
    settings = load_settings(env_file=env_file)
    assert settings.reminder_after_hours == 3 and settings.snapshot_every == 9


def run_bot(tmp_path, *args, env_extra=None):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **(env_extra or {})}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env, input="",
                          capture_output=True, text=True, timeout=120)


def test_without_a_token_and_without_a_terminal_it_explains_and_exits_non_zero(tmp_path):
    import os
    result = run_bot(tmp_path, env_extra={"PYTHONPATH": os.getcwd()})
    assert result.returncode == 1
    assert "DISCORD_TOKEN is not set" in result.stderr and ".env.example" in result.stderr
    assert "No terminal" in result.stderr


def test_a_malformed_setting_stops_start_up_with_one_line(tmp_path):
    import os
    result = run_bot(tmp_path, env_extra={"PYTHONPATH": os.getcwd(), "REMINDER_MAX_COUNT": "many"})
    assert result.returncode == 2
    assert result.stderr.strip().startswith("Configuration error: REMINDER_MAX_COUNT")
    assert len(result.stderr.strip().splitlines()) == 1
