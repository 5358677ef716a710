// Package site is the site as the server draws it: the page registry (pages.json), each page's
// HTML with its head (title, link previews, schema.org data) and first data, the markup the
// prerenderer draws into it, the built web app's files, robots.txt, the sitemap and the events'
// calendar files. internal/httpapi routes to it and gives it the JSON API's answers (API) that
// pages carry as first data.
package site

import (
	"context"
	"encoding/json"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"pelotao/internal/answercache"
	"pelotao/internal/config"
	"pelotao/internal/event"
	"pelotao/internal/prerender"
	"pelotao/internal/results"
	"pelotao/internal/store"
)

// API is what pages need of the JSON API: the answers the app would fetch, so that a page's first
// data is what the app's first request would get.
type API interface {
	// Session is GET /api/auth/session's answer to r.
	Session(r *http.Request) (any, error)
	// PublicEvents is GET /api/events' answer to q, a public list.
	PublicEvents(ctx context.Context, q store.EventQuery) (answercache.Answer, error)
	// ResultsPage is GET /api/events/{id}/results/{setId}'s answer to q over set.
	ResultsPage(ctx context.Context, set results.Set, q store.ResultQuery) (json.RawMessage, error)
	// Athlete is GET /api/events/{id}/results/{setId}/athletes/{bib}'s answer for the route of r;
	// store.ErrNotFound for an unknown set or bib.
	Athlete(r *http.Request) (results.AthleteResult, error)
}

// Deps is what the site needs from the outside world.
type Deps struct {
	Config config.Config
	Store  store.Store
	UI     fs.FS // the built web app (index.html, .vite/manifest.json, assets/…); may be empty
	Log    *slog.Logger
	// Renderer draws the public pages' first markup; nil serves them without (the app draws them).
	Renderer *prerender.Renderer
	API      API
}

// Server draws the pages of the site.
type Server struct {
	cfg      config.Config
	store    store.Store
	log      *slog.Logger
	ui       *ui
	renderer *prerender.Renderer
	api      API
	// imageSizes are the sizes of banners named in link previews (head.go).
	imageSizes imageSizes
}

// New builds the site's pages from the registry and the built web app.
func New(d Deps) (*Server, error) {
	u, err := loadUI(d.UI)
	if err != nil {
		return nil, err
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Server{cfg: d.Config, store: d.Store, log: d.Log, ui: u, renderer: d.Renderer, api: d.API}, nil
}

// Page is one page of the registry as the route table serves it.
type Page struct {
	Name     string
	Patterns []string // ServeMux patterns without the method
	Handler  http.Handler
}

// Pages are the pages of pages.json, each with its handler.
func (s *Server) Pages() []Page {
	var ps []Page
	for _, p := range sitePages {
		page := Page{Name: p.name, Handler: s.page(p)}
		for _, path := range p.Paths {
			page.Patterns = append(page.Patterns, pagePattern(path))
		}
		ps = append(ps, page)
	}
	return ps
}

// ServeAsset serves /assets/{path...}, the built app's hashed files.
func (s *Server) ServeAsset(w http.ResponseWriter, r *http.Request) { s.ui.serveAsset(w, r) }

// RootFile reports whether name is a file at the root of the built app (favicon, icons…).
func (s *Server) RootFile(name string) bool { return s.ui.rootFile(name) }

// ServeRootFile serves the root file name, cached for a day.
func (s *Server) ServeRootFile(w http.ResponseWriter, r *http.Request, name string) {
	s.ui.serveFile(w, r, name, "public, max-age=86400")
}

// EventCalendar is the event e as an iCalendar file (calendar.go), linking to its page.
func (s *Server) EventCalendar(e *event.Event) []byte {
	return icsOf(e, s.absURL("/event/"+e.ID), s.cfg.BaseURL.Hostname(), eventsClock())
}

// eventsClock tells the time that "today" is taken from (upcoming or past events).
var eventsClock = time.Now

// sessionPath is the request web/src/lib/session.ts makes for the signed-in user, which every
// page carries as first data.
const sessionPath = "/api/auth/session"

func (s *Server) session(r *http.Request) (any, error) { return s.api.Session(r) }

func (s *Server) publicList(ctx context.Context, q store.EventQuery) (answercache.Answer, error) {
	return s.api.PublicEvents(ctx, q)
}

func (s *Server) athleteResult(r *http.Request) (results.AthleteResult, error) {
	return s.api.Athlete(r)
}
