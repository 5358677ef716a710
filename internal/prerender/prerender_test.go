package prerender

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// echoScript is a renderer that draws its inputs and counts its renders in a global, so that a
// test sees when the cache answered instead. A path names what the render does instead:
// /log-error logs an error, /throw throws, /fallback draws what React draws for a part that
// failed, /loop never ends, /zone draws pelotaoHost.zoneDate.
const echoScript = `
var calls = 0;
var pelotaoRenderer = {
	ready: Promise.resolve(),
	render: function (origin, path, data) {
		calls++;
		if (path === "/log-error") pelotaoHost.log("error", "The above error occurred in <EventPage>");
		if (path === "/log-warn") pelotaoHost.log("warn", "a warning is not a failure");
		if (path === "/throw") throw new Error("boom");
		if (path === "/fallback") return '<main><!--$!--><template data-dgst="1"></template><p>Carregando…</p><!--/$--></main>';
		if (path === "/loop") while (true) {}
		if (path === "/zone") {
			var d = JSON.parse(data);
			var z = pelotaoHost.zoneDate(d.ms, d.zone);
			return z.year + "-" + z.month + "-" + z.day;
		}
		return "<main>" + origin + " " + path + " " + JSON.parse(data).title + " #" + calls + "</main>";
	}
};`

