-- Kit pickups (docs/product.md §10 "Kit pickup"): every pickup a desk sent, keyed by the id the device made,
-- so that a pickup sent twice is recorded once. status 'ok' is a pickup that counted; 'conflict'
-- one that arrived when the kit was already picked up (kept, so the same id answers the same).
-- An undo marks the row (undone_at, undone_por) and keeps it: the history is this table.
-- Times are Unix milliseconds (UTC).
-- The unique index kit_pickups_current allows one current pickup per participant: the first
-- recorded wins, whatever the instance. participants.kit_* hold the current pickup for readers
-- of the participant (list, export, summary, the desk's roster); this table's writers keep them
-- in step, in the same transaction, with a new participants rev (the roster's delta cursor).
CREATE TABLE kit_pickups (
    id                     TEXT PRIMARY KEY,
    event_id               TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id         TEXT NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    at                     INTEGER NOT NULL,
    balcao                 TEXT NOT NULL,
    por_uid                TEXT NOT NULL,
    por                    TEXT NOT NULL,
    retirado_por_nome      TEXT,
    retirado_por_documento TEXT,
    camiseta_entregue      TEXT NOT NULL,
    status                 TEXT NOT NULL CHECK (status IN ('ok', 'conflict')),
    recorded_at            INTEGER NOT NULL,
    undone_at              INTEGER,
    undone_por             TEXT
) STRICT;
CREATE UNIQUE INDEX kit_pickups_current ON kit_pickups (participant_id) WHERE status = 'ok' AND undone_at IS NULL;
CREATE INDEX kit_pickups_event_recorded ON kit_pickups (event_id, recorded_at);
