"""Independent rules review: one test per rule or power that the other files did not pin down.

Each test names the rulebook / yaml sentence it checks and must fail if that rule breaks.
"""

from __future__ import annotations

import pytest

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg import data as D
from bot.games.kingsburg.rules import combat_value, destroyed_building
from bot.games.kingsburg.state import Group, Step
from bot.games.protocol import Seat, Transition, step
from tests.games.kingsburg.builders import (
    act,
    deck,
    dummy,
    play,
    player,
    position,
    refuse,
    seed_for_die,
    texts,
    winter,
)

ROW1 = ("statue", "chapel", "church", "cathedral")
ROW2 = ("inn", "market", "farms", "merchants-guild")
ROW3 = ("guard-tower", "blacksmith", "barracks", "wizards-guild")
ROW4 = ("palisade", "stables", "stone-wall", "fortress")
ROW5 = ("barricade", "crane", "town-hall", "embassy")


def _year_start(players, year: int = 2, **fields):
    """The previous winter just ended: `settle` enters Aid from the King of `year`."""
    return position(
        players,
        order=list(range(len(players))),
        step=Step.BATTLE,
        phase=8,
        year=year - 1,
        queue=(),
        **fields,
    )


# --- Phase 1: Aid from the King -------------------------------------------------------------


def test_aid_full_tie_in_a_later_year_gives_goods_and_no_white_die() -> None:
    """Tie for fewest buildings AND fewest goods: each tied player takes one good; nobody rolls
    the white die (not only in year I)."""
    s = _year_start(
        [
            player(1, buildings={"statue"}),
            player(1, buildings={"inn"}),
            player(buildings={"inn", "statue"}),
        ]
    )
    assert s.year == 2 and s.step is Step.AID
    assert ENGINE.to_act(s) == {Seat(0), Seat(1)}
    assert texts(s, 0) == ["aid gold", "aid stone", "aid wood"]
    s, _ = play(s, (0, "aid stone"), (1, "aid wood"))
    assert s.players[0].goods == (1, 0, 1) and s.players[1].goods == (1, 1, 0)
    assert s.players[2].goods == (0, 0, 0)
    assert [len(p.dice) for p in s.players] == [3, 3, 3]
    assert not any(p.aid_white for p in s.players)


def test_aid_fewest_buildings_beats_fewest_goods() -> None:
    """Buildings are compared first: 1 building and 5 goods is aided over 2 buildings, 0 goods."""
    s = _year_start([player(buildings={"inn", "statue"}), player(5, buildings={"inn"})])
    assert s.step is Step.REROLL or s.step is Step.INFLUENCE
    assert s.players[1].aid_white and not s.players[0].aid_white
    assert [sum(d.white for d in p.dice) for p in s.players] == [0, 1]


def test_aid_white_die_is_for_spring_only() -> None:
    """The aided player rolls 4 dice in spring, 3 in summer (returned at the end of spring)."""
    s = _year_start([player(buildings={"inn", "statue"}), player(buildings={"inn"})])
    assert len(s.players[1].dice) == 4
    # Finish spring: both pass, nothing to build, no Town Hall.
    while s.phase == 2:
        seat = sorted(ENGINE.to_act(s))[0]
        s = act(s, seat, "pass" if s.step is Step.INFLUENCE else "done").state
    assert s.phase == 4
    assert [len(p.dice) for p in s.players] == [3, 3]
    assert not s.players[1].aid_white


def test_aid_white_die_and_farms_give_two_white_dice() -> None:
    """King's aid + Farms: two white dice in spring; both may join one coloured die."""
    farms = {"inn", "market", "farms"}
    s = _year_start([player(buildings=farms), player(buildings=farms | {"statue"})])
    assert sum(d.white for d in s.players[0].dice) == 2
    assert sum(d.white for d in s.players[1].dice) == 1


# --- white dice and "+2" tokens -------------------------------------------------------------


def _influence(p0, p1=None, **fields):
    return position([p0, p1 or player(dice=(6, 6, 6))], order=[0, 1], step=Step.INFLUENCE, **fields)


