package salesapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/event"
	"pelotao/internal/mercadopago"
	"pelotao/internal/orders"
	"pelotao/internal/pix"
	"pelotao/internal/registration"
	"pelotao/internal/sheet"
	"pelotao/internal/store"
)

// The coach's spreadsheet held as orders (docs/requirements.md GRP-71 … GRP-74).
const (
	msgSheetAceite   = "Aceite o regulamento em nome dos atletas do grupo."
	msgSheetVazia    = "A planilha não tem atletas."
	msgSheetRefused  = "A planilha tem problemas: nenhum atleta foi inscrito. Corrija as linhas indicadas e envie de novo."
	codeSheetRefused = "planilha-com-erros"
)

// sheetRefused answers 422 with the spreadsheet's problems, as confirmar=0 lists them (erros),
// and in the error's rows as every import's refusal says them: nothing was held (GRP-72).
func sheetRefused(w http.ResponseWriter, linhas int, erros []sheetRowError) {
	rows := make([]sheet.RowError, len(erros))
	for i, e := range erros {
		rows[i] = sheet.RowError{Row: e.Linha, Column: e.Campo, Message: e.Mensagem}
	}
	api.WriteJSON(w, http.StatusUnprocessableEntity, map[string]any{
		"error": map[string]any{"code": codeSheetRefused, "message": msgSheetRefused, "rows": rows}, "linhas": linhas, "erros": erros})
}

// aceite is the regulation's acceptance a coach gives for the group's athletes, kept in each
// registration's athlete (its "aceite", beside the form's aceiteRegulamento): when, the
// regulation the event had then, and who accepted (GRP-73).
type aceite struct {
	Em          time.Time `json:"em"`
	Regulamento string    `json:"regulamento"`
	Por         string    `json:"por"`
}

// sheetAthlete is a spreadsheet's athlete as its registration keeps it.
type sheetAthlete struct {
	registration.Athlete
	Aceite aceite `json:"aceite"`
}

// holdGroupSheet holds a checked spreadsheet's rows as the coach's orders of at most
// registration.PlanilhaPedidoMax athletes, every registration in g, all of them or none in one
// store transaction (store.CreateOrderSet), then charges each and answers 201 {"pedidos"}
// (GRP-71). Each order is priced as the order route prices (orderPricer), the group's tier
// counted over the group's registrations and every athlete of the spreadsheet; the form's
// athletes-per-order and open-orders limits do not apply, the group's size limit does. A charge
// the PSP cannot make leaves its order held without a Pix: POST /api/pedidos/{id}/pagamento
// makes it (GRP-74).
func (s *Server) holdGroupSheet(w http.ResponseWriter, r *http.Request, e *event.Event, g *store.Group, checked registration.Planilha) error {
	u, _ := api.CurrentUser(r)
	pagamento, err := s.paymentMethod(e, "")
	if err != nil {
		return err
	}
	now := time.Now()
	accepted := aceite{Em: now.UTC().Truncate(time.Millisecond), Regulamento: e.RegulamentoURL, Por: u.ID}
	if accepted.Regulamento == "" {
		accepted.Regulamento = e.Regulamento
	}
	var set []store.NewOrder
	later := len(checked.Rows)
	for chunk := range slices.Chunk(checked.Rows, registration.PlanilhaPedidoMax) {
		o := &registration.Order{Grupo: g.Codigo, Pagamento: pagamento, Planilha: true}
		for _, row := range chunk {
			o.Atletas = append(o.Atletas, row.Atleta)
		}
		later -= len(chunk)
		txid := ""
		if pagamento == store.PaymentPix {
			txid = pix.NewTxID()
		}
		set = append(set, store.NewOrder{EventID: e.ID, BuyerID: u.ID, Txid: txid, Pagamento: pagamento, Now: now,
			ExpiraEm: now.Add(s.cfg.RegistrationHold), Vagas: orders.EventCapacity(e),
			Grupo: &store.OrderGroup{Codigo: g.Codigo, Max: e.Inscricoes.GrupoMaxEfetivo()},
			Price: sheetPricer(e, o, e.Today(now), later, accepted)})
	}
	made, failed, err := s.store.CreateOrderSet(r.Context(), set)
	var taken *store.AlreadyRegisteredError
	if errors.As(err, &taken) { // another order took the document after the check (GRP-72)
		row := checked.Rows[failed*registration.PlanilhaPedidoMax+taken.Index]
		sheetRefused(w, checked.Linhas, []sheetRowError{{Linha: row.Linha, Campo: "documento",
			Mensagem: "Este documento já está inscrito neste evento."}})
		return nil
	}
	if err != nil {
		return orderError(err)
	}
	payer := mercadopago.Payer{Email: u.Email, Name: u.DisplayName}
	pedidos := make([]orderAnswer, len(made))
	for i, o := range made {
		if o.Status == "" { // a free order, confirmed at once: the store gave its id only
			if o, err = s.store.Order(r.Context(), o.ID); err != nil {
				return err
			}
			s.sendReceipt(o)
		}
		if o, err = s.chargedOrRenewed(r, o, e, payer); err != nil {
			return err
		}
		pedidos[i] = s.orderAnswer(o)
	}
	api.WriteJSON(w, http.StatusCreated, map[string]any{"pedidos": pedidos})
	return nil
}

// chargedOrRenewed is o charged, or, when the PSP could not make its Pix charge, o held without
// it under a new txid: the charge withdrawn after a lost answer cannot be made again under its
// txid, and the order's page makes the new one (POST /api/pedidos/{id}/pagamento, GRP-74). The
// spreadsheet's other orders keep theirs: the coach pays what was charged.
func (s *Server) chargedOrRenewed(r *http.Request, o store.Order, e *event.Event, payer mercadopago.Payer) (store.Order, error) {
	charged, err := s.charged(r.Context(), o, e, payer)
	if err == nil {
		return charged, nil
	}
	if o.Pagamento == store.PaymentCard {
		return o, nil // a card's preference is made again under the same order (CARD-21)
	}
	renewed, err := s.store.SwitchPayment(context.WithoutCancel(r.Context()), o.ID, store.PaymentPix, pix.NewTxID(), time.Now())
	if err != nil {
		return o, err
	}
	return renewed, nil
}

// sheetPricer is orderPricer for an order of a spreadsheet whose later orders hold later more
// athletes of the group: the tier counts them too, so that every order of the spreadsheet has
// the tier all its athletes reach (GRP-71). Each athlete keeps the coach's acceptance.
func sheetPricer(e *event.Event, o *registration.Order, today event.Date, later int, accepted aceite) store.Pricer {
	price := orderPricer(e, o, today)
	return func(taken store.Taken, c *store.Coupon) ([]store.NewRegistration, error) {
		taken.Grupo += later
		items, err := price(taken, c)
		if err != nil {
			return nil, err
		}
		for i := range items {
			if items[i].Atleta, err = json.Marshal(sheetAthlete{o.Atletas[i], accepted}); err != nil {
				return nil, err
			}
		}
		return items, nil
	}
}
