"""The Guildhall: why a building cannot be constructed or the Cathedral worked on, a worker
taking its Guildhall space (resets and the final round), the payment and discard a visit queues,
and what a constructed building or a new Cathedral level gives."""

from __future__ import annotations

from typing import Any

from bot.games.architects import economy as E
from bot.games.architects.board import (
    CATHEDRAL,
    CATHEDRAL_CLOSED_AT,
    REWARDS,
    guildhall_columns,
    reset_positions,
)
from bot.games.architects.cards import APPRENTICE_BY_ID, BUILDING_BY_ID, BUILDING_BY_SLUG
from bot.games.architects.outcome import Outcome, _goods, draw
from bot.games.architects.state import Pending, State
from bot.games.architects.words import amount as amount_of
from bot.games.architects.words import comma, skills
from bot.games.text import tx


def cathedral_problem(st: State, i: int, *, automaton: bool = False) -> str | None:
    """Why player i cannot advance on the Cathedral now (None if it can)."""
    p = st.players[i]
    level = p.cathedral + 1
    if level > len(CATHEDRAL):
        return tx("You have finished your work on the Cathedral.")
    if not automaton and p.virtue <= CATHEDRAL_CLOSED_AT:
        return tx(
            "With {virtue} virtue (4 or less) you cannot work on the Cathedral.", virtue=p.virtue
        )
    there = sum(1 for q in st.players if q.cathedral == level)
    if there >= CATHEDRAL[level - 1].spaces:
        return tx(
            "Cathedral level {level} is full; wait until someone there moves up.", level=level
        )
    if automaton:
        return None
    if not p.hand and p.character != "frederick":
        return tx("You need a Building card in hand to discard for the Cathedral.")
    lv = CATHEDRAL[level - 1]
    if not E.payment_options(p, lv.cost, lv.mix):
        return tx(
            "You cannot pay for Cathedral level {level} ({cost}).",
            level=level,
            cost=cathedral_cost_text(level),
        )
    return None


def cathedral_cost_text(level: int) -> str:
    """'1 gold', '4 stone/wood', ..."""
    lv = CATHEDRAL[level - 1]
    parts: list[str] = [amount_of(g, n) for g, n in lv.cost]
    if lv.mix:
        parts.append(tx("{n} stone/wood", n=lv.mix))
    return comma(parts)


def build_problem(st: State, i: int, slug: str) -> str | None:
    """Why player i cannot construct `slug` now."""
    p = st.players[i]
    card = BUILDING_BY_SLUG.get(slug)
    if card is None or card.cid not in p.hand:
        return tx("{card} is not in your hand.", card=card.name if card else slug)
    missing = [s for s in card.skills if not E.has_skill(p, s)]
    if missing:
        return tx(
            "{card} needs an apprentice with {skills}.", card=card.name, skills=skills(missing)
        )
    if not E.payment_options(p, card.cost, 0):
        cost = comma([amount_of(g, n) for g, n in card.cost])
        return tx("You cannot pay for {card} ({cost}).", card=card.name, cost=cost)
    return None


def occupy_guildhall(st: State, i: int) -> None:
    """Put a worker of player i in the Guildhall (left to right, top to bottom); a reset space
    makes a Black Market Reset due; the last space triggers the final round; once full, workers
    are set aside."""
    st.players[i].guild += 1
    size = 4 * guildhall_columns(2 if st.automa else st.seats)
    if len(st.guildhall) >= size:
        return
    pos = len(st.guildhall)
    st.guildhall.append(i)
    if pos in reset_positions(2 if st.automa else st.seats):
        st.reset_due = True
    if len(st.guildhall) == size and st.final_turns < 0:
        st.final_turns = len(st.order) + 1
        E.note(st, tx("The Guildhall is full: everyone has one last turn."))


