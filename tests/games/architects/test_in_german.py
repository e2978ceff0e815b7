"""Architects in German: the engine words everything a player reads as translatable texts, and
the table says them in German ("Architekten des Westfrankenreichs", Schwerkraft-Verlag): refusals,
events, the prompt, the draft, the debt question, the menus, the rules, the help, the outcome
and the score lines; English stays as it was; German location names are accepted where players
type them, and the short log survives the stored state as message ids."""

from __future__ import annotations

import json

from bot.games.architects import codec
from bot.games.architects.actions import Capture, Place, Retrieve, parse_action
from bot.games.architects.board import LOCATION_ALIASES, LOCATION_NAMES, plain_word
from bot.games.protocol import Seat, step_text
from bot.games.rejections import Rejection
from bot.i18n import say, speaking, tr
from bot.table.architects import TABLE, hand_text, move_menu, public_notation

from .positions import ENGINE, blank, give, play, started, to_turn


def _refusal(st, seat: int, text: str) -> str:  # noqa: ANN001
    result = step_text(ENGINE, st, Seat(seat), text)
    assert isinstance(result, Rejection), f"{text!r} was accepted"
    return say(result.message)


def test_refusals_are_said_in_german_and_stay_english_otherwise() -> None:
    st = blank(2)
    with speaking("de"):
        mines = _refusal(st, 0, "place mines gold")
        market = _refusal(st, 0, "place blackmarket c")
        unknown = _refusal(st, 0, "place nowhere")
        cathedral = _refusal(st, 0, "place guildhall cathedral")
    assert mines == "Gold braucht mindestens 2 deiner Arbeiter in der Mine (dies wäre dein erster)."
    assert market == "Schwarzmarktfeld c kostet 3 Silber; du hast 0."
    assert unknown == "Es gibt keinen Ort namens 'nowhere'."
    assert "Kathedrale" in cathedral
    english = step_text(ENGINE, st, Seat(0), "place blackmarket c")
    assert isinstance(english, Rejection)
    assert say(english.message) == "Black Market space c costs 3 silver; you have 0."


def test_events_and_the_log_are_said_in_german() -> None:
    st = blank(2)
    result = step_text(ENGINE, st, Seat(0), "place quarry")
    assert not isinstance(result, Rejection)
    (event,) = result.events
    assert event.text == "Red places a worker at the Quarry: +1 stone."
    with speaking("de"):
        assert say(event.text) == "Rot setzt einen Arbeiter in den Steinbruch: +1 Stein."
        assert say(result.state.log[-1]) == "Rot setzt einen Arbeiter in den Steinbruch: +1 Stein."
        view = ENGINE.view(result.state, None)
        assert say(view.prompt) == "Blau setzt einen Arbeiter ein."


def test_the_log_is_stored_as_message_ids_and_said_again_after_loading() -> None:
    st = play(blank(2), 0, "place quarry")
    stored = json.loads(json.dumps(codec.state_to_dict(st)))
    entry = stored["log"][-1]
    assert entry["msgid"] == "{who} places a worker at the Quarry: +{n} stone."
    loaded = codec.state_from_dict(stored)
    assert loaded.log == st.log
    with speaking("de"):
        assert say(loaded.log[-1]) == "Rot setzt einen Arbeiter in den Steinbruch: +1 Stein."
    old = dict(stored, log=["Red places a worker at the Quarry: +1 stone."])
    assert codec.state_from_dict(old).log == ["Red places a worker at the Quarry: +1 stone."]


def test_the_opening_draft_is_said_in_german() -> None:
    st = ENGINE.new_game(2, {}, 3)
    with speaking("de"):
        assert say(ENGINE.view(st, None).prompt) == (
            "Eröffnungsdraft, Runde 1 von 3: Alle behalten eine Karte."
        )
        refusal = _refusal(st, 0, "place quarry")
        assert refusal.startswith("Behalte zuerst eine Karte deiner Eröffnungs-Drafthand: `keep ")
        text = hand_text(ENGINE.view(st, Seat(0)))
        assert text is not None and text.startswith("Draftrunde 1 von 3, behalte eine: **")
        assert " SP; " in text
        move = ENGINE.format_action(ENGINE.legal_actions(st, Seat(0))[0], st)
        result = step_text(ENGINE, st, Seat(0), move)
        assert not isinstance(result, Rejection)
        (event,) = result.events
        assert say(event.text).startswith("Du behältst ")
        assert say(event.public_text) == "Rot behält eine Karte."
        assert public_notation(move) == "Behalten: eine Karte (geheim)"


def test_the_debt_question_is_asked_in_german() -> None:
    st = to_turn(blank(2), 0)
    p = st.players[0]
    p.virtue, p.debts = 14, 2
    give(p, clay=2)
    st = play(st, 0, "place storehouse")
    st = play(st, 0, "trade clay+clay->virtue")
    assert st.pending and st.pending[0].kind == "destroy"
    with speaking("de"):
        assert say(ENGINE.view(st, None).prompt) == (
            "Rot: du darfst bis zu 1 deiner offenen Schulden vernichten (`destroy`) oder "
            "behalten (`done`)"
        )
        menu = dict((n, label) for label, n in move_menu(st, 0))
        assert menu["destroy"] == "vernichten: eine offene Schuld vernichten"
        assert menu["done"] == "fertig: die Schuld behalten"


