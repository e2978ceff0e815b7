"""Every `/kingsburg` move command accepted through the real command tree, and each option's
autocomplete (legal choices only, at most 25, filtered by what is typed).

Each test seats Alice (seat 0) and Bob (seat 1), starts a game, then puts a crafted position from
`tests/games/kingsburg/builders.py` into the session (`seed_state`), so every rare situation
(a Smuggler gift, a lost battle, the Envoy) is reached in one step.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.kingsburg.state import Group, Step
from bot.table.kingsburg import public_line
from tests.cogs.harness import ALICE, BOB, Harness, User, legal_of, table_status
from tests.cogs.seeding import seed_state
from tests.games.kingsburg.builders import deck, player, position, seed_for_die

pytestmark = pytest.mark.asyncio


async def _game(h: Harness, state: Any) -> None:
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    ex = await h.slash("game start", user=ALICE)
    assert ex.public, ex.text
    await seed_state(h, state)


async def _player(h: Harness, seat: int = 0):  # noqa: ANN202
    return (await table_status(h)).state.players[seat]


async def _accepted(h: Harness, path: str, notation: str, user: User = ALICE, **options: Any):
    """Run the command; it must be played publicly as `notation` and move the game on."""
    before = (await table_status(h)).session.ply
    assert notation in await legal_of(h, user)
    ex = await h.slash(path, user=user, **options)
    assert ex.public, ex.ephemeral_text
    assert public_line(notation) in ex.public_text  # the title tells the move in words
    assert (await table_status(h)).session.ply > before
    return ex


async def _autocomplete(
    h: Harness,
    path: str,
    option: str,
    head: str,
    typed: str,
    user: User = ALICE,
    *,
    others_idle: bool = True,
) -> list[str]:
    """Check `option`'s autocomplete against the legal moves starting with `head`: all of them
    (at most 25) for nothing typed; when typed, only choices containing it, those starting with
    it first; nothing for the other player when only `user` may act. Returns the choices
    starting with `typed`."""
    rests = [n[len(head) :].strip() for n in await legal_of(h, user) if n.startswith(head + " ")]
    assert rests, f"no legal {head!r} move"
    ex = await h.autocomplete(path, focused=option, user=user, **{option: ""})
    assert ex.choice_values == rests[:25] and 0 < len(ex.choices) <= 25
    ex = await h.autocomplete(path, focused=option, user=user, **{option: typed})
    starts = [r for r in rests if r.startswith(typed)]
    assert starts, f"nothing legal starts with {typed!r}"
    assert ex.choice_values[: len(starts)] == starts
    assert set(ex.choice_values) <= set(rests) and len(ex.choices) <= 25
    compact = typed.replace(" ", "")
    assert all(compact in v.replace(" ", "") for v in ex.choice_values)  # filtered
    if others_idle:
        other = BOB if user is ALICE else ALICE
        ex = await h.autocomplete(path, focused=option, user=other, **{option: ""})
        assert ex.choices == []
    return starts


async def test_aid_accepted(h: Harness) -> None:
    """Year I: each player takes a good; the aid is recorded in the province."""
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    assert await _autocomplete(h, "kingsburg aid", "good", "aid", "w", others_idle=False) == [
        "wood"
    ]
    await _accepted(h, "kingsburg aid", "aid wood", good="wood")
    assert (await _player(h)).goods == (0, 1, 0)


async def test_gift_accepted_smuggler(h: Harness) -> None:
    """The Smuggler: 1 VP for three goods of one's choice."""
    await _game(
        h,
        position(
            [player(dice=(6, 6, 2), vp=2), player()],
            order=[0, 1],
            step=Step.INFLUENCE,
            queue=(),
            court=(Group(14, 0, (6, 6, 2)),),
        ),
    )
    assert await _autocomplete(h, "kingsburg gift", "goods", "gift", "gold+g") == [
        "gold+gold+gold",
        "gold+gold+stone",
        "gold+gold+wood",
    ]
    await _accepted(h, "kingsburg gift", "gift gold+stone+stone", goods="gold+stone+stone")
    alice = await _player(h)
    assert alice.goods == (1, 0, 2) and alice.vp == 1


async def test_skip_accepted_smuggler(h: Harness) -> None:
    """Declining the Smuggler keeps the VP."""
    await _game(
        h,
        position(
            [player(dice=(6, 6, 2), vp=2), player()],
            order=[0, 1],
            step=Step.INFLUENCE,
            queue=(),
            court=(Group(14, 0, (6, 6, 2)),),
        ),
    )
    await _accepted(h, "kingsburg skip", "skip")
    assert (await _player(h)).vp == 2


