"""Ratings from results: openskill's Weng-Lin Plackett-Luce model, folded over games in order.

    book = RatingBook()
    changes = book.apply(result)        # one game: every side's rating before and after
    book.rating(("guild", 1, "kingsburg"), "member:7").display

    ratings = rate_results(results)     # a list of results -> final ratings (the arena's use)

Pure and deterministic: the same results in the same order always give the same floats, so
`python -m bot ratings rebuild` can recompute what was stored game by game and compare exactly.
Ratings are kept per scope: a server's game (`scope_of(result)`), so a server's ratings come
from its own games only.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from bot.games.text import tx
from bot.ratings.results import GameResult

__all__ = [
    "DISPLAY_TEXT",
    "INITIAL",
    "Change",
    "RatingBook",
    "Skill",
    "fold",
    "rate_game",
    "rate_results",
    "scope_of",
]

_MODEL = PlackettLuce()

DISPLAY_BASE = 1500
DISPLAY_PER_MU = 40
DISPLAY_OFFSET = 12.5
DISPLAY_TEXT = tx(
    "The rating shown is a conservative estimate: 1500 + 40 × (μ − 3σ − 12.5), where μ is the "
    "estimated skill and σ its uncertainty (openskill's Plackett-Luce model, μ 25 and σ 8.33 at "
    "the start). A newcomer shows 1000 and climbs as games make σ shrink; ± is 40 × σ."
)
"""How a displayed rating is made, for help texts (a `Text`: say it with `bot.i18n.say`)."""


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating: estimated skill `mu` and its uncertainty `sigma`."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        """The rating as shown (see `DISPLAY_TEXT`)."""
        return round(DISPLAY_BASE + DISPLAY_PER_MU * (self.ordinal - DISPLAY_OFFSET))

    @property
    def display_sigma(self) -> int:
        """The uncertainty on the displayed scale (the "±")."""
        return round(DISPLAY_PER_MU * self.sigma)


INITIAL = Skill(_MODEL.mu, _MODEL.sigma)


@dataclass(frozen=True, slots=True)
class Change:
    """One player's rating before and after one game."""

    player: str
    before: Skill
    after: Skill

    @property
    def delta(self) -> int:
        """The change of the displayed rating."""
        return self.after.display - self.before.display


def scope_of(result: GameResult) -> tuple[int, str]:
    """Where a result counts: its server and game."""
    return (result.guild_id, result.game)


def rate_game(result: GameResult, before: Mapping[str, Skill]) -> dict[str, Change]:
    """Every player's change from one game, given their ratings before it (missing: INITIAL).

    A computer level seated twice in one game is one identity: its seats are rated as separate
    sides from the same rating and the changes added up (its sigma takes the smallest)."""
    priors = [before.get(e.player, INITIAL) for e in result.entries]
    teams = [[_MODEL.rating(mu=p.mu, sigma=p.sigma)] for p in priors]
    rated = _MODEL.rate(teams, ranks=[e.place for e in result.entries])
    mu: dict[str, float] = {}
    sigma: dict[str, float] = {}
    first: dict[str, Skill] = {}
    for entry, prior, team in zip(result.entries, priors, rated, strict=True):
        after = team[0]
        first.setdefault(entry.player, prior)
        mu[entry.player] = mu.get(entry.player, prior.mu) + (after.mu - prior.mu)
        sigma[entry.player] = min(sigma.get(entry.player, math.inf), after.sigma)
    return {p: Change(p, first[p], Skill(mu[p], sigma[p])) for p in first}


@dataclass
class RatingBook:
    """Ratings per scope and player, built by applying results one by one."""

    ratings: dict[Hashable, dict[str, Skill]] = field(default_factory=dict)

    def rating(self, scope: Hashable, player: str) -> Skill:
        """The player's rating in `scope` (INITIAL if they have none)."""
        return self.ratings.get(scope, {}).get(player, INITIAL)

    def apply(self, result: GameResult, scope: Hashable | None = None) -> dict[str, Change]:
        """Rate one game (in `scope`, default its server and game) and keep the new ratings."""
        where = scope_of(result) if scope is None else scope
        table = self.ratings.setdefault(where, {})
        changes = rate_game(result, table)
        for player, change in changes.items():
            table[player] = change.after
        return changes


def fold(
    results: Iterable[GameResult],
) -> tuple[list[tuple[GameResult, dict[str, Change]]], RatingBook]:
    """Every result in order with its changes, and the ratings after all of them: what the
    store must hold if it rated these games one by one (`python -m bot ratings rebuild`)."""
    book = RatingBook()
    rated = [(result, book.apply(result)) for result in results]
    return rated, book


def rate_results(results: Iterable[GameResult]) -> dict[str, Skill]:
    """The final ratings after `results` in order, all in one scope (one pool of players, as in
    the arena where the computer players meet each other), by player."""
    book = RatingBook()
    for result in results:
        book.apply(result, scope="all")
    return dict(book.ratings.get("all", {}))
