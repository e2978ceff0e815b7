"""`/cathedral …` and persistent move buttons, through the real command tree."""

from __future__ import annotations

import pytest

from bot.games.rejections import Rejection
from bot.table.replies import ChoiceButton, Reply
from cogs._replies import message_kwargs
from cogs._views import CUSTOM_ID_LIMIT, move_custom_id
from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, CAROL, Harness

pytestmark = pytest.mark.asyncio


async def _started(h: Harness) -> None:
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    ex = await h.slash("game start", user=ALICE)
    assert ex.files


async def _session(h: Harness):  # noqa: ANN202
    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    return status


async def _legal(h: Harness, user_id: int) -> set[str]:
    status = await _session(h)
    return set(h.bot.service.legal_notations(status.session, status.state, user_id))


async def test_place_autocomplete_offers_only_legal_pieces(h: Harness) -> None:
    """At the start only the Cathedral may be placed, and only by the player to move."""
    await _started(h)
    ex = await h.autocomplete("cathedral place", focused="piece", piece="")
    assert ex.choice_values == ["Cathedral"]
    ex = await h.autocomplete("cathedral place", focused="piece", piece="", user=BOB)
    assert ex.choices == []
    ex = await h.autocomplete("cathedral place", focused="piece", piece="", user=CAROL)
    assert ex.choices == []


async def test_square_and_rotation_autocomplete_are_legal_prefix_filtered_and_capped(
    h: Harness,
) -> None:
    """Squares match the typed prefix, are legal for the piece and number at most 25."""
    await _started(h)
    legal = await _legal(h, ALICE.id)
    ex = await h.autocomplete("cathedral place", focused="square", piece="Cathedral", square="")
    assert 0 < len(ex.choices) <= 25
    ex = await h.autocomplete("cathedral place", focused="square", piece="cathedral", square="d")
    assert ex.choice_values and all(v.startswith("D") for v in ex.choice_values)
    for square in ex.choice_values:
        assert any(n.startswith(f"Cathedral {square} ") for n in legal)
    ex = await h.autocomplete(
        "cathedral place", focused="rotation", piece="Cathedral", square="D4", rotation=""
    )
    assert ex.choice_values and all(f"Cathedral D4 {r}" in legal for r in ex.choice_values)
    ex = await h.autocomplete(
        "cathedral place", focused="rotation", piece="Cathedral", square="D4", rotation="9"
    )
    assert ex.choice_values == [90]


async def test_move_autocomplete_lists_legal_notations(h: Harness) -> None:
    """/cathedral move offers at most 25 legal notations filtered by the typed text."""
    await _started(h)
    legal = await _legal(h, ALICE.id)
    ex = await h.autocomplete("cathedral move", focused="notation", notation="cathedral e")
    assert 0 < len(ex.choices) <= 25
    assert all(v in legal and v.startswith("Cathedral E") for v in ex.choice_values)


async def test_place_posts_board_embed_and_pings_the_next_player(h: Harness) -> None:
    """An accepted move: PNG + embed saying who did what + a ping of the next player only."""
    await _started(h)
    ex = await h.slash("cathedral place", piece="Cathedral", square="D4", rotation=0, confirm=False)
    assert ex.response_types == [5]
    (board,) = ex.public
    assert board.filenames and board.files[0][1].startswith(b"\x89PNG")
    assert "Alice" in board.text and "Cathedral D4 0" in board.text
    assert board.pinged_ids == [BOB.id]
    assert (await _session(h)).session.ply == 1


async def test_refused_moves_are_private_and_change_nothing(h: Harness) -> None:
    """Wrong turn, bad square, unknown piece: ephemeral sentences, same version."""
    await _started(h)
    before = (await _session(h)).session.version
    ex = await h.slash("cathedral place", piece="Cathedral", square="D4", rotation=0, user=BOB)
    assert not ex.public and "turn" in ex.ephemeral_text.lower()
    ex = await h.slash("cathedral place", piece="Cathedral", square="Z9", rotation=0)
    assert not ex.public and "Z9" in ex.ephemeral_text
    ex = await h.slash("cathedral move", notation="Dragon A1 0")
    assert not ex.public and "Dragon" in ex.ephemeral_text
    ex = await h.slash("cathedral place", piece="Cathedral", square="D4", rotation=45)
    assert not ex.public and "45" in ex.ephemeral_text
    assert (await _session(h)).session.version == before


