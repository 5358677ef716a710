// Package participants is store.ParticipantStore written once for both databases, over the
// store.DB a driver gives: its reads, the settings, and what an import writes (Import). The
// drivers keep how they write an import's many rows (SQLite: statements of many rows;
// PostgreSQL: COPY and a batch, under the event's order lock) and their ListParticipants cache.
package participants

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// ParticipantStore implements store.ParticipantStore but ApplyImport and ListParticipants over DB.
type ParticipantStore struct{ DB store.DB }

// EventParticipants implements store.ParticipantStore.
func (s ParticipantStore) EventParticipants(ctx context.Context, eventID string) ([]participant.Participant, error) {
	return store.QueryAll(ctx, s.DB.Query, "participants", store.ScanParticipant,
		"SELECT "+store.ParticipantColumns+" FROM participants WHERE event_id = ? ORDER BY nome_ordem, id", eventID)
}

// ParticipantsByBib implements store.ParticipantStore.
func (s ParticipantStore) ParticipantsByBib(ctx context.Context, eventID string, from, to int) ([]participant.Participant, error) {
	return store.QueryAll(ctx, s.DB.Query, "participants by bib", store.ScanParticipant,
		"SELECT "+store.ParticipantColumns+` FROM participants
		WHERE event_id = ? AND numero_peito BETWEEN ? AND ? ORDER BY numero_peito`, eventID, from, to)
}

// GetParticipant implements store.ParticipantStore.
func (s ParticipantStore) GetParticipant(ctx context.Context, eventID, id string) (participant.Participant, error) {
	return store.ScanOne(s.DB.QueryRow(ctx, "SELECT "+store.ParticipantColumns+" FROM participants WHERE event_id = ? AND id = ?",
		eventID, id), "reading participant", store.ScanParticipant)
}

// ParticipantHistory implements store.ParticipantStore.
func (s ParticipantStore) ParticipantHistory(ctx context.Context, eventID, id string) ([]participant.HistoryEntry, error) {
	return store.QueryAll(ctx, s.DB.Query, "participant history", store.ScanHistoryEntry,
		`SELECT h.tipo, h.em, h.por_nome, h.detalhe FROM participant_history h JOIN participants p ON p.id = h.participant_id
		WHERE p.event_id = ? AND h.participant_id = ? ORDER BY h.id`, eventID, id)
}

// ParticipantSummary implements store.ParticipantStore.
func (s ParticipantStore) ParticipantSummary(ctx context.Context, eventID string) (participant.Summary, error) {
	return store.ReadParticipantSummary(ctx, s.DB.Query, "participant summary",
		`SELECT p.percurso, p.sexo, p.camiseta, coalesce(g.nome, ''), count(*), count(CASE WHEN p.pago THEN 1 END), count(p.kit_at),
		coalesce(sum(CASE WHEN p.pago THEN p.valor END), 0), coalesce(sum(CASE WHEN p.pago THEN NULL ELSE p.valor END), 0)
		FROM participants p
		LEFT JOIN registrations r ON p.origem = 'pelotao' AND r.id = p.inscricao
		LEFT JOIN event_groups g ON g.id = r.grupo_id
		WHERE p.event_id = ? GROUP BY p.percurso, p.sexo, p.camiseta, g.nome`, eventID)
}

// ParticipantSettings implements store.ParticipantStore.
func (s ParticipantStore) ParticipantSettings(ctx context.Context, eventID string) (participant.Settings, error) {
	return store.ScanParticipantSettings(s.DB.QueryRow(ctx, "SELECT doc FROM participant_settings WHERE event_id = ?", eventID))
}

