// Package prerender draws the first markup of the public pages on the server, with the web app's
// own React components (web/src/ssr/entry.tsx) run by goja, a JavaScript engine written in Go. A
// page then paints before its JavaScript has arrived, and the browser hydrates that markup.
//
// Rendering is an optimization: any failure is returned, and the caller serves the page without
// markup, which the browser renders as before.
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
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/require"
	"github.com/dop251/goja_nodejs/url"
)

// renderTimeout ends a render that runs away; the engine that ran it is dropped. A variable, so
// that tests need not wait as long.
var renderTimeout = 2 * time.Second

// now is the clock of the cache's hour; tests set it.
var now = time.Now

// clientRenderedBoundary is React's mark of a Suspense boundary it could not draw on the server.
const clientRenderedBoundary = "<!--$!-->"

// Renderer runs the renderer script in a few engines, one render at a time each.
type Renderer struct {
	program *goja.Program
	log     *slog.Logger
	engines chan *engine  // idle engines
	slots   chan struct{} // one per engine that may exist
	cache   *cache
}

// engine is one goja runtime with the renderer loaded.
type engine struct {
	vm     *goja.Runtime
	render goja.Callable
	errors []string // what the script logged as errors during the current render
}

// New compiles the renderer script and loads it once, so that a broken script fails at start-up
// rather than on each page. Up to GOMAXPROCS engines run at once; each is made on first need.
func New(script []byte, log *slog.Logger) (*Renderer, error) {
	if log == nil {
		log = slog.Default()
	}
	program, err := goja.Compile("render.js", string(script), false)
	if err != nil {
		return nil, fmt.Errorf("prerender: %w", err)
	}
	n := runtime.GOMAXPROCS(0)
	r := &Renderer{
		program: program, log: log,
		engines: make(chan *engine, n), slots: make(chan struct{}, n),
		cache: newCache(cacheBytes),
	}
	r.slots <- struct{}{}
	e, err := r.newEngine()
	if err != nil {
		return nil, err
	}
	r.engines <- e
	return r, nil
}

// Render returns the markup of the page at path (with its query) for data, the page's first data
// as the JSON it carries; origin is the one the browser sees (its location.origin). Equal inputs
// within the same hour give the cached markup.
func (r *Renderer) Render(ctx context.Context, origin, path string, data []byte) (string, error) {
	// Pages also depend on the day (an event is upcoming until its date passes in São Paulo):
	// keyed by the hour, the markup follows the date of any whole-hour zone, Brazil's included.
	hour := now().UTC().Format("2006-01-02T15")
	key := sha256.Sum256([]byte(hour + "\x00" + origin + "\x00" + path + "\x00" + string(data)))
	if markup, ok := r.cache.get(key); ok {
		return markup, nil
	}
	e, err := r.acquire(ctx)
	if err != nil {
		return "", err
	}
	markup, err := e.run(origin, path, data)
	if err != nil {
		var interrupted *goja.InterruptedError
		if errors.As(err, &interrupted) {
			<-r.slots // the engine stopped mid-render: its state cannot be trusted, so it goes
			return "", err
		}
	}
	r.engines <- e
	if err != nil {
		return "", err
	}
	r.cache.put(key, markup)
	return markup, nil
}

// acquire takes an idle engine, makes one if fewer than the limit exist, or waits.
func (r *Renderer) acquire(ctx context.Context) (*engine, error) {
	select {
	case e := <-r.engines:
		return e, nil
	default:
	}
	select {
	case e := <-r.engines:
		return e, nil
	case r.slots <- struct{}{}:
		e, err := r.newEngine()
		if err != nil {
			<-r.slots
		}
		return e, err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (e *engine) run(origin, path string, data []byte) (markup string, err error) {
	e.errors = e.errors[:0]
	timer := time.AfterFunc(renderTimeout, func() { e.vm.Interrupt("prerender: render took too long") })
	defer func() {
		if !timer.Stop() {
			e.vm.ClearInterrupt()
			if err == nil {
				err = &goja.InterruptedError{}
			}
		}
	}()
	out, err := e.render(goja.Undefined(), e.vm.ToValue(origin), e.vm.ToValue(path), e.vm.ToValue(string(data)))
	if err != nil {
		return "", fmt.Errorf("prerender %s: %w", path, err)
	}
	// React reports a component that failed by logging it and drawing the fallback in its place:
	// that markup is not the page, so the browser renders it instead.
	if len(e.errors) > 0 {
		return "", fmt.Errorf("prerender %s: %s", path, strings.Join(e.errors, "; "))
	}
	// A component that fails inside a Suspense boundary (the lazy pages are all inside one) is
	// not logged: renderToString ignores the error, draws the boundary's fallback and marks it
	// <!--$!--> for the browser to render. Text cannot make that comment, as React escapes '<'.
	markup = out.String()
	if strings.Contains(markup, clientRenderedBoundary) {
		return "", fmt.Errorf("prerender %s: a part of the page failed to render (%s)", path, clientRenderedBoundary)
	}
	return markup, nil
}

func (r *Renderer) newEngine() (*engine, error) {
	e := &engine{vm: goja.New()}
	new(require.Registry).Enable(e.vm)
	url.Enable(e.vm) // URL and URLSearchParams, which the app's router and pages use
	host := e.vm.NewObject()
	if err := host.Set("zoneDate", zoneDate); err != nil {
		return nil, err
	}
	if err := host.Set("log", func(level, message string) {
		if level == "error" {
			e.errors = append(e.errors, message)
		}
		r.log.Warn("prerender: the renderer logged", "level", level, "message", message)
	}); err != nil {
		return nil, err
	}
	if err := e.vm.Set("pelotaoHost", host); err != nil {
		return nil, err
	}
	if _, err := e.vm.RunProgram(r.program); err != nil {
		return nil, fmt.Errorf("prerender: loading the renderer: %w", err)
	}
	obj, ok := e.vm.Get("pelotaoRenderer").(*goja.Object)
	if !ok {
		return nil, errors.New("prerender: the script defines no pelotaoRenderer")
	}
	// The pages load as promises; goja settles them before RunProgram returns.
	var ready *goja.Promise
	if v := obj.Get("ready"); v != nil {
		ready, _ = v.Export().(*goja.Promise)
	}
	switch {
	case ready == nil:
		return nil, errors.New("prerender: pelotaoRenderer.ready is not a promise")
	case ready.State() == goja.PromiseStatePending:
		return nil, errors.New("prerender: the pages did not load: pelotaoRenderer.ready is still pending")
	case ready.State() == goja.PromiseStateRejected:
		return nil, fmt.Errorf("prerender: the pages did not load: %v", ready.Result())
	}
	render, ok := goja.AssertFunction(obj.Get("render"))
	if !ok {
		return nil, errors.New("prerender: pelotaoRenderer.render is not a function")
	}
	e.render = render
	return e, nil
}

var zones sync.Map // name → *time.Location

// zoneDate is the calendar date of an instant in an IANA zone, for the renderer's Intl.
func zoneDate(epochMs float64, name string) (map[string]int, error) {
	loc, ok := zones.Load(name)
	if !ok {
		l, err := time.LoadLocation(name)
		if err != nil {
			return nil, err
		}
		loc, _ = zones.LoadOrStore(name, l)
	}
	t := time.UnixMilli(int64(epochMs)).In(loc.(*time.Location))
	return map[string]int{"year": t.Year(), "month": int(t.Month()), "day": t.Day()}, nil
}
