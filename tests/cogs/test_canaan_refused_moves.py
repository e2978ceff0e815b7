"""Refused Canaan moves through the real command tree: each gets a private sentence saying why
(never a generic one) and the game does not change."""

from __future__ import annotations

import pytest

from tests.cogs.harness import ALICE, BOB, Harness, User, table_status
from tests.cogs.seeding import seed_state
from tests.games.canaan.positions import hand, position

pytestmark = pytest.mark.asyncio

REFUSALS = [
    (ALICE, "canaan build", {"kind": "city", "where": "11"}, "A city costs"),
    (ALICE, "canaan build", {"kind": "city", "where": "12"}, "no settlement at 12"),
    (ALICE, "canaan build", {"kind": "road", "where": "1-2"}, "no path between"),
    (ALICE, "canaan buy", {}, "A development card costs"),
    (ALICE, "canaan trade", {"how": "bank", "give": "lumber", "receive": "ore"}, "4:1"),
    (ALICE, "canaan offer", {"give": "3 lumber", "receive": "1 grain"}, "do not hold 3 lumber"),
    (ALICE, "canaan plague", {"hex": "C"}, "after your 7 or with a priest"),
    (ALICE, "canaan discard", {"cards": "1 ore"}, "Nobody asks you for cards"),
    (ALICE, "canaan withdraw", {}, "no open offer"),
    (ALICE, "canaan roll", {}, "already rolled"),
    (BOB, "canaan end", {}, "not your turn"),
]


@pytest.mark.parametrize(("user", "command", "options", "says"), REFUSALS)
async def test_a_refused_move_says_why_privately_and_changes_nothing(
    h: Harness, user: User, command: str, options: dict[str, str], says: str
) -> None:
    await h.slash("game new", game="canaan", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    state = position(
        2, settlements={10: 0}, hands={0: hand(lumber=2, ore=1), 1: hand(grain=2)}, current=0
    )
    await seed_state(h, state)
    before = await table_status(h)
    ex = await h.slash(command, user=user, **options)
    assert not ex.public
    assert says.lower() in ex.ephemeral_text.lower(), ex.ephemeral_text
    after = await table_status(h)
    assert after.session.version == before.session.version
