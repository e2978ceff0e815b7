"""The terminal table's lines as players type them: numbered choices that survive refusals and
reading lines, every `/game help` command with or without its slash, player names with spaces
before the colon, and `/cathedral place` answered with the same private preview as Discord."""

from __future__ import annotations

import re
from pathlib import Path

from bot.cli import local
from bot.table.replies import Caller
from tests.cli.localrun import run_lines


def _after(text: str, line: str) -> str:
    """The output printed after the echoed input `line`."""
    return text.split(f"> {line}\n", 1)[1]


def test_numbered_choices_survive_refusals_and_reading_lines(tmp_path: Path) -> None:
    """Kingsburg, seed 1: b's influence menu is on screen; a move out of turn, an impossible
    move, status, rules, history and peek change nothing, and `8` still passes for b."""
    lines = [
        "a: aid gold",
        "3",  # b: aid wood; b's influence menu follows
        "a: pass",  # refused: not a's turn
        "influence 18 with 6+6+6",  # refused: b has no such dice
        "status",
        "rules",
        "history",
        "peek",
        "8",
    ]
    text = run_lines(tmp_path, "kingsburg", "a,b", lines)
    assert "    8) pass" in text
    assert "It is not your turn" in text
    assert "You do not have 6+6+6" in text
    assert "There is nothing numbered to choose right now" not in text
    assert "== b played Pass ==" in _after(text, "8")


def test_menus_show_kingsburgs_labels(tmp_path: Path) -> None:
    """The numbered menu names each advisor and its gift; the number plays the notation."""
    text = run_lines(tmp_path, "kingsburg", "a,b", ["a: aid gold", "3", "1"])
    assert re.search(r"    1\) influence \d+ \(\w[\w ]*: [^)]+\) with ", text), text
    assert re.search(r"== b played \S+ on the [A-Z]", _after(text, "1"))


def _help_commands(text: str) -> list[str]:
    """The commands listed by `/game help`, each with sample values for its options."""
    samples = {
        "<game>": "kingsburg",
        "[options]": "",
        "<name>": "random",
        "<seat>": "2",
        "[n]": "3",
        "[game]": "kingsburg",
        "<good>": "gold",
        "<building>": "statue",
        "<advisor>": "8",
        "<dice>": "5+3",
        "<goods>": "gold",
        "<give>": "gold",
        "<pay>": "gold",
        "<move>": "build crane",
        "<soldiers>": "1 gold+wood",
        "<notation>": "pass",
    }
    found = re.findall(r"^`(/[^`]+)`", text, flags=re.MULTILINE)
    out = []
    for usage in found:
        words = [samples.get(w, w) for w in usage.split()]
        out.append(" ".join(w for w in words if w))
    return out


def test_every_help_command_works_without_its_slash(tmp_path: Path) -> None:
    """Each command `/game help` lists, typed without the slash, becomes that slash command;
    and bare `peek` works like bare `status`."""
    text = run_lines(tmp_path, "kingsburg", "a,b", ["/game help"])
    commands = _help_commands(text)
    assert "/game status" in commands and "/kingsburg peek" in commands
    assert "/kingsburg influence 8 5+3" in commands
    lt = local.LocalTable(table=None, players={}, out=None, game_key="kingsburg")  # type: ignore[arg-type]
    for command in commands:
        assert lt.bare_word_line(command[1:]) == command, command
    assert lt.bare_word_line("peek") == "/kingsburg peek"
    # Subcommands that are not notation themselves work without `/<game>` too.
    assert lt.bare_word_line("envoy build crane") == "/kingsburg envoy build crane"
    assert lt.bare_word_line("act pass") == "/kingsburg act pass"
    assert lt.bare_word_line("pass") == "pass"
    # Notation is untouched, even when it starts like a game (the Cathedral piece).
    cathedral = local.LocalTable(table=None, players={}, out=None, game_key="cathedral")  # type: ignore[arg-type]
    assert cathedral.bare_word_line("Cathedral B1 0") == "Cathedral B1 0"
    assert cathedral.bare_word_line("place Castle B3 90") == "/cathedral place Castle B3 90"
    assert lt.bare_word_line("influence 8 with 5+3") == "influence 8 with 5+3"


