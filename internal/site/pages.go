package site

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"pelotao/internal/httpgzip"
	"pelotao/internal/store"
)

// pages.json is the page registry: each page's paths, module, access, prerendering, indexing,
// referrer policy, title and description (the fields of pageInfo). The web app builds its routes
// from the same file (web/src/app/pages.ts), so a page exists on both sides or on neither, and the
// title a page gets from the server is the one it sets on client navigation. Adding a page is one
// entry there and its module, web/src/features/<area>/<Name>Page.tsx. (No comments in the file:
// the app ships it.)
//
//go:embed pages.json
var pagesJSON []byte

// Who may open a page. The server sends every page to anyone (the app's guards redirect); the
// access decides robots.txt and the web app's guards.
const (
	accessPublic    = "public"
	accessGuestOnly = "guestOnly"
	accessSignedIn  = "signedIn"
)

// pageInfo is one page of pages.json, under its name.
type pageInfo struct {
	name string
	// Paths are ServeMux patterns without the method ({eventId} is a parameter; "/" is the home
	// page only); the web app's router reads {eventId} as :eventId.
	Paths     []string `json:"paths"`
	Module    string   `json:"module"`    // the page's lazily loaded module, preloaded with the entry
	Component string   `json:"component"` // the module's export that is the page
	Access    string   `json:"access"`    // public, guestOnly or signedIn: the web app's guard
	Prerender bool     `json:"prerender"` // the server draws its first markup (internal/prerender)
	// Indexed pages are for search engines: the sitemap lists those without parameters; robots.txt
	// disallows the others.
	Indexed        bool   `json:"indexed"`
	EventPage      bool   `json:"eventPage"`      // the page of the event {eventId}: 404 when unknown, the event in its head
	ReferrerPolicy string `json:"referrerPolicy"` // for pages whose address carries a secret
	Layout         string `json:"layout"`         // "bare": without the site's header and footer (web app only)
	Title          string `json:"title"`
	Description    string `json:"description"`
	EventTitle     string `json:"eventTitle"` // the title once the page's event is known; {titulo} is replaced
}

// pattern is the ServeMux pattern of one of the page's paths.
func pagePattern(path string) string {
	if path == "/" {
		return "/{$}"
	}
	return path
}

// sitePages are the pages of pages.json ordered by their first path, and siteName the site's.
var sitePages, siteName = func() ([]pageInfo, string) {
	var reg struct {
		SiteName string              `json:"siteName"`
		Pages    map[string]pageInfo `json:"pages"`
	}
	if err := json.Unmarshal(pagesJSON, &reg); err != nil {
		panic("pages.json: " + err.Error())
	}
	var list []pageInfo
	for name, p := range reg.Pages {
		p.name = name
		if err := p.check(); err != nil {
			panic("pages.json: " + name + ": " + err.Error())
		}
		list = append(list, p)
	}
	slices.SortFunc(list, func(a, b pageInfo) int { return strings.Compare(a.Paths[0], b.Paths[0]) })
	return list, reg.SiteName
}()

// check reports an entry the server or the app could not serve as meant.
func (p pageInfo) check() error {
	switch {
	case len(p.Paths) == 0 || p.Module == "" || p.Component == "" || p.Title == "" || p.Description == "":
		return errors.New("paths, module, component, title and description are required")
	case !slices.Contains([]string{accessPublic, accessGuestOnly, accessSignedIn}, p.Access):
		return fmt.Errorf("unknown access %q", p.Access)
	case (p.Prerender || p.Indexed) && p.Access != accessPublic:
		return errors.New("only a public page is prerendered or indexed")
	case p.EventPage && p.EventTitle == "":
		return errors.New("an event's page needs an eventTitle")
	}
	for _, path := range p.Paths {
		if !strings.HasPrefix(path, "/") || strings.ContainsAny(path, " \t") {
			return fmt.Errorf("path %q", path)
		}
		if p.EventPage && !strings.Contains(path, "{eventId}") {
			return fmt.Errorf("an event's page has {eventId} in every path, not %q", path)
		}
	}
	return nil
}

// pageByName is the page of pages.json called name.
func pageByName(name string) pageInfo {
	i := slices.IndexFunc(sitePages, func(p pageInfo) bool { return p.name == name })
	if i < 0 {
		panic("pages.json has no page " + name)
	}
	return sitePages[i]
}

//go:embed templates/index.html
var indexHTML string

var indexTemplate = template.Must(template.New("index").Parse(indexHTML))

// pageData is what templates/index.html renders.
type pageData struct {
	head
	SiteName string
	Entry    string
	Early    string // the classic script that holds a drawn page's first taps (web/src/early.ts)
	CSS      []string
	Preload  []string
	// InitialData is head.Data as JSON. encoding/json escapes <, > and & inside strings, so the
	// text cannot close its <script> element.
	InitialData template.JS
	Markup      template.HTML // the page drawn by the server, which the app hydrates; "" for none
}

func (s *Server) page(p pageInfo) http.Handler {
	js, css := s.ui.pageAssets(p.Module)
	assets := pageAssets{css: append(slices.Clip(s.ui.css), css...), preload: append(slices.Clip(s.ui.preload), js...)}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p.ReferrerPolicy != "" {
			// The address carries a secret (the reset token): no other site may see it.
			w.Header().Set("Referrer-Policy", p.ReferrerPolicy)
		}
		status, h := http.StatusOK, s.pageHead(r, p)
		switch {
		case p.EventPage:
			status, h = s.eventPage(r, p, h)
		case p.name == "home":
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
		if s.renderer != nil && p.Prerender && status == http.StatusOK && content.data != nil {
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
func (s *Server) eventPage(r *http.Request, p pageInfo, h head) (int, head) {
	e, err := s.store.GetEvent(r.Context(), r.PathValue("eventId"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.Canonical = "" // not a page of the site
		return http.StatusNotFound, h
	case err != nil:
		s.log.Error("reading the event of a page", "path", r.URL.Path, "err", err)
		return http.StatusOK, h
	}
	h = s.eventHead(r.Context(), h, p, &e, p.name == "event")
	switch p.name {
	case "event":
		if !e.IsUpcoming(e.Today(eventsClock())) {
			s.addResultSetsData(r.Context(), h.Data, e.ID)
		}
	case "results":
		s.addResultsData(r.Context(), h.Data, e.ID)
	case "athleteResult":
		h = s.athleteHead(r, h, &e)
	}
	return http.StatusOK, h
}

// pageAssets are the stylesheets and modules one page links in its HTML.
type pageAssets struct{ css, preload []string }

func (s *Server) renderPage(w http.ResponseWriter, r *http.Request, status int, h head, assets pageAssets, content pageContent) {
	var buf bytes.Buffer
	err := indexTemplate.Execute(&buf, pageData{
		head: h, SiteName: siteName,
		Entry: s.ui.entry, Early: s.ui.early, CSS: assets.css, Preload: assets.preload,
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
	body := httpgzip.Compress(r, hdr, buf.Bytes())
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
