-- Results as data (docs/product.md §10 "Results"): one set per event and modality (percurso), and its
-- lines. A line is stored as its JSON (doc, a results.Result) beside the columns the table
-- filters, searches and pages on. ordem is the line's place in the table (finishers by place,
-- then the others), unique in a set: pages are keyed on it. search is computed in Go
-- (store.ResultSearchText: name, bib and team folded) so SQLite and PostgreSQL match alike.
-- Deleting an event deletes its sets; deleting a set deletes its lines.
CREATE TABLE result_sets (
    id          TEXT PRIMARY KEY,
    event_id    TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    percurso    TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('preliminar', 'oficial')),
    finishers   INTEGER NOT NULL,
    total       INTEGER NOT NULL,
    categorias  TEXT NOT NULL, -- JSON array, in order of first appearance
    finishers_by TEXT NOT NULL, -- JSON results.FinishersBy: finishers by sexo and by categoria
    imported_at TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX result_sets_by_event ON result_sets (event_id, percurso);

CREATE TABLE results (
    set_id       TEXT NOT NULL REFERENCES result_sets(id) ON DELETE CASCADE,
    ordem        INTEGER NOT NULL,
    numero_peito TEXT NOT NULL,
    sexo         TEXT NOT NULL,
    categoria    TEXT NOT NULL,
    status       TEXT NOT NULL,
    search       TEXT NOT NULL,
    doc          TEXT NOT NULL,
    PRIMARY KEY (set_id, ordem)
) STRICT, WITHOUT ROWID;
CREATE UNIQUE INDEX results_by_bib ON results (set_id, numero_peito);
-- The table's pages when filtered; a search scans the set's search column.
CREATE INDEX results_by_sexo ON results (set_id, sexo, categoria, ordem);
CREATE INDEX results_by_categoria ON results (set_id, categoria, ordem);
