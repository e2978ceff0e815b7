"""The immutable state of a Cathedral game (or series of games)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from bot.games.cathedral.pieces import BUILDINGS, COLOURS, Colour, Kind
from bot.games.protocol import Seat


class Phase(Enum):
    """Where the current game stands."""

    CATHEDRAL = "cathedral"  # light must place the Cathedral
    BUILD = "build"  # the players place buildings
    OVER = "over"  # the (last game of the) series has ended


@dataclass(frozen=True, slots=True)
class Placed:
    """A piece on the board. `owner` is None for the Cathedral; `mask` is derived from the rest."""

    piece_id: int
    owner: Colour | None
    kind: Kind
    rotation: int
    square: int
    mask: int


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game of a series: who was light and each seat's unplaced squares."""

    number: int
    light_seat: Seat
    unplaced: tuple[int, int]  # by seat


@dataclass(frozen=True, slots=True)
class CathedralState:
    """Everything about a Cathedral series.

    Fields:
        games: games in the series (1 = a single game).
        game_number: the current game, 1-based.
        light_seat: the seat playing light in the current game (seat 0 in game 1, then alternating).
        phase: CATHEDRAL, BUILD or OVER.
        to_move: the colour that must place next; None once the series is over.
        pieces: the pieces on the board, in placement order.
        hands: per colour (light, dark), the unplaced copies of each building, in BUILDINGS order.
        territory: per colour, the mask of squares claimed for it.
        first_placed: per colour, whether it has made its first building placement this game
            (that first placement neither claims nor captures).
        cathedral_removed: the Cathedral was captured this game and is out for good.
        captured: this game's captures as (capturing colour, kind, owner or None for the Cathedral).
        last_piece_id: id of the piece placed by the last move (None at the start of a game).
        next_piece_id: the id the next placed piece gets.
        history: finished games of the series.
        seed: the creation seed (Cathedral has no chance; kept for the record).
        occupied: per owner (light, dark, Cathedral), the mask of covered squares (derived).
        spared: this game's declined captures (rule 5 makes capturing optional), same form as
            `captured`.
        previous: in a series, the final position of the game before the current one (phase
            OVER, its own `previous` None); None in game 1 and in a single game. The engine starts
            the next game at once, so this is the only record of how that board ended.
        last_captured: mask of the squares the pieces captured by the last move stood on (0 if
            it captured nothing), so the board can mark where they were for one move.
    """

    games: int
    game_number: int
    light_seat: Seat
    phase: Phase
    to_move: Colour | None
    pieces: tuple[Placed, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    territory: tuple[int, int]
    first_placed: tuple[bool, bool]
    cathedral_removed: bool
    captured: tuple[tuple[Colour, Kind, Colour | None], ...]
    last_piece_id: int | None
    next_piece_id: int
    history: tuple[GameRecord, ...]
    seed: int
    occupied: tuple[int, int, int]
    spared: tuple[tuple[Colour, Kind, Colour | None], ...] = ()
    previous: CathedralState | None = None
    last_captured: int = 0

    def seat_of(self, colour: Colour) -> Seat:
        """The seat playing `colour` in the current game."""
        return self.light_seat if colour is Colour.LIGHT else Seat(1 - self.light_seat)

    def colour_of(self, seat: Seat) -> Colour:
        """The colour `seat` plays in the current game."""
        return Colour.LIGHT if seat == self.light_seat else Colour.DARK

    @property
    def all_occupied(self) -> int:
        """Every covered square."""
        a, b, c = self.occupied
        return a | b | c

    def unplaced_squares(self, colour: Colour) -> int:
        """Squares `colour`'s unplaced buildings would cover (its score; lower is better)."""
        hand = self.hands[colour.index]
        return sum(n * p.squares for n, p in zip(hand, BUILDINGS, strict=True))


FULL_HAND: tuple[int, ...] = tuple(p.count for p in BUILDINGS)


def occupancy(pieces: tuple[Placed, ...]) -> tuple[int, int, int]:
    """Masks of the squares covered by light, dark and the Cathedral."""
    occ = [0, 0, 0]
    for p in pieces:
        occ[2 if p.owner is None else p.owner.index] |= p.mask
    return occ[0], occ[1], occ[2]


def fresh_game(
    games: int, game_number: int, history: tuple[GameRecord, ...], seed: int
) -> CathedralState:
    """The start of game `game_number`: empty board, full hands, light to place the Cathedral.
    Colours swap every game, so seat 0 is light in odd games and dark in even ones."""
    return CathedralState(
        games=games,
        game_number=game_number,
        light_seat=Seat((game_number - 1) % 2),
        phase=Phase.CATHEDRAL,
        to_move=Colour.LIGHT,
        pieces=(),
        hands=(FULL_HAND, FULL_HAND),
        territory=(0, 0),
        first_placed=(False, False),
        cathedral_removed=False,
        captured=(),
        last_piece_id=None,
        next_piece_id=1,
        history=history,
        seed=seed,
        occupied=(0, 0, 0),
    )


__all__ = [
    "COLOURS",
    "CathedralState",
    "FULL_HAND",
    "GameRecord",
    "Phase",
    "Placed",
    "fresh_game",
    "occupancy",
]


_STATE_FIELDS = tuple(f.name for f in fields(CathedralState))
_STATE_FIELD_SET = frozenset(_STATE_FIELDS)
_new_state = object.__new__
_set = object.__setattr__


def evolve(state: CathedralState, **changes: object) -> CathedralState:
    """`dataclasses.replace` for a `CathedralState`, several times cheaper: the strong player
    applies every legal placement at the root of its search, and `replace` had been a third of
    that time. The state has no `__post_init__`, so copying the fields is all `replace` does."""
    if not _STATE_FIELD_SET.issuperset(changes):
        wrong = sorted(changes.keys() - _STATE_FIELD_SET)[0]
        message = f"CathedralState has no field {wrong!r}"  # i18n-exempt: internal error
        raise AttributeError(message)
    new = _new_state(CathedralState)
    for name in _STATE_FIELDS:
        _set(new, name, changes[name] if name in changes else getattr(state, name))
    return new
