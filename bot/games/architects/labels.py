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


def _goods(items: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{n} {g}" for g, n in items) or "nothing"


def _apprentice(st: State, slot: str) -> str:
    row, col = E.slot_index(slot)
    card = APPRENTICE_BY_ID[st.rows[row][col]]
    coins = st.row_silver[row][col]
    extra = f", {coins} silver on it" if coins else ""
    return f"{card.name} [{'/'.join(card.skills)}]{extra}"


def place_label(st: State, seat: int, location: str, rest: str) -> str:
    """e.g. 'hire t3: Jeweller [tiling] - 5 silver (1 to skip)'."""
    p = st.players[seat]
    words = rest.split()
    n = p.at.get(location, 0) + 1
    if location == "workshop" and words[:1] == ["hire"]:
        col = int(words[1][1])
        skips = max(0, col - n)
        skip = f" ({skips} to skip)" if skips else ""
        return f"{rest}: {_apprentice(st, words[1])} - {hire_cost(p, skips)} silver{skip}"
    if location == "workshop":
        return f"plans: draw {E.count(1 + n // 2, 'building card')}"
    if location == "blackmarket":
        space = "abc".index(words[0])
        cost = black_market_cost(p, space)
        loss = "" if E.apprentices_of(p, "illusionist") else ", -1 virtue"
        price = f"{cost} silver" if cost else "free"
        if space == 1 and words[1] == "hire":
            return f"space b, hire {words[2]}: {_apprentice(st, words[2])} - {price}{loss}"
        if space == 1:
            return f"space b, plans: draw 5, keep 1 - {price}{loss}"
        face = _goods(market_face(st, space))
        return f"space {words[0]}: {face} - {price}{loss}"
    if location == "guildhall" and words[:1] == ["build"]:
        card = BUILDING_BY_SLUG[words[1]]
        return f"build {card.name}: {card.vp} VP, pays {_goods(card.cost)}"
    if location == "guildhall":
        level = min(p.cathedral + 1, len(CATHEDRAL))
        vp, cost = CATHEDRAL[level - 1].vp, cathedral_cost_text(level)
        card = "" if p.character == "frederick" else " and a card"
        return f"cathedral: level {level} ({vp} VP), pays {cost}{card}"
    miner = E.bonus_total(p, "miner").get("clay", 0)
    if location == "mines" and rest == "clay":
        return f"clay: +{n + 1 + miner} clay"
    if location == "mines":
        return f"gold: +{n // 2} gold" + (f", +{miner} clay" if miner else "")
    stone = n + E.bonus_total(p, "stonecutter").get("stone", 0)
    wood = n + E.bonus_total(p, "woodcutter").get("wood", 0)
    silver = n + 1 + E.bonus_total(p, "jeweller").get("silver", 0)
    loss = max(0, 2 - len(E.apprentices_of(p, "thief")))
    gold = E.bonus_total(p, "pickpocket").get("gold", 0)
    bare = {
        "quarry": f"+{stone} stone",
        "forest": f"+{wood} wood",
        "silversmith": f"+{silver} silver",
        "storehouse": E.count(n, "trade"),
        "towncentre": E.count(n, "capture"),
        "guardhouse": E.count(n, "action"),
        "taxstand": f"take {st.tax_stand} silver"
        + (f" and {gold} gold" if gold else "")
        + f", -{loss} virtue",
    }
    return f"{LOCATION_NAMES[location]}: {bare.get(location, rest)}"


def capture_label(st: State, rest: str, seat: int | None = None) -> str:
    """e.g. 'blue at the Forest: 3 workers'; the capturer's own group says where it goes."""
    loc, colour = rest.split()
    j = E.colour_index(st, colour)
    n = st.players[j].at.get(loc, 0) if j >= 0 else 0
    workers = f"{n} worker{'s' * (n != 1)}"
    if seat is not None and j == seat:
        return f"your own at the {LOCATION_NAMES[loc]}: {workers} back to your supply"
    return f"{colour} at the {LOCATION_NAMES[loc]}: {workers}"


def decision_label(st: State, seat: int, notation: str) -> str:
    """Words for a decision after the placement, e.g. 'discard Well (3 VP)', 'ransom silver:
    free your 3 workers from other boards for 5 silver', 'dismiss 2: Jeweller [tiling]'."""
    p = st.players[seat]
    words = notation.split()
    head, rest = words[0], words[1:]
    kind = st.pending[0].kind if st.pending else ""
    if head in ("keep", "discard") and rest:
        card = BUILDING_BY_SLUG[rest[0]]
        gold = " for 2 gold" if kind == "library" else ""
        return f"{head} {card.name} ({card.vp} VP){gold}"
    if head == "hire" and rest:
        return f"hire {rest[0]}: {_apprentice(st, rest[0])} (free)"
    if head == "dismiss" and rest and rest[0].isdigit() and int(rest[0]) <= len(p.apprentices):
        card = APPRENTICE_BY_ID[p.apprentices[int(rest[0]) - 1]]
        return f"dismiss {rest[0]}: {card.name} [{'/'.join(card.skills)}]"
    if head == "gain" and rest and kind == "gain":
        return f"gain {st.pending[0].data['amounts'][rest[0]]} {rest[0]}"
    if head == "capture" and rest:
        return "capture " + capture_label(st, " ".join(rest), seat)
    captives = sum(p.captured.values())
    away = E.captured_from(st, seat)
    guard = {
        "prison": f"send your {E.count(captives, 'captive')} to Prison for {captives} silver",
        "release": f"free your {E.count(p.prison, 'worker')} from Prison",
        "ransom silver": f"free your {E.count(away, 'worker')} from other boards for "
        f"{E.cost_total(p, 3, 2)} silver",
        "ransom debt": f"free your {E.count(away, 'worker')} from other boards for 1 debt and"
        " -1 virtue",
        "payoff": f"pay off a debt for {E.cost_total(p, 3, 3)} silver (+1 virtue)",
        "rescue": f"free your {E.count(away, 'worker')} from other boards (Barracks)",
        "destroy": "destroy an unpaid debt",
    }
    if notation in guard:
        return f"{notation}: {guard[notation]}"
    if head == "release" and rest:
        return f"release {rest[0]}: Gatekeeper frees {rest[0]} of your workers from Prison"
    if head == "pass":
        from bot.games.architects.rules import workers_elsewhere, workers_to_bring_home

        home = workers_to_bring_home(st, seat)
        if home:
            return f"pass: bring {home} workers home from Prison and other boards"
        return f"pass: no worker to place or take back ({workers_elsewhere(st, seat)})"
    if head == "done":
        return {
            "destroy": "done: keep the debt",
            "gatekeeper": "done: leave them in Prison",
            "library": "done: keep your cards",
            "storehouse": "done: no more trades",
            "towncentre": "done: no more captures",
            "guardhouse": "done: no more Guardhouse actions",
        }.get(kind, "done")
    return notation


__all__ = ["capture_label", "decision_label", "place_label"]
