-- 0003 (PostgreSQL): server settings, turn notifications, paused games, bot metadata.

CREATE TABLE guild_settings (
    guild_id        bigint  PRIMARY KEY,
    settings        text    NOT NULL DEFAULT '{}',
    updated_at      timestamptz NOT NULL
);

CREATE TABLE user_notify (
    user_id         bigint  PRIMARY KEY,
    notify          boolean NOT NULL
);

CREATE TABLE paused_sessions (
    session_id      bigint  PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
    paused_by       bigint  NOT NULL,
    paused_at       timestamptz NOT NULL
);

CREATE TABLE bot_meta (
    key             text    PRIMARY KEY,
    value           text    NOT NULL
);

CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;
