"""Component numbers a rulebook leaves out, kept as replaceable data.

Some games ship numbers we could only reconstruct (Canterbury's structure values, Canaan's map and
event effects, Architects' Scheme deck). Such an engine keeps them in one data object built from a
plain mapping: the default ships inside the game package, and a server owner who owns the printed
game can point a setting at their own file (`bot/datafiles.py` reads it; this module stays pure).

    reader = Reader(raw, source="canterbury data")
    cost = reader.at("structures").items()[3].int("cost", minimum=0)
    # DataError: canterbury data, structures[3].cost: expected a whole number >= 0, got 'x'.

Every YAML data file - the shipped ones and a server owner's - is read by `load_yaml`, the one
loader: no anchors or aliases (a few hundred bytes of aliases expand to gigabytes), a bounded
number of values and depth, and an empty file refused with a sentence.

An engine with replaceable data also offers `with_data(raw) -> Engine` (raising `DataError`) and
records `fingerprint(raw)` plus the data itself in each new game's state, so a later change of the
file never alters a game already running.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.games.protocol import canonical_json

__all__ = ["MAX_DEPTH", "MAX_VALUES", "DataError", "Reader", "fingerprint", "load_yaml"]

MAX_VALUES = 200_000
"""The most YAML values (scalars, lists, mappings) a data file may hold; ours hold a few
thousand."""

MAX_DEPTH = 64
"""The deepest nesting of lists and mappings a data file may have; ours go 5 deep."""


class DataError(ValueError):
    """A data file has a value we cannot use; the message names the field and what is expected."""


def load_yaml(text: str, *, source: str) -> Any:
    """The data in YAML `text`, read safely; DataError naming `source` when it is empty, uses
    anchors or aliases, nests too deep, holds too many values or is not YAML.

    The events are scanned first, which costs time in proportion to the text alone: the
    first anchor or alias is refused before anything is built, so an alias bomb never expands.
    """
    import yaml  # parsing only: no I/O here

    if not text.strip():
        raise DataError(
            f"{source}: the file is empty; it must hold the game's "  # i18n-exempt: data-file error
            "data."
        )
    try:
        values = depth = 0
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise DataError(
                    f"{source}: YAML anchors and aliases (&name, *name) are not "
                    "accepted; write every value out."  # i18n-exempt: data-file error
                )
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise DataError(
                        f"{source}: nested more than {MAX_DEPTH} "  # i18n-exempt: data-file error
                        "levels deep."
                    )
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            if isinstance(event, yaml.NodeEvent):
                values += 1
                if values > MAX_VALUES:
                    raise DataError(
                        f"{source}: more than {MAX_VALUES:,} "  # i18n-exempt: data-file error
                        "values."
                    )
        raw = yaml.load(text, Loader=yaml.SafeLoader)  # noqa: S506 - the safe loader
    except yaml.YAMLError as exc:
        raise DataError(
            f"{source}: cannot be read as YAML: {exc}"  # i18n-exempt: data-file error
        ) from None
    if raw is None:
        raise DataError(
            f"{source}: the file holds no data (only comments or "  # i18n-exempt: data-file error
            "blank lines)."
        )
    return raw


def fingerprint(raw: Any) -> str:
    """A short stable id of a data mapping (same content, same id), for saved games and logs."""
    return hashlib.sha256(canonical_json(raw).encode("utf-8")).hexdigest()[:16]


class Reader:
    """Walks a raw mapping or list and names the exact path of every bad value it meets."""

    __slots__ = ("_path", "_source", "raw")

    def __init__(self, raw: Any, *, source: str = "data", path: str = "") -> None:
        self.raw = raw
        self._source = source
        self._path = path

    # ---------------------------------------------------------------- navigation

    @property
    def path(self) -> str:
        """Where this value sits, e.g. `structures[3].cost` ('' for the whole file)."""
        return self._path

    def fail(self, message: str, key: str | int | None = None) -> DataError:
        """A DataError for this value (or its `key`); `raise reader.fail("...")`."""
        where = self._join(key) if key is not None else self._path
        return DataError(
            f"{self._source}, {where or 'top level'}: {message}"  # i18n-exempt: data-file error
        )

    def _join(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self._path}[{key}]"
        return f"{self._path}.{key}" if self._path else key

    def _mapping(self) -> Mapping[str, Any]:
        if not isinstance(self.raw, Mapping):
            raise self.fail(
                "expected a mapping of keys to values, got "  # i18n-exempt: data-file error
                f"{_show(self.raw)}."
            )
        return self.raw

    def has(self, key: str) -> bool:
        """True when this mapping has `key`."""
        return key in self._mapping()

    def at(self, key: str) -> Reader:
        """The value under `key` (which must be present)."""
        mapping = self._mapping()
        if key not in mapping:
            raise self.fail("is missing.", key)  # i18n-exempt: data-file error
        return Reader(mapping[key], source=self._source, path=self._join(key))

    def keys(self) -> list[str]:
        """The keys of this mapping, in file order."""
        return [str(k) for k in self._mapping()]

    def only_keys(self, allowed: Iterable[str]) -> None:
        """Refuse keys other than `allowed` (a typo in a file must not be silently ignored)."""
        known = set(allowed)
        for key in self._mapping():
            if key not in known:
                raise self.fail(
                    "unknown key; expected one of "  # i18n-exempt: data-file error
                    f"{', '.join(sorted(known))}.",
                    key,
                )

    def items(self, *, length: int | None = None, minimum: int = 0) -> list[Reader]:
        """The elements of this list, each with its index in the path."""
        if not isinstance(self.raw, Sequence) or isinstance(self.raw, str | bytes):
            raise self.fail(
                f"expected a list, got {_show(self.raw)}."  # i18n-exempt: data-file error
            )
        if length is not None and len(self.raw) != length:
            raise self.fail(
                f"expected exactly {length} entries, got "  # i18n-exempt: data-file error
                f"{len(self.raw)}."
            )
        if len(self.raw) < minimum:
            raise self.fail(
                f"expected at least {minimum} entries, got "  # i18n-exempt: data-file error
                f"{len(self.raw)}."
            )
        return [Reader(v, source=self._source, path=self._join(i)) for i, v in enumerate(self.raw)]

    def entries(self) -> list[tuple[str, Reader]]:
        """The (key, value) pairs of this mapping, in file order."""
        return [(str(k), self.at(str(k))) for k in self._mapping()]

    # ---------------------------------------------------------------- leaves

    def as_int(self, *, minimum: int | None = None, maximum: int | None = None) -> int:
        """This value as a whole number within the bounds."""
        value = self.raw
        if isinstance(value, bool) or not isinstance(value, int):
            bounds = _bounds(minimum, maximum)
            raise self.fail(
                f"expected a whole number{bounds}, got "  # i18n-exempt: data-file error
                f"{_show(value)}."
            )
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            raise self.fail(
                "expected a whole "  # i18n-exempt: data-file error
                f"number{_bounds(minimum, maximum)}, got {value}."
            )
        return value

    def as_str(self, *, choices: Iterable[str] | None = None) -> str:
        """This value as non-empty text (one of `choices` when given)."""
        value = self.raw
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"expected text, got {_show(value)}.")  # i18n-exempt: data-file error
        if choices is not None:
            allowed = list(choices)
            if value not in allowed:
                raise self.fail(
                    f"expected one of {', '.join(allowed)}, got "  # i18n-exempt: data-file error
                    f"{value!r}."
                )
        return value

    def as_bool(self) -> bool:
        """This value as true/false."""
        if not isinstance(self.raw, bool):
            raise self.fail(
                f"expected true or false, got {_show(self.raw)}."  # i18n-exempt: data-file error
            )
        return self.raw

    def int(self, key: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
        """The whole number under `key`."""
        return self.at(key).as_int(minimum=minimum, maximum=maximum)

    def str(self, key: str, *, choices: Iterable[str] | None = None) -> str:
        """The text under `key`."""
        return self.at(key).as_str(choices=choices)

    def bool(self, key: str) -> bool:
        """The true/false value under `key`."""
        return self.at(key).as_bool()


def _bounds(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return f" from {minimum} to {maximum}"
    if minimum is not None:
        return f" >= {minimum}"
    if maximum is not None:
        return f" <= {maximum}"
    return ""


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
