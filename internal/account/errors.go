package account

import "errors"

// Errors of the account service. The HTTP layer maps each to its identity-provider code.
var (
	// ErrInvalidCredential: unknown e-mail or wrong password, deliberately indistinguishable.
	ErrInvalidCredential = errors.New("account: invalid credential")
	// ErrTooManyRequests: too many failed sign-ins for the account or from the address.
	ErrTooManyRequests = errors.New("account: too many requests")
	// ErrTooManySignups: the client's address already created SignupLimit().Max accounts within
	// SignupLimit().Window. The HTTP layer answers it as ErrTooManyRequests (same code and text).
	ErrTooManySignups = errors.New("account: too many sign-ups from this address")
	// ErrUserDisabled: the password was right but an operator disabled the account.
	ErrUserDisabled = errors.New("account: user disabled")
	// ErrEmailInUse: sign-up with an e-mail that already has an account.
	ErrEmailInUse = errors.New("account: e-mail already in use")
	// ErrInvalidResetToken: a reset link that is unknown, used or expired.
	ErrInvalidResetToken = errors.New("account: invalid or expired reset token")
	// ErrInvalidVerificationToken: an e-mail verification link that is unknown, used or expired.
	ErrInvalidVerificationToken = errors.New("account: invalid or expired verification token")
	// ErrPasswordResetRequired: a verification link for an address whose account is unverified,
	// opened by someone not signed in to it. Whoever made the account may not own the mailbox, so
	// the opener takes the account over: the same link sets a new password (ResetPassword), which
	// ends the account's sessions and verifies it. The link stays usable until then.
	ErrPasswordResetRequired = errors.New("account: a new password must prove the address")
	// ErrNoSession: the cookie names no live session.
	ErrNoSession = errors.New("account: no session")
)

// NoAccountError: a valid verification link (an invitation's) for an address that has no
// account yet. The link stays usable: signing up with Email and the token verifies the account.
type NoAccountError struct{ Email string }

func (e *NoAccountError) Error() string { return "account: no account with this e-mail yet" }

// ValidationError carries a pt-BR message per field (email, displayName); the HTTP layer
// answers it with 422 and the messages beside the fields.
type ValidationError map[string]string

func (e ValidationError) Error() string { return "account: invalid input" }

// FieldErrors implements the HTTP layer's field-errors interface.
func (e ValidationError) FieldErrors() map[string]string { return e }
