package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/participants"
)

// nextRevs takes n values of the participants' change counter in tx and returns the first.
// The counter's row stays locked until tx ends, so a later writer's revs are higher and
// committed later: a reader that has seen rev N will find every change after N (which a
// sequence, handing out values that commit in any order, would not promise). Every insert or
// update of a participant (imports here, pickups at the kit desk) sets its rev from it.
func nextRevs(ctx context.Context, tx pgx.Tx, n int) (int64, error) {
	var last int64
	if err := tx.QueryRow(ctx, "UPDATE participant_rev SET value = value + $1 WHERE id = 1 RETURNING value", n).Scan(&last); err != nil {
		return 0, fmt.Errorf("postgres: participant rev: %w", err)
	}
	return last - int64(n) + 1, nil
}

// ApplyImport implements store.ParticipantStore (the rest of it is participants.ParticipantStore),
// writing participants.ImportOf with COPY and one batch of updates.
func (s *Store) ApplyImport(ctx context.Context, eventID string, plan participant.Plan, by store.Actor) error {
	n := len(plan.Add) + len(plan.Update)
	if n == 0 {
		return nil
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// The event's order lock: a payment confirmed meanwhile checks its documents against
		// these rows, before or after them, never racing into their unique index (REG-180).
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext($1))", eventLock(eventID)); err != nil {
			return fmt.Errorf("postgres: order lock: %w", err)
		}
		query := func(ctx context.Context, q string, a ...any) (store.Rows, error) {
			return tx.Query(ctx, rebind(q), a...)
		}
		if err := participants.CheckClaimed(ctx, query, eventID, plan, time.Now()); err != nil {
			return err
		}
		rev, err := nextRevs(ctx, tx, n)
		if err != nil {
			return err
		}
		im := participants.ImportOf(eventID, plan, by, rev)
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"participants"}, participants.AddColumns, pgx.CopyFromRows(im.Add)); err != nil {
			return err
		}
		var batch pgx.Batch
		for _, u := range im.Update {
			batch.Queue(rebind(participants.UpdateSQL), u...).Exec(func(tag pgconn.CommandTag) error {
				if tag.RowsAffected() == 0 {
					return fmt.Errorf("participant %s: %w", u[len(u)-2], store.ErrNotFound)
				}
				return nil
			})
		}
		if batch.Len() > 0 {
			if err := tx.SendBatch(ctx, &batch).Close(); err != nil {
				return err
			}
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"participant_history"}, participants.HistoryColumns, pgx.CopyFromRows(im.History))
		return err
	})
	if isUniqueViolation(err) || errors.Is(err, store.ErrConflict) {
		return store.ErrConflict
	}
	if err != nil {
		return fmt.Errorf("postgres: importing participants: %w", err)
	}
	return nil
}

// ListParticipants implements store.ParticipantStore, from the event's roster kept while the
// participants' rev stays.
func (s *Store) ListParticipants(ctx context.Context, q store.ParticipantQuery) (store.ParticipantPage, error) {
	var rev int64
	if err := s.pool.QueryRow(ctx, `SELECT greatest((SELECT coalesce(max(rev), 0) FROM participants WHERE event_id = $1),
		(SELECT coalesce(max(rev), 0) FROM participant_removals WHERE event_id = $1))`, q.EventID).Scan(&rev); err != nil {
		return store.ParticipantPage{}, fmt.Errorf("postgres: participants' rev: %w", err)
	}
	r, err := s.rosters.Get(ctx, q.EventID, rev, s.Roster)
	if err != nil {
		return store.ParticipantPage{}, err
	}
	return r.Page(q)
}
