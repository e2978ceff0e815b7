"""Drive a real discord.py bot without a network.

The harness feeds Discord-shaped gateway payloads (INTERACTION_CREATE: type 2 slash command, type 4
autocomplete, type 3 component click) to the bot's real `ConnectionState.parse_interaction_create`,
so the real `CommandTree`, transformers, checks, autocomplete callbacks, `DynamicItem` dispatch and
`Interaction.response`/`followup` code all run. Only the two places where discord.py touches the
network are replaced:

* `bot.http` (REST: channel messages, threads, command sync) by `FakeHTTP`;
* the interaction webhook adapter (responses, follow-ups) by `FakeWebhookAdapter`.

Both record every request as a `Sent` and answer with plausible payloads (message objects with
fresh snowflakes, thread channels), so the code under test sees what it would see from Discord.

Typical use::

    h = await Harness.start(bot)
    ex = await h.slash("game new", game="cathedral", user=ALICE, channel=C1)
    assert "lobby" in ex.text
    ex = await h.autocomplete("cathedral place", focused="piece", piece="Ca", user=ALICE)
    assert ex.choices[0]["value"] == "Castle"
    ex = await h.click(custom_id, user=BOB)
    await h.close()

The fakes are as strict as Discord: every message, edit, autocomplete result, thread and command
sync is checked against the published limits (`tests/cogs/api_limits.py`), and a request Discord
would refuse is answered with the same `400` and error code (50035 Invalid Form Body, 50006 empty
message) instead of being recorded. The refusal is also noted in `Harness.refused`, and unless
`Harness.strict` is turned off the interaction (or start-up) that caused it fails the test.

Discord behaviour worth knowing that the fakes model on purpose: the first follow-up after a
deferred response (type 5) *replaces* the "thinking" message and therefore takes the defer's
ephemeral flag, whatever the follow-up asks for.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from tests.cogs import api_limits
from tests.cogs.api_limits import Refusal

__all__ = [
    "ALICE",
    "APP_ID",
    "BOB",
    "BOT_USER_ID",
    "C1",
    "C2",
    "CAROL",
    "DAVE",
    "GUILD_ID",
    "MIA",
    "STALE",
    "Channel",
    "Exchange",
    "Harness",
    "Sent",
    "User",
]

APP_ID = 900_000_000_000_000_001
BOT_USER_ID = APP_ID
GUILD_ID = 800_000_000_000_000_001
_TIMESTAMP = "2024-01-01T00:00:00.000000+00:00"
_EPHEMERAL = 1 << 6
STALE = 1
"""`Harness.click(message_id=STALE)`: click on a message the harness never saw."""
_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(frozen=True, slots=True)
class User:
    """A guild member who can type commands."""

    id: int
    name: str
    bot: bool = False
    moderator: bool = False
    """A member with Manage Threads and Manage Server (others have neither)."""
    locale: str | None = None
    """The member's Discord language (`interaction.locale`, e.g. "de"); None: the harness's
    `locale`."""

    def payload(self) -> dict[str, Any]:
        """The Discord user object."""
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
        }

    def permissions(self) -> discord.Permissions:
        """The member's permissions in the channel: an ordinary player's, or a moderator's."""
        perms = discord.Permissions.text()
        perms.view_channel = True
        perms.manage_threads = False
        perms.manage_messages = False
        if self.moderator:
            perms.manage_threads = True
            perms.manage_guild = True
        return perms

    def member_payload(self) -> dict[str, Any]:
        """The guild member object sent with a guild interaction."""
        return {
            "user": self.payload(),
            "roles": [],
            "joined_at": _TIMESTAMP,
            "deaf": False,
            "mute": False,
            "nick": None,
            "flags": 0,
            "permissions": str(self.permissions().value),
        }


