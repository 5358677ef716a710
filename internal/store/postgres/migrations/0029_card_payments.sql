-- Card payments through Mercado Pago Checkout Pro (docs/requirements.md CARD-19..CARD-25).
-- An order is paid by Pix or by card (pagamento); a card order has a preference (preferencia, its
-- id at Mercado Pago, kept after a switch to Pix so that a payment made just before is still
-- found) and checkout_url, where the buyer pays while the order is a card order.
ALTER TABLE orders ADD COLUMN pagamento TEXT NOT NULL DEFAULT 'pix' CHECK (pagamento IN ('pix', 'cartao'));
ALTER TABLE orders ADD COLUMN preferencia TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN checkout_url TEXT NOT NULL DEFAULT '';

-- Each card payment read from Mercado Pago, once per its id (a notification delivered again
-- records nothing): its status as last read, and what it paid. aprovado_em: when it was first
-- read approved — money received, which a refund can return (NULL: never approved).
CREATE TABLE card_payments (
    payment_id    TEXT PRIMARY KEY,
    order_id      TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    status        TEXT NOT NULL,
    status_detail TEXT NOT NULL,
    valor         BIGINT NOT NULL,                  -- transaction_amount, centavos
    parcelas      INTEGER NOT NULL,
    taxas         BIGINT NOT NULL,                  -- the fees Mercado Pago takes from the seller
    liquido       BIGINT NOT NULL,                  -- net_received_amount
    aprovado_em   TIMESTAMPTZ,
    recebido_em   TIMESTAMPTZ NOT NULL,
    atualizado_em TIMESTAMPTZ NOT NULL
);
CREATE INDEX card_payments_by_order ON card_payments (order_id);
CREATE TRIGGER card_payments_changed AFTER INSERT OR UPDATE ON card_payments FOR EACH ROW EXECUTE FUNCTION order_part_changed();

-- A refund returns a Pix or a card payment: end_to_end_id is the payment's id at its provider
-- (a Pix's endToEndId, a card payment's Mercado Pago id) and metodo says which, so the refund
-- no longer references pix_payments alone (sale.AddRefundTx checks the payment is the order's).
ALTER TABLE refunds DROP CONSTRAINT refunds_end_to_end_id_fkey;
ALTER TABLE refunds ADD COLUMN metodo TEXT NOT NULL DEFAULT 'pix' CHECK (metodo IN ('pix', 'cartao'));
