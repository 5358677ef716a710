package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

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

// scanParticipant reads store.ParticipantColumns (and extra destinations after them).
func scanParticipant(row pgx.Row, extra ...any) (participant.Participant, error) {
	var p participant.Participant
	var valor *int64
	var bib *int32
	var kitAt *time.Time
	var balcao, por, retiradoPor, camiseta *string
	dest := append([]any{&p.ID, &p.Inscricao, &p.Documento.Tipo, &p.Documento.Numero, &p.Nome, &p.Email, &p.Telefone,
		&p.Nascimento, &p.Sexo, &p.Percurso, &p.Camiseta, &p.Equipe, &bib, &p.Pago, &valor, &kitAt, &balcao, &por,
		&retiradoPor, &camiseta, &p.Rev}, extra...)
	if err := row.Scan(dest...); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return p, store.ErrNotFound
		}
		return p, err
	}
	if bib != nil {
		n := int(*bib)
		p.NumeroPeito = &n
	}
	if valor != nil {
		v := participant.Centavos(*valor)
		p.Valor = &v
	}
	if kitAt != nil {
		str := func(s *string) string {
			if s == nil {
				return ""
			}
			return *s
		}
		p.KitRetirado = &participant.Kit{At: kitAt.UTC(), Balcao: str(balcao), Por: str(por), CamisetaEntregue: str(camiseta)}
		if str(retiradoPor) != "" {
			var t participant.Terceiro
			if err := json.Unmarshal([]byte(*retiradoPor), &t); err != nil {
				return p, fmt.Errorf("postgres: participant %s: kit_retirado_por: %w", p.ID, err)
			}
			p.KitRetirado.RetiradoPor = &t
		}
	}
	return p, nil
}

func (s *Store) queryParticipants(ctx context.Context, q string, args ...any) ([]participant.Participant, error) {
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: participants: %w", err)
	}
	defer rows.Close()
	out := []participant.Participant{}
	for rows.Next() {
		p, err := scanParticipant(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: participants: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// EventParticipants implements store.ParticipantStore.
func (s *Store) EventParticipants(ctx context.Context, eventID string) ([]participant.Participant, error) {
	return s.queryParticipants(ctx, "SELECT "+store.ParticipantColumns+" FROM participants WHERE event_id = $1 ORDER BY nome_ordem, id", eventID)
}

// ParticipantsByBib implements store.ParticipantStore.
func (s *Store) ParticipantsByBib(ctx context.Context, eventID string, from, to int) ([]participant.Participant, error) {
	return s.queryParticipants(ctx, "SELECT "+store.ParticipantColumns+` FROM participants
		WHERE event_id = $1 AND numero_peito BETWEEN $2 AND $3 ORDER BY numero_peito`, eventID, from, to)
}

// ListParticipants implements store.ParticipantStore.
func (s *Store) ListParticipants(ctx context.Context, q store.ParticipantQuery) (store.ParticipantPage, error) {
	var rev int64
	if err := s.pool.QueryRow(ctx, "SELECT coalesce(max(rev), 0) FROM participants WHERE event_id = $1", q.EventID).Scan(&rev); err != nil {
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
	return scanParticipant(s.pool.QueryRow(ctx, "SELECT "+store.ParticipantColumns+" FROM participants WHERE event_id = $1 AND id = $2", eventID, id))
}

// ParticipantHistory implements store.ParticipantStore.
func (s *Store) ParticipantHistory(ctx context.Context, eventID, id string) ([]participant.HistoryEntry, error) {
	rows, err := s.pool.Query(ctx, `SELECT h.tipo, h.em, h.por_nome, h.detalhe FROM participant_history h
		JOIN participants p ON p.id = h.participant_id WHERE p.event_id = $1 AND h.participant_id = $2 ORDER BY h.id`, eventID, id)
	if err != nil {
		return nil, fmt.Errorf("postgres: participant history: %w", err)
	}
	defer rows.Close()
	out := []participant.HistoryEntry{}
	for rows.Next() {
		var h participant.HistoryEntry
		var detalhe *string
		if err := rows.Scan(&h.Tipo, &h.Em, &h.Por, &detalhe); err != nil {
			return nil, fmt.Errorf("postgres: participant history: %w", err)
		}
		h.Em = h.Em.UTC()
		if detalhe != nil {
			h.Detalhe = json.RawMessage(*detalhe)
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// ParticipantSummary implements store.ParticipantStore.
func (s *Store) ParticipantSummary(ctx context.Context, eventID string) (participant.Summary, error) {
	sum := participant.Summary{PorPercurso: map[string]int{}, PorSexo: map[string]int{}, PorCamiseta: map[string]map[string]int{}}
	rows, err := s.pool.Query(ctx, `SELECT percurso, sexo, camiseta, count(*), count(*) FILTER (WHERE pago), count(kit_at)
		FROM participants WHERE event_id = $1 GROUP BY percurso, sexo, camiseta`, eventID)
	if err != nil {
		return sum, fmt.Errorf("postgres: participant summary: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var percurso, sexo, camiseta string
		var n, pagos, kits int
		if err := rows.Scan(&percurso, &sexo, &camiseta, &n, &pagos, &kits); err != nil {
			return sum, fmt.Errorf("postgres: participant summary: %w", err)
		}
		store.AddToSummary(&sum, percurso, sexo, camiseta, n, pagos, kits)
	}
	return sum, rows.Err()
}

// ParticipantSettings implements store.ParticipantStore.
func (s *Store) ParticipantSettings(ctx context.Context, eventID string) (participant.Settings, error) {
	var doc string
	err := s.pool.QueryRow(ctx, "SELECT doc FROM participant_settings WHERE event_id = $1", eventID).Scan(&doc)
	return store.DecodeParticipantSettings(doc, err, pgx.ErrNoRows)
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
