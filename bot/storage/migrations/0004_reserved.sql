-- 0004: reserved for the `async` branch's migration, so that this branch's 0005 keeps the
-- numbers in sequence. Delete this file when that branch's 0004_* is merged.
SELECT 1;
