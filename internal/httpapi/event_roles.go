package httpapi

import (
	"context"
	"net/http"
	"slices"

	"pelotao/internal/team"
)

const eventRoleKey ctxKey = iota + 200

// requireEventRole is the one authorization check of an event's team (docs/product.md §10, "Who does
// what"): it returns the signed-in user's role on eventID when that role is one of allowed.
// Otherwise: 401 for a visitor, 404 for an unknown event, 403 for anyone else (a stranger, a
// member of another event's team, or a member whose role is not allowed).
func (s *Server) requireEventRole(r *http.Request, eventID string, allowed ...team.Role) (team.Role, error) {
	u, ok := currentUser(r)
	if !ok {
		return "", errUnauthenticated
	}
	role, err := s.store.EventRole(r.Context(), eventID, u.ID)
	if err != nil {
		return "", notFoundAs(err, errEventNotFound)
	}
	if role == "" || !slices.Contains(allowed, role) {
		return "", errForbidden
	}
	return role, nil
}

// guardEvent runs next only for the roles a route admits on the event of its {id}, and gives
// next that role (eventRoleOf).
func (s *Server) guardEvent(allowed []team.Role, next http.Handler) http.Handler {
	return apiFunc(func(w http.ResponseWriter, r *http.Request) error {
		role, err := s.requireEventRole(r, r.PathValue("id"), allowed...)
		if err != nil {
			return err
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), eventRoleKey, role)))
		return nil
	})
}

// eventRoleOf is the role guardEvent found for the request's user on the route's event.
func eventRoleOf(r *http.Request) team.Role {
	role, _ := r.Context().Value(eventRoleKey).(team.Role)
	return role
}
