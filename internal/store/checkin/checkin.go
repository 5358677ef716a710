// Package checkin is the writes of store.CheckinStore written once for both databases, over the
// store.DB a driver gives: the pickup decision (Answer, from respostas.json, which the kit
// desk's test server reads too), the undo and the roster. The drivers keep the reads whose SQL
// is their own (PickupHistory, PickupStats).
package checkin

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// Situation is what decides a pickup's answer.
type Situation struct {
	EnviadaAntes string // the status its id was recorded with (store.PickupOK, store.PickupConflict); "": never
	Recusada     bool   // participant.Settings.KitRefusal refuses the kit
	KitRetirado  bool   // the participant has a current pickup
}

//go:embed respostas.json
var respostasJSON []byte

// regra is a rule of respostas.json: a nil condition always holds.
type regra struct {
	EnviadaAntes *string `json:"enviadaAntes"`
	Recusada     *bool   `json:"recusada"`
	KitRetirado  *bool   `json:"kitRetirado"`
	Resposta     string  `json:"resposta"`
}

func (r regra) holds(s Situation) bool {
	return (r.EnviadaAntes == nil || *r.EnviadaAntes == s.EnviadaAntes) && (r.Recusada == nil || *r.Recusada == s.Recusada) &&
		(r.KitRetirado == nil || *r.KitRetirado == s.KitRetirado)
}

var regras = func() []regra {
	var doc struct{ Regras []regra }
	if err := json.Unmarshal(respostasJSON, &doc); err != nil {
		panic("checkin: respostas.json: " + err.Error())
	}
	return doc.Regras
}()

// Answer is the status of a pickup in situation s (store.PickupOK, PickupDuplicate,
// PickupConflict, PickupRefused): the first rule of respostas.json that holds.
func Answer(s Situation) string {
	for _, r := range regras {
		if r.holds(s) {
			return r.Resposta
		}
	}
	panic(fmt.Sprintf("checkin: no rule of respostas.json answers %+v", s))
}

// CheckinStore implements store.CheckinStore but PickupHistory and PickupStats over DB.
type CheckinStore struct{ DB store.DB }

// statements is the dialect of store.Statements for the readers in package store: ? parameters.
var statements = store.SQLDialect{Name: "checkin", Placeholder: func(int) string { return "?" }}

// Roster implements store.CheckinStore.
func (c CheckinStore) Roster(ctx context.Context, eventID string, since int64) ([]participant.Participant, int64, error) {
	return store.ReadRoster(ctx, c.DB.Query, statements, eventID, since)
}

