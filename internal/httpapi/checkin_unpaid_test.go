package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"pelotao/internal/api/apitest"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// KIT-12: the organizer blocks unpaid kits in the participant settings (each tab saving only its own
// field), the desks learn it with the roster, and the server refuses such a pickup with a reason.
func TestUnpaidKitBlockedBySettings(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newDeskWorld(t, st, 1)
		davi := addUnpaid(t, st, w.eventID, "Davi Nunes", "123456789")
		settings := "/api/events/" + w.eventID + "/participants/settings"
		if res := w.app.Call("PUT", settings, `{"faixasPeito":[{"percurso":"10 km","inicio":1,"fim":500}]}`, apitest.Cookies(w.owner)); res.Code != http.StatusOK {
			t.Fatalf("bib ranges: %d %s", res.Code, res.Body)
		}
		if res := w.app.Call("PUT", settings, `{"bloquearKitSemPagamento":true}`, apitest.Cookies(w.retirada)); res.Code != http.StatusForbidden {
			t.Fatalf("the kit desk changed the settings: %d %s", res.Code, res.Body)
		}
		res := w.app.Call("PUT", settings, `{"bloquearKitSemPagamento":true}`, apitest.Cookies(w.gestora))
		var saved participant.Settings
		if res.Code != http.StatusOK || json.Unmarshal(res.Body.Bytes(), &saved) != nil {
			t.Fatalf("blocking: %d %s", res.Code, res.Body)
		}
		if !saved.BloquearKitSemPagamento || len(saved.FaixasPeito) != 1 {
			t.Fatalf("the block must keep the bib ranges: %+v", saved)
		}

		_, raw := w.roster(t, w.retirada, "")
		if !strings.Contains(raw, `"bloquearKitSemPagamento":true`) {
			t.Fatalf("the roster does not tell the desk: %s", raw)
		}
		res = w.app.Call("POST", "/api/events/"+w.eventID+"/checkin", checkinBody("offline-davi", davi, "Balcão 1"), apitest.Cookies(w.retirada))
		var a struct {
			Checkins []struct{ ID, Status, Motivo string } `json:"checkins"`
		}
		if res.Code != http.StatusOK || json.Unmarshal(res.Body.Bytes(), &a) != nil || len(a.Checkins) != 1 {
			t.Fatalf("checkin: %d %s", res.Code, res.Body)
		}
		if got := a.Checkins[0]; got.Status != "refused" || got.Motivo != participant.UnpaidKitRefusal {
			t.Fatalf("an unpaid kit while blocked: %+v", got)
		}
		if got := w.send(t, w.retirada, checkinBody("ana-paga", w.ana, "Balcão 1")).Checkins[0]; got.Status != "ok" {
			t.Fatalf("a paid kit while unpaid ones are blocked: %+v", got)
		}
	})
}

// UNPAID-1: the server asks what the desk's dialog asks. A desk that took an unpaid registration for
// paid (semPagamento false) is refused with its reason and nothing is recorded; the same kit with
// the volunteer's confirmation goes.
func TestUnpaidKitNeedsTheDesksConfirmation(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newDeskWorld(t, st, 1)
		davi := addUnpaid(t, st, w.eventID, "Davi Nunes", "123456789")
		body := func(id string, semPagamento bool) string {
			return fmt.Sprintf(`{"checkins":[{"id":%q,"participantId":%q,"at":"2026-05-10T12:14:00Z","retiradoPor":null,"camisetaEntregue":"G","balcao":"Balcão 1","semPagamento":%t}]}`,
				id, davi, semPagamento)
		}
		res := w.app.Call("POST", "/api/events/"+w.eventID+"/checkin", body("achou-paga", false), apitest.Cookies(w.retirada))
		var a struct {
			Checkins []struct {
				Status      string
				Motivo      string
				KitRetirado *participant.Kit
			} `json:"checkins"`
		}
		if res.Code != http.StatusOK || json.Unmarshal(res.Body.Bytes(), &a) != nil || len(a.Checkins) != 1 {
			t.Fatalf("checkin: %d %s", res.Code, res.Body)
		}
		if got := a.Checkins[0]; got.Status != "refused" || got.Motivo != participant.UnconfirmedKitRefusal || got.KitRetirado != nil {
			t.Fatalf("an unpaid kit the desk took for paid: %+v", got)
		}
		if got := w.send(t, w.retirada, body("confirmada", true)).Checkins[0]; got.Status != "ok" || got.KitRetirado == nil {
			t.Fatalf("an unpaid kit confirmed: %+v", got)
		}
	})
}

// addUnpaid adds an unpaid participant of 10 km to the event, as an import would, and answers its id.
func addUnpaid(t *testing.T, st store.Store, eventID, nome, cpf9 string) string {
	t.Helper()
	p := participant.Participant{Nome: nome, Percurso: "10 km", Camiseta: "G", Pago: false,
		Documento: participant.Documento{Tipo: participant.CPF, Numero: participant.CompleteCPF(cpf9)}}
	importPlan(t, st, eventID, participant.Plan{Add: []participant.Row{{Line: 5, P: p}}})
	list, err := st.EventParticipants(context.Background(), eventID)
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range list {
		if got.Nome == nome {
			return got.ID
		}
	}
	t.Fatalf("%s was not imported", nome)
	return ""
}
