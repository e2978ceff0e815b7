"""Crafted Cathedral positions for scenario tests.

`position(...)` puts pieces straight onto the board (no claims, no captures happen while building
the position) and fills in hands, occupancy and ids, so a test can then play the one move that
shows a rule.

>>> s = position([("cathedral", "Cathedral E5 0"), ("dark", "Castle A1 0")], to_move="light")
>>> s.hands[1][KIND_INDEX[Kind.CASTLE]]
0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from bot.games.cathedral import ENGINE
from bot.games.cathedral.actions import Place
from bot.games.cathedral.board import SQUARE_NAMES, N, placement_mask, square_index
from bot.games.cathedral.notation import parse
from bot.games.cathedral.pieces import KIND_INDEX, Colour, Kind
from bot.games.cathedral.state import (
    FULL_HAND,
    CathedralState,
    Phase,
    Placed,
    fresh_game,
    occupancy,
)
from bot.games.protocol import Seat, Transition, step
from bot.games.rejections import Rejection

PieceSpec = tuple[str, str]  # ("light" | "dark" | "cathedral", "Castle B3 90")


def _owner(name: str) -> Colour | None:
    return None if name == "cathedral" else Colour(name)


def mask_of_squares(names: Iterable[str]) -> int:
    """A mask from square names."""
    m = 0
    for name in names:
        index = square_index(name)
        assert index is not None, name
        m |= 1 << index
    return m


def position(
    pieces: Sequence[PieceSpec] = (),
    *,
    to_move: str = "dark",
    first_placed: tuple[bool, bool] = (True, True),
    territory: dict[str, Iterable[str]] | None = None,
    hands: dict[str, dict[str, int]] | None = None,
    cathedral_removed: bool = False,
    games: int = 1,
    game_number: int = 1,
) -> CathedralState:
    """A mid-game position with `pieces` on the board and `to_move` to place next.

    Hands are the full sets minus what is on the board unless `hands` overrides a colour (as
    {name: count}, missing names count 0). The last listed piece counts as the previous move: if
    it belongs to `to_move`, the engine reads that as "the opponent was skipped" (its pass
    already announced), so list a piece of the other colour last for an ordinary turn.
    """
    placed: list[Placed] = []
    counts = [list(FULL_HAND), list(FULL_HAND)]
    for i, (owner_name, text) in enumerate(pieces, start=1):
        owner = _owner(owner_name)
        action = parse(text, owner)
        assert isinstance(action, Place), (text, action)
        mask = placement_mask(action.kind, owner, action.rotation, action.square)
        assert mask is not None, f"{text} leaves the board"
        for other in placed:
            assert not other.mask & mask, f"{text} overlaps piece {other.piece_id}"
        placed.append(Placed(i, owner, action.kind, action.rotation, action.square, mask))
        if owner is not None:
            counts[owner.index][KIND_INDEX[action.kind]] -= 1
            assert counts[owner.index][KIND_INDEX[action.kind]] >= 0, f"too many: {text}"
    if hands is not None:
        for colour_name, hand in hands.items():
            colour = Colour(colour_name)
            counts[colour.index] = [0] * len(FULL_HAND)
            for name, n in hand.items():
                counts[colour.index][KIND_INDEX[Kind(name)]] = n
    terr = [0, 0]
    for colour_name, squares in (territory or {}).items():
        terr[Colour(colour_name).index] = mask_of_squares(squares)
    base = fresh_game(games, game_number, (), seed=0)
    has_cathedral = any(p.owner is None for p in placed)
    return replace(
        base,
        phase=Phase.BUILD if (has_cathedral or cathedral_removed) else Phase.CATHEDRAL,
        to_move=Colour(to_move),
        pieces=tuple(placed),
        hands=(tuple(counts[0]), tuple(counts[1])),
        territory=(terr[0], terr[1]),
        first_placed=first_placed,
        cathedral_removed=cathedral_removed,
        last_piece_id=placed[-1].piece_id if placed else None,
        next_piece_id=len(placed) + 1,
        occupied=occupancy(tuple(placed)),
    )


def seat(state: CathedralState, colour: str) -> Seat:
    """The seat playing `colour` in `state`."""
    return state.seat_of(Colour(colour))


def play(state: CathedralState, colour: str, text: str) -> Transition[CathedralState]:
    """Play `text` for `colour` through step_text-like checking; fails the test if refused."""
    s = seat(state, colour)
    action = ENGINE.parse_action(text, state, s)
    assert not isinstance(action, Rejection), action.message
    result = step(ENGINE, state, s, action)
    assert isinstance(result, Transition), f"{text!r} refused: {result}"
    return result


def attempt(state: CathedralState, colour: str, text: str) -> Rejection | None:
    """check() for `colour` playing `text` as if it were `colour`'s turn during the building
    phase (check() itself refuses the colour not to move; before the Cathedral is down the turn
    is left alone, so dark gets NOT_YOUR_TURN)."""
    if state.phase is Phase.BUILD:
        state = replace(state, to_move=Colour(colour))
    action = ENGINE.parse_action(text, state, seat(state, colour))
    if isinstance(action, Rejection):
        return action
    return ENGINE.check(state, seat(state, colour), action)


def territory_squares(state: CathedralState, colour: str) -> set[str]:
    """Square names claimed for `colour`."""
    from bot.games.cathedral.board import SQUARE_NAMES, bits

    return {SQUARE_NAMES[i] for i in bits(state.territory[Colour(colour).index])}


def piece_names_on_board(state: CathedralState) -> list[tuple[str, str]]:
    """(owner, name) of every piece on the board, in placement order."""
    return [("cathedral" if p.owner is None else p.owner.value, p.kind.value) for p in state.pieces]


def picture_rows(state: CathedralState) -> list[str]:
    """The board as 10 strings: L/D = light/dark building, C = Cathedral, l/d = light/dark
    territory (open), . = open and unclaimed."""
    light, dark, cath = state.occupied
    rows = []
    for r in range(N):
        row = ""
        for c in range(N):
            bit = 1 << (r * N + c)
            if cath & bit:
                row += "C"
            elif light & bit:
                row += "L"
            elif dark & bit:
                row += "D"
            elif state.territory[0] & bit:
                row += "l"
            elif state.territory[1] & bit:
                row += "d"
            else:
                row += "."
        rows.append(row)
    return rows


def picture(state: CathedralState) -> str:
    """The board as text (see picture_rows), for assertion messages."""
    return "\n".join(picture_rows(state))


def squares_of_files(cols: str, ranks: range, exclude: int = 0) -> list[str]:
    """The squares of files `cols` and ranks `ranks`, except those in the mask `exclude`."""
    out = []
    for f in cols:
        for r in ranks:
            name = f"{f}{r}"
            index = SQUARE_NAMES.index(name)
            if not exclude >> index & 1:
                out.append(name)
    return out


def blocked_columns_position(
    light_hand: dict[str, int], dark_hand: dict[str, int]
) -> CathedralState:
    """Light owns files A, C, E, G, I and dark B, D, F, H, J (except covered squares): no piece
    wider than one file fits for either side, while Taverns, Stables and Bridges still do."""
    # Dark's piece last: it made the previous move, so light is to move in the ordinary way.
    pieces = [("cathedral", "Cathedral E5 0"), ("light", "Tavern A10"), ("dark", "Tavern J10")]
    base = position(pieces)
    occupied = base.all_occupied
    return position(
        pieces,
        to_move="light",
        territory={
            "light": squares_of_files("ACEGI", range(1, 11), occupied),
            "dark": squares_of_files("BDFHJ", range(1, 11), occupied),
        },
        hands={"light": light_hand, "dark": dark_hand},
    )
