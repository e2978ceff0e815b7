"""Every Architects event line is a sentence a player reads: a capital first letter, a full
stop, players named as on the board (the automated opponent by its name), no "worker(s)"."""

from __future__ import annotations

import re

import pytest

from bot.games.architects import ENGINE
from bot.games.protocol import Seat, Transition, step

COLOURS = ("red", "blue", "yellow", "green", "purple", "black")


def _public_lines(players: int, options: dict[str, object], seed: int) -> list[str]:
    state = ENGINE.new_game(players, options, seed)
    bots = [ENGINE.bots["heuristic" if s % 2 == 0 else "random"]() for s in range(players)]
    lines: list[str] = []
    for k in range(4000):
        if ENGINE.outcome(state) is not None:
            break
        seat = Seat(min(ENGINE.to_act(state)))
        result = step(ENGINE, state, seat, bots[seat].choose(state, seat, seed * 10_000 + k))
        assert isinstance(result, Transition)
        for event in result.events:
            public = event.for_viewer(None)
            if public is not None and public.text:
                lines.append(public.text)
        state = result.state
    assert ENGINE.outcome(state) is not None
    return lines


@pytest.mark.parametrize(
    ("players", "options"), [(3, {}), (1, {"opponent": "helena"})], ids=["3p", "solo"]
)
def test_every_public_event_is_a_capitalised_sentence(
    players: int, options: dict[str, object]
) -> None:
    lines = _public_lines(players, options, seed=3)
    assert len(lines) > 50
    for line in lines:
        assert line[0].isupper(), line
        assert line.endswith("."), line
        assert "(s)" not in line, line
        assert not re.match(rf"({'|'.join(COLOURS)})\b", line), line
    if players == 1:
        assert any(line.startswith("Helena ") for line in lines)
        assert not any(re.match(r"Black (?!Market)", line) for line in lines)


def test_a_scheme_card_is_told_in_words() -> None:
    from bot.games.architects.automa import scheme_words

    card = {"id": "F03", "location": "guildhall", "build": "cathedral", "virtue": 0, "future": 0}
    assert scheme_words(card) == "the Guildhall, working on the Cathedral"
    card = {"id": "S20", "location": "towncentre", "captures": 1, "virtue": 0, "future": 1}
    assert scheme_words(card) == "the Town Centre, capturing 1 group, 1 Future card into its deck"
    state = ENGINE.new_game(1, {"opponent": "helena"}, 3)
    assert ENGINE.view(state, None).last_scheme == ""
