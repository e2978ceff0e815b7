"""Engine lookup for the table and the command-line tools.

`bot.games.get_engine` loads every registered game at once; while one engine package is still
incomplete (no `ENGINE` yet) that import fails for all games. This lookup falls back to importing
the one requested package, so a broken neighbour never takes a working game down with it.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from typing import Any

from bot.games.protocol import Engine

log = logging.getLogger(__name__)

AnyEngine = Engine[Any, Any]
EngineLookup = Callable[[str], AnyEngine]

__all__ = ["AnyEngine", "EngineLookup", "lookup_engine"]


def lookup_engine(key: str) -> AnyEngine:
    """The engine for `key`; KeyError (with the known games) when there is none."""
    from bot.games import get_engine

    try:
        return get_engine(key)
    except (ImportError, AttributeError) as exc:
        log.warning("game registry failed to load (%s); importing %r alone", exc, key)
    name = key.strip().lower()
    if not name.isidentifier():
        raise KeyError(f"No game called {key!r}.")
    try:
        module = importlib.import_module(f"bot.games.{name}")
        engine = module.ENGINE
    except (ImportError, AttributeError):
        raise KeyError(f"No game called {key!r}.") from None
    return engine
