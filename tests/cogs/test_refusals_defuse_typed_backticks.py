"""Every move subcommand of every game, with markup and triple backticks typed into each of its
text options: the refusal quotes the text without letting it render - no bold or spoiler made of
it, no code block opened by the typed backticks (they are echoed as look-alikes), never the
generic error."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.table import registry
from bot.table.format import LOOKALIKE_BACKTICK, escape_echo
from cogs._errors import GENERIC_SENTENCE
from tests.cogs.harness import ALICE, BOB, Harness

TYPED = "**loud**```x```||hidden||"
RAW = re.compile(r"(?<!\\)(\*\*loud|\|\|hidden)")
FILLERS: dict[str, Any] = {"integer": 1, "number": 1.0, "boolean": False}


def _options(command: Any) -> dict[str, Any] | None:
    """`TYPED` in every free-text option, a plain value in the other required ones; None for a
    command without free text."""
    options: dict[str, Any] = {}
    for param in command.parameters:
        if param.type.name == "string" and not param.choices:
            options[param.name] = TYPED
        elif param.choices:
            options[param.name] = param.choices[0].value
        elif param.required:
            options[param.name] = FILLERS.get(param.type.name, 1)
    return options if TYPED in options.values() else None


@pytest.mark.parametrize("game", registry.games())
@pytest.mark.asyncio
async def test_every_refusal_defuses_what_was_typed(h: Harness, game: str) -> None:
    await h.slash("game new", game=game, user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    group = h.bot.tree.get_command(game)
    tried = 0
    for command in group.commands:  # type: ignore[union-attr]
        options = _options(command)
        if options is None:
            continue
        ex = await h.slash(f"{game} {command.name}", user=ALICE, **options)
        tried += 1
        text = ex.text
        where = f"/{game} {command.name}: {text[:160]!r}"
        assert "```" not in text, where
        assert not RAW.search(text), where
        assert GENERIC_SENTENCE not in text, where
        assert text.count("`") % 2 == 0, where
    assert tried >= 2


def test_typed_backticks_become_look_alikes_and_the_sentences_spans_stay() -> None:
    sentence = "There is no building called 'a`b'. Write it like `keep well`."
    assert escape_echo(sentence, "a`b") == (
        f"There is no building called 'a{LOOKALIKE_BACKTICK}b'. Write it like `keep well`."
    )
    cut = "'```x' is not a district; write `spread A1`."
    assert "`" not in escape_echo(cut, "y ```x```")  # an echo not found whole: all defused
    assert escape_echo("`Castle B3 90` is fine", "Castle B3 90") == "`Castle B3 90` is fine"
