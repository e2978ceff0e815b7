"""Kingsburg's year outside the advisors, buildings and winter: Aid from the King (phase 1),
the start of each productive season (Merchants' Guild gold, dummy dice, rolls, Statue and
Chapel rerolls, turn order), the end of a season, the King's Reward (phase 3) and the King's
Envoy (phase 5), and applying `aid`, `reroll` and `keep`.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.kingsburg import data as D
from bot.games.kingsburg import scoring
from bot.games.kingsburg.actions import Action, Aid, Keep, Reroll
from bot.games.kingsburg.effects import _add_vp, _adv_label, _ev, _gain_goods, colour
from bot.games.kingsburg.state import DUMMY, Die, Group, Player, State, Step
from bot.games.kingsburg.texts import and_list, cap_colour, joined
from bot.games.protocol import Event
from bot.games.text import tx

SEASON_NAMES = {2: tx("Spring"), 4: tx("Summer"), 6: tx("Autumn")}


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


# --- Applying aid, rerolls and keep ----------------------------------------------------------


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
