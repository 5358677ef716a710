package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"pelotao/internal/clocktest"
	"pelotao/internal/pix"
)

// server mounts a sandbox as the product does (under Path on a larger mux) and returns a token.
func server(t *testing.T, opts Options) (*Sandbox, *httptest.Server, string) {
	t.Helper()
	opts.ClientID, opts.ClientSecret, opts.Key, opts.LocationBase = "id", "segredo", "chave@pelotao.example", "localhost/_pix-sandbox/qr"
	sb := New(opts)
	mux := http.NewServeMux()
	mux.Handle(Path, sb)
	mux.Handle("/", http.NotFoundHandler())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	req, _ := http.NewRequest(http.MethodPost, srv.URL+Path+"oauth/token", strings.NewReader(url.Values{"grant_type": {"client_credentials"}}.Encode()))
	req.SetBasicAuth("id", "segredo")
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var tok struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if status := send(t, req, &tok); status != 200 || tok.AccessToken == "" || tok.ExpiresIn != 3600 {
		t.Fatalf("token: %d %+v", status, tok)
	}
	return sb, srv, tok.AccessToken
}

// send makes a request and decodes its JSON answer into out, returning the status.
func send(t *testing.T, req *http.Request, out any) int {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && len(b) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s answered %d %q: %v", req.Method, req.URL.Path, resp.StatusCode, b, err)
		}
	}
	if resp.StatusCode >= 400 && !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/") {
		t.Errorf("%s %s: an error as %q", req.Method, req.URL.Path, resp.Header.Get("Content-Type"))
	}
	return resp.StatusCode
}

func call(t *testing.T, srv *httptest.Server, token, method, path, body string, out any) int {
	t.Helper()
	req, _ := http.NewRequest(method, srv.URL+Path+path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return send(t, req, out)
}

const validTxID = "abcdefghijklmnopqrstuvwxyz012"

// REG-2, REG-13: the sandbox answers the spec's errors as problem details.
func TestSpecErrors(t *testing.T) {
	_, srv, token := server(t, Options{})
	good := `{"calendario":{"expiracao":1800},"valor":{"original":"89.90"},"chave":"chave@pelotao.example"}`
	cases := []struct {
		name, method, path, body, token string
		status                          int
		kind, property                  string
	}{
		{"txid too short", "PUT", "cob/abc123", good, token, 400, "CobOperacaoInvalida", "txid"},
		{"txid with a dash", "PUT", "cob/abcdefghij-klmnopqrstuvwxyz012", good, token, 400, "CobOperacaoInvalida", "txid"},
		{"no expiry", "PUT", "cob/" + validTxID, `{"valor":{"original":"89.90"},"chave":"chave@pelotao.example"}`, token, 400, "CobOperacaoInvalida", "cob.calendario.expiracao"},
		{"amount as a number", "PUT", "cob/" + validTxID, `{"calendario":{"expiracao":60},"valor":{"original":89.9},"chave":"chave@pelotao.example"}`, token, 400, "CobOperacaoInvalida", "cob"},
		{"zero amount", "PUT", "cob/" + validTxID, `{"calendario":{"expiracao":60},"valor":{"original":"0.00"},"chave":"chave@pelotao.example"}`, token, 400, "CobOperacaoInvalida", "cob.valor.original"},
		{"another key", "PUT", "cob/" + validTxID, `{"calendario":{"expiracao":60},"valor":{"original":"1.00"},"chave":"outra"}`, token, 400, "CobOperacaoInvalida", "cob.chave"},
		{"a debtor without a CPF", "PUT", "cob/" + validTxID, `{"calendario":{"expiracao":60},"valor":{"original":"1.00"},"chave":"chave@pelotao.example","devedor":{"nome":"Ana"}}`, token, 400, "CobOperacaoInvalida", "cob.devedor"},
		{"unknown charge", "GET", "cob/" + validTxID, "", token, 404, "CobNaoEncontrado", ""},
		{"no token", "GET", "cob/" + validTxID, "", "", 401, "NaoAutorizado", ""},
		{"a made-up token", "GET", "cob/" + validTxID, "", "inventado", 401, "NaoAutorizado", ""},
		{"webhook for another key", "PUT", "webhook/outra", `{"webhookUrl":"https://pelotao.example/api/pix/webhook/x"}`, token, 400, "WebhookOperacaoInvalida", "webhook"},
		{"webhook URL not absolute", "PUT", "webhook/chave@pelotao.example", `{"webhookUrl":"/api/pix"}`, token, 400, "WebhookOperacaoInvalida", "webhook"},
		{"refund of an unknown pix", "PUT", "pix/E00000000202603021200abcdefghijk/devolucao/1", `{"valor":"1.00"}`, token, 404, "PixNaoEncontrado", ""},
		{"unknown refund", "GET", "pix/E00000000202603021200abcdefghijk/devolucao/1", "", token, 404, "PixDevolucaoNaoEncontrada", ""},
		{"a route it does not serve", "GET", "loc", "", token, 404, "NaoEncontrado", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var p pix.Problem
			status := call(t, srv, c.token, c.method, c.path, c.body, &p)
			if status != c.status || p.Status != c.status || p.Type != pix.ProblemType(c.kind) || p.Title == "" {
				t.Errorf("%d %+v, want %d %s", status, p, c.status, c.kind)
			}
			if c.property != "" && (len(p.Violations) != 1 || p.Violations[0].Property != c.property) {
				t.Errorf("violations %+v, want one on %s", p.Violations, c.property)
			}
		})
	}
}

