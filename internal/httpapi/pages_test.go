package httpapi

import (
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPagePreloadsItsOwnModule(t *testing.T) {
	app := newTestApp(t)
	home := app.do(httptest.NewRequest("GET", "/", nil)).Body.String()
	for _, want := range []string{
		`rel="modulepreload" href="/assets/EventsPage-ghi.js"`,
		`rel="modulepreload" href="/assets/resource-jkl.js"`,
	} {
		if !strings.Contains(home, want) {
			t.Errorf("home page: %s missing in %s", want, home)
		}
	}
	if n := strings.Count(home, "/assets/vendor-def.js"); n != 1 {
		t.Errorf("home page: the entry's import is linked %d times, want once", n)
	}

	about := app.do(httptest.NewRequest("GET", "/about", nil)).Body.String()
	if strings.Contains(about, "EventsPage") || strings.Contains(about, "resource-jkl") {
		t.Errorf("about page preloads the home page's modules: %s", about)
	}
}
