"""`/game rules` in pages: a one-screen summary first, the rest behind ◀ ▶ buttons, the rules
notes (our readings) and data sources last.

A rules summary is markdown paragraphs, most opening with a bold heading (`**Turn**: ...`).
Paragraphs are kept whole where they fit and packed into pages of at most `PAGE_MAX`
characters, in their order, except that those headed as readings or data go to the end.
"""

from __future__ import annotations

import re

from bot.table.format import split_markdown

__all__ = ["PAGE_MAX", "rules_pages"]

PAGE_MAX = 1500
"""Characters on one page: one phone screen of text."""

_LAST = re.compile(
    r"^\*\*(?:more |weitere )?(?:rules notes|data|reconstructed numbers|sources"
    r"|regelhinweise|regelnotizen|daten|rekonstruierte zahlen|quellen)",
    re.IGNORECASE,
)
"""Headings of the paragraphs that go last: our readings of the rules and where numbers come
from (reference, not what a new player needs first), in English and as the German summaries
head them ("Regelhinweise", "Weitere Regelhinweise", "Daten", "Quellen")."""


def rules_pages(summary: str, limit: int = PAGE_MAX) -> list[str]:
    """`summary` as pages of at most `limit` characters: the rules first, readings and data
    last; every paragraph appears once, in its order within its group."""
    blocks = _blocks(summary)
    ordered = [b for b in blocks if not _LAST.match(b)] + [b for b in blocks if _LAST.match(b)]
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
