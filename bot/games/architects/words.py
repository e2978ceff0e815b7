"""The words Architects texts are built from, kept translatable (`bot.games.text`): goods and
their amounts, colours, lists ("2 wood and 1 stone"). Every function returns a `Text` (an
English `str` that the table says again in the reader's language), so a sentence built from them
keeps its message id and parameters instead of being glued together in English."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bot.games.text import Text, and_list, tx, tx_c, tx_n
from bot.games.text import or_list as text_or_list

GOODS: Mapping[str, Text] = {
    "clay": tx_c("good", "clay"),
    "wood": tx_c("good", "wood"),
    "stone": tx_c("good", "stone"),
    "gold": tx_c("good", "gold"),
    "marble": tx_c("good", "marble"),
    "silver": tx_c("good", "silver"),
    "virtue": tx_c("good", "virtue"),
}
"""A good's name as written after a number ("3 stone")."""

SKILLS: Mapping[str, Text] = {
    "carpentry": tx_c("skill", "carpentry"),
    "tiling": tx_c("skill", "tiling"),
    "masonry": tx_c("skill", "masonry"),
}

COLOURS: Mapping[str, Text] = {
    "red": tx_c("colour", "red"),
    "blue": tx_c("colour", "blue"),
    "yellow": tx_c("colour", "yellow"),
    "green": tx_c("colour", "green"),
    "purple": tx_c("colour", "purple"),
    "black": tx_c("colour", "black"),
}
"""A colour as written inside a sentence ("blue at the Forest")."""

NAMES: Mapping[str, Text] = {
    "red": tx_c("player", "Red"),
    "blue": tx_c("player", "Blue"),
    "yellow": tx_c("player", "Yellow"),
    "green": tx_c("player", "Green"),
    "purple": tx_c("player", "Purple"),
    "black": tx_c("player", "Black"),
}
"""A colour as a player's name ("Red trades ...")."""


def good(name: str) -> str:
    """A good's name ('stone'), translatable; an unknown name as it is."""
    return GOODS.get(name, name)


def skill(name: str) -> str:
    """A skill's name ('masonry'), translatable."""
    return SKILLS.get(name, name)


def skills(names: Iterable[str]) -> Text:
    """'masonry', 'carpentry and tiling'."""
    return listing([skill(s) for s in names])


def colour(name: str) -> str:
    """A colour inside a sentence ('blue'), translatable."""
    return COLOURS.get(name, name)


def amount(name: str, n: int) -> Text:
    """'3 stone', '1 building card', '2 building cards'."""
    if name == "cards":
        return tx_n("{n} building card", "{n} building cards", n)
    return tx("{n} {good}", n=n, good=good(name))


def signed(name: str, n: int) -> Text:
    """'+3 stone'."""
    return tx("+{n} {good}", n=n, good=good(name))


def comma(parts: Sequence[str]) -> str:
    """'a, b, c' (one part: itself; none: '')."""
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return tx("{items}, {item}", items=comma(parts[:-1]), item=parts[-1])


def listing(parts: Sequence[str]) -> Text | str:
    """'a', 'a and b', 'a, b and c'; 'nothing' for none."""
    return and_list(parts) if parts else tx("nothing")


def goods(items: Iterable[tuple[str, int]] | Mapping[str, int]) -> Text:
    """'2 wood and 1 stone' ('nothing' for none)."""
    pairs = items.items() if isinstance(items, Mapping) else items
    return listing([amount(g, n) for g, n in pairs])


def goods_comma(items: Iterable[tuple[str, int]]) -> str:
    """'1 clay, 2 stone, 1 gold' ('' for none)."""
    return comma([amount(g, n) for g, n in items])


def goods_plus(items: Iterable[tuple[str, int]]) -> str:
    """'1 clay+2 stone' (an apprentice's trade)."""
    return plus([amount(g, n) for g, n in items])


def plus(parts: Sequence[str]) -> str:
    """'clay+wood'."""
    out = parts[0] if parts else ""
    for part in parts[1:]:
        out = tx("{items}+{item}", items=out, item=part)
    return out


def or_list(parts: Sequence[str]) -> Text | str:
    """'a', 'a or b', 'a, b or c'; 'nothing' for none."""
    return text_or_list(parts) if parts else tx("nothing")


def workers(n: int) -> Text:
    """'1 worker', '3 workers'."""
    return tx_n("{n} worker", "{n} workers", n)
