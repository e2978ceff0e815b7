"""Settlers of Canaan in German: refusals, trade offers and their answers, production and hands,
the 7 with its discards and the plague, the event cards and the rules, each said in German by
`say` (the engine's English stays as it was), and German resource and colour names typed in
notation read as the English ones."""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.protocol import Seat, Transition, step
from bot.i18n import say, speaking
from tests.games.canaan.positions import (
    D,
    hand,
    hexes,
    play,
    position,
    refused,
    rigged,
    with_player,
)


def _events(s, seat: int, text: str) -> tuple[object, list]:  # type: ignore[no-untyped-def]
    result = step(ENGINE, s, Seat(seat), ENGINE.parse_action(text, s, Seat(seat)))
    assert isinstance(result, Transition), f"{text!r} refused: {result}"
    return result.state, list(result.events)


def _german(value: object) -> str:
    with speaking("de"):
        return say(value)


def test_refusals_are_said_in_german() -> None:
    s = position(3, hands={0: hand(wool=1)})
    cost = refused(s, 0, "road 1-4")
    assert cost == "A road costs 1 lumber+1 stone; you have 1 wool."
    assert _german(cost) == "Eine Straße kostet 1 Holz+1 Stein; du hast 1 Wolle."
    offered = play(
        position(3, hands={0: hand(wool=1), 1: hand(ore=1)}), 0, "offer 1 wool for 1 ore"
    )
    assert _german(refused(offered, 1, "trade green")) == (
        "Beantworte das Angebot von Rot: `accept`, `decline` oder `counter 1 ore for 2 wool`."
    )
    unknown = refused(s, 0, "fly away")
    assert _german(unknown).startswith("Unbekannter Zug 'fly'. Züge: roll, road")
    early = position(3, hands={0: hand(ore=4)}, rolled=False)
    assert _german(refused(early, 0, "bank ore for grain")).startswith("Würfle zuerst (`roll`)")
    shape = refused(s, 0, "offer 1 wool for 1 wool")
    assert _german(shape) == "Ein Angebot kann Wolle nicht zugleich geben und verlangen."


def test_german_resource_and_colour_names_read_as_notation() -> None:
    s = position(3, hands={0: hand(wool=2)})
    for german, english in (
        ("offer 2 Wolle for 1 Erz to Grün", "offer 2 wool for 1 ore to green"),
        ("bank holz for getreide", "bank lumber for grain"),
        ("offer 1 wolle und 1 stein for 1 korn", "offer 1 wool+1 stone for 1 grain"),
        ("trade rot", "trade red"),
        ("look gelb", "look yellow"),
    ):
        assert ENGINE.parse_action(german, s, Seat(0)) == ENGINE.parse_action(english, s, Seat(0))
    assert ENGINE.format_action(ENGINE.parse_action("bless getreide", s, Seat(0)), s) == (
        "bless grain"
    )


def test_an_offer_its_answers_and_the_trade_in_german() -> None:
    s = position(4, hands={0: hand(wool=2), 1: hand(ore=2), 2: hand(grain=2), 3: hand(ore=1)})
    s, events = _events(s, 0, "offer 1 wool for 1 ore")
    assert [_german(e.text) for e in events] == ["Rot bietet 1 Wolle für 1 Erz."]
    assert [e.text for e in events] == ["Red offers 1 wool for 1 ore."]
    s, events = _events(s, 1, "accept")
    assert _german(events[0].text) == "Blau nimmt an."
    s, events = _events(s, 2, "counter 1 grain for 1 wool")
    assert _german(events[0].text) == "Grün kontert: Grün gibt 1 Getreide für 1 Wolle von Rot."
    s, events = _events(s, 3, "decline")
    assert _german(events[0].text) == "Gelb lehnt ab."
    view = ENGINE.view(s, Seat(0))
    with speaking("de"):
        status = say(view.status)
        answers = [(say(c), say(a)) for c, a in view.offer.answers]  # type: ignore[union-attr]
    assert status == ("Zug 1, Rot. Es fehlen: Rot: handeln mit Blau oder Grün oder weiter."), status
    assert answers == [
        ("Blau", "nimmt an"),
        ("Grün", "kontert 1 Getreide für 1 Wolle"),
        ("Gelb", "lehnt ab"),
    ]
    s, events = _events(s, 0, "trade green")
    assert _german(events[0].text) == "Rot gibt 1 Wolle an Grün für 1 Getreide."


