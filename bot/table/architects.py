"""Architects at the table: its subcommands (`TABLE`), its private information in words (the
building hand and the draft hand), and which moves name a secret card (never offered on the
buttons under a public post; `/architects hand` offers them privately)."""

from __future__ import annotations

from typing import Any

from bot.games.architects import scoring, words
from bot.games.architects.board import LOCATION_NAMES
from bot.games.architects.view import player_name
from bot.i18n import N_, say, tr
from bot.table.format import MENU_LIMIT
from bot.table.hooks import GameTable, Subcommand, simple

__all__ = ["PRIVATE_HINT", "TABLE", "hand_text", "is_private_move", "public_notation"]

PRIVATE_HINT = N_(
    "Choose your card privately: your own button under this post, or `/architects hand` "
    "(or `/architects act`)."
)
NOTHING = N_("You hold no building cards right now.")


def is_private_move(notation: str) -> bool:
    """True for a move naming a card of the mover's hand or draft hand."""
    private = ("keep ", "discard ", "place guildhall build ")  # i18n-exempt: notation
    return notation.startswith(private)


_GUARDS = {
    "prison": N_("Prison: captives sent for silver"),
    "release": N_("Release: workers out of Prison"),
    "ransom silver": N_("Ransom: workers freed for silver"),  # i18n-exempt: notation (the key)
    "ransom debt": N_("Ransom: workers freed for a debt"),  # i18n-exempt: notation (the key)
    "payoff": N_("Pay Off: one debt"),
    "rescue": N_("Rescue: workers freed (Barracks)"),
    "destroy": N_("Destroy: one unpaid debt"),
    "pass": N_("Pass"),
    "done": N_("Done"),
}


def _location(key: str) -> str:
    """A location's name in the current language (an unknown key as written)."""
    name = LOCATION_NAMES.get(key)
    return say(name) if name is not None else key


def _counted(goods: list[str]) -> str:
    """['wood', 'wood', 'stone'] as '2 wood and 1 stone'."""
    return say(words.goods({g: goods.count(g) for g in dict.fromkeys(goods)}))


def _building(slug: str) -> str:
    from bot.games.architects.cards import BUILDING_BY_SLUG

    card = BUILDING_BY_SLUG.get(slug)
    return say(card.name) if card else slug


def _detail(key: str, detail: list[str]) -> str:
    """What was chosen at a location, in words ("gold", "space b, hire t3")."""
    if key == "guildhall" and detail[:1] == ["build"] and detail[1:]:
        return tr("building the {building}", building=_building(detail[1]))
    if key == "guildhall" and detail[:1] == ["cathedral"]:
        return tr("working on the Cathedral")
    if key == "blackmarket" and detail:
        rest = _detail("", detail[1:]) if detail[1:] else ""
        if rest:
            return tr("space {space}, {rest}", space=detail[0], rest=rest)
        return tr("space {space}", space=detail[0])
    if detail[:1] == ["hire"] and detail[1:]:
        return tr("hire {slot}", slot=detail[1])
    if detail == ["plans"]:
        return tr("plans")
    if len(detail) == 1 and detail[0] in words.GOODS:
        return say(words.good(detail[0]))
    return " ".join(detail)


def _placement(parts: list[str]) -> str:
    """`quarry`, `mines gold`, `guildhall build chapel`... as "a worker at the Mines (gold)"."""
    where = _location(parts[0])
    what = _detail(parts[0], parts[1:])
    if parts[0] == "forest":
        if what:
            return tr("a worker in the {location} ({what})", location=where, what=what)
        return tr("a worker in the {location}", location=where)
    if what:
        return tr("a worker at the {location} ({what})", location=where, what=what)
    return tr("a worker at the {location}", location=where)


def _paid(rest: list[str]) -> str:
    """['1', 'wood', '2', 'stone'] as '1 wood and 2 stone'."""
    pairs = []
    for i in range(0, len(rest), 2):
        count, good = rest[i], rest[i + 1]
        pairs.append(words.amount(good, int(count)) if count.isdigit() else f"{count} {good}")
    return say(words.listing(pairs))


