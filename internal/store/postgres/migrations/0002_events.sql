-- One row per event: the whole document as JSON (doc), its list summary (summary), and beside
-- them the columns that listing filters and sorts on. search is computed in Go
-- (event.SearchText: lower case, no accents) so SQLite and PostgreSQL match alike. Text columns
-- that are compared or sorted use the "C" collation: byte order, as in SQLite.
-- Every write recomputes summary and search; a change to event.Summary or event.SearchText
-- needs a migration that rewrites them.
CREATE TABLE events (
    id            TEXT COLLATE "C" PRIMARY KEY,
    owner_id      TEXT COLLATE "C" NOT NULL,
    criado_em     TIMESTAMPTZ NOT NULL,
    atualizado_em TIMESTAMPTZ NOT NULL,
    data_evento   TEXT COLLATE "C" NOT NULL,
    categoria     TEXT NOT NULL,
    status        TEXT NOT NULL,
    estado        TEXT NOT NULL,
    search        TEXT NOT NULL,
    summary       TEXT NOT NULL,
    doc           TEXT NOT NULL
);
CREATE INDEX events_by_date ON events (data_evento, id);
CREATE INDEX events_by_owner ON events (owner_id, data_evento, id);