async def test_a_button_still_works_after_a_restart(start_bot: StartBot) -> None:
    """A move button drawn before a restart is accepted by a new bot on the same database."""
    first = await start_bot()
    await _started(first)
    status = await _session(first)
    custom_id = move_custom_id(status.session.id, status.session.version, "Cathedral D4 0")
    await first.close()

    second = await start_bot()
    ex = await second.click(custom_id, user=ALICE)
    assert ex.response_types == [6]  # a silent update defer
    (board,) = ex.public
    assert "Cathedral D4 0" in board.text and board.pinged_ids == [BOB.id]
    (edit,) = ex.edits  # the clicked message loses its now-outdated buttons
    assert edit.payload["components"] == []
    assert (await _session(second)).session.ply == 1


async def test_a_stale_button_gets_the_stale_sentence(h: Harness) -> None:
    """A click on a button from an older position is refused privately and changes nothing."""
    await _started(h)
    status = await _session(h)
    old = move_custom_id(status.session.id, status.session.version, "Cathedral D4 0")
    await h.slash("cathedral place", piece="Cathedral", square="E5", rotation=0, confirm=False)
    ex = await h.click(old, user=ALICE)
    assert not ex.public and ex.ephemeral
    assert "moved on" in ex.ephemeral_text
    assert (await _session(h)).session.ply == 1


async def test_long_notations_use_a_hashed_custom_id_that_still_resolves(h: Harness) -> None:
    """custom_ids never exceed 100 characters; a hashed one is matched against legal moves."""
    await _started(h)
    status = await _session(h)
    padded = "Cathedral D4 0" + " " * 120  # what a very long notation would look like
    long_id = move_custom_id(status.session.id, status.session.version, padded)
    assert len(long_id) <= CUSTOM_ID_LIMIT and long_id.startswith("gh:h:")
    reply = Reply(
        text="choose",
        buttons=(ChoiceButton("Cathedral", status.session.id, status.session.version, padded),),
    )
    view = message_kwargs(reply)[0]["view"]
    assert all(len(item.custom_id) <= CUSTOM_ID_LIMIT for item in view.children)  # type: ignore[attr-defined]
    hashed_for_legal = move_custom_id(
        status.session.id, status.session.version, "Cathedral D4 0" + "x" * 100
    )
    ex = await h.click(hashed_for_legal, user=ALICE)
    assert not ex.public  # matches no legal move: refused as stale, nothing played
    assert (await _session(h)).session.ply == 0


async def test_square_autocomplete_counts_like_people(h: Harness) -> None:
    """Squares are offered in natural order (B2 before B10), whatever order the engine uses;
    so are notations in /cathedral move."""
    from bot.table.textcommands import natural_sorted

    await _started(h)
    status = await _session(h)
    first = sorted(await _legal(h, ALICE.id))[0]
    assert not isinstance(await h.bot.service.submit(C1.id, ALICE.id, first), Rejection)
    ex = await h.autocomplete(
        "cathedral place", focused="square", piece="Tavern", square="", user=BOB
    )
    values = ex.choice_values
    assert values and values == natural_sorted(values)
    ex = await h.autocomplete("cathedral place", focused="square", piece="", square="b", user=BOB)
    values = ex.choice_values
    assert values == natural_sorted(values) and "B10" in values
    assert values != sorted(values)  # plain text order would put B10 before B3
    ex = await h.autocomplete("cathedral move", focused="notation", notation="tavern", user=BOB)
    assert ex.choice_values == natural_sorted(ex.choice_values)
    assert status.session.id
