package httpapi

import (
	"encoding/json"
	"strings"
	"testing"

	"pelotao/internal/event"
)

// orderJSON is an order of one athlete of the 60 km; extra is added to the order's object.
func orderJSON(extra string) string {
	return `{"atletas":[{"nome":"Ana Souza","documento":{"tipo":"cpf","numero":"529.982.247-25"},"nascimento":"1990-05-20",
		"sexo":"F","email":"ana@exemplo.com.br","celular":"(85) 99876-5432","percurso":"60 km","kit":"Kit Básico","camiseta":"M",
		"contatoEmergencia":{"nome":"José Souza","telefone":"85 3333-4444"},"aceiteRegulamento":true}]` + extra + `}`
}

// REG-25, with REG-18, REG-19 and REG-24 through the API: the offer of an event sold by Pelotão, a quote with the
// price from the server only (a client's total is refused), field errors and a closed event.
func TestRegistrationOfferAndQuote(t *testing.T) {
	app := newTestApp(t)
	create := func(doc string) string {
		e, err := event.Decode([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		e.Normalize()
		e.OwnerID = ana.ID
		created, err := app.store.CreateEvent(t.Context(), e)
		if err != nil {
			t.Fatal(err)
		}
		return created.ID
	}
	sold := create(strings.Replace(validEventJSON("Pedal do Pelotão", "2030-05-01"), `"ativas": true,`, `"ativas": true, "modo": "pelotao", "vagas": 300,`, 1))
	elsewhere := create(validEventJSON("Pedal de Fora", "2030-05-01"))
	bruno := User{ID: "bruno", Email: "bruno@exemplo.com.br", DisplayName: "Bruno"}

	for _, sc := range []apiScenario{
		{name: "the offer of an event sold here", method: "GET", url: "/api/events/" + sold + "/inscricao", wantStatus: 200,
			check: func(t *testing.T, body []byte) {
				want := `{"aberta":true,"lote":null,"modalidades":[{"nome":"60 km","valor":null,"vagasRestantes":300,"kits":[{"nome":"Kit Básico","valor":89.9}]}],` +
					`"tamanhosCamiseta":["PP","P","M","G","GG","XG"],"meiaEntradaIdoso":true}`
				if got := strings.TrimSpace(string(body)); got != want {
					t.Fatalf("offer %s\nwant  %s", got, want)
				}
			}},
		{name: "the offer of an event sold elsewhere says why it is closed", method: "GET", url: "/api/events/" + elsewhere + "/inscricao", wantStatus: 200,
			check: func(t *testing.T, body []byte) {
				var o struct {
					Aberta         bool
					Codigo, Motivo string
				}
				if json.Unmarshal(body, &o); o.Aberta || o.Codigo != "inscricoes-encerradas" || o.Motivo != "As inscrições deste evento são feitas fora do Pelotão." {
					t.Fatalf("%s", body)
				}
			}},
		{name: "no such event", method: "GET", url: "/api/events/nao-existe/inscricao", wantStatus: 404, wantCode: "not-found"},
		{name: "a quote", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", body: orderJSON(""), user: &bruno, wantStatus: 200,
			check: func(t *testing.T, body []byte) {
				want := `{"itens":[{"valor":89.9,"desconto":0,"total":89.9,"categoria":"Open","lote":"","cupom":false,"meiaEntrada":false}],"total":89.9}`
				if got := strings.TrimSpace(string(body)); got != want {
					t.Fatalf("quote %s\nwant  %s", got, want)
				}
			}},
		{name: "a quote needs an account", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", body: orderJSON(""), wantStatus: 401, wantCode: "unauthenticated"},
		{name: "a total sent by the client is refused", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", body: orderJSON(`,"total":1`), user: &bruno,
			wantStatus: 400, wantCode: "invalid-argument"},
		{name: "athletes' fields", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", user: &bruno, wantStatus: 422, wantCode: "invalid-argument",
			body: strings.NewReplacer(`"529.982.247-25"`, `"529.982.247-26"`, `"aceiteRegulamento":true`, `"aceiteRegulamento":false`).Replace(orderJSON("")),
			wantFields: map[string]string{
				"atletas.0.documento":         "CPF inválido: os dígitos verificadores não conferem.",
				"atletas.0.aceiteRegulamento": "É preciso aceitar o regulamento para se inscrever.",
			}},
		{name: "no athletes", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", body: `{"atletas":[]}`, user: &bruno, wantStatus: 422,
			wantFields: map[string]string{"atletas": "Inscreva de 1 a 10 atletas por pedido."}},
		{name: "an unknown coupon", method: "POST", url: "/api/events/" + sold + "/inscricao/cotacao", body: orderJSON(`,"cupom":"FLORES20"`),
			user: &bruno, wantStatus: 422, wantFields: map[string]string{"cupom": "Cupom não encontrado."}},
		{name: "an event sold elsewhere quotes nothing", method: "POST", url: "/api/events/" + elsewhere + "/inscricao/cotacao", body: orderJSON(""), user: &bruno,
			wantStatus: 409, wantCode: "inscricoes-encerradas"},
		{name: "texto prices cannot be sold here", method: "PUT", url: "/api/events/" + sold, user: &ana, wantStatus: 422,
			body:       strings.Replace(validEventJSON("Pedal do Pelotão", "2030-05-01"), `"ativas": true, "tipoPreco": "kit",`, `"ativas": true, "modo": "pelotao", "tipoPreco": "texto",`, 1),
			wantFields: map[string]string{"inscricoes.tipoPreco": "Para vender as inscrições pelo Pelotão, o preço deve ser por lotes ou por kit."}},
	} {
		t.Run(sc.name, func(t *testing.T) { sc.run(t, app) })
	}
}
