-- 0005 (PostgreSQL): who the stored state awaits; see the SQLite 0005.

ALTER TABLE sessions ADD COLUMN to_act_mask bigint;
ALTER TABLE sessions ADD COLUMN bot_turn boolean;
ALTER TABLE sessions ADD COLUMN human_turn boolean;
ALTER TABLE sessions ADD COLUMN to_act_version integer;

-- A new state written without them (its version is not theirs): they are not known any more.
-- BEFORE the row is written, so RETURNING already shows them cleared.
CREATE FUNCTION sessions_to_act_unknown() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.to_act_mask := NULL;
    NEW.bot_turn := NULL;
    NEW.human_turn := NULL;
    RETURN NEW;
END;
$$;
CREATE TRIGGER sessions_to_act_unknown BEFORE UPDATE OF state ON sessions
    FOR EACH ROW WHEN (NEW.to_act_version IS DISTINCT FROM NEW.version)
    EXECUTE FUNCTION sessions_to_act_unknown();

CREATE INDEX sessions_bot_turn ON sessions (id)
    WHERE status = 'active' AND bot_turn IS NOT FALSE;

CREATE INDEX sessions_quiet
    ON sessions (greatest(updated_at, coalesce(reminded_at, updated_at)), id)
    WHERE status = 'active' AND human_turn IS NOT FALSE;
