package salesapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/mercadopago"
	mpsandbox "pelotao/internal/mercadopago/sandbox"
	"pelotao/internal/orders"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// cardWorld is a pixWorld whose event (one slot) takes cards too, up to 6 installments, on the
// Mercado Pago sandbox; bruno, with an account, buys.
type cardWorld struct {
	*pixWorld
	mp *mpsandbox.Sandbox
}

const cardEvent = `"modo": "pelotao", "cartao": {"ativo": true, "parcelasMax": 6},`

func newCardWorld(t *testing.T, st store.Store, env map[string]string) *cardWorld {
	t.Helper()
	withBuyer(t, st)
	all := map[string]string{"PELOTAO_MP_SANDBOX": "1", "PELOTAO_BASE_URL": "http://localhost:8080"}
	for k, v := range env {
		all[k] = v
	}
	w := newPixWorld(t, st, all)
	w.eventID = w.createEvent(t, `"vagas": 300`, `"vagas": 1`, `"modo": "pelotao",`, cardEvent)
	return &cardWorld{pixWorld: w, mp: w.sales.mpSandbox}
}

// buyByCard orders by card and wants 201.
func (w *cardWorld) buyByCard(t *testing.T) orderAnswer {
	t.Helper()
	return w.buyByCardIn(t, w.eventID)
}

// buyByCardIn orders by card in the event eventID and wants 201.
func (w *cardWorld) buyByCardIn(t *testing.T, eventID string) orderAnswer {
	t.Helper()
	return w.order(t, w.Call("POST", "/api/events/"+eventID+"/pedidos", orderJSON(t, `,"pagamento":"cartao"`), apitest.As(&bruno)),
		http.StatusCreated)
}

// preference is the id of the card order's preference, from its checkoutUrl.
func preference(t *testing.T, o orderAnswer) string {
	t.Helper()
	u, err := url.Parse(o.Checkout)
	if err != nil || !strings.HasPrefix(u.Path, mpsandbox.Path+"checkout/") {
		t.Fatalf("checkoutUrl %q", o.Checkout)
	}
	return strings.TrimPrefix(u.Path, mpsandbox.Path+"checkout/")
}

// requests are the sandbox's API requests of method whose path starts with prefix.
func (w *cardWorld) requests(method, prefix string) []mpsandbox.Request {
	var out []mpsandbox.Request
	for _, r := range w.mp.Requests() {
		if r.Method == method && strings.HasPrefix(r.Path, mpsandbox.Path+strings.TrimPrefix(prefix, "/")) {
			out = append(out, r)
		}
	}
	return out
}

