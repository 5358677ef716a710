package salesapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"pelotao/internal/api"
	"pelotao/internal/config"
	"pelotao/internal/event"
	"pelotao/internal/mercadopago"
	"pelotao/internal/money"
	"pelotao/internal/orders"
	"pelotao/internal/participant"
	"pelotao/internal/pix"
	"pelotao/internal/qrcode"
	"pelotao/internal/registration"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

// orderRoutes are the routes of an order (docs/http-api.md, "Registration").
func (s *Server) orderRoutes() []api.Route {
	return []api.Route{
		{Pattern: "POST /api/events/{id}/pedidos", Handler: api.Func(s.createOrder), Access: api.SignedIn, MaxBody: maxOrderBody},
		{Pattern: "GET /api/pedidos/{orderId}", Handler: api.Func(s.getOrder), Access: api.SignedIn},
		{Pattern: "GET /api/pedidos/{orderId}/qrcode.png", Handler: api.Func(s.orderQRCode), Access: api.SignedIn},
		{Pattern: "GET /api/me/inscricoes", Handler: api.Func(s.myRegistrations), Access: api.SignedIn},
	}
}

var (
	errOrderNotFound      = &api.Error{Status: http.StatusNotFound, Code: "not-found", Message: "Pedido não encontrado."}
	errPaymentUnavailable = &api.Error{Status: http.StatusServiceUnavailable, Code: "pagamento-indisponivel",
		Message: "Pagamento indisponível no momento. Tente novamente em instantes."}
)

// orderAnswer is an order as the API answers it (docs/http-api.md, "An order").
type orderAnswer struct {
	ID         string                    `json:"id"`
	EventID    string                    `json:"eventId"`
	Status     string                    `json:"status"`
	Total      money.Centavos            `json:"total"`
	Pagamento  string                    `json:"pagamento"`             // pix or cartao (CARD-20)
	Checkout   string                    `json:"checkoutUrl,omitempty"` // a card order awaiting payment: where the buyer pays
	CriadoEm   time.Time                 `json:"criadoEm"`
	ExpiraEm   time.Time                 `json:"expiraEm"`
	PagoEm     *time.Time                `json:"pagoEm"`
	Inscricoes []orderRegistrationAnswer `json:"inscricoes"`
	Pix        *orderPixAnswer           `json:"pix,omitempty"`
	Reembolsos []orderRefundAnswer       `json:"reembolsos"`
}

type orderRegistrationAnswer struct {
	ID        string         `json:"id"`
	Codigo    string         `json:"codigo,omitempty"`
	Nome      string         `json:"nome"`
	Percurso  string         `json:"percurso"`
	Categoria string         `json:"categoria"`
	Camiseta  string         `json:"camiseta"`
	Lote      string         `json:"lote"`
	Valor     money.Centavos `json:"valor"`
	Desconto  money.Centavos `json:"desconto"`
	Total     money.Centavos `json:"total"`
	Status    string         `json:"status"`
	// DescontoGrupo: the group tier's percent that gave the discount ("Desconto de grupo 10%", GRP-21).
	DescontoGrupo int `json:"descontoGrupo,omitempty"`
}

type orderPixAnswer struct {
	Txid       string `json:"txid"`
	CopiaECola string `json:"copiaECola"`
	QRCode     string `json:"qrCode"`
	Simular    string `json:"simular,omitempty"` // under the sandbox only: where "Simular pagamento" posts
}

type orderRefundAnswer struct {
	Valor   money.Centavos `json:"valor"`
	Status  string         `json:"status"`
	Horario time.Time      `json:"horario"`
}

func toOrderAnswer(o store.Order) orderAnswer {
	j := orderAnswer{ID: o.ID, EventID: o.EventID, Status: o.Status, Total: o.Total, Pagamento: o.Pagamento,
		CriadoEm: o.CriadoEm, ExpiraEm: o.ExpiraEm, PagoEm: o.PagoEm,
		Inscricoes: make([]orderRegistrationAnswer, len(o.Inscricoes)), Reembolsos: toRefundAnswers(o.Reembolsos)}
	for i, r := range o.Inscricoes {
		j.Inscricoes[i] = toRegistrationAnswer(r)
	}
	if o.Status == store.OrderAwaiting && o.Pagamento == store.PaymentCard {
		j.Checkout = o.CheckoutURL
	}
	if o.Status == store.OrderAwaiting && o.Pagamento != store.PaymentCard && o.CopiaECola != "" {
		j.Pix = &orderPixAnswer{Txid: o.Txid, CopiaECola: o.CopiaECola, QRCode: "/api/pedidos/" + o.ID + "/qrcode.png"}
	}
	return j
}

