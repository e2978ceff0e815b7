"""Cathedral (Robert P. Moore, 1979) for two players: place buildings in a walled city, wall off
territory, capture lone enemy buildings. Exports `ENGINE`."""

from __future__ import annotations

from bot.games.cathedral.actions import Place
from bot.games.cathedral.engine import ENGINE, SPEC, CathedralEngine
from bot.games.cathedral.state import CathedralState

__all__ = ["ENGINE", "SPEC", "CathedralEngine", "CathedralState", "Place"]
