package salesapi

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/config"
	"pelotao/internal/event"
	"pelotao/internal/mercadopago"
	mpsandbox "pelotao/internal/mercadopago/sandbox"
	"pelotao/internal/pix"
	"pelotao/internal/store"
)

// setUpCardSandbox makes the in-memory Mercado Pago under PELOTAO_MP_SANDBOX (CARD-14): its
// checkout page notifies the site in-process, whatever the base URL, as the Pix sandbox's
// webhook does.
func (s *Server) setUpCardSandbox(site http.Handler) {
	if !s.cfg.MPSandbox {
		return
	}
	mp := s.cfg.MercadoPago
	s.mpSandbox = mpsandbox.New(mpsandbox.Options{AccessToken: mp.AccessToken, WebhookSecret: mp.WebhookSecret,
		Origin: s.cfg.BaseURL.String(), Client: &http.Client{Transport: inProcess{site}}})
}

// setUpCards makes the card provider's client (CARD-13): cards is the tests' own, else the
// configured Mercado Pago — reached in-process under the sandbox — or none without an access token.
func (s *Server) setUpCards(cards mercadopago.Provider) error {
	if cards != nil {
		s.cards = cards
		return nil
	}
	cfg := s.cfg.MercadoPago
	if cfg.AccessToken == "" {
		return nil // no card provider: events offer Pix only
	}
	if s.mpSandbox != nil {
		cfg.Transport = inProcess{s.mpSandbox}
	}
	c, err := mercadopago.New(cfg)
	if err != nil {
		return err
	}
	s.cards = c
	return nil
}

// cardSandboxRoutes serve the Mercado Pago sandbox — its API and its checkout page — only with
// PELOTAO_MP_SANDBOX.
func (s *Server) cardSandboxRoutes() []api.Route {
	if s.mpSandbox == nil {
		return nil
	}
	return []api.Route{{Pattern: config.MPSandboxPath, Handler: s.mpSandbox, Access: api.Public, MaxBody: 64 << 10}}
}

// CardWebhookPath is where Mercado Pago's notifications are served: CardWebhookPath + {secret}.
// The secret is what keeps anyone else from posting there, so the access log writes it redacted
// (internal/httpapi), as WebhookPath's.
const CardWebhookPath = "/api/mp/webhook/"

// paymentRoutes serve the switch of an order's payment method (always: Pix is always a method)
// and, only with a card provider, Mercado Pago's notifications (CARD-22): without one the path
// is a 404 like any other.
func (s *Server) paymentRoutes() []api.Route {
	rs := []api.Route{{Pattern: "POST /api/pedidos/{orderId}/pagamento", Handler: api.Func(s.switchPayment), Access: api.SignedIn,
		MaxBody: 1 << 10}}
	if s.cards != nil {
		rs = append(rs, api.Route{Pattern: "POST " + CardWebhookPath + "{secret}", Handler: api.Func(s.cardWebhook), Access: api.Public,
			MaxBody: mercadopago.MaxNotificationBody})
	}
	return rs
}

// CardWebhookSecret is the path segment of the notification_url each preference carries: derived
// from the notifications' signing secret, so that every instance agrees on it and nobody without
// that secret can guess it.
func (s *Server) CardWebhookSecret() string {
	m := hmac.New(sha256.New, []byte(s.cfg.MercadoPago.WebhookSecret))
	m.Write([]byte("pelotao mp webhook"))
	return hex.EncodeToString(m.Sum(nil))[:32]
}

// cardOffered reports whether a buyer of e may pay by card now: the event offers it
// (inscricoes.cartao.ativo) and a card provider is configured.
func (s *Server) cardOffered(e *event.Event) bool {
	c := e.Inscricoes.Cartao
	return s.cards != nil && c != nil && c.Ativo && c.ParcelasMax.Valid
}

// paymentMethods are the methods a buyer of e may choose now (CARD-19): Pix, and card when offered.
func (s *Server) paymentMethods(e *event.Event) []string {
	if s.cardOffered(e) {
		return []string{store.PaymentPix, store.PaymentCard}
	}
	return []string{store.PaymentPix}
}

