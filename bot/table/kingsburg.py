"""Kingsburg at the table: its subcommands (`TABLE`), its private information in words and its
move menus.

Private information: what `/kingsburg peek` (and a player's private `/game status` reply) says
about the enemy card the player looked at with the General or the Queen. The image shows the
same card; the text repeats it so it can be read (and searched) without opening the picture.

Move menus: `legal_actions` lists every legal move, some of which only differ in which die of
equal value goes where (`influence 7 with 4+3` and `influence 7 with 3+4w` both put a 4 and a 3
on the Astronomer). A menu keeps one entry of each such family - the one that spends the white
die, so the coloured die (which, unlike a white one, may later go alone) stays in hand - while
the notation of every variant is still accepted when typed. Labels name the advisor and its gift
("influence 13 (Champion: 3 stone) with 6+4+3") and say when a move gains nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.kingsburg import data as D
from bot.games.kingsburg.actions import (
    Action,
    Aid,
    Alchemist,
    Build,
    Done,
    Gift,
    Influence,
    Keep,
    Lose,
    Pass,
    Recruit,
    Reroll,
    Skip,
    TownHall,
    format_action,
    parse_action,
)
from bot.games.kingsburg.rules import goods_words, legal_actions
from bot.games.kingsburg.state import State, Step
from bot.games.kingsburg.texts import and_list, count, good_count
from bot.games.rejections import Rejection
from bot.i18n import N_, say, tr, tr_c
from bot.table.hooks import GameTable, Subcommand, simple

__all__ = [
    "NOT_PEEKED",
    "TABLE",
    "gains_nothing",
    "label",
    "menu_actions",
    "menu_labels",
    "peek_text",
    "without_twins",
]

NOT_PEEKED = N_(
    "You have not looked at the next enemy this year (the General and the Queen let you)."
)


def peek_text(view: Any) -> str:
    """The viewer's secret in one or two sentences, from their own `KingsburgView`:
    this year's enemy (name, strength, rewards, penalties) if they peeked, else `NOT_PEEKED`."""
    card = getattr(view, "peeked_enemy", None)
    if card is None:
        return tr(NOT_PEEKED)
    year = _roman(getattr(card, "year", 0))
    reward = _sentence(say(card.reward))
    penalty = _sentence(say(card.penalty))
    if year:
        return tr(
            "The enemy of year {year}, which you looked at: {enemy}, strength {strength}. "
            "Reward if you beat it: {reward} Penalty if it beats you: {penalty}",
            year=year,
            enemy=card.enemy,
            strength=card.strength,
            reward=reward,
            penalty=penalty,
        )
    return tr(
        "The enemy of this year, which you looked at: {enemy}, strength {strength}. "
        "Reward if you beat it: {reward} Penalty if it beats you: {penalty}",
        enemy=card.enemy,
        strength=card.strength,
        reward=reward,
        penalty=penalty,
    )


def _sentence(text: str) -> str:
    text = text.strip() or tr("nothing")
    return text if text.endswith((".", "!", "?")) else text + "."


def _roman(year: int) -> str:
    """Years are printed I to V on the cards."""
    return {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}.get(year, "")


def _peeked(view: Any) -> str | None:
    """`peek_text`, or None when the viewer has not looked at the enemy."""
    return None if getattr(view, "peeked_enemy", None) is None else peek_text(view)


def _family(a: Influence) -> tuple[object, ...]:
    """What an influence does: the advisor, the values placed (whatever their colour) and the
    extras. Two moves of one family differ only in whether a value is a white or a coloured die."""
    values = tuple(sorted(a.dice + a.whites, reverse=True))
    return (a.advisor, values, a.plus_two, a.shift, a.envoy)


def _fold_twins(actions: Iterable[Action]) -> list[Action]:
    """`actions` in order without the white/coloured twins: of influences that place the same
    values with the same extras, only the one using the most white dice (it leaves the most
    useful dice in hand)."""
    actions = list(actions)
    best: dict[tuple[object, ...], Influence] = {}
    for a in actions:
        if isinstance(a, Influence):
            key = _family(a)
            kept = best.get(key)
            if kept is None or len(a.whites) > len(kept.whites):
                best[key] = a
    keep = set(best.values())
    return [a for a in actions if not isinstance(a, Influence) or a in keep]


def menu_actions(s: State, seat: int) -> tuple[Action, ...]:
    """The legal actions worth a menu entry, in `legal_actions` order (twins folded)."""
    return tuple(_fold_twins(legal_actions(s, seat)))


