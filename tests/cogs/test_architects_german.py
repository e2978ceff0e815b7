"""`/architects …` for a member whose Discord is in German: locations, choices and groups in the
autocomplete lists are named in German ("Architekten des Westfrankenreichs"), found by their
German or English words, and each submits the language-neutral notation; a location typed in
German is played."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.harness import C1, Harness, User, table_status
from tests.cogs.test_architects import _started, _through_draft, _user_of_seat

pytestmark = pytest.mark.asyncio


async def _autocomplete_de(
    h: Harness, path: str, *, focused: str, user: User, **options: Any
) -> Any:
    """Autocomplete as `h.autocomplete`, asked by a member whose Discord locale is German."""
    options.setdefault(focused, "")
    payload = h._command_payload(4, path, options, user, C1, focused)
    payload["locale"] = "de"
    return await h.dispatch(payload)


def _names(ex: Any) -> dict[Any, str]:
    return {c["value"]: c["name"] for c in ex.choices}


async def test_locations_are_named_in_german_and_submit_their_keys(h: Harness) -> None:
    await _started(h)
    await _through_draft(h)
    status = await table_status(h)
    mover = await _user_of_seat(h, status.state.current)
    ex = await _autocomplete_de(h, "architects place", focused="location", user=mover)
    names = _names(ex)
    assert names["quarry"] == "Steinbruch (Stein)"
    assert names["mines"] == "Mine (Lehm oder Gold)"
    assert names["storehouse"] == "Königliches Lager (Tausche)"
    found = await _autocomplete_de(
        h, "architects place", focused="location", location="stein", user=mover
    )
    assert "quarry" in found.choice_values  # found by its German name
    english = await h.autocomplete("architects place", focused="location", user=mover)
    assert _names(english)["quarry"] == "Quarry (stone)"  # English as before


async def test_choices_are_labelled_in_german(h: Harness) -> None:
    await _started(h)
    await _through_draft(h)
    status = await table_status(h)
    mover = await _user_of_seat(h, status.state.current)
    ex = await _autocomplete_de(
        h, "architects place", focused="choice", location="mines", user=mover
    )
    assert ex.choice_values == ["clay"]
    assert ex.choices[0]["name"] == "Lehm: +2 Lehm"
    ex = await _autocomplete_de(
        h, "architects place", focused="choice", location="Werkstatt", user=mover
    )
    names = list(_names(ex).values())
    assert "Baupläne: 1 Gebäudekarte ziehen" in names
    assert all(" Silber" in n for n in names if " anheuern: " in n), names


async def test_a_location_typed_in_german_is_played(h: Harness) -> None:
    await _started(h)
    await _through_draft(h)
    status = await table_status(h)
    mover = await _user_of_seat(h, status.state.current)
    ply = status.session.ply
    played = await h.slash("architects place", location="Steinbruch", confirm=False, user=mover)
    assert played.public, played.text
    after = await table_status(h)
    assert after.session.ply == ply + 1
    assert after.state.players[status.state.current].at.get("quarry") == 1
