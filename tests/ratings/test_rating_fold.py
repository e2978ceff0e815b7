"""The pure rating code: places from outcomes (ties share, leavers last), a fold that depends
only on the results in order, the arena's entry point, and players' records."""

from __future__ import annotations

from dataclasses import dataclass

from bot.ratings import INITIAL, Side, arena_ratings, arena_result, game_result, rate_results
from bot.ratings.records import PlayedGame, player_record
from bot.ratings.skill import RatingBook, fold
from tests.ratings.random_results import random_results


def _result(*sides: Side, lower: bool = False):  # noqa: ANN202
    made = game_result(
        session_id=1, guild_id=1, game="g", finished_at="", sides=sides, lower_is_better=lower
    )
    assert not isinstance(made, str)
    return made


def test_places_share_ties_put_leavers_last_and_follow_the_score_direction() -> None:
    r = _result(
        Side("a", "A", 10, winner=True),
        Side("b", "B", 10, winner=True),
        Side("c", "C", 7),
        Side("d", "D", None, left=True),
    )
    assert [e.place for e in r.entries] == [1, 1, 3, 4]
    low = _result(Side("a", "A", 15), Side("b", "B", 14, winner=True), lower=True)
    assert [e.place for e in low.entries] == [2, 1]
    # A side that left loses even with the best score its seat had.
    gone = _result(Side("a", "A", 99, left=True), Side("b", "B", 1))
    assert [e.place for e in gone.entries] == [2, 1]


def test_unratable_games_say_why() -> None:
    one = game_result(session_id=1, guild_id=1, game="g", finished_at="", sides=[Side("a", "A", 3)])
    assert one == "A game needs at least two sides to be rated."
    both_gone = game_result(
        session_id=1,
        guild_id=1,
        game="g",
        finished_at="",
        sides=[Side("a", "A", None, left=True), Side("b", "B", None, left=True)],
    )
    assert isinstance(both_gone, str)


def test_the_fold_is_a_function_of_the_results_in_order() -> None:
    results = random_results(200, seed=4)
    _, first = fold(results)
    _, again = fold(list(results))
    assert first.ratings == again.ratings
    _, shuffled = fold(results[::-1])
    assert shuffled.ratings != first.ratings  # the order matters, and is kept
    assert {(1, "kingsburg"), (2, "architects")} <= set(first.ratings)


def test_winners_gain_losers_lose_and_servers_stay_apart() -> None:
    book = RatingBook()
    book.apply(_result(Side("a", "A", 5, winner=True), Side("b", "B", 1)))
    assert book.rating((1, "g"), "a").mu > INITIAL.mu > book.rating((1, "g"), "b").mu
    assert book.rating((2, "g"), "a") == INITIAL


def test_the_arena_rates_computer_levels_from_outcomes() -> None:
    outcome = {"scores": {"0": 30, "1": 20}, "winners": [0]}
    results = [
        arena_result("kingsburg", outcome, ["bot:strong", "bot:heuristic"], number=i)
        for i in range(10)
    ]
    ratings = rate_results(r for r in results if not isinstance(r, str))
    assert ratings["bot:strong"].display > ratings["bot:heuristic"].display


def test_a_record_counts_games_wins_places_and_scores() -> None:
    book = RatingBook()
    played = []
    for i, (mine, theirs) in enumerate([(5, 3), (2, 4), (6, 1)]):
        r = _result(
            Side("a", "A", mine, winner=mine > theirs), Side("b", "B", theirs, winner=theirs > mine)
        )
        change = book.apply(r)["a"]
        entry = r.entries[0]
        played.append(
            PlayedGame(i, "", entry.place, 2, entry.score, False, change.before, change.after)
        )
    record = player_record(played)
    assert (record.games, record.wins, record.best_score) == (3, 2, 6)
    assert record.average_place == 4 / 3 and record.average_score == 13 / 3
    assert [g.session_id for g in record.last] == [2, 1, 0]
    assert record.history[0] == INITIAL.display and len(record.history) == 4


def test_the_arena_records_give_a_line_of_ratings() -> None:
    """The arena's records (read by attribute) give one line, best first; failures left out."""

    @dataclass(frozen=True)
    class Record:
        game: str
        players: tuple[str, ...]
        scores: tuple[int, ...]
        places: tuple[int, ...]
        failed: str = ""

    records = [Record("cathedral", ("strong", "heuristic"), (3, 9), (1, 2)) for _ in range(12)]
    records += [Record("cathedral", ("heuristic", "strong"), (0, 0), (1, 1), failed="cap")]
    line = arena_ratings(records)
    assert line.startswith("Ratings after 12 games (openskill")
    assert line.index("strong ") < line.index("heuristic ")
    assert arena_ratings([]) == ""
