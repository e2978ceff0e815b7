"""Kingsburg rules: setup, who acts, legal actions, checks, `_apply_<kind>` and the automatic
phases in between (rolls, turn order, gifts without a choice, King's reward, Envoy, battle).

Every roll comes from `State.rng` and is reported as an Event. `apply` always leaves the state
waiting on at least one seat (or over): phases nobody has to decide are run inside `_settle`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

from bot.games.kingsburg import data as D
from bot.games.kingsburg import scoring
from bot.games.kingsburg.actions import (
    Action,
    Aid,
    Alchemist,
    Build,
    Done,
    Gift,
    Goods,
    Influence,
    Keep,
    Lose,
    Pass,
    Recruit,
    Reroll,
    Skip,
    TownHall,
    format_action,
    goods_notation,
    unknown_building,
)
from bot.games.kingsburg.state import (
    DUMMY,
    Battle,
    BattleEffect,
    Die,
    GiftDue,
    Group,
    Player,
    State,
    Step,
    WinterChoice,
)
from bot.games.kingsburg.texts import (
    and_list,
    cap_colour,
    colour_name,
    count,
    good_count,
    good_name,
    joined,
    or_list,
)
from bot.games.protocol import Event, Seat
from bot.games.rejections import Rejection, RejectionCode, illegal
from bot.games.rng import Rng
from bot.games.text import Text, tx, tx_n

SEASON_NAMES = {2: tx("Spring"), 4: tx("Summer"), 6: tx("Autumn")}


def colour(seat: int) -> str:
    """The colour (seat label) of a seat: "red" (a data key that also reads as a word)."""
    return colour_name(seat)


def _adv_label(n: int) -> str:
    return tx("the {advisor} ({number})", advisor=D.ADVISOR_BY_NUMBER[n].name, number=n)


def _ev(kind: str, text: str, **data: object) -> Event:
    # Event sentences that start with a seat colour use `cap_colour` ("Red takes ...").
    if not isinstance(text, Text):
        text = text[:1].upper() + text[1:]
    return Event(kind, text, dict(data))


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 soldier", "2 soldiers": the engine's counted words (see `texts.count`)."""
    return count(n, word)


def goods_words(goods: Goods) -> str:
    """(1, 1, 0) -> "1 gold and 1 wood"; (0, 0, 2) -> "2 stone" (prose, not notation)."""
    parts = [good_count(n, g) for g, n in zip(D.GOODS, goods, strict=True) if n]
    return and_list(parts) if parts else tx("nothing")


def _multisets(count: int, limit: Goods | None = None) -> list[Goods]:
    """All (gold, wood, stone) with the given total, optionally bounded by holdings."""
    out: list[Goods] = []
    for g in range(count + 1):
        for w in range(count - g + 1):
            st = count - g - w
            if limit is None or (g <= limit[0] and w <= limit[1] and st <= limit[2]):
                out.append((g, w, st))
    return out


def _sub(a: Goods, b: Goods) -> Goods:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _covers(have: Goods, need: Goods) -> bool:
    return all(h >= n for h, n in zip(have, need, strict=True))


def _neg(g: Goods) -> Goods:
    return (-g[0], -g[1], -g[2])


# --------------------------------------------------------------------------------------------
# Small state helpers
# --------------------------------------------------------------------------------------------


def _add_vp(
    s: State, seat: int, delta: int, why: str, ev: list[Event], source: str = scoring.OTHER
) -> State:
    """Change a score. Scores may go below 0 (designer's clarifications, "Scoring": players may
    have a negative score), so every loss is taken in full. `source` is the score sheet
    category (`scoring.CATEGORIES`) the points are counted under."""
    if delta == 0:
        return s
    p = s.players[seat]
    if delta > 0:
        text = tx(
            "{seat} gains {vp} ({why}).", seat=cap_colour(seat), vp=count(delta, "VP"), why=why
        )
    else:
        text = tx(
            "{seat} loses {vp} ({why}).", seat=cap_colour(seat), vp=count(-delta, "VP"), why=why
        )
    ev.append(_ev("vp", text, seat=seat, vp=delta))
    ledger = scoring.credit(p.vp_from, source, delta)
    return s.with_player(seat, replace(p, vp=p.vp + delta, vp_from=ledger))


def _gain_goods(s: State, seat: int, goods: Goods, why: str, ev: list[Event]) -> State:
    if sum(goods) == 0:
        return s
    p = s.players[seat]
    ev.append(
        _ev(
            "goods",
            tx(
                "{seat} takes {goods} ({why}).",
                seat=cap_colour(seat),
                goods=goods_words(goods),
                why=why,
            ),
            seat=seat,
            goods=list(goods),
        )
    )
    return s.with_player(seat, p.with_goods(goods))


def _pay_goods(s: State, seat: int, goods: Goods) -> State:
    p = s.players[seat]
    return s.with_player(seat, p.with_goods(_neg(goods)))


def _add_soldiers(s: State, seat: int, n: int, why: str, ev: list[Event]) -> State:
    p = s.players[seat]
    ev.append(
        _ev(
            "soldiers",
            tx(
                "{seat} gets {soldiers} ({why}).",
                seat=cap_colour(seat),
                soldiers=count(n, "soldier"),
                why=why,
            ),
            seat=seat,
            n=n,
        )
    )
    return s.with_player(seat, replace(p, soldiers=p.soldiers + n))


def _peek(s: State, seat: int, ev: list[Event]) -> State:
    """The General and the Queen: a private look at this year's enemy card."""
    card = D.ENEMY_BY_ID[s.deck[s.year - 1]]
    ev.append(
        Event(
            "peek",
            tx(
                "You look at the top of the Enemies Deck: this winter's enemy is {enemy}, "
                "strength {strength}. If you beat them you gain {reward}; if they beat you, "
                "you lose {penalty}.",
                enemy=D.enemy_name(card.enemy),
                strength=card.strength,
                reward=D.describe_items(card.reward),
                penalty=D.describe_items(card.penalty),
            ),
            {"seat": seat, "card_id": card.card_id},
            frozenset({Seat(seat)}),
            tx("{seat} secretly looks at the top card of the Enemies Deck.", seat=cap_colour(seat)),
        )
    )
    return replace(s, peeked=s.peeked | {seat})


def _unplaced(p: Player) -> tuple[list[int], list[int]]:
    col = sorted((d.value for d in p.dice if not d.placed_on and not d.white), reverse=True)
    wh = sorted((d.value for d in p.dice if not d.placed_on and d.white), reverse=True)
    return col, wh


def _sub_multisets(values: list[int], min_size: int) -> set[tuple[int, ...]]:
    out: set[tuple[int, ...]] = set()
    for k in range(min_size, len(values) + 1):
        for combo in combinations(values, k):
            out.add(combo)
    return out


def _dice_words(dice: tuple[int, ...], whites: tuple[int, ...]) -> str:
    return "+".join([str(v) for v in dice] + [f"{v}w" for v in whites])


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


# --- Phase 1: Aid from the King ------------------------------------------------------------


def _enter_aid(s: State, ev: list[Event]) -> State:
    players = tuple(replace(p, aid_white=False, combat=None, result=None) for p in s.players)
    s = replace(s, phase=1, step=Step.AID, players=players, kings_die=None)
    ev.append(
        _ev(
            "phase",
            tx("Year {year} begins: Aid from the King.", year=D.ROMAN[s.year - 1]),
            year=s.year,
        )
    )
    keys = [(len(p.buildings), p.total_goods) for p in s.players]
    least = min(keys)
    tied = [i for i, k in enumerate(keys) if k == least]
    if len(tied) == 1:
        seat = tied[0]
        s = s.with_player(seat, replace(s.players[seat], aid_white=True))
        ev.append(
            _ev(
                "aid",
                tx("The King aids {seat}: an extra white die this spring.", seat=colour(seat)),
                seat=seat,
            )
        )
        return s
    names = joined([colour(i) for i in tied])
    ev.append(
        _ev(
            "aid",
            tx(
                "The King aids {seats} (tied for fewest buildings and goods): "
                "each chooses one good.",
                seats=names,
            ),
            seats=tied,
        )
    )
    return replace(s, aid_pending=frozenset(tied))


# --- Productive seasons ----------------------------------------------------------------------


