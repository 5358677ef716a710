package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/groups"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// GRP-47, GRP-48, GRP-49: a registration sold in a group shows the group's name in the
// participants list (filtered by grupo, the group's id), in the kit desk's roster, in the CSV's
// Grupo column and in the totals by group; an imported participant has none.
func TestGroupInTheOrganizersLists(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newDeskWorld(t, st, 2)
		reg := w.sellOne(t, st, "Dora Sessenta", participant.CompleteCPF("746971314"))
		owner, err := st.UserByEmail(ctx, "dona@exemplo.com.br")
		if err != nil {
			t.Fatal(err)
		}
		g, err := st.CreateGroup(ctx, store.NewGroup{ID: store.NewParticipantID(), EventID: w.eventID, Nome: "Assessoria Pé Quente",
			Chave: groups.Chave("Assessoria Pé Quente"), Codigo: groups.NewCodigo(), CoachID: owner.ID, Now: time.Now().UTC().Truncate(time.Millisecond)})
		if err != nil {
			t.Fatal(err)
		}
		o, err := st.OrderOfRegistration(ctx, reg.ID)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.JoinGroup(ctx, o.ID, g.ID); err != nil {
			t.Fatal(err)
		}

		list := func(query string, who *http.Cookie) participantsPage {
			t.Helper()
			res := w.app.Call("GET", "/api/events/"+w.eventID+"/participants"+query, "", apitest.Cookies(who))
			var page participantsPage
			if res.Code != http.StatusOK || json.Unmarshal(res.Body.Bytes(), &page) != nil {
				t.Fatalf("list %s: %d %s", query, res.Code, res.Body)
			}
			return page
		}
		page := list("?grupo="+g.ID, w.retirada)
		if page.Total != 1 || page.Participants[0]["nome"] != "Dora Sessenta" || page.Participants[0]["grupo"] != "Assessoria Pé Quente" {
			t.Errorf("filtered by the group: %+v", page)
		}
		all := list("", w.owner)
		for _, p := range all.Participants {
			if want := map[bool]string{true: "Assessoria Pé Quente", false: ""}[p["nome"] == "Dora Sessenta"]; p["grupo"] != want {
				t.Errorf("%v: grupo %q, want %q", p["nome"], p["grupo"], want)
			}
		}
		if all.Total != 4 {
			t.Errorf("everyone: %d, want 4", all.Total)
		}

		_, raw := w.roster(t, w.retirada, "")
		var roster struct{ Participants []map[string]any }
		if err := json.Unmarshal([]byte(raw), &roster); err != nil {
			t.Fatal(err)
		}
		for _, p := range roster.Participants {
			if want := map[bool]string{true: "Assessoria Pé Quente", false: ""}[p["nome"] == "Dora Sessenta"]; p["grupo"] != want {
				t.Errorf("roster %v: grupo %v, want %q", p["nome"], p["grupo"], want)
			}
		}

		res := w.app.Call("GET", "/api/events/"+w.eventID+"/participants/summary", "", apitest.Cookies(w.owner))
		var sum struct {
			PorGrupo []participant.GrupoTotais `json:"porGrupo"`
		}
		if res.Code != http.StatusOK || json.Unmarshal(res.Body.Bytes(), &sum) != nil || len(sum.PorGrupo) != 1 ||
			sum.PorGrupo[0].Nome != "Assessoria Pé Quente" || sum.PorGrupo[0].Inscritos != 1 || sum.PorGrupo[0].Camisetas["P"] != 1 {
			t.Errorf("summary: %d %s", res.Code, res.Body)
		}

		res = w.app.Call("GET", "/api/events/"+w.eventID+"/participants.csv", "", apitest.Cookies(w.owner))
		lines := strings.Split(strings.TrimSpace(res.Body.String()), "\r\n")
		if !strings.HasSuffix(lines[0], ";Grupo") {
			t.Errorf("CSV header: %q", lines[0])
		}
		var dora string
		for _, l := range lines[1:] {
			if strings.Contains(l, "Dora Sessenta") {
				dora = l
			}
		}
		if !strings.HasSuffix(dora, ";Assessoria Pé Quente") {
			t.Errorf("CSV row: %q", dora)
		}
	})
}
