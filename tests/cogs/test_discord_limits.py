"""Discord's hard limits, checked on EVERY request the bot makes while whole games are played.

Games are played through the harness (real command tree, autocomplete, buttons and drop-downs):
Cathedral with two humans, Kingsburg with 2 seats (one human, one bot, to the end) and with 5
seats (two humans, three bots, the first year). After every interaction the recorded requests are
checked against the API limits (content, embeds, components, autocomplete, attachments), the
interaction-response flow, who may be pinged, that refusals say something, and that no private
event (a Kingsburg peek) leaks into a public message. The synced slash-command tree is checked too.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.games.rejections import Rejection
from bot.table.replies import Reply
from cogs._replies import message_kwargs
from tests.cogs import api_limits
from tests.cogs.conftest import StartBot
from tests.cogs.harness import (
    ALICE,
    BOB,
    C1,
    GUILD_ID,
    Exchange,
    Harness,
    Sent,
    User,
    no_network,
)

pytestmark = pytest.mark.asyncio

# Display names at Discord's 32-character maximum, to push every label that quotes a name.
LONG_1 = User(100_000_000_000_000_011, "w" * 32)
LONG_2 = User(100_000_000_000_000_012, "Ǆ*_" + "m" * 29)  # markdown in a name: escaped in posts
HUMANS = {u.id: u for u in (ALICE, BOB, LONG_1, LONG_2)}
NAME_RE = re.compile(r"^[-_a-z0-9]{1,32}$")
ATTACHMENT_MAX = 8 * 1024 * 1024
OURS_MAX = 300 * 1024
MINE_LABELS = ("My hand", "My board", "Details")  # private views: no moves
PEEK_SENTENCE = re.compile(r"this winter's enemy is [^.]*, strength \d+")


# ---------------------------------------------------------------------------------- the checker


_ESCAPE = re.compile(r"\\[\\*_~`|>#\[\]()<@:.-]|\u200b")
"""A markdown escape or a zero-width space: right in markdown, shown literally in plain text."""


def plain_text_problems(s: Sent) -> list[str]:
    """Escapes shown literally where Discord renders no markdown: button labels, select
    placeholders and options, autocomplete names, image alt text."""
    texts = [c.get("label") or "" for c in s.components]
    texts += [c.get("placeholder") or "" for c in s.components]
    texts += [
        o.get(k) or ""
        for c in s.components
        for o in c.get("options") or []
        for k in ("label", "description")
    ]
    texts += [str(c.get("name") or "") for c in s.choices]
    texts += [a.get("description") or "" for a in s.payload.get("attachments") or []]
    return [f"literal escape in plain text: {t!r}" for t in texts if _ESCAPE.search(t)]


def request_problems(s: Sent) -> list[str]:
    """Every limit `s` breaks: Discord's own (`api_limits`: the fakes refuse those already, so
    this repeats them for requests built outside the harness) and this project's stricter ones
    (small URL-safe attachments, every file shown, no empty message, plain text unescaped)."""
    p = s.payload
    if s.kind == "response" and s.response_type == 8:
        out = [str(r) for r in api_limits.autocomplete_errors(p)]
    else:
        out = [str(r) for r in api_limits.message_errors(p, s.filenames, new=s.kind != "edit")]
    out += plain_text_problems(s)
    embeds = s.embeds
    if s.is_message and s.kind != "edit" and not (s.content.strip() or embeds or s.files):
        out.append("a message with nothing to show")
    for embed in embeds:
        if not (embed.get("title") or embed.get("description") or embed.get("fields")):
            if not embed.get("image"):
                out.append("empty embed")
    names = s.filenames
    for name, data in s.files:
        if len(data) > ATTACHMENT_MAX:
            out.append(f"attachment {name} is {len(data)} bytes > 8 MiB")
        if len(data) >= OURS_MAX:
            out.append(f"attachment {name} is {len(data)} bytes, ours should stay under 300 KB")
        if not re.fullmatch(r"[A-Za-z0-9._-]+", name):
            out.append(f"attachment filename {name!r} is not URL-safe")
    referenced = [
        url.removeprefix("attachment://")
        for e in embeds
        for url in ((e.get("image") or {}).get("url"), (e.get("thumbnail") or {}).get("url"))
        if url and url.startswith("attachment://")
    ]
    if embeds and names and not set(names) <= set(referenced):
        out.append(f"files {names} are not all shown by the embed ({referenced})")
    return out


class Audit:
    """Runs interactions and checks everything they sent."""

    def __init__(self, h: Harness, channel_id: int = C1.id) -> None:
        self.h = h
        self.channel_id = channel_id
        self.exchanges: list[Exchange] = []
        self.interaction_ids: set[int] = set()

    async def awaited_users(self) -> set[int]:
        """Seated humans the game is waiting for right now (once it is over: every human
        seat, whom the final post calls)."""
        status = await self.h.bot.service.status(self.channel_id)
        if isinstance(status, Rejection):
            latest = await self.h.bot.service.store.get_latest_in_place(self.channel_id)
            if latest is None or latest.status.is_open:
                return set()
            return {s.user_id for s in latest.seats if s.user_id is not None}
        if status.state is None:
            return set()
        seats = status.session.seats
        if status.outcome is not None:
            return {s.user_id for s in seats if s.user_id is not None}
        users = {seat.user_id for i, seat in enumerate(seats) if i in status.to_act}
        return {u for u in users if u is not None}

    async def check(self, ex: Exchange, kind: str) -> Exchange:
        """Assert every limit and the response flow for one interaction."""
        self.exchanges.append(ex)
        for s in ex.sent:
            problems = request_problems(s)
            assert not problems, (s.kind, problems, s.text[:300])
        responses = [s for s in ex.sent if s.kind == "response"]
        assert len(responses) == 1, [s.kind for s in ex.sent]
        first = ex.sent[0]
        assert first is responses[0], "something was sent before the interaction was answered"
        expected = {"autocomplete": {8}, "slash": {4, 5}, "click": {5, 6, 7}}[kind]
        assert first.response_type in expected, (kind, first.response_type)
        assert first.interaction_id not in self.interaction_ids, "double response"
        self.interaction_ids.add(first.interaction_id or 0)
        if first.response_type == 8:
            assert len(ex.sent) == 1, "an autocomplete answer is all an autocomplete may get"
        if first.response_type == 5:  # a "thinking" message must be filled in
            assert any(s.kind in ("followup", "edit_original") for s in ex.sent[1:])
        for s in ex.ephemeral:
            assert s.text.strip(), "an ephemeral message without words"
        awaited = await self.awaited_users()
        for s in ex.sent:
            if s.is_message and not s.ephemeral and s.kind != "dm":
                pinged = set(s.pinged_ids)
                assert pinged <= awaited, (pinged, awaited, s.text[:200])
                assert ex.interaction is None or ex.interaction.user.id not in pinged, "self-ping"
                listed = {
                    int(u) for u in (s.payload.get("allowed_mentions") or {}).get("users") or []
                }
                assert listed <= awaited, (listed, awaited)
        return ex

    async def slash(self, path: str, **kw: Any) -> Exchange:
        return await self.check(await self.h.slash(path, **kw), "slash")

    async def autocomplete(self, path: str, **kw: Any) -> Exchange:
        return await self.check(await self.h.autocomplete(path, **kw), "autocomplete")

    async def click(self, custom_id: str, **kw: Any) -> Exchange:
        return await self.check(await self.h.click(custom_id, **kw), "click")

    def leaks(self) -> None:
        """No private line (sent by DM or as 'Only you can see this') appears publicly."""
        private: list[str] = []
        public: list[str] = []
        for s in self.h.sent:
            if not s.is_message and s.kind != "dm":
                continue
            if s.kind == "dm" or (s.ephemeral and "Only you can see this" in s.text):
                private.extend(
                    line.strip()
                    for line in s.text.splitlines()
                    if len(line.strip()) > 30 and not line.startswith("From your game")
                )
            elif not s.ephemeral:
                public.append(s.text)
        everything = "\n".join(public)
        for line in private:
            assert line not in everything, f"private line made public: {line}"
        assert not PEEK_SENTENCE.search(everything)


# ---------------------------------------------------------------------------------- game driving


async def _status(h: Harness, channel_id: int = C1.id):  # noqa: ANN202
    status = await h.bot.service.status(channel_id)
    assert not isinstance(status, Rejection), status
    return status


async def _lobby(a: Audit, game: str, humans: list[User], bots: int) -> None:
    await a.autocomplete("game new", focused="game", game="")
    await a.slash("game new", game=game, user=humans[0])
    for user in humans[1:]:
        await a.slash("game join", user=user)
    ex = await a.autocomplete("game add-bot", focused="name", name="", user=humans[0])
    names = [c["value"] for c in ex.choices]
    assert names
    for i in range(bots):
        ex = await a.slash("game add-bot", name=names[i % len(names)], user=humans[0])
        assert ex.public, ex.text
    refused = await a.slash("game add-bot", name="no-such-bot", user=humans[0])
    assert not refused.public and refused.ephemeral_text.strip()
    ex = await a.slash("game start", user=humans[0])
    assert ex.public, ex.text


def _controls(ex: Exchange, user: User) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Move buttons and drop-downs offered (to `user`) by the last public post."""
    posts = [s for s in ex.public if s.components]
    if not posts or user.id not in posts[-1].pinged_ids:
        return [], []
    comps = posts[-1].components
    buttons = [
        c["custom_id"]
        for c in comps
        if c.get("type") == 2 and c["custom_id"] != "gh:x" and c["label"] not in MINE_LABELS
    ]
    selects = [
        (c["custom_id"], [o["value"] for o in c.get("options") or []])
        for c in comps
        if c.get("type") == 3
    ]
    return buttons, selects


