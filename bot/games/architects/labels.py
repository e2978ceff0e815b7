"""Words for the choices a player is offered (autocomplete labels): which apprentice a Workshop
slot holds and the silver it costs, what a Black Market space gives, a building's VP and cost,
the Cathedral level, how many workers a capture takes. Public information plus the asker's own
hand only."""

from __future__ import annotations

from bot.games.architects import economy as E
from bot.games.architects.automa import market_face
from bot.games.architects.board import CATHEDRAL, LOCATION_NAMES
from bot.games.architects.cards import APPRENTICE_BY_ID, BUILDING_BY_SLUG
from bot.games.architects.rules import black_market_cost, cathedral_cost_text, hire_cost
from bot.games.architects.state import State
from bot.games.architects.words import amount, good, goods_comma, plus, skill
from bot.games.architects.words import colour as colour_word
from bot.games.text import Text, tx, tx_c, tx_n


def _goods(items: tuple[tuple[str, int], ...]) -> str:
    return goods_comma(items) or tx("nothing")


def _apprentice(st: State, slot: str) -> Text:
    row, col = E.slot_index(slot)
    card = APPRENTICE_BY_ID[st.rows[row][col]]
    coins = st.row_silver[row][col]
    if coins:
        return tx(
            "{apprentice} [{skills}], {n} silver on it",
            apprentice=card.name,
            skills=_slashed(card.skills),
            n=coins,
        )
    return tx("{apprentice} [{skills}]", apprentice=card.name, skills=_slashed(card.skills))


def _slashed(names: tuple[str, ...]) -> str:
    """'carpentry/tiling', translatable."""
    out: str = skill(names[0]) if names else ""
    for name in names[1:]:
        out = tx("{items}/{item}", items=out, item=skill(name))
    return out


