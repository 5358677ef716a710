package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/event"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
	"pelotao/internal/store/postgres"
	"pelotao/internal/store/postgres/pgtest"
)

// deskWorld is an event dated `days` from today, with three participants, its owner, a manager
// and a kit desk member signed in.
type deskWorld struct {
	app                      *authApp
	eventID                  string
	owner, gestora, retirada *http.Cookie
	ana, bia, caio           string // participant ids
	anaCPF, biaCPF, caioCPF  string
}

func newDeskWorld(t *testing.T, st store.Store, days int) *deskWorld {
	t.Helper()
	w := &deskWorld{app: newAuthAppOn(t, st, nil)}
	signUp := func(email string) *http.Cookie {
		res := w.app.Call("POST", "/api/auth/signup", `{"email":"`+email+`","password":"largada-as-seis","displayName":"Pessoa `+email[:4]+`"}`)
		if res.Code != http.StatusCreated {
			t.Fatalf("signup %s: %d %s", email, res.Code, res.Body)
		}
		return sessionCookie(t, res)
	}
	w.owner = signUp("dona@exemplo.com.br")
	date := event.Today(w.app.srv.cfg.Location, time.Now()).AddDays(days).String()
	res := w.app.Call("POST", "/api/events", validEventJSON("Corrida do Balcão", date), apitest.Cookies(w.owner))
	if res.Code != http.StatusCreated {
		t.Fatalf("event: %d %s", res.Code, res.Body)
	}
	var created struct{ ID string }
	_ = json.Unmarshal(res.Body.Bytes(), &created)
	w.eventID = created.ID
	for email, role := range map[string]string{"gestora@exemplo.com.br": "gestao", "balcao@exemplo.com.br": "retirada"} {
		if res := w.app.Call("POST", "/api/events/"+w.eventID+"/staff", `{"email":"`+email+`","role":"`+role+`"}`, apitest.Cookies(w.owner)); res.Code != http.StatusCreated {
			t.Fatalf("invite %s: %d %s", email, res.Code, res.Body)
		}
	}
	w.gestora, w.retirada = signUp("gestora@exemplo.com.br"), signUp("balcao@exemplo.com.br")
	w.app.confirmEmail(t, "gestora@exemplo.com.br", w.gestora)
	w.app.confirmEmail(t, "balcao@exemplo.com.br", w.retirada)
	w.anaCPF, w.biaCPF, w.caioCPF = participant.CompleteCPF("529982247"), participant.CompleteCPF("111444777"), participant.CompleteCPF("390533447")
	var plan participant.Plan
	for i, p := range []struct{ nome, cpf string }{{"Ana Souza", w.anaCPF}, {"Bia Lima", w.biaCPF}, {"Caio Reis", w.caioCPF}} {
		plan.Add = append(plan.Add, participant.Row{Line: i + 2, P: participant.Participant{ID: store.NewParticipantID(),
			Nome: p.nome, Percurso: "10 km", Camiseta: "M", Pago: true, Email: fmt.Sprintf("p%d@exemplo.com.br", i),
			Documento: participant.Documento{Tipo: participant.CPF, Numero: p.cpf}}})
	}
	importPlan(t, st, w.eventID, plan)
	list, err := st.EventParticipants(context.Background(), w.eventID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range list {
		*map[string]*string{"Ana Souza": &w.ana, "Bia Lima": &w.bia, "Caio Reis": &w.caio}[p.Nome] = p.ID
	}
	return w
}

// importPlan saves plan's participants to the event, as its owner's import would.
func importPlan(t testing.TB, st store.Store, eventID string, plan participant.Plan) {
	t.Helper()
	if err := st.ApplyImport(context.Background(), eventID, plan, store.Actor{UserID: "dona", Nome: "Dona", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
}

type rosterBody struct {
	Participants []struct {
		ID          string                `json:"id"`
		Nome        string                `json:"nome"`
		Email       *string               `json:"email"`
		Documento   participant.Documento `json:"documento"`
		KitRetirado *participant.Kit      `json:"kitRetirado"`
	} `json:"participants"`
	Cursor string `json:"cursor"`
	Role   string `json:"role"`
}

func (w *deskWorld) roster(t *testing.T, who *http.Cookie, since string) (rosterBody, string) {
	t.Helper()
	path := "/api/events/" + w.eventID + "/checkin/roster"
	if since != "" {
		path += "?since=" + since
	}
	res := w.app.Call("GET", path, "", apitest.Cookies(who))
	if res.Code != http.StatusOK {
		t.Fatalf("roster: %d %s", res.Code, res.Body)
	}
	var b rosterBody
	if err := json.Unmarshal(res.Body.Bytes(), &b); err != nil {
		t.Fatal(err)
	}
	return b, res.Body.String()
}

func checkinBody(id, participantID, balcao string) string {
	return fmt.Sprintf(`{"checkins":[{"id":%q,"participantId":%q,"at":"2026-05-10T12:14:00Z","retiradoPor":null,"camisetaEntregue":"G","balcao":%q}]}`,
		id, participantID, balcao)
}

type checkinAnswers struct {
	Checkins []struct {
		ID          string           `json:"id"`
		Status      string           `json:"status"`
		KitRetirado *participant.Kit `json:"kitRetirado"`
	} `json:"checkins"`
}

func (w *deskWorld) send(t *testing.T, who *http.Cookie, body string) checkinAnswers {
	t.Helper()
	res := w.app.Call("POST", "/api/events/"+w.eventID+"/checkin", body, apitest.Cookies(who))
	if res.Code != http.StatusOK {
		t.Fatalf("checkin: %d %s", res.Code, res.Body)
	}
	var a checkinAnswers
	if err := json.Unmarshal(res.Body.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestKitDeskJourney(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newDeskWorld(t, st, 1)

		// A desk sees CPFs masked and nothing it does not need; a manager sees them whole.
		desk, raw := w.roster(t, w.retirada, "")
		if len(desk.Participants) != 3 || desk.Role != "retirada" || desk.Cursor == "" {
			t.Fatalf("desk roster: %+v", desk)
		}
		for _, cpf := range []string{w.anaCPF, w.biaCPF, w.caioCPF} {
			if strings.Contains(raw, cpf) || strings.Contains(raw, participant.FormatCPF(cpf)) {
				t.Fatalf("a full CPF reached the kit desk: %s", raw)
			}
		}
		if strings.Contains(raw, "@exemplo.com.br") || desk.Participants[0].Documento.Numero[:4] != "***." {
			t.Fatalf("desk roster carries more than the desk needs: %s", raw)
		}
		if full, _ := w.roster(t, w.gestora, ""); full.Role != "gestao" || !strings.Contains(fmt.Sprint(full.Participants), w.anaCPF) {
			t.Fatalf("manager roster: %+v", full)
		}

		// Idempotent: the same id twice is one pickup.
		if a := w.send(t, w.retirada, checkinBody("dev-1", w.ana, "Balcão 1")); a.Checkins[0].Status != "ok" ||
			a.Checkins[0].KitRetirado.Balcao != "Balcão 1" || a.Checkins[0].KitRetirado.Por != "Pessoa balc" {
			t.Fatalf("first pickup: %+v", a)
		}
		if a := w.send(t, w.retirada, checkinBody("dev-1", w.ana, "Balcão 1")); a.Checkins[0].Status != "duplicate" {
			t.Fatalf("resent pickup: %+v", a)
		}
		// Another desk, same kit: conflict, with the pickup that won.
		if a := w.send(t, w.gestora, checkinBody("dev-2", w.ana, "Balcão 2")); a.Checkins[0].Status != "conflict" ||
			a.Checkins[0].KitRetirado == nil || a.Checkins[0].KitRetirado.Balcao != "Balcão 1" {
			t.Fatalf("second desk: %+v", a)
		}

		// The delta after the first download holds only what changed.
		delta, _ := w.roster(t, w.retirada, desk.Cursor)
		if len(delta.Participants) != 1 || delta.Participants[0].ID != w.ana || delta.Participants[0].KitRetirado == nil {
			t.Fatalf("delta: %+v", delta)
		}

		// Undo: managers only, kept in the history, seen by desks in the next delta.
		undo := "/api/events/" + w.eventID + "/checkin/" + w.ana
		if res := w.app.Call("DELETE", undo, "", apitest.Cookies(w.retirada)); res.Code != http.StatusForbidden {
			t.Fatalf("kit desk undo: %d", res.Code)
		}
		if res := w.app.Call("DELETE", undo, "", apitest.Cookies(w.gestora)); res.Code != http.StatusNoContent {
			t.Fatalf("manager undo: %d %s", res.Code, res.Body)
		}
		if res := w.app.Call("DELETE", undo, "", apitest.Cookies(w.owner)); res.Code != http.StatusNotFound {
			t.Fatalf("undo with no pickup: %d %s", res.Code, res.Body)
		}
		after, _ := w.roster(t, w.retirada, delta.Cursor)
		if len(after.Participants) != 1 || after.Participants[0].KitRetirado != nil {
			t.Fatalf("delta after undo: %+v", after)
		}
		res := w.app.Call("GET", "/api/events/"+w.eventID+"/checkin/history", "", apitest.Cookies(w.gestora))
		var h struct {
			History []struct {
				ID, Status string
				DesfeitoEm *time.Time
			}
		}
		_ = json.Unmarshal(res.Body.Bytes(), &h)
		if res.Code != http.StatusOK || len(h.History) != 2 || h.History[0].ID != "dev-2" || h.History[0].Status != "conflict" ||
			h.History[1].DesfeitoEm == nil {
			t.Fatalf("history: %d %s", res.Code, res.Body)
		}

		// Progress for the organizer tab.
		w.send(t, w.retirada, checkinBody("dev-3", w.bia, "Balcão 1"))
		res = w.app.Call("GET", "/api/events/"+w.eventID+"/checkin/stats", "", apitest.Cookies(w.retirada))
		if res.Code != http.StatusOK || !strings.Contains(res.Body.String(), `"total":3,"retirados":1`) ||
			!strings.Contains(res.Body.String(), `"porBalcao":[{"balcao":"Balcão 1","retirados":1}]`) {
			t.Fatalf("stats: %d %s", res.Code, res.Body)
		}
	})
}

func TestCheckinValidation(t *testing.T) {
	w := newDeskWorld(t, dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "v.db")), 1)
	path := "/api/events/" + w.eventID + "/checkin"
	cases := []struct {
		body  string
		code  int
		field string
	}{
		{`{"checkins":[]}`, 400, ""},
		{`{"checkins":[{"id":"","participantId":"` + w.ana + `","at":"2026-05-10T12:14:00Z","retiradoPor":null,"camisetaEntregue":"M","balcao":" "}]}`, 422, "checkins[0].balcao"},
		{`{"checkins":[{"id":"x","participantId":"` + w.ana + `","at":"2026-05-10T12:14:00Z","retiradoPor":{"nome":"","documento":"1"},"camisetaEntregue":"M","balcao":"B"}]}`, 422, "checkins[0].retiradoPor.nome"},
		{`{"checkins":[{"id":"x","participantId":"` + w.ana + `","at":"2999-05-10T12:14:00Z","retiradoPor":null,"camisetaEntregue":"M","balcao":"B"}]}`, 422, "checkins[0].at"},
		{checkinBody("x", "de-outro-evento", "B"), 422, ""},
	}
	for _, c := range cases {
		res := w.app.Call("POST", path, c.body, apitest.Cookies(w.retirada))
		if res.Code != c.code || !strings.Contains(res.Body.String(), c.field) {
			t.Errorf("%s: %d %s", c.body, res.Code, res.Body)
		}
	}
	// Nothing of the refused requests was recorded.
	if b, _ := w.roster(t, w.gestora, ""); b.Participants[0].KitRetirado != nil || b.Participants[1].KitRetirado != nil {
		t.Fatalf("a refused pickup was recorded: %+v", b)
	}
}

// The roster is served until the event's date plus 7 days, then answers 410 in Portuguese.
func TestRosterCutoff(t *testing.T) {
	for days, want := range map[int]int{-7: http.StatusOK, -8: http.StatusGone} {
		t.Run(fmt.Sprint(days, " dias"), func(t *testing.T) {
			dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
				w := newDeskWorld(t, st, days)
				res := w.app.Call("GET", "/api/events/"+w.eventID+"/checkin/roster", "", apitest.Cookies(w.retirada))
				if res.Code != want {
					t.Fatalf("event %d days away: %d %s", days, res.Code, res.Body)
				}
				if want == http.StatusGone && !strings.Contains(res.Body.String(), `"code":"checkin/closed"`) {
					t.Fatalf("cutoff answer: %s", res.Body)
				}
			})
		})
	}
}

