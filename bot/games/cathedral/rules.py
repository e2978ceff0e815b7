"""Cathedral's rules: whose turn it is, legal placements, checking, applying, claims and scoring.

Claims (rules 4 and 5, our reading): an "area" of player P is an 8-connected component of the
squares NOT covered by P's buildings; the Cathedral and the opponent's buildings lie inside areas,
never on their boundary, and diagonal gaps leak. A "piece" is an opponent building or the
Cathedral. P's open city is P's area holding the most pieces (ties: more squares, then the one
whose first square in reading order comes first): the city where the opponent still is. Rule 4
gives P "a part of the city" P encloses, never the city itself, so the open city is never claimed
whole.

A building placed by P (not the Cathedral, not P's first building of the game) lies in one area C
of P before the move; afterwards C minus the building falls into parts. If C was not the open
city, every part is judged; if it was, the part holding the most pieces (same tie-breaks) is the
rest of the city and is not judged, every other part is (and an undivided C judges nothing).
So a part holding no piece, or only one, is P's whatever its size, as long as another part keeps
more pieces (or as many on more squares): walling off most of the board claims it. Only when every
part holds at most one piece does one of them (the one with the piece, the larger on a tie) stay
open, so a split never hands P the whole city.
Judging a part: no piece inside, it becomes P's territory; exactly one, that piece is removed and
the part becomes P's; two or more, nothing happens.

Capturing is optional (rule 5: "you MAY remove it ... immediately after the move"): a placement
with capture=False leaves every lone enclosed piece where it is and does not claim those
parts (the space stays open to the opponent); parts with no piece inside are still claimed. One
flag covers the whole move: if a placement would capture in two parts at once, declining
declines both. Because only parts of the area the new building stands in are judged, a spared
piece is only at risk again from a later building in its area that encloses it.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.cathedral.actions import Place
from bot.games.cathedral.board import (
    CANDIDATES,
    CATHEDRAL_CANDIDATES,
    FULL,
    KINDS_BY_NAME,
    NOT_LEFT,
    NOT_RIGHT,
    SQUARE_NAMES,
    Candidate,
    N,
    bits,
    dilate,
    placement_mask,
)
from bot.games.cathedral.pieces import (
    BUILDING_KINDS,
    KIND_INDEX,
    PIECES,
    ROTATIONS,
    Colour,
    Kind,
    distinct_rotations,
    equivalent_rotation,
    piece_name,
)
from bot.games.cathedral.state import (
    CathedralState,
    GameRecord,
    Phase,
    Placed,
    evolve,
    fresh_game,
)
from bot.games.protocol import Event, Outcome, Seat, Transition
from bot.games.rejections import Rejection, RejectionCode, illegal, malformed
from bot.games.text import Text, tx, tx_n


def _actions_for(cands: tuple[Candidate, ...]) -> tuple[tuple[Place, int], ...]:
    return tuple((Place(c.kind, c.square, c.rotation), c.mask) for c in cands)


# Precomputed (action, mask) pairs, sorted by notation text within each kind.
_ACTIONS: dict[Colour, dict[Kind, tuple[tuple[Place, int], ...]]] = {
    colour: {k: _actions_for(v) for k, v in table.items()} for colour, table in CANDIDATES.items()
}
_CATHEDRAL_ACTIONS = _actions_for(CATHEDRAL_CANDIDATES)


def _ring_and_sides(mask: int) -> tuple[int, int]:
    """The 8-neighbour ring of a placement and the part of it sharing a side with it."""
    sides = ((mask << 1) & NOT_LEFT) | ((mask >> 1) & NOT_RIGHT) | (mask << N) | (mask >> N)
    return dilate(mask) & ~mask, sides & FULL & ~mask


# Ring and side neighbours of every building placement, and the squares along the city wall: used
# by capturing_masks to skip placements that cannot split an area.
_RINGS: dict[int, tuple[int, int]] = {
    c.mask: _ring_and_sides(c.mask)
    for table in CANDIDATES.values()
    for cands in table.values()
    for c in cands
}
_BORDER = FULL & ~sum(1 << (r * N + c) for r in range(1, N - 1) for c in range(1, N - 1))
# Small pieces first: the quickest way to find out whether any placement exists at all.
_KINDS_BY_SIZE = tuple(sorted(BUILDING_KINDS, key=lambda k: PIECES[k].squares))


def piece_label(owner: Colour | None, kind: Kind, viewer: Colour | None = None) -> Text:
    """'the Cathedral', 'your Inn' (owner == viewer) or "dark's Inn" (a `Text`: its `params`
    name the piece and, for an opponent's, its colour)."""
    if owner is None:
        return tx("the Cathedral")
    if owner is viewer:
        return tx("your {piece}", piece=piece_name(kind))
    return tx("{colour}'s {piece}", colour=owner.label, piece=piece_name(kind))


# --- whose turn, what is legal ------------------------------------------------------------------


def to_act(state: CathedralState) -> frozenset[Seat]:
    """The seat whose colour must place next; empty once the series is over."""
    if state.phase is Phase.OVER or state.to_move is None:
        return frozenset()
    return frozenset({state.seat_of(state.to_move)})


def blocked_for(state: CathedralState, colour: Colour) -> int:
    """Squares `colour` may not build on: covered squares and the opponent's territory."""
    return state.all_occupied | state.territory[colour.other.index]


def legal_pairs(state: CathedralState, colour: Colour) -> list[tuple[Place, int]]:
    """Legal (action, mask) pairs for `colour`, sorted by notation (ignores whose turn it is)."""
    blocked = state.all_occupied
    if state.phase is Phase.CATHEDRAL:
        if colour is not Colour.LIGHT:
            return []
        return [pair for pair in _CATHEDRAL_ACTIONS if not pair[1] & blocked]
    if state.phase is Phase.OVER:
        return []
    blocked |= state.territory[colour.other.index]
    hand = state.hands[colour.index]
    table = _ACTIONS[colour]
    out: list[tuple[Place, int]] = []
    for kind in KINDS_BY_NAME:
        if hand[KIND_INDEX[kind]]:
            out += [pair for pair in table[kind] if not pair[1] & blocked]
    return out


def legal_actions(state: CathedralState, seat: Seat) -> tuple[Place, ...]:
    """Every legal placement of `seat`; () when it is not its turn.

    Order: plain string order of the notation text (what the protocol's conformance suite
    checks), i.e. piece names A-Z, then the anchor square as text (A1 < A10 < A2), then the
    rotation as text (0 < 180 < 270 < 90). The precomputed candidate tables are sorted that way
    once at import, so this is a filter, not a sort. A placement that would capture is followed
    by its `no-capture` twin ("Inn C4 90" < "Inn C4 90 no-capture" < the next placement), and
    only such placements get one, so the list does not double."""
    if state.to_move is None or state.seat_of(state.to_move) != seat:
        return ()
    pairs = legal_pairs(state, state.to_move)
    capturing = capturing_masks(state, state.to_move, [m for _, m in pairs])
    if not capturing:
        return tuple(a for a, _ in pairs)
    out: list[Place] = []
    for action, mask in pairs:
        out.append(action)
        if mask in capturing:
            out.append(replace(action, capture=False))
    return tuple(out)


def more_legal_actions_than(state: CathedralState, seat: Seat, limit: int) -> bool:
    """`len(legal_actions(state, seat)) > limit`, without the capture work when the placements
    alone are more than `limit` (each capturing placement only adds a twin)."""
    if state.to_move is None or state.seat_of(state.to_move) != seat:
        return limit < 0
    if len(legal_pairs(state, state.to_move)) > limit:
        return True
    return len(legal_actions(state, seat)) > limit


def can_place(state: CathedralState, colour: Colour) -> bool:
    """Whether `colour` has at least one legal building placement."""
    blocked = blocked_for(state, colour)
    if blocked == FULL:
        return False
    hand = state.hands[colour.index]
    table = _ACTIONS[colour]
    for kind in _KINDS_BY_SIZE:
        if hand[KIND_INDEX[kind]]:
            for _, mask in table[kind]:
                if not mask & blocked:
                    return True
    return False


def count_placements(state: CathedralState, colour: Colour) -> tuple[int, int]:
    """(legal placements, squares of hand pieces with no legal placement) for `colour`; used by
    the heuristic bot to value keeping its own options open."""
    blocked = blocked_for(state, colour)
    hand = state.hands[colour.index]
    table = _ACTIONS[colour]
    total = 0
    dead = 0
    for kind in BUILDING_KINDS:
        n = hand[KIND_INDEX[kind]]
        if n:
            here = sum(1 for _, mask in table[kind] if not mask & blocked)
            total += here
            if not here:
                dead += n * PIECES[kind].squares
    return total, dead


# --- checking -----------------------------------------------------------------------------------


def _either(items: list[str]) -> str:
    """'0°', '0° or 90°', '0° or 90° or 180°' (the rotations a piece may take)."""
    if len(items) == 1:
        return items[0]
    return tx("{some} or {last}", some=_either(items[:-1]), last=items[-1])


def describe(kind: Kind, square: int, rotation: int) -> Text:
    """'The Castle at B3 rotated 90°' (rotation left out when it is 0)."""
    if rotation:
        return tx(
            "The {piece} at {square} rotated {rotation}°",
            piece=piece_name(kind),
            square=SQUARE_NAMES[square],
            rotation=rotation,
        )
    return tx("The {piece} at {square}", piece=piece_name(kind), square=SQUARE_NAMES[square])


def check(state: CathedralState, seat: Seat, action: Place) -> Rejection | None:
    """None if `seat` may play `action` now, else a rejection with a specific sentence:
    GAME_OVER, NOT_YOUR_TURN (also for dark trying to place the Cathedral), MALFORMED for
    something that is not a placement, otherwise ILLEGAL.

    The turn is checked here too, not only in `step`, so a caller that checks directly cannot
    slip the other colour's placement (or dark's Cathedral) through to `apply`."""
    if state.phase is Phase.OVER or state.to_move is None:
        return Rejection(
            RejectionCode.GAME_OVER, tx("The game is over; no more buildings can be placed.")
        )
    if seat != state.seat_of(state.to_move):
        return Rejection(
            RejectionCode.NOT_YOUR_TURN,
            tx("It is {colour}'s turn to place, not yours.", colour=state.to_move.label),
        )
    if not isinstance(action, Place):
        return malformed(tx("That is not a placement."), tx("Write it like `Castle B3 90`."))
    colour = state.colour_of(seat)
    kind = action.kind
    if state.phase is Phase.CATHEDRAL:
        if kind is not Kind.CATHEDRAL:
            return illegal(tx("Light must place the Cathedral first."))
    elif kind is Kind.CATHEDRAL:
        if state.cathedral_removed:
            return illegal(tx("The Cathedral was captured and is out of the game for good."))
        return illegal(tx("The Cathedral is already in the city; place one of your buildings."))
    elif state.hands[colour.index][KIND_INDEX[kind]] == 0:
        return illegal(tx("You have no {piece} left.", piece=piece_name(kind)))
    if not 0 <= action.square < 100:
        return illegal(tx("That anchor is not a square of the city."))
    owner = None if kind is Kind.CATHEDRAL else colour
    allowed = distinct_rotations(kind, owner)
    if action.rotation not in allowed:
        turns = _either([f"{r}°" for r in allowed])
        if action.rotation in ROTATIONS:
            same = equivalent_rotation(kind, owner, action.rotation)
            written = f"{kind.value} {SQUARE_NAMES[action.square]} {same}"
            return illegal(
                tx(
                    "The {piece} is only turned {turns}: at {rotation}° it looks the same as at "
                    "{same}°.",
                    piece=piece_name(kind),
                    turns=turns,
                    rotation=action.rotation,
                    same=same,
                ),
                hint=tx("Write `{move}`.", move=written),
            )
        return illegal(
            tx("The {piece} can only be turned {turns}.", piece=piece_name(kind), turns=turns)
        )
    mask = placement_mask(kind, colour, action.rotation, action.square)
    what = describe(kind, action.square, action.rotation)
    if mask is None:
        return illegal(tx("{placement} would stick out past the edge of the city.", placement=what))
    clash = mask & state.all_occupied
    if clash:
        sq = next(bits(clash))
        other = next(p for p in state.pieces if p.mask >> sq & 1)
        label = piece_label(other.owner, other.kind, colour)
        return illegal(
            tx(
                "{placement} would cover {square}, which is occupied by {piece}.",
                placement=what,
                square=SQUARE_NAMES[sq],
                piece=label,
            )
        )
    if kind is not Kind.CATHEDRAL:
        enemy = mask & state.territory[colour.other.index]
        if enemy:
            sq = next(bits(enemy))
            return illegal(
                tx(
                    "{placement} would enter {colour}'s territory at {square}.",
                    placement=what,
                    colour=colour.other.label,
                    square=SQUARE_NAMES[sq],
                )
            )
    if not action.capture and not capture_victims(state, colour, mask):
        plain = f"{kind.value} {SQUARE_NAMES[action.square]} {action.rotation}"
        first = kind is not Kind.CATHEDRAL and not state.first_placed[colour.index]
        if first:
            hint = tx(
                "Your first building neither claims nor captures. Write `{move}`.", move=plain
            )
        else:
            hint = tx("Write `{move}`.", move=plain)
        return illegal(
            tx(
                "The {piece} at {square} captures nothing, so there is nothing to decline.",
                piece=piece_name(kind),
                square=SQUARE_NAMES[action.square],
            ),
            hint=hint,
        )
    return None


# --- applying -----------------------------------------------------------------------------------


def apply(state: CathedralState, seat: Seat, action: Place) -> Transition[CathedralState]:
    """Apply a checked placement, then claims, captures, skipped turns and the end of the game."""
    if action.kind is Kind.CATHEDRAL:
        return _apply_cathedral(state, action)
    return _apply_building(state, state.colour_of(seat), action)


def _apply_cathedral(state: CathedralState, action: Place) -> Transition[CathedralState]:
    mask = placement_mask(Kind.CATHEDRAL, None, action.rotation, action.square)
    assert mask is not None, "apply() needs a checked action"
    piece = Placed(state.next_piece_id, None, Kind.CATHEDRAL, action.rotation, action.square, mask)
    light, dark, cath = state.occupied
    new = evolve(
        state,
        phase=Phase.BUILD,
        to_move=Colour.DARK,
        pieces=(*state.pieces, piece),
        occupied=(light, dark, cath | mask),
        last_piece_id=piece.piece_id,
        next_piece_id=piece.piece_id + 1,
        last_captured=0,
    )
    text = tx(
        "Light places the Cathedral at {square} ({rotation}°).",
        square=SQUARE_NAMES[action.square],
        rotation=action.rotation,
    )
    return Transition(new, (Event("place", text, _place_data(piece)),))


def _place_data(piece: Placed) -> dict[str, object]:
    return {
        "piece_id": piece.piece_id,
        "colour": None if piece.owner is None else piece.owner.value,
        "piece": piece.kind.value,
        "square": SQUARE_NAMES[piece.square],
        "rotation": piece.rotation,
    }


def _apply_building(
    state: CathedralState, colour: Colour, action: Place
) -> Transition[CathedralState]:
    mask = placement_mask(action.kind, colour, action.rotation, action.square)
    assert mask is not None, "apply() needs a checked action"
    ci = colour.index
    piece = Placed(state.next_piece_id, colour, action.kind, action.rotation, action.square, mask)
    hands = list(state.hands)
    hand = list(hands[ci])
    hand[KIND_INDEX[action.kind]] -= 1
    hands[ci] = tuple(hand)
    occ = list(state.occupied)
    occ[ci] |= mask
    where = {
        "colour": colour.title_label,
        "piece": piece_name(action.kind),
        "square": SQUARE_NAMES[action.square],
    }
    if len(distinct_rotations(action.kind, colour)) > 1:
        text = tx(
            "{colour} places the {piece} at {square} ({rotation}°).",
            rotation=action.rotation,
            **where,
        )
    else:
        text = tx("{colour} places the {piece} at {square}.", **where)
    events = [Event("place", text, _place_data(piece))]
    new = evolve(
        state,
        pieces=(*state.pieces, piece),
        hands=(hands[0], hands[1]),
        occupied=(occ[0], occ[1], occ[2]),
        last_piece_id=piece.piece_id,
        next_piece_id=piece.piece_id + 1,
        last_captured=0,
    )
    if state.first_placed[ci]:
        new = _claim(new, colour, mask, events, capture=action.capture)
    else:
        # Rule 4: neither player may claim space on their first move.
        first = list(state.first_placed)
        first[ci] = True
        new = evolve(new, first_placed=(first[0], first[1]))
    new = _next_turn(new, colour, events, already_skipped=_opponent_was_skipped(state, colour))
    return Transition(new, tuple(events))


def _opponent_was_skipped(state: CathedralState, mover: Colour) -> bool:
    """Whether `mover` is placing again because the opponent was skipped on the previous move.

    The previous move's piece is always still on the board (captures only take the opponent's
    pieces), so its owner tells who moved last: if that was `mover` too, the opponent was stuck
    then, and its pass has already been announced."""
    if state.last_piece_id is None:
        return False
    last = next((p for p in state.pieces if p.piece_id == state.last_piece_id), None)
    return last is not None and last.owner is mover


def _rank(count: int, area: int) -> tuple[int, int, int]:
    """Sort key of an area holding `count` pieces: more pieces, then more squares, then the
    earlier first square in reading order. The open city (and the rest of a divided open city)
    is the area with the highest rank."""
    return (count, area.bit_count(), -(area & -area).bit_length())


def _fill(seed: int, within: int) -> int:
    """board.flood with dilate inlined (the hot loop of the area computations)."""
    comp = seed
    while True:
        horiz = comp | ((comp << 1) & NOT_LEFT) | ((comp >> 1) & NOT_RIGHT)
        grown = (horiz | (horiz << N) | (horiz >> N)) & within
        if grown == comp:
            return comp
        comp = grown


def _judged_parts(
    pieces: tuple[Placed, ...], colour: Colour, mine: int, placed: int
) -> list[tuple[int, list[Placed]]]:
    """The parts judged after `colour` places a building on `placed` (see the module docstring),
    each with the pieces inside (the opponent's buildings and the Cathedral), in order of their
    lowest square next to the building. `mine` is `colour`'s covered squares before the move."""
    not_mine = FULL & ~mine
    others = [p for p in pieces if p.owner is not colour]
    area = 0
    best: tuple[int, int, int] | None = None
    open_city = 0
    rest = not_mine
    while rest:
        comp = _fill(rest & -rest, not_mine)
        rest &= ~comp
        rank = _rank(sum(1 for p in others if p.mask & comp), comp)
        if best is None or rank > best:
            best, open_city = rank, comp
        if comp & placed:
            area = comp
    within = area & ~placed
    seeds = dilate(placed) & within
    parts: list[tuple[int, list[Placed]]] = []
    while seeds:
        part = _fill(seeds & -seeds, within)
        seeds &= ~part
        parts.append((part, [p for p in others if p.mask & part]))
    if area == open_city:
        if len(parts) <= 1:
            return []  # the open city is not divided: nothing is enclosed
        # The part with the most pieces stays the open city; only the others are enclosed.
        city = max(parts, key=lambda pi: _rank(len(pi[1]), pi[0]))
        parts = [pi for pi in parts if pi is not city]
    return parts


def capture_victims(state: CathedralState, colour: Colour, mask: int) -> tuple[Placed, ...]:
    """The pieces `colour` would capture by placing a building on the empty squares `mask`
    (assumed legal), in order of their parts; () for the Cathedral, a first building or a
    placement that encloses nothing alone. The reference for `capturing_masks`."""
    if state.phase is not Phase.BUILD or not state.first_placed[colour.index]:
        return ()
    parts = _judged_parts(state.pieces, colour, state.occupied[colour.index], mask)
    return tuple(inside[0] for _, inside in parts if len(inside) == 1)


# Whether a set of squares is 8-connected by itself, by set: the free part of a placement's ring
# recurs from position to position, so capturing_masks remembers the answer (a pure function of
# the key; the size cap only bounds memory).
_LINKED: dict[int, bool] = {}
_LINKED_MAX = 1 << 16


def capturing_masks(state: CathedralState, colour: Colour, masks: list[int]) -> frozenset[int]:
    """Which of `masks` (legal building placements of `colour`) would capture something; the
    same answer as `capture_victims` for each, but fast enough for every legal_actions call.

    Each placement lies inside one area C of `colour` (computed once, with the open city: the
    area with the most pieces). With no piece in C it cannot capture. With exactly one and C not
    the open city it always captures (the piece's part is judged). Otherwise the new building
    must divide C. It cannot when no side of it touches our buildings or the wall (corner
    contacts leak), nor when the part of its 8-neighbour ring inside C is connected by itself
    (paths through the building can go round it); otherwise C minus the building is flood-filled
    into parts. tests/games/cathedral/test_open_city.py checks this against `capture_victims` on
    random positions and games."""
    if state.phase is not Phase.BUILD or not state.first_placed[colour.index] or not masks:
        return frozenset()
    not_mine = FULL & ~state.occupied[colour.index]
    others = [p.mask for p in state.pieces if p.owner is not colour]
    comps: list[tuple[int, int]] = []  # (area, pieces inside), only those with pieces
    best: tuple[int, int, int] | None = None
    open_city = 0
    rest = not_mine
    while rest:
        comp = _fill(rest & -rest, not_mine)
        rest &= ~comp
        count = sum(1 for m in others if m & comp)
        if count:
            comps.append((comp, count))
        # Every area competes for the open city, empty ones too (a city with no piece left).
        rank = _rank(count, comp)
        if best is None or rank > best:
            best, open_city = rank, comp
    out: set[int] = set()
    for comp, count in comps:
        is_city = comp == open_city
        here = [m for m in masks if m & comp]
        if count == 1 and not is_city:
            out.update(here)  # an enclosed lone piece: any building in its area takes it
            continue
        for mask in here:
            ring, sides = _RINGS[mask]
            if not sides & ~comp and not mask & _BORDER:
                continue  # no side touches our buildings or the wall: it cannot divide C
            free = ring & comp
            linked = _LINKED.get(free)
            if linked is None:
                linked = _fill(free & -free, free) == free
                if len(_LINKED) >= _LINKED_MAX:
                    _LINKED.clear()
                _LINKED[free] = linked
            if linked:
                continue  # the free ring is connected: paths go round the building, no division
            within = comp & ~mask
            first = _fill(free & -free, within)
            if first == within:
                continue  # not divided: C stays whole (the city, or two or more pieces together)
            if not is_city:
                seeds = free & ~first
                if sum(1 for m in others if m & first) == 1:
                    out.add(mask)
                    continue
                while seeds:
                    part = _fill(seeds & -seeds, within)
                    seeds &= ~part
                    if sum(1 for m in others if m & part) == 1:
                        out.add(mask)
                        break
                continue
            # The open city divided: the part with the most pieces stays the city, the others are
            # judged; a capture needs a part with exactly one piece that is not that part.
            ranks = [_rank(sum(1 for m in others if m & first), first)]
            seeds = free & ~first
            while seeds:
                part = _fill(seeds & -seeds, within)
                seeds &= ~part
                ranks.append(_rank(sum(1 for m in others if m & part), part))
            top = max(ranks)
            if any(r[0] == 1 and r != top for r in ranks):
                out.add(mask)
    return frozenset(out)


def _claim(
    state: CathedralState,
    colour: Colour,
    placed: int,
    events: list[Event],
    *,
    capture: bool = True,
) -> CathedralState:
    """Claims and captures caused by `colour`'s building `placed` (see the module docstring);
    with `capture` False a lone enclosed piece is spared and its area left open."""
    ci = colour.index
    territory = list(state.territory)
    pieces = state.pieces
    hands = list(state.hands)
    occ = list(state.occupied)
    captured = state.captured
    spared = state.spared
    removed = state.cathedral_removed
    taken = state.last_captured
    for comp, inside in _judged_parts(state.pieces, colour, occ[ci] & ~placed, placed):
        if len(inside) >= 2:
            continue  # two or more pieces inside: nothing is removed, the space stays open
        if inside and not capture:
            # Rule 5: the capture is declined; the piece stays and the space stays open.
            victim = inside[0]
            spared = (*spared, (colour, victim.kind, victim.owner))
            events.append(
                Event(
                    "spare",
                    tx(
                        "{colour} spares {piece}: the area stays open.",
                        colour=colour.title_label,
                        piece=piece_label(victim.owner, victim.kind),
                    ),
                    _victim_data(colour, victim),
                )
            )
            continue
        if inside:
            victim = inside[0]
            pieces = tuple(p for p in pieces if p.piece_id != victim.piece_id)
            if victim.owner is None:
                occ[2] &= ~victim.mask
                removed = True
                text = tx(
                    "{colour} encloses the Cathedral alone and removes it from the game.",
                    colour=colour.title_label,
                )
            else:
                oi = victim.owner.index
                occ[oi] &= ~victim.mask
                back = list(hands[oi])
                back[KIND_INDEX[victim.kind]] += 1
                hands[oi] = tuple(back)
                text = tx(
                    "{colour} encloses {piece} alone and captures it; it goes back to "
                    "{owner}'s hand.",
                    colour=colour.title_label,
                    piece=piece_label(victim.owner, victim.kind),
                    owner=victim.owner.label,
                )
            captured = (*captured, (colour, victim.kind, victim.owner))
            taken |= victim.mask
            events.append(Event("capture", text, _victim_data(colour, victim)))
        gained = comp & ~territory[ci]
        territory[ci] |= comp
        territory[1 - ci] &= ~comp
        if gained:
            n = gained.bit_count()
            events.append(
                Event(
                    "claim",
                    tx_n(
                        "{colour} claims {n} square of the city.",
                        "{colour} claims {n} squares of the city.",
                        n,
                        colour=colour.title_label,
                    ),
                    {"colour": colour.value, "squares": [SQUARE_NAMES[i] for i in bits(gained)]},
                )
            )
    return evolve(
        state,
        pieces=pieces,
        hands=(hands[0], hands[1]),
        occupied=(occ[0], occ[1], occ[2]),
        territory=(territory[0], territory[1]),
        captured=captured,
        spared=spared,
        cathedral_removed=removed,
        last_captured=taken,
    )


def _victim_data(colour: Colour, victim: Placed) -> dict[str, object]:
    return {
        "by": colour.value,
        "piece": victim.kind.value,
        "owner": "cathedral" if victim.owner is None else victim.owner.value,
        "piece_id": victim.piece_id,
    }


def _next_turn(
    state: CathedralState, mover: Colour, events: list[Event], *, already_skipped: bool
) -> CathedralState:
    """Hand the turn to the opponent, skip a player who cannot place, or end the game.

    The "pass" event is emitted once, on the move that leaves the opponent stuck
    (`already_skipped` is False), not again for every further move while it stays stuck; if it
    can place again later (a captured building came back) and gets stuck once more, that is a
    new pass and is announced again."""
    other = mover.other
    if can_place(state, other):
        return evolve(state, to_move=other)
    if can_place(state, mover):
        if not already_skipped:
            events.append(
                Event(
                    "pass",
                    tx(
                        "{colour} cannot place any building and passes; {mover} keeps placing "
                        "as long as {other} cannot.",
                        colour=other.title_label,
                        mover=mover.label,
                        other=other.label,
                    ),
                    {"colour": other.value},
                )
            )
        return evolve(state, to_move=mover)
    return _end_game(state, events)


def game_over_text(state: CathedralState) -> str:
    """'Game 1 of 3 is over: light has 4 unplaced squares, dark 0; dark wins.' for the game
    being played in `state` (a single game says 'The game is over: ...')."""
    light = state.unplaced_squares(Colour.LIGHT)
    dark = state.unplaced_squares(Colour.DARK)
    if light == dark:
        verdict = tx("a draw")
    else:
        verdict = tx("{colour} wins", colour=(Colour.LIGHT if light < dark else Colour.DARK).label)
    if state.games > 1:
        return tx_n(
            "Game {game} of {games} is over: light has {n} unplaced square, dark {dark}; "
            "{verdict}.",
            "Game {game} of {games} is over: light has {n} unplaced squares, dark {dark}; "
            "{verdict}.",
            light,
            game=state.game_number,
            games=state.games,
            dark=dark,
            verdict=verdict,
        )
    return tx_n(
        "The game is over: light has {n} unplaced square, dark {dark}; {verdict}.",
        "The game is over: light has {n} unplaced squares, dark {dark}; {verdict}.",
        light,
        dark=dark,
        verdict=verdict,
    )


def _end_game(state: CathedralState, events: list[Event]) -> CathedralState:
    """Score the finished game; start the next game of a series or end the series.

    A game followed by another one in the series emits a "game_end" event (then "new_game"),
    and its final position is kept as the new game's `previous` (front ends show it, since the
    board is emptied at once); the game that ends the series (or a single game) emits
    "game_over" and stays on the board."""
    light = state.unplaced_squares(Colour.LIGHT)
    dark = state.unplaced_squares(Colour.DARK)
    by_seat = [0, 0]
    by_seat[state.seat_of(Colour.LIGHT)] = light
    by_seat[state.seat_of(Colour.DARK)] = dark
    record = GameRecord(state.game_number, state.light_seat, (by_seat[0], by_seat[1]))
    history = (*state.history, record)
    more = state.game_number < state.games
    events.append(
        Event(
            "game_end" if more else "game_over",
            game_over_text(state),
            {"game": state.game_number, "light": light, "dark": dark, "by_seat": by_seat},
        )
    )
    if more:
        final = evolve(state, phase=Phase.OVER, to_move=None, history=history, previous=None)
        nxt = evolve(
            fresh_game(state.games, state.game_number + 1, history, state.seed), previous=final
        )
        events.append(
            Event(
                "new_game",
                tx(
                    "Game {game} of {games} begins. Colours swap: the player who was dark is "
                    "light now and places the Cathedral.",
                    game=nxt.game_number,
                    games=state.games,
                ),
                {"game": nxt.game_number, "light_seat": int(nxt.light_seat)},
            )
        )
        return nxt
    return evolve(state, phase=Phase.OVER, to_move=None, history=history)


# --- scoring ------------------------------------------------------------------------------------


def _squares(n: int) -> Text:
    """'1 unplaced square', '5 unplaced squares'."""
    return tx_n("{n} unplaced square", "{n} unplaced squares", n)


def series_totals(state: CathedralState) -> tuple[int, int]:
    """Points per seat over the finished games (lower is better)."""
    return (
        sum(r.unplaced[0] for r in state.history),
        sum(r.unplaced[1] for r in state.history),
    )


def outcome(state: CathedralState) -> Outcome | None:
    """The result once the (series) game is over: scores are unplaced squares (series: totals),
    lower wins; a draw lists both seats as winners with termination "draw". The breakdown per
    seat (the score sheet) holds the unplaced squares of each game of the series, "Game 1",
    "Game 2", ..., summing to the score.

    `reason` never names players (engines do not know names): a single game names colours
    ("Dark wins: 0 unplaced squares against 6."), a series names the colour the winner had in
    game 1, so a front end can put "Alice wins!" in front of it. It is also the view's
    `result_text`."""
    if state.phase is not Phase.OVER or not state.history:
        return None
    totals = series_totals(state)
    seats = (Seat(0), Seat(1))
    breakdown: dict[Seat, dict[str, int]] = {s: {} for s in seats}
    for record in state.history:
        for s in seats:
            breakdown[s][tx("Game {n}", n=record.number)] = record.unplaced[s]
    last = state.history[-1]
    scores = {s: totals[s] for s in seats}
    if totals[0] == totals[1]:
        winners = frozenset(seats)
        termination = "draw"
    else:
        winners = frozenset({Seat(0) if totals[0] < totals[1] else Seat(1)})
    if state.games == 1:
        colour_of = {s: (Colour.LIGHT if s == last.light_seat else Colour.DARK) for s in seats}
        if totals[0] == totals[1]:
            reason = tx("Draw: both colours have {squares}.", squares=_squares(totals[0]))
        else:
            (w,) = winners
            loser = Seat(1 - w)
            termination = "all_buildings_placed" if totals[w] == 0 else "fewest_unplaced_squares"
            reason = tx(
                "{colour} wins: {squares} against {other}.",
                colour=colour_of[w].title_label,
                squares=_squares(totals[w]),
                other=totals[loser],
            )
    else:
        if totals[0] == totals[1]:
            reason = tx(
                "The series of {games} games is drawn at {points} points each.",
                games=state.games,
                points=totals[0],
            )
        else:
            (w,) = winners
            termination = "lowest_series_total"
            # Seat 0 is light in game 1 (colours then alternate): naming that keeps the sentence
            # free of player numbers, so front ends can put names in front of it.
            started = Colour.LIGHT.label if w == 0 else Colour.DARK.label
            reason = tx(
                "Series of {games} games: the player who was {colour} in game 1 wins with "
                "{points} points against {other} (lower is better).",
                games=state.games,
                colour=started,
                points=totals[w],
                other=totals[1 - w],
            )
    return Outcome(
        termination=termination,
        winners=winners,
        scores=scores,
        reason=reason,
        breakdown={s: dict(v) for s, v in breakdown.items()},
        lower_is_better=True,
    )


# --- autocomplete helpers -----------------------------------------------------------------------


def placement_options(state: CathedralState, seat: Seat) -> dict[str, dict[str, tuple[int, ...]]]:
    """Legal placements of `seat` grouped as {piece name: {anchor square: (rotations...)}}:
    names alphabetical, squares in board order (A1, B1, ..., J10), rotations ascending; {} when
    it is not `seat`'s turn."""
    grouped: dict[str, dict[int, list[int]]] = {}
    for action in legal_actions(state, seat):
        if not action.capture:
            continue  # the no-capture twin of a placement listed already
        grouped.setdefault(action.kind.value, {}).setdefault(action.square, []).append(
            action.rotation
        )
    return {
        name: {SQUARE_NAMES[sq]: tuple(sorted(rots)) for sq, rots in sorted(squares.items())}
        for name, squares in grouped.items()
    }


def new_game_state(games: int, seed: int) -> CathedralState:
    """Game 1 of a series of `games`: seat 0 is light and places the Cathedral first."""
    return fresh_game(games, 1, (), seed)
