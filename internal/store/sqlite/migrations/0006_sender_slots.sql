-- Actions limited per client address that leave no record of their own to count (sign-ups:
-- an account must not keep the address it was created from). sender_hash is the keyed hash of
-- the address (app_meta.sender_hash_key, as for plan_interest), never the address; a row lives
-- only as long as the limit's window.
CREATE TABLE sender_slots (
    id          INTEGER PRIMARY KEY,
    scope       TEXT NOT NULL,
    sender_hash TEXT NOT NULL,
    taken_at    INTEGER NOT NULL -- Unix milliseconds
);
CREATE INDEX sender_slots_sender ON sender_slots (scope, sender_hash, taken_at);
CREATE INDEX sender_slots_taken_at ON sender_slots (taken_at);
