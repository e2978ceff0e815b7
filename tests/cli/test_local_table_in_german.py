"""The terminal table in German (`--language de`): lobby, turn posts, refusals, history and
help all read German, and German command names are understood."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import speaking
from tests.cli.localrun import run_lines


def test_a_german_table_posts_and_answers_in_german(tmp_path: Path) -> None:
    with speaking("de"):
        text = run_lines(
            tmp_path,
            "cathedral",
            "anna,bernd",
            ["Castle B3 90", "Cathedral E5 0", "/spiel verlauf", "/spiel hilfe"],
            language="de",
        )
    assert "Neue Runde: Kathedrale" in text
    assert "Hell muss zuerst die Kathedrale setzen." in text
    assert "anna spielte Cathedral E5 0" in text
    assert "Du bist am Zug, bernd (Dunkel)." in text
    assert "Hell setzt die Kathedrale auf E5 (0°)." in text
    assert "Kathedrale: bisher 1 Zug" in text
    assert "Your move" not in text and "Light places" not in text
