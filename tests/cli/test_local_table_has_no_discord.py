"""The terminal table is not Discord: no reply links to a Discord channel."""

from __future__ import annotations

from pathlib import Path

from tests.cli.localrun import run_lines


def test_game_mine_names_the_game_without_a_discord_link(tmp_path: Path) -> None:
    """`/game mine` at the local table lists the game by name and number, with no link."""
    text = run_lines(tmp_path, "cathedral", "ann,bob", ["Cathedral C1 0", "bob: /game mine"])
    assert "Your move — Cathedral #1: 1 move played, waiting for bob" in text
    assert "discord.com" not in text
