"""No text a player reads is written in the code outside the catalogs' marking functions.

Every string literal in the player-facing layers that looks like words (two words with a space
between them, or one capitalised word) must stand inside a marking call (`tr`, `tr_c`, `tr_n`,
`N_` from `bot.i18n`; `tx`, `tx_c`, `tx_n` from `bot.games.text`) so `python -m bot catalogs` finds
it and every language can say it. Not counted: docstrings, the command tree's descriptions
(translated through `cogs/language.py`), log lines, `re` patterns, assertions
and internal errors (AssertionError, RuntimeError, TypeError, KeyError, NotImplementedError), and
a line that says why it is not shown to players with a `# i18n-exempt: <why>` comment
(notation, file names, data keys...).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCANNED = ("bot/table", "bot/sessions", "bot/games", "bot/ratings", "cogs", "rendering")
"""The layers whose texts reach players (the command line tools in bot/cli stay English)."""

NOT_SCANNED = ("bot/games/search/",)
"""Parts of the scanned layers that hold no player-facing text at all."""

MARKERS = frozenset({"tr", "tr_c", "tr_n", "N_", "tx", "tx_c", "tx_n"})
TREE_CALLS = frozenset({"command", "describe", "Choice", "Group", "rename", "choices"})
"""discord.py's command tree: its texts reach the catalogs through `cogs/language.py`."""
QUIET_CALLS = frozenset({"debug", "info", "warning", "error", "exception", "critical", "log"})
INTERNAL_ERRORS = frozenset(
    {"AssertionError", "RuntimeError", "TypeError", "KeyError", "NotImplementedError"}
)
EXEMPT = "i18n-exempt:"

_WORDS = re.compile(r"[A-Za-z]{2,}[,.;:!?'’)]*\s+\(?[A-Za-z]{2,}")
_CAPITALISED = re.compile(r"^[A-Z][a-z]{2,}[.!?:]?$")


def looks_like_words(value: str) -> bool:
    """True for a literal a player would read: words with a space, or one capitalised word."""
    return bool(_WORDS.search(value) or _CAPITALISED.match(value.strip()))


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _exempt_lines(source: str) -> set[int]:
    lines: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and EXEMPT in token.string:
            lines.add(token.start[0])
    return lines


def _skipped_nodes(tree: ast.AST) -> set[int]:
    """ids of the nodes whose strings do not count (docstrings and the subtrees of marking
    calls, log calls, `re` calls, assertions, internal errors, `__all__`)."""
    skipped: set[int] = set()

    def skip(node: ast.AST) -> None:
        for child in ast.walk(node):
            skipped.add(id(child))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            skipped.add(id(body[0].value))
        # An attribute docstring: a string statement right after an assignment.
        if isinstance(body, list):
            for before, after in zip(body, body[1:], strict=False):
                if (
                    isinstance(before, ast.Assign | ast.AnnAssign)
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                ):
                    skipped.add(id(after.value))
        if isinstance(node, ast.Call):
            name = _call_name(node)
            func = node.func
            owner = func.value if isinstance(func, ast.Attribute) else None
            if name in MARKERS or name in INTERNAL_ERRORS or name in TREE_CALLS:
                skip(node)
            elif name in QUIET_CALLS and owner is not None:
                skip(node)
            elif isinstance(owner, ast.Name) and owner.id in {"re", "warnings"}:
                skip(node)
        elif isinstance(node, ast.Assert):
            skip(node)
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            skip(node)
    return skipped


def literal_texts(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every unmarked literal in `path` that looks like words."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    exempt = _exempt_lines(source)
    skipped = _skipped_nodes(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in skipped or not isinstance(node, ast.Constant):
            continue
        if not isinstance(node.value, str) or not looks_like_words(node.value):
            continue
        span = range(node.lineno, (node.end_lineno or node.lineno) + 1)
        if any(line in exempt for line in span):
            continue
        found.append((node.lineno, node.value))
    return sorted(found)


def _files() -> list[str]:
    files: list[str] = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if not any(relative.startswith(prefix) for prefix in NOT_SCANNED):
                files.append(relative)
    return files


@pytest.mark.parametrize("relative", _files())
def test_player_texts_come_from_the_catalogs(relative: str) -> None:
    """Every word a player reads in this file goes through a marking function."""
    found = literal_texts(ROOT / relative)
    assert found == [], "\n".join(f"{relative}:{line}: {text!r}" for line, text in found)


def test_the_scan_sees_a_literal() -> None:
    """The scan itself: an unmarked sentence is found, a marked one, a docstring, a log line
    and an exempted line are not."""
    sample = ROOT / "tests/i18n/_scan_sample.txt"
    code = (
        '"""Module docstring here."""\n'
        'A = "You cannot do that."\n'
        'B = tr("You cannot do that either.")\n'
        'log.info("Loaded the thing")\n'
        'C = "not shown anywhere"  # i18n-exempt: a data key\n'
        'D = "Cancel"\n'
        'E = "seat"\n'
    )
    sample.write_text(code, encoding="utf-8")
    try:
        found = literal_texts(sample)
    finally:
        sample.unlink()
    assert found == [(2, "You cannot do that."), (6, "Cancel")]
