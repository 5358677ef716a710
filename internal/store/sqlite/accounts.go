package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"pelotao/internal/store"
)

func unixMilli(t time.Time) int64     { return t.UnixMilli() }
func fromUnixMilli(v int64) time.Time { return time.UnixMilli(v).UTC() }
func isUniqueViolation(err error) bool {
	var e *msqlite.Error
	return errors.As(err, &e) && e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
}

const userColumns = "id, email, display_name, password_hash, created_at, disabled, email_verified_at"

// userColumnsOf is userColumns of the users table under another name in a join.
func userColumnsOf(alias string) string {
	return strings.ReplaceAll(alias+"."+userColumns, ", ", ", "+alias+".")
}

func scanUser(row interface{ Scan(...any) error }) (store.User, error) {
	var u store.User
	var created int64
	var verified sql.NullInt64
	err := row.Scan(&u.ID, &u.Email, &u.DisplayName, &u.PasswordHash, &created, &u.Disabled, &verified)
	if errors.Is(err, sql.ErrNoRows) {
		return u, store.ErrNotFound
	}
	u.CreatedAt = fromUnixMilli(created)
	if verified.Valid {
		u.EmailVerifiedAt = fromUnixMilli(verified.Int64)
	}
	return u, err
}

// nullMilli is t in Unix milliseconds, or NULL for the zero time.
func nullMilli(t time.Time) sql.NullInt64 {
	return sql.NullInt64{Int64: unixMilli(t), Valid: !t.IsZero()}
}

// CreateUser implements store.AccountStore.
func (s *Store) CreateUser(ctx context.Context, u store.User) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, "INSERT INTO users ("+userColumns+") VALUES (?, ?, ?, ?, ?, ?, ?)",
		u.ID, u.Email, u.DisplayName, u.PasswordHash, unixMilli(u.CreatedAt), u.Disabled, nullMilli(u.EmailVerifiedAt))
	if isUniqueViolation(err) {
		return store.ErrConflict
	}
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE event_staff SET user_id = ? WHERE user_id IS NULL AND email = ?", u.ID, u.Email); err != nil {
		return err
	}
	return tx.Commit()
}

// UserByEmail implements store.AccountStore.
func (s *Store) UserByEmail(ctx context.Context, email string) (store.User, error) {
	return scanUser(s.read.row(ctx, "SELECT "+userColumns+" FROM users WHERE email = ?", email))
}

// UserByID implements store.AccountStore.
func (s *Store) UserByID(ctx context.Context, id string) (store.User, error) {
	return scanUser(s.read.row(ctx, "SELECT "+userColumns+" FROM users WHERE id = ?", id))
}

