"""Small shared rules: virtue with its debts, taxed costs, apprentice bonuses, card draws, the
Workshop rows and payment options. Every function changes the (already cloned) state it gets."""

from __future__ import annotations

from bot.games.architects.board import (
    APPRENTICE_LIMIT,
    AUTOMA_COLOUR,
    COLOURS,
    VIRTUE_MAX,
    avoid_tax_icons,
)
from bot.games.architects.cards import APPRENTICE_BY_ID
from bot.games.architects.state import Pending, Phase, Player, State
from bot.games.architects.words import NAMES
from bot.games.text import Text, tx_n


def colour(st: State, i: int) -> str:
    """A player's colour name (the automated opponent is black)."""
    return AUTOMA_COLOUR if i == st.automa_index else COLOURS[i]


def colour_index(st: State, name: str) -> int:
    """The player index of a colour, or -1."""
    for i in range(st.total_players):
        if colour(st, i) == name:
            return i
    return -1


def who(st: State, i: int) -> str:
    """A player as a sentence names them: 'Red', or the automated opponent by its name
    ('Helena')."""
    if i == st.automa_index and st.automa:
        return str(st.automa.difficulty).title()
    name = colour(st, i)
    return NAMES.get(name) or name[:1].upper() + name[1:]


def count(n: int, word: str) -> str:
    """'1 worker', '3 workers'."""
    return f"{n} {word}{'s' * (n != 1)}"


def sentence(text: str) -> str:
    """`text` as a sentence: a capital first letter and a full stop (a translatable `Text` is
    written as a whole sentence already and kept as it is)."""
    if isinstance(text, Text):
        return text
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def note(st: State, text: str) -> None:
    """Remember a public happening for the view (the last 8)."""
    st.log.append(sentence(text))
    del st.log[:-8]


def change_virtue(st: State, i: int, delta: int) -> None:
    """Move a player on the Virtue Track; below 0 each missing point is a new unpaid debt.

    Above 14 each excess point *may* destroy an unpaid debt: a `destroy` decision of that seat is
    queued (keeping a debt to pay it off later can be worth more, with Debt Collectors, a
    Moneylender or a Reservoir). The automated opponent and end-game effects (no later turn to
    pay it off, so destroying is never worse) destroy at once."""
    p = st.players[i]
    v = p.virtue + delta
    if v > VIRTUE_MAX:
        excess = min(v - VIRTUE_MAX, p.debts)
        if excess and st.phase is Phase.PLAY and i < st.seats:
            st.pending.append(Pending("destroy", {"left": excess, "seat": i}))
        elif excess:
            p.debts -= excess
            note(
                st,
                tx_n(
                    "{who} destroys {n} unpaid debt.",
                    "{who} destroys {n} unpaid debts.",
                    excess,
                    who=who(st, i),
                ),
            )
        v = VIRTUE_MAX
    if v < 0:
        p.debts += -v
        note(
            st,
            tx_n(
                "{who} falls below 0 virtue and takes {n} debt.",
                "{who} falls below 0 virtue and takes {n} debts.",
                -v,
                who=who(st, i),
            ),
        )
        v = 0
    p.virtue = v


def apprentices_of(p: Player, kind: str) -> list[int]:
    """The ids of this player's apprentices of one kind ('jeweller', ...)."""
    return [a for a in p.apprentices if APPRENTICE_BY_ID[a].kind == kind]


def bonus_total(p: Player, kind: str) -> dict[str, int]:
    """Sum of the bonuses of every apprentice of `kind` this player has (duplicates add up)."""
    out: dict[str, int] = {}
    for a in apprentices_of(p, kind):
        for good, n in APPRENTICE_BY_ID[a].bonus:
            out[good] = out.get(good, 0) + n
    return out


def has_skill(p: Player, skill: str) -> bool:
    """True when one of the player's apprentices has `skill`."""
    return any(skill in APPRENTICE_BY_ID[a].skills for a in p.apprentices)


def apprentice_limit(p: Player) -> int:
    """5 apprentices, 6 for Rudolf."""
    return APPRENTICE_LIMIT + (1 if p.character == "rudolf" else 0)


