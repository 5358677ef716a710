//go:build webdist

package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/event"
	"pelotao/internal/prerender"
	"pelotao/internal/results"
	"pelotao/internal/store/storetest"
	"pelotao/internal/webui"
)

// tLog writes a server's log into the test's.
type tLog struct{ tb testing.TB }

func (w tLog) Write(p []byte) (int, error) {
	w.tb.Helper()
	w.tb.Log(strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

// newRenderingApp is a test app as the binary serves it: the built web app, whose public pages
// the real renderer script draws. Its accounts hash passwords fast; its warnings (a page that
// failed to render, what the script logged) go to the test's log.
func newRenderingApp(tb testing.TB) *testApp {
	tb.Helper()
	app := newTestApp(tb)
	accounts := newAuthAppOn(tb, app.store, nil).accounts
	tb.Cleanup(accounts.Wait)
	log := slog.New(slog.NewTextHandler(tLog{tb}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	renderer, err := prerender.New(webui.Renderer(), log)
	if err != nil {
		tb.Fatal(err)
	}
	srv, err := New(Deps{Config: app.srv.cfg, Store: app.store, UI: webui.FS(), Log: log, Accounts: accounts, Renderer: renderer})
	if err != nil {
		tb.Fatal(err)
	}
	app.srv, app.Client = srv, apitest.Client{Handler: srv}
	return app
}

// rootMarkup is what the page holds inside <div id="root">: up to the last </div> of the body,
// as what follows the root (the first data, whose JSON escapes '<', and <noscript>) holds none.
func rootMarkup(t *testing.T, page string) string {
	t.Helper()
	_, rest, ok := strings.Cut(page, `<div id="root">`)
	rest, _, closed := strings.Cut(rest, "</body>")
	end := strings.LastIndex(rest, "</div>")
	if !ok || !closed || end < 0 {
		t.Fatalf("no root element in %s", page)
	}
	return rest[:end]
}

var (
	h1Pattern    = regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`)
	tagPattern   = regexp.MustCompile(`(?s)<[^>]*>`)
	assetPattern = regexp.MustCompile(`/assets/[^"'\s,)]+`)
	earlyScript  = regexp.MustCompile(`<script src="/assets/early-[^"]+\.js"></script>`)
)

// h1Texts are the texts of the markup's <h1> elements.
func h1Texts(markup string) []string {
	var texts []string
	for _, m := range h1Pattern.FindAllStringSubmatch(markup, -1) {
		texts = append(texts, html.UnescapeString(tagPattern.ReplaceAllString(m[1], "")))
	}
	return texts
}

// appModules reads the list of the app's modules that a drawn page carries as JSON, for
// web/src/boot.ts to fetch once the page is on screen; ok is false when the page has none.
func appModules(t *testing.T, page string) (modules []string, ok bool) {
	t.Helper()
	_, after, ok := strings.Cut(page, `<script type="application/json" id="app-modules">`)
	if !ok {
		return nil, false
	}
	list, _, _ := strings.Cut(after, "</script>")
	if err := json.Unmarshal([]byte(list), &modules); err != nil {
		t.Fatalf("app modules %q: %v", list, err)
	}
	return modules, true
}

// storeEvent stores e as the API would: normalized, its lists empty rather than null.
func storeEvent(t *testing.T, app *testApp, e event.Event) event.Event {
	t.Helper()
	e.Normalize()
	created, err := app.store.CreateEvent(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	return created
}

func TestPublicPagesArePrerendered(t *testing.T) {
	app := newRenderingApp(t)
	seedEvents(t, app)
	today := event.Today(app.srv.cfg.Location, time.Now())
	e := storeEvent(t, app, event.Event{
		Titulo: `Corrida & Caminhada "da Serra" <Noturna>`, DataEvento: today.AddDays(20), Categoria: "Corrida de Rua",
		Local:   event.Local{Local: "Parque", Cidade: "Campinas", Estado: "SP"},
		Banners: event.Banners{Desktop: storeBanner(t, app.store), Mobile: storeBanner(t, app.store)},
	})
	// An event sold in Pelotão: its prices come from the offer, in code the browser alone loads,
	// and the rest of its page is still drawn (REG-78); so is its form's heading (REG-156).
	sold := storeEvent(t, app, event.Event{
		Titulo: "Corrida Vendida Aqui", DataEvento: today.AddDays(30), Categoria: "Corrida de Rua", Status: event.Const.OpenStatus,
		Local: event.Local{Local: "Marco Zero", Cidade: "Recife", Estado: "PE"},
		Inscricoes: event.Inscricoes{Ativas: true, Modo: event.ModoPelotao, TipoPreco: event.TipoPrecoLotes,
			Lotes: []event.Lote{{Nome: "1º Lote", Valor: event.Dec(80)}}},
	})
	// Its results page draws a published set; the ranking by assessoria under it is the browser's
	// alone (GRP-45), so nothing of the page is left to the browser.
	if _, err := app.store.ReplaceResultSet(context.Background(), results.Set{EventID: e.ID, Percurso: "5 km", Status: results.Oficial},
		storetest.SampleResults(2, "A")); err != nil {
		t.Fatal(err)
	}
	ui := webui.FS()
	cases := []struct{ path, h1 string }{
		{"/", "Encontre sua próxima prova"},
		{"/?aba=anteriores", "Encontre sua próxima prova"},
		{"/about", "Sobre o Pelotão"},
		{"/services", "Nossos Serviços"},
		{"/impact", "Nosso Impacto"},
		{"/training", "Escolha o Plano Ideal para Você"},
		{"/event/" + e.ID, e.Titulo},
		{"/event/" + sold.ID, sold.Titulo},
		{"/inscricao/" + sold.ID, "Inscrição: " + sold.Titulo},
		{"/resultado/" + e.ID, e.Titulo},
	}
	for _, c := range cases {
		w := app.Serve(httptest.NewRequest("GET", c.path, nil))
		page := w.Body.String()
		if w.Code != http.StatusOK {
			t.Errorf("%s: status %d", c.path, w.Code)
			continue
		}
		markup := rootMarkup(t, page)
		if markup == "" {
			t.Errorf("%s: not prerendered (see the log)", c.path)
			continue
		}
		if h1s := h1Texts(markup); len(h1s) != 1 || h1s[0] != c.h1 {
			t.Errorf("%s: headings %q, want %q", c.path, h1s, c.h1)
		}
		// React marks a part it could not draw on the server, which the browser then draws.
		if strings.Contains(markup, "<!--$!-->") {
			t.Errorf("%s: a part of the page failed to render: %s", c.path, markup)
		}
		modules, ok := appModules(t, page)
		if !ok || len(modules) == 0 || !strings.HasPrefix(modules[0], "/assets/") {
			t.Errorf("%s: the app's modules are not listed for later: %s", c.path, page)
		}
		if strings.Contains(page, `<link rel="modulepreload"`) {
			t.Errorf("%s: a drawn page preloads the app's modules before it is on screen: %s", c.path, page)
		}
		// A tap at the first paint is held: a classic script, which the browser runs before it
		// paints, in the head (NAV-16).
		head, _, _ := strings.Cut(page, "</head>")
		if !earlyScript.MatchString(head) {
			t.Errorf("%s: no classic script holds the first taps before the page is painted: %s", c.path, head)
		}
		// The server's markup and the browser's app must name the same files, or the page would
		// show broken images until it is hydrated.
		assets := assetPattern.FindAllString(markup, -1)
		for _, asset := range assets {
			if _, err := fs.Stat(ui, strings.TrimPrefix(html.UnescapeString(asset), "/")); err != nil {
				t.Errorf("%s: the markup names %s, which the built app lacks", c.path, asset)
			}
		}
		if c.path == "/about" && len(assets) == 0 {
			t.Errorf("%s: the gallery's pictures are not in the markup", c.path)
		}
	}
}

func TestPrerenderedPagesShowTheirData(t *testing.T) {
	app := newRenderingApp(t)
	ids := seedEvents(t, app).ids
	markup := func(path string) string {
		t.Helper()
		w := app.Serve(httptest.NewRequest("GET", path, nil))
		if w.Code != http.StatusOK {
			t.Fatalf("%s: status %d", path, w.Code)
		}
		return html.UnescapeString(rootMarkup(t, w.Body.String()))
	}
	// The home page draws the upcoming events of its first data, as cards that link to them.
	home := markup("/")
	for _, title := range []string{"Corrida de São João", "Pedal das Águas", "Corrida de Hoje"} {
		if !strings.Contains(home, title) || !strings.Contains(home, `href="/event/`+ids[title]+`"`) {
			t.Errorf("home: no card of %q", title)
		}
	}
	if strings.Contains(home, "Triathlon Antigo") {
		t.Error("home: a past event is among the upcoming ones")
	}
	if past := markup("/?aba=anteriores"); !strings.Contains(past, "Triathlon Antigo") || strings.Contains(past, "Pedal das Águas") {
		t.Error("home, past events: the query did not reach the renderer")
	}
	ev := markup("/event/" + ids["Pedal das Águas"])
	for _, want := range []string{"Maceió", "60 km", "Largada Geral", "Kit Básico", `href="https://ingressos.exemplo.com.br/x"`} {
		if !strings.Contains(ev, want) {
			t.Errorf("event page: %s missing", want)
		}
	}
}

func TestDrawnHomePagePreloadsOnlyTheFirstCardsPicture(t *testing.T) {
	app := newRenderingApp(t)
	today := event.Today(app.srv.cfg.Location, time.Now())
	pics := map[string]string{}
	for _, c := range []struct {
		name string
		date event.Date
	}{{"depois", today.AddDays(9)}, {"passado", today.AddDays(-3)}, {"primeiro", today}, {"segundo", today.AddDays(2)}} {
		pics[c.name] = storeBanner(t, app.store)
		if _, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: c.name, DataEvento: c.date, Banners: event.Banners{Desktop: pics[c.name]}}); err != nil {
			t.Fatal(err)
		}
	}
	page := app.Serve(httptest.NewRequest("GET", "/", nil)).Body.String()
	// React's server markup preloads the picture of the one eager card: the soonest event's, which
	// is the page's largest paint; the others load lazily, so they do not take its bandwidth.
	preloads := regexp.MustCompile(`<link rel="preload" as="image"[^>]*>`).FindAllString(page, -1)
	if len(preloads) != 1 || !strings.Contains(preloads[0], pics["primeiro"]+"?w=480 480w") || !strings.Contains(preloads[0], `fetchPriority="high"`) {
		t.Errorf("image preloads %q, want the first card's picture only, at high priority", preloads)
	}
}

func TestAccountPagesAreNotPrerendered(t *testing.T) {
	app := newRenderingApp(t)
	for _, path := range []string{"/login", "/dashboard", "/redefinir-senha", "/cadastro", "/event/nao-existe", "/resultado/nao-existe"} {
		w := app.Serve(httptest.NewRequest("GET", path, nil))
		page := w.Body.String()
		if want := map[bool]int{true: http.StatusNotFound, false: http.StatusOK}[strings.Contains(path, "nao-existe")]; w.Code != want {
			t.Errorf("%s: status %d, want %d", path, w.Code, want)
		}
		if markup := rootMarkup(t, page); markup != "" {
			t.Errorf("%s: prerendered: %s", path, markup)
		}
		if _, ok := appModules(t, page); ok || !strings.Contains(page, `<link rel="modulepreload" href="/assets/`) {
			t.Errorf("%s: the app's modules are not preloaded: %s", path, page)
		}
	}
}

func TestPrerenderedPageShowsTheSignedInUser(t *testing.T) {
	app := newRenderingApp(t)
	w := app.Call("POST", "/api/auth/signup", `{"email":"maria@exemplo.com.br","password":"corredora-veloz","displayName":"Maria Corredora"}`)
	if w.Code != http.StatusCreated {
		t.Fatalf("signup: %d %s", w.Code, w.Body)
	}
	session := sessionCookie(t, w)

	const menu, login = `aria-label="Menu da conta de Maria Corredora"`, `href="/login"`
	visitor := rootMarkup(t, app.Serve(httptest.NewRequest("GET", "/about", nil)).Body.String())
	if strings.Contains(visitor, menu) || !strings.Contains(visitor, login) {
		t.Errorf("a visitor's page: want the Login link and no account menu in %s", visitor)
	}
	r := httptest.NewRequest("GET", "/about", nil)
	r.AddCookie(session)
	user := rootMarkup(t, app.Serve(r).Body.String())
	if !strings.Contains(user, menu) || strings.Contains(user, login) {
		t.Errorf("a signed-in user's page: want the account menu and no Login link in %s", user)
	}
}

func TestPrerenderedShareLinkNamesTheBrowsersOrigin(t *testing.T) {
	app := newRenderingApp(t)
	e := storeEvent(t, app, event.Event{Titulo: "Meia do Sol", DataEvento: event.NewDate(2026, 3, 15)})
	for _, c := range []struct{ host, origin string }{
		{"127.0.0.1:39621", "http://127.0.0.1:39621"},
		{"localhost:8080", "http://localhost:8080"}, // PELOTAO_BASE_URL's host: its scheme
		{"pelotao.test", "http://pelotao.test"},
	} {
		r := httptest.NewRequest("GET", "/event/"+e.ID, nil)
		r.Host = c.host
		markup := rootMarkup(t, app.Serve(r).Body.String())
		want := "https://api.whatsapp.com/send?text=" + url.QueryEscape("Meia do Sol") + "%20" + url.QueryEscape(c.origin+"/event/"+e.ID)
		want = strings.ReplaceAll(want, "+", "%20")
		if !strings.Contains(markup, `href="`+want+`"`) {
			t.Errorf("Host %s: want the share link %s in %s", c.host, want, markup)
		}
	}
}

// BenchmarkPrerender measures the event and home pages over 1,000 events, drawn by the renderer
// (each request from another origin, so that the cache never answers) and from its cache.
func BenchmarkPrerender(b *testing.B) {
	app := newRenderingApp(b)
	id := seedBenchEvents(b, app.store, app.srv.cfg.Location)
	for _, page := range []struct{ name, path string }{{"event", "/event/" + id}, {"home", "/"}} {
		for _, cached := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/cached=%v", page.name, cached), func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					r := httptest.NewRequest("GET", page.path, nil)
					if !cached {
						i++
						r.Host = fmt.Sprintf("h%d.example", i)
					}
					w := app.Serve(r)
					if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `id="app-modules"`) {
						b.Fatalf("%s: %d, not prerendered", page.path, w.Code)
					}
				}
			})
		}
	}
}

