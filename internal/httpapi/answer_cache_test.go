package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/clocktest"
	"pelotao/internal/event"
	"pelotao/internal/store"
)

// countingFill answers with the number of calls so far, so a test sees which answer it got.
type countingFill struct{ calls int }

func (f *countingFill) fill() (answer, error) {
	f.calls++
	return newAnswer([]byte(fmt.Sprintf("answer %d", f.calls))), nil
}

func mustGet(t *testing.T, c *answerCache[store.EventQuery], q store.EventQuery, fill func() (answer, error)) string {
	t.Helper()
	b, err := c.get(q, fill)
	if err != nil {
		t.Fatal(err)
	}
	return string(b.json)
}

func TestListCache(t *testing.T) {
	day := event.Today(time.UTC, time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	upcoming := store.EventQuery{When: store.Upcoming, Today: day, Categoria: "Ciclismo"}

	t.Run("a second ask within the TTL is answered from the cache", func(t *testing.T) {
		c, f := newAnswerCache[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now), &countingFill{}
		mustGet(t, c, upcoming, f.fill)
		if got := mustGet(t, c, upcoming, f.fill); got != "answer 1" || f.calls != 1 {
			t.Fatalf("second ask: %q after %d fills", got, f.calls)
		}
		other := upcoming
		other.UF = "SP"
		if got := mustGet(t, c, other, f.fill); got != "answer 2" {
			t.Fatalf("another query: %q", got)
		}
	})

	t.Run("a write clears it", func(t *testing.T) {
		c, f := newAnswerCache[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now), &countingFill{}
		mustGet(t, c, upcoming, f.fill)
		c.clear()
		if got := mustGet(t, c, upcoming, f.fill); got != "answer 2" {
			t.Fatalf("after clear: %q", got)
		}
	})

	t.Run("answers expire after the TTL", func(t *testing.T) {
		clock := clocktest.New(time.Unix(0, 0))
		c, f := newAnswerCache[store.EventQuery](clock.Now), &countingFill{}
		mustGet(t, c, upcoming, f.fill)
		clock.Advance(answerCacheTTL - time.Millisecond)
		if got := mustGet(t, c, upcoming, f.fill); got != "answer 1" {
			t.Fatalf("just before the TTL: %q", got)
		}
		clock.Advance(time.Millisecond)
		if got := mustGet(t, c, upcoming, f.fill); got != "answer 2" {
			t.Fatalf("at the TTL: %q", got)
		}
	})

	t.Run("a new day is a new key", func(t *testing.T) {
		c, f := newAnswerCache[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now), &countingFill{}
		mustGet(t, c, upcoming, f.fill)
		tomorrow := upcoming
		tomorrow.Today = day.AddDays(1)
		if got := mustGet(t, c, tomorrow, f.fill); got != "answer 2" {
			t.Fatalf("next day: %q", got)
		}
	})

	t.Run("concurrent asks share one fill", func(t *testing.T) {
		c := newAnswerCache[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now)
		started, release := make(chan struct{}), make(chan struct{})
		var mu sync.Mutex
		fills := 0
		fill := func() (answer, error) {
			mu.Lock()
			fills++
			mu.Unlock()
			close(started)
			<-release
			return newAnswer([]byte("answer")), nil
		}
		var wg sync.WaitGroup
		answers := make([]string, 10)
		ask := func(i int) {
			b, err := c.get(upcoming, fill)
			if err != nil {
				t.Error(err)
			}
			answers[i] = string(b.json)
		}
		wg.Go(func() { ask(0) })
		<-started
		for i := 1; i < len(answers); i++ {
			wg.Go(func() { ask(i) })
		}
		close(release)
		wg.Wait()
		for i, a := range answers {
			if a != "answer" {
				t.Fatalf("ask %d: %q", i, a)
			}
		}
		if fills != 1 {
			t.Fatalf("%d fills", fills)
		}
	})

	t.Run("failures are not kept", func(t *testing.T) {
		c := newAnswerCache[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now)
		boom := errors.New("boom")
		if _, err := c.get(upcoming, func() (answer, error) { return answer{}, boom }); err != boom {
			t.Fatalf("err %v", err)
		}
		f := &countingFill{}
		if got := mustGet(t, c, upcoming, f.fill); got != "answer 1" || c.len() != 1 {
			t.Fatalf("after a failure: %q, %d kept", got, c.len())
		}
	})

	t.Run("it holds at most answerCacheMaxEntries, dropping the oldest", func(t *testing.T) {
		clock := clocktest.New(time.Unix(0, 0))
		c, f := newAnswerCache[store.EventQuery](clock.Now), &countingFill{}
		for i := range answerCacheMaxEntries + 10 {
			q := upcoming
			q.Q = fmt.Sprint("busca ", i)
			mustGet(t, c, q, f.fill)
			clock.Advance(time.Microsecond)
		}
		if c.len() != answerCacheMaxEntries {
			t.Fatalf("%d kept", c.len())
		}
		newest, oldest := upcoming, upcoming
		newest.Q, oldest.Q = fmt.Sprint("busca ", answerCacheMaxEntries+9), "busca 0"
		calls := f.calls
		mustGet(t, c, newest, f.fill)
		if f.calls != calls {
			t.Fatal("the newest answer was dropped")
		}
		mustGet(t, c, oldest, f.fill)
		if f.calls != calls+1 {
			t.Fatal("the oldest answer was kept")
		}
	})

	t.Run("small answers have no gzip copy; large ones have one that inflates to the answer", func(t *testing.T) {
		if b := newAnswer([]byte(`{"events":[]}`)); b.gzip != nil {
			t.Fatal("gzip copy of a tiny answer")
		}
		large := []byte(`{"events":[` + strings.Repeat(`{"titulo":"Corrida"},`, 200) + `{}]}`)
		b := newAnswer(large)
		zr, err := gzip.NewReader(bytes.NewReader(b.gzip))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, large) || len(b.gzip) >= len(large) {
			t.Fatalf("inflated %d bytes (%v) from %d, want %d", len(got), err, len(b.gzip), len(large))
		}
	})
}

