"""Every apprentice and every building does what its card says (one test per card)."""

from __future__ import annotations

import pytest

from bot.games.architects import scoring
from bot.games.architects.cards import APPRENTICES, BUILDINGS, ApprenticeCard, BuildingCard
from bot.games.architects.state import State

from .positions import ENGINE, apprentice, blank, building, give, play, seat_of, to_turn

RED, BLUE = seat_of("red"), seat_of("blue")


def _bonus(card: ApprenticeCard, good: str) -> int:
    return dict(card.bonus).get(good, 0)


def _hired(card: ApprenticeCard) -> State:
    """Red hires `card` at the Workshop (column 1, top row); its hire virtue applies."""
    st = blank(2)
    st.rows[0][0] = card.cid
    give(st.players[RED], silver=4)
    st = play(st, RED, "place workshop hire t1")
    assert st.players[RED].apprentices == [card.cid]
    assert st.players[RED].virtue == 7 + card.virtue, "hire virtue"
    return to_turn(st, RED)


def _reset(st: State) -> State:
    """Fill the Black Market with Blue's third worker (a reset follows)."""
    st = to_turn(st, BLUE)
    st.black_market = [BLUE, BLUE, -1]
    give(st.players[BLUE], silver=3)
    return play(st, BLUE, "place blackmarket c")


@pytest.mark.parametrize("card", APPRENTICES, ids=lambda a: f"{a.cid}-{a.kind}")
def test_apprentice_power(card: ApprenticeCard) -> None:
    """Hire the apprentice, then use its ability and see the effect."""
    st = _hired(card)
    r = st.players[RED]
    kind = card.kind
    if kind == "acolyte":
        r.hand = [building("well"), building("church")]
        give(r, gold=1)
        st.rewards = []
        st = play(st, RED, "place guildhall cathedral")
        if len(st.players[RED].hand) == 2:
            st = play(st, RED, "discard church")
        p = st.players[RED]
        if _bonus(card, "cards"):
            assert len(p.hand) == 1 + 1
        assert p.good("clay") == _bonus(card, "clay") and p.silver == _bonus(card, "silver")
    elif kind == "conspirator":
        st.players[BLUE].at.update({"forest": 1, "quarry": 1})
        give(r, silver=1)
        st = play(st, RED, "place towncentre")
        st.pending[0].data["left"] = 2
        st = play(st, RED, "capture forest blue")
        st = play(st, RED, "capture quarry blue")
        assert st.players[RED].captured == {BLUE: 2} and st.players[RED].silver == 0
    elif kind == "debt-collector":
        r.debts = 1
        give(r, silver=6)
        st = play(st, RED, "place guardhouse")
        st = play(st, RED, "payoff")
        good, n = card.bonus[0]
        assert st.players[RED].good(good) == n
    elif kind == "gatekeeper":
        r.prison = 3
        st = _reset(st)
        # The owner decides, during Blue's turn: how many (up to 2) or none.
        assert ENGINE.to_act(st) == {RED} and st.current == BLUE
        legal = {ENGINE.format_action(a, st) for a in ENGINE.legal_actions(st, RED)}
        assert legal == {"release 1", "release 2", "done"}
        kept = play(st, RED, "done")
        assert kept.players[RED].prison == 3 and kept.players[RED].debts == 1
        st = play(st, RED, "release 2")
        assert st.players[RED].prison == 1 and st.players[BLUE].prison == 3
    elif kind == "illusionist":
        give(r, silver=1)
        st = play(st, RED, "place blackmarket a")
        assert st.players[RED].virtue == 7 + card.virtue
    elif kind == "jeweller":
        st = play(st, RED, "place silversmith")
        assert st.players[RED].silver == 3
    elif kind == "labourer":
        assert set(card.skills) == {"carpentry", "tiling", "masonry"}
        r.hand = [building("barracks")]
        give(r, clay=2, wood=6, gold=2)
        st = play(st, RED, "place guildhall build barracks")
        assert st.players[RED].buildings == [building("barracks")]
    elif kind in ("merchant", "patron", "trader"):
        pay = "+".join(g for g, n in card.trade_pay for _ in range(n))
        ((gain, amount),) = card.trade_gain
        give(r, **dict(card.trade_pay))
        st = play(st, RED, "place storehouse")
        before = st.players[RED].virtue
        st = play(st, RED, f"trade {pay}->{gain}")
        got = st.players[RED].virtue - before if gain == "virtue" else st.players[RED].good(gain)
        assert got == amount
        assert all(st.players[RED].good(g) == 0 for g, _ in card.trade_pay if g != gain)
    elif kind == "miner":
        clay = play(st, RED, "place mines clay")
        assert clay.players[RED].good("clay") == 3
        r.at["mines"] = 1
        gold = play(st, RED, "place mines gold")
        assert (gold.players[RED].good("gold"), gold.players[RED].good("clay")) == (1, 1)
    elif kind == "pickpocket":
        st.tax_stand = 2
        st = play(st, RED, "place taxstand")
        assert st.players[RED].good("gold") == 1
    elif kind == "squire":
        before = st.players[RED].virtue
        st = _reset(st)
        good, n = card.bonus[0]
        got = st.players[RED].virtue - before if good == "virtue" else st.players[RED].good(good)
        assert got == n
        st = to_turn(st, RED)
        st.players[RED].prison = 1
        after = _reset(st)
        assert after.players[RED].good("gold") + after.players[RED].good("marble") == (
            st.players[RED].good("gold") + st.players[RED].good("marble")
        )
    elif kind == "stonecutter":
        assert play(st, RED, "place quarry").players[RED].good("stone") == 2
    elif kind == "woodcutter":
        assert play(st, RED, "place forest").players[RED].good("wood") == 2
    elif kind == "swindler":
        give(r, silver=1)
        st.small_market = [1]  # 1 marble
        st = play(st, RED, "place blackmarket a")
        good, n = card.bonus[0]
        assert st.players[RED].good(good) == n
    elif kind == "thief":
        st.tax_stand = 2
        st = play(st, RED, "place taxstand")
        assert st.players[RED].virtue == 6
    elif kind == "trickster":
        give(r, silver=2)
        st = play(st, RED, "place blackmarket c")
        assert st.players[RED].silver == 0
    else:
        pytest.fail(f"untested apprentice kind {kind}")


