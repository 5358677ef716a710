package sale

import (
	"context"
	"errors"
	"fmt"
	"time"

	"pelotao/internal/store"
)

// TakeSenderSlotTx is TakeSenderSlot inside tx, which it locks for the sender and scope (on
// every instance) until it ends; it returns the slot's id, for ReleaseSenderSlot.
func TakeSenderSlotTx(ctx context.Context, tx OrderTx, scope store.SenderScope, senderIP string, at time.Time, limit store.SenderLimit) (int64, error) {
	sender, err := senderRoom(ctx, tx, scope, senderIP, at, limit)
	if err != nil {
		return 0, err
	}
	var id int64
	if err := tx.QueryRow(ctx, insertSenderSlot+" RETURNING id", scope, sender, at).Scan(&id); err != nil {
		return 0, fmt.Errorf("sale: taking a sender slot: %w", err)
	}
	return id, nil
}

// takeOrderSlot takes an order's slot as TakeSenderSlotTx does, in the order's transaction (one
// commit, not two, on SQLite's single writer). The slot is kept with its order, or alone when a
// rule refuses the order (REG-321), and never released, so its id is not read back: a RETURNING
// costs SQLite's driver twice the insert.
func takeOrderSlot(ctx context.Context, tx OrderTx, slot store.SenderSlot, at time.Time) error {
	sender, err := senderRoom(ctx, tx, slot.Scope, slot.IP, at, slot.Limit)
	if errors.Is(err, store.ErrTooManyFromSender) {
		return refusal{err} // nothing written but the scope's old slots dropped
	}
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, insertSenderSlot, slot.Scope, sender, at); err != nil {
		return fmt.Errorf("sale: taking a sender slot: %w", err)
	}
	return nil
}

const insertSenderSlot = "INSERT INTO sender_slots (scope, sender_hash, taken_at) VALUES (?, ?, ?)"

// senderRoom locks tx for the sender and scope (on every instance) until it ends, drops the
// scope's slots older than the window and refuses a sender at its limit
// (ErrTooManyFromSender); it returns the sender's hash.
func senderRoom(ctx context.Context, tx OrderTx, scope store.SenderScope, senderIP string, at time.Time, limit store.SenderLimit) (string, error) {
	var key string
	if err := tx.QueryRow(ctx, "SELECT value FROM app_meta WHERE key = 'sender_hash_key'").Scan(&key); err != nil {
		return "", fmt.Errorf("sale: sender hash key: %w", err)
	}
	sender := store.SenderHash([]byte(key), senderIP)
	if err := tx.Lock(ctx, string(scope)+":"+sender); err != nil {
		return "", fmt.Errorf("sale: sender lock: %w", err)
	}
	since := at.Add(-limit.Window)
	if _, err := tx.Exec(ctx, "DELETE FROM sender_slots WHERE scope = ? AND taken_at <= ?", scope, since); err != nil {
		return "", fmt.Errorf("sale: old sender slots: %w", err)
	}
	// Counted up to the limit only: whether it is reached is all the rule asks, and a sender
	// near a high limit (a school's or an office's one address) costs no more than the limit.
	var recent int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM sender_slots
		WHERE scope = ? AND sender_hash = ? AND taken_at > ? LIMIT ?) AS recent`,
		scope, sender, since, limit.Max).Scan(&recent); err != nil {
		return "", fmt.Errorf("sale: sender slots: %w", err)
	}
	if recent >= limit.Max {
		return "", store.ErrTooManyFromSender
	}
	return sender, nil
}
