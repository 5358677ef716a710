-- Each server keeps an event's orders in memory for the organizer's list and its search (30,000
-- orders searched in well under a millisecond), and must see every change another server (or
-- this one) commits. Every change of an order — its row, a registration, a Pix received, a
-- refund — takes the next value of its event's counter (order_revs.rev) into orders.rev, so a
-- server reads the counter, and when it moved, only the orders changed after what it holds. The
-- triggers keep it so whatever statement writes. An order deleted (a charge the PSP never made)
-- marks removido: a server holding an older rev reads the list again.
CREATE TABLE order_revs (
    event_id TEXT PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    rev      INTEGER NOT NULL,
    removido INTEGER NOT NULL                         -- the rev of the last order deleted; 0 none
) STRICT;
ALTER TABLE orders ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
INSERT INTO order_revs (event_id, rev, removido) SELECT DISTINCT event_id, 1, 0 FROM orders;
UPDATE orders SET rev = 1;
CREATE INDEX orders_by_rev ON orders (event_id, rev);

CREATE TRIGGER orders_rev_insert AFTER INSERT ON orders
BEGIN
    INSERT INTO order_revs (event_id, rev, removido) VALUES (NEW.event_id, 1, 0)
        ON CONFLICT (event_id) DO UPDATE SET rev = rev + 1;
    UPDATE orders SET rev = (SELECT rev FROM order_revs WHERE event_id = NEW.event_id) WHERE id = NEW.id;
END;
CREATE TRIGGER orders_rev_update AFTER UPDATE OF status, total, cupom, txid, copia_e_cola, location, criado_em, expira_em,
    pago_em, busca, recibo_em ON orders
BEGIN
    UPDATE order_revs SET rev = rev + 1 WHERE event_id = NEW.event_id;
    UPDATE orders SET rev = (SELECT rev FROM order_revs WHERE event_id = NEW.event_id) WHERE id = NEW.id;
END;
CREATE TRIGGER orders_rev_delete AFTER DELETE ON orders
BEGIN
    UPDATE order_revs SET rev = rev + 1, removido = rev + 1 WHERE event_id = OLD.event_id;
END;
-- A part of an order changed: the order's row is touched (busca set as it is), so it takes a rev
-- as above.
CREATE TRIGGER registrations_changed AFTER UPDATE ON registrations
BEGIN
    UPDATE orders SET busca = busca WHERE id = NEW.order_id;
END;
CREATE TRIGGER pix_payments_changed AFTER INSERT ON pix_payments
BEGIN
    UPDATE orders SET busca = busca WHERE id = NEW.order_id;
END;
CREATE TRIGGER refunds_added AFTER INSERT ON refunds
BEGIN
    UPDATE orders SET busca = busca WHERE id = NEW.order_id;
END;
CREATE TRIGGER refunds_changed AFTER UPDATE ON refunds
BEGIN
    UPDATE orders SET busca = busca WHERE id = NEW.order_id;
END;
