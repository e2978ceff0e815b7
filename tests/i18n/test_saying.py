"""Saying a text in the audience's language: lookups, placeholders, plurals, engine texts."""

from __future__ import annotations

import gettext
import io
import pickle

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from bot.games.text import Text, tx, tx_n
from bot.i18n import saying as speaking_module
from bot.i18n.saying import N_, current_language, say, speaking, tr, tr_c, tr_n


@pytest.fixture()
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small German catalog in place of the shipped one."""
    catalog = Catalog(locale="de")
    catalog.add("{player} passes.", "{player} passt.")
    catalog.add("Refused: {reason}", "Abgelehnt: {reason}")
    catalog.add("The piece does not fit.", "Das Teil passt nicht.")
    catalog.add(("{n} card", "{n} cards"), ("{n} Karte", "{n} Karten"))
    catalog.add("Pass", "Passen", context="button")
    catalog.add("Broken {name}", "Kaputt {nmae}")
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    compiled = gettext.GNUTranslations(buffer)
    real = speaking_module._translations

    def fake(code: str) -> gettext.NullTranslations:
        return compiled if code == "de" else real(code)

    monkeypatch.setattr(speaking_module, "_translations", fake)


def test_english_is_the_default_and_fills_placeholders() -> None:
    assert current_language() == "en"
    assert tr("{player} passes.", player="Ann") == "Ann passes."
    assert N_("Just marked.") == "Just marked."


def test_speaking_switches_and_restores(german: None) -> None:
    with speaking("de"):
        assert current_language() == "de"
        assert tr("{player} passes.", player="Ann") == "Ann passt."
        assert tr_c("button", "Pass") == "Passen"
        assert tr_n("{n} card", "{n} cards", 1) == "1 Karte"
        assert tr_n("{n} card", "{n} cards", 3) == "3 Karten"
        with speaking("en"):
            assert tr("{player} passes.", player="Ann") == "Ann passes."
        assert tr("Not in the catalog.") == "Not in the catalog."
    assert current_language() == "en"
    with speaking("xx") as chosen:
        assert chosen == "en"


def test_engine_texts_are_english_strings_that_translate_later(german: None) -> None:
    reason = tx("The piece does not fit.")
    assert isinstance(reason, str) and reason == "The piece does not fit."
    assert f"{reason}" == "The piece does not fit."
    with speaking("de"):
        assert say(reason) == "Das Teil passt nicht."
        assert tr("Refused: {reason}", reason=reason) == "Abgelehnt: Das Teil passt nicht."
        assert say("plain") == "plain"
        assert say(tx_n("{n} card", "{n} cards", 2)) == "2 Karten"
    assert tx_n("{n} card", "{n} cards", 2) == "2 cards"
    copy = pickle.loads(pickle.dumps(reason))
    assert isinstance(copy, Text) and copy.msgid == reason.msgid


def test_a_broken_translation_falls_back_to_english(german: None) -> None:
    with speaking("de"):
        assert tr("Broken {name}", name="x") == "Broken x"


def test_a_stored_event_is_said_in_the_readers_language_later(german: None) -> None:
    """An event's text goes through the log's JSON with its message id and values, so the
    history says it in each reader's language; the English stays in "text" for old readers."""
    import json

    from bot.games.protocol import Event
    from bot.games.text import text_from_json, text_to_json

    event = Event("move", tx("The piece does not fit."), public_text=t_n_cards(3))
    stored = json.loads(json.dumps(event.to_dict()))
    assert stored["text"] == "The piece does not fit."
    again = Event.from_dict(stored)
    with speaking("de"):
        assert say(again.text) == "Das Teil passt nicht."
        assert say(again.public_text) == "3 Karten"
    # A text whose English changed since it was stored keeps the stored English.
    stored["text"] = "An older wording."
    assert Event.from_dict(stored).text == "An older wording."
    assert text_from_json(text_to_json("plain")) == "plain"
    assert text_from_json({"bad": 1}) is None


def t_n_cards(n: int) -> Text:
    return tx_n("{n} card", "{n} cards", n)