func (w *cardWorld) stored(t *testing.T, id string) store.Order {
	t.Helper()
	o, err := w.st.Order(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// notifyCard posts Mercado Pago's notification of payment id as the sandbox does, signed with
// secret, and returns the answer's status.
func (w *cardWorld) notifyCard(t *testing.T, secret string, id int64, requestID string) int {
	t.Helper()
	dataID := strconv.FormatInt(id, 10)
	return w.Call("POST", CardWebhookPath+w.sales.CardWebhookSecret()+"?data.id="+dataID+"&type=payment",
		`{"action":"payment.updated","type":"payment","data":{"id":"`+dataID+`"}}`,
		apitest.Header("x-signature", mercadopago.Sign(secret, dataID, requestID, time.Now().Unix()), "x-request-id", requestID)).Code
}

// CARD-19: the offer says which methods the buyer may choose now and the most installments: a
// card only when the event takes cards and a card provider is configured.
func TestOfferSaysThePaymentMethods(t *testing.T) {
	st := dbtest.OpenSQLite(t, t.TempDir()+"/o.db")
	w := newCardWorld(t, st, nil)
	offer := func(site *testSite, eventID string) (o struct {
		Pagamentos  []string `json:"pagamentos"`
		ParcelasMax *int     `json:"parcelasMax"`
	}) {
		rec := site.Call("GET", "/api/events/"+eventID+"/inscricao", "")
		if err := json.Unmarshal(rec.Body.Bytes(), &o); err != nil || rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		return o
	}
	if o := offer(w.testSite, w.eventID); strings.Join(o.Pagamentos, ",") != "pix,cartao" || o.ParcelasMax == nil || *o.ParcelasMax != 6 {
		t.Errorf("an event taking cards: %+v", o)
	}
	pixOnly := w.createEvent(t)
	if o := offer(w.testSite, pixOnly); strings.Join(o.Pagamentos, ",") != "pix" || o.ParcelasMax != nil {
		t.Errorf("an event without cards: %+v", o)
	}
	noProvider := newTestSite(t, st, map[string]string{"PELOTAO_PIX_SANDBOX": "1"})
	if o := offer(noProvider, w.eventID); strings.Join(o.Pagamentos, ",") != "pix" || o.ParcelasMax != nil {
		t.Errorf("no card provider: %+v", o)
	}
	rec := noProvider.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, `,"pagamento":"cartao"`), apitest.As(&bruno))
	if rec.Code != 422 || !strings.Contains(rec.Body.String(), `"pagamento":"Pagamento com cartão não está disponível para este evento. Pague com Pix."`) {
		t.Errorf("a card not offered: %d %s", rec.Code, rec.Body)
	}
	rec = w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, `,"pagamento":"boleto"`), apitest.As(&bruno))
	if rec.Code != 422 || !strings.Contains(rec.Body.String(), `"pagamento":"Escolha a forma de pagamento: Pix ou cartão."`) {
		t.Errorf("a method that does not exist: %d %s", rec.Code, rec.Body)
	}
	if os, _ := st.OrdersOfBuyer(t.Context(), bruno.ID); len(os) != 0 {
		t.Errorf("orders refused left %d", len(os))
	}
}