@dataclass(frozen=True, slots=True)
class Channel:
    """A text channel, or a public thread when `parent_id` is set."""

    id: int
    name: str
    parent_id: int | None = None

    @property
    def is_thread(self) -> bool:
        """True for a thread."""
        return self.parent_id is not None

    def payload(self) -> dict[str, Any]:
        """The partial channel object Discord sends with an interaction."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "guild_id": str(GUILD_ID),
            "name": self.name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.parent_id is None:
            data.update(type=0, parent_id=None, topic=None, last_message_id=None)
        else:
            data.update(
                type=11,
                parent_id=str(self.parent_id),
                owner_id=str(BOT_USER_ID),
                message_count=0,
                member_count=1,
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": _TIMESTAMP,
                    "locked": False,
                },
            )
        return data


ALICE = User(100_000_000_000_000_001, "alice")
BOB = User(100_000_000_000_000_002, "bob")
CAROL = User(100_000_000_000_000_003, "carol")
DAVE = User(100_000_000_000_000_004, "dave")
MIA = User(100_000_000_000_000_005, "mia", moderator=True)
"""A moderator (Manage Threads and Manage Server) who plays in no game."""
C1 = Channel(700_000_000_000_000_001, "games")
C2 = Channel(700_000_000_000_000_002, "other-games")


@dataclass(slots=True)
class Sent:
    """One request the bot made, decoded.

    kind: "response" (interaction callback), "followup", "edit_original" (fills a deferred
      message), "edit" (changes the message a clicked component is on), "channel_message",
      "channel_edit" (a message posted earlier, edited in place: `message_id` is that message),
      "dm_channel" (opening a DM), "dm" (a direct message), "thread", "sync" or "other".
    response_type: the interaction callback type (4 message, 5 deferred, 6 deferred update,
      7 update message, 8 autocomplete result) for kind "response", else None.
    payload: the JSON body (for callbacks: the inner "data" object).
    files: attachments as (filename, bytes).
    ephemeral: whether only the invoking user sees it (flags bit 64, or the defer's flag for the
      first follow-up after a defer).
    """

    kind: str
    method: str
    path: str
    url: str
    payload: dict[str, Any]
    files: list[tuple[str, bytes]] = field(default_factory=list)
    response_type: int | None = None
    ephemeral: bool = False
    channel_id: int | None = None
    message_id: int | None = None
    interaction_id: int | None = None
    recipient: int | None = None

    @property
    def content(self) -> str:
        """The message text ('' if none)."""
        return self.payload.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """Embeds as Discord dicts (title, description, fields, colour, image...)."""
        return list(self.payload.get("embeds") or [])

    @property
    def text(self) -> str:
        """Content plus every embed's title, description, field names/values and footer."""
        parts = [self.content]
        for embed in self.embeds:
            parts.append(embed.get("title") or "")
            parts.append(embed.get("description") or "")
            for f in embed.get("fields") or []:
                parts.append(f"{f.get('name', '')}: {f.get('value', '')}")
            parts.append((embed.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)

    @property
    def filenames(self) -> list[str]:
        """Attachment filenames."""
        return [name for name, _ in self.files]

    @property
    def mentioned_ids(self) -> list[int]:
        """User ids written as <@id> in the content (pinged or not)."""
        return [int(m) for m in _MENTION.findall(self.content)]

    @property
    def pinged_ids(self) -> list[int]:
        """User ids Discord would actually notify, honouring `allowed_mentions`."""
        allowed = self.payload.get("allowed_mentions")
        ids = self.mentioned_ids
        if allowed is None:
            return ids
        if "users" in (allowed.get("parse") or []):
            return ids
        listed = {int(u) for u in allowed.get("users") or []}
        return [i for i in ids if i in listed]

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices ({"name", "value"}) for a type 8 response."""
        return list(self.payload.get("choices") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        """Every leaf component (buttons, selects) in the message, flattened."""
        out: list[dict[str, Any]] = []

        def walk(items: Sequence[Mapping[str, Any]]) -> None:
            for item in items:
                if "components" in item:
                    walk(item["components"])
                else:
                    out.append(dict(item))

        walk(self.payload.get("components") or [])
        return out

    @property
    def buttons(self) -> list[tuple[str, str]]:
        """(label, custom_id) for every button with a custom_id."""
        return [
            (c.get("label") or "", c["custom_id"])
            for c in self.components
            if c.get("type") == 2 and "custom_id" in c
        ]

    @property
    def is_message(self) -> bool:
        """True when this request shows a message to someone (not a defer or autocomplete): a
        new message, or a turn's post edited in place ("channel_edit")."""
        if self.kind in ("followup", "edit_original", "channel_message"):
            return True
        if self.kind == "channel_edit":  # a redraw, not just old controls removed
            return "content" in self.payload or "embeds" in self.payload
        return self.kind == "response" and self.response_type in (4, 7)


@dataclass(slots=True)
class Exchange:
    """Everything the bot sent while handling one interaction."""

    sent: list[Sent]
    interaction: discord.Interaction | None = None

    @property
    def messages(self) -> list[Sent]:
        """Messages someone sees, in order (no defers, no autocomplete results)."""
        return [s for s in self.sent if s.is_message]

    @property
    def public(self) -> list[Sent]:
        """Messages everyone in the channel sees."""
        return [s for s in self.messages if not s.ephemeral]

    @property
    def posts(self) -> list[Sent]:
        """New public messages (a turn's post edited in place is not one)."""
        return [s for s in self.public if s.kind != "channel_edit"]

    @property
    def channel_edits(self) -> list[Sent]:
        """Earlier posts edited in place (a turn's next step, or controls retired)."""
        return [s for s in self.sent if s.kind == "channel_edit"]

    @property
    def ephemeral(self) -> list[Sent]:
        """Messages only the invoking user sees."""
        return [s for s in self.messages if s.ephemeral]

    @property
    def text(self) -> str:
        """All message text joined (public and ephemeral)."""
        return "\n".join(s.text for s in self.messages)

    @property
    def public_text(self) -> str:
        """Text of public messages only."""
        return "\n".join(s.text for s in self.public)

    @property
    def ephemeral_text(self) -> str:
        """Text of ephemeral messages only."""
        return "\n".join(s.text for s in self.ephemeral)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (empty unless this was an autocomplete)."""
        for s in self.sent:
            if s.kind == "response" and s.response_type == 8:
                return s.choices
        return []

    @property
    def choice_values(self) -> list[Any]:
        """Just the values of the autocomplete choices."""
        return [c["value"] for c in self.choices]

    @property
    def files(self) -> list[tuple[str, bytes]]:
        """Every attachment sent."""
        return [f for s in self.messages for f in s.files]

    @property
    def buttons(self) -> list[tuple[str, str]]:
        """Every button sent, (label, custom_id)."""
        return [b for s in self.messages for b in s.buttons]

    @property
    def pinged_ids(self) -> list[int]:
        """Every user id pinged by a public message."""
        return [i for s in self.public for i in s.pinged_ids]

    @property
    def edits(self) -> list[Sent]:
        """Edits of the message a clicked component sits on (e.g. buttons removed)."""
        return [s for s in self.sent if s.kind == "edit"]

    @property
    def dms(self) -> list[Sent]:
        """Direct messages the bot sent (to `Sent.recipient`)."""
        return [s for s in self.sent if s.kind == "dm"]

    @property
    def threads(self) -> list[Sent]:
        """Threads the bot created."""
        return [s for s in self.sent if s.kind == "thread"]

    @property
    def response_types(self) -> list[int]:
        """Interaction callback types, in order (e.g. [5] for a defer)."""
        return [s.response_type for s in self.sent if s.response_type is not None]


class _Recorder:
    """Shared by both fakes: stores requests, hands out snowflakes, remembers defer flags."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self._ids = itertools.count(600_000_000_000_000_001)
        # interaction token -> ephemeral flag of its defer, until the first follow-up consumes it
        self.pending_defer: dict[str, bool] = {}
        self.token_to_interaction: dict[str, int] = {}
        self.threads: dict[int, Channel] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        # direct messages: DM channel id -> recipient user id; users whose DMs are closed
        self.dm_channels: dict[int, int] = {}
        self.dms_closed: set[int] = set()
        # permissions the bot lacks (Forbidden answers), threads archived
        self.denied: set[str] = set()
        self.unannounced: set[str] = set()
        self.archived: set[int] = set()
        # channels and threads deleted while the bot was not listening (no gateway event)
        self.deleted: set[int] = set()
        # requests refused for breaking Discord's limits: (kind, body, reasons)
        self.refused: list[tuple[str, dict[str, Any], list[Refusal]]] = []
        # message id -> its attachments' filenames; interaction token -> its message
        self.files_of: dict[int, list[str]] = {}
        self.message_of_token: dict[str, int] = {}

    def check_message(
        self,
        kind: str,
        body: dict[str, Any],
        files: Sequence[tuple[str, bytes]],
        *,
        new: bool,
        edited: int | None = None,
    ) -> None:
        """Refuse `body` as Discord would (HTTPException 400) when it breaks a limit."""
        names = [name for name, _ in files]
        kept = self.files_of.get(edited or -1, [])
        if new and api_limits.is_empty(body, names):
            self.refused.append((kind, body, [Refusal((), "EMPTY", "empty message")]))
            raise _bad_request(50006, "Cannot send an empty message")
        self.refuse_if(kind, body, api_limits.message_errors(body, names, new=new, kept=kept))

    def refuse_if(self, kind: str, body: dict[str, Any], reasons: list[Refusal]) -> None:
        """Raise Discord's 50035 Invalid Form Body (and note it) when there are `reasons`."""
        if reasons:
            self.refused.append((kind, body, reasons))
            raise _bad_request(50035, "Invalid Form Body", api_limits.error_tree(reasons))

    def next_id(self) -> int:
        return next(self._ids)

    def message_payload(self, channel_id: int | None, body: Mapping[str, Any]) -> dict[str, Any]:
        """A Discord message object as the API would return it for `body`."""
        mid = self.next_id()
        data = {
            "id": str(mid),
            "channel_id": str(channel_id or C1.id),
            "guild_id": str(GUILD_ID),
            "author": {
                "id": str(BOT_USER_ID),
                "username": "guildhall",
                "discriminator": "0",
                "avatar": None,
                "bot": True,
            },
            "content": body.get("content") or "",
            "timestamp": _TIMESTAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": list(body.get("embeds") or []),
            "components": list(body.get("components") or []),
            "pinned": False,
            "type": 0,
            "flags": int(body.get("flags") or 0),
        }
        self.messages[mid] = data
        return data

    def keep_files(self, mid: int, files: Sequence[tuple[str, bytes]], body: Mapping[str, Any]):
        """Remember the attachments message `mid` carries after a create or an edit."""
        names = [name for name, _ in files]
        if "attachments" in body or names or mid not in self.files_of:
            listed = [str(a.get("filename")) for a in body.get("attachments") or []]
            self.files_of[mid] = list(dict.fromkeys([*listed, *names]))


def _decode(
    payload: Mapping[str, Any] | None,
    multipart: Sequence[Mapping[str, Any]] | None,
    files: Sequence[discord.File] | None,
) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    """The JSON body and the attachments of a request, however discord.py encoded them."""
    body: dict[str, Any] = dict(payload or {})
    for part in multipart or ():
        if part.get("name") == "payload_json":
            body = json.loads(part["value"])
    got: list[tuple[str, bytes]] = []
    for f in files or ():
        f.reset(seek=1)  # any truthy value seeks back to where the file started
        got.append((f.filename or "", f.fp.read()))
        f.reset(seek=1)
    return body, got


class FakeWebhookAdapter(AsyncWebhookAdapter):
    """Replaces the network in interaction responses and follow-ups."""

    def __init__(self, recorder: _Recorder, channel_of_token: dict[str, int]) -> None:
        super().__init__()
        self.rec = recorder
        self.channel_of_token = channel_of_token

    async def request(  # type: ignore[override]
        self,
        route: Route,
        session: Any = None,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        files: Sequence[discord.File] | None = None,
        **_: Any,
    ) -> Any:
        body, got = _decode(payload, multipart, files)
        token = route.webhook_token or ""
        channel_id = self.channel_of_token.get(token)
        path = route.path
        if path.endswith("/callback"):
            rtype = int(body.get("type", 0))
            data = dict(body.get("data") or {})
            ephemeral = bool(int(data.get("flags") or 0) & _EPHEMERAL)
            if rtype in (4, 7):
                clicked = self.rec.message_of_token.get(token) if rtype == 7 else None
                self.rec.check_message("response", data, got, new=rtype == 4, edited=clicked)
            elif rtype == 8:
                self.rec.refuse_if("autocomplete", data, api_limits.autocomplete_errors(data))
            sent = Sent(
                "response", route.method, path, route.url, data, got, rtype, ephemeral,
                channel_id, interaction_id=route.webhook_id,
            )  # fmt: skip
            self.rec.sent.append(sent)
            if rtype == 5:
                self.rec.pending_defer[token] = ephemeral
            answer: dict[str, Any] = {
                "interaction": {
                    "id": str(route.webhook_id),
                    "type": 2,
                    "response_message_loading": rtype == 5,
                    "response_message_ephemeral": ephemeral,
                }
            }
            if rtype in (4, 5, 7):
                message = self.rec.message_payload(channel_id, data)
                sent.message_id = int(message["id"])
                self.rec.keep_files(sent.message_id, got, data)
                if rtype != 7:
                    self.rec.message_of_token[token] = sent.message_id
                answer["interaction"]["response_message_id"] = message["id"]
                answer["resource"] = {"type": rtype, "message": message}
            else:
                answer["resource"] = {"type": rtype}
            return answer
        if route.method == "POST" and path == "/webhooks/{webhook_id}/{webhook_token}":
            flags = int(body.get("flags") or 0)
            ephemeral = bool(flags & _EPHEMERAL)
            self.rec.check_message("followup", body, got, new=True)
            if token in self.rec.pending_defer:
                # Discord: the first follow-up edits the deferred message and keeps its visibility.
                ephemeral = self.rec.pending_defer.pop(token)
            return self._record_message("followup", route, body, got, ephemeral, channel_id)
        if "@original" in path and route.method == "PATCH":
            # After a "thinking" defer this fills in the deferred message; otherwise it edits
            # the message a clicked component sits on ("edit", not a new message).
            kind = "edit_original" if token in self.rec.pending_defer else "edit"
            edited = self.rec.message_of_token.get(token)
            self.rec.check_message(kind, body, got, new=False, edited=edited)
            ephemeral = self.rec.pending_defer.pop(token, False)
            return self._record_message(kind, route, body, got, ephemeral, channel_id)
        if route.method == "PATCH" and path.endswith("/messages/{message_id}"):
            self.rec.check_message("edit", body, got, new=False)
            return self._record_message("edit", route, body, got, False, channel_id)
        self.rec.sent.append(Sent("other", route.method, path, route.url, body, got, None))
        if route.method == "GET":
            return self.rec.message_payload(channel_id, {})
        return None

    def _record_message(
        self,
        kind: str,
        route: Route,
        body: dict[str, Any],
        got: Any,
        ephemeral: bool,
        channel_id: int | None,
    ) -> dict[str, Any]:
        """Record a follow-up or an edit as a message in `channel_id` and return its payload."""
        message = self.rec.message_payload(channel_id, body)
        self.rec.keep_files(int(message["id"]), got, body)
        sent = Sent(
            kind, route.method, route.path, route.url, body, got, None, ephemeral,
            channel_id, int(message["id"]),
        )  # fmt: skip
        self.rec.sent.append(sent)
        return message


class FakeHTTP(HTTPClient):
    """Replaces `bot.http`: records REST calls and answers like Discord would."""

    def __init__(self, recorder: _Recorder, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop)
        self.rec = recorder

    async def request(  # type: ignore[override]
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Sequence[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        raw = kwargs.get("json")
        if isinstance(raw, list):  # bulk bodies (command sync) are JSON arrays
            body, got = {"items": raw}, []
        else:
            body, got = _decode(raw, form, files)
        path = route.path
        if route.method == "POST" and path == "/users/@me/channels":
            return self._open_dm(route, body)
        if route.method == "POST" and path == "/channels/{channel_id}/messages":
            cid = int(route.channel_id or 0)
            self.rec.check_message("channel_message", body, got, new=True)
            if cid in self.rec.dm_channels:
                return self._direct_message(route, body, got, cid)
            if cid in self.rec.deleted:
                raise discord.NotFound(
                    _FakeResponse(404, "Not Found"),  # type: ignore[arg-type]
                    {"code": 10003, "message": "Unknown Channel"},
                )
            needed = "send_messages_in_threads" if cid in self.rec.threads else "send_messages"
            if needed in self.rec.denied:
                raise _forbidden(50013, "Missing Permissions")
            if cid in self.rec.archived:
                response = _FakeResponse(400, "Bad Request")
                raise discord.HTTPException(
                    response,  # type: ignore[arg-type]
                    {"code": 50083, "message": "Thread is archived"},
                )
            message = self.rec.message_payload(cid, body)
            self.rec.keep_files(int(message["id"]), got, body)
            self.rec.sent.append(
                Sent(
                    "channel_message",
                    route.method,
                    path,
                    route.url,
                    body,
                    got,
                    None,
                    False,
                    cid,
                    int(message["id"]),
                )  # fmt: skip
            )
            return message
        if (
            route.method == "POST"
            and path.startswith("/channels/{channel_id}")
            and path.endswith("/threads")
        ):
            parent = int(route.channel_id or 0)
            self.rec.refuse_if("thread", body, api_limits.thread_errors(body))
            if "create_public_threads" in self.rec.denied:
                raise _forbidden(50013, "Missing Permissions")
            thread = Channel(self.rec.next_id(), str(body.get("name") or "thread"), parent)
            self.rec.threads[thread.id] = thread
            self.rec.sent.append(
                Sent("thread", route.method, path, route.url, body, got, None, False, parent)
            )
            return thread.payload()
        if route.method == "PUT" and path.endswith("/commands"):
            commands = list(body.get("items", []))
            self.rec.refuse_if("sync", body, api_limits.command_errors(commands))
            self.rec.sent.append(
                Sent("sync", route.method, path, route.url, {"commands": body.get("items", [])})
            )
            return [
                dict(cmd, id=str(self.rec.next_id()), application_id=str(APP_ID), version="1")
                for cmd in (kwargs.get("json") or [])
            ]
        if route.method == "PATCH" and path == "/channels/{channel_id}/messages/{message_id}":
            return self._edit_message(route, body, got)
        self.rec.sent.append(Sent("other", route.method, path, route.url, body, got))
        if route.method == "PATCH" and path == "/channels/{channel_id}":
            cid = int(route.channel_id or 0)
            if body.get("archived") is False:
                self.rec.archived.discard(cid)
            return (self.rec.threads.get(cid) or Channel(cid, "channel")).payload()
        if route.method == "DELETE" and path == "/channels/{channel_id}":
            cid = int(route.channel_id or 0)
            self.rec.threads.pop(cid, None)
            return {}
        if route.method == "GET" and path == "/channels/{channel_id}":
            cid = int(route.channel_id or 0)
            return (self.rec.threads.get(cid) or Channel(cid, "channel")).payload()
        if path.endswith("/messages/{message_id}") and route.method in ("GET", "PATCH"):
            return self.rec.message_payload(int(route.channel_id or 0), body)
        return {}

    def _edit_message(
        self, route: Route, body: dict[str, Any], got: list[tuple[str, bytes]]
    ) -> dict[str, Any]:
        """PATCH a message the bot posted earlier (a turn's post edited in place): Discord
        keeps its id and answers with the message as it is now."""
        cid, mid = int(route.channel_id or 0), int(route.url.rstrip("/").rsplit("/", 1)[1])
        if mid not in self.rec.messages:
            raise discord.NotFound(
                _FakeResponse(404, "Not Found"),  # type: ignore[arg-type]
                {"code": 10008, "message": "Unknown Message"},
            )
        self.rec.check_message("channel_edit", body, got, new=False, edited=mid)
        message = self.rec.messages[mid]
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                message[key] = body[key]
        self.rec.keep_files(mid, got, body)
        self.rec.sent.append(
            Sent(
                "channel_edit",
                route.method,
                route.path,
                route.url,
                body,
                got,
                None,
                False,
                cid,
                mid,
            )  # fmt: skip
        )
        return message

    def _open_dm(self, route: Route, body: dict[str, Any]) -> dict[str, Any]:
        user_id = int(body["recipient_id"])
        cid = next((c for c, u in self.rec.dm_channels.items() if u == user_id), None)
        if cid is None:
            cid = self.rec.next_id()
            self.rec.dm_channels[cid] = user_id
        self.rec.sent.append(
            Sent("dm_channel", route.method, route.path, route.url, body, recipient=user_id)
        )
        user = User(user_id, f"user{user_id}")
        return {"id": str(cid), "type": 1, "recipients": [user.payload()], "last_message_id": None}

    def _direct_message(
        self, route: Route, body: dict[str, Any], got: list[tuple[str, bytes]], cid: int
    ) -> dict[str, Any]:
        user_id = self.rec.dm_channels[cid]
        if user_id in self.rec.dms_closed:
            # What Discord answers when the user does not accept DMs from server members.
            response = _FakeResponse(403, "Forbidden")
            raise discord.Forbidden(
                response,  # type: ignore[arg-type]
                {"code": 50007, "message": "Cannot send messages to this user"},
            )
        message = self.rec.message_payload(cid, body)
        self.rec.sent.append(
            Sent(
                "dm",
                route.method,
                route.path,
                route.url,
                body,
                got,
                channel_id=cid,
                message_id=int(message["id"]),
                recipient=user_id,
            )
        )
        return message

    async def close(self) -> None:  # nothing to close: no session was opened
        return None


@dataclass(frozen=True, slots=True)
class _FakeResponse:
    """Just enough of an aiohttp response for `discord.HTTPException`."""

    status: int
    reason: str


def _bad_request(code: int, message: str, errors: dict[str, Any] | None = None) -> Exception:
    """Discord's answer to a request it refuses: 400 with a JSON error code (and field errors)."""
    data: dict[str, Any] = {"code": code, "message": message}
    if errors:
        data["errors"] = errors
    return discord.HTTPException(_FakeResponse(400, "Bad Request"), data)  # type: ignore[arg-type]


def _forbidden(code: int, message: str) -> discord.Forbidden:
    return discord.Forbidden(
        _FakeResponse(403, "Forbidden"),  # type: ignore[arg-type]
        {"code": code, "message": message},
    )


_OPTION_TYPES: dict[type, int] = {str: 3, int: 4, bool: 5, float: 10}


class Harness:
    """A bot wired to fakes, plus helpers to type commands and click buttons as users."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.rec = _Recorder()
        self._channel_of_token: dict[str, int] = {}
        self.adapter = FakeWebhookAdapter(self.rec, self._channel_of_token)
        self._ids = itertools.count(500_000_000_000_000_001)
        self.strict = True
        """Fail the interaction (or start-up) that sent a request Discord would refuse."""
        self.locale = "en-US"
        """The Discord language of members whose `User.locale` is None."""
        self.guild_locale = "en-US"
        """The server's Discord language (`interaction.guild_locale`)."""

    @property
    def refused(self) -> list[tuple[str, dict[str, Any], list[Refusal]]]:
        """Requests refused so far: (kind, body, reasons)."""
        return list(self.rec.refused)

    def _fail_on_refusals(self, since: int, during: str) -> None:
        if not self.strict or len(self.rec.refused) <= since:
            return
        lines = [
            f"{kind}: {'; '.join(str(r) for r in reasons)}"
            for kind, _, reasons in self.rec.refused[since:]
        ]
        raise AssertionError(f"Discord would refuse requests sent {during}:\n" + "\n".join(lines))

    @classmethod
    async def start(cls, bot: commands.Bot) -> Harness:
        """Log `bot` in against the fakes and run its `setup_hook` (extensions, migrations...)."""
        self = cls(bot)
        loop = asyncio.get_running_loop()
        bot.http = FakeHTTP(self.rec, loop)
        bot._connection.http = bot.http
        bot.tree._http = bot.http  # the command tree keeps its own reference (used by sync)
        await bot._async_setup_hook()
        state = bot._connection
        state.application_id = APP_ID
        state.user = discord.ClientUser(
            state=state,
            data={
                "id": str(BOT_USER_ID),
                "username": "guildhall",
                "discriminator": "0",
                "avatar": None,
                "bot": True,
                "verified": True,
                "mfa_enabled": False,
            },
        )
        token = async_context.set(self.adapter)
        try:
            await bot.setup_hook()
        finally:
            async_context.reset(token)
        self._fail_on_refusals(0, "at start-up")
        return self

    async def close(self) -> None:
        """Close the bot (runs cog_unload, closes the store if the bot does so)."""
        await self.bot.close()

    # ------------------------------------------------------------------ recorded output

    @property
    def sent(self) -> list[Sent]:
        """Every request recorded since start."""
        return list(self.rec.sent)

    def channel_messages(self, channel_id: int | None = None) -> list[Sent]:
        """Public messages posted (by any route) in `channel_id` (all channels if None)."""
        return [
            s
            for s in self.rec.sent
            if s.is_message
            and not s.ephemeral
            and (channel_id is None or s.channel_id == channel_id)
        ]

    def current(self, message: Sent | int) -> Sent:
        """A message as it reads now, after any edits in place (a turn's post)."""
        mid = message if isinstance(message, int) else message.message_id
        data = self.rec.messages[mid or -1]
        body = {k: data[k] for k in ("content", "embeds", "components") if k in data}
        return Sent("channel_edit", "GET", "", "", body, channel_id=int(data["channel_id"]),
                    message_id=mid)  # fmt: skip

    def deny(self, *flags: str, announced: bool = True) -> None:
        """From now on the bot lacks these permissions (e.g. "create_public_threads"): the
        interactions say so in `app_permissions` (unless `announced` is False: a permission
        removed after the interaction was sent), and Discord answers the matching requests
        with Forbidden (code 50013, Missing Permissions), as it would."""
        self.rec.denied.update(flags)
        if not announced:
            self.rec.unannounced.update(flags)

    def app_permissions(self) -> discord.Permissions:
        """The bot's permissions in the channel, as interactions carry them."""
        perms = discord.Permissions.all()
        for flag in self.rec.denied - self.rec.unannounced:
            setattr(perms, flag, False)
        return perms

    def archive(self, thread_id: int) -> None:
        """Archive a thread: posting there fails (code 50083) until it is unarchived."""
        self.rec.archived.add(thread_id)

    def delete_unseen(self, place_id: int) -> None:
        """Delete a channel or thread without the gateway event reaching the bot (it was down,
        or the channel held a user-made thread): posting there fails with 404 Unknown Channel."""
        self.rec.deleted.add(place_id)

    def close_dms(self, user: User) -> None:
        """From now on Discord refuses direct messages to `user` (Forbidden, code 50007)."""
        self.rec.dms_closed.add(user.id)

    def thread(self, thread_id: int) -> Channel:
        """A thread the bot created, to type commands in."""
        return self.rec.threads[thread_id]

    # ------------------------------------------------------------------ dispatch

    def _base_payload(self, itype: int, user: User, channel: Channel) -> dict[str, Any]:
        iid = next(self._ids)
        token = f"token-{iid}"
        self._channel_of_token[token] = channel.id
        return {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": itype,
            "token": token,
            "version": 1,
            "guild_id": str(GUILD_ID),
            "guild": {"id": str(GUILD_ID), "locale": self.guild_locale, "features": []},
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "member": user.member_payload(),
            "app_permissions": str(self.app_permissions().value),
            "locale": user.locale or self.locale,
            "guild_locale": self.guild_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }

    async def dispatch(self, payload: dict[str, Any]) -> Exchange:
        """Feed a raw INTERACTION_CREATE payload to the bot and wait until it has answered."""
        start = len(self.rec.sent)
        refused = len(self.rec.refused)
        captured: list[discord.Interaction] = []

        async def grab(interaction: discord.Interaction) -> None:
            captured.append(interaction)

        self.bot.add_listener(grab, "on_interaction")
        current = asyncio.current_task()
        before = asyncio.all_tasks()
        token = async_context.set(self.adapter)
        try:
            self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
            # Every handler runs in a task spawned from here; wait until no new task is pending.
            while True:
                fresh = [
                    t
                    for t in asyncio.all_tasks() - before
                    if t is not current and not _is_view_timer(t)
                ]
                pending = [t for t in fresh if not t.done()]
                if not pending:
                    break
                await asyncio.wait(pending, timeout=10)
                if any(not t.done() for t in pending):
                    raise TimeoutError(f"handler still running after 10 s: {pending}")
        finally:
            async_context.reset(token)
            self.bot.remove_listener(grab, "on_interaction")
        self._fail_on_refusals(refused, f"handling {_describe(payload)}")
        return Exchange(self.rec.sent[start:], captured[0] if captured else None)

    # ------------------------------------------------------------------ slash commands

    def _resolve(self, path: str) -> tuple[list[str], app_commands.Command[Any, ..., Any]]:
        names = path.split()
        found = self.bot.tree.get_command(names[0])
        for name in names[1:]:
            if not isinstance(found, app_commands.Group):
                raise KeyError(f"/{path}: {found!r} has no subcommands")
            found = found.get_command(name)
        if not isinstance(found, app_commands.Command):
            raise KeyError(f"no slash command /{path}")
        return names, found

    def _options(
        self,
        command: app_commands.Command[Any, ..., Any],
        values: Mapping[str, Any],
        focused: str | None,
        resolved: dict[str, Any],
    ) -> list[dict[str, Any]]:
        params = {p.display_name: p for p in command.parameters}
        by_name = {p.name: p for p in command.parameters}
        out: list[dict[str, Any]] = []
        for key, value in values.items():
            if value is None:
                continue
            param = params.get(key) or by_name.get(key.replace("-", "_"))
            if param is None:
                raise KeyError(f"/{command.qualified_name} has no option {key!r}")
            otype = param.type.value
            option: dict[str, Any] = {"name": param.display_name, "type": otype}
            if isinstance(value, User):
                option["value"] = str(value.id)
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                member = value.member_payload()
                member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
            elif isinstance(value, Channel):
                option["value"] = str(value.id)
                resolved.setdefault("channels", {})[str(value.id)] = value.payload() | {
                    "permissions": "0"
                }
            else:
                option["value"] = value
            if focused is not None and param.display_name == focused:
                option["focused"] = True
                option["value"] = str(value)
            out.append(option)
        return out

    def _command_payload(
        self,
        itype: int,
        path: str,
        options: Mapping[str, Any],
        user: User,
        channel: Channel,
        focused: str | None = None,
    ) -> dict[str, Any]:
        names, command = self._resolve(path)
        resolved: dict[str, Any] = {}
        opts = self._options(command, options, focused, resolved)
        # Wrap leaf options in subcommand (type 1) and group (type 2) levels, innermost first.
        for depth, name in reversed(list(enumerate(names[1:], start=1))):
            kind = 1 if depth == len(names) - 1 else 2
            opts = [{"name": name, "type": kind, "options": opts}]
        data: dict[str, Any] = {"id": str(next(self._ids)), "name": names[0], "type": 1}
        if opts:
            data["options"] = opts
        if resolved:
            data["resolved"] = resolved
        payload = self._base_payload(itype, user, channel)
        payload["data"] = data
        return payload

    async def slash(
        self, path: str, *, user: User = ALICE, channel: Channel = C1, **options: Any
    ) -> Exchange:
        """Run `/path` (e.g. "game new") as `user` in `channel` with the given options."""
        return await self.dispatch(self._command_payload(2, path, options, user, channel))

    async def autocomplete(
        self,
        path: str,
        *,
        focused: str,
        user: User = ALICE,
        channel: Channel = C1,
        **options: Any,
    ) -> Exchange:
        """Ask for autocomplete of option `focused` while `options` are typed so far."""
        options.setdefault(focused, "")
        payload = self._command_payload(4, path, options, user, channel, focused)
        return await self.dispatch(payload)

    # ------------------------------------------------------------------ components

    async def click(
        self,
        custom_id: str,
        *,
        user: User = ALICE,
        channel: Channel = C1,
        values: Sequence[str] | None = None,
        message_id: int | None = None,
    ) -> Exchange:
        """Click a button (or pick `values` in a select) with `custom_id` on a bot message: by
        default the latest message that carried it, as that message reads now (a button an edit
        removed cannot be clicked: nothing happens, as on Discord). `message_id=STALE`: on a
        message this harness never saw (posted before a restart, or an outdated copy)."""
        payload = self._base_payload(3, user, channel)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data.update(component_type=3, values=list(values))
        payload["data"] = data
        # The message the button sits on: the latest one that carried this custom_id.
        carriers = (
            s.message_id
            for s in reversed(self.rec.sent)
            if s.message_id and custom_id in str(s.payload)
        )
        mid = message_id or next(carriers, None)
        message = self.rec.messages.get(mid or -1)
        if message is None:
            # A message this harness never saw (e.g. posted before a simulated restart): Discord
            # still sends the message the button sits on, so build one that carries it.
            ctype = 3 if values is not None else 2
            button: dict[str, Any] = {"type": ctype, "custom_id": custom_id}
            if ctype == 2:
                button.update(style=1, label="button")
            else:
                button.update(options=[{"label": v, "value": v} for v in values or ()])
            message = self.rec.message_payload(
                channel.id, {"components": [{"type": 1, "components": [button]}]}
            )
        payload["message"] = dict(message, channel_id=str(channel.id))
        self.rec.message_of_token[payload["token"]] = int(message["id"])
        return await self.dispatch(payload)


def _describe(payload: Mapping[str, Any]) -> str:
    """An interaction, briefly: the command typed or the component clicked."""
    data = payload.get("data") or {}
    return str(data.get("custom_id") or f"/{data.get('name', '?')} (type {payload.get('type')})")


def _is_view_timer(task: asyncio.Task[Any]) -> bool:
    """discord.py gives views on ephemeral messages a 15-minute timeout (their interaction token
    expires then); that timer task is not part of handling the interaction."""
    return "timeout_task_impl" in getattr(task.get_coro(), "__qualname__", "")


@contextlib.contextmanager
def no_network() -> Iterator[None]:
    """Fail loudly if anything tries to open a real connection while the block runs."""
    import aiohttp

    original = aiohttp.ClientSession._request

    async def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"network access attempted: {args[1:3]}")

    aiohttp.ClientSession._request = refuse  # type: ignore[method-assign]
    try:
        yield
    finally:
        aiohttp.ClientSession._request = original  # type: ignore[method-assign]


async def table_status(h: Harness) -> Any:
    """The status of the game open in C1 (asserts that there is one)."""
    from bot.games.rejections import Rejection

    status = await h.bot.service.status(C1.id)  # type: ignore[attr-defined]
    assert not isinstance(status, Rejection)
    return status


async def legal_of(h: Harness, user: User = ALICE) -> list[str]:
    """`user`'s legal notations in the game open in C1."""
    status = await table_status(h)
    service = h.bot.service  # type: ignore[attr-defined]
    return list(service.legal_notations(status.session, status.state, user.id))


async def rules_pages(h: Harness, game: str, user: User = ALICE) -> list[Sent]:
    """`/game rules game` and every further page (its ▶ button clicked), as shown in turn."""
    ex = await h.slash("game rules", game=game, user=user)
    pages = [next(s for s in ex.messages if s.embeds)]
    while True:
        forward = [cid for label, cid in pages[-1].buttons if "\u25b6" in label]
        if not forward:
            return pages
        ex = await h.click(forward[0], user=user)
        shown = [s for s in ex.sent if s.embeds and s.kind in ("response", "edit")]
        posted = [s for s in ex.sent if s.kind in ("followup", "channel_message")]
        assert shown and not posted, "a page replaces the one shown, nothing is posted"
        pages.append(shown[-1])
