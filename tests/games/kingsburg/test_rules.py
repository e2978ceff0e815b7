"""Scenario tests for single Kingsburg rules: influence checks, buildings' powers, the two-player
dummy dice, the secret peek, winter penalties and the end of the game."""

from __future__ import annotations

from dataclasses import replace

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg import data as D
from bot.games.kingsburg.rules import place_dummy
from bot.games.kingsburg.state import DUMMY, Group, Step
from bot.games.protocol import Seat
from tests.games.kingsburg.builders import (
    deck,
    dummy,
    play,
    player,
    position,
    refuse,
    texts,
    winter,
)


def _influence(p0, p1=None, **fields):
    return position([p0, p1 or player(dice=(6, 6, 6))], order=[0, 1], step=Step.INFLUENCE, **fields)


# --- influence ------------------------------------------------------------------------------


def test_sums_must_be_exact() -> None:
    """The dice must add up to the advisor exactly."""
    s = _influence(player(dice=(4, 4, 1)))
    assert refuse(s, 0, "influence 9 with 4+4") == (
        "Your dice 4+4 add up to 8, not 9 (Master Hunter: 1 wood + 1 gold, or 1 wood + 1 stone)."
    )


def test_a_white_die_cannot_influence_alone() -> None:
    """White dice need a coloured die in the group."""
    s = _influence(player(dice=(6, 6, 6), whites=(3,), buildings={"inn", "market", "farms"}))
    assert refuse(s, 0, "influence 3 with 3w") == "A white die cannot influence an advisor alone."
    assert "influence 9 with 6+3w" in texts(s, 0)
    assert not any(t.startswith("influence 3 with 3w") for t in texts(s, 0))


def test_plus_two_token_adds_two_and_is_spent() -> None:
    """One "+2" token per group; it is returned to the supply."""
    s = _influence(player(dice=(4, 4, 1), plus_two=1))
    assert refuse(s, 0, "influence 10 with 4+4") == (
        "Your dice 4+4 add up to 8, not 10 (General: 2 soldiers + peek at the enemy)."
    )
    s, _ = play(s, (0, "influence 10 with 4+4 +2"))
    assert s.players[0].plus_two == 0
    assert s.groups_on(10)[0].plus_two
    s2 = _influence(player(dice=(4, 4, 1)))
    assert refuse(s2, 0, "influence 10 with 4+4 +2") == 'You have no "+2" token.'


def test_market_shifts_once_per_season() -> None:
    """A group of 9 may go to 8 or 10 with the Market, once a season."""
    s = _influence(player(dice=(5, 4, 3), buildings={"inn", "market"}))
    options = texts(s, 0)
    assert "influence 8 with 5+4 market-1" in options
    assert "influence 10 with 5+4 market+1" in options
    s, _ = play(s, (0, "influence 10 with 5+4 market+1"), (1, "influence 18 with 6+6+6"))
    assert refuse(s, 0, "influence 4 with 3 market+1") == (
        "You have already used your Market this season."
    )
    s3 = _influence(player(dice=(5, 4, 3)))
    assert refuse(s3, 0, "influence 10 with 5+4 market+1") == (
        "You need the Market to shift a group by 1."
    )


def test_unknown_dice_are_refused() -> None:
    """You can only place dice you rolled and have not placed yet."""
    s = _influence(player(dice=(5, 4, 3)))
    assert refuse(s, 0, "influence 12 with 6+6") == (
        "You do not have 6+6 among your unplaced dice (5+4+3)."
    )


def test_two_player_dummy_dice_block_advisors() -> None:
    """Dummy dice take an advisor: only the Envoy lets a player join them."""
    s = _influence(player(dice=(5, 4, 3)), court=(dummy(9, 3, 3, 3), dummy(7, 5, 2)))
    assert refuse(s, 0, "influence 9 with 5+4") == (
        "The Master Hunter (9) is already taken this season by the dummy dice."
    )
    s2 = _influence(player(dice=(5, 4, 3)), court=(dummy(9, 3, 3, 3),), envoy=0)
    assert "influence 9 with 5+4 envoy" in texts(s2, 0)


def test_place_dummy_cases() -> None:
    """Different totals; equal totals with two different dice; equal totals with a double."""
    groups, aside = place_dummy((1, 2, 3), (4, 5))
    assert [(g.advisor, g.values) for g in groups] == [(6, (1, 2, 3)), (9, (4, 5))]
    assert aside is None
    groups, aside = place_dummy((1, 2, 4), (2, 5))
    assert [(g.advisor, g.values) for g in groups] == [(7, (1, 2, 4)), (2, (2,)), (5, (5,))]
    assert aside is None
    groups, aside = place_dummy((2, 3, 3), (4, 4))
    assert [(g.advisor, g.values) for g in groups] == [(8, (2, 3, 3)), (4, (4,))]
    assert aside == 4
    assert all(g.owner == DUMMY for g in groups)