// RecordPickups implements store.CheckinStore. Every writer of pickups takes the participants'
// rev counter first (store.Tx.NextRevs), which queues them on every database and instance: each
// answer is decided with nothing else writing in between. The unique index kit_pickups_current
// guards it anyway (a second current pickup would fail the call).
func (c CheckinStore) RecordPickups(ctx context.Context, eventID string, pickups []store.Pickup) ([]store.PickupResult, error) {
	var out []store.PickupResult
	err := c.DB.InTx(ctx, func(tx store.Tx) error {
		out = make([]store.PickupResult, 0, len(pickups))
		// One rev per pickup that may count; unused ones leave gaps, which "rev > cursor" ignores.
		rev, err := tx.NextRevs(ctx, len(pickups))
		if err != nil {
			return err
		}
		settings, err := store.ScanParticipantSettings(tx.QueryRow(ctx, "SELECT doc FROM participant_settings WHERE event_id = ?", eventID))
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

func recordPickup(ctx context.Context, tx store.Tx, eventID string, p store.Pickup, settings participant.Settings, now time.Time, rev int64) (store.PickupResult, error) {
	var pago bool
	if err := tx.QueryRow(ctx, "SELECT pago FROM participants WHERE id = ? AND event_id = ?", p.ParticipantID, eventID).Scan(&pago); err != nil {
		if store.IsNoRows(err) {
			return store.PickupResult{}, store.ErrNotFound
		}
		return store.PickupResult{}, fmt.Errorf("checkin: pickup's participant: %w", err)
	}
	var before string
	if err := tx.QueryRow(ctx, "SELECT status FROM kit_pickups WHERE id = ?", p.ID).Scan(&before); err != nil && !store.IsNoRows(err) {
		return store.PickupResult{}, fmt.Errorf("checkin: pickup sent before: %w", err)
	}
	kit, err := currentKit(ctx, tx, p.ParticipantID)
	if err != nil {
		return store.PickupResult{}, err
	}
	motivo := settings.KitRefusal(pago, p.SemPagamento)
	r := store.PickupResult{ID: p.ID, Kit: kit,
		Status: Answer(Situation{EnviadaAntes: before, Recusada: motivo != "", KitRetirado: kit != nil})}
	switch {
	case r.Status == store.PickupRefused:
		return store.Refused(p.ID, kit, motivo), nil
	case before != "": // sent before: the same answer, nothing written
		return r, nil
	}
	if _, err := tx.Exec(ctx, `INSERT INTO kit_pickups (id, event_id, participant_id, at, balcao, por_uid, por,
		retirado_por_nome, retirado_por_documento, camiseta_entregue, status, recorded_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, pickupArgs(eventID, p, r.Status, now)...); err != nil {
		return r, fmt.Errorf("checkin: recording pickup: %w", err)
	}
	if r.Status != store.PickupOK { // a conflict, kept in the history
		return r, nil
	}
	if r.Kit, err = currentKit(ctx, tx, p.ParticipantID); err != nil {
		return r, err
	}
	detalhe, _ := json.Marshal(r.Kit)
	return r, setParticipantKit(ctx, tx, eventID, p.ParticipantID, r.Kit, rev,
		[]any{p.ParticipantID, participant.HistoryPickedUp, now, p.PorUID, p.Por, string(detalhe)})
}

func pickupArgs(eventID string, p store.Pickup, status string, now time.Time) []any {
	var nome, doc *string
	if p.RetiradoPor != nil {
		nome, doc = &p.RetiradoPor.Nome, &p.RetiradoPor.Documento
	}
	return []any{p.ID, eventID, p.ParticipantID, p.At, p.Balcao, p.PorUID, p.Por, nome, doc, p.CamisetaEntregue, status, now}
}

// currentKit is the participant's pickup that counts, or nil.
func currentKit(ctx context.Context, tx store.Tx, participantID string) (*participant.Kit, error) {
	k, err := store.ScanKit(tx.QueryRow(ctx, "SELECT "+store.KitColumns+
		" FROM kit_pickups WHERE participant_id = ? AND status = 'ok' AND undone_at IS NULL", participantID))
	if err != nil {
		return nil, fmt.Errorf("checkin: current pickup: %w", err)
	}
	return k, nil
}

// setParticipantKit writes the participant's current pickup (nil: none) with rev, and its
// history entry (participant_history's columns after id).
func setParticipantKit(ctx context.Context, tx store.Tx, eventID, participantID string, k *participant.Kit, rev int64, history []any) error {
	var at any
	var balcao, por, retiradoPor, camiseta *string
	if k != nil {
		at, balcao, por, camiseta = k.At, &k.Balcao, &k.Por, &k.CamisetaEntregue
		if k.RetiradoPor != nil {
			b, _ := json.Marshal(k.RetiradoPor)
			s := string(b)
			retiradoPor = &s
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE participants SET kit_at = ?, kit_balcao = ?, kit_por = ?, kit_retirado_por = ?,
		kit_camiseta_entregue = ?, rev = ? WHERE id = ? AND event_id = ?`,
		at, balcao, por, retiradoPor, camiseta, rev, participantID, eventID); err != nil {
		return fmt.Errorf("checkin: participant's pickup: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO participant_history (participant_id, tipo, em, por, por_nome, detalhe)
		VALUES (?, ?, ?, ?, ?, ?)`, history...); err != nil {
		return fmt.Errorf("checkin: participant's history: %w", err)
	}
	return nil
}

// UndoPickup implements store.CheckinStore.
func (c CheckinStore) UndoPickup(ctx context.Context, eventID, participantID, porUID, por string) error {
	return c.DB.InTx(ctx, func(tx store.Tx) error {
		rev, err := tx.NextRevs(ctx, 1)
		if err != nil {
			return err
		}
		kit, err := currentKit(ctx, tx, participantID)
		if err != nil {
			return err
		}
		now := time.Now()
		n, err := tx.Exec(ctx, `UPDATE kit_pickups SET undone_at = ?, undone_por = ?
			WHERE event_id = ? AND participant_id = ? AND status = 'ok' AND undone_at IS NULL`, now, por, eventID, participantID)
		if err != nil {
			return fmt.Errorf("checkin: undoing pickup: %w", err)
		}
		if n == 0 {
			return store.ErrNotFound
		}
		detalhe, _ := json.Marshal(kit)
		return setParticipantKit(ctx, tx, eventID, participantID, nil, rev,
			[]any{participantID, participant.HistoryUndone, now, porUID, por, string(detalhe)})
	})
}
