package orders

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/money"
	"pelotao/internal/registration"
	"pelotao/internal/store"
)

// statusNames are the order statuses as a sentence says them.
var statusNames = map[string]string{store.OrderAwaiting: "aguardando pagamento", store.OrderPaid: "pago",
	store.OrderExpired: "expirado", store.OrderCanceled: "cancelado", store.OrderRefunded: "reembolsado"}

// Cancel cancels order o. Awaiting payment: it is cancelado, its counts freed and its charge
// withdrawn; paid meanwhile (its Pix confirmed first), a Refusal saying so (REG-182). Paid: it is refunded in full (reembolsado once the PSP returns the money; a free
// order is cancelado at once) — by the buyer only within CancelWindow, by the event's owner or
// gestao (organizer) at any time. Any other status: a Refusal.
func (s *Service) Cancel(ctx context.Context, o store.Order, organizer bool, by store.Actor) (store.Order, error) {
	return s.cancel(ctx, o, organizer, by, MotivoCancelamento)
}

// cancel is Cancel, a paid order's refund going back for motivo (the buyer's e-mail says it).
func (s *Service) cancel(ctx context.Context, o store.Order, organizer bool, by store.Actor, motivo string) (store.Order, error) {
	switch o.Status {
	case store.OrderAwaiting:
		got, err := s.Store.CancelOrder(ctx, o.ID, by)
		if errors.Is(err, store.ErrNotPending) { // paid (its Pix confirmed first), expired or cancelled meanwhile
			if o, err = s.Store.Order(ctx, o.ID); err != nil {
				return o, err
			}
			return o, notCancelable(o.Status) // asked to cancel an unpaid order, never refund a paid one unasked
		}
		if err != nil {
			return got, err
		}
		s.Withdraw(ctx, store.Charges{Txid: o.Txid, Preferencia: o.Preferencia})
		return got, nil
	case store.OrderPaid:
		if err := s.buyerMayCancel(ctx, o, organizer); err != nil {
			return o, err
		}
		if o.Total == 0 { // free: nothing to return, the registrations simply leave
			got, err := s.Store.CancelOrder(ctx, o.ID, by)
			if err == nil {
				s.tellCanceled(ctx, got, confirmed(o), whoChanged(o, organizer, by), 0)
			}
			return got, err
		}
		return s.refund(ctx, o, 0, keyCancelamento, motivo, by)
	}
	return o, notCancelable(o.Status)
}

// Why money goes back when one registration is cancelled alone, as the buyer's refund e-mail says it.
const motivoInscricao = "A inscrição de %s no seu pedido foi cancelada."

// CancelRegistration cancels registration regID of the paid order o alone (REG-240): its share
// goes back through the PSP (RegistrationRefund), it becomes cancelada and leaves the event at
// once (its slots and coupon use freed), and the order stays pago. The order's last confirmed
// registration is the order's cancellation (Cancel): all that is left goes back and the order
// ends reembolsado (REG-242). Its buyer and its athlete cancel within CancelWindow, the event's
// owner and gestao (organizer) at any time. An order awaiting payment is a Refusal telling to
// cancel the order (REG-243): its one Pix charge is of the whole order.
func (s *Service) CancelRegistration(ctx context.Context, o store.Order, regID string, organizer bool, by store.Actor) (store.Order, error) {
	i := slices.IndexFunc(o.Inscricoes, func(r store.Registration) bool { return r.ID == regID })
	if i < 0 {
		return o, store.ErrNotFound
	}
	reg := o.Inscricoes[i]
	c := registration.Const
	switch {
	case o.Status == store.OrderAwaiting:
		return o, &Refusal{Code: c.Codes.NaoCancelavel, Motivo: msgCancelarPedido}
	case o.Status != store.OrderPaid:
		return o, notCancelable(o.Status)
	case reg.Status != store.RegistrationConfirmed:
		return o, &Refusal{Code: c.Codes.NaoCancelavel, Motivo: msgJaCancelada}
	}
	if err := s.buyerMayCancel(ctx, o, organizer); err != nil {
		return o, err
	}
	valor := RegistrationRefund(o, reg)
	motivo := fmt.Sprintf(motivoInscricao, reg.Nome)
	parts := refundParts(o, left(o), valor, "cancelamento-"+reg.ID, motivo)
	got, err := s.Store.CancelRegistration(ctx, reg.ID, parts, by)
	switch {
	case errors.Is(err, store.ErrLastRegistration):
		if o, err = s.Store.Order(ctx, o.ID); err != nil {
			return o, err
		}
		return s.cancel(ctx, o, organizer, by, motivo)
	case errors.Is(err, store.ErrNotPending), errors.Is(err, store.ErrRefundTooLarge): // changed meanwhile: say how it is now
		if o, err = s.Store.Order(ctx, o.ID); err != nil {
			return o, err
		}
		if o.Status != store.OrderPaid {
			return o, notCancelable(o.Status)
		}
		return o, &Refusal{Code: c.Codes.NaoCancelavel, Motivo: msgPedidoMudou}
	case err != nil:
		return o, err
	}
	for _, r := range parts {
		s.send(ctx, r, false)
	}
	s.tellCanceled(ctx, got, []store.Registration{reg}, whoChanged(o, organizer, by), valor)
	return s.Store.Order(ctx, o.ID)
}

