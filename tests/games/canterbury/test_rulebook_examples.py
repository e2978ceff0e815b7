"""The rulebook's worked examples, played on the engine."""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury import rules
from bot.games.canterbury.state import Phase

from .positions import d, free_turns, game, legal, place, play, refused, set_gold


def test_district_favor_example_most_markers_takes_covered_spaces_second_takes_half() -> None:
    """Red has the most markers in a district with 6 covered spaces: 6; blue second: 3."""
    state = game(3)
    # B3: six covered spaces (a Fountain, a Farm and two small structures).
    state = place(state, "B3", "well", "red")  # water: red
    state = place(state, "B3", "garden", "blue")  # food: blue
    state = place(state, "B3", "chapel", "red")  # religion: red
    state = place(state, "B3", "church", "red")  # religion already red; no new marker
    state = place(state, "B3", "watchtower", "red")  # defense: red
    awards = {(dd, s): p for dd, s, p in rules.favor_awards(state) if dd == d("B3")}
    covered = rules.covered(state, d("B3"))
    assert covered == 6
    assert awards == {(d("B3"), 1): 6, (d("B3"), 0): 3}


def test_breaking_ground_example_chapel_and_watchtower_in_a_fed_empty_district() -> None:
    """Green builds a Chapel and a Watch Tower in an empty district already receiving Water and
    Food from outside: 4 services at the end of the turn, a Breaking Ground Bonus of 4, once."""
    state = free_turns(game(3))
    state = place(state, "B3", "fountain", "red")  # water into B2 (and A3, B4, C3)
    state = place(state, "C2", "farm", "blue")  # food into B2 (and C1, D2, C3)
    assert not state.districts[d("B2")].structures
    state = replace(state, current=2)
    state = set_gold(state, 2, 20)
    before = state.players[2].points
    state = play(state, "full", "build chapel B2", "build watchtower B2")
    after = state.players[2]
    gained = dict(
        zip(
            rules.CATEGORIES,
            (a - b for a, b in zip(after.points, before, strict=True)),
            strict=True,
        )
    )
    assert gained["Breaking Ground"] == 4
    assert gained["Structures"] == 4 + 6  # the Chapel's and Watchtower's player prosperity


def test_guild_hall_demolition_example() -> None:
    """Six small structures fill a district; a Fountain, Farm and Church stand in adjacent
    districts, so the Well, Garden and Chapel may go, and the Merchant Stall is upgraded to
    the Guild Hall (Enrichment +3). The Watchtower and Pageant Wagon may not go."""
    state = free_turns(game(3))
    for sid in ("well", "garden", "chapel", "watchtower", "merchant_stall", "pageant_wagon"):
        state = place(state, "B3", sid, "red")
    state = place(state, "A3", "fountain", "blue")
    state = place(state, "B2", "farm", "blue")
    state = place(state, "B4", "church", "blue")
    guild = state.data.by_id("guild_hall")
    assert guild is not None
    sets = rules.demolition_sets(state, 0, d("B3"), guild)
    assert ("well", "garden", "chapel", "merchant_stall") in sets
    assert all("watchtower" not in s and "pageant_wagon" not in s for s in sets)
    state = set_gold(state, 0, 40)
    state = play(state, "full", "build guild_hall B3 demolish well+garden+chapel+merchant_stall")
    assert state.phase is Phase.SPREAD
    state = play(state, "spread done")
    names = [p.structure for p in state.districts[d("B3")].structures]
    assert names == ["watchtower", "pageant_wagon", "guild_hall"]
    blue = dict(zip(rules.CATEGORIES, state.players[0].points, strict=True))
    assert blue["Enrichment"] == 3
    # Demolished tokens leave the game; markers stay.
    assert state.districts[d("B3")].markers[0] == 1


def test_guild_hall_cannot_demolish_without_the_justifying_neighbours() -> None:
    """Without the Fountain next door, the Well cannot be demolished to make room."""
    state = free_turns(game(3))
    for sid in ("well", "garden", "chapel", "watchtower", "merchant_stall", "pageant_wagon"):
        state = place(state, "B3", sid, "red")
    state = place(state, "B2", "farm", "blue")
    state = place(state, "B4", "church", "blue")
    state = set_gold(state, 0, 40)
    state = play(state, "full")
    message = refused(state, "build guild_hall B3 demolish well+garden+chapel+merchant_stall")
    assert "cannot demolish" in message or "does not fit" in message


def test_church_spreads_religion_over_a_district_without_food() -> None:
    """A district with only a Well gets a Religion marker from a Church next door (spreading
    needs no ladder), but a Watchtower still cannot be built there without Food."""
    state = free_turns(game(3))
    state = place(state, "B2", "well", "red")
    state = place(state, "B3", "well", "red")  # water and food let the Church stand in B3
    state = place(state, "B3", "garden", "red")
    state = set_gold(state, 0, 30)
    state = play(state, "full", "build church B3", "end")
    b2 = state.districts[d("B2")].markers
    assert b2[0] == 1 and b2[1] is None and b2[2] == 0
    state = replace(state, current=0, phase=Phase.CHOOSE)
    state = set_gold(state, 0, 30)
    state = play(state, "full")
    assert "build watchtower B2" not in legal(state)
    assert "lacks food" in refused(state, "build watchtower B2")


def test_kings_bonus_defense_example() -> None:
    """Green provided the most Defense (10 markers) and scores 10; red is second with 8 and
    scores 4 (the blue number beneath 8)."""
    state = game(3)
    districts = list(state.districts)
    for i in range(10):
        dist = districts[i]
        districts[i] = replace(dist, markers=dist.markers[:3] + (2,) + dist.markers[4:])
    for i in range(10, 18):
        if i == 12:
            continue
        dist = districts[i]
        districts[i] = replace(dist, markers=dist.markers[:3] + (1,) + dist.markers[4:])
    dist = districts[18]
    districts[18] = replace(dist, markers=dist.markers[:3] + (1,) + dist.markers[4:])
    state = replace(state, districts=tuple(districts))
    assert rules.marker_counts(state)[2][3] == 10
    assert rules.marker_counts(state)[1][3] == 8
    defense = rules.kings_awards(state)[3]
    assert defense == [(2, 10), (1, 4)]
