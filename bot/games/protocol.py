"""The one protocol every game engine follows.

An engine is a set of pure functions over an immutable state (see `Engine`). Callers never apply an
action without checking it: they go through `step`, which returns either a `Transition` (new state
plus events) or a `Rejection` with a specific sentence. Nothing here does I/O.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NewType, Protocol, TypeVar

from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import Text, text_from_json, text_to_json, tx

Seat = NewType("Seat", int)  # i18n-exempt: a type name
"""A seat index, 0-based, in the order the seats were given to `new_game`."""

S = TypeVar("S")
A = TypeVar("A")
JSON = Any  # plain JSON values: dict, list, str, int, float, bool, None


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its key, type, default, allowed range or choices and a help sentence."""

    key: str
    kind: type  # int, bool or str
    default: object
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def coerce(self, raw: object) -> object:
        """Turn user input (often text) into the value, or raise ValueError with a sentence."""
        if self.kind is bool:
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise ValueError(
                tx(
                    "Option {key} takes yes or no, not {value}.",
                    key=repr(self.key),
                    value=repr(raw),
                )
            )
        if self.kind is int:
            try:
                value = int(str(raw).strip()) if not isinstance(raw, int) else raw
            except ValueError:
                raise ValueError(
                    tx(
                        "Option {key} takes a whole number, not {value}.",
                        key=repr(self.key),
                        value=repr(raw),
                    )
                ) from None
            if self.minimum is not None and value < self.minimum:
                raise ValueError(
                    tx(
                        "Option {key} must be at least {minimum}.",
                        key=repr(self.key),
                        minimum=self.minimum,
                    )
                )
            if self.maximum is not None and value > self.maximum:
                raise ValueError(
                    tx(
                        "Option {key} must be at most {maximum}.",
                        key=repr(self.key),
                        maximum=self.maximum,
                    )
                )
            return value
        value = str(raw).strip()
        if self.choices and value not in self.choices:
            raise ValueError(
                tx(
                    "Option {key} must be one of: {choices}.",
                    key=repr(self.key),
                    choices=", ".join(self.choices),
                )
            )
        return value


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Static facts about a game: identity, player counts and options."""

    key: str
    display_name: str
    min_players: int
    max_players: int
    has_hidden_information: bool
    has_chance: bool
    options: tuple[OptionSpec, ...] = ()

    @property
    def a_name(self) -> str:
        """The name with its indefinite article, for sentences: "an Architects of the West
        Kingdom", "a Canterbury"."""
        article = "an" if self.display_name[:1].lower() in "aeiou" else "a"
        return f"{article} {self.display_name}"

    def validate_options(self, raw: Mapping[str, object]) -> dict[str, object]:
        """Return complete options (defaults filled in) or raise ValueError with a sentence."""
        known = {o.key: o for o in self.options}
        for key in raw:
            if key not in known:
                if not known:
                    raise ValueError(tx("{game} takes no options.", game=self.display_name))
                names = ", ".join(known)
                raise ValueError(
                    tx(
                        "{game} has no option {key} (options: {names}).",
                        game=self.display_name,
                        key=repr(key),
                        names=names,
                    )
                )
        return {o.key: (o.coerce(raw[o.key]) if o.key in raw else o.default) for o in self.options}


@dataclass(frozen=True)
class Event:
    """Something that happened during a step, for the log and the channel.

    `visible_to` is None for public events; otherwise only those seats may see `text` and `data`
    (others see `public_text`, if any).
    """

    kind: str
    text: str
    data: Mapping[str, JSON] = field(default_factory=dict)
    visible_to: frozenset[Seat] | None = None
    public_text: str | None = None

    def for_viewer(self, seat: Seat | None) -> Event | None:
        """This event as `seat` (None: a spectator) may see it, or None if it is hidden."""
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        if self.public_text is None:
            return None
        return Event(self.kind, self.public_text, {}, None, None)

    def to_dict(self) -> dict[str, JSON]:
        """JSON form."""
        out: dict[str, JSON] = {
            "kind": self.kind,
            "text": self.text,
            "data": dict(self.data),
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
            "public_text": self.public_text,
        }
        # The English stays in "text" (older readers); "said" keeps the message id and its
        # values, so the history and replays can say the event in each reader's language.
        for key, value in (("said", self.text), ("public_said", self.public_text)):
            if isinstance(value, Text):
                out[key] = text_to_json(value)  # type: ignore[assignment]
        return out

    @staticmethod
    def from_dict(d: Mapping[str, JSON]) -> Event:
        """Parse the JSON form."""
        vis = d.get("visible_to")
        said = text_from_json(d.get("said"))
        public_said = text_from_json(d.get("public_said"))
        public = d.get("public_text")
        return Event(
            kind=str(d["kind"]),
            text=said if isinstance(said, Text) and said == d["text"] else str(d["text"]),
            data=dict(d.get("data") or {}),
            visible_to=None if vis is None else frozenset(Seat(int(s)) for s in vis),
            public_text=(
                public_said if isinstance(public_said, Text) and public_said == public else public
            ),
        )


