package salesapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/event"
	"pelotao/internal/groups"
	"pelotao/internal/registration"
	"pelotao/internal/store"
)

// orderGroupOf is the group order o names in e (nil: none), with e's group size limit; a code of
// another shape is refused as an unknown one, 422 at grupo (GRP-17).
func orderGroupOf(e *event.Event, o *registration.Order) (*store.OrderGroup, error) {
	codigo := groups.CodigoOf(o.Grupo)
	if codigo == "" {
		return nil, nil
	}
	if !groups.ValidCodigo(codigo) {
		return nil, api.FieldError{"grupo": groups.MsgCodigoDesconhecido}
	}
	return &store.OrderGroup{Codigo: codigo, Max: e.Inscricoes.GrupoMaxEfetivo()}, nil
}

// groupError answers the store's refusals of an order's group: an unknown code 422 at grupo
// (GRP-17), a full group 409 grupo-cheio, said at grupo too (GRP-18); other errors pass.
func groupError(err error) error {
	var full *store.GroupFullError
	switch {
	case errors.Is(err, store.ErrGroupUnknown):
		return api.FieldError{"grupo": groups.MsgCodigoDesconhecido}
	case errors.As(err, &full):
		msg := groups.FullMessage(full.Nome, full.Held, full.Max)
		return &api.Error{Status: http.StatusConflict, Code: "grupo-cheio", Message: msg, Fields: map[string]string{"grupo": msg}}
	}
	return err
}

// quoteGroup reads the group o names in e into counts, as the order's transaction will, for the
// quote's price tier (GRP-21); nil, nil when o names none.
func (s *Server) quoteGroup(ctx context.Context, e *event.Event, o *registration.Order, counts *registration.Counts) (*store.Group, error) {
	want, err := orderGroupOf(e, o)
	if want == nil || err != nil {
		return nil, err
	}
	g, err := s.store.GroupByCode(ctx, e.ID, want.Codigo, time.Now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, groupError(store.ErrGroupUnknown)
	}
	if err != nil {
		return nil, err
	}
	counts.Grupo = g.Inscritos
	return &g, nil
}

// quoteGroupRoom refuses a quote of n athletes past the group's limit in e, as the order would be.
func quoteGroupRoom(e *event.Event, g *store.Group, n int) error {
	if max := e.Inscricoes.GrupoMaxEfetivo(); g != nil && g.Inscritos+n > max {
		return groupError(&store.GroupFullError{Nome: g.Nome, Held: g.Inscritos, Max: max})
	}
	return nil
}
