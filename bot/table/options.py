"""Parsing game options typed as text ("games=3 variant=short") into validated engine options."""

from __future__ import annotations

import re
from typing import Any

from bot.games.protocol import GameSpec
from bot.i18n import tr

__all__ = ["parse_options_text", "validated_options"]

_PAIR = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)\s*[=:]\s*(.+)$")


def parse_options_text(text: str | None) -> dict[str, str]:
    """Split "games=3, variant=short" into {"games": "3", "variant": "short"}.

    Pairs are separated by spaces or commas; `=` or `:` joins a key to its value. A word without
    `=`, or a key given twice (keys compare case-insensitively, `-` as `_`), raises ValueError
    with a sentence saying what to fix: the last value must never win silently.

    >>> parse_options_text("games=3, variant: short")
    {'games': '3', 'variant': 'short'}
    """
    if text is None or not text.strip():
        return {}
    # Normalise "key = value" and "key: value" into one token before splitting on spaces.
    compact = re.sub(r"\s*([=:])\s*", r"\1", text.strip())
    out: dict[str, str] = {}
    for token in re.split(r"[\s,;]+", compact):
        if not token:
            continue
        match = _PAIR.match(token)
        if match is None:
            raise ValueError(
                tr(
                    "I could not read the option {option}: write options as key=value, "
                    "for example `games=3`.",
                    option=repr(token),
                )
            )
        key = match.group(1).lower().replace("-", "_")
        if key in out:
            raise ValueError(tr("Option {option} is given twice.", option=repr(key)))
        out[key] = match.group(2)
    return out


def validated_options(spec: GameSpec, text: str | None) -> dict[str, Any]:
    """Parse `text` and validate it against `spec` (defaults filled in); ValueError on bad input."""
    return spec.validate_options(parse_options_text(text))
