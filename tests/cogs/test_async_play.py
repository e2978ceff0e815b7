"""Away mode, undo with consent, replays, finished games and score sheets through the real
command tree (`/game away|back|standin|undo|replay|finished` and their buttons)."""

from __future__ import annotations

import pytest

from bot.games.rejections import Rejection
from tests.cogs.harness import ALICE, BOB, C1, Harness

pytestmark = pytest.mark.asyncio


async def _cathedral(h: Harness, *, bot: bool = False) -> None:
    await h.slash("game new", game="cathedral", user=ALICE)
    if bot:
        await h.slash("game add-bot", name="heuristic", user=ALICE)
    else:
        await h.slash("game join", user=BOB)
    ex = await h.slash("game start", user=ALICE)
    assert ex.public, ex.text


async def _legal(h: Harness, user_id: int) -> list[str]:
    service = h.bot.service  # type: ignore[attr-defined]
    status = await service.status(C1.id)
    if isinstance(status, Rejection):  # the game is over
        return []
    return list(service.legal_notations(status.session, status.state, user_id))


def _button(ex, label: str) -> str:  # type: ignore[no-untyped-def]
    return next(cid for text, cid in ex.buttons if text == label)


async def test_undo_asked_refused_for_others_accepted_by_the_opponent(h: Harness) -> None:
    """Bob takes back his move: Alice's Accept button is hers alone; once she accepts, the
    board is posted again with Bob to move and the history marks the move taken back."""
    await _cathedral(h)
    alice_move = (await _legal(h, ALICE.id))[0]
    await h.slash("cathedral move", notation=alice_move, user=ALICE)
    bob_move = (await _legal(h, BOB.id))[0]
    await h.slash("cathedral move", notation=bob_move, user=BOB)
    ex = await h.slash("game undo", user=ALICE)
    assert not ex.public and "no move to take back" not in ex.ephemeral_text  # Bob moved since
    # Each move is named as what it is: Bob's move since, and Alice's own last move.
    assert f"Bob has played `{bob_move}` since your last move `{alice_move}`" in ex.ephemeral_text
    ex = await h.slash("game undo", user=BOB)
    (ask,) = ex.public
    status = await h.slash("game status", user=ALICE, public=True)
    assert "Undo asked" in status.public_text
    assert "Bob asks to take back" in ask.text and ALICE.id in ask.pinged_ids
    accept = _button(ex, "Accept (Alice)")
    assert _button(ex, "Decline (Alice)")
    ex = await h.click(accept, user=BOB)
    assert not ex.public and "These buttons are for Alice." in ex.ephemeral_text
    ex = await h.click(accept, user=ALICE)
    (post,) = ex.public
    assert "taken back" in post.text and post.filenames and BOB.id in post.pinged_ids
    assert bob_move in await _legal(h, BOB.id)
    ex = await h.slash("game history", user=ALICE, public=True)
    assert "taken back by an undo" in ex.public_text
    ex = await h.click(accept, user=ALICE)
    assert "already accepted" in ex.ephemeral_text


async def test_undo_declined_by_typing_leaves_the_game(h: Harness) -> None:
    await _cathedral(h)
    await h.slash("cathedral move", notation=(await _legal(h, ALICE.id))[0], user=ALICE)
    await h.slash("game undo", user=ALICE)
    ex = await h.slash("game undo", answer="decline", user=BOB)
    assert "declined" in ex.public_text
    assert await _legal(h, BOB.id)  # still Bob's turn


async def test_away_status_standin_vote_and_back(h: Harness) -> None:
    """Alice goes away: status and the board say so; Bob's vote lets a bot play for her."""
    await _cathedral(h)
    ex = await h.slash("game away", until="5", reason="holiday", user=ALICE)
    (note,) = ex.public
    assert "Alice is away until" in note.text and "(holiday)" in note.text
    vote = _button(ex, "Let a bot play for Alice")
    ex = await h.slash("game status", user=BOB, public=True)
    assert "Alice is away until" in ex.public_text and "Turn clock" in ex.public_text
    ex = await h.slash("game away", until="next week", user=BOB)
    assert not ex.public and "cannot read" in ex.ephemeral_text
    ex = await h.click(vote, user=ALICE)
    assert "other players" in ex.ephemeral_text
    ex = await h.click(vote, user=BOB)
    assert "a bot plays for Alice" in ex.public_text
    assert "**Alice (light)**: `" in ex.public_text  # the bot moved for her
    ex = await h.slash("game back", user=ALICE)
    assert "Alice is back" in ex.public_text
    ex = await h.slash("game back", user=ALICE)
    assert "not away" in ex.ephemeral_text


async def test_replay_viewer_steps_privately_and_lists_finished_games(h: Harness) -> None:
    await _cathedral(h)
    await h.slash("cathedral move", notation=(await _legal(h, ALICE.id))[0], user=ALICE)
    await h.slash("cathedral move", notation=(await _legal(h, BOB.id))[0], user=BOB)
    ex = await h.slash("game replay", user=BOB)
    assert not ex.public
    (frame,) = [m for m in ex.ephemeral if m.filenames]
    assert "move 2 of 2" in frame.text
    # At the last move only the steps back are offered: a step to where the viewer is, or two
    # buttons to the same move, would share a custom_id, which Discord refuses.
    assert [label for label, _ in ex.buttons] == ["\u23ee", "\u25c0"]
    ex = await h.click(_button(ex, "\u25c0"), user=BOB)
    # The viewer's own (private) message is replaced in place: nothing new is posted.
    assert ex.response_types == [7] and "move 1 of 2" in ex.text
    assert [label for label, _ in ex.buttons] == ["\u23ee", "\u25b6"]
    ex = await h.click(_button(ex, "\u23ee"), user=BOB)
    assert "move 0 of 2" in ex.text
    assert [label for label, _ in ex.buttons] == ["\u25b6", "\u23ed"]
    ex = await h.slash("game replay", move=0, user=BOB)
    assert "move 0 of 2" in ex.ephemeral_text and "The start of the game" in ex.ephemeral_text
    ex = await h.slash("game finished", user=BOB)
    assert "No game has ended" in ex.ephemeral_text
    await h.slash("game abandon", user=ALICE)
    ex = await h.slash("game finished", user=BOB)
    assert "#1" in ex.ephemeral_text and "Abandoned by the host" in ex.ephemeral_text
    ex = await h.autocomplete("game replay", focused="game", game="")
    assert ex.choice_values == [1]
    ex = await h.slash("game replay", game=1, user=BOB)
    assert "Ended: Abandoned" in ex.ephemeral_text


async def test_a_finished_game_posts_its_score_sheet(h: Harness) -> None:
    """Alice plays a whole game against a bot; the result post carries the score sheet."""
    await _cathedral(h, bot=True)
    for _ in range(40):
        legal = await _legal(h, ALICE.id)
        if not legal:
            break
        ex = await h.slash("cathedral move", notation=legal[0], user=ALICE)
    names = [name for name, _ in ex.files]
    assert "cathedral-scoresheet.png" in names, names
    assert "score sheet" in ex.public_text
