"""`/architects …` through the real command tree: the private draft (cards never on public
controls, a private menu), legal-only autocomplete, the private preview, refusals, solo tables
and the rules text."""

from __future__ import annotations

import pytest

from bot.games import get_engine
from bot.games.architects.cards import BUILDING_BY_ID
from tests.cogs.harness import ALICE, BOB, Harness, User, rules_pages, table_status

pytestmark = pytest.mark.asyncio
ENGINE = get_engine("architects")


async def _user_of_seat(h: Harness, seat: int) -> User:
    status = await table_status(h)
    uid = status.session.seats[seat].user_id
    return ALICE if uid == ALICE.id else BOB


async def _started(h: Harness) -> None:
    await h.slash("game new", game="architects", user=ALICE)
    await h.slash("game join", user=BOB)
    ex = await h.slash("game start", user=ALICE)
    assert ex.public, ex.text


def _card_names(state, seat: int) -> list[str]:  # noqa: ANN001
    return [BUILDING_BY_ID[c].name for c in state.draft_packs[seat]]


async def _through_draft(h: Harness) -> None:
    for _ in range(3):
        status = await table_status(h)
        for seat in sorted(ENGINE.to_act(status.state)):
            user = await _user_of_seat(h, seat)
            ex = await h.autocomplete("architects keep", focused="building", building="", user=user)
            await h.slash("architects keep", building=ex.choice_values[0], user=user)


async def test_draft_cards_stay_private(h: Harness) -> None:
    """The public post names no draft card and points at /architects hand, which shows the
    caller's own cards privately with a menu; picking from it keeps the card."""
    await _started(h)
    status = await table_status(h)
    names = _card_names(status.state, 0) + _card_names(status.state, 1)
    # The per-player "Alice: Keep…" buttons name the move, not a card (one card is the Keep).
    own = ": Keep\u2026"
    public = " ".join(
        m.text + " " + " ".join(label for label, _ in m.buttons if not label.endswith(own))
        for m in h.sent
    )
    public += " ".join(
        str([c for c in m.components if not str(c.get("label", "")).endswith(own)])
        for m in h.sent
        if not m.text.startswith("Draft")
    )
    for name in names:
        assert name not in public
    assert "/architects hand" in public
    alice = await _user_of_seat(h, 0)
    ex = await h.slash("architects hand", user=alice)
    assert not ex.public
    assert all(n in ex.ephemeral_text for n in _card_names(status.state, 0))
    assert not any(n in ex.ephemeral_text for n in _card_names(status.state, 1))
    menus = [c for m in ex.ephemeral for c in m.components if c.get("type") == 3]
    assert menus, "a private menu of the draft cards"
    labels = [o["label"] for o in menus[0]["options"]]
    assert all(" VP)" in label for label in labels), labels
    assert {label.split(" (")[0] for label in labels} == {
        f"keep {n}" for n in _card_names(status.state, 0)
    }, "each entry names its card, not the notation slug"
    option = menus[0]["options"][0]["value"]
    picked = await h.click(menus[0]["custom_id"], user=alice, values=[option])
    assert picked.text
    assert (await table_status(h)).state.draft_choice[0] != 0


async def test_every_draft_round_offers_each_player_a_private_button(h: Harness) -> None:
    """No `/architects hand` to type each round: the post of every draft round carries a button
    per player ("Alice: Keep…") that opens their own draft cards in a private menu."""
    await _started(h)
    for round_ in range(1, 4):
        post = next(m for m in reversed(h.sent) if m.buttons)
        own = {label: cid for label, cid in post.buttons if label.endswith(": Keep\u2026")}
        assert len(own) == 2, (round_, post.buttons)
        for label, cid in own.items():
            user = ALICE if label.startswith("Alice") else BOB
            ex = await h.click(cid, user=user)
            assert not ex.public
            menus = [c for m in ex.ephemeral for c in m.components if c.get("type") == 3]
            assert menus, "a private menu of the draft cards"
            option = menus[0]["options"][0]["value"]
            assert option.startswith("keep ")
            await h.click(menus[0]["custom_id"], user=user, values=[option])
    state = (await table_status(h)).state
    assert state.phase.value != "draft" and all(len(p.hand) >= 3 for p in state.players[:2])


async def test_place_autocomplete_preview_and_refusal(h: Harness) -> None:
    """Locations and choices come from the legal moves; `place` answers with a private preview
    (nothing played until Confirm); an illegal choice is refused privately with the reason."""
    await _started(h)
    await _through_draft(h)
    status = await table_status(h)
    mover = await _user_of_seat(h, status.state.current)
    ex = await h.autocomplete("architects place", focused="location", location="", user=mover)
    assert {"quarry", "mines", "guildhall", "workshop"} <= set(ex.choice_values) or {
        "quarry",
        "mines",
        "workshop",
    } <= set(ex.choice_values)
    ex = await h.autocomplete(
        "architects place", focused="choice", location="mines", choice="", user=mover
    )
    assert ex.choice_values == ["clay"]  # gold needs a second worker there
    assert ex.choices[0]["name"] == "clay: +2 clay"
    ex = await h.autocomplete(
        "architects place", focused="choice", location="workshop", choice="", user=mover
    )
    names = [c["name"] for c in ex.choices]
    assert "plans: draw 1 building card" in names
    assert all(" silver" in n for n in names if n.startswith("hire"))
    refused = await h.slash("architects place", location="mines", choice="gold", user=mover)
    assert not refused.public and "at least 2" in refused.ephemeral_text
    ply = (await table_status(h)).session.ply
    preview = await h.slash("architects place", location="quarry", user=mover)
    assert not preview.public and "Preview" in preview.ephemeral_text
    assert (await table_status(h)).session.ply == ply
    confirm = [cid for label, cid in preview.buttons if label.startswith("Confirm")]
    played = await h.click(confirm[0], user=mover)
    assert "played a worker at the Quarry" in played.public_text
    assert (await table_status(h)).session.ply == ply + 1


