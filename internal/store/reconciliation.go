package store

import (
	"context"
	"fmt"
	"time"
)

// ReconciliationStore keeps the daily reconciliation of the Pix the company's key received
// (docs/architecture.md, "Reconciliation"): which instance runs the day's pass, what each Pix
// read from the PSP's statement turned out to be, and the pass's figures.
type ReconciliationStore interface {
	// ClaimReconciliation claims the pass of day (YYYY-MM-DD) for the caller at now: true when no
	// pass of that day was claimed, or when one claimed before now-stale never finished (its
	// instance died). One claim wins however many instances ask at once.
	ClaimReconciliation(ctx context.Context, day string, now, staleBefore time.Time) (bool, error)
	// SaveReconciliation records what the pass of r.Day found, finishing it: each Pix (by its
	// endToEndId, replacing what an earlier pass said of it) and the pass's figures.
	SaveReconciliation(ctx context.Context, r Reconciliation) error
	// PixCheck reads what the last finished pass found of one event's Pix ("": the Pix with no
	// charge of ours); ErrNotFound when no pass has finished yet.
	PixCheck(ctx context.Context, eventID string) (PixCheck, error)
	// PixNeedingAttention lists every Pix the last pass that read it left needing attention,
	// whatever its age, oldest first.
	PixNeedingAttention(ctx context.Context) ([]ReceivedPix, error)
}

// What a pass found a Pix to be (ReceivedPix.Situacao).
const (
	PixMatched   = "conferido" // the payment of a paid order
	PixReturned  = "devolvido" // returned to its payer in full (DEVOLVIDO)
	PixAttention = "atencao"   // neither: someone must look (Motivo says why)
)

// Reconciliation is one pass: the window of the statement it read, when it finished, and each
// Pix it read (with the older ones still needing attention it looked at again).
type Reconciliation struct {
	Day              string
	Start, End, Done time.Time
	Pix              []ReceivedPix
}

// ReceivedPix is one Pix as a pass found it. EventID and OrderID are empty for a Pix with no
// charge of ours; nothing of the payer is kept.
type ReceivedPix struct {
	EndToEndID, Txid, EventID, OrderID string
	Valor                              int64 // centavos
	Horario                            time.Time
	Situacao, Motivo                   string
}

// PixTally is how many Pix and their sum in centavos.
type PixTally struct {
	Quantidade int
	Valor      int64
}

// PixCheck is what the last finished pass found of one event's Pix: the pass (Day, window,
// when it finished), the Pix by Situacao, and those needing attention (oldest first, at most
// MaxAttentionListed).
type PixCheck struct {
	Day              string
	Start, End, Done time.Time
	BySituacao       map[string]PixTally
	Attention        []ReceivedPix
}

// MaxAttentionListed is how many Pix needing attention PixCheck lists (all are counted).
const MaxAttentionListed = 50

// ClaimReconciliationTx is ClaimReconciliation inside tx.
func ClaimReconciliationTx(ctx context.Context, tx OrderTx, day string, now, staleBefore time.Time) (bool, error) {
	n, err := tx.Exec(ctx, `INSERT INTO pix_reconciliations (dia, iniciada_em) VALUES (?, ?)
		ON CONFLICT (dia) DO UPDATE SET iniciada_em = excluded.iniciada_em
		WHERE pix_reconciliations.concluida_em IS NULL AND pix_reconciliations.iniciada_em < ?`, day, now, staleBefore)
	if err != nil {
		return false, fmt.Errorf("store: claiming the reconciliation of %s: %w", day, err)
	}
	return n == 1, nil
}

