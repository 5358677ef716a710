package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/results"
	"pelotao/internal/store"
)

func (s *Store) ReplaceResultSet(ctx context.Context, set results.Set, rs []results.Result) (results.Set, error) {
	rows, categorias, err := store.NewResultRows(rs)
	if err != nil {
		return results.Set{}, err
	}
	counts := results.CountOf(rs)
	set.Finishers, set.Total, set.Categorias = counts.Finishers, counts.Total, categorias
	set.FinishersBy = results.CountFinishersBy(rs)
	by, _ := json.Marshal(set.FinishersBy)
	set.ImportedAt = time.Now().UTC().Truncate(time.Microsecond)
	cats, _ := json.Marshal(categorias)

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
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, set.ID, set.EventID, set.Percurso, set.Status, set.Finishers, set.Total, string(cats), string(by), set.ImportedAt)
	case err == nil:
		if _, err = tx.Exec(ctx, "DELETE FROM results WHERE set_id = $1", set.ID); err == nil {
			_, err = tx.Exec(ctx, `UPDATE result_sets SET status = $1, finishers = $2, total = $3, categorias = $4, finishers_by = $5, imported_at = $6
				WHERE id = $7`, set.Status, set.Finishers, set.Total, string(cats), string(by), set.ImportedAt, set.ID)
		}
	}
	if err != nil {
		return results.Set{}, fmt.Errorf("postgres: replacing result set: %w", err)
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{"results"},
		[]string{"set_id", "ordem", "numero_peito", "sexo", "categoria", "status", "search", "doc"},
		pgx.CopyFromSlice(len(rows), func(i int) ([]any, error) {
			r := rows[i]
			return []any{set.ID, r.Ordem, r.NumeroPeito, r.Sexo, r.Categoria, r.Status, r.Search, string(r.Doc)}, nil
		}))
	if err != nil {
		return results.Set{}, fmt.Errorf("postgres: inserting results: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return results.Set{}, fmt.Errorf("postgres: replacing result set: %w", err)
	}
	return set, nil
}

const resultSetColumns = "id, event_id, percurso, status, finishers, total, categorias, finishers_by, imported_at"

func scanResultSet(row pgx.Row) (results.Set, error) {
	var set results.Set
	var cats, by string
	if err := row.Scan(&set.ID, &set.EventID, &set.Percurso, &set.Status, &set.Finishers, &set.Total, &cats, &by, &set.ImportedAt); err != nil {
		return set, err
	}
	set.ImportedAt = set.ImportedAt.UTC()
	return set, errors.Join(json.Unmarshal([]byte(cats), &set.Categorias), json.Unmarshal([]byte(by), &set.FinishersBy))
}

func (s *Store) ListResultSets(ctx context.Context, eventID string) ([]results.Set, error) {
	rows, err := s.pool.Query(ctx, "SELECT "+resultSetColumns+" FROM result_sets WHERE event_id = $1 ORDER BY percurso", eventID)
	if err != nil {
		return nil, fmt.Errorf("postgres: listing result sets: %w", err)
	}
	defer rows.Close()
	sets := []results.Set{}
	for rows.Next() {
		set, err := scanResultSet(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: listing result sets: %w", err)
		}
		sets = append(sets, set)
	}
	return sets, rows.Err()
}

func (s *Store) GetResultSet(ctx context.Context, eventID, setID string) (results.Set, error) {
	set, err := scanResultSet(s.pool.QueryRow(ctx,
		"SELECT "+resultSetColumns+" FROM result_sets WHERE id = $1 AND event_id = $2", setID, eventID))
	if errors.Is(err, pgx.ErrNoRows) {
		return results.Set{}, store.ErrNotFound
	}
	if err != nil {
		return results.Set{}, fmt.Errorf("postgres: reading result set: %w", err)
	}
	return set, nil
}

func (s *Store) DeleteResultSet(ctx context.Context, eventID, setID string) error {
	tag, err := s.pool.Exec(ctx, "DELETE FROM result_sets WHERE id = $1 AND event_id = $2", setID, eventID)
	if err != nil {
		return fmt.Errorf("postgres: deleting result set: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

func (s *Store) ListResults(ctx context.Context, q store.ResultQuery) (store.ResultPage, error) {
	query, args, limit, err := store.ResultListSQL(q, dialect)
	if err != nil {
		return store.ResultPage{}, err
	}
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return store.ResultPage{}, fmt.Errorf("postgres: listing results: %w", err)
	}
	defer rows.Close()
	var docs []json.RawMessage
	var ordens []int
	total := 0
	for rows.Next() {
		var doc *string
		var ordem *int
		if err := rows.Scan(&total, &doc, &ordem); err != nil {
			return store.ResultPage{}, fmt.Errorf("postgres: listing results: %w", err)
		}
		if ordem != nil {
			docs, ordens = append(docs, json.RawMessage(*doc)), append(ordens, *ordem)
		}
	}
	if err := rows.Err(); err != nil {
		return store.ResultPage{}, fmt.Errorf("postgres: listing results: %w", err)
	}
	return store.ResultPageFrom(docs, ordens, total, limit), nil
}

func (s *Store) GetResult(ctx context.Context, setID, bib string) (results.Result, error) {
	var doc string
	var ordem int
	err := s.pool.QueryRow(ctx, "SELECT doc, ordem FROM results WHERE set_id = $1 AND numero_peito = $2", setID, bib).Scan(&doc, &ordem)
	if errors.Is(err, pgx.ErrNoRows) {
		return results.Result{}, store.ErrNotFound
	}
	if err != nil {
		return results.Result{}, fmt.Errorf("postgres: reading result: %w", err)
	}
	return store.DecodeResult([]byte(doc), ordem)
}

func (s *Store) ResultLines(ctx context.Context, setID string) ([]store.ResultRow, error) {
	rows, err := s.pool.Query(ctx, "SELECT ordem, numero_peito, sexo, categoria, status, search, doc FROM results WHERE set_id = $1 ORDER BY ordem", setID)
	if err != nil {
		return nil, fmt.Errorf("postgres: reading results: %w", err)
	}
	defer rows.Close()
	var lines []store.ResultRow
	for rows.Next() {
		var l store.ResultRow
		var doc string
		if err := rows.Scan(&l.Ordem, &l.NumeroPeito, &l.Sexo, &l.Categoria, &l.Status, &l.Search, &doc); err != nil {
			return nil, fmt.Errorf("postgres: reading results: %w", err)
		}
		l.Doc = []byte(doc)
		lines = append(lines, l)
	}
	return lines, rows.Err()
}
