package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/event"
	"pelotao/internal/store"
)

var (
	ana   = api.User{ID: "ana", Email: "ana@exemplo.com.br", DisplayName: "Ana"}
	bruno = api.User{ID: "bruno", Email: "bruno@exemplo.com.br", DisplayName: "Bruno"}
)

// validEventJSON is a complete event as the form sends it, with numbers typed as text.
func validEventJSON(titulo, date string) string {
	return fmt.Sprintf(`{
	"titulo": %q, "categoria": "Ciclismo", "dataEvento": %q, "status": "Inscrições Abertas",
	"banners": {"desktop": "/files/abc", "mobile": "https://cdn.exemplo.com.br/m.webp"},
	"regulamentoUrl": "/files/reg", "regulamento": "", "linkCompra": "https://ingressos.exemplo.com.br/x",
	"local": {"local": "Orla", "endereco": "Av. Beira Mar", "cidade": "Fortaleza", "estado": "CE"},
	"informacoes": {"descricao": "Pedal", "informacoesImportantes": "", "cronograma": {"tipo": "estruturado", "valor": [{"horario": "07:00", "descricao": "Abertura"}]}},
	"inscricoes": {"ativas": true, "tipoPreco": "kit", "lotes": [], "precosPorKit": [{"kitNome": "Kit Básico", "valor": "89,90"}], "textoPreco": "", "periodo": {"inicio": "", "fim": ""}},
	"retiradaKits": [{"local": "Loja", "data": "", "horarioInicio": "09:00", "horarioFim": "18:00"}],
	"kits": [{"nome": "Kit Básico", "items": [{"nome": "Medalha"}]}],
	"largadas": [{"id": "l1", "nome": "Largada Geral", "horario": "06:30"}],
	"modalidades": [{"nome": "60 km", "km": 60, "largadaId": "l1", "percurso": {"tipo": "link", "valor": "https://mapa.exemplo.com.br/60"}, "premiacaoGeral": "",
		"categorias": [{"nome": "Open", "idadeInicial": "", "idadeLimite": "", "qualquerIdade": true, "genero": "Misto", "premiacao": ""}],
		"resultados": {"pdfGeralURL": "", "pdfCategoriasURL": ""}}],
	"premiacao": {"tipo": "texto", "valor": "Troféus", "estruturado": []}
}`, titulo, date)
}

type seeded struct {
	ids map[string]string // titulo → id
}

// seedEvents stores four events around today in PELOTAO_TZ.
func seedEvents(t *testing.T, app *testApp) seeded {
	t.Helper()
	today := event.Today(app.srv.cfg.Location, time.Now())
	s := seeded{ids: map[string]string{}}
	for _, c := range []struct {
		titulo, categoria, cidade, uf, owner string
		days                                 int
	}{
		{"Corrida de São João", "Corrida de Rua", "São Paulo", "SP", ana.ID, 10},
		{"Pedal das Águas", "Ciclismo", "Maceió", "AL", bruno.ID, 3},
		{"Corrida de Hoje", "Corrida de Rua", "Campinas", "SP", bruno.ID, 0},
		{"Trail do Pico", "Trail Running", "Ribeirão Preto", "SP", ana.ID, -5},
		{"Triathlon Antigo", "Triathlon", "Salvador", "BA", bruno.ID, -400},
	} {
		e, err := event.Decode([]byte(validEventJSON(c.titulo, today.AddDays(c.days).String())))
		if err != nil {
			t.Fatal(err)
		}
		e.Normalize()
		e.Categoria, e.Local.Cidade, e.Local.Estado, e.OwnerID = c.categoria, c.cidade, c.uf, c.owner
		created, err := app.store.CreateEvent(context.Background(), e)
		if err != nil {
			t.Fatal(err)
		}
		s.ids[c.titulo] = created.ID
	}
	return s
}

// apiScenario is one request and what its answer must hold.
type apiScenario struct {
	name       string
	method     string
	url        string
	body       string
	user       *api.User
	wantStatus int
	wantCode   string            // error.code of a JSON error answer
	wantTitles []string          // titulo of each listed event, in order
	wantFields map[string]string // error.fields that must be present (message "" = any)
	check      func(t *testing.T, body []byte)
}