def test_commands_without_slash_run_at_the_table(tmp_path: Path) -> None:
    lines = [
        "game status",
        "kingsburg peek",
        "peek",
        "game rules kingsburg",
        "a: kingsburg aid gold",
    ]
    text = run_lines(tmp_path, "kingsburg", "a,b", lines)
    assert "== Kingsburg: " in _after(text, "game status")
    assert "You have not looked at the next enemy" in _after(text, "kingsburg peek")
    assert "You have not looked at the next enemy" in _after(text, "peek")
    assert "Kingsburg: rules" in _after(text, "game rules kingsburg")
    assert "== a played Aid from the King (1 gold) ==" in _after(text, "a: kingsburg aid gold")
    assert "I don't know the action" not in text


def test_player_names_with_spaces_before_the_colon(tmp_path: Path) -> None:
    """`Ann Lee: ...` acts as Ann Lee (any case, any spacing); a move holding a colon is still a
    move, and an unknown one-word name is answered as such."""
    names, _ = local.check_local_seats(local.get_engine("kingsburg"), " Ann  Lee ,bob", "")
    assert names == ["Ann Lee", "bob"]
    lines = ["ann  LEE: aid gold", "Zed: status", "bob: 3", "Ann Lee: moves"]
    text = run_lines(tmp_path, "kingsburg", "Ann Lee,bob", lines)
    assert "== Ann Lee played Aid from the King (1 gold) ==" in text
    assert "Zed is not at this table (players: Ann Lee, bob)." in text
    assert "== bob played Aid from the King (1 wood) ==" in text
    assert "== Legal moves of Ann Lee ==" in text
    lt = local.LocalTable(
        table=None,  # type: ignore[arg-type]
        players={"ann lee": Caller(None, 1, 1, "Ann Lee")},
        out=None,
    )
    assert lt.split_prefix("Ann Lee: pass") == ("Ann Lee", " pass")
    assert lt.split_prefix("influence 8: 5+3") is None


def test_cathedral_place_is_previewed_as_on_discord(tmp_path: Path) -> None:
    """`/cathedral place` (with or without the slash) answers with a private preview and
    Confirm/Cancel; Cancel plays nothing; `confirm:false` plays at once, as the slash option."""
    lines = [
        "/cathedral place Cathedral E5 0",
        "2",
        "cathedral place Cathedral E5 0",
        "1",
        "/cathedral place Tavern A1 confirm:false",
        "/cathedral place Tavern J10 0 confirm:false",
    ]
    text = run_lines(tmp_path, "cathedral", "alice,bob", lines)
    first = _after(text, "/cathedral place Cathedral E5 0")
    assert first.startswith("[only you] == Preview: Cathedral E5 0 ==")
    assert "1) Confirm Cathedral E5 0 | 2) Cancel" in first
    assert "Cancelled: nothing changed." in _after(text, "2")
    assert "== alice played Cathedral E5 0 ==" in _after(text, "1")
    assert "== bob played Tavern A1 ==" in text or "== bob played Tavern A1 0 ==" in text
    assert "Preview: Tavern" not in text


def test_bare_game_words_read_or_say_how_to_type_them(tmp_path: Path) -> None:
    """`finished` and `replay` read like `status`; `undo`, `away 3`, `back` are not taken for a
    Cathedral building called 'undo' but answered with how to type them."""
    lines = ["finished", "replay", "alice: undo", "alice: away 3 trip", "alice: back"]
    text = run_lines(tmp_path, "cathedral", "alice,bob", lines)
    assert "No game has ended in this channel yet." in _after(text, "finished")
    assert "== Replay of Cathedral #1: move 0 of 0 ==" in _after(text, "replay")
    assert "`undo` is not a move. To do that type `/game undo` or `game undo`." in text
    assert "type `/game away 3 trip` or `game away 3 trip`." in text
    assert "There is no building called" not in text
    canaan = local.LocalTable(table=None, players={}, out=None, game_key="canaan")  # type: ignore[arg-type]
    assert canaan.bare_word_line("start 23") == "start 23", "Canaan's start move, not /game start"
