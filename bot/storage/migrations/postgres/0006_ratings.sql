-- 0006 (PostgreSQL): ratings; the same tables as SQLite's migration 0006.

CREATE TABLE session_casual (
    session_id      bigint  PRIMARY KEY,
    casual          boolean NOT NULL
);

CREATE TABLE seat_departures (
    session_id      bigint  NOT NULL,
    seat            integer NOT NULL,
    user_id         bigint  NOT NULL,
    name            text    NOT NULL,
    why             text    NOT NULL CHECK (why IN ('left', 'turn limit', 'removed')),
    created_at      timestamptz NOT NULL,
    PRIMARY KEY (session_id, seat)
);

CREATE TABLE rated_games (
    seq             bigserial PRIMARY KEY,
    session_id      bigint  NOT NULL UNIQUE,
    guild_id        bigint  NOT NULL,
    game_key        text    NOT NULL,
    result          text,
    reason          text    NOT NULL DEFAULT '',
    recorded_at     timestamptz NOT NULL
);

CREATE TABLE rating_entries (
    seq             bigint  NOT NULL REFERENCES rated_games (seq),
    entry           integer NOT NULL,
    guild_id        bigint  NOT NULL,
    game_key        text    NOT NULL,
    player          text    NOT NULL,
    mu_before       double precision NOT NULL,
    sigma_before    double precision NOT NULL,
    mu_after        double precision NOT NULL,
    sigma_after     double precision NOT NULL,
    PRIMARY KEY (seq, entry)
);
CREATE INDEX rating_entries_player ON rating_entries (guild_id, player, seq);

CREATE TABLE ratings (
    guild_id        bigint  NOT NULL,
    game_key        text    NOT NULL,
    player          text    NOT NULL,
    name            text    NOT NULL,
    mu              double precision NOT NULL,
    sigma           double precision NOT NULL,
    games           integer NOT NULL,
    wins            integer NOT NULL,
    PRIMARY KEY (guild_id, game_key, player)
);
CREATE INDEX ratings_board ON ratings (guild_id, game_key, (mu - 3 * sigma) DESC);

CREATE TABLE hidden_profiles (
    user_id         bigint  PRIMARY KEY
);
