"""The King's Envoy: an unused Envoy goes back at the next phase 5 (and may go to the same player),
is kept over winter until then, and on a dummy advisor gives its gift to the player only."""

from __future__ import annotations

from bot.games.kingsburg.state import Step
from tests.games.kingsburg.builders import (
    dummy,
    influence_position,
    play,
    player,
    position,
    refuse,
    year_start,
)


def test_unused_envoy_returns_at_next_phase_five_and_may_go_to_the_same_player() -> None:
    """Held by red since last year and unused: it goes back at phase 5 and goes again to the
    player with the fewest buildings, blue or red itself."""
    few, many = {"inn"}, {"inn", "statue", "palisade"}
    for buildings, holder in (((many, few), 1), ((few, many), 0)):
        s = position(
            [player(buildings=b) for b in buildings],
            order=[0, 1],
            step=Step.TOWNHALL,
            phase=4,
            year=2,
            queue=(),
            envoy=0,
        )
        assert s.phase == 6 and s.envoy == holder, buildings


def test_envoy_is_kept_over_winter_until_the_next_phase_five() -> None:
    """Assigned in summer, it can still be used next spring."""
    s = year_start([player(buildings={"inn"}), player(buildings={"inn"})], envoy=0)
    s, _ = play(s, (0, "aid gold"), (1, "aid gold"))
    assert s.year == 2 and s.phase == 2 and s.envoy == 0


def test_envoy_on_a_dummy_advisor_gives_the_gift_to_the_player_only() -> None:
    """Two players: the dummy dice get nothing; the Envoy holder joining them does."""
    s = influence_position(
        player(dice=(2, 1, 1)), player(), court=(dummy(3, 1, 1, 1), dummy(7, 5, 2)), envoy=0
    )
    assert refuse(s, 0, "influence 3 with 2+1") == (
        "The Architect (3) is already taken this season by the dummy dice "
        "(the King's Envoy could let you join)."
    )
    s, _ = play(s, (0, "influence 3 with 2+1 envoy"), (0, "pass"))
    assert s.players[0].goods == (0, 1, 0)
    assert s.envoy is None
