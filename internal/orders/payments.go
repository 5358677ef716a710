package orders

import (
	"context"
	"errors"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/pix"
	"pelotao/internal/store"
)

// LateWindow is how long after its hold an expired order's charge is still read back, so that a
// payment made at the last second is found (and confirmed, or returned).
const LateWindow = 24 * time.Hour

// WebhookGrace is how old a charge must be before the reconciliation reads it back: a PSP
// notifies a payment within seconds, so reading a younger charge would almost always find it
// unpaid, and during a registration opening it would take the writer's time from the buyers.
const WebhookGrace = 30 * time.Second

// SettleNotice acts on one Pix a webhook reports; the webhook itself is never trusted. A Pix
// naming a charge of ours (its txid) has that charge read back (SettleOrder), and its order's
// refunds still pending with it: the PSP notifies a devolução on the charge's payment too, and
// its notice may come before, after or instead of the payment's. Any other Pix — paid straight
// to the key (no txid, as the API allows), or naming a charge that is not ours — confirms
// nothing; when it reports devoluções, the refunds still pending on that payment are read back
// all the same. ErrNotFound: p names no charge of ours (and was acted on as said).
func (s *Service) SettleNotice(ctx context.Context, p pix.Payment) error {
	if p.TxID == "" {
		return s.notOurs(ctx, p)
	}
	o, err := s.Store.OrderByTxid(ctx, p.TxID)
	if errors.Is(err, store.ErrNotFound) {
		return s.notOurs(ctx, p)
	}
	if err != nil {
		return err
	}
	if err := s.SettleOrder(ctx, o); err != nil {
		return err
	}
	for _, r := range o.Reembolsos {
		if r.Status == store.RefundProcessing {
			r.OrderID = o.ID
			s.send(ctx, r, true)
		}
	}
	return nil
}

// notOurs acts on a Pix of no charge of ours: the refunds pending on it, if it reports any, are
// read back; it answers ErrNotFound.
func (s *Service) notOurs(ctx context.Context, p pix.Payment) error {
	if len(p.Refunds) > 0 {
		s.readBackRefunds(ctx, p.EndToEndID)
	}
	return store.ErrNotFound
}

// SettleOrder reads the order's charge back from the PSP. Paid in full — CONCLUIDA, its
// valor.original the order's total and its pix[] adding up to it — each payment confirms the
// order, after its hold too if the registrations still fit, at the price charged. What cannot
// confirm is returned in full, automatically, and the buyer is told: a late payment without
// room, a payment of another amount than the order's (never half-accepted, even when the charge
// itself was changed at the PSP to that amount), a payment of an order paid or cancelled before,
// a payment of an order one of whose documents was registered in the event meanwhile (imported by
// the organizer).
// The same payment read again changes nothing, but for a refused payment whose return was never
// recorded (the server stopped, or the database failed, after the refusal): it is returned then
// (REG-301). Whether a payment is returned, and why, is read from the store's answer, never from
// o, which may be older.
func (s *Service) SettleOrder(ctx context.Context, o store.Order) error {
	if s.PSP == nil || o.Txid == "" {
		return nil
	}
	ch, err := s.PSP.Charge(ctx, o.Txid)
	if err != nil || ch.Status != pix.ChargeCompleted {
		return err
	}
	if !ch.PaidInFull() || ch.Value.Original != o.Total {
		for _, p := range ch.Payments {
			got, err := s.Store.RecordPayment(ctx, payment(o.Txid, p), MotivoValorDiferente)
			if err != nil {
				return err
			}
			if err := s.returnPayment(ctx, got, p.EndToEndID, store.PaymentPix, p.Amount, MotivoValorDiferente); err != nil {
				return err
			}
		}
		return nil
	}
	e, err := s.Store.GetEvent(ctx, o.EventID)
	if err != nil {
		return err
	}
	for _, p := range ch.Payments {
		got, err := s.Store.ConfirmOrder(ctx, payment(o.Txid, p), EventCapacity(&e))
		if err = s.confirmed(ctx, got, err, p.EndToEndID, store.PaymentPix, p.Amount); err != nil {
			return err
		}
	}
	return nil
}

