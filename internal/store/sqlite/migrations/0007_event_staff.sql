-- Events' teams (docs/product.md §10, "Who does what"): one row per person invited to an event, as a
-- manager (gestao) or kit desk (retirada); the owner is events.owner_id and has no row here.
-- user_id is empty while the invitation waits for its e-mail to sign up: creating the account
-- fills it in (store.AccountStore.CreateUser). email is normalised (trimmed, lower case), as
-- users.email is, so an invitation and an account compare case-insensitively.
-- Deleting the event or the account removes the row. Times are Unix milliseconds (UTC).
CREATE TABLE event_staff (
    id         TEXT PRIMARY KEY,
    event_id   TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    user_id    TEXT REFERENCES users(id) ON DELETE CASCADE,
    email      TEXT NOT NULL,
    role       TEXT NOT NULL CHECK (role IN ('gestao', 'retirada')),
    invited_by TEXT NOT NULL,
    invited_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX event_staff_email ON event_staff (event_id, email);
CREATE INDEX event_staff_user ON event_staff (user_id, event_id);
CREATE INDEX event_staff_pending ON event_staff (email) WHERE user_id IS NULL;
