package orders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/pix"
	"pelotao/internal/store"
)

// StatementDays is how many days of Pix received the daily reconciliation reads by default
// (PELOTAO_PIX_RECONCILE_DAYS): enough to cover a webhook lost over a long weekend.
const StatementDays = 3

// StaleClaim is how long a day's pass claimed by an instance may stay unfinished before another
// instance takes it over (the first died, or the PSP failed it).
const StaleClaim = time.Hour

// Why a Pix needs attention (store.ReceivedPix.Motivo), as the organizer reads it.
const (
	MotivoSemCobranca        = "Pix sem cobrança: pago direto na chave, sem txid."
	MotivoCobrancaDesconhec  = "Pix com um txid que não é de uma cobrança do Pelotão."
	MotivoNaoRegistrado      = "Pix recebido pelo banco e ainda não registrado no pedido."
	MotivoDevolucaoAndamento = "Devolução pedida ao banco e ainda não concluída."
	MotivoDevolucaoNegada    = "O banco não realizou a devolução: devolva de novo ou fale com o comprador."
	MotivoPedidoSemPagamento = "Pedido não pago e Pix não devolvido."
)

// ReconcileStatement runs the day's reconciliation of the money at now, when this instance claims
// it (once a day across instances): it reads the Pix the key received in the last days (GET /pix,
// every page) and the Pix an earlier pass left needing attention, and finds each one to be the
// payment of a paid order (conferido), returned in full (devolvido), or neither (atencao, with
// why). A Pix of an order not yet settled — its webhook lost — is settled first, as the webhook
// would have: confirmed, or returned. A Pix with no charge of ours is kept and counted, never
// dropped. It reports whether a pass ran.
func (s *Service) ReconcileStatement(ctx context.Context, now time.Time, days int) (bool, error) {
	if s.PSP == nil {
		return false, nil
	}
	day := now.In(s.Location).Format(time.DateOnly)
	won, err := s.Store.ClaimReconciliation(ctx, day, now, now.Add(-StaleClaim))
	if err != nil || !won {
		return false, err
	}
	start := now.Add(-time.Duration(days) * 24 * time.Hour)
	received, err := s.statement(ctx, start, now)
	if err != nil {
		return false, err
	}
	earlier, err := s.Store.PixNeedingAttention(ctx)
	if err != nil {
		return false, err
	}
	seen := make(map[string]bool, len(received))
	for _, p := range received {
		seen[p.EndToEndID] = true
	}
	for _, r := range earlier {
		if !seen[r.EndToEndID] {
			received = append(received, pix.Payment{EndToEndID: r.EndToEndID, TxID: r.Txid, Amount: r.Valor, Time: r.Horario})
		}
	}
	pass := store.Reconciliation{Day: day, Start: start, End: now, Done: now, Pix: make([]store.ReceivedPix, 0, len(received))}
	settled := map[string]bool{}
	for _, p := range received {
		found, err := s.checkPix(ctx, p, settled)
		if err != nil {
			return false, fmt.Errorf("orders: reconciling Pix %s: %w", p.EndToEndID, err)
		}
		if found.EventID == "" {
			s.Log.Warn("pix received without a charge of ours", "endToEndId", p.EndToEndID, "valor", p.Amount.String(),
				"horario", p.Time.Format(time.RFC3339))
		}
		pass.Pix = append(pass.Pix, found)
	}
	if err := s.Store.SaveReconciliation(ctx, pass); err != nil {
		return false, err
	}
	s.Log.Info("pix reconciliation", "dia", day, "recebidos", len(pass.Pix))
	return true, nil
}

// statement reads every page of the Pix received from start to end.
func (s *Service) statement(ctx context.Context, start, end time.Time) ([]pix.Payment, error) {
	var all []pix.Payment
	for page := 0; ; page++ {
		ans, err := s.PSP.Received(ctx, pix.ReceivedQuery{Start: start, End: end, Page: page})
		if err != nil {
			return nil, err
		}
		all = append(all, ans.Pix...)
		if len(ans.Pix) == 0 || page+1 >= ans.Params.Paging.Pages {
			return all, nil
		}
	}
}

// checkPix finds what the Pix p is. A Pix of ours that is neither matched nor returned has its
// charge settled (once per txid in settled), then is looked at again.
func (s *Service) checkPix(ctx context.Context, p pix.Payment, settled map[string]bool) (store.ReceivedPix, error) {
	r := store.ReceivedPix{EndToEndID: p.EndToEndID, Txid: p.TxID, Valor: p.Amount, Horario: p.Time.UTC(), Situacao: store.PixAttention}
	if p.TxID == "" {
		r.Motivo = MotivoSemCobranca
		return r, nil
	}
	o, err := s.Store.OrderByTxid(ctx, p.TxID)
	if errors.Is(err, store.ErrNotFound) {
		r.Motivo = MotivoCobrancaDesconhec
		return r, nil
	}
	if err != nil {
		return r, err
	}
	r.EventID, r.OrderID = o.EventID, o.ID
	r.Situacao, r.Motivo = verdict(o, p)
	if r.Situacao != store.PixAttention || settled[p.TxID] {
		return r, nil
	}
	settled[p.TxID] = true
	if err := s.SettleNotice(ctx, p); err != nil {
		s.Log.Warn("pix reconciliation: charge not settled", "txid", p.TxID, "err", err)
	}
	if o, err = s.Store.Order(ctx, o.ID); err != nil {
		return r, err
	}
	r.Situacao, r.Motivo = verdict(o, p)
	return r, nil
}

// verdict is what the payment p of order o is, as stored: returned in full, the payment of a paid
// order (a partial refund of it leaves it so), or what keeps it from either.
func verdict(o store.Order, p pix.Payment) (situacao, motivo string) {
	recorded := false
	for _, q := range o.Pagamentos {
		recorded = recorded || q.EndToEndID == p.EndToEndID
	}
	var returned money.Centavos
	var pending, refused bool
	for _, f := range o.Reembolsos {
		if f.EndToEndID != p.EndToEndID {
			continue
		}
		switch f.Status {
		case store.RefundReturned:
			returned += f.Valor
		case store.RefundProcessing:
			pending = true
		case store.RefundFailed:
			refused = true
		}
	}
	switch {
	case !recorded:
		return store.PixAttention, MotivoNaoRegistrado
	case returned >= p.Amount:
		return store.PixReturned, ""
	case pending:
		return store.PixAttention, MotivoDevolucaoAndamento
	case refused:
		return store.PixAttention, MotivoDevolucaoNegada
	case o.Status == store.OrderPaid || o.Status == store.OrderRefunded:
		return store.PixMatched, ""
	}
	return store.PixAttention, MotivoPedidoSemPagamento
}
