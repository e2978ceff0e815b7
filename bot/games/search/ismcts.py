"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

Every iteration re-samples what the deciding seat cannot see (`GameModel.determinise`, which
also re-seeds the game's own chance), then walks one tree shared by all samples: a node stands
for a sequence of (seat, action) pairs, not for a state, so the tree only ever holds what the
deciding seat could know. A child is scored by how often it was *available* (its action legal
in that sample) as well as how often it was tried, so moves that exist in few samples are not
favoured. Wide nodes grow progressively, in the game's candidate order; a new node is valued by
a short playout and the game's evaluation, turned into a chance of winning per seat.
"""

from __future__ import annotations

import math
import time
from typing import Any

from bot.games.protocol import Seat
from bot.games.search.model import Budget, Draws, GameModel


class _Node:
    """Statistics of one (seat, action) edge and the node below it.

    n: visits; w: summed reward of the seat that chose the action; avail: how many visits of the
    parent found the action legal; cands: the parent-side cache of this node's candidates.
    """

    __slots__ = ("n", "w", "avail", "children", "cands", "seat", "state")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[Any, _Node] = {}
        self.cands: list[Any] | None = None
        self.seat = -1
        self.state: Any = None  # a deterministic model's state below this edge (else None)


def rewards(model: GameModel, state: Any) -> list[float]:
    """Per seat, a value in [0, 1]: 1 / 0 for a finished game's winners / losers (shared on a
    tie), else a logistic of the seat's lead over its best rival in `evaluate` points."""
    outcome = model.engine.outcome(state)
    if outcome is not None:
        seats = len(outcome.scores) or 1
        winners = outcome.winners
        share = 1.0 / len(winners) if winners else 0.0
        return [share if Seat(i) in winners else 0.0 for i in range(seats)]
    values = list(model.evaluate(state))
    out = []
    for i, v in enumerate(values):
        best_other = max((x for j, x in enumerate(values) if j != i), default=0.0)
        lead = (v - best_other) / model.scale
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead)))))
    return out


def _cands(
    model: GameModel,
    node: _Node,
    state: Any,
    seat: Seat,
    root: bool,
    fixed: bool = False,
    root_legal: tuple[Any, ...] | None = None,
) -> list[Any]:
    """This node's candidates in this sample: the cached order, kept to what is legal here.
    At the root a model may rank more thoroughly (`root_candidates`, optional). `fixed`: the
    node always holds the same state (a deterministic model), so the cache is kept as is.
    `root_legal`: the deciding seat's legal actions, listed once (a model with
    `search_actions` searches its own short list below the root, but the root keeps every
    legal action the model ranks, such as the one trade offer its heuristic would make)."""
    if fixed and node.cands is not None and node.seat == seat:
        return node.cands
    legal = root_legal if root and root_legal is not None else _moves(model, state, seat)
    if node.cands is None or node.seat != seat:
        rank = getattr(model, "root_candidates", None) if root else None
        node.cands = list((rank or model.candidates)(state, seat, legal))
        node.seat = seat
        return node.cands
    allowed = set(legal)
    kept = [a for a in node.cands if a in allowed]
    if not kept:
        kept = list(model.candidates(state, seat, legal))
    return kept


def _moves(model: GameModel, state: Any, seat: Seat) -> tuple[Any, ...]:
    """The legal actions the search considers: the model's `search_actions` where it has one
    (legal actions without those it never searches, listed cheaply), else the engine's."""
    own = getattr(model, "search_actions", None)
    return tuple(own(state, seat)) if own is not None else model.engine.legal_actions(state, seat)