def place_label(st: State, seat: int, location: str, rest: str) -> str:
    """e.g. 'hire t3: Jeweller [tiling] - 5 silver (1 to skip)'."""
    p = st.players[seat]
    words = rest.split()
    n = p.at.get(location, 0) + 1
    if location == "workshop" and words[:1] == ["hire"]:
        col = int(words[1][1])
        skips = max(0, col - n)
        who = _apprentice(st, words[1])
        cost = hire_cost(p, skips)
        if skips:
            return tx(
                "{move}: {apprentice} - {cost} silver ({skips} to skip)",
                move=tx("hire {slot}", slot=words[1]),
                apprentice=who,
                cost=cost,
                skips=skips,
            )
        move = tx("hire {slot}", slot=words[1])
        return tx("{move}: {apprentice} - {cost} silver", move=move, apprentice=who, cost=cost)
    if location == "workshop":
        return tx_n("plans: draw {n} building card", "plans: draw {n} building cards", 1 + n // 2)
    if location == "blackmarket":
        space = "abc".index(words[0])
        cost = black_market_cost(p, space)
        price = tx("{n} silver", n=cost) if cost else tx_c("price", "free")
        keeps = bool(E.apprentices_of(p, "illusionist"))
        if space == 1 and words[1] == "hire":
            who = _apprentice(st, words[2])
            if keeps:
                return tx(
                    "space b, hire {slot}: {apprentice} - {price}",
                    slot=words[2],
                    apprentice=who,
                    price=price,
                )
            return tx(
                "space b, hire {slot}: {apprentice} - {price}, -1 virtue",
                slot=words[2],
                apprentice=who,
                price=price,
            )
        if space == 1:
            if keeps:
                return tx("space b, plans: draw 5, keep 1 - {price}", price=price)
            return tx("space b, plans: draw 5, keep 1 - {price}, -1 virtue", price=price)
        face = _goods(market_face(st, space))
        if keeps:
            return tx("space {space}: {goods} - {price}", space=words[0], goods=face, price=price)
        return tx(
            "space {space}: {goods} - {price}, -1 virtue", space=words[0], goods=face, price=price
        )
    if location == "guildhall" and words[:1] == ["build"]:
        card = BUILDING_BY_SLUG[words[1]]
        return tx(
            "build {building}: {vp} VP, pays {goods}",
            building=card.name,
            vp=card.vp,
            goods=_goods(card.cost),
        )
    if location == "guildhall":
        level = min(p.cathedral + 1, len(CATHEDRAL))
        vp, cost = CATHEDRAL[level - 1].vp, cathedral_cost_text(level)
        if p.character == "frederick":
            return tx(
                "cathedral: level {level} ({vp} VP), pays {cost}", level=level, vp=vp, cost=cost
            )
        return tx(
            "cathedral: level {level} ({vp} VP), pays {cost} and a card",
            level=level,
            vp=vp,
            cost=cost,
        )
    miner = E.bonus_total(p, "miner").get("clay", 0)
    if location == "mines" and rest == "clay":
        return tx("clay: +{n} clay", n=n + 1 + miner)
    if location == "mines":
        if miner:
            return tx("gold: +{n} gold, +{clay} clay", n=n // 2, clay=miner)
        return tx("gold: +{n} gold", n=n // 2)
    name = LOCATION_NAMES[location]
    if location == "quarry":
        stone = n + E.bonus_total(p, "stonecutter").get("stone", 0)
        return tx("{location}: +{n} stone", location=name, n=stone)
    if location == "forest":
        wood = n + E.bonus_total(p, "woodcutter").get("wood", 0)
        return tx("{location}: +{n} wood", location=name, n=wood)
    if location == "silversmith":
        silver = n + 1 + E.bonus_total(p, "jeweller").get("silver", 0)
        return tx("{location}: +{n} silver", location=name, n=silver)
    if location == "storehouse":
        return tx_n("{location}: {n} trade", "{location}: {n} trades", n, location=name)
    if location == "towncentre":
        return tx_n("{location}: {n} capture", "{location}: {n} captures", n, location=name)
    if location == "guardhouse":
        return tx_n("{location}: {n} action", "{location}: {n} actions", n, location=name)
    if location == "taxstand":
        loss = max(0, 2 - len(E.apprentices_of(p, "thief")))
        gold = E.bonus_total(p, "pickpocket").get("gold", 0)
        if gold:
            return tx(
                "{location}: take {silver} silver and {gold} gold, -{loss} virtue",
                location=name,
                silver=st.tax_stand,
                gold=gold,
                loss=loss,
            )
        return tx(
            "{location}: take {silver} silver, -{loss} virtue",
            location=name,
            silver=st.tax_stand,
            loss=loss,
        )
    return tx("{location}: {rest}", location=name, rest=rest)


def plans_short(st: State, seat: int) -> Text:
    """The Black Market's space b plans, short: 'b: draw 5, keep 1 - 2 silver, -1 virtue'."""
    p = st.players[seat]
    cost = black_market_cost(p, 1)
    price = tx("{n} silver", n=cost) if cost else tx_c("price", "free")
    if E.apprentices_of(p, "illusionist"):
        return tx("b: draw 5, keep 1 - {price}", price=price)
    return tx("b: draw 5, keep 1 - {price}, -1 virtue", price=price)


def capture_label(st: State, rest: str, seat: int | None = None) -> str:
    """e.g. 'blue at the Forest: 3 workers'; the capturer's own group says where it goes."""
    loc, colour = rest.split()
    j = E.colour_index(st, colour)
    n = st.players[j].at.get(loc, 0) if j >= 0 else 0
    if seat is not None and j == seat:
        return tx_n(
            "your own at the {location}: {n} worker back to your supply",
            "your own at the {location}: {n} workers back to your supply",
            n,
            location=LOCATION_NAMES[loc],
        )
    return tx_n(
        "{colour} at the {location}: {n} worker",
        "{colour} at the {location}: {n} workers",
        n,
        colour=colour_word(colour),
        location=LOCATION_NAMES[loc],
    )


def decision_label(st: State, seat: int, notation: str) -> str:
    """Words for a decision after the placement, e.g. 'discard Well (3 VP)', 'ransom silver:
    free your 3 workers from other boards for 5 silver', 'dismiss 2: Jeweller [tiling]'."""
    p = st.players[seat]
    words = notation.split()
    head, rest = words[0], words[1:]
    kind = st.pending[0].kind if st.pending else ""
    if head in ("keep", "discard") and rest:
        card = BUILDING_BY_SLUG[rest[0]]
        if head == "keep":
            return tx("keep {building} ({vp} VP)", building=card.name, vp=card.vp)
        if kind == "library":
            return tx("discard {building} ({vp} VP) for 2 gold", building=card.name, vp=card.vp)
        return tx("discard {building} ({vp} VP)", building=card.name, vp=card.vp)
    if head == "hire" and rest:
        return tx(
            "hire {slot}: {apprentice} (free)", slot=rest[0], apprentice=_apprentice(st, rest[0])
        )
    if head == "dismiss" and rest and rest[0].isdigit() and int(rest[0]) <= len(p.apprentices):
        card = APPRENTICE_BY_ID[p.apprentices[int(rest[0]) - 1]]
        return tx(
            "dismiss {n}: {apprentice} [{skills}]",
            n=rest[0],
            apprentice=card.name,
            skills=_slashed(card.skills),
        )
    if head == "gain" and rest and kind == "gain":
        return tx("gain {goods}", goods=amount(rest[0], st.pending[0].data["amounts"][rest[0]]))
    if head == "capture" and rest:
        return tx("capture {group}", group=capture_label(st, " ".join(rest), seat))
    captives = sum(p.captured.values())
    away = E.captured_from(st, seat)
    guard = {
        "prison": lambda: tx_n(
            "prison: send your {n} captive to Prison for {silver} silver",
            "prison: send your {n} captives to Prison for {silver} silver",
            captives,
            silver=captives,
        ),
        "release": lambda: tx_n(
            "release: free your {n} worker from Prison",
            "release: free your {n} workers from Prison",
            p.prison,
        ),
        "ransom silver": lambda: tx_n(  # i18n-exempt: notation (the key)
            "ransom silver: free your {n} worker from other boards for {silver} silver",
            "ransom silver: free your {n} workers from other boards for {silver} silver",
            away,
            silver=E.cost_total(p, 3, 2),
        ),
        "ransom debt": lambda: tx_n(  # i18n-exempt: notation (the key)
            "ransom debt: free your {n} worker from other boards for 1 debt and -1 virtue",
            "ransom debt: free your {n} workers from other boards for 1 debt and -1 virtue",
            away,
        ),
        "payoff": lambda: tx(
            "payoff: pay off a debt for {silver} silver (+1 virtue)", silver=E.cost_total(p, 3, 3)
        ),
        "rescue": lambda: tx_n(
            "rescue: free your {n} worker from other boards (Barracks)",
            "rescue: free your {n} workers from other boards (Barracks)",
            away,
        ),
        "destroy": lambda: tx("destroy: destroy an unpaid debt"),
    }
    if notation in guard:
        return guard[notation]()
    if head == "release" and rest:
        return tx("release {n}: Gatekeeper frees {n} of your workers from Prison", n=rest[0])
    if head == "pay" and rest and len(rest) % 2 == 0 and all(w.isdigit() for w in rest[::2]):
        paid = [amount(g, int(n)) for n, g in zip(rest[::2], rest[1::2], strict=True)]
        out = paid[0]
        for part in paid[1:]:
            out = tx("{items} {item}", items=out, item=part)
        return tx("pay {goods}", goods=out)
    if head == "trade" and len(rest) == 1 and "->" in rest[0]:
        pay, gain = rest[0].split("->", 1)
        return tx(
            "trade {pay}->{gain}", pay=plus([good(g) for g in pay.split("+")]), gain=good(gain)
        )
    if head == "pass":
        from bot.games.architects.rules import workers_elsewhere, workers_to_bring_home

        home = workers_to_bring_home(st, seat)
        if home:
            return tx("pass: bring {n} workers home from Prison and other boards", n=home)
        return tx(
            "pass: no worker to place or take back ({where})", where=workers_elsewhere(st, seat)
        )
    if head == "done":
        done = {
            "destroy": lambda: tx("done: keep the debt"),
            "gatekeeper": lambda: tx("done: leave them in Prison"),
            "library": lambda: tx("done: keep your cards"),
            "storehouse": lambda: tx("done: no more trades"),
            "towncentre": lambda: tx("done: no more captures"),
            "guardhouse": lambda: tx("done: no more Guardhouse actions"),
        }
        return done[kind]() if kind in done else tx("done")
    return notation


__all__ = ["capture_label", "decision_label", "place_label", "plans_short"]