// installments is the most installments a card of e may be paid in; nil when cards are not offered.
func (s *Server) installments(e *event.Event) *int {
	if !s.cardOffered(e) {
		return nil
	}
	n := e.Inscricoes.Cartao.ParcelasMax.Value
	return &n
}

// The pt-BR answers about the method asked for (fields.pagamento).
const (
	msgPagamentoInvalido  = "Escolha a forma de pagamento: Pix ou cartão."
	msgCartaoIndisponivel = "Pagamento com cartão não está disponível para este evento. Pague com Pix."
	msgNaoAguarda         = "Este pedido não está mais aguardando pagamento: a forma de pagamento não pode ser trocada."
)

// paymentMethod is the method a request asks for ("" is Pix), or a 422 on fields.pagamento when
// it is none or one e does not offer now (CARD-20).
func (s *Server) paymentMethod(e *event.Event, asked string) (string, error) {
	switch asked {
	case "", store.PaymentPix:
		return store.PaymentPix, nil
	case store.PaymentCard:
		if !s.cardOffered(e) {
			return "", api.FieldError{"pagamento": msgCartaoIndisponivel}
		}
		return store.PaymentCard, nil
	}
	return "", api.FieldError{"pagamento": msgPagamentoInvalido}
}

// checkout opens the card order's Checkout Pro preference (CARD-2, CARD-20): one item per athlete
// (a registration free by its discount has none: Mercado Pago takes positive prices only, and
// the items still add up to the order's total), the buyer as payer, the order as its
// external_reference, the notification URL with its secret, the order page to come back to,
// the hold's end as its own and the event's installments; it keeps the preference on the order.
// Each preference has its own idempotency key: one withdrawn (a switch to Pix) is never the
// answer to a new one, and a preference made twice by a retry is never shown and ends with the
// hold. Mercado Pago failing or refusing is errPaymentUnavailable.
func (s *Server) checkout(ctx context.Context, o store.Order, e *event.Event, payer mercadopago.Payer) (store.Order, error) {
	if s.cards == nil || e.Inscricoes.Cartao == nil {
		return o, errPaymentUnavailable
	}
	items := make([]mercadopago.Item, 0, len(o.Inscricoes))
	for _, r := range o.Inscricoes {
		if r.Total > 0 {
			items = append(items, mercadopago.Item{ID: r.ID, Title: "Inscrição — " + e.Titulo + " — " + r.Percurso,
				UnitPrice: r.Total})
		}
	}
	base := s.cfg.BaseURL.String()
	pref, err := s.cards.CreatePreference(ctx, "preferencia-"+o.ID+"-"+rand.Text(), mercadopago.NewPreference{
		Items: items, Payer: payer, ExternalReference: o.ID, NotificationURL: base + CardWebhookPath + s.CardWebhookSecret(),
		BackURL: base + "/inscricao/" + o.EventID + "/pedido/" + o.ID, Expires: o.ExpiraEm,
		Installments: e.Inscricoes.Cartao.ParcelasMax.Value})
	if err == nil {
		err = s.store.SetOrderCard(ctx, o.ID, pref.ID, pref.InitPoint)
	}
	if err != nil {
		s.log.Warn("card preference not made", "order", o.ID, "err", err)
		return o, errPaymentUnavailable
	}
	o.Preferencia, o.CheckoutURL = pref.ID, pref.InitPoint
	return o, nil
}

// charged is o with the charge of its method made when it has none yet: a Pix charge, or a card
// preference. Awaiting payment only, its hold not passed.
func (s *Server) charged(ctx context.Context, o store.Order, e *event.Event, payer mercadopago.Payer) (store.Order, error) {
	if o.Status != store.OrderAwaiting || !o.ExpiraEm.After(time.Now()) {
		return o, nil
	}
	switch {
	case o.Pagamento == store.PaymentCard && o.CheckoutURL == "":
		return s.checkout(ctx, o, e, payer)
	case o.Pagamento != store.PaymentCard && o.Txid != "" && o.CopiaECola == "":
		return s.charge(ctx, o, e)
	}
	return o, nil
}