// The refusals of a registration's cancellation.
const (
	msgCancelarPedido = "Este pedido ainda não foi pago: não há valor a devolver por uma inscrição. Para desistir, cancele o pedido inteiro (as vagas são liberadas e o Pix deixa de valer) e faça um novo pedido só com quem vai participar."
	msgJaCancelada    = "Esta inscrição já foi cancelada."
	msgPedidoMudou    = "O pedido mudou enquanto você cancelava (outro cancelamento ou reembolso). Confira o pedido e tente de novo."
)

// RegistrationRefund is what cancelling registration reg of the paid order o alone returns, in
// centavos: its total, never more than the order can still return; for the order's last
// confirmed registration, all the order can still return (its cancellation is the order's).
func RegistrationRefund(o store.Order, reg store.Registration) money.Centavos {
	rest := Refundable(o)
	if len(confirmed(o)) <= 1 {
		return rest
	}
	return min(reg.Total, rest)
}

// confirmed is o's registrations still confirmed.
func confirmed(o store.Order) []store.Registration {
	var regs []store.Registration
	for _, r := range o.Inscricoes {
		if r.Status == store.RegistrationConfirmed {
			regs = append(regs, r)
		}
	}
	return regs
}

// notCancelable is the refusal to cancel an order in status.
func notCancelable(status string) *Refusal {
	return &Refusal{Code: registration.Const.Codes.NaoCancelavel,
		Motivo: registration.Fill(registration.Const.Messages.NaoCancelavel, "status", statusNames[status])}
}

// CancelWindow is why the buyer may not cancel the paid order o of event e at now, or nil: the
// buyer cancels within cancelamentoDias of paying while the event is more than
// cancelamentoHorasAntes away (CDC art. 49, as Brazilian ticketing applies it). The event's start
// is on its own clock (REG-223); the day it was paid is said in paidLoc (PELOTAO_TZ), the
// Brasília time of the Pix and of the receipt's "Pago em".
func CancelWindow(o store.Order, e *event.Event, paidLoc *time.Location, now time.Time) *Refusal {
	c := registration.Const
	code := c.Codes.ForaDoPrazo
	if o.PagoEm != nil && now.After(o.PagoEm.AddDate(0, 0, c.Limits.CancelamentoDias)) {
		return &Refusal{Code: code, Motivo: registration.Fill(c.Messages.CancelamentoPagamento, "dias", strconv.Itoa(c.Limits.CancelamentoDias),
			"data", o.PagoEm.In(paidLoc).Format("02/01/2006"), "evento", e.Titulo)}
	}
	if start, _, ok := e.Start(); ok && start.Sub(now) <= time.Duration(c.Limits.CancelamentoHorasAntes)*time.Hour {
		return &Refusal{Code: code, Motivo: registration.Fill(c.Messages.CancelamentoEvento, "horas", strconv.Itoa(c.Limits.CancelamentoHorasAntes),
			"evento", e.Titulo, "data", start.Format("02/01/2006 às 15h04"))}
	}
	return nil
}

// CancelableUntil is the end of the buyer's window to cancel the paid order o of event e (the
// earlier of CancelWindow's two limits), for "Minhas inscrições" to show; ok is false for an
// order not paid. CancelWindow stays the judge.
func CancelableUntil(o store.Order, e *event.Event) (until time.Time, ok bool) {
	if o.Status != store.OrderPaid || o.PagoEm == nil {
		return time.Time{}, false
	}
	c := registration.Const.Limits
	until = o.PagoEm.AddDate(0, 0, c.CancelamentoDias)
	if start, _, dated := e.Start(); dated {
		if last := start.Add(-time.Duration(c.CancelamentoHorasAntes) * time.Hour); last.Before(until) {
			until = last
		}
	}
	return until.UTC(), true
}

// buyerMayCancel refuses a cancellation of the paid order o by its buyer or athlete outside the
// consumer's window (CancelWindow); the event's owner and gestao (organizer) cancel at any time.
func (s *Service) buyerMayCancel(ctx context.Context, o store.Order, organizer bool) error {
	if organizer {
		return nil
	}
	e, err := s.Store.GetEvent(ctx, o.EventID)
	if err != nil {
		return err
	}
	if r := CancelWindow(o, &e, s.Location, s.now()); r != nil {
		return r
	}
	return nil
}