// CARD-2, CARD-20, CARD-22: a card order holds its slot and answers its checkoutUrl, no Pix; the
// preference is asked as Mercado Pago's reference says. Declined and waiting payments leave it
// awaiting payment; the approval confirms it, read back from Mercado Pago; the same notification
// again changes nothing.
func TestCardOrderPaid(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, nil)
		o := w.buyByCard(t)
		if o.Pagamento != "cartao" || o.Pix != nil || o.Status != store.OrderAwaiting || o.Checkout == "" {
			t.Fatalf("a card order: %+v", o)
		}
		reqs := w.requests("POST", "/checkout/preferences")
		if len(reqs) != 1 || !strings.HasPrefix(reqs[0].Header.Get("Authorization"), "Bearer TEST-") || reqs[0].Header.Get("X-Idempotency-Key") == "" {
			t.Fatalf("preference requests %+v", reqs)
		}
		stored := w.stored(t, o.ID)
		var body map[string]any
		if err := json.Unmarshal(reqs[0].Body, &body); err != nil {
			t.Fatal(err)
		}
		back := "http://localhost:8080/inscricao/" + w.eventID + "/pedido/" + o.ID
		want := map[string]any{
			"items": []any{map[string]any{"id": stored.Inscricoes[0].ID, "title": "Inscrição — Pedal do Pelotão — 60 km", "quantity": 1.0,
				"unit_price": 89.9, "currency_id": "BRL"}},
			"payer":              map[string]any{"email": bruno.Email, "name": bruno.DisplayName},
			"external_reference": o.ID,
			"notification_url":   "http://localhost:8080/api/mp/webhook/" + w.sales.CardWebhookSecret(),
			"back_urls":          map[string]any{"success": back, "failure": back, "pending": back},
			"auto_return":        "approved",
			"expires":            true,
			"expiration_date_to": stored.ExpiraEm.UTC().Format("2006-01-02T15:04:05.000-07:00"),
			"payment_methods": map[string]any{"installments": 6.0, "excluded_payment_types": []any{
				map[string]any{"id": "ticket"}, map[string]any{"id": "atm"}, map[string]any{"id": "bank_transfer"}}},
			"statement_descriptor": "PELOTAO",
		}
		got, _ := json.Marshal(body)
		wanted, _ := json.Marshal(want)
		if string(got) != string(wanted) {
			t.Fatalf("the preference\n%s\nwant\n%s", got, wanted)
		}
		if again := w.order(t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)), 200); again.Checkout != o.Checkout || again.Pagamento != "cartao" {
			t.Fatalf("the order read again: %+v", again)
		}
		pref := preference(t, o)

		for _, st := range []mercadopago.Status{mercadopago.StatusRejected, mercadopago.StatusInProcess, mercadopago.StatusPending, mercadopago.StatusCancelled} {
			if _, err := w.mp.Pay(t.Context(), pref, mpsandbox.Outcome{Status: st}); err != nil {
				t.Fatal(err)
			}
			if got := w.stored(t, o.ID); got.Status != store.OrderAwaiting || len(got.Pagamentos) != 0 {
				t.Fatalf("a payment %s: %s %+v", st, got.Status, got.Pagamentos)
			}
		}
		p, err := w.mp.Pay(t.Context(), pref, mpsandbox.Outcome{Status: mercadopago.StatusApproved, Installments: 3})
		if err != nil {
			t.Fatal(err)
		}
		paid := w.stored(t, o.ID)
		if paid.Status != store.OrderPaid || len(paid.Pagamentos) != 1 || len(paid.Cartoes) != 5 || paid.Cartoes[4].Parcelas != 3 ||
			paid.Cartoes[4].Taxas != p.Fees() || paid.Cartoes[4].Liquido != p.TransactionDetails.NetReceivedAmount {
			t.Fatalf("approved: %+v", paid)
		}
		if got := w.order(t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)), 200); got.Checkout != "" || got.Status != store.OrderPaid {
			t.Fatalf("a paid order still shows where to pay: %+v", got)
		}
		reads := len(w.requests("GET", "/v1/payments/"+strconv.FormatInt(p.ID, 10)))
		history, _ := st.OrderHistory(t.Context(), o.ID)
		if code := w.notifyCard(t, w.cfg().WebhookSecret, p.ID, "req-again"); code != 200 {
			t.Fatalf("the notification again: %d", code)
		}
		again, _ := st.OrderHistory(t.Context(), o.ID)
		if len(again) != len(history) || len(w.requests("GET", "/v1/payments/"+strconv.FormatInt(p.ID, 10))) != reads+1 {
			t.Fatalf("the notification again: history %d → %d", len(history), len(again))
		}
		if n := len(w.mailsButConfirmations()); n != 0 {
			t.Fatalf("%d e-mails besides the confirmation", n)
		}
	})
}

func (w *cardWorld) cfg() mercadopago.Config { return w.sales.cfg.MercadoPago }

// CARD-20: Mercado Pago down when the preference is asked: 503 pagamento-indisponivel, and no
// order nor hold is left — the slot is free for the next buyer.
func TestCardOrderWithMercadoPagoDown(t *testing.T) {
	w := newCardWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/d.db"), nil)
	w.mp.Inject(mpsandbox.Unavailable, 1)
	rec := w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, `,"pagamento":"cartao"`), apitest.As(&bruno))
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), `"pagamento-indisponivel"`) {
		t.Fatalf("Mercado Pago down: %d %s", rec.Code, rec.Body)
	}
	if os, _ := w.st.OrdersOfBuyer(t.Context(), bruno.ID); len(os) != 0 {
		t.Fatalf("orders left: %d", len(os))
	}
	if rec := w.Call("GET", "/api/events/"+w.eventID+"/inscricao", ""); !strings.Contains(rec.Body.String(), `"vagasRestantes":1`) {
		t.Fatalf("a hold left: %s", rec.Body)
	}
	w.buyByCard(t) // and Mercado Pago back, the slot is sold
}

