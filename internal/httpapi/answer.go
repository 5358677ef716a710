package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"pelotao/internal/answercache"
	"pelotao/internal/httpgzip"
)

// writeAnswer sends b, its gzip copy to clients that accept it, and 304 Not Modified to a client
// that already holds it (If-None-Match).
func writeAnswer(w http.ResponseWriter, r *http.Request, b answercache.Answer, cacheControl string) {
	h := w.Header()
	h.Set("Cache-Control", cacheControl)
	if b.Gzip != nil {
		h.Add("Vary", "Accept-Encoding")
	}
	if b.ETag != "" {
		h.Set("ETag", b.ETag)
		if etagMatch(r.Header.Get("If-None-Match"), b.ETag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	body := b.JSON
	if b.Gzip != nil && httpgzip.Accepts(r) {
		h.Set("Content-Encoding", "gzip")
		body = b.Gzip
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