def _start_season(s: State, phase: int, ev: list[Event]) -> State:
    s = replace(s, phase=phase, step=Step.ROLL, court=(), dummy_rolls=(), dummy_aside=None)
    season = tx("{season} of year {year}.", season=SEASON_NAMES[phase], year=D.ROMAN[s.year - 1])
    ev.append(_ev("phase", season, phase=phase))
    players = tuple(
        replace(
            p,
            dice=(),
            passed=False,
            statue_used=False,
            chapel_used=False,
            market_used=False,
            townhall_used=False,
            stables_used=False,
            crane_used=False,
            builds=0,
        )
        for p in s.players
    )
    s = replace(s, players=players)
    # The Merchants' Guild gold must be taken before rolling; a bot never forgets, so it is
    # applied automatically.
    for seat in s.turn_order:
        if s.players[seat].has("merchants-guild"):
            s = _gain_goods(s, seat, (1, 0, 0), D.BUILDING_BY_ID["merchants-guild"].name, ev)
    rng = s.rng
    if s.n == 2:
        three, rng = rng.dice(3)
        two, rng = rng.dice(2)
        groups, aside = place_dummy(tuple(three), tuple(two))
        where = and_list([_adv_label(g.advisor) for g in groups[1:]])
        if aside is not None:
            where = tx("{advisors} ({value} set aside)", advisors=where, value=aside)
        ev.append(
            _ev(
                "dummy",
                tx(
                    "Dummy dice: {three} block {advisor}; {two} block {where}.",
                    three="+".join(map(str, three)),
                    advisor=_adv_label(groups[0].advisor),
                    two="+".join(map(str, two)),
                    where=where,
                ),
                three=list(three),
                two=list(two),
            )
        )
        s = replace(
            s, court=tuple(groups), dummy_rolls=(tuple(three), tuple(two)), dummy_aside=aside
        )
    for seat in s.turn_order:
        p = s.players[seat]
        whites = (1 if (phase == 2 and p.aid_white) else 0) + (1 if p.has("farms") else 0)
        values, rng = rng.dice(3 + whites)
        dice = tuple(Die(v, i >= 3) for i, v in enumerate(values))
        s = s.with_player(seat, replace(p, dice=dice))
        rolled = ", ".join(map(str, values[:3]))
        if whites:
            text = tx(
                "{seat} rolls {dice} + white {white}.",
                seat=cap_colour(seat),
                dice=rolled,
                white=", ".join(map(str, values[3:])),
            )
        else:
            text = tx("{seat} rolls {dice}.", seat=cap_colour(seat), dice=rolled)
        ev.append(_ev("roll", text, seat=seat, dice=list(values[:3]), white=list(values[3:])))
    return replace(s, rng=rng, step=Step.REROLL, queue=s.turn_order)


def place_dummy(
    three: tuple[int, ...], two: tuple[int, ...]
) -> tuple[tuple[Group, ...], int | None]:
    """Two-player dummy dice: the three dice block the advisor of their total; the two dice block
    the advisor of theirs, or - when both totals match - the advisors of each die (one die set
    aside when both show the same number). Returns the groups and the set-aside value."""
    t, u = sum(three), sum(two)
    groups = [Group(t, DUMMY, three)]
    if u != t:
        return (*groups, Group(u, DUMMY, two)), None
    if two[0] == two[1]:
        return (*groups, Group(two[0], DUMMY, (two[0],))), two[1]
    return (*groups, Group(two[0], DUMMY, (two[0],)), Group(two[1], DUMMY, (two[1],))), None


def _reroll_options(p: Player) -> list[Action]:
    if not p.dice:
        return []
    out: list[Action] = []
    values = [d.value for d in p.dice]
    if p.has("statue") and not p.statue_used and len(set(values)) == 1:
        out.append(Reroll("statue"))
        if any(d.white for d in p.dice):
            out.append(Reroll("statue", True))
    if p.has("chapel") and not p.chapel_used and sum(values) <= 7:
        out.append(Reroll("chapel"))
    if out:
        out.append(Keep())
    return out


def sort_turn_order(previous: tuple[int, ...], totals: dict[int, int]) -> tuple[int, ...]:
    """Lowest total first; ties keep their previous relative order."""
    return tuple(sorted(previous, key=lambda seat: (totals[seat], previous.index(seat))))


def _start_influence(s: State, ev: list[Event]) -> State:
    totals = {i: sum(d.value for d in p.dice) for i, p in enumerate(s.players)}
    order = sort_turn_order(s.turn_order, totals)
    ev.append(
        _ev(
            "turn_order",
            tx(
                "Turn order: {order}.",
                order=joined(
                    [tx("{seat} ({total})", seat=colour(i), total=totals[i]) for i in order]
                ),
            ),
            order=list(order),
        )
    )
    return replace(s, turn_order=order, step=Step.INFLUENCE, queue=order)


def plus_two_used(s: State, seat: int) -> bool:
    """True once `seat` has added a "+2" token to a dice group this season. Each player may use
    only one "+2" token to influence advisors per season (designer's clarifications, "+2
    Tokens"); tokens handed in at the Town Hall do not count."""
    return any(g.owner == seat and g.plus_two for g in s.court)


def _influence_options(s: State, seat: int, first_only: bool = False) -> list[Influence]:
    p = s.players[seat]
    col, wh = _unplaced(p)
    if not col:
        return []
    out: list[Influence] = []
    pluses = (False, True) if p.plus_two > 0 and not plus_two_used(s, seat) else (False,)
    shifts = (0, -1, 1) if (p.has("market") and not p.market_used) else (0,)
    white_sets = _sub_multisets(wh, 0)
    for cset in _sub_multisets(col, 1):
        for wset in white_sets:
            total = sum(cset) + sum(wset)
            for plus in pluses:
                for shift in shifts:
                    target = total + (2 if plus else 0) + shift
                    if not 1 <= target <= 18:
                        continue
                    taken = bool(s.groups_on(target))
                    if taken and s.envoy != seat:
                        continue
                    out.append(Influence(target, cset, wset, plus, shift, taken))
                    if first_only:
                        return out
    return out


def _start_gifts(s: State, ev: list[Event]) -> State:
    dues = tuple(
        GiftDue(n, g.owner) for n in range(1, 19) for g in s.groups_on(n) if g.owner != DUMMY
    )
    ev.append(_ev("step", tx("The advisors give their help.")))
    return replace(s, step=Step.GIFTS, gifts=dues, queue=())


def _give_fixed_parts(s: State, seat: int, adv: D.Advisor, ev: list[Event]) -> State:
    label = adv.name
    if sum(adv.goods):
        s = _gain_goods(s, seat, adv.goods, label, ev)
    if adv.plus_two:
        p = s.players[seat]
        s = s.with_player(seat, replace(p, plus_two=p.plus_two + adv.plus_two))
        ev.append(
            _ev(
                "plus_two",
                tx('{seat} takes a "+2" token ({why}).', seat=cap_colour(seat), why=label),
                seat=seat,
            )
        )
    if adv.soldiers:
        p = s.players[seat]
        # The Stables add one soldier once a season (designer's clarifications: each building
        # works at most once a season), at the first of the Sergeant, General or King.
        extra = int(
            p.has("stables") and not p.stables_used and adv.number in D.STABLES_SOLDIER_ADVISORS
        )
        if extra:
            s = s.with_player(seat, replace(p, stables_used=True))
        why = tx("{advisor} + Stables", advisor=label) if extra else label
        s = _add_soldiers(s, seat, adv.soldiers + extra, why, ev)
    if adv.vp:
        s = _add_vp(s, seat, adv.vp, label, ev, scoring.ADVISORS)
    if adv.peek:
        s = _peek(s, seat, ev)
    return s


def _auto_gift(s: State, ev: list[Event]) -> State | None:
    due = s.gifts[0]
    adv = D.ADVISOR_BY_NUMBER[due.advisor]
    p = s.players[due.seat]
    if adv.kind == D.GiftKind.FIXED:
        s = _give_fixed_parts(s, due.seat, adv, ev)
        return replace(s, gifts=s.gifts[1:])
    if adv.kind == D.GiftKind.ALCHEMIST and p.total_goods == 0:
        ev.append(
            _ev(
                "gift",
                tx("{seat} has no good to trade with the Alchemist.", seat=cap_colour(due.seat)),
            )
        )
        return replace(s, gifts=s.gifts[1:])
    return None


def _gift_options(s: State, seat: int) -> list[Action]:
    due = s.gifts[0]
    adv = D.ADVISOR_BY_NUMBER[due.advisor]
    p = s.players[seat]
    if adv.kind == D.GiftKind.CHOICE:
        return [Gift(c) for c in adv.choices]
    if adv.kind == D.GiftKind.ALCHEMIST:
        out: list[Action] = [Alchemist(g) for i, g in enumerate(D.GOODS) if p.goods[i] > 0]
        return out + [Skip()]
    if adv.kind == D.GiftKind.GOODS:
        return [Gift(m) for m in _multisets(adv.goods_of_choice)]
    if adv.kind == D.GiftKind.SMUGGLER:
        return [*(Gift(m) for m in _multisets(adv.goods_of_choice)), Skip()]
    return []


