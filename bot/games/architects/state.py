"""Architects state. Players are indexed 0..n-1 (the seats); the automated opponent, when playing,
is one more player at index n that no seat controls.

The classes are plain mutable records, but no engine function ever changes a state it was given:
`apply` works on `State.clone()` and returns the copy (the conformance suite checks this)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from bot.games.rng import Rng


class Phase(Enum):
    """Where the game is: the opening draft, the main game, or over."""

    DRAFT = "draft"
    PLAY = "play"
    OVER = "over"


@dataclass(slots=True)
class Player:
    """One architect (or the automated opponent). `at` counts workers per large-circle location;
    `captured` counts other players' workers held on this board, by owner index."""

    virtue: int = 7
    silver: int = 0
    goods: dict[str, int] = field(default_factory=dict)
    debts: int = 0  # unpaid
    paid: int = 0  # paid-off debts
    supply: int = 20  # workers on the player board
    at: dict[str, int] = field(default_factory=dict)
    prison: int = 0
    captured: dict[int, int] = field(default_factory=dict)
    guild: int = 0  # workers in the Guildhall (including any set aside in the final round)
    apprentices: list[int] = field(default_factory=list)
    buildings: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    cathedral: int = 0  # level reached, 0 = below the first level
    character: str = ""  # side-2 board key, "" on side 1

    def good(self, name: str) -> int:
        """How many of a good (or silver) this player holds."""
        return self.silver if name == "silver" else self.goods.get(name, 0)

    def add(self, name: str, n: int) -> None:
        """Gain (or, negative, pay) a good or silver."""
        if name == "silver":
            self.silver += n
        else:
            self.goods[name] = self.goods.get(name, 0) + n


@dataclass(slots=True)
class Pending:
    """A decision still owed inside a turn (see `legal.candidates` for the kinds);
    `data["seat"]`, when present, names the seat that decides (else the player whose turn it
    is)."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Automa:
    """The automated opponent's Scheme decks (card indexes into the game's scheme data)."""

    difficulty: str  # constantine | helena
    draw: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    future: list[int] = field(default_factory=list)
    last: int = -1  # card revealed on its last turn


@dataclass(slots=True)
class State:
    """The whole game."""

    seats: int
    rng: Rng
    phase: Phase
    players: list[Player]
    order: list[int]  # turn order (player indexes, automaton last when present)
    turn: int = 0  # index into `order` of the player whose turn it is
    pending: list[Pending] = field(default_factory=list)
    # Workshop rows: 2 rows x 4 columns of apprentice ids (0 = empty) and the silver on each.
    rows: list[list[int]] = field(default_factory=list)
    row_silver: list[list[int]] = field(default_factory=list)
    apprentice_deck: list[int] = field(default_factory=list)
    building_deck: list[int] = field(default_factory=list)
    small_market: list[int] = field(default_factory=list)  # black market card ids, top first
    large_market: list[int] = field(default_factory=list)
    black_market: list[int] = field(default_factory=lambda: [-1, -1, -1])  # owner per space
    rewards: list[int] = field(default_factory=list)
    tax_stand: int = 4
    guildhall: list[int] = field(default_factory=list)  # owner of each filled space, in order
    reset_due: bool = False  # a Black Market Reset follows the current action
    final_turns: int = -1  # turns left once the end is triggered (-1: not triggered)
    draft_round: int = 0
    draft_packs: list[list[int]] = field(default_factory=list)
    draft_choice: list[int] = field(default_factory=list)  # chosen card per seat, 0 = not yet
    automa: Automa | None = None
    schemes: dict[str, Any] = field(default_factory=dict)  # the Scheme data this game started with
    schemes_fingerprint: str = ""
    variable: bool = False
    passes: int = 0  # turns passed in a row with nothing to place or take back
    log: list[str] = field(default_factory=list)  # last few public happenings, for the view

    def clone(self) -> State:
        """A deep copy; `schemes` (never changed) is shared. Written out by hand because bots
        clone once per candidate move and `copy.deepcopy` is several times slower."""
        a = self.automa
        return State(
            seats=self.seats,
            rng=self.rng,
            phase=self.phase,
            players=[_clone_player(p) for p in self.players],
            order=list(self.order),
            turn=self.turn,
            pending=[Pending(p.kind, copy.deepcopy(p.data)) for p in self.pending],
            rows=[list(r) for r in self.rows],
            row_silver=[list(r) for r in self.row_silver],
            apprentice_deck=list(self.apprentice_deck),
            building_deck=list(self.building_deck),
            small_market=list(self.small_market),
            large_market=list(self.large_market),
            black_market=list(self.black_market),
            rewards=list(self.rewards),
            tax_stand=self.tax_stand,
            guildhall=list(self.guildhall),
            reset_due=self.reset_due,
            final_turns=self.final_turns,
            draft_round=self.draft_round,
            draft_packs=[list(p) for p in self.draft_packs],
            draft_choice=list(self.draft_choice),
            automa=None
            if a is None
            else Automa(a.difficulty, list(a.draw), list(a.discard), list(a.future), a.last),
            schemes=self.schemes,
            schemes_fingerprint=self.schemes_fingerprint,
            variable=self.variable,
            passes=self.passes,
            log=list(self.log),
        )

    @property
    def total_players(self) -> int:
        """Seats plus the automated opponent, if any."""
        return len(self.players)

    @property
    def automa_index(self) -> int:
        """The automated opponent's player index, or -1."""
        return self.seats if self.automa is not None else -1

    @property
    def current(self) -> int:
        """Player index whose turn it is."""
        return self.order[self.turn]


def _clone_player(p: Player) -> Player:
    return Player(
        virtue=p.virtue,
        silver=p.silver,
        goods=dict(p.goods),
        debts=p.debts,
        paid=p.paid,
        supply=p.supply,
        at=dict(p.at),
        prison=p.prison,
        captured=dict(p.captured),
        guild=p.guild,
        apprentices=list(p.apprentices),
        buildings=list(p.buildings),
        hand=list(p.hand),
        cathedral=p.cathedral,
        character=p.character,
    )
