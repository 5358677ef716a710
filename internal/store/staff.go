package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"time"

	"pelotao/internal/team"
)

// StaffMember is one person on an event's team (docs/product.md §10, "Who does what"). An invitation to
// an e-mail without an account is pending (UserID empty) until that address signs up: creating
// the account turns it into a membership (AccountStore.CreateUser), which gives a role only once
// the account has verified its e-mail (Verified): a sign-up alone proves nothing.
type StaffMember struct {
	ID      string
	EventID string
	UserID  string // empty while the invitation is pending
	// Email is the invited address, normalised (trimmed, lower case) so it compares
	// case-insensitively with accounts' e-mails.
	Email       string
	DisplayName string // the account's name; empty while pending
	Verified    bool   // the account has verified its e-mail; false while pending
	Role        team.Role
	InvitedBy   string // user id of whoever invited
	InvitedAt   time.Time
}

// StaffEvent is an event someone works on, as its list summary (event.Summary as JSON).
type StaffEvent struct {
	Role    team.Role
	Summary json.RawMessage
}

// StaffStore stores events' teams. An event's deletion removes its team.
type StaffStore interface {
	// EventRole is userID's role on eventID: team.Owner for the event's owner, the member's role
	// when userID's e-mail is verified, or "" for anyone else (pending invitations and unverified
	// accounts get no role). ErrNotFound: no such event.
	EventRole(ctx context.Context, eventID, userID string) (team.Role, error)
	// AddStaff puts m on its event's team (m.ID is set when empty); when an account has m.Email,
	// the member is that account straight away. ErrConflict: the e-mail is already on the team;
	// ErrNotFound: no such event.
	AddStaff(ctx context.Context, m StaffMember) (StaffMember, error)
	// Staff lists an event's team, oldest invitation first.
	Staff(ctx context.Context, eventID string) ([]StaffMember, error)
	// StaffMember returns one member of an event's team, or ErrNotFound.
	StaffMember(ctx context.Context, eventID, staffID string) (StaffMember, error)
	// RemoveStaff takes a member off an event's team, or returns ErrNotFound.
	RemoveStaff(ctx context.Context, eventID, staffID string) error
	// StaffEvents lists the events userID works on as a team member (not those it owns), by
	// event date, newest first; none while userID's e-mail is not verified.
	StaffEvents(ctx context.Context, userID string) ([]StaffEvent, error)
}

// NewStaffID returns a fresh, unguessable id for a team member.
func NewStaffID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// StaffSelect selects the columns ScanStaffMember reads, from event_staff s and its account u.
const StaffSelect = `SELECT s.id, s.event_id, COALESCE(s.user_id, ''), s.email, COALESCE(u.display_name, ''),
	u.email_verified_at IS NOT NULL, s.role, s.invited_by, s.invited_at FROM event_staff s LEFT JOIN users u ON u.id = s.user_id`

// StaffRoleOf selects the role on the event of the enclosing query's events row that the
// account of the first parameter holds, if its e-mail is verified ("" for none). Both
// databases read the same text; only the parameter's marker differs.
func StaffRoleOf(param string) string {
	return `COALESCE((SELECT s.role FROM event_staff s JOIN users u ON u.id = s.user_id
		WHERE s.event_id = events.id AND s.user_id = ` + param + ` AND u.email_verified_at IS NOT NULL), '')`
}

// StaffEventsSelect selects the role and event summary of every event the account of the first
// parameter works on, once its e-mail is verified, newest event first.
func StaffEventsSelect(param string) string {
	return `SELECT s.role, e.summary FROM event_staff s JOIN events e ON e.id = s.event_id
		JOIN users u ON u.id = s.user_id AND u.email_verified_at IS NOT NULL
		WHERE s.user_id = ` + param + ` ORDER BY e.data_evento DESC, e.id DESC`
}

// ScanStaffMember reads a row of StaffSelect.
func ScanStaffMember(row Scanner) (StaffMember, error) {
	var m StaffMember
	var role string
	err := row.Scan(&m.ID, &m.EventID, &m.UserID, &m.Email, &m.DisplayName, &m.Verified, &role, &m.InvitedBy, &m.InvitedAt)
	m.Role, m.InvitedAt = team.Role(role), m.InvitedAt.UTC()
	return m, err
}

// ScanStaffEvent reads a row of a member's role and the event's summary.
func ScanStaffEvent(row Scanner) (StaffEvent, error) {
	var role string
	var summary []byte
	err := row.Scan(&role, &summary)
	return StaffEvent{Role: team.Role(role), Summary: summary}, err
}

// EventRoleScanner reads userID's role from a row of the event's owner_id and userID's role on
// its team ("" for none).
func EventRoleScanner(userID string) func(Scanner) (team.Role, error) {
	return func(row Scanner) (team.Role, error) {
		var owner, role string
		if err := row.Scan(&owner, &role); err != nil {
			return "", err
		}
		if owner == userID {
			return team.Owner, nil
		}
		return team.Role(role), nil
	}
}
