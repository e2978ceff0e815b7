"""Table commands against a real GameService on a temp SQLite file, with the fake Race game."""

from __future__ import annotations

import pytest

from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB, CY, FakeRenderer

pytestmark = pytest.mark.asyncio


def public(replies: list[Reply]) -> list[Reply]:
    return [r for r in replies if not r.ephemeral and r.only_for is None]


def one_refusal(replies: list[Reply]) -> Reply:
    assert len(replies) == 1, replies
    assert replies[0].ephemeral and replies[0].only_for is None
    return replies[0]


async def started(table: Table, *, bots: tuple[str, ...] = ()) -> None:
    """Alice hosts a Race game with Bob (and bots), started."""
    assert public(await table.new(ALICE, "race", "target=30"))
    assert public(await table.join(BOB))
    for bot in bots:
        assert public(await table.add_bot(ALICE, bot))
    assert public(await table.start(ALICE))


async def test_lobby_flow(table: Table) -> None:
    """new -> join -> add-bot -> start, each answered in public with the seats."""
    [opened] = await table.new(ALICE, "race", "target=12")
    assert not opened.ephemeral
    assert "Alice" in opened.text and "Race" in (opened.title or "")
    assert "target=12" in dict(opened.fields)["Options"]
    [joined] = await table.join(BOB)
    seats = dict(joined.fields)
    assert "1. Alice" in next(v for k, v in seats.items() if k.startswith("Seats"))
    assert "2. Bob" in next(v for k, v in seats.items() if k.startswith("Seats"))
    [added] = await table.add_bot(ALICE, "random")
    assert "Random bot" in added.text
    [left] = await table.leave(BOB)
    assert "Bob left" in left.text
    replies = await table.start(ALICE)
    assert public(replies)[0].title == "Race begins"


async def test_lobby_refusals_are_single_ephemeral_replies(table: Table) -> None:
    """Refused lobby commands give one ephemeral sentence."""
    assert "no game" in one_refusal(await table.join(BOB)).text.lower()
    await table.new(ALICE, "race")
    assert "already" in one_refusal(await table.new(BOB, "race")).text
    assert "host" in one_refusal(await table.add_bot(BOB, "random")).text.lower()
    assert "no bot" in one_refusal(await table.add_bot(ALICE, "wizard")).text
    assert "at least 2" in one_refusal(await table.start(ALICE)).text
    refused = one_refusal(await table.new(CY, "race", "target"))
    assert "key=value" in refused.text


async def test_bad_option_is_refused(table: Table) -> None:
    """Options are validated by the game spec."""
    refused = one_refusal(await table.new(ALICE, "race", "target=99"))
    assert "at most 30" in refused.text


async def test_accepted_move_posts_public_board_and_mentions_next(
    table: Table, renderer: FakeRenderer
) -> None:
    """A move gives a public reply with the spectator board and pings the next human."""
    await started(table)
    renderer.calls.clear()
    replies = await table.move(ALICE, "roll")
    [pub] = public(replies)
    assert pub.image is not None and pub.image.png.startswith(b"\x89PNG")
    assert pub.title == "Alice played roll"
    assert "rolled" in pub.text
    assert pub.mentions == (BOB.user_id,)
    # Whose turn is said once, in the text; a "To move" field would repeat it.
    assert "Your move, Bob (runner 2)." in pub.text
    assert all(name != "To move" for name, _ in pub.fields)
    # Rendered from the public view: no hidden card in it.
    [(game, view)] = renderer.calls
    assert game == "race" and view.my_card is None


async def test_refused_move_is_one_ephemeral_reply_and_changes_nothing(
    table: Table, service: GameService
) -> None:
    """A refused move answers the engine's sentence privately; the version does not move."""
    await started(table)
    before = await service.status(ALICE.channel_id)
    assert not isinstance(before, Rejection)
    refused = one_refusal(await table.move(ALICE, "dance"))
    assert "dance" in refused.text and "roll" in refused.text
    assert "not your turn" in one_refusal(await table.move(BOB, "roll")).text.lower()
    assert "not playing" in one_refusal(await table.move(CY, "roll")).text
    after = await service.status(ALICE.channel_id)
    assert not isinstance(after, Rejection)
    assert after.session.version == before.session.version
    assert after.session.ply == before.session.ply == 0


async def test_stale_version_is_refused(table: Table, service: GameService) -> None:
    """A move made against an old version (an old button) is refused as stale."""
    await started(table)
    status = await service.status(ALICE.channel_id)
    assert not isinstance(status, Rejection)
    refused = one_refusal(await table.move(ALICE, "roll", status.session.version - 1))
    assert "moved on" in refused.text


async def test_private_events_go_only_to_their_owner(table: Table) -> None:
    """Playing a card draws a hidden one: its value goes to Alice alone, others see a sentence."""
    await started(table)
    replies = await table.move(ALICE, "play")
    [pub] = public(replies)
    private = [r for r in replies if r.only_for is not None]
    assert [r.only_for for r in private] == [ALICE.user_id]
    assert "You drew gem" in private[0].text
    assert "drew a card" in pub.text
    assert "You drew" not in pub.text


async def test_private_events_of_another_player_are_not_ephemeral_to_caller(
    table: Table,
) -> None:
    """Bob's private draw after Alice's move reaches Bob only, not as Alice's ephemeral reply."""
    await started(table)
    await table.move(ALICE, "roll")
    replies = await table.move(BOB, "play")
    private = [r for r in replies if r.only_for is not None]
    assert [(r.only_for, r.ephemeral) for r in private] == [(BOB.user_id, True)]