async def test_preview_of_a_draw_shows_nothing_new(h: Harness) -> None:
    """Previewing plans at the Workshop shows the board before the draw and no card names."""
    await _started(h)
    await _through_draft(h)
    status = await table_status(h)
    mover = await _user_of_seat(h, status.state.current)
    top = BUILDING_BY_ID[status.state.building_deck[0]].name
    preview = await h.slash("architects place", location="workshop", choice="plans", user=mover)
    assert "before" in preview.ephemeral_text and top not in preview.ephemeral_text


async def test_solo_table_and_rules(h: Harness) -> None:
    """One seat is a solo game against the automated opponent; /game rules says the Scheme deck
    is a reconstruction."""
    await h.slash("game new", game="architects", user=ALICE)
    ex = await h.slash("game start", user=ALICE)
    assert ex.public, ex.text
    status = await table_status(h)
    assert status.state.automa is not None
    pages = await rules_pages(h, "architects", ALICE)
    assert "reconstruction" in "\n".join(p.text for p in pages)


async def test_kept_and_discarded_cards_are_not_named_in_public(h: Harness) -> None:
    """The public posts and history say `Keep: a card (secret)`, never which one."""
    await _started(h)
    status = await table_status(h)
    kept = []
    for seat in (0, 1):
        user = await _user_of_seat(h, seat)
        slug = BUILDING_BY_ID[status.state.draft_packs[seat][0]].slug
        kept.append(slug)
        ex = await h.slash("architects keep", building=slug, user=user)
        assert "Keep: a card (secret)" in ex.public_text
    history = await h.slash("game history", user=ALICE)
    public = " ".join(m.text for m in h.channel_messages())
    assert "Keep: a card (secret)" in public
    for slug in kept:
        assert f"keep {slug}" not in public and f"keep {slug}" not in history.public_text


async def test_place_takes_the_guardhouse_actions_in_order(h: Harness) -> None:
    """`/architects place guardhouse` autocompletes the actions in order and plays them."""
    from tests.cogs.seeding import seed_state

    await _started(h)
    await _through_draft(h)
    status = await table_status(h)
    st = status.state.clone()
    seat = st.current
    mover = await _user_of_seat(h, seat)
    other = 1 - seat
    st.players[seat].at["guardhouse"] = 1
    st.players[seat].captured = {other: 2}
    st.players[seat].prison = 3
    st.players[seat].supply -= 3
    st.players[other].supply -= 2
    await seed_state(h, st)
    ex = await h.autocomplete(
        "architects place", focused="choice", location="guardhouse", choice="", user=mover
    )
    assert {"prison", "release"} <= set(ex.choice_values)
    ex = await h.autocomplete(
        "architects place", focused="choice", location="guardhouse", choice="prison, ", user=mover
    )
    assert "prison, release" in ex.choice_values
    await h.slash("architects place", location="guardhouse", choice="prison, release", user=mover)
    after = (await table_status(h)).state
    assert after.players[seat].prison == 0 and after.players[other].prison == 2
    assert after.players[seat].silver == st.players[seat].silver + 2


async def test_public_buttons_never_name_a_card_in_hand(h: Harness) -> None:
    """The per-player buttons under a public post say only the move's kind ("Alice: Keep…"):
    a menu label would name the card (a draft card, "Guildhall build Armoury"), which is in its
    owner's hidden hand or pack."""
    await _started(h)
    secret: set[str] = set()

    async def learn() -> object:
        state = (await table_status(h)).state
        for p in state.players:
            secret.update(str(BUILDING_BY_ID[c].name).lower() for c in p.hand)
        for pack in state.draft_packs:
            secret.update(str(BUILDING_BY_ID[c].name).lower() for c in pack)
        return state

    await learn()
    await _through_draft(h)
    for _ in range(12):
        state = await learn()
        if not ENGINE.to_act(state):
            break
        seat = min(ENGINE.to_act(state))
        user = await _user_of_seat(h, seat)
        legal = sorted(ENGINE.legal_actions(state, seat), key=str)
        builds = [a for a in legal if "guildhall build" in str(a)]
        await h.slash("architects act", notation=str((builds or legal)[0]), user=user)
    labels = [label.lower() for m in h.sent for label, _ in m.buttons]
    assert any(label.endswith(": keep\u2026") for label in labels)
    assert secret
    # "Keep" is a building and the draft move's kind: "Alice: Keep…" names no card (the test
    # failed whenever a hand held the Keep).
    leaks = [
        label
        for label in labels
        if any(name in label.removesuffix(": keep\u2026") for name in secret)
    ]
    assert leaks == []
