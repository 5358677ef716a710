package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pelotao/internal/answercache"
	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/clocktest"
	"pelotao/internal/event"
	"pelotao/internal/store"
)

// Through the API, with the cache's clock stopped so that only writes can refresh it.
func TestEventsListCache(t *testing.T) {
	app := newTestApp(t)
	seedEvents(t, app)
	app.srv.lists = answercache.NewAnswers[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now)
	storeDirectly := func(titulo, owner string) {
		t.Helper()
		e, err := event.Decode([]byte(validEventJSON(titulo, "2031-01-01")))
		if err != nil {
			t.Fatal(err)
		}
		e.Normalize()
		e.OwnerID = owner
		if _, err := app.store.CreateEvent(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
	list := func(url string, user *api.User) string {
		t.Helper()
		r := httptest.NewRequest("GET", url, nil)
		if user != nil {
			r = r.WithContext(api.WithUser(r.Context(), *user))
		}
		w := app.Serve(r)
		if w.Code != 200 {
			t.Fatalf("GET %s: %d %s", url, w.Code, w.Body)
		}
		return w.Body.String()
	}

	list("/api/events", nil)
	storeDirectly("Escrito por Outra Instância", ana.ID)
	if body := list("/api/events", nil); strings.Contains(body, "Escrito por Outra Instância") {
		t.Fatal("the public list was not answered from the cache")
	}

	t.Run("owner=me is never cached", func(t *testing.T) {
		list("/api/events?owner=me", &ana)
		storeDirectly("Outro da Ana", ana.ID)
		if body := list("/api/events?owner=me", &ana); !strings.Contains(body, "Outro da Ana") {
			t.Fatalf("owner=me after a write: %s", body)
		}
	})

	t.Run("a write through this instance shows at once", func(t *testing.T) {
		if w := app.Call("POST", "/api/events", validEventJSON("Criado Agora", "2031-02-02"), apitest.As(&ana)); w.Code != 201 {
			t.Fatalf("create: %d %s", w.Code, w.Body)
		}
		if body := list("/api/events", nil); !strings.Contains(body, "Criado Agora") || !strings.Contains(body, "Escrito por Outra Instância") {
			t.Fatalf("list after a write: %s", body)
		}
	})

	t.Run("clients that accept gzip get the same list compressed", func(t *testing.T) {
		plain := list("/api/events", nil)
		r := httptest.NewRequest("GET", "/api/events", nil)
		r.Header.Set("Accept-Encoding", "gzip, deflate, br")
		w := app.Serve(r)
		if w.Header().Get("Content-Encoding") != "gzip" || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("headers %v", w.Header())
		}
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || string(got) != plain {
			t.Fatalf("inflated %q (%v), want %q", got, err, plain)
		}
	})
}

// GET /api/events/{id} through the API, with the cache's clock stopped so that only writes
// through this instance, or the clock, can refresh it.
func TestEventETagAndCache(t *testing.T) {
	app := newTestApp(t)
	id := seedEvents(t, app).ids["Corrida de São João"]
	clock := clocktest.New(time.Unix(0, 0))
	app.srv.events = answercache.NewAnswers[string](clock.Now)
	get := func(ifNoneMatch string, headers ...string) *httptest.ResponseRecorder {
		t.Helper()
		r := httptest.NewRequest("GET", "/api/events/"+id, nil)
		if ifNoneMatch != "" {
			r.Header.Set("If-None-Match", ifNoneMatch)
		}
		for i := 0; i+1 < len(headers); i += 2 {
			r.Header.Set(headers[i], headers[i+1])
		}
		return app.Serve(r)
	}
	send := func(method, body string) {
		t.Helper()
		if w := app.Call(method, "/api/events/"+id, body, apitest.As(&ana)); w.Code >= 300 {
			t.Fatalf("%s: %d %s", method, w.Code, w.Body)
		}
	}

	first := get("")
	etag := first.Header().Get("ETag")
	if first.Code != 200 || !strings.HasPrefix(etag, `W/"`) || first.Header().Get("Cache-Control") != "no-cache" ||
		!strings.Contains(first.Body.String(), `"titulo":"Corrida de São João"`) {
		t.Fatalf("first read: %d %v %s", first.Code, first.Header(), first.Body)
	}

	t.Run("a client holding the event gets 304 without a body", func(t *testing.T) {
		for _, inm := range []string{etag, strings.TrimPrefix(etag, "W/"), `"outro", ` + etag, "*"} {
			w := get(inm)
			if w.Code != http.StatusNotModified || w.Body.Len() != 0 || w.Header().Get("ETag") != etag {
				t.Errorf("If-None-Match %s: %d %v %q", inm, w.Code, w.Header(), w.Body)
			}
		}
		if w := get(`W/"outro"`); w.Code != 200 || w.Body.String() != first.Body.String() {
			t.Errorf("another tag: %d %s", w.Code, w.Body)
		}
	})

	t.Run("clients that accept gzip get the same event compressed, with the same ETag", func(t *testing.T) {
		w := get("", "Accept-Encoding", "gzip")
		if w.Header().Get("ETag") != etag || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("headers %v", w.Header())
		}
		body := w.Body.Bytes()
		if w.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		if string(body) != first.Body.String() {
			t.Fatalf("gzip body %s, want %s", body, first.Body)
		}
	})

	t.Run("a write through another instance shows once answercache.AnswerTTL has passed", func(t *testing.T) {
		e, err := app.store.GetEvent(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		e.Titulo = "Escrito por Outra Instância"
		if _, err := app.store.UpdateEvent(context.Background(), e); err != nil {
			t.Fatal(err)
		}
		clock.Advance(answercache.AnswerTTL - time.Millisecond)
		if w := get(etag); w.Code != http.StatusNotModified {
			t.Fatalf("within the TTL: %d %s", w.Code, w.Body)
		}
		clock.Advance(time.Millisecond)
		w := get(etag)
		if w.Code != 200 || !strings.Contains(w.Body.String(), "Escrito por Outra Instância") || w.Header().Get("ETag") == etag {
			t.Fatalf("after the TTL: %d %v %s", w.Code, w.Header(), w.Body)
		}
		etag = w.Header().Get("ETag")
	})

	t.Run("an update through this instance shows at once, with a new ETag", func(t *testing.T) {
		send("PUT", validEventJSON("Atualizado Agora", "2031-02-02"))
		w := get(etag)
		if w.Code != 200 || !strings.Contains(w.Body.String(), `"titulo":"Atualizado Agora"`) || w.Header().Get("ETag") == etag {
			t.Fatalf("after PUT: %d %v %s", w.Code, w.Header(), w.Body)
		}
		etag = w.Header().Get("ETag")
		if w := get(etag); w.Code != http.StatusNotModified {
			t.Fatalf("the new ETag: %d", w.Code)
		}
	})

	t.Run("a deletion through this instance shows at once", func(t *testing.T) {
		send("DELETE", "")
		if w := get(etag); w.Code != http.StatusNotFound {
			t.Fatalf("after DELETE: %d %v %s", w.Code, w.Header(), w.Body)
		}
		if n := app.srv.events.Len(); n != 0 {
			t.Fatalf("a missing event is not kept, yet %d answers are", n)
		}
	})
}

func TestETagMatch(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{`W/"abc"`, true}, {`"abc"`, true}, {` "x" , W/"abc" `, true}, {"*", true},
		{"", false}, {`"abcd"`, false}, {`W/"ab"`, false}, {`abc`, false},
	} {
		if got := etagMatch(c.header, `W/"abc"`); got != c.want {
			t.Errorf("etagMatch(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}
