-- Registration orders sold by Pelotão (docs/architecture.md, "Orders"). Times are Unix milliseconds (UTC).
-- A hold is an order awaiting payment whose expira_em has not passed: every count of capacity takes
-- confirmed registrations plus those of holds, so an expired hold is free at once, before the sweeper
-- marks it expirado. Coupon uses are counted the same way (registrations.cupom), never kept as a
-- counter that could drift from the holds.
CREATE TABLE orders (
    id              TEXT PRIMARY KEY,
    event_id        TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    buyer_id        TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('aguardando_pagamento', 'pago', 'expirado', 'cancelado', 'reembolsado')),
    total           INTEGER NOT NULL,                -- centavos
    cupom           TEXT NOT NULL,                   -- the coupon's folded code; '' when none
    idempotency_key TEXT,
    txid            TEXT,                            -- the Pix charge's; NULL for a free order
    copia_e_cola    TEXT NOT NULL,
    location        TEXT NOT NULL,
    criado_em       INTEGER NOT NULL,
    expira_em       INTEGER NOT NULL,
    pago_em         INTEGER,
    busca           TEXT NOT NULL                    -- folded names, documents and codes of its registrations
) STRICT;
CREATE UNIQUE INDEX orders_by_idempotency ON orders (buyer_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX orders_by_txid ON orders (txid) WHERE txid IS NOT NULL;
CREATE INDEX orders_by_event ON orders (event_id, criado_em, id);
CREATE INDEX orders_by_buyer ON orders (buyer_id, status, expira_em);
CREATE INDEX orders_awaiting ON orders (status, expira_em);

-- One athlete of an order. atleta is the athlete as typed (JSON: contact, birth date, emergency contact,
-- regulation acceptance); the columns are what counts and lists read. codigo is set once paid.
CREATE TABLE registrations (
    id             TEXT PRIMARY KEY,
    order_id       TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    event_id       TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    posicao        INTEGER NOT NULL,
    doc_tipo       TEXT NOT NULL CHECK (doc_tipo IN ('cpf', 'passaporte')),
    doc_numero     TEXT NOT NULL,
    nome           TEXT NOT NULL,
    percurso       TEXT NOT NULL,
    lote           TEXT NOT NULL,                    -- '' for kit prices
    categoria      TEXT NOT NULL,
    camiseta       TEXT NOT NULL,
    cupom          TEXT NOT NULL,                    -- the folded coupon code it took a use of; ''
    valor          INTEGER NOT NULL,
    desconto       INTEGER NOT NULL,
    total          INTEGER NOT NULL,
    status         TEXT NOT NULL CHECK (status IN ('pendente', 'confirmada', 'cancelada')),
    codigo         TEXT UNIQUE,
    participant_id TEXT REFERENCES participants(id) ON DELETE SET NULL,
    atleta         TEXT NOT NULL
) STRICT;
CREATE INDEX registrations_by_order ON registrations (order_id, posicao);
CREATE INDEX registrations_by_document ON registrations (event_id, doc_tipo, doc_numero);
CREATE INDEX registrations_by_event ON registrations (event_id, status);

-- An event's coupons; codigo_chave is the code folded (upper case), unique per event.
-- valor: centavos for fixo, hundredths of a percent for percentual (2000 is 20 %).
CREATE TABLE coupons (
    event_id     TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    codigo_chave TEXT NOT NULL,
    codigo       TEXT NOT NULL,
    tipo         TEXT NOT NULL CHECK (tipo IN ('percentual', 'fixo')),
    valor        INTEGER NOT NULL,
    max_usos     INTEGER,
    valido_ate   TEXT NOT NULL,                      -- YYYY-MM-DD, inclusive; '' no end
    modalidades  TEXT NOT NULL,                      -- JSON array; [] every modality
    ativo        INTEGER NOT NULL,
    criado_em    INTEGER NOT NULL,
    PRIMARY KEY (event_id, codigo_chave)
) STRICT;

-- Each Pix received, once per endToEndId (a webhook delivered again records nothing).
CREATE TABLE pix_payments (
    end_to_end_id TEXT PRIMARY KEY,
    order_id      TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    txid          TEXT NOT NULL,
    valor         INTEGER NOT NULL,
    horario       INTEGER NOT NULL,
    recebido_em   INTEGER NOT NULL
) STRICT;
CREATE INDEX pix_payments_by_order ON pix_payments (order_id);

-- Devoluções: id is made by Pelotão before asking the PSP, so a retry never refunds twice.
CREATE TABLE refunds (
    id            TEXT PRIMARY KEY,
    order_id      TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    end_to_end_id TEXT NOT NULL REFERENCES pix_payments(end_to_end_id),
    valor         INTEGER NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO')),
    motivo        TEXT NOT NULL,
    criado_em     INTEGER NOT NULL,
    atualizado_em INTEGER NOT NULL
) STRICT;
CREATE INDEX refunds_by_order ON refunds (order_id);

-- What happened to an order (created, paid, expired, cancelled, refunded, edited), by whom and when.
CREATE TABLE order_history (
    id       INTEGER PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    tipo     TEXT NOT NULL,
    em       INTEGER NOT NULL,
    por      TEXT NOT NULL,                          -- user id; '' the system
    detalhe  TEXT                                    -- JSON
) STRICT;
CREATE INDEX order_history_by_order ON order_history (order_id, id);

-- Where a participant came from: 'importacao' (a spreadsheet) or 'pelotao' (a paid registration,
-- whose code and category it keeps; participants.inscricao is then the registration's id).
ALTER TABLE participants ADD COLUMN origem TEXT NOT NULL DEFAULT 'importacao';
ALTER TABLE participants ADD COLUMN codigo TEXT NOT NULL DEFAULT '';
ALTER TABLE participants ADD COLUMN categoria TEXT NOT NULL DEFAULT '';
