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
        return f"plans: draw {1 + n // 2} building card(s)"
    if location == "blackmarket":
        space = "abc".index(words[0])
        cost = black_market_cost(p, space)
        if space == 1 and words[1] == "hire":
            return f"{rest}: {_apprentice(st, words[2])} - {cost} silver, -1 virtue"
        if space == 1:
            return f"{rest}: draw 5 plans, keep 1 - {cost} silver, -1 virtue"
        return f"{rest}: {_goods(market_face(st, space))} - {cost} silver, -1 virtue"
    if location == "guildhall" and words[:1] == ["build"]:
        card = BUILDING_BY_SLUG[words[1]]
        return f"build {card.name}: {card.vp} VP, pays {_goods(card.cost)}"
    if location == "guildhall":
        level = min(p.cathedral + 1, len(CATHEDRAL))
        vp, cost = CATHEDRAL[level - 1].vp, cathedral_cost_text(level)
        return f"cathedral: level {level} ({vp} VP), pays {cost} and a card"
    if location == "mines":
        amount = n + 1 if rest == "clay" else n // 2
        return f"{rest}: +{amount} {rest}"
    bare = {
        "quarry": f"+{n} stone",
        "forest": f"+{n} wood",
        "silversmith": f"+{n + 1} silver",
        "storehouse": f"{n} trade(s)",
        "towncentre": f"{n} capture(s)",
        "guardhouse": f"{n} action(s)",
        "taxstand": f"take {st.tax_stand} silver, -2 virtue",
    }
    return f"{LOCATION_NAMES[location]}: {bare.get(location, rest)}"


def capture_label(st: State, rest: str) -> str:
    """e.g. 'forest red: 3 workers'."""
    loc, colour = rest.split()
    j = E.colour_index(st, colour)
    n = st.players[j].at.get(loc, 0) if j >= 0 else 0
    return f"{colour} at the {LOCATION_NAMES[loc]}: {n} worker{'s' * (n != 1)}"


__all__ = ["capture_label", "place_label"]
