-- 0004: asynchronous play. Away periods (with the turn limits they paused), stand-in bots voted
-- for an away seat, undo requests with per-player votes, the "undone" mark on log rows and when
-- a game started (the turn clock). Whether a move revealed anything is not stored: an undo
-- request replays the log and asks the engine (Transition.reveals).
-- Times are UTC ISO-8601 text of fixed width, like every other time.

-- When the host started the game: the first turn's clock starts there.
ALTER TABLE sessions ADD COLUMN started_at TEXT;

CREATE TABLE away_periods (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         INTEGER NOT NULL,
    starts_at       TEXT    NOT NULL,
    until_at        TEXT    NOT NULL,                   -- the announced return
    ended_at        TEXT,                               -- NULL while away
    reason          TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX away_periods_user ON away_periods (user_id, starts_at);
-- One open absence per user.
CREATE UNIQUE INDEX away_periods_one_open ON away_periods (user_id) WHERE ended_at IS NULL;

-- A turn limit paused by an absence: the time that was left, and the move it belonged to.
CREATE TABLE away_pauses (
    away_id         INTEGER NOT NULL REFERENCES away_periods (id) ON DELETE CASCADE,
    session_id      INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    ply             INTEGER NOT NULL,                   -- the session's ply when paused
    remaining_s     INTEGER NOT NULL,
    PRIMARY KEY (away_id, session_id)
);

-- A table's vote to let a bot play an away player's seat until they return.
CREATE TABLE away_standins (
    away_id         INTEGER NOT NULL REFERENCES away_periods (id) ON DELETE CASCADE,
    session_id      INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    votes           TEXT    NOT NULL DEFAULT '[]',      -- JSON array of user ids in favour
    granted_at      TEXT,                               -- NULL until every other human agreed
    PRIMARY KEY (away_id, session_id)
);

CREATE TABLE undo_requests (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id      INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,                   -- who asked
    seat            INTEGER NOT NULL,
    first_ply       INTEGER NOT NULL,                   -- the asker's last move: undone from here
    last_ply        INTEGER NOT NULL,                   -- the log's end when asked: undone to here
    status          TEXT    NOT NULL
                    CHECK (status IN ('pending', 'applied', 'declined', 'expired', 'outdated')),
    votes           TEXT    NOT NULL DEFAULT '{}',      -- JSON {"user id": true | false}
    created_at      TEXT    NOT NULL,
    expires_at      TEXT    NOT NULL,
    decided_at      TEXT
);
CREATE UNIQUE INDEX undo_requests_one_pending ON undo_requests (session_id)
    WHERE status = 'pending';

-- The "undone" mark on log rows: the actions table stays append-only (its trigger forbids
-- UPDATE), so the mark lives beside it. History and replays show undone moves as undone.
CREATE TABLE undone_moves (
    session_id      INTEGER NOT NULL,
    ply             INTEGER NOT NULL,
    undo_id         INTEGER NOT NULL REFERENCES undo_requests (id),
    PRIMARY KEY (session_id, ply),
    FOREIGN KEY (session_id, ply) REFERENCES actions (session_id, ply) ON DELETE CASCADE
);
