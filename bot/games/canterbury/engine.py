"""The Canterbury engine behind the Engine protocol, plus whole-turn helpers for the table."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from bot.games.canterbury import actions as A
from bot.games.canterbury import codec, rules
from bot.games.canterbury.board import NAMES
from bot.games.canterbury.bots import HeuristicBot, RandomBot
from bot.games.canterbury.data import CanterburyData, abbreviate, default_data, load_data
from bot.games.canterbury.state import Phase, State
from bot.games.canterbury.strong import strong_bot
from bot.games.canterbury.view import CanterburyView, build_view
from bot.games.delegating import RulesCodecEngine
from bot.games.protocol import JSON, Bot, Event, GameSpec, Outcome, Seat, Transition
from bot.games.rejections import Rejection, RejectionCode, malformed
from bot.games.text import Text, tx, tx_c

SPEC = GameSpec(
    key="canterbury",
    display_name=tx_c("game", "Canterbury"),
    min_players=2,
    max_players=4,
    has_hidden_information=False,
    has_chance=False,
)

MAX_TURN_STEPS = 12
"""A whole turn is at most neutral + action + 2 builds + 5 spreads + end."""
COMPACT_OVER = 72
"""Whole-turn lines longer than this are written with structure abbreviations (button ids)."""

RULES_NOTES = tx("""\
**Rules notes** (readings where the rulebook is silent or loose)
- District Favor is scored when the city *exceeds* 100, 200 or 300 ("exceeds", "passes the \
mark"): a City Disk goes under the marker then; on exactly 100 (the 0 space) there is no disk \
and no scoring yet. Past 300 the marker locks on 301; on exactly 300 it waits.
- Demolitions happen at the start of the Build action: they are judged against the structures \
standing then, and a structure you built earlier in the same turn is never demolished; \
room-making demolitions must all be needed; upgrades (smaller, same \
service) are always allowed. Enrichment is +3 per structure upgraded.
- Breaking Ground needs the district empty before any demolition there.
- A large structure's extra markers go to districts without that service (not its own); you \
may stop before five. On Discord they are picked together in one menu, or written \
`spread A1 E5` (those, and no more); `spread A1` places one and asks for the next.
- Tied first places split (rounded down) and the Neutral Builder's share is lost; the \
Neutral Builder also takes places in majorities but never scores.
- A player bound to Full Build (first round, after a levy) who cannot build anything may levy \
or tax instead; Full Build and Tax & Build are offered only when something can be built.
- Two players: when the first stack is empty, the medium stack's top or (discarding it) the \
next one may be built. A structure that fits nowhere leaves the game, so `neutral none` (build \
nothing) is offered when the top fits nowhere (it leaves, the next stays for a later turn) or \
when the next fits nowhere (discarding the top then builds nothing: both leave); if neither \
fits anywhere, the top leaves the game by itself.
- If no structure left in the supply fits anywhere, the game ends with the final scoring.
- Seat 1 holds Rank 1 (the Saxon Prince) and plays first; ranks follow the seat order.
- The Neutral Builder's structure moves the city as soon as it is placed (the rulebook lists \
"Finally, move the City Marker forward" among its immediate steps), so a Levy or Tax that turn \
is paid from the new value; the player's own structures move it at the end of the turn. The \
turn's bonuses come first, then any District Favor scoring for marks passed during the turn.
- A tie for first place in a King's Bonus splits gold + blue of the tied count; the second \
place takes the blue number beneath its own count.
- Two players: the Neutral Builder token starts on Build and flips at the start of each of your \
turns, so it builds on your 2nd, 4th, 6th... turns; it pays nothing and scores nothing.""")

RECONSTRUCTED_NAMES: dict[str, Text] = {
    line.msgid: line
    for line in (
        tx("structure costs, city and player prosperity numbers and token counts"),
        tx("large structure names other than the Guild Hall"),
        tx("the Treasury Bar"),
        tx("the Rank Token coins"),
        tx("the King's Bonus chart"),
    )
}
"""The default data file's `reconstructed` lines as players read them (a server's own file
keeps its words)."""


def _joined(items: list[str], separator: str) -> str:
    """`items` joined by "; " or ", ", each said in the reader's language."""
    if len(items) == 1:
        return items[0]
    head = _joined(items[:-1], separator)
    if separator == "; ":
        return tx("{first}; {rest}", first=head, rest=items[-1])
    return tx("{first}, {rest}", first=head, rest=items[-1])


