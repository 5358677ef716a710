package httpapi

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// The first roster a desk downloads for an event of 30,000 participants stays within 2 MB gzip
// (docs/budgets.md, race day), so a phone on a hall's weak signal gets it in one go. The size is
// deterministic for these names; the test prints it.
func TestRosterOf30000ParticipantsFitsTwoMegabytes(t *testing.T) {
	st := dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "r.db"))
	w := newDeskWorld(t, st, 1)
	first := []string{"João", "Maria", "José", "Ana", "Antônio", "Francisca", "Carlos", "Adriana", "Paulo", "Juliana", "Lucas", "Márcia"}
	last := []string{"Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes", "Conceição", "Araújo"}
	percursos := []string{"5 km", "10 km", "21 km"}
	sizes := []string{"PP", "P", "M", "G", "GG"}
	var plan participant.Plan
	for i := range 30_000 {
		bib := i + 1
		plan.Add = append(plan.Add, participant.Row{Line: i + 2, P: participant.Participant{ID: store.NewParticipantID(),
			Nome:      fmt.Sprintf("%s %s %s %s", first[i%12], last[(i/12)%12], last[(i/144)%12], last[(i*7)%12]),
			Documento: participant.Documento{Tipo: participant.CPF, Numero: participant.CompleteCPF(fmt.Sprintf("%09d", 200000000+i*31))},
			Percurso:  percursos[i%3], Camiseta: sizes[i%5], NumeroPeito: &bib, Pago: i%10 != 0,
			Email: fmt.Sprintf("atleta%d@exemplo.com.br", i)}})
	}
	importPlan(t, st, w.eventID, plan)
	r := httptest.NewRequest("GET", "/api/events/"+w.eventID+"/checkin/roster", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	r.AddCookie(w.retirada)
	rec := httptest.NewRecorder()
	start := time.Now()
	w.app.srv.ServeHTTP(rec, r)
	took := time.Since(start)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("roster: %d %v", rec.Code, rec.Header())
	}
	zr, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(zr)
	t.Logf("roster of 30,003 participants: %d bytes JSON, %d bytes gzip, answered in %v", len(raw), rec.Body.Len(), took.Round(time.Millisecond))
	if rec.Body.Len() > 2<<20 {
		t.Fatalf("the first roster is %d bytes gzip, over the 2 MB budget", rec.Body.Len())
	}
}
