"""Reading per-seat scores out of an engine's `summary(state)`, whatever shape it gives them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.protocol import Seat
from bot.i18n import N_, tr
from bot.table.textcommands import small_int

# Where a game's scores are found in `engine.summary(state)`, best first:
# (key, label, lower is better). A key may hold a per-seat list or a mapping keyed by seat number
# or seat label ("light"); in a summary's "players" list, entries carry these keys per seat.
SCORE_KEYS: tuple[tuple[str, str, bool], ...] = (
    ("unplaced_squares", N_("Unplaced squares"), True),
    ("vp", N_("VP"), False),
    ("score", N_("Score"), False),
    ("points", N_("Points"), False),
    ("scores", N_("Scores"), False),
)


def per_seat(raw: Any, by_label: Mapping[str, Seat]) -> dict[Seat, Any] | None:
    """Per-seat values from a list (index = seat) or a mapping keyed by seat number or seat
    label ("light"); None if `raw` is neither or a key names no seat."""
    if isinstance(raw, Mapping):
        out: dict[Seat, Any] = {}
        for key, value in raw.items():
            text = str(key).strip().lower()
            number = small_int(text)
            if text in by_label:
                out[by_label[text]] = value
            elif number is not None:
                out[Seat(number)] = value
            else:
                return None
        return out or None
    if isinstance(raw, Sequence) and not isinstance(raw, str | bytes):
        if any(isinstance(v, Mapping) for v in raw):
            return None
        return {Seat(i): v for i, v in enumerate(raw)} or None
    return None


def summary_scores(
    summary: Mapping[str, Any], by_label: Mapping[str, Seat]
) -> tuple[str, dict[Seat, Any], bool] | None:
    """(label, values by seat, lower is better) from the first score key the summary has, at the
    top level or in each entry of its "players" list; the label in the current language."""
    players = summary.get("players")
    for key, label, lower in SCORE_KEYS:
        values = per_seat(summary.get(key), by_label)
        if values is None and isinstance(players, Sequence) and not isinstance(players, str):
            values = _from_players(players, key)
        if values:
            return tr(label), values, lower
    return None


def _from_players(players: Sequence[Any], key: str) -> dict[Seat, Any] | None:
    """`key` of each entry of a summary's "players" list, by the entry's "seat" (else its index)."""
    out: dict[Seat, Any] = {}
    for i, entry in enumerate(players):
        if not isinstance(entry, Mapping) or key not in entry:
            return None
        seat = entry.get("seat", i)
        out[Seat(int(seat))] = entry[key]
    return out or None
