package httpapi

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"sync"

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

var pageMetas, siteName = func() (map[string]pageMeta, string) {
	var m struct {
		SiteName string              `json:"siteName"`
		Pages    map[string]pageMeta `json:"pages"`
	}
	if err := json.Unmarshal(pageMetaJSON, &m); err != nil {
		panic("pagemeta.json: " + err.Error())
	}
	return m.Pages, m.SiteName
}()

// pageRoute is one route of the single-page app that the server answers with index.html.
type pageRoute struct {
	pattern string
	meta    string // key in pagemeta.json
	module  string // the page's lazily loaded module (web/src/app/router.tsx), preloaded with the entry
}

// prerendered are the pages visitors land on from links and searches, whose first markup the
// server draws (internal/prerender): the pages of accounts and organizers are drawn by the app.
var prerendered = map[string]bool{
	"home": true, "about": true, "services": true, "impact": true, "training": true, "event": true, "results": true,
}

// eventPages are the pages of the event {id}: an unknown id answers 404 (the organizer's page too:
// the app then says so).
var eventPages = map[string]bool{"event": true, "results": true, "organizerEvent": true}

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
	{"/dashboard/eventos/{id}", "organizerEvent", "src/features/organizer-event/OrganizerEventPage.tsx"},
	{"/cadastro", "eventForm", "src/features/event-form/EventFormPage.tsx"},
	{"/cadastro/{id}", "eventForm", "src/features/event-form/EventFormPage.tsx"},
	{"/retirada/{id}", "kitDesk", "src/features/kit-desk/KitDeskPage.tsx"},
}

//go:embed templates/index.html
var indexHTML string

var indexTemplate = template.Must(template.New("index").Parse(indexHTML))

// pageData is what templates/index.html renders.
type pageData struct {
	head
	SiteName string
	Entry    string
	CSS      []string
	Preload  []string
	// InitialData is head.Data as JSON. encoding/json escapes <, > and & inside strings, so the
	// text cannot close its <script> element.
	InitialData template.JS
	Markup      template.HTML // the page drawn by the server, which the app hydrates; "" for none
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
		status, h := http.StatusOK, s.pageHead(r, meta)
		switch {
		case eventPages[p.meta]:
			status, h = s.eventPage(r, p.meta, h)
		case p.meta == "home":
			h.Data = s.homeData(r) // the first card's picture is preloaded by the drawn page (React)
		}
		if session, err := s.session(r); err == nil {
			if h.Data == nil {
				h.Data = map[string]any{}
			}
			h.Data[sessionPath] = session
		} else {
			s.log.Error("reading the session of a page", "err", err) // the app asks again
		}
		content := s.contentOf(h)
		if s.renderer != nil && prerendered[p.meta] && status == http.StatusOK && content.data != nil {
			markup, err := s.renderer.Render(r.Context(), s.browserOrigin(r), r.URL.RequestURI(), content.data)
			if err != nil {
				s.log.Warn("prerendering a page", "path", r.URL.Path, "err", err) // the app draws it
			}
			content.markup = markup
		}
		s.renderPage(w, r, status, h, assets, content)
	})
}

// pageContent is what a page carries besides its head: its first data (JSON) and markup.
type pageContent struct {
	data   []byte
	markup string
}

// contentOf is a page's content before any markup: head.Data as JSON, nil when there is none.
func (s *Server) contentOf(h head) pageContent {
	if h.Data == nil {
		return pageContent{}
	}
	data, err := json.Marshal(h.Data)
	if err != nil {
		s.log.Error("encoding the first data of a page", "err", err) // the app fetches it
		return pageContent{}
	}
	return pageContent{data: data}
}

// browserOrigin is the origin the browser sees (its location.origin), which the prerendered page
// must use wherever the app uses it, or hydration would keep the server's: the public origin when
// the request came to its host, else the host asked for.
func (s *Server) browserOrigin(r *http.Request) string {
	if r.Host == s.cfg.BaseURL.Host {
		return s.cfg.BaseURL.Scheme + "://" + r.Host
	}
	if r.TLS != nil {
		return "https://" + r.Host
	}
	return "http://" + r.Host
}

// eventPage is the status and head of an event's page. An unknown id is a 404, so that crawlers
// and link checkers see what the app then says ('Evento não encontrado.'); a known one carries the
// event's title, date, city and banner, which shared links show. A failed read is the app's to
// report, so the page still renders.
func (s *Server) eventPage(r *http.Request, kind string, h head) (int, head) {
	e, err := s.store.GetEvent(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.Canonical = "" // not a page of the site
		return http.StatusNotFound, h
	case err != nil:
		s.log.Error("reading the event of a page", "path", r.URL.Path, "err", err)
		return http.StatusOK, h
	}
	return http.StatusOK, s.eventHead(r.Context(), h, pageMetas[kind], &e, kind == "event")
}

// pageGzip holds compressors for pages: each holds a megabyte of state, too much to make per request.
var pageGzip = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return zw
}}

// pageAssets are the stylesheets and modules one page links in its HTML.
type pageAssets struct{ css, preload []string }

func (s *Server) renderPage(w http.ResponseWriter, r *http.Request, status int, h head, assets pageAssets, content pageContent) {
	var buf bytes.Buffer
	err := indexTemplate.Execute(&buf, pageData{
		head: h, SiteName: siteName,
		Entry: s.ui.entry, CSS: assets.css, Preload: assets.preload,
		InitialData: template.JS(content.data), Markup: template.HTML(content.markup),
	})
	if err != nil {
		s.log.Error("rendering page", "err", err)
		http.Error(w, "Erro interno.", http.StatusInternalServerError)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Cache-Control", "private, no-cache") // the page carries the signed-in user
	hdr.Add("Vary", "Accept-Encoding")
	body := buf.Bytes()
	// The home page carries the whole events list: compressed, it reaches a phone in a fraction.
	if acceptsGzip(r) && len(body) > 1400 {
		var zbuf bytes.Buffer
		zw := pageGzip.Get().(*gzip.Writer)
		zw.Reset(&zbuf)
		_, _ = zw.Write(body)
		_ = zw.Close()
		pageGzip.Put(zw)
		hdr.Set("Content-Encoding", "gzip")
		body = zbuf.Bytes()
	}
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
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
