"""The /canaan options whose moves are codes (cards, plague moves, stone routes) autocomplete with
labels in words - the card's name and effect, the hex as the board prints it, whom a card is
taken from by name - while the value sent stays the notation the command takes."""

from __future__ import annotations

import pytest

from bot.games.canaan.state import State, evolve
from tests.cogs.harness import ALICE, BOB, CAROL, Harness, User, table_status
from tests.cogs.seeding import seed_state
from tests.games.canaan.positions import D, e, hand, hexes, position, v, with_player

pytestmark = pytest.mark.asyncio

# A trade route from red's settlement to blue's settlement on Jerusalem (as in test_jerusalem).
JER, MID, LINK, HOME = v("S(-1,2)"), v("N(-2,3)"), v("S(-1,1)"), v("N(-1,2)")
ORE_8 = D.hexes[hexes("O")].corners


async def _users(h: Harness, state: State) -> dict[int, User]:
    """Alice, Bob and Carol at a Canaan game seeded with `state`: the user at each seat."""
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


async def test_cards_to_play_read_as_their_names_and_effects(h: Harness) -> None:
    s = position(3, settlements={ORE_8[0]: 1}, hands={1: hand(grain=1)})
    cards = ("priest", "caravan", "korahs-rebellion", "ten-commandments")
    users = await _users(h, with_player(s, 0, dev=cards))
    labels = await _labels(h, "canaan play", "card", users[0])
    assert labels["korahs-rebellion"] == (
        "Korah's Rebellion: every other player gives you 1 resource card of their choice"
    )
    assert labels["caravan grain"] == "Caravan: every other player gives you all their grain"
    assert labels["ten-commandments"] == "Ten Commandments: 1 victory point"
    name = await _labels(h, "canaan play", "card", users[0], card="priest O")
    who = f"{users[1].name.title()} (blue)"
    assert name == {"priest O from blue": f"Priest: plague to O (ore 8), take a card from {who}"}
    played = await h.slash("canaan play", card="priest O from blue", user=users[0])
    assert "plague" in played.public_text.lower(), played.text


async def test_plague_moves_name_the_hex_as_printed_and_whom_a_card_comes_from(
    h: Harness,
) -> None:
    s = position(3, settlements={ORE_8[0]: 1}, hands={1: hand(grain=1)})
    users = await _users(h, evolve(s, plague_due=True, pending=()))
    labels = await _labels(h, "canaan plague", "hex", users[0], hex="O")
    assert labels["O"] == "plague to O (ore 8), take no card"
    assert labels["O from blue"].startswith("plague to O (ore 8), take a card from ")
    assert labels["O from blue"].endswith("(blue)")


async def test_stone_routes_read_whose_building_and_the_fee(h: Harness) -> None:
    s = position(
        3,
        settlements={JER: 1, HOME: 0},
        roads={e(JER, MID): 1, e(MID, LINK): 1, e(LINK, HOME): 0},
        hands={0: hand(stone=1, ore=1, wool=1)},
    )
    users = await _users(h, s)
    labels = await _labels(h, "canaan build", "where", users[0], kind="stone")
    assert list(labels) == ["via blue pay wool"]
    assert labels["via blue pay wool"].startswith("through the Jerusalem building of ")
    assert labels["via blue pay wool"].endswith("(blue), paying them 1 wool")
    built = await h.slash("canaan build", kind="stone", where="via blue pay wool", user=users[0])
    assert "Jerusalem" in built.public_text, built.text


async def test_confirm_choices_say_what_each_trade_gives_and_takes(h: Harness) -> None:
    s = position(3, hands={0: hand(lumber=2, ore=1), 1: hand(grain=2), 2: hand(wool=1, grain=1)})
    users = await _users(h, s)
    await h.slash("canaan offer", give="1 lumber", receive="1 grain", user=users[0])
    await h.slash("canaan accept", user=users[1])
    await h.slash("canaan counter", give="1 wool", receive="1 ore", user=users[2])
    labels = await _labels(h, "canaan confirm", "player", users[0])
    blue, green = (f"{users[i].name.title()} ({c})" for i, c in ((1, "blue"), (2, "green")))
    assert labels == {
        "blue": f"{blue} accepts: you give 1 lumber, get 1 grain",
        "green": f"{green} counters: you give 1 ore, get 1 wool",
    }, labels


async def test_look_choices_give_each_hands_size(h: Harness) -> None:
    s = position(3, hands={1: hand(grain=2, ore=2), 2: hand(wool=1)})
    users = await _users(h, with_player(s, 0, dev=("gibeonite-trickery",)))
    await h.slash("canaan play", card="gibeonite-trickery", user=users[0])
    labels = await _labels(h, "canaan look", "player", users[0])
    assert labels == {
        "blue": f"{users[1].name.title()} (blue), 4 cards",
        "green": f"{users[2].name.title()} (green), 1 card",
    }, labels


async def test_starting_cards_choices_name_the_cards_they_bring() -> None:
    from bot.games.canaan import ENGINE
    from bot.table.canaan import start_words

    s = ENGINE.new_game(3, {}, 5)
    # Each hex by the resource word the map writes on it (not its terrain: fields, pasture).
    grain_wool_ore = start_words(s, "31")
    assert grain_wool_ore == "31 (grain 5, wool 11, ore 8): 1 grain+1 ore+1 wool"
    assert start_words(s, "42 copper ore").endswith(": 1 lumber+2 ore (ore from copper)")
