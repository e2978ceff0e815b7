"""Ready for real servers, through the real command tree: permissions (a harness mode
where the bot lacks them), options checked before a thread exists, bots healed after a failure
or a restart in the middle of their chain, moderators, settings, discovery, notifications,
unknown buttons, deleted and archived places, damaged games."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.storage.records import SessionStatus
from bot.table.format import BOTS_FAILED
from cogs.components import OUTDATED
from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, C2, CAROL, GUILD_ID, MIA, Harness

pytestmark = pytest.mark.asyncio


def _sessions(h: Harness):  # noqa: ANN202
    return h.bot.service.list_open()


async def _cathedral_vs_bot(h: Harness) -> None:
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game add-bot", name="heuristic", user=ALICE)
    await h.slash("game start", user=ALICE)


async def _first_legal(h: Harness, user=ALICE, channel=C1) -> str:  # noqa: ANN001
    from cogs._replies import Caller

    caller = Caller(None, channel.id, user.id, user.name)
    legal = await h.bot.table.legal(caller)
    assert legal
    return legal[0]


# ------------------------------------------------------------------ permissions


async def test_missing_thread_permission_is_named_and_no_thread_is_left(h: Harness) -> None:
    """Without Create Public Threads: a sentence naming it and where to grant it; nothing is
    created (no thread request, no lobby)."""
    h.deny("create_public_threads")
    ex = await h.slash("game new", game="cathedral", thread=True, user=ALICE)
    assert "Create Public Threads" in ex.ephemeral_text
    assert "Server Settings" in ex.ephemeral_text
    assert not [s for s in h.sent if s.kind == "thread"]
    assert await _sessions(h) == ()


async def test_forbidden_after_the_thread_exists_removes_it(h: Harness) -> None:
    """Discord refuses the post in the new thread (the permission went away meanwhile): the
    lobby is closed, the thread deleted, and the sentence names Send Messages in Threads."""
    h.deny("send_messages_in_threads", announced=False)
    ex = await h.slash("game new", game="cathedral", thread=True, user=ALICE)
    assert "Send Messages in Threads" in ex.ephemeral_text
    (thread,) = [s for s in h.sent if s.kind == "thread"]
    assert any(s.method == "DELETE" for s in h.sent if s.kind == "other")
    assert await _sessions(h) == ()
    del thread


async def test_missing_channel_permission_is_named(h: Harness) -> None:
    """A table in a channel where the bot may not attach images is refused up front."""
    h.deny("attach_files")
    ex = await h.slash("game new", game="cathedral", user=ALICE)
    assert "Attach Files" in ex.ephemeral_text
    assert await _sessions(h) == ()


async def test_bad_options_are_refused_before_any_thread(h: Harness) -> None:
    """`thread:true options:games=abc`: refused with the option's sentence; no thread."""
    ex = await h.slash("game new", game="cathedral", thread=True, options="games=abc", user=ALICE)
    assert "games" in ex.ephemeral_text
    assert not [s for s in h.sent if s.kind == "thread"]
    assert await _sessions(h) == ()


# ------------------------------------------------------------------ nothing stalls


