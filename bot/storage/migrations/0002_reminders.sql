-- 0002: when the awaited players of a game were last reminded to move (UTC ISO-8601 text, like
-- every other time). Bookkeeping only: setting it does not bump the session's version.

ALTER TABLE sessions ADD COLUMN reminded_at TEXT;
