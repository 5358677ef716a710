package salesapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
	"pelotao/internal/team"
)

// The people of the group tests, beside ana (the event's owner, with an account here) and
// bruno (an account whose e-mail is not verified): carla coaches, gil is the event's gestao,
// rita its kit desk, davi and fabi may become coaches, eva is anyone.
var (
	gil  = api.User{ID: "gil", Email: "gil@exemplo.com.br", DisplayName: "Gil"}
	rita = api.User{ID: "rita", Email: "rita@exemplo.com.br", DisplayName: "Rita"}
	davi = api.User{ID: "davi", Email: "davi@exemplo.com.br", DisplayName: "Davi"}
	fabi = api.User{ID: "fabi", Email: "fabi@exemplo.com.br", DisplayName: "Fabi"}
)

// groupWorld is a pixWorld (an event of ana sold here) with the accounts above and the event's
// team, and a second event of ana.
type groupWorld struct {
	*pixWorld
	otherEventID string
}

func newGroupWorld(t *testing.T) *groupWorld {
	t.Helper()
	return newGroupWorldOn(t, dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "grupos.db")))
}

func newGroupWorldOn(t *testing.T, st store.Store) *groupWorld {
	t.Helper()
	w := &groupWorld{pixWorld: newPixWorld(t, st, nil)}
	w.otherEventID = w.createEvent(t)
	for _, u := range []api.User{ana, carla, eva, gil, rita, davi, fabi} {
		verified(t, st, u)
	}
	if err := st.CreateUser(t.Context(), store.User{ID: bruno.ID, Email: bruno.Email, DisplayName: bruno.DisplayName,
		PasswordHash: "x", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	for u, role := range map[api.User]team.Role{gil: team.Gestao, rita: team.Retirada} {
		if _, err := st.AddStaff(t.Context(), store.StaffMember{EventID: w.eventID, Email: u.Email, Role: role,
			InvitedBy: ana.ID, InvitedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// groupJSON is a group as the API answers it, with the members of GET /api/grupos/{id}.
type groupJSON struct {
	groupAnswer
	Membros []memberAnswer `json:"membros"`
}

// group creates a group of the event named nome as u, and answers it.
func (w *groupWorld) group(t testing.TB, eventID, nome string, u api.User) groupJSON {
	t.Helper()
	rec := w.Call("POST", "/api/events/"+eventID+"/grupos", `{"nome":"`+nome+`"}`, apitest.As(&u))
	if rec.Code != http.StatusCreated {
		t.Fatalf("creating %q as %s: %d %s", nome, u.ID, rec.Code, rec.Body)
	}
	return decodeGroup(t, rec)
}

func decodeGroup(t testing.TB, rec *httptest.ResponseRecorder) groupJSON {
	t.Helper()
	var g groupJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &g); err != nil {
		t.Fatalf("%v: %s", err, rec.Body)
	}
	return g
}

// expectError checks that rec is status with code, and, when field is not "", a message at it.
func expectError(t *testing.T, what string, rec *httptest.ResponseRecorder, status int, code, field, message string) {
	t.Helper()
	if rec.Code != status {
		t.Errorf("%s: %d, want %d (%s)", what, rec.Code, status, rec.Body)
		return
	}
	var body errorAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("%s: not the error JSON: %v: %s", what, err, rec.Body)
	}
	e := body.Error
	if e.Code != code {
		t.Errorf("%s: code %q, want %q", what, e.Code, code)
	}
	if field != "" && e.Fields[field] != message {
		t.Errorf("%s: fields %v, want %s: %q", what, e.Fields, field, message)
	}
}

// GRP-1, GRP-2, GRP-4, GRP-11: an account with a verified e-mail creates a group of an event sold
// by Pelotão and is its coach; its name is checked at the field and unique in the event once folded; its
// code's route tells anyone its name and code only, in its own event.
func TestGroupCreate(t *testing.T) {
	w := newGroupWorld(t)
	path := "/api/events/" + w.eventID + "/grupos"
	expectError(t, "a visitor", w.Call("POST", path, `{"nome":"Corre Recife"}`), 401, "unauthenticated", "", "")
	expectError(t, "an unverified account", w.Call("POST", path, `{"nome":"Corre Recife"}`, apitest.As(&bruno)), 403, "email-nao-confirmado", "", "")
	for typed, problem := range map[string]string{
		"":                      "Informe o nome do grupo.",
		"  ":                    "Informe o nome do grupo.",
		"ab":                    "O nome do grupo deve ter de 3 a 80 caracteres.",
		strings.Repeat("á", 81): "O nome do grupo deve ter de 3 a 80 caracteres.",
		"!!! ---":               "O nome do grupo precisa ter letras ou números.",
	} {
		expectError(t, "name "+typed, w.Call("POST", path, `{"nome":"`+typed+`"}`, apitest.As(&carla)), 422, "invalid-argument", "nome", problem)
	}
	expectError(t, "no such event", w.Call("POST", "/api/events/nao-existe/grupos", `{"nome":"Corre Recife"}`, apitest.As(&carla)), 404, "not-found", "", "")
	elsewhere := w.createEvent(t, `"modo": "pelotao"`, `"modo": "externo"`)
	expectError(t, "an event sold elsewhere", w.Call("POST", "/api/events/"+elsewhere+"/grupos", `{"nome":"Corre Recife"}`, apitest.As(&carla)),
		409, "inscricoes-encerradas", "", "")

	g := w.group(t, w.eventID, "  Assessoria   Corre Curitiba ", carla)
	if g.Nome != "Assessoria Corre Curitiba" || len(g.Codigo) != 8 || strings.ToUpper(g.Codigo) != g.Codigo ||
		g.Link != "/inscricao/"+w.eventID+"?grupo="+g.Codigo || g.EventID != w.eventID ||
		len(g.Coaches) != 1 || g.Coaches[0] != (coachAnswer{UserID: carla.ID, Nome: carla.DisplayName}) || g.Inscritos != 0 {
		t.Fatalf("created %+v", g)
	}
	taken := "Já existe o grupo “Assessoria Corre Curitiba” neste evento. Peça o link a quem o criou ou escolha outro nome."
	expectError(t, "a folded name taken", w.Call("POST", path, `{"nome":"assessoria corre-CURITIBÁ"}`, apitest.As(&eva)), 409, "grupo-existe", "nome", taken)
	other := w.group(t, w.otherEventID, "Assessoria Corre Curitiba", eva)

	for _, codigo := range []string{g.Codigo, strings.ToLower(g.Codigo)} {
		rec := w.Call("GET", path+"/"+codigo, "")
		if rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != `{"codigo":"`+g.Codigo+`","nome":"Assessoria Corre Curitiba"}` {
			t.Errorf("the code %s to a visitor: %d %s", codigo, rec.Code, rec.Body)
		}
	}
	expectError(t, "another event's code", w.Call("GET", path+"/"+other.Codigo, ""), 404, "not-found", "", "")
	expectError(t, "a code of another shape", w.Call("GET", path+"/ABC", ""), 404, "not-found", "", "")
}

// GRP-10: a group is seen and changed by its coaches and its event's owner and gestao; removed
// and merged by the owner and gestao only; the kit desk and anyone else find no group. The
// event's list is its managers'; the athlete's dashboard lists the groups they coach.
func TestGroupWhoMay(t *testing.T) {
	w := newGroupWorld(t)
	g := w.group(t, w.eventID, "Pelotão da Orla", carla)
	other := w.group(t, w.eventID, "Pelotão da Serra", eva)
	one := "/api/grupos/" + g.ID
	cases := []struct {
		method, path, body string
		who                *api.User
		status             int
	}{
		{"GET", one, "", nil, 401},
		{"GET", one, "", &eva, 404},
		{"GET", one, "", &rita, 404},
		{"GET", one, "", &carla, 200},
		{"GET", one, "", &gil, 200},
		{"GET", one, "", &ana, 200},
		{"PATCH", one, `{"nome":"Pelotão da Orla 1"}`, nil, 401},
		{"PATCH", one, `{"nome":"Pelotão da Orla 2"}`, &eva, 404},
		{"PATCH", one, `{"nome":"Pelotão da Orla 3"}`, &rita, 404},
		{"PATCH", one, `{"nome":"Pelotão da Orla 4"}`, &carla, 200},
		{"PATCH", one, `{"nome":"Pelotão da Orla 5"}`, &gil, 200},
		{"PATCH", one, `{"nome":"Pelotão da Orla"}`, &ana, 200},
		{"DELETE", one, "", nil, 401},
		{"DELETE", one, "", &eva, 404},
		{"DELETE", one, "", &rita, 404},
		{"DELETE", one, "", &carla, 403},
		{"GET", "/api/events/" + w.eventID + "/grupos", "", nil, 401},
		{"GET", "/api/events/" + w.eventID + "/grupos", "", &carla, 403},
		{"GET", "/api/events/" + w.eventID + "/grupos", "", &rita, 403},
		{"GET", "/api/events/" + w.eventID + "/grupos", "", &gil, 200},
		{"POST", "/api/events/" + w.eventID + "/grupos/" + other.ID + "/mesclar", `{"em":"` + g.ID + `"}`, nil, 401},
		{"POST", "/api/events/" + w.eventID + "/grupos/" + other.ID + "/mesclar", `{"em":"` + g.ID + `"}`, &carla, 403},
		{"POST", "/api/events/" + w.eventID + "/grupos/" + other.ID + "/mesclar", `{"em":"` + g.ID + `"}`, &eva, 403},
		{"POST", "/api/events/" + w.eventID + "/grupos/" + other.ID + "/mesclar", `{"em":"` + g.ID + `"}`, &rita, 403},
		{"GET", "/api/me/grupos", "", nil, 401},
	}
	for _, c := range cases {
		who := "a visitor"
		if c.who != nil {
			who = c.who.ID
		}
		if rec := w.Call(c.method, c.path, c.body, apitest.As(c.who)); rec.Code != c.status {
			t.Errorf("%s %s as %s: %d, want %d (%s)", c.method, c.path, who, rec.Code, c.status, rec.Body)
		}
	}
	rec := w.Call("GET", "/api/events/"+w.eventID+"/grupos", "", apitest.As(&gil))
	var list struct{ Grupos []groupAnswer }
	if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil || len(list.Grupos) != 2 || list.Grupos[0].ID != g.ID ||
		list.Grupos[0].Nome != "Pelotão da Orla" || list.Grupos[1].ID != other.ID {
		t.Errorf("the event's groups: %s", rec.Body)
	}
	rec = w.Call("GET", "/api/me/grupos", "", apitest.As(&carla))
	var mine struct {
		Grupos []struct {
			ID     string
			Link   string
			Evento struct{ ID, Titulo string }
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &mine); err != nil || len(mine.Grupos) != 1 || mine.Grupos[0].ID != g.ID ||
		mine.Grupos[0].Link != g.Link || mine.Grupos[0].Evento.ID != w.eventID || mine.Grupos[0].Evento.Titulo == "" {
		t.Errorf("carla's groups: %s", rec.Body)
	}
	if rec := w.Call("GET", "/api/me/grupos", "", apitest.As(&gil)); strings.TrimSpace(rec.Body.String()) != `{"grupos":[]}` {
		t.Errorf("gil coaches no group: %s", rec.Body)
	}
	if rec := w.Call("DELETE", one, "", apitest.As(&ana)); rec.Code != 204 {
		t.Errorf("the owner removes an empty group: %d %s", rec.Code, rec.Body)
	}
	if rec := w.Call("DELETE", "/api/grupos/"+other.ID, "", apitest.As(&gil)); rec.Code != 204 {
		t.Errorf("gestao removes an empty group: %d %s", rec.Code, rec.Body)
	}
}

// GRP-5, GRP-6: a rename is checked at the field and keeps the folded name unique; the second
// coach is an account with a verified e-mail, at most two coaches, each once; nothing is written
// when any field is wrong.
func TestGroupPatch(t *testing.T) {
	w := newGroupWorld(t)
	g := w.group(t, w.eventID, "Tribo do Asfalto", carla)
	w.group(t, w.eventID, "Tribo da Trilha", eva)
	path := "/api/grupos/" + g.ID
	patch := func(body string) *httptest.ResponseRecorder { return w.Call("PATCH", path, body, apitest.As(&carla)) }
	expectError(t, "nothing to change", patch(`{}`), 422, "invalid-argument", "nome", "Informe o novo nome do grupo ou o e-mail de quem vai ser treinador.")
	expectError(t, "a short name", patch(`{"nome":"TT"}`), 422, "invalid-argument", "nome", "O nome do grupo deve ter de 3 a 80 caracteres.")
	expectError(t, "another's folded name", patch(`{"nome":"tribo da trilha"}`), 409, "grupo-existe", "nome",
		"Já existe o grupo “Tribo da Trilha” neste evento. Peça o link a quem o criou ou escolha outro nome.")
	noAccount := "Não há conta com este e-mail confirmado. Peça que a pessoa crie a conta e confirme o e-mail."
	for body, problem := range map[string]string{
		`{"coachEmail":""}`:                       "Informe o e-mail de quem vai ser treinador.",
		`{"coachEmail":"davi@"}`:                  "Informe um e-mail válido.",
		`{"coachEmail":"ninguem@exemplo.com.br"}`: noAccount,
		`{"coachEmail":"bruno@exemplo.com.br"}`:   noAccount,
		`{"coachEmail":" Carla@Exemplo.com.br "}`: "Esta pessoa já é treinadora do grupo.",
		`{"nome":"Tribo Nova","coachEmail":"x@"}`: "Informe um e-mail válido.",
	} {
		expectError(t, body, patch(body), 422, "invalid-argument", "coachEmail", problem)
	}
	if got := decodeGroup(t, w.Call("GET", path, "", apitest.As(&carla))); got.Nome != "Tribo do Asfalto" || len(got.Coaches) != 1 {
		t.Fatalf("after refused changes: %+v", got)
	}
	rec := patch(`{"nome":"TRIBO do asfalto ","coachEmail":"Davi@exemplo.com.br"}`)
	got := decodeGroup(t, rec)
	if rec.Code != 200 || got.Nome != "TRIBO do asfalto" || got.Codigo != g.Codigo || len(got.Coaches) != 2 || got.Coaches[1].UserID != davi.ID {
		t.Fatalf("rename and a second coach: %d %s", rec.Code, rec.Body)
	}
	if rec := w.Call("GET", path, "", apitest.As(&davi)); rec.Code != 200 {
		t.Errorf("the second coach sees the group: %d", rec.Code)
	}
	expectError(t, "a third coach", w.Call("PATCH", path, `{"coachEmail":"fabi@exemplo.com.br"}`, apitest.As(&davi)), 422, "invalid-argument",
		"coachEmail", "O grupo já tem dois treinadores.")
}

// GRP-8, GRP-9, GRP-12: the coaches' page lists the group's registrations held or confirmed,
// paid or not; a group with one is not removed; a merge moves its registrations into another
// group of the event and removes it.
func TestGroupMembersDeleteMerge(t *testing.T) {
	w := newGroupWorld(t)
	g := w.group(t, w.eventID, "Corredores do Capibaribe", carla)
	into := w.group(t, w.eventID, "Corredores do Recife", carla)
	elsewhere := w.group(t, w.otherEventID, "Corredores de Olinda", carla)
	o := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&bruno)), http.StatusCreated)
	if err := w.st.JoinGroup(t.Context(), o.ID, g.ID); err != nil {
		t.Fatal(err)
	}
	got := decodeGroup(t, w.Call("GET", "/api/grupos/"+g.ID, "", apitest.As(&carla)))
	want := []memberAnswer{{InscricaoID: o.Inscricoes[0].ID, Nome: o.Inscricoes[0].Nome, Percurso: "60 km", Camiseta: o.Inscricoes[0].Camiseta,
		Status: "pendente", PedidoID: o.ID}}
	if got.Inscritos != 1 || got.Confirmados != 0 || len(got.Membros) != 1 || got.Membros[0] != want[0] {
		t.Fatalf("the group with a held order: %+v, want members %+v", got, want)
	}
	expectError(t, "removing it", w.Call("DELETE", "/api/grupos/"+g.ID, "", apitest.As(&ana)), 409, "grupo-com-inscritos", "", "")

	merge := func(from, body string) *httptest.ResponseRecorder {
		return w.Call("POST", "/api/events/"+w.eventID+"/grupos/"+from+"/mesclar", body, apitest.As(&gil))
	}
	expectError(t, "no group to merge into", merge(g.ID, `{}`), 422, "invalid-argument", "em", "Escolha o grupo que vai receber as inscrições.")
	expectError(t, "into itself", merge(g.ID, `{"em":"`+g.ID+`"}`), 422, "invalid-argument", "em", "Escolha outro grupo: um grupo não se mescla com ele mesmo.")
	expectError(t, "into another event's", merge(g.ID, `{"em":"`+elsewhere.ID+`"}`), 422, "invalid-argument", "em", "Este grupo não existe neste evento.")
	expectError(t, "another event's group", merge(elsewhere.ID, `{"em":"`+into.ID+`"}`), 404, "not-found", "", "")
	expectError(t, "no such group", merge("nao-existe", `{"em":"`+into.ID+`"}`), 404, "not-found", "", "")
	rec := merge(g.ID, `{"em":"`+into.ID+`"}`)
	if merged := decodeGroup(t, rec); rec.Code != 200 || merged.ID != into.ID || merged.Inscritos != 1 {
		t.Fatalf("merge: %d %s", rec.Code, rec.Body)
	}
	expectError(t, "the merged group", w.Call("GET", "/api/grupos/"+g.ID, "", apitest.As(&carla)), 404, "not-found", "", "")
	if got := decodeGroup(t, w.Call("GET", "/api/grupos/"+into.ID, "", apitest.As(&carla))); len(got.Membros) != 1 || got.Membros[0].PedidoID != o.ID {
		t.Errorf("the group merged into: %+v", got)
	}
	expectError(t, "removing the group merged into", w.Call("DELETE", "/api/grupos/"+into.ID, "", apitest.As(&gil)), 409, "grupo-com-inscritos", "", "")
}

// GRP-2: two coaches creating one folded name at once get one 201 and one 409 grupo-existe, on
// both databases.
func TestGroupCreateRace(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newGroupWorldOn(t, st)
		path := "/api/events/" + w.eventID + "/grupos"
		for range 5 { // a few rounds, each its own name
			name := store.NewParticipantID()[:10]
			codes := make(chan int, 2)
			var wg sync.WaitGroup
			for i, u := range []api.User{carla, eva} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					body := `{"nome":"Equipe ` + name + `"}`
					if i == 1 {
						body = `{"nome":"EQUIPE  ` + strings.ToUpper(name) + `"}`
					}
					codes <- w.Call("POST", path, body, apitest.As(&u)).Code
				}()
			}
			wg.Wait()
			close(codes)
			got := map[int]int{}
			for c := range codes {
				got[c]++
			}
			if got[201] != 1 || got[409] != 1 {
				t.Fatalf("two creations of one folded name at once: %v, want one 201 and one 409", got)
			}
		}
	})
}
