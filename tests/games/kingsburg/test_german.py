"""Kingsburg in German: the engine's texts (refusals, events, the battle report, the rules
summary, peeks, menus, move lines, help) said in German with the German edition's names, while
the notation stays English and German names are accepted where players type names.

Everything runs through the real engine and table functions inside `speaking("de")`; the same
objects said in English stay as before (the English tests check the wording)."""

from __future__ import annotations

import json
from dataclasses import replace

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg import data as D
from bot.games.kingsburg.actions import Aid, Build, Influence, TownHall, parse_action
from bot.games.kingsburg.codec import state_from_dict, state_to_dict
from bot.games.kingsburg.rules import check, settle
from bot.games.kingsburg.state import Step
from bot.games.protocol import Seat, step
from bot.games.rejections import Rejection
from bot.i18n import say, speaking, tr
from bot.table.kingsburg import TABLE, menu_labels, peek_text, public_line
from tests.games.kingsburg.builders import act, deck, player, position, seed_for_die


def _refusal(state, seat: int, text: str) -> tuple[str, str]:  # noqa: ANN001
    """A refused move's sentence and hint, said in German."""
    action = ENGINE.parse_action(text, state, Seat(seat))
    if not isinstance(action, Rejection):
        action = check(state, seat, action)
    assert isinstance(action, Rejection), f"{text!r} was accepted"
    with speaking("de"):
        return say(action.message), say(action.hint)


def test_refusals_are_german_and_keep_the_notation() -> None:
    s = position(
        [player(1, dice=(6, 4, 3)), player(dice=(6, 6, 6))],
        order=[0, 1],
        step=Step.INFLUENCE,
    )
    message, hint = _refusal(s, 1, "pass")
    assert message.startswith("Du bist nicht am Zug: Das Spiel wartet auf Rot")
    assert "not your turn" not in message
    message, hint = _refusal(s, 0, "influence 12 with 6+4")
    assert (
        message
        == "Deine Würfel 6+4 ergeben 10, nicht 12 (Edelfrau: 2 Waren nach Wahl + ein „+2“-Marker)."
    )
    assert "`influence 13 with 6+4+3`" in hint  # the example stays notation
    assert hint.startswith("Freie Berater, die deine Würfel erreichen: ")
    message, _ = _refusal(s, 0, "build crane")
    assert message.startswith("Das geht jetzt nicht: Jetzt heißt es: einen Berater beeinflussen")
    message, hint = _refusal(s, 0, "aid marmor")
    assert message.startswith("'marmor' ist keine Ware: Die Waren sind gold (Gold), wood (Holz)")
    message, _ = _refusal(s, 0, "build palast")
    assert message.startswith("Es gibt kein Gebäude namens 'palast'. Gebäude: Standbild, Kapelle")


def test_a_building_refusal_names_the_german_buildings() -> None:
    s = position([player(2, 2), player()], order=[0, 1], step=Step.BUILD)
    message, _ = _refusal(s, 0, "build church")
    assert message == (
        "Kirche braucht zuerst: Standbild, Kapelle (jede Reihe wird von links nach rechts gebaut)."
    )
    message, _ = _refusal(s, 0, "build statue envoy")
    assert message == "Du hast den Gesandten des Königs nicht."


def test_german_names_are_accepted_where_players_type_names() -> None:
    assert parse_action("build Kaserne") == Build("barracks")
    assert parse_action("build Ställe") == Build("stables")
    assert parse_action("build gilde der kaufleute envoy") == Build("merchants-guild", True)
    assert parse_action("build Kaufmannsgilde") == Build("merchants-guild")
    assert parse_action("aid holz") == Aid("wood")
    assert parse_action("townhall stein") == TownHall("stone")
    influence = parse_action("influence Schatzmeister with 4+4")
    assert isinstance(influence, Influence) and influence.advisor == 8
    assert parse_action("influence oberjägermeister 5+4").advisor == 9  # type: ignore[union-attr]
    assert parse_action("influence Oberjägermeister with 5+4").advisor == 9  # type: ignore[union-attr]
    # English keeps working, and the notation written back is English.
    assert ENGINE.format_action(parse_action("build kran"), None) == "build crane"  # type: ignore[arg-type]


def test_the_battle_report_is_german() -> None:
    cards = list(deck())
    cards[0] = "enemy-I-goblins-2"
    s = position(
        [player(soldiers=2, buildings={"statue", "chapel"}), player(), player(soldiers=5)],
        order=[0, 1, 2],
        step=Step.RECRUIT,
        phase=7,
        queue=(),
        seed=seed_for_die(1),
        deck=tuple(cards),
        settle_now=False,
    )
    events: list = []
    s = settle(s, events)
    assert s.battles, "the battle was fought"
    s = replace(s, recent=tuple(e.text for e in events))
    # The state keeps the report's sentences as message ids: a saved game says them in German.
    saved = state_from_dict(json.loads(json.dumps(state_to_dict(s))))
    with speaking("de"):
        report = [say(line) for line in saved.recent]
    joined = "\n".join(report)
    assert "Winter: Der Feind wird aufgedeckt – Goblins, Stärke 2" in joined
    assert "würfelt den Königswürfel: 1. Jeder Gouverneur erhält 1 Soldat." in joined
    assert "Rot kämpft mit 3 gegen 2: gewonnen." in joined
    assert "Blau kämpft mit 1 gegen 2: verloren." in joined
    assert "Die Soldaten gehen nach Hause." in joined
    assert "fights with" not in joined and "Winter: the enemy" not in joined
    # The same sentences in English, as before.
    assert "Red fights with 3 against 2: won." in [str(line) for line in saved.recent]