def _apply_guildhall(st: State, i: int, detail: tuple[str, ...], out: Outcome) -> None:
    p = st.players[i]
    occupy_guildhall(st, i)
    if detail == ("cathedral",):
        lv = CATHEDRAL[p.cathedral]
        opts = E.payment_options(p, lv.cost, lv.mix)
        st.pending.append(Pending("pay", {"options": [sorted_pay(o) for o in opts]}))
        if p.character != "frederick":
            st.pending.append(Pending("discard"))
        st.pending.append(Pending("auto-cathedral"))
        out.say(st, tx("{who} works on the Cathedral.", who=E.who(st, i)))
    else:
        card = BUILDING_BY_SLUG[detail[1]]
        opts = E.payment_options(p, card.cost, 0)
        st.pending.append(Pending("pay", {"options": [sorted_pay(o) for o in opts]}))
        st.pending.append(Pending("auto-build", {"card": card.cid}))


def sorted_pay(goods: dict[str, int]) -> list[list[Any]]:
    """A payment as [[good, n], ...] in resource order (the JSON form of `Pay.goods`)."""
    order = ("clay", "wood", "stone", "gold", "marble")
    return [[g, goods[g]] for g in order if goods.get(g)]


def advance_cathedral(st: State, i: int, out: Outcome) -> None:
    """Move up one Cathedral level and take the top reward card (1 virtue if none)."""
    p = st.players[i]
    p.cathedral += 1
    out.reveals = True  # the top reward card (or the empty pile) comes out
    if st.rewards:
        reward = REWARDS[st.rewards.pop(0)]
    else:
        reward = (("virtue", 1),)
    if i == st.automa_index:
        reward = tuple((g, n) for g, n in reward if g in ("virtue", "marble"))
    out.say(
        st,
        tx(
            "{who} reaches Cathedral level {level} and gains {goods}.",
            who=E.who(st, i),
            level=p.cathedral,
            goods=_goods(reward),
        ),
    )
    cards = sum(n for g, n in reward if g == "cards")
    E.gain(st, i, tuple((g, n) for g, n in reward if g != "cards"))
    if cards:
        draw(st, i, cards, out)
    if i != st.automa_index:
        for a in E.apprentices_of(p, "acolyte"):
            for g, n in APPRENTICE_BY_ID[a].bonus:
                if g == "cards":
                    draw(st, i, n, out)
                else:
                    E.gain(st, i, ((g, n),))


def construct(st: State, i: int, cid: int, out: Outcome) -> None:
    """Put a paid building in front of player i: its virtue, then its immediate effect."""
    p = st.players[i]
    card = BUILDING_BY_ID[cid]
    p.hand.remove(cid)
    p.buildings.append(cid)
    out.reveals = True  # a card from a hidden hand is now on the table
    E.change_virtue(st, i, card.virtue)
    out.say(st, tx("{who} constructs the {building}.", who=E.who(st, i), building=card.name))
    params = dict(card.params)
    e = card.effect
    if e == "gain":
        E.gain(st, i, card.params)
    elif e == "debt":
        p.debts += 1
    elif e == "cards":
        draw(st, i, params["cards"], out)
    elif e == "gain_choice":
        st.pending.insert(0, Pending("gain", {"options": list(params), "amounts": params}))
    elif e == "capture":
        st.pending.insert(
            0, Pending("capture", {"left": params["captures"], "locs": [], "limit": 2})
        )
    elif e == "capture_or_ransom":
        st.pending.insert(0, Pending("barracks"))
    elif e == "release":
        n, p.prison = p.prison, 0
        p.supply += n
    elif e == "destroy_debt":
        # "may destroy": keeping the debt to pay it off later can be worth more (Debt
        # Collectors, Moneylender, Reservoir), so the owner decides.
        if p.debts:
            st.pending.insert(0, Pending("destroy", {"left": 1}))
    elif e == "library":
        if p.hand:
            st.pending.insert(0, Pending("library"))
    elif e == "monument":
        for j in range(st.total_players):
            E.change_virtue(st, j, 1)
    elif e == "palace":
        p.add("gold", p.virtue // 4)
    elif e == "tavern":
        if any(any(r) for r in st.rows):
            st.pending.insert(0, Pending("tavern"))
    elif e == "watchtower":
        for j, q in enumerate(st.players):
            if q.prison >= 3:
                E.change_virtue(st, j, -1)