// An event document that lacks fields (written by an older version, edited by hand, trimmed by a
// proxy) reaches the renderer as the page's first data: the pages draw their fallbacks for it
// (ERR-9, ERR-10, EVT-8, HOME-10, RES-12/13) rather than failing, through the same parse the
// browser's app gives the API's answers (web/src/lib/events/eventSchema.ts).
func TestPrerenderDrawsPartialEvents(t *testing.T) {
	renderer, err := prerender.New(webui.Renderer(), slog.New(slog.NewTextHandler(tLog{t}, nil)))
	if err != nil {
		t.Fatal(err)
	}
	partial := `{"id":"p1","local":null,"banners":null,"modalidades":[{"nome":"5 km","resultados":null}],"largadas":null}`
	cases := []struct {
		path string
		data map[string]string
		want []string
	}{
		{"/", map[string]string{soonestEventsPath: `{"events":[{"id":"p1"},{"id":"p2","titulo":"Corrida Parcial","local":null,"distances":null}]}`},
			[]string{"Título não disponível", "Sem categoria", "Data a definir", "Local a definir", "Corrida Parcial", `href="/event/p1"`}},
		{"/?aba=anteriores", map[string]string{homeEventsPath: `{"events":[{"id":"p3","dataEvento":"2001-05-01"}]}`},
			[]string{"Título não disponível", "01/05/2001", `href="/resultado/p3"`}},
		{"/event/p1", map[string]string{"/api/events/p1": partial},
			[]string{"<h1", "Título não disponível", "Sem categoria", "Data a definir", "Local a definir", "5 km"}},
		{"/resultado/p1", map[string]string{"/api/events/p1": partial},
			[]string{"Título não disponível", "Resultados para esta modalidade ainda não disponíveis."}},
		{"/resultado/p1", map[string]string{"/api/events/p1": `{"id":"p1"}`},
			[]string{"Nenhum resultado encontrado para este evento."}},
	}
	for _, c := range cases {
		blocks := map[string]json.RawMessage{}
		for k, v := range c.data {
			blocks[k] = json.RawMessage(v)
		}
		data, err := json.Marshal(blocks)
		if err != nil {
			t.Fatal(err)
		}
		markup, err := renderer.Render(context.Background(), "http://example.test", c.path, data)
		if err != nil {
			t.Errorf("%s with %s: %v", c.path, data, err)
			continue
		}
		markup = html.UnescapeString(markup)
		for _, want := range c.want {
			if !strings.Contains(markup, want) {
				t.Errorf("%s with %s: %q missing from %s", c.path, data, want, markup)
			}
		}
	}
}