def test_peeks_are_german() -> None:
    s = position([player(dice=(5, 5)), player(dice=(6, 6, 6))], order=[0, 1], step=Step.INFLUENCE)
    events = []
    for seat, move in ((0, "influence 10 with 5+5"), (1, "pass")):
        t = act(s, seat, move)
        events.extend(t.events)
        s = t.state
    private = [e for e in events if e.kind == "peek"]
    with speaking("de"):
        secret = peek_text(ENGINE.view(s, Seat(0)))
        nothing = peek_text(ENGINE.view(s, Seat(1)))
        told = [say(e.text) for e in private]
        public = [say(e.public_text) for e in private]
    assert secret.startswith("Der Feind von Jahr I, den du angesehen hast: Goblins, Stärke 3.")
    assert "Belohnung, wenn du ihn besiegst: 1 Stein." in secret
    assert nothing == (
        "Du hast dir den nächsten Feind in diesem Jahr nicht angesehen "
        "(Heerführer und Königin erlauben es)."
    )
    assert told and told[0].startswith("Du siehst dir die oberste Feindeskarte an:")
    assert public == ["Rot sieht sich heimlich die oberste Feindeskarte an."]


def test_the_rules_summary_and_help_are_german() -> None:
    with speaking("de"):
        rules = say(ENGINE.rules_summary)
        help_lines = {name: tr(sub.help) for name, sub in TABLE.subcommands.items()}
        mine = tr(TABLE.mine_label)
    assert rules.startswith("**Kingsburg**: 5 Jahre mit je 8 Phasen")
    for german in (
        "1 **Hofnarr**: 1 SP",
        "13 **Held**: 3 Stein",
        "- **Kaserne** (2 Gold, 2 Holz, 1 Stein; 4 SP)",
    ):
        assert german in rules
    assert "`influence 8 with 5+3`" in rules  # notation stays
    assert "Aid from the King" not in rules and "Jester" not in rules
    assert help_lines["aid"] == "die Hilfe des Königs nehmen: eine Ware nach Wahl"
    assert help_lines["build"] == "ein Gebäude in deiner Provinz errichten"
    assert mine == "Mein Tableau"
    # English is untouched.
    assert str(ENGINE.rules_summary).startswith("**Kingsburg**: 5 years of 8 phases")


def test_menus_and_move_lines_are_german() -> None:
    s = position(
        [player(dice=(6, 4, 3), plus_two=1), player(dice=(6, 6, 6))],
        order=[0, 1],
        step=Step.INFLUENCE,
    )
    with speaking("de"):
        labels = dict((n, lab) for lab, n in menu_labels(s, 0))
        lines = {
            n: public_line(n)
            for n in (
                "influence 13 with 6+4+3",
                "aid wood",
                "build crane envoy",
                "pass",
                "recruit 2 gold+wood+stone+stone",
            )
        }
    assert labels["influence 13 with 6+4+3"] == "influence 13 (Held: 3 Stein) with 6+4+3"
    assert labels["influence 12 with 6+4 +2"] == (
        "influence 12 (Edelfrau: 2 Waren nach Wahl + ein „+2“-Marker) with 6+4 +2"
    )
    assert lines == {
        "influence 13 with 6+4+3": "6+4+3 auf Held (13)",
        "aid wood": "Königliche Hilfe (1 Holz)",
        "build crane envoy": "Bau: Kran (mit dem Gesandten)",
        "pass": "Passen",
        "recruit 2 gold+wood+stone+stone": "Rekrutiert: 2 Soldaten für 1 Gold, 1 Holz und 2 Stein",
    }
    build = position([player(5, 5, 5), player()], order=[0, 1], step=Step.BUILD)
    with speaking("de"):
        built = dict((n, lab) for lab, n in menu_labels(build, 0))
    assert built["build statue"] == "build statue (2 Gold; 3 SP)"


def test_the_outcome_and_score_sheet_rows_are_german() -> None:
    state = ENGINE.new_game(2, {}, 4)
    bots = [ENGINE.bots["random"]() for _ in range(2)]
    k = 0
    while ENGINE.outcome(state) is None:
        k += 1
        seat = Seat(min(ENGINE.to_act(state)))
        state = step(ENGINE, state, seat, bots[seat].choose(state, seat, k)).state
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    with speaking("de"):
        reason = say(outcome.reason)
        rows = [say(row) for row in outcome.breakdown[Seat(0)]]
        label = say(ENGINE.seat_label(state, Seat(1)))
    assert " nach fünf Jahren" in reason and ("gewinnt mit" in reason or "teilen sich" in reason)
    assert rows[:3] == ["Gebäude", "Berater", "Rathaus"]
    assert label == "Blau"
    assert str(ENGINE.seat_label(state, Seat(1))) == "blue"  # the data key stays


def test_every_kingsburg_name_has_its_german_name() -> None:
    with speaking("de"):
        advisors = [say(a.name) for a in D.ADVISORS]
        buildings = [say(b.name) for b in D.BUILDINGS]
        enemies = [say(D.enemy_name(e)) for e in D.ENEMY_NAMES]
    assert advisors[:4] == ["Hofnarr", "Gutsherr", "Baumeister", "Kaufmann"]
    assert advisors[-2:] == ["Königin", "König"]
    assert len(set(advisors)) == 18 and not set(advisors) & {a.name for a in D.ADVISORS} - {
        "General"
    }
    assert "Rathaus" in buildings and "Standbild" in buildings and len(set(buildings)) == 20
    assert enemies == ["Barbaren", "Goblins", "Orks", "Zombies", "Dämonen", "Drachen"]
