"""`/cathedral` and `/canterbury` for a member whose Discord is in German: autocomplete shows
pieces and structures by their German names (submitting the neutral notation), what the cog
itself says privately is German, and pieces and structures typed by their German names are
played like the English ones."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.rejections import Rejection
from tests.cogs.harness import ALICE, BOB, C1, CAROL, Harness, table_status

pytestmark = pytest.mark.asyncio


@pytest.fixture
def german(h: Harness, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """The harness with every interaction coming from a member whose Discord is in German."""
    original = Harness._base_payload

    def payload(self: Harness, *args: Any, **kwargs: Any) -> dict[str, Any]:
        data = original(self, *args, **kwargs)
        data["locale"] = "de"
        return data

    monkeypatch.setattr(Harness, "_base_payload", payload)
    return h


async def _cathedral(h: Harness) -> None:
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)


async def _ply(h: Harness) -> int:
    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    return status.session.ply


async def test_cathedral_autocomplete_names_pieces_in_german(german: Harness) -> None:
    h = german
    await _cathedral(h)
    ex = await h.autocomplete("cathedral place", focused="piece", piece="")
    assert ex.choice_values == ["Cathedral"]
    (name,) = [c["name"] for c in ex.choices]
    assert name.startswith("Kathedrale (passt auf ") and name.endswith(" Felder)")
    ex = await h.autocomplete("cathedral place", focused="piece", piece="kath")
    assert ex.choice_values == ["Cathedral"]
    ex = await h.autocomplete("cathedral place", focused="piece", piece="cath")
    assert ex.choice_values == ["Cathedral"]  # the English name still finds it
    ex = await h.autocomplete("cathedral place", focused="square", piece="Kathedrale", square="E")
    assert ex.choice_values and all(v.startswith("E") for v in ex.choice_values)
    ex = await h.autocomplete(
        "cathedral place", focused="rotation", piece="Kathedrale", square="E5", rotation=""
    )
    names = [c["name"] for c in ex.choices]
    assert "0° (wie gezeichnet)" in names and "90° im Uhrzeigersinn" in names


async def test_cathedral_german_piece_names_are_played(german: Harness) -> None:
    h = german
    await _cathedral(h)
    ex = await h.slash("cathedral pass", user=ALICE)
    assert not ex.public and ex.ephemeral_text.startswith("In Kathedrale gibt es kein Passen")
    ex = await h.slash(
        "cathedral place", piece="Kathedrale", square="E5", rotation=0, confirm=False
    )
    assert ex.public, ex.ephemeral_text
    assert await _ply(h) == 1
    ex = await h.slash("cathedral move", notation="Taverne J10", user=BOB)
    assert ex.public, ex.ephemeral_text
    assert await _ply(h) == 2


async def _canterbury(h: Harness) -> Any:
    await h.slash("game new", game="canterbury", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game join", user=CAROL)
    await h.slash("game start", user=ALICE)
    status = await table_status(h)
    for user in (ALICE, BOB, CAROL):
        record = status.session.seat_of(user.id)
        if record is not None and record.seat == status.state.current:
            return user
    raise AssertionError("nobody to act")


async def test_canterbury_autocomplete_names_structures_in_german(german: Harness) -> None:
    h = german
    user = await _canterbury(h)
    ex = await h.autocomplete("canterbury build", focused="structure", user=user)
    named = {c["value"]: c["name"] for c in ex.choices}
    assert named["well"].startswith("Brunnen: 2 Gold, klein (passt in ")
    assert named["garden"].startswith("Garten: 3 Gold, klein")
    ex = await h.autocomplete("canterbury build", focused="structure", structure="brun", user=user)
    assert ex.choice_values[0] == "well"  # then Springbrunnen (a Fountain), when affordable
    ex = await h.autocomplete(
        "canterbury build", focused="district", structure="Brunnen", user=user
    )
    assert ex.choice_values and "C3" not in ex.choice_values


async def test_canterbury_german_structure_names_are_played(german: Harness) -> None:
    h = german
    user = await _canterbury(h)
    ex = await h.slash(
        "canterbury build", structure="Brunnen", district="C2", second="Garten", user=user
    )
    assert ex.ephemeral_text == "Sag, wohin „Garten“ kommt (second_district)."
    ex = await h.slash(
        "canterbury build", structure="Brunnen", district="C2", confirm=False, user=user
    )
    assert ex.public, ex.ephemeral_text
    assert (await table_status(h)).session.ply == 3  # full, build well, end
    status = await table_status(h)
    nxt = next(
        u
        for u in (ALICE, BOB, CAROL)
        if (r := status.session.seat_of(u.id)) is not None and r.seat == status.state.current
    )
    ex = await h.slash("canterbury act", notation="build Brunnen B3 and Brunnen A3", user=nxt)
    assert ex.public, ex.ephemeral_text
    assert (await table_status(h)).session.ply == 6
