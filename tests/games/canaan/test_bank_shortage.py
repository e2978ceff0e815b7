"""Production from a finite bank (23 cards of each resource).

The rulebook gives the bank's size but not what happens when it runs short; the reading taken
(README, /game rules): when the bank cannot pay every player owed a resource, nobody receives
that resource, unless only one player is owed it, who takes what is left. Other resources of
the same roll are paid as usual.
"""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan.data import R_INDEX
from bot.games.protocol import Seat, Transition, step
from tests.games.canaan.positions import D, hand, position, rigged


def _hex_with(resource: str) -> tuple[int, int, int, int]:
    """A numbered hex of `resource` and two non-adjacent corners of it that touch no other hex
    with the same number: (hex, number, corner a, corner b)."""
    for h, t in enumerate(D.hexes):
        if t.resource != R_INDEX[resource] or t.number is None:
            continue
        corners = [
            c
            for c in t.corners
            if c >= 0 and all(D.hexes[o].number != t.number for o in D.vertex_hexes[c] if o != h)
        ]
        for i, a in enumerate(corners):
            for b in corners[i + 1 :]:
                if b not in D.vertex_neighbours[a]:
                    return h, t.number, a, b
    raise AssertionError(f"no suitable {resource} hex in the data")


def _roll(s, seat: int):  # type: ignore[no-untyped-def]
    result = step(ENGINE, s, Seat(seat), ENGINE.parse_action("roll", s, Seat(seat)))
    assert isinstance(result, Transition), result
    return result


def test_two_players_owed_more_than_the_bank_holds_receive_nothing() -> None:
    _, number, a, b = _hex_with("ore")
    # Seat 2 holds 22 ore, so the bank has 1 ore for the two settlements owed 1 each.
    s = position(settlements={a: 0, b: 1}, hands={2: hand(ore=22)}, rolled=False)
    result = _roll(rigged(s, number), 0)
    after = result.state
    assert after.players[0].hand == hand() and after.players[1].hand == hand()
    assert after.bank[R_INDEX["ore"]] == 1
    texts = [e.text for e in result.events]
    assert any("cannot pay everyone ore, so nobody receives it" in t for t in texts), texts
    article = "an" if number in (8, 11) else "a"
    assert any(t == f"Nothing is produced on {article} {number}." for t in texts), texts


def test_a_single_player_owed_takes_what_is_left() -> None:
    _, number, a, _ = _hex_with("wool")
    # A city is owed 2 wool; the bank holds 1.
    s = position(cities={a: 0}, hands={3: hand(wool=22)}, rolled=False)
    result = _roll(rigged(s, number), 0)
    after = result.state
    assert after.players[0].hand == hand(wool=1)
    assert after.bank[R_INDEX["wool"]] == 0
    texts = [e.text for e in result.events]
    assert any("the bank had only 1 wool for red" in t for t in texts), texts
    assert any(t.startswith("Production: red 1 wool") for t in texts), texts


def test_a_full_bank_pays_everyone_and_counts_the_cards() -> None:
    _, number, a, b = _hex_with("grain")
    s = position(settlements={a: 0}, cities={b: 1}, rolled=False)
    result = _roll(rigged(s, number), 0)
    after = result.state
    assert after.players[0].hand == hand(grain=1)
    assert after.players[1].hand == hand(grain=2)
    assert after.bank[R_INDEX["grain"]] == 23 - 3
    # Each receiver is told their whole hand privately; the public line names the gains.
    private = [e for e in result.events if e.kind == "hand"]
    assert {tuple(e.visible_to or ()) for e in private} == {(0,), (1,)}
    assert not any("Bank short" in e.text for e in result.events)
