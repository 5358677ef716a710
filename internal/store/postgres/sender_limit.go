package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

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
func (s *Store) TakeSenderSlot(ctx context.Context, scope store.SenderScope, senderIP string, at time.Time, limit store.SenderLimit) (int64, error) {
	var id int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		sender, err := lockSender(ctx, tx, string(scope)+":", senderIP)
		if err != nil {
			return err
		}
		since := at.Add(-limit.Window)
		if _, err := tx.Exec(ctx, "DELETE FROM sender_slots WHERE scope = $1 AND taken_at <= $2", scope, since); err != nil {
			return err
		}
		var recent int
		if err := tx.QueryRow(ctx,
			"SELECT count(*) FROM sender_slots WHERE scope = $1 AND sender_hash = $2 AND taken_at > $3",
			scope, sender, since).Scan(&recent); err != nil {
			return err
		}
		if recent >= limit.Max {
			return store.ErrTooManyFromSender
		}
		return tx.QueryRow(ctx,
			"INSERT INTO sender_slots (scope, sender_hash, taken_at) VALUES ($1, $2, $3) RETURNING id",
			scope, sender, at).Scan(&id)
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// ReleaseSenderSlot implements store.SenderLimitStore.
func (s *Store) ReleaseSenderSlot(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, "DELETE FROM sender_slots WHERE id = $1", id)
	return err
}