def _start_build(s: State, ev: list[Event]) -> State:
    ev.append(_ev("step", tx("Construction, in turn order.")))
    return replace(s, step=Step.BUILD, queue=s.turn_order)


def can_build(p: Player, building_id: str) -> bool:
    """Not owned, every building to its left owned, and affordable."""
    if p.has(building_id):
        return False
    if not all(p.has(left) for left in D.left_neighbours(building_id)):
        return False
    return _covers(p.goods, D.cost_for(building_id, p.crane_discount))


def _build_options(s: State, seat: int) -> list[Action]:
    p = s.players[seat]
    if p.builds >= 2 or (p.builds == 1 and s.envoy != seat):
        return []
    envoy = p.builds == 1
    out: list[Action] = [
        Build(b.building_id, envoy) for b in D.BUILDINGS if can_build(p, b.building_id)
    ]
    return out + [Done()] if out else []


def _end_season(s: State, ev: list[Event]) -> State:
    for seat in s.turn_order:
        if s.players[seat].has("embassy"):
            s = _add_vp(s, seat, 1, D.BUILDING_BY_ID["embassy"].name, ev, scoring.EMBASSY)
    if s.phase == 4:
        # The Inn's token arrives before the Town Hall so it can be spent there at once.
        for seat in s.turn_order:
            p = s.players[seat]
            if p.has("inn"):
                s = s.with_player(seat, replace(p, plus_two=p.plus_two + 1))
                inn = tx('{seat} takes a "+2" token (Inn).', seat=cap_colour(seat))
                ev.append(_ev("plus_two", inn, seat=seat))
    return replace(s, step=Step.TOWNHALL, queue=s.turn_order)


def _townhall_options(p: Player) -> list[Action]:
    if not p.has("town-hall") or p.townhall_used:
        return []
    out: list[Action] = [TownHall("plus2")] if p.plus_two > 0 else []
    out += [TownHall(g) for i, g in enumerate(D.GOODS) if p.goods[i] > 0]
    return out + [Skip()] if out else []


def _finish_season(s: State, ev: list[Event]) -> State:
    phase = s.phase
    players = tuple(replace(p, dice=(), aid_white=p.aid_white and phase != 2) for p in s.players)
    s = replace(s, players=players, court=(), dummy_rolls=(), dummy_aside=None, queue=())
    if phase == 2:
        s = _kings_reward(s, ev)
        return _start_season(s, 4, ev)
    if phase == 4:
        s = _assign_envoy(s, ev)
        return _start_season(s, 6, ev)
    ev.append(_ev("phase", tx("Recruit soldiers, in turn order.")))
    return replace(s, phase=7, step=Step.RECRUIT, queue=s.turn_order)


# --- Phases 3 and 5 --------------------------------------------------------------------------


def _kings_reward(s: State, ev: list[Event]) -> State:
    s = replace(s, phase=3, step=Step.REWARD)
    counts = [len(p.buildings) for p in s.players]
    most = max(counts)
    if most == 0:
        ev.append(_ev("reward", tx("The King's Reward: nobody has built anything yet.")))
        return s
    for seat in s.turn_order:
        if counts[seat] == most:
            s = _add_vp(s, seat, 1, tx("the King's Reward"), ev, scoring.KINGS_REWARD)
    return s


def _assign_envoy(s: State, ev: list[Event]) -> State:
    s = replace(s, phase=5, step=Step.ENVOY)
    if s.envoy is not None:
        ev.append(
            _ev(
                "envoy",
                tx(
                    "The King's Envoy returns to the supply unused by {seat}.", seat=colour(s.envoy)
                ),
            )
        )
        s = replace(s, envoy=None)
    keys = [(len(p.buildings), p.total_goods) for p in s.players]
    least = min(keys)
    tied = [i for i, k in enumerate(keys) if k == least]
    if len(tied) == 1:
        envoy = tx("The King's Envoy goes to {seat}.", seat=colour(tied[0]))
        ev.append(_ev("envoy", envoy, seat=tied[0]))
        return replace(s, envoy=tied[0])
    ev.append(
        _ev("envoy", tx("Tie for fewest buildings and goods: nobody receives the King's Envoy."))
    )
    return s


# --- Phase 7: recruit ------------------------------------------------------------------------


def _recruit_cost(p: Player) -> int:
    return 1 if p.has("barracks") else 2


def recruit_payments(p: Player, count: int) -> list[Goods]:
    """Every distinct payment (gold, wood, stone) from `p`'s goods for `count` soldiers."""
    need = count * _recruit_cost(p)
    if count < 1 or need > p.total_goods:  # unaffordable: no search at all
        return []
    return _multisets(need, p.goods)


def example_payment(p: Player, count: int) -> Goods | None:
    """One payment `p` can make for `count` soldiers, taking from its most plentiful goods first
    (ties: gold, wood, stone), or None if it cannot afford them."""
    need = count * _recruit_cost(p)
    if count < 1 or need > p.total_goods:
        return None
    left = list(p.goods)
    paid = [0, 0, 0]
    for _ in range(need):
        i = max(range(3), key=lambda k: (left[k], -k))
        left[i] -= 1
        paid[i] += 1
    return (paid[0], paid[1], paid[2])


def complete_recruit(s: State, seat: int, a: Recruit) -> Recruit:
    """`recruit N` without goods: fill in the payment when only one is possible (e.g. the player
    holds a single kind of good, or exactly the goods needed); otherwise return it unchanged so
    `check` can explain with an example."""
    if s.step is not Step.RECRUIT or a.payment != (0, 0, 0) or seat not in to_act(s):
        return a
    options = recruit_payments(s.players[seat], a.count)
    return Recruit(a.count, options[0]) if len(options) == 1 else a


def _recruit_refusal(p: Player, a: Recruit) -> Rejection:
    """Why a recruit's payment is wrong, with one payment this player can really make."""
    cost = _recruit_cost(p)
    each = count(cost, "good")
    price = a.count * cost
    costs = tx_n(
        "{n} soldier costs {price} ({each} each)",
        "{n} soldiers cost {price} ({each} each)",
        a.count,
        price=count(price, "good"),
        each=each,
    )
    affordable = p.total_goods // cost
    if affordable < 1:
        return illegal(tx("You cannot afford a soldier ({each} each); say `skip`.", each=each))
    if a.count > affordable:
        ex = example_payment(p, affordable)
        assert ex is not None
        return illegal(
            tx(
                "{costs} and you have {have}: you can recruit at most {most}, e.g. `{move}`.",
                costs=costs,
                have=p.total_goods,
                most=affordable,
                move=f"recruit {affordable} {goods_notation(ex)}",
            )
        )
    ex = example_payment(p, a.count)
    assert ex is not None
    move = f"recruit {a.count} {goods_notation(ex)}"
    if a.payment == (0, 0, 0):
        return illegal(
            tx("{costs}; name the goods you pay, e.g. `{move}`.", costs=costs, move=move)
        )
    return illegal(
        tx(
            "{costs}, not {named}; name the goods you pay, e.g. `{move}`.",
            costs=costs,
            named=sum(a.payment),
            move=move,
        )
    )


