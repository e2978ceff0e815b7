-- 0006: how many moves each seat has made, as a JSON object {"seat": count}, counted by every
-- move. A seat's decision token includes its own count, so a click prepared before that seat's
-- last move is stale even where the seat's choices look the same again.

ALTER TABLE sessions ADD COLUMN seat_moves TEXT;