// REG-3: the token endpoint wants the client's credentials and the client-credentials grant.
func TestTokenEndpoint(t *testing.T) {
	_, srv, _ := server(t, Options{})
	for name, c := range map[string]struct {
		id, secret, grant string
		status            int
	}{
		"wrong secret":   {"id", "errado", "client_credentials", 401},
		"wrong id":       {"outro", "segredo", "client_credentials", 401},
		"another grant":  {"id", "segredo", "password", 400},
		"the right ones": {"id", "segredo", "client_credentials", 200},
	} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+Path+"oauth/token", strings.NewReader("grant_type="+c.grant))
		req.SetBasicAuth(c.id, c.secret)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if status := send(t, req, nil); status != c.status {
			t.Errorf("%s: %d, want %d", name, status, c.status)
		}
	}
}

// REG-2: a charge put again while active is revised; once paid it cannot be changed.
func TestChargeRevisedThenFrozen(t *testing.T) {
	sb, srv, token := server(t, Options{})
	body := `{"calendario":{"expiracao":60},"valor":{"original":"10.00"},"chave":"chave@pelotao.example"}`
	var ch pix.Charge
	if status := call(t, srv, token, "PUT", "cob/"+validTxID, body, &ch); status != 201 || ch.Revision != 0 || ch.CopyPaste == "" {
		t.Fatalf("%d %+v", status, ch)
	}
	location := ch.Location
	if status := call(t, srv, token, "PUT", "cob/"+validTxID, strings.Replace(body, "10.00", "12.00", 1), &ch); status != 201 || ch.Revision != 1 || ch.Value.Original != 1200 || ch.Location != location {
		t.Fatalf("revised: %d %+v", status, ch)
	}
	if _, err := sb.SimulatePayment(context.Background(), validTxID); err != nil {
		t.Fatal(err)
	}
	var p pix.Problem
	if status := call(t, srv, token, "PUT", "cob/"+validTxID, body, &p); status != 400 || p.Type != pix.ProblemType("CobOperacaoInvalida") {
		t.Errorf("changing a paid charge: %d %+v", status, p)
	}
	if status := call(t, srv, token, "PATCH", "cob/"+validTxID, `{"status":"REMOVIDA_PELO_USUARIO_RECEBEDOR"}`, &p); status != 400 {
		t.Errorf("removing a paid charge: %d %+v", status, p)
	}
}

