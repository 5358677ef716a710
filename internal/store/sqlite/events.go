package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/store"
)

var dialect = store.SQLDialect{
	Name:        "sqlite",
	Placeholder: func(int) string { return "?" },
	Contains:    func(column, param string) string { return "instr(" + column + ", " + param + ") > 0" },
}

func (s *Store) CreateEvent(ctx context.Context, e event.Event) (event.Event, error) {
	store.PrepareNewEvent(&e, time.Now())
	row, err := store.NewEventRow(e, nil) // a new event has no result sets
	if err != nil {
		return event.Event{}, err
	}
	_, err = s.write.ExecContext(ctx, `INSERT INTO events
		(id, owner_id, criado_em, atualizado_em, data_evento, categoria, status, estado, search, summary, doc)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		row.ID, row.OwnerID, formatTime(row.CriadoEm), formatTime(row.AtualizadoEm),
		row.DataEvento, row.Categoria, row.Status, row.Estado, row.Search, string(row.Summary), string(row.Doc))
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE constraint failed") {
			return event.Event{}, store.ErrConflict
		}
		return event.Event{}, fmt.Errorf("sqlite: creating event: %w", err)
	}
	return store.DecodeEventDoc(row.Doc, row.ID, row.OwnerID, row.CriadoEm, row.AtualizadoEm)
}

func (s *Store) GetEvent(ctx context.Context, id string) (event.Event, error) {
	var doc []byte
	var owner, criado, atualizado string
	err := s.read.hotRow(ctx, "SELECT doc, owner_id, criado_em, atualizado_em FROM events WHERE id = ?", id).
		Scan(&doc, &owner, &criado, &atualizado)
	if errors.Is(err, sql.ErrNoRows) {
		return event.Event{}, store.ErrNotFound
	}
	if err != nil {
		return event.Event{}, fmt.Errorf("sqlite: reading event: %w", err)
	}
	return decodeDoc(doc, id, owner, criado, atualizado)
}

func decodeDoc(doc []byte, id, owner, criado, atualizado string) (event.Event, error) {
	c, err1 := parseTime(criado)
	a, err2 := parseTime(atualizado)
	if err := errors.Join(err1, err2); err != nil {
		return event.Event{}, fmt.Errorf("sqlite: event %s: %w", id, err)
	}
	return store.DecodeEventDoc(doc, id, owner, c, a)
}

func (s *Store) UpdateEvent(ctx context.Context, e event.Event) (event.Event, error) {
	e.AtualizadoEm = time.Now()
	// The writer's transaction holds the database: no result set changes between the read of
	// their statuses and the write of the summary that says them.
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return event.Event{}, fmt.Errorf("sqlite: updating event: %w", err)
	}
	defer tx.Rollback()
	statuses, err := store.ResultSetStatuses(ctx, summaryTx{tx}.Query, dialect, e.ID)
	if err != nil {
		return event.Event{}, err
	}
	row, err := store.NewEventRow(e, statuses)
	if err != nil {
		return event.Event{}, err
	}
	var owner, criado string
	err = tx.QueryRowContext(ctx, `UPDATE events SET atualizado_em = ?, data_evento = ?, categoria = ?,
		status = ?, estado = ?, search = ?, summary = ?, doc = ? WHERE id = ? RETURNING owner_id, criado_em`,
		formatTime(row.AtualizadoEm), row.DataEvento, row.Categoria, row.Status, row.Estado,
		row.Search, string(row.Summary), string(row.Doc), row.ID).Scan(&owner, &criado)
	if errors.Is(err, sql.ErrNoRows) {
		return event.Event{}, store.ErrNotFound
	}
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return event.Event{}, fmt.Errorf("sqlite: updating event: %w", err)
	}
	return decodeDoc(row.Doc, row.ID, owner, criado, formatTime(row.AtualizadoEm))
}

func (s *Store) DeleteEvent(ctx context.Context, id string) error {
	res, err := s.write.ExecContext(ctx, "DELETE FROM events WHERE id = ?", id)
	if err != nil {
		return fmt.Errorf("sqlite: deleting event: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

func (s *Store) ListEvents(ctx context.Context, q store.EventQuery) (store.EventPage, error) {
	return store.ReadEventPage(ctx, s.query, dialect, q)
}

// summaryTx is a write transaction as store.SummaryTx.
type summaryTx struct{ tx *sql.Tx }

func (t summaryTx) Query(ctx context.Context, q string, args ...any) (store.Rows, error) {
	rows, err := t.tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return timeRows{rows}, nil
}

func (t summaryTx) Exec(ctx context.Context, q string, args ...any) error {
	_, err := t.tx.ExecContext(ctx, q, args...)
	return err
}