def without_twins(notations: Iterable[str]) -> list[str]:
    """Legal notations with the white/coloured twins folded as in the menus (for the slash
    command's autocomplete); notation that does not parse is kept as it is."""
    parsed = {n: parse_action(n) for n in notations}
    actions = [a for a in parsed.values() if not isinstance(a, Rejection)]
    kept = {id(a) for a in _fold_twins(actions)}
    return [n for n, a in parsed.items() if isinstance(a, Rejection) or id(a) in kept]


def _goods_before(s: State, seat: int, advisor: int) -> bool:
    """True if `seat` will hold a good when `advisor` gives its gift (gifts go 1 to 18): it holds
    one now, or one of its groups sits on an earlier advisor that gives goods."""
    if s.players[seat].total_goods:
        return True
    for g in s.court:
        adv = D.ADVISOR_BY_NUMBER[g.advisor]
        gives = sum(adv.goods) or adv.choices or adv.goods_of_choice
        if g.owner == seat and g.advisor < advisor and gives:
            return True
    return False


def gains_nothing(s: State, seat: int, action: Action) -> str:
    """Why `action` gains `seat` nothing, or "" when it gains something. Today: the Alchemist
    (6) influenced by a player who will have no good to trade when the Alchemist's turn comes."""
    if (
        isinstance(action, Influence)
        and action.advisor == 6
        and s.step is Step.INFLUENCE
        and not _goods_before(s, seat, 6)
    ):
        return tr("gains nothing: you will have no good to trade")
    return ""


def _influence_label(s: State, seat: int, a: Influence) -> str:
    adv = D.ADVISOR_BY_NUMBER[a.advisor]
    text = format_action(a)
    head = f"influence {a.advisor}"
    text = tr(
        "{move} ({advisor}: {gift}){rest}",
        move=head,
        advisor=adv.name,
        gift=adv.gift,
        rest=text[len(head) :],
    )
    if adv.kind == D.GiftKind.SMUGGLER and s.players[seat].vp <= 0:
        text = tr("{move} - your score goes to {vp}", move=text, vp=s.players[seat].vp - 1)
    note = gains_nothing(s, seat, a)
    return f"{text} - {note}" if note else text


def label(s: State, seat: int, action: Action) -> str:
    """How a menu shows `action`: its notation, with the advisor and gift named for an influence,
    the price of a Smuggler gift, the cost and VP of a building, and a note on moves that gain
    nothing."""
    text = format_action(action)
    if isinstance(action, Influence):
        return _influence_label(s, seat, action)
    if isinstance(action, Build):
        b = D.BUILDING_BY_ID[action.building]
        cost = D.cost_for(action.building, s.players[seat].crane_discount)
        return tr("{move} ({cost}; {vp} VP)", move=text, cost=say(goods_words(cost)), vp=b.vp)
    if s.step is Step.GIFTS and s.gifts:
        adv = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor]
        if adv.kind == D.GiftKind.SMUGGLER:
            if isinstance(action, Gift):
                return tr("{move} (pay 1 VP)", move=text)
            if isinstance(action, Skip):
                return tr("{move} (keep your VP, take no goods)", move=text)
    if isinstance(action, TownHall):
        return tr("{move} (1 VP)", move=text)
    if isinstance(action, Recruit):
        return tr("{move} ({soldiers})", move=text, soldiers=count(action.count, "soldier"))
    return text


def menu_labels(s: State, seat: int) -> tuple[tuple[str, str], ...]:
    """(label, notation) for every menu entry of `seat`, in `legal_actions` order."""
    return tuple((label(s, seat, a), format_action(a)) for a in menu_actions(s, seat))


