package httpapi

import (
	"errors"
	"net/http"

	"pelotao/internal/event"
	"pelotao/internal/registration"
)

// maxOrderBody bounds an order: ten athletes of a few hundred bytes each.
const maxOrderBody = 64 << 10

// registrationRoutes are the registration routes (docs/http-api.md, "Registration").
func (s *Server) registrationRoutes() []route {
	return []route{
		{"GET /api/events/{id}/inscricao", apiFunc(s.getOffer), public, 0},
		{"POST /api/events/{id}/inscricao/cotacao", apiFunc(s.quoteOrder), signedIn, maxOrderBody},
	}
}

// registrationCounts are the registrations an event has taken. Orders and holds do not exist yet,
// so nothing is taken: every count is 0 until they are stored.
func registrationCounts() registration.Counts { return registration.Counts{} }

// getOffer answers GET /api/events/{id}/inscricao: the offer now, prices and slots left.
func (s *Server) getOffer(w http.ResponseWriter, r *http.Request) error {
	e, err := s.store.GetEvent(r.Context(), r.PathValue("id"))
	if err != nil {
		return notFoundAs(err, errEventNotFound)
	}
	o := registration.MakeOffer(&e, event.Today(s.cfg.Location, eventsClock()), registrationCounts())
	writeJSON(w, http.StatusOK, o)
	return nil
}

// quoteOrder answers POST /api/events/{id}/inscricao/cotacao: what the order would cost now,
// holding nothing. The body is the order's, read strictly: a price sent by the client is refused.
func (s *Server) quoteOrder(w http.ResponseWriter, r *http.Request) error {
	var o registration.Order
	if err := readJSON(r, &o); err != nil {
		return err
	}
	e, err := s.store.GetEvent(r.Context(), r.PathValue("id"))
	if err != nil {
		return notFoundAs(err, errEventNotFound)
	}
	// Coupons are not stored yet: a coupon code is answered as unknown.
	q, err := registration.Price(&e, &o, event.Today(s.cfg.Location, eventsClock()), registrationCounts(), nil)
	if closed := (*registration.Closed)(nil); errors.As(err, &closed) {
		return &Error{Status: http.StatusConflict, Code: closed.Code, Message: closed.Motivo}
	}
	return writeOK(w, q, err)
}
