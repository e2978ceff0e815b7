"""Random finished-game results for rating tests: 2-5 sides of members and computer levels,
shared scores (ties), seats that left, two servers and three games."""

from __future__ import annotations

import random

from bot.ratings import GameResult, Side, game_result
from bot.ratings.results import bot_player, member_player, opponent_player

GUILDS = (1, 2)
GAMES = ("kingsburg", "canterbury", "architects")


def random_sides(rng: random.Random) -> list[Side]:
    """2-5 sides: members 1-12, a computer level maybe twice, sometimes the automated opponent;
    scores from a small range (so ties happen), sometimes a side that left."""
    count = rng.randint(2, 5)
    members = rng.sample(range(1, 13), count)
    sides = []
    for i, user in enumerate(members):
        roll = rng.random()
        if roll < 0.15:
            player, name = bot_player(rng.choice(("heuristic", "strong"))), "bot"
        elif roll < 0.2 and i == 0:
            player, name = opponent_player("constantine"), "Constantine"
        else:
            player, name = member_player(user), f"P{user}"
        left = rng.random() < 0.12
        score = None if left else rng.randint(0, 6)
        sides.append(Side(player, name, score, left=left))
    seated = [s for s in sides if not s.left]
    if seated:
        top = max(s.score or 0 for s in seated)
        sides = [
            Side(s.player, s.name, s.score, winner=not s.left and s.score == top, left=s.left)
            for s in sides
        ]
    return sides


def random_results(count: int, seed: int = 7) -> list[GameResult]:
    """`count` rated results (unratable draws are skipped), session ids 1, 2, ..."""
    rng = random.Random(seed)
    out: list[GameResult] = []
    session = 0
    while len(out) < count:
        session += 1
        made = game_result(
            session_id=session,
            guild_id=rng.choice(GUILDS),
            game=rng.choice(GAMES),
            finished_at=f"2026-11-{1 + session % 28:02d}T12:00:00+00:00",
            sides=random_sides(rng),
            lower_is_better=False,
        )
        if isinstance(made, GameResult):
            out.append(made)
    return out
