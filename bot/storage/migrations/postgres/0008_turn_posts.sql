-- 0008 (PostgreSQL): each game's current turn post; see the SQLite 0008.

CREATE TABLE turn_posts (
    session_id      bigint  PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
    post            text    NOT NULL
);