// Two instances on one PostgreSQL database, twenty desks, one kit: one pickup counts.
func TestTwoInstancesFirstPickupWins(t *testing.T) {
	cfg := pgtest.FreshSchema(t)
	var apps [2]*authApp
	for i := range apps {
		st, err := postgres.OpenConfig(context.Background(), cfg.Copy(), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		apps[i] = newAuthAppOn(t, st, nil)
	}
	st, err := postgres.OpenConfig(context.Background(), cfg.Copy(), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	w := newDeskWorld(t, st, 1)
	var mu sync.Mutex
	got := map[string]int{}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			res := apps[i%2].Call("POST", "/api/events/"+w.eventID+"/checkin", checkinBody(fmt.Sprint("desk-", i), w.caio, fmt.Sprint("Balcão ", i)), apitest.Cookies(w.retirada))
			var a checkinAnswers
			_ = json.Unmarshal(res.Body.Bytes(), &a)
			mu.Lock()
			defer mu.Unlock()
			if res.Code != http.StatusOK || len(a.Checkins) != 1 {
				got[fmt.Sprint(res.Code, res.Body.String())]++
				return
			}
			got[a.Checkins[0].Status]++
		})
	}
	wg.Wait()
	if got["ok"] != 1 || got["conflict"] != 19 {
		t.Fatalf("answers: %v", got)
	}
}

