-- Assessorias and groups (docs/requirements.md GRP-1): a group belongs to one event; chave is its
-- name folded as the search folds text (internal/textfold), unique in the event; codigo is the
-- 8-character code of its link, unique everywhere. Times are Unix milliseconds.
CREATE TABLE event_groups (
    id         TEXT PRIMARY KEY,
    event_id   TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    nome       TEXT NOT NULL,
    chave      TEXT NOT NULL,
    codigo     TEXT NOT NULL UNIQUE,
    criado_por TEXT NOT NULL,
    criado_em  INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX event_groups_by_name ON event_groups (event_id, chave);

-- A group's coaches (at most two, GRP-6): the creator first.
CREATE TABLE event_group_coaches (
    grupo_id TEXT NOT NULL REFERENCES event_groups(id) ON DELETE CASCADE,
    user_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    desde    INTEGER NOT NULL,
    PRIMARY KEY (grupo_id, user_id)
) STRICT;
CREATE INDEX event_group_coaches_by_user ON event_group_coaches (user_id);

-- The group a registration joined (GRP-3); NULL for none. Removing a group leaves its
-- registrations (only expired or cancelled ones remain by then) without one.
ALTER TABLE registrations ADD COLUMN grupo_id TEXT REFERENCES event_groups(id) ON DELETE SET NULL;
CREATE INDEX registrations_by_group ON registrations (grupo_id) WHERE grupo_id IS NOT NULL;