def _recruit_options(p: Player) -> list[Action]:
    cost = _recruit_cost(p)
    g, w, st = p.goods
    if g + w + st < cost:
        return []
    out: list[Action] = [Skip()]
    for a in range(g + 1):
        for b in range(w + 1):
            for c in range(st + 1):
                total = a + b + c
                if total and total % cost == 0:
                    out.append(Recruit(total // cost, (a, b, c)))
    return out


# --- Phase 8: winter -------------------------------------------------------------------------


def combat_value(p: Player, enemy: str) -> int:
    """Soldiers (King's die included) plus building bonuses against this enemy type."""
    return p.soldiers + sum(D.BUILDING_BY_ID[b].battle_bonus(enemy) for b in p.buildings)


def destroyed_building(p: Player) -> str | None:
    """The building an enemy destroys: rightmost occupied column, topmost row there."""
    owned = [D.BUILDING_BY_ID[b] for b in p.buildings]
    if not owned:
        return None
    col = max(b.column for b in owned)
    return min((b for b in owned if b.column == col), key=lambda b: b.row).building_id


def _winter(s: State, ev: list[Event]) -> State:
    card = D.ENEMY_BY_ID[s.deck[s.year - 1]]
    s = replace(s, phase=8, step=Step.BATTLE, queue=(), revealed=s.year)
    ev.append(
        _ev(
            "enemy",
            tx(
                "Winter: the enemy is revealed - {enemy}, strength {strength} "
                "(win: {reward}; lose: {penalty}).",
                enemy=D.enemy_name(card.enemy),
                strength=card.strength,
                reward=D.describe_items(card.reward),
                penalty=D.describe_items(card.penalty),
            ),
            card_id=card.card_id,
        )
    )
    die, rng = s.rng.randint(1, 6)
    first = s.turn_order[0]
    ev.append(
        _ev(
            "kings_die",
            tx(
                "{seat} (first player) rolls the King's die: {die}. "
                "Every governor gets {soldiers}.",
                seat=cap_colour(first),
                die=die,
                soldiers=count(die, "soldier"),
            ),
            value=die,
            seat=first,
        )
    )
    s = replace(
        s,
        rng=rng,
        kings_die=die,
        players=tuple(replace(p, soldiers=p.soldiers + die) for p in s.players),
    )
    combats: list[int] = []
    results: list[str] = []
    for p in s.players:
        c = combat_value(p, card.enemy)
        if c > card.strength or (c == card.strength and p.has("stone-wall")):
            r = "won"
        elif c == card.strength:
            r = "tied"
        else:
            r = "lost"
        combats.append(c)
        results.append(r)
    choices: list[WinterChoice] = []
    before = s.players
    for seat in s.turn_order:
        p = s.players[seat]
        s = s.with_player(seat, replace(p, combat=combats[seat], result=results[seat]))
        stone_wall = combats[seat] == card.strength and results[seat] == "won"
        ev.append(
            _ev(
                "battle",
                _battle_sentence(
                    cap_colour(seat), combats[seat], card.strength, results[seat], stone_wall
                ),
                seat=seat,
                combat=combats[seat],
                result=results[seat],
            )
        )
        if results[seat] == "won":
            s, extra = _battle_items(s, seat, card.reward, gain=True, ev=ev)
            choices += extra
            if s.players[seat].has("fortress"):
                s = _add_vp(s, seat, 1, D.BUILDING_BY_ID["fortress"].name, ev, scoring.BATTLES)
        elif results[seat] == "lost":
            s, extra = _battle_items(s, seat, card.penalty, gain=False, ev=ev)
            choices += extra
    winners = [i for i in range(s.n) if results[i] == "won"]
    if winners:
        best = max(combats[i] for i in winners)
        for seat in s.turn_order:
            if seat in winners and combats[seat] == best:
                why = tx("strongest victorious defender")
                s = _add_vp(s, seat, 1, why, ev, scoring.BATTLES)
    ev.append(_ev("soldiers", tx("The soldiers go home.")))
    effects: list[BattleEffect] = []
    for seat, (b, a) in enumerate(zip(before, s.players, strict=True)):
        choosing = sum(c.count if c.gain else -c.count for c in choices if c.seat == seat)
        destroyed = tuple(
            x.building_id for x in D.BUILDINGS if x.building_id in b.buildings - a.buildings
        )
        effects.append(BattleEffect(_sub(a.goods, b.goods), a.vp - b.vp, destroyed, choosing))
    battle = Battle(s.year, card.card_id, die, tuple(combats), tuple(results), tuple(effects))
    return replace(
        s,
        players=tuple(replace(p, soldiers=0) for p in s.players),
        battles=s.battles + (battle,),
        choices=tuple(choices),
    )


def _battle_sentence(seat: str, combat: int, strength: int, result: str, stone_wall: bool) -> str:
    """ "Red fights with 5 against 4: won." (the Stone Wall named when it won a tie)."""
    if result == "won" and stone_wall:
        return tx(
            "{seat} fights with {combat} against {strength}: won (Stone Wall).",
            seat=seat,
            combat=combat,
            strength=strength,
        )
    if result == "won":
        return tx(
            "{seat} fights with {combat} against {strength}: won.",
            seat=seat,
            combat=combat,
            strength=strength,
        )
    if result == "tied":
        return tx(
            "{seat} fights with {combat} against {strength}: tied.",
            seat=seat,
            combat=combat,
            strength=strength,
        )
    return tx(
        "{seat} fights with {combat} against {strength}: lost.",
        seat=seat,
        combat=combat,
        strength=strength,
    )


def _battle_items(
    s: State,
    seat: int,
    items: tuple[tuple[str, int], ...],
    gain: bool,
    ev: list[Event],
) -> tuple[State, list[WinterChoice]]:
    choices: list[WinterChoice] = []
    sign = 1 if gain else -1
    for key, n in items:
        if key in D.GOODS:
            vec = [0, 0, 0]
            vec[D.GOODS.index(key)] = n
            goods: Goods = (vec[0], vec[1], vec[2])
            if gain:
                s = _gain_goods(s, seat, goods, tx("battle reward"), ev)
            else:
                have = s.players[seat].goods
                lost = tuple(min(h, x) for h, x in zip(have, goods, strict=True))
                s = _lose_goods(s, seat, (lost[0], lost[1], lost[2]), key, ev)
        elif key == "vp":
            s = _add_vp(s, seat, sign * n, tx("battle"), ev, scoring.BATTLES)
        elif key == "buildings":
            for _ in range(n):
                s = _destroy(s, seat, ev)
        elif key == "goods_of_choice":
            if gain:
                choices.append(WinterChoice(seat, True, n))
            else:
                p = s.players[seat]
                if p.total_goods <= n or sum(1 for x in p.goods if x) == 1:
                    # No real choice: lose everything, or n of the only good held.
                    lost_list = list(p.goods)
                    if p.total_goods > n:
                        lost_list = [min(x, n) for x in p.goods]
                    s = _lose_goods(
                        s, seat, (lost_list[0], lost_list[1], lost_list[2]), "goods", ev
                    )
                else:
                    choices.append(WinterChoice(seat, False, n))
    return s, choices


def _lose_goods(s: State, seat: int, lost: Goods, what: str, ev: list[Event]) -> State:
    """Pay `lost` as a battle penalty and say so (or that there was no `what` to lose)."""
    s = _pay_goods(s, seat, lost)
    if sum(lost):
        text = tx("{seat} loses {goods}.", seat=cap_colour(seat), goods=goods_words(lost))
    elif what == "goods":
        text = tx("{seat} has no goods to lose.", seat=cap_colour(seat))
    else:
        text = tx("{seat} has no {good} to lose.", seat=cap_colour(seat), good=good_name(what))
    ev.append(_ev("goods", text, seat=seat, goods=[-x for x in lost]))
    return s


def _destroy(s: State, seat: int, ev: list[Event]) -> State:
    p = s.players[seat]
    bid = destroyed_building(p)
    if bid is None:
        nothing = tx("{seat} has no building to lose.", seat=cap_colour(seat))
        ev.append(_ev("destroy", nothing, seat=seat))
        return s
    b = D.BUILDING_BY_ID[bid]
    s = s.with_player(seat, replace(p, buildings=p.buildings - {bid}))
    ev.append(
        _ev(
            "destroy",
            tx("The enemy destroys {seat}'s {building}.", seat=colour(seat), building=b.name),
            seat=seat,
            building=bid,
        )
    )
    if b.vp:
        why = tx("{building} destroyed", building=b.name)
        s = _add_vp(s, seat, -b.vp, why, ev, scoring.BUILDINGS)
    return s


def _end_year(s: State, ev: list[Event]) -> State:
    s = replace(s, peeked=frozenset())
    if s.year >= 5:
        for seat in s.turn_order:
            p = s.players[seat]
            if p.has("cathedral"):
                goods = p.total_goods
                if goods >= 2:
                    why = tx("Cathedral: {goods}", goods=count(goods, "good"))
                    s = _add_vp(s, seat, goods // 2, why, ev, scoring.CATHEDRAL)
                else:
                    # Announced anyway, so the end scoring can be checked by everyone.
                    text = tx(
                        "{seat} gains no VP from the Cathedral ({goods}; 1 VP per 2).",
                        seat=cap_colour(seat),
                        goods=count(goods, "good"),
                    )
                    ev.append(_ev("vp", text, seat=seat, vp=0))
        ev.append(_ev("over", tx("The fifth year is over.")))
        return replace(s, step=Step.OVER, queue=(), gifts=(), choices=(), aid_pending=frozenset())
    s = replace(s, year=s.year + 1)
    return _enter_aid(s, ev)


# --------------------------------------------------------------------------------------------
# Engine queries
# --------------------------------------------------------------------------------------------


def to_act(s: State) -> frozenset[Seat]:
    """Seats that must decide now."""
    if s.step is Step.OVER:
        return frozenset()
    if s.step is Step.AID:
        return frozenset(Seat(i) for i in s.aid_pending)
    if s.step is Step.GIFTS:
        return frozenset({Seat(s.gifts[0].seat)}) if s.gifts else frozenset()
    if s.step is Step.BATTLE:
        return frozenset({Seat(s.choices[0].seat)}) if s.choices else frozenset()
    return frozenset({Seat(s.queue[0])}) if s.queue else frozenset()


def _raw_options(s: State, seat: int) -> list[Action]:
    p = s.players[seat]
    step = s.step
    if step is Step.AID:
        return [Aid(g) for g in D.GOODS]
    if step is Step.REROLL:
        return _reroll_options(p)
    if step is Step.INFLUENCE:
        return [*_influence_options(s, seat), Pass()]
    if step is Step.GIFTS:
        return _gift_options(s, seat)
    if step is Step.BUILD:
        return _build_options(s, seat)
    if step is Step.TOWNHALL:
        return _townhall_options(p)
    if step is Step.RECRUIT:
        return _recruit_options(p)
    if step is Step.BATTLE:
        ch = s.choices[0]
        if ch.gain:
            return [Gift(m) for m in _multisets(ch.count)]
        return [Lose(m) for m in _multisets(ch.count, p.goods)]
    return []


def legal_actions(s: State, seat: int) -> tuple[Action, ...]:
    """Every legal action, sorted by notation, without duplicates."""
    if seat not in to_act(s):
        return ()
    keyed = {format_action(a): a for a in _raw_options(s, seat)}
    return tuple(keyed[k] for k in sorted(keyed))


# --------------------------------------------------------------------------------------------
# Checks with specific sentences
# --------------------------------------------------------------------------------------------

_STEP_TASK = {
    Step.AID: tx("choose your good from the King"),
    Step.REROLL: tx("use your Statue or Chapel, or keep your dice"),
    Step.INFLUENCE: tx("influence an advisor or pass"),
    Step.GIFTS: tx("choose your advisor's gift"),
    Step.BUILD: tx("build or say `done`"),
    Step.TOWNHALL: tx("use your Town Hall or skip"),
    Step.RECRUIT: tx("recruit soldiers or skip"),
    Step.BATTLE: tx("settle the battle's goods"),
}
_DECLINES = (Pass, Done, Skip, Keep)


def _or_list(words: list[str]) -> str:
    return or_list(words)


def _task(s: State, default: str) -> str:
    """What the awaited seat must do now ("choose the Merchant's gift"), for sentences."""
    if s.step is Step.GIFTS and s.gifts:
        adv = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor]
        return tx("choose the {advisor}'s gift", advisor=adv.name)
    return _STEP_TASK.get(s.step, default)


def _influence_order(a: Action) -> tuple[int, ...]:
    # Richest advisors first; at each, the plain group before "+2", Market and Envoy variants.
    assert isinstance(a, Influence)
    return (-a.advisor, a.envoy, a.plus_two, a.shift != 0)


FULL_LIST = 6
"""Up to this many legal moves, a prompt lists every one of them; beyond, a few examples and how
many more there are (a prompt must never look complete when it is not)."""


def _example_actions(s: State, seat: int, limit: int = 3) -> list[Action]:
    """A few legal actions worth showing as examples: plain ones first, a decline last.

    When all legal moves number at most `FULL_LIST` (or `limit`), they are all returned."""
    opts = list(legal_actions(s, seat))
    declines = [a for a in opts if isinstance(a, _DECLINES)]
    others = [a for a in opts if not isinstance(a, _DECLINES)]
    if len(opts) <= max(limit, FULL_LIST):
        if s.step is Step.INFLUENCE:
            others.sort(key=_influence_order)
        return others + declines
    if s.step is Step.INFLUENCE:
        plain = [a for a in others if isinstance(a, Influence) and not (a.envoy or a.plus_two)]
        plain = [a for a in plain if not a.shift] or plain
        # One example per advisor, the richest advisors first (they are what players look for).
        by_advisor: dict[int, Action] = {}
        for a in sorted(plain or others, key=lambda x: -x.advisor):  # type: ignore[union-attr]
            by_advisor.setdefault(a.advisor, a)  # type: ignore[union-attr]
        others = list(by_advisor.values())
    elif s.step is Step.RECRUIT:
        others.sort(key=lambda a: a.count if isinstance(a, Recruit) else 0)
    room = max(1, limit - len(declines))
    return others[:room] + declines


def action_examples(s: State, seat: int, limit: int = 3) -> str:
    """Legal moves of `seat`: all of them as "`a`, `b` or `c`" when they are few (see
    `FULL_LIST`), else `limit` examples then "… (N more: the /kingsburg <verb> autocomplete lists
    them)". Empty when the seat has no move."""
    shown = _example_actions(s, seat, limit)
    words = [f"`{format_action(a)}`" for a in shown]
    more = len(legal_actions(s, seat)) - len(shown)
    if more <= 0:
        return _or_list(words)
    verbs = [format_action(a).split()[0] for a in shown if not isinstance(a, _DECLINES)]
    command = f"/kingsburg {verbs[0]}" if verbs else "/kingsburg"
    return tx(
        "{examples}, \u2026 ({more} more: the {command} autocomplete lists them)",
        examples=joined(words),
        more=more,
        command=command,
    )


def _cost_words(cost: Goods) -> str:
    return D.describe_items(tuple((g, n) for g, n in zip(D.GOODS, cost, strict=True) if n))


def buildable_sentence(s: State, seat: int) -> str:
    """What `seat` could build now (affordable and next in its row), or that nothing fits."""
    p = s.players[seat]
    if s.step is Step.BUILD and seat in to_act(s):
        opts = [a for a in _build_options(s, seat) if isinstance(a, Build)]
        if opts:
            envoy = " envoy" if opts[0].envoy else ""
            names = [
                tx(
                    "{building} ({cost})",
                    building=D.BUILDING_BY_ID[a.building].name,
                    cost=_cost_words(D.cost_for(a.building, p.crane_discount)),
                )
                for a in opts
            ]
            return tx(
                "You can build now: {buildings} - e.g. `{move}`; or say `done`.",
                buildings=joined(names),
                move=f"build {opts[0].building}{envoy}",
            )
    have = _cost_words(p.goods) if p.total_goods else tx("no goods")
    free = [
        b
        for b in D.BUILDINGS
        if not p.has(b.building_id) and all(p.has(x) for x in D.left_neighbours(b.building_id))
    ]
    if not any(can_build(p, b.building_id) for b in free):
        return tx(
            "You cannot afford any building that is next in its row now (you have {goods}).",
            goods=have,
        )
    names = joined([b.name for b in free if can_build(p, b.building_id)])
    return tx(
        "With your goods you could build: {buildings} (in the Construct Buildings step).",
        buildings=names,
    )


def influence_sentence(s: State, seat: int) -> str:
    """Which free advisors `seat`'s unplaced dice can reach, with one example, or `pass`."""
    if s.step is not Step.INFLUENCE or seat not in to_act(s):
        return ""
    opts = _influence_options(s, seat)
    free = sorted({o.advisor for o in opts if not o.envoy})
    envoy = sorted({o.advisor for o in opts if o.envoy})
    ex = [a for a in _example_actions(s, seat, 2) if isinstance(a, Influence)]
    if free:
        names = joined([_reach_words(n) for n in free])
        if ex:
            text = tx(
                "Free advisors your dice can reach: {advisors} - e.g. `{move}`; or `pass`.",
                advisors=names,
                move=format_action(ex[0]),
            )
        else:
            text = tx("Free advisors your dice can reach: {advisors}; or `pass`.", advisors=names)
    else:
        text = tx("No free advisor matches your dice: say `pass`.")
    if envoy:
        also = joined([_reach_words(n) for n in envoy])
        text = tx("{text} With the King's Envoy also: {advisors}.", text=text, advisors=also)
    return text


def _reach_words(n: int) -> str:
    """ "13 Champion (3 stone)"."""
    adv = D.ADVISOR_BY_NUMBER[n]
    return tx("{number} {advisor} ({gift})", number=n, advisor=adv.name, gift=adv.gift)


def now_sentence(s: State, seat: int) -> str:
    """What `seat` may do now, with legal examples (empty if it is not awaited)."""
    if s.step is Step.OVER or seat not in to_act(s):
        return ""
    if s.step is Step.BUILD:
        return buildable_sentence(s, seat)
    if s.step is Step.INFLUENCE:
        return influence_sentence(s, seat)
    ex = action_examples(s, seat)
    task = _task(s, tx("wait"))
    return tx("Now {task}: {examples}.", task=task, examples=ex) if ex else ""


def explain_parse_error(s: State, seat: int, rejection: Rejection) -> Rejection:
    """A notation error plus what this seat can legally do now."""
    extra = now_sentence(s, seat)
    if not extra:
        return rejection
    hint = tx("{hint} {more}", hint=rejection.hint, more=extra) if rejection.hint else extra
    return Rejection(rejection.code, rejection.message, hint)


def _wrong_time(s: State, seat: int) -> Rejection:
    task = _task(s, tx("wait"))
    examples = action_examples(s, seat)
    ex = (
        buildable_sentence(s, seat)
        if s.step is Step.BUILD
        else influence_sentence(s, seat)
        if s.step is Step.INFLUENCE
        else (tx("Say {moves}.", moves=examples) if examples else "")
    )
    return illegal(tx("That is not possible now: it is time to {task}.", task=task), ex or None)


def _with_hint(rej: Rejection, extra: str) -> Rejection:
    if not extra:
        return rej
    hint = tx("{hint} {more}", hint=rej.hint, more=extra) if rej.hint else extra
    return Rejection(rej.code, rej.message, hint)


def check(s: State, seat: int, a: Action) -> Rejection | None:
    """None if legal, else a Rejection explaining exactly why; when the sentence does not
    already show a move, the hint says what this seat can legally do now."""
    rej = _check(s, seat, a)
    if rej is None or rej.code is not RejectionCode.ILLEGAL or rej.hint or "`" in rej.message:
        return rej
    return _with_hint(rej, now_sentence(s, seat))


def _check(s: State, seat: int, a: Action) -> Rejection | None:
    if s.step is Step.OVER:
        return Rejection(
            RejectionCode.GAME_OVER, tx("The game is over; no more moves can be made.")
        )
    if seat not in to_act(s):
        waiting = sorted(to_act(s))
        who = and_list([colour(w) for w in waiting])
        task = _task(s, tx("act"))
        return Rejection(
            RejectionCode.NOT_YOUR_TURN,
            tx(
                "It is not your turn: the game is waiting for {seats} to {task}.",
                seats=who,
                task=task,
            ),
        )
    p = s.players[seat]
    step = s.step
    if isinstance(a, Aid):
        return None if step is Step.AID and a.good in D.GOODS else _wrong_time(s, seat)
    if isinstance(a, Reroll | Keep):
        if step is not Step.REROLL:
            return _wrong_time(s, seat)
        if isinstance(a, Keep) or a in _reroll_options(p):
            return None
        return _explain_reroll(p, a)
    if isinstance(a, Influence):
        if step is not Step.INFLUENCE:
            return _wrong_time(s, seat)
        return _check_influence(s, seat, a)
    if isinstance(a, Pass):
        return None if step is Step.INFLUENCE else _wrong_time(s, seat)
    if isinstance(a, Gift | Alchemist) and step is Step.GIFTS:
        return _check_gift(s, seat, a)
    if isinstance(a, Gift) and step is Step.BATTLE and s.choices[0].gain:
        n = s.choices[0].count
        if sum(a.goods) != n:
            return illegal(
                tx(
                    "Choose exactly {goods} as your reward, not {chosen}, e.g. `{move}`.",
                    goods=count(n, "good"),
                    chosen=sum(a.goods),
                    move=f"gift {goods_notation(_multisets(n)[-1])}",
                )
            )
        return None
    if isinstance(a, Lose):
        if step is not Step.BATTLE or s.choices[0].gain:
            return _wrong_time(s, seat)
        n = s.choices[0].count
        if sum(a.goods) != n:
            return illegal(
                tx(
                    "You must give up exactly {goods}, not {chosen}.",
                    goods=count(n, "good"),
                    chosen=sum(a.goods),
                )
            )
        if not _covers(p.goods, a.goods):
            return illegal(
                tx(
                    "You do not have {goods} to give up: you have {holding}.",
                    goods=goods_words(a.goods),
                    holding=_cost_words(p.goods),
                )
            )
        return None
    if isinstance(a, Build | Done):
        if step is not Step.BUILD:
            return _wrong_time(s, seat)
        if isinstance(a, Done):
            return None
        return _check_build(s, seat, a)
    if isinstance(a, TownHall):
        if step is not Step.TOWNHALL:
            return _wrong_time(s, seat)
        if a.pay == "plus2":
            return None if p.plus_two > 0 else illegal(tx('You have no "+2" token to hand in.'))
        if a.pay not in D.GOODS:
            return illegal(
                tx('The Town Hall takes a "+2" token or a good, not {pay}.', pay=repr(a.pay))
            )
        if p.goods[D.GOODS.index(a.pay)] == 0:
            return illegal(tx("You have no {good} to hand in.", good=good_name(a.pay)))
        return None
    if isinstance(a, Recruit):
        if step is not Step.RECRUIT:
            return _wrong_time(s, seat)
        cost = _recruit_cost(p)
        if a.count < 1:
            return illegal(tx("Recruit at least one soldier, or say `skip`."))
        if sum(a.payment) != a.count * cost:
            return _recruit_refusal(p, a)
        if not _covers(p.goods, a.payment):
            ex = example_payment(p, a.count)
            holding = _cost_words(p.goods) if p.total_goods else tx("no goods")
            if ex:
                return illegal(
                    tx(
                        "You do not have {goods}: you have {holding}; e.g. `{move}`.",
                        goods=goods_words(a.payment),
                        holding=holding,
                        move=f"recruit {a.count} {goods_notation(ex)}",
                    )
                )
            return illegal(
                tx(
                    "You do not have {goods}: you have {holding}.",
                    goods=goods_words(a.payment),
                    holding=holding,
                )
            )
        return None
    if isinstance(a, Skip):
        if step is Step.GIFTS:
            kind = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor].kind
            if kind in (D.GiftKind.ALCHEMIST, D.GiftKind.SMUGGLER):
                return None
            adv = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor]
            return illegal(
                tx(
                    "The {advisor}'s gift ({gift}) cannot be declined.",
                    advisor=adv.name,
                    gift=adv.gift,
                )
            )
        if step in (Step.TOWNHALL, Step.RECRUIT):
            return None
        return _wrong_time(s, seat)
    return _wrong_time(s, seat)


