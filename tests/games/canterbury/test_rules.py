"""One test (or a few) per rule of the rulebook: board, setup, actions, placement, markers,
demolition, city track, prosperity, bonuses, the end and the two-player Neutral Builder."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games.canterbury import ENGINE, rules
from bot.games.canterbury.board import CENTRAL, NAMES, NEIGHBOURS, district_class
from bot.games.canterbury.state import NEUTRAL, ROMAN, Phase
from bot.games.protocol import Seat

from .positions import d, free_turns, game, legal, mark, place, play, refused, set_gold


def points(state, seat: int) -> dict[str, int]:
    return dict(zip(rules.CATEGORIES, state.players[seat].points, strict=True))


# --- board and setup --------------------------------------------------------------------


def test_board_has_25_districts_in_three_classes_with_orthogonal_adjacency() -> None:
    classes = [district_class(i) for i in range(25)]
    assert classes.count("central") == 1 and classes.count("inner") == 8
    assert classes.count("outer") == 16
    assert NAMES[CENTRAL] == "C3"
    assert sorted(NAMES[n] for n in NEIGHBOURS[d("B2")]) == ["A2", "B1", "B3", "C2"]
    assert sorted(NAMES[n] for n in NEIGHBOURS[d("A1")]) == ["A2", "B1"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    """6 gold each, city on 1, the Old Roman Well in C3 with a neutral water marker, every
    first turn a Full Build, Neutral Builder stacks only with two players."""
    state = game(players)
    assert [p.gold for p in state.players] == [6] * players
    assert state.city == 1 and state.current == 0
    assert all(p.must_full_build for p in state.players)
    c3 = state.districts[CENTRAL]
    assert [p.structure for p in c3.structures] == ["old_roman_well"]
    assert c3.markers == (ROMAN, None, None, None, None, None)
    assert rules.covered(state, CENTRAL) == 0
    stacks = [p.small_stack for p in state.players]
    well = state.data.by_id("well")
    assert well is not None
    if players == 2:
        assert stacks[0] == (
            "well",
            "garden",
            "chapel",
            "watchtower",
            "merchant_stall",
            "pageant_wagon",
        )
        assert state.players[0].medium_stack[0] == "fountain"
        assert state.supply[well.index] == well.tokens - 2
    else:
        assert stacks[0] == ()
        assert state.supply[well.index] == well.tokens
    # The first turn must be a Full Build.
    if players != 2:
        assert legal(state) == {"full"}


def test_start_gold_buys_a_well_and_a_garden_in_a_new_district() -> None:
    """The first may enable the second: Well then Garden in an empty district."""
    state = play(game(3), "full", "build well C2", "build garden C2")
    c2 = state.districts[d("C2")]
    assert [p.structure for p in c2.structures] == ["well", "garden"]
    assert state.players[0].gold == 1
    assert state.current == 1


def test_two_wells_the_second_next_to_the_first() -> None:
    state = play(game(3), "full", "build well C2", "build well C1")
    assert state.districts[d("C1")].structures[0].structure == "well"


def test_old_roman_well_counts_as_a_well() -> None:
    state = play(game(3), "full")
    assert "already has a Well" in refused(state, "build well C3")
    assert "build garden C3" in legal(state)


# --- actions ----------------------------------------------------------------------------


def test_levy_by_the_treasury_bar_and_city_disks_then_full_build() -> None:
    state = free_turns(game(3))
    state = play(state, "levy")
    assert state.players[0].gold == 6 + 5
    assert state.players[0].must_full_build
    state = replace(state, current=0, phase=Phase.CHOOSE)
    assert "levy" not in legal(state) and "tax" not in legal(state)
    assert "Full Build" in refused(state, "levy")
    assert state.data.levy(39) == 8
    assert state.data.levy(139) == 18 and state.data.levy(301) == 35


def test_tax_gives_half_the_levy_rounded_down_and_builds_exactly_one() -> None:
    state = free_turns(replace(game(3), city=39))
    state = play(state, "tax")
    assert state.players[0].gold == 6 + 4
    state = play(state, "build well C2")
    assert state.current == 1  # the turn ended after one structure


def test_full_build_needs_one_structure_and_stops_after_two() -> None:
    state = set_gold(free_turns(game(3)), 0, 30)
    state = play(state, "full")
    assert "Build at least one" in refused(state, "end")
    state = play(state, "build well C2")
    assert "end" in legal(state)
    state = play(state, "build garden C2")
    assert state.current == 1


def test_large_structure_is_the_only_one_of_a_full_build() -> None:
    state = set_gold(free_turns(game(3)), 0, 60)
    state = place(state, "C2", "garden", "red")
    state = play(state, "full", "build well C2")
    assert not any(t.startswith("build water_works") for t in legal(state))
    assert "only structure" in refused(state, "build water_works D3")


# --- placement --------------------------------------------------------------------------


def test_placement_needs_structures_in_or_next_to_the_district() -> None:
    state = play(game(3), "full")
    assert "neither holds" in refused(state, "build well A1")
    assert "build well C2" in legal(state)


def test_placement_needs_free_spaces() -> None:
    state = set_gold(free_turns(game(3)), 0, 30)
    for sid in ("garden", "chapel", "watchtower", "merchant_stall", "pageant_wagon"):
        state = place(state, "C3", sid, "red")
    state = play(state, "full")
    assert "does not fit" in refused(state, "build fountain C3") or "demolish" in refused(
        state, "build fountain C3"
    )


def test_placement_needs_every_earlier_service() -> None:
    state = set_gold(free_turns(game(3)), 0, 30)
    state = play(state, "full")
    assert "lacks food" in refused(state, "build chapel C3")
    state = mark(state, "C3", "food", "red")
    assert "build chapel C3" in legal(state)


# --- markers ----------------------------------------------------------------------------


def test_medium_spreads_to_neighbours_and_never_replaces_markers() -> None:
    state = set_gold(free_turns(game(3)), 0, 30)
    state = mark(state, "B2", "water", "red")
    state = play(state, "full", "build fountain C2", "end")
    for name in ("C2", "C1", "D2", "C3"):
        owner = state.districts[d(name)].markers[0]
        assert owner == (ROMAN if name == "C3" else 0), name
    assert state.districts[d("B2")].markers[0] == 1  # red's marker stays


def test_large_places_up_to_five_markers_anywhere_one_at_a_time() -> None:
    state = set_gold(free_turns(game(3)), 0, 60)
    state = play(state, "full", "build water_works C2")
    assert state.phase is Phase.SPREAD and state.current == 0
    options = legal(state)
    assert "spread C3" not in options  # already has water
    assert "spread C2" not in options  # its own district
    assert "spread E5" in options and "spread done" in options
    state = play(state, "spread A1", "spread E5", "spread A5", "spread E1", "spread B4")
    assert state.current == 1
    for name in ("A1", "E5", "A5", "E1", "B4", "C2"):
        assert state.districts[d(name)].markers[0] == 0
    assert rules.marker_counts(state)[0][0] == 6


# --- demolition -------------------------------------------------------------------------


def test_demolition_only_of_smaller_structures_for_a_larger_one() -> None:
    state = set_gold(free_turns(game(3)), 0, 60)
    for sid in ("garden", "chapel", "watchtower", "merchant_stall", "pageant_wagon"):
        state = place(state, "C3", sid, "red")
    state = place(state, "D3", "farm", "blue")  # food medium next to C3
    garden = state.data.by_id("garden")
    assert garden is not None
    # Small for small: never, even with the Farm next door.
    assert rules.demolition_sets(state, 0, CENTRAL, state.data.by_id("well")) == []
    # The Old Roman Well may go under the small rules only with a same-service justification.
    fountain = state.data.by_id("fountain")
    assert fountain is not None
    # Upgrading the Old Roman Well frees one space; the Garden (Farm next door) the second.
    assert rules.demolition_sets(state, 0, CENTRAL, fountain) == [("old_roman_well", "garden")]
    church = state.data.by_id("church")
    sets = rules.demolition_sets(state, 0, CENTRAL, church)
    # The Chapel is upgraded, the Garden makes room (Farm next door); the Watchtower may not
    # go (no defense medium next door nor large anywhere).
    assert sets == [("garden", "chapel")]
    state = place(state, "A1", "castle", "green")
    sets = rules.demolition_sets(state, 0, CENTRAL, church)
    assert ("chapel", "watchtower") in sets and ("garden", "chapel") in sets
    assert ("garden", "chapel", "watchtower") not in sets  # room-making must all be needed


def test_medium_demolished_only_for_a_large() -> None:
    state = set_gold(free_turns(game(3)), 0, 60)
    state = place(state, "C2", "fountain", "red")
    state = place(state, "C2", "farm", "red")
    state = place(state, "C2", "chapel", "red")
    state = place(state, "C2", "watchtower", "red")
    church = state.data.by_id("church")
    assert church is not None
    # C2 is full; upgrading the Chapel frees one space, and mediums never go for a medium.
    assert rules.demolition_sets(state, 0, d("C2"), church) == []
    cathedral = state.data.by_id("cathedral")
    assert rules.demolition_sets(state, 0, d("C2"), cathedral) == []  # no large water/food
    state = place(state, "A1", "water_works", "green")
    state = place(state, "E5", "granary", "green")
    assert sorted(rules.demolition_sets(state, 0, d("C2"), cathedral)) == [
        ("chapel", "fountain", "farm"),  # upgrading the Chapel is allowed as well
        ("fountain", "farm"),
    ]


def test_large_structures_are_never_demolished() -> None:
    state = set_gold(free_turns(game(3)), 0, 90)
    state = place(state, "C2", "water_works", "red")
    state = place(state, "C2", "garden", "red")
    state = place(state, "C2", "chapel", "red")
    # Even with the Garden and the Chapel gone only 2 spaces are free and a large structure needs
    # 4: only demolishing the Water Works could make room, and it never may, so nothing fits.
    for sid in ("granary", "cathedral", "castle"):
        s = state.data.by_id(sid)
        assert rules.demolition_sets(state, 0, d("C2"), s) == [], sid


# --- city track and District Favor ------------------------------------------------------


def test_crossing_100_scores_district_favor_and_pays_rank_coins() -> None:
    state = set_gold(free_turns(replace(game(3), city=95)), 0, 30)
    state = place(state, "C2", "well", "blue")
    state = play(state, "full", "build garden C2", "build chapel C2")
    assert state.city == 95 + 3 + 4 and state.disks == 1
    assert state.scorings == 1
    # C2: blue has water, food, religion on 3 covered spaces: primary only (alone there).
    assert points(state, 0)["District Favor"] == 3
    coins = [c[0] for c in state.data.rank_coins[:3]]
    assert state.players[1].gold == 6 + coins[1] and state.players[2].gold == 6 + coins[2]
    assert state.data.levy(state.city) == 5 + 10


def test_city_never_passes_301_and_the_final_rounds_follow() -> None:
    state = set_gold(free_turns(replace(game(3), city=295, scorings=2)), 1, 40)
    state = replace(state, current=1)
    state = place(state, "C2", "well", "blue")
    state = play(state, "full", "build fountain C2", "build garden C2")
    assert state.city == 301 and state.scorings == 3
    # Red (rank 2) crossed: yellow... green (rank 3) finishes the round, then a final round.
    assert state.turns_left == 1 + 3
    state = play(state, "levy")
    state = play(state, "levy", "levy")  # blue, red (final round)
    assert state.phase is not Phase.OVER
    state = play(state, "full", "build well B3", "end")  # green levied: must Full Build
    assert state.phase is Phase.OVER and state.scorings == 4 and state.city == 301


def test_highest_rank_crossing_goes_straight_to_the_final_round() -> None:
    state = set_gold(free_turns(replace(game(3), city=299, scorings=2, current=2)), 2, 20)
    state = place(state, "C2", "well", "blue")
    state = play(state, "full", "build garden C2", "end")
    assert state.turns_left == 3


def test_favor_ties() -> None:
    state = game(4)
    state = place(state, "C2", "garden", "blue")  # 1 covered space... plus markers below
    districts = list(state.districts)
    c2 = d("C2")
    # Blue 2, red 2, green 1: tie for first splits, no secondary.
    districts[c2] = replace(districts[c2], markers=(0, 0, 1, 1, 2, None))
    districts[d("C1")] = replace(
        districts[d("C1")],
        structures=state.districts[c2].structures * 1,
        markers=(0, 0, 1, 2, None, None),
    )
    state = replace(state, districts=tuple(districts))
    state = place(state, "C2", "fountain", "yellow")  # C2 now 3 covered; C1 gets no water
    awards = rules.favor_awards(state)
    assert sorted((NAMES[a], s, p) for a, s, p in awards if NAMES[a] == "C2") == [
        ("C2", 0, 1),
        ("C2", 1, 1),
    ]
    # C1: blue 2 first; red and green tie for second: no secondary.
    assert [(s, p) for a, s, p in awards if NAMES[a] == "C1"] == [(0, 1)]


def test_neutral_builder_competes_for_favor_but_never_scores() -> None:
    state = game(2)
    state = place(state, "C2", "fountain", "neutral")
    state = place(state, "C2", "farm", "neutral")
    state = mark(state, "C2", "religion", "blue")
    awards = rules.favor_awards(state)
    assert [(s, p) for a, s, p in awards if NAMES[a] == "C2"] == [(0, 2)]


# --- prosperity and bonuses -------------------------------------------------------------


def test_large_player_prosperity_by_district_class_and_the_central_dash() -> None:
    castle = game(3).data.by_id("castle")
    assert castle is not None
    assert castle.player_points("central") is None
    state = set_gold(free_turns(game(3)), 0, 60)
    for service in ("food", "religion"):
        state = mark(state, "C3", service, "red")
    state = play(state, "full")
    assert "Central District" in refused(state, "build castle C3")
    state = play(state, "build cathedral C3", "spread done")
    assert points(state, 0)["Structures"] == 22


def test_breaking_ground_once_per_district_per_turn_and_per_district() -> None:
    state = set_gold(free_turns(game(3)), 0, 30)
    state = play(state, "full", "build well C2", "build well B3")
    assert points(state, 0)["Breaking Ground"] == 2


def test_enrichment_for_an_upgrade() -> None:
    state = set_gold(free_turns(game(3)), 0, 30)
    state = place(state, "C2", "well", "red")
    state = place(state, "C2", "garden", "red")
    state = play(state, "full", "build farm C2 demolish garden", "end")
    assert [p.structure for p in state.districts[d("C2")].structures] == ["well", "farm"]
    assert points(state, 0)["Enrichment"] == 3


# --- end of game ------------------------------------------------------------------------


def test_final_scoring_kings_bonus_gold_and_least_gold_tie_break() -> None:
    state = free_turns(replace(game(3), city=301, scorings=3, turns_left=1, current=2))
    state = mark(state, "A1", "culture", "green")
    players = list(state.players)
    players[0] = replace(players[0], gold=9, points=(10, 0, 0, 0, 0, 0))
    players[1] = replace(players[1], gold=6, points=(11, 0, 0, 0, 0, 0))
    players[2] = replace(players[2], gold=2, points=(0, 0, 0, 0, 0, 0))
    state = replace(state, players=tuple(players))
    state = play(state, "levy")
    assert state.phase is Phase.OVER
    out = ENGINE.outcome(state)
    assert out is not None
    # Blue 10 + 3 (9 gold) = 13, red 11 + 2 = 13: tie, red has less gold and wins.
    assert out.scores[Seat(0)] == 13 and out.scores[Seat(1)] == 13
    assert out.winners == frozenset({Seat(1)})
    assert "fewest gold" in out.reason
    assert out.breakdown[Seat(2)]["King's Bonus"] == state.data.kings_points(1)[0]
    assert sum(out.breakdown[Seat(0)].values()) == out.scores[Seat(0)]


# --- two-player Neutral Builder ---------------------------------------------------------


def test_neutral_builder_flips_no_build_first_then_builds_the_stack_top() -> None:
    state = game(2)
    assert state.phase is Phase.CHOOSE  # first flip: No Build
    assert not state.players[0].neutral_build
    state = play(state, "full", "build well C2", "build garden C2")
    assert state.phase is Phase.CHOOSE  # blue's... red's first flip: No Build
    state = play(state, "full", "build well B3", "end")
    # Blue's second turn: Build.
    assert state.phase is Phase.NEUTRAL and state.current == 0
    assert all(t.startswith("neutral well ") for t in legal(state))
    target = sorted(legal(state))[0]
    city = state.city
    score = state.players[0].score
    state = play(state, target, "levy")
    assert state.players[0].score == score  # the Neutral Builder scores nothing
    assert state.players[0].small_stack[0] == "garden"
    assert state.city == city + 2  # the Neutral Builder moves the city
    where = d(target.split()[-1])
    assert state.districts[where].structures[-1].owner == NEUTRAL


def test_neutral_builder_medium_stack_may_discard_the_top() -> None:
    state = game(2)
    players = list(state.players)
    players[0] = replace(players[0], small_stack=(), neutral_build=False)
    state = replace(state, players=tuple(players))
    state = place(state, "C2", "garden", "red")
    state, _ = rules._start_turn(state)
    options = legal(state)
    assert any(t.startswith("neutral fountain") for t in options)
    assert any(t.startswith("neutral farm") for t in options)  # discarding the Fountain
    farm = next(t for t in sorted(options) if t.startswith("neutral farm"))
    state = play(state, farm)
    assert state.players[0].medium_stack == ("church", "garrison", "marketplace", "stage")


def test_neutral_structure_with_no_valid_district_leaves_the_game() -> None:
    state = game(2)
    players = list(state.players)
    players[0] = replace(players[0], small_stack=("pageant_wagon",), neutral_build=False)
    state = replace(state, players=tuple(players))
    state, events = rules._start_turn(state)
    assert state.phase is Phase.CHOOSE
    assert state.players[0].small_stack == ()
    assert any("leaves the game" in e.text for e in events)


def test_a_structure_built_this_turn_is_never_demolished() -> None:
    """Demolition happens at the start of the Build action: a Well built as the first structure
    of a Full Build cannot be upgraded into the second one (no free Enrichment)."""
    state = set_gold(free_turns(game(3)), 0, 30)
    state = place(state, "C2", "garden", "red")
    state = play(state, "full", "build well C2")
    moves = legal(state)
    assert "build fountain C2" in moves
    assert not any(m.startswith("build fountain C2 demolish") for m in moves)
    assert "demolish" in refused(state, "build fountain C2 demolish well")
    # An older Well of the same district may still be upgraded.
    state = set_gold(free_turns(game(3)), 0, 30)
    state = place(state, "C2", "well", "red")
    assert "build fountain C2 demolish well" in legal(play(state, "full"))


def test_the_menu_for_a_large_structures_districts_says_how_many_remain() -> None:
    """The table's menus submit one step each, so the five extra districts are picked one per
    choice: each option names the service, the district and how many picks remain; only
    districts where a marker would land are offered, plus a way to stop."""
    from bot.table.canterbury import move_menu

    state = set_gold(free_turns(game(3)), 0, 60)
    state = play(state, "full", "build water_works C2")
    menu = dict((n, label) for label, n in move_menu(state, 0))
    assert menu["spread A1"] == "Water marker to A1 (then pick 4 more)"
    assert "spread C3" not in menu and "spread C2" not in menu
    assert menu["spread done"] == "Stop: place no more Water markers"
    state = play(state, "spread A1", "spread E5", "spread A5", "spread E1")
    assert dict((n, label) for label, n in move_menu(state, 0))["spread B4"] == (
        "Water marker to B4 (the last one)"
    )