// confirmed acts on what the store answered a payment meant to confirm o, whatever its method:
// the order paid has the other method's charge withdrawn (an order switched from Pix to card, or
// back, paid by the one it left: CARD-21) and is heard of (Paid); a payment the store refused —
// late without room, for an order no longer awaiting it, or with a document registered meanwhile
// — is returned in full, automatically, the buyer told why. err is the store's; what is returned
// is a failure.
func (s *Service) confirmed(ctx context.Context, got store.Order, err error, paymentID, metodo string, valor money.Centavos) error {
	var taken *store.AlreadyRegisteredError
	var motivo string
	switch {
	case err == nil:
		if metodo == store.PaymentCard {
			s.removeCharge(ctx, got.Txid)
		} else {
			s.withdrawPreference(ctx, got.Preferencia)
		}
		if s.Paid != nil {
			s.Paid(got)
		}
		return nil
	case errors.Is(err, store.ErrSoldOut), errors.Is(err, store.ErrCouponUsedUp):
		motivo = MotivoSemVagas
	case errors.Is(err, store.ErrNotPending):
		motivo = MotivoPedidoEncerrado
	case errors.As(err, &taken):
		motivo = motivoJaInscrito(got, taken.Index)
	default:
		return err
	}
	return s.returnPayment(ctx, got, paymentID, metodo, valor, motivo)
}

func payment(txid string, p pix.Payment) store.Payment {
	return store.Payment{EndToEndID: p.EndToEndID, Txid: txid, Valor: p.Amount, Horario: p.Time}
}

// Reconcile reads back, at now, every charge older than WebhookGrace still unpaid (or whose hold
// ended within LateWindow, expired or cancelled) — a Pix charge from the PSP, a card order's
// payments from the card provider (CARD-25) — so that a lost notification only delays a
// confirmation or a return; reads back a few approved card payments of paid orders
// (ReconcilePaidCards); and asks again for the refunds still pending.
func (s *Service) Reconcile(ctx context.Context, now time.Time) {
	os, err := s.Store.OrdersAwaitingPayment(ctx, now.Add(-WebhookGrace), now.Add(-LateWindow))
	if err != nil {
		s.Log.Warn("pix reconciliation", "err", err)
	}
	for _, o := range os {
		if err := s.SettleOrder(ctx, o); err != nil {
			s.Log.Warn("pix reconciliation", "order", o.ID, "err", err)
		}
		if err := s.SettleCardOrder(ctx, o); err != nil {
			s.Log.Warn("card reconciliation", "order", o.ID, "err", err)
		}
	}
	s.ReconcilePaidCards(ctx, now)
	s.ReconcileRefunds(ctx)
}

// ExpireHolds ends the holds passed at now and withdraws their charges and preferences, so they
// cannot be paid (CARD-25).
func (s *Service) ExpireHolds(ctx context.Context, now time.Time) {
	charges, err := s.Store.ExpireOrders(ctx, now)
	if err != nil {
		s.Log.Warn("hold expiry", "err", err)
		return
	}
	for _, c := range charges {
		s.Withdraw(ctx, c)
	}
}

// Withdraw makes an order's charges unpayable, whatever their method: the Pix charge removed at
// the PSP, the card preference withdrawn at the card provider. A failure is logged: a payment
// that still arrives is confirmed or returned like any late one.
func (s *Service) Withdraw(ctx context.Context, c store.Charges) {
	s.removeCharge(ctx, c.Txid)
	s.withdrawPreference(ctx, c.Preferencia)
}

// removeCharge withdraws an unpaid charge at the PSP; a failure is logged (a payment that
// still arrives is confirmed or returned like any late one).
func (s *Service) removeCharge(ctx context.Context, txid string) {
	if s.PSP == nil || txid == "" {
		return
	}
	if _, err := s.PSP.RemoveCharge(ctx, txid); err != nil {
		s.Log.Warn("pix charge not removed", "txid", txid, "err", err)
	}
}