def _explain_reroll(p: Player, a: Reroll) -> Rejection:
    if a.building == "statue":
        if not p.has("statue"):
            return illegal(tx("You do not own the Statue."))
        if p.statue_used:
            return illegal(tx("You have already used your Statue this season."))
        if len({d.value for d in p.dice}) != 1:
            return illegal(tx("The Statue only helps when all your dice show the same number."))
        return illegal(tx("You have no white die to reroll."))
    if not p.has("chapel"):
        return illegal(tx("You do not own the Chapel."))
    if p.chapel_used:
        return illegal(tx("You have already used your Chapel this season."))
    total = sum(d.value for d in p.dice)
    return illegal(
        tx("Your dice total {total}; the Chapel only helps with a total of 7 or less.", total=total)
    )


ONE_PLUS_TWO_A_SEASON = tx(
    'You have already used a "+2" token to influence this season: each player may use only one '
    "per season (the Town Hall does not count)."
)
"""Refusal for a second "+2" token on the advisors in one season (designer's clarifications)."""


def advisor_words(n: int) -> str:
    """ "the Champion (13: 3 stone)": an advisor named with its number and gift."""
    adv = D.ADVISOR_BY_NUMBER[n]
    return tx("the {advisor} ({number}: {gift})", advisor=adv.name, number=n, gift=adv.gift)


