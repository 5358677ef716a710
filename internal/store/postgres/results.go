package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/results"
	"pelotao/internal/store"
)

func (s *Store) ReplaceResultSet(ctx context.Context, set results.Set, rs []results.Result) (results.Set, error) {
	rows, cats, by, err := store.PrepareResultSet(&set, rs, time.Now())
	if err != nil {
		return results.Set{}, err
	}

	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return results.Set{}, fmt.Errorf("postgres: replacing result set: %w", err)
	}
	defer tx.Rollback(ctx)
	// Locking the event row serialises two imports of the same event and keeps the event from
	// being deleted half-way.
	var id string
	err = tx.QueryRow(ctx, "SELECT id FROM events WHERE id = $1 FOR UPDATE", set.EventID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return results.Set{}, store.ErrNotFound
	}
	if err != nil {
		return results.Set{}, fmt.Errorf("postgres: replacing result set: %w", err)
	}
	err = tx.QueryRow(ctx, "SELECT id FROM result_sets WHERE event_id = $1 AND percurso = $2", set.EventID, set.Percurso).Scan(&set.ID)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		set.ID = store.NewEventID() // the same kind of unguessable id as an event's
		_, err = tx.Exec(ctx, `INSERT INTO result_sets (id, event_id, percurso, status, finishers, total, categorias, finishers_by, imported_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, set.ID, set.EventID, set.Percurso, set.Status, set.Finishers, set.Total, cats, by, set.ImportedAt)
	case err == nil:
		if _, err = tx.Exec(ctx, "DELETE FROM results WHERE set_id = $1", set.ID); err == nil {
			_, err = tx.Exec(ctx, `UPDATE result_sets SET status = $1, finishers = $2, total = $3, categorias = $4, finishers_by = $5, imported_at = $6
				WHERE id = $7`, set.Status, set.Finishers, set.Total, cats, by, set.ImportedAt, set.ID)
		}
	}
	if err != nil {
		return results.Set{}, fmt.Errorf("postgres: replacing result set: %w", err)
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{"results"},
		[]string{"set_id", "ordem", "numero_peito", "sexo", "categoria", "status", "search", "doc", "documento"},
		pgx.CopyFromSlice(len(rows), func(i int) ([]any, error) {
			r := rows[i]
			return []any{set.ID, r.Ordem, r.NumeroPeito, r.Sexo, r.Categoria, r.Status, r.Search, string(r.Doc), r.Documento}, nil
		}))
	if err != nil {
		return results.Set{}, fmt.Errorf("postgres: inserting results: %w", err)
	}
	if err := store.RefreshEventSummary(ctx, summaryTx{tx}, dialect, set.EventID); err != nil {
		return results.Set{}, err
	}
	if err := tx.Commit(ctx); err != nil {
		return results.Set{}, fmt.Errorf("postgres: replacing result set: %w", err)
	}
	return set, nil
}

func (s *Store) ListResultSets(ctx context.Context, eventID string) ([]results.Set, error) {
	return store.QueryAll(ctx, s.query, "postgres: listing result sets", store.ScanResultSet,
		"SELECT "+store.ResultSetColumns+" FROM result_sets WHERE event_id = $1 ORDER BY percurso", eventID)
}

func (s *Store) GetResultSet(ctx context.Context, eventID, setID string) (results.Set, error) {
	return store.ScanOne(s.pool.QueryRow(ctx, "SELECT "+store.ResultSetColumns+" FROM result_sets WHERE id = $1 AND event_id = $2",
		setID, eventID), "postgres: reading result set", store.ScanResultSet)
}

func (s *Store) DeleteResultSet(ctx context.Context, eventID, setID string) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// Locked as ReplaceResultSet and UpdateEvent lock it: the summary written last is right.
		var id string
		err := tx.QueryRow(ctx, "SELECT id FROM events WHERE id = $1 FOR UPDATE", eventID).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("postgres: deleting result set: %w", err)
		}
		if err := affectedOne(tx.Exec(ctx, "DELETE FROM result_sets WHERE id = $1 AND event_id = $2", setID, eventID)); err != nil {
			return err
		}
		return store.RefreshEventSummary(ctx, summaryTx{tx}, dialect, eventID)
	})
}

func (s *Store) ListResults(ctx context.Context, q store.ResultQuery) (store.ResultPage, error) {
	return store.ReadResultPage(ctx, s.query, dialect, q)
}

func (s *Store) GetResult(ctx context.Context, setID, bib string) (results.Result, error) {
	return store.ScanOne(s.pool.QueryRow(ctx, "SELECT "+store.ResultColumns+" FROM results WHERE set_id = $1 AND numero_peito = $2",
		setID, bib), "postgres: reading result", store.ScanResult)
}

func (s *Store) ResultDocuments(ctx context.Context, setID string) (map[string]string, error) {
	return store.ReadResultDocuments(ctx, s.query, dialect, setID)
}

func (s *Store) ResultLines(ctx context.Context, setID string) ([]store.ResultRow, error) {
	return store.QueryAll(ctx, s.query, "postgres: reading results", store.ScanResultRow,
		"SELECT "+store.ResultRowColumns+" FROM results WHERE set_id = $1 ORDER BY ordem", setID)
}
