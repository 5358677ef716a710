package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

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

// TakeSenderSlot implements store.SenderLimitStore.
func (s *Store) TakeSenderSlot(ctx context.Context, scope store.SenderScope, senderIP string, at time.Time, limit store.SenderLimit) (int64, error) {
	// The write pool's single connection and BEGIN IMMEDIATE make count-then-insert atomic.
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	sender, err := senderHash(ctx, tx, senderIP)
	if err != nil {
		return 0, err
	}
	since := unixMilli(at.Add(-limit.Window))
	if _, err := tx.ExecContext(ctx, "DELETE FROM sender_slots WHERE scope = ? AND taken_at <= ?", scope, since); err != nil {
		return 0, err
	}
	var recent int
	if err := tx.QueryRowContext(ctx,
		"SELECT count(*) FROM sender_slots WHERE scope = ? AND sender_hash = ? AND taken_at > ?",
		scope, sender, since).Scan(&recent); err != nil {
		return 0, err
	}
	if recent >= limit.Max {
		return 0, store.ErrTooManyFromSender
	}
	var id int64
	if err := tx.QueryRowContext(ctx,
		"INSERT INTO sender_slots (scope, sender_hash, taken_at) VALUES (?, ?, ?) RETURNING id",
		scope, sender, unixMilli(at)).Scan(&id); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}

// ReleaseSenderSlot implements store.SenderLimitStore.
func (s *Store) ReleaseSenderSlot(ctx context.Context, id int64) error {
	_, err := s.write.ExecContext(ctx, "DELETE FROM sender_slots WHERE id = ?", id)
	return err
}
