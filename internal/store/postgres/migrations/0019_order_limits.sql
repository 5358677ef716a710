-- An order's Idempotency-Key is the buyer's for one event (REG-191): the same key on another event
-- makes another order. idempotency_hash is the SHA-256 (hex) of the order's request body as the
-- server reads it, so that the key sent again with another body is refused instead of answering
-- an order the request did not ask for; '' for the orders made before it was kept.
ALTER TABLE orders ADD COLUMN idempotency_hash TEXT NOT NULL DEFAULT '';
DROP INDEX orders_by_idempotency;
CREATE UNIQUE INDEX orders_by_idempotency ON orders (buyer_id, event_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
