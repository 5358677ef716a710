package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"maps"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/store"
	"pelotao/internal/upload"
)

// metaContent is the content of <meta property|name="key">, unescaped; "" when absent.
func metaContent(t *testing.T, page, key string) string {
	t.Helper()
	m := regexp.MustCompile(`<meta (?:property|name)="` + regexp.QuoteMeta(key) + `" content="([^"]*)">`).FindStringSubmatch(page)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}

// scriptBlock is the text of the page's <script type="typ">, which must be there once.
func scriptBlock(t *testing.T, page, typ string) string {
	t.Helper()
	open := `<script type="` + typ + `"`
	if n := strings.Count(page, open); n != 1 {
		t.Fatalf("%d %s blocks, want 1 in %s", n, typ, page)
	}
	rest := page[strings.Index(page, open):]
	rest = rest[strings.Index(rest, ">")+1:]
	return rest[:strings.Index(rest, "</script>")]
}

func storeBanner(t *testing.T, st store.Store) string {
	t.Helper()
	f, err := st.PutFile(context.Background(), store.File{
		ContentType: "image/png", Name: "banner.png", Width: 1600, Height: 640, Data: []byte("original"),
		Variants: []store.FileVariant{
			{ContentType: "image/jpeg", Width: 1200, Height: 480, Data: []byte("1200")},
			{ContentType: "image/jpeg", Width: 800, Height: 320, Data: []byte("800")},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return "/files/" + f.ID
}

func TestPageMetaOfEachRouteKind(t *testing.T) {
	app := newTestApp(t)
	banner := storeBanner(t, app.store)
	e, err := app.store.CreateEvent(context.Background(), event.Event{
		Titulo: "Meia do Sol", DataEvento: event.NewDate(2026, 3, 15),
		Local:   event.Local{Cidade: "Campinas", Estado: "SP"},
		Banners: event.Banners{Desktop: banner},
	})
	if err != nil {
		t.Fatal(err)
	}
	base := "http://localhost:8080"
	cases := []struct {
		path, title, description, image, ogType string
	}{
		{"/", pageByName("home").Title, pageByName("home").Description, "", "website"},
		{"/about", pageByName("about").Title, pageByName("about").Description, "", "website"},
		{"/event/" + e.ID, "Meia do Sol — Pelotão", "15 de março de 2026 · Campinas – SP. " + pageByName("event").Description, base + banner + "?w=1200", "article"},
		{"/resultado/" + e.ID, "Resultados: Meia do Sol — Pelotão", "15 de março de 2026 · Campinas – SP. " + pageByName("results").Description, base + banner + "?w=1200", "article"},
	}
	for _, c := range cases {
		w := app.Serve(httptest.NewRequest("GET", c.path, nil))
		page := w.Body.String()
		if w.Code != 200 {
			t.Fatalf("%s: status %d", c.path, w.Code)
		}
		if !strings.Contains(page, "<title>"+html.EscapeString(c.title)+"</title>") {
			t.Errorf("%s: want title %q in %s", c.path, c.title, page)
		}
		if !strings.Contains(page, `<link rel="canonical" href="`+base+c.path+`">`) {
			t.Errorf("%s: no canonical %s in %s", c.path, base+c.path, page)
		}
		want := map[string]string{
			"description": c.description, "og:title": c.title, "og:description": c.description,
			"og:url": base + c.path, "og:type": c.ogType, "og:site_name": "Pelotão", "og:locale": "pt_BR",
			"twitter:title": c.title, "og:image": c.image, "twitter:image": c.image,
			"twitter:card": map[bool]string{true: "summary_large_image", false: "summary"}[c.image != ""],
		}
		if c.image != "" {
			want["og:image:width"], want["og:image:height"] = "1200", "480"
		}
		for k, v := range want {
			if got := metaContent(t, page, k); got != v {
				t.Errorf("%s: %s = %q, want %q", c.path, k, got, v)
			}
		}
	}
}

func TestUnknownEventPageIsNotCanonical(t *testing.T) {
	app := newTestApp(t)
	w := app.Serve(httptest.NewRequest("GET", "/event/nao-existe", nil))
	page := w.Body.String()
	if w.Code != 404 || !strings.Contains(page, "<title>"+pageByName("event").Title+"</title>") {
		t.Fatalf("status %d, page %s", w.Code, page)
	}
	if strings.Contains(page, `rel="canonical"`) || strings.Contains(page, "application/ld+json") || strings.Contains(page, `"/api/events/`) {
		t.Errorf("an unknown event's page names a canonical URL, an event or data: %s", page)
	}
}

func TestEventTitleIsEscapedEverywhere(t *testing.T) {
	app := newTestApp(t)
	evil := `Corrida "Noturna" </script><script>alert(1)</script> & <b>`
	e, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: evil, DataEvento: event.NewDate(2026, 5, 1)})
	if err != nil {
		t.Fatal(err)
	}
	page := app.Serve(httptest.NewRequest("GET", "/event/"+e.ID, nil)).Body.String()
	if strings.Contains(page, "<script>alert") || strings.Contains(page, "<b>") {
		t.Fatalf("the title escaped its context: %s", page)
	}
	// Three scripts: the app, the JSON-LD and the first data; the title closes none of them.
	if n := strings.Count(page, "</script>"); n != 3 {
		t.Errorf("%d </script>, want 3: %s", n, page)
	}
	if got, want := metaContent(t, page, "og:title"), evil+" — Pelotão"; got != want {
		t.Errorf("og:title %q, want %q", got, want)
	}
	var ld map[string]any
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "application/ld+json")), &ld); err != nil || ld["name"] != evil {
		t.Errorf("JSON-LD name %v (%v), want %q", ld["name"], err, evil)
	}
	var data map[string]event.Event
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "application/json")), &data); err != nil || data["/api/events/"+e.ID].Titulo != evil {
		t.Errorf("first data %v (%v), want the event titled %q", data, err, evil)
	}
}

