-- When the reconciliation last read back an approved card payment of a paid order from Mercado
-- Pago (docs/requirements.md CARD-51): a refund or chargeback whose notification was lost is
-- found within 120 days of the payment, a few payments a tick, the least recently read first.
CREATE TABLE card_checks (
    payment_id   TEXT PRIMARY KEY REFERENCES card_payments(payment_id) ON DELETE CASCADE,
    conferido_em INTEGER NOT NULL
) STRICT;