def rules_summary(data: CanterburyData) -> str:
    """The /game rules text, naming what the data file reconstructs."""
    reconstructed = (
        _joined([RECONSTRUCTED_NAMES.get(line, line) for line in data.reconstructed], "; ")
        if data.reconstructed
        else tx("nothing (this server's data file gives printed numbers)")
    )
    costs = _joined(
        [tx("{structure} {cost}", structure=s.label, cost=s.cost) for s in data.structures],
        ", ",
    )
    return tx(
        """\
**Canterbury** (2-4 players; 2 players use the Neutral Builder Expert Variant). Build the 25 \
districts of Canterbury; most prosperity wins.
**Reconstructed numbers:** the rulebook does not print these, so ours are reconstructions \
(a server owner may load the real ones; a game keeps the numbers it started with): \
{reconstructed}.
1. Each turn: **Levy Funds** (Treasury Bar + 10 per City Disk; next turn must be a Full Build), \
**Full Build** (1-2 small/medium structures, or 1 large) or **Tax & Build** (half the levy, \
rounded down, then exactly 1 structure). Everyone's first turn is a Full Build.
2. Build in a district holding structures or next to one; never the same structure twice in a \
district; it needs room (demolish smaller structures when the rules allow) and every service \
before its own (water, food, religion, defense, commerce, culture).
3. Small: marker in its district; medium: and each orthogonally adjacent district (2 to 4); \
large: and up to 5 districts anywhere. Markers are never removed.
4. The city advances by what is built; passing 100/200/300 scores District Favor (covered \
spaces to the most markers, half to a sole second) plus Rank coins. After 300: finish the \
round, play one more, then Favor again, King's Bonuses, 1 point per 3 gold; ties: least gold.
5. Bonuses: Breaking Ground (services in an empty district you built in), Enrichment (+3 per \
upgrade).
**Costs:** {costs}.
**Notation:** a turn is steps: `levy`, `full`, `tax`, `build church C2`, \
`build guild_hall D4 demolish well+garden`, `spread A1` / `spread done`, `end`; two players: \
`neutral well B3` (or `neutral none`) first. A whole turn also reads: \
`build well C2 and garden C2`, `tax cathedral D4 spread A1 E5 done`.
{notes}""",
        reconstructed=reconstructed,
        costs=costs,
        notes=RULES_NOTES,
    )


