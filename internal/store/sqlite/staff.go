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
	var owner, role string
	err := s.hotRow(ctx, `SELECT owner_id,
		COALESCE((SELECT role FROM event_staff WHERE event_id = events.id AND user_id = ?), '')
		FROM events WHERE id = ?`, userID, eventID).Scan(&owner, &role)
	if errors.Is(err, sql.ErrNoRows) {
		return "", store.ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("sqlite: event role: %w", err)
	}
	if owner == userID {
		return team.Owner, nil
	}
	return team.Role(role), nil
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
	err = tx.QueryRowContext(ctx, "SELECT id, display_name FROM users WHERE email = ?", m.Email).Scan(&userID, &name)
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
	m.UserID, m.DisplayName = userID.String, name
	return m, tx.Commit()
}

const staffSelect = `SELECT s.id, s.event_id, COALESCE(s.user_id, ''), s.email, COALESCE(u.display_name, ''),
	s.role, s.invited_by, s.invited_at FROM event_staff s LEFT JOIN users u ON u.id = s.user_id`

func scanStaff(row interface{ Scan(...any) error }) (store.StaffMember, error) {
	var m store.StaffMember
	var role string
	var at int64
	err := row.Scan(&m.ID, &m.EventID, &m.UserID, &m.Email, &m.DisplayName, &role, &m.InvitedBy, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return m, store.ErrNotFound
	}
	m.Role, m.InvitedAt = team.Role(role), fromUnixMilli(at)
	return m, err
}

// Staff implements store.StaffStore.
func (s *Store) Staff(ctx context.Context, eventID string) ([]store.StaffMember, error) {
	rows, err := s.read.QueryContext(ctx, staffSelect+" WHERE s.event_id = ? ORDER BY s.invited_at, s.id", eventID)
	if err != nil {
		return nil, fmt.Errorf("sqlite: listing staff: %w", err)
	}
	defer rows.Close()
	out := []store.StaffMember{}
	for rows.Next() {
		m, err := scanStaff(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: listing staff: %w", err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// StaffMember implements store.StaffStore.
func (s *Store) StaffMember(ctx context.Context, eventID, staffID string) (store.StaffMember, error) {
	return scanStaff(s.read.QueryRowContext(ctx, staffSelect+" WHERE s.event_id = ? AND s.id = ?", eventID, staffID))
}

// RemoveStaff implements store.StaffStore.
func (s *Store) RemoveStaff(ctx context.Context, eventID, staffID string) error {
	return affectedOne(s.write.ExecContext(ctx, "DELETE FROM event_staff WHERE event_id = ? AND id = ?", eventID, staffID))
}

// StaffEvents implements store.StaffStore.
func (s *Store) StaffEvents(ctx context.Context, userID string) ([]store.StaffEvent, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT s.role, e.summary FROM event_staff s JOIN events e ON e.id = s.event_id
		WHERE s.user_id = ? ORDER BY e.data_evento DESC, e.id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("sqlite: staff events: %w", err)
	}
	defer rows.Close()
	out := []store.StaffEvent{}
	for rows.Next() {
		var role, summary string
		if err := rows.Scan(&role, &summary); err != nil {
			return nil, fmt.Errorf("sqlite: staff events: %w", err)
		}
		out = append(out, store.StaffEvent{Role: team.Role(role), Summary: []byte(summary)})
	}
	return out, rows.Err()
}
