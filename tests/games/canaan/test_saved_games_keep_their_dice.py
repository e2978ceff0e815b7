"""A saved Settlers of Canaan game keeps drawing the numbers it began with.

New games draw from the cheap SplitMix64 scheme (2); games saved before it existed have no
scheme in their JSON and must go on with the original scheme (1), or a replayed log would
meet different dice than the ones its moves were made against.
"""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.protocol import Seat, Transition, step
from bot.games.rng import Rng
from tests.games.canaan.positions import play


def _at_first_roll():  # type: ignore[no-untyped-def]
    """A 3-player game played by the random bot up to the first roll of the first turn."""
    bot = ENGINE.bots["random"]()
    s = ENGINE.new_game(3, {}, 77)
    ply = 0
    while not (s.phase.value == "turn" and not s.rolled):
        seat = Seat(min(ENGINE.to_act(s)))
        ply += 1
        result = step(ENGINE, s, seat, bot.choose(s, seat, ply))
        assert isinstance(result, Transition)
        s = result.state
    return s


def test_new_games_use_scheme_2_and_save_it() -> None:
    s = _at_first_roll()
    assert s.rng.scheme == 2
    saved = ENGINE.state_to_dict(s)
    assert saved["rng"]["scheme"] == 2
    loaded = ENGINE.state_from_dict(saved)
    assert loaded.rng == s.rng
    roller = s.current
    assert play(loaded, roller, "roll").dice == play(s, roller, "roll").dice


def test_a_game_saved_without_a_scheme_rolls_with_scheme_1() -> None:
    s = _at_first_roll()
    saved = ENGINE.state_to_dict(s)
    del saved["rng"]["scheme"]  # the JSON form written before scheme 2 existed
    old = ENGINE.state_from_dict(saved)
    assert old.rng == Rng(s.rng.seed, s.rng.counter, 1)
    expected, _ = Rng(s.rng.seed, s.rng.counter, 1).dice(2)
    after = play(old, s.current, "roll")
    assert after.dice == expected
    assert after.rng == Rng(s.rng.seed, s.rng.counter + 1, 1)
    assert ENGINE.state_to_dict(after)["rng"] == {"seed": s.rng.seed, "counter": s.rng.counter + 1}
