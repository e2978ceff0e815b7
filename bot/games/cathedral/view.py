"""What a viewer sees of a Cathedral game. Cathedral has no hidden information, so every seat and
spectators get the same picture; the type still exists so renderers never touch the state."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.protocol import Seat


@dataclass(frozen=True, slots=True)
class PlacedPiece:
    """A building (or the Cathedral) on the board.

    `owner` is "light", "dark" or "cathedral"; `cells` are (row, col) with row 0 the top row
    (rank 1) and col 0 the left file (A).
    """

    piece_id: int
    owner: str
    name: str
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class HandPiece:
    """One unplaced building: its name, size and base shape (cells at rotation 0)."""

    name: str
    squares: int
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class CathedralView:
    """The public position.

    territory[row][col] is "light", "dark" or "" (unclaimed).
    hands maps "light"/"dark" to the unplaced buildings (with repeats, largest first).
    colour_of_seat maps seat -> "light"/"dark" for the current game of a series.
    to_move is the colour that must place next (None when the game or series is over).
    last_piece_id is the piece placed by the last move (None at the start).
    captured lists this game's captures as (capturing colour, captured piece name, its owner).
    scores maps colour -> squares of unplaced buildings (lower is better).
    series_totals maps seat -> total points of finished games in a series (plus this one once over).
    previous_game is, in a series, the final view of the game before the current one (finished,
    result_text saying how that game ended, its own previous_game None); None in game 1 and in
    a single game. The next game starts at once, so this is the only picture of that board.
    The game that ends the series stays on the board, so the current view shows it.
    move_number counts the placements of this game so far (the Cathedral is move 1; 0 at the
    start); last_move is the last placement in notation ("Castle B3 90", None at the start) and
    last_mover its colour ("light", "dark" or "cathedral").
    skipped is the colour passed over because it had no legal placement when the last move was
    made (the last mover moves again), else None.
    last_captured are the squares (row, col) of the pieces the last move captured (empty if it
    captured nothing), so the board can mark them for one move.
    """

    viewer: Seat | None
    size: int
    pieces: tuple[PlacedPiece, ...]
    territory: tuple[tuple[str, ...], ...]
    hands: dict[str, tuple[HandPiece, ...]]
    colour_of_seat: dict[Seat, str]
    to_move: str | None
    last_piece_id: int | None
    captured: tuple[tuple[str, str, str], ...]
    scores: dict[str, int]
    game_number: int
    games_in_series: int
    series_totals: dict[Seat, int]
    cathedral_removed: bool
    finished: bool
    result_text: str | None
    previous_game: CathedralView | None = None
    move_number: int = 0
    last_move: str | None = None
    last_mover: str | None = None
    skipped: str | None = None
    last_captured: tuple[tuple[int, int], ...] = ()