// switchPayment answers POST /api/pedidos/{orderId}/pagamento {"pagamento"} (CARD-21): the
// buyer of an order awaiting payment pays it by the other method — the card declined, they pay
// by Pix, or the other way. The other method's charge is withdrawn (the Pix charge removed, the
// preference expired) and the new one made; the hold keeps its end. Asked for the method the
// order has, it makes the charge that is missing (a switch whose provider failed) and answers
// the order. Only the buyer: anyone else gets the 404 of an order not theirs.
func (s *Server) switchPayment(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Pagamento string `json:"pagamento"`
	}
	if err := api.ReadJSON(r, &body); err != nil {
		return err
	}
	u, _ := api.CurrentUser(r)
	o, err := s.store.Order(r.Context(), r.PathValue("orderId"))
	if err != nil {
		return api.NotFoundAs(err, errOrderNotFound)
	}
	if o.BuyerID != u.ID {
		return errOrderNotFound
	}
	e, err := s.store.GetEvent(r.Context(), o.EventID)
	if err != nil {
		return err
	}
	metodo, err := s.paymentMethod(&e, body.Pagamento)
	if err != nil {
		return err
	}
	notAwaiting := &api.Error{Status: http.StatusConflict, Code: "nao-aguardando-pagamento", Message: msgNaoAguarda}
	now := time.Now()
	if o.Status != store.OrderAwaiting || !o.ExpiraEm.After(now) {
		return notAwaiting
	}
	if metodo != o.Pagamento {
		was := o
		var txid string
		if metodo == store.PaymentPix {
			txid = pix.NewTxID()
		}
		if o, err = s.store.SwitchPayment(r.Context(), o.ID, metodo, txid, now); errors.Is(err, store.ErrNotPending) {
			return notAwaiting
		} else if err != nil {
			return err
		}
		withdrawn := store.Charges{Preferencia: was.Preferencia} // to Pix: the card's preference
		if was.Pagamento != store.PaymentCard {
			withdrawn = store.Charges{Txid: was.Txid}
		}
		s.orders.Withdraw(context.WithoutCancel(r.Context()), withdrawn)
	}
	if o, err = s.charged(r.Context(), o, &e, mercadopago.Payer{Email: u.Email, Name: u.DisplayName}); err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, s.orderAnswer(o))
	return nil
}

var errSignature = &api.Error{Status: http.StatusUnauthorized, Code: "assinatura-invalida", Message: "Assinatura da notificação inválida."}

// cardWebhook answers POST /api/mp/webhook/{secret} (CARD-22): 404 for another secret; 401,
// changing nothing, when x-signature is not Mercado Pago's for the notification; else 200
// whatever it names, once acted on or logged (the reconciliation reads open card orders back,
// so a notification answered without effect loses nothing). A payment's notification is only a
// hint: the payment is read back (orders.Service.SettleCardPayment); a payment of no order of
// ours is logged by its id alone.
func (s *Server) cardWebhook(w http.ResponseWriter, r *http.Request) error {
	if subtle.ConstantTimeCompare([]byte(r.PathValue("secret")), []byte(s.CardWebhookSecret())) != 1 {
		return api.ErrNotFound
	}
	q := r.URL.Query()
	if _, err := mercadopago.Verify(s.cfg.MercadoPago.WebhookSecret, r.Header.Get("x-signature"), q.Get("data.id"),
		r.Header.Get("x-request-id")); err != nil {
		s.log.Warn("card notification refused", "err", err)
		return errSignature
	}
	n, err := mercadopago.ParseNotification(q, r.Body)
	id, ok := n.PaymentID()
	if err != nil || !ok {
		s.log.Info("card notification of no payment ignored", "type", n.Type, "action", n.Action)
		w.WriteHeader(http.StatusOK)
		return nil
	}
	switch err := s.orders.SettleCardPayment(r.Context(), id); {
	case errors.Is(err, store.ErrNotFound):
		s.log.Info("card notification: a payment of no order of ours", "payment", id)
	case err != nil:
		s.log.Warn("card notification: payment not settled; the reconciliation reads it again", "payment", id, "err", err)
	}
	w.WriteHeader(http.StatusOK)
	return nil
}
