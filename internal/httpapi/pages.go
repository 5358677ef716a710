package httpapi

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"html/template"
	"net/http"
)

// pagemeta.json holds each page's title and description. The web app imports the same file,
// so the title a page gets from the server and the one it sets on client navigation never drift.
//
//go:embed pagemeta.json
var pageMetaJSON []byte

type pageMeta struct {
	Title       string `json:"title"`
	Description string `json:"description"`
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
}

// pageRoutes mirrors the routes of web/src/app/router.tsx.
var pageRoutes = []pageRoute{
	{"/{$}", "home"},
	{"/about", "about"},
	{"/services", "services"},
	{"/impact", "impact"},
	{"/training", "training"},
	{"/event/{id}", "event"},
	{"/resultado/{id}", "results"},
	{"/login", "login"},
	{"/redefinir-senha", "resetPassword"},
	{"/dashboard", "dashboard"},
	{"/cadastro", "eventForm"},
	{"/cadastro/{id}", "eventForm"},
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
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if noReferrerPages[p.meta] {
			w.Header().Set("Referrer-Policy", "no-referrer")
		}
		s.renderPage(w, http.StatusOK, meta)
	})
}

func (s *Server) renderPage(w http.ResponseWriter, status int, meta pageMeta) {
	var buf bytes.Buffer
	err := indexTemplate.Execute(&buf, pageData{
		Title: meta.Title, Description: meta.Description,
		Entry: s.ui.entry, CSS: s.ui.css, Preload: s.ui.preload,
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
