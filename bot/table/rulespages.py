"""`/game rules` in pages: a one-screen summary first, the rest behind ◀ ▶ buttons, the rules
notes (our readings) and data sources last.

A rules summary is markdown paragraphs, most opening with a bold heading (`**Turn**: ...`).
Paragraphs are kept whole where they fit and packed into pages of at most `PAGE_MAX`
characters, in their order, except that those headed as readings or data go to the end.
"""

from __future__ import annotations

import re
from functools import cache

from bot.i18n import LANGUAGES, speaking, tr_c
from bot.table.format import split_markdown

__all__ = ["PAGE_MAX", "rules_pages"]

PAGE_MAX = 1500
"""Characters on one page: one phone screen of text."""

_READINGS = re.compile(r"\*\*[^*\n]+\*\*(?: ?\([^()\n]*\))?:?\n- ")
"""A heading alone on its line (a parenthesis may follow) over a bulleted list: how every game's
summary sets out its rules notes (our readings), whatever its language."""

_HEADING = re.compile(r"\*\*([^*\n]+)\*\*")


@cache
def _last_headings() -> tuple[str, ...]:
    """The headings of reference paragraphs in every shipped language (lower case): our readings
    of the rules and where numbers come from, however a summary sets them out."""
    found: set[str] = set()
    for code in LANGUAGES:
        with speaking(code):
            found.update(
                word.lower()
                for word in (
                    tr_c("rules heading", "Rules notes"),
                    tr_c("rules heading", "More rules notes"),
                    tr_c("rules heading", "Data"),
                    tr_c("rules heading", "Reconstructed numbers"),
                    tr_c("rules heading", "Sources"),
                )
            )
    return tuple(sorted(found))


def _last(block: str) -> bool:
    """Whether paragraph `block` goes last: reference (readings, data, sources), not what a new
    player needs first. Told by its structure (`_READINGS`) or by its heading's words in any
    shipped language (the catalogs' "rules heading" entries), never by English alone."""
    if _READINGS.match(block):
        return True
    heading = _HEADING.match(block)
    return heading is not None and heading.group(1).strip().lower().startswith(_last_headings())


def rules_pages(summary: str, limit: int = PAGE_MAX) -> list[str]:
    """`summary` as pages of at most `limit` characters: the rules first, readings and data
    last; every paragraph appears once, in its order within its group."""
    blocks = _blocks(summary)
    ordered = [b for b in blocks if not _last(b)] + [b for b in blocks if _last(b)]
    pages: list[str] = []
    current = ""
    for block in ordered:
        for piece in split_markdown(block, limit) if len(block) > limit else [block]:
            joined = f"{current}\n\n{piece}" if current else piece
            if len(joined) <= limit:
                current = joined
                continue
            pages.append(current)
            current = piece
    if current or not pages:
        pages.append(current)
    return pages


def _blocks(summary: str) -> list[str]:
    """Paragraphs, a heading paragraph keeping the lines that follow it until the next
    heading (a list under `**Advisors**:` stays with it)."""
    blocks: list[str] = []
    for para in (p.strip() for p in summary.strip().split("\n\n")):
        if not para:
            continue
        if blocks and not para.startswith("**"):
            blocks[-1] = f"{blocks[-1]}\n\n{para}"
        else:
            blocks.append(para)
    return blocks
