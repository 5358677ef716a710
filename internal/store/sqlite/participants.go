package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"pelotao/internal/participant"
	"pelotao/internal/store"
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
func batchInsert(ctx context.Context, tx *sql.Tx, table string, columns string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	width := len(rows[0])
	perStmt := max(1, 30000/width) // SQLite allows 32,766 parameters per statement
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", width), ", ") + ")"
	for start := 0; start < len(rows); start += perStmt {
		chunk := rows[start:min(start+perStmt, len(rows))]
		args := make([]any, 0, len(chunk)*width)
		for _, r := range chunk {
			args = append(args, r...)
		}
		q := "INSERT INTO " + table + " (" + columns + ") VALUES " + strings.TrimSuffix(strings.Repeat(one+", ", len(chunk)), ", ")
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return err
		}
	}
	return nil
}

const participantInsertColumns = `id, event_id, inscricao, doc_tipo, doc_numero, nome, nome_ordem, email, telefone,
	nascimento, sexo, percurso, camiseta, equipe, numero_peito, pago, valor, rev, criado_em, atualizado_em`

// ApplyImport implements store.ParticipantStore.
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
	rev, err := nextRevs(ctx, tx, n)
	if err != nil {
		return err
	}
	at := unixMilli(by.At)
	var rows, history [][]any
	for _, a := range plan.Add {
		r := store.NewParticipantRow(eventID, a.P)
		r.ID = store.NewParticipantID()
		rows = append(rows, []any{r.ID, eventID, r.Inscricao, r.DocTipo, r.DocNumero, r.Nome, r.NomeOrdem, r.Email,
			r.Telefone, r.Nascimento, r.Sexo, r.Percurso, r.Camiseta, r.Equipe, r.NumeroPeito, r.Pago, r.Valor, rev, at, at})
		rev++
		history = append(history, []any{r.ID, participant.HistoryImported, at, by.UserID, by.Nome, nil})
	}
	if err := batchInsert(ctx, tx, "participants", participantInsertColumns, rows); err != nil {
		if isUniqueViolation(err) {
			return store.ErrConflict
		}
		return fmt.Errorf("sqlite: adding participants: %w", err)
	}
	if len(plan.Update) > 0 {
		upd, err := tx.PrepareContext(ctx, `UPDATE participants SET inscricao = ?, doc_tipo = ?, doc_numero = ?, nome = ?,
			nome_ordem = ?, email = ?, telefone = ?, nascimento = ?, sexo = ?, percurso = ?, camiseta = ?, equipe = ?,
			numero_peito = ?, pago = ?, valor = ?, rev = ?, atualizado_em = ? WHERE id = ? AND event_id = ?`)
		if err != nil {
			return err
		}
		defer upd.Close()
		for _, u := range plan.Update {
			r := store.NewParticipantRow(eventID, u.P)
			res, err := upd.ExecContext(ctx, r.Inscricao, r.DocTipo, r.DocNumero, r.Nome, r.NomeOrdem, r.Email, r.Telefone,
				r.Nascimento, r.Sexo, r.Percurso, r.Camiseta, r.Equipe, r.NumeroPeito, r.Pago, r.Valor, rev, at, r.ID, eventID)
			if isUniqueViolation(err) {
				return store.ErrConflict
			}
			if err := affectedOne(res, err); err != nil {
				return fmt.Errorf("sqlite: updating participant %s: %w", r.ID, err)
			}
			rev++
			history = append(history, []any{r.ID, participant.HistoryUpdated, at, by.UserID, by.Nome, string(participant.ChangesJSON(u.Changes))})
		}
	}
	if err := batchInsert(ctx, tx, "participant_history", "participant_id, tipo, em, por, por_nome, detalhe", history); err != nil {
		return fmt.Errorf("sqlite: participant history: %w", err)
	}
	return tx.Commit()
}

// EventParticipants implements store.ParticipantStore.
func (s *Store) EventParticipants(ctx context.Context, eventID string) ([]participant.Participant, error) {
	return store.QueryAll(ctx, s.query, "sqlite: participants", store.ScanParticipant,
		"SELECT "+store.ParticipantColumns+" FROM participants WHERE event_id = ? ORDER BY nome_ordem, id", eventID)
}

// ParticipantsByBib implements store.ParticipantStore.
func (s *Store) ParticipantsByBib(ctx context.Context, eventID string, from, to int) ([]participant.Participant, error) {
	return store.QueryAll(ctx, s.query, "sqlite: participants", store.ScanParticipant,
		"SELECT "+store.ParticipantColumns+` FROM participants
		WHERE event_id = ? AND numero_peito BETWEEN ? AND ? ORDER BY numero_peito`, eventID, from, to)
}

// ListParticipants implements store.ParticipantStore.
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

// GetParticipant implements store.ParticipantStore.
func (s *Store) GetParticipant(ctx context.Context, eventID, id string) (participant.Participant, error) {
	return store.ScanOne(timeRow{s.read.row(ctx, "SELECT "+store.ParticipantColumns+" FROM participants WHERE event_id = ? AND id = ?",
		eventID, id)}, "sqlite: reading participant", store.ScanParticipant)
}

// ParticipantHistory implements store.ParticipantStore.
func (s *Store) ParticipantHistory(ctx context.Context, eventID, id string) ([]participant.HistoryEntry, error) {
	return store.QueryAll(ctx, s.query, "sqlite: participant history", store.ScanHistoryEntry,
		`SELECT h.tipo, h.em, h.por_nome, h.detalhe FROM participant_history h JOIN participants p ON p.id = h.participant_id
		WHERE p.event_id = ? AND h.participant_id = ? ORDER BY h.id`, eventID, id)
}

// ParticipantSummary implements store.ParticipantStore.
func (s *Store) ParticipantSummary(ctx context.Context, eventID string) (participant.Summary, error) {
	return store.ReadParticipantSummary(ctx, s.query, "sqlite: participant summary",
		`SELECT percurso, sexo, camiseta, count(*), sum(pago), count(kit_at),
		coalesce(sum(CASE WHEN pago THEN valor END), 0), coalesce(sum(CASE WHEN pago THEN NULL ELSE valor END), 0)
		FROM participants WHERE event_id = ? GROUP BY percurso, sexo, camiseta`, eventID)
}

// ParticipantSettings implements store.ParticipantStore.
func (s *Store) ParticipantSettings(ctx context.Context, eventID string) (participant.Settings, error) {
	return store.ScanParticipantSettings(s.read.row(ctx, "SELECT doc FROM participant_settings WHERE event_id = ?", eventID))
}

// SetParticipantSettings implements store.ParticipantStore.
func (s *Store) SetParticipantSettings(ctx context.Context, eventID string, set participant.Settings) error {
	doc, err := json.Marshal(set)
	if err != nil {
		return err
	}
	_, err = s.write.ExecContext(ctx, `INSERT INTO participant_settings (event_id, doc) VALUES (?, ?)
		ON CONFLICT (event_id) DO UPDATE SET doc = excluded.doc`, eventID, string(doc))
	if err != nil && strings.Contains(err.Error(), "FOREIGN KEY") {
		return store.ErrNotFound
	}
	return err
}
