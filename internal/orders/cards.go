package orders

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	"pelotao/internal/mail"
	"pelotao/internal/mercadopago"
	"pelotao/internal/money"
	"pelotao/internal/store"
)

// ErrNoCards: the operation needs a card provider and none is configured.
var ErrNoCards = errors.New("orders: no card provider configured")

// SettleCardPayment acts on the card payment a notification names (CARD-22): the notification is
// only a hint, so the payment is read back from the card provider (SettleCardPaymentOf).
// ErrNotFound: the payment names no order of ours (it was logged by the caller).
func (s *Service) SettleCardPayment(ctx context.Context, paymentID int64) error {
	if s.Cards == nil {
		return ErrNoCards
	}
	p, err := s.Cards.Payment(ctx, paymentID)
	if err != nil {
		return err
	}
	return s.SettleCardPaymentOf(ctx, p)
}

// SettleCardOrder reads back the card payments of an order that ever had a preference (GET
// /v1/payments/search?external_reference=), so that a lost notification only delays its
// confirmation or its return (CARD-25). An order without one is left alone.
func (s *Service) SettleCardOrder(ctx context.Context, o store.Order) error {
	if s.Cards == nil || o.Preferencia == "" {
		return nil
	}
	ps, err := s.Cards.SearchPayments(ctx, o.ID)
	if err != nil {
		return err
	}
	for _, p := range ps {
		if err := s.SettleCardPaymentOf(ctx, p); err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	return nil
}

// SettleCardPaymentOf records the card payment p, as the provider answered it, on the order its
// external_reference names, once per payment id and status. Approved in reais for exactly the
// order's total, it confirms the order — after its hold too if the registrations still fit, as a
// late Pix (CARD-23); what cannot confirm is refunded in full, the buyer told why, with the
// reasons of a Pix (confirmed). Approved for another amount or currency: recorded and refunded in
// full, never half-accepted. Declined (rejected, cancelled): the order stays awaiting payment,
// the buyer may try again or switch to Pix; waiting (in_process, pending…): nothing yet.
// ErrNotFound: no order of ours has this external_reference.
func (s *Service) SettleCardPaymentOf(ctx context.Context, p mercadopago.Payment) error {
	if p.ExternalReference == "" {
		return store.ErrNotFound
	}
	o, err := s.Store.Order(ctx, p.ExternalReference)
	if err != nil {
		return err
	}
	cp := cardPayment(p)
	switch {
	case p.Status == mercadopago.StatusApproved && !p.Pays(o.ID, o.Total):
		if _, _, err := s.Store.RecordCardPayment(ctx, o.ID, cp, MotivoValorDiferente); err != nil {
			return err
		}
		return s.returnPayment(ctx, o, cp.ID, store.PaymentCard, cp.Valor, MotivoValorDiferente)
	case p.Status == mercadopago.StatusApproved:
		e, err := s.Store.GetEvent(ctx, o.EventID)
		if err != nil {
			return err
		}
		paid, err := s.Store.ConfirmCardPayment(ctx, o.ID, cp, EventCapacity(&e))
		return s.confirmed(ctx, paid, err, cp.ID, store.PaymentCard, cp.Valor)
	case p.Status == mercadopago.StatusRefunded || p.Status == mercadopago.StatusChargedBack:
		return s.cardReversed(ctx, o, cp)
	default:
		_, _, err := s.Store.RecordCardPayment(ctx, o.ID, cp, "")
		return err
	}
}

// A chargeback arrives weeks after the payment, and its notification may be lost as any other:
// the reconciliation reads back the approved card payments of paid orders for CardCheckWindow
// after their approval, each at most once every CardCheckEvery, and at most CardChecksPerTick a
// tick, the least recently read first, so that a big event does not flood Mercado Pago (with a
// tick a minute: 7 200 payments read every 6 hours; more are read less often) (CARD-51).
const (
	CardCheckWindow   = 120 * 24 * time.Hour
	CardCheckEvery    = 6 * time.Hour
	CardChecksPerTick = 20
)

// ReconcilePaidCards reads back from the card provider (GET /v1/payments/{id}) the approved card
// payments of paid orders the store picks at now (ClaimCardChecks), and records what it answers
// as a notification would (SettleCardPaymentOf): refunded or charged back, the order is marked
// and its owner told (CARD-51). A failure is logged; the payment is read again in its turn.
func (s *Service) ReconcilePaidCards(ctx context.Context, now time.Time) {
	if s.Cards == nil {
		return
	}
	ids, err := s.Store.ClaimCardChecks(ctx, now.Add(-CardCheckWindow), now.Add(-CardCheckEvery), now, CardChecksPerTick)
	if err != nil {
		s.Log.Warn("card payments read back", "err", err)
		return
	}
	for _, id := range ids {
		n, err := strconv.ParseInt(id, 10, 64)
		if err == nil {
			err = s.SettleCardPayment(ctx, n)
		}
		if err != nil {
			s.Log.Warn("card payment read back", "payment", id, "err", err)
		}
	}
}

// MotivoEstornoMercadoPago is why the buyer's card money went back when Mercado Pago refunded it
// at its side (CARD-24).
const MotivoEstornoMercadoPago = "O seu pagamento com cartão foi estornado pelo Mercado Pago."

// keyEstornoMercadoPago names the refund Pelotão records for a payment Mercado Pago refunded at
// its side: recording it again is the same refund.
const keyEstornoMercadoPago = "estorno-mercado-pago"

// cardReversed records card payment p of order o that Mercado Pago reports refunded or charged
// back (CARD-24), once per status. Of a paid order's payment: refunded, what our own refunds had
// not returned is recorded as returned (DEVOLVIDO) — the order becomes reembolsado when nothing is
// left, its registrations cancelled, as any refund in full — after asking back our refunds of it
// still pending; charged back, the order is marked contestado (the payment's status) and keeps its
// registrations. Either way the event's owner is told.
func (s *Service) cardReversed(ctx context.Context, o store.Order, p store.CardPayment) error {
	if _, changed, err := s.Store.RecordCardPayment(ctx, o.ID, p, ""); err != nil || !changed || o.Status != store.OrderPaid ||
		!slices.ContainsFunc(o.Pagamentos, func(q store.Payment) bool { return q.EndToEndID == p.ID }) {
		return err
	}
	if p.Status == string(mercadopago.StatusChargedBack) {
		s.tellOwner(ctx, o, p.Valor, true)
		return nil
	}
	s.readBackRefunds(ctx, p.ID)
	now, err := s.Store.Order(ctx, o.ID)
	if err != nil {
		return err
	}
	rest := left(now)[p.ID]
	if rest <= 0 {
		return nil // returned by our own refunds
	}
	r := store.Refund{ID: refundID(o.ID, keyEstornoMercadoPago, p.ID), OrderID: o.ID, EndToEndID: p.ID, Metodo: store.PaymentCard,
		Valor: rest, Motivo: MotivoEstornoMercadoPago, Status: store.RefundProcessing}
	if _, err := s.Store.AddRefund(ctx, o.ID, r, store.Actor{Nome: "Mercado Pago", At: s.now()}); err != nil {
		if errors.Is(err, store.ErrRefundTooLarge) {
			return nil
		}
		return err
	}
	s.settle(ctx, r, store.RefundReturned)
	s.tellOwner(ctx, o, rest, false)
	return nil
}

// tellOwner e-mails the event's owner that Mercado Pago refunded valor of order o at its side, or
// that the buyer contested it (CARD-24); a failure is logged.
func (s *Service) tellOwner(ctx context.Context, o store.Order, valor money.Centavos, contestado bool) {
	if s.Mailer == nil {
		return
	}
	e, err := s.Store.GetEvent(ctx, o.EventID)
	if err != nil {
		s.Log.Warn("card reversal e-mail: event", "order", o.ID, "err", err)
		return
	}
	u, err := s.Store.UserByID(ctx, e.OwnerID)
	if err != nil {
		s.Log.Warn("card reversal e-mail: owner", "order", o.ID, "err", err)
		return
	}
	msg, err := mail.CardReversal(mail.CardReversalNotice{To: u.Email, Nome: u.DisplayName, Evento: e.Titulo, PedidoID: o.ID, Valor: valor,
		Contestado: contestado, Painel: s.BaseURL + "/dashboard/eventos/" + o.EventID})
	if err == nil {
		err = s.Mailer.Send(ctx, msg)
	}
	if err != nil {
		s.Log.Warn("card reversal e-mail not sent", "order", o.ID, "err", err)
	}
}

// cardPayment is a Mercado Pago payment as the store records it.
func cardPayment(p mercadopago.Payment) store.CardPayment {
	return store.CardPayment{ID: strconv.FormatInt(p.ID, 10), Status: string(p.Status), StatusDetail: p.StatusDetail,
		Valor: p.TransactionAmount, Parcelas: p.Installments, Taxas: p.Fees(),
		Liquido: p.TransactionDetails.NetReceivedAmount}
}

// withdrawPreference makes a card preference unpayable (CARD-6); a failure is logged: the
// preference ends at its own expiration_date_to, the hold's end, and a payment that still
// arrives is confirmed or refunded like any late one.
func (s *Service) withdrawPreference(ctx context.Context, id string) {
	if s.Cards == nil || id == "" {
		return
	}
	if err := s.Cards.WithdrawPreference(ctx, id); err != nil {
		s.Log.Warn("card preference not withdrawn", "preference", id, "err", err)
	}
}

// CardRefundGiveUp is how long after it was made a refund Mercado Pago refuses (4xx) is asked
// again: past it, it is recorded NAO_REALIZADO, so the organizer sees it failed and may refund
// again (CARD-52). A provider down (5xx) is waited for without end, as for a Pix.
const CardRefundGiveUp = 24 * time.Hour

// sendCard asks the card provider for refund r of a card payment (POST
// /v1/payments/{id}/refunds, its X-Idempotency-Key the refund's id, so a retry is the same
// refund) and records the answer when final: approved DEVOLVIDO; rejected or cancelled
// NAO_REALIZADO; in process, pending until read again (poll reads the payment's refunds back at
// once). A refund the provider cannot take (5xx, down) stays pending, shown so, and the
// reconciliation asks for it again with the same key (CARD-26); one it refuses (4xx) is settled
// by refusedCard (CARD-52).
func (s *Service) sendCard(ctx context.Context, r store.Refund, poll bool) {
	if s.Cards == nil {
		return
	}
	id, err := strconv.ParseInt(r.EndToEndID, 10, 64)
	if err != nil {
		s.Log.Warn("card refund of no card payment", "refund", r.ID, "payment", r.EndToEndID)
		return
	}
	ans, err := s.Cards.Refund(ctx, id, r.ID, r.Valor)
	if err == nil && poll && ans.Status == mercadopago.RefundInProcess {
		var all []mercadopago.Refund
		if all, err = s.Cards.Refunds(ctx, id); err == nil {
			for _, f := range all {
				if f.ID == ans.ID {
					ans = f
				}
			}
		}
	}
	var refused *mercadopago.Rejected
	switch {
	case errors.As(err, &refused):
		s.refusedCard(ctx, r, id, err)
	case err != nil:
		s.Log.Warn("card refund pending", "refund", r.ID, "err", err)
	case ans.Status == mercadopago.RefundApproved:
		s.settle(ctx, r, store.RefundReturned)
	case ans.Status == mercadopago.RefundRejected || ans.Status == mercadopago.RefundCancelled:
		s.settle(ctx, r, store.RefundFailed)
	}
}

// refusedCard settles refund r of card payment id that Mercado Pago refused (4xx, refusal). A
// refund it made under r's X-Idempotency-Key would have been answered again, not refused, so
// the refusal means it holds none: the payment is read back (GET /v1/payments/{id}), and when
// it is refunded in full the money is back (refunded at Mercado Pago's panel meanwhile):
// DEVOLVIDO; otherwise r stays pending, asked again by the reconciliation, until
// CardRefundGiveUp after it was made: NAO_REALIZADO (CARD-52).
func (s *Service) refusedCard(ctx context.Context, r store.Refund, id int64, refusal error) {
	p, err := s.Cards.Payment(ctx, id)
	switch {
	case err == nil && p.Status == mercadopago.StatusRefunded:
		s.settle(ctx, r, store.RefundReturned)
	case !r.CriadoEm.IsZero() && s.now().Sub(r.CriadoEm) >= CardRefundGiveUp:
		s.Log.Warn("card refund refused: not made", "refund", r.ID, "err", refusal)
		s.settle(ctx, r, store.RefundFailed)
	default:
		s.Log.Warn("card refund refused: pending", "refund", r.ID, "err", refusal)
	}
}