func (sc apiScenario) run(t *testing.T, app *testApp) {
	t.Helper()
	w := app.Call(sc.method, sc.url, sc.body, apitest.As(sc.user))
	body := w.Body.Bytes()
	if w.Code != sc.wantStatus {
		t.Fatalf("%s %s: status %d, want %d; body %s", sc.method, sc.url, w.Code, sc.wantStatus, body)
	}
	if sc.wantCode != "" || sc.wantFields != nil {
		var e api.ErrorBody
		if err := json.Unmarshal(body, &e); err != nil {
			t.Fatalf("error body %s: %v", body, err)
		}
		if sc.wantCode != "" && e.Error.Code != sc.wantCode {
			t.Errorf("error code %q, want %q", e.Error.Code, sc.wantCode)
		}
		if e.Error.Message == "" {
			t.Errorf("error without a message: %s", body)
		}
		for f, msg := range sc.wantFields {
			got, ok := e.Error.Fields[f]
			if !ok || (msg != "" && got != msg) {
				t.Errorf("field %s: %q (present %v), want %q; all: %v", f, got, ok, msg, e.Error.Fields)
			}
		}
	}
	if sc.wantTitles != nil {
		var list struct {
			Events []event.Summary `json:"events"`
		}
		if err := json.Unmarshal(body, &list); err != nil {
			t.Fatal(err)
		}
		got := []string{}
		for _, e := range list.Events {
			got = append(got, e.Titulo)
		}
		if !slices.Equal(got, sc.wantTitles) {
			t.Errorf("titles %v, want %v", got, sc.wantTitles)
		}
	}
	if sc.check != nil {
		sc.check(t, body)
	}
}