def public_notation(notation: str) -> str:
    """A move as everyone reads it, in words that follow "Ann played ..." in a title ("a worker
    at the Mines (gold)", "Keep: a card (secret)"): which card was kept or discarded stays
    secret. Anything unforeseen is shown as written."""
    parts = notation.split()
    head, rest = (parts[0], parts[1:]) if parts else ("", [])
    if head == "keep":
        return tr("Keep: a card (secret)")
    if head == "discard":
        return tr("Discard: a card (secret)")
    if head == "place" and rest:
        return _placement(rest)
    if head == "retrieve" and rest:
        return tr("Retrieve: a worker back from the {location}", location=_location(rest[0]))
    if head == "trade" and len(rest) == 1 and "->" in rest[0]:
        pay, gain = rest[0].split("->", 1)
        return tr(
            "Trade: {paid} for {good}", paid=_counted(pay.split("+")), good=say(words.good(gain))
        )
    if head == "capture" and len(rest) == 2:
        return tr(
            "Capture: {colour} workers at the {location}",
            colour=say(words.colour(rest[1])),
            location=_location(rest[0]),
        )
    if head == "pay" and rest and len(rest) % 2 == 0:
        return tr("Pay: {goods}", goods=_paid(rest))
    if head == "gain" and rest:
        return tr("Gain: {good}", good=" ".join(say(words.good(w)) for w in rest))
    if head == "hire" and rest:
        return tr("Hire: {slot}", slot=" ".join(rest))
    if head == "dismiss" and rest:
        return tr("Dismiss: apprentice {n}", n=rest[0])
    if head == "release" and rest:
        return tr("Release: {n} with the Gatekeeper", n=rest[0])
    if notation in _GUARDS:
        return tr(_GUARDS[notation])
    return notation


_PLACES = LOCATION_NAMES


def move_label(notation: str) -> str:
    """A button or menu label: `place mines gold` -> `Mines: gold`; other moves as written."""
    parts = notation.split(" ", 2)
    if parts[0] == "place" and len(parts) > 1 and parts[1] in _PLACES:
        name = _location(parts[1])
        if len(parts) > 2:
            rest = parts[2]
            choice = say(words.good(rest)) if rest in words.GOODS else rest
            return tr("{location}: {choice}", location=name, choice=choice)
        return name
    return notation


def move_menu(state: Any, seat: int) -> list[tuple[str, str]]:
    """(label, notation) of every legal move, labelled from the position: which apprentice a
    slot holds and what it costs, what a Black Market space gives, how many workers a capture
    takes.

    A drop-down holds 25 entries and a turn can offer ~30 public placements, in which case no
    menu would appear at all. Then the Black Market's "space b, hire" entries (up to 8) give
    way, and the space b entry says where to hire there (`/architects place blackmarket`)."""
    from bot.games import get_engine
    from bot.games.architects.labels import decision_label, place_label

    engine = get_engine("architects")
    out = []
    plans_note = ""
    for action in engine.legal_actions(state, seat):
        n = engine.format_action(action, state)
        parts = n.split(" ", 2)
        if parts[0] == "place" and len(parts) > 1:
            rest = parts[2] if len(parts) > 2 else ""
            label = say(place_label(state, seat, parts[1], rest))
            if rest:
                label = tr("{location} {label}", location=_location(parts[1]), label=label)
            if n == "place blackmarket b plans":  # i18n-exempt: notation
                plans_note = say(_plans_short(state, seat))
        else:
            label = say(decision_label(state, seat, n))
        out.append((label[:100], n))
    public = [n for _, n in out if not is_private_move(n)]
    if len(public) > MENU_LIMIT:
        hires = "place blackmarket b hire "  # i18n-exempt: notation
        out = [(label, n) for label, n in out if not n.startswith(hires)]
        out = [
            (
                tr(
                    "{location} {label} (hire: /architects place blackmarket)",
                    location=_location("blackmarket"),
                    label=plans_note,
                )[:100],
                n,
            )
            if n == "place blackmarket b plans"  # i18n-exempt: notation
            else (label, n)
            for label, n in out
        ]
    return out


def _plans_short(state: Any, seat: int) -> str:
    """The Black Market's space b plans entry, short: "b: draw 5, keep 1 - 2 silver"."""
    from bot.games.architects.labels import plans_short

    return plans_short(state, seat)


