"""The Cathedral engine: rules, notation, codec, views and bots behind the Engine protocol."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from bot.games.cathedral import codec, notation, rules
from bot.games.cathedral.actions import Place
from bot.games.cathedral.board import SQUARE_NAMES, N, cells_of, placement_mask, square_index
from bot.games.cathedral.bots import HeuristicBot, RandomBot
from bot.games.cathedral.pieces import (
    BUILDINGS,
    CATHEDRAL,
    COLOURS,
    PIECES,
    SQUARES_PER_COLOUR,
    Colour,
    Kind,
)
from bot.games.cathedral.state import CathedralState, Phase
from bot.games.cathedral.strong import strong_bot
from bot.games.cathedral.view import CathedralView, HandPiece, PlacedPiece
from bot.games.protocol import JSON, Bot, GameSpec, OptionSpec, Outcome, Seat, Transition
from bot.games.rejections import Rejection
from bot.games.text import tx, tx_c

SPEC = GameSpec(
    key="cathedral",
    display_name=tx_c("game", "Cathedral"),
    min_players=2,
    max_players=2,
    has_hidden_information=False,
    has_chance=False,
    options=(
        OptionSpec(
            key="games",
            kind=int,
            default=1,
            help=tx(
                "Games in the series (colours swap each game; lowest total of unplaced squares "
                "wins)."
            ),
            minimum=1,
            maximum=codec.MAX_GAMES,
        ),
    ),
)

RULES_SUMMARY = tx("""\
**Cathedral** (2 players, 10×10 city). Each colour has 14 buildings covering 47 squares; the \
neutral Cathedral covers 6.
1. Light places the Cathedral first (any of its 4 turns), then dark builds, then turns \
alternate. Buildings turn in quarter turns but never flip.
2. A building must fit on empty squares, never in the opponent's territory.
3. Wall off part of the city with your buildings (and the wall) and it becomes your territory; \
with exactly one opponent building (or the Cathedral) inside, you capture it and take the part.
4. Whoever cannot place is skipped; the game ends when neither can. Fewest unplaced squares wins.
**Notation:** `Castle B3 90` = piece, anchor, clockwise turn. A1 is top-left, J10 bottom-right; \
the anchor is the piece's top-most, then left-most square. Tavern, Square and Infirmary need no \
turn (their turn is written 0 and may be left out). `Inn C4 90 no-capture` declines a capture.
**Rules notes**
- Area: 8-connected squares not covered by your buildings. Enemy buildings and the Cathedral \
(pieces) lie inside areas, never on a boundary.
- Your building splits its area into parts, each judged whatever its size (no piece: claimed; \
one: captured; more: nothing), except in your open city (the area with the most pieces; ties: \
more squares, then first square A1→J10): it is never claimed whole, undivided nothing happens, \
divided its part with the most pieces (same ties) stays the city.
- Your first building neither claims nor captures.
- A captured building returns to its owner's hand; a captured Cathedral is gone for good.
- Capturing is optional but immediate: `no-capture` leaves the piece and its part open.
- There is no pass action: a stuck player is skipped.
- Series (option `games`): colours swap each game; lowest total wins, equal totals draw.""")


class CathedralEngine:
    """The Cathedral engine (see bot.games.protocol.Engine), plus autocomplete helpers."""

    spec: GameSpec = SPEC
    rules_summary: str = RULES_SUMMARY
    bots: Mapping[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "heuristic": HeuristicBot,
        "strong": strong_bot,
    }

    # --- protocol ---------------------------------------------------------------------------

    def new_game(self, seats: int, options: Mapping[str, object], seed: int) -> CathedralState:
        """A fresh series for 2 seats; seat 0 is light in game 1."""
        if seats != 2:
            raise ValueError(tx("Cathedral is played by exactly 2 players."))
        opts = SPEC.validate_options(options)
        games = opts["games"]
        assert isinstance(games, int)
        return rules.new_game_state(games, seed)

    def to_act(self, state: CathedralState) -> frozenset[Seat]:
        """The seat that must place next; empty once over."""
        return rules.to_act(state)

    def more_legal_actions_than(self, state: CathedralState, seat: Seat, limit: int) -> bool:
        """Whether `seat` has more than `limit` legal actions. Placements are counted first,
        without working out which would capture (most of `legal_actions`' time): each capturing
        placement only adds its `no-capture` twin, so more placements than `limit` settles it."""
        return rules.more_legal_actions_than(state, seat, limit)

    def legal_actions(self, state: CathedralState, seat: Seat) -> tuple[Place, ...]:
        """Every legal placement of `seat`, in plain string order of the notation: piece names
        A-Z ("Abbey" first), then the anchor square as text (A1 < A10 < A2 ... < J9), then the
        rotation as text (0 < 180 < 270 < 90). () when it is not `seat`'s turn. Before the
        Cathedral is down, light's list holds only Cathedral placements. Stable across calls;
        autocomplete wants numeric order instead, see `placement_options`."""
        return rules.legal_actions(state, seat)

    def check(self, state: CathedralState, seat: Seat, action: Place) -> Rejection | None:
        """None if `seat` may play `action`, else a specific ILLEGAL rejection."""
        return rules.check(state, seat, action)

    def apply(self, state: CathedralState, seat: Seat, action: Place) -> Transition[CathedralState]:
        """Apply a checked placement (use bot.games.protocol.step). Cathedral has neither chance
        nor hidden information, so no move ever reveals anything (undo may always go back)."""
        transition = rules.apply(state, seat, action)
        return Transition(transition.state, transition.events, reveals=False)

    def outcome(self, state: CathedralState) -> Outcome | None:
        """The result once the game (or series) is over."""
        return rules.outcome(state)

    def view(self, state: CathedralState, seat: Seat | None) -> CathedralView:
        """The public picture (Cathedral has no hidden information)."""
        return build_view(state, seat)

    def hidden_from(self, state: CathedralState, seat: Seat | None) -> frozenset[str]:
        """Nothing is hidden in Cathedral."""
        return frozenset()

    def parse_action(self, text: str, state: CathedralState, seat: Seat) -> Place | Rejection:
        """Parse notation such as `Castle B3 90` (legality is checked by `check`)."""
        return notation.parse(text, state.colour_of(seat))

    def format_action(self, action: Place, state: CathedralState) -> str:
        """Canonical notation, e.g. `Castle B3 90` (`Inn C4 90 no-capture` declines a capture)."""
        return notation.format_place(action)

    def state_to_dict(self, state: CathedralState) -> dict[str, JSON]:
        """JSON form of the state."""
        return codec.state_to_dict(state)

    def state_from_dict(self, data: Mapping[str, JSON]) -> CathedralState:
        """Parse the JSON form; raises CorruptStateError naming the bad field."""
        return codec.state_from_dict(data)

    def summary(self, state: CathedralState) -> dict[str, JSON]:
        """Public JSON summary: hands, territory counts, captures and declined captures
        ("spared"), who acts, outcome."""
        return build_summary(state)

    def seat_label(self, state: CathedralState, seat: Seat) -> str:
        """'light' or 'dark' in the current game (a `Text`: said in the reader's language)."""
        return state.colour_of(seat).label

    # --- autocomplete helpers ---------------------------------------------------------------

    def placement_options(
        self, state: CathedralState, seat: Seat
    ) -> dict[str, dict[str, tuple[int, ...]]]:
        """{piece name: {anchor square: (rotations...)}} over the legal placements of `seat`."""
        return rules.placement_options(state, seat)

    def legal_piece_names(self, state: CathedralState, seat: Seat) -> tuple[str, ...]:
        """Names of the pieces `seat` can place somewhere now, in notation order."""
        return tuple(self.placement_options(state, seat))

    def legal_squares(self, state: CathedralState, seat: Seat, piece: str) -> tuple[str, ...]:
        """Anchor squares where `piece` (any case) fits in some rotation, in board order
        (A1, B1, ... J10)."""
        return tuple(self.placement_options(state, seat).get(_canonical_name(piece), {}))

    def legal_rotations(
        self, state: CathedralState, seat: Seat, piece: str, square: str
    ) -> tuple[int, ...]:
        """Rotations (degrees, ascending) legal for `piece` anchored on `square`."""
        options = self.placement_options(state, seat)
        index = square_index(square)
        if index is None:
            return ()
        return options.get(_canonical_name(piece), {}).get(SQUARE_NAMES[index], ())

    def capture_preview(
        self, state: CathedralState, seat: Seat, piece: str, square: str, rotation: int
    ) -> tuple[str, ...]:
        """What placing `piece` (any case) on `square` turned `rotation` would capture, as
        labels like "dark's Inn" or "the Cathedral"; () when it captures nothing or is not a
        legal placement of `seat` now. Non-empty means the player may choose between the plain
        notation and the same with ` no-capture`."""
        index = square_index(square)
        if index is None:
            return ()
        kind = next((k for k in Kind if k.value == _canonical_name(piece)), None)
        if kind is None or kind is Kind.CATHEDRAL:
            return ()
        action = Place(kind, index, rotation)
        if rules.check(state, seat, action) is not None:
            return ()
        colour = state.colour_of(seat)
        mask = placement_mask(kind, colour, rotation, index)
        assert mask is not None  # check() accepted it
        return tuple(
            rules.piece_label(p.owner, p.kind) for p in rules.capture_victims(state, colour, mask)
        )


def _canonical_name(piece: str) -> str:
    wanted = piece.strip().lower()
    for kind in Kind:
        if kind.value.lower() == wanted:
            return kind.value
    return piece


# --- views and summaries ------------------------------------------------------------------------


def _hand_pieces(state: CathedralState, colour: Colour) -> tuple[HandPiece, ...]:
    hand = state.hands[colour.index]
    out: list[HandPiece] = []
    for p, n in sorted(
        zip(BUILDINGS, hand, strict=True), key=lambda pn: (-pn[0].squares, pn[0].name)
    ):
        out.extend(HandPiece(p.name, p.squares, p.cells(colour)) for _ in range(n))
    if state.phase is Phase.CATHEDRAL and colour is Colour.LIGHT:
        out.insert(0, HandPiece(CATHEDRAL.name, CATHEDRAL.squares, CATHEDRAL.light_cells))
    return tuple(out)


def build_view(state: CathedralState, seat: Seat | None) -> CathedralView:
    """The CathedralView of `state` for `seat` (identical for everyone but `viewer`)."""
    territory = tuple(
        tuple(
            "light"
            if state.territory[0] >> (r * N + c) & 1
            else ("dark" if state.territory[1] >> (r * N + c) & 1 else "")
            for c in range(N)
        )
        for r in range(N)
    )
    outcome = rules.outcome(state)
    totals = rules.series_totals(state)
    last = next((p for p in state.pieces if p.piece_id == state.last_piece_id), None)
    # The last mover is to move again only when the opponent had no legal placement.
    skipped = (
        state.to_move.other.value
        if last is not None and last.owner is not None and last.owner is state.to_move
        else None
    )
    return CathedralView(
        viewer=seat,
        size=N,
        pieces=tuple(
            PlacedPiece(
                piece_id=p.piece_id,
                owner="cathedral" if p.owner is None else p.owner.value,
                name=p.kind.value,
                cells=cells_of(p.mask),
            )
            for p in state.pieces
        ),
        territory=territory,
        hands={c.value: _hand_pieces(state, c) for c in COLOURS},
        colour_of_seat={Seat(s): state.colour_of(Seat(s)).value for s in (0, 1)},
        to_move=None if state.to_move is None else state.to_move.value,
        last_piece_id=state.last_piece_id,
        captured=tuple(
            (by.value, kind.value, "cathedral" if owner is None else owner.value)
            for by, kind, owner in state.captured
        ),
        scores={c.value: state.unplaced_squares(c) for c in COLOURS},
        game_number=state.game_number,
        games_in_series=state.games,
        series_totals={Seat(0): totals[0], Seat(1): totals[1]},
        cathedral_removed=state.cathedral_removed,
        finished=outcome is not None,
        result_text=None if outcome is None else outcome.reason,
        previous_game=None if state.previous is None else _previous_view(state.previous, seat),
        move_number=state.next_piece_id - 1,
        last_move=None
        if last is None
        else notation.format_place(Place(last.kind, last.square, last.rotation)),
        last_mover=None
        if last is None
        else ("cathedral" if last.owner is None else last.owner.value),
        skipped=skipped,
        last_captured=cells_of(state.last_captured),
    )


def _previous_view(final: CathedralState, seat: Seat | None) -> CathedralView:
    """The view of a finished game of a series that is no longer on the board: finished, with
    that game's own result sentence (the series outcome does not exist yet)."""
    view = build_view(final, seat)
    return replace(view, finished=True, result_text=rules.game_over_text(final))


def build_summary(state: CathedralState) -> dict[str, JSON]:
    """Public JSON summary of the position."""
    outcome = rules.outcome(state)
    totals = rules.series_totals(state)
    placed = {c.value: 0 for c in COLOURS}
    for p in state.pieces:
        if p.owner is not None:
            placed[p.owner.value] += PIECES[p.kind].squares
    return {
        "game": "cathedral",
        "game_number": state.game_number,
        "games": state.games,
        "phase": state.phase.value,
        "to_act": None if state.to_move is None else state.to_move.value,
        "to_act_seat": None if state.to_move is None else int(state.seat_of(state.to_move)),
        "colour_of_seat": {str(s): state.colour_of(Seat(s)).value for s in (0, 1)},
        "hands": {
            c.value: {p.name: n for p, n in zip(BUILDINGS, state.hands[c.index], strict=True) if n}
            for c in COLOURS
        },
        "unplaced_squares": {c.value: state.unplaced_squares(c) for c in COLOURS},
        "placed_squares": placed,
        "squares_per_colour": SQUARES_PER_COLOUR,
        "territory": {c.value: state.territory[c.index].bit_count() for c in COLOURS},
        "open_territory": {
            c.value: (state.territory[c.index] & ~state.all_occupied).bit_count() for c in COLOURS
        },
        "captured": [
            {"by": by.value, "piece": kind.value, "owner": "cathedral" if o is None else o.value}
            for by, kind, o in state.captured
        ],
        "spared": [
            {"by": by.value, "piece": kind.value, "owner": "cathedral" if o is None else o.value}
            for by, kind, o in state.spared
        ],
        "cathedral_removed": state.cathedral_removed,
        "series_totals": {"0": totals[0], "1": totals[1]},
        "outcome": None if outcome is None else outcome.to_dict(),
    }


ENGINE = CathedralEngine()
