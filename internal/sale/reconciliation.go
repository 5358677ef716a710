package sale

import (
	"context"
	"fmt"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/store"
)

// ClaimReconciliationTx is ClaimReconciliation inside tx.
func ClaimReconciliationTx(ctx context.Context, tx OrderTx, day string, now, staleBefore time.Time) (bool, error) {
	n, err := tx.Exec(ctx, `INSERT INTO pix_reconciliations (dia, iniciada_em) VALUES (?, ?)
		ON CONFLICT (dia) DO UPDATE SET iniciada_em = excluded.iniciada_em
		WHERE pix_reconciliations.concluida_em IS NULL AND pix_reconciliations.iniciada_em < ?`, day, now, staleBefore)
	if err != nil {
		return false, fmt.Errorf("sale: claiming the reconciliation of %s: %w", day, err)
	}
	return n == 1, nil
}

// SaveReconciliationTx is SaveReconciliation inside tx.
func SaveReconciliationTx(ctx context.Context, tx OrderTx, r store.Reconciliation) error {
	// Kept to the millisecond, as SQLite stores it: PixCheck finds the pass's Pix by this time.
	r.Done = r.Done.UTC().Truncate(time.Millisecond)
	var received, matched, returned, attention int
	var total money.Centavos
	for _, p := range r.Pix {
		if _, err := tx.Exec(ctx, `INSERT INTO pix_received
			(end_to_end_id, txid, event_id, order_id, valor, horario, situacao, motivo, conferido_em) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (end_to_end_id) DO UPDATE SET txid = excluded.txid, event_id = excluded.event_id, order_id = excluded.order_id,
			valor = excluded.valor, horario = excluded.horario, situacao = excluded.situacao, motivo = excluded.motivo,
			conferido_em = excluded.conferido_em`,
			p.EndToEndID, p.Txid, p.EventID, p.OrderID, p.Valor, p.Horario, p.Situacao, p.Motivo, r.Done); err != nil {
			return fmt.Errorf("sale: reconciled Pix %s: %w", p.EndToEndID, err)
		}
		received++
		total += p.Valor
		switch p.Situacao {
		case store.PixMatched:
			matched++
		case store.PixReturned:
			returned++
		default:
			attention++
		}
	}
	n, err := tx.Exec(ctx, `UPDATE pix_reconciliations SET concluida_em = ?, inicio = ?, fim = ?, recebidos = ?, valor = ?,
		conferidos = ?, devolvidos = ?, atencao = ? WHERE dia = ?`, r.Done, r.Start, r.End, received, total, matched, returned, attention, r.Day)
	if err == nil && n == 0 {
		err = store.ErrNotFound // a pass never claimed
	}
	if err != nil {
		return fmt.Errorf("sale: the reconciliation of %s: %w", r.Day, err)
	}
	return nil
}

// PixCheck implements ReconciliationStore.
func (r OrderReader) PixCheck(ctx context.Context, eventID string) (store.PixCheck, error) {
	passes, err := store.QueryAll(ctx, r.Query, r.Name+": last reconciliation", func(row store.Scanner) (c store.PixCheck, err error) {
		err = row.Scan(&c.Day, &c.Start, &c.End, &c.Done)
		c.Start, c.End, c.Done = c.Start.UTC(), c.End.UTC(), c.Done.UTC()
		return c, err
	}, "SELECT dia, inicio, fim, concluida_em FROM pix_reconciliations WHERE concluida_em IS NOT NULL ORDER BY concluida_em DESC LIMIT 1")
	if err != nil {
		return store.PixCheck{}, err
	}
	if len(passes) == 0 {
		return store.PixCheck{}, store.ErrNotFound
	}
	c := passes[0]
	type group struct {
		situacao string
		t        store.PixTally
	}
	groups, err := store.QueryAll(ctx, r.Query, r.Name+": reconciled Pix", func(row store.Scanner) (g group, err error) {
		err = row.Scan(&g.situacao, &g.t.Quantidade, &g.t.Valor)
		return g, err
	}, "SELECT situacao, count(*), coalesce(sum(valor), 0) FROM pix_received WHERE event_id = ? AND conferido_em = ? GROUP BY situacao",
		eventID, c.Done)
	if err != nil {
		return store.PixCheck{}, err
	}
	c.BySituacao = map[string]store.PixTally{}
	for _, g := range groups {
		c.BySituacao[g.situacao] = g.t
	}
	c.Attention, err = store.QueryAll(ctx, r.Query, r.Name+": Pix needing attention", func(row store.Scanner) (p store.ReceivedPix, err error) {
		err = row.Scan(&p.EndToEndID, &p.Txid, &p.EventID, &p.OrderID, &p.Valor, &p.Horario, &p.Situacao, &p.Motivo)
		p.Horario = p.Horario.UTC()
		return p, err
	}, fmt.Sprintf(`SELECT end_to_end_id, txid, event_id, order_id, valor, horario, situacao, motivo FROM pix_received
		WHERE event_id = ? AND conferido_em = ? AND situacao = 'atencao' ORDER BY horario, end_to_end_id LIMIT %d`, store.MaxAttentionListed),
		eventID, c.Done)
	return c, err
}

// PixNeedingAttention implements ReconciliationStore: a pass reads each of them again (its
// order's charge), so that none is forgotten once it leaves the statement's window.
func (r OrderReader) PixNeedingAttention(ctx context.Context) ([]store.ReceivedPix, error) {
	return store.QueryAll(ctx, r.Query, r.Name+": Pix needing attention", func(row store.Scanner) (p store.ReceivedPix, err error) {
		err = row.Scan(&p.EndToEndID, &p.Txid, &p.EventID, &p.OrderID, &p.Valor, &p.Horario, &p.Situacao, &p.Motivo)
		p.Horario = p.Horario.UTC()
		return p, err
	}, `SELECT end_to_end_id, txid, event_id, order_id, valor, horario, situacao, motivo FROM pix_received
		WHERE situacao = 'atencao' ORDER BY horario, end_to_end_id`)
}
