"""Kingsburg computer players: 'random' (uniform legal action) and 'heuristic' (plans a building,
influences advisors that pay for it, recruits against the year's likely enemy, uses its peek).

Both are pure: the choice depends only on the state, the seat and the seed. The heuristic bot only
looks at public information plus this year's enemy card when it has peeked at it.
"""

from __future__ import annotations

from functools import lru_cache

from bot.games.kingsburg import data as D
from bot.games.kingsburg.actions import (
    Action,
    Aid,
    Alchemist,
    Build,
    Gift,
    Influence,
    Keep,
    Lose,
    Pass,
    Recruit,
    Reroll,
    Skip,
    TownHall,
)
from bot.games.kingsburg.rules import combat_value, destroyed_building, legal_actions
from bot.games.kingsburg.state import Player, State, Step
from bot.games.protocol import Seat
from bot.games.rng import Rng

# How much each building is worth to the bot beyond its VP (powers, battle value).
_EXTRA = {
    "statue": 0.5,
    "chapel": 0.5,
    "inn": 1.0,
    "market": 1.0,
    "farms": 1.0,
    "merchants-guild": 2.0,
    "guard-tower": 1.0,
    "blacksmith": 1.0,
    "barracks": 0.5,
    "wizards-guild": 1.5,
    "palisade": 1.0,
    "stables": 0.5,
    "stone-wall": 1.0,
    "fortress": 1.0,
    "barricade": 0.3,
    "crane": 1.5,
    "town-hall": 1.5,
    "embassy": 2.0,
}


class RandomBot:
    """Picks a uniformly random legal action."""

    def choose(self, state: State, seat: Seat, seed: int) -> Action:
        """One legal action, chosen with the seed."""
        actions = legal_actions(state, seat)
        choice, _ = Rng(seed).choice(actions)
        return choice


def _target(p: Player) -> str | None:
    """The building the bot saves for: best value per missing good among buildable ones."""
    return _target_of(p.buildings, p.crane_discount, p.goods)


@lru_cache(maxsize=8192)
def _target_of(owned: frozenset[str], crane: bool, goods: tuple[int, int, int]) -> str | None:
    # Cached: the strong player's evaluation asks this for every seat of every searched
    # position, and it depends on these three facts alone.
    best: tuple[float, str] | None = None
    for b in D.BUILDINGS:
        if b.building_id in owned:
            continue
        if not owned.issuperset(D.left_neighbours(b.building_id)):
            continue
        cost = D.cost_for(b.building_id, crane)
        missing = sum(max(0, c - h) for c, h in zip(cost, goods, strict=True))
        value = b.vp + _EXTRA.get(b.building_id, 0.0)
        score = value / (1.0 + missing + 0.25 * sum(cost))
        if best is None or score > best[0]:
            best = (score, b.building_id)
    return None if best is None else best[1]


def _need(p: Player) -> tuple[float, float, float]:
    """Weight of each good for the bot's plan (missing goods for its target count most)."""
    return _need_of(p.buildings, p.crane_discount, p.goods)


@lru_cache(maxsize=8192)
def _need_of(
    owned: frozenset[str], crane: bool, goods: tuple[int, int, int]
) -> tuple[float, float, float]:
    target = _target_of(owned, crane, goods)
    weights = [0.6, 0.5, 0.5]
    if target is not None:
        cost = D.cost_for(target, crane)
        for i in range(3):
            if cost[i] > goods[i]:
                weights[i] += 1.0
    return (weights[0], weights[1], weights[2])


def _known_enemy(state: State, seat: int) -> D.EnemyCard | None:
    """This year's enemy card if the seat may know it (revealed, or peeked via General/Queen)."""
    if state.revealed >= state.year or seat in state.peeked:
        return D.ENEMY_BY_ID[state.deck[state.year - 1]]
    return None


def _possible_enemies(state: State, seat: int) -> tuple[D.EnemyCard, ...]:
    """The enemies the seat must prepare for: the known card, else each card of this year's stack
    as equally likely (the card backs show the year's strength range, which is public)."""
    card = _known_enemy(state, seat)
    return (card,) if card is not None else D.cards_of_year(state.year)


# The King's die is rolled after recruiting: the bot takes the expectation over its six faces
# (not the worst case), which already gives a margin where one face more would lose.
_KINGS_DIE = (1, 2, 3, 4, 5, 6)

# VP a good is worth to the bot before year V (its share of a future building); need-weighted.
_GOOD_VP = 0.4

