package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"pelotao/internal/store"
	"pelotao/internal/team"
)

// teamsFake is an event's team as the store tells it: roles by event, then by user id. An event
// missing from the map is unknown (store.ErrNotFound); fail makes every read fail.
type teamsFake struct {
	roles map[string]map[string]team.Role
	fail  error
}

func (f teamsFake) EventRole(_ context.Context, eventID, userID string) (team.Role, error) {
	if f.fail != nil {
		return "", f.fail
	}
	members, ok := f.roles[eventID]
	if !ok {
		return "", store.ErrNotFound
	}
	return members[userID], nil
}

// oneEvent is event "e1" with an owner, a manager and a kit desk member; "e2" has another owner.
var oneEvent = teamsFake{roles: map[string]map[string]team.Role{
	"e1": {"dono": team.Owner, "gerente": team.Gestao, "balcao": team.Retirada},
	"e2": {"outro": team.Owner},
}}

// guarded mounts one route per access level whose handler answers 200 with the role
// GuardEvent handed it, and serves a request as user ("" for a visitor).
func guarded(t *testing.T, teams Teams, method, target, user string) *httptest.ResponseRecorder {
	t.Helper()
	reached := Func(func(w http.ResponseWriter, r *http.Request) error {
		WriteJSON(w, http.StatusOK, map[string]string{"role": string(EventRoleOf(r))})
		return nil
	})
	mux := http.NewServeMux()
	Mount(mux, []Route{
		{Pattern: "GET /publica", Handler: reached, Access: Public},
		{Pattern: "GET /conta", Handler: reached, Access: SignedIn},
		{Pattern: "GET /minha/{id}", Handler: reached, Access: Owner},
		{Pattern: "GET /gestao/{id}", Handler: reached, Access: EventManagers},
		{Pattern: "GET /equipe/{id}", Handler: reached, Access: EventTeam},
	}, teams)
	r := httptest.NewRequest(method, target, nil)
	if user != "" {
		r = r.WithContext(WithUser(r.Context(), User{ID: user, Email: user + "@example.com"}))
	}
	w := httptest.NewRecorder()
	mux.ServeHTTP(w, r)
	return w
}

// errorOf reads an error answer's code and message.
func errorOf(t *testing.T, w *httptest.ResponseRecorder) (code, message string) {
	t.Helper()
	var body ErrorBody
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatalf("answer %d is not the error JSON: %v: %q", w.Code, err, w.Body.String())
	}
	return body.Error.Code, body.Error.Message
}

// TestMountGuardsEachAccess walks every access level with a visitor, a stranger and each role of
// the event's team, and a member of another event: who reaches the handler, who gets 401, 403
// or 404, with the error JSON's code and pt-BR message.
func TestMountGuardsEachAccess(t *testing.T) {
	const (
		reached      = 200
		unauth       = 401
		forbidden    = 403
		unknownEvent = 404
	)
	cases := []struct {
		target, user string
		status       int
		role         team.Role // the role the handler was handed
	}{
		{"/publica", "", reached, ""},
		{"/publica", "estranho", reached, ""},
		{"/conta", "", unauth, ""},
		{"/conta", "estranho", reached, ""},
		{"/minha/e1", "", unauth, ""},
		{"/minha/e1", "estranho", reached, ""}, // ownership is the handler's check
		{"/gestao/e1", "", unauth, ""},
		{"/gestao/e1", "estranho", forbidden, ""},
		{"/gestao/e1", "outro", forbidden, ""}, // the owner of another event
		{"/gestao/e1", "balcao", forbidden, ""},
		{"/gestao/e1", "gerente", reached, team.Gestao},
		{"/gestao/e1", "dono", reached, team.Owner},
		{"/gestao/nenhum", "dono", unknownEvent, ""},
		{"/equipe/e1", "", unauth, ""},
		{"/equipe/e1", "estranho", forbidden, ""},
		{"/equipe/e2", "balcao", forbidden, ""},
		{"/equipe/e1", "balcao", reached, team.Retirada},
		{"/equipe/e1", "gerente", reached, team.Gestao},
		{"/equipe/e1", "dono", reached, team.Owner},
		{"/equipe/nenhum", "", unauth, ""}, // a visitor learns nothing of which events exist
		{"/equipe/nenhum", "balcao", unknownEvent, ""},
	}
	for _, c := range cases {
		w := guarded(t, oneEvent, http.MethodGet, c.target, c.user)
		if w.Code != c.status {
			t.Errorf("%s as %q: status %d, want %d (%s)", c.target, c.user, w.Code, c.status, w.Body)
			continue
		}
		switch c.status {
		case reached:
			var body struct{ Role team.Role }
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Role != c.role {
				t.Errorf("%s as %q: the handler was handed role %q (%v), want %q", c.target, c.user, body.Role, err, c.role)
			}
		case unauth:
			if code, msg := errorOf(t, w); code != "unauthenticated" || msg != "Entre na sua conta para continuar." {
				t.Errorf("%s as %q: %s %q", c.target, c.user, code, msg)
			}
		case forbidden:
			if code, msg := errorOf(t, w); code != "forbidden" || msg != "Você não tem permissão para fazer isso." {
				t.Errorf("%s as %q: %s %q", c.target, c.user, code, msg)
			}
		case unknownEvent:
			if code, msg := errorOf(t, w); code != "not-found" || msg != "Evento não encontrado." {
				t.Errorf("%s as %q: %s %q", c.target, c.user, code, msg)
			}
		}
	}
}

