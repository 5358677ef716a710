package salesapi

import (
	"cmp"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"pelotao/internal/api"
	"pelotao/internal/mercadopago"
	"pelotao/internal/money"
	"pelotao/internal/orders"
	"pelotao/internal/participant"
	"pelotao/internal/registration"
	"pelotao/internal/sheet"
	"pelotao/internal/store"
)

// moneyRoutes are the organizer's routes of an event's money and the changes of an order after
// its sale (docs/http-api.md, "After the sale"). retirada reaches none of the event's.
func (s *Server) moneyRoutes() []api.Route {
	return []api.Route{
		{Pattern: "GET /api/events/{id}/pedidos", Handler: api.Func(s.listOrders), Access: api.EventManagers},
		{Pattern: "GET /api/events/{id}/pedidos.csv", Handler: api.Func(s.exportOrders), Access: api.EventManagers},
		{Pattern: "GET /api/events/{id}/financeiro", Handler: api.Func(s.finance), Access: api.EventManagers},
		{Pattern: "POST /api/events/{id}/pedidos/{orderId}/reembolso", Handler: api.Func(s.refundOrder), Access: api.EventManagers,
			MaxBody: 4 << 10},
		{Pattern: "GET /api/events/{id}/cupons", Handler: api.Func(s.listCoupons), Access: api.EventManagers},
		{Pattern: "POST /api/events/{id}/cupons", Handler: api.Func(s.createCoupon), Access: api.EventManagers, MaxBody: maxCouponBody},
		{Pattern: "PATCH /api/events/{id}/cupons/{codigo}", Handler: api.Func(s.patchCoupon), Access: api.EventManagers,
			MaxBody: maxCouponBody},
		{Pattern: "DELETE /api/events/{id}/cupons/{codigo}", Handler: api.Func(s.deleteCoupon), Access: api.EventManagers},
		{Pattern: "POST /api/pedidos/{orderId}/cancelar", Handler: api.Func(s.cancelOrder), Access: api.SignedIn},
		{Pattern: "POST /api/inscricoes/{registrationId}/cancelar", Handler: api.Func(s.cancelRegistration), Access: api.SignedIn},
		{Pattern: "PATCH /api/inscricoes/{registrationId}", Handler: api.Func(s.editRegistration), Access: api.SignedIn,
			MaxBody: 8 << 10},
	}
}

// refusal answers what the order's state or the rules refuse: a 409 with the code and the
// pt-BR reason.
func refusal(err error) error {
	var r *orders.Refusal
	var c *registration.Closed
	switch {
	case errors.As(err, &r):
		return &api.Error{Status: http.StatusConflict, Code: r.Code, Message: r.Motivo}
	case errors.As(err, &c):
		return &api.Error{Status: http.StatusConflict, Code: c.Code, Message: c.Motivo}
	}
	return err
}

func actor(r *http.Request) store.Actor {
	u, _ := api.CurrentUser(r)
	return store.Actor{UserID: u.ID, Nome: u.DisplayName, At: time.Now()}
}

// managedOrderAnswer is an order as the event's owner and gestao see it: with its buyer and,
// for one order, its history.
type managedOrderAnswer struct {
	teamOrderAnswer
	Comprador buyerAnswer     `json:"comprador"`
	Historico []historyAnswer `json:"historico,omitempty"`
}

// teamOrderAnswer is an order as the event's team reads it: a card order also with its
// installments, Mercado Pago's fees and what is left of it once they and its refunds are paid
// (CARD-27); the buyer is never told the seller's fees.
type teamOrderAnswer struct {
	orderAnswer
	Parcelas *int            `json:"parcelas,omitempty"` // a card order: null until a payment is approved
	Taxas    *money.Centavos `json:"taxas,omitempty"`
	Liquido  *money.Centavos `json:"liquido,omitempty"`
	// Contestado: the buyer contested a card payment of the order at the card's bank (Mercado Pago's
	// charged_back); the order keeps its status and registrations (CARD-24).
	Contestado bool `json:"contestado,omitempty"`
}

