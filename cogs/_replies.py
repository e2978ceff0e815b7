"""Turn front-end-neutral `Reply` objects into Discord messages. The only place that does so.

Delivery rules (one interaction, several replies):

* The handler first defers: slash commands with an *ephemeral* "thinking" defer, component clicks
  with a silent update defer. Rendering a board can take longer than Discord's 3-second limit.
* Discord turns the first follow-up after an ephemeral defer into that ephemeral message, so the
  caller's private replies go first (or, if there are none, a one-line acknowledgement), and only
  then the public replies, each as its own follow-up that everyone sees.
* `Reply.only_for` another user: that user's secret must not reach the caller or the channel. It
  goes to them as a direct message (text and image); if Discord refuses the DM (they closed DMs
  from server members: Forbidden), the channel gets a nudge without the secret telling them to
  look with `/game status` (answered ephemerally to them).
* A game's turn post (`Reply.post`, see `bot.table.turnposts`) edits the turn's message in place
  (text, board and controls; an edit notifies nobody) or is posted anew, its id then handed to
  `Table.turn_posted` and the previous turn post's controls removed. The caller's own line is
  then a short private one, never an echo of the post.
* Pings: the mentions go in the message content (embeds never ping) and `allowed_mentions`
  names exactly those users, so nobody else (no @everyone, no roles) is ever notified.
* Languages: `hear` starts every interaction speaking the member's own Discord language (what
  the caller alone reads); the table says its public replies in the server's language and a
  reply for another member in theirs. What this module adds itself follows the same rule: the
  caller's acknowledgement in theirs, a nudge in the channel in the server's, a direct message's
  first line in the recipient's.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import replace

import discord

from bot.i18n import N_, language_for_locale, speak_from_here, speaking, tr
from bot.table.format import plain_text, printable
from bot.table.replies import Caller, Reply
from cogs._actions import add_actions
from cogs._views import build_view

log = logging.getLogger(__name__)

__all__ = [
    "ACK",
    "caller_of",
    "defer",
    "deliver",
    "deliver_in",
    "hear",
    "message_kwargs",
    "nudge",
    "send_direct",
    "split_text",
]

ACK = N_("Done.")
"""What the caller privately sees when every reply was public (the deferred message needs text)."""

# Discord limits (API docs: message content 2000, embed description 4096, field name 256,
# field value 1024, 25 fields, title 256, all text of one embed together 6000; files per
# message 10).
CONTENT_LIMIT = 2000
DESCRIPTION_LIMIT = 4096
TITLE_LIMIT = 256
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FIELDS_MAX = 25
EMBED_TOTAL_LIMIT = 6000
DEFAULT_COLOUR = 0x8B5A2B  # the guildhall's timber brown


def caller_of(interaction: discord.Interaction) -> Caller:
    """Who typed the command, and where (inside a thread: the thread's id)."""
    user = interaction.user
    perms = interaction.permissions
    return Caller(
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id or 0,
        user_id=user.id,
        # Names go into markdown posts: escaped once here, so `**`, `||` or links show as typed,
        # and without invisible characters (an RTL override would turn the post around).
        display_name=discord.utils.escape_mentions(
            discord.utils.escape_markdown(printable(user.display_name).strip() or tr("someone"))
        ),
        moderator=bool(perms.manage_threads or perms.manage_guild),
        manager=bool(perms.manage_guild),
        parent_id=getattr(interaction.channel, "parent_id", None),
        locale=_locale_value(interaction.locale),
        guild_locale=_locale_value(interaction.guild_locale),
    )


def _locale_value(locale: discord.Locale | None) -> str | None:
    """A Discord locale as its plain value (`de`, `en-GB`), or None."""
    return None if locale is None else str(getattr(locale, "value", locale))


def _table(client: discord.Client) -> object | None:
    """The bot's `Table`, or None (a client without one, or one not set up yet)."""
    try:
        return getattr(client, "table", None)
    except RuntimeError:
        return None


async def hear(interaction: discord.Interaction) -> Caller:
    """The start of every interaction (slash command, autocomplete, click, pick, modal): from
    here to the end of its task everything is said in the member's own Discord language
    (private replies; the table switches to the server's for public ones), and the table
    remembers the member's and the server's locale for what it later says to them without an
    interaction (direct messages, timers' posts)."""
    caller = caller_of(interaction)
    speak_from_here(language_for_locale(caller.locale).code)
    table = _table(interaction.client)
    heard = getattr(table, "heard", None)
    if heard is not None:
        try:
            await heard(caller)
        except Exception:  # remembering a language must never cost a reply
            log.exception("remembering the locales of interaction %s failed", interaction.id)
    return caller


async def _public_language(interaction: discord.Interaction) -> str:
    """The language of what this module posts in the interaction's channel (a nudge)."""
    table = _table(interaction.client)
    public_language = getattr(table, "public_language", None)
    if public_language is None:
        return language_for_locale(_locale_value(interaction.guild_locale)).code
    return str(await public_language(interaction.guild_id, _locale_value(interaction.guild_locale)))


async def defer(interaction: discord.Interaction) -> None:
    """Acknowledge within 3 seconds; slash commands think privately, clicks update silently."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def split_text(text: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """Split long text into chunks of at most `limit` characters, at paragraph or line breaks
    when possible (rules summaries are longer than one message)."""
    chunks: list[str] = []
    rest = text.strip()
    while len(rest) > limit:
        cut = rest.rfind("\n\n", 0, limit)
        if cut <= 0:
            cut = rest.rfind("\n", 0, limit)
        if cut <= 0:
            cut = rest.rfind(" ", 0, limit)
        if cut <= 0:
            cut = limit
        chunks.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest or not chunks:
        chunks.append(rest)
    return chunks


def _embeds(reply: Reply) -> list[discord.Embed]:
    """The embed(s) for a titled reply: long text continues in further embeds; the fields go
    after the text (more embeds when they pass 25 or 6000 characters) and the image on the
    first."""
    colour = reply.colour if reply.colour is not None else DEFAULT_COLOUR
    bodies = split_text(reply.text, DESCRIPTION_LIMIT) if reply.text else [""]
    embeds: list[discord.Embed] = []
    for i, body in enumerate(bodies):
        title = _clip(reply.title, TITLE_LIMIT) if reply.title and i == 0 else None
        embeds.append(discord.Embed(title=title, description=body or None, colour=colour))
    for name, value in reply.fields:
        name = _clip(name or "\u200b", FIELD_NAME_LIMIT)
        clipped = _clip(value or "\u200b", FIELD_VALUE_LIMIT)
        target = embeds[-1]
        # Discord refuses an embed with more than 25 fields or more than 6000 characters of text
        # in all; the fields that do not fit continue in a further embed (its own message).
        if (
            len(target.fields) >= FIELDS_MAX
            or len(target) + len(name) + len(clipped) > EMBED_TOTAL_LIMIT
        ):
            target = discord.Embed(colour=colour)
            embeds.append(target)
        target.add_field(name=name, value=clipped, inline=len(value) <= 40)
    if reply.image is not None:
        embeds[0].set_image(url=f"attachment://{reply.image.filename}")
    return embeds


def _mention_line(user_ids: Sequence[int]) -> str:
    return " ".join(f"<@{uid}>" for uid in dict.fromkeys(user_ids))


def message_kwargs(reply: Reply) -> list[dict[str, object]]:
    """Keyword arguments for `send` calls showing `reply`: one dict per message (long plain text is
    split). The image, buttons and pings ride on the first message."""
    mentions = _mention_line(reply.mentions)
    allowed = discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(u) for u in reply.mentions],
    )
    wants_embed = bool(reply.title or reply.fields or reply.colour is not None)
    messages: list[dict[str, object]] = []
    if wants_embed:
        messages = [{"embed": embed} for embed in _embeds(reply)]
        if mentions:
            messages[0]["content"] = mentions
    else:
        text = f"{mentions}\n{reply.text}" if mentions and reply.text else (mentions or reply.text)
        messages = [{"content": chunk} for chunk in split_text(text or "\u200b")]
    first = messages[0]
    first["allowed_mentions"] = allowed
    if reply.image is not None:
        first["file"] = discord.File(
            io.BytesIO(reply.image.png),
            filename=reply.image.filename,
            description=plain_text(reply.image.description) or None,  # alt text: no markdown
        )
    view = build_view(reply.buttons, cancel=reply.cancel, menu=reply.menu, menus=reply.menus)
    if reply.actions:
        view = add_actions(view, reply.actions)
    if view is not None:
        # Buttons go on the last message so they sit under the text they answer.
        messages[-1]["view"] = view
    return messages


async def deliver(
    interaction: discord.Interaction, replies: Iterable[Reply], *, ack: str = ACK
) -> None:
    """Send `replies` for `interaction`, following the module's delivery rules; `ack` is the
    caller's private line when no reply is private."""
    replies = list(replies)
    caller = interaction.user.id
    private: list[Reply] = []
    public: list[Reply] = []
    others: list[Reply] = []
    for reply in replies:
        if reply.only_for is not None and reply.only_for != caller:
            others.append(reply)
        elif reply.ephemeral or reply.only_for == caller:
            private.append(reply)
        else:
            public.append(reply)
    await defer(interaction)
    for reply in others:
        assert reply.only_for is not None
        guild = interaction.guild_id
        if await send_direct(interaction.client, reply, interaction.channel_id, guild):
            continue
        if reply.notice:
            await notice_refused(interaction.client, reply.only_for)
        else:
            with speaking(await _public_language(interaction)):
                public.append(nudge(reply.only_for))
    is_click = interaction.type is discord.InteractionType.component
    if not private and not is_click:
        private.append(Reply(text=_ack_text(ack, public)))
    for reply in private:
        for kwargs in message_kwargs(reply):
            await interaction.followup.send(ephemeral=True, **kwargs)  # type: ignore[arg-type]

    async def followup(**kwargs: object) -> discord.abc.Snowflake:
        return await interaction.followup.send(ephemeral=False, wait=True, **kwargs)  # type: ignore[arg-type]

    for reply in public:
        await show_public(interaction.client, reply, followup)


def _ack_text(ack: str, public: Sequence[Reply]) -> str:
    """The caller's short private line (the thinking message needs words): the public reply's
    own `ack` when it has one, else what the turn's post became, never a copy of the post."""
    if ack != ACK:
        return ack
    for reply in public:
        if reply.ack:
            return reply.ack
    if public:
        return tr("Done: posted for everyone.")
    return tr(ack)


Send = Callable[..., Awaitable[discord.abc.Snowflake]]


async def show_public(client: discord.Client, reply: Reply, send: Send) -> None:
    """Show a public `reply` with `send` (a follow-up, or a channel's send). A turn post edits
    its message when it names one (falling back to a new post if that message is gone), and a
    new turn post is reported to the table and retires the previous one's controls."""
    post = reply.post
    pages = message_kwargs(reply)
    if post is not None and post.edit is not None and len(pages) == 1:
        if await _edit_post(client, post.channel_id, post.edit, pages[0]):
            return
    first: discord.abc.Snowflake | None = None
    for kwargs in pages:
        message = await send(**kwargs)
        first = first or message
    if post is None or first is None:
        return
    table = getattr(client, "table", None)
    if table is not None:
        await table.turn_posted(post.session_id, first.id)
    if post.retire is not None and post.retire != post.edit:
        await _edit_post(client, post.channel_id, post.retire, {"view": None}, keep=True)


async def _edit_post(
    client: discord.Client,
    channel_id: int,
    message_id: int,
    kwargs: dict[str, object],
    *,
    keep: bool = False,
) -> bool:
    """Edit the bot's message `message_id` through the channel (an interaction's token lasts
    15 minutes, a turn may last days): with `kwargs` of `message_kwargs` (everything replaced,
    nobody pinged), or with `keep` only the keys given (removing old controls). False if
    Discord refuses (the message was deleted, or the bot may not see the channel any more)."""
    message = client.get_partial_messageable(channel_id).get_partial_message(message_id)
    if keep:
        changes = dict(kwargs)
    else:
        changes = {
            "content": kwargs.get("content"),
            "embed": kwargs.get("embed"),
            "attachments": [kwargs["file"]] if "file" in kwargs else [],
            "view": kwargs.get("view"),
            "allowed_mentions": discord.AllowedMentions.none(),
        }
    try:
        await message.edit(**changes)  # type: ignore[arg-type]
    except discord.HTTPException:
        log.info("could not edit message %s in %s; posting anew", message_id, channel_id)
        return False
    return True


async def notice_refused(client: discord.Client, user_id: int) -> None:
    """A turn notice could not be delivered (DMs closed): turn the user's notices off, so the
    bot stops trying; the channel ping still reaches them."""
    table = getattr(client, "table", None)
    if table is not None:
        await table.notify_failed(user_id)


def nudge(user_id: int) -> Reply:
    """The public line telling `user_id` that something private awaits them (no secret in it),
    in the current language (say it in the server's)."""
    return Reply(
        text=tr(
            "There is news only you may see, and I could not send you a direct message: "
            "use `/game status` to read it."
        ),
        mentions=(user_id,),
    )


async def _language_of(client: discord.Client, user_id: int, guild_id: int | None) -> str:
    """The language a direct message to `user_id` is in (`Table.user_language`)."""
    user_language = getattr(_table(client), "user_language", None)
    if user_language is None:
        return "en"
    return str(await user_language(user_id, guild_id))


async def send_direct(
    client: discord.Client, reply: Reply, channel_id: int | None, guild_id: int | None = None
) -> bool:
    """Send `reply` (text and image) to `reply.only_for` as a direct message; its first line
    (where it comes from) in the recipient's language (`Table.user_language`, the server
    `guild_id`'s when the bot has not heard them yet), like the reply the table built for them.

    Returns False when Discord refuses (the user does not accept DMs from server members:
    Forbidden) or the request fails, so the caller can fall back to a public nudge.
    """
    assert reply.only_for is not None
    where = ""
    if channel_id:
        with speaking(await _language_of(client, reply.only_for, guild_id)):
            where = tr("From your game in {channel}:", channel=f"<#{channel_id}>") + "\n"
    dm = replace(
        reply,
        text=f"{where}{reply.text}",
        ephemeral=False,
        only_for=None,
        mentions=(),
        buttons=(),
        menu=None,
        cancel=False,
        actions=(),
    )
    try:
        channel = await client.create_dm(discord.Object(id=reply.only_for))
        for kwargs in message_kwargs(dm):
            await channel.send(**kwargs)  # type: ignore[arg-type]
    except discord.Forbidden:
        log.info("user %s does not accept direct messages; nudging in the channel", reply.only_for)
        return False
    except discord.HTTPException:
        log.warning("could not send a direct message to user %s", reply.only_for, exc_info=True)
        return False
    return True


async def deliver_in(
    interaction: discord.Interaction,
    where: discord.abc.Messageable,
    replies: Iterable[Reply],
    *,
    ack: str = ACK,
) -> None:
    """Like `deliver`, but public replies are posted in `where` (e.g. a new thread) instead of
    as follow-ups in the channel where the command was typed. Posting first: if Discord refuses
    (Forbidden), nothing was announced and the caller's acknowledgement is not sent."""
    replies = list(replies)
    public = [r for r in replies if not r.ephemeral and r.only_for is None]
    for reply in public:
        await show_public(interaction.client, reply, where.send)
    await deliver(interaction, [r for r in replies if r not in public], ack=ack)