func TestEventPageJSONLD(t *testing.T) {
	app := newTestApp(t)
	banner := storeBanner(t, app.store)
	e, err := app.store.CreateEvent(context.Background(), event.Event{
		Titulo: "Meia do Sol", DataEvento: event.NewDate(2026, 3, 15), Status: "Cancelado",
		LinkCompra: "https://ingressos.example/meia",
		Local:      event.Local{Local: "Parque Taquaral", Endereco: "Av. Heitor Penteado, s/n", Cidade: "Campinas", Estado: "SP"},
		Banners:    event.Banners{Mobile: banner},
		Largadas:   []event.Largada{{ID: "a", Horario: "07:30"}, {ID: "b", Horario: "06:45"}, {ID: "c", Horario: ""}},
		Inscricoes: event.Inscricoes{TipoPreco: event.TipoPrecoLotes, Lotes: []event.Lote{{Valor: event.Dec(129.9)}, {Valor: event.Dec(89.5)}, {}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	page := app.Serve(httptest.NewRequest("GET", "/event/"+e.ID, nil)).Body.String()
	var ld struct {
		Context     string   `json:"@context"`
		Type        string   `json:"@type"`
		Name        string   `json:"name"`
		StartDate   string   `json:"startDate"`
		EventStatus string   `json:"eventStatus"`
		Image       []string `json:"image"`
		URL         string   `json:"url"`
		Location    struct {
			Type    string `json:"@type"`
			Name    string `json:"name"`
			Address struct {
				Type, StreetAddress, AddressLocality, AddressRegion, AddressCountry string
			} `json:"address"`
		} `json:"location"`
		Offers struct {
			Type          string  `json:"@type"`
			URL           string  `json:"url"`
			PriceCurrency string  `json:"priceCurrency"`
			LowPrice      float64 `json:"lowPrice"`
			HighPrice     float64 `json:"highPrice"`
		} `json:"offers"`
	}
	raw := scriptBlock(t, page, "application/ld+json")
	if err := json.Unmarshal([]byte(raw), &ld); err != nil {
		t.Fatalf("JSON-LD %s: %v", raw, err)
	}
	if ld.Context != "https://schema.org" || ld.Type != "SportsEvent" || ld.Name != "Meia do Sol" ||
		ld.StartDate != "2026-03-15T06:45:00-03:00" || ld.EventStatus != "https://schema.org/EventCancelled" ||
		ld.URL != "http://localhost:8080/event/"+e.ID || len(ld.Image) != 1 || ld.Image[0] != "http://localhost:8080"+banner+"?w=1200" {
		t.Errorf("JSON-LD %+v", ld)
	}
	a := ld.Location.Address
	if ld.Location.Type != "Place" || ld.Location.Name != "Parque Taquaral" || a.StreetAddress != "Av. Heitor Penteado, s/n" ||
		a.AddressLocality != "Campinas" || a.AddressRegion != "SP" || a.AddressCountry != "BR" {
		t.Errorf("location %+v", ld.Location)
	}
	o := ld.Offers
	if o.Type != "AggregateOffer" || o.URL != "https://ingressos.example/meia" || o.PriceCurrency != "BRL" || o.LowPrice != 89.5 || o.HighPrice != 129.9 {
		t.Errorf("offers %+v", o)
	}

	// The results page names the event but is not the event's page for search engines.
	results := app.Serve(httptest.NewRequest("GET", "/resultado/"+e.ID, nil)).Body.String()
	if strings.Contains(results, "application/ld+json") {
		t.Errorf("results page carries the SportsEvent: %s", results)
	}
	var data map[string]event.Event
	if err := json.Unmarshal([]byte(scriptBlock(t, results, "application/json")), &data); err != nil || data["/api/events/"+e.ID].ID != e.ID {
		t.Errorf("results page: first data %v (%v), want the event", data, err)
	}
}

func TestHomePageCarriesItsFirstCards(t *testing.T) {
	app := newTestApp(t)
	today := event.Today(app.srv.cfg.Location, time.Now())
	if _, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: "Passada </script>", DataEvento: today.AddDays(-1)}); err != nil {
		t.Fatal(err)
	}
	for i := range soonestCards + 2 {
		if _, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: fmt.Sprintf("Dia %02d", i), DataEvento: today.AddDays(i)}); err != nil {
			t.Fatal(err)
		}
	}
	type list struct {
		Events     []event.Summary `json:"events"`
		NextCursor *string         `json:"nextCursor"`
	}
	firstData := func(target string) map[string]list {
		t.Helper()
		page := app.Serve(httptest.NewRequest("GET", target, nil)).Body.String()
		var data map[string]list
		if err := json.Unmarshal([]byte(scriptBlock(t, page, "application/json")), &data); err != nil {
			t.Fatal(err)
		}
		return data
	}

	// The plain address: the soonest upcoming events, as GET soonestEventsPath answers them.
	data := firstData("/")
	soonest, ok := data[soonestEventsPath]
	if _, whole := data[homeEventsPath]; !ok || whole {
		t.Fatalf("first data has %v, want %s only", slices.Collect(maps.Keys(data)), soonestEventsPath)
	}
	if len(soonest.Events) != soonestCards || soonest.Events[0].Titulo != "Dia 00" || soonest.Events[soonestCards-1].Titulo != fmt.Sprintf("Dia %02d", soonestCards-1) || soonest.NextCursor == nil {
		t.Errorf("soonest events: %d from %q, cursor %v; want %d from today on, and a cursor", len(soonest.Events), soonest.Events[0].Titulo, soonest.NextCursor, soonestCards)
	}
	api := app.Serve(httptest.NewRequest("GET", soonestEventsPath, nil))
	var answer list
	if err := json.Unmarshal(api.Body.Bytes(), &answer); err != nil || len(answer.Events) != len(soonest.Events) || answer.Events[0].ID != soonest.Events[0].ID {
		t.Errorf("the embedded answer differs from GET %s: %v", soonestEventsPath, err)
	}

	// An address with a tab or a search: the whole list, every event.
	whole, ok := firstData("/?aba=anteriores")[homeEventsPath]
	if !ok || len(whole.Events) != soonestCards+3 || whole.NextCursor != nil {
		t.Errorf("whole list: %d events, cursor %v; want %d and none", len(whole.Events), whole.NextCursor, soonestCards+3)
	}
}

