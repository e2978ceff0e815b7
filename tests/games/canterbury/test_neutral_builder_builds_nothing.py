"""The two-player Neutral Builder's "build nothing" choice from the medium stack (rulebook
p. 14: an unplaceable structure is removed from play; from the second stack the player may
discard the top structure and build the next instead)."""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury import rules
from bot.games.canterbury.bots import HeuristicBot, RandomBot
from bot.games.canterbury.state import NEUTRAL, Phase, State
from bot.games.protocol import Seat
from tests.games.canterbury.positions import d, game, legal, mark, place, play, refused


def _medium_turn(state: State, stack: tuple[str, ...]) -> State:
    """Blue's turn with the small stack used up, `stack` as the medium stack and the token
    about to flip to Build."""
    players = list(state.players)
    players[0] = replace(players[0], small_stack=(), medium_stack=stack, neutral_build=False)
    state, _ = rules._start_turn(replace(state, players=tuple(players)))
    assert state.phase is Phase.NEUTRAL
    return state


def _church_stands_in_c2() -> State:
    """C2 has water, food and religion and already a Church: a second Church fits nowhere
    (no other district has water and food), a Garrison fits in C2."""
    state = game(2)
    state = mark(mark(state, "C2", "water", "red"), "C2", "food", "red")
    return place(state, "C2", "church", "red")


def test_an_unplaceable_top_medium_may_leave_while_the_builder_builds_nothing() -> None:
    state = _medium_turn(_church_stands_in_c2(), ("church", "garrison", "marketplace", "stage"))
    options = legal(state)
    assert "neutral none" in options
    assert "neutral garrison C2" in options  # or discard the Church and build the Garrison
    assert not any(o.startswith("neutral church") for o in options)
    before = state.districts
    seat = Seat(state.current)
    state = play(state, "neutral none")
    assert state.players[0].medium_stack == ("garrison", "marketplace", "stage")
    assert state.districts == before  # nothing built, no marker placed
    assert state.phase is Phase.CHOOSE and state.current == seat
    assert not any(p.owner == NEUTRAL for p in state.districts[d("C2")].structures)


def test_discarding_a_placeable_top_when_the_next_fits_nowhere_builds_nothing() -> None:
    """The Farm fits (water in C3), the Church after it does not (no food anywhere):
    discarding the Farm to build the Church builds nothing, and both leave the game."""
    state = _medium_turn(game(2), ("farm", "church", "garrison", "marketplace", "stage"))
    options = legal(state)
    assert "neutral none" in options and "neutral farm C3" in options
    state = play(state, "neutral none")
    assert state.players[0].medium_stack == ("garrison", "marketplace", "stage")


def test_the_builder_must_build_when_the_top_and_the_next_both_fit() -> None:
    state = game(2)
    state = place(state, "C2", "garden", "red")
    state = _medium_turn(state, ("fountain", "farm", "church", "garrison", "marketplace", "stage"))
    assert "neutral none" not in legal(state)
    assert "must build" in refused(state, "neutral none")


def test_the_small_stack_never_offers_building_nothing() -> None:
    state = game(2)
    players = list(state.players)
    players[0] = replace(players[0], neutral_build=False)
    state, _ = rules._start_turn(replace(state, players=tuple(players)))
    assert state.phase is Phase.NEUTRAL
    assert "neutral none" not in legal(state)


def test_building_nothing_is_told_in_a_sentence_and_bots_may_choose_it() -> None:
    state = _medium_turn(_church_stands_in_c2(), ("church", "garrison", "marketplace", "stage"))
    _, events = rules.apply(state, 0, rules.NeutralNone())
    assert [e.text for e in events] == [
        "The Neutral Builder builds nothing: its Church fits nowhere and leaves the game."
    ]
    for bot in (HeuristicBot(), RandomBot()):
        choice = bot.choose(state, Seat(0), 7)
        assert rules.check(state, 0, choice) is None


def test_the_flip_to_build_says_the_choice_including_building_nothing() -> None:
    state = _church_stands_in_c2()
    players = list(state.players)
    players[0] = replace(
        players[0],
        small_stack=(),
        medium_stack=("church", "garrison", "marketplace", "stage"),
        neutral_build=False,
    )
    _, events = rules._start_turn(replace(state, players=tuple(players)))
    assert [e.text for e in events] == [
        "Blue's Neutral Builder token flips to Build: the Church fits nowhere, so Blue lets it"
        " leave the game and builds nothing (`neutral none`), or discards it and places the"
        " Garrison."
    ]
