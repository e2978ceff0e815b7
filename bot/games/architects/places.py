"""Placing a worker: where a player's workers are, the placements a turn may start with and why
one is refused (with the Workshop and Black Market costs), and what each location gives when a
worker is placed there (the Guildhall's part is in `guildhall`)."""

from __future__ import annotations

from bot.games.architects import economy as E
from bot.games.architects.actions import SLOTS, Action, Pass, Place, Retrieve
from bot.games.architects.board import (
    BLACK_MARKET,
    BLACK_MARKET_CLOSED_AT,
    BLACK_MARKET_COST,
    BLACK_MARKET_PRINTED_A,
    BLACK_MARKET_PRINTED_C,
    LARGE,
    LOCATION_NAMES,
)
from bot.games.architects.cards import APPRENTICE_BY_ID, BUILDING_BY_ID
from bot.games.architects.economy import colour
from bot.games.architects.guildhall import _apply_guildhall, build_problem, cathedral_problem
from bot.games.architects.outcome import Outcome, _goods, card_names, draw
from bot.games.architects.state import Pending, Player, State
from bot.games.architects.words import colour as colour_word
from bot.games.architects.words import comma
from bot.games.text import tx, tx_n


def workers_at_large(st: State, i: int) -> list[str]:
    """Large-circle locations holding at least one of player i's workers."""
    return [loc for loc in LARGE if st.players[i].at.get(loc, 0) > 0]


def workers_elsewhere(st: State, i: int) -> str:
    """Where player i's workers are when none can be placed or taken back, e.g. '12 on blue's
    board, 3 in Prison, 5 in the Guildhall'."""
    p = st.players[i]
    parts: list[str] = [
        tx("{n} on {colour}'s board", n=q.captured[i], colour=colour_word(colour(st, j)))
        for j, q in enumerate(st.players)
        if j != i and q.captured.get(i)
    ]
    market = sum(1 for o in st.black_market if o == i)
    if p.prison:
        parts.append(tx("{n} in Prison", n=p.prison))
    if market:
        parts.append(tx("{n} at the Black Market", n=market))
    if p.guild:
        parts.append(tx("{n} in the Guildhall", n=p.guild))
    return comma(parts) or tx("none left")


def workers_to_bring_home(st: State, i: int) -> int:
    """Player i's workers in Prison or on other players' boards: what a turn with no worker to
    place or take back brings home (see `_pass`)."""
    return st.players[i].prison + sum(
        q.captured.get(i, 0) for j, q in enumerate(st.players) if j != i
    )


def _place_candidates(st: State, i: int) -> list[Action]:
    p = st.players[i]
    if p.supply == 0:
        back = workers_at_large(st, i)
        return [Retrieve(loc) for loc in back] if back else [Pass()]
    out: list[Action] = [Place(loc) for loc in LARGE if loc not in ("mines", "workshop")]
    out += [Place("mines", ("clay",)), Place("mines", ("gold",)), Place("workshop", ("plans",))]
    out += [Place("workshop", ("hire", s)) for s in SLOTS]
    out += [Place("blackmarket", ("a",)), Place("blackmarket", ("c",))]
    out += [Place("blackmarket", ("b", "plans"))]
    out += [Place("blackmarket", ("b", "hire", s)) for s in SLOTS]
    out.append(Place("guildhall", ("cathedral",)))
    out += [Place("guildhall", ("build", BUILDING_BY_ID[c].slug)) for c in sorted(set(p.hand))]
    return out


def hire_cost(p: Player, skips: int) -> int:
    """Silver to hire at the Workshop: 2 (Rudolf 1) + 2 Tax + 1 per skipped card."""
    return E.cost_total(p, (1 if p.character == "rudolf" else 2) + skips, 2)


def black_market_cost(p: Player, space: int) -> int:
    """Silver for a Black Market space, less 1 per Trickster."""
    return max(0, BLACK_MARKET_COST[space] - len(E.apprentices_of(p, "trickster")))


