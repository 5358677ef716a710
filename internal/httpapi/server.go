// Package httpapi is the HTTP face of Pelotão: routing, middleware, JSON handlers and the pages
// of the single-page app. Handlers translate HTTP into domain calls and back; they hold no SQL.
package httpapi

import (
	"io/fs"
	"log/slog"
	"net/http"

	"pelotao/internal/config"
	"pelotao/internal/store"
)

// Deps is what the server needs from the outside world.
type Deps struct {
	Config config.Config
	Store  store.Store
	UI     fs.FS // the built web app (index.html, .vite/manifest.json, assets/…); may be empty
	Log    *slog.Logger
}

// Server routes every request of the site.
type Server struct {
	cfg     config.Config
	store   store.Store
	log     *slog.Logger
	ui      *ui
	mux     *http.ServeMux
	handler http.Handler
}

// New builds the server and its routes.
func New(d Deps) (*Server, error) {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	u, err := loadUI(d.UI)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: d.Config, store: d.Store, log: d.Log, ui: u, mux: http.NewServeMux()}
	s.routes()
	s.handler = logRequests(d.Log, recoverPanics(d.Log, securityHeaders(d.Config.SecureCookies(), crossOriginProtection(s.mux))))
	return s, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

func (s *Server) routes() {
	s.mux.HandleFunc("GET /healthz", s.health)

	s.mux.Handle("POST /api/plan-interest", apiFunc(s.createPlanInterest))

	s.mux.HandleFunc("GET /assets/{path...}", s.ui.serveAsset)
	for _, p := range pageRoutes {
		s.mux.Handle("GET "+p.pattern, s.page(p))
	}
	s.mux.HandleFunc("/", s.notRouted)
}
