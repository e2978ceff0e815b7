"""What the table reads after a move says it plainly: a number the plague silences names the
plague's hex, a count of hidden cards is written "1 card" / "2 cards", never "card(s)", and the
status names the players awaited for the same thing together."""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan.state import evolve
from bot.games.protocol import Seat, Transition, step
from tests.games.canaan.positions import D, hand, hexes, play, position, rigged, with_player


def _step(s: object, seat: int, text: str) -> Transition:
    result = step(ENGINE, s, Seat(seat), ENGINE.parse_action(text, s, Seat(seat)))  # type: ignore[arg-type]
    assert isinstance(result, Transition), result
    return result


def test_a_number_the_plague_silences_names_the_plague_hex() -> None:
    twelve = D.hexes[hexes("I")].corners  # the only 12
    s = position(3, settlements={twelve[0]: 1}, rolled=False)
    s = evolve(rigged(s, 12), plague=hexes("I"))
    texts = [e.text for e in _step(s, 0, "roll").events]
    assert "Nothing is produced on a 12 (the plague is on I)." in texts, texts


def test_a_number_nobody_builds_on_says_only_nothing_is_produced() -> None:
    s = rigged(position(3, rolled=False), 12)
    texts = [e.text for e in _step(s, 0, "roll").events]
    assert "Nothing is produced on a 12." in texts, texts


def test_a_gift_of_one_hidden_card_reads_one_card() -> None:
    s = position(3, hands={1: hand(wool=1, ore=1), 2: hand(grain=2)})
    s = play(with_player(s, 0, dev=("korahs-rebellion",)), 0, "play korahs-rebellion")
    result = _step(s, 1, "give 1 ore")
    public = [e.public_text or e.text for e in result.events if e.visible_to is not None]
    assert any("Blue gives 1 card to red" in t for t in public), public
    assert not any("card(s)" in (e.public_text or e.text) for e in result.events)


def test_players_awaited_for_the_same_answer_are_named_together() -> None:
    s = position(4, hands={0: hand(lumber=2, ore=1), 1: hand(grain=2)})
    s = play(s, 0, "offer 1 lumber for 1 grain")
    s = play(s, 2, "decline")
    status = ENGINE.view(s, None).status
    assert status == (
        "Turn 1, red. Awaiting red: trade, build or end (offer open); "
        "blue and yellow: answer red's offer."
    ), status


def test_the_image_names_a_discard_without_the_command_posts_name_it_with() -> None:
    from bot.games.canaan.state import Pending
    from bot.table.canaan import awaited_as

    s = position(3, hands={0: hand(lumber=2), 1: hand(grain=4, ore=4)})
    s = evolve(s, pending=(Pending(1, "discard", 4, "a 7"),), plague_due=True)
    view = ENGINE.view(s, None)
    assert view.seats[1].awaited == "discard 4 (a 7)"
    assert view.status == "Turn 1, red. Awaiting blue: discard 4 (a 7)."
    assert awaited_as(s, 1) == "discard 4 (a 7) with /canaan discard"


def test_a_special_card_sent_back_by_a_tie_names_who_is_tied() -> None:
    """Red holds Most Priests with 3; blue plays a third priest: the card goes back, and the
    log says it is red and blue tied at 3."""
    corner = D.hexes[hexes("B")].corners[0]
    s = position(3, settlements={corner: 2}, hands={2: hand(ore=1)}, current=1)
    s = with_player(with_player(s, 0, priests=3), 1, priests=2, dev=("priest",))
    s = evolve(s, most_priests=0)
    texts = [e.text for e in _step(s, 1, "play priest B from green").events]
    assert (
        "Most Priests goes back beside the board (red and blue tie at 3); red loses 2 VP."
    ) in texts, texts


def test_the_images_last_move_names_a_played_card_as_printed() -> None:
    s = position(3, hands={1: hand(grain=1)})
    s = play(with_player(s, 0, dev=("korahs-rebellion",)), 0, "play korahs-rebellion")
    assert ENGINE.view(s, None).last_move == "play Korah's Rebellion"


def test_an_eight_reads_an_eight() -> None:
    eight = next(h for h, t in enumerate(D.hexes) if t.number == 8)
    s = position(3, settlements={D.hexes[eight].corners[0]: 1}, rolled=False)
    s = evolve(rigged(s, 8), plague=eight)
    texts = [e.text for e in _step(s, 0, "roll").events]
    assert any(t.startswith("Nothing is produced on an 8 (the plague is on ") for t in texts), texts