// CARD-22: another secret is a 404; a signature that is not Mercado Pago's is a 401 and changes
// nothing, even for a payment approved; any other topic or body with the secret is a 200; a
// payment of no order of ours is a 200, logged.
func TestCardWebhookRefusals(t *testing.T) {
	w := newCardWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/w.db"), nil)
	log := w.recordLog()
	o := w.buyByCard(t)
	p, err := w.mp.PayWithheld(preference(t, o), mpsandbox.Outcome{Status: mercadopago.StatusApproved})
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(p.ID, 10)
	if rec := w.Call("POST", CardWebhookPath+"errado?data.id="+id+"&type=payment", `{}`); rec.Code != 404 {
		t.Fatalf("another secret: %d", rec.Code)
	}
	if code := w.notifyCard(t, "outro-segredo", p.ID, "req-1"); code != 401 {
		t.Fatalf("a forged signature: %d", code)
	}
	path := CardWebhookPath + w.sales.CardWebhookSecret() + "?data.id=" + id + "&type=payment"
	if rec := w.Call("POST", path, `{"type":"payment","data":{"id":"`+id+`"}}`); rec.Code != 401 {
		t.Fatalf("unsigned: %d", rec.Code)
	}
	// Signed for another payment id than the one it names.
	if rec := w.Call("POST", path, `{}`, apitest.Header("x-signature", mercadopago.Sign(w.cfg().WebhookSecret, "1", "r", time.Now().Unix()),
		"x-request-id", "r")); rec.Code != 401 {
		t.Fatalf("a signature of another payment: %d", rec.Code)
	}
	if got := w.stored(t, o.ID); got.Status != store.OrderAwaiting || len(got.Cartoes) != 0 {
		t.Fatalf("a refused notification changed the order: %+v", got)
	}
	if n := len(w.requests("GET", "/v1/payments/")); n != 0 {
		t.Fatalf("a refused notification read %d payments", n)
	}
	for _, q := range []string{"?data.id=123&type=merchant_order", "?topic=chargebacks&id=9", "?data.id=ABC&type=payment"} {
		query, _ := url.ParseQuery(strings.TrimPrefix(q, "?"))
		sig := mercadopago.Sign(w.cfg().WebhookSecret, query.Get("data.id"), "r2", time.Now().Unix())
		if rec := w.Call("POST", CardWebhookPath+w.sales.CardWebhookSecret()+q, `não é json`, apitest.Header("x-signature", sig, "x-request-id", "r2")); rec.Code != 200 {
			t.Fatalf("another topic %s: %d %s", q, rec.Code, rec.Body)
		}
	}
	if code := w.notifyCard(t, w.cfg().WebhookSecret, 999, "r3"); code != 200 {
		t.Fatalf("an unknown payment: %d", code)
	}
	// A payment whose preference names no order of ours.
	client, err := mercadopago.New(mercadopago.Config{APIURL: "http://localhost:8080/_mp-sandbox", AccessToken: w.cfg().AccessToken,
		Transport: inProcess{w.mp}})
	if err != nil {
		t.Fatal(err)
	}
	alien, err := client.CreatePreference(t.Context(), "alien", mercadopago.NewPreference{Items: []mercadopago.Item{{ID: "x", Title: "x", UnitPrice: 100}},
		Payer: mercadopago.Payer{Email: "x@exemplo.com.br"}, ExternalReference: "nao-e-nosso", BackURL: "http://localhost:8080/",
		NotificationURL: "http://localhost:8080" + CardWebhookPath + w.sales.CardWebhookSecret(), Expires: time.Now().Add(time.Hour), Installments: 1})
	if err != nil {
		t.Fatal(err)
	}
	ap, err := w.mp.Pay(t.Context(), alien.ID, mpsandbox.Outcome{Status: mercadopago.StatusApproved})
	if err != nil {
		t.Fatalf("a payment of no order: %v", err)
	}
	if !strings.Contains(log.String(), "a payment of no order of ours") || !strings.Contains(log.String(), "payment="+strconv.FormatInt(ap.ID, 10)) {
		t.Fatalf("not logged: %s", log)
	}
	// The genuine notification of the approved payment, at last.
	if code := w.notifyCard(t, w.cfg().WebhookSecret, p.ID, "req-9"); code != 200 || w.stored(t, o.ID).Status != store.OrderPaid {
		t.Fatalf("the genuine notification: %d", code)
	}
}

