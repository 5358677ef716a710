package salesapi

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"pelotao/internal/participant"
	"pelotao/internal/store/dbtest"
)

// BenchmarkGroupOrder200 is a coach's spreadsheet of 200 athletes held on SQLite
// (docs/budgets.md "Race day": ≤ 1 s; GRP-71, GRP-72): one op is the real request,
// POST /api/grupos/{id}/planilha with confirmar=1 and aceiteRegulamento=1, a 200-row CSV of new
// documents read, checked, held as four orders of 50 in one transaction (store.CreateOrderSet),
// priced at the group's tier (10% from 100) and each order charged by Pix against the sandbox
// PSP. Each op has its own group (made with the timer stopped), so the group's limit of 200 holds
// whatever the -benchtime.
func BenchmarkGroupOrder200(b *testing.B) {
	const athletes = 200
	site := newTestSite(b, dbtest.OpenSQLite(b, filepath.Join(memoryDir(b), "group.db")), map[string]string{"PELOTAO_PIX_SANDBOX": "1"})
	if err := site.sales.registerWebhook(b.Context()); err != nil {
		b.Fatal(err)
	}
	verified(b, site.st, carla)
	w := &groupWorld{pixWorld: &pixWorld{testSite: site}}
	eventID := site.createEvent(b, sheetEvent("1000000", fmt.Sprint(athletes))...)
	seq := 0
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		g := w.group(b, eventID, fmt.Sprintf("Assessoria Ritmo Forte %d", seq), carla)
		var file strings.Builder
		file.WriteString(sheetHeader)
		for i := 1; i <= athletes; i++ {
			seq++
			file.WriteString(sheetRow(i, participant.FormatCPF(participant.CompleteCPF(fmt.Sprintf("%09d", 400000000+seq*7)))))
		}
		b.StartTimer()
		rec := w.sendSheet(b, g.ID, []byte(file.String()), holdSheet, &carla)
		b.StopTimer()
		var held struct{ Pedidos []orderAnswer }
		if err := json.Unmarshal(rec.Body.Bytes(), &held); rec.Code != 201 || err != nil || len(held.Pedidos) != athletes/50 {
			b.Fatalf("hold: %d %s", rec.Code, rec.Body)
		}
		for _, o := range held.Pedidos {
			if len(o.Inscricoes) != 50 || o.Pix == nil || o.Inscricoes[0].DescontoGrupo != 10 {
				b.Fatalf("order of %d, pix %+v, group discount %d%%", len(o.Inscricoes), o.Pix, o.Inscricoes[0].DescontoGrupo)
			}
		}
		b.StartTimer()
	}
}