async def test_a_failure_after_the_saved_move_is_told_truthfully_and_healed_by_status(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bots' reply fails after Alice's move was saved: she is told the move was saved;
    `/game status` then moves the bot on and shows its move."""
    await _cathedral_vs_bot(h)
    move = await _first_legal(h)

    async def broken(self: GameService, session_id: int) -> Any:
        raise RuntimeError("the bots crashed")

    monkeypatch.setattr(GameService, "run_bots", broken)
    ex = await h.slash("cathedral move", notation=move, user=ALICE)
    assert BOTS_FAILED in ex.text
    (session,) = await _sessions(h)
    assert session.ply == 1  # Alice's move is saved
    monkeypatch.undo()
    status = await h.slash("game status", user=BOB)
    assert "Heuristic bot" in status.public_text
    (session,) = await _sessions(h)
    assert session.ply == 2  # the bot has replied


async def test_a_failure_after_the_saved_move_is_healed_by_a_restart(
    start_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same failure, then the bot restarts: the game is moved on at start and the bot's move
    is posted in the channel."""
    h = await start_bot()
    await _cathedral_vs_bot(h)
    await h.slash("game notify", setting="on", user=ALICE)
    move = await _first_legal(h)

    async def broken(self: GameService, session_id: int) -> Any:
        raise RuntimeError("the bots crashed")

    monkeypatch.setattr(GameService, "run_bots", broken)
    await h.slash("cathedral move", notation=move, user=ALICE)
    monkeypatch.undo()
    await h.close()
    again = await start_bot()
    posts = await again.bot.get_cog("TableCog").resume_games()
    assert posts and posts[0].channel_id == C1.id
    assert any("Heuristic bot" in m.text for m in again.channel_messages(C1.id))
    # Alice asked to be told: the bot's reply makes it her turn, so she gets a DM.
    assert [s for s in again.sent if s.kind == "dm" and s.recipient == ALICE.id]
    (session,) = await again.bot.service.list_open()
    assert session.ply == 2


async def test_a_restart_in_the_middle_of_a_bot_chain_finishes_it(
    start_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kingsburg, Alice and two bots: the process dies after the bots' third move of a long
    chain. After a restart the chain is finished and Alice is awaited again."""
    h = await start_bot(seed=3)
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game add-bot", name="heuristic", user=ALICE)
    await h.slash("game add-bot", name="random", user=ALICE)
    await h.slash("game start", user=ALICE)
    await h.slash("kingsburg act", notation="aid gold", user=ALICE)
    original = GameService._bot_move
    calls = 0

    def dying(self: GameService, *args: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise SystemError("the process died")
        return original(self, *args)

    monkeypatch.setattr(GameService, "_bot_move", dying)
    await h.slash("kingsburg act", notation="influence 10 with 5+3+2", user=ALICE)
    (stuck,) = await h.bot.service.list_open()
    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    assert any(s.is_bot and s.seat in status.to_act for s in stuck.seats)
    monkeypatch.undo()
    await h.close()
    again = await start_bot(seed=3)
    await again.bot.get_cog("TableCog").resume_games()
    status = await again.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    (session,) = await again.bot.service.list_open()
    assert session.ply > stuck.ply
    assert not any(s.is_bot and s.seat in status.to_act for s in session.seats)


# ------------------------------------------------------------------ moderators


async def test_a_moderator_ends_any_game(h: Harness) -> None:
    """Mia (Manage Threads) is no player, yet ends the game at once; records stay."""
    await _cathedral_vs_bot(h)
    ex = await h.slash("game abandon", user=MIA)
    assert "Ended by a moderator" in ex.public_text
    assert await _sessions(h) == ()
    latest = await h.bot.service.latest(C1.id)
    assert latest is not None and latest.status is SessionStatus.ABANDONED


async def test_a_player_without_the_permission_only_votes(h: Harness) -> None:
    """Bob (no moderation permission) is not the host: his abandon is a vote, not an end."""
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    ex = await h.slash("game abandon", user=BOB)
    assert "votes to abandon" in ex.public_text
    assert len(await _sessions(h)) == 1


async def test_a_moderator_pauses_and_resumes(h: Harness) -> None:
    """A paused game refuses moves with a sentence; resumed, it plays on."""
    await _cathedral_vs_bot(h)
    move = await _first_legal(h)
    assert "paused" in (await h.slash("game pause", user=MIA)).public_text
    refused = await h.slash("cathedral move", notation=move, user=ALICE)
    assert "paused" in refused.ephemeral_text
    assert "paused" not in (await h.slash("game pause", user=CAROL)).public_text  # no power
    assert "resumed" in (await h.slash("game resume", user=MIA)).public_text
    played = await h.slash("cathedral move", notation=move, user=ALICE)
    assert played.public


async def test_a_moderator_hands_a_seat_to_a_bot_and_the_host_role_moves_on(h: Harness) -> None:
    """Removing the host's seat in a running game: a bot takes it, Bob becomes host."""
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    ex = await h.slash("game kick", seat=1, user=MIA)
    assert "a computer player takes the seat" in ex.public_text
    (session,) = await _sessions(h)
    assert session.host_user_id == BOB.id
    assert session.seats[0].is_bot
    refused = await h.slash("game kick", seat=2, user=CAROL)
    assert "moderator" in refused.ephemeral_text


async def test_the_host_role_can_be_handed_on(h: Harness) -> None:
    """The host (or a moderator) names another player as host."""
    from cogs._replies import Caller

    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    alice = Caller(None, C1.id, ALICE.id, "Alice")
    (reply,) = await h.bot.table.hand_host(alice, BOB.id)
    assert "Bob" in reply.text or "bob" in reply.text
    (session,) = await _sessions(h)
    assert session.host_user_id == BOB.id


# ------------------------------------------------------------------ settings and discovery


async def test_settings_are_shown_and_changed_by_managers_only(h: Harness) -> None:
    """Anyone sees them; only Manage Server changes them; they are stored (survive reads)."""
    shown = await h.slash("game settings", user=ALICE)
    assert "Reminders" in shown.ephemeral_text
    refused = await h.slash("game settings", reminder_hours=12.0, user=ALICE)
    assert "Manage Server" in refused.ephemeral_text
    saved = await h.slash(
        "game settings", reminder_hours=12.0, turn_limit_action="bot", turn_hours=48.0, user=MIA
    )
    assert "12 hours" in saved.ephemeral_text and "takes over" in saved.ephemeral_text
    conf = await h.bot.table.conf(h.bot.table.defaults and (await _guild(h)))
    assert conf.reminder_hours == 12.0 and conf.timeout_action == "bot"
    await h.slash("game new", game="cathedral", user=ALICE)
    (session,) = await _sessions(h)
    assert session.turn_timeout_s == 48 * 3600  # the server's default turn limit


async def _guild(h: Harness) -> int:
    from tests.cogs.harness import GUILD_ID

    return GUILD_ID


async def test_settings_survive_a_restart(start_bot: StartBot) -> None:
    """Stored in SQLite: a new bot on the same file has them."""
    h = await start_bot()
    await h.slash("game settings", lobby_cap=1, user=MIA)
    await h.close()
    again = await start_bot()
    assert (await again.bot.table.conf(await _guild(again))).lobby_cap == 1
    await again.slash("game new", game="cathedral", user=ALICE)
    refused = await again.slash("game new", game="cathedral", user=ALICE, channel=C2)
    assert "cap" in refused.ephemeral_text


async def test_list_and_mine(h: Harness) -> None:
    """`/game list`: this server's games with links and whose turn; `/game mine`: the caller's
    games, their moves first. Both private."""
    await _cathedral_vs_bot(h)
    await h.slash("game new", game="kingsburg", user=BOB, channel=C2)
    listed = await h.slash("game list", user=CAROL)
    assert not listed.public
    assert "https://discord.com/channels/" in listed.ephemeral_text
    assert "Cathedral" in listed.ephemeral_text and "Kingsburg" in listed.ephemeral_text
    mine = await h.slash("game mine", user=ALICE)
    assert not mine.public
    assert "Your move" in mine.ephemeral_text and "Kingsburg" not in mine.ephemeral_text
    nothing = await h.slash("game mine", user=CAROL)
    assert "not seated" in nothing.ephemeral_text


async def test_notify_sends_a_dm_and_a_refused_dm_turns_it_off(h: Harness) -> None:
    """With notifications on, Bob gets a DM when Alice's move makes it his turn; when his DMs
    are closed nothing is posted in the channel and his notifications are turned off."""
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    assert "direct message" in (await h.slash("game notify", setting="on", user=BOB)).text
    move = await _first_legal(h)
    ex = await h.slash("cathedral move", notation=move, user=ALICE)
    assert [d for d in ex.dms if d.recipient == BOB.id]
    h.close_dms(BOB)
    move = await _first_legal(h, user=BOB)
    await h.slash("cathedral move", notation=move, user=BOB)
    assert "direct message" in (await h.slash("game notify", setting="on", user=ALICE)).text
    move = await _first_legal(h)
    ex = await h.slash("cathedral move", notation=move, user=ALICE)
    assert not ex.dms
    assert "news only you" not in ex.public_text
    assert not await h.bot.table.extras.notify(BOB.id)


# ------------------------------------------------------------------ safety and upkeep


async def test_unknown_buttons_get_a_sentence(h: Harness) -> None:
    """A custom_id no template matches (an older layout, or a forged one) is answered."""
    for custom_id in ("old:move:1:2", "gh:m:" + "9" * 5000 + ":1:x", "gh:zz"):
        ex = await h.click(custom_id, user=ALICE)
        assert OUTDATED in ex.ephemeral_text


async def test_names_are_escaped_in_posts(h: Harness) -> None:
    """A display name full of markdown shows as typed in the lobby post."""
    from tests.cogs.harness import User

    odd = User(100_000_000_000_000_009, "**bold**||x||")
    ex = await h.slash("game new", game="cathedral", user=odd)
    assert "\\*\\*" in ex.public_text and "\\|\\|" in ex.public_text


async def test_a_deleted_channel_ends_its_games(h: Harness) -> None:
    """The gateway's channel-delete and thread-delete events end the games there; records stay."""
    await _cathedral_vs_bot(h)
    await h.slash("game new", game="cathedral", thread=True, user=BOB, channel=C2)
    (thread_sent,) = [s for s in h.sent if s.kind == "thread"]
    thread_id = max(h.rec.threads)
    cog = h.bot.get_cog("TableCog")
    # Shaped like discord.py's objects: a GuildChannel has `.guild`, the raw thread event
    # `.guild_id`; the table then searches that server's games only.
    guild = type("Guild", (), {"id": GUILD_ID})()
    await cog.on_guild_channel_delete(type("Gone", (), {"id": C1.id, "guild": guild})())
    assert [s.place_id for s in await _sessions(h)] == [thread_id]

    class Raw:
        pass

    raw = Raw()
    raw.thread_id = thread_id  # type: ignore[attr-defined]
    raw.guild_id = GUILD_ID  # type: ignore[attr-defined]
    await cog.on_raw_thread_delete(raw)
    assert await _sessions(h) == ()
    del thread_sent


async def test_an_archived_thread_is_unarchived_to_post(h: Harness) -> None:
    """A bot's post into an archived thread unarchives it and goes through."""
    from bot.table.replies import ChannelPost, Reply

    await h.slash("game new", game="cathedral", thread=True, user=ALICE)
    thread_id = max(h.rec.threads)
    h.archive(thread_id)
    posted = await h.bot.get_cog("TableCog").post(ChannelPost(thread_id, Reply(text="hello")))
    assert posted and thread_id not in h.rec.archived


async def test_a_damaged_game_says_so_and_can_be_ended(h: Harness) -> None:
    """A corrupted snapshot: status and moves say the game cannot be read; the host ends it;
    other games go on."""
    await _cathedral_vs_bot(h)
    await h.slash("game new", game="cathedral", user=BOB, channel=C2)
    (session, _) = await _sessions(h)
    await h.bot.store._run(
        lambda conn: conn.execute(
            "UPDATE sessions SET state = '{\"v\": 999}', version = version + 1 WHERE id = ?",
            (session.id,),
        ),
        write=True,
    )
    h.bot.service._forget(session)
    ex = await h.slash("game status", user=ALICE)
    assert "cannot be read" in ex.ephemeral_text
    ended = await h.slash("game abandon", user=ALICE)
    assert "abandon" in ended.public_text.lower()
    assert [s.place_id for s in await _sessions(h)] == [C2.id]


async def test_turn_limit_action_bot_takes_the_late_seat(h: Harness) -> None:
    """With "a bot takes the late seat", a passed turn limit hands the awaited seat to a bot
    and the game goes on; with "nothing", the game stays as it is."""
    from datetime import UTC, datetime, timedelta

    await h.slash("game settings", turn_limit_action="bot", user=MIA)
    await h.slash("game new", game="cathedral", user=ALICE, turn_hours=2.0)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    cog = h.bot.get_cog("TableCog")
    posts = await cog.run_timers(datetime.now(UTC) + timedelta(hours=3))
    assert posts and "takes over" in posts[0].reply.text
    (session,) = await _sessions(h)
    assert session.status is SessionStatus.ACTIVE
    assert sum(s.is_bot for s in session.seats) == 1 and session.ply >= 1


async def test_turn_limit_action_nothing_keeps_the_game(h: Harness) -> None:
    """ "nothing": past the limit the game stays open and unchanged."""
    from datetime import UTC, datetime, timedelta

    await h.slash("game settings", turn_limit_action="nothing", user=MIA)
    await h.slash("game new", game="cathedral", user=ALICE, turn_hours=2.0)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    await h.bot.get_cog("TableCog").run_timers(datetime.now(UTC) + timedelta(hours=3))
    (session,) = await _sessions(h)
    assert session.status is SessionStatus.ACTIVE and session.ply == 0


async def test_threads_by_default_and_allowed_channels(h: Harness) -> None:
    """`threads`: `/game new` without `thread:` opens a thread; the channel list refuses new
    tables elsewhere, naming where they may be opened."""
    from cogs._replies import Caller
    from tests.cogs.harness import GUILD_ID

    await h.slash("game settings", threads=True, user=MIA)
    await h.slash("game new", game="cathedral", user=ALICE)
    assert [s for s in h.sent if s.kind == "thread"]
    manager = Caller(GUILD_ID, C1.id, MIA.id, "Mia", moderator=True, manager=True)
    await h.bot.table.settings(manager, channels=[C2.id])
    refused = await h.slash("game new", game="kingsburg", thread=False, user=BOB)
    assert f"<#{C2.id}>" in refused.ephemeral_text
    opened = await h.slash("game new", game="kingsburg", thread=False, user=BOB, channel=C2)
    assert opened.public


async def test_a_host_leaving_the_server_hands_the_role_on(h: Harness) -> None:
    """The member-remove event: Bob, the next human, becomes host of Alice's games."""
    from types import SimpleNamespace

    from tests.cogs.harness import GUILD_ID

    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    payload = SimpleNamespace(guild_id=GUILD_ID, user=SimpleNamespace(id=ALICE.id))
    await h.bot.get_cog("TableCog").on_raw_member_remove(payload)
    (session,) = await _sessions(h)
    assert session.host_user_id == BOB.id


async def test_a_failed_bot_reply_is_retried_by_the_timer_loop(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game whose bots failed is queued; the next timer round plays and posts the reply."""
    await _cathedral_vs_bot(h)
    move = await _first_legal(h)

    async def broken(self: GameService, session_id: int) -> Any:
        raise RuntimeError("the bots crashed")

    monkeypatch.setattr(GameService, "run_bots", broken)
    await h.slash("cathedral move", notation=move, user=ALICE)
    assert h.bot.table.pending_bots
    posts = await h.bot.get_cog("TableCog").run_timers()
    assert posts == [] and h.bot.table.pending_bots  # still failing: kept for the next round
    monkeypatch.undo()
    posts = await h.bot.get_cog("TableCog").run_timers()
    assert posts and not h.bot.table.pending_bots
    (session,) = await _sessions(h)
    assert session.ply == 2