def _constructed(card: BuildingCard, setup=None) -> State:  # type: ignore[no-untyped-def]
    """Red constructs `card` with a Labourer (all skills) and exactly its cost."""
    st = blank(3)
    r = st.players[RED]
    r.apprentices = [apprentice("Labourer")]
    r.hand = [card.cid]
    give(r, **dict(card.cost))
    if setup:
        setup(st)
    st = play(st, RED, f"place guildhall build {card.slug}")
    r = st.players[RED]
    assert card.cid in r.buildings and card.cid not in r.hand
    for good, _ in card.cost:
        assert r.good(good) == 0 or card.effect in ("gain", "gain_choice", "palace", "library")
    return st


def _lines(st: State, seat: int = RED) -> dict[str, int]:
    return scoring.final_scores(st)[seat].lines


@pytest.mark.parametrize("card", BUILDINGS, ids=lambda b: b.slug)
def test_building_power(card: BuildingCard) -> None:
    """Construct the building; check its virtue and its immediate or end-game effect."""
    e = card.effect
    params = dict(card.params)
    if e == "capture" or e == "capture_or_ransom":

        def setup(st: State) -> None:
            st.players[BLUE].at.update({"forest": 2, "quarry": 1})

        st = _constructed(card, setup)
        for where in ("forest", "quarry")[: params["captures"]]:
            st = play(st, RED, f"capture {where} blue")
        assert sum(st.players[RED].captured.values()) == (3 if params["captures"] == 2 else 2)
        assert st.current == BLUE
        if e == "capture_or_ransom":

            def held(st: State) -> None:
                st.players[BLUE].captured = {RED: 3}

            st = _constructed(card, held)
            st = play(st, RED, "rescue")
            assert st.players[BLUE].captured == {} and st.players[RED].supply == 20 - 1 + 3
        return
    if e == "gain_choice":
        for good, n in card.params:
            st = _constructed(card)
            st = play(st, RED, f"gain {good}")
            assert st.players[RED].good(good) == n
        return
    if e == "library":

        def hand(st: State) -> None:
            st.players[RED].hand.append(building("well"))

        st = _constructed(card, hand)
        st = play(st, RED, "discard well")
        assert st.players[RED].good("gold") == 2 and st.players[RED].hand == []
        return
    if e == "destroy_debt":

        def debts(st: State) -> None:
            st.players[RED].debts = 2

        st = _constructed(card, debts)
        assert "destroy" in {ENGINE.format_action(a, st) for a in ENGINE.legal_actions(st, RED)}
        kept = play(st, RED, "done")
        assert kept.players[RED].debts == 2, "the Church may keep the debt (to pay it off later)"
        st = play(st, RED, "destroy")
        assert st.players[RED].debts == 1 and st.players[RED].paid == 0
        assert st.players[RED].virtue == 7 + card.virtue, "destroying gives no virtue"
        return
    if e == "tavern":

        def rows(st: State) -> None:
            st.rows[1][3] = apprentice("Jeweller")

        st = _constructed(card, rows)
        st = play(st, RED, "hire b4")
        assert apprentice("Jeweller") in st.players[RED].apprentices
        assert st.players[RED].silver == 0
        return

    def prepare(st: State) -> None:
        st.players[RED].debts = 2
        st.players[RED].prison = 3
        st.players[BLUE].prison = 3
        st.players[RED].virtue = 8

    st = _constructed(card, prepare)
    r = st.players[RED]
    base_virtue = 8 + card.virtue
    if e == "gain":
        assert all(r.good(g) == n for g, n in card.params)
    elif e == "debt":
        assert r.debts == 3
    elif e == "cards":
        assert len(r.hand) == 2
    elif e == "release":
        assert r.prison == 0 and r.supply == 20 - 1 + 3
    elif e == "monument":
        assert r.virtue == base_virtue + 1 and st.players[BLUE].virtue == 8
    elif e == "palace":
        assert r.good("gold") == base_virtue // 4
    elif e == "watchtower":
        assert r.virtue == base_virtue - 1 and st.players[BLUE].virtue == 6
    if e not in ("monument", "watchtower"):
        assert r.virtue == base_virtue or card.end_game is False and e == "palace"
    if not card.end_game:
        assert _lines(st)["Buildings"] == card.vp
        return
    # End-game effects: compare the score with and without the condition met.
    r.prison = 0
    r.virtue = 8
    r.debts = 0
    plain = _lines(st)["Buildings"]
    if e == "market":
        ((good, vp),) = card.params
        r.add(good, 5)
        assert _lines(st)["Buildings"] == card.vp + vp
        st.players[BLUE].add(good, 5)
        assert _lines(st)["Buildings"] == card.vp, "a tie does not count"
    elif e == "most_cathedral":
        r.cathedral = 2
        st.players[BLUE].cathedral = 1
        lines = _lines(st)
        if "vp" in params:
            assert lines["Buildings"] == card.vp + 2
        else:
            assert scoring.final_scores(st)[RED].virtue == 10
        st.players[BLUE].cathedral = 2
        assert scoring.final_scores(st)[RED].virtue == 8 and _lines(st)["Buildings"] == card.vp
    elif e == "virtue_per":
        ((what, per),) = card.params
        if what == "paid_debts":
            r.paid = 2 * per
        elif what == "clay+wood+stone":
            give(r, clay=per, wood=per)
        else:
            r.add(what, 2 * per)
        assert scoring.final_scores(st)[RED].virtue == 10
    elif e == "vp_per":
        ((what, per),) = card.params
        if what == "buildings":
            r.buildings += [building("well"), building("smithy")]
            assert _lines(st)["Buildings"] == card.vp + 3 + 3 + 3 // per
        elif what == "captured":
            r.captured = {BLUE: 2 * per + 1}
            assert _lines(st)["Buildings"] == plain + 2
        elif what == "virtue":
            r.virtue = 12
            assert _lines(st)["Buildings"] == card.vp + 12 // per
        elif what == "paid_debts":
            r.paid = 3
            assert _lines(st)["Buildings"] == plain + 3
    elif e == "hut":
        ((skill, _),) = card.params
        r.apprentices = [apprentice("Labourer"), apprentice("Woodcutter"), apprentice("Miner")]
        expect = 1 + (skill == "carpentry") + (skill == "tiling")
        assert _lines(st)["Buildings"] == card.vp + expect
    elif e == "dungeon":
        assert scoring.final_scores(st)[RED].virtue == 6
    elif e == "debt_penalty":
        r.debts = 2
        assert _lines(st)["Debts"] == (-2 if params["vp"] < 0 else -6)
    elif e == "no_debts":
        assert _lines(st)["Buildings"] == card.vp + 2
        r.debts = 1
        assert _lines(st)["Buildings"] == card.vp
    else:
        pytest.fail(f"untested end-game effect {e}")


