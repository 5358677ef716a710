package salesapi

import (
	"encoding/json"
	"errors"
	"net/http"

	"pelotao/internal/api"
	"pelotao/internal/event"
	"pelotao/internal/orders"
	"pelotao/internal/registration"
	"pelotao/internal/store"
)

const maxCouponBody = 16 << 10

var (
	errCouponNotFound = &api.Error{Status: http.StatusNotFound, Code: "not-found", Message: "Cupom não encontrado."}
	errCouponUsed     = &api.Error{Status: http.StatusConflict, Code: "conflict",
		Message: "Este cupom já foi usado e não pode ser excluído. Pause-o para que não seja mais aceito."}
)

// couponBody is a coupon as the organizer sends it; in a PATCH, an absent field stays as it is
// (the code names the coupon and does not change).
type couponBody struct {
	Codigo      *string     `json:"codigo"`
	Tipo        *string     `json:"tipo"`
	Valor       *float64    `json:"valor"`
	MaxUsos     maxUsos     `json:"maxUsos"`
	ValidoAte   *event.Date `json:"validoAte"`
	Modalidades *[]string   `json:"modalidades"`
	Ativo       *bool       `json:"ativo"`
}

// maxUsos tells a limit sent as null (no limit) from one not sent (unchanged).
type maxUsos struct {
	sent  bool
	limit *int
}

func (m *maxUsos) UnmarshalJSON(b []byte) error {
	m.sent = true
	return json.Unmarshal(b, &m.limit)
}

// onto is c with the body's fields written over it.
func (b couponBody) onto(c registration.Coupon) registration.Coupon {
	if b.Tipo != nil {
		c.Tipo = *b.Tipo
	}
	if b.Valor != nil {
		c.Valor = *b.Valor
	}
	if b.MaxUsos.sent {
		c.MaxUsos = b.MaxUsos.limit
	}
	if b.ValidoAte != nil {
		c.ValidoAte = *b.ValidoAte
	}
	if b.Modalidades != nil {
		c.Modalidades = *b.Modalidades
	}
	if b.Ativo != nil {
		c.Ativo = *b.Ativo
	}
	return c
}

// eventCoupons are the event's coupons as the API answers them, with the event.
func (s *Server) eventCoupons(r *http.Request) (event.Event, []registration.Coupon, error) {
	id := r.PathValue("id")
	e, err := s.store.GetEvent(r.Context(), id)
	if err != nil {
		return e, nil, api.NotFoundAs(err, api.ErrEventNotFound)
	}
	stored, err := s.store.Coupons(r.Context(), id)
	if err != nil {
		return e, nil, err
	}
	out := make([]registration.Coupon, len(stored))
	for i, c := range stored {
		out[i] = orders.CouponFromStore(c)
	}
	return e, out, nil
}

// couponRequest reads a coupon's body (first: a bad one is a 400 whatever the event), then the
// event and its coupons.
func (s *Server) couponRequest(r *http.Request) (couponBody, event.Event, []registration.Coupon, error) {
	var b couponBody
	if err := api.ReadJSON(r, &b); err != nil {
		return b, event.Event{}, nil, err
	}
	e, cs, err := s.eventCoupons(r)
	return b, e, cs, err
}

// listCoupons answers GET /api/events/{id}/cupons: each coupon with its usos.
func (s *Server) listCoupons(w http.ResponseWriter, r *http.Request) error {
	_, cs, err := s.eventCoupons(r)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{"cupons": cs})
	return nil
}

// saveCoupon checks c and stores it, answering it with its uses.
func (s *Server) saveCoupon(w http.ResponseWriter, r *http.Request, e *event.Event, c registration.Coupon, status int) error {
	if errs := registration.CheckCoupon(e, &c); errs != nil {
		return errs
	}
	if err := s.store.SaveCoupon(r.Context(), orders.CouponToStore(e.ID, c)); err != nil {
		return err
	}
	_, cs, err := s.eventCoupons(r)
	if err != nil {
		return err
	}
	for _, saved := range cs {
		if store.CouponKey(saved.Codigo) == store.CouponKey(c.Codigo) {
			api.WriteJSON(w, status, saved)
			return nil
		}
	}
	return errCouponNotFound
}

// createCoupon answers POST /api/events/{id}/cupons {codigo, tipo, valor, maxUsos, validoAte,
// modalidades?, ativo?}: 201 the coupon; a code the event has is a 422 on codigo.
func (s *Server) createCoupon(w http.ResponseWriter, r *http.Request) error {
	b, e, cs, err := s.couponRequest(r)
	if err != nil {
		return err
	}
	c := b.onto(registration.Coupon{Ativo: true})
	if b.Codigo != nil {
		c.Codigo = *b.Codigo
	}
	for _, old := range cs {
		if store.CouponKey(old.Codigo) == store.CouponKey(c.Codigo) {
			return api.FieldError{"codigo": registration.Const.Messages.CupomRepetido}
		}
	}
	return s.saveCoupon(w, r, &e, c, http.StatusCreated)
}

// patchCoupon answers PATCH /api/events/{id}/cupons/{codigo}: the fields sent change ({"ativo":
// false} pauses the coupon); 200 the coupon.
func (s *Server) patchCoupon(w http.ResponseWriter, r *http.Request) error {
	b, e, cs, err := s.couponRequest(r)
	if err != nil {
		return err
	}
	i := -1
	for j, c := range cs {
		if store.CouponKey(c.Codigo) == store.CouponKey(r.PathValue("codigo")) {
			i = j
		}
	}
	if i < 0 {
		return errCouponNotFound
	}
	if b.Codigo != nil && store.CouponKey(*b.Codigo) != store.CouponKey(cs[i].Codigo) {
		return api.FieldError{"codigo": "O código de um cupom não muda: crie outro cupom."}
	}
	return s.saveCoupon(w, r, &e, b.onto(cs[i]), http.StatusOK)
}

// deleteCoupon answers DELETE /api/events/{id}/cupons/{codigo}: 204; a used coupon is kept (409).
func (s *Server) deleteCoupon(w http.ResponseWriter, r *http.Request) error {
	err := s.store.DeleteCoupon(r.Context(), r.PathValue("id"), r.PathValue("codigo"))
	if errors.Is(err, store.ErrConflict) {
		return errCouponUsed
	}
	return api.NoContent(w, err, errCouponNotFound)
}
