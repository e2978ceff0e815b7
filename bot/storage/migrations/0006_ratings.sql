-- 0006: ratings (bot/ratings, bot/storage/ratings.py).
-- session_casual: a game's lobby choice, rated (0) or casual (1).
-- seat_departures: seats a human gave up in a running game (a bot played them on).
-- rated_games: every finished game once, in the order rated (seq); result is the GameResult
--   JSON of a rated game, reason says why another was not rated.
-- rating_entries: each side of a rated game with its rating before and after (entry = index).
-- ratings: each player's current rating per server and game (a fold of rating_entries).
-- hidden_profiles: members who hide their profile from others.

CREATE TABLE session_casual (
    session_id      INTEGER PRIMARY KEY,
    casual          INTEGER NOT NULL CHECK (casual IN (0, 1))
);

CREATE TABLE seat_departures (
    session_id      INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    why             TEXT    NOT NULL CHECK (why IN ('left', 'turn limit', 'removed')),
    created_at      TEXT    NOT NULL,
    PRIMARY KEY (session_id, seat)
);

CREATE TABLE rated_games (
    seq             INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id      INTEGER NOT NULL UNIQUE,
    guild_id        INTEGER NOT NULL,
    game_key        TEXT    NOT NULL,
    result          TEXT,
    reason          TEXT    NOT NULL DEFAULT '',
    recorded_at     TEXT    NOT NULL
);

CREATE TABLE rating_entries (
    seq             INTEGER NOT NULL REFERENCES rated_games (seq),
    entry           INTEGER NOT NULL,
    guild_id        INTEGER NOT NULL,
    game_key        TEXT    NOT NULL,
    player          TEXT    NOT NULL,
    mu_before       REAL    NOT NULL,
    sigma_before    REAL    NOT NULL,
    mu_after        REAL    NOT NULL,
    sigma_after     REAL    NOT NULL,
    PRIMARY KEY (seq, entry)
);
CREATE INDEX rating_entries_player ON rating_entries (guild_id, player, seq);

CREATE TABLE ratings (
    guild_id        INTEGER NOT NULL,
    game_key        TEXT    NOT NULL,
    player          TEXT    NOT NULL,
    name            TEXT    NOT NULL,
    mu              REAL    NOT NULL,
    sigma           REAL    NOT NULL,
    games           INTEGER NOT NULL,
    wins            INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game_key, player)
);
CREATE INDEX ratings_board ON ratings (guild_id, game_key, (mu - 3 * sigma) DESC);

CREATE TABLE hidden_profiles (
    user_id         INTEGER PRIMARY KEY
);
