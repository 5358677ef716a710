-- The daily reconciliation of the Pix received (GET /pix, docs/architecture.md, "Reconciliation").
-- One row per day's pass: claimed by the instance that runs it (iniciada_em), then its window and
-- figures once it has finished (concluida_em).
CREATE TABLE pix_reconciliations (
    dia          TEXT PRIMARY KEY,                   -- YYYY-MM-DD in the events' time zone
    iniciada_em  TIMESTAMPTZ NOT NULL,
    concluida_em TIMESTAMPTZ,
    inicio       TIMESTAMPTZ,
    fim          TIMESTAMPTZ,
    recebidos    BIGINT NOT NULL DEFAULT 0,
    valor        BIGINT NOT NULL DEFAULT 0,         -- centavos
    conferidos   BIGINT NOT NULL DEFAULT 0,
    devolvidos   BIGINT NOT NULL DEFAULT 0,
    atencao      BIGINT NOT NULL DEFAULT 0
);

-- Each Pix a pass read and what it found: matched a paid order, returned, or needing attention
-- (with why). event_id and order_id are '' for a Pix with no charge of ours. No payer data.
CREATE TABLE pix_received (
    end_to_end_id TEXT PRIMARY KEY,
    txid          TEXT NOT NULL,
    event_id      TEXT NOT NULL,
    order_id      TEXT NOT NULL,
    valor         BIGINT NOT NULL,
    horario       TIMESTAMPTZ NOT NULL,
    situacao      TEXT NOT NULL CHECK (situacao IN ('conferido', 'devolvido', 'atencao')),
    motivo        TEXT NOT NULL,
    conferido_em  TIMESTAMPTZ NOT NULL                  -- the concluida_em of the last pass that read it
);
CREATE INDEX pix_received_by_event ON pix_received (event_id, conferido_em);
CREATE INDEX pix_received_attention ON pix_received (situacao) WHERE situacao = 'atencao';
