// Package httpapi is the HTTP face of Pelotão: the one route table, the middleware and the JSON
// handlers of accounts, events, teams, results, participants and the kit desk. Handlers translate
// HTTP into domain calls and back; they hold no SQL. The handlers are made of internal/api; the
// sales routes are internal/salesapi's and the pages internal/site's, both routed here.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"pelotao/internal/account"
	"pelotao/internal/answercache"
	"pelotao/internal/api"
	"pelotao/internal/config"
	"pelotao/internal/document"
	"pelotao/internal/mail"
	"pelotao/internal/pix"
	"pelotao/internal/prerender"
	"pelotao/internal/salesapi"
	"pelotao/internal/site"
	"pelotao/internal/store"
	"pelotao/internal/store/readmodel"
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
	// (internal/answercache).
	lists  *answercache.Answers[store.EventQuery]
	events *answercache.Answers[string]
	// rankings keeps recent answers of GET …/results/{setId}/grupos (the ranking by assessoria).
	rankings *answercache.Answers[rankingKey]
	// resultsCache keeps result sets in memory for their tables (internal/store/readmodel).
	resultsCache *readmodel.Results
	// participantsJSON keeps participants encoded for the list's pages.
	participantsJSON answercache.ParticipantsJSON
	// sales answers the registration, order and Pix routes.
	sales *salesapi.Server
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
		lists:  answercache.NewAnswers[store.EventQuery](time.Now), events: answercache.NewAnswers[string](time.Now),
		rankings: answercache.NewAnswers[rankingKey](time.Now),
		// A set's row is as fresh as the answers: another instance's re-import shows when its event edits do.
		resultsCache: readmodel.NewResults(answercache.AnswerTTL)}
	var err error
	s.site, err = site.New(site.Deps{Config: d.Config, Store: d.Store, UI: d.UI, Log: d.Log, Renderer: d.Renderer,
		API: siteAPI{s}})
	if err != nil {
		return nil, err
	}
	s.sales, err = salesapi.New(salesapi.Deps{Config: d.Config, Store: d.Store, Log: d.Log, PSP: d.PSP, Site: s,
		Mailer: d.Mailer, Calendar: s.site.EventCalendar})
	if err != nil {
		return nil, err
	}
	s.routes()
	s.handler = logRequests(d.Log, recoverPanics(d.Log, securityHeaders(d.Config.SecureCookies(),
		crossOriginProtection(s.sessions(s.mux)))))
	return s, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// RunPix keeps the payments moving until ctx ends (salesapi.Server.RunPix).
func (s *Server) RunPix(ctx context.Context) { s.sales.RunPix(ctx) }

// Bounds on request bodies, enforced for every route by the route table (see api.LimitBody).
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

