"""Canterbury's public move titles and history lines read as sentences, not notation."""

from __future__ import annotations

import pytest

from bot.table.canterbury import move_label, public_line
from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB


def _public(replies: list[Reply]) -> list[Reply]:
    return [r for r in replies if not r.ephemeral and r.only_for is None]


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("levy", "Levy Funds"),
        ("full", "Full Build"),
        ("tax", "Tax & Build"),
        ("end", "End Turn"),
        ("build well C2", "a Well in C2"),
        ("build well C2 and garden C2", "a Well in C2 and a Garden in C2"),
        ("tax chapel C2", "Tax & Build: a Chapel in C2"),
        (
            "build GHal D4 demolish Well+Gard spread A1 E5",
            "a Guild Hall in D4 (demolishing the Well and Garden) with extra markers in A1 and E5",
        ),
        (
            "build fountain C3 demolish old_roman_well",
            "a Fountain in C3 (demolishing the Old Roman Well)",
        ),
        ("spread B1", "an extra marker in B1"),
        ("spread done", "no more extra markers"),
        (
            "neutral merchant_stall B3; levy",
            "the Neutral Builder's Merchant Stall in B3, then Levy Funds",
        ),
        ("neutral none", "nothing for the Neutral Builder"),
    ],
)
def test_every_step_kind_reads_as_words(notation: str, words: str) -> None:
    assert public_line(notation) == words


def test_menu_labels_use_printed_structure_names() -> None:
    assert move_label("build merchant_stall B3") == "Build Merchant Stall in B3"
    assert (
        move_label("build fountain C3 demolish old_roman_well")
        == "Build Fountain in C3 (demolish the Old Roman Well)"
    )
    assert move_label("neutral pageant_wagon A1") == "Neutral Builder: Pageant Wagon in A1"


@pytest.mark.asyncio
async def test_a_played_turn_is_titled_with_a_sentence(table: Table) -> None:
    assert _public(await table.new(ALICE, "canterbury", ""))
    assert _public(await table.join(BOB))
    assert _public(await table.start(ALICE))
    [post, *_] = _public(await table.move(ALICE, "build well C2 and garden C2"))
    assert post.title == "Alice played a Well in C2 and a Garden in C2"
    assert "Blue builds a Well in C2 for 2 gold; water marker in C2." in post.text
    [post, *_] = _public(await table.move(BOB, "full"))
    assert post.title == "Bob played Full Build"
    history = await table.history(ALICE, 5)
    assert "`a Garden in C2`" in history[0].text and "`full`" not in history[0].text