async def _play(
    a: Audit,
    command: str,
    rng: random.Random,
    *,
    max_plies: int,
    prefer: str = "",
    stop: Any = None,
) -> int:
    """Let the humans act until the game ends, `max_plies` human moves, or `stop(status)`.

    Moves come from the table's legal list; some are typed as the command, some clicked on the
    buttons or drop-down of the last post, and every turn also asks the autocomplete (and tries
    one refusal: a move out of turn by the other human)."""
    h = a.h
    last: Exchange | None = None
    played = 0
    while played < max_plies:
        status = await h.bot.service.status(a.channel_id)
        if isinstance(status, Rejection) or status.outcome is not None:
            break
        if stop is not None and stop(status):
            break
        waiting = [
            HUMANS[seat.user_id]
            for i, seat in enumerate(status.session.seats)
            if i in status.to_act and seat.user_id in HUMANS
        ]
        assert waiting, "the game waits for nobody who can act"
        user = waiting[0]
        legal = list(h.bot.service.legal_notations(status.session, status.state, user.id))
        assert legal
        ex = await a.autocomplete(command, focused="notation", notation="", user=user)
        offered = ex.choice_values
        assert offered and set(offered) <= set(legal)
        typed = legal[0][:3]
        await a.autocomplete(command, focused="notation", notation=typed, user=user)
        idle = [u for u in HUMANS.values() if u not in waiting and u in _seated(status)]
        if idle and played % 4 == 0:
            refused = await a.slash(command, notation=legal[0], user=idle[0])
            assert not refused.public and refused.ephemeral_text.strip()
        buttons, selects = _controls(last, user) if last is not None else ([], [])
        preferred = [n for n in legal if prefer and re.search(prefer, n)]
        if preferred:
            last = await a.slash(command, notation=rng.choice(preferred), user=user)
        elif buttons and played % 2 == 0:
            last = await a.click(rng.choice(buttons), user=user)
        elif selects and played % 2 == 0:
            custom_id, values = selects[0]
            last = await a.click(custom_id, user=user, values=[rng.choice(values)])
        else:
            last = await a.slash(command, notation=rng.choice(legal), user=user)
        assert last.public, last.ephemeral_text
        played += 1
    return played