func (s *Server) routeTable() []api.Route {
	rs := []api.Route{
		{Pattern: "GET /healthz", Handler: http.HandlerFunc(s.health), Access: api.Public},

		{Pattern: "GET " + sessionPath, Handler: api.Func(s.getSession), Access: api.Public},
		{Pattern: "POST /api/auth/signup", Handler: api.Func(s.signUp), Access: api.Public, MaxBody: maxJSONBody},
		{Pattern: "POST /api/auth/login", Handler: api.Func(s.login), Access: api.Public, MaxBody: maxJSONBody},
		{Pattern: "POST /api/auth/logout", Handler: api.Func(s.logout), Access: api.Public},
		{Pattern: "POST /api/auth/password-reset", Handler: api.Func(s.requestPasswordReset), Access: api.Public, MaxBody: maxJSONBody},
		{Pattern: "POST /api/auth/password-reset/verify", Handler: api.Func(s.verifyResetToken), Access: api.Public, MaxBody: maxJSONBody},
		{Pattern: "POST /api/auth/password-reset/confirm", Handler: api.Func(s.confirmPasswordReset), Access: api.Public, MaxBody: maxJSONBody},
		{Pattern: "GET /api/auth/password-policy", Handler: api.Func(s.passwordPolicy), Access: api.Public},
		{Pattern: "POST /api/auth/email-verification", Handler: api.Func(s.resendEmailVerification), Access: api.SignedIn},
		{Pattern: "POST /api/auth/email-verification/confirm", Handler: api.Func(s.confirmEmailVerification), Access: api.Public, MaxBody: maxJSONBody},

		{Pattern: "GET /api/events", Handler: api.Func(s.listEvents), Access: api.Public},
		{Pattern: "GET /api/events/{id}", Handler: api.Func(s.getEvent), Access: api.Public},
		{Pattern: "POST /api/events", Handler: api.Func(s.createEvent), Access: api.SignedIn, MaxBody: maxEventBody},
		{Pattern: "PUT /api/events/{id}", Handler: api.Func(s.updateEvent), Access: api.Owner, MaxBody: maxEventBody},
		{Pattern: "DELETE /api/events/{id}", Handler: api.Func(s.deleteEvent), Access: api.Owner},

		{Pattern: "POST /api/uploads", Handler: api.Func(s.createUpload), Access: api.SignedIn, MaxBody: maxUploadRequest},
		{Pattern: "GET /files/{id}", Handler: api.Func(s.serveFile), Access: api.Public},

		{Pattern: "POST /api/plan-interest", Handler: api.Func(s.createPlanInterest), Access: api.Public, MaxBody: maxPlanInterestBody},

		{Pattern: "GET /api/events/{id}/staff", Handler: api.Func(s.listStaff), Access: api.EventManagers},
		{Pattern: "POST /api/events/{id}/staff", Handler: api.Func(s.inviteStaff), Access: api.EventManagers, MaxBody: maxStaffBody},
		{Pattern: "DELETE /api/events/{id}/staff/{staffId}", Handler: api.Func(s.removeStaff), Access: api.EventManagers},
		{Pattern: "GET /api/me/events-staff", Handler: api.Func(s.myStaffEvents), Access: api.SignedIn},
		{Pattern: "GET /api/me/painel", Handler: api.Func(s.myPanel), Access: api.SignedIn},

		{Pattern: "POST /api/events/{id}/results", Handler: api.Func(s.importResults), Access: api.EventManagers, MaxBody: maxSheetRequest},
		{Pattern: "GET /api/events/{id}/results", Handler: api.Func(s.listResultSets), Access: api.Public},
		{Pattern: "GET /api/events/{id}/results/{setId}", Handler: api.Func(s.listResults), Access: api.Public},
		{Pattern: "GET /api/events/{id}/results/{setId}/grupos", Handler: api.Func(s.listGroupRanking), Access: api.Public},
		{Pattern: "GET /api/events/{id}/results/{setId}/athletes/{bib}", Handler: api.Func(s.getAthleteResult), Access: api.Public},
		{Pattern: "DELETE /api/events/{id}/results/{setId}", Handler: api.Func(s.deleteResultSet), Access: api.EventManagers},
		{Pattern: "GET /api/events/{id}/results/{setId}/athletes/{bib}/certificado.pdf", Handler: s.keepsake("certificado", "application/pdf", document.Certificate), Access: api.Public},
		{Pattern: "GET /api/events/{id}/results/{setId}/athletes/{bib}/card.png", Handler: s.keepsake("card", "image/png", document.Card), Access: api.Public},
		{Pattern: "POST /api/events/{id}/participants", Handler: api.Func(s.importParticipants), Access: api.EventManagers, MaxBody: maxSheetRequest},
		{Pattern: "GET /api/events/{id}/participants", Handler: api.Func(s.listParticipants), Access: api.EventTeam},
		{Pattern: "GET /api/events/{id}/participants/{participantId}", Handler: api.Func(s.getParticipant), Access: api.EventTeam},
		{Pattern: "GET /api/events/{id}/participants/summary", Handler: api.Func(s.participantSummary), Access: api.EventManagers},
		{Pattern: "GET /api/events/{id}/participants/settings", Handler: api.Func(s.getParticipantSettings), Access: api.EventManagers},
		{Pattern: "PUT /api/events/{id}/participants/settings", Handler: api.Func(s.putParticipantSettings), Access: api.EventManagers, MaxBody: maxJSONBody},
		{Pattern: "GET /api/events/{id}/participants.csv", Handler: api.Func(s.exportParticipantsCSV), Access: api.EventManagers},
		{Pattern: "GET /api/events/{id}/participants.pdf", Handler: api.Func(s.printParticipants), Access: api.EventManagers},

		{Pattern: "GET /api/events/{id}/checkin/roster", Handler: api.Func(s.getRoster), Access: api.EventTeam},
		{Pattern: "POST /api/events/{id}/checkin", Handler: api.Func(s.postCheckins), Access: api.EventTeam, MaxBody: maxCheckinBody},
		{Pattern: "DELETE /api/events/{id}/checkin/{participantId}", Handler: api.Func(s.deleteCheckin), Access: api.EventManagers},
		{Pattern: "GET /api/events/{id}/checkin/stats", Handler: api.Func(s.getCheckinStats), Access: api.EventTeam},
		{Pattern: "GET /api/events/{id}/checkin/history", Handler: api.Func(s.getCheckinHistory), Access: api.EventManagers},

		{Pattern: "GET /robots.txt", Handler: http.HandlerFunc(s.site.Robots), Access: api.Public},
		{Pattern: "GET /sitemap.xml", Handler: api.Func(s.site.Sitemap), Access: api.Public},

		{Pattern: "GET /assets/{path...}", Handler: http.HandlerFunc(s.site.ServeAsset), Access: api.Public},
	}
	for _, p := range s.site.Pages() { // internal/site/pages.json
		h := p.Handler
		if p.Name == "event" {
			h = s.withCalendar(h) // GET /event/{eventId}.ics
		}
		for _, pattern := range p.Patterns {
			rs = append(rs, api.Route{Pattern: "GET " + pattern, Handler: h, Access: api.Public})
		}
	}
	rs = append(rs, s.sales.Routes()...)
	return append(rs, api.Route{Pattern: "/", Handler: http.HandlerFunc(s.notRouted), Access: api.Public})
}

func (s *Server) routes() { api.Mount(s.mux, s.routeTable(), s.store) }
