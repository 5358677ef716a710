package orders

import (
	"context"
	"errors"
	"strconv"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/registration"
	"pelotao/internal/store"
)

// statusNames are the order statuses as a sentence says them.
var statusNames = map[string]string{store.OrderAwaiting: "aguardando pagamento", store.OrderPaid: "pago",
	store.OrderExpired: "expirado", store.OrderCanceled: "cancelado", store.OrderRefunded: "reembolsado"}

// Cancel cancels order o. Awaiting payment: it is cancelado, its counts freed and its charge
// withdrawn. Paid: it is refunded in full (reembolsado once the PSP returns the money; a free
// order is cancelado at once) — by the buyer only within CancelWindow, by the event's owner or
// gestao (organizer) at any time. Any other status: a Refusal.
func (s *Service) Cancel(ctx context.Context, o store.Order, organizer bool, by store.Actor) (store.Order, error) {
	switch o.Status {
	case store.OrderAwaiting:
		got, err := s.Store.CancelOrder(ctx, o.ID, by)
		if errors.Is(err, store.ErrNotPending) { // paid or expired meanwhile
			if o, err = s.Store.Order(ctx, o.ID); err != nil {
				return o, err
			}
			return s.Cancel(ctx, o, organizer, by)
		}
		if err != nil {
			return got, err
		}
		s.removeCharge(ctx, o.Txid)
		return got, nil
	case store.OrderPaid:
		if !organizer {
			e, err := s.Store.GetEvent(ctx, o.EventID)
			if err != nil {
				return o, err
			}
			if r := CancelWindow(o, &e, s.Location, s.now()); r != nil {
				return o, r
			}
		}
		if o.Total == 0 { // free: nothing to return, the registrations simply leave
			return s.Store.CancelOrder(ctx, o.ID, by)
		}
		return s.Refund(ctx, o, 0, "cancelamento", MotivoCancelamento, by)
	}
	return o, &Refusal{Code: registration.Const.Codes.NaoCancelavel,
		Motivo: registration.Fill(registration.Const.Messages.NaoCancelavel, "status", statusNames[o.Status])}
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