def _seated(status: Any) -> list[User]:
    return [HUMANS[s.user_id] for s in status.session.seats if s.user_id in HUMANS]


async def _extras(a: Audit, user: User) -> None:
    """The informational commands, checked like the moves."""
    for path in ("game status", "game help", "game rules"):
        await a.slash(path, user=user)
    await a.slash("game history", last=50, user=user)


# ---------------------------------------------------------------------------------- tests


async def test_cathedral_two_humans_whole_game(start_bot: StartBot) -> None:
    h = await start_bot(seed=7)
    a = Audit(h)
    await _lobby(a, "cathedral", [ALICE, BOB], bots=0)
    played = await _play(a, "cathedral move", random.Random(3), max_plies=80)
    status = await h.bot.service.status(C1.id)
    finished = isinstance(status, Rejection) or status.outcome is not None
    assert finished and played > 10
    # The end is heard: the final post calls every human seat but the one who just moved.
    (final,) = [s for s in h.channel_messages(C1.id) if "game over" in s.text]
    last_mover = a.exchanges[-1].interaction.user.id  # type: ignore[union-attr]
    assert final.pinged_ids == [u for u in (ALICE.id, BOB.id) if u != last_mover]
    await _extras(a, ALICE)
    a.leaks()


async def test_kingsburg_two_seats_human_and_bot_whole_game(start_bot: StartBot) -> None:
    h = await start_bot(seed=11)
    a = Audit(h)
    await _lobby(a, "kingsburg", [ALICE], bots=1)
    played = await _play(
        a, "kingsburg act", random.Random(5), max_plies=400, prefer=r"^influence 1[08] "
    )
    status = await h.bot.service.status(C1.id)
    assert isinstance(status, Rejection) or status.outcome is not None, played
    await _extras(a, ALICE)
    a.leaks()
    peeks = [s for s in h.sent if "this winter's enemy is" in s.text]
    assert peeks and all(s.kind == "dm" or s.ephemeral for s in peeks)


