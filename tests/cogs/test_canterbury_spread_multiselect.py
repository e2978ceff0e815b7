"""A large structure's extra districts are one set: a multi-select (min/max values) under the
post whose picks are played together, a button to place no more, and `/canterbury spread`
taking several districts with autocomplete that grows the set."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.games.canterbury.board import district_index
from tests.cogs.harness import ALICE, BOB, CAROL, Harness, table_status
from tests.cogs.seeding import seed_state

pytestmark = pytest.mark.asyncio


async def _water_works_built(h: Harness) -> tuple[Any, Any]:
    """A 3-player game where the first player has just built a Water Works in C2; returns
    (the player, the post)."""
    await h.slash("game new", game="canterbury", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game join", user=CAROL)
    await h.slash("game start", user=ALICE)
    state = (await table_status(h)).state
    players = list(state.players)
    players[state.current] = replace(players[state.current], gold=40, must_full_build=False)
    await seed_state(h, replace(state, players=tuple(players)))
    status = await table_status(h)
    user = next(
        u for u in (ALICE, BOB, CAROL) if status.session.seat_of(u.id).seat == state.current
    )
    ex = await h.slash(
        "canterbury build", structure="water_works", district="C2", confirm=False, user=user
    )
    assert ex.public, ex.ephemeral_text
    (post,) = ex.public
    return user, post


def _select(post: Any) -> dict[str, Any]:
    (menu,) = [c for c in post.components if c.get("type") == 3]
    return menu


def _water_owner(state: Any, name: str) -> int | None:
    index = district_index(name)
    assert index is not None
    return state.districts[index].markers[0]


async def test_the_districts_are_one_multi_select_with_a_stop_button(h: Harness) -> None:
    _, post = await _water_works_built(h)
    menu = _select(post)
    assert menu["custom_id"].startswith("gh:v:")
    assert menu["min_values"] == 1 and menu["max_values"] == 5
    values = [o["value"] for o in menu["options"]]
    assert "spread E5" in values and "spread C3" not in values  # C3 already has water
    labels = [c.get("label") for c in post.components if c.get("type") == 2]
    assert "No more water markers" in labels


async def test_picking_several_districts_places_them_all_and_ends_the_turn(h: Harness) -> None:
    user, post = await _water_works_built(h)
    before = await table_status(h)
    seat = before.state.current
    ex = await h.click(_select(post)["custom_id"], user=user, values=["spread E5", "spread A1"])
    assert ex.public, ex.ephemeral_text
    after = (await table_status(h)).state
    assert _water_owner(after, "E5") == seat and _water_owner(after, "A1") == seat
    assert after.current != seat  # those two and no more: the turn is over
    assert _water_owner(after, "E1") is None


async def test_picking_the_last_markers_ends_the_turn_without_a_refusal(h: Harness) -> None:
    user, post = await _water_works_built(h)
    picks = ["spread A1", "spread A5", "spread E1", "spread E5", "spread B5"]
    ex = await h.click(_select(post)["custom_id"], user=user, values=picks)
    assert ex.public, ex.ephemeral_text
    after = (await table_status(h)).state
    assert all(_water_owner(after, p.split()[1]) is not None for p in picks)


async def test_slash_spread_takes_a_set_and_autocomplete_grows_it(h: Harness) -> None:
    user, _ = await _water_works_built(h)
    ex = await h.autocomplete("canterbury spread", focused="district", district="", user=user)
    assert "E5" in ex.choice_values and "done" in ex.choice_values
    assert "C2" not in ex.choice_values
    ex = await h.autocomplete("canterbury spread", focused="district", district="E5 ", user=user)
    assert ex.choice_values and all(v.startswith("E5 ") for v in ex.choice_values)
    assert "E5 E5" not in ex.choice_values and "E5 A1" in ex.choice_values
    seat = (await table_status(h)).state.current
    ex = await h.slash("canterbury spread", district="E5 A1", user=user)
    assert ex.public, ex.ephemeral_text
    after = (await table_status(h)).state
    assert _water_owner(after, "E5") == seat and _water_owner(after, "A1") == seat
    assert after.current != seat
