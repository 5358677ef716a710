// Package httpapi is the HTTP face of Pelotão: routing, middleware, JSON handlers and the pages
// of the single-page app. Handlers translate HTTP into domain calls and back; they hold no SQL.
package httpapi

import (
	"io/fs"
	"log/slog"
	"net/http"

	"pelotao/internal/account"
	"pelotao/internal/config"
	"pelotao/internal/mail"
	"pelotao/internal/store"
)

// Deps is what the server needs from the outside world.
type Deps struct {
	Config config.Config
	Store  store.Store
	UI     fs.FS // the built web app (index.html, .vite/manifest.json, assets/…); may be empty
	Log    *slog.Logger
	// Accounts is the identity provider; nil builds one on Store with the configured mailer.
	Accounts *account.Service
}

// Server routes every request of the site.
type Server struct {
	cfg      config.Config
	store    store.Store
	log      *slog.Logger
	accounts *account.Service
	ui       *ui
	mux      *http.ServeMux
	handler  http.Handler
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
	if d.Accounts == nil {
		d.Accounts = account.FromConfig(d.Config, d.Store, mail.New(d.Config, d.Log), d.Log)
	}
	s := &Server{cfg: d.Config, store: d.Store, log: d.Log, accounts: d.Accounts, ui: u, mux: http.NewServeMux()}
	s.routes()
	s.handler = logRequests(d.Log, recoverPanics(d.Log, securityHeaders(d.Config.SecureCookies(),
		crossOriginProtection(s.sessions(s.mux)))))
	return s, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

func (s *Server) routes() {
	s.mux.HandleFunc("GET /healthz", s.health)
	s.authRoutes()

	s.mux.Handle("GET /api/events", apiFunc(s.listEvents))
	s.mux.Handle("GET /api/events/{id}", apiFunc(s.getEvent))
	s.mux.Handle("POST /api/events", requireUser(s.createEvent))
	s.mux.Handle("PUT /api/events/{id}", requireUser(s.updateEvent))
	s.mux.Handle("DELETE /api/events/{id}", requireUser(s.deleteEvent))

	s.mux.Handle("POST /api/uploads", requireUser(s.createUpload))
	s.mux.Handle("GET /files/{id}", apiFunc(s.serveFile))

	s.mux.Handle("POST /api/plan-interest", apiFunc(s.createPlanInterest))

	s.mux.HandleFunc("GET /assets/{path...}", s.ui.serveAsset)
	for _, p := range pageRoutes {
		s.mux.Handle("GET "+p.pattern, s.page(p))
	}
	s.mux.HandleFunc("/", s.notRouted)
}
