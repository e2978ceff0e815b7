"""When the City Marker moves and when it scores.

Two players: the Neutral Builder's structure moves the City Marker as soon as it is placed
("Finally, move the City Marker forward ..." is the last of its immediate steps, p. 14), so a
Levy or a Tax in the same turn is paid from the new position. District Favor is scored when the
city *exceeds* 100, 200 and 300 ("until the City Marker exceeds 100", "passes the 100, 200, or 300
mark", "When the City passes 300 Prosperity ... locked on 301"): landing exactly on 100 (the "0"
space) scores nothing and places no disk yet; the next structure takes it past."""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury import rules
from bot.games.canterbury.state import Phase, State
from tests.games.canterbury.positions import at_city, d, free_turns, game, play, set_gold


def _neutral_turn(city: int) -> State:
    """Blue's turn in a two-player game, the city at `city`, the token flipping to Build with a
    Well on top of the small stack (it fits in C2, next to the Old Roman Well)."""
    state = free_turns(replace(game(2), city=city))
    players = list(state.players)
    players[0] = replace(players[0], neutral_build=False)
    state, _ = rules._start_turn(replace(state, players=tuple(players)))
    assert state.phase is Phase.NEUTRAL and state.players[0].small_stack[0] == "well"
    return state


def test_the_neutral_builders_structure_moves_the_city_at_once() -> None:
    state = _neutral_turn(8)
    state, events = rules.apply(state, 0, rules.Neutral("well", d("C2")))
    assert state.city == 10
    assert [e.text for e in events][-1] == "The city advances to 10."


def test_a_levy_after_the_neutral_builder_is_paid_from_the_new_value() -> None:
    """City 8 pays 5 gold; the Neutral Builder's Well (+2) takes it to 10, which pays 6."""
    state = _neutral_turn(8)
    gold = state.players[0].gold
    assert state.data.levy(8) == 5 and state.data.levy(10) == 6
    state = play(state, "neutral well C2", "levy")
    assert state.players[0].gold == gold + 6
    assert state.city == 10  # moved once, not again at the end of the turn


def test_a_tax_after_the_neutral_builder_is_paid_from_the_new_value() -> None:
    state = _neutral_turn(8)
    gold = state.players[0].gold
    state = play(state, "neutral well C2", "tax")
    assert state.players[0].gold == gold + 6 // 2


def test_the_neutral_builder_passing_100_scores_at_the_end_of_the_turn() -> None:
    """City 99: the Well takes it to 101 at once (a disk goes under it, so the levy counts it);
    District Favor is scored once, when the turn ends."""
    state = _neutral_turn(99)
    gold = state.players[0].gold
    state, events = rules.apply(state, 0, rules.Neutral("well", d("C2")))
    assert state.city == 101 and state.disks == 1 and state.scorings == 0
    state = play(state, "levy")
    assert state.players[0].gold == gold + state.data.levy(101)
    assert state.scorings == 1 and state.city == 101


def test_landing_exactly_on_100_does_not_score() -> None:
    state = set_gold(free_turns(at_city(game(3), 95)), 0, 30)
    state = play(state, "full", "build well C2", "build garden C2")  # +2 +3
    assert state.city == 100 and state.scorings == 0 and state.disks == 0
    assert state.data.levy(100) == 5  # the "0" space of the Treasury Bar, no disk yet
    state = play(state, "full", "build well C4", "end")
    assert state.city == 102 and state.scorings == 1 and state.disks == 1


def test_300_exactly_is_not_yet_the_end() -> None:
    state = set_gold(free_turns(at_city(game(3), 298, scorings=2)), 0, 30)
    state = play(state, "full", "build well C2", "end")
    assert state.city == 300 and state.scorings == 2 and state.turns_left is None
    state = play(state, "full", "build well C4", "end")
    assert state.city == 301 and state.scorings == 3 and state.turns_left is not None


def test_a_turn_saved_before_the_change_still_moves_the_city_for_the_neutral_builder() -> None:
    """A save from before the Neutral Builder moved the city at once (its turn has no
    `city_before`, its Well not yet counted): the end of the turn counts the Well then."""
    from bot.games.canterbury import codec

    state = _neutral_turn(8)
    state, _ = rules.apply(state, 0, rules.Neutral("well", d("C2")))
    raw = codec.state_to_dict(state)
    del raw["turn"]["city_before"]  # type: ignore[union-attr, index]
    raw["city"] = 8
    old = codec.state_from_dict(raw)
    assert old.turn.city_before is None
    after = play(old, "levy")
    assert after.city == 10
