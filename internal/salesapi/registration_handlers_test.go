package salesapi

import (
	"encoding/json"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/store/dbtest"
)

// REG-25, with REG-18, REG-19 and REG-24 through the API: the offer of an event sold by Pelotão, a quote with the
// price from the server only (a client's total is refused), field errors and a closed event.
func TestRegistrationOfferAndQuote(t *testing.T) {
	site := newTestSite(t, dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "r.db")), nil)
	sold := site.createEvent(t)
	elsewhere := site.createEvent(t, `"modo": "pelotao", `, ``)

	for _, sc := range []salesScenario{
		{name: "the offer of an event sold here", method: "GET", url: "/api/events/" + sold + "/inscricao", status: 200,
			check: func(t *testing.T, body []byte) {
				want := `{"aberta":true,"lote":null,"modalidades":[{"nome":"60 km","valor":null,"vagasRestantes":300,"kits":[{"nome":"Kit Básico","valor":89.9}]}],` +
					`"tamanhosCamiseta":["PP","P","M","G","GG","XG"],"meiaEntradaIdoso":true,"dataProva":"2030-05-01","pagamentos":["pix"],"parcelasMax":null,"descontosGrupo":[]}`
				if got := strings.TrimSpace(string(body)); got != want {
					t.Fatalf("offer %s\nwant  %s", got, want)
				}
			}},
		{name: "the offer of an event sold elsewhere says why it is closed", method: "GET", url: "/api/events/" + elsewhere + "/inscricao", status: 200,
			check: func(t *testing.T, body []byte) {
				var o struct {
					Aberta         bool
					Codigo, Motivo string
				}
				if json.Unmarshal(body, &o); o.Aberta || o.Codigo != "inscricoes-encerradas" || o.Motivo != "As inscrições deste evento são feitas fora do Pelotão." {
					t.Fatalf("%s", body)
				}
			}},
		{name: "no such event", method: "GET", url: "/api/events/nao-existe/inscricao", status: 404, code: "not-found"},
		{name: "a quote", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", body: orderJSON(t, ""), user: &bruno, status: 200,
			check: func(t *testing.T, body []byte) {
				want := `{"itens":[{"valor":89.9,"desconto":0,"total":89.9,"categoria":"Open","lote":"","cupom":false,"meiaEntrada":false}],"total":89.9}`
				if got := strings.TrimSpace(string(body)); got != want {
					t.Fatalf("quote %s\nwant  %s", got, want)
				}
			}},
		{name: "a quote needs an account", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", body: orderJSON(t, ""), status: 401, code: "unauthenticated"},
		{name: "a total sent by the client is refused", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", body: orderJSON(t, `,"total":1`), user: &bruno,
			status: 400, code: "invalid-argument"},
		{name: "athletes' fields", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", user: &bruno, status: 422, code: "invalid-argument",
			body: strings.NewReplacer(`"529.982.247-25"`, `"529.982.247-26"`, `"aceiteRegulamento":true`, `"aceiteRegulamento":false`).Replace(orderJSON(t, "")),
			fields: map[string]string{
				"atletas.0.documento":         "CPF inválido: os dígitos verificadores não conferem.",
				"atletas.0.aceiteRegulamento": "É preciso aceitar o regulamento para se inscrever.",
			}},
		{name: "no athletes", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", body: `{"atletas":[]}`, user: &bruno, status: 422,
			fields: map[string]string{"atletas": "Inscreva de 1 a 10 atletas por pedido."}},
		{name: "an unknown coupon", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", body: orderJSON(t, `,"cupom":"FLORES20"`),
			user: &bruno, status: 422, fields: map[string]string{"cupom": "Cupom inválido."}},
		{name: "an event sold elsewhere quotes nothing", method: "POST", url: "/api/events/" + elsewhere + "/inscricao/cotacao", body: orderJSON(t, ""), user: &bruno,
			status: 409, code: "inscricoes-encerradas"},
	} {
		t.Run(sc.name, func(t *testing.T) { sc.run(t, site) })
	}
}

// salesScenario is one request and what its answer must hold.
type salesScenario struct {
	name, method, url, body string
	user                    *api.User
	status                  int
	code                    string            // the error's code
	fields                  map[string]string // the error's fields, all of them
	check                   func(t *testing.T, body []byte)
}

func (sc salesScenario) run(t *testing.T, site *testSite) {
	rec := site.Call(sc.method, sc.url, sc.body, apitest.As(sc.user))
	if rec.Code != sc.status {
		t.Fatalf("status %d, want %d: %s", rec.Code, sc.status, rec.Body)
	}
	if sc.code != "" || sc.fields != nil {
		var answer api.ErrorBody
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || answer.Error.Message == "" {
			t.Fatalf("not an error with a message: %s", rec.Body)
		}
		if sc.code != "" && answer.Error.Code != sc.code {
			t.Errorf("code %q, want %q", answer.Error.Code, sc.code)
		}
		if sc.fields != nil && !maps.Equal(answer.Error.Fields, sc.fields) {
			t.Errorf("fields %v, want %v", answer.Error.Fields, sc.fields)
		}
	}
	if sc.check != nil {
		sc.check(t, rec.Body.Bytes())
	}
}
