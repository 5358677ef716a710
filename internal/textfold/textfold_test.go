package textfold

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// cases.json is shared with web/src/lib/text/textFold.test.ts: both sides must give these answers.
type cases struct {
	Fold  []struct{ In, Out string }
	Words []struct {
		Query string
		Words []string
	}
	Matches []struct {
		Text, Query string
		Match       bool
	}
}

func readCases(t *testing.T) cases {
	t.Helper()
	b, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var c cases
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Fold) == 0 || len(c.Words) == 0 || len(c.Matches) == 0 {
		t.Fatal("cases.json has an empty section")
	}
	return c
}

func TestSharedCases(t *testing.T) {
	c := readCases(t)
	for _, tc := range c.Fold {
		if got := Fold(tc.In); got != tc.Out {
			t.Errorf("Fold(%q) = %q, want %q", tc.In, got, tc.Out)
		}
	}
	for _, tc := range c.Words {
		if got := Words(tc.Query); !slices.Equal(got, tc.Words) && !(len(got) == 0 && len(tc.Words) == 0) {
			t.Errorf("Words(%q) = %q, want %q", tc.Query, got, tc.Words)
		}
	}
	for _, tc := range c.Matches {
		if got := Matches(Fold(tc.Text), Words(tc.Query)); got != tc.Match {
			t.Errorf("Matches(%q, %q) = %v, want %v", tc.Text, tc.Query, got, tc.Match)
		}
	}
}

// Folding twice changes nothing: the events store folds text once on write and queries once on
// read, and both must land in the same form.
func TestFoldIsIdempotent(t *testing.T) {
	for _, tc := range readCases(t).Fold {
		if once := Fold(tc.In); Fold(once) != once {
			t.Errorf("Fold(Fold(%q)) = %q, want %q", tc.In, Fold(once), once)
		}
	}
}