def _sum_words(a: Influence) -> tuple[int, str, str]:
    """The group's total and how it is made, as the start of a sentence and in its middle, e.g.
    (15, 'Your dice 6+4+3 with a "+2" token', 'your dice 6+4+3 with a "+2" token')."""
    total = sum(a.dice) + sum(a.whites) + (2 if a.plus_two else 0) + a.shift
    dice = _dice_words(a.dice, a.whites)
    shift = f"{a.shift:+d}"
    if a.plus_two and a.shift:
        return (
            total,
            tx(
                'Your dice {dice} with a "+2" token and the Market\'s {shift}',
                dice=dice,
                shift=shift,
            ),
            tx(
                'your dice {dice} with a "+2" token and the Market\'s {shift}',
                dice=dice,
                shift=shift,
            ),
        )
    if a.plus_two:
        return (
            total,
            tx('Your dice {dice} with a "+2" token', dice=dice),
            tx('your dice {dice} with a "+2" token', dice=dice),
        )
    if a.shift:
        return (
            total,
            tx("Your dice {dice} with the Market's {shift}", dice=dice, shift=shift),
            tx("your dice {dice} with the Market's {shift}", dice=dice, shift=shift),
        )
    return total, tx("Your dice {dice}", dice=dice), tx("your dice {dice}", dice=dice)


