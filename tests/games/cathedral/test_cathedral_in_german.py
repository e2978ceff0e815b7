"""Cathedral in German: the engine's refusals, events, results and rules summary, and the
table's hints, capture choice and help, said in German (the German edition's names: Kathedrale,
Burg, Gasthaus, Spital...), while the English stays as it was and notation stays neutral; piece
names are accepted in English and in German where players type them."""

from __future__ import annotations

from bot.games.cathedral import ENGINE
from bot.games.cathedral.pieces import Kind, piece_name
from bot.games.protocol import Seat, step, step_text
from bot.games.rejections import Rejection
from bot.i18n import say, speaking
from bot.table.cathedral import (
    CAPTURE_LABEL,
    SPARE_LABEL,
    TABLE,
    capture_choice,
    piece_choices,
    typed_notation,
    typed_piece,
)
from tests.games.cathedral.builders import position

# The rulebook's note 5: light's Inn C4 0 walls dark's lone Infirmary into A1-C3.
NOTE_5 = [
    ("cathedral", "Cathedral F6 0"),
    ("dark", "Tavern J1"),
    ("dark", "Infirmary B1"),
    ("light", "Bridge D1 0"),
    ("light", "Stable A4 90"),
]


def _refusal(state, seat: int, text: str) -> Rejection:  # noqa: ANN001
    result = step_text(ENGINE, state, Seat(seat), text)
    assert isinstance(result, Rejection), text
    return result


def test_piece_names_are_the_german_editions() -> None:
    with speaking("de"):
        names = {kind: say(piece_name(kind)) for kind in Kind}
    assert names[Kind.CATHEDRAL] == "Kathedrale"
    assert names[Kind.CASTLE] == "Burg"
    assert names[Kind.INN] == "Gasthaus"
    assert names[Kind.INFIRMARY] == "Spital"
    assert piece_name(Kind.CASTLE) == "Castle"  # English as it was


def test_refusals_of_typed_moves_are_german() -> None:
    state = ENGINE.new_game(2, {}, 1)
    cases = {
        "Burgg B3 90": ("Es gibt kein Gebäude namens", "There is no building"),
        "Cathedral Z9 0": ("ist kein Feld", "is not a square"),
        "Cathedral E5 45": ("keine Vierteldrehung", "quarter turn"),
        "Cathedral": ("wohin „Kathedrale“ gesetzt wird", "Say where"),
        "pass": ("kein Passen", "no pass"),
        "Castle B3 90": ("Hell muss zuerst die Kathedrale setzen", "Light must place"),
    }
    for text, (german, english) in cases.items():
        refusal = _refusal(state, 0, text)
        with speaking("de"):
            said = say(refusal.message) + " " + say(refusal.hint)
        assert german in said, (text, said)
        assert english not in said, (text, said)
        assert english in str(refusal), text  # the English is unchanged
    refusal = _refusal(state, 1, "Cathedral E5 0")
    with speaking("de"):
        assert say(refusal.message) == "Du bist nicht am Zug."


def test_a_placement_that_does_not_fit_names_the_piece_and_the_square_in_german() -> None:
    state = position(NOTE_5, to_move="light")
    refusal = _refusal(state, 0, "Castle J9 0")
    with speaking("de"):
        said = say(refusal.message)
    assert said == "„Burg“ auf J9 würde über den Stadtrand hinausragen."
    refusal = _refusal(state, 0, "Tavern B1")
    with speaking("de"):
        said = say(refusal.message)
    assert said == "„Taverne“ auf B1 würde B1 überdecken; dort steht Spital (Dunkel)."
    assert str(refusal.message) == (
        "The Tavern at B1 would cover B1, which is occupied by dark's Infirmary."
    )


