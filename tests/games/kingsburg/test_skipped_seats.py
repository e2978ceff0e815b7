"""Seats passed over automatically (nothing to build, nothing for the Town Hall, no soldier
affordable) are told why in a public sentence; a seat that built is not reported as skipped."""

from __future__ import annotations

from bot.games.kingsburg.state import Step
from tests.games.kingsburg.builders import (
    act,
    play,
    player,
    position,
)


def test_seats_passed_over_in_construction_and_town_hall_are_told_why() -> None:
    """Red cannot afford anything (1 gold) and has nothing for its Town Hall; Blue has no goods:
    both hear it instead of being skipped in silence."""
    s = position(
        [
            player(buildings=("statue", "town-hall"), dice=(1, 1, 1)),
            player(gold=1, dice=(1, 1, 1)),
        ],
        order=[0, 1],
        step=Step.INFLUENCE,
    )
    s, events = play(s, (0, "pass"), (1, "pass"))
    skips = [e.text for e in events if e.kind == "skip"]
    assert skips == [
        "Red cannot afford any building this season (has no goods).",
        "Blue cannot afford any building this season (has 1 gold).",
        'Red has no good and no "+2" token to hand in at the Town Hall.',
    ]
    assert all(e.visible_to is None for e in events if e.kind == "skip")


def test_a_seat_that_built_is_not_reported_as_skipped() -> None:
    """After its one build a seat leaves the queue without a "cannot build" sentence."""
    s = position(
        [player(gold=2, wood=0, dice=(1, 1, 1)), player(dice=(1, 1, 1))],
        order=[0, 1],
        step=Step.INFLUENCE,
    )
    s, events = play(s, (0, "pass"), (1, "pass"))
    assert s.step is Step.BUILD and not [e for e in events if e.kind == "skip"]
    t = act(s, 0, "build statue")
    # Blue (behind Red in turn order) is passed over only now; Red's own build told its story.
    assert [e.text for e in t.events if e.kind == "skip"] == [
        "Blue cannot afford any building this season (has no goods)."
    ]


def test_seats_that_cannot_afford_a_soldier_are_told_so() -> None:
    """Recruiting: a seat without enough goods for one soldier hears why it is not asked."""
    s = position(
        [player(gold=2, buildings=("town-hall",)), player(gold=1)],
        order=[0, 1],
        step=Step.TOWNHALL,
        phase=6,
    )
    t = act(s, 0, "skip")
    assert t.state.step is Step.RECRUIT
    t = act(t.state, 0, "recruit 1 gold+gold")
    assert [e.text for e in t.events if e.kind == "skip"] == [
        "Blue cannot afford a soldier (2 goods each; has 1 gold)."
    ]
