package api

import (
	"context"
	"net/http"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
	userKey
	eventRoleKey
)

// WithRequestID gives the request's context the id the access log writes.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey, id)
}

// RequestID is the id of the request, for the lines it logs.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// User is the signed-in person as handlers see them. The session middleware puts it in the
// request context; a request without a valid session cookie is a visitor's.
type User struct {
	ID          string
	Email       string
	DisplayName string
}

// WithUser is what the session middleware does for a signed-in request.
func WithUser(ctx context.Context, u User) context.Context {
	return context.WithValue(ctx, userKey, u)
}

// CurrentUser returns the signed-in user of the request, if any.
func CurrentUser(r *http.Request) (User, bool) {
	u, ok := r.Context().Value(userKey).(User)
	return u, ok
}

// RequireUser answers 401 to visitors and otherwise runs next.
func RequireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := CurrentUser(r); !ok {
			WriteError(w, r, ErrUnauthenticated)
			return
		}
		next.ServeHTTP(w, r)
	})
}
