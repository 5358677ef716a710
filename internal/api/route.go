package api

import (
	"net/http"

	"pelotao/internal/team"
)

// Access is who may use a route. Owner routes also need a signed-in user; the handler then
// checks that the user owns the resource. Event team routes (EventManagers, EventTeam) name an
// event in {id} and admit only the roles EventRoles lists: Mount puts GuardEvent in front of
// their handler, which reads the role with EventRoleOf.
type Access int

const (
	Public Access = iota
	SignedIn
	Owner
	EventManagers // the event's owner and gestao
	EventTeam     // the event's owner, gestao and retirada
)

// EventRoles are the roles an event team route admits; nil for other routes.
func (a Access) EventRoles() []team.Role {
	switch a {
	case EventManagers:
		return team.With(team.Manage)
	case EventTeam:
		return []team.Role{team.Owner, team.Gestao, team.Retirada}
	}
	return nil
}

// Route is one entry of the route table: the pattern, its handler, who may use it and the
// largest body it reads. Every route of the site is in the one table (internal/httpapi), so
// tests can walk all of them.
type Route struct {
	Pattern string
	Handler http.Handler
	Access  Access
	MaxBody int64 // 0: the route reads no body
}

// Mount serves each route on mux behind the guards of its access and its body limit.
func Mount(mux *http.ServeMux, routes []Route, teams Teams) {
	for _, rt := range routes {
		h := rt.Handler
		if roles := rt.Access.EventRoles(); roles != nil {
			h = GuardEvent(teams, roles, h)
		}
		if rt.Access != Public {
			h = RequireUser(h)
		}
		mux.Handle(rt.Pattern, LimitBody(rt.MaxBody, h))
	}
}
