package salesapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/event"
	"pelotao/internal/orders"
	"pelotao/internal/registration"
	"pelotao/internal/store"
)

// maxOrderBody bounds an order: ten athletes of a few hundred bytes each.
const maxOrderBody = 64 << 10

// registrationRoutes are the registration routes (docs/http-api.md, "Registration").
func (s *Server) registrationRoutes() []api.Route {
	return []api.Route{
		{Pattern: "GET /api/events/{id}/inscricao", Handler: api.Func(s.getOffer), Access: api.Public},
		{Pattern: "POST /api/events/{id}/inscricao/cotacao", Handler: api.Func(s.quoteOrder), Access: api.SignedIn, MaxBody: maxOrderBody},
	}
}

// registrationCounts are the registrations the event has taken now: confirmed plus held.
func (s *Server) registrationCounts(ctx context.Context, eventID string) (registration.Counts, error) {
	t, err := s.store.TakenCounts(ctx, eventID, time.Now())
	return countsOf(t), err
}

// countsOf is what the store counts taken as registration's pricing reads it.
func countsOf(t store.Taken) registration.Counts {
	return registration.Counts{Evento: t.Evento, Modalidade: t.Modalidades, Lote: t.Lotes, Grupo: t.Grupo}
}

// getOffer answers GET /api/events/{id}/inscricao: the offer now, prices and slots left.
func (s *Server) getOffer(w http.ResponseWriter, r *http.Request) error {
	e, err := s.store.GetEvent(r.Context(), r.PathValue("id"))
	if err != nil {
		return api.NotFoundAs(err, api.ErrEventNotFound)
	}
	counts, err := s.registrationCounts(r.Context(), e.ID)
	if err != nil {
		return err
	}
	o := registration.MakeOffer(&e, e.Today(s.now()), counts)
	o.Pagamentos, o.ParcelasMax = s.paymentMethods(&e), s.installments(&e)
	api.WriteJSON(w, http.StatusOK, o)
	return nil
}

// quoteOrder answers POST /api/events/{id}/inscricao/cotacao: what the order would cost now,
// holding nothing. The body is the order's, read strictly: a price sent by the client is refused.
func (s *Server) quoteOrder(w http.ResponseWriter, r *http.Request) error {
	if err := s.takeSenderSlot(w, r, s.senderSlot(r, store.ScopeQuote, s.cfg.QuotesPerHour)); err != nil {
		return err
	}
	var e event.Event
	var o registration.Order
	q, err := s.quote(r, &e, &o)
	return api.WriteOK(w, q, err)
}

// quote reads the order of the request's body (strictly) and its event {id} into e and o, and
// prices it with the coupon it names from the store; a closed event is a 409.
func (s *Server) quote(r *http.Request, e *event.Event, o *registration.Order) (registration.Quote, error) {
	if err := s.readOrder(r, e, o); err != nil {
		return registration.Quote{}, err
	}
	coupon, err := s.registrationCoupon(r.Context(), e.ID, o.Cupom)
	if err != nil {
		return registration.Quote{}, err
	}
	counts, err := s.registrationCounts(r.Context(), e.ID)
	if err != nil {
		return registration.Quote{}, err
	}
	group, err := s.quoteGroup(r.Context(), e, o, &counts)
	if err != nil {
		return registration.Quote{}, err
	}
	q, err := registration.Price(e, o, e.Today(s.now()), counts, coupon)
	if err == nil {
		err = quoteGroupRoom(e, group, len(o.Atletas))
	}
	return q, closedError(err)
}

// readOrder reads the order of the request's body (strictly) and its event {id} into e and o.
func (s *Server) readOrder(r *http.Request, e *event.Event, o *registration.Order) error {
	if err := api.ReadJSON(r, o); err != nil {
		return err
	}
	var err error
	if *e, err = s.store.GetEvent(r.Context(), r.PathValue("id")); err != nil {
		return api.NotFoundAs(err, api.ErrEventNotFound)
	}
	return nil
}

// senderSlot is the slot of the client address's perHour budget of scope that a request takes,
// as sign-ups are limited (REG-193): the store takes it atomically on every instance, keeping
// only a keyed hash of the address. Every request takes its slot, refused or not: the limit is
// on the work asked of the server.
func (s *Server) senderSlot(r *http.Request, scope store.SenderScope, perHour int) store.SenderSlot {
	return store.SenderSlot{Scope: scope, IP: api.ClientIP(r, s.cfg.TrustProxy), Limit: store.SenderLimit{Max: perHour, Window: time.Hour}}
}

// takeSenderSlot takes slot in a transaction of its own (tooManyFromSender past its limit).
func (s *Server) takeSenderSlot(w http.ResponseWriter, r *http.Request, slot store.SenderSlot) error {
	_, err := s.store.TakeSenderSlot(r.Context(), slot.Scope, slot.IP, time.Now().UTC(), slot.Limit)
	return tooManyFromSender(w, err, slot.Limit)
}

// tooManyFromSender answers store.ErrTooManyFromSender as 429 muitos-pedidos with a
// Retry-After of the limit's window; other errors pass as they are.
func tooManyFromSender(w http.ResponseWriter, err error, limit store.SenderLimit) error {
	if errors.Is(err, store.ErrTooManyFromSender) {
		c := registration.Const
		w.Header().Set("Retry-After", strconv.Itoa(int(limit.Window.Seconds())))
		return &api.Error{Status: http.StatusTooManyRequests, Code: c.Codes.MuitosPedidos, Message: c.Messages.MuitosPedidos}
	}
	return err
}

// closedError answers a *registration.Closed as the 409 it is; other errors pass as they are.
func closedError(err error) error {
	if closed := (*registration.Closed)(nil); errors.As(err, &closed) {
		return &api.Error{Status: http.StatusConflict, Code: closed.Code, Message: closed.Motivo}
	}
	return err
}

// registrationCoupon is the event's stored coupon of this code, or nil.
func (s *Server) registrationCoupon(ctx context.Context, eventID, codigo string) (*registration.Coupon, error) {
	key := store.CouponKey(codigo)
	if key == "" {
		return nil, nil
	}
	cs, err := s.store.Coupons(ctx, eventID)
	if err != nil {
		return nil, err
	}
	for _, c := range cs {
		if store.CouponKey(c.Codigo) == key {
			rc := orders.CouponFromStore(c)
			return &rc, nil
		}
	}
	return nil, nil
}
