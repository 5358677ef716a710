package mercadopago_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"pelotao/internal/clocktest"
	"pelotao/internal/mercadopago"
	"pelotao/internal/mercadopago/sandbox"
)

const (
	token         = "APP_USR-1234-token-que-nunca-aparece"
	webhookSecret = "segredo-do-webhook"
)

// mp is a sandbox behind a real HTTP server and a client pointed at it, on one clock.
type mp struct {
	sandbox *sandbox.Sandbox
	client  *mercadopago.Client
	clock   *clocktest.Clock
	url     string
}

func newMP(t testing.TB, cfg mercadopago.Config) mp {
	t.Helper()
	clock := clocktest.New(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC))
	var sb *sandbox.Sandbox
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { sb.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	sb = sandbox.New(sandbox.Options{AccessToken: token, WebhookSecret: webhookSecret, Origin: srv.URL, Now: clock.Now})
	cfg.APIURL, cfg.AccessToken, cfg.Now = srv.URL+"/_mp-sandbox", token, clock.Now
	cfg.Transport = srv.Client().Transport
	client, err := mercadopago.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return mp{sandbox: sb, client: client, clock: clock, url: srv.URL}
}

// order is a preference as the orders package will ask it: two athletes, 6 installments.
func order(clock *clocktest.Clock) mercadopago.NewPreference {
	return mercadopago.NewPreference{
		Items: []mercadopago.Item{
			{ID: "reg-1", Title: "Inscrição — Corrida da Lagoa — 10 km", UnitPrice: 8990},
			{ID: "reg-2", Title: "Inscrição — Corrida da Lagoa — 5 km", UnitPrice: 4995},
		},
		Payer:             mercadopago.Payer{Email: "ana@example.com", Name: "Ana Maria da Silva"},
		ExternalReference: "pedido-42",
		NotificationURL:   "https://pelotao.example/api/mp/webhook/s3gr3d0",
		BackURL:           "https://pelotao.example/inscricao/ev-1/pedido/pedido-42",
		Expires:           time.Date(2026, 3, 2, 12, 30, 0, 0, time.UTC),
		Installments:      6,
	}
}

// wantPreference is the body docs/requirements.md CARD-2 fixes, field by field.
const wantPreference = `{
 "items": [
  {"id": "reg-1", "title": "Inscrição — Corrida da Lagoa — 10 km", "quantity": 1, "unit_price": 89.90, "currency_id": "BRL"},
  {"id": "reg-2", "title": "Inscrição — Corrida da Lagoa — 5 km", "quantity": 1, "unit_price": 49.95, "currency_id": "BRL"}
 ],
 "payer": {"email": "ana@example.com", "name": "Ana Maria da Silva"},
 "external_reference": "pedido-42",
 "notification_url": "https://pelotao.example/api/mp/webhook/s3gr3d0",
 "back_urls": {
  "success": "https://pelotao.example/inscricao/ev-1/pedido/pedido-42",
  "failure": "https://pelotao.example/inscricao/ev-1/pedido/pedido-42",
  "pending": "https://pelotao.example/inscricao/ev-1/pedido/pedido-42"
 },
 "auto_return": "approved",
 "expires": true,
 "expiration_date_to": "2026-03-02T12:30:00.000+00:00",
 "payment_methods": {"installments": 6, "excluded_payment_types": [{"id": "ticket"}, {"id": "atm"}, {"id": "bank_transfer"}]},
 "statement_descriptor": "PELOTAO"
}`

func sameJSON(t *testing.T, got []byte, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: %v", got, err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("body\n%s\nwant\n%s", got, want)
	}
}

// last is the sandbox's last request, checked for the headers every call carries.
func last(t *testing.T, m mp, method, path string) sandbox.Request {
	t.Helper()
	rs := m.sandbox.Requests()
	if len(rs) == 0 {
		t.Fatal("no request")
	}
	r := rs[len(rs)-1]
	if r.Method != method || r.Path != path {
		t.Errorf("request %s %s, want %s %s", r.Method, r.Path, method, path)
	}
	if got := r.Header.Get("Authorization"); got != "Bearer "+token {
		t.Errorf("Authorization %q", got)
	}
	if len(r.Body) > 0 && r.Header.Get("Content-Type") != "application/json" {
		t.Errorf("Content-Type %q", r.Header.Get("Content-Type"))
	}
	return r
}

