package salesapi

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/store/dbtest"
)

// lateInAcre is 2027-03-11T04:30Z: 23:30 of the 10th in Rio Branco (UTC−5), already 01:30 of the
// 11th in São Paulo.
var lateInAcre = time.Date(2027, 3, 11, 4, 30, 0, 0, time.UTC)

// REG-221: a lot's dataLimite is inclusive on the event's own clock. The 1º Lote ending on
// 2027-03-10 is still sold at 23:30 in Rio Branco; the same event in São Paulo has moved on to
// the 2º Lote.
func TestLotClosesOnTheEventsClock(t *testing.T) {
	site := newTestSite(t, dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "clock.db")), nil)
	site.sales.now = func() time.Time { return lateInAcre }
	lots := `"tipoPreco": "lotes", "lotes": [{"nome": "1º Lote", "valor": 100, "maxVagas": null, "dataLimite": "2027-03-10"}, ` +
		`{"nome": "2º Lote", "valor": 120, "maxVagas": null, "dataLimite": ""}]`
	for zona, want := range map[string]string{"America/Rio_Branco": "1º Lote", "America/Sao_Paulo": "2º Lote", "": "2º Lote"} {
		id := site.createEvent(t, `"dataEvento": "2030-05-01",`, `"dataEvento": "2027-04-04", "fusoHorario": "`+zona+`",`,
			`"tipoPreco": "kit", "lotes": []`, lots)
		rec := site.Call("GET", "/api/events/"+id+"/inscricao", "")
		var o struct {
			Aberta bool
			Lote   *struct{ Nome string }
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &o); err != nil || rec.Code != 200 {
			t.Fatalf("%q: %d %s", zona, rec.Code, rec.Body)
		}
		if !o.Aberta || o.Lote == nil || o.Lote.Nome != want {
			t.Errorf("%q at %v: %s, want the %s", zona, lateInAcre, rec.Body, want)
		}
	}
}

// REG-222: edicaoAte is the last day on the event's own clock: at 23:30 of that day in Rio
// Branco the buyer still changes the shirt; in São Paulo it is the next day and the edit is closed.
func TestEdicaoAteOnTheEventsClock(t *testing.T) {
	st := dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "edit.db"))
	for zona, want := range map[string]int{"America/Rio_Branco": 200, "America/Sao_Paulo": 409} {
		w := newMoneyWorld(t, st, `"titulo": "Pedal do Pelotão"`, `"titulo": "Pedal `+zona+`", "fusoHorario": "`+zona+`"`,
			`"ativas": true,`, `"ativas": true, "edicaoAte": "2027-03-10",`)
		o := w.paid(t, w.buyAs(t, bruno, map[string]int{"America/Rio_Branco": 0, "America/Sao_Paulo": 1}[zona], "Ana Souza"))
		w.sales.now = func() time.Time { return lateInAcre }
		if rec := w.Call("PATCH", "/api/inscricoes/"+o.Inscricoes[0].ID, `{"camiseta":"G"}`, apitest.As(&bruno)); rec.Code != want {
			t.Errorf("%s at %v: %d %s, want %d", zona, lateInAcre, rec.Code, rec.Body, want)
		}
	}
}
