"""Kingsburg keeps where every VP came from: the score sheet's categories sum to the score."""

from __future__ import annotations

import random

from bot.games.kingsburg import ENGINE, scoring
from bot.games.kingsburg import data as D
from bot.games.protocol import Seat, Transition, step


def _random_game(players: int, seed: int):  # type: ignore[no-untyped-def]
    rnd = random.Random(seed)
    state = ENGINE.new_game(players, {}, seed)
    while ENGINE.to_act(state):
        seat = rnd.choice(sorted(ENGINE.to_act(state)))
        result = step(ENGINE, state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
        assert isinstance(result, Transition)
        state = result.state
    return state


def test_vp_by_source_sums_and_buildings_count_their_printed_vp() -> None:
    """Buildings hold exactly the printed VP of the buildings still standing (a destroyed one
    takes its VP with it); every category sums to the score."""
    for players, seed in ((2, 1), (4, 2)):
        state = _random_game(players, seed)
        outcome = ENGINE.outcome(state)
        assert outcome is not None
        for i, p in enumerate(state.players):
            sheet = outcome.breakdown[Seat(i)]
            assert list(sheet) == list(scoring.CATEGORIES)
            assert sum(sheet.values()) == p.vp == outcome.scores[Seat(i)]
            printed = sum(D.BUILDING_BY_ID[b].vp for b in p.buildings)
            assert sheet[scoring.BUILDINGS] == printed


def test_sources_survive_the_codec_and_old_saves_show_other() -> None:
    """The ledger round-trips through JSON; a game saved before sources were kept still loads and
    its points show as "Other" so the sheet still sums."""
    state = _random_game(2, 3)
    data = ENGINE.state_to_dict(state)
    assert ENGINE.state_from_dict(data).players == state.players
    for p in data["players"]:
        del p["vp_from"]
    old = ENGINE.state_from_dict(data)
    outcome = ENGINE.outcome(old)
    assert outcome is not None
    for i, p in enumerate(old.players):
        assert outcome.breakdown[Seat(i)].get("Other", 0) == p.vp
        assert sum(outcome.breakdown[Seat(i)].values()) == p.vp


def test_credit_keeps_category_order_and_drops_zero_rows() -> None:
    ledger = scoring.credit((), scoring.BATTLES, 2)
    ledger = scoring.credit(ledger, scoring.BUILDINGS, 3)
    ledger = scoring.credit(ledger, scoring.BATTLES, -2)
    assert ledger == ((scoring.BUILDINGS, 3),)
