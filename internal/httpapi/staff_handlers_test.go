package httpapi

import (
	"encoding/json"
	"net/http"
	"pelotao/internal/api/apitest"
	"strings"
	"testing"
)

func (w *matrixWorld) json(t *testing.T, method, path, body string, role int) (int, map[string]any) {
	t.Helper()
	res := w.app.Call(method, path, body, apitest.Cookies(w.cookies[role]))
	var out map[string]any
	if res.Body.Len() > 0 {
		if err := json.Unmarshal(res.Body.Bytes(), &out); err != nil {
			t.Fatalf("%s %s: not JSON: %q", method, path, res.Body)
		}
	}
	return res.Code, out
}

func TestStaffInvitationFlow(t *testing.T) {
	w := newMatrixWorld(t, nil)
	staffPath := "/api/events/" + w.eventID + "/staff"

	code, body := w.json(t, "POST", staffPath, `{"email":"  Joana.Silva@Exemplo.com.BR ","role":"gestao"}`, resourceOwner)
	if code != 201 || body["emailEnviado"] != true {
		t.Fatalf("invite: %d %v", code, body)
	}
	member := body["member"].(map[string]any)
	if member["email"] != "joana.silva@exemplo.com.br" || member["pendente"] != true || member["nome"] != nil || member["role"] != "gestao" {
		t.Fatalf("pending member: %v", member)
	}
	msgs := w.app.mailer.Messages()
	last := msgs[len(msgs)-1]
	token := w.app.mailedToken(t, "joana.silva@exemplo.com.br", "/verificar-email")
	if last.To != "joana.silva@exemplo.com.br" || !strings.Contains(last.Subject, "Convite") ||
		!strings.Contains(last.Text, "Corrida da Dona") || !strings.Contains(last.Text, "gestão") ||
		!strings.Contains(last.Text, "http://localhost:8080/verificar-email?token="+token) ||
		!strings.Contains(last.Text, "/dashboard/eventos/"+w.eventID) ||
		!strings.Contains(last.Text, "/login?convite="+token+"&modo=cadastro&next=%2Fdashboard%2Feventos%2F"+w.eventID) {
		t.Fatalf("invitation e-mail: %+v", last)
	}

	// The same address, written otherwise, is already on the team.
	if code, body := w.json(t, "POST", staffPath, `{"email":"JOANA.SILVA@exemplo.com.br","role":"retirada"}`, resourceOwner); code != 409 {
		t.Fatalf("twice: %d %v", code, body)
	}
	// Signing up with the address (in other case) proves nothing: whoever did it gets no event,
	// no team list and no name on the team until the address is verified (TEAM-6).
	res := w.app.Call("POST", "/api/auth/signup", `{"email":"joana.SILVA@exemplo.com.br","password":"largada-as-seis","displayName":"Joana"}`)
	if res.Code != 201 {
		t.Fatalf("signup: %d %s", res.Code, res.Body)
	}
	joana := sessionCookie(t, res)
	if res := w.app.Call("GET", "/api/me/events-staff", "", apitest.Cookies(joana)); res.Code != 200 || strings.TrimSpace(res.Body.String()) != `{"events":[]}` {
		t.Fatalf("an unverified invitee's events: %d %s", res.Code, res.Body)
	}
	for _, path := range []string{staffPath, "/api/events/" + w.eventID + "/participants"} {
		if res := w.app.Call("GET", path, "", apitest.Cookies(joana)); res.Code != 403 {
			t.Fatalf("an unverified invitee reads %s: %d %s", path, res.Code, res.Body)
		}
	}
	code, body = w.json(t, "GET", staffPath, "", resourceOwner)
	waiting := staffByEmail(body, "joana.silva@exemplo.com.br")
	if code != 200 || waiting["pendente"] != true ||
		waiting["aguardandoConfirmacao"] != true || waiting["nome"] != nil {
		t.Fatalf("an invitation waiting for its account's verification: %d %v", code, waiting)
	}
	// The invitation's own link, opened signed in to the account, verifies the address; the role
	// follows at once.
	if res := w.app.Call("POST", "/api/auth/email-verification/confirm", `{"token":"`+token+`"}`, apitest.Cookies(joana)); res.Code != 200 ||
		strings.TrimSpace(res.Body.String()) != `{"email":"joana.silva@exemplo.com.br"}` {
		t.Fatalf("the invitation's link: %d %s", res.Code, res.Body)
	}
	res = w.app.Call("GET", "/api/me/events-staff", "", apitest.Cookies(joana))
	var mine struct {
		Events []struct {
			Role  string
			Event struct{ ID, Titulo string }
		}
	}
	json.Unmarshal(res.Body.Bytes(), &mine)
	if res.Code != 200 || len(mine.Events) != 1 || mine.Events[0].Role != "gestao" || mine.Events[0].Event.ID != w.eventID || mine.Events[0].Event.Titulo != "Corrida da Dona" {
		t.Fatalf("joana's events: %d %s", res.Code, res.Body)
	}
	res = w.app.Call("GET", staffPath, "", apitest.Cookies(joana))
	if res.Code != 200 || !strings.Contains(res.Body.String(), `"nome":"Joana"`) || !strings.Contains(res.Body.String(), `"role":"gestao"`) {
		t.Fatalf("the team seen by its new manager: %d %s", res.Code, res.Body)
	}

	code, body = w.json(t, "GET", staffPath, "", resourceOwner)
	owner := body["owner"].(map[string]any)
	if code != 200 || owner["email"] != "dona@exemplo.com.br" || len(body["staff"].([]any)) != 4 || body["role"] != "owner" {
		t.Fatalf("team: %d %v", code, body)
	}
	if joined := staffByEmail(body, "joana.silva@exemplo.com.br"); joined["pendente"] != false || joined["aguardandoConfirmacao"] != false || joined["nome"] != "Joana" {
		t.Fatalf("a verified member: %v", joined)
	}
}