async def test_kingsburg_five_seats_first_year(start_bot: StartBot) -> None:
    h = await start_bot(seed=3)
    a = Audit(h)
    await _lobby(a, "kingsburg", [LONG_1, LONG_2], bots=3)
    first_year = lambda status: status.state.year > 1  # noqa: E731
    await _play(a, "kingsburg act", random.Random(9), max_plies=200, stop=first_year)
    assert (await _status(h)).state.year > 1, "the first year did not end within 200 moves"
    await a.slash("kingsburg peek", user=LONG_2)
    await _extras(a, LONG_2)
    a.leaks()


async def test_synced_command_tree_fits_discord(start_bot: StartBot) -> None:
    h = await start_bot(dev_guild_id=GUILD_ID)
    (sync,) = [s for s in h.sent if s.kind == "sync" and "/guilds/" in s.url]
    commands = sync.payload["commands"]
    assert commands and len(commands) <= 100

    def check(item: dict[str, Any], depth: int) -> None:
        assert NAME_RE.match(item["name"]), item["name"]
        if item.get("type", 1) == 1 or depth:
            assert 1 <= len(item.get("description") or "") <= 100, item
        options = item.get("options") or []
        assert len(options) <= 25, item["name"]
        for option in options:
            check(option, depth + 1)
            for choice in option.get("choices") or []:
                assert 1 <= len(choice["name"]) <= 100 and len(str(choice["value"])) <= 100

    for command in commands:
        check(command, 0)


