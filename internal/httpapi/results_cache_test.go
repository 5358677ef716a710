package httpapi

import (
	"errors"
	"testing"
	"time"

	"pelotao/internal/store"
)

// A set's row is read from the database once per answerCacheTTL: another instance's re-import
// shows when that has passed, this instance's writes (forgetSet, forgetEvent) at once, and a
// row is never served for another event's route.
func TestResultsCacheSetRows(t *testing.T) {
	st, eventID, publish := eventWithResults(t)
	first := publish(10)
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	c := newResultsCache()
	c.clock = func() time.Time { return now }
	total := func() int {
		t.Helper()
		set, err := c.set(t.Context(), st, eventID, first.ID)
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
	now = now.Add(answerCacheTTL)
	if got := total(); got != 20 {
		t.Errorf("after the TTL: %d lines, want the re-import's 20", got)
	}
	publish(30)
	c.forgetSet(first.ID)
	if got := total(); got != 30 {
		t.Errorf("after forgetSet: %d lines, want 30", got)
	}
	if _, err := c.set(t.Context(), st, "outro-evento", first.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another event's route: %v, want not found", err)
	}
	if err := st.DeleteEvent(t.Context(), eventID); err != nil {
		t.Fatal(err)
	}
	c.forgetEvent(eventID)
	if _, err := c.set(t.Context(), st, eventID, first.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after the event's deletion: %v, want not found", err)
	}
}
