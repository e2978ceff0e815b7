"""Scenario tests for the designer's published clarifications ("Kingsburg: Official
Clarifications ... according to public posts by Luca Iennaco"), point by point: 1 Scoring,
2 "+2" tokens, 3 white dice, 4 buildings. Where the rulebook alone read differently, these tests
pin the clarified reading."""

from __future__ import annotations

import pytest

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.rules import ONE_PLUS_TWO_A_SEASON, plus_two_used, settle
from bot.games.kingsburg.state import Group, Step
from bot.games.protocol import Event, Seat
from tests.games.kingsburg.builders import (
    act,
    play,
    player,
    position,
    refuse,
    seed_for_die,
    texts,
    winter,
)


def _influence(p0, p1=None, **fields):
    return position([p0, p1 or player(dice=(6, 6, 6))], order=[0, 1], step=Step.INFLUENCE, **fields)


def _gifts(p0, court):
    return position(
        [p0, player()], order=[0, 1], step=Step.INFLUENCE, queue=(), court=court, phase=2
    )


# --- 1 Scoring: scores may be negative; the Smuggler at 0 VP or less -------------------------


@pytest.mark.parametrize("vp", [0, -2])
def test_smuggler_can_be_paid_at_zero_vp_or_less(vp: int) -> None:
    """Players may influence and use the Smuggler (14) with zero or fewer VP; the score goes
    below 0."""
    s = _influence(player(dice=(6, 6, 2), vp=vp))
    assert "influence 14 with 6+6+2" in texts(s, 0)
    s = _gifts(player(dice=(6, 6, 2), vp=vp), court=(Group(14, 0, (6, 6, 2)),))
    assert s.step is Step.GIFTS and ENGINE.to_act(s) == {Seat(0)}
    assert "gift stone+stone+stone" in texts(s, 0) and "skip" in texts(s, 0)
    s, events = play(s, (0, "gift gold+wood+stone"))
    assert s.players[0].vp == vp - 1
    assert s.players[0].goods == (1, 1, 1)
    assert "Red loses 1 VP (paid to the Smuggler)." in [e.text for e in events]


def test_battle_losses_may_take_a_score_below_zero() -> None:
    """The Zombies take 2 VP: a player with 1 VP ends at -1, one with 5 at 3."""
    s = winter([player(vp=1), player(vp=5)], "enemy-I-zombies-5", die=1)
    assert [p.vp for p in s.players] == [-1, 3]


def test_a_destroyed_building_takes_its_vp_even_below_zero() -> None:
    """Losing a building takes back its VP in full, whatever the score (Goblins 3 destroy the
    Statue of a player at 1 VP: 1 - 3 = -2)."""
    s = winter([player(vp=1, buildings={"statue"}), player(vp=5)], "enemy-I-goblins-3", die=1)
    assert s.battles[-1].results[0] == "lost"
    assert "statue" not in s.players[0].buildings
    assert s.players[0].vp == -2


def test_a_negative_score_survives_the_json_round_trip_and_ranks_last() -> None:
    """A saved game keeps a negative score; the outcome ranks it below 0."""
    s = winter([player(vp=-3), player(vp=0)], "enemy-V-barbarians-2", die=1, year=5)
    assert s.step is Step.OVER
    data = ENGINE.state_to_dict(s)
    assert ENGINE.state_from_dict(data) == s
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == {Seat(1)}
    assert out.scores[Seat(0)] < 0


# --- 2 "+2" tokens: one per player per season on the advisors --------------------------------


def test_only_one_plus_two_token_per_season_to_influence() -> None:
    """With two tokens, the second group of the season may not take one: it is neither offered
    nor accepted, and the refusal says why."""
    s = _influence(player(dice=(6, 5, 1), plus_two=2), player(dice=(3, 3, 3)))
    s, _ = play(s, (0, "influence 8 with 6 +2"), (1, "influence 9 with 3+3+3"))
    assert s.players[0].plus_two == 1
    assert not any(t.endswith("+2") or " +2 " in t for t in texts(s, 0))
    assert "influence 6 with 5+1" in texts(s, 0)
    assert refuse(s, 0, "influence 7 with 5 +2") == ONE_PLUS_TWO_A_SEASON
    assert s.players[0].plus_two == 1


