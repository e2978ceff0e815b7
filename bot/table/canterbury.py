"""Canterbury at the table: its subcommands (`TABLE`) and the words for its choices.

A Canterbury turn is several engine steps (see `bot/games/canterbury/rules.py`); the table plays
a whole turn written in one line (`build well C2 and garden C2`) through the engine's
`split_turn`, saving each step. The labels here turn step notation into what a player reads on
a button or menu (`spread C3` -> `Religion to C3`...).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.games.protocol import Seat
from bot.games.text import tx
from bot.i18n import LANGUAGES, say, speaking, tr, tr_c, tr_n
from bot.table.hooks import GameTable, Subcommand, simple
from bot.table.multiselect import SetChoice

__all__ = ["TABLE", "move_label", "public_line", "typed_notation", "typed_structure"]


def _action(word: str) -> str | None:
    """The name of a turn's action word (`levy`, `full`, `tax`, `end`) in the current language."""
    names = {
        "full": tr("Full Build"),
        "tax": tr("Tax & Build"),
        "levy": tr("Levy Funds"),
        "end": tr("End Turn"),
    }
    return names.get(word)


def _name(word: str) -> str:
    """The printed name of a structure written in notation (id, name or abbreviation), in the
    current language."""
    from bot.games.canterbury.actions import structure_keys
    from bot.games.canterbury.data import STRUCTURE_NAMES, default_data
    from bot.games.canterbury.state import OLD_ROMAN_WELL

    data = default_data()
    sid = structure_keys(data).get("".join(ch for ch in word.lower() if ch.isalnum()))
    if sid == OLD_ROMAN_WELL:
        return say(STRUCTURE_NAMES[OLD_ROMAN_WELL])
    found = data.by_id(sid) if sid else None
    return say(found.label) if found else word.replace("_", " ")