// CARD-2, CARD-3: the preference travels as the contract writes it, amounts in reais with two
// decimals, with the idempotency key; the answer's init_point is the checkout.
func TestCreatePreference(t *testing.T) {
	m := newMP(t, mercadopago.Config{})
	ctx := context.Background()
	p, err := m.client.CreatePreference(ctx, "pedido-42-cartao-1", order(m.clock))
	if err != nil {
		t.Fatal(err)
	}
	r := last(t, m, http.MethodPost, "/_mp-sandbox/checkout/preferences")
	if got := r.Header.Get("X-Idempotency-Key"); got != "pedido-42-cartao-1" {
		t.Errorf("X-Idempotency-Key %q", got)
	}
	sameJSON(t, r.Body, wantPreference)
	if !strings.Contains(string(r.Body), `"unit_price":89.90,`) || !strings.Contains(string(r.Body), `"unit_price":49.95,`) {
		t.Errorf("amounts not written with two decimals: %s", r.Body)
	}
	if p.ID == "" || p.InitPoint != m.url+"/_mp-sandbox/checkout/"+p.ID || p.Total() != 13985 || p.ExternalReference != "pedido-42" {
		t.Errorf("preference %+v", p)
	}

	again, err := m.client.CreatePreference(ctx, "pedido-42-cartao-1", order(m.clock))
	if err != nil || again.ID != p.ID {
		t.Errorf("the same key made preference %q (%v), want %q", again.ID, err, p.ID)
	}
}

