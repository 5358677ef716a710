package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/store"
	"pelotao/internal/team"
)

// EventRole implements store.StaffStore, its read shared by the requests asking together (joined).
func (s *Store) EventRole(ctx context.Context, eventID, userID string) (team.Role, error) {
	return s.roles.get(eventID+" "+userID, func() (team.Role, error) {
		row := s.pool.QueryRow(ctx, `SELECT owner_id, `+store.StaffRoleOf("$1")+` FROM events WHERE id = $2`, userID, eventID)
		return store.ScanOne(row, "postgres: event role", store.EventRoleScanner(userID))
	})
}

// AddStaff implements store.StaffStore.
func (s *Store) AddStaff(ctx context.Context, m store.StaffMember) (store.StaffMember, error) {
	if m.ID == "" {
		m.ID = store.NewStaffID()
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM events WHERE id = $1)", m.EventID).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			return store.ErrNotFound
		}
		var userID *string
		err := tx.QueryRow(ctx, "SELECT id, display_name, email_verified_at IS NOT NULL FROM users WHERE email = $1", m.Email).
			Scan(&userID, &m.DisplayName, &m.Verified)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if userID != nil {
			m.UserID = *userID
		}
		_, err = tx.Exec(ctx, `INSERT INTO event_staff (id, event_id, user_id, email, role, invited_by, invited_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, m.ID, m.EventID, userID, m.Email, string(m.Role), m.InvitedBy, m.InvitedAt)
		return err
	})
	if isUniqueViolation(err) {
		return m, store.ErrConflict
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		err = fmt.Errorf("postgres: adding staff: %w", err)
	}
	return m, err
}

// Staff implements store.StaffStore.
func (s *Store) Staff(ctx context.Context, eventID string) ([]store.StaffMember, error) {
	return store.QueryAll(ctx, s.query, "postgres: listing staff", store.ScanStaffMember,
		store.StaffSelect+" WHERE s.event_id = $1 ORDER BY s.invited_at, s.id", eventID)
}

// StaffMember implements store.StaffStore.
func (s *Store) StaffMember(ctx context.Context, eventID, staffID string) (store.StaffMember, error) {
	return store.ScanOne(s.pool.QueryRow(ctx, store.StaffSelect+" WHERE s.event_id = $1 AND s.id = $2", eventID, staffID),
		"postgres: reading staff member", store.ScanStaffMember)
}

// RemoveStaff implements store.StaffStore.
func (s *Store) RemoveStaff(ctx context.Context, eventID, staffID string) error {
	return affectedOne(s.pool.Exec(ctx, "DELETE FROM event_staff WHERE event_id = $1 AND id = $2", eventID, staffID))
}

// StaffEvents implements store.StaffStore.
func (s *Store) StaffEvents(ctx context.Context, userID string) ([]store.StaffEvent, error) {
	return store.QueryAll(ctx, s.query, "postgres: staff events", store.ScanStaffEvent,
		store.StaffEventsSelect("$1"), userID)
}
