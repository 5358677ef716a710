-- Card payments through Mercado Pago Checkout Pro (docs/requirements.md CARD-19..CARD-25).
-- An order is paid by Pix or by card (pagamento); a card order has a preference (preferencia, its
-- id at Mercado Pago, kept after a switch to Pix so that a payment made just before is still
-- found) and checkout_url, where the buyer pays while the order is a card order.
ALTER TABLE orders ADD COLUMN pagamento TEXT NOT NULL DEFAULT 'pix' CHECK (pagamento IN ('pix', 'cartao'));
ALTER TABLE orders ADD COLUMN preferencia TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN checkout_url TEXT NOT NULL DEFAULT '';

-- The orders list sees a change of method as any other change of the order (0017).
DROP TRIGGER orders_rev_update;
CREATE TRIGGER orders_rev_update AFTER UPDATE OF status, total, cupom, txid, copia_e_cola, location, criado_em, expira_em,
    pago_em, busca, recibo_em, pagamento, preferencia, checkout_url ON orders
BEGIN
    UPDATE order_revs SET rev = rev + 1 WHERE event_id = NEW.event_id;
    UPDATE orders SET rev = (SELECT rev FROM order_revs WHERE event_id = NEW.event_id) WHERE id = NEW.id;
END;

-- Each card payment read from Mercado Pago, once per its id (a notification delivered again
-- records nothing): its status as last read, and what it paid. aprovado_em: when it was first
-- read approved — money received, which a refund can return (NULL: never approved).
CREATE TABLE card_payments (
    payment_id    TEXT PRIMARY KEY,
    order_id      TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    status        TEXT NOT NULL,
    status_detail TEXT NOT NULL,
    valor         INTEGER NOT NULL,                 -- transaction_amount, centavos
    parcelas      INTEGER NOT NULL,
    taxas         INTEGER NOT NULL,                 -- the fees Mercado Pago takes from the seller
    liquido       INTEGER NOT NULL,                 -- net_received_amount
    aprovado_em   INTEGER,
    recebido_em   INTEGER NOT NULL,
    atualizado_em INTEGER NOT NULL
) STRICT;
CREATE INDEX card_payments_by_order ON card_payments (order_id);
CREATE TRIGGER card_payments_added AFTER INSERT ON card_payments
BEGIN
    UPDATE orders SET busca = busca WHERE id = NEW.order_id;
END;
CREATE TRIGGER card_payments_changed AFTER UPDATE ON card_payments
BEGIN
    UPDATE orders SET busca = busca WHERE id = NEW.order_id;
END;

-- A refund returns a Pix or a card payment: end_to_end_id is the payment's id at its provider
-- (a Pix's endToEndId, a card payment's Mercado Pago id) and metodo says which, so the refund
-- no longer references pix_payments alone (sale.AddRefundTx checks the payment is the order's).
-- SQLite drops a foreign key only by making the table again.
CREATE TABLE refunds_new (
    id            TEXT PRIMARY KEY,
    order_id      TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    end_to_end_id TEXT NOT NULL,
    metodo        TEXT NOT NULL CHECK (metodo IN ('pix', 'cartao')),
    valor         INTEGER NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO')),
    motivo        TEXT NOT NULL,
    criado_em     INTEGER NOT NULL,
    atualizado_em INTEGER NOT NULL
) STRICT;
INSERT INTO refunds_new (id, order_id, end_to_end_id, metodo, valor, status, motivo, criado_em, atualizado_em)
    SELECT id, order_id, end_to_end_id, 'pix', valor, status, motivo, criado_em, atualizado_em FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_new RENAME TO refunds;
CREATE INDEX refunds_by_order ON refunds (order_id);
CREATE TRIGGER refunds_added AFTER INSERT ON refunds
BEGIN
    UPDATE orders SET busca = busca WHERE id = NEW.order_id;
END;
CREATE TRIGGER refunds_changed AFTER UPDATE ON refunds
BEGIN
    UPDATE orders SET busca = busca WHERE id = NEW.order_id;
END;
