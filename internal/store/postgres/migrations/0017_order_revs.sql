-- Each server keeps an event's orders in memory for the organizer's list and its search (30,000
-- orders searched in well under a millisecond), and must see every change another server (or
-- this one) commits. Every change of an order — its row, a registration, a Pix received, a
-- refund — takes the next value of its event's counter (order_revs.rev) into orders.rev, so a
-- server reads the counter, and when it moved, only the orders changed after what it holds. The
-- counter's row stays locked until the change commits, so the revs commit in order and a reader
-- never holds a rev while an older one is still to come. The triggers keep it so whatever
-- statement writes. An order deleted (a charge the PSP never made) marks removido: a server
-- holding an older rev reads the list again.
CREATE TABLE order_revs (
    event_id TEXT PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    rev      BIGINT NOT NULL,
    removido BIGINT NOT NULL                          -- the rev of the last order deleted; 0 none
);
ALTER TABLE orders ADD COLUMN rev BIGINT NOT NULL DEFAULT 0;
INSERT INTO order_revs (event_id, rev, removido) SELECT DISTINCT event_id, 1, 0 FROM orders;
UPDATE orders SET rev = 1;
CREATE INDEX orders_by_rev ON orders (event_id, rev);

CREATE FUNCTION orders_take_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_revs (event_id, rev, removido) VALUES (NEW.event_id, 1, 0)
        ON CONFLICT (event_id) DO UPDATE SET rev = order_revs.rev + 1
        RETURNING rev INTO NEW.rev;
    RETURN NEW;
END;
$$;
CREATE TRIGGER orders_take_rev BEFORE INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_take_rev();

CREATE FUNCTION orders_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE order_revs SET rev = rev + 1, removido = rev + 1 WHERE event_id = OLD.event_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER orders_removed AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_removed();

-- A part of an order changed: the order's row is touched, so it takes a rev as above.
CREATE FUNCTION order_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE orders SET rev = rev WHERE id = NEW.order_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER registrations_changed AFTER UPDATE ON registrations FOR EACH ROW EXECUTE FUNCTION order_part_changed();
CREATE TRIGGER pix_payments_changed AFTER INSERT ON pix_payments FOR EACH ROW EXECUTE FUNCTION order_part_changed();
CREATE TRIGGER refunds_changed AFTER INSERT OR UPDATE ON refunds FOR EACH ROW EXECUTE FUNCTION order_part_changed();
