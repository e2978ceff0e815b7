"""Helpers shared by the game cogs: finding the game of a channel, ranking autocomplete choices,
and running a table call with the standard defer/deliver/error shape."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from bot.games.protocol import Seat
from bot.games.rejections import Rejection
from bot.table.format import plain_text
from bot.table.replies import Reply
from bot.table.textcommands import natural_sorted
from cogs._replies import caller_of, defer, deliver, hear

if TYPE_CHECKING:
    from bot.app import GameBot
    from bot.sessions.models import SessionRecord

log = logging.getLogger(__name__)

AUTOCOMPLETE_MAX = 25  # Discord shows at most 25 choices
CHOICE_NAME_LIMIT = 100  # and each choice name at most 100 characters

T = TypeVar("T", str, int, float)


def bot_of(interaction: discord.Interaction) -> GameBot:
    """The GameBot handling `interaction`."""
    return interaction.client  # type: ignore[return-value]


def as_replies(result: Reply | Sequence[Reply] | None) -> list[Reply]:
    """Normalise a table result (one reply, several, or none) to a list."""
    if result is None:
        return []
    if isinstance(result, Reply):
        return [result]
    return list(result)


async def run(
    interaction: discord.Interaction,
    call: Callable[[], Awaitable[Reply | Sequence[Reply] | None]],
) -> list[Reply]:
    """Defer, await the table call, deliver its replies; returns them (for callers and tests).
    Everything is said in the member's language unless the table says it publicly (`hear`: the
    command tree's check did it already; again here for a tree without `cogs.language`)."""
    await hear(interaction)
    await defer(interaction)
    replies = as_replies(await call())
    await deliver(interaction, replies)
    return replies


@dataclass(frozen=True, slots=True)
class SeatContext:
    """The game open in the interaction's channel, as seen by the interacting user."""

    session: SessionRecord
    state: Any
    seat: Seat | None
    engine: Any


async def game_here(
    interaction: discord.Interaction, game_key: str | None = None
) -> SeatContext | None:
    """The open game in this channel/thread (of `game_key`, if given), or None.

    Used by autocomplete, which must answer fast and never raise: any problem means "no choices".
    """
    bot = bot_of(interaction)
    try:
        status = await bot.service.status(interaction.channel_id or 0)
    except Exception:  # autocomplete must never fail loudly; the command itself will explain
        log.exception("status lookup failed during autocomplete")
        return None
    if isinstance(status, Rejection) or status.state is None:
        return None
    session = status.session
    if game_key is not None and session.game_key != game_key:
        return None
    seat = bot.service.seat_of(session, interaction.user.id)
    return SeatContext(session, status.state, seat, bot.service.engine_for(session))


def rank(values: Iterable[T], typed: str, *, key: Callable[[T], str] = str) -> list[T]:
    """Filter by what was typed and order: prefix matches, then word-prefix, then substring
    matches, each group in the given order; at most 25 (case-insensitive, spaces ignored)."""
    needle = "".join(typed.lower().split())
    prefix: list[T] = []
    word: list[T] = []
    inside: list[T] = []
    for value in values:
        text = key(value).lower()
        compact = "".join(text.split())
        if compact.startswith(needle):
            prefix.append(value)
        elif any(w.startswith(needle) for w in text.split()):
            word.append(value)
        elif needle in compact:
            inside.append(value)
    return (prefix + word + inside)[:AUTOCOMPLETE_MAX]


def choice(name: str, value: T) -> app_commands.Choice[T]:
    """An autocomplete choice with its name clipped to Discord's 100 characters (plain text:
    Discord shows no markdown there, so escapes in stored names are undone)."""
    name = plain_text(name)
    label = name if len(name) <= CHOICE_NAME_LIMIT else name[: CHOICE_NAME_LIMIT - 1] + "…"
    return app_commands.Choice(name=label, value=value)


def notation_choices(notations: Iterable[str], typed: str) -> list[app_commands.Choice[str]]:
    """Autocomplete choices over legal notations, filtered and ranked by `typed`."""
    ordered = natural_sorted(notations)  # squares as people count them: A2 before A10
    return [choice(n, n) for n in rank(ordered, typed) if len(n) <= CHOICE_NAME_LIMIT]


async def legal_notations(
    interaction: discord.Interaction, game_key: str | None = None
) -> tuple[str, ...]:
    """The interacting user's legal notations in this channel's game (empty if none or seatless)."""
    ctx = await game_here(interaction, game_key)
    if ctx is None or ctx.seat is None:
        return ()
    bot = bot_of(interaction)
    return tuple(bot.service.legal_notations(ctx.session, ctx.state, interaction.user.id))


async def legal_notation_choices(
    interaction: discord.Interaction, typed: str, game_key: str | None = None
) -> list[app_commands.Choice[str]]:
    """The interacting user's legal moves in this channel's game, filtered by `typed`."""
    return notation_choices(await legal_notations(interaction, game_key), typed)


async def play_move(interaction: discord.Interaction, notation: str) -> list[Reply]:
    """Play `notation` as the interacting user at this channel's table (the shared move path)."""
    table = bot_of(interaction).table
    return await run(interaction, lambda: table.move(caller_of(interaction), notation))


__all__ = [
    "AUTOCOMPLETE_MAX",
    "SeatContext",
    "as_replies",
    "bot_of",
    "caller_of",
    "choice",
    "game_here",
    "legal_notation_choices",
    "legal_notations",
    "notation_choices",
    "play_move",
    "rank",
    "run",
]
