-- Events' participants (docs/product.md §10, "Participants"), imported from ticketing spreadsheets.
-- nome_ordem is the folded name (participant.SortKey), the order of every list. The kit_*
-- columns are the current kit pickup, written only by the kit desk (never by an import).
-- rev orders changes: every insert or update takes the next value of participant_rev, so the
-- kit desk's roster can answer "what changed since rev N". Times are Unix milliseconds (UTC).
-- Deleting the event removes its participants, their search terms and history (LGPD).
CREATE TABLE participants (
    id                    TEXT PRIMARY KEY,
    event_id              TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    inscricao             TEXT NOT NULL,          -- the ticketing registration id; '' when none
    doc_tipo              TEXT NOT NULL CHECK (doc_tipo IN ('cpf', 'passaporte')),
    doc_numero            TEXT NOT NULL,          -- CPF as 11 digits
    nome                  TEXT NOT NULL,
    nome_ordem            TEXT NOT NULL,
    email                 TEXT NOT NULL,
    telefone              TEXT NOT NULL,
    nascimento            TEXT,                   -- YYYY-MM-DD
    sexo                  TEXT NOT NULL,          -- F, M, X or ''
    percurso              TEXT NOT NULL,
    camiseta              TEXT NOT NULL,
    equipe                TEXT NOT NULL,
    numero_peito          INTEGER,
    pago                  INTEGER NOT NULL,
    valor                 INTEGER,                -- cents
    kit_at                INTEGER,                -- NULL: not picked up
    kit_balcao            TEXT,
    kit_por               TEXT,                   -- the staff member who handed it, by name
    kit_retirado_por      TEXT,                   -- JSON {nome, documento}; NULL: the athlete
    kit_camiseta_entregue TEXT,
    rev                   INTEGER NOT NULL,
    criado_em             INTEGER NOT NULL,
    atualizado_em         INTEGER NOT NULL
) STRICT;
CREATE INDEX participants_by_name ON participants (event_id, nome_ordem, id);
CREATE INDEX participants_by_rev ON participants (event_id, rev);
CREATE INDEX participants_by_bib ON participants (event_id, numero_peito) WHERE numero_peito IS NOT NULL;
CREATE UNIQUE INDEX participants_by_document ON participants (event_id, doc_tipo, doc_numero, percurso);
CREATE UNIQUE INDEX participants_by_inscricao ON participants (event_id, inscricao) WHERE inscricao <> '';

-- The words a participant is found by (participant.SearchTerms: name and e-mail words folded,
-- the e-mail, document, bib); a search looks terms up by prefix in the primary key, which also
-- holds the participant's nome_ordem, so a search counts, orders and pages its matches without
-- reading them (only the page's rows are read). One index only, since an import writes some 7
-- terms per participant: an update deletes the terms it replaces by their key, and the event's
-- deletion removes them all (no participant is deleted alone).
CREATE TABLE participant_terms (
    event_id       TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    term           TEXT NOT NULL,
    nome_ordem     TEXT NOT NULL,
    participant_id TEXT NOT NULL,
    PRIMARY KEY (event_id, term, nome_ordem, participant_id)
) STRICT, WITHOUT ROWID;

-- What happened to each participant (imported, updated, picked up, undone), by whom and when.
CREATE TABLE participant_history (
    id             INTEGER PRIMARY KEY,
    participant_id TEXT NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    tipo           TEXT NOT NULL,
    em             INTEGER NOT NULL,
    por            TEXT NOT NULL,                 -- user id
    por_nome       TEXT NOT NULL,
    detalhe        TEXT                           -- JSON
) STRICT;
CREATE INDEX participant_history_participant ON participant_history (participant_id, id);

-- The version of an event's search terms: the first rev of the last import that wrote them.
-- Servers keep an event's terms in memory (store.TermIndex) while it stays the same.
CREATE TABLE participant_search_versions (
    event_id TEXT PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    version  INTEGER NOT NULL
) STRICT;

-- An event's participant settings (participant.Settings as JSON: the bib ranges).
CREATE TABLE participant_settings (
    event_id TEXT PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    doc      TEXT NOT NULL
) STRICT;

-- The one counter participants' rev values come from.
CREATE TABLE participant_rev (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    value INTEGER NOT NULL
) STRICT;
INSERT INTO participant_rev (id, value) VALUES (1, 0);