// CARD-22, CARD-23: a card approved for another amount or in another currency confirms nothing
// and is refunded in full (POST /v1/payments/{id}/refunds), the buyer told why; the order stays
// awaiting payment.
func TestCardOfAnotherAmountRefunded(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, nil)
		o := w.buyByCard(t)
		for i, out := range []mpsandbox.Outcome{{Status: mercadopago.StatusApproved, Amount: 8000}, {Status: mercadopago.StatusApproved, Currency: "USD"}} {
			p, err := w.mp.Pay(t.Context(), preference(t, o), out)
			if err != nil {
				t.Fatal(err)
			}
			refunds := w.requests("POST", "/v1/payments/"+strconv.FormatInt(p.ID, 10)+"/refunds")
			if len(refunds) != 1 || string(refunds[0].Body) != `{"amount":`+p.TransactionAmount.String()+`}` || refunds[0].Header.Get("X-Idempotency-Key") == "" {
				t.Fatalf("the refund asked: %+v", refunds)
			}
			got := w.stored(t, o.ID)
			if got.Status != store.OrderAwaiting || len(got.Reembolsos) != i+1 || got.Reembolsos[i].Status != store.RefundReturned ||
				got.Reembolsos[i].Valor != p.TransactionAmount || got.Reembolsos[i].Motivo != orders.MotivoValorDiferente {
				t.Fatalf("another amount: %+v", got)
			}
		}
		m := w.mailsButConfirmations()
		if len(m) != 2 || m[0].Subject != "Estorno do seu pagamento com cartão — Pelotão" || !strings.Contains(m[0].Text, "R$ 80,00") ||
			!strings.Contains(m[0].Text, "valor diferente do cobrado") {
			t.Fatalf("e-mails %+v", m)
		}
	})
}

// CARD-23: a card approved after the hold ended confirms the order when its slot is still free;
// when another buyer took it, the payment is refunded in full and the buyer told why, with the
// reason a late Pix gets.
func TestLateCardApproval(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, map[string]string{"PELOTAO_REGISTRATION_HOLD": "1m"})
		o := w.buyByCard(t)
		p, err := w.mp.Pay(t.Context(), preference(t, o), mpsandbox.Outcome{Status: mercadopago.StatusInProcess})
		if err != nil {
			t.Fatal(err)
		}
		w.sales.expireHoldsAt(t.Context(), time.Now().Add(2*time.Minute))
		if got := w.stored(t, o.ID); got.Status != store.OrderExpired {
			t.Fatalf("the hold: %s", got.Status)
		}
		if _, err := w.mp.SetStatus(t.Context(), p.ID, mercadopago.StatusApproved); err != nil {
			t.Fatal(err)
		}
		if got := w.stored(t, o.ID); got.Status != store.OrderPaid {
			t.Fatalf("approved late with room: %s", got.Status)
		}

		// Another event of one slot: bought by card, its hold passes, another buyer takes the slot.
		late := w
		second := w.createEvent(t, `"vagas": 300`, `"vagas": 1`, `"modo": "pelotao",`, cardEvent)
		lo := late.buyByCardIn(t, second)
		lp, err := late.mp.Pay(t.Context(), preference(t, lo), mpsandbox.Outcome{Status: mercadopago.StatusInProcess})
		if err != nil {
			t.Fatal(err)
		}
		late.sales.expireHoldsAt(t.Context(), time.Now().Add(2*time.Minute))
		carla := api.User{ID: "carla", Email: "carla@exemplo.com.br"}
		body := strings.Replace(orderJSON(t, ""), "529.982.247-25", "111.444.777-35", 1)
		late.order(t, late.Call("POST", "/api/events/"+second+"/pedidos", body, apitest.As(&carla)), http.StatusCreated)
		if _, err := late.mp.SetStatus(t.Context(), lp.ID, mercadopago.StatusApproved); err != nil {
			t.Fatal(err)
		}
		got := late.stored(t, lo.ID)
		if got.Status != store.OrderExpired || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned ||
			got.Reembolsos[0].Motivo != orders.MotivoSemVagas || got.Reembolsos[0].Valor != 8990 {
			t.Fatalf("approved late without room: %+v", got)
		}
		if refunds := late.requests("POST", "/v1/payments/"+strconv.FormatInt(lp.ID, 10)+"/refunds"); len(refunds) != 1 || string(refunds[0].Body) != `{"amount":89.90}` {
			t.Fatalf("the refund asked: %+v", refunds)
		}
		if m := late.mailsButConfirmations(); len(m) != 1 || !strings.Contains(m[0].Text, orders.MotivoSemVagas) {
			t.Fatalf("e-mails %+v", m)
		}
	})
}