async def test_simultaneous_phase_names_who_is_awaited(table: Table) -> None:
    """When several may act, the reply names everyone still awaited and pings them, but never
    the player who just acted."""
    await started(table)
    await table.move(ALICE, "roll")
    [pub] = public(await table.move(BOB, "roll"))
    assert "Still waiting for: Alice (runner 1) and Bob (runner 2)." in pub.text
    assert set(pub.mentions) == {ALICE.user_id}
    [pub] = public(await table.move(BOB, "ready"))
    assert "Still waiting" not in pub.text
    assert pub.mentions == (ALICE.user_id,)


async def test_bot_moves_are_reported(table: Table) -> None:
    """Bots that act after a human move are listed in the same reply."""
    await started(table, bots=("greedy",))
    await table.move(ALICE, "roll")
    [pub] = public(await table.move(BOB, "roll"))
    assert "Greedy bot (runner 3)" in pub.text


async def test_choices_filter_and_limit(table: Table) -> None:
    """Autocomplete lists only the caller's legal moves, filtered, at most 25."""
    await started(table)
    assert await table.choices(ALICE, "") == ["play", "roll"]
    assert await table.choices(ALICE, "ro") == ["roll"]
    assert await table.choices(BOB, "") == []  # not Bob's turn
    assert await table.legal(CY) == []


async def test_status_public_board_and_private_view(table: Table, renderer: FakeRenderer) -> None:
    """Status: public board from the spectator view; the caller's hidden card only to them."""
    await started(table)
    renderer.calls.clear()
    replies = await table.status(ALICE)
    [pub] = public(replies)
    assert pub.image is not None
    assert ("To move", "Alice (runner 1)") in pub.fields
    assert ("Scores", "Alice (runner 1) 0, Bob (runner 2) 0") in pub.fields
    private = [r for r in replies if r.ephemeral]
    assert len(private) == 1 and private[0].image is not None
    views = [view for _, view in renderer.calls]
    assert views[0].my_card is None and views[1].my_card is not None
    # A spectator sees only the public part.
    assert len(await table.status(CY)) == 1


async def test_status_in_lobby_and_after_the_end(table: Table) -> None:
    """Status shows the lobby before the start and the final board after an abandon."""
    await table.new(ALICE, "race")
    [lobby] = await table.status(BOB)
    assert "lobby" in (lobby.title or "").lower()
    await table.join(BOB)
    await table.start(ALICE)
    await table.abandon(ALICE)
    [final] = public(await table.status(BOB))
    assert "abandoned" in (final.title or "")
    assert final.image is not None


async def test_history_lists_moves_with_notation(table: Table) -> None:
    """History shows the last moves, oldest first, with public events only."""
    await started(table)
    await table.move(ALICE, "play")
    await table.move(BOB, "roll")
    [hist] = await table.history(BOB, limit=10)
    lines = hist.text.splitlines()
    assert len(lines) == 2
    assert "Alice (runner 1)" in lines[0] and "`play`" in lines[0]
    assert "drew a card" in lines[0] and "You drew" not in lines[0]
    assert "`roll`" in lines[1]
    [last] = await table.history(BOB, limit=1)
    assert len(last.text.splitlines()) == 1


async def test_abandon_by_vote_and_by_host(table: Table) -> None:
    """A non-host votes (waiting for the others); the host ends it at once."""
    await started(table)
    [vote] = await table.abandon(BOB)
    assert "waiting for Alice" in vote.text and vote.mentions == (ALICE.user_id,)
    [ended] = await table.abandon(ALICE)
    assert "abandoned" in (ended.title or "")
    after = one_refusal(await table.move(ALICE, "roll")).text
    assert after.startswith("The Race game here has ended: Abandoned by the host")
    assert after.endswith("Start a new one with /game new.")


async def test_rules_of_named_and_channel_game(table: Table) -> None:
    """Rules: of the named game, else of the channel's; unknown names are refused."""
    [named] = await table.rules(ALICE, "race")
    assert named.ephemeral and "Race to the target" in named.text
    refused = one_refusal(await table.rules(ALICE))
    assert "/game rules" in refused.text
    await table.new(ALICE, "race")
    [here] = await table.rules(BOB)
    assert "Race to the target" in here.text
    assert "wizardry" in one_refusal(await table.rules(ALICE, "wizardry")).text


async def test_help_lists_commands(table: Table) -> None:
    """Help is one ephemeral page with the /game commands and the game move commands."""
    [page] = await table.help(ALICE)
    assert page.ephemeral
    for command in ("/game new", "/game join", "/game start", "/game status", "/cathedral place"):
        assert command in page.text


async def test_run_line_drives_the_table(table: Table) -> None:
    """Typed lines reach the same commands."""
    assert public(await table.run_line(ALICE, "/game new race target=5"))
    assert public(await table.run_line(BOB, "/game join"))
    assert public(await table.run_line(ALICE, "/game start"))
    [pub] = public(await table.run_line(ALICE, "/race roll"))
    assert pub.title == "Alice played roll"
    [pub] = public(await table.run_line(BOB, "roll"))
    assert "Bob" in (pub.title or "")
    [moves] = await table.run_line(ALICE, "/game moves")
    assert moves.ephemeral and "`ready`" in moves.text
    assert "don't know" in one_refusal(await table.run_line(ALICE, "/frobnicate")).text