func newRenderer(t testing.TB, script string) *Renderer {
	t.Helper()
	r, err := New([]byte(script), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// calls is how many times the script's render ran, over all its engines.
func calls(t *testing.T, r *Renderer) int64 {
	t.Helper()
	var n int64
	for range cap(r.engines) {
		select {
		case e := <-r.engines:
			defer func() { r.engines <- e }()
			n += e.vm.Get("calls").ToInteger()
		default:
		}
	}
	return n
}

func TestRenderPassesItsInputs(t *testing.T) {
	r := newRenderer(t, echoScript)
	got, err := r.Render(context.Background(), "http://127.0.0.1:39621", "/event/abc?aba=1", []byte(`{"title":"Meia do Sol"}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "<main>http://127.0.0.1:39621 /event/abc?aba=1 Meia do Sol #1</main>"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRenderCachesEqualInputs(t *testing.T) {
	r := newRenderer(t, echoScript)
	ctx := context.Background()
	render := func(origin, path, data string) string {
		t.Helper()
		markup, err := r.Render(ctx, origin, path, []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		return markup
	}
	first := render("http://a", "/", `{"title":"Um"}`)
	if again := render("http://a", "/", `{"title":"Um"}`); again != first || calls(t, r) != 1 {
		t.Errorf("equal inputs: %q then %q, %d renders; want the cached markup and 1 render", first, again, calls(t, r))
	}
	// Each input is part of the key; so is where one ends and the next begins.
	for i, in := range [][3]string{
		{"http://a", "/", `{"title":"Dois"}`},
		{"http://a", "/about", `{"title":"Um"}`},
		{"http://b", "/", `{"title":"Um"}`},
		{"http://a", "/", `{"title":"Um"} `},
	} {
		render(in[0], in[1], in[2])
		if n := calls(t, r); n != int64(i+2) {
			t.Errorf("%q: %d renders, want %d", in, n, i+2)
		}
	}
}

func TestRenderCacheFollowsTheHour(t *testing.T) {
	// 02:59 and 03:00 UTC are different days in São Paulo: the page must be drawn again.
	clock := time.Date(2026, 3, 15, 2, 30, 0, 0, time.UTC)
	now = func() time.Time { return clock }
	t.Cleanup(func() { now = time.Now })
	r := newRenderer(t, echoScript)
	for _, step := range []struct {
		at    time.Time
		calls int64
	}{
		{time.Date(2026, 3, 15, 2, 30, 0, 0, time.UTC), 1},
		{time.Date(2026, 3, 15, 2, 59, 59, 0, time.UTC), 1},
		{time.Date(2026, 3, 15, 3, 0, 0, 0, time.UTC), 2},
	} {
		clock = step.at
		if _, err := r.Render(context.Background(), "http://a", "/", []byte(`{"title":"Um"}`)); err != nil {
			t.Fatal(err)
		}
		if n := calls(t, r); n != step.calls {
			t.Errorf("at %s: %d renders, want %d", step.at.Format(time.TimeOnly), n, step.calls)
		}
	}
}

func key(s string) [32]byte { return sha256.Sum256([]byte(s)) }

func TestCacheEvictsTheLeastRecentlyUsedByBytes(t *testing.T) {
	c := newCache(10)
	c.put(key("a"), "aaaa")
	c.put(key("b"), "bbb")
	c.put(key("c"), "ccc") // 10 bytes: full
	if c.size != 10 || c.order.Len() != 3 {
		t.Fatalf("size %d, %d entries; want 10 bytes in 3", c.size, c.order.Len())
	}
	if m, ok := c.get(key("a")); !ok || m != "aaaa" { // a is now the most recent; b the least
		t.Fatalf("get a: %q %v", m, ok)
	}
	c.put(key("d"), "dd")
	if _, ok := c.get(key("b")); ok {
		t.Error("b, the least recently used, was kept")
	}
	for _, want := range []string{"aaaa", "ccc", "dd"} { // in this order: d is now the most recent
		if m, ok := c.get(key(want[:1])); !ok || m != want {
			t.Errorf("%s: %q %v, want %q", want[:1], m, ok, want)
		}
	}
	if c.size != 9 {
		t.Errorf("size %d, want 9", c.size)
	}

	// An entry that needs room evicts as many as it must, least recent first (a, then c).
	c.put(key("e"), "eeeeeee")
	if _, ok := c.get(key("c")); ok {
		t.Error("c was kept")
	}
	if _, ok := c.get(key("a")); ok {
		t.Error("a was kept")
	}
	if _, ok := c.get(key("e")); !ok || c.size != 9 || c.order.Len() != 2 || len(c.index) != 2 {
		t.Errorf("e %v, size %d, %d entries, %d indexed; want e and d in 9 bytes", ok, c.size, c.order.Len(), len(c.index))
	}

	// Larger than the whole cache: not stored, and nothing evicted for it.
	c.put(key("f"), "fffffffffff")
	if _, ok := c.get(key("f")); ok {
		t.Error("an entry larger than the cache was stored")
	}
	if _, ok := c.get(key("d")); !ok || c.size != 9 {
		t.Errorf("storing nothing evicted d (size %d)", c.size)
	}
}

func TestRenderThatLogsAnErrorFailsAndIsNotCached(t *testing.T) {
	r := newRenderer(t, echoScript)
	ctx := context.Background()
	for i := range 2 {
		markup, err := r.Render(ctx, "http://a", "/log-error", []byte(`{"title":"x"}`))
		if err == nil || !strings.Contains(err.Error(), "The above error occurred in <EventPage>") || markup != "" {
			t.Fatalf("render %d: %q, %v; want the logged error", i, markup, err)
		}
		if n := calls(t, r); n != int64(i+1) {
			t.Fatalf("render %d: %d renders; a failed render was cached", i, n)
		}
	}
	// What one render logged is not held against the next, and a warning is no failure.
	for _, path := range []string{"/", "/log-warn"} {
		if _, err := r.Render(ctx, "http://a", path, []byte(`{"title":"x"}`)); err != nil {
			t.Errorf("%s after a failed render: %v", path, err)
		}
	}
}

func TestRenderWithAFailedPartFailsAndIsNotCached(t *testing.T) {
	r := newRenderer(t, echoScript)
	for i := range 2 {
		markup, err := r.Render(context.Background(), "http://a", "/fallback", []byte(`{}`))
		if err == nil || markup != "" {
			t.Fatalf("render %d: %q, %v; want an error", i, markup, err)
		}
		if n := calls(t, r); n != int64(i+1) {
			t.Fatalf("render %d: %d renders; a failed render was cached", i, n)
		}
	}
	// Text that reads like the mark is escaped by React, so this one is only a title.
	if markup, err := r.Render(context.Background(), "http://a", "/", []byte(`{"title":"&lt;!--$!--&gt;"}`)); err != nil || !strings.Contains(markup, "&lt;!--$!--&gt;") {
		t.Errorf("escaped text: %q, %v", markup, err)
	}
}

func TestRenderThatThrowsFailsAndTheEngineRenders(t *testing.T) {
	r := newRenderer(t, echoScript)
	ctx := context.Background()
	_, err := r.Render(ctx, "http://a", "/throw", []byte(`{}`))
	var exception *goja.Exception
	if !errors.As(err, &exception) || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("got %v, want the script's exception", err)
	}
	markup, err := r.Render(ctx, "http://a", "/", []byte(`{"title":"depois"}`))
	if err != nil || markup != "<main>http://a / depois #2</main>" {
		t.Fatalf("next render: %q, %v", markup, err)
	}
	if len(r.slots) != 1 {
		t.Errorf("%d engines, want the one that threw, kept", len(r.slots))
	}
}

func TestRunawayRenderIsInterrupted(t *testing.T) {
	defer func(d time.Duration) { renderTimeout = d }(renderTimeout)
	renderTimeout = 100 * time.Millisecond
	r := newRenderer(t, echoScript)
	ctx := context.Background()

	start := time.Now()
	_, err := r.Render(ctx, "http://a", "/loop", []byte(`{}`))
	var interrupted *goja.InterruptedError
	if !errors.As(err, &interrupted) {
		t.Fatalf("got %v, want an interruption", err)
	}
	if d := time.Since(start); d < renderTimeout || d > renderTimeout+5*time.Second {
		t.Errorf("interrupted after %v, want about %v", d, renderTimeout)
	}
	if len(r.slots) != 0 || len(r.engines) != 0 {
		t.Errorf("%d engines (%d idle) after the interruption, want it dropped", len(r.slots), len(r.engines))
	}
	// A new engine takes its place, with a fresh script.
	markup, err := r.Render(ctx, "http://a", "/", []byte(`{"title":"depois"}`))
	if err != nil || markup != "<main>http://a / depois #1</main>" {
		t.Fatalf("render after the interruption: %q, %v", markup, err)
	}
	// A render that ended in time leaves no timer behind to interrupt the engine's next render.
	time.Sleep(2 * renderTimeout)
	if _, err := r.Render(ctx, "http://a", "/about", []byte(`{"title":"depois"}`)); err != nil || len(r.slots) != 1 {
		t.Fatalf("a later render: %v, %d engines", err, len(r.slots))
	}
}

func TestNewRefusesABrokenScript(t *testing.T) {
	const render = `render: function () { return "" }`
	for name, c := range map[string]struct{ script, want string }{
		"syntax error":        {`var pelotaoRenderer = {`, "SyntaxError"},
		"throws":              {`throw new Error("window is not defined")`, "window is not defined"},
		"no renderer":         {`var somethingElse = {}`, "no pelotaoRenderer"},
		"null renderer":       {`var pelotaoRenderer = null`, "no pelotaoRenderer"},
		"no ready":            {`var pelotaoRenderer = {` + render + `}`, "ready is not a promise"},
		"ready not promise":   {`var pelotaoRenderer = {ready: true, ` + render + `}`, "ready is not a promise"},
		"ready rejects":       {`var pelotaoRenderer = {ready: Promise.reject(new Error("chunk failed")), ` + render + `}`, "chunk failed"},
		"ready never settles": {`var pelotaoRenderer = {ready: new Promise(function () {}), ` + render + `}`, "pending"},
		"render not function": {`var pelotaoRenderer = {ready: Promise.resolve(), render: "<main>"}`, "render is not a function"},
		// A promise that settles after the script has run, as the pages' modules do.
		"ready later": {`var pelotaoRenderer = {ready: Promise.resolve().then(function () { return Promise.reject(new Error("late")) }), ` + render + `}`, "late"},
	} {
		r, err := New([]byte(c.script), slog.New(slog.DiscardHandler))
		if err == nil || !strings.Contains(err.Error(), c.want) || r != nil {
			t.Errorf("%s: got %v, want an error with %q", name, err, c.want)
		}
	}
}

func TestZoneDateIsTheCalendarDayThere(t *testing.T) {
	r := newRenderer(t, echoScript)
	for _, c := range []struct{ instant, zone, want string }{
		{"2026-03-15T02:59:59Z", "America/Sao_Paulo", "2026-3-14"},
		{"2026-03-15T03:00:00Z", "America/Sao_Paulo", "2026-3-15"},
		{"2026-03-15T02:59:59Z", "UTC", "2026-3-15"},
		{"2027-01-01T01:30:00Z", "America/Sao_Paulo", "2026-12-31"},
		{"2026-03-14T23:59:00Z", "Asia/Tokyo", "2026-3-15"},
	} {
		at, err := time.Parse(time.RFC3339, c.instant)
		if err != nil {
			t.Fatal(err)
		}
		data := fmt.Sprintf(`{"ms":%d,"zone":%q}`, at.UnixMilli(), c.zone)
		if got, err := r.Render(context.Background(), "http://a", "/zone", []byte(data)); err != nil || got != c.want {
			t.Errorf("%s in %s: %q, %v; want %s", c.instant, c.zone, got, err, c.want)
		}
	}
	// A zone Go does not know is the script's exception, not a wrong date.
	if got, err := r.Render(context.Background(), "http://a", "/zone", []byte(`{"ms":0,"zone":"America/Atlantida"}`)); err == nil {
		t.Errorf("unknown zone: %q, want an error", got)
	}
}

func TestConcurrentRenders(t *testing.T) {
	r := newRenderer(t, echoScript)
	const goroutines, each = 32, 20
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range each {
				// Half the inputs repeat across goroutines, so that some renders hit the cache.
				title := fmt.Sprintf("g%d-%d", g, i)
				if i%2 == 0 {
					title = fmt.Sprintf("shared-%d", i)
				}
				path := fmt.Sprintf("/event/%d", i)
				markup, err := r.Render(context.Background(), "http://a", path, []byte(`{"title":"`+title+`"}`))
				if want := "<main>http://a " + path + " " + title + " #"; err != nil || !strings.HasPrefix(markup, want) {
					t.Errorf("%s %s: %q, %v; want %s…", path, title, markup, err, want)
				}
			}
		})
	}
	wg.Wait()
	if n := len(r.slots); n < 1 || n > runtime.GOMAXPROCS(0) {
		t.Errorf("%d engines, want 1 to GOMAXPROCS (%d)", n, runtime.GOMAXPROCS(0))
	}
	if n := calls(t, r); n < goroutines*each/2+each/2 || n > goroutines*each {
		t.Errorf("%d renders for %d distinct inputs out of %d", n, goroutines*each/2+each/2, goroutines*each)
	}
}

func TestRenderWaitsForAnEngineUntilItsContextEnds(t *testing.T) {
	r := newRenderer(t, echoScript)
	// Every engine the renderer may have is busy.
	var busy []*engine
	for range runtime.GOMAXPROCS(0) {
		e, err := r.acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		busy = append(busy, e)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Render(ctx, "http://a", "/", []byte(`{"title":"x"}`)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v, want %v", err, context.Canceled)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := r.Render(ctx, "http://a", "/", []byte(`{"title":"x"}`)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("deadline: got %v, want %v", err, context.DeadlineExceeded)
	}

	// A render that waits gets the first engine freed.
	done := make(chan error)
	go func() {
		_, err := r.Render(context.Background(), "http://a", "/", []byte(`{"title":"x"}`))
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("rendered (%v) with every engine busy", err)
	case <-time.After(50 * time.Millisecond):
	}
	r.engines <- busy[0]
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if len(r.slots) != runtime.GOMAXPROCS(0) {
		t.Errorf("%d engines, want %d: waiting made another", len(r.slots), runtime.GOMAXPROCS(0))
	}
}