// CARD-21: the buyer switches an order awaiting payment from Pix to card and back: the Pix charge
// is removed, the preference withdrawn (PUT with expiration_date_to in the past), the hold keeps
// its end; only the buyer may, and only while the order awaits payment.
func TestSwitchPayment(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, nil)
		o := w.buy(t)
		if o.Pagamento != "pix" || o.Pix == nil {
			t.Fatalf("a Pix order: %+v", o)
		}
		if rec := w.Call("POST", "/api/pedidos/"+o.ID+"/pagamento", `{"pagamento":"cartao"}`, apitest.As(&ana)); rec.Code != 404 {
			t.Fatalf("someone else (the event's owner): %d", rec.Code)
		}
		card := w.order(t, w.Call("POST", "/api/pedidos/"+o.ID+"/pagamento", `{"pagamento":"cartao"}`, apitest.As(&bruno)), 200)
		if card.Pagamento != "cartao" || card.Pix != nil || card.Checkout == "" || !card.ExpiraEm.Equal(o.ExpiraEm) {
			t.Fatalf("to card: %+v", card)
		}
		if ch, err := w.sales.psp.Charge(t.Context(), o.Pix.Txid); err != nil || ch.Status != "REMOVIDA_PELO_USUARIO_RECEBEDOR" {
			t.Fatalf("the Pix charge after the switch: %+v %v", ch, err)
		}
		pref := preference(t, card)
		if _, err := w.mp.Pay(t.Context(), pref, mpsandbox.Outcome{Status: mercadopago.StatusRejected}); err != nil {
			t.Fatal(err)
		}
		back := w.order(t, w.Call("POST", "/api/pedidos/"+o.ID+"/pagamento", `{"pagamento":"pix"}`, apitest.As(&bruno)), 200)
		if back.Pagamento != "pix" || back.Pix == nil || back.Pix.Txid == o.Pix.Txid || back.Checkout != "" || !back.ExpiraEm.Equal(o.ExpiraEm) {
			t.Fatalf("back to Pix: %+v", back)
		}
		puts := w.requests("PUT", "/checkout/preferences/"+pref)
		var withdrawal struct {
			Expires          bool             `json:"expires"`
			ExpirationDateTo mercadopago.Time `json:"expiration_date_to"`
		}
		if len(puts) != 1 || json.Unmarshal(puts[0].Body, &withdrawal) != nil || !withdrawal.Expires || !withdrawal.ExpirationDateTo.Before(time.Now()) {
			t.Fatalf("the preference withdrawn: %+v", puts)
		}
		if _, err := w.mp.Pay(t.Context(), pref, mpsandbox.Outcome{Status: mercadopago.StatusApproved}); err == nil {
			t.Fatal("the withdrawn preference was paid")
		}
		same := w.order(t, w.Call("POST", "/api/pedidos/"+o.ID+"/pagamento", `{"pagamento":"pix"}`, apitest.As(&bruno)), 200)
		if same.Pix == nil || same.Pix.Txid != back.Pix.Txid {
			t.Fatalf("the same method again: %+v", same)
		}
		if rec := w.Call("POST", back.Pix.Simular, ""); rec.Code != 200 || w.stored(t, o.ID).Status != store.OrderPaid {
			t.Fatalf("paying the Pix: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Call("POST", "/api/pedidos/"+o.ID+"/pagamento", `{"pagamento":"cartao"}`, apitest.As(&bruno)); rec.Code != 409 ||
			!strings.Contains(rec.Body.String(), msgNaoAguarda) {
			t.Fatalf("a paid order: %d %s", rec.Code, rec.Body)
		}
	})
}