def _card(card: Any) -> str:
    cost = say(words.goods_comma(card.cost))
    if card.skills:
        return tr(
            "**{building}** ({vp} VP; {cost}; needs {skills}; {effect})",
            building=say(card.name),
            vp=card.vp,
            cost=cost,
            skills=say(_slashed(card.skills)),
            effect=say(card.effect),
        )
    return tr(
        "**{building}** ({vp} VP; {cost}; {effect})",
        building=say(card.name),
        vp=card.vp,
        cost=cost,
        effect=say(card.effect),
    )


def _slashed(skills: tuple[str, ...]) -> str:
    return "/".join(say(words.skill(s)) for s in skills)


def hand_text(view: Any) -> str | None:
    """The viewer's cards in words (draft hand first during the opening draft), or None."""
    me = next((p for p in view.players if p.index == view.viewer), None)
    if me is None:
        return None
    parts = []
    if me.draft_hand:
        parts.append(
            tr(
                "Draft round {round} of 3, keep one: {cards}.",
                round=view.draft_round,
                cards="; ".join(_card(c) for c in me.draft_hand),
            )
        )
    if me.hand:
        parts.append(tr("Your hand: {cards}.", cards="; ".join(_card(c) for c in me.hand)))
    return "\n".join(parts) or None


def automated_opponent(state: Any) -> tuple[str, str, int, bool] | None:
    """The automated opponent of a finished game, for ratings: (difficulty, name, final score,
    among the winners), or None when it did not play."""
    if state.automa is None:
        return None
    scores = scoring.final_scores(state)
    index = state.automa_index
    won = index in scoring.winners(scores)
    return state.automa.difficulty, player_name(state, index), scores[index].total, won


TABLE = GameTable(
    details=True,
    key="architects",
    cog="cogs.architects",
    subcommands={
        "place": Subcommand(
            "place",
            ("location", "choice"),
            N_("place a worker, e.g. `/architects place mines gold`, `place workshop hire t3`"),
            lead="place",
        ),
        "retrieve": simple("retrieve", N_("with no workers left, take one back"), "location"),
        "trade": simple(
            "trade", N_("a King's Storehouse trade, e.g. `clay+wood->virtue`"), "trade"
        ),
        "capture": simple("capture", N_("capture a group, e.g. `forest red`"), "group"),
        "guard": Subcommand(
            "guard",
            ("action",),
            N_(
                "a Guardhouse action: prison, release, ransom silver, ransom debt, payoff (or "
                "rescue for the Barracks, destroy for a debt you may destroy)"
            ),
        ),
        "pay": simple("pay", N_("how to pay a cost with a choice, e.g. `2 stone 2 wood`"), "goods"),
        "discard": simple("discard", N_("discard a building card from your hand"), "building"),
        "keep": simple("keep", N_("keep a building card (draft, Black Market plans)"), "building"),
        "gain": simple("gain", N_("choose what a building gives"), "good"),
        "hire": simple("hire", N_("hire an apprentice for free (Tavern), e.g. `t3`"), "slot"),
        "dismiss": simple(
            "dismiss", N_("over the apprentice limit: which one goes (1-6)"), "number"
        ),
        "done": simple("done", N_("stop taking actions at this location, or decline")),
        "pass": simple("pass", N_("no worker to place or take back: pass")),
        "act": Subcommand(
            "act",
            ("notation",),
            N_("any Architects move in notation (`/game rules architects` lists it)"),
        ),
        "hand": Subcommand(
            "hand",
            (),
            N_("your building cards, privately, with a menu to choose among them"),
            reads=True,
        ),
    },
    text_aliases={"move": "act"},
    private_text=hand_text,
    nothing_private=NOTHING,
    private_move=is_private_move,
    private_hint=PRIVATE_HINT,
    # Each draft round (and a build from hand) offers every awaited player a button opening
    # their own cards in a private menu: nobody has to type `/architects hand` each round.
    private_buttons=True,
    public_notation=public_notation,
    move_label=move_label,
    move_menu=move_menu,
    opponent=automated_opponent,
)
"""Architects' table behaviour (see `bot.table.hooks.GameTable`)."""