_new = object.__new__
_set = object.__setattr__


def make_event(
    kind: str,
    text: str,
    data: dict[str, JSON],
    visible_to: frozenset[Seat] | None = None,
    public_text: str | None = None,
) -> Event:
    """`Event(...)` for engines that emit several events per move: the same frozen value, built
    with one dict instead of the frozen dataclass's five `object.__setattr__` calls (an Event
    keeps its fields in an instance dict for this). `data` is taken, not copied."""
    e = _new(Event)
    _set(
        e,
        "__dict__",
        {
            "kind": kind,
            "text": text,
            "data": data,
            "visible_to": visible_to,
            "public_text": public_text,
        },
    )
    return e


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """The result of an accepted action: the new state and what happened.

    `reveals` is True when the action brought out something a player could not know before it:
    a die rolled, a card drawn or dealt, a hidden choice or private information shown. Undo
    (with everyone's consent) never goes back past such a move, and a preview of it shows only
    what was known before.
    """

    state: S
    events: tuple[Event, ...] = ()
    reveals: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won, the scores, a per-seat breakdown and a sentence."""

    termination: str
    winners: frozenset[Seat]
    scores: Mapping[Seat, int]
    reason: str
    breakdown: Mapping[Seat, Mapping[str, int]] = field(default_factory=dict)
    lower_is_better: bool = False
    tie_break: str = ""
    """The tie-break that decided between players level on score ("virtue", "fewest gold"),
    by name; "" when the score alone decided (or the tie was shared)."""
    others: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    """Scores of those who play without a seat (Architects' automated opponent), by name:
    their breakdown, for the score sheet's extra columns; their total is the sum."""

    def to_dict(self) -> dict[str, JSON]:
        """JSON form (`tie_break` and `others` only when set, so other games' stay as they
        were)."""
        out: dict[str, JSON] = {
            "termination": self.termination,
            "winners": sorted(self.winners),
            "scores": {str(k): v for k, v in sorted(self.scores.items())},
            "breakdown": {str(k): dict(v) for k, v in sorted(self.breakdown.items())},
            "reason": self.reason,
            "lower_is_better": self.lower_is_better,
        }
        if self.tie_break:
            out["tie_break"] = self.tie_break
        if self.others:
            out["others"] = {name: dict(lines) for name, lines in self.others.items()}
        return out


class Bot(Protocol):
    """A computer player: picks one of the legal actions, deterministically from `seed`."""

    def choose(self, state: Any, seat: Seat, seed: int) -> Any:
        """One of `legal_actions(state, seat)`; the same `seed` must give the same choice."""
        ...


class Engine(Protocol[S, A]):
    """What every game package exports as `ENGINE`. All functions are pure."""

    spec: GameSpec
    rules_summary: str
    """Markdown shown by /game rules: the rules in short, key numbers and our rules notes."""
    bots: Mapping[str, Callable[[], Bot]]
    """Bot factories by name; at least 'random' and 'heuristic'."""

    def new_game(self, seats: int, options: Mapping[str, object], seed: int) -> S:
        """A fresh game for `seats` players with validated options; chance only from `seed`."""
        ...

    def to_act(self, state: S) -> frozenset[Seat]:
        """The seats that may act now (several in simultaneous phases); empty once over."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]:
        """Every legal action of `seat`, sorted by notation, no duplicates; () if it may not act."""
        ...

    def check(self, state: S, seat: Seat, action: A) -> Rejection | None:
        """None if `seat` may play `action` now, else a Rejection with a specific sentence."""
        ...

    def apply(self, state: S, seat: Seat, action: A) -> Transition[S]:
        """Apply a checked action. Call `step` instead."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    def view(self, state: S, seat: Seat | None) -> Any:
        """What `seat` (None: a spectator) may see; hidden information stripped."""
        ...

    def hidden_from(self, state: S, seat: Seat | None) -> frozenset[str]:
        """Strings that must not appear in repr(view(state, seat)): others' secrets (for tests)."""
        ...

    def parse_action(self, text: str, state: S, seat: Seat) -> A | Rejection:
        """Parse notation into an action (not yet checked for legality)."""
        ...

    def format_action(self, action: A, state: S) -> str:
        """Notation for an action; parse_action(format_action(a)) == a."""
        ...

    def state_to_dict(self, state: S) -> dict[str, JSON]:
        """JSON form of the whole state, with "game" and "v" keys."""
        ...

    def state_from_dict(self, data: Mapping[str, JSON]) -> S:
        """Parse the JSON form; raise CorruptStateError naming the bad field."""
        ...

    def summary(self, state: S) -> dict[str, JSON]:
        """A public JSON summary of the position, for `replay --json` and /game status."""
        ...

    def seat_label(self, state: S, seat: Seat) -> str:
        """A short in-game name for a seat's side, e.g. 'light' or 'red'."""
        ...


def may_act(engine: Engine[S, A], state: S) -> frozenset[Seat]:
    """The seats that may move now: `to_act`, unless the engine defines `may_act(state)` - a
    superset of seats free to move without being awaited (e.g. changing an answer to a trade
    offer). Only `to_act` is waited for, called and played by bots."""
    hook = getattr(engine, "may_act", None)
    return engine.to_act(state) if hook is None else hook(state)


def step(engine: Engine[S, A], state: S, seat: Seat, action: A) -> Transition[S] | Rejection:
    """Check then apply: the only way callers change a game."""
    if engine.outcome(state) is not None:
        return Rejection(
            RejectionCode.GAME_OVER, tx("The game is over; no more moves can be made.")
        )
    if seat not in may_act(engine, state):
        return Rejection(RejectionCode.NOT_YOUR_TURN, tx("It is not your turn."))
    rejection = engine.check(state, seat, action)
    if rejection is not None:
        return rejection
    return engine.apply(state, seat, action)


def more_legal_actions_than(engine: Engine[S, A], state: S, seat: Seat, limit: int) -> bool:
    """True when `seat` has more than `limit` legal actions (a menu would not hold them).

    An engine that can tell without listing every action (Cathedral's ~1,800 opening moves cost
    milliseconds to list) may define `more_legal_actions_than(state, seat, limit)` itself; it is
    optional, and without it the actions are listed and counted. The conformance suite checks
    that both answers agree.
    """
    quick = getattr(engine, "more_legal_actions_than", None)
    if quick is not None:
        return bool(quick(state, seat, limit))
    return len(engine.legal_actions(state, seat)) > limit


def some_legal_actions(engine: Engine[S, A], state: S, seat: Seat, limit: int) -> tuple[A, ...]:
    """`legal_actions`, or - for an engine whose actions can run to tens of thousands (a Canaan
    discard from a hand of a hundred cards) - at most `limit` of them, sorted by notation, for
    menus and autocomplete: work stays bounded, and any legal action typed is still accepted
    (`check` never needs the list). Optional for an engine (`some_legal_actions(state, seat,
    limit)`); without it every legal action is listed."""
    bounded = getattr(engine, "some_legal_actions", None)
    if bounded is not None:
        return tuple(bounded(state, seat, limit))
    return engine.legal_actions(state, seat)


def setup_problem(
    engine: Engine[S, A], options: Mapping[str, object], seats: int | None
) -> str | None:
    """Why validated `options` cannot make a game of `seats` players (None: of any number the
    lobby may still reach), as a sentence; None when they can. A lobby asks when the options
    are given and again at the start, so a bad choice (a character that does not exist, the
    automated opponent with three players) is named then, not at `new_game`.

    Optional for an engine (`setup_problem(options, seats)`); without it options that pass
    `GameSpec.validate_options` are fine for any number of players.
    """
    check = getattr(engine, "setup_problem", None)
    return None if check is None else check(options, seats)


def seat_limit(engine: Engine[S, A], options: Mapping[str, object]) -> tuple[int, str] | None:
    """The most players validated `options` allow when fewer than `spec.max_players`, with the
    reason ("the automated opponent plays solo or against 2 players only"); None otherwise.
    Optional for an engine (`seat_limit(options)`)."""
    limit = getattr(engine, "seat_limit", None)
    return None if limit is None else limit(options)


def step_text(engine: Engine[S, A], state: S, seat: Seat, text: str) -> Transition[S] | Rejection:
    """Parse notation then `step`."""
    if engine.outcome(state) is not None:
        return Rejection(
            RejectionCode.GAME_OVER, tx("The game is over; no more moves can be made.")
        )
    if seat not in may_act(engine, state):
        return Rejection(RejectionCode.NOT_YOUR_TURN, tx("It is not your turn."))
    parsed = engine.parse_action(text, state, seat)
    if isinstance(parsed, Rejection):
        return parsed
    return step(engine, state, seat, parsed)


@dataclass(frozen=True, slots=True)
class LoggedMove:
    """One accepted move as stored in the action log."""

    seat: Seat
    notation: str


def replay(
    engine: Engine[S, A],
    seats: int,
    options: Mapping[str, object],
    seed: int,
    moves: Sequence[LoggedMove],
) -> S:
    """Rebuild a state from its creation parameters and log; raises ValueError on a refused move."""
    state = engine.new_game(seats, options, seed)
    for i, move in enumerate(moves, start=1):
        result = step_text(engine, state, move.seat, move.notation)
        if isinstance(result, Rejection):
            raise ValueError(
                f"move {i} ({move.notation!r} by seat {move.seat}): "  # i18n-exempt: internal
                f"{result.message}"
            )
        state = result.state
    return state


def canonical_json(data: JSON) -> str:
    """Stable JSON text, for snapshots and equality checks."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
