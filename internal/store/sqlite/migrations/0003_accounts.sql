-- Accounts: users, sessions, password-reset tokens and login throttling. Times are Unix
-- milliseconds (UTC), so comparisons are plain integer comparisons.
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE,          -- normalised: trimmed, lower case
    display_name  TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    disabled      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE sessions (
    token_hash BLOB PRIMARY KEY,                 -- SHA-256 of the cookie's token
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_expires ON sessions(expires_at);

CREATE TABLE password_reset_tokens (
    token_hash BLOB PRIMARY KEY,                 -- SHA-256 of the e-mailed token
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens(user_id, created_at);
CREATE INDEX password_reset_tokens_expires ON password_reset_tokens(expires_at);

CREATE TABLE login_failures (
    email TEXT NOT NULL,
    ip    TEXT NOT NULL,
    at    INTEGER NOT NULL
);
CREATE INDEX login_failures_email ON login_failures(email, at);
CREATE INDEX login_failures_ip ON login_failures(ip, at);