async def test_alchemist_accepted(h: Harness) -> None:
    """The Alchemist turns one wood into a gold and a stone."""
    await _game(
        h,
        position(
            [player(1, 1, 0, dice=(6,)), player()],
            order=[0, 1],
            step=Step.INFLUENCE,
            queue=(),
            court=(Group(6, 0, (6,)),),
        ),
    )
    assert await _autocomplete(h, "kingsburg alchemist", "give", "alchemist", "w") == [
        "wood->gold+stone"
    ]
    await _accepted(h, "kingsburg alchemist", "alchemist wood->gold+stone", give="wood")
    assert (await _player(h)).goods == (2, 0, 1)


def _rerolls(**extra: Any):  # noqa: ANN202
    return position(
        [
            player(buildings={"statue", "chapel"}, dice=(2, 2, 1), whites=(2,), **extra),
            player(dice=(6, 6, 6)),
        ],
        order=[0, 1],
        step=Step.REROLL,
    )


async def test_reroll_chapel_accepted(h: Harness) -> None:
    """The Chapel rerolls all of Alice's dice once this season."""
    await _game(h, _rerolls(statue_used=True))
    assert await _autocomplete(h, "kingsburg reroll", "building", "reroll", "ch") == ["chapel"]
    await _accepted(h, "kingsburg reroll", "reroll chapel", building="chapel")
    assert (await _player(h)).chapel_used


async def test_reroll_statue_accepted(h: Harness) -> None:
    """The Statue rerolls one die; the choices name the white die too."""
    await _game(
        h,
        position(
            [player(buildings={"statue"}, dice=(4, 4, 4)), player(dice=(6, 6, 6))],
            order=[0, 1],
            step=Step.REROLL,
        ),
    )
    assert await _autocomplete(h, "kingsburg reroll", "building", "reroll", "st") == ["statue"]
    await _accepted(h, "kingsburg reroll", "reroll statue", building="statue")
    assert (await _player(h)).statue_used


async def test_keep_accepted(h: Harness) -> None:
    """Keeping the dice ends the rerolls: influence begins."""
    await _game(h, _rerolls(statue_used=True))
    await _accepted(h, "kingsburg keep", "keep")
    assert (await table_status(h)).state.step is Step.INFLUENCE


async def test_influence_then_pass_accepted(h: Harness) -> None:
    """Influence with the autocomplete's dice, then pass for the season."""
    await _game(
        h,
        position(
            [player(dice=(4, 4, 1)), player(dice=(6, 6, 6))], order=[0, 1], step=Step.INFLUENCE
        ),
    )
    ex = await h.autocomplete("kingsburg influence", focused="dice", advisor=9, dice="4")
    assert ex.choice_values == ["4+4+1"]
    await _accepted(h, "kingsburg influence", "influence 9 with 4+4+1", advisor=9, dice="4+4+1")
    assert {d.placed_on for d in (await _player(h)).dice} == {9}  # all on the Master Hunter
    await _accepted(h, "kingsburg pass", "pass", user=BOB)  # Bob's turn: he passes


async def test_pass_accepted(h: Harness) -> None:
    """Alice passes with her dice unused."""
    await _game(
        h,
        position(
            [player(dice=(4, 4, 1)), player(dice=(6, 6, 6))], order=[0, 1], step=Step.INFLUENCE
        ),
    )
    await _accepted(h, "kingsburg pass", "pass")
    assert "pass" not in await legal_of(h, ALICE)


async def test_build_accepted(h: Harness) -> None:
    """Alice builds the Inn; her goods pay for it."""
    await _game(
        h,
        position(
            [player(5, 5, 5, buildings={"statue"}), player(1, 1)], order=[0, 1], step=Step.BUILD
        ),
    )
    assert await _autocomplete(h, "kingsburg build", "building", "build", "p") == ["palisade"]
    await _accepted(h, "kingsburg build", "build inn", building="inn")
    assert "inn" in (await _player(h)).buildings


async def test_done_accepted(h: Harness) -> None:
    """Building nothing passes construction to Bob."""
    await _game(
        h,
        position(
            [player(5, 5, 5, buildings={"statue"}), player(1, 1)], order=[0, 1], step=Step.BUILD
        ),
    )
    await _accepted(h, "kingsburg done", "done")
    assert (await _player(h)).buildings == {"statue"}


