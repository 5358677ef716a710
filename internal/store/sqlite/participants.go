package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/participants"
)

// nextRevs takes n values of the participants' change counter in tx and returns the first;
// every insert or update of a participant (imports here, pickups at the kit desk) sets its rev
// from it.
func nextRevs(ctx context.Context, tx *sql.Tx, n int) (int64, error) {
	var last int64
	if err := tx.QueryRowContext(ctx, "UPDATE participant_rev SET value = value + ? WHERE id = 1 RETURNING value", n).Scan(&last); err != nil {
		return 0, fmt.Errorf("sqlite: participant rev: %w", err)
	}
	return last - int64(n) + 1, nil
}

// batchInsert inserts rows into table in statements of many rows each: one statement per row
// would make a 30,000-participant import spend its time crossing into SQLite.
func batchInsert(ctx context.Context, tx *sql.Tx, table string, columns []string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	width := len(rows[0])
	perStmt := max(1, 30000/width) // SQLite allows 32,766 parameters per statement
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", width), ", ") + ")"
	for start := 0; start < len(rows); start += perStmt {
		chunk := rows[start:min(start+perStmt, len(rows))]
		params := make([]any, 0, len(chunk)*width)
		for _, r := range chunk {
			params = append(params, args(r)...)
		}
		q := "INSERT INTO " + table + " (" + strings.Join(columns, ", ") + ") VALUES " + strings.TrimSuffix(strings.Repeat(one+", ", len(chunk)), ", ")
		if _, err := tx.ExecContext(ctx, q, params...); err != nil {
			return err
		}
	}
	return nil
}

// ApplyImport implements store.ParticipantStore (the rest of it is participants.ParticipantStore),
// writing participants.ImportOf in statements of many rows.
func (s *Store) ApplyImport(ctx context.Context, eventID string, plan participant.Plan, by store.Actor) error {
	n := len(plan.Add) + len(plan.Update)
	if n == 0 {
		return nil
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	query := func(ctx context.Context, q string, a ...any) (store.Rows, error) {
		rows, err := tx.QueryContext(ctx, q, args(a)...)
		if err != nil {
			return nil, err
		}
		return timeRows{rows}, nil
	}
	if err := participants.CheckClaimed(ctx, query, eventID, plan, time.Now()); errors.Is(err, store.ErrConflict) {
		return store.ErrConflict
	} else if err != nil {
		return fmt.Errorf("sqlite: importing participants: %w", err)
	}
	rev, err := nextRevs(ctx, tx, n)
	if err != nil {
		return err
	}
	im := participants.ImportOf(eventID, plan, by, rev)
	if err := batchInsert(ctx, tx, "participants", participants.AddColumns, im.Add); err != nil {
		if isUniqueViolation(err) {
			return store.ErrConflict
		}
		return fmt.Errorf("sqlite: adding participants: %w", err)
	}
	if len(im.Update) > 0 {
		upd, err := tx.PrepareContext(ctx, participants.UpdateSQL)
		if err != nil {
			return err
		}
		defer upd.Close()
		for _, u := range im.Update {
			res, err := upd.ExecContext(ctx, args(u)...)
			if isUniqueViolation(err) {
				return store.ErrConflict
			}
			if err := affectedOne(res, err); err != nil {
				return fmt.Errorf("sqlite: updating participant %s: %w", u[len(u)-2], err)
			}
		}
	}
	if err := batchInsert(ctx, tx, "participant_history", participants.HistoryColumns, im.History); err != nil {
		return fmt.Errorf("sqlite: participant history: %w", err)
	}
	return tx.Commit()
}

// ListParticipants implements store.ParticipantStore, from the event's roster kept while the
// participants' rev stays (kept itself while nothing is written: fresh.go).
func (s *Store) ListParticipants(ctx context.Context, q store.ParticipantQuery) (store.ParticipantPage, error) {
	rev, err := s.revs.get(q.EventID, func() (rev int64, err error) {
		err = s.read.hotRow(ctx, `SELECT max((SELECT coalesce(max(rev), 0) FROM participants WHERE event_id = ?1),
			(SELECT coalesce(max(rev), 0) FROM participant_removals WHERE event_id = ?1))`, q.EventID).Scan(&rev)
		return rev, err
	})
	if err != nil {
		return store.ParticipantPage{}, fmt.Errorf("sqlite: participants' rev: %w", err)
	}
	r, err := s.rosters.Get(ctx, q.EventID, rev, s.Roster)
	if err != nil {
		return store.ParticipantPage{}, err
	}
	return r.Page(q)
}
