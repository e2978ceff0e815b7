"""Canterbury at the table: its subcommands (`TABLE`) and the words for its choices.

A Canterbury turn is several engine steps (see `bot/games/canterbury/rules.py`); the table plays
a whole turn written in one line (`build well C2 and garden C2`) through the engine's
`split_turn`, saving each step. The labels here turn step notation into what a player reads on
a button or menu (`spread C3` -> `Religion to C3`...).
"""

from __future__ import annotations

from typing import Any

from bot.games.protocol import Seat
from bot.table.hooks import GameTable, Subcommand, simple
from bot.table.multiselect import SetChoice

__all__ = ["TABLE", "move_label", "public_line"]

_ACTIONS = {"full": "Full Build", "tax": "Tax & Build", "levy": "Levy Funds", "end": "End Turn"}


def _name(word: str) -> str:
    """The printed name of a structure written in notation (id, name or abbreviation)."""
    from bot.games.canterbury.actions import structure_keys
    from bot.games.canterbury.data import default_data
    from bot.games.canterbury.state import OLD_ROMAN_WELL

    data = default_data()
    sid = structure_keys(data).get("".join(ch for ch in word.lower() if ch.isalnum()))
    if sid == OLD_ROMAN_WELL:
        return "Old Roman Well"
    found = data.by_id(sid) if sid else None
    return found.name if found else word.replace("_", " ")


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _demolished(word: str) -> str:
    return "the " + _listed([_name(w) for w in word.split("+") if w])


def move_label(notation: str) -> str:
    """A step as a button or menu label ("Build Fountain in C3 (demolish the Old Roman
    Well)")."""
    words = notation.split()
    if not words:
        return notation
    if words[0] == "spread" and len(words) == 2:
        return "No more districts" if words[1] == "done" else f"Marker to {words[1]}"
    if notation == "neutral none":
        return "Neutral Builder builds nothing"
    if words[0] == "neutral" and len(words) >= 3:
        return f"Neutral Builder: {_name(words[1])} in {words[2]}"
    if words[0] == "build" and len(words) >= 3:
        text = f"Build {_name(words[1])} in {words[2]}"
        if len(words) > 4 and words[3] == "demolish":
            text += f" (demolish {_demolished(words[4])})"
        return text
    return _ACTIONS.get(notation, notation)


