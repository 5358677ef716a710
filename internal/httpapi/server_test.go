package httpapi

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/config"
	"pelotao/internal/event"
	"pelotao/internal/store/dbtest"
	"pelotao/internal/store/sqlite"
)

// testUI is a built web app as Vite would lay it out.
var testUI = fstest.MapFS{
	".vite/manifest.json": {Data: []byte(`{
		"index.html": {"file": "assets/index-abc.js", "isEntry": true, "imports": ["_vendor.js"], "dynamicImports": ["src/reactDom.ts", "src/main.tsx"], "css": ["assets/index-abc.css"]},
		"_vendor.js": {"file": "assets/vendor-def.js"},
		"src/reactDom.ts": {"file": "assets/reactDom-pqr.js", "isDynamicEntry": true, "imports": ["_react.js"]},
		"src/main.tsx": {"file": "assets/main-mno.js", "isDynamicEntry": true, "imports": ["_react.js", "_vendor.js"]},
		"_react.js": {"file": "assets/react-stu.js"},
		"src/features/events/EventsPage.tsx": {"file": "assets/EventsPage-ghi.js", "isDynamicEntry": true, "imports": ["index.html", "_vendor.js", "_resource.js"]},
		"_resource.js": {"file": "assets/resource-jkl.js", "imports": ["index.html"]}
	}`)},
	"assets/index-abc.js":  {Data: []byte(strings.Repeat("console.log('pelotão');\n", 50))},
	"assets/index-abc.css": {Data: []byte("body{margin:0}")},
	"assets/vendor-def.js": {Data: []byte("export const x = 1;")},
	"favicon.svg":          {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
}

// testApp serves the site on a SQLite file; its Client calls it.
type testApp struct {
	apitest.Client
	srv   *Server
	store *sqlite.Store
}

func newTestApp(t testing.TB) *testApp {
	t.Helper()
	st := dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "test.db"))
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Deps{Config: cfg, Store: st, UI: testUI})
	if err != nil {
		t.Fatal(err)
	}
	return &testApp{Client: apitest.Client{Handler: srv}, srv: srv, store: st}
}

func TestHealthzAnswers503WithoutTheDatabase(t *testing.T) {
	app := newTestApp(t)
	w := app.Serve(httptest.NewRequest("GET", "/healthz", nil))
	if w.Code != 200 || strings.TrimSpace(w.Body.String()) != `{"status":"ok"}` {
		t.Fatalf("healthy: %d %s", w.Code, w.Body)
	}
	app.store.Close()
	w = app.Serve(httptest.NewRequest("GET", "/healthz", nil))
	if w.Code != http.StatusServiceUnavailable {
		t.Fatalf("database closed: got %d, want 503", w.Code)
	}
}

func TestPageRoutesRenderIndexWithTitle(t *testing.T) {
	app := newTestApp(t)
	// The event pages answer 404 for an unknown id (pages_test.go); "abc" exists, untitled.
	if _, err := app.store.CreateEvent(context.Background(), event.Event{ID: "abc"}); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		"/":                  pageByName("home").Title,
		"/about":             pageByName("about").Title,
		"/training":          pageByName("training").Title,
		"/event/abc":         pageByName("event").Title,
		"/resultado/abc":     pageByName("results").Title,
		"/redefinir-senha":   pageByName("resetPassword").Title,
		"/cadastro/evento-1": pageByName("eventForm").Title,
	}
	for path, title := range cases {
		w := app.Serve(httptest.NewRequest("GET", path, nil))
		body := w.Body.String()
		if w.Code != 200 {
			t.Errorf("%s: status %d", path, w.Code)
		}
		if !strings.Contains(body, "<title>"+template_escape(title)+"</title>") {
			t.Errorf("%s: title %q missing in %s", path, title, body)
		}
		if got := w.Header().Get("Cache-Control"); got != "private, no-cache" {
			t.Errorf("%s: Cache-Control %q", path, got)
		}
		for _, want := range []string{`<script type="module" src="/assets/index-abc.js">`, `href="/assets/index-abc.css"`, `rel="modulepreload" href="/assets/vendor-def.js"`, `<html lang="pt-BR">`} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: %s missing", path, want)
			}
		}
		// The app the entry imports (its dynamic imports) and their imports, each linked once.
		for _, file := range []string{"/assets/reactDom-pqr.js", "/assets/main-mno.js", "/assets/react-stu.js", "/assets/vendor-def.js"} {
			if n := strings.Count(body, `rel="modulepreload" href="`+file+`"`); n != 1 {
				t.Errorf("%s: %s linked %d times, want once", path, file, n)
			}
		}
	}
}

// template_escape mirrors html/template's escaping of text for the titles used here.
func template_escape(s string) string { return strings.ReplaceAll(s, "&", "&amp;") }

