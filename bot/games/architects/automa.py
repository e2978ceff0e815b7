"""The automated opponent of solo and "2P vs Bot" games (Constantine: standard, Helena: hard).

It is one more player (index = number of seats) that no seat controls; its turn is played inside
the step that ends the turn before it. It ignores Silver, Clay, Wood, Stone, Gold, apprentices and
buildings, keeps Marble for scoring, advances the Cathedral for free, ignores the virtue limits of
the Cathedral and the Black Market, captures (never its own workers) and sells captured workers
for 1 Marble in all, and receives and destroys debts like anyone. Where it places comes from the
Scheme deck, replaceable data validated here (`parse_schemes`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.games.architects import economy as E
from bot.games.architects.board import (
    BLACK_MARKET,
    BLACK_MARKET_PRINTED_A,
    BLACK_MARKET_PRINTED_C,
    LARGE,
    LOCATION_NAMES,
    WORKERS,
)
from bot.games.architects.state import Automa, State
from bot.games.architects.words import comma
from bot.games.gamedata import Reader
from bot.games.text import Text, tx, tx_c, tx_n

if TYPE_CHECKING:
    from bot.games.architects.rules import Outcome

LOCATIONS = (*LARGE, "blackmarket", "guildhall")
GUARDS = ("prison", "release", "rescue")
DIFFICULTIES = {"constantine": 1, "helena": 3}  # VP per Guildhall worker
CARD_KEYS = (
    "id",
    "location",
    "captures",
    "remove",
    "space",
    "guard",
    "build",
    "virtue",
    "future",
    "fallback",
)


def market_face(st: State, space: int) -> tuple[tuple[str, int], ...]:
    """What Black Market space 0/1/2 offers now (space b: nothing printed; the printed board
    values while a pile is empty)."""
    if space == 0:
        return (
            BLACK_MARKET[st.small_market[0] - 1][0] if st.small_market else BLACK_MARKET_PRINTED_A
        )
    if space == 2:
        return (
            BLACK_MARKET[st.large_market[0] - 1][1] if st.large_market else BLACK_MARKET_PRINTED_C
        )
    return ()


def _card(r: Reader) -> dict[str, Any]:
    r.only_keys(CARD_KEYS)
    loc = r.str("location", choices=LOCATIONS)
    card: dict[str, Any] = {"id": r.str("id"), "location": loc}
    card["captures"] = r.int("captures", minimum=0, maximum=5) if r.has("captures") else 1
    card["remove"] = (
        r.str("remove", choices=("top", "bottom", "none")) if r.has("remove") else "none"
    )
    card["space"] = r.str("space", choices=("a", "b", "c", "first")) if r.has("space") else "first"
    card["guard"] = (
        [g.as_str(choices=GUARDS) for g in r.at("guard").items(minimum=1)]
        if r.has("guard")
        else list(GUARDS[:2])
    )
    card["build"] = (
        r.str("build", choices=("construct", "cathedral")) if r.has("build") else "construct"
    )
    card["virtue"] = r.int("virtue", minimum=-3, maximum=3) if r.has("virtue") else 0
    card["future"] = r.int("future", minimum=0, maximum=10) if r.has("future") else 0
    card["fallback"] = r.str("fallback", choices=LOCATIONS) if r.has("fallback") else "guildhall"
    return card


def parse_schemes(
    raw: Any,
    source: str = "architects schemes",  # i18n-exempt: the data source's name in a data error
) -> dict[str, Any]:
    """Validate a Scheme deck mapping; return it normalised (every field filled in). Raises
    `DataError` naming the field path."""
    r = Reader(raw, source=source)
    r.only_keys(("version", "starting", "future"))
    r.int("version", minimum=1, maximum=1)
    starting = [_card(c) for c in r.at("starting").items(minimum=1, length=None)]
    future = [_card(c) for c in r.at("future").items()]
    seen: set[str] = set()
    for name, cards in (("starting", starting), ("future", future)):
        for k, card in enumerate(cards):
            if card["id"] in seen:
                raise (
                    r.at(name)
                    .items()[k]
                    .fail(tx("id {id} is used twice.", id=repr(card["id"])), "id")
                )
            seen.add(card["id"])
    return {"version": 1, "starting": starting, "future": future}


def setup(st: State, difficulty: str) -> Automa:
    """Shuffle the starting Scheme cards into its draw pile and the future ones aside."""
    starting = list(range(len(st.schemes["starting"])))
    future = [len(starting) + k for k in range(len(st.schemes["future"]))]
    draw, st.rng = st.rng.shuffled(starting)
    fut, st.rng = st.rng.shuffled(future)
    return Automa(difficulty=difficulty, draw=list(draw), future=list(fut))


def card_at(st: State, index: int) -> dict[str, Any]:
    """Scheme card by index (starting cards first, then future ones)."""
    n = len(st.schemes["starting"])
    return st.schemes["starting"][index] if index < n else st.schemes["future"][index - n]


def take_turn(st: State, out: Outcome) -> None:
    """One turn of the automated opponent."""
    a = st.automa
    assert a is not None
    i = st.automa_index
    me = st.players[i]
    if me.supply == 0:
        back = sum(me.at.values()) + me.prison + E.captured_from(st, i)
        me.at = {}
        me.prison = 0
        E.free_from_boards(st, i)
        me.supply = WORKERS - me.guild - sum(1 for o in st.black_market if o == i)
        shuffled, st.rng = st.rng.shuffled(a.draw + a.discard)
        a.draw, a.discard = list(shuffled), []
        out.reveals = True  # a reshuffle is chance
        out.say(
            st,
            tx(
                "{who} takes back all its workers ({n}) and reshuffles its Scheme cards.",
                who=_name(st),
                n=back,
            ),
        )
        return
    if not a.draw:
        shuffled, st.rng = st.rng.shuffled(a.discard)
        a.draw, a.discard = list(shuffled), []
    index = a.draw.pop(0)
    out.reveals = True  # a Scheme card comes out
    a.discard.append(index)
    a.last = index
    card = card_at(st, index)
    out.say(
        st,
        tx(
            "{who} reveals Scheme {card}: {words}.",
            who=_name(st),
            card=card["id"],
            words=scheme_words(card),
        ),
    )
    _resolve(st, i, card, card["location"], out, depth=0)
    if card["virtue"]:
        E.change_virtue(st, i, card["virtue"])
    for _ in range(card["future"]):
        if a.future:
            a.draw.append(a.future.pop(0))
            shuffled, st.rng = st.rng.shuffled(a.draw)
            a.draw = list(shuffled)


GUARD_WORDS = {
    "prison": tx_c("guard", "prison"),
    "release": tx_c("guard", "release"),
    "rescue": tx_c("guard", "rescue"),
}
"""The Guardhouse actions a Scheme card lists, in words."""


def scheme_words(card: dict[str, Any]) -> Text:
    """What a Scheme card orders, in words ("the Guildhall, working on the Cathedral")."""
    loc = card["location"]
    what = tx("the {location}", location=LOCATION_NAMES[loc])
    if loc == "towncentre":
        n = card["captures"]
        what = tx_n("{what}, capturing {n} group", "{what}, capturing {n} groups", n, what=what)
    elif loc == "workshop" and card.get("remove", "none") != "none":
        if card["remove"] == "top":
            what = tx("{what}, discarding the top row's left-most apprentice", what=what)
        else:
            what = tx("{what}, discarding the bottom row's left-most apprentice", what=what)
    elif loc == "blackmarket":
        space = card["space"]
        if space == "first":
            what = tx("{what}, the first free space", what=what)
        else:
            what = tx("{what}, space {space}", what=what, space=space)
    elif loc == "guardhouse":
        guards = comma([GUARD_WORDS.get(g, g) for g in card["guard"]])
        what = tx("{what} ({guards})", what=what, guards=guards)
    elif loc == "guildhall":
        if card["build"] == "cathedral":
            what = tx("{what}, working on the Cathedral", what=what)
        else:
            what = tx("{what}, constructing", what=what)
    if card.get("virtue"):
        signed = f"{card['virtue']:+d}"
        what = tx("{what}, {virtue} virtue", what=what, virtue=signed)
    if card.get("future"):
        n = card["future"]
        what = tx_n(
            "{what}, {n} Future card into its deck",
            "{what}, {n} Future cards into its deck",
            n,
            what=what,
        )
    return what


def _name(st: State) -> str:
    """Constantine or Helena."""
    return st.automa.difficulty.title() if st.automa else tx("The opponent")


def _place(st: State, i: int, loc: str) -> int:
    p = st.players[i]
    p.supply -= 1
    p.at[loc] = p.at.get(loc, 0) + 1
    return p.at[loc]


def _resolve(st: State, i: int, card: dict[str, Any], loc: str, out: Outcome, depth: int) -> None:
    from bot.games.architects.rules import (
        advance_cathedral,
        capture,
        capture_limit,
        cathedral_problem,
        occupy_guildhall,
    )

    p = st.players[i]
    fallback = "guildhall" if depth else card["fallback"]
    if (
        loc == "taxstand"
        and st.tax_stand == 0
        or loc == "blackmarket"
        and all(o >= 0 for o in st.black_market)
    ):
        _resolve(st, i, card, fallback if depth == 0 else "guildhall", out, depth + 1)
        return
    if loc == "blackmarket":
        spaces = [k for k in range(3) if st.black_market[k] < 0]
        want = {"a": 0, "b": 1, "c": 2}.get(card["space"])
        space = want if want in spaces else spaces[0]
        p.supply -= 1
        st.black_market[space] = i
        E.change_virtue(st, i, -1)
        if space == 0:
            face = (
                BLACK_MARKET[st.small_market[0] - 1][0]
                if st.small_market
                else BLACK_MARKET_PRINTED_A
            )
        elif space == 2:
            face = (
                BLACK_MARKET[st.large_market[0] - 1][1]
                if st.large_market
                else BLACK_MARKET_PRINTED_C
            )
        else:
            face = ()
        marble = sum(n for g, n in face if g == "marble")
        p.add("marble", marble)
        out.say(
            st,
            tx(
                "{who} takes Black Market space {space} (+{n} marble).",
                who=_name(st),
                space="abc"[space],
                n=marble,
            ),
        )
        if all(o >= 0 for o in st.black_market):
            st.reset_due = True
        return
    if loc == "guildhall":
        p.supply -= 1
        occupy_guildhall(st, i)
        if card["build"] == "cathedral" and cathedral_problem(st, i, automaton=True) is None:
            advance_cathedral(st, i, out)
        else:
            out.say(st, tx("{who} constructs in the Guildhall.", who=_name(st)))
        return
    n = _place(st, i, loc)
    if loc == "taxstand":
        out.say(
            st,
            tx("{who} steals {n} silver from the Tax Stand.", who=_name(st), n=st.tax_stand),
        )
        st.tax_stand = 0
        E.change_virtue(st, i, -2)
    elif loc == "towncentre":
        locs: list[str] = []
        for _ in range(min(card["captures"], n)):
            groups = [
                (st.players[j].at.get(where, 0), -LARGE.index(where), -j, where, j)
                for where in LARGE
                for j in range(st.total_players)
                if j != i
                and st.players[j].at.get(where, 0) > 0
                and (where in locs or len(locs) < capture_limit(st))
            ]
            if not groups:
                if not locs:
                    out.say(
                        st,
                        tx(
                            "{who} places a worker at the Town Centre; no group to capture.",
                            who=_name(st),
                        ),
                    )
                break
            *_, where, j = max(groups)
            if where not in locs:
                locs.append(where)
            capture(st, i, where, j, out)
    elif loc == "workshop" and card["remove"] != "none":
        row = 0 if card["remove"] == "top" else 1
        if st.rows[row][0]:
            st.apprentice_deck.append(st.rows[row].pop(0))
            st.row_silver[row].pop(0)  # its coins go back to the supply
            st.rows[row].append(st.apprentice_deck.pop(0) if st.apprentice_deck else 0)
            st.row_silver[row].append(0)
            out.reveals = True
            if row == 0:
                text = tx("{who} discards the left-most apprentice of the top row.", who=_name(st))
            else:
                text = tx(
                    "{who} discards the left-most apprentice of the bottom row.", who=_name(st)
                )
            out.say(st, text)
    elif loc == "guardhouse":
        for g in card["guard"]:
            if g == "prison" and sum(p.captured.values()):
                for j, k in sorted(p.captured.items()):
                    st.players[j].prison += k
                p.captured = {}
                p.add("marble", 1)
                out.say(st, tx("{who} sends its captives to Prison for 1 marble.", who=_name(st)))
            elif g == "release" and p.prison:
                p.supply += p.prison
                p.prison = 0
            elif g == "rescue" and E.captured_from(st, i):
                p.debts += 1
                E.change_virtue(st, i, -1)
                E.free_from_boards(st, i)
    else:
        out.say(
            st,
            tx(
                "{who} places a worker at the {location}.",
                who=_name(st),
                location=LOCATION_NAMES[loc],
            ),
        )