def test_dungeon_loss_is_ordered_for_the_owner() -> None:
    """At 1 virtue with a Castle (+2), losing the Dungeon's 2 first would fall below 0 (a debt);
    the owner's better order applies the gain first: 1 virtue, no debt."""
    st = blank(2)
    r = st.players[RED]
    r.buildings = [building("dungeon"), building("castle")]
    r.virtue = 1
    give(r, gold=4)
    score = scoring.final_scores(st)[RED]
    assert score.virtue == 1 and score.lines["Debts"] == 0


def test_dungeon_order_breaks_equal_totals_by_virtue() -> None:
    """Virtue 1, Dungeon, Castle (+1 for 2 gold) and Fountain (-1 per debt): loss first ends at
    1 virtue with a debt (-8 - 1), gain first at 0 virtue (-9). Equal totals, so the owner takes
    the order with more virtue, which wins the first tie-break."""
    st = blank(2)
    r = st.players[RED]
    r.buildings = [building("dungeon"), building("castle"), building("fountain")]
    r.virtue = 1
    give(r, gold=2)
    score = scoring.final_scores(st)[RED]
    assert score.virtue == 1 and score.lines["Debts"] == -1 and score.lines["Virtue"] == -8


def test_fountain_and_gamblers_den_together() -> None:
    """Both: -2 per unpaid debt."""
    st = blank(2)
    r = st.players[RED]
    r.buildings = [building("fountain"), building("gamblers-den")]
    r.debts = 3
    assert _lines(st)["Debts"] == -6
