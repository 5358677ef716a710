// Package httpgzip is gzip for HTTP answers: whether the client takes it, and compressing an
// answer made for one request (pages, the kit desk's roster). Answers made once for many clients
// are compressed once where they are kept (internal/answercache, the built app's files in internal/site).
package httpgzip

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strings"
	"sync"
)

// MinBody is the size below which a gzip copy saves too little to be worth sending.
const MinBody = 1 << 10

// Accepts reports whether the client takes gzip bodies (Accept-Encoding).
func Accepts(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// writers holds compressors for answers made per request: each holds a megabyte of state, too
// much to make per request.
var writers = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return zw
}}

// Compress gzips an answer made for this request when the client accepts it and it is large
// enough to gain, setting the headers that say so; it returns the body to send.
func Compress(r *http.Request, h http.Header, body []byte) []byte {
	h.Add("Vary", "Accept-Encoding")
	if !Accepts(r) || len(body) <= MinBody {
		return body
	}
	var zbuf bytes.Buffer
	zw := writers.Get().(*gzip.Writer)
	zw.Reset(&zbuf)
	_, _ = zw.Write(body)
	_ = zw.Close()
	writers.Put(zw)
	h.Set("Content-Encoding", "gzip")
	return zbuf.Bytes()
}
