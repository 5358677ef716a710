package answercache

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

// writePage answers 200 with {"nextCursor":next,"<items>":[…],"total":total}, as api.WriteJSON
// would the map, its n items appended by item in turn: put together in a buffer kept for the
// next answer and written at once (a writer that keeps what it is given, as a test's recorder
// does, would otherwise grow its own for each part).
func writePage(w http.ResponseWriter, next []byte, items string, total, n int, item func(body []byte, i int) ([]byte, error)) error {
	buf := pageBuffers.Get().(*[]byte)
	defer pageBuffers.Put(buf)
	body := append(append((*buf)[:0], `{"nextCursor":`...), next...)
	body = append(append(append(body, `,"`...), items...), `":[`...)
	for i := range n {
		if i > 0 {
			body = append(body, ',')
		}
		var err error
		if body, err = item(body, i); err != nil {
			return err
		}
	}
	body = strconv.AppendInt(append(body, `],"total":`...), int64(total), 10)
	body = append(body, "}\n"...)
	*buf = body
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body) // a client gone away is not the server's error
	return nil
}

// pageBuffers are writePage's buffers.
var pageBuffers = sync.Pool{New: func() any { return new([]byte) }}
