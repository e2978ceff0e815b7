"""Shared protocol pieces: option validation sentences and event visibility."""

from __future__ import annotations

import pytest

from bot.games.protocol import Event, GameSpec, OptionSpec, Seat

SPEC = GameSpec(
    key="x",
    display_name="Example",
    min_players=2,
    max_players=4,
    has_hidden_information=False,
    has_chance=False,
    options=(OptionSpec("games", int, 1, "games in a series", minimum=1, maximum=10),),
)
BARE = GameSpec("y", "Bare", 2, 2, False, False)


def test_defaults_and_coercion() -> None:
    assert SPEC.validate_options({}) == {"games": 1}
    assert SPEC.validate_options({"games": "3"}) == {"games": 3}


@pytest.mark.parametrize(
    ("spec", "raw", "sentence"),
    [
        (SPEC, {"games": "0"}, "Option 'games' must be at least 1."),
        (SPEC, {"games": "11"}, "Option 'games' must be at most 10."),
        (SPEC, {"games": "abc"}, "Option 'games' takes a whole number, not 'abc'."),
        (SPEC, {"colour": "red"}, "Example has no option 'colour' (options: games)."),
        (BARE, {"games": "2"}, "Bare takes no options."),
    ],
)
def test_bad_options_get_a_specific_sentence(spec: GameSpec, raw: dict, sentence: str) -> None:
    with pytest.raises(ValueError) as info:
        spec.validate_options(raw)
    assert str(info.value) == sentence


def test_private_events_are_hidden_or_replaced() -> None:
    secret = Event(
        "peek", "You see the Dragon.", visible_to=frozenset({Seat(1)}), public_text="Red peeks."
    )
    assert secret.for_viewer(Seat(1)) is secret
    shown = secret.for_viewer(Seat(0))
    assert shown is not None and shown.text == "Red peeks." and "Dragon" not in repr(shown)
    assert secret.for_viewer(None).text == "Red peeks."  # type: ignore[union-attr]
    quiet = Event("peek", "You see the Dragon.", visible_to=frozenset({Seat(1)}))
    assert quiet.for_viewer(Seat(0)) is None
    assert Event.from_dict(secret.to_dict()) == secret


def test_a_game_name_takes_the_article_its_first_sound_needs() -> None:
    from bot.games import get_engine

    assert get_engine("architects").spec.a_name == "an Architects of the West Kingdom"
    assert get_engine("canterbury").spec.a_name == "a Canterbury"
    assert get_engine("kingsburg").spec.a_name == "a Kingsburg"
