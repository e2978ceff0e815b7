"""The Settlers of Canaan (Cactus Game Design, 2002), 2-4 players: the `ENGINE`.

The map and the event effects come from replaceable data (`canaan.yaml` here, or a server owner's
file through `with_data`); each game records the data it began with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.games.canaan import actions as A
from bot.games.canaan import codec, rules
from bot.games.canaan.bots import HeuristicBot, RandomBot
from bot.games.canaan.data import CanaanData, data_for, default_data, parse_data
from bot.games.canaan.rules_text import rules_summary
from bot.games.canaan.state import COLOURS, OVER, State
from bot.games.canaan.strong import strong_bot
from bot.games.canaan.view import CanaanView, build_view, dice_shown, hidden_from, status_text
from bot.games.delegating import RulesCodecEngine
from bot.games.protocol import Bot, GameSpec, Outcome, Seat
from bot.games.rejections import Rejection


class CanaanEngine(RulesCodecEngine):
    """The Settlers of Canaan engine (see bot.games.protocol.Engine)."""

    spec = GameSpec(
        key="canaan",
        display_name="Settlers of Canaan",  # i18n-exempt: the product's name (English only)
        min_players=2,
        max_players=4,
        has_hidden_information=True,
        has_chance=True,
    )
    bots: Mapping[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "heuristic": HeuristicBot,
        "strong": strong_bot,
    }
    _rules = rules
    _codec = codec

    def __init__(self, data: CanaanData | None = None) -> None:
        self.data = data or default_data()
        self.rules_summary = rules_summary(self.data)

    def with_data(self, raw: Any) -> CanaanEngine:
        """An engine whose new games use the map and events in `raw` (DataError if invalid)."""
        parse_data(raw)  # validate fully first, with the file's own field paths
        return CanaanEngine(data_for(raw))

    def new_game(self, seats: int, options: Mapping[str, object], seed: int) -> State:
        """A fresh game: first player by dice, then the placement of starting settlements."""
        if not 2 <= seats <= 4:
            raise ValueError(
                "Settlers of Canaan is played by 2 to 4 players."  # i18n-exempt: internal check
            )
        self.spec.validate_options(options)
        return rules.new_game(seats, seed, self.data)

    # The per-move methods are the rules' functions themselves, not forwarding methods: the
    # engine-speed target counts whole random games, and a move passes through each of them.
    to_act = staticmethod(rules.to_act)
    """Seats awaited now (several during discards, event choices and open offers)."""

    may_act = staticmethod(rules.may_act)
    """Seats that may move now: those awaited, and the players who may change their answer to
    the open offer (see `protocol.may_act`)."""

    check = staticmethod(rules.check)
    """None if legal, else a specific rejection."""

    apply = staticmethod(rules.transition)
    """Apply a checked action (use protocol.step)."""

    more_legal_actions_than = staticmethod(rules.more_legal_actions_than)
    """Whether a seat has more legal actions than a limit (a discard's ways counted, not listed)."""

    some_legal_actions = staticmethod(rules.some_legal_actions)
    """At most `limit` legal actions when a discard, take or give has more (see the rules)."""

    def outcome(self, state: State) -> Outcome | None:
        """The winner (12 VP in their own turn, or the leader when Jerusalem is complete)."""
        if state.phase is not OVER:
            return None
        n = len(state.players)
        return Outcome(
            termination="completed",
            winners=frozenset({Seat(state.winner)}),
            scores={Seat(i): rules.vp(state, i) for i in range(n)},
            reason=rules.end_words(state),
            breakdown={Seat(i): rules.breakdown(state, i) for i in range(n)},
        )

    def view(self, state: State, seat: Seat | None) -> CanaanView:
        """Public position plus this seat's own hand and cards."""
        return build_view(state, seat)

    def hidden_from(self, state: State, seat: Seat | None) -> frozenset[str]:
        """Markers of other seats' private records."""
        return hidden_from(state, seat)

    def parse_action(self, text: str, state: State, seat: Seat) -> A.Action | Rejection:
        """Parse notation (unchecked)."""
        return A.parse_action(text, state.data)

    def format_action(self, action: A.Action, state: State) -> str:
        """Canonical notation."""
        return A.format_action(action, state.data)

    def summary(self, state: State) -> dict[str, Any]:
        """Public summary: turn, whose turn, scores, hand sizes, Jerusalem, who is awaited."""
        return {
            "phase": state.phase.value,
            "turn": state.turn,
            "current": COLOURS[state.current],
            "to_act": sorted(rules.to_act(state)),
            "status": status_text(state),
            "dice": list(dice_shown(state)),
            "jerusalem": f"{len(state.jerusalem)}/{state.data.blocks}",
            "data_fingerprint": state.data.fingerprint,
            "players": [
                {
                    "seat": i,
                    "colour": COLOURS[i],
                    "vp": rules.vp(state, i),
                    "cards": p.cards,
                    "development_cards": len(p.dev),
                    "priests": p.priests,
                    "stones": p.stones,
                }
                for i, p in enumerate(state.players)
            ],
        }

    def seat_label(self, state: State, seat: Seat) -> str:
        """The seat's colour (a translatable text equal to the English colour)."""
        return rules.colour(seat)

    def bot_waits_for(self, state: State, seat: Seat) -> frozenset[Seat]:
        """The seats whose answers a computer player at `seat` waits for before it moves on:
        the players who may still answer its open trade offer (none for anyone else). The
        session lets those answer first and bounds the wait for humans (see
        `GameService._bots_in_order`)."""
        if state.offer is None or state.pending or seat != state.current:
            return frozenset()
        return frozenset(Seat(i) for i in rules.awaiting_answers(state))


ENGINE = CanaanEngine()

__all__ = ["ENGINE", "CanaanEngine"]
