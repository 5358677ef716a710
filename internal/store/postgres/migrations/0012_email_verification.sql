-- E-mail verification (docs/product.md §3): an account proves it owns its address by a link mailed
-- to it, by an invitation's link, or by a password reset. Until then email_verified_at is empty and
-- the account gets nothing from an invitation (event_staff rows of its address give no role), so a
-- role never goes to whoever signs up with an invited address first. Accounts from before this
-- migration have not proved their address either and start unverified.
ALTER TABLE users ADD COLUMN email_verified_at TIMESTAMPTZ;

-- A verification link's token is tied to an address, not to an account: an invitation carries
-- one for an address that may have no account yet. Only the SHA-256 is stored; a token works once,
-- before expires_at.
CREATE TABLE email_verification_tokens (
    token_hash BYTEA PRIMARY KEY,
    email      TEXT NOT NULL,                    -- normalised: trimmed, lower case
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX email_verification_tokens_email ON email_verification_tokens(email, created_at);
CREATE INDEX email_verification_tokens_expires ON email_verification_tokens(expires_at);
