"""Every computer player of every game decides only from what its seat can see.

At positions of real games, what the deciding seat cannot see (other hands, deck orders,
face-down piles, the enemy cards not yet seen, the dice to come) is re-dealt by the game's
hidden-information sampler; the seat's view must stay the same, and with the same seed every
bot must make the same decision in both positions. For games with hidden information the test
also checks that the sampler really changes something the seat cannot see.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import registry
from bot.games.protocol import Seat, canonical_json, step
from bot.games.search.model import Draws

# (game, seats, options): the automated Architects opponent brings its Scheme pile.
CASES = [
    ("architects", 1, {}),
    ("architects", 2, {"opponent": "constantine"}),
    ("canaan", 3, {}),
    ("canterbury", 2, {}),
    ("cathedral", 2, {}),
    ("kingsburg", 3, {}),
]
TEST_ITERATIONS = 8  # the strong player's search, kept small: this checks honesty, not strength
PLIES = 240
EVERY = 9
SAMPLES = 3  # re-deals per position (a leak may show in few of them)


def _bot(engine: Any, name: str) -> Any:
    bot = engine.bots[name]()
    budget = getattr(bot, "budget", None)
    if budget is not None:
        bot.budget = budget.scaled(TEST_ITERATIONS)
    return bot


def _sampler(engine: Any) -> Any:
    return engine.bots["strong"]().model.determinise


@pytest.mark.parametrize(("key", "players", "options"), CASES)
def test_shuffling_what_a_seat_cannot_see_changes_no_decision(
    key: str, players: int, options: dict[str, Any]
) -> None:
    engine = registry()[key]
    bots = {name: _bot(engine, name) for name in sorted(engine.bots)}
    resample = _sampler(engine)
    state = engine.new_game(players, options, 11)
    driver = engine.bots["heuristic"]()
    compared = changed = 0
    hidden = engine.spec.has_hidden_information or engine.spec.has_chance
    samples = SAMPLES if hidden else 1
    for ply in range(PLIES):
        if engine.outcome(state) is not None:
            break
        seat = Seat(min(engine.to_act(state)))
        for k in range(samples if hidden or ply % EVERY == 0 else 0):
            other = resample(state, seat, Draws(ply * SAMPLES + k))
            assert engine.view(other, seat) == engine.view(state, seat), (key, ply)
            changed += _dump(engine, other) != _dump(engine, state)
            for name, bot in bots.items():
                if name == "strong" and (ply % EVERY or k):
                    continue  # the search is the slow one: fewer positions
                seed = 77 + ply
                first = bot.choose(state, seat, seed)
                assert bot.choose(other, seat, seed) == first, (key, name, ply)
                compared += 1
        result = step(engine, state, seat, driver.choose(state, seat, ply))
        state = result.state  # type: ignore[union-attr]
    assert compared >= 3 * len(bots)
    if hidden:
        assert changed, "the sampler changed nothing the seat cannot see"


def _dump(engine: Any, state: Any) -> str:
    return canonical_json(engine.state_to_dict(state))
