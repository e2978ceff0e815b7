"""Discord's hard limits, checked on EVERY request the bot makes while whole games are played.

Games are played through the harness (real command tree, autocomplete, buttons and drop-downs):
Cathedral with two humans, Kingsburg with 2 seats (one human, one bot, to the end) and with 5
seats (two humans, three bots, the first year). After every interaction the recorded requests are
checked against the API limits (content, embeds, components, autocomplete, attachments), the
interaction-response flow, who may be pinged, that refusals say something, and that no private
event (a Kingsburg peek) leaks into a public message. The synced slash-command tree is checked too.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.games.rejections import Rejection
from bot.table.replies import Reply
from cogs._replies import message_kwargs
from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, GUILD_ID, Exchange, Harness, Sent, User

pytestmark = pytest.mark.asyncio

# Display names at Discord's 32-character maximum, to push every label that quotes a name.
LONG_1 = User(100_000_000_000_000_011, "w" * 32)
LONG_2 = User(100_000_000_000_000_012, "Ǆ" + "m" * 31)
HUMANS = {u.id: u for u in (ALICE, BOB, LONG_1, LONG_2)}
NAME_RE = re.compile(r"^[-_a-z0-9]{1,32}$")
ATTACHMENT_MAX = 8 * 1024 * 1024
OURS_MAX = 300 * 1024
PEEK_SENTENCE = re.compile(r"this winter's enemy is [^.]*, strength \d+")


# ---------------------------------------------------------------------------------- the checker


def _embed_problems(embed: dict[str, Any]) -> list[str]:
    out: list[str] = []
    title = embed.get("title") or ""
    description = embed.get("description") or ""
    fields = embed.get("fields") or []
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    if len(title) > 256:
        out.append(f"embed title {len(title)} > 256")
    if len(description) > 4096:
        out.append(f"embed description {len(description)} > 4096")
    if len(fields) > 25:
        out.append(f"{len(fields)} embed fields > 25")
    total = len(title) + len(description) + len(footer) + len(author)
    for f in fields:
        name, value = f.get("name") or "", f.get("value") or ""
        if not 1 <= len(name) <= 256:
            out.append(f"field name length {len(name)}")
        if not 1 <= len(value) <= 1024:
            out.append(f"field value length {len(value)} ({name!r})")
        total += len(name) + len(value)
    if len(footer) > 2048:
        out.append(f"footer {len(footer)} > 2048")
    if total > 6000:
        out.append(f"embed text total {total} > 6000")
    if not (title or description or fields or embed.get("image")):
        out.append("empty embed")
    return out


def _component_problems(rows: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    if len(rows) > 5:
        out.append(f"{len(rows)} action rows > 5")
    for row in rows:
        if row.get("type") != 1:
            out.append(f"top-level component of type {row.get('type')} is not an action row")
            continue
        items = row.get("components") or []
        if not items:
            out.append("empty action row")
        buttons = [c for c in items if c.get("type") == 2]
        selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
        if len(buttons) > 5:
            out.append(f"{len(buttons)} buttons in a row > 5")
        if selects and len(items) > 1:
            out.append("a select menu must be alone in its row")
        for c in items:
            cid = c.get("custom_id")
            if cid is not None and not 1 <= len(cid) <= 100:
                out.append(f"custom_id length {len(cid)}: {cid[:40]}…")
            if c.get("type") == 2:
                label = c.get("label") or ""
                if len(label) > 80:
                    out.append(f"button label {len(label)} > 80")
                if not label and not c.get("emoji"):
                    out.append("button without label or emoji")
                if cid is None and not c.get("url"):
                    out.append("button without custom_id")
            if c.get("type") == 3:
                options = c.get("options") or []
                if not 1 <= len(options) <= 25:
                    out.append(f"select with {len(options)} options")
                if len(c.get("placeholder") or "") > 150:
                    out.append(f"placeholder {len(c['placeholder'])} > 150")
                values = [o.get("value") or "" for o in options]
                if len(set(values)) != len(values):
                    out.append("duplicate select option values")
                for o in options:
                    if not 1 <= len(o.get("label") or "") <= 100:
                        out.append(f"option label length {len(o.get('label') or '')}")
                    if not 1 <= len(o.get("value") or "") <= 100:
                        out.append(f"option value length {len(o.get('value') or '')}")
                    if len(o.get("description") or "") > 100:
                        out.append("option description > 100")
    return out


def request_problems(s: Sent) -> list[str]:
    """Every Discord limit `s` breaks (empty when it is fine)."""
    out: list[str] = []
    p = s.payload
    if len(s.content) > 2000:
        out.append(f"content {len(s.content)} > 2000")
    embeds = s.embeds
    if len(embeds) > 10:
        out.append(f"{len(embeds)} embeds > 10")
    for embed in embeds:
        out.extend(_embed_problems(embed))
    if sum(len(e.get("description") or "") + len(e.get("title") or "") for e in embeds) > 6000:
        out.append("embeds of one message exceed 6000 characters together")
    out.extend(_component_problems(list(p.get("components") or [])))
    if s.is_message and s.kind != "edit" and not (s.content.strip() or embeds or s.files):
        out.append("a message with nothing to show")
    if len(s.files) > 10:
        out.append(f"{len(s.files)} files > 10")
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
    for ref in referenced:
        if ref not in names:
            out.append(f"embed references attachment://{ref} but the files are {names}")
    if embeds and names and not set(names) <= set(referenced):
        out.append(f"files {names} are not all shown by the embed ({referenced})")
    if s.kind == "response" and s.response_type == 8:
        choices = s.choices
        if len(choices) > 25:
            out.append(f"{len(choices)} autocomplete choices > 25")
        for c in choices:
            name, value = str(c.get("name") or ""), c.get("value")
            if not 1 <= len(name) <= 100:
                out.append(f"choice name length {len(name)}")
            if isinstance(value, str) and len(value) > 100:
                out.append(f"choice value length {len(value)}")
    allowed = p.get("allowed_mentions")
    if s.is_message and allowed is not None:
        parse = allowed.get("parse") or []
        if "everyone" in parse or "roles" in parse:
            out.append(f"allowed_mentions parses {parse}")
    if ("@everyone" in s.content or "@here" in s.content) and (
        allowed is None or "everyone" in (allowed.get("parse") or [])
    ):
        out.append("@everyone/@here would ping")
    return out


class Audit:
    """Runs interactions and checks everything they sent."""

    def __init__(self, h: Harness, channel_id: int = C1.id) -> None:
        self.h = h
        self.channel_id = channel_id
        self.exchanges: list[Exchange] = []
        self.interaction_ids: set[int] = set()

    async def awaited_users(self) -> set[int]:
        """Seated humans the game is waiting for right now."""
        status = await self.h.bot.service.status(self.channel_id)
        if isinstance(status, Rejection) or status.state is None or status.outcome is not None:
            return set()
        users = {seat.user_id for i, seat in enumerate(status.session.seats) if i in status.to_act}
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
    buttons = [c["custom_id"] for c in comps if c.get("type") == 2 and c["custom_id"] != "gh:x"]
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
