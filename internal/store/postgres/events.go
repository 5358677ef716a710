package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/event"
	"pelotao/internal/store"
)

var dialect = store.SQLDialect{
	Name:        "postgres",
	Placeholder: func(n int) string { return "$" + strconv.Itoa(n) },
	Contains:    func(column, param string) string { return "strpos(" + column + ", " + param + ") > 0" },
}

func (s *Store) CreateEvent(ctx context.Context, e event.Event) (event.Event, error) {
	store.PrepareNewEvent(&e, time.Now())
	row, err := store.NewEventRow(e, nil) // a new event has no result sets
	if err != nil {
		return event.Event{}, err
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO events
		(id, owner_id, criado_em, atualizado_em, data_evento, categoria, status, estado, search, summary, doc)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		row.ID, row.OwnerID, row.CriadoEm, row.AtualizadoEm, row.DataEvento, row.Categoria,
		row.Status, row.Estado, row.Search, string(row.Summary), string(row.Doc))
	if err != nil {
		if isUniqueViolation(err) {
			return event.Event{}, store.ErrConflict
		}
		return event.Event{}, fmt.Errorf("postgres: creating event: %w", err)
	}
	return store.DecodeEventDoc(row.Doc, row.ID, row.OwnerID, row.CriadoEm, row.AtualizadoEm)
}

func (s *Store) GetEvent(ctx context.Context, id string) (event.Event, error) {
	var doc, owner string
	var criado, atualizado time.Time
	err := s.pool.QueryRow(ctx, "SELECT doc, owner_id, criado_em, atualizado_em FROM events WHERE id = $1", id).
		Scan(&doc, &owner, &criado, &atualizado)
	if errors.Is(err, pgx.ErrNoRows) {
		return event.Event{}, store.ErrNotFound
	}
	if err != nil {
		return event.Event{}, fmt.Errorf("postgres: reading event: %w", err)
	}
	return store.DecodeEventDoc([]byte(doc), id, owner, criado, atualizado)
}

func (s *Store) UpdateEvent(ctx context.Context, e event.Event) (event.Event, error) {
	e.AtualizadoEm = time.Now()
	var updated event.Event
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// The event's row, locked, keeps its result sets as they are until the summary that says
		// them is written (ReplaceResultSet and DeleteResultSet lock it too).
		var owner string
		var criado time.Time
		err := tx.QueryRow(ctx, "SELECT owner_id, criado_em FROM events WHERE id = $1 FOR UPDATE", e.ID).Scan(&owner, &criado)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("postgres: updating event: %w", err)
		}
		statuses, err := store.ResultSetStatuses(ctx, summaryTx{tx}.Query, dialect, e.ID)
		if err != nil {
			return err
		}
		row, err := store.NewEventRow(e, statuses)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE events SET atualizado_em = $1, data_evento = $2, categoria = $3,
			status = $4, estado = $5, search = $6, summary = $7, doc = $8 WHERE id = $9`,
			row.AtualizadoEm, row.DataEvento, row.Categoria, row.Status, row.Estado, row.Search,
			string(row.Summary), string(row.Doc), row.ID); err != nil {
			return fmt.Errorf("postgres: updating event: %w", err)
		}
		updated, err = store.DecodeEventDoc(row.Doc, row.ID, owner, criado, row.AtualizadoEm)
		return err
	})
	return updated, err
}

func (s *Store) DeleteEvent(ctx context.Context, id string) error {
	tag, err := s.pool.Exec(ctx, "DELETE FROM events WHERE id = $1", id)
	if err != nil {
		return fmt.Errorf("postgres: deleting event: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

func (s *Store) ListEvents(ctx context.Context, q store.EventQuery) (store.EventPage, error) {
	return store.ReadEventPage(ctx, s.query, dialect, q)
}

// summaryTx is a transaction as store.SummaryTx.
type summaryTx struct{ tx pgx.Tx }

func (t summaryTx) Query(ctx context.Context, q string, args ...any) (store.Rows, error) {
	return t.tx.Query(ctx, q, args...)
}

func (t summaryTx) Exec(ctx context.Context, q string, args ...any) error {
	_, err := t.tx.Exec(ctx, q, args...)
	return err
}
