package httpapi

import (
	"context"
	"net/http"
)

// User is the signed-in person as handlers see them. The session middleware (accounts) puts it
// in the request context; until a session is found, every request is a visitor's.
type User struct {
	ID          string
	Email       string
	DisplayName string
}

const userKey ctxKey = iota + 100

func withUser(ctx context.Context, u User) context.Context {
	return context.WithValue(ctx, userKey, u)
}

// currentUser returns the signed-in user of the request, if any.
func currentUser(r *http.Request) (User, bool) {
	u, ok := r.Context().Value(userKey).(User)
	return u, ok
}

// requireUser answers 401 to visitors and otherwise runs next.
func requireUser(next apiFunc) apiFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if _, ok := currentUser(r); !ok {
			return errUnauthenticated
		}
		return next(w, r)
	}
}
