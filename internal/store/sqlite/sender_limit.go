package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"pelotao/internal/sale"
	"pelotao/internal/store"
)

// senderHash is the stored form of a sender's address (store.SenderHash with this database's key).
func senderHash(ctx context.Context, tx *sql.Tx, senderIP string) (string, error) {
	var key string
	if err := tx.QueryRowContext(ctx, "SELECT value FROM app_meta WHERE key = 'sender_hash_key'").Scan(&key); err != nil {
		return "", fmt.Errorf("sqlite: sender hash key: %w", err)
	}
	return store.SenderHash([]byte(key), senderIP), nil
}

// TakeSenderSlot implements store.SenderLimitStore: a transaction of the order writer's, as an
// order's own slot is taken (the single writer makes count-then-insert atomic).
func (s *Store) TakeSenderSlot(ctx context.Context, scope store.SenderScope, senderIP string, at time.Time, limit store.SenderLimit) (id int64, err error) {
	err = s.writeOrder(ctx, func(tx sale.OrderTx) (err error) {
		id, err = sale.TakeSenderSlotTx(ctx, tx, scope, senderIP, at, limit)
		return err
	}, true) // a slot changes no capacity count
	return id, err
}

// ReleaseSenderSlot implements store.SenderLimitStore.
func (s *Store) ReleaseSenderSlot(ctx context.Context, id int64) error {
	_, err := s.write.ExecContext(ctx, "DELETE FROM sender_slots WHERE id = ?", id)
	return err
}
