package postgres

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"pelotao/internal/store"
)

const userColumns = "id, email, display_name, password_hash, created_at, disabled, email_verified_at"

// userColumnsOf is userColumns of the users table under another name in a join.
func userColumnsOf(alias string) string {
	return strings.ReplaceAll(alias+"."+userColumns, ", ", ", "+alias+".")
}

// userFields are the destinations of userColumns in u; finish completes u once scanned.
func userFields(u *store.User) (dest []any, finish func()) {
	var verified *time.Time
	return []any{&u.ID, &u.Email, &u.DisplayName, &u.PasswordHash, &u.CreatedAt, &u.Disabled, &verified}, func() {
		u.CreatedAt = u.CreatedAt.UTC()
		if verified != nil {
			u.EmailVerifiedAt = verified.UTC()
		}
	}
}

func scanUser(row pgx.Row) (store.User, error) {
	var u store.User
	dest, finish := userFields(&u)
	err := row.Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, store.ErrNotFound
	}
	finish()
	return u, err
}

// nullTime is t, or NULL for the zero time.
func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func affectedOne(tag pgconn.CommandTag, err error) error {
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

// CreateUser implements store.AccountStore.
func (s *Store) CreateUser(ctx context.Context, u store.User) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO users ("+userColumns+") VALUES ($1, $2, $3, $4, $5, $6, $7)",
			u.ID, u.Email, u.DisplayName, u.PasswordHash, u.CreatedAt, u.Disabled, nullTime(u.EmailVerifiedAt)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE event_staff SET user_id = $1 WHERE user_id IS NULL AND email = $2", u.ID, u.Email)
		return err
	})
	if isUniqueViolation(err) {
		return store.ErrConflict
	}
	return err
}

// UserByEmail implements store.AccountStore.
func (s *Store) UserByEmail(ctx context.Context, email string) (store.User, error) {
	return scanUser(s.pool.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE email = $1", email))
}

// UserByID implements store.AccountStore.
func (s *Store) UserByID(ctx context.Context, id string) (store.User, error) {
	return scanUser(s.pool.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1", id))
}

// SetPasswordHash implements store.AccountStore.
func (s *Store) SetPasswordHash(ctx context.Context, userID, hash string) error {
	return affectedOne(s.pool.Exec(ctx, "UPDATE users SET password_hash = $1 WHERE id = $2", hash, userID))
}

// SetUserDisabled implements store.AccountStore.
func (s *Store) SetUserDisabled(ctx context.Context, userID string, disabled bool) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := affectedOne(tx.Exec(ctx, "UPDATE users SET disabled = $1 WHERE id = $2", disabled, userID)); err != nil {
			return err
		}
		if !disabled {
			return nil
		}
		_, err := tx.Exec(ctx, "DELETE FROM sessions WHERE user_id = $1", userID)
		return err
	})
}

// CreateSession implements store.AccountStore.
func (s *Store) CreateSession(ctx context.Context, se store.Session) error {
	_, err := s.pool.Exec(ctx, "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
		se.TokenHash, se.UserID, se.CreatedAt, se.ExpiresAt)
	return err
}

// SessionByTokenHash implements store.AccountStore, its read shared by the requests of one
// session asking together (joined); the session is checked against each one's now.
func (s *Store) SessionByTokenHash(ctx context.Context, tokenHash []byte, now time.Time) (store.Session, store.User, error) {
	a, err := s.sessions.get(string(tokenHash), func() (store.SessionAnswer, error) { return s.sessionByTokenHash(ctx, tokenHash, now) })
	return a.At(now, err)
}