func (s *Server) teamOrderAnswer(o store.Order) teamOrderAnswer {
	a := teamOrderAnswer{orderAnswer: s.orderAnswer(o)}
	if o.Pagamento == store.PaymentCard {
		m := store.MoneyOf(o, store.PaymentCard)
		parcelas, liquido := store.Installments(o), m.Liquido()
		a.Taxas, a.Liquido = &m.Taxas, &liquido
		if parcelas > 0 {
			a.Parcelas = &parcelas
		}
		a.Contestado = slices.ContainsFunc(o.Cartoes, func(c store.CardPayment) bool { return c.Status == string(mercadopago.StatusChargedBack) })
	}
	return a
}

type buyerAnswer struct {
	Nome  string `json:"nome"`
	Email string `json:"email"`
}

type historyAnswer struct {
	Tipo    string          `json:"tipo"`
	Em      time.Time       `json:"em"`
	Detalhe json.RawMessage `json:"detalhe,omitempty"`
}

// buyers reads the buyers of orders, by id; an account deleted since is left blank.
func (s *Server) buyers(r *http.Request, os []store.Order) (map[string]buyerAnswer, error) {
	found, err := s.store.Buyers(r.Context(), buyerIDs(os))
	if err != nil {
		return nil, err
	}
	m := make(map[string]buyerAnswer, len(found))
	for id, b := range found {
		m[id] = buyerAnswer{Nome: b.Nome, Email: b.Email}
	}
	return m, nil
}