// CARD-3: what Mercado Pago would refuse is refused before it is asked.
func TestCreatePreferenceRefusesIncomplete(t *testing.T) {
	m := newMP(t, mercadopago.Config{})
	for name, change := range map[string]func(*mercadopago.NewPreference){
		"no items":        func(p *mercadopago.NewPreference) { p.Items = nil },
		"13 installments": func(p *mercadopago.NewPreference) { p.Installments = 13 },
		"0 installments":  func(p *mercadopago.NewPreference) { p.Installments = 0 },
		"free item":       func(p *mercadopago.NewPreference) { p.Items[0].UnitPrice = 0 },
		"no order":        func(p *mercadopago.NewPreference) { p.ExternalReference = "" },
		"no end":          func(p *mercadopago.NewPreference) { p.Expires = time.Time{} },
	} {
		p := order(m.clock)
		change(&p)
		if _, err := m.client.CreatePreference(context.Background(), "k", p); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := m.client.CreatePreference(context.Background(), "", order(m.clock)); err == nil {
		t.Error("no idempotency key: accepted")
	}
	if n := len(m.sandbox.Requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

// CARD-6: withdrawing sets expiration_date_to in the past; the checkout can no longer be paid.
func TestWithdrawPreference(t *testing.T) {
	m := newMP(t, mercadopago.Config{})
	ctx := context.Background()
	p, err := m.client.CreatePreference(ctx, "k1", order(m.clock))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.client.WithdrawPreference(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	r := last(t, m, http.MethodPut, "/_mp-sandbox/checkout/preferences/"+p.ID)
	sameJSON(t, r.Body, `{"expires": true, "expiration_date_to": "2026-03-02T11:59:00.000+00:00"}`)
	if got := r.Header.Get("X-Idempotency-Key"); got != "withdraw-"+p.ID {
		t.Errorf("X-Idempotency-Key %q", got)
	}
	if _, err := m.sandbox.Pay(ctx, p.ID, sandbox.Outcome{Status: mercadopago.StatusApproved}); !errors.Is(err, sandbox.ErrNotPayable) {
		t.Errorf("paying a withdrawn preference: %v", err)
	}
	var rej *mercadopago.Rejected
	if err := m.client.WithdrawPreference(ctx, "nao-existe"); !errors.As(err, &rej) || !rej.NotFound() {
		t.Errorf("withdrawing an unknown preference: %v", err)
	}
}

// CARD-4: every status a payment may have is read back with its amount, currency, installments,
// fees and net.
func TestPaymentStatuses(t *testing.T) {
	m := newMP(t, mercadopago.Config{})
	ctx := context.Background()
	pref, err := m.client.CreatePreference(ctx, "k1", order(m.clock))
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []mercadopago.Status{mercadopago.StatusApproved, mercadopago.StatusRejected, mercadopago.StatusCancelled,
		mercadopago.StatusInProcess, mercadopago.StatusPending, mercadopago.StatusRefunded, mercadopago.StatusChargedBack} {
		t.Run(string(st), func(t *testing.T) {
			paid, err := m.sandbox.PayWithheld(pref.ID, sandbox.Outcome{Status: st, Installments: 3})
			if err != nil {
				t.Fatal(err)
			}
			got, err := m.client.Payment(ctx, paid.ID)
			if err != nil {
				t.Fatal(err)
			}
			last(t, m, http.MethodGet, fmt.Sprintf("/_mp-sandbox/v1/payments/%d", paid.ID))
			if got.ID != paid.ID || got.Status != st || got.StatusDetail == "" || got.ExternalReference != "pedido-42" ||
				got.TransactionAmount != 13985 || got.CurrencyID != "BRL" || got.Installments != 3 || got.DateCreated.IsZero() {
				t.Errorf("payment %+v", got)
			}
			if want := st == mercadopago.StatusApproved; got.Pays("pedido-42", 13985) != want {
				t.Errorf("Pays = %v, want %v", !want, want)
			}
		})
	}
	// A chargeback or refund comes after an approval: the fee and net stay as approved.
	approved, _ := m.sandbox.PayWithheld(pref.ID, sandbox.Outcome{Status: mercadopago.StatusApproved, Installments: 6})
	// (The preference's notification_url is not served here: the notification is lost.)
	if _, err := m.sandbox.SetStatus(ctx, approved.ID, mercadopago.StatusChargedBack); !errors.Is(err, sandbox.ErrNotification) {
		t.Fatal(err)
	}
	got, err := m.client.Payment(ctx, approved.ID)
	if err != nil {
		t.Fatal(err)
	}
	// 4,99 % of R$ 139,85 is R$ 6,98 (6,978…), taken from the seller.
	if got.Status != mercadopago.StatusChargedBack || got.Fees() != 698 || got.TransactionDetails.NetReceivedAmount != 13985-698 ||
		got.DateApproved.IsZero() || got.TransactionDetails.InstallmentAmount != 2331 {
		t.Errorf("charged back %+v", got)
	}
}

// CARD-4: the fields Pelotão reads, from an answer shaped as Mercado Pago's API reference writes
// it (numbers in reais, fee_details, a financing fee the buyer pays, nulls).
func TestPaymentAnswer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"id": 20359978, "date_created": "2026-03-02T09:01:02.000-04:00",
		"date_approved": "2026-03-02T09:01:04.000-04:00", "status": "approved", "status_detail": "accredited",
		"currency_id": "BRL", "transaction_amount": 300, "transaction_amount_refunded": 0, "installments": 3,
		"payment_type_id": "credit_card", "external_reference": "pedido-7",
		"fee_details": [{"type": "mercadopago_fee", "amount": 14.97, "fee_payer": "collector"},
		                {"type": "financing_fee", "amount": 21.3, "fee_payer": "payer"}],
		"transaction_details": {"net_received_amount": 285.03, "total_paid_amount": 321.3, "installment_amount": 107.1,
		                        "overpaid_amount": 0, "external_resource_url": null}, "money_release_date": null}`))
	}))
	defer srv.Close()
	c, err := mercadopago.New(mercadopago.Config{APIURL: srv.URL, AccessToken: token, Transport: srv.Client().Transport})
	if err != nil {
		t.Fatal(err)
	}
	p, err := c.Payment(context.Background(), 20359978)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 2, 13, 1, 4, 0, time.UTC)
	if !p.Pays("pedido-7", 30000) || p.Fees() != 1497 || p.TransactionDetails.NetReceivedAmount != 28503 ||
		p.TransactionDetails.InstallmentAmount != 10710 || p.Installments != 3 || !p.DateApproved.Equal(at) {
		t.Errorf("payment %+v", p)
	}
	if p.Pays("pedido-7", 29999) || p.Pays("pedido-8", 30000) {
		t.Error("another total or order is paid by it")
	}
}

// CARD-5: the reconciliation finds an order's payments by its external_reference.
func TestSearchPayments(t *testing.T) {
	m := newMP(t, mercadopago.Config{})
	ctx := context.Background()
	pref, _ := m.client.CreatePreference(ctx, "k1", order(m.clock))
	other := order(m.clock)
	other.ExternalReference = "pedido-43"
	otherPref, _ := m.client.CreatePreference(ctx, "k2", other)
	declined, _ := m.sandbox.PayWithheld(pref.ID, sandbox.Outcome{Status: mercadopago.StatusRejected})
	approved, _ := m.sandbox.PayWithheld(pref.ID, sandbox.Outcome{Status: mercadopago.StatusApproved})
	if _, err := m.sandbox.PayWithheld(otherPref.ID, sandbox.Outcome{Status: mercadopago.StatusApproved}); err != nil {
		t.Fatal(err)
	}
	got, err := m.client.SearchPayments(ctx, "pedido-42")
	if err != nil {
		t.Fatal(err)
	}
	last(t, m, http.MethodGet, "/_mp-sandbox/v1/payments/search?external_reference=pedido-42")
	if len(got) != 2 || got[0].ID != declined.ID || got[1].ID != approved.ID {
		t.Errorf("found %+v", got)
	}
	if none, err := m.client.SearchPayments(ctx, "pedido-99"); err != nil || len(none) != 0 {
		t.Errorf("an order without payments: %v %v", none, err)
	}
}

// CARD-7: partial then whole refunds, each with its key; the list; a refund refused.
func TestRefunds(t *testing.T) {
	m := newMP(t, mercadopago.Config{})
	ctx := context.Background()
	pref, _ := m.client.CreatePreference(ctx, "k1", order(m.clock))
	paid, _ := m.sandbox.PayWithheld(pref.ID, sandbox.Outcome{Status: mercadopago.StatusApproved, Installments: 2})

	part, err := m.client.Refund(ctx, paid.ID, "reembolso-1", 1234)
	if err != nil {
		t.Fatal(err)
	}
	r := last(t, m, http.MethodPost, fmt.Sprintf("/_mp-sandbox/v1/payments/%d/refunds", paid.ID))
	if string(r.Body) != `{"amount":12.34}` || r.Header.Get("X-Idempotency-Key") != "reembolso-1" {
		t.Errorf("partial refund sent %s with key %q", r.Body, r.Header.Get("X-Idempotency-Key"))
	}
	if part.Amount != 1234 || part.Status != mercadopago.RefundApproved || part.PaymentID != paid.ID {
		t.Errorf("partial refund %+v", part)
	}
	if again, err := m.client.Refund(ctx, paid.ID, "reembolso-1", 1234); err != nil || again.ID != part.ID {
		t.Errorf("the same key refunded again: %+v %v", again, err)
	}
	if p, _ := m.client.Payment(ctx, paid.ID); p.Status != mercadopago.StatusApproved || p.AmountRefunded != 1234 {
		t.Errorf("after a partial refund %+v", p)
	}

	m.sandbox.Inject(sandbox.RefundRefused, 1)
	var rej *mercadopago.Rejected
	if _, err := m.client.Refund(ctx, paid.ID, "reembolso-2", 0); !errors.As(err, &rej) || rej.Problem.Status != 400 || errors.Is(err, mercadopago.ErrUnavailable) {
		t.Errorf("a refused refund: %v", err)
	}
	if _, err := m.client.Refund(ctx, paid.ID, "reembolso-3", 13985); !errors.As(err, &rej) {
		t.Errorf("a refund of more than is left: %v", err)
	}

	whole, err := m.client.Refund(ctx, paid.ID, "reembolso-4", 0)
	if err != nil {
		t.Fatal(err)
	}
	r = last(t, m, http.MethodPost, fmt.Sprintf("/_mp-sandbox/v1/payments/%d/refunds", paid.ID))
	if string(r.Body) != `{}` || whole.Amount != 13985-1234 {
		t.Errorf("whole refund sent %s, refunded %+v", r.Body, whole)
	}
	list, err := m.client.Refunds(ctx, paid.ID)
	if err != nil {
		t.Fatal(err)
	}
	last(t, m, http.MethodGet, fmt.Sprintf("/_mp-sandbox/v1/payments/%d/refunds", paid.ID))
	if len(list) != 2 || list[0].ID != part.ID || list[1].ID != whole.ID {
		t.Errorf("refunds %+v", list)
	}
	if p, _ := m.client.Payment(ctx, paid.ID); p.Status != mercadopago.StatusRefunded || p.AmountRefunded != 13985 {
		t.Errorf("after the whole refund %+v", p)
	}
}

// CARD-8: Mercado Pago down, slow or answering what cannot be read is ErrUnavailable (503
// pagamento-indisponivel for the buyer); a refusal is not.
func TestUnavailable(t *testing.T) {
	m := newMP(t, mercadopago.Config{Timeout: 200 * time.Millisecond})
	ctx := context.Background()
	m.sandbox.Inject(sandbox.Unavailable, 1)
	if _, err := m.client.CreatePreference(ctx, "k1", order(m.clock)); !errors.Is(err, mercadopago.ErrUnavailable) {
		t.Errorf("503: %v", err)
	}
	m.sandbox.Inject(sandbox.Timeout, 1)
	if _, err := m.client.Payment(ctx, 1); !errors.Is(err, mercadopago.ErrUnavailable) {
		t.Errorf("a timeout: %v", err)
	}
	_, err := m.client.Payment(ctx, 1)
	var rej *mercadopago.Rejected
	if !errors.As(err, &rej) || !rej.NotFound() || errors.Is(err, mercadopago.ErrUnavailable) {
		t.Errorf("an unknown payment: %v", err)
	}
	if strings.Contains(err.Error(), token) {
		t.Error("the error shows the token")
	}

	garbled := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("<html>")) }))
	defer garbled.Close()
	c, _ := mercadopago.New(mercadopago.Config{APIURL: garbled.URL, AccessToken: token, Transport: garbled.Client().Transport})
	if _, err := c.Payment(ctx, 1); !errors.Is(err, mercadopago.ErrUnavailable) {
		t.Errorf("an unreadable answer: %v", err)
	}
}

// CARD-9, CARD-13: the API URL must be https; the token never shows in a logged Config.
func TestNewRequiresHTTPS(t *testing.T) {
	for _, u := range []string{"http://api.mercadopago.com", "ftp://x", "api.mercadopago.com"} {
		if _, err := mercadopago.New(mercadopago.Config{APIURL: u, AccessToken: token}); err == nil {
			t.Errorf("%s accepted", u)
		}
	}
	if _, err := mercadopago.New(mercadopago.Config{AccessToken: token}); err != nil {
		t.Errorf("the default URL: %v", err)
	}
	if _, err := mercadopago.New(mercadopago.Config{}); err == nil {
		t.Error("no token accepted")
	}
	cfg := mercadopago.Config{APIURL: mercadopago.DefaultAPIURL, AccessToken: token, WebhookSecret: webhookSecret}
	for _, s := range []string{fmt.Sprint(cfg), fmt.Sprintf("%+v", cfg), fmt.Sprintf("%#v", cfg), fmt.Sprintf("%v", &cfg)} {
		if strings.Contains(s, token) || strings.Contains(s, webhookSecret) {
			t.Errorf("logged config shows the token: %s", s)
		}
	}
}
