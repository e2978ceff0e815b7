"""Kingsburg rules: setup, the automatic progression from step to step, and `apply` with its
dispatch to the `_apply_<kind>` handlers. This is the module the engine and callers import; the
rules themselves live by idea in:

- `effects`: colours, goods words and arithmetic, the small state changes with their events;
- `seasons`: Aid from the King, each productive season's rolls and rerolls and turn order, the
  King's Reward and the King's Envoy;
- `advisors`: influencing advisors and their gifts;
- `buildings`: Construct Buildings and the Town Hall;
- `winter`: recruiting, the battle and the end of the year;
- `moves`: who acts, legal actions, and the sentences that show them;
- `checks`: why an action is refused.

Every roll comes from `State.rng` and is reported as an Event. `apply` always leaves the state
waiting on at least one seat (or over): phases nobody has to decide are run inside `settle`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.games.kingsburg import actions as A
from bot.games.kingsburg import data as D
from bot.games.kingsburg.advisors import (
    _apply_alchemist,
    _apply_gift,
    _apply_influence,
    _apply_pass,
    _auto_gift,
    _influence_options,
    _start_gifts,
    plus_two_used,
)
from bot.games.kingsburg.buildings import (
    _apply_build,
    _apply_done,
    _apply_townhall,
    _build_options,
    _end_season,
    _start_build,
    _townhall_options,
    can_build,
)
from bot.games.kingsburg.checks import ONE_PLUS_TWO_A_SEASON, advisor_words, check

# Tests call these two through this module (`rules._add_vp`, `rules._add_soldiers`).
from bot.games.kingsburg.effects import _add_soldiers as _add_soldiers
from bot.games.kingsburg.effects import _add_vp as _add_vp
from bot.games.kingsburg.effects import _ev, _multisets, colour, goods_words, plural
from bot.games.kingsburg.moves import (
    FULL_LIST,
    action_examples,
    buildable_sentence,
    explain_parse_error,
    influence_sentence,
    legal_actions,
    now_sentence,
    to_act,
)
from bot.games.kingsburg.seasons import (
    SEASON_NAMES,
    _apply_aid,
    _apply_keep,
    _apply_reroll,
    _enter_aid,
    _finish_season,
    _reroll_options,
    _start_influence,
    _start_season,
    place_dummy,
    sort_turn_order,
)
from bot.games.kingsburg.state import Player, State, Step
from bot.games.kingsburg.texts import cap_colour, count
from bot.games.kingsburg.winter import (
    _apply_lose,
    _apply_recruit,
    _end_year,
    _recruit_cost,
    _winter,
    combat_value,
    destroyed_building,
    example_payment,
)
from bot.games.protocol import Event
from bot.games.rng import Rng
from bot.games.text import tx

__all__ = [
    "FULL_LIST",
    "ONE_PLUS_TWO_A_SEASON",
    "SEASON_NAMES",
    "action_examples",
    "advisor_words",
    "apply",
    "buildable_sentence",
    "can_build",
    "check",
    "colour",
    "combat_value",
    "complete_recruit",
    "destroyed_building",
    "example_payment",
    "explain_parse_error",
    "goods_words",
    "influence_sentence",
    "legal_actions",
    "new_game",
    "now_sentence",
    "place_dummy",
    "plural",
    "plus_two_used",
    "recruit_payments",
    "settle",
    "sort_turn_order",
    "to_act",
]


# --------------------------------------------------------------------------------------------
# Setup
# --------------------------------------------------------------------------------------------


def new_game(n: int, seed: int) -> State:
    """A fresh game: random turn order, one secret enemy card per year, then Aid from the King."""
    rng = Rng(seed)
    order, rng = rng.shuffled(list(range(n)))
    deck: list[str] = []
    for year in range(1, 6):
        card, rng = rng.choice(D.cards_of_year(year))
        deck.append(card.card_id)
    s = State(
        n=n,
        year=1,
        phase=1,
        step=Step.AID,
        players=tuple(Player() for _ in range(n)),
        turn_order=tuple(order),
        deck=tuple(deck),
        rng=rng,
    )
    ev: list[Event] = []
    s = _enter_aid(s, ev)
    s = settle(s, ev)
    return replace(s, recent=tuple(e.text for e in ev if e.visible_to is None))


# --------------------------------------------------------------------------------------------
# Automatic progression
# --------------------------------------------------------------------------------------------


def settle(s: State, ev: list[Event]) -> State:
    """Run automatic steps until somebody must decide or the game is over."""
    for _ in range(100_000):
        if s.step is Step.OVER:
            return s
        nxt = _progress(s, ev)
        if nxt is None:
            return s
        s = nxt
    raise RuntimeError("Kingsburg: the automatic phases did not settle")


def _drop_heads(
    s: State,
    has_options: Callable[[State, int], bool],
    explain: Callable[[State, int], str | None] | None = None,
    ev: list[Event] | None = None,
) -> tuple[int, ...]:
    """The queue without leading seats that have nothing to decide (they are skipped). When
    `explain` gives a sentence for a skipped seat, it becomes a public "skip" event, so the player
    sees why the game went past them."""
    q = s.queue
    while q and not has_options(s, q[0]):
        text = explain(s, q[0]) if explain is not None else None
        if text and ev is not None:
            ev.append(_ev("skip", text, seat=q[0], step=s.step.value))
        q = q[1:]
    return q


def _skip_or_advance(
    s: State,
    has_options: Callable[[State, int], bool],
    advance: Callable[[State, list[Event]], State],
    ev: list[Event],
    explain: Callable[[State, int], str | None] | None = None,
) -> State | None:
    """For a step worked through the queue: wait on its head (None), drop the seats with
    nothing to decide (saying why, with `explain`), or once nobody is left move on with
    `advance`."""
    q = _drop_heads(s, has_options, explain, ev)
    if q:
        return None if q == s.queue else replace(s, queue=q)
    return advance(s, ev)


def _has_words(p: Player) -> str:
    if not p.total_goods:
        return tx("has no goods")
    return tx("has {goods}", goods=goods_words(p.goods))


def _build_skip_sentence(s: State, seat: int) -> str | None:
    """Why a seat is passed over in Construct Buildings (None after its own build: the build
    event already told the story)."""
    p = s.players[seat]
    if p.builds:
        return None
    free = [
        b
        for b in D.BUILDINGS
        if not p.has(b.building_id) and all(p.has(x) for x in D.left_neighbours(b.building_id))
    ]
    if not free:
        return tx("{seat} has nothing left to build.", seat=cap_colour(seat))
    return tx(
        "{seat} cannot afford any building this season ({holding}).",
        seat=cap_colour(seat),
        holding=_has_words(p),
    )


def _townhall_skip_sentence(s: State, seat: int) -> str | None:
    """Only Town Hall owners would expect a turn; say why they get none."""
    p = s.players[seat]
    if not p.has("town-hall") or p.townhall_used:
        return None
    return tx(
        '{seat} has no good and no "+2" token to hand in at the Town Hall.', seat=cap_colour(seat)
    )


def _recruit_skip_sentence(s: State, seat: int) -> str | None:
    """Every player may recruit: say why this one is not asked."""
    p = s.players[seat]
    cost = _recruit_cost(p)
    return tx(
        "{seat} cannot afford a soldier ({price} each; {holding}).",
        seat=cap_colour(seat),
        price=count(cost, "good"),
        holding=_has_words(p),
    )


def _progress(s: State, ev: list[Event]) -> State | None:
    """One automatic move forward, or None when the state waits on a seat."""
    step = s.step
    if step is Step.AID:
        return None if s.aid_pending else _start_season(s, 2, ev)
    if step is Step.REROLL:
        return _skip_or_advance(
            s, lambda st, seat: bool(_reroll_options(st.players[seat])), _start_influence, ev
        )
    if step is Step.INFLUENCE:
        if s.queue and not _influence_options(s, s.queue[0], first_only=True):
            seat = s.queue[0]
            p = s.players[seat]
            ev.append(
                _ev(
                    "pass",
                    tx("{seat} cannot place any more dice and passes.", seat=cap_colour(seat)),
                    seat=seat,
                    forced=True,
                )
            )
            s = s.with_player(seat, replace(p, passed=True))
            return replace(s, queue=s.queue[1:])
        if s.queue:
            return None
        return _start_gifts(s, ev)
    if step is Step.GIFTS:
        if not s.gifts:
            return _start_build(s, ev)
        return _auto_gift(s, ev)
    if step is Step.BUILD:
        return _skip_or_advance(
            s,
            lambda st, seat: bool(_build_options(st, seat)),
            _end_season,
            ev,
            _build_skip_sentence,
        )
    if step is Step.TOWNHALL:
        return _skip_or_advance(
            s,
            lambda st, seat: bool(_townhall_options(st.players[seat])),
            _finish_season,
            ev,
            _townhall_skip_sentence,
        )
    if step is Step.RECRUIT:
        return _skip_or_advance(
            s,
            lambda st, seat: _recruit_cost(st.players[seat]) <= sum(st.players[seat].goods),
            _winter,
            ev,
            _recruit_skip_sentence,
        )
    if step is Step.BATTLE:
        return None if s.choices else _end_year(s, ev)
    raise RuntimeError(f"Kingsburg: no progression from step {step}")


# --------------------------------------------------------------------------------------------
# Filling in `recruit N` without goods
# --------------------------------------------------------------------------------------------
# Kept beside `complete_recruit`, its only user, so the payment search runs through this
# module's `_multisets` (tests bound it there: `recruit 40000` must not search).


def recruit_payments(p: Player, count: int) -> list[A.Goods]:
    """Every distinct payment (gold, wood, stone) from `p`'s goods for `count` soldiers."""
    need = count * _recruit_cost(p)
    if count < 1 or need > p.total_goods:  # unaffordable: no search at all
        return []
    return _multisets(need, p.goods)


