package postgres

import (
	"context"
	"time"

	"pelotao/internal/store"
)

// SessionByTokenHash implements store.AccountStore (the rest of it is accounts.AccountStore), its
// read shared by the requests of one session asking together (joined); the session is checked
// against each one's now.
func (s *Store) SessionByTokenHash(ctx context.Context, tokenHash []byte, now time.Time) (store.Session, store.User, error) {
	a, err := s.sessions.get(string(tokenHash), func() (store.SessionAnswer, error) { return s.AccountStore.ReadSession(ctx, tokenHash, now) })
	return a.At(now, err)
}
