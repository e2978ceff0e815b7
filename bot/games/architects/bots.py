"""Architects computer players: 'random' (uniform legal action) and 'heuristic' (one-step look-ahead
on a value of its own board: points in hand, goods toward its building cards, workers, debts).

Both are pure and honest: the heuristic looks ahead in a sample of what its seat cannot see
(others' hands, the decks, the face-down rewards and Scheme piles, the dice to come: see
`hidden`), drawn from the seed, never in the real state."""

from __future__ import annotations

from bot.games.architects import rules
from bot.games.architects.board import CATHEDRAL, VIRTUE_VP
from bot.games.architects.cards import APPRENTICE_BY_ID, BUILDING_BY_ID
from bot.games.architects.hidden import determinise
from bot.games.architects.state import Phase, State
from bot.games.protocol import Seat
from bot.games.rng import Rng
from bot.games.search.model import Draws

_WORTH = {"clay": 0.35, "wood": 0.45, "stone": 0.45, "gold": 1.2, "marble": 1.4}


class RandomBot:
    """Picks a uniformly random legal action."""

    def choose(self, state: State, seat: Seat, seed: int) -> object:
        """One legal action, chosen with the seed."""
        choice, _ = Rng(seed).choice(rules.legal_actions(state, seat))
        return choice


def value(st: State, i: int) -> float:
    """How good the position looks for player i (higher is better)."""
    p = st.players[i]
    v = sum(BUILDING_BY_ID[b].vp for b in p.buildings) * 1.3
    v += (CATHEDRAL[p.cathedral - 1].vp if p.cathedral else 0) * 1.1
    v += VIRTUE_VP[p.virtue] + 0.2 * p.virtue
    v -= 2.5 * p.debts + 0.7 * p.prison + 0.4 * sum(q.captured.get(i, 0) for q in st.players)
    v += sum(_WORTH[g] * min(n, 8) for g, n in p.goods.items() if g in _WORTH)
    # Captives count a little (they keep rivals off the board) but less than the silver that
    # selling them to Prison brings, so the bot sells them rather than hold them for ever.
    # Silver past 14 is worth next to nothing (less than the seeded tie-break): no purchase
    # needs more, and valuing it made the bot farm silver for thousands of moves.
    v += min(p.silver, 14) * 0.3 + 0.02 * max(0, p.silver - 14) + 0.01 * sum(p.captured.values())
    v += 0.6 * min(len(p.hand), 3) + 1.0 * min(len(p.apprentices), 3)
    v += 0.5 * len({s for a in p.apprentices for s in APPRENTICE_BY_ID[a].skills})
    v += 0.25 * min(p.supply, 8)
    return v


def _finish_turn(st: State, seat: int, depth: int) -> float:
    """Value after taking the rest of this turn's decisions greedily (at most `depth`)."""
    while depth and st.phase is Phase.PLAY and seat in rules.to_act(st) and st.pending:
        options = [rules.apply(st, seat, a)[0] for a in rules.legal_actions(st, seat)]
        st = max(options, key=lambda s: value(s, seat))
        depth -= 1
    return value(st, seat)


class HeuristicBot:
    """Tries every legal action (finishing the turn greedily) and keeps the best by `value`."""

    def choose(self, state: State, seat: Seat, seed: int) -> object:
        """The best action by `value` after it (ties broken by the seed)."""
        actions = rules.legal_actions(state, seat)
        if state.phase is Phase.DRAFT:
            return max(actions, key=draft_worth)
        rng = Rng(seed)
        sample = determinise(state, seat, Draws(seed))
        best, best_v = actions[0], float("-inf")
        for a in actions:
            after, _, _ = rules.apply(sample, seat, a)
            jitter, rng = rng.randint(0, 99)
            v = _finish_turn(after, seat, 3) + jitter / 1000
            if v > best_v:
                best, best_v = a, v
        return best


def draft_worth(action: object) -> int:
    """A draft card's printed VP (cheap buildings first when equal)."""
    from bot.games.architects.cards import BUILDING_BY_SLUG

    card = BUILDING_BY_SLUG[action.card]  # type: ignore[attr-defined]
    return card.vp * 10 - sum(n for _, n in card.cost)
