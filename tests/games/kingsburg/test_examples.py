"""The rulebook's worked examples, played through the engine."""

from __future__ import annotations

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.rules import sort_turn_order
from bot.games.kingsburg.state import Step
from bot.games.protocol import Seat
from tests.games.kingsburg.builders import (
    ANN,
    BRIAN,
    CINDY,
    DAVID,
    act,
    play,
    player,
    position,
    refuse,
    seed_for_die,
    texts,
)


def _rolled_spring():
    """Spring of year I right after the roll of the turn-order example."""
    return position(
        [
            player(dice=(1, 3, 5)),
            player(stone=1, dice=(4, 4, 5)),
            player(gold=1, dice=(2, 2, 6)),
            player(dice=(2, 3, 5)),
        ],
        order=[CINDY, ANN, DAVID, BRIAN],
        step=Step.REROLL,
    )


def test_turn_order_example_sorts_by_totals_and_keeps_previous_order_on_ties() -> None:
    """Ann 9, Cindy 10, David 10, Brian 13: Cindy stays ahead of David (previous order)."""
    assert sort_turn_order((2, 0, 3, 1), {0: 9, 1: 13, 2: 10, 3: 10}) == (0, 2, 3, 1)
    s = _rolled_spring()
    assert s.step is Step.INFLUENCE
    assert s.turn_order == (ANN, CINDY, DAVID, BRIAN)
    assert ENGINE.to_act(s) == {Seat(ANN)}


def _after_influence():
    s = _rolled_spring()
    s, _ = play(s, (ANN, "influence 8 with 5+3"))
    assert refuse(s, CINDY, "influence 8 with 6+2") == (
        "The Treasurer (8) is already taken this season by red."
    )
    s, _ = play(
        s,
        (CINDY, "influence 4 with 2+2"),
        (DAVID, "influence 7 with 5+2"),
    )
    assert refuse(s, BRIAN, "influence 8 with 4+4") == (
        "The Treasurer (8) is already taken this season by blue.".replace("blue", "red")
    )
    s, _ = play(s, (BRIAN, "influence 9 with 5+4"), (ANN, "influence 1 with 1"))
    s, _ = play(s, (CINDY, "influence 6 with 6"))
    s, events = play(s, (DAVID, "influence 3 with 3"))
    return s, events


def test_influence_example_ends_with_brians_forced_pass() -> None:
    """Brian's last 4 cannot go anywhere (the Merchant is taken): he passes automatically."""
    s, events = _after_influence()
    forced = [e for e in events if e.kind == "pass" and e.data.get("forced")]
    # Brian passes with his 4 still unplaced; the others simply have no dice left.
    assert forced[0].data["seat"] == BRIAN
    assert [d.value for d in s.players[BRIAN].dice if not d.placed_on] == [4]
    assert all(not d.placed_on == 0 for i in (ANN, CINDY, DAVID) for d in s.players[i].dice)
    assert s.step is Step.GIFTS
    assert all(p.passed for p in s.players)
    # Jester (Ann, +1 VP) and Architect (David, +1 wood) are automatic; the Merchant asks Cindy.
    assert s.players[ANN].vp == 1
    assert s.players[DAVID].goods == (0, 1, 0)
    assert ENGINE.to_act(s) == {Seat(CINDY)}
    assert texts(s, CINDY) == ["gift gold", "gift wood"]


def test_gift_example_merchant_then_alchemist_then_the_rest() -> None:
    """Cindy takes wood from the Merchant and trades it at the Alchemist for gold and stone."""
    s, _ = _after_influence()
    s, _ = play(s, (CINDY, "gift wood"))
    assert texts(s, CINDY) == [
        "alchemist gold->wood+stone",
        "alchemist wood->gold+stone",
        "skip",
    ]
    s, _ = play(s, (CINDY, "alchemist wood->gold+stone"))
    assert s.players[CINDY].goods == (2, 0, 1)
    # Astronomer: David picks one good and gets a "+2" token.
    assert ENGINE.to_act(s) == {Seat(DAVID)}
    s, _ = play(s, (DAVID, "gift gold"))
    assert s.players[DAVID].plus_two == 1
    assert s.players[DAVID].goods == (1, 1, 0)
    # Treasurer gives Ann 2 gold by itself; the Master Hunter asks Brian.
    assert s.players[ANN].goods == (2, 0, 0)
    assert texts(s, BRIAN) == ["gift gold+wood", "gift wood+stone"]
    s, _ = play(s, (BRIAN, "gift gold+wood"))
    assert s.players[BRIAN].goods == (1, 1, 1)
    assert s.step is Step.BUILD