def search(model: GameModel, state: Any, seat: Seat, seed: int, budget: Budget) -> Any:
    """The action for `seat` that the search visits most (ties: the better average, then the
    game's candidate order)."""
    engine = model.engine
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise ValueError("The strong bot was asked to move when it has no legal action.")
    if len(legal) == 1:
        return legal[0]
    draws = Draws(seed)
    root = _Node()
    started = time.thread_time()
    c = budget.exploration
    apply = engine.apply
    outcome = engine.outcome
    # A model with nothing hidden and nothing left to chance (`deterministic`, optional) keeps
    # each node's state: a descent walks the stored states instead of applying the moves again.
    fixed = bool(getattr(model, "deterministic", False))
    root_legal = legal if getattr(model, "search_actions", None) is not None else None
    # A model may end a playout early (`playout_done`, optional), e.g. where a turn ends, so
    # every leaf is valued at the same kind of moment.
    done = getattr(model, "playout_done", None)
    # A model may expect the other seats to move as its playout policy would
    # (`opponents_follow_policy`, optional): the tree then branches on the deciding seat's
    # moves only, and searches them that much deeper.
    follow = bool(getattr(model, "opponents_follow_policy", False))
    # A model may play the deciding seat's own moves in playouts by a policy of their own
    # (`own_playout_action`, optional), e.g. a stronger one than it expects of the others.
    own = getattr(model, "own_playout_action", None) or model.playout_action
    for it in range(budget.iterations):
        if budget.seconds and it and time.thread_time() - started > budget.seconds:
            break
        s = model.determinise(state, seat, draws)
        node = root
        path: list[tuple[_Node, int]] = []
        actor = seat
        expanded = False
        while outcome(s) is None:
            actor = seat if node is root else model.actor(s)
            if follow and actor != seat:
                # An opponent model: the others move as the model's policy would.
                cands = [model.playout_action(s, actor, _moves(model, s, actor), draws)]
            else:
                cands = _cands(model, node, s, actor, node is root, fixed, root_legal)
            allow = budget.widen_base + int(budget.widen_rate * math.sqrt(node.n))
            chosen: Any = None
            child: _Node | None = None
            best = -1.0
            for k, a in enumerate(cands):
                key = (actor, a)
                ch = node.children.get(key)
                if ch is None:
                    if k < allow:
                        chosen, child = a, None
                        break
                    continue
                ch.avail += 1
                score = ch.w / ch.n + c * math.sqrt(math.log(max(2, ch.avail)) / ch.n)
                if score > best:
                    best, chosen, child = score, a, ch
            if chosen is None:
                break
            if child is None:
                child = _Node()
                node.children[(actor, chosen)] = child
                child.avail = 1
                expanded = True
            if child.state is not None:
                s = child.state
            else:
                s = apply(s, actor, chosen).state
                if fixed:
                    child.state = s
            path.append((child, actor))
            node = child
            if expanded:
                break
        start = s
        for _ in range(model.playout_depth):
            if outcome(s) is not None or (done is not None and done(start, s)):
                break
            mover = model.actor(s)
            acts = _moves(model, s, mover)
            policy = own if mover == seat else model.playout_action
            s = apply(s, mover, policy(s, mover, acts, draws)).state
        values = rewards(model, s)
        for nd, who in path:
            nd.n += 1
            nd.w += values[who] if who < len(values) else 0.0
        root.n += 1
    choice = _most_visited(root, seat, legal, model, state)
    if budget.keep_first > 0 and root.cands:
        choice = _first_unless_beaten(root, seat, choice, root.cands[0], budget.keep_first)
    return choice


def _first_unless_beaten(root: _Node, seat: Seat, choice: Any, first: Any, margin: float) -> Any:
    """The model's first candidate unless the search's choice averages `margin` more reward."""
    if choice == first:
        return choice
    top = root.children.get((seat, first))
    other = root.children.get((seat, choice))
    if top is None or other is None or not top.n or not other.n:
        return choice
    return choice if other.w / other.n >= top.w / top.n + margin else first


def _most_visited(
    root: _Node, seat: Seat, legal: tuple[Any, ...], model: GameModel, state: Any
) -> Any:
    order = {a: i for i, a in enumerate(root.cands or ())}
    best_key: tuple[int, float, int] | None = None
    best_action: Any = None
    allowed = set(legal)
    for (who, a), ch in root.children.items():
        if who != seat or a not in allowed or not ch.n:
            continue
        key = (ch.n, ch.w / ch.n, -order.get(a, len(order)))
        if best_key is None or key > best_key:
            best_key, best_action = key, a
    if best_action is None:
        cands = model.candidates(state, seat, legal)
        return cands[0] if cands else legal[0]
    return best_action
