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

import difflib
import re
from dataclasses import dataclass

from bot.games.kingsburg.data import ADVISORS, BUILDING_BY_ID, BUILDINGS, GOODS
from bot.games.kingsburg.texts import joined
from bot.games.rejections import Rejection, malformed
from bot.games.text import tx

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
    # The German words, so German players may type them too (notation stays English).
    "holz": "wood",
    "h": "wood",
    "stein": "stone",
    "steine": "stone",
}


def _fold(word: str) -> str:
    """`word` in lower case with German letters spelled out ("Ställe" -> "staelle")."""
    word = word.lower()
    for letter, spelled in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        word = word.replace(letter, spelled)
    return word


def _good(word: str) -> str | None:
    return _GOOD_ALIASES.get(word.strip())


def _closest(word: str, names: dict[str, str]) -> str | None:
    """The display name whose key is closest to `word` (difflib), or None."""
    close = difflib.get_close_matches(word, list(names), n=1, cutoff=0.6)
    return names[close[0]] if close else None


def not_a_good(word: str, example: str) -> Rejection:
    """`word` is no good: say which goods exist, suggest the closest, show `example`."""
    word = word.strip()
    if not word:
        return malformed(tx("Name a good: gold, wood or stone, e.g. `{move}`.", move=example))
    guess = _closest(word, {g: g for g in GOODS})
    return malformed(
        tx(
            "{word} is not a good: the goods are gold, wood and stone (e.g. `{move}`).",
            word=repr(word),
            move=example,
        ),
        tx("Did you mean {guess}?", guess=guess) if guess else None,
    )


NUMBER_MAX = 99
"""The largest number any Kingsburg action can use (goods, soldiers, advisors are far below it).
Parsers refuse bigger ones with a sentence before converting them, so a typed number of any
length costs no more work than a short one (`int()` of 5,000 digits even raises)."""

_TOO_BIG = tx("Numbers in Kingsburg actions go up to {most}; no action uses more.", most=NUMBER_MAX)


