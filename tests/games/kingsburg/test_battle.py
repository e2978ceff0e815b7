"""Phase 8, the battle: each building's bonus against each enemy type, the King's die for every
player, the strongest winners' extra VP, the Stone Wall's tie, losses taken only as available,
and which building is destroyed."""

from __future__ import annotations

import pytest

from bot.games.kingsburg.rules import combat_value, destroyed_building
from tests.games.kingsburg.builders import (
    player,
    winter,
)


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
