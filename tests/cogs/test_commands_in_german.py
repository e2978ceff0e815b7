"""German members see the slash commands in German: the sync request carries the catalogs'
texts, and a changed catalog is synced again."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import StartBot

pytestmark = pytest.mark.asyncio


async def test_synced_commands_carry_german_descriptions(start_bot: StartBot) -> None:
    """The sync request itself holds the German texts: what the picker shows German members."""
    harness = await start_bot()
    [sync] = [s for s in harness.sent if s.kind == "sync"]
    game = next(c for c in sync.payload["commands"] if c["name"] == "game")
    assert game["description_localizations"]["de"] == "Brettspiele hier."
    assert game["name_localizations"]["de"] == "spiel"  # the picker shows /spiel neu
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"]["de"] == "neu"
    option = next(o for o in new["options"] if o["name"] == "game")
    assert option["name_localizations"]["de"] == "spiel"
    assert option["description_localizations"]["de"] == "Welches Spiel."


async def test_a_changed_catalog_is_synced_again(start_bot: StartBot, monkeypatch) -> None:
    """The remembered command hash covers the translations: a new German text is sent."""
    harness = await start_bot()
    assert not await harness.bot.sync_commands()
    import cogs.language as language

    real = language.translation
    monkeypatch.setattr(
        language,
        "translation",
        lambda code, text, ctx=None: "Neu." if text == "Play Cathedral." else real(code, text, ctx),
    )
    assert await harness.bot.sync_commands() is True
