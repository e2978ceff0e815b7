"""The end of a Canterbury game reads right: a King's Bonus place worth nothing is not listed as
"+0", and nobody is still told to make a Full Build once the game is over."""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury import ENGINE, rules
from bot.games.canterbury.state import Phase
from bot.games.protocol import Seat
from tests.games.canterbury.positions import free_turns, game, mark


def _last_turn() -> rules.State:
    """Green's last turn: green has two culture markers, red one (a second place worth 0 on the
    King's Bonus chart: blue number of 1 marker is 0)."""
    state = free_turns(replace(game(3), city=301, scorings=3, turns_left=1, current=2))
    state = mark(mark(state, "A1", "culture", "green"), "A2", "culture", "green")
    return mark(state, "A3", "culture", "red")


def test_a_kings_bonus_place_worth_nothing_is_left_out_of_the_sentence() -> None:
    state = _last_turn()
    assert state.data.kings_points(1)[1] == 0
    after, events = rules.apply(state, Seat(2), rules.Levy())
    assert after.phase is Phase.OVER
    culture = [e.text for e in events if e.kind == "kings_bonus" and "culture" in e.text]
    gold = state.data.kings_points(2)[0]
    assert culture == [f"King's Bonus for culture: Green +{gold}."]
    assert not any("+0" in e.text for e in events if e.kind == "kings_bonus")


def test_the_finished_board_binds_nobody_to_a_full_build() -> None:
    state = _last_turn()
    after, _ = rules.apply(state, Seat(2), rules.Levy())  # a levy binds the next turn...
    assert after.players[2].must_full_build  # ...in the state, but there is no next turn
    view = ENGINE.view(after, None)
    assert not any(p.must_full_build for p in view.players)


def test_a_levy_on_the_last_turn_does_not_announce_a_next_turn() -> None:
    _, events = rules.apply(_last_turn(), Seat(2), rules.Levy())
    assert events[0].text == "Green levies funds: +35 gold."
    _, events = rules.apply(replace(_last_turn(), turns_left=2), Seat(2), rules.Levy())
    assert events[0].text.endswith("Their next turn is a Full Build.")
