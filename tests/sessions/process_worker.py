"""One bot process for the several-processes tests: `python -m tests.sessions.process_worker
MODE URL ...`, its own event loop, store pool and service, on the shared PostgreSQL database.
Each line it prints is one acknowledgement the parent checks against the database.

  moves URL SEED COUNT CHANNEL...   random legal moves in these games (acks: "move <id> <ply>
                                    <notation>", refusals: "refused <code>")
  humans-then-hang URL CHANNEL...   each game's awaited human moves (bots not run: their reply is
                                    due), "hanging", then sleep until killed
  resume URL                        what a timer round does for bots: `resume_bots` ("bot <id>")
  remind URL GO_FILE HOURS          waits for GO_FILE, then one reminder pass ("remind <id>")
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from datetime import timedelta
from pathlib import Path

from bot.games import get_engine
from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.storage.postgres import PostgresStore


def say(line: str) -> None:
    print(line, flush=True)


async def moves(service: GameService, seed: int, count: int, channels: list[int]) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        channel = rng.choice(channels)
        status = await service.status(channel)
        if isinstance(status, Rejection) or not status.to_act:
            continue
        seat = status.session.seats[min(status.to_act)]
        if seat.user_id is None:
            continue
        legal = service.legal_notations(status.session, status.state, seat.user_id)
        result = await service.submit(channel, seat.user_id, rng.choice(legal), bots=False)
        if isinstance(result, Rejection):
            say(f"refused {result.code.name}")
            continue
        for move in result.moves:
            say(f"move {result.session.id} {move.ply} {move.notation}")


async def humans_then_hang(service: GameService, channels: list[int]) -> None:
    for channel in channels:
        status = await service.status(channel)
        assert not isinstance(status, Rejection), status
        for seat in status.session.seats:
            if seat.user_id is None or seat.seat not in status.to_act:
                continue
            legal = service.legal_notations(status.session, status.state, seat.user_id)
            result = await service.submit(channel, seat.user_id, legal[0], bots=False)
            assert not isinstance(result, Rejection), result
            for move in result.moves:
                say(f"move {result.session.id} {move.ply} {move.notation}")
    say("hanging")
    await asyncio.sleep(600)


async def remind(service: GameService, go: Path, hours: float) -> None:
    while not go.exists():
        await asyncio.sleep(0.01)
    every = timedelta(hours=hours)
    async for page in service.due_reminder_pages(every):
        for due in await service.claim_reminders(page, every):
            say(f"remind {due.session.id}")


async def main(argv: list[str]) -> None:
    mode, url, *rest = argv
    store = await PostgresStore.open(url, min_size=1, max_size=2)
    service = GameService(store, engines=get_engine, seed_source=lambda: time.time_ns())
    try:
        if mode == "moves":
            await moves(service, int(rest[0]), int(rest[1]), [int(c) for c in rest[2:]])
        elif mode == "humans-then-hang":
            await humans_then_hang(service, [int(c) for c in rest])
        elif mode == "resume":
            for result in await service.resume_bots():
                say(f"bot {result.session.id}")
        elif mode == "remind":
            await remind(service, Path(rest[0]), float(rest[1]))
        else:
            raise SystemExit(f"unknown mode {mode}")
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
