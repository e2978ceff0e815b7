"""run_bot without a token: a clear message and exit status 2, no network."""

from __future__ import annotations

import logging

import pytest

from bot.app import run_bot
from bot.settings import Secret, Settings


def test_run_bot_without_token_returns_2_and_never_logs_a_secret(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """No token: exit status 2 and the setup help in the log."""
    with caplog.at_level(logging.ERROR):
        assert run_bot(Settings(discord_token=Secret(""))) == 2
    assert "New Application" in caplog.text


def test_sync_without_a_token_explains_and_stops(monkeypatch, capsys) -> None:  # noqa: ANN001
    """`python -m bot sync` with no token prints how to get one, like the bot itself."""
    from bot.__main__ import main

    monkeypatch.setenv("DISCORD_TOKEN", "")
    monkeypatch.chdir("/")
    assert main(["sync"]) == 2
    assert "token" in capsys.readouterr().err.lower()
