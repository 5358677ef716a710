package store

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
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

// TakeSenderSlotTx is TakeSenderSlot inside tx, which it locks for the sender and scope (on
// every instance) until it ends; an order takes its slot so, in its own transaction
// (NewOrder.Sender): one commit, not two, on SQLite's single writer.
func TakeSenderSlotTx(ctx context.Context, tx OrderTx, scope SenderScope, senderIP string, at time.Time, limit SenderLimit) (int64, error) {
	var key string
	if err := tx.QueryRow(ctx, "SELECT value FROM app_meta WHERE key = 'sender_hash_key'").Scan(&key); err != nil {
		return 0, fmt.Errorf("store: sender hash key: %w", err)
	}
	sender := SenderHash([]byte(key), senderIP)
	if err := tx.Lock(ctx, string(scope)+":"+sender); err != nil {
		return 0, fmt.Errorf("store: sender lock: %w", err)
	}
	since := at.Add(-limit.Window)
	if _, err := tx.Exec(ctx, "DELETE FROM sender_slots WHERE scope = ? AND taken_at <= ?", scope, since); err != nil {
		return 0, fmt.Errorf("store: old sender slots: %w", err)
	}
	var recent int
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM sender_slots WHERE scope = ? AND sender_hash = ? AND taken_at > ?",
		scope, sender, since).Scan(&recent); err != nil {
		return 0, fmt.Errorf("store: sender slots: %w", err)
	}
	if recent >= limit.Max {
		return 0, ErrTooManyFromSender
	}
	var id int64
	if err := tx.QueryRow(ctx, "INSERT INTO sender_slots (scope, sender_hash, taken_at) VALUES (?, ?, ?) RETURNING id",
		scope, sender, at).Scan(&id); err != nil {
		return 0, fmt.Errorf("store: taking a sender slot: %w", err)
	}
	return id, nil
}
