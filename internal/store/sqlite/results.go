package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"pelotao/internal/results"
	"pelotao/internal/store"
)

// insertBatch is how many lines one INSERT writes: 8 columns each, far below SQLite's limit
// on parameters, and few enough statements that 30,000 lines go in well under a second.
const insertBatch = 500

func (s *Store) ReplaceResultSet(ctx context.Context, set results.Set, rs []results.Result) (results.Set, error) {
	rows, cats, by, err := store.PrepareResultSet(&set, rs, time.Now())
	if err != nil {
		return results.Set{}, err
	}

	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return results.Set{}, fmt.Errorf("sqlite: replacing result set: %w", err)
	}
	defer tx.Rollback()
	var exists int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM events WHERE id = ?", set.EventID).Scan(&exists); err != nil {
		return results.Set{}, fmt.Errorf("sqlite: replacing result set: %w", err)
	}
	if exists == 0 {
		return results.Set{}, store.ErrNotFound
	}
	err = tx.QueryRowContext(ctx, "SELECT id FROM result_sets WHERE event_id = ? AND percurso = ?", set.EventID, set.Percurso).Scan(&set.ID)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		set.ID = store.NewEventID() // the same kind of unguessable id as an event's
		_, err = tx.ExecContext(ctx, `INSERT INTO result_sets (id, event_id, percurso, status, finishers, total, categorias, finishers_by, imported_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, set.ID, set.EventID, set.Percurso, set.Status, set.Finishers, set.Total, cats, by, formatTime(set.ImportedAt))
	case err == nil:
		if _, err = tx.ExecContext(ctx, "DELETE FROM results WHERE set_id = ?", set.ID); err == nil {
			_, err = tx.ExecContext(ctx, `UPDATE result_sets SET status = ?, finishers = ?, total = ?, categorias = ?, finishers_by = ?, imported_at = ?
				WHERE id = ?`, set.Status, set.Finishers, set.Total, cats, by, formatTime(set.ImportedAt), set.ID)
		}
	}
	if err != nil {
		return results.Set{}, fmt.Errorf("sqlite: replacing result set: %w", err)
	}
	if err := insertResults(ctx, tx, set.ID, rows); err != nil {
		return results.Set{}, err
	}
	if err := store.RefreshEventSummary(ctx, summaryTx{tx}, dialect, set.EventID); err != nil {
		return results.Set{}, err
	}
	if err := tx.Commit(); err != nil {
		return results.Set{}, fmt.Errorf("sqlite: replacing result set: %w", err)
	}
	return set, nil
}

// insertResults writes the lines with multi-row INSERTs, one prepared statement for the full
// batches.
func insertResults(ctx context.Context, tx *sql.Tx, setID string, rows []store.ResultRow) error {
	statement := func(n int) string {
		return "INSERT INTO results (set_id, ordem, numero_peito, sexo, categoria, status, search, doc, documento) VALUES " +
			strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, ?, ?),", n), ",")
	}
	var full *sql.Stmt
	args := make([]any, 0, 9*insertBatch)
	for start := 0; start < len(rows); start += insertBatch {
		batch := rows[start:min(start+insertBatch, len(rows))]
		args = args[:0]
		for _, r := range batch {
			args = append(args, setID, r.Ordem, r.NumeroPeito, r.Sexo, r.Categoria, r.Status, r.Search, string(r.Doc), r.Documento)
		}
		var err error
		if len(batch) == insertBatch {
			if full == nil {
				if full, err = tx.PrepareContext(ctx, statement(insertBatch)); err != nil {
					return fmt.Errorf("sqlite: inserting results: %w", err)
				}
				defer full.Close()
			}
			_, err = full.ExecContext(ctx, args...)
		} else {
			_, err = tx.ExecContext(ctx, statement(len(batch)), args...)
		}
		if err != nil {
			return fmt.Errorf("sqlite: inserting results: %w", err)
		}
	}
	return nil
}

func (s *Store) ListResultSets(ctx context.Context, eventID string) ([]results.Set, error) {
	return store.QueryAll(ctx, s.query, "sqlite: listing result sets", store.ScanResultSet,
		"SELECT "+store.ResultSetColumns+" FROM result_sets WHERE event_id = ? ORDER BY percurso", eventID)
}

func (s *Store) GetResultSet(ctx context.Context, eventID, setID string) (results.Set, error) {
	return store.ScanOne(timeRow{s.read.row(ctx, "SELECT "+store.ResultSetColumns+" FROM result_sets WHERE id = ? AND event_id = ?",
		setID, eventID)}, "sqlite: reading result set", store.ScanResultSet)
}

func (s *Store) DeleteResultSet(ctx context.Context, eventID, setID string) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: deleting result set: %w", err)
	}
	defer tx.Rollback()
	if err := affectedOne(tx.ExecContext(ctx, "DELETE FROM result_sets WHERE id = ? AND event_id = ?", setID, eventID)); err != nil {
		return err
	}
	if err := store.RefreshEventSummary(ctx, summaryTx{tx}, dialect, eventID); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *Store) ListResults(ctx context.Context, q store.ResultQuery) (store.ResultPage, error) {
	return store.ReadResultPage(ctx, s.query, dialect, q)
}

func (s *Store) GetResult(ctx context.Context, setID, bib string) (results.Result, error) {
	return store.ScanOne(timeRow{s.read.row(ctx, "SELECT "+store.ResultColumns+" FROM results WHERE set_id = ? AND numero_peito = ?",
		setID, bib)}, "sqlite: reading result", store.ScanResult)
}

func (s *Store) ResultDocuments(ctx context.Context, setID string) (map[string]string, error) {
	return store.ReadResultDocuments(ctx, s.query, dialect, setID)
}

func (s *Store) ResultLines(ctx context.Context, setID string) ([]store.ResultRow, error) {
	return store.QueryAll(ctx, s.query, "sqlite: reading results", store.ScanResultRow,
		"SELECT "+store.ResultRowColumns+" FROM results WHERE set_id = ? ORDER BY ordem", setID)
}