def test_construction_example() -> None:
    """Ann builds the Statue (+3 VP), Brian the Inn, Cindy the Guard Tower (+1), David the
    Palisade."""
    s = position(
        [player(2, 1), player(1, 1, 1), player(2, 0, 1), player(0, 2)],
        order=[ANN, BRIAN, CINDY, DAVID],
        step=Step.BUILD,
    )
    assert refuse(s, ANN, "build chapel") == (
        "The Chapel needs the Statue first: each row is built left to right."
    )
    s, events = play(
        s,
        (ANN, "build statue"),
        (BRIAN, "build inn"),
        (CINDY, "build guard tower"),
        (DAVID, "build Palisade"),
    )
    built_vp = [e.data["vp"] for e in events if e.kind == "vp" and "King's Reward" not in e.text]
    assert built_vp == [3, 1]
    assert s.players[ANN].goods == (0, 1, 0)
    assert s.players[BRIAN].goods == (0, 0, 1)
    assert s.players[CINDY].goods == (1, 0, 0)
    assert s.players[DAVID].goods == (0, 0, 0)
    assert s.players[CINDY].buildings == {"guard-tower"}
    # Spring ends: the King's Reward (everyone has one building) and summer begins.
    assert s.phase == 4
    assert [p.vp for p in s.players] == [4, 1, 2, 1]


def test_winter_example_with_the_goblins() -> None:
    """Goblins (3), King's die 1: Ann and Brian draw, Cindy wins (+1 stone, +1 VP strongest),
    David loses and his Crane (rightmost column) is destroyed."""
    s = position(
        [
            player(buildings={"statue", "palisade", "barricade"}, vp=3),
            player(0, 1, 1, buildings={"inn", "guard-tower"}, soldiers=1, vp=1),
            player(buildings={"guard-tower", "blacksmith", "barricade"}, vp=3),
            player(0, 1, 0, buildings={"inn", "barricade", "crane"}, vp=1),
        ],
        order=[ANN, BRIAN, CINDY, DAVID],
        step=Step.RECRUIT,
        phase=7,
        queue=(),
        seed=seed_for_die(1),
    )
    battle = s.battles[-1]
    assert battle.card_id == "enemy-I-goblins-3"
    assert battle.kings_die == 1
    assert battle.combat == (3, 3, 4, 2)
    assert battle.results == ("tied", "tied", "won", "lost")
    assert s.players[CINDY].goods == (0, 0, 1)
    assert s.players[CINDY].vp == 3 + 1
    assert s.players[DAVID].buildings == {"inn", "barricade"}
    assert s.players[DAVID].vp == 0
    assert s.players[DAVID].goods == (0, 1, 0)
    assert [p.soldiers for p in s.players] == [0, 0, 0, 0]
    assert s.year == 2 and s.step is not Step.BATTLE


def test_a_market_would_have_been_destroyed_before_the_crane() -> None:
    """Same column: the topmost row goes first."""
    s = position(
        [player(buildings={"inn", "market", "barricade", "crane"}, vp=2), player()],
        order=[0, 1],
        step=Step.RECRUIT,
        phase=7,
        queue=(),
        seed=seed_for_die(1),
    )
    assert s.players[0].buildings == {"inn", "barricade", "crane"}
    assert s.players[0].vp == 1


def test_statue_and_chapel_note_example() -> None:
    """2,2,2,2: the Statue may reroll one die, the Chapel may not (total 8)."""
    owned = {"statue", "chapel", "inn", "market", "farms"}
    s = position(
        [player(buildings=owned, dice=(2, 2, 2), whites=(2,)), player(dice=(6, 6, 6))],
        order=[0, 1],
        step=Step.REROLL,
    )
    assert texts(s, 0) == ["keep", "reroll statue", "reroll statue white"]
    s2 = position(
        [player(buildings={"statue", "chapel"}, dice=(2, 2, 1), whites=(2,), statue_used=True),
         player(dice=(6, 6, 6))],
        order=[0, 1],
        step=Step.REROLL,
    )  # fmt: skip
    assert texts(s2, 0) == ["keep", "reroll chapel"]
    t = act(s2, 0, "reroll chapel")
    # Both powers used: no more rerolls, the season goes on.
    assert t.state.step is Step.INFLUENCE
    assert t.state.players[0].chapel_used
    assert [e.kind for e in t.events][0] == "roll"


def test_statue_reroll_changes_exactly_one_die() -> None:
    """After the Statue, only one die differs and the Statue is spent."""
    s = position(
        [player(buildings={"statue"}, dice=(4, 4, 4)), player(dice=(6, 6, 6))],
        order=[0, 1],
        step=Step.REROLL,
    )
    t = act(s, 0, "reroll statue")
    assert t.state.players[0].statue_used
    values = sorted(d.value for d in t.state.players[0].dice)
    assert values.count(4) >= 2


