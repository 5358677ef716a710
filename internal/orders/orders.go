// Package orders is what happens to a registration order after it is made, apart from HTTP:
// the payments the PSP and the card provider report (confirming, or returning a late payment without room and a
// payment of another amount), refunds asked of the PSP and read back until final, the buyer's
// cancellation within the consumer's window, edits of a registration, an event's finance
// figures and its coupons as the store keeps them. Prices and registration rules are package
// registration's; storage is the store's (package store); the PSP is package pix's.
package orders

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/mail"
	"pelotao/internal/mercadopago"
	"pelotao/internal/pix"
	"pelotao/internal/store"
)

// Service runs the operations on orders; its zero PSP is a server without a PSP configured
// (refunds then wait, pending, until one is).
type Service struct {
	Store store.Store
	PSP   pix.PSP
	// Cards is the card payment provider (Mercado Pago; nil: no cards). Orders speak of a payment
	// method where Pix and card behave alike: money received is a store.Payment and goes back
	// through send, whatever its method.
	Cards    mercadopago.Provider
	Mailer   mail.Mailer
	Log      *slog.Logger
	Location *time.Location // PELOTAO_TZ, the clock of money records: the date paid a refusal says (an event's own start is on event.Zone)
	BaseURL  string         // the site's origin, for the order's link in e-mails
	Now      func() time.Time
	// Paid hears of each order a payment confirmed (the confirmation e-mail); it must not block.
	Paid func(store.Order)
}

// Refusal is an operation the order's state or the rules refuse (the API's 409): a bare-word
// Code and the pt-BR Motivo, saying why and what to do.
type Refusal struct{ Code, Motivo string }

func (r *Refusal) Error() string { return "orders: refused: " + r.Code + ": " + r.Motivo }

// ErrNoPSP: the operation needs a PSP and none is configured.
var ErrNoPSP = errors.New("orders: no PSP configured")

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// EventCapacity is the event's limits as the store checks them when it takes (or, for a late
// payment, takes again) an order's slots.
func EventCapacity(e *event.Event) store.Capacity {
	in := e.Inscricoes
	c := store.Capacity{Modalidades: map[string]int{}, Lotes: map[string]int{}}
	if in.Vagas.Valid {
		c.Evento = &in.Vagas.Value
	}
	for _, m := range e.Modalidades {
		if m.Vagas.Valid {
			c.Modalidades[m.Nome] = m.Vagas.Value
		}
	}
	for _, l := range in.Lotes {
		if l.MaxVagas.Valid {
			c.Lotes[l.Nome] = l.MaxVagas.Value
		}
	}
	return c
}

// notifyRefund tells the buyer that refund r of order o went back (DEVOLVIDO). A failure is
// logged: the money went back whether or not the e-mail leaves.
func (s *Service) notifyRefund(ctx context.Context, o store.Order, r store.Refund) {
	if s.Mailer == nil {
		return
	}
	u, err := s.Store.UserByID(ctx, o.BuyerID)
	if err != nil {
		s.Log.Warn("refund e-mail: buyer", "order", o.ID, "err", err)
		return
	}
	e, err := s.Store.GetEvent(ctx, o.EventID)
	if err != nil {
		s.Log.Warn("refund e-mail: event", "order", o.ID, "err", err)
		return
	}
	msg, err := mail.Refund(mail.RefundNotice{To: u.Email, Nome: u.DisplayName, Evento: e.Titulo, Valor: r.Valor, Motivo: r.Motivo, Cartao: r.Metodo == store.PaymentCard,
		Inscricoes: o.Status == store.OrderRefunded, Pedido: s.BaseURL + "/inscricao/" + o.EventID + "/pedido/" + o.ID})
	if err == nil {
		err = s.Mailer.Send(ctx, msg)
	}
	if err != nil {
		s.Log.Warn("refund e-mail not sent", "order", o.ID, "err", err)
	}
	if o.Status == store.OrderRefunded {
		s.tellRefunded(ctx, o, r)
	}
}
