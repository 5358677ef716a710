-- Events' participants (docs/product.md §10, "Participants"), imported from ticketing spreadsheets.
-- nome_ordem is the folded name (participant.SortKey), the order of every list. The kit_*
-- columns are the current kit pickup, written only by the kit desk (never by an import).
-- rev orders changes: every insert or update takes the next values of participant_rev, whose
-- row lock is held to the end of the writing transaction, so revs are given in commit order
-- and the kit desk's "what changed since rev N" misses nothing (a sequence would not do that).
-- Deleting the event removes its participants, their search terms and history (LGPD).
-- Text compared or sorted uses the "C" collation: byte order, as in SQLite.
CREATE TABLE participants (
    id                    TEXT COLLATE "C" PRIMARY KEY,
    event_id              TEXT COLLATE "C" NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    inscricao             TEXT COLLATE "C" NOT NULL,
    doc_tipo              TEXT NOT NULL CHECK (doc_tipo IN ('cpf', 'passaporte')),
    doc_numero            TEXT COLLATE "C" NOT NULL,
    nome                  TEXT NOT NULL,
    nome_ordem            TEXT COLLATE "C" NOT NULL,
    email                 TEXT NOT NULL,
    telefone              TEXT NOT NULL,
    nascimento            TEXT,
    sexo                  TEXT NOT NULL,
    percurso              TEXT COLLATE "C" NOT NULL,
    camiseta              TEXT NOT NULL,
    equipe                TEXT NOT NULL,
    numero_peito          INTEGER,
    pago                  BOOLEAN NOT NULL,
    valor                 BIGINT,
    kit_at                TIMESTAMPTZ,
    kit_balcao            TEXT,
    kit_por               TEXT,
    kit_retirado_por      TEXT,
    kit_camiseta_entregue TEXT,
    rev                   BIGINT NOT NULL,
    criado_em             TIMESTAMPTZ NOT NULL,
    atualizado_em         TIMESTAMPTZ NOT NULL
);
CREATE INDEX participants_by_name ON participants (event_id, nome_ordem, id);
CREATE INDEX participants_by_rev ON participants (event_id, rev);
CREATE INDEX participants_by_bib ON participants (event_id, numero_peito) WHERE numero_peito IS NOT NULL;
CREATE UNIQUE INDEX participants_by_document ON participants (event_id, doc_tipo, doc_numero, percurso);
CREATE UNIQUE INDEX participants_by_inscricao ON participants (event_id, inscricao) WHERE inscricao <> '';

-- The words a participant is found by (participant.SearchTerms), looked up by prefix in the
-- primary key, which also holds the participant's nome_ordem so that a search counts, orders
-- and pages its matches without reading them; the only index, since an import writes some 7
-- terms per participant: an update deletes the terms it replaces by their key, the event's
-- deletion removes them all.
CREATE TABLE participant_terms (
    event_id       TEXT COLLATE "C" NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    term           TEXT COLLATE "C" NOT NULL,
    nome_ordem     TEXT COLLATE "C" NOT NULL,
    participant_id TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (event_id, term, nome_ordem, participant_id)
);

CREATE TABLE participant_history (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    participant_id TEXT COLLATE "C" NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    tipo           TEXT NOT NULL,
    em             TIMESTAMPTZ NOT NULL,
    por            TEXT NOT NULL,
    por_nome       TEXT NOT NULL,
    detalhe        TEXT
);
CREATE INDEX participant_history_participant ON participant_history (participant_id, id);

-- The version of an event's search terms: the first rev of the last import that wrote them.
-- Servers keep an event's terms in memory (store.TermIndex) while it stays the same.
CREATE TABLE participant_search_versions (
    event_id TEXT COLLATE "C" PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    version  BIGINT NOT NULL
);

CREATE TABLE participant_settings (
    event_id TEXT COLLATE "C" PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    doc      TEXT NOT NULL
);

CREATE TABLE participant_rev (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    value BIGINT NOT NULL
);
INSERT INTO participant_rev (id, value) VALUES (1, 0);
