"""Domestic trade at a Canaan table through the real command tree: an offer calls exactly the
players who may answer, each answers with their own buttons, an acceptance or a counter calls
the offerer, who confirms one; offers close at the turn's end or when the hand no longer allows
them; discards on a 7 call exactly the players who discard. Positions are seeded so that every
step is certain."""

from __future__ import annotations

import pytest

from bot.games.canaan.state import Pending, State, evolve
from tests.cogs.harness import (
    ALICE,
    BOB,
    CAROL,
    STALE,
    Exchange,
    Harness,
    legal_of,
    table_status,
)
from tests.cogs.seeding import seed_state
from tests.games.canaan.positions import hand, position

pytestmark = pytest.mark.asyncio


async def _table(h: Harness, state: State) -> None:
    """Alice (red), Bob (blue) and Carol (green) at a Canaan game, seeded with `state`."""
    await h.slash("game new", game="canaan", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game join", user=CAROL)
    ex = await h.slash("game start", user=ALICE)
    assert ex.public, ex.text
    await seed_state(h, state)


def _alice_trades() -> State:
    """Alice's turn, rolled: she holds lumber and ore; Bob holds grain, Carol wool and grain."""
    return position(
        3,
        hands={
            0: hand(lumber=2, ore=1),
            1: hand(grain=2),
            2: hand(wool=2, grain=1),
        },
        current=0,
    )


def _after_a_seven() -> State:
    """Alice rolled a 7: Bob and Carol, with 8 cards each, discard 4 before she moves the
    plague."""
    state = position(
        3,
        hands={0: hand(lumber=2), 1: hand(grain=4, ore=4), 2: hand(wool=4, stone=4)},
        current=0,
    )
    pending = (Pending(1, "discard", 4, "seven"), Pending(2, "discard", 4, "seven"))
    return evolve(state, pending=pending, plague_due=True)


def _button(ex: Exchange, label: str) -> str:
    """The custom id of the button labelled `label` (any case) in `ex`."""
    found = [cid for lab, cid in ex.buttons if lab.lower() == label.lower()]
    assert found, f"no {label!r} button in {ex.buttons}"
    return found[0]


async def _offer(h: Harness) -> Exchange:
    ex = await h.autocomplete("canaan offer", focused="give", user=ALICE)
    assert "1 lumber" in ex.choice_values
    ex = await h.autocomplete("canaan offer", focused="receive", give="1 lumber", user=ALICE)
    assert "1 grain" in ex.choice_values and "1 lumber" not in ex.choice_values
    return await h.slash("canaan offer", give="1 lumber", receive="1 grain", user=ALICE)


async def test_an_offer_calls_only_the_players_who_may_answer(h: Harness) -> None:
    await _table(h, _alice_trades())
    ex = await _offer(h)
    (post,) = ex.public
    assert sorted(post.pinged_ids) == sorted([BOB.id, CAROL.id])  # not Alice: she goes on
    assert "answer red's offer" in post.text
    labels = {label for label, _ in post.buttons}
    assert {"Bob (blue): Accept", "Bob (blue): Decline"} <= labels
    assert {"Carol (green): Accept", "Carol (green): Decline"} <= labels


async def test_an_acceptance_calls_the_offerer_who_confirms_it(h: Harness) -> None:
    await _table(h, _alice_trades())
    offer = await _offer(h)
    ex = await h.click(_button(offer, "Bob (blue): Accept"), user=BOB)
    (post,) = ex.public
    assert "Blue accepts" in post.text
    # The answers are one phase: the offer's post is edited (nobody is pinged again); Alice can
    # confirm, Carol is still awaited.
    assert post.kind == "channel_edit" and post.message_id == offer.public[0].message_id
    assert post.pinged_ids == []
    assert "Carol" in post.text and "trade with blue, or go on" in post.text
    ex = await h.autocomplete("canaan confirm", focused="player", user=ALICE)
    assert ex.choice_values == ["blue"]
    ex = await h.slash("canaan confirm", player="blue", user=ALICE)
    assert "Red gives 1 lumber to blue for 1 grain" in ex.public_text
    status = await table_status(h)
    assert status.state.offer is None
    assert status.state.players[0].hand == hand(lumber=1, ore=1, grain=1)
    assert status.state.players[1].hand == hand(grain=1, lumber=1)
    # Carol's buttons on the old offer are now refused privately; nothing changes.
    before = status.session.version
    ex = await h.click(_button(offer, "Carol (green): Decline"), user=CAROL, message_id=STALE)
    assert not ex.public and ex.ephemeral_text
    assert (await table_status(h)).session.version == before


async def test_a_counter_offer_shows_up_for_the_current_player(h: Harness) -> None:
    await _table(h, _alice_trades())
    await _offer(h)
    ex = await h.autocomplete("canaan counter", focused="give", user=CAROL)
    assert "1 wool" in ex.choice_values
    ex = await h.autocomplete("canaan counter", focused="receive", give="1 wool", user=CAROL)
    assert "1 ore" in ex.choice_values and "1 wool" not in ex.choice_values
    ex = await h.slash("canaan counter", give="1 wool", receive="1 ore", user=CAROL)
    (post,) = ex.public
    assert "Green counters: green gives 1 wool for red's 1 ore" in post.text
    assert post.kind == "channel_edit" and not post.pinged_ids  # the answers' one post
    label = "Alice (red): Trade green: you give 1 ore, get 1 wool"
    assert label in {label for label, _ in post.buttons}
    ex = await h.click(_button(ex, label), user=ALICE)
    assert "Red gives 1 ore to green for 1 wool" in ex.public_text


async def test_clicking_another_players_answer_button_is_refused(h: Harness) -> None:
    await _table(h, _alice_trades())
    offer = await _offer(h)
    before = (await table_status(h)).session.version
    ex = await h.click(_button(offer, "Bob (blue): Accept"), user=CAROL)
    assert not ex.public and "Bob" in ex.ephemeral_text
    assert (await table_status(h)).session.version == before


async def test_an_offer_closes_when_the_hand_no_longer_allows_it(h: Harness) -> None:
    state = position(3, hands={0: hand(lumber=4), 1: hand(grain=2), 2: hand(wool=1)}, current=0)
    await _table(h, state)
    await h.slash("canaan offer", give="3 lumber", receive="1 grain", user=ALICE)
    ex = await h.slash("canaan trade", how="bank", give="lumber", receive="ore", user=ALICE)
    assert ex.public, ex.text
    status = await table_status(h)
    assert status.state.offer is None  # 4 lumber went to the bank: 3 cannot be given
    assert "accept" not in await legal_of(h, BOB)
    ex = await h.slash("canaan accept", user=BOB)
    assert not ex.public and ex.ephemeral_text  # a private sentence, nothing changes


async def test_an_offer_closes_at_the_end_of_the_turn(h: Harness) -> None:
    await _table(h, _alice_trades())
    await _offer(h)
    ex = await h.slash("canaan end", user=ALICE)
    (post,) = ex.public
    assert post.pinged_ids == [BOB.id]  # his turn starts: only he is called
    status = await table_status(h)
    assert status.state.offer is None and status.state.current == 1


async def test_discards_on_a_seven_call_exactly_the_players_who_discard(h: Harness) -> None:
    await _table(h, _after_a_seven())
    ex = await h.autocomplete("canaan discard", focused="cards", user=BOB)
    assert "4 grain" in ex.choice_values
    assert (await h.autocomplete("canaan discard", focused="cards", user=ALICE)).choices == []
    ex = await h.slash("canaan discard", cards="4 grain", user=BOB)
    (post,) = ex.public
    assert post.pinged_ids == [CAROL.id]
    assert "Carol (green): discard 4" in post.text
    assert "4 grain" not in post.text + str(post.payload)  # Bob's own business
    assert "Blue discards 4 cards" in post.text
    ex = await h.slash("canaan discard", cards="2 wool+2 stone", user=CAROL)
    (post,) = ex.public
    assert post.pinged_ids == [ALICE.id]
    assert "move the plague" in post.text


def _menu(ex: Exchange) -> dict:
    """The one select menu among the messages of `ex`."""
    (menu,) = [c for s in ex.messages for c in s.components if c.get("type") == 3]
    return menu


async def test_each_answering_player_has_a_counter_button_opening_a_private_menu(
    h: Harness,
) -> None:
    await _table(h, _alice_trades())
    offer = await _offer(h)
    (post,) = offer.public
    labels = [label for label, _ in post.buttons]
    assert "Bob (blue): Counter…" in labels and "Carol (green): Counter…" in labels
    # The public buttons name no card a player holds: counters stay private.
    assert not any(label.split(": ")[-1].startswith("Counter ") for label in labels)
    ex = await h.click(_button(offer, "Carol (green): Counter…"), user=BOB)
    assert not ex.public and "Carol" in ex.ephemeral_text  # Bob cannot open Carol's choices
    ex = await h.click(_button(offer, "Carol (green): Counter…"), user=CAROL)
    assert not ex.public
    menu = _menu(ex)
    values = [o["value"] for o in menu["options"]]
    assert "counter 1 wool for 1 ore" in values
    assert all(v.startswith("counter 1 ") for v in values)  # one for one, from her own hand
    played = await h.click(menu["custom_id"], user=CAROL, values=["counter 1 wool for 1 ore"])
    assert "Green counters: green gives 1 wool for red's 1 ore" in played.public_text


async def test_a_discard_is_chosen_from_a_private_menu_opened_by_a_button(h: Harness) -> None:
    await _table(h, _after_a_seven())
    ex = await h.slash("game status", user=ALICE, public=True)
    post = next(s for s in ex.public if s.buttons)
    labels = [label for label, _ in post.buttons]
    assert labels == ["Bob (blue): Discard…", "Carol (green): Discard…"]
    ex = await h.click(_button(ex, "Bob (blue): Discard…"), user=BOB)
    menu = _menu(ex)
    assert "discard 2 grain+2 ore" in [o["value"] for o in menu["options"]]
    played = await h.click(menu["custom_id"], user=BOB, values=["discard 2 grain+2 ore"])
    assert "Blue discards 4 cards" in played.public_text
    assert "2 grain+2 ore" not in played.public_text
    assert (await table_status(h)).state.players[1].hand == hand(grain=2, ore=2)


async def test_an_offer_to_one_player_lists_the_others_by_name_and_calls_only_them(
    h: Harness,
) -> None:
    await _table(h, _alice_trades())
    ex = await h.autocomplete(
        "canaan offer", focused="to", give="1 lumber", receive="1 grain", user=ALICE
    )
    assert [(c["name"], c["value"]) for c in ex.choices] == [
        ("Bob (blue)", "blue"),
        ("Carol (green)", "green"),
    ]
    ex = await h.slash("canaan offer", give="1 lumber", receive="1 grain", to="blue", user=ALICE)
    (post,) = ex.public
    assert "Red offers 1 lumber for 1 grain to blue" in post.text
    assert post.pinged_ids == [BOB.id]
    assert not any(label.startswith("Carol") for label, _ in post.buttons)
    ex = await h.slash("canaan decline", user=CAROL)
    assert not ex.public and ex.ephemeral_text


async def test_a_passed_turn_limit_hands_only_the_offerers_seat_to_a_bot(h: Harness) -> None:
    """The players who did not answer an offer held nothing up: they keep their seats."""
    from datetime import UTC, datetime, timedelta

    from tests.cogs.harness import MIA

    await h.slash("game settings", turn_limit_action="bot", user=MIA)
    await h.slash("game new", game="canaan", user=ALICE, turn_hours=2.0)
    await h.slash("game join", user=BOB)
    await h.slash("game join", user=CAROL)
    await h.slash("game start", user=ALICE)
    await seed_state(h, _alice_trades())
    await _offer(h)
    posts = await h.bot.get_cog("TableCog").run_timers(datetime.now(UTC) + timedelta(hours=3))
    assert posts and "Alice did not move" in posts[0].reply.text
    seats = (await table_status(h)).session.seats
    assert [s.is_bot for s in seats] == [True, False, False]


async def test_every_answering_player_sees_accept_and_one_without_the_cards_is_refused(
    h: Harness,
) -> None:
    # Carol holds no grain: her row still reads Accept / Decline, so the table cannot tell
    # from the buttons who lacks the asked cards; pressing Accept refuses her privately.
    state = position(3, hands={0: hand(lumber=2), 1: hand(grain=2), 2: hand(wool=2)}, current=0)
    await _table(h, state)
    ex = await _offer(h)
    (post,) = ex.public
    labels = {label for label, _ in post.buttons}
    assert {"Bob (blue): Accept", "Carol (green): Accept"} <= labels
    assert {"Bob (blue): Decline", "Carol (green): Decline"} <= labels
    before = await table_status(h)
    refused = await h.click(_button(ex, "Carol (green): Accept"), user=CAROL)
    assert not refused.public and "grain" in refused.text, refused.text
    assert await table_status(h) == before
    accepted = await h.click(_button(ex, "Bob (blue): Accept"), user=BOB)
    assert accepted.public, accepted.text


async def test_a_player_who_declined_may_still_accept(h: Harness) -> None:
    """A mistaken Decline is not final: the player's `/canaan accept` (and the autocomplete of
    `/canaan counter`) still work until Alice confirms a trade."""
    await _table(h, _alice_trades())
    await _offer(h)
    ex = await h.slash("canaan decline", user=BOB)
    assert "Blue declines" in ex.public_text
    ex = await h.autocomplete("canaan counter", focused="give", user=BOB)
    assert "1 grain" in ex.choice_values
    ex = await h.slash("canaan accept", user=BOB)
    assert "Blue accepts (instead of declining)" in ex.public_text