def _a(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _structure_phrase(words: list[str]) -> str | None:
    """`well C2 [demolish a+b] [spread A1 E5 | spread done]` as "a Well in C2 (demolishing
    the ...) with extra markers in A1 and E5"; None when the words are not that."""
    if len(words) < 2:
        return None
    text = f"{_a(_name(words[0]))} in {words[1]}"
    rest = words[2:]
    if rest[:1] == ["demolish"] and len(rest) >= 2:
        text += f" (demolishing {_demolished(rest[1])})"
        rest = rest[2:]
    if rest[:1] == ["spread"]:
        spots = [w for w in rest[1:] if w.lower() != "done"]
        if spots:
            text += f" with extra marker{'s' * (len(spots) > 1)} in {_listed(spots)}"
        else:
            text += " with no extra markers"
        rest = []
    return None if rest else text


def _chunk_phrase(chunk: str) -> str | None:
    words = chunk.split()
    if not words:
        return None
    head = words[0].lower()
    if len(words) == 1 and head in _ACTIONS:
        return _ACTIONS[head]
    if head == "spread" and len(words) == 2:
        if words[1].lower() == "done":
            return "no more extra markers"
        return f"an extra marker in {words[1]}"
    if head == "neutral" and words[1:] == ["none"]:
        return "nothing for the Neutral Builder"
    if head == "neutral":
        found = _structure_phrase(words[1:])
        return None if found is None else f"the Neutral Builder's {found.split(' ', 1)[1]}"
    if head in ("build", "tax"):
        parts = []
        group: list[str] = []
        for w in [*words[1:], "and"]:
            if w.lower() in ("and", "+", "then", "&"):
                found = _structure_phrase(group)
                if found is None:
                    return None
                parts.append(found)
                group = []
            else:
                group.append(w)
        built = " and ".join(parts)
        return f"Tax & Build: {built}" if head == "tax" else built
    return None


def public_line(notation: str) -> str:
    """A step or a whole turn (`build well C2 and garden C2`, `neutral well B3; levy`) as
    words that follow "Ann played ..." in a title or stand in the history: "a Well in C2 and
    a Garden in C2", "Levy Funds", "Tax & Build: a Chapel in C2". Anything else is shown as
    written."""
    phrases = []
    for chunk in notation.split(";"):
        if not chunk.strip():
            continue
        found = _chunk_phrase(chunk)
        if found is None:
            return notation
        phrases.append(found)
    return ", then ".join(phrases) if phrases else notation


MENU_SIZE = 25
"""Discord's limit of options in a drop-down."""


def move_menu(state: Any, seat: int) -> list[tuple[str, str]]:
    """The steps offered under a post: all of them when they fit a menu, else (a build step
    with many structures and districts) the 24 the heuristic bot likes best and `End turn`;
    every other legal step stays available through `/canterbury build` and `/canterbury act`."""
    from bot.games.canterbury import ENGINE
    from bot.games.canterbury.bots import suggestions
    from bot.games.canterbury.state import Phase

    steps = suggestions(state, Seat(seat), MENU_SIZE)
    notations = [ENGINE.format_action(a, state) for a in steps]
    if state.phase is Phase.SPREAD:
        return _spread_menu(state, notations)
    return [(_label_now(state, n), n) for n in notations]


def _label_now(state: Any, notation: str) -> str:
    """`move_label`, saying for `neutral none` which structures leave the game."""
    if notation != "neutral none":
        return move_label(notation)
    from bot.games.canterbury import rules

    lost = " and ".join(rules._name(state, sid) for sid in rules.neutral_none_losses(state))
    return f"Neutral Builder builds nothing ({lost} leave{'s' * (' and ' not in lost)} the game)"


def set_choice(state: Any, seat: int) -> SetChoice | None:
    """A large structure's extra districts as one set: a multi-select of the districts where a
    marker would land (up to the markers left), played together and then closed with `spread
    done`; a button places no more."""
    from bot.games.canterbury.board import NAMES
    from bot.games.canterbury.data import SERVICES
    from bot.games.canterbury.rules import spread_options
    from bot.games.canterbury.state import Phase

    if state.phase is not Phase.SPREAD or state.current != seat:
        return None
    service = SERVICES[state.turn.spread_service]
    left = state.turn.spread
    districts = [NAMES[d] for d in spread_options(state)]
    return SetChoice(
        options=tuple((f"{service.capitalize()} marker to {n}", f"spread {n}") for n in districts),
        min_values=1,
        max_values=left,
        placeholder=f"pick up to {left} district{'s' * (left != 1)} for {service} markers",
        buttons=((f"No more {service} markers", "spread done"),),
        closing="spread done",
    )


def _spread_menu(state: Any, notations: list[str]) -> list[tuple[str, str]]:
    """A large structure's extra districts one per choice (where the table offers no set
    choice, e.g. `moves`): every label says which marker this is, how many remain after it,
    and that the menu comes back for the next one; only districts where a marker would land
    are shown."""
    from bot.games.canterbury.data import SERVICES

    turn = state.turn
    service = SERVICES[turn.spread_service].capitalize()
    left = turn.spread - 1
    more = f"then pick {left} more" if left else "the last one"
    out = []
    for n in notations:
        words = n.split()
        if words[1:] == ["done"]:
            out.append((f"Stop: place no more {service} markers", n))
        else:
            out.append((f"{service} marker to {words[1]} ({more})", n))
    return out


TABLE = GameTable(
    key="canterbury",
    cog="cogs.canterbury",
    subcommands={
        "levy": simple("levy", "Levy Funds: take the Treasury's gold (next turn: Full Build)"),
        "build": Subcommand(
            "build",
            ("structure", "district", "second", "second_district"),
            "Full Build: one or two small/medium structures, or one large, e.g. "
            "`/canterbury build well C2 garden C2`",
            lead="build",
            joiners=("", "and", ""),
        ),
        "tax": Subcommand(
            "tax",
            ("structure", "district"),
            "Tax & Build: half the levy, then exactly one structure",
            lead="tax",
        ),
        "spread": simple(
            "spread",
            "a large structure's next districts, e.g. `A1 E5` (`done` to stop)",
            "district",
        ),
        "neutral": Subcommand(
            "neutral",
            ("structure", "district"),
            "two players: where the Neutral Builder builds the top of your stack",
            lead="neutral",
        ),
        "end": simple("end", "end a Full Build after one structure"),
        "act": Subcommand(
            "act",
            ("notation",),
            "any step or whole turn in notation, e.g. `/canterbury act build well C2 and "
            "garden C2` (`/game rules canterbury` lists the notation)",
        ),
    },
    text_aliases={"move": "act"},
    move_label=move_label,
    move_menu=move_menu,
    public_notation=public_line,
    set_choice=set_choice,
)
"""Canterbury's table behaviour (see `bot.table.hooks.GameTable`)."""