class CanterburyEngine(RulesCodecEngine):
    """The Canterbury engine (see bot.games.protocol.Engine)."""

    _rules = rules
    _codec = codec

    spec: GameSpec = SPEC
    bots: Mapping[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "heuristic": HeuristicBot,
        "strong": strong_bot,
    }

    def __init__(self, data: CanterburyData | None = None) -> None:
        self.data = data or default_data()
        self.rules_summary = rules_summary(self.data)

    def with_data(self, raw: Any) -> CanterburyEngine:
        """An engine whose new games use the numbers in `raw`; DataError names a bad field."""
        return CanterburyEngine(load_data(raw, source="canterbury data"))  # i18n-exempt: file

    # --- protocol ---------------------------------------------------------------------------

    def new_game(self, seats: int, options: Mapping[str, object], seed: int) -> State:
        """A fresh game; the data this engine holds is recorded in the state."""
        if not 2 <= seats <= 4:
            raise ValueError(tx("Canterbury is played by 2 to 4 players."))
        SPEC.validate_options(options)
        return rules.new_game(seats, seed, self.data)

    def apply(self, state: State, seat: Seat, action: A.Action) -> Transition[State]:
        """Apply a checked step (use protocol.step)."""
        new, events = rules.apply(state, seat, action)
        return Transition(new, tuple(events))

    def outcome(self, state: State) -> Outcome | None:
        """Most prosperity wins; ties to the least gold left, then shared."""
        if state.phase is not Phase.OVER:
            return None
        winners = rules.winners(state)
        ordered = sorted(winners)
        names: str = rules._who(ordered[0])  # noqa: SLF001 - the engine's own rules module
        for s in ordered[1:]:
            names = tx("{some} and {last}", some=names, last=rules.colour(s))
        best = state.players[min(winners)].score
        tied = [s for s, p in enumerate(state.players) if p.score == best]
        broken = len(tied) > len(winners)
        if len(winners) == 1:
            if broken:
                reason = tx(
                    "{who} wins with {points} prosperity (fewest gold left breaks the tie).",
                    who=names,
                    points=best,
                )
            else:
                reason = tx("{who} wins with {points} prosperity.", who=names, points=best)
        elif broken:
            reason = tx(
                "{who} share the victory with {points} prosperity (fewest gold left breaks the "
                "tie).",
                who=names,
                points=best,
            )
        else:
            reason = tx("{who} share the victory with {points} prosperity.", who=names, points=best)
        return Outcome(
            termination="completed",
            winners=winners,
            scores={Seat(s): p.score for s, p in enumerate(state.players)},
            reason=reason,
            breakdown={Seat(s): rules.breakdown(state, s) for s in range(state.n)},
        )

    def view(self, state: State, seat: Seat | None) -> CanterburyView:
        """The public picture (Canterbury has no hidden information)."""
        out = self.outcome(state)
        return build_view(state, seat, None if out is None else out.reason)

    def hidden_from(self, state: State, seat: Seat | None) -> frozenset[str]:
        """Nothing is hidden in Canterbury."""
        return frozenset()

    def parse_action(self, text: str, state: State, seat: Seat) -> A.Action | Rejection:
        """Parse one step's notation (legality is checked by `check`)."""
        return A.parse_action(text, state.data)

    def format_action(self, action: A.Action, state: State) -> str:
        """Canonical notation of one step."""
        return A.format_action(action)

    def summary(self, state: State) -> dict[str, JSON]:
        """Public JSON summary."""
        out = self.outcome(state)
        return {
            "game": "canterbury",
            "city": state.city,
            "disks": state.disks,
            "levy": state.data.levy(state.city),
            "phase": state.phase.value,
            "to_act": sorted(rules.to_act(state)),
            "turn_number": state.turn_number,
            "scorings": state.scorings,
            "turns_left": state.turns_left,
            "data_fingerprint": state.data.fingerprint,
            "players": [
                {
                    "colour": rules.COLOURS[s],
                    "rank": s + 1,
                    "gold": p.gold,
                    "score": p.score,
                    "must_full_build": p.must_full_build,
                }
                for s, p in enumerate(state.players)
            ],
            "outcome": None if out is None else out.to_dict(),
        }

    def seat_label(self, state: State, seat: Seat) -> str:
        """The seat's cube colour (a `Text`: said in the reader's language)."""
        return rules.COLOUR_NAMES[seat]

    # --- whole turns ------------------------------------------------------------------------

    def play_turn(
        self, state: State, seat: Seat, steps: list[A.Action]
    ) -> tuple[State, list[A.Action], list[Event]] | Rejection:
        """Apply a whole turn's steps (all or nothing) and complete it: a Full Build after one
        small or medium structure is ended, a large structure's remaining choices are declined.
        Returns the final state, every step applied (for the log) and the events."""
        if len(steps) > MAX_TURN_STEPS:
            return malformed(tx("That is more than one turn."))
        applied: list[A.Action] = []
        events: list[Event] = []
        for action in steps:
            if state.phase is Phase.OVER or state.current != seat:
                return malformed(
                    tx("The turn is over before `{step}`.", step=A.format_action(action)),
                    tx("Write one turn at a time."),
                )
            if seat not in rules.to_act(state):
                return Rejection(RejectionCode.NOT_YOUR_TURN, tx("It is not your turn."))
            problem = rules.check(state, seat, action)
            if problem is not None:
                return problem
            state, more = rules.apply(state, seat, action)
            applied.append(action)
            events.extend(more)
        started = state.turn_number
        while state.phase is not Phase.OVER and state.turn_number == started and applied:
            if state.phase is Phase.SPREAD:
                finish: A.Action = A.Spread(None)
            elif state.phase is Phase.BUILD and state.turn.built:
                finish = A.End()
            else:
                break
            state, more = rules.apply(state, seat, finish)
            applied.append(finish)
            events.extend(more)
        return state, applied, events

    def parse_turn(self, text: str, state: State, seat: Seat) -> list[A.Action] | Rejection:
        """Read a whole turn written in one line into its steps.

        `levy`; `build S D [demolish X+Y] [spread D D ...] [and S D ...]` (a Full Build);
        `tax S D [...]`; a two-player turn may start with `neutral S D;`. Single steps
        (`full`, `build ...`, `spread ...`, `end`) separated by `;` are read as they are.
        A Full Build or Tax & Build already chosen this turn is not repeated."""
        if len(text) > A.MAX_TEXT:
            return malformed(tx("That is too long for one turn."))
        chunks = [c.strip() for c in text.replace("\n", ";").split(";") if c.strip()]
        if not chunks:
            return malformed(tx("Say what to do, e.g. `levy` or `build well C2 and garden C2`."))
        out: list[A.Action] = []
        chosen = state.phase in (Phase.BUILD, Phase.SPREAD)
        for chunk in chunks:
            words = chunk.split()
            head = words[0].lower()
            if head == "spread" and len(words) > 2:
                # A large structure's districts as one set: `spread A1 E5 B2`.
                for word in words[1:]:
                    step = A.parse_action(f"spread {word}", state.data)
                    if isinstance(step, Rejection):
                        return step
                    out.append(step)
            elif head in ("build", "tax") and len(words) > 1:
                if not chosen:
                    out.append(A.Choose("full" if head == "build" else "tax"))
                    chosen = True
                parsed = self._parse_builds(words[1:], state)
                if isinstance(parsed, Rejection):
                    return parsed
                out.extend(parsed)
            else:
                step = A.parse_action(chunk, state.data)
                if isinstance(step, Rejection):
                    return step
                chosen = chosen or isinstance(step, A.Choose | A.Levy)
                out.append(step)
            if len(out) > MAX_TURN_STEPS:
                return malformed(tx("That is more than one turn."))
        return out

    def _parse_builds(self, words: list[str], state: State) -> list[A.Action] | Rejection:
        out: list[A.Action] = []
        groups: list[list[str]] = [[]]
        for w in words:
            if w.lower() in ("and", "+", "then", "&"):
                groups.append([])
            else:
                groups[-1].append(w)
        # `build well C2 garden C2`: the second structure may follow without `and`.
        groups = [part for group in groups for part in A.split_unjoined(group, state.data)]
        if len(groups) > 2:
            return malformed(tx("A build has at most two structures."))
        for group in groups:
            spreads: list[str] = []
            lowered = [w.lower() for w in group]
            if "spread" in lowered:
                at = lowered.index("spread")
                group, spreads = group[:at], group[at + 1 :]
            step = A.parse_action("build " + " ".join(group), state.data)
            if isinstance(step, Rejection):
                return step
            out.append(step)
            if len(spreads) > 6:
                return malformed(tx("A large structure spreads to at most 5 districts."))
            for word in spreads:
                spread = A.parse_action(f"spread {word}", state.data)
                if isinstance(spread, Rejection):
                    return spread
                out.append(spread)
        return out

    def split_turn(self, text: str, state: State, seat: Seat) -> list[str] | Rejection | None:
        """Several steps written as one turn (`build well C2 and garden C2`, `levy`-less lines
        with `;`), as the step notations to play in order; None when `text` is one step.

        The table plays and saves each step (so the log replays step by step). A Full Build
        of small or medium structures ends after them; a large structure's districts are
        left to choose (a menu offers them) unless some were written, then the rest are
        declined."""
        if len(text) > A.MAX_TEXT:
            return malformed(tx("That is too long for one turn."))
        if state.phase is Phase.OVER or seat != state.current:
            return None  # the ordinary checks say whose turn it is
        words = text.split()
        head = words[0].lower() if words else ""
        shorthand = (
            head in ("build", "tax")
            and len(words) > 1
            and state.phase in (Phase.CHOOSE, Phase.NEUTRAL)
        )
        if not (
            ";" in text
            or " and " in f" {text.lower()} "
            or shorthand
            or (head == "build" and "spread" in text.lower())
            or (head == "build" and len(A.split_unjoined(words[1:], state.data)) > 1)
            or (head == "spread" and len(words) > 2)
        ):
            return None
        steps = self.parse_turn(text, state, seat)
        if isinstance(steps, Rejection):
            return steps
        explicit_spread = any(isinstance(a, A.Spread) for a in steps)
        current = state
        kept: list[A.Action] = []
        for action in steps:
            over = current.phase is Phase.OVER or current.turn_number != state.turn_number
            if isinstance(action, A.End) and (over or current.phase is not Phase.BUILD):
                continue  # the turn already ended by itself (two structures, Tax & Build)
            if action == A.Spread(None) and (over or current.phase is not Phase.SPREAD):
                continue  # the last district picked ended the turn by itself
            if current.phase is Phase.OVER or current.current != seat:
                return malformed(
                    tx("The turn is over before `{step}`.", step=A.format_action(action)),
                    tx("Write one turn at a time."),
                )
            problem = rules.check(current, seat, action)
            if problem is not None:
                return problem
            current, _ = rules.apply(current, seat, action)
            kept.append(action)
        out = kept
        if current.current == seat and current.turn_number == state.turn_number:
            if current.phase is Phase.BUILD and current.turn.built:
                out.append(A.End())
            elif current.phase is Phase.SPREAD and explicit_spread:
                out.append(A.Spread(None))
        return [A.format_action(a) for a in out]

    @staticmethod
    def turn_notation(steps: list[str]) -> str:
        """The shortest line `split_turn` reads back as these steps: `full` and the
        `spread done` it adds itself are left out, a Tax & Build is written `tax S D`, and two
        structures are joined with `and` (button ids hold at most 100 characters)."""
        done = "spread done"  # i18n-exempt: notation
        parts = [p for p in steps if p not in ("full", "end", done)]
        ends = bool(steps) and steps[-1] == "end"
        if steps and steps[-1] == done and not any(p.startswith("spread ") for p in parts):
            parts.append(done)
        tax = bool(parts) and parts[0] == "tax"
        if tax:
            parts = parts[1:]
        out: list[str] = []
        for part in parts:
            if out and part.startswith("build ") and out[-1].startswith(("build ", "tax ")):
                out[-1] += " and " + part[len("build ") :]
            elif out and part.startswith("spread ") and " spread " in f" {out[-1]} ":
                out[-1] += " " + part[len("spread ") :]
            elif out and part.startswith("spread ") and out[-1].startswith(("build ", "tax ")):
                out[-1] += " " + part
            else:
                out.append(part)
        if tax and out and out[0].startswith("build "):
            out[0] = "tax " + out[0][len("build ") :]
        elif tax:
            out.insert(0, "tax")
        if ends and out:
            out.append("end")
        line = "; ".join(out) if out else "; ".join(steps)
        if len(line) > COMPACT_OVER:
            # A Confirm button holds the line in a 100-character id next to the game's number
            # and version; a longer line would be hashed and could not be found again among
            # the single steps legal at the start of the turn. The 4-letter abbreviations
            # (which `parse_turn` reads) keep every whole turn short enough.
            line = re.sub(r"[a-z_]+", lambda m: abbreviate(m.group()), line)
        return line

    def build_choices(
        self, state: State, seat: Seat, kind: str, first: str | None = None
    ) -> list[A.Build]:
        """The structures `seat` could build now in a Full Build (`kind` 'full') or Tax &
        Build ('tax'), each with its district and demolitions; with `first` (a `build ...`
        notation already chosen) the possible second structures. [] when none."""
        if seat != state.current or state.phase is Phase.OVER:
            return []
        current = state
        if current.phase is Phase.NEUTRAL:
            return []
        if current.phase is Phase.CHOOSE:
            choose = A.Choose(kind)
            if rules.check(current, seat, choose) is not None:
                return []
            current, _ = rules.apply(current, seat, choose)
        elif current.turn.action != kind:
            return []
        if first:
            action = A.parse_action(first, state.data)
            if not isinstance(action, A.Build) or rules.check(current, seat, action) is not None:
                return []
            current, _ = rules.apply(current, seat, action)
            if current.phase is not Phase.BUILD or current.current != seat:
                return []
        if current.phase is not Phase.BUILD:
            return []
        return [a for a in rules.legal_actions(current, seat) if isinstance(a, A.Build)]

    @staticmethod
    def format_turn(steps: list[A.Action]) -> str:
        """One-line notation of a whole turn's steps (read back by `parse_turn`)."""
        return "; ".join(A.format_action(s) for s in steps)

    @staticmethod
    def district_names() -> tuple[str, ...]:
        """District names A1..E5 in index order."""
        return NAMES


ENGINE = CanterburyEngine()
