"""Hypothesis state machine for Cathedral: random legal placements interleaved with refused
input, with the game's conservation laws checked after every step.

Rules: play a random legal action; try a random illegal or malformed one (wrong seat, off-board
or unlisted placement, bad rotation, garbage text, anything after the end) and assert it is
refused with a code and changes nothing. Invariants: 47 squares per colour between hand and
board, the Cathedral either down, removed or not yet placed, no overlap, territory never under
an opponent's piece or the Cathedral and never both colours', `to_act` agrees with the outcome,
the JSON round trip is identity, and a pass is announced once per stuck spell.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from bot.games.cathedral import ENGINE
from bot.games.cathedral.actions import Place
from bot.games.cathedral.pieces import PIECES, SQUARES_PER_COLOUR, Colour, Kind
from bot.games.cathedral.state import CathedralState, Phase
from bot.games.protocol import Seat, Transition, canonical_json, step, step_text
from bot.games.rejections import Rejection, RejectionCode

GARBAGE = st.sampled_from(
    [
        "",
        "castle",
        "Castle Z9 90",
        "Castle B3 45",
        "Castle B3 90 extra",
        "Tavern K1",
        "Cathedral",
        "Palace A1 0",
        "Stable A0 90",
        "🙂 B2",
        "Castle B11 0",
    ]
)


def _dump(state: CathedralState) -> str:
    return canonical_json(ENGINE.state_to_dict(state))


class CathedralMachine(RuleBasedStateMachine):
    """One game (or a two-game series) driven by Hypothesis."""

    state: CathedralState
    stuck: Colour | None  # the colour whose pass has been announced and is still being skipped

    @initialize(seed=st.integers(0, 2**16), games=st.sampled_from([1, 1, 2]))
    def start(self, seed: int, games: int) -> None:
        """A new game or two-game series."""
        self.state = ENGINE.new_game(2, {"games": games}, seed)
        self.stuck = None

    def _over(self) -> bool:
        return ENGINE.outcome(self.state) is not None

    @precondition(lambda self: not self._over())
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        """Any listed action is accepted; passes are announced once per stuck spell."""
        (seat,) = ENGINE.to_act(self.state)
        actions = ENGINE.legal_actions(self.state, seat)
        action = actions[data.draw(st.integers(0, len(actions) - 1), label="action")]
        mover = self.state.colour_of(seat)
        game = self.state.game_number
        result = step(ENGINE, self.state, seat, action)
        assert isinstance(result, Transition), result
        new = result.state
        kinds = [e.kind for e in result.events]
        assert kinds[0] == "place"
        for kind in ("capture", "claim", "pass", "game_end", "game_over", "new_game"):
            if kind in kinds:
                event(f"reached: {kind}")  # coverage, shown by --hypothesis-show-statistics
        if new.game_number != game:
            assert "game_end" in kinds and "game_over" not in kinds, kinds
            assert new.previous is not None and new.previous.game_number == game
            self.stuck = None
        elif new.phase is Phase.OVER:
            assert "game_over" in kinds and "game_end" not in kinds, kinds
            self.stuck = None
        elif new.to_move is mover and action.kind is not Kind.CATHEDRAL:
            # The opponent is skipped: announced now unless it already was.
            assert kinds.count("pass") == (0 if self.stuck is mover.other else 1), kinds
            self.stuck = mover.other
        else:
            assert "pass" not in kinds
            self.stuck = None
        self.state = new

    @rule(data=st.data())
    def try_refused(self, data: st.DataObject) -> None:
        """Refused input gets a rejection with a code and leaves the state untouched."""
        before = _dump(self.state)
        state = self.state
        over = self._over()
        to_act = ENGINE.to_act(state)
        mode = data.draw(st.sampled_from(["wrong_seat", "random_place", "text"]), label="mode")
        if mode == "text":
            seat = Seat(data.draw(st.integers(0, 1), label="seat"))
            result = step_text(ENGINE, state, seat, data.draw(GARBAGE, label="text"))
            assert isinstance(result, Rejection)
            assert result.message
        elif mode == "wrong_seat" and not over:
            (mover,) = to_act
            other = Seat(1 - mover)
            action = ENGINE.legal_actions(state, mover)[0]
            result = step(ENGINE, state, other, action)
            assert isinstance(result, Rejection) and result.code is RejectionCode.NOT_YOUR_TURN
            rejection = ENGINE.check(state, other, action)
            assert rejection is not None and rejection.code is RejectionCode.NOT_YOUR_TURN
        else:
            action = Place(
                data.draw(st.sampled_from(list(Kind)), label="kind"),
                data.draw(st.integers(-3, 103), label="square"),
                data.draw(st.sampled_from([0, 90, 180, 270, 45, 360, -90]), label="rotation"),
            )
            seat = next(iter(to_act), Seat(0))
            legal = set(ENGINE.legal_actions(state, seat))
            verdict = ENGINE.check(state, seat, action)
            if over:
                assert verdict is not None and verdict.code is RejectionCode.GAME_OVER
            else:
                assert (verdict is None) == (action in legal), (action, verdict)
            if verdict is not None:
                assert verdict.message and verdict.code is not None
                result = step(ENGINE, state, seat, action)
                assert isinstance(result, Rejection)
        assert _dump(self.state) == before

    # --- invariants -------------------------------------------------------------------------------

    @invariant()
    def squares_are_conserved(self) -> None:
        """Hand squares + board squares == 47 per colour; occupancy matches the pieces."""
        s = self.state
        for colour in Colour:
            on_board = sum(PIECES[p.kind].squares for p in s.pieces if p.owner is colour)
            assert on_board + s.unplaced_squares(colour) == SQUARES_PER_COLOUR
            masks = [p.mask for p in s.pieces if p.owner is colour]
            assert s.occupied[colour.index] == _union(masks)
        cathedrals = [p for p in s.pieces if p.kind is Kind.CATHEDRAL]
        assert len(cathedrals) <= 1
        if s.phase is Phase.CATHEDRAL:
            assert not cathedrals and not s.cathedral_removed and not s.pieces
        else:
            assert len(cathedrals) + s.cathedral_removed == 1
        assert s.occupied[2] == _union([p.mask for p in cathedrals])

    @invariant()
    def pieces_do_not_overlap(self) -> None:
        """No square is covered twice."""
        masks = [p.mask for p in self.state.pieces]
        assert sum(m.bit_count() for m in masks) == _union(masks).bit_count()

    @invariant()
    def territory_is_consistent(self) -> None:
        """Territory is never under the opponent or the Cathedral, and never both colours'."""
        s = self.state
        light, dark, cathedral = s.occupied
        assert not s.territory[0] & s.territory[1]
        assert not s.territory[0] & (dark | cathedral)
        assert not s.territory[1] & (light | cathedral)

    @invariant()
    def to_act_agrees_with_outcome(self) -> None:
        """Exactly one seat acts until the end, it has a legal move, the other has none."""
        s = self.state
        to_act = ENGINE.to_act(s)
        if ENGINE.outcome(s) is not None:
            assert to_act == frozenset() and s.to_move is None
            assert all(ENGINE.legal_actions(s, Seat(i)) == () for i in (0, 1))
            return
        assert len(to_act) == 1
        (seat,) = to_act
        assert s.to_move is not None and seat == s.seat_of(s.to_move)
        assert ENGINE.legal_actions(s, seat)
        assert ENGINE.legal_actions(s, Seat(1 - seat)) == ()

    @invariant()
    def json_round_trip(self) -> None:
        """to_dict -> JSON text -> from_dict gives back an equal state."""
        data = json.loads(json.dumps(ENGINE.state_to_dict(self.state)))
        assert ENGINE.state_from_dict(data) == self.state


def _union(masks: list[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


CathedralMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=90,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestCathedralMachine = CathedralMachine.TestCase