func (s *Store) sessionByTokenHash(ctx context.Context, tokenHash []byte, now time.Time) (store.SessionAnswer, error) {
	var a store.SessionAnswer
	se, u := &a.Session, &a.User
	userDest, finish := userFields(u)
	err := s.pool.QueryRow(ctx, `SELECT s.token_hash, s.user_id, s.created_at, s.expires_at, `+userColumnsOf("u")+`
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = $1 AND s.expires_at > $2`, tokenHash, now).
		Scan(append([]any{&se.TokenHash, &se.UserID, &se.CreatedAt, &se.ExpiresAt}, userDest...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, store.ErrNotFound
	}
	finish()
	se.CreatedAt, se.ExpiresAt = se.CreatedAt.UTC(), se.ExpiresAt.UTC()
	return a, err
}

// ExtendSession implements store.AccountStore.
func (s *Store) ExtendSession(ctx context.Context, tokenHash []byte, expiresAt time.Time) error {
	return affectedOne(s.pool.Exec(ctx, "UPDATE sessions SET expires_at = $1 WHERE token_hash = $2", expiresAt, tokenHash))
}

// DeleteSession implements store.AccountStore.
func (s *Store) DeleteSession(ctx context.Context, tokenHash []byte) error {
	_, err := s.pool.Exec(ctx, "DELETE FROM sessions WHERE token_hash = $1", tokenHash)
	return err
}

// CreateResetToken implements store.AccountStore. Locking the user's row makes concurrent
// requests from several instances take turns, so only one of them inserts.
func (s *Store) CreateResetToken(ctx context.Context, t store.ResetToken, notBefore time.Time) (bool, error) {
	created := false
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var id string
		if err := tx.QueryRow(ctx, "SELECT id FROM users WHERE id = $1 FOR UPDATE", t.UserID).Scan(&id); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return store.ErrNotFound
			}
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at)
			SELECT $1, $2, $3, $4 WHERE NOT EXISTS (
				SELECT 1 FROM password_reset_tokens WHERE user_id = $2 AND created_at > $5)`,
			t.TokenHash, t.UserID, t.CreatedAt, t.ExpiresAt, notBefore)
		created = tag.RowsAffected() == 1
		return err
	})
	return created, err
}

// ResetTokenUser implements store.AccountStore.
func (s *Store) ResetTokenUser(ctx context.Context, tokenHash []byte, now time.Time) (store.User, error) {
	return scanUser(s.pool.QueryRow(ctx, `SELECT `+userColumnsOf("u")+`
		FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2`, tokenHash, now))
}

// ResetPassword implements store.AccountStore.
func (s *Store) ResetPassword(ctx context.Context, tokenHash []byte, passwordHash string, now time.Time) (store.User, error) {
	var u store.User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var userID string
		err := tx.QueryRow(ctx, `UPDATE password_reset_tokens SET used_at = $1
			WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING user_id`,
			now, tokenHash).Scan(&userID)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE users SET password_hash = $1 WHERE id = $2", passwordHash, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM sessions WHERE user_id = $1", userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE password_reset_tokens SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL", now, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, setEmailVerified, now, userID); err != nil {
			return err
		}
		u, err = scanUser(tx.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1", userID))
		return err
	})
	return u, err
}

const setEmailVerified = "UPDATE users SET email_verified_at = COALESCE(email_verified_at, $1) WHERE id = $2"

// SetEmailVerified implements store.AccountStore.
func (s *Store) SetEmailVerified(ctx context.Context, userID string, at time.Time) error {
	return affectedOne(s.pool.Exec(ctx, setEmailVerified, at, userID))
}

// CreateEmailVerificationToken implements store.AccountStore. A transaction-scoped advisory lock
// on the address makes concurrent requests from several instances take turns, so only one of
// them inserts.
func (s *Store) CreateEmailVerificationToken(ctx context.Context, t store.EmailVerificationToken, notBefore time.Time) (bool, error) {
	created := false
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended('email-verification:' || $1, 0))", t.Email); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO email_verification_tokens (token_hash, email, created_at, expires_at)
			SELECT $1, $2, $3, $4 WHERE NOT EXISTS (
				SELECT 1 FROM email_verification_tokens WHERE email = $2 AND created_at > $5)`,
			t.TokenHash, t.Email, t.CreatedAt, t.ExpiresAt, notBefore)
		created = tag.RowsAffected() == 1
		return err
	})
	return created, err
}

// VerifyEmail implements store.AccountStore. The token's row stays locked until the transaction
// ends, so two confirmations of one token cannot both succeed.
func (s *Store) VerifyEmail(ctx context.Context, tokenHash []byte, now time.Time, ownerID string) (store.User, error) {
	var u store.User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var email string
		err := tx.QueryRow(ctx, `SELECT email FROM email_verification_tokens
			WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE`, tokenHash, now).Scan(&email)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		u, err = scanUser(tx.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE email = $1", email))
		if errors.Is(err, store.ErrNotFound) {
			u = store.User{Email: email}
			return store.ErrNoAccount
		}
		if err != nil {
			return err
		}
		if u.EmailVerifiedAt.IsZero() && u.ID != ownerID {
			return store.ErrUnproven
		}
		if _, err := tx.Exec(ctx, "UPDATE email_verification_tokens SET used_at = $1 WHERE token_hash = $2", now, tokenHash); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, setEmailVerified, now, u.ID); err != nil {
			return err
		}
		if u.EmailVerifiedAt.IsZero() {
			u.EmailVerifiedAt = now.UTC()
		}
		return nil
	})
	return u, err
}

// RecordLoginFailure implements store.AccountStore.
func (s *Store) RecordLoginFailure(ctx context.Context, email, ip string, at time.Time) error {
	_, err := s.pool.Exec(ctx, "INSERT INTO login_failures (email, ip, at) VALUES ($1, $2, $3)", email, ip, at)
	return err
}

// CountLoginFailures implements store.AccountStore.
func (s *Store) CountLoginFailures(ctx context.Context, email, ip string, since time.Time) (store.LoginFailures, error) {
	var f store.LoginFailures
	err := s.pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM login_failures WHERE email = $1 AND at > $3),
		(SELECT count(*) FROM login_failures WHERE ip = $2 AND at > $3)`,
		email, ip, since).Scan(&f.ForAccount, &f.FromIP)
	return f, err
}

// ClearLoginFailures implements store.AccountStore.
func (s *Store) ClearLoginFailures(ctx context.Context, email string) error {
	_, err := s.pool.Exec(ctx, "DELETE FROM login_failures WHERE email = $1", email)
	return err
}

// DeleteExpired implements store.AccountStore.
func (s *Store) DeleteExpired(ctx context.Context, now, failuresBefore time.Time) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "DELETE FROM sessions WHERE expires_at <= $1", now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM password_reset_tokens WHERE expires_at <= $1", now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM email_verification_tokens WHERE expires_at <= $1", now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM login_failures WHERE at <= $1", failuresBefore)
		return err
	})
}
