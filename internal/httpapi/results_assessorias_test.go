package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/groups"
	"pelotao/internal/participant"
	"pelotao/internal/results"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// rankingWorld is an event with three groups: Pé Quente's three paid athletes hold bibs 500 to
// 502 of the 60 km's range, Corre Curitiba is found by its results' team column, Equipe Vazia has
// no finisher.
type rankingWorld struct {
	eventID, noGroups string
}

func newRankingWorld(t testing.TB, st store.Store) rankingWorld {
	t.Helper()
	ctx := context.Background()
	newEvent := func(title string) string {
		e, err := event.Decode([]byte(validEventJSON(title, "2026-04-12")))
		if err != nil {
			t.Fatal(err)
		}
		e.Normalize()
		e.OwnerID = "dono"
		if e, err = st.CreateEvent(ctx, e); err != nil {
			t.Fatal(err)
		}
		return e.ID
	}
	w := rankingWorld{eventID: newEvent("Corrida das Assessorias"), noGroups: newEvent("Corrida Sem Grupos")}
	if err := st.CreateUser(ctx, store.User{ID: "tecnica", Email: "tecnica@exemplo.com.br", DisplayName: "Técnica",
		PasswordHash: "$argon2id$hash", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := st.SetParticipantSettings(ctx, w.eventID, participant.Settings{FaixasPeito: []participant.FaixaPeito{{Percurso: "60 km", Inicio: 500, Fim: 599}}}); err != nil {
		t.Fatal(err)
	}
	var peQuente string
	for _, nome := range []string{"Assessoria Pé Quente", "Corre Curitiba", "Equipe Vazia"} {
		g, err := st.CreateGroup(ctx, store.NewGroup{ID: store.NewParticipantID(), EventID: w.eventID, Nome: nome, Chave: groups.Chave(nome),
			Codigo: groups.NewCodigo(), CoachID: "tecnica", Now: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if peQuente == "" {
			peQuente = g.ID
		}
	}
	now := time.Now()
	var athletes []store.NewRegistration
	for i, nome := range []string{"Ana Quente", "Bia Quente", "Caio Quente"} {
		athletes = append(athletes, store.NewRegistration{DocTipo: participant.CPF, DocNumero: participant.CompleteCPF([]string{"529982247", "111444777", "390533447"}[i]),
			Nome: nome, Percurso: "60 km", Categoria: "Open", Camiseta: "M", Valor: 8990, Total: 8990, Atleta: []byte(`{}`)})
	}
	o, err := st.CreateOrder(ctx, store.NewOrder{EventID: w.eventID, BuyerID: "tecnica", Txid: "TXIDASSESSORIA0000000000000001", Now: now,
		ExpiraEm: now.Add(30 * time.Minute), Price: pricedAs(athletes...)})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.JoinGroup(ctx, o.ID, peQuente); err != nil {
		t.Fatal(err)
	}
	if _, err := st.ConfirmOrder(ctx, store.Payment{EndToEndID: "E12345678202612071200assess0001", Txid: o.Txid, Valor: o.Total, Horario: now}, store.Capacity{}); err != nil {
		t.Fatal(err)
	}
	return w
}

// rankingLines are the 60 km's results: Pé Quente's three by bib (Caio's team column names
// another group: the bib wins), two of Corre Curitiba by their team however spelled, one of it
// who did not finish, and one of no group.
func rankingLines() []results.Result {
	line := func(bib, nome, sexo, equipe, tempo, status string) results.Result {
		return results.Result{NumeroPeito: bib, Nome: nome, Sexo: sexo, Equipe: equipe, TempoLiquido: tempo, Status: status, Parciais: []results.Parcial{}}
	}
	rs := []results.Result{
		line("500", "Ana Quente", "F", "", "2:00:00", results.StatusOK),
		line("501", "Bia Quente", "F", "", "2:10:00", results.StatusOK),
		line("502", "Caio Quente", "M", "Corre Curitiba", "1:50:00", results.StatusOK),
		line("7", "Duda Curitiba", "F", "CORRE  CURITIBA", "2:01:00", results.StatusOK),
		line("8", "Eva Curitiba", "F", "corre curitiba", "2:05:00", results.StatusOK),
		line("9", "Fábio Curitiba", "M", "Corre Curitiba", "", "DNF"),
		line("10", "Gil Sozinho", "M", "", "1:40:00", results.StatusOK),
	}
	for i := range rs {
		rs[i].Ordem = i + 1
	}
	return rs
}

// GRP-41, GRP-42, GRP-43, GRP-44: the ranking by assessoria of a set, public: groups by finishers
// and by the sum of the best n times of each sex, matched by their paid registrations' bibs or,
// failing that, by team name; the set's status; n from 1 to 10 (the event's temposAssessoria when
// not given, GRP-31: 3 by default), else 422 at n;
// an event without groups answers empty lists; a re-import is ranked at once.
func TestGroupRankingOfAResultSet(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		app := newAuthAppOn(t, st, nil)
		w := newRankingWorld(t, st)
		set, err := st.ReplaceResultSet(ctx, results.Set{EventID: w.eventID, Percurso: "60 km", Status: results.Preliminar}, rankingLines())
		if err != nil {
			t.Fatal(err)
		}
		base := "/api/events/" + w.eventID + "/results/" + set.ID + "/grupos"
		get := func(url string, want int) string {
			t.Helper()
			res := app.Call("GET", url, "")
			if res.Code != want {
				t.Fatalf("GET %s: %d %s, want %d", url, res.Code, res.Body, want)
			}
			return strings.TrimSpace(res.Body.String())
		}
		// Corre Curitiba's 4:06:00 ranks before Pé Quente's 4:10:00.
		want := `{"porConcluintes":[{"nome":"Assessoria Pé Quente","concluintes":3},{"nome":"Corre Curitiba","concluintes":2}],` +
			`"porTempo":{"F":[{"nome":"Corre Curitiba","tempo":"4:06:00","atletas":["Duda Curitiba","Eva Curitiba"]},` +
			`{"nome":"Assessoria Pé Quente","tempo":"4:10:00","atletas":["Ana Quente","Bia Quente"]}],"M":[]},"status":"preliminar"}`
		if got := get(base+"?n=2", http.StatusOK); !sameJSON(got, want) {
			t.Errorf("n=2:\n%s\nwant\n%s", got, want)
		}
		// The default n is 3: no group has three of a sex.
		if got := get(base, http.StatusOK); !strings.Contains(got, `"porTempo":{"F":[],"M":[]}`) {
			t.Errorf("n=3: %s", got)
		}
		// GRP-31: without n, the event's temposAssessoria, which its organizer set to 2.
		e, err := st.GetEvent(ctx, w.eventID)
		if err != nil {
			t.Fatal(err)
		}
		e.TemposAssessoria = event.Int(2)
		if _, err := st.UpdateEvent(ctx, e); err != nil {
			t.Fatal(err)
		}
		if got := get(base, http.StatusOK); !sameJSON(got, want) {
			t.Errorf("the event's n of 2:\n%s\nwant\n%s", got, want)
		}
		if got := get(base+"?n=1", http.StatusOK); !strings.Contains(got, `"M":[{"nome":"Assessoria Pé Quente","tempo":"1:50:00","atletas":["Caio Quente"]}]`) {
			t.Errorf("n=1: %s", got)
		}
		for _, bad := range []string{"0", "11", "três", "-1"} {
			body := get(base+"?n="+bad, http.StatusUnprocessableEntity)
			if !strings.Contains(body, `"n":"Informe um número de 1 a 10."`) {
				t.Errorf("n=%s: %s", bad, body)
			}
		}
		get("/api/events/"+w.eventID+"/results/nao-existe/grupos", http.StatusNotFound)
		get("/api/events/"+w.noGroups+"/results/"+set.ID+"/grupos", http.StatusNotFound)

		// Official now, and Ana's line gone: the ranking says so at once.
		if set, err = st.ReplaceResultSet(ctx, results.Set{EventID: w.eventID, Percurso: "60 km", Status: results.Oficial}, rankingLines()[1:]); err != nil {
			t.Fatal(err)
		}
		app.srv.resultsCache.ForgetSet(set.ID) // as the import route does on this instance
		got := get(base+"?n=2", http.StatusOK)
		if !strings.Contains(got, `"status":"oficial"`) || !strings.Contains(got, `{"nome":"Assessoria Pé Quente","concluintes":2}`) ||
			strings.Contains(got, "Ana Quente") {
			t.Errorf("after the re-import: %s", got)
		}

		// GRP-32: Ana back under the timing company's own bib, found by her CPF as its file wrote it.
		lines := rankingLines()
		lines[0].NumeroPeito, lines[0].Chave, lines[0].Documento = "9500", "9500", results.DocumentKey("529.982.247-25")
		if set, err = st.ReplaceResultSet(ctx, results.Set{EventID: w.eventID, Percurso: "60 km", Status: results.Oficial}, lines); err != nil {
			t.Fatal(err)
		}
		app.srv.resultsCache.ForgetSet(set.ID)
		if got := get(base+"?n=2", http.StatusOK); !strings.Contains(got, `{"nome":"Assessoria Pé Quente","concluintes":3}`) {
			t.Errorf("Ana by her document: %s", got)
		}
		// GRP-33: each athlete's result names the group they count for, and never the document.
		for bib, grupo := range map[string]string{"9500": "Assessoria Pé Quente", "502": "Assessoria Pé Quente", "7": "Corre Curitiba", "10": ""} {
			got := get("/api/events/"+w.eventID+"/results/"+set.ID+"/athletes/"+bib, http.StatusOK)
			if !strings.Contains(got, `"grupo":"`+grupo+`"`) || strings.Contains(got, "52998224725") {
				t.Errorf("athlete %s: %s, want grupo %q", bib, got, grupo)
			}
		}

		other, err := st.ReplaceResultSet(ctx, results.Set{EventID: w.noGroups, Percurso: "60 km", Status: results.Oficial}, rankingLines())
		if err != nil {
			t.Fatal(err)
		}
		if got := get("/api/events/"+w.noGroups+"/results/"+other.ID+"/grupos", http.StatusOK); got != `{"porConcluintes":[],"porTempo":{"F":[],"M":[]},"status":"oficial"}` {
			t.Errorf("an event without groups: %s", got)
		}
		if got := get("/api/events/"+w.noGroups+"/results/"+other.ID+"/athletes/7", http.StatusOK); !strings.Contains(got, `"grupo":""`) {
			t.Errorf("an athlete of an event without groups: %s", got)
		}
	})
}

// sameJSON says whether two JSON texts hold the same value.
func sameJSON(a, b string) bool {
	var va, vb any
	if json.Unmarshal([]byte(a), &va) != nil || json.Unmarshal([]byte(b), &vb) != nil {
		return false
	}
	ja, _ := json.Marshal(va)
	jb, _ := json.Marshal(vb)
	return string(ja) == string(jb)
}