// SaveReconciliationTx is SaveReconciliation inside tx.
func SaveReconciliationTx(ctx context.Context, tx OrderTx, r Reconciliation) error {
	// Kept to the millisecond, as SQLite stores it: PixCheck finds the pass's Pix by this time.
	r.Done = r.Done.UTC().Truncate(time.Millisecond)
	var received, matched, returned, attention int
	var total int64
	for _, p := range r.Pix {
		if _, err := tx.Exec(ctx, `INSERT INTO pix_received
			(end_to_end_id, txid, event_id, order_id, valor, horario, situacao, motivo, conferido_em) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (end_to_end_id) DO UPDATE SET txid = excluded.txid, event_id = excluded.event_id, order_id = excluded.order_id,
			valor = excluded.valor, horario = excluded.horario, situacao = excluded.situacao, motivo = excluded.motivo,
			conferido_em = excluded.conferido_em`,
			p.EndToEndID, p.Txid, p.EventID, p.OrderID, p.Valor, p.Horario, p.Situacao, p.Motivo, r.Done); err != nil {
			return fmt.Errorf("store: reconciled Pix %s: %w", p.EndToEndID, err)
		}
		received++
		total += p.Valor
		switch p.Situacao {
		case PixMatched:
			matched++
		case PixReturned:
			returned++
		default:
			attention++
		}
	}
	n, err := tx.Exec(ctx, `UPDATE pix_reconciliations SET concluida_em = ?, inicio = ?, fim = ?, recebidos = ?, valor = ?,
		conferidos = ?, devolvidos = ?, atencao = ? WHERE dia = ?`, r.Done, r.Start, r.End, received, total, matched, returned, attention, r.Day)
	if err == nil && n == 0 {
		err = ErrNotFound // a pass never claimed
	}
	if err != nil {
		return fmt.Errorf("store: the reconciliation of %s: %w", r.Day, err)
	}
	return nil
}

// PixCheck implements ReconciliationStore.
func (r OrderReader) PixCheck(ctx context.Context, eventID string) (PixCheck, error) {
	passes, err := QueryAll(ctx, r.Query, r.Name+": last reconciliation", func(row Scanner) (c PixCheck, err error) {
		err = row.Scan(&c.Day, &c.Start, &c.End, &c.Done)
		c.Start, c.End, c.Done = c.Start.UTC(), c.End.UTC(), c.Done.UTC()
		return c, err
	}, "SELECT dia, inicio, fim, concluida_em FROM pix_reconciliations WHERE concluida_em IS NOT NULL ORDER BY concluida_em DESC LIMIT 1")
	if err != nil {
		return PixCheck{}, err
	}
	if len(passes) == 0 {
		return PixCheck{}, ErrNotFound
	}
	c := passes[0]
	type group struct {
		situacao string
		t        PixTally
	}
	groups, err := QueryAll(ctx, r.Query, r.Name+": reconciled Pix", func(row Scanner) (g group, err error) {
		err = row.Scan(&g.situacao, &g.t.Quantidade, &g.t.Valor)
		return g, err
	}, "SELECT situacao, count(*), coalesce(sum(valor), 0) FROM pix_received WHERE event_id = ? AND conferido_em = ? GROUP BY situacao",
		eventID, c.Done)
	if err != nil {
		return PixCheck{}, err
	}
	c.BySituacao = map[string]PixTally{}
	for _, g := range groups {
		c.BySituacao[g.situacao] = g.t
	}
	c.Attention, err = QueryAll(ctx, r.Query, r.Name+": Pix needing attention", func(row Scanner) (p ReceivedPix, err error) {
		err = row.Scan(&p.EndToEndID, &p.Txid, &p.EventID, &p.OrderID, &p.Valor, &p.Horario, &p.Situacao, &p.Motivo)
		p.Horario = p.Horario.UTC()
		return p, err
	}, fmt.Sprintf(`SELECT end_to_end_id, txid, event_id, order_id, valor, horario, situacao, motivo FROM pix_received
		WHERE event_id = ? AND conferido_em = ? AND situacao = 'atencao' ORDER BY horario, end_to_end_id LIMIT %d`, MaxAttentionListed),
		eventID, c.Done)
	return c, err
}

// PixNeedingAttention implements ReconciliationStore: a pass reads each of them again (its
// order's charge), so that none is forgotten once it leaves the statement's window.
func (r OrderReader) PixNeedingAttention(ctx context.Context) ([]ReceivedPix, error) {
	return QueryAll(ctx, r.Query, r.Name+": Pix needing attention", func(row Scanner) (p ReceivedPix, err error) {
		err = row.Scan(&p.EndToEndID, &p.Txid, &p.EventID, &p.OrderID, &p.Valor, &p.Horario, &p.Situacao, &p.Motivo)
		p.Horario = p.Horario.UTC()
		return p, err
	}, `SELECT end_to_end_id, txid, event_id, order_id, valor, horario, situacao, motivo FROM pix_received
		WHERE situacao = 'atencao' ORDER BY horario, end_to_end_id`)
}
