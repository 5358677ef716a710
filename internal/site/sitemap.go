package site

import (
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/store"
)

// robotsTxt keeps crawlers out of the API and the pages not indexed (pages.json: those of
// signed-in users, of signing in and of one-time links), and points them to the sitemap.
var robotsTxt = func() string {
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\nDisallow: /api/\n")
	var written []string
	for _, p := range sitePages {
		if p.Indexed {
			continue
		}
		for _, path := range p.Paths {
			// Up to the first parameter, with its slash: /i/{codigo} disallows /i/, not /impact.
			prefix := strings.SplitN(path, "{", 2)[0]
			if !slices.ContainsFunc(written, func(w string) bool { return strings.HasPrefix(prefix, w) }) {
				written = append(written, prefix)
				fmt.Fprintf(&b, "Disallow: %s\n", prefix)
			}
		}
	}
	return b.String() + "\nSitemap: %s\n"
}()

func (s *Server) Robots(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = fmt.Fprintf(w, robotsTxt, s.absURL("/sitemap.xml"))
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// Sitemap answers GET /sitemap.xml: the public pages and every event's page, and the results
// page of every past one, with the date each event last changed.
func (s *Server) Sitemap(w http.ResponseWriter, r *http.Request) error {
	var urls []sitemapURL
	for _, p := range sitePages { // the indexed pages without parameters; the events' come below
		for _, path := range p.Paths {
			if p.Indexed && !strings.Contains(path, "{") {
				urls = append(urls, sitemapURL{Loc: s.absURL(path)})
			}
		}
	}
	today := event.Today(s.cfg.Location, eventsClock())
	q := store.EventQuery{Limit: store.MaxListLimit}
	for {
		page, err := s.store.ListEvents(r.Context(), q)
		if err != nil {
			return err
		}
		summaries, err := page.Summaries()
		if err != nil {
			return err
		}
		for _, sum := range summaries {
			// The list has no change date: read it from the event (a sitemap is fetched rarely).
			e, err := s.store.GetEvent(r.Context(), sum.ID)
			if errors.Is(err, store.ErrNotFound) {
				continue // deleted meanwhile
			}
			if err != nil {
				return err
			}
			mod := e.AtualizadoEm.UTC().Format(time.DateOnly)
			urls = append(urls, sitemapURL{Loc: s.absURL("/event/" + e.ID), LastMod: mod})
			if !e.IsUpcoming(today) {
				urls = append(urls, sitemapURL{Loc: s.absURL("/resultado/" + e.ID), LastMod: mod})
			}
		}
		if page.NextCursor == "" || len(urls) > 50000 {
			break
		}
		q.Cursor = page.NextCursor
	}
	body, err := xml.MarshalIndent(struct {
		XMLName xml.Name     `xml:"urlset"`
		NS      string       `xml:"xmlns,attr"`
		URLs    []sitemapURL `xml:"url"`
	}{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", URLs: urls}, "", " ")
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(xml.Header))
	_, _ = w.Write(body)
	return nil
}
