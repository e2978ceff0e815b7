"""Step notation round trips; whole turns written in one line; bounded parsing."""

from __future__ import annotations

from bot.games.canterbury import ENGINE
from bot.games.canterbury.actions import Build, Choose, End, Levy, Neutral, Spread, parse_action
from bot.games.canterbury.state import Phase
from bot.games.protocol import Seat
from bot.games.rejections import Rejection

from .positions import d, free_turns, game, place, set_gold


def test_every_step_round_trips() -> None:
    data = game(3).data
    for action in (
        Levy(),
        Choose("full"),
        Choose("tax"),
        End(),
        Spread(None),
        Spread(d("E5")),
        Neutral("fountain", d("B2")),
        Build("well", d("C2")),
        Build("guild_hall", d("D4"), ("well", "garden", "chapel", "merchant_stall")),
        Build("fountain", d("C3"), ("old_roman_well",)),
    ):
        from bot.games.canterbury.actions import format_action

        assert parse_action(format_action(action), data) == action


def test_names_are_read_in_any_spelling() -> None:
    data = game(3).data
    assert parse_action("BUILD Merchant Stall b2", data) == Build("merchant_stall", d("B2"))
    assert parse_action("build guild-hall c4 demolish Well+garden", data) == Build(
        "guild_hall", d("C4"), ("well", "garden")
    )
    assert parse_action("build fountain c3 demolish roman", data) == Build(
        "fountain", d("C3"), ("old_roman_well",)
    )


def test_bad_input_gets_a_sentence() -> None:
    data = game(3).data
    for text, fragment in [
        ("", "Say what"),
        ("build castel C3", "is not a structure"),
        ("build well Z9", "is not a district"),
        ("build well", "which district"),
        ("build well C2 please", "after the district"),
        ("spread", "one district"),
        ("x" * 5000, "too long"),
        ("build well C2 demolish a+b+c+d+e+f+g", "at most 6"),
    ]:
        result = parse_action(text, data)
        assert isinstance(result, Rejection) and fragment in result.message, (text, result)


def test_whole_turn_in_one_line() -> None:
    state = set_gold(free_turns(game(3)), 0, 80)
    steps = ENGINE.parse_turn("build well B3 and garden B3", state, Seat(0))
    assert steps == [Choose("full"), Build("well", d("B3")), Build("garden", d("B3"))]
    result = ENGINE.play_turn(state, Seat(0), steps)
    assert not isinstance(result, Rejection)
    after, applied, events = result
    assert after.current == 1 and applied == steps
    assert ENGINE.parse_turn(ENGINE.format_turn(applied), state, Seat(0)) == applied

    state = place(place(state, "C2", "well"), "C2", "garden")
    steps = ENGINE.parse_turn("tax cathedral C2 spread A1 E5", state, Seat(0))
    assert isinstance(steps, list)
    assert steps[0] == Choose("tax") and steps[2:] == [Spread(d("A1")), Spread(d("E5"))]
    result = ENGINE.play_turn(state, Seat(0), steps)
    assert not isinstance(result, Rejection)
    after, applied, _ = result
    assert applied[-1] == Spread(None)  # the remaining three choices are declined
    assert after.current == 1 and after.phase is Phase.CHOOSE


def test_a_refused_whole_turn_changes_nothing_and_says_why() -> None:
    state = free_turns(game(3))
    steps = ENGINE.parse_turn("build well B3 and fountain A3", state, Seat(0))
    assert isinstance(steps, list)
    result = ENGINE.play_turn(state, Seat(0), steps)
    assert isinstance(result, Rejection)
    assert "costs 5 gold; you have 4" in result.message
    assert ENGINE.parse_turn("levy; levy", state, Seat(0)) == [Levy(), Levy()]
    assert isinstance(ENGINE.play_turn(state, Seat(0), [Levy(), Levy()]), Rejection)


def test_a_whole_turn_out_of_turn_is_left_to_the_turn_check() -> None:
    state = game(3)
    assert ENGINE.split_turn("tax", state, Seat(1)) is None
    assert ENGINE.split_turn("build well B3 and garden B3", state, Seat(1)) is None
    assert ENGINE.split_turn("tax", state, Seat(0)) is None  # one step, checked as such


def test_long_whole_turns_fit_a_confirm_button_and_read_back() -> None:
    """A Confirm button's id holds the whole-turn line beside the game number and version
    (100 characters in all); long lines use the board's abbreviations, which parse back."""
    from bot.games.canterbury import ENGINE
    from bot.games.canterbury.actions import format_action

    state = ENGINE.new_game(2, {}, 1)
    turns = [
        [
            "neutral fountain B3",
            "tax",
            "build theatre B2 demolish watchtower+merchant_stall+pageant_wagon",
            "spread A1",
            "spread A2",
            "spread A3",
            "spread A4",
            "spread A5",
        ],
        [
            "neutral marketplace B3",
            "full",
            "build fountain C3 demolish old_roman_well+garden",
            "build marketplace C2 demolish merchant_stall+pageant_wagon",
        ],
    ]
    for steps in turns:
        line = ENGINE.turn_notation(steps)
        assert len(f"gh:m:999999:99999:{line}") <= 100, line
        parsed = ENGINE.parse_turn(line, state, Seat(0))
        assert not isinstance(parsed, Rejection), parsed
        assert [format_action(a) for a in parsed] == steps
