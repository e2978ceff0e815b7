"""One table, two languages: an English member and a German member playing Cathedral on a server
whose Discord is German, through the real command tree and the strict fake Discord.

Each private reply (acknowledgements, refusals, settings, direct messages) is in its reader's
Discord language; the public posts are in the server's, until a moderator sets
`/game settings language:en`. The README's "Languages" section shows this transcript; run as a
script to write /tmp/transcript-languages.txt::

    python -m tests.cogs.languages_transcript
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from tests.cogs.harness import ALICE, BOB, Harness, User
from tests.cogs.transcript import Transcript

__all__ = ["ALICE_EN", "BOB_DE", "MIA_EN", "languages_transcript"]

ALICE_EN = User(ALICE.id, ALICE.name, locale="en-US")
"""Alice, whose Discord is in English."""
BOB_DE = User(BOB.id, BOB.name, locale="de")
"""Bob, whose Discord is in German."""
MIA_EN = User(100_000_000_000_000_005, "mia", moderator=True, locale="en-GB")
"""A moderator (Manage Server) whose Discord is in British English."""


async def languages_transcript(h: Harness, t: Transcript | None = None) -> str:
    """Bob asks for turn DMs; Alice opens Cathedral, Bob joins, Alice starts and moves (the
    post in German, Alice's acknowledgement in English, Bob's DM in German); Bob tries to pause
    (refused in German) and moves; a moderator switches the public posts to English; Alice
    moves again (the post in English, Bob's DM still in German)."""
    t = t or Transcript(h)
    h.guild_locale = "de"
    await t.slash("game notify", BOB_DE, setting="on")
    await t.slash("game new", ALICE_EN, game="cathedral")
    await t.slash("game join", BOB_DE)
    await t.slash("game start", ALICE_EN)
    await t.slash("cathedral move", ALICE_EN, notation=(await t.legal(ALICE_EN))[0])
    await t.slash("game pause", BOB_DE)
    await t.slash("cathedral move", BOB_DE, notation=(await t.legal(BOB_DE))[0])
    await t.slash("game settings", MIA_EN, language="en")
    await t.slash("cathedral move", ALICE_EN, notation=(await t.legal(ALICE_EN))[0])
    return t.text


async def _main() -> None:
    from bot.app import GameBot
    from bot.sessions.service import GameService
    from bot.settings import Settings
    from bot.storage.sqlite import SqliteStore
    from tests.cogs.harness import no_network

    with tempfile.TemporaryDirectory() as tmp, no_network():
        db = Path(tmp) / "t.db"
        store = await SqliteStore.open(db)
        service = GameService(store, seed_source=lambda: 7)
        bot = GameBot(Settings(database_path=db), store=store, service=service)
        h = await Harness.start(bot)
        try:
            text = await languages_transcript(h)
        finally:
            await h.close()
            await store.close()
    Path("/tmp/transcript-languages.txt").write_text(text)
    print(f"wrote /tmp/transcript-languages.txt ({len(text.splitlines())} lines)")


if __name__ == "__main__":
    asyncio.run(_main())
