package httpapi

import (
	"bytes"
	"compress/gzip"
	"sync"
	"time"

	"pelotao/internal/store"
)

const (
	// listCacheTTL bounds how stale a cached list may be. Writes through this instance clear the
	// cache at once; writes through another instance on the same PostgreSQL database cannot, so
	// they show up here at most this long after. One second keeps that unnoticeable while a busy
	// list (the home page's) is still queried at most once a second instead of once per visitor.
	listCacheTTL = time.Second
	// listCacheMaxEntries bounds the memory: a list answer is up to ~1 MB at the largest limit,
	// ~100 KB at the default, and the home page and its filters need only a few dozen keys.
	listCacheMaxEntries = 256
	// minGzipBody is the size below which a gzip copy saves too little to be worth sending.
	minGzipBody = 1 << 10
)

// listBody is an encoded answer of GET /api/events, with its gzip copy when it is large.
type listBody struct {
	json []byte
	gzip []byte // nil: send json as is
}

// newListBody compresses large answers once, so every client that accepts gzip shares the work.
func newListBody(json []byte) listBody {
	b := listBody{json: json}
	if len(json) >= minGzipBody {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
		_, _ = zw.Write(json)
		_ = zw.Close()
		b.gzip = buf.Bytes()
	}
	return b
}

// listCache keeps recent public answers of GET /api/events by their normalised query, whose
// Today makes a new day's upcoming/past a new key. Answers that depend on who asks (owner=me)
// are never put in it. Concurrent misses of one key share one store query.
type listCache struct {
	now func() time.Time

	mu      sync.Mutex
	entries map[store.EventQuery]*listEntry
}

type listEntry struct {
	made time.Time
	done chan struct{} // closed when body and err are set
	body listBody
	err  error
}

func newListCache(now func() time.Time) *listCache {
	return &listCache{now: now, entries: make(map[store.EventQuery]*listEntry)}
}

// get returns the answer for q, calling fill for it when no fresh one is kept. Failures are not
// kept: callers that waited on a failed fill run their own.
func (c *listCache) get(q store.EventQuery, fill func() (listBody, error)) (listBody, error) {
	c.mu.Lock()
	e, ok := c.entries[q]
	if ok && c.now().Sub(e.made) < listCacheTTL {
		c.mu.Unlock()
		<-e.done
		if e.err != nil {
			return fill()
		}
		return e.body, nil
	}
	if len(c.entries) >= listCacheMaxEntries && !ok {
		c.evictOldest()
	}
	e = &listEntry{made: c.now(), done: make(chan struct{})}
	c.entries[q] = e
	c.mu.Unlock()

	e.body, e.err = fill()
	close(e.done)
	if e.err != nil {
		c.mu.Lock()
		if c.entries[q] == e {
			delete(c.entries, q)
		}
		c.mu.Unlock()
	}
	return e.body, e.err
}

// evictOldest drops the entry made first; c.mu is held.
func (c *listCache) evictOldest() {
	var oldest store.EventQuery
	var at time.Time
	first := true
	for q, e := range c.entries {
		if first || e.made.Before(at) {
			oldest, at, first = q, e.made, false
		}
	}
	delete(c.entries, oldest)
}

// clear forgets every answer, after an event was written through this instance. A fill that was
// already running finishes for its own callers but is no longer found by later ones.
func (c *listCache) clear() {
	c.mu.Lock()
	clear(c.entries)
	c.mu.Unlock()
}

// len is how many answers are kept, for tests.
func (c *listCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
