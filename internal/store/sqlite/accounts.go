package sqlite

import (
	"context"
	"time"

	"pelotao/internal/store"
)

// SessionByTokenHash implements store.AccountStore (the rest of it is accounts.AccountStore). The
// answer is kept while nothing is written (fresh.go); a kept session is still checked against now.
func (s *Store) SessionByTokenHash(ctx context.Context, tokenHash []byte, now time.Time) (store.Session, store.User, error) {
	a, err := s.sessions.get(string(tokenHash), func() (store.SessionAnswer, error) {
		return s.AccountStore.ReadSession(ctx, tokenHash, now)
	})
	return a.At(now, err)
}
