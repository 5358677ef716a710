package store

import (
	"context"
	"time"
)

// User is an account as stored: the profile of docs/product.md §3 (uid, email, name, createdAt) plus what
// signing in needs. Email is stored normalised (trimmed, lower case), so it is unique as compared.
type User struct {
	ID           string
	Email        string
	DisplayName  string
	PasswordHash string // PHC-encoded argon2id, parameters included (internal/account)
	CreatedAt    time.Time
	Disabled     bool
	// EmailVerifiedAt is when the account proved it owns Email (a verification link, an
	// invitation's link or a password reset); zero until then. Invitations give a role only to a
	// verified account.
	EmailVerifiedAt time.Time
}

// Session is one signed-in browser. Only the SHA-256 of its token is stored, so a copy of the
// database does not let anyone sign in.
type Session struct {
	TokenHash []byte
	UserID    string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// SessionAnswer is a session and its account, read together: a store that keeps or shares that
// read (the signed-in requests each read their session) keeps or shares these.
type SessionAnswer struct {
	Session Session
	User    User
}

// At answers SessionByTokenHash at now from a read's answer (and its err): a session that
// expired since it was read is ErrNotFound.
func (a SessionAnswer) At(now time.Time, err error) (Session, User, error) {
	if err == nil && !a.Session.ExpiresAt.After(now) {
		err = ErrNotFound
	}
	return a.Session, a.User, err
}

// ResetToken is a single-use password-reset link, stored by the SHA-256 of its token.
type ResetToken struct {
	TokenHash []byte
	UserID    string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// EmailVerificationToken is a single-use link that proves whoever opens it reads Email's mailbox,
// stored by the SHA-256 of its token. It names an address, not an account: an invitation's link
// carries one for an address that may have no account yet.
type EmailVerificationToken struct {
	TokenHash []byte
	Email     string // normalised
	CreatedAt time.Time
	ExpiresAt time.Time
}

// LoginFailures counts failed sign-ins since some moment, for throttling.
type LoginFailures struct {
	ForAccount int // failures naming this e-mail, from anywhere
	FromIP     int // failures from this address, for any e-mail
}

// AccountStore stores users, sessions, password-reset tokens and login throttling.
type AccountStore interface {
	// CreateUser inserts a user; ErrConflict when the e-mail is taken. In the same transaction
	// the invitations waiting for its e-mail (StaffStore) become the user's team memberships,
	// which give a role only once the user's e-mail is verified (u.EmailVerifiedAt, or later).
	CreateUser(ctx context.Context, u User) error
	// UserByEmail finds a user by normalised e-mail; ErrNotFound when there is none.
	UserByEmail(ctx context.Context, email string) (User, error)
	// UserByID finds a user by id; ErrNotFound when there is none.
	UserByID(ctx context.Context, id string) (User, error)
	// SetPasswordHash replaces a user's password hash (a parameter upgrade at sign-in).
	SetPasswordHash(ctx context.Context, userID, hash string) error
	// SetUserDisabled disables or enables a user; disabling also ends all the user's sessions.
	SetUserDisabled(ctx context.Context, userID string, disabled bool) error

	// CreateSession stores a new session.
	CreateSession(ctx context.Context, s Session) error
	// SessionByTokenHash returns a session that has not expired at now, with its user;
	// ErrNotFound otherwise.
	SessionByTokenHash(ctx context.Context, tokenHash []byte, now time.Time) (Session, User, error)
	// ExtendSession moves a session's expiry (sliding expiry).
	ExtendSession(ctx context.Context, tokenHash []byte, expiresAt time.Time) error
	// DeleteSession ends one session; ending one that does not exist is not an error.
	DeleteSession(ctx context.Context, tokenHash []byte) error

	// CreateResetToken stores t unless the user already got a token created after notBefore
	// (at most one e-mail per account per interval, across instances). It reports whether t was stored.
	CreateResetToken(ctx context.Context, t ResetToken, notBefore time.Time) (bool, error)
	// ResetTokenUser returns the user of an unused reset token that has not expired at now;
	// ErrNotFound otherwise.
	ResetTokenUser(ctx context.Context, tokenHash []byte, now time.Time) (User, error)
	// ResetPassword, in one transaction, uses up the reset token (unused and unexpired at now),
	// sets the user's password hash, ends all the user's sessions, voids the user's other reset
	// tokens and marks the user's e-mail verified at now unless it already was (the link reached
	// its mailbox). It returns the user, or ErrNotFound when the token is not usable.
	ResetPassword(ctx context.Context, tokenHash []byte, passwordHash string, now time.Time) (User, error)

	// SetEmailVerified marks a user's e-mail verified at `at` unless it already was;
	// ErrNotFound: no such user.
	SetEmailVerified(ctx context.Context, userID string, at time.Time) error
	// CreateEmailVerificationToken stores t unless a token for t.Email was created after
	// notBefore (at most one e-mail per address per interval, across instances); a notBefore of
	// t.CreatedAt stores it regardless. It reports whether t was stored.
	CreateEmailVerificationToken(ctx context.Context, t EmailVerificationToken, notBefore time.Time) (bool, error)
	// VerifyEmail, in one transaction, uses up an unused verification token unexpired at now and
	// marks the e-mail of the account with the token's address verified at now (unless it already
	// was). It returns that account; ErrNotFound when the token is not usable, ErrNoAccount (the
	// token stays usable) when no account has its address yet: the User then holds only that Email.
	// An unverified account is verified only when ownerID is its id (the link is opened signed in
	// to it, or at its sign-up); otherwise the answer is ErrUnproven with the account, and the
	// token stays usable.
	VerifyEmail(ctx context.Context, tokenHash []byte, now time.Time, ownerID string) (User, error)

	// RecordLoginFailure notes a failed sign-in for an e-mail (normalised) from an IP address.
	RecordLoginFailure(ctx context.Context, email, ip string, at time.Time) error
	// CountLoginFailures counts failures after since, for the e-mail and for the IP address.
	CountLoginFailures(ctx context.Context, email, ip string, since time.Time) (LoginFailures, error)
	// ClearLoginFailures forgets the failures of an e-mail (after a successful sign-in).
	ClearLoginFailures(ctx context.Context, email string) error

	// DeleteExpired removes sessions, reset and verification tokens expired at now, and login failures
	// recorded before failuresBefore.
	DeleteExpired(ctx context.Context, now, failuresBefore time.Time) error
}