func TestEventsListAndRead(t *testing.T) {
	app := newTestApp(t)
	seed := seedEvents(t, app)
	all := []string{"Corrida de São João", "Pedal das Águas", "Corrida de Hoje", "Trail do Pico", "Triathlon Antigo"}
	asc := slices.Clone(all)
	slices.Reverse(asc)

	scenarios := []apiScenario{
		{name: "all, dataEvento descending", method: "GET", url: "/api/events", wantStatus: 200, wantTitles: all},
		{name: "order=asc", method: "GET", url: "/api/events?order=asc", wantStatus: 200, wantTitles: asc},
		{name: "upcoming includes today", method: "GET", url: "/api/events?when=upcoming", wantStatus: 200,
			wantTitles: []string{"Corrida de São João", "Pedal das Águas", "Corrida de Hoje"}},
		{name: "past", method: "GET", url: "/api/events?when=past", wantStatus: 200, wantTitles: []string{"Trail do Pico", "Triathlon Antigo"}},
		{name: "categoria", method: "GET", url: "/api/events?categoria=Corrida+de+Rua", wantStatus: 200, wantTitles: []string{"Corrida de São João", "Corrida de Hoje"}},
		{name: "uf", method: "GET", url: "/api/events?uf=SP&when=upcoming", wantStatus: 200, wantTitles: []string{"Corrida de São João", "Corrida de Hoje"}},
		{name: "q without accents", method: "GET", url: "/api/events?q=sao+joao", wantStatus: 200, wantTitles: []string{"Corrida de São João"}},
		// HOME-18: a state by its name, a city by the name runners use.
		{name: "q names a state", method: "GET", url: "/api/events?q=s%C3%A3o+paulo&when=upcoming", wantStatus: 200,
			wantTitles: []string{"Corrida de São João", "Corrida de Hoje"}},
		{name: "q names a city", method: "GET", url: "/api/events?q=ssa", wantStatus: 200, wantTitles: []string{"Triathlon Antigo"}},
		{name: "q over the city", method: "GET", url: "/api/events?q=MACEIO", wantStatus: 200, wantTitles: []string{"Pedal das Águas"}},
		{name: "owner=me", method: "GET", url: "/api/events?owner=me", user: &ana, wantStatus: 200, wantTitles: []string{"Corrida de São João", "Trail do Pico"}},
		{name: "owner=me for a visitor", method: "GET", url: "/api/events?owner=me", wantStatus: 401, wantCode: "unauthenticated"},
		{name: "bad when", method: "GET", url: "/api/events?when=amanha", wantStatus: 400, wantCode: "invalid-argument"},
		{name: "bad order", method: "GET", url: "/api/events?order=random", wantStatus: 400, wantCode: "invalid-argument"},
		{name: "limit 0", method: "GET", url: "/api/events?limit=0", wantStatus: 400, wantCode: "invalid-argument"},
		{name: "limit 501", method: "GET", url: "/api/events?limit=501", wantStatus: 400, wantCode: "invalid-argument"},
		{name: "limit text", method: "GET", url: "/api/events?limit=dez", wantStatus: 400, wantCode: "invalid-argument"},
		{name: "bad owner", method: "GET", url: "/api/events?owner=bruno", user: &ana, wantStatus: 400, wantCode: "invalid-argument"},
		{name: "bad cursor", method: "GET", url: "/api/events?cursor=xyz", wantStatus: 400, wantCode: "invalid-argument"},
		{name: "limit and cursor", method: "GET", url: "/api/events?limit=2", wantStatus: 200,
			wantTitles: []string{"Corrida de São João", "Pedal das Águas"},
			check: func(t *testing.T, body []byte) {
				var page struct {
					NextCursor string `json:"nextCursor"`
				}
				json.Unmarshal(body, &page)
				if page.NextCursor == "" {
					t.Fatal("no nextCursor on a full page")
				}
				apiScenario{method: "GET", url: "/api/events?limit=2&cursor=" + page.NextCursor, wantStatus: 200,
					wantTitles: []string{"Corrida de Hoje", "Trail do Pico"}}.run(t, app)
			}},
		{name: "summary fields", method: "GET", url: "/api/events?q=aguas", wantStatus: 200,
			check: func(t *testing.T, body []byte) {
				want := []string{`"id":"` + seed.ids["Pedal das Águas"] + `"`, `"categoria":"Ciclismo"`, `"banners":{"desktop":"/files/abc"`,
					`"local":{"local":"Orla"`, `"linkCompra":"https://ingressos.exemplo.com.br/x"`, `"distances":[60]`, `"status":"Inscrições Abertas"`}
				for _, w := range want {
					if !strings.Contains(string(body), w) {
						t.Errorf("summary lacks %s: %s", w, body)
					}
				}
				if strings.Contains(string(body), "modalidades") || strings.Contains(string(body), "nextCursor") {
					t.Errorf("summary carries the whole document or a cursor on the last page: %s", body)
				}
			}},
		{name: "one event", method: "GET", url: "/api/events/" + seed.ids["Trail do Pico"], wantStatus: 200,
			check: func(t *testing.T, body []byte) {
				var e map[string]any
				json.Unmarshal(body, &e)
				if e["titulo"] != "Trail do Pico" || e["ownerId"] != "ana" || e["criadoEm"] == "" {
					t.Errorf("event: %s", body)
				}
				cron := e["informacoes"].(map[string]any)["cronograma"].(map[string]any)
				if cron["tipo"] != "estruturado" || len(cron["valor"].([]any)) != 1 {
					t.Errorf("cronograma: %v", cron)
				}
			}},
		{name: "missing event", method: "GET", url: "/api/events/nao-existe", wantStatus: 404, wantCode: "not-found",
			check: func(t *testing.T, body []byte) {
				if !strings.Contains(string(body), "Evento não encontrado.") {
					t.Errorf("body %s", body)
				}
			}},
	}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) { sc.run(t, app) })
	}
}

