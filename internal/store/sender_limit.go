package store

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// ErrTooManyFromSender is returned by TakeSenderSlot when the sender already used every slot of
// the limit within its window.
var ErrTooManyFromSender = errors.New("store: too many requests from this sender")

// SenderLimit caps how many times one sender (one client address) may do something within a
// sliding window: leave a plan interest, create an account, ask for a registration order or quote.
type SenderLimit struct {
	Max    int
	Window time.Duration
}

// SenderScope names what a sender slot is counted for; each scope has its own budget.
type SenderScope string

// The scopes counted.
const (
	ScopeSignup SenderScope = "signup"  // the accounts created from one address
	ScopeOrder  SenderScope = "pedido"  // the registration orders asked from one address
	ScopeQuote  SenderScope = "cotacao" // the registration quotes asked from one address
)

// SenderSlot is one slot to take: its scope, the sender's address and the scope's limit.
type SenderSlot struct {
	Scope SenderScope
	IP    string
	Limit SenderLimit
}

// SenderLimitStore counts, per client address, actions that are limited but leave no record of
// their own that could be counted (plan interests are counted in their own table instead).
type SenderLimitStore interface {
	// TakeSenderSlot takes one slot of scope for the sender at senderIP at time at, unless that
	// sender already holds limit.Max slots of scope taken in the limit.Window before at: then it
	// returns ErrTooManyFromSender. The check and the taking are one atomic step, so concurrent
	// requests (on any number of instances) cannot overshoot the limit. It returns the slot's id,
	// for ReleaseSenderSlot. As for plan interests, only a keyed hash of the address is stored
	// (SenderHash), and slots older than the window are removed as new ones are taken.
	TakeSenderSlot(ctx context.Context, scope SenderScope, senderIP string, at time.Time, limit SenderLimit) (int64, error)
	// ReleaseSenderSlot gives a slot back (the action it was taken for did not happen).
	// Releasing a slot that is gone is not an error.
	ReleaseSenderSlot(ctx context.Context, id int64) error
}

// SenderHash is the keyed hash kept instead of a sender's IP address. A plain hash of an IPv4
// address is reversed by trying all four billion of them; with a secret key it is not.
func SenderHash(key []byte, ip string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(ip))
	return hex.EncodeToString(m.Sum(nil))
}
