package store

import (
	"context"
	"time"

	"pelotao/internal/participant"
)

// Pickup is one kit pickup as a desk sent it (docs/product.md §10 "Kit pickup"). Its ID is made on the
// device: the same pickup sent again (a retry after a lost answer) is recorded once.
type Pickup struct {
	ID            string
	EventID       string
	ParticipantID string
	// At is when the desk handed the kit (the device's clock): offline pickups arrive later.
	At     time.Time
	Balcao string
	// PorUID and Por are the staff member who sent it: their account and their name.
	PorUID           string
	Por              string
	RetiradoPor      *participant.Terceiro // nil: the athlete in person
	CamisetaEntregue string
}

// What the server answers for each pickup sent.
const (
	// PickupOK: recorded; it is the participant's pickup now.
	PickupOK = "ok"
	// PickupDuplicate: this id was already recorded as the pickup (a retry); nothing changed.
	PickupDuplicate = "duplicate"
	// PickupConflict: the kit had already been picked up (another id won); kept in the history.
	PickupConflict = "conflict"
)

// PickupResult is the answer to one pickup: its status and the participant's pickup after it
// (on conflict, the one that won).
type PickupResult struct {
	ID     string
	Status string
	Kit    *participant.Kit
}

// PickupRecord is a pickup as the history shows it: the current one, one undone, or one refused.
type PickupRecord struct {
	Pickup
	Nome        string
	NumeroPeito *int
	Status      string // PickupOK or PickupConflict
	RecordedAt  time.Time
	UndoneAt    *time.Time
	UndonePor   string
}

// PickupStats is the progress of an event's kit pickup.
type PickupStats struct {
	Total, Retirados int
	PorPercurso      []PercursoPickups // by modality name
	PorBalcao        []BalcaoPickups   // by desk name, current pickups only
	// PorQuartoDeHora counts current pickups by the quarter of an hour they were handed in,
	// oldest first; quarters without any are left out.
	PorQuartoDeHora []QuarterPickups
}

type PercursoPickups struct {
	Percurso         string
	Total, Retirados int
}

type BalcaoPickups struct {
	Balcao    string
	Retirados int
}

type QuarterPickups struct {
	Inicio    time.Time
	Retirados int
}

// CheckinStore records kit pickups. The first pickup recorded for a participant wins, atomically,
// across every server instance on one database; later ones are kept as conflicts. A pickup or
// an undo sets the participant's KitRetirado (kit_* columns) with a new rev, and adds to its
// history (participant.HistoryPickedUp, HistoryUndone).
type CheckinStore interface {
	// RecordPickups records each pickup, in order, and answers each. A participant that is not
	// the event's makes the whole call fail with ErrNotFound, recording nothing.
	RecordPickups(ctx context.Context, eventID string, pickups []Pickup) ([]PickupResult, error)
	// UndoPickup undoes the participant's current pickup (kept in the history, marked undone by
	// por). ErrNotFound: the participant has no pickup.
	UndoPickup(ctx context.Context, eventID, participantID, porUID, por string) error
	// Roster lists the event's participants whose rev is above since (all of them for 0),
	// pickups and undos included (they take a new rev), and the cursor to ask from next time:
	// the highest rev listed, or since when none changed.
	Roster(ctx context.Context, eventID string, since int64) ([]participant.Participant, int64, error)
	// PickupStats is the event's progress.
	PickupStats(ctx context.Context, eventID string) (PickupStats, error)
	// PickupHistory lists the event's pickups, newest recorded first, at most limit.
	PickupHistory(ctx context.Context, eventID string, limit int) ([]PickupRecord, error)
}
