package demo

import (
	"path/filepath"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// CARD-16, CARD-20: with a card provider the demo's events sold by Pelotão take cards (up to 6
// installments), once; those sold elsewhere do not.
func TestOfferCards(t *testing.T) {
	st := dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "c.db"))
	today := event.Today(time.UTC, time.Now())
	if err := Seed(t.Context(), st, "dono", today); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := OfferCards(t.Context(), st, "dono", today); err != nil {
			t.Fatal(err)
		}
	}
	page, err := st.ListEvents(t.Context(), store.EventQuery{When: store.Upcoming, Today: today, OwnerID: "dono", Limit: store.MaxListLimit})
	if err != nil {
		t.Fatal(err)
	}
	sums, _ := page.Summaries()
	sold := 0
	for _, s := range sums {
		e, err := st.GetEvent(t.Context(), s.ID)
		if err != nil {
			t.Fatal(err)
		}
		c := e.Inscricoes.Cartao
		switch {
		case e.Inscricoes.ModoPelotao() && (c == nil || !c.Ativo || c.ParcelasMax.Value != 6):
			t.Errorf("%s sold here without cards: %+v", e.ID, c)
		case !e.Inscricoes.ModoPelotao() && c != nil:
			t.Errorf("%s sold elsewhere takes cards", e.ID)
		case e.Inscricoes.ModoPelotao():
			sold++
		}
	}
	if sold == 0 {
		t.Fatal("no demo event is sold here")
	}
}