// REG-105: a registration sold here and refunded in full leaves the kit desk's roster: asked from
// its cursor, the roster names it in removidos; the participants list and totals lose it too.
func TestRosterListsRefundedRegistrationsAsRemoved(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newDeskWorld(t, st, 3)
		ctx, now := context.Background(), time.Now()
		o, err := st.CreateOrder(ctx, store.NewOrder{EventID: w.eventID, BuyerID: "comprador", Txid: "TXIDREMOVIDO00000000000000", Now: now,
			ExpiraEm: now.Add(30 * time.Minute), Price: pricedAs(store.NewRegistration{DocTipo: participant.CPF,
				DocNumero: participant.CompleteCPF("987654321"), Nome: "Duda Reembolso", Percurso: "10 km", Categoria: "Geral",
				Camiseta: "M", Valor: 8990, Total: 8990, Atleta: []byte(`{}`)})})
		if err != nil {
			t.Fatal(err)
		}
		paid, err := st.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-removido", Txid: o.Txid, Valor: 8990, Horario: now}, store.Capacity{})
		if err != nil {
			t.Fatal(err)
		}
		all, _ := w.roster(t, w.retirada, "")
		if len(all.Participants) != 4 {
			t.Fatalf("roster before the refund: %d", len(all.Participants))
		}
		if _, err := st.AddRefund(ctx, o.ID, store.Refund{ID: "DREMOVIDO", EndToEndID: "E-removido", Valor: 8990}, store.Actor{At: now}); err != nil {
			t.Fatal(err)
		}
		if _, err := st.SetRefundStatus(ctx, "DREMOVIDO", store.RefundReturned, now); err != nil {
			t.Fatal(err)
		}
		delta, raw := w.roster(t, w.retirada, all.Cursor)
		if len(delta.Participants) != 0 || !strings.Contains(raw, `"removidos":["`+paid.Inscricoes[0].ParticipantID+`"]`) {
			t.Fatalf("delta after the refund: %s", raw)
		}
		if again, _ := w.roster(t, w.retirada, ""); len(again.Participants) != 3 {
			t.Fatalf("roster after the refund: %d", len(again.Participants))
		}
		res := w.app.Call("GET", "/api/events/"+w.eventID+"/participants", "", apitest.Cookies(w.gestora))
		if !strings.Contains(res.Body.String(), `"total":3`) || strings.Contains(res.Body.String(), "Duda") {
			t.Fatalf("participants after the refund: %s", res.Body)
		}
	})
}
