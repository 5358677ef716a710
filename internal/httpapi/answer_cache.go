package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

const (
	// answerCacheTTL bounds how stale a cached answer (a public list, an event) may be. Writes
	// through this instance drop it at once; writes through another instance on the same
	// PostgreSQL database cannot, so they show up here at most this long after. One second keeps
	// that unnoticeable while a busy answer (the home page's list, an event being shared) is still
	// read from the store at most once a second instead of once per visitor.
	answerCacheTTL = time.Second
	// answerCacheMaxEntries bounds the memory of each cache: a list answer is up to ~1 MB at the
	// largest limit, ~100 KB at the default, an event a few tens of KB; the home page and its
	// filters need only a few dozen keys, and an event is cached only while it is being read.
	answerCacheMaxEntries = 256
	// minGzipBody is the size below which a gzip copy saves too little to be worth sending.
	minGzipBody = 1 << 10
)

// answer is an encoded JSON answer, with its gzip copy when it is large and, for answers that
// clients may revalidate, its ETag.
type answer struct {
	json []byte
	gzip []byte // nil: send json as is
	etag string // "": no ETag
}

// newAnswer compresses large answers once, so every client that accepts gzip shares the work.
func newAnswer(json []byte) answer {
	b := answer{json: json}
	if len(json) >= minGzipBody {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
		_, _ = zw.Write(json)
		_ = zw.Close()
		b.gzip = buf.Bytes()
	}
	return b
}

// newTaggedAnswer is newAnswer with an ETag from the content. It is weak (W/) because the plain
// and the gzip bodies share it: they are the same answer, not the same bytes.
func newTaggedAnswer(json []byte) answer {
	b := newAnswer(json)
	sum := sha256.Sum256(json)
	b.etag = `W/"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`
	return b
}

// writeAnswer sends b, its gzip copy to clients that accept it, and 304 Not Modified to a client
// that already holds it (If-None-Match).
func writeAnswer(w http.ResponseWriter, r *http.Request, b answer, cacheControl string) {
	h := w.Header()
	h.Set("Cache-Control", cacheControl)
	if b.gzip != nil {
		h.Add("Vary", "Accept-Encoding")
	}
	if b.etag != "" {
		h.Set("ETag", b.etag)
		if etagMatch(r.Header.Get("If-None-Match"), b.etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	body := b.json
	if b.gzip != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = b.gzip
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// etagMatch is If-None-Match's weak comparison (RFC 9110 §13.1.2): "*" or any listed tag whose
// opaque part equals etag's.
func etagMatch(ifNoneMatch, etag string) bool {
	if strings.TrimSpace(ifNoneMatch) == "*" {
		return true
	}
	want := strings.TrimPrefix(etag, "W/")
	for _, tag := range strings.Split(ifNoneMatch, ",") {
		if strings.TrimPrefix(strings.TrimSpace(tag), "W/") == want {
			return true
		}
	}
	return false
}

// answerCache keeps recent answers by key: public lists of GET /api/events by their normalised
// query (whose Today makes a new day's upcoming/past a new key), events of GET /api/events/{id}
// by id. Answers that depend on who asks are never put in it. Concurrent misses of one key share
// one store read.
type answerCache[K comparable] struct {
	now func() time.Time

	mu      sync.Mutex
	entries map[K]*answerEntry
}

type answerEntry struct {
	made time.Time
	done chan struct{} // closed when body and err are set
	body answer
	err  error
}

func newAnswerCache[K comparable](now func() time.Time) *answerCache[K] {
	return &answerCache[K]{now: now, entries: make(map[K]*answerEntry)}
}

// get returns the answer for key, calling fill for it when no fresh one is kept. Failures (a
// missing event too) are not kept: callers that waited on a failed fill run their own.
func (c *answerCache[K]) get(key K, fill func() (answer, error)) (answer, error) {
	c.mu.Lock()
	e, ok := c.entries[key]
	if ok && c.now().Sub(e.made) < answerCacheTTL {
		c.mu.Unlock()
		<-e.done
		if e.err != nil {
			return fill()
		}
		return e.body, nil
	}
	if len(c.entries) >= answerCacheMaxEntries && !ok {
		c.evictOldest()
	}
	e = &answerEntry{made: c.now(), done: make(chan struct{})}
	c.entries[key] = e
	c.mu.Unlock()

	e.body, e.err = fill()
	close(e.done)
	if e.err != nil {
		c.mu.Lock()
		if c.entries[key] == e {
			delete(c.entries, key)
		}
		c.mu.Unlock()
	}
	return e.body, e.err
}

// evictOldest drops the entry made first; c.mu is held.
func (c *answerCache[K]) evictOldest() {
	var oldest K
	var at time.Time
	first := true
	for k, e := range c.entries {
		if first || e.made.Before(at) {
			oldest, at, first = k, e.made, false
		}
	}
	delete(c.entries, oldest)
}

// forget drops the answer for key, after what it holds was written through this instance. A
// fill that was already running finishes for its own callers but is no longer found by later ones.
func (c *answerCache[K]) forget(key K) {
	c.mu.Lock()
	delete(c.entries, key)
	c.mu.Unlock()
}

// clear forgets every answer.
func (c *answerCache[K]) clear() {
	c.mu.Lock()
	clear(c.entries)
	c.mu.Unlock()
}

// len is how many answers are kept, for tests.
func (c *answerCache[K]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
