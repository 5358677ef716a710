package salesapi

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"

	"pelotao/internal/api/apitest"
	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/sheet"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// sheetEvent is the event of these tests: 300 places, a group of at most 150, 10% off from 100
// registrations of a group (the kit costs R$ 89,90).
func sheetEvent(vagas, grupoMax string) []string {
	return []string{`"vagas": 300`, `"vagas": ` + vagas, `"textoPreco": ""`, `"textoPreco": "", "grupoMax": ` + grupoMax + `,
		"descontosGrupo": [{"minimo": 100, "percentual": 10}]`}
}

var holdSheet = map[string]string{"confirmar": "1", "aceiteRegulamento": "1"}

// sheetHeld reads a 201 of confirmar=1.
func sheetHeld(t *testing.T, rec *httptest.ResponseRecorder) []orderAnswer {
	t.Helper()
	var got struct{ Pedidos []orderAnswer }
	if err := json.Unmarshal(rec.Body.Bytes(), &got); rec.Code != 201 || err != nil {
		t.Fatalf("hold: %d %s", rec.Code, rec.Body)
	}
	return got.Pedidos
}

// heldOf is how many registrations the event holds or has confirmed.
func heldOf(t *testing.T, st store.Store, eventID string) int {
	t.Helper()
	taken, err := st.TakenCounts(t.Context(), eventID, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return taken.Evento
}

// GRP-71, GRP-72, GRP-73: a coach's spreadsheet of 120 athletes as Excel saves it, one row
// wrong, is refused 422 with that row's problem and holds nothing; fixed, it is held as three
// orders of the coach (50, 50, 20), every registration in the group at the tier the whole
// spreadsheet reaches (10% from 100, though no order has 100), each with its Pix charge, the
// regulation's acceptance kept in each registration, the event's places taken. Sent again it
// holds nothing more: every document is registered already.
func TestGroupSheetHolds(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newGroupWorldOn(t, st)
		eventID := w.createEvent(t, sheetEvent("300", "150")...)
		g := w.group(t, eventID, "Pelotão da Orla", carla)

		good := sheetOf(120)
		cpf77 := participant.FormatCPF(participant.CompleteCPF(fmt.Sprintf("%09d", 300000000+77*11)))
		bad := strings.Replace(good, "Atleta Número 77;"+cpf77, "Atleta Número 77;123.456.789-00", 1) // line 78
		cp1252, err := charmap.Windows1252.NewEncoder().String(bad)
		if err != nil {
			t.Fatal(err)
		}
		rec := w.sendSheet(t, g.ID, []byte(cp1252), holdSheet, &carla)
		var refused struct {
			Error struct {
				Code string
				Rows []sheet.RowError
			}
			Linhas int
			Erros  []sheetRowError
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &refused); rec.Code != 422 || err != nil || refused.Error.Code != "planilha-com-erros" {
			t.Fatalf("a row wrong: %d %s", rec.Code, rec.Body)
		}
		want := sheetRowError{Linha: 78, Campo: "CPF", Mensagem: "CPF inválido: os dígitos verificadores não conferem."}
		wantRow := sheet.RowError{Row: want.Linha, Column: want.Campo, Message: want.Mensagem}
		if refused.Linhas != 120 || len(refused.Erros) != 1 || refused.Erros[0] != want || !slices.Equal(refused.Error.Rows, []sheet.RowError{wantRow}) {
			t.Errorf("refused %+v, want 120 rows and %+v", refused, want)
		}
		if n := heldOf(t, st, eventID); n != 0 {
			t.Fatalf("a refused spreadsheet held %d", n)
		}

		pedidos := sheetHeld(t, w.sendSheet(t, g.ID, append([]byte("\xEF\xBB\xBF"), good...), holdSheet, &carla))
		if len(pedidos) != 3 {
			t.Fatalf("%d orders, want 3", len(pedidos))
		}
		sizes := []int{50, 50, 20}
		for i, o := range pedidos {
			if len(o.Inscricoes) != sizes[i] || o.Status != store.OrderAwaiting || o.Pix == nil || o.Pix.CopiaECola == "" {
				t.Errorf("order %d: %d athletes, %s, pix %+v", i, len(o.Inscricoes), o.Status, o.Pix)
			}
			for _, r := range o.Inscricoes {
				if r.Valor != 8990 || r.Desconto != 899 || r.Total != 8091 || r.DescontoGrupo != 10 {
					t.Fatalf("order %d priced %+v, want R$ 89,90 less the group's 10%%", i, r)
				}
			}
			if o.Total != money.Centavos(8091*sizes[i]) {
				t.Errorf("order %d total %v", i, o.Total)
			}
			stored, err := st.Order(t.Context(), o.ID)
			if err != nil || stored.BuyerID != carla.ID {
				t.Fatalf("order %d: %+v %v", i, stored, err)
			}
			var atleta struct {
				AceiteRegulamento bool
				Aceite            aceite
			}
			if err := json.Unmarshal(stored.Inscricoes[0].Atleta, &atleta); err != nil || !atleta.AceiteRegulamento ||
				atleta.Aceite.Por != carla.ID || atleta.Aceite.Regulamento != "/files/reg" || atleta.Aceite.Em.IsZero() {
				t.Errorf("order %d keeps the acceptance %s (%v)", i, stored.Inscricoes[0].Atleta, err)
			}
		}
		if pedidos[0].Inscricoes[0].Nome != "Atleta Número 1" || pedidos[2].Inscricoes[19].Nome != "Atleta Número 120" {
			t.Errorf("the rows' order is not kept: %s … %s", pedidos[0].Inscricoes[0].Nome, pedidos[2].Inscricoes[19].Nome)
		}
		if members, err := st.GroupMembers(t.Context(), g.ID, time.Now()); err != nil || len(members) != 120 {
			t.Errorf("the group has %d members (%v), want 120", len(members), err)
		}
		if n := heldOf(t, st, eventID); n != 120 {
			t.Errorf("the event counts %d, want 120", n)
		}

		rec = w.sendSheet(t, g.ID, []byte(good), holdSheet, &carla)
		if rec.Code != 422 || !strings.Contains(rec.Body.String(), "Este documento já está inscrito neste evento.") {
			t.Errorf("the same file again: %d %s", rec.Code, rec.Body)
		}
		if n := heldOf(t, st, eventID); n != 120 {
			t.Errorf("the same file again held: %d", n)
		}
	})
}

