"""Answering the decisions a turn queues (Storehouse trades, captures, Guardhouse actions, a
payment, a discard, a kept card, a gain, the Tavern's hire, a dismissal, the Gatekeeper, a debt
to destroy), with the capture and the Guardhouse actions the automated opponent takes too."""

from __future__ import annotations

from bot.games.architects import actions as A
from bot.games.architects import economy as E
from bot.games.architects.board import HAND_LIMIT, LOCATION_NAMES
from bot.games.architects.cards import APPRENTICE_BY_ID, BUILDING_BY_SLUG
from bot.games.architects.economy import colour
from bot.games.architects.legal import _trades, capture_cost
from bot.games.architects.outcome import Outcome, _paid
from bot.games.architects.places import _check_limit
from bot.games.architects.state import State
from bot.games.architects.words import amount as amount_of
from bot.games.architects.words import colour as colour_word
from bot.games.text import tx, tx_n


def _apply_pending(st: State, i: int, action: A.Action, out: Outcome) -> None:
    pend = st.pending[0]
    p = st.players[i]
    who = E.who(st, i)
    kind, data = pend.kind, pend.data
    if isinstance(action, A.Done):
        st.pending.pop(0)
        return
    if kind == "storehouse":
        assert isinstance(action, A.Trade)
        good, amount = _trades(p)[(action.pay, action.gain)]
        for g in action.pay:
            p.add(g, -1)
        E.gain(st, i, ((good, amount),))
        data["left"] -= 1
        out.say(
            st,
            tx(
                "{who} trades {paid} for {got}.",
                who=who,
                paid=_paid(action.pay),
                got=amount_of(good, amount),
            ),
        )
        if data["left"] == 0:
            st.pending.pop(0)
    elif kind in ("towncentre", "capture", "barracks"):
        if isinstance(action, A.Guard):  # Barracks rescue
            n = E.free_from_boards(st, i)
            out.say(
                st,
                tx_n(
                    "{who} frees {n} worker from other boards (Barracks).",
                    "{who} frees {n} workers from other boards (Barracks).",
                    n,
                    who=who,
                ),
            )
            st.pending.pop(0)
            return
        assert isinstance(action, A.Capture)
        if kind == "towncentre":
            cost = capture_cost(st, i, data["made"])
            if data["made"] == 0:
                E.pay_cost(st, i, 0, 1)
            else:
                p.silver -= cost
            data["made"] += 1
            data["left"] -= 1
        else:
            data["left"] = data.get("left", 1) - 1
        if action.location not in data.setdefault("locs", []):
            data["locs"].append(action.location)
        capture(st, i, action.location, E.colour_index(st, action.colour), out)
        if kind == "barracks" or data["left"] <= 0:
            st.pending.pop(0)
    elif kind == "guardhouse":
        assert isinstance(action, A.Guard)
        guard(st, i, action.kind, out)
        data["left"] -= 1
        if data["left"] == 0:
            st.pending.pop(0)
    elif kind == "pay":
        assert isinstance(action, A.Pay)
        E.pay_goods(p, dict(action.goods))
        st.pending.pop(0)
    elif kind in ("discard", "hand", "library"):
        assert isinstance(action, A.Discard)
        cid = BUILDING_BY_SLUG[action.card].cid
        p.hand.remove(cid)
        st.building_deck.append(cid)
        if kind == "library":
            p.add("gold", 2)
            out.say(st, tx("{who} discards a card at the Library for 2 gold.", who=who))
        if kind != "hand" or len(p.hand) <= HAND_LIMIT:
            st.pending.pop(0)
    elif kind == "keep":
        assert isinstance(action, A.Keep)
        cid = BUILDING_BY_SLUG[action.card].cid
        rest = list(data["cards"])
        rest.remove(cid)
        p.hand.append(cid)
        st.building_deck.extend(rest)
        st.pending.pop(0)
    elif kind == "gain":
        assert isinstance(action, A.Gain)
        E.gain(st, i, ((action.good, data["amounts"][action.good]),))
        out.say(
            st,
            tx(
                "{who} gains {got}.",
                who=who,
                got=amount_of(action.good, data["amounts"][action.good]),
            ),
        )
        st.pending.pop(0)
    elif kind == "tavern":
        assert isinstance(action, A.Hire)
        row, col = E.slot_index(action.slot)
        card = E.take_apprentice(st, i, row, col)
        out.reveals = True
        out.say(
            st,
            tx(
                "{who} hires the {apprentice} for free (Tavern).",
                who=who,
                apprentice=APPRENTICE_BY_ID[card].name,
            ),
        )
        st.pending.pop(0)
        _check_limit(st, i)
    elif kind == "dismiss":
        assert isinstance(action, A.Dismiss)
        card = p.apprentices.pop(action.index - 1)
        st.apprentice_deck.append(card)
        out.say(
            st,
            tx("{who} discards the {apprentice}.", who=who, apprentice=APPRENTICE_BY_ID[card].name),
        )
        st.pending.pop(0)
    elif kind == "gatekeeper":
        assert isinstance(action, A.Guard)
        n = int(action.kind.split("-")[1])
        p.prison -= n
        p.supply += n
        out.say(
            st,
            tx_n(
                "{who}'s Gatekeeper releases {n} worker from Prison.",
                "{who}'s Gatekeeper releases {n} workers from Prison.",
                n,
                who=who,
            ),
        )
        st.pending.pop(0)
    elif kind == "destroy":
        assert isinstance(action, A.Guard)
        p.debts -= 1
        data["left"] -= 1
        out.say(st, tx("{who} destroys an unpaid debt.", who=who))
        if data["left"] <= 0 or not p.debts:
            st.pending.pop(0)


