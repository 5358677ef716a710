package httpapi

import (
	"encoding/json"
	"pelotao/internal/api/apitest"
	"testing"
)

// ORG-14: GET /api/me/painel lists the events of the caller's panel, each with the caller's role
// and figures; money only for a role that opens the event's Financeiro tab.
func TestMyPanel(t *testing.T) {
	w := newMatrixWorld(t, nil)
	type entry struct {
		Role          string
		Event         struct{ ID, Titulo string }
		Inscritos     int
		KitsRetirados int
		Resultados    struct{ Oficiais, Preliminares int }
		Dinheiro      *struct{ ValorPago, ValorPendente, Bruto, Reembolsado, Liquido float64 }
	}
	for _, c := range []struct {
		role      int
		titulo    string // of the one event listed; "" for none
		wantRole  string
		inscritos int
		seesMoney bool
	}{
		{resourceOwner, "Corrida da Dona", "owner", 1, true},
		{gestaoMember, "Corrida da Dona", "gestao", 1, true},
		{retiradaMember, "Corrida da Dona", "retirada", 1, false},
		{nonOwner, "Corrida do Outro", "owner", 0, true},
		{otherTeamMember, "Corrida do Outro", "gestao", 0, true},
		{unverifiedInvitee, "", "", 0, false}, // its invitation gives no role until verified (TEAM-6)
	} {
		res := w.app.Call("GET", "/api/me/painel", "", apitest.Cookies(w.cookies[c.role]))
		var body struct{ Eventos []entry }
		var raw struct{ Eventos []map[string]json.RawMessage }
		if res.Code != 200 || json.Unmarshal(res.Body.Bytes(), &body) != nil || json.Unmarshal(res.Body.Bytes(), &raw) != nil || body.Eventos == nil {
			t.Fatalf("%s: %d %s", roleNames[c.role], res.Code, res.Body)
		}
		if c.titulo == "" {
			if len(body.Eventos) != 0 {
				t.Errorf("%s: %s, want no event", roleNames[c.role], res.Body)
			}
			continue
		}
		if len(body.Eventos) != 1 {
			t.Fatalf("%s: %s, want one event", roleNames[c.role], res.Body)
		}
		e := body.Eventos[0]
		if e.Event.Titulo != c.titulo || e.Role != c.wantRole || e.Inscritos != c.inscritos || (e.Dinheiro != nil) != c.seesMoney {
			t.Errorf("%s: %+v (dinheiro %v); want %s as %s, %d inscritos, money %v", roleNames[c.role], e, e.Dinheiro, c.titulo, c.wantRole, c.inscritos, c.seesMoney)
		}
		if !c.seesMoney && string(raw.Eventos[0]["dinheiro"]) != "null" {
			t.Errorf("%s: dinheiro %s, want null", roleNames[c.role], raw.Eventos[0]["dinheiro"])
		}
	}
}