// buyerIDs are the accounts that bought os, each once, in order.
func buyerIDs(os []store.Order) []string {
	ids := make([]string, 0, len(os))
	for _, o := range os {
		ids = append(ids, o.BuyerID)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// managedOrder is o with its buyer and history, for the event's owner and gestao.
func (s *Server) managedOrder(r *http.Request, o store.Order) (managedOrderAnswer, error) {
	b, err := s.buyers(r, []store.Order{o})
	if err != nil {
		return managedOrderAnswer{}, err
	}
	h, err := s.store.OrderHistory(r.Context(), o.ID)
	if err != nil {
		return managedOrderAnswer{}, err
	}
	a := managedOrderAnswer{teamOrderAnswer: s.teamOrderAnswer(o), Comprador: b[o.BuyerID], Historico: make([]historyAnswer, len(h))}
	for i, e := range h {
		a.Historico[i] = historyAnswer{Tipo: e.Tipo, Em: e.Em, Detalhe: historyDetail(e.Detalhe)}
	}
	return a, nil
}

// historyDetail is an entry's detail as the API shows money: the store keeps a refund's or a
// returned payment's valor in centavos, the answer says reais.
func historyDetail(raw json.RawMessage) json.RawMessage {
	var d map[string]json.RawMessage
	if json.Unmarshal(raw, &d) != nil || d["valor"] == nil {
		return raw
	}
	var centavos int64
	if json.Unmarshal(d["valor"], &centavos) != nil {
		return raw
	}
	valor, err := json.Marshal(money.Centavos(centavos))
	if err != nil {
		return raw
	}
	d["valor"] = valor
	out, err := json.Marshal(d)
	if err != nil {
		return raw
	}
	return out
}

var orderStatuses = []string{store.OrderAwaiting, store.OrderPaid, store.OrderExpired, store.OrderCanceled, store.OrderRefunded}

// orderQuery reads the list's q, status, limit and cursor; a bad one is a 400 that says why.
func orderQuery(r *http.Request) (store.OrderQuery, error) {
	v := r.URL.Query()
	q := store.OrderQuery{EventID: r.PathValue("id"), Q: v.Get("q"), Status: v.Get("status"), Cursor: v.Get("cursor")}
	if utf8.RuneCountInString(q.Q) > 200 {
		return q, api.InvalidArgument("A busca aceita no máximo 200 caracteres.")
	}
	if q.Status != "" && !slices.Contains(orderStatuses, q.Status) {
		return q, api.InvalidArgument("Situação desconhecida: use aguardando_pagamento, pago, expirado, cancelado ou reembolsado.")
	}
	if raw := v.Get("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > store.MaxParticipantLimit {
			return q, api.InvalidArgument("O parâmetro limit deve ser um número de 1 a " + strconv.Itoa(store.MaxParticipantLimit) + ".")
		}
		q.Limit = n
	}
	if n, err := strconv.Atoi(q.Cursor); q.Cursor != "" && (err != nil || n < 0) {
		return q, api.InvalidArgument("Cursor inválido: carregue a lista de pedidos de novo.")
	}
	return q, nil
}

// listOrders answers GET /api/events/{id}/pedidos: one page of the event's orders, newest
// first, each with its buyer.
func (s *Server) listOrders(w http.ResponseWriter, r *http.Request) error {
	q, err := orderQuery(r)
	if err != nil {
		return err
	}
	page, err := s.store.EventOrders(r.Context(), q)
	if err != nil {
		return err
	}
	found, err := s.store.Buyers(r.Context(), buyerIDs(page.Orders))
	if err != nil {
		return err
	}
	// Each order is a managedOrderAnswer: its answer kept encoded, then its buyer.
	return s.ordersJSON.WritePage(w, page, func(o store.Order) any { return s.teamOrderAnswer(o) }, found,
		func(b store.Buyer) any { return buyerAnswer{Nome: b.Nome, Email: b.Email} })
}

// ordersExportHeader is the orders export's header row: one row per registration of each order.
var ordersExportHeader = []string{"Pedido", "Situação do pedido", "Criado em", "Pago em", "Comprador", "E-mail do comprador",
	"Inscrição", "Código", "Nome", "Documento", "Modalidade", "Lote", "Categoria", "Camiseta", "Valor", "Desconto", "Total",
	"Situação da inscrição", "Reembolsado", "Pagamento", "Parcelas", "Taxas", "Líquido"}

// paymentNames are the payment methods as the orders export names them (CARD-27).
var paymentNames = map[string]string{store.PaymentPix: "Pix", store.PaymentCard: "Cartão"}

// exportOrders answers GET /api/events/{id}/pedidos.csv: every order of the event, newest first,
// one row per registration, in the participants export's CSV (api.WriteCSV). Each row's
// "Reembolsado" is its registration's share of what its order got back (orders.RefundShares), so
// that the column adds up to what was refunded (REG-212); "Taxas" (Mercado Pago's, a card
// order's) and "Líquido" are shared alike, so that they add up to Financeiro's (CARD-27).
func (s *Server) exportOrders(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	var all []store.Order
	for q := (store.OrderQuery{EventID: id, Limit: store.MaxParticipantLimit}); ; {
		page, err := s.store.EventOrders(r.Context(), q)
		if err != nil {
			return err
		}
		all = append(all, page.Orders...)
		if page.NextCursor == "" {
			break
		}
		q.Cursor = page.NextCursor
	}
	b, err := s.buyers(r, all)
	if err != nil {
		return err
	}
	when := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.In(s.cfg.Location).Format("02/01/2006 15:04")
	}
	return api.WriteCSV(w, "pedidos-"+id+".csv", ordersExportHeader, func(write func([]string) error) error {
		for _, o := range all {
			refunded := orders.RefundShares(o)
			m := store.MoneyOf(o, store.PaymentPix).Add(store.MoneyOf(o, store.PaymentCard))
			fees, net := orders.Shares(o, m.Taxas), orders.Shares(o, m.Liquido())
			parcelas, taxas := "", func(int) string { return "" }
			if o.Pagamento == store.PaymentCard {
				taxas = func(i int) string { return sheet.Money(fees[i]) }
				if n := store.Installments(o); n > 0 {
					parcelas = strconv.Itoa(n)
				}
			}
			for i, reg := range o.Inscricoes {
				doc := reg.DocNumero
				if reg.DocTipo == participant.CPF {
					doc = participant.FormatCPF(doc)
				}
				if err := write([]string{o.ID, statusName(registration.Const.StatusPedido, o.Status), when(&o.CriadoEm), when(o.PagoEm),
					b[o.BuyerID].Nome, b[o.BuyerID].Email, reg.ID, reg.Codigo, reg.Nome, doc, reg.Percurso, reg.Lote, reg.Categoria,
					reg.Camiseta, sheet.Money(reg.Valor), sheet.Money(reg.Desconto), sheet.Money(reg.Total),
					statusName(registration.Const.StatusInscricao, exportedStatus(o, reg)), sheet.Money(refunded[i]),
					statusName(paymentNames, o.Pagamento), parcelas, taxas(i), sheet.Money(net[i])}); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// refundedRegistration names, in the export, a registration its order's full refund cancelled:
// "Reembolsada", the word its athlete reads in "Minhas inscrições" (REG-212).
const refundedRegistration = "reembolsada"

// exportedStatus is the status the orders export names for reg of o: a registration of an order
// refunded in full is refundedRegistration, not merely cancelled.
func exportedStatus(o store.Order, reg store.Registration) string {
	if o.Status == store.OrderRefunded && reg.Status == store.RegistrationCanceled {
		return refundedRegistration
	}
	return reg.Status
}

// statusName is a status as the organizer reads it; one without a name stays as stored.
func statusName(names map[string]string, status string) string {
	if name, ok := names[status]; ok {
		return name
	}
	return status
}

// finance answers GET /api/events/{id}/financeiro (orders.Figures).
func (s *Server) finance(w http.ResponseWriter, r *http.Request) error {
	f, err := s.store.EventFinance(r.Context(), r.PathValue("id"), time.Now())
	if err != nil {
		return err
	}
	figures := orders.FiguresOf(f, s.cfg.Location)
	sales, err := s.store.GroupSales(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	figures.AddGroups(sales)
	switch c, err := s.store.PixCheck(r.Context(), r.PathValue("id")); {
	case err == nil:
		figures.Conciliacao = orders.ReconciliationOf(c)
	case !errors.Is(err, store.ErrNotFound): // no pass finished yet: conciliacao null
		return err
	}
	api.WriteJSON(w, http.StatusOK, figures)
	return nil
}

// eventOrder returns the order {orderId} of the event {id}; another event's is not found.
func (s *Server) eventOrder(r *http.Request) (store.Order, error) {
	o, err := s.store.Order(r.Context(), r.PathValue("orderId"))
	if err != nil {
		return o, api.NotFoundAs(err, errOrderNotFound)
	}
	if o.EventID != r.PathValue("id") {
		return o, errOrderNotFound
	}
	return o, nil
}

// refundOrder answers POST /api/events/{id}/pedidos/{orderId}/reembolso {"valor"?}: valor reais
// (absent, as in {}: all that is left) go back through the PSP; an Idempotency-Key sent again is the same
// refund. A PSP that is down leaves the refund pending (the reconciliation asks again).
func (s *Server) refundOrder(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Valor *float64 `json:"valor"`
	}
	if err := api.ReadJSON(r, &body); err != nil {
		return err
	}
	o, err := s.eventOrder(r)
	if err != nil {
		return err
	}
	var valor money.Centavos
	if body.Valor != nil {
		var whole bool
		if valor, whole = money.FromReais(*body.Valor); !whole || valor < 1 {
			return api.FieldError{"valor": registration.Const.Messages.ReembolsoValor}
		}
	}
	got, err := s.orders.Refund(r.Context(), o, valor, r.Header.Get("Idempotency-Key"), actor(r))
	if err != nil {
		return refusal(err)
	}
	a, err := s.managedOrder(r, got)
	return api.WriteOK(w, a, err)
}

// cancelOrder answers POST /api/pedidos/{orderId}/cancelar: the buyer within the consumer's
// window, the event's owner and gestao at any time (orders.Service.Cancel).
func (s *Server) cancelOrder(w http.ResponseWriter, r *http.Request) error {
	o, err := s.orderFor(r)
	if err != nil {
		return err
	}
	got, err := s.orders.Cancel(r.Context(), o, s.managesEvent(r, o.EventID), actor(r))
	if err != nil {
		return refusal(err)
	}
	api.WriteJSON(w, http.StatusOK, s.orderAnswer(got))
	return nil
}

// errRegistrationNotFound answers a registration the user may not see as one that does not exist.
var errRegistrationNotFound = &api.Error{Status: http.StatusNotFound, Code: "not-found", Message: "Inscrição não encontrada."}

// registrationOrder is the order of registration id when the user of r may act on it: the
// event's owner and gestao (organizer), its buyer, or its athlete (the account whose verified
// e-mail is the athlete's); anyone else is told it does not exist.
func (s *Server) registrationOrder(r *http.Request, id string) (o store.Order, organizer bool, err error) {
	o, err = s.store.OrderOfRegistration(r.Context(), id)
	if err != nil {
		return o, false, api.NotFoundAs(err, errRegistrationNotFound)
	}
	u, _ := api.CurrentUser(r)
	if s.managesEvent(r, o.EventID) {
		return o, true, nil
	}
	i := slices.IndexFunc(o.Inscricoes, func(reg store.Registration) bool { return reg.ID == id })
	if o.BuyerID != u.ID {
		if theirs, err := s.isAthleteOf(r.Context(), u.ID, o.Inscricoes[i]); err != nil || !theirs {
			return o, false, cmp.Or(err, error(errRegistrationNotFound))
		}
	}
	return o, false, nil
}

// editRegistration answers PATCH /api/inscricoes/{registrationId}: its buyer, or its athlete
// (the account whose verified e-mail is the athlete's), until edicaoAte; the event's owner and
// gestao at any time, also name, document and birth date (registration.Edit). The owner and
// gestao are answered the order as GET /api/pedidos/{orderId} answers them; the buyer and the
// athlete the registration as "Minhas inscrições" shows it, nothing of the order's other
// athletes, and the order's payment only to its buyer (REG-210).
func (s *Server) editRegistration(w http.ResponseWriter, r *http.Request) error {
	var p registration.Patch
	if err := api.ReadJSON(r, &p); err != nil {
		return err
	}
	id := r.PathValue("registrationId")
	o, organizer, err := s.registrationOrder(r, id)
	if err != nil {
		return err
	}
	u, _ := api.CurrentUser(r)
	got, err := s.orders.Edit(r.Context(), o, id, p, organizer, actor(r))
	if err != nil {
		return refusal(err)
	}
	if organizer {
		a, err := s.managedOrder(r, got)
		return api.WriteOK(w, a, err)
	}
	ev, err := s.eventOfOrders(r.Context(), got.EventID)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(got.Inscricoes, func(reg store.Registration) bool { return reg.ID == id })
	a, err := s.myRegistration(r.Context(), u.ID, got, i, ev, time.Now())
	return api.WriteOK(w, a, err)
}

// cancelRegistration answers POST /api/inscricoes/{registrationId}/cancelar: one registration of a
// paid order cancelled alone, its share refunded (orders.Service.CancelRegistration) — by its
// buyer or its athlete within the consumer's window, by the event's owner and gestao at any
// time. An athlete who did not buy the order is answered only their own registration, without
// the order's payment (athleteShare).
func (s *Server) cancelRegistration(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("registrationId")
	o, organizer, err := s.registrationOrder(r, id)
	if err != nil {
		return err
	}
	u, _ := api.CurrentUser(r)
	got, err := s.orders.CancelRegistration(r.Context(), o, id, organizer, actor(r))
	if err != nil {
		return refusal(err)
	}
	if !organizer && got.BuyerID != u.ID {
		got = athleteShare(got, func(reg store.Registration) bool { return reg.ID == id })
	}
	api.WriteJSON(w, http.StatusOK, s.orderAnswer(got))
	return nil
}
