-- 0002 (PostgreSQL): when the awaited players of a game were last reminded to move.

ALTER TABLE sessions ADD COLUMN reminded_at timestamptz;