func toRegistrationAnswer(r store.Registration) orderRegistrationAnswer {
	return orderRegistrationAnswer{ID: r.ID, Codigo: r.Codigo, Nome: r.Nome, Percurso: r.Percurso, Categoria: r.Categoria,
		Camiseta: r.Camiseta, Lote: r.Lote, Valor: r.Valor, Desconto: r.Desconto,
		Total: r.Total, Status: r.Status, DescontoGrupo: r.DescontoGrupo}
}

func toRefundAnswers(refunds []store.Refund) []orderRefundAnswer {
	out := make([]orderRefundAnswer, len(refunds))
	for i, r := range refunds {
		out[i] = orderRefundAnswer{Valor: r.Valor, Status: r.Status, Horario: r.CriadoEm}
	}
	return out
}

// orderError answers what the store refuses when it takes an order's slots, and what pricing
// under its lock found (registration's field errors and closings).
func orderError(err error) error {
	c := registration.Const
	var taken *store.AlreadyRegisteredError
	var capped *store.RegistrationLimitError
	switch {
	case errors.As(err, &taken):
		return &api.Error{Status: http.StatusConflict, Code: "ja-inscrito", Message: "Este documento já está inscrito neste evento.",
			Fields: map[string]string{fmt.Sprintf("atletas.%d.documento", taken.Index): "Este documento já está inscrito neste evento."}}
	case errors.Is(err, store.ErrSoldOut):
		return &api.Error{Status: http.StatusConflict, Code: c.Codes.Esgotado, Message: c.Motivos.Esgotado}
	case errors.Is(err, store.ErrOrderLimit):
		return &api.Error{Status: http.StatusConflict, Code: c.Codes.LimitePedidos,
			Message: registration.Fill(c.Messages.LimitePedidos, "max", strconv.Itoa(c.Limits.PedidosAbertosMax))}
	case errors.As(err, &capped):
		return &api.Error{Status: http.StatusConflict, Code: c.Codes.LimiteInscricoes, Message: registration.Fill(c.Messages.LimiteInscricoes,
			"max", strconv.Itoa(capped.Max), "atual", strconv.Itoa(capped.Held))}
	case errors.Is(err, store.ErrIdempotencyKeyReused):
		return &api.Error{Status: http.StatusUnprocessableEntity, Code: c.Codes.IdempotencyKeyReutilizada,
			Message: c.Messages.IdempotencyKeyReutilizada}
	case errors.Is(err, store.ErrCouponUsedUp):
		return api.FieldError{"cupom": c.Messages.CupomEsgotado}
	}
	return closedError(groupError(err))
}

// createOrder answers POST /api/events/{id}/pedidos: the store prices the order with the counts
// and coupon it reads under the event's lock (REG-68), so each athlete holds the lot it is
// charged for, takes its slots, then the order is charged its stored total through the PSP; a
// charge that cannot be made leaves no hold behind. A retry (the same Idempotency-Key) is
// answered the order its first try made, by the store, which looks for it first under the lock,
// even once the sale has closed: looking for it before every order as well would cost each
// buyer of an opening a read. The key is the buyer's in the event, kept with its body's hash:
// sent again with another body it is refused (REG-191).
//
// The request's slot of its address's limit (REG-193) is taken in the order's own transaction,
// one commit instead of two on SQLite's single writer (REG-300), which keeps it when a rule
// refuses the order (REG-321); an order refused before it (a bad body, a closed sale), which
// then took no slot, takes one on its own.
func (s *Server) createOrder(w http.ResponseWriter, r *http.Request) error {
	key, err := idempotencyKey(r)
	if err != nil {
		return err
	}
	slot := s.senderSlot(r, store.ScopeOrder, s.cfg.OrdersPerHour)
	var e event.Event
	order, asked, err := s.placeOrder(r, key, slot, &e)
	if errors.Is(err, store.ErrTooManyFromSender) {
		return tooManyFromSender(w, err, slot.Limit)
	}
	if err != nil {
		if !asked {
			if tooMany := s.takeSenderSlot(w, r, slot); tooMany != nil {
				return tooMany
			}
		}
		return err
	}
	s.sendReceipt(order) // a free order is paid at once (a retry's receipt is claimed once)
	return s.answerCharged(w, r, order, &e)
}

