package httpapi

import (
	"context"
	"encoding/xml"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pelotao/internal/event"
)

func TestSitemapListsPublicPagesAndEvents(t *testing.T) {
	app := newTestApp(t)
	today := event.Today(app.srv.cfg.Location, time.Now())
	upcoming, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: "Próxima", DataEvento: today.AddDays(30)})
	if err != nil {
		t.Fatal(err)
	}
	past, err := app.store.CreateEvent(context.Background(), event.Event{Titulo: "Passada", DataEvento: today.AddDays(-30)})
	if err != nil {
		t.Fatal(err)
	}
	w := app.do(httptest.NewRequest("GET", "/sitemap.xml", nil))
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/xml") {
		t.Fatalf("status %d, type %q", w.Code, w.Header().Get("Content-Type"))
	}
	var set struct {
		XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(w.Body.Bytes(), &set); err != nil {
		t.Fatalf("%v in %s", err, w.Body)
	}
	got := map[string]string{}
	for _, u := range set.URLs {
		got[u.Loc] = u.LastMod
	}
	base := "http://localhost:8080"
	mod := upcoming.AtualizadoEm.UTC().Format(time.DateOnly)
	want := map[string]string{
		base + "/": "", base + "/about": "", base + "/services": "", base + "/impact": "", base + "/training": "",
		base + "/event/" + upcoming.ID: mod,
		base + "/event/" + past.ID:     past.AtualizadoEm.UTC().Format(time.DateOnly),
		base + "/resultado/" + past.ID: past.AtualizadoEm.UTC().Format(time.DateOnly),
	}
	if len(got) != len(want) || len(set.URLs) != len(want) {
		t.Errorf("sitemap %v, want %v", got, want)
	}
	for loc, lastmod := range want {
		if v, ok := got[loc]; !ok || v != lastmod {
			t.Errorf("%s: lastmod %q (listed %v), want %q", loc, v, ok, lastmod)
		}
	}
}

func TestRobotsTxtKeepsCrawlersOutOfPrivatePages(t *testing.T) {
	app := newTestApp(t)
	w := app.do(httptest.NewRequest("GET", "/robots.txt", nil))
	body := w.Body.String()
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("status %d, type %q", w.Code, w.Header().Get("Content-Type"))
	}
	for _, want := range []string{"User-agent: *\n", "Allow: /\n", "Disallow: /dashboard\n", "Disallow: /cadastro\n",
		"Disallow: /api/\n", "Disallow: /login\n", "Disallow: /redefinir-senha\n", "Disallow: /retirada\n", "Sitemap: http://localhost:8080/sitemap.xml\n"} {
		if !strings.Contains(body, want) {
			t.Errorf("no %q in %s", want, body)
		}
	}
}