def test_menus_name_locations_cards_and_goods_in_german() -> None:
    st = blank(2)
    st.players[1].at["forest"] = 2
    give(st.players[0], silver=9)
    with speaking("de"):
        menu = dict((n, label) for label, n in move_menu(st, 0))
        assert menu["place quarry"] == "Steinbruch: +1 Stein"
        assert menu["place mines clay"] == "Mine Lehm: +2 Lehm"
        assert menu["place storehouse"] == "Königliches Lager: 1 Tausch"
        assert menu["place blackmarket a"].startswith("Schwarzmarkt Feld a: ")
        st = play(st, 0, "place towncentre")
        menu = dict((n, label) for label, n in move_menu(st, 0))
        assert menu["capture forest blue"] == "gefangen nehmen: Blau am Ort Wald: 2 Arbeiter"
    english = dict((n, label) for label, n in move_menu(st, 0))
    assert english["capture forest blue"] == "capture blue at the Forest: 2 workers"


def test_public_titles_are_said_in_german() -> None:
    with speaking("de"):
        assert public_notation("place mines gold") == "ein Arbeiter → Mine (Gold)"
        assert public_notation("place guildhall build well") == (
            "ein Arbeiter → Zunfthalle (baut: Brunnen)"
        )
        assert public_notation("trade wood+wood+stone->marble") == (
            "Tausch: 2 Holz und 1 Stein gegen Marmor"
        )
        assert public_notation("capture quarry red") == (
            "Gefangennahme: Arbeiter von Rot am Ort Steinbruch"
        )
        assert public_notation("ransom silver") == "Lösegeld: Arbeiter für Silber befreit"
    assert public_notation("place mines gold") == "a worker at the Mines (gold)"


def test_rules_and_help_are_in_german() -> None:
    with speaking("de"):
        rules = say(ENGINE.rules_summary)
        assert rules.startswith("**Architekten des Westfrankenreichs**: Setze 1 Arbeiter pro Zug")
        assert "**Zunfthalle**" in rules and "**Schwarzmarkt**" in rules
        assert "`place quarry`" in rules  # the notation stays as it is typed
        helps = [tr(sub.help) for sub in TABLE.subcommands.values()]
        assert "ein Tausch im Königlichen Lager, z. B. `clay+wood->virtue`" in helps
        assert tr(TABLE.private_hint).startswith("Wähle deine Karte privat")
        assert tr(TABLE.nothing_private) == "Du hast gerade keine Gebäudekarten auf der Hand."
        assert say(ENGINE.spec.display_name) == "Architekten des Westfrankenreichs"
    assert say(ENGINE.rules_summary).startswith("**Architects of the West Kingdom**: place 1")


def test_the_outcome_and_score_lines_are_said_in_german() -> None:
    st = started(1, 4)
    while ENGINE.outcome(st) is None:
        seat = min(ENGINE.to_act(st))
        st = play(st, seat, ENGINE.format_action(ENGINE.legal_actions(st, Seat(seat))[0], st))
    outcome = ENGINE.outcome(st)
    assert outcome is not None and outcome.others
    with speaking("de"):
        reason = say(outcome.reason)
        assert " SP" in reason and "VP" not in reason
        labels = [tr(label) for label in outcome.breakdown[Seat(0)]]
        assert labels == [
            "Gebäude",
            "Kathedrale",
            "Tugend",
            "Schulden",
            "Gold und Marmor",
            "Silber",
            "Gefängnis",
        ]
        ((name, lines),) = outcome.others.items()
        assert name == "Constantine"
        assert "Zunfthallen-Arbeiter" in [tr(label) for label in lines]


def test_german_location_and_colour_names_are_accepted_where_players_type_them() -> None:
    assert parse_action("place Steinbruch") == Place("quarry")
    assert parse_action("place Königliches Lager") == Place("storehouse")
    assert parse_action("place koenigliches lager") == Place("storehouse")
    assert parse_action("place schwarzmarkt b plans") == Place("blackmarket", ("b", "plans"))
    assert parse_action("place zunfthalle build well") == Place("guildhall", ("build", "well"))
    assert parse_action("capture wald rot") == Capture("forest", "red")
    assert parse_action("capture stadtzentrum grün") == Capture("towncentre", "green")
    assert parse_action("retrieve steinbruch") == Retrieve("quarry")
    # Every German location name the catalog shows is one players may type.
    with speaking("de"):
        for key, name in LOCATION_NAMES.items():
            typed = plain_word(say(name).replace(" ", ""))
            assert LOCATION_ALIASES.get(typed) == key, (key, say(name))


def test_german_building_names_are_accepted_where_players_type_them() -> None:
    """A building named in German (as the catalog says it) in typed notation is the building:
    `place zunfthalle build Wachturm` builds the Guard Tower; every building's German name."""
    from bot.games.architects.board import BUILDING_ALIASES
    from bot.games.architects.cards import BUILDINGS

    assert parse_action("place zunfthalle build Aquädukt") == Place(
        "guildhall", ("build", "aqueduct")
    )
    assert parse_action("place zunfthalle build Zimmermannshütte") == Place(
        "guildhall", ("build", "carpenters-hut")
    )
    with speaking("de"):
        for building in BUILDINGS:
            typed = plain_word(say(building.name).replace(" ", "").replace("-", ""))
            assert BUILDING_ALIASES.get(typed) == building.slug, (building.slug, say(building.name))


def test_a_typed_german_location_is_played() -> None:
    st = blank(2)
    st = play(st, 0, "place wald")
    assert st.players[0].good("wood") == 1
