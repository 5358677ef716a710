-- A participant that left the event (a registration sold here and refunded in full): its row is
-- deleted, so lists, totals, exports and document checks no longer see it, and this entry takes a
-- rev from the participants' counter, so "what changed after rev N" (the kit desk's roster, the
-- servers' rosters in memory) sees the removal too. The order keeps the registration's history.
CREATE TABLE participant_removals (
    event_id       TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id TEXT NOT NULL,
    rev            INTEGER NOT NULL,
    removido_em    INTEGER NOT NULL                  -- Unix milliseconds (UTC)
) STRICT;
CREATE INDEX participant_removals_by_event ON participant_removals (event_id, rev);
