package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"pelotao/internal/money"
)

// Group is an assessoria or any group of athletes of one event (docs/requirements.md GRP-1):
// its coaches, creator first, and its counts: Inscritos are its registrations held or
// confirmed, Confirmados those paid.
type Group struct {
	ID          string
	EventID     string
	Nome        string
	Codigo      string
	CriadoEm    time.Time
	Coaches     []GroupCoach
	Inscritos   int
	Confirmados int
}

// GroupCoach is one coach of a group: an account and its name.
type GroupCoach struct {
	UserID string
	Nome   string
}

// NewGroup is a group to create: Chave is its name folded (internal/groups.Chave), unique in the
// event; Codigo its code, unique everywhere; CoachID the account creating it, its first coach.
type NewGroup struct {
	ID, EventID, Nome, Chave, Codigo, CoachID string
	Now                                       time.Time
}

// GroupMember is a registration of a group held or confirmed, for its coaches' page (GRP-12).
type GroupMember struct {
	RegistrationID string
	Nome           string
	Percurso       string
	Camiseta       string
	Status         string // the registration's: pendente (held) or confirmada
	OrderID        string
	Pago           bool
	// ParticipantID is the participant a paid registration made ("" while held): the kit desk
	// hands the group's kits by it (GRP-60).
	ParticipantID string
}

// GroupSale is a group's confirmed registrations: how many and their total.
type GroupSale struct {
	Nome       string
	Inscricoes int
	Total      money.Centavos
}

// OrderGroup is the group an order's registrations join (NewOrder.Grupo, GRP-17).
type OrderGroup struct {
	Codigo string // the group's code, upper case
	Max    int    // the most registrations the group holds or confirms, this order's included (GRP-18)
}

// GroupFullError refuses an order that would take its group past Max registrations held or
// confirmed: the group has Held (GRP-18).
type GroupFullError struct {
	Nome      string
	Held, Max int
}

func (e *GroupFullError) Error() string {
	return fmt.Sprintf("store: group %q holds %d of %d registrations", e.Nome, e.Held, e.Max)
}
func (e *GroupFullError) Is(target error) bool { return target == ErrGroupFull }

var (
	// ErrGroupUnknown: the order names a code of no group of its event (GRP-17).
	ErrGroupUnknown = errors.New("store: no group of this code in the event")
	// ErrGroupFull: errors.As gives the *GroupFullError (GRP-18).
	ErrGroupFull = errors.New("store: the group is full")
	// ErrGroupHasMembers refuses removing a group with a registration held or confirmed (GRP-8).
	ErrGroupHasMembers = errors.New("store: the group has registrations")
	// ErrGroupCoaches refuses a coach past the group's limit (GRP-6).
	ErrGroupCoaches = errors.New("store: the group has its coaches")
)

// GroupStore stores events' groups. An event's deletion removes its groups; a registration of a
// removed group keeps no group.
type GroupStore interface {
	// CreateGroup stores g with its creator as coach. ErrConflict: the event has a group of
	// g.Chave (or, unlikely, another group has g.Codigo), answered with the group of g.Chave when
	// there is one; ErrNotFound: no such event.
	CreateGroup(ctx context.Context, g NewGroup) (Group, error)
	// Group is one group with its coaches and counts at now, or ErrNotFound.
	Group(ctx context.Context, id string, now time.Time) (Group, error)
	// GroupByCode is the event's group of the code, or ErrNotFound (another event's code too).
	GroupByCode(ctx context.Context, eventID, codigo string, now time.Time) (Group, error)
	// GroupOfCode is the group of the code in any event (codes are unique everywhere), or
	// ErrNotFound: what a group's QR code (/i/{codigo}) opens (GRP-60).
	GroupOfCode(ctx context.Context, codigo string, now time.Time) (Group, error)
	// EventGroups lists the event's groups by name.
	EventGroups(ctx context.Context, eventID string, now time.Time) ([]Group, error)
	// CoachGroups lists the groups userID coaches, newest first.
	CoachGroups(ctx context.Context, userID string, now time.Time) ([]Group, error)
	// GroupMembers lists the group's registrations held or confirmed at now, by name.
	GroupMembers(ctx context.Context, groupID string, now time.Time) ([]GroupMember, error)
	// GroupKeys lists the bibs and documents of the event's groups' paid registrations, by group
	// id, for the ranking by assessoria (GRP-43, GRP-32); a registration without a bib has none.
	GroupKeys(ctx context.Context, eventID string) (map[string]GroupKeys, error)
	// RenameGroup gives the group a new name (chave: folded). ErrConflict: another group of the
	// event has chave, answered with it; ErrNotFound: no such group.
	RenameGroup(ctx context.Context, id, nome, chave string) (Group, error)
	// AddGroupCoach makes userID a coach of the group. ErrGroupCoaches: the group has
	// maxCoaches; ErrConflict: userID coaches it already; ErrNotFound: no such group.
	AddGroupCoach(ctx context.Context, id, userID string, maxCoaches int, now time.Time) error
	// DeleteGroup removes the group: ErrGroupHasMembers while a registration of it is held or
	// confirmed at now; ErrNotFound: no such group.
	DeleteGroup(ctx context.Context, id string, now time.Time) error
	// MergeGroups moves every registration of group from into group into, of the same event,
	// and removes from. ErrNotFound: either is missing or of another event.
	MergeGroups(ctx context.Context, eventID, from, into string) error
	// GroupSales sums the confirmed registrations of each group of the event that has one: its
	// name, how many and their total, by name — the Financeiro's gross by group (GRP-23).
	GroupSales(ctx context.Context, eventID string) ([]GroupSale, error)
	// JoinGroup puts every registration of the order in the group of the order's event: what an
	// order with a group's code does (GRP-3). ErrNotFound: no such order, or the group is not
	// of its event.
	JoinGroup(ctx context.Context, orderID, groupID string) error
}

// GroupTx is a write transaction as the group writes use it: SQL with ? parameters, times as
// time.Time, a unique violation as ErrConflict. OrderTx is one.
type GroupTx interface {
	Exec(ctx context.Context, sql string, args ...any) (int64, error)
	QueryRow(ctx context.Context, sql string, args ...any) Scanner
	// NextRevs takes n values of the participants' change counter (see ParticipantStore).
	NextRevs(ctx context.Context, n int) (int64, error)
}

// GroupKeys are what finds a group's athletes in a results file: the bibs of its paid
// registrations (the participants they became) and their documents (a CPF's 11 digits, a
// passport in upper case), each in order.
type GroupKeys struct {
	Peitos     []string
	Documentos []string
}
