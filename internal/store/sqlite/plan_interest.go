package sqlite

import (
	"context"
	"fmt"
	"time"

	"pelotao/internal/store"
)

func (s *Store) AddPlanInterest(ctx context.Context, p store.PlanInterest, senderIP string, limit store.SenderLimit) (store.PlanInterest, error) {
	// The write pool's single connection and BEGIN IMMEDIATE make count-then-insert atomic.
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return store.PlanInterest{}, err
	}
	defer tx.Rollback()

	sender, err := senderHash(ctx, tx, senderIP)
	if err != nil {
		return store.PlanInterest{}, err
	}
	p.CriadoEm = p.CriadoEm.UTC().Truncate(time.Millisecond)

	var recent int
	if err := tx.QueryRowContext(ctx,
		"SELECT count(*) FROM plan_interest WHERE sender_hash = ? AND criado_em > ?",
		sender, formatTime(p.CriadoEm.Add(-limit.Window))).Scan(&recent); err != nil {
		return store.PlanInterest{}, err
	}
	if recent >= limit.Max {
		return store.PlanInterest{}, store.ErrTooManyPlanInterests
	}
	err = tx.QueryRowContext(ctx,
		`INSERT INTO plan_interest (nome, email, whatsapp, plano, sender_hash, criado_em)
		 VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
		p.Nome, p.Email, p.WhatsApp, p.Plano, sender, formatTime(p.CriadoEm)).Scan(&p.ID)
	if err != nil {
		return store.PlanInterest{}, err
	}
	return p, tx.Commit()
}

func (s *Store) PlanInterests(ctx context.Context) ([]store.PlanInterest, error) {
	rows, err := s.read.rows(ctx,
		"SELECT id, nome, email, whatsapp, plano, criado_em FROM plan_interest ORDER BY criado_em DESC, id DESC")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []store.PlanInterest{}
	for rows.Next() {
		var p store.PlanInterest
		var criado string
		if err := rows.Scan(&p.ID, &p.Nome, &p.Email, &p.WhatsApp, &p.Plano, &criado); err != nil {
			return nil, err
		}
		if p.CriadoEm, err = parseTime(criado); err != nil {
			return nil, fmt.Errorf("sqlite: plan_interest %d: criado_em %q: %w", p.ID, criado, err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