def test_two_white_dice_need_a_coloured_die() -> None:
    """Two white dice may go in a group with a coloured die, never alone (not even with +2)."""
    s = _influence(player(dice=(1, 1, 1), whites=(3, 2), plus_two=1))
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
    s = _influence(player(dice=(6, 6, 6), whites=(1,)), player(dice=(5, 5, 5)))
    s, _ = play(s, (0, "influence 18 with 6+6+6"), (1, "influence 15 with 5+5+5"))
    assert s.step is not Step.INFLUENCE
    assert [d.placed_on for d in s.players[0].dice if d.white] == [0]


def test_one_plus_two_token_per_group() -> None:
    """A group takes at most one "+2": 4+4 with two tokens (12) is not offered."""
    s = _influence(player(dice=(4, 4, 1), plus_two=3))
    options = texts(s, 0)
    assert "influence 10 with 4+4 +2" in options
    assert not any(t.startswith("influence 12 with 4+4") for t in options)
    s, _ = play(s, (0, "influence 10 with 4+4 +2"))
    assert s.players[0].plus_two == 2


# --- Statue and Chapel ----------------------------------------------------------------------


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


# --- advisors -------------------------------------------------------------------------------


def _gifts(p0, court, p1=None, **fields):
    return position(
        [p0, p1 or player()], order=[0, 1], step=Step.INFLUENCE, queue=(), court=court, **fields
    )


@pytest.mark.parametrize(
    ("advisor", "goods", "vp", "soldiers", "plus_two"),
    [
        (1, (0, 0, 0), 1, 0, 0),
        (2, (1, 0, 0), 0, 0, 0),
        (3, (0, 1, 0), 0, 0, 0),
        (5, (0, 0, 0), 0, 1, 0),
        (8, (2, 0, 0), 0, 0, 0),
        (10, (0, 0, 0), 0, 2, 0),
        (13, (0, 0, 3), 0, 0, 0),
        (15, (1, 1, 1), 0, 0, 0),
        (16, (4, 0, 0), 0, 0, 0),
        (18, (1, 1, 1), 0, 1, 0),
    ],
)
def test_fixed_advisor_gifts(advisor, goods, vp, soldiers, plus_two) -> None:
    """Advisors without a choice give exactly what the rulebook lists."""
    s = _gifts(player(), (Group(advisor, 0, (advisor,)),))
    p = s.players[0]
    assert (p.goods, p.vp, p.soldiers, p.plus_two) == (goods, vp, soldiers, plus_two)
    assert s.step is Step.BUILD or s.phase == 4


@pytest.mark.parametrize(("advisor", "soldiers"), [(5, 2), (10, 3), (18, 2)])
def test_stables_bonus_for_sergeant_general_king(advisor: int, soldiers: int) -> None:
    """Stables: Sergeant 2, General 3, King 2 soldiers."""
    s = _gifts(player(buildings={"palisade", "stables"}), (Group(advisor, 0, (6,)),))
    assert s.players[0].soldiers == soldiers


@pytest.mark.parametrize(
    ("advisor", "choice", "goods", "plus_two", "vp"),
    [
        (4, "gift wood", (0, 1, 0), 0, 0),
        (7, "gift stone", (0, 0, 1), 1, 0),
        (9, "gift wood+stone", (0, 1, 1), 0, 0),
        (11, "gift gold+stone", (1, 0, 1), 0, 0),
        (12, "gift gold+wood", (1, 1, 0), 1, 0),
        (17, "gift stone+stone", (0, 0, 2), 0, 3),
    ],
)
def test_advisor_gifts_with_a_choice(advisor, choice, goods, plus_two, vp) -> None:
    """Merchant, Astronomer, Master Hunter, Swordsmith, Duchess and Queen."""
    s = _gifts(player(), (Group(advisor, 0, (6,)),))
    assert ENGINE.to_act(s) == {Seat(0)}
    s, _ = play(s, (0, choice))
    p = s.players[0]
    assert (p.goods, p.plus_two, p.vp) == (goods, plus_two, vp)


def test_swordsmith_refuses_a_bundle_it_does_not_give() -> None:
    """Stone+wood or stone+gold only."""
    s = _gifts(player(), (Group(11, 0, (6, 5)),))
    assert texts(s, 0) == ["gift gold+stone", "gift wood+stone"]
    assert refuse(s, 0, "gift gold+wood") == (
        "The Swordsmith gives 1 stone + 1 wood, or 1 stone + 1 gold: "
        "say `gift gold+stone` or `gift wood+stone`."
    )