async def test_townhall_accepted(h: Harness) -> None:
    """The Town Hall trades a gold for 1 VP at the end of the season."""
    owned = {"barricade", "crane", "town-hall", "embassy"}
    await _game(
        h,
        position(
            [player(2, buildings=owned, plus_two=2), player()],
            order=[0, 1],
            step=Step.BUILD,
            phase=2,
            queue=(),
        ),
    )
    vp = (await _player(h)).vp
    assert await _autocomplete(h, "kingsburg townhall", "pay", "townhall", "pl") == ["plus2"]
    await _accepted(h, "kingsburg townhall", "townhall gold", pay="gold")
    alice = await _player(h)
    assert alice.goods[0] == 1 and alice.vp > vp


async def test_recruit_accepted(h: Harness) -> None:
    """With the Barracks, three soldiers for three goods."""
    await _game(
        h,
        position(
            [player(1, 1, 1, buildings={"guard-tower", "blacksmith", "barracks"}), player(2, 1)],
            order=[0, 1],
            step=Step.RECRUIT,
            phase=7,
        ),
    )
    assert await _autocomplete(h, "kingsburg recruit", "soldiers", "recruit", "2 ") == [
        "2 gold+stone",
        "2 gold+wood",
        "2 wood+stone",
    ]
    await _accepted(
        h, "kingsburg recruit", "recruit 3 gold+wood+stone", soldiers="3 gold+wood+stone"
    )
    assert (await table_status(h)).state.players[0].goods == (0, 0, 0)


async def test_lose_accepted(h: Harness) -> None:
    """The Orcs win: Alice chooses the two goods she gives up."""
    cards = list(deck())
    cards[0] = "enemy-I-orcs-4"
    await _game(
        h,
        position(
            [player(2, 1, 1, vp=3), player(0, 3, vp=3)],
            order=[0, 1],
            step=Step.RECRUIT,
            phase=7,
            queue=(),
            seed=seed_for_die(1),
            deck=tuple(cards),
        ),
    )
    assert await _autocomplete(h, "kingsburg lose", "goods", "lose", "gold+") == [
        "gold+gold",
        "gold+stone",
        "gold+wood",
    ]
    await _accepted(h, "kingsburg lose", "lose gold+stone", goods="gold+stone")
    assert (await _player(h)).goods == (1, 1, 0)


async def test_envoy_influence_on_a_taken_advisor_accepted(h: Harness) -> None:
    """Bob holds the Architect; Alice joins him with the King's Envoy."""
    await _game(
        h,
        position(
            [player(dice=(3, 5)), player(dice=(6, 6))],
            order=[0, 1],
            step=Step.INFLUENCE,
            envoy=0,
            court=(Group(3, 1, (3,)),),
        ),
    )
    ex = await h.autocomplete("kingsburg envoy", focused="move", move="")
    assert ex.choice_values == ["influence 3 with 3 envoy"]
    ex = await h.autocomplete("kingsburg envoy", focused="move", move="build")
    assert ex.choice_values == []
    ex = await h.autocomplete("kingsburg influence", focused="dice", advisor=3, dice="")
    assert ex.choice_values == ["3 envoy"]
    await _accepted(
        h, "kingsburg envoy", "influence 3 with 3 envoy", move="influence 3 with 3 envoy"
    )
    assert (await table_status(h)).state.envoy is None


async def test_envoy_double_build_accepted(h: Harness) -> None:
    """A first building, then a second one paid with the King's Envoy."""
    await _game(
        h,
        position(
            [player(1, 3, buildings={"guard-tower"}), player()],
            order=[0, 1],
            step=Step.BUILD,
            envoy=0,
        ),
    )
    ex = await h.autocomplete("kingsburg envoy", focused="move", move="")
    assert ex.choices == []  # the Envoy builds only a second building
    await _accepted(h, "kingsburg build", "build barricade", building="barricade")
    legal = [n for n in await legal_of(h) if n.endswith(" envoy")]
    ex = await h.autocomplete("kingsburg envoy", focused="move", move="")
    assert ex.choice_values == legal and "build blacksmith envoy" in legal
    ex = await h.autocomplete("kingsburg envoy", focused="move", move="build b")
    assert ex.choice_values == ["build blacksmith envoy"]
    await _accepted(h, "kingsburg envoy", "build blacksmith envoy", move="build blacksmith envoy")
    alice = await _player(h)
    assert {"barricade", "blacksmith"} <= alice.buildings
    assert (await table_status(h)).state.envoy is None
