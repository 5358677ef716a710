package sandbox_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/clocktest"
	"pelotao/internal/mercadopago"
	"pelotao/internal/mercadopago/sandbox"
)

const (
	token  = "TEST-token"
	secret = "segredo-do-webhook"
)

// receiver is Pelotão's webhook as a test server: it keeps each notification whose signature
// verifies, and counts the others.
type receiver struct {
	mu     sync.Mutex
	got    []mercadopago.Notification
	forged int
	url    string
}

func newReceiver(t *testing.T) *receiver {
	rec := &receiver{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := mercadopago.ParseNotification(r.URL.Query(), r.Body)
		_, errSig := mercadopago.Verify(secret, r.Header.Get("x-signature"), r.URL.Query().Get("data.id"), r.Header.Get("x-request-id"))
		rec.mu.Lock()
		defer rec.mu.Unlock()
		if err != nil || errSig != nil || r.Method != http.MethodPost || r.URL.Path != "/api/mp/webhook/s3gr3d0" {
			rec.forged++
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		rec.got = append(rec.got, n)
	}))
	t.Cleanup(srv.Close)
	rec.url = srv.URL + "/api/mp/webhook/s3gr3d0"
	return rec
}

func (rec *receiver) notifications() ([]mercadopago.Notification, int) {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([]mercadopago.Notification(nil), rec.got...), rec.forged
}

type world struct {
	sb     *sandbox.Sandbox
	client *mercadopago.Client
	clock  *clocktest.Clock
	srv    *httptest.Server
	rec    *receiver
	pref   mercadopago.Preference
}

const backURL = "http://pelotao.test/inscricao/ev-1/pedido/pedido-42"