// REG-13: a payment is refused for an unknown or expired charge; a webhook that fails leaves the
// payment recorded and says so.
func TestSimulatePayment(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC))
	sb, srv, token := server(t, Options{Now: clock.Now})
	ctx := context.Background()
	if _, err := sb.SimulatePayment(ctx, validTxID); !errors.Is(err, ErrUnknownCharge) {
		t.Errorf("unknown charge: %v", err)
	}
	body := `{"calendario":{"expiracao":60},"valor":{"original":"10.00"},"chave":"chave@pelotao.example"}`
	if status := call(t, srv, token, "PUT", "cob/"+validTxID, body, nil); status != 201 {
		t.Fatal(status)
	}
	clock.Advance(time.Minute)
	if _, err := sb.SimulatePayment(ctx, validTxID); !errors.Is(err, ErrNotPayable) {
		t.Errorf("an expired charge: %v", err)
	}

	other := "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123"
	if status := call(t, srv, token, "PUT", "cob/"+other, body, nil); status != 201 {
		t.Fatal(status)
	}
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusInternalServerError) }))
	defer failing.Close()
	if status := call(t, srv, token, "PUT", "webhook/chave@pelotao.example", `{"webhookUrl":"`+failing.URL+`/hook"}`, nil); status != 200 {
		t.Fatal(status)
	}
	p, err := sb.SimulatePayment(ctx, other)
	if !errors.Is(err, ErrWebhook) || len(p.EndToEndID) != 32 {
		t.Errorf("%+v, %v: want the payment made and ErrWebhook", p, err)
	}
	var ch pix.Charge
	if status := call(t, srv, token, "GET", "cob/"+other, "", &ch); status != 200 || !ch.PaidInFull() {
		t.Errorf("after a lost webhook: %d %+v", status, ch)
	}
}

// REG-184: a payment whose webhook is withheld is made in full before the charge expires, no
// notification is posted, and the charge read back after its expiry shows it paid, as a PSP
// whose notification was lost shows a late payment.
func TestSimulatePaymentWithheld(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC))
	sb, srv, token := server(t, Options{Now: clock.Now})
	if _, err := sb.SimulatePaymentWithheld(validTxID); !errors.Is(err, ErrUnknownCharge) {
		t.Errorf("unknown charge: %v", err)
	}
	notified := make(chan string, 4)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { notified <- r.URL.Path }))
	defer hook.Close()
	if status := call(t, srv, token, "PUT", "webhook/chave@pelotao.example", `{"webhookUrl":"`+hook.URL+`/hook"}`, nil); status != 200 {
		t.Fatal(status)
	}
	body := `{"calendario":{"expiracao":60},"valor":{"original":"10.00"},"chave":"chave@pelotao.example"}`
	if status := call(t, srv, token, "PUT", "cob/"+validTxID, body, nil); status != 201 {
		t.Fatal(status)
	}
	clock.Advance(59 * time.Second)
	p, err := sb.SimulatePaymentWithheld(validTxID)
	if err != nil || p.Amount != 1000 || p.TxID != validTxID || len(p.EndToEndID) != 32 {
		t.Fatalf("%+v, %v: want a payment of 10.00", p, err)
	}
	if _, err := sb.SimulatePaymentWithheld(validTxID); !errors.Is(err, ErrNotPayable) {
		t.Errorf("a charge paid already: %v", err)
	}
	clock.Advance(30 * time.Minute) // the token lasts an hour
	var ch pix.Charge
	if status := call(t, srv, token, "GET", "cob/"+validTxID, "", &ch); status != 200 || !ch.PaidInFull() ||
		len(ch.Payments) != 1 || ch.Payments[0].EndToEndID != p.EndToEndID {
		t.Errorf("read back after its expiry: %d %+v", status, ch)
	}
	select {
	case path := <-notified:
		t.Errorf("a webhook was posted to %s", path)
	default:
	}

	other := "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123"
	if status := call(t, srv, token, "PUT", "cob/"+other, body, nil); status != 201 {
		t.Fatal(status)
	}
	clock.Advance(time.Minute)
	if _, err := sb.SimulatePaymentWithheld(other); !errors.Is(err, ErrNotPayable) {
		t.Errorf("an expired charge: %v", err)
	}
}

