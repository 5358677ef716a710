package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// RecordPickups implements store.CheckinStore. Instances decide together: every writer of
// participants takes the participants' rev counter first (nextRevs), which queues them; and the
// unique index kit_pickups_current would refuse a second current pickup even without it — a
// second insert waits for the first's commit and then does nothing.
func (s *Store) RecordPickups(ctx context.Context, eventID string, pickups []store.Pickup) ([]store.PickupResult, error) {
	var out []store.PickupResult
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		out = make([]store.PickupResult, 0, len(pickups))
		rev, err := nextRevs(ctx, tx, len(pickups))
		if err != nil {
			return err
		}
		settings, err := store.ScanParticipantSettings(tx.QueryRow(ctx, "SELECT doc FROM participant_settings WHERE event_id = $1", eventID))
		if err != nil {
			return err
		}
		now := time.Now()
		for i, p := range pickups {
			r, err := recordPickup(ctx, tx, eventID, p, settings, now, rev+int64(i))
			if err != nil {
				return err
			}
			out = append(out, r)
		}
		return nil
	})
	return out, err
}

func recordPickup(ctx context.Context, tx pgx.Tx, eventID string, p store.Pickup, settings participant.Settings, now time.Time, rev int64) (store.PickupResult, error) {
	r := store.PickupResult{ID: p.ID}
	var pago bool
	err := tx.QueryRow(ctx, "SELECT pago FROM participants WHERE id = $1 AND event_id = $2", p.ParticipantID, eventID).Scan(&pago)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, store.ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("postgres: pickup's participant: %w", err)
	}
	if motivo := settings.KitRefusal(pago, p.SemPagamento); motivo != "" {
		var sent bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM kit_pickups WHERE id = $1)", p.ID).Scan(&sent); err != nil {
			return r, fmt.Errorf("postgres: recording pickup: %w", err)
		}
		if !sent {
			kit, err := currentKit(ctx, tx, p.ParticipantID)
			return store.Refused(p.ID, kit, motivo), err
		}
	}
	tag, err := tx.Exec(ctx, insertPickup+" ON CONFLICT DO NOTHING", pickupArgs(eventID, p, store.PickupOK, now)...)
	if err != nil {
		return r, fmt.Errorf("postgres: recording pickup: %w", err)
	}
	if tag.RowsAffected() == 1 {
		r.Status = store.PickupOK
	} else {
		// Either this id was recorded before (a retry), or the kit has another current pickup.
		tag, err = tx.Exec(ctx, insertPickup+" ON CONFLICT (id) DO NOTHING", pickupArgs(eventID, p, store.PickupConflict, now)...)
		if err != nil {
			return r, fmt.Errorf("postgres: recording pickup: %w", err)
		}
		r.Status = store.PickupConflict
		if tag.RowsAffected() == 0 {
			var before string
			if err := tx.QueryRow(ctx, "SELECT status FROM kit_pickups WHERE id = $1", p.ID).Scan(&before); err != nil {
				return r, fmt.Errorf("postgres: recording pickup: %w", err)
			}
			if before == store.PickupOK {
				r.Status = store.PickupDuplicate
			}
		}
	}
	r.Kit, err = currentKit(ctx, tx, p.ParticipantID)
	if err != nil || r.Status != store.PickupOK {
		return r, err
	}
	detalhe, _ := json.Marshal(r.Kit)
	return r, setParticipantKit(ctx, tx, eventID, p.ParticipantID, r.Kit, rev,
		[]any{p.ParticipantID, participant.HistoryPickedUp, now, p.PorUID, p.Por, string(detalhe)})
}

const insertPickup = `INSERT INTO kit_pickups (id, event_id, participant_id, at, balcao, por_uid, por,
	retirado_por_nome, retirado_por_documento, camiseta_entregue, status, recorded_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`

func pickupArgs(eventID string, p store.Pickup, status string, now time.Time) []any {
	var nome, doc *string
	if p.RetiradoPor != nil {
		nome, doc = &p.RetiradoPor.Nome, &p.RetiradoPor.Documento
	}
	return []any{p.ID, eventID, p.ParticipantID, p.At, p.Balcao, p.PorUID, p.Por, nome, doc, p.CamisetaEntregue, status, now}
}

