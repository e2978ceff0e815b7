"""The bot's own permissions, checked before it creates or posts anything, and the sentences
naming what is missing and where a server admin grants it. Also `Forbidden` answers turned into
the same kind of sentence, and markdown escaping of names."""

from __future__ import annotations

import discord

__all__ = [
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
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "create_public_threads": "Create Public Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
    "manage_threads": "Manage Threads",
}

WHERE_TO_GRANT = (
    "A server admin can grant it to my role in Server Settings → Roles, or in this channel's "
    "settings → Permissions."
)


def permission_name(flag: str) -> str:
    """'create_public_threads' -> 'Create Public Threads' (as Discord's settings show it)."""
    return _NAMES.get(flag, flag.replace("_", " ").title())


def missing(permissions: discord.Permissions, needs: tuple[str, ...]) -> list[str]:
    """The flags of `needs` that `permissions` lacks."""
    return [flag for flag in needs if not getattr(permissions, flag, False)]


def missing_sentence(flags: list[str], where: str, doing: str) -> str:
    """ "I can't open a table here: I am missing the Create Public Threads permission in #games.
    A server admin can grant it …"."""
    names = [f"**{permission_name(f)}**" for f in flags]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    noun = "permission" if len(names) == 1 else "permissions"
    return f"I can't {doing}: I am missing the {listed} {noun} in {where}. {WHERE_TO_GRANT}"


def forbidden_sentence(error: discord.Forbidden, where: str = "this channel") -> str:
    """A `Forbidden` answer from Discord, in words (it carries no sentence of its own)."""
    code = getattr(error, "code", 0)
    if code == 50007:
        return "Discord would not let me send that person a direct message."
    if code == 50001:
        return (
            f"I cannot see {where}: I need the **View Channel** permission there. {WHERE_TO_GRANT}"
        )
    return (
        f"Discord refused me in {where}: I am missing a permission there (I need View Channel, "
        "Send Messages, Send Messages in Threads, Create Public Threads, Embed Links and Attach "
        f"Files). {WHERE_TO_GRANT} Anything already played was saved; `/game status` shows it."
    )