async def test_oversized_reply_is_clipped_to_the_limits() -> None:
    """A reply far beyond every limit still becomes requests Discord accepts."""
    huge = Reply(
        text="word " * 5000,
        title="T" * 400,
        fields=tuple((f"name {i} " * 40, "v" * 3000) for i in range(40)),
    )
    sent = message_kwargs(huge)
    fields = [f for kwargs in sent if kwargs.get("embed") for f in kwargs["embed"].fields]
    assert len(fields) == 40  # paginated into further embeds, none dropped
    assert sent[0]["embed"].title.endswith("…") and len(sent[0]["embed"].title) == 256
    for kwargs in sent:
        embed = kwargs.get("embed")
        payload: dict[str, Any] = {"content": kwargs.get("content") or ""}
        if embed is not None:
            payload["embeds"] = [embed.to_dict()]  # type: ignore[attr-defined]
        problems = request_problems(Sent("followup", "POST", "", "", payload))
        assert not problems, problems


@pytest.mark.parametrize("size", [150, 2500, 5900])
async def test_long_typed_options_are_answered_within_the_limits(
    start_bot: StartBot, size: int
) -> None:
    """Whatever a player types (Discord lets a string option run to 6000 characters), the
    refusal quoting it stays a valid message, and autocomplete on it stays within 25/100."""
    h = await start_bot(seed=5)
    a = Audit(h)
    junk = ("Castle B3 90 " * 500)[:size]
    ex = await a.slash("game new", game=junk)
    assert ex.ephemeral_text.strip() and not ex.public
    await a.autocomplete("game new", focused="game", game=junk)
    ex = await a.slash("game new", game="cathedral", options=f"x={junk}")
    assert not ex.public and ex.ephemeral_text.strip()
    await a.slash("game new", game="cathedral")
    (refusal,) = (await a.slash("game add-bot", name=junk)).ephemeral
    assert 0 < len(refusal.text) <= 700
    await a.autocomplete("game add-bot", focused="name", name=junk)
    await a.slash("game add-bot", name="random")
    await a.slash("game start")
    for command in ("cathedral move", "kingsburg act"):
        ex = await a.slash(command, notation=junk)
        (refusal,) = ex.ephemeral  # one short message, not the input echoed over several
        assert not ex.public and 0 < len(refusal.text) <= 700
        await a.autocomplete(command, focused="notation", notation=junk)
    await a.autocomplete("cathedral place", focused="piece", piece=junk)
    ex = await a.slash("cathedral place", piece=junk, square=junk[:40], rotation=90)
    assert not ex.public and ex.ephemeral_text.strip()
    await a.slash("game history", last=50)


# ---------------------------------------------------------------------------------- the strict fake


def _buttons(*custom_ids: str, label: str = "go") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for cid in custom_ids:
        view.add_item(discord.ui.Button(label=label, custom_id=cid))
    return view


def _select(n: int, *, placeholder: str = "pick", text: str = "x") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=f"{text}{i}", value=f"v{i}") for i in range(n)]
    view.add_item(discord.ui.Select(custom_id="s", placeholder=placeholder, options=options))
    return view


def _raw_rows(rows: int) -> list[dict[str, Any]]:
    return [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"c{i}"}]}
        for i in range(rows)
    ]


def _board() -> discord.File:
    return discord.File(io.BytesIO(b"PNG"), filename="board.png")


def _fields(n: int, size: int) -> discord.Embed:
    embed = discord.Embed(description="d")
    for i in range(n):
        embed.add_field(name=f"n{i}", value="v" * size)
    return embed


def _embed(**kw: Any) -> dict[str, Any]:
    return {"embed": discord.Embed(**kw)}


def _unshown() -> dict[str, Any]:
    embed = discord.Embed(description="d").set_image(url="attachment://x.png")
    return {"embed": embed, "file": _board()}


