"""Canaan's table words in German: the private hand, the buttons and private menus (values stay
notation), the hint for more moves than buttons, the trade and look choices, the starting cards,
the public move words, and the texts `/game help` and the table's hooks show."""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan.state import evolve
from bot.games.protocol import Seat
from bot.i18n import speaking, tr, translation
from bot.table import canaan as T
from tests.games.canaan.positions import D, hand, play, position, with_player


def test_the_hand_in_german() -> None:
    s = with_player(position(3, hands={0: hand(ore=2, wool=1)}), 0, dev=("priest", "caravan"))
    s = with_player(s, 0, new=("caravan",))
    view = ENGINE.view(s, Seat(0))
    english = T.hand_text(view)
    assert english == (
        "Your hand: 2 ore+1 wool. Development cards: Priest, Caravan (bought this turn: "
        "Caravan). Now: trade, build or end."
    )
    with speaking("de"):
        german = T.hand_text(view)
        nothing = tr(T.NO_CARDS)
    assert german == (
        "Deine Hand: 2 Erz+1 Wolle. Entwicklungskarten: Priester, Karawane (in diesem Zug "
        "gekauft: Karawane). Jetzt: Handel, Bau, Ende."
    )
    assert nothing == "Du hast keine Rohstoff- oder Entwicklungskarten."


def test_buttons_and_private_menus_in_german_send_notation() -> None:
    s = position(3, hands={0: hand(wool=1), 1: hand(ore=1, grain=1)})
    s = play(s, 0, "offer 1 wool for 1 ore")
    with speaking("de"):
        menu = dict((n, label) for label, n in T.move_menu(s, 1))
    assert menu["accept"] == "Annehmen" and menu["decline"] == "Ablehnen"
    assert menu["counter 1 grain for 1 wool"] == "Gegenangebot: 1 Getreide für 1 Wolle"
    s = play(s, 1, "accept")
    with speaking("de"):
        menu = dict((n, label) for label, n in T.move_menu(s, 0))
    assert menu["trade blue"] == "Handel mit Blau: du gibst 1 Wolle, bekommst 1 Erz"
    assert menu["end"] == "Zug beenden" and menu["withdraw"] == "Zurückziehen"
    before = position(3, rolled=False)
    with speaking("de"):
        assert ("Würfeln", "roll") in T.move_menu(before, 0)


def test_setup_buttons_and_the_hint_in_german() -> None:
    s = ENGINE.new_game(3, {}, 1)
    with speaking("de"):
        labels = [label for label, _ in T.move_menu(s, s.setup_order[0])]
        hint = T.move_hint(s, s.setup_order[0])
    assert labels and all(label.startswith("Siedlung ") for label in labels)
    # The command as the German picker names it (the command tree's names in the catalog).
    group = translation("de", "canaan", "command-name") or "canaan"
    build = translation("de", "build", "command-name") or "build"
    assert hint.startswith("Zu viele Möglichkeiten für Knöpfe"), hint
    assert f"`/{group} {build} Siedlung`" in hint, hint


def test_choices_in_words_in_german() -> None:
    s = position(3, hands={0: hand(wool=1), 1: hand(ore=2), 2: hand(grain=3)})
    s = play(play(s, 0, "offer 1 wool for 1 ore"), 1, "counter 2 ore for 1 wool")
    names = {"blue": "Bob (Blau)"}
    with speaking("de"):
        assert T.confirm_words(s, "blue", names) == (
            "Bob (Blau) kontert: du gibst 1 Wolle, bekommst 2 Erz"
        )
        assert T.look_words(s, "green") == "Grün, 3 Karten"
        words = T.move_words(D, "play priest O from blue", names)
        public = T.public_words("play priest O from blue")
        caravan = T.public_words("play caravan grain")
    assert words == "Priester: Plage nach O (Erz 8), eine Karte von Bob (Blau) nehmen"
    assert public == "Priester (Plage nach O, eine Karte von Blau)"
    assert caravan == "Karawane (Getreide)"
    assert T.public_words("play caravan grain") == "Caravan (grain)"


def test_starting_cards_in_german() -> None:
    s = ENGINE.new_game(3, {}, 1)
    corner = next(v for v, hs in enumerate(D.vertex_hexes) if len(hs) == 3 and v not in D.jerusalem)
    s = evolve(s, buildings=tuple(0 if v == corner else b for v, b in enumerate(s.buildings)))
    with speaking("de"):
        words = T.start_words(s, str(corner + 1))
    english = T.start_words(s, str(corner + 1))
    assert words.startswith(f"{corner + 1} (") and words != english
    assert not any(w in words for w in ("lumber", "grain", "stone", "ore", "wool")), words


def test_help_and_hook_texts_have_german() -> None:
    """`/game help` and the table say these constants with `tr`: each has its German."""
    texts = [sub.help for sub in T.TABLE.subcommands.values()]
    texts += [T.TABLE.nothing_private, T.TABLE.private_hint]
    with speaking("de"):
        german = [tr(t) for t in texts]
    untranslated = [t for t, g in zip(texts, german, strict=True) if t == g]
    assert untranslated == []
