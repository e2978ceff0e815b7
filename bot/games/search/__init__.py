"""The search kit every `strong` computer player uses: information-set Monte-Carlo tree search.

A game takes part through the engine protocol only (`to_act`, `legal_actions`, `apply`,
`outcome`) plus a small `GameModel` (see `model`): how to re-sample what a seat cannot see
(`determinise`), how good a position looks for each seat (`evaluate`), which moves to try first
(`candidates`) and a cheap policy for short playouts. The search itself is one generic function
(`ismcts.search`). Pure: no I/O, no clock except the optional safety cap on a decision's time.
"""

from __future__ import annotations

from bot.games.search.ismcts import search
from bot.games.search.model import Budget, GameModel, SearchBot

__all__ = ["Budget", "GameModel", "SearchBot", "search"]
