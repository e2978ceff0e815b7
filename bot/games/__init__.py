"""Pure game engines and the registry of games. Imports nothing from discord, PIL or storage."""

from __future__ import annotations

from typing import Any

from bot.games.protocol import Engine

_REGISTRY: dict[str, Engine[Any, Any]] = {}


def _load() -> None:
    # Imported lazily so that importing one engine does not import them all.
    from bot.games import architects, canaan, canterbury, cathedral, kingsburg

    for module in (architects, canaan, canterbury, cathedral, kingsburg):
        engine = module.ENGINE
        _REGISTRY[engine.spec.key] = engine


def registry() -> dict[str, Engine[Any, Any]]:
    """All registered engines by key."""
    if not _REGISTRY:
        _load()
    return dict(_REGISTRY)


def use_data(key: str, raw: Any) -> None:
    """Replace `key`'s engine by one built on the data mapping `raw` (a server owner's file).

    Only engines with replaceable numbers offer `with_data`; it validates `raw` completely and
    raises `bot.games.gamedata.DataError` naming the field. Games already running keep the data
    recorded in their own state.
    """
    engine = registry()[key]
    with_data = getattr(engine, "with_data", None)
    if with_data is None:
        raise KeyError(f"{key} has no replaceable data.")
    _REGISTRY[key] = with_data(raw)


def get_engine(key: str) -> Engine[Any, Any]:
    """The engine for `key`; raises KeyError with the list of known games."""
    games = registry()
    try:
        return games[key.strip().lower()]
    except KeyError:
        raise KeyError(f"No game called {key!r}. Games: {', '.join(sorted(games))}.") from None
