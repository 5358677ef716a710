package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"pelotao/internal/store"
	"pelotao/internal/team"
)

// EventRole implements store.StaffStore.
func (s *Store) EventRole(ctx context.Context, eventID, userID string) (team.Role, error) {
	return s.roles.get(eventID+"\x00"+userID, func() (team.Role, error) {
		row := s.read.hotRow(ctx, `SELECT owner_id, `+store.StaffRoleOf("?")+` FROM events WHERE id = ?`, userID, eventID)
		return store.ScanOne(row, "sqlite: event role", store.EventRoleScanner(userID))
	})
}

// AddStaff implements store.StaffStore.
func (s *Store) AddStaff(ctx context.Context, m store.StaffMember) (store.StaffMember, error) {
	if m.ID == "" {
		m.ID = store.NewStaffID()
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return m, err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM events WHERE id = ?", m.EventID).Scan(&n); err != nil {
		return m, err
	}
	if n == 0 {
		return m, store.ErrNotFound
	}
	var userID sql.NullString
	var name string
	var verified bool
	err = tx.QueryRowContext(ctx, "SELECT id, display_name, email_verified_at IS NOT NULL FROM users WHERE email = ?", m.Email).
		Scan(&userID, &name, &verified)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return m, err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO event_staff (id, event_id, user_id, email, role, invited_by, invited_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, m.ID, m.EventID, userID, m.Email, string(m.Role), m.InvitedBy, unixMilli(m.InvitedAt))
	if isUniqueViolation(err) {
		return m, store.ErrConflict
	}
	if err != nil {
		return m, fmt.Errorf("sqlite: adding staff: %w", err)
	}
	m.UserID, m.DisplayName, m.Verified = userID.String, name, verified
	return m, tx.Commit()
}

// Staff implements store.StaffStore.
func (s *Store) Staff(ctx context.Context, eventID string) ([]store.StaffMember, error) {
	return store.QueryAll(ctx, s.query, "sqlite: listing staff", store.ScanStaffMember,
		store.StaffSelect+" WHERE s.event_id = ? ORDER BY s.invited_at, s.id", eventID)
}

// StaffMember implements store.StaffStore.
func (s *Store) StaffMember(ctx context.Context, eventID, staffID string) (store.StaffMember, error) {
	return store.ScanOne(timeRow{s.read.row(ctx, store.StaffSelect+" WHERE s.event_id = ? AND s.id = ?", eventID, staffID)},
		"sqlite: reading staff member", store.ScanStaffMember)
}

// RemoveStaff implements store.StaffStore.
func (s *Store) RemoveStaff(ctx context.Context, eventID, staffID string) error {
	return affectedOne(s.write.ExecContext(ctx, "DELETE FROM event_staff WHERE event_id = ? AND id = ?", eventID, staffID))
}

// StaffEvents implements store.StaffStore.
func (s *Store) StaffEvents(ctx context.Context, userID string) ([]store.StaffEvent, error) {
	return store.QueryAll(ctx, s.query, "sqlite: staff events", store.ScanStaffEvent,
		store.StaffEventsSelect("?"), userID)
}