// TestGuardEventStoreFailureIs500 checks that a team the store cannot read is a 500 with no
// detail, never a pass and never a 404 that would say the event does not exist.
func TestGuardEventStoreFailureIs500(t *testing.T) {
	w := guarded(t, teamsFake{fail: errors.New("database is locked")}, http.MethodGet, "/equipe/e1", "dono")
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500 (%s)", w.Code, w.Body)
	}
	if code, msg := errorOf(t, w); code != "internal" || strings.Contains(msg, "locked") {
		t.Errorf("answer %s %q: want code internal and no detail", code, msg)
	}
}

// TestEventRoles pins the roles each access admits: managers are the roles with the Manage
// right in roles.json (owner and gestao); the team is all three; other accesses name none.
func TestEventRoles(t *testing.T) {
	has := slices.Contains[[]team.Role]
	managers := EventManagers.EventRoles()
	if !has(managers, team.Owner) || !has(managers, team.Gestao) || has(managers, team.Retirada) {
		t.Errorf("EventManagers admits %v, want owner and gestao", managers)
	}
	all := EventTeam.EventRoles()
	if len(all) != 3 || !has(all, team.Owner) || !has(all, team.Gestao) || !has(all, team.Retirada) {
		t.Errorf("EventTeam admits %v, want owner, gestao and retirada", all)
	}
	for _, a := range []Access{Public, SignedIn, Owner} {
		if roles := a.EventRoles(); roles != nil {
			t.Errorf("access %d admits event roles %v; only event team routes name roles", a, roles)
		}
	}
}

// TestMountLimitsTheBody checks that Mount puts each route's MaxBody in front: a body one byte
// past it is a 413 saying the limit, one at it is read, and a route with no MaxBody reads none.
func TestMountLimitsTheBody(t *testing.T) {
	echo := Func(func(w http.ResponseWriter, r *http.Request) error {
		var body struct{ Nome string }
		if err := ReadJSON(r, &body); err != nil {
			return err
		}
		WriteJSON(w, http.StatusOK, body)
		return nil
	})
	mux := http.NewServeMux()
	Mount(mux, []Route{
		{Pattern: "POST /pequena", Handler: echo, Access: Public, MaxBody: 1 << 10},
		{Pattern: "POST /nenhuma", Handler: echo, Access: Public},
	}, oneEvent)
	post := func(target, body string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, httptest.NewRequest(http.MethodPost, target, strings.NewReader(body)))
		return w
	}
	at := `{"nome":"` + strings.Repeat("a", 1<<10-len(`{"nome":""}`)) + `"}`
	if w := post("/pequena", at); w.Code != http.StatusOK {
		t.Errorf("a body of exactly the limit: status %d (%s)", w.Code, w.Body)
	}
	w := post("/pequena", at+" ")
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("a body one byte past the limit: status %d, want 413 (%s)", w.Code, w.Body)
	}
	if code, msg := errorOf(t, w); code != "invalid-argument" || msg != "O corpo da requisição é grande demais: o limite é de 1 KB." {
		t.Errorf("413 answer %s %q", code, msg)
	}
	if w := post("/nenhuma", `{}`); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a body sent to a route that reads none: status %d, want 413", w.Code)
	}
}

// TestMountChecksTheUserBeforeTheEvent checks the guards' order: a visitor's request to an
// event team route never reaches the store, so it cannot learn which events exist.
func TestMountChecksTheUserBeforeTheEvent(t *testing.T) {
	w := guarded(t, teamsFake{fail: errors.New("the store must not be asked")}, http.MethodGet, "/gestao/e1", "")
	if w.Code != http.StatusUnauthorized {
		t.Errorf("a visitor: status %d, want 401 before the store is read (%s)", w.Code, w.Body)
	}
}