def capture(st: State, i: int, loc: str, j: int, out: Outcome) -> None:
    """Player i captures player j's whole group at `loc` (own workers go back to the supply)."""
    n = st.players[j].at.pop(loc, 0)
    where = LOCATION_NAMES[loc]
    if j == i:
        st.players[i].supply += n
        out.say(
            st,
            tx_n(
                "{who} captures its own worker at the {location}; it goes back to its supply.",
                "{who} captures {n} of its own workers at the {location}; they go back to its "
                "supply.",
                n,
                who=E.who(st, i),
                location=where,
            ),
        )
        return
    st.players[i].captured[j] = st.players[i].captured.get(j, 0) + n
    out.say(
        st,
        tx_n(
            "{who} captures {n} {colour} worker at the {location}.",
            "{who} captures {n} {colour} workers at the {location}.",
            n,
            who=E.who(st, i),
            colour=colour_word(colour(st, j)),
            location=where,
        ),
    )


def guard(st: State, i: int, kind: str, out: Outcome) -> None:
    """One Guardhouse action."""
    p = st.players[i]
    who = E.who(st, i)
    if kind == "prison":
        total = 0
        for j, n in sorted(p.captured.items()):
            st.players[j].prison += n
            total += n
        p.captured = {}
        p.silver += total
        out.say(
            st,
            tx_n(
                "{who} sends {n} captured worker to Prison for {silver} silver.",
                "{who} sends {n} captured workers to Prison for {silver} silver.",
                total,
                who=who,
                silver=total,
            ),
        )
    elif kind == "release":
        n, p.prison = p.prison, 0
        p.supply += n
        out.say(
            st,
            tx_n(
                "{who} releases {n} worker from Prison.",
                "{who} releases {n} workers from Prison.",
                n,
                who=who,
            ),
        )
    elif kind.startswith("ransom"):
        if kind == "ransom-silver":
            E.pay_cost(st, i, 3, 2)
        else:
            p.debts += 1
            E.change_virtue(st, i, -1)
        n = E.free_from_boards(st, i)
        if kind == "ransom-silver":
            text = tx_n(
                "{who} frees {n} worker from other boards by paying silver.",
                "{who} frees {n} workers from other boards by paying silver.",
                n,
                who=who,
            )
        else:
            text = tx_n(
                "{who} frees {n} worker from other boards by taking a debt.",
                "{who} frees {n} workers from other boards by taking a debt.",
                n,
                who=who,
            )
        out.say(st, text)
    elif kind == "payoff":
        E.pay_cost(st, i, 3, 3)
        p.debts -= 1
        p.paid += 1
        E.change_virtue(st, i, 1)
        E.gain(st, i, E.bonus_total(p, "debt-collector"))
        out.say(st, tx("{who} pays off a debt.", who=who))