def complete_recruit(s: State, seat: int, a: A.Recruit) -> A.Recruit:
    """`recruit N` without goods: fill in the payment when only one is possible (e.g. the player
    holds a single kind of good, or exactly the goods needed); otherwise return it unchanged so
    `check` can explain with an example."""
    if s.step is not Step.RECRUIT or a.payment != (0, 0, 0) or seat not in to_act(s):
        return a
    options = recruit_payments(s.players[seat], a.count)
    return A.Recruit(a.count, options[0]) if len(options) == 1 else a


# --------------------------------------------------------------------------------------------
# Apply
# --------------------------------------------------------------------------------------------


def apply(s: State, seat: int, a: A.Action) -> tuple[State, list[Event]]:
    """Apply a checked action, then run the automatic phases."""
    ev: list[Event] = []
    handler = _HANDLERS[type(a)]
    s = handler(s, seat, a, ev)
    s = settle(s, ev)
    return replace(s, recent=tuple(e.text for e in ev if e.visible_to is None)[-12:]), ev


def _apply_skip(s: State, seat: int, a: A.Skip, ev: list[Event]) -> State:
    if s.step is Step.GIFTS:
        adv = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor]
        text = tx("{seat} declines the {advisor}'s offer.", seat=cap_colour(seat), advisor=adv.name)
        ev.append(_ev("gift", text, seat=seat))
        return replace(s, gifts=s.gifts[1:])
    return replace(s, queue=s.queue[1:])


_HANDLERS = {
    A.Aid: _apply_aid,
    A.Reroll: _apply_reroll,
    A.Keep: _apply_keep,
    A.Influence: _apply_influence,
    A.Pass: _apply_pass,
    A.Gift: _apply_gift,
    A.Alchemist: _apply_alchemist,
    A.Build: _apply_build,
    A.Done: _apply_done,
    A.TownHall: _apply_townhall,
    A.Recruit: _apply_recruit,
    A.Lose: _apply_lose,
    A.Skip: _apply_skip,
}