def place_problem(st: State, i: int, action: Place) -> str | None:
    """Why player i may not make this placement (None if it may)."""
    p = st.players[i]
    loc, detail = action.location, action.detail
    name = LOCATION_NAMES[loc]
    if p.supply == 0:
        return tx("You have no workers left: take one back with `retrieve <location>`.")
    n = p.at.get(loc, 0) + 1
    if loc in ("quarry", "forest", "silversmith", "storehouse", "towncentre", "guardhouse"):
        if not detail:
            return None
        return tx(
            "The {location} takes no further choice: `place {code}`.", location=name, code=loc
        )
    if loc == "taxstand":
        if detail:
            return tx("The Tax Stand takes no further choice: `place taxstand`.")
        if st.tax_stand > 0:
            return None
        return tx("The Tax Stand is empty: there is no Tax to steal.")
    if loc == "mines":
        if detail not in (("clay",), ("gold",)):
            return tx("At the Mines choose clay or gold: `place mines clay`.")
        if detail == ("gold",) and n < 2:
            return tx(
                "Gold needs at least 2 of your workers at the Mines (this would be your first)."
            )
        return None
    if loc == "workshop":
        if detail == ("plans",):
            return None
        if len(detail) != 2 or detail[0] != "hire" or detail[1] not in SLOTS:
            return tx("At the Workshop: `place workshop plans` or `place workshop hire t3`.")
        row, col = E.slot_index(detail[1])
        if not st.rows[row][col]:
            return tx("There is no apprentice at {slot}.", slot=detail[1])
        cost = hire_cost(p, max(0, col + 1 - n))
        if p.silver < cost:
            return tx(
                "Hiring {slot} costs {cost} silver here; you have {silver}.",
                slot=detail[1],
                cost=cost,
                silver=p.silver,
            )
        return None
    if loc == "blackmarket":
        if p.virtue >= BLACK_MARKET_CLOSED_AT:
            return tx(
                "With {virtue} virtue (10 or more) you cannot visit the Black Market.",
                virtue=p.virtue,
            )
        spaces = {"a": 0, "b": 1, "c": 2}
        if not detail or detail[0] not in spaces:
            return tx("Choose a Black Market space: a, b or c.")
        space = spaces[detail[0]]
        if space == 1:
            if detail[1:] != ("plans",) and not (
                len(detail) == 3 and detail[1] == "hire" and detail[2] in SLOTS
            ):
                return tx("Space b: `place blackmarket b plans` or `place blackmarket b hire t3`.")
            if (
                detail[1] == "hire"
                and not st.rows[E.slot_index(detail[2])[0]][E.slot_index(detail[2])[1]]
            ):
                return tx("There is no apprentice at {slot}.", slot=detail[2])
        elif len(detail) != 1:
            return tx("Space {space} takes no further choice.", space=detail[0])
        if st.black_market[space] >= 0:
            return tx("Black Market space {space} is taken.", space=detail[0])
        cost = black_market_cost(p, space)
        if p.silver < cost:
            return tx(
                "Black Market space {space} costs {cost} silver; you have {silver}.",
                space=detail[0],
                cost=cost,
                silver=p.silver,
            )
        return None
    # guildhall
    if detail == ("cathedral",):
        return cathedral_problem(st, i)
    if len(detail) == 2 and detail[0] == "build":
        return build_problem(st, i, detail[1])
    return tx(
        "At the Guildhall: `place guildhall build <building>` or `place guildhall cathedral`."
    )