def test_another_players_token_does_not_count_against_you() -> None:
    """The limit is per player: red's token does not stop blue from using one."""
    s = _influence(player(dice=(6, 5, 1), plus_two=1), player(dice=(3, 3, 3), plus_two=1))
    s, _ = play(s, (0, "influence 8 with 6 +2"))
    assert "influence 11 with 3+3+3 +2" in texts(s, 1)


def test_tokens_spent_at_the_town_hall_do_not_count() -> None:
    """A "+2" used to influence this season does not stop a token at the Town Hall."""
    owned = {"barricade", "crane", "town-hall"}
    s = position(
        [player(buildings=owned, plus_two=1), player()],
        order=[0, 1],
        step=Step.BUILD,
        phase=6,
        queue=(),
        court=(Group(8, 0, (6,), plus_two=True),),
    )
    assert s.step is Step.TOWNHALL
    assert "townhall plus2" in texts(s, 0)
    s, events = play(s, (0, "townhall plus2"))
    assert s.players[0].plus_two == 0
    assert 'Red gains 1 VP (Town Hall, for a "+2" token).' in [e.text for e in events]


def test_the_limit_starts_again_each_season() -> None:
    """The season's token lives on the court, which is cleared when the season ends."""
    s = position(
        [player(plus_two=2), player()],
        order=[0, 1],
        step=Step.BUILD,
        phase=2,
        queue=(),
        court=(Group(8, 0, (6,), plus_two=True),),
        settle_now=False,
    )
    assert plus_two_used(s, 0) and not plus_two_used(s, 1)
    s = settle(s, [])
    assert s.phase == 4 and not plus_two_used(s, 0)


# --- 3 White dice ------------------------------------------------------------------------------


def test_white_dice_may_be_split_or_left_and_take_a_plus_two() -> None:
    """Two white dice (Farms and the King's aid): one joins a group with a "+2" token, the other
    another group; white dice may also simply stay unused when the player passes."""
    farms = {"inn", "market", "farms"}
    s = _influence(player(dice=(3, 2, 1), whites=(4, 5), buildings=farms, plus_two=1))
    assert "influence 9 with 3+4w +2" in texts(s, 0)
    assert (
        refuse(s, 0, "influence 6 with 4w +2") == "A white die cannot influence an advisor alone."
    )
    s, _ = play(s, (0, "influence 9 with 3+4w +2"), (1, "influence 18 with 6+6+6"))
    s, _ = play(s, (0, "influence 7 with 2+5w"))
    s = act(s, 0, "pass").state
    assert [d.placed_on for d in s.players[0].dice if not d.white] == [9, 7, 0]


# --- 4 Buildings -------------------------------------------------------------------------------


def test_an_inn_built_in_summer_gives_its_token_that_summer_for_the_town_hall() -> None:
    """Built during Summer, the Inn gives its "+2" at the end of that Summer, and the token may go
    straight to the Town Hall (the clarifications' Example 1)."""
    owned = {"barricade", "crane", "town-hall"}
    s = position(
        [player(1, 1, buildings=owned), player()],
        order=[0, 1],
        step=Step.BUILD,
        phase=4,
    )
    s, events = play(s, (0, "build inn"))
    assert s.step is Step.TOWNHALL
    assert s.players[0].plus_two == 1
    assert 'Red takes a "+2" token (Inn).' in [e.text for e in events]
    s, _ = play(s, (0, "townhall plus2"))
    assert s.players[0].plus_two == 0 and s.players[0].vp == 1  # the Inn is worth 0 VP


def test_a_town_hall_built_this_season_works_this_season() -> None:
    """End-of-season buildings work in the season they are built."""
    owned = {"barricade", "crane"}
    s = position([player(3, 1, 1, buildings=owned), player()], order=[0, 1], step=Step.BUILD)
    s, _ = play(s, (0, "build town-hall"))
    assert s.step is Step.TOWNHALL and "townhall gold" in texts(s, 0)