def _check_influence(s: State, seat: int, a: Influence) -> Rejection | None:
    p = s.players[seat]
    if not 1 <= a.advisor <= 18:
        return illegal(
            tx(
                "There is no advisor {number}: "
                "the King's court runs from 1 ({first}) to 18 ({last}).",
                number=a.advisor,
                first=D.ADVISOR_BY_NUMBER[1].name,
                last=D.ADVISOR_BY_NUMBER[18].name,
            )
        )
    total, made, made_inside = _sum_words(a)
    col, wh = _unplaced(p)
    have = _dice_words(tuple(col), tuple(wh)) or tx("none")
    missing = bool(Counter(a.dice) - Counter(col) or Counter(a.whites) - Counter(wh))
    # An advisor already taken is the first thing to say: no other dice would help there.
    groups = s.groups_on(a.advisor)
    label = tx(
        "The {advisor} ({number})", advisor=D.ADVISOR_BY_NUMBER[a.advisor].name, number=a.advisor
    )
    if groups and not a.envoy:
        owners = and_list(
            [tx("the dummy dice") if g.owner == DUMMY else colour(g.owner) for g in groups]
        )
        text = tx(
            "{advisor} is already taken this season by {owners}", advisor=label, owners=owners
        )
        if s.envoy == seat:
            text = tx("{text} (the King's Envoy could let you join)", text=text)
        if total != a.advisor and not missing:
            text = tx(
                "{text}; besides, {dice} add up to {total}",
                text=text,
                dice=made_inside,
                total=total,
            )
        return illegal(tx("{text}.", text=text))
    if not a.dice:
        return illegal(tx("A white die cannot influence an advisor alone."))
    if missing:
        return illegal(
            tx(
                "You do not have {dice} among your unplaced dice ({unplaced}).",
                dice=_dice_words(a.dice, a.whites),
                unplaced=have,
            )
        )
    if a.plus_two and p.plus_two < 1:
        return illegal(tx('You have no "+2" token.'))
    if a.plus_two and plus_two_used(s, seat):
        return illegal(ONE_PLUS_TWO_A_SEASON)
    if a.shift:
        if abs(a.shift) != 1:
            return illegal(tx("The Market shifts a group by exactly 1."))
        if not p.has("market"):
            return illegal(tx("You need the Market to shift a group by 1."))
        if p.market_used:
            return illegal(tx("You have already used your Market this season."))
    if total != a.advisor:
        return illegal(
            tx(
                "{dice} add up to {total}, not {number} ({gift}).",
                dice=made,
                total=total,
                number=a.advisor,
                gift=_gift_of(a.advisor),
            )
        )
    if a.envoy:
        if s.envoy != seat:
            return illegal(tx("You do not hold the King's Envoy."))
        if not groups:
            return illegal(
                tx(
                    "{advisor} is free: the King's Envoy is only needed for a taken advisor.",
                    advisor=label,
                )
            )
    return None


def _gift_of(n: int) -> str:
    """ "Champion: 3 stone"."""
    adv = D.ADVISOR_BY_NUMBER[n]
    return tx("{advisor}: {gift}", advisor=adv.name, gift=adv.gift)


def _check_gift(s: State, seat: int, a: Gift | Alchemist) -> Rejection | None:
    due = s.gifts[0]
    adv = D.ADVISOR_BY_NUMBER[due.advisor]
    p = s.players[seat]
    if isinstance(a, Alchemist):
        if adv.kind != D.GiftKind.ALCHEMIST:
            return illegal(
                tx("Now it is the {advisor}'s gift, not the Alchemist's.", advisor=adv.name)
            )
        if a.give not in D.GOODS or p.goods[D.GOODS.index(a.give)] == 0:
            return illegal(tx("You have no {good} to give the Alchemist.", good=good_name(a.give)))
        return None
    if adv.kind == D.GiftKind.CHOICE:
        if a.goods in adv.choices:
            return None
        opts = or_list([f"`gift {goods_notation(c)}`" for c in adv.choices])
        return illegal(
            tx(
                "The {advisor} gives {gift}: say {moves}.",
                advisor=adv.name,
                gift=adv.gift,
                moves=opts,
            )
        )
    if adv.kind in (D.GiftKind.GOODS, D.GiftKind.SMUGGLER):
        if sum(a.goods) != adv.goods_of_choice:
            n = adv.goods_of_choice
            return illegal(
                tx(
                    "The {advisor} gives {goods}, not {chosen}: e.g. `{move}`.",
                    advisor=adv.name,
                    goods=count(n, "goods_of_choice"),
                    chosen=sum(a.goods),
                    move=f"gift {goods_notation(_multisets(n)[-1])}",
                )
            )
        return None
    if adv.kind == D.GiftKind.ALCHEMIST:
        # `gift wood` at the Alchemist: the trade is its own move, so show that move.
        trades = [x for x in legal_actions(s, seat) if isinstance(x, Alchemist)]
        if not trades:
            return illegal(
                tx("The Alchemist trades one good for the other two, but you have none.")
            )
        write = or_list([f"`{format_action(x)}`" for x in trades])
        return illegal(
            tx(
                "The Alchemist trades one good for the other two: write {moves} (or `skip`).",
                moves=write,
            )
        )
    return illegal(tx("The {advisor}'s gift needs no choice.", advisor=adv.name))


def _check_build(s: State, seat: int, a: Build) -> Rejection | None:
    p = s.players[seat]
    b = D.BUILDING_BY_ID.get(a.building)
    if b is None:
        return unknown_building(a.building)
    if p.builds >= 1 and not a.envoy:
        if s.envoy == seat and p.builds == 1:
            return illegal(
                tx(
                    "You already built this season; say `{move}` to use the King's Envoy.",
                    move=f"build {a.building} envoy",
                )
            )
        return illegal(tx("You have already built this season; say `done`."))
    if a.envoy:
        if s.envoy != seat:
            return illegal(tx("You do not hold the King's Envoy."))
        if p.builds == 0:
            return illegal(
                tx(
                    "Build your first building normally (`{move}`); the Envoy gives the second.",
                    move=f"build {a.building}",
                )
            )
        if p.builds >= 2:
            return illegal(tx("You have already built twice this season; say `done`."))
    if p.has(a.building):
        return illegal(tx("You already own the {building}.", building=b.name))
    missing = [D.BUILDING_BY_ID[x].name for x in D.left_neighbours(a.building) if not p.has(x)]
    if missing:
        return illegal(
            tx(
                "The {building} needs the {missing} first: each row is built left to right.",
                building=b.name,
                missing=joined(missing),
            )
        )
    cost = D.cost_for(a.building, p.crane_discount)
    if not _covers(p.goods, cost):
        return illegal(
            tx(
                "The {building} costs {cost}; you have {holding}.",
                building=b.name,
                cost=goods_words(cost),
                holding=goods_words(p.goods) if sum(p.goods) else tx("no goods"),
            )
        )
    return None


# --------------------------------------------------------------------------------------------
# Apply
# --------------------------------------------------------------------------------------------


def apply(s: State, seat: int, a: Action) -> tuple[State, list[Event]]:
    """Apply a checked action, then run the automatic phases."""
    ev: list[Event] = []
    handler = _HANDLERS[type(a)]
    s = handler(s, seat, a, ev)
    s = settle(s, ev)
    return replace(s, recent=tuple(e.text for e in ev if e.visible_to is None)[-12:]), ev


def _apply_aid(s: State, seat: int, a: Aid, ev: list[Event]) -> State:
    vec = [0, 0, 0]
    vec[D.GOODS.index(a.good)] = 1
    s = _gain_goods(s, seat, (vec[0], vec[1], vec[2]), tx("Aid from the King"), ev)
    return replace(s, aid_pending=s.aid_pending - {seat})


def _apply_reroll(s: State, seat: int, a: Reroll, ev: list[Event]) -> State:
    p = s.players[seat]
    rng = s.rng
    dice = list(p.dice)
    if a.building == "statue":
        idx = max(i for i, d in enumerate(dice) if d.white == a.white)
        old = dice[idx].value
        value, rng = rng.randint(1, 6)
        dice[idx] = Die(value, a.white)
        p = replace(p, dice=tuple(dice), statue_used=True)
        if a.white:
            text = tx(
                "{seat} uses the Statue: rerolls a {old} (white die) into a {value}.",
                seat=cap_colour(seat),
                old=old,
                value=value,
            )
        else:
            text = tx(
                "{seat} uses the Statue: rerolls a {old} (die) into a {value}.",
                seat=cap_colour(seat),
                old=old,
                value=value,
            )
        ev.append(
            _ev(
                "roll",
                text,
                seat=seat,
                reroll="statue",
                value=value,
            )
        )
    else:
        values, rng = rng.dice(len(dice))
        p = replace(
            p,
            dice=tuple(Die(v, d.white) for v, d in zip(values, dice, strict=True)),
            chapel_used=True,
        )
        ev.append(
            _ev(
                "roll",
                tx(
                    "{seat} uses the Chapel: rerolls all dice into {dice}.",
                    seat=cap_colour(seat),
                    dice=", ".join(map(str, values)),
                ),
                seat=seat,
                reroll="chapel",
                values=list(values),
            )
        )
    return replace(s.with_player(seat, p), rng=rng)


