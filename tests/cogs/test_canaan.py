"""`/canaan …` through the real command tree: legal-only autocomplete, buttons, offers with
per-seat answers, private hands, refused moves."""

from __future__ import annotations

import pytest

from tests.cogs.harness import ALICE, BOB, CAROL, Harness, User, legal_of, table_status

pytestmark = pytest.mark.asyncio


def _user(h: Harness, status, seat: int) -> User:  # noqa: ANN001
    uid = status.session.seats[seat].user_id
    return ALICE if uid == ALICE.id else BOB


async def _started(h: Harness) -> None:
    await h.slash("game new", game="canaan", user=ALICE)
    await h.slash("game join", user=BOB)
    ex = await h.slash("game start", user=ALICE)
    assert ex.public, ex.text


async def _through_setup(h: Harness) -> None:
    """Place the six starting settlements and roads with /canaan build, then choose starts."""
    for _ in range(6):
        status = await table_status(h)
        (seat,) = tuple(status.to_act)
        user = _user(h, status, seat)
        ex = await h.autocomplete("canaan build", focused="where", kind="settlement", user=user)
        assert ex.choices and "(" in ex.choices[0]["name"]  # labelled with what it touches
        spot = ex.choice_values[0]
        await h.slash("canaan build", kind="settlement", where=spot, user=user)
        ex = await h.autocomplete("canaan build", focused="where", kind="road", user=user)
        await h.slash("canaan build", kind="road", where=ex.choice_values[0], user=user)
    for user in (ALICE, BOB):
        ex = await h.autocomplete("canaan start", focused="settlement", user=user)
        await h.slash("canaan start", settlement=ex.choice_values[0], user=user)


async def test_setup_by_slash_commands_then_a_roll_button(h: Harness) -> None:
    await _started(h)
    ex = await h.autocomplete("canaan build", focused="where", kind="settlement", user=CAROL)
    assert ex.choices == []  # a spectator has no legal move
    await _through_setup(h)
    status = await table_status(h)
    assert status.state.phase.value == "turn"
    (seat,) = tuple(status.to_act)
    user = _user(h, status, seat)
    last = h.rec.sent[-1]
    post = next(s for s in reversed(h.rec.sent) if s.buttons)
    assert "roll" in [label.lower() for label, _ in post.buttons], post.buttons
    assert last is not None
    ex = await h.click(dict((lab.lower(), cid) for lab, cid in post.buttons)["roll"], user=user)
    assert "rolls" in ex.public_text


async def test_offer_answered_per_seat_with_buttons_then_confirmed(h: Harness) -> None:
    await _started(h)
    await _through_setup(h)
    status = await table_status(h)
    (seat,) = tuple(status.to_act)
    user = _user(h, status, seat)
    other = BOB if user is ALICE else ALICE
    await h.slash("canaan roll", user=user)
    status = await table_status(h)
    # The seeded roll leaves the roller alone to act (no copper choice, no discard), so the
    # offer below is really made; a changed seed that asks something first must fail here.
    assert tuple(status.to_act) == (seat,), status.to_act
    plague = [n for n in await legal_of(h, user) if n.startswith("plague ")]
    if plague:  # a 7: move the plague first
        await h.slash("canaan plague", hex=plague[0].removeprefix("plague "), user=user)
    ex = await h.autocomplete("canaan offer", focused="give", user=user)
    assert ex.choice_values
    give = ex.choice_values[0]
    ex = await h.autocomplete("canaan offer", focused="receive", give=give, user=user)
    receive = ex.choice_values[0]
    ex = await h.slash("canaan offer", give=give, receive=receive, user=user)
    (post,) = ex.public
    assert other.id in post.pinged_ids  # the offerer stays to act too: the offer holds nothing
    labels = [label.lower() for label, _ in post.buttons]
    assert any("decline" in label for label in labels)
    # Counter-offers name the answering player's cards: a private menu behind "Counter…".
    assert any(label.endswith("counter…") for label in labels)
    assert not any(label.split(": ")[-1].startswith("counter ") for label in labels)
    decline = next(cid for lab, cid in post.buttons if "decline" in lab.lower())
    ex = await h.click(decline, user=other)
    assert "declines" in ex.public_text
    ex = await h.slash("canaan end", user=user)
    assert ex.public


async def test_open_offer_never_holds_the_turn(h: Harness) -> None:
    """The offerer ends the turn before the other answers; the stale Decline is then refused
    privately and changes nothing."""
    await _started(h)
    await _through_setup(h)
    status = await table_status(h)
    (seat,) = tuple(status.to_act)
    user = _user(h, status, seat)
    other = BOB if user is ALICE else ALICE
    await h.slash("canaan roll", user=user)
    status = await table_status(h)
    # The seeded roll leaves the roller alone to act (no copper choice, no discard), so the
    # offer below is really made; a changed seed that asks something first must fail here.
    assert tuple(status.to_act) == (seat,), status.to_act
    plague = [n for n in await legal_of(h, user) if n.startswith("plague ")]
    if plague:
        await h.slash("canaan plague", hex=plague[0].removeprefix("plague "), user=user)
    offer = next(n for n in await legal_of(h, user) if n.startswith("offer "))
    give, receive = offer.removeprefix("offer ").split(" for ")
    ex = await h.slash("canaan offer", give=give, receive=receive, user=user)
    (post,) = ex.public
    status = await table_status(h)
    assert {int(s) for s in status.to_act} == {0, 1}
    assert "end" in await legal_of(h, user) and "decline" in await legal_of(h, other)
    decline = next(cid for lab, cid in post.buttons if "decline" in lab.lower())
    ex = await h.slash("canaan end", user=user)
    assert "ends the turn" in ex.public_text
    before = await table_status(h)
    assert before.state.offer is None and before.state.current != seat
    ex = await h.click(decline, user=other)
    assert not ex.public
    after = await table_status(h)
    assert after.session.version == before.session.version


async def test_hand_is_private_and_bad_moves_are_refused_privately(h: Harness) -> None:
    await _started(h)
    await _through_setup(h)
    ex = await h.slash("canaan hand", user=ALICE)
    assert not ex.public and "hand" in ex.text.lower()
    ex = await h.slash("canaan build", kind="city", where="1", user=ALICE)
    assert not ex.public and ex.text
    ex = await h.slash("canaan trade", how="bank", give="ore", receive="wool", user=BOB)
    assert not ex.public and ex.text


async def test_buttons_never_show_a_hand() -> None:
    """Discard, give and take choices would list a hand's cards on a public button."""
    from bot.table.canaan import quick_moves

    assert quick_moves(["discard 2 ore+2 wool", "discard 4 ore"]) == []
    assert quick_moves(["take 1 wool", "take 1 ore"]) == []
    assert quick_moves(["decline", "accept", "counter 1 ore for 1 wool"]) == ["decline", "accept"]
    assert quick_moves(["plague A", "plague B"]) == ["plague A", "plague B"]