def test_a_seven_discards_and_the_plague_in_german() -> None:
    corner = D.hexes[hexes("O")].corners[0]
    s = position(3, settlements={corner: 1}, hands={1: hand(ore=9)}, rolled=False)
    s = rigged(s, 7)
    s, events = _events(s, 0, "roll")
    texts = [_german(e.text) for e in events]
    assert texts[1] == "Die Plage wütet: ein schwarzer Stein kommt nach Jerusalem (1/28)."
    assert texts[2] == "Die Hälfte ihrer Karten werfen ab: Blau (4)."
    s, events = _events(s, 1, "discard 4 ore")
    assert _german(events[0].text) == "Du wirfst 4 Erz ab."
    assert _german(events[0].public_text) == "Blau wirft 4 Karten ab."
    assert _german(refused(s, 0, "end")) == (
        "Versetze zuerst die Plage: `plague <feld>` oder `plague <feld> from <farbe>`."
    )
    s, events = _events(s, 0, "plague O from blue")
    assert _german(events[0].text) == "Rot versetzt die Plage nach O (Gebirge 8)."
    assert _german(events[1].text) == "Rot nimmt Blau 1 Erz."
    assert _german(events[1].public_text) == "Rot nimmt Blau eine zufällige Karte."


def test_production_and_the_private_hand_line_in_german() -> None:
    corner = D.hexes[hexes("O")].corners[0]
    s = rigged(position(3, settlements={corner: 1}, rolled=False), 8)
    s, events = _events(s, 0, "roll")
    texts = [_german(e.text) for e in events]
    assert "Ertrag: Blau 1 Erz." in texts
    assert "Deine Hand jetzt: 1 Erz." in texts


def test_event_cards_and_their_choices_in_german() -> None:
    s = position(3, hands={0: hand(grain=1), 1: hand(ore=1), 2: hand(wool=2)})
    s = with_player(s, 0, dev=("korahs-rebellion",))
    s, events = _events(s, 0, "play korahs-rebellion")
    assert _german(events[0].text) == (
        "Rot spielt Korachs Aufstand aus: jeder andere Spieler gibt dir 1 Rohstoffkarte seiner "
        "Wahl."
    )
    assert _german(refused(s, 1, "give 2 ore")) == "Gib genau 1 Karte ab."
    s, events = _events(s, 1, "give 1 ore")
    assert _german(events[0].text) == "Blau gibt 1 Erz an Rot (Korachs Aufstand)."
    assert _german(events[0].public_text) == "Blau gibt 1 Karte an Rot (Korachs Aufstand)."


def test_the_rules_summary_in_german() -> None:
    rules = _german(ENGINE.rules_summary)
    assert rules.startswith("**Settlers of Canaan**: 2-4 Spieler")
    for german in ("**Ereignisse**: Deboras Lied: jeder Spieler", "Korachs Aufstand", "SP"):
        assert german in rules, german
    assert "first to" not in rules and "Rules notes" not in rules
    assert str(ENGINE.rules_summary).startswith("**Settlers of Canaan**: 2-4 players")


def test_the_end_of_the_game_in_german() -> None:
    corners = [D.hexes[hexes("A")].corners[0], D.hexes[hexes("S")].corners[3]]
    s = position(3, settlements={corners[0]: 0, corners[1]: 0})
    s = with_player(s, 0, vp_cards=("x",) * 9, dev=("ten-commandments",))
    assert R.vp(s, 0) == 11
    s, events = _events(s, 0, "play ten-commandments")
    assert [_german(e.text) for e in events] == [
        "Rot spielt Zehn Gebote aus: +1 SP.",
        "Rot erreicht im eigenen Zug 12 SP und gewinnt.",
    ]
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert _german(outcome.reason) == "Rot erreicht im eigenen Zug 12 SP und gewinnt."


def test_a_saved_finished_game_says_its_end_in_german() -> None:
    """The state keeps the English sentence; read back from a save, the view words it again."""
    import json

    corners = [D.hexes[hexes("A")].corners[0], D.hexes[hexes("S")].corners[3]]
    s = position(3, settlements={corners[0]: 0, corners[1]: 0})
    s = with_player(s, 0, vp_cards=("x",) * 9, dev=("ten-commandments",))
    s = play(s, 0, "play ten-commandments")
    saved = ENGINE.state_from_dict(json.loads(json.dumps(ENGINE.state_to_dict(s))))
    view = ENGINE.view(saved, None)
    assert view.result == "Red reaches 12 VP in their own turn and wins."
    with speaking("de"):
        assert say(view.result) == "Rot erreicht im eigenen Zug 12 SP und gewinnt."
        assert say(view.status) == say(view.result)
        assert say(ENGINE.outcome(saved).reason) == say(view.result)  # type: ignore[union-attr]


def test_the_last_move_reads_in_german_and_stays_notation_in_english() -> None:
    s = position(3, hands={0: hand(wool=2), 1: hand(ore=9)})
    s = play(s, 0, "offer 2 wool for 1 ore to blue")
    view = ENGINE.view(s, None)
    assert view.last_move == "offer 2 wool for 1 ore to blue"
    assert _german(view.last_move) == "bietet Blau 2 Wolle für 1 Erz"
    s = with_player(s, 0, dev=("priest",))
    s = play(s, 0, "play priest C")
    assert ENGINE.view(s, None).last_move == "play Priest C"
    assert _german(ENGINE.view(s, None).last_move) == "spielt Priester aus: C"
