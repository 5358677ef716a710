// Package answercache keeps the JSON API's answers, or their parts, made once for many requests:
// whole public answers for a second with their gzip copy and ETag (answers.go), and each
// participant's and order's encoded JSON by id and rev, from which a list's pages are put
// together (encoded_json.go). It serves the HTTP side (httpapi, salesapi, site); the read models
// those lists are paged from are internal/store/readmodel's.
package answercache

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"sync"
	"time"

	"pelotao/internal/httpgzip"
)

const (
	// AnswerTTL bounds how stale a cached answer (a public list, an event) may be. Writes
	// through this instance drop it at once; writes through another instance on the same
	// PostgreSQL database cannot, so they show up here at most this long after. One second keeps
	// that unnoticeable while a busy answer (the home page's list, an event being shared) is still
	// read from the store at most once a second instead of once per visitor.
	AnswerTTL = time.Second
	// answerCacheMaxEntries bounds the memory of each cache: a list answer is up to ~1 MB at the
	// largest limit, ~100 KB at the default, an event a few tens of KB; the home page and its
	// filters need only a few dozen keys, and an event is cached only while it is being read.
	answerCacheMaxEntries = 256
)

// Answer is an encoded JSON answer, with its gzip copy when it is large and, for answers that
// clients may revalidate, its ETag.
type Answer struct {
	JSON []byte
	Gzip []byte // nil: send JSON as is
	ETag string // "": no ETag
}

// NewAnswer compresses large answers once, so every client that accepts gzip shares the work.
func NewAnswer(json []byte) Answer {
	b := Answer{JSON: json}
	if len(json) >= httpgzip.MinBody {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
		_, _ = zw.Write(json)
		_ = zw.Close()
		b.Gzip = buf.Bytes()
	}
	return b
}

// NewTaggedAnswer is NewAnswer with an ETag from the content. It is weak (W/) because the plain
// and the gzip bodies share it: they are the same answer, not the same bytes.
func NewTaggedAnswer(json []byte) Answer {
	b := NewAnswer(json)
	sum := sha256.Sum256(json)
	b.ETag = `W/"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`
	return b
}

// Answers keeps recent answers by key: public lists of GET /api/events by their normalised
// query (whose Today makes a new day's upcoming/past a new key), events of GET /api/events/{id}
// by id. Answers that depend on who asks are never put in it. Concurrent misses of one key share
// one store read.
type Answers[K comparable] struct {
	now func() time.Time

	mu      sync.Mutex
	entries map[K]*answerEntry
}

type answerEntry struct {
	made time.Time
	done chan struct{} // closed when body and err are set
	body Answer
	err  error
}

func NewAnswers[K comparable](now func() time.Time) *Answers[K] {
	return &Answers[K]{now: now, entries: make(map[K]*answerEntry)}
}

// Get returns the answer for key, calling fill for it when no fresh one is kept. Failures (a
// missing event too) are not kept: callers that waited on a failed fill run their own.
func (c *Answers[K]) Get(key K, fill func() (Answer, error)) (Answer, error) {
	c.mu.Lock()
	e, ok := c.entries[key]
	if ok && c.now().Sub(e.made) < AnswerTTL {
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
func (c *Answers[K]) evictOldest() {
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

// Forget drops the answer for key, after what it holds was written through this instance. A
// fill that was already running finishes for its own callers but is no longer found by later ones.
func (c *Answers[K]) Forget(key K) {
	c.mu.Lock()
	delete(c.entries, key)
	c.mu.Unlock()
}

// Clear forgets every answer.
func (c *Answers[K]) Clear() {
	c.mu.Lock()
	clear(c.entries)
	c.mu.Unlock()
}

// Len is how many answers are kept, for tests.
func (c *Answers[K]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
