package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/store"
	"pelotao/internal/team"
)

// EventRole implements store.StaffStore.
func (s *Store) EventRole(ctx context.Context, eventID, userID string) (team.Role, error) {
	var owner, role string
	err := s.pool.QueryRow(ctx, `SELECT owner_id,
		COALESCE((SELECT role FROM event_staff WHERE event_id = events.id AND user_id = $1), '')
		FROM events WHERE id = $2`, userID, eventID).Scan(&owner, &role)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", store.ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("postgres: event role: %w", err)
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
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM events WHERE id = $1)", m.EventID).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			return store.ErrNotFound
		}
		var userID *string
		err := tx.QueryRow(ctx, "SELECT id, display_name FROM users WHERE email = $1", m.Email).Scan(&userID, &m.DisplayName)
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

const staffSelect = `SELECT s.id, s.event_id, COALESCE(s.user_id, ''), s.email, COALESCE(u.display_name, ''),
	s.role, s.invited_by, s.invited_at FROM event_staff s LEFT JOIN users u ON u.id = s.user_id`

func scanStaff(row pgx.Row) (store.StaffMember, error) {
	var m store.StaffMember
	var role string
	err := row.Scan(&m.ID, &m.EventID, &m.UserID, &m.Email, &m.DisplayName, &role, &m.InvitedBy, &m.InvitedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, store.ErrNotFound
	}
	m.Role, m.InvitedAt = team.Role(role), m.InvitedAt.UTC()
	return m, err
}

// Staff implements store.StaffStore.
func (s *Store) Staff(ctx context.Context, eventID string) ([]store.StaffMember, error) {
	rows, err := s.pool.Query(ctx, staffSelect+" WHERE s.event_id = $1 ORDER BY s.invited_at, s.id", eventID)
	if err != nil {
		return nil, fmt.Errorf("postgres: listing staff: %w", err)
	}
	defer rows.Close()
	out := []store.StaffMember{}
	for rows.Next() {
		m, err := scanStaff(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: listing staff: %w", err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// StaffMember implements store.StaffStore.
func (s *Store) StaffMember(ctx context.Context, eventID, staffID string) (store.StaffMember, error) {
	return scanStaff(s.pool.QueryRow(ctx, staffSelect+" WHERE s.event_id = $1 AND s.id = $2", eventID, staffID))
}

// RemoveStaff implements store.StaffStore.
func (s *Store) RemoveStaff(ctx context.Context, eventID, staffID string) error {
	return affectedOne(s.pool.Exec(ctx, "DELETE FROM event_staff WHERE event_id = $1 AND id = $2", eventID, staffID))
}

// StaffEvents implements store.StaffStore.
func (s *Store) StaffEvents(ctx context.Context, userID string) ([]store.StaffEvent, error) {
	rows, err := s.pool.Query(ctx, `SELECT s.role, e.summary FROM event_staff s JOIN events e ON e.id = s.event_id
		WHERE s.user_id = $1 ORDER BY e.data_evento DESC, e.id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("postgres: staff events: %w", err)
	}
	defer rows.Close()
	out := []store.StaffEvent{}
	for rows.Next() {
		var role, summary string
		if err := rows.Scan(&role, &summary); err != nil {
			return nil, fmt.Errorf("postgres: staff events: %w", err)
		}
		out = append(out, store.StaffEvent{Role: team.Role(role), Summary: []byte(summary)})
	}
	return out, rows.Err()
}
