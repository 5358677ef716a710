-- The indexes an order's creation writes, narrowed to those read (docs/budgets.md, "Registration").
-- orders_by_buyer holds every column the buyer's counts read (sale.CreateOrderTx: orders awaiting
-- payment, registrations held in the event), so the planner reads the buyer's few orders through
-- it: with the event's index as good a guess without statistics, SQLite read every order of the
-- event on each order (a registration opening: hundreds, then thousands).
DROP INDEX orders_by_buyer;
CREATE INDEX orders_by_buyer ON orders (buyer_id, status, expira_em, event_id, id);
-- An event's orders are listed from memory, caught up through orders_by_rev (event_id, rev),
-- which also serves every other read by event; nothing reads them by creation time.
DROP INDEX orders_by_event;
-- Old sender slots are dropped by scope and time (0028); nothing reads them by time alone.
DROP INDEX sender_slots_taken_at;
-- Nothing reads an event's registrations by status; registrations_by_document (event_id, doc_tipo,
-- doc_numero) serves every read by event.
DROP INDEX registrations_by_event;
