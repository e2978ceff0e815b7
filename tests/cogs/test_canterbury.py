"""`/canterbury …` through the real command tree: autocomplete from what is legal now, the
private preview with Confirm / Cancel, whole turns, the large structure's district menu."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.games.canterbury import ENGINE
from bot.games.protocol import Seat
from bot.games.rejections import Rejection
from tests.cogs.harness import ALICE, BOB, C1, CAROL, Harness, rules_pages, table_status
from tests.cogs.seeding import seed_state

pytestmark = pytest.mark.asyncio


async def _started(h: Harness, players: int = 3) -> None:
    await h.slash("game new", game="canterbury", user=ALICE)
    await h.slash("game join", user=BOB)
    if players > 2:
        await h.slash("game join", user=CAROL)
    ex = await h.slash("game start", user=ALICE)
    assert ex.files


async def _ply(h: Harness) -> int:
    return (await table_status(h)).session.ply


async def _first_player(h: Harness) -> Any:
    status = await table_status(h)
    current = status.state.current
    for user in (ALICE, BOB, CAROL):
        record = status.session.seat_of(user.id)
        if record is not None and record.seat == current:
            return user
    raise AssertionError("nobody to act")


async def test_structure_and_district_lists_hold_only_legal_builds(h: Harness) -> None:
    await _started(h)
    user = await _first_player(h)
    status = await table_status(h)
    seat = Seat(status.state.current)
    builds = ENGINE.build_choices(status.state, seat, "full")
    ex = await h.autocomplete("canterbury build", focused="structure", user=user)
    assert ex.choice_values and set(ex.choice_values) == {b.structure for b in builds}
    assert all(ENGINE.data.by_id(v).cost <= 6 for v in ex.choice_values)  # type: ignore[union-attr]
    others = [u for u in (ALICE, BOB, CAROL) if u is not user]
    ex = await h.autocomplete("canterbury build", focused="structure", user=others[0])
    assert ex.choices == []
    ex = await h.autocomplete("canterbury build", focused="district", structure="well", user=user)
    wells = {b for b in builds if b.structure == "well"}
    from bot.games.canterbury.board import NAMES

    assert set(ex.choice_values) == {NAMES[b.district] for b in wells}
    assert "C3" not in ex.choice_values  # the Old Roman Well is a Well
    ex = await h.autocomplete(
        "canterbury build", focused="second", structure="well", district="B3", user=user
    )
    assert "garden" in ex.choice_values  # the first structure's water makes room for food
    ex = await h.autocomplete(
        "canterbury build",
        focused="second_district",
        structure="well",
        district="B3",
        second="garden",
        user=user,
    )
    assert "B3" in ex.choice_values


async def test_build_previews_privately_then_confirm_plays_the_whole_turn(h: Harness) -> None:
    await _started(h)
    user = await _first_player(h)
    ex = await h.slash(
        "canterbury build",
        structure="well",
        district="B3",
        second="garden",
        second_district="B3",
        user=user,
    )
    assert not ex.public and ex.files
    assert "Blue builds a Well in B3 for 2 gold" in ex.ephemeral_text
    assert "breaks ground in B3: +2" in ex.ephemeral_text
    assert await _ply(h) == 0
    buttons = dict(ex.buttons)
    confirm = next(cid for label, cid in buttons.items() if label.startswith("Confirm"))
    assert "Cancel" in buttons
    ex = await h.click(confirm, user=user)
    assert ex.public
    assert await _ply(h) == 3  # full, build well, build garden: each step saved
    status = await table_status(h)
    assert status.state.current == 1 and status.state.players[0].gold == 1


async def test_confirm_false_builds_at_once_and_a_refusal_changes_nothing(h: Harness) -> None:
    await _started(h)
    user = await _first_player(h)
    ex = await h.slash(
        "canterbury build", structure="fountain", district="A1", confirm=False, user=user
    )
    assert not ex.public and "neither holds" in ex.ephemeral_text
    assert await _ply(h) == 0
    ex = await h.slash(
        "canterbury build", structure="well", district="C2", confirm=False, user=user
    )
    assert ex.public and await _ply(h) == 3  # full, build, end
    ex = await h.slash("canterbury levy", user=user)
    assert not ex.public and "not your turn" in ex.ephemeral_text.lower()


async def test_act_takes_a_whole_turn_in_notation(h: Harness) -> None:
    await _started(h)
    user = await _first_player(h)
    ex = await h.slash("canterbury act", notation="build well B3 and well A3", user=user)
    assert ex.public, ex.ephemeral_text
    assert await _ply(h) == 3


async def test_large_structure_districts_come_from_a_menu(h: Harness) -> None:
    await _started(h)
    status = await table_status(h)
    state = status.state
    players = list(state.players)
    players[state.current] = replace(players[state.current], gold=40, must_full_build=False)
    await seed_state(h, replace(state, players=tuple(players)))
    user = await _first_player(h)
    ex = await h.slash(
        "canterbury build", structure="water_works", district="C2", confirm=False, user=user
    )
    assert ex.public, ex.ephemeral_text
    status = await table_status(h)
    assert status.state.phase.value == "spread"
    (post,) = ex.public
    options = [
        o["value"] for c in post.components if c.get("type") == 3 for o in c.get("options", [])
    ]
    assert "spread E5" in options and "spread C3" not in options  # C3 already has water
    ex = await h.autocomplete("canterbury spread", focused="district", user=user)
    assert "E5" in ex.choice_values and "C2" not in ex.choice_values
    ex = await h.slash("canterbury spread", district="E5", user=user)
    assert ex.public
    status = await table_status(h)
    assert status.state.districts[24].markers[0] == status.state.current


async def test_rules_name_the_reconstructed_numbers(h: Harness) -> None:
    text = "\n".join(p.text for p in await rules_pages(h, "canterbury"))
    assert "reconstructions" in text and "Treasury Bar" in text
    assert "Rules notes" in text


async def test_a_whole_turn_is_saved_step_by_step_and_replays(h: Harness) -> None:
    """One command, several engine steps: each is its own logged move, the log replays to the
    stored state, and a turn refused halfway saves nothing."""
    await _started(h)
    user = await _first_player(h)
    ex = await h.slash("canterbury act", notation="build well B3 and chapel B3", user=user)
    assert not ex.public and "lacks food" in ex.ephemeral_text
    assert await _ply(h) == 0
    await h.slash("canterbury act", notation="build well B3 and garden B3", user=user)
    status = await table_status(h)
    log = await h.bot.service.history(C1.id, 10)
    assert not isinstance(log, Rejection)
    assert [e.notation for e in log] == ["full", "build well B3", "build garden B3"]
    report = await h.bot.service.verify_replay(status.session.id)
    assert report.matches, report.difference


async def test_build_after_choosing_full_build_by_button_still_ends_the_turn(h: Harness) -> None:
    """A player who pressed "Full Build" first, then uses /canterbury build, gets a whole turn;
    naming a second structure without its district is refused with a sentence."""
    await _started(h)
    user = await _first_player(h)
    ex = await h.slash("canterbury act", notation="full", user=user)
    assert ex.public and await _ply(h) == 1
    ex = await h.slash(
        "canterbury build", structure="well", district="B3", second="garden", user=user
    )
    assert not ex.public and "second_district" in ex.ephemeral_text
    ex = await h.slash(
        "canterbury build", structure="well", district="B3", confirm=False, user=user
    )
    assert ex.public, ex.ephemeral_text
    status = await table_status(h)
    assert await _ply(h) == 3 and status.state.phase.value == "choose"
    assert status.state.current == 1


async def test_a_build_step_with_many_choices_offers_a_menu_of_suggestions(h: Harness) -> None:
    """Over 25 legal steps: the post still carries a menu of the heuristic's favourites (and
    End turn once a structure is built), every entry legal."""
    from bot.table.canterbury import move_menu

    await _started(h)
    status = await table_status(h)
    state = status.state
    players = tuple(replace(p, gold=60, must_full_build=False) for p in state.players)
    state = replace(state, players=players)
    for name in ("B3", "C2", "D3", "C4"):
        from tests.games.canterbury.positions import place

        state = place(state, name, "well", "red")
    await seed_state(h, state)
    user = await _first_player(h)
    ex = await h.slash("canterbury act", notation="full", user=user)
    status = await table_status(h)
    seat = Seat(status.state.current)
    legal = set(h.bot.service.legal_notations(status.session, status.state, user.id))
    assert len(legal) > 25
    menu = move_menu(status.state, int(seat))
    assert len(menu) == 25 and {n for _, n in menu} <= legal
    (post,) = ex.public
    options = [o["value"] for c in post.components if c.get("type") == 3 for o in c["options"]]
    assert len(options) == 25 and set(options) <= legal  # nothing built yet: no `end`
