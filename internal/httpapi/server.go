// Package httpapi is the HTTP face of Pelotão: the route table, middleware, the one error mapping
// and the JSON handlers. Handlers translate HTTP into domain calls and back; they hold no SQL. The
// pages are internal/site's, routed here.
package httpapi

import (
	"io/fs"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"pelotao/internal/account"
	"pelotao/internal/cache"
	"pelotao/internal/config"
	"pelotao/internal/document"
	"pelotao/internal/mail"
	"pelotao/internal/pix"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/prerender"
	"pelotao/internal/site"
	"pelotao/internal/store"
	"pelotao/internal/team"
	"pelotao/internal/upload"
)

// Deps is what the server needs from the outside world.
type Deps struct {
	Config config.Config
	Store  store.Store
	UI     fs.FS // the built web app (index.html, .vite/manifest.json, assets/…); may be empty
	Log    *slog.Logger
	// Accounts is the identity provider; nil builds one on Store with the configured mailer.
	Accounts *account.Service
	// Renderer draws the public pages' first markup; nil serves them without (the app draws them).
	Renderer *prerender.Renderer
	// Mailer sends the team invitations; nil builds the configured one (SMTP or the outbox).
	Mailer mail.Mailer
	// PSP charges orders through the API Pix; nil builds the configured client (or the sandbox).
	PSP pix.PSP
}

// Server routes every request of the site.
type Server struct {
	cfg      config.Config
	store    store.Store
	log      *slog.Logger
	accounts *account.Service
	site     *site.Server
	mailer   mail.Mailer
	mux      *http.ServeMux
	handler  http.Handler
	// lists keeps recent public answers of GET /api/events, events those of GET /api/events/{id}
	// (internal/cache).
	lists  *cache.Answers[store.EventQuery]
	events *cache.Answers[string]
	// resultsCache keeps result sets in memory for their tables.
	resultsCache *cache.Results
	// participantsJSON keeps participants encoded for the list's pages.
	participantsJSON cache.ParticipantsJSON
	// psp charges orders; sandbox is the in-memory PSP it talks to under PELOTAO_PIX_SANDBOX.
	psp     pix.PSP
	sandbox *sandbox.Sandbox
	// receipts are the confirmation e-mails being sent in the background.
	receipts sync.WaitGroup
}

