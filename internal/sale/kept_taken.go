package sale

import (
	"context"
	"fmt"
	"time"

	"pelotao/internal/store"
)

// KeptTaken is an event's capacity counts as they stand in a transaction, for any now in
// [From, Until): no hold ends in between, so the counts at any such now are the same. A
// TakenKeeper keeps one per event, from one order it creates to the next.
type KeptTaken struct {
	Taken       store.Taken
	From, Until time.Time
}

// HoldsAt tells whether the counts are those at now.
func (k KeptTaken) HoldsAt(now time.Time) bool { return !now.Before(k.From) && now.Before(k.Until) }

// After is k once an order took after (the event's counts with it), its hold ending at
// heldUntil (zero: confirmed, it never ends): the counts hold until that hold ends at most.
func (k KeptTaken) After(after store.Taken, heldUntil time.Time) KeptTaken {
	k.Taken = after.Clone()
	if !heldUntil.IsZero() && heldUntil.Before(k.Until) {
		k.Until = heldUntil
	}
	return k
}

// CountKept counts the event's capacity taken at now in tx, and the hold ends around now
// between which the counts stay the same: the last one at or before now, the first one after.
func CountKept(ctx context.Context, tx OrderTx, what, eventID string, now time.Time) (KeptTaken, error) {
	taken, err := countTaken(ctx, tx.Query, what, eventID, "", now)
	if err != nil {
		return KeptTaken{}, err
	}
	k := KeptTaken{Taken: taken, From: time.UnixMilli(-1 << 62), Until: time.UnixMilli(1 << 62)}
	var last, next *time.Time
	if err := tx.QueryRow(ctx, `SELECT
		(SELECT expira_em FROM orders WHERE status = 'aguardando_pagamento' AND expira_em <= ? AND event_id = ?
		 ORDER BY expira_em DESC LIMIT 1),
		(SELECT expira_em FROM orders WHERE status = 'aguardando_pagamento' AND expira_em > ? AND event_id = ?
		 ORDER BY expira_em LIMIT 1)`, now, eventID, now, eventID).Scan(&last, &next); err != nil {
		return KeptTaken{}, fmt.Errorf("%s: holds around now: %w", what, err)
	}
	if last != nil {
		k.From = *last
	}
	if next != nil {
		k.Until = *next
	}
	return k, nil
}