def _apply_keep(s: State, seat: int, a: Keep, ev: list[Event]) -> State:
    return replace(s, queue=s.queue[1:])


def _apply_influence(s: State, seat: int, a: Influence, ev: list[Event]) -> State:
    p = s.players[seat]
    dice = list(p.dice)
    for values, white in ((a.dice, False), (a.whites, True)):
        for v in values:
            idx = next(
                i
                for i, d in enumerate(dice)
                if not d.placed_on and d.white == white and d.value == v
            )
            dice[idx] = Die(v, white, a.advisor)
    p = replace(
        p,
        dice=tuple(dice),
        plus_two=p.plus_two - (1 if a.plus_two else 0),
        market_used=p.market_used or a.shift != 0,
    )
    group = Group(a.advisor, seat, a.dice + a.whites, len(a.whites), a.plus_two, a.shift, a.envoy)
    s = replace(s.with_player(seat, p), court=s.court + (group,))
    used: list[str] = [_dice_words(a.dice, a.whites)]
    if a.plus_two:
        used.append(tx('a "+2" token'))
    if a.shift:
        used.append(tx("the Market ({shift})", shift=f"{a.shift:+d}"))
    if a.envoy:
        used.append(tx("the King's Envoy"))
        s = replace(s, envoy=None)
    ev.append(
        _ev(
            "influence",
            tx(
                "{seat} influences {advisor} with {used}.",
                seat=cap_colour(seat),
                advisor=_adv_label(a.advisor),
                used=_with_and(used),
            ),
            seat=seat,
            advisor=a.advisor,
        )
    )
    return replace(s, queue=s.queue[1:] + (seat,))


def _with_and(parts: list[str]) -> str:
    """ "4+3 and a "+2" token and the King's Envoy": what a dice group is made of."""
    text = parts[0]
    for part in parts[1:]:
        text = tx("{first} and {second}", first=text, second=part)
    return text


def _apply_pass(s: State, seat: int, a: Pass, ev: list[Event]) -> State:
    s = s.with_player(seat, replace(s.players[seat], passed=True))
    ev.append(_ev("pass", tx("{seat} passes.", seat=cap_colour(seat)), seat=seat, forced=False))
    return replace(s, queue=s.queue[1:])


def _apply_gift(s: State, seat: int, a: Gift, ev: list[Event]) -> State:
    if s.step is Step.BATTLE:
        s = _gain_goods(s, seat, a.goods, tx("battle reward"), ev)
        s = _record_choice(s, seat, a.goods, sum(a.goods))
        return replace(s, choices=s.choices[1:])
    adv = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor]
    if adv.kind == D.GiftKind.SMUGGLER:
        s = _add_vp(s, seat, -1, tx("paid to the Smuggler"), ev, scoring.ADVISORS)
    s = _gain_goods(s, seat, a.goods, adv.name, ev)
    if adv.kind == D.GiftKind.GOODS:
        s = _give_fixed_parts(s, seat, adv, ev)
    return replace(s, gifts=s.gifts[1:])


def _apply_alchemist(s: State, seat: int, a: Alchemist, ev: list[Event]) -> State:
    i = D.GOODS.index(a.give)
    delta = [1, 1, 1]
    delta[i] = -1
    p = s.players[seat]
    s = s.with_player(seat, p.with_goods((delta[0], delta[1], delta[2])))
    others = and_list([good_count(1, g) for g in D.GOODS if g != a.give])
    text = tx(
        "{seat} trades {given} for {others} at the Alchemist.",
        seat=cap_colour(seat),
        given=good_count(1, a.give),
        others=others,
    )
    ev.append(_ev("goods", text, seat=seat))
    return replace(s, gifts=s.gifts[1:])


def _apply_build(s: State, seat: int, a: Build, ev: list[Event]) -> State:
    p = s.players[seat]
    b = D.BUILDING_BY_ID[a.building]
    cost = D.cost_for(a.building, p.crane_discount)
    # The Crane works once a season (designer's clarifications): spent if it lowered this cost.
    p = replace(
        p.with_goods(_neg(cost)),
        buildings=p.buildings | {a.building},
        builds=p.builds + 1,
        crane_used=p.crane_used or cost != b.cost,
    )
    s = s.with_player(seat, p)
    paid = goods_words(cost)
    if a.envoy:
        text = tx(
            "{seat} builds the {building} with the King's Envoy (pays {cost}).",
            seat=cap_colour(seat),
            building=b.name,
            cost=paid,
        )
    else:
        text = tx(
            "{seat} builds the {building} (pays {cost}).",
            seat=cap_colour(seat),
            building=b.name,
            cost=paid,
        )
    ev.append(
        _ev(
            "build",
            text,
            seat=seat,
            building=a.building,
        )
    )
    if a.envoy:
        s = replace(s, envoy=None)
    if b.vp:
        s = _add_vp(s, seat, b.vp, b.name, ev, scoring.BUILDINGS)
    return s


def _apply_done(s: State, seat: int, a: Done, ev: list[Event]) -> State:
    return replace(s, queue=s.queue[1:])


def _apply_townhall(s: State, seat: int, a: TownHall, ev: list[Event]) -> State:
    p = s.players[seat]
    if a.pay == "plus2":
        p = replace(p, plus_two=p.plus_two - 1)
        what = tx('a "+2" token')
    else:
        vec = [0, 0, 0]
        vec[D.GOODS.index(a.pay)] = 1
        p = p.with_goods((-vec[0], -vec[1], -vec[2]))
        what = good_count(1, a.pay)
    s = s.with_player(seat, replace(p, townhall_used=True))
    s = _add_vp(s, seat, 1, tx("Town Hall, for {what}", what=what), ev, scoring.TOWN_HALL)
    return replace(s, queue=s.queue[1:])


def _apply_recruit(s: State, seat: int, a: Recruit, ev: list[Event]) -> State:
    s = _pay_goods(s, seat, a.payment)
    why = tx("recruited for {goods}", goods=goods_words(a.payment))
    s = _add_soldiers(s, seat, a.count, why, ev)
    return replace(s, queue=s.queue[1:])


def _record_choice(s: State, seat: int, goods: Goods, chosen: int) -> State:
    """Winter goods of choice settled: move them from `choosing` into the battle's goods."""
    if not s.battles or not s.battles[-1].effects:
        return s
    last = s.battles[-1]
    e = last.effects[seat]
    new = replace(
        e,
        goods=(e.goods[0] + goods[0], e.goods[1] + goods[1], e.goods[2] + goods[2]),
        choosing=e.choosing - chosen,
    )
    effects = last.effects[:seat] + (new,) + last.effects[seat + 1 :]
    return replace(s, battles=s.battles[:-1] + (replace(last, effects=effects),))


def _apply_lose(s: State, seat: int, a: Lose, ev: list[Event]) -> State:
    s = _record_choice(s, seat, _neg(a.goods), -sum(a.goods))
    s = _pay_goods(s, seat, a.goods)
    ev.append(
        _ev(
            "goods",
            tx("{seat} loses {goods}.", seat=cap_colour(seat), goods=goods_words(a.goods)),
            seat=seat,
            goods=[-x for x in a.goods],
        )
    )
    return replace(s, choices=s.choices[1:])


def _apply_skip(s: State, seat: int, a: Skip, ev: list[Event]) -> State:
    if s.step is Step.GIFTS:
        adv = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor]
        text = tx("{seat} declines the {advisor}'s offer.", seat=cap_colour(seat), advisor=adv.name)
        ev.append(_ev("gift", text, seat=seat))
        return replace(s, gifts=s.gifts[1:])
    return replace(s, queue=s.queue[1:])


_HANDLERS = {
    Aid: _apply_aid,
    Reroll: _apply_reroll,
    Keep: _apply_keep,
    Influence: _apply_influence,
    Pass: _apply_pass,
    Gift: _apply_gift,
    Alchemist: _apply_alchemist,
    Build: _apply_build,
    Done: _apply_done,
    TownHall: _apply_townhall,
    Recruit: _apply_recruit,
    Lose: _apply_lose,
    Skip: _apply_skip,
}
