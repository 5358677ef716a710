package httpapi

import (
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/store"
)

// sitemapPages are the pages of pagemeta.json that search engines should know; the others are
// for signed-in users or one-time links.
var sitemapPages = map[string]bool{"home": true, "about": true, "services": true, "impact": true, "training": true}

// robotsTxt keeps crawlers out of the private pages and the API, and points them to the sitemap.
const robotsTxt = `User-agent: *
Allow: /
Disallow: /dashboard
Disallow: /cadastro
Disallow: /api/
Disallow: /login
Disallow: /redefinir-senha
Disallow: /retirada/

Sitemap: %s
`

func (s *Server) robots(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = fmt.Fprintf(w, robotsTxt, s.absURL("/sitemap.xml"))
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// sitemap answers GET /sitemap.xml: the public pages and every event's page, and the results
// page of every past one, with the date each event last changed.
func (s *Server) sitemap(w http.ResponseWriter, r *http.Request) error {
	var urls []sitemapURL
	for _, p := range pageRoutes {
		if sitemapPages[p.meta] {
			urls = append(urls, sitemapURL{Loc: s.absURL(strings.TrimSuffix(p.pattern, "{$}"))})
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
