"""Kingsburg (Chiarvesio & Iennaco, 2007), base game, 2-5 players: the `ENGINE`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.delegating import RulesCodecEngine
from bot.games.kingsburg import actions as A
from bot.games.kingsburg import codec, rules, scoring, viewing
from bot.games.kingsburg.bots import HeuristicBot, RandomBot
from bot.games.kingsburg.rulestext import RULES_SUMMARY
from bot.games.kingsburg.state import State, Step
from bot.games.kingsburg.strong import strong_bot
from bot.games.kingsburg.texts import and_list, cap_colour, colour_name, count
from bot.games.kingsburg.view import PHASE_NAMES, KingsburgView
from bot.games.protocol import Bot, Event, GameSpec, Outcome, Seat, Transition
from bot.games.rejections import Rejection
from bot.games.text import tx


class KingsburgEngine(RulesCodecEngine):
    """The Kingsburg engine (see bot.games.protocol.Engine)."""

    _rules = rules
    _codec = codec

    spec = GameSpec(
        key="kingsburg",
        display_name="Kingsburg",  # i18n-exempt: the game's name in every language
        min_players=2,
        max_players=5,
        has_hidden_information=True,
        has_chance=True,
    )
    rules_summary = RULES_SUMMARY
    bots: Mapping[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "heuristic": HeuristicBot,
        "strong": strong_bot,
    }

    def new_game(self, seats: int, options: Mapping[str, object], seed: int) -> State:
        """A fresh game (random turn order and enemies, then Aid from the King)."""
        if not 2 <= seats <= 5:
            raise ValueError(tx("Kingsburg is played by 2 to 5 players."))
        self.spec.validate_options(options)
        return rules.new_game(seats, seed)

    def apply(self, state: State, seat: Seat, action: A.Action) -> Transition[State]:
        """Apply a checked action (use protocol.step)."""
        new, events = rules.apply(state, seat, action)
        return Transition(new, tuple(events), reveals=_reveals(state, new, events))

    def outcome(self, state: State) -> Outcome | None:
        """Most VP wins; ties by goods, then buildings, else shared."""
        if state.step is not Step.OVER:
            return None
        keys = {
            Seat(i): (p.vp, p.total_goods, len(p.buildings)) for i, p in enumerate(state.players)
        }
        best = max(keys.values())
        winners = frozenset(s for s, k in keys.items() if k == best)
        ordered = sorted(winners)
        note = _tie_break_note(keys, winners, best)
        vp = count(best[0], "VP")
        if len(ordered) == 1:
            reason = tx(
                "{seat} wins with {vp} after five years{note}.",
                seat=cap_colour(ordered[0]),
                vp=vp,
                note=note,
            )
        else:
            names = and_list([cap_colour(ordered[0]), *(colour_name(s) for s in ordered[1:])])
            reason = tx(
                "{seats} share the victory with {vp} after five years{note}.",
                seats=names,
                vp=vp,
                note=note,
            )
        return Outcome(
            tie_break=_tie_break_name(keys, winners, best),
            termination="completed",
            winners=winners,
            scores={s: k[0] for s, k in keys.items()},
            reason=reason,
            breakdown={
                Seat(i): scoring.breakdown(p.vp_from, p.vp) for i, p in enumerate(state.players)
            },
        )

    def view(self, state: State, seat: Seat | None) -> KingsburgView:
        """Public position plus this seat's own peek."""
        out = self.outcome(state)
        winners = out.winners if out else frozenset()
        return viewing.build_view(state, seat, winners, out.reason if out else None)

    def hidden_from(self, state: State, seat: Seat | None) -> frozenset[str]:
        """Enemy card ids this seat has not seen."""
        return viewing.hidden_from(state, seat)

    def parse_action(self, text: str, state: State, seat: Seat) -> A.Action | Rejection:
        """Parse notation (unchecked). `recruit N` without goods gets its payment filled in when
        the seat's goods allow only one."""
        action = A.parse_action(text)
        if isinstance(action, Rejection):
            # Say what this seat can do now (e.g. the buildings it can afford) after the error.
            return rules.explain_parse_error(state, seat, action)
        if isinstance(action, A.Recruit):
            return rules.complete_recruit(state, seat, action)
        return action

    def format_action(self, action: A.Action, state: State) -> str:
        """Canonical notation."""
        return A.format_action(action)

    def summary(self, state: State) -> dict[str, Any]:
        """Public summary: year, phase, step, scores, goods, buildings, who is awaited."""
        return {
            "year": state.year,
            "phase": state.phase,
            "phase_name": PHASE_NAMES[state.phase - 1],
            "step": state.step.value,
            "turn_order": [rules.colour(i) for i in state.turn_order],
            "to_act": sorted(rules.to_act(state)),
            "envoy": None if state.envoy is None else rules.colour(state.envoy),
            "players": [
                {
                    "seat": i,
                    "colour": rules.colour(i),
                    "vp": p.vp,
                    "goods": list(p.goods),
                    "plus_two": p.plus_two,
                    "soldiers": p.soldiers,
                    "buildings": sorted(p.buildings),
                }
                for i, p in enumerate(state.players)
            ],
        }

    def seat_label(self, state: State, seat: Seat) -> str:
        """The seat's colour."""
        return colour_name(seat)


ENGINE = KingsburgEngine()

__all__ = ["ENGINE", "RULES_SUMMARY", "KingsburgEngine"]


def _tie_break_note(
    keys: dict[Seat, tuple[int, int, int]], winners: frozenset[Seat], best: tuple[int, int, int]
) -> str:
    """Say what settled a tie on VP, so players who see equal scores know why (rulebook: most
    goods, then most buildings, then a shared victory)."""
    tied = [s for s, k in keys.items() if k[0] == best[0]]
    if len(tied) < 2:
        return ""
    others = [s for s in tied if s not in winners]
    if not others:
        return tx(
            " (tied on VP, goods and buildings: {goods} and {buildings} each)",
            goods=count(best[1], "good"),
            buildings=count(best[2], "building"),
        )
    if any(keys[s][1] != best[1] for s in others):
        runner = max(keys[s][1] for s in others)
        return tx(
            " (tie on VP broken by goods: {best} against {runner})", best=best[1], runner=runner
        )
    runner = max(keys[s][2] for s in others)
    return tx(
        " (tie on VP and goods broken by the number of buildings: {best} against {runner})",
        best=best[2],
        runner=runner,
    )


def _tie_break_name(
    keys: dict[Seat, tuple[int, int, int]], winners: frozenset[Seat], best: tuple[int, int, int]
) -> str:
    """The rulebook's tie-break that settled a tie on VP, by name ("" when none did)."""
    others = [s for s, k in keys.items() if k[0] == best[0] and s not in winners]
    if not others:
        return ""
    if any(keys[s][1] != best[1] for s in others):
        return tx("most goods")
    return tx("most buildings")


def _reveals(before: State, after: State, events: Sequence[Event] = ()) -> bool:
    """True when the move brought out what no player could know before it: a die (any roll, the
    King's die, the two-player dummy dice), an enemy card turned up, or a private look at the
    next enemy (General, Queen) - by any seat, also one the move's gifts reach automatically,
    and also a seat that had already looked (its look is shown again, so the move is not one
    to take back). Every chance draw advances `rng`, so a changed counter covers every roll and
    draw."""
    return (
        after.rng != before.rng
        or after.revealed > before.revealed
        or bool(after.peeked - before.peeked)
        or any(e.kind == "peek" for e in events)
    )