def _listed(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return tr("{some} and {last}", some=", ".join(items[:-1]), last=items[-1])


def _demolished(word: str) -> str:
    return tr("the {structures}", structures=_listed([_name(w) for w in word.split("+") if w]))


def move_label(notation: str) -> str:
    """A step as a button or menu label ("Build Fountain in C3 (demolish the Old Roman
    Well)"), in the current language."""
    words = notation.split()
    if not words:
        return notation
    if words[0] == "spread" and len(words) == 2:
        if words[1] == "done":
            return tr("No more districts")
        return tr("Marker to {district}", district=words[1])
    if notation == "neutral none":  # i18n-exempt: notation
        return tr("Neutral Builder builds nothing")
    if words[0] == "neutral" and len(words) >= 3:
        return tr(
            "Neutral Builder: {structure} in {district}",
            structure=_name(words[1]),
            district=words[2],
        )
    if words[0] == "build" and len(words) >= 3:
        if len(words) > 4 and words[3] == "demolish":
            return tr(
                "Build {structure} in {district} (demolish {demolished})",
                structure=_name(words[1]),
                district=words[2],
                demolished=_demolished(words[4]),
            )
        return tr("Build {structure} in {district}", structure=_name(words[1]), district=words[2])
    return _action(notation) or notation


def _a(name: str) -> str:
    if name[:1].lower() in "aeiou":
        return tr("an {structure}", structure=name)
    return tr("a {structure}", structure=name)


def _structure_phrase(words: list[str]) -> str | None:
    """`well C2 [demolish a+b] [spread A1 E5 | spread done]` as "a Well in C2 (demolishing
    the ...) with extra markers in A1 and E5"; None when the words are not that."""
    if len(words) < 2:
        return None
    text = tr("{structure} in {district}", structure=_a(_name(words[0])), district=words[1])
    rest = words[2:]
    if rest[:1] == ["demolish"] and len(rest) >= 2:
        text = tr("{built} (demolishing {demolished})", built=text, demolished=_demolished(rest[1]))
        rest = rest[2:]
    if rest[:1] == ["spread"]:
        spots = [w for w in rest[1:] if w.lower() != "done"]
        if spots:
            text = tr_n(
                "{built} with extra marker in {districts}",
                "{built} with extra markers in {districts}",
                len(spots),
                built=text,
                districts=_listed(spots),
            )
        else:
            text = tr("{built} with no extra markers", built=text)
        rest = []
    return None if rest else text


def _neutral_phrase(words: list[str]) -> str | None:
    """`well C2` as "the Neutral Builder's Well in C2"; None when the words are not that."""
    if len(words) != 2:
        return None
    return tr(
        "the Neutral Builder's {structure} in {district}",
        structure=_name(words[0]),
        district=words[1],
    )


def _chunk_phrase(chunk: str) -> str | None:
    words = chunk.split()
    if not words:
        return None
    head = words[0].lower()
    if len(words) == 1 and _action(head) is not None:
        return _action(head)
    if head == "spread" and len(words) == 2:
        if words[1].lower() == "done":
            return tr("no more extra markers")
        return tr("an extra marker in {district}", district=words[1])
    if head == "neutral" and words[1:] == ["none"]:
        return tr("nothing for the Neutral Builder")
    if head == "neutral":
        return _neutral_phrase(words[1:])
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
        built = parts[0]
        for part in parts[1:]:
            built = tr("{some} and {last}", some=built, last=part)
        return tr("Tax & Build: {built}", built=built) if head == "tax" else built
    return None


def public_line(notation: str) -> str:
    """A step or a whole turn (`build well C2 and garden C2`, `neutral well B3; levy`) as
    words that follow "Ann played ..." in a title or stand in the history: "a Well in C2 and
    a Garden in C2", "Levy Funds", "Tax & Build: a Chapel in C2" (in the current language).
    Anything else is shown as written."""
    phrases = []
    for chunk in notation.split(";"):
        if not chunk.strip():
            continue
        found = _chunk_phrase(chunk)
        if found is None:
            return notation
        phrases.append(found)
    if not phrases:
        return notation
    line = phrases[0]
    for phrase in phrases[1:]:
        line = tr("{first}, then {next}", first=line, next=phrase)
    return line


@cache
def _structure_names(code: str) -> dict[str, str]:
    """{a structure's name in language `code`, letters and digits only, lower case: its id}."""
    from bot.games.canterbury.data import STRUCTURE_NAMES

    with speaking(code):
        return {_key(say(name)): sid for sid, name in STRUCTURE_NAMES.items()}


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def typed_structure(typed: str) -> str:
    """The structure id for a structure named in any language Guildhall speaks ("Brunnen",
    "Great Granary" -> "well", "granary"); what was typed, stripped, when it names none (the
    engine then reads it as notation: ids, English names, abbreviations)."""
    wanted = _key(typed)
    for code in LANGUAGES:
        found = _structure_names(code).get(wanted)
        if found is not None:
            return found
    return typed.strip()


def typed_notation(text: str) -> str:
    """Notation typed with structures named in any language: each structure's name (one to
    three words) written as its id."""
    words = text.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        for n in (3, 2, 1):
            head = " ".join(words[i : i + n])
            if len(words) >= i + n and typed_structure(head) != head.strip():
                out.append(typed_structure(head))
                i += n
                break
        else:
            out.append(words[i])
            i += 1
    return " ".join(out)


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
    if notation != "neutral none":  # i18n-exempt: notation
        return move_label(notation)
    from bot.games.canterbury import rules

    lost = [say(rules._name(state, sid)) for sid in rules.neutral_none_losses(state)]
    return tr_n(
        "Neutral Builder builds nothing ({structures} leaves the game)",
        "Neutral Builder builds nothing ({structures} leave the game)",
        len(lost),
        structures=_listed(lost),
    )


def set_choice(state: Any, seat: int) -> SetChoice | None:
    """A large structure's extra districts as one set: a multi-select of the districts where a
    marker would land (up to the markers left), played together and then closed with `spread
    done`; a button places no more."""
    from bot.games.canterbury.board import NAMES
    from bot.games.canterbury.rules import spread_options
    from bot.games.canterbury.state import Phase

    if state.phase is not Phase.SPREAD or state.current != seat:
        return None
    service = _service(state.turn.spread_service)
    left = state.turn.spread
    districts = [NAMES[d] for d in spread_options(state)]
    done = "spread done"  # i18n-exempt: notation
    return SetChoice(
        options=tuple(
            (tr("{service} marker to {district}", service=service, district=n), f"spread {n}")
            for n in districts
        ),
        min_values=1,
        max_values=left,
        placeholder=tr_n(
            "pick up to {n} district for {service} markers",
            "pick up to {n} districts for {service} markers",
            left,
            service=_service_word(state.turn.spread_service),
        ),
        buttons=(
            (
                tr("No more {service} markers", service=_service_word(state.turn.spread_service)),
                done,
            ),
        ),
        closing=done,
    )


def _service(index: int) -> str:
    """A service's name starting a label ("Religion"), in the current language."""
    names = (
        tr_c("service, starting a label", "Water"),
        tr_c("service, starting a label", "Food"),
        tr_c("service, starting a label", "Religion"),
        tr_c("service, starting a label", "Defense"),
        tr_c("service, starting a label", "Commerce"),
        tr_c("service, starting a label", "Culture"),
    )
    return names[index]


def _service_word(index: int) -> str:
    """A service's name in a sentence ("religion"), in the current language."""
    from bot.games.canterbury.data import SERVICE_NAMES

    return say(SERVICE_NAMES[index])


def _spread_menu(state: Any, notations: list[str]) -> list[tuple[str, str]]:
    """A large structure's extra districts one per choice (where the table offers no set
    choice, e.g. `moves`): every label says which marker this is, how many remain after it,
    and that the menu comes back for the next one; only districts where a marker would land
    are shown."""
    turn = state.turn
    service = _service(turn.spread_service)
    left = turn.spread - 1
    out = []
    for n in notations:
        words = n.split()
        if words[1:] == ["done"]:
            out.append(
                (
                    tr(
                        "Stop: place no more {service} markers",
                        service=service,
                    ),
                    n,
                )
            )
        elif left:
            out.append(
                (
                    tr(
                        "{service} marker to {district} (then pick {left} more)",
                        service=service,
                        district=words[1],
                        left=left,
                    ),
                    n,
                )
            )
        else:
            out.append(
                (
                    tr(
                        "{service} marker to {district} (the last one)",
                        service=service,
                        district=words[1],
                    ),
                    n,
                )
            )
    return out


TABLE = GameTable(
    key="canterbury",
    cog="cogs.canterbury",
    subcommands={
        "levy": simple("levy", tx("Levy Funds: take the Treasury's gold (next turn: Full Build)")),
        "build": Subcommand(
            "build",
            ("structure", "district", "second", "second_district"),
            tx(
                "Full Build: one or two small/medium structures, or one large, e.g. "
                "`/canterbury build well C2 garden C2`"
            ),
            lead="build",
            joiners=("", "and", ""),
        ),
        "tax": Subcommand(
            "tax",
            ("structure", "district"),
            tx("Tax & Build: half the levy, then exactly one structure"),
            lead="tax",
        ),
        "spread": simple(
            "spread",
            tx("a large structure's next districts, e.g. `A1 E5` (`done` to stop)"),
            "district",
        ),
        "neutral": Subcommand(
            "neutral",
            ("structure", "district"),
            tx("two players: where the Neutral Builder builds the top of your stack"),
            lead="neutral",
        ),
        "end": simple("end", tx("end a Full Build after one structure")),
        "act": Subcommand(
            "act",
            ("notation",),
            tx(
                "any step or whole turn in notation, e.g. `/canterbury act build well C2 and "
                "garden C2` (`/game rules canterbury` lists the notation)"
            ),
        ),
    },
    text_aliases={"move": "act"},
    move_label=move_label,
    move_menu=move_menu,
    public_notation=public_line,
    set_choice=set_choice,
)
"""Canterbury's table behaviour (see `bot.table.hooks.GameTable`)."""
