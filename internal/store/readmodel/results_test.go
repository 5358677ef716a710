package readmodel_test

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/store"
	"pelotao/internal/store/readmodel"
	"pelotao/internal/store/sqlite"
	"pelotao/internal/store/storetest"
)

// A set's row is read from the database once per rowsFor: another instance's re-import
// shows when that has passed, this instance's writes (ForgetSet, ForgetEvent) at once, and a
// row is never served for another event's route.
func TestResultsCacheSetRows(t *testing.T) {
	st, eventID, publish := eventWithResults(t)
	first := publish(10)
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	const rowsFor = time.Second
	c := readmodel.NewResults(rowsFor)
	c.SetClock(func() time.Time { return now })
	total := func() int {
		t.Helper()
		set, err := c.Set(t.Context(), st, eventID, first.ID)
		if err != nil {
			t.Fatal(err)
		}
		return set.Total
	}
	if got := total(); got != 10 {
		t.Fatalf("first read: %d lines", got)
	}
	publish(20) // as another instance would: this cache is not told
	if got := total(); got != 10 {
		t.Errorf("within the TTL: %d lines, want the row read first (10)", got)
	}
	now = now.Add(rowsFor)
	if got := total(); got != 20 {
		t.Errorf("after the TTL: %d lines, want the re-import's 20", got)
	}
	publish(30)
	c.ForgetSet(first.ID)
	if got := total(); got != 30 {
		t.Errorf("after ForgetSet: %d lines, want 30", got)
	}
	if _, err := c.Set(t.Context(), st, "outro-evento", first.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another event's route: %v, want not found", err)
	}
	if err := st.DeleteEvent(t.Context(), eventID); err != nil {
		t.Fatal(err)
	}
	c.ForgetEvent(eventID)
	if _, err := c.Set(t.Context(), st, eventID, first.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after the event's deletion: %v, want not found", err)
	}
}

// The cache answers every query as the database does (same lines, total and cursor), and a
// re-import is seen at once.
func TestResultsCacheMatchesDatabase(t *testing.T) {
	st := openStore(t)
	e := storedEvent(t, st)
	all := storetest.SampleResults(500, "Zé")
	all[7].Nome = "Ângela Côrtes"
	set, err := st.ReplaceResultSet(t.Context(), results.Set{EventID: e.ID, Percurso: "60 km", Status: results.Oficial}, all)
	if err != nil {
		t.Fatal(err)
	}
	c := readmodel.NewResults(time.Second)
	queries := []store.ResultQuery{
		{}, {Limit: 7}, {Limit: 7, Cursor: "7"}, {Limit: 200, Cursor: "400"}, {Cursor: "500"},
		{Q: "angela"}, {Q: "CÔRTES ang"}, {Q: "conceicao 12", Limit: 5}, {Q: "12 conceicao", Limit: 5, Cursor: "130"},
		{Sexo: "F", Limit: 3}, {Sexo: "M", Categoria: "C2", Limit: 4, Cursor: "9"}, {Categoria: "C1", Q: "49"},
		{Q: "ninguem"}, {Q: "folego", Sexo: "X"}, {Q: "1"},
	}
	for _, q := range queries {
		q.SetID = set.ID
		want, err := st.ListResults(t.Context(), q)
		if err != nil {
			t.Fatal(err)
		}
		got, cached, err := c.Page(t.Context(), st, set, q)
		if err != nil || !cached {
			t.Fatalf("%+v: cached %v, %v", q, cached, err)
		}
		if got.Total != want.Total || got.NextCursor != want.NextCursor || len(got.Results) != len(want.Results) {
			t.Errorf("%+v: cache %d lines, total %d, next %q; database %d, %d, %q", q,
				len(got.Results), got.Total, got.NextCursor, len(want.Results), want.Total, want.NextCursor)
			continue
		}
		for i := range got.Results {
			if !bytes.Equal(got.Results[i], want.Results[i]) {
				t.Errorf("%+v: line %d differs", q, i)
			}
		}
	}
	if _, _, err := c.Page(t.Context(), st, set, store.ResultQuery{Cursor: "x"}); err != store.ErrBadCursor {
		t.Errorf("bad cursor: %v", err)
	}
	again, err := st.ReplaceResultSet(t.Context(), results.Set{EventID: e.ID, Percurso: "60 km", Status: results.Oficial}, storetest.SampleResults(3, "Novo"))
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := c.Page(t.Context(), st, again, store.ResultQuery{})
	if err != nil || got.Total != 3 || !strings.Contains(string(got.Results[0]), "Novo") {
		t.Fatalf("after a re-import: %d lines, %v", got.Total, err)
	}
}

// openStore is a SQLite store on a temporary file, closed when the test ends.
func openStore(t *testing.T) store.Store {
	t.Helper()
	st, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// storedEvent saves an event with a "60 km" modality straight to the store.
func storedEvent(t *testing.T, st store.Store) event.Event {
	t.Helper()
	e := event.New()
	e.Titulo = "Corrida"
	e.DataEvento, _ = event.ParseDate("2026-04-12")
	e.Modalidades = []event.Modalidade{{Nome: "60 km", Km: event.Dec(60)}}
	e, err := st.CreateEvent(t.Context(), e)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// eventWithResults is a store with one event, and publish, which publishes n sample lines as
// that event's results.
func eventWithResults(t *testing.T) (st store.Store, eventID string, publish func(n int) results.Set) {
	t.Helper()
	st = openStore(t)
	eventID = storedEvent(t, st).ID
	return st, eventID, func(n int) results.Set { return publishSample(t, st, eventID, n) }
}

// publishSample publishes n sample lines as the event's official "60 km" results.
func publishSample(t *testing.T, st store.Store, eventID string, n int) results.Set {
	t.Helper()
	set, err := st.ReplaceResultSet(t.Context(), results.Set{EventID: eventID, Percurso: "60 km", Status: results.Oficial}, storetest.SampleResults(n, "Zé"))
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// Many readers at once while the set is published again: one load per version, every page
// whole (the total of one version), nothing racing (go test -race).
func TestResultsCacheConcurrent(t *testing.T) {
	st, eventID, publish := eventWithResults(t)
	set := publish(300)
	c := readmodel.NewResults(time.Second)
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for g := range 8 {
		wg.Go(func() {
			for i := range 40 {
				cur, err := st.GetResultSet(t.Context(), eventID, set.ID)
				if err != nil {
					errs <- err
					return
				}
				q := store.ResultQuery{Q: "conceicao", Sexo: []string{"", "F"}[g%2], Limit: 10, Cursor: []string{"", "5"}[i%2]}
				p, _, err := c.Page(t.Context(), st, cur, q)
				if err != nil {
					errs <- err
					return
				}
				// Every name has "Conceição"; half the lines are F. The page may be of a newer version
				// than cur (published in between), never of a mix.
				if p.Total != 300/(1+g%2) && p.Total != 450/(1+g%2) {
					errs <- fmt.Errorf("total %d for a set of %d", p.Total, cur.Total)
					return
				}
			}
		})
	}
	publish(450)
	publish(300)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
