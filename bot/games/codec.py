"""JSON helpers shared by the engines' codecs: schema versions and precise validation errors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class CorruptStateError(ValueError):
    """Raised when stored JSON does not describe a valid state. The message names the field."""


def require_mapping(data: object, where: str) -> Mapping[str, Any]:
    """`data` must be a JSON object."""
    if not isinstance(data, Mapping):
        raise CorruptStateError(
            f"{where}: expected an object, got {type(data).__name__}"  # i18n-exempt: internal
        )
    return data


def require(d: Mapping[str, Any], key: str, where: str) -> Any:
    """`d[key]` must exist."""
    if key not in d:
        raise CorruptStateError(f"{where}: missing field {key!r}")  # i18n-exempt: internal
    return d[key]


def require_int(d: Mapping[str, Any], key: str, where: str) -> int:
    """`d[key]` must be an integer (not a bool)."""
    v = require(d, key, where)
    if isinstance(v, bool) or not isinstance(v, int):
        raise CorruptStateError(
            f"{where}.{key}: expected an integer, got {v!r}"  # i18n-exempt: internal
        )
    return v


def require_str(d: Mapping[str, Any], key: str, where: str) -> str:
    """`d[key]` must be a string."""
    v = require(d, key, where)
    if not isinstance(v, str):
        raise CorruptStateError(
            f"{where}.{key}: expected a string, got {v!r}"  # i18n-exempt: internal
        )
    return v


def require_bool(d: Mapping[str, Any], key: str, where: str) -> bool:
    """`d[key]` must be a boolean."""
    v = require(d, key, where)
    if not isinstance(v, bool):
        raise CorruptStateError(
            f"{where}.{key}: expected true or false, got {v!r}"  # i18n-exempt: internal
        )
    return v


def require_list(d: Mapping[str, Any], key: str, where: str) -> Sequence[Any]:
    """`d[key]` must be a JSON array."""
    v = require(d, key, where)
    if not isinstance(v, list):
        raise CorruptStateError(
            f"{where}.{key}: expected a list, got {type(v).__name__}"  # i18n-exempt: internal
        )
    return v


def check_header(d: Mapping[str, Any], game: str, version: int) -> None:
    """Check the `game` key and the `v` schema version of a stored state."""
    got_game = require_str(d, "game", "state")
    if got_game != game:
        raise CorruptStateError(
            f"state: this is a {got_game!r} state, not {game!r}"  # i18n-exempt: internal
        )
    v = require_int(d, "v", "state")
    if v != version:
        raise CorruptStateError(
            f"state: schema version {v} is not supported (expected "  # i18n-exempt: internal
            f"{version})"
        )
