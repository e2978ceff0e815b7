"""The Black Market Reset: the workers on the Black Market go to Prison, the market cards move,
Gatekeeper owners are asked, then Squires collect, 3+ in Prison lose virtue and the most in
Prison take a debt."""

from __future__ import annotations

from bot.games.architects import economy as E
from bot.games.architects.cards import APPRENTICE_BY_ID
from bot.games.architects.outcome import Outcome, _goods
from bot.games.architects.state import Pending, State
from bot.games.architects.words import comma, listing
from bot.games.text import tx


def black_market_reset(st: State, out: Outcome) -> None:
    """The five steps: Black Market workers to Prison; flip the top small card onto the large
    pile (reshuffling the large pile into a new small pile when it is empty); each Gatekeeper
    owner with workers in Prison decides how many to release (up to 2 each, a queued decision
    of that seat), then `_finish_reset`: Squires with nobody in Prison collect, 3+ in Prison
    lose 1 virtue, the most in Prison take a debt."""
    st.reset_due = False
    sent: dict[int, int] = {}
    for space, owner in enumerate(st.black_market):
        if owner >= 0:
            st.players[owner].prison += 1
            sent[owner] = sent.get(owner, 0) + 1
        st.black_market[space] = -1
    if not st.small_market:
        st.small_market, st.rng = (lambda r: (list(r[0]), r[1]))(st.rng.shuffled(st.large_market))
        st.large_market = []
    if st.small_market:
        st.large_market.insert(0, st.small_market.pop(0))
    out.reveals = True
    moved = comma([tx("{who} {n}", who=E.who(st, j), n=n) for j, n in sorted(sent.items())])
    out.say(
        st,
        tx(
            "Black Market Reset: the workers on the Black Market go to Prison ({moved}).",
            moved=moved,
        )
        if moved
        else tx("Black Market Reset: no worker stood on the Black Market."),
    )
    for i, p in enumerate(st.players):
        gatekeepers = len(E.apprentices_of(p, "gatekeeper"))
        if gatekeepers and p.prison and i < st.seats:
            most = min(2 * gatekeepers, p.prison)
            st.pending.append(Pending("gatekeeper", {"seat": i, "left": most}))
    st.pending.append(Pending("auto-reset"))


def _finish_reset(st: State, out: Outcome) -> None:
    """Reset steps 3 (Squires, after the Gatekeepers: the owner's better order), 4 and 5."""
    for i, p in enumerate(st.players):
        for a in E.apprentices_of(p, "squire"):
            if p.prison == 0:
                E.gain(st, i, APPRENTICE_BY_ID[a].bonus)
                out.say(
                    st,
                    tx(
                        "{who}'s Squire gains {goods}.",
                        who=E.who(st, i),
                        goods=_goods(APPRENTICE_BY_ID[a].bonus),
                    ),
                )
    losers = [i for i, p in enumerate(st.players) if p.prison >= 3]
    for i in losers:
        E.change_virtue(st, i, -1)
    most = max(p.prison for p in st.players)
    debtors = [i for i, p in enumerate(st.players) if most > 0 and p.prison == most]
    for i in debtors:
        st.players[i].debts += 1
    if not losers:
        virtue = tx("nobody loses virtue")
    elif len(losers) == 1:
        virtue = tx(
            "{names} loses 1 virtue (3 or more workers in Prison)", names=_names(st, losers)
        )
    else:
        virtue = tx("{names} lose 1 virtue (3 or more workers in Prison)", names=_names(st, losers))
    if not debtors:
        debt = tx("nobody takes a debt")
    elif len(debtors) == 1:
        debt = tx(
            "{names} takes a debt (most workers in Prison: {most})",
            names=_names(st, debtors),
            most=most,
        )
    else:
        debt = tx(
            "{names} take a debt (most workers in Prison: {most})",
            names=_names(st, debtors),
            most=most,
        )
    out.say(st, tx("Black Market Reset: {virtue}; {debt}.", virtue=virtue, debt=debt))


def _names(st: State, seats: list[int]) -> str:
    """'Red and Blue'."""
    return listing([E.who(st, i) for i in seats])