func TestUnknownPathRedirectsHome(t *testing.T) {
	app := newTestApp(t)
	for _, path := range []string{"/qualquer-coisa", "/event", "/resultado", "/a/b/c"} {
		w := app.Serve(httptest.NewRequest("GET", path, nil))
		if w.Code != http.StatusFound || w.Header().Get("Location") != "/" {
			t.Errorf("%s: %d → %q", path, w.Code, w.Header().Get("Location"))
		}
	}
}

func TestRootFileServed(t *testing.T) {
	app := newTestApp(t)
	w := app.Serve(httptest.NewRequest("GET", "/favicon.svg", nil))
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("favicon: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
}

func TestAssetsAreImmutableAndGzipped(t *testing.T) {
	app := newTestApp(t)
	r := httptest.NewRequest("GET", "/assets/index-abc.js", nil)
	r.Header.Set("Accept-Encoding", "br, gzip")
	w := app.Serve(r)
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	if got := w.Header().Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("Cache-Control %q", got)
	}
	if w.Header().Get("Content-Encoding") != "gzip" || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/javascript") {
		t.Fatalf("headers %v", w.Header())
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if string(plain) != string(testUI["assets/index-abc.js"].Data) {
		t.Error("gzip body does not decode to the asset")
	}

	w = app.Serve(httptest.NewRequest("GET", "/assets/index-abc.js", nil))
	if w.Header().Get("Content-Encoding") != "" || w.Body.String() != string(testUI["assets/index-abc.js"].Data) {
		t.Error("a client without gzip got a compressed body")
	}
	if w := app.Serve(httptest.NewRequest("GET", "/assets/nope.js", nil)); w.Code != 404 {
		t.Errorf("missing asset: %d", w.Code)
	}
}

func TestUnknownAPIPathIsJSON404(t *testing.T) {
	app := newTestApp(t)
	for _, method := range []string{"GET", "POST", "DELETE"} {
		w := app.Serve(httptest.NewRequest(method, "/api/nao-existe", nil))
		if w.Code != 404 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
			t.Fatalf("%s: %d %q", method, w.Code, w.Header().Get("Content-Type"))
		}
		var body api.ErrorBody
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Error.Code != "not-found" || body.Error.Message == "" {
			t.Fatalf("%s: body %s", method, w.Body)
		}
	}
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	app := newTestApp(t)
	for _, path := range []string{"/", "/healthz", "/api/nada", "/assets/index-abc.js", "/xyz"} {
		h := app.Serve(httptest.NewRequest("GET", path, nil)).Header()
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: CSP allows unsafe code: %q", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "strict-origin-when-cross-origin" {
			t.Errorf("%s: headers %v", path, h)
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS sent over plain http", path)
		}
		if h.Get("X-Request-Id") == "" {
			t.Errorf("%s: no request id", path)
		}
	}
}

func TestCrossSitePostRefused(t *testing.T) {
	app := newTestApp(t)
	r := httptest.NewRequest("POST", "/api/qualquer", strings.NewReader("{}"))
	r.Header.Set("Sec-Fetch-Site", "cross-site")
	w := app.Serve(r)
	if w.Code != http.StatusForbidden {
		t.Fatalf("cross-site POST: %d", w.Code)
	}
	r = httptest.NewRequest("POST", "/api/qualquer", strings.NewReader("{}"))
	r.Header.Set("Origin", "https://malicioso.example")
	r.Host = "localhost:8080"
	if w := app.Serve(r); w.Code != http.StatusForbidden {
		t.Fatalf("foreign Origin POST: %d", w.Code)
	}
	r = httptest.NewRequest("POST", "/api/qualquer", strings.NewReader("{}"))
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	if w := app.Serve(r); w.Code != http.StatusNotFound {
		t.Fatalf("same-origin POST should reach the router: %d", w.Code)
	}
}

func TestPanicAnswers500WithoutDetail(t *testing.T) {
	app := newTestApp(t)
	app.srv.mux.HandleFunc("GET /boom", func(http.ResponseWriter, *http.Request) { panic("segredo interno") })
	w := app.Serve(httptest.NewRequest("GET", "/boom", nil))
	if w.Code != 500 || strings.Contains(w.Body.String(), "segredo") {
		t.Fatalf("panic: %d %s", w.Code, w.Body)
	}
}

func TestPagesRenderWithoutBuiltApp(t *testing.T) {
	cfg, _ := config.Load(func(string) string { return "" })
	srv, err := New(Deps{Config: cfg, Store: dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "x.db"))})
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest("GET", "/about", nil))
	if w.Code != 200 || strings.Contains(w.Body.String(), "<script") {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
}