_QUIET = discord.AllowedMentions.none()
_LOUD = discord.AllowedMentions(everyone=True)
Kwargs = Callable[[], dict[str, Any]]

# (what is wrong, keyword arguments of `followup.send`, Discord's error code, a field named)
REFUSED: list[tuple[str, Kwargs, int, str]] = [
    ("content over 2000", lambda: {"content": "x" * 2001}, 50035, "content"),
    ("empty message", lambda: {"content": ""}, 50006, ""),
    ("duplicate custom_id", lambda: {"view": _buttons("same", "same")}, 50035, "custom_id"),
    ("custom_id over 100", lambda: {"view": _buttons("c" * 101)}, 50035, "custom_id"),
    ("label over 80", lambda: {"view": _buttons("b", label="l" * 81)}, 50035, "label"),
    ("26 select options", lambda: {"view": _select(26)}, 50035, "options"),
    ("option over 100", lambda: {"view": _select(2, text="t" * 100)}, 50035, "label"),
    ("placeholder over 150", lambda: {"view": _select(2, placeholder="p" * 151)}, 50035, "place"),
    ("title over 256", lambda: _embed(title="t" * 257), 50035, "title"),
    ("description over 4096", lambda: _embed(description="d" * 4097), 50035, "description"),
    ("embeds over 6000", lambda: {"embeds": [discord.Embed(description="d" * 4000)] * 2},
     50035, "embeds"),
    ("26 embed fields", lambda: {"embed": _fields(26, 10)}, 50035, "fields"),
    ("field value over 1024", lambda: {"embed": _fields(1, 1025)}, 50035, "value"),
    ("footer over 2048", lambda: {"embed": discord.Embed(description="d").set_footer(
        text="f" * 2049)}, 50035, "footer"),
    ("author over 256", lambda: {"embed": discord.Embed(description="d").set_author(
        name="a" * 257)}, 50035, "author"),
    ("image of no file", _unshown, 50035, "url"),
    ("@everyone parsed", lambda: {"content": "@everyone", "allowed_mentions": _LOUD},
     50035, "allowed_mentions"),
]  # fmt: skip


class Sender(commands.Cog):
    """Sends whatever a test put in `outbox` as the follow-up of `/send`."""

    def __init__(self) -> None:
        self.outbox: dict[str, Any] = {}
        self.raised: list[discord.HTTPException] = []

    @app_commands.command(name="send")
    async def send(self, interaction: discord.Interaction) -> None:
        """Send the prepared message."""
        await interaction.response.defer(thinking=True)
        try:
            await interaction.followup.send(**({"allowed_mentions": _QUIET} | self.outbox))
        except discord.HTTPException as exc:
            self.raised.append(exc)

    @app_commands.command(name="rows")
    async def rows(self, interaction: discord.Interaction) -> None:
        """Send six action rows (built by hand: discord.py's View stops at five)."""
        await interaction.response.defer(thinking=True)
        try:
            await interaction.client.http.send_message(  # type: ignore[attr-defined]
                C1.id, params=_params(components=_raw_rows(6))
            )
        except discord.HTTPException as exc:
            self.raised.append(exc)
        await interaction.followup.send("done")

    @app_commands.command(name="choices")
    async def choices(self, interaction: discord.Interaction, word: str) -> None:
        """Autocomplete offering too many choices.

        Args:
            word: Anything.
        """
        await interaction.response.send_message(word)

    @choices.autocomplete("word")
    async def too_many(self, interaction: discord.Interaction, current: str):  # noqa: ANN201
        return [app_commands.Choice(name=f"c{i}", value=f"c{i}") for i in range(26)]


def _params(**payload: Any) -> Any:
    from discord.http import MultipartParameters

    return MultipartParameters(payload=payload, multipart=None, files=None)


