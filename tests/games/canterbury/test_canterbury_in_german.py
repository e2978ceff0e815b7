"""Canterbury in German: refusals, events, the result, score categories and the rules summary
from the engine, and the table's labels, lines and help, said in German (clear German names:
Brunnen, Großer Kornspeicher, Vollbau, Bezirksgunst...), while the English stays as it was and
notation stays neutral; structures are accepted by English or German name where typed."""

from __future__ import annotations

from typing import Any

from bot.games.canterbury import ENGINE
from bot.games.canterbury.data import STRUCTURE_NAMES
from bot.games.protocol import Seat, step
from bot.games.rejections import Rejection
from bot.i18n import say, speaking
from bot.table.canterbury import (
    TABLE,
    move_label,
    public_line,
    set_choice,
    typed_notation,
    typed_structure,
)


def _steps(state: Any, seat: int, text: str) -> Any:
    """Play `text` (one step) as `seat`; the transition, or the refusal."""
    parsed = ENGINE.parse_action(text, state, Seat(seat))
    if isinstance(parsed, Rejection):
        return parsed
    return step(ENGINE, state, Seat(seat), parsed)


def _finished(players: int, seed: int) -> Any:
    bot = ENGINE.bots["random"]()
    state = ENGINE.new_game(players, {}, seed)
    ply = 0
    while ENGINE.outcome(state) is None and ply < 5000:
        seat = Seat(min(ENGINE.to_act(state)))
        ply += 1
        state = step(ENGINE, state, seat, bot.choose(state, seat, ply)).state
    return state


def test_structure_names_are_german() -> None:
    with speaking("de"):
        assert say(STRUCTURE_NAMES["well"]) == "Brunnen"
        assert say(STRUCTURE_NAMES["granary"]) == "Großer Kornspeicher"
        assert say(STRUCTURE_NAMES["old_roman_well"]) == "Alter Römerbrunnen"
    assert STRUCTURE_NAMES["well"] == "Well"


def test_refusals_are_german() -> None:
    state = ENGINE.new_game(3, {}, 1)
    cases = {
        "build castel C2": ("ist kein Bauwerk", "is not a structure"),
        "build well Z9": ("ist kein Bezirk", "is not a district"),
        "build well": ("in welchem Bezirk „Brunnen“ gebaut wird", "Say which district"),
        "dance": ("Ich verstehe", "I do not understand"),
        "spread A1": ("Wähle zuerst deine Aktion", "Choose your action first"),
        "tax": ("Vollbau", "Full Build"),
    }
    for text, (german, english) in cases.items():
        refusal = _steps(state, 0, text)
        assert isinstance(refusal, Rejection), text
        with speaking("de"):
            said = f"{say(refusal.message)} {say(refusal.hint)}"
        assert german in said, (text, said)
        assert english not in said, (text, said)
        assert english in str(refusal), text
    full = _steps(state, 0, "full").state
    refusal = _steps(full, 0, "build fountain A1")
    with speaking("de"):
        assert say(refusal.message) == (
            "A1 hat weder ein Bauwerk noch grenzt es an einen Bezirk mit einem."
        )
    refusal = _steps(full, 0, "build cathedral B3")
    with speaking("de"):
        assert say(refusal.message) == "„Kathedrale“ kostet 22 Gold; du hast 6."


def test_events_are_german() -> None:
    state = ENGINE.new_game(3, {}, 1)
    full = _steps(state, 0, "full")
    built = _steps(full.state, 0, "build well B3")
    with speaking("de"):
        assert say(full.events[0].text) == "Blau wählt Vollbau."
        said = [say(event.text) for event in built.events]
    assert said[0] == "Blau baut Brunnen in B3 für 2 Gold; Wasser-Marker in B3."
    assert str(built.events[0].text) == "Blue builds a Well in B3 for 2 gold; water marker in B3."


def test_the_result_categories_and_rules_are_german() -> None:
    state = _finished(4, 5)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    with speaking("de"):
        reason = say(outcome.reason)
        rows = [say(row) for row in outcome.breakdown[Seat(0)]]
        summary = say(ENGINE.rules_summary)
        sides = [say(ENGINE.seat_label(state, Seat(s))) for s in range(4)]
    assert " mit " in reason and "Wohlstand" in reason, reason
    assert rows == [
        "Bauwerke",
        "Bezirksgunst",
        "Grundsteinlegung",
        "Aufwertung",
        "Königsbonus",
        "Restgold",
    ]
    assert sides == ["Blau", "Rot", "Grün", "Gelb"]
    assert summary.startswith("**Canterbury** (2–4 Spieler")
    assert "Brunnen 2" in summary and "**Regelhinweise**" in summary
    assert "die Schatzleiste" in summary  # the default file's reconstructed lines, in German
    assert "Build the 25 districts" not in summary
    assert "Structures" in [str(row) for row in outcome.breakdown[Seat(0)]]


def test_the_table_speaks_german() -> None:
    with speaking("de"):
        assert move_label("build well C2") == "Brunnen in C2 bauen"
        assert move_label("levy") == "Abgaben erheben"
        assert move_label("spread done") == "Keine weiteren Bezirke"
        assert public_line("build well C2 and garden C2") == "Brunnen in C2 und Garten in C2"
        assert public_line("neutral well B3; levy") == (
            "„Brunnen“ des Neutralen Baumeisters in B3, dann Abgaben erheben"
        )
        helps = {name: say(sub.help) for name, sub in TABLE.subcommands.items()}
    assert helps["levy"].startswith("Abgaben erheben:")
    assert move_label("build well C2") == "Build Well in C2"  # English unchanged
    assert public_line("build well C2 and garden C2") == "a Well in C2 and a Garden in C2"


def test_the_large_structure_set_choice_is_german() -> None:
    state = ENGINE.new_game(3, {}, 1)
    # Enough gold for a large structure: its markers are then spread.
    from dataclasses import replace

    players = list(state.players)
    players[0] = replace(players[0], gold=40)
    state = replace(state, players=tuple(players))
    state = _steps(state, 0, "full").state
    refusal = _steps(state, 0, "build cathedral C2")
    with speaking("de"):
        assert say(refusal.message) == (
            "C2 fehlt Wasser, Nahrung: Ein Bauwerk für Religion braucht dort jede Versorgung davor."
        )
    result = _steps(state, 0, "build water_works C2")
    assert not isinstance(result, Rejection), result
    with speaking("de"):
        choice = set_choice(result.state, 0)
    assert choice is not None
    assert choice.options[0][0].startswith("Wasser-Marker nach ")
    assert choice.placeholder.startswith("wähle bis zu ")
    assert choice.buttons[0][0] == "Keine weiteren Wasser-Marker"


def test_structures_are_typed_in_english_or_german() -> None:
    assert typed_structure("Brunnen") == "well"
    assert typed_structure("großer kornspeicher") == "granary"
    assert typed_structure("well") == "well"
    assert typed_structure("Great Granary") == "granary"
    assert typed_notation("build Großer Kornspeicher C2 and Brunnen B3") == (
        "build granary C2 and well B3"
    )
    assert typed_notation("build well C2; end") == "build well C2; end"
