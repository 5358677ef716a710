package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// RecordPickups implements store.CheckinStore. SQLite has one writer, so each answer is decided
// with nothing else writing in between; the unique index kit_pickups_current guards it anyway.
func (s *Store) RecordPickups(ctx context.Context, eventID string, pickups []store.Pickup) ([]store.PickupResult, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	// One rev per pickup that may count; unused ones leave gaps, which "rev > cursor" ignores.
	rev, err := nextRevs(ctx, tx, len(pickups))
	if err != nil {
		return nil, err
	}
	settings, err := store.ScanParticipantSettings(tx.QueryRowContext(ctx, "SELECT doc FROM participant_settings WHERE event_id = ?", eventID))
	if err != nil {
		return nil, err
	}
	now := time.Now()
	out := make([]store.PickupResult, 0, len(pickups))
	for i, p := range pickups {
		r, err := recordPickup(ctx, tx, eventID, p, settings, now, rev+int64(i))
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, tx.Commit()
}

func recordPickup(ctx context.Context, tx *sql.Tx, eventID string, p store.Pickup, settings participant.Settings, now time.Time, rev int64) (store.PickupResult, error) {
	r := store.PickupResult{ID: p.ID}
	var pago bool
	err := tx.QueryRowContext(ctx, "SELECT pago FROM participants WHERE id = ? AND event_id = ?", p.ParticipantID, eventID).Scan(&pago)
	if errors.Is(err, sql.ErrNoRows) {
		return r, store.ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("sqlite: pickup's participant: %w", err)
	}
	var before string
	err = tx.QueryRowContext(ctx, "SELECT status FROM kit_pickups WHERE id = ?", p.ID).Scan(&before)
	if motivo := settings.KitRefusal(pago, p.SemPagamento); motivo != "" && errors.Is(err, sql.ErrNoRows) {
		kit, err := currentKit(ctx, tx, p.ParticipantID)
		return store.Refused(p.ID, kit, motivo), err
	}
	switch {
	case err == nil: // sent before: the same answer, nothing written
		r.Status = store.PickupDuplicate
		if before == store.PickupConflict {
			r.Status = store.PickupConflict
		}
	case errors.Is(err, sql.ErrNoRows):
		res, err := tx.ExecContext(ctx, insertPickup+" ON CONFLICT DO NOTHING", pickupArgs(eventID, p, store.PickupOK, now)...)
		if err != nil {
			return r, fmt.Errorf("sqlite: recording pickup: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			r.Status = store.PickupOK
		} else {
			r.Status = store.PickupConflict
			if _, err := tx.ExecContext(ctx, insertPickup, pickupArgs(eventID, p, store.PickupConflict, now)...); err != nil {
				return r, fmt.Errorf("sqlite: recording pickup: %w", err)
			}
		}
	default:
		return r, fmt.Errorf("sqlite: recording pickup: %w", err)
	}
	r.Kit, err = currentKit(ctx, tx, p.ParticipantID)
	if err != nil || r.Status != store.PickupOK {
		return r, err
	}
	detalhe, _ := json.Marshal(r.Kit)
	return r, setParticipantKit(ctx, tx, eventID, p.ParticipantID, r.Kit, rev,
		[]any{p.ParticipantID, participant.HistoryPickedUp, unixMilli(now), p.PorUID, p.Por, string(detalhe)})
}

const insertPickup = `INSERT INTO kit_pickups (id, event_id, participant_id, at, balcao, por_uid, por,
	retirado_por_nome, retirado_por_documento, camiseta_entregue, status, recorded_at)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

func pickupArgs(eventID string, p store.Pickup, status string, now time.Time) []any {
	var nome, doc sql.NullString
	if p.RetiradoPor != nil {
		nome = sql.NullString{String: p.RetiradoPor.Nome, Valid: true}
		doc = sql.NullString{String: p.RetiradoPor.Documento, Valid: true}
	}
	return []any{p.ID, eventID, p.ParticipantID, unixMilli(p.At), p.Balcao, p.PorUID, p.Por, nome, doc,
		p.CamisetaEntregue, status, unixMilli(now)}
}

// currentKit is the participant's pickup that counts, or nil.
func currentKit(ctx context.Context, tx *sql.Tx, participantID string) (*participant.Kit, error) {
	k, err := store.ScanKit(timeRow{tx.QueryRowContext(ctx, "SELECT "+store.KitColumns+
		" FROM kit_pickups WHERE participant_id = ? AND status = 'ok' AND undone_at IS NULL", participantID)})
	if err != nil {
		return nil, fmt.Errorf("sqlite: current pickup: %w", err)
	}
	return k, nil
}

// setParticipantKit writes the participant's current pickup (nil: none) with rev, and its
// history entry (participant_history's columns after id).
func setParticipantKit(ctx context.Context, tx *sql.Tx, eventID, participantID string, k *participant.Kit, rev int64, history []any) error {
	var at sql.NullInt64
	var balcao, por, retiradoPor, camiseta sql.NullString
	if k != nil {
		at = sql.NullInt64{Int64: unixMilli(k.At), Valid: true}
		balcao = sql.NullString{String: k.Balcao, Valid: true}
		por = sql.NullString{String: k.Por, Valid: true}
		camiseta = sql.NullString{String: k.CamisetaEntregue, Valid: true}
		if k.RetiradoPor != nil {
			b, _ := json.Marshal(k.RetiradoPor)
			retiradoPor = sql.NullString{String: string(b), Valid: true}
		}
	}
	_, err := tx.ExecContext(ctx, `UPDATE participants SET kit_at = ?, kit_balcao = ?, kit_por = ?, kit_retirado_por = ?,
		kit_camiseta_entregue = ?, rev = ? WHERE id = ? AND event_id = ?`,
		at, balcao, por, retiradoPor, camiseta, rev, participantID, eventID)
	if err != nil {
		return fmt.Errorf("sqlite: participant's pickup: %w", err)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO participant_history (participant_id, tipo, em, por, por_nome, detalhe)
		VALUES (?, ?, ?, ?, ?, ?)`, history...)
	if err != nil {
		return fmt.Errorf("sqlite: participant's history: %w", err)
	}
	return nil
}

