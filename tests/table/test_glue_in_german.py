"""What engines and sessions word (`Text`s, stored English templates, `N_` constants) said in the
reader's language wherever the shared table shows it: end reasons, refusals, settings, bot seat
names, rules pages. Each test would show English without its fix; English output is unchanged
(the other table tests)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.i18n import speaking
from bot.sessions.service import GameService
from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB, CHANNEL, CY
from .helpers import public

pytestmark = pytest.mark.asyncio

ANNA = replace(ALICE, locale="de", guild_locale="de")
BERND = replace(BOB, locale="de", guild_locale="de")
MODERATORIN = replace(CY, locale="de", guild_locale="de", moderator=True)


def shown(replies: list[Reply]) -> str:
    out: list[str] = []
    for reply in replies:
        out += [reply.text or "", reply.title or ""]
        out += [f"{name}: {value}" for name, value in reply.fields]
    return "\n".join(out)


async def _started(table: Table) -> None:
    await table.new(ANNA, "race")
    await table.join(BERND)
    await table.start(ANNA)


# ------------------------------------------------------------------ stored end reasons


async def test_an_abandon_post_says_the_stored_reason_in_german(table: Table) -> None:
    await _started(table)
    [post] = await table.abandon(ANNA)
    assert post.text == "Abgebrochen vom Gastgeber, Alice."


async def test_an_abandoned_games_status_and_a_late_move_say_why_in_german(
    table: Table, service: GameService
) -> None:
    await _started(table)
    await table.abandon(ANNA)
    ended = await service.latest(CHANNEL)
    assert ended is not None and ended.end_reason == "Abandoned by the host, Alice."  # stored
    status = shown(public(await table.status(ANNA)))
    assert "Abgebrochen vom Gastgeber, Alice." in status
    assert "Abandoned by the host" not in status
    with speaking("de"):
        [late] = await table.move(BERND, "roll")
    assert "Abgebrochen vom Gastgeber, Alice." in late.text, late.text
    assert "Abandoned" not in late.text


async def test_a_moderators_end_is_stored_in_english_and_said_in_german(
    table: Table, service: GameService
) -> None:
    await _started(table)
    [post] = await table.abandon(MODERATORIN)
    assert post.text == "Beendet von der Moderation, Cy."
    ended = await service.latest(CHANNEL)
    assert ended is not None and ended.end_reason == "Ended by a moderator, Cy."
    english = replace(ALICE, locale="en", guild_locale="en")
    assert "Ended by a moderator, Cy." in shown(public(await table.status(english)))