def parse_number(digits: str) -> int | Rejection:
    """A run of ASCII digits as an int of at most `NUMBER_MAX`, else a sentence."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(NUMBER_MAX)) or int(digits) > NUMBER_MAX:
        return malformed(_TOO_BIG)
    return int(digits)


def parse_goods(
    text: str,
    example: str = "gift gold+wood",  # i18n-exempt: notation
) -> Goods | Rejection:
    """ "gold+wood+wood", "gold, 2 wood" or "2 wood gold" -> (1, 2, 0)."""
    counts = [0, 0, 0]
    tokens = [t for t in re.split(r"[+,\s]+|\band\b", text) if t]
    pending: int | Rejection = 1
    for tok in tokens:
        m = re.fullmatch(r"([0-9]+)(?:x)?([a-z]*)", tok)
        if m:
            pending = parse_number(m.group(1))
            if isinstance(pending, Rejection):
                return pending
            if m.group(2) == "":
                continue
            tok = m.group(2)
        good = _good(tok)
        if good is None:
            return not_a_good(tok, example)
        counts[GOODS.index(good)] += pending
        pending = 1
    return (counts[0], counts[1], counts[2])


_BUILDING_ALIASES = {
    "wizardguild": "wizards-guild",
    "merchantguild": "merchants-guild",
    "stable": "stables",
    # The German edition's names (Heidelberger Spieleverlag), spelled out by `_fold`.
    "standbild": "statue",
    "statue": "statue",
    "kapelle": "chapel",
    "kirche": "church",
    "kathedrale": "cathedral",
    "kneipe": "inn",
    "gasthaus": "inn",
    "markt": "market",
    "bauernhof": "farms",
    "bauernhoefe": "farms",
    "gildederkaufleute": "merchants-guild",
    "kaufmannsgilde": "merchants-guild",
    "wachturm": "guard-tower",
    "schmiede": "blacksmith",
    "kaserne": "barracks",
    "gildederzauberer": "wizards-guild",
    "zauberergilde": "wizards-guild",
    "palisaden": "palisade",
    "staelle": "stables",
    "stall": "stables",
    "stalle": "stables",
    "steinmauer": "stone-wall",
    "festung": "fortress",
    "barrikade": "barricade",
    "kran": "crane",
    "rathaus": "town-hall",
    "botschaft": "embassy",
}


def _building_key(word: str) -> str:
    return re.sub(r"[^a-z]", "", _fold(word))


def _norm_building(word: str) -> str | None:
    key = _building_key(word)
    for bid, b in BUILDING_BY_ID.items():
        if key in (bid.replace("-", ""), _building_key(b.name)):
            return bid
    return _BUILDING_ALIASES.get(key)


BUILDING_NAMES = joined([b.name for b in BUILDINGS])
"""Every building, in province-sheet order (row by row), for sentences."""


def unknown_building(name: str) -> Rejection:
    """No building by that name: the list of buildings and the closest name."""
    if not name.strip():
        return malformed(tx("`build` needs a building name."))
    keys = {_building_key(b.name): b.name for b in BUILDINGS}
    keys.update({k: BUILDING_BY_ID[v].name for k, v in _BUILDING_ALIASES.items()})
    guess = _closest(_building_key(name), keys)
    return malformed(
        tx(
            "There is no building called {name}. Buildings: {buildings}.",
            name=repr(name),
            buildings=BUILDING_NAMES,
        ),
        tx("Did you mean {guess}?", guess=guess) if guess else None,
    )


ADVISOR_LIST = joined([tx("{number} {advisor}", number=a.number, advisor=a.name) for a in ADVISORS])
"""Every advisor as "1 Jester, 2 Squire, ...", for sentences."""

_GERMAN_ADVISORS = (
    "hofnarr",
    "gutsherr",
    "baumeister",
    "kaufmann",
    "feldwebel",
    "alchimist",
    "astronom",
    "schatzmeister",
    "oberjaegermeister",
    "heerfuehrer",
    "waffenschmied",
    "edelfrau",
    "held",
    "schmuggler",
    "erfinder",
    "zauberer",
    "koenigin",
    "koenig",
)
"""The German edition's advisors 1 to 18, spelled out by `_fold` (typed names are accepted in
both languages; notation uses numbers)."""


def _advisor_key(word: str) -> str:
    return re.sub(r"[^a-z]", "", _fold(word))


_ADVISOR_KEYS = {_advisor_key(a.name): a.number for a in ADVISORS}
_ADVISOR_KEYS.update({name: n for n, name in enumerate(_GERMAN_ADVISORS, start=1)})
_ADVISOR_KEYS.update({"narr": 1, "knappe": 2, "architekt": 3, "haendler": 4, "general": 10})


def _advisor_number(word: str) -> int | Rejection:
    """An advisor by number ("8") or name ("treasurer", "master hunter")."""
    word = word.strip()
    if re.fullmatch(r"#?[0-9]+", word):
        return parse_number(word.lstrip("#"))
    key = _advisor_key(word)
    if key in _ADVISOR_KEYS:
        return _ADVISOR_KEYS[key]
    names = {
        k: tx("the {advisor} ({number})", advisor=ADVISORS[n - 1].name, number=n)
        for k, n in _ADVISOR_KEYS.items()
    }
    guess = _closest(key, names)
    return malformed(
        tx(
            "There is no advisor called {name}. The advisors: {advisors}.",
            name=repr(word),
            advisors=ADVISOR_LIST,
        ),
        tx("Did you mean {guess}?", guess=guess) if guess else None,
    )


def _parse_dice(text: str) -> tuple[tuple[int, ...], tuple[int, ...]] | Rejection:
    dice: list[int] = []
    whites: list[int] = []
    for tok in [t for t in re.split(r"[+,\s]+", text) if t]:
        m = re.fullmatch(r"([1-6])(w|white)?", tok)
        if not m:
            return malformed(
                tx("{token} is not a die: write values 1-6, white dice as 4w.", token=repr(tok))
            )
        (whites if m.group(2) else dice).append(int(m.group(1)))
    if not dice and not whites:
        return malformed(tx("Name the dice you place, e.g. `influence 8 with 5+3`."))
    return tuple(sorted(dice, reverse=True)), tuple(sorted(whites, reverse=True))


TWO_PLUS_TWO = tx('Only one "+2" token may be used to influence each season, so a group takes one.')
"""Refusal for a dice group naming more than one "+2" token (rulebook, Influence step; the
designer's clarifications: one token per player per season)."""

TWO_MARKETS = tx(
    "The Market changes a dice group by 1 only once: say `market+1` or `market-1`, not both "
    "or twice."
)
"""Refusal for a dice group naming the Market more than once."""

TWO_ENVOYS = tx("There is only one King's Envoy: say `envoy` once.")
"""Refusal for a notation naming the King's Envoy twice."""


def _parse_influence(rest: str) -> Action | Rejection:
    if not rest:
        return malformed(tx("Say which advisor and which dice, e.g. `influence 8 with 5+3`."))
    split = re.split(r"\s+(?:with|using)\s+|\s*:\s*", rest, maxsplit=1)
    if len(split) == 2:
        who, tail = split
    else:
        words = rest.split()
        # "influence 8 5+3" or "influence master hunter 4+5": the name may take two words.
        two = " ".join(words[:2])
        if len(words) > 1 and words[1].isalpha() and _advisor_key(two) in _ADVISOR_KEYS:
            who, tail = two, " ".join(words[2:])
        else:
            who, tail = words[0], " ".join(words[1:])
    advisor = _advisor_number(who)
    if isinstance(advisor, Rejection):
        return advisor
    plus_two = False
    shift = 0
    envoy = False
    # Options are separate words at the end; "+2" must stand apart from the dice. Each option may
    # be named once: a repeated one is refused rather than silently merged (two "+2" would
    # otherwise quietly become one, and the player would think both counted).
    words = tail.split()
    dice_words: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("+2", "plus2", "plus-2", "token", "+2token"):
            if plus_two:
                return malformed(TWO_PLUS_TWO)
            plus_two = True
            # "+2 token" names one token in two words.
            if w != "token" and i + 1 < len(words) and words[i + 1] == "token":
                i += 1
        elif w == "envoy":
            if envoy:
                return malformed(TWO_ENVOYS)
            envoy = True
        elif re.fullmatch(r"market([+-]1?)?", w):
            sign = w[len("market") :]
            if sign in ("", "+", "-") and i + 1 < len(words) and words[i + 1] in ("+1", "-1"):
                sign = words[i + 1]
                i += 1
            if shift:
                return malformed(TWO_MARKETS)
            if sign in ("+", "+1"):
                shift = 1
            elif sign in ("-", "-1"):
                shift = -1
            else:
                return malformed(tx("Say `market+1` or `market-1`."))
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
        return malformed(tx("Type an action, e.g. `influence 8 with 5+3` or `pass`."))
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
            return not_a_good(rest, "aid gold")  # i18n-exempt: notation
        return Aid(good)
    if head == "reroll":
        words = rest.split()
        if not words:
            return malformed(tx("Say `reroll statue` or `reroll chapel`."))
        bid = _norm_building(words[0])
        if bid not in ("statue", "chapel"):
            return malformed(tx("Only the Statue and the Chapel give rerolls."))
        white = "white" in words[1:] or "w" in words[1:]
        return Reroll(bid, white if bid == "statue" else False)
    if head in ("influence", "inf", "place"):
        return _parse_influence(rest)
    if head in ("gift", "take", "choose"):
        goods = parse_goods(rest, "gift gold")  # i18n-exempt: notation
        return goods if isinstance(goods, Rejection) else Gift(goods)
    if head in ("lose", "give"):
        goods = parse_goods(rest, "lose gold")  # i18n-exempt: notation
        return goods if isinstance(goods, Rejection) else Lose(goods)
    if head == "alchemist":
        give_text = re.split(r"->|>|\s+for\s+|\s", rest)[0] if rest else ""
        give = _good(give_text)
        if give is None:
            if not give_text:
                return malformed(tx("Say which good you give, e.g. `alchemist stone->gold+wood`."))
            return not_a_good(give_text, "alchemist gold->wood+stone")  # i18n-exempt: notation
        return Alchemist(give)
    if head == "build":
        words = rest.split()
        envoy = bool(words) and words[-1] == "envoy"
        name = " ".join(words[:-1] if envoy else words)
        if envoy and "envoy" in name.split():
            return malformed(TWO_ENVOYS)
        bid = _norm_building(name)
        if bid is None:
            return unknown_building(name)
        return Build(bid, envoy)
    if head in ("townhall", "town-hall") or t.startswith("town hall"):  # i18n-exempt: notation
        what = rest if head != "town" else rest.partition(" ")[2]
        what = what.replace(" ", "")
        if what in ("plus2", "+2", "token", "plus-2"):
            return TownHall("plus2")
        good = _good(what)
        if good is None:
            if not what:
                return malformed(
                    tx("Say what you hand in: `townhall plus2` or a good (`townhall gold`).")
                )
            rej = not_a_good(what, "townhall gold")  # i18n-exempt: notation
            return malformed(
                tx('{refusal} The Town Hall takes a "+2" token or a good.', refusal=rej.message),
                rej.hint,
            )
        return TownHall(good)
    if head == "recruit":
        # "recruit 3 soldiers for gold+..." reads like "recruit 3 gold+...".
        rest = re.sub(r"^(\d+)\s*soldiers?\b", r"\1", rest).strip()
        m = re.fullmatch(r"([0-9]+)\s*(?:for|paying|with)?\s*(.*)", rest)
        if not m:
            return malformed(tx("Write it as `recruit 2 gold+wood+stone+stone`."))
        count = parse_number(m.group(1))
        if isinstance(count, Rejection):
            return count
        if count == 0:
            return Skip()
        example = "recruit 1 gold+wood"  # i18n-exempt: notation
        goods = parse_goods(m.group(2), example) if m.group(2) else (0, 0, 0)
        return goods if isinstance(goods, Rejection) else Recruit(count, goods)
    return malformed(
        tx("I don't know the action {word}.", word=repr(head)),
        tx(
            "Try influence, pass, gift, alchemist, reroll, keep, build, done, townhall, recruit, "
            "aid, lose or skip."
        ),
    )
