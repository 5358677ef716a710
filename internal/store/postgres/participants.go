package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"pelotao/internal/participant"
	"pelotao/internal/store"
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

// ApplyImport implements store.ParticipantStore.
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
		rev, err := nextRevs(ctx, tx, n)
		if err != nil {
			return err
		}
		var rows, history [][]any
		for _, a := range plan.Add {
			r := store.NewParticipantRow(eventID, a.P)
			r.ID = store.NewParticipantID()
			rows = append(rows, []any{r.ID, eventID, r.Inscricao, r.DocTipo, r.DocNumero, r.Nome, r.NomeOrdem, r.Email,
				r.Telefone, r.Nascimento, r.Sexo, r.Percurso, r.Camiseta, r.Equipe, r.NumeroPeito, r.Pago, r.Valor, rev, by.At, by.At})
			rev++
			history = append(history, []any{r.ID, participant.HistoryImported, by.At, by.UserID, by.Nome, nil})
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"participants"}, []string{"id", "event_id", "inscricao", "doc_tipo",
			"doc_numero", "nome", "nome_ordem", "email", "telefone", "nascimento", "sexo", "percurso", "camiseta", "equipe",
			"numero_peito", "pago", "valor", "rev", "criado_em", "atualizado_em"}, pgx.CopyFromRows(rows)); err != nil {
			return err
		}
		var batch pgx.Batch
		for _, u := range plan.Update {
			r := store.NewParticipantRow(eventID, u.P)
			batch.Queue(`UPDATE participants SET inscricao = $1, doc_tipo = $2, doc_numero = $3, nome = $4,
				nome_ordem = $5, email = $6, telefone = $7, nascimento = $8, sexo = $9, percurso = $10, camiseta = $11,
				equipe = $12, numero_peito = $13, pago = $14, valor = $15, rev = $16, atualizado_em = $17
				WHERE id = $18 AND event_id = $19`, r.Inscricao, r.DocTipo, r.DocNumero, r.Nome, r.NomeOrdem, r.Email,
				r.Telefone, r.Nascimento, r.Sexo, r.Percurso, r.Camiseta, r.Equipe, r.NumeroPeito, r.Pago, r.Valor, rev,
				by.At, r.ID, eventID).Exec(func(tag pgconn.CommandTag) error {
				if tag.RowsAffected() == 0 {
					return fmt.Errorf("participant %s: %w", r.ID, store.ErrNotFound)
				}
				return nil
			})
			rev++
			history = append(history, []any{r.ID, participant.HistoryUpdated, by.At, by.UserID, by.Nome, string(participant.ChangesJSON(u.Changes))})
		}
		if batch.Len() > 0 {
			if err := tx.SendBatch(ctx, &batch).Close(); err != nil {
				return err
			}
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"participant_history"}, []string{"participant_id", "tipo", "em", "por", "por_nome", "detalhe"}, pgx.CopyFromRows(history))
		return err
	})
	if isUniqueViolation(err) {
		return store.ErrConflict
	}
	if err != nil {
		return fmt.Errorf("postgres: importing participants: %w", err)
	}
	return nil
}

// EventParticipants implements store.ParticipantStore.
func (s *Store) EventParticipants(ctx context.Context, eventID string) ([]participant.Participant, error) {
	return store.QueryAll(ctx, s.query, "postgres: participants", store.ScanParticipant,
		"SELECT "+store.ParticipantColumns+" FROM participants WHERE event_id = $1 ORDER BY nome_ordem, id", eventID)
}

// ParticipantsByBib implements store.ParticipantStore.
func (s *Store) ParticipantsByBib(ctx context.Context, eventID string, from, to int) ([]participant.Participant, error) {
	return store.QueryAll(ctx, s.query, "postgres: participants", store.ScanParticipant,
		"SELECT "+store.ParticipantColumns+` FROM participants
		WHERE event_id = $1 AND numero_peito BETWEEN $2 AND $3 ORDER BY numero_peito`, eventID, from, to)
}

// ListParticipants implements store.ParticipantStore.
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

// GetParticipant implements store.ParticipantStore.
func (s *Store) GetParticipant(ctx context.Context, eventID, id string) (participant.Participant, error) {
	return store.ScanOne(s.pool.QueryRow(ctx, "SELECT "+store.ParticipantColumns+" FROM participants WHERE event_id = $1 AND id = $2",
		eventID, id), "postgres: reading participant", store.ScanParticipant)
}

// ParticipantHistory implements store.ParticipantStore.
func (s *Store) ParticipantHistory(ctx context.Context, eventID, id string) ([]participant.HistoryEntry, error) {
	return store.QueryAll(ctx, s.query, "postgres: participant history", store.ScanHistoryEntry,
		`SELECT h.tipo, h.em, h.por_nome, h.detalhe FROM participant_history h JOIN participants p ON p.id = h.participant_id
		WHERE p.event_id = $1 AND h.participant_id = $2 ORDER BY h.id`, eventID, id)
}

// ParticipantSummary implements store.ParticipantStore.
func (s *Store) ParticipantSummary(ctx context.Context, eventID string) (participant.Summary, error) {
	return store.ReadParticipantSummary(ctx, s.query, "postgres: participant summary",
		`SELECT percurso, sexo, camiseta, count(*), count(*) FILTER (WHERE pago), count(kit_at),
		coalesce(sum(valor) FILTER (WHERE pago), 0), coalesce(sum(valor) FILTER (WHERE NOT pago), 0)
		FROM participants WHERE event_id = $1 GROUP BY percurso, sexo, camiseta`, eventID)
}

// ParticipantSettings implements store.ParticipantStore.
func (s *Store) ParticipantSettings(ctx context.Context, eventID string) (participant.Settings, error) {
	return store.ScanParticipantSettings(s.pool.QueryRow(ctx, "SELECT doc FROM participant_settings WHERE event_id = $1", eventID))
}

// SetParticipantSettings implements store.ParticipantStore.
func (s *Store) SetParticipantSettings(ctx context.Context, eventID string, set participant.Settings) error {
	doc, err := json.Marshal(set)
	if err != nil {
		return err
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO participant_settings (event_id, doc) VALUES ($1, $2)
		ON CONFLICT (event_id) DO UPDATE SET doc = excluded.doc`, eventID, string(doc))
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23503" { // foreign key: no such event
		return store.ErrNotFound
	}
	return err
}
