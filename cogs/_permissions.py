"""The bot's own permissions, checked before it creates or posts anything, and the sentences
naming what is missing and where a server admin grants it. Also `Forbidden` answers turned into
the same kind of sentence, and markdown escaping of names."""

from __future__ import annotations

import discord

from bot.i18n import N_, tr, tr_n
from bot.table.format import join_names

__all__ = [
    "OPEN_THREAD",
    "POST_IN_THREAD",
    "RUN_HERE",
    "CHANNEL_NEEDS",
    "INVITE_NEEDS",
    "IN_THREAD_NEEDS",
    "THREAD_NEEDS",
    "forbidden_sentence",
    "missing",
    "missing_sentence",
    "invite_permissions",
    "permission_name",
]

CHANNEL_NEEDS: tuple[str, ...] = ("view_channel", "send_messages", "embed_links", "attach_files")
"""What the bot needs in a channel where a table plays (boards are images in embeds)."""

IN_THREAD_NEEDS: tuple[str, ...] = (
    "view_channel",
    "send_messages_in_threads",
    "embed_links",
    "attach_files",
)
"""What the bot needs to run a table in an existing thread: in a thread Discord asks for Send
Messages in Threads, not Send Messages (both are granted on the thread's channel)."""

THREAD_NEEDS: tuple[str, ...] = (
    "view_channel",
    "create_public_threads",
    "send_messages_in_threads",
    "embed_links",
    "attach_files",
)
"""What the bot needs in a channel to open a table in a new thread of it."""

INVITE_NEEDS: tuple[str, ...] = tuple(dict.fromkeys(CHANNEL_NEEDS + IN_THREAD_NEEDS + THREAD_NEEDS))
"""Every permission the bot checks for, and all it needs (unarchiving a game's thread needs only
Send Messages in Threads): what README asks server owners for and the invite URL grants."""


def invite_permissions() -> discord.Permissions:
    """`INVITE_NEEDS` as Discord's permission integer (`.value`) for the invite URL."""
    return discord.Permissions(**dict.fromkeys(INVITE_NEEDS, True))


_NAMES = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "create_public_threads": N_("Create Public Threads"),
    "embed_links": N_("Embed Links"),
    "attach_files": N_("Attach Files"),
    "read_message_history": N_("Read Message History"),
    "manage_threads": N_("Manage Threads"),
}
"""Permission names as Discord's settings show them (said with `tr`: Discord shows them in the
member's language too)."""

WHERE_TO_GRANT = N_(
    "A server admin can grant it to my role in Server Settings → Roles, or in this channel's "
    "settings → Permissions."
)

RUN_HERE = "run"
OPEN_THREAD = "thread"
POST_IN_THREAD = "post"
"""What the bot was about to do, for `missing_sentence`."""


def permission_name(flag: str) -> str:
    """'create_public_threads' -> 'Create Public Threads' (as Discord's settings show it, in
    the current language)."""
    known = _NAMES.get(flag)
    return tr(known) if known is not None else flag.replace("_", " ").title()


def missing(permissions: discord.Permissions, needs: tuple[str, ...]) -> list[str]:
    """The flags of `needs` that `permissions` lacks."""
    return [flag for flag in needs if not getattr(permissions, flag, False)]


def missing_sentence(flags: list[str], where: str, doing: str) -> str:
    """ "I can't open a table here: I am missing the Create Public Threads permission in #games.
    A server admin can grant it …". `doing`: `RUN_HERE`, `OPEN_THREAD` or `POST_IN_THREAD`."""
    names = [f"**{permission_name(f)}**" for f in flags]
    listed = join_names(names)
    n = len(names)
    if doing == RUN_HERE:
        head = tr_n(
            "I can't run a table here: I am missing the {permissions} permission in {where}.",
            "I can't run a table here: I am missing the {permissions} permissions in {where}.",
            n,
            permissions=listed,
            where=where,
        )
    elif doing == OPEN_THREAD:
        head = tr_n(
            "I can't open a table in a new thread: I am missing the {permissions} permission "
            "in {where}.",
            "I can't open a table in a new thread: I am missing the {permissions} permissions "
            "in {where}.",
            n,
            permissions=listed,
            where=where,
        )
    else:
        head = tr_n(
            "I can't post in the new table's thread: I am missing the {permissions} permission "
            "in {where}.",
            "I can't post in the new table's thread: I am missing the {permissions} permissions "
            "in {where}.",
            n,
            permissions=listed,
            where=where,
        )
    return f"{head} {tr(WHERE_TO_GRANT)}"


def forbidden_sentence(error: discord.Forbidden, where: str | None = None) -> str:
    """A `Forbidden` answer from Discord, in words (it carries no sentence of its own)."""
    where = where or tr("this channel")
    code = getattr(error, "code", 0)
    if code == 50007:
        return tr("Discord would not let me send that person a direct message.")
    if code == 50001:
        return tr(
            "I cannot see {where}: I need the **View Channel** permission there. {grant}",
            where=where,
            grant=tr(WHERE_TO_GRANT),
        )
    return tr(
        "Discord refused me in {where}: I am missing a permission there (I need View Channel, "
        "Send Messages, Send Messages in Threads, Create Public Threads, Embed Links and Attach "
        "Files). {grant} Anything already played was saved; `/game status` shows it.",
        where=where,
        grant=tr(WHERE_TO_GRANT),
    )
