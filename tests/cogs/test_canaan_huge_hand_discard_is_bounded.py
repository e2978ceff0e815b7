"""A Canaan player holding 110 cards who must discard 55 has 167,751 ways to do it: the post, their
`/game status` and the discard autocomplete count them instead of listing them (bounded work,
a bounded set offered), and a discard typed in full is still read and checked."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.canaan import legal as L
from bot.games.canaan import rules as R
from bot.games.rejections import Rejection
from tests.cogs.harness import ALICE, BOB, C1, CAROL, Harness
from tests.cogs.seeding import seed_state
from tests.games.canaan.positions import hand, play, position, rigged

LISTED_MAX = 5_000
"""The most hands the whole exchange may list (a menu, an autocomplete: a few hundred)."""


def _about_to_roll_a_seven() -> Any:
    big = hand(lumber=22, grain=22, stone=22, ore=22, wool=22)
    return rigged(position(3, hands={0: big, 1: hand(wool=1)}, rolled=False), 7)


def _seven_with_a_huge_hand() -> Any:
    s = play(_about_to_roll_a_seven(), 0, "roll")
    assert {(p.seat, p.count) for p in s.pending} == {(0, 55)}
    assert R.count_sub_hands(s.players[0].hand, 55) == 167_751
    return s


@pytest.fixture
def listed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many hands `sub_hands` has produced (a one-item list, reset by the test). Patched in
    `legal`, where the discards, takes and gives are listed."""
    seen = [0]
    real = R.sub_hands

    def counting(limit: Any, size: int) -> Iterator[Any]:
        for h in real(limit, size):
            seen[0] += 1
            yield h

    monkeypatch.setattr(L, "sub_hands", counting)
    return seen


@pytest.mark.asyncio
async def test_post_status_and_autocomplete_stay_bounded(h: Harness, listed: list[int]) -> None:
    await h.slash("game new", game="canaan", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game join", user=CAROL)
    await h.slash("game start", user=ALICE)
    await seed_state(h, _about_to_roll_a_seven())
    h.bot.service._cache.drop((await h.bot.service.list_open())[0].id)

    listed[0] = 0
    post = await h.slash("canaan roll", user=ALICE)  # the post that awaits the discard
    assert post.public and listed[0] <= LISTED_MAX

    listed[0] = 0
    status = await h.slash("game status", user=ALICE)
    assert status.messages and listed[0] <= LISTED_MAX

    listed[0] = 0
    complete = await h.autocomplete("canaan discard", focused="cards", user=ALICE)
    assert 0 < len(complete.choices) <= 25 and listed[0] <= LISTED_MAX

    listed[0] = 0
    wrong = await h.slash("canaan discard", cards="30 ore+25 wool", user=ALICE)
    assert "discard only cards you hold" in wrong.ephemeral_text and listed[0] <= LISTED_MAX
    short = await h.slash("canaan discard", cards="20 ore", user=ALICE)
    assert "Discard exactly 55 cards, not 20." in short.ephemeral_text
    typed = "11 lumber+11 grain+11 stone+11 ore+11 wool"
    done = await h.slash("canaan discard", cards=typed, user=ALICE)
    assert done.public and listed[0] <= LISTED_MAX
    after = await h.bot.service.status(C1.id)
    assert not isinstance(after, Rejection) and after.state.players[0].cards == 55


def test_the_bounded_set_is_legal_and_starts_from_an_even_split() -> None:
    s = _seven_with_a_huge_hand()
    some = R.some_legal_actions(s, 0, 100)
    assert len(some) == 100
    assert all(R.check(s, 0, a) is None for a in some)
    assert R.A.Discard((11, 11, 11, 11, 11)) in some
    assert R.more_legal_actions_than(s, 0, 167_750)
    assert not R.more_legal_actions_than(s, 0, 167_751)
    assert R.some_legal_actions(s, 2, 100) == R.legal_actions(s, 2)  # not discarding: all
