"""Cathedral rule 5 ("you MAY remove it") in Discord: the preview offers capture or spare, and
`/cathedral place confirm:False capture:False` spares; `/cathedral pass` explains the rule."""

from __future__ import annotations

import pytest

from bot.games.cathedral.notation import NO_PASS
from bot.games.rejections import Rejection
from bot.table.cathedral import capture_note
from tests.cogs.harness import ALICE, BOB, C1, CAROL, Harness
from tests.cogs.seeding import seed_state
from tests.games.cathedral.builders import piece_names_on_board, position

pytestmark = pytest.mark.asyncio

# The rulebook's note 5: light's Inn C4 0 walls dark's lone Infirmary into A1-C3.
NOTE_5 = [
    ("cathedral", "Cathedral F6 0"),
    ("dark", "Tavern J1"),
    ("dark", "Infirmary B1"),
    ("light", "Bridge D1 0"),
    ("light", "Stable A4 90"),
]
SENTENCE = "This captures dark's Infirmary: it goes back to dark's hand and the area becomes yours."


async def _capture_position(h: Harness) -> None:
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)  # Alice holds seat 0: light in game 1
    await seed_state(h, position(NOTE_5, to_move="light"))


async def _state(h: Harness):  # noqa: ANN202
    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    return status


async def test_preview_of_a_capture_offers_capture_spare_and_cancel(h: Harness) -> None:
    """The preview names what is captured and where it goes, with three buttons."""
    await _capture_position(h)
    ex = await h.slash("cathedral place", piece="Inn", square="C4", rotation=0)
    assert not ex.public
    (shown,) = ex.ephemeral
    assert SENTENCE in shown.text
    assert [label for label, _ in shown.buttons] == [
        "Place and capture",
        "Place, spare it",
        "Cancel",
    ]
    assert (await _state(h)).session.ply == 0


async def test_spare_button_leaves_the_building(h: Harness) -> None:
    """'Place, spare it' plays the no-capture notation: the Infirmary stays on the board."""
    await _capture_position(h)
    ex = await h.slash("cathedral place", piece="inn", square="c4", rotation=0)
    spare = dict(ex.ephemeral[0].buttons)["Place, spare it"]
    played = await h.click(spare, user=ALICE)
    assert "Inn C4 0 no-capture" in played.public_text
    assert "spares dark's Infirmary" in played.public_text
    assert ("dark", "Infirmary") in piece_names_on_board((await _state(h)).state)


async def test_capture_button_captures(h: Harness) -> None:
    """'Place and capture' plays the plain notation: the Infirmary goes back to dark's hand."""
    await _capture_position(h)
    ex = await h.slash("cathedral place", piece="Inn", square="C4", rotation=0)
    take = dict(ex.ephemeral[0].buttons)["Place and capture"]
    played = await h.click(take, user=ALICE)
    assert "Inn C4 0" in played.public_text and "no-capture" not in played.public_text
    assert ("dark", "Infirmary") not in piece_names_on_board((await _state(h)).state)


async def test_a_placement_without_capture_keeps_the_single_confirm(h: Harness) -> None:
    """Nothing enclosed: Confirm and Cancel only, no capture sentence."""
    await _capture_position(h)
    ex = await h.slash("cathedral place", piece="Tavern", square="J10", rotation=0)
    (shown,) = ex.ephemeral
    assert [label for label, _ in shown.buttons] == ["Confirm Tavern J10 0", "Cancel"]
    assert "captures" not in shown.text


async def test_confirm_false_with_capture_false_spares(h: Harness) -> None:
    """capture:False plays `no-capture` at once; capture:True (default) captures."""
    await _capture_position(h)
    ex = await h.slash(
        "cathedral place", piece="Inn", square="C4", rotation=0, confirm=False, capture=False
    )
    assert "Inn C4 0 no-capture" in ex.public_text
    assert ("dark", "Infirmary") in piece_names_on_board((await _state(h)).state)


async def test_capture_false_without_a_capture_is_refused_with_the_engine_sentence(
    h: Harness,
) -> None:
    """Sparing needs something to spare: the engine's sentence, privately, nothing played."""
    await _capture_position(h)
    status = await _state(h)
    action = h.bot.service.engine_for(status.session).parse_action(
        "Tavern J10 0 no-capture", status.state, 0
    )
    expected = h.bot.service.engine_for(status.session).check(status.state, 0, action)
    assert expected is not None
    ex = await h.slash(
        "cathedral place", piece="Tavern", square="J10", rotation=0, confirm=False, capture=False
    )
    assert not ex.public and ex.ephemeral_text == str(expected)
    assert "nothing to decline" in expected.message or "capture" in expected.message
    assert (await _state(h)).session.ply == 0


async def test_pass_explains_there_is_no_pass(h: Harness) -> None:
    """/cathedral pass answers privately with the rule, in a game or not, and plays nothing."""
    ex = await h.slash("cathedral pass", user=CAROL)
    assert not ex.public and ex.ephemeral_text == NO_PASS
    await _capture_position(h)
    ex = await h.slash("cathedral pass", user=ALICE)
    assert not ex.public and ex.ephemeral_text == NO_PASS
    ex = await h.slash("cathedral move", notation="pass", user=ALICE)
    assert not ex.public and ex.ephemeral_text == NO_PASS
    assert (await _state(h)).session.ply == 0


async def test_capture_note_sentences() -> None:
    """One building, the Cathedral, and two buildings of one owner."""
    assert capture_note(("dark's Infirmary",)) == SENTENCE
    assert capture_note(("the Cathedral",)) == (
        "This captures the Cathedral: it leaves the game and the area becomes yours."
    )
    assert capture_note(("dark's Tavern", "dark's Tavern")) == (
        "This captures dark's Tavern and dark's Tavern: they go back to dark's hand, "
        "and the areas become yours."
    )
