"""`/game …` through the real command tree, on a temp SQLite file."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, C2, CAROL, Harness

pytestmark = pytest.mark.asyncio


async def _lobby(h: Harness, game: str = "cathedral", channel=C1) -> None:  # noqa: ANN001
    ex = await h.slash("game new", game=game, user=ALICE, channel=channel)
    assert ex.public, ex.text
    ex = await h.slash("game join", user=BOB, channel=channel)
    assert ex.public, ex.text


async def _started(h: Harness, game: str = "cathedral", channel=C1) -> None:  # noqa: ANN001
    await _lobby(h, game, channel)
    ex = await h.slash("game start", user=ALICE, channel=channel)
    assert ex.public and ex.files, ex.text


async def test_new_opens_a_public_lobby_and_acknowledges_privately(h: Harness) -> None:
    """/game new: the lobby is public, the host gets a private acknowledgement."""
    ex = await h.slash("game new", game="cathedral", options="games=2", user=ALICE)
    assert ex.response_types == [5]  # deferred within Discord's 3 seconds
    assert ex.messages[0].ephemeral
    (lobby,) = ex.public
    assert "Cathedral lobby" in lobby.text and "Alice" in lobby.text and "games=2" in lobby.text
    assert lobby.pinged_ids == []


async def test_new_refuses_an_unknown_game_and_bad_options(h: Harness) -> None:
    """Mistakes are private sentences; nothing is created."""
    ex = await h.slash("game new", game="chess")
    assert not ex.public and "no game called 'chess'" in ex.ephemeral_text
    ex = await h.slash("game new", game="cathedral", options="games=99")
    assert not ex.public and "games" in ex.ephemeral_text
    ex = await h.slash("game new", game="cathedral", options="games=2 games=3")
    assert not ex.public and ex.ephemeral_text == "Option 'games' is given twice."
    ex = await h.slash("game status")
    assert not ex.public  # still no lobby here


async def test_game_autocomplete_offers_registered_games(h: Harness) -> None:
    """The game option autocompletes from the registry, filtered by what is typed."""
    ex = await h.autocomplete("game new", focused="game", game="cat")
    assert ex.choice_values == ["cathedral"]
    ex = await h.autocomplete("game new", focused="game", game="")
    assert {"cathedral", "kingsburg"} <= set(ex.choice_values)
    ex = await h.autocomplete("game rules", focused="game", game="king")
    # "king" also matches "Architects of the West Kingdom"; the prefix match comes first.
    assert ex.choice_values[0] == "kingsburg"


async def test_new_in_a_thread_posts_the_lobby_there(h: Harness) -> None:
    """thread:true opens a public thread; the lobby lives in it and is joined from it."""
    ex = await h.slash("game new", game="cathedral", thread=True, user=ALICE, channel=C1)
    (created,) = ex.threads
    assert created.payload["type"] == 11 and "Cathedral" in created.payload["name"]
    thread_id = next(iter(h.rec.threads))
    assert f"<#{thread_id}>" in ex.ephemeral_text
    assert not [m for m in ex.public if m.channel_id == C1.id]  # nothing public in the parent
    (lobby,) = h.channel_messages(thread_id)
    assert "Cathedral lobby" in lobby.text
    thread = h.thread(thread_id)
    ex = await h.slash("game join", user=BOB, channel=thread)
    assert "Bob joined" in ex.public_text
    # The parent channel stays free for another game.
    ex = await h.slash("game new", game="cathedral", user=CAROL, channel=C1)
    assert ex.public


async def test_join_leave_and_refusals(h: Harness) -> None:
    """Join and leave answer publicly; joining twice or a full table is refused privately."""
    await h.slash("game new", game="cathedral", user=ALICE)
    ex = await h.slash("game join", user=ALICE)
    assert not ex.public and ex.ephemeral_text
    ex = await h.slash("game join", user=BOB)
    assert "Bob joined" in ex.public_text
    ex = await h.slash("game join", user=CAROL)
    assert not ex.public and ex.ephemeral_text  # Cathedral seats two
    ex = await h.slash("game leave", user=BOB)
    assert ex.public and "Bob" in ex.public_text
    ex = await h.slash("game join", user=CAROL)
    assert "Carol joined" in ex.public_text


async def test_add_bot_autocompletes_engine_bots_and_seats_one(h: Harness) -> None:
    """add-bot offers the levels first (easy, strong), then the engine's other bots; the host
    seats one and can start."""
    await h.slash("game new", game="cathedral", user=ALICE)
    ex = await h.autocomplete("game add-bot", focused="name", name="h")
    assert ex.choice_values == ["heuristic"]
    ex = await h.autocomplete("game add-bot", focused="name", name="")
    assert ex.choice_values == ["easy", "strong", "heuristic", "random"]
    ex = await h.slash("game add-bot", name="random", user=BOB)
    assert not ex.public  # only the host may add bots
    ex = await h.slash("game add-bot", name="random", user=ALICE)
    assert ex.public
    ex = await h.slash("game start", user=ALICE)
    assert ex.files and ex.public[0].pinged_ids == []  # Alice moves first: she typed it


async def test_add_bot_autocomplete_without_a_lobby_is_empty(h: Harness) -> None:
    """No lobby here: no bot names (and no error)."""
    ex = await h.autocomplete("game add-bot", focused="name", name="")
    assert ex.choices == [] and ex.response_types == [8]


async def test_start_posts_the_board_and_pings_only_the_first_player(h: Harness) -> None:
    """/game start: a PNG board, an embed, and a ping for whoever moves first only (not when
    that is the host who started it)."""
    await _lobby(h)
    ex = await h.slash("game start", user=BOB)
    assert not ex.public  # not the host
    ex = await h.slash("game start", user=ALICE)
    (board,) = ex.public
    (name, png) = board.files[0]
    assert name.endswith(".png") and png.startswith(b"\x89PNG")
    assert board.embeds and board.embeds[0]["image"]["url"] == f"attachment://{name}"
    assert board.pinged_ids == []  # Alice moves first, and she is here: no self-ping
    assert board.payload["allowed_mentions"]["parse"] == []


async def test_status_history_and_rules(h: Harness) -> None:
    """status shows the board; history lists moves; rules default to this channel's game."""
    await _started(h)
    await h.slash("cathedral move", notation="Cathedral D4 0", user=ALICE)
    ex = await h.slash("game status", user=CAROL, public=True)
    assert ex.files and "Bob" in ex.public_text
    ex = await h.slash("game history", user=BOB, public=True)
    assert "Cathedral D4 0" in ex.text
    ex = await h.slash("game rules", user=CAROL)
    assert "Cathedral" in ex.text and len(ex.text) > 200
    ex = await h.slash("game rules", game="kingsburg", channel=C2)
    assert "Kingsburg" in ex.text
    ex = await h.slash("game help", channel=C2)
    assert "/game new" in ex.text


async def test_abandon_by_the_host_ends_the_game(h: Harness) -> None:
    """The host abandons at once; afterwards a move is refused."""
    await _started(h)
    ex = await h.slash("game abandon", user=CAROL)
    assert not ex.public  # not a player
    ex = await h.slash("game abandon", user=ALICE)
    assert ex.public and "abandon" in ex.public_text.lower()
    ex = await h.slash("cathedral place", piece="Cathedral", square="D4", rotation=0)
    assert not ex.public and ex.ephemeral_text


async def test_two_bots_restart_keeps_the_lobby(start_bot: StartBot) -> None:
    """A lobby survives a restart of the bot (same database file)."""
    first = await start_bot()
    await first.slash("game new", game="cathedral", user=ALICE)
    await first.close()
    second = await start_bot()
    ex = await second.slash("game join", user=BOB)
    assert "Bob joined" in ex.public_text
