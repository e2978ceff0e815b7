-- 0006 (PostgreSQL): each seat's number of moves; see the SQLite 0006.

ALTER TABLE sessions ADD COLUMN seat_moves text;
