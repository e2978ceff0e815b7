"""A subcommand typed as words at the terminal table (`/canaan offer 1 lumber for 1 grain`):
its joiner words ("for", "to") mark where each option begins, so multi-word options arrive
whole; options given one by one (Discord) are unchanged."""

from __future__ import annotations

from bot.table.textcommands import notation_for


def test_typed_words_split_at_each_joiner() -> None:
    assert notation_for("canaan", "offer", *"1 lumber for 1 grain".split()) == (
        "offer 1 lumber for 1 grain"
    )
    assert notation_for("canaan", "offer", *"2 wool for 1 ore to blue".split()) == (
        "offer 2 wool for 1 ore to blue"
    )
    assert notation_for("canaan", "counter", *"1 wool for 2 ore".split()) == (
        "counter 1 wool for 2 ore"
    )


def test_options_given_separately_are_joined_as_before() -> None:
    assert notation_for("canaan", "offer", "1 lumber", "1 grain", None) == (
        "offer 1 lumber for 1 grain"
    )
    assert notation_for("canaan", "offer", "1 lumber", "1 grain", "blue") == (
        "offer 1 lumber for 1 grain to blue"
    )
    assert notation_for("kingsburg", "influence", "8", "with", "5+3") == "influence 8 with 5+3"
