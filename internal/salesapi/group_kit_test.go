package salesapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/qrcode"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
	"pelotao/internal/team"
)

// GRP-59, GRP-60: the coach's page draws the group's QR code, {base}/i/{codigo}, for those who see
// the group; GET /api/i/{codigo} of a group's code answers its event's team (owner, gestao,
// retirada) where the kit desk opens and the group: its coaches' names and its members, paid ones
// with their participant; to the coach, anyone else and an unknown code, the 404 of a
// registration code that is not theirs.
func TestGroupCodeOpensTheKitDesk(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newGroupWorldOn(t, st)
		eventID := w.otherEventID // its slots are many: one order paid, one held
		if _, err := st.AddStaff(t.Context(), store.StaffMember{EventID: eventID, Email: rita.Email, Role: team.Retirada,
			InvitedBy: ana.ID, InvitedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		g := w.group(t, eventID, "Corredores do Pina", carla)
		paid := w.order(t, w.Call("POST", "/api/events/"+eventID+"/pedidos", orderJSON(t, ""), apitest.As(&bruno)), http.StatusCreated)
		if rec := w.Call("POST", sandbox.Path+"simular/"+paid.Pix.Txid, ""); rec.Code != 200 {
			t.Fatalf("simulate %d %s", rec.Code, rec.Body)
		}
		heldBody := strings.NewReplacer("529.982.247-25", "111.444.777-35", "ana@exemplo.com.br", "eva@exemplo.com.br",
			`"nome":"Ana Souza"`, `"nome":"Eva Espera"`).Replace(orderJSON(t, ""))
		held := w.order(t, w.Call("POST", "/api/events/"+eventID+"/pedidos", heldBody, apitest.As(&eva)), http.StatusCreated)
		for _, o := range []orderAnswer{paid, held} {
			if err := st.JoinGroup(t.Context(), o.ID, g.ID); err != nil {
				t.Fatal(err)
			}
		}
		stored, err := st.Order(t.Context(), paid.ID)
		if err != nil || stored.Inscricoes[0].ParticipantID == "" {
			t.Fatalf("the paid order: %+v %v", stored, err)
		}
		want := groupCodeAnswer{codeAnswer: codeAnswer{Role: codeForTeam, EventID: eventID, Codigo: g.Codigo},
			Grupo: deskGroup{ID: g.ID, Nome: "Corredores do Pina", Coaches: []deskCoach{{Nome: carla.DisplayName}},
				Membros: []deskMember{{ParticipantID: stored.Inscricoes[0].ParticipantID, Nome: "Ana Souza", Pago: true},
					{Nome: "Eva Espera"}}}} // by name
		for _, c := range []struct {
			who    *api.User
			status int
		}{{&ana, 200}, {&rita, 200}, {&carla, 404}, {&eva, 404}, {&gil, 404}, {nil, 401}} {
			// The code as a desk may type it: lower case, spaces around.
			rec := w.Call("GET", "/api/i/%20"+strings.ToLower(g.Codigo), "", apitest.As(c.who))
			if rec.Code != c.status {
				t.Errorf("%v: %d %s, want %d", c.who, rec.Code, rec.Body, c.status)
				continue
			}
			if c.status != 200 {
				if strings.Contains(rec.Body.String(), g.Nome) || strings.Contains(rec.Body.String(), eventID) {
					t.Errorf("%v: the refusal tells of the group: %s", c.who, rec.Body)
				}
				continue
			}
			var got groupCodeAnswer
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			gotJSON, _ := json.Marshal(got)
			wantJSON, _ := json.Marshal(want)
			if !bytes.Equal(gotJSON, wantJSON) {
				t.Errorf("%v:\n%s\nwant\n%s", c.who, gotJSON, wantJSON)
			}
		}
		if rec := w.Call("GET", "/api/i/ZZZZ2222", "", apitest.As(&ana)); rec.Code != 404 || !strings.Contains(rec.Body.String(), "Inscrição não encontrada.") {
			t.Errorf("an unknown group code: %d %s", rec.Code, rec.Body)
		}

		qr, err := qrcode.PNG(w.sales.baseURL()+"/i/"+g.Codigo, 8)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			who    *api.User
			status int
		}{{&carla, 200}, {&ana, 200}, {&rita, 404}, {&eva, 404}} {
			rec := w.Call("GET", "/api/grupos/"+g.ID+"/qrcode.png", "", apitest.As(c.who))
			if rec.Code != c.status || (c.status == 200 && (rec.Header().Get("Content-Type") != "image/png" || !bytes.Equal(rec.Body.Bytes(), qr))) {
				t.Errorf("the group's QR code as %s: %d %q", c.who.ID, rec.Code, rec.Header())
			}
		}
	})
}
