package api

import (
	"context"
	"net/http"
	"slices"

	"pelotao/internal/team"
)

// Teams tells a user's role on an event's team ("" for none; store.ErrNotFound for no event).
type Teams interface {
	EventRole(ctx context.Context, eventID, userID string) (team.Role, error)
}

// RequireEventRole is the one authorization check of an event's team (docs/product.md §10, "Who
// does what"): it returns the signed-in user's role on eventID when that role is one of allowed.
// Otherwise: 401 for a visitor, 404 for an unknown event, 403 for anyone else (a stranger, a
// member of another event's team, or a member whose role is not allowed).
func RequireEventRole(r *http.Request, teams Teams, eventID string, allowed ...team.Role) (team.Role, error) {
	u, ok := CurrentUser(r)
	if !ok {
		return "", ErrUnauthenticated
	}
	role, err := teams.EventRole(r.Context(), eventID, u.ID)
	if err != nil {
		return "", NotFoundAs(err, ErrEventNotFound)
	}
	if role == "" || !slices.Contains(allowed, role) {
		return "", ErrForbidden
	}
	return role, nil
}

// GuardEvent runs next only for the roles a route admits on the event of its {id}, and gives
// next that role (EventRoleOf).
func GuardEvent(teams Teams, allowed []team.Role, next http.Handler) http.Handler {
	return Func(func(w http.ResponseWriter, r *http.Request) error {
		role, err := RequireEventRole(r, teams, r.PathValue("id"), allowed...)
		if err != nil {
			return err
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), eventRoleKey, role)))
		return nil
	})
}

// EventRoleOf is the role GuardEvent found for the request's user on the route's event.
func EventRoleOf(r *http.Request) team.Role {
	role, _ := r.Context().Value(eventRoleKey).(team.Role)
	return role
}
