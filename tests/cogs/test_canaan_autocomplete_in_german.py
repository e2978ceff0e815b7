"""/canaan autocomplete for a member whose Discord is in German: the labels are German (cards,
resources, hexes, players' colours, bank rates), the values sent stay the notation, and what a
German member types (a German resource name) finds its choices."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.canaan.state import State
from tests.cogs.harness import ALICE, BOB, CAROL, Harness, User, table_status
from tests.cogs.seeding import seed_state
from tests.games.canaan.positions import D, hand, hexes, position, with_player

pytestmark = pytest.mark.asyncio

ORE_8 = D.hexes[hexes("O")].corners


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every interaction comes from a member whose Discord is in German."""
    original = Harness._base_payload

    def payload(self: Harness, itype: int, user: User, channel: Any) -> dict[str, Any]:
        out = original(self, itype, user, channel)
        out["locale"] = "de"
        return out

    monkeypatch.setattr(Harness, "_base_payload", payload)


async def _users(h: Harness, state: State) -> dict[int, User]:
    await h.slash("game new", game="canaan", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game join", user=CAROL)
    await h.slash("game start", user=ALICE)
    await seed_state(h, state)
    status = await table_status(h)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    return {s.seat: users[s.user_id] for s in status.session.seats}


async def _labels(h: Harness, command: str, option: str, user: User, **kw: str) -> dict:
    ex = await h.autocomplete(command, focused=option, user=user, **kw)
    return dict(zip(ex.choice_values, [c["name"] for c in ex.choices], strict=True))


async def test_cards_and_plague_moves_in_german(h: Harness, german: None) -> None:
    s = position(3, settlements={ORE_8[0]: 1}, hands={1: hand(grain=1)})
    users = await _users(h, with_player(s, 0, dev=("priest", "caravan", "ten-commandments")))
    labels = await _labels(h, "canaan play", "card", users[0])
    assert labels["caravan grain"] == (
        "Karawane: jeder andere Spieler gibt dir alle seine Karten Getreide"
    )
    assert labels["ten-commandments"] == "Zehn Gebote: 1 Siegpunkt"
    plague = await _labels(h, "canaan play", "card", users[0], card="priest O")
    (value, label), *_ = plague.items()
    assert value == "priest O from blue"
    assert label.startswith("Priester: Plage nach O (Erz 8), eine Karte von ")
    assert label.endswith("(Blau) nehmen")


async def test_offers_show_german_cards_and_send_notation(h: Harness, german: None) -> None:
    users = await _users(h, position(3, hands={0: hand(wool=2, ore=1)}))
    gives = await _labels(h, "canaan offer", "give", users[0])
    assert gives["1 wool"] == "1 Wolle" and gives["1 ore+1 wool"] == "1 Erz+1 Wolle"
    typed = await _labels(h, "canaan offer", "give", users[0], give="Wol")
    assert typed and all("Wolle" in label for label in typed.values())
    asks = await _labels(h, "canaan offer", "receive", users[0], give="1 wool")
    assert asks["1 grain"] == "1 Getreide"
    to = await _labels(h, "canaan offer", "to", users[0])
    assert {label.rsplit(" ", 1)[1] for label in to.values()} == {"(Blau)", "(Grün)"}
    assert set(to) == {"blue", "green"}


async def test_bank_rates_in_german(h: Harness, german: None) -> None:
    users = await _users(h, position(3, hands={0: hand(ore=4)}))
    gives = await _labels(h, "canaan trade", "give", users[0], how="bank")
    assert gives == {"ore": "Erz: 4 für 1 (Bank)"}


async def test_an_english_member_still_reads_english(h: Harness) -> None:
    users = await _users(h, position(3, hands={0: hand(wool=2, ore=1)}))
    gives = await _labels(h, "canaan offer", "give", users[0])
    assert gives["1 wool"] == "1 wool"
