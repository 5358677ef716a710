package pix_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pelotao/internal/pix"
)

// recorded is one answer as a PSP sends it: the bodies are the API Pix specification's own
// examples (RequisicaoInvalidaCobExample1, NaoEncontradoExample1, ServicoIndisponivelExample1)
// or shaped on them (the txid violation), and OAuth2's error for wrong client credentials.
type recorded struct {
	name        string
	tokenStatus int // the token endpoint's answer; 0: a good token
	tokenBody   string
	status      int // the API's answer to GET /cob/{txid}
	body        string
	delay       time.Duration
	// what the caller must see
	unavailable bool
	problem     pix.Problem // for a rejection: status, type and the first violation's property
	property    string
}

var answers = []recorded{
	{name: "401 on the token", tokenStatus: 401, tokenBody: `{"error":"invalid_client","error_description":"Bad client credentials"}`,
		problem: pix.Problem{Status: 401, Title: "invalid_client", Detail: "Bad client credentials"}},
	{name: "400 invalid amount (the spec's example)", status: 400,
		body: `{"type":"https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida","title":"Cobrança inválida.","status":400,
"detail":"A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.",
"violacoes":[{"razao":"O campo cob.valor.original não respeita o _schema_.","propriedade":"cob.valor.original"}]}`,
		problem: pix.Problem{Status: 400, Type: pix.ProblemType("CobOperacaoInvalida"), Title: "Cobrança inválida."}, property: "cob.valor.original"},
	{name: "400 invalid txid", status: 400,
		body: `{"type":"https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida","title":"Cobrança inválida.","status":400,
"detail":"A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.",
"violacoes":[{"razao":"O campo txid não respeita o _schema_.","propriedade":"txid","valor":"abc"}]}`,
		problem: pix.Problem{Status: 400, Type: pix.ProblemType("CobOperacaoInvalida"), Title: "Cobrança inválida."}, property: "txid"},
	{name: "404 not found", status: 404,
		body:    `{"type":"https://pix.bcb.gov.br/api/v2/error/NaoEncontrado","title":"Não Encontrado","status":404,"detail":"Entidade não encontrada."}`,
		problem: pix.Problem{Status: 404, Type: pix.ProblemType("NaoEncontrado"), Title: "Não Encontrado"}},
	{name: "403 without a problem body", status: 403, body: `<html>Forbidden</html>`,
		problem: pix.Problem{Status: 403, Title: "Forbidden"}},
	{name: "503 (the spec's example)", status: 503, unavailable: true,
		body: `{"type":"https://pix.bcb.gov.br/api/v2/error/ServicoIndisponivel","title":"Serviço Indisponível","status":503,
"detail":"Serviço não está disponível no momento. Serviço solicitado pode estar em manutenção ou fora da janela de funcionamento."}`},
	{name: "503 on the token", tokenStatus: 503, tokenBody: `{}`, unavailable: true},
	{name: "504 gateway timeout", status: 504, body: ``, unavailable: true},
	{name: "500 without a body", status: 500, unavailable: true},
	{name: "200 that is not JSON", status: 200, body: `<html>manutenção</html>`, unavailable: true},
	{name: "a timeout", status: 200, body: `{}`, delay: time.Minute, unavailable: true},
}

// REG-6: each recorded answer reaches the caller as "PSP unavailable" or as the PSP's rejection
// with its problem details.
func TestRecordedAnswers(t *testing.T) {
	for _, a := range answers {
		t.Run(a.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/v2/oauth/token" {
					if a.tokenStatus != 0 {
						w.WriteHeader(a.tokenStatus)
						_, _ = w.Write([]byte(a.tokenBody))
						return
					}
					_, _ = w.Write([]byte(`{"access_token":"t0k3n","token_type":"Bearer","expires_in":3600,"scope":"cob.read"}`))
					return
				}
				if r.Header.Get("Authorization") != "Bearer t0k3n" {
					t.Errorf("API called with %q", r.Header.Get("Authorization"))
				}
				select {
				case <-time.After(a.delay):
				case <-r.Context().Done():
					return
				}
				w.Header().Set("Content-Type", "application/problem+json")
				w.WriteHeader(a.status)
				_, _ = w.Write([]byte(a.body))
			}))
			defer srv.Close()
			client, err := pix.New(pix.Config{APIURL: srv.URL + "/v2", ClientID: clientID, ClientSecret: secret, Key: key, Timeout: testTimeout})
			if err != nil {
				t.Fatal(err)
			}
			_, err = client.Charge(context.Background(), pix.NewTxID())
			if err == nil {
				t.Fatal("no error")
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error shows the secret: %v", err)
			}
			var rejected *pix.Rejected
			if a.unavailable {
				if !errors.Is(err, pix.ErrUnavailable) || errors.As(err, &rejected) {
					t.Errorf("%v: want ErrUnavailable", err)
				}
				return
			}
			if !errors.As(err, &rejected) || errors.Is(err, pix.ErrUnavailable) {
				t.Fatalf("%v: want *pix.Rejected", err)
			}
			got := rejected.Problem
			if got.Status != a.problem.Status || got.Type != a.problem.Type || got.Title != a.problem.Title ||
				(a.problem.Detail != "" && got.Detail != a.problem.Detail) {
				t.Errorf("problem %+v, want %+v", got, a.problem)
			}
			if a.property != "" && (len(got.Violations) != 1 || got.Violations[0].Property != a.property || got.Violations[0].Reason == "") {
				t.Errorf("violations %+v, want one on %s", got.Violations, a.property)
			}
		})
	}
}

// REG-6: a PSP that cannot be reached is unavailable.
func TestUnreachablePSPIsUnavailable(t *testing.T) {
	// Port 0 is never listening (a closed test server's port could be taken by another test's).
	client, err := pix.New(pix.Config{APIURL: "http://127.0.0.1:0/v2", ClientID: clientID, ClientSecret: secret, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.Charge(context.Background(), pix.NewTxID()); !errors.Is(err, pix.ErrUnavailable) {
		t.Errorf("%v: want ErrUnavailable", err)
	}
}