// UndoPickup implements store.CheckinStore.
func (s *Store) UndoPickup(ctx context.Context, eventID, participantID, porUID, por string) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rev, err := nextRevs(ctx, tx, 1)
	if err != nil {
		return err
	}
	kit, err := currentKit(ctx, tx, participantID)
	if err != nil {
		return err
	}
	now := time.Now()
	res, err := tx.ExecContext(ctx, `UPDATE kit_pickups SET undone_at = ?, undone_por = ?
		WHERE event_id = ? AND participant_id = ? AND status = 'ok' AND undone_at IS NULL`,
		unixMilli(now), por, eventID, participantID)
	if err != nil {
		return fmt.Errorf("sqlite: undoing pickup: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	detalhe, _ := json.Marshal(kit)
	err = setParticipantKit(ctx, tx, eventID, participantID, nil, rev,
		[]any{participantID, participant.HistoryUndone, unixMilli(now), porUID, por, string(detalhe)})
	if err != nil {
		return err
	}
	return tx.Commit()
}

// Roster implements store.CheckinStore.
func (s *Store) Roster(ctx context.Context, eventID string, since int64) ([]participant.Participant, int64, error) {
	return store.ReadRoster(ctx, s.query, dialect, eventID, since)
}

// PickupHistory implements store.CheckinStore.
func (s *Store) PickupHistory(ctx context.Context, eventID string, limit int) ([]store.PickupRecord, error) {
	return store.QueryAll(ctx, s.query, "sqlite: pickup history", store.ScanPickupRecord, store.PickupHistorySelect+
		" WHERE k.event_id = ? ORDER BY k.recorded_at DESC, k.rowid DESC LIMIT ?", eventID, limit)
}

// PickupStats implements store.CheckinStore.
func (s *Store) PickupStats(ctx context.Context, eventID string) (store.PickupStats, error) {
	return store.ReadPickupStats(ctx, s.query, dialect, "kit_at / 900000 * 900000", eventID)
}