func affectedOne(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// SetPasswordHash implements store.AccountStore.
func (s *Store) SetPasswordHash(ctx context.Context, userID, hash string) error {
	return affectedOne(s.write.ExecContext(ctx, "UPDATE users SET password_hash = ? WHERE id = ?", hash, userID))
}

// SetUserDisabled implements store.AccountStore.
func (s *Store) SetUserDisabled(ctx context.Context, userID string, disabled bool) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := affectedOne(tx.ExecContext(ctx, "UPDATE users SET disabled = ? WHERE id = ?", disabled, userID)); err != nil {
		return err
	}
	if disabled {
		if _, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE user_id = ?", userID); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// CreateSession implements store.AccountStore.
func (s *Store) CreateSession(ctx context.Context, se store.Session) error {
	_, err := s.write.ExecContext(ctx, "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
		se.TokenHash, se.UserID, unixMilli(se.CreatedAt), unixMilli(se.ExpiresAt))
	return err
}

// SessionByTokenHash implements store.AccountStore. The answer is kept while nothing is written
// (fresh.go); a kept session is still checked against now.
func (s *Store) SessionByTokenHash(ctx context.Context, tokenHash []byte, now time.Time) (store.Session, store.User, error) {
	a, err := s.sessions.get(string(tokenHash), func() (store.SessionAnswer, error) {
		return s.sessionByTokenHash(ctx, tokenHash, now)
	})
	return a.At(now, err)
}

func (s *Store) sessionByTokenHash(ctx context.Context, tokenHash []byte, now time.Time) (store.SessionAnswer, error) {
	var a store.SessionAnswer
	se, u := &a.Session, &a.User
	var created, expires, userCreated int64
	var verified sql.NullInt64
	err := s.read.hotRow(ctx, `SELECT s.token_hash, s.user_id, s.created_at, s.expires_at, `+userColumnsOf("u")+`
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ?`, tokenHash, unixMilli(now)).
		Scan(&se.TokenHash, &se.UserID, &created, &expires,
			&u.ID, &u.Email, &u.DisplayName, &u.PasswordHash, &userCreated, &u.Disabled, &verified)
	if errors.Is(err, sql.ErrNoRows) {
		return a, store.ErrNotFound
	}
	se.CreatedAt, se.ExpiresAt, u.CreatedAt = fromUnixMilli(created), fromUnixMilli(expires), fromUnixMilli(userCreated)
	if verified.Valid {
		u.EmailVerifiedAt = fromUnixMilli(verified.Int64)
	}
	return a, err
}

// ExtendSession implements store.AccountStore.
func (s *Store) ExtendSession(ctx context.Context, tokenHash []byte, expiresAt time.Time) error {
	return affectedOne(s.write.ExecContext(ctx, "UPDATE sessions SET expires_at = ? WHERE token_hash = ?", unixMilli(expiresAt), tokenHash))
}

// DeleteSession implements store.AccountStore.
func (s *Store) DeleteSession(ctx context.Context, tokenHash []byte) error {
	_, err := s.write.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = ?", tokenHash)
	return err
}

// CreateResetToken implements store.AccountStore. The single writer connection makes the
// check and the insert atomic.
func (s *Store) CreateResetToken(ctx context.Context, t store.ResetToken, notBefore time.Time) (bool, error) {
	res, err := s.write.ExecContext(ctx, `INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at)
		SELECT ?, ?, ?, ? WHERE NOT EXISTS (
			SELECT 1 FROM password_reset_tokens WHERE user_id = ? AND created_at > ?)`,
		t.TokenHash, t.UserID, unixMilli(t.CreatedAt), unixMilli(t.ExpiresAt), t.UserID, unixMilli(notBefore))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ResetTokenUser implements store.AccountStore.
func (s *Store) ResetTokenUser(ctx context.Context, tokenHash []byte, now time.Time) (store.User, error) {
	return scanUser(s.read.row(ctx, `SELECT `+userColumnsOf("u")+`
		FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.token_hash = ? AND t.used_at IS NULL AND t.expires_at > ?`, tokenHash, unixMilli(now)))
}

// ResetPassword implements store.AccountStore.
func (s *Store) ResetPassword(ctx context.Context, tokenHash []byte, passwordHash string, now time.Time) (store.User, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return store.User{}, err
	}
	defer tx.Rollback()
	var userID string
	err = tx.QueryRowContext(ctx, `UPDATE password_reset_tokens SET used_at = ?
		WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
		unixMilli(now), tokenHash, unixMilli(now)).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return store.User{}, store.ErrNotFound
	}
	if err != nil {
		return store.User{}, err
	}
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{"UPDATE users SET password_hash = ? WHERE id = ?", []any{passwordHash, userID}},
		{"DELETE FROM sessions WHERE user_id = ?", []any{userID}},
		{"UPDATE password_reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL", []any{unixMilli(now), userID}},
		{setEmailVerified, []any{unixMilli(now), userID}},
	} {
		if _, err := tx.ExecContext(ctx, q.sql, q.args...); err != nil {
			return store.User{}, err
		}
	}
	u, err := scanUser(tx.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE id = ?", userID))
	if err != nil {
		return u, err
	}
	return u, tx.Commit()
}

const setEmailVerified = "UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?"

// SetEmailVerified implements store.AccountStore.
func (s *Store) SetEmailVerified(ctx context.Context, userID string, at time.Time) error {
	return affectedOne(s.write.ExecContext(ctx, setEmailVerified, unixMilli(at), userID))
}

// CreateEmailVerificationToken implements store.AccountStore. The single writer connection makes
// the check and the insert atomic.
func (s *Store) CreateEmailVerificationToken(ctx context.Context, t store.EmailVerificationToken, notBefore time.Time) (bool, error) {
	res, err := s.write.ExecContext(ctx, `INSERT INTO email_verification_tokens (token_hash, email, created_at, expires_at)
		SELECT ?, ?, ?, ? WHERE NOT EXISTS (
			SELECT 1 FROM email_verification_tokens WHERE email = ? AND created_at > ?)`,
		t.TokenHash, t.Email, unixMilli(t.CreatedAt), unixMilli(t.ExpiresAt), t.Email, unixMilli(notBefore))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// VerifyEmail implements store.AccountStore.
func (s *Store) VerifyEmail(ctx context.Context, tokenHash []byte, now time.Time, ownerID string) (store.User, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return store.User{}, err
	}
	defer tx.Rollback()
	var email string
	err = tx.QueryRowContext(ctx, `SELECT email FROM email_verification_tokens
		WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`, tokenHash, unixMilli(now)).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return store.User{}, store.ErrNotFound
	}
	if err != nil {
		return store.User{}, err
	}
	u, err := scanUser(tx.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE email = ?", email))
	if errors.Is(err, store.ErrNotFound) {
		return store.User{Email: email}, store.ErrNoAccount
	}
	if err != nil {
		return u, err
	}
	if u.EmailVerifiedAt.IsZero() && u.ID != ownerID {
		return u, store.ErrUnproven
	}
	if _, err := tx.ExecContext(ctx, "UPDATE email_verification_tokens SET used_at = ? WHERE token_hash = ?", unixMilli(now), tokenHash); err != nil {
		return u, err
	}
	if _, err := tx.ExecContext(ctx, setEmailVerified, unixMilli(now), u.ID); err != nil {
		return u, err
	}
	if u.EmailVerifiedAt.IsZero() {
		u.EmailVerifiedAt = now
	}
	return u, tx.Commit()
}

// RecordLoginFailure implements store.AccountStore.
func (s *Store) RecordLoginFailure(ctx context.Context, email, ip string, at time.Time) error {
	_, err := s.write.ExecContext(ctx, "INSERT INTO login_failures (email, ip, at) VALUES (?, ?, ?)", email, ip, unixMilli(at))
	return err
}

// CountLoginFailures implements store.AccountStore.
func (s *Store) CountLoginFailures(ctx context.Context, email, ip string, since time.Time) (store.LoginFailures, error) {
	var f store.LoginFailures
	err := s.read.row(ctx, `SELECT
		(SELECT count(*) FROM login_failures WHERE email = ? AND at > ?),
		(SELECT count(*) FROM login_failures WHERE ip = ? AND at > ?)`,
		email, unixMilli(since), ip, unixMilli(since)).Scan(&f.ForAccount, &f.FromIP)
	return f, err
}

// ClearLoginFailures implements store.AccountStore.
func (s *Store) ClearLoginFailures(ctx context.Context, email string) error {
	_, err := s.write.ExecContext(ctx, "DELETE FROM login_failures WHERE email = ?", email)
	return err
}

// DeleteExpired implements store.AccountStore.
func (s *Store) DeleteExpired(ctx context.Context, now, failuresBefore time.Time) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, q := range []struct {
		sql string
		arg int64
	}{
		{"DELETE FROM sessions WHERE expires_at <= ?", unixMilli(now)},
		{"DELETE FROM password_reset_tokens WHERE expires_at <= ?", unixMilli(now)},
		{"DELETE FROM email_verification_tokens WHERE expires_at <= ?", unixMilli(now)},
		{"DELETE FROM login_failures WHERE at <= ?", unixMilli(failuresBefore)},
	} {
		if _, err := tx.ExecContext(ctx, q.sql, q.arg); err != nil {
			return err
		}
	}
	return tx.Commit()
}