func TestEventsWrites(t *testing.T) {
	app := newTestApp(t)
	seed := seedEvents(t, app)
	anas := seed.ids["Corrida de São João"]
	ok := validEventJSON("Desafio do Mar", "2030-05-01")

	invalid := strings.NewReplacer(`"titulo": "Desafio do Mar"`, `"titulo": "  "`,
		`"largadaId": "l1"`, `"largadaId": "l9"`, `"estado": "CE"`, `"estado": "XX"`,
		`"linkCompra": "https://ingressos.exemplo.com.br/x"`, `"linkCompra": "javascript:alert(1)"`,
		`"kitNome": "Kit Básico"`, `"kitNome": "Kit Premium"`).Replace(ok)

	scenarios := []apiScenario{
		{name: "visitor cannot create", method: "POST", url: "/api/events", body: ok, wantStatus: 401, wantCode: "unauthenticated"},
		{name: "create", method: "POST", url: "/api/events", body: strings.Replace(ok, `"titulo"`, `"ownerId": "bruno", "criadoEm": "2001-01-01T00:00:00Z", "id": "escolhido", "titulo"`, 1),
			user: &ana, wantStatus: 201,
			check: func(t *testing.T, body []byte) {
				var e event.Event
				if err := json.Unmarshal(body, &e); err != nil {
					t.Fatal(err)
				}
				if e.ID == "" || e.ID == "escolhido" || e.OwnerID != "ana" || time.Since(e.CriadoEm) > time.Minute {
					t.Fatalf("server-set fields: id %q owner %q criadoEm %v", e.ID, e.OwnerID, e.CriadoEm)
				}
				if e.Inscricoes.PrecosPorKit[0].Valor != event.Dec(89.9) || e.Modalidades[0].Categorias[0].IdadeLimite != event.Int(120) {
					t.Fatalf("numbers typed as text not parsed: %+v", e.Inscricoes.PrecosPorKit)
				}
				stored, err := app.store.GetEvent(context.Background(), e.ID)
				if err != nil || stored.Titulo != "Desafio do Mar" {
					t.Fatalf("not stored: %v", err)
				}
			}},
		{name: "create invalid", method: "POST", url: "/api/events", body: invalid, user: &ana, wantStatus: 422, wantCode: "invalid-argument",
			wantFields: map[string]string{
				"titulo":                            event.MsgObrigatorio,
				"modalidades.0.largadaId":           event.MsgLargada,
				"local.estado":                      event.MsgEstado,
				"linkCompra":                        event.MsgURL,
				"inscricoes.precosPorKit.0.kitNome": event.MsgKitInexistente,
			}},
		{name: "unknown field", method: "POST", url: "/api/events", body: strings.Replace(ok, `"titulo"`, `"preco": 1, "titulo"`, 1), user: &ana,
			wantStatus: 400, wantCode: "invalid-argument",
			check: func(t *testing.T, body []byte) {
				if !strings.Contains(string(body), `Campo desconhecido: \"preco\".`) {
					t.Errorf("body %s", body)
				}
			}},
		{name: "malformed JSON", method: "POST", url: "/api/events", body: `{"titulo": "x",`, user: &ana, wantStatus: 400, wantCode: "invalid-argument"},
		{name: "not an object", method: "POST", url: "/api/events", body: `[1,2]`, user: &ana, wantStatus: 400, wantCode: "invalid-argument"},
		{name: "too large", method: "POST", url: "/api/events", body: strings.Replace(ok, `"descricao": "Pedal"`, `"descricao": "`+strings.Repeat("a", maxEventBody)+`"`, 1),
			user: &ana, wantStatus: 413, wantCode: "invalid-argument"},
		{name: "older athlete-panel shape", method: "POST", url: "/api/events", user: &ana, wantStatus: 201,
			body: `{"title": "Corrida Antiga", "location": "Lagoa, Belo Horizonte - MG", "date": "2030-01-02", "images": ["/files/x"], "distances": [5, "10 km"], "status": true}`,
			check: func(t *testing.T, body []byte) {
				var e event.Event
				json.Unmarshal(body, &e)
				if e.Titulo != "Corrida Antiga" || e.Local.Cidade != "Belo Horizonte" || e.Local.Estado != "MG" ||
					e.DataEvento.String() != "2030-01-02" || e.Banners.Desktop != "/files/x" || len(e.Modalidades) != 2 || e.Status != "Inscrições Abertas" {
					t.Fatalf("mapped: %s", body)
				}
			}},
		{name: "visitor cannot update", method: "PUT", url: "/api/events/" + anas, body: ok, wantStatus: 401, wantCode: "unauthenticated"},
		{name: "another user cannot update", method: "PUT", url: "/api/events/" + anas, body: ok, user: &bruno, wantStatus: 403, wantCode: "forbidden"},
		{name: "update missing", method: "PUT", url: "/api/events/nao-existe", body: ok, user: &ana, wantStatus: 404, wantCode: "not-found"},
		{name: "update invalid", method: "PUT", url: "/api/events/" + anas, body: invalid, user: &ana, wantStatus: 422,
			wantFields: map[string]string{"modalidades.0.largadaId": event.MsgLargada}},
		{name: "texto prices cannot be sold here", method: "PUT", url: "/api/events/" + anas, user: &ana, wantStatus: 422,
			body:       strings.Replace(ok, `"ativas": true, "tipoPreco": "kit",`, `"ativas": true, "modo": "pelotao", "tipoPreco": "texto",`, 1),
			wantFields: map[string]string{"inscricoes.tipoPreco": "Para vender as inscrições pelo Pelotão, o preço deve ser por lotes ou por kit."}},
		{name: "owner updates", method: "PUT", url: "/api/events/" + anas, user: &ana, wantStatus: 200,
			body: strings.Replace(ok, `"titulo"`, `"ownerId": "bruno", "criadoEm": "2001-01-01T00:00:00Z", "titulo"`, 1),
			check: func(t *testing.T, body []byte) {
				var e event.Event
				json.Unmarshal(body, &e)
				if e.ID != anas || e.OwnerID != "ana" || e.CriadoEm.Year() == 2001 || e.Titulo != "Desafio do Mar" {
					t.Fatalf("updated: id %q owner %q criadoEm %v titulo %q", e.ID, e.OwnerID, e.CriadoEm, e.Titulo)
				}
			}},
		{name: "visitor cannot delete", method: "DELETE", url: "/api/events/" + anas, wantStatus: 401},
		{name: "another user cannot delete", method: "DELETE", url: "/api/events/" + anas, user: &bruno, wantStatus: 403},
		{name: "owner deletes", method: "DELETE", url: "/api/events/" + anas, user: &ana, wantStatus: 204,
			check: func(t *testing.T, body []byte) {
				if _, err := app.store.GetEvent(context.Background(), anas); err != store.ErrNotFound {
					t.Fatalf("after delete: %v", err)
				}
			}},
		{name: "delete missing", method: "DELETE", url: "/api/events/" + anas, user: &ana, wantStatus: 404},
	}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) { sc.run(t, app) })
	}

	// Rejected documents were not stored: the five seeded events, less the deleted one, plus the two created.
	page, err := app.store.ListEvents(context.Background(), store.EventQuery{})
	if err != nil || len(page.Events) != 6 {
		t.Fatalf("events after the scenarios: %v %d", err, len(page.Events))
	}
}

