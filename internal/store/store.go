// Package store declares what the application needs from a database, and the errors every
// implementation returns. One package per database implements it (sqlite, postgres), and
// storetest holds the conformance suite both must pass.
//
// Each area of the product has its own interface in its own file here (events.go, accounts.go,
// files.go, plan_interest.go, sender_limit.go, staff.go, results.go, participants.go,
// checkin.go, orders.go, panel.go, reconciliation.go, groups.go); Store is all of them together. Beside each interface are the SQL text, the
// row scanners and the readers both implementations share; rows.go is how they read rows.
package store

import (
	"context"
	"errors"
)

var (
	// ErrNotFound is returned when the requested record does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict is returned when a write collides with a unique constraint.
	ErrConflict = errors.New("store: conflict")
	// ErrNoAccount is returned when an e-mail verification names an address no account has yet.
	ErrNoAccount = errors.New("store: no account with this e-mail")
	// ErrUnproven is returned when an e-mail verification would verify an account that someone
	// other than the link's opener may have made: its owner must prove it with a new password.
	ErrUnproven = errors.New("store: the account's owner has not opened the link")
)

// Store is the whole database as the application sees it.
type Store interface {
	EventStore
	AccountStore
	FileStore
	PlanInterestStore
	SenderLimitStore
	StaffStore
	ResultStore
	ParticipantStore
	CheckinStore
	OrderStore
	PanelStore
	ReconciliationStore
	GroupStore

	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
	// Close releases the database after in-flight work is done.
	Close() error
}