// Through the API, with the cache's clock stopped so that only writes can refresh it.
func TestEventsListCache(t *testing.T) {
	app := newTestApp(t)
	seedEvents(t, app)
	app.srv.lists = newAnswerCache[store.EventQuery](clocktest.New(time.Unix(0, 0)).Now)
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
	list := func(url string, user *User) string {
		t.Helper()
		r := httptest.NewRequest("GET", url, nil)
		if user != nil {
			r = r.WithContext(withUser(r.Context(), *user))
		}
		w := app.do(r)
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
		r := httptest.NewRequest("POST", "/api/events", strings.NewReader(validEventJSON("Criado Agora", "2031-02-02")))
		r.Header.Set("Content-Type", "application/json")
		if w := app.do(r.WithContext(withUser(r.Context(), ana))); w.Code != 201 {
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
		w := app.do(r)
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
	app.srv.events = newAnswerCache[string](clock.Now)
	get := func(ifNoneMatch string, headers ...string) *httptest.ResponseRecorder {
		t.Helper()
		r := httptest.NewRequest("GET", "/api/events/"+id, nil)
		if ifNoneMatch != "" {
			r.Header.Set("If-None-Match", ifNoneMatch)
		}
		for i := 0; i+1 < len(headers); i += 2 {
			r.Header.Set(headers[i], headers[i+1])
		}
		return app.do(r)
	}
	send := func(method, body string) {
		t.Helper()
		r := httptest.NewRequest(method, "/api/events/"+id, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		if w := app.do(r.WithContext(withUser(r.Context(), ana))); w.Code >= 300 {
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

	t.Run("a write through another instance shows once answerCacheTTL has passed", func(t *testing.T) {
		e, err := app.store.GetEvent(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		e.Titulo = "Escrito por Outra Instância"
		if _, err := app.store.UpdateEvent(context.Background(), e); err != nil {
			t.Fatal(err)
		}
		clock.Advance(answerCacheTTL - time.Millisecond)
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
		if n := app.srv.events.len(); n != 0 {
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
