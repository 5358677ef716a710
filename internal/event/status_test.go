package event

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TRUTH-1: the status shown for an event whose date has passed, by the table the web app's
// shownStatus runs too.
func TestShownStatusCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/shown_status_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Today string `json:"today"`
		Cases []struct {
			Name       string `json:"name"`
			DataEvento string `json:"dataEvento"`
			Status     string `json:"status"`
			Shown      string `json:"shown"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	today, ok := ParseDate(table.Today)
	if !ok {
		t.Fatalf("today %q is no date", table.Today)
	}
	if len(table.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range table.Cases {
		e := Event{Status: c.Status}
		if c.DataEvento != "" {
			if e.DataEvento, ok = ParseDate(c.DataEvento); !ok {
				t.Fatalf("%s: dataEvento %q is no date", c.Name, c.DataEvento)
			}
		}
		if got := e.ShownStatus(today); got != c.Shown {
			t.Errorf("%s: ShownStatus = %q, want %q", c.Name, got, c.Shown)
		}
	}
}

// The past status and those kept after the date are statuses an organizer can choose.
func TestPastStatusesAreStatuses(t *testing.T) {
	for _, s := range append([]string{Const.PastStatus}, Const.StatusesAfterDate...) {
		if !slices.Contains(Const.Statuses, s) {
			t.Errorf("%q is not one of constants.json's statuses", s)
		}
	}
}
