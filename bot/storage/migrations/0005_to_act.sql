-- 0005: who the stored state awaits, kept with every move, so that resuming bots at start-up and
-- the reminder pass select their few games in SQL instead of parsing every game's state.
-- NULL means "not known" (rows from before this migration, or a state written without it): those
-- rows are selected too, and the service fills the columns in once it has looked.

ALTER TABLE sessions ADD COLUMN to_act_mask INTEGER;   -- bit s set: seat s may act
ALTER TABLE sessions ADD COLUMN bot_turn INTEGER;      -- 1: some bot seat may act
ALTER TABLE sessions ADD COLUMN human_turn INTEGER;    -- 1: some human seat may act
ALTER TABLE sessions ADD COLUMN to_act_version INTEGER; -- the version they were recorded at

-- A new state written without them (its version is not theirs): they are not known any more.
CREATE TRIGGER sessions_to_act_unknown AFTER UPDATE OF state ON sessions
WHEN NEW.to_act_version IS NOT NEW.version
BEGIN
    UPDATE sessions SET to_act_mask = NULL, bot_turn = NULL, human_turn = NULL
    WHERE id = NEW.id;
END;

-- Start-up: active games where a bot may have been left to act.
CREATE INDEX sessions_bot_turn ON sessions (id)
    WHERE status = 'active' AND bot_turn IS NOT 0;

-- Reminders: active games awaiting a human, by when anything last happened to them (their last
-- change or last reminder), then id (the reminder pass pages through them in this order).
CREATE INDEX sessions_quiet
    ON sessions (max(updated_at, coalesce(reminded_at, updated_at)), id)
    WHERE status = 'active' AND human_turn IS NOT 0;
