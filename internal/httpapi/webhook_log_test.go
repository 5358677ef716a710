package httpapi

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"pelotao/internal/config"
	"pelotao/internal/salesapi"
	"pelotao/internal/store/dbtest"
)

// syncBuffer is a log's output, written by the handlers of concurrent requests.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// newLoggedServer is a server configured by env whose log is written to the buffer it returns.
func newLoggedServer(t *testing.T, env map[string]string) (*Server, *syncBuffer) {
	t.Helper()
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	out := &syncBuffer{}
	srv, err := New(Deps{Config: cfg, Store: dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "log.db")), UI: testUI,
		Log: slog.New(slog.NewTextHandler(out, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return srv, out
}

// REG-202: the access log writes the webhook's path with its secret redacted — for the PSP's own
// call (200) and for paths the mux cleans, redirects or refuses.
func TestAccessLogRedactsTheWebhookSecret(t *testing.T) {
	srv, out := newLoggedServer(t, map[string]string{"PELOTAO_PIX_SANDBOX": "1"})
	secret := srv.sales.WebhookSecret()
	// The PSP's call, then paths that reach no handler (what they answer is the mux's affair).
	calls := []string{"/api/pix/webhook/" + secret + "/pix", "//api/pix/webhook/" + secret + "/pix",
		"/API/PIX/WEBHOOK/" + secret + "/pix", "/api/pix/webhook/" + secret}
	for i, path := range calls {
		r := httptest.NewRequest("POST", path, strings.NewReader(`{"pix":[]}`))
		res := httptest.NewRecorder()
		srv.ServeHTTP(res, r)
		if i == 0 && res.Code != http.StatusOK {
			t.Fatalf("the PSP's call: %d %s", res.Code, res.Body)
		}
	}
	log := out.String()
	if strings.Contains(log, secret) {
		t.Errorf("the access log holds the webhook's secret:\n%s", log)
	}
	if n := strings.Count(log, "[redigido]"); n != len(calls) {
		t.Errorf("%d paths redacted, want %d:\n%s", n, len(calls), log)
	}
	if !strings.Contains(log, `path=/api/pix/webhook/[redigido]/pix status=200`) {
		t.Errorf("the PSP's call is not logged as its path redacted:\n%s", log)
	}
}

// CARD-22: the access log writes Mercado Pago's notification path with its secret redacted,
// whether the notification is refused (unsigned: 401) or taken (a payment of no order: 200).
func TestAccessLogRedactsTheCardWebhookSecret(t *testing.T) {
	srv, out := newLoggedServer(t, map[string]string{"PELOTAO_MP_SANDBOX": "1", "PELOTAO_BASE_URL": "http://localhost:8080"})
	secret := srv.sales.CardWebhookSecret()
	r := httptest.NewRequest("POST", "/api/mp/webhook/"+secret+"?data.id=1&type=payment", strings.NewReader(`{"type":"payment"}`))
	res := httptest.NewRecorder()
	srv.ServeHTTP(res, r)
	if res.Code != http.StatusUnauthorized {
		t.Fatalf("an unsigned notification: %d %s", res.Code, res.Body)
	}
	log := out.String()
	if strings.Contains(log, secret) || !strings.Contains(log, `path=/api/mp/webhook/[redigido] status=401`) {
		t.Errorf("the access log does not redact the card webhook's secret:\n%s", log)
	}
}

// REG-202: loggedPath redacts the segment after the webhook's path, and nothing else.
func TestLoggedPath(t *testing.T) {
	cases := map[string]string{
		"/api/pix/webhook/abc123/pix":            "/api/pix/webhook/[redigido]/pix",
		"/api/pix/webhook/abc123":                "/api/pix/webhook/[redigido]",
		"/x/api/pix/webhook/a/api/pix/webhook/b": "/x/api/pix/webhook/[redigido]/api/pix/webhook/[redigido]",
		"/api/Pix/Webhook/abc123/pix":            "/api/Pix/Webhook/[redigido]/pix",
		"/api/pix/webhooks/abc123/pix":           "/api/pix/webhooks/abc123/pix",
		"/api/events/abc123":                     "/api/events/abc123",
		"/api/mp/webhook/abc123":                 "/api/mp/webhook/[redigido]",
		"/API/MP/WEBHOOK/abc123":                 "/API/MP/WEBHOOK/[redigido]",
		"/api/pix/webhook/a/api/mp/webhook/b":    "/api/pix/webhook/[redigido]/api/mp/webhook/[redigido]",
		"/":                                      "/",
	}
	for in, want := range cases {
		if got := loggedPath(in); got != want {
			t.Errorf("loggedPath(%q) = %q, want %q", in, got, want)
		}
	}
	if salesapi.WebhookPath != "/api/pix/webhook/" {
		t.Errorf("the webhook moved to %s: check these cases", salesapi.WebhookPath)
	}
	if salesapi.CardWebhookPath != "/api/mp/webhook/" {
		t.Errorf("the card webhook moved to %s: check these cases", salesapi.CardWebhookPath)
	}
}

// REG-202: without a PSP the webhook is not served: its path is the API's 404, whatever the
// secret, and the route table does not hold it.
func TestWebhookOnlyWithAPSP(t *testing.T) {
	srv, _ := newLoggedServer(t, nil)
	for _, rt := range srv.routeTable() {
		if strings.Contains(rt.Pattern, salesapi.WebhookPath) {
			t.Errorf("without a PSP the route table holds %s", rt.Pattern)
		}
	}
	for _, secret := range []string{srv.sales.WebhookSecret(), "qualquer"} {
		r := httptest.NewRequest("POST", "/api/pix/webhook/"+secret+"/pix", strings.NewReader(`{"pix":[]}`))
		res := httptest.NewRecorder()
		srv.ServeHTTP(res, r)
		if res.Code != http.StatusNotFound {
			t.Errorf("without a PSP the webhook answers %d %s", res.Code, res.Body)
		}
	}
}
