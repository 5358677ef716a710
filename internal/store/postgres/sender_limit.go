package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/sale"
	"pelotao/internal/store"
)

// lockSender returns the stored form of a sender's address (store.SenderHash with this
// database's key) and serialises, until tx ends, the transactions that count the same sender
// under the same lock name (across instances), so that two of them cannot both see room for
// one more.
func lockSender(ctx context.Context, tx pgx.Tx, lockName, senderIP string) (string, error) {
	var key string
	if err := tx.QueryRow(ctx, "SELECT value FROM app_meta WHERE key = 'sender_hash_key'").Scan(&key); err != nil {
		return "", fmt.Errorf("postgres: sender hash key: %w", err)
	}
	sender := store.SenderHash([]byte(key), senderIP)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", lockName+sender); err != nil {
		return "", err
	}
	return sender, nil
}

// TakeSenderSlot implements store.SenderLimitStore.
func (s *Store) TakeSenderSlot(ctx context.Context, scope store.SenderScope, senderIP string, at time.Time, limit store.SenderLimit) (id int64, err error) {
	err = s.inOrderTx(ctx, nil, func(tx sale.OrderTx) (err error) {
		id, err = sale.TakeSenderSlotTx(ctx, tx, scope, senderIP, at, limit)
		return err
	})
	return id, err
}

// ReleaseSenderSlot implements store.SenderLimitStore.
func (s *Store) ReleaseSenderSlot(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, "DELETE FROM sender_slots WHERE id = $1", id)
	return err
}
