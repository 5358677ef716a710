package httpapi

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/salesapi"
)

// statusRecorder remembers the status written, for the access log.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// logRequests gives each request an id and writes one log line when it ends.
func logRequests(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		var b [8]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		w.Header().Set("X-Request-Id", id)
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r.WithContext(api.WithRequestID(r.Context(), id)))
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		log.LogAttrs(r.Context(), slog.LevelInfo, "request",
			slog.String("method", r.Method), slog.String("path", loggedPath(r.URL.Path)),
			slog.Int("status", rec.status), slog.Duration("duration", time.Since(start)),
			slog.String("request_id", id))
	})
}

// webhookPaths are the paths whose next segment is a secret that lets a provider post payments:
// the PSP's webhook and Mercado Pago's notifications (CARD-22).
var webhookPaths = []string{salesapi.WebhookPath, salesapi.CardWebhookPath}

// loggedPath is path as the access log writes it: the segment after a webhook path — the secret
// that lets a provider post payments — is written [redigido], wherever that path appears in it,
// in any case (a path the mux would redirect first too, such as //api/pix/webhook/…).
func loggedPath(path string) string {
	for i := 0; i < len(path); i++ {
		for _, hook := range webhookPaths {
			n := len(hook)
			if i+n > len(path) || !strings.EqualFold(path[i:i+n], hook) {
				continue
			}
			rest := path[i+n:]
			end := strings.IndexByte(rest, '/')
			if end < 0 {
				end = len(rest)
			}
			return path[:i+n] + "[redigido]" + loggedPath(rest[end:])
		}
	}
	return path
}

// recoverPanics answers 500 without detail when a handler panics, and logs the stack.
func recoverPanics(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.ErrorContext(r.Context(), "panic", "request_id", api.RequestID(r.Context()),
					"panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				api.WriteError(w, r, fmt.Errorf("panic: %v", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows scripts and styles only from our own origin: no inline script,
// no eval. Images may come from https sources because organizers may link banners hosted elsewhere.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self'; media-src 'self'; " +
	"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

// securityHeaders sets the headers every response carries.
func securityHeaders(hsts bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		if hsts {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// crossOriginProtection refuses state-changing requests sent by another site's pages.
func crossOriginProtection(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api.WriteError(w, r, &api.Error{Status: http.StatusForbidden, Code: "forbidden",
			Message: "Requisição de outro site recusada."})
	}))
	return cop.Handler(next)
}

func isAPI(path string) bool { return path == "/api" || strings.HasPrefix(path, "/api/") }
