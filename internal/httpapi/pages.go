package httpapi

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"slices"
	"strings"

	"pelotao/internal/store"
)

// pagemeta.json holds each page's title and description. The web app imports the same file,
// so the title a page gets from the server and the one it sets on client navigation never drift.
//
//go:embed pagemeta.json
var pageMetaJSON []byte

type pageMeta struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	EventTitle  string `json:"eventTitle"` // the title once the page's event is known; {titulo} is replaced
}

var pageMetas = func() map[string]pageMeta {
	var m struct {
		Pages map[string]pageMeta `json:"pages"`
	}
	if err := json.Unmarshal(pageMetaJSON, &m); err != nil {
		panic("pagemeta.json: " + err.Error())
	}
	return m.Pages
}()

// pageRoute is one route of the single-page app that the server answers with index.html.
type pageRoute struct {
	pattern string
	meta    string // key in pagemeta.json
	module  string // the page's lazily loaded module (web/src/app/router.tsx), preloaded with the entry
}

// eventPages are the pages of the event {id}: an unknown id answers 404.
var eventPages = map[string]bool{"event": true, "results": true}

// pageRoutes mirrors the routes of web/src/app/router.tsx.
var pageRoutes = []pageRoute{
	{"/{$}", "home", "src/features/events/EventsPage.tsx"},
	{"/about", "about", "src/features/about/AboutPage.tsx"},
	{"/services", "services", "src/features/services/ServicesPage.tsx"},
	{"/impact", "impact", "src/features/impact/ImpactPage.tsx"},
	{"/training", "training", "src/features/training/TrainingPage.tsx"},
	{"/event/{id}", "event", "src/features/events/EventPage.tsx"},
	{"/resultado/{id}", "results", "src/features/events/ResultsPage.tsx"},
	{"/login", "login", "src/features/auth/LoginPage.tsx"},
	{"/redefinir-senha", "resetPassword", "src/features/auth/ResetPasswordPage.tsx"},
	{"/dashboard", "dashboard", "src/features/dashboard/DashboardPage.tsx"},
	{"/cadastro", "eventForm", "src/features/event-form/EventFormPage.tsx"},
	{"/cadastro/{id}", "eventForm", "src/features/event-form/EventFormPage.tsx"},
}

//go:embed templates/index.html
var indexHTML string

var indexTemplate = template.Must(template.New("index").Parse(indexHTML))

// pageData is what templates/index.html renders.
type pageData struct {
	Title       string
	Description string
	Entry       string
	CSS         []string
	Preload     []string
}

func (s *Server) page(p pageRoute) http.Handler {
	meta := pageMetas[p.meta]
	if meta.Title == "" {
		panic("pagemeta.json has no page " + p.meta)
	}
	js, css := s.ui.pageAssets(p.module)
	assets := pageAssets{css: append(slices.Clip(s.ui.css), css...), preload: append(slices.Clip(s.ui.preload), js...)}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if noReferrerPages[p.meta] {
			w.Header().Set("Referrer-Policy", "no-referrer")
		}
		status, m := http.StatusOK, meta
		if eventPages[p.meta] {
			status, m = s.eventPage(r, meta)
		}
		s.renderPage(w, status, m, assets)
	})
}

// eventPage is the status and title of an event's page. An unknown id is a 404, so that crawlers
// and link checkers see what the app then says ('Evento não encontrado.'); a known one puts the
// event's title in <title>, which shared links show. A failed read is the app's to report, so the
// page still renders.
func (s *Server) eventPage(r *http.Request, meta pageMeta) (int, pageMeta) {
	e, err := s.store.GetEvent(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, meta
	case err != nil:
		s.log.Error("reading the event of a page", "path", r.URL.Path, "err", err)
		return http.StatusOK, meta
	}
	if t := strings.TrimSpace(e.Titulo); t != "" && meta.EventTitle != "" {
		meta.Title = strings.ReplaceAll(meta.EventTitle, "{titulo}", t)
	}
	return http.StatusOK, meta
}

// pageAssets are the stylesheets and modules one page links in its HTML.
type pageAssets struct{ css, preload []string }

func (s *Server) renderPage(w http.ResponseWriter, status int, meta pageMeta, assets pageAssets) {
	var buf bytes.Buffer
	err := indexTemplate.Execute(&buf, pageData{
		Title: meta.Title, Description: meta.Description,
		Entry: s.ui.entry, CSS: assets.css, Preload: assets.preload,
	})
	if err != nil {
		s.log.Error("rendering page", "err", err)
		http.Error(w, "Erro interno.", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// notRouted answers whatever no route matched: an unknown /api/ path gets a JSON 404, a file at
// the root of the built app (favicon…) is served, and any other page path is not a page of the
// site, so it is redirected to the home page (SPEC §2: "any other path").
func (s *Server) notRouted(w http.ResponseWriter, r *http.Request) {
	switch name := r.URL.Path[1:]; {
	case isAPI(r.URL.Path):
		writeError(w, r, errNotFound)
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		writeError(w, r, &Error{Status: http.StatusMethodNotAllowed, Code: "method-not-allowed", Message: "Método não permitido."})
	case s.ui.rootFile(name):
		s.ui.serveFile(w, r, name, "public, max-age=86400")
	default:
		http.Redirect(w, r, "/", http.StatusFound)
	}
}