// currentKit is the participant's pickup that counts, or nil.
func currentKit(ctx context.Context, tx pgx.Tx, participantID string) (*participant.Kit, error) {
	k, err := store.ScanKit(tx.QueryRow(ctx, "SELECT "+store.KitColumns+
		" FROM kit_pickups WHERE participant_id = $1 AND status = 'ok' AND undone_at IS NULL", participantID))
	if err != nil {
		return nil, fmt.Errorf("postgres: current pickup: %w", err)
	}
	return k, nil
}

// setParticipantKit writes the participant's current pickup (nil: none) with rev, and its
// history entry (participant_history's columns after id).
func setParticipantKit(ctx context.Context, tx pgx.Tx, eventID, participantID string, k *participant.Kit, rev int64, history []any) error {
	var at *time.Time
	var balcao, por, retiradoPor, camiseta *string
	if k != nil {
		at, balcao, por, camiseta = &k.At, &k.Balcao, &k.Por, &k.CamisetaEntregue
		if k.RetiradoPor != nil {
			b, _ := json.Marshal(k.RetiradoPor)
			s := string(b)
			retiradoPor = &s
		}
	}
	_, err := tx.Exec(ctx, `UPDATE participants SET kit_at = $1, kit_balcao = $2, kit_por = $3, kit_retirado_por = $4,
		kit_camiseta_entregue = $5, rev = $6 WHERE id = $7 AND event_id = $8`,
		at, balcao, por, retiradoPor, camiseta, rev, participantID, eventID)
	if err != nil {
		return fmt.Errorf("postgres: participant's pickup: %w", err)
	}
	_, err = tx.Exec(ctx, `INSERT INTO participant_history (participant_id, tipo, em, por, por_nome, detalhe)
		VALUES ($1, $2, $3, $4, $5, $6)`, history...)
	if err != nil {
		return fmt.Errorf("postgres: participant's history: %w", err)
	}
	return nil
}

// UndoPickup implements store.CheckinStore.
func (s *Store) UndoPickup(ctx context.Context, eventID, participantID, porUID, por string) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rev, err := nextRevs(ctx, tx, 1)
		if err != nil {
			return err
		}
		kit, err := currentKit(ctx, tx, participantID)
		if err != nil {
			return err
		}
		now := time.Now()
		tag, err := tx.Exec(ctx, `UPDATE kit_pickups SET undone_at = $1, undone_por = $2
			WHERE event_id = $3 AND participant_id = $4 AND status = 'ok' AND undone_at IS NULL`, now, por, eventID, participantID)
		if err != nil {
			return fmt.Errorf("postgres: undoing pickup: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return store.ErrNotFound
		}
		detalhe, _ := json.Marshal(kit)
		return setParticipantKit(ctx, tx, eventID, participantID, nil, rev,
			[]any{participantID, participant.HistoryUndone, now, porUID, por, string(detalhe)})
	})
}

// Roster implements store.CheckinStore.
func (s *Store) Roster(ctx context.Context, eventID string, since int64) ([]participant.Participant, int64, error) {
	return store.ReadRoster(ctx, s.query, dialect, eventID, since)
}

// PickupHistory implements store.CheckinStore.
func (s *Store) PickupHistory(ctx context.Context, eventID string, limit int) ([]store.PickupRecord, error) {
	return store.QueryAll(ctx, s.query, "postgres: pickup history", store.ScanPickupRecord, store.PickupHistorySelect+
		" WHERE k.event_id = $1 ORDER BY k.recorded_at DESC, k.id DESC LIMIT $2", eventID, limit)
}

// PickupStats implements store.CheckinStore.
func (s *Store) PickupStats(ctx context.Context, eventID string) (store.PickupStats, error) {
	return store.ReadPickupStats(ctx, s.query, dialect, "to_timestamp(floor(extract(epoch FROM kit_at) / 900) * 900)", eventID)
}
