"""The README's ratings transcript, played through the real harness: a Cathedral game to its
end (only its last move shown), the rating changes in the result post and on the score sheet,
`/ratings leaderboard` and `/ratings profile` with the rating chart.

    python -m tests.cogs.ratings_transcript     # writes /tmp/transcript-ratings.txt and the chart
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from bot.games.rejections import Rejection
from tests.cogs.harness import ALICE, BOB, C1, Harness
from tests.cogs.transcript import Transcript, render

__all__ = ["ratings_transcript"]


async def _play_to_the_last_move(t: Transcript) -> None:
    """Alice and Bob play Cathedral (each the middle one of their legal moves), unseen, until
    one move is left before the end; then that move is shown."""
    h = t.h
    players = {ALICE.id: ALICE, BOB.id: BOB}
    for _ in range(200):
        status = await h.bot.service.status(C1.id)
        if isinstance(status, Rejection) or status.outcome is not None:
            return
        seat = min(status.to_act)
        user = players[status.session.seats[seat].user_id or 0]
        moves = await t.legal(user)
        ex = await h.slash("cathedral move", user=user, channel=C1, notation=moves[len(moves) // 2])
        if ex.public and any(
            "game over" in (e.get("title") or "") for s in ex.public for e in s.embeds
        ):
            t.parts.append(render(ex, f"{user.name.title()}: /cathedral move (the last move)"))
            t.last = ex
            return
    raise AssertionError("the game did not end")


async def ratings_transcript(h: Harness) -> tuple[str, bytes]:
    """The transcript and the profile's chart (PNG)."""
    t = Transcript(h)
    await t.slash("game new", ALICE, game="cathedral")
    await t.slash("game join", BOB)
    await t.slash("game start", ALICE)
    t.parts.append(">>> … Alice and Bob play on …\n")
    await _play_to_the_last_move(t)
    await t.slash("ratings leaderboard", BOB, game="cathedral")
    profile = await h.slash("ratings profile", user=ALICE, channel=C1, member=BOB)
    t.parts.append(render(profile, "Alice: /ratings profile member:@Bob"))
    [(_, chart)] = [f for f in profile.files if f[0] == "rating-history.png"]
    return t.text, chart


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
            text, chart = await ratings_transcript(h)
        finally:
            await h.close()
            await store.close()
    Path("/tmp/transcript-ratings.txt").write_text(text)
    Path("/tmp/rating-history.png").write_bytes(chart)
    lines = len(text.splitlines())
    print(f"wrote /tmp/transcript-ratings.txt ({lines} lines) and /tmp/rating-history.png")


if __name__ == "__main__":
    asyncio.run(_main())