func TestEventPagePreloadsTheBannerItShows(t *testing.T) {
	app := newTestApp(t)
	desktop, mobile := storeBanner(t, app.store), storeBanner(t, app.store)
	cases := []struct {
		banners event.Banners
		want    []string
	}{
		{event.Banners{Desktop: desktop, Mobile: mobile}, []string{
			`<link rel="preload" as="image" href="` + desktop + `" imagesrcset="` + desktop + `?w=480 480w, ` + desktop + `?w=800 800w, ` + desktop + `?w=1200 1200w" imagesizes="` + upload.EventBannerSizes + `" media="(min-width: 768px)" fetchpriority="high">`,
			`<link rel="preload" as="image" href="` + mobile + `" imagesrcset="` + mobile + `?w=480 480w, ` + mobile + `?w=800 800w, ` + mobile + `?w=1200 1200w" imagesizes="` + upload.EventBannerSizes + `" media="not all and (min-width: 768px)" fetchpriority="high">`,
		}},
		{event.Banners{Mobile: mobile}, []string{`<link rel="preload" as="image" href="` + mobile + `" imagesrcset="`}},
		{event.Banners{Desktop: "https://cdn.example/b.jpg"}, []string{`<link rel="preload" as="image" href="https://cdn.example/b.jpg" fetchpriority="high">`}},
		{event.Banners{Desktop: "javascript:alert(1)"}, nil},
		{event.Banners{Desktop: `/files/a" onerror="alert(1)`}, nil},
	}
	for _, c := range cases {
		e, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: "Com banner", Banners: c.banners})
		if err != nil {
			t.Fatal(err)
		}
		page := app.Serve(httptest.NewRequest("GET", "/event/"+e.ID, nil)).Body.String()
		if n := strings.Count(page, `rel="preload" as="image"`); n != len(c.want) {
			t.Errorf("%+v: %d image preloads, want %d: %s", c.banners, n, len(c.want), page)
		}
		for _, w := range c.want {
			if !strings.Contains(page, html.UnescapeString(w)) && !strings.Contains(page, w) {
				t.Errorf("%+v: want %s in %s", c.banners, w, page)
			}
		}
	}
}

func TestPagesCarryTheSession(t *testing.T) {
	app := newTestApp(t)
	var data map[string]json.RawMessage
	page := app.Serve(httptest.NewRequest("GET", "/about", nil)).Body.String()
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "application/json")), &data); err != nil {
		t.Fatal(err)
	}
	if got := string(data[sessionPath]); got != `{"user":null}` {
		t.Errorf("a visitor's page carries the session %s, want {\"user\":null}", got)
	}
}

// BenchmarkPages measures the pages that carry first data: the event page (the event, its
// JSON-LD and meta) and the home page (every event of the list).
func BenchmarkPages(b *testing.B) {
	app, id := benchApp(b)
	for name, path := range map[string]string{"event": "/event/" + id, "home": "/"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r := httptest.NewRequest("GET", path, nil)
				r.Header.Set("Accept-Encoding", "gzip")
				if w := app.Serve(r); w.Code != 200 {
					b.Fatalf("%s: %d", path, w.Code)
				}
			}
		})
	}
}
