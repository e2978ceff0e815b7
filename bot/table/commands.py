"""`Table`: every player-facing command as an async method returning `Reply` objects.

    table = Table(service)                       # GameService over SQLite (or memory)
    replies = await table.new(caller, "cathedral", "games=3")
    replies = await table.move(caller, "Castle B3 90")

Every method takes the `Caller` (who typed it, where) and returns a list of replies: public ones
for the channel, `ephemeral` ones for the caller only, and `only_for` ones for one other user's
eyes (private events such as a card drawn). A refused command is always exactly one ephemeral
reply carrying the service's or the engine's sentence, and nothing changes.

Beyond commands: `preview(caller, notation)` shows a move without playing it (with Confirm and
Cancel), and the timers `expire_overdue(now)` / `remind(every, now)` return `ChannelPost`s for the
front end to post in each game's channel.

The class is a facade composed of one part per concern: `lobby` (open, seats, start), `play`
(moves, previews and their announcements), `reading` (status, peek, history, rules, help),
`details` (the on-demand details image), `ending` (abandon), `servers` (settings, list, mine,
notify, moderators, resumed bots, deleted places), `timers` (turn limits, reminders,
retries), `choices` (buttons, menus, autocomplete) and
`dispatch` (typed lines), all on `base.TableBase`. What differs per game comes from its
`GameTable` in `bot.table.registry`.

The table is game-agnostic: engines come from the registry, images from
`rendering.render_png(game_key, view, names=...)` (run in a worker thread so the event loop stays
free; `names` maps each seat to its player's display name), and the board in public replies is
always rendered from the spectator view `engine.view(state, None)`.
"""

from __future__ import annotations

from bot.table.asyncplay import AsyncPlayCommands
from bot.table.base import RenderPng, TableState
from bot.table.choices import rank_choices
from bot.table.dispatch import TextCommands
from bot.table.format import (
    AUTOCOMPLETE_LIMIT,
    COLOUR_DONE,
    COLOUR_INFO,
    COLOUR_MOVE,
    COLOUR_REFUSED,
)
from bot.table.lobby import TURN_HOURS_OPTION
from bot.table.textcommands import Command, CommandError, parse_command_line
from bot.table.timers import TimerCommands

__all__ = [
    "AUTOCOMPLETE_LIMIT",
    "COLOUR_DONE",
    "COLOUR_INFO",
    "COLOUR_MOVE",
    "COLOUR_REFUSED",
    "TURN_HOURS_OPTION",
    "Command",
    "CommandError",
    "RenderPng",
    "Table",
    "TableState",
    "parse_command_line",
    "rank_choices",
]


class Table(TextCommands, TimerCommands, AsyncPlayCommands):
    # TimerCommands brings ServerCommands (settings, discovery, moderation, upkeep);
    # AsyncPlayCommands away, undo, replays (bot.table.asyncplay).
    """The player-facing commands over a `GameService`. See the module docstring."""
