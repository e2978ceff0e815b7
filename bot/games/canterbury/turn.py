"""The turn flow: the start of a turn (a stalled city ends the game; two players flip the
Neutral Builder token) and the end of a turn (prosperity for what was built, Breaking
Ground, Enrichment, the City Marker, District Favor for marks passed, the next player or
the final scoring).
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury.board import DISTRICTS, NAMES, district_class
from bot.games.canterbury.effects import SCORING_MARKS, _advance_city, _set_player
from bot.games.canterbury.neutral import _neutral_offer, neutral_options
from bot.games.canterbury.placement import Board, _placeable, demolition_sets, services_present
from bot.games.canterbury.scoring import _finish, district_favor
from bot.games.canterbury.state import Phase, State, Turn
from bot.games.canterbury.words import _name, _who
from bot.games.protocol import Event
from bot.games.text import tx, tx_n

ENRICHMENT = 3


def _start_turn(state: State) -> tuple[State, list[Event]]:
    """Begin the current player's turn: a stalled city ends the game; in two-player games the
    Neutral Builder token flips and may build."""
    events: list[Event] = []
    seat = state.current
    player = state.players[seat]
    state = replace(
        state, turn=Turn(gold_before=player.gold, city_before=state.city), phase=Phase.CHOOSE
    )
    if not _city_can_grow(state):
        events.append(
            Event("stalled", tx("No structure left in the supply fits anywhere: the game ends."))
        )
        return _finish(state, events), events
    if not state.two_player:
        return state, events
    flipped = not player.neutral_build
    player = replace(player, neutral_build=flipped)
    state = _set_player(state, seat, player)
    if not flipped or not (player.small_stack or player.medium_stack):
        return state, events
    if neutral_options(state):
        events.append(Event("neutral", _neutral_offer(state, seat)))
        return replace(state, phase=Phase.NEUTRAL), events
    top_small = bool(player.small_stack)
    gone = player.small_stack[0] if top_small else player.medium_stack[0]
    if top_small:
        player = replace(player, small_stack=player.small_stack[1:])
    else:
        player = replace(player, medium_stack=player.medium_stack[1:])
    state = _set_player(state, seat, player)
    events.append(
        Event(
            "neutral",
            tx(
                "The Neutral Builder's {structure} fits nowhere and leaves the game.",
                structure=_name(state, gone),
            ),
            {"structure": gone},
        )
    )
    return state, events


def _city_can_grow(state: State) -> bool:
    """True while some structure in the supply can still be placed somewhere (any gold)."""
    board = Board.of(state, state.current)
    for s in state.data.structures:
        if state.supply[s.index] <= 0:
            continue
        for d in range(DISTRICTS):
            if _placeable(state, board, s, d) and demolition_sets(
                state, state.current, d, s, board
            ):
                return True
    return False


def _end_turn(state: State, events: list[Event]) -> State:
    seat = state.current
    turn = state.turn
    player = state.players[seat]
    gained = 0
    for sid, d in turn.built:
        s = state.data.by_id(sid)
        assert s is not None
        pts = s.player_points(district_class(d)) or 0
        player = player.add("Structures", pts)  # i18n-exempt: data key
        gained += pts
    if gained:
        events.append(
            Event(
                "prosperity",
                tx(
                    "{who} gains {points} prosperity for what was built.",
                    who=_who(seat),
                    points=gained,
                ),
                {"points": gained},
            )
        )
    for d in turn.broke:
        pts = services_present(state, d)
        player = player.add("Breaking Ground", pts)  # i18n-exempt: data key
        if pts:
            events.append(
                Event(
                    "breaking_ground",
                    tx_n(
                        "{who} breaks ground in {district}: +{n} prosperity ({n} service there).",
                        "{who} breaks ground in {district}: +{n} prosperity ({n} services there).",
                        pts,
                        who=_who(seat),
                        district=NAMES[d],
                    ),
                    {"district": d, "points": pts},
                )
            )
    if turn.enrichment:
        pts = ENRICHMENT * turn.enrichment
        player = player.add("Enrichment", pts)  # i18n-exempt: data key
        n = turn.enrichment
        events.append(
            Event(
                "enrichment",
                tx_n(
                    "{who} earns the Enrichment bonus: +{points} prosperity ({n} upgrade).",
                    "{who} earns the Enrichment bonus: +{points} prosperity ({n} upgrades).",
                    n,
                    who=_who(seat),
                    points=pts,
                ),
            )
        )
    player = replace(player, must_full_build=turn.action == "levy")
    state = _set_player(state, seat, player)

    # The Neutral Builder moved the city when it built (a turn saved before that rule has no
    # `city_before`: its Neutral Builder structure still moves the city now).
    moved_now = turn.built if turn.city_before is not None else turn.built + turn.neutral
    start = state.city if turn.city_before is None else turn.city_before
    city_gain = 0
    for sid, _ in moved_now:
        s = state.data.by_id(sid)
        assert s is not None
        city_gain += s.city
    ending_round_known = state.turns_left is not None
    state = _advance_city(state, city_gain, events)
    # District Favor when the city *exceeds* a mark ("exceeds 100", "passes the 100, 200, or
    # 300 mark"): landing on 100 exactly scores nothing yet.
    for mark in SCORING_MARKS:
        if start <= mark < state.city and state.scorings < len(SCORING_MARKS):
            state = district_favor(state, events)
            if state.scorings == 3:
                # Finish the round (to the highest rank), then one final round.
                state = replace(state, turns_left=(state.n - 1 - seat) + state.n)
    state = replace(state, last_turn=turn, last_seat=seat)
    if ending_round_known:
        assert state.turns_left is not None
        state = replace(state, turns_left=state.turns_left - 1)
    if state.turns_left == 0:
        return _finish(state, events)
    state = replace(state, current=(seat + 1) % state.n, turn_number=state.turn_number + 1)
    state, more = _start_turn(state)
    events.extend(more)
    return state
