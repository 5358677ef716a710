package salesapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/mercadopago"
	"pelotao/internal/store/dbtest"
)

// CARD-14: with PELOTAO_MP_SANDBOX the server serves the Mercado Pago sandbox under
// /_mp-sandbox/: a preference made through it opens a checkout page whose "Aprovar" notifies the
// site in-process, signed with the configured secret, and sends the buyer back to the order page;
// the payment then reads approved. Without the setting the path is not served.
func TestCardSandboxMounted(t *testing.T) {
	st := dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "mp.db"))
	if rec := newTestSite(t, st, nil).Call(http.MethodGet, "/_mp-sandbox/checkout/x", ""); rec.Code != http.StatusNotFound {
		t.Errorf("without the sandbox: %d", rec.Code)
	}

	site := newTestSite(t, st, map[string]string{"PELOTAO_MP_SANDBOX": "1", "PELOTAO_BASE_URL": "http://localhost:8080"})
	cfg := site.sales.cfg.MercadoPago
	var mu sync.Mutex
	var notified []string
	site.mux.HandleFunc("POST /api/mp/webhook/teste", func(w http.ResponseWriter, r *http.Request) {
		n, err := mercadopago.ParseNotification(r.URL.Query(), r.Body)
		_, errSig := mercadopago.Verify(cfg.WebhookSecret, r.Header.Get("x-signature"), r.URL.Query().Get("data.id"), r.Header.Get("x-request-id"))
		if err != nil || errSig != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		mu.Lock()
		notified = append(notified, n.DataID)
		mu.Unlock()
	})
	cfg.Transport = inProcess{site.mux}
	client, err := mercadopago.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	back := "http://localhost:8080/inscricao/ev/pedido/p1"
	pref, err := client.CreatePreference(ctx, "p1", mercadopago.NewPreference{
		Items: []mercadopago.Item{{ID: "r1", Title: "Inscrição — Pedal — 60 km", UnitPrice: 12000}},
		Payer: mercadopago.Payer{Email: "ana@example.com"}, ExternalReference: "p1",
		NotificationURL: "http://localhost:8080/api/mp/webhook/teste", BackURL: back,
		Expires: time.Now().Add(30 * time.Minute), Installments: 4,
	})
	if err != nil {
		t.Fatal(err)
	}
	checkout, _ := url.Parse(pref.InitPoint)
	if checkout.Host != "localhost:8080" || !strings.HasPrefix(checkout.Path, "/_mp-sandbox/checkout/") {
		t.Fatalf("init_point %s", pref.InitPoint)
	}
	if page := site.Call(http.MethodGet, checkout.Path, ""); page.Code != http.StatusOK || !strings.Contains(page.Body.String(), `<option value="4">4x de R$ 30,00 sem juros</option>`) {
		t.Fatalf("checkout page %d: %s", page.Code, page.Body)
	}
	r := httptest.NewRequest(http.MethodPost, checkout.Path, strings.NewReader("parcelas=4&resultado=aprovar"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	site.mux.ServeHTTP(w, r)
	to, _ := url.Parse(w.Header().Get("Location"))
	if w.Code != http.StatusSeeOther || !strings.HasPrefix(to.String(), back+"?") || to.Query().Get("status") != "approved" {
		t.Fatalf("submit %d to %s", w.Code, to)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(notified) != 1 || notified[0] != to.Query().Get("payment_id") {
		t.Fatalf("notified %v", notified)
	}
	id, _ := mercadopago.Notification{DataID: notified[0], Type: mercadopago.TopicPayment}.PaymentID()
	if p, err := client.Payment(ctx, id); err != nil || !p.Pays("p1", 12000) || p.Installments != 4 {
		t.Errorf("payment %+v %v", p, err)
	}
}
