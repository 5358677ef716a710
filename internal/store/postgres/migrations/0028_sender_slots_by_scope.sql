-- Each slot taken first drops its scope's slots older than the window (sale.TakeSenderSlotTx):
-- by scope and time, not by the sender index's scope prefix, which read every slot of the
-- scope in the window (at a registration opening, thousands, on each order).
CREATE INDEX sender_slots_scope_taken_at ON sender_slots (scope, taken_at);
