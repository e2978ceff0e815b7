"""Kingsburg actions (one frozen dataclass per kind) and their text notation.

Grammar (case and extra spaces are ignored when parsing; `format_action` gives the canonical form):

    aid wood                               choose your good from the King
    reroll statue | reroll statue white    Statue: reroll one coloured (or one white) die
    reroll chapel | keep                   Chapel: reroll all dice; keep: no (more) rerolls
    influence 8 with 5+3                   dice group (white dice get a "w": 4+2w)
    influence 9 with 4+3 +2                ... adding a "+2" token
    influence 10 with 4+5 market+1         ... using the Market (+1 or -1)
    influence 3 with 3 envoy               ... on a taken advisor with the King's Envoy
    pass                                   stop influencing this season
    gift gold | gift gold+wood             choose an advisor's goods (also winter rewards)
    alchemist stone->gold+wood             trade at the Alchemist
    build statue | build crane envoy       build (the second one with the King's Envoy)
    done                                   build nothing (more) this season
    townhall plus2 | townhall gold         Town Hall: 1 VP for a "+2" token or a good
    recruit 2 gold+wood+stone+stone        recruit soldiers, naming the goods paid
    lose gold+wood                         winter: the goods of your choice you give up
    skip                                   decline (Alchemist, Smuggler, Town Hall, recruiting)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.kingsburg.data import BUILDING_BY_ID, GOODS
from bot.games.rejections import Rejection, malformed

Goods = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Aid:
    """Year-I style aid: take one good of your choice."""

    good: str


@dataclass(frozen=True, slots=True)
class Reroll:
    """Use the Statue (one die; `white` picks a white die) or the Chapel (all dice)."""

    building: str
    white: bool = False


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the dice as they are (no more rerolls this season)."""


@dataclass(frozen=True, slots=True)
class Influence:
    """Place a dice group on an advisor. `dice` coloured values and `whites` white values, each
    sorted high to low; `plus_two` adds a token; `shift` is the Market's -1/0/+1."""

    advisor: int
    dice: tuple[int, ...]
    whites: tuple[int, ...] = ()
    plus_two: bool = False
    shift: int = 0
    envoy: bool = False


@dataclass(frozen=True, slots=True)
class Pass:
    """Stop influencing advisors this season."""


@dataclass(frozen=True, slots=True)
class Gift:
    """The goods chosen from an advisor's gift (or a winter reward)."""

    goods: Goods


@dataclass(frozen=True, slots=True)
class Alchemist:
    """Give one good (gold/wood/stone) to the Alchemist for one each of the other two."""

    give: str


@dataclass(frozen=True, slots=True)
class Build:
    """Construct a building; `envoy` marks the second build paid for by the King's Envoy."""

    building: str
    envoy: bool = False


@dataclass(frozen=True, slots=True)
class Done:
    """Construct nothing (more) this season."""


@dataclass(frozen=True, slots=True)
class TownHall:
    """Hand in "plus2" or a good at the Town Hall for 1 VP."""

    pay: str


@dataclass(frozen=True, slots=True)
class Recruit:
    """Recruit `count` soldiers paying `payment` goods."""

    count: int
    payment: Goods


