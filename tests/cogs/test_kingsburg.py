"""`/kingsburg …` through the real command tree: legal-only autocomplete, pings, buttons, peeks."""

from __future__ import annotations

import pytest

from bot.table.kingsburg import public_line
from tests.cogs.harness import ALICE, BOB, C1, CAROL, Harness, User, legal_of, table_status

pytestmark = pytest.mark.asyncio


async def _started(h: Harness) -> None:
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    ex = await h.slash("game start", user=ALICE)
    assert ex.public, ex.text


async def _through_aid(h: Harness) -> None:
    await h.slash("kingsburg aid", good="gold", user=ALICE)
    await h.slash("kingsburg aid", good="wood", user=BOB)


def _user_of(h: Harness, status, seat: int) -> User:  # noqa: ANN001
    uid = status.session.seats[seat].user_id
    return ALICE if uid == ALICE.id else BOB


async def test_simultaneous_start_pings_everyone_awaited(h: Harness) -> None:
    """Both players choose their aid at once: both are named as awaited, and pinged but for
    the host who typed /game start (never the one acting)."""
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    ex = await h.slash("game start", user=ALICE)
    (post,) = ex.public
    assert post.pinged_ids == [BOB.id]
    assert "waiting for" in post.text.lower()


async def test_aid_autocomplete_is_legal_only_and_filtered(h: Harness) -> None:
    """/kingsburg aid offers the three goods, filtered by prefix; spectators get nothing."""
    await _started(h)
    ex = await h.autocomplete("kingsburg aid", focused="good", good="")
    assert ex.choice_values == ["gold", "stone", "wood"]
    ex = await h.autocomplete("kingsburg aid", focused="good", good="s")
    assert ex.choice_values == ["stone"]
    ex = await h.autocomplete("kingsburg aid", focused="good", good="", user=CAROL)
    assert ex.choices == []
    ex = await h.autocomplete("kingsburg build", focused="building", building="")
    assert ex.choices == []  # nothing to build during the aid


async def test_after_one_aid_only_the_other_player_is_pinged_and_gets_buttons(h: Harness) -> None:
    """Alice chooses; only Bob is still awaited and offered buttons for his choice, on the
    phase's one post, edited (he was pinged once, when it was posted)."""
    await _started(h)
    start = h.channel_messages(C1.id)[-1]
    ex = await h.slash("kingsburg aid", good="gold", user=ALICE)
    (post,) = ex.public
    assert post.kind == "channel_edit" and post.message_id == start.message_id
    assert post.pinged_ids == [] and BOB.id in start.pinged_ids
    labels = [label for label, _ in post.buttons]
    assert labels == ["aid gold", "aid stone", "aid wood", "My board", "Details"]
    custom_id = dict(post.buttons)["aid wood"]
    assert len(custom_id) <= 100
    refused = await h.click(custom_id, user=ALICE)  # not Alice's choice any more
    assert not refused.public and refused.ephemeral_text
    accepted = await h.click(custom_id, user=BOB)
    assert "played Aid from the King (1 wood)" in accepted.public_text
    assert (await table_status(h)).session.ply == 2


async def test_influence_autocomplete_matches_the_legal_moves(h: Harness) -> None:
    """Advisors and dice groups offered are exactly those of legal influence moves."""
    await _started(h)
    await _through_aid(h)
    status = await table_status(h)
    (seat,) = tuple(status.to_act)
    user = _user_of(h, status, seat)
    legal = [n for n in await legal_of(h, user) if n.startswith("influence ")]
    assert legal
    advisors = {int(n.split()[1]) for n in legal}
    ex = await h.autocomplete("kingsburg influence", focused="advisor", advisor="", user=user)
    assert set(ex.choice_values) == advisors and len(ex.choices) <= 25
    first = sorted(advisors)[0]
    ex = await h.autocomplete(
        "kingsburg influence", focused="dice", advisor=first, dice="", user=user
    )
    assert ex.choice_values
    for dice in ex.choice_values:
        assert f"influence {first} with {dice}" in legal
    ex = await h.autocomplete("kingsburg act", focused="notation", notation="infl", user=user)
    assert set(ex.choice_values) <= set(legal) and len(ex.choices) <= 25
    other = BOB if user is ALICE else ALICE
    ex = await h.autocomplete("kingsburg act", focused="notation", notation="", user=other)
    assert ex.choices == []  # not their turn: nothing is legal


async def test_influence_plays_and_a_bad_one_is_refused(h: Harness) -> None:
    """A legal influence is posted publicly; an impossible one is refused privately."""
    await _started(h)
    await _through_aid(h)
    status = await table_status(h)
    (seat,) = tuple(status.to_act)
    user = _user_of(h, status, seat)
    ply = status.session.ply
    ex = await h.slash("kingsburg influence", advisor=18, dice="6+6+6+6", user=user)
    assert not ex.public and ex.ephemeral_text
    assert (await table_status(h)).session.ply == ply
    legal = next(n for n in await legal_of(h, user) if n.startswith("influence "))
    advisor, dice = legal.removeprefix("influence ").split(" with ")
    ex = await h.slash("kingsburg influence", advisor=int(advisor), dice=dice, user=user)
    assert public_line(legal) in ex.public_text
    assert (await table_status(h)).session.ply == ply + 1


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("kingsburg pass", {}),
        ("kingsburg gift", {"goods": "gold+wood"}),
        ("kingsburg reroll", {"building": "chapel"}),
        ("kingsburg keep", {}),
        ("kingsburg alchemist", {"give": "gold"}),
        ("kingsburg build", {"building": "statue"}),
        ("kingsburg done", {}),
        ("kingsburg townhall", {"pay": "gold"}),
        ("kingsburg recruit", {"soldiers": "1 gold+wood"}),
        ("kingsburg lose", {"goods": "gold"}),
        ("kingsburg envoy", {"move": "build statue envoy"}),
        ("kingsburg skip", {}),
        ("kingsburg act", {"notation": "build chapel"}),
    ],
)
async def test_moves_out_of_phase_are_refused_privately(
    h: Harness, path: str, options: dict[str, str]
) -> None:
    """Every move command reaches the engine; during the aid each is refused, nothing changes."""
    await _started(h)
    before = (await table_status(h)).session.version
    ex = await h.slash(path, user=ALICE, **options)
    assert not ex.public, ex.public_text
    assert ex.ephemeral_text and ex.ephemeral_text != "Done."
    assert (await table_status(h)).session.version == before


async def test_peek_is_private_to_the_asker(h: Harness) -> None:
    """/kingsburg peek answers only the asker, never the channel; spectators are refused."""
    await _started(h)
    ex = await h.slash("kingsburg peek", user=ALICE)
    assert ex.ephemeral and not ex.public
    # Nobody has looked at an enemy yet: say so, not "your view with your hidden information".
    assert "You have not looked at the next enemy this year" in ex.ephemeral_text
    assert "hidden information" not in ex.ephemeral_text
    ex = await h.slash("kingsburg peek", user=CAROL)
    assert not ex.public and "not playing in this game" in ex.ephemeral_text
