package sale

import (
	"context"
	"fmt"
	"time"

	"pelotao/internal/store"
)

// TakeSenderSlotTx is TakeSenderSlot inside tx, which it locks for the sender and scope (on
// every instance) until it ends; an order takes its slot so, in its own transaction
// (NewOrder.Sender): one commit, not two, on SQLite's single writer.
func TakeSenderSlotTx(ctx context.Context, tx OrderTx, scope store.SenderScope, senderIP string, at time.Time, limit store.SenderLimit) (int64, error) {
	var key string
	if err := tx.QueryRow(ctx, "SELECT value FROM app_meta WHERE key = 'sender_hash_key'").Scan(&key); err != nil {
		return 0, fmt.Errorf("sale: sender hash key: %w", err)
	}
	sender := store.SenderHash([]byte(key), senderIP)
	if err := tx.Lock(ctx, string(scope)+":"+sender); err != nil {
		return 0, fmt.Errorf("sale: sender lock: %w", err)
	}
	since := at.Add(-limit.Window)
	if _, err := tx.Exec(ctx, "DELETE FROM sender_slots WHERE scope = ? AND taken_at <= ?", scope, since); err != nil {
		return 0, fmt.Errorf("sale: old sender slots: %w", err)
	}
	// Counted up to the limit only: whether it is reached is all the rule asks, and a sender
	// near a high limit (a school's or an office's one address) costs no more than the limit.
	var recent int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM sender_slots
		WHERE scope = ? AND sender_hash = ? AND taken_at > ? LIMIT ?) AS recent`,
		scope, sender, since, limit.Max).Scan(&recent); err != nil {
		return 0, fmt.Errorf("sale: sender slots: %w", err)
	}
	if recent >= limit.Max {
		return 0, store.ErrTooManyFromSender
	}
	var id int64
	if err := tx.QueryRow(ctx, "INSERT INTO sender_slots (scope, sender_hash, taken_at) VALUES (?, ?, ?) RETURNING id",
		scope, sender, at).Scan(&id); err != nil {
		return 0, fmt.Errorf("sale: taking a sender slot: %w", err)
	}
	return id, nil
}