@dataclass(frozen=True, slots=True)
class Lose:
    """Winter penalty: the goods of your choice you give up."""

    goods: Goods


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline an optional benefit (Alchemist, Smuggler, Town Hall) or recruit nobody."""


Action = (
    Aid | Reroll | Keep | Influence | Pass | Gift | Alchemist | Build | Done | TownHall | Recruit
) | (Lose | Skip)


def goods_notation(goods: Goods) -> str:
    """(1, 1, 0) -> "gold+wood"."""
    parts: list[str] = []
    for name, n in zip(GOODS, goods, strict=True):
        parts.extend([name] * n)
    return "+".join(parts)


def _dice_text(dice: tuple[int, ...], whites: tuple[int, ...]) -> str:
    return "+".join([str(v) for v in dice] + [f"{v}w" for v in whites])


def format_action(action: Action) -> str:
    """Canonical notation for an action."""
    match action:
        case Aid(good):
            return f"aid {good}"
        case Reroll(building, white):
            return f"reroll {building}" + (" white" if white else "")
        case Keep():
            return "keep"
        case Influence(advisor, dice, whites, plus_two, shift, envoy):
            text = f"influence {advisor} with {_dice_text(dice, whites)}"
            if plus_two:
                text += " +2"
            if shift:
                text += f" market{shift:+d}"
            if envoy:
                text += " envoy"
            return text
        case Pass():
            return "pass"
        case Gift(goods):
            return f"gift {goods_notation(goods)}"
        case Alchemist(give):
            others = [g for g in GOODS if g != give]
            return f"alchemist {give}->{'+'.join(others)}"
        case Build(building, envoy):
            return f"build {building}" + (" envoy" if envoy else "")
        case Done():
            return "done"
        case TownHall(pay):
            return f"townhall {pay}"
        case Recruit(count, payment):
            return f"recruit {count} {goods_notation(payment)}"
        case Lose(goods):
            return f"lose {goods_notation(goods)}"
        case Skip():
            return "skip"
    raise TypeError(f"not a Kingsburg action: {action!r}")


_GOOD_ALIASES = {
    "gold": "gold",
    "g": "gold",
    "coin": "gold",
    "wood": "wood",
    "w": "wood",
    "stone": "stone",
    "s": "stone",
    "golds": "gold",
    "woods": "wood",
    "stones": "stone",
}


def _good(word: str) -> str | None:
    return _GOOD_ALIASES.get(word.strip())


def parse_goods(text: str) -> Goods | Rejection:
    """ "gold+wood+wood", "gold, 2 wood" or "2 wood gold" -> (1, 2, 0)."""
    counts = [0, 0, 0]
    tokens = [t for t in re.split(r"[+,\s]+|\band\b", text) if t]
    pending = 1
    for tok in tokens:
        m = re.fullmatch(r"(\d+)(?:x)?([a-z]*)", tok)
        if m and m.group(2) == "":
            pending = int(m.group(1))
            continue
        if m:
            pending, tok = int(m.group(1)), m.group(2)
        good = _good(tok)
        if good is None:
            return malformed(f"{tok!r} is not a good: say gold, wood or stone.")
        counts[GOODS.index(good)] += pending
        pending = 1
    return (counts[0], counts[1], counts[2])


def _norm_building(word: str) -> str | None:
    key = re.sub(r"[^a-z]", "", word.lower())
    for bid, b in BUILDING_BY_ID.items():
        if key in (bid.replace("-", ""), re.sub(r"[^a-z]", "", b.name.lower())):
            return bid
    aliases = {
        "wizardguild": "wizards-guild",
        "merchantguild": "merchants-guild",
        "stable": "stables",
    }
    return aliases.get(key)


def _parse_dice(text: str) -> tuple[tuple[int, ...], tuple[int, ...]] | Rejection:
    dice: list[int] = []
    whites: list[int] = []
    for tok in [t for t in re.split(r"[+,\s]+", text) if t]:
        m = re.fullmatch(r"([1-6])(w|white)?", tok)
        if not m:
            return malformed(f"{tok!r} is not a die: write values 1-6, white dice as 4w.")
        (whites if m.group(2) else dice).append(int(m.group(1)))
    if not dice and not whites:
        return malformed("Name the dice you place, e.g. `influence 8 with 5+3`.")
    return tuple(sorted(dice, reverse=True)), tuple(sorted(whites, reverse=True))


def _parse_influence(rest: str) -> Action | Rejection:
    m = re.fullmatch(r"(\d+)\s*(?:with|using|:)?\s*(.*)", rest)
    if not m:
        return malformed("Write it as `influence 8 with 5+3`.")
    advisor = int(m.group(1))
    tail = m.group(2)
    plus_two = False
    shift = 0
    envoy = False
    # Options are separate words at the end; "+2" must stand apart from the dice.
    words = tail.split()
    dice_words: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("+2", "plus2", "plus-2", "token", "+2token"):
            plus_two = True
        elif w == "envoy":
            envoy = True
        elif re.fullmatch(r"market([+-]1?)?", w):
            sign = w[len("market") :]
            if sign in ("", "+", "-") and i + 1 < len(words) and words[i + 1] in ("+1", "-1"):
                sign = words[i + 1]
                i += 1
            if sign in ("+", "+1"):
                shift = 1
            elif sign in ("-", "-1"):
                shift = -1
            else:
                return malformed("Say `market+1` or `market-1`.")
        else:
            dice_words.append(w)
        i += 1
    dice = _parse_dice(" ".join(dice_words))
    if isinstance(dice, Rejection):
        return dice
    return Influence(advisor, dice[0], dice[1], plus_two, shift, envoy)


def parse_action(text: str) -> Action | Rejection:
    """Parse notation (tolerant of case and spacing) into an action, unchecked."""
    t = " ".join(text.strip().lower().replace("\u2192", "->").split())
    if not t:
        return malformed("Type an action, e.g. `influence 8 with 5+3` or `pass`.")
    head, _, rest = t.partition(" ")
    rest = rest.strip()
    simple: dict[str, Action] = {
        "keep": Keep(),
        "pass": Pass(),
        "done": Done(),
        "skip": Skip(),
        "no": Skip(),
        "decline": Skip(),
    }
    if head in simple and not rest:
        return simple[head]
    if head == "aid":
        good = _good(rest)
        if good is None:
            return malformed("Choose a good: `aid gold`, `aid wood` or `aid stone`.")
        return Aid(good)
    if head == "reroll":
        words = rest.split()
        if not words:
            return malformed("Say `reroll statue` or `reroll chapel`.")
        bid = _norm_building(words[0])
        if bid not in ("statue", "chapel"):
            return malformed("Only the Statue and the Chapel give rerolls.")
        white = "white" in words[1:] or "w" in words[1:]
        return Reroll(bid, white if bid == "statue" else False)
    if head in ("influence", "inf", "place"):
        return _parse_influence(rest)
    if head in ("gift", "take", "choose"):
        goods = parse_goods(rest)
        return goods if isinstance(goods, Rejection) else Gift(goods)
    if head in ("lose", "give"):
        goods = parse_goods(rest)
        return goods if isinstance(goods, Rejection) else Lose(goods)
    if head == "alchemist":
        give_text = re.split(r"->|>|\s+for\s+|\s", rest)[0] if rest else ""
        give = _good(give_text)
        if give is None:
            return malformed("Say which good you give, e.g. `alchemist stone->gold+wood`.")
        return Alchemist(give)
    if head == "build":
        words = rest.split()
        envoy = bool(words) and words[-1] == "envoy"
        name = " ".join(words[:-1] if envoy else words)
        bid = _norm_building(name)
        if bid is None:
            return malformed(f"There is no building called {name!r}.")
        return Build(bid, envoy)
    if head in ("townhall", "town-hall") or t.startswith("town hall"):
        what = rest if head != "town" else rest.partition(" ")[2]
        what = what.replace(" ", "")
        if what in ("plus2", "+2", "token", "plus-2"):
            return TownHall("plus2")
        good = _good(what)
        if good is None:
            return malformed("Say `townhall plus2` or `townhall gold` (or wood, stone).")
        return TownHall(good)
    if head == "recruit":
        # "recruit 3 soldiers for gold+..." reads like "recruit 3 gold+...".
        rest = re.sub(r"^(\d+)\s*soldiers?\b", r"\1", rest).strip()
        m = re.fullmatch(r"(\d+)\s*(?:for|paying|with)?\s*(.*)", rest)
        if not m:
            return malformed("Write it as `recruit 2 gold+wood+stone+stone`.")
        count = int(m.group(1))
        if count == 0:
            return Skip()
        goods = parse_goods(m.group(2)) if m.group(2) else (0, 0, 0)
        return goods if isinstance(goods, Rejection) else Recruit(count, goods)
    return malformed(
        f"I don't know the action {head!r}.",
        "Try influence, pass, gift, alchemist, reroll, keep, build, done, townhall, recruit, "
        "aid, lose or skip.",
    )