def test_statue_and_chapel_in_the_order_the_owner_chooses() -> None:
    """Both apply to 1,1,1 (all equal, total 3): the owner picks the order; after the Chapel the
    Statue is checked again (and is still there if the new dice all match)."""
    owned = {"statue", "chapel"}
    s = position(
        [player(buildings=owned, dice=(1, 1, 1)), player(dice=(6, 6, 6))],
        order=[0, 1],
        step=Step.REROLL,
        seed=seed_for_die(2),
    )
    assert texts(s, 0) == ["keep", "reroll chapel", "reroll statue"]
    s = act(s, 0, "reroll chapel").state
    assert s.players[0].chapel_used and not s.players[0].statue_used
    assert "reroll chapel" not in texts(s, 0)
    values = {d.value for d in s.players[0].dice}
    assert ("reroll statue" in texts(s, 0)) == (len(values) == 1)


def test_the_stables_add_one_soldier_a_season() -> None:
    """Sergeant and General in one season: the Stables add their soldier once (at the Sergeant,
    the first to give), so 1 + 1 + 2 = 4 soldiers, not 5; next season they work again."""
    stables = {"palisade", "stables"}
    s = position(
        [player(buildings=stables, dice=(5, 5, 5)), player()],
        order=[0, 1],
        step=Step.INFLUENCE,
        queue=(),
        court=(Group(5, 0, (5,)), Group(10, 0, (5, 5))),
        settle_now=False,
    )
    events: list[Event] = []
    s = settle(s, events)
    assert s.players[0].soldiers == 4
    soldiers = [e.text for e in events if e.kind == "soldiers"]
    assert soldiers == [
        "Red gets 2 soldiers (Sergeant + Stables).",
        "Red gets 2 soldiers (General).",
    ]
    assert s.phase == 4 and not s.players[0].stables_used


def test_the_crane_discounts_one_building_a_season() -> None:
    """With the Envoy's double build, the Crane takes 1 gold off the first column III/IV building
    only: Town Hall (2 gold -> 1) then Stone Wall at its full 2 gold."""
    owned = {"barricade", "crane", "palisade", "stables"}
    s = position(
        [player(3, 1, 3, buildings=owned), player()],
        order=[0, 1],
        step=Step.BUILD,
        envoy=0,
    )
    assert "build town-hall" in texts(s, 0)
    s, events = play(s, (0, "build town-hall"))
    assert "Red builds the Town Hall (pays 1 gold, 1 wood and 1 stone)." in [e.text for e in events]
    assert s.players[0].goods == (2, 0, 2) and s.players[0].crane_used
    s, events = play(s, (0, "build stone-wall envoy"))
    assert "Red builds the Stone Wall with the King's Envoy (pays 2 gold and 2 stone)." in [
        e.text for e in events
    ]
    assert s.players[0].goods == (0, 0, 0)


def test_a_refused_second_crane_discount_names_the_full_cost() -> None:
    """After the Crane's discount, a second column III building costs its printed gold."""
    owned = {"barricade", "crane", "palisade", "stables"}
    s = position(
        [player(2, 1, 3, buildings=owned), player()], order=[0, 1], step=Step.BUILD, envoy=0
    )
    s, _ = play(s, (0, "build town-hall"))
    assert refuse(s, 0, "build stone-wall envoy") == (
        "The Stone Wall costs 2 gold and 2 stone; you have 1 gold and 2 stone."
    )


def test_games_saved_before_the_once_a_season_flags_still_load() -> None:
    """Older saves lack `stables_used` / `crane_used`: they load as not used yet."""
    s = _influence(player(dice=(6, 5, 1), buildings={"barricade", "crane"}))
    data = ENGINE.state_to_dict(s)
    for p in data["players"]:
        del p["stables_used"], p["crane_used"]
    assert ENGINE.state_from_dict(data) == s