// GRP-72: a spreadsheet past the event's places or the group's limit is 409 (esgotado,
// grupo-cheio) and holds nothing, though its first orders would fit.
func TestGroupSheetAllOrNothing(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newGroupWorldOn(t, st)
		for _, c := range []struct {
			name, vagas, grupoMax, code string
		}{{"places", "110", "150", "esgotado"}, {"group", "300", "110", "grupo-cheio"}} {
			eventID := w.createEvent(t, sheetEvent(c.vagas, c.grupoMax)...)
			g := w.group(t, eventID, "Pelotão da Orla", carla)
			expectError(t, c.name, w.sendSheet(t, g.ID, []byte(sheetOf(120)), holdSheet, &carla), 409, c.code, "", "")
			if n := heldOf(t, st, eventID); n != 0 {
				t.Errorf("%s: %d held, want none", c.name, n)
			}
		}
	})
}

// GRP-72: two sends of one spreadsheet at once hold it once; the other is refused with the rows
// the first took.
func TestGroupSheetRace(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newGroupWorldOn(t, st)
		eventID := w.createEvent(t, sheetEvent("300", "150")...)
		g := w.group(t, eventID, "Pelotão da Orla", carla)
		file := []byte(sheetOf(60))
		codes := make([]int, 2)
		var wg sync.WaitGroup
		for i := range codes {
			wg.Go(func() { codes[i] = w.sendSheet(t, g.ID, file, holdSheet, &carla).Code })
		}
		wg.Wait()
		if !(codes[0] == 201 && codes[1] == 422 || codes[0] == 422 && codes[1] == 201) {
			t.Errorf("two sends answered %v, want one 201 and one 422", codes)
		}
		if n := heldOf(t, st, eventID); n != 60 {
			t.Errorf("%d held, want 60", n)
		}
	})
}

// GRP-74: a charge the PSP could not make leaves its order held without a Pix, the others
// charged; the order's page makes it (POST /api/pedidos/{id}/pagamento) and the coach pays it.
func TestGroupSheetChargeFailed(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newGroupWorldOn(t, st)
		psp := newFaultyPSP(w.pixWorld)
		eventID := w.createEvent(t, sheetEvent("300", "150")...)
		g := w.group(t, eventID, "Pelotão da Orla", carla)
		psp.charge.Store(int32(answerLost)) // the first order's charge
		pedidos := sheetHeld(t, w.sendSheet(t, g.ID, []byte(sheetOf(60)), holdSheet, &carla))
		if len(pedidos) != 2 || pedidos[0].Pix != nil || pedidos[1].Pix == nil || pedidos[0].Status != store.OrderAwaiting {
			t.Fatalf("orders %+v, want the first held without its Pix, the second charged", pedidos)
		}
		rec := w.Call("POST", "/api/pedidos/"+pedidos[0].ID+"/pagamento", `{"pagamento":"pix"}`, apitest.As(&carla))
		var charged orderAnswer
		if err := json.Unmarshal(rec.Body.Bytes(), &charged); rec.Code != 200 || err != nil || charged.Pix == nil {
			t.Fatalf("making the missing charge: %d %s", rec.Code, rec.Body)
		}
		paidInFull(t, w.pixWorld, charged)
	})
}