def _apply_place(st: State, i: int, action: Place, out: Outcome) -> None:
    p = st.players[i]
    loc, detail = action.location, action.detail
    p.supply -= 1
    who = E.who(st, i)
    if loc in LARGE:
        p.at[loc] = p.at.get(loc, 0) + 1
    n = p.at.get(loc, 0)
    if loc == "quarry":
        amount = n + E.bonus_total(p, "stonecutter").get("stone", 0)
        p.add("stone", amount)
        out.say(st, tx("{who} places a worker at the Quarry: +{n} stone.", who=who, n=amount))
    elif loc == "forest":
        amount = n + E.bonus_total(p, "woodcutter").get("wood", 0)
        p.add("wood", amount)
        out.say(st, tx("{who} places a worker in the Forest: +{n} wood.", who=who, n=amount))
    elif loc == "silversmith":
        amount = n + 1 + E.bonus_total(p, "jeweller").get("silver", 0)
        p.silver += amount
        out.say(st, tx("{who} places a worker at the Silversmith: +{n} silver.", who=who, n=amount))
    elif loc == "mines":
        extra = E.bonus_total(p, "miner").get("clay", 0)
        if detail == ("clay",):
            p.add("clay", n + 1 + extra)
            out.say(
                st, tx("{who} places a worker at the Mines: +{n} clay.", who=who, n=n + 1 + extra)
            )
        else:
            p.add("gold", n // 2)
            p.add("clay", extra)
            if extra:
                text = tx(
                    "{who} places a worker at the Mines: +{n} gold, +{clay} clay.",
                    who=who,
                    n=n // 2,
                    clay=extra,
                )
            else:
                text = tx("{who} places a worker at the Mines: +{n} gold.", who=who, n=n // 2)
            out.say(st, text)
    elif loc == "storehouse":
        st.pending.append(Pending("storehouse", {"left": n}))
        out.say(
            st,
            tx_n(
                "{who} places a worker at the King's Storehouse ({n} action).",
                "{who} places a worker at the King's Storehouse ({n} actions).",
                n,
                who=who,
            ),
        )
    elif loc == "towncentre":
        st.pending.append(Pending("towncentre", {"left": n, "made": 0, "locs": []}))
        out.say(
            st,
            tx_n(
                "{who} places a worker at the Town Centre ({n} capture).",
                "{who} places a worker at the Town Centre ({n} captures).",
                n,
                who=who,
            ),
        )
    elif loc == "guardhouse":
        st.pending.append(Pending("guardhouse", {"left": n}))
        out.say(
            st,
            tx_n(
                "{who} places a worker at the Guardhouse ({n} action).",
                "{who} places a worker at the Guardhouse ({n} actions).",
                n,
                who=who,
            ),
        )
    elif loc == "taxstand":
        taken = st.tax_stand
        st.tax_stand = 0
        p.silver += taken
        loss = max(0, 2 - len(E.apprentices_of(p, "thief")))
        E.change_virtue(st, i, -loss)
        gold = E.bonus_total(p, "pickpocket").get("gold", 0)
        p.add("gold", gold)
        out.say(
            st,
            tx(
                "{who} steals {silver} silver from the Tax Stand (-{loss} virtue).",
                who=who,
                silver=taken,
                loss=loss,
            ),
        )
    elif loc == "workshop":
        if detail == ("plans",):
            got = draw(st, i, 1 + n // 2, out)
            out.say(
                st,
                tx_n(
                    "{who} works on plans at the Workshop: {n} card.",
                    "{who} works on plans at the Workshop: {n} cards.",
                    len(got),
                    who=who,
                ),
            )
        else:
            row, col = E.slot_index(detail[1])
            skips = max(0, col + 1 - n)
            p.silver -= skips
            for k in range(skips):
                st.row_silver[row][k] += 1
            E.pay_cost(st, i, 1 if p.character == "rudolf" else 2, 2)
            card = E.take_apprentice(st, i, row, col)
            out.reveals = True
            name = APPRENTICE_BY_ID[card].name
            if skips:
                text = tx(
                    "{who} hires the {apprentice} at the Workshop, skipping {skips} with silver.",
                    who=who,
                    apprentice=name,
                    skips=skips,
                )
            else:
                text = tx("{who} hires the {apprentice} at the Workshop.", who=who, apprentice=name)
            out.say(st, text)
            _check_limit(st, i)
    elif loc == "blackmarket":
        _apply_black_market(st, i, detail, out)
    else:
        _apply_guildhall(st, i, detail, out)


def _check_limit(st: State, i: int) -> None:
    if len(st.players[i].apprentices) > E.apprentice_limit(st.players[i]):
        st.pending.insert(0, Pending("dismiss"))


def _apply_black_market(st: State, i: int, detail: tuple[str, ...], out: Outcome) -> None:
    p = st.players[i]
    who = E.who(st, i)
    space = "abc".index(detail[0])
    st.black_market[space] = i
    p.silver -= black_market_cost(p, space)
    if not E.apprentices_of(p, "illusionist"):
        E.change_virtue(st, i, -1)
    if space == 0:
        face = (
            BLACK_MARKET[st.small_market[0] - 1][0] if st.small_market else BLACK_MARKET_PRINTED_A
        )
        E.gain(st, i, face)
        out.say(st, tx("{who} buys {goods} at the Black Market.", who=who, goods=_goods(face)))
    elif space == 2:
        face = (
            BLACK_MARKET[st.large_market[0] - 1][1] if st.large_market else BLACK_MARKET_PRINTED_C
        )
        E.gain(st, i, face)
        out.say(st, tx("{who} buys {goods} at the Black Market.", who=who, goods=_goods(face)))
    elif detail[1] == "plans":
        got = E.draw_buildings(st, i, 5)
        for c in got:
            st.players[i].hand.remove(c)
        out.secret(
            i,
            tx("You draw {cards}; keep one.", cards=card_names(got)),
            tx("{who} draws {n} plans.", who=who, n=len(got)),
        )
        if got:
            st.pending.append(Pending("keep", {"cards": got}))
        out.say(
            st, tx("{who} looks at {n} building plans at the Black Market.", who=who, n=len(got))
        )
    else:
        row, col = E.slot_index(detail[2])
        card = E.take_apprentice(st, i, row, col)
        out.reveals = True
        out.say(
            st,
            tx(
                "{who} hires the {apprentice} at the Black Market.",
                who=who,
                apprentice=APPRENTICE_BY_ID[card].name,
            ),
        )
        _check_limit(st, i)
    E.gain(st, i, E.bonus_total(p, "swindler"))
    if p.character == "caroline":
        draw(st, i, 1, out)
    if all(o >= 0 for o in st.black_market):
        st.reset_due = True