// REG-10: a refund is settled when read back; RefundNotDone makes it NAO_REALIZADO, which gives
// its amount back to refund again.
func TestRefundNotDone(t *testing.T) {
	sb, srv, token := server(t, Options{})
	body := `{"calendario":{"expiracao":60},"valor":{"original":"10.00"},"chave":"chave@pelotao.example"}`
	if status := call(t, srv, token, "PUT", "cob/"+validTxID, body, nil); status != 201 {
		t.Fatal(status)
	}
	p, err := sb.SimulatePayment(context.Background(), validTxID)
	if err != nil {
		t.Fatal(err)
	}
	var rf pix.Refund
	if status := call(t, srv, token, "PUT", "pix/"+p.EndToEndID+"/devolucao/A1", `{"valor":"10.00","natureza":"ORIGINAL"}`, &rf); status != 201 || rf.Status != pix.RefundInProgress {
		t.Fatalf("%d %+v", status, rf)
	}
	sb.Inject(RefundNotDone, 1)
	if status := call(t, srv, token, "GET", "pix/"+p.EndToEndID+"/devolucao/A1", "", &rf); status != 200 || rf.Status != pix.RefundNotDone || rf.Reason == "" {
		t.Fatalf("%d %+v", status, rf)
	}
	if status := call(t, srv, token, "PUT", "pix/"+p.EndToEndID+"/devolucao/A2", `{"valor":"10.00"}`, &rf); status != 201 {
		t.Errorf("refunding again after NAO_REALIZADO: %d %+v", status, rf)
	}
	var prob pix.Problem
	if status := call(t, srv, token, "PUT", "pix/"+p.EndToEndID+"/devolucao/A3", `{"valor":"0.01"}`, &prob); status != 400 || prob.Type != pix.ProblemType("PixDevolucaoInvalida") {
		t.Errorf("refunding past the payment: %d %+v", status, prob)
	}
}

// REG-230: GET /pix refuses what the spec calls PixConsultaInvalida.
func TestReceivedQueryErrors(t *testing.T) {
	_, srv, token := server(t, Options{})
	at := "2026-03-02T12:00:00Z"
	for _, c := range []struct{ name, query, property string }{
		{"no inicio", "fim=" + at, "inicio"},
		{"inicio not RFC 3339", "inicio=2026-03-02&fim=" + at, "inicio"},
		{"fim before inicio", "inicio=" + at + "&fim=2026-03-01T12:00:00Z", "fim"},
		{"negative page", "inicio=" + at + "&fim=" + at + "&paginacao.paginaAtual=-1", "paginacao.paginaAtual"},
		{"too many per page", "inicio=" + at + "&fim=" + at + "&paginacao.itensPorPagina=1001", "paginacao.itensPorPagina"},
	} {
		var p pix.Problem
		status := call(t, srv, token, http.MethodGet, "pix?"+c.query, "", &p)
		if status != 400 || p.Type != pix.ProblemType("PixConsultaInvalida") || len(p.Violations) != 1 || p.Violations[0].Property != c.property {
			t.Errorf("%s: %d %+v", c.name, status, p)
		}
	}
	var page pix.ReceivedPage
	if status := call(t, srv, token, http.MethodGet, "pix?inicio="+at+"&fim="+at, "", &page); status != 200 ||
		page.Params.Paging.PerPage != 100 || page.Params.Paging.Total != 0 {
		t.Errorf("an empty window: %d %+v", status, page)
	}
}