// placeOrder reads the request's order and event (into e) and has the store create the order,
// taking slot with it; asked tells whether the store was asked (and so took the slot).
func (s *Server) placeOrder(r *http.Request, key string, slot store.SenderSlot, e *event.Event) (_ store.Order, asked bool, _ error) {
	u, _ := api.CurrentUser(r)
	var o registration.Order
	if err := s.readOrder(r, e, &o); err != nil {
		return store.Order{}, false, err
	}
	pagamento, err := s.paymentMethod(e, o.Pagamento)
	if err != nil {
		return store.Order{}, false, err
	}
	txid := ""
	if pagamento == store.PaymentPix {
		txid = pix.NewTxID()
	}
	var hash string
	if key != "" {
		var err error
		if hash, err = bodyHash(&o); err != nil {
			return store.Order{}, false, err
		}
	}
	grupo, err := orderGroupOf(e, &o)
	if err != nil {
		return store.Order{}, false, err
	}
	now := time.Now()
	order, err := s.store.CreateOrder(r.Context(), store.NewOrder{EventID: e.ID, BuyerID: u.ID, Grupo: grupo,
		IdempotencyKey: key, IdempotencyHash: hash, Cupom: o.Cupom, Txid: txid, Pagamento: pagamento, Now: now,
		ExpiraEm: now.Add(s.cfg.RegistrationHold), Vagas: orders.EventCapacity(e),
		PedidosAbertosMax: registration.Const.Limits.PedidosAbertosMax, InscricoesPorContaMax: s.cfg.MaxRegistrationsPerAccount,
		Price: orderPricer(e, &o, e.Today(now)), Sender: &slot})
	if err != nil && !errors.Is(err, store.ErrTooManyFromSender) {
		return order, true, orderError(err)
	}
	return order, true, err
}

// idempotencyKey is the request's Idempotency-Key (” none); longer than
// limits.idempotencyKeyMax characters it is a 422.
func idempotencyKey(r *http.Request) (string, error) {
	c := registration.Const
	key := r.Header.Get("Idempotency-Key")
	if utf8.RuneCountInString(key) > c.Limits.IdempotencyKeyMax {
		return "", &api.Error{Status: http.StatusUnprocessableEntity, Code: c.Codes.IdempotencyKeyInvalida,
			Message: registration.Fill(c.Messages.IdempotencyKeyLonga, "max", strconv.Itoa(c.Limits.IdempotencyKeyMax))}
	}
	return key, nil
}

// bodyHash is the SHA-256 (hex) of the order as the server read it, encoded again: the same
// order hashes the same however its JSON was spaced or its keys ordered.
func bodyHash(o *registration.Order) (string, error) {
	canonical, err := json.Marshal(o)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(canonical)
	return hex.EncodeToString(sum[:]), nil
}

// answerCharged answers 201 with order, charging it first when it has no charge yet: a new
// order, or the first order of a retry whose request died before its charge was recorded (or
// is still making it); the retry makes a Pix charge with the same txid, which the PSP takes as
// the same charge. A charge that cannot be made — the PSP's or the card provider's — discards
// the order, so that no hold remains (REG-50, CARD-20).
func (s *Server) answerCharged(w http.ResponseWriter, r *http.Request, order store.Order, e *event.Event) error {
	u, _ := api.CurrentUser(r)
	charged, err := s.charged(r.Context(), order, e, mercadopago.Payer{Email: u.Email, Name: u.DisplayName})
	if err != nil {
		return s.discard(r.Context(), order, err)
	}
	order = charged
	api.WriteJSON(w, http.StatusCreated, s.orderAnswer(order))
	return nil
}

// orderPricer prices o for e on today with registration.Price, as the quote does, from the counts
// and coupon the store reads inside the order's transaction.
func orderPricer(e *event.Event, o *registration.Order, today event.Date) store.Pricer {
	return func(taken store.Taken, c *store.Coupon) ([]store.NewRegistration, error) {
		var coupon *registration.Coupon
		if c != nil {
			rc := orders.CouponFromStore(*c)
			coupon = &rc
		}
		q, err := registration.Price(e, o, today, countsOf(taken), coupon)
		if err != nil {
			return nil, err
		}
		items := make([]store.NewRegistration, len(q.Itens))
		for i, it := range q.Itens {
			a := o.Atletas[i]
			atleta, err := json.Marshal(a)
			if err != nil {
				return nil, err
			}
			items[i] = store.NewRegistration{DocTipo: a.Documento.Tipo, DocNumero: a.Documento.Numero, Nome: a.Nome, Percurso: a.Percurso,
				Lote: it.Lote, Categoria: it.Categoria, Camiseta: a.Camiseta, Valor: it.Valor, Desconto: it.Desconto,
				Total: it.Total, UsaCupom: it.Cupom, Atleta: atleta, DescontoGrupo: it.DescontoGrupo}
		}
		return items, nil
	}
}

