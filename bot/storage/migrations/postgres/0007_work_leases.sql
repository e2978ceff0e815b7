-- 0007 (PostgreSQL): work claimed by one bot process for a while; see the SQLite 0007.

CREATE TABLE work_leases (
    kind            text    NOT NULL,
    session_id      bigint  NOT NULL,
    owner           text    NOT NULL,
    until           timestamptz NOT NULL,
    PRIMARY KEY (kind, session_id)
);