def test_events_results_and_rules_are_german() -> None:
    state = ENGINE.new_game(2, {}, 1)
    moved = step_text(ENGINE, state, Seat(0), "Cathedral E5 0")
    assert not isinstance(moved, Rejection)
    with speaking("de"):
        assert say(moved.events[0].text) == "Hell setzt die Kathedrale auf E5 (0°)."
        summary = say(ENGINE.rules_summary)
        assert summary.startswith("**Kathedrale** (2 Spieler")
        assert "Wall off" not in summary
        assert say(ENGINE.spec.display_name) == "Kathedrale"
        assert say(ENGINE.seat_label(state, Seat(1))) == "Dunkel"
    state = position(NOTE_5, to_move="light")
    captured = step_text(ENGINE, state, Seat(0), "Inn C4 0")
    assert not isinstance(captured, Rejection)
    with speaking("de"):
        texts = [say(event.text) for event in captured.events]
    assert "Hell setzt „Gasthaus“ auf C4 (0°)." in texts
    assert any(
        t.startswith("Hell schließt Spital (Dunkel) allein ein und schlägt das Gebäude")
        for t in texts
    ), texts
    assert any(t.startswith("Hell beansprucht") for t in texts), texts


def test_the_result_and_the_score_sheet_rows_are_german() -> None:
    bot = ENGINE.bots["random"]()
    state = ENGINE.new_game(2, {"games": 2}, 4)
    ply = 0
    while ENGINE.outcome(state) is None:
        seat = Seat(min(ENGINE.to_act(state)))
        ply += 1
        result = step(ENGINE, state, seat, bot.choose(state, seat, ply))
        assert not isinstance(result, Rejection)
        state = result.state
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    with speaking("de"):
        reason = say(outcome.reason)
        rows = [say(row) for row in outcome.breakdown[Seat(0)]]
    assert reason.startswith(("Serie aus 2 Partien", "Die Serie aus 2 Partien")), reason
    assert rows == ["Partie 1", "Partie 2"]
    assert list(outcome.breakdown[Seat(0)]) == ["Game 1", "Game 2"]  # English keys as they were


def test_the_table_speaks_german() -> None:
    opening = ENGINE.new_game(2, {}, 1)
    with speaking("de"):
        assert TABLE.move_hint is not None
        hint = TABLE.move_hint(opening, 0)
        helps = {name: say(sub.help) for name, sub in TABLE.subcommands.items()}
        labels = (say(CAPTURE_LABEL), say(SPARE_LABEL))
    assert hint.startswith("Hell setzt zuerst die Kathedrale")
    assert helps["pass"].startswith("freiwilliges Passen gibt es nicht")
    assert labels == ("Setzen und schlagen", "Setzen, verschonen")
    state = position(NOTE_5, to_move="light")
    with speaking("de"):
        note, buttons = capture_choice(ENGINE, state, Seat(0), "Gasthaus C4 0", 0)
    assert note == (
        "Damit schlägst du Spital (Dunkel): Es geht zurück in die Hand von Dunkel, "
        "und der Bereich wird deiner."
    )
    assert buttons == (
        ("Setzen und schlagen", "Inn C4 0"),
        ("Setzen, verschonen", "Inn C4 0 no-capture"),
    )
    note, buttons = capture_choice(ENGINE, state, Seat(0), "Inn C4 0", 0)
    assert note.startswith("This captures dark's Infirmary")  # English unchanged


def test_piece_names_are_typed_in_english_or_german() -> None:
    assert typed_piece("Burg") == "Castle"
    assert typed_piece("kathedrale") == "Cathedral"
    assert typed_piece("castle") == "Castle"
    assert typed_piece("Schloss") == "Schloss"  # not a piece: the engine then refuses it
    assert typed_notation("Gasthaus C4 90 no-capture") == "Inn C4 90 no-capture"
    assert typed_notation("Inn C4 90") == "Inn C4 90"
    with speaking("de"):
        assert piece_choices(["Castle", "Inn"]) == [("Burg", "Castle"), ("Gasthaus", "Inn")]
    assert piece_choices(["Castle"]) == [("Castle", "Castle")]