func newWorld(t *testing.T, installments int) world {
	clock := clocktest.New(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC))
	var sb *sandbox.Sandbox
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { sb.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	sb = sandbox.New(sandbox.Options{AccessToken: token, WebhookSecret: secret, Origin: srv.URL, Now: clock.Now})
	client, err := mercadopago.New(mercadopago.Config{APIURL: srv.URL + "/_mp-sandbox", AccessToken: token,
		Transport: srv.Client().Transport, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	rec := newReceiver(t)
	pref, err := client.CreatePreference(context.Background(), "pedido-42", mercadopago.NewPreference{
		Items:             []mercadopago.Item{{ID: "reg-1", Title: "Inscrição — Corrida da Lagoa — 21 km", UnitPrice: 30000}},
		Payer:             mercadopago.Payer{Email: "ana@example.com", Name: "Ana"},
		ExternalReference: "pedido-42", NotificationURL: rec.url, BackURL: backURL,
		Expires: clock.Now().Add(30 * time.Minute), Installments: installments,
	})
	if err != nil {
		t.Fatal(err)
	}
	return world{sb, client, clock, srv, rec, pref}
}

// noRedirect is a browser that shows where it is sent rather than going.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func page(t *testing.T, u string) (int, string) {
	t.Helper()
	resp, err := noRedirect.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func submit(t *testing.T, u string, form url.Values) *http.Response {
	t.Helper()
	resp, err := noRedirect.PostForm(u, form)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp
}

// CARD-14: preference → checkout page → "Aprovar" in 3x → a signed notification to Pelotão's
// webhook → back to the order page → the payment read back approved, in 3 installments.
func TestCheckoutApproves(t *testing.T) {
	w := newWorld(t, 6)
	status, html := page(t, w.pref.InitPoint)
	if status != http.StatusOK {
		t.Fatalf("checkout page %d", status)
	}
	for _, want := range []string{`lang="pt-BR"`, "Aprovar", "Recusar", `<label for="parcelas">Parcelas</label>`,
		"Inscrição — Corrida da Lagoa — 21 km", "R$ 300,00", `<option value="1">1x de R$ 300,00 (à vista)</option>`,
		`<option value="3">3x de R$ 100,00 sem juros</option>`, `<option value="6">6x de R$ 50,00 sem juros</option>`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// The site's CSP: no script, no inline style, no other origin.
	for _, banned := range []string{"<script", "style=", "<style", "http://", "https://"} {
		if strings.Contains(html, banned) {
			t.Errorf("the page holds %q", banned)
		}
	}
	if strings.Contains(html, `value="7"`) {
		t.Error("more installments than the preference allows")
	}

	resp := submit(t, w.pref.InitPoint, url.Values{"parcelas": {"3"}, "resultado": {"aprovar"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("submit %d", resp.StatusCode)
	}
	to, _ := url.Parse(resp.Header.Get("Location"))
	q := to.Query()
	if !strings.HasPrefix(to.String(), backURL+"?") || q.Get("status") != "approved" || q.Get("collection_status") != "approved" ||
		q.Get("external_reference") != "pedido-42" || q.Get("preference_id") != w.pref.ID || q.Get("payment_id") == "" {
		t.Errorf("sent back to %s", to)
	}
	got, forged := w.rec.notifications()
	if len(got) != 1 || forged != 0 || got[0].Action != "payment.created" || got[0].Type != "payment" {
		t.Fatalf("notifications %+v, %d forged", got, forged)
	}
	id, ok := got[0].PaymentID()
	if !ok || q.Get("payment_id") != got[0].DataID {
		t.Fatalf("notified %+v, back with payment %s", got[0], q.Get("payment_id"))
	}
	p, err := w.client.Payment(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Pays("pedido-42", 30000) || p.Installments != 3 || p.Fees() != 1497 || p.TransactionDetails.NetReceivedAmount != 28503 {
		t.Errorf("payment %+v", p)
	}
}

// CARD-14: "Recusar" records a rejected payment, notifies it and sends the buyer to the failure
// URL; installments beyond the limit pay nothing.
func TestCheckoutDeclines(t *testing.T) {
	w := newWorld(t, 1)
	resp := submit(t, w.pref.InitPoint, url.Values{"parcelas": {"2"}, "resultado": {"aprovar"}})
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.HasSuffix(loc, "/_mp-sandbox/checkout/"+w.pref.ID) {
		t.Errorf("2 installments of 1: %d to %s", resp.StatusCode, loc)
	}
	if got, _ := w.rec.notifications(); len(got) != 0 {
		t.Errorf("notified %+v", got)
	}
	resp = submit(t, w.pref.InitPoint, url.Values{"parcelas": {"1"}, "resultado": {"recusar"}})
	to, _ := url.Parse(resp.Header.Get("Location"))
	if to.Query().Get("status") != "rejected" {
		t.Errorf("sent back to %s", to)
	}
	got, _ := w.rec.notifications()
	if len(got) != 1 {
		t.Fatalf("notifications %+v", got)
	}
	id, _ := got[0].PaymentID()
	if p, err := w.client.Payment(context.Background(), id); err != nil || p.Status != mercadopago.StatusRejected || p.Pays("pedido-42", 30000) {
		t.Errorf("payment %+v %v", p, err)
	}
	if resp := submit(t, w.pref.InitPoint, url.Values{"parcelas": {"1"}, "resultado": {"talvez"}}); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("another button: %d", resp.StatusCode)
	}
}

// CARD-6, CARD-14: past its hold, or withdrawn, the checkout says it expired and takes nothing.
func TestCheckoutExpired(t *testing.T) {
	w := newWorld(t, 3)
	w.clock.Advance(31 * time.Minute)
	status, html := page(t, w.pref.InitPoint)
	if status != http.StatusGone || !strings.Contains(html, "Este link de pagamento expirou.") || strings.Contains(html, "Aprovar") {
		t.Errorf("expired page %d: %s", status, html)
	}
	if _, err := w.sb.Pay(context.Background(), w.pref.ID, sandbox.Outcome{Status: mercadopago.StatusApproved}); !errors.Is(err, sandbox.ErrNotPayable) {
		t.Errorf("paid after its end: %v", err)
	}
	if status, _ := page(t, w.srv.URL+"/_mp-sandbox/checkout/nao-existe"); status != http.StatusNotFound {
		t.Errorf("an unknown preference: %d", status)
	}
}

// CARD-15: the API refuses a request without the seller's token, and a POST without its key.
func TestAPIGuards(t *testing.T) {
	w := newWorld(t, 1)
	for _, r := range []struct{ auth, key string }{{"", "k"}, {"Bearer outro", "k"}, {"Bearer " + token, ""}} {
		req, _ := http.NewRequest(http.MethodPost, w.srv.URL+"/_mp-sandbox/checkout/preferences", strings.NewReader("{}"))
		req.Header.Set("Authorization", r.auth)
		req.Header.Set("X-Idempotency-Key", r.key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized && resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%+v: %d", r, resp.StatusCode)
		}
	}
}

// CARD-14: a later status (a refund at Mercado Pago's panel) is notified as payment.updated.
func TestStatusChangeNotifies(t *testing.T) {
	w := newWorld(t, 1)
	p, err := w.sb.Pay(context.Background(), w.pref.ID, sandbox.Outcome{Status: mercadopago.StatusApproved})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.sb.SetStatus(context.Background(), p.ID, mercadopago.StatusRefunded); err != nil {
		t.Fatal(err)
	}
	if got, _ := w.rec.notifications(); len(got) != 2 || got[1].Action != "payment.updated" || got[1].DataID != got[0].DataID {
		t.Errorf("notifications %+v", got)
	}
	if read, _ := w.client.Payment(context.Background(), p.ID); read.Status != mercadopago.StatusRefunded || read.AmountRefunded != 30000 {
		t.Errorf("payment %+v", read)
	}
}

// CARD-14: a notification that cannot be delivered leaves the payment recorded, as a lost one
// at Mercado Pago: the reconciliation finds it by its order.
func TestNotificationLost(t *testing.T) {
	w := newWorld(t, 1)
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	pref, err := w.client.CreatePreference(context.Background(), "pedido-43", mercadopago.NewPreference{
		Items:             []mercadopago.Item{{ID: "reg-2", Title: "Inscrição", UnitPrice: 5000}},
		Payer:             mercadopago.Payer{Email: "bia@example.com"},
		ExternalReference: "pedido-43", NotificationURL: gone.URL + "/api/mp/webhook/s3gr3d0", BackURL: backURL,
		Expires: w.clock.Now().Add(time.Minute), Installments: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	p, err := w.sb.Pay(context.Background(), pref.ID, sandbox.Outcome{Status: mercadopago.StatusApproved})
	if !errors.Is(err, sandbox.ErrNotification) {
		t.Errorf("a lost notification: %v", err)
	}
	found, err := w.client.SearchPayments(context.Background(), "pedido-43")
	if err != nil || len(found) != 1 || found[0].ID != p.ID || !found[0].Pays("pedido-43", 5000) {
		t.Errorf("found %+v %v", found, err)
	}
}
