"""`/kingsburg …` autocomplete for a member whose Discord is in German: goods, buildings and
advisors named in German, found by their German or English words, each submitting the
language-neutral notation (which the engine accepts whatever language typed it)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.harness import ALICE, BOB, C1, Harness, User, legal_of, table_status


async def _autocomplete_de(
    h: Harness, path: str, *, focused: str, user: User = ALICE, **options: Any
) -> Any:
    """Autocomplete as `h.autocomplete`, asked by a member whose Discord locale is German."""
    options.setdefault(focused, "")
    payload = h._command_payload(4, path, options, user, C1, focused)
    payload["locale"] = "de"
    return await h.dispatch(payload)


async def _started(h: Harness) -> None:
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    ex = await h.slash("game start", user=ALICE)
    assert ex.public, ex.text


def _names(ex: Any) -> list[str]:
    return [c["name"] for c in ex.choices]


@pytest.mark.asyncio
async def test_goods_are_named_in_german_and_submit_notation(h: Harness) -> None:
    await _started(h)
    ex = await _autocomplete_de(h, "kingsburg aid", focused="good")
    assert ex.choice_values == ["gold", "stone", "wood"]
    assert _names(ex) == ["Gold", "Stein", "Holz"]
    ex = await _autocomplete_de(h, "kingsburg aid", focused="good", good="ho")
    assert ex.choice_values == ["wood"]  # found by its German name
    ex = await _autocomplete_de(h, "kingsburg aid", focused="good", good="wo")
    assert ex.choice_values == ["wood"]  # and by the notation
    english = await h.autocomplete("kingsburg aid", focused="good", good="")
    assert _names(english) == ["gold", "stone", "wood"]  # English as before


@pytest.mark.asyncio
async def test_advisors_are_named_in_german(h: Harness) -> None:
    await _started(h)
    await h.slash("kingsburg aid", good="gold", user=ALICE)
    await h.slash("kingsburg aid", good="wood", user=BOB)
    status = await table_status(h)
    (seat,) = tuple(status.to_act)
    user = ALICE if status.session.seats[seat].user_id == ALICE.id else BOB
    legal = [n for n in await legal_of(h, user) if n.startswith("influence ")]
    ex = await _autocomplete_de(h, "kingsburg influence", focused="advisor", user=user)
    assert set(ex.choice_values) == {int(n.split()[1]) for n in legal}
    names = dict(zip(ex.choice_values, _names(ex), strict=True))
    german = {1: "Hofnarr", 2: "Gutsherr", 3: "Baumeister", 5: "Feldwebel", 6: "Alchimist"}
    shown = [n for n in names if n in german]
    assert shown, names
    for number in shown:
        assert names[number].startswith(f"{number} {german[number]}: ")


def test_notation_words_are_shown_in_the_readers_language() -> None:
    from bot.i18n import speaking
    from cogs.kingsburg import rest_label

    with speaking("de"):
        assert rest_label("gold+wood+stone") == "Gold+Holz+Stein"
        assert rest_label("crane envoy") == "Kran envoy"
        assert rest_label("merchants-guild") == "Kaufmannsgilde"
        assert rest_label("2 gold+wood+stone+stone") == "2 Gold+Holz+Stein+Stein"
        assert rest_label("plus2") == "„+2“-Marker"
    assert rest_label("crane envoy") == "Crane envoy"
    assert rest_label("gold+wood") == "gold+wood"
