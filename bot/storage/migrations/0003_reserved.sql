-- 0003: reserved for the `servers` branch's migration, so that this branch's 0005 keeps the
-- numbers in sequence. Delete this file when that branch's 0003_* is merged.
SELECT 1;
