"""Hidden information in Canaan: what a seat not concerned by a move can read of it (the board's
last move, the status line, the move's public events, and the notation posted to the channel
and kept in `/game history`) never names a card of someone's hand, a development card before it
is played, or the order of the deck."""

from __future__ import annotations

from dataclasses import fields, replace

from bot.games.canaan import ENGINE
from bot.games.canaan import actions as A
from bot.games.canaan.state import Phase, State, evolve
from bot.games.protocol import Seat, Transition, step
from bot.table.canaan import TABLE
from tests.games.canaan.positions import D, hand, play, position, rigged, with_player

RESOURCE_WORDS = ("lumber", "grain", "stone", "ore", "wool")


def _move(s: State, seat: int, text: str) -> tuple[Transition[State], str]:
    parsed = ENGINE.parse_action(text, s, Seat(seat))
    result = step(ENGINE, s, Seat(seat), parsed)  # type: ignore[arg-type]
    assert isinstance(result, Transition), f"{text!r} refused: {result}"
    return result, ENGINE.format_action(parsed, s)  # type: ignore[arg-type]


def _public_texts(t: Transition[State], notation: str, viewer: int | None) -> list[str]:
    """Everything `viewer` (None: a spectator) reads about the move just made."""
    view = ENGINE.view(t.state, None if viewer is None else Seat(viewer))
    texts = [view.last_move, view.status, TABLE.public_notation(notation)]
    for ev in t.events:
        shown = ev.for_viewer(None if viewer is None else Seat(viewer))
        if shown is not None:
            texts.append(shown.text)
    return texts


def _assert_hidden(texts: list[str], secret: str) -> None:
    for text in texts:
        assert secret not in text.lower(), text


def test_a_discard_on_a_seven_shows_only_how_many_cards() -> None:
    s = position(4, hands={1: hand(ore=9)}, rolled=False)
    s = play(rigged(s, 7), 0, "roll")
    t, notation = _move(s, 1, "discard 4 ore")
    assert notation == "discard 4 ore"  # the mover's own record keeps the cards
    for viewer in (0, 2, 3, None):
        texts = _public_texts(t, notation, viewer)
        _assert_hidden(texts, "ore")
        assert any("4 cards" in x for x in texts)
    assert any("4 ore" in x for x in _public_texts(t, notation, 1))


def _event_played(card: str) -> State:
    """Red has played `card`; blue holds 2 wool, green 1 grain."""
    s = position(3, hands={1: hand(wool=2), 2: hand(grain=1)})
    return play(with_player(s, 0, dev=(card,)), 0, f"play {card}")


def test_a_card_given_to_the_player_of_an_event_is_seen_by_the_two_players_only() -> None:
    s = _event_played("korahs-rebellion")
    t, notation = _move(s, 1, "give 1 wool")
    _assert_hidden(_public_texts(t, notation, 2), "wool")
    _assert_hidden(_public_texts(t, notation, None), "wool")
    assert any("1 wool" in x for x in _public_texts(t, notation, 0))


def test_the_hand_looked_at_and_the_card_taken_stay_between_the_two_players() -> None:
    look, look_notation = _move(_event_played("gibeonite-trickery"), 0, "look blue")
    _assert_hidden(_public_texts(look, look_notation, 2), "wool")
    assert ENGINE.view(look.state, Seat(2)).you.peek == ""  # type: ignore[union-attr]
    t, notation = _move(look.state, 0, "take 1 wool")
    _assert_hidden(_public_texts(t, notation, 2), "wool")
    _assert_hidden(_public_texts(t, notation, None), "wool")


def test_the_card_taken_by_the_plague_is_seen_by_thief_and_victim_only() -> None:
    corner = D.hexes[D.hex_by_label["A"]].corners[0]
    s = position(3, settlements={corner: 1}, hands={1: hand(wool=1)}, rolled=False)
    s = play(rigged(s, 7), 0, "roll")
    t, notation = _move(s, 0, "plague A from blue")
    _assert_hidden(_public_texts(t, notation, 2), "wool")
    assert any("1 wool" in x for x in _public_texts(t, notation, 1))


def test_a_bought_development_card_is_named_to_its_buyer_only_and_the_deck_stays_hidden() -> None:
    s = position(3, hands={0: hand(ore=1, wool=1, grain=1)})
    t, notation = _move(s, 0, "buy")
    card = s.deck[0]
    name = ENGINE.format_action(A.Play(card), s).split(" ", 1)[1]
    words = ("priest", name, *(e.name.lower() for e in D.events))
    for viewer in (1, 2, None):
        texts = " ".join(_public_texts(t, notation, viewer)).lower()
        assert not any(w in texts for w in words), texts
        view = ENGINE.view(t.state, None if viewer is None else Seat(viewer))
        assert view.deck == len(s.deck) - 1 and view.seats[0].dev_cards == 1
        # The deck is a count in the view; no field holds the cards or their order.
        values = [getattr(view, f.name) for f in fields(view) if f.name != "data"]
        assert t.state.deck not in values and s.deck not in values
    mine = ENGINE.view(t.state, Seat(0)).you
    assert mine is not None and len(mine.dev) == 1 and mine.bought_this_turn == mine.dev


def test_the_copper_card_of_the_starting_hand_is_private() -> None:
    copper = next(h for h, t in enumerate(D.hexes) if t.terrain == "copper")
    corner = next(x for x in D.hexes[copper].corners if x not in D.jerusalem)
    s = position(3, settlements={corner: 0}, rolled=False)
    s = evolve(s, phase=Phase.START, players=tuple(replace(p, start=-1) for p in s.players))
    t, notation = _move(s, 0, f"start {corner + 1} copper wool")
    texts = _public_texts(t, notation, 1)
    assert f"start {corner + 1}" in texts[0] and "copper" not in texts[0]
    assert TABLE.public_notation(notation) == f"start {corner + 1}"


def test_public_notation_keeps_every_other_move_as_written() -> None:
    for text in ("roll", "road 12-17", "play priest C from red", "bank ore for wool", "trade red"):
        assert A.public_notation(text) == text
    assert A.public_notation("discard 2 ore+1 wool") == "discard 3 cards"
    assert A.public_notation("take 1 grain") == "take 1 card"


def test_posts_and_history_use_the_public_notation() -> None:
    """The table writes moves where everyone reads them through the registered hook."""
    from bot.table import registry

    hook = registry.game_table("canaan").public_notation
    assert hook("discard 2 ore+2 wool") == "discard 4 cards"
    assert hook("give 1 wool") == "give 1 card" and hook("plague C from red") == "plague C from red"
