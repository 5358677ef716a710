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
	now := time.Now()
	out := make([]store.PickupResult, 0, len(pickups))
	for i, p := range pickups {
		r, err := recordPickup(ctx, tx, eventID, p, now, rev+int64(i))
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, tx.Commit()
}

func recordPickup(ctx context.Context, tx *sql.Tx, eventID string, p store.Pickup, now time.Time, rev int64) (store.PickupResult, error) {
	r := store.PickupResult{ID: p.ID}
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM participants WHERE id = ? AND event_id = ?", p.ParticipantID, eventID).Scan(&n); err != nil {
		return r, fmt.Errorf("sqlite: pickup's participant: %w", err)
	}
	if n == 0 {
		return r, store.ErrNotFound
	}
	var before string
	err := tx.QueryRowContext(ctx, "SELECT status FROM kit_pickups WHERE id = ?", p.ID).Scan(&before)
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
	var k participant.Kit
	var at int64
	var nome, doc sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT at, balcao, por, retirado_por_nome, retirado_por_documento, camiseta_entregue
		FROM kit_pickups WHERE participant_id = ? AND status = 'ok' AND undone_at IS NULL`, participantID).
		Scan(&at, &k.Balcao, &k.Por, &nome, &doc, &k.CamisetaEntregue)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: current pickup: %w", err)
	}
	k.At = fromUnixMilli(at)
	if nome.Valid {
		k.RetiradoPor = &participant.Terceiro{Nome: nome.String, Documento: doc.String}
	}
	return &k, nil
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
	list, err := store.QueryAll(ctx, s.query, "sqlite: participants", store.ScanParticipant, "SELECT "+store.ParticipantColumns+
		" FROM participants WHERE event_id = ? AND rev > ? ORDER BY rev", eventID, since)
	if err != nil {
		return nil, since, err
	}
	if len(list) > 0 {
		since = list[len(list)-1].Rev
	}
	return list, since, nil
}

// PickupHistory implements store.CheckinStore.
func (s *Store) PickupHistory(ctx context.Context, eventID string, limit int) ([]store.PickupRecord, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT k.id, k.participant_id, k.at, k.balcao, k.por_uid, k.por,
		k.retirado_por_nome, k.retirado_por_documento, k.camiseta_entregue, k.status, k.recorded_at,
		k.undone_at, COALESCE(k.undone_por, ''), p.nome, p.numero_peito
		FROM kit_pickups k JOIN participants p ON p.id = k.participant_id
		WHERE k.event_id = ? ORDER BY k.recorded_at DESC, k.rowid DESC LIMIT ?`, eventID, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: pickup history: %w", err)
	}
	defer rows.Close()
	out := []store.PickupRecord{}
	for rows.Next() {
		r := store.PickupRecord{Pickup: store.Pickup{EventID: eventID}}
		var at, recorded int64
		var undone, bib sql.NullInt64
		var nome, doc sql.NullString
		if err := rows.Scan(&r.ID, &r.ParticipantID, &at, &r.Balcao, &r.PorUID, &r.Por, &nome, &doc,
			&r.CamisetaEntregue, &r.Status, &recorded, &undone, &r.UndonePor, &r.Nome, &bib); err != nil {
			return nil, fmt.Errorf("sqlite: pickup history: %w", err)
		}
		r.At, r.RecordedAt = fromUnixMilli(at), fromUnixMilli(recorded)
		if undone.Valid {
			t := fromUnixMilli(undone.Int64)
			r.UndoneAt = &t
		}
		if nome.Valid {
			r.RetiradoPor = &participant.Terceiro{Nome: nome.String, Documento: doc.String}
		}
		if bib.Valid {
			n := int(bib.Int64)
			r.NumeroPeito = &n
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// PickupStats implements store.CheckinStore.
func (s *Store) PickupStats(ctx context.Context, eventID string) (store.PickupStats, error) {
	st := store.PickupStats{PorPercurso: []store.PercursoPickups{}, PorBalcao: []store.BalcaoPickups{}, PorQuartoDeHora: []store.QuarterPickups{}}
	err := s.eachRow(ctx, `SELECT percurso, count(*), count(kit_at) FROM participants
		WHERE event_id = ? GROUP BY percurso ORDER BY percurso`, []any{eventID}, func(scan func(...any) error) error {
		var m store.PercursoPickups
		if err := scan(&m.Percurso, &m.Total, &m.Retirados); err != nil {
			return err
		}
		st.Total += m.Total
		st.Retirados += m.Retirados
		st.PorPercurso = append(st.PorPercurso, m)
		return nil
	})
	if err != nil {
		return st, err
	}
	err = s.eachRow(ctx, `SELECT kit_balcao, count(*) FROM participants
		WHERE event_id = ? AND kit_at IS NOT NULL GROUP BY kit_balcao ORDER BY kit_balcao`, []any{eventID}, func(scan func(...any) error) error {
		var b store.BalcaoPickups
		if err := scan(&b.Balcao, &b.Retirados); err != nil {
			return err
		}
		st.PorBalcao = append(st.PorBalcao, b)
		return nil
	})
	if err != nil {
		return st, err
	}
	quarter := (15 * time.Minute).Milliseconds()
	err = s.eachRow(ctx, `SELECT kit_at / ? * ?, count(*) FROM participants
		WHERE event_id = ? AND kit_at IS NOT NULL GROUP BY 1 ORDER BY 1`, []any{quarter, quarter, eventID}, func(scan func(...any) error) error {
		var q store.QuarterPickups
		var start int64
		if err := scan(&start, &q.Retirados); err != nil {
			return err
		}
		q.Inicio = fromUnixMilli(start)
		st.PorQuartoDeHora = append(st.PorQuartoDeHora, q)
		return nil
	})
	return st, err
}

// eachRow runs a read query and calls row for each of its rows.
func (s *Store) eachRow(ctx context.Context, query string, args []any, row func(scan func(...any) error) error) error {
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows.Scan); err != nil {
			return fmt.Errorf("sqlite: %w", err)
		}
	}
	return rows.Err()
}