# After the last winter goods only count for the Cathedral (1 VP per 2) and for ties.
_TIE_BREAK = 0.01


def _goods_worth(state: State, p: Player, goods: tuple[int, int, int]) -> float:
    """What holding `goods` is worth in VP. In year V: the Cathedral's 1 VP per two goods plus a
    tie-break crumb; earlier: a need-weighted share of future buildings."""
    total = sum(goods)
    if state.year >= 5:
        return (total // 2 if p.has("cathedral") else 0) + _TIE_BREAK * total
    need = _need(p)
    return _GOOD_VP * sum(n * w for n, w in zip(goods, need, strict=True))


def _take(goods: list[int], i: int, n: int) -> None:
    goods[i] = max(0, goods[i] - n)


def _battle_worth(
    state: State, seat: int, card: D.EnemyCard, combat: int, goods: tuple[int, int, int]
) -> float:
    """Expected VP (battle VP + worth of the goods left) facing `card` with `combat` before the
    King's die and `goods` after recruiting, over the six faces of the King's die."""
    p = state.players[seat]
    rivals = [combat_value(o, card.enemy) for i, o in enumerate(state.players) if i != seat]
    # Seats still to recruit after us may overtake us for the strongest defender's VP.
    later = any(i != seat for i in state.queue[1:])
    strongest = (0.5 if later else 1.0) if combat >= max(rivals, default=0) else 0.0
    total = 0.0
    for die in _KINGS_DIE:
        value = combat + die
        won = value > card.strength or (value == card.strength and p.has("stone-wall"))
        left = list(goods)
        vp = 0.0
        if won:
            vp += strongest + (1.0 if p.has("fortress") else 0.0)
            for key, n in card.reward:
                if key == "vp":
                    vp += n
                elif key in D.GOODS:
                    left[D.GOODS.index(key)] += n
                elif key == "goods_of_choice":
                    need = _need(p)
                    left[max(range(3), key=lambda k: (need[k], -k))] += n
        elif value < card.strength:
            for key, n in card.penalty:
                if key == "vp":
                    vp -= n
                elif key in D.GOODS:
                    _take(left, D.GOODS.index(key), n)
                elif key == "goods_of_choice":
                    for _ in range(n):
                        _take(left, max(range(3), key=lambda k: (left[k], -k)), 1)
                elif key == "buildings":
                    lost = destroyed_building(p)
                    if lost is not None:
                        vp -= D.BUILDING_BY_ID[lost].vp
                        if state.year < 5:
                            vp -= _EXTRA.get(lost, 0.0)
        total += vp + _goods_worth(state, p, (left[0], left[1], left[2]))
    return total / len(_KINGS_DIE)


def _recruit_worth(state: State, seat: int, count: int, payment: tuple[int, int, int]) -> float:
    """Expected VP of recruiting `count` soldiers paying `payment` (0 / no goods: skip)."""
    p = state.players[seat]
    goods = (p.goods[0] - payment[0], p.goods[1] - payment[1], p.goods[2] - payment[2])
    cards = _possible_enemies(state, seat)
    return sum(
        _battle_worth(state, seat, c, combat_value(p, c.enemy) + count, goods) for c in cards
    ) / len(cards)


def _best_recruit(state: State, seat: int, actions: list[Action]) -> Action:
    """The recruit (or skip) with the best expected VP: for each number of soldiers the payment
    that spends the least-needed goods, then the number whose battle gain beats the goods spent.
    Ties go to fewer soldiers, so goods are never spent for nothing."""
    need = _need(state.players[seat])
    cheapest: dict[int, Recruit] = {}
    for a in actions:
        if isinstance(a, Recruit):
            spent = sum(n * w for n, w in zip(a.payment, need, strict=True))
            kept = cheapest.get(a.count)
            if kept is None or spent < sum(n * w for n, w in zip(kept.payment, need, strict=True)):
                cheapest[a.count] = a
    best: Action = Skip()
    best_worth = _recruit_worth(state, seat, 0, (0, 0, 0))
    for count in sorted(cheapest):
        a = cheapest[count]
        worth = _recruit_worth(state, seat, count, a.payment)
        if worth > best_worth + 1e-6:
            best, best_worth = a, worth
    return best


def _soldiers_wanted(state: State, seat: int) -> int:
    """Soldiers still missing to win (or tie with the Stone Wall) with a typical King's die (3)
    against the likely enemy (the known card, else the strongest of this year's cards that is
    not the very strongest, i.e. a margin without planning for the worst)."""
    p = state.players[seat]
    cards = sorted(_possible_enemies(state, seat), key=lambda c: c.strength)
    card = cards[max(0, len(cards) - 2)]
    expected = combat_value(p, card.enemy) + 3
    target = card.strength if p.has("stone-wall") else card.strength + 1
    return max(0, target - expected)


def _gift_value(state: State, seat: int, advisor: int) -> float:
    p = state.players[seat]
    a = D.ADVISOR_BY_NUMBER[advisor]
    need = _need(p)
    value = sum(n * w for n, w in zip(a.goods, need, strict=True))
    if a.choices:
        value += max(sum(n * w for n, w in zip(c, need, strict=True)) for c in a.choices)
    value += a.goods_of_choice * max(need)
    value += 1.6 * a.vp + 0.8 * a.plus_two
    soldier_need = 1.0 if _soldiers_wanted(state, seat) > 0 else 0.3
    value += soldier_need * a.soldiers
    if a.kind == D.GiftKind.SMUGGLER:
        value -= 1.6  # the 1 VP paid (scores may go below 0)
    if a.kind == D.GiftKind.ALCHEMIST:
        value = 0.8 if p.total_goods else 0.0
    if a.peek and seat not in state.peeked:
        value += 0.3
    return value


class HeuristicBot:
    """A simple planner: it saves for one building at a time and defends when needed."""

    def choose(self, state: State, seat: Seat, seed: int) -> Action:
        """The best-scoring legal action (ties broken by the seed)."""
        actions = legal_actions(state, seat)
        if len(actions) == 1:
            return actions[0]
        if state.step is Step.RECRUIT:
            return _best_recruit(state, seat, actions)
        rng = Rng(seed)
        best: list[Action] = []
        best_score = float("-inf")
        for a in actions:
            score = self._score(state, seat, a)
            if score > best_score + 1e-9:
                best, best_score = [a], score
            elif abs(score - best_score) <= 1e-9:
                best.append(a)
        choice, _ = rng.choice(best)
        return choice

    def _score(self, state: State, seat: int, a: Action) -> float:
        p = state.players[seat]
        need = _need(p)
        if isinstance(a, Aid):
            return need[D.GOODS.index(a.good)]
        if isinstance(a, Keep):
            return 0.0
        if isinstance(a, Reroll):
            values = [d.value for d in p.dice]
            if a.building == "chapel":
                return 1.0
            return 1.0 if values and values[0] <= 3 and not a.white else -0.5
        if isinstance(a, Influence):
            value = _gift_value(state, seat, a.advisor)
            cost = 0.35 * (len(a.dice) + len(a.whites))
            cost += 0.7 if a.plus_two else 0.0
            cost += 0.2 if a.shift else 0.0
            cost += 1.5 if a.envoy else 0.0
            return value - cost
        if isinstance(a, Pass):
            return 0.1
        if isinstance(a, Gift):
            if state.step is Step.GIFTS:
                adv = D.ADVISOR_BY_NUMBER[state.gifts[0].advisor]
                if adv.kind == D.GiftKind.SMUGGLER:
                    # Worth it when the three goods beat the VP paid (a score may go below 0).
                    return sum(n * w for n, w in zip(a.goods, need, strict=True)) - 1.6
            return sum(n * w for n, w in zip(a.goods, need, strict=True))
        if isinstance(a, Alchemist):
            i = D.GOODS.index(a.give)
            gain = sum(w for j, w in enumerate(need) if j != i) - need[i]
            extra = 0.5 if p.goods[i] > 1 else 0.0
            return gain + extra
        if isinstance(a, Build):
            b = D.BUILDING_BY_ID[a.building]
            return 2.0 + b.vp + _EXTRA.get(a.building, 0.0)
        if isinstance(a, TownHall):
            if a.pay == "plus2":
                return 1.5
            i = D.GOODS.index(a.pay)
            return 1.0 - need[i] if p.total_goods >= 4 else -0.5
        if isinstance(a, Recruit):
            base = _recruit_worth(state, seat, 0, (0, 0, 0))
            return _recruit_worth(state, seat, a.count, a.payment) - base
        if isinstance(a, Lose):
            return -sum(n * w for n, w in zip(a.goods, need, strict=True))
        if isinstance(a, Skip):
            return 0.0
        return 0.0
