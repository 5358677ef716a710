// Package accounts is store.AccountStore written once for both databases, over the store.DB a
// driver gives: what each write decides (who is verified, which sessions and links end, who
// takes turns) is here; the drivers keep only their dialect (store.DB) and their cache of
// sessions (SessionByTokenHash reads with ReadSession).
package accounts

import (
	"context"
	"errors"
	"strings"
	"time"

	"pelotao/internal/store"
)

// AccountStore implements store.AccountStore but SessionByTokenHash over DB.
type AccountStore struct{ DB store.DB }

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

func scanUser(row store.Scanner) (store.User, error) {
	var u store.User
	dest, finish := userFields(&u)
	if err := row.Scan(dest...); err != nil {
		if store.IsNoRows(err) {
			err = store.ErrNotFound
		}
		return u, err
	}
	finish()
	return u, nil
}

// one is the answer of a write that must change a row: ErrNotFound when it changed none.
func one(n int64, err error) error {
	if err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

// CreateUser implements store.AccountStore.
func (a AccountStore) CreateUser(ctx context.Context, u store.User) error {
	return a.DB.InTx(ctx, func(tx store.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO users ("+userColumns+") VALUES (?, ?, ?, ?, ?, ?, ?)",
			u.ID, u.Email, u.DisplayName, u.PasswordHash, u.CreatedAt, u.Disabled, store.NullTime(u.EmailVerifiedAt)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE event_staff SET user_id = ? WHERE user_id IS NULL AND email = ?", u.ID, u.Email)
		return err
	})
}

// UserByEmail implements store.AccountStore.
func (a AccountStore) UserByEmail(ctx context.Context, email string) (store.User, error) {
	return scanUser(a.DB.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE email = ?", email))
}

// UserByID implements store.AccountStore.
func (a AccountStore) UserByID(ctx context.Context, id string) (store.User, error) {
	return scanUser(a.DB.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = ?", id))
}

// SetPasswordHash implements store.AccountStore.
func (a AccountStore) SetPasswordHash(ctx context.Context, userID, hash string) error {
	return one(a.DB.Exec(ctx, "UPDATE users SET password_hash = ? WHERE id = ?", hash, userID))
}

// SetUserDisabled implements store.AccountStore.
func (a AccountStore) SetUserDisabled(ctx context.Context, userID string, disabled bool) error {
	return a.DB.InTx(ctx, func(tx store.Tx) error {
		if err := one(tx.Exec(ctx, "UPDATE users SET disabled = ? WHERE id = ?", disabled, userID)); err != nil || !disabled {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM sessions WHERE user_id = ?", userID)
		return err
	})
}

// CreateSession implements store.AccountStore.
func (a AccountStore) CreateSession(ctx context.Context, se store.Session) error {
	_, err := a.DB.Exec(ctx, "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
		se.TokenHash, se.UserID, se.CreatedAt, se.ExpiresAt)
	return err
}

// ReadSession reads the session of tokenHash unexpired at now, with its user: what a driver's
// SessionByTokenHash keeps or shares (store.SessionAnswer).
func (a AccountStore) ReadSession(ctx context.Context, tokenHash []byte, now time.Time) (store.SessionAnswer, error) {
	var s store.SessionAnswer
	se := &s.Session
	userDest, finish := userFields(&s.User)
	err := a.DB.QueryRow(ctx, `SELECT s.token_hash, s.user_id, s.created_at, s.expires_at, `+userColumnsOf("u")+`
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ?`, tokenHash, now).
		Scan(append([]any{&se.TokenHash, &se.UserID, &se.CreatedAt, &se.ExpiresAt}, userDest...)...)
	if err != nil {
		if store.IsNoRows(err) {
			err = store.ErrNotFound
		}
		return s, err
	}
	finish()
	se.CreatedAt, se.ExpiresAt = se.CreatedAt.UTC(), se.ExpiresAt.UTC()
	return s, nil
}

// ExtendSession implements store.AccountStore.
func (a AccountStore) ExtendSession(ctx context.Context, tokenHash []byte, expiresAt time.Time) error {
	return one(a.DB.Exec(ctx, "UPDATE sessions SET expires_at = ? WHERE token_hash = ?", expiresAt, tokenHash))
}

// DeleteSession implements store.AccountStore.
func (a AccountStore) DeleteSession(ctx context.Context, tokenHash []byte) error {
	_, err := a.DB.Exec(ctx, "DELETE FROM sessions WHERE token_hash = ?", tokenHash)
	return err
}

// CreateResetToken implements store.AccountStore.
func (a AccountStore) CreateResetToken(ctx context.Context, t store.ResetToken, notBefore time.Time) (bool, error) {
	return a.insertUnlessRecent(ctx, "password-reset:", "password_reset_tokens", "user_id", t.UserID, t.TokenHash, t.CreatedAt, t.ExpiresAt, notBefore)
}

// insertUnlessRecent inserts a link (token_hash, ownerColumn = owner, created_at, expires_at)
// into table unless owner got one created after notBefore. Under the lock lockPrefix+owner,
// concurrent requests from several instances take turns, so only one of them inserts.
func (a AccountStore) insertUnlessRecent(ctx context.Context, lockPrefix, table, ownerColumn, owner string, tokenHash []byte,
	created, expires, notBefore time.Time) (bool, error) {
	inserted := false
	err := a.DB.InTx(ctx, func(tx store.Tx) error {
		if err := tx.Lock(ctx, lockPrefix+owner); err != nil {
			return err
		}
		n, err := tx.Exec(ctx, `INSERT INTO `+table+` (token_hash, `+ownerColumn+`, created_at, expires_at)
			SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM `+table+` WHERE `+ownerColumn+` = ? AND created_at > ?)`,
			tokenHash, owner, created, expires, owner, notBefore)
		inserted = n == 1
		return err
	})
	return inserted, err
}

// ResetTokenUser implements store.AccountStore.
func (a AccountStore) ResetTokenUser(ctx context.Context, tokenHash []byte, now time.Time) (store.User, error) {
	return scanUser(a.DB.QueryRow(ctx, `SELECT `+userColumnsOf("u")+`
		FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.token_hash = ? AND t.used_at IS NULL AND t.expires_at > ?`, tokenHash, now))
}

// useUp marks the link tokenHash of table used at now, if it was unused and unexpired then, and
// returns its column; ErrNotFound otherwise. It is its transaction's first write, so of two uses
// of one link the second finds it used; a transaction that fails leaves the link usable.
func useUp(ctx context.Context, tx store.Tx, table, column string, tokenHash []byte, now time.Time) (string, error) {
	var v string
	err := tx.QueryRow(ctx, `UPDATE `+table+` SET used_at = ?
		WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING `+column, now, tokenHash, now).Scan(&v)
	if store.IsNoRows(err) {
		return "", store.ErrNotFound
	}
	return v, err
}

// ResetPassword implements store.AccountStore.
func (a AccountStore) ResetPassword(ctx context.Context, tokenHash []byte, passwordHash string, now time.Time) (store.User, error) {
	var u store.User
	err := a.DB.InTx(ctx, func(tx store.Tx) error {
		userID, err := useUp(ctx, tx, "password_reset_tokens", "user_id", tokenHash, now)
		if err != nil {
			return err
		}
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{"UPDATE users SET password_hash = ? WHERE id = ?", []any{passwordHash, userID}},
			{"DELETE FROM sessions WHERE user_id = ?", []any{userID}},
			{"UPDATE password_reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL", []any{now, userID}},
			{setEmailVerified, []any{now, userID}},
		} {
			if _, err := tx.Exec(ctx, q.sql, q.args...); err != nil {
				return err
			}
		}
		u, err = scanUser(tx.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = ?", userID))
		return err
	})
	return u, err
}

const setEmailVerified = "UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?"

// SetEmailVerified implements store.AccountStore.
func (a AccountStore) SetEmailVerified(ctx context.Context, userID string, at time.Time) error {
	return one(a.DB.Exec(ctx, setEmailVerified, at, userID))
}

// CreateEmailVerificationToken implements store.AccountStore.
func (a AccountStore) CreateEmailVerificationToken(ctx context.Context, t store.EmailVerificationToken, notBefore time.Time) (bool, error) {
	return a.insertUnlessRecent(ctx, "email-verification:", "email_verification_tokens", "email", t.Email, t.TokenHash, t.CreatedAt, t.ExpiresAt, notBefore)
}

// VerifyEmail implements store.AccountStore. An answer that leaves the token usable
// (ErrNoAccount, ErrUnproven) fails the transaction that used it up (useUp).
func (a AccountStore) VerifyEmail(ctx context.Context, tokenHash []byte, now time.Time, ownerID string) (store.User, error) {
	var u store.User
	err := a.DB.InTx(ctx, func(tx store.Tx) error {
		email, err := useUp(ctx, tx, "email_verification_tokens", "email", tokenHash, now)
		if err != nil {
			return err
		}
		u, err = scanUser(tx.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE email = ?", email))
		switch {
		case errors.Is(err, store.ErrNotFound):
			u = store.User{Email: email}
			return store.ErrNoAccount
		case err != nil:
			return err
		case u.EmailVerifiedAt.IsZero() && u.ID != ownerID:
			return store.ErrUnproven
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
func (a AccountStore) RecordLoginFailure(ctx context.Context, email, ip string, at time.Time) error {
	_, err := a.DB.Exec(ctx, "INSERT INTO login_failures (email, ip, at) VALUES (?, ?, ?)", email, ip, at)
	return err
}

// CountLoginFailures implements store.AccountStore.
func (a AccountStore) CountLoginFailures(ctx context.Context, email, ip string, since time.Time) (store.LoginFailures, error) {
	var f store.LoginFailures
	err := a.DB.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM login_failures WHERE email = ? AND at > ?),
		(SELECT count(*) FROM login_failures WHERE ip = ? AND at > ?)`,
		email, since, ip, since).Scan(&f.ForAccount, &f.FromIP)
	return f, err
}

// ClearLoginFailures implements store.AccountStore.
func (a AccountStore) ClearLoginFailures(ctx context.Context, email string) error {
	_, err := a.DB.Exec(ctx, "DELETE FROM login_failures WHERE email = ?", email)
	return err
}

// DeleteExpired implements store.AccountStore.
func (a AccountStore) DeleteExpired(ctx context.Context, now, failuresBefore time.Time) error {
	return a.DB.InTx(ctx, func(tx store.Tx) error {
		for _, q := range []struct {
			sql    string
			before time.Time
		}{
			{"DELETE FROM sessions WHERE expires_at <= ?", now},
			{"DELETE FROM password_reset_tokens WHERE expires_at <= ?", now},
			{"DELETE FROM email_verification_tokens WHERE expires_at <= ?", now},
			{"DELETE FROM login_failures WHERE at <= ?", failuresBefore},
		} {
			if _, err := tx.Exec(ctx, q.sql, q.before); err != nil {
				return err
			}
		}
		return nil
	})
}
