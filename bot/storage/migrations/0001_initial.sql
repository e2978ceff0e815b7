-- 0001: sessions, seats and the append-only action log.
-- Times are UTC ISO-8601 text of fixed width, so text comparison orders them.

CREATE TABLE sessions (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    game_key        TEXT    NOT NULL,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    thread_id       INTEGER,
    host_user_id    INTEGER NOT NULL,
    status          TEXT    NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    options         TEXT    NOT NULL DEFAULT '{}',      -- JSON object, validated options
    seed            INTEGER,                            -- set at start
    state           TEXT,                               -- canonical JSON snapshot
    schema_v        INTEGER,                            -- the snapshot's "v"
    version         INTEGER NOT NULL DEFAULT 1,         -- compare-and-swap counter
    ply             INTEGER NOT NULL DEFAULT 0,         -- number of rows in actions
    outcome         TEXT,                               -- JSON, once finished
    abandon_votes   TEXT    NOT NULL DEFAULT '[]',      -- JSON array of user ids
    message_id      INTEGER,
    turn_timeout_s  INTEGER,
    turn_deadline   TEXT,
    end_reason      TEXT,
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL
);

-- One lobby or game in progress per channel or thread.
CREATE UNIQUE INDEX sessions_one_open_per_place
    ON sessions (coalesce(thread_id, channel_id))
    WHERE status IN ('lobby', 'active');

CREATE INDEX sessions_place ON sessions (coalesce(thread_id, channel_id), id);
CREATE INDEX sessions_deadline ON sessions (turn_deadline) WHERE status = 'active';
CREATE INDEX sessions_guild_status ON sessions (guild_id, status);

CREATE TABLE seats (
    session_id      INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL CHECK (seat >= 0),
    user_id         INTEGER,
    bot_name        TEXT,
    display_name    TEXT    NOT NULL,
    is_bot          INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    PRIMARY KEY (session_id, seat),
    CHECK ((is_bot = 1 AND bot_name IS NOT NULL AND user_id IS NULL)
        OR (is_bot = 0 AND user_id IS NOT NULL AND bot_name IS NULL))
);

-- One user, one seat per session (NULLs, i.e. bots, may repeat).
CREATE UNIQUE INDEX seats_one_per_user ON seats (session_id, user_id);

CREATE TABLE actions (
    session_id      INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    ply             INTEGER NOT NULL CHECK (ply >= 1),
    seat            INTEGER NOT NULL,
    user_id         INTEGER,                            -- NULL for a bot
    notation        TEXT    NOT NULL,
    events          TEXT    NOT NULL DEFAULT '[]',      -- JSON array of Event.to_dict()
    created_at      TEXT    NOT NULL,
    PRIMARY KEY (session_id, ply)
) WITHOUT ROWID;

-- The log is append-only.
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