def test_gifts_are_given_from_advisor_1_to_18() -> None:
    """Placed 14, 6, 8, 1 but resolved 1, 6, 8, 14: the Jester's VP lets the Smuggler be paid;
    the Alchemist (6) comes before the Treasurer's gold (8), so it has nothing to trade."""
    court = (Group(14, 0, (6, 6, 2)), Group(6, 0, (6,)), Group(8, 0, (5, 3)), Group(1, 0, (1,)))
    s = _gifts(player(), court)
    # Jester +1 VP; Alchemist: nothing to trade; Treasurer +2 gold; then the Smuggler asks.
    assert s.players[0].vp == 1 and s.players[0].goods == (2, 0, 0)
    assert ENGINE.to_act(s) == {Seat(0)}
    assert "skip" in texts(s, 0)


def test_queen_peek_is_private_and_spectators_see_nothing() -> None:
    """Queen: 2 goods, 3 VP and a secret look at this year's card."""
    s = _gifts(player(), (Group(17, 0, (6, 6, 5)),))
    s, events = play(s, (0, "gift gold+wood"))
    card = deck()[0]
    assert s.peeked == {0}
    assert ENGINE.view(s, Seat(0)).peeked_enemy.card_id == card
    for viewer in (Seat(1), None):
        v = ENGINE.view(s, viewer)
        assert v.peeked_enemy is None and card not in repr(v)
        assert card in ENGINE.hidden_from(s, viewer)
    for e in events:
        if e.visible_to is None:
            assert card not in e.text and card not in repr(e.data)
    assert all(card not in t for t in s.recent)
    assert all(card not in repr(v) for v in ENGINE.summary(s).values())
    # Next years' cards stay hidden even from the peeker.
    assert set(deck()[1:]) <= ENGINE.hidden_from(s, Seat(0))


# --- King's Envoy ---------------------------------------------------------------------------


def test_unused_envoy_returns_at_next_phase_five_and_may_go_to_the_same_player() -> None:
    """Held since last year and unused: it goes back at phase 5 and is assigned again."""
    few, many = {"inn"}, {"inn", "statue", "palisade"}
    s = position(
        [player(buildings=many), player(buildings=few)],
        order=[0, 1],
        step=Step.TOWNHALL,
        phase=4,
        year=2,
        queue=(),
        envoy=0,
    )
    assert s.envoy == 1 and s.phase == 6
    s = position(
        [player(buildings=few), player(buildings=many)],
        order=[0, 1],
        step=Step.TOWNHALL,
        phase=4,
        year=2,
        queue=(),
        envoy=0,
    )
    assert s.envoy == 0


def test_envoy_is_kept_over_winter_until_the_next_phase_five() -> None:
    """Assigned in summer, it can still be used next spring."""
    s = _year_start([player(buildings={"inn"}), player(buildings={"inn"})], envoy=0)
    s, _ = play(s, (0, "aid gold"), (1, "aid gold"))
    assert s.year == 2 and s.phase == 2 and s.envoy == 0


def test_envoy_on_a_dummy_advisor_gives_the_gift_to_the_player_only() -> None:
    """Two players: the dummy dice get nothing; the Envoy holder joining them does."""
    s = _influence(
        player(dice=(2, 1, 1)), player(), court=(dummy(3, 1, 1, 1), dummy(7, 5, 2)), envoy=0
    )
    assert refuse(s, 0, "influence 3 with 2+1") == (
        "The Architect (3) is already taken this season by the dummy dice "
        "(the King's Envoy could let you join)."
    )
    s, _ = play(s, (0, "influence 3 with 2+1 envoy"), (0, "pass"))
    assert s.players[0].goods == (0, 1, 0)
    assert s.envoy is None


# --- buildings ------------------------------------------------------------------------------


def _build(p0, p1=None, **fields):
    """Seat 0 builds first; seat 1 (by default able to build the Barricade) keeps the season
    open so the end-of-season effects do not blur the check."""
    return position([p0, p1 or player(0, 1)], order=[0, 1], step=Step.BUILD, **fields)


