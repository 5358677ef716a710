-- When the confirmation e-mails of a paid order were sent: set once, so a webhook and the
-- reconciliation that both confirm the order send them once.
ALTER TABLE orders ADD COLUMN recibo_em TIMESTAMPTZ;
