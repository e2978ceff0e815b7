"""Random and bot games for 1-5 players: invariants at every step, the end, replay determinism."""

from __future__ import annotations

import random

import pytest

from bot.games.architects.board import CATHEDRAL, HAND_LIMIT, WORKERS
from bot.games.architects.state import Phase, State
from bot.games.protocol import LoggedMove, Seat, Transition, canonical_json, replay, step

from .positions import ENGINE


def _invariants(st: State) -> None:
    for i, p in enumerate(st.players):
        others = sum(q.captured.get(i, 0) for j, q in enumerate(st.players) if j != i)
        market = sum(1 for o in st.black_market if o == i)
        total = p.supply + sum(p.at.values()) + p.prison + p.guild + market + others
        assert total == WORKERS, f"player {i} has {total} workers"
        assert p.silver >= 0 and all(n >= 0 for n in p.goods.values())
        assert 0 <= p.virtue <= 14 and p.debts >= 0
        assert len(p.apprentices) <= 6 or st.pending and st.pending[0].kind == "dismiss"
    for level in range(1, 6):
        assert sum(1 for p in st.players if p.cathedral == level) <= CATHEDRAL[level - 1].spaces
    if st.phase is Phase.PLAY and not st.pending:
        assert all(len(p.hand) <= HAND_LIMIT for p in st.players[: st.seats])
    assert st.tax_stand >= 0


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_keep_invariants_and_replay(players: int) -> None:
    """A random game ends; workers are conserved; replaying the log gives the same state."""
    options = {"setup": "variable"} if players % 2 else {}
    rnd = random.Random(players)
    st = ENGINE.new_game(players, options, players)
    log = []
    while ENGINE.to_act(st):
        seat = rnd.choice(sorted(ENGINE.to_act(st)))
        action = rnd.choice(ENGINE.legal_actions(st, seat))
        log.append(LoggedMove(seat, ENGINE.format_action(action, st)))
        result = step(ENGINE, st, seat, action)
        assert isinstance(result, Transition)
        st = result.state
        _invariants(st)
        assert len(log) < 5000
    out = ENGINE.outcome(st)
    assert out is not None
    assert all(sum(out.breakdown[s].values()) == out.scores[s] for s in out.scores)
    assert len(st.guildhall) == 4 * {1: 3, 2: 3, 3: 4, 4: 5, 5: 6}[players]
    again = replay(ENGINE, players, options, players, log)
    assert canonical_json(ENGINE.state_to_dict(again)) == canonical_json(ENGINE.state_to_dict(st))


def test_five_bots_play_to_the_end() -> None:
    """One heuristic and four random bots finish a 5-player game unattended."""
    st = ENGINE.new_game(5, {}, 2)
    bots = [ENGINE.bots["heuristic"]()] + [ENGINE.bots["random"]() for _ in range(4)]
    ply = 0
    while ENGINE.to_act(st):
        seat = min(ENGINE.to_act(st))
        result = step(ENGINE, st, Seat(seat), bots[seat].choose(st, Seat(seat), ply))
        assert isinstance(result, Transition)
        st = result.state
        ply += 1
    assert ENGINE.outcome(st) is not None


def test_heuristic_beats_random_heads_up() -> None:
    """The heuristic bot outscores a random bot in most 2-player games."""
    wins = 0
    for seed in range(3):
        st = ENGINE.new_game(2, {}, seed)
        bots = [ENGINE.bots["heuristic"](), ENGINE.bots["random"]()]
        ply = 0
        while ENGINE.to_act(st):
            seat = min(ENGINE.to_act(st))
            st = ENGINE.apply(st, Seat(seat), bots[seat].choose(st, Seat(seat), ply)).state
            ply += 1
        out = ENGINE.outcome(st)
        assert out is not None
        wins += out.scores[Seat(0)] > out.scores[Seat(1)]
    assert wins >= 2


def test_heuristic_sells_its_captives_at_the_guardhouse() -> None:
    """Holding captives for ever would lock a human out of the game; the heuristic bot sends
    them to Prison for the silver, even when it is already rich."""
    from bot.games.architects.bots import HeuristicBot
    from bot.games.protocol import Seat

    from .positions import blank, play

    for silver in (5, 30):
        st = blank(2)
        st.players[0].captured = {1: 12}
        st.players[0].silver = silver
        st = play(st, 0, "place guardhouse")
        assert ENGINE.format_action(HeuristicBot().choose(st, Seat(0), 1), st) == "prison"