// CARD-21: a card payment still in process when the buyer switched to Pix, approved after,
// confirms the order, and the Pix charge made by the switch is removed, so nobody pays twice.
func TestCardApprovedAfterSwitchToPix(t *testing.T) {
	w := newCardWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/s.db"), nil)
	o := w.buyByCard(t)
	p, err := w.mp.Pay(t.Context(), preference(t, o), mpsandbox.Outcome{Status: mercadopago.StatusInProcess})
	if err != nil {
		t.Fatal(err)
	}
	byPix := w.order(t, w.Call("POST", "/api/pedidos/"+o.ID+"/pagamento", `{"pagamento":"pix"}`, apitest.As(&bruno)), 200)
	if _, err := w.mp.SetStatus(t.Context(), p.ID, mercadopago.StatusApproved); err != nil {
		t.Fatal(err)
	}
	if got := w.stored(t, o.ID); got.Status != store.OrderPaid || len(got.Pagamentos) != 1 || got.Pagamentos[0].Metodo != store.PaymentCard {
		t.Fatalf("the card approved after the switch: %+v", got)
	}
	if ch, err := w.sales.psp.Charge(t.Context(), byPix.Pix.Txid); err != nil || ch.Status != "REMOVIDA_PELO_USUARIO_RECEBEDOR" {
		t.Fatalf("the Pix charge of the order paid by card: %+v %v", ch, err)
	}
}

// CARD-25: a card order whose notification was lost is confirmed by the reconciliation once its
// notification had time to come; a hold that passes withdraws its preference.
func TestCardReconciliationAndExpiry(t *testing.T) {
	w := newCardWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/r.db"), map[string]string{"PELOTAO_REGISTRATION_HOLD": "1m"})
	o := w.buyByCard(t)
	if _, err := w.mp.PayWithheld(preference(t, o), mpsandbox.Outcome{Status: mercadopago.StatusApproved}); err != nil {
		t.Fatal(err)
	}
	w.sales.reconcileAt(t.Context(), time.Now())
	if got := w.stored(t, o.ID); got.Status != store.OrderAwaiting {
		t.Fatalf("an order younger than its notification's grace was read back: %s", got.Status)
	}
	w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
	search := w.requests("GET", "/v1/payments/search")
	if got := w.stored(t, o.ID); got.Status != store.OrderPaid || len(search) != 1 || search[0].Path != mpsandbox.Path+"v1/payments/search?external_reference="+o.ID {
		t.Fatalf("reconciled: %s, searches %+v", got.Status, search)
	}

	x := newCardWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/x.db"), map[string]string{"PELOTAO_REGISTRATION_HOLD": "1m"})
	held := x.buyByCard(t)
	x.sales.expireHoldsAt(t.Context(), time.Now().Add(2*time.Minute))
	if got := x.stored(t, held.ID); got.Status != store.OrderExpired {
		t.Fatalf("hold not ended: %s", got.Status)
	}
	if puts := x.requests("PUT", "/checkout/preferences/"+preference(t, held)); len(puts) != 1 {
		t.Fatalf("the preference not withdrawn: %+v", puts)
	}
	if page := x.Call("GET", mpsandbox.Path+"checkout/"+preference(t, held), ""); !strings.Contains(page.Body.String(), "expir") {
		t.Fatalf("the checkout still open: %s", page.Body)
	}
}

