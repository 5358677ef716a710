package api

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"pelotao/internal/team"
)

// TestRequireEventRoleOutsideMount checks the event team guard as the handlers that name the
// event themselves call it (salesapi's order and registration code, whose event is the order's,
// not the route's {id}): no RequireUser runs before it there, so it turns a visitor away itself,
// without asking the store, and it admits exactly the roles it is given.
func TestRequireEventRoleOutsideMount(t *testing.T) {
	request := func(user string) *http.Request {
		r := httptest.NewRequest(http.MethodGet, "/api/pedidos/p1", nil)
		if user != "" {
			r = r.WithContext(WithUser(r.Context(), User{ID: user}))
		}
		return r
	}
	asked := teamsFake{fail: errors.New("the store must not be asked")}
	if _, err := RequireEventRole(request(""), asked, "e1", team.Owner); err != ErrUnauthenticated {
		t.Errorf("a visitor: %v, want ErrUnauthenticated before the store is read", err)
	}
	cases := []struct {
		user, event string
		allowed     []team.Role
		want        error
		role        team.Role
	}{
		{"balcao", "e1", []team.Role{team.Owner, team.Gestao, team.Retirada}, nil, team.Retirada},
		{"balcao", "e1", []team.Role{team.Owner, team.Gestao}, ErrForbidden, ""},
		{"gerente", "e1", []team.Role{team.Owner}, ErrForbidden, ""},
		{"dono", "e1", []team.Role{team.Owner}, nil, team.Owner},
		{"dono", "e1", nil, ErrForbidden, ""}, // no role named: nobody
		{"estranho", "e1", []team.Role{team.Owner, team.Gestao, team.Retirada}, ErrForbidden, ""},
		{"outro", "e1", []team.Role{team.Owner}, ErrForbidden, ""}, // the owner of another event
		{"dono", "nenhum", []team.Role{team.Owner}, ErrEventNotFound, ""},
	}
	for _, c := range cases {
		role, err := RequireEventRole(request(c.user), oneEvent, c.event, c.allowed...)
		if err != c.want || role != c.role {
			t.Errorf("%s on %s admitting %v: %q, %v; want %q, %v", c.user, c.event, c.allowed, role, err, c.role, c.want)
		}
	}
}
