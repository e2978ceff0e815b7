-- 0008: each game's current turn post, so that a turn's steps edit that one message (text and
-- board) instead of posting anew, across restarts. post: a small JSON object owned by
-- `bot.table.turnposts` (channel and message id, the seats it still awaits, its move lines).

CREATE TABLE turn_posts (
    session_id      INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
    post            TEXT    NOT NULL
);