// CARD-20: cancelling a card order awaiting payment withdraws its preference.
func TestCancelledCardOrderWithdrawsItsPreference(t *testing.T) {
	w := newCardWorld(t, dbtest.OpenSQLite(t, t.TempDir()+"/c.db"), nil)
	o := w.buyByCard(t)
	if rec := w.Call("POST", "/api/pedidos/"+o.ID+"/cancelar", "", apitest.As(&bruno)); rec.Code != 200 {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body)
	}
	if puts := w.requests("PUT", "/checkout/preferences/"+preference(t, o)); len(puts) != 1 {
		t.Fatalf("the preference not withdrawn: %+v", puts)
	}
}

// returnLost is a store whose next AddRefund fails, as a server stopped (or a database busy)
// between a payment's refusal and the record of its return would.
type returnLost struct {
	store.Store
	next atomic.Bool
}

func (s *returnLost) AddRefund(ctx context.Context, orderID string, r store.Refund, by store.Actor) (store.Order, error) {
	if s.next.CompareAndSwap(true, false) {
		return store.Order{}, errors.New("conexão com o banco perdida")
	}
	return s.Store.AddRefund(ctx, orderID, r, by)
}

// REG-301 for a card: a card approved after its hold, with no room left, is refused, but the
// record of its return fails; Mercado Pago's next notification of the same payment (read again,
// "approved" as before) refunds it in full — never kept with no registration and no refund.
func TestLateCardRefusedWhoseReturnWasLost(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		lost := &returnLost{Store: st}
		w := newCardWorld(t, lost, map[string]string{"PELOTAO_REGISTRATION_HOLD": "1m"})
		o := w.buyByCard(t)
		p, err := w.mp.Pay(t.Context(), preference(t, o), mpsandbox.Outcome{Status: mercadopago.StatusInProcess})
		if err != nil {
			t.Fatal(err)
		}
		w.sales.expireHoldsAt(t.Context(), time.Now().Add(2*time.Minute))
		carla := api.User{ID: "carla", Email: "carla@exemplo.com.br"}
		body := strings.Replace(orderJSON(t, ""), "529.982.247-25", "111.444.777-35", 1)
		w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", body, apitest.As(&carla)), http.StatusCreated)
		lost.next.Store(true)
		if _, err := w.mp.SetStatus(t.Context(), p.ID, mercadopago.StatusApproved); err != nil {
			t.Fatal(err)
		}
		if got := w.stored(t, o.ID); got.Status != store.OrderExpired || len(got.Pagamentos) != 1 || len(got.Reembolsos) != 0 {
			t.Fatalf("after the lost return: %s %+v %+v", got.Status, got.Pagamentos, got.Reembolsos)
		}
		if code := w.notifyCard(t, w.cfg().WebhookSecret, p.ID, "req-de-novo"); code != http.StatusOK {
			t.Fatalf("the notification again: %d", code)
		}
		got := w.stored(t, o.ID)
		if got.Status != store.OrderExpired || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned ||
			got.Reembolsos[0].Motivo != orders.MotivoSemVagas || got.Reembolsos[0].Valor != 8990 {
			t.Fatalf("read again, the payment is not returned: %s %+v", got.Status, got.Reembolsos)
		}
		if m := w.mailsButConfirmations(); len(m) != 1 || !strings.Contains(m[0].Text, orders.MotivoSemVagas) {
			t.Fatalf("e-mails %+v", m)
		}
	})
}
