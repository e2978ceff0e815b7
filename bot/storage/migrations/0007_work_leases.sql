-- 0007: work claimed by one bot process for a while, so that of several processes on one
-- database only one does it (resuming a game's bots at a timer round or at start-up). A lease
-- whose `until` has passed may be taken over: its process died before finishing.

CREATE TABLE work_leases (
    kind            TEXT    NOT NULL,
    session_id      INTEGER NOT NULL,
    owner           TEXT    NOT NULL,                   -- host:pid:random of the process
    until           TEXT    NOT NULL,                   -- UTC ISO-8601, like every other time
    PRIMARY KEY (kind, session_id)
);