// SetParticipantSettings implements store.ParticipantStore.
func (s ParticipantStore) SetParticipantSettings(ctx context.Context, eventID string, set participant.Settings) error {
	doc, err := json.Marshal(set)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(tx store.Tx) error {
		var id string
		if err := tx.QueryRow(ctx, "SELECT id FROM events WHERE id = ?", eventID).Scan(&id); err != nil {
			if store.IsNoRows(err) {
				err = store.ErrNotFound
			}
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO participant_settings (event_id, doc) VALUES (?, ?)
			ON CONFLICT (event_id) DO UPDATE SET doc = excluded.doc`, eventID, string(doc))
		return err
	})
}

// AddColumns are the participants' columns of Import.Add's rows, in order.
var AddColumns = []string{"id", "event_id", "inscricao", "doc_tipo", "doc_numero", "nome", "nome_ordem", "email", "telefone",
	"nascimento", "sexo", "percurso", "camiseta", "equipe", "numero_peito", "pago", "valor", "rev", "criado_em", "atualizado_em"}

// HistoryColumns are participant_history's columns of Import.History's rows, in order.
var HistoryColumns = []string{"participant_id", "tipo", "em", "por", "por_nome", "detalhe"}

// UpdateSQL updates one participant with a row of Import.Update; a row it does not change is
// a participant the event no longer has (ErrNotFound for the import).
const UpdateSQL = `UPDATE participants SET inscricao = ?, doc_tipo = ?, doc_numero = ?, nome = ?, nome_ordem = ?, email = ?,
	telefone = ?, nascimento = ?, sexo = ?, percurso = ?, camiseta = ?, equipe = ?, numero_peito = ?, pago = ?, valor = ?,
	rev = ?, atualizado_em = ? WHERE id = ? AND event_id = ?`

// Import is what an import plan writes, as rows of parameters (times as time.Time): the
// participants added, the updates, and every one's history entry.
type Import struct {
	Add, Update, History [][]any
}

// ImportOf is what plan writes in eventID: each participant added gets a new id, and each one
// added or updated a rev, from rev on in the plan's order (the caller took them with NextRevs).
func ImportOf(eventID string, plan participant.Plan, by store.Actor, rev int64) Import {
	var im Import
	for _, a := range plan.Add {
		r := store.NewParticipantRow(eventID, a.P)
		r.ID = store.NewParticipantID()
		im.Add = append(im.Add, []any{r.ID, eventID, r.Inscricao, r.DocTipo, r.DocNumero, r.Nome, r.NomeOrdem, r.Email,
			r.Telefone, r.Nascimento, r.Sexo, r.Percurso, r.Camiseta, r.Equipe, r.NumeroPeito, r.Pago, r.Valor, rev, by.At, by.At})
		rev++
		im.History = append(im.History, []any{r.ID, participant.HistoryImported, by.At, by.UserID, by.Nome, nil})
	}
	for _, u := range plan.Update {
		r := store.NewParticipantRow(eventID, u.P)
		im.Update = append(im.Update, []any{r.Inscricao, r.DocTipo, r.DocNumero, r.Nome, r.NomeOrdem, r.Email, r.Telefone,
			r.Nascimento, r.Sexo, r.Percurso, r.Camiseta, r.Equipe, r.NumeroPeito, r.Pago, r.Valor, rev, by.At, r.ID, eventID})
		rev++
		im.History = append(im.History, []any{r.ID, participant.HistoryUpdated, by.At, by.UserID, by.Nome, string(participant.ChangesJSON(u.Changes))})
	}
	return im
}

// CheckClaimed refuses, in an import's transaction under the event's order lock (q reads in it),
// a plan that adds or updates a participant with a document sold in Pelotão or held at now (the
// clock a payment's confirmation reads, not the importer's) by an order awaiting payment: the plan left those rows out (participant.PlanImport) as they were when
// it was made, and a registration sold or held since would otherwise be beside the imported row —
// a sold athlete twice in the event (another modality escapes the unique index), or a held one
// whose Pix then goes back (REG-181, REG-303). ErrConflict: the organizer sends the file again,
// and its new plan reports them.
func CheckClaimed(ctx context.Context, q store.Query, eventID string, plan participant.Plan, now time.Time) error {
	if len(plan.Add)+len(plan.Update) == 0 {
		return nil
	}
	claimed, err := store.QueryAll(ctx, q, "claimed documents", func(row store.Scanner) (d participant.Documento, err error) {
		return d, row.Scan(&d.Tipo, &d.Numero)
	}, `SELECT doc_tipo, doc_numero FROM participants WHERE event_id = ? AND origem = 'pelotao'
		UNION SELECT r.doc_tipo, r.doc_numero FROM registrations r JOIN orders o ON o.id = r.order_id
		WHERE r.event_id = ? AND o.status = 'aguardando_pagamento' AND o.expira_em > ?`, eventID, eventID, now)
	if err != nil || len(claimed) == 0 {
		return err
	}
	taken := make(map[participant.Documento]bool, len(claimed))
	for _, d := range claimed {
		taken[d] = true
	}
	for _, a := range plan.Add {
		if taken[a.P.Documento] {
			return fmt.Errorf("%w: line %d's document was registered in Pelotão after the plan", store.ErrConflict, a.Line)
		}
	}
	for _, u := range plan.Update {
		if taken[u.P.Documento] {
			return fmt.Errorf("%w: line %d's document was registered in Pelotão after the plan", store.ErrConflict, u.Line)
		}
	}
	return nil
}
