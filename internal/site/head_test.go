package site

import (
	"context"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/store"
)

func TestStartDateWithoutLargadaIsTheDay(t *testing.T) {
	e := event.Event{DataEvento: event.NewDate(2026, 7, 4), Status: "Adiado", Largadas: []event.Largada{{Horario: "a definir"}}}
	ld := sportsEvent(&e, event.NewDate(2026, 7, 1), "", "")
	if ld["startDate"] != "2026-07-04" || ld["eventStatus"] != "https://schema.org/EventPostponed" {
		t.Errorf("startDate %v, eventStatus %v", ld["startDate"], ld["eventStatus"])
	}
	if _, ok := ld["offers"]; ok {
		t.Errorf("offers without a link or a price: %v", ld["offers"])
	}
}

// REG-224: the startDate is the earliest largada on the event's own clock, with its offset.
func TestStartDateOnTheEventsClock(t *testing.T) {
	e := event.Event{DataEvento: event.NewDate(2027, 3, 14), Largadas: []event.Largada{{Horario: "07:00"}}}
	for zona, want := range map[string]string{"": "2027-03-14T07:00:00-03:00", "America/Rio_Branco": "2027-03-14T07:00:00-05:00",
		"America/Manaus": "2027-03-14T07:00:00-04:00", "America/Noronha": "2027-03-14T07:00:00-02:00"} {
		e.FusoHorario = zona
		if got := sportsEvent(&e, event.NewDate(2027, 3, 1), "", "")["startDate"]; got != want {
			t.Errorf("%q: startDate %v, want %s", zona, got, want)
		}
	}
}

// TRUTH-1: search engines are told an event is on sale only while it is upcoming; an event whose
// date has passed and whose document still says 'Inscrições Abertas' is not in stock.
func TestPastEventOfferNotInStock(t *testing.T) {
	e := event.Event{DataEvento: event.NewDate(2026, 7, 4), Status: event.Const.OpenStatus, LinkCompra: "https://ingressos.example/c"}
	for _, c := range []struct {
		today event.Date
		want  any
	}{
		{event.NewDate(2026, 7, 4), "https://schema.org/InStock"},
		{event.NewDate(2026, 7, 5), nil},
	} {
		offers, _ := sportsEvent(&e, c.today, "", "")["offers"].(map[string]any)
		if offers == nil || offers["url"] != e.LinkCompra {
			t.Fatalf("on %s: offers %v, want the purchase link", c.today, offers)
		}
		if offers["availability"] != c.want {
			t.Errorf("on %s: availability %v, want %v", c.today, offers["availability"], c.want)
		}
	}
}

// countingFiles answers GetFile from files (ErrNotFound otherwise) and counts the calls.
type countingFiles struct {
	files map[string]store.File
	calls int
}

func (c *countingFiles) PutFile(context.Context, store.File) (store.File, error) {
	panic("not used")
}

func (c *countingFiles) GetFile(_ context.Context, id string, _ int) (store.File, error) {
	c.calls++
	if f, ok := c.files[id]; ok {
		return f, nil
	}
	return store.File{}, store.ErrNotFound
}

// A banner's size is read once per file and width, found or missing (ids are never reused), so
// an event page's views do not read the picture again.
func TestImageSizesReadEachFileOnce(t *testing.T) {
	files := &countingFiles{files: map[string]store.File{"banner": {ID: "banner", Width: 1200, Height: 480}}}
	var sizes imageSizes
	ctx := context.Background()
	for range 3 {
		if w, h := sizes.get(ctx, files, "banner", ogImageWidth); w != 1200 || h != 480 {
			t.Fatalf("banner: %d×%d, want 1200×480", w, h)
		}
		if w, h := sizes.get(ctx, files, "gone", ogImageWidth); w != 0 || h != 0 {
			t.Fatalf("a missing file: %d×%d, want no size", w, h)
		}
	}
	if files.calls != 2 {
		t.Errorf("%d reads of the store for two files, want 2", files.calls)
	}
}