// charge opens the order's Pix charge for its stored total, the debtor its first athlete with a
// CPF, and keeps its code; when the PSP cannot, errPaymentUnavailable (the caller discards a new
// order, so that its slots are free again). The order (and its txid) is stored before the PSP
// hears of the charge, so that every charge the PSP holds names an order: one whose server died
// before recording the code is withdrawn when its hold ends, like any unpaid charge.
func (s *Server) charge(ctx context.Context, order store.Order, e *event.Event) (store.Order, error) {
	msg := []rune("Inscrição " + e.Titulo)
	if len(msg) > 140 {
		msg = msg[:140]
	}
	var debtor *pix.Debtor
	if i := slices.IndexFunc(order.Inscricoes, func(r store.Registration) bool { return r.DocTipo == participant.CPF }); i >= 0 {
		debtor = &pix.Debtor{CPF: order.Inscricoes[i].DocNumero, Name: order.Inscricoes[i].Nome}
	}
	if s.psp == nil {
		s.log.Warn("pix charge not made", "order", order.ID, "err", "no PSP configured")
		return order, errPaymentUnavailable
	}
	ch, err := s.psp.CreateCharge(ctx, order.Txid, pix.NewCharge{Expiry: time.Until(order.ExpiraEm).Round(time.Second),
		Debtor: debtor, Amount: order.Total, Message: string(msg)})
	if err == nil {
		err = s.store.SetOrderPix(ctx, order.ID, ch.CopyPaste, ch.Location)
	}
	if err != nil {
		s.log.Warn("pix charge not made", "order", order.ID, "err", err)
		// A PSP whose answer was lost (a timeout) may have made the charge: it is withdrawn, so
		// that no charge outlives its order or its method; if the PSP cannot be reached for that
		// either, the charge's code was never shown to anyone and it ends at its expiracao.
		if _, err := s.psp.RemoveCharge(context.WithoutCancel(ctx), order.Txid); err != nil {
			s.log.Warn("pix charge not made, not removed", "txid", order.Txid, "err", err)
		}
		return order, errPaymentUnavailable
	}
	order.CopiaECola, order.Location = ch.CopyPaste, ch.Location // all that SetOrderPix changed
	return order, nil
}

// discard deletes a new order whose charge could not be made (why), so that no hold remains,
// and answers why.
func (s *Server) discard(ctx context.Context, order store.Order, why error) error {
	if err := s.store.DiscardOrder(context.WithoutCancel(ctx), order.ID); err != nil {
		return err
	}
	return why
}

// orderFor returns the order of {orderId} when the user bought it or manages its event.
func (s *Server) orderFor(r *http.Request) (store.Order, error) {
	u, _ := api.CurrentUser(r)
	o, err := s.store.Order(r.Context(), r.PathValue("orderId"))
	if err != nil {
		return o, api.NotFoundAs(err, errOrderNotFound)
	}
	if o.BuyerID != u.ID && !s.managesEvent(r, o.EventID) {
		return o, errOrderNotFound
	}
	return o, nil
}

// managesEvent reports whether the user of r is the owner or gestao of the event.
func (s *Server) managesEvent(r *http.Request, eventID string) bool {
	_, err := api.RequireEventRole(r, s.store, eventID, team.With(team.Manage)...)
	return err == nil
}

// getOrder answers GET /api/pedidos/{orderId}; the event's owner and gestao get the order with
// its buyer and history.
func (s *Server) getOrder(w http.ResponseWriter, r *http.Request) error {
	o, err := s.orderFor(r)
	if err != nil {
		return err
	}
	if s.managesEvent(r, o.EventID) { // the event's owner and gestao also see the buyer and the history
		a, err := s.managedOrder(r, o)
		return api.WriteOK(w, a, err)
	}
	api.WriteJSON(w, http.StatusOK, s.orderAnswer(o))
	return nil
}

// orderAnswer is toOrderAnswer with, under the sandbox, where to simulate the payment.
func (s *Server) orderAnswer(o store.Order) orderAnswer {
	a := toOrderAnswer(o)
	if a.Pix != nil && s.sandbox != nil {
		a.Pix.Simular = config.PixSandboxPath + "simular/" + a.Pix.Txid
	}
	return a
}

// orderQRCode answers GET /api/pedidos/{orderId}/qrcode.png: the copy-and-paste code as a QR
// code, while the order awaits payment.
func (s *Server) orderQRCode(w http.ResponseWriter, r *http.Request) error {
	o, err := s.orderFor(r)
	if err != nil {
		return err
	}
	if o.Status != store.OrderAwaiting || o.CopiaECola == "" {
		return errOrderNotFound
	}
	return writeQRCode(w, o.CopiaECola, "private, no-store")
}

// writeQRCode answers text as a QR code PNG, cached as cacheControl says.
func writeQRCode(w http.ResponseWriter, text, cacheControl string) error {
	png, err := qrcode.PNG(text, 8)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", cacheControl)
	_, err = w.Write(png)
	return err
}