def test_two_player_game_rolls_dummy_dice_every_season() -> None:
    """Each productive season starts with two or three dummy groups and they give no gifts."""
    s = ENGINE.new_game(2, {}, 4)
    s, _ = play(s, (0, "aid gold"), (1, "aid wood"))
    assert s.phase == 2
    dummies = [g for g in s.court if g.owner == DUMMY]
    assert 2 <= len(dummies) <= 3
    assert sum(s.dummy_rolls[0]) == dummies[0].advisor
    view = ENGINE.view(s, Seat(0))
    assert any(g.owner_label == "dummy" for a in view.court for g in a.groups)


# --- gifts ----------------------------------------------------------------------------------


def _gifts(p0, p1=None, court=(), **fields):
    return position(
        [p0, p1 or player()], order=[0, 1], step=Step.INFLUENCE, queue=(), court=court, **fields
    )


def test_smuggler_pays_one_vp_for_three_goods() -> None:
    """With VP the player chooses 3 goods (or declines)."""
    s = _gifts(player(dice=(6, 6, 2), vp=2), court=(Group(14, 0, (6, 6, 2)),))
    assert "skip" in texts(s, 0) and "gift stone+stone+stone" in texts(s, 0)
    s, _ = play(s, (0, "gift gold+stone+stone"))
    assert s.players[0].vp == 1
    assert s.players[0].goods == (1, 0, 2)


def test_stables_add_a_soldier() -> None:
    """General gives 3 soldiers with the Stables."""
    s = _gifts(
        player(buildings={"palisade", "stables"}, dice=(5, 5, 1)),
        court=(Group(10, 0, (5, 5)),),
    )
    assert s.players[0].soldiers == 3


def test_general_peek_is_private() -> None:
    """The peek is an event for that seat only and appears only in that seat's view."""
    s = position(
        [player(dice=(5, 5, 1)), player(dice=(6, 6, 6))],
        order=[0, 1],
        step=Step.INFLUENCE,
    )
    t_state, events = play(s, (0, "influence 10 with 5+5"))
    t_state, more = play(t_state, (1, "pass"), (0, "pass"))
    events += more
    card = deck()[0]
    peeks = [e for e in events if e.kind == "peek"]
    assert len(peeks) == 1 and peeks[0].visible_to == {Seat(0)}
    assert (
        peeks[0].for_viewer(Seat(1)).text
        == "Red secretly looks at the top card of the Enemies Deck."
    )
    assert card in repr(ENGINE.view(t_state, Seat(0)))
    assert ENGINE.view(t_state, Seat(0)).peeked_enemy.card_id == card
    assert card not in repr(ENGINE.view(t_state, Seat(1)))
    assert card not in repr(ENGINE.view(t_state, None))
    assert card in ENGINE.hidden_from(t_state, Seat(1))
    assert card not in ENGINE.hidden_from(t_state, Seat(0))
    assert t_state.peeked == {0}


# --- buildings ------------------------------------------------------------------------------


def _build(p0, **fields):
    return position([p0, player()], order=[0, 1], step=Step.BUILD, **fields)


def test_crane_discount_on_columns_three_and_four() -> None:
    """With the Crane, the Farms cost 1 gold, 3 wood, 1 stone."""
    row2 = {"inn", "market"}
    s = _build(player(1, 3, 1, buildings=row2 | {"barricade", "crane"}))
    s, _ = play(s, (0, "build farms"))
    assert "farms" in s.players[0].buildings
    assert s.players[0].goods == (0, 0, 0)
    s2 = _build(player(1, 3, 1, buildings=row2))
    assert refuse(s2, 0, "build farms") == (
        "The Farms costs 2 gold, 3 wood and 1 stone; you have 1 gold, 3 wood and 1 stone."
    )


def test_one_of_each_and_one_build_a_season() -> None:
    """No second copy; no second build without the Envoy."""
    s = position(
        [player(5, 5, 5, buildings={"statue"}), player(1, 1)], order=[0, 1], step=Step.BUILD
    )
    assert refuse(s, 0, "build statue") == "You already own the Statue."
    s, _ = play(s, (0, "build inn"))
    assert ENGINE.to_act(s) == {Seat(1)}
    assert s.players[0].builds == 1


def test_inn_token_arrives_before_the_town_hall() -> None:
    """End of summer: the Inn's "+2" can pay the Town Hall at once."""
    owned = {"inn", "barricade", "crane", "town-hall"}
    s = position(
        [player(buildings=owned, vp=3), player()],
        order=[0, 1],
        step=Step.BUILD,
        phase=4,
        queue=(),
    )
    assert s.step is Step.TOWNHALL
    assert texts(s, 0) == ["skip", "townhall plus2"]
    s, _ = play(s, (0, "townhall plus2"))
    assert s.players[0].vp == 4
    assert s.players[0].plus_two == 0
    assert s.phase == 6  # the Envoy phase ran and autumn began


