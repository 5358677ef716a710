package httpapi

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"pelotao/internal/groups"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// GRP-61, GRP-62: the desk's roster carries each group member's group (name and code), whole and
// from a cursor; the group's kits go through the one POST …/checkin as single pickups, each
// recorded with retiradoPor the coach (and the desk's name), and sent again (a desk that was
// offline retrying) recorded once.
func TestGroupKitsHandedToTheCoach(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newDeskWorld(t, st, 3)
		ctx, now := context.Background(), time.Now()
		if err := st.CreateUser(ctx, store.User{ID: "treinadora", Email: "treinadora@exemplo.com.br", DisplayName: "Carla Treinadora",
			PasswordHash: "x", CreatedAt: now}); err != nil {
			t.Fatal(err)
		}
		g, err := st.CreateGroup(ctx, store.NewGroup{ID: store.NewParticipantID(), EventID: w.eventID, Nome: "Assessoria Pé na Areia",
			Chave: groups.Chave("Assessoria Pé na Areia"), Codigo: groups.NewCodigo(), CoachID: "treinadora", Now: now})
		if err != nil {
			t.Fatal(err)
		}
		_, before := w.roster(t, w.retirada, "")
		cursor := rosterCursor(t, before)
		members := map[string]string{} // participant id → name
		for i, nome := range []string{"Duda Grupo", "Eli Grupo"} {
			o, err := st.CreateOrder(ctx, store.NewOrder{EventID: w.eventID, BuyerID: "treinadora", Txid: fmt.Sprintf("TXIDGRUPO%017d", i), Now: now,
				ExpiraEm: now.Add(30 * time.Minute), Price: pricedAs(store.NewRegistration{DocTipo: participant.CPF,
					DocNumero: participant.CompleteCPF(fmt.Sprintf("98765432%d", i)), Nome: nome, Percurso: "10 km", Categoria: "Geral",
					Camiseta: "M", Valor: 8990, Total: 8990, Atleta: []byte(`{}`)})})
			if err != nil {
				t.Fatal(err)
			}
			if err := st.JoinGroup(ctx, o.ID, g.ID); err != nil {
				t.Fatal(err)
			}
			paid, err := st.ConfirmOrder(ctx, store.Payment{EndToEndID: fmt.Sprintf("E-grupo-%d", i), Txid: o.Txid, Valor: 8990, Horario: now}, store.Capacity{})
			if err != nil {
				t.Fatal(err)
			}
			members[paid.Inscricoes[0].ParticipantID] = nome
		}
		want := `"grupo":"Assessoria Pé na Areia","grupoCodigo":"` + g.Codigo + `"`
		for what, since := range map[string]string{"whole": "", "from a cursor": cursor} {
			_, raw := w.roster(t, w.retirada, since)
			if n := strings.Count(raw, want); n != 2 {
				t.Errorf("roster %s: %d participants of the group, want 2: %s", what, n, raw)
			}
		}

		var batch []string
		for id := range members {
			batch = append(batch, fmt.Sprintf(`{"id":"grupo-%s","participantId":%q,"at":"2026-05-10T12:14:00Z",
				"retiradoPor":{"nome":"Carla Treinadora","documento":"12.345.678-9"},"camisetaEntregue":"M","balcao":"Balcão 2","semPagamento":false}`, id, id))
		}
		body := `{"checkins":[` + strings.Join(batch, ",") + `]}`
		for round, status := range []string{store.PickupOK, store.PickupDuplicate} {
			answers := w.send(t, w.retirada, body)
			if len(answers.Checkins) != 2 {
				t.Fatalf("round %d: %+v", round, answers)
			}
			for _, a := range answers.Checkins {
				k := a.KitRetirado
				if a.Status != status || k == nil || k.RetiradoPor == nil || k.RetiradoPor.Nome != "Carla Treinadora" ||
					k.RetiradoPor.Documento != "12.345.678-9" || k.Balcao != "Balcão 2" {
					t.Errorf("round %d: %+v (kit %+v), want %s by the coach at Balcão 2", round, a, k, status)
				}
			}
		}
		all, _ := w.roster(t, w.gestora, "")
		for _, p := range all.Participants {
			_, member := members[p.ID]
			if member != (p.KitRetirado != nil) || (member && p.KitRetirado.RetiradoPor.Nome != "Carla Treinadora") {
				t.Errorf("%s after the group's pickup: %+v", p.Nome, p.KitRetirado)
			}
		}
	})
}

// rosterCursor is the cursor of a roster's raw answer.
func rosterCursor(t *testing.T, raw string) string {
	t.Helper()
	_, after, ok := strings.Cut(raw, `"cursor":"`)
	cursor, _, ok2 := strings.Cut(after, `"`)
	if !ok || !ok2 {
		t.Fatalf("no cursor: %s", raw)
	}
	return cursor
}