// HOME-6 through the API: at 23:30 on the 14th in São Paulo (02:30 UTC on the 15th), an event on
// the 14th is still upcoming and one on the 13th is past.
func TestEventsUpcomingAroundMidnightInSaoPaulo(t *testing.T) {
	app := newTestApp(t)
	if app.srv.cfg.Location.String() != "America/Sao_Paulo" {
		t.Fatalf("default PELOTAO_TZ is %s", app.srv.cfg.Location)
	}
	for _, date := range []string{"2026-03-13", "2026-03-14", "2026-03-15"} {
		e, err := event.Decode([]byte(validEventJSON("Dia "+date, date)))
		if err != nil {
			t.Fatal(err)
		}
		e.Normalize()
		if _, err := app.store.CreateEvent(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
	defer func(old func() time.Time) { eventsClock = old }(eventsClock)
	eventsClock = func() time.Time { return time.Date(2026, 3, 15, 2, 30, 0, 0, time.UTC) }

	for _, sc := range []apiScenario{
		{method: "GET", url: "/api/events?when=upcoming&order=asc", wantStatus: 200, wantTitles: []string{"Dia 2026-03-14", "Dia 2026-03-15"}},
		{method: "GET", url: "/api/events?when=past", wantStatus: 200, wantTitles: []string{"Dia 2026-03-13"}},
	} {
		sc.run(t, app)
	}
	eventsClock = func() time.Time { return time.Date(2026, 3, 15, 3, 0, 0, 0, time.UTC) } // midnight there
	apiScenario{method: "GET", url: "/api/events?when=past", wantStatus: 200, wantTitles: []string{"Dia 2026-03-14", "Dia 2026-03-13"}}.run(t, app)
}