def test_envoy_goes_to_fewest_buildings_then_fewest_goods() -> None:
    """Year II phase 5: David (4 buildings, no goods) gets the Envoy; if Cindy also had no goods,
    nobody would."""
    four = {"inn", "statue", "guard-tower", "palisade"}
    five = four | {"barricade"}
    base = [player(buildings=five), player(1, 1, buildings=four), player(1, buildings=four)]
    s = position(
        [*base, player(buildings=four)],
        order=[0, 1, 2, 3],
        step=Step.TOWNHALL,
        phase=4,
        year=2,
        queue=(),
    )
    assert s.envoy == DAVID
    assert s.phase == 6
    base[2] = player(buildings=four)
    s = position(
        [*base, player(buildings=four)],
        order=[0, 1, 2, 3],
        step=Step.TOWNHALL,
        phase=4,
        year=2,
        queue=(),
        envoy=ANN,
    )
    assert s.envoy is None


def test_envoy_double_build() -> None:
    """David builds the Barricade and then the Blacksmith with the Envoy."""
    s = position(
        [player(), player(), player(), player(1, 3, buildings={"guard-tower"})],
        order=[DAVID, ANN, BRIAN, CINDY],
        step=Step.BUILD,
        envoy=DAVID,
    )
    assert refuse(s, DAVID, "build barricade envoy").startswith("Build your first building")
    s, _ = play(s, (DAVID, "build barricade"))
    assert ENGINE.to_act(s) == {Seat(DAVID)}
    options = texts(s, DAVID)
    assert "build blacksmith envoy" in options and options[-1] == "done"
    assert all(t.endswith(" envoy") for t in options[:-1])
    s, _ = play(s, (DAVID, "build blacksmith envoy"))
    assert s.players[DAVID].buildings == {"guard-tower", "barricade", "blacksmith"}
    assert s.envoy is None


def test_envoy_influence_on_a_taken_advisor_gives_gifts_twice() -> None:
    """David joins Brian on the Architect with the Envoy; both get a wood."""
    s = position(
        [player(dice=()), player(dice=(3, 6, 6)), player(), player(dice=(3,))],
        order=[BRIAN, DAVID, ANN, CINDY],
        step=Step.INFLUENCE,
        envoy=DAVID,
    )
    s, _ = play(s, (BRIAN, "influence 3 with 3"))
    assert refuse(s, DAVID, "influence 3 with 3") == (
        "The Architect (3) is already taken this season by blue "
        "(the King's Envoy could let you join)."
    )
    assert "influence 3 with 3 envoy" in texts(s, DAVID)
    s, _ = play(s, (DAVID, "influence 3 with 3 envoy"), (BRIAN, "pass"))
    assert s.envoy is None
    assert s.players[BRIAN].goods == (0, 1, 0)
    assert s.players[DAVID].goods == (0, 1, 0)


def test_aid_in_year_one_everyone_chooses_a_good_at_once() -> None:
    """All four are tied: everyone is asked at the same time; nobody rolls a white die."""
    s = ENGINE.new_game(4, {}, 3)
    assert ENGINE.to_act(s) == {Seat(i) for i in range(4)}
    s, _ = play(s, (ANN, "aid wood"), (BRIAN, "aid stone"), (CINDY, "aid gold"))
    assert ENGINE.to_act(s) == {Seat(DAVID)}
    s, _ = play(s, (DAVID, "aid gold"))
    assert [p.goods for p in s.players] == [(0, 1, 0), (0, 0, 1), (1, 0, 0), (1, 0, 0)]
    assert s.step is not Step.AID
    assert all(len(p.dice) == 3 for p in s.players)


def test_aid_in_year_three_gives_cindy_the_white_die() -> None:
    """Ann 6 buildings/0 goods, Brian 5/2, Cindy 5/0, David 6/1: Cindy rolls a white die."""
    six = {"inn", "statue", "guard-tower", "palisade", "barricade", "crane"}
    five = six - {"crane"}
    s = position(
        [player(buildings=six), player(1, 1, buildings=five), player(buildings=five),
         player(0, 0, 1, buildings=six)],
        order=[0, 1, 2, 3],
        step=Step.BATTLE,
        phase=8,
        year=2,
        queue=(),
    )  # fmt: skip
    assert s.year == 3
    assert s.players[CINDY].aid_white
    assert [sum(d.white for d in p.dice) for p in s.players] == [0, 0, 1, 0]
    assert len(s.players[CINDY].dice) == 4
