package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/store"
)

func (s *Store) AddPlanInterest(ctx context.Context, p store.PlanInterest, senderIP string, limit store.SenderLimit) (store.PlanInterest, error) {
	p.CriadoEm = p.CriadoEm.UTC().Truncate(time.Microsecond)
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// The lock name is the bare hash, as before sender slots had scopes.
		sender, err := lockSender(ctx, tx, "", senderIP)
		if err != nil {
			return err
		}
		var recent int
		if err := tx.QueryRow(ctx,
			"SELECT count(*) FROM plan_interest WHERE sender_hash = $1 AND criado_em > $2",
			sender, p.CriadoEm.Add(-limit.Window)).Scan(&recent); err != nil {
			return err
		}
		if recent >= limit.Max {
			return store.ErrTooManyPlanInterests
		}
		return tx.QueryRow(ctx,
			`INSERT INTO plan_interest (nome, email, whatsapp, plano, sender_hash, criado_em)
			 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
			p.Nome, p.Email, p.WhatsApp, p.Plano, sender, p.CriadoEm).Scan(&p.ID)
	})
	if err != nil {
		return store.PlanInterest{}, err
	}
	return p, nil
}

func (s *Store) PlanInterests(ctx context.Context) ([]store.PlanInterest, error) {
	rows, err := s.pool.Query(ctx,
		"SELECT id, nome, email, whatsapp, plano, criado_em FROM plan_interest ORDER BY criado_em DESC, id DESC")
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.PlanInterest, error) {
		var p store.PlanInterest
		err := row.Scan(&p.ID, &p.Nome, &p.Email, &p.WhatsApp, &p.Plano, &p.CriadoEm)
		p.CriadoEm = p.CriadoEm.UTC()
		return p, err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
