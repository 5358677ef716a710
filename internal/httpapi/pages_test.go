package httpapi

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"pelotao/internal/event"
)

func TestPagePreloadsItsOwnModule(t *testing.T) {
	app := newTestApp(t)
	home := app.do(httptest.NewRequest("GET", "/", nil)).Body.String()
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

	about := app.do(httptest.NewRequest("GET", "/about", nil)).Body.String()
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
		{"/event/nao-existe", pageMetas["event"].Title, 404},
		{"/resultado/nao-existe", pageMetas["results"].Title, 404},
	}
	for _, c := range cases {
		w := app.do(httptest.NewRequest("GET", c.path, nil))
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
	w := app.do(httptest.NewRequest("GET", "/event/abc", nil))
	if w.Code != 200 || !strings.Contains(w.Body.String(), "<title>"+pageMetas["event"].Title+"</title>") {
		t.Fatalf("database closed: %d %s", w.Code, w.Body)
	}
}
