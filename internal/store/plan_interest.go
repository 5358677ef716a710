package store

import (
	"context"
	"errors"
	"time"
)

// ErrTooManyPlanInterests is returned when a sender already left as many plan interests as the
// limit allows within its window.
var ErrTooManyPlanInterests = errors.New("store: too many plan interests from this sender")

// PlanInterest is a visitor's interest in a coaching plan, left on /training.
type PlanInterest struct {
	ID       int64     `json:"id"`
	Nome     string    `json:"nome"`
	Email    string    `json:"email"`
	WhatsApp string    `json:"whatsapp"` // digits only; empty when not given
	Plano    string    `json:"plano"`
	CriadoEm time.Time `json:"criadoEm"`
}

// PlanInterestStore stores interest in a coaching plan, sent from /training.
type PlanInterestStore interface {
	// AddPlanInterest stores p (CriadoEm is the time of sending) for the sender at senderIP,
	// unless that sender already left limit.Max interests in the limit.Window before p.CriadoEm:
	// then it returns ErrTooManyPlanInterests. The check and the insert are one atomic step, so
	// concurrent requests (on any number of instances) cannot overshoot the limit. The address
	// itself is never stored, only a keyed hash of it (SenderHash) whose key lives in the database.
	AddPlanInterest(ctx context.Context, p PlanInterest, senderIP string, limit SenderLimit) (PlanInterest, error)
	// PlanInterests lists the stored interests, newest first.
	PlanInterests(ctx context.Context) ([]PlanInterest, error)
}
