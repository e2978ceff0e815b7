"""Dice on the advisors: white dice only with a coloured die, a forced pass when only white dice
are left, one "+2" token per group, and the Statue and Chapel rerolls (Chapel at 7 or less, offered
in turn order)."""

from __future__ import annotations

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.state import Step
from bot.games.protocol import Seat
from tests.games.kingsburg.builders import (
    act,
    influence_position,
    play,
    player,
    position,
    refuse,
    seed_for_die,
    texts,
)


def test_two_white_dice_need_a_coloured_die() -> None:
    """Two white dice may go in a group with a coloured die, never alone (not even with +2)."""
    s = influence_position(player(dice=(1, 1, 1), whites=(3, 2), plus_two=1))
    options = texts(s, 0)
    assert "influence 6 with 1+3w+2w" in options
    assert "influence 8 with 1+3w+2w +2" in options
    for text in options:
        if text.startswith("influence"):
            dice = text.split(" with ")[1].split()[0].split("+")
            assert any(not d.endswith("w") for d in dice), text
    alone = "A white die cannot influence an advisor alone."
    assert refuse(s, 0, "influence 5 with 3w+2w") == alone
    assert refuse(s, 0, "influence 7 with 3w+2w +2") == (
        "A white die cannot influence an advisor alone."
    )
    s, _ = play(s, (0, "influence 6 with 1+3w+2w"))
    group = s.groups_on(6)[0]
    assert group.whites == 2 and sorted(group.values) == [1, 2, 3]


def test_only_white_dice_left_is_a_forced_pass() -> None:
    """With no coloured die left the seat passes by itself (never asked with zero options)."""
    s = influence_position(player(dice=(6, 6, 6), whites=(1,)), player(dice=(5, 5, 5)))
    s, _ = play(s, (0, "influence 18 with 6+6+6"), (1, "influence 15 with 5+5+5"))
    assert s.step is not Step.INFLUENCE
    assert [d.placed_on for d in s.players[0].dice if d.white] == [0]


def test_one_plus_two_token_per_group() -> None:
    """A group takes at most one "+2": 4+4 with two tokens (12) is not offered."""
    s = influence_position(player(dice=(4, 4, 1), plus_two=3))
    options = texts(s, 0)
    assert "influence 10 with 4+4 +2" in options
    assert not any(t.startswith("influence 12 with 4+4") for t in options)
    s, _ = play(s, (0, "influence 10 with 4+4 +2"))
    assert s.players[0].plus_two == 2


def test_statue_then_chapel_rulebook_sequence() -> None:
    """2,2,2,2: Statue rerolls one die into a 1 (total 7), then the Chapel rerolls all; after
    that no more rerolls this season, whatever the dice show."""
    owned = {"statue", "chapel", "inn", "market", "farms"}
    s = position(
        [player(buildings=owned, dice=(2, 2, 2), whites=(2,)), player(dice=(6, 6, 6))],
        order=[0, 1],
        step=Step.REROLL,
        seed=seed_for_die(1),
    )
    assert "reroll chapel" not in texts(s, 0)  # total 8
    s = act(s, 0, "reroll statue").state
    assert sorted(d.value for d in s.players[0].dice) == [1, 2, 2, 2]
    assert sum(d.white for d in s.players[0].dice) == 1
    assert texts(s, 0) == ["keep", "reroll chapel"]
    t = act(s, 0, "reroll chapel")
    assert t.state.step is Step.INFLUENCE
    assert len(t.state.players[0].dice) == 4
    assert t.state.players[0].statue_used and t.state.players[0].chapel_used


def test_chapel_needs_total_seven_or_less() -> None:
    """Total 7 may reroll; total 8 may not."""
    s = position(
        [player(buildings={"statue", "chapel"}, dice=(1, 2, 4)), player(dice=(6, 6, 6))],
        order=[0, 1],
        step=Step.REROLL,
    )
    assert texts(s, 0) == ["keep", "reroll chapel"]
    s8 = position(
        [player(buildings={"statue", "chapel"}, dice=(1, 3, 4)), player(dice=(6, 6, 6))],
        order=[0, 1],
        step=Step.REROLL,
    )
    assert s8.step is Step.INFLUENCE  # nobody had a reroll to decide


def test_rerolls_are_offered_in_turn_order() -> None:
    """Both seats may reroll: the first on the Turn Order Chart is asked first."""
    s = position(
        [
            player(buildings={"statue"}, dice=(3, 3, 3)),
            player(buildings={"statue"}, dice=(5, 5, 5)),
        ],
        order=[1, 0],
        step=Step.REROLL,
    )
    assert ENGINE.to_act(s) == {Seat(1)}
    s, _ = play(s, (1, "keep"))
    assert ENGINE.to_act(s) == {Seat(0)}
    s, _ = play(s, (0, "keep"))
    assert s.step is Step.INFLUENCE
    assert s.turn_order == (0, 1)  # 9 before 15
