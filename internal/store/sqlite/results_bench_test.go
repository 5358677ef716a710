package sqlite

import (
	"context"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/store/storetest"
)

// BenchmarkReplaceResultSet30000 publishes a 30,000-line set (the largest race the product is
// made for) over an existing one, as a re-import does; the budget is 3 s.
func BenchmarkReplaceResultSet30000(b *testing.B) {
	s := openTemp(b)
	ctx := context.Background()
	e := event.New()
	e.Titulo, e.DataEvento, e.OwnerID = "Maratona", event.NewDate(2026, 3, 15), "dono"
	e, err := s.CreateEvent(ctx, e)
	if err != nil {
		b.Fatal(err)
	}
	rs := storetest.SampleResults(30_000, "Atleta")
	set := results.Set{EventID: e.ID, Percurso: "42 km", Status: results.Preliminar}
	if _, err := s.ReplaceResultSet(ctx, set, rs); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.ReplaceResultSet(ctx, set, rs); err != nil {
			b.Fatal(err)
		}
	}
}
