package event

import (
	"encoding/json"
	"testing"
	"time"
)

func saoPaulo(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// HOME-6: an event dated today is upcoming, yesterday's is past — with "today" taken in
// São Paulo, not in UTC.
func TestTodayAroundMidnightInSaoPaulo(t *testing.T) {
	loc := saoPaulo(t)
	cases := []struct {
		now  string
		want Date
	}{
		{"2026-03-15T02:30:00Z", NewDate(2026, 3, 14)}, // 23:30 on the 14th in São Paulo
		{"2026-03-15T02:59:59Z", NewDate(2026, 3, 14)},
		{"2026-03-15T03:00:00Z", NewDate(2026, 3, 15)}, // midnight there
		{"2026-03-15T23:59:00Z", NewDate(2026, 3, 15)},
		{"2027-01-01T01:00:00Z", NewDate(2026, 12, 31)},
	}
	for _, c := range cases {
		now, _ := time.Parse(time.RFC3339, c.now)
		if got := Today(loc, now); got != c.want {
			t.Errorf("Today at %s = %s, want %s", c.now, got, c.want)
		}
	}
}

func TestUpcomingRule(t *testing.T) {
	loc := saoPaulo(t)
	now, _ := time.Parse(time.RFC3339, "2026-03-15T02:30:00Z") // still the 14th in São Paulo
	today := Today(loc, now)
	for _, c := range []struct {
		date Date
		want bool
	}{
		{NewDate(2026, 3, 14), true},  // today
		{NewDate(2026, 3, 13), false}, // yesterday
		{NewDate(2026, 3, 15), true},  // tomorrow (already today in UTC)
		{NewDate(2025, 3, 14), false},
		{Date{}, true}, // no date: upcoming, after the dated ones (HOME-7)
	} {
		e := Event{DataEvento: c.date}
		if got := e.IsUpcoming(today); got != c.want {
			t.Errorf("%q upcoming on %s = %v, want %v", c.date, today, got, c.want)
		}
	}
}

func TestDateJSON(t *testing.T) {
	cases := []struct {
		in, want string
		valid    bool
	}{
		{`"2026-03-15"`, "2026-03-15", true},
		{`" 2026-03-15 "`, "2026-03-15", true},
		{`"2026-03-15T00:00:00Z"`, "2026-03-15", true},      // the UTC-midnight form keeps its day
		{`"2026-03-15T00:00:00-03:00"`, "2026-03-15", true}, // and so does local midnight
		{`"2026-03-15T23:30:00.123-03:00"`, "2026-03-15", true},
		{`""`, "", false},
		{`null`, "", false},
		{`"2026-02-30"`, "2026-02-30", false},
		{`"15/03/2026"`, "15/03/2026", false},
		{`20260315`, "20260315", false},
	}
	for _, c := range cases {
		var d Date
		if err := json.Unmarshal([]byte(c.in), &d); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if d.Valid() != c.valid || d.String() != c.want {
			t.Errorf("%s → %q valid %v, want %q valid %v", c.in, d.String(), d.Valid(), c.want, c.valid)
		}
	}
	b, _ := json.Marshal(struct{ D, Z Date }{NewDate(2026, 3, 5), Date{}})
	if string(b) != `{"D":"2026-03-05","Z":""}` {
		t.Errorf("marshal: %s", b)
	}
}

func TestAddDaysCrossesMonthsAndYears(t *testing.T) {
	if got := NewDate(2026, 2, 28).AddDays(1); got != NewDate(2026, 3, 1) {
		t.Errorf("AddDays across February: %s", got)
	}
	if got := NewDate(2026, 1, 1).AddDays(-1); got != NewDate(2025, 12, 31) {
		t.Errorf("AddDays back over new year: %s", got)
	}
	if NewDate(2026, 3, 15).Compare(NewDate(2026, 3, 16)) != -1 || NewDate(2026, 4, 1).Compare(NewDate(2026, 3, 31)) != 1 {
		t.Error("Compare")
	}
}
