"""Pure helpers of the table: choice ranking, option text and the text-command parser."""

from __future__ import annotations

import pytest

from bot.table.commands import rank_choices
from bot.table.options import parse_options_text
from bot.table.textcommands import (
    Command,
    CommandError,
    CommandKind,
    natural_sorted,
    notation_for,
    parse_command_line,
    small_int,
)


def test_rank_choices_orders_and_caps() -> None:
    """Prefix matches beat word-prefix matches beat substrings; at most 25."""
    options = [f"Tavern {c}{r} 0" for c in "ABCDEFGHIJ" for r in range(1, 11)]
    options += ["Castle B3 90", "Abbey B3 0"]
    assert len(rank_choices(options, "")) == 25
    assert rank_choices(options, "castle") == ["Castle B3 90"]
    ranked = rank_choices(options, "b3")
    assert ranked[:3] == ["Tavern B3 0", "Castle B3 90", "Abbey B3 0"]
    assert rank_choices(options, "zzz") == []
    assert rank_choices(["a b", "ab"], "ab") == ["ab", "a b"]


def test_parse_options_text() -> None:
    """key=value pairs separated by spaces or commas; a bare word is refused."""
    assert parse_options_text("games=3, variant: short") == {"games": "3", "variant": "short"}
    assert parse_options_text(None) == {}
    with pytest.raises(ValueError, match="key=value"):
        parse_options_text("games")


@pytest.mark.parametrize(
    "text", ["games=2 games=3", "games=2, Games: 3", "turn-hours=1 turn_hours=2"]
)
def test_parse_options_text_refuses_a_key_given_twice(text: str) -> None:
    """The last value never wins silently: a repeated key is a sentence naming it."""
    key = "turn_hours" if "turn" in text else "games"
    with pytest.raises(ValueError) as raised:
        parse_options_text(text)
    assert str(raised.value) == f"Option {key!r} is given twice."


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("/game new cathedral games=2", Command(CommandKind.NEW, ("cathedral", "games=2"))),
        ("/game new game:cathedral", Command(CommandKind.NEW, ("cathedral", ""))),
        ("/game join", Command(CommandKind.JOIN)),
        ("/game add-bot heuristic", Command(CommandKind.ADD_BOT, ("heuristic",))),
        ("/game history 5", Command(CommandKind.HISTORY, ("5",))),
        ("/game rules kingsburg", Command(CommandKind.RULES, ("kingsburg",))),
        # `/cathedral place` previews first, as its slash command does (`confirm:false`: not).
        (
            "/cathedral place Castle B3 90",
            Command(CommandKind.MOVE, ("Castle B3 90",), preview=("cathedral", "place")),
        ),
        (
            "/cathedral place piece:Castle square:B3 rotation:90",
            Command(CommandKind.MOVE, ("Castle B3 90",), preview=("cathedral", "place")),
        ),
        (
            "/cathedral place Castle B3 90 confirm:False",
            Command(CommandKind.MOVE, ("Castle B3 90",)),
        ),
        ("/cathedral move Castle B3 90", Command(CommandKind.MOVE, ("Castle B3 90",))),
        (
            "/kingsburg act influence 8 with 5+3",
            Command(CommandKind.MOVE, ("influence 8 with 5+3",)),
        ),
        ("/kingsburg influence 8 with 5+3", Command(CommandKind.MOVE, ("influence 8 with 5+3",))),
        ("/cathedral rules", Command(CommandKind.RULES, ("cathedral",))),
        ("/kingsburg influence 8 5+3", Command(CommandKind.MOVE, ("influence 8 with 5+3",))),
        ("/kingsburg peek", Command(CommandKind.PEEK)),
        ("/kingsburg move build inn", Command(CommandKind.MOVE, ("build inn",))),
        ("/kingsburg reroll statue white", Command(CommandKind.MOVE, ("reroll statue white",))),
        ("/kingsburg envoy build crane envoy", Command(CommandKind.MOVE, ("build crane envoy",))),
        ("/kingsburg keep", Command(CommandKind.MOVE, ("keep",))),
        ("/cathedral pass", Command(CommandKind.MOVE, ("pass",))),
        (
            "/cathedral move Inn C4 90 no-capture",
            Command(CommandKind.MOVE, ("Inn C4 90 no-capture",)),
        ),
        ("/game kick 2", Command(CommandKind.KICK, ("2",))),
        ("Castle B3 90", Command(CommandKind.MOVE, ("Castle B3 90",))),
        ("/status", Command(CommandKind.STATUS)),
        ("/quit", Command(CommandKind.QUIT)),
        ("/game", Command(CommandKind.HELP)),
    ],
)
def test_parse_command_line(line: str, expected: Command) -> None:
    """Lines map to table commands; game subcommands become notation."""
    assert parse_command_line(line) == expected


@pytest.mark.parametrize("line", ["", "/game fly", "/game new", "/nonsense", "/game kick x"])
def test_parse_command_line_refuses_with_a_sentence(line: str) -> None:
    """Unknown commands raise CommandError with advice."""
    with pytest.raises(CommandError):
        parse_command_line(line)


def test_notation_for() -> None:
    """Slash options join into notation in the subcommand's order; None options are skipped."""
    assert notation_for("cathedral", "place", "Castle", "B3", 90) == "Castle B3 90"
    assert notation_for("cathedral", "place", "Tavern", "A1", None) == "Tavern A1"
    assert notation_for("kingsburg", "build", "Inn") == "build Inn"
    assert notation_for("kingsburg", "influence", 8, "5+3") == "influence 8 with 5+3"
    assert notation_for("kingsburg", "influence", "8", "with", "5+3") == "influence 8 with 5+3"
    assert notation_for("kingsburg", "pass") == "pass"


def test_small_int_never_raises() -> None:
    assert small_int("12") == 12
    assert small_int("9" * 5000) is None  # int() would raise: "Exceeds the limit (4300 digits)"
    assert small_int("²") is None  # isdigit() is True, int() raises
    assert small_int("0", lowest=1) is None
    assert small_int("-3") is None


def test_natural_order() -> None:
    assert natural_sorted(["Inn A10 0", "Inn A2 0", "Inn A1 90"]) == [
        "Inn A1 90",
        "Inn A2 0",
        "Inn A10 0",
    ]