def test_row_order_for_every_row() -> None:
    """Each building needs every building to its left in its row."""
    rich = player(20, 20, 20)
    for row in (ROW1, ROW2, ROW3, ROW4, ROW5):
        s = _build(rich)
        assert texts(s, 0).count(f"build {row[0]}") == 1
        for b in row[1:]:
            assert f"build {b}" not in texts(s, 0)
    s = _build(player(20, 20, 20, buildings={"barricade", "crane"}))
    assert "build town-hall" in texts(s, 0) and "build embassy" not in texts(s, 0)


@pytest.mark.parametrize("bid", [b.building_id for b in D.BUILDINGS])
def test_crane_discount_only_in_columns_three_and_four(bid: str) -> None:
    """With the Crane, one gold less for columns III and IV; columns I and II pay full price."""
    b = D.BUILDING_BY_ID[bid]
    left = set(D.left_neighbours(bid))
    exact = player(*b.cost, buildings=left | {"barricade", "crane"})
    if b.column >= 3:
        cheaper = (b.cost[0] - 1, b.cost[1], b.cost[2])
        s = _build(player(*cheaper, buildings=left | {"barricade", "crane"}))
        s, _ = play(s, (0, f"build {bid}"))
        assert bid in s.players[0].buildings and s.players[0].goods == (0, 0, 0)
    elif bid not in ("barricade", "crane") and b.cost[0] > 0:
        short = (b.cost[0] - 1, b.cost[1], b.cost[2])
        s = _build(player(*short, buildings=left | {"barricade", "crane"}))
        assert f"build {bid}" not in texts(s, 0)
    s = _build(exact)
    if not exact.has(bid):
        assert f"build {bid}" in texts(s, 0)


def test_build_gives_the_building_vp() -> None:
    """Every building scores its printed VP when built."""
    for b in D.BUILDINGS:
        left = set(D.left_neighbours(b.building_id))
        s = _build(player(*b.cost, buildings=left))
        s, _ = play(s, (0, f"build {b.building_id}"))
        assert s.players[0].vp == b.vp, b.name
        paid = D.cost_for(b.building_id, "crane" in left)
        assert s.players[0].goods == tuple(c - x for c, x in zip(b.cost, paid, strict=True))
        assert s.step is Step.BUILD


def test_embassy_scores_in_the_season_it_is_built() -> None:
    """Built in autumn: +4 (printed) +1 (end of that season)."""
    owned = {"barricade", "crane", "town-hall"}
    s = _build(player(2, 2, 2, buildings=owned), phase=6)
    s, _ = play(s, (0, "build embassy"))
    assert s.players[0].vp == 4
    s, _ = play(s, (1, "done"))
    assert s.players[0].vp == 4 + 1
    assert s.step is Step.TOWNHALL  # the Town Hall comes after the Embassy point


def test_town_hall_trade_is_once_per_season() -> None:
    """After one trade the seat is not asked again this season."""
    owned = {"barricade", "crane", "town-hall"}
    s = position(
        [player(3, 3, 3, buildings=owned, plus_two=2), player(buildings={"inn"})],
        order=[0, 1],
        step=Step.BUILD,
        phase=6,
        queue=(),
    )
    assert s.step is Step.TOWNHALL
    assert texts(s, 0) == [
        "skip",
        "townhall gold",
        "townhall plus2",
        "townhall stone",
        "townhall wood",
    ]
    s, _ = play(s, (0, "townhall plus2"))
    assert s.players[0].vp == 1 and s.players[0].plus_two == 1
    assert s.step is not Step.TOWNHALL


def test_inn_gives_a_token_only_at_the_end_of_summer() -> None:
    """Spring and autumn: no Inn token."""
    for phase, tokens in ((2, 0), (4, 1), (6, 0)):
        s = position(
            [player(buildings={"inn"}), player(buildings={"inn"})],
            order=[0, 1],
            step=Step.BUILD,
            phase=phase,
            queue=(),
        )
        assert s.players[0].plus_two == tokens, phase


def test_kings_reward_goes_to_every_player_with_the_most_buildings() -> None:
    """Phase 3: most buildings, ties all rewarded."""
    s = position(
        [
            player(buildings={"inn", "statue"}),
            player(buildings={"inn"}),
            player(buildings={"palisade", "barricade"}),
        ],
        order=[0, 1, 2],
        step=Step.BUILD,
        phase=2,
        queue=(),
    )
    assert s.phase == 4
    assert [p.vp for p in s.players] == [1, 0, 1]