// New builds the server and its routes.
func New(d Deps) (*Server, error) {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Mailer == nil {
		d.Mailer = mail.New(d.Config, d.Log)
	}
	if d.Accounts == nil {
		d.Accounts = account.FromConfig(d.Config, d.Store, d.Mailer, d.Log)
	}
	s := &Server{cfg: d.Config, store: d.Store, log: d.Log, accounts: d.Accounts,
		mailer: d.Mailer,
		mux:    http.NewServeMux(),
		lists:  cache.NewAnswers[store.EventQuery](time.Now), events: cache.NewAnswers[string](time.Now),
		resultsCache: cache.NewResults()}
	var err error
	s.site, err = site.New(site.Deps{Config: d.Config, Store: d.Store, UI: d.UI, Log: d.Log, Renderer: d.Renderer,
		API: siteAPI{s}})
	if err != nil {
		return nil, err
	}
	if err := s.setUpPix(d.PSP); err != nil {
		return nil, err
	}
	s.routes()
	s.handler = logRequests(d.Log, recoverPanics(d.Log, securityHeaders(d.Config.SecureCookies(),
		crossOriginProtection(s.sessions(s.mux)))))
	return s, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// access is who may use a route. Owner routes also need a signed-in user; the handler then
// checks that the user owns the resource. Event team routes (eventManagers, eventTeam) name an
// event in {id} and admit only the roles eventRoles lists: routes() puts requireEventRole in
// front of their handler, which reads the role with eventRoleOf.
type access int

const (
	public access = iota
	signedIn
	owner
	eventManagers // the event's owner and gestao
	eventTeam     // the event's owner, gestao and retirada
)

// eventRoles are the roles an event team route admits; nil for other routes.
func (a access) eventRoles() []team.Role {
	switch a {
	case eventManagers:
		return team.With(team.Manage)
	case eventTeam:
		return []team.Role{team.Owner, team.Gestao, team.Retirada}
	}
	return nil
}

// Bounds on request bodies, enforced for every route by the route table (see limitBody).
const (
	// maxJSONBody bounds the small JSON bodies of the account routes.
	maxJSONBody = 64 << 10
	// maxPlanInterestBody bounds a plan interest: a name, an e-mail, a phone and a plan.
	maxPlanInterestBody = 4 << 10
	// maxStaffBody bounds a team invitation: an e-mail and a role.
	maxStaffBody = 4 << 10
	// maxEventBody bounds an event document: a full event is a few tens of KB.
	maxEventBody = 1 << 20
	// maxUploadRequest leaves room for the multipart boundaries and part headers around the file.
	maxUploadRequest = upload.MaxBytes + 64<<10
)

// route is one entry of the route table: the pattern, its handler, who may use it and the
// largest body it reads. Every route of the site is in the table, so tests can walk all of them.
type route struct {
	pattern string
	handler http.Handler
	access  access
	maxBody int64 // 0: the route reads no body
}

func (s *Server) routeTable() []route {
	rs := []route{
		{"GET /healthz", http.HandlerFunc(s.health), public, 0},

		{"GET " + sessionPath, apiFunc(s.getSession), public, 0},
		{"POST /api/auth/signup", apiFunc(s.signUp), public, maxJSONBody},
		{"POST /api/auth/login", apiFunc(s.login), public, maxJSONBody},
		{"POST /api/auth/logout", apiFunc(s.logout), public, 0},
		{"POST /api/auth/password-reset", apiFunc(s.requestPasswordReset), public, maxJSONBody},
		{"POST /api/auth/password-reset/verify", apiFunc(s.verifyResetToken), public, maxJSONBody},
		{"POST /api/auth/password-reset/confirm", apiFunc(s.confirmPasswordReset), public, maxJSONBody},
		{"GET /api/auth/password-policy", apiFunc(s.passwordPolicy), public, 0},
		{"POST /api/auth/email-verification", apiFunc(s.resendEmailVerification), signedIn, 0},
		{"POST /api/auth/email-verification/confirm", apiFunc(s.confirmEmailVerification), public, maxJSONBody},

		{"GET /api/events", apiFunc(s.listEvents), public, 0},
		{"GET /api/events/{id}", apiFunc(s.getEvent), public, 0},
		{"POST /api/events", apiFunc(s.createEvent), signedIn, maxEventBody},
		{"PUT /api/events/{id}", apiFunc(s.updateEvent), owner, maxEventBody},
		{"DELETE /api/events/{id}", apiFunc(s.deleteEvent), owner, 0},

		{"POST /api/uploads", apiFunc(s.createUpload), signedIn, maxUploadRequest},
		{"GET /files/{id}", apiFunc(s.serveFile), public, 0},

		{"POST /api/plan-interest", apiFunc(s.createPlanInterest), public, maxPlanInterestBody},

		{"GET /api/events/{id}/staff", apiFunc(s.listStaff), eventManagers, 0},
		{"POST /api/events/{id}/staff", apiFunc(s.inviteStaff), eventManagers, maxStaffBody},
		{"DELETE /api/events/{id}/staff/{staffId}", apiFunc(s.removeStaff), eventManagers, 0},
		{"GET /api/me/events-staff", apiFunc(s.myStaffEvents), signedIn, 0},

		{"POST /api/events/{id}/results", apiFunc(s.importResults), eventManagers, maxSheetRequest},
		{"GET /api/events/{id}/results", apiFunc(s.listResultSets), public, 0},
		{"GET /api/events/{id}/results/{setId}", apiFunc(s.listResults), public, 0},
		{"GET /api/events/{id}/results/{setId}/athletes/{bib}", apiFunc(s.getAthleteResult), public, 0},
		{"DELETE /api/events/{id}/results/{setId}", apiFunc(s.deleteResultSet), eventManagers, 0},
		{"GET /api/events/{id}/results/{setId}/athletes/{bib}/certificado.pdf", s.keepsake("certificado", "application/pdf", document.Certificate), public, 0},
		{"GET /api/events/{id}/results/{setId}/athletes/{bib}/card.png", s.keepsake("card", "image/png", document.Card), public, 0},
		{"POST /api/events/{id}/participants", apiFunc(s.importParticipants), eventManagers, maxSheetRequest},
		{"GET /api/events/{id}/participants", apiFunc(s.listParticipants), eventTeam, 0},
		{"GET /api/events/{id}/participants/{participantId}", apiFunc(s.getParticipant), eventTeam, 0},
		{"GET /api/events/{id}/participants/summary", apiFunc(s.participantSummary), eventManagers, 0},
		{"GET /api/events/{id}/participants/settings", apiFunc(s.getParticipantSettings), eventManagers, 0},
		{"PUT /api/events/{id}/participants/settings", apiFunc(s.putParticipantSettings), eventManagers, maxJSONBody},
		{"GET /api/events/{id}/participants.csv", apiFunc(s.exportParticipantsCSV), eventManagers, 0},
		{"GET /api/events/{id}/participants.pdf", apiFunc(s.printParticipants), eventManagers, 0},

		{"GET /api/events/{id}/checkin/roster", apiFunc(s.getRoster), eventTeam, 0},
		{"POST /api/events/{id}/checkin", apiFunc(s.postCheckins), eventTeam, maxCheckinBody},
		{"DELETE /api/events/{id}/checkin/{participantId}", apiFunc(s.deleteCheckin), eventManagers, 0},
		{"GET /api/events/{id}/checkin/stats", apiFunc(s.getCheckinStats), eventTeam, 0},
		{"GET /api/events/{id}/checkin/history", apiFunc(s.getCheckinHistory), eventManagers, 0},

		{"GET /robots.txt", http.HandlerFunc(s.site.Robots), public, 0},
		{"GET /sitemap.xml", apiFunc(s.site.Sitemap), public, 0},

		{"GET /assets/{path...}", http.HandlerFunc(s.site.ServeAsset), public, 0},
	}
	for _, p := range s.site.Pages() { // internal/site/pages.json
		h := p.Handler
		if p.Name == "event" {
			h = s.withCalendar(h) // GET /event/{eventId}.ics
		}
		for _, pattern := range p.Patterns {
			rs = append(rs, route{"GET " + pattern, h, public, 0})
		}
	}
	rs = append(rs, s.registrationRoutes()...)
	rs = append(rs, s.orderRoutes()...)
	rs = append(rs, s.registrationCodeRoutes()...)
	rs = append(rs, s.sandboxRoutes()...)
	return append(rs, route{"/", http.HandlerFunc(s.notRouted), public, 0})
}

func (s *Server) routes() {
	for _, rt := range s.routeTable() {
		h := rt.handler
		if roles := rt.access.eventRoles(); roles != nil {
			h = s.guardEvent(roles, h)
		}
		if rt.access != public {
			h = requireUser(h)
		}
		s.mux.Handle(rt.pattern, limitBody(rt.maxBody, h))
	}
}
