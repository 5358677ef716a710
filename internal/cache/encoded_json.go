package cache

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
)

// encodedJSON keeps values' JSON by a key that names one version of a value (an id and a rev
// that moves with every change to it), so that the pages of a list asked again and again are
// put together from bytes instead of encoded anew: encoding a page of 50 took most of its
// answer's time. An entry never goes stale; once max are kept, all are dropped (older versions
// with the rest).
type encodedJSON[K comparable] struct {
	encoded sync.Map // K → []byte
	count   atomic.Int64
}

// of is the JSON of the value v makes (made only when none is kept for key); keep false: the key
// names no single version, the JSON is made and not kept.
func (c *encodedJSON[K]) of(key K, keep bool, max int64, v func() any) ([]byte, error) {
	if b, ok := c.encoded.Load(key); ok {
		return b.([]byte), nil
	}
	b, err := json.Marshal(v())
	if err != nil || !keep {
		return b, err
	}
	if c.count.Add(1) > max {
		c.encoded.Clear()
		c.count.Store(1)
	}
	c.encoded.Store(key, b)
	return b, nil
}

// pageEnds are what comes before and after the items of a page answered as a map would be
// encoded: {"nextCursor":next,"<items>":[ … ],"total":total}.
func pageEnds(next []byte, items string, total int) (head, tail []byte) {
	head = append(append([]byte(`{"nextCursor":`), next...), `,"`+items+`":[`...)
	tail = strconv.AppendInt([]byte(`],"total":`), int64(total), 10)
	return head, append(tail, "}\n"...)
}

// writeJSONParts answers 200 with the JSON made of parts in turn, as api.WriteJSON would its
// value: joined in a buffer kept for the next answer, and written at once (a writer that keeps
// what it is given, as a test's recorder does, would otherwise grow its own for each part).
func writeJSONParts(w http.ResponseWriter, parts [][]byte) {
	buf := joinBuffers.Get().(*[]byte)
	body := (*buf)[:0]
	for _, p := range parts {
		body = append(body, p...)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body) // a client gone away is not the server's error
	*buf = body
	joinBuffers.Put(buf)
}

// joinBuffers are writeJSONParts' buffers.
var joinBuffers = sync.Pool{New: func() any { return new([]byte) }}

var comma = []byte{','}
