-- 0003: what a real server needs beyond the games themselves.
-- guild_settings: a server's own settings as a JSON object (keys missing: the bot's defaults).
-- user_notify: players who asked for a direct message when it becomes their turn.
-- paused_sessions: games a moderator paused (no moves, no reminders, no deadline meanwhile).
-- bot_meta: small facts about the bot itself (the hash of the last synced command tree).

CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    settings        TEXT    NOT NULL DEFAULT '{}',
    updated_at      TEXT    NOT NULL
);

CREATE TABLE user_notify (
    user_id         INTEGER PRIMARY KEY,
    notify          INTEGER NOT NULL CHECK (notify IN (0, 1))
);

CREATE TABLE paused_sessions (
    session_id      INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
    paused_by       INTEGER NOT NULL,
    paused_at       TEXT    NOT NULL
);

CREATE TABLE bot_meta (
    key             TEXT    PRIMARY KEY,
    value           TEXT    NOT NULL
);

CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;
