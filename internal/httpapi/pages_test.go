package httpapi

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"pelotao/internal/event"
)

func TestPagePreloadsItsOwnModule(t *testing.T) {
	app := newTestApp(t)
	home := app.Serve(httptest.NewRequest("GET", "/", nil)).Body.String()
	for _, want := range []string{
		`rel="modulepreload" href="/assets/EventsPage-ghi.js"`,
		`rel="modulepreload" href="/assets/resource-jkl.js"`,
	} {
		if !strings.Contains(home, want) {
			t.Errorf("home page: %s missing in %s", want, home)
		}
	}
	if n := strings.Count(home, "/assets/vendor-def.js"); n != 1 {
		t.Errorf("home page: the entry's import is linked %d times, want once", n)
	}

	about := app.Serve(httptest.NewRequest("GET", "/about", nil)).Body.String()
	if strings.Contains(about, "EventsPage") || strings.Contains(about, "resource-jkl") {
		t.Errorf("about page preloads the home page's modules: %s", about)
	}
}

func TestEventPagesAnswer404ForAnUnknownEvent(t *testing.T) {
	app := newTestApp(t)
	e, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: "Corrida & Caminhada da Serra"})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path, wantTitle string
		wantStatus      int
	}{
		{"/event/" + e.ID, "Corrida &amp; Caminhada da Serra — Pelotão", 200},
		{"/resultado/" + e.ID, "Resultados: Corrida &amp; Caminhada da Serra — Pelotão", 200},
		{"/event/nao-existe", pageByName("event").Title, 404},
		{"/resultado/nao-existe", pageByName("results").Title, 404},
	}
	for _, c := range cases {
		w := app.Serve(httptest.NewRequest("GET", c.path, nil))
		body := w.Body.String()
		if w.Code != c.wantStatus {
			t.Errorf("%s: status %d, want %d", c.path, w.Code, c.wantStatus)
		}
		// The app still loads, to say 'Evento não encontrado.' in the page.
		if !strings.Contains(body, "<title>"+c.wantTitle+"</title>") || !strings.Contains(body, `<script type="module"`) {
			t.Errorf("%s: want title %q and the app in %s", c.path, c.wantTitle, body)
		}
	}
}

func TestEventPageRendersWhenTheEventCannotBeRead(t *testing.T) {
	app := newTestApp(t)
	app.store.Close()
	w := app.Serve(httptest.NewRequest("GET", "/event/abc", nil))
	if w.Code != 200 || !strings.Contains(w.Body.String(), "<title>"+pageByName("event").Title+"</title>") {
		t.Fatalf("database closed: %d %s", w.Code, w.Body)
	}
}

// The route table serves a page at exactly the paths of pages.json: a page route added in Go
// alone, or a page of the registry the server does not serve, fails here. (The web app's side is
// web/src/app/router.test.tsx, which checks its routes against the same registry.)
func TestPageRoutesAreThoseOfTheRegistry(t *testing.T) {
	app := newTestApp(t)
	inRegistry := map[string]bool{}
	for _, p := range registry() {
		for _, path := range p.Paths {
			if path == "/" {
				path = "/{$}" // the home page only
			}
			inRegistry["GET "+path] = true
		}
	}
	served := map[string]bool{}
	for _, rt := range app.srv.routeTable() {
		method, path, _ := strings.Cut(rt.Pattern, " ")
		if method != "GET" {
			continue
		}
		path = strings.NewReplacer("{$}", "", "{path...}", "x.js").Replace(path)
		path = regexp.MustCompile(`\{\w+\}`).ReplaceAllString(path, "abc")
		w := app.Serve(httptest.NewRequest("GET", path, nil))
		if strings.Contains(w.Body.String(), `<div id="root">`) { // the app's index.html
			served[rt.Pattern] = true
		}
	}
	for pattern := range served {
		if !inRegistry[pattern] {
			t.Errorf("%s serves a page but is not in pages.json", pattern)
		}
	}
	for pattern := range inRegistry {
		if !served[pattern] {
			t.Errorf("pages.json has %s, which the server does not serve as a page", pattern)
		}
	}
}
