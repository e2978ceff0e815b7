"""Engine types shared by the table and the command-line tools.

Games are looked up with `bot.games.get_engine` (an `EngineLookup`); tests inject their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.protocol import Engine

AnyEngine = Engine[Any, Any]
EngineLookup = Callable[[str], AnyEngine]

__all__ = ["AnyEngine", "EngineLookup"]
