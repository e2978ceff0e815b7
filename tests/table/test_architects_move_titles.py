"""Architects' public move titles and history read as words after "Ann played ...", and a kept
or discarded card stays secret."""

from __future__ import annotations

import pytest

from bot.table.architects import public_notation


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("keep chapel", "Keep: a card (secret)"),
        ("discard well", "Discard: a card (secret)"),
        ("place forest", "a worker in the Forest"),
        ("place mines gold", "a worker at the Mines (gold)"),
        ("place blackmarket b hire t3", "a worker at the Black Market (space b, hire t3)"),
        (
            "place guildhall build silver-market",
            "a worker at the Guildhall (building the Silver Market)",
        ),
        ("place guildhall cathedral", "a worker at the Guildhall (working on the Cathedral)"),
        ("retrieve quarry", "Retrieve: a worker back from the Quarry"),
        ("trade wood+wood+stone->marble", "Trade: 2 wood and 1 stone for marble"),
        ("capture quarry red", "Capture: red workers at the Quarry"),
        ("pay 1 wood 2 stone", "Pay: 1 wood and 2 stone"),
        ("ransom silver", "Ransom: workers freed for silver"),
        ("payoff", "Pay Off: one debt"),
        ("pass", "Pass"),
    ],
)
def test_every_move_kind_reads_as_words(notation: str, words: str) -> None:
    assert public_notation(notation) == words