TABLE = GameTable(
    key="kingsburg",
    cog="cogs.kingsburg",
    mine_label=N_("My board"),
    details=True,
    subcommands={
        "aid": simple("aid", N_("take the King's aid: one good of your choice"), "good"),
        "reroll": simple(
            "reroll", N_("reroll with the Statue (`statue`, `statue white`) or Chapel"), "building"
        ),
        "keep": simple("keep", N_("keep your dice as rolled")),
        "influence": Subcommand(
            "influence",
            ("advisor", "dice"),
            N_("influence an advisor with dice, e.g. `/kingsburg influence 8 5+3`"),
            lead="influence",
            joiners=("with",),
        ),
        "pass": simple("pass", N_("stop influencing advisors this season")),
        "gift": simple(
            "gift", N_("choose the goods of an advisor's gift, e.g. `gold+wood`"), "goods"
        ),
        "alchemist": simple(
            "alchemist", N_("trade one good at the Alchemist for one each of the others"), "give"
        ),
        "build": simple("build", N_("construct a building in your province"), "building"),
        "done": simple("done", N_("build nothing (more) this season")),
        "townhall": simple(
            "townhall", N_('hand in a "+2" token or a good for 1 VP at the Town Hall'), "pay"
        ),
        "envoy": Subcommand(
            "envoy",
            ("move",),
            N_(
                "a move using the King's Envoy, e.g. `build crane envoy`, "
                "`influence 3 with 3 envoy`"
            ),
        ),
        "recruit": simple(
            "recruit",
            N_("recruit soldiers naming the goods paid, e.g. `2 gold+wood+stone+stone`"),
            "soldiers",
        ),
        "lose": simple("lose", N_("after a lost battle, the goods you give up"), "goods"),
        "skip": simple("skip", N_("decline an optional benefit or recruit nobody")),
        "act": Subcommand(
            "act",
            ("notation",),
            N_(
                "any Kingsburg action in notation, e.g. `/kingsburg act influence 8 with 5+3` "
                "(`/game rules kingsburg` lists the notation)"
            ),
        ),
        "peek": Subcommand(
            "peek",
            (),
            N_("see again, privately, what only you know (an enemy you looked at)"),
            reads=True,
        ),
    },
    text_aliases={"move": "act"},
    private_text=_peeked,
    nothing_private=NOT_PEEKED,
    move_menu=menu_labels,
    public_notation=lambda notation: public_line(notation),
)
"""Kingsburg's table behaviour (see `bot.table.hooks.GameTable`)."""


def _building_name(building_id: str) -> str:
    found = D.BUILDING_BY_ID.get(building_id)
    return say(found.name) if found else building_id


def _dice_words(dice: str) -> str:
    """'6+2+4w' as '6+2 and a white 4' (a white die is written with a `w`)."""
    parts = dice.split("+")
    whites = [p[:-1] for p in parts if p.endswith("w")]
    coloured = "+".join(p for p in parts if not p.endswith("w"))
    if not whites:
        return dice
    white = say(and_list([tr("a white {value}", value=w) for w in whites]))
    return tr("{dice} and {white}", dice=coloured, white=white) if coloured else white


def public_line(notation: str) -> str:
    """A move in words that follow "Ann played ..." in a title and stand in the history
    ("5+2 on the Astronomer (7)", "Aid from the King (1 wood)", "Build: Chapel"); anything
    unforeseen as written."""
    action = parse_action(notation)
    if isinstance(action, Rejection):
        return notation
    match action:
        case Aid(good):
            return tr("Aid from the King ({good})", good=good_count(1, good))
        case Influence(advisor):
            found = D.ADVISOR_BY_NUMBER.get(advisor)
            name = say(found.name) if found else tr("advisor {number}", number=advisor)
            dice = notation.split(" with ", 1)[-1].split()
            used = _dice_words(dice[0])
            for w in dice[1:]:
                if w == "+2":
                    used = tr("{dice} and a +2 token", dice=used)
                elif w == "envoy":
                    used = tr("{dice} and the Envoy", dice=used)
                elif w.startswith("market"):
                    used = tr("{dice} (Market {shift})", dice=used, shift=w[6:])
                else:
                    used = f"{used} {w}"
            return tr("{dice} on the {advisor} ({number})", dice=used, advisor=name, number=advisor)
        case Pass():
            return tr_c("move", "Pass")
        case Gift(goods):
            return tr("Gift: {goods}", goods=goods_words(goods))
        case Alchemist(give):
            others = and_list([good_count(1, g) for g in D.GOODS if g != give])
            return tr(
                "the Alchemist: {given} for {others}", given=good_count(1, give), others=others
            )
        case Build(building, envoy):
            if envoy:
                return tr("Build: {building} (with the Envoy)", building=_building_name(building))
            return tr("Build: {building}", building=_building_name(building))
        case Reroll(building):
            return tr("a reroll with the {building}", building=_building_name(building))
        case Keep():
            return tr("Keep the dice")
        case Done():
            return tr_c("move", "Done")
        case TownHall(pay):
            if pay == "plus2":
                return tr("Town Hall: a +2 token for 1 VP")
            return tr("Town Hall: {good} for 1 VP", good=good_count(1, pay))
        case Recruit(number, payment):
            if number:
                return tr(
                    "Recruit: {soldiers} for {goods}",
                    soldiers=count(number, "soldier"),
                    goods=goods_words(payment),
                )
            return tr("Recruit: {soldiers}", soldiers=count(number, "soldier"))
        case Lose(goods):
            return tr("Loss: {goods}", goods=goods_words(goods))
        case Skip():
            return tr_c("move", "Skip")
    return notation