// staffByEmail is the member of a GET …/staff answer with email, or nil.
func staffByEmail(answer map[string]any, email string) map[string]any {
	for _, m := range answer["staff"].([]any) {
		if m := m.(map[string]any); m["email"] == email {
			return m
		}
	}
	return nil
}

func TestStaffRefusals(t *testing.T) {
	w := newMatrixWorld(t, nil)
	staffPath := "/api/events/" + w.eventID + "/staff"
	for _, c := range []struct {
		name, body string
		role       int
		want       int
		field      string
	}{
		{"bad e-mail", `{"email":"nao-e-email","role":"retirada"}`, resourceOwner, 422, "email"},
		{"no e-mail", `{"email":"","role":"retirada"}`, resourceOwner, 422, "email"},
		{"unknown role", `{"email":"a@exemplo.com.br","role":"chefe"}`, resourceOwner, 422, "role"},
		{"owner is not a role to invite", `{"email":"a@exemplo.com.br","role":"owner"}`, resourceOwner, 422, "role"},
		{"the owner's own e-mail", `{"email":"DONA@exemplo.com.br","role":"gestao"}`, resourceOwner, 422, "email"},
		{"a manager inviting a manager", `{"email":"b@exemplo.com.br","role":"gestao"}`, gestaoMember, 403, ""},
		{"unknown field", `{"email":"c@exemplo.com.br","role":"retirada","admin":true}`, resourceOwner, 400, ""},
	} {
		code, body := w.json(t, "POST", staffPath, c.body, c.role)
		if code != c.want {
			t.Errorf("%s: %d %v, want %d", c.name, code, body, c.want)
			continue
		}
		errBody := body["error"].(map[string]any)
		if c.field != "" {
			if fields, _ := errBody["fields"].(map[string]any); fields[c.field] == nil {
				t.Errorf("%s: no message on %s: %v", c.name, c.field, body)
			}
		}
		if msg, _ := errBody["message"].(string); msg == "" {
			t.Errorf("%s: no message", c.name)
		}
	}
	if code, _ := w.json(t, "GET", "/api/events/nao-existe/staff", "", resourceOwner); code != 404 {
		t.Errorf("unknown event: %d", code)
	}
	if code, _ := w.json(t, "DELETE", staffPath+"/nao-existe", "", resourceOwner); code != 404 {
		t.Errorf("unknown member: %d", code)
	}

	// A manager may not remove a manager; the owner may.
	_, team := w.json(t, "GET", staffPath, "", resourceOwner)
	var gestaoID string
	for _, m := range team["staff"].([]any) {
		if m := m.(map[string]any); m["email"] == "gestora@exemplo.com.br" {
			gestaoID = m["id"].(string)
		}
	}
	if code, _ := w.json(t, "DELETE", staffPath+"/"+gestaoID, "", gestaoMember); code != 403 {
		t.Fatalf("a manager removing a manager: %d", code)
	}
	if code, _ := w.json(t, "DELETE", staffPath+"/"+gestaoID, "", resourceOwner); code != http.StatusNoContent {
		t.Fatalf("the owner removing a manager: %d", code)
	}
	if code, _ := w.json(t, "GET", staffPath, "", gestaoMember); code != 403 {
		t.Fatalf("a removed manager still sees the team: %d", code)
	}
	// Deleting the event takes the team with it: its members work on nothing any more.
	if code, _ := w.json(t, "DELETE", "/api/events/"+w.eventID, "", resourceOwner); code != 204 {
		t.Fatalf("deleting the event: %d", code)
	}
	if code, body := w.json(t, "GET", "/api/me/events-staff", "", retiradaMember); code != 200 || len(body["events"].([]any)) != 0 {
		t.Fatalf("after deletion: %d %v", code, body)
	}
}
