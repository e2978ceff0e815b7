"""Kingsburg's public move titles and history read as words after "Ann played ..."."""

from __future__ import annotations

import pytest

from bot.table.kingsburg import public_line


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("aid wood", "Aid from the King (1 wood)"),
        ("influence 7 with 5+2", "5+2 on the Astronomer (7)"),
        ("influence 9 with 4+3 +2", "4+3 and a +2 token on the Master Hunter (9)"),
        ("influence 14 with 6+2+2+4w", "6+2+2 and a white 4 on the Smuggler (14)"),
        ("pass", "Pass"),
        ("gift gold+stone+stone", "Gift: 1 gold and 2 stone"),
        ("alchemist gold->wood+stone", "the Alchemist: 1 gold for 1 wood and 1 stone"),
        ("build chapel", "Build: Chapel"),
        ("reroll statue", "a reroll with the Statue"),
        ("townhall plus2", "Town Hall: a +2 token for 1 VP"),
        ("recruit 2 gold+stone", "Recruit: 2 soldiers for 1 gold and 1 stone"),
        ("lose wood", "Loss: 1 wood"),
        ("skip", "Skip"),
    ],
)
def test_every_move_kind_reads_as_words(notation: str, words: str) -> None:
    assert public_line(notation) == words
