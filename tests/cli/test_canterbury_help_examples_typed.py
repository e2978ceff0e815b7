"""The examples Canterbury's help shows are accepted when typed at the terminal table without
their slash (`canterbury build well C2 garden C2`) and as bare notation (`build well C2 garden
C2`), at the start of a game, where the help is first read."""

from __future__ import annotations

import re
from pathlib import Path

from bot.table import registry
from tests.cli.localrun import run_lines


def _examples() -> list[str]:
    """Every `/canterbury ...` example in the help texts of Canterbury's subcommands."""
    table = registry.game_table("canterbury")
    texts = " ".join(sub.help for sub in table.subcommands.values())
    return re.findall(r"`(/canterbury [^`]+)`", texts)


def test_help_names_its_examples() -> None:
    assert "/canterbury build well C2 garden C2" in _examples()


def test_each_example_typed_without_the_slash_is_played(tmp_path: Path) -> None:
    for i, example in enumerate(_examples()):
        typed = example[1:]
        (tmp_path / str(i)).mkdir()
        out = run_lines(tmp_path / str(i), "canterbury", "ann,bob,cy", [typed])
        assert "ann played a Well in C2 and a Garden in C2" in out, (typed, out[-600:])


def test_the_build_example_as_bare_notation_is_played(tmp_path: Path) -> None:
    out = run_lines(tmp_path, "canterbury", "ann,bob,cy", ["build well C2 garden C2"])
    assert "ann played a Well in C2 and a Garden in C2" in out, out[-600:]


def test_two_structures_without_and_after_full_is_chosen(tmp_path: Path) -> None:
    out = run_lines(tmp_path, "canterbury", "ann,bob,cy", ["full", "build well C2 garden C2"])
    assert "Blue builds a Garden in C2" in out, out[-600:]
