"""`/game list` names players and links games: a game in a channel the member cannot view
(a moderators' channel) is not listed to them."""

from __future__ import annotations

import discord
import pytest

from tests.cogs.harness import ALICE, BOB, C1, C2, GUILD_ID, Harness

pytestmark = pytest.mark.asyncio


def _cache_guild(h: Harness) -> None:
    """The guild as the gateway would cache it: #games open to everyone, #other-games hidden
    from @everyone (View Channel denied)."""
    view = discord.Permissions(view_channel=True).value
    everyone = discord.Permissions.text().value | view
    h.bot._connection._add_guild_from_data(
        {
            "id": str(GUILD_ID),
            "name": "guild",
            "owner_id": "1",
            "member_count": 3,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [{"id": str(GUILD_ID), "name": "@everyone", "permissions": str(everyone),
                       "position": 0, "color": 0, "hoist": False, "managed": False,
                       "mentionable": False}],
            "channels": [
                {"id": str(C1.id), "type": 0, "name": C1.name, "position": 0,
                 "permission_overwrites": []},
                {"id": str(C2.id), "type": 0, "name": C2.name, "position": 1,
                 "permission_overwrites": [
                     {"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(view)}
                 ]},
            ],
        }
    )  # fmt: skip


async def test_games_in_channels_the_member_cannot_view_are_not_listed(h: Harness) -> None:
    await h.slash("game new", game="cathedral", user=ALICE, channel=C1)
    await h.slash("game new", game="kingsburg", user=BOB, channel=C2)
    _cache_guild(h)
    listed = await h.slash("game list", user=ALICE)
    assert "Cathedral" in listed.ephemeral_text
    assert "Kingsburg" not in listed.ephemeral_text and str(C2.id) not in listed.ephemeral_text