# --- Phase 7 --------------------------------------------------------------------------------


def test_recruit_options_are_every_distinct_payment() -> None:
    """All goods combinations are listed, for autocomplete: 2 goods per soldier."""
    s = position([player(2, 1, 1), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(0,))
    assert texts(s, 0) == [
        "recruit 1 gold+gold",
        "recruit 1 gold+stone",
        "recruit 1 gold+wood",
        "recruit 1 wood+stone",
        "recruit 2 gold+gold+wood+stone",
        "skip",
    ]


def test_recruit_without_goods_names_a_legal_example() -> None:
    """`recruit 3` (no goods named) is refused with a payment the player can actually make."""
    s = position([player(3, 2, 2), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(0,))
    message = refuse(s, 0, "recruit 3")
    example = message.split("`")[1]
    assert example.startswith("recruit 3 ")
    assert example in texts(s, 0), message
    too_many = refuse(s, 0, "recruit 4")
    assert "at most 3" in too_many, too_many
    assert too_many.split("`")[1] in texts(s, 0)


def test_recruit_without_goods_is_accepted_when_only_one_payment_fits() -> None:
    """With only gold, `recruit 2` can mean nothing but four gold."""
    s = position([player(5), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(0,))
    action = ENGINE.parse_action("recruit 2", s, Seat(0))
    assert ENGINE.format_action(action, s) == "recruit 2 gold+gold+gold+gold"
    result = step(ENGINE, s, Seat(0), action)
    assert isinstance(result, Transition)
    recruited = [e for e in result.events if e.kind == "soldiers" and e.data.get("seat") == 0]
    assert recruited[0].data["n"] == 2
    assert result.state.players[0].goods[0] == 1
    # Ambiguous payments are left for `check` to explain.
    s2 = position([player(2, 2), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(0,))
    assert ENGINE.parse_action("recruit 1", s2, Seat(0)).payment == (0, 0, 0)
    assert ENGINE.format_action(ENGINE.parse_action("recruit 2", s2, Seat(0)), s2) == (
        "recruit 2 gold+gold+wood+wood"
    )


# --- Phase 8 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("building", "bonus"),
    [
        ("guard-tower", {"": 1}),
        ("blacksmith", {"": 1}),
        ("wizards-guild", {"": 2}),
        ("palisade", {"": 1, "Zombies": 2}),
        ("stone-wall", {"": 1}),
        ("fortress", {"": 1}),
        ("barricade", {"": 0, "Goblins": 1}),
        ("church", {"": 0, "Demons": 1}),
        ("farms", {"": -1}),
        ("statue", {"": 0}),
        ("stables", {"": 0}),
    ],
)
def test_building_battle_bonus_by_enemy_type(building: str, bonus: dict[str, int]) -> None:
    """Battle bonuses, with the enemy-type replacements (Barricade, Palisade, Church)."""
    p = player(buildings={building}, soldiers=4)
    for enemy in ("Barbarians", "Goblins", "Orcs", "Zombies", "Demons", "Dragons"):
        expected = bonus.get(enemy, bonus[""])
        assert combat_value(p, enemy) == 4 + expected, (building, enemy)


def test_kings_die_goes_to_every_player_and_soldiers_go_home() -> None:
    """Every governor gets the King's die as soldiers; afterwards all soldiers are 0."""
    s = winter([player(soldiers=2), player(), player(soldiers=5)], "enemy-I-zombies-5", die=4)
    b = s.battles[-1]
    assert b.kings_die == 4
    assert b.combat == (6, 4, 9)
    assert b.results == ("won", "tied", "won")
    assert [p.soldiers for p in s.players] == [0, 0, 0]


def test_strongest_bonus_only_for_the_strongest_winners_all_of_them() -> None:
    """Two winners tied at the top both get +1 VP; a weaker winner only the card's reward."""
    s = winter(
        [player(soldiers=5), player(soldiers=3), player(soldiers=5)], "enemy-I-zombies-5", die=1
    )
    # Zombies 4: red 6, blue 4 (tied), green 6; reward 1 VP; strongest +1 VP for red and green.
    assert [p.vp for p in s.players] == [2, 0, 2]
    s = winter(
        [player(soldiers=5), player(soldiers=4), player(soldiers=1)], "enemy-I-zombies-5", die=1
    )
    # Green loses to the Zombies: -2 VP, below 0 (designer's clarifications).
    assert [p.vp for p in s.players] == [2, 1, -2]


def test_tied_stone_wall_winner_can_be_the_strongest() -> None:
    """A Stone Wall tie is a win; a plain tie at the same value is not, so no bonus there."""
    wall = {"palisade", "stables", "stone-wall"}
    # Goblins 3 + die 1: red 1 + Palisade 1 + Stone Wall 1 = 3 (won); blue 2 + 1 = 3 (tied).
    s = winter([player(buildings=wall, vp=4), player(soldiers=2)], "enemy-I-goblins-3", die=1)
    assert s.battles[-1].results == ("won", "tied")
    assert s.players[0].vp == 4 + 1  # the strongest victorious defender
    assert s.players[0].goods == (0, 0, 1)
    assert s.players[1].vp == 0


def test_losses_goods_only_as_available_buildings_and_vp() -> None:
    """Goblins II-1 (lose 1 VP, 2 wood, 2 stone, 1 building) against a poor player."""
    s = winter(
        [player(0, 1, 0, vp=5, buildings={"statue", "inn", "market"}), player(soldiers=9)],
        "enemy-II-goblins-1",
        die=1,
        year=2,
    )
    p = s.players[0]
    assert p.goods == (0, 0, 0)
    assert p.buildings == {"statue", "inn"}  # the Market: column II
    assert p.vp == 5 - 1 - 1  # battle VP and the Market's VP


def test_destroyed_building_rightmost_column_then_topmost_row() -> None:
    """Column IV beats everything; among column II the topmost row."""
    p = player(buildings={"barricade", "crane", "town-hall", "guard-tower", "blacksmith"})
    assert destroyed_building(p) == "town-hall"
    p = player(buildings={"palisade", "stables", "guard-tower", "blacksmith", "barricade"})
    assert destroyed_building(p) == "blacksmith"
    assert destroyed_building(player()) is None


# --- end of the game ------------------------------------------------------------------------


def test_tie_break_goods_then_buildings_then_shared() -> None:
    """Equal VP and goods: more buildings wins."""
    s = position(
        [
            player(1, 1, buildings={"inn", "statue"}, vp=10),
            player(2, buildings={"inn"}, vp=10),
            player(1, vp=10),
        ],
        order=[0, 1, 2],
        step=Step.BATTLE,
        phase=8,
        year=5,
        queue=(),
    )
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == {Seat(0)}


def test_cathedral_rounds_down() -> None:
    """1 VP per 2 goods: 7 goods give 3 VP."""
    cath = set(ROW1)
    s = position(
        [player(3, 3, 1, buildings=cath, vp=10), player()],
        order=[0, 1],
        step=Step.BATTLE,
        phase=8,
        year=5,
        queue=(),
    )
    assert s.players[0].vp == 13


# --- liveness -------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_nobody_is_ever_asked_with_zero_options(n: int) -> None:
    """Random games: whoever must act has a legal action, and the game always ends."""
    for seed in range(3):
        state = ENGINE.new_game(n, {}, 1000 + seed)
        bot = ENGINE.bots["random"]()
        for ply in range(6000):
            acting = ENGINE.to_act(state)
            if not acting:
                break
            for seat in acting:
                assert ENGINE.legal_actions(state, seat), (state.step, seat)
            seat = sorted(acting)[ply % len(acting)]
            t = step(ENGINE, state, seat, bot.choose(state, seat, ply))
            assert isinstance(t, Transition)
            state = t.state
        assert ENGINE.outcome(state) is not None


@pytest.mark.parametrize("bad", [[["x", 2, 3]], [[1, 2, 9]], ["12"], [[1, True]]])
def test_corrupt_dummy_rolls_fail_precisely(bad: object) -> None:
    """A bad dummy roll in a snapshot names the field instead of crashing."""
    from bot.games.codec import CorruptStateError

    data = ENGINE.state_to_dict(ENGINE.new_game(2, {}, 1))
    data["dummy_rolls"] = bad
    with pytest.raises(CorruptStateError, match="dummy_rolls"):
        ENGINE.state_from_dict(data)