async def _sender_bot() -> tuple[Harness, Sender]:
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    cog = Sender()
    await bot.add_cog(cog)
    h = await Harness.start(bot)
    h.strict = False  # the refusals are what these tests look at
    return h, cog


@pytest.mark.parametrize(("why", "kwargs", "code", "field"), REFUSED, ids=[r[0] for r in REFUSED])
async def test_the_fake_refuses_what_discord_refuses(
    why: str, kwargs: Kwargs, code: int, field: str
) -> None:
    with no_network():
        h, cog = await _sender_bot()
        cog.outbox = kwargs()
        ex = await h.slash("send")
        (exc,) = cog.raised
        assert exc.status == 400 and exc.code == code, (why, exc)
        assert field in str(exc), (why, str(exc))
        assert not ex.messages, "a refused request shows nothing"
        assert len(h.refused) == 1
        await h.close()


async def test_the_fake_refuses_six_rows_and_26_autocomplete_choices() -> None:
    with no_network():
        h, cog = await _sender_bot()
        await h.slash("rows")
        (exc,) = cog.raised
        assert exc.code == 50035 and "components" in str(exc)
        ex = await h.autocomplete("choices", focused="word", word="")
        assert not ex.choices and "choices" in str(h.refused[-1][2][0])
        h.strict = True
        with pytest.raises(AssertionError, match="Discord would refuse"):
            await h.autocomplete("choices", focused="word", word="")
        await h.close()


async def test_the_fake_accepts_a_message_at_every_limit() -> None:
    """The limits are inclusive: exactly 2000 characters, 25 options, 80-character labels..."""
    with no_network():
        h, cog = await _sender_bot()
        view = _buttons(*(f"c{i}" for i in range(4)), label="l" * 80)
        view.add_item(discord.ui.Select(custom_id="s" * 100, placeholder="p" * 150, row=1,
            options=[discord.SelectOption(label=f"{i:03}" + "o" * 97, value=f"{i:03}" + "v" * 97,
                                          description="d" * 100) for i in range(25)]))  # fmt: skip
        embed = discord.Embed(title="t" * 256, description="d" * 4096)
        embed.set_image(url="attachment://board.png")
        embed.add_field(name="n" * 256, value="v" * 1024)
        cog.outbox = {"content": "x" * 2000, "embed": embed, "view": view, "file": _board()}
        await h.slash("send")
        assert not cog.raised and not h.refused
        await h.close()


@pytest.mark.parametrize(
    ("name", "description", "ok"),
    [
        ("ok-name_1", "fine", True),
        ("Upper", "fine", False),
        ("has space", "fine", False),
        ("x" * 33, "fine", False),
        ("ok", "", False),
        ("ok", "d" * 101, False),
        ("jeu-été", "fine", True),
    ],
)
async def test_command_names_follow_discords_rules(name: str, description: str, ok: bool) -> None:
    command = {"type": 1, "name": name, "description": description}
    assert (not api_limits.command_errors([command])) is ok


async def test_eleven_embeds_are_refused() -> None:
    """discord.py itself stops at ten; a body built by hand with eleven is refused too."""
    body = {"embeds": [{"description": "d"}] * 11}
    (refusal,) = api_limits.message_errors(body)
    assert refusal.path == ("embeds",)


async def test_commands_with_too_many_options_or_required_after_optional_are_refused() -> None:
    many = [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]
    assert api_limits.command_errors(
        [{"type": 1, "name": "c", "description": "d", "options": many}]
    )
    late = [
        {"type": 3, "name": "a", "description": "d"},
        {"type": 3, "name": "b", "description": "d", "required": True},
    ]
    (refusal,) = api_limits.command_errors(
        [{"type": 1, "name": "c", "description": "d", "options": late}]
    )
    assert refusal.code == "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"
    subs = [{"type": 1, "name": f"s{i}", "description": "d"} for i in range(26)]
    assert api_limits.command_errors(
        [{"type": 1, "name": "c", "description": "d", "options": subs}]
    )
