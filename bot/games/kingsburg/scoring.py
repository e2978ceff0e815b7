"""Where each Kingsburg VP came from: the score sheet's categories.

The rulebook scores VP from buildings (their printed value, lost again when the enemy destroys
them), advisors (and the Smuggler's price), the Town Hall, the Embassy, the King's Reward, the
battles (rewards, penalties, the Fortress and the strongest defender) and, at the end, the
Cathedral. Every change of a score names one of these sources, so `Outcome.breakdown` can give
each player's VP by source, summing to the score.
"""

from __future__ import annotations

from bot.games.text import tx_c

BUILDINGS = tx_c("score", "Buildings")
ADVISORS = tx_c("score", "Advisors")
TOWN_HALL = tx_c("score", "Town Hall")
EMBASSY = tx_c("score", "Embassy")
KINGS_REWARD = tx_c("score", "King's Reward")
BATTLES = tx_c("score", "Battles")
CATHEDRAL = tx_c("score", "Cathedral bonus")
OTHER = tx_c("score", "Other")
"""Only for a score change whose source was not named (a bug: the conformance tests forbid it)."""

CATEGORIES: tuple[str, ...] = (
    BUILDINGS,
    ADVISORS,
    TOWN_HALL,
    EMBASSY,
    KINGS_REWARD,
    BATTLES,
    CATHEDRAL,
)
"""Score sheet rows, in the order of a year (buildings first, the end bonus last)."""

VpLedger = tuple[tuple[str, int], ...]
"""VP per source as (category, points) pairs, in `CATEGORIES` order, zero rows left out."""


def credit(ledger: VpLedger, source: str, points: int) -> VpLedger:
    """`ledger` with `points` (may be negative) added to `source`."""
    totals = dict(ledger)
    totals[source] = totals.get(source, 0) + points
    order = [*CATEGORIES, OTHER]
    return tuple((k, totals[k]) for k in order if totals.get(k))


def breakdown(ledger: VpLedger, vp: int) -> dict[str, int]:
    """Every category (zeros included, so players' sheets line up), summing to `vp`.

    A game saved before sources were kept has an empty ledger: its VP show as "Other"."""
    totals = dict(ledger)
    out = {k: totals.get(k, 0) for k in CATEGORIES}
    rest = vp - sum(out.values())
    if rest:
        out[OTHER] = rest
    return out