def test_town_hall_once_per_season_and_embassy_every_season() -> None:
    """The Embassy gives 1 VP at the end of the season; the Town Hall trades once."""
    owned = {"barricade", "crane", "town-hall", "embassy"}
    s = position(
        [player(2, buildings=owned, plus_two=2), player()],
        order=[0, 1],
        step=Step.BUILD,
        phase=2,
        queue=(),
    )
    assert s.players[0].vp == 1  # Embassy
    s, _ = play(s, (0, "townhall gold"))
    assert s.players[0].vp == 3  # + Town Hall, + the King's Reward (most buildings)
    assert s.players[0].goods == (1, 0, 0)
    assert s.step is not Step.TOWNHALL


def test_merchants_guild_gold_is_taken_automatically() -> None:
    """Before rolling each productive season."""
    s = position(
        [player(buildings={"inn", "market", "farms", "merchants-guild"}), player()],
        order=[0, 1],
        step=Step.AID,
        phase=1,
    )
    assert s.players[0].goods == (1, 0, 0)
    assert len(s.players[0].dice) == 4  # Farms white die


def test_barracks_soldiers_cost_one_good() -> None:
    """Recruit for 1 good each with the Barracks, 2 goods otherwise."""
    s = position(
        [player(1, 1, 1, buildings={"guard-tower", "blacksmith", "barracks"}), player(2, 1)],
        order=[0, 1],
        step=Step.RECRUIT,
        phase=7,
    )
    assert refuse(s, 0, "recruit 1 gold+wood") == (
        "1 soldier costs 1 good (1 good each), not 2; "
        "name the goods you pay, e.g. `recruit 1 gold`."
    )
    s, _ = play(s, (0, "recruit 3 gold+wood+stone"))
    assert s.players[0].soldiers == 3
    assert refuse(s, 1, "recruit 2 gold+gold+wood") == (
        "2 soldiers cost 4 goods (2 goods each) and you have 3: you can recruit at most 1, "
        "e.g. `recruit 1 gold+gold`."
    )
    assert s.step is Step.RECRUIT


# --- winter ---------------------------------------------------------------------------------


def test_stone_wall_wins_ties() -> None:
    """Combat equal to the strength is a win with the Stone Wall."""
    wall = {"palisade", "stables", "stone-wall"}
    s = winter([player(buildings=wall), player(soldiers=2)], "enemy-I-zombies-5", die=1)
    # red: 1 + Palisade 2 (Zombies) + Stone Wall 1 = 4 = strength: won; blue: 3 < 4: lost.
    assert s.battles[-1].results == ("won", "lost")
    assert s.battles[-1].combat == (4, 3)


def test_fortress_gives_a_vp_per_win() -> None:
    """Win: the card's reward, +1 VP Fortress, +1 VP strongest."""
    fort = {"palisade", "stables", "stone-wall", "fortress"}
    s = winter([player(buildings=fort, vp=8), player()], "enemy-I-goblins-3", die=1)
    assert s.battles[-1].results == ("won", "lost")
    assert s.players[0].vp == 8 + 1 + 1
    assert s.players[0].goods == (0, 0, 1)


def test_goods_of_choice_loss_is_a_choice_when_it_matters() -> None:
    """Orcs: lose 2 goods of your choice (asked only when there is a real choice)."""
    s = winter(
        [player(2, 1, 1, vp=3), player(0, 3, vp=3), player(1, vp=3)], "enemy-I-orcs-4", die=1
    )
    assert s.step is Step.BATTLE
    assert ENGINE.to_act(s) == {Seat(0)}
    assert s.players[1].goods == (0, 1, 0)  # only wood: no choice
    assert s.players[2].goods == (0, 0, 0)  # fewer goods than the loss
    assert "lose gold+stone" in texts(s, 0)
    s, _ = play(s, (0, "lose gold+stone"))
    assert s.players[0].goods == (1, 1, 0)
    assert s.year == 2


def test_game_ends_after_year_five_with_cathedral_bonus_and_tiebreaks() -> None:
    """Cathedral: 1 VP per 2 goods; ties broken by goods then buildings."""
    cath = {"statue", "chapel", "church", "cathedral"}
    s = position(
        [player(3, 2, 0, buildings=cath, vp=20), player(0, 0, 4, vp=22), player(0, 0, 4, vp=22)],
        order=[0, 1, 2],
        step=Step.BATTLE,
        phase=8,
        year=5,
        queue=(),
    )
    assert s.step is Step.OVER
    assert s.players[0].vp == 22
    out = ENGINE.outcome(s)
    assert out is not None
    assert out.winners == {Seat(0)}  # 22 VP and 5 goods beat 22 VP and 4 goods
    assert ENGINE.to_act(s) == frozenset()
    s2 = replace(s, players=(s.players[1], s.players[1], s.players[2]))
    assert ENGINE.outcome(s2).winners == {Seat(0), Seat(1), Seat(2)}


def test_strength_ranges_and_cards_in_view() -> None:
    """The card backs are public; the current enemy only once revealed."""
    s = ENGINE.new_game(3, {}, 9)
    v = ENGINE.view(s, Seat(0))
    assert v.strength_ranges == D.STRENGTH_RANGES
    assert v.enemy is None and v.peeked_enemy is None
    for cid in s.deck:
        assert cid not in repr(v)