def tax_due(p: Player, tax: int) -> int:
    """The Tax actually paid: avoid-tax icons at low virtue and Ada's power each ignore 1."""
    avoid = avoid_tax_icons(p.virtue) + (1 if p.character == "ada" else 0)
    return max(0, tax - avoid)


def cost_total(p: Player, silver: int, tax: int) -> int:
    """Silver a taxed cost takes from this player now."""
    return silver + tax_due(p, tax)


def pay_cost(st: State, i: int, silver: int, tax: int) -> None:
    """Pay `silver` to the supply and the due part of `tax` onto the Tax Stand."""
    p = st.players[i]
    t = tax_due(p, tax)
    p.silver -= silver + t
    st.tax_stand += t


def gain(st: State, i: int, goods: dict[str, int] | tuple[tuple[str, int], ...]) -> None:
    """Give goods, silver, virtue or building cards ('cards')."""
    items = goods.items() if isinstance(goods, dict) else goods
    for good, n in items:
        if good == "virtue":
            change_virtue(st, i, n)
        elif good == "cards":
            draw_buildings(st, i, n)
        elif good == "release":
            continue
        else:
            st.players[i].add(good, n)


def draw_buildings(st: State, i: int, n: int) -> list[int]:
    """Draw up to `n` building cards from the top of the pile into a hand (fewer if it runs
    out)."""
    drawn = st.building_deck[:n]
    del st.building_deck[:n]
    st.players[i].hand.extend(drawn)
    return drawn


def slot_index(slot: str) -> tuple[int, int]:
    """'t3' -> (0, 2); 'b1' -> (1, 0)."""
    return (0 if slot[0] == "t" else 1), int(slot[1]) - 1


def take_apprentice(st: State, i: int, row: int, col: int) -> int:
    """Hire the card at (row, col): the hirer collects its Silver, takes its hire virtue, the row
    shifts left (coins with the cards) and the right-most space is refilled from the pile."""
    card = st.rows[row][col]
    p = st.players[i]
    p.silver += st.row_silver[row][col]
    del st.rows[row][col]
    del st.row_silver[row][col]
    st.rows[row].append(st.apprentice_deck.pop(0) if st.apprentice_deck else 0)
    st.row_silver[row].append(0)
    p.apprentices.append(card)
    change_virtue(st, i, APPRENTICE_BY_ID[card].virtue)
    return card


def payment_options(p: Player, cost: tuple[tuple[str, int], ...], mix: int) -> list[dict[str, int]]:
    """Every way this player can pay `cost` plus `mix` stone/wood in any mix (Cathedral levels 2
    and 4). Therese may pay Gold and Marble for each other."""
    base: dict[str, int] = dict(cost)
    options: list[dict[str, int]] = []
    mixes = [(s, mix - s) for s in range(mix + 1)] if mix else [(0, 0)]
    if p.character == "therese" and (base.get("gold") or base.get("marble")):
        precious = base.pop("gold", 0) + base.pop("marble", 0)
        swaps = [(g, precious - g) for g in range(precious + 1)]
    else:
        swaps = [(base.pop("gold", 0), base.pop("marble", 0))]
    for stone, wood in mixes:
        for gold, marble in swaps:
            pay = dict(base)
            for good, n in (("stone", stone), ("wood", wood), ("gold", gold), ("marble", marble)):
                if n:
                    pay[good] = pay.get(good, 0) + n
            if all(p.good(g) >= n for g, n in pay.items()) and pay not in options:
                options.append(pay)
    return options


def pay_goods(p: Player, goods: dict[str, int]) -> None:
    """Return goods to the supply."""
    for good, n in goods.items():
        p.add(good, -n)


def captured_from(st: State, i: int) -> int:
    """How many of player i's workers sit on other players' boards."""
    return sum(q.captured.get(i, 0) for j, q in enumerate(st.players) if j != i)


def free_from_boards(st: State, i: int) -> int:
    """Return all of player i's workers on other boards to its supply."""
    total = 0
    for j, q in enumerate(st.players):
        if j != i and q.captured.get(i):
            total += q.captured.pop(i)
    st.players[i].supply += total
    return total
