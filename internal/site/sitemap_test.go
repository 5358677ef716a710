package site

import (
	"context"
	"encoding/xml"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pelotao/internal/config"
	"pelotao/internal/event"
	"pelotao/internal/store/sqlite"
)

func TestSitemapListsPublicPagesAndEvents(t *testing.T) {
	srv, st := newTestSite(t)
	today := event.Today(srv.cfg.Location, time.Now())
	upcoming, err := st.CreateEvent(context.Background(), event.Event{Titulo: "Próxima", DataEvento: today.AddDays(30)})
	if err != nil {
		t.Fatal(err)
	}
	past, err := st.CreateEvent(context.Background(), event.Event{Titulo: "Passada", DataEvento: today.AddDays(-30)})
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	if err := srv.Sitemap(w, httptest.NewRequest("GET", "/sitemap.xml", nil)); err != nil {
		t.Fatal(err)
	}
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
	srv, _ := newTestSite(t)
	w := httptest.NewRecorder()
	srv.Robots(w, httptest.NewRequest("GET", "/robots.txt", nil))
	body := w.Body.String()
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("status %d, type %q", w.Code, w.Header().Get("Content-Type"))
	}
	for _, want := range []string{"User-agent: *\n", "Allow: /\n", "Disallow: /dashboard\n", "Disallow: /cadastro\n",
		"Disallow: /api/\n", "Disallow: /login\n", "Disallow: /redefinir-senha\n", "Disallow: /retirada/\n", "Disallow: /i/\n", "Sitemap: http://localhost:8080/sitemap.xml\n"} {
		if !strings.Contains(body, want) {
			t.Errorf("no %q in %s", want, body)
		}
	}
}

// newTestSite is the site on a temporary SQLite database, with the default configuration and no
// built app.
func newTestSite(t *testing.T) (*Server, *sqlite.Store) {
	t.Helper()
	st, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Deps{Config: cfg, Store: st})
	if err != nil {
		t.Fatal(err)
	}
	return srv, st
}
